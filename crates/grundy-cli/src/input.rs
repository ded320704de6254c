//! Where heap sizes come from: command-line arguments, a file, or standard
//! input.
//!
//! Files and stdin are read in chunks of 64 KiB and fed to the
//! library's [`HeapParser`], which parses digits by hand and tracks lines and
//! columns; nothing but the current chunk (and a token cut at its end) is
//! held, so reading is constant-memory whatever the input size. What to do
//! with each heap is the caller's choice: fold it into a summary (outcome
//! only) or keep it (to list moves, without reading stdin twice).

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use grundy::nim::{parse_heap, Heap, HeapParser, HeapSink};

/// Read size: large enough that system calls cost little next to parsing,
/// small enough that the kernel's copy lands in cache and the parser reads
/// it from there (64 KiB measured fastest: with 1 MiB chunks the copy alone
/// took a third of the time).
const CHUNK: usize = 1 << 16;

/// The place the heap sizes are read from.
#[derive(Debug)]
pub enum Source<'a> {
    /// Heap sizes given as command-line arguments.
    Args(&'a [String]),
    /// A file to stream.
    File(&'a Path),
    /// Standard input (`--file -`).
    Stdin,
}

impl<'a> Source<'a> {
    /// The source named by `--file` (`-` is stdin), or else the arguments.
    pub fn new(file: Option<&'a PathBuf>, args: &'a [String]) -> Self {
        match file {
            Some(p) if p.as_os_str() == "-" => Source::Stdin,
            Some(p) => Source::File(p),
            None => Source::Args(args),
        }
    }
}

/// Gives each heap of `source` to `sink`, in order, and returns how many
/// there were.
///
/// # Errors
/// A bad heap (named with its argument number, or its line and column), an
/// input with no heap at all, or a read error.
pub fn for_each_heap(source: &Source<'_>, sink: &mut impl HeapSink) -> anyhow::Result<u64> {
    match source {
        Source::Args(args) => {
            if args.is_empty() {
                bail!(
                    "no heaps given: write them as arguments (grundy nim 3 5 7) or use --file PATH"
                );
            }
            for (i, arg) in args.iter().enumerate() {
                let heap = parse_heap(arg).map_err(|reason| {
                    crate::diagnostic::bad_argument(
                        args,
                        i,
                        format!("argument {}: invalid heap {arg:?}: {reason}", i + 1),
                    )
                })?;
                match heap {
                    Heap::Small(n) => sink.small(n),
                    Heap::Big(n) => sink.big(n),
                }
            }
            Ok(args.len() as u64)
        }
        Source::File(path) => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            stream(file, sink, &path.display().to_string())
        }
        Source::Stdin => stream(io::stdin().lock(), sink, "standard input"),
    }
}

/// The longest line kept to show under an error (a longer one would not
/// help on a terminal).
const SHOWN_LINE: usize = 4096;

/// The line being read, kept to show a bad heap in it: its number and its
/// bytes so far (at most [`SHOWN_LINE`]).
struct CurrentLine {
    number: u64,
    bytes: Vec<u8>,
    too_long: bool,
}

impl CurrentLine {
    /// Moves past `chunk`, which has been parsed.
    fn advance(&mut self, chunk: &[u8]) {
        let rest = match chunk.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.number += chunk.iter().filter(|&&b| b == b'\n').count() as u64;
                self.bytes.clear();
                self.too_long = false;
                &chunk[last + 1..]
            }
            None => chunk,
        };
        self.keep(rest);
    }

    fn keep(&mut self, bytes: &[u8]) {
        if self.bytes.len() + bytes.len() > SHOWN_LINE {
            self.too_long = true;
        } else {
            self.bytes.extend_from_slice(bytes);
        }
    }

    /// The bytes of line `line`, which starts in the current line or in
    /// `chunk` (being parsed), as far as `chunk` goes, and whether the line
    /// ends in it; `None` for a line longer than [`SHOWN_LINE`].
    fn line_in(&self, line: u64, chunk: &[u8]) -> Option<(Vec<u8>, bool)> {
        let skip = usize::try_from(line.checked_sub(self.number)?).ok()?;
        let mut text = CurrentLine {
            number: line,
            bytes: if skip == 0 {
                self.bytes.clone()
            } else {
                vec![]
            },
            too_long: skip == 0 && self.too_long,
        };
        let mut lines = chunk.split(|&b| b == b'\n');
        text.keep(lines.nth(skip)?);
        let ended = lines.next().is_some();
        (!text.too_long).then_some((text.bytes, ended))
    }
}

/// The text of line `line` of the input, for an error in it: what has been
/// read of it (`current`, `chunk`), then, when the line goes on past
/// `chunk`, the rest of it from `reader`.
fn error_line(
    current: &CurrentLine,
    line: u64,
    chunk: &[u8],
    reader: &mut impl Read,
) -> Option<String> {
    let (mut bytes, mut ended) = current.line_in(line, chunk)?;
    let mut more = [0u8; 4096];
    while !ended {
        let n = match reader.read(&mut more) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let end = more[..n].iter().position(|&b| b == b'\n');
        ended = end.is_some();
        bytes.extend_from_slice(&more[..end.unwrap_or(n)]);
        if bytes.len() > SHOWN_LINE + 1 {
            return None;
        }
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    (bytes.len() <= SHOWN_LINE).then(|| String::from_utf8_lossy(&bytes).into_owned())
}

/// `err` from reading the heaps of `shown` (a file's name or "standard
/// input"), with, for a bad heap, its line and a caret under it.
fn with_line(err: grundy::nim::ParseError, text: Option<String>, shown: &str) -> anyhow::Error {
    let Some((text, (line, span))) = text.and_then(|t| err.span(&t).map(|at| (t, at))) else {
        return anyhow::Error::new(err).context(shown.to_owned());
    };
    crate::diagnostic::located_line(err, line, &text, span, shown.to_owned())
}

/// Feeds `reader` (named `shown` in errors) to a [`HeapParser`] chunk by
/// chunk.
fn stream(mut reader: impl Read, sink: &mut impl HeapSink, shown: &str) -> anyhow::Result<u64> {
    let mut buf = vec![0u8; CHUNK];
    let mut parser = HeapParser::new();
    let mut current = CurrentLine {
        number: 1,
        bytes: Vec::new(),
        too_long: false,
    };
    let line_of = |err: &grundy::nim::ParseError| match err {
        grundy::nim::ParseError::InvalidHeap { line, .. }
        | grundy::nim::ParseError::InvalidUtf8 { line, .. } => *line,
        grundy::nim::ParseError::NoHeaps => 0,
    };
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).context("read error").context(shown.to_owned()),
        };
        if let Err(err) = parser.feed(&buf[..n], sink) {
            let text = error_line(&current, line_of(&err), &buf[..n], &mut reader);
            return Err(with_line(err, text, shown));
        }
        current.advance(&buf[..n]);
    }
    parser.finish(sink).map_err(|err| {
        let text = error_line(&current, line_of(&err), &[], &mut reader);
        with_line(err, text, shown)
    })
}

/// The heap sizes given as arguments (`solve`, `play`, `graph --game`),
/// read by the one rule for heap sizes, [`grundy::nim::parse_heap`]: the
/// digits 0-9 and nothing else (no sign, no spaces), any length. A bad one
/// is an error that names it by its place, with a caret under it.
pub fn heap_args(args: &[String]) -> anyhow::Result<Vec<grundy::nim::Heap>> {
    args.iter()
        .enumerate()
        .map(|(i, text)| {
            grundy::nim::parse_heap(text).map_err(|e| {
                crate::diagnostic::bad_argument(args, i, format!("heap {} ({text:?}): {e}", i + 1))
            })
        })
        .collect()
}

/// [`heap_args`] for a game whose heaps are below 2^64: a larger heap is
/// an error made by `too_large` from the heap's 1-based number and text.
pub fn small_heap_args(
    args: &[String],
    too_large: impl Fn(usize, &str) -> String,
) -> anyhow::Result<Vec<u64>> {
    let heaps = heap_args(args)?;
    heaps
        .into_iter()
        .enumerate()
        .map(|(i, heap)| match heap {
            grundy::nim::Heap::Small(h) => Ok(h),
            grundy::nim::Heap::Big(_) => Err(crate::diagnostic::bad_argument(
                args,
                i,
                too_large(i + 1, &args[i]),
            )),
        })
        .collect()
}

/// Clap value parser for counts and limits (`--to`, `--max`, ...): a
/// non-negative integer, with one message for `-1` whether it was written
/// `--to -1` or `--to=-1` (the options that use it take hyphen values, so
/// that clap does not mistake `-1` for a flag).
pub fn non_negative(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    if trimmed.starts_with('-') {
        return Err("must be a non-negative integer".to_owned());
    }
    trimmed.parse::<u64>().map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            format!("must be a non-negative integer at most {}", u64::MAX)
        }
        _ => "must be a non-negative integer".to_owned(),
    })
}

/// [`non_negative`], as a `usize`.
pub fn non_negative_usize(text: &str) -> Result<usize, String> {
    let n = non_negative(text)?;
    usize::try_from(n).map_err(|_| format!("must be at most {}", usize::MAX))
}

/// Clap value parser for `--max-forms`: an integer of at least 1, since
/// a store of misère canonical forms always holds the game 0.
pub fn max_forms(text: &str) -> Result<usize, String> {
    match non_negative_usize(text)? {
        0 => Err("must be at least 1 (the game 0 is always one of the forms)".to_owned()),
        n => Ok(n),
    }
}

/// A memory size: a number of bytes with an optional suffix `K`, `M`, `G`
/// or `T` (powers of 1024; `KB`, `MiB` and so on are read the same),
/// e.g. `2G`, `512M`, `1000000`.
pub fn memory_size(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err("expected a size such as 2G, 512M or 1000000 (bytes)".into());
    }
    let n: u64 = t[..digits]
        .parse()
        .map_err(|_| format!("{} is too large", &t[..digits]))?;
    let unit = t[digits..].trim().to_ascii_uppercase();
    let shift = match unit.trim_end_matches('B').trim_end_matches('I') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(format!(
                "unknown unit {:?}: use K, M, G or T (powers of 1024), or none for bytes",
                &t[digits..]
            ))
        }
    };
    let bytes = n
        .checked_mul(1 << shift)
        .and_then(|b| usize::try_from(b).ok())
        .ok_or_else(|| format!("{t} does not fit in memory"))?;
    if bytes < 1024 {
        return Err(format!("{t} is less than 1K: the table needs some room"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes() {
        assert_eq!(memory_size("2G"), Ok(2 << 30));
        assert_eq!(memory_size("512m"), Ok(512 << 20));
        assert_eq!(memory_size("64MiB"), Ok(64 << 20));
        assert_eq!(memory_size("100000"), Ok(100_000));
        assert!(memory_size("2X").unwrap_err().contains("unknown unit"));
        assert!(memory_size("G").is_err());
        assert!(memory_size("12").unwrap_err().contains("less than 1K"));
        assert!(memory_size("99999999999T")
            .unwrap_err()
            .contains("does not fit"));
    }

    /// A reader that hands out at most `step` bytes per call and is
    /// interrupted every other call, as a pipe or a signal may do.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
        calls: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls.is_multiple_of(2) {
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn small_and_interrupted_reads_give_every_heap() {
        let text = "12 # note\n18446744073709551616\n7 0\n";
        for step in 1..8 {
            let mut heaps = Vec::new();
            let mut sink = |h: Heap| heaps.push(h.to_string());
            let reader = Trickle {
                data: text.as_bytes(),
                step,
                calls: 0,
            };
            assert_eq!(stream(reader, &mut sink, "test").unwrap(), 4);
            assert_eq!(heaps, ["12", "18446744073709551616", "7", "0"]);
        }
    }

    #[test]
    fn errors_keep_their_place() {
        let reader = Trickle {
            data: b"1\n2 x3",
            step: 2,
            calls: 0,
        };
        let err = stream(reader, &mut |_: Heap| {}, "test").unwrap_err();
        assert!(format!("{err:#}").starts_with("test: line 2, column 3: invalid heap \"x3\""));
        // The line, read across chunks, is kept to show under the error.
        let snippet = err.downcast_ref::<crate::diagnostic::Snippet>().unwrap();
        assert_eq!(snippet.render(), "  2 | 2 x3\n        ^^\n");
        // The rest of the line after the bad token is read to show it whole.
        let reader = Trickle {
            data: b"1\n2 x3 4 5\r\n6",
            step: 3,
            calls: 0,
        };
        let err = stream(reader, &mut |_: Heap| {}, "test").unwrap_err();
        let snippet = err.downcast_ref::<crate::diagnostic::Snippet>().unwrap();
        assert_eq!(snippet.render(), "  2 | 2 x3 4 5\n        ^^\n");
    }
}
