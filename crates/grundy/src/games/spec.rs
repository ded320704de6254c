//! Board specs: `cram:RxC` and `chomp:RxC` name a board game and its start
//! position, and [`BoardSpec::solve`] answers for that start position.
//!
//! The grammar extends the game-spec grammar of the heap games:
//!
//! ```text
//! board    := name ':' (size | drawing)
//! name     := 'cram' | 'chomp'
//! size     := number 'x' number           the start position
//! drawing  := row ('/' row)*              any position, rows from the top
//! row      := ('.' | '#')+                '.' free (Cram) or still there
//!                                         (Chomp), '#' covered or eaten
//! number   := digit+
//! ```
//!
//! A drawing is what `grundy graph --game cram:2x3` prints for each node, so
//! every node can be fed back. Every row has the same number of cells; a
//! Chomp drawing is a Young diagram (each row `.`s then `#`s, no longer than
//! the row above, the poisoned top-left square present). Cram boards have
//! up to 63 columns and `rows * (columns + 1) <= 128` (4x31, 6x20, 8x15,
//! 10x10), Chomp bars up to 16 rows of 255.
//!
//! Case does not matter and spaces are ignored (`Cram : 4 X 5`), as for
//! every spec. An error names the byte offset (in the original text) where
//! the problem is and what was expected there.

use std::fmt;

use crate::games::{Board, BoardSolution, Chomp, Cram};
use crate::span::{ParseError, Span};

/// A board game and its start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardSpec {
    /// Cram on an empty board.
    Cram(Cram),
    /// Chomp on a full rectangle.
    Chomp(Chomp),
}

/// The spec text with spaces removed and letters lower-cased, remembering
/// where each kept byte was in the original.
struct Cursor {
    bytes: Vec<(usize, u8)>,
    /// The original bytes, for quoting what the user typed.
    typed: Vec<u8>,
    at: usize,
    len: usize,
}

impl Cursor {
    fn new(text: &str) -> Cursor {
        let bytes = text
            .bytes()
            .enumerate()
            .filter(|(_, b)| !b.is_ascii_whitespace())
            .map(|(i, b)| (i, b.to_ascii_lowercase()))
            .collect();
        Cursor {
            bytes,
            typed: text.as_bytes().to_vec(),
            at: 0,
            len: text.len(),
        }
    }

    fn offset(&self) -> usize {
        self.bytes.get(self.at).map_or(self.len, |&(i, _)| i)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).map(|&(_, b)| b)
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        let typed = self.bytes.get(self.at).map(|&(i, _)| self.typed[i]);
        let found = match typed {
            None => "end of spec".to_owned(),
            Some(b) if b.is_ascii_graphic() => format!("'{}'", b as char),
            Some(b) => format!("byte 0x{b:02x}"),
        };
        ParseError::at_byte(self.offset(), format!("expected {expected}, found {found}"))
    }

    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(b) = self.peek().filter(u8::is_ascii_alphabetic) {
            w.push(b as char);
            self.at += 1;
        }
        w
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// A decimal number (saturated at `u64::MAX`) and where it was typed.
    fn number(&mut self, expected: &'static str) -> Result<(u64, Span), ParseError> {
        let start = self.offset();
        let mut end = start;
        let mut value: Option<u64> = None;
        while let Some(d) = self.peek().filter(u8::is_ascii_digit) {
            let digit = u64::from(d - b'0');
            value = Some(value.unwrap_or(0).saturating_mul(10).saturating_add(digit));
            end = self.offset() + 1;
            self.at += 1;
        }
        value
            .map(|v| (v, Span { start, end }))
            .ok_or_else(|| self.unexpected(expected))
    }
}

/// The size rule of Cram boards, for messages.
const CRAM_AREA: &str = "rows x (columns + 1) is at most 128, e.g. 4x31, 6x20, 8x15, 10x10";

fn in_range(
    (value, at): (u64, Span),
    max: u64,
    what: &'static str,
    allowed: &'static str,
) -> Result<u8, ParseError> {
    if (1..=max).contains(&value) {
        Ok(value as u8)
    } else {
        Err(out_of_range(at, what, value, allowed))
    }
}

/// A size outside what the game supports, located at the whole number.
pub(crate) fn out_of_range(at: Span, what: &str, value: u64, allowed: &str) -> ParseError {
    ParseError::spanning(
        at,
        format!("{what}: {value} is out of range (allowed: {allowed})"),
    )
}

impl From<BoardSpec> for Board {
    /// The start position of the board.
    fn from(spec: BoardSpec) -> Board {
        match spec {
            BoardSpec::Cram(game) => Board::Cram {
                game,
                free: game.start(),
            },
            BoardSpec::Chomp(game) => Board::Chomp {
                game,
                rows: game.start(),
            },
        }
    }
}

impl BoardSpec {
    /// Parses `cram:RxC` (any board with `R * (C + 1) <= 128`) or `chomp:RxC` (R in 1..=16, C in
    /// 1..=255).
    ///
    /// # Errors
    /// A [`ParseError`] at the first problem.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::BoardSpec;
    /// use grundy::span::Span;
    ///
    /// assert!(matches!(BoardSpec::parse("Cram: 4 x 5"), Ok(BoardSpec::Cram(_))));
    /// let err = BoardSpec::parse("chomp:3y4").unwrap_err();
    /// assert_eq!(err.span(), Some(Span { start: 7, end: 8 }));
    /// assert_eq!(err.to_string(), "at byte 7: expected 'x' between rows and columns, found 'y'");
    /// ```
    pub fn parse(text: &str) -> Result<BoardSpec, ParseError> {
        BoardSpec::parse_size(text).map_err(|e| e.in_text(text))
    }

    /// [`BoardSpec::parse`] without the input attached to its error.
    fn parse_size(text: &str) -> Result<BoardSpec, ParseError> {
        let mut cur = Cursor::new(text);
        let start = cur.at;
        let name = cur.word();
        let is_cram = match name.as_str() {
            "cram" => true,
            "chomp" => false,
            _ => {
                cur.at = start;
                return Err(cur.unexpected("a board game name: 'cram' or 'chomp'"));
            }
        };
        cur.expect(b':', "':' after the game name")?;
        let rows = cur.number("the number of rows")?;
        cur.expect(b'x', "'x' between rows and columns")?;
        let cols = cur.number("the number of columns")?;
        if cur.peek().is_some() {
            return Err(cur.unexpected("end of spec"));
        }
        Ok(if is_cram {
            let r = in_range(rows, 64, "rows", "1 to 64")?;
            let c = in_range(cols, 63, "columns", "1 to 63")?;
            if !Cram::fits(u64::from(r), u64::from(c)) {
                return Err(out_of_range(cols.1, "columns", cols.0, CRAM_AREA));
            }
            BoardSpec::Cram(Cram::new(r, c).expect("dimensions checked"))
        } else {
            let r = in_range(rows, 16, "rows", "1 to 16")?;
            let c = in_range(cols, 255, "columns", "1 to 255")?;
            BoardSpec::Chomp(Chomp::new(r, c).expect("dimensions checked"))
        })
    }

    /// Whether `text` looks like a board spec (a name followed by `:`), so a
    /// caller with several spec grammars knows which parser to blame.
    ///
    /// ```
    /// assert!(grundy::games::BoardSpec::is_board_spec("cram:4x5"));
    /// assert!(!grundy::games::BoardSpec::is_board_spec("0.77"));
    /// ```
    pub fn is_board_spec(text: &str) -> bool {
        text.contains(':')
    }

    /// The Grundy value, outcome and every winning move of the start
    /// position, with a fresh cache.
    ///
    /// # Complexity
    /// That of [`crate::game::value`] on the game: exponential in the board
    /// area. Cram up to 5x6 takes well under a second; see BENCHMARKS.md.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::{BoardMove, BoardSpec};
    /// use grundy::{Nimber, Outcome};
    ///
    /// let solution = BoardSpec::parse("cram:1x4").unwrap().solve();
    /// // A row of n cells is Dawson's Kayles (0.07) on n tokens: a row of 4 is
    /// // worth *2, and the middle domino is the one winning move.
    /// assert_eq!(solution.value, Nimber(2));
    /// assert_eq!(solution.outcome, Outcome::N);
    /// assert_eq!(solution.winning_moves, vec![BoardMove::Domino([(0, 1), (0, 2)])]);
    /// ```
    pub fn solve(&self) -> BoardSolution {
        Board::from(*self).solve()
    }
}

/// One row of a drawing: each cell's byte offset and whether it is `.`.
struct DrawnRow {
    cells: Vec<(usize, bool)>,
}

impl DrawnRow {
    fn start(&self) -> usize {
        self.cells[0].0
    }

    fn end(&self) -> usize {
        self.cells.last().map_or(0, |&(at, _)| at + 1)
    }
}

fn bad(start: usize, end: usize, message: String) -> ParseError {
    ParseError::spanning(Span { start, end }, message)
}

impl Board {
    /// Parses a board spec: `cram:RxC` or `chomp:RxC` for the start
    /// position, or the game and a drawing of any position,
    /// `cram:.../.##/...` (the grammar is in [`crate::games::spec`]).
    ///
    /// # Errors
    /// A [`ParseError`] at the first problem: a bad character, a ragged
    /// row, a size beyond the game's limits, a Chomp drawing that no
    /// sequence of bites leaves.
    ///
    /// # Examples
    /// ```
    /// use grundy::games::Board;
    /// use grundy::span::Span;
    ///
    /// let b = Board::parse("chomp: ... / .## ")?;
    /// assert_eq!(b.to_string(), "chomp:.../.##");
    /// assert!(Board::parse("cram:2x3")?.is_start());
    /// let err = Board::parse("cram:.../..").unwrap_err();
    /// assert_eq!(err.span(), Some(Span { start: 9, end: 11 }));
    /// assert!(err.to_string().contains("row 2 has 2 cells but row 1 has 3"));
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        Board::parse_drawing(text).map_err(|e| e.in_text(text))
    }

    /// [`Board::parse`] without the input attached to its error.
    fn parse_drawing(text: &str) -> Result<Board, ParseError> {
        let mut cur = Cursor::new(text);
        let name = cur.word();
        let is_cram = match name.as_str() {
            "cram" => true,
            "chomp" => false,
            _ => {
                cur.at = 0;
                return Err(cur.unexpected("a board game name: 'cram' or 'chomp'"));
            }
        };
        cur.expect(b':', "':' after the game name")?;
        match cur.peek() {
            Some(b'.' | b'#') => {}
            _ => return BoardSpec::parse_size(text).map(Board::from),
        }
        let mut rows = vec![DrawnRow { cells: Vec::new() }];
        loop {
            match cur.peek() {
                Some(b @ (b'.' | b'#')) => {
                    rows.last_mut()
                        .expect("a row is open")
                        .cells
                        .push((cur.offset(), b == b'.'));
                    cur.at += 1;
                }
                Some(b'/') if !rows.last().expect("a row is open").cells.is_empty() => {
                    cur.at += 1;
                    rows.push(DrawnRow { cells: Vec::new() });
                }
                _ if rows.last().expect("a row is open").cells.is_empty() => {
                    return Err(cur.unexpected("a row of '.' (free) and '#' (filled) cells"))
                }
                None => break,
                Some(_) => {
                    return Err(cur.unexpected(
                        "'.' (free), '#' (filled), '/' (the next row) or the end of the spec",
                    ))
                }
            }
        }
        let (max_rows, max_cols) = if is_cram { (64, 63) } else { (16, 255) };
        let game = if is_cram { "Cram" } else { "Chomp" };
        if rows.len() > max_rows {
            let extra = &rows[max_rows];
            return Err(bad(
                extra.start(),
                rows.last().expect("rows").end(),
                format!(
                    "{} rows: {game} boards have 1 to {max_rows} rows",
                    rows.len()
                ),
            ));
        }
        let width = rows[0].cells.len();
        for (i, row) in rows.iter().enumerate() {
            if row.cells.len() > max_cols {
                return Err(bad(
                    row.cells[max_cols].0,
                    row.end(),
                    format!(
                        "row {} has {} cells: {game} boards have 1 to {max_cols} columns",
                        i + 1,
                        row.cells.len()
                    ),
                ));
            }
            if row.cells.len() != width {
                return Err(bad(
                    row.start(),
                    row.end(),
                    format!(
                        "row {} has {} cells but row 1 has {width}: every row is drawn in full, with '#' for covered or eaten cells",
                        i + 1,
                        row.cells.len()
                    ),
                ));
            }
        }
        let (r, c) = (rows.len() as u8, width as u8);
        if is_cram && !Cram::fits(u64::from(r), u64::from(c)) {
            return Err(bad(
                rows[0].start(),
                rows.last().expect("rows").end(),
                format!("a {r}x{c} board: Cram boards fit when {CRAM_AREA}"),
            ));
        }
        if is_cram {
            let game = Cram::new(r, c).expect("size checked");
            let mut free = 0u128;
            for (i, row) in rows.iter().enumerate() {
                for (j, &(_, open)) in row.cells.iter().enumerate() {
                    if open {
                        free |= game.cell(i as u8, j as u8);
                    }
                }
            }
            return Ok(Board::Cram { game, free });
        }
        let game = Chomp::new(r, c).expect("size checked");
        let mut lengths = 0u128;
        let mut above = width;
        for (i, row) in rows.iter().enumerate() {
            let len = row.cells.iter().take_while(|&&(_, open)| open).count();
            if let Some(&(at, _)) = row.cells[len..].iter().find(|&&(_, open)| open) {
                return Err(bad(
                    at,
                    at + 1,
                    format!("row {} has a square left right of an eaten one: a bite eats every square right of it and below", i + 1),
                ));
            }
            if i == 0 && len == 0 {
                return Err(bad(
                    row.start(),
                    row.start() + 1,
                    "the poisoned top-left square is always there: it is never eaten".into(),
                ));
            }
            if len > above {
                return Err(bad(
                    row.cells[above].0,
                    row.cells[len - 1].0 + 1,
                    format!("row {} has {len} squares but row {} above it has {above}: a bite eats every square below it too", i + 1, i),
                ));
            }
            above = len;
            lengths |= (len as u128) << (8 * i);
        }
        Ok(Board::Chomp {
            game,
            rows: lengths,
        })
    }
}

impl fmt::Display for BoardSpec {
    /// The canonical spec, `cram:4x5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSpec::Cram(g) => write!(f, "cram:{}x{}", g.rows(), g.cols()),
            BoardSpec::Chomp(g) => write!(f, "chomp:{}x{}", g.rows(), g.cols()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_with_case_and_spaces() {
        assert_eq!(
            BoardSpec::parse(" CHOMP : 3 X 4 ").unwrap().to_string(),
            "chomp:3x4"
        );
        assert_eq!(
            BoardSpec::parse("cram:8x8").unwrap().to_string(),
            "cram:8x8"
        );
    }

    #[test]
    fn errors_carry_offsets() {
        let cases: [(&str, usize); 9] = [
            ("", 0),
            ("go:3x3", 0),
            ("cram3x3", 4),
            ("cram:x3", 5),
            ("cram:3x", 7),
            ("cram:3x3!", 8),
            ("cram:99x3", 5),
            ("cram:12x12", 8),
            ("chomp:3 x 0", 10),
        ];
        for (text, offset) in cases {
            let err = BoardSpec::parse(text).unwrap_err();
            assert_eq!(err.span().unwrap().start, offset, "{text:?}: {err}");
        }
        let huge = BoardSpec::parse("chomp:99999999999999999999999x2").unwrap_err();
        assert!(huge.to_string().contains("out of range"), "{huge}");
    }

    #[test]
    fn drawings_errors_point_at_the_problem() {
        // (spec, start and end of the span, words in the message)
        let cases: [(&str, usize, usize, &str); 9] = [
            ("cram:.../..", 9, 11, "row 2 has 2 cells but row 1 has 3"),
            ("cram:..x", 7, 8, "expected '.' (free), '#' (filled)"),
            (
                "cram:..//..",
                8,
                9,
                "expected a row of '.' (free) and '#' (filled)",
            ),
            ("cram:../", 8, 8, "found end of spec"),
            (
                "cram:................................................................",
                68,
                69,
                "Cram boards have 1 to 63 columns",
            ),
            (
                "cram:.........../.........../.........../.........../.........../.........../.........../.........../.........../.........../...........",
                5,
                136,
                "a 11x11 board: Cram boards fit when rows x (columns + 1) is at most 128",
            ),
            ("chomp:.#./...", 8, 9, "right of an eaten one"),
            (
                "chomp:.##/...",
                11,
                13,
                "row 2 has 3 squares but row 1 above it has 1",
            ),
            ("chomp:#", 6, 7, "poisoned"),
        ];
        for (text, start, end, words) in cases {
            let err = Board::parse(text).unwrap_err();
            let span = err.span().unwrap();
            assert_eq!((span.start, span.end), (start, end), "{text:?}: {err}");
            assert!(err.to_string().contains(words), "{text:?}: {err}");
        }
        let wide = format!("chomp:{}", ".".repeat(256));
        assert!(Board::parse(&wide)
            .unwrap_err()
            .to_string()
            .contains("1 to 255 columns"));
        assert_eq!(
            Board::parse(&format!("chomp:{}", ".".repeat(255)))
                .unwrap()
                .to_string(),
            "chomp:1x255"
        );
    }
}
