//! Planning a block ([`Plan`]): whether heap sizes go in blocks and of
//! which shape, and which splits a block marks ahead, in rows of bytes or
//! bits, of every value or of two classes.

use super::block::{row_len, Block, Prepared, Rows, Shape};
use super::block::{
    BLOCK, LIGHT_PARALLEL_BLOCK, LIGHT_RARE, LIGHT_WINDOW, MIDDLE, PARALLEL_BLOCK, RARE_FOR_BLOCKS,
    WINDOW,
};
use super::state::State;
use crate::heap::bitrows::{self, Select, LANES};

/// The most 16-bit words of bit rows of two classes (values below 768,
/// each part one register pass of 24 words); past it, blocks mark bytes.
pub(super) const MAX_WORDS: usize = 48;

/// The most 16-bit words of bit rows of every value (values below 384, one
/// pass of 24 registers). Past it a part takes two passes and bits cost
/// about what bytes do: 0.74 to 10^6 (values to about 500, 32 words) took
/// 1.75 to 2.16 s in bits against 1.66 to 2.11 s in bytes, alternating.
pub(super) const ALL_WORDS: usize = 24;

/// Bit rows leave out the largest values when at most one position in
/// this many has them (see [`State::bit_limit`]).
pub(super) const RARE_ABOVE_BITS: u64 = 4096;

impl State {
    /// How heap size `s` starts a block, or `None` when it is computed on
    /// its own: blocks need a code with no three-way split, windows that fit
    /// below `s`, and sparse classes with at least [`LIGHT_RARE`] rare
    /// positions per splitting take (with a handful, one heap size at a
    /// time is cheaper: 0.16 runs 15 times faster that way). From
    /// [`RARE_FOR_BLOCKS`] on, blocks mark wide windows of ordinary pairs
    /// ([`WINDOW`], [`MIDDLE`]); below, narrow ones ([`LIGHT_WINDOW`]).
    pub(super) fn shape(&self, s: usize) -> Option<Shape> {
        let t = *self.groups.iter().flat_map(|g| g.takes.iter()).max()?;
        if !self.triple.is_empty() || self.force_dense {
            return None;
        }
        let sparse = self.groups.iter().filter(|g| !g.dense);
        let (rare, takes) = sparse.fold((0, 0), |(r, k), g| {
            (r + g.rare.len() * g.takes.len(), k + g.takes.len())
        });
        if takes == 0 || rare < LIGHT_RARE * takes {
            return None;
        }
        let parallel = self.threads > 1;
        let shape = if rare >= RARE_FOR_BLOCKS * takes {
            Shape {
                len: if parallel { PARALLEL_BLOCK } else { BLOCK },
                window: WINDOW,
                middle: MIDDLE,
            }
        } else {
            Shape {
                len: if parallel {
                    LIGHT_PARALLEL_BLOCK
                } else {
                    BLOCK
                },
                window: LIGHT_WINDOW,
                middle: 0,
            }
        };
        (s >= 2 * shape.len + shape.window + t + 8).then_some(shape)
    }

    /// What to mark ahead for the block of heap sizes `start .. start +
    /// block`, from the values below `bound` only (`bound <= start`): the
    /// splits whose part `a` is at least `lag = start - bound + block`, so
    /// that `G(n - k - a)` is below `bound` for every heap size of the block.
    pub(super) fn plan(&mut self, start: usize, bound: usize, shape: Shape) -> Plan {
        let lag = start - bound + shape.len;
        let window_end = lag + shape.window;
        let words = self.bit_words(shape);
        if words > 0 {
            if let Some(mut plan) = self.plan_classes(start, bound, shape, words) {
                plan.code(self.max_value as usize, &mut self.spare_codes);
                return plan;
            }
        }
        let words = if words <= ALL_WORDS { words } else { 0 };
        let mut parts = Vec::new();
        for group in self.groups.iter().filter(|g| !g.takes.is_empty()) {
            let rare = if group.dense {
                &[][..]
            } else {
                let from = group.rare.partition_point(|&a| a < window_end);
                let to = group.rare.partition_point(|&a| a < bound);
                &group.rare[from..to]
            };
            for &k in &group.takes {
                let mid = (start - k) / 2;
                let middle = mid.saturating_sub(shape.middle).max(window_end)..mid;
                for a in (lag..window_end).chain(middle) {
                    parts.push((k, a));
                }
                parts.extend(rare.iter().map(|&a| (k, a)));
            }
        }
        Plan {
            block: self.block(start, bound, shape, words, None),
            jobs: vec![Job {
                select: Select::All,
                parts: 0..parts.len(),
                coded: None,
            }],
            parts,
            pending: std::sync::Mutex::new(None),
            coded: std::sync::OnceLock::new(),
        }
    }

    /// [`State::plan`] in bit rows of two classes, when the splitting
    /// moves form one sparse class whose common pairs give exactly the
    /// values of one parity of `value & mask` ([`Group::linear`](super::classify::Group::linear), as in
    /// Officers): then the window parts mark only the values of that
    /// class (the others have a rare part among their splits, which marks
    /// them), and the rare parts only those of the other (the settled
    /// candidates; the few others they give are found by the scans, which
    /// look at every part outside the windows). Each part so marks half
    /// the words. `None` when the values do not split so.
    pub(super) fn plan_classes(
        &self,
        start: usize,
        bound: usize,
        shape: Shape,
        words: usize,
    ) -> Option<Plan> {
        let mut groups = self.groups.iter().filter(|g| !g.takes.is_empty());
        let (group, None) = (groups.next()?, groups.next()) else {
            return None;
        };
        let (mask, common) = group
            .linear
            .filter(|&(mask, _)| !group.dense && mask & 1 == 0)?;
        let classes = bitrows::Classes::new(mask >> 1)?;
        let lag = start - bound + shape.len;
        let window_end = lag + shape.window;
        let cut = |end: usize| group.rare.partition_point(|&a| a < end);
        // The window's other parts, then its rare parts (both classes),
        // then the rare parts after it, then the middle: with one take,
        // each job's parts are in order of `a` (see [`Plan::code`]).
        let mut parts = Vec::new();
        for &k in &group.takes {
            let mut rare = group.rare[cut(lag)..cut(window_end)].iter().peekable();
            let common = (lag..window_end).filter(|&a| rare.next_if_eq(&&a).is_none());
            parts.extend(common.map(|a| (k, a)));
        }
        let mut rare_parts = |from: usize, to: usize| {
            let first = parts.len();
            for &k in &group.takes {
                parts.extend(group.rare[cut(from)..cut(to)].iter().map(|&a| (k, a)));
            }
            first
        };
        let both = rare_parts(lag, window_end);
        let far = rare_parts(window_end, bound);
        let middles = parts.len();
        for &k in &group.takes {
            let mid = (start - k) / 2;
            let middle = mid.saturating_sub(shape.middle).max(window_end)..mid;
            parts.extend(middle.map(|a| (k, a)));
        }
        let settled = 1 - common;
        // Rows of class 0, then class 1, that cover the values below
        // `16 · words`, as rows of values would.
        let words = classes.round_words(words);
        let job = |class: usize, parts: std::ops::Range<usize>| Job {
            select: Select::Class(classes, class),
            parts,
            coded: None,
        };
        Some(Plan {
            block: self.block(start, bound, shape, words, Some((classes, settled))),
            jobs: vec![
                job(settled, both..middles),
                job(common, 0..far),
                job(common, middles..parts.len()),
            ],
            parts,
            pending: std::sync::Mutex::new(None),
            coded: std::sync::OnceLock::new(),
        })
    }

    /// The block of heap sizes from `start`, marked from the values below
    /// `bound`, under the current classification and width.
    pub(super) fn block(
        &self,
        start: usize,
        bound: usize,
        shape: Shape,
        words: usize,
        classes: Option<(bitrows::Classes, usize)>,
    ) -> Block {
        Block {
            start,
            bound,
            lag: start - bound + shape.len,
            shape,
            epoch: self.epoch,
            row: row_len(self.width),
            words,
            classes,
        }
    }

    /// The 16-bit words of a block's bit rows, 0 for rows of bytes: bits
    /// cover the values up to the largest so far (a larger value is a
    /// record, rare, and [`State::finish_block`] then adds the marks above
    /// the bits), when the processor marks bits on vectors, the block is
    /// made of whole groups of [`LANES`] heap sizes, and the values fit
    /// [`MAX_WORDS`] (bytes are as fast for small widths and for wide
    /// values; see also [`ALL_WORDS`]).
    pub(super) fn bit_words(&self, shape: Shape) -> usize {
        // Rows of two classes round this up (`Classes::round_words`).
        let words = bitrows::words_for(self.bit_limit());
        let fits = self.width >= 64 && words <= MAX_WORDS && 16 * words <= self.width;
        if fits && shape.len.is_multiple_of(LANES) && bitrows::available() {
            words
        } else {
            0
        }
    }

    /// The values that bit rows cover: those below the least limit that
    /// at most one position in [`RARE_ABOVE_BITS`] passes. A heap size
    /// whose value passes it costs a walk over every planned split (see
    /// [`State::finish_block`]), a few microseconds; each word the rows
    /// drop saves every heap size about 0.03 µs on Officers (3100 parts,
    /// two and a half vector operations a part and word for 32 heap
    /// sizes). Officers (0.6) to 2^26 has values to 325, but only 0.03%
    /// from 272 on.
    pub(super) fn bit_limit(&self) -> usize {
        let total: u64 = self.counts.iter().sum();
        let allowed = total / RARE_ABOVE_BITS;
        let mut above = 0;
        for value in (0..=self.max_value as usize).rev() {
            above += self.counts[2 * value] + self.counts[2 * value + 1];
            if above > allowed {
                return value + 1;
            }
        }
        1
    }
}

/// What preparing a block needs, copied from the engine so that it can run
/// beside the engine finishing the block before.
#[derive(Debug)]
pub(super) struct Plan {
    pub(super) block: Block,
    /// The splits to mark in every row, as `(take, part)`: the parts of the
    /// window from `lag` to `lag + shape.window`, the `shape.middle` parts
    /// below half the heap, and the rare parts from `lag + shape.window` to
    /// `bound`.
    pub(super) parts: Vec<(usize, usize)>,
    /// What bit rows mark of which parts: [`Select::All`] of every part,
    /// or, with two classes ([`State::plan_classes`]), each class of the
    /// parts that must mark it.
    pub(super) jobs: Vec<Job>,
    /// With codes ([`Plan::code`]): a table of the code of every value,
    /// and the stretches of positions whose codes the jobs read, each with
    /// a buffer, until the first thread that marks computes them.
    pub(super) pending: std::sync::Mutex<Option<CodesToDo>>,
    /// The codes, once computed.
    pub(super) coded: std::sync::OnceLock<Coded>,
}

/// The table of codes and the stretches of a plan's codes to compute.
pub(super) type CodesToDo = (Vec<u16>, Vec<(std::ops::Range<usize>, Vec<u16>)>);

/// The codes a plan's jobs read ([`Plan::code`]).
#[derive(Debug, Default)]
pub(super) struct Coded {
    /// The code of `G(a)` for each part `(k, a)` of [`Plan::parts`].
    pub(super) heads: Vec<u16>,
    /// Stretches of positions whose values' codes the jobs read, as
    /// `(origin, codes)`.
    pub(super) codes: Vec<(usize, Vec<u16>)>,
}

/// Parts of a plan marked in bit rows the same way.
#[derive(Debug)]
pub(super) struct Job {
    pub(super) select: Select,
    /// Indices into [`Plan::parts`].
    pub(super) parts: std::ops::Range<usize>,
    /// With codes: the index in [`Coded::codes`] of the stretch that
    /// holds the codes of every partner of these parts.
    pub(super) coded: Option<usize>,
}

impl Plan {
    /// The prepared block, from the rows this plan's threads marked.
    pub(super) fn prepared(self, buffers: Vec<Rows>) -> Prepared {
        Prepared {
            block: self.block,
            buffers,
            parts: self.parts,
            codes: self
                .coded
                .into_inner()
                .map_or_else(Vec::new, |c| c.codes.into_iter().map(|(_, c)| c).collect()),
        }
    }
}
