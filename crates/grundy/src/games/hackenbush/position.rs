//! A green Hackenbush position as every front end sees it: its spec
//! (`hackenbush:stalk:5-{4,5}`), moves (edges by number), values, typed
//! chops and drawings.

use std::fmt;
use std::sync::Arc;

use super::{Edges, Hackenbush, SmallHackenbush, MAX_MISERE_EDGES};
use crate::cancel::{Cancel, Cancelled};
use crate::games::error::GameError;
use crate::games::named_graph::{gone_items, gone_list, ReadFile};
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::moves::MoveError;
use crate::search::SearchStats;
use crate::span::ParseError;
use crate::{Convention, Outcome};

static RULES: Rules = Rules {
    name: "Hackenbush",
    rules:
        "chop an edge; whatever no longer joins the ground falls away; whoever cannot chop loses",
    syntax: "Type a move as the number of the edge to chop.",
    help: "  3          chop edge 3: it goes, and all that no longer joins the ground falls",
    unit: "edges",
    typed: "an edge number",
    example: "'1'",
    noun: "chop",
    moves_note: "chop the edge; what no longer joins the ground falls",
};

/// Green Hackenbush on a graph, with some edges gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushPosition {
    game: Arc<Hackenbush>,
    /// The edges standing (bit `i` for edge `i`).
    left: Edges,
}

impl HackenbushPosition {
    /// The whole graph of `game`.
    pub fn new(game: Hackenbush) -> HackenbushPosition {
        let left = game.start();
        HackenbushPosition {
            game: Arc::new(game),
            left,
        }
    }

    /// `hackenbush:GRAPH`, or `hackenbush:GRAPH-{3,4}` with the edges gone
    /// (chopped, or fallen) named by number in braces.
    ///
    /// # Errors
    /// Those of [`Hackenbush::parse`], and a number in braces that is not
    /// an edge of the graph.
    ///
    /// ```
    /// use grundy::games::{HackenbushPosition, Position};
    ///
    /// // Chopping edge 2 of a stalk of 4 drops 3 and 4 too.
    /// let p = HackenbushPosition::parse("hackenbush:stalk:4-{2}", None)?;
    /// assert_eq!(p.to_string(), "hackenbush:stalk:4-{2,3,4}");
    /// assert_eq!(p.moves().len(), 1);
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str, read: Option<ReadFile<'_>>) -> Result<HackenbushPosition, GameError> {
        let Some(open) = gone_list(spec) else {
            return Ok(HackenbushPosition::new(Hackenbush::parse(spec, read)?));
        };
        let game = Hackenbush::parse(&spec[..open], read)?;
        let mut left = game.start();
        for (typed, span) in gone_items(spec, open) {
            match typed.parse::<usize>() {
                Ok(n) if (1..=game.edges()).contains(&n) => {
                    left[(n - 1) / 64] &= !(1 << ((n - 1) % 64));
                }
                _ => {
                    let err = ParseError::spanning(
                        span,
                        format!(
                            "{typed:?} is not an edge of {} (its edges are 1 to {})",
                            game.spec(),
                            game.edges()
                        ),
                    );
                    return Err(GameError::from(err.in_text(spec)));
                }
            }
        }
        let left = game.standing(&left);
        Ok(HackenbushPosition {
            game: Arc::new(game),
            left,
        })
    }

    /// The graph.
    pub fn game(&self) -> &Hackenbush {
        &self.game
    }

    /// The edges standing (bit `i` for edge `i`).
    pub fn left(&self) -> &[u64] {
        &self.left
    }

    /// The move that chops edge `i`.
    fn chop(&self, i: usize) -> Move {
        Move {
            name: (i + 1).to_string(),
            data: vec![("edge", Datum::Int(i as i64))],
        }
    }

    /// The winning chops under normal play; one only when `one`.
    fn winning(&self, one: bool, cancel: &Cancel) -> Result<Vec<usize>, Cancelled> {
        cancel.check()?;
        Ok(self.game.chops(&self.left, one))
    }
}

impl fmt::Display for HackenbushPosition {
    /// `hackenbush:stalk:5`, or `hackenbush:stalk:5-{4,5}` after chops.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game.spec())?;
        if self.left != self.game.start() {
            let gone: Vec<String> = (0..self.game.edges())
                .filter(|&i| self.left[i / 64] >> (i % 64) & 1 == 0)
                .map(|i| (i + 1).to_string())
                .collect();
            write!(f, "-{{{}}}", gone.join(","))?;
        }
        Ok(())
    }
}

impl Position for HackenbushPosition {
    fn rules(&self) -> &'static Rules {
        &RULES
    }

    fn note(&self) -> Option<String> {
        let e = self.game.edges();
        Some(format!("{e} {}", if e == 1 { "edge" } else { "edges" }))
    }

    fn size(&self) -> u64 {
        self.game.edges() as u64
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        Hackenbush::edges_in(&self.left)
            .into_iter()
            .map(|i| {
                let after = HackenbushPosition {
                    game: Arc::clone(&self.game),
                    left: self.game.chop(&self.left, i),
                };
                (self.chop(i), Box::new(after) as Box<dyn Position>)
            })
            .collect()
    }

    /// Normal play: the value by the colon and fusion principles, and
    /// each chop valued the same way. Misère play: a search, on graphs of
    /// at most [`MAX_MISERE_EDGES`] edges (see [`Position::refuses`]).
    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let fresh = Cancel::new();
        let cancel = options.cancel.unwrap_or(&fresh);
        cancel.check()?;
        let search = &options.search;
        if options.convention == Convention::Misere {
            let small = self.game.small().ok_or(Cancelled)?;
            let moves: Vec<(usize, u128)> = Hackenbush::edges_in(&self.left)
                .into_iter()
                .map(|i| (i, SmallHackenbush::mask(&self.game.chop(&self.left, i))))
                .collect();
            let report = options.with_parts(|search, cancel, progress| {
                crate::games::board::misere_position(
                    &small,
                    &SmallHackenbush::mask(&self.left),
                    &moves,
                    search,
                    cancel,
                    progress,
                )
            })?;
            return Ok(Solution {
                value: None,
                outcome: report.outcome,
                winning_moves: report.winning_moves.iter().map(|&i| self.chop(i)).collect(),
                stats: report.stats,
            });
        }
        let value = self.game.value(&self.left);
        let wins = if value.is_zero() || !search.winning_moves {
            Vec::new()
        } else {
            self.winning(search.outcome_only, cancel)?
        };
        Ok(Solution {
            value: (!search.outcome_only).then_some(value),
            outcome: Outcome::from_first_player_wins(!value.is_zero()),
            winning_moves: wins.into_iter().map(|i| self.chop(i)).collect(),
            stats: SearchStats::default(),
        })
    }

    fn refuses(&self, convention: Convention) -> Option<String> {
        (convention == Convention::Misere && self.game.small().is_none()).then(|| {
            format!(
                "misère Hackenbush is searched, on graphs of at most {MAX_MISERE_EDGES} edges; {} has {} edges",
                self.game.spec(),
                self.game.edges()
            )
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let typed = text.trim();
        let Ok(n) = typed.parse::<usize>() else {
            return Err(MoveError::Illegal(format!(
                "expected the number of an edge to chop (1 to {}), or hint/undo/help/quit",
                self.game.edges()
            )));
        };
        if !(1..=self.game.edges()).contains(&n) {
            return Err(MoveError::Illegal(format!(
                "{} has no edge {n} (its edges are 1 to {})",
                self.game.spec(),
                self.game.edges()
            )));
        }
        Hackenbush::edges_in(&self.left)
            .iter()
            .position(|&i| i == n - 1)
            .ok_or_else(|| MoveError::Illegal(format!("edge {n} is gone (chopped, or fallen)")))
    }

    /// The edges standing, one a line: number and ends.
    fn draw(&self) -> String {
        let standing = Hackenbush::edges_in(&self.left);
        if standing.is_empty() {
            return format!("no edge of {} stands\n", self.game.edges());
        }
        let mut out = format!(
            "{} of {} edges stand (edge: its ends):\n",
            standing.len(),
            self.game.edges()
        );
        for i in standing {
            let (a, b) = self.game.ends(i);
            out.push_str(&format!(
                "  {}: {} - {}\n",
                i + 1,
                self.game.name(a),
                self.game.name(b)
            ));
        }
        out
    }

    fn label(&self) -> String {
        let spec = self.to_string();
        spec["hackenbush:".len()..].to_owned()
    }

    /// The vertices (with their places, see [`super::layout`]) and every
    /// edge (number, ends, whether it stands).
    fn drawing(&self) -> Datum {
        let game = &self.game;
        let at = super::layout(game);
        let vertices = (0..game.vertices())
            .map(|v| {
                Datum::Map(vec![
                    ("id", Datum::Int(v as i64)),
                    ("name", Datum::Text(game.name(v).to_owned())),
                    ("x", Datum::Float(at[v].0)),
                    ("y", Datum::Float(at[v].1)),
                ])
            })
            .collect();
        let edges = (0..game.edges())
            .map(|i| {
                let (a, b) = game.ends(i);
                Datum::Map(vec![
                    ("edge", Datum::Int(i as i64)),
                    (
                        "ends",
                        Datum::List(vec![Datum::Int(a as i64), Datum::Int(b as i64)]),
                    ),
                    (
                        "standing",
                        Datum::Bool(self.left[i / 64] >> (i % 64) & 1 == 1),
                    ),
                ])
            })
            .collect();
        Datum::Map(vec![
            ("kind", Datum::Text("hackenbush".into())),
            ("vertices", Datum::List(vertices)),
            ("edges", Datum::List(edges)),
        ])
    }

    /// A winning chop when there is one; otherwise, playing for time, the
    /// chop that drops the fewest edges.
    fn engine_move(&self, options: &mut SolveOptions<'_>) -> Result<Option<usize>, Cancelled> {
        let standing = Hackenbush::edges_in(&self.left);
        if standing.is_empty() {
            return Ok(None);
        }
        let solution = self.solve(options)?;
        if let Some(win) = solution.winning_moves.first() {
            return Ok(standing.iter().position(|&i| self.chop(i) == *win));
        }
        let left = |i: usize| -> u32 {
            self.game
                .chop(&self.left, i)
                .iter()
                .map(|w| w.count_ones())
                .sum()
        };
        Ok((0..standing.len()).max_by_key(|&k| (left(standing[k]), std::cmp::Reverse(k))))
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chops_and_labels() {
        let p = HackenbushPosition::parse("hackenbush:cycle:4", None).unwrap();
        // A cycle of 4 is *0: no winning chop.
        let s = p.solve(&mut SolveOptions::default()).unwrap();
        assert_eq!((s.value, s.outcome), (Some(crate::Nimber(0)), Outcome::P));
        // Chopping edge 1 leaves a stalk of 3, *3.
        let (m, after) = &p.moves()[0];
        assert_eq!(m.name, "1");
        assert_eq!(after.to_string(), "hackenbush:cycle:4-{1}");
        let s = after.solve(&mut SolveOptions::default()).unwrap();
        assert_eq!(s.value, Some(crate::Nimber(3)));
        // The stalk is 2-3-4 from the ground up: chopping 4 (the bottom)
        // wins.
        let names: Vec<&str> = s.winning_moves.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["4"]);
        let back =
            HackenbushPosition::parse(&format!("hackenbush:{}", after.label()), None).unwrap();
        assert_eq!(back.to_string(), after.to_string());
        assert_eq!(after.parse_move("4"), Ok(2));
        assert!(matches!(after.parse_move("1"), Err(MoveError::Illegal(e)) if e.contains("gone")));
        assert!(matches!(after.parse_move("9"), Err(MoveError::Illegal(_))));
        let err = HackenbushPosition::parse("hackenbush:cycle:4-{1,7}", None).unwrap_err();
        let GameError::Spec(e) = &err else {
            panic!("{err}")
        };
        assert_eq!(e.span().unwrap().start, 22);
    }

    #[test]
    fn misere_stalks_are_misere_nim() {
        let read = |_: &str| Ok("ground a\na b\nground c\nground d\nd e\n".to_owned());
        // Stalks 2, 1, 2: misère Nim with a heap above 1 is won exactly
        // when the nim-sum is not 0; here 2 ^ 1 ^ 2 = 1, an N-position.
        let p = HackenbushPosition::parse("hackenbush:g.txt", Some(&read)).unwrap();
        let misere = SolveOptions::default().convention(Convention::Misere);
        let s = p.solve(&mut { misere }).unwrap();
        assert_eq!(s.outcome, Outcome::N);
        assert!(p.refuses(Convention::Misere).is_none());
        let big = HackenbushPosition::parse("hackenbush:stalk:129", None).unwrap();
        assert!(big
            .refuses(Convention::Misere)
            .unwrap()
            .contains("at most 128"));
        assert!(big.refuses(Convention::Normal).is_none());
    }
}
