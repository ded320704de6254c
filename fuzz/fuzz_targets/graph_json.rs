//! The JSON graph reader: arbitrary text never panics (deep nesting
//! included), and a graph written as JSON from a list of edges reads back
//! with exactly those edges.
#![no_main]

use grundy::graph::Graph;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Graph::parse_json(text);
    }
    let edges: Vec<(u8, u8)> = data
        .chunks_exact(2)
        .map(|p| (p[0] % 16, p[1] % 16))
        .collect();
    let nodes: std::collections::BTreeSet<u8> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    if nodes.is_empty() {
        return;
    }
    let json = serde_json::json!({
        "nodes": nodes.iter().map(|n| format!("n{n}")).collect::<Vec<_>>(),
        "edges": edges.iter().map(|(a, b)| [format!("n{a}"), format!("n{b}")]).collect::<Vec<_>>(),
    })
    .to_string();
    let Ok(graph) = Graph::parse_json(&json) else {
        return;
    };
    assert_eq!(graph.node_count(), nodes.len());
    for &(a, b) in &edges {
        let from = graph
            .node(&format!("n{a}"))
            .expect("every endpoint is a node");
        let to = graph
            .node(&format!("n{b}"))
            .expect("every endpoint is a node");
        assert!(graph.followers(from).contains(&to), "edge n{a} n{b} lost");
    }
});
