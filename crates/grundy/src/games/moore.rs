//! Moore's Nim (Nim_k): heaps of tokens; a move takes tokens from at least
//! one and at most `k` heaps, any number from each. `k = 1` is Nim.
//!
//! Moore (1910): under normal play the player to move loses exactly when,
//! in every binary place, the number of heaps with a 1 there is a multiple
//! of `k + 1`. Under misère play the same holds while some heap has 2 or
//! more tokens; when every heap has 0 or 1, the player to move loses
//! exactly when the number of 1-heaps is 1 more than a multiple of `k + 1`
//! (both checked against exhaustive search in the tests).
//!
//! Every winning move is found by a search over binary places, from the
//! highest: each heap either still equals its size so far (it may yet be
//! left alone) or is already smaller (it is one of the at most `k` heaps
//! taken from, and its lower digits are free); the digits of a place are
//! chosen so that its count is right. Each winning move is found once, and
//! no move that loses is built whole.
//!
//! ```
//! use grundy::games::moore::{is_p_position, winning_moves};
//! use grundy::Convention;
//!
//! // k = 2: in each binary place the count must be 0 or 3.
//! assert!(is_p_position(2, &[1, 2, 3, 3]));
//! assert!(!is_p_position(2, &[1, 2, 3]));
//! // From 1, 2, 3 (k = 2) every winning move leaves counts of 0 or 3.
//! let wins = winning_moves(2, &[1, 2, 3], Convention::Normal, usize::MAX).unwrap();
//! assert!(!wins.is_empty());
//! for m in &wins {
//!     let mut after = vec![1u128, 2, 3];
//!     for &(h, to) in m {
//!         after[h] = to;
//!     }
//!     assert!(is_p_position(2, &after));
//! }
//! ```

use std::fmt;

use crate::cancel::Cancelled;
use crate::games::error::GameError;
use crate::games::numbers;
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::moves::MoveError;
use crate::search::SearchStats;
use crate::span::{ParseError, Span};
use crate::{Convention, Outcome};

/// The most heaps in a position.
pub const MAX_HEAPS: usize = 64;

/// A move: the heaps taken from (by index, increasing) and what each is
/// left with.
pub type MooreMove = Vec<(usize, u128)>;

/// How many bits the heaps need.
fn bits(heaps: &[u128]) -> u32 {
    128 - heaps.iter().fold(0, |a, &h| a | h).leading_zeros()
}

/// Whether `heaps` is a P-position of Moore's Nim_k (normal play).
pub fn is_p_position(k: usize, heaps: &[u128]) -> bool {
    (0..bits(heaps)).all(|b| heaps.iter().filter(|&&h| h >> b & 1 == 1).count() % (k + 1) == 0)
}

/// Whether `heaps` is a P-position of misère Nim_k.
pub fn is_misere_p_position(k: usize, heaps: &[u128]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % (k + 1) == 1
    } else {
        is_p_position(k, heaps)
    }
}

/// The search of winning moves: the targets whose places' counts `ok`
/// allows, at most `limit` of them.
struct Targets<'a> {
    k: usize,
    heaps: &'a [u128],
    ok: &'a dyn Fn(u32, usize) -> bool,
    limit: usize,
    found: Vec<MooreMove>,
    now: Vec<u128>,
    loose: Vec<bool>,
}

impl Targets<'_> {
    /// Places `b` and below, with `loose` heaps already smaller.
    fn place(&mut self, b: i32, loose: usize) -> bool {
        if self.found.len() >= self.limit {
            return false;
        }
        if b < 0 {
            if loose > 0 {
                let m = (0..self.heaps.len())
                    .filter(|&i| self.loose[i])
                    .map(|i| (i, self.now[i]))
                    .collect();
                self.found.push(m);
            }
            return true;
        }
        let b32 = b as u32;
        // The heaps whose digit here may be 1 or 0 at will (loose ones),
        // and the tight ones with a 1 here, which may drop to 0.
        let free: Vec<usize> = (0..self.heaps.len()).filter(|&i| self.loose[i]).collect();
        let ones: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| !self.loose[i] && self.heaps[i] >> b32 & 1 == 1)
            .collect();
        let room = self.k - loose;
        // This place and those below it.
        let low = if b32 == 127 {
            u128::MAX
        } else {
            (1u128 << (b32 + 1)) - 1
        };
        // Choose which free heaps get a 1, and which tight ones drop.
        for set_count in 0..=free.len() {
            for drop_count in 0..=room.min(ones.len()) {
                let count = set_count + ones.len() - drop_count;
                if !(self.ok)(b32, count) {
                    continue;
                }
                for set in subsets(free.len(), set_count) {
                    for dropped in subsets(ones.len(), drop_count) {
                        for &j in &set {
                            self.now[free[j]] |= 1 << b32;
                        }
                        // A heap that drops has a 0 here and its lower
                        // places free (chosen below, from 0).
                        for &d in &dropped {
                            self.loose[ones[d]] = true;
                            self.now[ones[d]] &= !low;
                        }
                        let go_on = self.place(b - 1, loose + dropped.len());
                        for &d in &dropped {
                            let i = ones[d];
                            self.loose[i] = false;
                            self.now[i] = (self.now[i] & !low) | (self.heaps[i] & low);
                        }
                        for &j in &set {
                            self.now[free[j]] &= !(1u128 << b32);
                        }
                        if !go_on {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }
}

/// Every `r`-subset of `0..n`, each increasing, in lexicographic order.
fn subsets(n: usize, r: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut chosen: Vec<usize> = (0..r).collect();
    if r > n {
        return out;
    }
    loop {
        out.push(chosen.clone());
        // The rightmost place that can still move up.
        let Some(i) = (0..r).rev().find(|&i| chosen[i] < n - r + i) else {
            return out;
        };
        chosen[i] += 1;
        for j in i + 1..r {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

/// Every move that leaves a position `ok` allows, sorted; `None` past
/// `limit` of them.
fn targets(
    k: usize,
    heaps: &[u128],
    top: u32,
    ok: &dyn Fn(u32, usize) -> bool,
    limit: usize,
) -> Option<Vec<MooreMove>> {
    let mut t = Targets {
        k,
        heaps,
        ok,
        limit: limit.saturating_add(1),
        found: Vec::new(),
        // Tight heaps hold their own digits; a heap's lower digits are
        // cleared when it drops below its size.
        now: heaps.to_vec(),
        loose: vec![false; heaps.len()],
    };
    t.place(top as i32 - 1, 0);
    if t.found.len() > limit {
        return None;
    }
    t.found.sort();
    Some(t.found)
}

/// Every winning move of Nim_k from `heaps` under `convention`, sorted
/// (by the heaps taken from, then what is left), or `None` when there are
/// more than `limit`.
///
/// ```
/// use grundy::games::moore::winning_moves;
/// use grundy::Convention;
/// // Nim (k = 1) from 3, 5, 7: reduce any heap by the nim-sum 1's top bit.
/// let wins = winning_moves(1, &[3, 5, 7], Convention::Normal, 100).unwrap();
/// assert_eq!(wins, [vec![(0, 2)], vec![(1, 4)], vec![(2, 6)]]);
/// ```
pub fn winning_moves(
    k: usize,
    heaps: &[u128],
    convention: Convention,
    limit: usize,
) -> Option<Vec<MooreMove>> {
    let top = bits(heaps);
    let modulus = k + 1;
    let normal = |_: u32, c: usize| c.is_multiple_of(modulus);
    let mut wins = targets(k, heaps, top, &normal, limit)?;
    if convention == Convention::Misere {
        // Targets with a heap of 2 or more follow normal play ...
        wins.retain(|m| {
            let mut after = heaps.to_vec();
            m.iter().for_each(|&(i, to)| after[i] = to);
            after.iter().any(|&h| h >= 2)
        });
        // ... and those of 0s and 1s need a count of 1 more than a
        // multiple of k + 1.
        let small = |b: u32, c: usize| if b == 0 { c % modulus == 1 } else { c == 0 };
        wins.extend(targets(k, heaps, top, &small, limit)?);
        wins.sort();
        if wins.len() > limit {
            return None;
        }
    }
    Some(wins)
}

/// The most winning moves [`MoorePosition::solve`] lists.
pub const MAX_LISTED: usize = 1 << 16;

static RULES: Rules = Rules {
    name: "Moore's Nim",
    rules: "take tokens from at least one and at most k heaps, any number from each; whoever cannot move loses",
    syntax: "Type a move as the heaps it leaves, A,B,C,... (at most k of them smaller).",
    help: "  1,0,3      leave heaps of 1, 0 and 3 (at most k heaps made smaller)",
    unit: "tokens",
    typed: "the heaps to leave",
    example: "'1,0,3'",
    noun: "leave",
    moves_note: "the heaps the move leaves",
};

/// A position of Moore's Nim: `moore:K:H1,H2,...`.
///
/// ```
/// use grundy::games::{Game, SolveOptions};
/// use grundy::Outcome;
///
/// let game = Game::parse("moore:2:1,2,3,3")?;
/// let s = game.position().unwrap().solve(&mut SolveOptions::default())?;
/// assert_eq!(s.outcome, Outcome::P);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoorePosition {
    k: usize,
    heaps: Vec<u128>,
}

impl MoorePosition {
    /// `moore:K:H1,H2,...`, `K` at least 1, at most [`MAX_HEAPS`] heaps.
    ///
    /// # Errors
    /// A located [`ParseError`].
    pub fn parse(spec: &str) -> Result<MoorePosition, GameError> {
        let start = numbers::body_start(spec);
        let Some(colon) = spec[start..].find(':').map(|c| start + c) else {
            let span = Span {
                start,
                end: spec.len().max(start + 1),
            };
            return Err(ParseError::spanning(
                span,
                "expected moore:K:H1,H2,... (take from up to K heaps at once)",
            )
            .in_text(spec)
            .into());
        };
        let k = numbers::numbers(spec, start, colon, "K")?;
        let (k, span) = match k[..] {
            [(k, span)] => (k, span),
            _ => unreachable!("one number before the colon"),
        };
        if k == 0 || k > 1 << 32 {
            return Err(ParseError::spanning(span, "K is from 1 (Nim) to 2^32")
                .in_text(spec)
                .into());
        }
        let heaps: Vec<u128> = numbers::numbers(spec, colon + 1, spec.len(), "a heap")?
            .into_iter()
            .map(|(h, _)| h)
            .collect();
        if heaps.len() > MAX_HEAPS {
            let span = Span {
                start: colon + 1,
                end: spec.len(),
            };
            return Err(
                ParseError::spanning(span, format!("at most {MAX_HEAPS} heaps"))
                    .in_text(spec)
                    .into(),
            );
        }
        Ok(MoorePosition {
            k: k as usize,
            heaps,
        })
    }

    fn after(&self, m: &[(usize, u128)]) -> MoorePosition {
        let mut heaps = self.heaps.clone();
        m.iter().for_each(|&(i, to)| heaps[i] = to);
        MoorePosition { k: self.k, heaps }
    }

    fn heaps_text(heaps: &[u128]) -> String {
        let t: Vec<String> = heaps.iter().map(u128::to_string).collect();
        t.join(",")
    }

    fn named(&self, m: &[(usize, u128)]) -> Move {
        let after = self.after(m);
        Move {
            name: MoorePosition::heaps_text(&after.heaps),
            data: vec![(
                "heaps",
                Datum::List(
                    after
                        .heaps
                        .iter()
                        .map(|&h| {
                            i64::try_from(h).map_or_else(|_| Datum::Text(h.to_string()), Datum::Int)
                        })
                        .collect(),
                ),
            )],
        }
    }

    /// Every move, sorted as [`winning_moves`] sorts, when there are at
    /// most [`MAX_LISTED`]; otherwise the winning ones and those that take
    /// one token from one heap.
    fn listed(&self, convention: Convention) -> Vec<MooreMove> {
        let any = |_: u32, _: usize| true;
        if let Some(all) = targets(self.k, &self.heaps, bits(&self.heaps), &any, MAX_LISTED) {
            return all;
        }
        let mut out =
            winning_moves(self.k, &self.heaps, convention, MAX_LISTED).unwrap_or_default();
        out.extend(
            (0..self.heaps.len())
                .filter(|&i| self.heaps[i] > 0)
                .map(|i| vec![(i, self.heaps[i] - 1)]),
        );
        out.sort();
        out.dedup();
        out
    }
}

impl fmt::Display for MoorePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "moore:{}:{}",
            self.k,
            MoorePosition::heaps_text(&self.heaps)
        )
    }
}

impl Position for MoorePosition {
    fn rules(&self) -> &'static Rules {
        &RULES
    }

    fn note(&self) -> Option<String> {
        Some(format!(
            "{} heaps, take from up to {} at once",
            self.heaps.len(),
            self.k
        ))
    }

    fn size(&self) -> u64 {
        let total = self.heaps.iter().fold(0u128, |a, &h| a.saturating_add(h));
        u64::try_from(total).unwrap_or(u64::MAX)
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        self.listed(Convention::Normal)
            .iter()
            .map(|m| (self.named(m), Box::new(self.after(m)) as Box<dyn Position>))
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let p = match options.convention {
            Convention::Normal => is_p_position(self.k, &self.heaps),
            Convention::Misere => is_misere_p_position(self.k, &self.heaps),
        };
        let limit = if options.search.outcome_only {
            1
        } else {
            MAX_LISTED
        };
        let mut wins = if options.search.winning_moves {
            winning_moves(self.k, &self.heaps, options.convention, limit).unwrap_or_else(|| {
                // More than the limit: the first of them.
                winning_moves(self.k, &self.heaps, options.convention, usize::MAX)
                    .unwrap_or_default()
                    .into_iter()
                    .take(limit)
                    .collect()
            })
        } else {
            Vec::new()
        };
        wins.truncate(limit);
        // Values are not known beyond Nim: Nim_1 is Nim, its value the nim-sum.
        let value = (self.k == 1
            && options.convention == Convention::Normal
            && !options.search.outcome_only
            && self.heaps.iter().all(|&h| h <= u128::from(u64::MAX)))
        .then(|| crate::Nimber(self.heaps.iter().fold(0, |a, &h| a ^ h as u64)));
        Ok(Solution {
            value,
            outcome: Outcome::from_first_player_wins(!p),
            winning_moves: wins.iter().map(|m| self.named(m)).collect(),
            stats: SearchStats::default(),
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let typed = text.trim().replace(' ', ",");
        let left: Option<Vec<u128>> = typed
            .split(',')
            .filter(|p| !p.is_empty())
            .map(|p| p.parse().ok())
            .collect();
        let Some(left) = left.filter(|l| l.len() == self.heaps.len()) else {
            return Err(MoveError::Illegal(format!(
                "expected the {} heaps to leave, as {} now, or hint/undo/help/quit",
                self.heaps.len(),
                MoorePosition::heaps_text(&self.heaps)
            )));
        };
        if let Some(i) = (0..left.len()).find(|&i| left[i] > self.heaps[i]) {
            return Err(MoveError::Illegal(format!(
                "heap {} has {} tokens: a move cannot add any",
                i + 1,
                self.heaps[i]
            )));
        }
        let m: MooreMove = (0..left.len())
            .filter(|&i| left[i] < self.heaps[i])
            .map(|i| (i, left[i]))
            .collect();
        if m.is_empty() {
            return Err(MoveError::Illegal("a move takes at least one token".into()));
        }
        if m.len() > self.k {
            return Err(MoveError::Illegal(format!(
                "that takes from {} heaps; a move takes from at most {}",
                m.len(),
                self.k
            )));
        }
        self.listed(Convention::Normal)
            .iter()
            .position(|l| *l == m)
            .ok_or_else(|| {
                MoveError::Illegal(format!(
                    "a position with more than {MAX_LISTED} moves lists only the winning ones and those that take one token"
                ))
            })
    }

    fn draw(&self) -> String {
        let mut out = format!("take from up to {} heaps at once\n", self.k);
        for (i, &h) in self.heaps.iter().enumerate() {
            if (1..=40).contains(&h) {
                out.push_str(&format!(
                    "heap {}: {h:>3} {}\n",
                    i + 1,
                    "o".repeat(h as usize)
                ));
            } else {
                out.push_str(&format!("heap {}: {h:>3}\n", i + 1));
            }
        }
        out
    }

    fn label(&self) -> String {
        format!("{}:{}", self.k, MoorePosition::heaps_text(&self.heaps))
    }

    fn drawing(&self) -> Datum {
        Datum::Map(vec![
            ("kind", Datum::Text("moore".into())),
            ("k", Datum::Int(self.k as i64)),
            (
                "heaps",
                Datum::List(
                    self.heaps
                        .iter()
                        .map(|&h| {
                            i64::try_from(h).map_or_else(|_| Datum::Text(h.to_string()), Datum::Int)
                        })
                        .collect(),
                ),
            ),
        ])
    }

    /// A winning move when there is one; otherwise, playing for time, one
    /// token from the largest heap.
    fn engine_move(&self, options: &mut SolveOptions<'_>) -> Result<Option<usize>, Cancelled> {
        let listed = self.listed(options.convention);
        if listed.is_empty() {
            return Ok(None);
        }
        let wins = winning_moves(self.k, &self.heaps, options.convention, 1).unwrap_or_default();
        let chosen = match wins.first() {
            Some(w) => w.clone(),
            None => {
                let i = (0..self.heaps.len())
                    .max_by_key(|&i| self.heaps[i])
                    .unwrap_or(0);
                vec![(i, self.heaps[i] - 1)]
            }
        };
        Ok(listed.iter().position(|m| *m == chosen))
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_testkit::heaps::moore_moves;
    use grundy_testkit::Plain;

    /// Every move, from the test kit's rules of Nim_k.
    fn all_moves(k: usize, heaps: &[u128]) -> Vec<Vec<u128>> {
        let small: Vec<u64> = heaps.iter().map(|&h| h as u64).collect();
        moore_moves(k, &small)
            .into_iter()
            .map(|m| m.into_iter().map(u128::from).collect())
            .collect()
    }

    /// The test kit's search of whole positions of Nim_k.
    fn search(k: usize, misere: bool) -> Plain<Vec<u128>, impl Fn(&Vec<u128>) -> Vec<Vec<u128>>> {
        let moves = move |h: &Vec<u128>| all_moves(k, h);
        if misere {
            Plain::misere(moves)
        } else {
            Plain::normal(moves)
        }
    }

    #[test]
    fn outcomes_and_every_winning_move_match_exhaustive_search() {
        for k in 1..=3 {
            for misere in [false, true] {
                let convention = if misere {
                    Convention::Misere
                } else {
                    Convention::Normal
                };
                let mut search = search(k, misere);
                for code in 0..5u32.pow(4) {
                    let heaps: Vec<u128> =
                        (0..4).map(|i| u128::from(code / 5u32.pow(i) % 5)).collect();
                    let p = if misere {
                        is_misere_p_position(k, &heaps)
                    } else {
                        is_p_position(k, &heaps)
                    };
                    assert_eq!(
                        !p,
                        search.mover_wins(&heaps),
                        "k={k} {heaps:?} misère {misere}"
                    );
                    let mut expected: Vec<Vec<u128>> = search.winning_moves(&heaps);
                    expected.sort();
                    let mut found: Vec<Vec<u128>> =
                        winning_moves(k, &heaps, convention, usize::MAX)
                            .unwrap()
                            .iter()
                            .map(|m| {
                                let mut a = heaps.clone();
                                m.iter().for_each(|&(i, to)| a[i] = to);
                                a
                            })
                            .collect();
                    found.sort();
                    assert_eq!(found, expected, "k={k} {heaps:?} misère {misere}");
                }
            }
        }
    }

    #[test]
    fn every_move_is_listed_for_small_positions() {
        let p = MoorePosition::parse("moore:2:3,0,2,4").unwrap();
        let mut listed: Vec<Vec<u128>> = p
            .listed(Convention::Normal)
            .iter()
            .map(|m| p.after(m).heaps)
            .collect();
        listed.sort();
        let mut all = all_moves(2, &p.heaps);
        all.sort();
        assert_eq!(listed, all);
        let i = p.parse_move("3, 0, 1, 1").unwrap();
        assert_eq!(p.moves()[i].0.name, "3,0,1,1");
        assert!(p.parse_move("2,0,1,1").is_err(), "three heaps");
        assert!(p.parse_move("3,1,2,4").is_err(), "adds a token");
    }

    #[test]
    fn huge_heaps_have_exact_outcomes() {
        let big = 1u128 << 100;
        let p = MoorePosition::parse(&format!("moore:2:{big},{big},{big},5")).unwrap();
        let s = p.solve(&mut SolveOptions::default()).unwrap();
        assert_eq!(s.outcome, Outcome::N);
        for m in &s.winning_moves {
            let heaps: Vec<u128> = m.name.split(',').map(|h| h.parse().unwrap()).collect();
            assert!(is_p_position(2, &heaps), "{}", m.name);
        }
        assert!(!s.winning_moves.is_empty());
        let e = MoorePosition::parse("moore:0:1,2").unwrap_err();
        assert_eq!(
            e.spec_error().unwrap().span(),
            Some(Span { start: 6, end: 7 })
        );
    }

    #[test]
    fn values_and_genus_come_from_the_moves() {
        let mut search = search(2, false);
        for heaps in [[1u128, 2, 3], [2, 2, 3], [3, 3, 0], [1, 1, 1]] {
            let p = MoorePosition {
                k: 2,
                heaps: heaps.to_vec(),
            };
            let v = crate::games::position::normal_value(&p, &mut SolveOptions::default()).unwrap();
            assert_eq!(v.0, search.value(&heaps.to_vec()), "{heaps:?}");
            let genus = p.genus(&mut SolveOptions::default()).unwrap();
            assert!(genus.to_string().starts_with(&v.0.to_string()), "{genus}");
        }
    }
}
