//! A Node Kayles position as every front end sees it: its spec
//! (`nodekayles:cycle:9-{3,4,5}`), moves, search, typed picks and
//! drawings.

use std::fmt;
use std::sync::Arc;

use super::NodeKayles;
use crate::cancel::Cancelled;
use crate::games::error::GameError;
use crate::games::named_graph::{find_vertex, ReadFile};
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::games::vertex_graph::{self, parse_position};
use crate::moves::MoveError;

static RULES: Rules = Rules {
    name: "Node Kayles",
    rules: "pick a vertex, which takes it and its neighbours away; whoever cannot pick loses",
    syntax: "Type a move as the name of the vertex to pick.",
    help: "  3          pick vertex 3 (a vertex by its name): it and its neighbours go",
    unit: "vertices",
    typed: "a vertex",
    example: "'1'",
    noun: "pick",
    moves_note: "pick the vertex, which removes it and its neighbours",
};

/// Node Kayles on a graph, with some vertices gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KaylesPosition {
    game: Arc<NodeKayles>,
    /// Bit `v` set while vertex `v` is there.
    left: u128,
}

impl KaylesPosition {
    /// The whole graph of `game`.
    pub fn new(game: NodeKayles) -> KaylesPosition {
        let left = game.start();
        KaylesPosition {
            game: Arc::new(game),
            left,
        }
    }

    /// `nodekayles:GRAPH`, or `nodekayles:GRAPH-{A,B,...}` with the
    /// vertices gone named in braces.
    ///
    /// # Errors
    /// Those of [`NodeKayles::parse`], and a name in braces that is not a
    /// vertex of the graph.
    ///
    /// ```
    /// use grundy::games::{KaylesPosition, Position};
    ///
    /// let p = KaylesPosition::parse("nodekayles:path:5-{1, 2}", None)?;
    /// assert_eq!(p.to_string(), "nodekayles:path:5-{1,2}");
    /// assert_eq!(p.moves().len(), 3);
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str, read: Option<ReadFile<'_>>) -> Result<KaylesPosition, GameError> {
        let (game, left) = parse_position(spec, |spec| NodeKayles::parse(spec, read))?;
        Ok(KaylesPosition {
            game: Arc::new(game),
            left,
        })
    }

    /// The graph.
    pub fn game(&self) -> &NodeKayles {
        &self.game
    }

    /// The vertices left (bit `v` set while vertex `v` is there).
    pub fn left(&self) -> u128 {
        self.left
    }

    /// The vertex named `name` (exactly, or else ignoring case).
    fn vertex(&self, name: &str) -> Option<usize> {
        find_vertex(self.game.graph.names(), name)
    }

    /// The move that picks `v`.
    fn pick(&self, v: usize) -> Move {
        Move {
            name: self.game.name(v).to_owned(),
            data: vec![("vertex", Datum::Int(v as i64))],
        }
    }

    /// The vertices left, in order.
    fn vertices_left(&self) -> impl Iterator<Item = usize> {
        self.game.graph.vertices_in(self.left)
    }
}

impl fmt::Display for KaylesPosition {
    /// `nodekayles:cycle:9`, or `nodekayles:cycle:9-{3,4,5}` after picks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.graph.write_position(self.left, f)
    }
}

impl Position for KaylesPosition {
    fn rules(&self) -> &'static Rules {
        &RULES
    }

    fn note(&self) -> Option<String> {
        let n = self.game.vertices();
        Some(format!(
            "{n} {}",
            if n == 1 { "vertex" } else { "vertices" }
        ))
    }

    fn size(&self) -> u64 {
        self.game.vertices() as u64
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        self.vertices_left()
            .map(|v| {
                let after = KaylesPosition {
                    game: Arc::clone(&self.game),
                    left: self.game.pick(self.left, v),
                };
                (self.pick(v), Box::new(after) as Box<dyn Position>)
            })
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let report = vertex_graph::solve(&*self.game, self.left, options)?;
        Ok(Solution {
            value: report.value,
            outcome: report.outcome,
            winning_moves: report.winning_moves.iter().map(|&v| self.pick(v)).collect(),
            stats: report.stats,
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let typed = text.trim();
        if typed.is_empty() {
            return Err(MoveError::Illegal(
                "expected a vertex to pick, or hint/undo/help/quit".into(),
            ));
        }
        let Some(v) = self.vertex(typed) else {
            return Err(MoveError::Illegal(format!(
                "{typed:?} is not a vertex of {} (its vertices are {} to {})",
                self.game.spec(),
                self.game.name(0),
                self.game.name(self.game.vertices() - 1)
            )));
        };
        self.vertices_left().position(|w| w == v).ok_or_else(|| {
            MoveError::Illegal(format!(
                "vertex {} is gone (picked, or next to a picked vertex)",
                self.game.name(v)
            ))
        })
    }

    /// The vertices left, each with its neighbours that are left.
    fn draw(&self) -> String {
        let game = &self.game;
        if self.left == 0 {
            return format!("no vertex of {} is left\n", game.vertices());
        }
        let mut out = format!(
            "{} of {} vertices left, each with its neighbours:\n",
            self.left.count_ones(),
            game.vertices()
        );
        let mut neighbours = vec![Vec::new(); game.vertices()];
        for (a, b) in game.edges() {
            if self.left >> a & 1 == 1 && self.left >> b & 1 == 1 {
                neighbours[a].push(game.name(b));
                neighbours[b].push(game.name(a));
            }
        }
        for v in self.vertices_left() {
            let near = if neighbours[v].is_empty() {
                "(alone)".to_owned()
            } else {
                neighbours[v].join(" ")
            };
            out.push_str(&format!("  {}: {near}\n", game.name(v)));
        }
        out
    }

    fn label(&self) -> String {
        let spec = self.to_string();
        spec["nodekayles:".len()..].to_owned()
    }

    /// Each vertex with its place (`x`, `y` in `0..=1`) and whether it is
    /// still there, and the edges.
    fn drawing(&self) -> Datum {
        self.game.graph.drawing(self.left, "nodekayles")
    }

    /// A winning pick when there is one; otherwise, playing for time, the
    /// pick that takes the fewest vertices away.
    fn engine_move(&self, options: &mut SolveOptions<'_>) -> Result<Option<usize>, Cancelled> {
        if self.left == 0 {
            return Ok(None);
        }
        let solution = self.solve(options)?;
        let left: Vec<usize> = self.vertices_left().collect();
        if let Some(win) = solution.winning_moves.first() {
            return Ok(left.iter().position(|&v| self.pick(v) == *win));
        }
        Ok((0..left.len())
            .min_by_key(|&i| (self.left & !self.game.pick(self.left, left[i])).count_ones()))
    }

    /// The genus by a search on the graph's components.
    fn genus(
        &self,
        options: &mut SolveOptions<'_>,
    ) -> Result<crate::misere::Genus, crate::misere::GenusError> {
        let normal = crate::games::position::normal_value(self, options)?;
        crate::games::position::genus_position(&*self.game, &self.left, normal, options)
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}
