//! The one heap solver: a ruleset, a play convention and a sum of heaps in;
//! the outcome, the values and every winning move out, by the method that
//! fits (see the [module documentation](super)).

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::{
    misere_search_solve, misere_search_wins, misere_solve_by_quotient, nim_solution, SumError,
    SumSolution, SumSolver,
};
use crate::budget::MAX_QUOTIENT_HEAP;
use crate::cancel::Cancel;
use crate::heap::period::Analysis;
use crate::heap::{HeapMove, HeapRuleset};
use crate::misere::{MisereQuotient, QuotientError};
use crate::nim::NimSummary;
use crate::{Budget, Convention, Nimber, Outcome};

/// How a [`HeapSolver`] answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Bouton's formula: Nim, normal or misère, heaps of any size.
    Nim,
    /// Grundy values from a table or a proved period (normal play).
    Values,
    /// Exhaustive search over the positions of the sum (small misère sums).
    Search,
    /// The game's misère quotient on heaps up to the largest heap.
    Quotient,
}

impl Method {
    /// `"nim"`, `"values"`, `"search"` or `"quotient"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Nim => "nim",
            Method::Values => "values",
            Method::Search => "search",
            Method::Quotient => "quotient",
        }
    }
}

/// What [`HeapSolverBuilder::prepare`] reports as it works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveProgress {
    /// The number of Grundy values known so far (normal play).
    Values(usize),
    /// The misère quotient is verified for heaps up to `heap`, with
    /// `order` elements.
    Quotient {
        /// The largest heap verified.
        heap: u64,
        /// The quotient's order so far.
        order: usize,
    },
}

/// The one solver of heap sums. [`prepare`](HeapSolverBuilder::prepare) it for a
/// sum; it then answers for that sum and for every sum reachable from it
/// (heaps never grow), by the method it chose.
///
/// Clones share what was computed, the misère search's memory included.
///
/// # Examples
///
/// ```
/// use grundy::sum::{HeapSolver, Method};
/// use grundy::{Convention, Outcome};
///
/// let kayles = "kayles".parse()?;
/// // Normal play: Grundy values, here from the proved period.
/// let normal = HeapSolver::new(&kayles, Convention::Normal, &[1_000_000_000_000, 7])?;
/// assert_eq!(normal.method(), Method::Values);
/// assert_eq!(normal.solve(&[1_000_000_000_000, 7], 5)?.outcome, Outcome::N);
///
/// // Misère play of a small sum: the exhaustive search.
/// let small = HeapSolver::new(&kayles, Convention::Misere, &[4])?;
/// assert_eq!(small.method(), Method::Search);
/// assert_eq!(small.outcome(&[4])?, Outcome::P);
///
/// // Past the search: the misère quotient on heaps up to 40.
/// let heaps = [30, 40, 17];
/// let big = HeapSolver::new(&kayles, Convention::Misere, &heaps)?;
/// assert_eq!(big.method(), Method::Quotient);
/// let answer = big.solve(&heaps, 10)?;
/// assert_eq!(answer.outcome, Outcome::N);
/// assert_eq!(answer.total_winning_moves, 22);
/// // Every winning move leaves a P-position.
/// for m in &answer.winning_moves {
///     assert_eq!(big.outcome(&m.apply(&heaps))?, Outcome::P);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct HeapSolver {
    ruleset: HeapRuleset,
    convention: Convention,
    /// The largest heap prepared for.
    largest: u64,
    how: How,
    /// Normal-play values for a misère solver, computed when first asked.
    values: Arc<OnceLock<Result<SumSolver, SumError>>>,
}

#[derive(Clone, Debug)]
enum How {
    Nim,
    Values(Arc<SumSolver>),
    Search {
        max_tokens: u64,
        memo: Arc<Mutex<HashMap<Vec<u64>, bool>>>,
    },
    Quotient(Arc<MisereQuotient>),
}

/// The options of a [`HeapSolver`] until it is prepared for a sum: made by
/// [`HeapSolver::of`], run by [`prepare`](HeapSolverBuilder::prepare).
pub struct HeapSolverBuilder<'a> {
    ruleset: &'a HeapRuleset,
    convention: Convention,
    budget: Budget,
    tabulate: bool,
    cancel: Cancel,
    progress: Option<Box<dyn FnMut(SolveProgress) + 'a>>,
}

impl<'a> HeapSolverBuilder<'a> {
    /// The bounds to work within ([`Budget::default`] unless set): the
    /// solver reads [`Budget::max_values_for`] (normal play),
    /// [`Budget::max_misere_tokens`], [`Budget::max_quotient_heap`],
    /// [`Budget::max_quotient_order`] and [`Budget::sum_quotient_searched`]
    /// (misère play).
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Normal play: a table of every value up to the largest heap when it
    /// is within the budget's values, never a period instead (for a caller
    /// that lists the moves of every heap and asks only for heaps up to the
    /// largest: [`crate::play::Match`]).
    ///
    /// ```
    /// use grundy::sum::{HeapSolver, Method};
    /// use grundy::Convention;
    /// let kayles = "kayles".parse()?;
    /// let heaps = [100_000];
    /// // Heaps past 2^16, by default: a proved period, which
    /// // gives heaps of any size.
    /// let by_period = HeapSolver::new(&kayles, Convention::Normal, &heaps)?;
    /// assert!(by_period.value(1 << 40).is_ok());
    /// // Tabulated: every value up to the largest heap, and no further.
    /// let table = HeapSolver::of(&kayles, Convention::Normal).tabulate().prepare(&heaps)?;
    /// assert_eq!(table.method(), Method::Values);
    /// assert_eq!(table.value(100_000)?, by_period.value(100_000)?);
    /// assert!(table.value(1 << 40).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tabulate(mut self) -> Self {
        self.tabulate = true;
        self
    }

    /// Stops the preparation with [`SumError::Cancelled`] once `cancel`
    /// fires.
    pub fn cancel(mut self, cancel: &Cancel) -> Self {
        self.cancel = cancel.clone();
        self
    }

    /// Calls `progress` with how far the values or the quotient got.
    pub fn progress(mut self, progress: impl FnMut(SolveProgress) + 'a) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Chooses the method for `heaps` and the sums reachable from them, and
    /// computes what it needs:
    /// - Nim: nothing (Bouton's formula, normal and misère).
    /// - Normal play: the Grundy values, a table up to the largest heap
    ///   when it is within [`Budget::max_values_for`], else a proved period.
    /// - Misère play, at most [`Budget::max_misere_tokens`] tokens: the
    ///   exhaustive search, as positions are asked.
    /// - Misère play past that: the game's misère quotient on heaps up to
    ///   the largest, within the budget's quotient bounds.
    ///
    /// # Errors
    /// For normal play, [`SumError::NoPeriodTheorem`] for a heap past
    /// [`Budget::max_values_for`] in a game with no periodicity theorem, and
    /// [`SumError::BeyondComputed`] when no period is proved within them;
    /// [`SumError::MisereQuotientHeap`] for a heap beyond the quotient's
    /// bound (every heap when `max_quotient_heap` is 0), [`SumError::MisereQuotient`] when the quotient outgrows
    /// its bounds; [`SumError::Cancelled`] through the cancellation flag.
    ///
    /// # Complexity
    /// That of the method's preparation: the values up to the largest heap
    /// or the proof of a period, or the quotient's computation.
    pub fn prepare(self, heaps: &[u64]) -> Result<HeapSolver, SumError> {
        let HeapSolverBuilder {
            ruleset,
            convention,
            budget,
            tabulate,
            cancel,
            mut progress,
        } = self;
        let mut quiet = |_| {};
        let progress: &mut dyn FnMut(SolveProgress) = match &mut progress {
            Some(f) => &mut **f,
            None => &mut quiet,
        };
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let how = if *ruleset == HeapRuleset::Nim {
            How::Nim
        } else if convention == Convention::Normal {
            let mut progress = |n| progress(SolveProgress::Values(n));
            let max_values = budget.max_values_for(ruleset);
            let solver = if tabulate && largest <= max_values {
                let table = Analysis::of(ruleset)
                    .table(largest)
                    .cancel(&cancel)
                    .progress(&mut progress)
                    .run()?;
                SumSolver::from_analysis(ruleset, table)
            } else {
                SumSolver::new(ruleset, heaps, max_values, &cancel, &mut progress)?
            };
            How::Values(Arc::new(solver))
        } else {
            misere_method(ruleset, heaps, &budget, &cancel, progress)?
        };
        Ok(HeapSolver {
            ruleset: ruleset.clone(),
            convention,
            largest,
            how,
            values: Arc::new(OnceLock::new()),
        })
    }
}

impl HeapSolver {
    /// A solver for `heaps` within [`Budget::default`], no cancellation and no
    /// progress: `HeapSolver::of(ruleset, convention).prepare(heaps)`.
    ///
    /// # Errors
    /// As [`HeapSolverBuilder::prepare`].
    pub fn new(
        ruleset: &HeapRuleset,
        convention: Convention,
        heaps: &[u64],
    ) -> Result<HeapSolver, SumError> {
        HeapSolver::of(ruleset, convention).prepare(heaps)
    }

    /// A solver of `ruleset` under `convention`, to be prepared for a sum
    /// ([`HeapSolverBuilder::prepare`]) with its options given one call at
    /// a time: the budget, tabulation, a cancellation flag, a progress
    /// callback.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::sum::{HeapSolver, SolveProgress, SumError};
    /// use grundy::{Budget, Convention};
    ///
    /// let kayles = "kayles".parse()?;
    /// let mut known = 0;
    /// let solver = HeapSolver::of(&kayles, Convention::Normal)
    ///     .budget(Budget { max_values: Some(1000), ..Budget::default() })
    ///     .tabulate()
    ///     .progress(|p| {
    ///         if let SolveProgress::Values(n) = p {
    ///             known = n;
    ///         }
    ///     })
    ///     .prepare(&[5, 9])?;
    /// assert_eq!(solver.value(9)?.0, 4);
    /// assert!(known >= 10);
    ///
    /// let stop = Cancel::new();
    /// stop.cancel();
    /// let stopped = HeapSolver::of(&kayles, Convention::Normal).cancel(&stop).prepare(&[5, 9]);
    /// assert!(matches!(stopped, Err(SumError::Cancelled(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(ruleset: &HeapRuleset, convention: Convention) -> HeapSolverBuilder<'_> {
        HeapSolverBuilder {
            ruleset,
            convention,
            budget: Budget::default(),
            tabulate: false,
            cancel: Cancel::new(),
            progress: None,
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &HeapRuleset {
        &self.ruleset
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The method chosen.
    pub fn method(&self) -> Method {
        match self.how {
            How::Nim => Method::Nim,
            How::Values(_) => Method::Values,
            How::Search { .. } => Method::Search,
            How::Quotient(_) => Method::Quotient,
        }
    }

    /// The misère quotient, when that is the method.
    pub fn quotient(&self) -> Option<&MisereQuotient> {
        match &self.how {
            How::Quotient(q) => Some(q),
            _ => None,
        }
    }

    /// The values and periodicity used under normal play (not for Nim).
    pub fn analysis(&self) -> Option<&Analysis> {
        match &self.how {
            How::Values(s) => Some(s.analysis()),
            _ => None,
        }
    }

    /// The normal-play Grundy value of a heap of `h` (under misère play
    /// too, where it does not decide sums; computed when first asked, for
    /// heaps up to the largest prepared).
    ///
    /// # Errors
    /// [`SumError::BeyondComputed`] for a heap whose value is out of reach.
    pub fn value(&self, h: u64) -> Result<Nimber, SumError> {
        match &self.how {
            How::Nim => Ok(Nimber(h)),
            How::Values(s) => s.value(h),
            How::Search { .. } | How::Quotient(_) => self
                .values
                .get_or_init(|| {
                    SumSolver::new(
                        &self.ruleset,
                        &[self.largest],
                        self.largest,
                        &Cancel::new(),
                        &mut |_| {},
                    )
                })
                .as_ref()
                .map_err(Clone::clone)?
                .value(h),
        }
    }

    /// Whether some heap of `heaps` has a move.
    ///
    /// # Complexity
    /// O(heaps), each up to its first option.
    pub fn has_move(&self, heaps: &[u64]) -> bool {
        heaps.iter().any(|&h| self.ruleset.has_option(h))
    }

    /// Calls `f` with every move from `heaps`, heap by heap, each heap's in
    /// the order of tokens taken; stops when `f` breaks.
    ///
    /// # Complexity
    /// The number of moves up to the break.
    pub fn for_each_move(
        &self,
        heaps: &[u64],
        mut f: impl FnMut(HeapMove) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (heap, &from) in heaps.iter().enumerate() {
            self.ruleset
                .try_for_each_option(from, |leaves| f(HeapMove { heap, from, leaves }))?;
        }
        ControlFlow::Continue(())
    }

    /// Who wins `heaps` with perfect play.
    ///
    /// # Errors
    /// A heap or a sum beyond what the solver was prepared for.
    ///
    /// # Complexity
    /// O(heaps) for every method but the search, which looks at each
    /// position reachable once over the solver's life.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, SumError> {
        match &self.how {
            How::Nim => Ok(NimSummary::of(heaps).outcome(self.convention)),
            How::Values(s) => {
                let total = heaps
                    .iter()
                    .map(|&h| s.value(h))
                    .sum::<Result<Nimber, _>>()?;
                Ok(Outcome::from_first_player_wins(!total.is_zero()))
            }
            How::Search { max_tokens, memo } => {
                self.check_tokens(heaps, *max_tokens)?;
                let mut memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
                Ok(Outcome::from_first_player_wins(misere_search_wins(
                    &self.ruleset,
                    &mut memo,
                    heaps.to_vec(),
                )))
            }
            How::Quotient(q) => q.outcome(heaps).map_err(|e| beyond(q, e)),
        }
    }

    /// The outcome of `heaps` and its winning moves, listing at most
    /// `limit` of them (all are counted), in order of heap and then of the
    /// heap's options.
    ///
    /// # Errors
    /// As [`outcome`](HeapSolver::outcome), and for heaps far beyond the
    /// values' table [`SumError::BeyondComputed`] or
    /// [`SumError::ThreeHeapSplits`] when their moves are out of reach.
    ///
    /// # Complexity
    /// O(heaps) for Nim; the options of each heap for values and the
    /// quotient; the search's positions for the search.
    pub fn solve(&self, heaps: &[u64], limit: usize) -> Result<SumSolution, SumError> {
        match &self.how {
            How::Nim => Ok(nim_solution(heaps, limit, self.convention)),
            How::Values(s) => s.solve(heaps, limit),
            How::Search { max_tokens, memo } => {
                self.check_tokens(heaps, *max_tokens)?;
                let mut memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
                Ok(misere_search_solve(&self.ruleset, heaps, limit, &mut memo))
            }
            How::Quotient(q) => misere_solve_by_quotient(q, heaps, limit),
        }
    }

    fn check_tokens(&self, heaps: &[u64], max: u64) -> Result<(), SumError> {
        let tokens: u128 = heaps.iter().map(|&h| u128::from(h)).sum();
        if tokens > u128::from(max) {
            return Err(SumError::MisereTooLarge {
                game: self.ruleset.to_string(),
                tokens,
                limit: max,
            });
        }
        Ok(())
    }
}

/// The misère method for a game other than Nim: the search for small sums,
/// else the quotient.
fn misere_method(
    ruleset: &HeapRuleset,
    heaps: &[u64],
    budget: &Budget,
    cancel: &Cancel,
    progress: &mut dyn FnMut(SolveProgress),
) -> Result<How, SumError> {
    let tokens: u128 = heaps.iter().map(|&h| u128::from(h)).sum();
    let limit = budget.max_misere_tokens;
    if tokens <= u128::from(limit) {
        return Ok(How::Search {
            max_tokens: limit,
            memo: Arc::new(Mutex::new(HashMap::new())),
        });
    }
    let game = ruleset.to_string();
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let max = budget.max_quotient_heap.min(MAX_QUOTIENT_HEAP);
    if largest > max {
        return Err(SumError::MisereQuotientHeap {
            game,
            tokens,
            limit,
            heap: largest,
            max,
        });
    }
    // The search bound of a quotient computed for a sum, which is lower
    // than that of one computed on its own.
    let q = MisereQuotient::of(ruleset, largest)
        .budget(Budget {
            max_quotient_searched: Some(budget.sum_quotient_searched()),
            ..*budget
        })
        .cancel(cancel)
        .progress(|heap, order| progress(SolveProgress::Quotient { heap, order }))
        .compute()
        .map_err(|e| match e {
            QuotientError::Cancelled { .. } => SumError::Cancelled(crate::cancel::Cancelled),
            e => SumError::MisereQuotient {
                game,
                tokens,
                limit,
                max_heap: largest,
                bound: match &e {
                    QuotientError::TooLarge { bound, .. } => Some(*bound),
                    _ => None,
                },
                reason: e.to_string(),
            },
        })?;
    Ok(How::Quotient(Arc::new(q)))
}

/// A heap past the quotient's, as the sum's error.
fn beyond(q: &MisereQuotient, e: QuotientError) -> SumError {
    SumError::BeyondComputed {
        heap: match e {
            QuotientError::HeapBeyond { heap, .. } => heap,
            _ => q.max_heap() + 1,
        },
        game: q.game().to_string(),
        computed_to: q.max_heap(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_past_the_search_says_which_bound() {
        let kayles: HeapRuleset = "kayles".parse().unwrap();
        let heaps = [30, 30];
        let prepare = |budget: Budget| {
            HeapSolver::of(&kayles, Convention::Misere)
                .budget(budget)
                .prepare(&heaps)
        };
        let off = Budget {
            max_quotient_heap: 0,
            ..Budget::default()
        };
        assert!(matches!(
            prepare(off),
            Err(SumError::MisereQuotientHeap {
                tokens: 60,
                limit: 48,
                max: 0,
                ..
            })
        ));
        let small = Budget {
            max_quotient_heap: 20,
            ..Budget::default()
        };
        assert!(matches!(
            prepare(small),
            Err(SumError::MisereQuotientHeap {
                heap: 30,
                max: 20,
                ..
            })
        ));
        let solver = prepare(Budget::default()).unwrap();
        assert_eq!(solver.method(), Method::Quotient);
        // Heaps past the quotient's are an error, not a guess.
        assert!(matches!(
            solver.outcome(&[31]),
            Err(SumError::BeyondComputed { heap: 31, .. })
        ));
        // Normal-play values are there for the lessons of misère play.
        assert_eq!(solver.value(7).unwrap(), Nimber(2));
        let stop = Cancel::new();
        stop.cancel();
        let stopped = HeapSolver::of(&kayles, Convention::Misere)
            .cancel(&stop)
            .prepare(&heaps);
        assert!(matches!(stopped, Err(SumError::Cancelled(_))));
        // A solver prepared for a small sum searches it, and refuses a sum
        // past the search rather than guessing.
        let small = HeapSolver::new(&kayles, Convention::Misere, &[4]).unwrap();
        assert_eq!(small.method(), Method::Search);
        assert!(matches!(
            small.solve(&[30, 30], 5),
            Err(SumError::MisereTooLarge {
                tokens: 60,
                limit: 48,
                ..
            })
        ));
    }

    #[test]
    fn nim_heaps_of_any_size_list_their_first_moves_at_once() {
        let solver = HeapSolver::new(&HeapRuleset::Nim, Convention::Normal, &[u64::MAX]).unwrap();
        let mut first = vec![];
        let _ = solver.for_each_move(&[u64::MAX, 3], |m| {
            first.push(m.leaves);
            ControlFlow::Break(())
        });
        assert_eq!(first, [crate::heap::Leaves::one(u64::MAX - 1)]);
        assert!(solver.has_move(&[0, 0, 1]));
        assert!(!solver.has_move(&[0, 0]));
    }
}
