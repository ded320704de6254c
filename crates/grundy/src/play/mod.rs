//! A match against a perfect engine, for every game: [`Match`] holds the
//! position, whose turn it is and the history, and lets the engine answer;
//! a game takes part by implementing [`Playable`].
//!
//! Two kinds of games implement it: heap games ([`HeapPosition`], in
//! [`heaps`]: a list of heaps, decided by the library's one heap solver,
//! with hints that teach the winning move) and every game that names its
//! whole position (`Box<dyn Position>`, in [`position`]: boards and graphs,
//! whose moves are named by the family, under normal or misère play:
//! [`PositionPlay`]). A match knows nothing of
//! terminals: a front end (`grundy play`, the web page) reads a line, turns
//! it into a [`Command`] (heaps, with [`parse_command`]) or a move typed by
//! name (positions), asks the match to play it, to [`undo`](Match::undo)
//! or for a hint, then lets the engine answer with
//! [`play_engine`](Match::play_engine).
//!
//! The engine is perfect: from an N-position it always plays a winning
//! move. From a P-position no move wins, so it plays for time (each kind
//! says how: the heap engine takes as few tokens as it can; a board leaves
//! the fewest winning replies).
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
//!
//! The same match on a board:
//!
//! ```
//! use grundy::games::Game;
//! use grundy::play::{Match, Player, PositionPlay};
//! use grundy::Convention;
//!
//! let Some(board) = Game::parse("chomp:2x3")?.position().map(|p| p.boxed()) else { unreachable!() };
//! let mut game = Match::begin(PositionPlay::new(board, Convention::Normal), Player::User);
//! game.play_typed("c2")?; // leaves rows of 3 and 2: a P-position
//! assert_eq!(game.position().to_string(), "chomp:.../..#");
//! game.play_engine().expect("the engine can move");
//! assert!(!game.hint()?.winning_moves.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::cancel::{Cancel, Cancelled};
use crate::Convention;

pub mod heaps;
pub mod hint;
mod input;
pub mod position;

pub use crate::moves::MoveError;
pub use heaps::{HeapPosition, MatchOptions, SetupError, MAX_MISERE_TOKENS};
pub use hint::{
    Hint, Lesson, QuotientLesson, QuotientRow, SearchLesson, ValueLesson, ValueMove, ValueRow,
};
pub use input::{parse_command, parse_word, Command, MoveRequest, SYNTAX};
pub use position::PositionPlay;

/// A game a [`Match`] can be played on: its positions, its moves, and the
/// engine's choice.
pub trait Playable: Clone {
    /// A move.
    type Move: Clone + fmt::Debug;

    /// Normal or misère play: who wins when no move is left.
    fn convention(&self) -> Convention {
        Convention::Normal
    }

    /// Whether the player to move has no move.
    fn is_over(&self) -> bool;

    /// The position after `mv`.
    ///
    /// # Errors
    /// A [`MoveError`] saying why `mv` is not legal here.
    fn after(&self, mv: &Self::Move) -> Result<Self, MoveError>;

    /// The move the engine plays here (`None` when there is none): a
    /// winning move when there is one, otherwise one that plays for time.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    fn engine_move(&self, cancel: &Cancel) -> Result<Option<Self::Move>, Cancelled>;
}

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
#[derive(Clone, Debug)]
pub struct Turn<G: Playable> {
    /// The move number, from 1.
    pub number: usize,
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: G::Move,
    /// The position after the move.
    pub after: G,
}

/// A game in progress: the position, whose turn it is, and the history.
///
/// See the [module documentation](self) for examples.
#[derive(Clone, Debug)]
pub struct Match<G: Playable> {
    start: G,
    first: Player,
    history: Vec<Turn<G>>,
}

impl<G: Playable> Match<G> {
    /// A match from `start`, with `first` to move.
    pub fn begin(start: G, first: Player) -> Match<G> {
        Match {
            start,
            first,
            history: Vec::new(),
        }
    }

    /// The starting position.
    pub fn start_position(&self) -> &G {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &G {
        self.history.last().map_or(&self.start, |t| &t.after)
    }

    /// Every move so far, oldest first.
    pub fn history(&self) -> &[Turn<G>] {
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
        self.position().is_over()
    }

    /// The winner once the game is over: under normal play the player who
    /// made the last move, under misère play the other one.
    pub fn winner(&self) -> Option<Player> {
        self.is_over().then(|| match self.position().convention() {
            Convention::Normal => self.to_move().other(),
            Convention::Misere => self.to_move(),
        })
    }

    /// Plays `mv` for the player to move.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] once the game is over, or the game's reason
    /// why `mv` is not legal here; the match is unchanged.
    pub fn play_move(&mut self, mv: G::Move) -> Result<&Turn<G>, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let after = self.position().after(&mv)?;
        Ok(self.push(mv, after))
    }

    /// Lets the engine move for the player to move; `None` once the game is
    /// over.
    pub fn play_engine(&mut self) -> Option<&Turn<G>> {
        self.play_engine_until(&Cancel::new())
            .expect("nothing cancels a fresh flag")
    }

    /// [`play_engine`](Match::play_engine), stopped when `cancel` fires (a
    /// server's deadline).
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires; the match is unchanged.
    pub fn play_engine_until(&mut self, cancel: &Cancel) -> Result<Option<&Turn<G>>, Cancelled> {
        let Some(mv) = self.position().engine_move(cancel)? else {
            return Ok(None);
        };
        let after = self
            .position()
            .after(&mv)
            .expect("the engine plays legal moves");
        Ok(Some(self.push(mv, after)))
    }

    fn push(&mut self, mv: G::Move, after: G) -> &Turn<G> {
        let player = self.to_move();
        self.history.push(Turn {
            number: self.history.len() + 1,
            player,
            mv,
            after,
        });
        &self.history[self.history.len() - 1]
    }

    /// Takes back the user's last move and every engine move after it, so
    /// that it is the user's turn again at the position before that move.
    /// Returns the moves taken back, latest first; none when the user has
    /// not moved yet.
    pub fn undo(&mut self) -> Vec<Turn<G>> {
        match self.history.iter().rposition(|t| t.player == Player::User) {
            Some(last_user) => self.history.drain(last_user..).rev().collect(),
            None => Vec::new(),
        }
    }
}
