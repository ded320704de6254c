//! Playing a board game (Cram, Chomp) against the perfect engine: the
//! state of a match, move checking with a reason for every refusal, the
//! engine's choice, the winning moves as a hint, and undo.
//!
//! Cells are named as on a chess board, by column letter and row number,
//! with `a1` the top-left corner (the poisoned square in Chomp) and rows
//! counted downwards: a Cram move names the two cells of its domino
//! (`a1 a2`, `a1-b1`), a Chomp move the square bitten (`b2`).
//!
//! ```
//! use grundy::games::Board;
//! use grundy::play::board::{parse_board_command, BoardCommand, BoardMatch};
//! use grundy::play::Player;
//!
//! let mut game = BoardMatch::new(Board::parse("chomp:2x3")?, Player::User);
//! let BoardCommand::Move(bite) = parse_board_command("c2")? else { unreachable!() };
//! game.play(&bite)?; // leaves rows of 3 and 2: a P-position
//! assert_eq!(game.position().to_string(), "chomp:.../..#");
//! let reply = game.play_engine().expect("the engine can move").clone();
//! assert_eq!(reply.player, Player::Engine);
//! // Whatever the engine does from a P-position, the user can win again.
//! assert!(!game.hint().winning_moves.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cancel::{Cancel, Cancelled};
use crate::games::board::cell_name;
use crate::games::{Board, BoardMove, BoardSolution, MoveError, SearchOptions};
use crate::play::input::InputError;
use crate::play::Player;

/// The syntax, one line per command, for a help screen.
pub const BOARD_SYNTAX: &str =
    "  a1 a2      Cram: place a domino on cells a1 and a2 (columns are letters,
             rows are numbers from 1 at the top; also a1a2 or a1-a2)
  b2         Chomp: bite square b2 and every square below and right of it
  hint       show the winning moves (h, ?)
  undo       take back your last move and the engine's reply (u)
  help       show this help
  quit       give up the game (q, exit)";

/// One line of player input during a board game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardCommand {
    /// Make a move: the cells it names (one or two).
    Move(BoardMove),
    /// Show the winning moves.
    Hint,
    /// Take back the last move pair.
    Undo,
    /// Show the syntax.
    Help,
    /// Give up.
    Quit,
}

/// A cell name at the start of `text` (`b12`): the cell and how many bytes
/// it used, or why not.
fn cell(text: &str) -> Result<((u8, u8), usize), String> {
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    let digits = text[letters..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if letters == 0 || digits == 0 {
        return Err("expected a cell such as 'a1' (column letter, row number)".into());
    }
    let mut col: u32 = 0;
    for b in text[..letters].bytes() {
        col = col * 26 + u32::from(b.to_ascii_lowercase() - b'a') + 1;
        if col > 256 {
            return Err(format!("column '{}' is off every board", &text[..letters]));
        }
    }
    let row: u32 = text[letters..letters + digits]
        .parse()
        .ok()
        .filter(|&r| (1..=256).contains(&r))
        .ok_or_else(|| {
            format!(
                "row {} is off every board (rows count from 1)",
                &text[letters..letters + digits]
            )
        })?;
    Ok((((row - 1) as u8, (col - 1) as u8), letters + digits))
}

/// Reads one line of input: a command word, or one cell (a Chomp bite) or
/// two (a Cram domino). Whether the move is legal is for
/// [`BoardMatch::play`] to say.
///
/// # Errors
/// An [`InputError`] at the first character that is neither part of a
/// cell name nor a separator, or at a third cell.
///
/// ```
/// use grundy::games::BoardMove;
/// use grundy::play::board::{parse_board_command, BoardCommand};
///
/// assert_eq!(parse_board_command(" A1-b1 ")?, BoardCommand::Move(BoardMove::Domino([(0, 0), (0, 1)])));
/// assert_eq!(parse_board_command("c2")?, BoardCommand::Move(BoardMove::Bite((1, 2))));
/// assert_eq!(parse_board_command("hint")?, BoardCommand::Hint);
/// assert_eq!(parse_board_command("a1 x").unwrap_err().column, 4);
/// # Ok::<(), grundy::play::InputError>(())
/// ```
pub fn parse_board_command(line: &str) -> Result<BoardCommand, InputError> {
    let trimmed = line.trim();
    match trimmed.to_ascii_lowercase().as_str() {
        "hint" | "h" | "?" => return Ok(BoardCommand::Hint),
        "undo" | "u" => return Ok(BoardCommand::Undo),
        "help" => return Ok(BoardCommand::Help),
        "quit" | "q" | "exit" => return Ok(BoardCommand::Quit),
        "" => {
            return Err(InputError {
                column: 1,
                message: "expected a move such as 'a1 a2' (Cram) or 'b2' (Chomp), or a command (hint, undo, help, quit), found nothing".into(),
            })
        }
        _ => {}
    }
    let mut cells = Vec::new();
    let mut at = 0;
    while at < line.len() {
        let rest = &line[at..];
        let c = rest.chars().next().expect("not at the end");
        if c.is_whitespace() || c == ',' || c == '-' {
            at += c.len_utf8();
            continue;
        }
        let column = line[..at].chars().count() + 1;
        if cells.len() == 2 {
            return Err(InputError {
                column,
                message: "too many cells: a move names one cell (Chomp) or two (Cram)".into(),
            });
        }
        let (found, used) = cell(rest).map_err(|message| InputError {
            column,
            message: format!(
                "{message}, found '{}'",
                rest.split([' ', ',', '-']).next().unwrap_or(rest)
            ),
        })?;
        cells.push(found);
        at += used;
    }
    Ok(BoardCommand::Move(match cells[..] {
        [one] => BoardMove::Bite(one),
        [a, b] => BoardMove::Domino([a, b]),
        // Only separators (`,`, `-`): no cell at all. (More than two cells
        // are refused as they are read.)
        _ => {
            return Err(InputError {
                column: 1,
                message: format!(
                    "expected a move such as 'a1 a2' (Cram) or 'b2' (Chomp), found {:?}",
                    line.trim()
                ),
            })
        }
    }))
}

/// A move as a player writes it: `a1-a2` for a domino, `b2` for a bite.
///
/// ```
/// use grundy::games::BoardMove;
/// assert_eq!(grundy::play::board::move_name(&BoardMove::Domino([(0, 0), (1, 0)])), "a1-a2");
/// ```
pub fn move_name(mv: &BoardMove) -> String {
    mv.cells()
        .into_iter()
        .map(cell_name)
        .collect::<Vec<_>>()
        .join("-")
}

/// One move of a board match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTurn {
    /// 1-based number of the move in the game.
    pub number: usize,
    /// Who made it.
    pub player: Player,
    /// The move.
    pub mv: BoardMove,
    /// The position it left.
    pub after: Board,
}

/// The move the engine makes from `board`, or `None` when there is no
/// move: a winning move when there is one; otherwise, playing for time,
/// the move that leaves the opponent the fewest winning replies, so that a
/// mistake is likely. Stops when `cancel` fires (a server's deadline).
///
/// # Complexity
/// One solve of `board`, and from a P-position one solve of each option.
///
/// # Errors
/// [`Cancelled`] once `cancel` fires.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::games::Board;
/// use grundy::play::board::engine_move;
/// // Two dominoes fit a 1x4 strip only if the first goes at an end: the
/// // middle one wins.
/// let (mv, after) = engine_move(&Board::parse("cram:1x4").unwrap(), &Cancel::new())
///     .unwrap()
///     .unwrap();
/// assert_eq!(after.to_string(), "cram:.##.");
///
/// let stop = Cancel::new();
/// stop.cancel();
/// assert!(engine_move(&Board::parse("cram:8x8").unwrap(), &stop).is_err());
/// ```
pub fn engine_move(
    board: &Board,
    cancel: &Cancel,
) -> Result<Option<(BoardMove, Board)>, Cancelled> {
    let options = SearchOptions::default();
    let solution = board.search(&options, cancel, &mut |_| {})?;
    let moves = board.moves();
    if let Some(win) = solution.winning_moves.first() {
        return Ok(moves.into_iter().find(|(m, _)| m == win));
    }
    let mut best: Option<(usize, (BoardMove, Board))> = None;
    for (mv, after) in moves {
        let replies = after
            .search(&options, cancel, &mut |_| {})?
            .winning_moves
            .len();
        if best.as_ref().is_none_or(|(n, _)| replies < *n) {
            best = Some((replies, (mv, after)));
        }
    }
    Ok(best.map(|(_, m)| m))
}

/// A board game between the user and the engine.
#[derive(Clone, Debug)]
pub struct BoardMatch {
    start: Board,
    first: Player,
    history: Vec<BoardTurn>,
}

impl BoardMatch {
    /// A match from `board`, with `first` to move.
    pub fn new(board: Board, first: Player) -> BoardMatch {
        BoardMatch {
            start: board,
            first,
            history: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> Board {
        self.history.last().map_or(self.start, |t| t.after)
    }

    /// Who moved first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// The moves so far.
    pub fn history(&self) -> &[BoardTurn] {
        &self.history
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.first.after_turns(self.history.len())
    }

    /// Whether the player to move has no move left.
    pub fn is_over(&self) -> bool {
        self.position().moves().is_empty()
    }

    /// The winner once the game is over (normal play: whoever cannot move
    /// loses), else `None`.
    pub fn winner(&self) -> Option<Player> {
        self.is_over().then(|| self.to_move().other())
    }

    fn push(&mut self, player: Player, mv: BoardMove, after: Board) -> &BoardTurn {
        self.history.push(BoardTurn {
            number: self.history.len() + 1,
            player,
            mv,
            after,
        });
        self.history.last().expect("just pushed")
    }

    /// Plays the user's move.
    ///
    /// # Errors
    /// A [`MoveError`] saying why the move is illegal, or that it is not the
    /// user's turn.
    pub fn play(&mut self, mv: &BoardMove) -> Result<&BoardTurn, MoveError> {
        if self.to_move() != Player::User {
            return Err(MoveError("it is the engine's turn".into()));
        }
        let after = self.position().play(mv)?;
        Ok(self.push(Player::User, mv.clone(), after))
    }

    /// Lets the engine move ([`engine_move`]) when it is its turn and it
    /// has a move.
    pub fn play_engine(&mut self) -> Option<&BoardTurn> {
        if self.to_move() != Player::Engine {
            return None;
        }
        let (mv, after) =
            engine_move(&self.position(), &Cancel::new()).expect("nothing cancels a fresh flag")?;
        Some(self.push(Player::Engine, mv, after))
    }

    /// The value and the winning moves of the position now.
    pub fn hint(&self) -> BoardSolution {
        self.position().solve()
    }

    /// Takes back the user's last move and every engine move after it;
    /// returns the moves taken back, latest first (empty when the user has
    /// not moved).
    pub fn undo(&mut self) -> Vec<BoardTurn> {
        crate::play::take_back(&mut self.history, |t| t.player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `play_input` fuzz target: a line of separators alone
    /// (`,`) reached an `unreachable!`. Now it is an error at column 1.
    #[test]
    fn separators_alone_are_an_error_not_a_panic() {
        for line in [",", "-", " , - ,", "--"] {
            let err = parse_board_command(line).unwrap_err();
            assert_eq!(err.column, 1, "{line:?}");
            assert!(
                err.message.starts_with("expected a move"),
                "{line:?}: {err:?}"
            );
        }
    }

    #[test]
    fn a_whole_game_with_undo() {
        let mut game = BoardMatch::new(Board::parse("cram:2x3").unwrap(), Player::Engine);
        // 2x3 is N: the engine plays a winning vertical domino.
        let first = game.play_engine().unwrap().clone();
        assert!(first.after.solve().winning_moves.is_empty());
        while !game.is_over() {
            if game.to_move() == Player::User {
                let (mv, _) = game.position().moves()[0].clone();
                game.play(&mv).unwrap();
            } else {
                game.play_engine().unwrap();
            }
        }
        assert_eq!(game.winner(), Some(Player::Engine));
        let undone = game.undo();
        assert!(!undone.is_empty());
        assert_eq!(undone.last().unwrap().player, Player::User);
        assert_eq!(game.to_move(), Player::User);
    }

    #[test]
    fn moves_are_checked() {
        let mut game = BoardMatch::new(Board::parse("chomp:2x2").unwrap(), Player::User);
        let err = game.play(&BoardMove::Bite((0, 0))).unwrap_err();
        assert!(err.to_string().contains("poison"), "{err}");
        let err = game.play(&BoardMove::Domino([(0, 0), (0, 1)])).unwrap_err();
        assert!(err.to_string().contains("one cell"), "{err}");
        game.play(&BoardMove::Bite((1, 1))).unwrap();
        assert!(
            game.play(&BoardMove::Bite((0, 1))).is_err(),
            "engine's turn"
        );
    }

    #[test]
    fn input_errors_have_columns() {
        assert_eq!(parse_board_command("").unwrap_err().column, 1);
        assert_eq!(parse_board_command("a1 b1 c1").unwrap_err().column, 7);
        assert_eq!(parse_board_command("1 2").unwrap_err().column, 1);
        assert_eq!(parse_board_command("é1").unwrap_err().column, 1);
        assert_eq!(parse_board_command("zzz1").unwrap_err().column, 1);
        assert_eq!(
            parse_board_command("AA10").unwrap(),
            BoardCommand::Move(BoardMove::Bite((9, 26)))
        );
    }
}
