//! # grundy-text
//!
//! The lessons of grundy as text, for the front ends: the CLI's `nim
//! --explain` and `play` hints, and the web API's `explanation` and hint
//! `text`. The library builds the lessons as data
//! ([`grundy::nim::Explanation`], [`grundy::play::Hint`]); this crate lays
//! them out in paragraphs wrapped at 78 columns and aligned binary tables,
//! and lets the caller decorate parts of the text by [`Role`] (terminal
//! colours, HTML).
//!
//! ```
//! use grundy::nim::explain;
//! use grundy::Convention;
//! use grundy_text::{Render, Role};
//!
//! let e = explain(&[3u64, 5, 7], Convention::Normal);
//! let text = e.text();
//! assert!(text.contains("heap 1: 3 -> 2 (take 1)"), "{text}");
//! let marked = e.render_with(&mut |role, s| match role {
//!     Role::Win => format!("[{s}]"),
//!     _ => s.to_string(),
//! });
//! assert!(marked.contains("[The nim-sum is 1, not 0"), "{marked}");
//! ```

#![forbid(unsafe_code)]

mod hint;
mod nim;

/// The parts of a lesson a front end may want to decorate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Role {
    /// A digit in the column of the top bit of the nim-sum, in a heap that
    /// has it (or in the nim-sum row).
    TopBit,
    /// The nim-sum row and the mark under its top bit.
    NimSum,
    /// A sentence saying that the player to move wins.
    Win,
    /// A sentence saying that the player to move loses.
    Lose,
    /// A winning move.
    Move,
    /// A section heading.
    Heading,
}

/// A lesson that can be written as text.
///
/// Implemented for the Nim lesson ([`grundy::nim::Explanation`]), the
/// hints of [`grundy::play`] ([`Hint`](grundy::play::Hint), and its
/// [`Lesson`](grundy::play::Lesson) alone) and each kind of lesson.
pub trait Render {
    /// The text, with `paint(role, text)` applied to the parts a front end
    /// may decorate; `paint` returns the decorated text (for example with
    /// ANSI colours). Heaps are numbered from 1.
    fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String;

    /// The plain text.
    fn text(&self) -> String {
        self.render_with(&mut |_, s| s.to_string())
    }
}

/// Prose lines are wrapped to this many columns.
const WRAP: usize = 78;

/// Words of `text` in lines of at most [`WRAP`] columns (longer words stay
/// whole).
fn wrap(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > WRAP {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Writes `text` wrapped at [`WRAP`] columns, each line painted as `role`,
/// then a blank line: the one paragraph writer of every lesson here.
fn para(
    out: &mut String,
    paint: &mut dyn FnMut(Role, &str) -> String,
    role: Option<Role>,
    text: &str,
) {
    for line in wrap(text) {
        match role {
            Some(r) => out.push_str(&paint(r, &line)),
            None => out.push_str(&line),
        }
        out.push('\n');
    }
    out.push('\n');
}
