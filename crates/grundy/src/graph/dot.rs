//! Graphviz DOT output.

use std::fmt::Write;

use super::{Graph, LoopyOutcome, LoopyValues, MisereValues, NodeId};

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
    dot_of(graph, "", |v| {
        (values.value(graph, v).to_string(), values.outcome(v))
    })
}

/// The graph in DOT as [`to_dot`] draws it, labelled and coloured by misère
/// play ([`crate::graph::misere`]): each node's misère nim value (`∞` where
/// a cycle can be reached) and misère outcome.
///
/// ```
/// use grundy::graph::{misere, to_dot_misere, Graph};
/// let g = Graph::parse_edge_list("a b\n").unwrap();
/// let dot = to_dot_misere(&g, &misere(&g));
/// // b has no move: in misère play it wins (green), and a loses (red).
/// assert!(dot.contains("n1 [label=\"b\\n*1\", fillcolor=\"#b5e3b0\"]"));
/// assert!(dot.contains("n0 [label=\"a\\n*0\", fillcolor=\"#f4a3a3\"]"));
/// ```
pub fn to_dot_misere(graph: &Graph, values: &MisereValues) -> String {
    dot_of(graph, "misère play: ", |v| {
        let value = values
            .value(v)
            .map_or_else(|| "∞".to_owned(), |n| n.to_string());
        (value, values.outcome(v))
    })
}

/// The DOT text: every node labelled with its name and what `label` gives,
/// filled by the outcome.
fn dot_of(graph: &Graph, play: &str, label: impl Fn(NodeId) -> (String, LoopyOutcome)) -> String {
    let mut out = String::new();
    out.push_str("digraph game {\n");
    out.push_str("  node [style=filled, fontname=\"Helvetica\"];\n");
    let _ = writeln!(
        out,
        "  // {play}P-positions (player to move loses) are red, N-positions green, draws grey."
    );
    for v in graph.nodes() {
        let (value, outcome) = label(v);
        let _ = write!(out, "  n{v} [label=\"");
        escape_into(&mut out, graph.name(v));
        out.push_str("\\n");
        escape_into(&mut out, &value);
        let _ = writeln!(out, "\", fillcolor=\"{}\"];", colour(outcome));
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
