//! Explicit game graphs given as adjacency lists (`adj[u]` lists the
//! followers of node `u`), and games played on the edges of a graph
//! (Arc Kayles, green Hackenbush), a position a set of edges.

/// Whether the player to move wins, loses, or neither can force a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The player to move wins (an N-position).
    Win,
    /// The player to move loses (a P-position).
    Loss,
    /// Play can go on for ever.
    Draw,
}

/// The Grundy value of every node of a graph without cycles, by the
/// textbook recursion: the mex of the followers' values.
///
/// # Panics
/// On a graph with a cycle (the recursion does not end).
pub fn acyclic_values(adj: &[Vec<usize>]) -> Vec<u64> {
    fn value(adj: &[Vec<usize>], u: usize, memo: &mut Vec<Option<u64>>, open: &mut [bool]) -> u64 {
        if let Some(v) = memo[u] {
            return v;
        }
        assert!(!open[u], "the graph has a cycle through node {u}");
        open[u] = true;
        let values: Vec<u64> = adj[u].iter().map(|&w| value(adj, w, memo, open)).collect();
        let g = crate::mex(values);
        memo[u] = Some(g);
        g
    }
    let mut memo = vec![None; adj.len()];
    let mut open = vec![false; adj.len()];
    (0..adj.len())
        .map(|u| value(adj, u, &mut memo, &mut open))
        .collect()
}

/// Win, loss or draw of every node under normal play, by fixpoint
/// iteration: a node is lost when every move leads to a won node (in
/// particular when there is no move), won when some move leads to a lost
/// one; what never settles is a draw.
pub fn outcomes_by_play(adj: &[Vec<usize>]) -> Vec<Play> {
    by_play(adj, false)
}

/// The same under misère play, where a node with no move is won.
pub fn misere_outcomes_by_play(adj: &[Vec<usize>]) -> Vec<Play> {
    by_play(adj, true)
}

fn by_play(adj: &[Vec<usize>], misere: bool) -> Vec<Play> {
    let mut outcome: Vec<Option<Play>> = vec![None; adj.len()];
    loop {
        let mut changed = false;
        for u in 0..adj.len() {
            if outcome[u].is_some() {
                continue;
            }
            // Under misère play a node with no move is won.
            let stuck = misere && adj[u].is_empty();
            if stuck || adj[u].iter().any(|&v| outcome[v] == Some(Play::Loss)) {
                outcome[u] = Some(Play::Win);
                changed = true;
            } else if adj[u].iter().all(|&v| outcome[v] == Some(Play::Win)) {
                outcome[u] = Some(Play::Loss);
                changed = true;
            }
        }
        if !changed {
            return outcome
                .into_iter()
                .map(|o| o.unwrap_or(Play::Draw))
                .collect();
        }
    }
}

/// Every position one move from `left` in Arc Kayles on the graph with
/// the edges `edges`: a position is a set of edges (bit `i` for
/// `edges[i]`), and a move removes one edge and every edge that shares an
/// end with it.
pub fn arc_kayles_moves(edges: &[(usize, usize)], left: u64) -> Vec<u64> {
    (0..edges.len())
        .filter(|&i| left >> i & 1 == 1)
        .map(|i| {
            let (a, b) = edges[i];
            let touching = edges
                .iter()
                .enumerate()
                .filter(|&(_, &(c, d))| c == a || c == b || d == a || d == b)
                .fold(0u64, |m, (j, _)| m | 1 << j);
            left & !touching
        })
        .collect()
}

/// The edges of `pos` (bit `i` for `edges[i]`) that some path of edges of
/// `pos` joins to the ground, vertex 0.
pub fn grounded(edges: &[(usize, usize)], pos: u64) -> u64 {
    let mut on = vec![0usize];
    let mut kept = 0u64;
    loop {
        let before = kept;
        for (i, &(a, b)) in edges.iter().enumerate() {
            if pos >> i & 1 == 1 && (on.contains(&a) || on.contains(&b)) {
                kept |= 1 << i;
                on.push(a);
                on.push(b);
            }
        }
        if kept == before {
            return kept;
        }
    }
}

/// Every position one move from `pos` in green Hackenbush on the graph
/// with the edges `edges` (vertex 0 the ground): chop one edge of `pos`,
/// and every edge no longer joined to the ground falls.
pub fn hackenbush_moves(edges: &[(usize, usize)], pos: u64) -> Vec<u64> {
    (0..edges.len())
        .filter(|&i| pos >> i & 1 == 1)
        .map(|i| grounded(edges, pos & !(1 << i)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_on_edges_have_their_known_values() {
        use crate::heaps::take_break_values;
        use crate::Plain;
        // Arc Kayles on a path of n vertices is Dawson's Kayles (0.07,
        // OEIS A002187) on a heap of n: an edge takes the two tokens it
        // joins.
        let dawson = take_break_values(&[0, 0, 7], 12);
        for (n, &want) in dawson.iter().enumerate().skip(1) {
            let path: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
            let mut arcs = Plain::normal(|&l: &u64| arc_kayles_moves(&path, l));
            assert_eq!(arcs.value(&((1 << path.len()) - 1)), want, "path of {n}");
        }
        // Green Hackenbush (Winning Ways, ch. 7): a stalk of n edges is
        // *n; a loop at the ground is *1, and so is a triangle standing on
        // the ground (the fusion principle: an odd cycle fuses to a loop).
        for n in 1..8usize {
            let stalk: Vec<(usize, usize)> = (1..=n).map(|v| (v - 1, v)).collect();
            let mut h = Plain::normal(|&p: &u64| hackenbush_moves(&stalk, p));
            assert_eq!(h.value(&((1 << n) - 1)), n as u64);
        }
        for edges in [vec![(0, 0)], vec![(0, 1), (1, 2), (2, 0)]] {
            let mut h = Plain::normal(|&p: &u64| hackenbush_moves(&edges, p));
            assert_eq!(h.value(&((1 << edges.len()) - 1)), 1, "{edges:?}");
        }
        // What is cut off from the ground falls.
        assert_eq!(grounded(&[(0, 1), (2, 3), (1, 2)], 0b011), 0b001);
    }

    #[test]
    fn a_nim_heap_and_a_loop() {
        // Nim heap 3 as a graph: node h moves to every smaller node.
        let heap: Vec<Vec<usize>> = (0..4).map(|h| (0..h).collect()).collect();
        assert_eq!(acyclic_values(&heap), [0, 1, 2, 3]);
        assert_eq!(
            outcomes_by_play(&heap),
            [Play::Loss, Play::Win, Play::Win, Play::Win]
        );
        // 0 <-> 1, 1 -> 2 (a dead end): 1 wins by moving to 2, so 0, whose
        // one move leads to 1, loses; a lone loop 3 -> 3 is a draw.
        let adj = vec![vec![1], vec![0, 2], vec![], vec![3]];
        assert_eq!(
            outcomes_by_play(&adj),
            [Play::Loss, Play::Win, Play::Loss, Play::Draw]
        );
        // Misère: 2 (no move) wins, so 1 must move to 0 and 0 back to 1.
        assert_eq!(
            misere_outcomes_by_play(&adj),
            [Play::Draw, Play::Draw, Play::Win, Play::Draw]
        );
    }
}
