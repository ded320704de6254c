//! Heap games: one heap of tokens and a rule that says what a move may take
//! and leave, played on sums of heaps.
//!
//! Every family lives in its own file. They share [`Leaves`], the heaps one
//! move leaves behind, and [`SpecError`], the located error of a bad game
//! description.

pub mod dense;
pub mod grundy_game;
pub mod period;
pub mod sequence;
pub mod sparse;
pub mod spec;
pub mod subtraction;
pub mod take_break;
pub mod valuefile;

pub use dense::Values;
pub use period::{Certificate, PeriodStatus, Periodicity};
pub use sequence::{GrundySequence, SequenceEngine};
pub use sparse::{SparseOctal, SparseStats};
pub use spec::HeapRuleset;
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

    /// The heaps left, smallest first.
    #[inline]
    pub fn as_slice(&self) -> &[u64] {
        &self.heaps[..usize::from(self.len)]
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

/// A game description that could not be read, with the byte offset where
/// reading failed and what was expected there.
///
/// ```
/// use grundy::heap::TakeBreak;
///
/// let err = TakeBreak::parse("0.7x").unwrap_err();
/// assert_eq!(err.offset, 3);
/// assert_eq!(err.to_string(), "at byte 3: expected an octal or hexadecimal digit, found 'x'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at byte {offset}: {message}")]
pub struct SpecError {
    /// Byte offset into the text that was parsed.
    pub offset: usize,
    /// What was expected there and what was found.
    pub message: String,
}

impl SpecError {
    /// An error at `offset` with a message such as `"expected a digit, found 'x'"`.
    pub fn new(offset: usize, message: impl Into<String>) -> SpecError {
        SpecError {
            offset,
            message: message.into(),
        }
    }

    /// The character of `text` (the spec that was parsed) where the error
    /// is, or the end of `text` when something was missing.
    pub fn span(&self, text: &str) -> crate::span::Span {
        crate::span::Span::char_at(text, self.offset)
    }

    /// The same error moved `by` bytes to the right, for a parser that handed
    /// a suffix of its input to a sub-parser.
    pub fn shifted(mut self, by: usize) -> SpecError {
        self.offset += by;
        self
    }
}
