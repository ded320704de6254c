//! `grundy play cram:3x3`: a board game against the engine in the terminal.
//!
//! The match (legality, the engine's move, hints, undo) is the library's
//! [`BoardMatch`]; this module draws the board with its row and column
//! labels, reads one line per turn and prints what the library answers.

use std::io::{BufRead, Write};

use grundy::games::board::cell_name;
use grundy::games::Board;
use grundy::play::board::{move_name, parse_board_command, BoardCommand, BoardMatch, BOARD_SYNTAX};
use grundy::play::Player;
use grundy_text::Role;

use super::{hint_line, prompt, took_back, Prompted, Style};

/// The rules in one sentence.
fn rules(board: &Board) -> &'static str {
    match board {
        Board::Cram { .. } => {
            "place a domino on two free cells side by side; whoever cannot place one loses"
        }
        Board::Chomp { .. } => {
            "bite a square and everything below and right of it; a1 is poisoned, so whoever is left with it alone loses"
        }
    }
}

/// How to type a move on this board.
fn move_syntax(board: &Board) -> &'static str {
    match board {
        Board::Cram { .. } => "Type a move as two cells: 'a1 a2' covers a1 and a2 (columns are letters, rows numbers from 1 at the top).",
        Board::Chomp { .. } => "Type a move as the square to bite: 'b2' eats b2 and every square below and right of it.",
    }
}

/// The board with column letters above and row numbers on the left; `.`
/// free (Cram) or still there (Chomp), `#` covered or eaten.
fn draw(board: &Board, out: &mut impl Write) -> std::io::Result<()> {
    let (rows, cols) = (board.rows(), board.cols());
    let label_width = rows.to_string().len();
    let col_width = if cols > 26 { 3 } else { 2 };
    let mut header = format!("  {:label_width$}", "");
    for c in 0..cols {
        let name = cell_name((0, c));
        header.push_str(&format!("{:>col_width$}", name.trim_end_matches('1')));
    }
    writeln!(out, "{}", header.trim_end())?;
    for r in 0..rows {
        let mut line = format!("  {:>label_width$}", r + 1);
        for c in 0..cols {
            let mark = if board.is_open((r, c)) { '.' } else { '#' };
            line.push_str(&format!("{mark:>col_width$}"));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Plays `board` against the engine, reading moves from `input`.
pub fn session(
    board: Board,
    first: Player,
    mut input: impl BufRead,
    out: &mut impl Write,
    style: Style,
) -> anyhow::Result<()> {
    let mut game = BoardMatch::new(board, first);
    let title = format!("{} on {board}: {}.", board.kind(), rules(&board));
    writeln!(out, "{}", style.paint(Role::Heading, &title))?;
    writeln!(
        out,
        "{} first. {}",
        match first {
            Player::User => "You move",
            Player::Engine => "The engine moves",
        },
        move_syntax(&board)
    )?;
    writeln!(out, "Commands: hint, undo, help, quit.")?;
    let mut line = Vec::new();
    let mut changed = true;
    loop {
        if game.is_over() {
            writeln!(out)?;
            draw(&game.position(), out)?;
            let (text, role) = match game.winner() {
                Some(Player::User) => ("The engine cannot move: you win!", Role::Win),
                _ => ("You cannot move: the engine wins.", Role::Lose),
            };
            writeln!(out, "{}", style.paint(role, text))?;
            return Ok(());
        }
        if game.to_move() == Player::Engine {
            if let Some(turn) = game.play_engine() {
                let text = format!("engine: {}", move_name(&turn.mv));
                writeln!(out, "{}", style.paint(Role::Heading, &text))?;
                changed = true;
            }
            continue;
        }
        if changed {
            writeln!(out)?;
            draw(&game.position(), out)?;
            changed = false;
        }
        let text = match prompt(
            "your move (cells, or hint/undo/help/quit)> ",
            "'a1 a2'",
            &mut input,
            &mut line,
            style,
            out,
        )? {
            Prompted::Line(text) => text,
            Prompted::Retry => continue,
            Prompted::Ended => return Ok(()),
        };
        match parse_board_command(&text) {
            Err(e) => writeln!(out, "  {e} (type help for the syntax)")?,
            Ok(BoardCommand::Help) => {
                writeln!(out, "{} on {board}: {}.", board.kind(), rules(&board))?;
                writeln!(out, "{BOARD_SYNTAX}")?;
            }
            Ok(BoardCommand::Quit) => {
                writeln!(out, "You gave up: the engine wins.")?;
                return Ok(());
            }
            Ok(BoardCommand::Hint) => {
                let hint = game.hint();
                let moves: Vec<String> = hint.winning_moves.iter().map(move_name).collect();
                hint_line(out, style, hint.value, &moves, "move")?;
            }
            Ok(BoardCommand::Undo) => {
                let undone: Vec<_> = game
                    .undo()
                    .into_iter()
                    .map(|t| (t.number, t.player, move_name(&t.mv)))
                    .collect();
                took_back(out, &undone)?;
                changed |= !undone.is_empty();
            }
            Ok(BoardCommand::Move(mv)) => match game.play(&mv) {
                Ok(turn) => {
                    writeln!(out, "you: {}", move_name(&turn.mv))?;
                    changed = true;
                }
                Err(e) => writeln!(out, "  illegal move: {e}; try again")?,
            },
        }
    }
}
