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
//! Named families: `nodekayles:path:N`, `nodekayles:cycle:N`,
//! `nodekayles:grid:RxC`, `nodekayles:complete:N`, `nodekayles:star:N`
//! (a centre and N leaves) and `nodekayles:petersen`. Any other graph comes
//! from an edge list ([`NodeKayles::from_graph`]), whose edges are read
//! both ways.
//!
//! ```
//! use grundy::games::NodeKayles;
//! use grundy::search::Search;
//! use grundy::Nimber;
//!
//! // A path of n vertices is the octal game 0.137 with a heap of n:
//! // G(5) = 3.
//! let path = NodeKayles::family("nodekayles:path:5").unwrap().unwrap();
//! assert_eq!(Search::new(&path).nimber(&path.start()).unwrap(), Nimber(3));
//! ```

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::games::board::{search_position, searcher};
use crate::games::spec::SpecError;
use crate::games::{SearchOptions, SearchReport};
use crate::graph::Graph;
use crate::search::SearchStats;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 128;

/// Which family a graph comes from: paths and cycles know that their parts
/// are paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Path,
    Cycle,
    Other,
}

/// Node Kayles on one graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeKayles {
    /// `adjacent[v]`: the neighbours of `v`, as bits.
    adjacent: Vec<u128>,
    names: Vec<String>,
    family: Family,
    spec: String,
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
        let mut adjacent = vec![0u128; n];
        for &(a, b) in edges {
            if a != b && a < n && b < n {
                adjacent[a] |= 1 << b;
                adjacent[b] |= 1 << a;
            }
        }
        let names = if names.len() == n {
            names.to_vec()
        } else {
            (1..=n).map(|i| i.to_string()).collect()
        };
        Ok(NodeKayles {
            adjacent,
            names,
            family: Family::Other,
            spec: spec.to_owned(),
        })
    }

    /// Node Kayles on a graph read as an edge list: every edge joins its
    /// two vertices both ways.
    ///
    /// # Errors
    /// More than 128 vertices, or none.
    ///
    /// ```
    /// use grundy::games::NodeKayles;
    /// use grundy::graph::Graph;
    /// let g = Graph::parse_edge_list("a b\nb c\n").unwrap();
    /// let game = NodeKayles::from_graph(&g, "nodekayles:abc.txt").unwrap();
    /// assert_eq!((game.vertices(), game.name(0)), (3, "a"));
    /// ```
    pub fn from_graph(graph: &Graph, spec: &str) -> Result<NodeKayles, NodeKaylesError> {
        let n = graph.node_count();
        let names: Vec<String> = graph.nodes().map(|v| graph.name(v).to_owned()).collect();
        let edges: Vec<(usize, usize)> = graph
            .nodes()
            .flat_map(|v| {
                graph
                    .followers(v)
                    .iter()
                    .map(move |&w| (v as usize, w as usize))
            })
            .collect();
        NodeKayles::from_edges(n, &edges, &names, spec)
    }

    /// Whether `text` names Node Kayles (`nodekayles:...`).
    pub fn is_spec(text: &str) -> bool {
        text.trim_start()
            .get(..11)
            .is_some_and(|p| p.eq_ignore_ascii_case("nodekayles:"))
    }

    /// The family named after `nodekayles:`, or `Ok(None)` when the rest is
    /// not a family's name (then it names a file, which the caller reads).
    ///
    /// # Errors
    /// Text that does not start with `nodekayles:`, or a family with a
    /// missing, malformed or too large size, located by byte offset.
    ///
    /// ```
    /// use grundy::games::NodeKayles;
    /// assert_eq!(NodeKayles::family("nodekayles:cycle:30").unwrap().unwrap().vertices(), 30);
    /// assert_eq!(NodeKayles::family("nodekayles:grid:4x6").unwrap().unwrap().vertices(), 24);
    /// assert!(NodeKayles::family("nodekayles:my-graph.txt").unwrap().is_none());
    /// let err = NodeKayles::family("nodekayles:path:200").unwrap_err();
    /// assert!(err.to_string().starts_with("at byte 16: vertices 200 is out of range"));
    /// ```
    pub fn family(text: &str) -> Result<Option<NodeKayles>, SpecError> {
        let spec = text.trim();
        let lead = text.len() - text.trim_start().len();
        if !NodeKayles::is_spec(text) {
            return Err(SpecError::Unexpected {
                offset: lead,
                expected: "'nodekayles:'",
                found: spec
                    .chars()
                    .next()
                    .map_or("end of spec".into(), |c| format!("'{c}'")),
            });
        }
        let rest = &spec[11.min(spec.len())..];
        let (name, arg) = rest.split_once(':').unwrap_or((rest, ""));
        let arg_at = lead + 11 + name.len() + 1;
        let number = |s: &str, at: usize, max: u64, what: &'static str, allowed: &'static str| {
            let digits = s.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || digits != s.len() {
                return Err(SpecError::Unexpected {
                    offset: at + digits,
                    expected: "a number",
                    found: s[digits..]
                        .chars()
                        .next()
                        .map_or("end of spec".into(), |c| format!("'{c}'")),
                });
            }
            let value = s.parse::<u64>().unwrap_or(u64::MAX);
            if value == 0 || value > max {
                return Err(SpecError::OutOfRange {
                    offset: at,
                    what,
                    value,
                    allowed,
                });
            }
            Ok(value as usize)
        };
        let canonical = |body: String| format!("nodekayles:{body}");
        let game = match name.to_ascii_lowercase().as_str() {
            "path" => {
                let n = number(arg, arg_at, 128, "vertices", "1 to 128")?;
                let edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
                let mut g = NodeKayles::from_edges(n, &edges, &[], &canonical(format!("path:{n}")))
                    .expect("1 to 128 vertices");
                g.family = Family::Path;
                g
            }
            "cycle" => {
                let n = number(arg, arg_at, 128, "vertices", "3 to 128")?;
                if n < 3 {
                    return Err(SpecError::OutOfRange {
                        offset: arg_at,
                        what: "vertices",
                        value: n as u64,
                        allowed: "3 to 128",
                    });
                }
                let edges: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
                let mut g =
                    NodeKayles::from_edges(n, &edges, &[], &canonical(format!("cycle:{n}")))
                        .expect("3 to 128 vertices");
                g.family = Family::Cycle;
                g
            }
            "complete" => {
                let n = number(arg, arg_at, 128, "vertices", "1 to 128")?;
                let edges: Vec<_> = (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                    .collect();
                NodeKayles::from_edges(n, &edges, &[], &canonical(format!("complete:{n}")))
                    .expect("1 to 128 vertices")
            }
            "star" => {
                let n = number(arg, arg_at, 127, "leaves", "1 to 127")?;
                let edges: Vec<_> = (1..=n).map(|leaf| (0, leaf)).collect();
                NodeKayles::from_edges(n + 1, &edges, &[], &canonical(format!("star:{n}")))
                    .expect("2 to 128 vertices")
            }
            "grid" => {
                let Some((r, c)) = arg.split_once(['x', 'X']) else {
                    return Err(SpecError::Unexpected {
                        offset: arg_at + arg.len(),
                        expected: "'x' between rows and columns (grid:4x6)",
                        found: "end of spec".into(),
                    });
                };
                let rows = number(r, arg_at, 128, "rows", "1 to 128, at most 128 vertices")?;
                let cols = number(
                    c,
                    arg_at + r.len() + 1,
                    128,
                    "columns",
                    "at most 128 vertices",
                )?;
                if rows * cols > MAX_VERTICES {
                    return Err(SpecError::OutOfRange {
                        offset: arg_at + r.len() + 1,
                        what: "columns",
                        value: cols as u64,
                        allowed: "at most 128 vertices in all",
                    });
                }
                let at = |i: usize, j: usize| i * cols + j;
                let mut edges = Vec::new();
                for i in 0..rows {
                    for j in 0..cols {
                        if j + 1 < cols {
                            edges.push((at(i, j), at(i, j + 1)));
                        }
                        if i + 1 < rows {
                            edges.push((at(i, j), at(i + 1, j)));
                        }
                    }
                }
                let names: Vec<String> = (0..rows)
                    .flat_map(|i| {
                        (0..cols).map(move |j| crate::games::board::cell_name((i as u8, j as u8)))
                    })
                    .collect();
                NodeKayles::from_edges(
                    rows * cols,
                    &edges,
                    &names,
                    &canonical(format!("grid:{rows}x{cols}")),
                )
                .expect("1 to 128 vertices")
            }
            "petersen" => {
                if !arg.is_empty() || rest.contains(':') {
                    return Err(SpecError::Unexpected {
                        offset: arg_at - 1,
                        expected: "end of spec (the Petersen graph has no size)",
                        found: "':'".into(),
                    });
                }
                // Outer 5-cycle 0..5, inner pentagram 5..10, spokes i - i+5.
                let mut edges = Vec::new();
                for i in 0..5 {
                    edges.push((i, (i + 1) % 5));
                    edges.push((5 + i, 5 + (i + 2) % 5));
                    edges.push((i, i + 5));
                }
                NodeKayles::from_edges(10, &edges, &[], &canonical("petersen".into()))
                    .expect("10 vertices")
            }
            _ => return Ok(None),
        };
        Ok(Some(game))
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.adjacent.len()
    }

    /// The name of vertex `v` (from the edge list; `1`, `2`, ... for the
    /// families; `a1`, `b1`, ... on grids).
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The spec this game was made from: `nodekayles:path:20`.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Every vertex present.
    pub fn start(&self) -> u128 {
        if self.vertices() == 128 {
            u128::MAX
        } else {
            (1u128 << self.vertices()) - 1
        }
    }

    /// The position after picking `v` in `pos`.
    pub fn pick(&self, pos: u128, v: usize) -> u128 {
        pos & !(self.adjacent[v] | 1 << v)
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
    /// let star = NodeKayles::family("nodekayles:star:4").unwrap().unwrap();
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
    /// let path = NodeKayles::family("nodekayles:path:5").unwrap().unwrap();
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
        cancel.check()?;
        let pos = pos & self.start();
        let moves: Vec<(usize, u128)> = (0..self.vertices())
            .filter(|&v| pos >> v & 1 == 1)
            .map(|v| (v, self.pick(pos, v)))
            .collect();
        search_position(
            || searcher(self, options, cancel),
            tick,
            pos,
            &moves,
            options,
        )
    }

    /// The edges `(u, v)` with `u < v`, in order.
    ///
    /// ```
    /// use grundy::games::NodeKayles;
    /// let star = NodeKayles::family("nodekayles:star:3").unwrap().unwrap();
    /// assert_eq!(star.edges(), vec![(0, 1), (0, 2), (0, 3)]);
    /// ```
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.vertices())
            .flat_map(|u| {
                let above = self.adjacent[u] & u128::MAX.checked_shl(u as u32 + 1).unwrap_or(0);
                (u + 1..self.vertices())
                    .filter(move |&v| above >> v & 1 == 1)
                    .map(move |v| (u, v))
            })
            .collect()
    }

    /// The connected part of `pos` that holds its lowest vertex.
    fn part_of_lowest(&self, pos: u128) -> u128 {
        let mut part = pos & pos.wrapping_neg();
        let mut frontier = part;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.adjacent[v] & pos & !part;
            part |= new;
            frontier |= new;
        }
        part
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
        let mut rest = pos;
        while rest != 0 {
            let part = self.part_of_lowest(rest);
            rest &= !part;
            let whole_cycle = self.family == Family::Cycle && part == self.start();
            if self.family != Family::Other && !whole_cycle {
                // A part of a path or a cycle is a path: its length says
                // all, and vertices 0..len of the graph form one.
                out.push((1u128 << part.count_ones()) - 1);
            } else {
                out.push(part);
            }
        }
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
        for n in 1..=60 {
            let path = NodeKayles::family(&format!("nodekayles:path:{n}"))
                .unwrap()
                .unwrap();
            assert_eq!(
                Search::new(&path).nimber(&path.start()).unwrap(),
                Nimber(g[n]),
                "path of {n}"
            );
        }
    }

    #[test]
    fn cycles_are_paths_three_shorter() {
        // The only first move on a cycle leaves a path of n - 3 vertices.
        let g = dawson(60);
        for n in 3..=60 {
            let cycle = NodeKayles::family(&format!("nodekayles:cycle:{n}"))
                .unwrap()
                .unwrap();
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
            let g = NodeKayles::family(spec).unwrap().unwrap();
            assert_eq!(g.vertices(), vertices);
            let expected = value(&Unsplit(&g), &g.start(), &mut Cache::new()).unwrap();
            assert_eq!(
                Search::new(&g).nimber(&g.start()).unwrap(),
                expected,
                "{spec}"
            );
        }
        // One pick empties a complete graph or a star from its centre.
        let k = NodeKayles::family("nodekayles:complete:9")
            .unwrap()
            .unwrap();
        assert_eq!(Search::new(&k).nimber(&k.start()).unwrap(), Nimber(1));
        // Petersen: every vertex is alike; a pick leaves 6 vertices.
        let p = NodeKayles::family("nodekayles:petersen").unwrap().unwrap();
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
            let err = NodeKayles::family(spec).unwrap_err();
            let at = match err {
                SpecError::Unexpected { offset, .. } | SpecError::OutOfRange { offset, .. } => {
                    offset
                }
                SpecError::BadPosition { offset, .. } => offset,
            };
            assert_eq!(at, offset, "{spec}: {err}");
        }
    }
}
