//! Wythoff's game and its generalisation by Fraenkel, from the rules.
//!
//! A position is two piles `(a, b)`. A move takes any number of tokens
//! from one pile, or takes `s` from the first and `t` from the second,
//! both at least 1, with `|s - t| < k`; `k = 1` (equal amounts) is
//! Wythoff's game.

use crate::mex;

/// Every position one move from `(a, b)` in the game with parameter `k`
/// (at least 1).
///
/// ```
/// // Wythoff's game from (1, 2): (0, 2), (1, 1), (1, 0) and (0, 1).
/// let mut next = grundy_testkit::wythoff::moves(1, (1, 2));
/// next.sort();
/// assert_eq!(next, [(0, 1), (0, 2), (1, 0), (1, 1)]);
/// ```
pub fn moves(k: u64, (a, b): (u64, u64)) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = (0..a).map(|x| (x, b)).collect();
    out.extend((0..b).map(|y| (a, y)));
    for s in 1..=a {
        for t in 1..=b {
            if s.abs_diff(t) < k {
                out.push((a - s, b - t));
            }
        }
    }
    out
}

/// `g[a][b]`, the value of `(a, b)` for `a, b < n`, by the definition:
/// the mex of the values of the positions one move away.
///
/// # Complexity
/// `n^4` steps at most.
pub fn values(k: u64, n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let seen = moves(k, (a as u64, b as u64))
                .into_iter()
                .map(|(x, y)| g[x as usize][y as usize]);
            g[a][b] = mex(seen.collect::<Vec<_>>());
        }
    }
    g
}

/// The first `count` P-positions `(A_n, B_n)` of the game with parameter
/// `k`, by Fraenkel's construction ("How to beat your Wythoff games'
/// opponent on three fronts", 1982): `A_n` is the least number in no
/// earlier pair and `B_n = A_n + k n`. A theorem, not the definition: the
/// tests here check it against [`values`].
///
/// ```
/// let pairs = grundy_testkit::wythoff::fraenkel_pairs(1, 4);
/// assert_eq!(pairs, [(0, 0), (1, 2), (3, 5), (4, 7)]);
/// ```
pub fn fraenkel_pairs(k: u64, count: usize) -> Vec<(u64, u64)> {
    let mut used = vec![false];
    let mut pairs = Vec::with_capacity(count);
    let mut a = 0u64;
    for n in 0..count as u64 {
        while used.get(a as usize) == Some(&true) {
            a += 1;
        }
        let b = a + k * n;
        if used.len() <= b as usize {
            used.resize(b as usize + 1, false);
        }
        used[a as usize] = true;
        used[b as usize] = true;
        pairs.push((a, b));
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions of value 0 with `a <= b < n`.
    fn lost(g: &[Vec<u64>]) -> Vec<(usize, usize)> {
        let n = g.len();
        (0..n)
            .flat_map(|a| (a..n).map(move |b| (a, b)))
            .filter(|&(a, b)| g[a][b] == 0)
            .collect()
    }

    #[test]
    fn p_positions_are_the_published_pairs() {
        // Wythoff's P-positions (floor(n φ), floor(n φ²)): OEIS A000201
        // and A001950.
        assert_eq!(
            lost(&values(1, 21)),
            [
                (0, 0),
                (1, 2),
                (3, 5),
                (4, 7),
                (6, 10),
                (8, 13),
                (9, 15),
                (11, 18),
                (12, 20)
            ]
        );
        // Fraenkel's construction gives them for every k.
        for k in 1..=3u64 {
            let pairs: Vec<(usize, usize)> = fraenkel_pairs(k, 24)
                .into_iter()
                .map(|(a, b)| (a as usize, b as usize))
                .filter(|&(_, b)| b < 24)
                .collect();
            assert_eq!(lost(&values(k, 24)), pairs, "k = {k}");
        }
    }
}
