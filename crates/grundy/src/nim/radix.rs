//! Heap sizes of any length between decimal text and binary, both ways in
//! O(M(n) log n), where M(n) is the cost of a product of n-digit numbers
//! ([`ntt`](super::ntt): O(n log n)).
//!
//! num-bigint converts by one multiply-add (or division) per limb, which
//! is quadratic: a heap of 5·10^6 digits took seconds each way. Here the
//! limbs of the source base are cut into a high and a low part, the low
//! part `LEAF · 2^k` limbs long, and
//! `value = high · S^(LEAF · 2^k) + low` is evaluated in the target base,
//! recursively; the powers `S^(LEAF · 2^k)` are squared once and shared
//! (with their transforms). The same code converts decimal to binary
//! (S = 10^15, the target base 2^64) and binary to decimal (S = 2^64,
//! target base 10^15).

use num_bigint::BigUint;

use super::ntt::{add_at, trim, Base, Binary, Decimal, Factor, Multiplier};

/// Source limbs below which a part is converted by Horner's rule.
const LEAF: usize = 16;

/// The value of a string of ASCII decimal digits (leading zeros allowed,
/// empty for 0).
pub(crate) fn decimal_to_biguint(digits: &[u8]) -> BigUint {
    debug_assert!(digits.iter().all(u8::is_ascii_digit));
    // Limbs of 15 digits, least significant first.
    let limbs: Vec<u64> = digits
        .rchunks(15)
        .map(|c| c.iter().fold(0, |v, &d| v * 10 + u64::from(d - b'0')))
        .collect();
    let words = convert::<Decimal, Binary>(&limbs);
    BigUint::new(
        words
            .iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect(),
    )
}

/// `n` in decimal, exactly as `n.to_string()` writes it, in O(M(n) log n)
/// rather than num-bigint's quadratic time.
///
/// # Examples
///
/// ```
/// use grundy::nim::{to_decimal, BigUint};
///
/// let n: BigUint = "9".repeat(5000).parse().unwrap();
/// assert_eq!(to_decimal(&n), n.to_string());
/// assert_eq!(to_decimal(&BigUint::default()), "0");
/// ```
pub fn to_decimal(n: &BigUint) -> String {
    if let Ok(small) = u128::try_from(n) {
        return small.to_string();
    }
    let limbs = convert::<Binary, Decimal>(&n.to_u64_digits());
    let Some((top, rest)) = limbs.split_last() else {
        return "0".to_string();
    };
    let mut text = top.to_string().into_bytes();
    text.reserve(15 * rest.len());
    for &limb in rest.iter().rev() {
        let mut digits = [b'0'; 15];
        let mut x = limb;
        for d in digits.iter_mut().rev() {
            *d = b'0' + (x % 10) as u8;
            x /= 10;
        }
        text.extend_from_slice(&digits);
    }
    String::from_utf8(text).expect("ASCII digits")
}

/// `src`, limbs of base `S::LIMB` (least significant first), in base
/// `T::LIMB`, with no high zero limbs.
fn convert<S: Base, T: Base>(src: &[u64]) -> Vec<u64> {
    let mut len = src.len();
    while len > 0 && src[len - 1] == 0 {
        len -= 1;
    }
    let src = &src[..len];
    if src.len() <= LEAF {
        return horner::<S, T>(src);
    }
    let mut m = Multiplier::new();
    // powers[k] = S^(LEAF · 2^k) in base T, as many as the length needs.
    let mut one = vec![0; LEAF];
    one.push(1);
    let mut powers = vec![Factor::new(horner::<S, T>(&one))];
    while LEAF << powers.len() < src.len() {
        let last = &powers.last().expect("never empty").limbs;
        let next = m.mul::<T>(last, last);
        powers.push(Factor::new(next));
    }
    part::<S, T>(src, &mut powers, &mut m)
}

/// [`convert`] of a part, with the powers it may need.
fn part<S: Base, T: Base>(src: &[u64], powers: &mut [Factor], m: &mut Multiplier) -> Vec<u64> {
    if src.len() <= LEAF {
        return horner::<S, T>(src);
    }
    // The largest k with LEAF · 2^k < len: the low part takes that many
    // limbs, the high part the rest (at most as many, but at the top).
    let mut k = 0;
    while k + 1 < powers.len() && LEAF << (k + 1) < src.len() {
        k += 1;
    }
    let (low, high) = src.split_at(LEAF << k);
    let high = part::<S, T>(high, powers, m);
    let mut out = m.mul_factor::<T>(&high, &mut powers[k]);
    let low = part::<S, T>(low, powers, m);
    // Room for the sum's carry out of the top limb.
    out.resize(out.len().max(low.len()) + 1, 0);
    add_at::<T>(&mut out, &low, 0);
    trim(&mut out);
    out
}

/// A short part by Horner's rule: `acc = acc · S + limb` from the top limb
/// down, in base T.
fn horner<S: Base, T: Base>(src: &[u64]) -> Vec<u64> {
    let mut acc: Vec<u64> = Vec::with_capacity(src.len() + 1);
    for &limb in src.iter().rev() {
        // acc[i] < T::LIMB <= 2^64 and S::LIMB <= 2^64, and the carry stays
        // near 2^64: the sum is below 2^128.
        let mut carry = u128::from(limb);
        for a in acc.iter_mut() {
            let t = u128::from(*a) * S::LIMB + carry;
            *a = (t % T::LIMB) as u64;
            carry = t / T::LIMB;
        }
        while carry > 0 {
            acc.push((carry % T::LIMB) as u64);
            carry /= T::LIMB;
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Fixed-seed random digits, the first not 0.
    fn digits(len: usize, seed: &mut u64) -> Vec<u8> {
        let mut text: Vec<u8> = (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                b'0' + (*seed % 10) as u8
            })
            .collect();
        if let Some(d) = text.first_mut() {
            *d = b'7';
        }
        text
    }

    /// Both directions against num-bigint's own (quadratic, independent)
    /// conversions, at lengths around every place where the algorithm
    /// changes: a leaf, the first split, the transform's threshold, and
    /// with runs of zeros that empty a whole part.
    #[test]
    fn both_directions_match_num_bigint() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut lengths: Vec<usize> = vec![0, 1, 15, 16, 17, 19, 20, 21, 39, 40];
        for limbs in [LEAF, 2 * LEAF, 3 * LEAF, 48, 64, 96, 200, 1000, 4100] {
            // As many decimal limbs, and as many binary ones.
            lengths.extend([15 * limbs - 1, 15 * limbs, 15 * limbs + 1]);
            lengths.extend([19 * limbs, 20 * limbs]);
        }
        lengths.push(123_457);
        for len in lengths {
            let mut text = digits(len, &mut seed);
            for zeros in [false, true] {
                if zeros {
                    // A run of zeros in the middle, and one in front.
                    for b in &mut text[len / 3..len / 2] {
                        *b = b'0';
                    }
                    text.insert(0, b'0');
                }
                let want = BigUint::parse_bytes(&text, 10).unwrap_or_default();
                let got = decimal_to_biguint(&text);
                assert_eq!(got, want, "{len} digits, zeros {zeros}");
                assert_eq!(to_decimal(&want), want.to_str_radix(10), "{len} digits");
            }
        }
    }

    /// Powers of the two bases and their neighbours: a carry through every
    /// limb, and limbs that are exactly zero.
    #[test]
    fn powers_and_their_neighbours() {
        for exp in [64u32, 640, 64 * 16, 64 * 17, 64 * 100, 64 * 1000] {
            let p = BigUint::from(1u32) << exp;
            for n in [&p - 1u32, p.clone(), &p + 1u32] {
                assert_eq!(to_decimal(&n), n.to_string());
                assert_eq!(decimal_to_biguint(n.to_string().as_bytes()), n);
            }
        }
        for exp in [15u32, 16, 240, 241, 15 * 48, 15 * 1000, 16 * 1000] {
            let p = BigUint::from(10u32).pow(exp);
            for n in [&p - 1u32, p.clone(), &p + 1u32] {
                assert_eq!(to_decimal(&n), n.to_string());
                assert_eq!(decimal_to_biguint(n.to_string().as_bytes()), n);
            }
        }
    }

    proptest! {
        #[test]
        fn any_number_round_trips(words in proptest::collection::vec(any::<u32>(), 0..400)) {
            let n = BigUint::new(words);
            let text = to_decimal(&n);
            prop_assert_eq!(&text, &n.to_string());
            prop_assert_eq!(decimal_to_biguint(text.as_bytes()), n);
        }
    }
}
