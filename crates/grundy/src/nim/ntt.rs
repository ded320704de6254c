//! Exact multiplication of long numbers, for the base conversions of
//! [`radix`](super::radix).
//!
//! A number is a little-endian list of `u64` limbs, each made of a few
//! pieces of the piece base `b` of a [`Base`]: four pieces of 2^16 for
//! [`Binary`] (limbs are machine words, base 2^64) and three of 10^5 for
//! [`Decimal`] (a limb holds 15 decimal digits, base 10^15). Both
//! conversions multiply in the base they convert to, so one multiplier
//! serves both directions.
//!
//! Short products are computed column by column (schoolbook). Long ones by a
//! number-theoretic transform (NTT) modulo the prime
//! p = 1073741806·2^32 + 1 (just below 2^62, with roots of unity of every
//! order 2^k up to 2^33): each limb is cut into its pieces, the pieces are
//! convolved modulo p, and carrying in base `b` gives the product. A
//! coefficient of the convolution is a sum of at most `count` products of
//! two pieces, below `count · b^2`; while the shorter factor has at most
//! 2^28 pieces that is below p, so the transform's answer modulo p is the
//! exact coefficient. Longer factors (hundreds of MiB) are multiplied in
//! parts.
//!
//! The transforms work on halves recursively, so that all but the first
//! few passes over a long array run in the processor's cache; a factor
//! used in many products (a power of the base, in the conversions) is
//! transformed once per size.
//!
//! In the butterflies a product by a twiddle factor w is Shoup's: with
//! w' = floor(w · 2^64 / p) kept beside w, `x · w - floor(x · w' / 2^64) · p`
//! is in [0, 2p) for any 64-bit x, and values are reduced only as far as
//! [0, 2p) (Harvey's lazy butterflies; p < 2^62 leaves room for 4p). The
//! pointwise products are Montgomery's (R = 2^64).

/// A base in which the multiplier works: limbs of base `PIECE^PIECES`.
pub(crate) trait Base {
    /// The base `b` of the pieces the transform multiplies.
    const PIECE: u64;
    /// The number of pieces in a limb.
    const PIECES: usize;
    /// `b^PIECES`, the base of a limb (2^64 does not fit in a `u64`).
    const LIMB: u128;
    /// A column of the schoolbook product, `hi · 2^128 + lo`, plus the carry
    /// from the column below: the limb it leaves and the carry up.
    fn column(lo: u128, hi: u64, carry: u128) -> (u64, u128);
}

/// Limbs are machine words: base 2^64, pieces of 16 bits.
pub(crate) struct Binary;

/// Limbs hold 15 decimal digits: base 10^15, pieces of 5 digits.
pub(crate) struct Decimal;

impl Base for Binary {
    const PIECE: u64 = 1 << 16;
    const PIECES: usize = 4;
    const LIMB: u128 = 1 << 64;

    #[inline]
    fn column(lo: u128, hi: u64, carry: u128) -> (u64, u128) {
        let (lo, over) = lo.overflowing_add(carry);
        let hi = u128::from(hi + u64::from(over));
        (lo as u64, (lo >> 64) | (hi << 64))
    }
}

impl Base for Decimal {
    const PIECE: u64 = 100_000;
    const PIECES: usize = 3;
    const LIMB: u128 = 1_000_000_000_000_000;

    #[inline]
    fn column(lo: u128, hi: u64, carry: u128) -> (u64, u128) {
        // A product of two limbs is below 10^30 < 2^100, and a schoolbook
        // column holds fewer than 2^20 of them: the sum never wraps.
        debug_assert_eq!(hi, 0);
        let t = lo + carry;
        ((t % Self::LIMB) as u64, t / Self::LIMB)
    }
}

/// The prime modulus: 1073741806 · 2^32 + 1.
const P: u64 = 0x3FFF_FFEE_0000_0001;
// The lazy butterflies keep values below 4p, which must fit in a u64.
const _: () = assert!(P < 1 << 62);
/// The 2-adic order of p - 1: transforms of up to 2^33 points.
const MAX_LOG: u32 = 33;
/// `-p^-1 mod 2^64`, for Montgomery reduction (Newton's iteration doubles
/// the correct low bits of an inverse; p is its own inverse mod 8).
const P_NEG_INV: u64 = {
    let mut inv = P;
    let mut i = 0;
    while i < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(P.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
};
/// `R^2 mod p` with R = 2^64: a Montgomery product by it multiplies by R.
const R2: u64 = {
    let r = (1u128 << 64) % P as u128;
    (r * r % P as u128) as u64
};
/// A root of unity of order exactly 2^33 (its 2^32-th power is -1, as the
/// tests check).
const ROOT: u64 = pow_plain(3, (P - 1) >> MAX_LOG);

/// `a^e mod p` on plain values (tables and constants only).
const fn pow_plain(a: u64, mut e: u64) -> u64 {
    let p = P as u128;
    let mut r = 1u128;
    let mut base = a as u128 % p;
    while e > 0 {
        if e & 1 == 1 {
            r = r * base % p;
        }
        base = base * base % p;
        e >>= 1;
    }
    r as u64
}

/// `a · b · 2^-64 mod p`, in [0, p), for `a · b < p · 2^64` (so that the
/// sum below stays under 2^128: p < 2^62).
#[inline(always)]
fn mont_mul(a: u64, b: u64) -> u64 {
    let t = u128::from(a) * u128::from(b);
    let m = (t as u64).wrapping_mul(P_NEG_INV);
    let u = ((t + u128::from(m) * u128::from(P)) >> 64) as u64;
    if u >= P {
        u - P
    } else {
        u
    }
}

/// `x · w mod p` up to a multiple of p: a value in [0, 2p), for any x, given
/// `w < p` and `shoup = floor(w · 2^64 / p)`.
#[inline(always)]
fn mul_shoup(x: u64, w: u64, shoup: u64) -> u64 {
    let q = ((u128::from(x) * u128::from(shoup)) >> 64) as u64;
    x.wrapping_mul(w).wrapping_sub(q.wrapping_mul(P))
}

/// `x` in [0, 4p) brought into [0, 2p).
#[inline(always)]
fn reduce_2p(x: u64) -> u64 {
    if x >= 2 * P {
        x - 2 * P
    } else {
        x
    }
}

/// `x` in [0, 2p) brought into [0, p).
#[inline(always)]
fn reduce_p(x: u64) -> u64 {
    if x >= P {
        x - P
    } else {
        x
    }
}

/// Schoolbook below this many limbs in the shorter factor.
const NTT_FROM: usize = 48;

/// Factors of more than this many pieces are multiplied in parts, which
/// keeps every coefficient below p (2^28 · (10^5)^2 < p).
const CHUNK_PIECES: usize = 1 << 28;

/// Arrays up to this many values (64 KiB) are transformed pass by pass;
/// longer ones half by half.
const CACHE_BLOCK: usize = 1 << 13;

/// A factor of several products, with its transform at the size of the
/// last product that needed one.
pub(crate) struct Factor {
    /// The limbs.
    pub(crate) limbs: Vec<u64>,
    spectrum: Option<(usize, Vec<u64>)>,
}

impl Factor {
    /// A factor not yet transformed.
    pub(crate) fn new(limbs: Vec<u64>) -> Factor {
        Factor {
            limbs,
            spectrum: None,
        }
    }
}

/// Multiplies numbers in a [`Base`], keeping the transforms' tables of
/// twiddle factors between products (a table for n points serves every
/// smaller transform too).
#[derive(Default)]
pub(crate) struct Multiplier {
    /// The roots for the transform.
    twiddles: Twiddles,
    /// The inverse roots, for the inverse transform.
    inverse: Twiddles,
}

/// `w[h + j]` is `r^j mod p` for the root r of order `2h` and `j < h`
/// (index 0 unused), and `shoup[h + j]` its Shoup quotient.
#[derive(Default)]
struct Twiddles {
    w: Vec<u64>,
    shoup: Vec<u64>,
}

impl Multiplier {
    /// A multiplier with no tables yet.
    pub(crate) fn new() -> Multiplier {
        Multiplier::default()
    }

    /// The product of `a` and `b`, limbs of base `B::LIMB`, with no high
    /// zero limbs.
    pub(crate) fn mul<B: Base>(&mut self, a: &[u64], b: &[u64]) -> Vec<u64> {
        self.mul_in_parts::<B>(a, b, None, CHUNK_PIECES / B::PIECES)
    }

    /// The product of `a` and `b`, reusing the transform of `b` kept from
    /// an earlier product of the same size, or keeping it for the next.
    pub(crate) fn mul_factor<B: Base>(&mut self, a: &[u64], b: &mut Factor) -> Vec<u64> {
        let Factor { limbs, spectrum } = b;
        self.mul_in_parts::<B>(a, limbs, Some(spectrum), CHUNK_PIECES / B::PIECES)
    }

    /// [`Multiplier::mul`], cutting factors longer than `chunk` limbs.
    fn mul_in_parts<B: Base>(
        &mut self,
        a: &[u64],
        b: &[u64],
        spectrum: Option<&mut Option<(usize, Vec<u64>)>>,
        chunk: usize,
    ) -> Vec<u64> {
        let mut out = if a.is_empty() || b.is_empty() {
            Vec::new()
        } else if a.len().min(b.len()) < NTT_FROM {
            schoolbook::<B>(a, b)
        } else if a.len().max(b.len()) > chunk {
            let mut out = vec![0; a.len() + b.len()];
            for (i, x) in a.chunks(chunk).enumerate() {
                for (j, y) in b.chunks(chunk).enumerate() {
                    let part = self.mul_in_parts::<B>(x, y, None, chunk);
                    add_at::<B>(&mut out, &part, (i + j) * chunk);
                }
            }
            out
        } else {
            self.transform::<B>(a, b, spectrum)
        };
        trim(&mut out);
        out
    }

    /// Grows the twiddle tables to transforms of `n` points.
    fn tables(&mut self, n: usize) {
        if self.twiddles.w.len() >= n {
            return;
        }
        let one = mont_mul(1, R2);
        for (table, root) in [
            (&mut self.twiddles, ROOT),
            (&mut self.inverse, pow_plain(ROOT, (1 << MAX_LOG) - 1)),
        ] {
            table.w.clear();
            table.w.resize(n, 0);
            table.shoup.clear();
            table.shoup.resize(n, 0);
            let mut h = 1;
            while h < n {
                // The root of order 2h, times R.
                let step = mont_mul(pow_plain(root, (1 << MAX_LOG) / (2 * h as u64)), R2);
                let mut x = one;
                for j in h..2 * h {
                    // x = r^(j-h) · R mod p. The plain value is its Montgomery
                    // product by 1; and as x = r^(j-h) · 2^64 - q · p exactly,
                    // with q the Shoup quotient, q = -x / p = x · (-p^-1)
                    // mod 2^64.
                    table.w[j] = mont_mul(x, 1);
                    table.shoup[j] = x.wrapping_mul(P_NEG_INV);
                    x = mont_mul(x, step);
                }
                h *= 2;
            }
        }
    }

    /// The product by convolution of pieces modulo p (module documentation),
    /// with the transform of `b` taken from or kept in `spectrum`. A square
    /// (`a` and `b` the same slice) is transformed once.
    fn transform<B: Base>(
        &mut self,
        a: &[u64],
        b: &[u64],
        spectrum: Option<&mut Option<(usize, Vec<u64>)>>,
    ) -> Vec<u64> {
        let limbs = a.len() + b.len();
        // PIECES·limbs - 1 coefficients; n, a power of two, is at least
        // PIECES·limbs.
        let n = (B::PIECES * limbs - 1).next_power_of_two();
        assert!(
            n.trailing_zeros() <= MAX_LOG,
            "factors too long for one transform"
        );
        self.tables(n);
        let mut fa = pieces::<B>(a, n);
        forward(&mut fa, &self.twiddles);
        let mut own = None;
        let slot = spectrum.unwrap_or(&mut own);
        if std::ptr::eq(a, b) {
            for x in fa.iter_mut() {
                let y = reduce_p(*x);
                *x = mont_mul(y, y);
            }
        } else {
            if !matches!(slot, Some((m, _)) if *m == n) {
                let mut fb = pieces::<B>(b, n);
                forward(&mut fb, &self.twiddles);
                for y in fb.iter_mut() {
                    *y = reduce_p(*y);
                }
                *slot = Some((n, fb));
            }
            let fb = &slot.as_ref().expect("transformed above").1;
            for (x, &y) in fa.iter_mut().zip(fb) {
                *x = mont_mul(reduce_p(*x), y);
            }
        }
        inverse(&mut fa, &self.inverse);
        // The pointwise products carry a factor R^-1 and the inverse
        // transform a factor n; one Montgomery product by n^-1 · R^2 undoes
        // both (and reduces the value, below 2p, into [0, p)).
        // n^-1 = p - (p-1)/n, as n divides p - 1.
        let n_inv = P - (P - 1) / n as u64;
        let scale = mont_mul(mont_mul(n_inv, R2), R2);
        let mut place = [1; 4];
        for i in 1..B::PIECES {
            place[i] = place[i - 1] * B::PIECE;
        }
        let mut out = Vec::with_capacity(limbs);
        let mut carry = 0u64;
        for limb_pieces in fa[..B::PIECES * limbs].chunks_exact(B::PIECES) {
            let mut limb = 0u64;
            for (&c, &at) in limb_pieces.iter().zip(&place) {
                // c < p < 2^62 and the carry is below 2^47: no overflow.
                let t = mont_mul(c, scale) + carry;
                limb += (t % B::PIECE) * at;
                carry = t / B::PIECE;
            }
            out.push(limb);
        }
        debug_assert_eq!(carry, 0, "the product has limbs.len() limbs at most");
        out
    }
}

/// The pieces of `limbs`, least significant first, padded with zeros to
/// `n` values.
fn pieces<B: Base>(limbs: &[u64], n: usize) -> Vec<u64> {
    let mut out = vec![0; n];
    for (&limb, limb_pieces) in limbs.iter().zip(out.chunks_exact_mut(B::PIECES)) {
        let mut x = limb;
        for piece in limb_pieces {
            *piece = x % B::PIECE;
            x /= B::PIECE;
        }
    }
    out
}

/// The transform, decimation in frequency (Gentleman–Sande): natural order
/// in, bit-reversed order out, values in [0, 2p) both. The first pass
/// pairs the two halves, after which each half is a transform of its own.
fn forward(x: &mut [u64], twiddles: &Twiddles) {
    let n = x.len();
    if n > CACHE_BLOCK {
        forward_pass(x, n / 2, twiddles);
        let (lo, hi) = x.split_at_mut(n / 2);
        forward(lo, twiddles);
        forward(hi, twiddles);
        return;
    }
    let mut h = n / 2;
    while h >= 1 {
        forward_pass(x, h, twiddles);
        h /= 2;
    }
}

/// The butterflies of [`forward`] between points `h` apart.
#[inline]
fn forward_pass(x: &mut [u64], h: usize, twiddles: &Twiddles) {
    let w = &twiddles.w[h..2 * h];
    let shoup = &twiddles.shoup[h..2 * h];
    for block in x.chunks_exact_mut(2 * h) {
        let (lo, hi) = block.split_at_mut(h);
        for (((u, v), &w), &s) in lo.iter_mut().zip(hi.iter_mut()).zip(w).zip(shoup) {
            let (a, b) = (*u, *v);
            *u = reduce_2p(a + b);
            *v = mul_shoup(a + 2 * P - b, w, s);
        }
    }
}

/// The inverse transform without the division by n, decimation in time
/// (Cooley–Tukey): bit-reversed order in, natural order out, values in
/// [0, 2p) both; the halves first, then the pass that joins them.
fn inverse(x: &mut [u64], inverse_twiddles: &Twiddles) {
    let n = x.len();
    if n > CACHE_BLOCK {
        let (lo, hi) = x.split_at_mut(n / 2);
        inverse(lo, inverse_twiddles);
        inverse(hi, inverse_twiddles);
        inverse_pass(x, n / 2, inverse_twiddles);
        return;
    }
    let mut h = 1;
    while h < n {
        inverse_pass(x, h, inverse_twiddles);
        h *= 2;
    }
}

/// The butterflies of [`inverse`] between points `h` apart.
#[inline]
fn inverse_pass(x: &mut [u64], h: usize, inverse_twiddles: &Twiddles) {
    let w = &inverse_twiddles.w[h..2 * h];
    let shoup = &inverse_twiddles.shoup[h..2 * h];
    for block in x.chunks_exact_mut(2 * h) {
        let (lo, hi) = block.split_at_mut(h);
        for (((u, v), &w), &s) in lo.iter_mut().zip(hi.iter_mut()).zip(w).zip(shoup) {
            let (a, b) = (*u, mul_shoup(*v, w, s));
            *u = reduce_2p(a + b);
            *v = reduce_2p(a + 2 * P - b);
        }
    }
}

/// The schoolbook product, column by column: each column's sum is carried
/// once.
fn schoolbook<B: Base>(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (a, b) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let limbs = a.len() + b.len();
    let mut out = Vec::with_capacity(limbs);
    let mut carry = 0u128;
    for k in 0..limbs - 1 {
        // Pairs a[i] · b[k - i] with both indices in range.
        let first = (k + 1).saturating_sub(b.len());
        let last = k.min(a.len() - 1);
        let (mut lo, mut hi) = (0u128, 0u64);
        for (&x, &y) in a[first..=last]
            .iter()
            .zip(b[k - last..=k - first].iter().rev())
        {
            let (sum, over) = lo.overflowing_add(u128::from(x) * u128::from(y));
            lo = sum;
            hi += u64::from(over);
        }
        let (limb, up) = B::column(lo, hi, carry);
        out.push(limb);
        carry = up;
    }
    debug_assert!(carry < B::LIMB);
    out.push(carry as u64);
    out
}

/// `acc += x · LIMB^at`; `acc` is long enough for the sum.
pub(crate) fn add_at<B: Base>(acc: &mut [u64], x: &[u64], at: usize) {
    let mut carry = 0u128;
    for (i, a) in acc[at..].iter_mut().enumerate() {
        let y = x.get(i).copied();
        if y.is_none() && carry == 0 {
            break;
        }
        let s = u128::from(*a) + u128::from(y.unwrap_or(0)) + carry;
        (*a, carry) = if s >= B::LIMB {
            ((s - B::LIMB) as u64, 1)
        } else {
            (s as u64, 0)
        };
    }
    debug_assert_eq!(carry, 0, "the sum fits");
}

/// Drops high zero limbs.
pub(crate) fn trim(limbs: &mut Vec<u64>) {
    while limbs.last() == Some(&0) {
        limbs.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic Miller–Rabin: these bases decide every n < 3.3 · 10^24.
    fn is_prime(n: u64) -> bool {
        let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
        let pow = |mut a: u64, mut e: u64| {
            let mut r = 1;
            while e > 0 {
                if e & 1 == 1 {
                    r = mul(r, a);
                }
                a = mul(a, a);
                e >>= 1;
            }
            r
        };
        let s = (n - 1).trailing_zeros();
        let d = (n - 1) >> s;
        [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
            .iter()
            .all(|&a| {
                let mut x = pow(a, d);
                if x == 1 || x == n - 1 {
                    return true;
                }
                (1..s).any(|_| {
                    x = mul(x, x);
                    x == n - 1
                })
            })
    }

    #[test]
    fn the_modulus_and_its_root() {
        assert!(is_prime(P));
        assert_eq!((P - 1) % (1 << MAX_LOG), 0);
        // ROOT has order exactly 2^33: its 2^32-th power is -1.
        assert_eq!(pow_plain(ROOT, 1 << (MAX_LOG - 1)), P - 1);
        assert_eq!(P.wrapping_mul(P_NEG_INV), u64::MAX);
        assert_eq!(mont_mul(5, R2), ((5u128 << 64) % u128::from(P)) as u64);
        // The tables' values and Shoup quotients, against plain arithmetic.
        let mut m = Multiplier::new();
        m.tables(1 << 12);
        for (table, root) in [
            (&m.twiddles, ROOT),
            (&m.inverse, pow_plain(ROOT, (1 << MAX_LOG) - 1)),
        ] {
            for h in [1usize, 2, 64, 1 << 11] {
                let r = pow_plain(root, (1 << MAX_LOG) / (2 * h as u64));
                for j in [0, 1, h / 2, h - 1].into_iter().filter(|&j| j < h) {
                    let w = pow_plain(r, j as u64);
                    assert_eq!(table.w[h + j], w);
                    assert_eq!(
                        u128::from(table.shoup[h + j]),
                        (u128::from(w) << 64) / u128::from(P)
                    );
                }
            }
        }
        // Shoup's product for the largest inputs.
        for x in [0, 1, P - 1, 2 * P - 1, u64::MAX] {
            let w = P - 2;
            let shoup = ((u128::from(w) << 64) / u128::from(P)) as u64;
            let y = mul_shoup(x, w, shoup);
            assert!(y < 2 * P);
            assert_eq!(
                u128::from(y) % u128::from(P),
                u128::from(x) * u128::from(w) % u128::from(P)
            );
        }
        // The largest coefficient of a product of CHUNK_PIECES pieces fits.
        for piece in [Binary::PIECE, Decimal::PIECE] {
            assert!(CHUNK_PIECES as u128 * u128::from(piece - 1).pow(2) < u128::from(P));
        }
        assert_eq!(u128::from(Binary::PIECE).pow(4), Binary::LIMB);
        assert_eq!(u128::from(Decimal::PIECE).pow(3), Decimal::LIMB);
    }

    /// A fixed-seed xorshift generator of limbs below `limb`.
    fn limbs(seed: &mut u64, len: usize, limb: u128) -> Vec<u64> {
        (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                (u128::from(*seed) % limb) as u64
            })
            .collect()
    }

    /// The product by one multiply-add per pair of limbs: the plainest
    /// long multiplication, against which the others are checked.
    fn long_multiplication<B: Base>(a: &[u64], b: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; a.len() + b.len()];
        for (i, &x) in a.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &y) in b.iter().enumerate() {
                let t = u128::from(out[i + j]) + u128::from(x) * u128::from(y) + carry;
                out[i + j] = (t % B::LIMB) as u64;
                carry = t / B::LIMB;
            }
            let mut k = i + b.len();
            while carry > 0 {
                let t = u128::from(out[k]) + carry;
                out[k] = (t % B::LIMB) as u64;
                carry = t / B::LIMB;
                k += 1;
            }
        }
        trim(&mut out);
        out
    }

    fn check<B: Base>(seed: u64) {
        let mut seed = seed;
        let mut m = Multiplier::new();
        for (la, lb) in [
            (1, 1),
            (3, 1),
            (NTT_FROM - 1, NTT_FROM - 1),
            (NTT_FROM, NTT_FROM),
            (NTT_FROM, 700),
            (257, 255),
            (1000, 1500),
            (4096, 4096),
        ] {
            let a = limbs(&mut seed, la, B::LIMB);
            let b = limbs(&mut seed, lb, B::LIMB);
            let want = long_multiplication::<B>(&a, &b);
            assert_eq!(m.mul::<B>(&a, &b), want, "{la} x {lb}");
            assert_eq!(m.mul::<B>(&b, &a), want, "{lb} x {la}");
            // The largest limbs: every piece at its maximum.
            let top = vec![(B::LIMB - 1) as u64; la];
            let want = long_multiplication::<B>(&top, &top);
            assert_eq!(
                m.mul::<B>(&top, &top),
                want,
                "{la} x {la}, all digits maximal"
            );
            // Factors cut into parts of NTT_FROM limbs give the same.
            let want = long_multiplication::<B>(&a, &b);
            let parts = m.mul_in_parts::<B>(&a, &b, None, NTT_FROM);
            assert_eq!(parts, want, "{la} x {lb} in parts");
            // A kept transform serves a second product of the same size, and
            // is replaced for another size.
            let mut f = Factor::new(b.clone());
            for c in [&a, &a, &want, &a] {
                let want = long_multiplication::<B>(c, &b);
                assert_eq!(m.mul_factor::<B>(c, &mut f), want, "{la} x {lb}, kept");
            }
            // A square transforms once.
            let want = long_multiplication::<B>(&a, &a);
            assert_eq!(m.mul::<B>(&a, &a), want, "{la} squared");
        }
        // Transforms longer than a cache block.
        let a = limbs(&mut seed, 3 * CACHE_BLOCK, B::LIMB);
        let b = limbs(&mut seed, 2 * CACHE_BLOCK, B::LIMB);
        assert_eq!(m.mul::<B>(&a, &b), long_multiplication::<B>(&a, &b));
        assert_eq!(m.mul::<B>(&[], &[5]), Vec::<u64>::new());
        assert_eq!(m.mul::<B>(&[0, 0], &[5]), Vec::<u64>::new());
    }

    #[test]
    fn products_in_binary() {
        check::<Binary>(0x9E37_79B9_7F4A_7C15);
    }

    #[test]
    fn products_in_decimal() {
        check::<Decimal>(0x2545_F491_4F6C_DD1D);
    }
}
