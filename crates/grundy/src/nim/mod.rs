//! Nim: the outcome of a position, its nim-sum, and every winning move, under
//! normal and misère play, for heaps of any size.
//!
//! A Nim position is a list of heaps; a move takes any positive number of
//! tokens from one heap. Bouton's theorem (1901): under normal play the
//! player to move loses exactly when the **nim-sum** (bitwise xor) of the
//! heaps is 0. From a non-zero nim-sum `S`, the winning moves are exactly the
//! heaps `p` with `p xor S < p` (those having the top bit of `S`), reduced to
//! `p xor S`.
//!
//! Misère play (whoever takes the last token loses) differs only at the
//! end: while two or more heaps have at least 2 tokens, play as in normal
//! Nim; the move that leaves only heaps of size 0 or 1 must leave an odd
//! number of 1-heaps; and when every heap is 0 or 1, the player to move wins
//! exactly when the number of 1-heaps is even.
//!
//! Heap sizes are generic over [`HeapSize`]: `u64` is the fast path and
//! [`BigUint`] handles any size exactly.
//!
//! ```
//! use grundy::nim::{analyse, NimMove};
//! use grundy::{Convention, Outcome};
//!
//! let a = analyse(&[3u64, 5, 7], Convention::Normal);
//! assert_eq!(a.nim_sum, 1);
//! assert_eq!(a.outcome, Outcome::N);
//! let moves: Vec<(usize, u64)> = a.winning_moves.iter().map(|m| (m.heap, m.to)).collect();
//! assert_eq!(moves, [(0, 2), (1, 4), (2, 6)]);
//! ```
//!
//! Submodules: [`explain`](mod@explain) builds the step-by-step lesson shown by
//! `grundy nim --explain`; [`parse`] reads heap sizes from text in chunks.
//! Heaps of millions of digits convert between decimal and binary in
//! O(n log^2 n) both ways (`radix`, on the exact transform multiplication of
//! `ntt`): [`to_decimal`] prints one.

use std::fmt;

pub use num_bigint::BigUint;

use crate::{Convention, Outcome};

pub mod explain;
pub mod mul;
mod ntt;
pub mod parse;
mod radix;

pub use explain::{explain, Explanation};
pub use parse::{parse_heap, Heap, HeapParser, HeapSink, InvalidHeap, ParseError};
pub use radix::to_decimal;

/// A heap size: a non-negative integer with the few operations Nim needs.
///
/// Implemented for `u64` (the fast path) and [`BigUint`] (any size).
pub trait HeapSize: Clone + Eq + Ord + fmt::Debug + fmt::Display {
    /// The size `n` as this type.
    fn from_u64(n: u64) -> Self;
    /// Whether the heap is empty.
    fn is_zero(&self) -> bool;
    /// Whether the heap has at most one token (misère play treats such heaps
    /// apart).
    fn is_at_most_one(&self) -> bool;
    /// `self ^= other`: nim-addition.
    fn xor_assign(&mut self, other: &Self);
    /// The number of binary digits: 0 for 0, `floor(log2 n) + 1` otherwise.
    fn bit_len(&self) -> u64;
    /// Binary digit `i` (bit 0 is the units bit).
    fn bit(&self, i: u64) -> bool;
    /// The size as a `u64`, when it fits.
    fn to_u64(&self) -> Option<u64>;
    /// `self - smaller`, the number of tokens a move takes; 0 when `smaller`
    /// is not smaller.
    fn minus(&self, smaller: &Self) -> Self;

    /// The size in decimal, as `to_string` writes it; for [`BigUint`] in
    /// O(n log^2 n) ([`to_decimal`]) where num-bigint's `Display` is
    /// quadratic in the number of digits.
    fn to_decimal(&self) -> String {
        self.to_string()
    }

    /// `self xor other`.
    fn xor(&self, other: &Self) -> Self {
        let mut x = self.clone();
        x.xor_assign(other);
        x
    }
}

impl HeapSize for u64 {
    #[inline]
    fn from_u64(n: u64) -> Self {
        n
    }
    #[inline]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn is_at_most_one(&self) -> bool {
        *self <= 1
    }
    #[inline]
    fn xor_assign(&mut self, other: &Self) {
        *self ^= *other;
    }
    #[inline]
    fn bit_len(&self) -> u64 {
        u64::from(64 - self.leading_zeros())
    }
    #[inline]
    fn bit(&self, i: u64) -> bool {
        i < 64 && self >> i & 1 == 1
    }
    #[inline]
    fn to_u64(&self) -> Option<u64> {
        Some(*self)
    }
    #[inline]
    fn minus(&self, smaller: &Self) -> Self {
        self.saturating_sub(*smaller)
    }
}

impl HeapSize for BigUint {
    fn from_u64(n: u64) -> Self {
        BigUint::from(n)
    }
    fn is_zero(&self) -> bool {
        self.bits() == 0
    }
    fn is_at_most_one(&self) -> bool {
        self.bits() <= 1
    }
    fn xor_assign(&mut self, other: &Self) {
        *self ^= other;
    }
    fn bit_len(&self) -> u64 {
        self.bits()
    }
    fn bit(&self, i: u64) -> bool {
        BigUint::bit(self, i)
    }
    fn to_u64(&self) -> Option<u64> {
        u64::try_from(self).ok()
    }
    fn to_decimal(&self) -> String {
        to_decimal(self)
    }
    fn minus(&self, smaller: &Self) -> Self {
        if smaller < self {
            self - smaller
        } else {
            BigUint::default()
        }
    }
}

/// One move: heap number `heap` (0-based) goes from `from` tokens to `to`.
///
/// Heap sizes are of any precision (`u64` or [`BigUint`]), as `grundy nim`
/// takes them; a move with `u64` heaps converts into the
/// [`HeapMove`](crate::heap::HeapMove) of heap sums, which the solver and
/// play use.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimMove<H> {
    /// The 0-based index of the heap in the position.
    pub heap: usize,
    /// The heap's size before the move.
    pub from: H,
    /// The heap's size after the move (`to < from`).
    pub to: H,
}

impl<H: HeapSize> NimMove<H> {
    /// The number of tokens the move takes, `from - to`.
    ///
    /// ```
    /// let m = grundy::nim::NimMove { heap: 0, from: 7u64, to: 2 };
    /// assert_eq!(m.taken(), 5);
    /// ```
    pub fn taken(&self) -> H {
        self.from.minus(&self.to)
    }
}

/// What a single pass over the heaps learns: the nim-sum and the counts that
/// misère play needs. It is enough to decide the outcome, and, in a second
/// look at each heap, to say whether reducing that heap wins.
///
/// Feeding heaps one at a time keeps memory constant, so a position of 10^7
/// heaps can be decided while it streams in.
///
/// ```
/// use grundy::nim::NimSummary;
/// use grundy::{Convention, Outcome};
///
/// let mut s = NimSummary::new();
/// for h in [1u64, 1] {
///     s.push(&h);
/// }
/// assert_eq!(s.outcome(Convention::Normal), Outcome::P);
/// assert_eq!(s.outcome(Convention::Misere), Outcome::N);
/// assert_eq!(s.winning_move(Convention::Misere, &1), Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimSummary<H> {
    nim_sum: H,
    heaps: u64,
    ones: u64,
    large: u64,
}

impl<H: HeapSize> Default for NimSummary<H> {
    fn default() -> Self {
        NimSummary::new()
    }
}

impl<H: HeapSize> NimSummary<H> {
    /// The summary of the empty position.
    pub fn new() -> Self {
        NimSummary {
            nim_sum: H::from_u64(0),
            heaps: 0,
            ones: 0,
            large: 0,
        }
    }

    /// The summary of `heaps`.
    ///
    /// # Complexity
    /// O(n) heap operations.
    pub fn of(heaps: &[H]) -> Self {
        let mut s = NimSummary::new();
        for h in heaps {
            s.push(h);
        }
        s
    }

    /// Adds one heap to the position.
    #[inline]
    pub fn push(&mut self, heap: &H) {
        self.nim_sum.xor_assign(heap);
        self.heaps += 1;
        if heap.is_at_most_one() {
            self.ones += u64::from(!heap.is_zero());
        } else {
            self.large += 1;
        }
    }

    /// The same summary with heap sizes of another type (for instance
    /// `u64` to [`BigUint`] when a huge heap turns up in a stream).
    pub fn convert<K: HeapSize>(&self, f: impl FnOnce(&H) -> K) -> NimSummary<K> {
        NimSummary {
            nim_sum: f(&self.nim_sum),
            heaps: self.heaps,
            ones: self.ones,
            large: self.large,
        }
    }

    /// The xor of every heap.
    pub fn nim_sum(&self) -> &H {
        &self.nim_sum
    }

    /// The number of heaps pushed (empty heaps included).
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// The number of heaps of exactly one token.
    pub fn ones(&self) -> u64 {
        self.ones
    }

    /// The number of heaps of two tokens or more.
    pub fn large_heaps(&self) -> u64 {
        self.large
    }

    /// Whether misère play leaves the normal-play rule here: fewer than two
    /// heaps have 2 or more tokens.
    pub fn misere_endgame(&self) -> bool {
        self.large <= 1
    }

    /// Who wins with perfect play.
    ///
    /// Normal play: N exactly when the nim-sum is non-zero. Misère: with
    /// every heap 0 or 1, N exactly when the number of 1-heaps is even;
    /// otherwise as in normal play (with exactly one heap of 2 or more the
    /// nim-sum is never 0, and the position is N).
    pub fn outcome(&self, convention: Convention) -> Outcome {
        let n = match convention {
            Convention::Misere if self.large == 0 => self.ones.is_multiple_of(2),
            _ => !self.nim_sum.is_zero(),
        };
        Outcome::from_first_player_wins(n)
    }

    /// The size to reduce `heap` to so as to win, or `None` when no move on
    /// this heap wins. `heap` must be one of the heaps this summary was built
    /// from.
    ///
    /// Normal play (and misère with two or more heaps of 2+): `p xor S` when
    /// that is smaller than `p`, i.e. when `p` has the top bit of the
    /// nim-sum `S`. Misère with exactly one heap of 2+: that heap goes to 1 or
    /// 0, whichever leaves an odd number of 1-heaps. Misère with every heap
    /// 0 or 1 and an even number of 1-heaps: any 1-heap goes to 0.
    #[inline(always)]
    pub fn winning_move(&self, convention: Convention, heap: &H) -> Option<H> {
        if convention == Convention::Misere && self.large <= 1 {
            return if self.large == 0 {
                (self.ones.is_multiple_of(2) && !heap.is_zero()).then(|| H::from_u64(0))
            } else if heap.is_at_most_one() {
                None
            } else {
                // The other heaps are all 0 or 1: leave an odd number of 1s.
                Some(H::from_u64(u64::from(self.ones.is_multiple_of(2))))
            };
        }
        let top = self.nim_sum.bit_len().checked_sub(1)?;
        heap.bit(top).then(|| heap.xor(&self.nim_sum))
    }

    /// Every winning move in `heaps` (the heaps this summary was built from),
    /// in heap order, lazily.
    pub fn winning_moves<'a>(
        &'a self,
        convention: Convention,
        heaps: &'a [H],
    ) -> impl Iterator<Item = NimMove<H>> + 'a {
        heaps.iter().enumerate().filter_map(move |(i, p)| {
            self.winning_move(convention, p).map(|to| NimMove {
                heap: i,
                from: p.clone(),
                to,
            })
        })
    }
}

/// The full answer for a Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimAnalysis<H> {
    /// The play convention this analysis is for.
    pub convention: Convention,
    /// The xor of all heaps.
    pub nim_sum: H,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// Every winning move, in heap order; empty exactly for P-positions.
    pub winning_moves: Vec<NimMove<H>>,
}

/// Decides a Nim position and lists every winning move.
///
/// # Complexity
/// O(n) heap operations for n heaps (two passes: the nim-sum, then the
/// moves); O(n · d) for d-word big heaps.
///
/// # Examples
///
/// ```
/// use grundy::nim::{analyse, BigUint};
/// use grundy::{Convention, Outcome};
///
/// // Misère: two single tokens, the mover takes one and leaves the last.
/// let a = analyse(&[1u64, 1], Convention::Misere);
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_moves.len(), 2);
///
/// // Heaps beyond u64 are exact.
/// let big: BigUint = "1".repeat(300).parse().unwrap();
/// let a = analyse(&[big.clone(), big], Convention::Normal);
/// assert_eq!(a.outcome, Outcome::P);
/// ```
pub fn analyse<H: HeapSize>(heaps: &[H], convention: Convention) -> NimAnalysis<H> {
    let summary = NimSummary::of(heaps);
    NimAnalysis {
        convention,
        outcome: summary.outcome(convention),
        winning_moves: summary.winning_moves(convention, heaps).collect(),
        nim_sum: summary.nim_sum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(heaps: &[u64], c: Convention) -> Vec<(usize, u64, u64)> {
        analyse(heaps, c)
            .winning_moves
            .into_iter()
            .map(|m| (m.heap, m.from, m.to))
            .collect()
    }

    #[test]
    fn bouton_examples() {
        assert_eq!(
            moves(&[3, 5, 7], Convention::Normal),
            [(0, 3, 2), (1, 5, 4), (2, 7, 6)]
        );
        let a = analyse(&[1u64, 2, 3], Convention::Normal);
        assert_eq!((a.nim_sum, a.outcome), (0, Outcome::P));
        assert!(a.winning_moves.is_empty());
        assert_eq!(moves(&[], Convention::Normal), []);
        assert_eq!(analyse::<u64>(&[], Convention::Normal).outcome, Outcome::P);
    }

    #[test]
    fn misere_endgames() {
        // No heaps at all: the mover cannot move, and wins.
        assert_eq!(analyse::<u64>(&[], Convention::Misere).outcome, Outcome::N);
        assert_eq!(moves(&[0, 0], Convention::Misere), []);
        assert_eq!(analyse(&[1u64], Convention::Misere).outcome, Outcome::P);
        assert_eq!(
            moves(&[1, 0, 1], Convention::Misere),
            [(0, 1, 0), (2, 1, 0)]
        );
        // One big heap: leave an odd number of 1-heaps.
        assert_eq!(moves(&[5], Convention::Misere), [(0, 5, 1)]);
        assert_eq!(moves(&[5, 1], Convention::Misere), [(0, 5, 0)]);
        assert_eq!(moves(&[1, 9, 1], Convention::Misere), [(1, 9, 1)]);
        // Two big heaps: as in normal play.
        assert_eq!(moves(&[2, 3], Convention::Misere), [(1, 3, 2)]);
        assert_eq!(analyse(&[2u64, 2], Convention::Misere).outcome, Outcome::P);
    }

    #[test]
    fn big_heaps_agree_with_u64() {
        let small = [6u64, 9, 13, 1, 0];
        let big: Vec<BigUint> = small.iter().map(|&h| BigUint::from(h)).collect();
        for c in [Convention::Normal, Convention::Misere] {
            let a = analyse(&small, c);
            let b = analyse(&big, c);
            assert_eq!(b.nim_sum.to_u64(), Some(a.nim_sum));
            assert_eq!(a.outcome, b.outcome);
            let bm: Vec<_> = b
                .winning_moves
                .iter()
                .map(|m| (m.heap, m.from.to_u64().unwrap(), m.to.to_u64().unwrap()))
                .collect();
            assert_eq!(moves(&small, c), bm);
        }
    }

    #[test]
    fn three_hundred_digit_heaps() {
        let p: BigUint = format!("9{}", "0".repeat(299)).parse().unwrap();
        let q = &p + 5u32;
        let a = analyse(&[p.clone(), q.clone()], Convention::Normal);
        assert_eq!(a.nim_sum, &p ^ &q);
        assert_eq!(a.winning_moves.len(), 1);
        let m = &a.winning_moves[0];
        assert_eq!(m.heap, 1);
        assert_eq!(m.to, p);
        assert_eq!(m.taken(), BigUint::from(5u32));
    }

    #[test]
    fn heap_size_ops() {
        assert_eq!(0u64.bit_len(), 0);
        assert_eq!(u64::MAX.bit_len(), 64);
        assert!(!5u64.bit(64));
        assert_eq!(HeapSize::bit_len(&BigUint::from(8u32)), 4);
        assert!(HeapSize::bit(&BigUint::from(8u32), 3));
        assert_eq!(
            BigUint::from(3u32).minus(&BigUint::from(7u32)),
            BigUint::default()
        );
        assert_eq!(3u64.minus(&7), 0);
    }
}
