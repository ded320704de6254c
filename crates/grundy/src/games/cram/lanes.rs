//! The components of eight positions of a [`Cram8`] frame at once, in the
//! lanes of 512-bit vectors.
//!
//! The search splits every option of a position into its canonical
//! regions ([`ImpartialGame::components`]) before it searches any, to find
//! an option whose regions are all in its table; on 5x7 and 5x8 that split
//! is about half of the instructions. Each step of it (the reductions, the
//! flood fill, the images under the board's symmetries) is a handful of
//! operations on one 64-bit word, the same for every option. On a
//! processor with AVX-512 the options go through those steps eight at a
//! time, one in each 64-bit lane of a vector, in the same operations.
//!
//! The regions come out exactly as [`ImpartialGame::components`] gives
//! them, in the same order: each round fills, in every lane at once, the
//! region of the lowest cell not reached yet, and there are as many rounds
//! as the lane with the most regions needs. A region that a cut link set
//! apart and that reduces further is split again by the one-word code, as
//! that code does; so is a position with more regions than [`ROUNDS`].
//!
//! The compiler is told to use AVX-512 in this module's vector code alone,
//! and the processor is asked at run time whether it has it (the standard
//! library caches the answer): the one binary still runs on every x86-64
//! processor, and elsewhere (or where `GRUNDY_SIMD` forces a plainer level,
//! see [`crate::simd`]) [`lanes`] is 1 and the search splits one option at
//! a time as before. A second copy of the split also uses GFNI, where
//! one affine map over GF(2) reverses the bits of every byte, or turns the
//! 8x8 square about its diagonal, in one instruction (Ice Lake and later,
//! Zen 4); the first copy does both by shifts. This module uses `unsafe`
//! for the calls of these copies, and for moving words in and out of
//! vectors.

#![allow(unsafe_code)]

use super::Cram8;
#[cfg(doc)]
use crate::game::ImpartialGame;
use crate::simd::Level;

/// How many positions are split at once.
pub(crate) const LANES: usize = 8;

/// Regions a lane may have before it is split by the one-word code instead
/// (regions of two cells or more: more than eight is rare).
const ROUNDS: usize = 8;

/// How many positions [`Cram8::components_in_lanes`] splits at once here:
/// [`LANES`] at the level `avx512` of [`crate::simd`] (the best, unless
/// `GRUNDY_SIMD` forces a plainer one), 1 otherwise.
pub(crate) fn lanes() -> usize {
    lanes_at(crate::simd::level())
}

/// [`lanes`] at `level`.
fn lanes_at(level: Level) -> usize {
    if in_lanes(level) {
        LANES
    } else {
        1
    }
}

/// Whether the split runs in lanes at `level`: at `avx512`, where the
/// processor has the AVX-512 features [`avx512::split`] is compiled for.
fn in_lanes(level: Level) -> bool {
    // `Level::Avx512` is supported only where the processor has AVX-512
    // F, CD and BW.
    cfg!(target_arch = "x86_64") && level == Level::Avx512 && level.is_supported()
}

impl Cram8 {
    /// [`ImpartialGame::components`] of each of `positions` in turn,
    /// pushed onto `out`, with the length of `out` after each pushed onto
    /// `ends`: eight at a time where the processor can ([`lanes`]), one at
    /// a time otherwise.
    pub(crate) fn components_in_lanes(
        &self,
        positions: &[u64],
        out: &mut Vec<u64>,
        ends: &mut Vec<usize>,
    ) {
        self.split_in_lanes(crate::simd::level(), positions, out, ends, true);
    }

    /// [`Cram8::components_in_lanes`] at `level`, with GFNI's affine maps
    /// for the images of the regions where the processor has them and
    /// `gfni` allows (the tests run both copies).
    fn split_in_lanes(
        &self,
        level: Level,
        positions: &[u64],
        out: &mut Vec<u64>,
        ends: &mut Vec<usize>,
        gfni: bool,
    ) {
        #[cfg(target_arch = "x86_64")]
        if in_lanes(level) {
            let gfni = gfni && std::arch::is_x86_feature_detected!("gfni");
            for chunk in positions.chunks(LANES) {
                let mut p = [0u64; LANES];
                p[..chunk.len()].copy_from_slice(chunk);
                // SAFETY: the processor has the features each copy is
                // compiled for, checked just above (`in_lanes`, and GFNI).
                unsafe {
                    if gfni {
                        avx512::split_with_gfni(self, &p, chunk.len(), out, ends);
                    } else {
                        avx512::split(self, &p, chunk.len(), out, ends);
                    }
                }
            }
            return;
        }
        let _ = (level, gfni);
        for p in positions {
            self.split_reduced(self.reduced(*p), out);
            ends.push(out.len());
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    //! The steps of `Cram8`'s split on eight words at once: each function
    //! is its one-word namesake, lane by lane.

    use super::{Cram8, LANES, ROUNDS};
    use std::arch::x86_64::*;

    type V = __m512i;

    macro_rules! simd_fns {
        ($($(#[$doc:meta])* fn $name:ident $(<$c:ident>)? ($($a:ident: $t:ty),*) -> $r:ty $body:block)*) => {$(
            $(#[$doc])*
            #[inline]
            #[target_feature(enable = "avx512f,avx512cd,avx512bw")]
            fn $name $(<const $c: u32>)? ($($a: $t),*) -> $r $body
        )*};
    }

    simd_fns! {
        /// Every lane `x`.
        fn splat(x: u64) -> V { _mm512_set1_epi64(x as i64) }
        fn and(a: V, b: V) -> V { _mm512_and_si512(a, b) }
        fn or(a: V, b: V) -> V { _mm512_or_si512(a, b) }
        fn xor(a: V, b: V) -> V { _mm512_xor_si512(a, b) }
        /// `a & !b`.
        fn but(a: V, b: V) -> V { _mm512_andnot_si512(b, a) }
        fn add(a: V, b: V) -> V { _mm512_add_epi64(a, b) }
        fn sub(a: V, b: V) -> V { _mm512_sub_epi64(a, b) }
        fn shl<N>(a: V) -> V { _mm512_slli_epi64::<N>(a) }
        fn shr<N>(a: V) -> V { _mm512_srli_epi64::<N>(a) }
        /// Each lane of `a` shifted right by that lane of `n` (below 64).
        fn shr_by(a: V, n: V) -> V { _mm512_srlv_epi64(a, n) }
        fn min(a: V, b: V) -> V { _mm512_min_epu64(a, b) }
        /// `u64::leading_zeros` of each lane.
        fn leading_zeros(a: V) -> V { _mm512_lzcnt_epi64(a) }
        /// `u64::trailing_zeros` of each lane, none of which is 0.
        fn trailing_zeros(a: V) -> V {
            sub(splat(63), leading_zeros(and(a, sub(splat(0), a))))
        }
        /// `u64::swap_bytes` of each lane.
        fn swap_bytes(a: V) -> V {
            let order = _mm512_set_epi64(
                0x0809_0a0b_0c0d_0e0f, 0x0001_0203_0405_0607,
                0x0809_0a0b_0c0d_0e0f, 0x0001_0203_0405_0607,
                0x0809_0a0b_0c0d_0e0f, 0x0001_0203_0405_0607,
                0x0809_0a0b_0c0d_0e0f, 0x0001_0203_0405_0607,
            );
            _mm512_shuffle_epi8(a, order)
        }

        /// `Cram8::reduced`.
        fn reduced(p: V) -> V {
            let (right, left, below, above) = (shr::<1>(p), shl::<1>(p), shr::<8>(p), shl::<8>(p));
            let any = or(or(right, left), or(below, above));
            let two = or(
                or(and(right, or(left, or(below, above))), and(left, or(below, above))),
                and(below, above),
            );
            let tufts = but(and(p, any), two);
            let has_tuft_above = and(p, shl::<8>(tufts));
            let has_tuft_left = and(p, shl::<1>(tufts));
            let has_tuft_below = and(p, shr::<8>(tufts));
            let has_tuft_right = and(p, shr::<1>(tufts));
            let mut result = p;
            let mut seen = has_tuft_above;
            result = but(result, shr::<1>(and(seen, has_tuft_left)));
            seen = or(seen, has_tuft_left);
            result = but(result, shl::<8>(and(seen, has_tuft_below)));
            seen = or(seen, has_tuft_below);
            result = but(result, shl::<1>(and(seen, has_tuft_right)));
            seen = or(seen, has_tuft_right);
            let bridges = but(p, or(tufts, seen));
            let near = or(or(shl::<1>(bridges), shr::<1>(bridges)), or(shl::<8>(bridges), shr::<8>(bridges)));
            but(result, but(bridges, near))
        }

        /// `Cram8::cut_links`.
        fn cut_links(p: V) -> V {
            let (right, left, below, above) = (shr::<1>(p), shl::<1>(p), shr::<8>(p), shl::<8>(p));
            let right_only = but(and(p, right), left);
            let left_only = but(and(p, left), right);
            let below_only = but(below, above);
            let above_only = but(above, below);
            let main = and(shl::<8>(and(right_only, below_only)), shr::<1>(and(left_only, above_only)));
            let anti = and(and(shl::<7>(and(left_only, below_only)), right_only), above_only);
            let bottom = or(main, anti);
            or(bottom, shr::<8>(bottom))
        }

        /// The region of `seed` in `p` when the links `cut` are cut (see
        /// `Cram8::cut_links`), as the fills of `Cram8::split_reduced`
        /// find it, in fewer steps: each step reaches the ends of the runs
        /// of cells the region touches along its rows, then along its
        /// columns. Toward the higher bits of a row by a carry, through
        /// the cells that are not the right end of a cut link (such a cell
        /// goes on a step at a time); the other ways by doubling: a cell
        /// next to the region joins it, then one two cells away whose
        /// neighbour did, then four (a row has at most seven cells, a
        /// column eight).
        fn fill(seed: V, p: V, cut: V) -> V {
            let carried = but(p, shl::<1>(cut));
            let left1 = but(p, cut);
            let left2 = and(left1, shr::<1>(left1));
            let left4 = and(left2, shr::<2>(left2));
            let down2 = and(p, shl::<8>(p));
            let down4 = and(down2, shl::<16>(down2));
            let up2 = and(p, shr::<8>(p));
            let up4 = and(up2, shr::<16>(up2));
            let mut region = seed;
            loop {
                let along = and(xor(add(carried, region), carried), carried);
                let mut g = or(or(region, along), and(shl::<1>(but(region, cut)), p));
                g = or(g, and(left1, shr::<1>(g)));
                g = or(g, and(left2, shr::<2>(g)));
                g = or(g, and(left4, shr::<4>(g)));
                let mut down = or(g, and(p, shl::<8>(g)));
                down = or(down, and(down2, shl::<16>(down)));
                down = or(down, and(down4, shl::<32>(down)));
                let mut up = or(g, and(p, shr::<8>(g)));
                up = or(up, and(up2, shr::<16>(up)));
                up = or(up, and(up4, shr::<32>(up)));
                let grown = or(down, up);
                if _mm512_cmpneq_epi64_mask(grown, region) == 0 {
                    return region;
                }
                region = grown;
            }
        }

        /// `transpose8`, by shifts.
        fn transpose8_by_shifts(x: V) -> V {
            let t = and(splat(0x0f0f_0f0f_0000_0000), xor(x, shl::<28>(x)));
            let x = xor(x, xor(t, shr::<28>(t)));
            let t = and(splat(0x3333_0000_3333_0000), xor(x, shl::<14>(x)));
            let x = xor(x, xor(t, shr::<14>(t)));
            let t = and(splat(0x5500_5500_5500_5500), xor(x, shl::<7>(x)));
            xor(x, xor(t, shr::<7>(t)))
        }

        /// The bits of each byte reversed, by shifts: halves, pairs,
        /// single bits.
        fn reverse_bits_by_shifts(x: V) -> V {
            let (k4, k2, k1) = (splat(0x0f0f_0f0f_0f0f_0f0f), splat(0x3333_3333_3333_3333), splat(0x5555_5555_5555_5555));
            let m = or(shl::<4>(and(x, k4)), and(shr::<4>(x), k4));
            let m = or(shl::<2>(and(m, k2)), and(shr::<2>(m), k2));
            or(shl::<1>(and(m, k1)), and(shr::<1>(m), k1))
        }
    }

    /// The bit matrix of each byte's bits reversed, and of the identity:
    /// the bytes `1 << i`, as `gf2p8affine` takes them.
    const GF2_REVERSE: u64 = 0x8040_2010_0804_0201;

    /// `transpose8` by one affine map over GF(2) a byte (GFNI): the
    /// identity's bytes mapped by the square's rows, upside down.
    #[inline]
    #[target_feature(enable = "avx512f,avx512cd,avx512bw,gfni")]
    fn transpose8_by_gfni(x: V) -> V {
        _mm512_gf2p8affine_epi64_epi8::<0>(splat(GF2_REVERSE), swap_bytes(x))
    }

    /// The bits of each byte reversed by one affine map over GF(2)
    /// (GFNI).
    #[inline]
    #[target_feature(enable = "avx512f,avx512cd,avx512bw,gfni")]
    fn reverse_bits_by_gfni(x: V) -> V {
        _mm512_gf2p8affine_epi64_epi8::<0>(x, splat(GF2_REVERSE))
    }

    /// The split compiled for `$features`, with the images of a region
    /// taken by `$reverse_bits` and `$transpose8`.
    macro_rules! split_on {
        ($(#[$doc:meta])* $split:ident, $features:literal, $reverse_bits:ident, $transpose8:ident) => {
            $(#[$doc])*
            #[target_feature(enable = $features)]
            pub(super) fn $split(
                game: &Cram8,
                positions: &[u64; LANES],
                used: usize,
                out: &mut Vec<u64>,
                ends: &mut Vec<usize>,
            ) {
                /// `least_of_square_images`.
                #[inline]
                #[target_feature(enable = $features)]
                fn least_of_images(x: V, h: V, w: V) -> V {
                    let mirrored = shr_by($reverse_bits(x), sub(splat(8), w));
                    let rows_below = shl::<3>(sub(splat(8), h));
                    let upside = shr_by(swap_bytes(x), rows_below);
                    let turned = shr_by(swap_bytes(mirrored), rows_below);
                    min(min(x, upside), min(mirrored, turned))
                }

                /// `Cram8::canonical` of regions of two cells or more, in
                /// each lane.
                #[inline]
                #[target_feature(enable = $features)]
                fn canonical(region: V, rows: u8, cols: u8) -> V {
                    let x = shr_by(region, but(trailing_zeros(region), splat(7)));
                    let h = add(shr::<3>(sub(splat(63), leading_zeros(x))), splat(1));
                    let mut fold = or(x, shr::<32>(x));
                    fold = or(fold, shr::<16>(fold));
                    fold = or(fold, shr::<8>(fold));
                    let fold = and(fold, splat(0xff));
                    let left = trailing_zeros(fold);
                    let x = shr_by(x, left);
                    let w = sub(sub(splat(64), leading_zeros(fold)), left);
                    let best = least_of_images(x, h, w);
                    let turned = least_of_images($transpose8(x), w, h);
                    let fits = _mm512_cmple_epu64_mask(w, splat(rows.into()))
                        & _mm512_cmple_epu64_mask(h, splat(cols.into()));
                    _mm512_mask_blend_epi64(fits, best, min(best, turned))
                }

                // SAFETY: `positions` holds the 64 bytes loaded.
                let p = reduced(unsafe { _mm512_loadu_si512(positions.as_ptr().cast()) });
                let cut = cut_links(p);
                let has_cut = _mm512_test_epi64_mask(cut, cut);
                let mut rest = p;
                // Round k: the canonical form of each lane's k-th region (0 for
                // none, or a lone cell, worth *0); or, for a region that a cut
                // link set apart and that reduces further, that reduced region,
                // to be split again by the one-word code (as it does).
                let mut forms = [[0u64; LANES]; ROUNDS];
                let mut again = [[0u64; LANES]; ROUNDS];
                let mut split_again = [0u8; ROUNDS];
                let mut n = 0;
                while n < ROUNDS && _mm512_test_epi64_mask(rest, rest) != 0 {
                    let region = fill(and(rest, sub(splat(0), rest)), p, cut);
                    rest = but(rest, region);
                    let real = _mm512_test_epi64_mask(region, sub(region, splat(1)));
                    let mut recurse = 0;
                    if has_cut != 0 {
                        let reduced_again = reduced(region);
                        recurse = real
                            & has_cut
                            & _mm512_cmpneq_epi64_mask(region, p)
                            & _mm512_cmpneq_epi64_mask(reduced_again, region);
                        again[n] = words(reduced_again);
                    }
                    let form = real & !recurse;
                    // Elsewhere a stand-in keeps the shifts in range; its form is
                    // dropped.
                    let canon = canonical(
                        _mm512_mask_blend_epi64(form, splat(3), region),
                        game.rows,
                        game.cols,
                    );
                    forms[n] = words(_mm512_maskz_mov_epi64(form, canon));
                    split_again[n] = recurse;
                    n += 1;
                }
                let (p, rest) = (words(p), words(rest));
                let split_again_any = split_again[..n].iter().fold(0, |a, &b| a | b);
                for i in 0..used {
                    if rest[i] != 0 {
                        // More regions than rounds.
                        game.split_reduced(p[i], out);
                    } else if split_again_any & (1 << i) != 0 {
                        for k in 0..n {
                            if split_again[k] & (1 << i) != 0 {
                                game.split_reduced(again[k][i], out);
                            } else if forms[k][i] != 0 {
                                out.push(forms[k][i]);
                            }
                        }
                    } else {
                        // Every round's form, each written over the one before
                        // unless it is a region's: no branch to mispredict.
                        out.reserve(n);
                        let spare = out.spare_capacity_mut();
                        let mut len = 0;
                        for form in forms[..n].iter().map(|f| f[i]) {
                            spare[len].write(form);
                            len += usize::from(form != 0);
                        }
                        // SAFETY: the first `len` spare words were written.
                        unsafe { out.set_len(out.len() + len) };
                    }
                    ends.push(out.len());
                }
            }
        };
    }

    split_on!(
        /// The components of the first `used` of `positions`, as
        /// `Cram8::components_in_lanes`.
        split,
        "avx512f,avx512cd,avx512bw",
        reverse_bits_by_shifts,
        transpose8_by_shifts
    );

    split_on!(
        /// [`split`] where the processor has GFNI too.
        split_with_gfni,
        "avx512f,avx512cd,avx512bw,gfni",
        reverse_bits_by_gfni,
        transpose8_by_gfni
    );

    /// The words of `v`'s lanes.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn words(v: V) -> [u64; LANES] {
        let mut w = [0u64; LANES];
        // SAFETY: `w` has room for the 64 bytes stored.
        unsafe { _mm512_storeu_si512(w.as_mut_ptr().cast(), v) };
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ImpartialGame;
    use crate::games::Cram;

    /// The lanes split as the one-word code does, on positions from dense
    /// to sparse (many regions, links to cut, lone cells), on every frame
    /// shape, at every level this processor has, with and without GFNI.
    /// The test says which the processor has: below AVX-512 both are the
    /// one-word code.
    #[test]
    fn lanes_split_as_one_word_does() {
        #[cfg(target_arch = "x86_64")]
        eprintln!(
            "lanes: {}, GFNI: {}",
            lanes_at(Level::best()),
            std::arch::is_x86_feature_detected!("gfni")
        );
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (rows, cols) in [(5, 8), (5, 7), (6, 7), (8, 7), (3, 4), (7, 7), (2, 2)] {
            let cram = Cram::new(rows, cols).unwrap();
            let square = Cram8::of(&cram).unwrap();
            let full = square.frame_of(cram.start());
            for round in 0..3000 {
                let len = (next() % 12) as usize;
                let positions: Vec<u64> = (0..len)
                    .map(|_| match round % 3 {
                        0 => full & (next() | next() | next()),
                        1 => full & (next() | next()),
                        _ => full & next(),
                    })
                    .collect();
                let (mut words, mut word_ends) = (Vec::new(), Vec::new());
                for p in &positions {
                    square.components(p, &mut words);
                    word_ends.push(words.len());
                }
                for (level, gfni) in crate::simd::supported()
                    .into_iter()
                    .flat_map(|level| [(level, false), (level, true)])
                {
                    let (mut lanes, mut ends) = (Vec::new(), Vec::new());
                    square.split_in_lanes(level, &positions, &mut lanes, &mut ends, gfni);
                    let at = format!("{level}, GFNI {gfni}: {positions:x?}");
                    assert_eq!((&lanes, &ends), (&words, &word_ends), "{at}");
                }
            }
        }
    }
}
