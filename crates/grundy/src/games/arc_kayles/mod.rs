//! Arc Kayles: a move takes an edge of a graph together with every edge
//! that touches it; whoever cannot move loses.
//!
//! Taking the edge `uv` and the edges at `u` and `v` is deleting the
//! vertices `u` and `v`, so a position is the set of vertices still there,
//! a bitmask in a `u128` (graphs of up to 128 vertices), exactly as in
//! [Node Kayles](crate::games::node_kayles), and the edges left are those
//! between vertices left. A move deletes the two ends of an edge still
//! there. The connected parts of a position are independent games, and a
//! vertex alone has no move, so [`ImpartialGame::components`] gives the
//! parts of two vertices or more; on a path or a cycle every part but the
//! whole cycle is a path, stored as its length (the low bits), so each
//! length is solved once.
//!
//! On a path of `n` vertices a move deletes two neighbours and leaves
//! paths of `a` and `b` vertices with `a + b = n - 2`: the octal game
//! 0.07 (Dawson's Kayles) with a heap of `n`, which is Node Kayles on a
//! path of `n - 1` vertices (0.137 at `n - 1`); the tests check both by
//! search.
//!
//! The spec is `arckayles:GRAPH`, a graph of
//! [`named_graph`](crate::games::named_graph) (`path:N`, `cycle:N`,
//! `grid:RxC`, `complete:N`, `star:N`, `petersen`, or an edge-list file),
//! and a position after some moves adds the vertices gone:
//! `arckayles:cycle:9-{3,4}`.
//!
//! ```
//! use grundy::games::ArcKayles;
//! use grundy::search::Search;
//! use grundy::Nimber;
//!
//! // A path of 4 vertices: the middle edge leaves two lone vertices (*0),
//! // an end edge leaves one edge (*1): the value is mex{0, 1} = *2.
//! let path = ArcKayles::parse("arckayles:path:4", None)?;
//! assert_eq!(Search::new(&path).nimber(&path.start()).unwrap(), Nimber(2));
//! # Ok::<(), grundy::games::GameError>(())
//! ```

mod position;

pub use position::ArcKaylesPosition;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::games::error::GameError;
use crate::games::named_graph::ReadFile;
use crate::games::vertex_graph::{self, VertexGame, VertexGraph};
use crate::games::{SearchOptions, SearchReport};
use crate::search::SearchStats;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = vertex_graph::MAX_VERTICES;

/// Arc Kayles on one graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArcKayles {
    graph: VertexGraph,
}

impl ArcKayles {
    /// Arc Kayles on the graph with `n` vertices (`1..=128`, named `names`,
    /// or `1` to `n` when `names` is empty) and the undirected `edges` (a
    /// loop `v v`, or an end out of range, is ignored).
    ///
    /// # Panics
    /// When `n` is 0 or more than 128 (specs are checked by
    /// [`ArcKayles::parse`]).
    ///
    /// ```
    /// use grundy::games::ArcKayles;
    /// let triangle = ArcKayles::from_edges(3, &[(0, 1), (1, 2), (2, 0)], &[], "triangle");
    /// assert_eq!(triangle.edges(), vec![(0, 1), (0, 2), (1, 2)]);
    /// ```
    pub fn from_edges(
        n: usize,
        edges: &[(usize, usize)],
        names: &[String],
        spec: &str,
    ) -> ArcKayles {
        assert!(
            (1..=MAX_VERTICES).contains(&n),
            "Arc Kayles takes 1 to 128 vertices, not {n}"
        );
        ArcKayles {
            graph: VertexGraph::new(n, edges, names, spec),
        }
    }

    /// Arc Kayles on the graph of a spec, `arckayles:GRAPH` (the graph as
    /// [`NamedGraph::parse`] reads it; a file with `read`).
    ///
    /// # Errors
    /// A spec that does not start with `arckayles:`, a graph that does not
    /// parse, a file that cannot be read or is not a graph of 1 to 128
    /// vertices.
    ///
    /// ```
    /// use grundy::games::ArcKayles;
    /// assert_eq!(ArcKayles::parse("ArcKayles:grid:3x4", None)?.spec(), "arckayles:grid:3x4");
    /// let err = ArcKayles::parse("arckayles:path:200", None).unwrap_err();
    /// assert!(err.to_string().starts_with("at byte 15: vertices: 200 is out of range"));
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str, read: Option<ReadFile<'_>>) -> Result<ArcKayles, GameError> {
        let graph = VertexGraph::parse(spec, "arckayles", "Arc Kayles", read)?;
        Ok(ArcKayles { graph })
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.graph.vertices()
    }

    /// The name of vertex `v` (from the edge list; `1`, `2`, ... for the
    /// families; `a1`, `b1`, ... on grids).
    pub fn name(&self, v: usize) -> &str {
        self.graph.name(v)
    }

    /// The spec this game was made from: `arckayles:path:20`.
    pub fn spec(&self) -> &str {
        self.graph.spec()
    }

    /// Every vertex present.
    pub fn start(&self) -> u128 {
        self.graph.start()
    }

    /// The position after taking the edge `u v` in `pos` (its two ends go).
    pub fn take(&self, pos: u128, u: usize, v: usize) -> u128 {
        pos & !(1 << u | 1 << v)
    }

    /// The edges `(u, v)` with `u < v` whose ends are both in `pos`, in
    /// order: the moves of `pos`.
    ///
    /// ```
    /// use grundy::games::ArcKayles;
    /// let star = ArcKayles::parse("arckayles:star:3", None).unwrap();
    /// assert_eq!(star.edges_in(star.start()), vec![(0, 1), (0, 2), (0, 3)]);
    /// assert!(star.edges_in(star.take(star.start(), 0, 1)).is_empty());
    /// ```
    pub fn edges_in(&self, pos: u128) -> Vec<(usize, usize)> {
        self.graph.edges_in(pos)
    }

    /// Every edge `(u, v)` with `u < v`, in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        self.edges_in(self.start())
    }

    /// The value of the position `pos` (bit `v` set while vertex `v` is
    /// there), its outcome and the winning moves (the edges to take), as
    /// [`SearchOptions`] ask; `tick` gets the search's counters every
    /// thousand positions or so.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{ArcKayles, SearchOptions};
    /// use grundy::Nimber;
    /// let path = ArcKayles::parse("arckayles:path:5", None).unwrap();
    /// let r = path.search_at(path.start(), &SearchOptions::default(), &Cancel::new(), &mut |_| {}).unwrap();
    /// // 0.07 at 5 is *0: every edge leaves one edge and a lone vertex or
    /// // a path of 3 (*1).
    /// assert_eq!(r.value, Some(Nimber(0)));
    /// assert!(r.winning_moves.is_empty());
    /// ```
    pub fn search_at(
        &self,
        pos: u128,
        options: &SearchOptions,
        cancel: &Cancel,
        tick: &mut dyn FnMut(SearchStats),
    ) -> Result<SearchReport<(usize, usize)>, Cancelled> {
        vertex_graph::search_at(self, pos, options, cancel, tick)
    }
}

impl VertexGame for ArcKayles {
    /// The edge taken, by its ends.
    type Move = (usize, usize);

    fn graph(&self) -> &VertexGraph {
        &self.graph
    }

    fn moves_of(&self, pos: u128) -> Vec<((usize, usize), u128)> {
        self.edges_in(pos)
            .into_iter()
            .map(|(u, v)| ((u, v), self.take(pos, u, v)))
            .collect()
    }
}

impl ImpartialGame for ArcKayles {
    /// The vertices still there (bit `v`).
    type Position = u128;

    fn moves(&self, &pos: &u128, out: &mut Vec<u128>) {
        let mut rest = pos;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut near = self.graph.neighbours(u) & rest;
            while near != 0 {
                let v = near.trailing_zeros() as usize;
                near &= near - 1;
                out.push(self.take(pos, u, v));
            }
        }
    }

    fn size(&self, pos: &u128) -> Option<u64> {
        Some(u64::from(pos.count_ones()))
    }

    fn components(&self, &pos: &u128, out: &mut Vec<u128>) {
        // A lone vertex has no edge: no move, worth *0.
        self.graph.components(pos, true, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{value, Cache, Unsplit};
    use crate::games::NodeKayles;
    use crate::heap::HeapRuleset;
    use crate::search::{MisereSearch, Search};
    use crate::Nimber;
    use grundy_testkit::Plain;

    /// The values of a heap game from the heap engine.
    fn heap_values(code: &str, n: usize) -> Vec<u64> {
        let game = HeapRuleset::parse(code).unwrap();
        crate::heap::sequence::values(&game, n)
            .iter()
            .map(|v| v.0)
            .collect()
    }

    // Arc Kayles by its definition on edges, not vertices (the test kit's
    // rules): the options of `left`, a set of edges, for the kit's plain
    // search.
    use grundy_testkit::graphs::arc_kayles_moves as moves;

    #[test]
    fn paths_are_the_octal_game_0_07_and_node_kayles_one_shorter() {
        let g = heap_values("0.07", 60);
        let dawson = heap_values("0.137", 60);
        for n in 1..=60 {
            let path = ArcKayles::parse(&format!("arckayles:path:{n}"), None).unwrap();
            let v = Search::new(&path).nimber(&path.start()).unwrap();
            assert_eq!(v, Nimber(g[n]), "path of {n}");
            // Arc Kayles on n vertices is Node Kayles on n - 1.
            assert_eq!(v.0, dawson[n - 1], "path of {n}");
            if n > 1 {
                let nodes = NodeKayles::parse(&format!("nodekayles:path:{}", n - 1), None).unwrap();
                assert_eq!(Search::new(&nodes).nimber(&nodes.start()).unwrap(), v);
            }
        }
    }

    #[test]
    fn cycles_are_paths_two_shorter() {
        // Every first move on a cycle leaves a path of n - 2 vertices.
        let g = heap_values("0.07", 60);
        for n in 3..=60 {
            let cycle = ArcKayles::parse(&format!("arckayles:cycle:{n}"), None).unwrap();
            let v = Search::new(&cycle).nimber(&cycle.start()).unwrap();
            assert_eq!(v, Nimber(u64::from(g[n - 2] == 0)), "cycle of {n}");
        }
    }

    #[test]
    fn random_graphs_match_brute_force_on_edges() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..300 {
            let n = 1 + (next() % 12) as usize;
            let density = 1 + next() % 5;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 10 < density && edges.len() < 20 {
                        edges.push((a, b));
                    }
                }
            }
            let g = ArcKayles::from_edges(n, &edges, &[], "random");
            let all = (1u64 << edges.len()) - 1;
            let mut normal = Plain::normal(|&left: &u64| moves(&edges, left));
            let mut misere = Plain::misere(|&left: &u64| moves(&edges, left));
            let expected = Nimber(normal.value(&all));
            let misere_win = misere.mover_wins(&all);
            assert_eq!(
                value(&Unsplit(&g), &g.start(), &mut Cache::new()).unwrap(),
                expected
            );
            assert_eq!(
                Search::new(&g).nimber(&g.start()).unwrap(),
                expected,
                "{edges:?}"
            );
            assert_eq!(
                MisereSearch::new(&g).wins(&g.start()).unwrap(),
                misere_win,
                "misère {edges:?}"
            );
            let options = SearchOptions {
                threads: 1 + round % 3,
                ..SearchOptions::default()
            };
            let report = g
                .search_at(g.start(), &options, &Cancel::new(), &mut |_| {})
                .unwrap();
            assert_eq!(report.value, Some(expected), "{edges:?}");
            // The winning edges: those whose removal (with its neighbours)
            // leaves a brute-force P-position.
            let winning: Vec<(usize, usize)> = edges
                .iter()
                .zip(moves(&edges, all))
                .filter(|&(_, after)| normal.value(&after) == 0)
                .map(|(&edge, _)| edge)
                .collect();
            let mut reported = report.winning_moves.clone();
            reported.sort_unstable();
            let mut winning = winning;
            winning.sort_unstable();
            assert_eq!(reported, winning, "{edges:?}");
        }
    }

    #[test]
    fn named_graphs_match_the_plain_solver() {
        for spec in [
            "arckayles:petersen",
            "arckayles:grid:3x4",
            "arckayles:complete:6",
            "arckayles:star:5",
        ] {
            let g = ArcKayles::parse(spec, None).unwrap();
            let expected = value(&Unsplit(&g), &g.start(), &mut Cache::new()).unwrap();
            assert_eq!(
                Search::new(&g).nimber(&g.start()).unwrap(),
                expected,
                "{spec}"
            );
        }
        // Any edge of a star or a triangle ends the game.
        for spec in ["arckayles:star:7", "arckayles:complete:3"] {
            let g = ArcKayles::parse(spec, None).unwrap();
            assert_eq!(Search::new(&g).nimber(&g.start()).unwrap(), Nimber(1));
        }
    }

    #[test]
    fn bad_specs_are_located() {
        for (spec, offset) in [
            ("arckayles:path:", 15),
            ("arckayles:cycle:2", 16),
            ("arckayles:grid:12x12", 18),
            ("nodekayles:path:3", 0),
        ] {
            let err = ArcKayles::parse(spec, None).unwrap_err();
            let GameError::Spec(e) = &err else {
                panic!("{spec}: {err}");
            };
            assert_eq!(e.span().unwrap().start, offset, "{spec}: {err}");
        }
    }
}
