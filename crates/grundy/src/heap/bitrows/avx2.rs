//! The copy of [`super::mark`] and [`super::mark_coded`] compiled for
//! AVX2: the AVX-512 copy's method on 32-bit lanes.
//!
//! AVX2 shifts 32-bit lanes by amounts of their own (`vpsllvd`, which
//! gives 0 for an amount of 32 or more), but not 16-bit ones. So a vector
//! holds eight heap sizes, one 32-bit word of their rows each, and each
//! word of the rows is, as in the AVX-512 copy, a shift (`1 << (x -
//! 32v)`, 0 when `x` is outside the word), an OR, and a subtraction for
//! the next word: no compare, and nothing per part but its numbers.
//!
//! The parts are taken [`CHUNK`] at a time. In [`mark`], first each part
//! gives each of the [`LANES`] heap sizes its number (its value, or its
//! value's number in a class, or one past every row), kept in the chunk.
//! Then each group of eight heap sizes keeps up to [`PASS`] words of its
//! rows in registers while every part of the chunk is added, and ORs them
//! into the rows, which keep the layout of 16-bit words ([`super`]):
//! 32-bit word `v` holds 16-bit words `2v` and `2v + 1`. [`mark_coded`],
//! the engine's main kernel (Officers' parts read codes), keeps no
//! numbers: its passes read the codes themselves, sixteen heap sizes at a
//! time (two vectors) in up to [`PASS_CODED`] words each.
//!
//! The earlier AVX2 copy (`words.rs`, compiled for AVX2) kept for each
//! part and heap size a word index and a bit, and gave each word of the
//! rows a compare, an AND and an OR: twice the chunk's memory, and with
//! the passes the engine uses, its loops spilled the rows to the stack.

use super::words::{number_in, NONE};
use super::{whole, Classes, Coded, Select, Values, LANES};
use crate::heap::cell::Cell;
use crate::nimber::LOWER;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// Heap sizes a vector: eight 32-bit lanes.
const STEP: usize = 8;

/// The most 32-bit words kept in registers in one pass: 16 registers of
/// 256 bits, 12 for the rows, the rest for a part's numbers and the
/// constants.
const PASS: usize = 12;

/// The most 32-bit words kept in registers in one pass of
/// [`mark_coded`], which marks sixteen heap sizes at once: 12 registers
/// for the rows.
const PASS_CODED: usize = 6;

/// Parts whose numbers are found before they are marked: the chunk's
/// 16 KB stay in the first-level cache.
const CHUNK: usize = 128;

/// The features this copy is compiled for (those of `Level::Avx2`).
macro_rules! avx2 {
    ($($item:item)*) => {$(
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
        $item
    )*};
}

avx2! {
    /// [`super::mark`] for the parts that are `whole`; returns whether it
    /// left out a part that is not.
    pub(super) fn mark<T: Cell>(
        rows: &mut [u16],
        g: Values<'_, T>,
        base: usize,
        parts: &[(usize, usize)],
        select: Select,
    ) -> bool {
        let (heads, partners, origin) = (g.heads, g.partners, g.origin);
        let read = |i: usize| {
            let (k, a) = parts[i];
            if !whole(heads.len(), partners.len(), origin, base, (k, a)) {
                return None;
            }
            let from = base - k - a - origin;
            let p: &[T; LANES] = partners[from..from + LANES]
                .try_into()
                .expect("LANES values");
            Some((heads[a].get(), p))
        };
        match select {
            Select::All => mark_numbers(rows, parts.len(), |i, n| {
                let Some((ga, p)) = read(i) else {
                    return false;
                };
                for (n, v) in n.iter_mut().zip(p) {
                    *n = v.get() ^ ga;
                }
                true
            }),
            Select::Class(c, class) => mark_numbers(rows, parts.len(), |i, n| {
                let Some((ga, p)) = read(i) else {
                    return false;
                };
                for (n, v) in n.iter_mut().zip(p) {
                    *n = number_in(c, class as u32, v.get() ^ ga);
                }
                true
            }),
        }
    }

    /// [`super::mark_coded`] for the parts that are `whole`; returns
    /// whether it left out a part that is not.
    ///
    /// Unlike [`mark`], no numbers are kept: the chunk holds, per part,
    /// where its partners' codes start and its head code (whether a part
    /// is whole is one compare of `k + a`, with no branch), and each pass
    /// reads the codes of sixteen lanes straight from `partners`, widened
    /// to 32 bits on the load, and xors the head in. On Officers to 2^20
    /// (one thread, CPU time, AMD EPYC Zen 4 at `avx2`) this took the
    /// engine from about 1010 to 930 ms: the numbers written to the chunk and
    /// read back, 32 bits a lane, and the per-part checks had cost as
    /// much as a third of the marking's own vector work.
    pub(super) fn mark_coded(
        rows: &mut [u16],
        partners: Coded<'_>,
        base: usize,
        parts: &[(usize, usize)],
        heads: &[u16],
        flag: u16,
    ) -> bool {
        let (codes, origin) = (partners.codes, partners.origin);
        let wide = (rows.len() / LANES).div_ceil(2);
        let mut skipped = false;
        let mut from = [0usize; CHUNK];
        let mut head = [0u32; CHUNK];
        // The parts that are `whole` (whose partners all lie in `codes`)
        // are those with `k + a` in `lo ..= hi`: one compare a part, and
        // no branch.
        let hi = base.checked_sub(origin.max(1));
        let lo = (base + LANES).saturating_sub(origin + codes.len());
        let Some(span) = hi.and_then(|hi| hi.checked_sub(lo)) else {
            return !parts.is_empty();
        };
        let mut start = 0;
        while start < parts.len() {
            let end = (start + CHUNK).min(parts.len());
            let mut count = 0;
            for (&(k, a), &h) in parts[start..end].iter().zip(&heads[start..end]) {
                let sum = k + a;
                let whole = sum.wrapping_sub(lo) <= span;
                // Written for every part, kept (counted) for the whole.
                from[count] = (base - origin).wrapping_sub(sum);
                // Lanes of the other class get bit 15: a number past
                // every word (rows cover numbers below 32768).
                head[count] = u32::from(h ^ flag);
                count += usize::from(whole);
                skipped |= !whole;
            }
            let chunk = Parts {
                codes,
                from: &from[..count],
                head: &head[..count],
            };
            for lane in (0..LANES).step_by(2 * STEP) {
                let mut first = 0;
                while first < wide {
                    let span = (wide - first).min(PASS_CODED);
                    macro_rules! dispatch {
                        ($($w:literal)*) => {
                            match (span, first) {
                                $(
                                    ($w, 0) => pass_coded::<$w, true>(rows, first, lane, chunk),
                                    ($w, _) => pass_coded::<$w, false>(rows, first, lane, chunk),
                                )*
                                _ => unreachable!("a pass has 1 to {PASS_CODED} words"),
                            }
                        };
                    }
                    dispatch!(1 2 3 4 5 6);
                    first += span;
                }
            }
            start = end;
        }
        skipped
    }

    /// One pass of [`mark_coded`]: the 32-bit words `first .. first + W`
    /// of the lanes `lane .. lane + 2 STEP` (two vectors of eight heap
    /// sizes, so that each part's reads and head are shared by both), for
    /// the parts of `chunk`; `FIRST` says that `first` is 0.
    #[inline]
    fn pass_coded<const W: usize, const FIRST: bool>(
        rows: &mut [u16],
        first: usize,
        lane: usize,
        chunk: Parts<'_>,
    ) {
        let one = _mm256_set1_epi32(1);
        // Word `v` of the pass shifts by `x - 32 (first + v)`; numbers
        // outside it wrap to amounts past 31 (`32 (first + v)` is below
        // 2^16).
        let offset: [__m256i; W] =
            std::array::from_fn(|v| _mm256_set1_epi32((32 * (first + v)) as i32));
        let mut low = [_mm256_setzero_si256(); W];
        let mut high = [_mm256_setzero_si256(); W];
        let codes = chunk.codes;
        assert!(lane + 2 * STEP <= LANES);
        for (&from, &head) in chunk.from.iter().zip(chunk.head) {
            // SAFETY: the part is `whole`, so `codes` holds the LANES codes
            // from `from` on, and `lane + 2 STEP <= LANES` (asserted): the
            // two loads read 16 codes (32 bytes) inside `codes`.
            let (a, b) = unsafe {
                let p = codes.as_ptr().add(from + lane);
                (
                    _mm_loadu_si128(p.cast()),
                    _mm_loadu_si128(p.add(STEP).cast()),
                )
            };
            let head = _mm256_set1_epi32(head as i32);
            let x = _mm256_xor_si256(_mm256_cvtepu16_epi32(a), head);
            let y = _mm256_xor_si256(_mm256_cvtepu16_epi32(b), head);
            for v in 0..W {
                let (c, d) = if FIRST && v == 0 {
                    (x, y)
                } else {
                    (_mm256_sub_epi32(x, offset[v]), _mm256_sub_epi32(y, offset[v]))
                };
                low[v] = _mm256_or_si256(low[v], _mm256_sllv_epi32(one, c));
                high[v] = _mm256_or_si256(high[v], _mm256_sllv_epi32(one, d));
            }
        }
        store(rows, first, lane, &low);
        store(rows, first, lane + STEP, &high);
    }

    /// ORs into `rows` (word-major, [`LANES`] lanes, 16-bit words), for
    /// each part `i < parts` and each lane `j`, the bit of the number `n[j]`
    /// that `number(i, &mut n)` writes (none for a number past the rows).
    /// `number` returns false for a part it cannot read (not `whole`);
    /// returns whether it did for any.
    #[inline]
    fn mark_numbers(
        rows: &mut [u16],
        parts: usize,
        mut number: impl FnMut(usize, &mut [u32; LANES]) -> bool,
    ) -> bool {
        let words = rows.len() / LANES;
        let wide = words.div_ceil(2);
        let mut skipped = false;
        // Only the rows of the parts numbered are written and read: 16 KB
        // filled ahead for every call was 28% of the instructions of
        // `period 0.354` at `avx2` (where the finisher marks a few dozen
        // parts every 32 heap sizes), more than the marking itself.
        let mut chunk = [const { MaybeUninit::<[u32; LANES]>::uninit() }; CHUNK];
        let mut start = 0;
        while start < parts {
            let end = (start + CHUNK).min(parts);
            let mut count = 0;
            for i in start..end {
                if number(i, chunk[count].write([NONE; LANES])) {
                    count += 1;
                } else {
                    skipped = true;
                }
            }
            // SAFETY: the first `count` rows were written just above.
            let numbered: &[[u32; LANES]] =
                unsafe { std::slice::from_raw_parts(chunk.as_ptr().cast(), count) };
            for lane in (0..LANES).step_by(STEP) {
                let mut first = 0;
                while first < wide {
                    let span = (wide - first).min(PASS);
                    macro_rules! dispatch {
                        ($($w:literal)*) => {
                            match span {
                                $($w => pass::<$w>(rows, first, lane, numbered),)*
                                _ => unreachable!("a pass has 1 to {PASS} words"),
                            }
                        };
                    }
                    dispatch!(1 2 3 4 5 6 7 8 9 10 11 12);
                    first += span;
                }
            }
            start = end;
        }
        skipped
    }

    /// One pass of [`mark_numbers`]: the 32-bit words `first .. first + W`
    /// of the lanes `lane .. lane + STEP`, for the parts of `chunk`.
    #[inline]
    fn pass<const W: usize>(
        rows: &mut [u16],
        first: usize,
        lane: usize,
        chunk: &[[u32; LANES]],
    ) {
        let one = _mm256_set1_epi32(1);
        let thirty_two = _mm256_set1_epi32(32);
        // Numbers are below 2^32 and `32 · first` below 2^16: the
        // subtraction wraps numbers below the pass to amounts past 31.
        let offset = _mm256_set1_epi32((32 * first) as i32);
        let mut acc = [_mm256_setzero_si256(); W];
        for n in chunk {
            // SAFETY: `n[lane .. lane + STEP]` is inside `n` (`lane` is a
            // multiple of STEP below LANES).
            let n = unsafe { _mm256_loadu_si256(n[lane..lane + STEP].as_ptr().cast()) };
            let mut c = _mm256_sub_epi32(n, offset);
            for acc in acc.iter_mut() {
                *acc = _mm256_or_si256(*acc, _mm256_sllv_epi32(one, c));
                c = _mm256_sub_epi32(c, thirty_two);
            }
        }
        store(rows, first, lane, &acc);
    }

    /// [`super::expand`] of rows of two classes, four lanes a vector:
    /// the spread of [`Classes::place`] is the same for every lane, so a
    /// 64-bit lane of a vector takes each heap size's word of values
    /// (without `pdep`, slow on AMD processors before Zen 3). Officers to
    /// 2^20 (one thread, CPU time, at `avx2`): the expansion one lane at
    /// a time, the plain loop of `words.rs` compiled for AVX2, was 4.5%
    /// of the engine's time. Rows of every value take that loop.
    pub(super) fn expand(rows: &[u16], out: &mut [u64], row: usize, classes: Option<Classes>) {
        const FOUR: usize = 4;
        let lanes = (out.len() / row.max(1)).min(LANES);
        let Some(c) = classes.filter(|_| lanes.is_multiple_of(FOUR) && row > 0) else {
            return super::words::avx2::expand(rows, out, row, classes);
        };
        let half = rows.len() / LANES / 2;
        let step = 1u32 << c.bit;
        let low = _mm256_set1_epi64x(LOWER[5] as i64);
        // The 16-bit word `w` of a class's rows (from word `first`) of the
        // lanes `lane .. lane + 4`, in 64-bit lanes; 0 past the class.
        let word = |first: usize, w: usize, lane: usize| {
            if w < half {
                let at = (first + w) * LANES + lane;
                let four: &[u16; FOUR] = rows[at..at + FOUR].try_into().expect("four words");
                // SAFETY: `four` holds the 8 bytes read.
                let v = unsafe { _mm_loadl_epi64(four.as_ptr().cast()) };
                _mm256_cvtepu16_epi64(v)
            } else {
                _mm256_setzero_si256()
            }
        };
        // [`Classes::place`] without `pdep`, on four lanes.
        let place = |bits: __m256i, mask: u64| {
            let mut x = _mm256_and_si256(bits, low);
            for level in (c.bit as usize..5).rev() {
                let shift = _mm_cvtsi64_si128(1 << level);
                let spread = _mm256_set1_epi64x(LOWER[level] as i64);
                x = _mm256_and_si256(_mm256_or_si256(x, _mm256_sll_epi64(x, shift)), spread);
            }
            let up = _mm256_set1_epi64x(((mask >> step) & LOWER[c.bit as usize]) as i64);
            let moved = _mm256_sll_epi64(_mm256_and_si256(x, up), _mm_cvtsi64_si128(i64::from(step)));
            _mm256_or_si256(_mm256_andnot_si256(up, x), moved)
        };
        for t in 0..row {
            let odd = c.odd_in_block(t);
            for lane in (0..lanes).step_by(FOUR) {
                let class = |first: usize| {
                    let high = _mm256_slli_epi64::<16>(word(first, 2 * t + 1, lane));
                    _mm256_or_si256(word(first, 2 * t, lane), high)
                };
                let bits = _mm256_or_si256(place(class(0), !odd), place(class(half), odd));
                let mut four = [0u64; FOUR];
                // SAFETY: `four` holds the 32 bytes written.
                unsafe { _mm256_storeu_si256(four.as_mut_ptr().cast(), bits) };
                for (i, bits) in four.into_iter().enumerate() {
                    out[(lane + i) * row + t] = bits;
                }
            }
        }
    }

    /// ORs the words `acc` of a pass (the 32-bit words `first ..` of the
    /// lanes `lane .. lane + STEP`) into `rows`, as 16-bit words.
    #[inline]
    fn store<const W: usize>(rows: &mut [u16], first: usize, lane: usize, acc: &[__m256i; W]) {
        let words = rows.len() / LANES;
        let low = _mm256_set1_epi32(0xffff);
        for (v, acc) in acc.iter().enumerate() {
            // The low halves of the eight lanes, then the high halves: the
            // 16-bit words 2w and 2w + 1 of each lane, in order.
            let halves = _mm256_packus_epi32(
                _mm256_and_si256(*acc, low),
                _mm256_srli_epi32::<16>(*acc),
            );
            let halves = _mm256_permute4x64_epi64::<0b11_01_10_00>(halves);
            let w = 2 * (first + v);
            for (half, word) in [
                _mm256_castsi256_si128(halves),
                _mm256_extracti128_si256::<1>(halves),
            ]
            .into_iter()
            .enumerate()
            {
                if w + half < words {
                    let row = &mut rows[(w + half) * LANES + lane..][..STEP];
                    // SAFETY: `row` holds the STEP 16-bit words (16 bytes)
                    // read and written.
                    unsafe {
                        let old = _mm_loadu_si128(row.as_ptr().cast());
                        _mm_storeu_si128(row.as_mut_ptr().cast(), _mm_or_si128(old, word));
                    }
                }
            }
        }
    }
}

/// The parts of a chunk of [`mark_coded`]: where each one's partners
/// start in `codes`, and its head code (with the class's flag).
#[derive(Clone, Copy)]
struct Parts<'a> {
    codes: &'a [u16],
    from: &'a [usize],
    head: &'a [u32],
}
