//! Split marks kept as bits in vector registers, for the sparse engine's
//! blocks ([`super::sparse`]).
//!
//! A block marks, for every heap size `n` of the block and every planned
//! split `a + (n - k - a)`, the value `G(a) xor G(n - k - a)`. Stored as a
//! byte per value, each mark is one store, and a core retires about one
//! store a cycle to different cache lines. Here [`LANES`] heap sizes are
//! marked at once, one per 16-bit lane of a 512-bit vector: a part `a`
//! reads the partners of the 32 heap sizes as one vector, xors `G(a)` in,
//! and ORs `1 << (x - 16w)` into word `w` of each lane (a variable shift
//! gives 0 when `x` is outside the word). The words stay in registers
//! while every part of a piece is added, so no mark is a store. On the
//! AMD EPYC (Zen 4) of the benchmarks, with 20 words (values below 320)
//! that was 0.26 ns a mark, against 0.44 ns for the byte stores.
//!
//! Rows are word-major: `rows[w * LANES + j]` holds, in bit `i`, whether
//! `16w + i` is marked for lane `j`. Values from `16 · words` on are not
//! marked; the caller knows which values its rows cover.
//!
//! Where the engine's classification splits the values in two by the
//! parity of `value & mask` ([`Classes`]), a part needs only one class:
//! pairs of common positions give only the values of one class, and every
//! value of the other has a rare part among its splits. Rows of one class
//! number its values without bit [`Classes::bit`], so that each class
//! needs half the words, and each part half the work.
//!
//! The vectors need AVX-512 (F, BW and BITALG) and BMI2, checked at run
//! time ([`available`]); without them [`mark`] and [`expand`] run plain
//! loops that give the same rows, which the tests compare. This module uses `unsafe` for the
//! calls of the copies compiled for AVX-512 and for their unaligned
//! vector loads and stores.

#![allow(unsafe_code)]

use super::cell::{Cell, Narrow};

/// Heap sizes marked at once: the 16-bit lanes of a 512-bit vector.
pub(crate) const LANES: usize = 32;

/// Whether [`mark`] runs on vectors on this processor (AVX-512 F, BW and
/// BITALG, and BMI2); the engine uses bit rows only then, since the plain
/// loop is slower than byte stores.
pub(crate) fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512bitalg")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Words of 16 bits a row needs for the values below `limit`.
pub(crate) fn words_for(limit: usize) -> usize {
    limit.div_ceil(16)
}

/// The values in two classes, by the parity of `value & mask`; within a
/// class, the values are numbered in order by removing their bit `bit`
/// (the lowest bit of `mask`), so that the values below `32 · w` of
/// either class are the numbers below `16 · w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Classes {
    mask: u16,
    bit: u32,
    /// The values below 64 in class 1, as bits.
    odd: u64,
}

impl Classes {
    /// The classes of `mask`, when it is a mask of 16 bits whose lowest
    /// bit is below 6 (so that each class has half of every 64 values,
    /// which [`expand`] relies on).
    pub(crate) fn new(mask: usize) -> Option<Classes> {
        let mask = u16::try_from(mask).ok().filter(|&m| m != 0)?;
        let bit = mask.trailing_zeros();
        let odd = (0..64).fold(0, |odd, i: u64| {
            odd | ((u64::from(mask) & i).count_ones() as u64 % 2) << i
        });
        (bit < 6).then_some(Classes { mask, bit, odd })
    }

    /// The fewest words from `words` on for rows of the two classes that
    /// cover exactly the values below `16 · words`: an even number, a
    /// multiple of 4 when `bit` is 5.
    pub(crate) fn round_words(self, words: usize) -> usize {
        words.next_multiple_of(((1 << (self.bit + 1)) / 16).max(2))
    }

    /// The class of `x`: the parity of `x & mask`.
    pub(crate) fn class(self, x: usize) -> usize {
        (x & usize::from(self.mask)).count_ones() as usize & 1
    }

    /// The number of `x` within its class.
    pub(crate) fn index(self, x: usize) -> usize {
        let low = (1 << self.bit) - 1;
        (x & low) | ((x >> 1) & !low)
    }

    /// The code of `x` (below 65536): its number within its class, with
    /// its class in bit 15. Codes are linear, as numbers and classes are:
    /// the code of `x xor y` is the xor of the codes of `x` and `y`, so
    /// [`mark_coded`] finds the number and class of a split's value with
    /// one xor.
    pub(crate) fn code(self, x: usize) -> u16 {
        debug_assert!(x < 1 << 16);
        (self.index(x) | self.class(x) << 15) as u16
    }

    /// The bits of the values `64t .. 64t + 64` that are in class 1: those
    /// below 64, or their complement, as the parity of `64t & mask` says.
    fn odd_in_block(self, t: usize) -> u64 {
        self.odd ^ (self.class(64 * t) as u64).wrapping_neg()
    }
}

/// Which values a part marks: all (in rows of values), or those of one
/// class (in rows of that class's numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Select {
    /// Every value, numbered as itself.
    All,
    /// The values of class `.1` only.
    Class(Classes, usize),
}

impl Select {
    /// The words of a group of `group` words (the rows of [`LANES`] heap
    /// sizes) that this selection marks: all, or its class's half.
    pub(crate) fn rows(self, group: usize) -> std::ops::Range<usize> {
        match self {
            Select::All => 0..group,
            Select::Class(_, class) => class * group / 2..(class + 1) * group / 2,
        }
    }

    /// The row number of value `x`, if this selection marks it.
    fn number(self, x: usize) -> Option<usize> {
        match self {
            Select::All => Some(x),
            Select::Class(c, class) => (c.class(x) == class).then(|| c.index(x)),
        }
    }
}

/// Where [`mark`] reads values: `G(a)` of a part `a` in `heads`, which
/// starts at position 0, and the partners in `partners`, which holds the
/// values from position `origin` on (a copy of recent values, say).
#[derive(Debug)]
pub(crate) struct Values<'a, T> {
    pub(crate) heads: &'a [T],
    pub(crate) partners: &'a [T],
    pub(crate) origin: usize,
}

impl<'a, T> Values<'a, T> {
    /// Parts and partners both read from `g`.
    pub(crate) fn of(g: &'a [T]) -> Values<'a, T> {
        Values {
            heads: g,
            partners: g,
            origin: 0,
        }
    }
}

// Derived, these would ask `T: Clone`.
impl<T> Clone for Values<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Values<'_, T> {}

/// Whether part `(k, a)` pairs, in every lane, with a value it can read:
/// `a` is inside `heads` (of length `heads`), and the partner of lane `j`,
/// position `base + j - k - a`, is at least 1 and, for all 32, inside
/// `partners` (of length `partners`, from position `origin`).
#[inline(always)]
fn whole(
    heads: usize,
    partners: usize,
    origin: usize,
    base: usize,
    (k, a): (usize, usize),
) -> bool {
    a < heads && k + a + origin.max(1) <= base && base - k - a - origin + LANES <= partners
}

/// ORs into `rows` (`rows.len() / LANES` words per lane, word-major), for
/// each `(k, a)` of `parts` and each lane `j` with `base + j > k + a`, the
/// value `G(a) xor G(base + j - k - a)` read from `g`, when `select`
/// marks it and its number is below `16 · words`. Partners that `g` does
/// not hold are skipped.
pub(crate) fn mark<T: Cell>(
    rows: &mut [u16],
    g: Values<'_, T>,
    base: usize,
    parts: &[(usize, usize)],
    select: Select,
) {
    debug_assert_eq!(rows.len() % LANES, 0);
    #[cfg(target_arch = "x86_64")]
    if available() {
        if let (Some(heads), Some(partners)) = (T::narrow(g.heads), T::narrow(g.partners)) {
            // SAFETY: the processor has the features of the copies,
            // checked just above; they read `g` only at parts that are
            // `whole`.
            let skipped =
                unsafe { avx512::mark(rows, heads, partners, g.origin, base, parts, select) };
            if skipped {
                // The parts the vectors left: those that reach outside `g`.
                for &part in parts {
                    if !whole(g.heads.len(), g.partners.len(), g.origin, base, part) {
                        mark_part(rows, g, base, part, select);
                    }
                }
            }
            return;
        }
    }
    for &part in parts {
        mark_part(rows, g, base, part, select);
    }
}

/// [`mark`] for one part, lane by lane.
fn mark_part<T: Cell>(
    rows: &mut [u16],
    g: Values<'_, T>,
    base: usize,
    (k, a): (usize, usize),
    select: Select,
) {
    let limit = rows.len() / LANES * 16;
    let Some(&ga) = g.heads.get(a) else { return };
    each_partner(g.partners, g.origin, base, (k, a), |j, v| {
        if let Some(x) = select
            .number((ga ^ v).get() as usize)
            .filter(|&x| x < limit)
        {
            rows[(x / 16) * LANES + j] |= 1 << (x % 16);
        }
    });
}

/// Calls `mark(j, p)` for each lane `j` whose partner, position `base + j
/// - k - a`, is at least 1 and held by `partners` (which starts at
/// position `origin`), with `p` the partner's entry.
fn each_partner<V: Copy>(
    partners: &[V],
    origin: usize,
    base: usize,
    (k, a): (usize, usize),
    mut mark: impl FnMut(usize, V),
) {
    for j in 0..LANES {
        let Some(partner) = (base + j).checked_sub(k + a).filter(|&p| p >= 1) else {
            continue;
        };
        if let Some(&v) = partner.checked_sub(origin).and_then(|i| partners.get(i)) {
            mark(j, v);
        }
    }
}

/// The codes ([`Classes::code`]) of `values` (each below 65536) in `out`,
/// which is cleared first.
pub(crate) fn codes<T: Cell>(c: Classes, values: &[T], out: &mut Vec<u16>) {
    #[cfg(target_arch = "x86_64")]
    if available() {
        if let Some(narrow) = T::narrow(values) {
            // Every code is written: zero only what the buffer lacks (the
            // engine passes stretches of about the same length each time).
            out.truncate(values.len());
            out.resize(values.len(), 0);
            // SAFETY: the processor has the features of the copy, checked
            // just above.
            unsafe { avx512::codes(c, narrow, out) };
            return;
        }
    }
    out.clear();
    out.extend(values.iter().map(|v| c.code(v.get() as usize)));
}

/// The codes of the values of a stretch of positions: `codes[i]` is the
/// code ([`Classes::code`]) of `G(origin + i)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Coded<'a> {
    pub(crate) codes: &'a [u16],
    pub(crate) origin: usize,
}

/// [`mark`] of the values of class `class` only, into that class's rows,
/// from codes: `heads[i]` is the code of `G(a)` for part `parts[i] = (k,
/// a)`, and the partners' codes come from `partners`. Each part then takes
/// one xor and the words' shifts. Partners `partners` does not hold are
/// skipped.
pub(crate) fn mark_coded(
    rows: &mut [u16],
    partners: Coded<'_>,
    base: usize,
    parts: &[(usize, usize)],
    heads: &[u16],
    class: usize,
) {
    debug_assert_eq!(rows.len() % LANES, 0);
    assert_eq!(parts.len(), heads.len(), "a head code for each part");
    let flag = (class as u16) << 15;
    let vectors = available();
    #[cfg(target_arch = "x86_64")]
    if vectors {
        // SAFETY: the processor has the features of the copy, checked just
        // above; it reads `partners` only for parts that are `whole`.
        let skipped = unsafe { avx512::mark_coded(rows, partners, base, parts, heads, flag) };
        if !skipped {
            return;
        }
    }
    let limit = rows.len() / LANES * 16;
    for (&(k, a), &head) in parts.iter().zip(heads) {
        let (codes, origin) = (partners.codes.len(), partners.origin);
        if vectors && whole(usize::MAX, codes, origin, base, (k, a)) {
            // The vectors marked it.
            continue;
        }
        each_partner(partners.codes, partners.origin, base, (k, a), |j, code| {
            let x = usize::from(code ^ head ^ flag);
            if x < limit {
                rows[(x / 16) * LANES + j] |= 1 << (x % 16);
            }
        });
    }
}

/// Writes each lane `j` of `rows` into the `j`-th row of `row` words of
/// `out` (as many lanes as `out` has rows), as bits of values: bit `x %
/// 64` of word `x / 64` says whether `x` is marked. With `classes`, `rows`
/// holds the rows of class 0 and then those of class 1, `w` words each,
/// and covers the values below `32 · w`; without, it covers the values
/// below `16 · words`. Values past those are 0.
pub(crate) fn expand(rows: &[u16], out: &mut [u64], row: usize, classes: Option<Classes>) {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: the processor has BMI2, checked just above.
        return unsafe { avx512::expand(rows, out, row, classes) };
    }
    expand_lanes(rows, out, row, classes, false);
}

/// [`expand`], with `pdep` when `fast`; inlined into the copy compiled for
/// BMI2, where `pdep` is one instruction rather than a call.
#[inline(always)]
fn expand_lanes(rows: &[u16], out: &mut [u64], row: usize, classes: Option<Classes>, fast: bool) {
    for (lane, out) in out.chunks_exact_mut(row).take(LANES).enumerate() {
        for (t, bits) in out.iter_mut().enumerate() {
            *bits = values_of(rows, lane, t, classes, fast);
        }
    }
}

/// The marks of lane `lane` of `rows` for the values `64t .. 64t + 64`,
/// as bits (see [`expand`]), with `pdep` when `fast`.
#[inline(always)]
fn values_of(rows: &[u16], lane: usize, t: usize, classes: Option<Classes>, fast: bool) -> u64 {
    let words = rows.len() / LANES;
    let word = |w: usize| u64::from(rows.get(w * LANES + lane).copied().unwrap_or(0));
    match classes {
        None => (0..4).fold(0, |bits, i| bits | word(4 * t + i) << (16 * i)),
        Some(c) => {
            let half = words / 2;
            let class = |first: usize| {
                if 2 * t + 1 < half {
                    word(first + 2 * t) | word(first + 2 * t + 1) << 16
                } else if 2 * t < half {
                    word(first + 2 * t)
                } else {
                    0
                }
            };
            let odd = c.odd_in_block(t);
            deposit(class(0), !odd, fast) | deposit(class(half), odd, fast)
        }
    }
}

/// The low bits of `bits`, in order, at the positions of the set bits of
/// `mask` (the BMI2 instruction `pdep` when `fast`: the processor has
/// the features of [`available`]).
#[inline(always)]
fn deposit(bits: u64, mask: u64, fast: bool) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if fast {
        // SAFETY: the processor has BMI2 (the caller checked).
        return unsafe { avx512::pdep(bits, mask) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = fast;
    let (mut out, mut mask, mut bits) = (0, mask, bits);
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if bits & 1 == 1 {
            out |= low;
        }
        bits >>= 1;
        mask &= mask - 1;
    }
    out
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
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
                    let number =
                        _mm512_ternarylogic_epi32::<0xCA>(low, x, _mm512_srli_epi16::<1>(x));
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::dense::pseudo_random;

    /// The marks by the definition: a flag per lane and value.
    fn reference<T: Cell>(
        g: &[T],
        base: usize,
        parts: &[(usize, usize)],
        limit: usize,
    ) -> Vec<Vec<bool>> {
        let mut out = vec![vec![false; limit]; LANES];
        for &(k, a) in parts.iter().filter(|&&(_, a)| a < g.len()) {
            for (j, row) in out.iter_mut().enumerate() {
                if base + j > k + a && base + j - k - a < g.len() {
                    let x = (g[a] ^ g[base + j - k - a]).get() as usize;
                    if x < limit {
                        row[x] = true;
                    }
                }
            }
        }
        out
    }

    /// Marks `parts` into rows of `words` words (in all: half per class
    /// with `classes`), expands every lane, and compares with the
    /// definition.
    fn check<T: Cell>(values: Vec<u32>, words: usize, classes: Option<Classes>) {
        let g: Vec<T> = values.into_iter().map(T::of).collect();
        let base = 700;
        // Parts far back, parts whose partners run past the end of `g`,
        // and parts as large as the heap (lanes with no partner).
        let mut parts: Vec<(usize, usize)> = (0..300).map(|i| (1 + i % 3, 1 + 2 * i)).collect();
        parts.extend([(1, 690), (2, 698), (1, 720), (1, 731), (0, 5), (3, 800)]);
        let mut short = g.clone();
        short.truncate(715);
        for g in [&g[..], &short[..]] {
            let mut rows = vec![0u16; words * LANES];
            match classes {
                None => mark(&mut rows, Values::of(g), base, &parts, Select::All),
                Some(c) => {
                    let (zero, one) = rows.split_at_mut(words / 2 * LANES);
                    mark(zero, Values::of(g), base, &parts, Select::Class(c, 0));
                    mark(one, Values::of(g), base, &parts, Select::Class(c, 1));
                }
            }
            // The same from a copy of the values from 640 on: parts that
            // reach below it are left out.
            let copy = Values {
                heads: g,
                partners: &g[640.min(g.len())..],
                origin: 640,
            };
            let half = words.div_ceil(2);
            let mut copied = vec![0u16; half * LANES];
            let select = classes.map_or(Select::All, |c| Select::Class(c, 1));
            mark(&mut copied, copy, base, &parts, select);
            let mut want = vec![0u16; half * LANES];
            for &(k, a) in parts.iter().filter(|&&(_, a)| a < g.len()) {
                for j in 0..LANES {
                    let p = (base + j).wrapping_sub(k + a);
                    if base + j > k + a && (640..g.len()).contains(&p) {
                        let x = (g[a] ^ g[p]).get() as usize;
                        let number = match classes {
                            None => Some(x),
                            Some(c) => (c.class(x) == 1).then(|| c.index(x)),
                        };
                        if let Some(i) = number.filter(|&i| i < 16 * half) {
                            want[i / 16 * LANES + j] |= 1 << (i % 16);
                        }
                    }
                }
            }
            assert_eq!(copied, want, "{words} words, {classes:?}");
            if let Some(c) = classes {
                check_codes(g, base, &parts, &rows, words / 2, c);
            }
            let limit = 16 * words;
            let expected = reference(g, base, &parts, limit);
            // Two words more than the rows cover, which must stay 0.
            let row = limit.div_ceil(64) + 2;
            let mut all = vec![7u64; LANES * row];
            expand(&rows, &mut all, row, classes);
            for (j, want) in expected.iter().enumerate() {
                let bits = &all[j * row..(j + 1) * row];
                let plain: Vec<u64> = (0..row)
                    .map(|t| values_of(&rows, j, t, classes, false))
                    .collect();
                assert_eq!(bits, &plain[..]);
                for x in 0..64 * row {
                    let marked = bits[x / 64] >> (x % 64) & 1 == 1;
                    assert_eq!(
                        marked,
                        want.get(x).copied().unwrap_or(false),
                        "lane {j}, value {x}, {words} words, {classes:?}"
                    );
                }
            }
        }
    }

    /// Marks `parts` of each class of `c` from codes, with all partners
    /// and with those from 640 on, and compares with `rows` (marked from
    /// values, `half` words a class) and with the definition.
    fn check_codes<T: Cell>(
        g: &[T],
        base: usize,
        parts: &[(usize, usize)],
        rows: &[u16],
        half: usize,
        c: Classes,
    ) {
        let parts: Vec<(usize, usize)> = parts
            .iter()
            .copied()
            .filter(|&(_, a)| a < g.len())
            .collect();
        let heads: Vec<u16> = parts
            .iter()
            .map(|&(_, a)| c.code(g[a].get() as usize))
            .collect();
        let mut all = Vec::new();
        codes(c, g, &mut all);
        let plain: Vec<u16> = g.iter().map(|v| c.code(v.get() as usize)).collect();
        assert_eq!(all, plain);
        for class in 0..2 {
            let want = &rows[class * half * LANES..(class + 1) * half * LANES];
            let mut coded = vec![0u16; half * LANES];
            let partners = Coded {
                codes: &all,
                origin: 0,
            };
            mark_coded(&mut coded, partners, base, &parts, &heads, class);
            assert_eq!(coded, want, "class {class}, {half} words");
            // From 640 on: the lanes whose partner is below are left out.
            let from = 640.min(all.len());
            let partners = Coded {
                codes: &all[from..],
                origin: from,
            };
            let mut late = vec![0u16; half * LANES];
            mark_coded(&mut late, partners, base, &parts, &heads, class);
            let mut expected = vec![0u16; half * LANES];
            for &(k, a) in &parts {
                for j in 0..LANES {
                    let p = (base + j).wrapping_sub(k + a);
                    if base + j > k + a && (from.max(1)..g.len()).contains(&p) {
                        let x = (g[a] ^ g[p]).get() as usize;
                        let i = c.index(x);
                        if c.class(x) == class && i < 16 * half {
                            expected[i / 16 * LANES + j] |= 1 << (i % 16);
                        }
                    }
                }
            }
            assert_eq!(late, expected, "class {class} from 640, {half} words");
        }
    }

    #[test]
    fn marks_match_the_definition() {
        for words in [1, 5, 16, 24, 25, 40] {
            check::<u16>(pseudo_random(7, 1000, 640).collect(), words, None);
            check::<u8>(pseudo_random(11, 1000, 256).collect(), words.min(16), None);
        }
    }

    #[test]
    fn class_rows_match_the_definition() {
        // Officers' classes (the values whose bits 1, 2, 3, 5, 6, 7, 8 have
        // odd parity are those two common positions cannot give), and
        // masks with other lowest bits.
        for mask in [0x1EE, 0x1, 0x21, 0x3C0 | 0x20] {
            let c = Classes::new(mask).expect("a lowest bit below 6");
            for words in [1, 10, 20, 47, 50] {
                let words = c.round_words(words);
                check::<u16>(pseudo_random(5, 1000, 1600).collect(), words, Some(c));
                check::<u8>(
                    pseudo_random(9, 1000, 256).collect(),
                    words.min(16),
                    Some(c),
                );
            }
        }
        assert_eq!(Classes::new(0x40), None);
        assert_eq!(Classes::new(0), None);
    }

    #[test]
    fn class_numbers_count_each_class_in_order() {
        let c = Classes::new(0x1EE).expect("lowest bit 1");
        for class in 0..2 {
            let values: Vec<usize> = (0..640).filter(|&x| c.class(x) == class).collect();
            let numbers: Vec<usize> = values.iter().map(|&x| c.index(x)).collect();
            assert_eq!(numbers, (0..320).collect::<Vec<_>>());
        }
    }

    #[test]
    fn u32_values_use_the_plain_loop() {
        check::<u32>(pseudo_random(3, 1000, 300).collect(), 19, None);
        check::<u32>(
            pseudo_random(3, 1000, 300).collect(),
            20,
            Classes::new(0x1EE),
        );
    }

    #[test]
    fn deposit_is_pdep() {
        for fast in [false, available()] {
            assert_eq!(deposit(0b1011, 0b1111_0000, fast), 0b1011_0000);
            assert_eq!(deposit(0b101, 0b1010_1010, fast), 0b10_0010);
            assert_eq!(deposit(u64::MAX, 0, fast), 0);
        }
    }
}
