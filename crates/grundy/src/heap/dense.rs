//! Dense building blocks for take-and-break engines: vectorisable scans
//! over all the ways to split a heap in two.
//!
//! Splitting a heap of `r` tokens into `a + (r - a)` pairs the values array
//! read forwards (`G(1), G(2), ...`) with the same array read backwards
//! (`G(r-1), G(r-2), ...`). `pairs_hit_portable` asks whether some pair xors to a
//! given nimber; it compares fixed-size chunks of the two slices without a
//! branch inside a chunk, so the compiler turns each chunk into a few SIMD
//! instructions (a byte shuffle for the reversal, a compare and an or), and
//! the scan still stops at the first chunk that holds a witness.

use super::cell::Cell;

/// Chunk length of the vectorised scans: several SIMD registers per
/// chunk, and short, as the scans are compute-bound and a witness is
/// found on average a few hundred pairs in (32 rather than 64 pairs:
/// `0.367` to 2·10^5 on the portable path 2% faster).
const CHUNK: usize = 32;

/// Whether `front[i] xor back[len - 1 - i] == m` for some `i`: the first
/// slice read forwards against the second read backwards, as the parts of
/// splits pair up. The slices have the same length.
///
/// This is the scan for any processor: the compiler vectorises each block
/// with the instructions the caller is compiled for. Engines call
/// [`super::simd::pairs_hit`], which runs it on the widest vectors the
/// processor has.
///
/// The pairs go in blocks of [`CHUNK`], with an exit after each; the
/// pairs left after the last whole block go in one block of 16 at most
/// and a last block of 16 overlapping pairs already compared, so that
/// only scans shorter than 8 pairs go one pair at a time. Many of
/// `0.367`'s and Officers' scans are short (64 to 127 pairs, mostly
/// without a witness); before, the pairs after the last chunk went in a
/// loop of blocks of 16, out of line. Comparing more pairs to save a branch
/// (the last 64 to 127 pairs as two overlapping chunks of 64 with one
/// exit) was slower: 853 against 790 ms.
#[inline(always)]
pub(crate) fn pairs_hit_portable<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    debug_assert_eq!(front.len(), back.len());
    blocks_hit::<T, Backward>(front, back, m)
}

/// Whether `front[i] xor mirrored[i] == m` for some `i`: the scan of
/// [`pairs_hit_portable`] with the back half already reversed, read from a
/// copy of the values kept in reverse order (`super::sparse`'s mirror).
/// Both slices read forwards, so a block is two loads, an xor, a compare
/// and an or per vector: on SSE2 (the portable path on x86-64) the
/// reversal of two-byte values costs three shuffles per 8 pairs, which
/// this saves. The blocks and exits are those of [`pairs_hit_portable`].
#[inline(always)]
pub(crate) fn pairs_hit_mirrored<T: Cell>(front: &[T], mirrored: &[T], m: T) -> bool {
    debug_assert_eq!(front.len(), mirrored.len());
    blocks_hit::<T, Forward>(front, mirrored, m)
}

/// The blocks of the scans, with an exit after each (see
/// [`pairs_hit_portable`]); `P` says how a block pairs the two slices.
#[inline(always)]
fn blocks_hit<T: Cell, P: Pairing>(front: &[T], back: &[T], m: T) -> bool {
    let n = front.len().min(back.len());
    let (front, back) = (&front[..n], &back[..n]);
    if n < 16 {
        if n < 8 {
            return P::few(front, back, m);
        }
        return P::block::<T, 8>(front, back, 0, m) || P::block::<T, 8>(front, back, n - 8, m);
    }
    let mut i = 0;
    while i + CHUNK <= n {
        if P::block::<T, CHUNK>(front, back, i, m) {
            return true;
        }
        i += CHUNK;
    }
    if i + 16 <= n {
        if P::block::<T, 16>(front, back, i, m) {
            return true;
        }
        i += 16;
    }
    // The last pairs, in a block that ends at the last pair.
    i < n && P::block::<T, 16>(front, back, n - 16, m)
}

/// How a scan pairs `front[j]` with a value of the other slice.
trait Pairing {
    /// Whether one of the pairs xors to `m`, one pair at a time (for
    /// fewer than 8).
    fn few<T: Cell>(front: &[T], other: &[T], m: T) -> bool;
    /// Whether one of the `L` pairs from `front[i]` on xors to `m`: no
    /// branch inside, so that the compiler makes it a few vector
    /// instructions.
    fn block<T: Cell, const L: usize>(front: &[T], other: &[T], i: usize, m: T) -> bool;
}

/// `front[j]` with `back[n - 1 - j]`: the parts of splits as two slices
/// of the values.
struct Backward;

/// `front[j]` with `mirrored[j]`: the back half already reversed.
struct Forward;

impl Pairing for Backward {
    #[inline(always)]
    fn few<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
        front
            .iter()
            .zip(back.iter().rev())
            .any(|(x, y)| (*x ^ *y) == m)
    }

    #[inline(always)]
    fn block<T: Cell, const L: usize>(front: &[T], back: &[T], i: usize, m: T) -> bool {
        let n = back.len();
        let f: &[T; L] = front[i..i + L].try_into().expect("L values");
        let b: &[T; L] = back[n - i - L..n - i].try_into().expect("L values");
        let mut hit = false;
        for (x, y) in f.iter().zip(b.iter().rev()) {
            hit |= (*x ^ *y) == m;
        }
        hit
    }
}

impl Pairing for Forward {
    #[inline(always)]
    fn few<T: Cell>(front: &[T], mirrored: &[T], m: T) -> bool {
        front.iter().zip(mirrored).any(|(x, y)| (*x ^ *y) == m)
    }

    #[inline(always)]
    fn block<T: Cell, const L: usize>(front: &[T], mirrored: &[T], i: usize, m: T) -> bool {
        let f: &[T; L] = front[i..i + L].try_into().expect("L values");
        let b: &[T; L] = mirrored[i..i + L].try_into().expect("L values");
        let mut hit = false;
        for (x, y) in f.iter().zip(b) {
            hit |= (*x ^ *y) == m;
        }
        hit
    }
}

/// Calls `mark(v)` for the value `v = G(a) xor G(r - a)` of every split of
/// a heap of `r` tokens into two non-empty heaps (each unordered pair once).
#[inline]
pub(crate) fn for_each_pair_value<T: Cell>(g: &[T], r: usize, mut mark: impl FnMut(u32)) {
    for a in 1..=r / 2 {
        mark((g[a] ^ g[r - a]).get());
    }
}

/// Zero bytes after the last meaningful entry of a slice of marks, so
/// that a mex search ([`mex_from`]) always stops.
pub(crate) const SENTINEL: usize = 8;

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
