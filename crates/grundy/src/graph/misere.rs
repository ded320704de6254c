//! Misère play on a game graph: the player who cannot move **wins**.
//!
//! **Outcomes**, on any graph, cycles included, by retrograde analysis (the
//! method of the loopy normal-play values, with the ends swapped): a node
//! with no move is an N-position (the player to move cannot move, and
//! wins); a node with a move to a P-position is N; a node all of whose
//! moves lead to N-positions is P; every node left undecided is a draw
//! (D): neither player can force the game to end well for them, so best
//! play goes on forever.
//!
//! **Misère nim values**: on a node from which no cycle can be reached the
//! game is finite, and its misère Grundy value is `1` for a node with no
//! move and the mex of its followers' values otherwise (the first term
//! `γ0` of Conway's genus). A node is a P-position exactly when this value
//! is 0. Unlike normal-play values these do not add up over sums: the
//! misère value of a sum is not the xor of the parts' (see
//! [`crate::misere`] for what does).
//!
//! ```
//! use grundy::graph::{misere, Graph, LoopyOutcome};
//!
//! // a -> b -> c, and d -> a, d -> c: c has no move, so c wins (N) in
//! // misère play, b (whose only move reaches c) loses, a wins.
//! let g = Graph::parse_edge_list("a b\nb c\nd a\nd c\n").unwrap();
//! let m = misere(&g);
//! let at = |name| g.node(name).unwrap();
//! assert_eq!(m.outcome(at("c")), LoopyOutcome::N);
//! assert_eq!(m.outcome(at("b")), LoopyOutcome::P);
//! assert_eq!(m.outcome(at("a")), LoopyOutcome::N);
//! assert_eq!(m.value(at("c")).map(|v| v.0), Some(1));
//! assert_eq!(m.value(at("b")).map(|v| v.0), Some(0));
//! // d's moves reach a (value 1) and c (value 1): mex {1} = 0, a P-position.
//! assert_eq!(m.value(at("d")).map(|v| v.0), Some(0));
//! assert_eq!(m.outcome(at("d")), LoopyOutcome::P);
//! ```
//!
//! # Complexity
//! O(N + E) time and memory (a reversed adjacency and a few `u32` arrays).

use super::loopy::LoopyOutcome;
use super::{Graph, NodeId};
use crate::{MexSet, Nimber};

/// The misère outcome of every node, and the misère nim value of every node
/// whose game is finite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereValues {
    outcomes: Vec<LoopyOutcome>,
    values: Vec<Option<Nimber>>,
}

impl MisereValues {
    /// Who wins node `v` in misère play: N, P, or a draw.
    pub fn outcome(&self, v: NodeId) -> LoopyOutcome {
        self.outcomes[v as usize]
    }

    /// The misère nim value of node `v` (1 with no move, else the mex of
    /// its followers'), or `None` when a cycle can be reached from `v`.
    pub fn value(&self, v: NodeId) -> Option<Nimber> {
        self.values[v as usize]
    }

    /// Whether no cycle can be reached from any node: every node has a
    /// value.
    pub fn all_finite(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }
}

/// The followers' reversed adjacency: `preds[starts[v]..starts[v + 1]]` are
/// the nodes with a move to `v`, one entry per edge.
fn reversed(graph: &Graph) -> (Vec<u32>, Vec<NodeId>) {
    let n = graph.node_count();
    let mut starts = vec![0u32; n + 1];
    for v in graph.nodes() {
        for &w in graph.followers(v) {
            starts[w as usize + 1] += 1;
        }
    }
    for i in 0..n {
        starts[i + 1] += starts[i];
    }
    let mut fill = starts.clone();
    let mut preds = vec![0; starts[n] as usize];
    for v in graph.nodes() {
        for &w in graph.followers(v) {
            preds[fill[w as usize] as usize] = v;
            fill[w as usize] += 1;
        }
    }
    (starts, preds)
}

/// The misère outcome of every node and the misère nim value of every node
/// whose game is finite (module documentation).
///
/// # Complexity
/// O(N + E).
pub fn misere(graph: &Graph) -> MisereValues {
    let n = graph.node_count();
    let (starts, preds) = reversed(graph);
    let preds_of = |v: NodeId| &preds[starts[v as usize] as usize..starts[v as usize + 1] as usize];

    // Outcomes: retrograde from the nodes with no move, which win.
    let mut outcomes: Vec<Option<LoopyOutcome>> = vec![None; n];
    let mut open: Vec<u32> = graph
        .nodes()
        .map(|v| graph.followers(v).len() as u32)
        .collect();
    let mut queue: Vec<NodeId> = graph.nodes().filter(|&v| open[v as usize] == 0).collect();
    for &v in &queue {
        outcomes[v as usize] = Some(LoopyOutcome::N);
    }
    let mut next = 0;
    while next < queue.len() {
        let v = queue[next];
        next += 1;
        let lost = outcomes[v as usize] == Some(LoopyOutcome::P);
        for &u in preds_of(v) {
            if outcomes[u as usize].is_some() {
                continue;
            }
            if lost {
                // A move to a lost position wins.
                outcomes[u as usize] = Some(LoopyOutcome::N);
                queue.push(u);
            } else {
                open[u as usize] -= 1;
                if open[u as usize] == 0 {
                    // Every move reaches a position the opponent wins.
                    outcomes[u as usize] = Some(LoopyOutcome::P);
                    queue.push(u);
                }
            }
        }
    }

    // Values: peel the graph from the nodes with no move; a node is valued
    // once all its followers are, so the nodes never valued reach a cycle.
    let mut values: Vec<Option<Nimber>> = vec![None; n];
    let mut waiting: Vec<u32> = graph
        .nodes()
        .map(|v| graph.followers(v).len() as u32)
        .collect();
    let mut ready: Vec<NodeId> = graph
        .nodes()
        .filter(|&v| waiting[v as usize] == 0)
        .collect();
    let mut mex = MexSet::new();
    while let Some(v) = ready.pop() {
        let followers = graph.followers(v);
        let value = if followers.is_empty() {
            Nimber(1)
        } else {
            mex.clear();
            for &w in followers {
                mex.insert(values[w as usize].expect("followers are valued first"));
            }
            mex.mex()
        };
        values[v as usize] = Some(value);
        for &u in preds_of(v) {
            waiting[u as usize] -= 1;
            if waiting[u as usize] == 0 {
                ready.push(u);
            }
        }
    }

    MisereValues {
        outcomes: outcomes
            .into_iter()
            .map(|o| o.unwrap_or(LoopyOutcome::D))
            .collect(),
        values,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::GraphBuilder;
    use grundy_testkit::graphs::Play;

    /// A random graph on `n` nodes, acyclic (edges only to larger ids) or
    /// not, from a xorshift seed.
    fn random(n: u32, acyclic: bool, seed: &mut u64) -> Graph {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let mut b = GraphBuilder::new();
        for v in 0..n {
            b.node(&v.to_string()).unwrap();
        }
        for v in 0..n {
            for w in 0..n {
                let allowed = if acyclic { w > v } else { w != v };
                if allowed && next() % 4 == 0 {
                    b.edge(v, w).unwrap();
                }
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn acyclic_graphs_match_the_definition() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for round in 0..200 {
            let g = random(1 + round % 11, true, &mut seed);
            let m = misere(&g);
            assert!(m.all_finite());
            // Misère minimax and the misère value by the definition, by
            // the test kit.
            let mut plain = grundy_testkit::Plain::misere(|&v: &NodeId| g.followers(v).to_vec());
            for v in g.nodes() {
                let won = plain.mover_wins(&v);
                assert_eq!(m.outcome(v) == LoopyOutcome::N, won, "{v}");
                assert_eq!(m.value(v).map(|x| x.0), Some(plain.misere_value(&v)));
                // A P-position is exactly one of misère value 0.
                assert_eq!(m.value(v) == Some(Nimber(0)), !won);
            }
        }
    }

    /// On a graph with cycles, a node the retrograde leaves undecided is a
    /// draw: checked against a fixed point computed from scratch, where N
    /// and P are the least sets closed under the rules.
    #[test]
    fn cyclic_graphs_match_a_fixed_point() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        for round in 0..200 {
            let g = random(2 + round % 9, false, &mut seed);
            // Misère win, loss or draw by the test kit's fixed point.
            let adj: Vec<Vec<usize>> = g
                .nodes()
                .map(|v| g.followers(v).iter().map(|&w| w as usize).collect())
                .collect();
            let outcome = grundy_testkit::graphs::misere_outcomes_by_play(&adj);
            let m = misere(&g);
            let mut plain = grundy_testkit::Plain::misere(|&v: &NodeId| g.followers(v).to_vec());
            for v in g.nodes() {
                let expected = match outcome[v as usize] {
                    Play::Win => LoopyOutcome::N,
                    Play::Loss => LoopyOutcome::P,
                    Play::Draw => LoopyOutcome::D,
                };
                assert_eq!(m.outcome(v), expected, "node {v}");
                if let Some(x) = m.value(v) {
                    assert_eq!(x.0, plain.misere_value(&v), "node {v}");
                }
            }
        }
    }

    #[test]
    fn a_cycle_with_no_way_out_is_a_draw() {
        let g = Graph::parse_edge_list("a b\nb a\nc a\nc d\n").unwrap();
        let m = misere(&g);
        let at = |name| g.node(name).unwrap();
        assert_eq!(m.outcome(at("a")), LoopyOutcome::D);
        assert_eq!(m.value(at("a")), None);
        // c moves to d, which has no move: d wins, so c's move there loses;
        // c's other move keeps the draw.
        assert_eq!(m.outcome(at("d")), LoopyOutcome::N);
        assert_eq!(m.outcome(at("c")), LoopyOutcome::D);
    }
}
