//! Heap games from their rules: what a move may leave, the values by the
//! definition, and sums of heaps played by trying every move.
//!
//! A rule is a function from a heap to what each of its moves leaves: the
//! non-empty heaps, smallest first (an empty list when a move leaves
//! nothing). The functions here that list moves call `leave` once a move.

use std::rc::Rc;

use crate::{mex, Plain};

/// Calls `leave` with what each move from a heap of `n` may leave, in the
/// take-and-break code whose digits are `digits` (`digits[0]` is d0, the
/// digit before the point). Digit dk says what taking k tokens may leave:
/// bit j (value 2^j) set means exactly j non-empty heaps (j = 0, 1, 2, and
/// 3 for hexadecimal digits). Taking nothing (d0) counts only when it
/// splits the heap.
///
/// ```
/// use grundy_testkit::heaps::take_break_moves;
///
/// // Kayles (0.77) from a heap of 3: knock one pin or two adjacent ones.
/// let mut left = vec![];
/// take_break_moves(&[0, 7, 7], 3, |l| left.push(l.to_vec()));
/// assert_eq!(left, [vec![2], vec![1, 1], vec![1]]);
/// ```
pub fn take_break_moves(digits: &[u8], n: u64, mut leave: impl FnMut(&[u64])) {
    for (k, &d) in digits.iter().enumerate() {
        let k = k as u64;
        if k > n {
            break;
        }
        let rest = n - k;
        if d & 1 != 0 && k > 0 && rest == 0 {
            leave(&[]);
        }
        if d & 2 != 0 && k > 0 && rest > 0 {
            leave(&[rest]);
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                leave(&[a, rest - a]);
            }
        }
        if d & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    leave(&[a, b, rest - a - b]);
                }
            }
        }
    }
}

/// Calls `leave` with what each move from a heap of `n` leaves in the
/// subtraction game whose set is `set`: take s tokens for any s in the set.
pub fn subtraction_moves(set: &[u64], n: u64, mut leave: impl FnMut(&[u64])) {
    for &s in set {
        if s == n {
            leave(&[]);
        } else if s < n {
            leave(&[n - s]);
        }
    }
}

/// Calls `leave` with what each move from a Nim heap of `n` leaves: any
/// smaller heap.
pub fn nim_moves(n: u64, mut leave: impl FnMut(&[u64])) {
    leave(&[]);
    for smaller in 1..n {
        leave(&[smaller]);
    }
}

/// Calls `leave` with what each move from a heap of `n` leaves when a
/// move takes at least one token and at most half of the heap.
pub fn half_moves(n: u64, mut leave: impl FnMut(&[u64])) {
    for take in 1..=n / 2 {
        leave(&[n - take]);
    }
}

/// Calls `leave` with what each move from a heap of `n` leaves in
/// Grundy's game: split one heap into two unequal non-empty heaps.
pub fn grundy_game_moves(n: u64, mut leave: impl FnMut(&[u64])) {
    for a in 1..n.div_ceil(2) {
        leave(&[a, n - a]);
    }
}

/// The moves of a heap of `n` under `rules` (one of the `*_moves`
/// functions, or a closure around the rules of another game), as a list.
pub fn options(rules: impl Fn(u64, &mut dyn FnMut(&[u64])), n: u64) -> Vec<Vec<u64>> {
    let mut out = vec![];
    if n > 0 {
        rules(n, &mut |l: &[u64]| out.push(l.to_vec()));
    }
    out
}

/// `G(0..=to)` of a heap game by the definition: `G(n)` is the mex of the
/// xors of the values of what each move leaves.
///
/// # Complexity
/// The work of listing every move of every heap up to `to`.
pub fn values(to: usize, rules: impl Fn(u64, &mut dyn FnMut(&[u64]))) -> Vec<u64> {
    let mut g: Vec<u64> = vec![0];
    for n in 1..=to as u64 {
        let mut seen = vec![];
        rules(n, &mut |l: &[u64]| {
            seen.push(l.iter().fold(0, |x, &h| x ^ g[h as usize]));
        });
        g.push(mex(seen));
    }
    g
}

/// `G(0..=to)` of the take-and-break code with digits `digits` (d0 first),
/// by the definition.
///
/// ```
/// // Dawson's Kayles (0.07): G(0..=9).
/// let g = grundy_testkit::heaps::take_break_values(&[0, 0, 7], 9);
/// assert_eq!(g, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// ```
pub fn take_break_values(digits: &[u8], to: usize) -> Vec<u64> {
    values(to, |n, leave| take_break_moves(digits, n, leave))
}

/// `G(0..=to)` of the subtraction game with the finite set `set`, by the
/// definition.
pub fn subtraction_values(set: &[u64], to: usize) -> Vec<u64> {
    values(to, |n, leave| subtraction_moves(set, n, leave))
}

/// `heaps` sorted, without empty heaps: one key per sum.
pub fn normalised(heaps: &[u64]) -> Vec<u64> {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    key
}

/// Every sum one move from `heaps`, normalised, when one heap of `h` may
/// leave what `options(h)` lists.
pub fn sum_moves(options: impl Fn(u64) -> Vec<Vec<u64>>, heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = vec![];
    for (i, &h) in heaps.iter().enumerate() {
        for left in options(h) {
            out.push(normalised(&after(heaps, i, &left)));
        }
    }
    out
}

/// `heaps` with heap `i` replaced by `left`.
fn after(heaps: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
    let mut next = heaps.to_vec();
    next.remove(i);
    next.extend_from_slice(left);
    next
}

/// What one heap may leave: the heaps of each move, in any order.
type HeapOptions<'a> = Rc<dyn Fn(u64) -> Vec<Vec<u64>> + 'a>;

/// The moves of a whole sum, as [`Plain`] takes them.
type SumMoves<'a> = Box<dyn Fn(&Vec<u64>) -> Vec<Vec<u64>> + 'a>;

/// Who wins a sum of heaps of one game, by trying every move: [`Plain`] on
/// sums of heaps (kept sorted, empty heaps dropped), the game given by
/// what each heap may leave. No Grundy value, period or quotient is
/// involved.
///
/// ```
/// use grundy_testkit::heaps::{options, take_break_moves, Sums};
///
/// // Misère Kayles: a lone pin loses, two lone pins win.
/// let mut kayles = Sums::misere(|h| options(|n, l| take_break_moves(&[0, 7, 7], n, l), h));
/// assert!(!kayles.mover_wins(&[1]));
/// assert!(kayles.mover_wins(&[1, 1]));
/// ```
pub struct Sums<'a> {
    options: HeapOptions<'a>,
    plain: Plain<Vec<u64>, SumMoves<'a>>,
}

impl<'a> Sums<'a> {
    /// The oracle under normal play for the game whose heap of `h` may
    /// leave what `options(h)` lists.
    pub fn normal(options: impl Fn(u64) -> Vec<Vec<u64>> + 'a) -> Sums<'a> {
        Sums::new(options, false)
    }

    /// The oracle under misère play.
    pub fn misere(options: impl Fn(u64) -> Vec<Vec<u64>> + 'a) -> Sums<'a> {
        Sums::new(options, true)
    }

    fn new(options: impl Fn(u64) -> Vec<Vec<u64>> + 'a, misere: bool) -> Sums<'a> {
        let options: HeapOptions<'a> = Rc::new(options);
        let of = Rc::clone(&options);
        let moves: SumMoves<'a> = Box::new(move |heaps: &Vec<u64>| sum_moves(&*of, heaps));
        let plain = if misere {
            Plain::misere(moves)
        } else {
            Plain::normal(moves)
        };
        Sums { options, plain }
    }

    /// Whether the player to move wins `heaps` (any order, empty heaps
    /// allowed).
    pub fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        self.plain.mover_wins(&normalised(heaps))
    }

    /// Every winning move of `heaps`, as (heap index, the heaps it leaves,
    /// smallest first).
    pub fn winning_moves(&mut self, heaps: &[u64]) -> std::collections::HashSet<(usize, Vec<u64>)> {
        let mut out = std::collections::HashSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            for mut left in (self.options)(h) {
                left.sort_unstable();
                if !self.mover_wins(&after(heaps, i, &left)) {
                    out.insert((i, left));
                }
            }
        }
        out
    }
}

/// Every position one move from `heaps` in Moore's Nim_k: a move lowers
/// at least one heap and at most `k` heaps, each by as much as it likes.
///
/// ```
/// // Nim_2 from (1, 1): lower either heap, or both.
/// let mut next = grundy_testkit::heaps::moore_moves(2, &[1, 1]);
/// next.sort();
/// assert_eq!(next, [vec![0, 0], vec![0, 1], vec![1, 0]]);
/// ```
pub fn moore_moves(k: usize, heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = vec![];
    // Every way to lower some heaps, heap by heap: `lowered` counts the
    // heaps lowered so far.
    fn go(
        k: usize,
        heaps: &[u64],
        i: usize,
        lowered: usize,
        now: &mut Vec<u64>,
        out: &mut Vec<Vec<u64>>,
    ) {
        if i == heaps.len() {
            if lowered > 0 {
                out.push(now.clone());
            }
            return;
        }
        go(k, heaps, i + 1, lowered, now, out);
        if lowered < k {
            for v in 0..heaps[i] {
                now[i] = v;
                go(k, heaps, i + 1, lowered + 1, now, out);
            }
            now[i] = heaps[i];
        }
    }
    go(k, heaps, 0, 0, &mut heaps.to_vec(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_sequences() {
        // OEIS A002186 (Kayles), A002187 (Dawson's Kayles), and
        // subtraction {1, 2, 3}: n mod 4.
        assert_eq!(
            take_break_values(&[0, 7, 7], 12),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
        );
        assert_eq!(
            take_break_values(&[0, 0, 7], 12),
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
        );
        assert_eq!(
            subtraction_values(&[1, 2, 3], 9),
            [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
        );
        // Nim as the hexadecimal code 0.333...: G(n) = n.
        assert_eq!(
            take_break_values(&[0, 3, 3, 3, 3, 3, 3], 6),
            [0, 1, 2, 3, 4, 5, 6]
        );
        assert_eq!(values(6, |n, l| nim_moves(n, l)), [0, 1, 2, 3, 4, 5, 6]);
        // Grundy's game, OEIS A002188.
        assert_eq!(
            values(20, |n, l| grundy_game_moves(n, l)),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        // Take at most half: G(2n) = n and G(2n + 1) = G(n), OEIS A025480.
        assert_eq!(
            values(12, |n, l| half_moves(n, l)),
            [0, 0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6]
        );
    }

    #[test]
    fn splitting_codes_list_each_split_once() {
        // 0.8 (take one, leave three heaps) from 7: 1+1+4, 1+2+3, 2+2+2.
        let left = options(|n, l| take_break_moves(&[0, 8], n, l), 7);
        assert_eq!(left, [vec![1, 1, 4], vec![1, 2, 3], vec![2, 2, 2]]);
        // 4.0 (split without taking) from 4: 1+3, 2+2.
        let left = options(|n, l| take_break_moves(&[4], n, l), 4);
        assert_eq!(left, [vec![1, 3], vec![2, 2]]);
    }

    #[test]
    fn moores_nim_follows_moores_theorem() {
        // E. H. Moore, "A generalization of the game called Nim" (Annals
        // of Mathematics, 1910): a position of Nim_k is lost for the
        // mover exactly when, in every binary place, the number of heaps
        // with a 1 there is a multiple of k + 1. Misère play differs only
        // when every heap is 0 or 1: then the mover loses exactly with
        // 1 more than a multiple of k + 1 heaps of 1.
        for k in 1..=3 {
            let mut normal = Plain::normal(|h: &Vec<u64>| moore_moves(k, h));
            let mut misere = Plain::misere(|h: &Vec<u64>| moore_moves(k, h));
            for code in 0..5u64.pow(4) {
                let heaps: Vec<u64> = (0..4).map(|i| code / 5u64.pow(i) % 5).collect();
                let lost = (0..3)
                    .all(|b| heaps.iter().filter(|&&h| h >> b & 1 == 1).count() % (k + 1) == 0);
                assert_eq!(normal.mover_wins(&heaps), !lost, "k={k} {heaps:?}");
                let ones = heaps.iter().filter(|&&h| h == 1).count();
                let misere_lost = if heaps.iter().all(|&h| h <= 1) {
                    ones % (k + 1) == 1
                } else {
                    lost
                };
                assert_eq!(
                    misere.mover_wins(&heaps),
                    !misere_lost,
                    "k={k} {heaps:?} misère"
                );
            }
        }
    }

    #[test]
    fn sums_follow_the_values_under_normal_play() {
        let g = take_break_values(&[0, 7, 7], 8);
        let mut sums = Sums::normal(|h| options(|n, l| take_break_moves(&[0, 7, 7], n, l), h));
        for a in 0..=8u64 {
            for b in 0..=8u64 {
                let wins = g[a as usize] != g[b as usize];
                assert_eq!(sums.mover_wins(&[a, b]), wins, "{a} + {b}");
                assert_eq!(sums.winning_moves(&[a, b]).is_empty(), !wins);
            }
        }
    }
}
