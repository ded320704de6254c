//! Take-and-break games given by an octal or hexadecimal code
//! (Guy and Smith, 1956; *Winning Ways*, chapter 4).
//!
//! In the code `d0.d1d2d3...` the digit `dk` says what a move that takes `k`
//! tokens from one heap may leave: bit `2^j` set means it may leave exactly
//! `j` non-empty heaps. So `1` allows taking a whole heap of `k`, `2` taking
//! `k` from a larger heap, `4` taking `k` and splitting the rest in two, and
//! (hexadecimal digits `8`-`F`) `8` splitting it in three. The digit before
//! the point is for taking nothing; there only splitting (`4`, `8`) makes
//! sense, since "leave the heap as it is" would be a pass.
//!
//! Kayles is `0.77`, Dawson's Kayles `0.07`, Officers `0.6`, and Nim is the
//! code `0.333...` with infinitely many digits (handled as its own ruleset).

use super::Leaves;
use crate::span::ParseError;
use crate::{MexSet, Nimber};
use std::ops::ControlFlow;

/// A validated take-and-break code.
///
/// # Examples
///
/// ```
/// use grundy::heap::TakeBreak;
/// use grundy::Nimber;
///
/// let kayles = TakeBreak::parse("0.77")?;
/// assert_eq!(kayles.max_take(), 2);
/// assert_eq!(kayles.to_string(), "0.77");
/// let g = kayles.naive_values(6);
/// assert_eq!(g, [0, 1, 2, 3, 1, 4, 3].map(Nimber));
/// # Ok::<(), grundy::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    /// `digits[k]` is the digit for taking `k` tokens; the last one is
    /// non-zero (trailing zeros are dropped), except for the code `0.0`.
    digits: Vec<u8>,
}

impl TakeBreak {
    /// Builds a code from its digits `d0, d1, ..., dt`.
    ///
    /// Trailing zero digits are dropped: `0.70` is the game `0.7`.
    ///
    /// # Errors
    /// A digit above 15, or a `d0` with bit 1 or 2 set (taking nothing and
    /// leaving zero or one heap is not a move), with the digit's index as
    /// the offset.
    ///
    /// ```
    /// use grundy::heap::TakeBreak;
    /// assert_eq!(TakeBreak::new(vec![4, 0, 7])?.to_string(), "4.07");
    /// assert!(TakeBreak::new(vec![2, 7]).is_err());
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn new(mut digits: Vec<u8>) -> Result<TakeBreak, ParseError> {
        if digits.is_empty() {
            digits.push(0);
        }
        if let Some(i) = digits.iter().position(|&d| d > 15) {
            return Err(ParseError::at_byte(
                i,
                format!("digit {} is not a hexadecimal digit", digits[i]),
            ));
        }
        if digits[0] & 3 != 0 {
            return Err(ParseError::at_byte(
                0,
                format!(
                    "the digit before the point may only split a heap (0, 4, 8 or C), found {:X}",
                    digits[0]
                ),
            ));
        }
        while digits.len() > 1 && *digits.last().unwrap_or(&1) == 0 {
            digits.pop();
        }
        Ok(TakeBreak { digits })
    }

    /// Parses a code such as `0.77`, `.07`, `4.07` or `0.F7` (case
    /// insensitive). Offsets in errors are byte offsets into `code`.
    ///
    /// # Errors
    /// A missing point, a missing digit after it, a character that is not a
    /// hexadecimal digit, or an invalid digit before the point.
    ///
    /// ```
    /// use grundy::heap::TakeBreak;
    /// assert_eq!(TakeBreak::parse(".07")?, TakeBreak::parse("0.07")?);
    /// assert_eq!(TakeBreak::parse("0.f")?.to_string(), "0.F");
    /// assert_eq!(TakeBreak::parse("077").unwrap_err().to_string(), "at byte 1: expected '.', found '7'");
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn parse(code: &str) -> Result<TakeBreak, ParseError> {
        TakeBreak::parse_code(code).map_err(|e| e.in_text(code))
    }

    /// [`TakeBreak::parse`] without the input attached to its error.
    pub(crate) fn parse_code(code: &str) -> Result<TakeBreak, ParseError> {
        let bytes = code.as_bytes();
        let mut digits = Vec::with_capacity(bytes.len());
        let mut i = 0;
        match bytes.first() {
            Some(b'.') => digits.push(0),
            Some(&b) => match hex_digit(b) {
                Some(d) => {
                    digits.push(d);
                    i = 1;
                }
                None => return Err(unexpected(code, 0, "a digit or '.'")),
            },
            None => {
                return Err(ParseError::at_byte(
                    0,
                    "expected a code such as 0.77, found nothing",
                ))
            }
        }
        if bytes.get(i) != Some(&b'.') {
            return Err(unexpected(code, i, "'.'"));
        }
        i += 1;
        if i == bytes.len() {
            return Err(unexpected(code, i, "an octal or hexadecimal digit"));
        }
        while i < bytes.len() {
            match hex_digit(bytes[i]) {
                Some(d) => digits.push(d),
                None => return Err(unexpected(code, i, "an octal or hexadecimal digit")),
            }
            i += 1;
        }
        TakeBreak::new(digits).map_err(|e| {
            // Digit index k is at byte k+1 after the point; d0 is at byte 0.
            let offset = if e.offset() == 0 { 0 } else { e.offset() + 1 };
            ParseError::at_byte(offset, e.message())
        })
    }

    /// The digits `d0, d1, ..., dt`.
    #[inline]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The digit for taking `k` tokens (zero beyond the code).
    #[inline]
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// `t`, the most tokens one move may take (0 for a pure splitting game).
    #[inline]
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some digit is above 7, so a move may leave three heaps.
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d > 7)
    }

    /// The most heaps one move may leave: 1, 2 or 3 (0 for the code `0.0` or
    /// codes whose only moves remove whole heaps).
    pub fn max_heaps_left(&self) -> usize {
        let all = self.digits.iter().fold(0, |acc, &d| acc | d);
        (0..4).rev().find(|&j| all >> j & 1 == 1).unwrap_or(0)
    }

    /// Calls `f` with every option of a heap of `n` tokens, in order of the
    /// number taken, then of the heaps left (each multiset once).
    ///
    /// # Complexity
    /// O(t·n) calls for octal codes, O(t·n²) with three-way splits.
    pub fn for_each_option(&self, n: u64, mut f: impl FnMut(Leaves)) {
        let _ = self.try_for_each_option(n, |l| {
            f(l);
            ControlFlow::Continue(())
        });
    }

    /// [`for_each_option`](TakeBreak::for_each_option) that stops as soon
    /// as `f` breaks, and says whether it did.
    ///
    /// # Complexity
    /// That of [`for_each_option`](TakeBreak::for_each_option) up to the
    /// break.
    pub fn try_for_each_option(
        &self,
        n: u64,
        mut f: impl FnMut(Leaves) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if d == 0 || k > n {
                continue;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                f(Leaves::NOTHING)?;
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                f(Leaves::new(&[rest]))?;
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    f(Leaves::new(&[a, rest - a]))?;
                }
            }
            if d & 8 != 0 && rest >= 3 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        f(Leaves::new(&[a, b, rest - a - b]))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Grundy values `G(0), ..., G(n)` straight from the definition: the mex
    /// over every option, each option's value the xor of its heaps'.
    ///
    /// This is the reference every fast engine is checked against.
    ///
    /// # Complexity
    /// O(t·n²) time for octal codes (O(t·n³) with three-way splits), O(n)
    /// space.
    ///
    /// ```
    /// use grundy::heap::TakeBreak;
    /// use grundy::Nimber;
    /// // Dawson's Kayles: P-positions at 0, 1, 15, 35, ...
    /// let g = TakeBreak::parse("0.07")?.naive_values(15);
    /// assert_eq!(g[15], Nimber(0));
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn naive_values(&self, n: usize) -> Vec<Nimber> {
        let mut g: Vec<Nimber> = Vec::with_capacity(n + 1);
        let mut seen = MexSet::new();
        for m in 0..=n as u64 {
            seen.clear();
            self.for_each_option(m, |leaves| {
                let v = leaves.as_slice().iter().map(|&h| g[h as usize]).sum();
                seen.insert(v);
            });
            g.push(seen.mex());
        }
        g
    }
}

impl std::fmt::Display for TakeBreak {
    /// The canonical code: `d0.d1...dt` in upper-case hexadecimal digits.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

fn hex_digit(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

fn unexpected(text: &str, at: usize, expected: &str) -> ParseError {
    let found = match text[at..].chars().next() {
        Some(c) => format!("'{c}'"),
        None => "the end".to_string(),
    };
    ParseError::at_byte(at, format!("expected {expected}, found {found}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options written out by hand for small heaps of a few codes.
    fn options(code: &str, n: u64) -> Vec<String> {
        let mut out = vec![];
        TakeBreak::parse(code)
            .unwrap()
            .for_each_option(n, |l| out.push(l.to_string()));
        out
    }

    #[test]
    fn options_follow_the_digit_bits() {
        // Kayles from 4: take 1 leaving 3 or 1+2, take 2 leaving 2 or 1+1.
        assert_eq!(options("0.77", 4), ["3", "1+2", "2", "1+1"]);
        // Dawson's Kayles takes 2 only, and never a whole heap of 2 alone.
        assert_eq!(options("0.07", 2), ["0"]);
        assert_eq!(options("0.07", 3), ["1"]);
        // Officers 0.6: take 1, leave one or two heaps, never the last token.
        assert_eq!(options("0.6", 1), Vec::<String>::new());
        assert_eq!(options("0.6", 4), ["3", "1+2"]);
        // Splitting without taking, and a three-way split.
        assert_eq!(options("4.0", 4), ["1+3", "2+2"]);
        assert_eq!(options("0.8", 5), ["1+1+2"]);
        assert_eq!(options("0.8", 6), ["1+1+3", "1+2+2"]);
    }

    #[test]
    fn parse_and_display_round_trip() {
        for code in ["0.77", "0.07", "4.07", "0.F7", "0.6", "0.156", "C.1"] {
            assert_eq!(TakeBreak::parse(code).unwrap().to_string(), code);
        }
        assert_eq!(TakeBreak::parse("0.770").unwrap().to_string(), "0.77");
        assert_eq!(TakeBreak::parse("0.0").unwrap().max_take(), 0);
    }

    #[test]
    fn parse_errors_are_located() {
        let cases = [
            ("", 0),
            ("x.7", 0),
            ("07", 1),
            ("0.", 2),
            ("0.7g", 3),
            ("1.7", 0),
            ("0..7", 2),
        ];
        for (text, offset) in cases {
            let err = TakeBreak::parse(text).unwrap_err();
            assert_eq!(err.offset(), offset, "{text:?}: {err}");
        }
    }

    #[test]
    fn published_first_values() {
        // OEIS A002186 (Kayles) and A002187 (Dawson's chess = 0.137, whose
        // values are those of Dawson's Kayles shifted by one).
        let kayles = TakeBreak::parse("0.77").unwrap().naive_values(11);
        assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6].map(Nimber));
        let dawson_chess = TakeBreak::parse("0.137").unwrap().naive_values(9);
        assert_eq!(dawson_chess, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3].map(Nimber));
    }

    #[test]
    fn shape_queries() {
        let code = TakeBreak::parse("0.F7").unwrap();
        assert!(code.is_hexadecimal());
        assert_eq!(code.max_heaps_left(), 3);
        assert_eq!(code.max_take(), 2);
        assert_eq!(TakeBreak::parse("0.6").unwrap().max_heaps_left(), 2);
        assert_eq!(code.digit(9), 0);
    }
}
