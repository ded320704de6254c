//! Node Kayles: a move picks a vertex of a graph and removes it with all
//! its neighbours; whoever cannot move loses.
//!
//! A position is the set of vertices still there, a bitmask in a `u128`
//! (graphs of up to 128 vertices). The parts of the graph that no edge
//! joins are independent games, so [`ImpartialGame::components`] splits a
//! position into its connected parts. On a path or a cycle every part but
//! the whole cycle is a path, and a path is stored as its length (the low
//! bits), so each length is solved once.
//!
//! The spec is `nodekayles:GRAPH`, a graph of
//! [`named_graph`](crate::games::named_graph) (`path:N`, `cycle:N`,
//! `grid:RxC`, `complete:N`, `star:N`, `petersen`, or an edge-list file),
//! and a position after some picks adds the vertices gone:
//! `nodekayles:cycle:9-{3,4,5}`. This module is all of Node Kayles: the
//! game on the search's trait ([`NodeKayles`]), and every front end's
//! view of its positions ([`KaylesPosition`], a
//! [`Position`](crate::games::Position)): moves, play, drawing.
//!
//! ```
//! use grundy::games::NodeKayles;
//! use grundy::search::Search;
//! use grundy::Nimber;
//!
//! // A path of n vertices is the octal game 0.137 with a heap of n:
//! // G(5) = 3.
//! let path = NodeKayles::parse("nodekayles:path:5", None)?;
//! assert_eq!(Search::new(&path).nimber(&path.start()).unwrap(), Nimber(3));
//! # Ok::<(), grundy::games::GameError>(())
//! ```

pub(crate) mod layout;
pub(crate) mod position;

pub use layout::layout;
pub use position::KaylesPosition;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::games::error::GameError;
use crate::games::named_graph::ReadFile;
use crate::games::vertex_graph::{self, VertexGame, VertexGraph};
use crate::games::{SearchOptions, SearchReport};
use crate::search::SearchStats;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = vertex_graph::MAX_VERTICES;

/// Node Kayles on one graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeKayles {
    graph: VertexGraph,
}

/// Why a graph cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NodeKaylesError {
    /// More than [`MAX_VERTICES`] vertices.
    #[error("the graph has {0} vertices; Node Kayles positions hold at most 128")]
    TooManyVertices(usize),
    /// A graph without vertices.
    #[error("the graph has no vertices")]
    Empty,
}

impl NodeKayles {
    /// Node Kayles on the graph with `n` vertices (named `names`, or `1` to
    /// `n` when `names` is empty) and the undirected `edges` (a loop `v v`
    /// is ignored).
    ///
    /// # Errors
    /// More than 128 vertices, or none.
    ///
    /// ```
    /// use grundy::games::NodeKayles;
    /// let triangle = NodeKayles::from_edges(3, &[(0, 1), (1, 2), (2, 0)], &[], "triangle").unwrap();
    /// assert_eq!(triangle.vertices(), 3);
    /// assert_eq!(triangle.name(2), "3");
    /// ```
    pub fn from_edges(
        n: usize,
        edges: &[(usize, usize)],
        names: &[String],
        spec: &str,
    ) -> Result<NodeKayles, NodeKaylesError> {
        if n > MAX_VERTICES {
            return Err(NodeKaylesError::TooManyVertices(n));
        }
        if n == 0 {
            return Err(NodeKaylesError::Empty);
        }
        Ok(NodeKayles {
            graph: VertexGraph::new(n, edges, names, spec),
        })
    }

    /// Node Kayles on the graph of a spec, `nodekayles:GRAPH` (the graph
    /// as [`NamedGraph::parse`] reads it; a file with `read`).
    ///
    /// # Errors
    /// A spec that does not start with `nodekayles:`, a graph that does not
    /// parse, a file that cannot be read or is not a graph of 1 to 128
    /// vertices.
    ///
    /// ```
    /// use grundy::games::NodeKayles;
    /// assert_eq!(NodeKayles::parse("nodekayles:cycle:30", None)?.vertices(), 30);
    /// assert_eq!(NodeKayles::parse("NodeKayles:grid:4x6", None)?.spec(), "nodekayles:grid:4x6");
    /// let err = NodeKayles::parse("nodekayles:path:200", None).unwrap_err();
    /// assert!(err.to_string().starts_with("at byte 16: vertices: 200 is out of range"));
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str, read: Option<ReadFile<'_>>) -> Result<NodeKayles, GameError> {
        let graph = VertexGraph::parse(spec, "nodekayles", "Node Kayles", read)?;
        Ok(NodeKayles { graph })
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

    /// The spec this game was made from: `nodekayles:path:20`.
    pub fn spec(&self) -> &str {
        self.graph.spec()
    }

    /// Every vertex present.
    pub fn start(&self) -> u128 {
        self.graph.start()
    }

    /// The position after picking `v` in `pos`.
    pub fn pick(&self, pos: u128, v: usize) -> u128 {
        pos & !(self.graph.neighbours(v) | 1 << v)
    }

    /// The value of the whole graph, its outcome and the winning moves (the
    /// vertices to pick), as [`SearchOptions`] ask; `tick` gets the search's
    /// counters every thousand positions or so.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{NodeKayles, SearchOptions};
    /// use grundy::Nimber;
    /// let star = NodeKayles::parse("nodekayles:star:4", None).unwrap();
    /// let r = star.search(&SearchOptions::default(), &Cancel::new(), &mut |_| {}).unwrap();
    /// // Picking the centre takes everything (*0); picking a leaf takes it
    /// // and the centre, and leaves 3 lone leaves (*1 each, *1 in all).
    /// assert_eq!(r.value, Some(Nimber(2)));
    /// assert_eq!(r.winning_moves, vec![0]);
    /// ```
    pub fn search(
        &self,
        options: &SearchOptions,
        cancel: &Cancel,
        tick: &mut dyn FnMut(SearchStats),
    ) -> Result<SearchReport<usize>, Cancelled> {
        self.search_at(self.start(), options, cancel, tick)
    }

    /// [`NodeKayles::search`] from the position `pos` (bit `v` set while
    /// vertex `v` is there): the winning moves are vertices of `pos`.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{NodeKayles, SearchOptions};
    /// use grundy::Nimber;
    /// let path = NodeKayles::parse("nodekayles:path:5", None).unwrap();
    /// // Vertex 3 (index 2) picked: two lone vertices are left, *1 + *1.
    /// let pos = path.pick(path.start(), 2);
    /// let r = path.search_at(pos, &SearchOptions::default(), &Cancel::new(), &mut |_| {}).unwrap();
    /// assert_eq!(r.value, Some(Nimber(0)));
    /// assert!(r.winning_moves.is_empty());
    /// ```
    pub fn search_at(
        &self,
        pos: u128,
        options: &SearchOptions,
        cancel: &Cancel,
        tick: &mut dyn FnMut(SearchStats),
    ) -> Result<SearchReport<usize>, Cancelled> {
        vertex_graph::search_at(self, pos, options, cancel, tick)
    }

    /// The edges `(u, v)` with `u < v`, in order.
    ///
    /// ```
    /// use grundy::games::NodeKayles;
    /// let star = NodeKayles::parse("nodekayles:star:3", None).unwrap();
    /// assert_eq!(star.edges(), vec![(0, 1), (0, 2), (0, 3)]);
    /// ```
    pub fn edges(&self) -> Vec<(usize, usize)> {
        self.graph.edges_in(self.start())
    }
}

impl VertexGame for NodeKayles {
    /// The vertex picked.
    type Move = usize;

    fn graph(&self) -> &VertexGraph {
        &self.graph
    }

    fn moves_of(&self, pos: u128) -> Vec<(usize, u128)> {
        self.graph
            .vertices_in(pos)
            .map(|v| (v, self.pick(pos, v)))
            .collect()
    }
}

impl ImpartialGame for NodeKayles {
    /// The vertices still there (bit `v`).
    type Position = u128;

    fn moves(&self, &pos: &u128, out: &mut Vec<u128>) {
        let mut rest = pos;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out.push(self.pick(pos, v));
        }
    }

    fn size(&self, pos: &u128) -> Option<u64> {
        Some(u64::from(pos.count_ones()))
    }

    fn components(&self, &pos: &u128, out: &mut Vec<u128>) {
        self.graph.components(pos, false, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{value, Cache, Unsplit};
    use crate::heap::HeapRuleset;
    use crate::search::Search;
    use crate::Nimber;

    /// The values of the octal game 0.137 from the heap engine.
    fn dawson(n: usize) -> Vec<u64> {
        let game = HeapRuleset::parse("0.137").unwrap();
        crate::heap::sequence::values(&game, n)
            .iter()
            .map(|v| v.0)
            .collect()
    }

    #[test]
    fn paths_are_the_octal_game_0_137() {
        let g = dawson(60);
        for (n, &value) in g.iter().enumerate().skip(1) {
            let path = NodeKayles::parse(&format!("nodekayles:path:{n}"), None).unwrap();
            assert_eq!(
                Search::new(&path).nimber(&path.start()).unwrap(),
                Nimber(value),
                "path of {n}"
            );
        }
    }

    #[test]
    fn cycles_are_paths_three_shorter() {
        // The only first move on a cycle leaves a path of n - 3 vertices.
        let g = dawson(60);
        for n in 3..=60 {
            let cycle = NodeKayles::parse(&format!("nodekayles:cycle:{n}"), None).unwrap();
            let v = Search::new(&cycle).nimber(&cycle.start()).unwrap();
            assert_eq!(v, Nimber(u64::from(g[n - 3] == 0)), "cycle of {n}");
        }
    }

    #[test]
    fn random_graphs_match_the_plain_solver() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..300 {
            let n = 1 + (next() % 14) as usize;
            let density = 1 + next() % 5;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 10 < density {
                        edges.push((a, b));
                    }
                }
            }
            let g = NodeKayles::from_edges(n, &edges, &[], "random").unwrap();
            let expected = value(&Unsplit(&g), &g.start(), &mut Cache::new()).unwrap();
            assert_eq!(
                Search::new(&g).nimber(&g.start()).unwrap(),
                expected,
                "{edges:?}"
            );
            assert_eq!(
                Search::new(&g).is_p(&g.start()).unwrap(),
                expected == Nimber(0)
            );
            assert_eq!(value(&g, &g.start(), &mut Cache::new()).unwrap(), expected);
            // The engine's report, on one to three threads: the value and
            // every vertex that leaves a P-position.
            let options = SearchOptions {
                threads: 1 + round % 3,
                ..SearchOptions::default()
            };
            let report = g
                .search_at(g.start(), &options, &Cancel::new(), &mut |_| {})
                .unwrap();
            assert_eq!(report.value, Some(expected), "{edges:?}");
            let mut cache = Cache::new();
            let winning: Vec<usize> = (0..n)
                .filter(|&v| {
                    value(&Unsplit(&g), &g.pick(g.start(), v), &mut cache).unwrap() == Nimber(0)
                })
                .collect();
            assert_eq!(report.winning_moves, winning, "{edges:?}");
        }
    }

    #[test]
    fn named_graphs() {
        for (spec, vertices) in [
            ("nodekayles:petersen", 10),
            ("nodekayles:grid:3x4", 12),
            ("nodekayles:complete:6", 6),
            ("nodekayles:star:5", 6),
        ] {
            let g = NodeKayles::parse(spec, None).unwrap();
            assert_eq!(g.vertices(), vertices);
            let expected = value(&Unsplit(&g), &g.start(), &mut Cache::new()).unwrap();
            assert_eq!(
                Search::new(&g).nimber(&g.start()).unwrap(),
                expected,
                "{spec}"
            );
        }
        // One pick empties a complete graph or a star from its centre.
        let k = NodeKayles::parse("nodekayles:complete:9", None).unwrap();
        assert_eq!(Search::new(&k).nimber(&k.start()).unwrap(), Nimber(1));
        // Petersen: every vertex is alike; a pick leaves 6 vertices.
        let p = NodeKayles::parse("nodekayles:petersen", None).unwrap();
        assert_eq!(p.pick(p.start(), 0).count_ones(), 6);
    }

    #[test]
    fn bad_families_are_located() {
        for (spec, offset) in [
            ("nodekayles:path:", 16),
            ("nodekayles:path:x", 16),
            ("nodekayles:cycle:2", 17),
            ("nodekayles:grid:4y6", 19),
            ("nodekayles:grid:12x12", 19),
            ("nodekayles:petersen:3", 19),
            ("  ñodekayles:path:3", 2),
        ] {
            let err = NodeKayles::parse(spec, None).unwrap_err();
            let GameError::Spec(e) = &err else {
                panic!("{spec}: {err}");
            };
            assert_eq!(e.span().unwrap().start, offset, "{spec}: {err}");
        }
    }
}
