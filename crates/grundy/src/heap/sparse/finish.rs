//! The finisher: a prepared block is finished one heap size at a time,
//! adding to each row the splits it could not hold and the single-heap
//! options, then walking up the mex candidates.

use super::block::{Block, BlockEnd, Prepared};
use super::marks::{mark_heap_options, settle, Marks, Split};
use super::mirror::Mirror;
use super::rows::{mark_column, value_words};
use super::state::State;
use crate::heap::bitrows::{self, Select, LANES};
use crate::heap::cell::Cell;

/// Heap sizes per piece of a block finished one heap size at a time (see
/// [`State::finish_block`]): a group of bit rows ([`bitrows::LANES`]).
pub(super) const SUB_BLOCK: usize = LANES;

impl State {
    /// Finishes the prepared block `p` one heap size at a time: `old` holds
    /// the values before it, and `G(start + j)` goes to `new[j]` (and to
    /// `mirror`, which holds those before it). Each heap
    /// size adds, to its prepared row, the splits the row could not hold
    /// (rare parts below `lag` or from `bound` on) and the single-heap
    /// options, then walks up the mex candidates. Stops early when a value
    /// does not fit in `T`, or when the classification or the width
    /// changes (the remaining rows assumed the old ones).
    ///
    /// The rows go in pieces of [`SUB_BLOCK`]: at the start of a piece, the
    /// rare parts from `SUB_BLOCK` to `lag` pair with values from before
    /// the piece, so they are marked for all its rows at once, by columns
    /// as in [`Plan::mark`](super::plan::Plan::mark); only the rare parts below `SUB_BLOCK` (and from
    /// `bound` on) are marked one heap size at a time.
    pub(super) fn finish_block<T: Cell>(
        &mut self,
        old: &[T],
        mirror: &mut Mirror,
        new: &mut [T],
        p: &mut Prepared,
    ) -> BlockEnd {
        debug_assert_eq!(old.len(), p.block.start);
        let epoch = self.epoch;
        let s = p.block.start;
        // For each class, where its rare parts pass SUB_BLOCK, the lag and
        // the bound. Parts found in this block are at least `bound`, so these
        // stay put while the block grows the lists.
        let cuts = self.groups.each_ref().map(|group| {
            let cut = |end: usize| group.rare.partition_point(|&a| a < end);
            [
                cut(SUB_BLOCK.min(p.block.lag)),
                cut(p.block.lag),
                cut(p.block.bound),
            ]
        });
        let words = p.block.words;
        if words > 0 {
            self.bit_blocks[usize::from(p.block.classes.is_some())] += 1;
        }
        // With bit rows: the rare parts from SUB_BLOCK to the lag, marked
        // into the bits of each piece from a copy of the values they pair
        // with, and what they mark (the settled class, with two).
        let mut columns = Vec::new();
        let mut recent = Vec::new();
        let select = p
            .block
            .classes
            .map_or(Select::All, |(c, settled)| Select::Class(c, settled));
        let value_row = value_words(self.width);
        if words > 0 {
            // Bit rows are expanded into these a piece at a time.
            p.buffers[0].values.resize(SUB_BLOCK * value_row, 0);
            for (group, &[from, to, _]) in self.groups.iter().zip(&cuts) {
                if !group.dense {
                    for &k in &group.takes {
                        columns.extend(group.rare[from..to].iter().map(|&a| (k, a)));
                    }
                }
            }
        }
        let reach = columns.iter().map(|&(k, a)| k + a).max().unwrap_or(0);
        // With two classes, the columns read codes, as the plan's parts do:
        // those of their heads, and of a copy of the recent values.
        let heads: Vec<u16> = match p.block.classes {
            Some((c, _)) => columns
                .iter()
                .map(|&(_, a)| c.code(old[a].get() as usize))
                .collect(),
            None => Vec::new(),
        };
        let mut recent_codes = Vec::new();
        for j in 0..p.block.shape.len {
            if j % SUB_BLOCK == 0 {
                let rows = (p.block.shape.len - j).min(SUB_BLOCK);
                let span = j * p.block.row..(j + rows) * p.block.row;
                let (first, others) = p
                    .buffers
                    .split_first_mut()
                    .expect("a prepared block has rows");
                if words > 0 {
                    let group = j / LANES * words * LANES..(j / LANES + 1) * words * LANES;
                    let bits = &mut first.bits[group.clone()];
                    for other in others {
                        for (m, o) in bits.iter_mut().zip(&other.bits[group.clone()]) {
                            *m |= o;
                        }
                    }
                    // Row j + i pairs part a with G(s + j + i - k - a): from
                    // `origin` on, all below s + j.
                    let origin = (s + j).saturating_sub(reach);
                    recent.clear();
                    recent.extend_from_slice(&old[origin.min(s)..]);
                    recent.extend_from_slice(&new[origin.saturating_sub(s)..j]);
                    let rows = &mut bits[select.rows(words * LANES)];
                    match p.block.classes {
                        Some((c, settled)) => {
                            bitrows::codes(c, &recent, &mut recent_codes);
                            let partners = bitrows::Coded {
                                codes: &recent_codes,
                                origin,
                            };
                            bitrows::mark_coded(rows, partners, s + j, &columns, &heads, settled);
                        }
                        None => {
                            let values = bitrows::Values {
                                heads: old,
                                partners: &recent,
                                origin,
                            };
                            bitrows::mark(rows, values, s + j, &columns, select);
                        }
                    }
                    let classes = p.block.classes.map(|(c, _)| c);
                    bitrows::expand(bits, &mut first.values, value_row, classes);
                } else {
                    let marks = &mut first.bytes[span.clone()];
                    for other in others {
                        for (m, o) in marks.iter_mut().zip(&other.bytes[span.clone()]) {
                            *m |= o;
                        }
                    }
                    for (group, &[from, to, _]) in self.groups.iter().zip(&cuts) {
                        if group.dense {
                            continue;
                        }
                        for &k in &group.takes {
                            for &a in &group.rare[from..to] {
                                // Rows j.. pair a with G(s + j - k - a)
                                // onwards, all below s + j: some before the
                                // block, the rest in it.
                                let first = s + j - k - a;
                                let ga = old[a];
                                let before = s.saturating_sub(first).min(rows);
                                if before > 0 {
                                    mark_column(
                                        marks,
                                        p.block.row,
                                        ga,
                                        &old[first..first + before],
                                    );
                                }
                                if before < rows {
                                    let inside = first + before - s;
                                    mark_column(
                                        &mut marks[before * p.block.row..],
                                        p.block.row,
                                        ga,
                                        &new[inside..inside + rows - before],
                                    );
                                }
                            }
                        }
                    }
                }
            }
            let n = s + j;
            let view = Split {
                old,
                new: &new[..j],
                mirrored: mirror.view(),
            };
            let first = &mut p.buffers[0];
            let x = if words > 0 {
                let i = j % SUB_BLOCK;
                let seen = &mut first.values[i * value_row..(i + 1) * value_row];
                self.finish_heap(view, seen, &cuts, p.block, [&p.parts, &columns])
            } else {
                let seen = &mut first.bytes[j * p.block.row..(j + 1) * p.block.row];
                self.finish_heap(view, seen, &cuts, p.block, [&p.parts, &columns])
            };
            if u64::from(x) >= T::LIMIT {
                return BlockEnd {
                    done: j,
                    pending: Some(x),
                    rebuild: false,
                };
            }
            new[j] = T::of(x);
            mirror.push(new[j]);
            let rebuild = self.note(n, x);
            if rebuild || self.epoch != epoch {
                return BlockEnd {
                    done: j + 1,
                    pending: None,
                    rebuild,
                };
            }
        }
        BlockEnd {
            done: p.block.shape.len,
            pending: None,
            rebuild: false,
        }
    }

    /// `G(n)` for `n = g.len()`, a heap size of the prepared `block`,
    /// from its prepared marks in `seen`: adds the single-heap options and
    /// the rare parts the rows could not hold (`cuts` as in
    /// [`State::finish_block`]), then walks up the mex candidates. With bit
    /// rows, the marks of the `planned` splits (the block's parts and the
    /// finisher's columns) cover the values below `16 · block.words` only;
    /// a walk that passes them adds the others and walks again.
    pub(super) fn finish_heap<T: Cell, S: Marks + ?Sized>(
        &mut self,
        g: Split<'_, T>,
        seen: &mut S,
        cuts: &[[usize; 3]; 2],
        block: Block,
        planned: [&[(usize, usize)]; 2],
    ) -> u32 {
        let n = g.len();
        mark_heap_options(&self.whole, &self.single, g, seen);
        for (group, &[low, _, high]) in self.groups.iter().zip(cuts) {
            if group.dense {
                continue;
            }
            for &k in &group.takes {
                let r = n - k;
                for &a in group.rare[..low].iter().chain(&group.rare[high..]) {
                    if a >= r {
                        break;
                    }
                    seen.mark((g.get(a) ^ g.get(r - a)).get() as usize);
                }
            }
        }
        let limit = 16 * block.words;
        let mut walks = if limit > 0 { 2 } else { 1 };
        loop {
            walks -= 1;
            let x = settle(
                &self.groups,
                g,
                seen,
                self.width,
                &mut self.scans,
                Some(block),
                [false; 2],
                0,
            );
            if walks == 0 || (x as usize) < limit {
                return x;
            }
            for &(k, a) in planned.into_iter().flatten() {
                if a < n - k {
                    let v = (g.get(a) ^ g.get(n - k - a)).get() as usize;
                    if v >= limit {
                        seen.mark(v);
                    }
                }
            }
        }
    }
}
