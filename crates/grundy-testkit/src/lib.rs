//! Brute-force oracles for grundy's tests: one per concept, each written
//! from the definition alone.
//!
//! Every test of the workspace that checks an engine against brute force
//! takes its oracle from here, so that a concept (the mex, a take-and-break
//! code's moves, Cram's dominoes, the value of a graph node) is written
//! once and read once. The kit depends on nothing, not even on `grundy`:
//! an oracle that cannot call the engine cannot check the engine against
//! itself. The oracles favour plainness over speed (memoised recursion,
//! whole positions, no theory beyond the definition they name).
//!
//! - [`mex`]: the least value not among some values.
//! - [`Plain`]: any game given by its moves; values, outcomes under either
//!   convention and winning moves, by searching whole positions.
//! - [`heaps`]: the rules of heap games (take-and-break codes, subtraction
//!   sets) and their values by the definition; [`heaps::Sums`] plays sums
//!   of heaps; [`heaps::moore_moves`] is Moore's Nim_k.
//! - [`boards`]: Cram and Chomp on drawn grids.
//! - [`coins`]: coin-turning rules, rows and two-dimensional products.
//! - [`graphs`]: values and outcomes of explicit game graphs.
//! - [`genus`]: Conway's genus by its definition.
//! - [`nimbers`]: the nim product by its definition.
//! - [`wythoff`]: Wythoff's game and Fraenkel's generalisation.
//!
//! ```
//! use grundy_testkit::{heaps, mex};
//!
//! assert_eq!(mex([0, 1, 3]), 2);
//! // Kayles (0.77): the first values of OEIS A002186.
//! assert_eq!(heaps::take_break_values(&[0, 7, 7], 6), [0, 1, 2, 3, 1, 4, 3]);
//! ```

pub mod boards;
pub mod coins;
pub mod genus;
pub mod graphs;
pub mod heaps;
pub mod nimbers;
mod plain;
pub mod wythoff;

pub use plain::Plain;

/// The minimum excludant: the least value that `values` does not contain.
///
/// # Complexity
/// Linear in the number of values (the mex of n values is at most n, so a
/// table of n + 1 flags decides it).
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(s) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([2, 0, 1, 0]), 3);
        assert_eq!(mex([5, 0, 9]), 1);
        assert_eq!(mex([u64::MAX, 0]), 1);
    }
}
