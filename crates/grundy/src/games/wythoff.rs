//! Wythoff's game: two heaps; a move takes any number of tokens from one
//! heap, or the same number from both. Whoever cannot move loses.
//!
//! Wythoff (1907): the P-positions are the pairs `(A_k, B_k)` and
//! `(B_k, A_k)` with `A_k = ⌊kφ⌋` and `B_k = ⌊kφ²⌋ = A_k + k`, φ the golden
//! ratio. They are found here exactly, with no floating point:
//! `⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋` (√5·k is irrational for `k > 0`, so the
//! floor of the square root loses nothing the halving keeps), on integer
//! square roots of big integers, for heaps up to `2^128 - 1`. From there
//! every winning move comes in O(1) square roots: each number is in exactly
//! one P-pair (Beatty's theorem), so at most one move on each heap and one
//! on both can win.
//!
//! Misère play (whoever cannot move wins) has the same P-positions but
//! for the first two pairs: `(0, 1)`, `(1, 0)` and `(2, 2)` instead of
//! `(0, 0)`, `(1, 2)` and `(2, 1)` (checked against an exhaustive search in
//! the tests).
//!
//! Grundy values have no formula; [`values`] computes a table of them,
//! row by row, each value the first one missing from a bitset of the
//! row's values and the few values of its column and diagonal.
//!
//! ```
//! use grundy::games::wythoff::{is_p_position, lower};
//!
//! assert_eq!(lower(1), Some(1));
//! assert_eq!(lower(2), Some(3));
//! assert_eq!(lower(3), Some(4));
//! assert!(is_p_position(3, 5));
//! assert!(!is_p_position(3, 6));
//! // Consecutive Fibonacci numbers F(2n), F(2n+1) are P-positions, at any size.
//! assert!(is_p_position(1_548_008_755_920, 2_504_730_781_961));
//! ```

use std::fmt;

use num_bigint::BigUint;

use crate::cancel::{Cancel, Cancelled};
use crate::games::error::GameError;
use crate::games::numbers;
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::games::wythoff_k::{self, datum, draw_heaps, two_heap_rules, two_heaps, typed_heaps};
use crate::moves::MoveError;
use crate::search::SearchStats;
use crate::{Convention, Nimber, Outcome};

/// `⌊√(5k²)⌋`, exactly, for any `k` below `2^128`.
fn sqrt5(k: u128) -> BigUint {
    let k = BigUint::from(k);
    (&k * &k * 5u32).sqrt()
}

/// `⌊kφ⌋`, the smaller heap of the `k`-th P-position, or `None` past
/// `2^128 - 1`.
///
/// ```
/// use grundy::games::wythoff::lower;
/// let first: Vec<u128> = (0..8).map(|k| lower(k).unwrap()).collect();
/// assert_eq!(first, [0, 1, 3, 4, 6, 8, 9, 11]);
/// ```
pub fn lower(k: u128) -> Option<u128> {
    let twice = BigUint::from(k) + sqrt5(k);
    u128::try_from(twice >> 1u32).ok()
}

/// `⌊kφ²⌋ = ⌊kφ⌋ + k`, the larger heap of the `k`-th P-position.
pub fn upper(k: u128) -> Option<u128> {
    lower(k)?.checked_add(k)
}

/// The other heap of the one P-position that has a heap of `c` (Beatty:
/// the `A_k` and the `B_k` split the positive integers between them).
///
/// ```
/// use grundy::games::wythoff::partner;
/// assert_eq!(partner(0), Some(0));
/// assert_eq!(partner(3), Some(5));
/// assert_eq!(partner(5), Some(3));
/// assert_eq!(partner(7), Some(4));
/// ```
pub fn partner(c: u128) -> Option<u128> {
    if c == 0 {
        return Some(0);
    }
    let s = sqrt5(c);
    let c_big = BigUint::from(c);
    // c = ⌊kφ⌋ needs k = ⌈c/φ⌉ = ⌊c/φ⌋ + 1, and c/φ = c(√5 - 1)/2.
    let k = u128::try_from((&s - &c_big) >> 1u32).ok()? + 1;
    if lower(k) == Some(c) {
        return c.checked_add(k);
    }
    // Otherwise c = ⌊kφ²⌋ with k = ⌊c/φ²⌋ + 1, and c/φ² = c(3 - √5)/2.
    let k = u128::try_from((c_big * 3u32 - s - 1u32) >> 1u32).ok()? + 1;
    debug_assert_eq!(upper(k), Some(c));
    Some(c - k)
}

/// Whether `(a, b)` is a P-position of Wythoff's game (normal play): the
/// player to move loses.
pub fn is_p_position(a: u128, b: u128) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    lower(b - a) == Some(a)
}

/// Whether `(a, b)` is a P-position of misère Wythoff.
pub fn is_misere_p_position(a: u128, b: u128) -> bool {
    match (a.min(b), a.max(b)) {
        (0, 1) | (2, 2) => true,
        (0, 0) | (1, 2) => false,
        _ => is_p_position(a, b),
    }
}

/// Which heaps a move takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Take {
    /// The first heap.
    First,
    /// The second heap.
    Second,
    /// The same number from both.
    Both,
}

/// Every position one move from `(a, b)` that is a P-position under
/// `convention`, as the move that leaves it: the winning moves, ordered
/// first heap, second heap, both, by the number taken.
///
/// ```
/// use grundy::games::wythoff::{winning_moves, Take};
/// use grundy::Convention;
/// // From (4, 6) the one winning move takes 1 from both, to (3, 5).
/// assert_eq!(winning_moves(4, 6, Convention::Normal), [(Take::Both, 1)]);
/// assert_eq!(winning_moves(3, 5, Convention::Normal), []);
/// ```
pub fn winning_moves(a: u128, b: u128, convention: Convention) -> Vec<(Take, u128)> {
    let mut targets: Vec<(Take, u128)> = Vec::new();
    // To the P-pair of b, on the first heap; of a, on the second.
    if let Some(p) = partner(b).filter(|&p| p < a) {
        targets.push((Take::First, a - p));
    }
    if let Some(p) = partner(a).filter(|&p| p < b) {
        targets.push((Take::Second, b - p));
    }
    // To the P-pair with the same difference, on both.
    let low = a.min(b);
    if let Some(l) = lower(a.max(b) - low).filter(|&l| l < low) {
        targets.push((Take::Both, low - l));
    }
    if convention == Convention::Misere {
        for (x, y) in [(0, 1), (1, 0), (2, 2)] {
            if let Some(m) = move_to(a, b, x, y) {
                targets.push(m);
            }
        }
        targets.retain(|&m| {
            let (x, y) = after(a, b, m);
            is_misere_p_position(x, y)
        });
        targets.sort_unstable();
        targets.dedup();
    }
    targets
}

/// The move from `(a, b)` that leaves `(x, y)`, if there is one.
fn move_to(a: u128, b: u128, x: u128, y: u128) -> Option<(Take, u128)> {
    if y == b && x < a {
        Some((Take::First, a - x))
    } else if x == a && y < b {
        Some((Take::Second, b - y))
    } else if x < a && y < b && a - x == b - y {
        Some((Take::Both, a - x))
    } else {
        None
    }
}

/// The position `(a, b)` leaves after `m`.
fn after(a: u128, b: u128, (take, n): (Take, u128)) -> (u128, u128) {
    match take {
        Take::First => (a - n, b),
        Take::Second => (a, b - n),
        Take::Both => (a - n, b - n),
    }
}

/// The Grundy values of Wythoff's game on rows `0..rows` and columns
/// `0..cols`: `table[i][j]` is the value of heaps `(i, j)`.
///
/// Generalised Wythoff's table with `k = 1`
/// ([`crate::games::wythoff_k`]): row by row, a bitset of the values so
/// far in the row and its least missing value, and for each cell the at
/// most `2i` values above it in its column and on its diagonal, marked in
/// a stamped array; the value is the first from the row's least missing
/// value on that neither holds. O(rows² · cols) steps of a few
/// instructions, `rows · cols` values in memory: put the smaller side in
/// `rows`.
///
/// # Errors
/// [`Cancelled`] once `cancel` fires (checked every row).
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::games::wythoff::values;
/// let t = values(3, 6, &Cancel::new()).unwrap();
/// assert_eq!(t[0], [0, 1, 2, 3, 4, 5]);
/// assert_eq!(t[1], [1, 2, 0, 4, 5, 3]);
/// assert_eq!(t[2], [2, 0, 1, 5, 3, 4]);
/// ```
pub fn values(rows: usize, cols: usize, cancel: &Cancel) -> Result<Vec<Vec<u32>>, Cancelled> {
    wythoff_k::table(1, rows, cols, Convention::Normal, cancel)
}

/// An additive period of a row of values: from `preperiod` on,
/// `row[j + period] = row[j] + saltus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowPeriod {
    /// Where the period starts.
    pub preperiod: usize,
    /// The period.
    pub period: usize,
    /// What a period adds to the values (for Wythoff rows, the period).
    pub saltus: i64,
}

/// The apparent additive period of `row`: the least period (then least
/// preperiod) that holds on every value computed, with at least two whole
/// periods after the preperiod and half the row after it. Apparent only:
/// Dress, Flammenkamp and Pink proved every row of Wythoff's game
/// additively periodic, but neither their theorem nor a later proof we
/// know of gives a finite check (a bound past which a period seen must go
/// on) that we can cite and apply, so a row computed this far proves no
/// period, and none is marked proved.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::games::wythoff::{row_period, values};
/// let t = values(2, 60, &Cancel::new()).unwrap();
/// let p = row_period(&t[1]).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (0, 3, 3));
/// ```
pub fn row_period(row: &[u32]) -> Option<RowPeriod> {
    let n = row.len();
    for period in 1..=n / 3 {
        // The least preperiod for this period: after the last break.
        let mut preperiod = 0;
        let saltus = i64::from(row[n - 1]) - i64::from(row[n - 1 - period]);
        for j in (0..n - period).rev() {
            if i64::from(row[j + period]) - i64::from(row[j]) != saltus {
                preperiod = j + 1;
                break;
            }
        }
        if n - preperiod >= 2 * period.max(1) && preperiod <= n / 2 {
            return Some(RowPeriod {
                preperiod,
                period,
                saltus,
            });
        }
    }
    None
}

/// The largest table [`Wythoff::solve`] computes for a value:
/// `(min + 1)² · (max + 1)` steps.
const VALUE_WORK: u128 = 1 << 29;

/// How many moves of each kind (first heap, second, both) a position
/// lists: all of them up to this many tokens taken, and the winning ones.
pub const LISTED: u128 = 1 << 16;

static RULES: Rules = two_heap_rules(
    "Wythoff",
    "take any number of tokens from one heap, or the same number from both; whoever cannot move loses",
    "Type a move as the heaps it leaves, A,B (take from one heap, or the same number from both).",
    "  3,5        leave heaps of 3 and 5 (take from one heap, or the same from both)",
);

/// A position of Wythoff's game: `wythoff:A,B`.
///
/// ```
/// use grundy::games::{Game, SolveOptions};
/// use grundy::{Nimber, Outcome};
///
/// let game = Game::parse("wythoff:4,6")?;
/// let s = game.position().unwrap().solve(&mut SolveOptions::default())?;
/// assert_eq!(s.outcome, Outcome::N);
/// assert_eq!(s.value, Some(Nimber(9)));
/// assert_eq!(s.winning_moves[0].name, "3,5");
/// // Any size: heaps of 10^30 have an exact outcome, and no value.
/// let game = Game::parse("wythoff:1000000000000000000000000000000,1")?;
/// let s = game.position().unwrap().solve(&mut SolveOptions::default())?;
/// assert_eq!((s.outcome, s.value), (Outcome::N, None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    a: u128,
    b: u128,
}

impl Wythoff {
    /// Heaps of `a` and `b`.
    pub fn new(a: u128, b: u128) -> Wythoff {
        Wythoff { a, b }
    }

    /// The two heaps.
    pub fn heaps(&self) -> (u128, u128) {
        (self.a, self.b)
    }

    /// `wythoff:A,B`.
    ///
    /// # Errors
    /// A located [`ParseError`](crate::span::ParseError): not two whole
    /// numbers below `2^128`.
    pub fn parse(spec: &str) -> Result<Wythoff, GameError> {
        let start = numbers::body_start(spec);
        let (a, b) = two_heaps(spec, start, "Wythoff's game has two heaps: wythoff:A,B")?;
        Ok(Wythoff { a, b })
    }

    /// The Grundy value, when the table it needs is small enough.
    fn value(&self, cancel: &Cancel) -> Result<Option<Nimber>, Cancelled> {
        let (lo, hi) = (self.a.min(self.b), self.a.max(self.b));
        let work = (lo + 1)
            .checked_mul(lo + 1)
            .and_then(|w| w.checked_mul(hi + 1));
        if work.is_none_or(|w| w > VALUE_WORK) {
            return Ok(None);
        }
        let table = values(lo as usize + 1, hi as usize + 1, cancel)?;
        Ok(Some(Nimber(u64::from(table[lo as usize][hi as usize]))))
    }

    fn name_of(&self, m: (Take, u128)) -> Move {
        let (x, y) = after(self.a, self.b, m);
        let kind = match m.0 {
            Take::First => "first",
            Take::Second => "second",
            Take::Both => "both",
        };
        Move {
            name: format!("{x},{y}"),
            data: vec![
                ("heaps", Datum::List(vec![datum(x), datum(y)])),
                ("from", Datum::Text(kind.into())),
                ("take", datum(m.1)),
            ],
        }
    }

    /// The moves listed, in order: see [`LISTED`].
    fn listed(&self) -> Vec<(Take, u128)> {
        let mut wins = winning_moves(self.a, self.b, Convention::Normal);
        wins.extend(winning_moves(self.a, self.b, Convention::Misere));
        wins.sort_unstable();
        wins.dedup();
        let mut out = Vec::new();
        for (take, most) in [
            (Take::First, self.a),
            (Take::Second, self.b),
            (Take::Both, self.a.min(self.b)),
        ] {
            out.extend((1..=most.min(LISTED)).map(|n| (take, n)));
            for &(t, n) in &wins {
                if t == take && n > LISTED {
                    out.push((t, n));
                }
            }
        }
        out
    }
}

impl fmt::Display for Wythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wythoff:{},{}", self.a, self.b)
    }
}

impl Position for Wythoff {
    fn rules(&self) -> &'static Rules {
        &RULES
    }

    fn note(&self) -> Option<String> {
        let kind = if is_p_position(self.a, self.b) {
            "a pair of Wythoff's formula"
        } else {
            "two heaps"
        };
        Some(kind.into())
    }

    fn size(&self) -> u64 {
        u64::try_from(self.a.saturating_add(self.b)).unwrap_or(u64::MAX)
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        self.listed()
            .into_iter()
            .map(|m| {
                let (x, y) = after(self.a, self.b, m);
                (
                    self.name_of(m),
                    Box::new(Wythoff::new(x, y)) as Box<dyn Position>,
                )
            })
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let fresh = Cancel::new();
        let cancel = options.cancel.unwrap_or(&fresh);
        let (outcome_p, value) = match options.convention {
            Convention::Normal => {
                let value = if options.search.outcome_only {
                    None
                } else {
                    self.value(cancel)?
                };
                (is_p_position(self.a, self.b), value)
            }
            Convention::Misere => (is_misere_p_position(self.a, self.b), None),
        };
        let mut winning: Vec<Move> = winning_moves(self.a, self.b, options.convention)
            .into_iter()
            .map(|m| self.name_of(m))
            .collect();
        if options.search.outcome_only {
            winning.truncate(1);
        }
        if !options.search.winning_moves {
            winning.clear();
        }
        Ok(Solution {
            value,
            outcome: Outcome::from_first_player_wins(!outcome_p),
            winning_moves: winning,
            stats: SearchStats::default(),
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let (x, y) = typed_heaps(text, self.a, self.b)?;
        let Some(m) = move_to(self.a, self.b, x, y) else {
            return Err(MoveError::Illegal(format!(
                "{x},{y} is not one move from {},{}: take from one heap, or the same number from both",
                self.a, self.b
            )));
        };
        self.listed().iter().position(|&l| l == m).ok_or_else(|| {
            MoveError::Illegal(format!(
                "a position this large lists only the moves that take at most {LISTED} tokens, and the winning ones"
            ))
        })
    }

    /// The two heaps, each as a row of tokens when short.
    fn draw(&self) -> String {
        draw_heaps(self.a, self.b)
    }

    fn label(&self) -> String {
        format!("{},{}", self.a, self.b)
    }

    fn drawing(&self) -> Datum {
        Datum::Map(vec![
            ("kind", Datum::Text("wythoff".into())),
            ("heaps", Datum::List(vec![datum(self.a), datum(self.b)])),
        ])
    }

    /// A winning move when there is one; otherwise, playing for time, one
    /// token from the larger heap.
    fn engine_move(&self, options: &mut SolveOptions<'_>) -> Result<Option<usize>, Cancelled> {
        if self.a == 0 && self.b == 0 {
            return Ok(None);
        }
        let listed = self.listed();
        let wins = winning_moves(self.a, self.b, options.convention);
        let chosen = match wins.first() {
            Some(&w) => w,
            None if self.a >= self.b => (Take::First, 1),
            None => (Take::Second, 1),
        };
        Ok(listed.iter().position(|&m| m == chosen))
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(*self)
    }
}

#[cfg(test)]
mod tests {
    use grundy_testkit::Plain;

    use super::*;
    use crate::span::Span;

    /// The options of `(i, j)`, written from the rules alone: take any
    /// number from one heap, or the same number from both.
    fn options((i, j): (usize, usize)) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = (1..=i).map(|t| (i - t, j)).collect();
        out.extend((1..=j).map(|t| (i, j - t)));
        out.extend((1..=i.min(j)).map(|t| (i - t, j - t)));
        out
    }

    /// Grundy values by the definition (the test kit's mex over the
    /// options).
    fn brute(n: usize) -> Vec<Vec<u32>> {
        let mut plain = Plain::normal(|&pos: &(usize, usize)| options(pos));
        (0..n)
            .map(|i| (0..n).map(|j| plain.value(&(i, j)) as u32).collect())
            .collect()
    }

    /// Misère outcomes by the test kit's exhaustive search: `p[i][j]` when
    /// the mover loses.
    fn brute_misere(n: usize) -> Vec<Vec<bool>> {
        let mut plain = Plain::misere(|&pos: &(usize, usize)| options(pos));
        (0..n)
            .map(|i| (0..n).map(|j| !plain.mover_wins(&(i, j))).collect())
            .collect()
    }

    #[test]
    fn values_outcomes_and_winning_moves_match_brute_force() {
        let n = 60;
        let g = brute(n);
        let table = values(n, n, &Cancel::new()).unwrap();
        assert_eq!(table, g);
        let mp = brute_misere(n);
        for a in 0..n {
            for b in 0..n {
                let (x, y) = (a as u128, b as u128);
                assert_eq!(is_p_position(x, y), g[a][b] == 0, "{a},{b}");
                assert_eq!(is_misere_p_position(x, y), mp[a][b], "misère {a},{b}");
                let mut normal = Vec::new();
                let mut misere = Vec::new();
                for (take, most) in [(Take::First, x), (Take::Second, y), (Take::Both, x.min(y))] {
                    for t in 1..=most {
                        let (i, j) = after(x, y, (take, t));
                        if g[i as usize][j as usize] == 0 {
                            normal.push((take, t));
                        }
                        if mp[i as usize][j as usize] {
                            misere.push((take, t));
                        }
                    }
                }
                assert_eq!(winning_moves(x, y, Convention::Normal), normal, "{a},{b}");
                assert_eq!(
                    winning_moves(x, y, Convention::Misere),
                    misere,
                    "misère {a},{b}"
                );
            }
        }
    }

    #[test]
    fn misere_p_positions_follow_normal_play_past_the_start() {
        let n = 300;
        for (a, row) in brute_misere(n).iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(is_misere_p_position(a as u128, b as u128), p, "{a},{b}");
            }
        }
    }

    #[test]
    fn p_positions_are_the_greedy_complementary_pairs() {
        // Wythoff's construction: A_k is the least number in no earlier
        // pair, B_k = A_k + k.
        let mut used = vec![false; 400_000];
        let mut a = 0usize;
        for k in 0..100_000u128 {
            while used[a] {
                a += 1;
            }
            let b = a + k as usize;
            used[a] = true;
            used[b] = true;
            assert_eq!(lower(k), Some(a as u128), "k = {k}");
            assert_eq!(partner(a as u128), Some(b as u128));
            assert_eq!(partner(b as u128), Some(a as u128));
        }
    }

    #[test]
    fn fibonacci_pairs_are_p_positions_at_any_size() {
        // (F(2n), F(2n+1)) and its neighbours are not: a published
        // property of Wythoff pairs (Silber).
        let mut fib = vec![1u128, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        for w in fib.windows(2).step_by(2) {
            assert!(is_p_position(w[0], w[1]), "{w:?}");
            assert!(!is_p_position(w[0], w[1] + 1), "{w:?}");
            assert!(!is_p_position(w[0] + 1, w[1]), "{w:?}");
            assert_eq!(partner(w[1]), Some(w[0]));
        }
        assert!(fib.len() > 180, "Fibonacci numbers up to 2^128");
    }

    #[test]
    fn winning_moves_at_large_sizes_lead_to_p_positions() {
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..300 {
            x = x.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(1);
            let (a, b) = (x >> 70, (x >> 3) & ((1 << 60) - 1));
            let wins = winning_moves(a, b, Convention::Normal);
            assert_eq!(wins.is_empty(), is_p_position(a, b), "{a},{b}");
            for m in wins {
                let (p, q) = after(a, b, m);
                assert!(is_p_position(p, q), "{a},{b} -> {p},{q}");
            }
        }
    }

    #[test]
    fn the_first_rows_are_the_published_ones() {
        let t = values(3, 300, &Cancel::new()).unwrap();
        for j in 0..300u32 {
            assert_eq!(t[0][j as usize], j);
            // Row 1: 1, 2, 0, 4, 5, 3, ... (period 3, saltus 3).
            let row1 = match j % 3 {
                2 => j - 2,
                _ => j + 1,
            };
            assert_eq!(t[1][j as usize], row1, "g(1, {j})");
        }
        let p = row_period(&t[2]).unwrap();
        assert_eq!((p.period, p.saltus), (3, 3));
    }

    #[test]
    fn specs_parse_and_errors_are_located() {
        let w = Wythoff::parse("wythoff: 3 , 5").unwrap();
        assert_eq!(w.to_string(), "wythoff:3,5");
        let e = Wythoff::parse("wythoff:3").unwrap_err();
        assert!(e.to_string().contains("two heaps"), "{e}");
        let e = Wythoff::parse("wythoff:3,x").unwrap_err();
        assert_eq!(
            e.spec_error().unwrap().span(),
            Some(Span { start: 10, end: 11 })
        );
    }

    #[test]
    fn huge_positions_list_their_winning_moves() {
        let w = Wythoff::new(1 << 100, 3);
        let moves = w.moves();
        assert!(moves.len() < 4 * LISTED as usize);
        let s = w.solve(&mut SolveOptions::default()).unwrap();
        assert_eq!(s.outcome, Outcome::N);
        for m in &s.winning_moves {
            assert!(moves.iter().any(|(n, _)| n == m), "{m:?}");
            let i = w.parse_move(&m.name).unwrap();
            assert_eq!(moves[i].0, *m);
        }
        assert!(w
            .engine_move(&mut SolveOptions::default())
            .unwrap()
            .is_some());
    }
}
