//! Heap games in a [`Match`]: a list of heaps, numbered from 1 when shown,
//! decided by the library's one heap solver, [`HeapSolver`], prepared for
//! the starting position: Nim by the nim-sum for heaps of any `u64` size,
//! under normal and misère play (its hint is the binary lesson of
//! [`nim::explain()`](crate::nim::explain())); every other ruleset of
//! [`HeapRuleset`] from its Grundy values (normal play) or, under misère
//! play, by an exhaustive search of small positions and by the game's
//! misère quotient past them (misère values do not add up).
//!
//! From a P-position the engine plays for time: it avoids a move that ends
//! the game when another exists, takes as few tokens as possible, and among
//! those leaves the opponent the fewest winning replies, so that a mistake
//! is likely.
//!
//! A move replaces one heap by the heaps it leaves: when it leaves nothing
//! the heap stays in the list as an empty heap (so the numbers of the other
//! heaps do not change), and when it splits a heap the first part keeps its
//! number and the others are inserted right after it.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Match, MoveRequest, Playable, Player};
use crate::cancel::{Cancel, Cancelled};
use crate::heap::{HeapMove, HeapRuleset, Leaves};
use crate::misere::MisereQuotient;
use crate::moves::MoveError;
use crate::sum::{HeapSolver, SolveProgress, SumError};
use crate::{Budget, Convention, Nimber, Outcome};

/// The most tokens a misère game other than Nim is played with by
/// searching every position, which grows quickly; larger positions are
/// played with the game's misère quotient (heaps up to
/// [`Budget::max_quotient_heap`]). The same bound as `grundy solve`'s,
/// [`MISERE_BRUTE_FORCE_TOKENS`](crate::budget::MISERE_BRUTE_FORCE_TOKENS): a
/// position is solved the same way whichever command asks.
pub const MAX_MISERE_TOKENS: u64 = crate::budget::MISERE_BRUTE_FORCE_TOKENS;

/// From a P-position the engine compares its candidate moves by the
/// opponent's winning replies; it looks at this many of them at most (those
/// taking the fewest tokens), so that a huge position answers at once.
pub(crate) const MAX_CANDIDATES: usize = 64;

/// Why a match cannot start from the position given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// No heaps at all.
    #[error("give at least one heap to play with")]
    NoHeaps,
    /// The position has no move: the game would be over before it starts.
    #[error(
        "no move is possible from this position in {game}: the game would be over before it starts"
    )]
    NoMoves {
        /// The game spec.
        game: String,
    },
    /// A heap too large to play a game other than Nim.
    #[error("heap {heap} has {size} tokens; play accepts heaps of at most {max} tokens in {game} (grundy solve answers for larger heaps)")]
    HeapTooLarge {
        /// The 1-based heap number.
        heap: usize,
        /// Its size.
        size: u64,
        /// The bound: [`Budget::max_match_heap`].
        max: u64,
        /// The game spec.
        game: String,
    },
    /// A misère game other than Nim too large to search.
    #[error("misère {game} is played by searching every position, so it starts with at most {max} tokens in all; this position has {tokens}")]
    MisereTooLarge {
        /// The game spec.
        game: String,
        /// Tokens in the position.
        tokens: u128,
        /// The bound: [`Budget::max_misere_tokens`].
        max: u64,
    },
    /// A misère game other than Nim too large to search, whose misère
    /// quotient could not be computed either.
    #[error("misère {game} is played by searching every position for at most {max} tokens in all (this position has {tokens}), and otherwise by its misère quotient, which {reason}")]
    MisereQuotient {
        /// The game spec.
        game: String,
        /// Tokens in the position.
        tokens: u128,
        /// The search's bound: [`Budget::max_misere_tokens`].
        max: u64,
        /// Why the quotient is missing.
        reason: String,
    },
    /// The values the match needs could not be computed (stopped through
    /// the caller's [`Cancel`] flag).
    #[error("the Grundy values of {game} could not be computed: {reason}")]
    Values {
        /// The game spec.
        game: String,
        /// Why.
        reason: String,
    },
}

/// The solver's refusal as a reason to not start a match.
fn setup_error(
    e: SumError,
    game: &str,
    heaps: &[u64],
    convention: Convention,
    budget: &Budget,
) -> SetupError {
    let game = game.to_owned();
    let max = budget.max_misere_tokens;
    let tokens = heaps.iter().map(|&h| u128::from(h)).sum();
    match e {
        // The quotient turned off: the search's bound is the only one.
        SumError::MisereTooLarge { .. } | SumError::MisereQuotientHeap { .. }
            if budget.max_quotient_heap == 0 =>
        {
            SetupError::MisereTooLarge { game, tokens, max }
        }
        SumError::MisereQuotientHeap {
            heap,
            max: bound,
            ..
        } => SetupError::MisereQuotient {
            game,
            tokens,
            max,
            reason: format!(
                "is computed here for heaps of at most {bound} tokens (this position has a heap of {heap})"
            ),
        },
        SumError::MisereQuotient { reason, .. } => SetupError::MisereQuotient {
            game,
            tokens,
            max,
            reason: format!("could not be computed: {reason}"),
        },
        // Only the quotient's computation is long enough to be stopped in
        // misère play.
        SumError::Cancelled(c) if convention == Convention::Misere => SetupError::MisereQuotient {
            game,
            tokens,
            max,
            reason: format!("could not be computed: {}", crate::misere::QuotientError::from(c)),
        },
        e => SetupError::Values {
            game,
            reason: e.to_string(),
        },
    }
}

/// A position of a heap game in a match: the heaps, with the solver
/// prepared for the match's start (heaps never grow, so it covers every
/// position of the match). Clones share what the solver computed, the
/// misère search's memory included, so a front end may explore variations
/// on copies at no cost.
#[derive(Clone, Debug)]
pub struct HeapPosition {
    heaps: Vec<u64>,
    solver: HeapSolver,
    /// The game's name in hints: the canonical spec unless renamed.
    name: Arc<str>,
}

impl HeapPosition {
    /// The heaps.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The solver the match is played with.
    pub fn solver(&self) -> &HeapSolver {
        &self.solver
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &HeapRuleset {
        self.solver.ruleset()
    }

    fn has_move(&self, heaps: &[u64]) -> bool {
        self.solver.has_move(heaps)
    }

    /// Whether the player to move wins `heaps`, a position reachable in
    /// this match. Every such position is reachable from the match's start,
    /// for which the solver was prepared, so the solver always answers.
    fn wins(&self, heaps: &[u64]) -> bool {
        matches!(self.solver.outcome(heaps), Ok(Outcome::N))
    }

    /// The heaps after `mv`.
    fn apply(&self, mv: &HeapMove) -> Vec<u64> {
        mv.apply(&self.heaps)
    }

    /// Every winning move from `heaps`, a position reachable in this match.
    pub(crate) fn winning_moves_in(&self, heaps: &[u64]) -> Vec<HeapMove> {
        self.solver
            .solve(heaps, usize::MAX)
            .map(|s| s.winning_moves)
            .unwrap_or_default()
    }

    /// The number of winning moves in `heaps` for the player to move.
    fn winning_replies(&self, heaps: &[u64]) -> u128 {
        self.solver
            .solve(heaps, 0)
            .map_or(0, |s| s.total_winning_moves)
    }

    /// The move the engine plays: the first winning move when there is
    /// one; otherwise the move that keeps the game going longest.
    fn choose(&self) -> Option<HeapMove> {
        if !self.has_move(&self.heaps) {
            return None;
        }
        if let Some(&mv) = self.winning_moves_in(&self.heaps).first() {
            return Some(mv);
        }
        // No move wins. Prefer a move after which the game goes on (one after
        // which nobody can move ends it at once), then one that takes as few
        // tokens as possible: the least key (ends, taken) of any move. Each
        // heap lists its moves in order of tokens taken, so its least key is
        // met by its first move that does not end the game (or, when every
        // move ends it, by its first move), and a Nim heap of 10^18 is
        // looked at through its first moves only.
        let key = |mv: &HeapMove| (!self.has_move(&self.apply(mv)), mv.taken());
        let mut best: Option<(bool, u64)> = None;
        for (heap, &from) in self.heaps.iter().enumerate() {
            let _ = self.ruleset().try_for_each_option(from, |leaves| {
                let k = key(&HeapMove { heap, from, leaves });
                best = Some(best.map_or(k, |b| b.min(k)));
                if k.0 {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
        }
        let best = best?;
        // The first MAX_CANDIDATES moves of that key, in the order of the
        // heaps and their moves; among them, the one that leaves the
        // opponent the fewest winning replies.
        let mut candidates = Vec::new();
        for (heap, &from) in self.heaps.iter().enumerate() {
            let _ = self.ruleset().try_for_each_option(from, |leaves| {
                let mv = HeapMove { heap, from, leaves };
                if mv.taken() > best.1 || candidates.len() == MAX_CANDIDATES {
                    return ControlFlow::Break(());
                }
                if key(&mv) == best {
                    candidates.push(mv);
                }
                ControlFlow::Continue(())
            });
        }
        candidates
            .into_iter()
            .min_by_key(|mv| self.winning_replies(&self.apply(mv)))
    }
}

impl Playable for HeapPosition {
    type Move = HeapMove;

    fn convention(&self) -> Convention {
        self.solver.convention()
    }

    fn is_over(&self) -> bool {
        !self.has_move(&self.heaps)
    }

    /// The heaps after `mv`, which must be one of this position's moves.
    fn after(&self, mv: &HeapMove) -> Result<HeapPosition, MoveError> {
        let legal = self.heaps.get(mv.heap) == Some(&mv.from)
            && self
                .ruleset()
                .options_taking(mv.from, mv.taken())
                .contains(&mv.leaves);
        if !legal {
            return Err(MoveError::Illegal(format!(
                "{mv} is not a move of {} from {:?}",
                self.ruleset(),
                self.heaps
            )));
        }
        Ok(HeapPosition {
            heaps: self.apply(mv),
            solver: self.solver.clone(),
            name: Arc::clone(&self.name),
        })
    }

    fn engine_move(&self, cancel: &Cancel) -> Result<Option<HeapMove>, Cancelled> {
        cancel.check()?;
        Ok(self.choose())
    }
}

/// How a heap match starts: the budget that bounds its position, a flag that stops
/// the solver's preparation (the Grundy values, or a misère quotient,
/// which may take seconds), and a callback that hears how far it got.
#[derive(Default)]
pub struct MatchOptions<'a> {
    budget: Budget,
    cancel: Option<&'a Cancel>,
    progress: Option<&'a mut dyn FnMut(SolveProgress)>,
}

impl<'a> MatchOptions<'a> {
    /// These options within `budget` ([`Budget::default`] unless set),
    /// whose defaults are meant for a person at a terminal; a front end
    /// with bounds of its own (a web server checking every request) passes
    /// them here. A match reads [`Budget::max_match_heap`] (it tabulates
    /// the values up to its largest heap, so `max_values` does not apply),
    /// [`Budget::max_misere_tokens`], [`Budget::max_quotient_heap`],
    /// [`Budget::max_quotient_order`] and
    /// [`Budget::sum_quotient_searched`].
    ///
    /// ```
    /// use grundy::play::{Match, MatchOptions, Player};
    /// use grundy::{Budget, Convention};
    ///
    /// let budget = Budget { max_match_heap: 5000, ..Budget::default() };
    /// let kayles = "kayles".parse()?;
    /// let options = MatchOptions::default().budget(budget);
    /// assert!(Match::with_options(kayles, vec![4000], Convention::Normal, Player::User, options).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// These options, the preparation stopped by `cancel` (a server's
    /// deadline).
    pub fn cancel(mut self, cancel: &'a Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// These options, with `progress` told how far the preparation got
    /// (the misère quotient's heaps, for instance).
    pub fn progress(mut self, progress: &'a mut dyn FnMut(SolveProgress)) -> Self {
        self.progress = Some(progress);
        self
    }
}

impl Match<HeapPosition> {
    /// Starts a match from `heaps`, with `first` to move.
    ///
    /// # Errors
    /// No heaps, a position with no move, a heap larger than [`MAX_MATCH_HEAP`](crate::budget::MAX_MATCH_HEAP)
    /// in a game other than Nim, or a misère game other than Nim with more
    /// than [`MAX_MISERE_TOKENS`] tokens whose misère quotient cannot be
    /// computed within [`Budget::default`].
    ///
    /// # Complexity
    /// For rulesets other than Nim under normal play, the Grundy values up
    /// to the largest heap; under misère play past the search, the misère
    /// quotient up to it (see [`HeapSolver`]'s `prepare`).
    ///
    /// ```
    /// use grundy::play::{Match, Player, SetupError};
    /// use grundy::Convention;
    ///
    /// let kayles = "kayles".parse()?;
    /// let m = Match::new(kayles, vec![4, 5], Convention::Normal, Player::Engine)?;
    /// assert_eq!(m.to_move(), Player::Engine);
    /// let err = Match::new("nim".parse()?, vec![0, 0], Convention::Normal, Player::User);
    /// assert!(matches!(err, Err(SetupError::NoMoves { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        ruleset: HeapRuleset,
        heaps: Vec<u64>,
        convention: Convention,
        first: Player,
    ) -> Result<Match<HeapPosition>, SetupError> {
        Match::with_options(ruleset, heaps, convention, first, MatchOptions::default())
    }

    /// Starts a match as [`new`](Match::new) does, with the budget, the
    /// cancellation flag and the progress callback of `options`.
    ///
    /// # Errors
    /// As [`new`](Match::new), with the budget of `options`; a stopped
    /// quotient is a [`SetupError::MisereQuotient`] that says so, stopped
    /// values a [`SetupError::Values`].
    ///
    /// # Complexity
    /// As [`new`](Match::new).
    ///
    /// ```
    /// use grundy::play::{Match, MatchOptions, Player};
    /// use grundy::sum::SolveProgress;
    /// use grundy::Convention;
    ///
    /// let mut heaps_done = 0;
    /// let mut progress = |p| {
    ///     if let SolveProgress::Quotient { heap, .. } = p {
    ///         heaps_done = heap;
    ///     }
    /// };
    /// let options = MatchOptions::default().progress(&mut progress);
    /// let m = Match::with_options("kayles".parse()?, vec![30, 20], Convention::Misere, Player::User, options)?;
    /// assert_eq!(heaps_done, 30);
    /// assert_eq!(m.quotient().map(|q| q.order()), Some(40));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_options(
        ruleset: HeapRuleset,
        heaps: Vec<u64>,
        convention: Convention,
        first: Player,
        options: MatchOptions<'_>,
    ) -> Result<Match<HeapPosition>, SetupError> {
        let MatchOptions {
            budget,
            cancel,
            progress,
        } = options;
        if heaps.is_empty() {
            return Err(SetupError::NoHeaps);
        }
        let game = ruleset.to_string();
        // Nim is solved by its formula at any size; other games list their
        // moves one by one, which a person does not count past
        // `max_match_heap`.
        let max_heap = budget.max_match_heap;
        if ruleset != HeapRuleset::Nim {
            if let Some((i, &size)) = heaps.iter().enumerate().find(|(_, &h)| h > max_heap) {
                return Err(SetupError::HeapTooLarge {
                    heap: i + 1,
                    size,
                    max: max_heap,
                    game,
                });
            }
        }
        // A table of every value up to the largest heap (the moves of every
        // heap are listed), within the match's heap bound.
        let mut solver = HeapSolver::of(&ruleset, convention)
            .budget(Budget {
                max_values: Some(max_heap),
                ..budget
            })
            .tabulate();
        if let Some(cancel) = cancel {
            solver = solver.cancel(cancel);
        }
        if let Some(progress) = progress {
            solver = solver.progress(progress);
        }
        let solver = solver
            .prepare(&heaps)
            .map_err(|e| setup_error(e, &game, &heaps, convention, &budget))?;
        let start = HeapPosition {
            heaps,
            solver,
            name: Arc::from(game.as_str()),
        };
        if start.is_over() {
            return Err(SetupError::NoMoves { game });
        }
        Ok(Match::begin(start, first))
    }

    /// The same match, with the game called `name` in hints (for instance
    /// `kayles (0.77)` where the canonical spec is `0.77`).
    pub fn named(mut self, name: impl Into<String>) -> Match<HeapPosition> {
        let name: Arc<str> = Arc::from(name.into().as_str());
        self.start.name = Arc::clone(&name);
        for turn in &mut self.history {
            turn.after.name = Arc::clone(&name);
        }
        self
    }

    /// The game's name: the canonical spec unless [`named`](Match::named).
    pub fn name(&self) -> &str {
        &self.position().name
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &HeapRuleset {
        self.position().ruleset()
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        self.position().convention()
    }

    /// The starting position.
    pub fn start(&self) -> &[u64] {
        &self.start_position().heaps
    }

    /// The current position.
    pub fn heaps(&self) -> &[u64] {
        &self.position().heaps
    }

    /// The misère quotient the match is played with: for misère games
    /// other than Nim that start past the exhaustive search's bound.
    pub fn quotient(&self) -> Option<&MisereQuotient> {
        self.solver().quotient()
    }

    /// The heap solver the match is played with.
    pub fn solver(&self) -> &HeapSolver {
        &self.position().solver
    }

    /// Who wins the current position with perfect play, for the player to
    /// move.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_first_player_wins(self.position().wins(self.heaps()))
    }

    /// The Grundy value of a heap of `n` tokens, for rulesets other than
    /// Nim and sizes up to the largest starting heap; `n` itself for Nim.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        self.solver().value(n).ok()
    }

    /// Calls `f` with every legal move from the current position, heap by
    /// heap, in the order the ruleset lists options (for Nim, taking 1
    /// first).
    ///
    /// # Complexity
    /// The number of moves; for Nim that is the total number of tokens, so
    /// front ends with huge Nim heaps should not list every move.
    pub fn for_each_move(&self, mut f: impl FnMut(HeapMove)) {
        let _ = self.solver().for_each_move(self.heaps(), |mv| {
            f(mv);
            ControlFlow::Continue(())
        });
    }

    /// The heaps after `mv` from the current position.
    pub fn after(&self, mv: &HeapMove) -> Vec<u64> {
        self.position().apply(mv)
    }

    /// Every winning move from the current position (empty for a
    /// P-position or a finished game).
    ///
    /// # Complexity
    /// O(heaps) for Nim; otherwise every move is tried once, each checked
    /// in O(heaps) under normal play or by the misère search.
    pub fn winning_moves(&self) -> Vec<HeapMove> {
        self.position().winning_moves_in(self.heaps())
    }

    /// Every winning move from `heaps`, a position reachable in this match.
    pub(crate) fn winning_moves_in(&self, heaps: &[u64]) -> Vec<HeapMove> {
        self.position().winning_moves_in(heaps)
    }

    /// The move the engine would play: the first winning move when there
    /// is one; otherwise the move that keeps the game going longest (see
    /// the [module documentation](self)). `None` once the game is over.
    ///
    /// # Complexity
    /// That of [`winning_moves`](Match::winning_moves); from a P-position,
    /// in addition, the winning replies to at most 64 candidate moves are
    /// counted.
    ///
    /// ```
    /// use grundy::play::{Match, Player};
    /// use grundy::Convention;
    ///
    /// let m = Match::new("nim".parse()?, vec![3, 5, 7], Convention::Normal, Player::Engine)?;
    /// assert_eq!(m.engine_move().unwrap().to_string(), "take 1 from heap 1 (3 -> 2)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine_move(&self) -> Option<HeapMove> {
        self.position().choose()
    }

    /// Checks a move typed by the player to move.
    ///
    /// # Errors
    /// A [`MoveError`] saying why the move is illegal.
    ///
    /// ```
    /// use grundy::play::{Match, MoveError, MoveRequest, Player};
    /// use grundy::Convention;
    ///
    /// let m = Match::new("sub{1,3,4}".parse()?, vec![7, 2], Convention::Normal, Player::User)?;
    /// let err = m.check(&MoveRequest { heap: 1, take: 2, leave: None }).unwrap_err();
    /// assert_eq!(err.to_string(), "you cannot take 2 from heap 1: you may take 1, 3 or 4");
    /// let err = m.check(&MoveRequest { heap: 3, take: 1, leave: None }).unwrap_err();
    /// assert_eq!(err.to_string(), "heap 3 does not exist: the heaps are numbered 1 to 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, req: &MoveRequest) -> Result<HeapMove, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let count = self.heaps().len();
        let index = match usize::try_from(req.heap) {
            Ok(h) if (1..=count).contains(&h) => h - 1,
            _ => {
                return Err(MoveError::NoSuchHeap {
                    heap: req.heap,
                    count,
                })
            }
        };
        let heap = index + 1;
        let size = self.heaps()[index];
        if size == 0 {
            return Err(MoveError::EmptyHeap { heap });
        }
        if req.take > size {
            return Err(MoveError::TooMany {
                heap,
                size,
                take: req.take,
            });
        }
        let rest = size - req.take;
        let asked = match &req.leave {
            None => Leaves::one(rest),
            Some(parts) => {
                let parts: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
                Leaves::new(&parts[..parts.len().min(3)])
            }
        };
        let with_take = self.ruleset().options_taking(size, req.take);
        if with_take.is_empty() {
            return Err(MoveError::TakeNotAllowed {
                heap,
                take: req.take,
                allowed: self.ruleset().takes(size),
            });
        }
        let well_formed = req
            .leave
            .as_ref()
            .is_none_or(|p| p.iter().filter(|&&x| x > 0).count() <= 3);
        if well_formed && with_take.contains(&asked) {
            return Ok(HeapMove {
                heap: index,
                from: size,
                leaves: asked,
            });
        }
        Err(MoveError::BadLeave {
            heap,
            from: size,
            take: req.take,
            asked: req.leave.clone(),
            allowed: with_take,
        })
    }

    /// Plays a move typed by the player to move.
    ///
    /// # Errors
    /// As [`check`](Match::check); the match is unchanged.
    pub fn play(&mut self, req: &MoveRequest) -> Result<&super::Turn<HeapPosition>, MoveError> {
        let mv = self.check(req)?;
        self.play_move(mv)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use grundy_testkit::heaps::{self as kit, Sums};

    use super::*;
    use crate::play::{parse_command, Command, Lesson, Player};

    /// The options of one heap, from the test kit's rules (written from
    /// the definitions, not from the library's rulesets): a list of what a
    /// move may leave.
    fn options(game: &str, n: u64) -> Vec<Vec<u64>> {
        let rules = |n: u64, leave: &mut dyn FnMut(&[u64])| match game {
            "nim" => kit::nim_moves(n, leave),
            "sub{1,3,4}" => kit::subtraction_moves(&[1, 3, 4], n, leave),
            // Kayles, 0.77: knock down one pin or two adjacent pins.
            "kayles" => kit::take_break_moves(&[0, 7, 7], n, leave),
            "grundy-game" => kit::grundy_game_moves(n, leave),
            _ => unreachable!("no reference rules for {game}"),
        };
        kit::options(rules, n)
    }

    /// Every position of up to `heaps` heaps of sizes up to `max`, as
    /// non-decreasing lists.
    fn positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let mut layer: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..heaps {
            layer = layer
                .iter()
                .flat_map(|p| {
                    let lo = p.last().copied().unwrap_or(0);
                    (lo..=max).map(move |h| {
                        let mut q = p.clone();
                        q.push(h);
                        q
                    })
                })
                .collect();
            out.extend(layer.iter().cloned());
        }
        out
    }

    /// Plays the engine (to move in `m`) against every possible opponent
    /// and checks that it wins every game. `seen` holds the positions
    /// (opponent to move) already explored.
    fn engine_beats_everyone(m: &Match<HeapPosition>, seen: &mut HashSet<Vec<u64>>) {
        let mut m = m.clone();
        let turn = m.play_engine().expect("the engine has a move").clone();
        if m.is_over() {
            assert_eq!(
                m.winner(),
                Some(Player::Engine),
                "engine lost after {turn:?}"
            );
            return;
        }
        if !seen.insert(m.heaps().to_vec()) {
            return;
        }
        let mut replies = Vec::new();
        m.for_each_move(|mv| replies.push(mv));
        for mv in replies {
            let mut next = m.clone();
            let req = MoveRequest {
                heap: mv.heap as u64 + 1,
                take: mv.taken(),
                leave: mv.splits().then(|| mv.leaves.as_slice().to_vec()),
            };
            next.play(&req).expect("a listed move is legal");
            if next.is_over() {
                // Only possible in misère play, where the opponent just
                // took the last token and lost.
                assert_eq!(
                    next.winner(),
                    Some(Player::Engine),
                    "the opponent won from {:?} with {mv} ({})",
                    m.heaps(),
                    m.ruleset()
                );
                continue;
            }
            engine_beats_everyone(&next, seen);
        }
    }

    fn check_game(game: &str, heaps: usize, max: u64) {
        for convention in [Convention::Normal, Convention::Misere] {
            // The test kit's minimax over whole sums, on the rules above.
            let rules = move |n: u64| options(game, n);
            let mut sums = match convention {
                Convention::Misere => Sums::misere(rules),
                Convention::Normal => Sums::normal(rules),
            };
            for start in positions(heaps, max) {
                let Ok(m) = Match::new(
                    game.parse().unwrap(),
                    start.clone(),
                    convention,
                    Player::Engine,
                ) else {
                    assert!(!options_exist(game, &start), "{game} {start:?} refused");
                    continue;
                };
                let n = sums.mover_wins(&start);
                assert_eq!(
                    m.outcome().first_player_wins(),
                    n,
                    "{game} {convention} {start:?}"
                );
                assert_eq!(
                    m.winning_moves().is_empty(),
                    !n,
                    "{game} {convention} {start:?}"
                );
                if n {
                    engine_beats_everyone(&m, &mut HashSet::new());
                } else {
                    // From a P-position: never end the game at once when
                    // another move exists.
                    let mv = m.engine_move().expect("a move");
                    let mut can_continue = false;
                    m.for_each_move(|other| {
                        can_continue |= m.position().has_move(&m.after(&other))
                    });
                    if can_continue {
                        assert!(
                            m.position().has_move(&m.after(&mv)),
                            "{game} {convention} {start:?}: {mv}"
                        );
                    }
                }
            }
        }
    }

    fn options_exist(game: &str, heaps: &[u64]) -> bool {
        heaps.iter().any(|&h| !options(game, h).is_empty())
    }

    #[test]
    fn a_match_can_be_shared_between_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Match<HeapPosition>>();
    }

    #[test]
    fn engine_wins_every_n_position_nim() {
        check_game("nim", 3, 7);
    }

    #[test]
    fn engine_wins_every_n_position_subtraction() {
        check_game("sub{1,3,4}", 3, 11);
    }

    #[test]
    fn engine_wins_every_n_position_splitting_games() {
        check_game("kayles", 3, 6);
        check_game("grundy-game", 2, 12);
    }

    fn start(game: &str, heaps: &[u64]) -> Match<HeapPosition> {
        Match::new(
            game.parse().unwrap(),
            heaps.to_vec(),
            Convention::Normal,
            Player::User,
        )
        .unwrap()
    }

    fn reason(m: &Match<HeapPosition>, line: &str) -> String {
        let Command::Move(req) = parse_command(line).unwrap() else {
            panic!("not a move: {line}")
        };
        let e = m.check(&req).unwrap_err();
        // The library's reason has no terminal wording; the terminal adds
        // the example move (as `grundy play` does).
        let text = e.to_string();
        assert!(!text.contains("type"), "{text}");
        match e.example() {
            Some(mv) => format!("{text} (type '{}')", mv.syntax()),
            None => text,
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        let m = start("nim", &[3, 0, 7]);
        assert_eq!(
            reason(&m, "4 1"),
            "heap 4 does not exist: the heaps are numbered 1 to 3"
        );
        assert_eq!(
            reason(&m, "0 1"),
            "heap 0 does not exist: the heaps are numbered 1 to 3"
        );
        assert_eq!(reason(&m, "2 1"), "heap 2 is empty");
        assert_eq!(
            reason(&m, "1 4"),
            "heap 1 has only 3 tokens: you cannot take 4"
        );
        assert_eq!(
            reason(&m, "3 0"),
            "a move must take at least one token: from heap 3 you may take 1 to 7"
        );
        assert_eq!(
            reason(&m, "3 2 1 4"),
            "taking 2 from 7 leaves 5, which this game does not let you split into 1 and 4; \
             it may leave a heap of 5 (type '3 2')"
        );
        let m = start("sub{1,3,4}", &[7, 2]);
        assert_eq!(
            reason(&m, "1 2"),
            "you cannot take 2 from heap 1: you may take 1, 3 or 4"
        );
        assert_eq!(
            reason(&m, "2 2"),
            "you cannot take 2 from heap 2: you may take 1"
        );
        let m = start("kayles", &[7]);
        assert_eq!(
            reason(&m, "1 2 3 3"),
            "taking 2 from 7 leaves 5, which cannot be split into 3 and 3; it may leave a \
             heap of 5, heaps of 1 and 4, or heaps of 2 and 3 (type '1 2')"
        );
        assert_eq!(
            reason(&m, "1 1 9"),
            "taking 1 from 7 leaves 6, not 9; it may leave a heap of 6, heaps of 1 and 5, \
             heaps of 2 and 4, or heaps of 3 and 3 (type '1 1')"
        );
        let m = start("grundy-game", &[6]);
        assert_eq!(
            reason(&m, "1 0 3 3"),
            "taking 0 from 6 leaves 6, which this game does not let you split into 3 and 3; \
             it may leave heaps of 1 and 5 or heaps of 2 and 4 (type '1 0 1 5')"
        );
        assert_eq!(
            reason(&m, "1 0"),
            "taking 0 from 6 may not leave a heap of 6; it may leave heaps of 1 and 5 or heaps \
             of 2 and 4 (type '1 0 1 5')"
        );
        assert_eq!(
            reason(&m, "1 1"),
            "you cannot take 1 from heap 1: you may take 0"
        );
        let m = start("sub{5}", &[3, 6]);
        assert_eq!(
            reason(&m, "1 3"),
            "no move is possible on heap 1 in this game"
        );
    }

    #[test]
    fn splits_keep_the_numbering() {
        let mut m = start("kayles", &[2, 7, 1]);
        let Command::Move(req) = parse_command("2 1 4 2").unwrap() else {
            unreachable!()
        };
        let turn = m.play(&req).unwrap().clone();
        assert_eq!(turn.after.heaps(), [2, 2, 4, 1]);
        assert_eq!(turn.mv.to_string(), "take 1 from heap 2 (7 -> 2 + 4)");
        assert_eq!((turn.number, turn.player), (1, Player::User));
        let Command::Move(req) = parse_command("4 1").unwrap() else {
            unreachable!()
        };
        assert_eq!(m.play(&req).unwrap().after.heaps(), [2, 2, 4, 0]);
        assert_eq!(m.history().len(), 2);
        assert_eq!(m.history()[1].player, Player::Engine);
    }

    #[test]
    fn undo_takes_back_a_move_pair() {
        let mut m = Match::new(
            "nim".parse().unwrap(),
            vec![1, 2, 4],
            Convention::Normal,
            Player::Engine,
        )
        .unwrap();
        m.play_engine();
        let after_engine = m.heaps().to_vec();
        assert!(
            m.undo().is_empty(),
            "the engine's opening move is not the user's to undo"
        );
        let Command::Move(req) = parse_command("1 1").unwrap() else {
            unreachable!()
        };
        m.play(&req).unwrap();
        m.play_engine();
        let undone = m.undo();
        assert_eq!(undone.len(), 2);
        assert_eq!(undone[0].player, Player::Engine);
        assert_eq!(m.heaps(), after_engine.as_slice());
        assert_eq!(m.to_move(), Player::User);
        assert_eq!(m.history().len(), 1);
    }

    #[test]
    fn winner_by_convention() {
        for (convention, winner) in [
            (Convention::Normal, Player::User),
            (Convention::Misere, Player::Engine),
        ] {
            let mut m =
                Match::new("nim".parse().unwrap(), vec![1], convention, Player::User).unwrap();
            assert_eq!(m.winner(), None);
            let Command::Move(req) = parse_command("1 1").unwrap() else {
                unreachable!()
            };
            m.play(&req).unwrap();
            assert!(m.is_over());
            assert_eq!(m.winner(), Some(winner), "{convention}");
            assert_eq!(m.check(&req), Err(MoveError::GameOver));
            assert!(m.play_engine().is_none());
        }
    }

    #[test]
    fn setup_errors() {
        let nim: HeapRuleset = "nim".parse().unwrap();
        let new = |r: &HeapRuleset, h: &[u64], c| {
            Match::new(r.clone(), h.to_vec(), c, Player::User).err()
        };
        assert_eq!(
            new(&nim, &[], Convention::Normal),
            Some(SetupError::NoHeaps)
        );
        assert!(matches!(
            new(&nim, &[0], Convention::Misere),
            Some(SetupError::NoMoves { .. })
        ));
        assert_eq!(new(&nim, &[u64::MAX, 1], Convention::Normal), None);
        let kayles: HeapRuleset = "kayles".parse().unwrap();
        assert!(matches!(
            new(&kayles, &[3, 1001], Convention::Normal),
            Some(SetupError::HeapTooLarge {
                heap: 2,
                size: 1001,
                ..
            })
        ));
        // Past the search, misère play goes to the quotient: up to heap
        // 500 it is computed, beyond it the match is refused.
        assert_eq!(new(&kayles, &[30, 11], Convention::Misere), None);
        assert!(matches!(
            new(&kayles, &[600, 1], Convention::Misere),
            Some(SetupError::MisereQuotient {
                tokens: 601,
                max: 48,
                ..
            })
        ));
        assert!(matches!(
            new(&"sub{5}".parse().unwrap(), &[4, 3], Convention::Normal),
            Some(SetupError::NoMoves { .. })
        ));
    }

    #[test]
    fn a_budget_of_the_caller_replaces_the_defaults() {
        let kayles: HeapRuleset = "kayles".parse().unwrap();
        let budget = Budget {
            max_match_heap: 2000,
            max_misere_tokens: 10,
            max_quotient_heap: 0,
            ..Budget::default()
        };
        let with = |h: &[u64], c| {
            Match::with_options(
                kayles.clone(),
                h.to_vec(),
                c,
                Player::User,
                MatchOptions::default().budget(budget),
            )
        };
        // Beyond the default MAX_MATCH_HEAP, within the caller's bound.
        // Kayles has period 12 from n = 71 on (Guy and Smith, 1956).
        let m = with(&[1500, 3], Convention::Normal).unwrap();
        assert_eq!(m.value(1500), Some(m.value(1500 - 12 * 100).unwrap()));
        assert!(matches!(
            with(&[2001], Convention::Normal),
            Err(SetupError::HeapTooLarge {
                heap: 1,
                size: 2001,
                max: 2000,
                ..
            })
        ));
        // Within the default misère bound, beyond the caller's.
        assert!(matches!(
            with(&[6, 5], Convention::Misere),
            Err(SetupError::MisereTooLarge {
                tokens: 11,
                max: 10,
                ..
            })
        ));
        assert!(with(&[6, 4], Convention::Misere).is_ok());
        // With the quotient allowed up to heap 8, the same position plays.
        let budget = Budget {
            max_quotient_heap: 8,
            ..budget
        };
        let m = Match::with_options(
            kayles.clone(),
            vec![6, 5],
            Convention::Misere,
            Player::User,
            MatchOptions::default().budget(budget),
        )
        .unwrap();
        assert_eq!(m.quotient().map(|q| q.max_heap()), Some(6));
        assert!(matches!(
            Match::with_options(
                kayles.clone(),
                vec![9, 5],
                Convention::Misere,
                Player::User,
                MatchOptions::default().budget(budget)
            ),
            Err(SetupError::MisereQuotient {
                tokens: 14,
                max: 10,
                ..
            })
        ));
    }

    /// A misère match past the search's bound, played with the quotient,
    /// agrees move for move with the exhaustive search of a match that
    /// keeps searching (a higher token bound).
    #[test]
    fn misere_by_quotient_agrees_with_the_search() {
        for (spec, heaps) in [
            ("kayles", vec![9u64, 7, 4]),
            ("0.07", vec![10, 8, 3]),
            ("grundy-game", vec![9, 7]),
        ] {
            let game: HeapRuleset = spec.parse().unwrap();
            let small = Budget {
                max_misere_tokens: 5,
                ..Budget::default()
            };
            let by_q = Match::with_options(
                game.clone(),
                heaps.clone(),
                Convention::Misere,
                Player::User,
                MatchOptions::default().budget(small),
            )
            .unwrap();
            assert!(by_q.quotient().is_some(), "{spec}");
            let by_search =
                Match::new(game, heaps.clone(), Convention::Misere, Player::User).unwrap();
            assert!(by_search.quotient().is_none(), "{spec}");
            assert_eq!(by_q.outcome(), by_search.outcome(), "{spec} {heaps:?}");
            assert_eq!(by_q.winning_moves(), by_search.winning_moves(), "{spec}");
            let hint = by_q.hint();
            assert!(matches!(hint.lesson, Lesson::Quotient(_)), "{spec}");
            assert_eq!(hint.winning_moves, by_search.winning_moves());
            // Every reachable position after one move agrees too.
            by_q.for_each_move(|mv| {
                let after = by_q.after(&mv);
                assert_eq!(
                    by_q.position().wins(&after),
                    by_search.position().wins(&after),
                    "{spec} {after:?}"
                );
            });
        }
    }

    /// The engine's choice from a P-position as it was first written: every
    /// move, sorted by (ends the game, tokens taken), the first 64 kept, and
    /// of those with the least key the one with the fewest winning replies.
    fn engine_move_by_sorting_every_move(m: &Match<HeapPosition>) -> Option<HeapMove> {
        if m.is_over() {
            return None;
        }
        if let Some(&mv) = m.winning_moves().first() {
            return Some(mv);
        }
        let mut all = Vec::new();
        m.for_each_move(|mv| all.push(mv));
        let key = |mv: &HeapMove| (!m.position().has_move(&m.after(mv)), mv.taken());
        all.sort_by_key(key);
        all.truncate(MAX_CANDIDATES);
        let least = all.first().map(key);
        all.into_iter()
            .filter(|mv| Some(key(mv)) == least)
            .min_by_key(|mv| m.position().winning_replies(&m.after(mv)))
    }

    /// The engine looks at a heap's first moves only; it must choose what
    /// sorting every move chooses, in every position, under both
    /// conventions.
    #[test]
    fn the_engine_chooses_as_if_it_sorted_every_move() {
        for game in [
            "nim",
            "kayles",
            "0.07",
            "sub{1,3,4}",
            "grundy-game",
            "half",
            "4.07",
        ] {
            for convention in [Convention::Normal, Convention::Misere] {
                let ruleset: HeapRuleset = game.parse().unwrap();
                for heaps in positions(3, 8) {
                    let Ok(m) =
                        Match::new(ruleset.clone(), heaps.clone(), convention, Player::Engine)
                    else {
                        continue;
                    };
                    assert_eq!(
                        m.engine_move(),
                        engine_move_by_sorting_every_move(&m),
                        "{game} {convention:?} {heaps:?}"
                    );
                }
            }
        }
        // P-positions with more than MAX_CANDIDATES moves of the least key
        // (twelve heaps, each with several take-one moves): eleven random
        // heaps and a twelfth that brings the nim-sum to zero.
        let mut seed = 7u64;
        for game in ["kayles", "nim", "0.07"] {
            let ruleset: HeapRuleset = game.parse().unwrap();
            let g = crate::heap::sequence::values(&ruleset, 200);
            for _ in 0..30 {
                let mut heaps: Vec<u64> = (0..11)
                    .map(|_| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        4 + (seed >> 33) % 12
                    })
                    .collect();
                let sum: Nimber = heaps.iter().map(|&h| g.get(h as usize).unwrap()).sum();
                let Some(last) = (4..=200u64).find(|&h| g.get(h as usize) == Some(sum)) else {
                    continue;
                };
                heaps.push(last);
                let m = Match::new(
                    ruleset.clone(),
                    heaps.clone(),
                    Convention::Normal,
                    Player::Engine,
                )
                .unwrap();
                assert_eq!(m.outcome(), Outcome::P, "{game} {heaps:?}");
                assert_eq!(
                    m.engine_move(),
                    engine_move_by_sorting_every_move(&m),
                    "{game} {heaps:?}"
                );
            }
        }
    }

    #[test]
    fn engine_plays_for_time_from_p_positions() {
        // Nim 1 2 3 is lost; the engine takes a single token.
        let m = start("nim", &[1, 2, 3]);
        assert_eq!(m.engine_move().unwrap().taken(), 1);
        // Misère 1 1 1: every move takes one token; none ends the game.
        let m = Match::new(
            "nim".parse().unwrap(),
            vec![1, 1, 1],
            Convention::Misere,
            Player::Engine,
        )
        .unwrap();
        assert_eq!(m.outcome(), Outcome::P);
        assert!(m.position().has_move(&m.after(&m.engine_move().unwrap())));
        // Huge Nim heaps are answered without listing moves.
        let m = start("nim", &[u64::MAX, u64::MAX]);
        assert_eq!(m.engine_move().unwrap().taken(), 1);
        let m = start("nim", &[u64::MAX, 5]);
        assert_eq!(m.engine_move().unwrap().leaves.as_slice(), [5]);
    }

    proptest::proptest! {
        /// For random subtraction sets and positions, the winning moves the
        /// match lists are exactly the moves to positions the brute force
        /// says are lost, under both conventions.
        #[test]
        fn winning_moves_match_brute_force(
            set in proptest::collection::btree_set(1u64..8, 1..4),
            heaps in proptest::collection::vec(0u64..12, 1..4),
            misere in proptest::bool::ANY,
        ) {
            let set: Vec<u64> = set.into_iter().collect();
            let spec = format!(
                "sub{{{}}}",
                set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            );
            let convention = if misere { Convention::Misere } else { Convention::Normal };
            let Ok(m) = Match::new(spec.parse().unwrap(), heaps.clone(), convention, Player::User) else {
                // Refused only when no move exists at all.
                proptest::prop_assert!(heaps.iter().all(|&h| h < set[0]));
                return Ok(());
            };
            // The test kit's minimax over whole sums of the subtraction game.
            let rules = |n: u64| kit::options(|n, leave| kit::subtraction_moves(&set, n, leave), n);
            let mut sums = if misere { Sums::misere(rules) } else { Sums::normal(rules) };
            let mut expected = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                for &t in set.iter().filter(|&&t| t <= h) {
                    let mut next = heaps.clone();
                    next[i] -= t;
                    if !sums.mover_wins(&next) {
                        expected.push((i, t));
                    }
                }
            }
            let got: Vec<(usize, u64)> = m.winning_moves().iter().map(|mv| (mv.heap, mv.taken())).collect();
            proptest::prop_assert_eq!(got, expected);
            proptest::prop_assert_eq!(
                m.outcome().first_player_wins(),
                sums.mover_wins(&heaps)
            );
        }
    }
}
