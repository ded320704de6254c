//! Nimbers (the values of impartial games) and the minimum excludant.
//!
//! By the Sprague–Grundy theorem every impartial game under normal play is
//! equivalent to a Nim heap `*n`; [`Nimber`] is that `n`. Nimbers add by
//! bitwise xor, so `*3 + *5 = *6` and every nimber is its own negative.
//!
//! The value of a position is the *mex* (minimum excludant) of the values of
//! its options: the least nimber that is not among them. [`MexSet`] computes
//! it with a reusable bitset, so an engine that takes thousands of mexes per
//! second allocates once.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// The value of an impartial game: the size of the equivalent Nim heap.
///
/// `+` is nim-addition (bitwise xor), and `Display` writes the conventional
/// star notation.
///
/// # Examples
///
/// ```
/// use grundy::Nimber;
///
/// let sum = Nimber(3) + Nimber(5);
/// assert_eq!(sum, Nimber(6));
/// assert_eq!(sum.to_string(), "*6");
/// // Every nimber is its own negative: G + G = 0.
/// assert_eq!(Nimber(9) + Nimber(9), Nimber::ZERO);
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `*0`, the value of every P-position (second player wins).
    pub const ZERO: Nimber = Nimber(0);

    /// The size of the equivalent Nim heap.
    ///
    /// ```
    /// assert_eq!(grundy::Nimber(4).value(), 4);
    /// ```
    #[inline]
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `*0`: a position whose mover loses under normal play.
    ///
    /// ```
    /// use grundy::Nimber;
    /// assert!(Nimber::ZERO.is_zero());
    /// assert!(!Nimber(1).is_zero());
    /// ```
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    #[inline]
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

impl From<Nimber> for u64 {
    #[inline]
    fn from(n: Nimber) -> Self {
        n.0
    }
}

impl Add for Nimber {
    type Output = Nimber;
    /// Nim-addition: bitwise xor.
    #[inline]
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[inline]
    #[allow(clippy::suspicious_op_assign_impl)]
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Sub for Nimber {
    type Output = Nimber;
    /// Nimbers are their own negatives, so subtraction is addition.
    #[inline]
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn sub(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl SubAssign for Nimber {
    #[inline]
    #[allow(clippy::suspicious_op_assign_impl)]
    fn sub_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().sum()
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// Values at or above this bound are kept in a side list instead of the
/// bitset, so that one huge option value (a Nim heap of 10^18) cannot make
/// the set allocate 10^18 bits. The mex of k values is at most k, so such
/// values matter only when every smaller value is present.
const DENSE_LIMIT: u64 = 1 << 20;

/// A reusable set of nimbers whose [`mex`](MexSet::mex) is one scan of a
/// bitset.
///
/// Clearing costs only the words that were touched since the last clear, so
/// one `MexSet` can serve every position of a long computation.
///
/// # Examples
///
/// ```
/// use grundy::{MexSet, Nimber};
///
/// let mut set = MexSet::new();
/// set.extend([Nimber(0), Nimber(1), Nimber(3)]);
/// assert_eq!(set.mex(), Nimber(2));
/// set.clear();
/// assert_eq!(set.mex(), Nimber(0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    /// Bit `v % 64` of word `v / 64` is set when `v` is in the set.
    words: Vec<u64>,
    /// Words with index `< touched` may be non-zero; the rest are zero.
    touched: usize,
    /// Members `>= DENSE_LIMIT`, unordered.
    large: Vec<u64>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        MexSet::default()
    }

    /// An empty set with room for values below `bound` without reallocating.
    pub fn with_capacity(bound: usize) -> Self {
        MexSet {
            words: vec![0; bound.div_ceil(64)],
            ..MexSet::default()
        }
    }

    /// Removes every member, keeping the allocation.
    ///
    /// # Complexity
    /// O(w) where w is the number of 64-bit words touched since the last clear.
    #[inline]
    pub fn clear(&mut self) {
        self.words[..self.touched].fill(0);
        self.touched = 0;
        self.large.clear();
    }

    /// Adds `n` to the set.
    #[inline]
    pub fn insert(&mut self, n: Nimber) {
        let v = n.0;
        if v >= DENSE_LIMIT {
            self.large.push(v);
            return;
        }
        let w = (v / 64) as usize;
        if w >= self.words.len() {
            self.words.resize((w + 1).next_power_of_two(), 0);
        }
        self.words[w] |= 1 << (v % 64);
        if w >= self.touched {
            self.touched = w + 1;
        }
    }

    /// Whether `n` is in the set.
    ///
    /// ```
    /// use grundy::{MexSet, Nimber};
    /// let mut set = MexSet::new();
    /// set.insert(Nimber(5));
    /// assert!(set.contains(Nimber(5)) && !set.contains(Nimber(4)));
    /// ```
    pub fn contains(&self, n: Nimber) -> bool {
        let v = n.0;
        if v >= DENSE_LIMIT {
            return self.large.contains(&v);
        }
        let w = (v / 64) as usize;
        w < self.touched && self.words[w] >> (v % 64) & 1 == 1
    }

    /// The least nimber not in the set.
    ///
    /// # Complexity
    /// O(w) word scans, plus a sort of the members `>= 2^20` in the rare case
    /// that every smaller value is present.
    pub fn mex(&self) -> Nimber {
        for (i, &word) in self.words[..self.touched].iter().enumerate() {
            if word != u64::MAX {
                return Nimber(i as u64 * 64 + u64::from(word.trailing_ones()));
            }
        }
        let mut m = self.touched as u64 * 64;
        if m < DENSE_LIMIT || self.large.is_empty() {
            return Nimber(m);
        }
        let mut large = self.large.clone();
        large.sort_unstable();
        for v in large {
            if v == m {
                m += 1;
            } else if v > m {
                break;
            }
        }
        Nimber(m)
    }
}

impl Extend<Nimber> for MexSet {
    fn extend<I: IntoIterator<Item = Nimber>>(&mut self, iter: I) {
        for n in iter {
            self.insert(n);
        }
    }
}

/// The minimum excludant of `values`: the least nimber not among them.
///
/// A convenience for one-off use; engines keep a [`MexSet`] and reuse it.
///
/// # Complexity
/// O(k) for k values (amortised, one allocation).
///
/// # Examples
///
/// ```
/// use grundy::{mex, Nimber};
///
/// assert_eq!(mex([]), Nimber(0));
/// assert_eq!(mex([Nimber(0), Nimber(2)]), Nimber(1));
/// assert_eq!(mex([Nimber(1), Nimber(0), Nimber(2)]), Nimber(3));
/// ```
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut set = MexSet::new();
    set.extend(values);
    set.mex()
}

/// `LOWER[j]`: the bits of a 64-bit word whose position has bit `j`
/// clear, groups of `2^j` ones every `2^(j + 1)` bits. Xoring every
/// position by `2^j` swaps these bits with the others; the bit rows
/// spread a word's bits apart with the same masks.
pub(crate) const LOWER: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn addition_is_xor_and_self_inverse() {
        assert_eq!(Nimber(1) + Nimber(2) + Nimber(3), Nimber::ZERO);
        assert_eq!(Nimber(12) - Nimber(5), Nimber(9));
        let total: Nimber = [Nimber(4), Nimber(7)].iter().sum();
        assert_eq!(total, Nimber(3));
    }

    #[test]
    fn display_uses_star_notation() {
        assert_eq!(Nimber(0).to_string(), "*0");
        assert_eq!(Nimber(42).to_string(), "*42");
    }

    #[test]
    fn huge_values_do_not_allocate_and_still_count() {
        let mut set = MexSet::new();
        set.insert(Nimber(u64::MAX));
        set.insert(Nimber(0));
        assert_eq!(set.mex(), Nimber(1));
        assert!(set.words.len() < 16);
        // Fill everything below the dense limit, then the large values decide.
        let mut full = MexSet::new();
        full.extend((0..DENSE_LIMIT).map(Nimber));
        full.insert(Nimber(DENSE_LIMIT + 1));
        assert_eq!(full.mex(), Nimber(DENSE_LIMIT));
        full.insert(Nimber(DENSE_LIMIT));
        assert_eq!(full.mex(), Nimber(DENSE_LIMIT + 2));
    }

    #[test]
    fn clear_forgets_everything() {
        let mut set = MexSet::with_capacity(10);
        set.extend((0..500).map(Nimber));
        assert_eq!(set.mex(), Nimber(500));
        set.clear();
        assert_eq!(set.mex(), Nimber(0));
        assert!(!set.contains(Nimber(3)));
        set.insert(Nimber(0));
        assert_eq!(set.mex(), Nimber(1));
    }

    proptest! {
        #[test]
        fn mex_matches_definition(values in proptest::collection::vec(0u64..200, 0..150)) {
            let expected = grundy_testkit::mex(values.iter().copied());
            prop_assert_eq!(mex(values.iter().copied().map(Nimber)), Nimber(expected));
        }

        #[test]
        fn reused_set_matches_fresh(a in proptest::collection::vec(0u64..300, 0..80),
                                    b in proptest::collection::vec(0u64..300, 0..80)) {
            let mut set = MexSet::new();
            set.extend(a.iter().copied().map(Nimber));
            set.clear();
            set.extend(b.iter().copied().map(Nimber));
            prop_assert_eq!(set.mex(), Nimber(grundy_testkit::mex(b.iter().copied())));
        }
    }
}
