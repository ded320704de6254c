//! Blocks of heap sizes: their shapes (how long, which windows of ordinary
//! pairs they mark ahead), the rows they are marked in, and how a block
//! ends. See "Blocks and threads" in the [module documentation](super).

use crate::heap::bitrows;
use crate::heap::dense::SENTINEL;

/// Rare positions per splitting take (over the sparse classes) from which
/// blocks mark wide windows. Such a block marks `WINDOW + MIDDLE` ordinary
/// parts per take and heap size besides the rare ones; with fewer rare
/// parts than about two thirds of that, the wide windows cost more than
/// the scans they save. Measured: 0.354 (131 rare per take) to 2·10^6
/// takes 0.97 s one heap size at a time against 4.2 s in wide blocks on
/// two threads; 0.65 (496) to 2·10^5 1.09 s against 1.32 s; Officers
/// (1583) is 2-3x faster in wide blocks. Below this, narrow blocks
/// ([`LIGHT_WINDOW`]).
pub(super) const RARE_FOR_BLOCKS: usize = 1024;

/// Heap sizes prepared at once. Pairs whose smaller part is at least
/// `BLOCK` involve only values from before the block.
pub(super) const BLOCK: usize = 128;

/// Heap sizes prepared at once when several threads share the work: longer
/// blocks pay for waking the other threads and for planning (measured on
/// Officers to 2^20 with byte rows: 128 is best on one thread, 512 on two;
/// to 2^26 with bit rows and codes, two threads, four alternating pairs:
/// 1024 took 23.8 to 26.6 s against 26.1 to 29.0 s for 512).
pub(super) const PARALLEL_BLOCK: usize = 1024;

/// Splits per heap size marked in a block whatever their labels, so that
/// most candidates a classification cannot settle are already marked: the
/// `WINDOW` parts from the block's lag on (see [`State::plan`](super::state::State::plan)), and
/// `MIDDLE` parts just below half the heap. Measured on Officers (0.6) to
/// 2^20: smaller windows leave more candidates to the sequential scans,
/// larger ones cost more marks.
pub(super) const WINDOW: usize = 1024;

/// See [`WINDOW`].
pub(super) const MIDDLE: usize = 512;

/// Rare positions per splitting take (over the sparse classes) from which
/// narrow blocks are used (see [`State::shape`](super::state::State::shape)).
pub(super) const LIGHT_RARE: usize = 64;

/// The window of a narrow block: with fewer rare parts than
/// [`RARE_FOR_BLOCKS`], wide windows cost more marks than the scans they
/// save. Measured on 0.354 (131 rare positions per take) to its proof,
/// 2·10^7: one heap size at a time 12.5 s; blocks with windows of 0, 64,
/// 128 and 256 parts 11, 6.2, 6.1 and 10 s on two threads.
pub(super) const LIGHT_WINDOW: usize = 64;

/// Heap sizes per narrow block when several threads share the work
/// (0.354: 32 and 64 about equal, 128 a tenth slower).
pub(super) const LIGHT_PARALLEL_BLOCK: usize = 64;

/// A block of heap sizes `start .. start + shape.len` and what its prepared
/// rows hold (see [`State::plan`](super::state::State::plan)): for every heap size, the splits whose
/// part lies in the window from `lag` to `lag + shape.window`, among the
/// `shape.middle` parts below half the heap, or among the rare parts from
/// `lag + shape.window` to `bound`, marked from the values below `bound`
/// under the classification of `epoch`, in rows of `row` bytes, or, when
/// `words` is not 0, in bit rows of the values below `16 · words`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Block {
    pub(super) start: usize,
    pub(super) bound: usize,
    pub(super) lag: usize,
    pub(super) shape: Shape,
    pub(super) epoch: u64,
    pub(super) row: usize,
    /// Words of 16 bits per bit row (see [`bitrows`]), or 0 when the
    /// block marks bytes.
    pub(super) words: usize,
    /// With bit rows: whether they hold the values of two classes, half
    /// the words each, and the class of the settled values, which the rare
    /// parts mark ([`State::plan_classes`](super::state::State::plan_classes)).
    pub(super) classes: Option<(bitrows::Classes, usize)>,
}

/// The layout of a block: `len` heap sizes, and the ordinary parts marked
/// whatever their labels, `window` from the lag on and `middle` below half
/// the heap (see [`State::shape`](super::state::State::shape)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shape {
    pub(super) len: usize,
    pub(super) window: usize,
    pub(super) middle: usize,
}

impl Block {
    /// The parts `a` of the splits of a heap of `r = n - k` tokens that are
    /// not marked whatever their labels, in the order a scan should look at
    /// them: below the lag, between the window and the middle, and from the
    /// middle to `r / 2`. The parts below the lag are few, and games with
    /// few rare positions, such as 0.354, find most of their witnesses among
    /// small parts. On Officers, where witnesses are about 40% denser per
    /// split after the window, the other order saved 5% of the scan time
    /// when it was measured, and nothing measurable now that scans are a
    /// small part of the time (2^22, three runs each).
    pub(super) fn unmarked(self, k: usize, r: usize) -> [std::ops::Range<usize>; 3] {
        let window_end = self.lag + self.shape.window;
        let mid = (self.start - k) / 2;
        let middle_start = mid.saturating_sub(self.shape.middle).max(window_end);
        [
            1..self.lag,
            window_end..middle_start,
            mid.max(window_end)..r / 2 + 1,
        ]
    }
}

/// A block of heap sizes `start .. start + block` with a row of option
/// marks prepared for each (see [`State::plan`](super::state::State::plan)).
#[derive(Debug)]
pub(super) struct Prepared {
    pub(super) block: Block,
    /// The rows, as marked by each thread: a split is marked in a row when
    /// it is marked in that row of one of the buffers.
    pub(super) buffers: Vec<Rows>,
    /// The splits marked ahead ([`Plan::parts`](super::plan::Plan::parts)), for the rare heap sizes
    /// whose value passes the bit rows.
    pub(super) parts: Vec<(usize, usize)>,
    /// The plan's buffers of codes, to be used again.
    pub(super) codes: Vec<Vec<u16>>,
}

/// One thread's rows of a block: bytes, or bits when the block has
/// [`Block::words`] (then `values` holds the finishing thread's expanded
/// rows).
#[derive(Clone, Debug, Default)]
pub(super) struct Rows {
    pub(super) bytes: Vec<u8>,
    /// With bits: the rows of a piece of [`SUB_BLOCK`](super::finish::SUB_BLOCK) heap sizes as bits
    /// of values ([`bitrows::expand`]), [`value_words`](super::rows::value_words) words a row.
    pub(super) values: Vec<u64>,
    /// `words · LANES` words for each group of [`LANES`](crate::heap::bitrows::LANES) heap sizes, in the
    /// layout of [`bitrows`].
    pub(super) bits: Vec<u16>,
}

/// How a block ended: `done` heap sizes were computed, and the value that
/// did not fit or a rebuild of the classification is pending.
#[derive(Debug)]
pub(super) struct BlockEnd {
    pub(super) done: usize,
    pub(super) pending: Option<u32>,
    pub(super) rebuild: bool,
}

/// Bytes per row of prepared marks: a fixed size for small widths, so that
/// the marking loop is compiled for a constant row length.
pub(super) fn row_len(width: usize) -> usize {
    match width {
        0..=256 => 256 + SENTINEL,
        257..=512 => 512 + SENTINEL,
        _ => width + SENTINEL,
    }
}
