//! Conway's genus of any position that splits into components: the search
//! behind `grundy solve BOARD --genus`.
//!
//! The genus of `G` is `g^{γ0 γ1 γ2 …}` (see [`crate::misere::Genus`]):
//! `g` the normal-play value, `γk` the misère Grundy value of `G` plus `k`
//! Nim heaps of size 2 (1 with no move, else the mex of the options'). The
//! search keys its table, as [`super::MisereSearch`] does, by the multiset
//! of the position's components in canonical form, plus how many Nim heaps
//! of size 1 and 2 are beside them: a heap of 2 moves to a heap of 1 or to
//! nothing, a heap of 1 to nothing. Each `γk` asks for every option of
//! every position met (a mex needs them all), so this costs more than the
//! misère outcome alone; the table is shared between the `k`s. The
//! recursion and the table are the heap games' ([`crate::misere::genus`]);
//! this file gives them the game's options, region by region.
//!
//! ```
//! use grundy::games::Cram;
//! use grundy::search::genus::GenusSearch;
//!
//! // A 1x2 strip is one domino: the game *1, whose genus is 1^031.
//! let strip = Cram::new(1, 2).unwrap();
//! let genus = GenusSearch::new(&strip).genus(&strip.start(), grundy::Nimber(1)).unwrap();
//! assert_eq!(genus.to_string(), "1^031");
//! ```

use crate::cancel::Cancel;
use crate::game::ImpartialGame;
use crate::misere::genus::{GenusCounts, GenusKey, GenusMemo, GenusOptions};
use crate::misere::{Genus, GenusError};
use crate::search::SearchStats;
use crate::Nimber;

/// A genus search on one game, with its table.
pub struct GenusSearch<'g, G: ImpartialGame> {
    options: Regions<'g, G>,
    table: GenusMemo<G::Position>,
    cancel: Cancel,
}

/// A game's positions as the genus recursion sees them: components, each
/// with the options [`ImpartialGame::moves`] gives, split again by
/// [`ImpartialGame::components`].
struct Regions<'g, G: ImpartialGame> {
    game: &'g G,
    /// The moves of the component at hand (scratch).
    moves: Vec<G::Position>,
    progress: Option<&'g mut dyn FnMut(SearchStats)>,
}

impl<G: ImpartialGame> GenusOptions for Regions<'_, G>
where
    G::Position: Ord,
{
    type Part = G::Position;

    /// Moves in different components often reach the same position.
    const DEDUP: bool = true;

    fn options_in(
        &mut self,
        key: &GenusKey<G::Position>,
        i: usize,
        out: &mut Vec<GenusKey<G::Position>>,
    ) {
        let (parts, ones, twos) = key;
        self.moves.clear();
        self.game.moves(&parts[i], &mut self.moves);
        self.moves.sort_unstable();
        self.moves.dedup();
        for option in &self.moves {
            let mut next = Vec::with_capacity(parts.len() + 2);
            next.extend_from_slice(&parts[..i]);
            next.extend_from_slice(&parts[i + 1..]);
            self.game.components(option, &mut next);
            next.sort_unstable();
            out.push((next, *ones, *twos));
        }
    }

    fn progress(&mut self, counts: GenusCounts) {
        if let Some(progress) = &mut self.progress {
            progress(stats(counts));
        }
    }
}

/// The search's counters as a search's.
fn stats(counts: GenusCounts) -> SearchStats {
    SearchStats {
        nodes: counts.searched,
        table_hits: counts.hits,
        entries: counts.entries,
        table_bytes: counts.table_bytes,
        ..SearchStats::default()
    }
}

impl<'g, G: ImpartialGame> GenusSearch<'g, G>
where
    G::Position: Ord,
{
    /// A search on `game` with an empty table.
    pub fn new(game: &'g G) -> GenusSearch<'g, G> {
        GenusSearch {
            options: Regions {
                game,
                moves: Vec::new(),
                progress: None,
            },
            table: GenusMemo::new(),
            cancel: Cancel::new(),
        }
    }

    /// The same search, stopped with [`GenusError::TooManyPositions`] once
    /// its table holds `max` positions (default
    /// [`GENUS_MAX_POSITIONS`](crate::misere::GENUS_MAX_POSITIONS)).
    pub fn max_positions(mut self, max: usize) -> Self {
        self.table.set_max_positions(max);
        self
    }

    /// The same search, telling `progress` its counters every thousand
    /// positions or so.
    pub fn progress(mut self, progress: &'g mut dyn FnMut(SearchStats)) -> Self {
        self.options.progress = Some(progress);
        self
    }

    /// The same search, stopped when `cancel` fires.
    pub fn cancel(mut self, cancel: &Cancel) -> Self {
        self.cancel = cancel.clone();
        self
    }

    /// The counters so far: positions whose options were generated, table
    /// hits and entries.
    pub fn stats(&self) -> SearchStats {
        stats(self.table.counts())
    }

    /// The genus of `pos`, whose normal-play value is `normal` (which a
    /// normal-play search gives far faster than this one could).
    ///
    /// # Errors
    /// [`GenusError::Cancelled`] once the flag fires;
    /// [`GenusError::TooManyPositions`] past the table's limit.
    pub fn genus(&mut self, pos: &G::Position, normal: Nimber) -> Result<Genus, GenusError> {
        let mut parts = Vec::new();
        self.options.game.components(pos, &mut parts);
        parts.sort_unstable();
        self.table
            .genus(&mut self.options, (parts, 0, 0), normal, &self.cancel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Cram, NodeKayles};
    use crate::heap::HeapRuleset;
    use crate::misere::GenusTable;

    /// Node Kayles on a path of n vertices is the heap game 0.137 on a heap
    /// of n: the genus of the path is the heap's, from the heap game's own
    /// genus table (the same recursion, over partitions of heaps rather
    /// than the game's regions).
    #[test]
    fn paths_have_the_genus_of_0_137_heaps() {
        let rules = HeapRuleset::parse("0.137").unwrap();
        let mut table = GenusTable::new(&rules);
        let cancel = Cancel::new();
        for n in 1..=14u64 {
            let heap = table.genus(n, &cancel).unwrap();
            let path = NodeKayles::parse(&format!("nodekayles:path:{n}"), None).unwrap();
            let normal = crate::search::Search::new(&path)
                .nimber(&path.start())
                .unwrap();
            let genus = GenusSearch::new(&path)
                .genus(&path.start(), normal)
                .unwrap();
            assert_eq!(genus, heap, "path of {n}");
        }
    }

    /// A 1xN Cram strip is Dawson's Kayles 0.07 on N cells.
    #[test]
    fn strips_have_the_genus_of_0_07_heaps() {
        let rules = HeapRuleset::parse("0.07").unwrap();
        let mut table = GenusTable::new(&rules);
        let cancel = Cancel::new();
        for n in 1..=14u8 {
            let heap = table.genus(u64::from(n), &cancel).unwrap();
            let strip = Cram::new(1, n).unwrap();
            let normal = crate::search::Search::new(&strip)
                .nimber(&strip.start())
                .unwrap();
            let genus = GenusSearch::new(&strip)
                .genus(&strip.start(), normal)
                .unwrap();
            assert_eq!(genus, heap, "1x{n}");
        }
    }

    /// Every position reachable on `cram`'s board.
    fn positions(cram: &Cram) -> Vec<u128> {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![cram.start()];
        while let Some(p) = todo.pop() {
            if seen.insert(p) {
                cram.moves(&p, &mut todo);
            }
        }
        seen.into_iter().collect()
    }

    /// Every γk of every position of small Cram boards is the test kit's
    /// by the definition (whole positions, not split into regions, plus
    /// Nim heaps of 2, searched by minimax).
    #[test]
    fn gammas_are_the_definition() {
        for (rows, cols) in [(2, 4), (3, 3)] {
            let cram = Cram::new(rows, cols).unwrap();
            let mut definition = grundy_testkit::genus::Genus::new(|p: &u128| {
                let mut out = Vec::new();
                cram.moves(p, &mut out);
                out
            });
            let mut search = GenusSearch::new(&cram);
            for p in positions(&cram) {
                let g = search.genus(&p, Nimber(0)).unwrap();
                // The symbol stops where the values alternate: past that,
                // γk repeats γ(k-2).
                let gammas = g.gammas();
                for k in 0..6 {
                    let at = if k < gammas.len() {
                        k
                    } else {
                        gammas.len() - 2 + (k - gammas.len()) % 2
                    };
                    assert_eq!(gammas[at], definition.gamma(&p, k), "{p:b} + {k} x *2");
                }
            }
        }
    }

    /// γ0 is 0 exactly at misère P-positions, on every position of small
    /// boards: the outcome from the misère search agrees.
    #[test]
    fn gamma_zero_is_the_misere_p_positions() {
        let cram = Cram::new(3, 3).unwrap();
        let mut genus = GenusSearch::new(&cram);
        let mut misere = super::super::MisereSearch::new(&cram);
        for p in positions(&cram) {
            let g = genus.genus(&p, Nimber(0)).unwrap();
            assert_eq!(g.gammas()[0] == 0, !misere.wins(&p).unwrap(), "{p:b}");
        }
    }
}
