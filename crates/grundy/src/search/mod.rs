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
//! # Files
//!
//! One file per method, so that a reader who knows the papers finds each:
//!
//! | file | holds |
//! |---|---|
//! | `mod.rs` | [`Search`]: its options, counters, the table lookups, and the `Method` trait every pruning method implements |
//! | `def.rs` | the definition: a component is worth the mex of all its options' values (`Definition`, [`Search::plain`]) |
//! | `br.rs` | Beling–Rogalski pruning: a component asked whether its value is in a set, and aspiration for whole values (`BelingRogalski`, the default) |
//! | `lv.rs` | Lemoine–Viennot: sums, equal components cancelled, the biggest asked about one value ([`Search::is_p`]) |
//! | `ordering.rs` | move ordering: options split into parts, the known ones first, the rest easiest first |
//! | `table.rs`, `ruled.rs` | the transposition table, and the record of values ruled out |
//! | `set.rs` | sets of candidate values |
//! | `root.rs` | the root's options asked in rounds, on one thread or several; a sum's regions and moves on several |
//! | `dense.rs` | the flat table of a game with layers (Chomp) filled from the bottom, on one thread or several |
//! | [`misere`] | [`MisereSearch`]: misère outcomes, by a table of multisets of components |
//! | [`genus`] | [`genus::GenusSearch`]: Conway's genus of any position, the same way |
//!
//! The game says how its positions split into components
//! ([`ImpartialGame::components`]) and which it knows to be P by theory
//! ([`ImpartialGame::known_p`]).
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

use std::sync::Arc;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::Nimber;

mod br;
mod def;
mod dense;
pub mod genus;
mod lv;
pub mod misere;
mod ordering;
mod root;
mod ruled;
mod set;
mod table;

pub use misere::MisereSearch;

use br::BelingRogalski;
use def::Definition;
use ordering::Opt;
use root::{Exchange, Post};
use ruled::Ruled;
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
    /// Values read from the endgame table ([`Search::endgame`]).
    pub endgame_hits: u64,
}

/// The default memory limit of the table: 1 GiB.
pub const DEFAULT_MEMORY: usize = 1 << 30;

/// How deep the search asks the game about P-positions it knows
/// ([`ImpartialGame::known_p`]): near the root a found one saves a big
/// subtree; deeper, the asking costs more than it finds.
const KNOWN_P_DEPTH: u32 = 4;

/// Values known before a search (an endgame table): see
/// [`Search::endgame`].
type Lookup<'g, P> = Box<dyn Fn(&P) -> Option<u32> + 'g>;

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
    /// Values known before the search: see [`Search::endgame`].
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
    /// let mut s = Search::new(&cram).endgame(move |&p| (p == start).then_some(1));
    /// assert_eq!(s.nimber(&start).unwrap().0, 1);
    /// assert_eq!(s.stats().nodes, 0);
    /// ```
    pub fn endgame(mut self, lookup: impl Fn(&G::Position) -> Option<u32> + 'g) -> Self {
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
    /// assert!(Search::new(&cram).cancel(&cancel).nimber(&cram.start()).is_err());
    /// ```
    pub fn cancel(mut self, cancel: &Cancel) -> Self {
        self.cancel = cancel.clone();
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
    /// let mut s = Search::new(&cram).progress(|stats| {
    ///     assert!(stats.nodes > 0);
    ///     ticks += 1;
    /// });
    /// s.nimber(&cram.start()).unwrap();
    /// drop(s);
    /// assert!(ticks > 0);
    /// ```
    pub fn progress(mut self, tick: impl FnMut(SearchStats) + 'g) -> Self {
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
        lv::cancel_pairs(&mut comps);
        let mut total = 0u64;
        let mut r = Ok(());
        for c in comps.iter() {
            match if self.plain {
                Definition::whole_value(self, c)
            } else {
                BelingRogalski::whole_value(self, c)
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

    /// The nimber of one component (as the game splits it), by the
    /// search's [`Method`].
    fn component_nimber(&mut self, c: &G::Position) -> Result<u32, Cancelled> {
        if self.plain {
            Definition::value(self, c)
        } else {
            BelingRogalski::value(self, c)
        }
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
}

/// A pruning method: how the search values one component (a position the
/// game does not split). Each is a unit type in a file of its own, and
/// [`Search::plain`] chooses which one a search uses:
///
/// | method | file | values a component by |
/// |---|---|---|
/// | [`Definition`] | `def.rs` | the mex of every option's value |
/// | [`BelingRogalski`] | `br.rs` | asking it about the candidates still open, each option about fewer |
///
/// Whatever the method, sums are decided by the Lemoine–Viennot reduction
/// (`lv.rs`), whose one-value questions are Beling–Rogalski's.
///
/// The implementations are `#[inline(always)]`: the choice is then one
/// branch on [`Search::plain`] in the hot loop, and the search runs within
/// 0.05% of the instructions it took before the methods had a trait (left
/// to the inliner, the extra call layer cost 0.09% on Cram 5x6).
trait Method {
    /// The value of component `c`, wanted on the way: a part of an option,
    /// a smaller component of a sum.
    fn value<G: ImpartialGame>(
        search: &mut Search<'_, G>,
        c: &G::Position,
    ) -> Result<u32, Cancelled>;

    /// The value of component `c`, wanted for itself ([`Search::nimber`]).
    fn whole_value<G: ImpartialGame>(
        search: &mut Search<'_, G>,
        c: &G::Position,
    ) -> Result<u32, Cancelled>;
}

#[cfg(test)]
mod tests;
