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
//!
//! # Running a search
//!
//! [`Analysis::of`] starts a search of one ruleset; its options are
//! methods, one call each, and [`run`](Search::run) runs it once:
//!
//! ```
//! use grundy::cancel::Cancel;
//! use grundy::heap::period::Analysis;
//! use grundy::heap::HeapRuleset;
//!
//! let kayles: HeapRuleset = "kayles".parse()?;
//! // As far as `grundy period kayles` looks, with no limit given.
//! assert_eq!(Analysis::of(&kayles).run()?.period(), Some((71, 12)));
//! // At most G(0..=10_000), stopped by a flag, progress reported.
//! let (stop, mut known) = (Cancel::new(), 0);
//! let a = Analysis::of(&kayles)
//!     .max(10_000)
//!     .cancel(&stop)
//!     .progress(&mut |n| known = n)
//!     .run()?;
//! assert_eq!(a.periodicity.checked_to, 167);
//! assert!(known >= 168);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | option | what it does | without it |
//! |---|---|---|
//! | [`max(n)`](Search::max) | looks at `G(0..=n)` at most | [`default_max`], then on to [`DEFAULT_MAX_LINEAR`] while values stay cheap |
//! | [`table(n)`](Search::table) | computes `G(0..=n)` and searches no period | |
//! | [`engine(kind)`](Search::engine) | builds that engine | the fastest |
//! | [`on(engine)`](Search::on) | runs on the caller's engine, which keeps its values | an engine of its own, whose values the analysis takes |
//! | [`cancel(&flag)`](Search::cancel) | stops when the flag is set | runs to the end |
//! | [`progress(&mut f)`](Search::progress) | calls `f` with the number of values known | |
//! | [`stream(&mut f)`](Search::stream) | calls `f` with the engine after each chunk of values, to print them as they come; `f` may stop the search | |
//! | [`checked()`](Search::checked) | checks the [limits](crate::limits) first and grows the stores fallibly: [`AnalysisError`] | [`Cancelled`](crate::cancel::Cancelled) is the only error |
//!
//! # Files
//!
//! `mod.rs` holds what a search finds ([`Periodicity`]) and its default
//! limits, `search.rs` the search ([`Search`]), `analysis.rs` what it
//! gives ([`Analysis`]: any heap's value, windows, statistics), and
//! `apparent.rs` the unproved patterns reported for games with no
//! theorem ([`apparent_period`]).

mod analysis;
mod apparent;
mod search;

pub use self::analysis::{Analysis, Window, WindowStats};
pub use self::apparent::{apparent_period, ApparentPeriod};
pub use self::search::{AnalysisError, Search};
pub use super::theorem::Theorem;

use super::HeapRuleset;

/// A default search limit for games whose moves split a heap in three
/// (hexadecimal codes): each value then costs O(n²), so 2^13 values take a
/// few seconds, where octal codes reach 2^20 in well under one. Front ends
/// use it when the user gives no limit of their own.
pub const THREE_HEAP_SEARCH_MAX: u64 = 1 << 13;

/// The default search limit of games with a periodicity theorem (octal
/// codes, subtraction games): 2^20 values, well under a second for most.
/// A search with no [`max`](Search::max) goes on to [`DEFAULT_MAX_LINEAR`]
/// for games whose values cost the same however long the sequence grows.
pub const DEFAULT_MAX: u64 = 1 << 20;

/// How far a search with no [`max`](Search::max) looks for a period when
/// the engine computes each value in time independent of `n` (a
/// take-and-break code whose splits all have a sparse space): 2^25
/// values, 33.5 million, about half a minute at the slowest such game
/// measured (Officers). Enough for
/// 0.354, whose proof needs 2.02·10^7 values (Gangolli–Plambeck:
/// preperiod 10 061 916, period 1180).
pub const DEFAULT_MAX_LINEAR: u64 = 1 << 25;

/// The default limit of games with no periodicity theorem: their values
/// are computed only to show what the sequence seems to do.
pub const DEFAULT_MAX_NO_THEOREM: u64 = 10_000;

/// The first limit of a search of `ruleset` with no [`max`](Search::max):
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

/// What is known about the periodicity of one ruleset's Grundy sequence.
///
/// ```
/// use grundy::heap::period::Analysis;
/// use grundy::heap::{HeapRuleset, PeriodStatus};
///
/// let kayles: HeapRuleset = "kayles".parse()?;
/// let found = Analysis::of(&kayles).max(10_000).run()?.periodicity;
/// match found.status {
///     PeriodStatus::Periodic { preperiod, period, .. } => {
///         assert_eq!((preperiod, period), (71, 12));
///     }
///     PeriodStatus::Unknown { .. } => unreachable!(),
/// }
/// // The proof needed G(0..=2·71+12+2+12-1) and nothing more.
/// assert_eq!(found.checked_to, 167);
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// A theorem applies, but even its shortest proof (preperiod 0 and
    /// period 1) checks values up to `needs`, beyond the limit, so no value
    /// was computed (a subtraction set with a huge element,
    /// `sub{1..16777216}`).
    ProofBeyondLimit {
        /// The least index every proof of this game must reach.
        needs: u64,
    },
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
