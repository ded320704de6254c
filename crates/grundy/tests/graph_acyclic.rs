//! Acyclic graphs: the topological algorithm and the loopy algorithm against
//! an independent recursive mex (the test kit's).

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
        // The test kit's textbook recursion (memoised).
        let recursive = grundy_testkit::graphs::acyclic_values(&adj);
        for u in 0..adj.len() {
            let expected = Nimber(recursive[u]);
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

#[test]
fn wide_layers_match_a_reference() {
    // A DAG big enough for the parallel passes (layers of tens of thousands
    // of nodes, over a million edges), with paths of small layers before
    // and after them: a head chain leads into the wide layers, whose nodes
    // have edges to random nodes of later layers and to a tail chain. The
    // reference values the nodes in reverse of the order they were made
    // in (a topological order by construction), with its own plain mex;
    // lines are shuffled so that ids follow no layer.
    const WIDTH: usize = 50_000;
    const LAYERS: usize = 5;
    const CHAIN: usize = 300;
    let wide = WIDTH * LAYERS;
    // Nodes: head chain 0..CHAIN, wide layers, tail chain.
    let n = CHAIN + wide + CHAIN;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |below: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as usize
    };
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, follows) in adj.iter_mut().enumerate() {
        if i + 1 < CHAIN || i >= CHAIN + wide && i + 1 < n {
            follows.push(i + 1);
        } else if i + 1 == CHAIN {
            follows.extend((0..WIDTH).step_by(97).map(|w| CHAIN + w));
        } else if i >= CHAIN && i < CHAIN + wide {
            let first_later = CHAIN + ((i - CHAIN) / WIDTH + 1) * WIDTH;
            if first_later < CHAIN + wide {
                for _ in 0..next(14) {
                    follows.push(first_later + next(CHAIN + wide - first_later));
                }
            }
            if next(4) == 0 {
                follows.push(CHAIN + wide + next(CHAIN));
            }
        }
    }
    let mut reference = vec![0u64; n];
    for i in (0..n).rev() {
        reference[i] = grundy_testkit::mex(adj[i].iter().map(|&w| reference[w]));
    }
    // Lines in a scrambled order, so that first appearance is random.
    let mut lines: Vec<String> = Vec::new();
    for (i, follows) in adj.iter().enumerate() {
        lines.push(format!("v{i}"));
        lines.extend(follows.iter().map(|w| format!("v{i} v{w}")));
    }
    for i in (1..lines.len()).rev() {
        lines.swap(i, next(i + 1));
    }
    let g = Graph::parse_edge_list(&lines.join("\n")).unwrap();
    assert!(g.edge_count() >= 1 << 20, "{} edges", g.edge_count());
    let values = acyclic_values(&g).unwrap();
    let loopy = analyse(&g);
    for (i, &expected) in reference.iter().enumerate() {
        let v = g.node(&format!("v{i}")).unwrap();
        assert_eq!(values[v as usize], Nimber(expected), "node v{i}");
        assert_eq!(loopy.finite(v), Some(Nimber(expected)));
    }
    assert!(reference.iter().any(|&x| x >= 3));
}
