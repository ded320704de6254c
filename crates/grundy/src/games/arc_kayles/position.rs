//! An Arc Kayles position as every front end sees it: its spec
//! (`arckayles:cycle:9-{3,4}`), moves (edges named `3-4`), search, typed
//! moves and drawings.

use std::fmt;
use std::sync::Arc;

use super::ArcKayles;
use crate::cancel::Cancelled;
use crate::games::error::GameError;
use crate::games::named_graph::find_vertex;
use crate::games::named_graph::ReadFile;
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::games::vertex_graph::{self, parse_position};
use crate::moves::MoveError;

static RULES: Rules = Rules {
    name: "Arc Kayles",
    rules: "take an edge, which takes its two ends and every edge at them away; whoever cannot take an edge loses",
    syntax: "Type a move as the edge to take: its two ends, as in 1-2 or '1 2'.",
    help: "  1-2        take the edge between vertices 1 and 2: both ends go, with their edges",
    unit: "vertices",
    typed: "an edge",
    example: "'1-2'",
    noun: "take",
    moves_note: "take the edge, which removes its ends and the edges at them",
};

/// Arc Kayles on a graph, with some vertices gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArcKaylesPosition {
    game: Arc<ArcKayles>,
    /// Bit `v` set while vertex `v` is there.
    left: u128,
}

impl ArcKaylesPosition {
    /// The whole graph of `game`.
    pub fn new(game: ArcKayles) -> ArcKaylesPosition {
        let left = game.start();
        ArcKaylesPosition {
            game: Arc::new(game),
            left,
        }
    }

    /// `arckayles:GRAPH`, or `arckayles:GRAPH-{A,B,...}` with the vertices
    /// gone (the ends of the edges taken) named in braces.
    ///
    /// # Errors
    /// Those of [`ArcKayles::parse`], and a name in braces that is not a
    /// vertex of the graph.
    ///
    /// ```
    /// use grundy::games::{ArcKaylesPosition, Position};
    ///
    /// let p = ArcKaylesPosition::parse("arckayles:path:5-{1, 2}", None)?;
    /// assert_eq!(p.to_string(), "arckayles:path:5-{1,2}");
    /// let names: Vec<String> = p.moves().into_iter().map(|(m, _)| m.name).collect();
    /// assert_eq!(names, ["3-4", "4-5"]);
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str, read: Option<ReadFile<'_>>) -> Result<ArcKaylesPosition, GameError> {
        let (game, left) = parse_position(spec, |spec| ArcKayles::parse(spec, read))?;
        Ok(ArcKaylesPosition {
            game: Arc::new(game),
            left,
        })
    }

    /// The graph.
    pub fn game(&self) -> &ArcKayles {
        &self.game
    }

    /// The vertices left (bit `v` set while vertex `v` is there).
    pub fn left(&self) -> u128 {
        self.left
    }

    /// The move that takes the edge `u v`.
    fn take(&self, (u, v): (usize, usize)) -> Move {
        Move {
            name: format!("{}-{}", self.game.name(u), self.game.name(v)),
            data: vec![(
                "edge",
                Datum::List(vec![Datum::Int(u as i64), Datum::Int(v as i64)]),
            )],
        }
    }

    /// The vertex a player named.
    fn vertex(&self, name: &str) -> Result<usize, MoveError> {
        find_vertex(self.game.graph.names(), name).ok_or_else(|| {
            MoveError::Illegal(format!(
                "{name:?} is not a vertex of {} (its vertices are {} to {})",
                self.game.spec(),
                self.game.name(0),
                self.game.name(self.game.vertices() - 1)
            ))
        })
    }
}

impl fmt::Display for ArcKaylesPosition {
    /// `arckayles:cycle:9`, or `arckayles:cycle:9-{3,4}` after a move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.graph.write_position(self.left, f)
    }
}

impl Position for ArcKaylesPosition {
    fn rules(&self) -> &'static Rules {
        &RULES
    }

    fn note(&self) -> Option<String> {
        let n = self.game.vertices();
        let e = self.game.edges().len();
        Some(format!(
            "{n} {}, {e} {}",
            if n == 1 { "vertex" } else { "vertices" },
            if e == 1 { "edge" } else { "edges" }
        ))
    }

    fn size(&self) -> u64 {
        self.game.vertices() as u64
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        self.game
            .edges_in(self.left)
            .into_iter()
            .map(|(u, v)| {
                let after = ArcKaylesPosition {
                    game: Arc::clone(&self.game),
                    left: self.game.take(self.left, u, v),
                };
                (self.take((u, v)), Box::new(after) as Box<dyn Position>)
            })
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let report = vertex_graph::solve(&*self.game, self.left, options)?;
        Ok(Solution {
            value: report.value,
            outcome: report.outcome,
            winning_moves: report.winning_moves.iter().map(|&e| self.take(e)).collect(),
            stats: report.stats,
        })
    }

    /// An edge as its two ends, `1-2` or `1 2` (in either order).
    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let typed = text.trim();
        let ends: Option<(&str, &str)> = typed
            .split_once(char::is_whitespace)
            .map(|(a, b)| (a.trim(), b.trim()))
            .or_else(|| {
                // A name may hold a '-' itself: take the first split
                // whose two sides are both vertices.
                typed
                    .match_indices('-')
                    .map(|(i, _)| (&typed[..i], &typed[i + 1..]))
                    .find(|(a, b)| {
                        find_vertex(self.game.graph.names(), a).is_some()
                            && find_vertex(self.game.graph.names(), b).is_some()
                    })
                    .or_else(|| typed.split_once('-'))
            });
        let Some((a, b)) = ends.filter(|(a, b)| !a.is_empty() && !b.is_empty()) else {
            return Err(MoveError::Illegal(format!(
                "expected an edge as its two ends ({}), or hint/undo/help/quit",
                RULES.example
            )));
        };
        let (u, v) = (self.vertex(a)?, self.vertex(b)?);
        let edge = (u.min(v), u.max(v));
        if let Some(i) = self
            .game
            .edges_in(self.left)
            .iter()
            .position(|&e| e == edge)
        {
            return Ok(i);
        }
        let (a, b) = (self.game.name(u), self.game.name(v));
        Err(MoveError::Illegal(if !self.game.graph.joined(u, v) {
            format!("{a} and {b} are not joined by an edge")
        } else {
            format!("the edge {a}-{b} is gone (an end of it was taken)")
        }))
    }

    /// The edges left, one line per vertex with its later neighbours.
    fn draw(&self) -> String {
        let edges = self.game.edges_in(self.left);
        if edges.is_empty() {
            return format!("no edge of {} is left\n", self.game.edges().len());
        }
        let mut out = format!(
            "{} of {} edges left:\n",
            edges.len(),
            self.game.edges().len()
        );
        let mut start = 0;
        while start < edges.len() {
            let u = edges[start].0;
            let end = start + edges[start..].iter().take_while(|e| e.0 == u).count();
            let near: Vec<&str> = edges[start..end]
                .iter()
                .map(|&(_, v)| self.game.name(v))
                .collect();
            out.push_str(&format!("  {} - {}\n", self.game.name(u), near.join(" ")));
            start = end;
        }
        out
    }

    fn label(&self) -> String {
        let spec = self.to_string();
        spec["arckayles:".len()..].to_owned()
    }

    /// Each vertex with its place (`x`, `y` in `0..=1`) and whether it is
    /// still there, and the edges: the drawing of Node Kayles, under its
    /// own kind (a move here is an edge).
    fn drawing(&self) -> Datum {
        self.game.graph.drawing(self.left, "arckayles")
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    #[test]
    fn moves_are_typed_as_edges() {
        let p = ArcKaylesPosition::parse("arckayles:grid:2x3", None).unwrap();
        let names: Vec<String> = p.moves().into_iter().map(|(m, _)| m.name).collect();
        for (i, name) in names.iter().enumerate() {
            assert_eq!(p.parse_move(name), Ok(i), "{name}");
        }
        assert_eq!(
            p.parse_move("b1 a1"),
            Ok(names.iter().position(|n| n == "a1-b1").unwrap())
        );
        assert!(matches!(p.parse_move("a1-c3"), Err(MoveError::Illegal(_))));
        assert!(
            matches!(p.parse_move("a1-b2"), Err(MoveError::Illegal(e)) if e.contains("not joined"))
        );
        assert!(matches!(p.parse_move("a1"), Err(MoveError::Illegal(e)) if e.contains("two ends")));
        let after = ArcKaylesPosition::parse("arckayles:grid:2x3-{a1,a2}", None).unwrap();
        assert!(
            matches!(after.parse_move("a1-b1"), Err(MoveError::Illegal(e)) if e.contains("gone"))
        );
        // The label reads back as the same position.
        let back = ArcKaylesPosition::parse(&format!("arckayles:{}", after.label()), None).unwrap();
        assert_eq!(back, after);
    }

    #[test]
    fn misere_play_on_a_single_edge_and_a_path() {
        // One edge: the player who takes it loses under misère play.
        let edge = ArcKaylesPosition::parse("arckayles:path:2", None).unwrap();
        let misere = |p: &ArcKaylesPosition| {
            p.solve(&mut SolveOptions::default().convention(crate::Convention::Misere))
                .unwrap()
        };
        assert_eq!(misere(&edge).outcome, Outcome::P);
        // Three vertices: both edges leave a lone vertex, the opponent
        // cannot move and wins.
        assert_eq!(
            misere(&ArcKaylesPosition::parse("arckayles:path:3", None).unwrap()).outcome,
            Outcome::P
        );
        // Four: an end edge leaves one edge, which the opponent must
        // take; the middle edge leaves no move, and the opponent wins.
        let four = misere(&ArcKaylesPosition::parse("arckayles:path:4", None).unwrap());
        assert_eq!(four.outcome, Outcome::N);
        let names: Vec<&str> = four.winning_moves.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["1-2", "3-4"]);
    }
}
