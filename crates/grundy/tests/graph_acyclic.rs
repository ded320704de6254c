//! Acyclic graphs: the topological algorithm and the loopy algorithm against
//! an independent recursive mex.

use grundy::graph::{acyclic_values, analyse, loopy_values, Graph, GraphBuilder};
use grundy::Nimber;
use proptest::prelude::*;

/// A random DAG: node `u` may only move to nodes with a larger index.
fn dag(max_nodes: usize) -> impl Strategy<Value = Vec<Vec<usize>>> {
    (1..=max_nodes).prop_flat_map(|n| {
        proptest::collection::vec(proptest::collection::vec(0..n, 0..6), n).prop_map(move |raw| {
            raw.into_iter()
                .enumerate()
                .map(|(u, targets)| targets.into_iter().filter(|&v| v > u).collect())
                .collect()
        })
    })
}

/// Grundy values by the textbook recursion (memoised), as u64.
fn recursive_mex(adj: &[Vec<usize>], u: usize, memo: &mut Vec<Option<u64>>) -> u64 {
    if let Some(v) = memo[u] {
        return v;
    }
    let values: Vec<u64> = adj[u]
        .iter()
        .map(|&w| recursive_mex(adj, w, memo))
        .collect();
    let g = (0..).find(|m| !values.contains(m)).unwrap();
    memo[u] = Some(g);
    g
}

/// Names in reverse order so that node ids differ from indices.
fn build(adj: &[Vec<usize>]) -> (Graph, Vec<u32>) {
    let mut b = GraphBuilder::new();
    let ids: Vec<u32> = (0..adj.len())
        .rev()
        .map(|u| b.node(&format!("v{u}")).unwrap())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    for (u, follows) in adj.iter().enumerate() {
        for &w in follows {
            b.edge(ids[u], ids[w]).unwrap();
        }
    }
    (b.build().unwrap(), ids)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn topological_and_loopy_match_recursion(adj in dag(40)) {
        let (g, ids) = build(&adj);
        let topo = acyclic_values(&g).unwrap();
        let loopy = loopy_values(&g);
        prop_assert!(loopy.all_finite());
        let mut memo = vec![None; adj.len()];
        for u in 0..adj.len() {
            let expected = Nimber(recursive_mex(&adj, u, &mut memo));
            prop_assert_eq!(topo[ids[u] as usize], expected);
            prop_assert_eq!(loopy.finite(ids[u]), Some(expected));
        }
        prop_assert_eq!(analyse(&g), loopy);
    }
}

#[test]
fn long_chain_needs_no_recursion() {
    // A path of 10^6 nodes: 0 -> 1 -> ... ; values alternate 1, 0 from the end.
    let n = 1_000_000;
    let mut b = GraphBuilder::new();
    let ids: Vec<u32> = (0..n).map(|i| b.node(&i.to_string()).unwrap()).collect();
    for w in ids.windows(2) {
        b.edge(w[0], w[1]).unwrap();
    }
    let g = b.build().unwrap();
    let values = acyclic_values(&g).unwrap();
    assert_eq!(values[ids[n - 1] as usize], Nimber(0));
    assert_eq!(values[ids[0] as usize], Nimber(((n - 1) % 2) as u64));
    assert_eq!(
        loopy_values(&g).finite(ids[0]),
        Some(values[ids[0] as usize])
    );
}

#[test]
fn a_cycle_is_reported() {
    let g = Graph::parse_edge_list("a b\nb c\nc b\nd").unwrap();
    let err = acyclic_values(&g).unwrap_err();
    // a, b and c cannot be ordered; d can.
    assert_eq!(err.unresolved, 3);
}

#[test]
fn nim_heaps_reach_values_past_64() {
    // Nim heap k as a graph (k moves to every smaller heap) is worth *k, so
    // heaps past 64 need more than the 64-value mask. With a 2-cycle added
    // elsewhere the graph is loopy, and the heaps are valued by the loopy
    // algorithm's first, acyclic pass instead.
    for loopy in [false, true] {
        let mut text = String::new();
        for k in 0..100 {
            for smaller in 0..k {
                text.push_str(&format!("h{k} h{smaller}\n"));
            }
        }
        if loopy {
            text.push_str("x y\ny x\nx h3\n");
        }
        let g = Graph::parse_edge_list(&text).unwrap();
        let values = analyse(&g);
        for k in 0..100 {
            assert_eq!(
                values.finite(g.node(&format!("h{k}")).unwrap()),
                Some(Nimber(k))
            );
        }
        assert_eq!(values.all_finite(), !loopy);
        if !loopy {
            let topo = acyclic_values(&g).unwrap();
            assert_eq!(topo[g.node("h99").unwrap() as usize], Nimber(99));
        }
    }
}
