//! Split marks kept as bits in vector registers, for the sparse engine's
//! blocks ([`super::sparse`]).
//!
//! A block marks, for every heap size `n` of the block and every planned
//! split `a + (n - k - a)`, the value `G(a) xor G(n - k - a)`. Stored as a
//! byte per value, each mark is one store, and a core retires about one
//! store a cycle to different cache lines. Here [`LANES`] heap sizes are
//! marked at once: a part `a` reads the partners of the 32 heap sizes
//! together, xors `G(a)` in, and sets bit `x` of each heap size's row,
//! which stays in vector registers while every part of a piece is added,
//! so no mark is a store. On the AMD EPYC (Zen 4) of the benchmarks, with
//! 20 words (values below 320) that was 0.26 ns a mark, against 0.44 ns
//! for the byte stores.
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
//! The kernels come in three copies ([`Kernel`]), chosen by the level of
//! [`crate::simd`]:
//!
//! - `avx512.rs`: one 16-bit lane of a 512-bit vector per heap size;
//!   each word of the rows is a variable shift (`1 << (x - 16w)`, which
//!   gives 0 when `x` is outside the word), an add and an OR. Needs
//!   AVX-512 F, BW and BITALG, and BMI2 (`pdep`) for [`expand`].
//! - `avx2.rs`: the same method on 32-bit lanes (AVX2 shifts 32-bit lanes
//!   by amounts of their own, not 16-bit ones), eight heap sizes a vector.
//! - `words.rs`: plain loops over 32-bit words, eight heap sizes a step:
//!   each part finds, per heap size, the word `x / 32` and the bit
//!   `1 << x % 32` once, and each word of the rows takes a compare, an
//!   AND and an OR (SSE2 and NEON cannot shift lanes by amounts of their
//!   own). Compiled for the target's baseline, the portable copy; the
//!   AVX2 copy's codes, and its expansion of rows of every value, are
//!   these loops compiled for AVX2 (`avx2.rs` expands rows of two
//!   classes, four heap sizes a vector).
//!
//! All copies give the same rows, which the tests compare. The engine
//! marks its blocks in bit rows where the AVX-512 or the AVX2 copy runs
//! ([`available`]); the portable copy is slower than its byte marks. This
//! module uses `unsafe` for the calls of the copies compiled for AVX2 and
//! AVX-512 and for their unaligned vector loads and stores.

#![allow(unsafe_code)]

use super::cell::{Cell, Narrow};
use crate::nimber::LOWER;
use crate::simd::Level;

mod words;

/// Heap sizes marked at once: the 16-bit lanes of a 512-bit vector.
pub(crate) const LANES: usize = 32;

/// Whether the engine marks its blocks in bit rows: where the AVX-512 or
/// the AVX2 copy runs. On Officers to 2^20 (one thread, AMD EPYC Zen 4, a
/// busy shared machine, CPU time) the engine at `avx2` took 1.04 s with
/// bit rows against 1.10 s with byte marks (the AVX2 copy of `words.rs`
/// that `avx2.rs` replaced took 3.0 s); at `avx512`, 0.5 s. The portable
/// copy has no shift by a lane's own amount and stays slower than byte
/// marks, so the portable path marks bytes (BENCHMARKS.md).
pub(crate) fn available() -> bool {
    matches!(Kernel::current().0, Which::Avx512 | Which::Avx2)
}

/// The copy of the kernels that runs, one the processor has: made only by
/// [`Kernel::of`], which asks, so that the calls of the copies compiled
/// for AVX2 and AVX-512 are sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kernel(Which);

/// The copies of the kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    /// Plain loops over 32-bit words, compiled for the target's baseline.
    Portable,
    /// The same loops compiled for AVX2 (x86-64).
    Avx2,
    /// 16-bit lanes of 512-bit vectors, with `pdep` (x86-64 with AVX-512
    /// F, BW and BITALG, and BMI2).
    Avx512,
}

impl Kernel {
    /// The copy that runs at `level` on this processor: the AVX-512 copy
    /// where the processor has BITALG and BMI2 besides the level's
    /// features, the AVX2 copy at `avx2` or below `avx512` (every AVX-512
    /// processor has AVX2), the portable copy where the processor lacks
    /// the level.
    pub(crate) fn of(level: Level) -> Kernel {
        let which = match level {
            Level::Avx512 if level.is_supported() && avx512_kernels() => Which::Avx512,
            Level::Avx512 | Level::Avx2 if Level::Avx2.is_supported() => Which::Avx2,
            _ => Which::Portable,
        };
        Kernel(which)
    }

    /// The copy of the level the process runs ([`crate::simd`]).
    pub(crate) fn current() -> Kernel {
        static CURRENT: std::sync::OnceLock<Kernel> = std::sync::OnceLock::new();
        *CURRENT.get_or_init(|| Kernel::of(crate::simd::level()))
    }

    /// The copies this processor runs, from the plainest.
    #[cfg(test)]
    pub(crate) fn supported() -> Vec<Kernel> {
        let mut kernels: Vec<Kernel> = crate::simd::supported()
            .into_iter()
            .map(Kernel::of)
            .collect();
        kernels.dedup();
        kernels
    }
}

/// Whether the processor has what the AVX-512 copy needs besides the
/// level's own features: BITALG (16-bit popcounts) and BMI2 (`pdep`).
fn avx512_kernels() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512bitalg")
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

    /// The low 32 bits of `bits`, in order, at the positions of the set
    /// bits of `mask`, which holds one value of each pair of values that
    /// differ in bit [`Classes::bit`] alone (the values of one class in a
    /// block of 64): the instruction `pdep` when `fast` (the processor has
    /// BMI2), or else a spread by shifts.
    ///
    /// Within a class, the values whose bits above [`Classes::bit`] agree
    /// share that bit too (the parity of `x & mask` does not depend on
    /// the bits below it), so the class's `k`-th value is `k` with that
    /// bit put in: groups of `2^bit` bits spread apart by as many zeros,
    /// each moved up by `2^bit` where the class takes the upper value.
    #[inline(always)]
    fn place(self, bits: u64, mask: u64, fast: bool) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if fast {
            // SAFETY: the processor has BMI2 (the caller checked).
            return unsafe { avx512::pdep(bits, mask) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = fast;
        let mut x = bits & LOWER[5];
        for level in (self.bit as usize..5).rev() {
            x = (x | x << (1 << level)) & LOWER[level];
        }
        let step = 1 << self.bit;
        let up = (mask >> step) & LOWER[self.bit as usize];
        (x & !up) | (x & up) << step
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
    mark_with(Kernel::current(), rows, g, base, parts, select);
}

/// [`mark`] by the copy `kernel`.
pub(crate) fn mark_with<T: Cell>(
    kernel: Kernel,
    rows: &mut [u16],
    g: Values<'_, T>,
    base: usize,
    parts: &[(usize, usize)],
    select: Select,
) {
    debug_assert_eq!(rows.len() % LANES, 0);
    // Every copy reads `g` only at parts that are `whole`, and says
    // whether it left any out.
    let skipped = match kernel.0 {
        #[cfg(target_arch = "x86_64")]
        Which::Avx512 => match (T::narrow(g.heads), T::narrow(g.partners)) {
            // SAFETY: the processor has the features of the copy (a
            // `Kernel` of it is made only where it does).
            (Some(heads), Some(partners)) => unsafe {
                avx512::mark(rows, heads, partners, g.origin, base, parts, select)
            },
            // SAFETY: as above; AVX-512 implies AVX2 here.
            _ => unsafe { avx2::mark(rows, g, base, parts, select) },
        },
        // SAFETY: the processor has AVX2 (a `Kernel` of it is made only
        // where it does).
        #[cfg(target_arch = "x86_64")]
        Which::Avx2 => unsafe { avx2::mark(rows, g, base, parts, select) },
        _ => words::portable::mark(rows, g, base, parts, select),
    };
    if skipped {
        // The parts the vectors left: those that reach outside `g`.
        for &part in parts {
            if !whole(g.heads.len(), g.partners.len(), g.origin, base, part) {
                mark_part(rows, g, base, part, select);
            }
        }
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
    codes_with(Kernel::current(), c, values, out);
}

/// [`codes`] by the copy `kernel`.
pub(crate) fn codes_with<T: Cell>(kernel: Kernel, c: Classes, values: &[T], out: &mut Vec<u16>) {
    // Every code is written: zero only what the buffer lacks (the engine
    // passes stretches of about the same length each time).
    out.truncate(values.len());
    out.resize(values.len(), 0);
    match kernel.0 {
        #[cfg(target_arch = "x86_64")]
        Which::Avx512 if T::narrow(values).is_some() => {
            let narrow = T::narrow(values).expect("checked just above");
            // SAFETY: the processor has the features of the copy (a
            // `Kernel` of it is made only where it does).
            unsafe { avx512::codes(c, narrow, out) }
        }
        // SAFETY: the processor has AVX2 (implied by AVX-512 here).
        #[cfg(target_arch = "x86_64")]
        Which::Avx2 | Which::Avx512 => unsafe { words::avx2::codes(c, values, out) },
        _ => words::portable::codes(c, values, out),
    }
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
    mark_coded_with(Kernel::current(), rows, partners, base, parts, heads, class);
}

/// [`mark_coded`] by the copy `kernel`.
pub(crate) fn mark_coded_with(
    kernel: Kernel,
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
    // Every copy reads `partners` only for parts that are `whole`, and
    // says whether it left any out.
    let skipped = match kernel.0 {
        // SAFETY: the processor has the features of the copy (a `Kernel`
        // of it is made only where it does).
        #[cfg(target_arch = "x86_64")]
        Which::Avx512 => unsafe { avx512::mark_coded(rows, partners, base, parts, heads, flag) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Which::Avx2 => unsafe { avx2::mark_coded(rows, partners, base, parts, heads, flag) },
        _ => words::portable::mark_coded(rows, partners, base, parts, heads, flag),
    };
    if !skipped {
        return;
    }
    let limit = rows.len() / LANES * 16;
    for (&(k, a), &head) in parts.iter().zip(heads) {
        let (codes, origin) = (partners.codes.len(), partners.origin);
        if whole(usize::MAX, codes, origin, base, (k, a)) {
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
    expand_with(Kernel::current(), rows, out, row, classes);
}

/// [`expand`] by the copy `kernel`.
pub(crate) fn expand_with(
    kernel: Kernel,
    rows: &[u16],
    out: &mut [u64],
    row: usize,
    classes: Option<Classes>,
) {
    match kernel.0 {
        // SAFETY: the processor has BMI2 (a `Kernel` of the AVX-512 copy
        // is made only where it does).
        #[cfg(target_arch = "x86_64")]
        Which::Avx512 => unsafe { avx512::expand(rows, out, row, classes) },
        // SAFETY: the processor has AVX2 (a `Kernel` of it is made only
        // where it does).
        #[cfg(target_arch = "x86_64")]
        Which::Avx2 => unsafe { avx2::expand(rows, out, row, classes) },
        _ => words::portable::expand(rows, out, row, classes),
    }
}

/// [`expand`], with `pdep` when `fast` (the processor has BMI2), with the
/// spread of [`Classes::place`] otherwise; inlined into each copy.
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
            c.place(class(0), !odd, fast) | c.place(class(half), odd, fast)
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;

#[cfg(test)]
mod tests;
