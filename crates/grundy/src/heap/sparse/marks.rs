//! The option values marked for one heap size ([`Marks`]: bytes, or the
//! bits of words), the values as the two pieces a block sees ([`Split`]),
//! and the walk up the mex candidates ([`settle`]) that both the engine's
//! ways of computing a value end with.

use super::block::Block;
use super::classify::Group;
use crate::heap::cell::Cell;
use crate::heap::dense::{mex_from, pairs_hit_mirrored};
use crate::heap::simd::pairs_hit;

/// Marks the options that leave at most one heap: taking a whole heap of
/// `n = g.len()` (value 0) and taking `k` from it (value `G(n - k)`).
#[inline]
pub(super) fn mark_heap_options<T: Cell>(
    whole: &[usize],
    single: &[usize],
    g: Split<'_, T>,
    seen: &mut (impl Marks + ?Sized),
) {
    let n = g.len();
    if whole.contains(&n) {
        seen.mark(0);
    }
    for &k in single {
        if k < n {
            seen.mark(g.get(n - k).get() as usize);
        }
    }
}

/// The values `G(0), ..., G(n - 1)` in two pieces: those from before the
/// current block, which other threads may be reading, and those computed
/// in it so far; and on the portable path the first piece in reverse
/// order too, with the values of the block found so far
/// ([`Mirror`](super::mirror::Mirror)).
#[derive(Clone, Copy, Debug)]
pub(super) struct Split<'a, T> {
    pub(super) old: &'a [T],
    pub(super) new: &'a [T],
    /// `G(h - 1), ..., G(0)` for some `h <= n`: empty where the engine
    /// keeps no mirror. The scans read it for the splits of heaps below `h`.
    pub(super) mirrored: &'a [T],
}

impl<T: Cell> Split<'_, T> {
    /// How many values: `n`.
    #[inline]
    pub(super) fn len(self) -> usize {
        self.old.len() + self.new.len()
    }

    /// `G(i)` for `i < n`.
    #[inline]
    pub(super) fn get(self, i: usize) -> T {
        match self.old.get(i) {
            Some(&v) => v,
            None => self.new[i - self.old.len()],
        }
    }

    /// Whether some split `a + (r - a)` with `a` in `parts` (and
    /// `1 <= a <= r / 2`) has value `m`; `r <= n`.
    #[cfg(test)]
    fn has_pair(self, r: usize, m: T, parts: std::ops::Range<usize>) -> bool {
        if self.mirrored.is_empty() {
            self.pair_in::<false>(r, m, parts)
        } else {
            self.pair_in::<true>(r, m, parts)
        }
    }

    /// [`Split::has_pair`], compiled apart for engines that keep a mirror
    /// (`MIRROR`) and those that keep none, so that the paths without one
    /// run the scans exactly as before it existed.
    fn pair_in<const MIRROR: bool>(self, r: usize, m: T, parts: std::ops::Range<usize>) -> bool {
        let from = parts.start.max(1);
        let to = parts.end.min(r / 2 + 1);
        if from >= to {
            return false;
        }
        let s = self.old.len();
        if to > s {
            // Parts inside the block: only for tiny sequences.
            return (from..to).any(|a| self.get(a) ^ self.get(r - a) == m);
        }
        // The partners G(r - a) of the parts are G(lo..hi) backwards: from
        // the mirror where it holds them (G(0..=r) or none), which saves
        // the reversal.
        let held = self.mirrored.len();
        if MIRROR && r < held {
            let (lo, hi) = (r + 1 - to, r + 1 - from);
            return pairs_hit_mirrored(
                &self.old[from..to],
                &self.mirrored[held - hi..held - lo],
                m,
            );
        }
        // Parts below `split` pair with a value of the block.
        let split = (r + 1).saturating_sub(s).clamp(from, to);
        (from < split
            && pairs_hit(
                &self.old[from..split],
                &self.new[r + 1 - split - s..=r - from - s],
                m,
            ))
            || (split < to && pairs_hit(&self.old[split..to], &self.old[r + 1 - to..=r - split], m))
    }
}

/// Walks up the mex candidates of `n = g.len()` given the marks in `seen`:
/// a candidate that some class cannot settle by its labels is looked for
/// among all of that class's splits, except those a prepared block has
/// already marked (`marked`); the first candidate that is neither marked
/// nor found is `G(n)`.
pub(super) fn settle<T: Cell>(
    groups: &[Group; 2],
    g: Split<'_, T>,
    seen: &mut (impl Marks + ?Sized),
    width: usize,
    scans: &mut u64,
    marked: Option<Block>,
    full: [bool; 2],
    prefix: usize,
) -> u32 {
    let walk = Walk {
        groups,
        width,
        marked,
        full,
        prefix,
    };
    if g.mirrored.is_empty() {
        walk.run::<T, false>(g, seen, scans)
    } else {
        walk.run::<T, true>(g, seen, scans)
    }
}

/// What [`settle`] walks with, besides the values and the marks.
struct Walk<'a> {
    groups: &'a [Group; 2],
    width: usize,
    marked: Option<Block>,
    full: [bool; 2],
    prefix: usize,
}

impl Walk<'_> {
    /// [`settle`], compiled apart for engines with and without a mirror.
    #[inline]
    fn run<T: Cell, const MIRROR: bool>(
        self,
        g: Split<'_, T>,
        seen: &mut (impl Marks + ?Sized),
        scans: &mut u64,
    ) -> u32 {
        let Walk {
            groups,
            width,
            marked,
            full,
            prefix,
        } = self;
        let n = g.len();
        let mut m = seen.mex_from(0);
        'candidates: while m < width {
            let cell = T::of(m as u32);
            for (group, full) in groups.iter().zip(full) {
                let settled =
                    full || !group.dense && !group.producible[m << 1 | ((n ^ group.parity) & 1)];
                if settled {
                    continue;
                }
                for &k in &group.takes {
                    if n >= k + 2 {
                        *scans += 1;
                        let r = n - k;
                        let found = match marked {
                            Some(marked) => marked
                                .unmarked(k, r)
                                .into_iter()
                                .any(|parts| g.pair_in::<MIRROR>(r, cell, parts)),
                            None if group.dense => g.pair_in::<MIRROR>(r, cell, 1..r / 2 + 1),
                            None => g.pair_in::<MIRROR>(r, cell, prefix + 1..r / 2 + 1),
                        };
                        if found {
                            seen.mark(m);
                            m = seen.mex_from(m + 1);
                            continue 'candidates;
                        }
                    }
                }
            }
            break;
        }
        u32::try_from(m).expect("a Grundy value above u32::MAX")
    }
}

/// The option values marked for one heap size: a byte per value, or the
/// bits of a word when every value is below 64.
pub(super) trait Marks {
    /// The least unmarked value from `start` on.
    fn mex_from(&self, start: usize) -> usize;
    /// Marks `m`.
    fn mark(&mut self, m: usize);
}

impl Marks for [u8] {
    fn mex_from(&self, start: usize) -> usize {
        mex_from(self, start)
    }

    fn mark(&mut self, m: usize) {
        self[m] = 1;
    }
}

impl Marks for [u64] {
    fn mex_from(&self, start: usize) -> usize {
        let mut t = start / 64;
        let Some(&first) = self.get(t) else {
            return start;
        };
        let mut free = !first >> (start % 64) << (start % 64);
        loop {
            if free != 0 {
                return 64 * t + free.trailing_zeros() as usize;
            }
            t += 1;
            match self.get(t) {
                Some(&bits) => free = !bits,
                None => return 64 * t,
            }
        }
    }

    fn mark(&mut self, m: usize) {
        self[m / 64] |= 1 << (m % 64);
    }
}

impl Marks for u64 {
    fn mex_from(&self, start: usize) -> usize {
        if start >= 64 {
            return start;
        }
        match !*self >> start {
            // Every value from `start` to 63 is marked.
            0 => 64,
            free => start + free.trailing_zeros() as usize,
        }
    }

    fn mark(&mut self, m: usize) {
        *self |= 1 << m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::dense::pseudo_random;

    #[test]
    fn split_pair_scan_matches_definition() {
        // Values in two pieces, split at every point near the end, as in a
        // block: every range of parts, with partners on both sides; with
        // no mirror, one of the first piece, and one of part of it (the
        // scans read it where it holds the partners, the values otherwise),
        // and one of the values of the block too.
        let g: Vec<u16> = pseudo_random(99, 300, 300).map(|x| x as u16).collect();
        let backwards: Vec<u16> = g.iter().rev().copied().collect();
        for len in [2, 3, 131, 257, 300] {
            for (cut, held) in [len / 2, len - 70.min(len / 2), len - 1, len]
                .into_iter()
                .flat_map(|cut| [(cut, 0), (cut, cut), (cut, cut / 2), (cut, len)])
            {
                let view = Split {
                    old: &g[..cut],
                    new: &g[cut..len],
                    mirrored: &backwards[300 - held..],
                };
                for r in [len - 1, len.saturating_sub(40), len / 2] {
                    for (from, to) in [(0, 300), (1, 3), (2, 66), (64, 129), (100, 150)] {
                        for m in [0u16, 1, 7, 100, 299] {
                            let want =
                                (from.max(1)..to.min(r / 2 + 1)).any(|a| g[a] ^ g[r - a] == m);
                            assert_eq!(
                                view.has_pair(r, m, from..to),
                                want,
                                "len {len}, cut {cut}, mirror {held}, r {r}, parts {from}..{to}, m {m}"
                            );
                        }
                    }
                }
            }
        }
    }
}
