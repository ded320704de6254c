//! The games that name a whole position (boards, graphs: every
//! [`Position`]) in a [`Match`]: moves are typed by their names, the engine
//! plays as [`Position::engine_move`] says, and a hint is the position's
//! value and winning moves.

use super::{Match, Playable, Turn};
use crate::cancel::{Cancel, Cancelled};
use crate::games::{Move, Position, SearchOptions, Solution, SolveOptions};
use crate::moves::MoveError;
use crate::Convention;

/// The transposition table of the searches a match makes: the positions a
/// person plays are small.
pub const MATCH_MEMORY: usize = 64 << 20;

/// The options of a match's searches under `convention`, stopped by
/// `cancel`.
fn options(cancel: &Cancel, convention: Convention) -> SolveOptions<'_> {
    SolveOptions::default()
        .search(SearchOptions {
            memory: MATCH_MEMORY,
            ..SearchOptions::default()
        })
        .cancel(cancel)
        .convention(convention)
}

/// A whole position in a match, under normal or misère play. It derefs to
/// the position.
#[derive(Clone, Debug)]
pub struct PositionPlay {
    position: Box<dyn Position>,
    convention: Convention,
}

impl PositionPlay {
    /// `position`, played under `convention`.
    pub fn new(position: Box<dyn Position>, convention: Convention) -> PositionPlay {
        PositionPlay {
            position,
            convention,
        }
    }
}

impl std::fmt::Display for PositionPlay {
    /// The position's spec.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.position.fmt(f)
    }
}

impl std::ops::Deref for PositionPlay {
    type Target = dyn Position;

    fn deref(&self) -> &(dyn Position + 'static) {
        &*self.position
    }
}

impl Playable for PositionPlay {
    type Move = Move;

    fn convention(&self) -> Convention {
        self.convention
    }

    fn is_over(&self) -> bool {
        self.position.moves().is_empty()
    }

    fn after(&self, mv: &Move) -> Result<PositionPlay, MoveError> {
        self.position
            .moves()
            .into_iter()
            .find(|(m, _)| m == mv)
            .map(|(_, after)| PositionPlay::new(after, self.convention))
            .ok_or_else(|| MoveError::Illegal(format!("{} is not a move here", mv.name)))
    }

    fn engine_move(&self, cancel: &Cancel) -> Result<Option<Move>, Cancelled> {
        let chosen = self
            .position
            .engine_move(&mut options(cancel, self.convention))?;
        Ok(chosen.map(|i| self.position.moves().swap_remove(i).0))
    }
}

impl Match<PositionPlay> {
    /// Plays the move the player typed (as the family names moves:
    /// `a1 a2`, `b2`, a vertex's name).
    ///
    /// # Errors
    /// [`MoveError::Unreadable`] for text that is no move of the game,
    /// [`MoveError::Illegal`] with the reason for a move that is not legal
    /// here, [`MoveError::GameOver`] once the game is over; the match is
    /// unchanged.
    pub fn play_typed(&mut self, text: &str) -> Result<&Turn<PositionPlay>, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let index = self.position().parse_move(text)?;
        let mv = self.position().moves().swap_remove(index).0;
        self.play_move(mv)
    }

    /// The value (normal play) and the winning moves of the position now.
    ///
    /// # Errors
    /// [`Cancelled`] never: the search runs to its end.
    pub fn hint(&self) -> Result<Solution, Cancelled> {
        let position = self.position();
        position.solve(&mut options(&Cancel::new(), position.convention))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::heap::{sequence, HeapRuleset};
    use crate::play::Player;

    fn start(spec: &str, first: Player) -> Match<PositionPlay> {
        start_under(spec, first, Convention::Normal)
    }

    fn start_under(spec: &str, first: Player, convention: Convention) -> Match<PositionPlay> {
        let game = Game::parse(spec).unwrap();
        let position = game.position().unwrap().boxed();
        Match::begin(PositionPlay::new(position, convention), first)
    }

    /// Whoever follows the hint wins: on paths (the octal game 0.137,
    /// whose values the heap engine gives independently) the engine wins
    /// every game it starts from an N-position, and loses one the user
    /// starts from an N-position by following the hints.
    #[test]
    fn the_hint_and_the_engine_play_perfectly_on_paths() {
        let values = sequence::values(&HeapRuleset::parse("0.137").unwrap(), 12);
        for n in 1..=12usize {
            let n_position = values.get(n).unwrap().0 != 0;
            for first in [Player::User, Player::Engine] {
                let mut game = start(&format!("nodekayles:path:{n}"), first);
                while !game.is_over() {
                    if game.to_move() == Player::Engine {
                        game.play_engine().unwrap();
                        continue;
                    }
                    let hint = game.hint().unwrap();
                    let name = match hint.winning_moves.first() {
                        Some(m) => m.name.clone(),
                        None => game.position().moves()[0].0.name.clone(),
                    };
                    game.play_typed(&name).unwrap();
                }
                let first_wins = game.winner() == Some(first);
                assert_eq!(first_wins, n_position, "path of {n}, {first} first");
            }
        }
    }

    /// Under misère play the engine, to move from a misère N-position,
    /// wins against every reply: on Cram strips (misère Dawson's Kayles,
    /// whose outcomes the heap engine's misère solver gives independently)
    /// and on Node Kayles paths (misère 0.137).
    #[test]
    fn the_engine_wins_misere_games_from_n_positions() {
        for (spec, code, n) in [("cram:1x", "0.07", 9u64), ("nodekayles:path:", "0.137", 8)] {
            let rules = crate::heap::HeapRuleset::parse(code).unwrap();
            for k in 1..=n {
                let solver = crate::sum::HeapSolver::of(&rules, Convention::Misere)
                    .prepare(&[k])
                    .unwrap();
                let first_wins = solver.outcome(&[k]).unwrap() == crate::Outcome::N;
                let game = start_under(&format!("{spec}{k}"), Player::Engine, Convention::Misere);
                assert_eq!(
                    game.hint().unwrap().outcome == crate::Outcome::N,
                    first_wins,
                    "{spec}{k}"
                );
                if first_wins && !game.is_over() {
                    assert_wins(game);
                }
            }
        }
    }

    #[test]
    fn boards_take_their_moves_by_cells() {
        let mut game = start("chomp:2x3", Player::User);
        game.play_typed("c2").unwrap();
        assert_eq!(game.position().to_string(), "chomp:.../..#");
        let err = game.play_typed("a1").unwrap_err();
        assert!(err.to_string().contains("poison"), "{err}");
        game.play_engine().unwrap();
        assert_eq!(game.undo().len(), 2);
        assert_eq!(game.position().to_string(), "chomp:2x3");
        let err = game.play_typed("zz9 a1 b1").unwrap_err();
        assert!(matches!(err, MoveError::Unreadable(_)), "{err}");
    }

    #[test]
    fn the_engine_wins_cram_from_n_positions() {
        // 1xN Cram is Dawson's Kayles 0.07 on N cells: the engine, to move
        // from an N-position, wins against every reply.
        let values = sequence::values(&HeapRuleset::parse("0.07").unwrap(), 9);
        for n in 2..=9 {
            let game = start(&format!("cram:1x{n}"), Player::Engine);
            if values.get(n).unwrap().0 != 0 {
                assert_wins(game);
            }
        }
    }

    /// The engine, to move, wins against every sequence of replies.
    fn assert_wins(mut game: Match<PositionPlay>) {
        game.play_engine().unwrap();
        if game.is_over() {
            assert_eq!(game.winner(), Some(Player::Engine));
            return;
        }
        for (mv, _) in game.position().moves() {
            let mut next = game.clone();
            next.play_move(mv).unwrap();
            if next.is_over() {
                assert_eq!(next.winner(), Some(Player::Engine));
            } else {
                assert_wins(next);
            }
        }
    }
}
