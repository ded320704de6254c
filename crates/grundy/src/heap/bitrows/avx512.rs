//! The copy of [`super::mark`] compiled for AVX-512, and `pdep` for
//! [`super::expand`].

use super::{whole, Classes, Coded, Narrow, Select, LANES};
use std::arch::x86_64::*;

/// The most words kept in registers in one pass over the parts (with
/// the vectors the loop needs besides, 29 of the 32).
const PASS: usize = 24;

/// [`super::mark`] for the parts that are `whole`, in passes of at
/// most [`PASS`] words. Returns whether it left out a part that is
/// not.
#[target_feature(enable = "avx512f,avx512bw,avx512bitalg")]
pub(super) fn mark(
    rows: &mut [u16],
    heads: Narrow<'_>,
    partners: Narrow<'_>,
    origin: usize,
    base: usize,
    parts: &[(usize, usize)],
    select: Select,
) -> bool {
    // All values: no lane is left out, numbers are the values.
    let (mask, class, bit) = match select {
        Select::All => (0, 0, 16),
        Select::Class(c, class) => (c.mask, class as u16, c.bit),
    };
    let keep = Keep {
        mask,
        class,
        low: if bit >= 16 { u16::MAX } else { (1 << bit) - 1 },
    };
    in_passes(rows, |rows, first, count| {
        macro_rules! dispatch {
            ($($w:literal)*) => {
                match (count, heads, partners) {
                    $(
                        ($w, Narrow::U8(h), Narrow::U8(p)) => {
                            pass_u8::<$w>(rows, first, (h, p, origin), base, parts, keep)
                        }
                        ($w, Narrow::U16(h), Narrow::U16(p)) => {
                            pass_u16::<$w>(rows, first, (h, p, origin), base, parts, keep)
                        }
                    )*
                    _ => unreachable!("a pass has 1 to {PASS} words, values of one width"),
                }
            };
        }
        dispatch!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24)
    })
}

/// Runs `pass(rows, first, count)` on the words of `rows` (word-major,
/// [`LANES`] a word) in passes of at most [`PASS`] words: `rows` holds
/// exactly words `first .. first + count`. Returns whether any pass
/// left out a part.
fn in_passes(rows: &mut [u16], mut pass: impl FnMut(&mut [u16], usize, usize) -> bool) -> bool {
    let words = rows.len() / LANES;
    let (mut first, mut skipped) = (0, false);
    while first < words {
        let count = (words - first).min(PASS);
        skipped |= pass(
            &mut rows[first * LANES..(first + count) * LANES],
            first,
            count,
        );
        first += count;
    }
    skipped
}

/// The `W` words of `rows`, one register each.
#[target_feature(enable = "avx512f")]
#[inline]
fn load_words<const W: usize>(rows: &[u16]) -> [__m512i; W] {
    assert_eq!(rows.len(), W * LANES);
    let mut acc = [_mm512_setzero_si512(); W];
    for (w, acc) in acc.iter_mut().enumerate() {
        // SAFETY: word `w` is LANES values inside `rows`.
        *acc = unsafe { _mm512_loadu_si512(rows[w * LANES..].as_ptr().cast()) };
    }
    acc
}

/// Writes the words [`load_words`] read back into `rows`.
#[target_feature(enable = "avx512f")]
#[inline]
fn store_words<const W: usize>(rows: &mut [u16], acc: &[__m512i; W]) {
    for (w, acc) in acc.iter().enumerate() {
        // SAFETY: word `w` is LANES values inside `rows`.
        unsafe { _mm512_storeu_si512(rows[w * LANES..].as_mut_ptr().cast(), *acc) };
    }
}

/// What a pass keeps of each value `x`: the lanes where the parity of
/// `x & mask` is `class` (all lanes with a mask of 0), numbered by
/// `(x & low) | ((x >> 1) & !low)` (`x` itself with `low` all ones).
#[derive(Clone, Copy)]
struct Keep {
    mask: u16,
    class: u16,
    low: u16,
}

macro_rules! pass {
    ($name:ident, $t:ty, |$p:ident| $load:expr) => {
        /// One pass: words `first .. first + W` of every lane, in
        /// `rows` (exactly those words), from the values in `g`.
        /// Returns whether it left out a part that is not `whole`.
        #[target_feature(enable = "avx512f,avx512bw,avx512bitalg")]
        fn $name<const W: usize>(
            rows: &mut [u16],
            first: usize,
            (heads, partners, origin): (&[$t], &[$t], usize),
            base: usize,
            parts: &[(usize, usize)],
            keep: Keep,
        ) -> bool {
            let mut skipped = false;
            let mut acc = load_words::<W>(rows);
            let one = _mm512_set1_epi16(1);
            let sixteen = _mm512_set1_epi16(16);
            // `16 · first` fits: values are below 65536.
            let offset = _mm512_set1_epi16((16 * first) as u16 as i16);
            let mask = _mm512_set1_epi16(keep.mask as i16);
            let class = _mm512_set1_epi16(keep.class as i16);
            let low = _mm512_set1_epi16(keep.low as i16);
            let none = _mm512_set1_epi16(-1);
            for &(k, a) in parts {
                if !whole(heads.len(), partners.len(), origin, base, (k, a)) {
                    skipped = true;
                    continue;
                }
                let ga = _mm512_set1_epi16(u16::from(heads[a]) as i16);
                let from = base - k - a - origin;
                let $p = &partners[from..from + LANES];
                // SAFETY: `$p` holds LANES values (`whole`).
                let v = unsafe { $load };
                let x = _mm512_xor_si512(v, ga);
                // The parity of `x & mask` in bit 0, compared with the
                // class; the others lanes get a number no word holds.
                let parity = _mm512_popcnt_epi16(_mm512_and_si512(x, mask));
                let other = _mm512_test_epi16_mask(_mm512_xor_si512(parity, class), one);
                // (x & low) | (x >> 1 & !low): the bits of `low` from x.
                let number = _mm512_ternarylogic_epi32::<0xCA>(low, x, _mm512_srli_epi16::<1>(x));
                let number = _mm512_mask_mov_epi16(number, other, none);
                // Lanes whose number is outside a word shift by 16 or
                // more (or wrap to a large count): that gives 0.
                let mut c = _mm512_sub_epi16(number, offset);
                for acc in acc.iter_mut() {
                    *acc = _mm512_or_si512(*acc, _mm512_sllv_epi16(one, c));
                    c = _mm512_sub_epi16(c, sixteen);
                }
            }
            store_words(rows, &acc);
            skipped
        }
    };
}

pass!(pass_u16, u16, |p| _mm512_loadu_si512(p.as_ptr().cast()));
pass!(pass_u8, u8, |p| _mm512_cvtepu8_epi16(_mm256_loadu_si256(
    p.as_ptr().cast()
)));

/// [`super::codes`] on vectors.
#[target_feature(enable = "avx512f,avx512bw,avx512bitalg")]
pub(super) fn codes(c: Classes, values: Narrow<'_>, out: &mut [u16]) {
    let mask = _mm512_set1_epi16(c.mask as i16);
    let low = _mm512_set1_epi16(((1u32 << c.bit) - 1) as i16);
    let code = |x: __m512i| {
        // The parity of `x & mask` lands in bit 15; the number below it.
        let class = _mm512_slli_epi16::<15>(_mm512_popcnt_epi16(_mm512_and_si512(x, mask)));
        let number = _mm512_ternarylogic_epi32::<0xCA>(low, x, _mm512_srli_epi16::<1>(x));
        _mm512_or_si512(number, class)
    };
    let whole = out.len() / LANES * LANES;
    for i in (0..whole).step_by(LANES) {
        let x = match values {
            // SAFETY: positions i .. i + LANES are inside `values`.
            Narrow::U8(v) => unsafe {
                _mm512_cvtepu8_epi16(_mm256_loadu_si256(v[i..i + LANES].as_ptr().cast()))
            },
            // SAFETY: as above.
            Narrow::U16(v) => unsafe { _mm512_loadu_si512(v[i..i + LANES].as_ptr().cast()) },
        };
        // SAFETY: as above, in `out`.
        unsafe { _mm512_storeu_si512(out[i..i + LANES].as_mut_ptr().cast(), code(x)) };
    }
    for (i, out) in out.iter_mut().enumerate().skip(whole) {
        let x = match values {
            Narrow::U8(v) => usize::from(v[i]),
            Narrow::U16(v) => usize::from(v[i]),
        };
        *out = c.code(x);
    }
}

/// [`super::mark_coded`] for the parts that are `whole`, in passes of
/// at most [`PASS`] words. Returns whether it left out a part that is
/// not.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) fn mark_coded(
    rows: &mut [u16],
    partners: Coded<'_>,
    base: usize,
    parts: &[(usize, usize)],
    heads: &[u16],
    flag: u16,
) -> bool {
    in_passes(rows, |rows, first, count| {
        macro_rules! dispatch {
            ($($w:literal)*) => {
                match count {
                    $($w => pass_coded::<$w>(rows, first, partners, base, parts, heads, flag),)*
                    _ => unreachable!("a pass has 1 to {PASS} words"),
                }
            };
        }
        dispatch!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24)
    })
}

/// One pass of [`mark_coded`]: words `first .. first + W` of every
/// lane, in `rows` (exactly those words). Returns whether it left out
/// a part that is not `whole`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline(never)]
fn pass_coded<const W: usize>(
    rows: &mut [u16],
    first: usize,
    partners: Coded<'_>,
    base: usize,
    parts: &[(usize, usize)],
    heads: &[u16],
    flag: u16,
) -> bool {
    let mut skipped = false;
    let mut acc = load_words::<W>(rows);
    let one = _mm512_set1_epi16(1);
    let sixteen = _mm512_set1_epi16(16);
    // `16 · first` fits: numbers are below 32768.
    let offset = _mm512_set1_epi16((16 * first) as u16 as i16);
    let (codes, origin) = (partners.codes, partners.origin);
    // The count of word 0 of each lane for part `i`, when it is whole.
    let count = |i: usize| {
        let (k, a) = parts[i];
        if !whole(usize::MAX, codes.len(), origin, base, (k, a)) {
            return None;
        }
        let from = base - k - a - origin;
        let p = &codes[from..from + LANES];
        // SAFETY: `p` holds LANES codes (`whole`).
        let v = unsafe { _mm512_loadu_si512(p.as_ptr().cast()) };
        // Lanes of the other class have bit 15 set: every shift by
        // such a count gives 0, as it does for numbers outside a word.
        let c = _mm512_xor_si512(v, _mm512_set1_epi16((heads[i] ^ flag) as i16));
        Some(if first > 0 {
            _mm512_sub_epi16(c, offset)
        } else {
            c
        })
    };
    // Parts two at a time: one three-way OR adds both to a word.
    let mut i = 0;
    while i < parts.len() {
        let (one_part, two) = (count(i), parts.get(i + 1).and_then(|_| count(i + 1)));
        skipped |= one_part.is_none() || (i + 1 < parts.len() && two.is_none());
        match (one_part, two) {
            (Some(mut c), Some(mut d)) => {
                for acc in acc.iter_mut() {
                    let (x, y) = (_mm512_sllv_epi16(one, c), _mm512_sllv_epi16(one, d));
                    *acc = _mm512_ternarylogic_epi32::<0xFE>(*acc, x, y);
                    c = _mm512_sub_epi16(c, sixteen);
                    d = _mm512_sub_epi16(d, sixteen);
                }
            }
            (Some(mut c), None) | (None, Some(mut c)) => {
                for acc in acc.iter_mut() {
                    *acc = _mm512_or_si512(*acc, _mm512_sllv_epi16(one, c));
                    c = _mm512_sub_epi16(c, sixteen);
                }
            }
            (None, None) => {}
        }
        i += 2;
    }
    store_words(rows, &acc);
    skipped
}

/// [`super::expand`] compiled for BMI2.
#[target_feature(enable = "bmi2")]
pub(super) fn expand(rows: &[u16], out: &mut [u64], row: usize, classes: Option<Classes>) {
    super::expand_lanes(rows, out, row, classes, true);
}

/// The instruction `pdep`.
#[target_feature(enable = "bmi2")]
#[inline]
pub(super) fn pdep(bits: u64, mask: u64) -> u64 {
    _pdep_u64(bits, mask)
}
