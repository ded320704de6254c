//! The plain command syntax a player types during a game.
//!
//! ```text
//! 2 3          take 3 tokens from heap 2
//! 2 1 3 4      take 1 token from heap 2 and leave heaps of 3 and 4
//! 2 0 3 4      take nothing from heap 2, split it into heaps of 3 and 4
//! hint         explain the winning move (also `h` or `?`)
//! undo         take back your last move and the engine's reply (`u`)
//! help         show this syntax
//! quit         give up the game (`q`, `exit`)
//! ```
//!
//! Numbers may be separated by spaces or commas. Heaps are numbered from 1,
//! as they are shown.

use crate::span::{ParseError, Span};

/// A move as typed: which heap, how many tokens, and (for splitting games)
/// the heaps to leave. Whether it is legal is for
/// [`Match::check`](super::Match::check) to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    /// The heap number as typed (1-based).
    pub heap: u64,
    /// How many tokens to take.
    pub take: u64,
    /// The heaps to leave in place of the heap, when given (one to three
    /// sizes); `None` leaves the rest as one heap (or nothing).
    pub leave: Option<Vec<u64>>,
}

/// One line of player input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Make a move.
    Move(MoveRequest),
    /// Explain the winning move.
    Hint,
    /// Take back the last move pair.
    Undo,
    /// Show the syntax.
    Help,
    /// Give up.
    Quit,
}

/// The error at the word of `line` that starts at 1-based character
/// `column` (a point at the end of the line when the word is missing),
/// with `line` attached.
pub(crate) fn word_error(line: &str, column: usize, message: impl Into<String>) -> ParseError {
    let at = line
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    let end = line[at..]
        .find(|c: char| c.is_whitespace() || c == ',')
        .map_or(line.len(), |i| at + i);
    let span = if end > at {
        Span { start: at, end }
    } else {
        Span::char_at(line, at)
    };
    ParseError::at_column(column as u64, message)
        .with_span(span)
        .with_text(line)
}

/// The syntax, one line per command, for a prompt or a help screen.
pub const SYNTAX: &str = "  H K        take K tokens from heap H (heaps are numbered from 1)
  H K A B    take K from heap H and leave two heaps of A and B (splitting games;
             K may be 0 where a game splits without taking)
  hint       explain the winning move (h, ?)
  undo       take back your last move and the engine's reply (u)
  help       show this help
  quit       give up the game (q, exit)";

/// Reads one line of input.
///
/// # Errors
/// A [`ParseError`] at the first word that is neither a command nor a
/// number, at a number too large for 64 bits, or at a fifth number.
///
/// ```
/// use grundy::play::{parse_command, Command, MoveRequest};
///
/// assert_eq!(
///     parse_command(" 2 3 ")?,
///     Command::Move(MoveRequest { heap: 2, take: 3, leave: None })
/// );
/// assert_eq!(
///     parse_command("2, 1, 3, 4")?,
///     Command::Move(MoveRequest { heap: 2, take: 1, leave: Some(vec![3, 4]) })
/// );
/// assert_eq!(parse_command("HINT")?, Command::Hint);
/// assert_eq!(parse_command("2 x").unwrap_err().to_string(), "column 3: expected a number, found 'x'");
/// # Ok::<(), grundy::ParseError>(())
/// ```
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let words = words(line);
    let Some(&(first_col, first)) = words.first() else {
        return Err(word_error(
            line,
            1,
            "expected a move such as '1 2' or a command (hint, undo, help, quit), found nothing",
        ));
    };
    let keyword = match first.to_ascii_lowercase().as_str() {
        "hint" | "h" | "?" => Some(Command::Hint),
        "undo" | "u" => Some(Command::Undo),
        "help" => Some(Command::Help),
        "quit" | "q" | "exit" => Some(Command::Quit),
        _ => None,
    };
    if let Some(cmd) = keyword {
        if let Some(&(col, w)) = words.get(1) {
            return Err(word_error(
                line,
                col,
                format!("'{first}' takes no argument, found '{w}'"),
            ));
        }
        return Ok(cmd);
    }
    let mut numbers = Vec::with_capacity(words.len());
    for &(col, w) in &words {
        if !w.bytes().all(|b| b.is_ascii_digit()) {
            let message = if col == first_col {
                format!("expected a heap number or a command (hint, undo, help, quit), found '{w}'")
            } else {
                format!("expected a number, found '{w}'")
            };
            return Err(word_error(line, col, message));
        }
        let n: u64 = w
            .parse()
            .map_err(|_| word_error(line, col, format!("the number {w} is too large")))?;
        numbers.push((col, n));
    }
    match numbers.as_slice() {
        [(col, _)] => Err(word_error(
            line,
            *col + words[0].1.chars().count(),
            format!(
                "expected how many tokens to take from heap {} after the heap number, \
                 found nothing",
                numbers[0].1
            ),
        )),
        [(_, heap), (_, take), rest @ ..] if rest.len() <= 3 => Ok(Command::Move(MoveRequest {
            heap: *heap,
            take: *take,
            leave: (!rest.is_empty()).then(|| rest.iter().map(|&(_, n)| n).collect()),
        })),
        _ => Err(word_error(
            line,
            numbers[5].0,
            "too many numbers: a move is a heap, a count, and at most three heaps to leave",
        )),
    }
}

/// The command a line names when it is one of the command words (`hint`,
/// `h`, `?`, `undo`, `u`, `help`, `quit`, `q`, `exit`, in any case),
/// for the games whose moves are typed as names (boards, graphs), which
/// read everything else as a move.
///
/// ```
/// use grundy::play::{parse_word, Command};
/// assert_eq!(parse_word(" Hint "), Some(Command::Hint));
/// assert_eq!(parse_word("a1 a2"), None);
/// ```
pub fn parse_word(line: &str) -> Option<Command> {
    match line.trim().to_ascii_lowercase().as_str() {
        "hint" | "h" | "?" => Some(Command::Hint),
        "undo" | "u" => Some(Command::Undo),
        "help" => Some(Command::Help),
        "quit" | "q" | "exit" => Some(Command::Quit),
        _ => None,
    }
}

/// The words of `line` (split at spaces and commas) with their 1-based
/// character columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut col = 0;
    for (i, c) in line.char_indices() {
        col += 1;
        let sep = c.is_whitespace() || c == ',';
        match (sep, start) {
            (true, Some((s, sc))) => {
                out.push((sc, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some((i, col)),
            _ => {}
        }
    }
    if let Some((s, sc)) = start {
        out.push((sc, &line[s..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(heap: u64, take: u64, leave: Option<Vec<u64>>) -> Command {
        Command::Move(MoveRequest { heap, take, leave })
    }

    #[test]
    fn moves_and_commands() {
        assert_eq!(parse_command("1 2"), Ok(mv(1, 2, None)));
        assert_eq!(
            parse_command("\t3,0 ,1 1\n"),
            Ok(mv(3, 0, Some(vec![1, 1])))
        );
        assert_eq!(
            parse_command("1 1 1 1 1"),
            Ok(mv(1, 1, Some(vec![1, 1, 1])))
        );
        assert_eq!(parse_command("Quit"), Ok(Command::Quit));
        assert_eq!(parse_command("?"), Ok(Command::Hint));
        assert_eq!(parse_command("u"), Ok(Command::Undo));
        assert_eq!(parse_command("help"), Ok(Command::Help));
    }

    #[test]
    fn errors_point_at_the_word() {
        let column = |line: &str| match parse_command(line).unwrap_err().place() {
            crate::span::Place::Column(c) => c,
            other => panic!("{line:?}: {other:?}"),
        };
        let e = parse_command("take 3").unwrap_err();
        assert_eq!(column("take 3"), 1);
        assert!(e.message().contains("'take'"), "{e}");
        assert_eq!(e.span(), Some(Span { start: 0, end: 4 }));
        assert_eq!(column("  2 -3"), 5);
        assert_eq!(column("2"), 2);
        assert_eq!(column(""), 1);
        let e = parse_command("1 99999999999999999999").unwrap_err();
        assert_eq!(
            (
                column("1 99999999999999999999"),
                e.message().contains("too large")
            ),
            (3, true)
        );
        assert_eq!(column("1 2 3 4 5 6"), 11);
        assert_eq!(column("hint 2"), 6);
        assert_eq!(column("é 2"), 1);
        assert_eq!(column("é,x"), 1);
        assert_eq!(column("1 é"), 3);
        assert_eq!(
            parse_command("1 é").unwrap_err().span(),
            Some(Span { start: 2, end: 4 })
        );
    }
}
