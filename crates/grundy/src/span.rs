//! Where in its input an error is, and the one error every parser of the
//! library returns: [`ParseError`], which carries its [`Span`] (and, for
//! files, its line and column) and the line of input it is in, so that a
//! front end shows the input with a caret under the problem (the CLI) or
//! returns the range (the web API's `"span"`) without being handed the
//! input again.
//!
//! ```
//! use grundy::heap::HeapRuleset;
//! use grundy::span::Span;
//!
//! let err = HeapRuleset::parse("0.7x").unwrap_err();
//! assert_eq!(err.span(), Some(Span { start: 3, end: 4 }));
//! assert_eq!(err.text(), Some("0.7x"));
//! assert_eq!(err.to_string(), "at byte 3: expected an octal or hexadecimal digit, found 'x'");
//! ```

use std::fmt;
use std::ops::Range;

/// A byte range `start..end` of an input; `start == end` marks a point
/// (the end of the input, where something was expected and nothing came).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte of the problem.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
}

impl Span {
    /// The one character of `text` that starts at byte `offset` (a point at
    /// the end of `text`, and clamped into it), so that a caret can sit
    /// under it.
    ///
    /// ```
    /// use grundy::span::Span;
    /// assert_eq!(Span::char_at("aé", 1), Span { start: 1, end: 3 });
    /// assert_eq!(Span::char_at("ab", 2), Span { start: 2, end: 2 });
    /// ```
    pub fn char_at(text: &str, offset: usize) -> Span {
        let mut start = offset.min(text.len());
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let end = text[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8());
        Span { start, end }
    }

    /// The range, for slicing.
    pub fn range(self) -> Range<usize> {
        self.start..self.end
    }
}

/// Input that could not be read: what is wrong, and where.
///
/// Every parser of the library (game specs, board drawings, graph files,
/// heap lists, the moves typed in `grundy play`) returns this one type. Its
/// place is one of three kinds, which its `Display` names the way its
/// input is usually shown:
///
/// - a byte of a one-line input such as a game spec: `at byte 3: ...`;
/// - a line and column of a file: `line 2, column 5: ...` (or `line 2:`
///   for a problem with the whole line);
/// - a column of a typed line: `column 3: ...`.
///
/// Whatever the kind, [`span`](ParseError::span) is the byte range of the
/// problem in [`text`](ParseError::text), the line of input it is in, which
/// the parser attaches when it has it (a parser that streams a file keeps
/// no lines, and a front end may add it with
/// [`with_text`](ParseError::with_text)).
///
/// ```
/// use grundy::span::{ParseError, Span};
///
/// let err = ParseError::at_byte(4, "expected a number, found 'y'").in_text("sub{y}");
/// assert_eq!(err.to_string(), "at byte 4: expected a number, found 'y'");
/// assert_eq!(err.span(), Some(Span { start: 4, end: 5 }));
///
/// let err = ParseError::at_line(2, Some(3), "too many fields").with_text("a b c");
/// assert_eq!(err.to_string(), "line 2, column 3: too many fields");
/// assert_eq!(err.line(), Some(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    message: String,
    place: Place,
    /// The problem's bytes in `text` (for a byte place, before `text` is
    /// attached: its start offset, one byte long).
    span: Option<Span>,
    /// The line of input the error is in.
    text: Option<String>,
}

/// Where a [`ParseError`] is, as its message names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A byte offset of a one-line input (a game spec).
    Byte(usize),
    /// A 1-based line of a multi-line input, and the 1-based column in it
    /// when the problem is at one place of the line.
    Line {
        /// 1-based line.
        line: u64,
        /// 1-based column.
        column: Option<u64>,
    },
    /// A 1-based column of one typed line.
    Column(u64),
    /// The input as a whole (an empty input, say).
    Whole,
}

impl ParseError {
    /// An error at byte `offset` of a one-line input, such as a game spec.
    /// Its span is the character there once the input is attached with
    /// [`in_text`](ParseError::in_text) (every parser of the library
    /// attaches it before it returns).
    pub fn at_byte(offset: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
            place: Place::Byte(offset),
            span: Some(Span {
                start: offset,
                end: offset + 1,
            }),
            text: None,
        }
    }

    /// An error covering the bytes `span` of a one-line input: a whole
    /// number, a drawn row.
    pub fn spanning(span: Span, message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
            place: Place::Byte(span.start),
            span: Some(span),
            text: None,
        }
    }

    /// An error at 1-based `line` (and `column`, when it is at one place)
    /// of a multi-line input.
    pub fn at_line(line: u64, column: Option<u64>, message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
            place: Place::Line { line, column },
            span: None,
            text: None,
        }
    }

    /// An error at 1-based `column` of one typed line.
    pub fn at_column(column: u64, message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
            place: Place::Column(column),
            span: None,
            text: None,
        }
    }

    /// An error about the input as a whole.
    pub fn whole(message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
            place: Place::Whole,
            span: None,
            text: None,
        }
    }

    /// What is wrong, without its place.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where the error is.
    pub fn place(&self) -> Place {
        self.place
    }

    /// The 1-based line of a multi-line input the error is on.
    pub fn line(&self) -> Option<u64> {
        match self.place {
            Place::Line { line, .. } => Some(line),
            _ => None,
        }
    }

    /// The bytes of [`text`](ParseError::text) where the problem is.
    pub fn span(&self) -> Option<Span> {
        self.span
    }

    /// The line of input the error is in, when it is known.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The same error with its problem at `span` of its line.
    pub fn with_span(mut self, span: Span) -> ParseError {
        self.span = Some(span);
        self
    }

    /// The same error with `line` (the text of the line it is on)
    /// attached. A line or column place without a span gets the character
    /// at its column (columns count characters).
    pub fn with_text(mut self, line: impl Into<String>) -> ParseError {
        let line = line.into();
        if self.span.is_none() {
            let column = match self.place {
                Place::Line {
                    column: Some(c), ..
                }
                | Place::Column(c) => Some(c),
                _ => None,
            };
            if let Some(c) = column {
                let at = line
                    .char_indices()
                    .nth(usize::try_from(c.saturating_sub(1)).unwrap_or(usize::MAX))
                    .map_or(line.len(), |(i, _)| i);
                self.span = Some(Span::char_at(&line, at));
            }
        }
        self.text = Some(line);
        self
    }

    /// The error of a parser of one-line input with that input attached:
    /// a byte place's span becomes the whole character at its offset (a
    /// point at the end of the input), clamped into `text`.
    pub fn in_text(mut self, text: &str) -> ParseError {
        if let Place::Byte(offset) = self.place {
            let point = Span::char_at(text, offset);
            self.span = Some(match self.span {
                Some(s) if s.end > s.start + 1 => {
                    let start = point.start;
                    let mut end = s.end.clamp(start, text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    Span { start, end }
                }
                _ => point,
            });
        }
        self.text = Some(text.to_owned());
        self
    }

    /// The byte offset of a byte place (0 for other places), for the
    /// parsers that map an offset in a normalised copy of their input back
    /// to the original.
    pub(crate) fn offset(&self) -> usize {
        match self.place {
            Place::Byte(offset) => offset,
            _ => 0,
        }
    }

    /// The same error moved `by` bytes to the right, for a parser that
    /// handed a suffix of its input to a sub-parser (before the input is
    /// attached).
    pub fn shifted(mut self, by: usize) -> ParseError {
        if let Place::Byte(offset) = &mut self.place {
            *offset += by;
        }
        if let Some(span) = &mut self.span {
            span.start += by;
            span.end += by;
        }
        self
    }

    /// The same error at line `line` of a larger input, for a parser that
    /// numbered the lines of a part of it from 1.
    pub fn on_line(mut self, line: u64) -> ParseError {
        if let Place::Line { line: l, .. } = &mut self.place {
            *l = line;
        }
        self
    }
}

impl fmt::Display for ParseError {
    /// `at byte 3: MESSAGE`, `line 2, column 5: MESSAGE`, `line 2:
    /// MESSAGE`, `column 3: MESSAGE` or `MESSAGE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::Byte(offset) => write!(f, "at byte {offset}: {}", self.message),
            Place::Line {
                line,
                column: Some(column),
            } => write!(f, "line {line}, column {column}: {}", self.message),
            Place::Line { line, column: None } => write!(f, "line {line}: {}", self.message),
            Place::Column(column) => write!(f, "column {column}: {}", self.message),
            Place::Whole => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}
