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
//! misère outcome alone; the table is shared between the `k`s.
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

use std::collections::HashMap;

use crate::cancel::Cancel;
use crate::game::ImpartialGame;
use crate::misere::{Genus, GenusError, GENUS_MAX_POSITIONS};
use crate::search::SearchStats;
use crate::{mex, Nimber};

/// How many values `γ0 … γ(K-1)` are computed before the symbol is cut
/// short (as for heaps, [`crate::misere::GenusTable`]).
const GAMMAS: u32 = 10;

/// A position of the search: the sorted components, and how many Nim heaps
/// of size 1 and of size 2 are beside them.
type Key<P> = (Vec<P>, u32, u32);

/// A genus search on one game, with its table.
pub struct GenusSearch<'g, G: ImpartialGame> {
    game: &'g G,
    table: HashMap<Key<G::Position>, u64>,
    cancel: Cancel,
    stats: SearchStats,
    max_positions: usize,
    /// Bytes the table's keys hold on the heap.
    key_bytes: u64,
    progress: Option<&'g mut dyn FnMut(SearchStats)>,
}

impl<'g, G: ImpartialGame> GenusSearch<'g, G>
where
    G::Position: Ord,
{
    /// A search on `game` with an empty table.
    pub fn new(game: &'g G) -> GenusSearch<'g, G> {
        GenusSearch {
            game,
            table: HashMap::new(),
            cancel: Cancel::new(),
            stats: SearchStats::default(),
            max_positions: GENUS_MAX_POSITIONS,
            key_bytes: 0,
            progress: None,
        }
    }

    /// The same search, stopped with [`GenusError::TooManyPositions`] once
    /// its table holds `max` positions (default [`GENUS_MAX_POSITIONS`]).
    pub fn max_positions(mut self, max: usize) -> Self {
        self.max_positions = max;
        self
    }

    /// The same search, telling `progress` its counters every thousand
    /// positions or so.
    pub fn progress(mut self, progress: &'g mut dyn FnMut(SearchStats)) -> Self {
        self.progress = Some(progress);
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
        SearchStats {
            entries: self.table.len() as u64,
            table_bytes: self.table_bytes(),
            ..self.stats
        }
    }

    /// The table's slots and the components its keys hold.
    fn table_bytes(&self) -> u64 {
        (self.table.capacity() * (std::mem::size_of::<(Key<G::Position>, u64)>() + 1)) as u64
            + self.key_bytes
    }

    /// The genus of `pos`, whose normal-play value is `normal` (which a
    /// normal-play search gives far faster than this one could).
    ///
    /// # Errors
    /// [`GenusError::Cancelled`] once the flag fires;
    /// [`GenusError::TooManyPositions`] past the table's limit.
    pub fn genus(&mut self, pos: &G::Position, normal: Nimber) -> Result<Genus, GenusError> {
        let mut parts = Vec::new();
        self.game.components(pos, &mut parts);
        parts.sort_unstable();
        let mut gammas = Vec::with_capacity(GAMMAS as usize);
        for twos in 0..GAMMAS {
            gammas.push(self.gamma((parts.clone(), 0, twos))?);
        }
        Ok(Genus::new(normal, gammas))
    }

    /// The misère Grundy value of `key`: 1 with no move, else the mex of its
    /// options' values.
    fn gamma(&mut self, key: Key<G::Position>) -> Result<u64, GenusError> {
        if let Some(&v) = self.table.get(&key) {
            self.stats.table_hits += 1;
            return Ok(v);
        }
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(1024) {
            self.cancel.check()?;
            if self.table.len() >= self.max_positions {
                return Err(GenusError::TooManyPositions {
                    limit: self.max_positions,
                });
            }
            let stats = self.stats();
            if let Some(progress) = &mut self.progress {
                progress(stats);
            }
        }
        let (parts, ones, twos) = &key;
        let mut options: Vec<Key<G::Position>> = Vec::new();
        let mut moves = Vec::new();
        for i in 0..parts.len() {
            // Equal components have the same options.
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            moves.clear();
            self.game.moves(&parts[i], &mut moves);
            moves.sort_unstable();
            moves.dedup();
            for option in &moves {
                let mut next = Vec::with_capacity(parts.len() + 2);
                next.extend_from_slice(&parts[..i]);
                next.extend_from_slice(&parts[i + 1..]);
                self.game.components(option, &mut next);
                next.sort_unstable();
                options.push((next, *ones, *twos));
            }
        }
        if *ones > 0 {
            options.push((parts.clone(), ones - 1, *twos));
        }
        if *twos > 0 {
            options.push((parts.clone(), ones + 1, twos - 1));
            options.push((parts.clone(), *ones, twos - 1));
        }
        options.sort_unstable();
        options.dedup();
        // A component kept with no move (the default split keeps the whole
        // position) counts as no move.
        let value = if options.is_empty() {
            1
        } else {
            let mut seen = Vec::with_capacity(options.len());
            for option in options {
                seen.push(Nimber(self.gamma(option)?));
            }
            mex(seen).0
        };
        self.key_bytes += (key.0.capacity() * std::mem::size_of::<G::Position>()) as u64;
        self.table.insert(key, value);
        Ok(value)
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
    /// genus table (an independent search over partitions of heaps).
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

    /// γ0 is 0 exactly at misère P-positions, on every position of small
    /// boards: the outcome from the misère search agrees.
    #[test]
    fn gamma_zero_is_the_misere_p_positions() {
        let cram = Cram::new(3, 3).unwrap();
        let mut genus = GenusSearch::new(&cram);
        let mut misere = super::super::MisereSearch::new(&cram);
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![cram.start()];
        while let Some(p) = todo.pop() {
            if !seen.insert(p) {
                continue;
            }
            cram.moves(&p, &mut todo);
            let g = genus.genus(&p, Nimber(0)).unwrap();
            assert_eq!(g.gammas()[0] == 0, !misere.wins(&p).unwrap(), "{p:b}");
        }
    }
}
