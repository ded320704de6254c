//! Marking a block's rows ahead: each thread takes pieces of the plan's
//! parts and marks them into rows of its own, bytes or bits
//! ([`bitrows`]), a part down a column of rows so that the values it pairs
//! with are read contiguously.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::block::Rows;
use super::plan::Plan;
use super::state::State;
use crate::heap::bitrows::{self, Select, LANES};
use crate::heap::cell::Cell;
use crate::heap::dense::SENTINEL;
use crate::parallel::for_each_mut;

/// The most threads that mark a block, each into rows of its own (about
/// `PARALLEL_BLOCK · (width + 8)` bytes per thread with byte rows, 532 KB
/// for Officers; a tenth of that with bit rows).
/// Past a few threads the sequential finishing step bounds the speed-up
/// anyway (see the [module documentation](self)).
pub(super) const MAX_THREADS: usize = 64;

/// A piece of the work of preparing a block is `PIECE` parts in the rows
/// of [`piece_rows`]: small enough that a thread done with its own work can
/// take pieces of the rest, long enough to mark each part in many rows at
/// once.
pub(super) const PIECE: usize = 512;

/// The bytes of the rows of a piece: they stay in a core's first-level
/// cache (32 to 48 KB) while its parts are marked. Measured on Officers
/// (0.6) to 2^22, rows of 520 bytes: 64 rows (33 KB) a piece 20% faster
/// than 128 (66 KB), on one thread and on two.
pub(super) const PIECE_BYTES: usize = 33 * 1024;

/// The 64-bit words of a row of bits of values below `width`, with one
/// more so that a mex search always stops.
pub(super) fn value_words(width: usize) -> usize {
    width / 64 + 1
}

/// Rows of `row` bytes in a piece: the most that fit in [`PIECE_BYTES`],
/// a power of two from 16 to 128.
pub(super) fn piece_rows(row: usize) -> usize {
    let fit = (PIECE_BYTES / row.max(1)).clamp(16, 128);
    1 << fit.ilog2()
}

impl State {
    /// Buffers for the rows of a block: one per thread that marks (each
    /// thread zeroes its own, see [`Plan::mark`]).
    pub(super) fn buffers(&mut self) -> Vec<Rows> {
        let count = self.threads.clamp(1, MAX_THREADS);
        (0..count)
            .map(|_| self.spare.pop().unwrap_or_default())
            .collect()
    }
}

impl Plan {
    /// Zeroes `rows`, then marks, in row `j`, the values of the splits of heap size
    /// `n = start + j` listed in `parts`, a piece of [`PIECE`] parts in
    /// [`piece_rows`] rows at a time, taking the index of the next piece from `pieces` until none is
    /// left: threads that share `pieces` share the work, each into rows of
    /// its own. Reads `g` below `bound` only (the parts below `lag` are
    /// marked by [`State::finish_block`]).
    ///
    /// The windows exist to mark, ahead of time, most of the values that
    /// the classification cannot settle: near the start they pair early
    /// heaps with recent ones, in the middle they pair two recent heaps
    /// (values that appear only late in the sequence meet there).
    ///
    /// Each part is marked in every row at once, so that `G(n - k - a)` is
    /// read contiguously.
    pub(super) fn mark<T: Cell>(&self, g: &[T], pieces: &AtomicUsize, rows: &mut Rows) {
        let g = &g[..self.block.bound];
        let (start, row, block) = (self.block.start, self.block.row, self.block.shape.len);
        if self.block.words > 0 {
            return self.mark_bits(g, pieces, &mut rows.bits);
        }
        let rows = &mut rows.bytes;
        rows.clear();
        rows.resize(block * row, 0);
        let rows_per_piece = piece_rows(row);
        let chunks = block.div_ceil(rows_per_piece);
        loop {
            let piece = pieces.fetch_add(1, Ordering::Relaxed);
            let (chunk, first) = (piece % chunks, (piece / chunks).saturating_mul(PIECE));
            if first >= self.parts.len() {
                break;
            }
            let last = (first + PIECE).min(self.parts.len());
            let (top, bottom) = (
                chunk * rows_per_piece,
                ((chunk + 1) * rows_per_piece).min(block),
            );
            for &(k, a) in &self.parts[first..last] {
                // Pairs need a < n - k, that is j > a + k - start.
                let lo = (a + k + 1).saturating_sub(start).max(top);
                if lo >= bottom {
                    continue;
                }
                let from = start + lo - k - a;
                mark_column(
                    &mut rows[lo * row..],
                    row,
                    g[a],
                    &g[from..from + (bottom - lo)],
                );
            }
        }
    }

    /// [`Plan::mark`] into bit rows: a piece is [`PIECE`] parts in one
    /// group of [`LANES`] rows.
    pub(super) fn mark_bits<T: Cell>(&self, g: &[T], pieces: &AtomicUsize, bits: &mut Vec<u16>) {
        let group = self.block.words * LANES;
        let groups = self.block.shape.len / LANES;
        bits.clear();
        bits.resize(groups * group, 0);
        'pieces: loop {
            let mut piece = pieces.fetch_add(1, Ordering::Relaxed);
            for job in &self.jobs {
                let range = &job.parts;
                let count = range.len().div_ceil(PIECE) * groups;
                if piece >= count {
                    piece -= count;
                    continue;
                }
                let (q, first) = (piece % groups, range.start + piece / groups * PIECE);
                let last = (first + PIECE).min(range.end);
                // With two classes, each has half of a group's words.
                let rows = &mut bits[q * group..(q + 1) * group][job.select.rows(group)];
                let base = self.block.start + q * LANES;
                match (job.coded, job.select) {
                    (Some(i), Select::Class(_, class)) => {
                        let coded = self.codes(g);
                        let (origin, codes) = &coded.codes[i];
                        let partners = bitrows::Coded {
                            codes,
                            origin: *origin,
                        };
                        bitrows::mark_coded(
                            rows,
                            partners,
                            base,
                            &self.parts[first..last],
                            &coded.heads[first..last],
                            class,
                        );
                    }
                    _ => bitrows::mark(
                        rows,
                        bitrows::Values::of(g),
                        base,
                        &self.parts[first..last],
                        job.select,
                    ),
                }
                continue 'pieces;
            }
            break;
        }
    }

    /// Marks the whole plan, each buffer of `buffers` filled by a thread
    /// of its own.
    pub(super) fn mark_all<T: Cell>(&self, g: &[T], buffers: &mut [Rows]) {
        let pieces = AtomicUsize::new(0);
        match buffers {
            [rows] => self.mark(g, &pieces, rows),
            _ => for_each_mut(buffers, |_, rows| self.mark(g, &pieces, rows)),
        }
    }
}

/// Marks `ga xor part[i]` in row `i` of `rows` (rows of `row` bytes).
#[inline(always)]
pub(super) fn mark_column<T: Cell>(rows: &mut [u8], row: usize, ga: T, part: &[T]) {
    match row {
        264 => mark_column_fixed::<T, 264>(rows, ga, part),
        520 => mark_column_fixed::<T, 520>(rows, ga, part),
        _ => {
            for (marks, &v) in rows.chunks_exact_mut(row).zip(part) {
                marks[(ga ^ v).get() as usize] = 1;
            }
        }
    }
}

#[inline(always)]
pub(super) fn mark_column_fixed<T: Cell, const R: usize>(rows: &mut [u8], ga: T, part: &[T]) {
    // R - SENTINEL is a power of two above every value: the mask changes
    // no index, and lets the compiler see that every index is in the row.
    let mask = R - SENTINEL - 1;
    let bits = 8 * std::mem::size_of::<T>();
    let per_word = 64 / bits;
    let lanes = 4 * per_word;
    let count = part.len().min(rows.len() / R);
    let (part, rest) = part[..count].split_at(count - count % lanes);
    let (rows, rest_rows) = rows.split_at_mut(part.len() * R);
    // Values packed in four u64 words, xored a word at a time, then one
    // store per row at a constant offset.
    let mut spread = 0u64;
    for lane in 0..per_word {
        spread |= u64::from(ga.get()) << (lane * bits);
    }
    for (values, marks) in part
        .chunks_exact(lanes)
        .zip(rows.chunks_exact_mut(lanes * R))
    {
        let mut words = [0u64; 4];
        for (w, word) in words.iter_mut().enumerate() {
            for lane in 0..per_word {
                *word |= u64::from(values[w * per_word + lane].get()) << (lane * bits);
            }
            *word ^= spread;
        }
        for (w, word) in words.iter().enumerate() {
            for lane in 0..per_word {
                let x = (word >> (lane * bits)) as usize & mask;
                marks[(w * per_word + lane) * R + x] = 1;
            }
        }
    }
    for (marks, &v) in rest_rows.chunks_exact_mut(R).zip(rest) {
        marks[(ga ^ v).get() as usize & mask] = 1;
    }
}
