//! Misère play of heap games (the player who makes the last move loses).
//!
//! | module | theory |
//! |---|---|
//! | [`genus`] | Conway's genus symbols `g^{γ0γ1…}` of single heaps |

pub mod genus;

pub use genus::{Genus, GenusError, GenusTable, GENUS_MAX_HEAP};
