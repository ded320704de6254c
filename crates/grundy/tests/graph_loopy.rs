//! The loopy (generalised Sprague–Grundy) values of game graphs, checked
//! against independent brute force:
//!
//! 1. the definition (Fraenkel–Yesha: conditions A, B with a counter
//!    function, C), by trying every labelling of every directed graph with
//!    up to 4 nodes, self-loops included (2^16 graphs at 4 nodes): exactly
//!    one labelling may satisfy it, and it must be the algorithm's;
//! 2. the game itself: who wins each position and each sum with a Nim heap,
//!    by plain win/lose/draw fixpoint iteration on the positions;
//! 3. Smith's sum rules, by solving sums of small graphs position by
//!    position.

use grundy::graph::{analyse, loopy_values, Graph, GraphBuilder, LoopyOutcome, LoopyValue};
use grundy::Nimber;
use proptest::prelude::*;

/// A small graph as adjacency lists.
type Adj = Vec<Vec<usize>>;

fn build(adj: &Adj) -> Graph {
    let mut b = GraphBuilder::new();
    for v in 0..adj.len() {
        b.node(&v.to_string()).unwrap();
    }
    for (v, follows) in adj.iter().enumerate() {
        for &w in follows {
            b.edge(v as u32, w as u32).unwrap();
        }
    }
    b.build().unwrap()
}

/// The graph's values as `Option<u64>` (None = infinite), by node index.
///
/// Also checks that the outcome the values keep for each node is the one
/// its value gives (for `∞(K)`: N exactly when 0 is in the escape set `K`,
/// read from the followers).
fn algorithm(adj: &Adj) -> Vec<Option<u64>> {
    let g = build(adj);
    let values = loopy_values(&g);
    for v in g.nodes() {
        assert_eq!(
            values.outcome(v),
            values.value(&g, v).outcome(),
            "outcome of node {} in {adj:?}",
            g.name(v)
        );
    }
    (0..adj.len())
        .map(|v| values.finite(g.node(&v.to_string()).unwrap()).map(|n| n.0))
        .collect()
}

/// Whether `gamma` is a generalised Sprague–Grundy function of the graph,
/// straight from the definition. `None` is infinity, larger than every
/// finite value.
fn satisfies_definition(adj: &Adj, gamma: &[Option<u64>]) -> bool {
    let finite_mex = |u: usize| grundy_testkit::mex(adj[u].iter().filter_map(|&v| gamma[v]));
    for u in 0..adj.len() {
        match gamma[u] {
            // A: a finite value is the mex of the followers' finite values.
            Some(a) => {
                if a != finite_mex(u) {
                    return false;
                }
            }
            // C: an infinite u has an infinite follower v with no follower
            // of value mex(F(u)).
            None => {
                let m = finite_mex(u);
                let ok = adj[u]
                    .iter()
                    .any(|&v| gamma[v].is_none() && !adj[v].iter().any(|&w| gamma[w] == Some(m)));
                if !ok {
                    return false;
                }
            }
        }
    }
    // B with the counter function c: if gamma(u) = a is finite and a
    // follower v has gamma(v) > a, some follower w of v has gamma(w) = a and
    // c(w) < c(u). A counter exists iff repeatedly "justifying" nodes whose
    // condition holds using only already-justified w reaches every finite
    // node (the condition is monotone, so the order does not matter).
    let greater = |x: Option<u64>, a: u64| x.is_none_or(|x| x > a);
    let mut justified = vec![false; adj.len()];
    loop {
        let mut changed = false;
        for u in 0..adj.len() {
            let Some(a) = gamma[u] else { continue };
            if justified[u] {
                continue;
            }
            let ok = adj[u].iter().all(|&v| {
                !greater(gamma[v], a) || adj[v].iter().any(|&w| gamma[w] == Some(a) && justified[w])
            });
            if ok {
                justified[u] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..adj.len()).all(|u| gamma[u].is_none() || justified[u])
}

/// Every labelling with finite values up to each node's out-degree (a mex
/// of k values is at most k) or infinity, that satisfies the definition.
fn all_solutions(adj: &Adj) -> Vec<Vec<Option<u64>>> {
    let choices: Vec<Vec<Option<u64>>> = adj
        .iter()
        .map(|f| (0..=f.len() as u64).map(Some).chain([None]).collect())
        .collect();
    let mut solutions = Vec::new();
    let mut index = vec![0usize; adj.len()];
    loop {
        let gamma: Vec<Option<u64>> = (0..adj.len()).map(|u| choices[u][index[u]]).collect();
        if satisfies_definition(adj, &gamma) {
            solutions.push(gamma);
        }
        // Next labelling, odometer style.
        let mut u = 0;
        loop {
            if u == adj.len() {
                return solutions;
            }
            index[u] += 1;
            if index[u] < choices[u].len() {
                break;
            }
            index[u] = 0;
            u += 1;
        }
    }
}

fn graph_from_mask(n: usize, mask: u32) -> Adj {
    (0..n)
        .map(|u| (0..n).filter(|&v| mask >> (u * n + v) & 1 == 1).collect())
        .collect()
}

#[test]
fn every_graph_up_to_four_nodes_matches_the_definition() {
    let mut graphs = 0;
    for n in 1..=4usize {
        for mask in 0..1u32 << (n * n) {
            let adj = graph_from_mask(n, mask);
            let solutions = all_solutions(&adj);
            assert_eq!(
                solutions.len(),
                1,
                "the definition must have exactly one solution on {adj:?}: {solutions:?}"
            );
            assert_eq!(algorithm(&adj), solutions[0], "graph {adj:?}");
            graphs += 1;
        }
    }
    assert_eq!(graphs, 2 + 16 + 512 + 65536);
}

/// Win/lose/draw of every position by play: the test kit's fixpoint
/// iteration, which knows nothing of values.
fn outcomes_by_play(adj: &Adj) -> Vec<LoopyOutcome> {
    use grundy_testkit::graphs::Play;
    grundy_testkit::graphs::outcomes_by_play(adj)
        .into_iter()
        .map(|o| match o {
            Play::Win => LoopyOutcome::N,
            Play::Loss => LoopyOutcome::P,
            Play::Draw => LoopyOutcome::D,
        })
        .collect()
}

/// The disjunctive sum of two graphs: node (u, v) is `u * |H| + v`.
fn sum(g: &Adj, h: &Adj) -> Adj {
    let mut adj = vec![Vec::new(); g.len() * h.len()];
    for u in 0..g.len() {
        for v in 0..h.len() {
            let node = &mut adj[u * h.len() + v];
            node.extend(g[u].iter().map(|&u2| u2 * h.len() + v));
            node.extend(h[v].iter().map(|&v2| u * h.len() + v2));
        }
    }
    adj
}

/// Nim heap `k` as a graph: nodes 0..=k, each moving to every smaller one.
fn nim_heap(k: usize) -> Adj {
    (0..=k).map(|h| (0..h).collect()).collect()
}

/// Checks the values against play: each node's outcome, and the
/// characterisation "gamma(u) = a iff u + *a is a P-position; gamma(u) is
/// infinite iff no such a exists".
fn check_against_play(adj: &Adj) {
    let g = build(adj);
    let values = loopy_values(&g);
    let by_play = outcomes_by_play(adj);
    let max_heap = adj.len() + 1;
    let sums: Vec<Vec<LoopyOutcome>> = (0..=max_heap)
        .map(|k| outcomes_by_play(&sum(adj, &nim_heap(k))))
        .collect();
    for u in 0..adj.len() {
        let id = g.node(&u.to_string()).unwrap();
        assert_eq!(values.outcome(id), by_play[u], "outcome of {u} in {adj:?}");
        // Node (u, heap k) of the sum is u * (k + 1) + k.
        let zero_with: Vec<u64> = (0..=max_heap)
            .filter(|&k| sums[k][u * (k + 1) + k] == LoopyOutcome::P)
            .map(|k| k as u64)
            .collect();
        let expected = match zero_with.as_slice() {
            [] => None,
            [a] => Some(*a),
            many => panic!("u + *a is P for several a: {many:?}"),
        };
        assert_eq!(
            values.finite(id).map(|n| n.0),
            expected,
            "node {u} of {adj:?}"
        );
    }
}

#[test]
fn every_graph_up_to_three_nodes_matches_play() {
    for n in 1..=3usize {
        for mask in 0..1u32 << (n * n) {
            check_against_play(&graph_from_mask(n, mask));
        }
    }
}

fn small_graph(max_nodes: usize) -> impl Strategy<Value = Adj> {
    (1..=max_nodes)
        .prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn larger_graphs_match_play(adj in small_graph(8)) {
        check_against_play(&adj);
    }

    /// Smith's sum rules, as implemented by `LoopyValue::add`, against the
    /// values computed on the sum graph itself.
    #[test]
    fn sums_follow_smiths_rules(g in small_graph(5), h in small_graph(5)) {
        let (gg, hh, ss) = (build(&g), build(&h), build(&sum(&g, &h)));
        let (gv, hv, sv) = (loopy_values(&gg), loopy_values(&hh), loopy_values(&ss));
        let by_play = outcomes_by_play(&sum(&g, &h));
        for u in 0..g.len() {
            for v in 0..h.len() {
                let a = gv.value(&gg, gg.node(&u.to_string()).unwrap());
                let b = hv.value(&hh, hh.node(&v.to_string()).unwrap());
                let node = u * h.len() + v;
                let actual = sv.value(&ss, ss.node(&node.to_string()).unwrap());
                let predicted = a.add(&b);
                prop_assert_eq!(&predicted, &actual, "{} + {}", a, b);
                prop_assert_eq!(predicted.outcome(), by_play[node]);
            }
        }
    }
}

#[test]
fn sum_rule_table() {
    let fin = |n| LoopyValue::Finite(Nimber(n));
    let inf = |k: &[u64]| LoopyValue::Infinite(k.iter().copied().map(Nimber).collect());
    // *a + *a = 0 is P; *a + *b is N.
    assert_eq!(fin(5).add(&fin(5)).outcome(), LoopyOutcome::P);
    assert_eq!(fin(5).add(&fin(4)).outcome(), LoopyOutcome::N);
    // ∞(K) + *b: N iff b ∈ K (move the loopy part to *b), else D.
    assert_eq!(inf(&[1, 2]).add(&fin(2)), inf(&[0, 3]));
    assert_eq!(inf(&[1, 2]).add(&fin(2)).outcome(), LoopyOutcome::N);
    assert_eq!(inf(&[1, 2]).add(&fin(0)).outcome(), LoopyOutcome::D);
    assert_eq!(inf(&[]).add(&fin(3)).outcome(), LoopyOutcome::D);
    // ∞ + ∞ is a draw, even when both escape to 0 alone.
    assert_eq!(inf(&[0]).add(&inf(&[0])), inf(&[]));
    assert_eq!(inf(&[0]).add(&inf(&[0])).outcome(), LoopyOutcome::D);
    assert_eq!(inf(&[0, 3]).to_string(), "∞(0,3)");
    assert_eq!(inf(&[]).to_string(), "∞");
}

/// Hand-worked examples, each explained by play.
#[test]
fn textbook_examples() {
    let values = |text: &str| {
        let g = Graph::parse_edge_list(text).unwrap();
        let v = analyse(&g);
        let mut out: Vec<(String, String, LoopyOutcome)> = g
            .nodes()
            .map(|n| {
                (
                    g.name(n).to_owned(),
                    v.value(&g, n).to_string(),
                    v.outcome(n),
                )
            })
            .collect();
        out.sort_by(|x, y| x.0.cmp(&y.0));
        out
    };
    let row = |n: &str, v: &str, o| (n.to_owned(), v.to_owned(), o);
    use LoopyOutcome::{D, N, P};
    // A lone self-loop: the mover passes forever.
    assert_eq!(values("x x"), vec![row("x", "∞", D)]);
    // Two positions that hand the move back and forth: a draw.
    assert_eq!(values("a b\nb a"), vec![row("a", "∞", D), row("b", "∞", D)]);
    // Add an exit from b: b wins by leaving, so a (forced into b) loses.
    // The cycle is harmless: a is *0 and b is *1, as in acyclic play.
    assert_eq!(
        values("a b\nb a\nb c"),
        vec![row("a", "*0", P), row("b", "*1", N), row("c", "*0", P)]
    );
    // A 3-cycle a -> b -> c -> a with an exit c -> t: c wins by leaving,
    // so b (forced into c) loses, so a wins by moving to b. The values are
    // those of the acyclic game in which the move c -> a is ignored: a = *1,
    // b = *0, c = mex{a, t} = mex{1, 0} = *2.
    assert_eq!(
        values("a b\nb c\nc a\nc t"),
        vec![
            row("a", "*1", N),
            row("b", "*0", P),
            row("c", "*2", N),
            row("t", "*0", P)
        ]
    );
    // A node that can pass (self-loop) or end the game: it wins (N), but in a
    // sum it is not *1, because it can also pass: ∞ with escape {0}.
    assert_eq!(
        values("u u\nu t"),
        vec![row("t", "*0", P), row("u", "∞(0)", N)]
    );
    // A 2-cycle x <-> y whose nodes may also move to a heap *1 (h1 -> h0).
    // Moving to h1 loses (the opponent moves to h0), so each player keeps
    // passing the move around the cycle: both are draws, ∞ with escape {1}.
    assert_eq!(
        values("x y\ny x\nx h1\ny h1\nh1 h0"),
        vec![
            row("h0", "*0", P),
            row("h1", "*1", N),
            row("x", "∞(1)", D),
            row("y", "∞(1)", D)
        ]
    );
}

#[test]
fn escape_sets_past_64() {
    // u can pass (a self-loop) or move to Nim heap k for k <= 70: it is
    // infinite (a follower worth its own mex would be itself), and its
    // escape set is every heap's value, past the 64 values of a bitmask.
    let mut text = String::from("u u\n");
    for k in 0..=70 {
        text.push_str(&format!("u h{k}\n"));
        for smaller in 0..k {
            text.push_str(&format!("h{k} h{smaller}\n"));
        }
    }
    let g = Graph::parse_edge_list(&text).unwrap();
    let values = analyse(&g);
    let u = g.node("u").unwrap();
    let all: Vec<Nimber> = (0..=70).map(Nimber).collect();
    assert_eq!(values.escape(&g, u), all);
    assert_eq!(values.value(&g, u), LoopyValue::Infinite(all));
    assert_eq!(values.outcome(u), LoopyOutcome::N);
    // Below 64 only: h0..h10, and a draw without h0.
    let g =
        Graph::parse_edge_list("u u\nu h3\nu h1\nh3 h1\nh1 h0\nh3 h2\nh2 h1\nh3 h0\nh2 h0\nu h2")
            .unwrap();
    let values = analyse(&g);
    let u = g.node("u").unwrap();
    assert_eq!(values.escape(&g, u), [Nimber(1), Nimber(2), Nimber(3)]);
    assert_eq!(values.outcome(u), LoopyOutcome::D);
}
