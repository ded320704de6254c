//! The bit-row kernels as plain loops over 32-bit words, which the
//! compiler vectorises: the portable copy, compiled for the target's
//! baseline, and the AVX2 copy, the same source compiled for AVX2.
//!
//! A step takes [`STEP`] heap sizes of a group of [`LANES`] and keeps
//! their rows in `W` words of 32 bits each, in registers, while every part
//! is added. A part gives each heap size a number `x` (its value, or its
//! value's number in a class, or none); the heap size's word `x / 32`
//! gets bit `x % 32`. Both are found once a part, and each word then
//! takes a compare, an AND and an OR for the eight heap sizes: three
//! operations on one 256-bit vector with AVX2, where the AVX-512 copy
//! takes two and a half on a 512-bit vector for 32 heap sizes and half
//! the bits. Without per-lane shifts (SSE2), the bit comes from the
//! exponent of a float, which the compiler does by itself.
//!
//! The rows in memory keep the layout of 16-bit words
//! ([`super`]): word `v` of 32 bits holds 16-bit words `2v` and `2v + 1`,
//! split when a step ORs them back.

use super::{whole, Classes, Coded, Select, Values, LANES};
use crate::heap::cell::Cell;

/// Heap sizes a step: eight 32-bit words, one 256-bit vector.
const STEP: usize = 8;

/// A number that marks nothing: every word's compare fails.
const NONE: u32 = u32::MAX;

/// ORs into `rows` (word-major, [`LANES`] lanes, 16-bit words), for each
/// part `i < parts` and each lane, the bit of the number `number(i,
/// lane, n)` writes into `n` for the [`STEP`] lanes from `lane`, in
/// passes of at most `pass` 32-bit words. `number` returns false for a
/// part it cannot read (not `whole`); returns whether it did for any.
#[inline(always)]
fn mark_rows(
    rows: &mut [u16],
    parts: usize,
    pass: usize,
    number: impl Fn(usize, usize, &mut [u32; STEP]) -> bool,
) -> bool {
    let words = rows.len() / LANES;
    let mut skipped = false;
    for lane in (0..LANES).step_by(STEP) {
        let mut first = 0;
        while first < words {
            let count = (words - first).min(2 * pass);
            macro_rules! dispatch {
                ($($w:literal)*) => {
                    match count.div_ceil(2) {
                        $($w => pass_of::<$w>(rows, first, count, lane, parts, &number),)*
                        _ => unreachable!("a pass has 1 to 12 words"),
                    }
                };
            }
            skipped |= dispatch!(1 2 3 4 5 6 7 8 9 10 11 12);
            first += count;
        }
    }
    skipped
}

/// One pass of [`mark_rows`]: the 16-bit words `first .. first + count`
/// (`first` even) of the lanes `lane .. lane + STEP`, in `W` words of 32
/// bits. Returns whether it left out a part.
#[inline(always)]
fn pass_of<const W: usize>(
    rows: &mut [u16],
    first: usize,
    count: usize,
    lane: usize,
    parts: usize,
    number: &impl Fn(usize, usize, &mut [u32; STEP]) -> bool,
) -> bool {
    // `16 · first` fits: numbers below it wrap to large words.
    let offset = (16 * first) as u32;
    let mut acc = [[0u32; STEP]; W];
    let mut skipped = false;
    let mut n = [0u32; STEP];
    for i in 0..parts {
        if !number(i, lane, &mut n) {
            skipped = true;
            continue;
        }
        let (mut word, mut bit) = ([0u32; STEP], [0u32; STEP]);
        for j in 0..STEP {
            let x = n[j].wrapping_sub(offset);
            word[j] = x / 32;
            bit[j] = 1 << (x % 32);
        }
        for (v, acc) in acc.iter_mut().enumerate() {
            for j in 0..STEP {
                acc[j] |= if word[j] == v as u32 { bit[j] } else { 0 };
            }
        }
    }
    for (v, acc) in acc.iter().enumerate() {
        for half in 0..2 {
            let w = first + 2 * v + half;
            if w < first + count {
                let row = &mut rows[w * LANES + lane..][..STEP];
                for (r, a) in row.iter_mut().zip(acc) {
                    *r |= (a >> (16 * half)) as u16;
                }
            }
        }
    }
    skipped
}

/// The number of `x` in its class when that is `class`, [`NONE`]
/// otherwise (see [`Classes::index`]), in 32-bit operations.
#[inline(always)]
fn number_in(c: Classes, class: u32, x: u32) -> u32 {
    let low = (1u32 << c.bit) - 1;
    let number = (x & low) | ((x >> 1) & !low);
    if (x & u32::from(c.mask)).count_ones() % 2 == class {
        number
    } else {
        NONE
    }
}

/// [`Classes::code`] in 16-bit operations.
#[inline(always)]
fn code(c: Classes, x: u16) -> u16 {
    let low = (1u16 << c.bit) - 1;
    let number = (x & low) | ((x >> 1) & !low);
    number | ((x & c.mask).count_ones() as u16 & 1) << 15
}

/// [`super::mark`] for the parts that are `whole`; returns whether it
/// left out a part that is not.
#[inline(always)]
fn mark_body<T: Cell>(
    rows: &mut [u16],
    g: Values<'_, T>,
    base: usize,
    parts: &[(usize, usize)],
    select: Select,
    pass: usize,
) -> bool {
    let (heads, partners, origin) = (g.heads, g.partners, g.origin);
    // The partners of lanes `lane ..` of part `i`, with its `G(a)`.
    let read = |i: usize, lane: usize| {
        let (k, a) = parts[i];
        if !whole(heads.len(), partners.len(), origin, base, (k, a)) {
            return None;
        }
        let from = base - k - a - origin + lane;
        let p: &[T; STEP] = partners[from..from + STEP].try_into().expect("STEP values");
        Some((heads[a].get(), p))
    };
    match select {
        Select::All => mark_rows(rows, parts.len(), pass, |i, lane, n| {
            let Some((ga, p)) = read(i, lane) else {
                return false;
            };
            for (n, v) in n.iter_mut().zip(p) {
                *n = v.get() ^ ga;
            }
            true
        }),
        Select::Class(c, class) => mark_rows(rows, parts.len(), pass, |i, lane, n| {
            let Some((ga, p)) = read(i, lane) else {
                return false;
            };
            for (n, v) in n.iter_mut().zip(p) {
                *n = number_in(c, class as u32, v.get() ^ ga);
            }
            true
        }),
    }
}

/// [`super::mark_coded`] for the parts that are `whole`; returns whether
/// it left out a part that is not.
#[inline(always)]
fn mark_coded_body(
    rows: &mut [u16],
    partners: Coded<'_>,
    base: usize,
    parts: &[(usize, usize)],
    heads: &[u16],
    flag: u16,
    pass: usize,
) -> bool {
    let (codes, origin) = (partners.codes, partners.origin);
    mark_rows(rows, parts.len(), pass, |i, lane, n| {
        let (k, a) = parts[i];
        if !whole(usize::MAX, codes.len(), origin, base, (k, a)) {
            return false;
        }
        let from = base - k - a - origin + lane;
        let p: &[u16; STEP] = codes[from..from + STEP].try_into().expect("STEP codes");
        // Lanes of the other class have bit 15 set: a number past every
        // word.
        let head = heads[i] ^ flag;
        for (n, &code) in n.iter_mut().zip(p) {
            *n = u32::from(code ^ head);
        }
        true
    })
}

/// [`super::codes`], into `out`, as long as `values`.
#[inline(always)]
fn codes_body<T: Cell>(c: Classes, values: &[T], out: &mut [u16]) {
    for (out, v) in out.iter_mut().zip(values) {
        // Values are below 65536 (the caller's promise).
        *out = code(c, v.get() as u16);
    }
}

/// The copies: each function is its namesake of the parent module,
/// inlined from the bodies above and compiled with `$features`.
macro_rules! copy {
    ($(#[$doc:meta])* $name:ident, $pass:expr, $fast:expr $(, $features:literal)?) => {
        $(#[$doc])*
        pub(super) mod $name {
            use super::*;

            /// The most 32-bit words kept in registers in one pass.
            const PASS: usize = $pass;

            /// [`super::super::mark`] for the parts that are `whole`;
            /// returns whether it left out a part that is not.
            $(#[target_feature(enable = $features)])?
            pub(in crate::heap::bitrows) fn mark<T: Cell>(
                rows: &mut [u16],
                g: Values<'_, T>,
                base: usize,
                parts: &[(usize, usize)],
                select: Select,
            ) -> bool {
                mark_body(rows, g, base, parts, select, PASS)
            }

            /// [`super::super::mark_coded`] for the parts that are
            /// `whole`; returns whether it left out a part that is not.
            $(#[target_feature(enable = $features)])?
            pub(in crate::heap::bitrows) fn mark_coded(
                rows: &mut [u16],
                partners: Coded<'_>,
                base: usize,
                parts: &[(usize, usize)],
                heads: &[u16],
                flag: u16,
            ) -> bool {
                mark_coded_body(rows, partners, base, parts, heads, flag, PASS)
            }

            /// [`super::super::codes`] into `out`, as long as `values`.
            $(#[target_feature(enable = $features)])?
            pub(in crate::heap::bitrows) fn codes<T: Cell>(
                c: Classes,
                values: &[T],
                out: &mut [u16],
            ) {
                codes_body(c, values, out);
            }

            /// [`super::super::expand`].
            $(#[target_feature(enable = $features)])?
            pub(in crate::heap::bitrows) fn expand(
                rows: &[u16],
                out: &mut [u64],
                row: usize,
                classes: Option<Classes>,
            ) {
                super::super::expand_lanes(rows, out, row, classes, $fast);
            }
        }
    };
}

// SSE2 has 16 registers of 128 bits: a pass of 4 words keeps 8 of them
// for the rows. Elsewhere (NEON has 32) passes are longer.
#[cfg(target_arch = "x86_64")]
copy!(
    /// The copy compiled for the target's baseline.
    portable,
    4,
    false
);
#[cfg(not(target_arch = "x86_64"))]
copy!(
    /// The copy compiled for the target's baseline.
    portable,
    12,
    false
);

// 16 registers of 256 bits: 12 words for the rows, 4 for the rest. The
// values are placed by shifts rather than `pdep`, which is slow on AMD
// processors before Zen 3.
#[cfg(target_arch = "x86_64")]
copy!(
    /// The copy compiled for AVX2.
    avx2,
    12,
    false,
    "avx2,bmi1,bmi2,lzcnt,popcnt"
);
