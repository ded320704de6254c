//! Explicit game graphs given as adjacency lists: `adj[u]` lists the
//! followers of node `u`.

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

#[cfg(test)]
mod tests {
    use super::*;

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
