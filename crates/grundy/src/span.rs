//! Where in its input an error is: a byte range that every parser's error
//! can give, so that front ends show the input with a caret under the
//! problem (the CLI) or return the range (the web API's `"span"`).
//!
//! ```
//! use grundy::heap::HeapRuleset;
//! use grundy::span::Span;
//!
//! let text = "0.7x";
//! let err = HeapRuleset::parse(text).unwrap_err();
//! assert_eq!(err.span(text), Span { start: 3, end: 4 });
//! assert_eq!(&text[err.span(text).range()], "x");
//! ```

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
