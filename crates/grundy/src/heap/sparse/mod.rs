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
//! On a processor with AVX-512 (F, BW and BITALG, and BMI2) or AVX2, a
//! block whose values are below 384 (768 when they split in two classes,
//! below) marks bits instead of bytes (`heap/bitrows.rs`): 32
//! heap sizes at once, one per 16-bit lane of a vector (or 32-bit lanes of
//! four vectors, with AVX2), the marks ORed into
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
//! beyond ([`GrundySequence`]), twice that on the portable path (a copy of
//! the values backwards, `mirror.rs`, for its witness scans); eight bytes per rare position and class; `B` rows of
//! about `width + 8` bytes per block and thread (`width`, a power of two
//! above the largest value), for two blocks at a time with several (bit
//! rows take two bytes per 16 values instead, plus the finishing thread's
//! bits of values, and two bytes for the code of each position of the
//! stretch the block's parts read: 130 KB for Officers); for hexadecimal
//! codes only, the split values of every heap.
//!
//! # Files
//!
//! The engine's parts, each in a file of its own, from the bottom up (a
//! file uses only those above it in this list):
//!
//! | file | what it holds |
//! |---|---|
//! | `classify.rs` | the rare/common split of a class of splitting moves (`Group`) |
//! | `block.rs` | blocks of heap sizes: their shapes, the rows they are marked in, how one ends |
//! | `mirror.rs` | the values backwards, for the scans of the portable path |
//! | `marks.rs` | the marks of one heap size, the values as a block sees them, the walk up the mex candidates |
//! | `state.rs` | the engine's working state, its main loop, the bookkeeping of every new value |
//! | `plan.rs` | whether heap sizes go in blocks, and which splits a block marks ahead |
//! | `codes.rs` | codes instead of values, for rows of two classes |
//! | `rows.rs` | marking a block's rows ahead, on every thread |
//! | `finish.rs` | the finisher: a prepared block, one heap size at a time |
//! | `step.rs` | heap sizes one at a time, where blocks do not apply |
//! | `mod.rs` | [`SparseOctal`]: the engine as callers see it, and its period shortcut |

mod block;
mod classify;
mod codes;
mod finish;
mod marks;
mod mirror;
mod plan;
mod rows;
mod state;
mod step;
#[cfg(test)]
mod tests;

use self::block::PARALLEL_BLOCK;
use self::state::{State, FIRST_REBUILD};
use self::step::PREFIX;
use super::dense::SENTINEL;
use super::store::StoreMut;
use super::theorem::Theorem;
use super::{GrundySequence, TakeBreak};
use crate::parallel::{in_pool, threads};
use crate::Nimber;

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
            mirror: mirror::Mirror::at(crate::simd::level()),
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

/// Length at which the engine first looks for a proved period; it looks
/// again each time the length doubles.
const FIRST_PERIOD_CHECK: usize = 256;
