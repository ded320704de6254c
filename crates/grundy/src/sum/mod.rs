//! Disjunctive sums of heaps: play in one heap per move.
//!
//! [`HeapSolver`] is the one way in: given a ruleset, a play convention and
//! the heaps, it chooses the method (Bouton's formula for Nim, Grundy
//! values from a table or a proved period, and under misère play an
//! exhaustive search of small sums or the misère quotient past them) and
//! answers the outcome, the
//! value of each heap and every winning move, as [`HeapMove`]s. `grundy
//! solve`, [`crate::play`], the web API and Python all call it. The rest of
//! this module is its methods.
//!
//! Under normal play a sum is worth the xor (nim-sum) of its heaps' Grundy
//! values, and a winning move changes one heap of value `g` into a position
//! of value `g xor total` (which is below `g` in some heap exactly when the
//! total is non-zero). The solver finds every such move, including splits
//! of a heap into several, and counts them when they are too many to list.
//!
//! # Heaps far beyond the computed values
//!
//! When a period is proved (see [`crate::heap::period`]), `G(h)` for any `h`
//! comes from the period. Finding a move from such a heap needs the options
//! of `h` of a given value without enumerating them: for a take-and-break
//! code, a move takes `j` tokens and leaves either one heap `h - j` (one
//! lookup) or two heaps `a + b = m = h - j` with `a <= b`. For `a < n0` the
//! splits are enumerated one by one (there are fewer than the preperiod).
//! For `a >= n0` both heaps lie in the periodic range (`b >= m/2 >= n0`), so
//! with `r = (a - n0) mod p` the value is `V[r] xor V[(m - 2·n0 - r) mod p]`
//! where `V[r] = G(n0 + r)`: it depends on `r` only. Each of the `p`
//! residues is decided once, and the number of `a` in `[n0, m/2]` of that
//! residue is a division. The moves of a residue class are listed smallest
//! `a` first. Three-heap splits of huge heaps are refused rather than
//! approximated.
//!
//! # Misère play
//!
//! Misère Nim is solved exactly for any heaps (Bouton: play as in normal
//! Nim unless the move would leave only heaps of size at most 1, then leave
//! an odd number of 1s). For every other ruleset misère sums are solved by
//! exhaustive search over the positions of the sum for small sums (at most
//! [`MISERE_BRUTE_FORCE_TOKENS`](crate::budget::MISERE_BRUTE_FORCE_TOKENS)
//! tokens by default), and past that from the game's
//! misère quotient ([`crate::misere`]) on heaps up to the largest.

use crate::cancel::{Cancel, Cancelled};
use std::collections::HashMap;

mod solver;

pub use solver::{HeapSolver, HeapSolverBuilder, Method, SolveProgress};

use crate::heap::period::{self, Analysis};
use crate::heap::{HeapMove, HeapRuleset, Leaves};
use crate::misere::{MisereQuotient, QuotientError};
use crate::{Convention, Nimber, Outcome};

/// Heaps up to this size are solved from a table of values; larger ones
/// first look for a proved period.
pub(crate) const DIRECT_TABLE: u64 = 1 << 16;

/// Why a sum could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SumError {
    /// A heap is beyond the values that were computed, and no period is
    /// proved that would give its value.
    #[error("heap {heap} is beyond the computed values of {game} (G(0..={computed_to})) and no period is proved for it")]
    BeyondComputed {
        /// The heap.
        heap: u64,
        /// The game spec.
        game: String,
        /// The last index computed.
        computed_to: u64,
    },
    /// A heap larger than the values the caller allows to compute, in a
    /// game with no periodicity theorem.
    #[error("heap {heap} is larger than the {max} values allowed to be computed, and no periodicity theorem applies to {game}")]
    NoPeriodTheorem {
        /// The heap.
        heap: u64,
        /// The game spec.
        game: String,
        /// The limit on values computed.
        max: u64,
    },
    /// Finding moves from a huge heap of a hexadecimal code (three-heap
    /// splits) is not supported.
    #[error("moves from heap {heap} of {game} would need its three-heap splits, which are only enumerated for heaps up to {limit}")]
    ThreeHeapSplits {
        /// The heap.
        heap: u64,
        /// The game spec.
        game: String,
        /// The largest heap whose splits are enumerated.
        limit: u64,
    },
    /// A misère sum too large for exhaustive search.
    #[error("misère play of {game} is solved exactly only for Nim and, by exhaustive search, for sums of at most {limit} tokens; this sum has {tokens}")]
    MisereTooLarge {
        /// The game spec.
        game: String,
        /// Tokens in the sum.
        tokens: u128,
        /// The exhaustive search's bound in tokens
        /// ([`Budget::max_misere_tokens`](crate::Budget::max_misere_tokens)).
        limit: u64,
    },
    /// A misère sum past the exhaustive search with a heap beyond the
    /// misère quotient's bound.
    #[error("misère play of {game} is solved by exhaustive search for sums of at most {limit} tokens (this one has {tokens}), and by its misère quotient for heaps up to {max} (this sum has a heap of {heap})")]
    MisereQuotientHeap {
        /// The game spec.
        game: String,
        /// Tokens in the sum.
        tokens: u128,
        /// The exhaustive search's bound in tokens
        /// ([`Budget::max_misere_tokens`](crate::Budget::max_misere_tokens)).
        limit: u64,
        /// The largest heap of the sum.
        heap: u64,
        /// The quotient's heap bound
        /// ([`Budget::max_quotient_heap`](crate::Budget::max_quotient_heap),
        /// at most [`MAX_QUOTIENT_HEAP`](crate::budget::MAX_QUOTIENT_HEAP)).
        max: u64,
    },
    /// A misère sum past the exhaustive search whose misère quotient could
    /// not be computed within its bounds.
    #[error("misère play of {game}: this sum has {tokens} tokens, more than the {limit} of the exhaustive search, and its misère quotient on heaps up to {max_heap} could not be computed: {reason}")]
    MisereQuotient {
        /// The game spec.
        game: String,
        /// Tokens in the sum.
        tokens: u128,
        /// The exhaustive search's bound in tokens
        /// ([`Budget::max_misere_tokens`](crate::Budget::max_misere_tokens)).
        limit: u64,
        /// The largest heap of the sum.
        max_heap: u64,
        /// The quotient's error.
        reason: String,
        /// The bound of the [`Budget`](crate::Budget) the quotient passed,
        /// when it outgrew one (`max_quotient_order` or
        /// `max_quotient_searched`).
        bound: Option<crate::misere::QuotientBound>,
    },
    /// The computation was stopped through its [`Cancel`] flag.
    #[error("stopped while computing values")]
    Cancelled(#[from] Cancelled),
}

/// The answer for a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumSolution {
    /// Normal or misère play.
    pub convention: Convention,
    /// The Grundy value of each heap (normal play; `None` for a misère sum
    /// solved by exhaustive search, where values do not decide the game).
    pub values: Option<Vec<Nimber>>,
    /// The xor of the values (normal play), when they are known.
    pub nim_sum: Option<Nimber>,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// Winning moves, in order of heap, tokens taken, then smallest piece;
    /// at most the limit asked for.
    pub winning_moves: Vec<HeapMove>,
    /// The number of winning moves in all (listed or not).
    pub total_winning_moves: u128,
}

/// Solves sums of heaps of one ruleset under normal play, from Grundy
/// values: the method [`HeapSolver`] uses for normal play of games other
/// than Nim.
#[derive(Clone, Debug)]
pub(crate) struct SumSolver {
    ruleset: HeapRuleset,
    analysis: Analysis,
}

impl SumSolver {
    /// Prepares the values needed for `heaps`: a table up to the largest
    /// heap when it is at most `max`, and otherwise a proved period found
    /// within `max` values; stops when `cancel` is set, and calls
    /// `progress` with the number of values known as it computes them.
    ///
    /// # Errors
    /// [`SumError::BeyondComputed`] when a heap exceeds `max` and no period
    /// is proved within `max` values, [`SumError::NoPeriodTheorem`] when
    /// no periodicity theorem applies, [`SumError::Cancelled`].
    ///
    /// # Complexity
    /// That of the engine up to `min(largest heap, proof length)`.
    pub(crate) fn new(
        ruleset: &HeapRuleset,
        heaps: &[u64],
        max: u64,
        cancel: &Cancel,
        progress: &mut dyn FnMut(usize),
    ) -> Result<SumSolver, SumError> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let has_theorem =
            period::Theorem::for_ruleset(ruleset).is_some() || *ruleset == HeapRuleset::Nim;
        // Small heaps: a table is cheapest. Large heaps: a proved period
        // (whose proof may need far fewer values than the heap), else a
        // table as far as `max` allows.
        let analysis = if largest <= DIRECT_TABLE.min(max) || (!has_theorem && largest <= max) {
            Analysis::of(ruleset)
                .table(largest)
                .cancel(cancel)
                .progress(progress)
                .run()?
        } else if !has_theorem {
            // No table within `max` reaches the heap, and no period can be
            // proved: refuse before computing anything.
            return Err(SumError::NoPeriodTheorem {
                heap: largest,
                game: ruleset.to_string(),
                max,
            });
        } else {
            let found = Analysis::of(ruleset)
                .max(max)
                .cancel(cancel)
                .progress(progress)
                .run()?;
            if found.value(largest).is_some() || largest > max {
                found
            } else {
                Analysis::of(ruleset)
                    .table(largest)
                    .cancel(cancel)
                    .progress(progress)
                    .run()?
            }
        };
        let solver = SumSolver {
            ruleset: ruleset.clone(),
            analysis,
        };
        for &h in heaps {
            solver.value(h)?;
        }
        Ok(solver)
    }

    /// A solver over values already analysed (for instance by a faster
    /// engine through [`Analysis::of`]).
    pub fn from_analysis(ruleset: &HeapRuleset, analysis: Analysis) -> SumSolver {
        SumSolver {
            ruleset: ruleset.clone(),
            analysis,
        }
    }

    /// The values and periodicity this solver uses.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// `G(h)`.
    ///
    /// # Errors
    /// [`SumError::BeyondComputed`] if `h` is neither computed nor covered
    /// by a proved period.
    pub fn value(&self, h: u64) -> Result<Nimber, SumError> {
        self.analysis
            .value(h)
            .ok_or_else(|| SumError::BeyondComputed {
                heap: h,
                game: self.ruleset.to_string(),
                computed_to: self.analysis.values.len().saturating_sub(1) as u64,
            })
    }

    /// The outcome of the sum of `heaps` under normal play and its winning
    /// moves, listing at most `limit` of them (all are counted).
    ///
    /// # Errors
    /// A heap whose value or options are out of reach ([`SumError`]).
    ///
    /// # Complexity
    /// For heaps within the table, the number of their options; for heaps
    /// beyond it, O(t·(n0 + p + limit)).
    pub fn solve(&self, heaps: &[u64], limit: usize) -> Result<SumSolution, SumError> {
        let values = heaps
            .iter()
            .map(|&h| self.value(h))
            .collect::<Result<Vec<_>, _>>()?;
        let total: Nimber = values.iter().sum();
        let mut moves = vec![];
        let mut count = 0u128;
        if !total.is_zero() {
            for (i, (&h, &g)) in heaps.iter().zip(&values).enumerate() {
                let target = g + total;
                let room = limit.saturating_sub(moves.len());
                let mut found = vec![];
                count += self.options_with_value(h, target, room, &mut found)?;
                moves.extend(found.into_iter().map(|leaves| HeapMove {
                    heap: i,
                    from: h,
                    leaves,
                }));
            }
        }
        Ok(SumSolution {
            convention: Convention::Normal,
            values: Some(values),
            nim_sum: Some(total),
            outcome: Outcome::from_first_player_wins(!total.is_zero()),
            winning_moves: moves,
            total_winning_moves: count,
        })
    }

    /// Pushes onto `out` up to `limit` options of a heap of `h` whose value
    /// is `target` and returns how many such options there are in all.
    ///
    /// # Errors
    /// As for [`SumSolver::value`], and [`SumError::ThreeHeapSplits`] for a
    /// hexadecimal code and a heap beyond the table.
    pub fn options_with_value(
        &self,
        h: u64,
        target: Nimber,
        limit: usize,
        out: &mut Vec<Leaves>,
    ) -> Result<u128, SumError> {
        if self.ruleset == HeapRuleset::Nim {
            if target.0 < h {
                if limit > 0 {
                    out.push(Leaves::one(target.0));
                }
                return Ok(1);
            }
            return Ok(0);
        }
        let in_table = usize::try_from(h).is_ok_and(|i| i < self.analysis.values.len());
        if in_table {
            return self.enumerate_options_with_value(h, target, limit, out);
        }
        // Beyond the table: the period is proved (value() succeeded), and
        // the ruleset is a finite subtraction set or a take-and-break code.
        match &self.ruleset {
            HeapRuleset::TakeBreak(code) => {
                let mut count = 0u128;
                for (k, &d) in code.digits().iter().enumerate() {
                    let k = k as u64;
                    if d == 0 || k > h {
                        continue;
                    }
                    let rest = h - k;
                    if d & 1 != 0 && rest == 0 && k > 0 && target.is_zero() {
                        count += 1;
                        push_limited(out, limit, Leaves::NOTHING);
                    }
                    if d & 2 != 0 && rest > 0 && k > 0 && self.value(rest)? == target {
                        count += 1;
                        push_limited(out, limit, Leaves::one(rest));
                    }
                    if d & 4 != 0 && rest >= 2 {
                        count += self.pair_splits(rest, target, limit, out)?;
                    }
                    if d & 8 != 0 && rest >= 3 {
                        return Err(SumError::ThreeHeapSplits {
                            heap: h,
                            game: self.ruleset.to_string(),
                            limit: self.analysis.values.len().saturating_sub(1) as u64,
                        });
                    }
                }
                Ok(count)
            }
            // Finite subtraction sets: at most |S| options.
            _ => self.enumerate_options_with_value(h, target, limit, out),
        }
    }

    /// Every option of `h`, one by one, valued from the table or the
    /// period: the options worth `target` are counted and (up to `limit` in
    /// `out`) listed.
    fn enumerate_options_with_value(
        &self,
        h: u64,
        target: Nimber,
        limit: usize,
        out: &mut Vec<Leaves>,
    ) -> Result<u128, SumError> {
        let mut count = 0u128;
        let mut failure = None;
        self.ruleset.for_each_option(h, |leaves| {
            let v: Result<Nimber, SumError> =
                leaves.as_slice().iter().map(|&x| self.value(x)).sum();
            match v {
                Ok(v) if v == target => {
                    count += 1;
                    push_limited(out, limit, leaves);
                }
                Ok(_) => {}
                Err(e) => failure = Some(e),
            }
        });
        failure.map_or(Ok(count), Err)
    }

    /// The splits `a + b = m`, `1 <= a <= b`, of value `target`, for `m`
    /// beyond the table (see the [module documentation](self)).
    fn pair_splits(
        &self,
        m: u64,
        target: Nimber,
        limit: usize,
        out: &mut Vec<Leaves>,
    ) -> Result<u128, SumError> {
        let (n0, p) = self
            .analysis
            .period()
            .ok_or_else(|| SumError::BeyondComputed {
                heap: m,
                game: self.ruleset.to_string(),
                computed_to: self.analysis.values.len().saturating_sub(1) as u64,
            })?;
        let half = m / 2;
        let mut count = 0u128;
        // Small pieces one by one: a < max(n0, 1).
        let lo = n0.max(1);
        for a in 1..lo.min(half + 1) {
            if self.value(a)? + self.value(m - a)? == target {
                count += 1;
                push_limited(out, limit, Leaves::new(&[a, m - a]));
            }
        }
        if lo > half {
            return Ok(count);
        }
        // Both pieces periodic: the value depends on r = (a - n0) mod p.
        let c = (m - 2 * n0) % p;
        let mut classes = vec![];
        for r in 0..p {
            let va = self.value(n0 + r)?;
            let vb = self.value(n0 + (c + p - r) % p)?;
            if va + vb != target {
                continue;
            }
            // The smallest a >= lo with a = n0 + r (mod p).
            let first = lo + ((n0 + r) % p + p - lo % p) % p;
            if first <= half {
                count += u128::from((half - first) / p + 1);
                classes.push(first);
            }
        }
        // List the smallest pieces first, across classes.
        let room = limit.saturating_sub(out.len());
        let mut listed = vec![];
        for &first in &classes {
            let mut a = first;
            for _ in 0..room {
                if a > half {
                    break;
                }
                listed.push(a);
                a = match a.checked_add(p) {
                    Some(next) => next,
                    None => break,
                };
            }
        }
        listed.sort_unstable();
        for a in listed {
            push_limited(out, limit, Leaves::new(&[a, m - a]));
        }
        Ok(count)
    }
}

fn push_limited(out: &mut Vec<Leaves>, limit: usize, leaves: Leaves) {
    if out.len() < limit {
        out.push(leaves);
    }
}

/// A misère sum by exhaustive search, remembering positions in `memo`
/// (the caller has checked the sum is small enough).
pub(crate) fn misere_search_solve(
    ruleset: &HeapRuleset,
    heaps: &[u64],
    limit: usize,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> SumSolution {
    let mut search = MisereSearch { ruleset, memo };
    let mut moves = vec![];
    let mut count = 0u128;
    let mut any_move = false;
    for (i, &h) in heaps.iter().enumerate() {
        let mut options = vec![];
        ruleset.for_each_option(h, |l| options.push(l));
        for to in options {
            any_move = true;
            let mut after: Vec<u64> = heaps
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x)
                .collect();
            after.extend_from_slice(to.as_slice());
            if !search.wins(after) {
                count += 1;
                if moves.len() < limit {
                    moves.push(HeapMove {
                        heap: i,
                        from: h,
                        leaves: to,
                    });
                }
            }
        }
    }
    SumSolution {
        convention: Convention::Misere,
        values: None,
        nim_sum: None,
        // With no move at all, the player to move has already won.
        outcome: Outcome::from_first_player_wins(count > 0 || !any_move),
        winning_moves: moves,
        total_winning_moves: count,
    }
}

/// Solves a misère sum from a verified misère quotient: the product of the
/// heaps' classes decides the outcome, and a move wins when it brings the
/// product into the P-portion. Heaps of no move count as empty heaps.
///
/// # Errors
/// [`SumError::BeyondComputed`] for a heap larger than the quotient's
/// [`max_heap`](MisereQuotient::max_heap).
///
/// # Complexity
/// O(heaps) products, then the options of each distinct (heap, class of the
/// rest of the sum) pair: linear in the number of heaps.
pub(crate) fn misere_solve_by_quotient(
    q: &MisereQuotient,
    heaps: &[u64],
    limit: usize,
) -> Result<SumSolution, SumError> {
    let beyond = |heap| SumError::BeyondComputed {
        heap,
        game: q.game().to_string(),
        computed_to: q.max_heap(),
    };
    let mut moves = q.winning_moves(heaps).map_err(|e| match e {
        QuotientError::HeapBeyond { heap, .. } => beyond(heap),
        _ => beyond(q.max_heap() + 1),
    })?;
    let outcome = q.outcome(heaps).map_err(|_| beyond(q.max_heap() + 1))?;
    let total = moves.len() as u128;
    Ok(SumSolution {
        convention: Convention::Misere,
        values: None,
        nim_sum: None,
        outcome,
        winning_moves: {
            moves.truncate(limit);
            moves
        },
        total_winning_moves: total,
    })
}

/// Whether the player to move wins the misère sum `heaps` of `ruleset`, by
/// exhaustive search over sorted lists of non-empty heaps remembered in
/// `memo`: the one misère search, behind [`HeapSolver`] and so
/// [`crate::play::Match`]. The recursion is at most as deep as the number
/// of tokens (every move takes a token or splits a heap).
pub(crate) fn misere_search_wins(
    ruleset: &HeapRuleset,
    memo: &mut HashMap<Vec<u64>, bool>,
    heaps: Vec<u64>,
) -> bool {
    MisereSearch { ruleset, memo }.wins(heaps)
}

struct MisereSearch<'a> {
    ruleset: &'a HeapRuleset,
    memo: &'a mut HashMap<Vec<u64>, bool>,
}

impl MisereSearch<'_> {
    /// Whether the player to move wins the misère sum `heaps`.
    fn wins(&mut self, mut heaps: Vec<u64>) -> bool {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        if let Some(&w) = self.memo.get(&heaps) {
            return w;
        }
        let mut any_move = false;
        let mut wins = false;
        let mut i = 0;
        while i < heaps.len() && !wins {
            // Equal heaps have the same options; try each size once.
            if i > 0 && heaps[i] == heaps[i - 1] {
                i += 1;
                continue;
            }
            let mut options = vec![];
            self.ruleset.for_each_option(heaps[i], |l| options.push(l));
            for to in options {
                any_move = true;
                let mut after = heaps.clone();
                after.swap_remove(i);
                after.extend_from_slice(to.as_slice());
                if !self.wins(after) {
                    wins = true;
                    break;
                }
            }
            i += 1;
        }
        // With no move at all, the player to move has won (misère).
        let result = wins || !any_move;
        self.memo.insert(heaps, result);
        result
    }
}

/// Nim by Bouton's formula and its misère rule ([`crate::nim::analyse`]),
/// as a sum's solution: at most one winning move per heap.
fn nim_solution(heaps: &[u64], limit: usize, convention: Convention) -> SumSolution {
    let analysis = crate::nim::analyse(heaps, convention);
    let total = analysis.winning_moves.len() as u128;
    SumSolution {
        convention,
        values: Some(heaps.iter().map(|&h| Nimber(h)).collect()),
        nim_sum: Some(Nimber(analysis.nim_sum)),
        outcome: analysis.outcome,
        winning_moves: analysis
            .winning_moves
            .into_iter()
            .take(limit)
            .map(HeapMove::from)
            .collect(),
        total_winning_moves: total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values for `heaps`, with no cancellation and no progress.
    fn solver(ruleset: &HeapRuleset, heaps: &[u64], max: u64) -> Result<SumSolver, SumError> {
        SumSolver::new(ruleset, heaps, max, &Cancel::new(), &mut |_| {})
    }

    /// Every winning move of `heaps` in the game `spec`, from the test
    /// kit's Grundy values and moves, written from the rules alone.
    fn brute_moves(spec: &str, heaps: &[u64]) -> Vec<HeapMove> {
        use crate::heap::spec::kit_rules::options as kit_options;
        use grundy_testkit::heaps::values;
        let ruleset = HeapRuleset::parse(spec).unwrap();
        let rules = |n: u64, leave: &mut dyn FnMut(&[u64])| {
            kit_options(&ruleset, n).iter().for_each(|l| leave(l))
        };
        let max = *heaps.iter().max().unwrap() as usize;
        let g = values(max, rules);
        let total = heaps.iter().fold(0, |t, &h| t ^ g[h as usize]);
        let mut out = vec![];
        for (i, &h) in heaps.iter().enumerate() {
            for left in kit_options(&ruleset, h) {
                let v = left.iter().fold(0, |t, &x| t ^ g[x as usize]);
                if v ^ g[h as usize] ^ total == 0 {
                    out.push(HeapMove {
                        heap: i,
                        from: h,
                        leaves: Leaves::new(&left),
                    });
                }
            }
        }
        out
    }

    fn sorted(mut v: Vec<HeapMove>) -> Vec<HeapMove> {
        v.sort_by_key(|m| (m.heap, m.leaves));
        v
    }

    #[test]
    fn moves_from_the_period_match_brute_force() {
        for spec in ["0.77", "0.07", "0.137", "4.07", "sub{1,3,4}", "0.44"] {
            let ruleset = HeapRuleset::parse(spec).unwrap();
            // A small `max` forces heaps beyond the table onto the period.
            let solver =
                SumSolver::from_analysis(&ruleset, Analysis::of(&ruleset).max(2000).run().unwrap());
            assert!(
                solver.analysis().values.len() < 900,
                "{spec}: the table should be short"
            );
            for heaps in [[900u64, 3], [877, 41], [650, 650], [777, 1]] {
                let brute = brute_moves(spec, &heaps);
                let answer = solver.solve(&heaps, usize::MAX).unwrap();
                assert_eq!(
                    answer.total_winning_moves,
                    brute.len() as u128,
                    "{spec} {heaps:?}"
                );
                assert_eq!(
                    sorted(answer.winning_moves),
                    sorted(brute),
                    "{spec} {heaps:?}"
                );
            }
            // With a limit, the count still covers every move.
            let all = solver.solve(&[900, 3], usize::MAX).unwrap();
            let few = solver.solve(&[900, 3], 2).unwrap();
            assert_eq!(few.total_winning_moves, all.total_winning_moves);
            assert_eq!(few.winning_moves.len(), all.winning_moves.len().min(2));
        }
    }

    #[test]
    fn huge_kayles_heap() {
        let kayles = HeapRuleset::parse("kayles").unwrap();
        let heaps = [1_000_000_000_000_000_000u64, 7];
        let solver = solver(&kayles, &heaps, 1 << 16).unwrap();
        let answer = solver.solve(&heaps, 5).unwrap();
        assert_eq!(answer.outcome, Outcome::N);
        assert!(!answer.winning_moves.is_empty());
        for m in &answer.winning_moves {
            let other = heaps[1 - m.heap];
            let v: Nimber = m
                .leaves
                .as_slice()
                .iter()
                .map(|&x| solver.value(x).unwrap())
                .sum();
            assert!((v + solver.value(other).unwrap()).is_zero(), "{m:?}");
            let taken = m.from - m.leaves.as_slice().iter().sum::<u64>();
            assert!((1..=2).contains(&taken));
        }
    }

    #[test]
    fn no_period_means_a_clear_error() {
        let half = HeapRuleset::Half;
        let err = solver(&half, &[1 << 40], 1000).unwrap_err();
        assert!(matches!(err, SumError::NoPeriodTheorem { heap, .. } if heap == 1 << 40));
        // Officers (0.6) has a theorem but no period within 5000 values.
        let officers = HeapRuleset::parse("0.6").unwrap();
        let err = solver(&officers, &[1 << 40], 5000).unwrap_err();
        assert!(matches!(err, SumError::BeyondComputed { heap, .. } if heap == 1 << 40));
        let hex = HeapRuleset::parse("0.F").unwrap();
        if let Ok(solver) = solver(&hex, &[1 << 40], 5000) {
            assert!(matches!(
                solver.solve(&[1 << 40], 5),
                Err(SumError::ThreeHeapSplits { .. }) | Ok(_)
            ));
        }
    }

    #[test]
    fn misere_nim_matches_exhaustive_search() {
        // Misère Nim as a ruleset searched exhaustively: `sub{1..8}` equals
        // Nim on heaps up to 8.
        let as_subtraction = HeapRuleset::parse("sub{1..8}").unwrap();
        for a in 0..=5u64 {
            for b in 0..=5u64 {
                for c in 0..=4u64 {
                    let heaps = [a, b, c];
                    let exact = nim_solution(&heaps, 100, Convention::Misere);
                    let brute =
                        misere_search_solve(&as_subtraction, &heaps, 100, &mut HashMap::new());
                    assert_eq!(exact.outcome, brute.outcome, "{heaps:?}");
                    assert_eq!(
                        sorted(exact.winning_moves),
                        sorted(brute.winning_moves),
                        "{heaps:?}"
                    );
                }
            }
        }
    }
}
