//! Loopy games: the generalised Sprague–Grundy function.
//!
//! On a graph with cycles a play may go on forever, which is a draw. C. A. B.
//! Smith (1966) and Fraenkel & Yesha (1986) extend Grundy values to such
//! graphs: every node gets either a finite value `*n` or `∞(K)`, where the
//! *escape set* `K` is the set of finite values among its followers.
//!
//! * A node worth `*n` behaves exactly like a Nim heap of `n` in every sum:
//!   the player who wants to win never needs the cycles.
//! * A node worth `∞(K)` can be kept going forever by a player who needs to.
//!
//! **Outcomes.** `*0` is a P-position, `*n` with `n > 0` an N-position;
//! `∞(K)` is an N-position when `0 ∈ K` (move to a `*0` follower) and a draw
//! (D) otherwise.
//!
//! **Sums** ([`LoopyValue::add`]): for finite `a`, `b` and escape sets `K`,
//! `L`,
//!
//! | G | H | G + H | outcome of G + H |
//! |---|---|---|---|
//! | `*a` | `*b` | `*(a xor b)` | P iff `a = b`, else N |
//! | `∞(K)` | `*b` | `∞(K xor b)` | N iff `b ∈ K`, else D |
//! | `∞(K)` | `∞(L)` | `∞(∅)` | always D |
//!
//! (`K xor b` is `{k xor b : k ∈ K}`.) These are Smith's rules; the test
//! suite checks them by solving sums of small random graphs move by move.
//!
//! # The algorithm
//!
//! First the cheap part: a node from which no cycle can be reached has an
//! acyclic game, and its value is its ordinary Grundy value. An acyclic
//! graph is valued by a topological order alone (Kahn's algorithm from the
//! nodes no move reaches, then mex in reverse order); otherwise Kahn's
//! algorithm run backwards from the terminal nodes values exactly those
//! nodes, and the levels below only run over the others, the valued nodes
//! taking part as labelled ones (a node worth `m` answers its predecessors
//! at level `m`).
//!
//! Values are assigned level by level, `m = 0, 1, 2, ...` (Fraenkel–Yesha).
//! At level `m` the unlabelled nodes are exactly those with followers of
//! every value below `m`. An unlabelled node `u` gets value `m` when no
//! follower of `u` has value `m` and every follower of `u` that is
//! unlabelled or `∞` has a follower of value `m` (the opponent's escape to a
//! larger value can be answered by a move back to `m`). This is found by
//! retrograde counting: each unlabelled node counts its followers that are
//! still "open" (unlabelled or `∞`, and not yet known to have a follower of
//! value `m`); labelling a node `m` marks its predecessors, and each newly
//! marked open node decrements its predecessors' counts; a count reaching
//! zero labels the node (unless it is marked). At the end of the level,
//! unlabelled nodes with no follower of value `m` become `∞`.
//!
//! # Complexity
//! O(N + E) for the first part. One level costs O(N_m + E_m) where N_m is
//! the number of nodes still unlabelled or `∞` and E_m their incident
//! edges; there are at most `g + 2` levels for a largest finite value `g`
//! (and `g` is at most the largest out-degree), so the total is
//! O((g + 2)(N + E)) time, and O(N + E) memory (the reversed adjacency and
//! three `u32` arrays); on an acyclic graph, O(N + E) and no reversed
//! adjacency.

use std::fmt;

use super::acyclic::{forward_values, meets_cycle_soon, peel, UNRESOLVED};
use super::{Graph, NodeId};
use crate::prefetch::prefetch_at;
use crate::Nimber;

/// Who wins a position of a game that may last forever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// Neither player can force a win: with best play the game never ends.
    D,
}

impl LoopyOutcome {
    /// `"N"`, `"P"` or `"D"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            LoopyOutcome::N => "N",
            LoopyOutcome::P => "P",
            LoopyOutcome::D => "D",
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A generalised Sprague–Grundy value: `*n` or `∞(K)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// Equivalent to a Nim heap.
    Finite(Nimber),
    /// Infinite, with the escape set: the finite values among the followers,
    /// sorted and without repeats.
    Infinite(Vec<Nimber>),
}

impl LoopyValue {
    /// The outcome: see the [module docs](self).
    ///
    /// ```
    /// use grundy::graph::{LoopyOutcome, LoopyValue};
    /// use grundy::Nimber;
    /// assert_eq!(LoopyValue::Finite(Nimber(0)).outcome(), LoopyOutcome::P);
    /// assert_eq!(LoopyValue::Infinite(vec![Nimber(0), Nimber(2)]).outcome(), LoopyOutcome::N);
    /// assert_eq!(LoopyValue::Infinite(vec![Nimber(1)]).outcome(), LoopyOutcome::D);
    /// ```
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Finite(v) if v.is_zero() => LoopyOutcome::P,
            LoopyValue::Finite(_) => LoopyOutcome::N,
            LoopyValue::Infinite(escape) if escape.contains(&Nimber::ZERO) => LoopyOutcome::N,
            LoopyValue::Infinite(_) => LoopyOutcome::D,
        }
    }

    /// The value of the disjunctive sum of two games with these values
    /// (Smith's rules, in the table of the [module docs](self)).
    ///
    /// ```
    /// use grundy::graph::{LoopyOutcome, LoopyValue};
    /// use grundy::Nimber;
    ///
    /// let loopy = LoopyValue::Infinite(vec![Nimber(0), Nimber(3)]);
    /// let three = LoopyValue::Finite(Nimber(3));
    /// // Move the loopy component to *3, leaving *3 + *3 = 0.
    /// assert_eq!(loopy.add(&three), LoopyValue::Infinite(vec![Nimber(0), Nimber(3)]));
    /// assert_eq!(loopy.add(&three).outcome(), LoopyOutcome::N);
    /// assert_eq!(loopy.add(&LoopyValue::Finite(Nimber(1))).outcome(), LoopyOutcome::D);
    /// assert_eq!(loopy.add(&loopy).outcome(), LoopyOutcome::D);
    /// ```
    pub fn add(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(*a + *b),
            (LoopyValue::Infinite(k), LoopyValue::Finite(b))
            | (LoopyValue::Finite(b), LoopyValue::Infinite(k)) => {
                let mut escape: Vec<Nimber> = k.iter().map(|&x| x + *b).collect();
                escape.sort_unstable();
                LoopyValue::Infinite(escape)
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
        }
    }
}

impl fmt::Display for LoopyValue {
    /// `*3`, `∞(0,2)`, or `∞` for an empty escape set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(v) => write!(f, "{v}"),
            LoopyValue::Infinite(escape) if escape.is_empty() => f.write_str("∞"),
            LoopyValue::Infinite(escape) => {
                f.write_str("∞(")?;
                for (i, v) in escape.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}", v.0)?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Marks a node worth `∞(K)` with `0 ∈ K` (an N-position).
const INF: u32 = u32::MAX;
/// Marks a node worth `∞(K)` with `0 ∉ K` (a draw). Only in a finished
/// [`LoopyValues`]: during the computation this value is [`UNLABELLED`].
const INF_DRAW: u32 = u32::MAX - 1;
/// Marks a node not labelled yet (only during the computation).
const UNLABELLED: u32 = u32::MAX - 1;

/// The generalised Sprague–Grundy values of every node of a graph, compactly
/// (one `u32` per node: a finite value, or one of two marks for `∞` that
/// tell its outcome; escape sets are computed on demand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyValues {
    raw: Vec<u32>,
}

impl LoopyValues {
    /// Whether node `v` has a finite value.
    pub fn is_finite(&self, v: NodeId) -> bool {
        self.raw[v as usize] < INF_DRAW
    }

    /// The finite value of `v`, or `None` for `∞`.
    pub fn finite(&self, v: NodeId) -> Option<Nimber> {
        let raw = self.raw[v as usize];
        (raw < INF_DRAW).then_some(Nimber(u64::from(raw)))
    }

    /// The value of `v`, with its escape set when infinite.
    ///
    /// # Complexity
    /// O(out-degree of `v`) for an infinite value, O(1) otherwise.
    pub fn value(&self, graph: &Graph, v: NodeId) -> LoopyValue {
        match self.finite(v) {
            Some(n) => LoopyValue::Finite(n),
            None => LoopyValue::Infinite(self.escape(graph, v)),
        }
    }

    /// The finite values among the followers of `v`, sorted, no repeats.
    pub fn escape(&self, graph: &Graph, v: NodeId) -> Vec<Nimber> {
        let mut escape = Vec::new();
        self.escape_into(graph, v, &mut escape);
        escape
    }

    /// [`LoopyValues::escape`] into a buffer the caller keeps (cleared
    /// first), for printing millions of nodes without an allocation each.
    ///
    /// ```
    /// use grundy::graph::{analyse, Graph};
    /// use grundy::Nimber;
    ///
    /// let g = Graph::parse_edge_list("u u\nu end\n").unwrap();
    /// let values = analyse(&g);
    /// let mut escape = vec![Nimber(7)];
    /// values.escape_into(&g, g.node("u").unwrap(), &mut escape);
    /// assert_eq!(escape, [Nimber(0)]);
    /// ```
    pub fn escape_into(&self, graph: &Graph, v: NodeId, escape: &mut Vec<Nimber>) {
        escape.clear();
        // Values below 64 as a bitmask, read out in order: no sort (this
        // runs for each of the millions of infinite nodes a big graph can
        // have).
        let mut below_64 = 0u64;
        let mut big = false;
        for &w in graph.followers(v) {
            match self.raw[w as usize] {
                raw if raw < 64 => below_64 |= 1 << raw,
                raw if raw < INF_DRAW => big = true,
                _ => {}
            }
        }
        if big {
            escape.extend(graph.followers(v).iter().filter_map(|&w| self.finite(w)));
            escape.sort_unstable();
            escape.dedup();
            return;
        }
        while below_64 != 0 {
            escape.push(Nimber(u64::from(below_64.trailing_zeros())));
            below_64 &= below_64 - 1;
        }
    }

    /// The outcome of `v`.
    ///
    /// # Complexity
    /// O(1): the outcome of an infinite node (whether `0` is in its escape
    /// set) is kept with its value.
    pub fn outcome(&self, v: NodeId) -> LoopyOutcome {
        match self.raw[v as usize] {
            0 => LoopyOutcome::P,
            INF_DRAW => LoopyOutcome::D,
            _ => LoopyOutcome::N,
        }
    }

    /// Whether every value is finite (always so for an acyclic graph).
    pub fn all_finite(&self) -> bool {
        self.raw.iter().all(|&raw| raw < INF_DRAW)
    }
}

/// The generalised Sprague–Grundy value of every node (see the
/// [module docs](self) for the algorithm).
///
/// # Complexity
/// O((g + 2)(N + E)) time for a largest finite value `g`; O(N + E) memory.
///
/// # Examples
/// ```
/// use grundy::graph::{loopy_values, Graph, LoopyOutcome};
///
/// // A node with a self-loop and a move to a terminal node: the player to
/// // move wins by moving to the terminal node, but the node is not a Nim
/// // heap in sums, because it can also pass.
/// let g = Graph::parse_edge_list("u u\nu end\n").unwrap();
/// let values = loopy_values(&g);
/// let u = g.node("u").unwrap();
/// assert_eq!(values.value(&g, u).to_string(), "∞(0)");
/// assert_eq!(values.outcome(u), LoopyOutcome::N);
/// ```
pub fn loopy_values(graph: &Graph) -> LoopyValues {
    // An acyclic graph has only finite values, its Grundy values.
    // A short search first tells most graphs with cycles from DAGs, so that
    // they skip the forward pass.
    if !meets_cycle_soon(graph, 1 << 16) {
        if let Some(raw) = forward_values(graph) {
            return LoopyValues { raw };
        }
    }
    let n = graph.node_count();
    let (pred_offsets, preds) = graph.predecessors();
    // Nodes that reach no cycle get their ordinary Grundy values first (the
    // same in both theories); the levels below only handle the others.
    let (mut values, unresolved) = peel(graph, &pred_offsets, &preds);
    let preds_of = |v: NodeId| {
        &preds[pred_offsets[v as usize] as usize..pred_offsets[v as usize + 1] as usize]
    };
    debug_assert_eq!(UNRESOLVED, UNLABELLED);
    // seeds[m]: valued nodes worth m with an unresolved predecessor. At
    // level m they act as nodes labelled m: they answer their predecessors.
    let mut seeds: Vec<Vec<NodeId>> = Vec::new();
    let mut seeded = vec![false; n];
    let mut active: Vec<NodeId> = Vec::with_capacity(unresolved);
    const AHEAD: u32 = 8;
    for u in graph.nodes() {
        if values[u as usize] != UNLABELLED {
            continue;
        }
        active.push(u);
        for &w in graph.followers(u) {
            let x = values[w as usize];
            if x != UNLABELLED && !seeded[w as usize] {
                seeded[w as usize] = true;
                if seeds.len() <= x as usize {
                    seeds.resize_with(x as usize + 1, Vec::new);
                }
                seeds[x as usize].push(w);
            }
        }
    }
    drop(seeded);
    // marked[v] == level + 1: v has a follower labelled `level`.
    let mut marked = vec![0u32; n];
    // count[u]: open followers of the unlabelled node u not yet marked.
    let mut count = vec![0u32; n];
    let mut queue: Vec<NodeId> = Vec::new();
    // Nodes found infinite at level 0.
    let mut draws: Vec<NodeId> = Vec::new();
    let mut level: u32 = 0;
    while !active.is_empty() {
        let stamp = level + 1;
        // Count, prefetching the followers' values some nodes ahead (the
        // active nodes are in order, so their lists are too).
        for (i, &u) in active.iter().enumerate() {
            if let Some(&ahead) = active.get(i + AHEAD as usize) {
                for &w in graph.followers(ahead) {
                    prefetch_at(&values, w as usize);
                }
            }
            let open = graph
                .followers(u)
                .iter()
                .filter(|&&w| values[w as usize] >= UNLABELLED)
                .count() as u32;
            count[u as usize] = open;
            if open == 0 {
                queue.push(u);
            }
        }
        // Labelling `u` with `level` answers its predecessors: mark them,
        // and each newly marked open one no longer holds back its own
        // unlabelled predecessors.
        let answer = |u: NodeId,
                      values: &[u32],
                      marked: &mut [u32],
                      count: &mut [u32],
                      queue: &mut Vec<NodeId>| {
            for &p in preds_of(u) {
                if marked[p as usize] == stamp {
                    continue;
                }
                marked[p as usize] = stamp;
                if values[p as usize] < UNLABELLED {
                    continue;
                }
                for &q in preds_of(p) {
                    if values[q as usize] == UNLABELLED && marked[q as usize] != stamp {
                        count[q as usize] -= 1;
                        if count[q as usize] == 0 {
                            queue.push(q);
                        }
                    }
                }
            }
        };
        for &u in seeds.get(level as usize).map_or(&[][..], |s| s) {
            answer(u, &values, &mut marked, &mut count, &mut queue);
        }
        while let Some(u) = queue.pop() {
            // A queued node has no open follower left unanswered, so no
            // follower of it is labelled `level` later; but a valued
            // follower worth `level` (a seed) may have marked it.
            if values[u as usize] != UNLABELLED || marked[u as usize] == stamp {
                continue;
            }
            values[u as usize] = level;
            answer(u, &values, &mut marked, &mut count, &mut queue);
        }
        active.retain(|&u| {
            if values[u as usize] != UNLABELLED {
                return false;
            }
            if marked[u as usize] == stamp {
                true
            } else {
                values[u as usize] = INF;
                if level == 0 {
                    draws.push(u);
                }
                false
            }
        });
        level += 1;
    }
    // A node left at level 0 has no follower worth 0: a draw. One left
    // later had a follower labelled 0 at level 0, so 0 is in its escape
    // set: INF already says N. No node is unlabelled any more, so the
    // mark for draws is free.
    for u in draws {
        values[u as usize] = INF_DRAW;
    }
    LoopyValues { raw: values }
}

/// Values of every node: [`loopy_values`]. On an acyclic graph it is mex
/// in reverse topological order (as in
/// [`acyclic_values`](super::acyclic_values)), every value finite, in
/// O(N + E); otherwise Kahn's algorithm values the nodes that reach no
/// cycle and the loopy levels run only on the others.
///
/// # Complexity
/// O(N + E) for an acyclic graph, else as [`loopy_values`].
///
/// # Examples
/// ```
/// use grundy::graph::{analyse, Graph};
/// let g = Graph::parse_edge_list("a b\nb c\nc a\n").unwrap();
/// // A 3-cycle is a draw from everywhere.
/// assert_eq!(analyse(&g).value(&g, 0).to_string(), "∞");
/// ```
pub fn analyse(graph: &Graph) -> LoopyValues {
    loopy_values(graph)
}
