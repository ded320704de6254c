//! A pruned nimber search for [`ImpartialGame`]s: the engine behind
//! `grundy solve` on boards.
//!
//! [`crate::game::value`] computes the Grundy value of every component it
//! meets, which means valuing every option of every position. Most of that
//! work is not needed:
//!
//! - **Sums.** A position is split into its components (the game's
//!   [`ImpartialGame::components`], which for boards also brings each into
//!   a canonical form, so equal shapes share one entry). Equal components
//!   cancel (`G + G = 0`), and a sum is P exactly when its biggest component
//!   is worth the xor of the others: the others are valued and the biggest
//!   is only asked about one value (Lemoine & Viennot, "Nimbers are
//!   inevitable", TCS 2012).
//! - **Pruning.** A component is asked "is your value in this set?"
//!   (Beling & Rogalski, "On pruning search trees of impartial games",
//!   AI 2020). A component with `n` options has a value in `0..=n`; each
//!   option removes one candidate, and is itself asked only about the
//!   candidates that still matter, so most options stop after a few of
//!   their own options. The outcome question is the set `{0}`.
//! - **Move ordering.** Options whose parts are all in the table narrow the
//!   candidates first, for free; the others are searched from the
//!   smallest (by [`ImpartialGame::size`]) to the biggest.
//! - **The table** keeps exact nimbers of components within a memory limit
//!   ([`Search::with_memory`], `--tt-mem`): it grows as needed, and once
//!   full it overwrites, bucket by bucket, the entry that was cheapest to
//!   compute. Beside it, a compact record of the values each component
//!   was found not to have; a position fetches the record of
//!   its next option while it asks the one before, since most lookups miss
//!   the caches.
//! - **The root** of a search for the value and the winning moves asks its
//!   options in rounds, and each option about 0 in the same question, so
//!   the winning moves need no search of their own; the options of a round
//!   are asked on several threads at once, which trade the values they
//!   find (`root`, behind [`crate::games::Board::search`]).
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

use crate::cancel::{Cancel, Cancelled};
use std::sync::Arc;

use crate::game::ImpartialGame;
use crate::{Nimber, Outcome};

mod root;
mod ruled;
mod set;
mod table;

use root::{Exchange, Post};
use ruled::Ruled;
use set::{Potential, Set};
use table::Table;

/// Counters of one search, for `--json` and progress lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Components whose options were generated.
    pub nodes: u64,
    /// Nimbers read from the table instead of searched.
    pub table_hits: u64,
    /// Entries overwritten to keep the table within its memory limit.
    pub replaced: u64,
    /// Entries in the table now.
    pub entries: u64,
    /// Bytes the table takes now, with the record of values ruled out.
    pub table_bytes: u64,
    /// Depth of the search now, in moves from the position asked about.
    pub depth: u32,
    /// Values read from the endgame table ([`Search::with_endgame`]).
    pub endgame_hits: u64,
}

/// The default memory limit of the table: 1 GiB.
pub const DEFAULT_MEMORY: usize = 1 << 30;

/// How deep the search asks the game about P-positions it knows
/// ([`ImpartialGame::known_p`]): near the root a found one saves a big
/// subtree; deeper, the asking costs more than it finds.
const KNOWN_P_DEPTH: u32 = 4;

/// Values known before a search (an endgame table): see
/// [`Search::with_endgame`].
type Lookup<'g, P> = Box<dyn Fn(&P) -> Option<u32> + 'g>;

/// One option of the component being searched: its parts that the table
/// does not know are `parts[first..first + len]` (the hardest first), and
/// `known` is the xor of the nimbers of the others.
#[derive(Clone, Copy, Debug)]
struct Opt {
    first: usize,
    len: usize,
    known: u32,
    difficulty: u64,
}

/// A pruned nimber search on one game, with its transposition table.
///
/// # Complexity
/// Exponential in the size of the position in the worst case, like every
/// exact search; in practice far below [`crate::game::value`], since a
/// question about a few values stops as soon as they are ruled out.
pub struct Search<'g, G: ImpartialGame> {
    game: &'g G,
    table: Table<G::Position>,
    stats: SearchStats,
    cancel: Cancel,
    /// Called with the counters every 1024 searched components.
    tick: Option<Box<dyn FnMut(SearchStats) + 'g>>,
    pool: Vec<Vec<G::Position>>,
    opt_pool: Vec<Vec<Opt>>,
    idx_pool: Vec<Vec<usize>>,
    /// The table as a flat array, for games that number their positions
    /// ([`ImpartialGame::dense_index`]): value + 1, 0 when unknown.
    dense: Option<Vec<u16>>,
    dense_len: usize,
    /// Values below 64 that a component is known not to have, in a
    /// quarter of the memory limit.
    excluded: Ruled<G::Position>,
    /// Value every option (no pruning): see [`Search::plain`].
    plain: bool,
    /// Values known before the search: see [`Search::with_endgame`].
    endgame: Option<Lookup<'g, G::Position>>,
    /// The other threads of a search on several threads, and this one's
    /// number among them: see [`Exchange`].
    exchange: Option<(Arc<Exchange<G::Position>>, usize)>,
    /// What this thread found since it last posted to the other threads.
    outbox: Post<G::Position>,
    /// What the other threads posted, being stored.
    inbox: Post<G::Position>,
    /// This thread's positions searched already counted in the exchange.
    posted_nodes: u64,
    /// The bytes the tables of the other threads of a search on several
    /// threads took at its end.
    helper_bytes: u64,
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

    /// A search whose table uses at most about `bytes` bytes (the
    /// positions' own heap data, for games whose positions have any, is not
    /// counted). A full table overwrites the entries that were cheapest to
    /// compute, so a small limit costs time, never a wrong answer.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(4, 4).unwrap();
    /// let mut small = Search::with_memory(&cram, 1024);
    /// // Even by even: P, by the symmetry strategy.
    /// assert_eq!(small.nimber(&cram.start()).unwrap().0, 0);
    /// assert!(small.stats().table_bytes <= 1024);
    /// ```
    pub fn with_memory(game: &'g G, bytes: usize) -> Self {
        Search {
            game,
            table: Table::with_memory(bytes - bytes / 4),
            stats: SearchStats::default(),
            cancel: Cancel::new(),
            tick: None,
            pool: Vec::new(),
            opt_pool: Vec::new(),
            idx_pool: Vec::new(),
            plain: false,
            endgame: None,
            dense: game
                .dense_len()
                .filter(|&n| n.saturating_mul(2) <= bytes)
                .map(|n| vec![0u16; n]),
            dense_len: 0,
            excluded: Ruled::with_memory(bytes / 4),
            exchange: None,
            outbox: Post::default(),
            inbox: Post::default(),
            posted_nodes: 0,
            helper_bytes: 0,
        }
    }

    /// Values every option of every component, without pruning: the
    /// plain memoised search. It is faster for games with big values and
    /// no components (Chomp), where the pruned search asks many questions
    /// of the same position; the outcome question is still pruned.
    ///
    /// ```
    /// use grundy::games::Chomp;
    /// use grundy::search::Search;
    /// let chomp = Chomp::new(4, 5).unwrap();
    /// let pruned = Search::new(&chomp).nimber(&chomp.start()).unwrap();
    /// assert_eq!(Search::new(&chomp).plain(true).nimber(&chomp.start()).unwrap(), pruned);
    /// ```
    pub fn plain(mut self, plain: bool) -> Self {
        self.plain = plain;
        self
    }

    /// Reads the values of components from an endgame table first: `lookup`
    /// answers the value of a component (as [`ImpartialGame::components`]
    /// gives it) that the table holds. Its answers are trusted.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(2, 3).unwrap();
    /// // A table that knows only the start (*1), asked about the start.
    /// let start = cram.start();
    /// let mut s = Search::new(&cram).with_endgame(move |&p| (p == start).then_some(1));
    /// assert_eq!(s.nimber(&start).unwrap().0, 1);
    /// assert_eq!(s.stats().nodes, 0);
    /// ```
    pub fn with_endgame(mut self, lookup: impl Fn(&G::Position) -> Option<u32> + 'g) -> Self {
        self.endgame = Some(Box::new(lookup));
        self
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

    /// Calls `tick` with the counters every 1024 searched components (when
    /// the cancel flag is checked), for a progress line.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// let cram = Cram::new(5, 5).unwrap();
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
        match &self.dense {
            Some(d) => SearchStats {
                entries: self.dense_len as u64,
                table_bytes: (2 * d.len() + self.excluded.bytes()) as u64,
                ..self.stats
            },
            None => SearchStats {
                entries: self.table.len() as u64,
                replaced: self.table.replaced(),
                table_bytes: (self.table.bytes() + self.excluded.bytes()) as u64
                    + self.helper_bytes,
                // All threads' positions, while several search.
                nodes: self
                    .exchange
                    .as_ref()
                    .map_or(0, |(e, _)| e.nodes())
                    .max(self.stats.nodes),
                ..self.stats
            },
        }
    }

    /// The value stored for component `c`.
    #[inline]
    fn tt_get(&self, c: &G::Position) -> Option<u32> {
        match &self.dense {
            Some(d) => match d[self
                .game
                .dense_index(c)
                .expect("a dense game numbers every position")]
            {
                0 => None,
                v => Some(u32::from(v) - 1),
            },
            None => self.table.get(c),
        }
    }

    /// The value of `c` from the table or the endgame table, or `0` when
    /// the game knows that it is a P-position ([`ImpartialGame::known_p`],
    /// asked near the root only); then stored.
    #[inline(always)]
    fn known(&mut self, c: &G::Position) -> Option<u32> {
        if let Some(v) = self.tt_get(c) {
            return Some(v);
        }
        if let Some(v) = self.endgame.as_ref().and_then(|lookup| lookup(c)) {
            self.stats.endgame_hits += 1;
            self.tt_store(c, v, 1);
            return Some(v);
        }
        if self.stats.depth < KNOWN_P_DEPTH && self.game.known_p(c) {
            self.tt_store(c, 0, 1);
            return Some(0);
        }
        None
    }

    /// Stores the value of component `c`, which cost `cost` searched
    /// components.
    #[inline]
    fn tt_store(&mut self, c: &G::Position, v: u32, cost: u64) {
        match &mut self.dense {
            Some(d) => {
                let i = self
                    .game
                    .dense_index(c)
                    .expect("a dense game numbers every position");
                // Values that do not fit are searched again when needed.
                if let Ok(v) = u16::try_from(v + 1) {
                    if d[i] == 0 {
                        self.dense_len += 1;
                    }
                    d[i] = v;
                }
            }
            None => {
                self.table.store(c, v, cost);
                if self.exchange.is_some() {
                    self.outbox.values.push((c.clone(), v, cost));
                }
            }
        }
    }

    /// Whether `pos` (any position, split into its components) is a
    /// P-position: the player to move loses.
    ///
    /// All components but the biggest are valued, and the biggest is asked
    /// only whether it is worth their xor (Lemoine & Viennot's reduction),
    /// which is much cheaper than its whole value.
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
        self.cancel.check()?;
        self.stats.depth = 0;
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        cancel_pairs(&mut comps);
        let r = self.sum_is_p(&mut comps);
        self.pool.push(comps);
        r
    }

    /// Whether `pos` is P, when that is known without a search: every
    /// component is in the table, the endgame table, or a P-position the
    /// game knows ([`ImpartialGame::known_p`]); `None` otherwise.
    pub(crate) fn known_is_p(&mut self, pos: &G::Position) -> Option<bool> {
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        cancel_pairs(&mut comps);
        let mut x = Some(0);
        for c in comps.iter() {
            x = x.zip(self.known(c)).map(|(a, b)| a ^ b);
        }
        self.pool.push(comps);
        x.map(|x| x == 0)
    }

    /// The outcome of `pos`: [`Outcome::P`] when the player to move loses.
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// use grundy::Outcome;
    /// let cram = Cram::new(3, 5).unwrap();
    /// assert_eq!(Search::new(&cram).outcome(&cram.start()).unwrap(), Outcome::N);
    /// ```
    pub fn outcome(&mut self, pos: &G::Position) -> Result<Outcome, Cancelled> {
        Ok(if self.is_p(pos)? {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The Grundy value of `pos`: the xor of its components' values.
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
        self.cancel.check()?;
        self.stats.depth = 0;
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        cancel_pairs(&mut comps);
        let mut total = 0u64;
        let mut r = Ok(());
        for c in comps.iter() {
            match if self.plain {
                self.exact(c)
            } else {
                self.aspiration(c)
            } {
                Ok(v) => total ^= u64::from(v),
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        self.pool.push(comps);
        r.map(|()| Nimber(total))
    }

    fn take_buf(&mut self) -> Vec<G::Position> {
        let mut v = self.pool.pop().unwrap_or_default();
        v.clear();
        v
    }

    fn take_opts(&mut self) -> Vec<Opt> {
        let mut v = self.opt_pool.pop().unwrap_or_default();
        v.clear();
        v
    }

    /// The biggest component goes to the end of `comps`: by
    /// [`ImpartialGame::size`], else by its number of options.
    fn biggest_last(&mut self, comps: &mut [G::Position]) {
        if comps.len() < 2 {
            return;
        }
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
        let last = comps.len() - 1;
        comps.swap(best, last);
    }

    /// Whether the sum of `comps` (split already) is P.
    fn sum_is_p(&mut self, comps: &mut [G::Position]) -> Result<bool, Cancelled> {
        let mut x = 0;
        let mut unknown = 0;
        for c in comps.iter() {
            match self.tt_get(c) {
                Some(v) => x ^= v,
                None => unknown += 1,
            }
        }
        if unknown == 0 {
            return Ok(x == 0);
        }
        self.biggest_last(comps);
        let (big, rest) = comps.split_last().expect("one component at least");
        let mut x = 0;
        for c in rest {
            x ^= self.component_nimber(c)?;
        }
        if x >= Set::WIDTH {
            // Too big for a set of candidates: the biggest part is valued.
            return Ok(self.component_nimber(big)? == x);
        }
        Ok(self.in_set(big, &Set::single(x))? == Some(x))
    }

    /// The nimber of one component (as the game splits it).
    fn component_nimber(&mut self, c: &G::Position) -> Result<u32, Cancelled> {
        if self.plain {
            return self.exact(c);
        }
        match self.in_set(c, &Set::ALL)? {
            Some(v) => Ok(v),
            None => self.exact(c),
        }
    }

    /// Splits the options of a component into `parts` and `opts` (see
    /// [`Opt`]), and calls `known` with the value of each option whose
    /// parts are all in the table (enhanced transposition cut-off); stops
    /// early, returning `true`, as soon as `known` does. Unless stopped,
    /// `opts` comes out easiest first. The game splits the options as many
    /// at a time as it splits at once
    /// ([`ImpartialGame::component_lanes`]); the options are then taken
    /// one by one, so the answer does not depend on how many.
    fn split_options(
        &mut self,
        options: &[G::Position],
        parts: &mut Vec<G::Position>,
        opts: &mut Vec<Opt>,
        mut known: impl FnMut(u32) -> bool,
    ) -> bool {
        let lanes = self.game.component_lanes();
        let mut split = self.take_buf();
        let mut ends = self.idx_pool.pop().unwrap_or_default();
        let mut stopped = false;
        'chunks: for chunk in options.chunks(lanes.max(1)) {
            split.clear();
            ends.clear();
            if lanes > 1 {
                self.game.components_of_each(chunk, &mut split, &mut ends);
            } else {
                self.game.components(&chunk[0], &mut split);
                ends.push(split.len());
            }
            let mut start = 0;
            for &end in ends.iter() {
                let first = parts.len();
                let len = cancel_pairs_in(&mut split[start..end]);
                let (x, difficulty) = if lanes > 1 {
                    self.known_parts(split[start..start + len].iter().cloned(), parts)
                } else {
                    // The one option's parts, moved.
                    self.known_parts(split.drain(..len), parts)
                };
                start = end;
                if parts.len() == first {
                    if known(x) {
                        stopped = true;
                        break 'chunks;
                    }
                } else {
                    opts.push(Opt {
                        first,
                        len: parts.len() - first,
                        known: x,
                        difficulty,
                    });
                }
            }
        }
        self.idx_pool.push(ends);
        self.pool.push(split);
        if !stopped {
            // Easiest first (a stable sort keeps the game's order otherwise).
            opts.sort_by_key(|o| o.difficulty);
        }
        stopped
    }

    /// Splits option `o` into its components (through `split`, a buffer)
    /// and pushes those the table does not know onto `parts`, the hardest
    /// first: it is the one asked about candidates, the others are valued.
    /// Returns the xor of the known ones' values and the difficulty of the
    /// others (the sum of their sizes squared).
    #[inline(always)]
    fn split_option(
        &mut self,
        o: &G::Position,
        split: &mut Vec<G::Position>,
        parts: &mut Vec<G::Position>,
    ) -> (u32, u64) {
        split.clear();
        self.game.components(o, split);
        cancel_pairs(split);
        self.known_parts(split.drain(..), parts)
    }

    /// Pushes the parts of one option (`split`, its components, equal ones
    /// cancelled) that the table does not know onto `parts`, the hardest
    /// first, as [`Search::split_option`] says.
    #[inline(always)]
    fn known_parts(
        &mut self,
        split: impl Iterator<Item = G::Position>,
        parts: &mut Vec<G::Position>,
    ) -> (u32, u64) {
        let first = parts.len();
        let mut x = 0;
        let mut difficulty = 0;
        let mut hardest = 0;
        for p in split {
            match self.known(&p) {
                Some(v) => x ^= v,
                None => {
                    let d = self.game.size(&p).map_or(0, |s| s * s);
                    parts.push(p);
                    if d > hardest {
                        hardest = d;
                        let last = parts.len() - 1;
                        parts.swap(first, last);
                    }
                    difficulty += d;
                }
            }
        }
        (x, difficulty)
    }

    /// The nimber of component `c` by aspiration (Beling & Rogalski's
    /// "aspiration sets"): for `v = 0, 1, ...`, is some option worth `v`?
    /// Each question is a cheap one-value search of the options, and an
    /// option whose value comes out on the way is not asked again.
    fn aspiration(&mut self, c: &G::Position) -> Result<u32, Cancelled> {
        if let Some(v) = self.known(c) {
            self.stats.table_hits += 1;
            return Ok(v);
        }
        self.count_node()?;
        let before = self.stats.nodes;
        let mut parts = self.take_buf();
        let mut opts = self.take_opts();
        let mut options = self.take_buf();
        self.game.moves(c, &mut options);
        let mut skip = vec![false; options.len() + 1];
        self.split_options(&options, &mut parts, &mut opts, |v| {
            if let Some(s) = skip.get_mut(v as usize) {
                *s = true;
            }
            false
        });
        self.pool.push(options);
        self.stats.depth += 1;
        let r = self.aspire(&mut parts, &mut opts, &mut skip);
        self.stats.depth -= 1;
        self.pool.push(parts);
        self.opt_pool.push(opts);
        let v = r?;
        self.tt_store(c, v, self.stats.nodes - before + 1);
        Ok(v)
    }

    fn aspire(
        &mut self,
        parts: &mut [G::Position],
        opts: &mut Vec<Opt>,
        skip: &mut [bool],
    ) -> Result<u32, Cancelled> {
        let n = skip.len() - 1;
        'values: for v in 0..=n {
            if skip[v] {
                continue;
            }
            let v = v as u32;
            let mut i = 0;
            while i < opts.len() {
                match self.ask_option(parts, &mut opts[i], v)? {
                    Some(x) => {
                        opts.remove(i);
                        if x == v {
                            continue 'values;
                        }
                        if let Some(s) = skip.get_mut(x as usize) {
                            *s = true;
                        }
                    }
                    None => i += 1,
                }
            }
            return Ok(v);
        }
        // n options, all worth less than n and pairwise different.
        Ok(n as u32)
    }

    /// Asks option `o` (its parts in `parts`) whether it is worth `v`: its
    /// value when found (which may be another), `None` when it is not `v`.
    fn ask_option(
        &mut self,
        parts: &[G::Position],
        o: &mut Opt,
        v: u32,
    ) -> Result<Option<u32>, Cancelled> {
        while o.len > 1 {
            o.known ^= self.component_nimber(&parts[o.first + o.len - 1])?;
            o.len -= 1;
        }
        let hardest = &parts[o.first];
        if v ^ o.known >= Set::WIDTH {
            // A value too big for a set of candidates.
            return Ok(Some(self.component_nimber(hardest)? ^ o.known));
        }
        Ok(self
            .in_set(hardest, &Set::single(v ^ o.known))?
            .map(|x| x ^ o.known))
    }

    fn count_node(&mut self) -> Result<(), Cancelled> {
        self.stats.nodes += 1;
        if self.stats.nodes & 0x3ff == 0 {
            self.trade()?;
            if self.tick.is_some() {
                let stats = self.stats();
                if let Some(tick) = self.tick.as_mut() {
                    tick(stats);
                }
            }
            self.cancel.check()?;
        }
        Ok(())
    }

    /// The nimber of component `c` if it is in `wanted`; `None` when it is
    /// not (a nimber outside `wanted` may also be returned). The pruned
    /// search of Beling & Rogalski: each option narrows the candidates
    /// ([`Potential`]) and is asked only about the candidates that still
    /// matter.
    fn in_set(&mut self, c: &G::Position, wanted: &Set) -> Result<Option<u32>, Cancelled> {
        if let Some(v) = self.known(c) {
            self.stats.table_hits += 1;
            return Ok(Some(v));
        }
        let low = wanted.low_word();
        let excluded = self.excluded.get(c);
        if low & !excluded == 0 && wanted.only_low() {
            self.stats.table_hits += 1;
            return Ok(None);
        }
        self.count_node()?;
        let before = self.stats.nodes;
        let mut parts = self.take_buf();
        let mut opts = self.take_opts();
        let mut options = self.take_buf();
        self.game.moves(c, &mut options);
        let mut potential = Potential::new(options.len());
        let mut ruled_out = self.split_options(&options, &mut parts, &mut opts, |v| {
            let w = potential.without_max();
            potential.remove_value(v, &w);
            !potential.low().intersects(wanted)
        });
        self.pool.push(options);
        let upto = wanted.upto_max();
        let mut exact = true;
        let mut result = Ok(());
        self.stats.depth += 1;
        if let Some(first) = opts.first() {
            self.excluded.prefetch(&parts[first.first]);
        }
        for j in 0..opts.len() {
            if ruled_out || !potential.low().intersects(wanted) {
                // The value is one of the candidates, none of them wanted.
                ruled_out = true;
                break;
            }
            // The record's lookup at the top of the next option's search
            // misses the caches; it is fetched while this one is asked.
            if let Some(next) = opts.get(j + 1) {
                self.excluded.prefetch(&parts[next.first]);
            }
            let o = &mut opts[j];
            let w = potential.without_max();
            for p in &parts[o.first + 1..o.first + o.len] {
                match self.component_nimber(p) {
                    Ok(v) => o.known ^= v,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            if result.is_err() {
                break;
            }
            // Only the candidates below the greatest matter: an option
            // worth anything else takes the greatest away. Parts worth
            // [`Set::WIDTH`] or more would take the candidates out of the
            // set's range: the part is valued instead.
            let answer = if o.known >= Set::WIDTH {
                self.component_nimber(&parts[o.first]).map(Some)
            } else {
                self.in_set(&parts[o.first], &w.and(&upto).xor_each(o.known))
            };
            match answer {
                Ok(Some(v)) => potential.remove_value(v ^ o.known, &w),
                Ok(None) => {
                    potential.remove_max(&w);
                    exact = false;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.stats.depth -= 1;
        self.pool.push(parts);
        self.opt_pool.push(opts);
        result?;
        if ruled_out || !(exact || potential.low().intersects(&upto)) {
            self.rule_out(c, low);
            if self.exchange.is_some() {
                self.outbox.ruled_out.push((c.clone(), low));
            }
            return Ok(None);
        }
        match potential.low().min() {
            Some(v) => {
                self.tt_store(c, v, self.stats.nodes - before + 1);
                Ok(Some(v))
            }
            // Every candidate below the set's width is gone: the value is
            // larger, and only the plain mex can say which.
            None => self.exact(c).map(Some),
        }
    }

    /// Remembers that `c` has none of the values below 64 in `low`. When
    /// growing would pass its share of the memory, the record starts afresh
    /// (in the room it has).
    fn rule_out(&mut self, c: &G::Position, low: u64) {
        self.excluded.insert(c, low);
    }

    /// The nimber of `c` by the plain mex of all its options' values: the
    /// [`Search::plain`] search, and the fallback for the rare component
    /// worth [`Set::WIDTH`] or more.
    fn exact(&mut self, c: &G::Position) -> Result<u32, Cancelled> {
        if let Some(v) = self.known(c) {
            return Ok(v);
        }
        if self.dense.is_some() {
            let mut numbers = self.idx_pool.pop().unwrap_or_default();
            numbers.clear();
            if self.game.dense_moves(c, &mut numbers) {
                let i = self
                    .game
                    .dense_index(c)
                    .expect("a dense game numbers every position");
                return self.exact_dense(i, numbers);
            }
            self.idx_pool.push(numbers);
        }
        self.count_node()?;
        let before = self.stats.nodes;
        let mut options = self.take_buf();
        self.game.moves(c, &mut options);
        let mut seen = Mex::new(options.len());
        let mut split = self.take_buf();
        let mut result = Ok(());
        for o in &options {
            split.clear();
            self.game.components(o, &mut split);
            cancel_pairs(&mut split);
            let mut x = 0u32;
            for p in split.iter() {
                match self.component_nimber(p) {
                    Ok(v) => x ^= v,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            if result.is_err() {
                break;
            }
            seen.insert(x);
        }
        self.pool.push(split);
        self.pool.push(options);
        result?;
        let v = seen.value();
        self.tt_store(c, v, self.stats.nodes - before + 1);
        Ok(v)
    }
}

impl<G: ImpartialGame> Search<'_, G> {
    /// [`Search::exact`] for a game that numbers options
    /// ([`ImpartialGame::dense_moves`]): the value of position number `i`,
    /// whose options are numbered `options`, read from the flat table; an
    /// option not there yet is built from its number and valued first.
    fn exact_dense(&mut self, i: usize, options: Vec<usize>) -> Result<u32, Cancelled> {
        let counted = self.count_node();
        let mut seen = Mex::new(options.len());
        let mut result = counted;
        self.stats.depth += 1;
        for &j in &options {
            if result.is_err() {
                break;
            }
            let stored = self.dense.as_ref().map_or(0, |d| d[j]);
            let v = if stored > 0 {
                self.stats.table_hits += 1;
                u32::from(stored) - 1
            } else {
                let p = self
                    .game
                    .dense_position(j)
                    .expect("a game with dense moves gives their positions");
                let mut next = self.idx_pool.pop().unwrap_or_default();
                next.clear();
                self.game.dense_moves(&p, &mut next);
                match self.exact_dense(j, next) {
                    Ok(v) => v,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            };
            seen.insert(v);
        }
        self.stats.depth -= 1;
        self.idx_pool.push(options);
        result?;
        let v = seen.value();
        if let (Some(d), Ok(stored)) = (self.dense.as_mut(), u16::try_from(v + 1)) {
            if d[i] == 0 {
                self.dense_len += 1;
            }
            d[i] = stored;
        }
        Ok(v)
    }
}

/// The values of a position's options, for their mex: those below
/// [`Set::WIDTH`] in a set on the stack; a position with that many options
/// or more counts the rest in a vector (the mex of `n` options is at most
/// `n`).
struct Mex {
    low: Set,
    big: Vec<bool>,
}

impl Mex {
    fn new(options: usize) -> Mex {
        Mex {
            low: Set::default(),
            big: if options >= Set::WIDTH as usize {
                vec![false; options + 1]
            } else {
                Vec::new()
            },
        }
    }

    fn insert(&mut self, v: u32) {
        if v < Set::WIDTH {
            self.low.insert(v);
        } else if let Some(s) = self.big.get_mut(v as usize) {
            *s = true;
        }
    }

    /// The least value not inserted.
    fn value(&self) -> u32 {
        match self.low.complement().min() {
            Some(v) => v,
            None => (Set::WIDTH..)
                .find(|&v| !self.big.get(v as usize).copied().unwrap_or(false))
                .expect("n + 1 slots, n options"),
        }
    }
}

/// Removes pairs of equal components: `G + G` is worth `*0`.
fn cancel_pairs<P: Eq>(comps: &mut Vec<P>) {
    let len = cancel_pairs_in(comps);
    comps.truncate(len);
}

/// [`cancel_pairs`] within a slice: the components left come first, and
/// their number is returned.
fn cancel_pairs_in<P: Eq>(comps: &mut [P]) -> usize {
    let mut len = comps.len();
    let mut i = 0;
    while i < len {
        if let Some(j) = comps[i + 1..len].iter().position(|c| *c == comps[i]) {
            // As `Vec::swap_remove` of both, the later first.
            comps.swap(i + 1 + j, len - 1);
            comps.swap(i, len - 2);
            len -= 2;
        } else {
            i += 1;
        }
    }
    len
}

#[cfg(test)]
mod tests;
