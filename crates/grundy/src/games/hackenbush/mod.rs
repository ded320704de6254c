//! Green Hackenbush: a graph stands on the ground; a move chops an edge,
//! and everything no longer joined to the ground falls away; whoever
//! cannot chop loses.
//!
//! # Values in linear time
//!
//! Two principles of *Winning Ways* (Berlekamp, Conway and Guy, ch. 7)
//! give the value of any graph without a search:
//!
//! - **Colon principle.** Branches meeting at a vertex can be replaced by
//!   one stalk of the xor of their values, and a branch that stands on one
//!   edge above its base is worth one more than what stands on the edge's
//!   top. So a tree is worth the xor, over the edges at its root, of one
//!   plus the value of what stands on each.
//! - **Fusion principle.** The vertices of a cycle can be fused into one
//!   vertex without changing the value; the cycle's edges become loops,
//!   and a loop is worth a stalk of one edge, `*1`.
//!
//! Fusing every cycle turns the graph into a tree: its vertices are the
//! 2-edge-connected parts of the graph (vertices joined by two paths that
//! share no edge), its edges the bridges, and each part carries its own
//! edges as loops. [`Hackenbush::value`] finds the bridges by one
//! depth-first search (Tarjan's low links), then values that tree bottom
//! up: a part is worth the parity of its loops, xor one plus the value of
//! each part that hangs from it by a bridge. Time and memory are linear in
//! the edges.
//!
//! # Positions and specs
//!
//! The spec is `hackenbush:stalk:N` (a stalk of `N` edges), `hackenbush:cycle:N`
//! (a cycle of `N` edges with one vertex on the ground), `hackenbush:tree:BxD`
//! (a trunk, then `D` levels where every vertex branches in `B`), or a
//! file: an edge list, one edge `A B` a line (`#` starts a comment), in
//! which the vertex `ground` is the ground; loops `A A` and several edges
//! between the same two vertices are allowed. The edges are numbered from
//! 1 in the order given, and a position after some chops names the edges
//! gone: `hackenbush:stalk:5-{4,5}`.
//!
//! Misère play has no such theory, and is searched
//! ([`crate::search::MisereSearch`], components split at the ground) on
//! graphs of at most [`MAX_MISERE_EDGES`] edges.
//!
//! ```
//! use grundy::games::Hackenbush;
//! use grundy::Nimber;
//!
//! // A stalk is a Nim heap.
//! let stalk = Hackenbush::parse("hackenbush:stalk:5", None)?;
//! assert_eq!(stalk.value(&stalk.start()), Nimber(5));
//! // A triangle on the ground: one vertex fuses into the ground, and its
//! // edges are three loops, *1 + *1 + *1.
//! let cycle = Hackenbush::parse("hackenbush:cycle:3", None)?;
//! assert_eq!(cycle.value(&cycle.start()), Nimber(1));
//! # Ok::<(), grundy::games::GameError>(())
//! ```

mod layout;
mod position;

pub use layout::layout;
pub use position::HackenbushPosition;

use std::collections::HashMap;

use crate::game::ImpartialGame;
use crate::games::error::GameError;
use crate::games::named_graph::{number, ReadFile};
use crate::games::spec::out_of_range;
use crate::span::{ParseError, Span};
use crate::Nimber;

/// The most edges a graph may have.
pub const MAX_EDGES: usize = 1 << 20;

/// The most edges of a graph that misère play searches (a position is a
/// set of edges, a bitmask in a `u128`).
pub const MAX_MISERE_EDGES: usize = 128;

/// The ground's vertex number.
const GROUND: usize = 0;

/// The shape of a named graph, for the page's drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `stalk:N`.
    Stalk,
    /// `cycle:N`.
    Cycle,
    /// `tree:BxD`.
    Tree,
    /// An edge list.
    Edges,
}

/// Green Hackenbush on one graph. Vertex 0 is the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hackenbush {
    names: Vec<String>,
    /// The edges in their order, ends as vertex numbers (a loop has equal
    /// ends).
    edges: Vec<(u32, u32)>,
    shape: Shape,
    spec: String,
}

/// A set of edges, bit `i` for edge `i`.
pub type Edges = Vec<u64>;

impl Hackenbush {
    /// Green Hackenbush on `vertices` vertices (0 the ground; named
    /// `names`, or `ground`, `1`, `2`, ... when `names` is empty) and the
    /// `edges` in their order.
    ///
    /// # Errors
    /// An end that is not a vertex, or more than [`MAX_EDGES`] edges.
    ///
    /// ```
    /// use grundy::games::Hackenbush;
    /// use grundy::Nimber;
    /// // Two edges from the ground to one vertex: a cycle of 2, *0 after
    /// // fusion (two loops at the ground).
    /// let g = Hackenbush::from_edges(2, &[(0, 1), (1, 0)], &[], "two")?;
    /// assert_eq!(g.value(&g.start()), Nimber(0));
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn from_edges(
        vertices: usize,
        edges: &[(usize, usize)],
        names: &[String],
        spec: &str,
    ) -> Result<Hackenbush, GameError> {
        let bad = |reason: String| {
            GameError::Spec(ParseError::whole(format!(
                "{spec}: cannot play Hackenbush on this graph: {reason}"
            )))
        };
        if edges.len() > MAX_EDGES {
            return Err(bad(format!(
                "it has {} edges; Hackenbush graphs hold at most {MAX_EDGES}",
                edges.len()
            )));
        }
        if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| a.max(b) >= vertices) {
            return Err(bad(format!(
                "the edge {a}-{b} has an end that is not one of its {vertices} vertices"
            )));
        }
        let names = if names.len() == vertices {
            names.to_vec()
        } else {
            (0..vertices)
                .map(|v| {
                    if v == GROUND {
                        "ground".to_owned()
                    } else {
                        v.to_string()
                    }
                })
                .collect()
        };
        Ok(Hackenbush {
            names,
            edges: edges.iter().map(|&(a, b)| (a as u32, b as u32)).collect(),
            shape: Shape::Edges,
            spec: spec.to_owned(),
        })
    }

    /// Green Hackenbush on the graph of a spec: `hackenbush:stalk:N`,
    /// `hackenbush:cycle:N`, `hackenbush:tree:BxD`, or a file read with
    /// `read` (see the [module documentation](self)).
    ///
    /// # Errors
    /// A spec that does not start with `hackenbush:`, a size that is not a
    /// number or is out of range (located by byte); a file that cannot be
    /// read, a line that is not an edge, a graph without the vertex
    /// `ground` or with too many edges.
    ///
    /// ```
    /// use grundy::games::Hackenbush;
    /// let tree = Hackenbush::parse("hackenbush:tree:2x3", None)?;
    /// assert_eq!(tree.edges(), 1 + 2 + 4 + 8);
    /// let err = Hackenbush::parse("hackenbush:stalk:x", None).unwrap_err();
    /// assert!(err.to_string().starts_with("at byte 17: expected a number"), "{err}");
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse(spec: &str, read: Option<ReadFile<'_>>) -> Result<Hackenbush, GameError> {
        let lead = spec.len() - spec.trim_start().len();
        let body = lead + "hackenbush:".len();
        if !spec
            .get(lead..body)
            .is_some_and(|p| p.eq_ignore_ascii_case("hackenbush:"))
        {
            let found = spec
                .trim()
                .chars()
                .next()
                .map_or("end of spec".into(), |c| format!("'{c}'"));
            let err = ParseError::at_byte(lead, format!("expected 'hackenbush:', found {found}"));
            return Err(err.in_text(spec).into());
        }
        Hackenbush::parse_graph(spec, body, read).map_err(|e| e.in_text(spec))
    }

    fn parse_graph(
        spec: &str,
        at: usize,
        read: Option<ReadFile<'_>>,
    ) -> Result<Hackenbush, GameError> {
        let text = spec[at..].trim_end();
        let (name, arg) = text.split_once(':').unwrap_or((text, ""));
        let arg_at = at + name.len() + 1;
        let max = MAX_EDGES as u64;
        let edges_allowed = format!("1 to {MAX_EDGES}");
        let numbered = |n: usize| -> Vec<String> {
            (0..=n)
                .map(|v| {
                    if v == GROUND {
                        "ground".to_owned()
                    } else {
                        v.to_string()
                    }
                })
                .collect()
        };
        let (vertices, edges, shape, text) = match name.to_ascii_lowercase().as_str() {
            "stalk" => {
                let n = number(arg, arg_at, max, "edges", &edges_allowed)?;
                let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, i + 1)).collect();
                (n + 1, edges, Shape::Stalk, format!("stalk:{n}"))
            }
            "cycle" => {
                let n = number(arg, arg_at, max, "edges", &edges_allowed)?;
                // Vertices ground, 1, ..., n - 1 around the cycle.
                let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
                (n, edges, Shape::Cycle, format!("cycle:{n}"))
            }
            "tree" => {
                let Some((b, d)) = arg.split_once(['x', 'X']) else {
                    return Err(ParseError::at_byte(
                        arg_at + arg.len(),
                        "expected 'x' between branches and levels (tree:2x3), found end of spec",
                    )
                    .into());
                };
                let branches = number(b, arg_at, 64, "branches", "1 to 64")?;
                let d_at = arg_at + b.len() + 1;
                let levels = number(d, d_at, 64, "levels", "1 to 64")?;
                // A trunk, then `levels` levels of `branches` each.
                let mut total: usize = 1;
                let mut width: usize = 1;
                for _ in 0..levels {
                    width = width.saturating_mul(branches);
                    total = total.saturating_add(width);
                }
                if total > MAX_EDGES {
                    let span = Span {
                        start: d_at,
                        end: d_at + d.len(),
                    };
                    let allowed = format!("at most {MAX_EDGES} edges in all");
                    return Err(out_of_range(span, "levels", levels as u64, &allowed).into());
                }
                let mut edges = vec![(GROUND, 1)];
                let mut level = vec![1usize];
                for _ in 0..levels {
                    let mut next = Vec::with_capacity(level.len() * branches);
                    for &v in &level {
                        for _ in 0..branches {
                            let w = edges.len() + 1;
                            edges.push((v, w));
                            next.push(w);
                        }
                    }
                    level = next;
                }
                (
                    edges.len() + 1,
                    edges,
                    Shape::Tree,
                    format!("tree:{branches}x{levels}"),
                )
            }
            _ => return Hackenbush::read(text.trim(), read),
        };
        let mut game = Hackenbush::from_edges(vertices, &edges, &numbered(vertices - 1), "")?;
        game.shape = shape;
        game.spec = format!("hackenbush:{text}");
        Ok(game)
    }

    /// The graph of the edge-list file at `path`.
    fn read(path: &str, read: Option<ReadFile<'_>>) -> Result<Hackenbush, GameError> {
        let Some(read) = read else {
            return Err(GameError::NoFiles {
                path: path.to_owned(),
            });
        };
        let file = |context: String, reason: String| GameError::File {
            path: path.to_owned(),
            context,
            reason,
        };
        let text = read(path).map_err(|e| {
            file(
                format!("{path:?}: not a Hackenbush shape (stalk:N, cycle:N, tree:BxD), and it cannot be read as an edge-list file"),
                e.to_string(),
            )
        })?;
        let not_edges = |reason: String| file(format!("{path}: not a Hackenbush graph"), reason);
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut names = vec!["ground".to_owned()];
        index.insert("ground".into(), GROUND);
        let mut edges = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.len() {
                0 => continue,
                2 => {}
                n => {
                    return Err(not_edges(format!(
                        "line {}: expected an edge, two vertex names, found {n} {}",
                        i + 1,
                        if n == 1 { "name" } else { "names" }
                    )))
                }
            }
            let mut vertex = |name: &str| -> usize {
                let key = if name.eq_ignore_ascii_case("ground") {
                    "ground".to_owned()
                } else {
                    name.to_owned()
                };
                *index.entry(key).or_insert_with(|| {
                    names.push(name.to_owned());
                    names.len() - 1
                })
            };
            let (a, b) = (vertex(fields[0]), vertex(fields[1]));
            edges.push((a, b));
        }
        if edges.is_empty() {
            return Err(not_edges("no line names an edge".into()));
        }
        if !edges.iter().any(|&(a, b)| a == GROUND || b == GROUND) {
            return Err(not_edges(
                "no edge touches the ground (a vertex named 'ground'), so nothing stands".into(),
            ));
        }
        Hackenbush::from_edges(names.len(), &edges, &names, path)
            .map_err(|e| not_edges(e.to_string()))
            .map(|mut g| {
                g.spec = format!("hackenbush:{path}");
                g
            })
    }

    /// The spec this game was made from: `hackenbush:stalk:5`.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The number of edges.
    pub fn edges(&self) -> usize {
        self.edges.len()
    }

    /// The two ends of edge `i` (0-based), as vertex numbers.
    pub fn ends(&self, i: usize) -> (usize, usize) {
        let (a, b) = self.edges[i];
        (a as usize, b as usize)
    }

    /// The number of vertices, the ground among them.
    pub fn vertices(&self) -> usize {
        self.names.len()
    }

    /// The name of vertex `v` (`ground` for 0).
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The shape the graph was named by.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every edge that stands: the start position (edges that no path
    /// joins to the ground have already fallen).
    pub fn start(&self) -> Edges {
        let mut all = vec![0u64; self.edges.len().div_ceil(64)];
        for i in 0..self.edges.len() {
            all[i / 64] |= 1 << (i % 64);
        }
        self.standing(&all)
    }

    /// The edges of `left` still joined to the ground.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn standing(&self, left: &[u64]) -> Edges {
        let mut edges = Vec::new();
        for_each_edge(left, |i| edges.push(self.edges[i]));
        let adjacency = Adjacency::new(self.vertices(), &edges);
        let mut reached = vec![false; self.vertices()];
        reached[GROUND] = true;
        let mut stack = vec![GROUND];
        while let Some(v) = stack.pop() {
            for &(_, w) in adjacency.at(v) {
                if !reached[w as usize] {
                    reached[w as usize] = true;
                    stack.push(w as usize);
                }
            }
        }
        let mut out = vec![0u64; left.len()];
        for_each_edge(left, |i| {
            if reached[self.edges[i].0 as usize] {
                out[i / 64] |= 1 << (i % 64);
            }
        });
        out
    }

    /// The position after chopping edge `i` in `left`: the edge goes, and
    /// every edge no longer joined to the ground falls.
    pub fn chop(&self, left: &[u64], i: usize) -> Edges {
        let mut after = left.to_vec();
        after[i / 64] &= !(1 << (i % 64));
        self.standing(&after)
    }

    /// The Grundy value of the edges `left`, by the colon and fusion
    /// principles (see the [module documentation](self)); edges not joined
    /// to the ground count for nothing.
    ///
    /// # Complexity
    /// O(V + E) time and memory: one depth-first search, iterative.
    ///
    /// ```
    /// use grundy::games::Hackenbush;
    /// use grundy::Nimber;
    /// // A trunk with two branches of one edge: *1 + *1 = 0 above the
    /// // trunk, so the tree is worth *1 ...
    /// let y = Hackenbush::from_edges(4, &[(0, 1), (1, 2), (1, 3)], &[], "y")?;
    /// assert_eq!(y.value(&y.start()), Nimber(1));
    /// // ... and a loop on top of a stalk of 2 makes it *3.
    /// let g = Hackenbush::from_edges(3, &[(0, 1), (1, 2), (2, 2)], &[], "g")?;
    /// assert_eq!(g.value(&g.start()), Nimber(3));
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn value(&self, left: &[u64]) -> Nimber {
        let mut edges = Vec::new();
        for_each_edge(left, |i| edges.push(self.edges[i]));
        Nimber(Fusion::new(self.vertices(), &edges, None).value())
    }

    /// The edges of `left` whose chop leaves a position worth `*0`: the
    /// winning moves under normal play.
    ///
    /// The fused tree is built once. Going down it from the ground, each
    /// part learns the value it would have to take for the whole to be
    /// worth `*0` (its parent's target, less what the parent keeps, less
    /// one for the bridge): a bridge wins when cutting its branch leaves
    /// its parent at the parent's target, and an edge inside a part wins
    /// when the part without it, the branches hanging from it standing in
    /// as stalks, is valued at the part's target.
    ///
    /// # Complexity
    /// O(V + E) for the bridges; an edge inside a 2-edge-connected part of
    /// `k` edges costs O(k) more (quadratic in the largest part).
    ///
    /// ```
    /// use grundy::games::Hackenbush;
    /// let stalk = Hackenbush::parse("hackenbush:stalk:3", None)?;
    /// // Only chopping the bottom edge leaves nothing.
    /// assert_eq!(stalk.winning_chops(&stalk.start()), vec![0]);
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn winning_chops(&self, left: &[u64]) -> Vec<usize> {
        self.chops(left, false)
    }

    /// [`Hackenbush::winning_chops`], or when `first`, one of them (a
    /// bridge when one wins: found in linear time), or none.
    pub(crate) fn chops(&self, left: &[u64], first: bool) -> Vec<usize> {
        let mut ids = Vec::new();
        for_each_edge(left, |i| ids.push(i));
        let edges: Vec<(u32, u32)> = ids.iter().map(|&i| self.edges[i]).collect();
        let f = Fusion::new(self.vertices(), &edges, None);
        let mut wins = Vec::new();
        // Each part's target, top down (heads in preorder); `None` where
        // no chop inside the part can win.
        let n = self.vertices();
        let mut need: Vec<Option<u64>> = vec![None; n];
        need[GROUND] = Some(0);
        for &v in &f.preorder {
            let v = v as usize;
            if v == GROUND || !f.is_head(v) {
                continue;
            }
            let above = f.part[f.parent[v] as usize] as usize;
            let Some(target) = need[above] else {
                continue;
            };
            let branch = target ^ f.worth[above] ^ (f.worth[v] + 1);
            if branch == 0 {
                wins.push(ids[f.parent_edge[v] as usize]);
            } else {
                need[v] = Some(branch - 1);
            }
        }
        if first && !wins.is_empty() {
            wins.truncate(1);
            return wins;
        }
        // Edges inside parts whose target is known: group them by part.
        let mut inside: HashMap<u32, Vec<usize>> = HashMap::new();
        for (k, &(a, _)) in edges.iter().enumerate() {
            if f.order[a as usize] != UNSEEN && !f.is_bridge(k, &edges) {
                let p = f.part[a as usize];
                if need[p as usize].is_some() {
                    inside.entry(p).or_default().push(k);
                }
            }
        }
        for (p, members) in inside {
            let target = need[p as usize].expect("only parts with a target");
            // The part alone: its vertices renumbered from its head, each
            // with the branches hanging from it as a nimber.
            let mut local: HashMap<u32, u32> = HashMap::new();
            local.insert(p, 0);
            let number = |v: u32, local: &mut HashMap<u32, u32>| -> u32 {
                let next = local.len() as u32;
                *local.entry(v).or_insert(next)
            };
            let part_edges: Vec<(u32, u32)> = members
                .iter()
                .map(|&k| {
                    let (a, b) = edges[k];
                    (number(a, &mut local), number(b, &mut local))
                })
                .collect();
            let mut extra = vec![0u64; local.len()];
            for (&v, &at) in &local {
                extra[at as usize] = f.hanging[v as usize];
            }
            for (m, &k) in members.iter().enumerate() {
                let mut without = part_edges.clone();
                without.swap_remove(m);
                if Fusion::new(local.len(), &without, Some(&extra)).value() == target {
                    wins.push(ids[k]);
                    if first {
                        return wins;
                    }
                }
            }
        }
        wins.sort_unstable();
        wins
    }

    /// The edges of a set, in order.
    pub fn edges_in(left: &[u64]) -> Vec<usize> {
        let mut out = Vec::new();
        for_each_edge(left, |i| out.push(i));
        out
    }

    /// The game on bitmasks for the misère search, when the graph has at
    /// most [`MAX_MISERE_EDGES`] edges.
    pub(crate) fn small(&self) -> Option<SmallHackenbush<'_>> {
        (self.edges.len() <= MAX_MISERE_EDGES).then_some(SmallHackenbush { game: self })
    }
}

/// A vertex not reached from the ground.
const UNSEEN: u32 = u32::MAX;

/// A graph fused as the module documentation says: its bridges found by
/// one depth-first search from vertex 0 (the ground), its
/// 2-edge-connected parts (each named by its first vertex in preorder),
/// and each part's value with all that hangs from it.
struct Fusion {
    /// Preorder numbers ([`UNSEEN`] off the ground's component).
    order: Vec<u32>,
    /// The least preorder number reached from a vertex's subtree by one
    /// edge outside the search tree.
    low: Vec<u32>,
    /// The vertex each was reached from, and by which edge.
    parent: Vec<u32>,
    parent_edge: Vec<u32>,
    /// The vertices reached, in preorder.
    preorder: Vec<u32>,
    /// The part of each vertex.
    part: Vec<u32>,
    /// By part: its value (its loops, and one more than each part hanging
    /// from it by a bridge, all added by xor).
    worth: Vec<u64>,
    /// By vertex: the xor of one plus the value of each part that hangs
    /// from it by a bridge, with the `extra` the caller stood on it.
    hanging: Vec<u64>,
}

impl Fusion {
    /// The fusion of the graph of `n` vertices and `edges` (ends in
    /// `0..n`); `extra[v]`, when given, is a nimber standing on `v` (a
    /// stalk of that many edges, by the colon principle).
    fn new(n: usize, edges: &[(u32, u32)], extra: Option<&[u64]>) -> Fusion {
        let adjacency = Adjacency::new(n, edges);
        let mut f = Fusion {
            order: vec![UNSEEN; n],
            low: vec![0; n],
            parent: vec![0; n],
            parent_edge: vec![u32::MAX; n],
            preorder: Vec::new(),
            part: vec![0; n],
            worth: vec![0; n],
            hanging: extra.map_or_else(|| vec![0; n], <[u64]>::to_vec),
        };
        let mut stack: Vec<(u32, usize)> = vec![(GROUND as u32, 0)];
        f.order[GROUND] = 0;
        f.preorder.push(GROUND as u32);
        while let Some(top) = stack.last_mut() {
            let v = top.0;
            if let Some(&(e, w)) = adjacency.at(v as usize).get(top.1) {
                top.1 += 1;
                if e == f.parent_edge[v as usize] || w == v {
                    continue;
                }
                if f.order[w as usize] == UNSEEN {
                    f.order[w as usize] = f.preorder.len() as u32;
                    f.low[w as usize] = f.order[w as usize];
                    f.parent_edge[w as usize] = e;
                    f.parent[w as usize] = v;
                    f.preorder.push(w);
                    stack.push((w, 0));
                } else {
                    f.low[v as usize] = f.low[v as usize].min(f.order[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _)) = stack.last() {
                    f.low[p as usize] = f.low[p as usize].min(f.low[v as usize]);
                }
            }
        }
        // Each 2-edge-connected part is a subtree of the search cut at
        // bridges, named by its head.
        for k in 0..f.preorder.len() {
            let v = f.preorder[k] as usize;
            f.part[v] = if v == GROUND || f.is_head(v) {
                v as u32
            } else {
                f.part[f.parent[v] as usize]
            };
        }
        // Every edge that stands and is not a bridge is a loop of its part
        // once the part is fused: *1 each.
        for (k, &(a, _)) in edges.iter().enumerate() {
            if f.order[a as usize] != UNSEEN && !f.is_bridge(k, edges) {
                f.worth[f.part[a as usize] as usize] ^= 1;
            }
        }
        // Bottom up: a part hanging by a bridge adds one plus its value to
        // the vertex it hangs from (every vertex below a part's head comes
        // later in preorder, so the part is complete when its head is met).
        for k in (0..f.preorder.len()).rev() {
            let v = f.preorder[k] as usize;
            let standing = f.hanging[v];
            f.worth[f.part[v] as usize] ^= standing;
            if v != GROUND && f.is_head(v) {
                let from = f.parent[v] as usize;
                f.hanging[from] ^= f.worth[v] + 1;
            }
        }
        f
    }

    /// Whether `v`, reached from its parent, heads a part: nothing below
    /// it reaches above it but through its parent edge, a bridge.
    fn is_head(&self, v: usize) -> bool {
        v != GROUND && self.low[v] > self.order[self.parent[v] as usize]
    }

    /// Whether edge `k` is a bridge.
    fn is_bridge(&self, k: usize, edges: &[(u32, u32)]) -> bool {
        let (a, b) = edges[k];
        let below = |v: u32| self.parent_edge[v as usize] == k as u32 && self.is_head(v as usize);
        a != b && (below(a) || below(b))
    }

    /// The value of the whole: the ground's part.
    fn value(&self) -> u64 {
        self.worth[GROUND]
    }
}

/// Calls `f` with each edge of `set`, in order.
fn for_each_edge(set: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in set.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            f(w * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

/// The edges of a set at each vertex, as `(edge, other end)`: compressed
/// rows, a loop listed once.
struct Adjacency {
    start: Vec<u32>,
    list: Vec<(u32, u32)>,
}

impl Adjacency {
    fn new(n: usize, edges: &[(u32, u32)]) -> Adjacency {
        let mut start = vec![0u32; n + 1];
        for &(a, b) in edges {
            start[a as usize + 1] += 1;
            if a != b {
                start[b as usize + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut list = vec![(0, 0); start[n] as usize];
        let mut put = |v: u32, item: (u32, u32)| {
            list[fill[v as usize] as usize] = item;
            fill[v as usize] += 1;
        };
        for (k, &(a, b)) in edges.iter().enumerate() {
            put(a, (k as u32, b));
            if a != b {
                put(b, (k as u32, a));
            }
        }
        Adjacency { start, list }
    }

    fn at(&self, v: usize) -> &[(u32, u32)] {
        &self.list[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// Hackenbush on a graph of at most 128 edges, a position a bitmask of
/// the edges standing, for the search (misère play).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SmallHackenbush<'g> {
    game: &'g Hackenbush,
}

impl SmallHackenbush<'_> {
    /// A set of edges as a bitmask.
    pub(crate) fn mask(set: &[u64]) -> u128 {
        let word = |i: usize| u128::from(set.get(i).copied().unwrap_or(0));
        word(0) | word(1) << 64
    }

    /// The edges of `pos` still joined to the ground.
    fn standing(&self, pos: u128) -> u128 {
        let n = self.game.vertices();
        let mut reached = vec![false; n];
        reached[GROUND] = true;
        let mut out = 0u128;
        loop {
            let mut grew = false;
            let mut rest = pos & !out;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (a, b) = self.game.ends(i);
                if reached[a] || reached[b] {
                    reached[a] = true;
                    reached[b] = true;
                    out |= 1 << i;
                    grew = true;
                }
            }
            if !grew {
                return out;
            }
        }
    }
}

impl ImpartialGame for SmallHackenbush<'_> {
    /// The edges standing (bit `i` for edge `i`).
    type Position = u128;

    fn moves(&self, &pos: &u128, out: &mut Vec<u128>) {
        let mut rest = pos;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            out.push(self.standing(pos & !(1 << i)));
        }
    }

    fn size(&self, pos: &u128) -> Option<u64> {
        Some(u64::from(pos.count_ones()))
    }

    /// The parts that meet only at the ground: with the ground taken out,
    /// the edges joined to each other (a loop at the ground is a part of
    /// its own).
    fn components(&self, &pos: &u128, out: &mut Vec<u128>) {
        let mut rest = pos;
        while rest != 0 {
            let first = rest.trailing_zeros() as usize;
            let mut part = 1u128 << first;
            let (a, b) = self.game.ends(first);
            let mut touched: Vec<usize> = [a, b].into_iter().filter(|&v| v != GROUND).collect();
            let mut grew = true;
            while grew {
                grew = false;
                let mut others = rest & !part;
                while others != 0 {
                    let i = others.trailing_zeros() as usize;
                    others &= others - 1;
                    let (c, d) = self.game.ends(i);
                    if touched.contains(&c) && c != GROUND || touched.contains(&d) && d != GROUND {
                        part |= 1 << i;
                        touched.extend([c, d].into_iter().filter(|&v| v != GROUND));
                        grew = true;
                    }
                }
            }
            rest &= !part;
            out.push(part);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MisereSearch;
    use grundy_testkit::Plain;

    // Hackenbush by its definition, on a bitmask of edges (the test
    // kit's rules): chop an edge, drop every edge that no path joins to
    // the ground.
    use grundy_testkit::graphs::{grounded, hackenbush_moves as moves};

    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn random_graphs_match_brute_force() {
        let mut seed = 0x51_7cc1_b727_220au64;
        for _ in 0..400 {
            let n = 1 + (xorshift(&mut seed) % 6) as usize;
            let count = 1 + (xorshift(&mut seed) % 12) as usize;
            let edges: Vec<(usize, usize)> = (0..count)
                .map(|_| {
                    let a = (xorshift(&mut seed) % (n as u64 + 1)) as usize;
                    let b = (xorshift(&mut seed) % (n as u64 + 1)) as usize;
                    (a, b)
                })
                .collect();
            let g = Hackenbush::from_edges(n + 1, &edges, &[], "random").unwrap();
            let all = (1u64 << count) - 1;
            let mut normal = Plain::normal(|&pos: &u64| moves(&edges, pos));
            let mut misere = Plain::misere(|&pos: &u64| moves(&edges, pos));
            let start = grounded(&edges, all);
            assert_eq!(g.start(), vec![start], "{edges:?}");
            let expected = normal.value(&start);
            let misere_win = misere.mover_wins(&start);
            assert_eq!(g.value(&g.start()), Nimber(expected), "{edges:?}");
            // The value of everything, fallen edges included, is the same.
            assert_eq!(g.value(&[all]), Nimber(expected), "{edges:?}");
            let wins: Vec<usize> = (0..count)
                .filter(|&i| start >> i & 1 == 1)
                .filter(|&i| normal.value(&grounded(&edges, start & !(1 << i))) == 0)
                .collect();
            assert_eq!(g.winning_chops(&g.start()), wins, "{edges:?}");
            let one = g.chops(&g.start(), true);
            assert_eq!(one.len(), usize::from(!wins.is_empty()), "{edges:?}");
            assert!(one.iter().all(|i| wins.contains(i)), "{edges:?}");
            let small = g.small().unwrap();
            let pos = SmallHackenbush::mask(&g.start());
            assert_eq!(
                MisereSearch::new(&small).wins(&pos).unwrap(),
                misere_win,
                "misère {edges:?}"
            );
            assert_eq!(
                crate::game::value(&small, &pos, &mut crate::game::Cache::new()).unwrap(),
                Nimber(expected)
            );
        }
    }

    #[test]
    fn named_shapes() {
        for n in 1..=40u64 {
            let stalk = Hackenbush::parse(&format!("hackenbush:stalk:{n}"), None).unwrap();
            assert_eq!(stalk.value(&stalk.start()), Nimber(n));
            // A cycle of n edges on the ground fuses into the ground as n
            // loops: odd cycles are *1, even ones *0 (Winning Ways).
            let cycle = Hackenbush::parse(&format!("hackenbush:cycle:{n}"), None).unwrap();
            assert_eq!(cycle.value(&cycle.start()), Nimber(n % 2), "cycle {n}");
        }
        // Trees: with an even number of branches each level cancels out,
        // leaving the trunk (*1); with an odd number, each level adds one:
        // D levels of 3 above a trunk are a stalk of D + 1.
        for d in 1..=6 {
            let even = Hackenbush::parse(&format!("hackenbush:tree:2x{d}"), None).unwrap();
            assert_eq!(even.value(&even.start()), Nimber(1));
            let odd = Hackenbush::parse(&format!("hackenbush:tree:3x{d}"), None).unwrap();
            assert_eq!(odd.value(&odd.start()), Nimber(d + 1));
        }
    }

    #[test]
    fn files_and_bad_specs() {
        let read =
            |_: &str| Ok("# a triangle on a stalk\nground a\na b\nb c\nc a\nc c\n".to_owned());
        let g = Hackenbush::parse("hackenbush:tri.txt", Some(&read)).unwrap();
        assert_eq!((g.vertices(), g.edges()), (4, 5));
        assert_eq!(g.spec(), "hackenbush:tri.txt");
        // The triangle and the loop fuse into four loops (*0) on top of
        // the edge ground-a: *1.
        assert_eq!(g.value(&g.start()), Nimber(1));
        let floating = |_: &str| Ok("a b\n".to_owned());
        let err = Hackenbush::parse("hackenbush:f.txt", Some(&floating)).unwrap_err();
        assert!(
            err.to_string().contains("no edge touches the ground"),
            "{err}"
        );
        let three = |_: &str| Ok("ground a\na b c\n".to_owned());
        let err = Hackenbush::parse("hackenbush:f.txt", Some(&three)).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        for (spec, offset) in [
            ("hackenbush:stalk:", 17),
            ("hackenbush:stalk:0", 17),
            ("hackenbush:cycle:x", 17),
            ("hackenbush:tree:2", 17),
            ("hackenbush:tree:2x40", 18),
            ("hack:stalk:3", 0),
        ] {
            let err = Hackenbush::parse(spec, None).unwrap_err();
            let GameError::Spec(e) = &err else {
                panic!("{spec}: {err}");
            };
            assert_eq!(e.span().unwrap().start, offset, "{spec}: {err}");
        }
    }
}
