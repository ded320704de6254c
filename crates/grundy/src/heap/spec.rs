//! The game-spec grammar: one string names a heap game everywhere (CLI,
//! web API, page).
//!
//! | spec | game |
//! |---|---|
//! | `nim` | take any positive number from one heap |
//! | `0.77`, `.07`, `4.07`, `0.F7` | a take-and-break code ([`TakeBreak`]) |
//! | `kayles`, `dawson`, `officers` | the codes `0.77`, `0.07`, `0.6` |
//! | `grundy-game` | Grundy's game: split a heap into two unequal heaps |
//! | `sub{1,3,4}`, `sub{1..5}`, `sub{1,5..8}` | a finite subtraction set |
//! | `allbut{1,2}` | take any number except those listed |
//! | `sub{squares}`, `sub{pow2}`, `sub{primes}`, `sub{fib}` | infinite subtraction sets |
//! | `half` | take `s` tokens with `1 <= s <= floor(n/2)` |
//!
//! Specs are case-insensitive and spaces anywhere are ignored. An error
//! carries the byte offset (into the text as given, spaces included) where
//! reading failed and what was expected there.

use std::ops::{ControlFlow, RangeInclusive};

use super::{grundy_game, Leaves, SubtractionSet, TakeBreak};
use crate::span::ParseError;

/// A rule for moves on one heap: every heap game this crate knows.
///
/// A sum of heaps of the same ruleset is played by moving in one heap;
/// [`crate::sum`] solves such sums.
///
/// # Examples
///
/// ```
/// use grundy::heap::HeapRuleset;
///
/// let game: HeapRuleset = "Sub{1, 3, 4}".parse()?;
/// assert_eq!(game.to_string(), "sub{1,3,4}");
/// assert_eq!("kayles".parse::<HeapRuleset>()?.to_string(), "0.77");
///
/// let err = "sub{1,x}".parse::<HeapRuleset>().unwrap_err();
/// assert_eq!(err.to_string(), "at byte 6: expected a number, found 'x'");
/// # Ok::<(), grundy::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRuleset {
    /// Nim: take any positive number of tokens.
    Nim,
    /// A subtraction game.
    Subtraction(SubtractionSet),
    /// Take at least one and at most half of the heap.
    Half,
    /// An octal or hexadecimal take-and-break game.
    TakeBreak(TakeBreak),
    /// Grundy's game: split a heap into two unequal non-empty heaps.
    GrundyGame,
}

/// The names accepted in place of a code or a set, with what they mean.
pub const ALIASES: [(&str, &str); 4] = [
    ("kayles", "0.77"),
    ("dawson", "0.07"),
    ("officers", "0.6"),
    ("grundy-game", "Grundy's game"),
];

impl HeapRuleset {
    /// Parses a game spec; see the [module documentation](self) for the
    /// grammar.
    ///
    /// # Errors
    /// A [`ParseError`] at a byte of `spec`, with `spec` attached.
    ///
    /// ```
    /// use grundy::heap::HeapRuleset;
    /// assert_eq!(HeapRuleset::parse(" HALF ")?, HeapRuleset::Half);
    /// assert_eq!(HeapRuleset::parse("0.7g").unwrap_err().span().unwrap().start, 3);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn parse(spec: &str) -> Result<HeapRuleset, ParseError> {
        // Work on a lower-cased copy without whitespace, remembering where
        // each kept byte came from so errors point into the original text.
        let mut text = String::with_capacity(spec.len());
        let mut origin = Vec::with_capacity(spec.len() + 1);
        for (at, c) in spec.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            for lower in c.to_lowercase() {
                for _ in 0..lower.len_utf8() {
                    origin.push(at);
                }
                text.push(lower);
            }
        }
        origin.push(spec.len());
        parse_normalised(&text).map_err(|e| {
            let at = origin[e.offset().min(origin.len() - 1)];
            ParseError::at_byte(at, as_typed(spec, at, e.message().to_owned())).in_text(spec)
        })
    }

    /// Calls `f` with every option of a heap of `n` tokens, in order of the
    /// number of tokens taken (Nim: taking 1 first).
    ///
    /// # Complexity
    /// The number of options: O(|S|) for finite subtraction sets, O(n) for
    /// Nim, half, all-but sets and two-heap splits, O(n²) for three-heap
    /// splits. Callers with astronomically large heaps use [`crate::sum`],
    /// which never enumerates them.
    pub fn for_each_option(&self, n: u64, mut f: impl FnMut(Leaves)) {
        let _ = self.try_for_each_option(n, |l| {
            f(l);
            ControlFlow::Continue(())
        });
    }

    /// [`for_each_option`](HeapRuleset::for_each_option) that stops as soon
    /// as `f` breaks, and says whether it did: the first options of a Nim
    /// heap of 10^18 come at once.
    ///
    /// # Complexity
    /// That of [`for_each_option`](HeapRuleset::for_each_option) up to the
    /// break (for primes, a sieve up to `n` first).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grundy::heap::HeapRuleset;
    ///
    /// let mut first = vec![];
    /// let _ = HeapRuleset::Nim.try_for_each_option(1 << 60, |l| {
    ///     first.push(l.as_slice()[0]);
    ///     if first.len() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!(first, [(1 << 60) - 1, (1 << 60) - 2]);
    /// ```
    pub fn try_for_each_option(
        &self,
        n: u64,
        mut f: impl FnMut(Leaves) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match self {
            HeapRuleset::Nim => (0..n).rev().try_for_each(|rest| f(Leaves::one(rest))),
            HeapRuleset::Subtraction(set) => set.try_for_each_up_to(n, |s| f(Leaves::one(n - s))),
            HeapRuleset::Half => (1..=n / 2).try_for_each(|s| f(Leaves::one(n - s))),
            HeapRuleset::TakeBreak(code) => code.try_for_each_option(n, f),
            HeapRuleset::GrundyGame => grundy_game::try_for_each_option(n, f),
        }
    }

    /// Whether a heap of `n` tokens has a move at all.
    ///
    /// # Complexity
    /// Up to the first option.
    ///
    /// ```
    /// use grundy::heap::HeapRuleset;
    /// let grundy_game: HeapRuleset = "grundy-game".parse()?;
    /// assert!(!grundy_game.has_option(2));
    /// assert!(grundy_game.has_option(3));
    /// assert!(HeapRuleset::Nim.has_option(u64::MAX));
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn has_option(&self, n: u64) -> bool {
        match self {
            // The smallest prime, without a sieve up to n.
            HeapRuleset::Subtraction(SubtractionSet::Primes) => n >= 2,
            _ => self
                .try_for_each_option(n, |_| ControlFlow::Break(()))
                .is_break(),
        }
    }

    /// What taking exactly `take` tokens from a heap of `n` may leave (several
    /// heaps when the game splits; none when it cannot take that many).
    ///
    /// # Complexity
    /// O(1) for Nim; otherwise that of
    /// [`for_each_option`](HeapRuleset::for_each_option).
    ///
    /// ```
    /// use grundy::heap::HeapRuleset;
    /// let kayles: HeapRuleset = "kayles".parse()?;
    /// let leaves: Vec<String> = kayles.options_taking(5, 1).iter().map(|l| l.to_string()).collect();
    /// assert_eq!(leaves, ["4", "1+3", "2+2"]);
    /// assert_eq!(HeapRuleset::Nim.options_taking(u64::MAX, 1).len(), 1);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn options_taking(&self, n: u64, take: u64) -> Vec<Leaves> {
        if *self == HeapRuleset::Nim {
            return if (1..=n).contains(&take) {
                vec![Leaves::one(n - take)]
            } else {
                vec![]
            };
        }
        let mut out = vec![];
        self.for_each_option(n, |l| {
            if n - l.total() == take {
                out.push(l);
            }
        });
        out
    }

    /// The numbers of tokens a move may take from a heap of `n`, as runs of
    /// consecutive numbers, smallest first.
    ///
    /// # Complexity
    /// O(1) for Nim; otherwise that of
    /// [`for_each_option`](HeapRuleset::for_each_option).
    ///
    /// ```
    /// use grundy::heap::HeapRuleset;
    /// let game: HeapRuleset = "sub{1,2,3,5}".parse()?;
    /// assert_eq!(game.takes(9), [1..=3, 5..=5]);
    /// assert_eq!(HeapRuleset::Nim.takes(u64::MAX), [1..=u64::MAX]);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn takes(&self, n: u64) -> Vec<RangeInclusive<u64>> {
        if *self == HeapRuleset::Nim {
            return if n == 0 { vec![] } else { vec![1..=n] };
        }
        let mut takes = vec![];
        self.for_each_option(n, |l| takes.push(n - l.total()));
        takes.sort_unstable();
        takes.dedup();
        let mut out: Vec<RangeInclusive<u64>> = Vec::new();
        for t in takes {
            match out.last_mut() {
                Some(r) if *r.end() + 1 == t => *r = *r.start()..=t,
                _ => out.push(t..=t),
            }
        }
        out
    }

    /// The most heaps a single move can leave (1 for Nim and subtraction
    /// games, 2 for Grundy's game, up to 3 for hexadecimal codes).
    pub fn max_heaps_left(&self) -> usize {
        match self {
            HeapRuleset::TakeBreak(code) => code.max_heaps_left(),
            HeapRuleset::GrundyGame => 2,
            _ => 1,
        }
    }
}

impl std::str::FromStr for HeapRuleset {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HeapRuleset::parse(s)
    }
}

impl std::fmt::Display for HeapRuleset {
    /// The canonical spec, which parses back to the same ruleset.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeapRuleset::Nim => f.write_str("nim"),
            HeapRuleset::Subtraction(set) => set.fmt(f),
            HeapRuleset::Half => f.write_str("half"),
            HeapRuleset::TakeBreak(code) => code.fmt(f),
            HeapRuleset::GrundyGame => f.write_str("grundy-game"),
        }
    }
}

const EXPECTED_GAME: &str =
    "a game (nim, kayles, dawson, officers, grundy-game, half, sub{..}, allbut{..} or a code such as 0.77)";

fn parse_normalised(text: &str) -> Result<HeapRuleset, ParseError> {
    let code_like = match text.as_bytes() {
        [b'.', ..] | [b'0'..=b'9', ..] => true,
        [c, b'.', ..] => c.is_ascii_hexdigit(),
        _ => false,
    };
    if code_like {
        return TakeBreak::parse_code(text).map(HeapRuleset::TakeBreak);
    }
    let word_end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(text.len());
    let word = &text[..word_end];
    let rest = &text[word_end..];
    let simple = |ruleset: HeapRuleset| {
        if rest.is_empty() {
            Ok(ruleset)
        } else {
            Err(unexpected(text, word_end, "the end of the spec"))
        }
    };
    let code = |c: &str| TakeBreak::parse_code(c).map(HeapRuleset::TakeBreak);
    match word {
        "nim" => simple(HeapRuleset::Nim),
        "half" => simple(HeapRuleset::Half),
        "grundy-game" => simple(HeapRuleset::GrundyGame),
        "kayles" => simple(code("0.77")?),
        "dawson" => simple(code("0.07")?),
        "officers" => simple(code("0.6")?),
        "sub" | "allbut" => {
            let set = parse_set(text, word_end, word == "allbut")?;
            Ok(HeapRuleset::Subtraction(set))
        }
        _ => Err(unexpected(text, 0, EXPECTED_GAME)),
    }
}

/// Parses `{...}` starting at byte `at` of `text`.
fn parse_set(text: &str, mut at: usize, all_but: bool) -> Result<SubtractionSet, ParseError> {
    let bytes = text.as_bytes();
    if bytes.get(at) != Some(&b'{') {
        return Err(unexpected(text, at, "'{'"));
    }
    at += 1;
    if !all_but {
        for (name, set) in [
            ("squares", SubtractionSet::Squares),
            ("pow2", SubtractionSet::Pow2),
            ("primes", SubtractionSet::Primes),
            ("fib", SubtractionSet::Fib),
        ] {
            // (A word that is none of these is reported below.)
            if text[at..].starts_with(name) {
                let end = at + name.len();
                if bytes.get(end) != Some(&b'}') {
                    return Err(unexpected(text, end, "'}'"));
                }
                if end + 1 != bytes.len() {
                    return Err(unexpected(text, end + 1, "the end of the spec"));
                }
                return Ok(set);
            }
        }
    }
    if !all_but && bytes.get(at).is_some_and(u8::is_ascii_alphabetic) {
        let end = text[at..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .map_or(text.len(), |len| at + len);
        return Err(ParseError::at_byte(
            at,
            format!(
                "unknown set '{}': expected numbers or one of the named sets \
                 squares, pow2, primes, fib",
                &text[at..end]
            ),
        ));
    }
    // One range per item as written (`4` is 4..=4), and where each item
    // starts: a range stays one entry however many numbers it holds.
    let mut ranges = vec![];
    let mut starts = vec![];
    loop {
        let item_start = at;
        let (lo, next) = parse_number(text, at)?;
        at = next;
        let hi = if text[at..].starts_with("..") {
            let (hi, next) = parse_number(text, at + 2)?;
            if hi < lo {
                return Err(ParseError::at_byte(
                    at + 2,
                    format!("expected a range end at least {lo}, found {hi}"),
                ));
            }
            at = next;
            hi
        } else {
            lo
        };
        if hi > super::subtraction::MAX_ELEMENT {
            return Err(ParseError::at_byte(
                item_start,
                format!(
                    "expected elements at most {}, found {hi}",
                    super::subtraction::MAX_ELEMENT
                ),
            ));
        }
        ranges.push((lo, hi));
        starts.push(item_start);
        match bytes.get(at) {
            Some(b',') => at += 1,
            Some(b'}') => break,
            _ => return Err(unexpected(text, at, "',', '..' or '}'")),
        }
    }
    if at + 1 != bytes.len() {
        return Err(unexpected(text, at + 1, "the end of the spec"));
    }
    let built = SubtractionSet::from_ranges(ranges, all_but);
    // The constructor reports the index of a bad range; map it back to
    // where that range was written.
    built.map_err(|e| {
        ParseError::at_byte(starts.get(e.offset()).copied().unwrap_or(at), e.message())
    })
}

/// Parses a decimal number at byte `at`; returns it and the byte after it.
fn parse_number(text: &str, at: usize) -> Result<(u64, usize), ParseError> {
    let digits = text[at..].bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(unexpected(text, at, "a number"));
    }
    let end = at + digits;
    // Every number here is an element of a set, whose cap is far below
    // 2^64: a number too long for a u64 is over it too.
    text[at..end].parse::<u64>().map(|n| (n, end)).map_err(|_| {
        ParseError::at_byte(
            at,
            format!(
                "expected elements at most {}, found {}",
                super::subtraction::MAX_ELEMENT,
                &text[at..end]
            ),
        )
    })
}

/// The message with its `found 'c'` naming the character as the user typed
/// it (`G`), not as the parser saw it after lower-casing (`g`).
fn as_typed(spec: &str, at: usize, message: String) -> String {
    let Some(typed) = spec.get(at..).and_then(|t| t.chars().next()) else {
        return message;
    };
    let seen: String = typed.to_lowercase().collect();
    match message.strip_suffix(&format!("found '{seen}'")) {
        Some(head) if seen != typed.to_string() => format!("{head}found '{typed}'"),
        _ => message,
    }
}

fn unexpected(text: &str, at: usize, expected: &str) -> ParseError {
    let found = match text.get(at..).and_then(|t| t.chars().next()) {
        Some(c) => format!("'{c}'"),
        None => "the end".to_string(),
    };
    ParseError::at_byte(at, format!("expected {expected}, found {found}"))
}

/// The test kit's rules of each ruleset, for the unit tests: one file
/// with the integration tests' bridge.
#[cfg(test)]
#[path = "../../tests/common/kit_rules.rs"]
pub(crate) mod kit_rules;

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> HeapRuleset {
        HeapRuleset::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
    }

    #[test]
    fn every_form_of_the_grammar_parses() {
        assert_eq!(parse("nim"), HeapRuleset::Nim);
        assert_eq!(parse("NIM"), HeapRuleset::Nim);
        assert_eq!(parse("half"), HeapRuleset::Half);
        assert_eq!(parse("grundy-game"), HeapRuleset::GrundyGame);
        assert_eq!(parse("kayles"), parse("0.77"));
        assert_eq!(parse("dawson"), parse(".07"));
        assert_eq!(parse("officers"), parse("0.6"));
        assert_eq!(parse("4.07").to_string(), "4.07");
        assert_eq!(parse("0.f7").to_string(), "0.F7");
        assert_eq!(parse("c.1").to_string(), "C.1");
        assert_eq!(parse("sub{1..5}").to_string(), "sub{1,2,3,4,5}");
        assert_eq!(parse("sub{ 1, 3..4 }").to_string(), "sub{1,3,4}");
        assert_eq!(parse("allbut{2,1}").to_string(), "allbut{1,2}");
        for name in ["squares", "pow2", "primes", "fib"] {
            let spec = format!("sub{{{name}}}");
            assert_eq!(parse(&spec.to_uppercase()).to_string(), spec);
        }
    }

    /// The order `for_each_option` promises (the engine's choice of a move
    /// from a P-position relies on it), and that the `try_` form, the
    /// early-exit helpers and the full enumeration agree.
    #[test]
    fn options_come_in_order_of_tokens_taken() {
        let specs = [
            "nim",
            "half",
            "grundy-game",
            "kayles",
            "0.07",
            "0.137",
            "4.07",
            "0.F7",
            "C.1",
            "sub{5,1,3}",
            "allbut{2,5}",
            "sub{squares}",
            "sub{pow2}",
            "sub{primes}",
            "sub{fib}",
        ];
        for spec in specs {
            let game = parse(spec);
            for n in 0..=40u64 {
                let mut all = vec![];
                game.for_each_option(n, |l| all.push(l));
                let taken: Vec<u64> = all.iter().map(|l| n - l.total()).collect();
                assert!(
                    taken.windows(2).all(|w| w[0] <= w[1]),
                    "{spec} {n}: {taken:?}"
                );
                assert_eq!(game.has_option(n), !all.is_empty(), "{spec} {n}");
                let mut first = vec![];
                let stopped = game.try_for_each_option(n, |l| {
                    first.push(l);
                    if first.len() == 3 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                assert_eq!(stopped.is_break(), all.len() >= 3, "{spec} {n}");
                assert_eq!(first, all[..all.len().min(3)], "{spec} {n}");
                for t in 0..=n + 1 {
                    let expected: Vec<Leaves> =
                        all.iter().copied().filter(|l| n - l.total() == t).collect();
                    assert_eq!(game.options_taking(n, t), expected, "{spec} {n} take {t}");
                    let allowed = game.takes(n).iter().any(|r| r.contains(&t));
                    assert_eq!(allowed, !expected.is_empty(), "{spec} {n} take {t}");
                }
            }
        }
    }

    #[test]
    fn display_round_trips() {
        for spec in [
            "nim",
            "half",
            "grundy-game",
            "0.77",
            "4.07",
            "0.F7",
            "sub{1,3,4}",
            "allbut{3}",
            "sub{primes}",
        ] {
            assert_eq!(parse(spec).to_string(), spec);
            assert_eq!(parse(&parse(spec).to_string()), parse(spec));
        }
    }

    #[test]
    fn errors_point_at_the_byte_in_the_original_text() {
        let cases = [
            ("", 0, "expected a game"),
            ("foo", 0, "expected a game"),
            ("nim3", 0, "expected a game"),
            ("nim }", 4, "expected the end of the spec, found '}'"),
            ("sub", 3, "expected '{', found the end"),
            ("sub{", 4, "expected a number, found the end"),
            ("sub{1,,2}", 6, "expected a number, found ','"),
            ("sub{1;2}", 5, "expected ',', '..' or '}', found ';'"),
            ("sub{5..2}", 7, "expected a range end at least 5, found 2"),
            ("sub{1, 0}", 7, "expected a positive number, found 0"),
            ("sub{1}x", 6, "expected the end of the spec, found 'x'"),
            ("sub{squares", 11, "expected '}', found the end"),
            ("allbut{squares}", 7, "expected a number, found 's'"),
            (
                "sub{cubes}",
                4,
                "unknown set 'cubes': expected numbers or one of the named sets \
                 squares, pow2, primes, fib",
            ),
            (
                "0.G",
                2,
                "expected an octal or hexadecimal digit, found 'G'",
            ),
            ("sub{1}X", 6, "expected the end of the spec, found 'X'"),
            (
                " 0.7 g",
                5,
                "expected an octal or hexadecimal digit, found 'g'",
            ),
            ("1.7", 0, "the digit before the point may only split"),
            (
                "sub{99999999999999999999}",
                4,
                "expected elements at most 16777216, found 99999999999999999999",
            ),
            ("sub{1..99999999}", 4, "expected elements at most"),
        ];
        for (text, offset, message) in cases {
            let err = HeapRuleset::parse(text).unwrap_err();
            assert_eq!(err.offset(), offset, "{text:?}: {err}");
            assert!(err.message().contains(message), "{text:?}: {err}");
        }
    }

    #[test]
    fn options_of_each_family() {
        let options = |spec: &str, n: u64| {
            let mut out = vec![];
            parse(spec).for_each_option(n, |l| out.push(l.to_string()));
            out
        };
        assert_eq!(options("nim", 3), ["2", "1", "0"]);
        assert_eq!(options("sub{1,3,4}", 3), ["2", "0"]);
        assert_eq!(options("allbut{2}", 4), ["3", "1", "0"]);
        assert_eq!(options("half", 5), ["4", "3"]);
        assert_eq!(options("sub{squares}", 5), ["4", "1"]);
        assert_eq!(options("grundy-game", 7), ["1+6", "2+5", "3+4"]);
        assert_eq!(options("kayles", 3), ["2", "1+1", "1"]);
    }
}
