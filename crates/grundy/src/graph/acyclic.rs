//! Grundy values of an acyclic graph: mex in reverse topological order.

use super::{Graph, NodeId};
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
/// Kahn's algorithm run backwards: a node is valued as soon as all of its
/// followers are (starting from the terminal nodes), as the mex of their
/// values.
///
/// # Complexity
/// O(N + E) time; O(N + E) extra memory for the reversed adjacency.
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
    /// Nodes valued per batch: their followers' values and predecessors'
    /// counters are touched first, so that the cache misses of a batch
    /// (random accesses on a big graph) overlap instead of queueing.
    const BATCH: usize = 64;
    let n = graph.node_count();
    let (pred_offsets, preds) = graph.predecessors();
    let preds_of = |v: NodeId| {
        &preds[pred_offsets[v as usize] as usize..pred_offsets[v as usize + 1] as usize]
    };
    // Followers of each node that are not valued yet.
    let mut pending: Vec<u32> = graph
        .nodes()
        .map(|v| graph.followers(v).len() as u32)
        .collect();
    // A value is at most the out-degree, so u32 holds it; half the bytes of
    // a Nimber means more of the array stays in cache.
    let mut values = vec![0u32; n];
    let mut ready: Vec<NodeId> = graph
        .nodes()
        .filter(|&v| pending[v as usize] == 0)
        .collect();
    let mut batch: Vec<NodeId> = Vec::with_capacity(BATCH);
    let mut mex = MexSet::new();
    let mut done = 0;
    while !ready.is_empty() {
        batch.clear();
        let take = ready.len().min(BATCH);
        batch.extend(ready.drain(ready.len() - take..));
        let mut sink = 0u32;
        for &v in &batch {
            for &w in graph.followers(v) {
                sink ^= values[w as usize];
            }
            for &p in preds_of(v) {
                sink ^= pending[p as usize];
            }
        }
        std::hint::black_box(sink);
        for &v in &batch {
            done += 1;
            mex.clear();
            mex.extend(
                graph
                    .followers(v)
                    .iter()
                    .map(|&w| Nimber(u64::from(values[w as usize]))),
            );
            values[v as usize] = mex.mex().0 as u32;
            for &p in preds_of(v) {
                let left = &mut pending[p as usize];
                *left -= 1;
                if *left == 0 {
                    ready.push(p);
                }
            }
        }
    }
    if done == n {
        Ok(values.into_iter().map(|v| Nimber(u64::from(v))).collect())
    } else {
        Err(CycleError {
            unresolved: n - done,
        })
    }
}
