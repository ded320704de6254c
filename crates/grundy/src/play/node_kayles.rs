//! Playing Node Kayles against the perfect engine: a move picks a vertex
//! of the graph, which takes it and its neighbours away; whoever cannot
//! pick loses. The state of a match, move checking with a reason for every
//! refusal, the engine's choice, the winning vertices as a hint, and undo.
//!
//! Vertices are named as the game names them ([`NodeKayles::name`]): `1`,
//! `2`, ... on the families, `a1`, `b1`, ... on grids, the names of the
//! edge list for a graph read from a file.
//!
//! ```
//! use grundy::games::NodeKayles;
//! use grundy::play::node_kayles::{KaylesCommand, KaylesMatch};
//! use grundy::play::Player;
//!
//! let path = NodeKayles::family("nodekayles:path:4")?.expect("a family");
//! let mut game = KaylesMatch::new(path, Player::User);
//! let KaylesCommand::Pick(v) = game.parse("2")? else { unreachable!() };
//! game.play(v)?; // takes 1, 2 and 3: vertex 4 is left alone
//! let reply = game.play_engine().expect("the engine can pick 4").clone();
//! assert_eq!(game.game().name(reply.vertex), "4");
//! assert_eq!(game.winner(), Some(Player::Engine));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cancel::{Cancel, Cancelled};
use crate::games::{MoveError, NodeKayles, SearchOptions, SearchReport};
use crate::play::Player;

/// The syntax, one line per command, for a help screen.
pub const KAYLES_SYNTAX: &str =
    "  3          pick vertex 3 (a vertex by its name): it and its neighbours go
  hint       show the winning vertices (h, ?)
  undo       take back your last move and the engine's reply (u)
  help       show this help
  quit       give up the game (q, exit)";

/// The transposition table of the searches a match makes: the graphs a
/// person plays are small.
const MATCH_MEMORY: usize = 64 << 20;

/// One line of player input during a Node Kayles match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KaylesCommand {
    /// Pick this vertex (its number in the game).
    Pick(usize),
    /// Show the winning vertices.
    Hint,
    /// Take back the last move pair.
    Undo,
    /// Show the syntax.
    Help,
    /// Give up.
    Quit,
}

/// One move of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KaylesTurn {
    /// 1-based number of the move in the game.
    pub number: usize,
    /// Who made it.
    pub player: Player,
    /// The vertex picked.
    pub vertex: usize,
    /// The vertices left (bit `v` set while vertex `v` is there).
    pub after: u128,
}

/// The value of `pos` and its winning vertices, from a search with a small
/// table.
///
/// # Errors
/// [`Cancelled`] once `cancel` fires.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::games::NodeKayles;
/// use grundy::play::node_kayles::solve_at;
/// let star = NodeKayles::family("nodekayles:star:4").unwrap().unwrap();
/// let r = solve_at(&star, star.start(), &Cancel::new()).unwrap();
/// assert_eq!(r.winning_moves, vec![0]); // the centre takes everything
/// ```
pub fn solve_at(
    game: &NodeKayles,
    pos: u128,
    cancel: &Cancel,
) -> Result<SearchReport<usize>, Cancelled> {
    let options = SearchOptions {
        memory: MATCH_MEMORY,
        ..SearchOptions::default()
    };
    game.search_at(pos, &options, cancel, &mut |_| {})
}

/// The vertex the engine picks in `pos`, or `None` when none is left: a
/// winning vertex when there is one; otherwise, playing for time, the one
/// that takes the fewest vertices away.
///
/// # Errors
/// [`Cancelled`] once `cancel` fires.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::games::NodeKayles;
/// use grundy::play::node_kayles::engine_pick;
/// let path = NodeKayles::family("nodekayles:path:3").unwrap().unwrap();
/// // The middle vertex takes the whole path.
/// assert_eq!(engine_pick(&path, path.start(), &Cancel::new()).unwrap(), Some(1));
/// assert_eq!(engine_pick(&path, 0, &Cancel::new()).unwrap(), None);
/// ```
pub fn engine_pick(
    game: &NodeKayles,
    pos: u128,
    cancel: &Cancel,
) -> Result<Option<usize>, Cancelled> {
    let pos = pos & game.start();
    if pos == 0 {
        return Ok(None);
    }
    let report = solve_at(game, pos, cancel)?;
    Ok(report.winning_moves.first().copied().or_else(|| {
        (0..game.vertices())
            .filter(|&v| pos >> v & 1 == 1)
            .min_by_key(|&v| (pos & !game.pick(pos, v)).count_ones())
    }))
}

/// A Node Kayles game between the user and the engine.
#[derive(Clone, Debug)]
pub struct KaylesMatch {
    game: NodeKayles,
    first: Player,
    history: Vec<KaylesTurn>,
}

impl KaylesMatch {
    /// A match on the whole graph of `game`, with `first` to move.
    pub fn new(game: NodeKayles, first: Player) -> KaylesMatch {
        KaylesMatch {
            game,
            first,
            history: Vec::new(),
        }
    }

    /// The game: the graph and its vertices' names.
    pub fn game(&self) -> &NodeKayles {
        &self.game
    }

    /// The vertices left (bit `v` set while vertex `v` is there).
    pub fn position(&self) -> u128 {
        self.history.last().map_or(self.game.start(), |t| t.after)
    }

    /// Who moved first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// The moves so far.
    pub fn history(&self) -> &[KaylesTurn] {
        &self.history
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.first.after_turns(self.history.len())
    }

    /// Whether no vertex is left to pick.
    pub fn is_over(&self) -> bool {
        self.position() == 0
    }

    /// The winner once the game is over (whoever cannot pick loses), else
    /// `None`.
    pub fn winner(&self) -> Option<Player> {
        self.is_over().then(|| self.to_move().other())
    }

    /// Reads one line of input: a command word, or the name of a vertex of
    /// this graph (whether it is still there is for [`KaylesMatch::play`]
    /// to say).
    ///
    /// # Errors
    /// A [`MoveError`] naming the text that is neither a command nor a
    /// vertex of the graph.
    pub fn parse(&self, line: &str) -> Result<KaylesCommand, MoveError> {
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "hint" | "h" | "?" => return Ok(KaylesCommand::Hint),
            "undo" | "u" => return Ok(KaylesCommand::Undo),
            "help" => return Ok(KaylesCommand::Help),
            "quit" | "q" | "exit" => return Ok(KaylesCommand::Quit),
            _ => {}
        }
        if text.is_empty() {
            return Err(MoveError(
                "expected a vertex to pick, or hint/undo/help/quit".into(),
            ));
        }
        (0..self.game.vertices())
            .find(|&v| self.game.name(v) == text)
            .or_else(|| {
                (0..self.game.vertices()).find(|&v| self.game.name(v).eq_ignore_ascii_case(text))
            })
            .map(KaylesCommand::Pick)
            .ok_or_else(|| {
                MoveError(format!(
                    "{text:?} is not a vertex of {} (its vertices are {} to {})",
                    self.game.spec(),
                    self.game.name(0),
                    self.game.name(self.game.vertices() - 1)
                ))
            })
    }

    fn push(&mut self, player: Player, vertex: usize) -> &KaylesTurn {
        let after = self.game.pick(self.position(), vertex);
        self.history.push(KaylesTurn {
            number: self.history.len() + 1,
            player,
            vertex,
            after,
        });
        self.history.last().expect("just pushed")
    }

    /// Plays the user's pick of vertex `v`.
    ///
    /// # Errors
    /// A [`MoveError`] when the vertex is gone or not in the graph, or it
    /// is not the user's turn.
    pub fn play(&mut self, v: usize) -> Result<&KaylesTurn, MoveError> {
        if self.to_move() != Player::User {
            return Err(MoveError("it is the engine's turn".into()));
        }
        if v >= self.game.vertices() {
            return Err(MoveError(format!(
                "the graph has {} vertices",
                self.game.vertices()
            )));
        }
        if self.position() >> v & 1 == 0 {
            return Err(MoveError(format!(
                "vertex {} is gone (picked, or next to a picked vertex)",
                self.game.name(v)
            )));
        }
        Ok(self.push(Player::User, v))
    }

    /// Lets the engine pick ([`engine_pick`]) when it is its turn and a
    /// vertex is left.
    pub fn play_engine(&mut self) -> Option<&KaylesTurn> {
        if self.to_move() != Player::Engine {
            return None;
        }
        let v = engine_pick(&self.game, self.position(), &Cancel::new())
            .expect("nothing cancels a fresh flag")?;
        Some(self.push(Player::Engine, v))
    }

    /// The value and the winning vertices of the position now.
    pub fn hint(&self) -> SearchReport<usize> {
        solve_at(&self.game, self.position(), &Cancel::new()).expect("nothing cancels a fresh flag")
    }

    /// Takes back the user's last move and every engine move after it;
    /// returns the moves taken back, latest first (empty when the user has
    /// not moved).
    pub fn undo(&mut self) -> Vec<KaylesTurn> {
        crate::play::take_back(&mut self.history, |t| t.player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{sequence, HeapRuleset};

    /// Whoever follows the hint wins: on paths (the octal game 0.137,
    /// whose values the heap engine gives independently) the engine wins
    /// every game it starts from an N-position, and loses one the user
    /// starts from an N-position by following the hints.
    #[test]
    fn the_hint_and_the_engine_play_perfectly_on_paths() {
        let values = sequence::values(&HeapRuleset::parse("0.137").unwrap(), 12);
        for n in 1..=12usize {
            let path = NodeKayles::family(&format!("nodekayles:path:{n}"))
                .unwrap()
                .unwrap();
            let n_position = values.get(n).unwrap().0 != 0;
            // The user follows the hint, or picks the first vertex left.
            let mut game = KaylesMatch::new(path.clone(), Player::User);
            while !game.is_over() {
                if game.to_move() == Player::Engine {
                    game.play_engine().unwrap();
                    continue;
                }
                let hint = game.hint();
                assert_eq!(
                    hint.outcome == crate::Outcome::N,
                    !hint.winning_moves.is_empty()
                );
                let v = hint
                    .winning_moves
                    .first()
                    .copied()
                    .unwrap_or(game.position().trailing_zeros() as usize);
                game.play(v).unwrap();
            }
            let want = if n_position {
                Player::User
            } else {
                Player::Engine
            };
            assert_eq!(game.winner(), Some(want), "path of {n}");
        }
    }

    #[test]
    fn bad_picks_say_why_and_undo_takes_back_a_pair() {
        let cycle = NodeKayles::family("nodekayles:cycle:6").unwrap().unwrap();
        let mut game = KaylesMatch::new(cycle, Player::User);
        assert!(game.parse("7").unwrap_err().0.contains("not a vertex"));
        assert!(game.parse("  ").is_err());
        assert_eq!(game.parse(" HINT ").unwrap(), KaylesCommand::Hint);
        let KaylesCommand::Pick(v) = game.parse("1").unwrap() else {
            panic!("a vertex")
        };
        game.play(v).unwrap();
        let turn = game.play(3).unwrap_err();
        assert!(turn.0.contains("engine's turn"), "{turn:?}");
        game.play_engine().unwrap();
        let gone = game.play(1).unwrap_err();
        assert!(gone.0.contains("vertex 2 is gone"), "{gone:?}");
        assert_eq!(game.history().len(), 2);
        let undone = game.undo();
        assert_eq!(undone.len(), 2);
        assert_eq!(undone[0].player, Player::Engine);
        assert_eq!(game.position(), game.game().start());
        assert!(game.undo().is_empty());
    }
}
