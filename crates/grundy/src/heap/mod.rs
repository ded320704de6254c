//! Heap games: one heap of tokens and a rule that says what a move may take
//! and leave, played on sums of heaps.
//!
//! Every family lives in its own file. They share [`Leaves`], the heaps one
//! move leaves behind, and [`SpecError`], the located error of a bad game
//! description.
//!
//! # Layers
//!
//! The files follow the theory, from the words every heap game shares, up
//! through the rulesets, the theorem that proves a period, the values and
//! the engines that compute them, to the proofs and the files values are
//! kept in. A file imports only from files of its own row or of the rows
//! before it, so that the imports run one way (`tests/import_circles.rs`
//! checks it, and that no files import each other in a circle):
//!
//! | layer | files | what they hold |
//! |---|---|---|
//! | moves | `mod.rs` | [`Leaves`], [`HeapMove`], [`SpecError`] |
//! | rulesets | `subtraction.rs`, `take_break.rs`, `grundy_game.rs`, `spec.rs` | one file per family, and [`HeapRuleset`], the grammar over them |
//! | theorem | `theorem.rs` | the periodicity theorem of a ruleset, as a value ([`period::Theorem`]) |
//! | values | `store.rs` | [`GrundySequence`], the compact store every engine keeps its values in |
//! | engine parts | `cell.rs`, `dense.rs`, `simd.rs`, `bitrows.rs` | value cells, scans of all the splits of a heap, the same on wider vectors, split marks as bits |
//! | engines | `sparse/` | [`SparseOctal`], the sparse-space engine of take-and-break codes |
//! | sequences | `sequence.rs` | the [`SequenceEngine`] trait, the simple engines, and [`sequence::engine`], which picks one for a ruleset |
//! | proofs | `period/` | period searches and what they prove ([`period::Analysis`]) |
//! | files | `valuefile.rs` | values kept in files ([`valuefile`]) |

pub(crate) mod bitrows;
mod cell;
pub mod dense;
pub mod grundy_game;
pub mod period;
pub mod sequence;
mod simd;
pub mod sparse;
pub mod spec;
mod store;
pub mod subtraction;
pub mod take_break;
mod theorem;
pub mod valuefile;

pub use period::{Certificate, PeriodStatus, Periodicity};
pub use sequence::SequenceEngine;
pub use sparse::{SparseOctal, SparseStats};
pub use spec::HeapRuleset;
pub use store::GrundySequence;
pub use subtraction::SubtractionSet;
pub use take_break::TakeBreak;

use std::fmt;

/// The heaps left by one move from a single heap: none, one, two or three
/// (hexadecimal codes may split a heap in three).
///
/// Sizes are stored in non-decreasing order, so two moves that leave the same
/// heaps compare equal.
///
/// ```
/// use grundy::heap::Leaves;
///
/// let split = Leaves::new(&[5, 2]);
/// assert_eq!(split.as_slice(), &[2, 5]);
/// assert_eq!(split.to_string(), "2+5");
/// assert_eq!(Leaves::new(&[]).to_string(), "0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leaves {
    len: u8,
    heaps: [u64; 3],
}

impl Leaves {
    /// The move that removes the heap entirely.
    pub const NOTHING: Leaves = Leaves {
        len: 0,
        heaps: [0; 3],
    };

    /// Builds the result of a move from the (non-empty) heap sizes it leaves.
    ///
    /// # Panics
    /// If more than three heaps are given; no ruleset leaves more.
    pub fn new(heaps: &[u64]) -> Leaves {
        assert!(heaps.len() <= 3, "a move leaves at most three heaps");
        let mut out = Leaves {
            len: heaps.len() as u8,
            heaps: [0; 3],
        };
        out.heaps[..heaps.len()].copy_from_slice(heaps);
        out.heaps[..heaps.len()].sort_unstable();
        out
    }

    /// What a move leaves when it leaves `rest` tokens in one heap: nothing
    /// when `rest` is 0, else that heap.
    ///
    /// ```
    /// use grundy::heap::Leaves;
    /// assert_eq!(Leaves::one(0), Leaves::NOTHING);
    /// assert_eq!(Leaves::one(4).as_slice(), &[4]);
    /// ```
    pub fn one(rest: u64) -> Leaves {
        if rest == 0 {
            Leaves::NOTHING
        } else {
            Leaves::new(&[rest])
        }
    }

    /// The heaps left, smallest first.
    #[inline]
    pub fn as_slice(&self) -> &[u64] {
        &self.heaps[..usize::from(self.len)]
    }

    /// The number of tokens left in all.
    pub fn total(&self) -> u64 {
        self.as_slice().iter().sum()
    }
}

/// A move in a sum of heaps: heap number `heap` (0-based) goes from `from`
/// tokens to the heaps `leaves` (none, one, or a split). The one move type
/// of heap sums: [`crate::sum`] solves with it and [`crate::play`] plays it.
///
/// ```
/// use grundy::heap::{HeapMove, Leaves};
/// let m = HeapMove { heap: 1, from: 7, leaves: Leaves::new(&[2, 4]) };
/// assert_eq!(m.taken(), 1);
/// assert_eq!(m.to_string(), "take 1 from heap 2 (7 -> 2 + 4)");
/// assert_eq!(m.syntax(), "2 1 2 4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// The 0-based index of the heap moved in.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// The heaps it leaves in its place (none, one, or a split).
    pub leaves: Leaves,
}

impl HeapMove {
    /// The number of tokens left in the heaps the move leaves.
    pub fn left(&self) -> u64 {
        self.leaves.total()
    }

    /// The number of tokens taken.
    pub fn taken(&self) -> u64 {
        self.from - self.left()
    }

    /// Whether the move splits the heap into two or more.
    pub fn splits(&self) -> bool {
        self.leaves.as_slice().len() > 1
    }

    /// The move as a player types it: `heap take` and, for a split, the
    /// heaps left.
    pub fn syntax(&self) -> String {
        let mut s = format!("{} {}", self.heap + 1, self.taken());
        if self.splits() {
            for h in self.leaves.as_slice() {
                s.push_str(&format!(" {h}"));
            }
        }
        s
    }

    /// What is left, as `4`, `2 + 4` or `0`.
    pub fn leaves_text(&self) -> String {
        if self.leaves.as_slice().is_empty() {
            return "0".into();
        }
        let parts: Vec<String> = self.leaves.as_slice().iter().map(u64::to_string).collect();
        parts.join(" + ")
    }

    /// `heaps` after this move: the heap becomes the first part left (or an
    /// empty heap, so that the other heaps keep their numbers) and the other
    /// parts follow it.
    ///
    /// ```
    /// use grundy::heap::{HeapMove, Leaves};
    /// let split = HeapMove { heap: 0, from: 7, leaves: Leaves::new(&[2, 4]) };
    /// assert_eq!(split.apply(&[7, 1]), [2, 4, 1]);
    /// let all = HeapMove { heap: 1, from: 1, leaves: Leaves::NOTHING };
    /// assert_eq!(all.apply(&[7, 1]), [7, 0]);
    /// ```
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let parts = self.leaves.as_slice();
        let mut out = Vec::with_capacity(heaps.len() + parts.len());
        out.extend_from_slice(&heaps[..self.heap]);
        match parts {
            [] => out.push(0),
            _ => out.extend_from_slice(parts),
        }
        out.extend_from_slice(&heaps[self.heap + 1..]);
        out
    }
}

impl From<crate::nim::NimMove<u64>> for HeapMove {
    /// A Nim move as a move of a heap sum: the heap goes to one heap of
    /// `to` tokens, or to nothing.
    ///
    /// ```
    /// use grundy::heap::{HeapMove, Leaves};
    /// use grundy::nim::NimMove;
    /// let m = HeapMove::from(NimMove { heap: 2, from: 7u64, to: 0 });
    /// assert_eq!(m, HeapMove { heap: 2, from: 7, leaves: Leaves::NOTHING });
    /// ```
    fn from(m: crate::nim::NimMove<u64>) -> HeapMove {
        HeapMove {
            heap: m.heap,
            from: m.from,
            leaves: Leaves::one(m.to),
        }
    }
}

impl fmt::Display for HeapMove {
    /// `take 3 from heap 2 (7 -> 4)`, or with a split `(7 -> 2 + 4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "take {} from heap {} ({} -> {})",
            self.taken(),
            self.heap + 1,
            self.from,
            self.leaves_text()
        )
    }
}

impl fmt::Display for Leaves {
    /// `0` for no heap, otherwise the sizes joined by `+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("0");
        }
        for (i, h) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

/// The located error of a bad game spec: the one [`ParseError`] of every
/// parser (this name is kept while the heap engines are being moved).
///
/// [`ParseError`]: crate::span::ParseError
pub use crate::span::ParseError as SpecError;
