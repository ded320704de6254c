//! Small sets of nimbers, and the "potential values" of a position that the
//! pruned search narrows down option by option.

use crate::nimber::LOWER;

/// A set of nimbers below [`Set::WIDTH`], one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Set([u64; 4]);

impl Set {
    /// Nimbers `0..WIDTH` fit in a set.
    pub(crate) const WIDTH: u32 = 256;

    /// Every nimber below [`Set::WIDTH`].
    pub(crate) const ALL: Set = Set([u64::MAX; 4]);

    /// The nimbers `0..n` (all of them when `n >= WIDTH`).
    pub(crate) fn lowest(n: u32) -> Set {
        let mut s = Set::default();
        let n = n.min(Set::WIDTH);
        for (i, w) in s.0.iter_mut().enumerate() {
            let lo = 64 * i as u32;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }

    /// `{v}`, or the empty set when `v` does not fit.
    pub(crate) fn single(v: u32) -> Set {
        let mut s = Set::default();
        if v < Set::WIDTH {
            s.0[(v / 64) as usize] = 1 << (v % 64);
        }
        s
    }

    /// The elements below 64, as bits.
    pub(crate) fn low_word(&self) -> u64 {
        self.0[0]
    }

    /// Whether every element is below 64.
    pub(crate) fn only_low(&self) -> bool {
        self.0[1..] == [0; 3]
    }

    pub(crate) fn contains(&self, v: u32) -> bool {
        v < Set::WIDTH && self.0[(v / 64) as usize] >> (v % 64) & 1 == 1
    }

    pub(crate) fn insert(&mut self, v: u32) {
        if v < Set::WIDTH {
            self.0[(v / 64) as usize] |= 1 << (v % 64);
        }
    }

    /// Every nimber below [`Set::WIDTH`] not in the set.
    pub(crate) fn complement(&self) -> Set {
        Set(self.0.map(|w| !w))
    }

    pub(crate) fn remove(&mut self, v: u32) {
        if v < Set::WIDTH {
            self.0[(v / 64) as usize] &= !(1 << (v % 64));
        }
    }

    pub(crate) fn intersects(&self, other: &Set) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    #[inline(always)]
    pub(crate) fn and(&self, other: &Set) -> Set {
        let mut s = *self;
        for (a, b) in s.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
        s
    }

    /// The least element.
    pub(crate) fn min(&self) -> Option<u32> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| 64 * i as u32 + w.trailing_zeros())
    }

    /// The greatest element.
    pub(crate) fn max(&self) -> Option<u32> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| 64 * i as u32 + 63 - w.leading_zeros())
    }

    /// `{0, 1, ..., max}`; empty when the set is.
    pub(crate) fn upto_max(&self) -> Set {
        match self.max() {
            Some(m) => Set::lowest(m + 1),
            None => Set::default(),
        }
    }

    /// The set without its greatest element.
    pub(crate) fn without_max(&self) -> Set {
        let mut s = *self;
        if let Some(m) = self.max() {
            s.remove(m);
        }
        s
    }

    /// `{v ^ x : v in self}`, keeping the results that fit.
    ///
    /// Xoring by `x` permutes the set's bits: bits 6 and 7 of `x` swap
    /// whole words, and each lower bit `j` swaps the blocks of `2^j` bits
    /// within a word, a few operations whatever the set holds.
    #[inline(always)]
    pub(crate) fn xor_each(&self, x: u32) -> Set {
        if x == 0 {
            return *self;
        }
        if x >= Set::WIDTH {
            // Every result is too big.
            return Set::default();
        }
        let words = (x / 64) as usize;
        let mut s = Set(std::array::from_fn(|i| self.0[i ^ words]));
        for (j, &lower) in LOWER.iter().enumerate() {
            if x >> j & 1 == 1 {
                let k = 1 << j;
                for w in &mut s.0 {
                    *w = (*w & lower) << k | (*w >> k) & lower;
                }
            }
        }
        s
    }
}

/// The values a position may still have while its options are examined:
/// at first `0..=n` for `n` options. Each option removes one candidate,
/// its own value when that is still a candidate, else the greatest; after
/// all `n` options exactly one is left, and (Beling & Rogalski, AI 2020)
/// it is the position's value. Candidates at or above [`Set::WIDTH`] are
/// only counted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Potential {
    low: Set,
    above: u32,
}

impl Potential {
    /// The candidates of a position with `options` options: `0..=options`.
    pub(crate) fn new(options: usize) -> Potential {
        let n = u32::try_from(options).unwrap_or(u32::MAX - 1) + 1;
        Potential {
            low: Set::lowest(n),
            above: n.saturating_sub(Set::WIDTH),
        }
    }

    /// The candidates below [`Set::WIDTH`].
    pub(crate) fn low(&self) -> &Set {
        &self.low
    }

    /// The candidates without the greatest one.
    pub(crate) fn without_max(&self) -> Set {
        if self.above > 0 {
            self.low
        } else {
            self.low.without_max()
        }
    }

    /// Removes `v` if it is a candidate, else the greatest candidate;
    /// `without_max` is [`Potential::without_max`], computed already.
    pub(crate) fn remove_value(&mut self, v: u32, without_max: &Set) {
        if self.low.contains(v) {
            self.low.remove(v);
        } else {
            self.remove_max(without_max);
        }
    }

    /// Removes the greatest candidate.
    pub(crate) fn remove_max(&mut self, without_max: &Set) {
        if self.above > 0 {
            self.above -= 1;
        } else {
            self.low = *without_max;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let s = Set::lowest(70);
        assert_eq!(s.max(), Some(69));
        assert_eq!(s.min(), Some(0));
        assert!(s.contains(64) && !s.contains(70));
        assert_eq!(Set::single(200).xor_each(1), Set::single(201));
        assert_eq!(Set::single(255).xor_each(256), Set::default());
        let mut x = Set::lowest(4);
        x.remove(1);
        assert_eq!(
            Set::lowest(3).xor_each(2),
            x,
            "{{0, 1, 2}} xor 2 = {{2, 3, 0}}"
        );
        assert_eq!(Set::single(5).upto_max(), Set::lowest(6));
        assert_eq!(Set::lowest(300), Set::ALL);
        assert_eq!(Set::default().upto_max(), Set::default());
    }

    proptest::proptest! {
        #[test]
        fn xor_each_moves_every_element(words: [u64; 4], x in 0u32..300) {
            let s = Set(words);
            let mut expected = Set::default();
            for v in (0..Set::WIDTH).filter(|&v| s.contains(v)) {
                expected.insert(v ^ x);
            }
            proptest::prop_assert_eq!(s.xor_each(x), expected);
        }
    }

    #[test]
    fn the_last_candidate_is_the_mex() {
        // Options worth 0, 0, 2, 5: the mex is 1.
        let mut p = Potential::new(4);
        for v in [0, 0, 2, 5] {
            let w = p.without_max();
            p.remove_value(v, &w);
        }
        assert_eq!(p.low().min(), Some(1));
        assert_eq!(p.low().max(), Some(1));
    }
}
