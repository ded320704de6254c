//! The engine's working state ([`State`]) and its main loop
//! ([`State::run`]), which computes heap sizes one at a time
//! ([`step`](super::step)) or in blocks ([`plan`](super::plan),
//! [`rows`](super::rows), [`finish`](super::finish)), and the bookkeeping of
//! every new value (the label histogram, the rare positions, when to
//! rebuild the classification).

use std::sync::atomic::{AtomicUsize, Ordering};

use super::block::{Prepared, Rows};
use super::classify::Group;
use super::mirror::Mirror;
use crate::heap::cell::Cell;
use crate::heap::dense::{for_each_pair_value, SENTINEL};
use crate::parallel::{for_each_mut, join};

/// Heap size of the first classification; before it every class is dense.
pub(super) const FIRST_REBUILD: usize = 64;

/// Heap sizes computed one at a time between two looks at whether blocks
/// apply (see [`State::run`]).
pub(super) const SHAPE_EVERY: u32 = 16;

#[derive(Clone, Debug, Default)]
pub(super) struct State {
    /// Takes that may remove a whole heap (bit 1).
    pub(super) whole: Vec<usize>,
    /// Takes that may leave one heap (bit 2).
    pub(super) single: Vec<usize>,
    /// Splits into two heaps, by parity of the take.
    pub(super) groups: [Group; 2],
    /// Takes after which the rest may be split in three (bit 8).
    pub(super) triple: Vec<usize>,
    /// For three-way splits: `pairs[m]`, the values of every split of `m`.
    pub(super) pairs: Vec<Vec<u32>>,
    /// A power of two above every value so far: all xors stay below it.
    pub(super) width: usize,
    /// Option values marked for the current heap; `width + SENTINEL` long.
    pub(super) seen: Vec<u8>,
    /// How many positions `a >= 1` carry each label `(G(a) << 1) | (a & 1)`.
    pub(super) counts: Vec<u64>,
    pub(super) max_value: u32,
    pub(super) force_dense: bool,
    pub(super) next_rebuild: usize,
    pub(super) rebuilds: usize,
    pub(super) scans: u64,
    pub(super) blocks: u64,
    /// Blocks finished from bit rows ([`bitrows`](crate::heap::bitrows)): of every value, and of
    /// two classes.
    pub(super) bit_blocks: [u64; 2],
    /// Bumped whenever the classification or `width` changes; a block of
    /// prepared rows is only valid within one epoch.
    pub(super) epoch: u64,
    /// Buffers for the rows of prepared blocks, kept between blocks.
    pub(super) spare: Vec<Rows>,
    /// Buffers for the codes of plans ([`Plan::codes`](super::plan::Plan::codes)), kept between
    /// blocks.
    pub(super) spare_codes: Vec<Vec<u16>>,
    /// Threads for blocks: 1 runs them on this thread only, more on two of
    /// rayon's threads at once; 0 until blocks first apply (then rayon's
    /// pool size), with blocks of [`BLOCK`](super::block::BLOCK) meanwhile.
    pub(super) threads: usize,
    /// Whether the dense classes mark every split rather than scan for each
    /// candidate (see [`State::mark_dense_classes`]).
    pub(super) mark_dense: bool,
    /// Heap size of the next comparison of the two dense methods.
    pub(super) dense_sample_at: usize,
    /// Smallest parts marked in every split, one heap size at a time (see
    /// [`PREFIX`](super::step::PREFIX)), and the scans counted towards adapting it.
    pub(super) prefix: usize,
    pub(super) prefix_scans: u64,
    /// Extra rebuilds every this many heap sizes (0: none); see
    /// [`SparseOctal::set_rebuild_interval`](super::SparseOctal::set_rebuild_interval).
    pub(super) rebuild_every: usize,
    /// The split values of recent heaps `r`, as bits, by class and `r %
    /// PAIR_CACHE`, for [`State::step_narrow`]: `(r + 1, epoch, prefix,
    /// bits)` (0 in an empty slot). A take `k` of heap `n` splits `r = n -
    /// k`, which a smaller take of the same parity split a few heap sizes
    /// before. They stay right within an epoch: rare positions added later
    /// are at least `r`, so never part of a split of `r`.
    pub(super) pair_cache: [[(usize, u64, usize, u64); PAIR_CACHE]; 2],
    /// The values backwards, for the scans of the portable path.
    pub(super) mirror: Mirror,
}

/// Recent heaps whose split values [`State::step_narrow`] keeps.
pub(super) const PAIR_CACHE: usize = 8;

impl State {
    /// Computes values until `g` holds `G(0..=n)`, or until a value does not
    /// fit in `T`, which is returned for the caller to store after widening.
    ///
    /// With blocks and several threads, block `k + 1` is prepared (on the
    /// other threads) while block `k` is finished one heap size at a time:
    /// the next block then reads only values from before block `k`, and
    /// leaves the splits whose part is below twice the block length to be
    /// finished sequentially.
    ///
    /// With `stop_at_blocks`, returns (with `None`) as soon as blocks
    /// apply, so that the caller can continue in rayon's pool.
    pub(super) fn run<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        n: usize,
        stop_at_blocks: bool,
    ) -> Option<u32> {
        let mut ahead: Option<Prepared> = None;
        // Heap sizes computed one at a time before blocks are considered
        // again: asking took 4% of the profile of a light code (0.1777),
        // and blocks that start a few heap sizes late change no value.
        let mut single = 0u32;
        while g.len() <= n {
            let s = g.len();
            let shape = if single > 0 {
                single -= 1;
                None
            } else {
                let shape = self.shape(s);
                if shape.is_none() {
                    single = SHAPE_EVERY - 1;
                }
                shape
            };
            if stop_at_blocks && shape.is_some() {
                return None;
            }
            let Some(shape) = shape else {
                ahead = None;
                self.mirror.sync(g, g.capacity());
                let x = self.step(g);
                if u64::from(x) >= T::LIMIT {
                    return Some(x);
                }
                self.push(g, x);
                continue;
            };
            // A whole block even past n: callers that grow the sequence
            // one heap size at a time still get full blocks.
            let block = shape.len;
            let mut current = match ahead.take() {
                Some(p)
                    if p.block.start == s
                        && p.block.epoch == self.epoch
                        && p.block.shape == shape =>
                {
                    p
                }
                _ => {
                    self.blocks += 1;
                    let plan = self.plan(s, s, shape);
                    let mut buffers = self.buffers();
                    plan.mark_all(g, &mut buffers);
                    plan.prepared(buffers)
                }
            };
            let ahead_plan =
                (self.threads > 1 && s + block <= n && self.shape(s + block) == Some(shape))
                    .then(|| self.plan(s + block, s, shape));
            // The finisher's scans read the mirror, which it extends as it
            // finds the block's values (it is out of `self` meanwhile).
            self.mirror.sync(g, g.capacity().max(s + block));
            let mut mirror = std::mem::take(&mut self.mirror);
            g.resize(s + block, T::default());
            let (old, new) = g.split_at_mut(s);
            let old: &[T] = old;
            let end = match ahead_plan {
                Some(plan) => {
                    // This thread finishes the block, then marks pieces of
                    // the next; the others mark pieces from the start.
                    let mut buffers = self.buffers();
                    let pieces = AtomicUsize::new(0);
                    let (first, others) = buffers.split_first_mut().expect("one buffer per thread");
                    let (end, ()) = join(
                        || {
                            let end = self.finish_block(old, &mut mirror, new, &mut current);
                            if end.done < block {
                                // The next block will be prepared again.
                                pieces.store(usize::MAX / 2, Ordering::Relaxed);
                            }
                            plan.mark(old, &pieces, first);
                            end
                        },
                        || match others {
                            [rows] => plan.mark(old, &pieces, rows),
                            _ => for_each_mut(others, |_, rows| plan.mark(old, &pieces, rows)),
                        },
                    );
                    if end.done == block {
                        self.blocks += 1;
                        ahead = Some(plan.prepared(buffers));
                    } else {
                        self.spare.extend(buffers);
                        self.spare_codes.extend(plan.prepared(Vec::new()).codes);
                    }
                    end
                }
                None => self.finish_block(old, &mut mirror, new, &mut current),
            };
            self.mirror = mirror;
            g.truncate(s + end.done);
            self.spare.append(&mut current.buffers);
            self.spare_codes.append(&mut current.codes);
            if end.rebuild {
                self.rebuild(g);
            }
            if end.pending.is_some() {
                return end.pending;
            }
        }
        None
    }

    /// Stores `x` as the next value and updates the classification.
    pub(super) fn push<T: Cell>(&mut self, g: &mut Vec<T>, x: u32) {
        g.push(T::of(x));
        let n = g.len() - 1;
        let reclassify = self.note(n, x);
        if !self.triple.is_empty() {
            let seen = &mut self.seen;
            seen[..self.width].fill(0);
            for_each_pair_value(g, n, |v| seen[v as usize] = 1);
            let set = (0..self.width as u32)
                .filter(|&v| seen[v as usize] != 0)
                .collect();
            self.pairs.push(set);
        }
        if reclassify {
            self.rebuild(g);
        }
    }

    /// Bookkeeping for the new value `G(n) = x`: the largest value, the
    /// width, the label histogram and the rare positions. Returns whether
    /// the classification must be rebuilt now.
    pub(super) fn note(&mut self, n: usize, x: u32) -> bool {
        self.max_value = self.max_value.max(x);
        let mut reclassify = false;
        if x as usize >= self.width {
            self.width = (x as usize + 1).next_power_of_two();
            self.seen.resize(self.width + SENTINEL, 0);
            self.counts.resize(2 * self.width, 0);
            self.epoch += 1;
            reclassify = true;
        }
        if n == 0 {
            return false;
        }
        let label = (x as usize) << 1 | (n & 1);
        self.counts[label] += 1;
        for group in &mut self.groups {
            if group.takes.is_empty() || group.dense {
                continue;
            }
            if !group.common.get(label).copied().unwrap_or(false) {
                group.rare.push(n);
                group.rare_values.push(x);
                if group.rare.len() > 2 * group.rare_at_rebuild + 64 {
                    reclassify = true;
                }
            }
        }
        if n + 1 >= self.next_rebuild {
            self.next_rebuild = 2 * (n + 1);
            reclassify = true;
        }
        if self.rebuild_every > 0 && n.is_multiple_of(self.rebuild_every) {
            reclassify = true;
        }
        reclassify && !self.force_dense && n + 1 >= FIRST_REBUILD
    }

    /// Chooses the common labels of each class from the histogram and lists
    /// the rare positions again.
    pub(super) fn rebuild<T: Cell>(&mut self, g: &[T]) {
        self.rebuilds += 1;
        self.epoch += 1;
        let mut labels: Vec<usize> = (0..self.counts.len())
            .filter(|&l| self.counts[l] > 0)
            .collect();
        labels.sort_by_key(|&l| std::cmp::Reverse(self.counts[l]));
        for group in &mut self.groups {
            if group.takes.is_empty() {
                continue;
            }
            group.classify(&labels, self.counts.len());
            group.rare.clear();
            group.rare_values.clear();
            for (a, v) in g.iter().enumerate().skip(1) {
                if !group.common[(v.get() as usize) << 1 | (a & 1)] {
                    group.rare.push(a);
                    group.rare_values.push(v.get());
                }
            }
            group.rare_at_rebuild = group.rare.len();
            // Enumerating rare pairs costs about #rare loads per split; a
            // scan of all splits costs about len/32 (vectorised) per
            // candidate. Past this share, the dense method is cheaper.
            group.dense = group.rare.len() > 64 + g.len() / 4;
            if group.dense {
                group.rare = Vec::new();
                group.rare_values = Vec::new();
            }
        }
    }
}
