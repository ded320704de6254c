//! Games written on the [`ImpartialGame`](crate::game::ImpartialGame) trait.
//!
//! | file | game |
//! |---|---|
//! | [`heaps`] | [`MultiHeap`]: any rule on single heaps ([`HeapRules`]), every ruleset of the spec grammar among them, and [`Nim`] with emptied heaps kept in place |
//! | [`cram`] | [`Cram`]: place a domino on a board; regions are components |
//! | [`chomp`] | [`Chomp`]: bite a rectangle of chocolate, avoid the poisoned corner |
//! | [`node_kayles`] | [`NodeKayles`]: pick a vertex of a graph, removing it and its neighbours |
//! | [`board`] | [`Board`]: a board game and any of its positions (`cram:.../.##`), its moves, solution and play |
//! | [`spec`] | [`BoardSpec`]: the `cram:4x5` / `chomp:3x4` spec grammar and [`BoardSpec::solve`] |

pub mod board;
pub mod chomp;
pub mod cram;
pub mod cram_endgame;
pub mod heaps;
pub mod node_kayles;
pub mod spec;

pub use board::{Board, BoardReport, MoveError, NotAHeapGame, SearchOptions, SearchReport};
pub use chomp::Chomp;
pub use cram::Cram;
pub use cram_endgame::{CramEndgame, EndgameError};
pub use heaps::{HeapOptions, HeapRules, MultiHeap, Nim};
pub use node_kayles::{NodeKayles, NodeKaylesError};
pub use spec::{BoardMove, BoardSolution, BoardSpec, SpecError};
