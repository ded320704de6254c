//! Dense building blocks for take-and-break engines: vectorisable scans
//! over all the ways to split a heap in two.
//!
//! Splitting a heap of `r` tokens into `a + (r - a)` pairs the values array
//! read forwards (`G(1), G(2), ...`) with the same array read backwards
//! (`G(r-1), G(r-2), ...`). `pairs_hit` asks whether some pair xors to a
//! given nimber; it compares fixed-size chunks of the two slices without a
//! branch inside a chunk, so the compiler turns each chunk into a few SIMD
//! instructions (a byte shuffle for the reversal, a compare and an or), and
//! the scan still stops at the first chunk that holds a witness.

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
    /// `values` as the vectors of [`super::bitrows`] read them, when the
    /// cells are one or two bytes.
    fn narrow(values: &[Self]) -> Option<super::bitrows::Narrow<'_>>;
}

macro_rules! cell {
    ($t:ty, $limit:expr, |$v:ident| $narrow:expr) => {
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
            #[inline(always)]
            fn narrow($v: &[Self]) -> Option<super::bitrows::Narrow<'_>> {
                $narrow
            }
        }
    };
}
cell!(u8, 1 << 8, |v| Some(super::bitrows::Narrow::U8(v)));
cell!(u16, 1 << 16, |v| Some(super::bitrows::Narrow::U16(v)));
cell!(u32, 1 << 32, |v| {
    let _ = v;
    None
});

/// Chunk length of the vectorised scans: long enough for several SIMD
/// registers per chunk, short enough that an early witness stops the scan
/// soon.
const CHUNK: usize = 64;

/// Whether `front[i] xor back[len - 1 - i] == m` for some `i`: the first
/// slice read forwards against the second read backwards, as the parts of
/// splits pair up. The slices have the same length.
///
/// Runs with the processor's widest vectors ([`crate::simd`]).
#[inline]
pub(crate) fn pairs_hit<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    crate::simd::pairs_hit(front, back, m)
}

/// [`pairs_hit`] for any processor: the compiler vectorises each chunk
/// with the instructions the caller is compiled for.
#[inline(always)]
pub(crate) fn pairs_hit_portable<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
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
                    assert_eq!(pairs_hit_portable(front, back, m), want, "len {len}, m {m}");
                }
            }
        }
        // Two bytes a value: other vector code (AVX-512 where the processor
        // has it, 64 pairs a step), and values past 255.
        let v: Vec<u16> = pseudo_random(777, 400, 300).map(|x| x as u16).collect();
        for len in [1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 192, 200] {
            let (front, back) = (&v[..len], &v[100..100 + len]);
            for m in (0..512u16).step_by(7) {
                let want = (0..len).any(|i| front[i] ^ back[len - 1 - i] == m);
                assert_eq!(pairs_hit(front, back, m), want, "len {len}, m {m}");
                assert_eq!(pairs_hit_portable(front, back, m), want, "len {len}, m {m}");
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
}
