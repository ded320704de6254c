//! Misère quotients (Plambeck–Siegel): the commutative monoid that solves
//! misère play of a heap game restricted to heaps of at most `N` tokens.
//!
//! Two sums `G` and `H` of heaps are *indistinguishable* when `G + X` and
//! `H + X` have the same misère outcome for every sum `X` of such heaps. The
//! classes form a finite commutative monoid `Q` (the misère quotient), with
//! the *P-portion* `P ⊂ Q` (the classes of misère P-positions) and the
//! *pretending function* that sends each heap to its class. A sum is then
//! solved by multiplying the classes of its heaps: it is a P-position exactly
//! when the product lies in `P`, whatever the number of heaps.
//!
//! # How it is computed
//!
//! The quotient is computed one heap size at a time, `N = 1, 2, …`, each
//! step starting from the verified quotient for `N - 1`. Every candidate,
//! however it was found, is accepted only after the verification below.
//!
//! * **Conservative extension.** Heap `N` is tried as each element of the
//!   previous quotient (those of the right outcome that pass a quick local
//!   check first). When one verifies, the quotient has not changed. Where a
//!   smaller heap has the same *good set* as heap `N` (the elements `y`
//!   with `y` times some option of the heap in `P`), heap `N` takes that
//!   heap's class with nothing to verify (the verification sees a heap
//!   only through its class and its good set). Once the quotient has
//!   stayed the same long enough to pay for it, the verification's first
//!   layer is kept for every class (a *front*); heap `N`, the largest,
//!   is the first layer of the search, so each later candidate is then
//!   checked in one layer.
//! * **New generator** (MisereSolver's method, Siegel). Otherwise heap `N`
//!   becomes a new generator, free up to a cyclic relation
//!   `x^(i+p) = x^i`, over the previous quotient. Each element of that
//!   product takes the outcome of its lexicographically least sum by the
//!   mex rule over the sum's options, and elements no sum tells apart are
//!   merged (Moore's refinement). While the least failure `F` stands, the
//!   heaps of `F` (one, two, then three of them) are set free as cyclic
//!   generators over the submonoid of the others, with a larger index,
//!   until a candidate predicts `F` correctly; the least failure then moves
//!   strictly later. No position is searched. The subsets are independent,
//!   and several threads try that many at once, keeping the first in order
//!   that works (the result does not depend on the number of threads).
//! * **A proved bound.** When no candidate fixes the least failure, the
//!   last candidate still predicts every sum before its failure, and the
//!   sums it tells apart there are distinct classes of the true quotient
//!   (`bound.rs`). If they outnumber the order bound, the computation stops
//!   at once and says how many there are at least.
//! * **Learning** (the fallback when that does not converge). The quotient
//!   is also the minimal automaton of the commutative language of
//!   P-positions, and is learned in the manner of Angluin's L* with
//!   Rivest–Schapire counterexamples, from a table of true outcomes
//!   `o(S + E)` of access positions `S` and suffixes `E`:
//!   - its states are the distinct rows, so distinct states are truly
//!     distinguishable (the candidate is *reduced* by construction);
//!   - it must be commutative (adding heaps `i` then `j` reaches the state
//!     of `j` then `i`); where it is not, a new suffix separates the two
//!     positions involved.
//!
//! The verification:
//!
//! * a commutative candidate with pretending function `Φ` is
//!   **verified against the game's moves**: it predicts the outcome of every
//!   sum correctly if and only if no sum `G` has a *local failure*, that is
//!   `Φ(G) ∈ P` while some option `G'` has `Φ(G') ∈ P`, or `Φ(G) ∉ P`,
//!   `G ≠ 0`, while no option has. (By induction over the moves: the options
//!   of a sum with no local failure are predicted correctly, so it is too.)
//!   Sums are infinitely many, but writing `G` as `e_1^{m_1} … e_T^{m_T}`
//!   over the heap classes, the class of `G` minus one heap of type `t` is
//!   `L_t e_t^{m_t - 1} S_{t+1}` with `L_t`, `S_{t+1}` the products over the
//!   types before and after `t`. A layered search over the pairs `(L, S)`,
//!   one layer per type and each multiplicity taken modulo the index and
//!   period of its class, decides whether a local failure exists at all,
//!   and finds the *lexicographically least* one (largest heaps compared
//!   first, an order in which every option of a sum comes before it). At
//!   layer `t`, `L` lies in the submonoid of the types before `t` and `S` in
//!   that of the types from `t` on, so only those pairs are states: at most
//!   `O(T · k · |Q|²)` time, and for Dawson's Kayles at heap 33 about one
//!   pair in fifty of that. The pairs of a layer are decided on several
//!   threads.
//! * The least failure `F` has every option predicted correctly, so its true
//!   outcome is the opposite of the prediction, and every sum before `F` is
//!   predicted correctly. The learner keeps the candidate as a certificate
//!   that answers outcome questions about those sums at once; its other
//!   questions go to the exhaustive search over options, which ends in sums
//!   that the certificate or the quotient for `N - 1` answer.
//!
//! A candidate with no local failure predicts every outcome; with its
//! elements pairwise distinguishable (rows of the table, or merged by
//! Moore's refinement against its verified outcomes) it is the quotient.
//! Nothing is accepted without that verification.
//!
//! # Presentation
//!
//! Heaps whose class is not a product of the classes of smaller heaps are
//! the generators `a, b, c, …`, in heap order. Every element is named by its
//! first word in graded order (`1`, `a`, `ab^2`), and the relations are the
//! minimal words that are not names, each equal to its element's name
//! (`a^2 = 1`, `b^3 = b`), as MisereSolver writes them.
//!
//! ```
//! use grundy::heap::HeapRuleset;
//! use grundy::misere::MisereQuotient;
//! use grundy::Outcome;
//!
//! // Misère Nim on heaps of at most 2 tokens: the quotient of order 6.
//! let q = MisereQuotient::compute(&HeapRuleset::Nim, 2)?;
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.relations(), ["a^2 = 1", "b^3 = b"]);
//! let p: Vec<&str> = q.p_portion().iter().map(|&x| q.name(x)).collect();
//! assert_eq!(p, ["a", "b^2"]);
//! // Heaps 2 + 2 + 1 + 1 is a P-position; 2 + 1 is not.
//! assert_eq!(q.outcome(&[2, 2, 1, 1])?, Outcome::P);
//! assert_eq!(q.outcome(&[2, 1])?, Outcome::N);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Files
//!
//! | file | holds |
//! |---|---|
//! | `mod.rs` | the default bounds, the errors, and [`QuotientBuilder::compute`], which runs the learner heap size by heap size |
//! | `monoid.rs` | the result: [`MisereQuotient`] with its table, P-portion and pretending function, and the questions it answers about sums (class, outcome, winning moves, tameness) |
//! | `present.rs` | its presentation: generators, element names, relations and `Display`, built from a verified candidate |
//! | `learner.rs` | the learner: a candidate quotient (`Hyp`), the exhaustive outcome search, the table of rows and its counterexamples |
//! | `candidates.rs` | MisereSolver's candidates: conservative extension and heaps set free as cyclic generators |
//! | `verify.rs` | the verification of a candidate against the game's moves: its least local failure, and the front that checks a conservative extension in one layer |
//! | `states.rs` | the verification's states: submonoids, flag bits of pairs of places, the front kept between heaps |
//! | `bound.rs` | a proved lower bound on the order of a quotient the search could not finish, from a candidate and its least failure |

mod bound;
mod candidates;
mod learner;
mod monoid;
mod present;
mod states;
mod verify;

use crate::budget::{Budget, MAX_QUOTIENT_HEAP};
use crate::cancel::{Cancel, Cancelled};
use crate::heap::HeapRuleset;

use learner::{Hyp, LearnError, Learner};
pub use monoid::MisereQuotient;

/// About what one sum remembered by the outcome search takes (its key and
/// outcome in a hash map), for
/// [`Budget::check_quotient_memory`](crate::Budget::check_quotient_memory).
pub const SEARCHED_SUM_BYTES: u64 = 100;

impl Budget {
    /// Checks, before any work, that memory could hold the sums a misère
    /// quotient's outcome search may remember
    /// ([`quotient_searched`](Budget::quotient_searched), the larger
    /// default when unset): the allocation is asked for and given back at
    /// once, which costs nothing, so that a computation that would fail for
    /// want of memory after minutes is refused at the start.
    ///
    /// # Errors
    /// [`QuotientError::Memory`] when the reservation is refused.
    ///
    /// ```
    /// use grundy::Budget;
    /// assert!(Budget::default().check_quotient_memory().is_ok());
    /// let huge = Budget { max_quotient_searched: Some(usize::MAX), ..Budget::default() };
    /// assert!(huge.check_quotient_memory().is_err());
    /// ```
    pub fn check_quotient_memory(&self) -> Result<(), QuotientError> {
        let searched = self.quotient_searched();
        let bytes = (searched as u64).saturating_mul(SEARCHED_SUM_BYTES);
        let mut probe: Vec<u8> = Vec::new();
        probe
            .try_reserve_exact(usize::try_from(bytes).unwrap_or(usize::MAX))
            .map_err(|_| QuotientError::Memory { searched, bytes })
    }
}

/// Which of a [`Budget`]'s bounds on a quotient a computation passed
/// ([`QuotientError::TooLarge`]), so that a front end can name the setting
/// that moves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuotientBound {
    /// [`Budget::max_quotient_order`]: the quotient, or a candidate for it,
    /// has more elements.
    Order,
    /// [`Budget::max_quotient_searched`]: the exhaustive outcome search
    /// remembers more sums.
    Searched,
}

/// An element of a [`MisereQuotient`]: an index into its table, `0` being
/// the identity (the class of the empty sum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Element(pub u32);

/// Why a quotient could not be computed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum QuotientError {
    /// `--max-heap` beyond [`Budget::max_quotient_heap`] (at most
    /// [`MAX_QUOTIENT_HEAP`]).
    #[error("misère quotients are computed for heaps up to {limit}; {heap} is larger")]
    HeapTooLarge {
        /// The heap bound asked for.
        heap: u64,
        /// [`Budget::max_quotient_heap`], at most [`MAX_QUOTIENT_HEAP`].
        limit: u64,
    },
    /// The quotient (or a candidate for it) outgrew the order bound, or its
    /// outcome search outgrew its memory bound, at heap `heap`. `partial`
    /// holds the verified quotient for the heaps below, if any.
    #[error("the misère quotient of {game} grows beyond {what} at heap {heap}{}", match partial {
        Some(q) => format!("; it is verified for heaps up to {} (order {})", q.max_heap(), q.order()),
        None => String::new(),
    })]
    TooLarge {
        /// The canonical game spec.
        game: String,
        /// The heap size at which the bound was passed.
        heap: u64,
        /// Which bound: "order 1024" (with "(it has at least 1898
        /// elements)" where the candidates proved the true quotient larger
        /// than the bound) or "20000000 searched positions".
        what: String,
        /// Which of the [`Budget`]'s bounds was passed.
        bound: QuotientBound,
        /// The quotient for the heaps below `heap`, when `heap > 1`.
        partial: Option<Box<MisereQuotient>>,
    },
    /// The memory for the sums the outcome search may remember could not
    /// be reserved ([`Budget::check_quotient_memory`]).
    #[error("the outcome search may remember {searched} sums, about {} of memory (about {SEARCHED_SUM_BYTES} bytes each), which this machine cannot give", crate::limits::human_bytes(*bytes))]
    Memory {
        /// The sums the search may remember
        /// ([`Budget::quotient_searched`]).
        searched: usize,
        /// The bytes they would take.
        bytes: u64,
    },
    /// A heap of a sum is larger than the quotient's heap bound.
    #[error("heap {heap} is larger than {max_heap}, the largest heap of this quotient")]
    HeapBeyond {
        /// The heap.
        heap: u64,
        /// The quotient's [`MisereQuotient::max_heap`].
        max_heap: u64,
    },
    /// The caller's cancellation flag was raised. `partial` holds the
    /// quotient verified for the heaps done before it, if any, as for
    /// [`TooLarge`](QuotientError::TooLarge): a stopped run keeps what it
    /// computed.
    #[error("{}", Cancelled)]
    Cancelled {
        /// The quotient for the heaps done before the flag was raised,
        /// when at least heap 1 was.
        partial: Option<Box<MisereQuotient>>,
    },
}

impl From<Cancelled> for QuotientError {
    /// A cancellation before anything was verified.
    fn from(_: Cancelled) -> QuotientError {
        QuotientError::Cancelled { partial: None }
    }
}

impl MisereQuotient {
    /// Computes and verifies the misère quotient of `ruleset` on heaps of at
    /// most `max_heap` tokens, within [`Budget::default`] and with no
    /// cancellation:
    /// `MisereQuotient::of(ruleset, max_heap).compute()`.
    ///
    /// # Errors
    /// See [`QuotientBuilder::compute`].
    ///
    /// # Complexity
    /// See [`QuotientBuilder::compute`].
    ///
    /// ```
    /// use grundy::misere::MisereQuotient;
    /// let kayles = "kayles".parse()?;
    /// let q = MisereQuotient::compute(&kayles, 10)?;
    /// assert_eq!(q.order(), 18);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute(ruleset: &HeapRuleset, max_heap: u64) -> Result<MisereQuotient, QuotientError> {
        MisereQuotient::of(ruleset, max_heap).compute()
    }

    /// The quotient of `ruleset` on heaps up to `max_heap`, to be computed
    /// ([`QuotientBuilder::compute`]) with its options given one call at a
    /// time: the budget, a cancellation flag, a progress callback.
    ///
    /// ```
    /// use grundy::misere::MisereQuotient;
    /// use grundy::Budget;
    /// let dawson = "0.07".parse()?;
    /// let mut orders = vec![];
    /// let q = MisereQuotient::of(&dawson, 12)
    ///     .budget(Budget { max_quotient_order: 100, ..Budget::default() })
    ///     .progress(|n, order| orders.push((n, order)))
    ///     .compute()?;
    /// assert_eq!(q.order(), 12);
    /// assert_eq!(orders.last(), Some(&(12, 12)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(ruleset: &HeapRuleset, max_heap: u64) -> QuotientBuilder<'_> {
        QuotientBuilder {
            ruleset,
            max_heap,
            budget: Budget::default(),
            cancel: Cancel::new(),
            progress: None,
        }
    }
}

/// The options of a quotient computation: made by [`MisereQuotient::of`],
/// run by [`compute`](QuotientBuilder::compute).
pub struct QuotientBuilder<'a> {
    ruleset: &'a HeapRuleset,
    max_heap: u64,
    budget: Budget,
    cancel: Cancel,
    progress: Option<Box<dyn FnMut(u64, usize) + 'a>>,
}

impl<'a> QuotientBuilder<'a> {
    /// The bounds to stay within ([`Budget::default`] unless set): the
    /// computation reads [`Budget::max_quotient_heap`],
    /// [`Budget::max_quotient_order`] and [`Budget::quotient_searched`].
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Stops the computation with [`QuotientError::Cancelled`] once
    /// `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::misere::{MisereQuotient, QuotientError};
    /// let stop = Cancel::new();
    /// stop.cancel();
    /// let r = MisereQuotient::of(&"kayles".parse()?, 10).cancel(&stop).compute();
    /// assert!(matches!(r, Err(QuotientError::Cancelled { partial: None })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel(mut self, cancel: &Cancel) -> Self {
        self.cancel = cancel.clone();
        self
    }

    /// Calls `progress(n, order)` after the quotient for heaps up to `n` is
    /// verified.
    pub fn progress(mut self, progress: impl FnMut(u64, usize) + 'a) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Computes and verifies the quotient on heaps up to `max_heap`, heap
    /// size by heap size.
    ///
    /// # Errors
    /// [`QuotientError::HeapTooLarge`] beyond [`Budget::max_quotient_heap`]
    /// (at most [`MAX_QUOTIENT_HEAP`]);
    /// [`QuotientError::TooLarge`] when a candidate passes
    /// [`Budget::max_quotient_order`] elements or the outcome search passes
    /// [`Budget::quotient_searched`] sums (with the quotient verified so
    /// far); [`QuotientError::Cancelled`] when the
    /// cancellation flag is raised (with the quotient verified so far).
    ///
    /// # Complexity
    /// Each verification is `O(T · k · |Q|²)` for `T` heap types whose
    /// classes have index plus period at most `k`; there are at most about
    /// `|Q|` failed ones and one successful one per heap size. The outcome
    /// search is exponential in the worst case, but only ever asked about
    /// small sums.
    pub fn compute(self) -> Result<MisereQuotient, QuotientError> {
        let QuotientBuilder {
            ruleset,
            max_heap,
            budget,
            cancel,
            mut progress,
        } = self;
        let max_order = budget.max_quotient_order;
        let max_searched = budget.quotient_searched();
        let cancel = &cancel;
        let mut progress = |n, order| {
            if let Some(f) = progress.as_mut() {
                f(n, order);
            }
        };
        let limit = budget.max_quotient_heap.min(MAX_QUOTIENT_HEAP);
        if max_heap > limit {
            return Err(QuotientError::HeapTooLarge {
                heap: max_heap,
                limit,
            });
        }
        let mut learner = Learner::new(ruleset, max_heap as u32, max_searched);
        let mut orders = vec![1];
        let game = ruleset.to_string();
        // The quotient is presented only once it is returned (or wanted
        // beside an error): presenting it at every heap size took longer
        // than verifying it where it does not change.
        let present = |hyp: &Hyp, heap: u32, orders: &[usize]| {
            MisereQuotient::from_hypothesis(&game, ruleset, hyp, heap, orders)
        };
        for n in 1..=max_heap as u32 {
            let too_large =
                |bound: QuotientBound, what: String, learner: &Learner, orders: &[usize]| {
                    QuotientError::TooLarge {
                        game: game.clone(),
                        heap: u64::from(n),
                        what,
                        bound,
                        partial: learner
                            .prev
                            .as_ref()
                            .map(|hyp| Box::new(present(hyp, n - 1, orders))),
                    }
                };
            let hyp = match learner.learn(n, max_order, cancel) {
                Ok(hyp) => hyp,
                Err(LearnError::Cancelled) => {
                    return Err(QuotientError::Cancelled {
                        partial: learner
                            .prev
                            .as_ref()
                            .map(|hyp| Box::new(present(hyp, n - 1, &orders))),
                    })
                }
                Err(LearnError::Order(proved)) => {
                    let at_least = proved
                        .map(|b| format!(" (it has at least {b} elements)"))
                        .unwrap_or_default();
                    return Err(too_large(
                        QuotientBound::Order,
                        format!("order {max_order}{at_least}"),
                        &learner,
                        &orders,
                    ));
                }
                Err(LearnError::Searched) => {
                    return Err(too_large(
                        QuotientBound::Searched,
                        format!("{max_searched} searched positions"),
                        &learner,
                        &orders,
                    ))
                }
            };
            orders.push(hyp.order());
            progress(u64::from(n), hyp.order());
            learner.prev = Some(hyp);
        }
        Ok(match &learner.prev {
            Some(hyp) => present(hyp, max_heap as u32, &orders),
            None => present(&Hyp::trivial(), 0, &orders),
        })
    }
}
