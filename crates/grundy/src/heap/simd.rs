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
//! Values of two bytes have a third copy for AVX-512 (F and BW), written
//! with intrinsics: 32 pairs a vector, the back half reversed by one
//! permutation, the matches gathered in mask registers.
//!
//! This module uses `unsafe` for that alone: a function compiled for AVX2
//! or AVX-512 may only be called on a processor that has it.

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
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { pairs_hit_avx2(front, back, m) };
    }
    let _ = level;
    pairs_hit_portable(front, back, m)
}

/// The AVX2 copy of the scan: the same source, inlined here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pairs_hit_avx2<T: Cell>(front: &[T], back: &[T], m: T) -> bool {
    pairs_hit_portable(front, back, m)
}

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
    (i..n).any(|j| front[j] ^ back[n - 1 - j] == m)
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
        for len in [0, 1, 2, 63, 64, 65, 127, 128, 129, 200] {
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
        for len in [1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 192, 200] {
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
