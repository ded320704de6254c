//! The prices of the library's engines: [`Budget`]'s estimates of what a
//! computation costs, and what it says of them (see the
//! [module documentation](super)).

use super::Budget;
use crate::games::Position;
use crate::heap::period::Theorem;
use crate::heap::{HeapRuleset, SubtractionSet};
use crate::play::position::MATCH_MEMORY;
use crate::Convention;

/// What a computation costs by its estimate: rough steps and peak bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// Rough count of elementary steps (word operations).
    pub steps: u64,
    /// Rough peak memory in bytes.
    pub bytes: u64,
}

impl Cost {
    /// Nothing to compute.
    pub const ZERO: Cost = Cost { steps: 0, bytes: 0 };

    /// Work whose cost is not known: never cheap.
    pub const UNKNOWN: Cost = Cost {
        steps: u64::MAX,
        bytes: 0,
    };

    /// `steps` steps and no memory to speak of.
    pub const fn steps(steps: u64) -> Cost {
        Cost { steps, bytes: 0 }
    }

    /// This work, then `next`: the steps of both, and the memory of both
    /// (what the first computed may still be held).
    ///
    /// ```
    /// use grundy::Cost;
    /// let both = Cost::steps(3).then(Cost { steps: 4, bytes: 8 });
    /// assert_eq!(both, Cost { steps: 7, bytes: 8 });
    /// ```
    #[must_use]
    pub const fn then(self, next: Cost) -> Cost {
        Cost {
            steps: self.steps.saturating_add(next.steps),
            bytes: self.bytes.saturating_add(next.bytes),
        }
    }

    /// This work done `times` times over, in the same memory.
    #[must_use]
    pub const fn times(self, times: u64) -> Cost {
        Cost {
            steps: self.steps.saturating_mul(times),
            bytes: self.bytes,
        }
    }
}

/// What a [`Budget`] says of a request's [`Cost`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    /// Cheap: run it at once, beside whatever else runs.
    Now,
    /// Expensive: run it in one of the few computing slots (waiting for
    /// one, or refused when every slot is busy).
    Slot,
    /// Its memory is over the budget's bound: refuse it before any work.
    TooLarge {
        /// The estimated memory.
        bytes: u64,
        /// [`Budget::max_bytes`].
        max: u64,
    },
}

/// How far one request may go for one family of heap games
/// ([`Budget::value_cap`]), as a front end publishes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueCap {
    /// The games it applies to, in words, with specs as examples.
    pub games: &'static str,
    /// The most values one request computes for them.
    pub max_values: u64,
}

/// The families whose engines differ in cost, each with its bound on the
/// values one request computes: the bitset engine of subtraction games is
/// linear, the definition is quadratic or worse, and each bound keeps a
/// request to about a second on one core (octal codes whose sparse space is
/// large, such as 0.35, take 1.5 s to 2·10^5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Nim,
    LinearSubtraction,
    Squares,
    ThreeWaySplits,
    TakeBreak,
    Definition,
}

impl Family {
    const CAPPED: [Family; 5] = [
        Family::LinearSubtraction,
        Family::Squares,
        Family::TakeBreak,
        Family::ThreeWaySplits,
        Family::Definition,
    ];

    fn of(ruleset: &HeapRuleset) -> Family {
        match ruleset {
            HeapRuleset::Nim => Family::Nim,
            HeapRuleset::Subtraction(
                SubtractionSet::Finite(_)
                | SubtractionSet::AllBut(_)
                | SubtractionSet::Fib
                | SubtractionSet::Pow2,
            ) => Family::LinearSubtraction,
            HeapRuleset::Subtraction(SubtractionSet::Squares) => Family::Squares,
            HeapRuleset::TakeBreak(code) if code.max_heaps_left() >= 3 => Family::ThreeWaySplits,
            HeapRuleset::TakeBreak(_) => Family::TakeBreak,
            HeapRuleset::Subtraction(SubtractionSet::Primes)
            | HeapRuleset::Half
            | HeapRuleset::GrundyGame => Family::Definition,
        }
    }

    fn cap(self) -> u64 {
        match self {
            Family::Nim => u64::MAX,
            Family::LinearSubtraction => 1_000_000,
            Family::Squares => 100_000,
            Family::TakeBreak => 200_000,
            Family::ThreeWaySplits => 1_000,
            Family::Definition => 10_000,
        }
    }

    fn games(self) -> &'static str {
        match self {
            Family::Nim => "nim",
            Family::LinearSubtraction => {
                "subtraction games: finite sets, all-but sets, sub{pow2}, sub{fib}"
            }
            Family::Squares => "sub{squares}",
            Family::TakeBreak => "take-and-break codes leaving at most two heaps (0.77, 4.07)",
            Family::ThreeWaySplits => {
                "take-and-break codes that may leave three heaps (hexadecimal digits 8 to F: 0.F7)"
            }
            Family::Definition => "sub{primes}, half, grundy-game",
        }
    }
}

/// Rough bytes of one stored misère canonical form: its node, its
/// options and its entry in the store's index.
pub const FORM_BYTES: u64 = 128;

/// Steps to build one position of a sum and look it up (a vector
/// allocated, sorted and hashed), besides its heaps.
const POSITION_STEPS: u64 = 32;

impl Budget {
    /// Whether work of `cost` runs at once, takes a slot, or is refused.
    ///
    /// ```
    /// use grundy::budget::{Admission, Budget, Cost};
    /// let budget = Budget::default();
    /// assert_eq!(budget.admit(Cost::steps(1000)), Admission::Now);
    /// assert_eq!(budget.admit(Cost::UNKNOWN), Admission::Slot);
    /// let huge = Cost { steps: 1, bytes: 1 << 40 };
    /// assert!(matches!(budget.admit(huge), Admission::TooLarge { .. }));
    /// ```
    pub fn admit(&self, cost: Cost) -> Admission {
        if cost.bytes > self.max_bytes {
            Admission::TooLarge {
                bytes: cost.bytes,
                max: self.max_bytes,
            }
        } else if cost.steps < self.cheap_steps {
            Admission::Now
        } else {
            Admission::Slot
        }
    }

    /// The most values of `ruleset` one request computes (as a table, or to
    /// look for a period): about a second of its engine on one core.
    /// Unbounded for Nim, whose values are the heaps.
    ///
    /// ```
    /// use grundy::Budget;
    /// let budget = Budget::default();
    /// assert_eq!(budget.value_cap(&"sub{1,3,4}".parse()?), 1_000_000);
    /// assert_eq!(budget.value_cap(&"0.F7".parse()?), 1_000);
    /// assert_eq!(budget.value_cap(&"nim".parse()?), u64::MAX);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn value_cap(&self, ruleset: &HeapRuleset) -> u64 {
        Family::of(ruleset).cap()
    }

    /// [`Budget::value_cap`] for every family it bounds, as a front end
    /// publishes its limits.
    ///
    /// ```
    /// use grundy::Budget;
    /// let caps = Budget::default().value_caps();
    /// assert!(caps.iter().any(|c| c.games.contains("0.F7") && c.max_values == 1000));
    /// ```
    pub fn value_caps(&self) -> Vec<ValueCap> {
        Family::CAPPED
            .iter()
            .map(|f| ValueCap {
                games: f.games(),
                max_values: f.cap(),
            })
            .collect()
    }

    /// What computing `G(0..=n)` of `ruleset` costs, from what decides it:
    /// the size and largest element of a subtraction set, the number of
    /// digits of a take-and-break code and whether it splits a heap in
    /// three. A search for a period up to `n` costs at most as much.
    ///
    /// # Complexity
    /// O(1) for every ruleset but take-and-break codes, O(digits) for them.
    ///
    /// ```
    /// use grundy::Budget;
    /// let budget = Budget::default();
    /// let nim = budget.values(&"nim".parse()?, 1 << 40);
    /// assert!(nim.steps < 10);
    /// let sub = budget.values(&"sub{1..900000}".parse()?, 1_000_000);
    /// // A ring of 900000 bits for each of 900001 values: over 100 GiB.
    /// assert!(sub.bytes > 100 << 30);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn values(&self, ruleset: &HeapRuleset, n: u64) -> Cost {
        let n = n.saturating_add(1);
        match ruleset {
            HeapRuleset::Nim => Cost { steps: 1, bytes: 0 },
            HeapRuleset::Subtraction(SubtractionSet::Finite(set)) => {
                // The bitset engine keeps one ring of max(S) bits per value
                // seen (at most |S| + 1 values) and scans a ring per step.
                let largest = set.last().unwrap_or(0);
                let ring_bytes = (largest / 64 + 2).next_power_of_two().saturating_mul(8);
                let values = set.len().saturating_add(1).min(n);
                Cost {
                    steps: n.saturating_mul(ring_bytes / 8).saturating_add(set.len()),
                    bytes: values.saturating_mul(ring_bytes).saturating_add(n),
                }
            }
            HeapRuleset::TakeBreak(code) if code.max_heaps_left() >= 3 => {
                // Three-way splits: a pass over pairs for every value.
                Cost {
                    steps: n.saturating_mul(n).saturating_mul(n),
                    bytes: n.saturating_mul(8),
                }
            }
            HeapRuleset::TakeBreak(code) => {
                // The sparse engine's worst case is its dense fall-back: a
                // scan of the splits of every heap, which grows with the
                // rare positions, and they with the splitting digits `s`.
                // Measured over 60 random codes of 1 to 31 digits to 4096
                // and 16384 values, n·s²/64 per value came to 3 to 30 ns a
                // step (n·digits/64, the estimate before, to up to 60 ns
                // for long codes); a code whose period is proved early
                // (Kayles: 0.01 ms to 4096) costs far less.
                let digits = code.digits().len() as u64;
                let splits = code.digits().iter().filter(|&&d| d & 4 != 0).count() as u64;
                let per_value = n.saturating_mul(splits * splits) / 64 + digits;
                Cost {
                    steps: n.saturating_mul(per_value),
                    bytes: n.saturating_mul(8),
                }
            }
            // The definition: every option of every heap below, each a
            // few steps (its heaps' values xored, the mex set).
            _ => Cost {
                steps: n.saturating_mul(n).saturating_mul(4),
                bytes: n.saturating_mul(8),
            },
        }
    }

    /// A bound on the number of options of a heap of `heap` tokens.
    ///
    /// ```
    /// use grundy::Budget;
    /// let budget = Budget::default();
    /// let kayles: grundy::heap::HeapRuleset = "kayles".parse()?;
    /// let mut count = 0;
    /// kayles.for_each_option(20, |_| count += 1);
    /// assert!(budget.options(&kayles, 20) >= count);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn options(&self, ruleset: &HeapRuleset, heap: u64) -> u64 {
        match ruleset {
            HeapRuleset::Subtraction(SubtractionSet::Finite(set)) => set.len().min(heap),
            _ => OptionBound::of(ruleset).within(heap, 1),
        }
    }

    /// A bound on the moves of any sum of heaps of `tokens` tokens in all.
    fn moves_within(&self, ruleset: &HeapRuleset, tokens: u64) -> u64 {
        OptionBound::of(ruleset).within(tokens, tokens)
    }

    /// What listing every move of `heaps` costs: each option built.
    ///
    /// ```
    /// use grundy::{Admission, Budget};
    /// let budget = Budget::default();
    /// let kayles = "kayles".parse()?;
    /// assert_eq!(budget.admit(budget.moves(&kayles, &[5])), Admission::Now);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn moves(&self, ruleset: &HeapRuleset, heaps: &[u64]) -> Cost {
        let options = heaps
            .iter()
            .fold(0u64, |sum, &h| sum.saturating_add(self.options(ruleset, h)));
        Cost {
            steps: options.saturating_mul(4).saturating_add(heaps.len() as u64),
            bytes: options.saturating_mul(32),
        }
    }

    /// What [`HeapSolver`](crate::sum::HeapSolver)'s `prepare` for
    /// `heaps` within this budget, then one
    /// [`solve`](crate::sum::HeapSolver::solve) listing up to `listed`
    /// winning moves, cost: the values up to the largest heap or the search
    /// for a period (normal play), the exhaustive search of the sum or the
    /// game's misère quotient (misère play), and the winning moves.
    ///
    /// ```
    /// use grundy::{Admission, Budget, Convention};
    /// let budget = Budget::default();
    /// let kayles = "kayles".parse()?;
    /// let small = budget.sum(&kayles, Convention::Normal, &[3, 5, 7], 20);
    /// assert_eq!(budget.admit(small), Admission::Now);
    /// let misere = budget.sum(&kayles, Convention::Misere, &[30, 30, 30], 20);
    /// assert_eq!(budget.admit(misere), Admission::Slot);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn sum(
        &self,
        ruleset: &HeapRuleset,
        convention: Convention,
        heaps: &[u64],
        listed: usize,
    ) -> Cost {
        let max = self.max_values_for(ruleset);
        self.solver(ruleset, convention, heaps, max, false, listed)
    }

    /// [`Budget::sum`] for a solver that computes at most `max` values,
    /// as a table up to the largest heap when `tabulate`.
    fn solver(
        &self,
        ruleset: &HeapRuleset,
        convention: Convention,
        heaps: &[u64],
        max: u64,
        tabulate: bool,
        listed: usize,
    ) -> Cost {
        let count = heaps.len() as u64;
        if *ruleset == HeapRuleset::Nim {
            // Bouton's formula: one pass, one more to list the moves.
            return Cost::steps(count.saturating_mul(2).saturating_add(1));
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        match convention {
            Convention::Normal => {
                let theorem = Theorem::for_ruleset(ruleset).is_some();
                let prepare = if (tabulate && largest <= max)
                    || largest <= crate::sum::DIRECT_TABLE.min(max)
                    || (!theorem && largest <= max)
                {
                    self.values(ruleset, largest)
                } else if !theorem {
                    // Refused before any work.
                    Cost::ZERO
                } else {
                    // A period searched within `max`, then perhaps a table
                    // to the largest heap.
                    let table = if largest <= max {
                        self.values(ruleset, largest)
                    } else {
                        Cost::ZERO
                    };
                    self.values(ruleset, max).then(table)
                };
                // The winning moves: the options of each heap in the table;
                // beyond it, O(t·(n0 + p + listed)) with n0 + p within max.
                let take = match ruleset {
                    HeapRuleset::TakeBreak(code) => code.max_take() as u64 + 1,
                    _ => 1,
                };
                let beyond = take.saturating_mul(max.saturating_add(listed as u64));
                let solve = heaps.iter().fold(0u64, |sum, &h| {
                    sum.saturating_add(self.options(ruleset, h).min(beyond))
                });
                prepare.then(Cost::steps(solve.saturating_add(count)))
            }
            Convention::Misere => {
                let tokens = heaps.iter().fold(0u64, |sum, &h| sum.saturating_add(h));
                if tokens <= self.max_misere_tokens {
                    self.misere_search(ruleset, heaps, tokens)
                } else if largest <= self.max_quotient_heap {
                    self.quotient_within(ruleset, largest, self.sum_quotient_searched())
                        .then(self.moves(ruleset, heaps))
                } else {
                    // Refused before any work.
                    Cost::ZERO
                }
            }
        }
    }

    /// The exhaustive search of a misère sum: every position reachable
    /// (sorted multisets of heaps), each with its moves.
    fn misere_search(&self, ruleset: &HeapRuleset, heaps: &[u64], tokens: u64) -> Cost {
        let positions = heap_positions(ruleset, heaps, tokens);
        let per_move = POSITION_STEPS.saturating_add(tokens);
        let moves = self.moves_within(ruleset, tokens);
        Cost {
            steps: positions.saturating_mul(moves).saturating_mul(per_move),
            bytes: positions.saturating_mul(per_move.saturating_mul(8)),
        }
    }

    /// What building a misère canonical form costs
    /// ([`MisereForms`](crate::misere::MisereForms)) when at most
    /// `positions` positions are met on the way and at most `max_forms`
    /// distinct forms are kept: each position's moves and its form built
    /// from its options', a new form compared, in the worst case, with
    /// every form below it (O(forms²) steps), and about
    /// [`FORM_BYTES`] a form.
    ///
    /// ```
    /// use grundy::{Admission, Budget};
    /// let budget = Budget::default();
    /// assert_eq!(budget.admit(budget.misere_forms(100, 1 << 20)), Admission::Now);
    /// assert_eq!(budget.admit(budget.misere_forms(1 << 30, 100_000)), Admission::Slot);
    /// ```
    pub fn misere_forms(&self, positions: u64, max_forms: usize) -> Cost {
        let forms = positions.min(max_forms as u64);
        Cost {
            steps: positions
                .saturating_mul(POSITION_STEPS)
                .saturating_add(forms.saturating_mul(forms)),
            bytes: positions
                .saturating_mul(POSITION_STEPS)
                .saturating_add(forms.saturating_mul(FORM_BYTES))
                .min(MATCH_MEMORY as u64),
        }
    }

    /// What the misère canonical form of the sum of `heaps` of `ruleset`
    /// costs with at most `max_forms` forms: the form of every heap up to
    /// the largest, each from the sums its moves leave, then the sum's, on
    /// at most as many positions as the misère search of the sum meets
    /// (see [`Budget::misere_forms`]).
    ///
    /// ```
    /// use grundy::{Admission, Budget};
    /// let budget = Budget::default();
    /// let kayles = "kayles".parse()?;
    /// let small = budget.heap_misere_form(&kayles, &[2, 3], 100_000);
    /// assert_eq!(budget.admit(small), Admission::Now);
    /// let large = budget.heap_misere_form(&kayles, &[40, 40], 100_000);
    /// assert_eq!(budget.admit(large), Admission::Slot);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn heap_misere_form(&self, ruleset: &HeapRuleset, heaps: &[u64], max_forms: usize) -> Cost {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let tokens = heaps.iter().fold(0u64, |sum, &h| sum.saturating_add(h));
        // The heaps' own forms: every option of every heap up to the
        // largest, each a sum of smaller heaps' forms.
        let heap_options = (0..=largest.min(1 << 20))
            .fold(0u64, |sum, h| sum.saturating_add(self.options(ruleset, h)));
        let positions = heap_positions(ruleset, heaps, tokens).saturating_add(heap_options);
        self.misere_forms(positions, max_forms)
    }

    /// What the misère quotient of `ruleset` on heaps up to `max_heap`
    /// costs computed on its own within this budget. Its verification at
    /// heap `n` takes `O(n · |Q|²)` steps for candidates `Q` of up to four
    /// times [`max_quotient_order`](Budget::max_quotient_order) elements,
    /// and its fallback search remembers up to
    /// [`quotient_searched`](Budget::quotient_searched) sums: nothing bounds
    /// it below that, so every quotient of a heap or more is expensive.
    ///
    /// ```
    /// use grundy::{Admission, Budget};
    /// let budget = Budget::default();
    /// let cost = budget.quotient(&"0.6".parse()?, 30);
    /// assert_eq!(budget.admit(cost), Admission::Slot);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn quotient(&self, ruleset: &HeapRuleset, max_heap: u64) -> Cost {
        self.quotient_within(ruleset, max_heap, self.quotient_searched())
    }

    /// [`Budget::quotient`] with a search that remembers up to `searched`
    /// sums.
    fn quotient_within(&self, ruleset: &HeapRuleset, max_heap: u64, searched: usize) -> Cost {
        if max_heap == 0 {
            return Cost::steps(1);
        }
        let order = (self.max_quotient_order as u64).saturating_mul(4);
        let verify = max_heap
            .saturating_mul(self.options(ruleset, max_heap).max(1))
            .saturating_mul(order.saturating_mul(order));
        let search = (searched as u64).saturating_mul(POSITION_STEPS);
        Cost {
            steps: verify.saturating_add(search),
            bytes: order.saturating_mul(order).saturating_mul(4),
        }
    }

    /// What a [`Match`](crate::play::Match) of heaps within this budget
    /// costs to start (the solver prepared as the match prepares it: a
    /// table up to the largest heap, at most
    /// [`max_match_heap`](Budget::max_match_heap)) and to answer one turn:
    /// the engine's move, which compares up to 64 candidate moves by the
    /// replies each leaves, a hint, or a move checked.
    ///
    /// ```
    /// use grundy::{Admission, Budget, Convention};
    /// let budget = Budget::default();
    /// let nim = "nim".parse()?;
    /// let turn = budget.heap_match(&nim, Convention::Normal, &[3, 5, 7]);
    /// assert_eq!(budget.admit(turn), Admission::Now);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn heap_match(&self, ruleset: &HeapRuleset, convention: Convention, heaps: &[u64]) -> Cost {
        let prepare = self.solver(
            ruleset,
            convention,
            heaps,
            self.max_match_heap,
            true,
            usize::MAX,
        );
        let turn = if *ruleset == HeapRuleset::Nim {
            // Bouton's formula for each candidate; the candidates are the
            // first moves of each heap.
            Cost::steps(
                (heaps.len() as u64).saturating_mul(2 * crate::play::heaps::MAX_CANDIDATES as u64),
            )
        } else {
            self.moves(ruleset, heaps)
                .times(crate::play::heaps::MAX_CANDIDATES as u64 + 2)
        };
        prepare.then(turn)
    }

    /// What searching a whole position (a board, a graph) for its value and
    /// winning moves costs, from its [`Position::size`] in its family's
    /// [`Rules::unit`](crate::games::Rules::unit) (cells, vertices): each
    /// cell or vertex is in or out, so at most `2^size` positions are met,
    /// each with at most two moves per unit (a domino's two directions)
    /// built in `O(size)`. The table is the one a match keeps
    /// ([`MATCH_MEMORY`]).
    ///
    /// ```
    /// use grundy::games::Game;
    /// use grundy::{Admission, Budget};
    /// let budget = Budget::default();
    /// let small = Game::parse("cram:3x3")?;
    /// assert_eq!(budget.admit(budget.position(small.position().unwrap())), Admission::Now);
    /// let large = Game::parse("cram:5x6")?;
    /// assert_eq!(budget.admit(budget.position(large.position().unwrap())), Admission::Slot);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, position: &dyn Position) -> Cost {
        let size = position.size();
        let positions = 1u64.checked_shl(size.min(64) as u32).unwrap_or(u64::MAX);
        let per_position = size.saturating_mul(size).saturating_mul(2).max(1);
        Cost {
            steps: positions.saturating_mul(per_position),
            bytes: positions.saturating_mul(32).min(MATCH_MEMORY as u64),
        }
    }

    /// What drawing the game graph of `position` costs: at most
    /// `max_nodes` positions (the graph is refused past them), each with its
    /// moves (see [`Budget::position`]), then their values.
    pub fn position_graph(&self, position: &dyn Position, max_nodes: usize) -> Cost {
        let size = position.size();
        let nodes = max_nodes as u64 + 1;
        let moves = size.saturating_mul(2).max(1);
        Cost {
            steps: nodes
                .saturating_mul(moves)
                .saturating_mul(size.saturating_add(POSITION_STEPS)),
            bytes: nodes.saturating_mul(moves).saturating_mul(16),
        }
    }

    /// What drawing the game graph of a sum of heaps of `tokens` tokens in
    /// all costs: at most `max_nodes` sums (the graph is refused past
    /// them), each with its moves, then their values.
    ///
    /// ```
    /// use grundy::{Admission, Budget};
    /// let budget = Budget::default();
    /// let cost = budget.heap_graph(&"sub{1,3,4}".parse()?, 9, 200);
    /// assert_eq!(budget.admit(cost), Admission::Now);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn heap_graph(&self, ruleset: &HeapRuleset, tokens: u64, max_nodes: usize) -> Cost {
        let nodes = max_nodes as u64 + 1;
        let moves = self.moves_within(ruleset, tokens).max(1);
        Cost {
            steps: nodes
                .saturating_mul(moves)
                .saturating_mul(tokens.saturating_add(POSITION_STEPS)),
            bytes: nodes.saturating_mul(moves).saturating_mul(16),
        }
    }

    /// What answering a Nim position costs whose heaps are written with
    /// `digits` decimal digits each: reading each and writing it and its
    /// move back (three conversions, quadratic in the words below a few
    /// thousand digits), the nim-sum, the winning moves and the lesson's
    /// binary columns.
    ///
    /// ```
    /// use grundy::{Admission, Budget};
    /// let budget = Budget::default();
    /// assert_eq!(budget.admit(budget.nim([1, 1, 1])), Admission::Now);
    /// assert_eq!(budget.admit(budget.nim([10_000; 25])), Admission::Slot);
    /// ```
    pub fn nim(&self, digits: impl IntoIterator<Item = usize>) -> Cost {
        digits.into_iter().fold(Cost::steps(1), |cost, d| {
            // 19 decimal digits to a 64-bit word.
            let words = d as u64 / 19 + 1;
            cost.then(Cost {
                steps: words.saturating_mul(words.saturating_mul(3).saturating_add(64)),
                bytes: words.saturating_mul(8 * 4),
            })
        })
    }
}

/// A bound on the options of a heap of `h` tokens of the form
/// `one + half·h/2 + third·(h²/12 + h)`, with `one`, `half`, `third` counts
/// of digits (or rules) that give at most one option, a split in two, a
/// split in three. Its terms grow at least as fast as the tokens, so the
/// options of several heaps of `T` tokens in all are at most the bound at
/// `T` with `one` counted once per heap: see [`OptionBound::within`].
#[derive(Clone, Copy, Debug)]
struct OptionBound {
    one: u64,
    half: u64,
    third: u64,
}

impl OptionBound {
    fn of(ruleset: &HeapRuleset) -> OptionBound {
        let digit_count = |test: fn(u8) -> bool| match ruleset {
            HeapRuleset::TakeBreak(code) => {
                code.digits().iter().filter(|&&d| test(d)).count() as u64
            }
            _ => 0,
        };
        match ruleset {
            // Any number of tokens (at most h options).
            HeapRuleset::Nim | HeapRuleset::Subtraction(_) => OptionBound {
                one: 0,
                half: 2,
                third: 0,
            },
            // Half the heap, or a split into two unequal heaps.
            HeapRuleset::Half | HeapRuleset::GrundyGame => OptionBound {
                one: 0,
                half: 1,
                third: 0,
            },
            // Per digit: one move that leaves nothing or one heap (never
            // both for one heap), (h - k)/2 splits in two, fewer than
            // (h - k)²/12 + h splits in three.
            HeapRuleset::TakeBreak(_) => OptionBound {
                one: digit_count(|d| d & 3 != 0),
                half: digit_count(|d| d & 4 != 0),
                third: digit_count(|d| d & 8 != 0),
            },
        }
    }

    /// The options of at most `heaps` heaps of `tokens` tokens in all:
    /// `Σ h_i = tokens` gives `Σ h_i/2 <= tokens/2` and
    /// `Σ h_i² <= tokens²`.
    fn within(self, tokens: u64, heaps: u64) -> u64 {
        let splits3 = (tokens.saturating_mul(tokens) / 12).saturating_add(tokens);
        self.one
            .saturating_mul(heaps)
            .saturating_add(self.half.saturating_mul(tokens) / 2)
            .saturating_add(self.third.saturating_mul(splits3))
    }
}

/// The positions a misère search of the sum of `heaps` (`tokens` tokens)
/// may meet: sorted multisets of heaps, or, for a game that never splits
/// a heap, the heaps each shrunk.
fn heap_positions(ruleset: &HeapRuleset, heaps: &[u64], tokens: u64) -> u64 {
    let multisets = partitions_up_to(tokens);
    if ruleset.max_heaps_left() <= 1 {
        // No heap is ever split: each heap only shrinks.
        heaps
            .iter()
            .fold(1u64, |p, &h| p.saturating_mul(h.saturating_add(1)))
            .min(multisets)
    } else {
        multisets
    }
}

/// The number of multisets of positive integers whose sum is at most
/// `tokens` (the sums of heaps a misère search may meet): the partitions of
/// 0, 1, ..., `tokens`, saturating.
fn partitions_up_to(tokens: u64) -> u64 {
    // p(n) overflows u64 past n = 416; the sum saturates well before.
    const LAST: usize = 420;
    if tokens > LAST as u64 {
        return u64::MAX;
    }
    let n = tokens as usize;
    let mut p = vec![0u64; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for total in part..=n {
            p[total] = p[total].saturating_add(p[total - part]);
        }
    }
    p.iter().fold(0u64, |sum, &x| sum.saturating_add(x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapRuleset;

    fn ruleset(spec: &str) -> HeapRuleset {
        spec.parse().unwrap()
    }

    /// Counts the partitions of 0..=n by listing them (non-increasing
    /// parts), independently of the recurrence.
    fn brute_partitions(n: u64) -> u64 {
        fn count(rest: u64, largest: u64) -> u64 {
            if rest == 0 {
                return 1;
            }
            (1..=largest.min(rest)).map(|p| count(rest - p, p)).sum()
        }
        (0..=n).map(|t| count(t, t)).sum()
    }

    #[test]
    fn partitions_match_a_listing_and_published_values() {
        for n in 0..=25 {
            assert_eq!(partitions_up_to(n), brute_partitions(n), "n = {n}");
        }
        // p(0..=10) = 1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42 (OEIS A000041).
        assert_eq!(partitions_up_to(10), 139);
        assert_eq!(partitions_up_to(1000), u64::MAX);
    }

    #[test]
    fn option_bounds_hold_for_every_heap_and_every_sum() {
        let budget = Budget::default();
        for spec in [
            "nim",
            "kayles",
            "0.6",
            "4.07",
            "0.F7",
            "0.8B",
            "sub{1,3,4}",
            "allbut{2}",
            "sub{squares}",
            "sub{primes}",
            "half",
            "grundy-game",
        ] {
            let r = ruleset(spec);
            let count = |h: u64| {
                let mut c = 0u64;
                r.for_each_option(h, |_| c += 1);
                c
            };
            for h in 0..=60 {
                assert!(budget.options(&r, h) >= count(h), "{spec} at {h}");
            }
            // Sums: every partition of tokens into heaps, by the bound of
            // moves_within.
            for tokens in 0..=14u64 {
                let bound = budget.moves_within(&r, tokens);
                let mut worst = 0;
                every_partition(tokens, tokens, &mut vec![], &mut |heaps| {
                    worst = worst.max(heaps.iter().map(|&h| count(h)).sum::<u64>());
                });
                assert!(bound >= worst, "{spec} with {tokens} tokens");
            }
        }
    }

    fn every_partition(rest: u64, largest: u64, parts: &mut Vec<u64>, f: &mut impl FnMut(&[u64])) {
        if rest == 0 {
            f(parts);
            return;
        }
        for p in 1..=largest.min(rest) {
            parts.push(p);
            every_partition(rest - p, p, parts, f);
            parts.pop();
        }
    }

    #[test]
    fn the_server_caps_are_those_published() {
        let budget = Budget::default();
        for (spec, cap) in [
            ("nim", u64::MAX),
            ("sub{1,3,4}", 1_000_000),
            ("allbut{1}", 1_000_000),
            ("sub{pow2}", 1_000_000),
            ("sub{fib}", 1_000_000),
            ("sub{squares}", 100_000),
            ("kayles", 200_000),
            ("0.F7", 1_000),
            ("sub{primes}", 10_000),
            ("half", 10_000),
            ("grundy-game", 10_000),
        ] {
            let r = ruleset(spec);
            assert_eq!(budget.value_cap(&r), cap, "{spec}");
            if cap != u64::MAX {
                assert!(
                    budget
                        .value_caps()
                        .iter()
                        .any(|c| c.max_values == cap && c.games == Family::of(&r).games()),
                    "{spec}"
                );
            }
        }
    }

    #[test]
    fn cheap_and_expensive_requests_are_told_apart() {
        let b = Budget::default();
        let now = |c: Cost| b.admit(c) == Admission::Now;
        // What a page sends all the time.
        assert!(now(b.values(&ruleset("kayles"), 4096)));
        assert!(now(b.sum(
            &ruleset("nim"),
            Convention::Misere,
            &[3, 5, 7],
            20
        )));
        assert!(now(b.heap_match(
            &ruleset("kayles"),
            Convention::Misere,
            &[3, 5, 7]
        )));
        assert!(now(b.heap_graph(&ruleset("kayles"), 7, 200)));
        // The issue's expensive requests.
        assert!(!now(b.values(&ruleset("0.6"), 1_000_000_000)));
        assert!(!now(b.values(&ruleset("sub{1..900000}"), 1_000_000)));
        assert!(!now(b.quotient(&ruleset("0.6"), 30)));
        assert!(!now(b.values(&ruleset("0.F7"), 1000)));
        assert!(!now(b.nim([10_000; 25])));
    }
}
