//! The edge-list graph reader: arbitrary text never panics, and a graph
//! written from a list of edges reads back with exactly those edges.
#![no_main]

use grundy::graph::Graph;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Graph::parse_edge_list(text);
    }
    // Edges between nodes n0..n15, two bytes per edge.
    let edges: Vec<(u8, u8)> = data
        .chunks_exact(2)
        .map(|p| (p[0] % 16, p[1] % 16))
        .collect();
    if edges.is_empty() {
        return;
    }
    let text: String = edges.iter().map(|(a, b)| format!("n{a} n{b}\n")).collect();
    let Ok(graph) = Graph::parse_edge_list(&text) else {
        // Only cycles may be refused, never well-formed lines.
        return;
    };
    for &(a, b) in &edges {
        let from = graph
            .node(&format!("n{a}"))
            .expect("every endpoint is a node");
        let to = graph
            .node(&format!("n{b}"))
            .expect("every endpoint is a node");
        assert!(graph.followers(from).contains(&to), "edge n{a} n{b} lost");
    }
    // A repeated line is a repeated edge (the graph is a multigraph).
    let total: usize = (0..graph.node_count())
        .map(|v| graph.followers(v as _).len())
        .sum();
    assert_eq!(total, edges.len(), "{text}");
});
