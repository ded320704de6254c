//! What the games played on the vertices of a named graph share, so that
//! each family keeps only its rules.
//!
//! Node Kayles (pick a vertex: it and its neighbours go) and Arc Kayles
//! (take an edge: its two ends go) both play on a graph of up to 128
//! vertices, a position the set of vertices still there, a bitmask in a
//! `u128`. This module holds that graph ([`VertexGraph`]: neighbours as
//! bits, names, shape, spec, connected parts), and the plumbing of their
//! [`Position`](crate::games::Position)s: the spec with the vertices gone
//! (`nodekayles:cycle:9-{3,4,5}`), the search under either convention,
//! and the drawing the web page shows. A family says what a move is
//! ([`VertexGame`]) and how a player types one.

use std::fmt;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::games::board::{misere_position, search_position, searcher};
use crate::games::error::GameError;
use crate::games::named_graph::{gone_list, parse_gone, NamedGraph, ReadFile, Shape};
use crate::games::position::{Datum, SolveOptions};
use crate::games::{SearchOptions, SearchReport};
use crate::search::SearchStats;

/// The most vertices a graph may have: a position is a `u128`.
pub(crate) const MAX_VERTICES: usize = 128;

/// A graph of 1 to 128 vertices as the games on its vertices keep it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct VertexGraph {
    /// `adjacent[v]`: the neighbours of `v`, as bits.
    adjacent: Vec<u128>,
    names: Vec<String>,
    /// The shape of the named graph: paths and cycles know that their
    /// parts are paths.
    shape: Shape,
    spec: String,
}

impl VertexGraph {
    /// The graph with `n` vertices (named `names`, or `1` to `n` when
    /// `names` is empty) and the undirected `edges` (a loop `v v`, or an
    /// end out of range, is ignored), made from `spec`. The caller checks
    /// that `n` is within `1..=128`.
    pub(crate) fn new(
        n: usize,
        edges: &[(usize, usize)],
        names: &[String],
        spec: &str,
    ) -> VertexGraph {
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
        VertexGraph {
            adjacent,
            names,
            shape: Shape::Edges,
            spec: spec.to_owned(),
        }
    }

    /// The graph of a spec `family:GRAPH` (the graph as
    /// [`NamedGraph::parse`] reads it, of at most 128 vertices; a file with
    /// `read`), for the game named `game` in messages.
    ///
    /// # Errors
    /// Those of [`NamedGraph::parse_family`].
    pub(crate) fn parse(
        spec: &str,
        family: &str,
        game: &'static str,
        read: Option<ReadFile<'_>>,
    ) -> Result<VertexGraph, GameError> {
        let limits = NamedGraph::limits(game, MAX_VERTICES);
        let graph = NamedGraph::parse_family(spec, family, &limits, read)?;
        let mut out = VertexGraph::new(
            graph.vertices,
            &graph.edges,
            &graph.names,
            &format!("{family}:{graph}"),
        );
        out.shape = graph.shape;
        Ok(out)
    }

    /// The number of vertices.
    pub(crate) fn vertices(&self) -> usize {
        self.adjacent.len()
    }

    /// The name of vertex `v`.
    pub(crate) fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// Every vertex's name.
    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    /// The spec the graph was made from.
    pub(crate) fn spec(&self) -> &str {
        &self.spec
    }

    /// The shape of the named graph.
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether `u` and `v` are joined by an edge.
    pub(crate) fn joined(&self, u: usize, v: usize) -> bool {
        self.adjacent[u] >> v & 1 == 1
    }

    /// The neighbours of `v`, as bits.
    pub(crate) fn neighbours(&self, v: usize) -> u128 {
        self.adjacent[v]
    }

    /// Every vertex present.
    pub(crate) fn start(&self) -> u128 {
        u128::MAX >> (128 - self.vertices())
    }

    /// The vertices of `pos`, in order.
    pub(crate) fn vertices_in(&self, pos: u128) -> impl Iterator<Item = usize> {
        (0..self.vertices()).filter(move |&v| pos >> v & 1 == 1)
    }

    /// The edges `(u, v)` with `u < v` whose ends are both in `pos`, in
    /// order.
    pub(crate) fn edges_in(&self, pos: u128) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut rest = pos;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut near = self.adjacent[u] & rest;
            while near != 0 {
                let v = near.trailing_zeros() as usize;
                near &= near - 1;
                out.push((u, v));
            }
        }
        out
    }

    /// The connected parts of `pos` for [`ImpartialGame::components`],
    /// lone vertices left out when `skip_lone` (a game in which they have
    /// no move). On a path or a cycle every part but the whole cycle is a
    /// path, given as its length (vertices `0..len`, the low bits), so each
    /// length is solved once.
    pub(crate) fn components(&self, pos: u128, skip_lone: bool, out: &mut Vec<u128>) {
        let mut rest = pos;
        while rest != 0 {
            let part = self.part_of_lowest(rest);
            rest &= !part;
            if skip_lone && part.count_ones() < 2 {
                continue;
            }
            let whole_cycle = self.shape == Shape::Cycle && part == self.start();
            if matches!(self.shape, Shape::Path | Shape::Cycle) && !whole_cycle {
                // A part of a path or a cycle is a path: its length says
                // all, and vertices 0..len of the graph form one.
                out.push((1u128 << part.count_ones()) - 1);
            } else {
                out.push(part);
            }
        }
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

    /// Writes the position `left`: the spec, and `-{A,B,...}` naming the
    /// vertices gone when some are.
    pub(crate) fn write_position(&self, left: u128, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec())?;
        if left != self.start() {
            let gone: Vec<&str> = self.vertices_in(!left).map(|v| self.name(v)).collect();
            write!(f, "-{{{}}}", gone.join(","))?;
        }
        Ok(())
    }

    /// The drawing of `left` for the page, under `kind`: each vertex with
    /// its place (`x`, `y` in `0..=1`) and whether it is still there, and
    /// the edges.
    pub(crate) fn drawing(&self, left: u128, kind: &str) -> Datum {
        let at = place(self.vertices(), self.shape);
        let present = |v: usize| left >> v & 1 == 1;
        let vertices = (0..self.vertices())
            .map(|v| {
                Datum::Map(vec![
                    ("id", Datum::Int(v as i64)),
                    ("name", Datum::Text(self.name(v).to_owned())),
                    ("x", Datum::Float(at[v].0)),
                    ("y", Datum::Float(at[v].1)),
                    ("present", Datum::Bool(present(v))),
                ])
            })
            .collect();
        let edges = self
            .edges_in(self.start())
            .iter()
            .map(|&(a, b)| Datum::List(vec![Datum::Int(a as i64), Datum::Int(b as i64)]))
            .collect();
        let removed = (0..self.vertices())
            .filter(|&v| !present(v))
            .map(|v| Datum::Int(v as i64))
            .collect();
        Datum::Map(vec![
            ("kind", Datum::Text(kind.into())),
            ("vertices", Datum::List(vertices)),
            ("edges", Datum::List(edges)),
            ("removed", Datum::List(removed)),
        ])
    }
}

/// A game on the vertices of a [`VertexGraph`]: its rules are what a move
/// is and what it leaves.
pub(crate) trait VertexGame: ImpartialGame<Position = u128> + Sync {
    /// A move as the family names it (a vertex, an edge).
    type Move: Clone;

    /// The graph.
    fn graph(&self) -> &VertexGraph;

    /// Every move of `pos` with the position it leaves, in the order they
    /// are reported.
    fn moves_of(&self, pos: u128) -> Vec<(Self::Move, u128)>;
}

/// The value of `pos` (within the graph), its outcome and the winning
/// moves, as `options` ask; `tick` gets the search's counters.
///
/// # Errors
/// [`Cancelled`] once `cancel` fires.
pub(crate) fn search_at<G: VertexGame>(
    game: &G,
    pos: u128,
    options: &SearchOptions,
    cancel: &Cancel,
    tick: &mut dyn FnMut(SearchStats),
) -> Result<SearchReport<G::Move>, Cancelled> {
    cancel.check()?;
    let pos = pos & game.graph().start();
    let moves = game.moves_of(pos);
    search_position(
        || searcher(game, options, cancel),
        tick,
        pos,
        &moves,
        options,
    )
}

/// [`search_at`] under the convention, cancellation and progress of
/// `options`, for [`Position::solve`](crate::games::Position::solve).
///
/// # Errors
/// [`Cancelled`] once the options' cancellation fires.
pub(crate) fn solve<G: VertexGame>(
    game: &G,
    left: u128,
    options: &mut SolveOptions<'_>,
) -> Result<SearchReport<G::Move>, Cancelled> {
    let misere = options.convention == crate::Convention::Misere;
    options.with_parts(|search, cancel, progress| {
        if misere {
            let moves = game.moves_of(left);
            misere_position(game, &left, &moves, search, cancel, progress)
        } else {
            search_at(game, left, search, cancel, progress)
        }
    })
}

/// The game and the vertices left of a position's spec, `family:GRAPH` or
/// `family:GRAPH-{A,B,...}` with the vertices gone named in braces; `parse`
/// reads the game from the spec before the braces.
///
/// # Errors
/// Those of `parse`, and a name in braces that is not a vertex of the
/// graph.
pub(crate) fn parse_position<G: VertexGame>(
    spec: &str,
    parse: impl FnOnce(&str) -> Result<G, GameError>,
) -> Result<(G, u128), GameError> {
    let Some(open) = gone_list(spec) else {
        let game = parse(spec)?;
        let left = game.graph().start();
        return Ok((game, left));
    };
    let game = parse(&spec[..open])?;
    let graph = game.graph();
    let left = graph.start() & !parse_gone(spec, open, graph.names(), graph.spec())?;
    Ok((game, left))
}

/// Where the page draws each of the `n` vertices of a graph of `shape`,
/// in `0..=1` both ways: grids as grids, paths as a snake of rows of 8,
/// stars around their centre, the Petersen graph as its pentagon and
/// pentagram, other graphs on a circle (Node Kayles' `layout`, and every
/// game played on a named graph).
pub(crate) fn place(n: usize, shape: Shape) -> Vec<(f64, f64)> {
    let ring = |count: usize, radius: f64, turn: f64| -> Vec<(f64, f64)> {
        (0..count)
            .map(|i| {
                let a = std::f64::consts::TAU * (i as f64 + turn) / count as f64
                    - std::f64::consts::FRAC_PI_2;
                (0.5 + radius * a.cos(), 0.5 + radius * a.sin())
            })
            .collect()
    };
    let spread = |i: usize, count: usize| {
        if count < 2 {
            0.5
        } else {
            i as f64 / (count - 1) as f64
        }
    };
    match shape {
        Shape::Grid { cols, .. } => {
            let cols = cols.max(1);
            let rows = n.div_ceil(cols);
            (0..n)
                .map(|v| (spread(v % cols, cols), spread(v / cols, rows)))
                .collect()
        }
        Shape::Path => {
            let width = n.min(8);
            let rows = n.div_ceil(width);
            (0..n)
                .map(|v| {
                    let (r, c) = (v / width, v % width);
                    let c = if r % 2 == 1 { width - 1 - c } else { c };
                    (spread(c, width), spread(r, rows))
                })
                .collect()
        }
        Shape::Star => {
            let mut at = vec![(0.5, 0.5)];
            at.extend(ring(n - 1, 0.5, 0.0));
            at
        }
        Shape::Petersen => {
            let mut at = ring(5, 0.5, 0.0);
            at.extend(ring(5, 0.25, 0.0));
            at
        }
        Shape::Cycle | Shape::Complete | Shape::Edges => ring(n, 0.5, 0.0),
    }
}
