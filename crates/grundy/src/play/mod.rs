//! Playing a heap game against a perfect engine (board games are played
//! with [`board::BoardMatch`]): the state of a match, move
//! checking with a reason for every refusal, the engine's choice, hints that
//! teach the winning move, and undo.
//!
//! A [`Match`] holds the position (a list of heaps, numbered from 1 when
//! shown), whose turn it is, and the history of moves. It knows nothing of
//! terminals: a front end (the `grundy play` command, a web page) reads a
//! line, turns it into a [`Command`] with [`parse_command`], and asks the
//! match to [`play`](Match::play) it, to [`undo`](Match::undo) or for a
//! [`hint`](Match::hint); then it lets the engine answer with
//! [`play_engine`](Match::play_engine).
//!
//! The engine is perfect: from an N-position it always plays a winning
//! move. From a P-position no move wins, so it plays for time: it avoids a
//! move that ends the game when another exists, takes as few tokens as
//! possible, and among those leaves the opponent the fewest winning replies,
//! so that a mistake is likely.
//!
//! Positions are decided by the library's one heap solver,
//! [`HeapSolver`], prepared for the starting position: Nim by the nim-sum
//! for heaps of any `u64` size, under normal and misère play (its hint is
//! the binary lesson of [`nim::explain()`](crate::nim::explain())); every
//! other ruleset of [`HeapRuleset`] from its Grundy values (normal play)
//! or, under misère play, by an exhaustive search of small positions and
//! by the game's misère quotient past them (misère values do not add up).
//!
//! A move replaces one heap by the heaps it leaves: when it leaves nothing
//! the heap stays in the list as an empty heap (so the numbers of the other
//! heaps do not change), and when it splits a heap the first part keeps its
//! number and the others are inserted right after it.
//!
//! ```
//! use grundy::heap::HeapRuleset;
//! use grundy::play::{parse_command, Command, Match, Player};
//! use grundy::Convention;
//!
//! let mut game = Match::new(HeapRuleset::Nim, vec![3, 5, 7], Convention::Normal, Player::User)?;
//! let Command::Move(request) = parse_command("3 1")? else { unreachable!() };
//! game.play(&request)?; // heap 3: 7 -> 6 leaves 3 xor 5 xor 6 = 0
//! assert_eq!(game.heaps(), &[3, 5, 6]);
//! let reply = game.play_engine().expect("the game goes on").clone();
//! assert_eq!(reply.player, Player::Engine);
//! // Whatever the engine does from a P-position, the user can win again.
//! assert!(game.hint().winning());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::{ControlFlow, RangeInclusive};

use crate::cancel::Cancel;
use crate::heap::{HeapMove, HeapRuleset, Leaves};
use crate::misere::{MisereQuotient, MAX_QUOTIENT_HEAP};
use crate::sum::{HeapSolver, MisereBounds, SolveProgress, SolverLimits, SumError};
use crate::{Convention, Nimber, Outcome};

pub mod board;
pub mod hint;
mod input;
pub mod node_kayles;

pub use hint::{
    Hint, Lesson, QuotientLesson, QuotientRow, SearchLesson, ValueLesson, ValueMove, ValueRow,
};
pub use input::{parse_command, Command, InputError, MoveRequest, SYNTAX};

/// Takes the user's last move and every move after it off `history`
/// (`player` says who made a move), latest first; nothing when the user
/// has not moved. The undo of every kind of match.
pub(crate) fn take_back<T>(history: &mut Vec<T>, player: impl Fn(&T) -> Player) -> Vec<T> {
    match history.iter().rposition(|t| player(t) == Player::User) {
        Some(last_user) => history.drain(last_user..).rev().collect(),
        None => Vec::new(),
    }
}

/// The largest heap `play` accepts in a game other than Nim: moves are
/// listed one by one, and a person does not count further. (`grundy solve`
/// answers for heaps of any size.)
pub const MAX_HEAP: u64 = 1000;

/// The most tokens a misère game other than Nim is played with by
/// searching every position, which grows quickly; larger positions are
/// played with the game's misère quotient (heaps up to
/// [`MatchLimits::max_quotient_heap`]).
pub const MAX_MISERE_TOKENS: u64 = 40;

/// Bounds on the positions a [`Match`] accepts. The defaults are
/// [`MAX_HEAP`] and [`MAX_MISERE_TOKENS`], meant for a person at a
/// terminal; a front end with bounds of its own (a web server checking
/// every request) passes them to [`Match::with_limits`].
///
/// ```
/// use grundy::play::{Match, MatchLimits, Player, SetupError};
/// use grundy::Convention;
///
/// let limits = MatchLimits { max_heap: 5000, ..MatchLimits::default() };
/// let kayles = "kayles".parse()?;
/// assert!(Match::with_limits(kayles, vec![4000], Convention::Normal, Player::User, limits).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchLimits {
    /// The largest heap in a game other than Nim: the Grundy values and
    /// the moves of every heap up to it are computed when the match starts.
    pub max_heap: u64,
    /// The most tokens a misère game other than Nim is played with by
    /// exhaustive search. It also bounds the depth of the search's
    /// recursion, so keep it small.
    pub max_misere_tokens: u64,
    /// The largest heap of a misère game other than Nim played with its
    /// misère quotient (positions past `max_misere_tokens`): the quotient
    /// for heaps up to the largest starting heap is computed when the
    /// match starts. 0 turns the quotient off.
    pub max_quotient_heap: u64,
}

impl Default for MatchLimits {
    fn default() -> MatchLimits {
        MatchLimits {
            max_heap: MAX_HEAP,
            max_misere_tokens: MAX_MISERE_TOKENS,
            max_quotient_heap: MAX_QUOTIENT_HEAP,
        }
    }
}

/// From a P-position the engine compares its candidate moves by the
/// opponent's winning replies; it looks at this many of them at most (those
/// taking the fewest tokens), so that a huge position answers at once.
const MAX_CANDIDATES: usize = 64;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The person at the keyboard.
    User,
    /// The engine.
    Engine,
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use grundy::play::Player;
    /// assert_eq!(Player::User.other(), Player::Engine);
    /// ```
    pub const fn other(self) -> Player {
        match self {
            Player::User => Player::Engine,
            Player::Engine => Player::User,
        }
    }

    /// Who moves after `turns` moves of a game that this player began.
    pub(crate) fn after_turns(self, turns: usize) -> Player {
        if turns.is_multiple_of(2) {
            self
        } else {
            self.other()
        }
    }

    /// `"you"` or `"engine"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Player::User => "you",
            Player::Engine => "engine",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One move of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The move number, from 1.
    pub number: usize,
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: HeapMove,
    /// The heaps after the move.
    pub heaps_after: Vec<u64>,
}

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
        /// The bound: [`MAX_HEAP`] unless set by [`MatchLimits`].
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
        /// The bound: [`MAX_MISERE_TOKENS`] unless set by [`MatchLimits`].
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
        /// The search's bound: [`MAX_MISERE_TOKENS`] unless set by
        /// [`MatchLimits`].
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
    limits: MatchLimits,
) -> SetupError {
    let game = game.to_owned();
    let max = limits.max_misere_tokens;
    let tokens = heaps.iter().map(|&h| u128::from(h)).sum();
    match e {
        // The quotient turned off: the search's bound is the only one.
        SumError::MisereTooLarge { .. } | SumError::MisereQuotientHeap { .. }
            if limits.max_quotient_heap == 0 =>
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

/// Why a move was refused. The `Display` text is the reason, written for
/// the player (heaps numbered from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The game is already over.
    GameOver,
    /// No heap has this number.
    NoSuchHeap {
        /// The number typed.
        heap: u64,
        /// How many heaps there are.
        count: usize,
    },
    /// The heap is empty.
    EmptyHeap {
        /// The 1-based heap number.
        heap: usize,
    },
    /// More tokens than the heap has.
    TooMany {
        /// The 1-based heap number.
        heap: usize,
        /// The heap's size.
        size: u64,
        /// The number asked for.
        take: u64,
    },
    /// The game does not allow taking this many tokens from this heap.
    TakeNotAllowed {
        /// The 1-based heap number.
        heap: usize,
        /// The number asked for.
        take: u64,
        /// Every number that may be taken from this heap, as ascending
        /// runs (empty when the heap has no move at all).
        allowed: Vec<RangeInclusive<u64>>,
    },
    /// Taking this many is allowed, but not leaving these heaps.
    BadLeave {
        /// The 1-based heap number.
        heap: usize,
        /// The heap's size.
        from: u64,
        /// The number taken.
        take: u64,
        /// The heaps asked for (`None`: the rest as one heap).
        asked: Option<Vec<u64>>,
        /// What taking `take` from this heap may leave.
        allowed: Vec<Leaves>,
    },
}

/// "1, 3 or 4": runs of three or more numbers are written "5 to 9".
fn list_runs(runs: &[RangeInclusive<u64>]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for r in runs {
        let (a, b) = (*r.start(), *r.end());
        if b >= a.saturating_add(2) {
            parts.push(format!("{a} to {b}"));
        } else {
            parts.extend((a..=b).map(|n| n.to_string()));
        }
    }
    or_list(&parts)
}

/// "a", "a or b", "a, b or c".
fn or_list(parts: &[String]) -> String {
    match parts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// How a leave reads in a sentence: "nothing", "a heap of 6", "3 and 4".
fn leave_phrase(leaves: &[u64]) -> String {
    match leaves {
        [] => "nothing".into(),
        [h] => format!("a heap of {h}"),
        _ => {
            let parts: Vec<String> = leaves.iter().map(u64::to_string).collect();
            let (last, rest) = parts.split_last().unwrap_or((&parts[0], &[]));
            format!("{} and {last}", rest.join(", "))
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::NoSuchHeap { heap, count } => match count {
                1 => write!(f, "heap {heap} does not exist: there is only heap 1"),
                _ => write!(
                    f,
                    "heap {heap} does not exist: the heaps are numbered 1 to {count}"
                ),
            },
            MoveError::EmptyHeap { heap } => write!(f, "heap {heap} is empty"),
            MoveError::TooMany { heap, size, take } => write!(
                f,
                "heap {heap} has only {size} token{}: you cannot take {take}",
                if *size == 1 { "" } else { "s" }
            ),
            MoveError::TakeNotAllowed {
                heap,
                take,
                allowed,
            } => {
                if allowed.is_empty() {
                    write!(f, "no move is possible on heap {heap} in this game")
                } else if *take == 0 && *allowed[0].start() >= 1 {
                    write!(
                        f,
                        "a move must take at least one token: from heap {heap} you may take {}",
                        list_runs(allowed)
                    )
                } else {
                    write!(
                        f,
                        "you cannot take {take} from heap {heap}: you may take {}",
                        list_runs(allowed)
                    )
                }
            }
            MoveError::BadLeave {
                from,
                take,
                asked,
                allowed,
                ..
            } => {
                let rest = from - take;
                match asked {
                    None => write!(
                        f,
                        "taking {take} from {from} may not leave {}",
                        leave_phrase(if rest == 0 {
                            &[]
                        } else {
                            std::slice::from_ref(&rest)
                        })
                    )?,
                    Some(parts) if parts.len() == 1 && parts[0] != rest => write!(
                        f,
                        "taking {take} from {from} leaves {rest}, not {}",
                        parts[0]
                    )?,
                    Some(parts) if parts.len() == 1 => write!(
                        f,
                        "taking {take} from {from} may not leave {}",
                        leave_phrase(parts)
                    )?,
                    Some(parts) => {
                        let sum: u128 = parts.iter().map(|&p| u128::from(p)).sum();
                        if sum == u128::from(rest) {
                            write!(
                                f,
                                "taking {take} from {from} leaves {rest}, which this game does not let you split into {}",
                                leave_phrase(parts)
                            )?;
                        } else {
                            write!(
                                f,
                                "taking {take} from {from} leaves {rest}, which cannot be split into {}",
                                leave_phrase(parts)
                            )?;
                        }
                    }
                }
                let options: Vec<String> = allowed
                    .iter()
                    .take(6)
                    .map(|l| leave_phrase(l.as_slice()))
                    .collect();
                let more = if allowed.len() > 6 { ", ..." } else { "" };
                write!(f, "; it may leave {}{more}", or_list(&options))
            }
        }
    }
}

impl MoveError {
    /// A legal move close to the one refused, for a front end to suggest
    /// in its own words (a terminal: "type '1 0 1 5'"): for a move that may
    /// not leave what was asked, the first of those it may leave.
    ///
    /// ```
    /// use grundy::play::{Match, MoveRequest, Player};
    /// use grundy::Convention;
    ///
    /// let m = Match::new("grundy-game".parse()?, vec![6], Convention::Normal, Player::User)?;
    /// let err = m.check(&MoveRequest { heap: 1, take: 0, leave: Some(vec![3, 3]) }).unwrap_err();
    /// assert_eq!(err.example().map(|mv| mv.syntax()), Some("1 0 1 5".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn example(&self) -> Option<HeapMove> {
        match self {
            MoveError::BadLeave {
                heap,
                from,
                allowed,
                ..
            } => allowed.first().map(|&leaves| HeapMove {
                heap: heap - 1,
                from: *from,
                leaves,
            }),
            _ => None,
        }
    }
}

impl std::error::Error for MoveError {}

/// A game in progress: the position, whose turn it is, and the history.
///
/// See the [module documentation](self) for an example.
#[derive(Clone, Debug)]
pub struct Match {
    /// The game's name in hints: the canonical spec unless renamed.
    name: String,
    first: Player,
    start: Vec<u64>,
    heaps: Vec<u64>,
    history: Vec<Turn>,
    /// The library's one heap solver, prepared for the starting position
    /// (heaps never grow, so it covers every position of the match). Clones
    /// of a match share what it computed, the misère search's memory
    /// included, so a front end may explore variations on copies at no
    /// cost.
    solver: HeapSolver,
}

impl Match {
    /// Starts a match from `heaps`, with `first` to move.
    ///
    /// # Errors
    /// No heaps, a position with no move, a heap larger than [`MAX_HEAP`]
    /// in a game other than Nim, or a misère game other than Nim with more
    /// than [`MAX_MISERE_TOKENS`] tokens.
    ///
    /// # Complexity
    /// For rulesets other than Nim under normal play, the Grundy values up
    /// to the largest heap; under misère play past the search, the misère
    /// quotient up to it (see [`HeapSolverBuilder::prepare`](crate::sum::HeapSolverBuilder::prepare)).
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
    ) -> Result<Match, SetupError> {
        Match::with_limits(ruleset, heaps, convention, first, MatchLimits::default())
    }

    /// Starts a match as [`new`](Match::new) does, with bounds of the
    /// caller's instead of [`MAX_HEAP`] and [`MAX_MISERE_TOKENS`].
    ///
    /// # Errors
    /// As [`new`](Match::new), with the bounds of `limits`.
    ///
    /// # Complexity
    /// As [`new`](Match::new).
    pub fn with_limits(
        ruleset: HeapRuleset,
        heaps: Vec<u64>,
        convention: Convention,
        first: Player,
        limits: MatchLimits,
    ) -> Result<Match, SetupError> {
        Match::with_limits_cancellable(ruleset, heaps, convention, first, limits, &Cancel::new())
    }

    /// Starts a match as [`with_limits`](Match::with_limits) does, with the
    /// preparation (the Grundy values, or the misère quotient, which may
    /// take seconds) stopped through `cancel`: a server with a deadline
    /// passes its flag.
    ///
    /// # Errors
    /// As [`with_limits`](Match::with_limits); a stopped quotient is a
    /// [`SetupError::MisereQuotient`] that says so, stopped values a
    /// [`SetupError::Values`].
    ///
    /// # Complexity
    /// As [`new`](Match::new), plus the misère quotient's computation for
    /// misère games past `limits.max_misere_tokens`.
    pub fn with_limits_cancellable(
        ruleset: HeapRuleset,
        heaps: Vec<u64>,
        convention: Convention,
        first: Player,
        limits: MatchLimits,
        cancel: &Cancel,
    ) -> Result<Match, SetupError> {
        Match::with_progress(
            ruleset,
            heaps,
            convention,
            first,
            limits,
            cancel,
            &mut |_| {},
        )
    }

    /// Starts a match as
    /// [`with_limits_cancellable`](Match::with_limits_cancellable) does,
    /// telling `progress` how far the solver's preparation got (the misère
    /// quotient's heaps, for instance): a terminal front end draws it.
    ///
    /// # Errors
    /// As [`with_limits_cancellable`](Match::with_limits_cancellable).
    ///
    /// # Complexity
    /// As [`with_limits_cancellable`](Match::with_limits_cancellable).
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::play::{Match, MatchLimits, Player};
    /// use grundy::sum::SolveProgress;
    /// use grundy::Convention;
    ///
    /// let mut heaps_done = 0;
    /// let m = Match::with_progress(
    ///     "kayles".parse()?,
    ///     vec![30, 20],
    ///     Convention::Misere,
    ///     Player::User,
    ///     MatchLimits::default(),
    ///     &Cancel::new(),
    ///     &mut |p| {
    ///         if let SolveProgress::Quotient { heap, .. } = p {
    ///             heaps_done = heap;
    ///         }
    ///     },
    /// )?;
    /// assert_eq!(heaps_done, 30);
    /// assert_eq!(m.quotient().map(|q| q.order()), Some(40));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_progress(
        ruleset: HeapRuleset,
        heaps: Vec<u64>,
        convention: Convention,
        first: Player,
        limits: MatchLimits,
        cancel: &Cancel,
        progress: &mut dyn FnMut(SolveProgress),
    ) -> Result<Match, SetupError> {
        if heaps.is_empty() {
            return Err(SetupError::NoHeaps);
        }
        let game = ruleset.to_string();
        // Nim is solved by its formula at any size; other games list their
        // moves one by one, which a person does not count past `max_heap`.
        if ruleset != HeapRuleset::Nim {
            if let Some((i, &size)) = heaps.iter().enumerate().find(|(_, &h)| h > limits.max_heap) {
                return Err(SetupError::HeapTooLarge {
                    heap: i + 1,
                    size,
                    max: limits.max_heap,
                    game,
                });
            }
        }
        let solver_limits = SolverLimits {
            max_values: limits.max_heap,
            tabulate: true,
            misere: MisereBounds {
                max_search_tokens: limits.max_misere_tokens,
                max_quotient_heap: limits.max_quotient_heap,
                ..MisereBounds::default()
            },
        };
        let solver = HeapSolver::of(&ruleset, convention)
            .limits(solver_limits)
            .cancel(cancel)
            .progress(progress)
            .prepare(&heaps)
            .map_err(|e| setup_error(e, &game, &heaps, convention, limits))?;
        let m = Match {
            name: game.clone(),
            first,
            start: heaps.clone(),
            heaps,
            history: Vec::new(),
            solver,
        };
        if m.is_over() {
            return Err(SetupError::NoMoves { game });
        }
        Ok(m)
    }

    /// The same match, with the game called `name` in hints (for instance
    /// `kayles (0.77)` where the canonical spec is `0.77`).
    pub fn named(mut self, name: impl Into<String>) -> Match {
        self.name = name.into();
        self
    }

    /// The game's name: the canonical spec unless [`named`](Match::named).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &HeapRuleset {
        self.solver.ruleset()
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        self.solver.convention()
    }

    /// The starting position.
    pub fn start(&self) -> &[u64] {
        &self.start
    }

    /// The current position.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// Every move so far, oldest first.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// Who made the first move.
    pub fn first(&self) -> Player {
        self.first
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.first.after_turns(self.history.len())
    }

    /// Whether the player to move has no move.
    pub fn is_over(&self) -> bool {
        !self.has_move(&self.heaps)
    }

    /// The winner once the game is over: under normal play the player who
    /// made the last move, under misère play the other one.
    pub fn winner(&self) -> Option<Player> {
        self.is_over().then(|| match self.convention() {
            Convention::Normal => self.to_move().other(),
            Convention::Misere => self.to_move(),
        })
    }

    /// The misère quotient the match is played with: for misère games
    /// other than Nim that start past the exhaustive search's bound.
    pub fn quotient(&self) -> Option<&MisereQuotient> {
        self.solver.quotient()
    }

    /// The heap solver the match is played with.
    pub fn solver(&self) -> &HeapSolver {
        &self.solver
    }

    /// Who wins the current position with perfect play, for the player to
    /// move.
    pub fn outcome(&self) -> Outcome {
        Outcome::from_first_player_wins(self.wins(&self.heaps))
    }

    /// The Grundy value of a heap of `n` tokens, for rulesets other than
    /// Nim and sizes up to the largest starting heap; `n` itself for Nim.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        self.solver.value(n).ok()
    }

    fn has_move(&self, heaps: &[u64]) -> bool {
        self.solver.has_move(heaps)
    }

    /// Whether the player to move wins `heaps`. Every position of the match
    /// is reachable from its start, for which the solver was prepared, so
    /// the solver always answers.
    fn wins(&self, heaps: &[u64]) -> bool {
        matches!(self.solver.outcome(heaps), Ok(Outcome::N))
    }

    /// Calls `f` with every legal move from `heaps`, heap by heap, in the
    /// order the ruleset lists options (for Nim, taking 1 first).
    ///
    /// # Complexity
    /// The number of moves; for Nim that is the total number of tokens, so
    /// front ends with huge Nim heaps should not list every move.
    pub fn for_each_move(&self, mut f: impl FnMut(HeapMove)) {
        let _ = self.solver.for_each_move(&self.heaps, |mv| {
            f(mv);
            ControlFlow::Continue(())
        });
    }

    /// The heaps after `mv` from the current position.
    pub fn after(&self, mv: &HeapMove) -> Vec<u64> {
        mv.apply(&self.heaps)
    }

    /// Every winning move from the current position (empty for a
    /// P-position or a finished game).
    ///
    /// # Complexity
    /// O(heaps) for Nim; otherwise every move is tried once, each checked
    /// in O(heaps) under normal play or by the misère search.
    pub fn winning_moves(&self) -> Vec<HeapMove> {
        self.winning_moves_in(&self.heaps)
    }

    /// Every winning move from `heaps`, a position reachable in this match.
    pub(crate) fn winning_moves_in(&self, heaps: &[u64]) -> Vec<HeapMove> {
        self.solver
            .solve(heaps, usize::MAX)
            .map(|s| s.winning_moves)
            .unwrap_or_default()
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
        if self.is_over() {
            return None;
        }
        if let Some(&mv) = self.winning_moves().first() {
            return Some(mv);
        }
        // No move wins. Prefer a move after which the game goes on (one after
        // which nobody can move ends it at once), then one that takes as few
        // tokens as possible: the least key (ends, taken) of any move. Each
        // heap lists its moves in order of tokens taken, so its least key is
        // met by its first move that does not end the game (or, when every
        // move ends it, by its first move), and a Nim heap of 10^18 is
        // looked at through its first moves only.
        let key = |mv: &HeapMove| (!self.has_move(&self.after(mv)), mv.taken());
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
            .min_by_key(|mv| self.winning_replies(&self.after(mv)))
    }

    /// The number of winning moves in `heaps` for the player to move.
    fn winning_replies(&self, heaps: &[u64]) -> u128 {
        self.solver
            .solve(heaps, 0)
            .map_or(0, |s| s.total_winning_moves)
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
        let count = self.heaps.len();
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
        let size = self.heaps[index];
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
    pub fn play(&mut self, req: &MoveRequest) -> Result<&Turn, MoveError> {
        let mv = self.check(req)?;
        Ok(self.push(mv))
    }

    /// Lets the engine move for the player to move; `None` once the game is
    /// over.
    pub fn play_engine(&mut self) -> Option<&Turn> {
        let mv = self.engine_move()?;
        Some(self.push(mv))
    }

    fn push(&mut self, mv: HeapMove) -> &Turn {
        let player = self.to_move();
        self.heaps = mv.apply(&self.heaps);
        self.history.push(Turn {
            number: self.history.len() + 1,
            player,
            mv,
            heaps_after: self.heaps.clone(),
        });
        &self.history[self.history.len() - 1]
    }

    /// Takes back the user's last move and every engine move after it, so
    /// that it is the user's turn again at the position before that move.
    /// Returns the moves taken back, latest first; none when the user has
    /// not moved yet.
    ///
    /// ```
    /// use grundy::play::{parse_command, Command, Match, Player};
    /// use grundy::Convention;
    ///
    /// let mut m = Match::new("nim".parse()?, vec![1, 2], Convention::Normal, Player::User)?;
    /// let Command::Move(req) = parse_command("2 2")? else { unreachable!() };
    /// m.play(&req)?;
    /// m.play_engine();
    /// assert_eq!(m.undo().len(), 2);
    /// assert_eq!(m.heaps(), &[1, 2]);
    /// assert!(m.undo().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Vec<Turn> {
        let undone = take_back(&mut self.history, |t| t.player);
        self.heaps = match self.history.last() {
            Some(t) => t.heaps_after.clone(),
            None => self.start.clone(),
        };
        undone
    }

    /// The lesson for the player to move: why the position is won or lost,
    /// the winning moves, and the move the engine would play here.
    ///
    /// # Complexity
    /// That of [`engine_move`](Match::engine_move), plus the binary lesson
    /// (O(heaps · digits)) for Nim.
    pub fn hint(&self) -> Hint {
        hint::build(self)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;

    /// The options of one heap, written here from the rules and not from
    /// the library's rulesets: a list of what a move may leave.
    fn options(game: &str, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        match game {
            "nim" => out.extend((0..n).map(|r| vec![r])),
            "sub{1,3,4}" => out.extend([1, 3, 4].iter().filter(|&&s| s <= n).map(|s| vec![n - s])),
            // Kayles: knock down one pin or two adjacent pins from a row.
            "kayles" => {
                for take in [1, 2] {
                    if take <= n {
                        for left in 0..=n - take {
                            out.push(vec![left, n - take - left]);
                        }
                    }
                }
            }
            // Grundy's game: split a heap into two unequal heaps.
            "grundy-game" => out.extend((1..n.div_ceil(2)).map(|a| vec![a, n - a])),
            _ => unreachable!("no reference rules for {game}"),
        }
        out
    }

    /// Minimax by brute force: whether the player to move wins.
    fn brute_wins(
        game: &str,
        misere: bool,
        heaps: &[u64],
        memo: &mut HashMap<Vec<u64>, bool>,
    ) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        for i in 0..key.len() {
            for opt in options(game, key[i]) {
                any = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(opt);
                if !brute_wins(game, misere, &next, memo) {
                    wins = true;
                }
            }
        }
        let w = if any { wins } else { misere };
        memo.insert(key, w);
        w
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
    fn engine_beats_everyone(m: &Match, seen: &mut HashSet<Vec<u64>>) {
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
            let misere = convention == Convention::Misere;
            let mut memo = HashMap::new();
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
                let n = brute_wins(game, misere, &start, &mut memo);
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
                    m.for_each_move(|other| can_continue |= m.has_move(&m.after(&other)));
                    if can_continue {
                        assert!(
                            m.has_move(&m.after(&mv)),
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
        send_sync::<Match>();
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

    fn start(game: &str, heaps: &[u64]) -> Match {
        Match::new(
            game.parse().unwrap(),
            heaps.to_vec(),
            Convention::Normal,
            Player::User,
        )
        .unwrap()
    }

    fn reason(m: &Match, line: &str) -> String {
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
             heap of 5, 1 and 4 or 2 and 3 (type '1 2')"
        );
        assert_eq!(
            reason(&m, "1 1 9"),
            "taking 1 from 7 leaves 6, not 9; it may leave a heap of 6, 1 and 5, 2 and 4 or \
             3 and 3 (type '1 1')"
        );
        let m = start("grundy-game", &[6]);
        assert_eq!(
            reason(&m, "1 0 3 3"),
            "taking 0 from 6 leaves 6, which this game does not let you split into 3 and 3; \
             it may leave 1 and 5 or 2 and 4 (type '1 0 1 5')"
        );
        assert_eq!(
            reason(&m, "1 0"),
            "taking 0 from 6 may not leave a heap of 6; it may leave 1 and 5 or 2 and 4 \
             (type '1 0 1 5')"
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
        assert_eq!(turn.heaps_after, [2, 2, 4, 1]);
        assert_eq!(turn.mv.to_string(), "take 1 from heap 2 (7 -> 2 + 4)");
        assert_eq!((turn.number, turn.player), (1, Player::User));
        let Command::Move(req) = parse_command("4 1").unwrap() else {
            unreachable!()
        };
        assert_eq!(m.play(&req).unwrap().heaps_after, [2, 2, 4, 0]);
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
                max: 40,
                ..
            })
        ));
        assert!(matches!(
            new(&"sub{5}".parse().unwrap(), &[4, 3], Convention::Normal),
            Some(SetupError::NoMoves { .. })
        ));
    }

    #[test]
    fn limits_of_the_caller_replace_the_defaults() {
        let kayles: HeapRuleset = "kayles".parse().unwrap();
        let limits = MatchLimits {
            max_heap: 2000,
            max_misere_tokens: 10,
            max_quotient_heap: 0,
        };
        let with =
            |h: &[u64], c| Match::with_limits(kayles.clone(), h.to_vec(), c, Player::User, limits);
        // Beyond the default MAX_HEAP, within the caller's bound.
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
        let limits = MatchLimits {
            max_quotient_heap: 8,
            ..limits
        };
        let m = Match::with_limits(
            kayles.clone(),
            vec![6, 5],
            Convention::Misere,
            Player::User,
            limits,
        )
        .unwrap();
        assert_eq!(m.quotient().map(|q| q.max_heap()), Some(6));
        assert!(matches!(
            Match::with_limits(
                kayles.clone(),
                vec![9, 5],
                Convention::Misere,
                Player::User,
                limits
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
            let small = MatchLimits {
                max_misere_tokens: 5,
                ..MatchLimits::default()
            };
            let by_q = Match::with_limits(
                game.clone(),
                heaps.clone(),
                Convention::Misere,
                Player::User,
                small,
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
                    by_q.wins(&after),
                    by_search.wins(&after),
                    "{spec} {after:?}"
                );
            });
        }
    }

    /// The engine's choice from a P-position as it was first written: every
    /// move, sorted by (ends the game, tokens taken), the first 64 kept, and
    /// of those with the least key the one with the fewest winning replies.
    fn engine_move_by_sorting_every_move(m: &Match) -> Option<HeapMove> {
        if m.is_over() {
            return None;
        }
        if let Some(&mv) = m.winning_moves().first() {
            return Some(mv);
        }
        let mut all = Vec::new();
        m.for_each_move(|mv| all.push(mv));
        let key = |mv: &HeapMove| (!m.has_move(&m.after(mv)), mv.taken());
        all.sort_by_key(key);
        all.truncate(MAX_CANDIDATES);
        let least = all.first().map(key);
        all.into_iter()
            .filter(|mv| Some(key(mv)) == least)
            .min_by_key(|mv| m.winning_replies(&m.after(mv)))
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
        assert!(m.has_move(&m.after(&m.engine_move().unwrap())));
        // Huge Nim heaps are answered without listing moves.
        let m = start("nim", &[u64::MAX, u64::MAX]);
        assert_eq!(m.engine_move().unwrap().taken(), 1);
        let m = start("nim", &[u64::MAX, 5]);
        assert_eq!(m.engine_move().unwrap().leaves.as_slice(), [5]);
    }

    /// Whether the player to move wins a subtraction game with set `set`,
    /// by brute force over sorted positions.
    fn brute_sub(
        set: &[u64],
        misere: bool,
        heaps: &[u64],
        memo: &mut HashMap<Vec<u64>, bool>,
    ) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        for i in 0..key.len() {
            for &t in set.iter().filter(|&&t| t <= key[i]) {
                any = true;
                let mut next = key.clone();
                next[i] -= t;
                wins |= !brute_sub(set, misere, &next, memo);
            }
        }
        let w = if any { wins } else { misere };
        memo.insert(key, w);
        w
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
            let mut memo = HashMap::new();
            let mut expected = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                for &t in set.iter().filter(|&&t| t <= h) {
                    let mut next = heaps.clone();
                    next[i] -= t;
                    if !brute_sub(&set, misere, &next, &mut memo) {
                        expected.push((i, t));
                    }
                }
            }
            let got: Vec<(usize, u64)> = m.winning_moves().iter().map(|mv| (mv.heap, mv.taken())).collect();
            proptest::prop_assert_eq!(got, expected);
            proptest::prop_assert_eq!(
                m.outcome().first_player_wins(),
                brute_sub(&set, misere, &heaps, &mut memo)
            );
        }
    }
}
