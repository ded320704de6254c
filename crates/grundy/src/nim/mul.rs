//! Nim multiplication: the nimbers below `2^(2^n)` form a field (Conway,
//! *On Numbers and Games*, ch. 6) whose addition is xor and whose product
//! is the mex rule
//!
//! `a ⊗ b = mex { (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b }`.
//!
//! The product is what two-dimensional coin-turning games need: by the
//! Tartan theorem the value of a head at `(x, y)` in the product of two
//! games is the nim product of the heads' values at `x` and `y`
//! (Turning Corners: `x ⊗ y`).
//!
//! How it is computed, with no bit-by-bit loop: below 256 by logarithm
//! tables of the field of 256 nimbers (its multiplicative group is cyclic
//! of order 255); above, by halves. With `h` the half width and `X = 2^h`
//! (a Fermat 2-power), `X ⊗ X = X ⊕ X/2` and `a ⊗ X = a·X` for `a < X`, so
//! for `a = a1·X ⊕ a0` and `b = b1·X ⊕ b0`
//!
//! `a ⊗ b = ((a1 ⊕ a0) ⊗ (b1 ⊕ b0) ⊕ a0 ⊗ b0)·X ⊕ (a0 ⊗ b0 ⊕ (a1 ⊗ b1) ⊗ X/2)`,
//!
//! three products of halves (Karatsuba) and one by the constant `X/2`.
//! The inverse uses the conjugate `a1·X ⊕ (a1 ⊕ a0)` (the other root of
//! `t² ⊕ t ⊕ X/2` is `X ⊕ 1`): `a ⊗ conj(a) = a1² ⊗ X/2 ⊕ a1 ⊗ a0 ⊕ a0²`
//! lies in the half field, so one inverse of half the width is needed.
//!
//! ```
//! use grundy::nim::mul::{nim_inv, nim_mul};
//! use grundy::Nimber;
//!
//! // The first table of Conway's: 2 ⊗ 2 = 3, 2 ⊗ 3 = 1, 4 ⊗ 4 = 6.
//! assert_eq!(nim_mul(2, 2), 3);
//! assert_eq!(nim_mul(2, 3), 1);
//! assert_eq!(nim_mul(4, 4), 6);
//! // A Fermat 2-power squared is its sesquimultiple: 2^32 ⊗ 2^32 = 3·2^31.
//! assert_eq!(nim_mul(1 << 32, 1 << 32), 3 << 31);
//! // Every non-zero nimber has an inverse.
//! let x = 0x0123_4567_89ab_cdef;
//! assert_eq!(nim_mul(x, nim_inv(x).unwrap()), 1);
//! assert_eq!(nim_inv(0), None);
//! // Nimbers multiply with `*`.
//! assert_eq!(Nimber(3) * Nimber(3), Nimber(2));
//! ```

use std::ops::{Mul, MulAssign};
use std::sync::OnceLock;

use crate::Nimber;

/// Logarithms and powers of the field of the 256 nimbers below 256, on
/// the least generator of its multiplicative group.
struct Tables {
    /// `exp[i]` is the generator to the power `i`, for `i < 510` (twice
    /// round the group, so that a sum of two logarithms needs no modulo).
    exp: [u8; 510],
    /// `log[x]` for `x` in `1..256`; `log[0]` is unused.
    log: [u16; 256],
}

/// The multiplicative order of a non-zero nimber below 256.
fn order(g: u8) -> u32 {
    let (mut x, mut n) = (g, 1);
    while x != 1 {
        x = mul8_by_halves(x, g);
        n += 1;
    }
    n
}

/// The tables, built once on first use from the product by halves down
/// to single bits, on the least nimber of order 255.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let generator = (2..=255u8)
            .find(|&g| order(g) == 255)
            .expect("the non-zero nimbers below 256 form a cyclic group");
        let mut exp = [0u8; 510];
        let mut log = [0u16; 256];
        let mut x: u8 = 1;
        for (i, e) in exp.iter_mut().take(255).enumerate() {
            *e = x;
            log[usize::from(x)] = i as u16;
            x = mul8_by_halves(x, generator);
        }
        for i in 255..510 {
            exp[i] = exp[i - 255];
        }
        TABLES_BUILT.store(true, std::sync::atomic::Ordering::Relaxed);
        Tables { exp, log }
    })
}

/// Set once the tables are built (for a test that they build once).
static TABLES_BUILT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The product of two nimbers below `2^bits` (`bits` at most 8), by
/// halves down to single bits: only used to build the logarithm tables.
fn mul_small(a: u8, b: u8, bits: u32) -> u8 {
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u8 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let low = mul_small(a0, b0, h);
    let high = mul_small(a1, b1, h);
    let mixed = mul_small(a1 ^ a0, b1 ^ b0, h);
    let half = mul_small(high, 1 << (h - 1), h);
    ((mixed ^ low) << h) | (low ^ half)
}

/// The product of two nimbers below 256, by halves (for the tables).
fn mul8_by_halves(a: u8, b: u8) -> u8 {
    mul_small(a, b, 8)
}

/// The nim product of two nimbers below 256, by the tables.
#[inline]
fn mul8(a: u8, b: u8) -> u8 {
    if a == 0 || b == 0 {
        return 0;
    }
    let t = tables();
    t.exp[usize::from(t.log[usize::from(a)] + t.log[usize::from(b)])]
}

/// The nim product of `a` and `b`, both below `2^bits` (`bits` a power of
/// two from 8 to 64).
#[inline]
fn mul_width(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 8 {
        return u64::from(mul8(a as u8, b as u8));
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    if a1 == 0 && b1 == 0 {
        return mul_width(a0, b0, h);
    }
    let low = mul_width(a0, b0, h);
    let high = mul_width(a1, b1, h);
    let mixed = mul_width(a1 ^ a0, b1 ^ b0, h);
    let half = mul_width(high, 1 << (h - 1), h);
    ((mixed ^ low) << h) | (low ^ half)
}

/// The width (8, 16, 32 or 64 bits) of the least nim field that holds
/// both.
#[inline]
fn width(x: u64) -> u32 {
    match x {
        0..=0xFF => 8,
        0x100..=0xFFFF => 16,
        0x1_0000..=0xFFFF_FFFF => 32,
        _ => 64,
    }
}

/// The nim product `a ⊗ b` of two nimbers below `2^64` (their product is
/// below `2^64` too: the nimbers below a Fermat 2-power are a field).
///
/// O(3^k) products of bytes by table, `k` = log2 of the width over 8: at
/// most 27 for 64-bit nimbers, and one for bytes.
///
/// ```
/// use grundy::nim::mul::nim_mul;
/// // Turning Corners: the head at (2, 3) is worth 2 ⊗ 3 = 1.
/// assert_eq!(nim_mul(2, 3), 1);
/// assert_eq!(nim_mul(7, 1), 7);
/// assert_eq!(nim_mul(16, 16), 24);
/// ```
pub fn nim_mul(a: u64, b: u64) -> u64 {
    mul_width(a, b, width(a | b))
}

/// The nim product of two nimbers below `2^128`, by halves on
/// [`nim_mul`].
///
/// ```
/// use grundy::nim::mul::nim_mul128;
/// // 2^64 is a Fermat 2-power: its square is 2^64 ⊕ 2^63.
/// assert_eq!(nim_mul128(1 << 64, 1 << 64), 3 << 63);
/// assert_eq!(nim_mul128(5, 6), 8);
/// ```
pub fn nim_mul128(a: u128, b: u128) -> u128 {
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    let (b1, b0) = ((b >> 64) as u64, b as u64);
    if a1 == 0 && b1 == 0 {
        return u128::from(nim_mul(a0, b0));
    }
    let low = nim_mul(a0, b0);
    let high = nim_mul(a1, b1);
    let mixed = nim_mul(a1 ^ a0, b1 ^ b0);
    let half = nim_mul(high, 1 << 63);
    (u128::from(mixed ^ low) << 64) | u128::from(low ^ half)
}

/// The inverse of `a` below `2^bits` (non-zero).
fn inv_width(a: u64, bits: u32) -> u64 {
    if bits == 8 {
        let t = tables();
        return u64::from(t.exp[usize::from(255 - t.log[a as usize]) % 255]);
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    if a1 == 0 {
        return inv_width(a0, h);
    }
    // The conjugate and the norm a ⊗ conj(a), which lies in the half field.
    let conj = (a1 << h) | (a1 ^ a0);
    let norm = mul_width(mul_width(a1, a1, h), 1 << (h - 1), h)
        ^ mul_width(a1, a0, h)
        ^ mul_width(a0, a0, h);
    mul_width(conj, inv_width(norm, h), bits)
}

/// The nim inverse of `a`: the `b` with `a ⊗ b = 1`, or `None` for 0.
///
/// ```
/// use grundy::nim::mul::{nim_inv, nim_mul};
/// assert_eq!(nim_inv(2), Some(3));
/// assert_eq!(nim_inv(1), Some(1));
/// let x = u64::MAX;
/// assert_eq!(nim_mul(x, nim_inv(x).unwrap()), 1);
/// ```
pub fn nim_inv(a: u64) -> Option<u64> {
    (a != 0).then(|| inv_width(a, width(a)))
}

/// The nim inverse of a nimber below `2^128`, or `None` for 0.
///
/// ```
/// use grundy::nim::mul::{nim_inv128, nim_mul128};
/// let x = (1u128 << 100) | 12345;
/// assert_eq!(nim_mul128(x, nim_inv128(x).unwrap()), 1);
/// ```
pub fn nim_inv128(a: u128) -> Option<u128> {
    if a == 0 {
        return None;
    }
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    if a1 == 0 {
        return nim_inv(a0).map(u128::from);
    }
    let conj = (u128::from(a1) << 64) | u128::from(a1 ^ a0);
    let norm = nim_mul(nim_mul(a1, a1), 1 << 63) ^ nim_mul(a1, a0) ^ nim_mul(a0, a0);
    let inv = nim_inv(norm).expect("the norm of a non-zero nimber is non-zero");
    Some(nim_mul128(conj, u128::from(inv)))
}

impl Mul for Nimber {
    type Output = Nimber;
    /// Nim multiplication ([`nim_mul`]).
    #[inline]
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(nim_mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    #[inline]
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn products_below_64_are_the_mex_definition() {
        // The test kit's table, by the mex definition.
        let t = grundy_testkit::nimbers::product_table(64);
        for a in 0..64 {
            for b in 0..64 {
                assert_eq!(nim_mul(a, b), t[a as usize][b as usize], "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn the_byte_field_by_tables_is_the_byte_field_by_halves() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                assert_eq!(mul8(a, b), mul8_by_halves(a, b), "{a} ⊗ {b}");
            }
        }
        assert!(TABLES_BUILT.load(std::sync::atomic::Ordering::Relaxed));
    }

    #[test]
    fn fermat_powers_square_to_their_sesquimultiple() {
        // F = 2^(2^k) for k = 0..=5: 2, 4, 16, 256, 65536, 2^32.
        for k in 0..6u32 {
            let f = 1u64 << (1u32 << k);
            assert_eq!(nim_mul(f, f), 3 * f / 2, "F = {f}");
            // A nimber below F times F is the plain product.
            for a in [1, 2, 3, f - 1].into_iter().filter(|&a| a < f) {
                assert_eq!(nim_mul(a, f), a * f, "{a} ⊗ {f}");
            }
        }
        assert_eq!(nim_mul128(1 << 64, 1 << 64), 3 << 63);
        assert_eq!(nim_mul128(12345, 1 << 64), 12345 << 64);
    }

    #[test]
    fn every_inverse_of_16_bits() {
        for a in 1..=u16::MAX as u64 {
            let b = nim_inv(a).unwrap();
            assert!(b <= 0xFFFF, "{a}");
            assert_eq!(nim_mul(a, b), 1, "{a}");
        }
    }

    /// The 128-bit product of nimbers below 2^64 is the 64-bit one.
    #[test]
    fn wider_agrees_with_narrower() {
        for a in [0u64, 1, 2, 255, 256, 65535, 1 << 40, u64::MAX] {
            for b in [0u64, 1, 3, 1000, 1 << 33, u64::MAX - 5] {
                assert_eq!(
                    nim_mul128(u128::from(a), u128::from(b)),
                    u128::from(nim_mul(a, b))
                );
            }
        }
    }

    proptest! {
        #[test]
        fn field_axioms_on_64_bits(a: u64, b: u64, c: u64) {
            prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
            prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
            prop_assert_eq!(nim_mul(a, 1), a);
            prop_assert_eq!(nim_mul(a, 0), 0);
            if a != 0 {
                prop_assert_eq!(nim_mul(a, nim_inv(a).unwrap()), 1);
            }
        }

        #[test]
        fn field_axioms_on_128_bits(a: u128, b: u128, c: u128) {
            prop_assert_eq!(nim_mul128(a, b), nim_mul128(b, a));
            prop_assert_eq!(nim_mul128(nim_mul128(a, b), c), nim_mul128(a, nim_mul128(b, c)));
            prop_assert_eq!(nim_mul128(a, b ^ c), nim_mul128(a, b) ^ nim_mul128(a, c));
            if a != 0 {
                prop_assert_eq!(nim_mul128(a, nim_inv128(a).unwrap()), 1);
            }
        }

        #[test]
        fn subfields_are_closed(a in 0u64..1 << 32, b in 0u64..1 << 32) {
            prop_assert!(nim_mul(a, b) < 1 << 32);
            prop_assert!(nim_mul(a & 0xFFFF, b & 0xFFFF) <= 0xFFFF);
        }
    }
}
