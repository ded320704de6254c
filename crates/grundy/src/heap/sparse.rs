//! A fast incremental engine for take-and-break codes: the sparse-space
//! (rare/common) method of Gangolli and Plambeck (1989) and Flammenkamp,
//! with a vectorised dense fall-back.
//!
//! # The idea
//!
//! Splitting a heap of `r` tokens into `a + (r - a)` has value
//! `G(a) xor G(r - a)`, and computing `G(n)` naively looks at all `r/2`
//! splits for every `n`: O(n²) in all. In most octal games the values fall
//! into two classes. Give every position `a` the *label* `(G(a), a mod 2)`,
//! and xor labels componentwise. Choose a set `C` of *common* labels such
//! that no xor of two common labels is the label of a typical value: then a
//! pair of common positions can never produce such a value, and every pair
//! that can must contain a *rare* position (one whose label is not in `C`).
//! Rare positions are few, so those pairs are enumerated explicitly, in
//! O(#rare) per split.
//!
//! For `G(n)` the engine marks every single-heap option and every split
//! value with a rare member, then walks up the mex candidates. A candidate
//! `m` whose label `(m, r mod 2)` lies outside `C xor C` is settled: no
//! common pair can produce it. A candidate inside `C xor C` is checked with a
//! vectorised scan of all splits (see [`dense`](super::dense)), which stops
//! at the first witness; in practice witnesses for such values are
//! everywhere, and only the rare occasions where a rare value is the answer
//! pay for a full scan.
//!
//! `C` is rebuilt from the label histogram as the sequence grows (greedily,
//! most frequent label first), separately for takes of even and of odd
//! size, since the parity of `r = n - k` depends on that of `k`. When a
//! class's rare positions are too many to enumerate cheaply, that class
//! falls back to the dense method. Three-way splits of hexadecimal codes
//! use a dense method too (the pair values of every heap are kept as sets).
//!
//! # Which method runs, and when it switches
//!
//! Every choice is made again as the values evolve; none changes a value.
//!
//! | situation | method | decided |
//! |---|---|---|
//! | the values prove a period (`G(n + p) = G(n)` from `n0` to `2·n0 + p + t`, Guy–Smith; `3·n0 + 2p + t` with three-way splits) | later values are copied, `G(n) = G(n - p)`: linear, nothing computed (Kayles, 0.07, and most short codes) | checked at 256 values, then each time the length doubles |
//! | a class has few rare positions (at most `64 + n/4`) | sparse: rare pairs enumerated, candidates the labels cannot settle scanned from the smallest part up (0.16, 0.56) | at each rebuild |
//! | ... and at least 64 rare positions per splitting take | the same in blocks of heap sizes, on every thread of the pool, with narrow windows of ordinary pairs marked ahead (0.354) | before each block |
//! | ... and at least 1024 | blocks with wide windows (Officers, 0.6) | before each block |
//! | a class has more rare positions | dense: either a scan per mex candidate (stops at the first witness; fast when values are small) or one mark per split (fast when many candidates walk far: 0.037, 0.76) | the class at each rebuild; the dense method every 256 heap sizes, by pricing both on one heap |
//!
//! Rebuilds happen when the length doubles (from 64 on) and whenever a
//! class's rare list has more than doubled (plus 64) since the last one, so
//! a split that stops fitting the values is replaced early;
//! [`SparseOctal::set_rebuild_interval`] adds more. A rebuild ends the
//! current block (its marks assumed the old split).
//!
//! # Blocks and threads
//!
//! When the rare positions number in the hundreds or thousands (0.354 has
//! 131 per take, Officers, 0.6, 1583), most of the work is marking their
//! pairs. A split `a + (r - a)`
//! with `a >= B` involves only values from before the last `B` heap sizes.
//! So the engine works in blocks of `B` heap sizes (128 on one thread; 1024
//! when threads share the work, 64 with narrow windows): first it marks, for every heap size of the
//! block at once, the values of those splits that it will need (pairs with
//! a rare part, plus windows of ordinary pairs that catch most candidates
//! the labels cannot settle), a part at a time down a column of rows, so
//! that the values are read contiguously. Then it finishes the block one
//! heap size at a time: the rare parts below `B` or inside the block (the
//! larger of them by columns of 32 rows), the single-heap options, and the
//! candidate walk. A change of classification ends the block early, since
//! the marks assumed the old rare set.
//!
//! On a processor with AVX-512 (F, BW and BITALG, and BMI2), a block whose
//! values are below 384 (768 when they split in two classes, below) marks
//! bits instead of bytes (`heap/bitrows.rs`): 32
//! heap sizes at once, one per 16-bit lane of a vector, the marks ORed into
//! words kept in registers, so that a mark costs no store. Where the common
//! pairs give exactly the values of one parity of `value & mask` (Officers:
//! mask `0x1EE`), each part marks only the class it must (window parts the
//! values common pairs give, rare parts the others), in rows of half the
//! words. A part then reads the codes of its partners rather than their
//! values (a code is a value's number in its class, with its class in the
//! top bit; codes are linear, so a split's code is one xor), computed once
//! a block for the stretch the parts read (Officers: the last 66,000 or
//! so heap sizes). The bits cover the values up to the least limit that
//! at most one position in 4096 passes (Officers to 2^26: 279, where the
//! largest value is 325); a heap size whose walk passes them adds the
//! block's marks above them before walking again. Finishing expands a
//! piece's bits into bits of values, 64 to a word, and walks those.
//!
//! With several threads (feature `parallel`, on by default, uses rayon's
//! pool; up to 64) the blocks overlap: while one thread finishes block `k`,
//! the others mark block `k + 1` from the values before block `k` (so the
//! parts below `2B` are left to the finishing step), and the first thread
//! joins the marking once its block is done. The marking is cut into pieces
//! (512 parts in rows of about 33 KB, which stay in a core's first-level
//! cache) that the threads take in turn, each into rows of its own; the
//! rows are merged as the block is finished.
//!
//! What scales and what does not: the marking (for Officers about three
//! quarters of the work on one thread) is shared by every thread; finishing
//! a block is sequential (the candidate walk of each heap size needs the
//! value before it), and so is merging the threads' rows into the first,
//! which costs one pass over a row per thread and heap size. The finishing
//! step therefore bounds the speed-up: with a quarter of the work
//! sequential, no number of threads makes the engine more than about four
//! times faster than one; the memory bandwidth the marks need is shared
//! too.
//!
//! # Memory
//!
//! One byte per value while every value is below 256, two below 65536, four
//! beyond ([`GrundySequence`]); eight bytes per rare position and class; `B` rows of
//! about `width + 8` bytes per block and thread (`width`, a power of two
//! above the largest value), for two blocks at a time with several (bit
//! rows take two bytes per 16 values instead, plus the finishing thread's
//! bits of values, and two bytes for the code of each position of the
//! stretch the block's parts read: 130 KB for Officers); for hexadecimal
//! codes only, the split values of every heap.

use super::bitrows::{self, Select, LANES};
use super::cell::Cell;
use super::dense::{for_each_pair_value, mex_from};
use super::simd::pairs_hit;
use super::store::StoreMut;
use super::theorem::Theorem;
use super::{GrundySequence, TakeBreak};
use crate::parallel::{for_each_mut, in_pool, join, threads};
use crate::Nimber;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Grundy values of a take-and-break code, computed incrementally by the
/// sparse-space method.
///
/// Values are stored compactly ([`GrundySequence`]): one byte each while they are
/// below 256, so the sequence costs about one byte per heap size (2^31
/// values in 2 GiB), plus four bytes per rare position (a tiny fraction in
/// games with a sparse space: 1583 positions for Officers to 2^22), and, for
/// hexadecimal codes only, the set of split values of every heap.
///
/// # Examples
///
/// ```
/// use grundy::heap::{SparseOctal, TakeBreak};
/// use grundy::Nimber;
///
/// let mut kayles = SparseOctal::new(&TakeBreak::parse("0.77")?);
/// kayles.extend_to(11);
/// assert_eq!(kayles.get(11), Nimber(6));
/// // Grow on demand: the values computed so far are kept.
/// kayles.extend_to(1000);
/// assert_eq!(kayles.len(), 1001);
/// // Kayles is periodic with period 12 from n = 71 on.
/// assert_eq!(kayles.get(983), kayles.get(983 - 12));
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SparseOctal {
    code: TakeBreak,
    values: GrundySequence,
    state: State,
    /// `(n0, p)` once the values are proved periodic (see
    /// [`SparseOctal::extend_to`]): from then on `G(n) = G(n - p)`.
    proved: Option<(usize, usize)>,
    /// What the last look for a period found (see [`SparseStats::candidate`]).
    candidate: Option<(usize, usize)>,
    /// Length at which to look for a proved period next (`usize::MAX`:
    /// never, see [`SparseOctal::set_period_shortcut`]).
    next_period_check: usize,
}

/// Counters that describe how the engine ran, for benchmarks and tuning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SparseStats {
    /// Rare positions in the classes of even and of odd takes (0 for a
    /// class with no splitting move).
    pub rare: [usize; 2],
    /// Whether each class currently uses the dense method (false for a
    /// class with no splitting move).
    pub dense: [bool; 2],
    /// How many times the rare/common classification was rebuilt.
    pub rebuilds: usize,
    /// Candidates checked by a vectorised scan of all splits.
    pub scans: u64,
    /// Blocks of heap sizes whose marks were prepared ahead (see the
    /// module documentation).
    pub blocks: u64,
    /// `(n0, p)` once the engine has proved that `G(n + p) = G(n)` for all
    /// `n >= n0` (by the periodicity theorem of
    /// [`period`](super::period)); later values are copied, not computed.
    pub period: Option<(usize, usize)>,
    /// `(n0, p)`: the period the values looked like at the engine's last
    /// look for one (when the length doubled), proved or not: the smallest
    /// `p` with `G(n + p) = G(n)` from `n0` to the end, over at least
    /// `max(p, 16)` heap sizes. `None` when none was seen, or the period
    /// shortcut is off.
    pub candidate: Option<(usize, usize)>,
}

impl SparseOctal {
    /// The largest heap size this engine computes: the values it may keep
    /// ([`MAX_STORED_VALUES`](crate::limits::MAX_STORED_VALUES), 2^34),
    /// with room for a block past the end. Heap sizes past 2^32 are
    /// supported: Officers to 2^32 is a record run.
    pub const MAX_N: usize = crate::limits::MAX_STORED_VALUES as usize - 2 * PARALLEL_BLOCK - 1;

    /// An engine for `code` that has computed `G(0) = 0` only.
    pub fn new(code: &TakeBreak) -> SparseOctal {
        SparseOctal::build(code, false)
    }

    /// An engine that always uses the dense method (every mex candidate is
    /// checked by a vectorised scan of all splits). Slower on games with a
    /// sparse space; it exists to check the sparse engine against and for
    /// games without one.
    pub fn dense(code: &TakeBreak) -> SparseOctal {
        SparseOctal::build(code, true)
    }

    fn build(code: &TakeBreak, force_dense: bool) -> SparseOctal {
        let mut state = State {
            width: 1,
            seen: vec![0; 1 + SENTINEL],
            counts: vec![0; 2],
            force_dense,
            next_rebuild: FIRST_REBUILD,
            // Asked of rayon only when blocks first apply: starting its
            // pool costs more than most short runs (0.71 to 2·10^5 takes 1
            // ms).
            threads: 0,
            prefix: PREFIX,
            ..State::default()
        };
        for (k, &d) in code.digits().iter().enumerate() {
            if k > 0 && d & 1 != 0 {
                state.whole.push(k);
            }
            if k > 0 && d & 2 != 0 {
                state.single.push(k);
            }
            if d & 4 != 0 {
                state.groups[k & 1].takes.push(k);
            }
            if d & 8 != 0 {
                state.triple.push(k);
            }
        }
        for (parity, group) in state.groups.iter_mut().enumerate() {
            group.parity = parity;
            group.dense = true;
        }
        // G(0) = 0, with the bookkeeping of every value.
        let mut values = GrundySequence::new();
        match values.store_mut() {
            StoreMut::U8(first) => state.push(first, 0u32),
            _ => unreachable!("an empty sequence stores bytes"),
        }
        values.note_max(Nimber(0));
        SparseOctal {
            code: code.clone(),
            values,
            state,
            proved: None,
            candidate: None,
            next_period_check: FIRST_PERIOD_CHECK,
        }
    }

    /// Starts from `G(0), ..., G(m-1)` computed before (a run resumed from
    /// a file), as if this engine had computed them: each value goes through
    /// the bookkeeping a computed value gets (the label histogram, the rare
    /// positions, the classification when it is due), which keeps the
    /// engine's invariants, so what it computes next is exact. Returns false,
    /// changing nothing, if this engine has computed past `G(0)` already or
    /// a value does not fit in 32 bits.
    ///
    /// # Complexity
    /// O(m) plus the classifications (O(m) each, O(log m) of them).
    ///
    /// ```
    /// use grundy::heap::{GrundySequence, SparseOctal, TakeBreak};
    ///
    /// let officers = TakeBreak::parse("0.6")?;
    /// let mut whole = SparseOctal::new(&officers);
    /// whole.extend_to(5000);
    /// let first: GrundySequence = (0..3000).map(|n| whole.get(n)).collect();
    /// let mut resumed = SparseOctal::new(&officers);
    /// assert!(resumed.resume_from(&first));
    /// resumed.extend_to(5000);
    /// assert!((0..=5000).all(|n| resumed.get(n) == whole.get(n)));
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn resume_from(&mut self, known: &super::GrundySequence) -> bool {
        if self.values.len() > 1 || known.max_value().is_some_and(|m| m.0 >= 1 << 32) {
            return false;
        }
        self.reserve_for(known.len());
        for x in known.iter().skip(1) {
            let x = x.0 as u32;
            loop {
                match self.values.store_mut() {
                    StoreMut::U8(v) if x < 1 << 8 => break self.state.push(v, x),
                    StoreMut::U16(v) if x < 1 << 16 => break self.state.push(v, x),
                    StoreMut::U32(v) => break self.state.push(v, x),
                    StoreMut::U64 => unreachable!("values here stay below 2^32"),
                    StoreMut::U8(_) | StoreMut::U16(_) => self.values.widen(),
                }
            }
        }
        self.values
            .note_max(Nimber(u64::from(self.state.max_value)));
        true
    }

    /// Sets how many threads compute blocks of heap sizes: 1, the calling
    /// thread only; more, that many of rayon's threads at once (at most 64;
    /// the default is rayon's pool size with the `parallel` feature,
    /// otherwise 1). Values do not depend on it.
    pub fn set_threads(&mut self, threads: usize) {
        self.state.threads = threads.max(1);
    }

    /// Whether the engine looks for a period proved by its values and then
    /// copies later values instead of computing them (on by default; see
    /// [`extend_to`](SparseOctal::extend_to)). Off, every value is
    /// computed, as benchmarks of the engine itself need. Values do not
    /// depend on it; a period already found stays in use.
    ///
    /// ```
    /// use grundy::heap::{SparseOctal, TakeBreak};
    ///
    /// let kayles = TakeBreak::parse("0.77")?;
    /// let mut computed = SparseOctal::new(&kayles);
    /// computed.set_period_shortcut(false);
    /// computed.extend_to(2000);
    /// assert_eq!(computed.stats().period, None);
    /// let mut copied = SparseOctal::new(&kayles);
    /// copied.extend_to(2000);
    /// assert_eq!(copied.stats().period, Some((71, 12)));
    /// assert!((0..=2000).all(|i| computed.get(i) == copied.get(i)));
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn set_period_shortcut(&mut self, on: bool) {
        self.next_period_check = if on {
            FIRST_PERIOD_CHECK.max(self.values.len())
        } else {
            usize::MAX
        };
    }

    /// Also rebuilds the rare/common classification every `every` heap
    /// sizes (0, the default: only on the engine's own schedule, see the
    /// [module documentation](self)). Values do not depend on it; tests use
    /// it to exercise rebuilds in the middle of blocks and of dense runs.
    ///
    /// ```
    /// use grundy::heap::{SparseOctal, TakeBreak};
    ///
    /// let code = TakeBreak::parse("0.6")?;
    /// let mut often = SparseOctal::new(&code);
    /// often.set_rebuild_interval(5);
    /// often.extend_to(400);
    /// let mut usual = SparseOctal::new(&code);
    /// usual.extend_to(400);
    /// assert!(often.stats().rebuilds > 60);
    /// assert!((0..=400).all(|i| often.get(i) == usual.get(i)));
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn set_rebuild_interval(&mut self, every: usize) {
        self.state.rebuild_every = every;
    }

    /// The code this engine computes.
    pub fn code(&self) -> &TakeBreak {
        &self.code
    }

    /// Computes `G(0), ..., G(n)`, keeping what was computed before.
    ///
    /// At 256 values and each time the length doubles, the engine looks
    /// for a period that its values prove (the periodicity theorem of
    /// [`period`](super::period): `G(n + p) = G(n)` from `n0` up to
    /// `2·n0 + p + t`, or `3·n0 + 2p + t` with three-way splits); once one
    /// is found, later values are copied, `G(n) = G(n - p)`, so Kayles or
    /// 0.07 cost O(1) per value from then on ([`stats`](SparseOctal::stats)
    /// reports it; [`set_period_shortcut`](SparseOctal::set_period_shortcut)
    /// turns it off).
    ///
    /// Once the engine works in blocks it finishes the block it is in, so
    /// [`len`](SparseOctal::len) may exceed `n + 1` by up to a block (511
    /// heap sizes); values past `n` are as exact as the others.
    ///
    /// # Complexity
    /// Per heap size: O(t · #rare) for the enumeration plus the scans of the
    /// candidates that the classification cannot settle, each stopping at
    /// its first witness; with a sparse space this is close to linear in
    /// `n` overall. O(t · n) per heap size in the dense fall-back, with a
    /// small constant (vectorised); three-way splits cost O(n · #values)
    /// per heap size. Memory: about one byte per value (see [`GrundySequence`]).
    ///
    /// # Panics
    /// If `n` exceeds [`MAX_N`](SparseOctal::MAX_N) (2^34 - 2049; 2^34
    /// one-byte values are 16 GiB), or if a value reaches 2^32, which no
    /// code without three-way splits can do below heaps of size 2^33 / t
    /// (a heap has fewer options than that, and its value is at most the
    /// number of its options).
    ///
    /// ```
    /// use grundy::heap::{SparseOctal, TakeBreak};
    /// use grundy::Nimber;
    ///
    /// // Dawson's Kayles: G(n + 34) = G(n) from n = 53 on.
    /// let mut dawson = SparseOctal::new(&TakeBreak::parse("0.07")?);
    /// dawson.extend_to(500);
    /// assert!((53..=466).all(|n| dawson.get(n + 34) == dawson.get(n)));
    /// assert_ne!(dawson.get(52 + 34), dawson.get(52));
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn extend_to(&mut self, n: usize) {
        assert!(
            n <= SparseOctal::MAX_N,
            "heap sizes past {} are not supported (asked for {n})",
            SparseOctal::MAX_N
        );
        while self.values.len() <= n {
            if let Some((_, p)) = self.proved {
                self.reserve_for(n);
                self.values.extend_periodic(p, n + 1);
                return;
            }
            if self.state.force_dense {
                self.compute_to(n);
                return;
            }
            self.compute_to(n.min(self.next_period_check));
            if self.values.len() > self.next_period_check {
                self.next_period_check = self.values.len().saturating_mul(2);
                let check = self.values.period_check(self.theorem());
                (self.proved, self.candidate) = (check.proved, check.candidate);
            }
        }
    }

    /// The periodicity theorem for this code: moves take at most `t`
    /// tokens and leave at most two heaps (three for hexadecimal codes).
    fn theorem(&self) -> Theorem {
        Theorem::for_code(&self.code)
    }

    /// Computes `G(0..=n)` (or a block past it) by the sparse-space method.
    fn compute_to(&mut self, n: usize) {
        if n < self.values.len() {
            return;
        }
        self.reserve_for(n);
        while self.values.len() <= n {
            // Rayon's pool only once blocks apply: one heap size at a time
            // runs on the calling thread (on a worker it was 1.7x slower
            // for 0.354 to 2·10^5), and stops when blocks start to apply.
            let len = self.values.len();
            if self.state.threads == 0 && self.state.shape(len).is_some() {
                self.state.threads = threads();
            }
            let threaded = self.state.threads != 1;
            let parallel = self.state.threads > 1 && self.state.shape(len).is_some();
            let stop = threaded && !parallel;
            let (values, state) = (&mut self.values, &mut self.state);
            let mut run = move || match values.store_mut() {
                StoreMut::U8(v) => state.run(v, n, stop),
                StoreMut::U16(v) => state.run(v, n, stop),
                StoreMut::U32(v) => state.run(v, n, stop),
                StoreMut::U64 => unreachable!("values here stay below 2^32"),
            };
            let pending = if parallel { in_pool(run) } else { run() };
            if let Some(x) = pending {
                // A value that does not fit: widen, then store it.
                self.values.widen();
                self.reserve_for(n);
                match self.values.store_mut() {
                    StoreMut::U16(v) => self.state.push(v, x),
                    StoreMut::U32(v) => self.state.push(v, x),
                    StoreMut::U8(_) | StoreMut::U64 => {
                        unreachable!("a widened byte or short store, below 2^32")
                    }
                }
            }
            self.values
                .note_max(Nimber(u64::from(self.state.max_value)));
        }
    }

    /// Room for `G(0..=n)` and one block more: exactly that much for one big
    /// request (2^31 one-byte values must not become 4 GiB), but at least an
    /// eighth more
    /// than now, so that many small requests (a prover growing the sequence
    /// step by step) copy the values only O(log n) times.
    fn reserve_for(&mut self, n: usize) {
        let len = self.values.len();
        // Room reserved up front (`try_reserve`) is used as it is: growing
        // by an eighth near its end would ask for memory already refused.
        if self.values.capacity() > n.saturating_add(PARALLEL_BLOCK) {
            return;
        }
        if n >= len {
            self.values
                .reserve_exact((n + 1 + PARALLEL_BLOCK - len).max(len / 8));
        }
    }

    /// Reserves, fallibly, room for `G(0..=n)` and the block the engine
    /// may compute past it, at the current width, so that computing up to
    /// `n` does not grow the value store unless a value needs a wider type.
    ///
    /// # Errors
    /// [`LimitError::OutOfMemory`](crate::limits::LimitError::OutOfMemory)
    /// with the bytes asked for.
    ///
    /// ```
    /// use grundy::heap::{SparseOctal, TakeBreak};
    ///
    /// let mut kayles = SparseOctal::new(&TakeBreak::parse("0.77")?);
    /// assert!(kayles.try_reserve(1 << 20).is_ok());
    /// kayles.extend_to(1 << 20); // no allocation past the one reserved
    /// assert!(kayles.len() > 1 << 20);
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn try_reserve(&mut self, n: usize) -> Result<(), crate::limits::LimitError> {
        let want = n.saturating_add(1 + PARALLEL_BLOCK);
        self.values.try_reserve(want)
    }

    /// How many values are computed: `G(0), ..., G(len - 1)`.
    #[inline]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Always false: `G(0)` is computed on construction.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// `G(i)`.
    ///
    /// # Panics
    /// If `i >= len()`; call [`extend_to`](SparseOctal::extend_to) first.
    #[inline]
    pub fn get(&self, i: usize) -> Nimber {
        match self.values.get(i) {
            Some(v) => v,
            None => panic!("G({i}) is not computed yet (len {})", self.len()),
        }
    }

    /// The values computed so far, stored compactly.
    #[inline]
    pub fn values(&self) -> &GrundySequence {
        &self.values
    }

    /// Gives the computed values away, for storage elsewhere.
    pub fn into_values(self) -> GrundySequence {
        self.values
    }

    /// The largest value computed so far.
    pub fn max_value(&self) -> Nimber {
        Nimber(u64::from(self.state.max_value))
    }

    /// Whether each further value costs the same however long the sequence
    /// grows: once a period is proved, or while every class of splits is
    /// sparse and no move splits a heap in three.
    pub(crate) fn is_linear(&self) -> bool {
        self.proved.is_some()
            || (self.state.triple.is_empty()
                && self
                    .state
                    .groups
                    .iter()
                    .all(|g| g.takes.is_empty() || !g.dense))
    }

    /// How the engine ran so far.
    pub fn stats(&self) -> SparseStats {
        let g = &self.state.groups;
        SparseStats {
            rare: [g[0].rare.len(), g[1].rare.len()],
            dense: [
                g[0].dense && !g[0].takes.is_empty(),
                g[1].dense && !g[1].takes.is_empty(),
            ],
            rebuilds: self.state.rebuilds,
            scans: self.state.scans,
            blocks: self.state.blocks,
            period: self.proved,
            candidate: self.candidate,
        }
    }
}

/// Zero bytes after the last meaningful entry of `seen`, so that a mex
/// search always stops.
const SENTINEL: usize = 8;
/// Heap size of the first classification; before it every class is dense.
const FIRST_REBUILD: usize = 64;
/// The fewest smallest parts `1..=prefix` of every split marked whatever
/// their labels when heap sizes are computed one at a time: the candidates
/// the labels cannot settle mostly have a witness among the smallest
/// parts, and one mark is cheaper than a scan. The engine adapts `prefix`
/// between `PREFIX` and [`PREFIX_MAX`] (see [`State::adapt_prefix`]).
/// Measured (scans per heap size): 0.36 to 3·10^5, 28 with no prefix, 19
/// with 48, 9 with 160 (0.8 s against 1.3 s); 0.354 needs few.
const PREFIX: usize = 16;
/// See [`PREFIX`].
const PREFIX_MAX: usize = 256;
/// Heap sizes over which scans are counted to adapt the prefix.
const PREFIX_ROUND: usize = 1024;
/// Heap sizes between two comparisons of the dense methods (see
/// [`State::mark_dense_classes`]).
const DENSE_SAMPLE: usize = 256;
/// How many splits a scan compares for the price of marking one split.
const SCAN_PER_MARK: u64 = 8;
/// Length at which the engine first looks for a proved period; it looks
/// again each time the length doubles.
const FIRST_PERIOD_CHECK: usize = 256;
/// Rare positions per splitting take (over the sparse classes) from which
/// blocks mark wide windows. Such a block marks `WINDOW + MIDDLE` ordinary
/// parts per take and heap size besides the rare ones; with fewer rare
/// parts than about two thirds of that, the wide windows cost more than
/// the scans they save. Measured: 0.354 (131 rare per take) to 2·10^6
/// takes 0.97 s one heap size at a time against 4.2 s in wide blocks on
/// two threads; 0.65 (496) to 2·10^5 1.09 s against 1.32 s; Officers
/// (1583) is 2-3x faster in wide blocks. Below this, narrow blocks
/// ([`LIGHT_WINDOW`]).
const RARE_FOR_BLOCKS: usize = 1024;
/// Heap sizes prepared at once. Pairs whose smaller part is at least
/// `BLOCK` involve only values from before the block.
const BLOCK: usize = 128;
/// Heap sizes prepared at once when several threads share the work: longer
/// blocks pay for waking the other threads and for planning (measured on
/// Officers to 2^20 with byte rows: 128 is best on one thread, 512 on two;
/// to 2^26 with bit rows and codes, two threads, four alternating pairs:
/// 1024 took 23.8 to 26.6 s against 26.1 to 29.0 s for 512).
const PARALLEL_BLOCK: usize = 1024;
/// The most threads that mark a block, each into rows of its own (about
/// `PARALLEL_BLOCK · (width + 8)` bytes per thread with byte rows, 532 KB
/// for Officers; a tenth of that with bit rows).
/// Past a few threads the sequential finishing step bounds the speed-up
/// anyway (see the [module documentation](self)).
const MAX_THREADS: usize = 64;
/// Splits per heap size marked in a block whatever their labels, so that
/// most candidates a classification cannot settle are already marked: the
/// `WINDOW` parts from the block's lag on (see [`State::plan`]), and
/// `MIDDLE` parts just below half the heap. Measured on Officers (0.6) to
/// 2^20: smaller windows leave more candidates to the sequential scans,
/// larger ones cost more marks.
const WINDOW: usize = 1024;
/// See [`WINDOW`].
const MIDDLE: usize = 512;
/// Rare positions per splitting take (over the sparse classes) from which
/// narrow blocks are used (see [`State::shape`]).
const LIGHT_RARE: usize = 64;
/// The window of a narrow block: with fewer rare parts than
/// [`RARE_FOR_BLOCKS`], wide windows cost more marks than the scans they
/// save. Measured on 0.354 (131 rare positions per take) to its proof,
/// 2·10^7: one heap size at a time 12.5 s; blocks with windows of 0, 64,
/// 128 and 256 parts 11, 6.2, 6.1 and 10 s on two threads.
const LIGHT_WINDOW: usize = 64;
/// Heap sizes per narrow block when several threads share the work
/// (0.354: 32 and 64 about equal, 128 a tenth slower).
const LIGHT_PARALLEL_BLOCK: usize = 64;
/// Heap sizes computed one at a time between two looks at whether blocks
/// apply (see [`State::run`]).
const SHAPE_EVERY: u32 = 16;
/// Heap sizes per piece of a block finished one heap size at a time (see
/// [`State::finish_block`]): a group of bit rows ([`bitrows::LANES`]).
const SUB_BLOCK: usize = LANES;
/// The most 16-bit words of bit rows of two classes (values below 768,
/// each part one register pass of 24 words); past it, blocks mark bytes.
const MAX_WORDS: usize = 48;
/// The most 16-bit words of bit rows of every value (values below 384, one
/// pass of 24 registers). Past it a part takes two passes and bits cost
/// about what bytes do: 0.74 to 10^6 (values to about 500, 32 words) took
/// 1.75 to 2.16 s in bits against 1.66 to 2.11 s in bytes, alternating.
const ALL_WORDS: usize = 24;
/// Bit rows leave out the largest values when at most one position in
/// this many has them (see [`State::bit_limit`]).
const RARE_ABOVE_BITS: u64 = 4096;
/// A piece of the work of preparing a block is `PIECE` parts in the rows
/// of [`piece_rows`]: small enough that a thread done with its own work can
/// take pieces of the rest, long enough to mark each part in many rows at
/// once.
const PIECE: usize = 512;
/// The bytes of the rows of a piece: they stay in a core's first-level
/// cache (32 to 48 KB) while its parts are marked. Measured on Officers
/// (0.6) to 2^22, rows of 520 bytes: 64 rows (33 KB) a piece 20% faster
/// than 128 (66 KB), on one thread and on two.
const PIECE_BYTES: usize = 33 * 1024;

/// The 64-bit words of a row of bits of values below `width`, with one
/// more so that a mex search always stops.
fn value_words(width: usize) -> usize {
    width / 64 + 1
}

/// Rows of `row` bytes in a piece: the most that fit in [`PIECE_BYTES`],
/// a power of two from 16 to 128.
fn piece_rows(row: usize) -> usize {
    let fit = (PIECE_BYTES / row.max(1)).clamp(16, 128);
    1 << fit.ilog2()
}

/// The splitting moves whose take has one parity, and their classification.
#[derive(Clone, Debug, Default)]
struct Group {
    /// Takes `k` (of this parity) after which the rest may be split in two.
    takes: Vec<usize>,
    /// 0 or 1: the parity of every take here.
    parity: usize,
    /// Whether every candidate is checked by a full scan.
    dense: bool,
    /// `common[label]`: whether the label is common.
    common: Vec<bool>,
    /// `producible[label]`: whether the label is the xor of two common ones.
    producible: Vec<bool>,
    /// Positions `a >= 1` whose label is not common, ascending.
    rare: Vec<usize>,
    /// `G(a)` for each `a` of `rare`, in the same order, so that marking a
    /// rare pair reads one value far back rather than two.
    rare_values: Vec<u32>,
    /// `rare.len()` just after the last rebuild.
    rare_at_rebuild: usize,
    /// `(mask, c)` when `producible` is exactly the labels `l` with the
    /// parity of `l & mask` equal to `c` (see [`linear`]).
    linear: Option<(usize, usize)>,
}

#[derive(Clone, Debug, Default)]
struct State {
    /// Takes that may remove a whole heap (bit 1).
    whole: Vec<usize>,
    /// Takes that may leave one heap (bit 2).
    single: Vec<usize>,
    /// Splits into two heaps, by parity of the take.
    groups: [Group; 2],
    /// Takes after which the rest may be split in three (bit 8).
    triple: Vec<usize>,
    /// For three-way splits: `pairs[m]`, the values of every split of `m`.
    pairs: Vec<Vec<u32>>,
    /// A power of two above every value so far: all xors stay below it.
    width: usize,
    /// Option values marked for the current heap; `width + SENTINEL` long.
    seen: Vec<u8>,
    /// How many positions `a >= 1` carry each label `(G(a) << 1) | (a & 1)`.
    counts: Vec<u64>,
    max_value: u32,
    force_dense: bool,
    next_rebuild: usize,
    rebuilds: usize,
    scans: u64,
    blocks: u64,
    /// Blocks finished from bit rows ([`bitrows`]): of every value, and of
    /// two classes.
    bit_blocks: [u64; 2],
    /// Bumped whenever the classification or `width` changes; a block of
    /// prepared rows is only valid within one epoch.
    epoch: u64,
    /// Buffers for the rows of prepared blocks, kept between blocks.
    spare: Vec<Rows>,
    /// Buffers for the codes of plans ([`Plan::codes`]), kept between
    /// blocks.
    spare_codes: Vec<Vec<u16>>,
    /// Threads for blocks: 1 runs them on this thread only, more on two of
    /// rayon's threads at once; 0 until blocks first apply (then rayon's
    /// pool size), with blocks of [`BLOCK`] meanwhile.
    threads: usize,
    /// Whether the dense classes mark every split rather than scan for each
    /// candidate (see [`State::mark_dense_classes`]).
    mark_dense: bool,
    /// Heap size of the next comparison of the two dense methods.
    dense_sample_at: usize,
    /// Smallest parts marked in every split, one heap size at a time (see
    /// [`PREFIX`]), and the scans counted towards adapting it.
    prefix: usize,
    prefix_scans: u64,
    /// Extra rebuilds every this many heap sizes (0: none); see
    /// [`SparseOctal::set_rebuild_interval`].
    rebuild_every: usize,
    /// The split values of recent heaps `r`, as bits, by class and `r %
    /// PAIR_CACHE`, for [`State::step_narrow`]: `(r + 1, epoch, prefix,
    /// bits)` (0 in an empty slot). A take `k` of heap `n` splits `r = n -
    /// k`, which a smaller take of the same parity split a few heap sizes
    /// before. They stay right within an epoch: rare positions added later
    /// are at least `r`, so never part of a split of `r`.
    pair_cache: [[(usize, u64, usize, u64); PAIR_CACHE]; 2],
}

/// Recent heaps whose split values [`State::step_narrow`] keeps.
const PAIR_CACHE: usize = 8;

impl State {
    /// Computes values until `g` holds `G(0..=n)`, or until a value does not
    /// fit in `T`, which is returned for the caller to store after widening.
    ///
    /// With blocks and several threads, block `k + 1` is prepared (on the
    /// other threads) while block `k` is finished one heap size at a time:
    /// the next block then reads only values from before block `k`, and
    /// leaves the splits whose part is below twice the block length to be
    /// finished sequentially.
    ///
    /// With `stop_at_blocks`, returns (with `None`) as soon as blocks
    /// apply, so that the caller can continue in rayon's pool.
    fn run<T: Cell>(&mut self, g: &mut Vec<T>, n: usize, stop_at_blocks: bool) -> Option<u32> {
        let mut ahead: Option<Prepared> = None;
        // Heap sizes computed one at a time before blocks are considered
        // again: asking took 4% of the profile of a light code (0.1777),
        // and blocks that start a few heap sizes late change no value.
        let mut single = 0u32;
        while g.len() <= n {
            let s = g.len();
            let shape = if single > 0 {
                single -= 1;
                None
            } else {
                let shape = self.shape(s);
                if shape.is_none() {
                    single = SHAPE_EVERY - 1;
                }
                shape
            };
            if stop_at_blocks && shape.is_some() {
                return None;
            }
            let Some(shape) = shape else {
                ahead = None;
                let x = self.step(g);
                if u64::from(x) >= T::LIMIT {
                    return Some(x);
                }
                self.push(g, x);
                continue;
            };
            // A whole block even past n: callers that grow the sequence
            // one heap size at a time still get full blocks.
            let block = shape.len;
            let mut current = match ahead.take() {
                Some(p)
                    if p.block.start == s
                        && p.block.epoch == self.epoch
                        && p.block.shape == shape =>
                {
                    p
                }
                _ => {
                    self.blocks += 1;
                    let plan = self.plan(s, s, shape);
                    let mut buffers = self.buffers();
                    plan.mark_all(g, &mut buffers);
                    plan.prepared(buffers)
                }
            };
            let ahead_plan =
                (self.threads > 1 && s + block <= n && self.shape(s + block) == Some(shape))
                    .then(|| self.plan(s + block, s, shape));
            g.resize(s + block, T::default());
            let (old, new) = g.split_at_mut(s);
            let old: &[T] = old;
            let end = match ahead_plan {
                Some(plan) => {
                    // This thread finishes the block, then marks pieces of
                    // the next; the others mark pieces from the start.
                    let mut buffers = self.buffers();
                    let pieces = AtomicUsize::new(0);
                    let (first, others) = buffers.split_first_mut().expect("one buffer per thread");
                    let (end, ()) = join(
                        || {
                            let end = self.finish_block(old, new, &mut current);
                            if end.done < block {
                                // The next block will be prepared again.
                                pieces.store(usize::MAX / 2, Ordering::Relaxed);
                            }
                            plan.mark(old, &pieces, first);
                            end
                        },
                        || match others {
                            [rows] => plan.mark(old, &pieces, rows),
                            _ => for_each_mut(others, |_, rows| plan.mark(old, &pieces, rows)),
                        },
                    );
                    if end.done == block {
                        self.blocks += 1;
                        ahead = Some(plan.prepared(buffers));
                    } else {
                        self.spare.extend(buffers);
                        self.spare_codes.extend(plan.prepared(Vec::new()).codes);
                    }
                    end
                }
                None => self.finish_block(old, new, &mut current),
            };
            g.truncate(s + end.done);
            self.spare.append(&mut current.buffers);
            self.spare_codes.append(&mut current.codes);
            if end.rebuild {
                self.rebuild(g);
            }
            if end.pending.is_some() {
                return end.pending;
            }
        }
        None
    }

    /// How heap size `s` starts a block, or `None` when it is computed on
    /// its own: blocks need a code with no three-way split, windows that fit
    /// below `s`, and sparse classes with at least [`LIGHT_RARE`] rare
    /// positions per splitting take (with a handful, one heap size at a
    /// time is cheaper: 0.16 runs 15 times faster that way). From
    /// [`RARE_FOR_BLOCKS`] on, blocks mark wide windows of ordinary pairs
    /// ([`WINDOW`], [`MIDDLE`]); below, narrow ones ([`LIGHT_WINDOW`]).
    fn shape(&self, s: usize) -> Option<Shape> {
        let t = *self.groups.iter().flat_map(|g| g.takes.iter()).max()?;
        if !self.triple.is_empty() || self.force_dense {
            return None;
        }
        let sparse = self.groups.iter().filter(|g| !g.dense);
        let (rare, takes) = sparse.fold((0, 0), |(r, k), g| {
            (r + g.rare.len() * g.takes.len(), k + g.takes.len())
        });
        if takes == 0 || rare < LIGHT_RARE * takes {
            return None;
        }
        let parallel = self.threads > 1;
        let shape = if rare >= RARE_FOR_BLOCKS * takes {
            Shape {
                len: if parallel { PARALLEL_BLOCK } else { BLOCK },
                window: WINDOW,
                middle: MIDDLE,
            }
        } else {
            Shape {
                len: if parallel {
                    LIGHT_PARALLEL_BLOCK
                } else {
                    BLOCK
                },
                window: LIGHT_WINDOW,
                middle: 0,
            }
        };
        (s >= 2 * shape.len + shape.window + t + 8).then_some(shape)
    }

    /// What to mark ahead for the block of heap sizes `start .. start +
    /// block`, from the values below `bound` only (`bound <= start`): the
    /// splits whose part `a` is at least `lag = start - bound + block`, so
    /// that `G(n - k - a)` is below `bound` for every heap size of the block.
    fn plan(&mut self, start: usize, bound: usize, shape: Shape) -> Plan {
        let lag = start - bound + shape.len;
        let window_end = lag + shape.window;
        let words = self.bit_words(shape);
        if words > 0 {
            if let Some(mut plan) = self.plan_classes(start, bound, shape, words) {
                plan.code(self.max_value as usize, &mut self.spare_codes);
                return plan;
            }
        }
        let words = if words <= ALL_WORDS { words } else { 0 };
        let mut parts = Vec::new();
        for group in self.groups.iter().filter(|g| !g.takes.is_empty()) {
            let rare = if group.dense {
                &[][..]
            } else {
                let from = group.rare.partition_point(|&a| a < window_end);
                let to = group.rare.partition_point(|&a| a < bound);
                &group.rare[from..to]
            };
            for &k in &group.takes {
                let mid = (start - k) / 2;
                let middle = mid.saturating_sub(shape.middle).max(window_end)..mid;
                for a in (lag..window_end).chain(middle) {
                    parts.push((k, a));
                }
                parts.extend(rare.iter().map(|&a| (k, a)));
            }
        }
        Plan {
            block: self.block(start, bound, shape, words, None),
            jobs: vec![Job {
                select: Select::All,
                parts: 0..parts.len(),
                coded: None,
            }],
            parts,
            pending: std::sync::Mutex::new(None),
            coded: std::sync::OnceLock::new(),
        }
    }

    /// [`State::plan`] in bit rows of two classes, when the splitting
    /// moves form one sparse class whose common pairs give exactly the
    /// values of one parity of `value & mask` ([`Group::linear`], as in
    /// Officers): then the window parts mark only the values of that
    /// class (the others have a rare part among their splits, which marks
    /// them), and the rare parts only those of the other (the settled
    /// candidates; the few others they give are found by the scans, which
    /// look at every part outside the windows). Each part so marks half
    /// the words. `None` when the values do not split so.
    fn plan_classes(&self, start: usize, bound: usize, shape: Shape, words: usize) -> Option<Plan> {
        let mut groups = self.groups.iter().filter(|g| !g.takes.is_empty());
        let (group, None) = (groups.next()?, groups.next()) else {
            return None;
        };
        let (mask, common) = group
            .linear
            .filter(|&(mask, _)| !group.dense && mask & 1 == 0)?;
        let classes = bitrows::Classes::new(mask >> 1)?;
        let lag = start - bound + shape.len;
        let window_end = lag + shape.window;
        let cut = |end: usize| group.rare.partition_point(|&a| a < end);
        // The window's other parts, then its rare parts (both classes),
        // then the rare parts after it, then the middle: with one take,
        // each job's parts are in order of `a` (see [`Plan::code`]).
        let mut parts = Vec::new();
        for &k in &group.takes {
            let mut rare = group.rare[cut(lag)..cut(window_end)].iter().peekable();
            let common = (lag..window_end).filter(|&a| rare.next_if_eq(&&a).is_none());
            parts.extend(common.map(|a| (k, a)));
        }
        let mut rare_parts = |from: usize, to: usize| {
            let first = parts.len();
            for &k in &group.takes {
                parts.extend(group.rare[cut(from)..cut(to)].iter().map(|&a| (k, a)));
            }
            first
        };
        let both = rare_parts(lag, window_end);
        let far = rare_parts(window_end, bound);
        let middles = parts.len();
        for &k in &group.takes {
            let mid = (start - k) / 2;
            let middle = mid.saturating_sub(shape.middle).max(window_end)..mid;
            parts.extend(middle.map(|a| (k, a)));
        }
        let settled = 1 - common;
        // Rows of class 0, then class 1, that cover the values below
        // `16 · words`, as rows of values would.
        let words = classes.round_words(words);
        let job = |class: usize, parts: std::ops::Range<usize>| Job {
            select: Select::Class(classes, class),
            parts,
            coded: None,
        };
        Some(Plan {
            block: self.block(start, bound, shape, words, Some((classes, settled))),
            jobs: vec![
                job(settled, both..middles),
                job(common, 0..far),
                job(common, middles..parts.len()),
            ],
            parts,
            pending: std::sync::Mutex::new(None),
            coded: std::sync::OnceLock::new(),
        })
    }

    /// The block of heap sizes from `start`, marked from the values below
    /// `bound`, under the current classification and width.
    fn block(
        &self,
        start: usize,
        bound: usize,
        shape: Shape,
        words: usize,
        classes: Option<(bitrows::Classes, usize)>,
    ) -> Block {
        Block {
            start,
            bound,
            lag: start - bound + shape.len,
            shape,
            epoch: self.epoch,
            row: row_len(self.width),
            words,
            classes,
        }
    }

    /// The 16-bit words of a block's bit rows, 0 for rows of bytes: bits
    /// cover the values up to the largest so far (a larger value is a
    /// record, rare, and [`State::finish_block`] then adds the marks above
    /// the bits), when the processor marks bits on vectors, the block is
    /// made of whole groups of [`LANES`] heap sizes, and the values fit
    /// [`MAX_WORDS`] (bytes are as fast for small widths and for wide
    /// values; see also [`ALL_WORDS`]).
    fn bit_words(&self, shape: Shape) -> usize {
        // Rows of two classes round this up (`Classes::round_words`).
        let words = bitrows::words_for(self.bit_limit());
        let fits = self.width >= 64 && words <= MAX_WORDS && 16 * words <= self.width;
        if fits && shape.len.is_multiple_of(LANES) && bitrows::available() {
            words
        } else {
            0
        }
    }

    /// The values that bit rows cover: those below the least limit that
    /// at most one position in [`RARE_ABOVE_BITS`] passes. A heap size
    /// whose value passes it costs a walk over every planned split (see
    /// [`State::finish_block`]), a few microseconds; each word the rows
    /// drop saves every heap size about 0.03 µs on Officers (3100 parts,
    /// two and a half vector operations a part and word for 32 heap
    /// sizes). Officers (0.6) to 2^26 has values to 325, but only 0.03%
    /// from 272 on.
    fn bit_limit(&self) -> usize {
        let total: u64 = self.counts.iter().sum();
        let allowed = total / RARE_ABOVE_BITS;
        let mut above = 0;
        for value in (0..=self.max_value as usize).rev() {
            above += self.counts[2 * value] + self.counts[2 * value + 1];
            if above > allowed {
                return value + 1;
            }
        }
        1
    }

    /// Buffers for the rows of a block: one per thread that marks (each
    /// thread zeroes its own, see [`Plan::mark`]).
    fn buffers(&mut self) -> Vec<Rows> {
        let count = self.threads.clamp(1, MAX_THREADS);
        (0..count)
            .map(|_| self.spare.pop().unwrap_or_default())
            .collect()
    }

    /// Finishes the prepared block `p` one heap size at a time: `old` holds
    /// the values before it, and `G(start + j)` goes to `new[j]`. Each heap
    /// size adds, to its prepared row, the splits the row could not hold
    /// (rare parts below `lag` or from `bound` on) and the single-heap
    /// options, then walks up the mex candidates. Stops early when a value
    /// does not fit in `T`, or when the classification or the width
    /// changes (the remaining rows assumed the old ones).
    ///
    /// The rows go in pieces of [`SUB_BLOCK`]: at the start of a piece, the
    /// rare parts from `SUB_BLOCK` to `lag` pair with values from before
    /// the piece, so they are marked for all its rows at once, by columns
    /// as in [`Plan::mark`]; only the rare parts below `SUB_BLOCK` (and from
    /// `bound` on) are marked one heap size at a time.
    fn finish_block<T: Cell>(&mut self, old: &[T], new: &mut [T], p: &mut Prepared) -> BlockEnd {
        debug_assert_eq!(old.len(), p.block.start);
        let epoch = self.epoch;
        let s = p.block.start;
        // For each class, where its rare parts pass SUB_BLOCK, the lag and
        // the bound. Parts found in this block are at least `bound`, so these
        // stay put while the block grows the lists.
        let cuts = self.groups.each_ref().map(|group| {
            let cut = |end: usize| group.rare.partition_point(|&a| a < end);
            [
                cut(SUB_BLOCK.min(p.block.lag)),
                cut(p.block.lag),
                cut(p.block.bound),
            ]
        });
        let words = p.block.words;
        if words > 0 {
            self.bit_blocks[usize::from(p.block.classes.is_some())] += 1;
        }
        // With bit rows: the rare parts from SUB_BLOCK to the lag, marked
        // into the bits of each piece from a copy of the values they pair
        // with, and what they mark (the settled class, with two).
        let mut columns = Vec::new();
        let mut recent = Vec::new();
        let select = p
            .block
            .classes
            .map_or(Select::All, |(c, settled)| Select::Class(c, settled));
        let value_row = value_words(self.width);
        if words > 0 {
            // Bit rows are expanded into these a piece at a time.
            p.buffers[0].values.resize(SUB_BLOCK * value_row, 0);
            for (group, &[from, to, _]) in self.groups.iter().zip(&cuts) {
                if !group.dense {
                    for &k in &group.takes {
                        columns.extend(group.rare[from..to].iter().map(|&a| (k, a)));
                    }
                }
            }
        }
        let reach = columns.iter().map(|&(k, a)| k + a).max().unwrap_or(0);
        // With two classes, the columns read codes, as the plan's parts do:
        // those of their heads, and of a copy of the recent values.
        let heads: Vec<u16> = match p.block.classes {
            Some((c, _)) => columns
                .iter()
                .map(|&(_, a)| c.code(old[a].get() as usize))
                .collect(),
            None => Vec::new(),
        };
        let mut recent_codes = Vec::new();
        for j in 0..p.block.shape.len {
            if j % SUB_BLOCK == 0 {
                let rows = (p.block.shape.len - j).min(SUB_BLOCK);
                let span = j * p.block.row..(j + rows) * p.block.row;
                let (first, others) = p
                    .buffers
                    .split_first_mut()
                    .expect("a prepared block has rows");
                if words > 0 {
                    let group = j / LANES * words * LANES..(j / LANES + 1) * words * LANES;
                    let bits = &mut first.bits[group.clone()];
                    for other in others {
                        for (m, o) in bits.iter_mut().zip(&other.bits[group.clone()]) {
                            *m |= o;
                        }
                    }
                    // Row j + i pairs part a with G(s + j + i - k - a): from
                    // `origin` on, all below s + j.
                    let origin = (s + j).saturating_sub(reach);
                    recent.clear();
                    recent.extend_from_slice(&old[origin.min(s)..]);
                    recent.extend_from_slice(&new[origin.saturating_sub(s)..j]);
                    let rows = &mut bits[select.rows(words * LANES)];
                    match p.block.classes {
                        Some((c, settled)) => {
                            bitrows::codes(c, &recent, &mut recent_codes);
                            let partners = bitrows::Coded {
                                codes: &recent_codes,
                                origin,
                            };
                            bitrows::mark_coded(rows, partners, s + j, &columns, &heads, settled);
                        }
                        None => {
                            let values = bitrows::Values {
                                heads: old,
                                partners: &recent,
                                origin,
                            };
                            bitrows::mark(rows, values, s + j, &columns, select);
                        }
                    }
                    let classes = p.block.classes.map(|(c, _)| c);
                    bitrows::expand(bits, &mut first.values, value_row, classes);
                } else {
                    let marks = &mut first.bytes[span.clone()];
                    for other in others {
                        for (m, o) in marks.iter_mut().zip(&other.bytes[span.clone()]) {
                            *m |= o;
                        }
                    }
                    for (group, &[from, to, _]) in self.groups.iter().zip(&cuts) {
                        if group.dense {
                            continue;
                        }
                        for &k in &group.takes {
                            for &a in &group.rare[from..to] {
                                // Rows j.. pair a with G(s + j - k - a)
                                // onwards, all below s + j: some before the
                                // block, the rest in it.
                                let first = s + j - k - a;
                                let ga = old[a];
                                let before = s.saturating_sub(first).min(rows);
                                if before > 0 {
                                    mark_column(
                                        marks,
                                        p.block.row,
                                        ga,
                                        &old[first..first + before],
                                    );
                                }
                                if before < rows {
                                    let inside = first + before - s;
                                    mark_column(
                                        &mut marks[before * p.block.row..],
                                        p.block.row,
                                        ga,
                                        &new[inside..inside + rows - before],
                                    );
                                }
                            }
                        }
                    }
                }
            }
            let n = s + j;
            let view = Split {
                old,
                new: &new[..j],
            };
            let first = &mut p.buffers[0];
            let x = if words > 0 {
                let i = j % SUB_BLOCK;
                let seen = &mut first.values[i * value_row..(i + 1) * value_row];
                self.finish_heap(view, seen, &cuts, p.block, [&p.parts, &columns])
            } else {
                let seen = &mut first.bytes[j * p.block.row..(j + 1) * p.block.row];
                self.finish_heap(view, seen, &cuts, p.block, [&p.parts, &columns])
            };
            if u64::from(x) >= T::LIMIT {
                return BlockEnd {
                    done: j,
                    pending: Some(x),
                    rebuild: false,
                };
            }
            new[j] = T::of(x);
            let rebuild = self.note(n, x);
            if rebuild || self.epoch != epoch {
                return BlockEnd {
                    done: j + 1,
                    pending: None,
                    rebuild,
                };
            }
        }
        BlockEnd {
            done: p.block.shape.len,
            pending: None,
            rebuild: false,
        }
    }

    /// `G(n)` for `n = g.len()`, a heap size of the prepared `block`,
    /// from its prepared marks in `seen`: adds the single-heap options and
    /// the rare parts the rows could not hold (`cuts` as in
    /// [`State::finish_block`]), then walks up the mex candidates. With bit
    /// rows, the marks of the `planned` splits (the block's parts and the
    /// finisher's columns) cover the values below `16 · block.words` only;
    /// a walk that passes them adds the others and walks again.
    fn finish_heap<T: Cell, S: Marks + ?Sized>(
        &mut self,
        g: Split<'_, T>,
        seen: &mut S,
        cuts: &[[usize; 3]; 2],
        block: Block,
        planned: [&[(usize, usize)]; 2],
    ) -> u32 {
        let n = g.len();
        mark_heap_options(&self.whole, &self.single, g, seen);
        for (group, &[low, _, high]) in self.groups.iter().zip(cuts) {
            if group.dense {
                continue;
            }
            for &k in &group.takes {
                let r = n - k;
                for &a in group.rare[..low].iter().chain(&group.rare[high..]) {
                    if a >= r {
                        break;
                    }
                    seen.mark((g.get(a) ^ g.get(r - a)).get() as usize);
                }
            }
        }
        let limit = 16 * block.words;
        let mut walks = if limit > 0 { 2 } else { 1 };
        loop {
            walks -= 1;
            let x = settle(
                &self.groups,
                g,
                seen,
                self.width,
                &mut self.scans,
                Some(block),
                [false; 2],
                0,
            );
            if walks == 0 || (x as usize) < limit {
                return x;
            }
            for &(k, a) in planned.into_iter().flatten() {
                if a < n - k {
                    let v = (g.get(a) ^ g.get(n - k - a)).get() as usize;
                    if v >= limit {
                        seen.mark(v);
                    }
                }
            }
        }
    }

    /// Stores `x` as the next value and updates the classification.
    fn push<T: Cell>(&mut self, g: &mut Vec<T>, x: u32) {
        g.push(T::of(x));
        let n = g.len() - 1;
        let reclassify = self.note(n, x);
        if !self.triple.is_empty() {
            let seen = &mut self.seen;
            seen[..self.width].fill(0);
            for_each_pair_value(g, n, |v| seen[v as usize] = 1);
            let set = (0..self.width as u32)
                .filter(|&v| seen[v as usize] != 0)
                .collect();
            self.pairs.push(set);
        }
        if reclassify {
            self.rebuild(g);
        }
    }

    /// `G(n)` for `n = g.len()`.
    fn step<T: Cell>(&mut self, g: &[T]) -> u32 {
        if self.width <= 64 && self.triple.is_empty() && !self.groups.iter().any(|g| g.dense) {
            return self.step_narrow(g);
        }
        let n = g.len();
        let width = self.width;
        let seen = &mut self.seen;
        seen[..width].fill(0);
        let view = Split { old: g, new: &[] };
        mark_heap_options(&self.whole, &self.single, view, &mut seen[..]);
        for group in &self.groups {
            if group.dense {
                continue;
            }
            for &k in &group.takes {
                if n < k + 2 {
                    continue;
                }
                mark_pairs(g, n - k, group, self.prefix, &mut seen[..width]);
            }
        }
        let full = self.mark_dense_classes(g);
        let seen = &mut self.seen;
        for &k in &self.triple {
            if n < k + 3 {
                continue;
            }
            let r = n - k;
            // Heaps a + (a 2-way split of r - a), for every a.
            for (ga, pairs) in g[1..=r - 2].iter().zip(self.pairs[2..r].iter().rev()) {
                let ga = ga.get();
                for &x in pairs {
                    seen[(ga ^ x) as usize] = 1;
                }
            }
        }
        let scans = self.scans;
        let x = settle(
            &self.groups,
            view,
            &mut seen[..],
            width,
            &mut self.scans,
            None,
            full,
            self.prefix,
        );
        self.adapt_prefix(n, self.scans - scans);
        x
    }

    /// [`State::step`] for values below 64 and sparse classes only (0.1777
    /// and many light codes): the marks are the bits of a word, and the
    /// split values of a heap `r` are kept, so that the larger takes of a
    /// class, which split heaps a smaller take split a few heap sizes
    /// before, read them instead of marking them again.
    fn step_narrow<T: Cell>(&mut self, g: &[T]) -> u32 {
        let n = g.len();
        let view = Split { old: g, new: &[] };
        let mut bits = 0u64;
        mark_heap_options(&self.whole, &self.single, view, &mut bits);
        for (class, group) in self.groups.iter().enumerate() {
            for &k in &group.takes {
                if n < k + 2 {
                    continue;
                }
                let r = n - k;
                let slot = &mut self.pair_cache[class][r % PAIR_CACHE];
                if slot.0 == r + 1 && slot.1 == self.epoch && slot.2 == self.prefix {
                    bits |= slot.3;
                } else {
                    let pairs = pair_bits(g, r, group, self.prefix);
                    *slot = (r + 1, self.epoch, self.prefix, pairs);
                    bits |= pairs;
                }
            }
        }
        let scans = self.scans;
        let x = settle(
            &self.groups,
            view,
            &mut bits,
            self.width,
            &mut self.scans,
            None,
            [false; 2],
            self.prefix,
        );
        self.adapt_prefix(n, self.scans - scans);
        x
    }

    /// Adapts the number of smallest parts marked in every split (see
    /// [`PREFIX`]) to the scans they leave: over each [`PREFIX_ROUND`]
    /// heap sizes, many scans per heap size double it, few halve it.
    fn adapt_prefix(&mut self, n: usize, scans: u64) {
        self.prefix_scans += scans;
        if n % PREFIX_ROUND == 0 {
            let per_heap = self.prefix_scans / PREFIX_ROUND as u64;
            if per_heap >= 4 {
                self.prefix = (self.prefix * 2).min(PREFIX_MAX);
            } else if per_heap < 1 {
                self.prefix = (self.prefix / 2).max(PREFIX);
            }
            self.prefix_scans = 0;
        }
    }

    /// For the dense classes of heap size `n = g.len()`: marks every split
    /// in `seen` when that is cheaper than checking the mex candidates one
    /// by one, and returns which classes it marked (their candidates need
    /// no scan).
    ///
    /// A scan for a candidate stops at its first witness, and compares
    /// many splits per instruction; marking every split costs one store per
    /// split but settles all candidates at once. Which is cheaper depends
    /// on how many candidates the walk meets and how far their witnesses
    /// lie, so every [`DENSE_SAMPLE`] heap sizes the engine marks every
    /// split while noting where each value first appears, prices both
    /// methods on that heap, and keeps the cheaper until the next sample.
    fn mark_dense_classes<T: Cell>(&mut self, g: &[T]) -> [bool; 2] {
        let n = g.len();
        let mut full = [false; 2];
        let dense =
            |i: usize| self.groups[i].dense && self.groups[i].takes.iter().any(|&k| n >= k + 2);
        if !(dense(0) || dense(1)) {
            return full;
        }
        let sample = n >= self.dense_sample_at;
        if !sample && !self.mark_dense {
            return full;
        }
        full = [dense(0), dense(1)];
        let width = self.width;
        let seen = &mut self.seen;
        // Splits marked (the price of marking), and for a sample, where
        // each value first appears.
        let mut splits = 0u64;
        let mut first = if sample {
            vec![usize::MAX; width]
        } else {
            Vec::new()
        };
        for (i, group) in self.groups.iter().enumerate() {
            if !full[i] {
                continue;
            }
            for &k in &group.takes {
                if n < k + 2 {
                    continue;
                }
                let r = n - k;
                splits += (r / 2) as u64;
                if sample {
                    for a in 1..=r / 2 {
                        let slot = &mut first[(g[a] ^ g[r - a]).get() as usize];
                        *slot = (*slot).min(a);
                    }
                } else {
                    mark_all_splits(&g[1..=r / 2], &g[r - r / 2..r], &mut seen[..width]);
                }
            }
        }
        if sample {
            self.dense_sample_at = n + DENSE_SAMPLE;
            // The walk the scans would make: each candidate not marked
            // otherwise costs the distance to its first witness, and the
            // answer a scan of every split.
            let mut scanned = 0u64;
            for (v, &a) in first.iter().enumerate() {
                if seen[v] != 0 {
                    continue;
                }
                if a == usize::MAX {
                    scanned += splits;
                    break;
                }
                scanned += a as u64;
            }
            self.mark_dense = scanned > SCAN_PER_MARK * splits;
            for (v, &a) in first.iter().enumerate() {
                if a != usize::MAX {
                    seen[v] = 1;
                }
            }
        }
        full
    }

    /// Bookkeeping for the new value `G(n) = x`: the largest value, the
    /// width, the label histogram and the rare positions. Returns whether
    /// the classification must be rebuilt now.
    fn note(&mut self, n: usize, x: u32) -> bool {
        self.max_value = self.max_value.max(x);
        let mut reclassify = false;
        if x as usize >= self.width {
            self.width = (x as usize + 1).next_power_of_two();
            self.seen.resize(self.width + SENTINEL, 0);
            self.counts.resize(2 * self.width, 0);
            self.epoch += 1;
            reclassify = true;
        }
        if n == 0 {
            return false;
        }
        let label = (x as usize) << 1 | (n & 1);
        self.counts[label] += 1;
        for group in &mut self.groups {
            if group.takes.is_empty() || group.dense {
                continue;
            }
            if !group.common.get(label).copied().unwrap_or(false) {
                group.rare.push(n);
                group.rare_values.push(x);
                if group.rare.len() > 2 * group.rare_at_rebuild + 64 {
                    reclassify = true;
                }
            }
        }
        if n + 1 >= self.next_rebuild {
            self.next_rebuild = 2 * (n + 1);
            reclassify = true;
        }
        if self.rebuild_every > 0 && n % self.rebuild_every == 0 {
            reclassify = true;
        }
        reclassify && !self.force_dense && n + 1 >= FIRST_REBUILD
    }

    /// Chooses the common labels of each class from the histogram and lists
    /// the rare positions again.
    fn rebuild<T: Cell>(&mut self, g: &[T]) {
        self.rebuilds += 1;
        self.epoch += 1;
        let mut labels: Vec<usize> = (0..self.counts.len())
            .filter(|&l| self.counts[l] > 0)
            .collect();
        labels.sort_by_key(|&l| std::cmp::Reverse(self.counts[l]));
        for group in &mut self.groups {
            if group.takes.is_empty() {
                continue;
            }
            group.classify(&labels, self.counts.len());
            group.rare.clear();
            group.rare_values.clear();
            for (a, v) in g.iter().enumerate().skip(1) {
                if !group.common[(v.get() as usize) << 1 | (a & 1)] {
                    group.rare.push(a);
                    group.rare_values.push(v.get());
                }
            }
            group.rare_at_rebuild = group.rare.len();
            // Enumerating rare pairs costs about #rare loads per split; a
            // scan of all splits costs about len/32 (vectorised) per
            // candidate. Past this share, the dense method is cheaper.
            group.dense = group.rare.len() > 64 + g.len() / 4;
            if group.dense {
                group.rare = Vec::new();
                group.rare_values = Vec::new();
            }
        }
    }
}

/// Marks the options that leave at most one heap: taking a whole heap of
/// `n = g.len()` (value 0) and taking `k` from it (value `G(n - k)`).
#[inline]
fn mark_heap_options<T: Cell>(
    whole: &[usize],
    single: &[usize],
    g: Split<'_, T>,
    seen: &mut (impl Marks + ?Sized),
) {
    let n = g.len();
    if whole.contains(&n) {
        seen.mark(0);
    }
    for &k in single {
        if k < n {
            seen.mark(g.get(n - k).get() as usize);
        }
    }
}

/// Marks, for a heap of `r` tokens split in two, the values of the splits
/// `a + (r - a)` whose part `a` is one of the class's rare positions (parts
/// from `r` on are skipped) or at most `prefix` (up to half the heap), in
/// `seen`, whose length is the width (a power of two above every value).
/// A function of its own so that `seen` is known not to alias the values
/// or the lists: inlined into [`State::step`], the loop reloaded the
/// buffer's address and length at every mark. The rare parts' values come
/// from their own list, read in order, and the indices are written so that
/// the compiler can see they are in bounds: on 0.354 (131 rare positions a
/// class, both classes split) this loop is two thirds of the time.
#[inline(never)]
fn mark_pairs<T: Cell>(g: &[T], r: usize, group: &Group, prefix: usize, seen: &mut [u8]) {
    let mask = seen.len().wrapping_sub(1);
    if seen.is_empty() || r > g.len() {
        return;
    }
    // `r` is `n` itself for a take of nothing (codes such as 4.12), so
    // only `G(..r)` is read: every part is at least 1.
    let head = &g[..r];
    for (&a, &ga) in group.rare.iter().zip(&group.rare_values) {
        if a >= r {
            break;
        }
        seen[(ga ^ head[r - a].get()) as usize & mask] = 1;
    }
    let small = prefix.min(r / 2);
    if small > 0 {
        mark_all_splits(&head[1..=small], &head[r - small..r], seen);
    }
}

/// Marks `low[i] ^ high[high.len() - 1 - i]` for every `i` in `marks`, whose
/// length is a power of two above every value: the splits `a + (r - a)` of
/// a heap of `r` tokens, for `low = G(1..=r/2)` and `high = G(r - r/2..r)`.
///
/// This is the dense method's whole cost (a census of `octal:3` spends most
/// of its time here). The parts are read as two slices in opposite
/// directions, [`DENSE_LANES`] pairs at a time: the xors first, then the
/// stores, and each index masked to the length of `marks` (a value cannot
/// pass it), so that the compiler keeps no bounds check and no loop test
/// between two stores.
#[inline(never)]
fn mark_all_splits<T: Cell>(low: &[T], high: &[T], marks: &mut [u8]) {
    debug_assert!(marks.len().is_power_of_two() && low.len() == high.len());
    let Some(mask) = marks.len().checked_sub(1) else {
        return;
    };
    let marks = &mut marks[..=mask];
    let mut lows = low.chunks_exact(DENSE_LANES);
    let mut highs = high.rchunks_exact(DENSE_LANES);
    for (xs, ys) in (&mut lows).zip(&mut highs) {
        let mut at = [0usize; DENSE_LANES];
        for (i, slot) in at.iter_mut().enumerate() {
            *slot = (xs[i] ^ ys[DENSE_LANES - 1 - i]).get() as usize & mask;
        }
        for i in at {
            marks[i] = 1;
        }
    }
    for (x, y) in lows.remainder().iter().zip(highs.remainder().iter().rev()) {
        marks[(*x ^ *y).get() as usize & mask] = 1;
    }
}

/// Pairs per round of [`mark_all_splits`].
const DENSE_LANES: usize = 16;

/// [`mark_pairs`] into the bits of a word, for values below 64: the
/// values of the splits `a + (r - a)` with `a` rare or at most `prefix`.
fn pair_bits<T: Cell>(g: &[T], r: usize, group: &Group, prefix: usize) -> u64 {
    if r > g.len() {
        return 0;
    }
    let head = &g[..r];
    let (mut rare, mut small) = (0u64, 0u64);
    for (&a, &ga) in group.rare.iter().zip(&group.rare_values) {
        if a >= r {
            break;
        }
        rare |= 1 << ((ga ^ head[r - a].get()) & 63);
    }
    for a in 1..=prefix.min(r / 2) {
        small |= 1 << ((head[a] ^ head[r - a]).get() & 63);
    }
    rare | small
}

/// The values `G(0), ..., G(n - 1)` in two pieces: those from before the
/// current block, which other threads may be reading, and those computed
/// in it so far.
#[derive(Clone, Copy, Debug)]
struct Split<'a, T> {
    old: &'a [T],
    new: &'a [T],
}

impl<T: Cell> Split<'_, T> {
    /// How many values: `n`.
    #[inline]
    fn len(self) -> usize {
        self.old.len() + self.new.len()
    }

    /// `G(i)` for `i < n`.
    #[inline]
    fn get(self, i: usize) -> T {
        match self.old.get(i) {
            Some(&v) => v,
            None => self.new[i - self.old.len()],
        }
    }

    /// Whether some split `a + (r - a)` with `a` in `parts` (and
    /// `1 <= a <= r / 2`) has value `m`; `r <= n`.
    fn has_pair(self, r: usize, m: T, parts: std::ops::Range<usize>) -> bool {
        let from = parts.start.max(1);
        let to = parts.end.min(r / 2 + 1);
        if from >= to {
            return false;
        }
        let s = self.old.len();
        if to > s {
            // Parts inside the block: only for tiny sequences.
            return (from..to).any(|a| self.get(a) ^ self.get(r - a) == m);
        }
        // Parts below `split` pair with a value of the block.
        let split = (r + 1).saturating_sub(s).clamp(from, to);
        (from < split
            && pairs_hit(
                &self.old[from..split],
                &self.new[r + 1 - split - s..=r - from - s],
                m,
            ))
            || (split < to && pairs_hit(&self.old[split..to], &self.old[r + 1 - to..=r - split], m))
    }
}

/// A block of heap sizes `start .. start + shape.len` and what its prepared
/// rows hold (see [`State::plan`]): for every heap size, the splits whose
/// part lies in the window from `lag` to `lag + shape.window`, among the
/// `shape.middle` parts below half the heap, or among the rare parts from
/// `lag + shape.window` to `bound`, marked from the values below `bound`
/// under the classification of `epoch`, in rows of `row` bytes, or, when
/// `words` is not 0, in bit rows of the values below `16 · words`.
#[derive(Clone, Copy, Debug)]
struct Block {
    start: usize,
    bound: usize,
    lag: usize,
    shape: Shape,
    epoch: u64,
    row: usize,
    /// Words of 16 bits per bit row (see [`bitrows`]), or 0 when the
    /// block marks bytes.
    words: usize,
    /// With bit rows: whether they hold the values of two classes, half
    /// the words each, and the class of the settled values, which the rare
    /// parts mark ([`State::plan_classes`]).
    classes: Option<(bitrows::Classes, usize)>,
}

/// The layout of a block: `len` heap sizes, and the ordinary parts marked
/// whatever their labels, `window` from the lag on and `middle` below half
/// the heap (see [`State::shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    len: usize,
    window: usize,
    middle: usize,
}

impl Block {
    /// The parts `a` of the splits of a heap of `r = n - k` tokens that are
    /// not marked whatever their labels, in the order a scan should look at
    /// them: below the lag, between the window and the middle, and from the
    /// middle to `r / 2`. The parts below the lag are few, and games with
    /// few rare positions, such as 0.354, find most of their witnesses among
    /// small parts. On Officers, where witnesses are about 40% denser per
    /// split after the window, the other order saved 5% of the scan time
    /// when it was measured, and nothing measurable now that scans are a
    /// small part of the time (2^22, three runs each).
    fn unmarked(self, k: usize, r: usize) -> [std::ops::Range<usize>; 3] {
        let window_end = self.lag + self.shape.window;
        let mid = (self.start - k) / 2;
        let middle_start = mid.saturating_sub(self.shape.middle).max(window_end);
        [
            1..self.lag,
            window_end..middle_start,
            mid.max(window_end)..r / 2 + 1,
        ]
    }
}

/// Walks up the mex candidates of `n = g.len()` given the marks in `seen`:
/// a candidate that some class cannot settle by its labels is looked for
/// among all of that class's splits, except those a prepared block has
/// already marked (`marked`); the first candidate that is neither marked
/// nor found is `G(n)`.
fn settle<T: Cell>(
    groups: &[Group; 2],
    g: Split<'_, T>,
    seen: &mut (impl Marks + ?Sized),
    width: usize,
    scans: &mut u64,
    marked: Option<Block>,
    full: [bool; 2],
    prefix: usize,
) -> u32 {
    let n = g.len();
    let mut m = seen.mex_from(0);
    'candidates: while m < width {
        let cell = T::of(m as u32);
        for (group, full) in groups.iter().zip(full) {
            let settled =
                full || !group.dense && !group.producible[m << 1 | ((n ^ group.parity) & 1)];
            if settled {
                continue;
            }
            for &k in &group.takes {
                if n >= k + 2 {
                    *scans += 1;
                    let r = n - k;
                    let found = match marked {
                        Some(marked) => marked
                            .unmarked(k, r)
                            .into_iter()
                            .any(|parts| g.has_pair(r, cell, parts)),
                        None if group.dense => g.has_pair(r, cell, 1..r / 2 + 1),
                        None => g.has_pair(r, cell, prefix + 1..r / 2 + 1),
                    };
                    if found {
                        seen.mark(m);
                        m = seen.mex_from(m + 1);
                        continue 'candidates;
                    }
                }
            }
        }
        break;
    }
    u32::try_from(m).expect("a Grundy value above u32::MAX")
}

/// The option values marked for one heap size: a byte per value, or the
/// bits of a word when every value is below 64.
trait Marks {
    /// The least unmarked value from `start` on.
    fn mex_from(&self, start: usize) -> usize;
    /// Marks `m`.
    fn mark(&mut self, m: usize);
}

impl Marks for [u8] {
    fn mex_from(&self, start: usize) -> usize {
        mex_from(self, start)
    }
    fn mark(&mut self, m: usize) {
        self[m] = 1;
    }
}

impl Marks for [u64] {
    fn mex_from(&self, start: usize) -> usize {
        let mut t = start / 64;
        let Some(&first) = self.get(t) else {
            return start;
        };
        let mut free = !first >> (start % 64) << (start % 64);
        loop {
            if free != 0 {
                return 64 * t + free.trailing_zeros() as usize;
            }
            t += 1;
            match self.get(t) {
                Some(&bits) => free = !bits,
                None => return 64 * t,
            }
        }
    }
    fn mark(&mut self, m: usize) {
        self[m / 64] |= 1 << (m % 64);
    }
}

impl Marks for u64 {
    fn mex_from(&self, start: usize) -> usize {
        if start >= 64 {
            return start;
        }
        match !*self >> start {
            // Every value from `start` to 63 is marked.
            0 => 64,
            free => start + free.trailing_zeros() as usize,
        }
    }
    fn mark(&mut self, m: usize) {
        *self |= 1 << m;
    }
}

/// A block of heap sizes `start .. start + block` with a row of option
/// marks prepared for each (see [`State::plan`]).
#[derive(Debug)]
struct Prepared {
    block: Block,
    /// The rows, as marked by each thread: a split is marked in a row when
    /// it is marked in that row of one of the buffers.
    buffers: Vec<Rows>,
    /// The splits marked ahead ([`Plan::parts`]), for the rare heap sizes
    /// whose value passes the bit rows.
    parts: Vec<(usize, usize)>,
    /// The plan's buffers of codes, to be used again.
    codes: Vec<Vec<u16>>,
}

/// One thread's rows of a block: bytes, or bits when the block has
/// [`Block::words`] (then `values` holds the finishing thread's expanded
/// rows).
#[derive(Clone, Debug, Default)]
struct Rows {
    bytes: Vec<u8>,
    /// With bits: the rows of a piece of [`SUB_BLOCK`] heap sizes as bits
    /// of values ([`bitrows::expand`]), [`value_words`] words a row.
    values: Vec<u64>,
    /// `words · LANES` words for each group of [`LANES`] heap sizes, in the
    /// layout of [`bitrows`].
    bits: Vec<u16>,
}

/// How a block ended: `done` heap sizes were computed, and the value that
/// did not fit or a rebuild of the classification is pending.
#[derive(Debug)]
struct BlockEnd {
    done: usize,
    pending: Option<u32>,
    rebuild: bool,
}

/// What preparing a block needs, copied from the engine so that it can run
/// beside the engine finishing the block before.
#[derive(Debug)]
struct Plan {
    block: Block,
    /// The splits to mark in every row, as `(take, part)`: the parts of the
    /// window from `lag` to `lag + shape.window`, the `shape.middle` parts
    /// below half the heap, and the rare parts from `lag + shape.window` to
    /// `bound`.
    parts: Vec<(usize, usize)>,
    /// What bit rows mark of which parts: [`Select::All`] of every part,
    /// or, with two classes ([`State::plan_classes`]), each class of the
    /// parts that must mark it.
    jobs: Vec<Job>,
    /// With codes ([`Plan::code`]): a table of the code of every value,
    /// and the stretches of positions whose codes the jobs read, each with
    /// a buffer, until the first thread that marks computes them.
    pending: std::sync::Mutex<Option<CodesToDo>>,
    /// The codes, once computed.
    coded: std::sync::OnceLock<Coded>,
}

/// The table of codes and the stretches of a plan's codes to compute.
type CodesToDo = (Vec<u16>, Vec<(std::ops::Range<usize>, Vec<u16>)>);

/// The codes a plan's jobs read ([`Plan::code`]).
#[derive(Debug, Default)]
struct Coded {
    /// The code of `G(a)` for each part `(k, a)` of [`Plan::parts`].
    heads: Vec<u16>,
    /// Stretches of positions whose values' codes the jobs read, as
    /// `(origin, codes)`.
    codes: Vec<(usize, Vec<u16>)>,
}

/// Parts of a plan marked in bit rows the same way.
#[derive(Debug)]
struct Job {
    select: Select,
    /// Indices into [`Plan::parts`].
    parts: std::ops::Range<usize>,
    /// With codes: the index in [`Coded::codes`] of the stretch that
    /// holds the codes of every partner of these parts.
    coded: Option<usize>,
}

/// The least and the most `k + a` of `parts`, if any.
fn extent(parts: &[(usize, usize)]) -> Option<(usize, usize)> {
    let sums = parts.iter().map(|&(k, a)| k + a);
    Some((sums.clone().min()?, sums.max()?))
}

/// The longest stretch of positions whose codes a plan computes: past it,
/// parts read raw values (as do those of rows of every value). The rare
/// parts of Officers read the last 66,000 or so.
const CODED_SPAN: usize = 1 << 18;

impl Plan {
    /// Zeroes `rows`, then marks, in row `j`, the values of the splits of heap size
    /// `n = start + j` listed in `parts`, a piece of [`PIECE`] parts in
    /// [`piece_rows`] rows at a time, taking the index of the next piece from `pieces` until none is
    /// left: threads that share `pieces` share the work, each into rows of
    /// its own. Reads `g` below `bound` only (the parts below `lag` are
    /// marked by [`State::finish_block`]).
    ///
    /// The windows exist to mark, ahead of time, most of the values that
    /// the classification cannot settle: near the start they pair early
    /// heaps with recent ones, in the middle they pair two recent heaps
    /// (values that appear only late in the sequence meet there).
    ///
    /// Each part is marked in every row at once, so that `G(n - k - a)` is
    /// read contiguously.
    fn mark<T: Cell>(&self, g: &[T], pieces: &AtomicUsize, rows: &mut Rows) {
        let g = &g[..self.block.bound];
        let (start, row, block) = (self.block.start, self.block.row, self.block.shape.len);
        if self.block.words > 0 {
            return self.mark_bits(g, pieces, &mut rows.bits);
        }
        let rows = &mut rows.bytes;
        rows.clear();
        rows.resize(block * row, 0);
        let rows_per_piece = piece_rows(row);
        let chunks = block.div_ceil(rows_per_piece);
        loop {
            let piece = pieces.fetch_add(1, Ordering::Relaxed);
            let (chunk, first) = (piece % chunks, (piece / chunks).saturating_mul(PIECE));
            if first >= self.parts.len() {
                break;
            }
            let last = (first + PIECE).min(self.parts.len());
            let (top, bottom) = (
                chunk * rows_per_piece,
                ((chunk + 1) * rows_per_piece).min(block),
            );
            for &(k, a) in &self.parts[first..last] {
                // Pairs need a < n - k, that is j > a + k - start.
                let lo = (a + k + 1).saturating_sub(start).max(top);
                if lo >= bottom {
                    continue;
                }
                let from = start + lo - k - a;
                mark_column(
                    &mut rows[lo * row..],
                    row,
                    g[a],
                    &g[from..from + (bottom - lo)],
                );
            }
        }
    }

    /// [`Plan::mark`] into bit rows: a piece is [`PIECE`] parts in one
    /// group of [`LANES`] rows.
    fn mark_bits<T: Cell>(&self, g: &[T], pieces: &AtomicUsize, bits: &mut Vec<u16>) {
        let group = self.block.words * LANES;
        let groups = self.block.shape.len / LANES;
        bits.clear();
        bits.resize(groups * group, 0);
        'pieces: loop {
            let mut piece = pieces.fetch_add(1, Ordering::Relaxed);
            for job in &self.jobs {
                let range = &job.parts;
                let count = range.len().div_ceil(PIECE) * groups;
                if piece >= count {
                    piece -= count;
                    continue;
                }
                let (q, first) = (piece % groups, range.start + piece / groups * PIECE);
                let last = (first + PIECE).min(range.end);
                // With two classes, each has half of a group's words.
                let rows = &mut bits[q * group..(q + 1) * group][job.select.rows(group)];
                let base = self.block.start + q * LANES;
                match (job.coded, job.select) {
                    (Some(i), Select::Class(_, class)) => {
                        let coded = self.codes(g);
                        let (origin, codes) = &coded.codes[i];
                        let partners = bitrows::Coded {
                            codes,
                            origin: *origin,
                        };
                        bitrows::mark_coded(
                            rows,
                            partners,
                            base,
                            &self.parts[first..last],
                            &coded.heads[first..last],
                            class,
                        );
                    }
                    _ => bitrows::mark(
                        rows,
                        bitrows::Values::of(g),
                        base,
                        &self.parts[first..last],
                        job.select,
                    ),
                }
                continue 'pieces;
            }
            break;
        }
    }

    /// Lets the jobs of a plan in two classes read codes
    /// ([`bitrows::Classes::code`]) rather than values: the stretch of
    /// partners of each job, when it is at most [`CODED_SPAN`] long (a job
    /// whose partners lie in a stretch already planned reads that one).
    /// The codes themselves are computed by the first thread that marks
    /// ([`Plan::codes`]), so that the finishing thread does not wait for
    /// them. The values are at most `max_value`; `spare` lends buffers.
    fn code(&mut self, max_value: usize, spare: &mut Vec<Vec<u16>>) {
        let Some((classes, _)) = self.block.classes else {
            return;
        };
        let (start, len, bound) = (self.block.start, self.block.shape.len, self.block.bound);
        let mut stretches: Vec<(std::ops::Range<usize>, Vec<u16>)> = Vec::new();
        // Parts whose partners all lie in the last CODED_SPAN positions
        // before the bound: `k + a` at most `reach`.
        let reach = start - bound.saturating_sub(CODED_SPAN);
        let mut jobs = Vec::with_capacity(self.jobs.len() + 2);
        for job in std::mem::take(&mut self.jobs) {
            let parts = &self.parts[job.parts.clone()];
            // A job whose partners span more than CODED_SPAN, in order of
            // `k + a`, has the parts near enough first: those are coded
            // (a rare position far back, which Officers' classification
            // finds now and then, leaves the others coded). Otherwise the
            // job is coded whole or not at all.
            let span = extent(parts);
            let wide = span.is_some_and(|(least, most)| most - least + len > CODED_SPAN);
            let split = if wide && parts.is_sorted_by_key(|&(k, a)| k + a) {
                parts.partition_point(|&(k, a)| k + a <= reach)
            } else {
                parts.len()
            };
            let near_span = if split == parts.len() {
                span
            } else {
                extent(&parts[..split])
            };
            let (near, rest) = (
                job.parts.start..job.parts.start + split,
                job.parts.start + split..job.parts.end,
            );
            if !rest.is_empty() {
                jobs.push(Job { parts: rest, ..job });
            }
            let Some((least, most)) = near_span else {
                continue;
            };
            // Partners of lane j: start + j - k - a, from 1 and below the
            // bound.
            let lo = start.saturating_sub(most).max(1);
            let hi = (start + len).saturating_sub(least).min(bound);
            let inside = stretches
                .iter()
                .position(|(span, _)| span.start <= lo && hi <= span.end);
            let coded = match inside {
                _ if hi <= lo => None,
                Some(i) => Some(i),
                None if hi - lo <= CODED_SPAN => {
                    stretches.push((lo..hi, spare.pop().unwrap_or_default()));
                    Some(stretches.len() - 1)
                }
                None => None,
            };
            jobs.push(Job {
                parts: near,
                coded,
                ..job
            });
        }
        self.jobs = jobs;
        if !stretches.is_empty() {
            let table = (0..=max_value).map(|x| classes.code(x)).collect();
            self.pending = std::sync::Mutex::new(Some((table, stretches)));
        }
    }

    /// The codes of a plan's heads and stretches ([`Plan::code`]),
    /// computed from `g` by the first thread that asks.
    fn codes<T: Cell>(&self, g: &[T]) -> &Coded {
        self.coded.get_or_init(|| {
            let pending = self.pending.lock().map(|mut p| p.take());
            let (Ok(Some((table, stretches))), Some((classes, _))) = (pending, self.block.classes)
            else {
                return Coded::default();
            };
            let heads = self
                .parts
                .iter()
                .map(|&(_, a)| table[g[a].get() as usize])
                .collect();
            let codes = stretches
                .into_iter()
                .map(|(span, mut codes)| {
                    bitrows::codes(classes, &g[span.clone()], &mut codes);
                    (span.start, codes)
                })
                .collect();
            Coded { heads, codes }
        })
    }

    /// Marks the whole plan, each buffer of `buffers` filled by a thread
    /// of its own.
    fn mark_all<T: Cell>(&self, g: &[T], buffers: &mut [Rows]) {
        let pieces = AtomicUsize::new(0);
        match buffers {
            [rows] => self.mark(g, &pieces, rows),
            _ => for_each_mut(buffers, |_, rows| self.mark(g, &pieces, rows)),
        }
    }

    /// The prepared block, from the rows this plan's threads marked.
    fn prepared(self, buffers: Vec<Rows>) -> Prepared {
        Prepared {
            block: self.block,
            buffers,
            parts: self.parts,
            codes: self
                .coded
                .into_inner()
                .map_or_else(Vec::new, |c| c.codes.into_iter().map(|(_, c)| c).collect()),
        }
    }
}

/// `(mask, c)` when `set` holds exactly the `x` with the parity of `x &
/// mask` equal to `c`: a hyperplane of the labels, or its complement. The
/// common labels of Officers (0.6) give such a set of producible labels.
fn linear(set: &[bool]) -> Option<(usize, usize)> {
    let &zero = set.first()?;
    let c = usize::from(!zero);
    let mask = (0..usize::BITS)
        .map(|i| 1usize << i)
        .take_while(|&bit| bit < set.len())
        .filter(|&bit| set[bit] != zero)
        .fold(0, |mask, bit| mask | bit);
    let fits = set
        .iter()
        .enumerate()
        .all(|(x, &p)| p == ((x & mask).count_ones() as usize % 2 == c));
    fits.then_some((mask, c))
}

/// Bytes per row of prepared marks: a fixed size for small widths, so that
/// the marking loop is compiled for a constant row length.
fn row_len(width: usize) -> usize {
    match width {
        0..=256 => 256 + SENTINEL,
        257..=512 => 512 + SENTINEL,
        _ => width + SENTINEL,
    }
}

/// Marks `ga xor part[i]` in row `i` of `rows` (rows of `row` bytes).
#[inline(always)]
fn mark_column<T: Cell>(rows: &mut [u8], row: usize, ga: T, part: &[T]) {
    match row {
        264 => mark_column_fixed::<T, 264>(rows, ga, part),
        520 => mark_column_fixed::<T, 520>(rows, ga, part),
        _ => {
            for (marks, &v) in rows.chunks_exact_mut(row).zip(part) {
                marks[(ga ^ v).get() as usize] = 1;
            }
        }
    }
}

#[inline(always)]
fn mark_column_fixed<T: Cell, const R: usize>(rows: &mut [u8], ga: T, part: &[T]) {
    // R - SENTINEL is a power of two above every value: the mask changes
    // no index, and lets the compiler see that every index is in the row.
    let mask = R - SENTINEL - 1;
    let bits = 8 * std::mem::size_of::<T>();
    let per_word = 64 / bits;
    let lanes = 4 * per_word;
    let count = part.len().min(rows.len() / R);
    let (part, rest) = part[..count].split_at(count - count % lanes);
    let (rows, rest_rows) = rows.split_at_mut(part.len() * R);
    // Values packed in four u64 words, xored a word at a time, then one
    // store per row at a constant offset.
    let mut spread = 0u64;
    for lane in 0..per_word {
        spread |= u64::from(ga.get()) << (lane * bits);
    }
    for (values, marks) in part
        .chunks_exact(lanes)
        .zip(rows.chunks_exact_mut(lanes * R))
    {
        let mut words = [0u64; 4];
        for (w, word) in words.iter_mut().enumerate() {
            for lane in 0..per_word {
                *word |= u64::from(values[w * per_word + lane].get()) << (lane * bits);
            }
            *word ^= spread;
        }
        for (w, word) in words.iter().enumerate() {
            for lane in 0..per_word {
                let x = (word >> (lane * bits)) as usize & mask;
                marks[(w * per_word + lane) * R + x] = 1;
            }
        }
    }
    for (marks, &v) in rest_rows.chunks_exact_mut(R).zip(rest) {
        marks[(ga ^ v).get() as usize & mask] = 1;
    }
}

impl Group {
    /// Greedy choice of the common labels, most frequent first: a label is
    /// taken when it keeps `(C xor C)` disjoint from `C xor (0, parity)`, so
    /// that no pair of common positions produces a common value at the
    /// parity this class's splits have.
    fn classify(&mut self, by_frequency: &[usize], space: usize) {
        let shift = self.parity;
        self.common = vec![false; space];
        self.producible = vec![false; space];
        let mut members: Vec<usize> = Vec::new();
        for &x in by_frequency {
            if x == shift || self.producible[x ^ shift] {
                continue;
            }
            if members.iter().any(|&c| {
                let y = x ^ c ^ shift;
                y < space && self.common[y]
            }) {
                continue;
            }
            members.push(x);
            self.common[x] = true;
            for &c in &members {
                self.producible[x ^ c] = true;
            }
        }
        self.linear = linear(&self.producible);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(code: &str, n: usize) {
        let tb = TakeBreak::parse(code).unwrap();
        let want = tb.naive_values(n);
        let mut fast = SparseOctal::new(&tb);
        fast.extend_to(n);
        let got: Vec<Nimber> = fast.values().iter().collect();
        assert_eq!(got, want, "{code}");
    }

    #[test]
    fn bit_rows_match_the_dense_engine() {
        // Blocks mark bits where the processor has AVX-512: rows of every
        // value (0.376, values below 512; 0.36, values in a byte) and rows
        // of two classes (Officers, whose common pairs give the values of
        // one parity of `value & 0x1EE`, and 0.36 again); 0.344's values
        // pass 384, so its blocks mark bytes. The dense engine marks no
        // block.
        for (code, paths) in [
            ("0.344", [false, false]),
            ("0.376", [true, false]),
            ("0.36", [true, true]),
            ("0.6", [true, true]),
        ] {
            let tb = TakeBreak::parse(code).expect("a valid code");
            let n = 30_000;
            let mut dense = SparseOctal::dense(&tb);
            dense.extend_to(n);
            for threads in [1, 2] {
                let mut e = SparseOctal::new(&tb);
                e.set_threads(threads);
                e.extend_to(n);
                if bitrows::available() {
                    let used = e.state.bit_blocks.map(|b| b > 0);
                    assert!(
                        paths[0] <= used[0] && paths[1] <= used[1],
                        "{code}: {used:?}"
                    );
                }
                if let Some(i) = (0..=n).find(|&i| e.get(i) != dense.get(i)) {
                    panic!(
                        "{code}, {threads} threads: G({i}) = {}, dense {}",
                        e.get(i),
                        dense.get(i)
                    );
                }
            }
        }
    }

    #[test]
    fn records_past_the_bit_rows_count_every_split() {
        // 0.7674 (rows of every value, values in a byte) reaches new
        // largest values inside blocks: G(384) = 97 on one thread (G(445)
        // on two) needs the value 96, which the bit rows (words up to the
        // largest value before the block) did not cover, from a rare part
        // below the lag, which the finishing step marks itself. A proptest
        // of random codes found it.
        let tb = TakeBreak::parse("0.7674").expect("a valid code");
        let want = tb.naive_values(3000);
        for threads in [1, 2] {
            let mut e = SparseOctal::new(&tb);
            e.set_threads(threads);
            e.extend_to(3000);
            if bitrows::available() {
                assert!(e.state.bit_blocks[0] > 0, "{:?}", e.state.bit_blocks);
            }
            let got: Vec<Nimber> = e.values().iter().take(3001).collect();
            if let Some(i) = (0..=3000).find(|&i| got[i] != want[i]) {
                panic!("{threads} threads: G({i}) = {}, naive {}", got[i], want[i]);
            }
        }
    }

    #[test]
    fn producible_sets_of_one_parity_are_linear() {
        let parity = |x: usize, mask: usize| (x & mask).count_ones() as usize % 2;
        let set: Vec<bool> = (0..1024).map(|x| parity(x, 988) == 0).collect();
        assert_eq!(linear(&set), Some((988, 0)));
        let set: Vec<bool> = (0..64).map(|x| parity(x, 0b101) == 1).collect();
        assert_eq!(linear(&set), Some((0b101, 1)));
        let mut set: Vec<bool> = (0..64).map(|x| parity(x, 0b110) == 0).collect();
        set[37] = !set[37];
        assert_eq!(linear(&set), None);
        assert_eq!(linear(&[]), None);
    }

    #[test]
    fn small_codes_match_naive() {
        for code in ["0.77", "0.07", "0.6", "0.137", "4.07", "0.F", "8.0", "0.4"] {
            check(code, 300);
        }
    }

    #[test]
    fn split_pair_scan_matches_definition() {
        // Values in two pieces, split at every point near the end, as in a
        // block: every range of parts, with partners on both sides.
        let g: Vec<u16> = super::super::dense::pseudo_random(99, 300, 300)
            .map(|x| x as u16)
            .collect();
        for len in [2, 3, 131, 257, 300] {
            for cut in [len / 2, len - 70.min(len / 2), len - 1, len] {
                let view = Split {
                    old: &g[..cut],
                    new: &g[cut..len],
                };
                for r in [len - 1, len.saturating_sub(40), len / 2] {
                    for (from, to) in [(0, 300), (1, 3), (2, 66), (64, 129), (100, 150)] {
                        for m in [0u16, 1, 7, 100, 299] {
                            let want =
                                (from.max(1)..to.min(r / 2 + 1)).any(|a| g[a] ^ g[r - a] == m);
                            assert_eq!(
                                view.has_pair(r, m, from..to),
                                want,
                                "len {len}, cut {cut}, r {r}, parts {from}..{to}, m {m}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn marking_every_split_matches_the_definition() {
        // Heaps on both sides of a round of DENSE_LANES pairs, and values
        // that use every bit of the width.
        let g: Vec<u16> = super::super::dense::pseudo_random(7, 200, 512)
            .map(|x| x as u16)
            .collect();
        for r in [2, 3, 17, 31, 32, 33, 34, 35, 64, 65, 66, 67, 131, 199] {
            let mut want = vec![0u8; 512];
            for a in 1..=r / 2 {
                want[usize::from(g[a] ^ g[r - a])] = 1;
            }
            let mut got = vec![0u8; 512];
            mark_all_splits(&g[1..=r / 2], &g[r - r / 2..r], &mut got);
            assert_eq!(got, want, "r {r}");
        }
    }

    #[test]
    fn extending_in_steps_gives_the_same_values() {
        let tb = TakeBreak::parse("0.6").unwrap();
        let mut once = SparseOctal::new(&tb);
        once.extend_to(3000);
        let mut steps = SparseOctal::new(&tb);
        for n in [0, 1, 5, 63, 64, 65, 700, 2999, 3000] {
            steps.extend_to(n);
            assert!((n + 1..=n + PARALLEL_BLOCK).contains(&steps.len()), "{n}");
        }
        let len = once.len().min(steps.len());
        assert!(len > 3000);
        assert!((0..len).all(|i| once.get(i) == steps.get(i)));
    }

    #[test]
    fn storage_widens_when_a_value_reaches_256() {
        // Taking 1 to 300 tokens and leaving one heap is Nim below 301:
        // G(n) = n there, so the values pass 255 at n = 256.
        let tb = TakeBreak::parse(&format!("0.{}", "3".repeat(300))).unwrap();
        let mut e = SparseOctal::new(&tb);
        e.extend_to(255);
        assert_eq!(e.values().bytes_per_value(), 1);
        e.extend_to(700);
        assert!(e.max_value().0 >= 256, "max {}", e.max_value());
        assert_eq!(e.values().bytes_per_value(), 2);
        let want = tb.naive_values(700);
        assert!(want.iter().enumerate().all(|(i, &v)| e.get(i) == v));
    }
}
