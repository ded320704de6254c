//! Games and the one place that reads their specs.
//!
//! [`Game::parse`] decides what a spec names: a heap game's rule
//! ([`crate::heap::HeapRuleset`]), or a whole position of a family listed
//! in [`family::FAMILIES`], which every front end sees as a
//! [`Position`]. A family is one module that implements the trait and one
//! entry in that list.
//!
//! | file | what |
//! |---|---|
//! | [`family`] | [`Game`], [`Game::parse`], the list of families |
//! | [`error`] | [`GameError`]: why a spec names no game |
//! | [`position`] | the [`Position`] trait: moves, search, typed moves, drawings |
//! | [`named_graph`] | graphs named in specs (`path:N`, `grid:RxC`, files), for the games on graphs |
//! | `vertex_graph` | what the games on a graph's vertices share: the graph as neighbour bits, connected parts, positions' specs, search and drawing |
//! | [`heaps`] | [`MultiHeap`]: any rule on single heaps ([`HeapRules`]), every ruleset of the spec grammar among them, and [`Nim`] with emptied heaps kept in place |
//! | [`cram`] | [`Cram`]: place a domino on a board; regions are components |
//! | [`chomp`] | [`Chomp`]: bite a rectangle of chocolate, avoid the poisoned corner |
//! | [`coins`] | [`CoinRow`]: coin-turning games (`turtles`, `twins`, `mock`, `ruler`, or a turning code), a row the nim-sum of its heads |
//! | [`turning`] | [`turning::TurningRule`]: the coin rules and turning codes (`1-3`, `1+C`, `3E`), and the table of a rule's moves and single-head values |
//! | [`coin_grid`] | [`CoinGrid`]: products of two coin rules on a grid, Turning Corners among them; values by the Tartan theorem, winning moves by nim division |
//! | [`board`] | [`Board`]: a Cram or Chomp position (`cram:.../.##`), its moves and search |
//! | [`board_play`] | Cram and Chomp as [`Position`]s: cells named `a1`, typed moves, drawings |
//! | [`moore`] | [`MoorePosition`]: Moore's Nim, take from up to k heaps at once; outcome and every winning move by Moore's theorem |
//! | [`node_kayles`] | [`NodeKayles`]: pick a vertex of a graph, removing it and its neighbours |
//! | [`arc_kayles`] | [`ArcKayles`]: take an edge of a graph with every edge that touches it |
//! | [`hackenbush`] | [`Hackenbush`]: green Hackenbush, valued by the colon and fusion principles |
//! | [`spec`] | [`BoardSpec`]: the `cram:4x5` / `chomp:3x4` spec grammar |
//! | [`wythoff`] | [`Wythoff`]: two heaps, take from one or the same from both; P-positions exactly at any size, Grundy value tables |
//! | [`wythoff_k`] | [`GenWythoff`]: generalised Wythoff, numbers taken from both heaps differing by less than k; Fraenkel's P-positions exactly at any size |

pub mod arc_kayles;
pub mod board;
pub mod board_play;
pub mod chomp;
pub mod coin_grid;
pub mod coins;
pub mod cram;
pub mod cram_endgame;
pub mod error;
pub mod family;
pub mod hackenbush;
pub mod heaps;
pub mod moore;
pub mod named_graph;
pub mod node_kayles;
pub(crate) mod numbers;
pub mod position;
pub mod spec;
pub mod turning;
pub(crate) mod vertex_graph;
pub mod wythoff;
pub mod wythoff_k;

pub use arc_kayles::{ArcKayles, ArcKaylesPosition};
pub use board::{Board, BoardMove, BoardReport, BoardSolution, SearchOptions, SearchReport};
pub use chomp::Chomp;
pub use coin_grid::CoinGrid;
pub use coins::{CoinRow, CoinRule};
pub use cram::Cram;
pub use cram_endgame::{CramEndgame, EndgameError};
pub use error::GameError;
pub use family::{Family, Game, NotAHeapGame, FAMILIES};
pub use hackenbush::{Hackenbush, HackenbushPosition};
pub use heaps::{HeapOptions, HeapRules, MultiHeap, Nim};
pub use moore::MoorePosition;
pub use node_kayles::{KaylesPosition, NodeKayles, NodeKaylesError};
pub use position::{Datum, Move, Position, Rules, Solution, SolveOptions};
pub use spec::BoardSpec;
pub use wythoff::Wythoff;
pub use wythoff_k::GenWythoff;
