//! Coin-turning games: a row of coins, each heads (`H`) or tails (`T`); a
//! move turns over some coins, as the rule allows, the rightmost of them
//! going from heads to tails. Whoever cannot move loses.
//!
//! Every such game (Winning Ways, ch. 14) is a sum over its heads: a row
//! is worth the nim-sum of what a single head is worth in each place,
//! since turning a coin over adds or removes the same single-head game.
//! Coins are numbered from 1 at the left; a single head on coin `n` is
//! worth:
//!
//! | rule | a move turns over | single head on coin `n` |
//! |---|---|---|
//! | `turtles` | one or two coins | `n` (Nim) |
//! | `twins` | exactly two coins | `n - 1` |
//! | `mock` | one, two or three coins | the `n`-th odious number (1, 2, 4, 7, 8, 11, ...: an odd number of 1 bits) |
//! | `ruler` | any run of consecutive coins | the ruler function: the largest power of 2 dividing `n` |
//!
//! The tests check each column against an exhaustive search of whole rows.
//!
//! ```
//! use grundy::games::{Game, SolveOptions};
//! use grundy::{Nimber, Outcome};
//!
//! // Mock Turtles, heads on coins 2 and 4: 2 + 7 = *5.
//! let game = Game::parse("coins:mock:THTH")?;
//! let s = game.position().unwrap().solve(&mut SolveOptions::default())?;
//! assert_eq!(s.value, Some(Nimber(5)));
//! assert_eq!(s.outcome, Outcome::N);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::games::error::GameError;
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::games::turning::{RuleTable, TurningRule};
use crate::moves::MoveError;
use crate::search::SearchStats;
use crate::span::{ParseError, Span};
use crate::{Convention, Nimber, Outcome};

/// The most coins in a row.
pub const MAX_COINS: usize = 64;

/// The named rules live with the turning codes; they are named here too.
pub use crate::games::turning::CoinRule;

/// A row of coins under a rule: the game for the search (misère play).
#[derive(Clone, Copy, Debug)]
struct CoinGame<'a>(&'a RuleTable);

impl ImpartialGame for CoinGame<'_> {
    /// Bit `i` set while coin `i + 1` shows heads.
    type Position = u64;

    fn moves(&self, &pos: &u64, out: &mut Vec<u64>) {
        for x in (0..self.0.len()).filter(|&x| pos >> x & 1 == 1) {
            out.extend(self.0.masks_at(x).iter().map(|m| pos ^ m));
        }
    }
}

static RULES: Rules = Rules {
    name: "Coins",
    rules: "turn over coins as the rule allows, the rightmost of them from heads to tails; whoever cannot move loses",
    syntax: "Type a move as the numbers of the coins to turn over (from 1 at the left), as 2+5; the rightmost must show heads.",
    help: "  2+5        turn over coins 2 and 5 (numbered from 1 at the left; coin 5 shows heads)",
    unit: "coins",
    typed: "coins",
    example: "'2+5'",
    noun: "turn",
    moves_note: "turn over these coins, the rightmost from heads to tails",
};

/// A row of coins under a rule: `coins:RULE:ROW`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinRow {
    /// The rule, when it is a named one.
    named: Option<CoinRule>,
    /// The rule's moves and single-head values on this row's length.
    table: Arc<RuleTable>,
    len: usize,
    /// Bit `i` set while coin `i + 1` shows heads.
    heads: u64,
}

impl CoinRow {
    /// `coins:RULE:ROW` under a named rule ([`CoinRule`]), ROW a string
    /// of `H` and `T` (any case), leftmost coin first, at most
    /// [`MAX_COINS`] coins; [`CoinRow::parse_any`] also takes turning
    /// codes.
    ///
    /// # Errors
    /// A located [`ParseError`]: an unknown rule (a turning code among
    /// them), a coin that is neither `H` nor `T`, or too many coins.
    ///
    /// ```
    /// use grundy::games::coins::CoinRow;
    /// let row = CoinRow::parse("coins:Ruler:tthh")?;
    /// assert_eq!(row.to_string(), "coins:ruler:TTHH");
    /// assert!(CoinRow::parse("coins:ruler:THX").is_err());
    /// assert!(CoinRow::parse("coins:1-3:TH").is_err());
    /// assert!(CoinRow::parse_any("coins:1-3:TH").is_ok());
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str) -> Result<CoinRow, GameError> {
        let row = CoinRow::parse_any(spec)?;
        if row.named.is_none() {
            let start = crate::games::numbers::body_start(spec);
            let end = spec[start..].find(':').map_or(spec.len(), |c| start + c);
            return Err(ParseError::spanning(
                Span {
                    start,
                    end: end.max(start + 1),
                },
                "expected a named coin rule: turtles, twins, mock or ruler",
            )
            .in_text(spec)
            .into());
        }
        Ok(row)
    }

    /// `coins:RULE:ROW` as [`CoinRow::parse`] reads it, RULE a named rule
    /// or a turning code ([`TurningRule`]).
    ///
    /// # Errors
    /// A located [`ParseError`], as for [`CoinRow::parse`], or a turning
    /// code with too many moves on some coin of the row.
    pub fn parse_any(spec: &str) -> Result<CoinRow, GameError> {
        let start = crate::games::numbers::body_start(spec);
        let Some(colon) = spec[start..].find(':').map(|c| start + c) else {
            let span = Span {
                start,
                end: spec.len().max(start + 1),
            };
            return Err(ParseError::spanning(
                span,
                "expected coins:RULE:ROW (RULE turtles, twins, mock or ruler; ROW of H and T, as THHT)",
            )
            .in_text(spec)
            .into());
        };
        let rule =
            TurningRule::parse(&spec[start..colon]).map_err(|e| e.shifted(start).in_text(spec))?;
        let (heads, len) =
            read_coins(spec, colon + 1, spec.len(), MAX_COINS, "").map_err(|e| e.in_text(spec))?;
        if len == 0 {
            let span = Span {
                start: colon + 1,
                end: colon + 2,
            };
            return Err(
                ParseError::spanning(span, "expected a row of coins, H and T")
                    .in_text(spec)
                    .into(),
            );
        }
        let table = RuleTable::new(rule, len).map_err(|e| {
            let typed = spec[start..colon].trim();
            let at = start + (spec[start..colon].len() - spec[start..colon].trim_start().len());
            ParseError::spanning(
                Span {
                    start: at,
                    end: at + typed.len().max(1),
                },
                e.to_string(),
            )
            .in_text(spec)
        })?;
        Ok(CoinRow {
            named: match table.rule() {
                TurningRule::Named(rule) => Some(*rule),
                TurningRule::Code(_) => None,
            },
            table: Arc::new(table),
            len,
            heads,
        })
    }

    /// The named rule of the row; `None` for a row under a turning code
    /// (made by [`CoinRow::parse_any`]), whose rule
    /// [`CoinRow::turning`] gives.
    pub fn rule(&self) -> Option<CoinRule> {
        self.named
    }

    /// The rule, named or a turning code.
    pub fn turning(&self) -> &TurningRule {
        self.table.rule()
    }

    /// The row's value: the nim-sum of its heads' values.
    pub fn value(&self) -> Nimber {
        Nimber(self.table.sum(self.heads))
    }

    /// Every move, as masks of the coins turned, by rightmost coin.
    fn masks(&self) -> Vec<u64> {
        let mut out = Vec::new();
        for x in (0..self.len).filter(|&x| self.heads >> x & 1 == 1) {
            out.extend_from_slice(self.table.masks_at(x));
        }
        out
    }

    /// The move that turns over `mask`.
    fn named(mask: u64) -> Move {
        let coins: Vec<u64> = (0..64)
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| i + 1)
            .collect();
        let names: Vec<String> = coins.iter().map(u64::to_string).collect();
        Move {
            name: names.join("+"),
            data: vec![(
                "coins",
                Datum::List(coins.iter().map(|&c| Datum::Int(c as i64)).collect()),
            )],
        }
    }

    fn row_text(&self) -> String {
        (0..self.len)
            .map(|i| if self.heads >> i & 1 == 1 { 'H' } else { 'T' })
            .collect()
    }
}

impl fmt::Display for CoinRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "coins:{}:{}", self.turning(), self.row_text())
    }
}

impl Position for CoinRow {
    fn rules(&self) -> &'static Rules {
        &RULES
    }

    fn note(&self) -> Option<String> {
        Some(format!(
            "{} coins, {} heads; a move turns over {}",
            self.len,
            self.heads.count_ones(),
            self.turning().turns()
        ))
    }

    fn size(&self) -> u64 {
        self.len as u64
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        self.masks()
            .into_iter()
            .map(|m| {
                let after = CoinRow {
                    heads: self.heads ^ m,
                    ..self.clone()
                };
                (CoinRow::named(m), Box::new(after) as Box<dyn Position>)
            })
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let masks = self.masks();
        let mut report = if options.convention == Convention::Misere {
            let fresh = Cancel::new();
            let cancel = options.cancel.unwrap_or(&fresh);
            let mut ignore = |_| {};
            let progress = match &mut options.progress {
                Some(p) => &mut **p,
                None => &mut ignore,
            };
            let moves: Vec<(u64, u64)> = masks.iter().map(|&m| (m, self.heads ^ m)).collect();
            let r = crate::games::board::misere_position(
                &CoinGame(&self.table),
                &self.heads,
                &moves,
                &options.search,
                cancel,
                progress,
            )?;
            (None, r.outcome, r.winning_moves, r.stats)
        } else {
            let value = self.value();
            let wins: Vec<u64> = masks
                .iter()
                .copied()
                .filter(|&m| (value + Nimber(self.table.sum(m))).is_zero())
                .collect();
            let outcome = Outcome::from_first_player_wins(!value.is_zero());
            let value = (!options.search.outcome_only).then_some(value);
            (value, outcome, wins, SearchStats::default())
        };
        if options.search.outcome_only {
            report.2.truncate(1);
        }
        if !options.search.winning_moves {
            report.2.clear();
        }
        Ok(Solution {
            value: report.0,
            outcome: report.1,
            winning_moves: report.2.into_iter().map(CoinRow::named).collect(),
            stats: report.3,
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let mut mask = 0u64;
        let parts = text
            .split(|c: char| c == '+' || c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty());
        for part in parts {
            let coin = part
                .parse::<usize>()
                .ok()
                .filter(|&c| (1..=self.len).contains(&c))
                .ok_or_else(|| {
                    MoveError::Illegal(format!(
                        "{part:?} is not a coin: coins are numbered 1 to {} from the left",
                        self.len
                    ))
                })?;
            mask |= 1 << (coin - 1);
        }
        if mask == 0 {
            return Err(MoveError::Illegal(
                "expected the coins to turn over, as 2+5, or hint/undo/help/quit".into(),
            ));
        }
        let top = 63 - mask.leading_zeros();
        if self.heads >> top & 1 == 0 {
            return Err(MoveError::Illegal(format!(
                "coin {} shows tails: the rightmost coin turned must go from heads to tails",
                top + 1
            )));
        }
        self.masks().iter().position(|&m| m == mask).ok_or_else(|| {
            MoveError::Illegal(format!(
                "{} may not be turned over together: a move turns over {}",
                CoinRow::named(mask).name,
                self.turning().turns()
            ))
        })
    }

    fn draw(&self) -> String {
        let numbers: String = (1..=self.len).map(|n| format!("{:>3}", n % 100)).collect();
        let coins: String = self.row_text().chars().map(|c| format!("{c:>3}")).collect();
        format!("coin{numbers}\n    {coins}\n")
    }

    fn label(&self) -> String {
        format!("{}:{}", self.turning(), self.row_text())
    }

    fn drawing(&self) -> Datum {
        Datum::Map(vec![
            ("kind", Datum::Text("coins".into())),
            ("rule", Datum::Text(self.turning().to_string())),
            (
                "coins",
                Datum::List(
                    (0..self.len)
                        .map(|i| Datum::Bool(self.heads >> i & 1 == 1))
                        .collect(),
                ),
            ),
        ])
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

/// The coins written in `spec[from..to]` as `H` (heads) and `T` (tails),
/// spaces skipped: the heads as a mask (the leftmost coin the lowest bit)
/// and the number of coins, at most `max`. `more` names what else may
/// stand there, for the error (`", or '/' between rows"` in a grid).
///
/// # Errors
/// A [`ParseError`] at the first other character, or at the coin past
/// `max`.
pub(crate) fn read_coins(
    spec: &str,
    from: usize,
    to: usize,
    max: usize,
    more: &str,
) -> Result<(u64, usize), ParseError> {
    let mut heads = 0u64;
    let mut len = 0usize;
    for (i, c) in spec[from..to].char_indices() {
        let span = Span::char_at(spec, from + i);
        let head = match c {
            'H' | 'h' => true,
            'T' | 't' => false,
            c if c.is_whitespace() => continue,
            c => {
                return Err(ParseError::spanning(
                    span,
                    format!("expected a coin, H (heads) or T (tails){more}, found {c:?}"),
                ))
            }
        };
        if len == max {
            return Err(ParseError::spanning(
                span,
                format!("a row has at most {max} coins"),
            ));
        }
        heads |= u64::from(head) << len;
        len += 1;
    }
    Ok((heads, len))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::turning::tests::kit_rule;
    use grundy_testkit::Plain;

    /// Every named rule, and turning codes (the kit lists the moves of
    /// each from its definition in words).
    fn rules(len: usize) -> Vec<Arc<RuleTable>> {
        let mut rules: Vec<TurningRule> =
            CoinRule::ALL.into_iter().map(TurningRule::Named).collect();
        for code in ["1-4", "3", "1+C", "1-3C(4)", "3E", "1+S", "4FS", "2,3C"] {
            rules.push(TurningRule::parse(code).unwrap());
        }
        rules
            .into_iter()
            .map(|r| Arc::new(RuleTable::new(r, len).unwrap()))
            .collect()
    }

    #[test]
    fn row_values_are_the_nim_sums_of_the_published_head_values() {
        // Against the test kit's search of whole rows, its moves listed
        // from the rule in words: no single head's value is used.
        for table in rules(11) {
            let rule = kit_rule(table.rule(), 11);
            let mut search = Plain::normal(|&h: &u64| rule.row_options(h));
            let n = 11;
            for heads in 0..1u64 << n {
                let row = CoinRow {
                    named: None,
                    table: table.clone(),
                    len: n,
                    heads,
                };
                assert_eq!(row.value().0, search.value(&heads), "{row}");
            }
        }
    }

    #[test]
    fn moves_follow_the_rules_in_words() {
        // Count the moves of a single head on coin 6 (index 5).
        for (rule, count) in [
            (CoinRule::Turtles, 1 + 5),
            (CoinRule::Twins, 5),
            (CoinRule::Mock, 1 + 5 + 10),
            (CoinRule::Ruler, 6),
        ] {
            let mut out = Vec::new();
            rule.moves_at(5, &mut out);
            assert_eq!(out.len(), count, "{rule:?}");
            assert!(out.iter().all(|m| 63 - m.leading_zeros() == 5));
        }
    }

    #[test]
    fn winning_moves_and_misere_outcomes_match_search() {
        for table in rules(7) {
            let rule = kit_rule(table.rule(), 7);
            let mut normal = Plain::normal(|&h: &u64| rule.row_options(h));
            let mut misere = Plain::misere(|&h: &u64| rule.row_options(h));
            for heads in 0..1u64 << 7 {
                let row = CoinRow {
                    named: None,
                    table: table.clone(),
                    len: 7,
                    heads,
                };
                // The row lists the moves the rule in words allows...
                let mut listed = row.masks();
                listed.sort_unstable();
                let mut allowed = rule.row_moves(heads);
                allowed.sort_unstable();
                assert_eq!(listed, allowed, "{row}");
                // ... and wins with those the search values 0, in the
                // order it lists them.
                let s = row.solve(&mut SolveOptions::default()).unwrap();
                let wins: Vec<String> = row
                    .masks()
                    .into_iter()
                    .filter(|&m| normal.value(&(heads ^ m)) == 0)
                    .map(|m| CoinRow::named(m).name)
                    .collect();
                let found: Vec<String> = s.winning_moves.iter().map(|m| m.name.clone()).collect();
                assert_eq!(found, wins, "{row}");
                let m = row
                    .solve(&mut SolveOptions::default().convention(Convention::Misere))
                    .unwrap();
                assert_eq!(
                    m.outcome.first_player_wins(),
                    misere.mover_wins(&heads),
                    "{row}"
                );
            }
        }
    }

    #[test]
    fn typed_moves_are_checked() {
        let row = CoinRow::parse("coins:mock:THTH").unwrap();
        let moves = row.moves();
        let i = row.parse_move("2 + 4").unwrap();
        assert_eq!(moves[i].0.name, "2+4");
        assert!(row.parse_move("3").is_err(), "coin 3 shows tails");
        assert!(row.parse_move("1+2+3+4").is_err(), "four coins");
        assert!(row.parse_move("9").is_err());
        let e = CoinRow::parse("coins:mocks:TH").unwrap_err();
        assert_eq!(
            e.spec_error().unwrap().span(),
            Some(Span { start: 6, end: 11 })
        );
    }
}
