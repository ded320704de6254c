//! The library's one set of limits, and what a computation costs,
//! estimated before any work from what it is asked alone (a ruleset and a
//! heap, the heaps of a sum, the size of a position).
//!
//! A [`Budget`] holds every bound an engine works within (the values the
//! heap solver computes, the heaps of a match, the misère search and the
//! misère quotient), and each engine with a limit takes one: the CLI fills
//! it from its flags, the web server from its limits, Python passes it.
//! Its [`Default`] is the library's constants.
//!
//! This is the one place where the library's engines are priced. A front
//! end that serves many users (the web server) asks a [`Budget`] for the
//! [`Cost`] of the call it is about to make, and the budget's
//! [`admit`](Budget::admit) says whether that is cheap (run it at once),
//! expensive (wait for one of the few computing slots) or too large for
//! memory (refuse it). The front end models no engine itself, so an engine
//! that changes its method changes its price here, and every front end
//! follows.
//!
//! Estimates bound the engines' **worst cases** in rough *steps* (a word
//! operation or a comparison, a nanosecond or so) and peak bytes. They
//! separate a millisecond from a second and memory that fits from memory
//! that does not; they do not predict either. Most requests cost far less
//! than their bound (a period is often proved long before the bound of the
//! search), so a request estimated as expensive may well answer in a
//! millisecond; what matters is that no request estimated as cheap runs for
//! long. Where a worst case is not known in closed form the estimate is
//! calibrated: the octal engine's on random codes of 1 to 31 digits to 4096
//! values, where a step took 3 to 30 ns on the shared development machine,
//! so a request just under [`CHEAP_STEPS`] may take up to about 20 ms there
//! in the engine's worst case and takes well under a millisecond in most.
//!
//! ```
//! use grundy::budget::{Admission, Budget};
//! use grundy::heap::HeapRuleset;
//!
//! let budget = Budget::default();
//! // G(0..=20) of Kayles: a few dozen steps, run at once.
//! let kayles: HeapRuleset = "kayles".parse()?;
//! assert_eq!(budget.admit(budget.values(&kayles, 20)), Admission::Now);
//! // G(0..=200000) of a code with 31 digits: a computing slot.
//! let long: HeapRuleset = "0.1234567012345670123456701234567".parse()?;
//! assert_eq!(budget.admit(budget.values(&long, 200_000)), Admission::Slot);
//! // How far one request may go for each family.
//! assert_eq!(budget.value_cap(&kayles), 200_000);
//! # Ok::<(), grundy::ParseError>(())
//! ```
//!
//! # Files
//!
//! | file | holds |
//! |---|---|
//! | `mod.rs` | [`Budget`], its limits and their defaults (the library's constants) |
//! | `cost.rs` | the prices: [`Cost`], [`Admission`] and every engine's estimate |
//!
//! The limits are below every engine (each engine imports them, and this
//! file imports no engine); the prices are above them (they know how each
//! engine works).

mod cost;

pub use cost::{Admission, Cost, ValueCap, FORM_BYTES};

use crate::heap::period::THREE_HEAP_SEARCH_MAX;
use crate::heap::HeapRuleset;

/// Below this many steps a request is cheap (most take well under a
/// millisecond, the octal engine's worst cases up to about 20 ms): it runs
/// at once, without waiting for a computing slot.
pub const CHEAP_STEPS: u64 = 2_000_000;

/// The most memory one request may take, by its estimate.
pub const MAX_REQUEST_BYTES: u64 = 256 << 20;

/// The most values the heap solver computes by default to value heaps
/// under normal play (a table up to the largest heap when it is within,
/// else a proved period found within this many values), for rulesets that
/// split a heap in two at most: see [`Budget::max_values_for`].
pub const DEFAULT_MAX_VALUES: u64 = 1 << 22;

/// The largest heap a match accepts in a game other than Nim (the default
/// of [`Budget::max_match_heap`]): moves are listed one by one, and a
/// person does not count further. (`grundy solve` answers for heaps of any
/// size.)
pub const MAX_MATCH_HEAP: u64 = 1000;

/// The largest total number of tokens for which misère sums of rulesets
/// other than Nim are solved by exhaustive search (the default of
/// [`Budget::max_misere_tokens`]), whichever command asks: `solve`, a
/// match, the web server's `/api/solve`.
pub const MISERE_BRUTE_FORCE_TOKENS: u64 = 48;

/// The largest heap of a misère quotient, `--max-heap` included (the
/// default of [`Budget::max_quotient_heap`], and the most it may be): the
/// learner keeps one layer of its verification per heap size.
pub const MAX_QUOTIENT_HEAP: u64 = 500;

/// The default bound on the order of a misère quotient
/// ([`Budget::max_quotient_order`]; candidates on the way may have four
/// times as many elements); a candidate of order `|Q|` keeps its
/// multiplication table, `4|Q|²` bytes, and its verification at most
/// `|Q|²/2` bytes per heap size.
pub const DEFAULT_MAX_ORDER: usize = 1024;

/// The default bound on the sums the exhaustive outcome search of a misère
/// quotient computed on its own may remember before the computation gives
/// up, about 100 bytes each ([`Budget::quotient_searched`]).
pub const DEFAULT_MAX_SEARCHED: usize = 20_000_000;

/// The sums the misère quotient's fallback search may remember by default
/// when a sum is solved by the heap solver (by `grundy solve` or a match;
/// the quotient is usually found without any search): see
/// [`Budget::sum_quotient_searched`]. A tenth of the
/// [`DEFAULT_MAX_SEARCHED`] of the quotient computed on its own (`grundy
/// quotient`), so that a sum whose quotient is out of reach is refused
/// within a minute rather than ten; `grundy solve --max-searched` raises
/// it.
pub const MISERE_QUOTIENT_SEARCHED: usize = DEFAULT_MAX_SEARCHED / 10;

/// The library's one set of limits and its prices: how far each engine may
/// go (the values computed, the heaps of a match, the misère search and
/// the misère quotient), the threshold of cheap work and the bound on
/// memory of one request, and the estimates of every engine a server runs
/// (see the [module documentation](self)).
///
/// Every engine with a limit takes a `Budget`: the heap solver
/// ([`HeapSolverBuilder::budget`](crate::sum::HeapSolverBuilder::budget)),
/// a heap match ([`MatchOptions::budget`](crate::play::MatchOptions::budget))
/// and the misère quotient
/// ([`QuotientBuilder::budget`](crate::misere::QuotientBuilder::budget)).
/// Each reads the fields it needs and ignores the others, so a front end
/// fills one `Budget` (from its flags, or its server limits) and hands it
/// to whichever engine it calls. [`Budget::default`] is the library's
/// constants, meant for a person at a terminal.
///
/// Two bounds depend on what they bound and are `None` by default:
/// [`max_values`](Budget::max_values) is resolved per ruleset
/// ([`Budget::max_values_for`]) and
/// [`max_quotient_searched`](Budget::max_quotient_searched) per engine
/// ([`Budget::quotient_searched`], [`Budget::sum_quotient_searched`]).
///
/// ```
/// use grundy::sum::{HeapSolver, Method};
/// use grundy::{Budget, Convention};
///
/// let kayles = "kayles".parse()?;
/// // No exhaustive search: misère sums go straight to the quotient.
/// let budget = Budget { max_misere_tokens: 0, ..Budget::default() };
/// let solver = HeapSolver::of(&kayles, Convention::Misere).budget(budget).prepare(&[3, 4])?;
/// assert_eq!(solver.method(), Method::Quotient);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Work below this many steps is cheap ([`CHEAP_STEPS`]).
    pub cheap_steps: u64,
    /// Work whose memory is over this many bytes is refused
    /// ([`MAX_REQUEST_BYTES`]).
    pub max_bytes: u64,
    /// Normal play: the most Grundy values the heap solver computes, as a
    /// table up to the largest heap or to find a proved period that gives
    /// larger heaps. `None`: the default for the ruleset
    /// ([`Budget::max_values_for`]).
    pub max_values: Option<u64>,
    /// The largest heap of a [`Match`](crate::play::Match) in a game other
    /// than Nim ([`MAX_MATCH_HEAP`]): the match tabulates the values and lists
    /// the moves of every heap up to it when it starts, so it is also the
    /// match's bound on values computed (`max_values` does not apply to a
    /// match).
    pub max_match_heap: u64,
    /// The most tokens a misère sum of a game other than Nim is solved with
    /// by exhaustive search ([`MISERE_BRUTE_FORCE_TOKENS`]). It also bounds
    /// the depth of the search's recursion, so keep it small.
    pub max_misere_tokens: u64,
    /// The largest heap whose misère quotient is computed
    /// ([`MAX_QUOTIENT_HEAP`], which is also the most it may be): for a sum
    /// past `max_misere_tokens`, or asked for on its own. 0 turns the
    /// quotient off for sums.
    pub max_quotient_heap: u64,
    /// The most elements of a misère quotient ([`DEFAULT_MAX_ORDER`]). The
    /// candidates on the way to it may have up to four times as many
    /// (MisereSolver's candidates are often larger than the quotient they
    /// lead to).
    pub max_quotient_order: usize,
    /// The most sums whose outcome the quotient's exhaustive search
    /// remembers, about
    /// [`SEARCHED_SUM_BYTES`](crate::misere::SEARCHED_SUM_BYTES) each. `None`: the engine's
    /// default, [`DEFAULT_MAX_SEARCHED`] for a quotient computed on its own
    /// ([`Budget::quotient_searched`]) and a tenth of it,
    /// [`MISERE_QUOTIENT_SEARCHED`], for one the heap solver computes to
    /// solve a sum ([`Budget::sum_quotient_searched`]), which is refused
    /// within a minute rather than ten when its quotient is out of reach.
    pub max_quotient_searched: Option<usize>,
}

impl Default for Budget {
    /// The library's constants: [`CHEAP_STEPS`], [`MAX_REQUEST_BYTES`],
    /// [`MAX_MATCH_HEAP`], [`MISERE_BRUTE_FORCE_TOKENS`], [`MAX_QUOTIENT_HEAP`],
    /// [`DEFAULT_MAX_ORDER`], and the values and searched sums resolved by
    /// the engine.
    ///
    /// ```
    /// use grundy::budget::{Budget, MISERE_BRUTE_FORCE_TOKENS};
    /// let budget = Budget::default();
    /// assert_eq!(budget.max_misere_tokens, MISERE_BRUTE_FORCE_TOKENS);
    /// assert_eq!(budget.max_values, None);
    /// ```
    fn default() -> Budget {
        Budget {
            cheap_steps: CHEAP_STEPS,
            max_bytes: MAX_REQUEST_BYTES,
            max_values: None,
            max_match_heap: MAX_MATCH_HEAP,
            max_misere_tokens: MISERE_BRUTE_FORCE_TOKENS,
            max_quotient_heap: MAX_QUOTIENT_HEAP,
            max_quotient_order: DEFAULT_MAX_ORDER,
            max_quotient_searched: None,
        }
    }
}

impl Budget {
    /// The most Grundy values the heap solver computes for `ruleset` under
    /// normal play: [`max_values`](Budget::max_values) when set, else
    /// [`DEFAULT_MAX_VALUES`], or [`THREE_HEAP_SEARCH_MAX`] for codes that
    /// may split a heap in three, whose values each cost O(n²).
    ///
    /// ```
    /// use grundy::budget::{Budget, DEFAULT_MAX_VALUES};
    /// let budget = Budget::default();
    /// assert_eq!(budget.max_values_for(&"kayles".parse()?), DEFAULT_MAX_VALUES);
    /// assert!(budget.max_values_for(&"0.F".parse()?) < DEFAULT_MAX_VALUES);
    /// let mine = Budget { max_values: Some(100), ..budget };
    /// assert_eq!(mine.max_values_for(&"0.F".parse()?), 100);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn max_values_for(&self, ruleset: &HeapRuleset) -> u64 {
        self.max_values.unwrap_or(if ruleset.max_heaps_left() > 2 {
            THREE_HEAP_SEARCH_MAX
        } else {
            DEFAULT_MAX_VALUES
        })
    }

    /// The sums a misère quotient computed on its own
    /// ([`MisereQuotient::of`](crate::misere::MisereQuotient::of)) may
    /// remember: [`max_quotient_searched`](Budget::max_quotient_searched)
    /// when set, else [`DEFAULT_MAX_SEARCHED`].
    ///
    /// ```
    /// use grundy::budget::{Budget, DEFAULT_MAX_SEARCHED};
    /// assert_eq!(Budget::default().quotient_searched(), DEFAULT_MAX_SEARCHED);
    /// ```
    pub fn quotient_searched(&self) -> usize {
        self.max_quotient_searched.unwrap_or(DEFAULT_MAX_SEARCHED)
    }

    /// The sums a misère quotient computed by the heap solver to solve a
    /// sum may remember: [`max_quotient_searched`](Budget::max_quotient_searched)
    /// when set, else [`MISERE_QUOTIENT_SEARCHED`].
    ///
    /// ```
    /// use grundy::budget::{Budget, MISERE_QUOTIENT_SEARCHED};
    /// assert_eq!(Budget::default().sum_quotient_searched(), MISERE_QUOTIENT_SEARCHED);
    /// let mine = Budget { max_quotient_searched: Some(10), ..Budget::default() };
    /// assert_eq!(mine.sum_quotient_searched(), 10);
    /// ```
    pub fn sum_quotient_searched(&self) -> usize {
        self.max_quotient_searched
            .unwrap_or(MISERE_QUOTIENT_SEARCHED)
    }
}
