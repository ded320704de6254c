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

/// The genus of every node of an acyclic graph, indexed by [`NodeId`].
///
/// # Errors
/// [`CycleError`] when the graph has a cycle (the genus is a misère
/// value of finite games; `grundy graph --misere` gives outcomes with
/// draws there).
///
/// # Complexity
/// O(66 (V + E)) steps and 66 numbers a node.
///
/// ```
/// use grundy::graph::{genus, Graph};
///
/// // Nim heap 2 as a graph: 2 -> 1 -> 0, 2 -> 0.
/// let g = Graph::parse_edge_list("2 1\n2 0\n1 0\n").unwrap();
/// let all = genus::genus(&g).unwrap();
/// assert_eq!(all[g.node("0").unwrap() as usize].to_string(), "0^120");
/// assert_eq!(all[g.node("1").unwrap() as usize].to_string(), "1^031");
/// assert_eq!(all[g.node("2").unwrap() as usize].to_string(), "2^20");
/// ```
pub fn genus(graph: &Graph) -> Result<Vec<Genus>, CycleError> {
    let order = followers_first(graph)?;
    let n = graph.node_count();
    let mut normal = vec![0u64; n];
    let mut gamma = vec![0u32; n * STATES];
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
    Ok(graph
        .nodes()
        .map(|v| {
            let gammas = (0..GAMMAS)
                .map(|k| u64::from(gamma[v as usize * STATES + state(0, k)]))
                .collect();
            Genus::new(Nimber(normal[v as usize]), gammas)
        })
        .collect())
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
            let all = genus(&g).unwrap();
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

    #[test]
    fn a_cycle_is_refused() {
        let g = Graph::parse_edge_list("a b\nb a\n").unwrap();
        assert!(genus(&g).is_err());
        assert!(misere_forms(&g, &mut MisereForms::new()).is_err());
    }
}
