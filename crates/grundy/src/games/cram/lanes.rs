//! The components of eight positions of a [`Cram8`] frame at once, in the
//! lanes of vectors.
//!
//! The search splits every option of a position into its canonical
//! regions ([`ImpartialGame::components`]) before it searches any, to find
//! an option whose regions are all in its table; on 5x7 and 5x8 that split
//! is about half of the instructions. Each step of it (the reductions, the
//! flood fill, the images under the board's symmetries) is a handful of
//! operations on one 64-bit word, the same for every option. Here the
//! options go through those steps eight at a time, one in each 64-bit
//! lane, in the same operations, without the branches of the one-word
//! code.
//!
//! The regions come out exactly as [`ImpartialGame::components`] gives
//! them, in the same order: each round fills, in every lane at once, the
//! region of the lowest cell not reached yet, and there are as many rounds
//! as the lane with the most regions needs. A region that a cut link set
//! apart and that reduces further is split again by the one-word code, as
//! that code does; so is a position with more regions than [`ROUNDS`].
//!
//! The steps are written once ([`split_steps`]) on a few operations of
//! eight lanes, which each level of [`crate::simd`] supplies:
//! - `portable`: plain loops over `[u64; 8]`, which the compiler turns
//!   into the target's baseline vectors (SSE2 on x86-64, NEON on ARM),
//!   with the canonical form of each region found by the one-word code;
//! - `avx2`: the same loops compiled for AVX2 (two 256-bit vectors);
//! - `avx512`: AVX-512 intrinsics on one 512-bit vector, canonical forms
//!   included, in two copies: one also uses GFNI, where one affine map
//!   over GF(2) reverses the bits of every byte, or turns the 8x8 square
//!   about its diagonal, in one instruction (Ice Lake and later, Zen 4);
//!   the other does both by shifts.
//!
//! Every copy gives the components of the one-word code (the tests check
//! each against it), but only the AVX-512 copies are faster than it: the
//! search splits in lanes at `avx512` alone, one option at a time
//! otherwise ([`lanes`] says why).
//!
//! The compiler is told to use the wider vectors in their module's code
//! alone, and the processor is asked at run time whether it has them (the
//! standard library caches the answer): the one binary still runs on every
//! processor. This module uses `unsafe` for the calls of those copies, for
//! moving words in and out of vectors, and for the words it writes into
//! the spare room of the output.

#![allow(unsafe_code)]

use super::Cram8;
#[cfg(doc)]
use crate::game::ImpartialGame;
use crate::simd::Level;

/// How many positions are split at once: the 64-bit lanes of a 512-bit
/// vector.
pub(crate) const LANES: usize = 8;

/// Regions a lane may have before it is split by the one-word code instead
/// (regions of two cells or more: more than eight is rare).
const ROUNDS: usize = 8;

/// How many positions the search splits at once
/// ([`crate::game::ImpartialGame::component_lanes`]), at the level of
/// [`crate::simd`] that runs: [`LANES`] at `avx512`, 1 otherwise.
///
/// The copies for `avx2` and `portable` give the same components, but on
/// the AMD EPYC (Zen 4) of the benchmarks they made the whole search of
/// Cram 5x7 (one thread) slower, not faster: 305 ms of CPU with the AVX2
/// copy and 329 ms with the portable one, against 237 ms splitting one
/// option at a time (BENCHMARKS.md, "Cram's splits in lanes below
/// AVX-512"). Without AVX-512 each lane costs about twice the operations
/// (two 256-bit vectors for eight lanes, a compare and a blend for each
/// minimum, and a long sequence for each count of zeros), and every round
/// of the fill lasts as long as its slowest lane, where the one-word code
/// stops at each region's own end. So below AVX-512 the search splits one
/// option at a time, as before.
pub(crate) fn lanes() -> usize {
    lanes_at(crate::simd::level())
}

/// [`lanes`] at `level`.
fn lanes_at(level: Level) -> usize {
    if cfg!(target_arch = "x86_64") && level == Level::Avx512 {
        LANES
    } else {
        1
    }
}

/// The first positions of `chunk` (as many as it has, at most `N`), the
/// rest 0.
fn padded<const N: usize>(chunk: &[u64]) -> [u64; N] {
    let mut p = [0u64; N];
    p[..chunk.len()].copy_from_slice(chunk);
    p
}

impl Cram8 {
    /// [`ImpartialGame::components`] of each of `positions` in turn,
    /// pushed onto `out`, with the length of `out` after each pushed onto
    /// `ends`: eight at a time, in the lanes of the level of
    /// [`crate::simd`] that runs.
    pub(crate) fn components_in_lanes(
        &self,
        positions: &[u64],
        out: &mut Vec<u64>,
        ends: &mut Vec<usize>,
    ) {
        self.split_in_lanes(crate::simd::level(), positions, out, ends, true);
    }

    /// [`Cram8::components_in_lanes`] at `level` (one this processor
    /// has), with GFNI's affine maps for the images of the regions at
    /// `avx512` where the processor has them and `gfni` allows (the tests
    /// run both copies).
    fn split_in_lanes(
        &self,
        level: Level,
        positions: &[u64],
        out: &mut Vec<u64>,
        ends: &mut Vec<usize>,
        gfni: bool,
    ) {
        debug_assert!(level.is_supported());
        let chunks = positions.chunks(LANES);
        match level {
            // SAFETY: the processor has the features each copy is compiled
            // for: `Level::Avx512` and `Level::Avx2` are supported only
            // where it has them (checked by whoever chose the level), and
            // GFNI is asked here.
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => unsafe {
                if gfni && std::arch::is_x86_feature_detected!("gfni") {
                    for chunk in chunks {
                        avx512::split_with_gfni(self, &padded(chunk), chunk.len(), out, ends);
                    }
                } else {
                    for chunk in chunks {
                        avx512::split(self, &padded(chunk), chunk.len(), out, ends);
                    }
                }
            },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe {
                for chunk in chunks {
                    avx2::split(self, &padded(chunk), chunk.len(), out, ends);
                }
            },
            _ => {
                let _ = gfni;
                for chunk in chunks {
                    portable::split(self, &padded(chunk), chunk.len(), out, ends);
                }
            }
        }
    }
}

/// Defines each function `$name` with `#[inline]` and the attributes
/// `$attr` (the features its module's level is compiled for).
macro_rules! simd_fns {
    ($attrs:tt $($(#[$doc:meta])* fn $name:ident $(<$c:ident: $ct:ty>)? ($($a:ident: $t:ty),*) -> $r:ty $body:block)*) => {$(
        simd_fns!(@one $attrs $(#[$doc])* fn $name $(<$c: $ct>)? ($($a: $t),*) -> $r $body);
    )*};
    (@one [$($attr:meta),*] $(#[$doc:meta])* fn $name:ident $(<$c:ident: $ct:ty>)? ($($a:ident: $t:ty),*) -> $r:ty $body:block) => {
        $(#[$doc])*
        #[inline]
        $(#[$attr])*
        fn $name $(<const $c: $ct>)? ($($a: $t),*) -> $r $body
    };
}

/// The steps of `Cram8`'s split on eight words at once, each function its
/// one-word namesake lane by lane, written once on the operations of a
/// level's module (its vector `V` of [`LANES`] words and the masks of one
/// bit a lane that its comparisons give), compiled with the attributes
/// `$attr` of that level.
macro_rules! split_steps {
    ([$($attr:meta),*]) => {
        simd_fns! { [$($attr),*]
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
                    if ne(grown, region) == 0 {
                        return region;
                    }
                    region = grown;
                }
            }
        }
    };
}

/// The canonical forms ([`Cram8::canonical`]) of the regions in the lanes
/// of `form`, 0 in the others, as the function `$forms`, compiled with the
/// attributes `$attr`, in vectors: the images of a region taken by
/// `$reverse_bits` and `$transpose8`.
macro_rules! vector_forms {
    ($forms:ident, [$($attr:meta),*], $reverse_bits:ident, $transpose8:ident) => {
        $(#[$attr])*
        fn $forms(game: &Cram8, form: u8, region: V) -> [u64; LANES] {
            simd_fns! { [$($attr),*]
                /// `u64::trailing_zeros` of each lane, none of which is 0.
                fn trailing_zeros(a: V) -> V {
                    sub(splat(63), leading_zeros(and(a, sub(splat(0), a))))
                }

                /// `least_of_square_images`.
                fn least_of_images(x: V, h: V, w: V) -> V {
                    let mirrored = shr_by($reverse_bits(x), sub(splat(8), w));
                    let rows_below = shl::<3>(sub(splat(8), h));
                    let upside = shr_by(swap_bytes(x), rows_below);
                    let turned = shr_by(swap_bytes(mirrored), rows_below);
                    min(min(x, upside), min(mirrored, turned))
                }

                /// `Cram8::canonical` of regions of two cells or more, in
                /// each lane.
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
                    let fits = le(w, splat(rows.into())) & le(h, splat(cols.into()));
                    blend(fits, best, min(best, turned))
                }
            }

            // Elsewhere a stand-in keeps the shifts in range; its form is
            // dropped.
            let canon = canonical(blend(form, splat(3), region), game.rows, game.cols);
            words(keep(form, canon))
        }
    };
}

/// The split of eight positions, compiled with the attributes `$attr`,
/// with the canonical forms of the regions found by `$forms` (as
/// [`vector_forms`] defines it); the operations it calls are those of the
/// module where it is expanded.
macro_rules! split_on {
    ($(#[$doc:meta])* $split:ident, [$($attr:meta),*], $forms:ident) => {
        $(#[$doc])*
        $(#[$attr])*
        pub(super) fn $split(
            game: &Cram8,
            positions: &[u64; LANES],
            used: usize,
            out: &mut Vec<u64>,
            ends: &mut Vec<usize>,
        ) {
            let p = reduced(load(positions));
            let cut = cut_links(p);
            let has_cut = test(cut, cut);
            let mut rest = p;
            // Round k: the canonical form of each lane's k-th region (0 for
            // none, or a lone cell, worth *0); or, for a region that a cut
            // link set apart and that reduces further, that reduced region,
            // to be split again by the one-word code (as it does).
            let mut forms = [[0u64; LANES]; ROUNDS];
            let mut again = [[0u64; LANES]; ROUNDS];
            let mut split_again = [0u8; ROUNDS];
            let mut n = 0;
            while n < ROUNDS && test(rest, rest) != 0 {
                let region = fill(and(rest, sub(splat(0), rest)), p, cut);
                rest = but(rest, region);
                let real = test(region, sub(region, splat(1)));
                let mut recurse = 0;
                if has_cut != 0 {
                    let reduced_again = reduced(region);
                    recurse = real & has_cut & ne(region, p) & ne(reduced_again, region);
                    again[n] = words(reduced_again);
                }
                forms[n] = $forms(game, real & !recurse, region);
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

/// The operations of [`split_steps`] on `[u64; LANES]`, lane by lane in
/// plain loops that the compiler turns into the vectors of the
/// attributes `$attr` (none: the target's baseline).
macro_rules! word_ops {
    ([$($attr:meta),*]) => {
        /// Eight words, one a lane.
        type V = [u64; LANES];

        /// Each lane of `a` and `b` through `f`.
        #[inline(always)]
        fn each(a: V, b: V, f: impl Fn(u64, u64) -> u64) -> V {
            let mut r = [0; LANES];
            for i in 0..LANES {
                r[i] = f(a[i], b[i]);
            }
            r
        }

        /// The lanes where `f` of `a` and `b` holds, one bit a lane.
        #[inline(always)]
        fn mask(a: V, b: V, f: impl Fn(u64, u64) -> bool) -> u8 {
            let mut m = 0;
            for i in 0..LANES {
                m |= u8::from(f(a[i], b[i])) << i;
            }
            m
        }

        simd_fns! { [$($attr),*]
            /// Every lane `x`.
            fn splat(x: u64) -> V { [x; LANES] }
            fn and(a: V, b: V) -> V { each(a, b, |a, b| a & b) }
            fn or(a: V, b: V) -> V { each(a, b, |a, b| a | b) }
            fn xor(a: V, b: V) -> V { each(a, b, |a, b| a ^ b) }
            /// `a & !b`.
            fn but(a: V, b: V) -> V { each(a, b, |a, b| a & !b) }
            fn add(a: V, b: V) -> V { each(a, b, u64::wrapping_add) }
            fn sub(a: V, b: V) -> V { each(a, b, u64::wrapping_sub) }
            fn shl<N: u32>(a: V) -> V { each(a, a, |a, _| a << N) }
            fn shr<N: u32>(a: V) -> V { each(a, a, |a, _| a >> N) }
            /// The lanes where `a` and `b` differ.
            fn ne(a: V, b: V) -> u8 { mask(a, b, |a, b| a != b) }
            /// The lanes where `a & b` is not 0.
            fn test(a: V, b: V) -> u8 { mask(a, b, |a, b| a & b != 0) }
            fn load(p: &[u64; LANES]) -> V { *p }
            /// The words of `v`'s lanes.
            fn words(v: V) -> [u64; LANES] { v }
            /// The canonical forms of the regions in the lanes of `form`, 0
            /// in the others: one region at a time, by the one-word code
            /// (its counts of zeros and its shifts by a lane's own amount
            /// are single instructions on words, long sequences on
            /// vectors below AVX-512).
            fn forms(game: &Cram8, form: u8, region: V) -> [u64; LANES] {
                let mut forms = [0; LANES];
                let mut m = form;
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    forms[i] = game.canonical(region[i]);
                    m &= m - 1;
                }
                forms
            }
        }
    };
}

/// The split in plain loops over words, for every processor (the compiler
/// vectorises them for the target's baseline: SSE2 on x86-64, NEON on
/// 64-bit ARM).
mod portable {
    use super::{Cram8, LANES, ROUNDS};

    word_ops!([]);
    split_steps!([]);
    split_on!(
        /// The components of the first `used` of `positions`, as
        /// `Cram8::components_in_lanes`.
        split,
        [],
        forms
    );
}

/// The same loops compiled for AVX2 (two 256-bit vectors hold the eight
/// lanes), with BMI1, LZCNT and POPCNT for the counts.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Cram8, LANES, ROUNDS};

    word_ops!([target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]);
    split_steps!([target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]);
    split_on!(
        /// The components of the first `used` of `positions`, as
        /// `Cram8::components_in_lanes`.
        split,
        [target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")],
        forms
    );
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    //! The operations on the eight lanes of a 512-bit vector, in AVX-512
    //! intrinsics.

    use super::{Cram8, LANES, ROUNDS};
    use std::arch::x86_64::*;

    type V = __m512i;

    simd_fns! { [target_feature(enable = "avx512f,avx512cd,avx512bw")]
        /// Every lane `x`.
        fn splat(x: u64) -> V { _mm512_set1_epi64(x as i64) }
        fn and(a: V, b: V) -> V { _mm512_and_si512(a, b) }
        fn or(a: V, b: V) -> V { _mm512_or_si512(a, b) }
        fn xor(a: V, b: V) -> V { _mm512_xor_si512(a, b) }
        /// `a & !b`.
        fn but(a: V, b: V) -> V { _mm512_andnot_si512(b, a) }
        fn add(a: V, b: V) -> V { _mm512_add_epi64(a, b) }
        fn sub(a: V, b: V) -> V { _mm512_sub_epi64(a, b) }
        fn shl<N: u32>(a: V) -> V { _mm512_slli_epi64::<N>(a) }
        fn shr<N: u32>(a: V) -> V { _mm512_srli_epi64::<N>(a) }
        /// Each lane of `a` shifted right by that lane of `n` (0 from 64
        /// on).
        fn shr_by(a: V, n: V) -> V { _mm512_srlv_epi64(a, n) }
        fn min(a: V, b: V) -> V { _mm512_min_epu64(a, b) }
        /// `u64::leading_zeros` of each lane.
        fn leading_zeros(a: V) -> V { _mm512_lzcnt_epi64(a) }
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
        /// The lanes where `a` and `b` differ.
        fn ne(a: V, b: V) -> u8 { _mm512_cmpneq_epi64_mask(a, b) }
        /// The lanes where `a & b` is not 0.
        fn test(a: V, b: V) -> u8 { _mm512_test_epi64_mask(a, b) }
        /// The lanes where `a <= b`.
        fn le(a: V, b: V) -> u8 { _mm512_cmple_epu64_mask(a, b) }
        /// `b` in the lanes of `m`, `a` elsewhere.
        fn blend(m: u8, a: V, b: V) -> V { _mm512_mask_blend_epi64(m, a, b) }
        /// `a` in the lanes of `m`, 0 elsewhere.
        fn keep(m: u8, a: V) -> V { _mm512_maskz_mov_epi64(m, a) }
        fn load(p: &[u64; LANES]) -> V {
            // SAFETY: `p` holds the 64 bytes loaded.
            unsafe { _mm512_loadu_si512(p.as_ptr().cast()) }
        }
        /// The words of `v`'s lanes.
        fn words(v: V) -> [u64; LANES] {
            let mut w = [0u64; LANES];
            // SAFETY: `w` has room for the 64 bytes stored.
            unsafe { _mm512_storeu_si512(w.as_mut_ptr().cast(), v) };
            w
        }
    }

    split_steps!([target_feature(enable = "avx512f,avx512cd,avx512bw")]);

    simd_fns! { [target_feature(enable = "avx512f,avx512cd,avx512bw")]
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

    simd_fns! { [target_feature(enable = "avx512f,avx512cd,avx512bw,gfni")]
        /// `transpose8` by one affine map over GF(2) a byte (GFNI): the
        /// identity's bytes mapped by the square's rows, upside down.
        fn transpose8_by_gfni(x: V) -> V {
            _mm512_gf2p8affine_epi64_epi8::<0>(splat(GF2_REVERSE), swap_bytes(x))
        }

        /// The bits of each byte reversed by one affine map over GF(2)
        /// (GFNI).
        fn reverse_bits_by_gfni(x: V) -> V {
            _mm512_gf2p8affine_epi64_epi8::<0>(x, splat(GF2_REVERSE))
        }
    }

    vector_forms!(
        forms,
        [target_feature(enable = "avx512f,avx512cd,avx512bw")],
        reverse_bits_by_shifts,
        transpose8_by_shifts
    );
    vector_forms!(
        forms_with_gfni,
        [target_feature(enable = "avx512f,avx512cd,avx512bw,gfni")],
        reverse_bits_by_gfni,
        transpose8_by_gfni
    );

    split_on!(
        /// The components of the first `used` of `positions`, as
        /// `Cram8::components_in_lanes`.
        split,
        [target_feature(enable = "avx512f,avx512cd,avx512bw")],
        forms
    );

    split_on!(
        /// [`split`] where the processor has GFNI too.
        split_with_gfni,
        [target_feature(enable = "avx512f,avx512cd,avx512bw,gfni")],
        forms_with_gfni
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ImpartialGame;
    use crate::games::Cram;

    /// The lanes split as the one-word code does, on positions from dense
    /// to sparse (many regions, links to cut, lone cells), on every frame
    /// shape, at every level this processor has, with and without GFNI.
    /// The test says which the processor has.
    #[test]
    fn lanes_split_as_one_word_does() {
        #[cfg(target_arch = "x86_64")]
        eprintln!(
            "levels: {:?}, GFNI: {}",
            crate::simd::supported(),
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
