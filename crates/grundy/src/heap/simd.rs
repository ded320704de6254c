//! The octal engines' vector scans on the widest vectors the processor
//! has.
//!
//! The crate is compiled for the baseline of its target (on x86-64: SSE2,
//! 16-byte vectors, and no byte shuffle), so that the one binary runs on
//! every machine. The scan for a witness pair ([`pairs_hit`]) is much of
//! the time of the octal games that have many rare values (59% of
//! `period 0.016`), and with AVX2 it compares 32 bytes per instruction and
//! reverses them with one shuffle. So the scan is compiled twice, and the
//! processor's features, checked at run time (the check is cached by the
//! standard library), choose which copy runs, up to the level of
//! [`crate::simd`] (`GRUNDY_SIMD`). Both copies are the same source; they
//! give the same answers.
//!
//! Values of one and two bytes have an AVX2 copy written with intrinsics
//! ([`pairs_hit_u8_avx2`], [`pairs_hit_u16_avx2`]), which also takes
//! one-byte values at AVX-512; it leaves no scalar tail, which most of
//! Officers' scans, being short, had been (the portable loop compiled for
//! AVX2 now runs only for values of four bytes). Values of two bytes have a copy for AVX-512 (F and
//! BW), written with intrinsics: 32 pairs a vector, the back half
//! reversed by one permutation, the matches gathered in mask registers.
//!
//! This module uses `unsafe` for that, and for the intrinsics' unaligned
//! loads: a function compiled for AVX2 or AVX-512 may only be called on a
//! processor that has it.

#![allow(unsafe_code)]

use super::cell::{Cell, Narrow};
use super::dense::pairs_hit_portable;
use crate::simd::Level;

/// [`pairs_hit_portable`], on AVX-512 (two-byte values) or AVX2 where the
/// level of [`crate::simd`] allows and the processor has it.
#[inline]
pub(crate) fn pairs_hit<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    pairs_hit_at(crate::simd::level(), front, back, m)
}

/// [`pairs_hit`] at `level` (at most: a level the processor lacks runs
/// the portable copy).
#[inline]
pub(crate) fn pairs_hit_at<T: Cell>(level: Level, front: &[T], back: &[T], m: T) -> bool {
    #[cfg(target_arch = "x86_64")]
    if level == Level::Avx512 && std::arch::is_x86_feature_detected!("avx512bw") {
        if let Some(Narrow::U16(front16)) = T::narrow(front) {
            let back16 = match T::narrow(back) {
                Some(Narrow::U16(b)) => b,
                _ => unreachable!("both halves have one width"),
            };
            // SAFETY: the processor has AVX-512 F and BW (BW implies F),
            // checked just above.
            return unsafe { pairs_hit_u16_avx512(front16, back16, m.get() as u16) };
        }
    }
    #[cfg(target_arch = "x86_64")]
    if level >= Level::Avx2 && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above (the copies
        // of one and two bytes use no more).
        return unsafe {
            match (T::narrow(front), T::narrow(back)) {
                (Some(Narrow::U8(f)), Some(Narrow::U8(b))) => {
                    pairs_hit_u8_avx2(f, b, m.get() as u8)
                }
                (Some(Narrow::U16(f)), Some(Narrow::U16(b))) => {
                    pairs_hit_u16_avx2(f, b, m.get() as u16)
                }
                _ => pairs_hit_avx2(front, back, m),
            }
        };
    }
    let _ = level;
    pairs_hit_portable(front, back, m)
}

/// The AVX2 copy of the scan for values of four bytes: the same source,
/// inlined here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pairs_hit_avx2<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    pairs_hit_portable(front, back, m)
}

/// [`pairs_hit`] of one- or two-byte values with AVX2 intrinsics: a
/// vector of 32 bytes a step, the back half reversed by a byte shuffle and
/// a swap of its 16-byte halves, an early exit every two vectors, and the
/// pairs left at the end taken by one more vector that overlaps those
/// already compared (a scan of 16 to 31 pairs is two vectors, not a loop
/// of single values; the loop above left those to a scalar tail, much of
/// the scans' time on Officers, whose scans are mostly short). Shorter
/// scans take 16-byte vectors the same way, the shortest a plain loop.
macro_rules! pairs_hit_avx2_of {
    ($name:ident, $t:ty, $set1:ident, $set1_128:ident, $cmpeq:ident, $cmpeq_128:ident, $reverse:expr) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        fn $name(front: &[$t], back: &[$t], m: $t) -> bool {
            use std::arch::x86_64::*;
            /// Values a 32-byte vector holds.
            const PER: usize = 32 / std::mem::size_of::<$t>();
            /// Values a 16-byte vector holds.
            const HALF: usize = PER / 2;
            debug_assert_eq!(front.len(), back.len());
            let n = front.len().min(back.len());
            // Reverses the values within each 16-byte half.
            let reverse = $reverse;
            if n < PER {
                if n < HALF {
                    return (0..n).any(|j| front[j] ^ back[n - 1 - j] == m);
                }
                let want = $set1_128(m as _);
                // front[i + j] pairs with back[n - 1 - i - j]: the first
                // HALF pairs and the last HALF (which may overlap).
                let hit = |i: usize| {
                    let (f, b) = (&front[i..i + HALF], &back[n - i - HALF..n - i]);
                    // SAFETY: `f` and `b` hold HALF values (16 bytes) each.
                    let (f, b) = unsafe {
                        (
                            _mm_loadu_si128(f.as_ptr().cast()),
                            _mm_loadu_si128(b.as_ptr().cast()),
                        )
                    };
                    let r = _mm_shuffle_epi8(b, _mm256_castsi256_si128(reverse));
                    $cmpeq_128(_mm_xor_si128(f, r), want)
                };
                let x = _mm_or_si128(hit(0), hit(n - HALF));
                return _mm_testz_si128(x, x) == 0;
            }
            let want = $set1(m as _);
            // The comparisons of front[i .. i + PER] with their partners.
            let hit = |i: usize| {
                let (f, b) = (&front[i..i + PER], &back[n - i - PER..n - i]);
                // SAFETY: `f` and `b` hold PER values (32 bytes) each.
                let (f, b) = unsafe {
                    (
                        _mm256_loadu_si256(f.as_ptr().cast()),
                        _mm256_loadu_si256(b.as_ptr().cast()),
                    )
                };
                let r = _mm256_permute4x64_epi64::<0b01_00_11_10>(_mm256_shuffle_epi8(b, reverse));
                $cmpeq(_mm256_xor_si256(f, r), want)
            };
            let mut i = 0;
            while i + 2 * PER <= n {
                let x = _mm256_or_si256(hit(i), hit(i + PER));
                if _mm256_testz_si256(x, x) == 0 {
                    return true;
                }
                i += 2 * PER;
            }
            if i + PER <= n {
                let x = hit(i);
                if _mm256_testz_si256(x, x) == 0 {
                    return true;
                }
                i += PER;
            }
            // The last PER pairs, some compared already.
            i < n && {
                let x = hit(n - PER);
                _mm256_testz_si256(x, x) == 0
            }
        }
    };
}

pairs_hit_avx2_of!(
    pairs_hit_u8_avx2,
    u8,
    _mm256_set1_epi8,
    _mm_set1_epi8,
    _mm256_cmpeq_epi8,
    _mm_cmpeq_epi8,
    _mm256_setr_epi8(
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
        5, 4, 3, 2, 1, 0,
    )
);
pairs_hit_avx2_of!(
    pairs_hit_u16_avx2,
    u16,
    _mm256_set1_epi16,
    _mm_set1_epi16,
    _mm256_cmpeq_epi16,
    _mm_cmpeq_epi16,
    _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
    )
);

/// [`pairs_hit`] of two-byte values on AVX-512: 32 pairs a vector, the
/// back half reversed by one permutation, the comparisons into masks, 64
/// pairs before each early exit.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn pairs_hit_u16_avx512(front: &[u16], back: &[u16], m: u16) -> bool {
    use std::arch::x86_64::*;
    debug_assert_eq!(front.len(), back.len());
    let n = front.len().min(back.len());
    // Lane i takes lane 31 - i.
    let reverse = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    let want = _mm512_set1_epi16(m as i16);
    let mut i = 0;
    while i + 64 <= n {
        // front[i + j] pairs with back[n - 1 - i - j].
        let f = &front[i..i + 64];
        let b = &back[n - i - 64..n - i];
        // SAFETY: `f` and `b` hold 64 values each.
        let (f0, f1, b0, b1) = unsafe {
            (
                _mm512_loadu_si512(f.as_ptr().cast()),
                _mm512_loadu_si512(f[32..].as_ptr().cast()),
                _mm512_loadu_si512(b[32..].as_ptr().cast()),
                _mm512_loadu_si512(b.as_ptr().cast()),
            )
        };
        let x0 = _mm512_xor_si512(f0, _mm512_permutexvar_epi16(reverse, b0));
        let x1 = _mm512_xor_si512(f1, _mm512_permutexvar_epi16(reverse, b1));
        let hit = _mm512_cmpeq_epi16_mask(x0, want) | _mm512_cmpeq_epi16_mask(x1, want);
        if hit != 0 {
            return true;
        }
        i += 64;
    }
    // The last pairs: front[i..] against back[..n - i], by the AVX2 copy
    // (AVX-512 F implies AVX2), which leaves no scalar tail.
    i < n && pairs_hit_u16_avx2(&front[i..n], &back[..n - i], m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::dense::pseudo_random;

    #[test]
    fn pairs_hit_matches_definition_on_every_length() {
        // Pseudo-random values with both hits and misses, lengths around the
        // chunk boundaries.
        let v: Vec<u8> = pseudo_random(12345, 400, 23).map(|x| x as u8).collect();
        for len in [
            0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 79, 80, 95, 96, 111, 112,
            127, 128, 129, 143, 200,
        ] {
            for shift in [0, 3, 150] {
                let front = &v[..len];
                let back = &v[shift..shift + len];
                for m in 0..32u8 {
                    let want = (0..len).any(|i| front[i] ^ back[len - 1 - i] == m);
                    for level in crate::simd::supported() {
                        let hit = pairs_hit_at(level, front, back, m);
                        assert_eq!(hit, want, "{level}: len {len}, m {m}");
                    }
                    assert_eq!(pairs_hit_portable(front, back, m), want, "len {len}, m {m}");
                }
            }
        }
        // Two bytes a value: other vector code (AVX-512 where the processor
        // has it, 64 pairs a step), and values past 255.
        let v: Vec<u16> = pseudo_random(777, 400, 300).map(|x| x as u16).collect();
        for len in [
            1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 79, 96, 111, 112, 127, 128,
            129, 192, 200,
        ] {
            let (front, back) = (&v[..len], &v[100..100 + len]);
            for m in (0..512u16).step_by(7) {
                let want = (0..len).any(|i| front[i] ^ back[len - 1 - i] == m);
                for level in crate::simd::supported() {
                    let hit = pairs_hit_at(level, front, back, m);
                    assert_eq!(hit, want, "{level}: len {len}, m {m}");
                }
                assert_eq!(pairs_hit_portable(front, back, m), want, "len {len}, m {m}");
            }
        }
    }
}
