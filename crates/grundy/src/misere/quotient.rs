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
//!   check first). When one verifies, the quotient has not changed.
//! * **New generator** (MisereSolver's method, Siegel). Otherwise heap `N`
//!   becomes a new generator, free up to a cyclic relation
//!   `x^(i+p) = x^i`, over the previous quotient. Each element of that
//!   product takes the outcome of its lexicographically least sum by the
//!   mex rule over the sum's options, and elements no sum tells apart are
//!   merged (Moore's refinement). While the least failure `F` stands, the
//!   heaps of `F` (one, two, then three of them) are set free as cyclic
//!   generators over the submonoid of the others, with a larger index,
//!   until a candidate predicts `F` correctly; the least failure then moves
//!   strictly later. No position is searched.
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
//!   period of its class, decides whether a local failure exists at all, in
//!   `O(T · k · |Q|²)` time, and finds the *lexicographically least* one
//!   (largest heaps compared first, an order in which every option of a sum
//!   comes before it).
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

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::fmt;

use crate::cancel::{Cancel, Cancelled};
use crate::heap::{HeapMove, HeapRuleset, Leaves};
use crate::Outcome;

/// The largest `--max-heap` accepted: the learner keeps one layer of its
/// verification per heap size.
pub const MAX_QUOTIENT_HEAP: u64 = 500;

/// The default bound on the order of a quotient (candidates on the way may
/// have four times as many elements); the verification keeps `|Q|²/2`
/// bytes per heap size for a candidate of order `|Q|`.
pub const DEFAULT_MAX_ORDER: usize = 1024;

/// The default bound on the sums the exhaustive outcome search may
/// remember before the computation gives up (about 100 bytes each).
pub const DEFAULT_MAX_SEARCHED: usize = 20_000_000;

/// The bounds a quotient computation stays within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientLimits {
    /// The most elements of the quotient. The candidates on the way to it
    /// may have up to four times as many (MisereSolver's candidates are
    /// often larger than the quotient they lead to).
    pub max_order: usize,
    /// The most sums whose outcome the exhaustive search remembers.
    pub max_searched: usize,
}

impl Default for QuotientLimits {
    fn default() -> QuotientLimits {
        QuotientLimits {
            max_order: DEFAULT_MAX_ORDER,
            max_searched: DEFAULT_MAX_SEARCHED,
        }
    }
}

/// An element of a [`MisereQuotient`]: an index into its table, `0` being
/// the identity (the class of the empty sum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Element(pub u32);

/// Why a quotient could not be computed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum QuotientError {
    /// `--max-heap` beyond [`MAX_QUOTIENT_HEAP`].
    #[error("misère quotients are computed for heaps up to {limit}; {heap} is larger")]
    HeapTooLarge {
        /// The heap bound asked for.
        heap: u64,
        /// [`MAX_QUOTIENT_HEAP`].
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
        /// Which bound: "order 1024" or "20000000 searched positions".
        what: String,
        /// The quotient for the heaps below `heap`, when `heap > 1`.
        partial: Option<Box<MisereQuotient>>,
    },
    /// A heap of a sum is larger than the quotient's heap bound.
    #[error("heap {heap} is larger than {max_heap}, the largest heap of this quotient")]
    HeapBeyond {
        /// The heap.
        heap: u64,
        /// The quotient's [`MisereQuotient::max_heap`].
        max_heap: u64,
    },
    /// The caller's cancellation flag was raised.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// A verified misère quotient of a heap game restricted to heaps of at most
/// [`max_heap`](MisereQuotient::max_heap) tokens; see the [module
/// docs](self).
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    game: String,
    max_heap: u64,
    /// `mul[x * order + y]`.
    mul: Vec<u32>,
    p: Vec<bool>,
    /// The class of each heap `0..=max_heap`.
    pretending: Vec<Element>,
    names: Vec<String>,
    generators: Vec<String>,
    /// The heap each generator is the class of.
    generator_heaps: Vec<u64>,
    relations: Vec<String>,
    /// The order of the quotient for heaps up to `n`, for `n = 0..=max_heap`.
    orders: Vec<usize>,
    /// The options of each heap, as classes, and the leaves that reach them.
    options: Vec<Vec<(Element, Leaves)>>,
}

impl MisereQuotient {
    /// Computes and verifies the misère quotient of `ruleset` on heaps of at
    /// most `max_heap` tokens, with the default order bound and no
    /// cancellation.
    ///
    /// # Errors
    /// See [`MisereQuotient::compute_with`].
    ///
    /// # Complexity
    /// See [`MisereQuotient::compute_with`].
    ///
    /// ```
    /// use grundy::misere::MisereQuotient;
    /// let kayles = "kayles".parse()?;
    /// let q = MisereQuotient::compute(&kayles, 10)?;
    /// assert_eq!(q.order(), 18);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute(ruleset: &HeapRuleset, max_heap: u64) -> Result<MisereQuotient, QuotientError> {
        MisereQuotient::compute_with(
            ruleset,
            max_heap,
            QuotientLimits::default(),
            &Cancel::new(),
            |_, _| {},
        )
    }

    /// Computes and verifies the quotient on heaps up to `max_heap`, heap
    /// size by heap size, calling `progress(n, order)` after the quotient
    /// for heaps up to `n` is verified.
    ///
    /// # Errors
    /// [`QuotientError::HeapTooLarge`] beyond [`MAX_QUOTIENT_HEAP`];
    /// [`QuotientError::TooLarge`] when a candidate passes
    /// `limits.max_order` elements or the outcome search passes
    /// `limits.max_searched` sums (with the quotient verified so far); [`QuotientError::Cancelled`] when `cancel`
    /// is raised.
    ///
    /// # Complexity
    /// Each verification is `O(T · k · |Q|²)` for `T` heap types whose
    /// classes have index plus period at most `k`; there are at most about
    /// `|Q|` failed ones and one successful one per heap size. The outcome
    /// search is exponential in the worst case, but only ever asked about
    /// small sums.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::misere::{MisereQuotient, QuotientLimits};
    /// let dawson = "0.07".parse()?;
    /// let mut orders = vec![];
    /// let limits = QuotientLimits::default();
    /// let q = MisereQuotient::compute_with(&dawson, 12, limits, &Cancel::new(), |n, order| {
    ///     orders.push((n, order))
    /// })?;
    /// assert_eq!(q.order(), 12);
    /// assert_eq!(orders.last(), Some(&(12, 12)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute_with(
        ruleset: &HeapRuleset,
        max_heap: u64,
        limits: QuotientLimits,
        cancel: &Cancel,
        mut progress: impl FnMut(u64, usize),
    ) -> Result<MisereQuotient, QuotientError> {
        if max_heap > MAX_QUOTIENT_HEAP {
            return Err(QuotientError::HeapTooLarge {
                heap: max_heap,
                limit: MAX_QUOTIENT_HEAP,
            });
        }
        let mut learner = Learner::new(ruleset, max_heap as u32, limits.max_searched);
        let mut last: Option<MisereQuotient> = None;
        let mut orders = vec![1];
        let game = ruleset.to_string();
        for n in 1..=max_heap as u32 {
            let too_large = |what: String, last: Option<MisereQuotient>| QuotientError::TooLarge {
                game: game.clone(),
                heap: u64::from(n),
                what,
                partial: last.map(Box::new),
            };
            let hyp = match learner.learn(n, limits.max_order, cancel) {
                Ok(hyp) => hyp,
                Err(LearnError::Cancelled) => return Err(QuotientError::Cancelled(Cancelled)),
                Err(LearnError::Order) => {
                    return Err(too_large(format!("order {}", limits.max_order), last))
                }
                Err(LearnError::Searched) => {
                    return Err(too_large(
                        format!("{} searched positions", limits.max_searched),
                        last,
                    ))
                }
            };
            orders.push(hyp.order());
            last = Some(MisereQuotient::from_hypothesis(
                &game, ruleset, &hyp, &learner, &orders,
            ));
            progress(u64::from(n), hyp.order());
            learner.prev = Some(hyp);
        }
        Ok(match last {
            Some(q) => q,
            None => {
                MisereQuotient::from_hypothesis(&game, ruleset, &Hyp::trivial(), &learner, &orders)
            }
        })
    }

    fn from_hypothesis(
        game: &str,
        ruleset: &HeapRuleset,
        hyp: &Hyp,
        learner: &Learner,
        orders: &[usize],
    ) -> MisereQuotient {
        let n = hyp.order();
        let mul = hyp.mul.clone();
        let max_heap = u64::from(learner.n);
        let pretending: Vec<Element> = (0..=learner.n)
            .map(|h| Element(hyp.star(0, &[h])))
            .collect();
        // Generators: heaps whose class is not in the submonoid of the
        // smaller heaps' classes.
        let mut in_sub = vec![false; n];
        in_sub[0] = true;
        let mut gen_elems = vec![];
        let mut generator_heaps = vec![];
        for (h, &Element(e)) in pretending.iter().enumerate() {
            let e = e as usize;
            if in_sub[e] {
                continue;
            }
            gen_elems.push(e);
            generator_heaps.push(h as u64);
            // Close the submonoid under multiplication by e.
            let mut frontier: Vec<usize> = (0..n).filter(|&x| in_sub[x]).collect();
            while let Some(x) = frontier.pop() {
                let y = mul[x * n + e] as usize;
                if !in_sub[y] {
                    in_sub[y] = true;
                    frontier.push(y);
                }
            }
        }
        let letters: Vec<String> = (0..gen_elems.len()).map(letter).collect();
        let (names, relations) = present(&mul, n, &gen_elems, &letters);
        let options = (0..=learner.n)
            .map(|h| {
                let mut seen = HashSet::new();
                let mut out = vec![];
                ruleset.for_each_option(u64::from(h), |leaves| {
                    let heaps: Vec<u32> = leaves.as_slice().iter().map(|&x| x as u32).collect();
                    let e = hyp.star(0, &heaps);
                    if seen.insert((e, leaves)) {
                        out.push((Element(e), leaves));
                    }
                });
                out
            })
            .collect();
        MisereQuotient {
            game: game.to_string(),
            max_heap,
            mul,
            p: hyp.p.clone(),
            pretending,
            names,
            generators: letters,
            generator_heaps,
            relations,
            orders: orders.to_vec(),
            options,
        }
    }

    /// The canonical spec of the game (`0.77` for Kayles).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The largest heap the quotient covers.
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// `|Q|`, the number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The identity, the class of the empty sum.
    pub fn identity(&self) -> Element {
        Element(0)
    }

    /// The product of two elements.
    pub fn product(&self, x: Element, y: Element) -> Element {
        Element(self.mul[x.0 as usize * self.order() + y.0 as usize])
    }

    /// Whether `x` is in the P-portion (its sums are misère P-positions).
    pub fn is_p(&self, x: Element) -> bool {
        self.p[x.0 as usize]
    }

    /// Every element, in table order (the identity first).
    pub fn elements(&self) -> impl Iterator<Item = Element> {
        (0..self.order() as u32).map(Element)
    }

    /// The P-portion, in table order.
    pub fn p_portion(&self) -> Vec<Element> {
        self.elements().filter(|&x| self.is_p(x)).collect()
    }

    /// The name of an element: its first word in the generators (`1`, `a`,
    /// `ab^2`).
    pub fn name(&self, x: Element) -> &str {
        &self.names[x.0 as usize]
    }

    /// The class of heap `h`, or `None` beyond [`max_heap`](Self::max_heap).
    pub fn heap(&self, h: u64) -> Option<Element> {
        self.pretending.get(usize::try_from(h).ok()?).copied()
    }

    /// The pretending function: the class of each heap `0..=max_heap`.
    pub fn pretending(&self) -> &[Element] {
        &self.pretending
    }

    /// The generators' letters, `a, b, c, …`.
    pub fn generators(&self) -> &[String] {
        &self.generators
    }

    /// The heap whose class each generator is.
    pub fn generator_heaps(&self) -> &[u64] {
        &self.generator_heaps
    }

    /// The relations, `word = name`, in graded order.
    pub fn relations(&self) -> &[String] {
        &self.relations
    }

    /// The order of the quotient for heaps up to `n`, for `n = 0..=max_heap`.
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The smallest `n` from which the quotient for heaps up to `n` has not
    /// changed up to [`max_heap`](Self::max_heap) (adding heaps never
    /// shrinks a quotient, and one of equal order is the same quotient), or
    /// `None` when it changed at `max_heap` itself.
    pub fn stable_from(&self) -> Option<u64> {
        let last = *self.orders.last()?;
        let from = self
            .orders
            .iter()
            .rposition(|&o| o != last)
            .map_or(0, |i| i + 1) as u64;
        (from < self.max_heap).then_some(from)
    }

    /// Whether the game is *tame* on these heaps: its quotient is that of
    /// misère Nim (`{1, a}` with `a^2 = 1`, or `{1, a}` beside a group
    /// `K = (Z/2)^k` whose identity is in `P` together with `a`, and no other
    /// element of `P`).
    pub fn tame(&self) -> bool {
        let n = self.order();
        let p: Vec<usize> = (0..n).filter(|&x| self.p[x]).collect();
        let mul = |x: usize, y: usize| self.mul[x * n + y] as usize;
        if n == 1 {
            // No heap has a move: every sum is the empty Nim position.
            return true;
        }
        // a: the element of P whose square is 1.
        let Some(&a) = p.iter().find(|&&x| x != 0 && mul(x, x) == 0) else {
            return false;
        };
        if n == 2 {
            return p == [a];
        }
        let k: Vec<usize> = (0..n).filter(|&x| x != 0 && x != a).collect();
        if !k.len().is_power_of_two() || p.len() != 2 {
            return false;
        }
        let e = mul(k[0], k[0]);
        if !k.contains(&e) || !self.p[e] {
            return false;
        }
        k.iter().all(|&x| {
            mul(x, x) == e
                && mul(x, e) == x
                && k.contains(&mul(a, x))
                && k.iter().all(|&y| k.contains(&mul(x, y)))
        })
    }

    /// The class of a sum of heaps.
    ///
    /// # Errors
    /// [`QuotientError::HeapBeyond`] for a heap larger than
    /// [`max_heap`](Self::max_heap).
    pub fn class(&self, heaps: &[u64]) -> Result<Element, QuotientError> {
        let mut x = self.identity();
        for &h in heaps {
            x = self.product(x, self.heap_checked(h)?);
        }
        Ok(x)
    }

    fn heap_checked(&self, h: u64) -> Result<Element, QuotientError> {
        self.heap(h).ok_or(QuotientError::HeapBeyond {
            heap: h,
            max_heap: self.max_heap,
        })
    }

    /// The misère outcome of a sum of heaps, in time linear in the number
    /// of heaps.
    ///
    /// # Errors
    /// [`QuotientError::HeapBeyond`] for a heap larger than
    /// [`max_heap`](Self::max_heap).
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, QuotientError> {
        let x = self.class(heaps)?;
        Ok(Outcome::from_first_player_wins(!self.is_p(x)))
    }

    /// Every winning move of a misère sum (none for a P-position), in heap
    /// order.
    ///
    /// # Complexity
    /// O(heaps) products for the classes of the sum less each heap (prefix
    /// and suffix products), then the options of each distinct (heap,
    /// class of the rest) pair once.
    ///
    /// # Errors
    /// [`QuotientError::HeapBeyond`] for a heap larger than
    /// [`max_heap`](Self::max_heap).
    ///
    /// ```
    /// use grundy::misere::MisereQuotient;
    /// let q = MisereQuotient::compute(&"kayles".parse()?, 6)?;
    /// // Misère Kayles, rows of 2 and 3: the one winning move takes an end
    /// // pin of the 3, leaving 2 + 2 (knocking its middle pin leaves
    /// // 2 + 1 + 1, which the opponent wins by clearing the 2).
    /// let moves = q.winning_moves(&[2, 3])?;
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!((moves[0].heap, moves[0].leaves.as_slice()), (1, &[2][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<HeapMove>, QuotientError> {
        let classes = heaps
            .iter()
            .map(|&h| self.heap_checked(h))
            .collect::<Result<Vec<_>, _>>()?;
        let mut suffix = vec![self.identity(); classes.len() + 1];
        for i in (0..classes.len()).rev() {
            suffix[i] = self.product(classes[i], suffix[i + 1]);
        }
        let mut prefix = self.identity();
        let mut cache: HashMap<(u64, Element), Vec<usize>> = HashMap::new();
        let mut moves = vec![];
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.product(prefix, suffix[i + 1]);
            let good = cache.entry((h, rest)).or_insert_with(|| {
                self.options[h as usize]
                    .iter()
                    .enumerate()
                    .filter(|(_, (e, _))| self.is_p(self.product(rest, *e)))
                    .map(|(k, _)| k)
                    .collect()
            });
            for &k in good.iter() {
                moves.push(HeapMove {
                    heap: i,
                    from: h,
                    leaves: self.options[h as usize][k].1,
                });
            }
            prefix = self.product(prefix, classes[i]);
        }
        Ok(moves)
    }
}

impl fmt::Display for MisereQuotient {
    /// The presentation: `⟨a, b | a^2 = 1, b^3 = b⟩`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<{} | {}>",
            self.generators.join(", "),
            self.relations.join(", ")
        )
    }
}

/// The letter of generator `i`: `a` to `z`, then `g27`, `g28`, ….
fn letter(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// The word of an exponent vector: `1`, `a`, `ab^2`.
fn word(exps: &[u32], letters: &[String]) -> String {
    let mut s = String::new();
    for (e, l) in exps.iter().zip(letters) {
        match e {
            0 => {}
            1 => s.push_str(l),
            _ => s.push_str(&format!("{l}^{e}")),
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

/// Names every element by its first monomial in graded order (degree, then
/// earlier letters first) and lists the minimal monomials that are not
/// names as relations. The monomials that are names form an order ideal
/// (a multiple of a monomial reached earlier by another is reached earlier
/// too), so the relations rewrite every word to its element's name.
fn present(
    mul: &[u32],
    n: usize,
    gens: &[usize],
    letters: &[String],
) -> (Vec<String>, Vec<String>) {
    let k = gens.len();
    let mut names: Vec<Option<Vec<u32>>> = vec![None; n];
    let mut normal: HashSet<Vec<u32>> = HashSet::new();
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut relations = vec![];
    // Min-heap on (degree, reversed exponents): a^2 comes before ab, b^2.
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u32, Reverse(vec![0u32; k]), 0usize)));
    while let Some(Reverse((deg, Reverse(exps), elem))) = queue.pop() {
        if !seen.insert(exps.clone()) {
            continue;
        }
        if let Some(name) = &names[elem] {
            let minimal = (0..k).all(|i| {
                exps[i] == 0 || {
                    let mut d = exps.clone();
                    d[i] -= 1;
                    normal.contains(&d)
                }
            });
            if minimal {
                relations.push(format!(
                    "{} = {}",
                    word(&exps, letters),
                    word(name, letters)
                ));
            }
            continue;
        }
        names[elem] = Some(exps.clone());
        normal.insert(exps.clone());
        for (i, &g) in gens.iter().enumerate() {
            let mut next = exps.clone();
            next[i] += 1;
            queue.push(Reverse((
                deg + 1,
                Reverse(next),
                mul[elem * n + g] as usize,
            )));
        }
    }
    let names = names
        .into_iter()
        .map(|e| e.map_or_else(|| "?".to_string(), |e| word(&e, letters)))
        .collect();
    (names, relations)
}

// ---------------------------------------------------------------------------
// The learner.

/// A commutative candidate: states are table rows, `delta[x * g + i]` adds
/// one heap of generator `i` (heap size `gens[i]`).
#[derive(Clone, Debug)]
struct Hyp {
    delta: Vec<u32>,
    p: Vec<bool>,
    gens: Vec<u32>,
    /// heap size -> generator index (`u32::MAX` for heaps with no move).
    gen_of: Vec<u32>,
    mul: Vec<u32>,
}

impl Hyp {
    fn trivial() -> Hyp {
        Hyp {
            delta: vec![],
            p: vec![false],
            gens: vec![],
            gen_of: vec![u32::MAX],
            mul: vec![0],
        }
    }

    fn order(&self) -> usize {
        self.p.len()
    }

    fn step(&self, x: u32, h: u32) -> u32 {
        match self.gen_of.get(h as usize) {
            Some(&g) if g != u32::MAX => self.delta[x as usize * self.gens.len() + g as usize],
            _ => x,
        }
    }

    fn star(&self, mut x: u32, heaps: &[u32]) -> u32 {
        for &h in heaps {
            x = self.step(x, h);
        }
        x
    }

    fn predict(&self, pos: &[u32]) -> bool {
        self.p[self.star(0, pos) as usize]
    }
}

enum LearnError {
    Cancelled,
    Order,
    Searched,
}

impl From<Cancelled> for LearnError {
    fn from(_: Cancelled) -> LearnError {
        LearnError::Cancelled
    }
}

struct Learner {
    /// The options of each heap: lists of live leaves, sorted descending.
    opts: Vec<Vec<Vec<u32>>>,
    /// Whether a heap has a move at all (a heap with none is the zero game).
    live: Vec<bool>,
    /// Access positions (one per state) and suffixes; positions are sorted
    /// descending.
    access: Vec<Vec<u32>>,
    suffixes: Vec<Vec<u32>>,
    /// True outcomes (P = true) of positions known so far for this `n`.
    memo: HashMap<Vec<u32>, bool>,
    /// Rows of positions, extended as suffixes are added.
    rows: HashMap<Vec<u32>, Vec<bool>>,
    /// The verified quotient for heaps below `n`.
    prev: Option<Hyp>,
    /// A candidate whose least failure is `.0`: every position before it is
    /// predicted correctly.
    cert: Option<(Vec<u32>, Hyp)>,
    n: u32,
    max_searched: usize,
}

/// Sorts a position descending and drops heaps with no move.
fn normalise(mut pos: Vec<u32>, live: &[bool]) -> Vec<u32> {
    pos.retain(|&h| live[h as usize]);
    pos.sort_unstable_by(|a, b| b.cmp(a));
    pos
}

fn join(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    v
}

impl Learner {
    fn new(ruleset: &HeapRuleset, max_heap: u32, max_searched: usize) -> Learner {
        let mut opts = vec![];
        let mut live = vec![];
        for h in 0..=max_heap {
            let mut list = HashSet::new();
            ruleset.for_each_option(u64::from(h), |leaves| {
                list.insert(
                    leaves
                        .as_slice()
                        .iter()
                        .map(|&x| x as u32)
                        .collect::<Vec<u32>>(),
                );
            });
            live.push(!list.is_empty());
            opts.push(list);
        }
        let opts = opts
            .into_iter()
            .map(|set| {
                let mut v: Vec<Vec<u32>> = set.into_iter().map(|l| normalise(l, &live)).collect();
                v.sort();
                v.dedup();
                v
            })
            .collect();
        Learner {
            opts,
            live,
            access: vec![vec![]],
            suffixes: vec![vec![]],
            memo: HashMap::new(),
            rows: HashMap::new(),
            prev: None,
            cert: None,
            n: 0,
            max_searched,
        }
    }

    /// The answer for a position without searching, if there is one.
    fn quick(&self, pos: &[u32]) -> Option<bool> {
        if pos.is_empty() {
            return Some(false);
        }
        if let Some(&v) = self.memo.get(pos) {
            return Some(v);
        }
        if pos[0] < self.n {
            if let Some(prev) = &self.prev {
                return Some(prev.predict(pos));
            }
        }
        if let Some((f, hyp)) = &self.cert {
            if pos < f.as_slice() {
                return Some(hyp.predict(pos));
            }
        }
        None
    }

    fn options_of(&self, pos: &[u32]) -> Vec<Vec<u32>> {
        let mut out = vec![];
        for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            for leaves in &self.opts[h as usize] {
                let mut next = Vec::with_capacity(pos.len() + leaves.len());
                next.extend_from_slice(&pos[..i]);
                next.extend_from_slice(&pos[i + 1..]);
                next.extend_from_slice(leaves);
                next.sort_unstable_by(|a, b| b.cmp(a));
                out.push(next);
            }
        }
        out
    }

    /// The true misère outcome (P = true) of a normalised position, by the
    /// definition: P exactly when there are moves and every one reaches an
    /// N-position. The search is iterative; positions the certificate or the
    /// previous quotient answer end it.
    fn outcome(&mut self, root: &[u32], cancel: &Cancel) -> Result<bool, LearnError> {
        if let Some(v) = self.quick(root) {
            return Ok(v);
        }
        struct Frame {
            pos: Vec<u32>,
            options: Vec<Vec<u32>>,
            next: usize,
        }
        let mut stack = vec![Frame {
            options: self.options_of(root),
            pos: root.to_vec(),
            next: 0,
        }];
        let mut steps = 0u32;
        // The result of the frame just finished, for its parent.
        let mut finished: Option<bool> = None;
        loop {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) {
                cancel.check()?;
                if self.memo.len() > self.max_searched {
                    return Err(LearnError::Searched);
                }
            }
            let top = stack
                .last_mut()
                .expect("the stack holds the root until it returns");
            let mut result = None;
            if let Some(child_p) = finished.take() {
                if child_p {
                    result = Some(false);
                } else {
                    top.next += 1;
                }
            }
            if result.is_none() {
                while top.next < top.options.len() {
                    match self.quick(&top.options[top.next]) {
                        Some(true) => {
                            result = Some(false);
                            break;
                        }
                        Some(false) => top.next += 1,
                        None => break,
                    }
                }
                if result.is_none() {
                    if top.next == top.options.len() {
                        result = Some(true);
                    } else {
                        let child = top.options[top.next].clone();
                        let options = self.options_of(&child);
                        stack.push(Frame {
                            pos: child,
                            options,
                            next: 0,
                        });
                        continue;
                    }
                }
            }
            let r = result.expect("set above");
            let frame = stack.pop().expect("non-empty");
            self.memo.insert(frame.pos, r);
            if stack.is_empty() {
                return Ok(r);
            }
            finished = Some(r);
        }
    }

    /// The row of a position: its outcome after each suffix.
    fn row(&mut self, pos: &[u32], cancel: &Cancel) -> Result<Vec<bool>, LearnError> {
        let mut row = self.rows.remove(pos).unwrap_or_default();
        while row.len() < self.suffixes.len() {
            let q = normalise(join(pos, &self.suffixes[row.len()]), &self.live);
            row.push(self.outcome(&q, cancel)?);
        }
        self.rows.insert(pos.to_vec(), row.clone());
        Ok(row)
    }

    /// Learns and verifies the quotient for heaps up to `n`.
    fn learn(&mut self, n: u32, max_order: usize, cancel: &Cancel) -> Result<Hyp, LearnError> {
        // Outcomes and rows are facts about positions and stay; the
        // certificate is superseded by the quotient for heaps below n.
        self.n = n;
        self.cert = None;
        let gens: Vec<u32> = (1..=n).filter(|&h| self.live[h as usize]).collect();
        let mut gen_of = vec![u32::MAX; n as usize + 1];
        for (i, &g) in gens.iter().enumerate() {
            gen_of[g as usize] = i as u32;
        }
        let g = gens.len();
        if let Some(hyp) = self.conservative(n, &gens, &gen_of, cancel)? {
            return Ok(hyp);
        }
        // MisereSolver's candidates need no search at all; the learner is
        // the fallback when they do not converge.
        if let Some(hyp) = self.recalibrate(n, &gens, &gen_of, max_order, cancel)? {
            return Ok(hyp);
        }
        loop {
            cancel.check()?;
            // Close the table: every access position plus a heap has the
            // row of some access position.
            let mut index: HashMap<Vec<bool>, u32> = HashMap::new();
            let mut access: Vec<Vec<u32>> = vec![];
            for s in std::mem::take(&mut self.access) {
                let r = self.row(&s, cancel)?;
                if let std::collections::hash_map::Entry::Vacant(v) = index.entry(r) {
                    v.insert(access.len() as u32);
                    access.push(s);
                }
            }
            let mut delta = Vec::new();
            let mut i = 0;
            while i < access.len() {
                for &h in &gens {
                    let next = normalise(join(&access[i], &[h]), &self.live);
                    let r = self.row(&next, cancel)?;
                    let len = access.len() as u32;
                    let x = *index.entry(r).or_insert_with(|| {
                        access.push(next);
                        len
                    });
                    delta.push(x);
                }
                i += 1;
                if access.len() > max_order {
                    self.access = access;
                    return Err(LearnError::Order);
                }
            }
            let order = access.len();
            let p: Vec<bool> = access.iter().map(|s| self.rows[s][0]).collect();
            self.access = access;
            // Commutativity.
            if let Some((x, a, b)) = find_noncommuting(&delta, order, g) {
                self.separate(x, a, b, &delta, &gens, cancel)?;
                continue;
            }
            let mut hyp = Hyp {
                delta,
                p,
                gens: gens.clone(),
                gen_of: gen_of.clone(),
                mul: vec![],
            };
            hyp.mul = (0..order as u32)
                .flat_map(|x| {
                    let hyp = &hyp;
                    let access = &self.access;
                    (0..order).map(move |y| hyp.star(x, &access[y]))
                })
                .collect();
            match self.verify(&hyp, cancel)? {
                None => return Ok(hyp),
                Some(failure) => self.counterexample(failure, hyp, cancel)?,
            }
        }
    }

    /// The quotient for heaps below `n` with heap `n` sent to one of its
    /// elements, if some element passes verification (a conservative
    /// extension: the quotient does not change, and no position needs
    /// searching). At most one element can verify: the previous quotient's
    /// elements are told apart by sums of smaller heaps, and a verified
    /// candidate predicts every sum with heap `n` in it. Its elements are
    /// all reached without heap `n`, so it is the quotient itself.
    fn conservative(
        &self,
        n: u32,
        gens: &[u32],
        gen_of: &[u32],
        cancel: &Cancel,
    ) -> Result<Option<Hyp>, LearnError> {
        let Some(prev) = &self.prev else {
            return Ok(None);
        };
        if gens.last() != Some(&n) || prev.gens.len() + 1 != gens.len() {
            return Ok(None);
        }
        let order = prev.order();
        let (g_old, g) = (prev.gens.len(), gens.len());
        // Heap n alone: P exactly when every option (a sum of smaller
        // heaps, which the previous quotient answers) is N.
        let heap_p = self.opts[n as usize]
            .iter()
            .all(|leaves| !prev.predict(leaves));
        // A quick necessary condition first: no local failure at a sum of
        // heap n and one representative sum of each element.
        let mut words: Vec<Option<Vec<u32>>> = vec![None; order];
        words[0] = Some(vec![]);
        let mut queue = std::collections::VecDeque::from([0usize]);
        while let Some(y) = queue.pop_front() {
            for (t, &h) in prev.gens.iter().enumerate() {
                let z = prev.delta[y * g_old + t] as usize;
                if words[z].is_none() {
                    let mut w = words[y].clone().expect("queued states have words");
                    w.push(h);
                    words[z] = Some(w);
                    queue.push_back(z);
                }
            }
        }
        let heap_opts: Vec<u32> = self.opts[n as usize]
            .iter()
            .map(|leaves| prev.star(0, leaves))
            .collect();
        // Per element y: whether y times an option of heap n is in P, and
        // the classes of the options of y's word.
        let checks: Vec<(usize, bool, Vec<usize>)> = words
            .iter()
            .enumerate()
            .filter_map(|(y, w)| w.as_ref().map(|w| (y, w)))
            .map(|(y, w)| {
                let direct = heap_opts
                    .iter()
                    .any(|&o| prev.p[prev.mul[y * order + o as usize] as usize]);
                let mut others = vec![];
                for i in 0..w.len() {
                    let mut rest = w.clone();
                    rest.remove(i);
                    let r = prev.star(0, &rest);
                    for leaves in &self.opts[w[i] as usize] {
                        others.push(prev.star(r, leaves) as usize);
                    }
                }
                others.sort_unstable();
                others.dedup();
                (y, direct, others)
            })
            .collect();
        for x in (0..order).filter(|&x| prev.p[x] == heap_p) {
            cancel.check()?;
            let locally_fine = checks.iter().all(|(y, direct, others)| {
                let any_p = *direct
                    || others
                        .iter()
                        .any(|&b| prev.p[prev.mul[b * order + x] as usize]);
                prev.p[prev.mul[y * order + x] as usize] != any_p
            });
            if !locally_fine {
                continue;
            }
            let mut delta = Vec::with_capacity(order * g);
            for s in 0..order {
                delta.extend_from_slice(&prev.delta[s * g_old..(s + 1) * g_old]);
                delta.push(prev.mul[s * order + x]);
            }
            let hyp = Hyp {
                delta,
                p: prev.p.clone(),
                gens: gens.to_vec(),
                gen_of: gen_of.to_vec(),
                mul: prev.mul.clone(),
            };
            if self.verify(&hyp, cancel)?.is_none() {
                return Ok(Some(hyp));
            }
        }
        Ok(None)
    }

    /// A reduced candidate built from `base` times cyclic monoids: the
    /// generators in `free` (generator index, index, period) are each sent
    /// to the generator of their own cyclic monoid `x^(index + period) =
    /// x^index`, every other generator to its element of `base`. Each
    /// element takes the outcome of its lexicographically least sum by the
    /// mex rule over that sum's options (which come before it, so their
    /// elements are decided first); elements that no sum of heaps tells
    /// apart are then merged (Moore's refinement). `None` when the product
    /// or the result is too large; the caller verifies what it gets.
    fn trial(
        &self,
        base: &Hyp,
        gens: &[u32],
        gen_of: &[u32],
        free: &[(usize, usize, usize)],
        max_order: usize,
    ) -> Option<Hyp> {
        let q = base.order();
        let sizes: Vec<usize> = free.iter().map(|&(_, i, p)| i + p).collect();
        let c: usize = sizes.iter().product();
        let m = q.checked_mul(c)?;
        if m > 64 * max_order.max(1024) {
            return None;
        }
        let mul_m = |a: usize, b: usize| -> usize {
            let (mut ra, mut rb) = (a % c, b % c);
            let mut r = 0;
            let mut scale = 1;
            for (j, &(_, index, period)) in free.iter().enumerate() {
                let k = ra % sizes[j] + rb % sizes[j];
                ra /= sizes[j];
                rb /= sizes[j];
                let k = if k < sizes[j] {
                    k
                } else {
                    index + (k - index) % period
                };
                r += k * scale;
                scale *= sizes[j];
            }
            base.mul[(a / c) * q + b / c] as usize * c + r
        };
        let g = gens.len();
        let pre: Vec<usize> = (0..g)
            .map(|t| {
                let mut scale = 1;
                for (j, &(ft, _, _)) in free.iter().enumerate() {
                    if ft == t {
                        return scale;
                    }
                    scale *= sizes[j];
                }
                base.star(0, &[gens[t]]) as usize * c
            })
            .collect();
        let elem_of = |leaves: &[u32]| -> usize {
            leaves.iter().fold(0, |x, &h| match gen_of[h as usize] {
                u32::MAX => x,
                t => mul_m(x, pre[t as usize]),
            })
        };
        // Least sums: counts per generator, largest heap first, so that the
        // vectors compare in the order of sums.
        let mut best: HashMap<usize, Vec<u32>> = HashMap::from([(0, vec![0; g])]);
        for (t, &gen_elem) in pre.iter().enumerate() {
            let slot = g - 1 - t;
            let mut next: HashMap<usize, (usize, Vec<u32>)> = HashMap::new();
            let mut power = 0usize;
            let mut seen = vec![power];
            for k in 0.. {
                for (&e0, w0) in &best {
                    let e = mul_m(e0, power);
                    let mut w = w0.clone();
                    w[slot] = k as u32;
                    match next.get_mut(&e) {
                        None => {
                            next.insert(e, (k, w));
                        }
                        Some((k2, w2)) if *k2 == k && w < *w2 => *w2 = w,
                        Some(_) => {}
                    }
                }
                power = mul_m(power, gen_elem);
                if seen.contains(&power) {
                    break;
                }
                seen.push(power);
            }
            best = next.into_iter().map(|(e, (_, w))| (e, w)).collect();
        }
        let mut order: Vec<(Vec<u32>, usize)> = best.into_iter().map(|(e, w)| (w, e)).collect();
        order.sort_unstable();
        let mut p: HashMap<usize, bool> = HashMap::with_capacity(order.len());
        for (w, e) in &order {
            if *e == 0 {
                p.insert(0, false);
                continue;
            }
            let mut any_p = false;
            'sum: for slot in (0..g).filter(|&s| w[s] > 0) {
                let t = g - 1 - slot;
                let mut rest_w = w.clone();
                rest_w[slot] -= 1;
                let rest = (0..g).fold(0, |x, s| {
                    (0..rest_w[s]).fold(x, |x, _| mul_m(x, pre[g - 1 - s]))
                });
                for leaves in &self.opts[gens[t] as usize] {
                    // Every option comes before the sum, so is decided.
                    if *p.get(&mul_m(rest, elem_of(leaves)))? {
                        any_p = true;
                        break 'sum;
                    }
                }
            }
            p.insert(*e, !any_p);
        }
        // Moore's refinement of the reachable elements.
        let reach: Vec<usize> = order.iter().map(|&(_, e)| e).collect();
        let mut class: HashMap<usize, usize> =
            reach.iter().map(|&e| (e, usize::from(p[&e]))).collect();
        let mut count = 0;
        loop {
            let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
            let mut new_class = HashMap::with_capacity(reach.len());
            for &e in &reach {
                let mut sig = Vec::with_capacity(g + 1);
                sig.push(class[&e]);
                sig.extend(pre.iter().map(|&x| class[&mul_m(e, x)]));
                let len = ids.len();
                new_class.insert(e, *ids.entry(sig).or_insert(len));
            }
            let new_count = ids.len();
            class = new_class;
            if new_count == count {
                break;
            }
            count = new_count;
            if count > max_order {
                return None;
            }
        }
        // Classes numbered by their least sums (the identity first).
        let mut rep = vec![];
        let mut id = vec![usize::MAX; count];
        for &e in &reach {
            if id[class[&e]] == usize::MAX {
                id[class[&e]] = rep.len();
                rep.push(e);
            }
        }
        let state = |e: usize| id[class[&e]] as u32;
        let delta = rep
            .iter()
            .flat_map(|&e| pre.iter().map(move |&x| (e, x)))
            .map(|(e, x)| state(mul_m(e, x)))
            .collect();
        let mul = rep
            .iter()
            .flat_map(|&a| rep.iter().map(move |&b| (a, b)))
            .map(|(a, b)| state(mul_m(a, b)))
            .collect();
        Some(Hyp {
            delta,
            p: rep.iter().map(|e| p[e]).collect(),
            gens: gens.to_vec(),
            gen_of: gen_of.to_vec(),
            mul,
        })
    }

    /// MisereSolver's search for the quotient at a heap where it changes:
    /// heap `n` as a new cyclic generator over the previous quotient, then,
    /// while the least failure `F` stands, the heaps of `F` (one, then two,
    /// then three of them) are set free as cyclic generators over the
    /// submonoid of the rest, with an index past their count in `F`, until
    /// a candidate predicts `F` correctly. Each accepted step moves the
    /// least failure strictly later; the caller verifies the result.
    fn recalibrate(
        &self,
        n: u32,
        gens: &[u32],
        gen_of: &[u32],
        max_order: usize,
        cancel: &Cancel,
    ) -> Result<Option<Hyp>, LearnError> {
        let Some(prev) = &self.prev else {
            return Ok(None);
        };
        let g = gens.len();
        if gens.last() != Some(&n) {
            return Ok(None);
        }
        let candidates = max_order.saturating_mul(4);
        let Some(mut hyp) = self.trial(prev, gens, gen_of, &[(g - 1, 2, 2)], candidates) else {
            return Ok(None);
        };
        for _round in 0..256 {
            let Some(f) = self.verify(&hyp, cancel)? else {
                if hyp.order() > max_order {
                    return Err(LearnError::Order);
                }
                return Ok(Some(hyp));
            };
            let wrong = hyp.predict(&f);
            let mut counts: Vec<(usize, usize)> = vec![];
            for &h in &f {
                let t = gen_of[h as usize] as usize;
                match counts.iter_mut().find(|(t2, _)| *t2 == t) {
                    Some((_, k)) => *k += 1,
                    None => counts.push((t, 1)),
                }
            }
            // The index of a generator's element in the candidate.
            let index_of = |t: usize| -> usize {
                let e = hyp.star(0, &[gens[t]]);
                let mut powers = vec![0u32];
                loop {
                    let next = hyp.mul
                        [*powers.last().expect("non-empty") as usize * hyp.order() + e as usize];
                    if let Some(i) = powers.iter().position(|&x| x == next) {
                        return i;
                    }
                    powers.push(next);
                }
            };
            let mut found = None;
            'sizes: for size in 1..=counts.len().min(3) {
                for subset in subsets(counts.len(), size) {
                    cancel.check()?;
                    let free: Vec<(usize, usize, usize)> = subset
                        .iter()
                        .map(|&j| {
                            let (t, k) = counts[j];
                            let index = index_of(t).max(k.saturating_sub(1)).max(2);
                            let period = 2 * (index.saturating_sub(4) / 2).max(1);
                            (t, index, period)
                        })
                        .collect();
                    if let Some(next) = self.trial(&hyp, gens, gen_of, &free, candidates) {
                        if next.predict(&f) != wrong {
                            found = Some(next);
                            break 'sizes;
                        }
                    }
                }
            }
            match found {
                Some(next) => hyp = next,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// Adds a suffix that separates the two positions behind a
    /// non-commuting square `x·a·b ≠ x·b·a`.
    fn separate(
        &mut self,
        x: usize,
        a: usize,
        b: usize,
        delta: &[u32],
        gens: &[u32],
        cancel: &Cancel,
    ) -> Result<(), LearnError> {
        let g = gens.len();
        let base = self.access[x].clone();
        let truth = self.row(
            &normalise(join(&base, &[gens[a], gens[b]]), &self.live),
            cancel,
        )?;
        for (p, q) in [(a, b), (b, a)] {
            let y = delta[x * g + p] as usize;
            let via = normalise(join(&self.access[y].clone(), &[gens[q]]), &self.live);
            let r = self.row(&via, cancel)?;
            if let Some(k) = (0..r.len()).find(|&k| r[k] != truth[k]) {
                let suffix = normalise(join(&[gens[q]], &self.suffixes[k].clone()), &self.live);
                self.suffixes.push(suffix);
                return Ok(());
            }
        }
        unreachable!(
            "two different states have different rows, so one of them differs from the true row"
        )
    }

    /// Processes the least local failure `f` of `hyp`: its true outcome is
    /// the opposite of the prediction, and the candidate certifies every
    /// position before it. A Rivest–Schapire split of `f` then gives a new
    /// suffix.
    fn counterexample(&mut self, f: Vec<u32>, hyp: Hyp, cancel: &Cancel) -> Result<(), LearnError> {
        let predicted = hyp.predict(&f);
        self.memo.insert(f.clone(), !predicted);
        if self.cert.as_ref().is_none_or(|(c, _)| f > *c) {
            self.cert = Some((f.clone(), hyp.clone()));
        }
        // alpha(i) = o(access(state of f[..i]) + f[i..]): alpha(0) is the
        // truth, alpha(len) the prediction, so they differ somewhere.
        let mut states = vec![0u32];
        for &h in &f {
            let last = *states.last().expect("non-empty");
            states.push(hyp.step(last, h));
        }
        let alpha = |me: &mut Learner, i: usize| -> Result<bool, LearnError> {
            let pos = normalise(
                join(&me.access[states[i] as usize].clone(), &f[i..]),
                &me.live,
            );
            me.outcome(&pos, cancel)
        };
        let (mut lo, mut hi) = (0, f.len());
        let a_lo = alpha(self, lo)?;
        debug_assert_ne!(a_lo, alpha(self, hi)?);
        // Binary search for i with alpha(i) != alpha(i + 1).
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, mid)? == a_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let suffix = f[hi..].to_vec();
        if !self.suffixes.contains(&suffix) {
            self.suffixes.push(suffix);
        } else {
            unreachable!("a suffix already in the table cannot separate states of equal rows")
        }
        Ok(())
    }

    /// The lexicographically least sum with a local failure, or `None` when
    /// the candidate predicts every outcome (see the module docs).
    fn verify(&self, hyp: &Hyp, cancel: &Cancel) -> Result<Option<Vec<u32>>, LearnError> {
        let n = hyp.order();
        let g = hyp.gens.len();
        let mul = |x: usize, y: usize| hyp.mul[x * n + y] as usize;
        // Option classes of each generator.
        let opt_classes: Vec<Vec<usize>> = (0..g)
            .map(|t| {
                let mut v: Vec<usize> = self.opts[hyp.gens[t] as usize]
                    .iter()
                    .map(|l| hyp.star(0, l) as usize)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        // Heap types: generators with the same class and option classes are
        // interchangeable; the smallest heap stands for its type.
        let mut types: Vec<(usize, Vec<usize>, usize)> = vec![];
        for (t, opts) in opt_classes.iter().enumerate() {
            let e = hyp.delta[t] as usize;
            if !types.iter().any(|(e2, o2, _)| *e2 == e && o2 == opts) {
                types.push((e, opts.clone(), t));
            }
        }
        // Largest heaps first: the lexicographic order of sums.
        types.sort_by_key(|&(_, _, t)| Reverse(hyp.gens[t]));
        struct Layer {
            heap: u32,
            powers: Vec<usize>,
            /// good[y]: y times some option of the heap is in P.
            good: Vec<bool>,
            /// pre[m]: CSR of {s2 : powers[m] * s2 = s} for each s.
            pre: Vec<(Vec<u32>, Vec<u32>)>,
        }
        let layers: Vec<Layer> = types
            .iter()
            .map(|(e, opts, t)| {
                let mut powers = vec![0usize];
                let (k, p) = loop {
                    let next = mul(*powers.last().expect("non-empty"), *e);
                    if let Some(k) = powers.iter().position(|&x| x == next) {
                        break (k, powers.len() - k);
                    }
                    powers.push(next);
                };
                // Multiplicities 0..=k+p cover every pair (e^m, e^(m-1)).
                while powers.len() <= k + p {
                    let m = powers.len();
                    powers.push(powers[k + (m - k) % p]);
                }
                let good = (0..n)
                    .map(|y| opts.iter().any(|&o| hyp.p[mul(y, o)]))
                    .collect();
                let pre = powers
                    .iter()
                    .map(|&em| {
                        let mut count = vec![0u32; n + 1];
                        for s2 in 0..n {
                            count[mul(em, s2) + 1] += 1;
                        }
                        for s in 0..n {
                            count[s + 1] += count[s];
                        }
                        let mut fill = count.clone();
                        let mut list = vec![0u32; n];
                        for s2 in 0..n {
                            let s = mul(em, s2);
                            list[fill[s] as usize] = s2 as u32;
                            fill[s] += 1;
                        }
                        (count, list)
                    })
                    .collect();
                Layer {
                    heap: hyp.gens[*t],
                    powers,
                    good,
                    pre,
                }
            })
            .collect();
        let layer_count = layers.len();
        // State (L, S, any good witness, non-empty) as an index.
        let states = 4 * n * n;
        let idx = |l: usize, s: usize, good: bool, ne: bool| {
            ((l * n + s) * 2 + good as usize) * 2 + ne as usize
        };
        let accept = |l: usize, s: usize, good: bool, ne: bool| {
            s == 0 && if hyp.p[l] { good } else { ne && !good }
        };
        // back[j]: states at layer j from which an accepting end is reachable.
        let mut back: Vec<Vec<u64>> = vec![vec![0u64; states.div_ceil(64)]; layer_count + 1];
        let set = |bits: &mut Vec<u64>, i: usize| bits[i / 64] |= 1 << (i % 64);
        let get = |bits: &Vec<u64>, i: usize| bits[i / 64] >> (i % 64) & 1 == 1;
        for l in 0..n {
            for (good, ne) in [(false, false), (false, true), (true, false), (true, true)] {
                if accept(l, 0, good, ne) {
                    set(&mut back[layer_count], idx(l, 0, good, ne));
                }
            }
        }
        // The successors of a state at layer j, with the multiplicity.
        let for_succ = |j: usize,
                        l: usize,
                        s: usize,
                        good: bool,
                        ne: bool,
                        f: &mut dyn FnMut(usize, usize) -> bool| {
            let layer = &layers[j];
            for (m, &em) in layer.powers.iter().enumerate() {
                let (start, list) = &layer.pre[m];
                let l2 = mul(l, em);
                for &s2 in &list[start[s] as usize..start[s + 1] as usize] {
                    let s2 = s2 as usize;
                    let next = if m == 0 {
                        idx(l2, s2, good, ne)
                    } else {
                        let y = mul(mul(l, layer.powers[m - 1]), s2);
                        idx(l2, s2, good || layer.good[y], true)
                    };
                    if f(m, next) {
                        return;
                    }
                }
            }
        };
        for j in (0..layer_count).rev() {
            cancel.check()?;
            let (head, tail) = back.split_at_mut(j + 1);
            let next = &tail[0];
            let cur = &mut head[j];
            // The four flag states of a pair (L, S) are four adjacent bits:
            // decide them together, from one pass over the successors.
            let nibble = |bits: &Vec<u64>, l: usize, s: usize| {
                let i = 4 * (l * n + s);
                (bits[i / 64] >> (i % 64)) & 0xf
            };
            let layer = &layers[j];
            for l in 0..n {
                // A large candidate's layer takes a while: stop promptly.
                if l % 64 == 0 {
                    cancel.check()?;
                }
                for s in 0..n {
                    let mut mask = 0u64;
                    'succ: for (m, &em) in layer.powers.iter().enumerate() {
                        let (start, list) = &layer.pre[m];
                        let l2 = mul(l, em);
                        let lp = if m == 0 {
                            0
                        } else {
                            mul(l, layer.powers[m - 1])
                        };
                        for &s2 in &list[start[s] as usize..start[s + 1] as usize] {
                            let s2 = s2 as usize;
                            let nb = nibble(next, l2, s2);
                            if m == 0 {
                                mask |= nb;
                            } else if layer.good[mul(lp, s2)] {
                                if nb & 8 != 0 {
                                    mask = 0xf;
                                }
                            } else {
                                if nb & 2 != 0 {
                                    mask |= 0b0011;
                                }
                                if nb & 8 != 0 {
                                    mask |= 0b1100;
                                }
                            }
                            if mask == 0xf {
                                break 'succ;
                            }
                        }
                    }
                    let i = 4 * (l * n + s);
                    cur[i / 64] |= mask << (i % 64);
                }
            }
        }
        let mut current: Vec<usize> = (0..n)
            .map(|s| idx(0, s, false, false))
            .filter(|&st| get(&back[0], st))
            .collect();
        if current.is_empty() {
            return Ok(None);
        }
        let mut failure = vec![];
        for (j, layer) in layers.iter().enumerate() {
            let mut best: Option<usize> = None;
            let mut next_states: Vec<usize> = vec![];
            for &st in &current {
                let ne = st & 1 == 1;
                let good = st >> 1 & 1 == 1;
                let s = (st >> 2) % n;
                let l = (st >> 2) / n;
                for_succ(j, l, s, good, ne, &mut |m, next| {
                    if get(&back[j + 1], next) {
                        match best {
                            Some(b) if m > b => {}
                            Some(b) if m == b => next_states.push(next),
                            _ => {
                                best = Some(m);
                                next_states = vec![next];
                            }
                        }
                    }
                    false
                });
            }
            next_states.sort_unstable();
            next_states.dedup();
            let m = best.expect("a feasible state has a feasible successor");
            failure.extend(std::iter::repeat_n(layer.heap, m));
            current = next_states;
        }
        Ok(Some(failure))
    }
}

/// The subsets of `0..len` with `size` members, in lexicographic order.
fn subsets(len: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = vec![];
    let mut cur: Vec<usize> = (0..size).collect();
    if size > len {
        return out;
    }
    loop {
        out.push(cur.clone());
        let Some(i) = (0..size).rev().find(|&i| cur[i] < len - size + i) else {
            return out;
        };
        cur[i] += 1;
        for j in i + 1..size {
            cur[j] = cur[j - 1] + 1;
        }
    }
}

/// A state and two generators with `x·a·b ≠ x·b·a`, if any.
fn find_noncommuting(delta: &[u32], order: usize, g: usize) -> Option<(usize, usize, usize)> {
    for x in 0..order {
        for a in 0..g {
            let xa = delta[x * g + a] as usize;
            for b in a + 1..g {
                let xb = delta[x * g + b] as usize;
                if delta[xa * g + b] != delta[xb * g + a] {
                    return Some((x, a, b));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_up_to_two_is_the_quotient_of_order_six() {
        let q = MisereQuotient::compute(&HeapRuleset::Nim, 2).unwrap();
        assert_eq!(q.order(), 6);
        assert_eq!(q.generators(), ["a", "b"]);
        assert_eq!(q.relations(), ["a^2 = 1", "b^3 = b"]);
        let p: Vec<&str> = q.p_portion().iter().map(|&x| q.name(x)).collect();
        assert_eq!(p, ["a", "b^2"]);
        assert!(q.tame());
    }

    #[test]
    fn empty_quotient_for_heap_zero() {
        let q = MisereQuotient::compute(&HeapRuleset::Nim, 0).unwrap();
        assert_eq!(q.order(), 1);
        assert_eq!(q.outcome(&[0, 0]).unwrap(), Outcome::N);
        assert!(matches!(
            q.outcome(&[1]),
            Err(QuotientError::HeapBeyond { .. })
        ));
    }
}
