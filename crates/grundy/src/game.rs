//! The [`ImpartialGame`] trait and a memoised, iterative solver for it.
//!
//! A game is described by two things: the moves from a position, written
//! into a buffer the solver owns, and (optionally) a split of a position into
//! independent components whose disjunctive sum it is. The solver computes
//! the Grundy value of every component it meets once, stores it in a
//! [`Cache`] that the caller owns and may reuse, and adds component values
//! with xor, so a sum of `k` parts costs the sum of the parts' costs instead
//! of the size of their product.
//!
//! The solver uses an explicit stack, never recursion, so a game that is a
//! million moves deep does not overflow the thread's stack.
//!
//! # Example: a game of your own
//!
//! "Pick a coin": a position is some rows of coins; a move removes one coin
//! from a row, which leaves zero, one or two shorter rows (removing a coin
//! from the middle splits the row). Rows are independent, so they are the
//! components: the solver values each row length once, however many rows a
//! position has.
//!
//! ```
//! use grundy::game::{analyse, value, Cache, ImpartialGame};
//! use grundy::{Nimber, Outcome};
//!
//! struct PickACoin;
//!
//! impl ImpartialGame for PickACoin {
//!     /// The lengths of the rows, in any order.
//!     type Position = Vec<u32>;
//!
//!     fn moves(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
//!         for (i, &n) in rows.iter().enumerate() {
//!             // Remove coin k of row i, leaving rows of k and n - 1 - k coins.
//!             for k in 0..n {
//!                 let mut next = rows.clone();
//!                 next.remove(i);
//!                 next.extend([k, n - 1 - k].into_iter().filter(|&len| len > 0));
//!                 out.push(next);
//!             }
//!         }
//!     }
//!
//!     fn components(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
//!         out.extend(rows.iter().map(|&n| vec![n]));
//!     }
//! }
//!
//! let mut cache = Cache::new(); // yours: reuse it for every question
//! for n in 0..30 {
//!     // A row of n coins is worth *(n mod 2).
//!     let v = value(&PickACoin, &vec![n], &mut cache).unwrap();
//!     assert_eq!(v, Nimber(u64::from(n % 2)));
//! }
//! let report = analyse(&PickACoin, &vec![3, 4, 5], &mut cache).unwrap();
//! assert_eq!(report.value, Nimber(1) + Nimber(0) + Nimber(1));
//! assert_eq!(report.outcome, Outcome::P);
//! let report = analyse(&PickACoin, &vec![2, 5], &mut cache).unwrap();
//! assert_eq!(report.outcome, Outcome::N);
//! // Every winning move leaves a position worth *0, e.g. the 5 split 2 + 2.
//! assert!(report.winning_moves.contains(&vec![2, 2, 2]));
//! ```

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::{MexSet, Nimber, Outcome};

/// An impartial game under normal play: both players have the same moves,
/// and the player who cannot move loses.
///
/// Implementors must describe a *finite acyclic* game: from every position
/// every sequence of moves ends. A move that returns to an earlier position is
/// reported by the solver as [`SolveError::Cycle`]; games with cycles are
/// analysed as explicit graphs by [`crate::graph`].
pub trait ImpartialGame {
    /// A position. It is the key of the [`Cache`], so positions that are the
    /// same game should compare equal (a canonical form pays off).
    type Position: Clone + Eq + Hash;

    /// Pushes every position reachable in one move from `pos` onto `out`.
    ///
    /// `out` may already hold other positions: push, never clear. Duplicates
    /// are allowed.
    fn moves(&self, pos: &Self::Position, out: &mut Vec<Self::Position>);

    /// Pushes the independent components of `pos` onto `out`: positions
    /// whose disjunctive sum is `pos` (a move in `pos` is a move in exactly
    /// one of them). Components with no moves may be left out, since they are
    /// worth `*0`; pushing nothing says that `pos` is a terminal position.
    ///
    /// The solver takes the moves of each component as they are and does not
    /// split a component again. The default pushes `pos` itself: no split.
    fn components(&self, pos: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(pos.clone());
    }

    /// How many positions [`ImpartialGame::components_of_each`] splits at
    /// once, faster than one by one (in the lanes of a vector register,
    /// say). [`crate::search::Search`] then splits the options of a
    /// position that many at a time, where it would stop splitting at the
    /// first option that settles the position: a game that splits one at a
    /// time gives 1, the default.
    fn component_lanes(&self) -> usize {
        1
    }

    /// Pushes the components of each of `positions` in turn onto `out`, as
    /// [`ImpartialGame::components`] gives them, and after each position's
    /// the length of `out` onto `ends`. The default splits them one by one.
    ///
    /// ```
    /// use grundy::game::ImpartialGame;
    /// use grundy::games::Cram;
    ///
    /// let cram = Cram::new(1, 6).unwrap();
    /// let row = cram.start();
    /// // The middle domino leaves two dominoes, the end one a row of four.
    /// let options = [row & !0b001100, row & !0b000011];
    /// let (mut parts, mut ends) = (Vec::new(), Vec::new());
    /// cram.components_of_each(&options, &mut parts, &mut ends);
    /// assert_eq!(ends, [2, 3]);
    /// assert_eq!(parts[0], parts[1]);
    /// ```
    fn components_of_each(
        &self,
        positions: &[Self::Position],
        out: &mut Vec<Self::Position>,
        ends: &mut Vec<usize>,
    ) {
        for p in positions {
            self.components(p, out);
            ends.push(out.len());
        }
    }

    /// A cheap measure of how big a component is (cells left on a board),
    /// used by [`crate::search::Search`] to choose which part of a sum to
    /// search by outcome (the biggest) and which to value. `None` (the
    /// default) makes the search count options instead.
    fn size(&self, _pos: &Self::Position) -> Option<u64> {
        None
    }

    /// Whether the game can tell without a search that `pos` is a
    /// P-position, by a strategy such as the second player's copying of
    /// every move in a mirror. [`crate::search::Search`] trusts a `true`
    /// as a proof; `false` (the default) says nothing.
    fn known_p(&self, _pos: &Self::Position) -> bool {
        false
    }

    /// How many positions [`ImpartialGame::dense_index`] numbers, for a
    /// game whose positions (all that the search meets, components
    /// included) can be numbered `0..n`. [`crate::search::Search`] then
    /// keeps its table as a flat array of `n` values, two bytes each, when
    /// that fits its memory limit: no hashing, and far fewer cache misses.
    /// `None` (the default) keeps the hash table.
    fn dense_len(&self) -> Option<usize> {
        None
    }

    /// The number of `pos` in `0..dense_len()`, distinct for distinct
    /// positions; `None` (the default) for games without a numbering.
    fn dense_index(&self, _pos: &Self::Position) -> Option<usize> {
        None
    }

    /// Pushes the numbers ([`ImpartialGame::dense_index`]) of the options
    /// of `pos` onto `out` and returns `true`, for a game that can number
    /// its options faster than it builds them; `false` (the default) says
    /// the game does not, and pushes nothing.
    ///
    /// The plain search ([`crate::search::Search::plain`]) then values a
    /// position from the numbers of its options alone, and builds an option
    /// (with [`ImpartialGame::dense_position`]) only the first time it meets
    /// it. A game that gives option numbers must give
    /// [`ImpartialGame::dense_position`] too, and its positions must not
    /// split into [`ImpartialGame::components`].
    fn dense_moves(&self, _pos: &Self::Position, _out: &mut Vec<usize>) -> bool {
        false
    }

    /// The position numbered `index`: the inverse of
    /// [`ImpartialGame::dense_index`]; `None` (the default) for games
    /// without a numbering or out of range.
    fn dense_position(&self, _index: usize) -> Option<Self::Position> {
        None
    }

    /// Pushes onto `out` the positions of layer `layer` among those `pos`
    /// leads to (itself included), and returns `true` while `layer` is one
    /// of them; `false` (the default) when it is past the last layer, or
    /// for a game without layers. The layers, from 0 up, must hold every
    /// position `pos` leads to, each once, with every option of a position
    /// in a lower layer than the position itself, and `pos` alone in the
    /// last one (Chomp's layers are the diagrams of 1, 2, ... squares).
    ///
    /// A game that gives its option numbers ([`ImpartialGame::dense_moves`])
    /// and its layers is valued by [`crate::search::Search::plain`] layer by
    /// layer, from the bottom, into its flat table: no recursion, and the
    /// positions of one layer are shared out between threads.
    fn dense_layer(
        &self,
        _pos: &Self::Position,
        _layer: usize,
        _out: &mut Vec<Self::Position>,
    ) -> bool {
        false
    }
}

/// The hasher of the solver's tables: a word-at-a-time multiply-rotate hash
/// (the Fx recipe) with MurmurHash3's finaliser, several times faster than
/// the default SipHash on the small keys games use (a `u64` bitboard, a few
/// heap sizes). Positions are produced by the game's own rules, so the
/// flooding attacks SipHash defends against do not apply.
#[derive(Clone, Copy, Debug, Default)]
pub struct PositionHasher(u64);

impl PositionHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// Builds [`PositionHasher`]s.
type BuildPositionHasher = BuildHasherDefault<PositionHasher>;

/// Why the solver could not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A position was reached again from itself: the game is not acyclic.
    #[error("the game has a cycle: a position is reachable from itself (found {depth} moves deep); analyse it as a loopy game graph instead")]
    Cycle {
        /// The depth of the solver's stack when the cycle was found.
        depth: usize,
    },
    /// The caller's [`Cancel`](crate::cancel::Cancel) flag fired (only a
    /// [`Valuation`] checks one).
    #[error("stopped before it finished")]
    Cancelled,
}

/// The cache of component values that the solver reads and fills.
///
/// The caller owns it, so one cache can serve many queries about the same
/// game (every position of Cram 5x6 shares its small regions with every
/// other). The solver also keeps its scratch buffers here, so repeated calls
/// allocate little.
#[derive(Clone, Debug)]
pub struct Cache<P> {
    /// The Grundy value of every component solved so far.
    values: HashMap<P, Nimber, BuildPositionHasher>,
    /// Reused vectors, so that each frame does not allocate anew.
    pool: Vec<Vec<P>>,
    mex: MexSet,
}

impl<P: Clone + Eq + Hash> Default for Cache<P> {
    fn default() -> Self {
        Cache::new()
    }
}

impl<P: Clone + Eq + Hash> Cache<P> {
    /// An empty cache.
    pub fn new() -> Self {
        Cache {
            values: HashMap::default(),
            pool: Vec::new(),
            mex: MexSet::new(),
        }
    }

    /// The number of components whose value is known.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The cached value of a component, if it was solved.
    pub fn get(&self, component: &P) -> Option<Nimber> {
        self.values.get(component).copied()
    }

    /// Forgets every value, keeping the allocations.
    pub fn clear(&mut self) {
        self.values.clear();
    }

    fn take_vec(&mut self) -> Vec<P> {
        self.pool.pop().unwrap_or_default()
    }

    fn give_vec(&mut self, mut v: Vec<P>) {
        v.clear();
        self.pool.push(v);
    }
}

/// One component whose options are being evaluated.
struct Frame<P> {
    component: P,
    /// The options of `component`, evaluated in order.
    options: Vec<P>,
    /// The next option to evaluate.
    next: usize,
    /// Values of the options evaluated so far.
    seen: Vec<Nimber>,
}

/// Sums the cached values of the components in `parts`, or returns the first
/// component whose value is not known yet.
fn sum_known<P: Clone + Eq + Hash>(
    values: &HashMap<P, Nimber, BuildPositionHasher>,
    parts: &[P],
) -> Result<Nimber, usize> {
    let mut total = Nimber::ZERO;
    for (i, part) in parts.iter().enumerate() {
        match values.get(part) {
            Some(&v) => total += v,
            None => return Err(i),
        }
    }
    Ok(total)
}

/// The Grundy value of `pos`.
///
/// Splits `pos` with [`ImpartialGame::components`], solves each component
/// not yet in `cache` (depth-first with an explicit stack), and returns the
/// xor of the component values.
///
/// # Complexity
/// Each distinct component is expanded once: O(sum over distinct components
/// of (number of moves x cost of splitting a move)) hash-map operations.
/// Memory: one cache entry per distinct component, plus the stack of open
/// components (at most the depth of the game).
///
/// # Errors
/// [`SolveError::Cycle`] when a component can be reached from itself. The
/// values proved before the cycle was met stay in the cache.
///
/// # Examples
/// ```
/// use grundy::game::{value, Cache, ImpartialGame};
/// use grundy::Nimber;
///
/// /// Subtraction game: take 1 or 2 from a heap of n; G(n) = n mod 3.
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 2].into_iter().filter(|&s| s <= n).map(|s| n - s));
///     }
/// }
/// let mut cache = Cache::new();
/// // Deep games are fine: the solver never recurses.
/// assert_eq!(value(&TakeOneOrTwo, &1_000_000, &mut cache), Ok(Nimber(1)));
/// ```
pub fn value<G: ImpartialGame>(
    game: &G,
    pos: &G::Position,
    cache: &mut Cache<G::Position>,
) -> Result<Nimber, SolveError> {
    value_of(game, pos, cache, &mut None)
}

/// How far a [`Valuation`] got: reported every few
/// thousand components, and the last figures when it was stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveProgress {
    /// Components whose options were all valued during this call.
    pub solved: u64,
    /// Entries in the cache now.
    pub cached: u64,
}

/// A cancel flag and a callback, checked while a component is solved.
struct Watch<'w> {
    cancel: &'w crate::cancel::Cancel,
    tick: &'w mut dyn FnMut(SolveProgress),
    solved: u64,
}

/// A [`value`] computation with its options given one call at a time: a
/// cancellation flag checked, and a progress callback called, every 4096
/// solved components (often enough to stop within a fraction of a second,
/// rarely enough to cost nothing measurable).
///
/// # Examples
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::game::{Cache, SolveError, Valuation};
/// use grundy::games::Chomp;
/// use grundy::Nimber;
///
/// let chomp = Chomp::new(4, 4).unwrap();
/// let mut last = None;
/// let v = Valuation::of(&chomp)
///     .progress(|p| last = Some(p))
///     .run(&chomp.start(), &mut Cache::new());
/// assert_ne!(v, Ok(Nimber(0)));
///
/// let stopped = Cancel::new();
/// stopped.cancel();
/// let big = Chomp::new(16, 255).unwrap();
/// let r = Valuation::of(&big).cancel(&stopped).run(&big.start(), &mut Cache::new());
/// assert_eq!(r, Err(SolveError::Cancelled));
/// ```
pub struct Valuation<'a, G> {
    game: &'a G,
    cancel: Option<crate::cancel::Cancel>,
    progress: Option<Box<dyn FnMut(SolveProgress) + 'a>>,
}

impl<'a, G: ImpartialGame> Valuation<'a, G> {
    /// A computation of values in `game`, with no options yet.
    pub fn of(game: &'a G) -> Self {
        Valuation {
            game,
            cancel: None,
            progress: None,
        }
    }

    /// Stops the computation with [`SolveError::Cancelled`] once `cancel`
    /// fires (the values proved so far stay in the cache, so a later run
    /// resumes).
    pub fn cancel(mut self, cancel: &crate::cancel::Cancel) -> Self {
        self.cancel = Some(cancel.clone());
        self
    }

    /// Calls `progress` every 4096 solved components, and with the last
    /// figures when the computation is stopped.
    pub fn progress(mut self, progress: impl FnMut(SolveProgress) + 'a) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// The value of `pos`, as [`value`] computes it.
    ///
    /// # Complexity
    /// That of [`value`].
    ///
    /// # Errors
    /// [`SolveError::Cancelled`] once the cancellation flag fires, or
    /// [`SolveError::Cycle`] as for [`value`].
    pub fn run(
        mut self,
        pos: &G::Position,
        cache: &mut Cache<G::Position>,
    ) -> Result<Nimber, SolveError> {
        if self.cancel.is_none() && self.progress.is_none() {
            return value_of(self.game, pos, cache, &mut None);
        }
        let cancel = self.cancel.unwrap_or_default();
        if cancel.is_cancelled() {
            return Err(SolveError::Cancelled);
        }
        let mut quiet = |_| {};
        let tick: &mut dyn FnMut(SolveProgress) = match &mut self.progress {
            Some(f) => &mut **f,
            None => &mut quiet,
        };
        let mut watch = Some(Watch {
            cancel: &cancel,
            tick,
            solved: 0,
        });
        value_of(self.game, pos, cache, &mut watch)
    }
}

fn value_of<G: ImpartialGame>(
    game: &G,
    pos: &G::Position,
    cache: &mut Cache<G::Position>,
    watch: &mut Option<Watch<'_>>,
) -> Result<Nimber, SolveError> {
    let mut parts = cache.take_vec();
    game.components(pos, &mut parts);
    let result = value_of_parts(game, &parts, cache, watch);
    cache.give_vec(parts);
    result
}

/// The xor of the values of the components in `parts`, solving those not
/// yet cached.
fn value_of_parts<G: ImpartialGame>(
    game: &G,
    parts: &[G::Position],
    cache: &mut Cache<G::Position>,
    watch: &mut Option<Watch<'_>>,
) -> Result<Nimber, SolveError> {
    loop {
        match sum_known(&cache.values, parts) {
            Ok(total) => return Ok(total),
            Err(i) => solve_component(game, &parts[i], cache, watch)?,
        }
    }
}

/// Solves one component (not in the cache) and every component below it.
fn solve_component<G: ImpartialGame>(
    game: &G,
    root: &G::Position,
    cache: &mut Cache<G::Position>,
    watch: &mut Option<Watch<'_>>,
) -> Result<(), SolveError> {
    // Components on the stack, to detect a cycle instead of looping forever.
    let mut open: HashSet<G::Position, BuildPositionHasher> = HashSet::default();
    let mut stack: Vec<Frame<G::Position>> = Vec::new();
    let mut split = cache.take_vec();

    let push = |component: G::Position,
                cache: &mut Cache<G::Position>,
                stack: &mut Vec<Frame<G::Position>>,
                open: &mut HashSet<G::Position, BuildPositionHasher>|
     -> Result<(), SolveError> {
        if !open.insert(component.clone()) {
            return Err(SolveError::Cycle { depth: stack.len() });
        }
        let mut options = cache.take_vec();
        game.moves(&component, &mut options);
        stack.push(Frame {
            component,
            options,
            next: 0,
            seen: Vec::new(),
        });
        Ok(())
    };

    let result = (|| {
        push(root.clone(), cache, &mut stack, &mut open)?;
        while let Some(frame) = stack.last_mut() {
            if frame.next == frame.options.len() {
                // Every option is valued: this component is done.
                let frame = stack.pop().expect("stack is not empty");
                cache.mex.clear();
                cache.mex.extend(frame.seen.iter().copied());
                let v = cache.mex.mex();
                open.remove(&frame.component);
                cache.values.insert(frame.component, v);
                cache.give_vec(frame.options);
                if let Some(w) = watch.as_mut() {
                    w.solved += 1;
                    if w.solved % 4096 == 0 {
                        (w.tick)(SolveProgress {
                            solved: w.solved,
                            cached: cache.values.len() as u64,
                        });
                        if w.cancel.is_cancelled() {
                            return Err(SolveError::Cancelled);
                        }
                    }
                }
                continue;
            }
            split.clear();
            game.components(&frame.options[frame.next], &mut split);
            match sum_known(&cache.values, &split) {
                Ok(v) => {
                    frame.seen.push(v);
                    frame.next += 1;
                }
                Err(i) => {
                    let child = split[i].clone();
                    push(child, cache, &mut stack, &mut open)?;
                }
            }
        }
        Ok(())
    })();
    for frame in stack {
        cache.give_vec(frame.options);
    }
    cache.give_vec(split);
    result
}

/// The outcome of `pos`: [`Outcome::P`] exactly when its value is `*0`.
///
/// # Complexity
/// That of [`value`].
///
/// # Errors
/// [`SolveError::Cycle`] as for [`value`].
///
/// # Examples
/// ```
/// use grundy::game::{outcome, Cache, ImpartialGame};
/// use grundy::Outcome;
///
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 2].into_iter().filter(|&s| s <= n).map(|s| n - s));
///     }
/// }
/// assert_eq!(outcome(&TakeOneOrTwo, &9, &mut Cache::new()), Ok(Outcome::P));
/// ```
pub fn outcome<G: ImpartialGame>(
    game: &G,
    pos: &G::Position,
    cache: &mut Cache<G::Position>,
) -> Result<Outcome, SolveError> {
    Ok(Outcome::from_first_player_wins(
        !value(game, pos, cache)?.is_zero(),
    ))
}

/// What the solver says about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<P> {
    /// The Grundy value.
    pub value: Nimber,
    /// N when the player to move wins, P otherwise.
    pub outcome: Outcome,
    /// Every option of the position (as [`ImpartialGame::moves`] gives it,
    /// in that order, duplicates removed) whose value is `*0`: the winning
    /// moves. Empty for a P-position.
    pub winning_moves: Vec<P>,
}

/// The value, outcome and every winning move of `pos`.
///
/// # Complexity
/// That of [`value`], plus one split and cache look-up per option of `pos`.
///
/// # Errors
/// [`SolveError::Cycle`] as for [`value`].
///
/// # Examples
/// ```
/// use grundy::game::{analyse, Cache, ImpartialGame};
/// use grundy::Nimber;
///
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 2].into_iter().filter(|&s| s <= n).map(|s| n - s));
///     }
/// }
/// let report = analyse(&TakeOneOrTwo, &7, &mut Cache::new()).unwrap();
/// assert_eq!(report.value, Nimber(1));
/// assert_eq!(report.winning_moves, vec![6]);
/// ```
pub fn analyse<G: ImpartialGame>(
    game: &G,
    pos: &G::Position,
    cache: &mut Cache<G::Position>,
) -> Result<Analysis<G::Position>, SolveError> {
    let v = value(game, pos, cache)?;
    let mut winning_moves = Vec::new();
    if !v.is_zero() {
        let mut options = cache.take_vec();
        game.moves(pos, &mut options);
        let mut seen: HashSet<G::Position, BuildPositionHasher> = HashSet::default();
        for option in options.drain(..) {
            if value(game, &option, cache)?.is_zero() && seen.insert(option.clone()) {
                winning_moves.push(option);
            }
        }
        cache.give_vec(options);
    }
    Ok(Analysis {
        value: v,
        outcome: Outcome::from_first_player_wins(!v.is_zero()),
        winning_moves,
    })
}

/// A game seen without its component split: every position is solved as a
/// whole. Useful to check a split against the plain definition (and slow on
/// sums, on purpose).
///
/// ```
/// use grundy::game::{value, Cache, Unsplit};
/// use grundy::games::MultiHeap;
/// use grundy::heap::HeapRuleset;
/// use grundy::Nimber;
///
/// let kayles = MultiHeap::new(HeapRuleset::parse("kayles").unwrap());
/// let split = value(&kayles, &vec![3, 5], &mut Cache::new()).unwrap();
/// let whole = value(&Unsplit(&kayles), &vec![3, 5], &mut Cache::new()).unwrap();
/// assert_eq!(split, whole);
/// assert_eq!(split, Nimber(3) + Nimber(4));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Unsplit<'g, G>(pub &'g G);

impl<G: ImpartialGame> ImpartialGame for Unsplit<'_, G> {
    type Position = G::Position;

    fn moves(&self, pos: &G::Position, out: &mut Vec<G::Position>) {
        self.0.moves(pos, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with a cycle: 0 -> 1 -> 0.
    struct Loop;
    impl ImpartialGame for Loop {
        type Position = u8;
        fn moves(&self, &p: &u8, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
    }

    #[test]
    fn cycles_are_errors_not_hangs() {
        let mut cache = Cache::new();
        assert!(matches!(
            value(&Loop, &0, &mut cache),
            Err(SolveError::Cycle { .. })
        ));
        // The cache is still usable afterwards.
        assert!(cache.is_empty());
    }

    /// Nim heaps as separate components, checked against the xor rule.
    struct Heaps;
    impl ImpartialGame for Heaps {
        type Position = Vec<u8>;
        fn moves(&self, pos: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for i in 0..pos.len() {
                for k in 0..pos[i] {
                    let mut next = pos.clone();
                    next[i] = k;
                    out.push(next);
                }
            }
        }
        fn components(&self, pos: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
        }
    }

    #[test]
    fn split_and_whole_agree_on_nim() {
        let mut split = Cache::new();
        let mut whole = Cache::new();
        for a in 0..6u8 {
            for b in 0..6u8 {
                for c in 0..4u8 {
                    let pos = vec![a, b, c];
                    let expected = Nimber(u64::from(a ^ b ^ c));
                    assert_eq!(value(&Heaps, &pos, &mut split), Ok(expected));
                    assert_eq!(value(&Unsplit(&Heaps), &pos, &mut whole), Ok(expected));
                }
            }
        }
        // The split cache holds single heaps only.
        assert!(split.len() <= 6);
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_zero() {
        let mut cache = Cache::new();
        let report = analyse(&Heaps, &vec![1, 2, 4], &mut cache).unwrap();
        assert_eq!(report.value, Nimber(7));
        assert_eq!(report.winning_moves, vec![vec![1, 2, 3]]);
        let p = analyse(&Heaps, &vec![1, 2, 3], &mut cache).unwrap();
        assert_eq!(p.outcome, Outcome::P);
        assert!(p.winning_moves.is_empty());
    }
}
