//! The root of a search that wants the value and every winning move: the
//! options of the position asked in rounds, on one thread or several.
//!
//! The position's value is found by aspiration, as for any component: for
//! `v = 0, 1, ...`, "is some option worth `v`?". When the winning moves are
//! wanted, each option is first asked whether it is P, alone, which is the
//! search the winning moves need anyway; the rounds then ask only the
//! options that are not P. (Asked about `0` and the round's
//! value in one question, a P-option rules out the round's value for each
//! of its own options as well, which costs far more than its proof: 10%
//! more positions on 5x8.)
//!
//! The options of one round are independent questions, which is where
//! threads help: each thread takes the next option not yet asked. Once an
//! option is found worth `v`, the next round starts at once, and the
//! questions still under way finish and count for the rounds after. A
//! thread that finds every option of the round being asked already asks
//! the next round's value meanwhile: the last questions of a round are
//! often its longest, and the next round asks the same options. When the
//! value is known, the questions still under way stop.
//!
//! Each thread keeps its own table, where its lookups stay in its own
//! cache, and the threads trade what they compute ([`Exchange`]): every
//! 1024 positions a thread posts the values it stored since, and the values
//! it ruled out, to the others, and stores what they posted. A value
//! computed by one thread is so known to the others a few milliseconds
//! later, without a lock or a shared cache line on the way of a lookup.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use super::lv::cancel_pairs;
use super::ordering::Opt;
use super::set::Set;
use super::table::Table;
use super::Search;
use crate::cancel::Cancelled;
use crate::game::ImpartialGame;
use crate::Nimber;

/// The options of the root, asked in rounds by one thread or several.
struct Rounds<P> {
    /// The options' components that the table did not know when they were
    /// split, each option's hardest first (see [`Opt`]).
    parts: Vec<P>,
    /// For each option of the position, the option asked in its place
    /// (itself, or the first with the same parts): an index of `State`'s
    /// vectors.
    twin: Vec<usize>,
    state: Mutex<State>,
    /// Signalled when an answer comes in or a round ends.
    turn: Condvar,
}

struct State {
    opts: Vec<Opt>,
    /// Each option's value once known.
    value: Vec<Option<u32>>,
    /// Values each option is known not to have.
    not: Vec<Set>,
    /// The options whose value was unknown at the start, easiest first.
    order: Vec<usize>,
    /// The options being asked now.
    busy: Vec<bool>,
    /// Whether to ask the options about 0 as well.
    winning: bool,
    /// The position's value once known, or the error that stopped a thread.
    end: Option<Result<u32, Cancelled>>,
}

/// What a thread does next.
enum Next {
    /// Ask option `i` about the value.
    Ask(usize, u32),
    /// Wait for an answer from another thread.
    Wait,
    /// Nothing: the value is known, or a thread stopped.
    Stop,
}

impl State {
    /// Whether option `i` still has to be asked about `v`.
    fn open(&self, i: usize, v: u32) -> bool {
        self.value[i].is_none() && !self.not[i].contains(v) && !self.busy[i]
    }

    /// Whether option `i` is a P-position, once known.
    fn zero(&self, i: usize) -> Option<bool> {
        match self.value[i] {
            Some(x) => Some(x == 0),
            None => self.not[i].contains(0).then_some(false),
        }
    }

    /// The least value from `v` on that no option is known to have.
    fn round_from(&self, mut v: u32) -> u32 {
        while self.value.contains(&Some(v)) {
            v += 1;
        }
        v
    }

    /// The next question: with the winning moves wanted, "are you P?" to
    /// the first option not known P or not, until each is. Then this
    /// round's value `v` (the least no option is known to have) to the
    /// first option that may have it; when every such option is being
    /// asked already, the next round's value to the first option that may
    /// have that one (the round's last answers are often its longest, and
    /// the next round asks the same options); when no option may have `v`,
    /// the value is `v`.
    fn next(&mut self) -> Next {
        if self.end.is_some() {
            return Next::Stop;
        }
        if self.winning {
            let unsure = |&&i: &&usize| self.zero(i).is_none() && !self.busy[i];
            if let Some(&i) = self.order.iter().find(unsure) {
                return Next::Ask(i, 0);
            }
        }
        let v = self.round_from(0);
        if let Some(&i) = self.order.iter().find(|&&i| self.open(i, v)) {
            return Next::Ask(i, v);
        }
        let undecided = |i: usize| self.value[i].is_none() && !self.not[i].contains(v);
        if !(0..self.value.len()).any(undecided) {
            self.end = Some(Ok(v));
            return Next::Stop;
        }
        let w = self.round_from(v + 1);
        match self.order.iter().find(|&&i| self.open(i, w)) {
            Some(&i) => Next::Ask(i, w),
            None => Next::Wait,
        }
    }
}

/// What one thread of a search posts the others: the values it stored
/// (with what each cost), and the values it ruled out (below 64, as bits).
pub(crate) struct Post<P> {
    pub(crate) values: Vec<(P, u32, u64)>,
    pub(crate) ruled_out: Vec<(P, u64)>,
}

impl<P: Clone> Post<P> {
    fn is_empty(&self) -> bool {
        self.values.is_empty() && self.ruled_out.is_empty()
    }

    /// Adds what `other` holds.
    fn extend_from(&mut self, other: &Post<P>) {
        self.values.extend_from_slice(&other.values);
        self.ruled_out.extend_from_slice(&other.ruled_out);
    }

    fn clear(&mut self) {
        self.values.clear();
        self.ruled_out.clear();
    }
}

impl<P> Default for Post<P> {
    fn default() -> Self {
        Post {
            values: Vec::new(),
            ruled_out: Vec::new(),
        }
    }
}

/// What the threads of one search post each other: an inbox per thread.
pub(crate) struct Exchange<P> {
    inboxes: Vec<Mutex<Post<P>>>,
    /// Positions searched by all threads (posted in batches), for the
    /// progress line.
    nodes: AtomicU64,
    /// Set when the value is known: the threads still asking stop.
    done: AtomicBool,
}

impl<P> Exchange<P> {
    fn new(threads: usize) -> Exchange<P> {
        Exchange {
            inboxes: (0..threads).map(|_| Mutex::new(Post::default())).collect(),
            nodes: AtomicU64::new(0),
            done: AtomicBool::new(false),
        }
    }

    /// Positions searched by all threads, as posted so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A thread that panicked holding the lock left whole answers only (it
    // panics outside the lock); the panic itself reaches the caller.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<'g, G: ImpartialGame> Search<'g, G> {
    /// The value of `pos` and, with `winning`, for each of `options`
    /// (every position one move from `pos`) whether it is a P-position: the
    /// value and the winning moves in one search (without `winning`, the
    /// vector is empty). `None` when `pos` is not one component (a sum is
    /// valued component by component, far cheaper than by its options) or
    /// the search is [`Search::plain`].
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    pub(crate) fn value_and_p_options(
        &mut self,
        pos: &G::Position,
        options: &[G::Position],
        winning: bool,
    ) -> Result<Option<(Nimber, Vec<bool>)>, Cancelled> {
        let Some(rounds) = self.rounds(pos, options, winning)? else {
            return Ok(None);
        };
        self.stats.depth = 1;
        self.ask_rounds(&rounds);
        self.stats.depth = 0;
        Self::answer(rounds)
    }

    /// [`Search::value_and_p_options`] on `threads` threads: this one and
    /// `threads - 1` made by `helper`, each with a table of about
    /// `bytes / threads` bytes ([`Search::with_memory`]), trading values
    /// through an [`Exchange`].
    ///
    /// The answer does not depend on the threads; the counters
    /// ([`Search::stats`]) add up all threads' positions, table hits and
    /// bytes (the entries are this thread's, which has the others' too).
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    pub(crate) fn value_and_p_options_on<F>(
        &mut self,
        pos: &G::Position,
        options: &[G::Position],
        winning: bool,
        threads: usize,
        bytes: usize,
        helper: F,
    ) -> Result<Option<(Nimber, Vec<bool>)>, Cancelled>
    where
        G: Sync,
        G::Position: Send + Sync,
        F: Fn() -> Search<'g, G> + Sync,
    {
        if self.dense.is_some() {
            // A flat table is filled layer by layer on every thread, where
            // the game has layers (Chomp); the value and the options are
            // then read from it.
            self.fill_dense_on(pos, threads)?;
            return self.value_and_p_options(pos, options, winning);
        }
        if threads <= 1 {
            return self.value_and_p_options(pos, options, winning);
        }
        let Some(rounds) = self.rounds(pos, options, winning)? else {
            return Ok(None);
        };
        let exchange = Arc::new(Exchange::new(threads));
        let own = bytes / threads;
        self.join(Arc::clone(&exchange), 0, own);
        let helpers = std::thread::scope(|s| {
            let running: Vec<_> = (1..threads)
                .map(|me| {
                    let (exchange, rounds, helper) = (Arc::clone(&exchange), &rounds, &helper);
                    s.spawn(move || {
                        let mut search = helper();
                        search.join(exchange, me, own);
                        search.stats.depth = 1;
                        search.ask_rounds(rounds);
                        (search.stats, search.stats().table_bytes)
                    })
                })
                .collect();
            self.stats.depth = 1;
            self.ask_rounds(&rounds);
            self.stats.depth = 0;
            running
                .into_iter()
                .map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect::<Vec<_>>()
        });
        self.exchange = None;
        for (h, bytes) in helpers {
            self.stats.nodes += h.nodes;
            self.stats.table_hits += h.table_hits;
            self.stats.endgame_hits += h.endgame_hits;
            self.helper_bytes += bytes;
        }
        Self::answer(rounds)
    }

    /// The value of `pos`, each of its components valued by
    /// [`Search::value_and_p_options_on`]: the rounds of a component's
    /// options are shared out between the threads, one component after
    /// the other (the value of a sum is the xor of its components').
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    pub(crate) fn nimber_on<F>(
        &mut self,
        pos: &G::Position,
        threads: usize,
        bytes: usize,
        helper: F,
    ) -> Result<Nimber, Cancelled>
    where
        G: Sync,
        G::Position: Send + Sync,
        F: Fn() -> Search<'g, G> + Sync,
    {
        if threads <= 1 || self.plain {
            return self.nimber(pos);
        }
        let mut comps = Vec::new();
        self.game.components(pos, &mut comps);
        cancel_pairs(&mut comps);
        let mut options = Vec::new();
        let mut total = 0;
        for c in &comps {
            options.clear();
            self.game.moves(c, &mut options);
            let before = self.stats.nodes;
            let asked = self.value_and_p_options_on(c, &options, false, threads, bytes, &helper)?;
            let v = match asked {
                Some((v, _)) => {
                    // Stored, as a search stores each component it values:
                    // the questions about the moves read it.
                    if let Ok(small) = u32::try_from(v.0) {
                        self.tt_store(c, small, self.stats.nodes - before + 1);
                    }
                    v
                }
                None => self.nimber(c)?,
            };
            total ^= v.0;
        }
        Ok(Nimber(total))
    }

    /// Whether each of `positions` is a P-position, asked on `threads`
    /// threads: each takes the next position not yet asked (positions with
    /// the same parts once, the easiest first), in a search of its own made
    /// by `helper` (this one for the first thread), and the threads trade
    /// the values they find through an [`Exchange`]. Every value this
    /// search knows is given to the others first: the positions are
    /// usually the options of a sum whose regions this search has just
    /// valued, and without those values (the regions' own, and their
    /// parts') each thread would find them again (on Cram 5x7 over 4x7,
    /// 1.05 M positions on two threads with the regions' values only,
    /// 0.98 M so; 0.95 M on one thread).
    /// The answers are exact, so they do not depend on the threads; the
    /// counters add up all threads' positions.
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    pub(crate) fn p_positions_on<F>(
        &mut self,
        positions: &[G::Position],
        threads: usize,
        bytes: usize,
        helper: F,
    ) -> Result<Vec<bool>, Cancelled>
    where
        G: Sync,
        G::Position: Send + Sync,
        F: Fn() -> Search<'g, G> + Sync,
    {
        if threads <= 1 || self.plain || positions.len() <= 1 {
            return positions.iter().map(|p| self.is_p(p)).collect();
        }
        let threads = threads.min(positions.len());
        let own = bytes / threads;
        let seeds = self.seeds(own - own / 4);
        // Positions that split into the same parts (images of each other
        // under a symmetry of the board) are asked once: two threads would
        // otherwise search both at the same time.
        let mut parts = Vec::new();
        let (opts, twin) = self.split_twins(positions, &mut parts);
        // The position asked for each of `opts`: the first it stands for.
        let mut first = vec![0; opts.len()];
        for (i, &t) in twin.iter().enumerate().rev() {
            first[t] = i;
        }
        // Easiest first, as the rounds ask options (a stable sort keeps the
        // moves' order otherwise): on Cram 5x7 over 4x7, with the helpers
        // given the regions' values only, two threads searched 1.05 M
        // positions so, 1.12 to 1.15 M in the moves' order and 1.11 to
        // 1.13 M hardest first (one thread, 0.95 M).
        let mut asked: Vec<usize> = (0..opts.len()).collect();
        asked.sort_by_key(|&k| opts[k].difficulty);
        let exchange = Arc::new(Exchange::new(threads));
        self.join(Arc::clone(&exchange), 0, own);
        // Each answer: 0 while unknown, 1 for N, 2 for P.
        let answers: Vec<AtomicU8> = opts.iter().map(|_| AtomicU8::new(0)).collect();
        let next = AtomicUsize::new(0);
        let ask = |search: &mut Search<'g, G>| -> Result<(), Cancelled> {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = asked.get(k) else {
                    return Ok(());
                };
                match search.is_p(&positions[first[i]]) {
                    Ok(is_p) => answers[i].store(1 + u8::from(is_p), Ordering::Relaxed),
                    Err(e) => {
                        // The others stop at their next trade.
                        exchange.done.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                }
            }
        };
        let (mine, helpers) = std::thread::scope(|s| {
            let running: Vec<_> = (1..threads)
                .map(|me| {
                    let (exchange, helper, ask) = (Arc::clone(&exchange), &helper, &ask);
                    let seeds = &seeds;
                    s.spawn(move || {
                        let mut search = helper();
                        search.join(exchange, me, own);
                        for (c, v, cost) in seeds {
                            search.table.store(c, *v, u64::from(*cost));
                        }
                        let r = ask(&mut search);
                        (r, search.stats, search.stats().table_bytes)
                    })
                })
                .collect();
            let mine = ask(self);
            let helpers = running
                .into_iter()
                .map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect::<Vec<_>>();
            (mine, helpers)
        });
        self.exchange = None;
        let mut result = mine;
        for (r, h, bytes) in helpers {
            result = result.and(r);
            self.stats.nodes += h.nodes;
            self.stats.table_hits += h.table_hits;
            self.stats.endgame_hits += h.endgame_hits;
            self.helper_bytes += bytes;
        }
        result?;
        self.cancel.check()?;
        Ok(twin
            .iter()
            .map(|&t| answers[t].load(Ordering::Relaxed) == 2)
            .collect())
    }

    /// Every value in this search's table, with what it cost, for the
    /// tables of the threads that join it: what this thread knows, they
    /// would otherwise find again.
    /// At most what fits in `bytes` of their tables, the costliest values
    /// when there are more.
    fn seeds(&self, bytes: usize) -> Vec<(G::Position, u32, u32)> {
        let most = bytes / Table::<G::Position>::ENTRY_BYTES;
        let mut seeds: Vec<_> = self
            .table
            .entries()
            .map(|(p, v, cost)| (p.clone(), v, cost))
            .collect();
        if seeds.len() > most {
            seeds.select_nth_unstable_by_key(most, |s| std::cmp::Reverse(s.2));
            seeds.truncate(most);
        }
        seeds
    }

    /// Makes this search thread number `me` of `exchange`, in about
    /// `bytes` bytes.
    fn join(&mut self, exchange: Arc<Exchange<G::Position>>, me: usize, bytes: usize) {
        self.table.limit(bytes - bytes / 4);
        self.excluded.limit(bytes / 4);
        self.exchange = Some((exchange, me));
    }

    /// Posts the values stored and ruled out since the last trade to the
    /// other threads, and stores what they posted.
    ///
    /// # Errors
    /// [`Cancelled`] when another thread has found the value.
    pub(super) fn trade(&mut self) -> Result<(), Cancelled> {
        let Some((exchange, me)) = &self.exchange else {
            return Ok(());
        };
        if exchange.done.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        exchange
            .nodes
            .fetch_add(self.stats.nodes - self.posted_nodes, Ordering::Relaxed);
        self.posted_nodes = self.stats.nodes;
        if !self.outbox.is_empty() {
            for (i, inbox) in exchange.inboxes.iter().enumerate() {
                if i != *me {
                    lock(inbox).extend_from(&self.outbox);
                }
            }
            self.outbox.clear();
        }
        std::mem::swap(&mut *lock(&exchange.inboxes[*me]), &mut self.inbox);
        let mut inbox = std::mem::take(&mut self.inbox);
        for (p, v, cost) in inbox.values.drain(..) {
            self.table.store(&p, v, cost);
        }
        // The record's slots are far apart: each is fetched some entries
        // ahead, so that their misses overlap.
        const AHEAD: usize = 8;
        for (i, (p, low)) in inbox.ruled_out.iter().enumerate() {
            if let Some((q, _)) = inbox.ruled_out.get(i + AHEAD) {
                self.excluded.prefetch(q);
            }
            self.rule_out(p, *low);
        }
        inbox.ruled_out.clear();
        self.inbox = inbox;
        Ok(())
    }

    /// Splits each of `options` into `parts` (see [`Opt`]) and finds those
    /// that split into the same parts (images of each other under a
    /// symmetry of the board), to be asked once: the distinct ones, in the
    /// order they first come, and for each option the index of its own
    /// among them.
    fn split_twins(
        &mut self,
        options: &[G::Position],
        parts: &mut Vec<G::Position>,
    ) -> (Vec<Opt>, Vec<usize>) {
        let mut split = self.take_buf();
        let mut keys = Vec::with_capacity(options.len());
        for o in options {
            let first = parts.len();
            let (known, difficulty) = self.split_option(o, &mut split, parts);
            keys.push((first, parts.len() - first, known, difficulty));
        }
        self.pool.push(split);
        let mut opts = Vec::new();
        let mut seen: HashMap<(&[G::Position], u32), usize> = HashMap::new();
        let twin = keys
            .iter()
            .map(|&(first, len, known, difficulty)| {
                let key = (&parts[first..first + len], known);
                *seen.entry(key).or_insert_with(|| {
                    opts.push(Opt {
                        first,
                        len,
                        known,
                        difficulty,
                    });
                    opts.len() - 1
                })
            })
            .collect();
        (opts, twin)
    }

    /// The options of `pos` split and ready for their rounds; `None` when
    /// [`Search::value_and_p_options`] does not apply.
    fn rounds(
        &mut self,
        pos: &G::Position,
        options: &[G::Position],
        winning: bool,
    ) -> Result<Option<Rounds<G::Position>>, Cancelled> {
        self.cancel.check()?;
        self.stats.depth = 0;
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        cancel_pairs(&mut comps);
        let one = comps.len() == 1;
        let root = if one && !winning {
            self.known(&comps[0])
        } else {
            None
        };
        self.pool.push(comps);
        if self.plain || !one {
            return Ok(None);
        }
        let mut parts = Vec::new();
        let (opts, twin) = self.split_twins(options, &mut parts);
        let value: Vec<Option<u32>> = opts
            .iter()
            .map(|o| (o.len == 0).then_some(o.known))
            .collect();
        // Easiest first (a stable sort keeps the game's order otherwise).
        let mut order: Vec<usize> = (0..opts.len()).filter(|&i| value[i].is_none()).collect();
        order.sort_by_key(|&i| opts[i].difficulty);
        let state = State {
            // A value already in the table needs no round.
            end: root.map(Ok),
            busy: vec![false; opts.len()],
            not: vec![Set::default(); opts.len()],
            opts,
            value,
            order,
            winning,
        };
        Ok(Some(Rounds {
            parts,
            twin,
            state: Mutex::new(state),
            turn: Condvar::new(),
        }))
    }

    /// The value and the P-options once the rounds are over.
    fn answer(rounds: Rounds<G::Position>) -> Result<Option<(Nimber, Vec<bool>)>, Cancelled> {
        let state = rounds
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let v = state.end.expect("the rounds are over")?;
        let zero = if state.winning {
            rounds
                .twin
                .iter()
                .map(|&t| {
                    state
                        .zero(t)
                        .expect("every option is asked about 0 before the end")
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Some((Nimber(u64::from(v)), zero)))
    }

    /// Takes options from `rounds` and asks them, until the value is
    /// known or a thread is cancelled.
    fn ask_rounds(&mut self, rounds: &Rounds<G::Position>) {
        let mut st = lock(&rounds.state);
        loop {
            let (i, v) = match st.next() {
                Next::Ask(i, v) => (i, v),
                Next::Wait => {
                    st = rounds.turn.wait(st).unwrap_or_else(PoisonError::into_inner);
                    continue;
                }
                Next::Stop => {
                    rounds.turn.notify_all();
                    if let Some((exchange, _)) = &self.exchange {
                        // The threads still asking stop: their answers are
                        // not needed.
                        exchange.done.store(true, Ordering::Relaxed);
                    }
                    return;
                }
            };
            st.busy[i] = true;
            let mut o = st.opts[i];
            drop(st);
            let answer = self.ask_option(&rounds.parts, &mut o, v);
            st = lock(&rounds.state);
            st.busy[i] = false;
            st.opts[i] = o;
            match answer {
                Ok(Some(x)) => st.value[i] = Some(x),
                Ok(None) => st.not[i].insert(v),
                // Stopped because the value is known: nothing to record.
                Err(_) if st.end.is_some() => {}
                Err(e) => st.end = Some(Err(e)),
            }
            rounds.turn.notify_all();
        }
    }
}
