//! The edge-list grammar, in one place: what a name, a blank, a line end
//! and a comment are (see [`super::parse`] for the format). Two readers
//! share it: [`line_names`] for one line at a time
//! ([`GraphBuilder::edge_line`](super::GraphBuilder::edge_line)), and
//! [`lex_edge_list`], which reads a block of lines a word at a time into a
//! [`TokenSink`] (the bulk reader's lanes).

use super::intern::{Key, INLINE};
use super::GraphError;

/// Where the tokens of [`lex_edge_list`] go, and how to take back the
/// tokens of a line that turned out bad.
pub(super) trait TokenSink {
    /// A place in the tokens, to come back to.
    type Mark: Copy;
    /// The place after the last token.
    fn mark(&self) -> Self::Mark;
    /// Drops every token after `mark`.
    fn truncate(&mut self, mark: Self::Mark);
    /// Marks the token at `mark` (the first of its line) as the start of an
    /// edge to the next one.
    fn mark_edge(&mut self, mark: Self::Mark);
    /// Adds a name of at most [`INLINE`] bytes, by its key.
    fn push_short(&mut self, key: Key);
    /// Adds a longer name.
    fn push_long(&mut self, name: &[u8]);
}

/// What a byte is to the edge-list lexer.
const NAME: u8 = 0;
const BLANK: u8 = 1;
const NEWLINE: u8 = 2;
const COMMENT: u8 = 3;

/// The class of every byte: blanks are the ASCII whitespace of
/// `u8::is_ascii_whitespace` other than `\n` (space, tab, form feed, `\r`).
const CLASS: [u8; 256] = {
    let mut class = [NAME; 256];
    class[b' ' as usize] = BLANK;
    class[b'\t' as usize] = BLANK;
    class[0x0c] = BLANK;
    class[b'\r' as usize] = BLANK;
    class[b'\n' as usize] = NEWLINE;
    class[b'#' as usize] = COMMENT;
    class
};

/// The index of the first byte below `0x24` in the little-endian word `w`
/// (8 when there is none). Every byte that ends a name (blanks, `\n`, `#`)
/// is below `0x24`; so are a few name bytes (`!`, `"`, control
/// characters), which the caller checks for.
///
/// The classic test for a zero byte, shifted: a byte below `0x24` borrows
/// when `0x24` is subtracted from it. A borrow can make the byte above a
/// hit look like one too, but never one below, so the lowest hit is exact.
#[inline]
fn first_low_byte(w: u64) -> usize {
    let hits = w.wrapping_sub(0x2424_2424_2424_2424) & !w & 0x8080_8080_8080_8080;
    hits.trailing_zeros() as usize / 8
}

/// Splits the lines `block[range]` of an edge list into name tokens,
/// adding them to `lane`; the first name of a line with two is marked as
/// the start of an edge to the second. Returns the number of `\n` in the
/// range.
///
/// Lines are numbered from 1 at the start of the range; on error the
/// caller shifts the line. After an error the lane holds the tokens of the
/// lines before the bad one.
///
/// This is the grammar of [`line_names`], read a word at a time: a short name is found with two loads and its end with a
/// bit trick ([`first_low_byte`]); names are checked for UTF-8 one by one
/// only when the range as a whole is not valid UTF-8 (splitting valid
/// UTF-8 at ASCII bytes leaves valid UTF-8).
pub(super) fn lex_edge_list<S: TokenSink>(
    block: &[u8],
    range: std::ops::Range<usize>,
    lane: &mut S,
) -> Result<usize, GraphError> {
    let check_utf8 = std::str::from_utf8(&block[range.clone()]).is_err();
    let end = range.end;
    let mut i = range.start;
    let mut line = 1;
    let mut line_start = i;
    // Tokens before the current line, and names on it so far.
    let mut kept = lane.mark();
    let mut count = 0;
    while i < end {
        match CLASS[block[i] as usize] {
            BLANK => i += 1,
            NEWLINE => {
                if count == 2 {
                    lane.mark_edge(kept);
                }
                kept = lane.mark();
                count = 0;
                line += 1;
                i += 1;
                line_start = i;
            }
            COMMENT => {
                i += block[i..end]
                    .iter()
                    .position(|&b| b == b'\n')
                    .unwrap_or(end - i);
            }
            _ => {
                let start = i;
                let column = start - line_start + 1;
                if count == 2 {
                    lane.truncate(kept);
                    return Err(GraphError::TooManyFields { line, column });
                }
                // Fast path: the name ends within the 16 bytes from its
                // start, at a byte that really ends names.
                let short = block.get(start..start + 16).and_then(|bytes| {
                    let word =
                        |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8"));
                    let (low, high) = (word(0), word(8));
                    let len = match first_low_byte(low) {
                        8 => 8 + first_low_byte(high),
                        len => len,
                    };
                    (len <= INLINE && CLASS[bytes[len] as usize] != NAME)
                        .then(|| (len, Key::short_from_words(low, high, len)))
                });
                let len = match short {
                    Some((len, _)) => len,
                    None => block[start..end]
                        .iter()
                        .position(|&b| CLASS[b as usize] != NAME)
                        .unwrap_or(end - start),
                };
                i = start + len;
                let name = &block[start..i];
                if check_utf8 && std::str::from_utf8(name).is_err() {
                    lane.truncate(kept);
                    return Err(GraphError::InvalidUtf8 { line, column });
                }
                match short {
                    Some((_, key)) => lane.push_short(key),
                    None if len <= INLINE => lane.push_short(Key::of(name)),
                    None => lane.push_long(name),
                }
                count += 1;
            }
        }
    }
    if count == 2 {
        lane.mark_edge(kept);
    }
    Ok(line - 1)
}

/// `err` with its line moved down by `by` lines.
pub(super) fn shift_line(err: GraphError, by: usize) -> GraphError {
    match err {
        GraphError::TooManyFields { line, column } => GraphError::TooManyFields {
            line: line + by,
            column,
        },
        GraphError::InvalidUtf8 { line, column } => GraphError::InvalidUtf8 {
            line: line + by,
            column,
        },
        other => other,
    }
}

/// The end (just past the `\n`) of the line holding byte `at`, or the end
/// of `text`.
pub(super) fn line_end(text: &[u8], at: usize) -> usize {
    if at >= text.len() {
        return text.len();
    }
    text[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| at + i + 1)
}

/// The (at most two) names on one edge-list line, validated: the grammar
/// of [`lex_edge_list`], a byte at a time. Returns the names and how many
/// there are.
///
/// # Errors
/// [`GraphError::TooManyFields`] at a third name,
/// [`GraphError::InvalidUtf8`] for a name that is not UTF-8, both at `line`.
pub(super) fn line_names(text: &[u8], line: usize) -> Result<([&str; 2], usize), GraphError> {
    let text = match text.iter().position(|&b| CLASS[b as usize] == COMMENT) {
        Some(i) => &text[..i],
        None => text,
    };
    let is_name = |b: u8| CLASS[b as usize] == NAME;
    let mut names = [""; 2];
    let mut count = 0;
    let mut i = 0;
    while i < text.len() {
        if !is_name(text[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && is_name(text[i]) {
            i += 1;
        }
        if count == 2 {
            return Err(GraphError::TooManyFields {
                line,
                column: start + 1,
            });
        }
        names[count] =
            std::str::from_utf8(&text[start..i]).map_err(|_| GraphError::InvalidUtf8 {
                line,
                column: start + 1,
            })?;
        count += 1;
    }
    Ok((names, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records what the block reader finds: the names of each edge-list
    /// line, as keys, with the edge marks.
    #[derive(Default)]
    struct Record {
        tokens: Vec<(Key, bool)>,
    }

    impl TokenSink for Record {
        type Mark = usize;
        fn mark(&self) -> usize {
            self.tokens.len()
        }
        fn truncate(&mut self, mark: usize) {
            self.tokens.truncate(mark);
        }
        fn mark_edge(&mut self, mark: usize) {
            self.tokens[mark].1 = true;
        }
        fn push_short(&mut self, key: Key) {
            self.tokens.push((key, false));
        }
        fn push_long(&mut self, name: &[u8]) {
            self.tokens.push((Key::of(name), false));
        }
    }

    /// The block reader and the line reader are one grammar: on text built
    /// from names, blanks of every kind, comments, bytes that are not
    /// UTF-8 and names longer than a short key, they find the same names,
    /// the same edges and the same first error.
    #[test]
    fn both_readers_read_the_same_grammar() {
        let pieces: [&[u8]; 14] = [
            b"a",
            b"bc",
            b"node_with_a_rather_long_name_1234",
            b" ",
            b"\t",
            b"\r",
            b"\x0c",
            b"\n",
            b"#c",
            b"!",
            b"\"q",
            b"\xff",
            b"\xc3\xa9",
            b"0123456789abcdefg",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..3000 {
            let mut text = vec![];
            for _ in 0..(seed % 23) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                text.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
            }
            seed = seed.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(1);
            // One line at a time.
            let mut expected = vec![];
            let mut line_error = None;
            for (i, line) in text.split(|&b| b == b'\n').enumerate() {
                match line_names(line, i + 1) {
                    Ok((names, count)) => {
                        for (k, name) in names[..count].iter().enumerate() {
                            expected.push((Key::of(name.as_bytes()), k == 0 && count == 2));
                        }
                    }
                    Err(e) => {
                        line_error = Some(e);
                        break;
                    }
                }
            }
            // The whole block at once.
            let mut record = Record::default();
            let block = lex_edge_list(&text, 0..text.len(), &mut record);
            let shown = String::from_utf8_lossy(&text);
            match (block, line_error) {
                (Ok(newlines), None) => {
                    assert_eq!(newlines, text.iter().filter(|&&b| b == b'\n').count());
                    assert_eq!(record.tokens, expected, "{shown:?}");
                }
                (Err(e), Some(line_e)) => {
                    assert_eq!(e, line_e, "{shown:?}");
                    // The lines before the bad one are kept.
                    assert_eq!(record.tokens, expected, "{shown:?}");
                }
                (block, line) => panic!("{shown:?}: block {block:?}, lines {line:?}"),
            }
        }
    }
}
