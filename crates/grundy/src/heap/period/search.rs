//! Running a period search ([`Search`]): the options of
//! [`Analysis::of`], one call at a time, and the search of the
//! [module documentation](super) itself.

use std::marker::PhantomData;

use super::{
    default_max, Analysis, Certificate, PeriodStatus, Periodicity, Theorem, UnknownReason,
    DEFAULT_MAX, DEFAULT_MAX_LINEAR,
};
use crate::cancel::{Cancel, Cancelled};
use crate::heap::sequence::{self, EngineKind, SequenceEngine, Stream};
use crate::heap::{GrundySequence, HeapRuleset};
use crate::limits::{self, LimitError};

/// Why a [`checked`](Search::checked) search stopped.
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

impl Analysis {
    /// A period search of `ruleset`, to be given its options and run (see
    /// [`Search`] and the [module documentation](super)).
    ///
    /// ```
    /// use grundy::heap::period::Analysis;
    /// use grundy::heap::HeapRuleset;
    ///
    /// let game: HeapRuleset = "0.07".parse()?;
    /// assert_eq!(Analysis::of(&game).max(10_000).run()?.period(), Some((53, 34)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(ruleset: &HeapRuleset) -> Search<'_> {
        Search::new(ruleset)
    }
}

/// A period search of one ruleset with its options, made by
/// [`Analysis::of`] and run once by [`run`](Search::run). Every option is
/// a method (see the table in the [module documentation](super)); `E` is
/// what a run fails with: [`Cancelled`], or [`AnalysisError`] once
/// [`checked`](Search::checked).
///
/// # Complexity
/// The engine's cost up to the length the proof needs (or the limit), plus
/// the comparisons of the search: O(L) per candidate period that agrees
/// long enough to look plausible, usually O(1) for the others; a clock
/// read every few milliseconds to check the flag.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::period::{Analysis, AnalysisError};
/// use grundy::heap::{sequence, HeapRuleset};
/// use grundy::limits::LimitError;
///
/// // On an engine of the caller's, which keeps the values computed.
/// let officers: HeapRuleset = "0.6".parse()?;
/// let mut engine = sequence::engine(&officers, sequence::EngineKind::Fast);
/// let a = Analysis::of(&officers).on(engine.as_mut()).max(5000).run()?;
/// assert!(!a.is_proved());
/// assert!(engine.len() > 5000);
/// // Checked: refused before any work beyond the limits.
/// let e = Analysis::of(&officers).max(1 << 40).checked().run().unwrap_err();
/// assert!(matches!(e, AnalysisError::Limit(LimitError::TooManyValues { .. })));
/// // A set flag stops a search that still has values to compute.
/// let stop = Cancel::new();
/// stop.cancel();
/// assert!(Analysis::of(&officers).max(5000).cancel(&stop).run().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "a search does nothing until it is run"]
pub struct Search<'a, E = Cancelled> {
    ruleset: &'a HeapRuleset,
    reach: Reach,
    kind: EngineKind,
    engine: Option<&'a mut dyn SequenceEngine>,
    cancel: Option<&'a Cancel>,
    progress: Option<&'a mut dyn FnMut(usize)>,
    stream: Option<&'a mut Stream<'a>>,
    error: PhantomData<fn() -> E>,
}

/// How far a search looks.
#[derive(Clone, Copy, Debug)]
enum Reach {
    /// As `grundy period` with no `--max`: [`default_max`], then on to
    /// [`DEFAULT_MAX_LINEAR`] while values stay cheap.
    Default,
    /// `G(0..=max)` at most.
    Max(u64),
    /// `G(0..=n)`, with no period search.
    Table(u64),
}

impl<'a> Search<'a> {
    /// The search [`Analysis::of`] makes: no option given.
    fn new(ruleset: &'a HeapRuleset) -> Search<'a> {
        Search {
            ruleset,
            reach: Reach::Default,
            kind: EngineKind::Fast,
            engine: None,
            cancel: None,
            progress: None,
            stream: None,
            error: PhantomData,
        }
    }

    /// Checks the [limits] before anything is computed (the values up to
    /// the limit, or to the table's end, must be storable) and grows every
    /// value store fallibly: memory that cannot be had is an
    /// [`AnalysisError::Limit`] that says how many bytes were asked for,
    /// not an abort.
    pub fn checked(self) -> Search<'a, AnalysisError> {
        Search {
            ruleset: self.ruleset,
            reach: self.reach,
            kind: self.kind,
            engine: self.engine,
            cancel: self.cancel,
            progress: self.progress,
            stream: self.stream,
            error: PhantomData,
        }
    }

    /// Runs the search.
    ///
    /// # Errors
    /// [`Cancelled`] when the flag was set (or its deadline passed) before
    /// the search ended; an engine of the caller's keeps what it computed.
    pub fn run(self) -> Result<Analysis, Cancelled> {
        self.go(false).map_err(|e| match e {
            AnalysisError::Cancelled(c) => c,
            AnalysisError::Limit(e) => unreachable!("nothing is reserved fallibly: {e}"),
        })
    }
}

impl Search<'_, AnalysisError> {
    /// Runs the search, within the limits.
    ///
    /// # Errors
    /// [`AnalysisError::Cancelled`] when the flag was set,
    /// [`AnalysisError::Limit`] beyond the limits or out of memory; an
    /// engine of the caller's keeps what it computed.
    pub fn run(self) -> Result<Analysis, AnalysisError> {
        self.go(true)
    }
}

impl<'a, E> Search<'a, E> {
    /// Looks for a period among `G(0..=max)` at most (fewer where the
    /// engine stops earlier, see [`SequenceEngine::max_index`]). A family
    /// with no theorem has its values computed up to `max` anyway, and
    /// the `checked_to` of its unknown answer says how far they go.
    pub fn max(mut self, max: u64) -> Self {
        self.reach = Reach::Max(max);
        self
    }

    /// Computes `G(0..=n)` and looks for no period: the periodicity is
    /// unknown, with reason [`NoTheorem`](UnknownReason::NoTheorem) when no
    /// theorem applies to the family and
    /// [`LimitReached`](UnknownReason::LimitReached) otherwise. Nim needs
    /// no table: its answer is the formula.
    pub fn table(mut self, n: u64) -> Self {
        self.reach = Reach::Table(n);
        self
    }

    /// Builds the engine of this kind ([`EngineKind::Fast`] unless told).
    pub fn engine(mut self, kind: EngineKind) -> Self {
        self.kind = kind;
        self
    }

    /// Runs on `engine`, an engine of this ruleset's that the caller keeps:
    /// it may have values already, and it keeps those the search computes,
    /// also when the search is stopped (a caller may go on extending it);
    /// the analysis gets a copy of them.
    pub fn on(mut self, engine: &'a mut dyn SequenceEngine) -> Self {
        self.engine = Some(engine);
        self
    }

    /// Stops within a fraction of a second once `cancel` is set.
    pub fn cancel(mut self, cancel: &'a Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// Calls `progress` with the number of values known, as the
    /// computation goes.
    pub fn progress(mut self, progress: &'a mut dyn FnMut(usize)) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Calls `stream` with the engine after each chunk of values it
    /// computes, as [`Grow::stream`](sequence::Grow::stream) does: a
    /// front end prints the values the search computes as they come,
    /// before it knows whether a period will be proved. Breaking stops the
    /// search, which then fails as when its flag is set.
    pub fn stream(mut self, stream: &'a mut Stream<'a>) -> Self {
        self.stream = Some(stream);
        self
    }

    /// The search; with `reserve`, the limits are checked up front and
    /// each store is reserved fallibly before it grows.
    fn go(self, reserve: bool) -> Result<Analysis, AnalysisError> {
        let ruleset = self.ruleset;
        if *ruleset == HeapRuleset::Nim {
            return Ok(Analysis::nim());
        }
        let never = Cancel::new();
        let cancel = self.cancel.unwrap_or(&never);
        let mut quiet = |_: usize| {};
        let progress: &mut dyn FnMut(usize) = match self.progress {
            Some(progress) => progress,
            None => &mut quiet,
        };
        let mut lent = self.engine;
        let mut own = match lent {
            Some(_) => None,
            None => Some(sequence::engine(ruleset, self.kind)),
        };
        let periodicity = {
            let engine: &mut dyn SequenceEngine = match (&mut lent, &mut own) {
                (Some(lent), _) => &mut **lent,
                (None, Some(own)) => own.as_mut(),
                (None, None) => unreachable!("an engine is built when none is lent"),
            };
            let mut run = Run {
                reserve,
                cancel,
                progress,
                stream: self.stream,
            };
            find(engine, ruleset, self.reach, &mut run)?
        };
        // The engine's own store, moved; a lent engine's, copied.
        let values = match (own, lent) {
            (Some(own), _) => own.into_sequence(),
            (None, Some(lent)) => {
                let mut values = GrundySequence::new();
                if reserve {
                    values.try_reserve(lent.len())?;
                }
                lent.append_to(&mut values);
                values
            }
            (None, None) => unreachable!("an engine is built when none is lent"),
        };
        Ok(Analysis::table(values, periodicity))
    }
}

/// How one search runs: whether it reserves fallibly, its flag and the
/// callbacks that watch it.
struct Run<'r, 's> {
    reserve: bool,
    cancel: &'r Cancel,
    progress: &'r mut dyn FnMut(usize),
    stream: Option<&'r mut Stream<'s>>,
}

impl Run<'_, '_> {
    /// Grows `engine` until `G(n)` is known, with this run's options.
    fn extend(&mut self, engine: &mut dyn SequenceEngine, n: usize) -> Result<(), Cancelled> {
        sequence::extend(
            engine,
            n,
            self.cancel,
            self.progress,
            self.stream.as_deref_mut(),
        )
    }
}

/// The periodicity of `ruleset` as far as `reach` goes, on `engine`.
fn find(
    engine: &mut dyn SequenceEngine,
    ruleset: &HeapRuleset,
    reach: Reach,
    run: &mut Run<'_, '_>,
) -> Result<Periodicity, AnalysisError> {
    let theorem = Theorem::for_ruleset(ruleset);
    let n = match (theorem, reach) {
        (_, Reach::Table(n)) | (None, Reach::Max(n)) => n,
        (None, Reach::Default) => default_max(ruleset),
        (Some(theorem), Reach::Max(max)) => {
            return search_in(engine, theorem, max, run);
        }
        (Some(theorem), Reach::Default) => {
            let first = default_max(ruleset);
            let found = search_in(engine, theorem, first, run)?;
            let unknown = matches!(
                found.status,
                PeriodStatus::Unknown {
                    reason: UnknownReason::LimitReached
                }
            );
            // Values that stay cheap: the longer search starts where this
            // one stopped, with the values the engine keeps.
            if first == DEFAULT_MAX && unknown && engine.report().linear == Some(true) {
                return search_in(engine, theorem, DEFAULT_MAX_LINEAR, run);
            }
            return Ok(found);
        }
    };
    table(engine, theorem.is_some(), n, run)
}

/// The values `G(0..=n)` computed by `engine`, with no period search; with
/// `reserve` the limits are checked and the store reserved fallibly first.
fn table(
    engine: &mut dyn SequenceEngine,
    has_theorem: bool,
    n: u64,
    run: &mut Run<'_, '_>,
) -> Result<Periodicity, AnalysisError> {
    let reserve = run.reserve;
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
    run.extend(engine, n)?;
    let reason = if has_theorem {
        UnknownReason::LimitReached
    } else {
        UnknownReason::NoTheorem
    };
    Ok(Periodicity {
        status: PeriodStatus::Unknown { reason },
        checked_to: n as u64,
    })
}

/// The search itself: values computed by `engine` in doubling lengths,
/// each length searched for a period (see the [module docs](super)). The
/// values are read where the engine keeps them ([`SequenceEngine::sequence`]);
/// only an engine that keeps none is copied.
fn search_in(
    engine: &mut dyn SequenceEngine,
    theorem: Theorem,
    max: u64,
    run: &mut Run<'_, '_>,
) -> Result<Periodicity, AnalysisError> {
    let reserve = run.reserve;
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
        run.cancel.check()?;
        if reserve {
            engine.try_reserve(len - 1)?;
            if !own {
                copy.try_reserve(len)?;
            }
        }
        run.extend(engine, len - 1)?;
        let values = match engine.sequence() {
            Some(values) => values,
            None => {
                engine.append_to(&mut copy);
                &copy
            }
        };
        let outcome = look(values, theorem);
        let next = match outcome {
            Found::Proved { preperiod, period } => {
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
            Found::NeedLength(need) => need.min(len.saturating_mul(2)).max(len + 1),
            Found::Nothing => len.saturating_mul(2),
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

/// What one look at the values found.
enum Found {
    Proved {
        preperiod: u64,
        period: u64,
    },
    /// A candidate whose proof needs this many values.
    NeedLength(usize),
    Nothing,
}

fn look(values: &GrundySequence, theorem: Theorem) -> Found {
    let check = values.period_check(theorem);
    match (check.proved, check.need) {
        (Some((n0, p)), _) => Found::Proved {
            preperiod: n0 as u64,
            period: p as u64,
        },
        (None, Some(need)) => Found::NeedLength(need),
        (None, None) => Found::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::period::DEFAULT_MAX_NO_THEOREM;
    use crate::heap::sequence::EngineKind;
    use crate::Nimber;

    /// What a search with the limit `max` finds.
    fn find(ruleset: &HeapRuleset, max: u64) -> Periodicity {
        Analysis::of(ruleset).max(max).run().unwrap().periodicity
    }

    fn periodic(spec: &str, max: u64) -> (u64, u64, u64) {
        let found = find(&HeapRuleset::parse(spec).unwrap(), max);
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
            let found = find(&ruleset, 100_000);
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
        let found = find(&HeapRuleset::parse("0.156").unwrap(), 100_000);
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
            let found = find(&HeapRuleset::parse(spec).unwrap(), 300);
            assert_eq!(
                found.status,
                PeriodStatus::Unknown {
                    reason: UnknownReason::NoTheorem
                }
            );
            assert_eq!(found.checked_to, 300);
        }
        // A theorem applies but the limit is too small for the proof.
        let found = find(&HeapRuleset::parse("0.77").unwrap(), 100);
        assert!(matches!(
            found.status,
            PeriodStatus::Unknown {
                reason: UnknownReason::LimitReached
            }
        ));
        assert_eq!(found.checked_to, 100);
    }

    #[test]
    fn checked_analysis_refuses_beyond_the_limit_before_any_work() {
        let officers = HeapRuleset::parse("0.6").unwrap();
        let e = Analysis::of(&officers)
            .max(99_999_999_999_999)
            .progress(&mut |n| panic!("computed {n} values"))
            .checked()
            .run()
            .unwrap_err();
        assert!(matches!(
            e,
            AnalysisError::Limit(LimitError::TooManyValues { .. })
        ));
        let a = Analysis::of(&officers).max(5000).checked().run().unwrap();
        let b = Analysis::of(&officers).max(5000).run().unwrap();
        assert_eq!((a.periodicity, a.values), (b.periodicity, b.values));
    }

    /// Every way to give a search its engine and its limit finds the same:
    /// a search on the caller's engine leaves the values in it, a table
    /// searches nothing, and a set flag stops a search that has work left.
    #[test]
    fn every_option_finds_the_same() {
        for spec in ["0.77", "0.07", "4.07", "sub{2,5,6}", "half", "nim", "0.F"] {
            let ruleset = HeapRuleset::parse(spec).unwrap();
            let own = Analysis::of(&ruleset).max(5000).run().unwrap();
            let mut engine = sequence::engine(&ruleset, EngineKind::Naive);
            let lent = Analysis::of(&ruleset)
                .on(engine.as_mut())
                .max(5000)
                .checked()
                .run()
                .unwrap();
            assert_eq!(own.periodicity, lent.periodicity, "{spec}");
            assert_eq!(own.value(4321), lent.value(4321), "{spec}");
            if ruleset != HeapRuleset::Nim {
                assert_eq!(engine.len(), lent.values.len(), "{spec}");
            }
            let naive = Analysis::of(&ruleset)
                .engine(EngineKind::Naive)
                .max(5000)
                .run();
            assert_eq!(naive.unwrap().periodicity, own.periodicity, "{spec}");
            let table = Analysis::of(&ruleset).table(300).run().unwrap();
            if ruleset != HeapRuleset::Nim {
                assert!(!table.is_proved(), "{spec}");
                assert_eq!(table.periodicity.checked_to, 300, "{spec}");
            }
            assert!((0..=300).all(|h| table.value(h) == own.value(h)), "{spec}");
            let stop = Cancel::new();
            stop.cancel();
            let stopped = Analysis::of(&ruleset).max(5000).cancel(&stop).run();
            assert_eq!(stopped.is_err(), ruleset != HeapRuleset::Nim, "{spec}");
        }
        // With no limit, as `grundy period`: a short period is proved by
        // the first search, and a game with no theorem is computed to its
        // default limit.
        let kayles = HeapRuleset::parse("0.77").unwrap();
        let found = Analysis::of(&kayles).run().unwrap();
        assert_eq!(found.period(), Some((71, 12)));
        let half = HeapRuleset::parse("half").unwrap();
        let found = Analysis::of(&half).run().unwrap();
        assert_eq!(found.periodicity.checked_to, DEFAULT_MAX_NO_THEOREM);
    }
}
