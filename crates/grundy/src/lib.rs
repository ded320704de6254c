//! # grundy
//!
//! An engine for impartial combinatorial games: two players alternate moves,
//! both see everything, and the only difference between them is who moves
//! first. By the Sprague–Grundy theorem every such game (under normal play,
//! where the player who cannot move loses) is equivalent to a Nim heap of
//! size `G = mex { G(option) }`, and a sum of games has value
//! `G1 xor G2 xor ...`.
//!
//! This crate does no I/O: it parses text into checked types, computes, and
//! returns values. The `grundy` command-line tool and the web app render
//! what it computes.
//!
//! ```
//! use grundy::{mex, Nimber};
//!
//! // A position whose options have values *0, *1 and *3 is worth *2.
//! assert_eq!(mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
//! // The sum of *2 and *2 is a second-player win.
//! assert!((Nimber(2) + Nimber(2)).is_zero());
//! ```
//!
//! ## Map
//!
//! | module | theory |
//! |---|---|
//! | [`nimber`] | [`Nimber`] (`+` is xor), [`mex`] over a reusable bitset |
//! | [`heap`] | heap games: [`heap::TakeBreak`] octal and hexadecimal codes |
//! | [`heap::spec`] | the game-spec grammar: text to a [`heap::HeapRuleset`] |
//! | [`heap::sequence`] | [`heap::GrundySequence`] and the engines that compute it |
//! | [`heap::period`] | periodicity with a proof ([`heap::Periodicity`]) |
//! | [`sum`] | sums of heaps: value, outcome, every winning move, huge heaps |
//! | [`play`] | a match against a perfect engine for every game ([`play::Match`] over [`play::Playable`]): move checking with reasons, the engine's choice, hints, undo |
//! | [`moves`] | [`moves::MoveError`]: why a move is refused, in every game |
//! | [`heap::sparse`] | [`heap::SparseOctal`]: fast take-and-break values (sparse space, Gangolli–Plambeck, Flammenkamp) |
//! | [`outcome`] | [`Outcome`] (N/P) and [`Convention`] (normal/misère) |
//! | [`nim`] | Nim: nim-sum, outcome and every winning move (normal and misère, any heap size), the `--explain` lesson as data (its text: `grundy-text`), heap-list parsing |
//! | [`game`] | the [`ImpartialGame`](game::ImpartialGame) trait and its cached, iterative solver |
//! | [`games`] | [`Game::parse`](games::Game::parse), the one place that reads a spec; the families that name whole positions ([`Position`](games::Position)): Cram, Chomp, Node Kayles |
//! | [`graph`] | explicit game graphs: acyclic Grundy values, loopy values (∞ and draws), DOT |
//! | [`census`] | a census of a family of games (`octal:3`, `sub:3:9`): periods, largest values, rare values, on all threads |
//! | [`span`] | [`ParseError`], the one located error of every parser, and its [`span::Span`] |
//! | [`misere`] | misère play of heap games: Conway's genus symbols, Plambeck–Siegel misère quotients ([`misere::MisereQuotient`]: learned, verified against the moves, presented; sums of any size) |
//! | [`limits`] | the one set of limits on values kept in memory; out of memory as an error |
//! | [`budget`] | [`Budget`]: what a request costs before any work ([`Cost`]), whether it is cheap, and how far one request may go per family |
//! | [`cancel`] | [`cancel::Cancel`]: the one flag long computations check (Ctrl-C, request deadlines) |

// Safe code only, but for the four modules that need `unsafe` (a cache
// prefetch hint, `prefetch.rs`; the call of scans compiled for wider
// vectors, `heap/simd.rs`; Cram's split on 512-bit vectors,
// `games/cram/lanes.rs`; and the octal engine's split marks as bits in
// 512-bit vectors, `heap/bitrows.rs`), which allow it for themselves.
#![deny(unsafe_code)]

pub mod budget;
pub mod cancel;
pub mod census;
pub mod heap;
pub mod limits;
pub mod misere;
pub mod moves;
pub mod nim;
pub mod nimber;
pub mod outcome;
mod parallel;
pub mod play;
#[allow(unsafe_code)]
mod prefetch;
pub mod search;
pub mod simd;
pub mod span;
pub mod sum;

pub use budget::{Admission, Budget, Cost};
pub use nimber::{mex, MexSet, Nimber};
pub use outcome::{Convention, Outcome};
pub use span::ParseError;

pub mod game;
pub mod games;
pub mod graph;
