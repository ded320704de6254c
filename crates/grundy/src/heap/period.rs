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
//! been proved first. Otherwise the first plausible candidate (agreeing over
//! at least one full period) tells how long the sequence must be for its
//! proof, and the engine is extended to that length (at most doubling the
//! current length), and no further.

use super::sequence::{self, EngineKind, GrundySequence, SequenceEngine};
use super::{HeapRuleset, SubtractionSet};
use crate::cancel::{Cancel, Cancelled};
use crate::Nimber;

/// A default search limit for games whose moves split a heap in three
/// (hexadecimal codes): each value then costs O(n²), so 2^13 values take a
/// few seconds, where octal codes reach 2^20 in well under one. Front ends
/// use it when the user gives no limit of their own.
pub const THREE_HEAP_SEARCH_MAX: u64 = 1 << 13;

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
}

/// The periodicity theorem of the [module documentation](self) for one
/// ruleset: moves take at most `max_take` tokens and leave at most
/// `max_heaps` heaps.
///
/// ```
/// use grundy::heap::period::Theorem;
/// use grundy::heap::HeapRuleset;
///
/// let kayles = Theorem::for_ruleset(&"0.77".parse::<HeapRuleset>()?).unwrap();
/// assert_eq!(kayles.bound(71, 12), 2 * 71 + 12 + 2); // Guy–Smith
/// let hex = Theorem::for_ruleset(&"0.F7".parse::<HeapRuleset>()?).unwrap();
/// assert_eq!(hex.bound(10, 4), 3 * 10 + 2 * 4 + 2);
/// assert!(Theorem::for_ruleset(&"half".parse::<HeapRuleset>()?).is_none());
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Theorem {
    /// `k`, the most heaps one move leaves (at least 1).
    pub max_heaps: u64,
    /// `t`, the most tokens one move takes.
    pub max_take: u64,
    /// Whether an empty heap and no heap are the same move (subtraction
    /// games), which allows `e = n0` instead of `max(n0, 1)`.
    pub empty_heap_is_no_heap: bool,
}

impl Theorem {
    /// The theorem for `ruleset`, or `None` when none applies.
    pub fn for_ruleset(ruleset: &HeapRuleset) -> Option<Theorem> {
        match ruleset {
            HeapRuleset::TakeBreak(code) => Some(Theorem {
                max_heaps: code.max_heaps_left().max(1) as u64,
                max_take: code.max_take() as u64,
                empty_heap_is_no_heap: false,
            }),
            HeapRuleset::Subtraction(SubtractionSet::Finite(set)) => Some(Theorem {
                max_heaps: 1,
                max_take: set.last().copied().unwrap_or(0),
                empty_heap_is_no_heap: true,
            }),
            _ => None,
        }
    }

    /// `B = k·e + (k-1)·p + t`: agreement `G(n+p) = G(n)` for
    /// `n0 <= n < B` proves it for all `n >= n0`.
    pub fn bound(&self, n0: u64, p: u64) -> u64 {
        let e = if self.empty_heap_is_no_heap {
            n0
        } else {
            n0.max(1)
        };
        self.max_heaps * e + (self.max_heaps - 1) * p + self.max_take
    }

    /// A one-line statement, e.g. `G(n+p)=G(n) for n0 <= n < 2·max(n0,1)+p+2
    /// (Guy–Smith)`.
    pub fn describe(&self) -> String {
        let e = if self.empty_heap_is_no_heap {
            "n0"
        } else {
            "max(n0,1)"
        };
        let k = self.max_heaps;
        let name = match (k, self.empty_heap_is_no_heap) {
            (1, true) => "window argument for finite subtraction sets",
            (2, _) => "Guy–Smith periodicity theorem",
            (3, _) => "periodicity theorem for 3-heap splits",
            _ => "periodicity theorem for one-heap moves",
        };
        let p_term = match k {
            1 => String::new(),
            2 => "+p".to_string(),
            _ => format!("+{}·p", k - 1),
        };
        let k_term = if k == 1 {
            String::new()
        } else {
            format!("{k}·")
        };
        format!(
            "G(n+p)=G(n) for n0 <= n < {k_term}{e}{p_term}+{} ({name})",
            self.max_take
        )
    }
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
            let mut engine = sequence::engine(ruleset, EngineKind::Fast);
            analyse_with_cancellable(engine.as_mut(), theorem, max, cancel, progress)
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
    let mut engine = sequence::engine(ruleset, EngineKind::Fast);
    let n = usize::try_from(n)
        .unwrap_or(usize::MAX)
        .min(engine.max_index());
    sequence::extend_cancellable(engine.as_mut(), n, cancel, progress)?;
    let mut values = GrundySequence::with_capacity(n.saturating_add(1));
    engine.append_to(&mut values);
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
    // Looking further than the engine can go ends the search there.
    let max = usize::try_from(max)
        .unwrap_or(usize::MAX)
        .min(engine.max_index());
    let mut values = GrundySequence::new();
    let mut len = 16.min(max.saturating_add(1));
    loop {
        sequence::extend_cancellable(engine, len - 1, cancel, progress)?;
        engine.append_to(&mut values);
        let outcome = search(&values, theorem);
        let next = match outcome {
            Search::Proved { preperiod, period } => {
                let bound = theorem.bound(preperiod, period);
                return Ok(Analysis {
                    periodicity: Periodicity {
                        status: PeriodStatus::Periodic {
                            preperiod,
                            period,
                            saltus: 0,
                            certificate: Certificate::FiniteCheck { theorem, bound },
                        },
                        checked_to: len as u64 - 1,
                    },
                    values,
                    nim: false,
                });
            }
            // Jump to the length the candidate's proof needs, but never
            // more than double: a spurious candidate with a huge bound must
            // not push the computation far past a true period's proof.
            Search::NeedLength(need) => need.min(len.saturating_mul(2)).max(len + 1),
            Search::Nothing => len.saturating_mul(2),
        };
        if len > max {
            return Ok(Analysis {
                periodicity: Periodicity {
                    status: PeriodStatus::Unknown {
                        reason: UnknownReason::LimitReached,
                    },
                    checked_to: len as u64 - 1,
                },
                values,
                nim: false,
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
    let len = values.len() as u64;
    // The first plausible period (its multiples are skipped: a multiple of
    // a true period has the same preperiod and a larger bound) and the
    // smallest length any plausible candidate needs for its proof.
    let mut first: Option<u64> = None;
    let mut need: Option<u64> = None;
    for p in 1..=len.div_ceil(2) {
        if first.is_some_and(|c| p % c == 0) {
            continue;
        }
        let n0 = values.last_mismatch(p as usize).map_or(0, |i| i as u64 + 1);
        let bound = theorem.bound(n0, p);
        // The check covers n0 <= n < bound, which uses values up to
        // bound - 1 + p.
        if bound + p <= len {
            return Search::Proved {
                preperiod: n0,
                period: p,
            };
        }
        let agreeing = (len - p).saturating_sub(n0);
        if agreeing >= p.max(16) {
            first.get_or_insert(p);
            need = Some(need.map_or(bound + p, |m| m.min(bound + p)));
        }
    }
    match need {
        Some(need) => Search::NeedLength(usize::try_from(need).unwrap_or(usize::MAX)),
        None => Search::Nothing,
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
        f.write_str(match self {
            UnknownReason::NoTheorem => "no periodicity theorem applies to this family",
            UnknownReason::LimitReached => "no period proved within the limit",
        })
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
}
