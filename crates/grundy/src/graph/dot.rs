//! Graphviz DOT output.

use std::fmt::Write;

use super::{Graph, LoopyOutcome, LoopyValues};

/// Fill colours by outcome: P-positions red (the player to move is lost),
/// N-positions green, draws grey.
fn colour(outcome: LoopyOutcome) -> &'static str {
    match outcome {
        LoopyOutcome::P => "#f4a3a3",
        LoopyOutcome::N => "#b5e3b0",
        LoopyOutcome::D => "#d0d0d0",
    }
}

/// Writes `text` as the inside of a DOT double-quoted string.
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
}

/// The graph in Graphviz DOT: one node per position, labelled with its name
/// and value, filled by outcome (P red, N green, D grey), with a legend.
///
/// Pipe it to `dot -Tsvg` to draw it.
///
/// # Complexity
/// O(N + E) plus the escape sets of the infinite nodes.
///
/// # Examples
/// ```
/// use grundy::graph::{analyse, to_dot, Graph};
///
/// let g = Graph::parse_edge_list("1 0\n").unwrap();
/// let dot = to_dot(&g, &analyse(&g));
/// assert!(dot.starts_with("digraph game {"));
/// assert!(dot.contains("n0 [label=\"1\\n*1\", fillcolor=\"#b5e3b0\"];"));
/// assert!(dot.contains("n0 -> n1;"));
/// ```
pub fn to_dot(graph: &Graph, values: &LoopyValues) -> String {
    let mut out = String::new();
    out.push_str("digraph game {\n");
    out.push_str("  node [style=filled, fontname=\"Helvetica\"];\n");
    out.push_str(
        "  // P-positions (player to move loses) are red, N-positions green, draws grey.\n",
    );
    for v in graph.nodes() {
        let _ = write!(out, "  n{v} [label=\"");
        escape_into(&mut out, graph.name(v));
        out.push_str("\\n");
        escape_into(&mut out, &values.value(graph, v).to_string());
        let _ = writeln!(out, "\", fillcolor=\"{}\"];", colour(values.outcome(v)));
    }
    for v in graph.nodes() {
        for &w in graph.followers(v) {
            let _ = writeln!(out, "  n{v} -> n{w};");
        }
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{analyse, Graph};

    #[test]
    fn names_are_escaped_and_draws_are_grey() {
        let g = Graph::parse_json(r#"{"nodes": ["say \"hi\"", "back\\slash"], "edges": [["say \"hi\"", "back\\slash"], ["back\\slash", "say \"hi\""]]}"#).unwrap();
        let dot = to_dot(&g, &analyse(&g));
        assert!(
            dot.contains(r##"n0 [label="say \"hi\"\n∞", fillcolor="#d0d0d0"];"##),
            "{dot}"
        );
        assert!(
            dot.contains(r##"n1 [label="back\\slash\n∞", fillcolor="#d0d0d0"];"##),
            "{dot}"
        );
        assert!(dot.contains("n0 -> n1;") && dot.contains("n1 -> n0;"));
    }
}
