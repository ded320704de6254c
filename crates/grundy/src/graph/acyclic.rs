//! Grundy values of an acyclic graph: mex in reverse topological order.

use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering::Relaxed;

use super::{Graph, NodeId};
use crate::parallel::{for_each_mut, threads};
use crate::prefetch::prefetch_at;
use crate::{MexSet, Nimber};

/// The graph has a cycle, so plain Grundy values do not exist; use
/// [`loopy_values`](super::loopy_values).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the graph has a cycle ({unresolved} nodes lie on or lead into cycles)")]
pub struct CycleError {
    /// How many nodes could not be ordered: those on a cycle or with a path
    /// into one.
    pub unresolved: usize,
}

/// The Grundy value of every node of an acyclic graph, indexed by
/// [`NodeId`].
///
/// Kahn's algorithm gives a topological order (from the nodes no move
/// reaches), and the nodes are valued in reverse order, each as the mex of
/// its followers' values. When there is a cycle, Kahn's algorithm run
/// backwards counts the nodes that reach one.
///
/// # Complexity
/// O(N + E) time; O(N) extra memory (in-degrees, the order), O(N + E) when
/// there is a cycle (the reversed adjacency).
///
/// # Errors
/// [`CycleError`] if some node lies on a cycle or can reach one.
///
/// # Examples
/// ```
/// use grundy::graph::{acyclic_values, Graph};
/// use grundy::Nimber;
///
/// // Nim heap 2 as a graph: 2 -> 1 -> 0, 2 -> 0.
/// let g = Graph::parse_edge_list("2 1\n2 0\n1 0\n").unwrap();
/// let values = acyclic_values(&g).unwrap();
/// assert_eq!(values[g.node("2").unwrap() as usize], Nimber(2));
/// assert!(acyclic_values(&Graph::parse_edge_list("a b\nb a").unwrap()).is_err());
/// ```
pub fn acyclic_values(graph: &Graph) -> Result<Vec<Nimber>, CycleError> {
    match forward_values(graph) {
        Some(values) => Ok(values.into_iter().map(|v| Nimber(u64::from(v))).collect()),
        None => {
            let (pred_offsets, preds) = graph.predecessors();
            let (_, unresolved) = peel(graph, &pred_offsets, &preds);
            Err(CycleError { unresolved })
        }
    }
}

/// Marks, in [`peel`]'s result, a node that lies on a cycle or reaches one.
pub(super) const UNRESOLVED: u32 = u32::MAX - 1;

/// How far ahead of the node at hand each stage of a pass over nodes
/// prefetches: a node's CSR offsets first, then the first line of its
/// followers, then what it will read of each follower. Each stage needs what
/// the stage before it fetched, and three stages keep some twenty misses
/// in flight.
const AHEAD: [usize; 3] = [32, 16, 8];

/// A CSR adjacency: the lists of `offsets`/`items`, as [`Graph`] stores
/// its followers.
#[derive(Clone, Copy)]
struct Csr<'a> {
    offsets: &'a [u32],
    items: &'a [u32],
}

impl<'a> Csr<'a> {
    #[inline]
    fn of(self, v: NodeId) -> &'a [u32] {
        &self.items[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Prefetches stage `stage` (see [`AHEAD`]) for node `v`: its offsets,
    /// the first line of its list, or `then` for each item of its list.
    #[inline]
    fn prefetch(self, stage: usize, v: NodeId, then: impl Fn(u32)) {
        match stage {
            0 => prefetch_at(self.offsets, v as usize),
            1 => prefetch_at(self.items, self.offsets[v as usize] as usize),
            _ => self.of(v).iter().for_each(|&w| then(w)),
        }
    }
}

/// The mex of the values of `v`'s followers, all known (`value(w)`): a
/// bitmask when they are below 64, else `mex` over them.
#[inline]
fn mex_of(followers: &[u32], value: impl Fn(u32) -> u32, mex: &mut MexSet) -> u32 {
    let mut seen = 0u64;
    let mut big = false;
    for &w in followers {
        match value(w) {
            x if x < 64 => seen |= 1 << x,
            _ => big = true,
        }
    }
    if !big {
        return (!seen).trailing_zeros();
    }
    mex.clear();
    mex.extend(followers.iter().map(|&w| Nimber(u64::from(value(w)))));
    mex.mex().0 as u32
}

/// A layer of Kahn's order with at least this many nodes is valued on all
/// threads; runs of smaller layers (a long path has a node a layer) are
/// valued on one, prefetching across layers.
const PARALLEL_LAYER: usize = 1 << 14;

/// The in-degree of every node. On a big graph each of up to four threads
/// counts a share of the edges into an array of its own, and the arrays
/// are added up.
fn in_degrees(graph: &Graph) -> Vec<u32> {
    /// Counts the edges into `targets`, prefetching the counter of a later
    /// one (the targets are in no order).
    fn count(targets: &[u32], counts: &mut [u32]) {
        for (i, &w) in targets.iter().enumerate() {
            if let Some(&ahead) = targets.get(i + 64) {
                prefetch_at(counts, ahead as usize);
            }
            counts[w as usize] += 1;
        }
    }
    let (n, targets) = (graph.node_count(), &graph.targets[..]);
    let parts = if targets.len() < 1 << 20 {
        1
    } else {
        threads().clamp(1, 4)
    };
    let mut counts: Vec<Vec<u32>> = vec![Vec::new(); parts];
    for_each_mut(&mut counts, |t, counts| {
        *counts = vec![0; n];
        count(
            &targets[targets.len() * t / parts..targets.len() * (t + 1) / parts],
            counts,
        );
    });
    let mut total = counts.swap_remove(0);
    for other in counts {
        for (a, b) in total.iter_mut().zip(other) {
            *a += b;
        }
    }
    total
}

/// The Grundy value of every node of an acyclic graph, or `None` when it
/// has a cycle.
///
/// Kahn's algorithm from the sources (a node is ordered once every node
/// that moves to it is) gives a topological order, using only the
/// followers and an in-degree count; then the nodes are valued in reverse
/// order, each as the mex of its followers' values, all known by then.
/// Both passes know which nodes come next, so they prefetch them (see
/// [`AHEAD`]): every access is a cache miss on a big graph, but many are
/// in flight at once. (A depth-first search needs no in-degrees, but each
/// of its steps waits for the one before: on the 10^7-node DAG of the
/// benchmark it was twice as slow.)
///
/// Values fit below [`UNRESOLVED`]: a value `v` needs `v + 1` nodes.
pub(super) fn forward_values(graph: &Graph) -> Option<Vec<u32>> {
    let n = graph.node_count();
    let followers = Csr {
        offsets: &graph.offsets,
        items: &graph.targets,
    };
    let mut in_degree = in_degrees(graph);
    // The order, first in first out, goes layer by layer (a node's layer is
    // the length of the longest path to it from a node no move reaches):
    // `layers` holds where each layer starts.
    let mut order: Vec<NodeId> = Vec::with_capacity(n);
    order.extend(graph.nodes().filter(|&v| in_degree[v as usize] == 0));
    let mut layers = vec![0];
    let mut layer_end = order.len();
    let mut head = 0;
    let mut split = LayerSplit::default();
    while let Some(&v) = order.get(head) {
        if head == layer_end {
            // The layer is done, and the next one is all in the queue.
            layers.push(head);
            layer_end = order.len();
        }
        if head == layers[layers.len() - 1] && layer_end - head >= PARALLEL_LAYER && threads() > 1 {
            // A wide layer: all of it at once, on all threads.
            let next = split.run(&order[head..layer_end], followers, &mut in_degree);
            order.extend_from_slice(next);
            head = layer_end;
            continue;
        }
        for (stage, ahead) in AHEAD.into_iter().enumerate() {
            if let Some(&u) = order.get(head + ahead) {
                followers.prefetch(stage, u, |w| prefetch_at(&in_degree, w as usize));
            }
        }
        for &w in followers.of(v) {
            let left = &mut in_degree[w as usize];
            *left -= 1;
            if *left == 0 {
                order.push(w);
            }
        }
        head += 1;
    }
    if order.len() < n {
        return None;
    }
    drop(in_degree);
    // Values from the last layer to the first: a node's followers are all
    // in later layers, so the nodes of a layer can be valued at once.
    let values: Vec<AtomicU32> = std::iter::repeat_with(|| AtomicU32::new(0))
        .take(n)
        .collect();
    layers.push(n);
    let mut run_end = n;
    for layer in layers.windows(2).rev() {
        let (start, end) = (layer[0], layer[1]);
        if end - start < PARALLEL_LAYER || threads() == 1 {
            continue;
        }
        value_nodes(&order[end..run_end], followers, &values);
        let mut shares: Vec<&[NodeId]> = order[start..end]
            .chunks((end - start).div_ceil(threads()))
            .collect();
        for_each_mut(&mut shares, |_, nodes| {
            value_nodes(nodes, followers, &values)
        });
        run_end = start;
    }
    value_nodes(&order[..run_end], followers, &values);
    Some(values.into_iter().map(AtomicU32::into_inner).collect())
}

/// Kahn's step for a whole layer on all threads, with buffers kept from
/// layer to layer.
///
/// Each thread owns a range of node ids (so a share of the in-degrees, a
/// slice of its own). First each thread reads the followers of a share of
/// the layer and files them by owner; then each owner counts down the
/// in-degrees it was sent and collects the nodes that reach 0: the next
/// layer. No counter is touched by two threads, so no atomic operation is
/// needed (a locked decrement would wait for its cache miss, where plain
/// ones overlap).
#[derive(Default)]
struct LayerSplit {
    /// `sent[share][owner]`: followers of the share's nodes that the
    /// owner holds.
    sent: Vec<Vec<Vec<NodeId>>>,
    /// Per owner, the nodes whose in-degree reached 0.
    zeros: Vec<Vec<NodeId>>,
    /// The next layer.
    next: Vec<NodeId>,
}

impl LayerSplit {
    fn run(&mut self, layer: &[NodeId], followers: Csr<'_>, in_degree: &mut [u32]) -> &[NodeId] {
        let threads = threads().max(1);
        let owners = Owners::new(in_degree.len(), threads);
        let owner = |w: NodeId| owners.of(w);
        let bounds = owners.bounds();
        self.sent.resize_with(threads, Vec::new);
        let share = layer.len().div_ceil(threads);
        for_each_mut(&mut self.sent, |t, sent| {
            sent.resize_with(threads, Vec::new);
            sent.iter_mut().for_each(Vec::clear);
            let nodes = layer.chunks(share).nth(t).unwrap_or(&[]);
            for (i, &v) in nodes.iter().enumerate() {
                for (stage, ahead) in AHEAD.into_iter().take(2).enumerate() {
                    if let Some(&u) = nodes.get(i + ahead) {
                        followers.prefetch(stage, u, |_| {});
                    }
                }
                for &w in followers.of(v) {
                    sent[owner(w)].push(w);
                }
            }
        });
        // Each owner's slice of the in-degrees.
        let mut slices: Vec<(&mut [u32], usize, &mut Vec<NodeId>)> = Vec::with_capacity(threads);
        self.zeros.resize_with(threads, Vec::new);
        let mut rest = in_degree;
        for (o, zeros) in self.zeros.iter_mut().enumerate() {
            let (mine, tail) = rest.split_at_mut(bounds[o + 1] - bounds[o]);
            zeros.clear();
            slices.push((mine, bounds[o], zeros));
            rest = tail;
        }
        let sent = &self.sent;
        for_each_mut(&mut slices, |o, (counts, base, zeros)| {
            for list in sent {
                let list = &list[o];
                for (i, &w) in list.iter().enumerate() {
                    if let Some(&ahead) = list.get(i + 16) {
                        prefetch_at(counts, ahead as usize - *base);
                    }
                    let left = &mut counts[w as usize - *base];
                    *left -= 1;
                    if *left == 0 {
                        zeros.push(w);
                    }
                }
            }
        });
        self.next.clear();
        for zeros in &self.zeros {
            self.next.extend_from_slice(zeros);
        }
        &self.next
    }
}

/// Node ids `0..n` cut into `parts` ranges of about equal size: the owner
/// of `w` is `floor(w * parts / n)`, found by a multiply and a shift (a
/// division per edge would cost more than the work it routes).
#[derive(Clone, Copy, Debug)]
struct Owners {
    n: usize,
    parts: usize,
    /// `ceil(parts * 2^64 / n)`: `w * scale / 2^64` is below `parts` for
    /// every `w < n` as long as `n * (n - 1) < parts * 2^64`, so for every
    /// `n` up to 2^32.
    scale: u64,
}

impl Owners {
    /// For `n > parts` ids (`n` at most 2^32).
    fn new(n: usize, parts: usize) -> Owners {
        assert!(n > parts && parts > 0 && n as u64 <= 1 << 32);
        let scale = ((parts as u128) << 64).div_ceil(n as u128);
        Owners {
            n,
            parts,
            scale: u64::try_from(scale).expect("below 2^64 as n > parts"),
        }
    }

    #[inline]
    fn of(self, w: NodeId) -> usize {
        ((u128::from(w) * u128::from(self.scale)) >> 64) as usize
    }

    /// Where each owner's ids start, and `n` last (`of` never decreases).
    fn bounds(self) -> Vec<usize> {
        (0..=self.parts)
            .map(|o| {
                let (mut lo, mut hi) = (0, self.n);
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if self.of(mid as NodeId) < o {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                lo
            })
            .collect()
    }
}

/// Values `nodes`, last to first, each as the mex of its followers' values
/// (all known), prefetching some nodes ahead.
fn value_nodes(nodes: &[NodeId], followers: Csr<'_>, values: &[AtomicU32]) {
    let value = |w: u32| values[w as usize].load(Relaxed);
    let mut mex = MexSet::new();
    for i in (0..nodes.len()).rev() {
        for (stage, ahead) in AHEAD.into_iter().enumerate() {
            if let Some(&u) = i.checked_sub(ahead).map(|j| &nodes[j]) {
                followers.prefetch(stage, u, |w| prefetch_at(values, w as usize));
            }
        }
        let v = nodes[i];
        values[v as usize].store(mex_of(followers.of(v), value, &mut mex), Relaxed);
    }
}

/// Whether a depth-first search meets a cycle within `budget` steps. `false`
/// says only that none was met so soon, unless the search covered the
/// whole graph.
///
/// On a graph with cycles all over (a random digraph of 10^7 nodes) the
/// search meets one within some thousand steps; [`forward_values`] would
/// learn it only after counting every in-degree. On a DAG the search costs
/// at most `budget` steps.
pub(super) fn meets_cycle_soon(graph: &Graph, budget: usize) -> bool {
    const UNSEEN: u8 = 0;
    const ON_STACK: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![UNSEEN; graph.node_count()];
    // (node, next follower index, end) in the CSR.
    let mut stack: Vec<(NodeId, usize, usize)> = Vec::new();
    let mut steps = 0;
    let span = |v: NodeId| {
        (
            graph.offsets[v as usize] as usize,
            graph.offsets[v as usize + 1] as usize,
        )
    };
    for root in graph.nodes() {
        if state[root as usize] != UNSEEN {
            continue;
        }
        state[root as usize] = ON_STACK;
        let (start, end) = span(root);
        stack.push((root, start, end));
        while let Some(top) = stack.last_mut() {
            if top.1 == top.2 {
                state[top.0 as usize] = DONE;
                stack.pop();
                continue;
            }
            let w = graph.targets[top.1];
            top.1 += 1;
            steps += 1;
            if steps > budget {
                return false;
            }
            match state[w as usize] {
                UNSEEN => {
                    state[w as usize] = ON_STACK;
                    let (start, end) = span(w);
                    stack.push((w, start, end));
                }
                ON_STACK => return true,
                _ => {}
            }
        }
    }
    false
}

/// The Grundy value of every node whose game is acyclic (no cycle can be
/// reached from it), [`UNRESOLVED`] for the others; with the number of
/// those. `pred_offsets`, `preds`: the reversed adjacency.
///
/// Kahn's algorithm run backwards: a node is valued as soon as all of its
/// followers are (starting from the terminal nodes), as the mex of their
/// values; the nodes never reached are those on or leading into a cycle.
/// A node whose game is acyclic has the same value in the loopy theory, so
/// the loopy algorithm starts from this. The queue is first in, first out,
/// so that the nodes to come are known and prefetched (see [`AHEAD`]).
pub(super) fn peel(graph: &Graph, pred_offsets: &[u32], preds: &[NodeId]) -> (Vec<u32>, usize) {
    let n = graph.node_count();
    let followers = Csr {
        offsets: &graph.offsets,
        items: &graph.targets,
    };
    let predecessors = Csr {
        offsets: pred_offsets,
        items: preds,
    };
    // Followers of each node that are not valued yet.
    let mut pending: Vec<u32> = graph
        .nodes()
        .map(|v| graph.followers(v).len() as u32)
        .collect();
    let mut values = vec![UNRESOLVED; n];
    let mut queue: Vec<NodeId> = graph
        .nodes()
        .filter(|&v| pending[v as usize] == 0)
        .collect();
    let mut mex = MexSet::new();
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        for (stage, ahead) in AHEAD.into_iter().enumerate() {
            if let Some(&u) = queue.get(head + ahead) {
                followers.prefetch(stage, u, |w| prefetch_at(&values, w as usize));
                predecessors.prefetch(stage, u, |p| prefetch_at(&pending, p as usize));
            }
        }
        values[v as usize] = mex_of(followers.of(v), |w| values[w as usize], &mut mex);
        for &p in predecessors.of(v) {
            let left = &mut pending[p as usize];
            *left -= 1;
            if *left == 0 {
                queue.push(p);
            }
        }
        head += 1;
    }
    (values, n - queue.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;

    #[test]
    fn owners_cut_ids_into_even_ranges() {
        // The largest ids: every owner below `parts`, ranges that cover the
        // ids in order, each within one of its fair share.
        for n in [17, 1000, 16_385, 9_988_716, (1 << 32) - 1, 1 << 32] {
            for parts in [1, 2, 3, 4, 16] {
                let owners = Owners::new(n, parts);
                assert_eq!(owners.of((n - 1) as NodeId), parts - 1, "{n} {parts}");
                assert_eq!(owners.of(0), 0);
                let bounds = owners.bounds();
                assert_eq!((bounds[0], bounds[parts]), (0, n));
                for o in 0..parts {
                    let (start, end) = (bounds[o], bounds[o + 1]);
                    assert!(start < end);
                    assert_eq!(owners.of(start as NodeId), o);
                    assert_eq!(owners.of((end - 1) as NodeId), o);
                    assert!((end - start).abs_diff(n / parts) <= 1, "{n} {parts} {o}");
                }
            }
        }
    }

    #[test]
    fn the_cycle_probe_agrees_with_kahn() {
        // Random graphs of up to 12 nodes, sparse and dense, with and
        // without self-loops: with no budget limit the search sees the
        // whole graph, so it meets a cycle exactly when there is one.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut cyclic, mut acyclic) = (0, 0);
        for _ in 0..2000 {
            let n = 1 + next(12) as u32;
            let mut b = GraphBuilder::new();
            for v in 0..n {
                b.node(&v.to_string()).unwrap();
            }
            for _ in 0..next(u64::from(2 * n)) {
                let (from, to) = (next(u64::from(n)) as u32, next(u64::from(n)) as u32);
                b.edge(from, to).unwrap();
            }
            let g = b.build().unwrap();
            let has_cycle = forward_values(&g).is_none();
            assert_eq!(meets_cycle_soon(&g, usize::MAX), has_cycle);
            // A budget of 0 steps never meets one.
            assert!(!meets_cycle_soon(&g, 0));
            if has_cycle {
                cyclic += 1;
            } else {
                acyclic += 1;
            }
        }
        assert!(cyclic > 100 && acyclic > 100, "{cyclic} {acyclic}");
    }
}
