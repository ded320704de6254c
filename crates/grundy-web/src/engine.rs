//! The games the web app answers for: a spec parsed by the library into a
//! [`HeapRuleset`], with its values from the library's period analysis (so
//! a proved period answers for any heap) or its fastest sequence engine,
//! and a bound on the work one request may do per family. Playing (the
//! engine's move, checking a move, hints) is the library's `grundy::play`.

use grundy::heap::period::{self, Analysis};
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

impl WebGame {
    /// Parses a spec.
    ///
    /// # Errors
    /// The library's spec error, with its byte offset, as a 400.
    pub fn parse(spec: &str) -> Result<WebGame, ApiError> {
        HeapRuleset::parse(spec)
            .map(|ruleset| WebGame {
                ruleset,
                analysis: None,
            })
            .map_err(|e| ApiError::bad_request(format!("game {spec:?}: {e}")).at(e.span(spec)))
    }

    /// Makes [`WebGame::value`] answer for every heap up to `upto`: from a
    /// proved period when there is one, else from a table.
    ///
    /// # Errors
    /// A 422 when `upto` is beyond [`work_cap`] and no period covers it.
    pub fn prepare(&mut self, upto: u64) -> Result<&Analysis, ApiError> {
        let cap = work_cap(&self.ruleset);
        let covered = |a: &Analysis| a.value(upto).is_some();
        if !self.analysis.as_ref().is_some_and(covered) {
            // A short period search first: it settles most octal and
            // subtraction games for every heap at once.
            let search = upto.max(4096).min(cap);
            let mut analysis = period::analyse(&self.ruleset, search);
            if !covered(&analysis) && upto <= cap {
                analysis = period::analyse_table(&self.ruleset, upto);
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
