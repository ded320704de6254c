//! The games the web app answers for: a spec parsed by the library into a
//! [`HeapRuleset`], with its values from the library's period analysis (so
//! a proved period answers for any heap) or its fastest sequence engine,
//! within the library's bound on the values one request computes
//! ([`Budget::max_values`]). Playing (the engine's move, checking a move,
//! hints) is the library's `grundy::play`.

use grundy::cancel::Cancel;
use grundy::heap::period::Analysis;
use grundy::heap::HeapRuleset;
use grundy::{Budget, Cost, Nimber};

use crate::error::ApiError;

/// A heap game named by a spec, with what is known of its Grundy values.
#[derive(Debug)]
pub struct WebGame {
    /// The parsed ruleset.
    pub ruleset: HeapRuleset,
    analysis: Option<Analysis>,
}

impl WebGame {
    /// The heap game `ruleset`, with nothing computed yet.
    pub fn of(ruleset: HeapRuleset) -> WebGame {
        WebGame {
            ruleset,
            analysis: None,
        }
    }

    /// How far the period search of [`WebGame::prepare_cancellable`] for
    /// `upto` goes: a short one at least, which settles most octal and
    /// subtraction games for every heap at once.
    fn search(upto: u64, cap: u64) -> u64 {
        upto.max(4096).min(cap)
    }

    /// What [`WebGame::prepare_cancellable`] for `upto` costs by the
    /// library's `budget`: the period search, then a table to `upto` when
    /// the search did not cover it (the table replaces the search).
    pub fn cost(&self, budget: &Budget, upto: u64) -> Cost {
        let cap = budget.value_cap(&self.ruleset);
        let search = budget.values(&self.ruleset, Self::search(upto, cap));
        if upto <= cap {
            let table = budget.values(&self.ruleset, upto);
            Cost {
                steps: search.steps.saturating_add(table.steps),
                bytes: search.bytes.max(table.bytes),
            }
        } else {
            search
        }
    }

    /// Makes [`WebGame::value`] answer for every heap up to `upto`: from a
    /// proved period when there is one, else from a table of at most `cap`
    /// values; stops when `cancel` is set (the request's deadline passed
    /// or its client went away).
    ///
    /// # Errors
    /// A 422 when `upto` is beyond `cap` and no period covers it, or when
    /// it was stopped.
    pub fn prepare_cancellable(
        &mut self,
        upto: u64,
        cap: u64,
        cancel: &Cancel,
    ) -> Result<&Analysis, ApiError> {
        let covered = |a: &Analysis| a.value(upto).is_some();
        let stopped = |_| ApiError::over_limit(stopped_message(cancel));
        if !self.analysis.as_ref().is_some_and(covered) {
            // A short period search first: it settles most octal and
            // subtraction games for every heap at once.
            let search = Self::search(upto, cap);
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
    /// If [`WebGame::prepare_cancellable`] has not covered `n`: every
    /// caller prepares for its largest heap first.
    pub fn value(&self, n: u64) -> Nimber {
        self.analysis
            .as_ref()
            .and_then(|a| a.value(n))
            .expect("prepare() covers this heap")
    }
}
