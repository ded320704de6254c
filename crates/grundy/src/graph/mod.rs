//! Explicit game graphs: a node is a position, an edge a move.
//!
//! A [`Graph`] is read from an edge list ([`Graph::parse_edge_list`]) or
//! JSON ([`Graph::parse_json`]), or built from any
//! [`ImpartialGame`](crate::game::ImpartialGame) by [`position_graph`]. It is
//! stored compactly: node names are interned into `u32` ids by an
//! open-addressing table over one byte buffer, and the edges are a CSR
//! adjacency (`u32` offsets and targets), so 10^7 nodes and 5·10^7 edges fit
//! in well under 2 GiB.
//!
//! | file | algorithm |
//! |---|---|
//! | [`acyclic`] | [`acyclic_values`]: mex in reverse topological order |
//! | [`loopy`] | [`loopy_values`]: the generalised Sprague–Grundy function (Smith; Fraenkel–Yesha), [`LoopyValue`] and its sum rules |
//! | [`parse`] | the edge-list and JSON readers |
//! | [`dot`] | [`to_dot`]: Graphviz output coloured by outcome |
//! | [`position`] | [`position_graph`]: the graph of positions of a game |
//!
//! [`analyse`] picks the algorithm: the topological one when the graph is
//! acyclic, the loopy one otherwise.
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
//! assert_eq!(values.outcome(&graph, a), LoopyOutcome::P);
//! ```

pub mod acyclic;
pub mod dot;
pub mod loopy;
pub mod parse;
pub mod position;

pub use acyclic::{acyclic_values, CycleError};
pub use dot::to_dot;
pub use loopy::{analyse, loopy_values, LoopyOutcome, LoopyValue, LoopyValues};
pub use position::position_graph;

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

/// `line N: ` for an error from a line of text, nothing for line 0.
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!("line {line}: ")
    }
}

/// Hash of a name: a word-at-a-time multiplicative hash (the Fx hash
/// recipe) with a full avalanche at the end (MurmurHash3's finaliser), so
/// that names differing only in their last characters spread over the whole
/// table. Much faster than SipHash on the 10^8 look-ups of a big file; the
/// names come from the user's own file, so hash flooding is not a concern.
fn hash_name(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h: u64 = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(5) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The largest number of nodes: ids are `u32` and `u32::MAX` is reserved.
const MAX_NODES: u32 = u32::MAX - 1;
/// An empty slot of the name table.
const EMPTY: u64 = u64::MAX;
/// A table slot holds a record offset in its low bits...
const OFFSET_BITS: u32 = 40;
const OFFSET_MASK: u64 = (1 << OFFSET_BITS) - 1;
/// Bytes before the name in a record: the id and the length, as `u32`s.
const RECORD_HEADER: usize = 8;

/// Interned node names.
///
/// Each name is a record `[id: u32][length: u32][bytes]` in one buffer, and
/// an open-addressing table (linear probing, load at most 1/2) maps a hash
/// to a slot holding the record's offset and, above it, the top 24 bits of
/// the hash. A look-up therefore touches one table slot and, only when the
/// hash bits agree, one record (usually one cache line): on a graph of 10^7
/// names, where every access misses the cache, that is what reading costs.
#[derive(Clone, Debug, Default)]
struct Names {
    records: Vec<u8>,
    /// The record offset of each id.
    starts: Vec<u64>,
    table: Vec<u64>,
}

impl Names {
    fn len(&self) -> usize {
        self.starts.len()
    }

    /// The id and bytes of the record at `offset`.
    fn record(&self, offset: usize) -> (u32, &[u8]) {
        let word =
            |at: usize| u32::from_le_bytes(self.records[at..at + 4].try_into().expect("4 bytes"));
        let len = word(offset + 4) as usize;
        let name = offset + RECORD_HEADER;
        (word(offset), &self.records[name..name + len])
    }

    fn get(&self, id: u32) -> &str {
        let (_, bytes) = self.record(self.starts[id as usize] as usize);
        std::str::from_utf8(bytes).expect("names are stored from &str")
    }

    fn slot_entry(hash: u64, offset: usize) -> u64 {
        (hash & !OFFSET_MASK) | offset as u64
    }

    fn find_slot(&self, name: &[u8], hash: u64) -> (usize, Option<u32>) {
        let mask = self.table.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            let entry = self.table[slot];
            if entry == EMPTY {
                return (slot, None);
            }
            if entry >> OFFSET_BITS == hash >> OFFSET_BITS {
                let (id, bytes) = self.record((entry & OFFSET_MASK) as usize);
                if bytes == name {
                    return (slot, Some(id));
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    fn lookup(&self, name: &str) -> Option<u32> {
        if self.table.is_empty() {
            return None;
        }
        self.find_slot(name.as_bytes(), hash_name(name.as_bytes()))
            .1
    }

    /// Makes room for `more` new names without another resize.
    fn reserve(&mut self, more: usize) {
        let needed = (self.len() + more) * 2;
        if needed <= self.table.len() {
            return;
        }
        let cap = needed.next_power_of_two().max(64);
        self.table = vec![EMPTY; cap];
        let mask = cap - 1;
        for &start in &self.starts {
            let (_, bytes) = self.record(start as usize);
            let hash = hash_name(bytes);
            let mut slot = hash as usize & mask;
            while self.table[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            self.table[slot] = Names::slot_entry(hash, start as usize);
        }
    }

    /// Loads the table slot (and the record it points to, if the hash bits
    /// match) for `hash`, so that a batch of look-ups can have their cache
    /// misses in flight together; returns a value to feed `black_box`.
    fn touch(&self, hash: u64) -> u64 {
        let entry = self.table[hash as usize & (self.table.len() - 1)];
        if entry != EMPTY && entry >> OFFSET_BITS == hash >> OFFSET_BITS {
            entry ^ u64::from(self.records[(entry & OFFSET_MASK) as usize])
        } else {
            entry
        }
    }

    /// The id of `name` (whose hash is `hash`), adding it if new; `None`
    /// when ids are exhausted.
    fn intern_hashed(&mut self, name: &str, hash: u64) -> Option<u32> {
        self.reserve(1);
        match self.find_slot(name.as_bytes(), hash) {
            (_, Some(id)) => Some(id),
            (slot, None) => {
                let id = u32::try_from(self.len())
                    .ok()
                    .filter(|&id| id <= MAX_NODES)?;
                let len = u32::try_from(name.len()).ok()?;
                let offset = self.records.len();
                if offset as u64 + (RECORD_HEADER + name.len()) as u64 > OFFSET_MASK {
                    return None;
                }
                self.records.extend_from_slice(&id.to_le_bytes());
                self.records.extend_from_slice(&len.to_le_bytes());
                self.records.extend_from_slice(name.as_bytes());
                self.starts.push(offset as u64);
                self.table[slot] = Names::slot_entry(hash, offset);
                Some(id)
            }
        }
    }

    fn intern(&mut self, name: &str) -> Option<u32> {
        self.intern_hashed(name, hash_name(name.as_bytes()))
    }
}

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
        let n = self.node_count();
        let mut offsets = vec![0u32; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut sources = vec![0; self.targets.len()];
        for v in self.nodes() {
            for &t in self.followers(v) {
                let slot = &mut fill[t as usize];
                sources[*slot as usize] = v;
                *slot += 1;
            }
        }
        (offsets, sources)
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
#[derive(Clone, Debug, Default)]
pub struct GraphBuilder {
    names: Names,
    /// Edges as (from, to), sorted into CSR by [`GraphBuilder::build`].
    edges: Vec<(NodeId, NodeId)>,
}

impl GraphBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        GraphBuilder::default()
    }

    /// The id of the node called `name`, adding the node if it is new.
    ///
    /// # Errors
    /// [`GraphError::TooLarge`] past `u32::MAX - 1` nodes.
    pub fn node(&mut self, name: &str) -> Result<NodeId, GraphError> {
        self.names.intern(name).ok_or(GraphError::TooLarge {
            line: 0,
            what: "nodes",
            max: u64::from(MAX_NODES) + 1,
        })
    }

    /// The number of nodes so far.
    pub fn node_count(&self) -> usize {
        self.names.len()
    }

    /// The name of a node already added.
    pub(crate) fn name(&self, v: NodeId) -> &str {
        self.names.get(v)
    }

    /// Adds the edge (move) `from -> to`.
    ///
    /// # Errors
    /// [`GraphError::TooLarge`] past `u32::MAX` edges.
    pub fn edge(&mut self, from: NodeId, to: NodeId) -> Result<(), GraphError> {
        if self.edges.len() >= u32::MAX as usize {
            return Err(GraphError::TooLarge {
                line: 0,
                what: "edges",
                max: u64::from(u32::MAX),
            });
        }
        self.edges.push((from, to));
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
        let (names, count) = split_line(text, line)?;
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
    /// This is the fast path for big files: names are looked up in batches,
    /// so that the cache misses of a batch overlap instead of queueing. A
    /// reader that streams a file passes it in chunks that end at a `\n`.
    /// After an error the builder may hold part of the text.
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
        /// Lines per batch: enough names to keep many misses in flight,
        /// few enough that the batch's table slots stay in cache.
        const BATCH: usize = 256;
        if text.is_empty() {
            return Ok(0);
        }
        let body = text.strip_suffix(b"\n").unwrap_or(text);
        let mut batch: Vec<(usize, [&str; 2], usize)> = Vec::with_capacity(BATCH);
        let mut hashes = Vec::with_capacity(2 * BATCH);
        let mut lines = 0;
        for (i, raw) in body.split(|&b| b == b'\n').enumerate() {
            let line = first_line + i;
            lines = i + 1;
            let (names, count) = split_line(raw, line)?;
            if count > 0 {
                batch.push((line, names, count));
            }
            if batch.len() == BATCH {
                self.intern_batch(&batch, &mut hashes)?;
                batch.clear();
            }
        }
        self.intern_batch(&batch, &mut hashes)?;
        Ok(lines)
    }

    /// Interns the names of a batch of lines and adds their edges.
    fn intern_batch(
        &mut self,
        batch: &[(usize, [&str; 2], usize)],
        hashes: &mut Vec<u64>,
    ) -> Result<(), GraphError> {
        hashes.clear();
        for (_, names, count) in batch {
            hashes.extend(names[..*count].iter().map(|n| hash_name(n.as_bytes())));
        }
        self.names.reserve(hashes.len());
        // First touch every slot (independent loads, so the CPU overlaps
        // their misses), then intern with the lines in cache.
        let sink = hashes.iter().fold(0, |acc, &h| acc ^ self.names.touch(h));
        std::hint::black_box(sink);
        let mut k = 0;
        for &(line, names, count) in batch {
            let mut ids = [0; 2];
            for j in 0..count {
                ids[j] =
                    self.names
                        .intern_hashed(names[j], hashes[k])
                        .ok_or(GraphError::TooLarge {
                            line,
                            what: "nodes",
                            max: u64::from(MAX_NODES) + 1,
                        })?;
                k += 1;
            }
            if count == 2 {
                self.edge(ids[0], ids[1]).map_err(|e| with_line(e, line))?;
            }
        }
        Ok(())
    }

    /// The finished graph, its edges in CSR order (each node's followers in
    /// the order the edges were added).
    ///
    /// # Errors
    /// [`GraphError::Empty`] when there is no node (the line reported is 0;
    /// the readers report the last line of their input).
    pub fn build(self) -> Result<Graph, GraphError> {
        if self.names.len() == 0 {
            return Err(GraphError::Empty { line: 0 });
        }
        let n = self.names.len();
        let mut offsets = vec![0u32; n + 1];
        for &(from, _) in &self.edges {
            offsets[from as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0; self.edges.len()];
        for &(from, to) in &self.edges {
            let slot = &mut fill[from as usize];
            targets[*slot as usize] = to;
            *slot += 1;
        }
        drop(self.edges);
        Ok(Graph {
            names: self.names,
            offsets,
            targets,
        })
    }
}

/// The (at most two) names on an edge-list line, validated.
fn split_line(text: &[u8], line: usize) -> Result<([&str; 2], usize), GraphError> {
    let text = match text.iter().position(|&b| b == b'#') {
        Some(i) => &text[..i],
        None => text,
    };
    let mut names = [""; 2];
    let mut count = 0;
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && !text[i].is_ascii_whitespace() {
            i += 1;
        }
        if count == 2 {
            return Err(GraphError::TooManyFields {
                line,
                column: start + 1,
            });
        }
        names[count] =
            std::str::from_utf8(&text[start..i]).map_err(|_| GraphError::InvalidUtf8 {
                line,
                column: start + 1,
            })?;
        count += 1;
    }
    Ok((names, count))
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
            assert_eq!(names.intern(&format!("node{i}")), Some(i));
        }
        for i in (0..10_000u32).rev() {
            assert_eq!(names.intern(&format!("node{i}")), Some(i));
            assert_eq!(names.lookup(&format!("node{i}")), Some(i));
            assert_eq!(names.get(i), format!("node{i}"));
        }
        assert_eq!(names.lookup("node10000"), None);
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
