//! Dense building blocks for take-and-break engines: compact value storage
//! and vectorisable scans over all the ways to split a heap in two.
//!
//! Splitting a heap of `r` tokens into `a + (r - a)` pairs the values array
//! read forwards (`G(1), G(2), ...`) with the same array read backwards
//! (`G(r-1), G(r-2), ...`). `pairs_hit` asks whether some pair xors to a
//! given nimber; it compares fixed-size chunks of the two slices without a
//! branch inside a chunk, so the compiler turns each chunk into a few SIMD
//! instructions (a byte shuffle for the reversal, a compare and an or), and
//! the scan still stops at the first chunk that holds a witness.

use super::period::Theorem;
use crate::Nimber;

/// The largest `i` with `v[i] != v[i + p]`, comparing blocks of 64 from the
/// end (vectorised), or `None` when `v` agrees with its shift by `p`.
fn last_mismatch<T: Copy + Eq>(v: &[T], p: usize) -> Option<usize> {
    if p >= v.len() {
        return None;
    }
    let (a, b) = (&v[..v.len() - p], &v[p..]);
    let mut end = a.len();
    while end > 0 {
        let start = end.saturating_sub(64);
        if a[start..end] != b[start..end] {
            return (start..end).rev().find(|&i| a[i] != b[i]);
        }
        end = start;
    }
    None
}

/// An unsigned integer type that holds Grundy values compactly.
///
/// Engines are generic over it so that a sequence whose values stay below
/// 256 is stored, and scanned, one byte per value.
pub(crate) trait Cell:
    Copy + Eq + Default + Send + Sync + 'static + std::ops::BitXor<Output = Self>
{
    /// Every storable value is below this bound.
    const LIMIT: u64;
    /// The value as a wide integer.
    fn get(self) -> u32;
    /// The cell holding `v`; `v < LIMIT`.
    fn of(v: u32) -> Self;
}

macro_rules! cell {
    ($t:ty, $limit:expr) => {
        impl Cell for $t {
            const LIMIT: u64 = $limit;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn of(v: u32) -> Self {
                debug_assert!(u64::from(v) < Self::LIMIT);
                v as $t
            }
        }
    };
}
cell!(u8, 1 << 8);
cell!(u16, 1 << 16);
cell!(u32, 1 << 32);

/// Grundy values `G(0), G(1), ...` stored in the narrowest integer type that
/// holds all of them: one byte per value while every value is below 256, two
/// bytes below 65536, four bytes beyond.
///
/// An engine widens the storage once, when the first value that does not
/// fit appears; 2^31 one-byte values take 2 GiB.
///
/// ```
/// use grundy::heap::{SparseOctal, TakeBreak, Values};
/// use grundy::Nimber;
///
/// let mut kayles = SparseOctal::new(&TakeBreak::parse("0.77")?);
/// kayles.extend_to(100);
/// let values: &Values = kayles.values();
/// assert_eq!(values.bytes_per_value(), 1);
/// assert_eq!(values.get(5), Some(Nimber(4)));
/// assert_eq!(values.iter().take(4).collect::<Vec<_>>(), [0, 1, 2, 3].map(Nimber));
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value is below 256.
    U8(Vec<u8>),
    /// Every value is below 65536.
    U16(Vec<u16>),
    /// Values of 65536 and above occur.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

/// What [`Values::period_check`] found: a proved period, and the smallest
/// period the values agree with so far, proved or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PeriodCheck {
    pub(crate) proved: Option<(usize, usize)>,
    pub(crate) candidate: Option<(usize, usize)>,
}

impl Values {
    /// How many values are stored.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(i)`, or `None` past the end.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Nimber> {
        match self {
            Values::U8(v) => v.get(i).map(|&x| Nimber(u64::from(x))),
            Values::U16(v) => v.get(i).map(|&x| Nimber(u64::from(x))),
            Values::U32(v) => v.get(i).map(|&x| Nimber(u64::from(x))),
        }
    }

    /// Bytes used per stored value: 1, 2 or 4.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = Nimber> + '_ {
        (0..self.len()).map(|i| match self {
            Values::U8(v) => Nimber(u64::from(v[i])),
            Values::U16(v) => Nimber(u64::from(v[i])),
            Values::U32(v) => Nimber(u64::from(v[i])),
        })
    }

    /// Reserves room for `additional` more values, exactly, so that a
    /// sequence of 2^31 one-byte values does not over-allocate.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        match self {
            Values::U8(v) => v.reserve_exact(additional),
            Values::U16(v) => v.reserve_exact(additional),
            Values::U32(v) => v.reserve_exact(additional),
        }
    }

    /// Room for this many values in all without a new allocation.
    pub(crate) fn capacity(&self) -> usize {
        match self {
            Values::U8(v) => v.capacity(),
            Values::U16(v) => v.capacity(),
            Values::U32(v) => v.capacity(),
        }
    }

    /// Makes room for `n` values in all, fallibly.
    pub(crate) fn try_reserve_exact(&mut self, n: usize) -> Result<(), crate::limits::LimitError> {
        let width = self.bytes_per_value() as u64;
        let additional = n.saturating_sub(self.len());
        match self {
            Values::U8(v) => v.try_reserve_exact(additional),
            Values::U16(v) => v.try_reserve_exact(additional),
            Values::U32(v) => v.try_reserve_exact(additional),
        }
        .map_err(|e| crate::limits::out_of_memory(n as u64, width, e))
    }

    /// Moves to the next wider type; the old storage is freed after the copy.
    /// Appends `G(i) = G(i - p)` until there are `len` values.
    pub(crate) fn extend_periodic(&mut self, p: usize, len: usize) {
        fn go<T: Copy>(v: &mut Vec<T>, p: usize, len: usize) {
            while v.len() < len {
                let i = v.len();
                v.push(v[i - p]);
            }
        }
        match self {
            Values::U8(v) => go(v, p, len),
            Values::U16(v) => go(v, p, len),
            Values::U32(v) => go(v, p, len),
        }
    }

    /// Looks for a period in the values so far. `proved` is `(n0, p)` when
    /// they prove, by `theorem`, that `G(n + p) = G(n)` for every
    /// `n >= n0`: they agree with their shift by `p` from `n0` on, up to
    /// `theorem.bound(n0, p) + p`. The smallest such `p` is returned;
    /// multiples of a period that agrees over at least `max(p, 16)` values
    /// are skipped (they need a longer proof). `candidate` is the proved
    /// period, or else the smallest `p` that agrees over at least
    /// `max(p, 16)` values, with where the agreement starts.
    ///
    /// # Complexity
    /// O(1) for most `p` (the last values differ), O(agreement) for the
    /// others.
    pub(crate) fn period_check(&self, theorem: Theorem) -> PeriodCheck {
        fn go<T: Copy + Eq>(v: &[T], theorem: Theorem) -> PeriodCheck {
            let len = v.len();
            let mut first: Option<(usize, usize)> = None;
            for p in 1..=len / 2 {
                if v[len - 1] != v[len - 1 - p] || first.is_some_and(|(_, c)| p % c == 0) {
                    continue;
                }
                let n0 = last_mismatch(v, p).map_or(0, |i| i + 1);
                let bound = theorem.bound(n0 as u64, p as u64);
                if bound.saturating_add(p as u64) <= len as u64 {
                    return PeriodCheck {
                        proved: Some((n0, p)),
                        candidate: Some((n0, p)),
                    };
                }
                if len - p - n0.min(len - p) >= p.max(16) {
                    first.get_or_insert((n0, p));
                }
            }
            PeriodCheck {
                proved: None,
                candidate: first,
            }
        }
        match self {
            Values::U8(v) => go(v, theorem),
            Values::U16(v) => go(v, theorem),
            Values::U32(v) => go(v, theorem),
        }
    }

    pub(crate) fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Values::U8(v) => Values::U16(widened(&v)),
            Values::U16(v) => Values::U32(widened(&v)),
            Values::U32(_) => unreachable!("values above u32 are never stored"),
        };
    }
}

fn widened<A: Copy, B: From<A>>(v: &Vec<A>) -> Vec<B> {
    let mut out = Vec::with_capacity(v.capacity().max(v.len()));
    out.extend(v.iter().map(|&x| B::from(x)));
    out
}

/// Chunk length of the vectorised scans: long enough for several SIMD
/// registers per chunk, short enough that an early witness stops the scan
/// soon.
const CHUNK: usize = 64;

/// Whether `front[i] xor back[len - 1 - i] == m` for some `i`: the first
/// slice read forwards against the second read backwards, as the parts of
/// splits pair up. The slices have the same length.
#[inline]
pub(crate) fn pairs_hit<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    debug_assert_eq!(front.len(), back.len());
    let mut fronts = front.chunks_exact(CHUNK);
    let mut backs = back.rchunks_exact(CHUNK);
    for (a, b) in (&mut fronts).zip(&mut backs) {
        let mut hit = false;
        for (x, y) in a.iter().zip(b.iter().rev()) {
            hit |= (*x ^ *y) == m;
        }
        if hit {
            return true;
        }
    }
    let (a, b) = (fronts.remainder(), backs.remainder());
    a.iter().zip(b.iter().rev()).any(|(x, y)| (*x ^ *y) == m)
}

/// Calls `mark(v)` for the value `v = G(a) xor G(r - a)` of every split of
/// a heap of `r` tokens into two non-empty heaps (each unordered pair once).
#[inline]
pub(crate) fn for_each_pair_value<T: Cell>(g: &[T], r: usize, mut mark: impl FnMut(u32)) {
    for a in 1..=r / 2 {
        mark((g[a] ^ g[r - a]).get());
    }
}

/// The least `i >= start` with `seen[i] == 0`. Every byte of `seen` is 0
/// or 1 and the slice ends in at least eight zero bytes, a sentinel that
/// ends every search.
#[inline]
pub(crate) fn mex_from(seen: &[u8], start: usize) -> usize {
    let mut i = start;
    while i + 8 <= seen.len() {
        let word = u64::from_le_bytes(seen[i..i + 8].try_into().unwrap_or([0; 8]));
        // Bit 0 of each zero byte, set in `free`.
        let free = !word & 0x0101_0101_0101_0101;
        if free != 0 {
            return i + (free.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + seen[i..].iter().position(|&b| b == 0).unwrap_or(0)
}

/// `len` reproducible pseudo-random numbers below `modulo` (a linear
/// congruential generator), for tests of the scans.
#[cfg(test)]
pub(crate) fn pseudo_random(seed: u32, len: usize, modulo: u32) -> impl Iterator<Item = u32> {
    let mut x = seed;
    (0..len).map(move |_| {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 16) % modulo
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_hit_matches_definition_on_every_length() {
        // Pseudo-random values with both hits and misses, lengths around the
        // chunk boundaries.
        let v: Vec<u8> = pseudo_random(12345, 400, 23).map(|x| x as u8).collect();
        for len in [0, 1, 2, 63, 64, 65, 127, 128, 129, 200] {
            for shift in [0, 3, 150] {
                let front = &v[..len];
                let back = &v[shift..shift + len];
                for m in 0..32u8 {
                    let want = (0..len).any(|i| front[i] ^ back[len - 1 - i] == m);
                    assert_eq!(pairs_hit(front, back, m), want, "len {len}, m {m}");
                }
            }
        }
    }

    #[test]
    fn mex_from_skips_marked_bytes() {
        let mut seen = vec![0u8; 40];
        seen[..19].fill(1);
        assert_eq!(mex_from(&seen, 0), 19);
        assert_eq!(mex_from(&seen, 25), 25);
        seen[19] = 1;
        seen[20] = 1;
        assert_eq!(mex_from(&seen, 3), 21);
    }

    #[test]
    fn widening_keeps_values() {
        let mut v = Values::U8(vec![0, 1, 255]);
        v.widen();
        assert_eq!(v.bytes_per_value(), 2);
        assert_eq!(v.get(2), Some(Nimber(255)));
        v.widen();
        assert_eq!(v, Values::U32(vec![0, 1, 255]));
    }
}
