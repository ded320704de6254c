//! The lesson behind a Nim answer, as data and as text.
//!
//! [`explain`] builds an [`Explanation`]: the heaps in binary in aligned
//! columns, the nim-sum row, the top bit of the nim-sum and the heaps that
//! have it, and for each winning move the new size and the nim-sum it
//! leaves (computed, not asserted); for a P-position an example of a move
//! and the non-zero nim-sum it leaves; in misère play, which case of the
//! rule applies. Every field is public so that other front ends (a web
//! page, an interactive game giving hints) can lay it out their own way.
//!
//! The text of the lesson (paragraphs, aligned columns, colours) belongs to
//! the front ends: the `grundy-text` crate writes it for the CLI and the
//! web API.

use super::{HeapSize, NimSummary};
use crate::{Convention, Outcome};

/// A number shown in decimal and in binary (the binary padded to the width
/// of the whole table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryRow {
    /// The number in decimal.
    pub decimal: String,
    /// The number in binary, most significant digit first, padded with 0s
    /// to [`Explanation::width`] digits.
    pub binary: String,
}

impl BinaryRow {
    fn new<H: HeapSize>(n: &H, width: u64) -> Self {
        let binary = (0..width)
            .rev()
            .map(|i| if n.bit(i) { '1' } else { '0' })
            .collect();
        BinaryRow {
            decimal: n.to_decimal(),
            binary,
        }
    }
}

/// Which argument of the theory decides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reasoning {
    /// The nim-sum is not 0 (normal play, or misère with two or more heaps
    /// of size 2 or more): each heap having the top bit of the nim-sum
    /// `S` goes to `p xor S`, which makes the nim-sum 0.
    NonZeroNimSum,
    /// The nim-sum is 0 (normal play, or misère with two or more heaps of
    /// size 2 or more): every move makes it non-zero.
    ZeroNimSum,
    /// Misère with exactly one heap of 2 or more tokens: reduce it to 0 or
    /// 1 so as to leave an odd number of 1-heaps.
    MisereOneLargeHeap {
        /// The 0-based index of the only heap of size 2 or more.
        heap: usize,
        /// How many heaps have exactly one token.
        ones: u64,
    },
    /// Misère with every heap 0 or 1: the mover wins exactly when the
    /// number of 1-heaps is even.
    MisereAllSmall {
        /// How many heaps have exactly one token.
        ones: u64,
    },
}

/// One move shown in the lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStep {
    /// The 0-based index of the heap.
    pub heap: usize,
    /// The heap before the move.
    pub from: BinaryRow,
    /// The heap after the move.
    pub to: BinaryRow,
    /// How many tokens the move takes, in decimal.
    pub taken: String,
    /// The nim-sum of the position after the move.
    pub new_nim_sum: BinaryRow,
    /// How many 1-heaps the move leaves (shown for misère endgame moves,
    /// where that count, not the nim-sum, decides).
    pub ones_left: u64,
}

/// The step-by-step lesson for one Nim position; see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// Normal or misère play.
    pub convention: Convention,
    /// The number of binary digits in every row (at least 1).
    pub width: u64,
    /// Each heap, in position order.
    pub heaps: Vec<BinaryRow>,
    /// The xor of the heaps.
    pub nim_sum: BinaryRow,
    /// The index of the top bit of the nim-sum (bit 0 is the units), if the
    /// nim-sum is not 0.
    pub top_bit: Option<u64>,
    /// The 0-based indices of the heaps that have the top bit of the
    /// nim-sum set.
    pub heaps_with_top_bit: Vec<usize>,
    /// Who wins.
    pub outcome: Outcome,
    /// Which argument decides.
    pub reasoning: Reasoning,
    /// Every winning move, in heap order.
    pub moves: Vec<MoveStep>,
    /// For a position with no winning move but some move: one example
    /// move (take one token from the first non-empty heap) and what it
    /// leaves, to show why moving loses.
    pub losing_example: Option<MoveStep>,
}

/// Builds the lesson for `heaps`.
///
/// # Complexity
/// O(n · w) for n heaps of w binary digits (every digit is written out);
/// meant for positions a person reads, not for 10^7 heaps.
///
/// # Examples
///
/// ```
/// use grundy::nim::explain;
/// use grundy::Convention;
///
/// let e = explain(&[3u64, 5, 7], Convention::Normal);
/// assert_eq!(e.nim_sum.binary, "001");
/// assert_eq!(e.top_bit, Some(0));
/// assert_eq!(e.heaps_with_top_bit, [0, 1, 2]);
/// assert_eq!(e.moves[0].to.decimal, "2");
/// assert!(e.moves.iter().all(|m| m.new_nim_sum.binary == "000"));
/// ```
pub fn explain<H: HeapSize>(heaps: &[H], convention: Convention) -> Explanation {
    let summary = NimSummary::of(heaps);
    let s = summary.nim_sum();
    let width = heaps
        .iter()
        .map(HeapSize::bit_len)
        .max()
        .unwrap_or(0)
        .max(1);
    let top_bit = s.bit_len().checked_sub(1);
    let heaps_with_top_bit = match top_bit {
        Some(t) => (0..heaps.len()).filter(|&i| heaps[i].bit(t)).collect(),
        None => Vec::new(),
    };
    let reasoning = match convention {
        Convention::Misere if summary.large_heaps() == 0 => Reasoning::MisereAllSmall {
            ones: summary.ones(),
        },
        Convention::Misere if summary.large_heaps() == 1 => Reasoning::MisereOneLargeHeap {
            heap: heaps.iter().position(|h| !h.is_at_most_one()).unwrap_or(0),
            ones: summary.ones(),
        },
        _ if s.is_zero() => Reasoning::ZeroNimSum,
        _ => Reasoning::NonZeroNimSum,
    };
    let step = |heap: usize, to: H| {
        let from = &heaps[heap];
        let mut new_sum = s.xor(from);
        new_sum.xor_assign(&to);
        let ones_left =
            summary.ones() - u64::from(*from == H::from_u64(1)) + u64::from(to == H::from_u64(1));
        MoveStep {
            heap,
            from: BinaryRow::new(from, width),
            to: BinaryRow::new(&to, width),
            taken: from.minus(&to).to_decimal(),
            new_nim_sum: BinaryRow::new(&new_sum, width),
            ones_left,
        }
    };
    let moves: Vec<MoveStep> = summary
        .winning_moves(convention, heaps)
        .map(|m| step(m.heap, m.to))
        .collect();
    let losing_example = if moves.is_empty() {
        heaps.iter().position(|h| !h.is_zero()).map(|i| {
            let to = heaps[i].minus(&H::from_u64(1));
            step(i, to)
        })
    } else {
        None
    };
    Explanation {
        convention,
        width,
        heaps: heaps.iter().map(|h| BinaryRow::new(h, width)).collect(),
        nim_sum: BinaryRow::new(s, width),
        top_bit,
        heaps_with_top_bit,
        outcome: summary.outcome(convention),
        reasoning,
        moves,
        losing_example,
    }
}

#[cfg(test)]
mod tests {
    //! The lesson as data; its text is tested in `grundy-text`.
    use super::*;
    use crate::nim::BigUint;

    #[test]
    fn normal_n_position() {
        let e = explain(&[3u64, 5, 7], Convention::Normal);
        assert_eq!(e.width, 3);
        let bins: Vec<&str> = e.heaps.iter().map(|r| r.binary.as_str()).collect();
        assert_eq!(bins, ["011", "101", "111"]);
        assert_eq!(e.reasoning, Reasoning::NonZeroNimSum);
        let tos: Vec<&str> = e.moves.iter().map(|m| m.to.decimal.as_str()).collect();
        assert_eq!(tos, ["2", "4", "6"]);
        assert_eq!(e.top_bit, Some(0));
        assert_eq!(e.heaps_with_top_bit, [0, 1, 2]);
    }

    #[test]
    fn p_position_shows_a_losing_example() {
        let e = explain(&[1u64, 2, 3], Convention::Normal);
        assert_eq!(e.outcome, Outcome::P);
        assert!(e.moves.is_empty());
        let ex = e.losing_example.as_ref().unwrap();
        assert_eq!((ex.heap, ex.to.decimal.as_str()), (0, "0"));
        assert_eq!(ex.new_nim_sum.decimal, "1");
        // No heaps at all: nothing to show, no panic.
        let empty = explain::<u64>(&[], Convention::Normal);
        assert!(empty.losing_example.is_none());
        assert_eq!(empty.outcome, Outcome::P);
    }

    #[test]
    fn misere_cases() {
        let e = explain(&[1u64, 1], Convention::Misere);
        assert_eq!(e.reasoning, Reasoning::MisereAllSmall { ones: 2 });
        assert_eq!(e.moves.len(), 2);
        assert_eq!(e.moves[0].ones_left, 1);

        let e = explain(&[1u64, 6, 1], Convention::Misere);
        assert_eq!(
            e.reasoning,
            Reasoning::MisereOneLargeHeap { heap: 1, ones: 2 }
        );
        assert_eq!(e.moves.len(), 1);
        assert_eq!(
            (e.moves[0].to.decimal.as_str(), e.moves[0].ones_left),
            ("1", 3)
        );

        let e = explain(&[1u64], Convention::Misere);
        assert_eq!(e.outcome, Outcome::P);

        let e = explain::<u64>(&[0], Convention::Misere);
        assert_eq!(e.outcome, Outcome::N);

        let e = explain(&[2u64, 3], Convention::Misere);
        assert_eq!(e.reasoning, Reasoning::NonZeroNimSum);
    }

    #[test]
    fn big_heaps() {
        let big: BigUint = "1".repeat(300).parse().unwrap();
        let e = explain(&[big.clone(), BigUint::from(5u32)], Convention::Normal);
        assert_eq!(e.width, HeapSize::bit_len(&big));
        assert_eq!(e.moves.len(), 1);
        assert!(e.moves[0].new_nim_sum.binary.chars().all(|c| c == '0'));
    }
}
