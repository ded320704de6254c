//! Generalised Wythoff: two heaps; a move takes any number from one heap,
//! or `s` from the first and `t` from the second with `s, t ≥ 1` and
//! `|s - t| < k`. `k = 1` is Wythoff's game ([`crate::games::Wythoff`]);
//! this is the reference suite's `GenWythoff(k)`. Spec: `wythoff:K:A,B`.
//!
//! Fraenkel (1982, "How to beat your Wythoff games' opponent on three
//! fronts") showed that the P-positions are the pairs `(A_n, B_n)` and
//! `(B_n, A_n)` with `A_n` the least number in no earlier pair and
//! `B_n = A_n + k·n`, and that `A_n = ⌊n·α⌋`, `α = (2 - k + √(k² + 4)) / 2`.
//! Here `A_n` is computed exactly, with no floating point, as
//! `⌊(n·(2 - k) + ⌊√(n²·(k² + 4))⌋) / 2⌋` (the floor of half a real number
//! is the floor of half its floor), on integer square roots of big
//! integers, for heaps up to `2^128 - 1`; the tests check it against the
//! mex construction and against an exhaustive search.
//!
//! Every winning move comes from there: `A` and `B` split the positive
//! integers (Beatty), so a heap of `c` is in exactly one P-pair, which
//! gives the one winning move on each heap, and a move on both heaps
//! reaches a pair whose difference `k·n` is within `k` of the position's,
//! which leaves at most three `n` to try.
//!
//! Grundy values and misère play have no formula: they are computed by a
//! table of every smaller position, for positions small enough.
//!
//! ```
//! use grundy::games::wythoff_k::{lower, is_p_position};
//!
//! // k = 2: (0,0), (1,3), (2,6), (4,10), (5,13), ...
//! let a: Vec<u128> = (0..5).map(|n| lower(2, n).unwrap()).collect();
//! assert_eq!(a, [0, 1, 2, 4, 5]);
//! assert!(is_p_position(2, 4, 10));
//! assert!(!is_p_position(2, 3, 5));
//! ```

use std::fmt;

use num_bigint::BigUint;

use crate::cancel::{Cancel, Cancelled};
use crate::games::error::GameError;
use crate::games::numbers;
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::moves::MoveError;
use crate::search::SearchStats;
use crate::span::{ParseError, Span};
use crate::{Convention, Nimber, Outcome};

/// `A_n = ⌊n·α_k⌋`, the smaller heap of the `n`-th P-position, or `None`
/// past `2^128 - 1`.
pub fn lower(k: u128, n: u128) -> Option<u128> {
    let (kb, nb) = (BigUint::from(k), BigUint::from(n));
    let root = (&nb * &nb * (&kb * &kb + 4u32)).sqrt();
    // root ≥ n·k, so this is not negative.
    let twice = root + &nb * 2u32 - &nb * &kb;
    u128::try_from(twice >> 1u32).ok()
}

/// `B_n = A_n + k·n`, the larger heap of the `n`-th P-position.
pub fn upper(k: u128, n: u128) -> Option<u128> {
    lower(k, n)?.checked_add(k.checked_mul(n)?)
}

/// The least `n` in `0..=top` with `f(n) ≥ c` (`f` increasing, `None`
/// past the range counting as large).
fn search(c: u128, top: u128, f: impl Fn(u128) -> Option<u128>) -> u128 {
    let (mut lo, mut hi) = (0u128, top);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if f(mid).is_none_or(|v| v >= c) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// The other heap of the one P-position that has a heap of `c`.
///
/// ```
/// use grundy::games::wythoff_k::partner;
/// assert_eq!(partner(2, 4), Some(10));
/// assert_eq!(partner(2, 10), Some(4));
/// assert_eq!(partner(3, 0), Some(0));
/// ```
pub fn partner(k: u128, c: u128) -> Option<u128> {
    if c == 0 {
        return Some(0);
    }
    // A_n ≥ n, so c = A_n needs n ≤ c.
    let n = search(c, c, |n| lower(k, n));
    if lower(k, n) == Some(c) {
        return upper(k, n);
    }
    let n = search(c, c, |n| upper(k, n));
    debug_assert_eq!(upper(k, n), Some(c));
    lower(k, n)
}

/// Whether `(a, b)` is a P-position (normal play).
pub fn is_p_position(k: u128, a: u128, b: u128) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    let d = hi - lo;
    d % k == 0 && lower(k, d / k) == Some(lo)
}

/// Every winning move from `(a, b)` (normal play), as the heaps it
/// leaves, ordered by the heaps taken from (first, second, both), then by
/// the numbers taken.
///
/// ```
/// use grundy::games::wythoff_k::winning_moves;
/// // k = 2: from (3, 6), to (2, 6), to (3, 1), or to (1, 3) taking 2 and 3.
/// assert_eq!(winning_moves(2, 3, 6), [(2, 6), (3, 1), (1, 3)]);
/// assert_eq!(winning_moves(2, 2, 6), []);
/// ```
pub fn winning_moves(k: u128, a: u128, b: u128) -> Vec<(u128, u128)> {
    let mut out = Vec::new();
    if let Some(p) = partner(k, b).filter(|&p| p < a) {
        out.push((p, b));
    }
    if let Some(q) = partner(k, a).filter(|&q| q < b) {
        out.push((a, q));
    }
    let d = a.abs_diff(b);
    let mut both = Vec::new();
    for n in [0, d / k, (d / k).saturating_add(1)] {
        let (Some(x), Some(y)) = (lower(k, n), upper(k, n)) else {
            continue;
        };
        for (x, y) in [(x, y), (y, x)] {
            if x < a && y < b && (a - x).abs_diff(b - y) < k {
                both.push((x, y));
            }
        }
    }
    both.sort_unstable_by_key(|&(x, y)| (a - x, b - y));
    both.dedup();
    out.extend(both);
    out
}

/// The largest table a value or a misère outcome is computed from: about
/// `(a + 1)·(b + 1)·(a + b + (2k - 1)·min(a, b))` steps.
const TABLE_WORK: u128 = 1 << 27;

/// How many moves on both heaps a position lists (besides every move on
/// one heap up to this many tokens, and the winning moves).
pub const LISTED: u128 = 1 << 16;

/// The Grundy values (or, for misère play, 1 where the mover loses and 0
/// where the mover wins) of generalised Wythoff with `k` on rows `0..rows`
/// and columns `0..cols`: `table[i][j]` is the position `(i, j)`. With
/// `k = 1` this is Wythoff's game ([`crate::games::wythoff::values`]).
///
/// Row by row: a bitset of the values so far in the row (the moves on the
/// second heap) and its least missing value, and for each cell the values
/// above it in its column (moves on the first heap) and on the `2k - 1`
/// diagonals of the moves on both, marked in a stamped array; the value is
/// the first from the row's least missing value on that neither holds.
/// O(rows · cols · (rows · (2k - 1) + 1)) steps of a few instructions.
pub(crate) fn table(
    k: u128,
    rows: usize,
    cols: usize,
    convention: Convention,
    cancel: &Cancel,
) -> Result<Vec<Vec<u32>>, Cancelled> {
    match convention {
        Convention::Normal => table_of::<false>(k, rows, cols, cancel),
        Convention::Misere => table_of::<true>(k, rows, cols, cancel),
    }
}

/// [`table`] for one convention, chosen when compiled.
fn table_of<const MISERE: bool>(
    k: u128,
    rows: usize,
    cols: usize,
    cancel: &Cancel,
) -> Result<Vec<Vec<u32>>, Cancelled> {
    // A window wider than the board reaches nothing more.
    let k = k.min((rows + cols + 1) as u128).max(1) as usize;
    // A value is at most the number of options: i + j on one heap, and at
    // most 2k - 1 on both for each number taken from the first.
    let bound = cols + rows + rows.min(cols) * (2 * k - 1) + 2;
    let mut table: Vec<Vec<u32>> = Vec::with_capacity(rows);
    let mut stamp = vec![0u64; bound];
    let mut now = 0u64;
    let mut row_bits = vec![0u64; bound.div_ceil(64)];
    let has = |bits: &[u64], v: usize| bits[v / 64] >> (v % 64) & 1 == 1;
    for i in 0..rows {
        cancel.check()?;
        row_bits.iter_mut().for_each(|w| *w = 0);
        let mut row_mex = 0usize;
        let mut row = Vec::with_capacity(cols);
        for j in 0..cols {
            now += 1;
            for above in &table {
                stamp[above[j] as usize] = now;
            }
            // `s` from the first heap and `t` from the second, |s - t| < k,
            // one diagonal at a time: `t = s + d`, then `s = t + e`.
            // The rows above are walked upwards, which saves a bounds
            // check a step.
            for d in 0..k.min(j) {
                let col = j - d;
                let n = i.min(col);
                for (s, above) in table[i - n..].iter().rev().enumerate() {
                    stamp[above[col - 1 - s] as usize] = now;
                }
            }
            for e in 1..k.min(i) {
                let row = i - e;
                let n = j.min(row);
                for (t, above) in table[row - n..row].iter().rev().enumerate() {
                    stamp[above[j - 1 - t] as usize] = now;
                }
            }
            let v = if MISERE {
                // The mover loses when there is a move and every move
                // leaves a position whose mover wins (no option is 1).
                usize::from(i + j > 0 && !has(&row_bits, 1) && stamp[1] != now)
            } else {
                let mut v = row_mex;
                while has(&row_bits, v) || stamp[v] == now {
                    v += 1;
                }
                v
            };
            row.push(v as u32);
            row_bits[v / 64] |= 1 << (v % 64);
            while has(&row_bits, row_mex) {
                row_mex += 1;
            }
        }
        table.push(row);
    }
    Ok(table)
}

/// The work a table up to `(a, b)` takes, or `None` when too large.
fn work(k: u128, a: u128, b: u128) -> Option<u128> {
    let (a1, b1) = (a.checked_add(1)?, b.checked_add(1)?);
    let per = a
        .checked_add(b)?
        .checked_add(k.min(a1.max(b1)).checked_mul(2)?.checked_mul(a.min(b))?)?;
    let w = a1.checked_mul(b1)?.checked_mul(per.checked_add(1)?)?;
    (w <= TABLE_WORK).then_some(w)
}

/// The rules of a game on two heaps whose moves are typed as the heaps
/// they leave (Wythoff's game and this one): `name`, `rules`, `syntax` and
/// `help` as [`Rules`] has them, the rest common.
pub(crate) const fn two_heap_rules(
    name: &'static str,
    rules: &'static str,
    syntax: &'static str,
    help: &'static str,
) -> Rules {
    Rules {
        name,
        rules,
        syntax,
        help,
        unit: "tokens",
        typed: "the heaps to leave",
        example: "'3,5'",
        noun: "leave",
        moves_note: "the heaps the move leaves",
    }
}

static RULES: Rules = two_heap_rules(
    "Generalised Wythoff",
    "take any number of tokens from one heap, or from both heaps with the two numbers taken differing by less than k; whoever cannot move loses",
    "Type a move as the heaps it leaves, A,B.",
    "  3,5        leave heaps of 3 and 5",
);

/// A position of generalised Wythoff: `wythoff:K:A,B`.
///
/// ```
/// use grundy::games::{Game, SolveOptions};
/// use grundy::Outcome;
///
/// let game = Game::parse("wythoff:2:4,11")?;
/// let s = game.position().unwrap().solve(&mut SolveOptions::default())?;
/// assert_eq!(s.outcome, Outcome::N);
/// assert_eq!(s.winning_moves[0].name, "4,10");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenWythoff {
    k: u128,
    a: u128,
    b: u128,
}

impl GenWythoff {
    /// Heaps of `a` and `b`, moves on both heaps differing by less than
    /// `k` (at least 1).
    ///
    /// # Panics
    /// When `k` is 0 (specs refuse it with an error).
    pub fn new(k: u128, a: u128, b: u128) -> GenWythoff {
        assert!(k >= 1, "k is at least 1");
        GenWythoff { k, a, b }
    }

    /// `k` and the two heaps.
    pub fn parts(&self) -> (u128, u128, u128) {
        (self.k, self.a, self.b)
    }

    /// `wythoff:K:A,B`.
    ///
    /// # Errors
    /// A located [`ParseError`]: K not a whole number from 1, or not two
    /// heaps.
    pub fn parse(spec: &str) -> Result<GenWythoff, GameError> {
        let start = numbers::body_start(spec);
        let colon = spec[start..].find(':').map_or(spec.len(), |c| start + c);
        let k = numbers::numbers(spec, start, colon, "k")?;
        let k = match k[..] {
            [(0, span)] => {
                return Err(ParseError::spanning(
                    span,
                    "k is at least 1 (k = 1 is Wythoff's game; a move on both heaps takes numbers differing by less than k)",
                )
                .in_text(spec)
                .into())
            }
            [(k, _)] => k,
            _ => {
                return Err(ParseError::spanning(
                    Span {
                        start,
                        end: colon.max(start + 1),
                    },
                    "expected one number k, as wythoff:2:3,5",
                )
                .in_text(spec)
                .into())
            }
        };
        let body = (colon + 1).min(spec.len());
        let (a, b) = two_heaps(
            spec,
            body,
            "generalised Wythoff has two heaps: wythoff:K:A,B",
        )?;
        Ok(GenWythoff { k, a, b })
    }

    /// The table up to this position, when small enough.
    fn table(
        &self,
        convention: Convention,
        cancel: &Cancel,
    ) -> Result<Option<Vec<Vec<u32>>>, Cancelled> {
        if work(self.k, self.a, self.b).is_none() {
            return Ok(None);
        }
        let (rows, cols) = (self.a as usize + 1, self.b as usize + 1);
        table(self.k, rows, cols, convention, cancel).map(Some)
    }

    /// Every move, as the heaps it leaves, in order: first heap, second
    /// heap, both; past [`LISTED`] of a kind, the winning ones only.
    fn listed(&self) -> Vec<(u128, u128)> {
        let (a, b, k) = (self.a, self.b, self.k);
        let mut out: Vec<(u128, u128)> = Vec::new();
        out.extend((1..=a.min(LISTED)).map(|t| (a - t, b)));
        out.extend((1..=b.min(LISTED)).map(|t| (a, b - t)));
        let mut both = 0u128;
        'outer: for s in 1..=a.min(LISTED) {
            let low = s.saturating_sub(k - 1).max(1);
            let high = s.saturating_add(k - 1).min(b);
            for t in low..=high {
                if both == LISTED {
                    break 'outer;
                }
                out.push((a - s, b - t));
                both += 1;
            }
        }
        let listed = out.len();
        // Misère play is refused past its table, so only the normal-play
        // winning moves can be missing.
        for w in winning_moves(k, a, b) {
            if !out[..listed].contains(&w) && !out[listed..].contains(&w) {
                out.push(w);
            }
        }
        out
    }

    fn named(&self, (x, y): (u128, u128)) -> Move {
        Move {
            name: format!("{x},{y}"),
            data: vec![
                ("heaps", Datum::List(vec![datum(x), datum(y)])),
                (
                    "take",
                    Datum::List(vec![datum(self.a - x), datum(self.b - y)]),
                ),
            ],
        }
    }

    /// Misère winning moves, from the table (empty when too large).
    fn misere_wins(&self, cancel: &Cancel) -> Result<Option<Vec<(u128, u128)>>, Cancelled> {
        let Some(t) = self.table(Convention::Misere, cancel)? else {
            return Ok(None);
        };
        let all = self.listed();
        Ok(Some(
            all.into_iter()
                .filter(|&(x, y)| t[x as usize][y as usize] == 1)
                .collect(),
        ))
    }
}

/// The two heaps `A,B` from byte `at` of `spec` to its end; `what` says
/// what the game has when there are not two: `Wythoff's game has two
/// heaps: wythoff:A,B`.
///
/// # Errors
/// A located [`ParseError`]: not two whole numbers below `2^128`.
pub(crate) fn two_heaps(spec: &str, at: usize, what: &str) -> Result<(u128, u128), GameError> {
    let heaps = numbers::numbers(spec, at, spec.len(), "a heap")?;
    match heaps[..] {
        [(a, _), (b, _)] => Ok((a, b)),
        _ => {
            let span = Span {
                start: at,
                end: spec.len().max(at + 1),
            };
            let message = format!("{what}, got {}", heaps.len());
            Err(ParseError::spanning(span, message).in_text(spec).into())
        }
    }
}

/// The two heaps a typed move leaves, `X,Y` (or `X Y`), from `(a, b)`.
///
/// # Errors
/// [`MoveError::Illegal`] when the text is not two whole numbers.
pub(crate) fn typed_heaps(text: &str, a: u128, b: u128) -> Result<(u128, u128), MoveError> {
    let typed = text.trim().replace(' ', ",");
    let heaps: Option<Vec<u128>> = typed
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|p| p.parse().ok())
        .collect();
    match heaps.as_deref() {
        Some(&[x, y]) => Ok((x, y)),
        _ => Err(MoveError::Illegal(format!(
            "expected the two heaps to leave, as A,B (now {a},{b}), or hint/undo/help/quit"
        ))),
    }
}

/// The two heaps drawn one a line, each as a row of tokens when short.
pub(crate) fn draw_heaps(a: u128, b: u128) -> String {
    let row = |n: u128| {
        if (1..=40).contains(&n) {
            format!("{n:>3} {}", "o".repeat(n as usize))
        } else {
            format!("{n:>3}")
        }
    };
    format!("heap 1: {}\nheap 2: {}\n", row(a), row(b))
}

/// A heap as a datum: a number, or text past `i64`.
pub(crate) fn datum(n: u128) -> Datum {
    i64::try_from(n).map_or_else(|_| Datum::Text(n.to_string()), Datum::Int)
}

impl fmt::Display for GenWythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wythoff:{}", self.label())
    }
}

impl Position for GenWythoff {
    fn rules(&self) -> &'static Rules {
        &RULES
    }

    fn note(&self) -> Option<String> {
        let kind = if is_p_position(self.k, self.a, self.b) {
            "a pair of Fraenkel's formula"
        } else {
            "two heaps"
        };
        Some(format!(
            "{kind}; a move on both heaps takes numbers differing by less than {}",
            self.k
        ))
    }

    fn size(&self) -> u64 {
        u64::try_from(self.a.saturating_add(self.b)).unwrap_or(u64::MAX)
    }

    fn refuses(&self, convention: Convention) -> Option<String> {
        (convention == Convention::Misere && work(self.k, self.a, self.b).is_none()).then(|| {
            format!(
                "misère generalised Wythoff has no formula and is searched over every smaller position: {},{} is past that table's bound of {TABLE_WORK} steps",
                self.a, self.b
            )
        })
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        self.listed()
            .into_iter()
            .map(|m| {
                let after = GenWythoff {
                    a: m.0,
                    b: m.1,
                    ..*self
                };
                (self.named(m), Box::new(after) as Box<dyn Position>)
            })
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let fresh = Cancel::new();
        let cancel = options.cancel.unwrap_or(&fresh);
        let (value, lost, mut wins) = match options.convention {
            Convention::Normal => {
                let value = if options.search.outcome_only {
                    None
                } else {
                    self.table(Convention::Normal, cancel)?
                        .map(|t| Nimber(u64::from(t[self.a as usize][self.b as usize])))
                };
                (
                    value,
                    is_p_position(self.k, self.a, self.b),
                    winning_moves(self.k, self.a, self.b),
                )
            }
            Convention::Misere => {
                let Some(t) = self.table(Convention::Misere, cancel)? else {
                    return Err(Cancelled);
                };
                let wins = self.misere_wins(cancel)?.unwrap_or_default();
                (None, t[self.a as usize][self.b as usize] == 1, wins)
            }
        };
        if options.search.outcome_only {
            wins.truncate(1);
        }
        if !options.search.winning_moves {
            wins.clear();
        }
        Ok(Solution {
            value,
            outcome: Outcome::from_first_player_wins(!lost),
            winning_moves: wins.into_iter().map(|m| self.named(m)).collect(),
            stats: SearchStats::default(),
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let (x, y) = typed_heaps(text, self.a, self.b)?;
        let legal = (x < self.a && y == self.b)
            || (x == self.a && y < self.b)
            || (x < self.a && y < self.b && (self.a - x).abs_diff(self.b - y) < self.k);
        if !legal {
            return Err(MoveError::Illegal(format!(
                "{x},{y} is not one move from {},{}: take from one heap, or from both with the numbers taken differing by less than {}",
                self.a, self.b, self.k
            )));
        }
        self.listed()
            .iter()
            .position(|&m| m == (x, y))
            .ok_or_else(|| {
                MoveError::Illegal(format!(
                    "a position this large lists only the moves that take at most {LISTED} tokens, and the winning ones"
                ))
            })
    }

    fn draw(&self) -> String {
        format!("{}(k = {})\n", draw_heaps(self.a, self.b), self.k)
    }

    fn label(&self) -> String {
        format!("{}:{},{}", self.k, self.a, self.b)
    }

    fn drawing(&self) -> Datum {
        Datum::Map(vec![
            ("kind", Datum::Text("wythoff".into())),
            ("k", datum(self.k)),
            ("heaps", Datum::List(vec![datum(self.a), datum(self.b)])),
        ])
    }

    /// A winning move when there is one; otherwise one token from the
    /// larger heap.
    fn engine_move(&self, options: &mut SolveOptions<'_>) -> Result<Option<usize>, Cancelled> {
        if self.a == 0 && self.b == 0 {
            return Ok(None);
        }
        let moves = self.moves();
        let solution = self.solve(options)?;
        let chosen = match solution.winning_moves.first() {
            Some(w) => w.name.clone(),
            None if self.a >= self.b => format!("{},{}", self.a - 1, self.b),
            None => format!("{},{}", self.a, self.b - 1),
        };
        Ok(moves.iter().position(|(m, _)| m.name == chosen))
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(*self)
    }
}

#[cfg(test)]
mod tests {
    use grundy_testkit::Plain;

    use super::*;

    /// The options of `(i, j)`, written from the rules alone: take any
    /// number from one heap, or `s` and `t` from both with `|s - t| < k`.
    fn options(k: usize, (i, j): (usize, usize)) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = (1..=i).map(|t| (i - t, j)).collect();
        out.extend((1..=j).map(|t| (i, j - t)));
        for s in 1..=i {
            for t in 1..=j {
                if s.abs_diff(t) < k {
                    out.push((i - s, j - t));
                }
            }
        }
        out
    }

    /// Outcomes by the test kit's exhaustive search on those rules:
    /// `p[i][j]` when the mover loses (normal or misère play).
    fn brute(k: usize, n: usize, misere: bool) -> Vec<Vec<bool>> {
        let moves = |&pos: &(usize, usize)| options(k, pos);
        let mut plain = if misere {
            Plain::misere(moves)
        } else {
            Plain::normal(moves)
        };
        (0..n)
            .map(|i| (0..n).map(|j| !plain.mover_wins(&(i, j))).collect())
            .collect()
    }

    #[test]
    fn formula_matches_the_mex_construction() {
        // Fraenkel's definition: A_n the least number in no earlier pair,
        // B_n = A_n + k·n.
        for k in 1..=7u128 {
            let mut used = vec![false; 200_000];
            let mut a = 0usize;
            for n in 0..20_000u128 {
                while used[a] {
                    a += 1;
                }
                let b = a + (k * n) as usize;
                used[a] = true;
                used[b] = true;
                assert_eq!(lower(k, n), Some(a as u128), "k = {k}, n = {n}");
                assert_eq!(partner(k, a as u128), Some(b as u128));
                assert_eq!(partner(k, b as u128), Some(a as u128));
            }
        }
    }

    #[test]
    fn outcomes_values_and_moves_match_exhaustive_search() {
        let n = 40;
        for k in 1..=5usize {
            let p = brute(k, n, false);
            let mp = brute(k, n, true);
            for a in 0..n {
                for b in 0..n {
                    let g = GenWythoff::new(k as u128, a as u128, b as u128);
                    assert_eq!(
                        is_p_position(k as u128, a as u128, b as u128),
                        p[a][b],
                        "{g}"
                    );
                    let normal = g.solve(&mut SolveOptions::default()).unwrap();
                    assert_eq!(normal.value.unwrap().is_zero(), p[a][b], "{g}");
                    let wins: Vec<String> = g
                        .moves()
                        .into_iter()
                        .filter(|(m, _)| {
                            let (x, y) = m.name.split_once(',').unwrap();
                            p[x.parse::<usize>().unwrap()][y.parse::<usize>().unwrap()]
                        })
                        .map(|(m, _)| m.name)
                        .collect();
                    let mut found: Vec<String> = normal
                        .winning_moves
                        .iter()
                        .map(|m| m.name.clone())
                        .collect();
                    let mut expected = wins.clone();
                    found.sort();
                    expected.sort();
                    assert_eq!(found, expected, "{g}");
                    let m = g
                        .solve(&mut SolveOptions::default().convention(Convention::Misere))
                        .unwrap();
                    assert_eq!(m.outcome.first_player_wins(), !mp[a][b], "misère {g}");
                }
            }
        }
    }

    #[test]
    fn tables_match_the_definition() {
        // Values by the definition (the test kit's mex over the options)
        // and misère outcomes by its exhaustive search, on tables wider
        // than tall and taller than wide.
        for k in 1..=4usize {
            let mut plain = Plain::normal(|&pos: &(usize, usize)| options(k, pos));
            let p = brute(k, 25, true);
            for (rows, cols) in [(25, 25), (7, 25), (25, 7)] {
                let g: Vec<Vec<u32>> = (0..rows)
                    .map(|i| (0..cols).map(|j| plain.value(&(i, j)) as u32).collect())
                    .collect();
                let cancel = Cancel::new();
                let t = table(k as u128, rows, cols, Convention::Normal, &cancel).unwrap();
                assert_eq!(t, g, "k = {k}, {rows}x{cols}");
                let m = table(k as u128, rows, cols, Convention::Misere, &cancel).unwrap();
                for (i, row) in m.iter().enumerate() {
                    for (j, &lost) in row.iter().enumerate() {
                        assert_eq!(lost == 1, p[i][j], "misère k = {k}, {i},{j}");
                    }
                }
            }
        }
    }

    #[test]
    fn large_positions_have_exact_outcomes_and_winning_moves() {
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for k in [2u128, 3, 10, 1000] {
            for _ in 0..60 {
                x = x.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(1);
                let (a, b) = (x >> 70, (x >> 3) & ((1 << 60) - 1));
                let wins = winning_moves(k, a, b);
                assert_eq!(wins.is_empty(), is_p_position(k, a, b), "{k}:{a},{b}");
                for (p, q) in wins {
                    assert!(is_p_position(k, p, q), "{k}: {a},{b} -> {p},{q}");
                }
            }
        }
    }

    #[test]
    fn specs_parse_and_errors_are_located() {
        let g = GenWythoff::parse("wythoff: 2 : 3 , 5").unwrap();
        assert_eq!(g.to_string(), "wythoff:2:3,5");
        let e = GenWythoff::parse("wythoff:0:3,5").unwrap_err();
        assert!(e.to_string().contains("at least 1"), "{e}");
        let e = GenWythoff::parse("wythoff:2:3").unwrap_err();
        assert!(e.to_string().contains("two heaps"), "{e}");
        let e = GenWythoff::parse("wythoff:x:3,5").unwrap_err();
        assert_eq!(
            e.spec_error().unwrap().span(),
            Some(Span { start: 8, end: 9 })
        );
        assert!(GenWythoff::new(2, 1 << 100, 5)
            .refuses(Convention::Misere)
            .is_some());
    }
}
