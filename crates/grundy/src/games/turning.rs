//! Coin-turning rules: the four named ones (`turtles`, `twins`, `mock`,
//! `ruler`) and any rule given by a *turning code*, and the table of a
//! rule's moves and single-head values on a row of a given length, which
//! the rows ([`crate::games::CoinRow`]) and the two-dimensional products
//! ([`crate::games::CoinGrid`]) both read.
//!
//! A turning code says how many coins a move turns over, and how they may
//! lie; the rightmost of them always goes from heads to tails. It is a list
//! of clauses separated by commas, any of which a move may follow; a clause
//! is a count and modifiers:
//!
//! | clause | a move turns over |
//! |---|---|
//! | `3` | exactly three coins |
//! | `1-3` | one, two or three coins (Mock Turtles) |
//! | `2+` | two coins or more |
//! | `C` | ... consecutive coins (`1+C` is Ruler) |
//! | `C(5)` | ... all within five adjacent coins (`1-3C(5)`: Mock Turtle Fives) |
//! | `E` | ... equally spaced coins (`3E`: Turnips) |
//! | `S` | ... coins placed symmetrically about their middle |
//! | `F` | ... coins that include the first coin of the row (`4FS`: Grunt) |
//!
//! These are the turning codes of the reference suite CGSuite (its
//! `game.strip.Turning`), read to learn what a user expects; the code here
//! is our own. A single head's value on coin `n` is the mex, over the
//! moves whose rightmost coin is `n`, of the nim-sum of the values of the
//! other coins the move turns (Winning Ways, ch. 14); a row's value is the
//! nim-sum of its heads' values.
//!
//! ```
//! use grundy::games::turning::{RuleTable, TurningRule};
//!
//! // "1-3" is Mock Turtles: the odious numbers.
//! let rule = TurningRule::parse("1-3").unwrap();
//! let table = RuleTable::new(rule, 8).unwrap();
//! let values: Vec<u64> = (0..8).map(|x| table.value(x)).collect();
//! assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]);
//! // Turnips: three equally spaced coins.
//! let table = RuleTable::new(TurningRule::parse("3E").unwrap(), 6).unwrap();
//! assert_eq!(table.masks_at(4), [0b10101, 0b11100]);
//! ```

use std::fmt;

use crate::span::{ParseError, Span};

/// The most moves a rule may have on one coin of a row: past this a row
/// of that length is refused (say, `1+`, any coins, on more than 17).
pub const MAX_MOVES_PER_COIN: usize = 1 << 16;

/// The most clauses in a turning code.
pub const MAX_CLAUSES: usize = 16;

/// One clause of a turning code: a count of coins and how they may lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clause {
    /// The fewest coins turned (at least 1).
    pub min: u32,
    /// The most coins turned; `None` for no bound (`2+`).
    pub max: Option<u32>,
    /// `C`: the coins are consecutive.
    pub consecutive: bool,
    /// `C(n)`: the coins lie within `n` adjacent coins.
    pub within: Option<u32>,
    /// `E`: the coins are equally spaced.
    pub equal: bool,
    /// `S`: the coins lie symmetrically about the middle of the first and
    /// the last.
    pub symmetric: bool,
    /// `F`: the first coin of the row is one of them.
    pub first: bool,
}

impl Clause {
    /// Whether `mask`, whose highest coin is `x`, follows the clause's
    /// modifiers (not its count).
    fn lies_right(&self, mask: u64, x: usize) -> bool {
        let low = mask.trailing_zeros() as usize;
        let t = mask.count_ones() as usize;
        if self.consecutive && x + 1 - low != t {
            return false;
        }
        if self.within.is_some_and(|s| x - low >= s as usize) {
            return false;
        }
        if self.first && mask & 1 == 0 {
            return false;
        }
        if self.symmetric {
            let mirrored = (low..=x)
                .filter(|&i| mask >> i & 1 == 1)
                .all(|i| mask >> (low + x - i) & 1 == 1);
            if !mirrored {
                return false;
            }
        }
        if self.equal && t > 2 {
            let d = (x - low) / (t - 1);
            if d * (t - 1) != x - low || (0..t).any(|i| mask >> (low + i * d) & 1 == 0) {
                return false;
            }
        }
        true
    }

    /// Every move of this clause with its highest coin at `x` (0-based),
    /// pushed as masks; `Err(())` once `tried` (candidates looked at, for
    /// every clause on this coin) passes `cap`.
    fn moves_at(
        &self,
        x: usize,
        cap: usize,
        tried: &std::cell::Cell<usize>,
        out: &mut Vec<u64>,
    ) -> Result<(), ()> {
        let top = 1u64 << x;
        let most = self.max.map_or(x + 1, |m| (m as usize).min(x + 1));
        let lowest = self
            .within
            .map_or(0, |s| (x + 1).saturating_sub(s as usize));
        let count = || {
            tried.set(tried.get() + 1);
            if tried.get() > cap {
                Err(())
            } else {
                Ok(())
            }
        };
        let push = |m: u64, out: &mut Vec<u64>| {
            count()?;
            if self.lies_right(m, x) {
                out.push(m);
            }
            Ok(())
        };
        for t in self.min as usize..=most {
            if t == 1 {
                push(top, out)?;
                continue;
            }
            if self.consecutive {
                if t <= x + 1 {
                    push(run(x + 1 - t, x), out)?;
                }
            } else if self.equal {
                for d in 1..=x / (t - 1) {
                    push((0..t).fold(0, |m, i| m | 1 << (x - i * d)), out)?;
                }
            } else if self.symmetric {
                // All counts at once, below.
                break;
            } else if self.first {
                if x >= 1 {
                    let rest: Vec<usize> = (1.max(lowest)..x).collect();
                    if lowest == 0 {
                        combinations(&rest, t - 2, top | 1, &mut |m| push(m, out))?;
                    }
                }
            } else {
                let rest: Vec<usize> = (lowest..x).collect();
                combinations(&rest, t - 1, top, &mut |m| push(m, out))?;
            }
        }
        if self.symmetric && !self.consecutive && !self.equal {
            // The lowest coin, then a symmetric choice of pairs inside.
            for low in lowest..x {
                let inner: Vec<usize> = (low + 1..=(low + x) / 2).collect();
                if inner.len() >= 40 {
                    return Err(());
                }
                for picked in 0..1u64 << inner.len() {
                    let mut m = top | 1 << low;
                    for (k, &i) in inner.iter().enumerate() {
                        if picked >> k & 1 == 1 {
                            m |= 1 << i | 1 << (low + x - i);
                        }
                    }
                    let t = m.count_ones();
                    if t >= self.min.max(2) && self.max.is_none_or(|most| t <= most) {
                        push(m, out)?;
                    } else {
                        count()?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The coins `low..=high` as a mask.
fn run(low: usize, high: usize) -> u64 {
    let len = high - low + 1;
    if len == 64 {
        u64::MAX
    } else {
        ((1u64 << len) - 1) << low
    }
}

/// Calls `f` with `base` plus every choice of `k` of `from`.
fn combinations(
    from: &[usize],
    k: usize,
    base: u64,
    f: &mut dyn FnMut(u64) -> Result<(), ()>,
) -> Result<(), ()> {
    if k == 0 {
        return f(base);
    }
    if from.len() < k {
        return Ok(());
    }
    for (i, &c) in from.iter().enumerate().take(from.len() - k + 1) {
        combinations(&from[i + 1..], k - 1, base | 1 << c, f)?;
    }
    Ok(())
}

/// Which coins a move may turn over (the rightmost from heads to tails).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoinRule {
    /// One or two coins: Turning Turtles, which is Nim.
    Turtles,
    /// Exactly two coins.
    Twins,
    /// One, two or three coins: Mock Turtles.
    Mock,
    /// Any run of consecutive coins: Ruler.
    Ruler,
}

impl CoinRule {
    /// Every rule, in the order they are listed.
    pub const ALL: [CoinRule; 4] = [
        CoinRule::Turtles,
        CoinRule::Twins,
        CoinRule::Mock,
        CoinRule::Ruler,
    ];

    /// The rule's name in specs.
    pub fn name(self) -> &'static str {
        match self {
            CoinRule::Turtles => "turtles",
            CoinRule::Twins => "twins",
            CoinRule::Mock => "mock",
            CoinRule::Ruler => "ruler",
        }
    }

    /// What a move turns over, in words.
    pub fn turns(self) -> &'static str {
        match self {
            CoinRule::Turtles => "one or two coins",
            CoinRule::Twins => "exactly two coins",
            CoinRule::Mock => "one, two or three coins",
            CoinRule::Ruler => "any run of consecutive coins",
        }
    }

    /// The value of a single head on coin `n` (numbered from 1).
    ///
    /// ```
    /// use grundy::games::coins::CoinRule;
    /// let mock: Vec<u64> = (1..=8).map(|n| CoinRule::Mock.head_value(n)).collect();
    /// assert_eq!(mock, [1, 2, 4, 7, 8, 11, 13, 14]);
    /// let ruler: Vec<u64> = (1..=8).map(|n| CoinRule::Ruler.head_value(n)).collect();
    /// assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8]);
    /// ```
    pub fn head_value(self, n: u64) -> u64 {
        match self {
            CoinRule::Turtles => n,
            CoinRule::Twins => n.saturating_sub(1),
            CoinRule::Mock => {
                let i = n - 1;
                2 * i + u64::from(i.count_ones().is_multiple_of(2))
            }
            CoinRule::Ruler => n & n.wrapping_neg(),
        }
    }

    /// Every move with its rightmost coin at index `x` (0-based), as a
    /// mask of the coins it turns over.
    pub(crate) fn moves_at(self, x: usize, out: &mut Vec<u64>) {
        let top = 1u64 << x;
        match self {
            CoinRule::Turtles | CoinRule::Twins => {
                if self == CoinRule::Turtles {
                    out.push(top);
                }
                out.extend((0..x).map(|y| top | 1 << y));
            }
            CoinRule::Mock => {
                out.push(top);
                for z in 0..x {
                    out.push(top | 1 << z);
                    out.extend((0..z).map(|y| top | 1 << z | 1 << y));
                }
            }
            CoinRule::Ruler => {
                for low in (0..=x).rev() {
                    let run = if x - low + 1 == 64 {
                        u64::MAX
                    } else {
                        ((1u64 << (x - low + 1)) - 1) << low
                    };
                    out.push(run);
                }
            }
        }
    }
}

/// A rule of a coin-turning game: one of the named rules, or a turning
/// code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TurningRule {
    /// `turtles`, `twins`, `mock` or `ruler`.
    Named(CoinRule),
    /// A turning code such as `1-3C(5)` or `2-3,6C`: its clauses.
    Code(Vec<Clause>),
}

impl TurningRule {
    /// A rule's name, or a turning code (see the [module](self) docs);
    /// spaces are ignored, letters in any case.
    ///
    /// # Errors
    /// A [`ParseError`] located in `text`.
    ///
    /// ```
    /// use grundy::games::turning::TurningRule;
    /// assert_eq!(TurningRule::parse("1-3 c(5)").unwrap().to_string(), "1-3C(5)");
    /// assert_eq!(TurningRule::parse("Mock").unwrap().to_string(), "mock");
    /// assert!(TurningRule::parse("3-1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<TurningRule, ParseError> {
        let typed = text.trim();
        if let Some(named) = CoinRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(typed))
        {
            return Ok(TurningRule::Named(named));
        }
        let lead = text.len() - text.trim_start().len();
        if !typed.starts_with(|c: char| c.is_ascii_digit()) {
            let span = Span {
                start: lead,
                end: lead + typed.len().max(1),
            };
            return Err(ParseError::spanning(
                span,
                format!("unknown coin rule {typed:?}: turtles, twins, mock, ruler, or a turning code such as 1-3, 1+C, 3E or 1-3C(5)"),
            ));
        }
        let mut clauses: Vec<Clause> = Vec::new();
        let mut at = 0;
        for part in text.split(',') {
            let clause = parse_clause(part).map_err(|e| e.shifted(at))?;
            if !clauses.contains(&clause) {
                clauses.push(clause);
            }
            if clauses.len() > MAX_CLAUSES {
                return Err(ParseError::spanning(
                    Span {
                        start: at,
                        end: at + part.len().max(1),
                    },
                    format!("a turning code has at most {MAX_CLAUSES} clauses"),
                ));
            }
            at += part.len() + 1;
        }
        Ok(TurningRule::Code(clauses))
    }

    /// What a move turns over, in words.
    pub fn turns(&self) -> String {
        match self {
            TurningRule::Named(rule) => rule.turns().to_string(),
            TurningRule::Code(_) => format!("coins as the turning code {self} allows"),
        }
    }
}

/// One clause, `text` its characters (offsets in errors are within it).
fn parse_clause(text: &str) -> Result<Clause, ParseError> {
    let chars: Vec<(usize, char)> = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let mut i = 0;
    let here = |i: usize| -> Span {
        match chars.get(i) {
            Some(&(at, c)) => Span {
                start: at,
                end: at + c.len_utf8(),
            },
            None => Span {
                start: text.len(),
                end: text.len() + 1,
            },
        }
    };
    let number = |i: &mut usize| -> Result<u32, ParseError> {
        let start = *i;
        let mut n: u64 = 0;
        while let Some(&(_, c)) = chars.get(*i).filter(|(_, c)| c.is_ascii_digit()) {
            n = n * 10 + u64::from(c as u8 - b'0');
            if n > 64 {
                return Err(ParseError::spanning(
                    here(start),
                    "a turning code counts at most 64 coins",
                ));
            }
            *i += 1;
        }
        if *i == start {
            return Err(ParseError::spanning(
                here(start),
                "expected a number of coins",
            ));
        }
        Ok(n as u32)
    };
    let count_at = here(0);
    let min = number(&mut i)?;
    if min == 0 {
        return Err(ParseError::spanning(
            count_at,
            "a move turns over at least one coin",
        ));
    }
    let mut clause = Clause {
        min,
        max: Some(min),
        consecutive: false,
        within: None,
        equal: false,
        symmetric: false,
        first: false,
    };
    match chars.get(i).map(|&(_, c)| c) {
        Some('-') => {
            i += 1;
            let at = here(i);
            let max = number(&mut i)?;
            if max < min {
                return Err(ParseError::spanning(
                    at,
                    format!("the range {min}-{max} is empty: put the smaller number first"),
                ));
            }
            clause.max = Some(max);
        }
        Some('+') => {
            i += 1;
            clause.max = None;
        }
        _ => {}
    }
    while let Some(&(_, c)) = chars.get(i) {
        let at = here(i);
        i += 1;
        match c.to_ascii_uppercase() {
            'C' if chars.get(i).is_some_and(|&(_, c)| c == '(') => {
                i += 1;
                let n = number(&mut i)?;
                if chars.get(i).map(|&(_, c)| c) != Some(')') {
                    return Err(ParseError::spanning(here(i), "expected ')'"));
                }
                i += 1;
                if n == 0 {
                    return Err(ParseError::spanning(at, "C(0) allows no coin"));
                }
                clause.within = Some(n);
            }
            'C' => clause.consecutive = true,
            'E' => clause.equal = true,
            'S' => clause.symmetric = true,
            'F' => clause.first = true,
            _ => {
                return Err(ParseError::spanning(
                    at,
                    format!("expected a modifier C, C(n), E, S or F, or a ',' found {c:?}"),
                ))
            }
        }
    }
    Ok(clause)
}

impl fmt::Display for TurningRule {
    /// The rule's name, or its turning code in a canonical form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurningRule::Named(rule) => f.write_str(rule.name()),
            TurningRule::Code(clauses) => {
                for (i, c) in clauses.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    match c.max {
                        Some(m) if m == c.min => write!(f, "{}", c.min)?,
                        Some(m) => write!(f, "{}-{m}", c.min)?,
                        None => write!(f, "{}+", c.min)?,
                    }
                    if c.consecutive {
                        f.write_str("C")?;
                    }
                    if let Some(s) = c.within {
                        write!(f, "C({s})")?;
                    }
                    for (on, letter) in [(c.equal, "E"), (c.symmetric, "S"), (c.first, "F")] {
                        if on {
                            f.write_str(letter)?;
                        }
                    }
                }
                Ok(())
            }
        }
    }
}

/// A rule has too many moves on some coin of a row this long.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the coin rule {rule} has too many moves on coin {coin} (more than {MAX_MOVES_PER_COIN} to list): a line of coins under it is at most {most} long")]
pub struct TooManyMoves {
    /// The rule, as written.
    pub rule: String,
    /// The first coin (from 1) with too many moves.
    pub coin: usize,
    /// The longest line the rule allows.
    pub most: usize,
}

/// A rule's moves and single-head values on a line of coins.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleTable {
    rule: TurningRule,
    /// For each coin `x` (0-based), every move whose highest coin is `x`.
    masks: Vec<Vec<u64>>,
    /// The value of a single head on coin `x`.
    values: Vec<u64>,
}

impl RuleTable {
    /// The moves and values of `rule` on a line of `len` coins (at most
    /// 64).
    ///
    /// # Errors
    /// [`TooManyMoves`] when a coin has more than [`MAX_MOVES_PER_COIN`]
    /// moves.
    pub fn new(rule: TurningRule, len: usize) -> Result<RuleTable, TooManyMoves> {
        assert!(len <= 64, "at most 64 coins");
        let mut masks = Vec::with_capacity(len);
        let mut values = Vec::with_capacity(len);
        for x in 0..len {
            let mut at = Vec::new();
            let tried = std::cell::Cell::new(0usize);
            match &rule {
                TurningRule::Named(named) => {
                    named.moves_at(x, &mut at);
                    values.push(named.head_value(x as u64 + 1));
                }
                TurningRule::Code(clauses) => {
                    for c in clauses {
                        c.moves_at(x, MAX_MOVES_PER_COIN * 4, &tried, &mut at)
                            .map_err(|()| TooManyMoves {
                                rule: rule.to_string(),
                                coin: x + 1,
                                most: x,
                            })?;
                    }
                    at.sort_unstable();
                    at.dedup();
                    if at.len() > MAX_MOVES_PER_COIN {
                        return Err(TooManyMoves {
                            rule: rule.to_string(),
                            coin: x + 1,
                            most: x,
                        });
                    }
                    let mut seen: Vec<u64> = at
                        .iter()
                        .map(|&m| {
                            let (mut rest, mut v) = (m & !(1 << x), 0);
                            while rest != 0 {
                                v ^= values[rest.trailing_zeros() as usize];
                                rest &= rest - 1;
                            }
                            v
                        })
                        .collect();
                    seen.sort_unstable();
                    seen.dedup();
                    let mex = seen
                        .iter()
                        .enumerate()
                        .find(|&(i, &v)| v != i as u64)
                        .map_or(seen.len() as u64, |(i, _)| i as u64);
                    values.push(mex);
                }
            }
            masks.push(at);
        }
        Ok(RuleTable {
            rule,
            masks,
            values,
        })
    }

    /// The rule.
    pub fn rule(&self) -> &TurningRule {
        &self.rule
    }

    /// How many coins the table covers.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table covers no coin.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every move whose highest coin is `x` (0-based), as masks of the
    /// coins it turns.
    pub fn masks_at(&self, x: usize) -> &[u64] {
        &self.masks[x]
    }

    /// The value of a single head on coin `x` (0-based).
    pub fn value(&self, x: usize) -> u64 {
        self.values[x]
    }

    /// The nim-sum of the single-head values of the coins in `mask`.
    pub fn sum(&self, mask: u64) -> u64 {
        (0..self.len())
            .filter(|&i| mask >> i & 1 == 1)
            .fold(0, |v, i| v ^ self.values[i])
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use grundy_testkit::coins;

    /// The test kit's rule of the same name, or the kit's clauses with the
    /// same fields: the kit lists the moves from the definitions in words,
    /// asking about every set of coins, which checks the generators here.
    pub(crate) fn kit_rule(rule: &TurningRule, len: usize) -> coins::Rule {
        match rule {
            TurningRule::Named(named) => coins::Rule::new(
                len,
                match named {
                    CoinRule::Turtles => coins::turtles,
                    CoinRule::Twins => coins::twins,
                    CoinRule::Mock => coins::mock,
                    CoinRule::Ruler => coins::ruler,
                },
            ),
            TurningRule::Code(clauses) => {
                let clauses: Vec<coins::Clause> = clauses
                    .iter()
                    .map(|c| coins::Clause {
                        min: c.min,
                        max: c.max,
                        consecutive: c.consecutive,
                        within: c.within,
                        equal: c.equal,
                        symmetric: c.symmetric,
                        first: c.first,
                    })
                    .collect();
                coins::Rule::new(len, |set| coins::code_allows(&clauses, set))
            }
        }
    }

    #[test]
    fn generators_match_the_definitions() {
        for code in [
            "1", "2", "3", "1-3", "1+", "2+", "1+C", "1-5C", "3C(5)", "1-3C(5)", "3E", "4E", "1+S",
            "4FS", "1+FS", "2-3,6C", "2F", "1-4E", "3S", "2+C(4)F",
        ] {
            let rule = TurningRule::parse(code).unwrap();
            assert!(matches!(rule, TurningRule::Code(_)), "{code}");
            let table = RuleTable::new(rule.clone(), 12).unwrap();
            let kit = kit_rule(&rule, 12);
            for x in 0..12 {
                assert_eq!(table.masks_at(x), kit.moves_at(x), "{code} at {x}");
            }
        }
    }

    #[test]
    fn codes_give_the_named_rules_values() {
        for (code, named) in [
            ("1-2", CoinRule::Turtles),
            ("2", CoinRule::Twins),
            ("1-3", CoinRule::Mock),
            ("1+C", CoinRule::Ruler),
        ] {
            let a = RuleTable::new(TurningRule::parse(code).unwrap(), 40).unwrap();
            let b = RuleTable::new(TurningRule::Named(named), 40).unwrap();
            assert_eq!(a.values, b.values, "{code}");
            for x in 0..40 {
                let mut named_masks = b.masks_at(x).to_vec();
                named_masks.sort_unstable();
                assert_eq!(a.masks_at(x), named_masks, "{code} at {x}");
            }
        }
    }

    #[test]
    fn published_single_head_values() {
        // Winning Ways, ch. 14: Motley (any coins) is worth 1, 2, 4, 8, ...
        let motley = RuleTable::new(TurningRule::parse("1+").unwrap(), 12).unwrap();
        assert_eq!(
            motley.values,
            (0..12).map(|i| 1u64 << i).collect::<Vec<_>>()
        );
    }

    #[test]
    fn errors_are_located_and_big_rules_refused() {
        let e = TurningRule::parse("1-3X").unwrap_err();
        assert_eq!(e.span(), Some(Span { start: 3, end: 4 }));
        let e = TurningRule::parse("2,0").unwrap_err();
        assert_eq!(e.span(), Some(Span { start: 2, end: 3 }));
        assert!(TurningRule::parse("foo")
            .unwrap_err()
            .message()
            .contains("unknown coin rule"));
        let many: Vec<String> = (1..=17).map(|n| n.to_string()).collect();
        let e = TurningRule::parse(&many.join(",")).unwrap_err();
        assert!(e.message().contains("at most 16 clauses"), "{e}");
        assert_eq!(TurningRule::parse("2,2,2").unwrap().to_string(), "2");
        let err = RuleTable::new(TurningRule::parse("1+").unwrap(), 30).unwrap_err();
        assert_eq!(err.coin, 18);
    }
}
