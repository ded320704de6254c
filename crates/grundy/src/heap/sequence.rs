//! Grundy sequences `G(0), G(1), ...` of heap games: the engines that
//! compute them, behind one trait. They keep their values in a compact
//! [`GrundySequence`].
//!
//! Engines implement the small [`SequenceEngine`] trait: they grow a
//! sequence on demand (`extend_to`), which lets the period search stop the
//! computation as soon as a proof is complete. [`engine`] picks one:
//!
//! | ruleset | fast engine | cost per value |
//! |---|---|---|
//! | Nim | the formula `G(n) = n` | O(1), nothing stored |
//! | finite subtraction set | bitset mex ("shifted OR", below) | O(max(S)/64 + values) |
//! | all-but set | counting (below) | O(\|F\| · rare values) |
//! | take-and-break code | sparse space ([`SparseOctal`]; dense classes and proved periods handled inside, see its module's "Which method runs") | O(t·(rare pairs + scans)), near O(t·r) for r rare values; O(1) once a period is proved |
//! | everything else | the naive engine | the number of options |
//!
//! The naive engine ([`EngineKind::Naive`]) takes the mex over
//! [`HeapRuleset::for_each_option`] for every ruleset; the tests check every
//! fast engine against it.
//!
//! [`values`] gives `G(0..=n)` of a ruleset at once; [`Grow`] grows any
//! engine in chunks that a flag can stop and a callback can watch, as the
//! period search ([`Analysis::of`](super::period::Analysis::of)) does.
//! Both can hand the values to a caller as each chunk is done
//! ([`Grow::stream`]), so a front end prints the first values of a long
//! run at once, in the order every engine computes them.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use super::subtraction::Runs;
use super::{GrundySequence, HeapRuleset, SparseOctal, SubtractionSet};
use crate::cancel::{Cancel, Cancelled};
use crate::limits::LimitError;
use crate::{MexSet, Nimber};

/// An incremental Grundy-sequence engine for one heap game.
///
/// Engines compute `G(0), G(1), ...` in order and keep them; the period
/// search and the sum solver grow them only as far as they need.
/// Implementations outside this module (a sparse-space octal engine, say)
/// plug in by implementing these four methods and being returned from
/// [`engine`].
///
/// ```
/// use grundy::heap::{sequence, HeapRuleset, SequenceEngine};
/// use grundy::Nimber;
///
/// let game: HeapRuleset = "sub{1,3,4}".parse()?;
/// let mut e = sequence::engine(&game, sequence::EngineKind::Fast);
/// e.extend_to(9);
/// assert_eq!(e.len(), 10);
/// // P-positions of sub{1,3,4} are n = 0, 2 (mod 7).
/// assert_eq!(e.get(7), Nimber(0));
/// assert_eq!(e.get(9), Nimber(0));
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
pub trait SequenceEngine {
    /// Computes values until `G(n)` is known (does nothing if it already is).
    fn extend_to(&mut self, n: usize);

    /// How many values are known: `G(0), ..., G(len-1)`.
    fn len(&self) -> usize;

    /// `G(i)` for `i < len()`.
    ///
    /// # Panics
    /// If `i >= len()`.
    fn get(&self, i: usize) -> Nimber;

    /// A short name for reports and benchmarks (`"naive"`, `"bitset"`, ...).
    fn name(&self) -> &'static str;

    /// The largest `n` that [`extend_to`](Self::extend_to) accepts; callers
    /// check it (or clamp to it) before asking for more. Engines limited only
    /// by memory answer `usize::MAX`.
    fn max_index(&self) -> usize {
        usize::MAX
    }

    /// Reserves, fallibly, the memory that storing `G(0..=n)` needs, so
    /// that a later [`extend_to(n)`](Self::extend_to) does not grow the
    /// value store (and cannot abort for want of memory there). Engines
    /// that store nothing (Nim) keep the default, which reserves nothing.
    ///
    /// # Errors
    /// [`LimitError::OutOfMemory`] with the bytes asked for.
    fn try_reserve(&mut self, n: usize) -> Result<(), LimitError> {
        let _ = n;
        Ok(())
    }

    /// Whether no value is known yet.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Starts from values computed before (a run resumed from a file):
    /// afterwards `len() == known.len()` and `get(i)` is `known[i]`, and the
    /// engine goes on from there as if it had computed them itself. Returns
    /// false, changing nothing, where the engine cannot take values it did
    /// not compute; the caller then recomputes them. An engine starts from
    /// values only when it has computed nothing beyond `G(0)` yet.
    ///
    /// The values must be this game's: an engine may trust them.
    fn resume_from(&mut self, known: &GrundySequence) -> bool {
        let _ = known;
        false
    }

    /// Appends `G(out.len()), ..., G(len()-1)` to `out`. Engines that keep a
    /// compact copy may override this with a bulk copy.
    fn append_to(&self, out: &mut GrundySequence) {
        for i in out.len()..self.len() {
            out.push(self.get(i));
        }
    }

    /// What the engine can tell of its state, for progress lines and the
    /// statistics of long runs. Engines with nothing to tell keep the
    /// default, which says nothing.
    ///
    /// ```
    /// use grundy::heap::{sequence, HeapRuleset};
    ///
    /// let officers: HeapRuleset = "0.6".parse()?;
    /// let mut e = sequence::engine(&officers, sequence::EngineKind::Fast);
    /// e.extend_to(20_000);
    /// let report = e.report();
    /// // Officers' rare positions (1583 of them) all lie below 20 628.
    /// assert!(report.rare.is_some_and(|r| r > 1000));
    /// assert_eq!(report.period, None);
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    fn report(&self) -> EngineReport {
        EngineReport::default()
    }

    /// The values computed so far, where the engine keeps them as a
    /// [`GrundySequence`] (every engine that stores values does; Nim's
    /// needs none): a period search reads them there instead of copying
    /// them.
    fn sequence(&self) -> Option<&GrundySequence> {
        None
    }

    /// The values computed so far, the engine given up: moved out where
    /// the engine keeps a [`GrundySequence`], copied otherwise.
    ///
    /// ```
    /// use grundy::heap::{sequence, HeapRuleset};
    /// use grundy::Nimber;
    ///
    /// let kayles: HeapRuleset = "kayles".parse()?;
    /// let mut e = sequence::engine(&kayles, sequence::EngineKind::Fast);
    /// e.extend_to(11);
    /// let values = e.into_sequence();
    /// assert!(values.len() >= 12);
    /// assert_eq!(values.get(11), Some(Nimber(6)));
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    fn into_sequence(self: Box<Self>) -> GrundySequence {
        let mut out = GrundySequence::new();
        self.append_to(&mut out);
        out
    }
}

/// What a [`SequenceEngine`] tells of its state mid-run
/// ([`SequenceEngine::report`]); every field is `None` where the engine
/// does not know it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineReport {
    /// Rare positions of the sparse-space engine, summed over its classes
    /// (see [`SparseStats`](super::SparseStats)).
    pub rare: Option<usize>,
    /// `(n0, p)` once the values are proved to satisfy `G(n + p) = G(n)`
    /// for every `n >= n0`.
    pub period: Option<(usize, usize)>,
    /// `(n0, p)`: the period the values looked like at the engine's last
    /// look, proved or not (see [`SparseStats::candidate`](super::SparseStats::candidate)).
    pub candidate: Option<(usize, usize)>,
    /// Whether each further value costs the same however long the
    /// sequence grows: true for the sparse-space engine once a period is
    /// proved, or while every class of splits is sparse and no move splits
    /// a heap in three; false where a value costs O(n).
    pub linear: Option<bool>,
}

/// Which engine [`engine`] builds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// The mex over every option, straight from the definition: the
    /// reference that every other engine is tested against.
    Naive,
    /// The fastest engine this crate has for the ruleset.
    #[default]
    Fast,
}

/// Builds an engine for `ruleset`.
///
/// This is the single dispatch point: a faster engine for a family (the
/// sparse-space method for take-and-break codes, [`SparseOctal`]) is wired
/// in here.
///
/// # Complexity
/// O(1); the engines allocate as they grow.
pub fn engine(ruleset: &HeapRuleset, kind: EngineKind) -> Box<dyn SequenceEngine + Send> {
    if kind == EngineKind::Naive {
        return Box::new(NaiveEngine::new(ruleset.clone()));
    }
    match ruleset {
        HeapRuleset::Nim => Box::new(NimEngine { len: 0 }),
        HeapRuleset::Subtraction(SubtractionSet::Finite(set))
            if BitsetSubtraction::worst_bytes(set) <= BITSET_MAX_BYTES =>
        {
            Box::new(BitsetSubtraction::new(set))
        }
        HeapRuleset::Subtraction(SubtractionSet::AllBut(excluded)) => {
            Box::new(AllButEngine::new(excluded))
        }
        HeapRuleset::TakeBreak(code) => Box::new(SparseOctal::new(code)),
        _ => Box::new(NaiveEngine::new(ruleset.clone())),
    }
}

/// `G(0), ..., G(n)` of `ruleset` with the fastest engine.
///
/// # Complexity
/// That of the engine chosen by [`engine`].
///
/// ```
/// use grundy::heap::{sequence, HeapRuleset};
/// use grundy::Nimber;
///
/// let squares: HeapRuleset = "sub{squares}".parse()?;
/// let g = sequence::values(&squares, 6);
/// assert_eq!(g.iter().collect::<Vec<_>>(), [0, 1, 0, 1, 2, 0, 1].map(Nimber));
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
pub fn values(ruleset: &HeapRuleset, n: usize) -> GrundySequence {
    let mut e = engine(ruleset, EngineKind::Fast);
    e.extend_to(n);
    first_values(e.as_ref(), n)
}

/// `G(0..=n)` from an engine that knows them: it may know more (the octal
/// engine finishes its block of heap sizes past `n`).
fn first_values(e: &dyn SequenceEngine, n: usize) -> GrundySequence {
    let mut out = GrundySequence::with_capacity(n + 1);
    if e.len() == n + 1 {
        e.append_to(&mut out);
    } else {
        for i in 0..=n {
            out.push(e.get(i));
        }
    }
    out
}

/// Grows an engine in chunks, so that a long computation can be stopped
/// and watched: made by [`Grow::of`], given its options one call at a
/// time, and run by [`to`](Grow::to).
///
/// The chunks are sized from the time the last one took (about 20 ms each),
/// so that a quadratic engine stops as promptly as a linear one, and the
/// engine itself is not touched: any [`SequenceEngine`] works. The octal
/// engine finishes whole blocks of heap sizes, so a chunk ends with a
/// finished block.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::{sequence, HeapRuleset};
///
/// let game: HeapRuleset = "0.07".parse()?;
/// let mut e = sequence::engine(&game, sequence::EngineKind::Fast);
/// let mut known = 0;
/// sequence::Grow::of(e.as_mut()).progress(&mut |n| known = n).to(1000)?;
/// assert_eq!((e.len(), known), (1001, 1001));
///
/// let stop = Cancel::new();
/// stop.cancel();
/// let mut e = sequence::engine(&game, sequence::EngineKind::Fast);
/// assert!(sequence::Grow::of(e.as_mut()).cancel(&stop).to(1000).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "an engine grows only when `to` is called"]
pub struct Grow<'a> {
    engine: &'a mut dyn SequenceEngine,
    cancel: Option<&'a Cancel>,
    progress: Option<&'a mut dyn FnMut(usize)>,
    stream: Option<&'a mut Stream<'a>>,
}

/// What [`Grow::stream`] and [`Search::stream`](super::period::Search::stream)
/// call after each chunk of values: the engine, which knows
/// `G(0..engine.len())` (the callback keeps how far it has read them).
/// Breaking stops the run, which then returns
/// [`Cancelled`] as when its flag is set: a front end whose reader has
/// gone away (`grundy values ... | head`) stops computing at once.
pub type Stream<'a> = dyn FnMut(&dyn SequenceEngine) -> ControlFlow<()> + 'a;

impl<'a> Grow<'a> {
    /// Grows `engine`, which keeps the values it computes.
    pub fn of(engine: &'a mut dyn SequenceEngine) -> Grow<'a> {
        Grow {
            engine,
            cancel: None,
            progress: None,
            stream: None,
        }
    }

    /// Checks `cancel` between chunks and stops once it is set.
    pub fn cancel(mut self, cancel: &'a Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// Calls `progress` after each chunk with the number of values known.
    pub fn progress(mut self, progress: &'a mut dyn FnMut(usize)) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Calls `stream` after each chunk with the engine, whose values
    /// `G(0..len())` it may read (and print) while the next chunk waits:
    /// the first values of a long run are out within one chunk, about
    /// 20 ms. Returning [`ControlFlow::Break`] stops the run.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grundy::heap::{sequence, HeapRuleset};
    ///
    /// let officers: HeapRuleset = "0.6".parse()?;
    /// let mut e = sequence::engine(&officers, sequence::EngineKind::Fast);
    /// // Read the values as they come, and stop once G(0..1000) are known.
    /// let mut read = 0;
    /// let mut first = vec![];
    /// let run = sequence::Grow::of(e.as_mut())
    ///     .stream(&mut |e| {
    ///         first.extend((read..e.len().min(1000)).map(|i| e.get(i).0));
    ///         read = e.len();
    ///         if read >= 1000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    ///     })
    ///     .to(10_000_000);
    /// assert!(run.is_err(), "stopped by the stream");
    /// assert_eq!(first[..8], [0, 0, 1, 2, 0, 1, 2, 3]);
    /// assert!(e.len() < 10_000_000);
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn stream(mut self, stream: &'a mut Stream<'a>) -> Self {
        self.stream = Some(stream);
        self
    }

    /// Grows the engine until `G(n)` is known.
    ///
    /// # Errors
    /// [`Cancelled`] when the flag is set or the [stream](Grow::stream)
    /// breaks; the values computed so far stay in the engine (its
    /// [`len`](SequenceEngine::len) says how far it got).
    ///
    /// # Complexity
    /// That of the engine up to `n`, plus one clock read per chunk.
    pub fn to(self, n: usize) -> Result<(), Cancelled> {
        let never = Cancel::new();
        let mut quiet = |_: usize| {};
        extend(
            self.engine,
            n,
            self.cancel.unwrap_or(&never),
            self.progress.unwrap_or(&mut quiet),
            self.stream,
        )
    }
}

/// [`Grow::to`] with its options given.
pub(crate) fn extend(
    engine: &mut dyn SequenceEngine,
    n: usize,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
    mut stream: Option<&mut Stream<'_>>,
) -> Result<(), Cancelled> {
    const TARGET: Duration = Duration::from_millis(20);
    let mut chunk: usize = 64;
    while engine.len() <= n {
        cancel.check()?;
        let started = Instant::now();
        let to = engine.len().saturating_add(chunk).min(n);
        engine.extend_to(to);
        progress(engine.len());
        if let Some(stream) = stream.as_deref_mut() {
            if stream(&*engine).is_break() {
                return Err(Cancelled);
            }
        }
        let took = started.elapsed();
        chunk = if took < TARGET / 2 {
            chunk.saturating_mul(2)
        } else if took > TARGET * 2 {
            (chunk / 2).max(1)
        } else {
            chunk
        };
    }
    Ok(())
}

/// The sparse-space engine is the fast engine of every take-and-break code
/// ([`engine`] picks it). It may compute a
/// few values past the `n` asked for (it finishes a block); they are exact,
/// and [`len`](SequenceEngine::len) counts them.
impl SequenceEngine for SparseOctal {
    fn extend_to(&mut self, n: usize) {
        SparseOctal::extend_to(self, n);
    }

    fn len(&self) -> usize {
        SparseOctal::len(self)
    }

    fn get(&self, i: usize) -> Nimber {
        SparseOctal::get(self, i)
    }

    fn name(&self) -> &'static str {
        "sparse"
    }

    fn max_index(&self) -> usize {
        SparseOctal::MAX_N
    }

    fn resume_from(&mut self, known: &GrundySequence) -> bool {
        SparseOctal::resume_from(self, known)
    }

    fn try_reserve(&mut self, n: usize) -> Result<(), LimitError> {
        SparseOctal::try_reserve(self, n)
    }

    fn sequence(&self) -> Option<&GrundySequence> {
        Some(self.values())
    }

    fn into_sequence(self: Box<Self>) -> GrundySequence {
        self.into_values()
    }

    fn report(&self) -> EngineReport {
        let stats = self.stats();
        EngineReport {
            rare: Some(stats.rare[0] + stats.rare[1]),
            period: stats.period,
            candidate: stats.candidate,
            linear: Some(self.is_linear()),
        }
    }
}

/// The reference engine: the mex over every option of every heap.
#[derive(Clone, Debug)]
pub struct NaiveEngine {
    ruleset: HeapRuleset,
    values: GrundySequence,
    seen: MexSet,
}

impl NaiveEngine {
    /// An engine for `ruleset` with no value computed yet.
    pub fn new(ruleset: HeapRuleset) -> NaiveEngine {
        NaiveEngine {
            ruleset,
            values: GrundySequence::new(),
            seen: MexSet::new(),
        }
    }
}

impl SequenceEngine for NaiveEngine {
    fn try_reserve(&mut self, n: usize) -> Result<(), LimitError> {
        self.values.try_reserve(n.saturating_add(1))
    }

    fn extend_to(&mut self, n: usize) {
        while self.values.len() <= n {
            let m = self.values.len() as u64;
            self.seen.clear();
            let (values, seen) = (&self.values, &mut self.seen);
            self.ruleset.for_each_option(m, |leaves| {
                let v = leaves
                    .as_slice()
                    .iter()
                    .map(|&h| values.get(h as usize).unwrap_or_default())
                    .sum();
                seen.insert(v);
            });
            let g = self.seen.mex();
            self.values.push(g);
        }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn get(&self, i: usize) -> Nimber {
        self.values.get(i).expect("index below len()")
    }

    fn name(&self) -> &'static str {
        "naive"
    }

    fn resume_from(&mut self, known: &GrundySequence) -> bool {
        if self.values.len() > 1 {
            return false;
        }
        self.values = known.clone();
        true
    }

    fn append_to(&self, out: &mut GrundySequence) {
        for g in self.values.iter().skip(out.len()) {
            out.push(g);
        }
    }
    fn sequence(&self) -> Option<&GrundySequence> {
        Some(&self.values)
    }
    fn into_sequence(self: Box<Self>) -> GrundySequence {
        self.values
    }
}

/// Nim: `G(n) = n`, so nothing is stored and any length is free.
#[derive(Clone, Copy, Debug)]
struct NimEngine {
    len: usize,
}

impl SequenceEngine for NimEngine {
    fn extend_to(&mut self, n: usize) {
        self.len = self.len.max(n + 1);
    }
    fn len(&self) -> usize {
        self.len
    }
    fn get(&self, i: usize) -> Nimber {
        assert!(i < self.len, "index below len()");
        Nimber(i as u64)
    }
    fn name(&self) -> &'static str {
        "formula"
    }
    fn resume_from(&mut self, known: &GrundySequence) -> bool {
        self.len = known.len();
        true
    }
}

/// Bitset mex for a finite subtraction set `S` with largest element `m`.
///
/// For every value `v` a ring of bits marks the positions (modulo the ring
/// length) that have an option of value `v`. When `G(n)` becomes `v`, every
/// position `n + s` (`s` in `S`) gains an option of value `v`: one shifted
/// OR of the bit mask of `S` into ring `v`, `m/64` word operations instead
/// of `|S|` lookups. `G(n)` is the first `v` whose bit `n` is clear.
///
/// The rings are stored transposed, `words[w * capacity + v]`, so that the
/// mex scan over the values at one position reads consecutive words. A
/// ring word is zeroed once its 64 positions are all decided; the ring is
/// more than `m + 64` positions long, so no OR ever reaches a word that
/// still holds decided positions.
#[derive(Clone, Debug)]
struct BitsetSubtraction {
    /// Bit `s` set for each `s` in `S` (bit 0 is never set).
    mask: Vec<u64>,
    /// Ring length in words (a power of two).
    ring_words: usize,
    /// Values with a ring so far, and room for them in `words`.
    n_values: usize,
    capacity: usize,
    words: Vec<u64>,
    values: GrundySequence,
}

/// The most memory the bitset engine may come to hold; a set whose rings
/// could need more (a huge largest element and many elements, as in
/// `sub{1..16777216}`) is computed by the plain engine, whose memory is one
/// value per heap, whatever the set.
const BITSET_MAX_BYTES: u64 = 256 << 20;

impl BitsetSubtraction {
    /// The bytes of the rings at their largest: one ring of about
    /// max(S)/64 words per value, and at most |S| + 1 values (a mex of |S|
    /// options), rounded up to the power of two the room grows by.
    fn worst_bytes(set: &Runs) -> u64 {
        let max = set.last().unwrap_or(0);
        let ring_words = (max / 64 + 3).next_power_of_two();
        let values = (set.len() + 1).next_power_of_two().max(4);
        ring_words.saturating_mul(values).saturating_mul(8)
    }

    fn new(set: &Runs) -> BitsetSubtraction {
        let m = set.last().unwrap_or(0) as usize;
        let mut mask = vec![0u64; m / 64 + 1];
        for s in set.iter() {
            mask[s as usize / 64] |= 1 << (s % 64);
        }
        let ring_words = (mask.len() + 2).next_power_of_two();
        let capacity = 4;
        BitsetSubtraction {
            mask,
            ring_words,
            n_values: 0,
            capacity,
            words: vec![0; ring_words * capacity],
            values: GrundySequence::new(),
        }
    }

    /// Doubles the room for values, keeping every ring.
    fn grow(&mut self) {
        let capacity = self.capacity * 2;
        let mut words = vec![0; self.ring_words * capacity];
        for w in 0..self.ring_words {
            let old = &self.words[w * self.capacity..(w + 1) * self.capacity];
            words[w * capacity..w * capacity + self.capacity].copy_from_slice(old);
        }
        self.words = words;
        self.capacity = capacity;
    }
}

impl SequenceEngine for BitsetSubtraction {
    fn try_reserve(&mut self, n: usize) -> Result<(), LimitError> {
        self.values.try_reserve(n.saturating_add(1))
    }

    fn extend_to(&mut self, n: usize) {
        let ring_bits = self.ring_words * 64;
        let wrap = self.ring_words - 1;
        while self.values.len() <= n {
            let pos = self.values.len();
            let slot = pos % ring_bits;
            let (word, bit) = (slot / 64, slot % 64);
            let row = &self.words[word * self.capacity..word * self.capacity + self.n_values];
            let g = row
                .iter()
                .position(|&w| w >> bit & 1 == 0)
                .unwrap_or(self.n_values);
            if g == self.n_values {
                if self.n_values == self.capacity {
                    self.grow();
                }
                self.n_values += 1;
            }
            // OR the mask of S, shifted left by `pos`, into ring g.
            let cap = self.capacity;
            for (i, &m) in self.mask.iter().enumerate() {
                if m == 0 {
                    continue;
                }
                self.words[((word + i) & wrap) * cap + g] |= m << bit;
                if bit > 0 {
                    self.words[((word + i + 1) & wrap) * cap + g] |= m >> (64 - bit);
                }
            }
            if bit == 63 {
                self.words[word * cap..word * cap + self.n_values].fill(0);
            }
            self.values.push(Nimber(g as u64));
        }
    }
    fn len(&self) -> usize {
        self.values.len()
    }
    fn get(&self, i: usize) -> Nimber {
        self.values.get(i).expect("index below len()")
    }
    fn name(&self) -> &'static str {
        "bitset"
    }
    fn sequence(&self) -> Option<&GrundySequence> {
        Some(&self.values)
    }
    fn into_sequence(self: Box<Self>) -> GrundySequence {
        self.values
    }
}

/// All-but subtraction: every take except those in a finite set `F`.
///
/// The options of `n` are all positions below `n` except `n - f`. A value
/// `v` is missing among the options exactly when every earlier occurrence of
/// `v` sits at an excluded position, i.e. when `count[v]` equals the number
/// of `f` with `G(n - f) = v`. That needs `count[v] <= |F|`, so only the few
/// "rare" values (seen at most `|F|` times) and the smallest unseen value
/// are candidates, and counts only grow: O(|F| · rare) per position instead
/// of O(n).
#[derive(Clone, Debug)]
struct AllButEngine {
    excluded: Runs,
    count: Vec<u64>,
    /// Values seen between 1 and `|F|` times, ascending.
    rare: Vec<u64>,
    smallest_unseen: u64,
    values: GrundySequence,
}

impl AllButEngine {
    fn new(excluded: &Runs) -> AllButEngine {
        AllButEngine {
            excluded: excluded.clone(),
            count: Vec::new(),
            rare: Vec::new(),
            smallest_unseen: 0,
            values: GrundySequence::new(),
        }
    }
}

impl SequenceEngine for AllButEngine {
    fn try_reserve(&mut self, n: usize) -> Result<(), LimitError> {
        self.values.try_reserve(n.saturating_add(1))
    }

    fn extend_to(&mut self, n: usize) {
        let limit = self.excluded.len();
        while self.values.len() <= n {
            let pos = self.values.len() as u64;
            let mut g = self.smallest_unseen;
            for &v in &self.rare {
                if v > g {
                    break;
                }
                let at_excluded = self
                    .excluded
                    .iter()
                    .take_while(|&f| f <= pos)
                    .filter(|&f| self.values.get((pos - f) as usize) == Some(Nimber(v)))
                    .count() as u64;
                if at_excluded == self.count[v as usize] {
                    g = v;
                    break;
                }
            }
            let gi = g as usize;
            if gi >= self.count.len() {
                self.count.resize(gi + 1, 0);
            }
            self.count[gi] += 1;
            if self.count[gi] == 1 {
                let at = self.rare.partition_point(|&v| v < g);
                self.rare.insert(at, g);
            }
            if self.count[gi] == limit + 1 {
                self.rare.retain(|&v| v != g);
            }
            while self
                .count
                .get(self.smallest_unseen as usize)
                .is_some_and(|&c| c > 0)
            {
                self.smallest_unseen += 1;
            }
            self.values.push(Nimber(g));
        }
    }
    fn len(&self) -> usize {
        self.values.len()
    }
    fn get(&self, i: usize) -> Nimber {
        self.values.get(i).expect("index below len()")
    }
    fn name(&self) -> &'static str {
        "counting"
    }
    fn sequence(&self) -> Option<&GrundySequence> {
        Some(&self.values)
    }
    fn into_sequence(self: Box<Self>) -> GrundySequence {
        self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_engine(spec: &str, kind: EngineKind, n: usize) -> Vec<u64> {
        let ruleset = HeapRuleset::parse(spec).unwrap();
        let mut e = engine(&ruleset, kind);
        // Grow in uneven steps to exercise the incremental interface.
        let mut at = 0;
        while at < n {
            at = (at * 2 + 3).min(n);
            e.extend_to(at);
        }
        e.extend_to(n);
        (0..=n).map(|i| e.get(i).0).collect()
    }

    #[test]
    fn values_stop_at_n_when_the_engine_goes_past_it() {
        // The octal engine computes whole blocks of heap sizes, past the
        // n asked for, once blocks apply (0.354 from a few hundred on,
        // Officers from about two thousand).
        for (spec, n) in [("0.354", 1500), ("0.6", 5000)] {
            let ruleset = HeapRuleset::parse(spec).unwrap();
            let mut e = engine(&ruleset, EngineKind::Fast);
            e.extend_to(n);
            assert!(e.len() > n + 1, "{spec}: the engine stopped at n");
            let g = values(&ruleset, n);
            assert_eq!(g.len(), n + 1, "{spec}");
            let mut grown = engine(&ruleset, EngineKind::Fast);
            Grow::of(grown.as_mut())
                .cancel(&Cancel::new())
                .to(n)
                .unwrap();
            assert!(grown.len() > n, "{spec}");
            assert!((0..=n).all(|i| g.get(i) == Some(e.get(i)) && grown.get(i) == e.get(i)));
        }
    }

    #[test]
    fn fast_engines_match_the_naive_one() {
        let specs = [
            "nim",
            "sub{1,3,4}",
            "sub{2,5,7,100}",
            "sub{1..70}",
            "sub{64,65,129}",
            "allbut{1}",
            "allbut{2,3,7}",
            "allbut{1,2,3,4,5}",
            "sub{squares}",
            "sub{primes}",
            "half",
            "0.77",
            "4.07",
            "0.F7",
            "C.1",
            "grundy-game",
        ];
        for spec in specs {
            let n = if spec.contains('F') || spec.starts_with('C') {
                120
            } else {
                700
            };
            assert_eq!(
                by_engine(spec, EngineKind::Fast, n),
                by_engine(spec, EngineKind::Naive, n),
                "{spec}"
            );
        }
    }
}
