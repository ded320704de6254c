//! Heap sizes one at a time, before blocks apply or where they do not:
//! the single-heap options, the pairs with a rare part and the smallest
//! parts marked, the dense classes marked or scanned, then the walk up the
//! mex candidates.

use super::classify::Group;
use super::marks::{mark_heap_options, settle, Split};
use super::state::{State, PAIR_CACHE};
use crate::heap::cell::Cell;

/// The fewest smallest parts `1..=prefix` of every split marked whatever
/// their labels when heap sizes are computed one at a time: the candidates
/// the labels cannot settle mostly have a witness among the smallest
/// parts, and one mark is cheaper than a scan. The engine adapts `prefix`
/// between `PREFIX` and [`PREFIX_MAX`] (see [`State::adapt_prefix`]).
/// Measured (scans per heap size): 0.36 to 3·10^5, 28 with no prefix, 19
/// with 48, 9 with 160 (0.8 s against 1.3 s); 0.354 needs few.
pub(super) const PREFIX: usize = 16;

/// See [`PREFIX`].
pub(super) const PREFIX_MAX: usize = 256;

/// Heap sizes over which scans are counted to adapt the prefix.
pub(super) const PREFIX_ROUND: usize = 1024;

/// Heap sizes between two comparisons of the dense methods (see
/// [`State::mark_dense_classes`]).
pub(super) const DENSE_SAMPLE: usize = 256;

/// How many splits a scan compares for the price of marking one split.
pub(super) const SCAN_PER_MARK: u64 = 8;

impl State {
    /// `G(n)` for `n = g.len()`.
    pub(super) fn step<T: Cell>(&mut self, g: &[T]) -> u32 {
        if self.width <= 64 && self.triple.is_empty() && !self.groups.iter().any(|g| g.dense) {
            return self.step_narrow(g);
        }
        let n = g.len();
        let width = self.width;
        let seen = &mut self.seen;
        seen[..width].fill(0);
        let view = Split {
            old: g,
            new: &[],
            mirrored: &[],
        };
        mark_heap_options(&self.whole, &self.single, view, &mut seen[..]);
        for group in &self.groups {
            if group.dense {
                continue;
            }
            for &k in &group.takes {
                if n < k + 2 {
                    continue;
                }
                mark_pairs(g, n - k, group, self.prefix, &mut seen[..width]);
            }
        }
        let full = self.mark_dense_classes(g);
        let seen = &mut self.seen;
        for &k in &self.triple {
            if n < k + 3 {
                continue;
            }
            let r = n - k;
            // Heaps a + (a 2-way split of r - a), for every a.
            for (ga, pairs) in g[1..=r - 2].iter().zip(self.pairs[2..r].iter().rev()) {
                let ga = ga.get();
                for &x in pairs {
                    seen[(ga ^ x) as usize] = 1;
                }
            }
        }
        let scans = self.scans;
        // The scans read the mirror, which [`State::run`] brought up to `g`.
        let view = Split {
            mirrored: self.mirror.view(),
            ..view
        };
        let x = settle(
            &self.groups,
            view,
            &mut seen[..],
            width,
            &mut self.scans,
            None,
            full,
            self.prefix,
        );
        self.adapt_prefix(n, self.scans - scans);
        x
    }

    /// [`State::step`] for values below 64 and sparse classes only (0.1777
    /// and many light codes): the marks are the bits of a word, and the
    /// split values of a heap `r` are kept, so that the larger takes of a
    /// class, which split heaps a smaller take split a few heap sizes
    /// before, read them instead of marking them again.
    pub(super) fn step_narrow<T: Cell>(&mut self, g: &[T]) -> u32 {
        let n = g.len();
        let view = Split {
            old: g,
            new: &[],
            mirrored: &[],
        };
        let mut bits = 0u64;
        mark_heap_options(&self.whole, &self.single, view, &mut bits);
        for (class, group) in self.groups.iter().enumerate() {
            for &k in &group.takes {
                if n < k + 2 {
                    continue;
                }
                let r = n - k;
                let slot = &mut self.pair_cache[class][r % PAIR_CACHE];
                if slot.0 == r + 1 && slot.1 == self.epoch && slot.2 == self.prefix {
                    bits |= slot.3;
                } else {
                    let pairs = pair_bits(g, r, group, self.prefix);
                    *slot = (r + 1, self.epoch, self.prefix, pairs);
                    bits |= pairs;
                }
            }
        }
        let scans = self.scans;
        // The scans read the mirror, which [`State::run`] brought up to `g`.
        let view = Split {
            mirrored: self.mirror.view(),
            ..view
        };
        let x = settle(
            &self.groups,
            view,
            &mut bits,
            self.width,
            &mut self.scans,
            None,
            [false; 2],
            self.prefix,
        );
        self.adapt_prefix(n, self.scans - scans);
        x
    }

    /// Adapts the number of smallest parts marked in every split (see
    /// [`PREFIX`]) to the scans they leave: over each [`PREFIX_ROUND`]
    /// heap sizes, many scans per heap size double it, few halve it.
    pub(super) fn adapt_prefix(&mut self, n: usize, scans: u64) {
        self.prefix_scans += scans;
        if n.is_multiple_of(PREFIX_ROUND) {
            let per_heap = self.prefix_scans / PREFIX_ROUND as u64;
            if per_heap >= 4 {
                self.prefix = (self.prefix * 2).min(PREFIX_MAX);
            } else if per_heap < 1 {
                self.prefix = (self.prefix / 2).max(PREFIX);
            }
            self.prefix_scans = 0;
        }
    }

    /// For the dense classes of heap size `n = g.len()`: marks every split
    /// in `seen` when that is cheaper than checking the mex candidates one
    /// by one, and returns which classes it marked (their candidates need
    /// no scan).
    ///
    /// A scan for a candidate stops at its first witness, and compares
    /// many splits per instruction; marking every split costs one store per
    /// split but settles all candidates at once. Which is cheaper depends
    /// on how many candidates the walk meets and how far their witnesses
    /// lie, so every [`DENSE_SAMPLE`] heap sizes the engine marks every
    /// split while noting where each value first appears, prices both
    /// methods on that heap, and keeps the cheaper until the next sample.
    pub(super) fn mark_dense_classes<T: Cell>(&mut self, g: &[T]) -> [bool; 2] {
        let n = g.len();
        let mut full = [false; 2];
        let dense =
            |i: usize| self.groups[i].dense && self.groups[i].takes.iter().any(|&k| n >= k + 2);
        if !(dense(0) || dense(1)) {
            return full;
        }
        let sample = n >= self.dense_sample_at;
        if !sample && !self.mark_dense {
            return full;
        }
        full = [dense(0), dense(1)];
        let width = self.width;
        let seen = &mut self.seen;
        // Splits marked (the price of marking), and for a sample, where
        // each value first appears.
        let mut splits = 0u64;
        let mut first = if sample {
            vec![usize::MAX; width]
        } else {
            Vec::new()
        };
        for (i, group) in self.groups.iter().enumerate() {
            if !full[i] {
                continue;
            }
            for &k in &group.takes {
                if n < k + 2 {
                    continue;
                }
                let r = n - k;
                splits += (r / 2) as u64;
                if sample {
                    for a in 1..=r / 2 {
                        let slot = &mut first[(g[a] ^ g[r - a]).get() as usize];
                        *slot = (*slot).min(a);
                    }
                } else {
                    mark_all_splits(&g[1..=r / 2], &g[r - r / 2..r], &mut seen[..width]);
                }
            }
        }
        if sample {
            self.dense_sample_at = n + DENSE_SAMPLE;
            // The walk the scans would make: each candidate not marked
            // otherwise costs the distance to its first witness, and the
            // answer a scan of every split.
            let mut scanned = 0u64;
            for (v, &a) in first.iter().enumerate() {
                if seen[v] != 0 {
                    continue;
                }
                if a == usize::MAX {
                    scanned += splits;
                    break;
                }
                scanned += a as u64;
            }
            self.mark_dense = scanned > SCAN_PER_MARK * splits;
            for (v, &a) in first.iter().enumerate() {
                if a != usize::MAX {
                    seen[v] = 1;
                }
            }
        }
        full
    }
}

/// Marks, for a heap of `r` tokens split in two, the values of the splits
/// `a + (r - a)` whose part `a` is one of the class's rare positions (parts
/// from `r` on are skipped) or at most `prefix` (up to half the heap), in
/// `seen`, whose length is the width (a power of two above every value).
/// A function of its own so that `seen` is known not to alias the values
/// or the lists: inlined into [`State::step`], the loop reloaded the
/// buffer's address and length at every mark. The rare parts' values come
/// from their own list, read in order, and the indices are written so that
/// the compiler can see they are in bounds: on 0.354 (131 rare positions a
/// class, both classes split) this loop is two thirds of the time.
#[inline(never)]
pub(super) fn mark_pairs<T: Cell>(
    g: &[T],
    r: usize,
    group: &Group,
    prefix: usize,
    seen: &mut [u8],
) {
    let mask = seen.len().wrapping_sub(1);
    if seen.is_empty() || r > g.len() {
        return;
    }
    // `r` is `n` itself for a take of nothing (codes such as 4.12), so
    // only `G(..r)` is read: every part is at least 1.
    let head = &g[..r];
    for (&a, &ga) in group.rare.iter().zip(&group.rare_values) {
        if a >= r {
            break;
        }
        seen[(ga ^ head[r - a].get()) as usize & mask] = 1;
    }
    let small = prefix.min(r / 2);
    if small > 0 {
        mark_all_splits(&head[1..=small], &head[r - small..r], seen);
    }
}

/// Marks `low[i] ^ high[high.len() - 1 - i]` for every `i` in `marks`, whose
/// length is a power of two above every value: the splits `a + (r - a)` of
/// a heap of `r` tokens, for `low = G(1..=r/2)` and `high = G(r - r/2..r)`.
///
/// This is the dense method's whole cost (a census of `octal:3` spends most
/// of its time here). The parts are read as two slices in opposite
/// directions, [`DENSE_LANES`] pairs at a time: the xors first, then the
/// stores, and each index masked to the length of `marks` (a value cannot
/// pass it), so that the compiler keeps no bounds check and no loop test
/// between two stores.
#[inline(never)]
pub(super) fn mark_all_splits<T: Cell>(low: &[T], high: &[T], marks: &mut [u8]) {
    debug_assert!(marks.len().is_power_of_two() && low.len() == high.len());
    let Some(mask) = marks.len().checked_sub(1) else {
        return;
    };
    let marks = &mut marks[..=mask];
    let mut lows = low.chunks_exact(DENSE_LANES);
    let mut highs = high.rchunks_exact(DENSE_LANES);
    for (xs, ys) in (&mut lows).zip(&mut highs) {
        let mut at = [0usize; DENSE_LANES];
        for (i, slot) in at.iter_mut().enumerate() {
            *slot = (xs[i] ^ ys[DENSE_LANES - 1 - i]).get() as usize & mask;
        }
        for i in at {
            marks[i] = 1;
        }
    }
    for (x, y) in lows.remainder().iter().zip(highs.remainder().iter().rev()) {
        marks[(*x ^ *y).get() as usize & mask] = 1;
    }
}

/// Pairs per round of [`mark_all_splits`].
pub(super) const DENSE_LANES: usize = 16;

/// [`mark_pairs`] into the bits of a word, for values below 64: the
/// values of the splits `a + (r - a)` with `a` rare or at most `prefix`.
pub(super) fn pair_bits<T: Cell>(g: &[T], r: usize, group: &Group, prefix: usize) -> u64 {
    if r > g.len() {
        return 0;
    }
    let head = &g[..r];
    let (mut rare, mut small) = (0u64, 0u64);
    for (&a, &ga) in group.rare.iter().zip(&group.rare_values) {
        if a >= r {
            break;
        }
        rare |= 1 << ((ga ^ head[r - a].get()) & 63);
    }
    for a in 1..=prefix.min(r / 2) {
        small |= 1 << ((head[a] ^ head[r - a]).get() & 63);
    }
    rare | small
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::dense::pseudo_random;

    #[test]
    fn marking_every_split_matches_the_definition() {
        // Heaps on both sides of a round of DENSE_LANES pairs, and values
        // that use every bit of the width.
        let g: Vec<u16> = pseudo_random(7, 200, 512).map(|x| x as u16).collect();
        for r in [2, 3, 17, 31, 32, 33, 34, 35, 64, 65, 66, 67, 131, 199] {
            let mut want = vec![0u8; 512];
            for a in 1..=r / 2 {
                want[usize::from(g[a] ^ g[r - a])] = 1;
            }
            let mut got = vec![0u8; 512];
            mark_all_splits(&g[1..=r / 2], &g[r - r / 2..r], &mut got);
            assert_eq!(got, want, "r {r}");
        }
    }
}
