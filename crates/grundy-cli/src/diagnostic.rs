//! One way to show where an input went wrong: the input line, and a caret
//! under the problem, printed below the error message (as rustc and the
//! regex crate do).
//!
//! A parse error is wrapped with [`located`], which attaches a [`Snippet`]
//! whose text is the error's usual first line; `main` prints the message as
//! always and then [`Snippet::render`]s the line and the caret.

use std::fmt;

use grundy::span::Span;

/// The input an error is in, where, and the message line it stands for.
#[derive(Debug)]
pub struct Snippet {
    message: String,
    line: String,
    /// 1-based line number, for multi-line inputs (files).
    line_no: Option<u64>,
    /// The problem's place in `line`, in bytes.
    span: Span,
}

impl fmt::Display for Snippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Snippet {}

impl Snippet {
    /// The input line and a caret line under the span, each indented; a
    /// span of several characters gets a caret under each.
    pub fn render(&self) -> String {
        let prefix = self.line_no.map(|n| format!("{n} | ")).unwrap_or_default();
        // Columns count characters, and a tab is shown as one space, so the
        // caret lines up with what the terminal draws.
        let shown: String = self
            .line
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let before = self.line[..self.span.start.min(self.line.len())]
            .chars()
            .count();
        let width = self.line
            [self.span.range().start.min(self.line.len())..self.span.end.min(self.line.len())]
            .chars()
            .count()
            .max(1);
        let pad = " ".repeat(prefix.chars().count() + before);
        format!("  {prefix}{shown}\n  {pad}{}\n", "^".repeat(width))
    }
}

/// `err`, whose place in the one-line input `text` is `span`, with
/// `message` as the context line that is printed before it.
pub fn located<E>(err: E, text: &str, span: Span, message: String) -> anyhow::Error
where
    E: std::error::Error + Send + Sync + 'static,
{
    // Only the first line of the input is shown; game specs have one.
    let line_end = text.find('\n').unwrap_or(text.len());
    let span = Span {
        start: span.start.min(line_end),
        end: span.end.min(line_end),
    };
    anyhow::Error::new(err).context(Snippet {
        message,
        line: text[..line_end].to_owned(),
        line_no: None,
        span,
    })
}

/// `err` at 1-based `line` of a multi-line input whose line is `text`,
/// where the error's own span (bytes of `text`) is `span`.
pub fn located_line<E>(err: E, line: u64, text: &str, span: Span, message: String) -> anyhow::Error
where
    E: std::error::Error + Send + Sync + 'static,
{
    anyhow::Error::new(err).context(Snippet {
        message,
        line: text.to_owned(),
        line_no: Some(line),
        span,
    })
}

/// A bad argument in a command's list of arguments (heap sizes): the error
/// reads `message`, and under it the arguments on one line (a few on each
/// side of a long list) with a caret under argument `index` (0-based).
pub fn bad_argument(args: &[String], index: usize, message: String) -> anyhow::Error {
    const AROUND: usize = 4;
    let first = index.saturating_sub(AROUND);
    let last = (index + AROUND).min(args.len().saturating_sub(1));
    let mut line = String::new();
    if first > 0 {
        line.push_str("... ");
    }
    let mut span = Span { start: 0, end: 0 };
    for (i, arg) in args.iter().enumerate().take(last + 1).skip(first) {
        if i > first {
            line.push(' ');
        }
        // One line: a line break inside an argument is shown as a space.
        let shown = arg.replace(['\n', '\r'], " ");
        if i == index {
            span = Span {
                start: line.len(),
                end: line.len() + shown.len(),
            };
        }
        line.push_str(&shown);
    }
    if last + 1 < args.len() {
        line.push_str(" ...");
    }
    anyhow::Error::new(Snippet {
        message,
        line,
        line_no: None,
        span,
    })
}

/// An input line typed at a prompt with a caret under `span`, as lines to
/// print under the message, each indented.
pub fn caret_lines(line: &str, span: Span) -> String {
    Snippet {
        message: String::new(),
        line: line.to_owned(),
        line_no: None,
        span,
    }
    .render()
}

/// Line `line` (1-based) of the file at `path`, without its line break,
/// read again to show an error in it; `None` if it cannot be read (or the
/// line is very long: it would not help on a terminal).
pub fn file_line(path: &std::path::Path, line: u64) -> Option<String> {
    use std::io::BufRead;
    let file = std::io::BufReader::new(std::fs::File::open(path).ok()?);
    let mut bytes = file
        .split(b'\n')
        .nth(usize::try_from(line.checked_sub(1)?).ok()?)?
        .ok()?;
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    (bytes.len() <= 4096).then(|| String::from_utf8_lossy(&bytes).into_owned())
}

/// `err`, a parse error that carries its place and its line of input,
/// with `message` as the context line printed before it: the input line
/// and a caret under the problem are printed under the message.
pub fn parsed(err: grundy::ParseError, message: String) -> anyhow::Error {
    match (err.text().map(str::to_owned), err.span()) {
        (Some(text), Some(span)) => match err.line() {
            Some(line) => located_line(err, line, &text, span, message),
            None => located(err, &text, span, message),
        },
        _ => anyhow::Error::new(err).context(message),
    }
}

/// A spec that names no game: a located spec error (`bad game spec
/// "0.7x"`, the spec and a caret), or what was wrong with the file it
/// names.
pub fn bad_game(err: grundy::games::GameError, spec: &str) -> anyhow::Error {
    match err {
        grundy::games::GameError::Spec(e) => parsed(e, format!("bad game spec {spec:?}")),
        other => anyhow::anyhow!("{other}"),
    }
}

/// The game named by `spec`, for every command: [`grundy::games::Game`]
/// decides what it is, reading the file it may name from the disk.
pub fn game(spec: &str) -> anyhow::Result<grundy::games::Game> {
    let read = |path: &str| std::fs::read_to_string(path);
    grundy::games::Game::parse_reading(spec, &read).map_err(|e| bad_game(e, spec))
}

/// The heap game named by `spec`, for the commands that need one (`values`,
/// `period`, `quotient`). A whole position (`cram:3x3`) is a located error
/// that says what it is and which commands take it.
pub fn heap_game(spec: &str) -> anyhow::Result<grundy::heap::HeapRuleset> {
    game(spec)?.into_heaps().map_err(|e| {
        let whole = Span {
            start: spec.len() - spec.trim_start().len(),
            end: spec.trim_end().len(),
        };
        located(e, spec, whole, format!("game {spec:?}"))
    })
}

/// A census family that did not parse.
pub fn bad_family(err: grundy::ParseError, family: &str) -> anyhow::Error {
    parsed(err, format!("bad census family {family:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_sit_under_the_problem() {
        let err = grundy::games::Game::parse("0.7x").unwrap_err();
        let e = bad_game(err, "0.7x");
        let snippet = e.downcast_ref::<Snippet>().unwrap();
        assert_eq!(snippet.render(), "  0.7x\n     ^\n");
        assert_eq!(e.to_string(), "bad game spec \"0.7x\"");
    }

    #[test]
    fn wide_characters_and_tabs_and_line_numbers_line_up() {
        let io = std::io::Error::other("bad");
        let e = located_line(io, 12, "\té 12x", Span { start: 4, end: 7 }, "heap".into());
        let snippet = e.downcast_ref::<Snippet>().unwrap();
        assert_eq!(snippet.render(), "  12 |  é 12x\n          ^^^\n");
        let io = std::io::Error::other("bad");
        let e = located(io, "sub{", Span { start: 4, end: 4 }, "m".into());
        let snippet = e.downcast_ref::<Snippet>().unwrap();
        assert_eq!(snippet.render(), "  sub{\n      ^\n");
    }
}
