//! The games the web app answers for: a spec parsed by the library into a
//! [`HeapRuleset`], with its values from the library's period analysis (so
//! a proved period answers for any heap) or its fastest sequence engine,
//! and a bound on the work one request may do per family. Playing (the
//! engine's move, checking a move, hints) is the library's `grundy::play`.

use grundy::cancel::Cancel;
use grundy::heap::period::Analysis;
use grundy::heap::{HeapRuleset, SubtractionSet};
use grundy::Nimber;

use crate::error::ApiError;

/// A heap game named by a spec, with what is known of its Grundy values.
#[derive(Debug)]
pub struct WebGame {
    /// The parsed ruleset.
    pub ruleset: HeapRuleset,
    analysis: Option<Analysis>,
}

/// Most values computed for one request, by family: the engines differ
/// (bitset subtraction is linear, the definition is quadratic or worse), and
/// each bound keeps a request to about a second on one core (octal codes
/// whose sparse space is large, such as 0.35, take 1.5 s to 2·10^5).
pub fn work_cap(ruleset: &HeapRuleset) -> u64 {
    match ruleset {
        HeapRuleset::Nim => u64::MAX,
        HeapRuleset::Subtraction(
            SubtractionSet::Finite(_)
            | SubtractionSet::AllBut(_)
            | SubtractionSet::Fib
            | SubtractionSet::Pow2,
        ) => 1_000_000,
        HeapRuleset::Subtraction(SubtractionSet::Squares) => 100_000,
        HeapRuleset::TakeBreak(code) if code.max_heaps_left() >= 3 => 1_000,
        HeapRuleset::TakeBreak(_) => 200_000,
        _ => 10_000,
    }
}

/// What computing `G(0..=upto)` of a game costs, estimated before any work
/// from what decides it: the size and largest element of a subtraction set,
/// the number of digits of a take-and-break code and whether it splits into
/// three heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Rough count of elementary steps (word operations).
    pub steps: u64,
    /// Rough peak memory in bytes.
    pub bytes: u64,
}

impl Estimate {
    /// Work of unknown cost: always takes a computing slot.
    pub const EXPENSIVE: Estimate = Estimate {
        steps: u64::MAX,
        bytes: 0,
    };
}

/// Below this many steps (about a millisecond) a request runs at once,
/// without waiting for a computing slot.
pub const CHEAP_STEPS: u64 = 2_000_000;

/// Most memory one request's values may take.
pub const MAX_REQUEST_BYTES: u64 = 256 << 20;

/// The cost of `G(0..=upto)` of `ruleset` (see [`Estimate`]).
pub fn estimate(ruleset: &HeapRuleset, upto: u64) -> Estimate {
    let n = upto.saturating_add(1);
    match ruleset {
        HeapRuleset::Nim => Estimate { steps: 1, bytes: 0 },
        HeapRuleset::Subtraction(SubtractionSet::Finite(set)) => {
            // The bitset engine keeps one ring of max(S) bits per value
            // seen (at most |S| + 1 values) and scans a ring per step.
            let largest = set.last().unwrap_or(0);
            let ring_bytes = (largest / 64 + 2).next_power_of_two().saturating_mul(8);
            let values = (set.len() + 1).min(n);
            Estimate {
                steps: n.saturating_mul(ring_bytes / 8).saturating_add(set.len()),
                bytes: values.saturating_mul(ring_bytes).saturating_add(n),
            }
        }
        HeapRuleset::TakeBreak(code) => {
            // Worst case of the engine: every option of every heap, each
            // digit a pass over the values below (a bitset of 64 per word);
            // three-way splits a pass over pairs.
            let digits = code.digits().len() as u64;
            let per_value = if code.max_heaps_left() >= 3 {
                n.saturating_mul(n)
            } else {
                n.saturating_mul(digits) / 64 + digits
            };
            Estimate {
                steps: n.saturating_mul(per_value),
                bytes: n.saturating_mul(8),
            }
        }
        _ => Estimate {
            steps: n.saturating_mul(n),
            bytes: n.saturating_mul(8),
        },
    }
}

impl WebGame {
    /// The heap game `ruleset`, with nothing computed yet.
    pub fn of(ruleset: HeapRuleset) -> WebGame {
        WebGame {
            ruleset,
            analysis: None,
        }
    }

    /// Makes [`WebGame::value`] answer for every heap up to `upto`: from a
    /// proved period when there is one, else from a table.
    ///
    /// # Errors
    /// A 422 when `upto` is beyond [`work_cap`] and no period covers it.
    #[allow(dead_code)] // the handlers use prepare_cancellable; kept for callers without a deadline
    pub fn prepare(&mut self, upto: u64) -> Result<&Analysis, ApiError> {
        self.prepare_cancellable(upto, &Cancel::new())
    }

    /// [`WebGame::prepare`] that stops when `cancel` is set (the request's
    /// deadline passed or its client went away).
    ///
    /// # Errors
    /// Those of [`WebGame::prepare`]; a 422 when it was stopped.
    pub fn prepare_cancellable(
        &mut self,
        upto: u64,
        cancel: &Cancel,
    ) -> Result<&Analysis, ApiError> {
        let cap = work_cap(&self.ruleset);
        let covered = |a: &Analysis| a.value(upto).is_some();
        let stopped = |_| ApiError::over_limit(stopped_message(cancel));
        if !self.analysis.as_ref().is_some_and(covered) {
            // A short period search first: it settles most octal and
            // subtraction games for every heap at once.
            let search = upto.max(4096).min(cap);
            let mut analysis = Analysis::of(&self.ruleset)
                .max(search)
                .cancel(cancel)
                .run()
                .map_err(stopped)?;
            if !covered(&analysis) && upto <= cap {
                analysis = Analysis::of(&self.ruleset)
                    .table(upto)
                    .cancel(cancel)
                    .run()
                    .map_err(stopped)?;
            }
            if !covered(&analysis) {
                return Err(ApiError::over_limit(format!(
                    "{} has no period proved up to {} and its values are computed here up to {cap} only; {upto} is beyond",
                    self.ruleset,
                    analysis.periodicity.checked_to
                )));
            }
            self.analysis = Some(analysis);
        }
        Ok(self.analysis.as_ref().expect("set above"))
    }
}

/// Why a computation stopped, for its 422.
pub fn stopped_message(cancel: &Cancel) -> String {
    match cancel.deadline() {
        Some(_) => "the computation took longer than the server's time limit (timeout_ms in /api/limits) and was stopped; ask for less".to_owned(),
        None => "the computation was stopped".to_owned(),
    }
}

impl WebGame {
    /// The Grundy value of a heap of `n` tokens.
    ///
    /// # Panics
    /// If [`WebGame::prepare`] has not covered `n`: every caller prepares
    /// for its largest heap first.
    pub fn value(&self, n: u64) -> Nimber {
        self.analysis
            .as_ref()
            .and_then(|a| a.value(n))
            .expect("prepare() covers this heap")
    }
}
