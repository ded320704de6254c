//! The bit-row kernels as plain loops over 32-bit words, which the
//! compiler vectorises: the portable copy, compiled for the target's
//! baseline, and the AVX2 copy's codes and its expansion of rows of
//! every value, the same source compiled for AVX2 (its marks, and its
//! expansion of rows of two classes, are `avx2.rs`).
//!
//! The parts are taken [`CHUNK`] at a time. First each part gives each of
//! the [`LANES`] heap sizes a number `x` (its value, or its value's number
//! in a class, or none), and the chunk keeps, per part and heap size, the
//! 32-bit word `x / 32` of the rows that `x` falls in and the bit `1 << x
//! % 32` within it. Then [`STEP`] heap sizes at a time keep `W` words of
//! their rows in registers while every part of the chunk is added: each
//! word takes a compare (is `x` in this word?), an AND and an OR, with no
//! shift, which SSE2 and NEON lack per lane: two vectors of 128 bits a
//! step.
//!
//! The rows in memory keep the layout of 16-bit words ([`super`]): word
//! `v` of 32 bits holds 16-bit words `2v` and `2v + 1`, split when a step
//! ORs them back.

use super::{whole, Classes, Coded, Select, Values, LANES};
use crate::heap::cell::Cell;

/// Heap sizes a step: eight 32-bit words, one 256-bit vector.
const STEP: usize = 8;

/// Parts whose words and bits are found before they are marked: the
/// chunk's 16 KB stay in the first-level cache.
const CHUNK: usize = 64;

/// A number that marks nothing: its word is past every row.
pub(super) const NONE: u32 = u32::MAX;

/// The words and bits of a chunk's parts, per heap size of the group.
struct Chunk {
    /// `word[i][j]`: the 32-bit word of the number of part `i` for heap
    /// size `j` (past every row for none).
    word: [[u32; LANES]; CHUNK],
    /// `bit[i][j]`: its bit within that word.
    bit: [[u32; LANES]; CHUNK],
}

/// ORs into `rows` (word-major, [`LANES`] lanes, 16-bit words), for each
/// part `i < parts` and each lane `j`, the bit of the number `n[j]` that
/// `number(i, &mut n)` writes, in passes of at most `pass` 32-bit words.
/// `number` returns false for a part it cannot read (not `whole`);
/// returns whether it did for any.
#[inline(always)]
fn mark_rows(
    rows: &mut [u16],
    parts: usize,
    pass: usize,
    mut number: impl FnMut(usize, &mut [u32; LANES]) -> bool,
) -> bool {
    let words = rows.len() / LANES;
    let mut skipped = false;
    let mut chunk = Chunk {
        word: [[NONE; LANES]; CHUNK],
        bit: [[0; LANES]; CHUNK],
    };
    let mut n = [0u32; LANES];
    let mut start = 0;
    while start < parts {
        let end = (start + CHUNK).min(parts);
        let mut count = 0;
        for i in start..end {
            if !number(i, &mut n) {
                skipped = true;
                continue;
            }
            for ((word, bit), &x) in chunk.word[count]
                .iter_mut()
                .zip(chunk.bit[count].iter_mut())
                .zip(&n)
            {
                *word = x / 32;
                *bit = 1 << (x % 32);
            }
            count += 1;
        }
        for lane in (0..LANES).step_by(STEP) {
            let mut first = 0;
            while first < words {
                let span = (words - first).min(2 * pass);
                macro_rules! dispatch {
                    ($($w:literal)*) => {
                        match span.div_ceil(2) {
                            $($w => pass_of::<$w>(rows, first, span, lane, &chunk, count),)*
                            _ => unreachable!("a pass has 1 to 12 words"),
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

/// One pass of [`mark_rows`]: the 16-bit words `first .. first + span`
/// (`first` even) of the lanes `lane .. lane + STEP`, in `W` words of 32
/// bits, for the first `count` parts of `chunk`.
#[inline(always)]
fn pass_of<const W: usize>(
    rows: &mut [u16],
    first: usize,
    span: usize,
    lane: usize,
    chunk: &Chunk,
    count: usize,
) {
    let base = (first / 2) as u32;
    let mut acc = [[0u32; STEP]; W];
    for (word, bit) in chunk.word[..count].iter().zip(&chunk.bit[..count]) {
        let word: &[u32; STEP] = word[lane..lane + STEP].try_into().expect("STEP words");
        let bit: &[u32; STEP] = bit[lane..lane + STEP].try_into().expect("STEP bits");
        for (v, acc) in acc.iter_mut().enumerate() {
            let v = base + v as u32;
            // A mask, not a branch: the compiler keeps the step in one
            // vector.
            for j in 0..STEP {
                acc[j] |= bit[j] & u32::from(word[j] == v).wrapping_neg();
            }
        }
    }
    for (v, acc) in acc.iter().enumerate() {
        for half in 0..2 {
            let w = first + 2 * v + half;
            if w < first + span {
                let row = &mut rows[w * LANES + lane..][..STEP];
                for (r, a) in row.iter_mut().zip(acc) {
                    *r |= (a >> (16 * half)) as u16;
                }
            }
        }
    }
}

/// The number of `x` in its class when that is `class`, [`NONE`]
/// otherwise (see [`Classes::index`]), in 32-bit operations.
#[inline(always)]
pub(super) fn number_in(c: Classes, class: u32, x: u32) -> u32 {
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
    // The partners of the LANES heap sizes of part `i`, with its `G(a)`.
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
        Select::All => mark_rows(rows, parts.len(), pass, |i, n| {
            let Some((ga, p)) = read(i) else {
                return false;
            };
            for (n, v) in n.iter_mut().zip(p) {
                *n = v.get() ^ ga;
            }
            true
        }),
        Select::Class(c, class) => mark_rows(rows, parts.len(), pass, |i, n| {
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
    mark_rows(rows, parts.len(), pass, |i, n| {
        let (k, a) = parts[i];
        if !whole(usize::MAX, codes.len(), origin, base, (k, a)) {
            return false;
        }
        let from = base - k - a - origin;
        let p: &[u16; LANES] = codes[from..from + LANES].try_into().expect("LANES codes");
        // Lanes of the other class have bit 15 set: a number past every
        // word (rows cover numbers below 32768).
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
        copy!(@marks $(#[$doc])* $name, $pass, $fast $(, $features)?);
    };
    (@codes $(#[$doc:meta])* $name:ident, $fast:expr $(, $features:literal)?) => {
        $(#[$doc])*
        pub(super) mod $name {
            use super::*;

            copy!(@rest $fast $(, $features)?);
        }
    };
    (@marks $(#[$doc:meta])* $name:ident, $pass:expr, $fast:expr $(, $features:literal)?) => {
        $(#[$doc])*
        pub(super) mod $name {
            use super::*;

            /// The most 32-bit words kept in registers in one pass.
            const PASS: usize = $pass;

            copy!(@rest $fast $(, $features)?);

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
        }
    };
    (@rest $fast:expr $(, $features:literal)?) => {
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

// The AVX2 copy of the marks is `avx2.rs` (shifts of 32-bit lanes, which
// SSE2 and NEON lack), and so is the expansion of rows of two classes;
// the codes and the expansion of rows of every value are these loops
// compiled for AVX2. The values are placed by shifts rather than `pdep`,
// which is slow on AMD processors before Zen 3.
#[cfg(target_arch = "x86_64")]
copy!(
    @codes
    /// The copy compiled for AVX2: the codes and the expansion.
    avx2,
    false,
    "avx2,bmi1,bmi2,lzcnt,popcnt"
);
