//! Cram and Chomp positions as every front end sees them (the
//! [`Position`] trait): moves named by their cells, typed moves, the board
//! drawn for a terminal and for the page, and the engine's move.
//!
//! Cells are named as on a chess board, by column letter and row number,
//! with `a1` the top-left corner (the poisoned square in Chomp) and rows
//! counted downwards: a Cram move names the two cells of its domino
//! (`a1 a2`, `a1-b1`), a Chomp move the square bitten (`b2`).
//!
//! ```
//! use grundy::games::{Board, Position};
//!
//! let bar = Board::parse("chomp:2x3")?;
//! let bite = bar.parse_move("c2")?;
//! let (mv, after) = &Position::moves(&bar)[bite];
//! assert_eq!(mv.name, "c2");
//! assert_eq!(after.to_string(), "chomp:.../..#");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cancel::Cancelled;
use crate::games::board::cell_name;
use crate::games::position::{Datum, Move, Position, Rules, Solution, SolveOptions};
use crate::games::{Board, BoardMove};
use crate::moves::MoveError;
use crate::span::{ParseError, Span};

static CRAM: Rules = Rules {
    name: "Cram",
    rules: "place a domino on two free cells side by side; whoever cannot place one loses",
    syntax: "Type a move as two cells: 'a1 a2' covers a1 and a2 (columns are letters, rows numbers from 1 at the top).",
    help: "  a1 a2      place a domino on cells a1 and a2 (columns are letters,
             rows are numbers from 1 at the top; also a1a2 or a1-a2)",
    unit: "cells",
    typed: "cells",
    example: "'a1 a2'",
    noun: "domino",
    moves_note: "cells by column letter and row number, a1 at the top left",
};

static CHOMP: Rules = Rules {
    name: "Chomp",
    rules: "bite a square and everything below and right of it; a1 is poisoned, so whoever is left with it alone loses",
    syntax: "Type a move as the square to bite: 'b2' eats b2 and every square below and right of it.",
    help: "  b2         bite square b2 and every square below and right of it
             (columns are letters, rows are numbers from 1 at the top)",
    unit: "cells",
    typed: "cells",
    example: "'b2'",
    noun: "bite",
    moves_note: "cells by column letter and row number, a1 at the top left",
};

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

/// A typed board move: one cell (a Chomp bite) or two (a Cram domino),
/// separated by spaces, commas or `-` (or nothing: `a1a2`).
///
/// # Errors
/// A [`ParseError`] at the first character that is neither part of a
/// cell name nor a separator, or at a third cell.
///
/// ```
/// use grundy::games::BoardMove;
/// use grundy::games::board_play::parse_cells;
///
/// assert_eq!(parse_cells(" A1-b1 ")?, BoardMove::Domino([(0, 0), (0, 1)]));
/// assert_eq!(parse_cells("c2")?, BoardMove::Bite((1, 2)));
/// assert!(parse_cells("a1 x").unwrap_err().to_string().starts_with("column 4: expected a cell"));
/// # Ok::<(), grundy::ParseError>(())
/// ```
pub fn parse_cells(line: &str) -> Result<BoardMove, ParseError> {
    let at_column = |column: usize, message: String, span: Span| {
        ParseError::at_column(column as u64, message)
            .with_span(span)
            .with_text(line)
    };
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
        let word = rest.split([' ', ',', '-']).next().unwrap_or(rest);
        let span = Span {
            start: at,
            end: at + word.len(),
        };
        if cells.len() == 2 {
            return Err(at_column(
                column,
                "too many cells: a move names one cell (Chomp) or two (Cram)".into(),
                span,
            ));
        }
        let (found, used) = cell(rest)
            .map_err(|message| at_column(column, format!("{message}, found '{word}'"), span))?;
        cells.push(found);
        at += used;
    }
    match cells[..] {
        [one] => Ok(BoardMove::Bite(one)),
        [a, b] => Ok(BoardMove::Domino([a, b])),
        // No cell at all: nothing, or only separators. (More than two cells
        // are refused as they are read.)
        _ => Err(at_column(
            1,
            format!(
                "expected a move such as 'a1 a2' (Cram) or 'b2' (Chomp), found {:?}",
                line.trim()
            ),
            Span::char_at(line, 0),
        )),
    }
}

/// A move as a player writes it: `a1-a2` for a domino, `b2` for a bite.
///
/// ```
/// use grundy::games::BoardMove;
/// assert_eq!(grundy::games::board_play::move_name(&BoardMove::Domino([(0, 0), (1, 0)])), "a1-a2");
/// ```
pub fn move_name(mv: &BoardMove) -> String {
    mv.cells()
        .into_iter()
        .map(cell_name)
        .collect::<Vec<_>>()
        .join("-")
}

/// The move as every front end shows it: its name and its cells.
pub(crate) fn board_move(mv: &BoardMove) -> Move {
    Move {
        name: move_name(mv),
        data: vec![("cells", Datum::cells(&mv.cells()))],
    }
}

impl Position for Board {
    fn rules(&self) -> &'static Rules {
        match self {
            Board::Cram { .. } => &CRAM,
            Board::Chomp { .. } => &CHOMP,
        }
    }

    fn note(&self) -> Option<String> {
        self.is_start().then(|| "start position".to_owned())
    }

    fn size(&self) -> u64 {
        u64::from(self.rows()) * u64::from(self.cols())
    }

    fn moves(&self) -> Vec<(Move, Box<dyn Position>)> {
        Board::moves(self)
            .into_iter()
            .map(|(mv, after)| (board_move(&mv), Box::new(after) as Box<dyn Position>))
            .collect()
    }

    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled> {
        let misere = options.convention == crate::Convention::Misere;
        let endgame = options.endgame;
        let report = options.with_parts(|search, cancel, progress| {
            if misere {
                self.search_misere(search, cancel, progress)
            } else {
                self.search_with_endgame(search, endgame, cancel, progress)
            }
        })?;
        Ok(Solution {
            value: report.value,
            outcome: report.outcome,
            winning_moves: report.winning_moves.iter().map(board_move).collect(),
            stats: report.stats,
        })
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let mv = parse_cells(text).map_err(MoveError::Unreadable)?;
        let after = self.play(&mv)?;
        Ok(Board::moves(self)
            .iter()
            .position(|(_, b)| *b == after)
            .expect("a legal move is one of the moves"))
    }

    /// The board with column letters above and row numbers on the left; `.`
    /// free (Cram) or still there (Chomp), `#` covered or eaten.
    fn draw(&self) -> String {
        let (rows, cols) = (self.rows(), self.cols());
        let label_width = rows.to_string().len();
        let col_width = if cols > 26 { 3 } else { 2 };
        let mut header = format!("  {:label_width$}", "");
        for c in 0..cols {
            let name = cell_name((0, c));
            header.push_str(&format!("{:>col_width$}", name.trim_end_matches('1')));
        }
        let mut out = format!("{}\n", header.trim_end());
        for r in 0..rows {
            let mut line = format!("  {:>label_width$}", r + 1);
            for c in 0..cols {
                let mark = if self.is_open((r, c)) { '.' } else { '#' };
                line.push_str(&format!("{mark:>col_width$}"));
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    fn label(&self) -> String {
        self.diagram()
    }

    /// The board's size and rows (`.` open, `#` covered or eaten).
    fn drawing(&self) -> Datum {
        let rows = self
            .diagram()
            .split('/')
            .map(|r| Datum::Text(r.to_owned()))
            .collect();
        Datum::Map(vec![
            ("kind", Datum::Text(self.kind().to_ascii_lowercase())),
            ("rows", Datum::Int(self.rows().into())),
            ("cols", Datum::Int(self.cols().into())),
            ("cells", Datum::List(rows)),
        ])
    }

    fn endgame_board(&self) -> Option<crate::games::Cram> {
        match self {
            Board::Cram { game, .. } => Some(*game),
            Board::Chomp { .. } => None,
        }
    }

    /// The genus by a search on the board's regions.
    fn genus(
        &self,
        options: &mut SolveOptions<'_>,
    ) -> Result<crate::misere::Genus, crate::misere::GenusError> {
        let normal = crate::games::position::normal_value(self, options)?;
        match self {
            Board::Cram { game, free } => {
                crate::games::position::genus_position(game, free, normal, options)
            }
            Board::Chomp { game, rows } => {
                crate::games::position::genus_position(game, rows, normal, options)
            }
        }
    }

    fn boxed(&self) -> Box<dyn Position> {
        Box::new(*self)
    }
}
