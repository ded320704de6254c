//! Conway's genus and the misère canonical form of every node of an
//! acyclic game graph: `grundy graph FILE --genus` and `--misere
//! --canonical`.
//!
//! Both are computed node by node from the followers, in an order where
//! every follower comes first (no recursion, so a path of millions of
//! nodes is fine). The genus of node `v` needs the misère Grundy value of
//! `v` plus `k` Nim heaps of size 2 for `k < 10`: the states `(v, ones,
//! twos)` with `ones + twos ≤ 10` (a heap of 2 moves to a heap of 1),
//! 66 numbers a node.

use crate::graph::{CycleError, Graph, NodeId};
use crate::misere::{CanonicalError, Genus, MisereForm, MisereForms};
use crate::{mex, Nimber};

/// The `γk` computed for each node (as [`crate::misere::GenusTable`]).
const GAMMAS: usize = 10;

/// The default bound on the memory of [`genus`]: 4 GiB.
pub const GENUS_MAX_BYTES: u64 = 4 << 30;

/// The bytes [`genus`] takes for each node: its [`STATES`] misère values
/// (4 bytes each), its normal-play value, and its answer (a [`Genus`] and
/// its values).
pub const GENUS_BYTES_PER_NODE: u64 = (STATES * 4
    + std::mem::size_of::<u64>()
    + std::mem::size_of::<Genus>()
    + GAMMAS * std::mem::size_of::<u64>()) as u64;

/// Why the genus of a graph's nodes was not computed.
#[derive(Debug, thiserror::Error)]
pub enum GraphGenusError {
    /// The graph has a cycle.
    #[error(transparent)]
    Cycle(#[from] CycleError),
    /// The graph is too large for the memory bound, or the memory was not
    /// to be had.
    #[error(
        "the genus of every node of a graph of {nodes} nodes needs about {} MiB ({GENUS_BYTES_PER_NODE} bytes a node: {STATES} misère values and the answer), {}",
        bytes.div_ceil(1 << 20),
        match limit {
            Some(limit) => format!("more than the bound of {} MiB", limit.div_ceil(1 << 20)),
            None => "which could not be allocated".to_owned(),
        }
    )]
    TooLarge {
        /// The nodes of the graph.
        nodes: usize,
        /// The bytes needed.
        bytes: u64,
        /// The bound passed, when the need is over it; `None` when the
        /// system refused memory under it.
        limit: Option<u64>,
    },
}

/// The states `(ones, twos)` of a node with `ones + twos ≤ GAMMAS`.
const STATES: usize = (GAMMAS + 1) * (GAMMAS + 2) / 2;

/// The index of state `(ones, twos)` among a node's [`STATES`].
fn state(ones: usize, twos: usize) -> usize {
    // Rows by twos: twos = t holds ones 0..=GAMMAS - t.
    let before: usize = (0..twos).map(|t| GAMMAS + 1 - t).sum();
    before + ones
}

/// The nodes in an order where every follower comes before the node, or
/// the error of a graph with a cycle.
fn followers_first(graph: &Graph) -> Result<Vec<NodeId>, CycleError> {
    let n = graph.node_count();
    let (starts, preds) = graph.predecessors();
    let mut open: Vec<u32> = graph
        .nodes()
        .map(|v| graph.followers(v).len() as u32)
        .collect();
    let mut order: Vec<NodeId> = graph.nodes().filter(|&v| open[v as usize] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &u in &preds[starts[v as usize] as usize..starts[v as usize + 1] as usize] {
            open[u as usize] -= 1;
            if open[u as usize] == 0 {
                order.push(u);
            }
        }
    }
    if order.len() < n {
        return Err(CycleError {
            unresolved: n - order.len(),
        });
    }
    Ok(order)
}

/// The genus of every node of an acyclic graph, indexed by [`NodeId`],
/// in at most `max_bytes` of memory ([`GENUS_MAX_BYTES`] is a default).
///
/// # Errors
/// [`GraphGenusError::Cycle`] when the graph has a cycle (the genus is a
/// misère value of finite games; `grundy graph --misere` gives outcomes
/// with draws there); [`GraphGenusError::TooLarge`] before any work when
/// the graph needs more than `max_bytes`
/// ([`GENUS_BYTES_PER_NODE`] a node), or when the memory is refused.
///
/// # Complexity
/// O(66 (V + E)) steps and [`GENUS_BYTES_PER_NODE`] bytes a node.
///
/// ```
/// use grundy::graph::{genus, Graph};
///
/// // Nim heap 2 as a graph: 2 -> 1 -> 0, 2 -> 0.
/// let g = Graph::parse_edge_list("2 1\n2 0\n1 0\n").unwrap();
/// let all = genus::genus(&g, genus::GENUS_MAX_BYTES).unwrap();
/// assert_eq!(all[g.node("0").unwrap() as usize].to_string(), "0^120");
/// assert_eq!(all[g.node("1").unwrap() as usize].to_string(), "1^031");
/// assert_eq!(all[g.node("2").unwrap() as usize].to_string(), "2^20");
/// ```
pub fn genus(graph: &Graph, max_bytes: u64) -> Result<Vec<Genus>, GraphGenusError> {
    let n = graph.node_count();
    let bytes = (n as u64).saturating_mul(GENUS_BYTES_PER_NODE);
    let too_large = |limit| GraphGenusError::TooLarge {
        nodes: n,
        bytes,
        limit,
    };
    if bytes > max_bytes {
        return Err(too_large(Some(max_bytes)));
    }
    let order = followers_first(graph)?;
    let zeros = |len: usize| -> Result<Vec<u32>, GraphGenusError> {
        let mut v = Vec::new();
        v.try_reserve_exact(len).map_err(|_| too_large(None))?;
        v.resize(len, 0);
        Ok(v)
    };
    let mut normal: Vec<u64> = Vec::new();
    normal.try_reserve_exact(n).map_err(|_| too_large(None))?;
    normal.resize(n, 0);
    let mut gamma = zeros(n * STATES)?;
    let mut seen = Vec::new();
    for &v in &order {
        let at = |u: NodeId, s: usize| u as usize * STATES + s;
        seen.clear();
        for &w in graph.followers(v) {
            seen.push(Nimber(normal[w as usize]));
        }
        normal[v as usize] = mex(seen.iter().copied()).0;
        for twos in 0..=GAMMAS {
            for ones in 0..=GAMMAS - twos {
                seen.clear();
                for &w in graph.followers(v) {
                    seen.push(Nimber(u64::from(gamma[at(w, state(ones, twos))])));
                }
                if ones > 0 {
                    seen.push(Nimber(u64::from(gamma[at(v, state(ones - 1, twos))])));
                }
                if twos > 0 {
                    seen.push(Nimber(u64::from(gamma[at(v, state(ones + 1, twos - 1))])));
                    seen.push(Nimber(u64::from(gamma[at(v, state(ones, twos - 1))])));
                }
                // With no move at all the player to move has won.
                let value = if seen.is_empty() {
                    1
                } else {
                    mex(seen.iter().copied()).0 as u32
                };
                gamma[at(v, state(ones, twos))] = value;
            }
        }
    }
    let mut all = Vec::new();
    all.try_reserve_exact(n).map_err(|_| too_large(None))?;
    all.extend(graph.nodes().map(|v| {
        let gammas = (0..GAMMAS)
            .map(|k| u64::from(gamma[v as usize * STATES + state(0, k)]))
            .collect();
        Genus::new(Nimber(normal[v as usize]), gammas)
    }));
    Ok(all)
}

/// Why the canonical forms of a graph's nodes could not be built.
#[derive(Debug, thiserror::Error)]
pub enum GraphFormError {
    /// The graph has a cycle.
    #[error(transparent)]
    Cycle(#[from] CycleError),
    /// The forms outgrew their bounds, or the flag stopped them.
    #[error(transparent)]
    Canonical(#[from] CanonicalError),
}

/// The misère canonical form of every node of an acyclic graph, built in
/// `forms`, indexed by [`NodeId`].
///
/// # Errors
/// [`GraphFormError::Cycle`] for a graph with a cycle;
/// [`GraphFormError::Canonical`] past the store's bounds or on its flag.
///
/// ```
/// use grundy::graph::{genus, Graph};
/// use grundy::misere::MisereForms;
///
/// let g = Graph::parse_edge_list("2 1\n2 0\n1 0\n").unwrap();
/// let mut forms = MisereForms::new();
/// let all = genus::misere_forms(&g, &mut forms).unwrap();
/// let two = all[g.node("2").unwrap() as usize];
/// assert_eq!(forms.notation(two).unwrap(), "*2");
/// ```
pub fn misere_forms(
    graph: &Graph,
    forms: &mut MisereForms,
) -> Result<Vec<MisereForm>, GraphFormError> {
    let order = followers_first(graph)?;
    let mut done: Vec<Option<MisereForm>> = vec![None; graph.node_count()];
    let mut options = Vec::new();
    for &v in &order {
        options.clear();
        for &w in graph.followers(v) {
            options.push(done[w as usize].expect("followers come first"));
        }
        done[v as usize] = Some(forms.from_options(&options)?);
    }
    Ok(done
        .into_iter()
        .map(|f| f.expect("every node is in the order"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::position::graph as position_graph;
    use crate::games::Game;

    /// The genus of every node of the graph of a board's positions is the
    /// board search's genus of that position (an independent search by
    /// regions), and the canonical form's misère outcome is γ0's.
    #[test]
    fn nodes_have_the_genus_of_their_positions() {
        for spec in ["cram:2x4", "chomp:3x3", "nodekayles:cycle:6"] {
            let game = Game::parse(spec).unwrap();
            let start = game.position().unwrap();
            let g = position_graph(start, 100_000).unwrap();
            let all = genus(&g, GENUS_MAX_BYTES).unwrap();
            let mut forms = MisereForms::new();
            let shapes = misere_forms(&g, &mut forms).unwrap();
            let mut checked = 0;
            for v in g.nodes() {
                let spec = format!("{}:{}", spec.split(':').next().unwrap(), g.name(v));
                let Ok(node) = Game::parse(&spec) else {
                    continue;
                };
                let position = node.position().unwrap();
                let searched = position
                    .genus(&mut crate::games::SolveOptions::default())
                    .unwrap();
                assert_eq!(all[v as usize], searched, "{spec}");
                let p = forms.outcome(shapes[v as usize]) == crate::Outcome::P;
                assert_eq!(p, all[v as usize].gammas()[0] == 0, "{spec}");
                checked += 1;
            }
            assert_eq!(checked, g.node_count(), "{spec}: every node read back");
        }
    }

    /// A graph over the memory bound is refused before any work, with the
    /// nodes and the bytes it needs.
    #[test]
    fn a_graph_past_the_memory_bound_is_refused() {
        let g = Graph::parse_edge_list("2 1\n2 0\n1 0\n").unwrap();
        let need = 3 * GENUS_BYTES_PER_NODE;
        assert_eq!(genus(&g, need).unwrap().len(), 3);
        let e = genus(&g, need - 1).unwrap_err();
        assert!(
            matches!(e, GraphGenusError::TooLarge { nodes: 3, bytes, limit: Some(_) } if bytes == need),
            "{e}"
        );
        let text = e.to_string();
        assert!(
            text.contains("a graph of 3 nodes") && text.contains("more than the bound"),
            "{text}"
        );
    }

    #[test]
    fn a_cycle_is_refused() {
        let g = Graph::parse_edge_list("a b\nb a\n").unwrap();
        assert!(matches!(
            genus(&g, GENUS_MAX_BYTES),
            Err(GraphGenusError::Cycle(_))
        ));
        assert!(misere_forms(&g, &mut MisereForms::new()).is_err());
    }
}
