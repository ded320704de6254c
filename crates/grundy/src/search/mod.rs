//! A position search for [`ImpartialGame`]s that decides outcomes without
//! computing every nimber.
//!
//! [`crate::game::value`] computes the Grundy value of every component it
//! meets, which means visiting every option of every position. Deciding
//! whether a position is a P-position is cheaper: a position is N as soon as
//! one option is found to be P, so most options are never looked at. The
//! [`Search`] here is built on that question, asked of a component plus a
//! nim heap: "is `C + *k` a P-position?" (true exactly when `C` is worth
//! `*k`).
//!
//! - A sum of components is reduced to one component plus a heap: the
//!   nimbers of all components but the biggest (the one with the most
//!   options) are computed and folded into the heap, and only the biggest is
//!   searched by outcome (the reduction of Lemoine & Viennot, "Nimbers are
//!   inevitable", TCS 2012).
//! - `C + *k` is N when `k` exceeds the number of options of `C`, since a
//!   nimber is at most that number, and it is decided from the nimber table
//!   when `C`'s value is already known (the cheap cut-offs that Beling &
//!   Rogalski's pruning, AI 2020, builds on).
//! - The nimber of `C` is the least `k` with `C + *k` P; each such question
//!   reuses the answers of the earlier ones through the table.
//! - Options whose outcome is already in the table are tried first (move
//!   ordering), so a known winning move ends the search at once.
//!
//! The tables hold at most [`Search::with_memory`] bytes (estimated per
//! entry); when the outcome table is full it is cleared (the nimber table,
//! which is smaller and worth more, is kept until it too overflows).
//!
//! # Example
//!
//! ```
//! use grundy::games::Cram;
//! use grundy::search::Search;
//! use grundy::Nimber;
//!
//! let cram = Cram::new(4, 5).unwrap();
//! let mut search = Search::new(&cram);
//! // Beling & Rogalski's table: Cram 4x5 is worth *2.
//! assert_eq!(search.nimber(&cram.start()).unwrap(), Nimber(2));
//! assert!(!search.is_p(&cram.start()).unwrap());
//! ```

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::cancel::{Cancel, Cancelled};
use crate::game::{ImpartialGame, PositionHasher};
use crate::Nimber;

type Map<K, V> = HashMap<K, V, BuildHasherDefault<PositionHasher>>;

/// Counters of one search, for `--json` and progress lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions (component plus heap) whose options were generated.
    pub nodes: u64,
    /// Questions answered from a table without a search.
    pub table_hits: u64,
    /// Times a full table was cleared to stay under the memory limit.
    pub table_clears: u64,
    /// Entries in the tables now.
    pub entries: u64,
}

/// The default memory limit of the tables: 1 GiB.
pub const DEFAULT_MEMORY: usize = 1 << 30;

/// An outcome and nimber search on one game, with its tables.
///
/// # Complexity
/// Exponential in the size of the position in the worst case, like every
/// exact search; in practice far below [`crate::game::value`] on boards,
/// since an N-position stops at its first P option.
pub struct Search<'g, G: ImpartialGame> {
    game: &'g G,
    nimbers: Map<G::Position, u32>,
    /// `(component, k)` -> whether `component + *k` is P.
    outcomes: Map<(G::Position, u32), bool>,
    max_entries: usize,
    stats: SearchStats,
    cancel: Cancel,
    /// Called with the counters every 1024 searched positions.
    tick: Option<Box<dyn FnMut(SearchStats) + 'g>>,
    pool: Vec<Vec<G::Position>>,
}

impl<'g, G: ImpartialGame> Search<'g, G> {
    /// A search with the default memory limit ([`DEFAULT_MEMORY`]).
    ///
    /// ```
    /// use grundy::games::Chomp;
    /// use grundy::search::Search;
    /// let chomp = Chomp::new(3, 3).unwrap();
    /// // Strategy stealing: every rectangle but 1x1 is an N-position.
    /// assert!(!Search::new(&chomp).is_p(&chomp.start()).unwrap());
    /// ```
    pub fn new(game: &'g G) -> Self {
        Search::with_memory(game, DEFAULT_MEMORY)
    }

    /// A search whose tables use about `bytes` bytes at most.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(3, 3).unwrap();
    /// let mut small = Search::with_memory(&cram, 4096);
    /// assert_eq!(small.nimber(&cram.start()).unwrap().0, 0);
    /// ```
    pub fn with_memory(game: &'g G, bytes: usize) -> Self {
        // Key, value and the hash map's control byte and slack, rounded up.
        let per_entry = 2 * std::mem::size_of::<(G::Position, u32, bool)>() + 8;
        Search {
            game,
            nimbers: Map::default(),
            outcomes: Map::default(),
            max_entries: (bytes / per_entry).max(64),
            stats: SearchStats::default(),
            cancel: Cancel::new(),
            tick: None,
            pool: Vec::new(),
        }
    }

    /// Stops the search with [`Cancelled`] when `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(5, 5).unwrap();
    /// let cancel = Cancel::new();
    /// cancel.cancel();
    /// assert!(Search::new(&cram).with_cancel(cancel).nimber(&cram.start()).is_err());
    /// ```
    pub fn with_cancel(mut self, cancel: Cancel) -> Self {
        self.cancel = cancel;
        self
    }

    /// Calls `tick` with the counters every 1024 searched positions (when
    /// the cancel flag is checked), for a progress line.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(4, 5).unwrap();
    /// let mut ticks = 0;
    /// let mut s = Search::new(&cram).with_progress(|stats| {
    ///     assert!(stats.nodes > 0);
    ///     ticks += 1;
    /// });
    /// s.nimber(&cram.start()).unwrap();
    /// drop(s);
    /// assert!(ticks > 0);
    /// ```
    pub fn with_progress(mut self, tick: impl FnMut(SearchStats) + 'g) -> Self {
        self.tick = Some(Box::new(tick));
        self
    }

    /// The counters so far.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(3, 4).unwrap();
    /// let mut s = Search::new(&cram);
    /// s.is_p(&cram.start()).unwrap();
    /// assert!(s.stats().nodes > 0);
    /// ```
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            entries: (self.nimbers.len() + self.outcomes.len()) as u64,
            ..self.stats
        }
    }

    /// Whether `pos` (any position, split into its components) is a
    /// P-position: the player to move loses.
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// // Every even-by-even Cram board is P (the symmetry strategy).
    /// let cram = Cram::new(4, 4).unwrap();
    /// assert!(Search::new(&cram).is_p(&cram.start()).unwrap());
    /// ```
    pub fn is_p(&mut self, pos: &G::Position) -> Result<bool, Cancelled> {
        self.sum_is_p(pos, 0)
    }

    /// The Grundy value of `pos`.
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(1, 4).unwrap();
    /// // A 1xn strip is Dawson's Kayles: 4 cells are worth *2.
    /// assert_eq!(Search::new(&cram).nimber(&cram.start()).unwrap().0, 2);
    /// ```
    pub fn nimber(&mut self, pos: &G::Position) -> Result<Nimber, Cancelled> {
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        let mut total = 0u64;
        for c in comps.iter() {
            total ^= u64::from(self.component_nimber(c)?);
        }
        self.pool.push(comps);
        Ok(Nimber(total))
    }

    fn take_buf(&mut self) -> Vec<G::Position> {
        let mut v = self.pool.pop().unwrap_or_default();
        v.clear();
        v
    }

    fn check_memory(&mut self) {
        if self.outcomes.len() + self.nimbers.len() >= self.max_entries {
            self.stats.table_clears += 1;
            self.outcomes.clear();
            if self.nimbers.len() >= self.max_entries / 2 {
                self.nimbers.clear();
            }
        }
    }

    /// Whether the sum `pos + *k` is P.
    fn sum_is_p(&mut self, pos: &G::Position, k: u32) -> Result<bool, Cancelled> {
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        let r = self.comps_is_p(&mut comps, k);
        self.pool.push(comps);
        r
    }

    /// Whether the sum of `comps` and `*k` is P; `comps` is consumed.
    fn comps_is_p(&mut self, comps: &mut Vec<G::Position>, mut k: u32) -> Result<bool, Cancelled> {
        // Fold in the components whose nimbers are known.
        comps.retain(|c| match self.nimbers.get(c) {
            Some(&v) => {
                k ^= v;
                false
            }
            None => true,
        });
        if comps.is_empty() {
            return Ok(k == 0);
        }
        if comps.len() > 1 {
            // Keep the biggest component ([`ImpartialGame::size`], else the
            // one with the most options) for the outcome search; value the
            // others.
            let mut best = 0;
            let mut best_n = 0;
            let mut buf = self.take_buf();
            for (i, c) in comps.iter().enumerate() {
                let n = match self.game.size(c) {
                    Some(n) => n as usize,
                    None => {
                        buf.clear();
                        self.game.moves(c, &mut buf);
                        buf.len()
                    }
                };
                if n > best_n {
                    best_n = n;
                    best = i;
                }
            }
            self.pool.push(buf);
            let big = comps.swap_remove(best);
            for c in comps.iter() {
                k ^= self.component_nimber(c)?;
            }
            return self.component_is_p(&big, k);
        }
        let c = comps.pop().expect("one component");
        self.component_is_p(&c, k)
    }

    /// The nimber of one component (as the game splits it).
    fn component_nimber(&mut self, c: &G::Position) -> Result<u32, Cancelled> {
        if let Some(&v) = self.nimbers.get(c) {
            self.stats.table_hits += 1;
            return Ok(v);
        }
        let mut k = 0;
        while !self.component_is_p(c, k)? {
            k += 1;
        }
        self.check_memory();
        self.nimbers.insert(c.clone(), k);
        Ok(k)
    }

    /// Whether component `c` plus `*k` is P, i.e. whether `c` is worth `*k`.
    fn component_is_p(&mut self, c: &G::Position, k: u32) -> Result<bool, Cancelled> {
        if let Some(&v) = self.nimbers.get(c) {
            self.stats.table_hits += 1;
            return Ok(v == k);
        }
        let key = (c.clone(), k);
        if let Some(&p) = self.outcomes.get(&key) {
            self.stats.table_hits += 1;
            return Ok(p);
        }
        self.stats.nodes += 1;
        if self.stats.nodes & 0x3ff == 0 {
            if self.tick.is_some() {
                let stats = self.stats();
                if let Some(tick) = self.tick.as_mut() {
                    tick(stats);
                }
            }
            self.cancel.check()?;
        }
        let mut options = self.take_buf();
        self.game.moves(c, &mut options);
        let p = self.decide(c, k, &mut options);
        self.pool.push(options);
        let p = p?;
        self.check_memory();
        self.outcomes.insert(key, p);
        Ok(p)
    }

    fn decide(
        &mut self,
        c: &G::Position,
        k: u32,
        options: &mut Vec<G::Position>,
    ) -> Result<bool, Cancelled> {
        // A nimber is at most the number of options.
        if k as usize > options.len() {
            return Ok(false);
        }
        // Split every option once. An option whose parts all have known
        // nimbers is decided at once (move ordering: known wins first);
        // the others are searched afterwards, in order.
        let mut comps = self.take_buf();
        let mut ends = Vec::with_capacity(options.len());
        let mut found = false;
        for o in options.iter() {
            let start = comps.len();
            self.game.components(o, &mut comps);
            let mut x = k;
            let mut unknown = 0;
            for part in &comps[start..] {
                match self.nimbers.get(part) {
                    Some(&v) => x ^= v,
                    None => unknown += 1,
                }
            }
            if unknown == 0 {
                if x == 0 {
                    found = true;
                    break;
                }
                comps.truncate(start);
                continue;
            }
            if unknown == 1 && comps.len() - start == 1 {
                if let Some(&p) = self.outcomes.get(&(comps[start].clone(), k)) {
                    if p {
                        found = true;
                        break;
                    }
                    comps.truncate(start);
                    continue;
                }
            }
            ends.push((start, comps.len()));
        }
        if !found {
            let mut part = self.take_buf();
            for &(start, end) in &ends {
                part.clear();
                part.extend_from_slice(&comps[start..end]);
                if self.comps_is_p(&mut part, k)? {
                    found = true;
                    break;
                }
            }
            self.pool.push(part);
        }
        self.pool.push(comps);
        if found {
            return Ok(false);
        }
        // Moves in the heap, tried last since they cost a search each:
        // c + *j for j < k must all be N, i.e. c is worth at least k.
        for j in 0..k {
            if self.component_is_p(c, j)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests;
