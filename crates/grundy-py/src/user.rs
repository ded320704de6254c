//! Games defined in Python (`@grundy.game`): the Python half explores the
//! positions, calling the user's `options` (and `split`, `key`) hooks, and
//! hands the explored graph here as integer arrays; this module values it
//! with the library's graph code.
//!
//! The explored graph has three kinds of node:
//! - an *options* node, whose edges are its options;
//! - a *sum* node (the user's `split` gave several components), whose
//!   edges are its components and whose value is their sum;
//! - a *fixed* node, valued by an earlier call (the memo), with no edges.
//!
//! Nodes from which no cycle can be reached are valued first, followers
//! before the nodes that need them (mex of the options, xor of the
//! components). What is left reaches a cycle: its options nodes are handed
//! to the library's loopy analysis ([`graph::analyse`], or
//! [`graph::misere`] in misère play) as a [`Graph`], in which each valued
//! follower stands in as the Nim heap of its value (a node worth `*k` in
//! the loopy theory plays as `*k` does, so its predecessors get the same
//! labels); sum nodes left over are then summed by Smith's rules
//! ([`LoopyValue::add`]).

use grundy::game::ImpartialGame;
use grundy::graph::{self, Graph, GraphBuilder, LoopyOutcome, LoopyValue, NodeId};
use grundy::misere::{CanonicalError, Genus, MisereCanonical, MisereForm, MisereForms};
use grundy::{MexSet, Nimber};

/// How many misère values `γ0 … γ9` the genus computes, as the library's
/// genus of heaps does: the symbol is cut after the first two values of
/// the final alternation.
const GAMMAS: usize = 10;

/// The explored graph, in CSR form: the edges of node `v` are
/// `targets[offsets[v]..offsets[v + 1]]`.
pub struct Explored {
    pub offsets: Vec<u32>,
    pub targets: Vec<u32>,
    /// Whether node `v` is a sum of its edges' nodes.
    pub sum: Vec<bool>,
    /// The value of node `v` from an earlier call.
    pub fixed: Vec<Option<u64>>,
}

impl Explored {
    fn len(&self) -> usize {
        self.sum.len()
    }

    fn edges(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Checks that the arrays describe a graph, so that no index below can
    /// panic.
    pub fn check(&self) -> Result<(), String> {
        let n = self.len();
        if self.offsets.len() != n + 1 || self.fixed.len() != n {
            return Err("the explored graph's arrays disagree in length".into());
        }
        if self.offsets[0] != 0
            || self.offsets.windows(2).any(|w| w[0] > w[1])
            || self.offsets[n] as usize != self.targets.len()
        {
            return Err("the explored graph's offsets are not increasing".into());
        }
        if self.targets.iter().any(|&t| t as usize >= n) {
            return Err("the explored graph has an edge to no node".into());
        }
        Ok(())
    }
}

/// The value of every node: its outcome (`N`, `P` or `D`), and its value,
/// finite or loopy (`None` with the escape set in `escapes`).
pub struct Valued {
    pub values: Vec<Option<u64>>,
    pub outcomes: String,
    pub escapes: Vec<(u32, Vec<u64>)>,
}

/// Values every node of `g` (module documentation), in normal or misère
/// play; `None` when a fixed node worth more than `max_heap` would have
/// to stand in as a Nim heap (its `max_heap² / 2` edges), for the caller
/// to explore again without its memo. In misère play there are no sum nodes (a misère sum is not the
/// xor of its parts, so the Python half does not split), a node with no
/// option is worth 1 and the values are misère nim values.
///
/// # Errors
/// When a sum node lies on a cycle, or an options node reaching a cycle
/// has a sum node reaching a cycle as an option: Smith's theory sums
/// loopy components but the graph code cannot take such a sum as a node.
pub fn analyse(g: &Explored, misere: bool, max_heap: u64) -> Result<Option<Valued>, String> {
    let n = g.len();
    let mut values: Vec<Option<u64>> = g.fixed.clone();
    // Followers first: count each node's unvalued edges, and release a
    // node when its count reaches 0.
    let mut preds_start = vec![0u32; n + 1];
    for &t in &g.targets {
        preds_start[t as usize + 1] += 1;
    }
    for i in 0..n {
        preds_start[i + 1] += preds_start[i];
    }
    let mut fill = preds_start.clone();
    let mut preds = vec![0u32; g.targets.len()];
    for v in 0..n {
        if g.fixed[v].is_some() {
            continue;
        }
        for &t in g.edges(v) {
            preds[fill[t as usize] as usize] = v as u32;
            fill[t as usize] += 1;
        }
    }
    let mut waiting: Vec<u32> = (0..n)
        .map(|v| {
            if g.fixed[v].is_some() {
                0
            } else {
                g.edges(v).len() as u32
            }
        })
        .collect();
    let mut ready: Vec<usize> = (0..n).filter(|&v| waiting[v] == 0).collect();
    let mut mex = MexSet::new();
    while let Some(v) = ready.pop() {
        if values[v].is_none() {
            let edges = g.edges(v);
            values[v] = Some(if g.sum[v] {
                edges
                    .iter()
                    .fold(0, |x, &t| x ^ values[t as usize].expect("valued first"))
            } else if edges.is_empty() {
                u64::from(misere)
            } else {
                mex.clear();
                for &t in edges {
                    mex.insert(Nimber(values[t as usize].expect("valued first")));
                }
                mex.mex().0
            });
        }
        let start = preds_start[v] as usize;
        for &u in &preds[start..fill[v] as usize] {
            waiting[u as usize] -= 1;
            if waiting[u as usize] == 0 {
                ready.push(u as usize);
            }
        }
    }
    let finite_outcome = |v: u64| {
        if v == 0 {
            LoopyOutcome::P
        } else {
            LoopyOutcome::N
        }
    };
    let mut outcomes: Vec<LoopyOutcome> = values
        .iter()
        .map(|v| v.map_or(LoopyOutcome::D, finite_outcome))
        .collect();
    let mut escapes = Vec::new();
    if values.iter().any(Option::is_none) {
        // The heaps standing in for valued followers (below) must be few.
        let open = |v: usize| values[v].is_none() && !g.sum[v];
        let too_large = (0..n).filter(|&v| open(v)).any(|v| {
            g.edges(v)
                .iter()
                .any(|&t| values[t as usize].is_some_and(|k| k > max_heap))
        });
        if too_large {
            return Ok(None);
        }
        loopy_rest(g, misere, &mut values, &mut outcomes, &mut escapes)?;
    }
    Ok(Some(Valued {
        values,
        outcomes: outcomes.iter().map(|o| o.as_str()).collect(),
        escapes,
    }))
}

/// Values the nodes that reach a cycle (module documentation).
fn loopy_rest(
    g: &Explored,
    misere: bool,
    values: &mut [Option<u64>],
    outcomes: &mut [LoopyOutcome],
    escapes: &mut Vec<(u32, Vec<u64>)>,
) -> Result<(), String> {
    let n = g.len();
    let open: Vec<usize> = (0..n).filter(|&v| values[v].is_none()).collect();
    // The graph: the open options nodes, then Nim heaps *0..*k for the
    // valued followers (a heap *j moves to every smaller heap).
    let mut id = vec![u32::MAX; n];
    let mut builder = GraphBuilder::new();
    let node = |b: &mut GraphBuilder, name: &str| b.node(name).map_err(|e| e.to_string());
    for &v in &open {
        if !g.sum[v] {
            id[v] = node(&mut builder, &v.to_string())?;
        }
    }
    // The heap standing for a valued follower: its value, except in misère
    // play, where *1 is worth 0 and the empty heap 1.
    let heap_of = |value: u64| match (misere, value) {
        (true, 0) => 1,
        (true, 1) => 0,
        (_, k) => k,
    };
    let mut heaps: Vec<NodeId> = Vec::new();
    for &v in &open {
        if g.sum[v] {
            continue;
        }
        for &t in g.edges(v) {
            let t = t as usize;
            let to = match values[t] {
                Some(value) => {
                    let k = heap_of(value) as usize;
                    while heaps.len() <= k {
                        let h = node(&mut builder, &format!("*{}", heaps.len()))?;
                        for &smaller in &heaps {
                            builder.edge(h, smaller).map_err(|e| e.to_string())?;
                        }
                        heaps.push(h);
                    }
                    heaps[k]
                }
                None if g.sum[t] => {
                    return Err(
                        "split: a position whose options reach a cycle has an option that \
                         splits into components that reach a cycle; the values of such a game \
                         are not computed with split (drop split=)"
                            .into(),
                    )
                }
                None => id[t],
            };
            builder.edge(id[v], to).map_err(|e| e.to_string())?;
        }
    }
    let loopy: Vec<(usize, LoopyValue, LoopyOutcome)> = if open.iter().all(|&v| g.sum[v]) {
        Vec::new()
    } else {
        let graph: Graph = builder.build().map_err(|e| e.to_string())?;
        if misere {
            let m = graph::misere(&graph);
            open.iter()
                .filter(|&&v| !g.sum[v])
                .map(|&v| {
                    let value = match m.value(id[v]) {
                        Some(k) => LoopyValue::Finite(k),
                        None => LoopyValue::Infinite(Vec::new()),
                    };
                    (v, value, m.outcome(id[v]))
                })
                .collect()
        } else {
            let l = graph::analyse(&graph);
            open.iter()
                .filter(|&&v| !g.sum[v])
                .map(|&v| (v, l.value(&graph, id[v]), l.outcome(id[v])))
                .collect()
        }
    };
    let mut loopy_values: Vec<Option<LoopyValue>> = vec![None; n];
    for (v, value, outcome) in loopy {
        outcomes[v] = outcome;
        loopy_values[v] = Some(value);
    }
    // Sums of components, some of them loopy, by Smith's rules; a sum
    // waits for its components, and sums never summed lie on a cycle.
    let mut pending: Vec<usize> = open.iter().copied().filter(|&v| g.sum[v]).collect();
    while !pending.is_empty() {
        let before = pending.len();
        pending.retain(|&v| {
            let mut total = LoopyValue::Finite(Nimber(0));
            for &t in g.edges(v) {
                let part = match (values[t as usize], &loopy_values[t as usize]) {
                    (Some(k), _) => LoopyValue::Finite(Nimber(k)),
                    (None, Some(l)) => l.clone(),
                    (None, None) => return true,
                };
                total = total.add(&part);
            }
            outcomes[v] = total.outcome();
            loopy_values[v] = Some(total);
            false
        });
        if pending.len() == before {
            return Err(
                "split: a position splits into components one of which can reach the \
                        position again; the values of such a game are not computed with split \
                        (drop split=)"
                    .into(),
            );
        }
    }
    for &v in &open {
        match loopy_values[v].take() {
            Some(LoopyValue::Finite(k)) => values[v] = Some(k.0),
            Some(LoopyValue::Infinite(escape)) => {
                escapes.push((v as u32, escape.iter().map(|k| k.0).collect()))
            }
            None => {}
        }
    }
    Ok(())
}

/// Conway's genus `g^γ0γ1…` of node `root` of an acyclic options graph
/// (no sum or fixed nodes): `g` its normal-play value and `γk` the misère
/// value of the root plus `k` Nim heaps of size 2, from
/// positions `(v, ones, twos)` of the root's game plus Nim heaps of sizes 1
/// and 2.
///
/// # Errors
/// When a cycle can be reached from the root (the game has no genus).
///
/// # Complexity
/// O(K² (N + E)) time for the N nodes and E edges and K = 10 values;
/// O(K·N) memory.
pub fn genus(g: &Explored, root: usize) -> Result<Genus, String> {
    let n = g.len();
    let order = topological(g).ok_or_else(|| {
        "the game can go on forever from this position (its options reach a cycle), so it has \
         no genus"
            .to_string()
    })?;
    let normal = {
        let mut values = vec![0u64; n];
        let mut mex = MexSet::new();
        for &v in &order {
            mex.clear();
            for &t in g.edges(v) {
                mex.insert(Nimber(values[t as usize]));
            }
            values[v] = mex.mex().0;
        }
        values[root]
    };
    // The values of layer (ones, twos) for ones + twos <= K - 1, one
    // vector over the nodes per layer. A layer is filled after the layers
    // it moves to: fewer twos, or as many twos and fewer ones; so only the
    // layers of this many twos (`row`) and of one fewer (`below`) are kept.
    let k = GAMMAS;
    let mut below: Vec<Vec<u64>> = Vec::new();
    let mut gammas = Vec::with_capacity(k);
    let mut mex = MexSet::new();
    for twos in 0..k {
        let mut row: Vec<Vec<u64>> = Vec::with_capacity(k - twos);
        for ones in 0..k - twos {
            let mut here = vec![0u64; n];
            for &v in &order {
                mex.clear();
                let mut moves = false;
                for &t in g.edges(v) {
                    mex.insert(Nimber(here[t as usize]));
                    moves = true;
                }
                if ones > 0 {
                    mex.insert(Nimber(row[ones - 1][v]));
                    moves = true;
                }
                if twos > 0 {
                    // A heap of 2 taken down to 1, or taken away.
                    mex.insert(Nimber(below[ones + 1][v]));
                    mex.insert(Nimber(below[ones][v]));
                    moves = true;
                }
                here[v] = if moves { mex.mex().0 } else { 1 };
            }
            row.push(here);
        }
        gammas.push(row[0][root]);
        below = row;
    }
    Ok(Genus::new(Nimber(normal), gammas))
}

/// The nodes of `g`, each after all its followers, or `None` when `g` has
/// a cycle.
fn topological(g: &Explored) -> Option<Vec<usize>> {
    let n = g.len();
    // Iterative depth-first search: 0 unseen, 1 on the stack, 2 done.
    let mut state = vec![0u8; n];
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for s in 0..n {
        if state[s] != 0 {
            continue;
        }
        state[s] = 1;
        stack.push((s, 0));
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            let edges = g.edges(v);
            if *next < edges.len() {
                let t = edges[*next] as usize;
                *next += 1;
                match state[t] {
                    0 => {
                        state[t] = 1;
                        stack.push((t, 0));
                    }
                    1 => return None,
                    _ => {}
                }
            } else {
                state[v] = 2;
                order.push(v);
                stack.pop();
            }
        }
    }
    Some(order)
}

/// The explored graph as a game for the library's misère canonical forms
/// ([`MisereCanonical`]): a position is a node; an options node moves
/// along its edges, and a sum node splits into its edges' nodes, whose
/// forms the library adds (forms, unlike misère nim values, add).
struct AsGame<'a>(&'a Explored);

impl ImpartialGame for AsGame<'_> {
    type Position = u32;

    fn moves(&self, &v: &u32, out: &mut Vec<u32>) {
        if !self.0.sum[v as usize] {
            out.extend_from_slice(self.0.edges(v as usize));
        }
    }

    fn components(&self, &v: &u32, out: &mut Vec<u32>) {
        if self.0.sum[v as usize] {
            out.extend_from_slice(self.0.edges(v as usize));
        } else {
            out.push(v);
        }
    }
}

/// The misère canonical form of node `root` of the explored graph (no
/// fixed nodes), built in `forms` by the library's [`MisereCanonical`],
/// which stops on `forms`' bound, on its cancel flag and on a cycle.
///
/// # Errors
/// Those of [`MisereCanonical::form`].
///
/// # Complexity
/// Each node reachable from `root` once, plus the cost of building its
/// form ([`grundy::misere::MisereForms::from_options`]).
pub fn misere_form(
    g: &Explored,
    root: u32,
    forms: &mut MisereForms,
) -> Result<MisereForm, CanonicalError> {
    MisereCanonical::new(&AsGame(g)).form(&root, forms)
}
