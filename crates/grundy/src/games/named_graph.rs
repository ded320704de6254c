//! Undirected graphs named in a spec, for the games played on a graph
//! (Node Kayles): `path:N`, `cycle:N`, `grid:RxC`, `complete:N`, `star:N`,
//! `petersen`, or a file holding an edge list.
//!
//! ```text
//! graph    := 'path:' N | 'cycle:' N | 'complete:' N | 'star:' N
//!           | 'grid:' R 'x' C | 'petersen' | FILE
//! ```
//!
//! The library reads no file itself: [`NamedGraph::parse`] takes a reader
//! from the front end that allows files (the CLI and Python pass one; the
//! web server does not), so that loading a graph file is written once.
//!
//! ```
//! use grundy::games::named_graph::{NamedGraph, Shape};
//!
//! let g = NamedGraph::parse("nodekayles:grid:2x3", 11, &NamedGraph::limits("Node Kayles", 128), None)?;
//! assert_eq!((g.vertices, g.edges.len(), g.shape), (6, 7, Shape::Grid { rows: 2, cols: 3 }));
//! assert_eq!(g.name(4), "b2");
//! assert_eq!(g.to_string(), "grid:2x3");
//! # Ok::<(), grundy::games::GameError>(())
//! ```

use std::fmt;

use crate::games::board::cell_name;
use crate::games::error::GameError;
use crate::games::spec::out_of_range;
use crate::graph::Graph;
use crate::span::{ParseError, Span};

/// Reads the file a spec names (`nodekayles:my-graph.txt`): the front end's
/// file system, handed to the library, which does no I/O of its own.
pub type ReadFile<'a> = &'a dyn Fn(&str) -> std::io::Result<String>;

/// What a game allows of the graphs it is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The game's name, for messages: `Node Kayles`.
    pub game: &'static str,
    /// The most vertices.
    pub max: usize,
}

/// The shape of a named graph, which games use to split positions faster
/// (a part of a path is a path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `path:N`: vertices `0..N` in a line.
    Path,
    /// `cycle:N`: a path whose ends are joined.
    Cycle,
    /// `grid:RxC`: rows of `C` vertices, each joined to its neighbours.
    Grid {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// `complete:N`: every two vertices joined.
    Complete,
    /// `star:N`: a centre (vertex 0) joined to `N` leaves.
    Star,
    /// `petersen`: the Petersen graph.
    Petersen,
    /// A graph read from an edge list.
    Edges,
}

/// An undirected graph from a spec: its vertices `0..vertices`, their
/// names, its edges, and the text that names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedGraph {
    /// The number of vertices.
    pub vertices: usize,
    /// The edges, each once (a loop `v v` is dropped).
    pub edges: Vec<(usize, usize)>,
    /// The vertices' names: `1` to `N` for the families, `a1`, `b1`, ...
    /// on grids, and the file's names for an edge list.
    pub names: Vec<String>,
    /// The shape.
    pub shape: Shape,
    /// The text that names the graph: `cycle:30`, or the file's path.
    pub text: String,
}

/// A decimal number typed at byte `at` of the spec, within `1..=max`.
pub(crate) fn number(
    s: &str,
    at: usize,
    max: u64,
    what: &str,
    allowed: &str,
) -> Result<usize, ParseError> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits != s.len() {
        let found = s[digits..]
            .chars()
            .next()
            .map_or("end of spec".into(), |c| format!("'{c}'"));
        return Err(ParseError::at_byte(
            at + digits,
            format!("expected a number, found {found}"),
        ));
    }
    let value = s.parse::<u64>().unwrap_or(u64::MAX);
    if value == 0 || value > max {
        let span = Span {
            start: at,
            end: at + digits,
        };
        return Err(out_of_range(span, what, value, allowed));
    }
    Ok(value as usize)
}

impl NamedGraph {
    /// What a game allows of its graphs, for [`NamedGraph::parse`]: at most
    /// `max` vertices, and the game's name for messages.
    pub fn limits(game: &'static str, max: usize) -> Limits {
        Limits { game, max }
    }

    /// The graph named by the text at byte `at` of `spec` (what follows
    /// the game's name and its `:`), within `limits`. A text that names no
    /// family is a file, read with `read` (refused when there is none).
    ///
    /// # Errors
    /// [`GameError::Spec`] for a family with a missing, malformed or too
    /// large size, located by byte; [`GameError::File`] for a file that
    /// cannot be read, is not an edge list, or has no vertex or too many;
    /// [`GameError::NoFiles`] for a file when `read` is `None`.
    pub fn parse(
        spec: &str,
        at: usize,
        limits: &Limits,
        read: Option<ReadFile<'_>>,
    ) -> Result<NamedGraph, GameError> {
        let max = limits.max;
        let text = spec.get(at..).unwrap_or("").trim_end();
        let (name, arg) = text.split_once(':').unwrap_or((text, ""));
        let arg_at = at + name.len() + 1;
        let max64 = max as u64;
        let up_to = format!("1 to {max}");
        let graph =
            |vertices: usize, edges: Vec<(usize, usize)>, shape: Shape, text: String| NamedGraph {
                vertices,
                edges,
                names: (1..=vertices).map(|v| v.to_string()).collect(),
                shape,
                text,
            };
        Ok(match name.to_ascii_lowercase().as_str() {
            "path" => {
                let n = number(arg, arg_at, max64, "vertices", &up_to)?;
                let edges = (1..n).map(|i| (i - 1, i)).collect();
                graph(n, edges, Shape::Path, format!("path:{n}"))
            }
            "cycle" => {
                let allowed = format!("3 to {max}");
                let n = number(arg, arg_at, max64, "vertices", &allowed)?;
                if n < 3 {
                    let span = Span {
                        start: arg_at,
                        end: arg_at + arg.len(),
                    };
                    return Err(out_of_range(span, "vertices", n as u64, &allowed).into());
                }
                let edges = (0..n).map(|i| (i, (i + 1) % n)).collect();
                graph(n, edges, Shape::Cycle, format!("cycle:{n}"))
            }
            "complete" => {
                let n = number(arg, arg_at, max64, "vertices", &up_to)?;
                let edges = (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                    .collect();
                graph(n, edges, Shape::Complete, format!("complete:{n}"))
            }
            "star" => {
                let leaves = max.saturating_sub(1);
                let allowed = format!("1 to {leaves}");
                let n = number(arg, arg_at, leaves as u64, "leaves", &allowed)?;
                let edges = (1..=n).map(|leaf| (0, leaf)).collect();
                graph(n + 1, edges, Shape::Star, format!("star:{n}"))
            }
            "grid" => {
                let Some((r, c)) = arg.split_once(['x', 'X']) else {
                    return Err(ParseError::at_byte(
                        arg_at + arg.len(),
                        "expected 'x' between rows and columns (grid:4x6), found end of spec",
                    )
                    .into());
                };
                let rows_allowed = format!("1 to {max}, at most {max} vertices");
                let cols_allowed = format!("at most {max} vertices");
                let rows = number(r, arg_at, max64, "rows", &rows_allowed)?;
                let cols_at = arg_at + r.len() + 1;
                let cols = number(c, cols_at, max64, "columns", &cols_allowed)?;
                if rows * cols > max {
                    let span = Span {
                        start: cols_at,
                        end: cols_at + c.len(),
                    };
                    let all = format!("at most {max} vertices in all");
                    return Err(out_of_range(span, "columns", cols as u64, &all).into());
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
                let mut g = graph(
                    rows * cols,
                    edges,
                    Shape::Grid { rows, cols },
                    format!("grid:{rows}x{cols}"),
                );
                g.names = (0..rows)
                    .flat_map(|i| (0..cols).map(move |j| cell_name((i as u8, j as u8))))
                    .collect();
                g
            }
            "petersen" => {
                if !arg.is_empty() || text.contains(':') {
                    return Err(ParseError::at_byte(
                        arg_at - 1,
                        "expected end of spec (the Petersen graph has no size), found ':'",
                    )
                    .into());
                }
                // Outer 5-cycle 0..5, inner pentagram 5..10, spokes i - i+5.
                let mut edges = Vec::new();
                for i in 0..5 {
                    edges.push((i, (i + 1) % 5));
                    edges.push((5 + i, 5 + (i + 2) % 5));
                    edges.push((i, i + 5));
                }
                graph(10, edges, Shape::Petersen, "petersen".into())
            }
            _ => NamedGraph::read(spec, text.trim(), limits, read)?,
        })
    }

    /// The graph of a whole spec `FAMILY:GRAPH` (`family` in lower case,
    /// matched ignoring case and leading spaces), within `limits`, with
    /// errors located in `spec`.
    ///
    /// # Errors
    /// A spec that does not start with `family:`, and those of
    /// [`NamedGraph::parse`].
    pub(crate) fn parse_family(
        spec: &str,
        family: &str,
        limits: &Limits,
        read: Option<ReadFile<'_>>,
    ) -> Result<NamedGraph, GameError> {
        let body = family_body(spec, family)?;
        NamedGraph::parse(spec, body, limits, read).map_err(|e| e.in_text(spec))
    }

    /// The graph of the edge-list file at `path`.
    fn read(
        spec: &str,
        path: &str,
        limits: &Limits,
        read: Option<ReadFile<'_>>,
    ) -> Result<NamedGraph, GameError> {
        let Limits { game, max } = *limits;
        let text = read_file(path, read, || {
            format!("{spec:?}: not a graph family (path:N, cycle:N, grid:RxC, complete:N, star:N, petersen), and {path:?} cannot be read as an edge-list file")
        })?;
        let file = |context: String, reason: String| file_error(path, context, reason);
        let graph = Graph::parse_edge_list(&text).map_err(|e| {
            file(
                format!("{path}: not an edge list for {game}"),
                e.to_string(),
            )
        })?;
        let n = graph.node_count();
        if n > max {
            return Err(file(
                format!("{path}: cannot play {game} on this graph"),
                format!("the graph has {n} vertices; {game} positions hold at most {max}"),
            ));
        }
        let edges = graph
            .nodes()
            .flat_map(|v| {
                graph
                    .followers(v)
                    .iter()
                    .map(move |&w| (v as usize, w as usize))
            })
            .filter(|&(a, b)| a != b)
            .collect();
        Ok(NamedGraph {
            vertices: n,
            edges,
            names: graph.nodes().map(|v| graph.name(v).to_owned()).collect(),
            shape: Shape::Edges,
            text: path.to_owned(),
        })
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }
}

impl fmt::Display for NamedGraph {
    /// The text that names the graph: `grid:4x6`, or the file's path.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Where the graph of a spec `FAMILY:GRAPH` starts (the byte after the
/// `:`), `family` (in lower case) matched ignoring case and leading spaces.
///
/// # Errors
/// A spec that does not start with `family:`, located in `spec`.
pub(crate) fn family_body(spec: &str, family: &str) -> Result<usize, GameError> {
    let lead = spec.len() - spec.trim_start().len();
    let body = lead + family.len() + 1;
    let prefix_ok = spec.get(lead..body).is_some_and(|p| {
        p.ends_with(':')
            && p.get(..family.len())
                .is_some_and(|f| f.eq_ignore_ascii_case(family))
    });
    if !prefix_ok {
        let found = spec
            .trim()
            .chars()
            .next()
            .map_or("end of spec".into(), |c| format!("'{c}'"));
        let err = ParseError::at_byte(lead, format!("expected '{family}:', found {found}"));
        return Err(err.in_text(spec).into());
    }
    Ok(body)
}

/// The error about the file at `path` a spec names: what could not be
/// done with it (`context`) and why (`reason`).
pub(crate) fn file_error(path: &str, context: String, reason: String) -> GameError {
    GameError::File {
        path: path.to_owned(),
        context,
        reason,
    }
}

/// The text of the file at `path` that a spec names, read with the front
/// end's `read`: the one place a game's graph file is loaded.
///
/// # Errors
/// [`GameError::NoFiles`] when `read` is `None`; [`GameError::File`] with
/// the context `unreadable` gives (what the spec would have been, had it
/// not named a file) when the file cannot be read.
pub(crate) fn read_file(
    path: &str,
    read: Option<ReadFile<'_>>,
    unreadable: impl FnOnce() -> String,
) -> Result<String, GameError> {
    let Some(read) = read else {
        return Err(GameError::NoFiles {
            path: path.to_owned(),
        });
    };
    read(path).map_err(|e| file_error(path, unreadable(), e.to_string()))
}

/// The vertex named `name` among `names` (exactly, or else ignoring case).
pub(crate) fn find_vertex(names: &[String], name: &str) -> Option<usize> {
    names
        .iter()
        .position(|v| v == name)
        .or_else(|| names.iter().position(|v| v.eq_ignore_ascii_case(name)))
}

/// Where the list of vertices gone, `-{A,B}` at the end of a spec, starts
/// (the byte of its `-`), when the spec ends in one.
pub(crate) fn gone_list(spec: &str) -> Option<usize> {
    spec.trim_end()
        .strip_suffix('}')
        .and_then(|body| body.rfind("-{"))
}

/// The items of the list that starts at byte `open` of `spec` (see
/// [`gone_list`]), trimmed, each with its span in `spec`; empty items are
/// skipped.
pub(crate) fn gone_items(spec: &str, open: usize) -> Vec<(&str, Span)> {
    let trimmed = spec.trim_end();
    let mut out = Vec::new();
    let mut at = open + 2;
    for item in trimmed[at..trimmed.len() - 1].split(',') {
        let typed = item.trim();
        let start = at + (item.len() - item.trim_start().len());
        at += item.len() + 1;
        if !typed.is_empty() {
            let span = Span {
                start,
                end: start + typed.len(),
            };
            out.push((typed, span));
        }
    }
    out
}

/// The vertices named in the list that starts at byte `open` of `spec`
/// (see [`gone_list`]), as bits, among the vertices `names` of the graph
/// `game`.
///
/// # Errors
/// A name that is not a vertex, located in `spec`.
pub(crate) fn parse_gone(
    spec: &str,
    open: usize,
    names: &[String],
    game: &str,
) -> Result<u128, GameError> {
    let mut gone = 0u128;
    for (typed, span) in gone_items(spec, open) {
        let Some(v) = find_vertex(names, typed) else {
            let err = ParseError::spanning(
                span,
                format!(
                    "{typed:?} is not a vertex of {game} (its vertices are {} to {})",
                    names[0],
                    names[names.len() - 1]
                ),
            );
            return Err(err.in_text(spec).into());
        };
        gone |= 1 << v;
    }
    Ok(gone)
}
