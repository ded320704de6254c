//! Misère outcomes of positions that split into components: the search
//! behind `grundy solve BOARD --misere`.
//!
//! Under misère play (the player who cannot move **wins**) a sum is not
//! decided by its components' values: misère values do not add up. What
//! still holds is that a position *is* the sum of its components, and that
//! where the components lie on the board does not matter. So the search
//! keys its table by the **multiset of components**, each in the game's
//! canonical form ([`ImpartialGame::components`]), sorted: the position
//! after a move is the multiset with one component replaced by the
//! components of its option. Positions that differ only in where their
//! regions lie, or in the order they were reached, share one entry, and a
//! component with no move (a region too small for a domino) drops out, as
//! it changes nothing.
//!
//! A multiset is won by the player to move when it is empty (no move is
//! left, and the player who cannot move wins) or when some move leads to a
//! multiset that is lost.
//!
//! # Cost
//! One table entry per multiset of components met, each visited once: at
//! most the number of positions reachable from the start, and far fewer
//! when the board splits into regions that recur. The work per entry is its
//! number of moves times the cost of splitting an option. Memory: one
//! entry per multiset (the sorted components and a bit), bounded by
//! [`MisereSearch::max_entries`]; a full table is emptied and refilled,
//! which costs time, never a wrong answer.
//!
//! ```
//! use grundy::games::Cram;
//! use grundy::search::MisereSearch;
//!
//! // 1xN Cram is Dawson's Kayles 0.07 on N cells: under misère play a
//! // strip of 1 or 2 cells (no move, or one) is a win for the player to
//! // move exactly when the last move does not fall to them.
//! let strip = Cram::new(1, 2).unwrap();
//! assert!(!MisereSearch::new(&strip).wins(&strip.start()).unwrap());
//! let empty = Cram::new(1, 1).unwrap();
//! assert!(MisereSearch::new(&empty).wins(&empty.start()).unwrap());
//! ```

use std::collections::HashMap;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::search::SearchStats;

/// The default bound on the table: about 64 million multisets.
pub const DEFAULT_MAX_ENTRIES: usize = 1 << 26;

/// A misère-outcome search on one game, with its table of multisets of
/// components.
pub struct MisereSearch<'g, G: ImpartialGame> {
    game: &'g G,
    table: HashMap<Vec<G::Position>, bool>,
    /// Bytes the table's keys hold on the heap.
    key_bytes: u64,
    max_entries: usize,
    cancel: Cancel,
    stats: SearchStats,
    options: Vec<G::Position>,
}

impl<'g, G: ImpartialGame> MisereSearch<'g, G> {
    /// A search on `game` with an empty table.
    pub fn new(game: &'g G) -> MisereSearch<'g, G> {
        MisereSearch {
            game,
            table: HashMap::new(),
            key_bytes: 0,
            max_entries: DEFAULT_MAX_ENTRIES,
            cancel: Cancel::new(),
            stats: SearchStats::default(),
            options: Vec::new(),
        }
    }

    /// The same search, stopped when `cancel` fires.
    pub fn cancel(mut self, cancel: &Cancel) -> Self {
        self.cancel = cancel.clone();
        self
    }

    /// The same search, keeping at most `entries` multisets.
    pub fn max_entries(mut self, entries: usize) -> Self {
        self.max_entries = entries.max(1);
        self
    }

    /// The counters so far: multisets whose moves were generated
    /// (`nodes`), answers read from the table, entries.
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            entries: self.table.len() as u64,
            // The hash table's slots (key, value and control byte each)
            // and the components the keys hold.
            table_bytes: (self.table.capacity()
                * (std::mem::size_of::<(Vec<G::Position>, bool)>() + 1))
                as u64
                + self.key_bytes,
            ..self.stats
        }
    }

    /// The components of `pos`, sorted: the key of the multiset it is.
    fn parts(&self, pos: &G::Position) -> Vec<G::Position>
    where
        G::Position: Ord,
    {
        let mut parts = Vec::new();
        self.game.components(pos, &mut parts);
        parts.sort_unstable();
        parts
    }

    /// Whether the player to move wins `pos` under misère play.
    ///
    /// # Errors
    /// [`Cancelled`] once the flag fires.
    pub fn wins(&mut self, pos: &G::Position) -> Result<bool, Cancelled>
    where
        G::Position: Ord,
    {
        let parts = self.parts(pos);
        self.wins_sum(parts)
    }

    /// Whether the player to move wins the position `after` (one move
    /// from a position searched), for the winning moves at the root: a move
    /// wins when it leaves a position the opponent loses.
    ///
    /// # Errors
    /// [`Cancelled`] once the flag fires.
    pub fn loses_after(&mut self, after: &G::Position) -> Result<bool, Cancelled>
    where
        G::Position: Ord,
    {
        Ok(!self.wins(after)?)
    }

    /// Whether the player to move wins the sum of the sorted `parts`.
    fn wins_sum(&mut self, parts: Vec<G::Position>) -> Result<bool, Cancelled>
    where
        G::Position: Ord,
    {
        // No move left: the player who cannot move wins.
        if parts.is_empty() {
            return Ok(true);
        }
        if let Some(&won) = self.table.get(&parts) {
            self.stats.table_hits += 1;
            return Ok(won);
        }
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(1024) {
            self.cancel.check()?;
        }
        let mut won = false;
        // A game may keep a component with no move (the default split keeps
        // the whole position): with no move anywhere the player to move
        // wins all the same.
        let mut any_move = false;
        'parts: for i in 0..parts.len() {
            // Equal components have the same moves.
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            let mut options = std::mem::take(&mut self.options);
            options.clear();
            self.game.moves(&parts[i], &mut options);
            options.sort_unstable();
            options.dedup();
            any_move |= !options.is_empty();
            for option in &options {
                let mut next = Vec::with_capacity(parts.len() + 2);
                next.extend_from_slice(&parts[..i]);
                next.extend_from_slice(&parts[i + 1..]);
                self.game.components(option, &mut next);
                next.sort_unstable();
                if !self.wins_sum(next)? {
                    won = true;
                    self.options = options;
                    break 'parts;
                }
            }
            self.options = options;
        }
        let won = won || !any_move;
        if self.table.len() >= self.max_entries {
            self.stats.replaced += self.table.len() as u64;
            self.table.clear();
        }
        self.key_bytes += (parts.capacity() * std::mem::size_of::<G::Position>()) as u64;
        self.table.insert(parts, won);
        Ok(won)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::games::{Chomp, Cram, NodeKayles};

    /// The counters agree with each other: a table with entries takes
    /// memory, and every position searched is an entry.
    #[test]
    fn counters_count_the_table() {
        let cram = Cram::new(3, 4).unwrap();
        let mut search = MisereSearch::new(&cram);
        search.loses_after(&cram.start()).unwrap();
        let s = search.stats();
        assert!(s.entries > 0 && s.table_hits > 0, "{s:?}");
        assert!(s.table_bytes >= s.entries * 16, "{s:?}");
    }

    /// Misère minimax on the undivided position, by the definition.
    fn plain<G: ImpartialGame>(
        game: &G,
        pos: &G::Position,
        memo: &mut HashMap<G::Position, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(pos) {
            return w;
        }
        let mut options = Vec::new();
        game.moves(pos, &mut options);
        let w = options.is_empty() || options.iter().any(|o| !plain(game, o, memo));
        memo.insert(pos.clone(), w);
        w
    }

    /// Every position reachable from `start`.
    fn reachable<G: ImpartialGame>(game: &G, start: &G::Position) -> Vec<G::Position> {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![start.clone()];
        while let Some(p) = todo.pop() {
            if seen.insert(p.clone()) {
                game.moves(&p, &mut todo);
            }
        }
        seen.into_iter().collect()
    }

    fn check_every_position<G: ImpartialGame>(game: &G, start: &G::Position)
    where
        G::Position: Ord + std::fmt::Debug,
    {
        let mut memo = HashMap::new();
        let mut search = MisereSearch::new(game);
        for p in reachable(game, start) {
            assert_eq!(
                search.wins(&p).unwrap(),
                plain(game, &p, &mut memo),
                "{p:?}"
            );
        }
    }

    #[test]
    fn cram_by_components_matches_the_undivided_board() {
        for (r, c) in [(1, 7), (2, 3), (3, 3), (2, 5), (3, 4)] {
            let cram = Cram::new(r, c).unwrap();
            check_every_position(&cram, &cram.start());
        }
    }

    #[test]
    fn chomp_matches_the_definition() {
        for (r, c) in [(2, 3), (3, 3), (3, 5), (4, 4)] {
            let chomp = Chomp::new(r, c).unwrap();
            check_every_position(&chomp, &chomp.start());
        }
    }

    #[test]
    fn node_kayles_by_components_matches_the_undivided_graph() {
        for spec in [
            "nodekayles:path:9",
            "nodekayles:cycle:8",
            "nodekayles:grid:3x3",
            "nodekayles:petersen",
            "nodekayles:star:5",
        ] {
            let g = NodeKayles::parse(spec, None).unwrap();
            check_every_position(&g, &g.start());
        }
    }

    /// A path of n vertices is the octal game 0.137 on a heap of n; its
    /// misère outcomes come from the heap engine's misère solver, whose
    /// search and quotient are independent of this one.
    #[test]
    fn node_kayles_paths_are_misere_0_137() {
        let rules = crate::heap::HeapRuleset::parse("0.137").unwrap();
        for n in 1..=24u64 {
            let solver = crate::sum::HeapSolver::of(&rules, crate::Convention::Misere)
                .prepare(&[n])
                .unwrap();
            let heap_wins = solver.outcome(&[n]).unwrap() == crate::Outcome::N;
            let path = NodeKayles::parse(&format!("nodekayles:path:{n}"), None).unwrap();
            let wins = MisereSearch::new(&path).wins(&path.start()).unwrap();
            assert_eq!(wins, heap_wins, "path of {n}");
        }
    }

    #[test]
    fn a_full_table_is_emptied_not_wrong() {
        let cram = Cram::new(3, 4).unwrap();
        let mut memo = HashMap::new();
        let mut small = MisereSearch::new(&cram).max_entries(16);
        assert_eq!(
            small.wins(&cram.start()).unwrap(),
            plain(&cram, &cram.start(), &mut memo)
        );
        assert!(small.stats().replaced > 0);
    }

    #[test]
    fn a_cancelled_search_stops() {
        let cram = Cram::new(6, 6).unwrap();
        let stop = Cancel::new();
        stop.cancel();
        assert!(MisereSearch::new(&cram)
            .cancel(&stop)
            .wins(&cram.start())
            .is_err());
    }
}
