//! Heap sizes from text: one token, or a whole stream fed in chunks.
//!
//! The format is a list of non-negative decimal integers separated by ASCII
//! whitespace (spaces, tabs, newlines); `#` starts a comment that runs to the
//! end of the line. Integers that fit in a `u64` are read by hand, eight
//! digits at a time (SWAR, see `swar_number`); longer ones become a
//! [`BigUint`], exactly.
//!
//! [`HeapParser`] does no I/O: the caller reads the input in chunks of any
//! size (a token may straddle two chunks) and feeds them, so 10^7 heaps can
//! be read in constant memory. Every error names the offending token and
//! its line and column (columns count characters, from 1).

use std::fmt;

use thiserror::Error;

use super::radix::decimal_to_biguint;
use super::BigUint;
use crate::span::Span;

/// A heap size read from text: a `u64` when it fits, a [`BigUint`] beyond.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Heap {
    /// A size that fits in 64 bits.
    Small(u64),
    /// A size of 2^64 or more.
    Big(BigUint),
}

impl Heap {
    /// The size as a [`BigUint`], whichever way it was stored.
    pub fn to_biguint(&self) -> BigUint {
        match self {
            Heap::Small(n) => BigUint::from(*n),
            Heap::Big(n) => n.clone(),
        }
    }
}

impl fmt::Display for Heap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Heap::Small(n) => n.fmt(f),
            Heap::Big(n) => f.pad_integral(true, "", &super::to_decimal(n)),
        }
    }
}

/// Where a [`HeapParser`] delivers heaps. Any `FnMut(Heap)` closure is a
/// sink; a type of its own can take the (hot) `u64` case without building a
/// [`Heap`].
pub trait HeapSink {
    /// A heap that fits in a u64.
    fn small(&mut self, n: u64);
    /// A heap of 2^64 or more.
    fn big(&mut self, n: BigUint);
}

impl<F: FnMut(Heap)> HeapSink for F {
    #[inline]
    fn small(&mut self, n: u64) {
        self(Heap::Small(n));
    }
    fn big(&mut self, n: BigUint) {
        self(Heap::Big(n));
    }
}

/// Why a token is not a heap size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum InvalidHeap {
    /// `-3`: a minus sign followed by digits.
    #[error("a heap size cannot be negative")]
    Negative,
    /// `+3`: a plus sign (or a lone minus on something not a number).
    #[error("write a heap size without a sign")]
    Signed,
    /// Anything else that is not digits: `3x`, `3.5`, `0x10`, `٣`.
    #[error("a heap size is a whole number written with the digits 0-9")]
    NotANumber,
    /// The empty string.
    #[error("the heap size is empty")]
    Empty,
}

/// An error in a stream of heap sizes, with its place in the input.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum ParseError {
    /// A token that is not a heap size.
    #[error("line {line}, column {column}: invalid heap {token:?}: {reason}")]
    InvalidHeap {
        /// 1-based line of the token.
        line: u64,
        /// 1-based column (in characters) where the token starts.
        column: u64,
        /// The token (its first 40 characters, then `...`).
        token: String,
        /// What is wrong with it.
        reason: InvalidHeap,
    },
    /// A byte that is not part of valid UTF-8 text.
    #[error("line {line}, column {column}: invalid UTF-8: byte 0x{byte:02x} is not text")]
    InvalidUtf8 {
        /// 1-based line of the byte.
        line: u64,
        /// 1-based column (in characters) of the byte.
        column: u64,
        /// The offending byte.
        byte: u8,
    },
    /// The input holds no heap size at all.
    #[error("no heaps: the input is empty or holds only spaces and comments")]
    NoHeaps,
}

impl ParseError {
    /// The line of the error (1-based), and where in `line` (that line's
    /// text) it is, as a byte range: the bad token, or the bad byte. `None`
    /// for [`ParseError::NoHeaps`], which has no place.
    ///
    /// ```
    /// use grundy::nim::{HeapParser, ParseError};
    /// use grundy::span::Span;
    ///
    /// let mut heaps = vec![];
    /// let err = HeapParser::new().feed(b"3 5\n7 x9 2\n", &mut |h| heaps.push(h)).unwrap_err();
    /// assert_eq!(err.span("7 x9 2"), Some((2, Span { start: 2, end: 4 })));
    /// ```
    pub fn span(&self, line: &str) -> Option<(u64, Span)> {
        let (number, column, width) = match self {
            ParseError::InvalidHeap {
                line,
                column,
                token,
                ..
            } => (*line, *column, token.chars().count()),
            ParseError::InvalidUtf8 { line, column, .. } => (*line, *column, 1),
            ParseError::NoHeaps => return None,
        };
        // Columns count characters; a span is bytes.
        let byte_at = |chars: u64| {
            line.char_indices()
                .nth(usize::try_from(chars).unwrap_or(usize::MAX))
                .map_or(line.len(), |(i, _)| i)
        };
        let start = byte_at(column.saturating_sub(1));
        let end = byte_at(column.saturating_sub(1) + width.max(1) as u64);
        Some((number, Span { start, end }))
    }
}

/// Tokens longer than this are shortened in error messages.
const TOKEN_SHOWN: usize = 40;

/// A token cut by chunk boundaries that grows past this many bytes and is
/// not all digits is reported at once rather than kept to its end.
const PENDING_LIMIT: usize = 1 << 16;

/// The largest number of decimal digits that always fits in a `u64`
/// (10^19 - 1 < 2^64).
const SAFE_DIGITS: usize = 19;

#[inline(always)]
fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\t' | b'\r' | 0x0C | b'#')
}

/// Each byte of an 8-byte word holding ASCII `'0'` becomes 0 when xored
/// with this.
const ZEROS: u64 = 0x3030_3030_3030_3030;

/// The number of leading ASCII digits (0 to 8) in the 8 bytes of `w`, the
/// first byte being the least significant (a little-endian load).
#[inline(always)]
fn digit_count(w: u64) -> u32 {
    // After the xor, digit bytes hold 0..=9. Adding 0x76 sets the top bit of
    // a byte exactly when it holds 10 or more (or had it already); a carry
    // out of a byte only disturbs the bytes above it, and only the lowest
    // non-digit byte matters.
    let t = w ^ ZEROS;
    let non_digits = (t.wrapping_add(0x7676_7676_7676_7676) | t) & 0x8080_8080_8080_8080;
    non_digits.trailing_zeros() / 8
}

/// The value of 8 digit bytes (already xored with [`ZEROS`]), the first
/// digit in the lowest byte: three multiplies instead of eight dependent
/// multiply-adds (the pairing trick popularised by Lemire).
#[inline(always)]
fn eight_digits(t: u64) -> u64 {
    // Pairs: bytes 0, 2, 4, 6 now hold 10·d0 + d1, 10·d2 + d3, ... (the odd
    // bytes hold garbage that the masks drop).
    let t = t.wrapping_mul(10) + (t >> 8);
    // Then one multiply per two pairs puts each pair at its place value in
    // the upper half: p0·10^6 + p2·10^2 and p1·10^4 + p3 (the lower halves
    // stay below 10^4, so nothing carries into the upper half).
    const PAIRS: u64 = 0x0000_00FF_0000_00FF;
    let a = (t & PAIRS).wrapping_mul(100 + (1_000_000 << 32));
    let b = ((t >> 16) & PAIRS).wrapping_mul(1 + (10_000 << 32));
    (a.wrapping_add(b)) >> 32
}

/// The value of the first `d` digits of `w` (0 <= d <= 8), without a
/// branch.
#[inline(always)]
fn leading_digits(w: u64, d: u32) -> u64 {
    // Shifting the digits to the top bytes makes the missing ones leading
    // zeros and drops the bytes after the number. The shift is 64 - 8d, up
    // to 64, so it is done in two halves that are each below 64.
    let shift = 64 - 8 * d;
    eight_digits(((w ^ ZEROS) << (shift / 2)) << (shift - shift / 2))
}

const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// Reads the run of digits at the start of `b` (the first byte a digit) eight bytes at a time. Returns the value and the number of
/// digits, or `None` when there are more than 20 digits or the value does
/// not fit in a u64 (the general path then takes it).
#[inline(always)]
fn swar_number(b: &[u8; 24]) -> Option<(u64, usize)> {
    // One unaligned 8-byte load each (the array type removes bounds checks).
    let word = |k: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[k..k + 8]);
        u64::from_le_bytes(w)
    };
    let w0 = word(0);
    let d0 = digit_count(w0);
    if d0 < 8 {
        return Some((leading_digits(w0, d0), d0 as usize));
    }
    let w1 = word(8);
    let d1 = digit_count(w1);
    let high = eight_digits(w0 ^ ZEROS);
    if d1 < 8 {
        return Some((
            high * POW10[d1 as usize] + leading_digits(w1, d1),
            8 + d1 as usize,
        ));
    }
    let w2 = word(16);
    let d2 = digit_count(w2);
    if d2 > 4 {
        return None;
    }
    // Random u64s have 19 or 20 digits about equally often: no branch on
    // which, only on the (rare) overflow.
    let mid = high * POW10[8] + eight_digits(w1 ^ ZEROS);
    let v = mid
        .checked_mul(POW10[d2 as usize])?
        .checked_add(leading_digits(w2, d2))?;
    Some((v, 16 + d2 as usize))
}

/// What is wrong with a token, before its place is known.
enum TokenProblem {
    Invalid(InvalidHeap),
    /// Invalid UTF-8 at this byte offset inside the token.
    Utf8(usize),
}

/// Reads one token with no separators in it.
fn classify(tok: &[u8]) -> Result<Heap, TokenProblem> {
    if tok.is_empty() {
        return Err(TokenProblem::Invalid(InvalidHeap::Empty));
    }
    if tok.iter().all(u8::is_ascii_digit) {
        let mut v: u64 = 0;
        for &b in tok {
            match v
                .checked_mul(10)
                .and_then(|x| x.checked_add(u64::from(b - b'0')))
            {
                Some(x) => v = x,
                None => {
                    return Ok(Heap::Big(decimal_to_biguint(tok)));
                }
            }
        }
        return Ok(Heap::Small(v));
    }
    if let Err(e) = std::str::from_utf8(tok) {
        return Err(TokenProblem::Utf8(e.valid_up_to()));
    }
    let unsigned = &tok[1..];
    let digits_follow = !unsigned.is_empty() && unsigned.iter().all(u8::is_ascii_digit);
    Err(TokenProblem::Invalid(match tok[0] {
        b'-' if digits_follow => InvalidHeap::Negative,
        b'+' | b'-' if digits_follow => InvalidHeap::Signed,
        _ => InvalidHeap::NotANumber,
    }))
}

/// Reads one heap size, such as a command-line argument: decimal digits
/// only, no sign, no spaces, any length.
///
/// # Errors
/// [`InvalidHeap`] says what is wrong: a sign, a minus, another character, or
/// nothing at all.
///
/// # Examples
///
/// ```
/// use grundy::nim::{parse_heap, Heap, InvalidHeap};
///
/// assert_eq!(parse_heap("42"), Ok(Heap::Small(42)));
/// assert!(matches!(parse_heap("18446744073709551616"), Ok(Heap::Big(_))));
/// assert_eq!(parse_heap("-3"), Err(InvalidHeap::Negative));
/// assert_eq!(parse_heap("+3"), Err(InvalidHeap::Signed));
/// assert_eq!(parse_heap("3x"), Err(InvalidHeap::NotANumber));
/// ```
pub fn parse_heap(token: &str) -> Result<Heap, InvalidHeap> {
    classify(token.as_bytes()).map_err(|p| match p {
        TokenProblem::Invalid(kind) => kind,
        // A &str is valid UTF-8; keep a sensible answer all the same.
        TokenProblem::Utf8(_) => InvalidHeap::NotANumber,
    })
}

/// A streaming reader of heap sizes: feed it chunks of bytes, it gives each
/// heap to the [`HeapSink`], in order, and tracks lines and columns for errors.
///
/// Memory stays constant whatever the input size (a token cut by a chunk
/// boundary is kept until its end arrives).
///
/// # Examples
///
/// ```
/// use grundy::nim::{Heap, HeapParser, ParseError};
///
/// let mut heaps = Vec::new();
/// let mut parser = HeapParser::new();
/// // The chunk boundary may fall anywhere, even inside a number.
/// parser.feed(b"3 5 # a comment\n1", &mut |h| heaps.push(h)).unwrap();
/// parser.feed(b"2\n", &mut |h| heaps.push(h)).unwrap();
/// assert_eq!(parser.finish(&mut |h| heaps.push(h)), Ok(3));
/// assert_eq!(heaps, [Heap::Small(3), Heap::Small(5), Heap::Small(12)]);
///
/// let mut parser = HeapParser::new();
/// let err = parser.feed(b"1 2\n3 3x 4\n", &mut |_| {}).unwrap_err();
/// assert_eq!(err.to_string(), r#"line 2, column 3: invalid heap "3x": a heap size is a whole number written with the digits 0-9"#);
/// ```
#[derive(Clone, Debug)]
pub struct HeapParser {
    /// Absolute offset of the first byte of the next chunk.
    consumed: u64,
    /// Current line, from 1.
    line: u64,
    /// Absolute offset of the first byte of the current line.
    line_start: u64,
    /// UTF-8 continuation bytes seen on the current line (only comments may
    /// hold them), so that columns count characters rather than bytes.
    line_extra: u64,
    /// Inside a `#` comment that continues into the next chunk.
    in_comment: bool,
    /// The first bytes of a multi-byte character cut by a chunk boundary
    /// inside a comment, and where it starts.
    utf8_carry: Vec<u8>,
    utf8_carry_start: u64,
    /// A token cut by a chunk boundary, and where it starts.
    pending: Vec<u8>,
    pending_start: u64,
    /// Heaps read so far.
    heaps: u64,
    /// How many bytes of a UTF-8 byte-order mark opened the input so far;
    /// [`BOM_DONE`] once the input is known to start otherwise or the mark
    /// was skipped.
    bom: u8,
}

/// The UTF-8 byte-order mark that some editors write at the start of a
/// text file: skipped, as it is no part of the text.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// [`HeapParser::bom`] once the start of the input is settled.
const BOM_DONE: u8 = u8::MAX;

impl Default for HeapParser {
    fn default() -> Self {
        HeapParser::new()
    }
}

impl HeapParser {
    /// A parser at the start of its input.
    pub fn new() -> Self {
        HeapParser {
            consumed: 0,
            line: 1,
            line_start: 0,
            line_extra: 0,
            in_comment: false,
            utf8_carry: Vec::new(),
            utf8_carry_start: 0,
            pending: Vec::new(),
            pending_start: 0,
            heaps: 0,
            bom: 0,
        }
    }

    /// The number of heaps read so far.
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// Reads the next chunk of input, calling `sink` for each complete heap.
    ///
    /// # Errors
    /// The first invalid token or invalid UTF-8 byte, with its line and
    /// column. After an error the parser should not be fed again.
    ///
    /// # Complexity
    /// O(chunk length): each byte is looked at about once.
    pub fn feed<S: HeapSink + ?Sized>(
        &mut self,
        mut chunk: &[u8],
        sink: &mut S,
    ) -> Result<(), ParseError> {
        // A byte-order mark at the very start (perhaps cut by a chunk
        // boundary) is skipped; bytes that only began like one are read
        // as text, which refuses them.
        while self.bom != BOM_DONE {
            let Some(&first) = chunk.first() else {
                return Ok(());
            };
            let seen = usize::from(self.bom);
            if first == BOM[seen] {
                chunk = &chunk[1..];
                self.bom += 1;
                if usize::from(self.bom) == BOM.len() {
                    self.bom = BOM_DONE;
                    self.consumed = BOM.len() as u64;
                    self.line_start = BOM.len() as u64;
                }
            } else {
                self.bom = BOM_DONE;
                self.feed_text(&BOM[..seen], sink)?;
            }
        }
        self.feed_text(chunk, sink)
    }

    /// [`HeapParser::feed`] past the byte-order mark.
    fn feed_text<S: HeapSink + ?Sized>(
        &mut self,
        chunk: &[u8],
        sink: &mut S,
    ) -> Result<(), ParseError> {
        let base = self.consumed;
        let mut i = 0;
        if !self.pending.is_empty() {
            let end = chunk
                .iter()
                .position(|&b| is_separator(b))
                .unwrap_or(chunk.len());
            self.pending.extend_from_slice(&chunk[..end]);
            if end == chunk.len() {
                self.consumed += chunk.len() as u64;
                // A huge number is kept whole (its value needs the memory
                // anyway), but a huge token that is already known to be
                // invalid is reported now, so that memory stays bounded.
                if self.pending.len() > PENDING_LIMIT
                    && !self.pending.iter().all(u8::is_ascii_digit)
                {
                    let mut tok = std::mem::take(&mut self.pending);
                    // Do not cut a character in two at the chunk boundary.
                    if let Err(e) = std::str::from_utf8(&tok) {
                        if e.error_len().is_none() {
                            tok.truncate(e.valid_up_to());
                        }
                    }
                    self.token(&tok, self.pending_start, sink)?;
                }
                return Ok(());
            }
            let tok = std::mem::take(&mut self.pending);
            self.token(&tok, self.pending_start, sink)?;
            i = end;
        } else if self.in_comment {
            i = self.comment(chunk, 0, base)?;
        }
        let result = self.scan(chunk, i, base, sink);
        self.consumed += chunk.len() as u64;
        result
    }

    /// Ends the input: reads a final token that had no separator after it.
    /// Returns the number of heaps read.
    ///
    /// # Errors
    /// As [`feed`](Self::feed), and [`ParseError::NoHeaps`] when the whole
    /// input held no heap.
    pub fn finish<S: HeapSink + ?Sized>(mut self, sink: &mut S) -> Result<u64, ParseError> {
        if self.bom != BOM_DONE && self.bom > 0 {
            // The input ended inside what began like a byte-order mark.
            let seen = usize::from(self.bom);
            self.bom = BOM_DONE;
            self.feed_text(&BOM[..seen], sink)?;
        }
        if !self.pending.is_empty() {
            let tok = std::mem::take(&mut self.pending);
            self.token(&tok, self.pending_start, sink)?;
        }
        if !self.utf8_carry.is_empty() {
            return Err(self.utf8_error(self.utf8_carry_start, self.utf8_carry[0]));
        }
        if self.heaps == 0 {
            return Err(ParseError::NoHeaps);
        }
        Ok(self.heaps)
    }

    /// The hot loop: whitespace, comments and numbers from `chunk[i..]`.
    fn scan<S: HeapSink + ?Sized>(
        &mut self,
        chunk: &[u8],
        mut i: usize,
        base: u64,
        sink: &mut S,
    ) -> Result<(), ParseError> {
        let n = chunk.len();
        while i < n {
            let b = chunk[i];
            let d = b.wrapping_sub(b'0');
            if d < 10 {
                let start = i;
                // Most numbers: eight digits at a time, when 24 bytes are at
                // hand (enough for 20 digits and the byte after them).
                if let Some(window) = chunk
                    .get(i..i + 24)
                    .and_then(|w| <&[u8; 24]>::try_from(w).ok())
                {
                    if let Some((v, len)) = swar_number(window) {
                        let after = window[len];
                        if after == b'\n' {
                            // One heap per line, the usual file: take the
                            // newline here rather than in another round.
                            self.heaps += 1;
                            sink.small(v);
                            i += len + 1;
                            self.line += 1;
                            self.line_start = base + i as u64;
                            self.line_extra = 0;
                            continue;
                        }
                        if is_separator(after) {
                            self.heaps += 1;
                            sink.small(v);
                            i += len;
                            continue;
                        }
                    }
                    i = self.token_at(chunk, start, base, sink)?;
                    continue;
                }
                let mut v = u64::from(d);
                i += 1;
                // Up to 19 digits cannot overflow: no check in this loop.
                let safe_end = n.min(start + SAFE_DIGITS);
                while i < safe_end {
                    let d = chunk[i].wrapping_sub(b'0');
                    if d >= 10 {
                        break;
                    }
                    v = v * 10 + u64::from(d);
                    i += 1;
                }
                let mut fits = true;
                // The 20th digit and beyond (random u64s often have 20).
                while i < n {
                    let d = chunk[i].wrapping_sub(b'0');
                    if d >= 10 {
                        break;
                    }
                    match v.checked_mul(10).and_then(|x| x.checked_add(u64::from(d))) {
                        Some(x) => v = x,
                        None => {
                            fits = false;
                            break;
                        }
                    }
                    i += 1;
                }
                if fits && i < n && is_separator(chunk[i]) {
                    self.heaps += 1;
                    sink.small(v);
                    continue;
                }
                // Too big for a u64, a bad character, or the chunk ended.
                i = self.token_at(chunk, start, base, sink)?;
                continue;
            }
            match b {
                b'\n' => {
                    i += 1;
                    self.line += 1;
                    self.line_start = base + i as u64;
                    self.line_extra = 0;
                }
                b' ' | b'\t' | b'\r' | 0x0C => i += 1,
                b'#' => i = self.comment(chunk, i + 1, base)?,
                _ => i = self.token_at(chunk, i, base, sink)?,
            }
        }
        Ok(())
    }

    /// Handles the token starting at `chunk[start]`; returns the index just
    /// after it. A token that reaches the end of the chunk is kept pending.
    fn token_at<S: HeapSink + ?Sized>(
        &mut self,
        chunk: &[u8],
        start: usize,
        base: u64,
        sink: &mut S,
    ) -> Result<usize, ParseError> {
        let end = chunk[start..]
            .iter()
            .position(|&b| is_separator(b))
            .map_or(chunk.len(), |k| start + k);
        if end == chunk.len() {
            self.pending.clear();
            self.pending.extend_from_slice(&chunk[start..]);
            self.pending_start = base + start as u64;
        } else {
            self.token(&chunk[start..end], base + start as u64, sink)?;
        }
        Ok(end)
    }

    /// Reads one complete token found at absolute offset `pos`.
    fn token<S: HeapSink + ?Sized>(
        &mut self,
        tok: &[u8],
        pos: u64,
        sink: &mut S,
    ) -> Result<(), ParseError> {
        match classify(tok) {
            Ok(heap) => {
                self.heaps += 1;
                match heap {
                    Heap::Small(n) => sink.small(n),
                    Heap::Big(n) => sink.big(n),
                }
                Ok(())
            }
            // Tokens never follow a comment on their line and earlier tokens
            // are ASCII, so the column is a byte count.
            Err(TokenProblem::Invalid(reason)) => Err(ParseError::InvalidHeap {
                line: self.line,
                column: pos - self.line_start + 1,
                token: shown(tok),
                reason,
            }),
            Err(TokenProblem::Utf8(at)) => {
                // The valid prefix may hold multi-byte characters.
                let prefix_chars = std::str::from_utf8(&tok[..at]).map_or(0, |s| s.chars().count());
                Err(ParseError::InvalidUtf8 {
                    line: self.line,
                    column: pos - self.line_start + 1 + prefix_chars as u64,
                    byte: tok[at],
                })
            }
        }
    }

    /// Skips a comment from `chunk[i]` to the end of the line, checking that
    /// it is valid UTF-8. Returns the index of the newline (left for the
    /// caller), or the chunk length when the comment goes on.
    fn comment(&mut self, chunk: &[u8], mut i: usize, base: u64) -> Result<usize, ParseError> {
        let end = chunk[i..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(chunk.len(), |k| i + k);
        self.in_comment = end == chunk.len();
        if !self.utf8_carry.is_empty() {
            // Complete the character cut by the previous chunk boundary.
            let mut joined = std::mem::take(&mut self.utf8_carry);
            let take = (end - i).min(4 - joined.len());
            joined.extend_from_slice(&chunk[i..i + take]);
            match std::str::from_utf8(&joined) {
                Err(e) if e.valid_up_to() == 0 => {
                    if e.error_len().is_none() && self.in_comment {
                        // Still incomplete, and more may come.
                        self.utf8_carry = joined;
                        return Ok(end);
                    }
                    return Err(self.utf8_error(self.utf8_carry_start, joined[0]));
                }
                _ => {
                    let len = utf8_len(joined[0]);
                    i += len - (joined.len() - take);
                    self.line_extra += len as u64 - 1;
                }
            }
        }
        let seg = &chunk[i..end];
        let valid = match std::str::from_utf8(seg) {
            Ok(_) => seg.len(),
            Err(e) => e.valid_up_to(),
        };
        self.line_extra += seg[..valid].iter().filter(|&&b| b & 0xC0 == 0x80).count() as u64;
        if valid < seg.len() {
            let rest = &seg[valid..];
            let incomplete = std::str::from_utf8(rest)
                .err()
                .is_some_and(|e| e.error_len().is_none());
            if incomplete && self.in_comment {
                self.utf8_carry = rest.to_vec();
                self.utf8_carry_start = base + (i + valid) as u64;
            } else {
                return Err(self.utf8_error(base + (i + valid) as u64, rest[0]));
            }
        }
        Ok(end)
    }

    fn utf8_error(&self, pos: u64, byte: u8) -> ParseError {
        ParseError::InvalidUtf8 {
            line: self.line,
            column: pos - self.line_start - self.line_extra + 1,
            byte,
        }
    }
}

/// The length of the UTF-8 sequence that starts with `lead` (a valid lead).
fn utf8_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// The token as shown in an error: lossy text, shortened.
fn shown(tok: &[u8]) -> String {
    let text = String::from_utf8_lossy(tok);
    if text.chars().count() <= TOKEN_SHOWN {
        text.into_owned()
    } else {
        let mut s: String = text.chars().take(TOKEN_SHOWN).collect();
        s.push_str("...");
        s
    }
}

/// Reads a whole input at once (a convenience over [`HeapParser`]).
///
/// # Errors
/// As [`HeapParser::feed`] and [`HeapParser::finish`].
///
/// # Examples
///
/// ```
/// use grundy::nim::parse::parse_heaps;
/// use grundy::nim::Heap;
///
/// assert_eq!(parse_heaps(b"3 5\n7"), Ok(vec![Heap::Small(3), Heap::Small(5), Heap::Small(7)]));
/// assert!(parse_heaps(b"# nothing\n").is_err());
/// ```
pub fn parse_heaps(input: &[u8]) -> Result<Vec<Heap>, ParseError> {
    let mut heaps = Vec::new();
    let mut parser = HeapParser::new();
    let mut push = |h| heaps.push(h);
    parser.feed(input, &mut push)?;
    parser.finish(&mut push)?;
    Ok(heaps)
}

#[cfg(test)]
mod tests {

    /// A UTF-8 byte-order mark opening the input is skipped, whichever
    /// chunks cut it; one anywhere else, or half of one, is refused.
    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let text = b"\xEF\xBB\xBF3 5\n7\n";
        for cut in 0..=text.len() {
            let mut parser = HeapParser::new();
            let mut heaps: Vec<String> = Vec::new();
            let mut sink = |h: Heap| heaps.push(h.to_string());
            parser.feed(&text[..cut], &mut sink).unwrap();
            parser.feed(&text[cut..], &mut sink).unwrap();
            assert_eq!(parser.finish(&mut sink).unwrap(), 3, "cut at {cut}");
            assert_eq!(heaps, ["3", "5", "7"], "cut at {cut}");
        }
        let mut parser = HeapParser::new();
        let mut sink = |_: Heap| {};
        let fed = parser.feed(b"3 \xEF\xBB\xBF5 ", &mut sink);
        assert!(fed.is_err(), "a mark inside the text is refused");
        let mut parser = HeapParser::new();
        parser.feed(b"\xEF\xBB", &mut sink).unwrap();
        assert!(parser.finish(&mut sink).is_err());
    }

    use super::*;
    use proptest::prelude::*;

    fn all(input: &[u8]) -> Result<Vec<Heap>, ParseError> {
        parse_heaps(input)
    }

    /// Feeds `input` in chunks of `size` bytes.
    fn chunked(input: &[u8], size: usize) -> Result<Vec<Heap>, ParseError> {
        let mut heaps = Vec::new();
        let mut parser = HeapParser::new();
        let mut push = |h| heaps.push(h);
        for c in input.chunks(size) {
            parser.feed(c, &mut push)?;
        }
        parser.finish(&mut push)?;
        Ok(heaps)
    }

    /// Long tokens against num-bigint's own multiply-add, an independent
    /// (quadratic) implementation, at lengths around the places where the
    /// conversion ([`super::radix`]) changes method, and with zeros.
    #[test]
    fn long_decimals_convert_exactly() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut digit = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            b'0' + (state % 10) as u8
        };
        for len in [255, 256, 257, 767, 768, 769, 4096, 40_000, 70_001] {
            let mut text: Vec<u8> = (0..len).map(|_| digit()).collect();
            text[0] = b'7';
            let want = BigUint::parse_bytes(&text, 10).unwrap();
            assert_eq!(decimal_to_biguint(&text), want, "{len} digits");
            // Zeros inside and in front of a half.
            for b in &mut text[len / 3..len / 2] {
                *b = b'0';
            }
            let want = BigUint::parse_bytes(&text, 10).unwrap();
            assert_eq!(decimal_to_biguint(&text), want, "{len} digits, zeros");
            text.insert(0, b'0');
            assert_eq!(decimal_to_biguint(&text), want, "{len} digits, leading 0");
            assert!(
                matches!(classify(&text), Ok(Heap::Big(h)) if h == want),
                "{len} digits through classify"
            );
        }
    }

    fn err(input: &[u8]) -> String {
        all(input).unwrap_err().to_string()
    }

    #[test]
    fn numbers_whitespace_comments() {
        let h = all(b"  3\t5\r\n# comment 12\n\n7#x\n0 00042").unwrap();
        let want: Vec<Heap> = [3, 5, 7, 0, 42].map(Heap::Small).into();
        assert_eq!(h, want);
    }

    #[test]
    fn u64_boundary_and_big() {
        let h = all(b"18446744073709551615 18446744073709551616 99999999999999999999").unwrap();
        assert_eq!(h[0], Heap::Small(u64::MAX));
        assert_eq!(h[1], Heap::Big(BigUint::from(u64::MAX) + 1u32));
        assert_eq!(h[2].to_string(), "99999999999999999999");
        let long = "7".repeat(300);
        assert_eq!(all(long.as_bytes()).unwrap()[0].to_string(), long);
        // Leading zeros do not make a number big.
        assert_eq!(
            all(b"000000000000000000000000001").unwrap(),
            [Heap::Small(1)]
        );
    }

    #[test]
    fn errors_name_token_line_and_column() {
        assert_eq!(
            err(b"1 2\n  3 4\n\n    3x 5"),
            r#"line 4, column 5: invalid heap "3x": a heap size is a whole number written with the digits 0-9"#
        );
        assert_eq!(
            err(b"1 -3"),
            r#"line 1, column 3: invalid heap "-3": a heap size cannot be negative"#
        );
        assert_eq!(
            err(b"+3"),
            r#"line 1, column 1: invalid heap "+3": write a heap size without a sign"#
        );
        assert_eq!(
            err(b"-"),
            r#"line 1, column 1: invalid heap "-": a heap size is a whole number written with the digits 0-9"#
        );
        assert_eq!(
            err(b""),
            "no heaps: the input is empty or holds only spaces and comments"
        );
        assert_eq!(
            err(b" # 1 2 3\n\n"),
            "no heaps: the input is empty or holds only spaces and comments"
        );
        assert_eq!(
            err(b"1\n22 \xff3"),
            "line 2, column 4: invalid UTF-8: byte 0xff is not text"
        );
        assert_eq!(
            err(b"1\n22 \xc3\xa9\xff"),
            "line 2, column 5: invalid UTF-8: byte 0xff is not text"
        );
        // Valid non-ASCII text is a bad token, not a UTF-8 error.
        assert!(err("1 é".as_bytes()).contains(r#"invalid heap "é""#));
        // Columns in a comment count characters, not bytes.
        assert_eq!(
            err(b"1 # \xc3\xa9 \xc3\xa9 \xfe"),
            "line 1, column 9: invalid UTF-8: byte 0xfe is not text"
        );
        assert_eq!(
            err(b"1 # ab\xe2\x82\n"),
            "line 1, column 7: invalid UTF-8: byte 0xe2 is not text"
        );
        let long = format!("{}x", "1".repeat(60));
        assert!(err(long.as_bytes()).contains(&format!("\"{}...\"", "1".repeat(40))));
    }

    #[test]
    fn swar_matches_scalar() {
        let mut cases: Vec<String> = (0..=20).map(|k| "9".repeat(k.max(1))).collect();
        cases.extend(
            [
                "0",
                "7",
                "10",
                "12345678",
                "123456789",
                "1234567890123456",
                "18446744073709551615",
                "18446744073709551616",
                "00000000000000000001",
                "000000000000000000000",
                "98765432109876543210",
            ]
            .map(String::from),
        );
        for c in cases {
            for sep in [" ", "\n", "x", "#"] {
                let mut window = format!("{c}{sep}").into_bytes();
                window.resize(window.len().max(24), b'5');
                let got = swar_number(window[..24].try_into().unwrap());
                let want = c
                    .parse::<u64>()
                    .ok()
                    .filter(|_| c.len() <= 20)
                    .map(|v| (v, c.len()));
                assert_eq!(got, want, "{c:?} + {sep:?}");
            }
        }
    }

    #[test]
    fn huge_invalid_token_fails_early() {
        let mut parser = HeapParser::new();
        let chunk = vec![b'x'; 1 << 16];
        let mut fed = 0;
        let err = loop {
            match parser.feed(&chunk, &mut |_| {}) {
                Ok(()) => fed += 1,
                Err(e) => break e,
            }
            assert!(fed < 64, "still buffering after {fed} chunks");
        };
        let ParseError::InvalidHeap {
            line,
            column,
            token,
            ..
        } = err
        else {
            panic!("{err:?}");
        };
        assert_eq!((line, column), (1, 1));
        assert_eq!(token, format!("{}...", "x".repeat(40)));
        // A long number is not an error, however many chunks it spans.
        let mut parser = HeapParser::new();
        let digits = vec![b'7'; 1 << 16];
        for _ in 0..3 {
            parser.feed(&digits, &mut |_| {}).unwrap();
        }
        let mut got = Vec::new();
        assert_eq!(parser.finish(&mut |h| got.push(h)), Ok(1));
        assert!(matches!(&got[0], Heap::Big(n) if n.bits() > 600_000));
    }

    #[test]
    fn parse_heap_tokens() {
        assert_eq!(parse_heap("0"), Ok(Heap::Small(0)));
        assert_eq!(parse_heap(""), Err(InvalidHeap::Empty));
        assert_eq!(parse_heap("3 4"), Err(InvalidHeap::NotANumber));
        assert_eq!(parse_heap("-0"), Err(InvalidHeap::Negative));
        assert_eq!(parse_heap("+"), Err(InvalidHeap::NotANumber));
    }

    #[test]
    fn chunk_boundaries_everywhere() {
        let input = "12 345 # ça va\n18446744073709551616 7\n\n  0099 # ü\n8".as_bytes();
        let whole = all(input).unwrap();
        assert_eq!(whole.len(), 6);
        for size in 1..input.len() {
            assert_eq!(chunked(input, size).unwrap(), whole, "chunk size {size}");
        }
        let bad = "1 # ü\n 2 # \u{20ac}\n  33x".as_bytes();
        for size in 1..bad.len() {
            assert_eq!(
                chunked(bad, size).unwrap_err().to_string(),
                err(bad),
                "chunk size {size}"
            );
        }
        let bad_utf8 = b"1 # \xe2\x82\xac\xe2\x82\n2";
        for size in 1..bad_utf8.len() {
            assert_eq!(
                chunked(bad_utf8, size).unwrap_err(),
                all(bad_utf8).unwrap_err(),
                "chunk size {size}"
            );
        }
    }

    proptest! {
        #[test]
        fn any_u64s_any_chunking(heaps in proptest::collection::vec(any::<u64>(), 1..50),
                                 seps in proptest::collection::vec(0usize..4, 50),
                                 size in 1usize..64) {
            let mut text = String::new();
            for (h, s) in heaps.iter().zip(&seps) {
                text.push_str(&h.to_string());
                text.push_str([" ", "\n", "\t\t", " # c\n"][*s]);
            }
            let got = chunked(text.as_bytes(), size).unwrap();
            let want: Vec<Heap> = heaps.iter().map(|&h| Heap::Small(h)).collect();
            prop_assert_eq!(got, want.clone());
            // In one chunk, most numbers take the eight-digits-at-a-time path.
            prop_assert_eq!(all(text.as_bytes()).unwrap(), want);
        }

        #[test]
        fn decimal_strings_roundtrip(digits in "[1-9][0-9]{0,60}") {
            let h = all(digits.as_bytes()).unwrap();
            prop_assert_eq!(h[0].to_string(), digits.clone());
            prop_assert_eq!(matches!(h[0], Heap::Small(_)), digits.parse::<u64>().is_ok());
        }

        #[test]
        fn never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..80), size in 1usize..16) {
            let _ = chunked(&bytes, size);
        }
    }
}
