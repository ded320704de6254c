//! Explicit game graphs: a node is a position, an edge a move.
//!
//! A [`Graph`] is read from an edge list ([`Graph::parse_edge_list`]) or
//! JSON ([`Graph::parse_json`]), or built from any
//! [`ImpartialGame`](crate::game::ImpartialGame) by [`position_graph`]. It is
//! stored compactly: node names are interned into `u32` ids (in order of
//! first appearance) by an open-addressing table whose 16-byte slots hold
//! short names themselves, split into 1024 partitions that each fit in a
//! cache; a big edge list is read in rounds of millions of names, sorted by
//! partition and looked up a partition at a time on all threads (the
//! `bulk` reader). The edges are a CSR adjacency (`u32` offsets and
//! targets) built by a bucketed counting sort. 10^7 nodes and 5·10^7 edges
//! take about 1.5 GiB at the peak of reading (see BENCHMARKS.md).
//!
//! | file | algorithm |
//! |---|---|
//! | [`acyclic`] | [`acyclic_values`]: mex in reverse topological order |
//! | [`loopy`] | [`loopy_values`]: the generalised Sprague–Grundy function (Smith; Fraenkel–Yesha), [`LoopyValue`] and its sum rules |
//! | [`misere`] | [`misere()`](misere::misere): misère outcomes (draws included) and misère nim values of every node |
//! | [`parse`] | the edge-list and JSON readers |
//! | [`dot`] | [`to_dot`]: Graphviz output coloured by outcome |
//! | [`position`] | [`position_graph`]: the graph of positions of a game |
//!
//! [`analyse`] values a graph: an acyclic graph by mex in reverse
//! topological order (Kahn's algorithm); otherwise the nodes that reach no
//! cycle by Kahn's algorithm run backwards and the rest by the loopy
//! algorithm.
//!
//! ```
//! use grundy::graph::{analyse, Graph, LoopyOutcome};
//!
//! // a and b can pass the turn back and forth forever; b may also move to the
//! // terminal node c.
//! let graph = Graph::parse_edge_list("a b\nb a\nb c\n").unwrap();
//! let values = analyse(&graph);
//! let b = graph.node("b").unwrap();
//! let a = graph.node("a").unwrap();
//! assert_eq!(values.value(&graph, b).to_string(), "*1");
//! assert_eq!(values.outcome(a), LoopyOutcome::P);
//! ```

pub mod acyclic;
mod bulk;
mod csr;
pub mod dot;
pub mod genus;
mod intern;
mod lex;
pub mod loopy;
pub mod misere;
pub mod parse;
pub mod position;

pub use acyclic::{acyclic_values, CycleError};
pub use dot::{to_dot, to_dot_misere};
pub use loopy::{analyse, loopy_values, LoopyOutcome, LoopyValue, LoopyValues};
pub use misere::{misere, MisereValues};
pub use position::position_graph;

use crate::parallel::{in_pool, threads};
use bulk::Round;
use csr::{Buckets, BUCKET_BITS};
use intern::Names;

/// The id of a node: its index in the order nodes were first named.
pub type NodeId = u32;

/// Why a graph could not be read or built. Every input error carries its
/// 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// An edge-list line with three or more fields.
    #[error("line {line}, column {column}: too many fields (a line is `FROM TO` for an edge or `NODE` for an isolated node; `#` starts a comment)")]
    TooManyFields {
        /// 1-based line.
        line: usize,
        /// 1-based column (in bytes) of the third field.
        column: usize,
    },
    /// A node name that is not valid UTF-8.
    #[error("line {line}, column {column}: node name is not valid UTF-8")]
    InvalidUtf8 {
        /// 1-based line.
        line: usize,
        /// 1-based column (in bytes) of the name.
        column: usize,
    },
    /// Malformed JSON, or JSON of the wrong shape.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column (in bytes).
        column: usize,
        /// What was wrong.
        message: String,
    },
    /// A JSON edge naming a node missing from `"nodes"`.
    #[error(
        "line {line}, column {column}: edge names unknown node {name:?} (not listed in \"nodes\")"
    )]
    UnknownNode {
        /// The name.
        name: String,
        /// 1-based line of its first use.
        line: usize,
        /// 1-based column of its first use.
        column: usize,
    },
    /// No node at all.
    #[error("line {line}: the graph is empty (no node and no edge)")]
    Empty {
        /// The line where the input ends.
        line: usize,
    },
    /// A game has more positions than the limit given to
    /// [`position_graph`].
    #[error("more than {max} positions are reachable; the position graph is meant to be drawn, try a smaller position")]
    TooManyPositions {
        /// The limit.
        max: usize,
    },
    /// Two different positions of a game were given the same name.
    #[error("two different positions are both named {name:?}")]
    DuplicateName {
        /// The name.
        name: String,
    },
    /// More nodes or edges than `u32` ids can number.
    #[error("{}too many {what} (at most {max})", at_line(*line))]
    TooLarge {
        /// 1-based line where the limit was passed (0 when not from text).
        line: usize,
        /// `nodes` or `edges`.
        what: &'static str,
        /// The limit.
        max: u64,
    },
}

impl GraphError {
    /// The line of an input error (1-based), and where in `line` (that
    /// line's text) it is, as a byte range: one character at its column.
    /// `None` for the errors that have no place in a line.
    ///
    /// ```
    /// use grundy::graph::Graph;
    /// use grundy::span::Span;
    ///
    /// let err = Graph::parse_edge_list("a b\nc d e\n").unwrap_err();
    /// assert_eq!(err.span("c d e"), Some((2, Span { start: 4, end: 5 })));
    /// ```
    pub fn span(&self, line: &str) -> Option<(usize, crate::span::Span)> {
        match self {
            GraphError::TooManyFields { line: n, column }
            | GraphError::InvalidUtf8 { line: n, column }
            | GraphError::Json {
                line: n, column, ..
            }
            | GraphError::UnknownNode {
                line: n, column, ..
            } => Some((
                *n,
                crate::span::Span::char_at(line, column.saturating_sub(1)),
            )),
            _ => None,
        }
    }
}

/// `line N: ` for an error from a line of text, nothing for line 0.
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!("line {line}: ")
    }
}

/// The largest number of nodes: ids are `u32` and `u32::MAX` is reserved.
const MAX_NODES: u32 = u32::MAX - 1;

/// A directed graph whose nodes are positions and edges are moves, stored as
/// a CSR adjacency.
#[derive(Clone, Debug)]
pub struct Graph {
    names: Names,
    /// Followers of node `v` are `targets[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<u32>,
    targets: Vec<NodeId>,
}

impl Graph {
    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.names.len()
    }

    /// The number of edges (moves), counting repeated edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The nodes, in id order.
    pub fn nodes(&self) -> std::ops::Range<NodeId> {
        0..self.node_count() as NodeId
    }

    /// The name of node `v`.
    ///
    /// # Panics
    /// If `v` is not a node of this graph.
    pub fn name(&self, v: NodeId) -> &str {
        self.names.get(v)
    }

    /// The id of the node called `name`.
    pub fn node(&self, name: &str) -> Option<NodeId> {
        self.names.lookup(name)
    }

    /// The followers (options) of node `v`, in input order.
    ///
    /// # Panics
    /// If `v` is not a node of this graph.
    #[inline]
    pub fn followers(&self, v: NodeId) -> &[NodeId] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The reversed adjacency: for each node, the nodes that move to it
    /// (once per edge), as CSR `(offsets, sources)`.
    pub(crate) fn predecessors(&self) -> (Vec<u32>, Vec<NodeId>) {
        // Bucket sizes first, so that each bucket is allocated once, exactly.
        let mut sizes = vec![0usize; (self.node_count() >> BUCKET_BITS) + 1];
        for &t in &self.targets {
            sizes[(t >> BUCKET_BITS) as usize] += 1;
        }
        let mut reversed = Buckets::with_sizes(sizes);
        for v in self.nodes() {
            for &t in self.followers(v) {
                reversed.push(t, v);
            }
        }
        reversed.into_csr(self.node_count())
    }
}

/// Builds a [`Graph`] node by node and edge by edge.
///
/// ```
/// use grundy::graph::GraphBuilder;
///
/// let mut b = GraphBuilder::new();
/// let x = b.node("x").unwrap();
/// let y = b.node("y").unwrap();
/// b.edge(x, y).unwrap();
/// b.edge_line(b"y z # a comment", 2).unwrap();
/// let graph = b.build().unwrap();
/// assert_eq!(graph.node_count(), 3);
/// assert_eq!(graph.followers(x), &[y]);
/// ```
#[derive(Clone, Debug)]
pub struct GraphBuilder {
    names: Names,
    /// Edges as (from, to), bucketed by `from`, one lane per thread;
    /// sorted into CSR by [`GraphBuilder::build`].
    edges: Buckets,
    /// Lines given to [`GraphBuilder::edge_lines`] whose names are not
    /// interned yet (see [`bulk`]).
    round: Round,
    /// The most nodes and edges (lowered by tests to reach the limits).
    max_nodes: usize,
    max_edges: usize,
}

impl Default for GraphBuilder {
    fn default() -> Self {
        GraphBuilder {
            names: Names::default(),
            edges: Buckets::new(threads()),
            round: Round::default(),
            max_nodes: MAX_NODES as usize + 1,
            max_edges: u32::MAX as usize,
        }
    }
}

impl GraphBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        GraphBuilder::default()
    }

    /// An empty builder as on a machine with `threads` threads, whose
    /// rounds end at `round` tokens, and that takes at most `nodes` nodes
    /// and `edges` edges.
    #[cfg(test)]
    fn with_config(threads: usize, round: usize, nodes: usize, edges: usize) -> Self {
        GraphBuilder {
            names: Names::default(),
            edges: Buckets::new(threads),
            round: Round::new(threads, round),
            max_nodes: nodes,
            max_edges: edges,
        }
    }

    /// [`GraphBuilder::with_config`] with the usual limits.
    #[cfg(test)]
    fn with_threads(threads: usize, round: usize) -> Self {
        GraphBuilder::with_config(threads, round, MAX_NODES as usize + 1, u32::MAX as usize)
    }

    /// Interns the names of the lines read so far in bulk.
    fn finish_round(&mut self) {
        self.round.finish(&mut self.names, &mut self.edges);
    }

    /// The id of the node called `name`, adding the node if it is new.
    ///
    /// # Errors
    /// [`GraphError::TooLarge`] past `u32::MAX - 1` nodes.
    pub fn node(&mut self, name: &str) -> Result<NodeId, GraphError> {
        self.finish_round();
        let too_many = GraphError::TooLarge {
            line: 0,
            what: "nodes",
            max: self.max_nodes as u64,
        };
        self.names.intern(name, self.max_nodes).ok_or(too_many)
    }

    /// The number of nodes so far.
    pub fn node_count(&mut self) -> usize {
        self.finish_round();
        self.names.len()
    }

    /// The name of a node added by [`GraphBuilder::node`].
    pub(crate) fn name(&self, v: NodeId) -> &str {
        self.names.get(v)
    }

    /// Adds the edge (move) `from -> to`.
    ///
    /// # Errors
    /// [`GraphError::TooLarge`] past `u32::MAX` edges.
    pub fn edge(&mut self, from: NodeId, to: NodeId) -> Result<(), GraphError> {
        self.finish_round();
        if self.edges.len >= self.max_edges {
            return Err(GraphError::TooLarge {
                line: 0,
                what: "edges",
                max: self.max_edges as u64,
            });
        }
        self.edges.push(from, to);
        Ok(())
    }

    /// Reads one line of an edge list: `FROM TO` adds an edge, a single
    /// `NODE` declares a node, a blank line or a `#` comment adds nothing.
    /// Fields are separated by blanks (spaces, tabs, a final `\r`); `line`
    /// (1-based) is used in errors.
    ///
    /// # Errors
    /// [`GraphError::TooManyFields`], [`GraphError::InvalidUtf8`],
    /// [`GraphError::TooLarge`], each with its line and column.
    pub fn edge_line(&mut self, text: &[u8], line: usize) -> Result<(), GraphError> {
        let (names, count) = lex::line_names(text, line)?;
        let mut ids = [0; 2];
        for k in 0..count {
            ids[k] = self.node(names[k]).map_err(|e| with_line(e, line))?;
        }
        if count == 2 {
            self.edge(ids[0], ids[1]).map_err(|e| with_line(e, line))?;
        }
        Ok(())
    }

    /// Reads many lines of an edge list at once (as [`edge_line`] does one
    /// by one), `text` starting at line `first_line`; returns how many lines
    /// it held (a final line needs no `\n`).
    ///
    /// This is the fast path for big files, made to be called again and
    /// again with chunks of a file (each ending at a `\n`). The lines are
    /// lexed at once (on all threads, in blocks of up to 4 MiB), but their
    /// names are interned in rounds of about 12 million names, sorted by
    /// partition of the name table and looked up a partition at a time
    /// (the crate's private `graph::bulk` module tells how): when a round
    /// is full, and before anything else is asked of the builder. Nodes
    /// are numbered in order of first appearance all the same. After an
    /// error the builder holds the lines before the bad one.
    ///
    /// [`edge_line`]: GraphBuilder::edge_line
    ///
    /// # Complexity
    /// O(length of `text`) expected.
    ///
    /// # Errors
    /// As [`edge_line`](GraphBuilder::edge_line), for the first bad line.
    ///
    /// # Examples
    /// ```
    /// use grundy::graph::GraphBuilder;
    ///
    /// let mut b = GraphBuilder::new();
    /// assert_eq!(b.edge_lines(b"a b\n# comment\nb c\n", 1), Ok(3));
    /// assert_eq!(b.edge_lines(b"c d", 4), Ok(1));
    /// assert_eq!(b.build().unwrap().edge_count(), 3);
    /// ```
    pub fn edge_lines(&mut self, text: &[u8], first_line: usize) -> Result<usize, GraphError> {
        self.edge_lines_in_blocks(text, first_line, bulk::BLOCK_BYTES)
    }

    /// [`GraphBuilder::edge_lines`] in blocks of about `block_bytes` (whole
    /// lines; at most [`bulk::BLOCK_BYTES`]).
    fn edge_lines_in_blocks(
        &mut self,
        text: &[u8],
        first_line: usize,
        block_bytes: usize,
    ) -> Result<usize, GraphError> {
        debug_assert!(block_bytes <= bulk::BLOCK_BYTES);
        in_pool(|| {
            let mut line = first_line;
            let mut at = 0;
            while at < text.len() {
                // A block is whole lines, and at most BLOCK_BYTES unless a
                // single line is longer.
                let mut end = lex::line_end(text, at + block_bytes);
                if end - at > bulk::BLOCK_BYTES {
                    end = lex::line_end(text, at).max(
                        text[..at + bulk::BLOCK_BYTES]
                            .iter()
                            .rposition(|&b| b == b'\n')
                            .map_or(0, |i| i + 1),
                    );
                }
                line += self.block(&text[at..end], line)?;
                at = end;
            }
            // A final line without `\n` is a line too.
            Ok(line - first_line + usize::from(!text.is_empty() && !text.ends_with(b"\n")))
        })
    }

    /// Lexes one block of whole lines into the round (finishing the round
    /// first if it is full); returns the number of `\n` in it.
    ///
    /// A block that could pass the limit on nodes or edges is read line by
    /// line instead, so that the error names the very line.
    fn block(&mut self, block: &[u8], first_line: usize) -> Result<usize, GraphError> {
        if self.round.is_full(self.names.len()) {
            self.finish_round();
        }
        let mark = self.round.mark();
        let lexed = self.round.lex(block, first_line);
        // Each token may name a new node: the names plus the tokens must
        // fit, which also keeps the round's provisional ids below u32::MAX.
        if self.names.len() + self.round.tokens() <= self.max_nodes
            && self.edges.len + self.round.edges() <= self.max_edges
        {
            return lexed;
        }
        self.round.undo(&mark);
        self.finish_round();
        for (line, text) in (first_line..).zip(block.split_inclusive(|&b| b == b'\n')) {
            self.edge_line(text.strip_suffix(b"\n").unwrap_or(text), line)?;
        }
        Ok(block.iter().filter(|&&b| b == b'\n').count())
    }

    /// The finished graph, its edges in CSR order (each node's followers in
    /// the order the edges were added).
    ///
    /// # Errors
    /// [`GraphError::Empty`] when there is no node (the line reported is 0;
    /// the readers report the last line of their input).
    pub fn build(mut self) -> Result<Graph, GraphError> {
        self.finish_round();
        if self.names.len() == 0 {
            return Err(GraphError::Empty { line: 0 });
        }
        drop(self.round);
        let (offsets, targets) = self.edges.into_csr(self.names.len());
        Ok(Graph {
            names: self.names,
            offsets,
            targets,
        })
    }
}

fn with_line(err: GraphError, line: usize) -> GraphError {
    match err {
        GraphError::TooLarge { what, max, .. } => GraphError::TooLarge { line, what, max },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_survives_growth() {
        let mut names = Names::default();
        for i in 0..10_000u32 {
            assert_eq!(names.intern(&format!("node{i}"), usize::MAX), Some(i));
        }
        for i in (0..10_000u32).rev() {
            assert_eq!(names.intern(&format!("node{i}"), usize::MAX), Some(i));
            assert_eq!(names.lookup(&format!("node{i}")), Some(i));
            assert_eq!(names.get(i), format!("node{i}"));
        }
        assert_eq!(names.lookup("node10000"), None);
    }

    #[test]
    fn the_empty_name_is_a_name() {
        // Only JSON and `GraphBuilder::node` can give it (an edge list's
        // names are never empty); it must not look like an empty slot.
        let mut b = GraphBuilder::new();
        let empty = b.node("").unwrap();
        assert_eq!(b.node("").unwrap(), empty);
        let x = b.node("x").unwrap();
        b.edge(x, empty).unwrap();
        assert_eq!(b.node_count(), 2);
        let g = b.build().unwrap();
        assert_eq!(g.node(""), Some(empty));
        assert_eq!(g.name(empty), "");
        let g =
            Graph::parse_json(r#"{"nodes": ["", "a"], "edges": [["a", ""], ["", "a"]]}"#).unwrap();
        assert_eq!(g.node_count(), 2);
        assert_eq!(g.followers(g.node("").unwrap()), &[g.node("a").unwrap()]);
    }

    #[test]
    fn batches_and_lines_build_the_same_graph() {
        // More lines than one batch, names repeated, comments and blanks,
        // fed whole, line by line, and in uneven chunks of whole lines.
        let mut text = String::new();
        for i in 0..2000u32 {
            text.push_str(&format!("v{} v{}\n", i % 377, (i * 7) % 1009));
            if i % 13 == 0 {
                text.push_str("# comment\n\n");
            }
            if i % 17 == 0 {
                text.push_str(&format!("lonely{i}\n"));
            }
        }
        let whole = Graph::parse_edge_list(&text).unwrap();
        let mut by_line = GraphBuilder::new();
        for (i, line) in text.lines().enumerate() {
            by_line.edge_line(line.as_bytes(), i + 1).unwrap();
        }
        let mut chunked = GraphBuilder::new();
        let mut next = 1;
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for chunk in lines.chunks(97) {
            next += chunked.edge_lines(chunk.concat().as_bytes(), next).unwrap();
        }
        assert_eq!(next - 1, text.lines().count());
        for other in [by_line.build().unwrap(), chunked.build().unwrap()] {
            assert_eq!(other.node_count(), whole.node_count());
            for v in whole.nodes() {
                assert_eq!(other.name(v), whole.name(v));
                assert_eq!(other.followers(v), whole.followers(v));
            }
        }
    }

    /// xorshift64*, for reproducible random inputs.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) % n
        }
    }

    /// A random edge list: names short and long (past the 11 bytes kept in
    /// a table slot), with multi-byte and NUL characters, repeated often;
    /// lines with 0, 1 or 2 names, comments, blank lines, tabs, form feeds
    /// and CRLF ends; sometimes a bad line (three names, invalid UTF-8).
    fn random_edge_list(rng: &mut Rng, lines: usize, bad: bool) -> Vec<u8> {
        let pieces: [&[u8]; 8] = [
            b"a",
            b"7",
            b"node",
            "\u{e9}".as_bytes(),
            b"\0",
            b"x_",
            b"12345",
            b"Q",
        ];
        let blanks: [&[u8]; 4] = [b" ", b"\t", b"  ", b"\x0c"];
        let mut names: Vec<Vec<u8>> = Vec::new();
        let mut text = Vec::new();
        for _ in 0..lines {
            for _ in 0..rng.below(3) {
                text.extend_from_slice(blanks[rng.below(4) as usize]);
            }
            let count = [0, 1, 2, 2, 2, 2][rng.below(6) as usize];
            for k in 0..count {
                if k > 0 {
                    text.extend_from_slice(blanks[rng.below(4) as usize]);
                }
                if names.is_empty() || rng.below(3) == 0 {
                    let mut name = Vec::new();
                    for _ in 0..1 + rng.below(5) {
                        name.extend_from_slice(pieces[rng.below(8) as usize]);
                    }
                    names.push(name);
                }
                let pick = rng.below(names.len() as u64) as usize;
                text.extend_from_slice(&names[pick]);
            }
            match rng.below(8) {
                0 => text.extend_from_slice(b" # a comment with # and \xff"),
                1 => text.extend_from_slice(b"#"),
                _ => {}
            }
            if bad && rng.below(40) == 0 {
                text.extend_from_slice(if rng.below(2) == 0 {
                    b" x y z"
                } else {
                    b" \xc3("
                });
            }
            text.extend_from_slice(if rng.below(4) == 0 { b"\r\n" } else { b"\n" });
        }
        if rng.below(2) == 0 {
            text.pop();
        }
        text
    }

    /// The reference reader: a `HashMap` from names to ids in order of first
    /// appearance, lines split with the standard library; the first bad
    /// line as an error, a line that passes `max_nodes` nodes or
    /// `max_edges` edges included.
    #[allow(clippy::type_complexity)]
    fn reference(
        text: &[u8],
        max_nodes: usize,
        max_edges: usize,
    ) -> Result<(Vec<String>, Vec<(u32, u32)>), GraphError> {
        let mut ids: std::collections::HashMap<String, u32> = Default::default();
        let mut names = Vec::new();
        let mut edges = Vec::new();
        for (i, line) in text.split(|&b| b == b'\n').enumerate() {
            let line_no = i + 1;
            let body = &line[..line.iter().position(|&b| b == b'#').unwrap_or(line.len())];
            let mut fields = Vec::new();
            let mut at = 0;
            for field in body.split(|b| b.is_ascii_whitespace()) {
                if !field.is_empty() {
                    if fields.len() == 2 {
                        return Err(GraphError::TooManyFields {
                            line: line_no,
                            column: at + 1,
                        });
                    }
                    let name = std::str::from_utf8(field).map_err(|_| GraphError::InvalidUtf8 {
                        line: line_no,
                        column: at + 1,
                    })?;
                    fields.push(name.to_owned());
                }
                at += field.len() + 1;
            }
            let mut line_ids = Vec::new();
            for name in fields {
                let next = ids.len() as u32;
                if !ids.contains_key(&name) && names.len() == max_nodes {
                    return Err(GraphError::TooLarge {
                        line: line_no,
                        what: "nodes",
                        max: max_nodes as u64,
                    });
                }
                let id = *ids.entry(name.clone()).or_insert_with(|| {
                    names.push(name);
                    next
                });
                line_ids.push(id);
            }
            if let [from, to] = line_ids[..] {
                if edges.len() == max_edges {
                    return Err(GraphError::TooLarge {
                        line: line_no,
                        what: "edges",
                        max: max_edges as u64,
                    });
                }
                edges.push((from, to));
            }
        }
        Ok((names, edges))
    }

    #[test]
    fn edge_lines_match_a_hashmap_reference() {
        // Inputs read by 1, 2 or 4 threads, in blocks of a line to all of
        // it, in rounds of one token to all of them, some with limits on
        // nodes and edges low enough to be passed.
        let mut rng = Rng(0x1234_5678_9abc_def1);
        // How often each kind of error was expected: every kind must be.
        let mut seen = std::collections::HashMap::new();
        for round in 0..400 {
            let lines = 1 + rng.below(if round % 10 == 0 { 3000 } else { 60 }) as usize;
            let text = random_edge_list(&mut rng, lines, round % 3 == 0);
            let (max_nodes, max_edges) = match round % 4 {
                0 => (1 + rng.below(40) as usize, usize::MAX),
                1 => (usize::MAX, rng.below(40) as usize),
                _ => (MAX_NODES as usize + 1, u32::MAX as usize),
            };
            let expected = reference(&text, max_nodes, max_edges);
            let threads = [1, 2, 4][round % 3];
            let block = [1, 7, 64, 1 << 20][rng.below(4) as usize];
            let round_tokens = [1, 5, 64, 1 << 20][rng.below(4) as usize];
            let mut builder =
                GraphBuilder::with_config(threads, round_tokens, max_nodes, max_edges);
            let got = builder.edge_lines_in_blocks(&text, 1, block);
            let kind = match &expected {
                Ok(_) => "ok",
                Err(GraphError::TooManyFields { .. }) => "fields",
                Err(GraphError::InvalidUtf8 { .. }) => "utf-8",
                Err(GraphError::TooLarge { what, .. }) => what,
                Err(_) => "other",
            };
            *seen.entry(kind).or_insert(0) += 1;
            match expected {
                Err(e) => assert_eq!(got, Err(e), "round {round}"),
                Ok((names, edges)) => {
                    let newlines = text.iter().filter(|&&b| b == b'\n').count();
                    let lines = newlines + usize::from(!text.ends_with(b"\n"));
                    assert_eq!(got, Ok(lines), "round {round}");
                    if names.is_empty() {
                        continue;
                    }
                    let graph = builder.build().unwrap();
                    assert_eq!(graph.node_count(), names.len(), "round {round}");
                    for (id, name) in names.iter().enumerate() {
                        assert_eq!(graph.name(id as NodeId), name, "round {round}");
                        assert_eq!(graph.node(name), Some(id as NodeId), "round {round}");
                    }
                    assert_eq!(graph.node("not a name"), None);
                    let mut followers = vec![Vec::new(); names.len()];
                    for &(from, to) in &edges {
                        followers[from as usize].push(to);
                    }
                    for v in graph.nodes() {
                        assert_eq!(
                            graph.followers(v),
                            &followers[v as usize][..],
                            "round {round}"
                        );
                    }
                }
            }
        }
        for kind in ["ok", "fields", "utf-8", "nodes", "edges"] {
            assert!(seen.get(kind).copied().unwrap_or(0) >= 10, "{seen:?}");
        }
    }

    #[test]
    fn names_are_found_across_blocks_and_after_growth() {
        // Long and short names met first in one block and again in later
        // blocks, with the table growing in between; then single names.
        for (threads, round) in [(1, 1), (2, 7), (8, 1000), (2, 1 << 20)] {
            let mut text = String::new();
            for i in 0..5000 {
                text.push_str(&format!(
                    "s{} a-rather-long-node-name-{}\n",
                    i % 700,
                    i % 300
                ));
            }
            let mut b = GraphBuilder::with_threads(threads, round);
            assert_eq!(b.edge_lines_in_blocks(text.as_bytes(), 1, 100), Ok(5000));
            assert_eq!(b.node_count(), 1000);
            let id = b.node("a-rather-long-node-name-299").unwrap();
            assert_eq!(id, 2 * 299 + 1);
            assert_eq!(b.node("s300").unwrap(), 600);
            assert_eq!(b.node("s699").unwrap(), 999);
            assert_eq!(b.node("new").unwrap(), 1000);
            let g = b.build().unwrap();
            assert_eq!(g.edge_count(), 5000);
            assert_eq!(g.followers(0).len(), 8);
        }
    }

    #[test]
    fn bucketed_csr_matches_adjacency_lists() {
        // Enough nodes for several buckets of 2^14 keys, edges in random
        // order and repeated, in 1, 2 and 4 lanes.
        let mut rng = Rng(77);
        for shards in [1, 2, 4] {
            let n = 3 * (1 << BUCKET_BITS) + 123;
            let mut b = GraphBuilder::with_threads(shards, 1 << 20);
            for i in 0..n {
                b.node(&i.to_string()).unwrap();
            }
            let mut followers = vec![Vec::new(); n];
            let mut preds = vec![Vec::new(); n];
            for _ in 0..4 * n {
                let from = rng.below(n as u64) as u32;
                let to = rng.below(n as u64) as u32;
                b.edge(from, to).unwrap();
                followers[from as usize].push(to);
            }
            let g = b.build().unwrap();
            for v in g.nodes() {
                assert_eq!(g.followers(v), &followers[v as usize][..]);
                for &w in g.followers(v) {
                    preds[w as usize].push(v);
                }
            }
            let (offsets, sources) = g.predecessors();
            for v in g.nodes() {
                let range = offsets[v as usize] as usize..offsets[v as usize + 1] as usize;
                assert_eq!(&sources[range], &preds[v as usize][..]);
            }
        }
    }

    #[test]
    fn csr_keeps_edge_order_and_reverses() {
        let g = Graph::parse_edge_list("a c\nb a\na b\nc\n").unwrap();
        let [a, b, c] = ["a", "b", "c"].map(|n| g.node(n).unwrap());
        assert_eq!(g.followers(a), &[c, b]);
        assert_eq!(g.followers(b), &[a]);
        assert!(g.followers(c).is_empty());
        let (offsets, sources) = g.predecessors();
        let preds =
            |v: NodeId| &sources[offsets[v as usize] as usize..offsets[v as usize + 1] as usize];
        assert_eq!(preds(a), &[b]);
        assert_eq!(preds(c), &[a]);
    }
}
