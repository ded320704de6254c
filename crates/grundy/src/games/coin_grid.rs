//! Two-dimensional coin turning: the product of two one-dimensional coin
//! rules, Turning Corners among them.
//!
//! A grid of coins, each heads (`H`) or tails (`T`). Under the product of
//! the rules `A` and `B` (`coins:A*B:ROWS`), a move picks a move of `A`
//! along a row, a set of columns `S`, and a move of `B` down a column, a
//! set of rows `R`, and turns over every coin in the rows of `R` and the
//! columns of `S`; the coin furthest down and right among them (in the
//! last row of `R` and the last column of `S`) goes from heads to tails.
//! Turning Corners (`corners:ROWS`) is `twins*twins`: four coins at the
//! corners of a rectangle.
//!
//! **Values** (the Tartan theorem, Winning Ways ch. 14): a single head in
//! row `r` and column `c` is worth `a(c) ⊗ b(r)`, the nim product of the
//! single-head values of the two rules (see [`crate::games::turning`]);
//! a grid is worth the nim-sum of its heads. For Turning Corners the head
//! at `(r, c)` is worth `(c - 1) ⊗ (r - 1)`: the table of nim
//! multiplication.
//!
//! **Winning moves**: nim multiplication distributes over the nim-sum, so
//! the move `R × S` changes the value by `a(S) ⊗ b(R)`, where `a(S)` is
//! the nim-sum of `a` over the columns of `S` (what the move `S` is worth
//! in one row) and `b(R)` the same down the rows. It wins exactly when
//! `a(S) ⊗ b(R)` equals the grid's value `V`: for each move `S` along the
//! row of a head with `a(S) ≠ 0`, the winning moves down its column are
//! those `R` with `b(R) = V ⊗ a(S)⁻¹`, found by looking that value up
//! (nim division, [`crate::nim::mul::nim_inv`]); no move is tried.
//!
//! Misère play searches the positions ([`crate::search::MisereSearch`]), so
//! it is for small grids.
//!
//! ```
//! use grundy::games::{Game, SolveOptions};
//! use grundy::{Nimber, Outcome};
//!
//! // Turning Corners, one head in row 3, column 3: 2 ⊗ 2 = 3.
//! let game = Game::parse("corners:TTT/TTT/TTH")?;
//! let s = game.position().unwrap().solve(&mut SolveOptions::default())?;
//! assert_eq!(s.value, Some(Nimber(3)));
//! // Ruler times Mock Turtles: 2 ⊗ 4 = 8 for the head in row 3, column 2.
//! let game = Game::parse("coins:ruler*mock:TT/TT/TH")?;
//! let s = game.position().unwrap().solve(&mut SolveOptions::default())?;
//! assert_eq!((s.value, s.outcome), (Some(Nimber(8)), Outcome::N));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::games::coins::read_coins;
use crate::games::error::GameError;
use crate::games::position::{
    genus_position, Datum, Move, Position, Rules, Solution, SolveOptions,
};
use crate::games::turning::{RuleTable, TurningRule};
use crate::misere::{Genus, GenusError};
use crate::moves::MoveError;
use crate::nim::mul::{nim_inv, nim_mul};
use crate::search::SearchStats;
use crate::span::{ParseError, Span};
use crate::{Convention, Nimber, Outcome};

/// The most rows, and the most columns, of a grid.
pub const MAX_SIDE: usize = 64;

/// How many moves a position lists (for `play` and `graph --game`) before
/// it lists only its winning moves besides.
pub const LISTED: usize = 1 << 15;

/// Whether a `coins:` spec names a product of two rules (`coins:A*B:...`).
pub(crate) fn is_product(spec: &str) -> bool {
    let start = crate::games::numbers::body_start(spec);
    let end = spec[start..].find(':').map_or(spec.len(), |c| start + c);
    spec[start..end].contains('*')
}

/// The bits set in `mask`, lowest first.
fn bits(mask: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&i| mask >> i & 1 == 1)
}

/// A grid under a product rule: the game for the searches (misère play,
/// the genus). A position is each row's heads as a mask.
#[derive(Clone, Debug)]
struct GridGame {
    across: Arc<RuleTable>,
    down: Arc<RuleTable>,
}

impl GridGame {
    /// Every move of `rows`, as (columns, rows) masks, in the order
    /// positions list them: heads in reading order, then the moves along
    /// the row, then the moves down the column.
    fn each_move(&self, rows: &[u64], f: &mut dyn FnMut(u64, u64) -> bool) {
        for (r, &row) in rows.iter().enumerate() {
            for c in bits(row) {
                for &across in self.across.masks_at(c) {
                    for &down in self.down.masks_at(r) {
                        if !f(across, down) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// `rows` after turning over the coins of `across` × `down`.
fn turned(rows: &[u64], across: u64, down: u64) -> Vec<u64> {
    let mut after = rows.to_vec();
    for r in bits(down) {
        after[r] ^= across;
    }
    after
}

impl ImpartialGame for GridGame {
    type Position = Vec<u64>;

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        self.each_move(pos, &mut |across, down| {
            out.push(turned(pos, across, down));
            true
        });
    }
}

static PRODUCT_RULES: Rules = Rules {
    name: "Coins",
    rules: "turn over the coins in the rows of a move of the second rule and the columns of a move of the first, the one furthest down and right from heads to tails; whoever cannot move loses",
    syntax: "Type a move as its rows and its columns, as r1+3c2+5 (rows 1 and 3, columns 2 and 5); the coin in its last row and last column must show heads.",
    help: "  r1+3c2+5   turn over the coins in rows 1 and 3 and columns 2 and 5 (row 3, column 5 shows heads)",
    unit: "coins",
    typed: "rows and columns",
    example: "'r1+3c2+5'",
    noun: "turn",
    moves_note: "turn over the coins in these rows and columns, the last of them from heads to tails",
};

static CORNERS_RULES: Rules = Rules {
    name: "Turning Corners",
    rules: "turn over the four coins at the corners of a rectangle, the one furthest down and right from heads to tails; whoever cannot move loses",
    syntax: "Type a move as the two rows and the two columns of its corners, as r1+3c2+5; the coin at the last row and column must show heads.",
    help: "  r1+3c2+5   turn over the coins at rows 1 and 3, columns 2 and 5 (row 3, column 5 shows heads)",
    unit: "coins",
    typed: "rows and columns",
    example: "'r1+3c2+5'",
    noun: "turn",
    moves_note: "turn over these corners, the last from heads to tails",
};

/// A grid of coins under the product of two coin rules:
/// `coins:A*B:ROWS` or Turning Corners, `corners:ROWS`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinGrid {
    /// The first rule, along each row (on the column numbers).
    across: Arc<RuleTable>,
    /// The second rule, down each column (on the row numbers).
    down: Arc<RuleTable>,
    /// Written `corners:` (the product `twins*twins`).
    corners: bool,
    width: usize,
    /// Bit `c` of `rows[r]` set while the coin in row `r + 1`, column
    /// `c + 1` shows heads.
    rows: Vec<u64>,
}

impl CoinGrid {
    /// `coins:A*B:ROWS` (A and B coin rules or turning codes) or
    /// `corners:ROWS`; ROWS are rows of `H` and `T` separated by `/`, top
    /// row first, all as long, at most [`MAX_SIDE`] rows and columns.
    ///
    /// # Errors
    /// A located [`ParseError`].
    ///
    /// ```
    /// use grundy::games::CoinGrid;
    /// let g = CoinGrid::parse("coins: Mock * 1+C : th / hT")?;
    /// assert_eq!(g.to_string(), "coins:mock*1+C:TH/HT");
    /// assert!(CoinGrid::parse("corners:HT/H").is_err());
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str) -> Result<CoinGrid, GameError> {
        let start = crate::games::numbers::body_start(spec);
        let corners = spec[..start.saturating_sub(1)]
            .trim()
            .eq_ignore_ascii_case("corners");
        let (first, second, rows_at) = if corners {
            let twins = || TurningRule::Named(crate::games::turning::CoinRule::Twins);
            (twins(), twins(), start)
        } else {
            let Some(colon) = spec[start..].find(':').map(|c| start + c) else {
                return Err(ParseError::spanning(
                    Span {
                        start,
                        end: spec.len().max(start + 1),
                    },
                    "expected coins:RULE*RULE:ROWS (rows of H and T separated by /)",
                )
                .in_text(spec)
                .into());
            };
            let Some(star) = spec[start..colon].find('*').map(|s| start + s) else {
                return Err(ParseError::spanning(
                    Span {
                        start,
                        end: colon.max(start + 1),
                    },
                    "expected two coin rules, as mock*ruler",
                )
                .in_text(spec)
                .into());
            };
            let first = TurningRule::parse(&spec[start..star])
                .map_err(|e| e.shifted(start).in_text(spec))?;
            let second = TurningRule::parse(&spec[star + 1..colon])
                .map_err(|e| e.shifted(star + 1).in_text(spec))?;
            (first, second, colon + 1)
        };
        let mut rows: Vec<u64> = Vec::new();
        let mut width: Option<usize> = None;
        let mut at = rows_at;
        for part in spec[rows_at..].split('/') {
            let (mask, len) =
                read_coins(spec, at, at + part.len(), MAX_SIDE, ", or '/' between rows")
                    .map_err(|e| e.in_text(spec))?;
            let span = Span {
                start: at,
                end: (at + part.len()).max(at + 1),
            };
            if len == 0 {
                return Err(
                    ParseError::spanning(span, "expected a row of coins, H and T")
                        .in_text(spec)
                        .into(),
                );
            }
            if width.is_some_and(|w| w != len) {
                return Err(ParseError::spanning(
                    span,
                    format!(
                        "row {} has {len} coin{}, the rows above {}: every row is as long",
                        rows.len() + 1,
                        if len == 1 { "" } else { "s" },
                        width.unwrap()
                    ),
                )
                .in_text(spec)
                .into());
            }
            if rows.len() == MAX_SIDE {
                return Err(
                    ParseError::spanning(span, format!("at most {MAX_SIDE} rows"))
                        .in_text(spec)
                        .into(),
                );
            }
            width = Some(len);
            rows.push(mask);
            at += part.len() + 1;
        }
        let width = width.unwrap_or(0);
        let table = |rule: TurningRule, len: usize| {
            RuleTable::new(rule, len).map_err(|e| {
                ParseError::spanning(
                    Span {
                        start,
                        end: rows_at.max(start + 1),
                    },
                    e.to_string(),
                )
                .in_text(spec)
            })
        };
        Ok(CoinGrid {
            across: Arc::new(table(first, width)?),
            down: Arc::new(table(second, rows.len())?),
            corners,
            width,
            rows,
        })
    }

    /// The grid's value: the nim-sum over its heads of `a(c) ⊗ b(r)`.
    pub fn value(&self) -> Nimber {
        Nimber(self.rows.iter().enumerate().fold(0, |v, (r, &row)| {
            v ^ nim_mul(self.across.sum(row), self.down.value(r))
        }))
    }

    fn game(&self) -> GridGame {
        GridGame {
            across: self.across.clone(),
            down: self.down.clone(),
        }
    }

    /// Every winning move under normal play, as (columns, rows) masks, in
    /// the order of the moves: by nim division, see the module docs.
    fn winning(&self) -> Vec<(u64, u64)> {
        let value = self.value().0;
        let mut wins = Vec::new();
        if value == 0 {
            return wins;
        }
        // For each row, its moves down by what they are worth.
        let mut by_value: HashMap<usize, HashMap<u64, Vec<u64>>> = HashMap::new();
        for (r, &row) in self.rows.iter().enumerate() {
            for c in bits(row) {
                for &across in self.across.masks_at(c) {
                    let a = self.across.sum(across);
                    let Some(inverse) = nim_inv(a) else { continue };
                    let want = nim_mul(value, inverse);
                    let down = by_value.entry(r).or_insert_with(|| {
                        let mut map: HashMap<u64, Vec<u64>> = HashMap::new();
                        for &m in self.down.masks_at(r) {
                            map.entry(self.down.sum(m)).or_default().push(m);
                        }
                        map
                    });
                    if let Some(ms) = down.get(&want) {
                        wins.extend(ms.iter().map(|&m| (across, m)));
                    }
                }
            }
        }
        wins
    }

    /// How many moves the position has.
    fn move_count(&self) -> u128 {
        let mut n = 0u128;
        for (r, &row) in self.rows.iter().enumerate() {
            for c in bits(row) {
                n += (self.across.masks_at(c).len() * self.down.masks_at(r).len()) as u128;
            }
        }
        n
    }

    /// The moves listed: all of them up to [`LISTED`], then the winning
    /// ones past that.
    fn listed(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        self.game().each_move(&self.rows, &mut |a, d| {
            out.push((a, d));
            out.len() < LISTED
        });
        if self.move_count() > out.len() as u128 {
            let mut wins = self.winning();
            wins.retain(|w| !out.contains(w));
            out.extend(wins);
        }
        out
    }

    fn named(across: u64, down: u64) -> Move {
        let list = |m: u64| -> Vec<usize> { bits(m).map(|i| i + 1).collect() };
        let text = |v: &[usize]| -> String {
            v.iter().map(usize::to_string).collect::<Vec<_>>().join("+")
        };
        let (cols, rows) = (list(across), list(down));
        let ints = |v: &[usize]| Datum::List(v.iter().map(|&i| Datum::Int(i as i64)).collect());
        Move {
            name: format!("r{}c{}", text(&rows), text(&cols)),
            data: vec![("rows", ints(&rows)), ("columns", ints(&cols))],
        }
    }

    fn rows_text(&self) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|&row| {
                (0..self.width)
                    .map(|c| if row >> c & 1 == 1 { 'H' } else { 'T' })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    fn heads(&self) -> u32 {
        self.rows.iter().map(|r| r.count_ones()).sum()
    }
}

impl fmt::Display for CoinGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.corners {
            write!(f, "corners:{}", self.rows_text())
        } else {
            write!(f, "coins:{}", self.label())
        }
    }
}

/// A list of numbers from 1 typed as `1+3` or `1,3`, as a mask.
fn typed_list(text: &str, most: usize, what: &str) -> Result<u64, MoveError> {
    let mut mask = 0u64;
    for part in text
        .split(|c: char| c == '+' || c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        let n = part
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=most).contains(&n))
            .ok_or_else(|| {
                MoveError::Illegal(format!(
                    "{part:?} is not a {what}: they are numbered 1 to {most}"
                ))
            })?;
        mask |= 1 << (n - 1);
    }
    Ok(mask)
}

impl Position for CoinGrid {
    fn rules(&self) -> &'static Rules {
        if self.corners {
            &CORNERS_RULES
        } else {
            &PRODUCT_RULES
        }
    }

    fn note(&self) -> Option<String> {
        let what = if self.corners {
            "a move turns over the corners of a rectangle".to_string()
        } else {
            format!(
                "a move turns over {} along a row times {} down a column",
                self.across.rule().turns(),
                self.down.rule().turns()
            )
        };
        Some(format!(
            "{} x {} coins, {} heads; {what}",
            self.rows.len(),
            self.width,
            self.heads()
        ))
    }

    fn size(&self) -> u64 {
        (self.rows.len() * self.width) as u64
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        self.listed()
            .into_iter()
            .map(|(a, d)| {
                let after = CoinGrid {
                    rows: turned(&self.rows, a, d),
                    ..self.clone()
                };
                (CoinGrid::named(a, d), Box::new(after) as Box<dyn Position>)
            })
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let (value, outcome, mut wins, stats) = if options.convention == Convention::Misere {
            let fresh = Cancel::new();
            let cancel = options.cancel.unwrap_or(&fresh);
            let mut ignore = |_| {};
            let progress = match &mut options.progress {
                Some(p) => &mut **p,
                None => &mut ignore,
            };
            let game = self.game();
            let mut moves = Vec::new();
            game.each_move(&self.rows, &mut |a, d| {
                moves.push(((a, d), turned(&self.rows, a, d)));
                true
            });
            let r = crate::games::board::misere_position(
                &game,
                &self.rows,
                &moves,
                &options.search,
                cancel,
                progress,
            )?;
            (None, r.outcome, r.winning_moves, r.stats)
        } else {
            let value = self.value();
            let outcome = Outcome::from_first_player_wins(!value.is_zero());
            let value = (!options.search.outcome_only).then_some(value);
            (value, outcome, self.winning(), SearchStats::default())
        };
        if options.search.outcome_only {
            wins.truncate(1);
        }
        if !options.search.winning_moves {
            wins.clear();
        }
        Ok(Solution {
            value,
            outcome,
            winning_moves: wins
                .into_iter()
                .map(|(a, d)| CoinGrid::named(a, d))
                .collect(),
            stats,
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let lower = text.trim().to_ascii_lowercase();
        let usage = || {
            MoveError::Illegal(
                "expected the rows and the columns of a move, as r1+3c2+5, or hint/undo/help/quit"
                    .into(),
            )
        };
        let (Some(r), Some(c)) = (lower.find('r'), lower.find('c')) else {
            return Err(usage());
        };
        if r > c {
            return Err(usage());
        }
        let down = typed_list(&lower[r + 1..c], self.rows.len(), "row")?;
        let across = typed_list(&lower[c + 1..], self.width, "column")?;
        if down == 0 || across == 0 {
            return Err(usage());
        }
        let (last_row, last_col) = (63 - down.leading_zeros(), 63 - across.leading_zeros());
        if self.rows[last_row as usize] >> last_col & 1 == 0 {
            return Err(MoveError::Illegal(format!(
                "the coin in row {}, column {} shows tails: the last coin turned must go from heads to tails",
                last_row + 1,
                last_col + 1
            )));
        }
        let name = CoinGrid::named(across, down).name;
        if !self.across.masks_at(last_col as usize).contains(&across) {
            return Err(MoveError::Illegal(format!(
                "{name}: along a row a move turns over {}",
                self.across.rule().turns()
            )));
        }
        if !self.down.masks_at(last_row as usize).contains(&down) {
            return Err(MoveError::Illegal(format!(
                "{name}: down a column a move turns over {}",
                self.down.rule().turns()
            )));
        }
        self.listed()
            .iter()
            .position(|&m| m == (across, down))
            .ok_or_else(|| {
                MoveError::Illegal(format!(
                    "a position this large lists only its first {LISTED} moves and the winning ones"
                ))
            })
    }

    fn draw(&self) -> String {
        let mut out = String::from("    ");
        for c in 1..=self.width {
            out += &format!("{:>3}", c % 100);
        }
        out.push('\n');
        for (r, &row) in self.rows.iter().enumerate() {
            out += &format!("{:>4}", r + 1);
            for c in 0..self.width {
                out += if row >> c & 1 == 1 { "  H" } else { "  T" };
            }
            out.push('\n');
        }
        out
    }

    fn label(&self) -> String {
        if self.corners {
            self.rows_text()
        } else {
            format!(
                "{}*{}:{}",
                self.across.rule(),
                self.down.rule(),
                self.rows_text()
            )
        }
    }

    fn drawing(&self) -> Datum {
        Datum::Map(vec![
            ("kind", Datum::Text("coingrid".into())),
            (
                "rules",
                Datum::List(vec![
                    Datum::Text(self.across.rule().to_string()),
                    Datum::Text(self.down.rule().to_string()),
                ]),
            ),
            (
                "coins",
                Datum::List(
                    self.rows
                        .iter()
                        .map(|&row| {
                            Datum::List(
                                (0..self.width)
                                    .map(|c| Datum::Bool(row >> c & 1 == 1))
                                    .collect(),
                            )
                        })
                        .collect(),
                ),
            ),
        ])
    }

    /// A winning move when there is one; otherwise the first move listed.
    fn engine_move(&self, options: &mut SolveOptions<'_>) -> Result<Option<usize>, Cancelled> {
        let listed = self.listed();
        if listed.is_empty() {
            return Ok(None);
        }
        let solution = self.solve(options)?;
        let index = solution.winning_moves.first().and_then(|w| {
            listed
                .iter()
                .position(|&(a, d)| CoinGrid::named(a, d) == *w)
        });
        Ok(Some(index.unwrap_or(0)))
    }

    /// By the genus search over whole grids (every move, not only the
    /// listed ones).
    fn genus(&self, options: &mut SolveOptions<'_>) -> Result<Genus, GenusError> {
        genus_position(&self.game(), &self.rows, self.value(), options)
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::turning::tests::kit_rule;
    use grundy_testkit::coins::{grid_moves, grid_options, Rule};
    use grundy_testkit::Plain;

    /// The test kit's two rules of a grid, their moves listed from the
    /// rules in words: its product is played by whole grids, with no use
    /// of values.
    fn kit_rules(g: &CoinGrid) -> (Rule, Rule) {
        (
            kit_rule(g.across.rule(), g.width),
            kit_rule(g.down.rule(), g.rows.len()),
        )
    }

    fn grid(first: &str, second: &str, rows: usize, cols: usize, heads: u64) -> CoinGrid {
        let rule = |t: &str| TurningRule::parse(t).unwrap();
        CoinGrid {
            across: Arc::new(RuleTable::new(rule(first), cols).unwrap()),
            down: Arc::new(RuleTable::new(rule(second), rows).unwrap()),
            corners: false,
            width: cols,
            rows: (0..rows)
                .map(|r| heads >> (r * cols) & ((1 << cols) - 1))
                .collect(),
        }
    }

    #[test]
    fn products_match_exhaustive_search() {
        for (first, second, rows, cols) in [
            ("twins", "twins", 3, 4),
            ("turtles", "ruler", 3, 3),
            ("mock", "twins", 2, 5),
            ("ruler", "mock", 3, 3),
            ("1-2C", "3E", 4, 3),
        ] {
            let (across, down) = kit_rules(&grid(first, second, rows, cols, 0));
            let mut search = Plain::normal(|g: &Vec<u64>| grid_options(&across, &down, g));
            for heads in 0..1u64 << (rows * cols) {
                let g = grid(first, second, rows, cols, heads);
                // The grid lists the moves the rules in words allow.
                let mut listed = Vec::new();
                g.game().each_move(&g.rows, &mut |a, d| {
                    listed.push((a, d));
                    true
                });
                let mut allowed = grid_moves(&across, &down, &g.rows);
                allowed.sort_unstable();
                let mut sorted = listed.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, allowed, "{g}");
                assert_eq!(g.value().0, search.value(&g.rows), "{g}");
                // Every winning move, by trying each move, in the order
                // the grid lists them.
                let wins: Vec<(u64, u64)> = listed
                    .into_iter()
                    .filter(|&(a, d)| search.value(&turned(&g.rows, a, d)) == 0)
                    .collect();
                assert_eq!(g.winning(), wins, "{g}");
            }
        }
    }

    #[test]
    fn turning_corners_is_the_published_nim_multiplication_table() {
        // Winning Ways (ch. 14, Turning Corners) and ONAG (ch. 6): the
        // first rows of the nim multiplication table, as printed there.
        // (The test kit's own tests find the same table by search.)
        let published: [[u64; 8]; 4] = [
            [0, 0, 0, 0, 0, 0, 0, 0],
            [0, 1, 2, 3, 4, 5, 6, 7],
            [0, 2, 3, 1, 8, 10, 11, 9],
            [0, 3, 1, 2, 12, 15, 13, 14],
        ];
        for (r, row) in published.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let text: Vec<String> = (0..4)
                    .map(|i| {
                        (0..8)
                            .map(|j| if i == r && j == c { 'H' } else { 'T' })
                            .collect()
                    })
                    .collect();
                let g = CoinGrid::parse(&format!("corners:{}", text.join("/"))).unwrap();
                assert_eq!(g.value().0, v, "({r}, {c})");
            }
        }
    }

    #[test]
    fn misere_and_genus_by_search() {
        // Misère outcomes against the test kit's search of whole grids.
        let (across, down) = kit_rules(&grid("turtles", "mock", 3, 3, 0));
        let mut misere = Plain::misere(|g: &Vec<u64>| grid_options(&across, &down, g));
        for heads in 0..1u64 << 9 {
            let g = grid("turtles", "mock", 3, 3, heads);
            let s = g
                .solve(&mut SolveOptions::default().convention(Convention::Misere))
                .unwrap();
            assert_eq!(
                s.outcome.first_player_wins(),
                misere.mover_wins(&g.rows),
                "{g}"
            );
        }
        let g = CoinGrid::parse("corners:TTT/THT/TTH").unwrap();
        let genus = g.genus(&mut SolveOptions::default()).unwrap();
        assert_eq!(genus.normal(), g.value());
    }

    #[test]
    fn specs_moves_and_errors() {
        let g = CoinGrid::parse("corners: TTT / THT / TTH").unwrap();
        assert_eq!(g.to_string(), "corners:TTT/THT/TTH");
        assert_eq!(g.label(), "TTT/THT/TTH");
        let moves = g.moves();
        let i = g.parse_move("r1+3 c2+3").unwrap();
        assert_eq!(moves[i].0.name, "r1+3c2+3");
        assert!(g.parse_move("r1+3c1+2").is_err(), "row 3 column 2 is tails");
        assert!(
            g.parse_move("r3c3").is_err(),
            "one coin is not a twins move"
        );
        let e = CoinGrid::parse("corners:HT/H").unwrap_err();
        assert!(e.to_string().contains("every row is as long"), "{e}");
        let e = CoinGrid::parse("coins:mock*nope:HT").unwrap_err();
        assert_eq!(
            e.spec_error().unwrap().span(),
            Some(Span { start: 11, end: 15 })
        );
    }
}
