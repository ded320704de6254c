//! Periodicity of Grundy sequences, reported only with a proof.
//!
//! A sequence is *periodic* with preperiod `n0` and period `p` when
//! `G(n + p) = G(n)` for every `n >= n0`; *arithmetic-periodic* with saltus
//! `s` when `G(n + p) = G(n) + s` (ordinary addition). Computation alone
//! never shows that a pattern goes on for ever; a theorem turns a finite
//! check into a proof.
//!
//! # The theorem used for take-and-break games
//!
//! Let a game take at most `t` tokens per move and leave at most `k >= 1`
//! heaps (so `k = 2` for octal codes, `k = 3` for hexadecimal codes, with or
//! without a digit `d0` before the point). Write `e = max(n0, 1)`. If
//!
//! > `G(n + p) = G(n)` for all `n0 <= n < B`, where `B = k·e + (k-1)·p + t`,
//!
//! then `G(n + p) = G(n)` for all `n >= n0`. For `k = 2` this is the
//! Guy–Smith periodicity theorem (`B = 2·n0 + p + t`, *Winning Ways*
//! ch. 4); `k = 3` gives `3·n0 + 2·p + t` for hexadecimal codes.
//!
//! *Proof* (induction on `n >= B`, assuming the claim below `n`). An option
//! of `n + p` takes `j <= t` tokens and leaves `i <= k` heaps summing to
//! `n + p - j >= B + p - t`; it cannot remove everything, since `n + p > t`.
//! Its largest heap `a` satisfies `a >= (n + p - t)/k >= e + p`, and
//! `a < n + p`. So `a - p` is a heap size in `[e, n)` with
//! `G(a - p) = G(a)`, and replacing `a` by `a - p` gives an option of `n`
//! (same take, same number of non-empty heaps, since `a - p >= 1`) with the
//! same value. Conversely the largest heap `b` of an option of `n` satisfies
//! `b >= (n - t)/k >= e` and `b < n`, so replacing it by `b + p` gives an
//! option of `n + p` of equal value. Both option sets have the same values,
//! so `G(n + p) = G(n)`. The digit `d0` (splitting without taking) is the
//! case `j = 0` and needs no change. `e = max(n0, 1)` guards the case
//! `n0 = 0`, where `a - p` could otherwise be an empty heap.
//!
//! For a finite subtraction set (`k = 1`, `t = max(S)`), a heap of size 0
//! and no heap are the same, so `e = n0` may be used: `B = n0 + max(S)`,
//! which is the classical window argument (the next value depends only on
//! the previous `max(S)` values).
//!
//! Nim has `G(n) = n`: arithmetic-periodic from 0 with period 1 and
//! saltus 1. Grundy's game, all-but sets, `half` and the infinite subtraction sets
//! have no theorem here (A. Siegel proved all-but sets arithmetic-periodic,
//! but without a finite check this crate could apply), so they are reported
//! as unknown together with how far their values were computed.
//!
//! # Search
//!
//! Values are computed incrementally. At each length `L`, for `p = 1, 2,
//! ...` the last exception `n0(p) - 1` is found by comparing the sequence
//! with its shift from the end. The first `p` whose check is complete
//! (`B - 1 + p <= L - 1`) is the smallest period: any smaller true period
//! `q` divides it, has the same preperiod and a smaller `B`, so it would have
//! been proved first. Otherwise the candidates that agree over at least
//! half a period tell how long the sequence must be for the proof of the
//! first of them, and the engine is extended to that length (at most
//! doubling the current length), and no further.

pub use super::theorem::Theorem;

use super::sequence::{self, EngineKind, SequenceEngine};
use super::{GrundySequence, HeapRuleset};
use crate::cancel::{Cancel, Cancelled};
use crate::limits::{self, LimitError};
use crate::Nimber;

/// A default search limit for games whose moves split a heap in three
/// (hexadecimal codes): each value then costs O(n²), so 2^13 values take a
/// few seconds, where octal codes reach 2^20 in well under one. Front ends
/// use it when the user gives no limit of their own.
pub const THREE_HEAP_SEARCH_MAX: u64 = 1 << 13;

/// The default search limit of games with a periodicity theorem (octal
/// codes, subtraction games): 2^20 values, well under a second for most.
/// [`analyse_default`] goes on to [`DEFAULT_MAX_LINEAR`] for games whose
/// values cost the same however long the sequence grows.
pub const DEFAULT_MAX: u64 = 1 << 20;

/// How far [`analyse_default`] looks for a period when the engine computes
/// each value in time independent of `n` (a take-and-break code whose
/// splits all have a sparse space): 2^25 values, 33.5 million, about half
/// a minute at the slowest such game measured (Officers). Enough for
/// 0.354, whose proof needs 2.02·10^7 values (Gangolli–Plambeck:
/// preperiod 10 061 916, period 1180).
pub const DEFAULT_MAX_LINEAR: u64 = 1 << 25;

/// The default limit of games with no periodicity theorem: their values
/// are computed only to show what the sequence seems to do.
pub const DEFAULT_MAX_NO_THEOREM: u64 = 10_000;

/// The first limit of [`analyse_default`] for `ruleset`:
/// [`DEFAULT_MAX_NO_THEOREM`] without a theorem,
/// [`THREE_HEAP_SEARCH_MAX`] for codes that split a heap in three, else
/// [`DEFAULT_MAX`]. Front ends use it where a search is not extended
/// (a search kept in a file, for instance).
///
/// ```
/// use grundy::heap::{period, HeapRuleset};
///
/// assert_eq!(period::default_max(&"0.77".parse()?), 1 << 20);
/// assert_eq!(period::default_max(&"0.F7".parse()?), 1 << 13);
/// assert_eq!(period::default_max(&"half".parse()?), 10_000);
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
pub fn default_max(ruleset: &HeapRuleset) -> u64 {
    if Theorem::for_ruleset(ruleset).is_none() {
        DEFAULT_MAX_NO_THEOREM
    } else if ruleset.max_heaps_left() > 2 {
        THREE_HEAP_SEARCH_MAX
    } else {
        DEFAULT_MAX
    }
}

/// The search `grundy period GAME` makes when no limit is given: up to
/// [`default_max`] values, and, where no proof came by then and the engine
/// computes each further value in time independent of `n` (see
/// [`EngineReport::linear`](super::sequence::EngineReport::linear)), on to
/// [`DEFAULT_MAX_LINEAR`] without computing anything twice. So short
/// periods are proved as fast as before, games that need tens of millions
/// of values (0.354) are proved too, and games whose values get slower to
/// compute stop at the first limit. The limits are checked and the value
/// stores grown fallibly, as in [`analyse_checked`].
///
/// # Errors
/// [`AnalysisError::Cancelled`] when `cancel` is set,
/// [`AnalysisError::Limit`] out of memory.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::period;
///
/// let kayles = period::analyse_default(&"0.77".parse()?, &Cancel::new(), &mut |_| {})?;
/// assert_eq!(kayles.period(), Some((71, 12)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_default(
    ruleset: &HeapRuleset,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, AnalysisError> {
    let first = default_max(ruleset);
    let theorem = match Theorem::for_ruleset(ruleset) {
        Some(theorem) if *ruleset != HeapRuleset::Nim && first == DEFAULT_MAX => theorem,
        _ => return analyse_checked(ruleset, first, cancel, progress),
    };
    let mut engine = sequence::engine(ruleset, EngineKind::Fast);
    let periodicity = search_in(engine.as_mut(), theorem, first, true, cancel, progress)?;
    let unknown = matches!(
        periodicity.status,
        PeriodStatus::Unknown {
            reason: UnknownReason::LimitReached
        }
    );
    if !unknown || engine.report().linear != Some(true) {
        return Ok(Analysis {
            periodicity,
            values: engine.into_sequence(),
            nim: false,
        });
    }
    // The engine keeps its values: the longer search starts where this
    // one stopped.
    search_owned(engine, theorem, DEFAULT_MAX_LINEAR, true, cancel, progress)
}

/// What is known about the periodicity of one ruleset's Grundy sequence.
///
/// ```
/// use grundy::heap::{period, HeapRuleset, PeriodStatus};
///
/// let kayles: HeapRuleset = "kayles".parse()?;
/// let found = period::find_period(&kayles, 10_000);
/// match found.status {
///     PeriodStatus::Periodic { preperiod, period, .. } => {
///         assert_eq!((preperiod, period), (71, 12));
///     }
///     PeriodStatus::Unknown { .. } => unreachable!(),
/// }
/// // The proof needed G(0..=2·71+12+2+12-1) and nothing more.
/// assert_eq!(found.checked_to, 167);
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// Periodic (with its certificate) or unknown.
    pub status: PeriodStatus,
    /// The values `G(0), ..., G(checked_to)` were computed and examined
    /// (0 when nothing needed computing).
    pub checked_to: u64,
}

/// The outcome of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodStatus {
    /// `G(n + period) = G(n) + saltus` for every `n >= preperiod`, proved.
    /// `preperiod` is the smallest such index (the last exception plus one)
    /// and `period` the smallest period.
    Periodic {
        /// `n0`: the last exception plus one.
        preperiod: u64,
        /// The smallest period `p`.
        period: u64,
        /// `s` in `G(n + p) = G(n) + s`; 0 for (ordinary) periodicity.
        saltus: u64,
        /// Why this holds for every `n`.
        certificate: Certificate,
    },
    /// No period was proved.
    Unknown {
        /// Why not.
        reason: UnknownReason,
    },
}

/// Why a periodicity holds for all `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// A closed formula for every value (Nim: `G(n) = n`).
    Formula(&'static str),
    /// The finite check of the [module theorem](self): `G(n + p) = G(n)` was
    /// verified for `n0 <= n < bound`.
    FiniteCheck {
        /// The theorem applied to this ruleset.
        theorem: Theorem,
        /// `B`, the end of the range that was checked.
        bound: u64,
    },
}

/// Why no period is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownReason {
    /// The family has no periodicity theorem this crate can apply.
    NoTheorem,
    /// A theorem applies, but no period was proved within the limit.
    LimitReached,
    /// A theorem applies, but even its shortest proof (preperiod 0, period
    /// 1) checks values up to `needs`, beyond the limit, so no value was
    /// computed (a subtraction set with a huge element, `sub{1..16777216}`).
    ProofBeyondLimit {
        /// The least index every proof of this game must reach.
        needs: u64,
    },
}

/// A ruleset's values up to some length together with what is proved about
/// their periodicity: enough to give `G(h)` for any heap the proof covers.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// `G(0), ..., G(len-1)`.
    pub values: GrundySequence,
    /// The proved periodicity, if any.
    pub periodicity: Periodicity,
    nim: bool,
}

impl Analysis {
    /// `G(h)` for any heap: from the table, from the period, or from the
    /// formula; `None` when `h` is beyond the table and nothing is proved.
    ///
    /// ```
    /// use grundy::heap::{period, HeapRuleset};
    /// use grundy::Nimber;
    ///
    /// let a = period::analyse(&"kayles".parse::<HeapRuleset>()?, 10_000);
    /// // Kayles is periodic from 71 with period 12, and 10^18 = 76 (mod 12).
    /// assert_eq!(a.value(1_000_000_000_000_000_000), a.value(76));
    /// assert_eq!(a.value(76), Some(Nimber(1)));
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn value(&self, h: u64) -> Option<Nimber> {
        if self.nim {
            return Some(Nimber(h));
        }
        if let Some(g) = usize::try_from(h).ok().and_then(|i| self.values.get(i)) {
            return Some(g);
        }
        match &self.periodicity.status {
            PeriodStatus::Periodic {
                preperiod,
                period,
                saltus,
                ..
            } if h >= *preperiod => {
                let steps = (h - preperiod) / period;
                let base = preperiod + (h - preperiod) % period;
                let g = self.values.get(base as usize)?;
                Some(Nimber(g.0 + steps * saltus))
            }
            _ => None,
        }
    }

    /// The proved `(preperiod, period)` for a (non-arithmetic) periodic
    /// sequence.
    pub fn period(&self) -> Option<(u64, u64)> {
        match self.periodicity.status {
            PeriodStatus::Periodic {
                preperiod,
                period,
                saltus: 0,
                ..
            } => Some((preperiod, period)),
            _ => None,
        }
    }

    /// Whether [`value`](Self::value) answers for every heap, however
    /// large: a period or a formula is proved.
    pub fn is_proved(&self) -> bool {
        matches!(self.periodicity.status, PeriodStatus::Periodic { .. })
    }

    /// `G(from), ..., G(to)`, streamed: each value is read from the table,
    /// the proved period or the formula as the iterator reaches it, so any
    /// window of a proved game costs nothing to hold, at any offset. `None`
    /// when some heap of the window is beyond the table and nothing is
    /// proved (or `from > to`).
    ///
    /// # Complexity
    /// O(1) per value, nothing allocated.
    ///
    /// ```
    /// use grundy::heap::{period, HeapRuleset};
    /// use grundy::Nimber;
    ///
    /// // sub{1,3,4} has period 7 from 0: 0,1,0,1,2,3,2, 0,1,0,...
    /// let a = period::analyse(&"sub{1,3,4}".parse::<HeapRuleset>()?, 1000);
    /// let far: Vec<u64> = a.window(7_000_000_000_000, 7_000_000_000_006).unwrap()
    ///     .map(Nimber::value).collect();
    /// assert_eq!(far, [0, 1, 0, 1, 2, 3, 2]);
    /// let nim = period::analyse(&HeapRuleset::Nim, 0);
    /// assert_eq!(nim.window(u64::MAX, u64::MAX).unwrap().next(), Some(Nimber(u64::MAX)));
    /// let half = period::analyse(&"half".parse::<HeapRuleset>()?, 100);
    /// assert!(half.window(0, 101).is_none());
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn window(&self, from: u64, to: u64) -> Option<Window<'_>> {
        if from > to || self.value(to).is_none() {
            return None;
        }
        Some(Window {
            analysis: self,
            next: Some(from),
            to,
        })
    }

    /// The largest value of `G(from..=to)`, where it first occurs, and how
    /// often each value occurs, counted over whole periods rather than heap
    /// by heap: a window of 10^18 heaps costs O(preperiod + period).
    /// `None` unless a period (with saltus 0) is proved, or when
    /// `from > to`; front ends count a table or an arithmetic-periodic
    /// sequence (whose values all differ) heap by heap instead.
    ///
    /// # Complexity
    /// O(n0 + p) for preperiod `n0` and period `p`, plus the histogram.
    ///
    /// ```
    /// use grundy::heap::{period, HeapRuleset};
    /// use grundy::Nimber;
    ///
    /// let a = period::analyse(&"sub{1,3,4}".parse::<HeapRuleset>()?, 1000);
    /// // 0,1,0,1,2,3,2 repeated: three 0s... per 7 heaps, from heap 0.
    /// let s = a.stats(0, 7 * 1_000_000_000_000 - 1).unwrap();
    /// assert_eq!((s.max, s.max_at), (Nimber(3), 5));
    /// let counts: Vec<(u64, u64)> = s.histogram.into_iter().collect();
    /// let t = 1_000_000_000_000;
    /// assert_eq!(counts, [(0, 2 * t), (1, 2 * t), (2, 2 * t), (3, t)]);
    /// # Ok::<(), grundy::heap::SpecError>(())
    /// ```
    pub fn stats(&self, from: u64, to: u64) -> Option<WindowStats> {
        let (n0, p) = self.period()?;
        if from > to {
            return None;
        }
        let mut stats = WindowStats {
            max: Nimber(0),
            max_at: from,
            histogram: std::collections::BTreeMap::new(),
        };
        // `first[v]`: the first heap of value v, to place the maximum.
        let mut first = std::collections::BTreeMap::new();
        // Counts saturate: only the window 0..=u64::MAX (2^64 heaps) of a
        // game with period 1 could pass u64::MAX.
        let mut count = |g: Nimber, at: u64, times: u64| {
            let c = stats.histogram.entry(g.value()).or_default();
            *c = c.saturating_add(times);
            let slot = first.entry(g.value()).or_insert(at);
            *slot = (*slot).min(at);
        };
        // The preperiod, heap by heap (it is short: the table holds it).
        let start = from.max(n0);
        for n in from..start.min(to.saturating_add(1)) {
            count(self.value(n)?, n, 1);
        }
        // The periodic part: heap n0 + r + k·p has the value of n0 + r.
        if start <= to {
            let into = (start - n0) % p;
            for r in 0..p {
                // The first heap of residue r; past u64::MAX means none.
                let Some(x) = start.checked_add((r + p - into) % p) else {
                    continue;
                };
                if x > to {
                    continue;
                }
                let g = self.value(n0 + r)?;
                count(g, x, ((to - x) / p).saturating_add(1));
            }
        }
        let (&max, &at) = first.iter().next_back()?;
        stats.max = Nimber(max);
        stats.max_at = at;
        Some(stats)
    }
}

/// `G(from..=to)` read one heap at a time from an [`Analysis`] (see
/// [`Analysis::window`]).
#[derive(Clone, Debug)]
pub struct Window<'a> {
    analysis: &'a Analysis,
    /// The next heap, `None` once `to` was yielded (`to` may be
    /// `u64::MAX`).
    next: Option<u64>,
    to: u64,
}

impl Iterator for Window<'_> {
    type Item = Nimber;

    fn next(&mut self) -> Option<Nimber> {
        let n = self.next?;
        self.next = if n < self.to { Some(n + 1) } else { None };
        // The window was checked to be covered when it was made.
        self.analysis.value(n)
    }
}

/// The largest value of a window of heaps, where it first occurs, and how
/// often each value occurs (see [`Analysis::stats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowStats {
    /// The largest value.
    pub max: Nimber,
    /// The first heap of the window with that value.
    pub max_at: u64,
    /// Value to number of heaps of the window with that value.
    pub histogram: std::collections::BTreeMap<u64, u64>,
}

/// A pattern the computed values follow, with no proof that it goes on:
/// `G(n + period) = G(n) + saltus` for `preperiod <= n <= seen_to - period`
/// (see [`apparent_period`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApparentPeriod {
    /// The first `n` of the run of agreement (the last exception plus one).
    pub preperiod: u64,
    /// The smallest period that fits.
    pub period: u64,
    /// 0 for an apparent period; otherwise the apparent saltus.
    pub saltus: u64,
    /// The last value looked at, `G(seen_to)`.
    pub seen_to: u64,
}

impl ApparentPeriod {
    /// How many `n` the relation was seen to hold for:
    /// `seen_to + 1 - period - preperiod`.
    pub fn agreeing(&self) -> u64 {
        (self.seen_to + 1).saturating_sub(self.period + self.preperiod)
    }
}

/// The smallest period (or arithmetic period) that the values seem to
/// follow, *not proved*: for the first `p` such that `G(n + p) - G(n)` is
/// one constant `s >= 0` over a run that ends at the last value and covers
/// at least half of the values and two periods (and 32 heaps). It is what
/// front ends report for games with no periodicity theorem (Grundy's game,
/// `half`, infinite subtraction sets, all-but sets), always marked as an
/// observation.
///
/// # Complexity
/// O(L) for the period found, plus one scan per smaller candidate that
/// stops at its first exception from the end (usually at once).
///
/// ```
/// use grundy::heap::{period, sequence, HeapRuleset};
///
/// // allbut{1,2} is arithmetic-periodic (Siegel), but no finite check is
/// // known to this crate: the pattern is reported as seen, unproved.
/// let g = sequence::values(&"allbut{1,2}".parse::<HeapRuleset>()?, 2000);
/// let seen = period::apparent_period(&g).unwrap();
/// assert_eq!(seen.seen_to, 2000);
/// assert!(seen.saltus > 0);
/// let g = sequence::values(&"grundy-game".parse::<HeapRuleset>()?, 2000);
/// assert_eq!(period::apparent_period(&g), None);
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
pub fn apparent_period(values: &GrundySequence) -> Option<ApparentPeriod> {
    let len = values.len();
    let at = |i: usize| values.get(i).map_or(0, Nimber::value);
    for p in 1..=len / 3 {
        let last = len - 1;
        let (top, below) = (at(last), at(last - p));
        let Some(saltus) = top.checked_sub(below) else {
            continue;
        };
        let mut n0 = last - p;
        while n0 > 0 && at(n0 - 1 + p).checked_sub(at(n0 - 1)) == Some(saltus) {
            n0 -= 1;
        }
        let agreeing = len - p - n0;
        if agreeing >= (2 * p).max(len / 2).max(32) {
            return Some(ApparentPeriod {
                preperiod: n0 as u64,
                period: p as u64,
                saltus,
                seen_to: last as u64,
            });
        }
    }
    None
}

/// Why a checked analysis ([`analyse_checked`]) stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The [`Cancel`] flag was set.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    /// The values asked for are beyond the [limits], or
    /// memory for them could not be allocated.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// Searches for a proved period of `ruleset`, computing at most `G(0..=max)`
/// with the fastest engine.
///
/// # Complexity
/// The engine's cost up to the length the proof needs (or `max`), plus
/// the comparisons of the search (see the [module documentation](self)).
pub fn find_period(ruleset: &HeapRuleset, max: u64) -> Periodicity {
    analyse(ruleset, max).periodicity
}

/// [`find_period`] that stops when `cancel` is set, calling `progress` with
/// the number of values known as the computation goes.
///
/// # Errors
/// [`Cancelled`] when `cancel` is set before the search ends.
///
/// # Complexity
/// That of [`find_period`].
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::{period, HeapRuleset};
///
/// let kayles: HeapRuleset = "kayles".parse()?;
/// let p = period::find_period_cancellable(&kayles, 10_000, &Cancel::new(), &mut |_| {})?;
/// assert!(p.checked_to > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_period_cancellable(
    ruleset: &HeapRuleset,
    max: u64,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Periodicity, Cancelled> {
    analyse_cancellable(ruleset, max, cancel, progress).map(|a| a.periodicity)
}

/// Like [`find_period`], but also returns the values computed, so that
/// [`Analysis::value`] answers for any heap the proof covers.
///
/// For a family without a theorem the values are computed up to `max`
/// anyway (the `checked_to` of an unknown answer says how far they go).
pub fn analyse(ruleset: &HeapRuleset, max: u64) -> Analysis {
    analyse_cancellable(ruleset, max, &Cancel::new(), &mut |_| {})
        .expect("a fresh flag is never set")
}

/// [`analyse`] that stops when `cancel` is set, calling `progress` with the
/// number of values known as the computation goes.
///
/// # Errors
/// [`Cancelled`] when `cancel` is set before the analysis ends.
///
/// # Complexity
/// That of [`analyse`], plus a clock read every few milliseconds.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::{period, HeapRuleset};
///
/// let game: HeapRuleset = "sub{1,3,4}".parse()?;
/// let a = period::analyse_cancellable(&game, 1000, &Cancel::new(), &mut |_| {})?;
/// assert_eq!(a.period(), Some((0, 7)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_cancellable(
    ruleset: &HeapRuleset,
    max: u64,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, Cancelled> {
    if *ruleset == HeapRuleset::Nim {
        return Ok(Analysis {
            values: GrundySequence::new(),
            periodicity: Periodicity {
                status: PeriodStatus::Periodic {
                    preperiod: 0,
                    period: 1,
                    saltus: 1,
                    certificate: Certificate::Formula("G(n) = n"),
                },
                checked_to: 0,
            },
            nim: true,
        });
    }
    match Theorem::for_ruleset(ruleset) {
        Some(theorem) => {
            let engine = sequence::engine(ruleset, EngineKind::Fast);
            search_owned(engine, theorem, max, false, cancel, progress).map_err(|e| match e {
                AnalysisError::Cancelled(c) => c,
                AnalysisError::Limit(e) => unreachable!("nothing is reserved fallibly: {e}"),
            })
        }
        None => analyse_table_cancellable(ruleset, max, cancel, progress),
    }
}

/// The values `G(0..=n)` with no period search (Nim needs no table): the
/// periodicity is `Unknown`, with reason `NoTheorem` when none applies to
/// the family and `LimitReached` otherwise.
///
/// # Complexity
/// That of the fastest engine up to `n`.
pub fn analyse_table(ruleset: &HeapRuleset, n: u64) -> Analysis {
    analyse_table_cancellable(ruleset, n, &Cancel::new(), &mut |_| {})
        .expect("a fresh flag is never set")
}

/// [`analyse_table`] that stops when `cancel` is set, calling `progress`
/// with the number of values known as the computation goes.
///
/// # Errors
/// [`Cancelled`] when `cancel` is set before the values are known.
///
/// # Complexity
/// That of [`analyse_table`].
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::{period, HeapRuleset};
///
/// let stop = Cancel::new();
/// stop.cancel();
/// let game: HeapRuleset = "sub{squares}".parse()?;
/// assert!(period::analyse_table_cancellable(&game, 100_000, &stop, &mut |_| {}).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_table_cancellable(
    ruleset: &HeapRuleset,
    n: u64,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, Cancelled> {
    if *ruleset == HeapRuleset::Nim {
        return analyse_cancellable(ruleset, n, cancel, progress);
    }
    table(ruleset, n, false, cancel, progress).map_err(|e| match e {
        AnalysisError::Cancelled(c) => c,
        AnalysisError::Limit(e) => unreachable!("nothing is reserved fallibly: {e}"),
    })
}

/// [`analyse_table_cancellable`], or with `reserve` the same with the
/// limits checked and every value store reserved fallibly first.
fn table(
    ruleset: &HeapRuleset,
    n: u64,
    reserve: bool,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, AnalysisError> {
    let mut engine = sequence::engine(ruleset, EngineKind::Fast);
    if reserve {
        // The engine's store, and a copy where it keeps none.
        let copies = if engine.sequence().is_some() { 1 } else { 2 };
        limits::check_memory(n.saturating_add(1), copies)?;
    }
    let n = usize::try_from(n)
        .unwrap_or(usize::MAX)
        .min(engine.max_index());
    if reserve {
        engine.try_reserve(n)?;
    }
    sequence::extend_cancellable(engine.as_mut(), n, cancel, progress)?;
    // The engine's own store, moved (engines that keep none are copied).
    let values = engine.into_sequence();
    let reason = match Theorem::for_ruleset(ruleset) {
        Some(_) => UnknownReason::LimitReached,
        None => UnknownReason::NoTheorem,
    };
    Ok(Analysis {
        values,
        periodicity: Periodicity {
            status: PeriodStatus::Unknown { reason },
            checked_to: n as u64,
        },
        nim: false,
    })
}

/// The period search of the [module documentation](self) on any engine,
/// with the theorem that applies to its game.
///
/// # Complexity
/// The engine's cost up to the proof length or `max`; the comparisons are
/// O(L) per candidate period that agrees long enough to look plausible,
/// and usually O(1) for the others.
pub fn analyse_with(engine: &mut dyn SequenceEngine, theorem: Theorem, max: u64) -> Analysis {
    analyse_with_cancellable(engine, theorem, max, &Cancel::new(), &mut |_| {})
        .expect("a fresh flag is never set")
}

/// [`analyse_with_cancellable`] with no progress reports: the search stops
/// within a fraction of a second once `cancel` is set, and what the engine
/// computed before it stopped stays in the engine.
///
/// # Errors
/// [`Cancelled`] when the flag was set (or its deadline passed) before the
/// search ended.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::period::{self, Theorem};
/// use grundy::heap::{sequence, HeapRuleset};
///
/// let kayles: HeapRuleset = "0.77".parse()?;
/// let theorem = Theorem::for_ruleset(&kayles).unwrap();
/// let mut engine = sequence::engine(&kayles, sequence::EngineKind::Fast);
/// let stop = Cancel::new();
/// let found = period::analyse_with_cancel(engine.as_mut(), theorem, 1 << 20, &stop).unwrap();
/// // Kayles: G(n + 12) = G(n) from n = 71 on (the last exception is 70).
/// assert_eq!(found.period(), Some((71, 12)));
/// // A set flag stops a search that still has values to compute.
/// let mut fresh = sequence::engine(&kayles, sequence::EngineKind::Fast);
/// stop.cancel();
/// assert!(period::analyse_with_cancel(fresh.as_mut(), theorem, 1 << 20, &stop).is_err());
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
pub fn analyse_with_cancel(
    engine: &mut dyn SequenceEngine,
    theorem: Theorem,
    max: u64,
    cancel: &Cancel,
) -> Result<Analysis, Cancelled> {
    analyse_with_cancellable(engine, theorem, max, cancel, &mut |_| {})
}

/// [`analyse_with`] that stops when `cancel` is set, calling `progress`
/// with the number of values known as the computation goes.
///
/// # Errors
/// [`Cancelled`] when `cancel` is set before the search ends; the engine
/// keeps the values computed so far.
///
/// # Complexity
/// That of [`analyse_with`].
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::{period, sequence, HeapRuleset};
///
/// let game: HeapRuleset = "0.07".parse()?;
/// let theorem = period::Theorem::for_ruleset(&game).unwrap();
/// let mut e = sequence::engine(&game, sequence::EngineKind::Fast);
/// let a = period::analyse_with_cancellable(e.as_mut(), theorem, 10_000, &Cancel::new(), &mut |_| {})?;
/// assert_eq!(a.period(), Some((53, 34)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_with_cancellable(
    engine: &mut dyn SequenceEngine,
    theorem: Theorem,
    max: u64,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, Cancelled> {
    search_with(engine, theorem, max, false, cancel, progress).map_err(|e| match e {
        AnalysisError::Cancelled(c) => c,
        AnalysisError::Limit(e) => unreachable!("nothing is reserved fallibly: {e}"),
    })
}

/// [`analyse_with_cancellable`] with the [limits] checked
/// before anything is computed (`max + 1` values must be storable) and the
/// value stores grown fallibly: memory that cannot be had is an error that
/// says how many bytes were asked for, not an abort. What the engine
/// computed stays in it, so a caller may go on extending it.
///
/// # Errors
/// [`AnalysisError::Cancelled`] when `cancel` is set,
/// [`AnalysisError::Limit`] beyond the limits or out of memory.
///
/// # Complexity
/// That of [`analyse_with`].
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::period::{self, AnalysisError, Theorem};
/// use grundy::heap::{sequence, HeapRuleset};
///
/// let officers: HeapRuleset = "0.6".parse()?;
/// let theorem = Theorem::for_ruleset(&officers).unwrap();
/// let mut e = sequence::engine(&officers, sequence::EngineKind::Fast);
/// let e = period::analyse_with_checked(e.as_mut(), theorem, 99_999_999_999_999, &Cancel::new(), &mut |_| {});
/// assert!(matches!(e, Err(AnalysisError::Limit(_))));
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
pub fn analyse_with_checked(
    engine: &mut dyn SequenceEngine,
    theorem: Theorem,
    max: u64,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, AnalysisError> {
    search_with(engine, theorem, max, true, cancel, progress)
}

/// [`analyse_cancellable`] with the [limits] checked first
/// (a `max` whose values memory could not hold is refused before any work)
/// and every value store grown fallibly.
///
/// # Errors
/// [`AnalysisError::Cancelled`] when `cancel` is set,
/// [`AnalysisError::Limit`] beyond the limits or out of memory.
///
/// # Complexity
/// That of [`analyse`].
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::period::{self, AnalysisError};
/// use grundy::heap::HeapRuleset;
/// use grundy::limits::LimitError;
///
/// let half: HeapRuleset = "half".parse()?;
/// let e = period::analyse_checked(&half, 1 << 40, &Cancel::new(), &mut |_| {}).unwrap_err();
/// assert!(matches!(e, AnalysisError::Limit(LimitError::TooManyValues { .. })));
/// let a = period::analyse_checked(&"kayles".parse()?, 1 << 30, &Cancel::new(), &mut |_| {})?;
/// assert_eq!(a.period(), Some((71, 12)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_checked(
    ruleset: &HeapRuleset,
    max: u64,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, AnalysisError> {
    if *ruleset == HeapRuleset::Nim {
        return Ok(analyse_cancellable(ruleset, max, cancel, progress)?);
    }
    match Theorem::for_ruleset(ruleset) {
        Some(theorem) => {
            let engine = sequence::engine(ruleset, EngineKind::Fast);
            search_owned(engine, theorem, max, true, cancel, progress)
        }
        None => table(ruleset, max, true, cancel, progress),
    }
}

/// The search of [`analyse_with_cancellable`]; with `reserve`, the limits
/// are checked up front and each store is reserved fallibly before it grows.
/// The engine keeps the values; the analysis gets a copy of them.
fn search_with(
    engine: &mut dyn SequenceEngine,
    theorem: Theorem,
    max: u64,
    reserve: bool,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, AnalysisError> {
    let periodicity = search_in(engine, theorem, max, reserve, cancel, progress)?;
    let mut values = GrundySequence::new();
    if reserve {
        values.try_reserve(engine.len())?;
    }
    engine.append_to(&mut values);
    Ok(Analysis {
        periodicity,
        values,
        nim: false,
    })
}

/// [`search_with`] on an engine the search owns: the analysis takes the
/// engine's values instead of a copy, so the values are stored once.
fn search_owned(
    mut engine: Box<dyn SequenceEngine + Send>,
    theorem: Theorem,
    max: u64,
    reserve: bool,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Analysis, AnalysisError> {
    let periodicity = search_in(engine.as_mut(), theorem, max, reserve, cancel, progress)?;
    Ok(Analysis {
        periodicity,
        values: engine.into_sequence(),
        nim: false,
    })
}

/// The search itself: values computed by `engine` in doubling lengths,
/// each length searched for a period (see the [module docs](self)). The
/// values are read where the engine keeps them ([`SequenceEngine::sequence`]);
/// only an engine that keeps none is copied.
fn search_in(
    engine: &mut dyn SequenceEngine,
    theorem: Theorem,
    max: u64,
    reserve: bool,
    cancel: &Cancel,
    progress: &mut dyn FnMut(usize),
) -> Result<Periodicity, AnalysisError> {
    // A copy of the values, for engines that keep none of their own.
    let own = engine.sequence().is_some();
    // The limit applies to what was asked for, before the engine's own
    // bound shortens it: the same --max is refused for every game.
    if reserve {
        // The engine's store, and the copy where there is one, one byte
        // per value at least, must fit if the search runs to the end.
        limits::check_memory(max.saturating_add(1), if own { 1 } else { 2 })?;
    }
    // Looking further than the engine can go ends the search there.
    let max = usize::try_from(max)
        .unwrap_or(usize::MAX)
        .min(engine.max_index());
    // Every proof checks G(n + p) = G(n) for n0 <= n < bound(n0, p), so it
    // reaches index bound(n0, p) - 1 + p >= bound(0, 1): beyond the limit
    // no value can help, and none is computed.
    let needs = theorem.bound(0, 1);
    if needs > max as u64 {
        return Ok(Periodicity {
            status: PeriodStatus::Unknown {
                reason: UnknownReason::ProofBeyondLimit { needs },
            },
            checked_to: 0,
        });
    }
    let mut copy = GrundySequence::new();
    let mut len = 16.min(max.saturating_add(1));
    loop {
        // Checked here too: an engine that already holds the values would
        // otherwise never look at the flag.
        cancel.check()?;
        if reserve {
            engine.try_reserve(len - 1)?;
            if !own {
                copy.try_reserve(len)?;
            }
        }
        sequence::extend_cancellable(engine, len - 1, cancel, progress)?;
        let values = match engine.sequence() {
            Some(values) => values,
            None => {
                engine.append_to(&mut copy);
                &copy
            }
        };
        let outcome = search(values, theorem);
        let next = match outcome {
            Search::Proved { preperiod, period } => {
                let bound = theorem.bound(preperiod, period);
                return Ok(Periodicity {
                    status: PeriodStatus::Periodic {
                        preperiod,
                        period,
                        saltus: 0,
                        certificate: Certificate::FiniteCheck { theorem, bound },
                    },
                    checked_to: len as u64 - 1,
                });
            }
            // Jump to the length the candidate's proof needs, but never
            // more than double: a spurious candidate with a huge bound must
            // not push the computation far past a true period's proof.
            Search::NeedLength(need) => need.min(len.saturating_mul(2)).max(len + 1),
            Search::Nothing => len.saturating_mul(2),
        };
        if len > max {
            return Ok(Periodicity {
                status: PeriodStatus::Unknown {
                    reason: UnknownReason::LimitReached,
                },
                checked_to: len as u64 - 1,
            });
        }
        len = next.min(max.saturating_add(1)).max(len + 1);
    }
}

enum Search {
    Proved {
        preperiod: u64,
        period: u64,
    },
    /// A candidate whose proof needs this many values.
    NeedLength(usize),
    Nothing,
}

fn search(values: &GrundySequence, theorem: Theorem) -> Search {
    let check = values.period_check(theorem);
    match (check.proved, check.need) {
        (Some((n0, p)), _) => Search::Proved {
            preperiod: n0 as u64,
            period: p as u64,
        },
        (None, Some(need)) => Search::NeedLength(need),
        (None, None) => Search::Nothing,
    }
}

impl std::fmt::Display for Certificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Certificate::Formula(formula) => write!(f, "{formula} for every n"),
            Certificate::FiniteCheck { theorem, bound } => {
                write!(f, "checked {} up to n < {bound}", theorem.describe())
            }
        }
    }
}

impl std::fmt::Display for UnknownReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UnknownReason::NoTheorem => {
                f.write_str("no periodicity theorem applies to this family")
            }
            UnknownReason::LimitReached => f.write_str("no period proved within the limit"),
            UnknownReason::ProofBeyondLimit { needs } => write!(
                f,
                "every proof needs values up to n = {needs} at least, beyond the limit, \
                 so none were computed"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn periodic(spec: &str, max: u64) -> (u64, u64, u64) {
        let found = find_period(&HeapRuleset::parse(spec).unwrap(), max);
        match found.status {
            PeriodStatus::Periodic {
                preperiod, period, ..
            } => (preperiod, period, found.checked_to),
            PeriodStatus::Unknown { .. } => panic!("{spec}: no period by {max}"),
        }
    }

    /// Independent brute force: the smallest p and n0 such that the
    /// sequence agrees with its shift from n0 on, over a long prefix.
    fn apparent_period(values: &[Nimber], tail: usize) -> (usize, usize) {
        let n = values.len();
        for p in 1..tail {
            if (n - tail..n - p).all(|i| values[i] == values[i + p]) {
                let mut n0 = n - tail;
                while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
                    n0 -= 1;
                }
                return (n0, p);
            }
        }
        panic!("no apparent period");
    }

    #[test]
    fn known_small_periods() {
        assert_eq!(periodic("0.77", 10_000), (71, 12, 167));
        let (n0, p, _) = periodic("0.07", 10_000);
        assert_eq!((n0, p), (53, 34));
        let (n0, p, checked) = periodic("sub{1,3,4}", 1000);
        // Window argument: agreement on 0 <= n < 0 + 4 needs G(0..=10); the
        // search starts with 16 values.
        assert_eq!((n0, p, checked), (0, 7, 15));
    }

    #[test]
    fn proofs_stop_at_the_needed_length() {
        for spec in [
            "0.77",
            "0.07",
            "0.137",
            "0.44",
            "0.12",
            "4.07",
            "sub{2,5,6}",
            "sub{1,2,9}",
            "0.F",
        ] {
            let ruleset = HeapRuleset::parse(spec).unwrap();
            let found = find_period(&ruleset, 100_000);
            let PeriodStatus::Periodic {
                preperiod,
                period,
                certificate: Certificate::FiniteCheck { theorem, bound },
                ..
            } = found.status
            else {
                panic!("{spec}: {found:?}");
            };
            assert_eq!(bound, theorem.bound(preperiod, period));
            // The proof needed G(0..bound+period-1); the search never
            // computes more than twice that.
            assert!(found.checked_to + 1 >= bound + period, "{spec}");
            assert!(found.checked_to < 2 * (bound + period) + 16, "{spec}");
            // Compare with an independent look at a much longer prefix.
            let long = sequence::values(&ruleset, 4 * found.checked_to as usize + 400);
            let long: Vec<Nimber> = long.iter().collect();
            let (n0, p) = apparent_period(&long, 2 * period as usize + 200);
            assert_eq!((preperiod, period), (n0 as u64, p as u64), "{spec}");
        }
    }

    /// A candidate that agrees over half its period is enough to jump to
    /// the length of its proof: 0.156 (preperiod 3479, period 349, Gangolli
    /// and Plambeck) agrees over 268 values at 4096 and is proved at
    /// exactly 2·3479 + 349 + 3 + 349 values, not at the doubling to 8192.
    #[test]
    fn half_a_period_of_agreement_jumps_to_the_proof() {
        let found = find_period(&HeapRuleset::parse("0.156").unwrap(), 100_000);
        let PeriodStatus::Periodic {
            preperiod, period, ..
        } = found.status
        else {
            panic!("{found:?}");
        };
        assert_eq!((preperiod, period), (3479, 349));
        assert_eq!(found.checked_to + 1, 2 * 3479 + 349 + 3 + 349);
    }

    #[test]
    fn no_theorem_means_unknown() {
        for spec in ["half", "sub{squares}", "grundy-game", "allbut{1,2}"] {
            let found = find_period(&HeapRuleset::parse(spec).unwrap(), 300);
            assert_eq!(
                found.status,
                PeriodStatus::Unknown {
                    reason: UnknownReason::NoTheorem
                }
            );
            assert_eq!(found.checked_to, 300);
        }
        // A theorem applies but the limit is too small for the proof.
        let found = find_period(&HeapRuleset::parse("0.77").unwrap(), 100);
        assert!(matches!(
            found.status,
            PeriodStatus::Unknown {
                reason: UnknownReason::LimitReached
            }
        ));
        assert_eq!(found.checked_to, 100);
    }

    #[test]
    fn analysis_answers_beyond_the_table() {
        let kayles = analyse(&HeapRuleset::parse("0.77").unwrap(), 10_000);
        let direct = sequence::values(&HeapRuleset::parse("0.77").unwrap(), 3000);
        for h in 0..3000u64 {
            assert_eq!(kayles.value(h), direct.get(h as usize));
        }
        let nim = analyse(&HeapRuleset::Nim, 10);
        assert_eq!(nim.value(u64::MAX), Some(Nimber(u64::MAX)));
        let half = analyse(&HeapRuleset::Half, 50);
        assert_eq!(half.value(51), None);
    }

    /// G(0..n) of a finite subtraction game straight from the definition,
    /// a mex over a sorted scan (independent of every engine).
    fn brute_subtraction(set: &[u64], n: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for h in 0..n as u64 {
            let opts: Vec<u64> = set
                .iter()
                .filter(|&&s| s <= h)
                .map(|&s| g[(h - s) as usize])
                .collect();
            g.push((0..).find(|v| !opts.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn windows_read_from_the_period_match_the_definition() {
        let brute = brute_subtraction(&[1, 3, 4], 70);
        // The definition repeats with period 7 from 0 over 70 heaps.
        assert!((0..63).all(|n| brute[n] == brute[n + 7]));
        let a = analyse(&HeapRuleset::parse("sub{1,3,4}").unwrap(), 1000);
        let from = 1_000_000_000_000u64;
        let got: Vec<u64> = a.window(from, from + 20).unwrap().map(|g| g.0).collect();
        let want: Vec<u64> = (from..=from + 20)
            .map(|n| brute[(n % 7) as usize])
            .collect();
        assert_eq!(got, want);
        // The last heap of all is reachable and the iterator ends there.
        assert_eq!(a.window(u64::MAX - 1, u64::MAX).unwrap().count(), 2);
    }

    #[test]
    fn windows_match_the_engine_computed_directly() {
        for spec in ["0.07", "0.77", "4.07", "sub{2,5,6}"] {
            let ruleset = HeapRuleset::parse(spec).unwrap();
            let a = analyse(&ruleset, 10_000);
            assert!(a.is_proved(), "{spec}");
            // The naive engine, with no period shortcut, far past the proof.
            let mut naive = sequence::engine(&ruleset, EngineKind::Naive);
            naive.extend_to(3000);
            let got: Vec<Nimber> = a.window(0, 3000).unwrap().collect();
            let want: Vec<Nimber> = (0..=3000).map(|i| naive.get(i)).collect();
            assert_eq!(got, want, "{spec}");
        }
    }

    #[test]
    fn stats_counted_over_periods_match_counting_heap_by_heap() {
        let ruleset = HeapRuleset::parse("0.07").unwrap();
        let a = analyse(&ruleset, 10_000);
        let mut naive = sequence::engine(&ruleset, EngineKind::Naive);
        naive.extend_to(2500);
        for (from, to) in [(0, 2500), (10, 52), (53, 53), (40, 2000), (700, 2467)] {
            let s = a.stats(from, to).unwrap();
            let mut hist = std::collections::BTreeMap::new();
            let (mut max, mut max_at) = (0, from);
            for n in from..=to {
                let g = naive.get(n as usize).0;
                *hist.entry(g).or_insert(0u64) += 1;
                if g > max {
                    (max, max_at) = (g, n);
                }
            }
            assert_eq!(
                (s.max.0, s.max_at, s.histogram),
                (max, max_at, hist),
                "{from}..={to}"
            );
        }
        // Far windows: every heap counted once.
        let s = a.stats(5, u64::MAX - 3).unwrap();
        assert_eq!(s.histogram.values().sum::<u64>(), u64::MAX - 7);
        // The last heaps of all: each residue's first heap may lie past
        // u64::MAX (this once overflowed).
        let s = a.stats(u64::MAX - 5, u64::MAX).unwrap();
        assert_eq!(s.histogram.values().sum::<u64>(), 6);
        let top: Vec<Nimber> = a.window(u64::MAX - 5, u64::MAX).unwrap().collect();
        assert_eq!(s.max, top.iter().copied().max().unwrap());
        assert_eq!(analyse(&HeapRuleset::Nim, 0).stats(0, 10), None);
    }

    #[test]
    fn apparent_periods_are_found_and_not_invented() {
        // Periodic with period 3 from 5: G(4) = 7 differs from G(7) = 0.
        let mut seq: GrundySequence = [9, 9, 9, 9, 7].map(Nimber).into_iter().collect();
        for i in 0..100 {
            seq.push(Nimber([1, 2, 0][i % 3]));
        }
        let seen = super::apparent_period(&seq).unwrap();
        assert_eq!((seen.preperiod, seen.period, seen.saltus), (5, 3, 0));
        assert_eq!((seen.seen_to, seen.agreeing()), (104, 97));
        // n itself: arithmetic-periodic with saltus 1.
        let nim: GrundySequence = (0..100).map(Nimber).collect();
        let seen = super::apparent_period(&nim).unwrap();
        assert_eq!((seen.preperiod, seen.period, seen.saltus), (0, 1, 1));
        // Too short a run is no pattern.
        let short: GrundySequence = (0..40u64).map(|i| Nimber(i * i % 17)).collect();
        assert_eq!(super::apparent_period(&short), None);
    }

    #[test]
    fn checked_analysis_refuses_beyond_the_limit_before_any_work() {
        let officers = HeapRuleset::parse("0.6").unwrap();
        let e = analyse_checked(&officers, 99_999_999_999_999, &Cancel::new(), &mut |n| {
            panic!("computed {n} values")
        })
        .unwrap_err();
        assert!(matches!(
            e,
            AnalysisError::Limit(LimitError::TooManyValues { .. })
        ));
        let a = analyse_checked(&officers, 5000, &Cancel::new(), &mut |_| {}).unwrap();
        let b = analyse(&officers, 5000);
        assert_eq!((a.periodicity, a.values), (b.periodicity, b.values));
    }
}
