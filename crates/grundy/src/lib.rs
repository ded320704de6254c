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
//! | [`heap::sparse`] | [`heap::SparseOctal`]: fast take-and-break values (sparse space, Gangolli–Plambeck, Flammenkamp) |
//! | [`outcome`] | [`Outcome`] (N/P) and [`Convention`] (normal/misère) |

pub mod heap;
pub mod nimber;
pub mod outcome;

pub use nimber::{mex, MexSet, Nimber};
pub use outcome::{Convention, Outcome};
