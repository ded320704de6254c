//! The flat table of a game that numbers its positions, filled from the
//! bottom, layer by layer, on several threads.
//!
//! The plain search ([`Search::plain`]) of a game with option numbers
//! ([`ImpartialGame::dense_moves`]) values every position the root leads
//! to, each once. When the game also gives those positions in layers
//! ([`ImpartialGame::dense_layer`], every option in a lower layer: Chomp's
//! diagrams by their squares), the same values come without recursion:
//! each layer's positions read their options' values from the table and
//! store their mex. A layer's positions do not depend on each other, so
//! the threads share each layer out, a chunk of positions at a time, and
//! wait for each other at its end.
//!
//! The threads share the one table, its slots made atomic for the fill
//! (in place: the same size and alignment). A slot is written
//! once, by the one thread that values its position, and read only in later
//! layers, after the wait that ends the layer has ordered the write before
//! the read; relaxed loads and stores are plain moves on x86 and ARM.
//!
//! The counters come out as the recursion's: every position is searched
//! once (`nodes`), and every option met but the first meeting of each
//! position below the root is a table hit. They do not depend on the
//! number of threads.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::def::Mex;
use super::{Search, SearchStats};
use crate::cancel::Cancelled;
use crate::game::ImpartialGame;

/// Positions a thread takes from a layer at once: enough to make the
/// taking rare, few enough that the threads end a layer together.
const CHUNK: usize = 256;

/// What the threads of one fill share.
struct Fill {
    /// The next chunk of the layer being valued.
    next: AtomicUsize,
    /// Set when a thread stops (cancelled, or a value too big for the
    /// table): the others stop at their next chunk.
    stop: AtomicBool,
    gate: Gate,
}

/// The wait at the end of each layer, which also tells every thread
/// whether any of them stopped.
struct Gate {
    state: Mutex<GateState>,
    turn: Condvar,
}

struct GateState {
    /// Threads still filling.
    threads: usize,
    /// Threads waiting at the end of this layer.
    arrived: usize,
    /// Layers passed.
    generation: u64,
    /// Whether a thread that arrived at the end of this layer stopped.
    stopping: bool,
    /// Whether a thread had stopped at the end of the last layer passed:
    /// what the threads waiting for it read (the next layer cannot end
    /// before they have read it, since it waits for them too).
    stopped: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Gate {
    /// Waits until every thread has ended the layer; whether any stopped.
    /// The last to arrive starts the next layer's chunks.
    fn wait(&self, stop: bool, next: &AtomicUsize) -> bool {
        let mut s = lock(&self.state);
        s.stopping |= stop;
        s.arrived += 1;
        if s.arrived >= s.threads {
            Self::open(&mut s, next);
            self.turn.notify_all();
            return s.stopped;
        }
        let generation = s.generation;
        while s.generation == generation {
            s = self.turn.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
        s.stopped
    }

    fn open(s: &mut GateState, next: &AtomicUsize) {
        s.stopped = s.stopping;
        s.arrived = 0;
        s.generation += 1;
        next.store(0, Ordering::Relaxed);
    }

    /// A thread that panicked leaves: the others stop, and do not wait
    /// for it.
    fn leave(&self, next: &AtomicUsize) {
        let mut s = lock(&self.state);
        s.threads -= 1;
        s.stopping = true;
        if s.arrived >= s.threads && s.arrived > 0 {
            Self::open(&mut s, next);
        }
        self.turn.notify_all();
    }
}

/// Makes a thread that unwinds leave the gate.
struct Leave<'a>(&'a Fill);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop.store(true, Ordering::Relaxed);
            self.0.gate.leave(&self.0.next);
        }
    }
}

/// Positions valued and options met by one thread.
#[derive(Default)]
struct Counts {
    nodes: u64,
    options: u64,
}

/// One thread's share of the fill of `root`'s layers into `table`; `step`
/// is called after each chunk with the positions valued so far by this
/// thread (the calling thread's progress line and cancel check).
fn fill_layers<G: ImpartialGame>(
    game: &G,
    root: &G::Position,
    table: &[AtomicU16],
    fill: &Fill,
    mut step: impl FnMut(u64) -> Result<(), Cancelled>,
) -> Counts {
    let _leave = Leave(fill);
    let mut counts = Counts::default();
    let mut layer = Vec::new();
    let mut numbers = Vec::new();
    for k in 0.. {
        layer.clear();
        if !game.dense_layer(root, k, &mut layer) {
            break;
        }
        let mut stop = false;
        while !stop && !fill.stop.load(Ordering::Relaxed) {
            let first = fill.next.fetch_add(1, Ordering::Relaxed) * CHUNK;
            let Some(chunk) = layer.get(first..layer.len().min(first + CHUNK)) else {
                break;
            };
            for p in chunk {
                let i = game
                    .dense_index(p)
                    .expect("a dense game numbers every position");
                numbers.clear();
                game.dense_moves(p, &mut numbers);
                let mut seen = Mex::new(numbers.len());
                for &j in &numbers {
                    // Every option is in a lower layer, valued already.
                    let stored = table[j].load(Ordering::Relaxed);
                    debug_assert!(stored > 0, "an option of a lower layer");
                    seen.insert(u32::from(stored).wrapping_sub(1));
                }
                match u16::try_from(seen.value() + 1) {
                    Ok(v) => table[i].store(v, Ordering::Relaxed),
                    // Too big for the table: the recursion takes over.
                    Err(_) => stop = true,
                }
                counts.nodes += 1;
                counts.options += numbers.len() as u64;
            }
            stop |= step(counts.nodes).is_err();
        }
        if stop {
            fill.stop.store(true, Ordering::Relaxed);
        }
        if fill.gate.wait(stop, &fill.next) {
            break;
        }
    }
    counts
}

impl<G: ImpartialGame> Search<'_, G> {
    /// Whether [`Search::fill_dense_on`] applies to `pos`: the plain search of
    /// a game with a flat table, option numbers and layers, with nothing in
    /// the table yet (the counters then come out as the recursion's).
    fn fills(&self, pos: &G::Position) -> bool {
        let mut probe = Vec::new();
        self.plain
            && self.dense.is_some()
            && self.dense_len == 0
            && self.endgame.is_none()
            && self.game.dense_layer(pos, 0, &mut probe)
    }

    /// Values `pos` and every position it leads to into the flat table,
    /// layer by layer, on `threads` threads (this one and `threads - 1`
    /// others): `true` once `pos` is there; `false` when the fill does not
    /// apply (one thread, or a game without layers), or stopped on a value
    /// too big for the table (the recursion then values what is left).
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    pub(super) fn fill_dense_on(
        &mut self,
        pos: &G::Position,
        threads: usize,
    ) -> Result<bool, Cancelled>
    where
        G: Sync,
        G::Position: Sync,
    {
        // One thread recurses: the fill took 5 to 9% more time of one
        // core than the recursion (Chomp 12x12 and 13x13), whose order
        // meets the table's slots closer together.
        if threads <= 1 || !self.fills(pos) {
            return Ok(false);
        }
        let (table, fill) = self.start_fill(threads);
        let (game, cancel) = (self.game, self.cancel.clone());
        let counts = std::thread::scope(|s| {
            let others: Vec<_> = (1..threads)
                .map(|_| {
                    let (table, fill, cancel) = (&table, &fill, &cancel);
                    s.spawn(move || fill_layers(game, pos, table, fill, |_| cancel.check()))
                })
                .collect();
            let mut counts = vec![fill_layers(game, pos, &table, &fill, |n| {
                self.fill_step(&table, n)
            })];
            counts.extend(
                others
                    .into_iter()
                    .map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
            );
            counts
        });
        self.end_fill(pos, table, &fill, &counts)
    }

    /// Takes the table out of the search for a fill on `threads` threads.
    fn start_fill(&mut self, threads: usize) -> (Vec<AtomicU16>, Fill) {
        // The same slots as atomics, shared by the threads (the one-thread
        // recursion keeps plain ones: atomics there cost it 3% more
        // instructions). Same size and alignment, so the vector is
        // converted in place.
        let table: Vec<AtomicU16> = self
            .dense
            .take()
            .expect("a fill has a flat table")
            .into_iter()
            .map(AtomicU16::new)
            .collect();
        let fill = Fill {
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            gate: Gate {
                state: Mutex::new(GateState {
                    threads,
                    arrived: 0,
                    generation: 0,
                    stopping: false,
                    stopped: false,
                }),
                turn: Condvar::new(),
            },
        };
        (table, fill)
    }

    /// The calling thread's step after a chunk: the progress line, every
    /// 1024 positions or so as the recursion's, and the cancel flag.
    fn fill_step(&mut self, table: &[AtomicU16], nodes: u64) -> Result<(), Cancelled> {
        if let Some(tick) = self.tick.as_mut() {
            tick(SearchStats {
                nodes: self.stats.nodes + nodes,
                entries: (self.dense_len as u64) + nodes,
                table_bytes: (2 * table.len() + self.excluded.bytes()) as u64,
                ..self.stats
            });
        }
        self.cancel.check()
    }

    /// Puts the table back and counts what the threads valued: whether
    /// `pos` is in the table.
    fn end_fill(
        &mut self,
        pos: &G::Position,
        table: Vec<AtomicU16>,
        fill: &Fill,
        counts: &[Counts],
    ) -> Result<bool, Cancelled> {
        let nodes: u64 = counts.iter().map(|c| c.nodes).sum();
        let options: u64 = counts.iter().map(|c| c.options).sum();
        // Values that a stopped fill stored are right, and stay.
        let stored = table
            .iter()
            .filter(|s| s.load(Ordering::Relaxed) > 0)
            .count();
        self.dense = Some(table.into_iter().map(AtomicU16::into_inner).collect());
        self.cancel.check()?;
        if fill.stop.load(Ordering::Relaxed) {
            self.dense_len = stored;
            return Ok(false);
        }
        // As the recursion counts: each position searched once, and every
        // option met a table hit but the first meeting of each position
        // below the root.
        self.dense_len += nodes as usize;
        self.stats.nodes += nodes;
        self.stats.table_hits += options - nodes.saturating_sub(1);
        Ok(self.tt_get(pos).is_some())
    }
}
