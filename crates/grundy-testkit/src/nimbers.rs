//! Arithmetic of nimbers by the definitions (On Numbers and Games, ch. 6).

use crate::mex;

/// The nim product `a ⊗ b` of every `a, b < n`, by the definition:
/// `a ⊗ b` is the mex of `a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b'` over every
/// `a' < a` and `b' < b`.
///
/// # Complexity
/// `n^4` steps.
///
/// ```
/// // 2 ⊗ 2 = 3 and 2 ⊗ 3 = 1: the field of four nimbers.
/// let t = grundy_testkit::nimbers::product_table(4);
/// assert_eq!((t[2][2], t[2][3]), (3, 1));
/// ```
pub fn product_table(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let options = (0..a).flat_map(|a2| (0..b).map(move |b2| (a2, b2)));
            t[a][b] = mex(options
                .map(|(a2, b2)| t[a2][b] ^ t[a][b2] ^ t[a2][b2])
                .collect::<Vec<_>>());
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_table_and_fermat_powers() {
        // ONAG, ch. 6 (and Winning Ways, ch. 14, Turning Corners): the
        // first rows of the nim multiplication table (OEIS A051775).
        let t = product_table(16);
        assert_eq!(t[2][..8], [0, 2, 3, 1, 8, 10, 11, 9]);
        assert_eq!(t[3][..8], [0, 3, 1, 2, 12, 15, 13, 14]);
        assert_eq!(t[4][..8], [0, 4, 8, 12, 6, 2, 14, 10]);
        // A Fermat power 2^(2^k) times itself is 3/2 of it: 2 ⊗ 2 = 3,
        // 4 ⊗ 4 = 6.
        assert_eq!((t[2][2], t[4][4]), (3, 6));
        for (a, row) in t.iter().enumerate() {
            assert_eq!((row[0], row[1]), (0, a as u64));
        }
    }
}
