//! A census of a family of heap games: for every game, its proved period (or
//! how far it was looked at), its largest value and the count of its rare
//! values.
//!
//! Families ([`Family::parse`]):
//!
//! | family | games |
//! |---|---|
//! | `octal:D` | every octal code `0.d1…dD` (digits 0-7, `1 <= D <= 4`) |
//! | `hex:D` | every hexadecimal code `0.h1…hD` (digits 0-F, `1 <= D <= 3`) |
//! | `sub:K:M` | every subtraction set of `K` elements from `1..=M` |
//!
//! Codes with fewer digits are included: `0.70` is the code `0.7`.
//!
//! # Trivially equivalent codes
//!
//! The bit `1` of digit `dk` allows one move only: taking a whole heap of
//! exactly `k` tokens, whose option has value 0. Two codes that differ only
//! in such bits have option sets that differ only at heaps of size `k`; if
//! `G(k)` is the same for both (because heap `k` already has an option of
//! value 0 some other way), then by induction on `n` every `G(n)` is the
//! same. [`Family::members`] reduces each code by clearing every such
//! redundant bit (each is checked against the values of the full code,
//! which the clearing does not change) and counts each reduced code once,
//! listing the codes it stands for in [`Member::same_as`]. For example
//! `0.021` is counted as `0.02`: a heap of 3 already has the option
//! "take 2, leave 1", of value `G(1) = 0`.
//!
//! # Rare values
//!
//! The sparse-space method (Gangolli–Plambeck; Flammenkamp's tables) splits
//! the nimbers by a mask `m > 0` into a subgroup of index 2, the *rare*
//! values `{g : parity(g & m) = 0}` (0 among them), and its coset, the
//! *common* values: a sum of two common values is rare, so once the rare
//! positions are few, the mex of a big heap is nearly always common.
//! [`CensusRow::rare_count`] is the number of `n <= checked_to` whose value
//! is rare, for the mask that makes it smallest ([`CensusRow::rare_mask`],
//! the smallest such mask on a tie). These are the "rare mask" and "num
//! rare" of the published tables: Officers (`0.6`) has mask `0x1ee` and 1584
//! rare positions, all below 20628. A game whose values are all 0 has every
//! position rare (mask 1).
//!
//! ```
//! use grundy::cancel::Cancel;
//! use grundy::census::{census_game, CensusStatus, Family};
//!
//! let family = Family::parse("octal:2")?;
//! let members = family.members();
//! assert!(members.len() < 64); // 64 codes, some trivially equivalent
//! let kayles = members.iter().find(|m| m.game.to_string() == "0.77").unwrap();
//! let row = census_game(&kayles.game, 10_000, &Cancel::new())?;
//! assert_eq!(row.status, CensusStatus::Periodic { preperiod: 71, period: 12 });
//! assert_eq!((row.max_value, row.max_at), (8, 27));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::cancel::{Cancel, Cancelled};
use crate::heap::period::Analysis;
use crate::heap::{HeapRuleset, PeriodStatus, SubtractionSet, TakeBreak};
use crate::span::ParseError;

/// The most digits of an `octal:D` family (8^4 = 4096 codes).
pub const MAX_OCTAL_DIGITS: usize = 4;
/// The most digits of a `hex:D` family (16^3 = 4096 codes).
pub const MAX_HEX_DIGITS: usize = 3;
/// The most games a `sub:K:M` family may have.
pub const MAX_SUBTRACTION_GAMES: u64 = 1 << 16;

/// A family of heap games.
///
/// ```
/// use grundy::census::Family;
/// assert_eq!(Family::parse("octal:3")?, Family::Octal { digits: 3 });
/// assert_eq!(Family::parse("sub:2:5")?, Family::Subtraction { size: 2, max: 5 });
/// assert_eq!(Family::parse("hex:1")?.to_string(), "hex:1");
/// let err = Family::parse("octal:9").unwrap_err();
/// assert_eq!(err.to_string(), "at byte 6: octal:D takes 1 to 4 digits, found 9");
/// # Ok::<(), grundy::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Every octal code `0.d1…dD`.
    Octal {
        /// `D`.
        digits: usize,
    },
    /// Every hexadecimal code `0.h1…hD`.
    Hex {
        /// `D`.
        digits: usize,
    },
    /// Every subtraction set of `size` elements from `1..=max`.
    Subtraction {
        /// `K`.
        size: usize,
        /// `M`.
        max: u64,
    },
}

/// One game of a family, with the codes it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The game (for codes, the reduced code).
    pub game: HeapRuleset,
    /// The other codes of the family that are trivially equivalent to it
    /// (see the [module documentation](self)), in canonical form.
    pub same_as: Vec<String>,
}

/// Whether a census proved a period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CensusStatus {
    /// `G(n + period) = G(n)` for every `n >= preperiod`, proved.
    Periodic {
        /// The last exception plus one.
        preperiod: u64,
        /// The smallest period.
        period: u64,
    },
    /// No period proved within the values computed.
    Unknown,
}

impl CensusStatus {
    /// `"periodic"` or `"unknown"`, as in the tables.
    ///
    /// ```
    /// assert_eq!(grundy::census::CensusStatus::Unknown.as_str(), "unknown");
    /// ```
    pub fn as_str(&self) -> &'static str {
        match self {
            CensusStatus::Periodic { .. } => "periodic",
            CensusStatus::Unknown => "unknown",
        }
    }
}

/// One game's line of a census.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusRow {
    /// The canonical spec (`0.77`, `sub{1,3}`).
    pub game: String,
    /// Periodic (proved) or unknown.
    pub status: CensusStatus,
    /// `G(0..=checked_to)` were computed.
    pub checked_to: u64,
    /// The largest value among them; for a periodic game, the largest of
    /// all its values.
    pub max_value: u64,
    /// The first heap with that value.
    pub max_at: u64,
    /// How many of `G(0..=checked_to)` are rare (module documentation).
    pub rare_count: u64,
    /// The mask of the rare/common split used for `rare_count`.
    pub rare_mask: u64,
    /// The codes counted with this one (trivially equivalent).
    pub same_as: Vec<String>,
}

impl Family {
    /// Parses `octal:D`, `hex:D` or `sub:K:M` (case-insensitive).
    ///
    /// # Errors
    /// A [`ParseError`] at the byte of the problem: an unknown
    /// family, a missing or malformed number, a digit count out of range, or
    /// a family with too many games.
    pub fn parse(text: &str) -> Result<Family, ParseError> {
        Family::parse_lower(text).map_err(|e| e.in_text(text))
    }

    /// [`Family::parse`] without the input attached to its error.
    fn parse_lower(text: &str) -> Result<Family, ParseError> {
        let lower = text.to_ascii_lowercase();
        let Some(colon) = lower.find(':') else {
            return Err(ParseError::at_byte(
                lower.len(),
                "expected `octal:D`, `hex:D` or `sub:K:M`, found no `:`",
            ));
        };
        let name = &lower[..colon];
        let args: Vec<(usize, &str)> = {
            let mut at = colon + 1;
            lower[colon + 1..]
                .split(':')
                .map(|part| {
                    let here = at;
                    at += part.len() + 1;
                    (here, part)
                })
                .collect()
        };
        let number = |(at, part): (usize, &str)| -> Result<u64, ParseError> {
            part.parse::<u64>().map_err(|_| {
                ParseError::at_byte(at, format!("expected a whole number, found {part:?}"))
            })
        };
        let arity = |n: usize| -> Result<(), ParseError> {
            if args.len() != n {
                let at = if args.len() > n {
                    args[n].0 - 1
                } else {
                    lower.len()
                };
                return Err(ParseError::at_byte(
                    at,
                    format!(
                        "{name} takes {n} number{} after its name",
                        if n == 1 { "" } else { "s" }
                    ),
                ));
            }
            Ok(())
        };
        match name {
            "octal" | "hex" => {
                arity(1)?;
                let digits = number(args[0])?;
                let most = if name == "octal" {
                    MAX_OCTAL_DIGITS
                } else {
                    MAX_HEX_DIGITS
                };
                if digits == 0 || digits > most as u64 {
                    return Err(ParseError::at_byte(
                        args[0].0,
                        format!("{name}:D takes 1 to {most} digits, found {digits}"),
                    ));
                }
                let digits = digits as usize;
                Ok(if name == "octal" {
                    Family::Octal { digits }
                } else {
                    Family::Hex { digits }
                })
            }
            "sub" => {
                arity(2)?;
                let size = number(args[0])?;
                let max = number(args[1])?;
                if size == 0 || size > max {
                    return Err(ParseError::at_byte(
                        args[0].0,
                        format!("sub:K:M takes 1 <= K <= M, found K = {size}, M = {max}"),
                    ));
                }
                if binomial(max, size).is_none_or(|n| n > MAX_SUBTRACTION_GAMES) {
                    return Err(ParseError::at_byte(
                        args[0].0,
                        format!("sub:{size}:{max} has more than {MAX_SUBTRACTION_GAMES} games"),
                    ));
                }
                Ok(Family::Subtraction {
                    size: size as usize,
                    max,
                })
            }
            _ => Err(ParseError::at_byte(
                0,
                format!("unknown family {name:?}: expected `octal`, `hex` or `sub`"),
            )),
        }
    }

    /// Every game of the family, trivially equivalent codes counted once,
    /// in the order of their codes (or sets).
    ///
    /// # Complexity
    /// O(number of codes · t³) for codes (each reduction computes `G(0..=t)`
    /// by the definition), O(number of sets) for subtraction sets.
    ///
    /// ```
    /// use grundy::census::Family;
    /// let members = Family::parse("octal:3")?.members();
    /// let dawson = members.iter().find(|m| m.game.to_string() == "0.02").unwrap();
    /// assert_eq!(dawson.same_as, ["0.021"]);
    /// assert_eq!(Family::parse("sub:2:4")?.members().len(), 6);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn members(&self) -> Vec<Member> {
        match *self {
            Family::Octal { digits } => code_members(digits, 8),
            Family::Hex { digits } => code_members(digits, 16),
            Family::Subtraction { size, max } => {
                let mut out = Vec::new();
                let mut set: Vec<u64> = (1..=size as u64).collect();
                loop {
                    if let Ok(s) = SubtractionSet::finite(set.clone()) {
                        out.push(Member {
                            game: HeapRuleset::Subtraction(s),
                            same_as: vec![],
                        });
                    }
                    // The next set in lexicographic order.
                    let Some(i) = (0..size)
                        .rev()
                        .find(|&i| set[i] < max - (size - 1 - i) as u64)
                    else {
                        break;
                    };
                    set[i] += 1;
                    for j in i + 1..size {
                        set[j] = set[j - 1] + 1;
                    }
                }
                out
            }
        }
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Family::Octal { digits } => write!(f, "octal:{digits}"),
            Family::Hex { digits } => write!(f, "hex:{digits}"),
            Family::Subtraction { size, max } => write!(f, "sub:{size}:{max}"),
        }
    }
}

impl std::str::FromStr for Family {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Family::parse(s)
    }
}

fn binomial(n: u64, k: u64) -> Option<u64> {
    let k = k.min(n - k);
    let mut c: u64 = 1;
    for i in 0..k {
        c = c.checked_mul(n - i)? / (i + 1);
    }
    Some(c)
}

/// Every code with `digits` digits in base `base` (8 or 16) after the point,
/// reduced and grouped.
fn code_members(digits: usize, base: u8) -> Vec<Member> {
    let mut groups: BTreeMap<Vec<u8>, Vec<String>> = BTreeMap::new();
    let mut order: Vec<Vec<u8>> = Vec::new();
    let total = (base as usize).pow(digits as u32);
    for index in 0..total {
        let mut code = vec![0u8; digits + 1];
        let mut rest = index;
        for k in (1..=digits).rev() {
            code[k] = (rest % base as usize) as u8;
            rest /= base as usize;
        }
        let Ok(full) = TakeBreak::new(code) else {
            continue;
        };
        let reduced = reduce(&full);
        let key = reduced.digits().to_vec();
        let entry = groups.entry(key.clone()).or_insert_with(|| {
            order.push(key);
            Vec::new()
        });
        if reduced != full {
            entry.push(full.to_string());
        }
    }
    order
        .into_iter()
        .map(|key| {
            let same_as = groups.remove(&key).unwrap_or_default();
            let code = TakeBreak::new(key).expect("a reduced valid code is valid");
            Member {
                game: HeapRuleset::TakeBreak(code),
                same_as,
            }
        })
        .collect()
}

/// Clears every redundant whole-heap bit (module documentation).
fn reduce(code: &TakeBreak) -> TakeBreak {
    let t = code.max_take();
    let values = code.naive_values(t);
    let mut digits = code.digits().to_vec();
    for k in 1..=t {
        if digits[k] & 1 == 0 {
            continue;
        }
        let mut without = code.digits().to_vec();
        without[k] &= !1;
        let Ok(other) = TakeBreak::new(without) else {
            continue;
        };
        // Heaps up to t decide it: the codes differ only at heap k.
        if other.naive_values(t).get(k) == values.get(k) {
            digits[k] &= !1;
        }
    }
    TakeBreak::new(digits).expect("clearing bits keeps a code valid")
}

/// The census line of one game, computing at most `G(0..=to)`.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set.
///
/// # Complexity
/// That of a period search up to `to` ([`Analysis`]), plus O(checked_to + V log V) for
/// the statistics, V the power of 2 above the largest value.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::census::{census_game, CensusStatus};
///
/// let row = census_game(&"sub{1,2}".parse()?, 1000, &Cancel::new())?;
/// assert_eq!(row.status, CensusStatus::Periodic { preperiod: 0, period: 3 });
/// assert_eq!((row.max_value, row.max_at), (2, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn census_game(
    ruleset: &HeapRuleset,
    to: u64,
    cancel: &Cancel,
) -> Result<CensusRow, Cancelled> {
    let analysis = Analysis::of(ruleset).max(to).cancel(cancel).run()?;
    let status = match analysis.periodicity.status {
        PeriodStatus::Periodic {
            preperiod,
            period,
            saltus: 0,
            ..
        } => CensusStatus::Periodic { preperiod, period },
        _ => CensusStatus::Unknown,
    };
    // Engines may compute a little past what was asked (whole blocks): the
    // statistics cover exactly what the analysis examined.
    let checked_to = analysis.periodicity.checked_to;
    let values = &analysis.values;
    let mut histogram: Vec<u64> = Vec::new();
    let (mut max_value, mut max_at) = (0u64, 0u64);
    for (n, g) in values.iter().enumerate().take(checked_to as usize + 1) {
        let g = g.0;
        if g > max_value {
            max_value = g;
            max_at = n as u64;
        }
        let slot = g as usize;
        if slot >= histogram.len() {
            histogram.resize(slot + 1, 0);
        }
        histogram[slot] += 1;
    }
    let (rare_count, rare_mask) = rare_split(&histogram);
    Ok(CensusRow {
        game: ruleset.to_string(),
        status,
        checked_to,
        max_value,
        max_at,
        rare_count,
        rare_mask,
        same_as: vec![],
    })
}

/// The mask `m > 0` whose subgroup `{g : parity(g & m) = 0}` holds the
/// fewest values of the histogram (`histogram[g]` counts value `g`), and
/// that count: `(count, mask)`, the smallest mask on a tie.
///
/// # Complexity
/// O(W log W) for W the power of two above the largest value: the count for
/// every mask at once is `(total + H(m)) / 2`, where `H` is the
/// Walsh–Hadamard transform of the histogram (`H(m)` is the sum of
/// `histogram[g]` times `(-1)^parity(g & m)`).
fn rare_split(histogram: &[u64]) -> (u64, u64) {
    let width = histogram.len().next_power_of_two().max(2);
    let mut h: Vec<i128> = histogram.iter().map(|&c| i128::from(c)).collect();
    h.resize(width, 0);
    let mut step = 1;
    while step < width {
        for block in h.chunks_mut(2 * step) {
            let (lo, hi) = block.split_at_mut(step);
            for (a, b) in lo.iter_mut().zip(hi) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        step *= 2;
    }
    let total = h[0];
    (1..width)
        .map(|m| (((total + h[m]) / 2) as u64, m as u64))
        .min()
        .expect("two masks at least")
}

/// Computes the census line of every member on `threads` threads (at least
/// one), handing each finished line to `on_row` on the calling thread as
/// soon as it is ready (so lines arrive out of order). Members for which
/// `skip` is true (already done in an earlier run) are not computed.
///
/// On several threads the games are first looked at up to a sixteenth of
/// `to` (a *pilot*), then computed in full, the costliest first by the
/// pilot's line (its count of rare values times its largest value): a
/// census's time is mostly a few games whose period is not found, and one
/// of them left to the end kept one thread busy alone. A game whose period
/// the pilot proves before its limit keeps the pilot's line, which is the
/// full run's (the search's lengths double from 16 whatever the limit, so
/// both make the same steps). The lines do not depend on the number of
/// threads.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set; the lines handed over so far are
/// complete.
///
/// # Complexity
/// The sum of the members' [`census_game`] costs, spread over the threads,
/// plus the pilots' (3 to 4% for `octal:2` to 40000) on several threads.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::census::{run, Family};
///
/// let members = Family::parse("sub:1:3")?.members();
/// let mut rows = Vec::new();
/// run(&members, 100, 2, &Cancel::new(), |_| false, |row| rows.push(row))?;
/// rows.sort_by(|a, b| a.game.cmp(&b.game));
/// let games: Vec<_> = rows.iter().map(|r| r.game.as_str()).collect();
/// assert_eq!(games, ["sub{1}", "sub{2}", "sub{3}"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(
    members: &[Member],
    to: u64,
    threads: usize,
    cancel: &Cancel,
    skip: impl Fn(&str) -> bool,
    mut on_row: impl FnMut(CensusRow),
) -> Result<(), Cancelled> {
    let mut todo: Vec<&Member> = members
        .iter()
        .filter(|m| !skip(&m.game.to_string()))
        .collect();
    let threads = threads.max(1).min(todo.len().max(1));
    // A game's row, under the name of the member it stands for.
    let line = |member: &Member, mut row: CensusRow| {
        row.same_as = member.same_as.clone();
        row
    };
    let mut result = Ok(());
    let pilot = pilot_to(to);
    if threads > 1 && pilot > 0 {
        // Each game's pilot, the games in the family's order.
        let pilots = on_threads(&todo, threads, |member| {
            census_game(&member.game, pilot, cancel)
        });
        let mut slow = Vec::new();
        for (member, row) in todo.iter().zip(pilots) {
            match row {
                Ok(row) if pilot_is_final(&row, pilot) => on_row(line(member, row)),
                Ok(row) => slow.push((pilot_cost(&row), *member)),
                Err(e) => result = Err(e),
            }
        }
        result?;
        // The costliest first (a stable sort: ties keep the family's order).
        slow.sort_by_key(|s| std::cmp::Reverse(s.0));
        todo = slow.into_iter().map(|(_, member)| member).collect();
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Result<CensusRow, Cancelled>>();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(todo.len().max(1)) {
            let tx = tx.clone();
            let (todo, next, line) = (&todo, &next, &line);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(member) = todo.get(i) else { break };
                let row = census_game(&member.game, to, cancel).map(|row| line(member, row));
                let stop = row.is_err();
                if tx.send(row).is_err() || stop {
                    break;
                }
            });
        }
        drop(tx);
        for row in rx {
            match row {
                Ok(row) => on_row(row),
                Err(e) => result = Err(e),
            }
        }
    });
    result?;
    cancel.check()
}

/// How far the pilots look for a census to `to` (0: no pilot, the whole
/// census being too short to gain from one). A sixteenth keeps the pilots
/// at 3 to 4% of the work (`octal:2` to 40000).
fn pilot_to(to: u64) -> u64 {
    if to < 1024 {
        0
    } else {
        to / 16
    }
}

/// How costly the full run of a game is likely to be, from its pilot's
/// line: its count of rare values times its largest value. The
/// sparse-space engine pairs rare positions and scans up to the largest
/// value for each heap size, so both grow the cost; on `octal:2` to 40000
/// the pilots to 2500 rank the four games that take three quarters of the
/// time (`0.76`, `0.06`, `0.04`, `0.74`) among the first six, `0.76`
/// first.
/// A count rather than the pilot's time, which a busy machine blurs.
fn pilot_cost(row: &CensusRow) -> u64 {
    (row.rare_count + 1).saturating_mul(row.max_value + 1)
}

/// Whether a pilot's line to `pilot` is the one a census to any larger
/// limit finds: a period proved before the limit. The search's lengths
/// then never met the limit, so a longer search makes the same steps on
/// the same values and stops at the same proof.
fn pilot_is_final(row: &CensusRow, pilot: u64) -> bool {
    matches!(row.status, CensusStatus::Periodic { .. }) && row.checked_to < pilot
}

/// `f` of every item on `threads` threads, the results in the items' order.
fn on_threads<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let mut out: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    let parts: Vec<Vec<(usize, R)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (next, f) = (&next, &f);
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break done };
                        done.push((i, f(item)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a census thread panicked"))
            .collect()
    });
    for (i, r) in parts.into_iter().flatten() {
        out[i] = Some(r);
    }
    out.into_iter()
        .map(|r| r.expect("every item is taken by a thread"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    // `G(0..=n)` of a code straight from the definition, by the test kit
    // (independent of the library's engines).
    use grundy_testkit::heaps::take_break_values as brute;

    #[test]
    fn trivially_equivalent_codes_have_equal_values() {
        // Every code of octal:3 has the values of the code it is counted
        // as, by a brute force that knows nothing of the reduction.
        let members = Family::Octal { digits: 3 }.members();
        let mut seen = 0;
        for m in &members {
            let HeapRuleset::TakeBreak(code) = &m.game else {
                panic!("octal member {} is not a code", m.game)
            };
            let reference = brute(code.digits(), 60);
            for other in &m.same_as {
                let other = TakeBreak::parse(other).unwrap();
                assert_eq!(brute(other.digits(), 60), reference, "{other} vs {code}");
                seen += 1;
            }
        }
        assert_eq!(seen + members.len(), 512);
        assert!(seen > 0);
    }

    #[test]
    fn no_code_is_lost_or_counted_twice() {
        let members = Family::Octal { digits: 2 }.members();
        let mut all: Vec<String> = members
            .iter()
            .flat_map(|m| std::iter::once(m.game.to_string()).chain(m.same_as.iter().cloned()))
            .collect();
        all.sort();
        let before = all.len();
        all.dedup();
        assert_eq!(all.len(), before);
        assert_eq!(before, 64);
        assert!(Family::Hex { digits: 1 }.members().len() <= 16);
    }

    #[test]
    fn subtraction_families_list_every_set_once() {
        let members = Family::Subtraction { size: 3, max: 7 }.members();
        assert_eq!(members.len(), 35);
        let mut names: Vec<String> = members.iter().map(|m| m.game.to_string()).collect();
        names.dedup();
        assert_eq!(names.len(), 35);
        assert_eq!(names[0], "sub{1,2,3}");
        assert_eq!(names[34], "sub{5,6,7}");
    }

    #[test]
    fn family_errors_are_located() {
        let cases = [
            ("octal", 5),
            ("octal:x", 6),
            ("octal:0", 6),
            ("hex:4", 4),
            ("sub:3", 5),
            ("sub:4:3", 4),
            ("sub:3:4:5", 7),
            ("game:3", 0),
            ("sub:30:60", 4),
        ];
        for (text, offset) in cases {
            let err = Family::parse(text).unwrap_err();
            assert_eq!(err.offset(), offset, "{text}: {err}");
        }
    }

    #[test]
    fn rows_agree_with_brute_force_and_published_periods() {
        // Periods from OEIS A002186 (Kayles 0.77: last exception 70, period
        // 12) and A002187 (Dawson's Kayles 0.07: last exception 52, period
        // 34); Officers (0.6) has no known period (Winning Ways, ch. 4).
        let cancel = Cancel::new();
        for (spec, status) in [
            (
                "0.77",
                CensusStatus::Periodic {
                    preperiod: 71,
                    period: 12,
                },
            ),
            (
                "0.07",
                CensusStatus::Periodic {
                    preperiod: 53,
                    period: 34,
                },
            ),
            ("0.6", CensusStatus::Unknown),
        ] {
            let game: HeapRuleset = spec.parse().unwrap();
            let row = census_game(&game, 20_000, &cancel).unwrap();
            assert_eq!(row.status, status, "{spec}");
            let HeapRuleset::TakeBreak(code) = &game else {
                unreachable!()
            };
            let g = brute(code.digits(), row.checked_to as usize);
            let max = *g.iter().max().unwrap();
            assert_eq!(row.max_value, max, "{spec}");
            assert_eq!(row.max_at, g.iter().position(|&v| v == max).unwrap() as u64);
        }
    }

    #[test]
    fn published_three_digit_periods() {
        // (game, preperiod, period) as in A. Flammenkamp's octal-game tables
        // and Winning Ways ch. 4 (.45, .156: Kenyon 1967; .356, .644, .165:
        // Austin 1976; .127: Gangolli-Plambeck 1989).
        let cancel = Cancel::new();
        let published = [
            ("0.45", 498, 20),
            ("0.156", 3479, 349),
            ("0.356", 7315, 142),
            ("0.644", 3256, 442),
            ("0.165", 5181, 1550),
            ("0.127", 46578, 4),
            ("0.17", 33, 34),
            ("0.53", 11, 9),
        ];
        for (spec, preperiod, period) in published {
            let row = census_game(&spec.parse().unwrap(), 200_000, &cancel).unwrap();
            assert_eq!(
                row.status,
                CensusStatus::Periodic { preperiod, period },
                "{spec}"
            );
        }
    }

    #[test]
    fn rare_split_picks_the_smallest_subgroup() {
        // Values 1 and 2 common, 0 and 3 rare (mask 3: parity of both bits).
        assert_eq!(rare_split(&[1, 10, 10, 1]), (2, 3));
        // All 0: every value is rare.
        assert_eq!(rare_split(&[5]), (5, 1));
        // 0s and 1s: the subgroup of mask 1 is {0}.
        assert_eq!(rare_split(&[5, 3]), (5, 1));
        // Against the definition, for every histogram of a few values.
        let mut seed = 7u64;
        for len in 1..20 {
            let histogram: Vec<u64> = (0..len)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (seed >> 59) % 7
                })
                .collect();
            let width = (len as u64).next_power_of_two().max(2);
            let by_definition = (1..width)
                .map(|m| {
                    let count = histogram
                        .iter()
                        .enumerate()
                        .filter(|&(g, _)| (g as u64 & m).count_ones().is_multiple_of(2))
                        .map(|(_, &c)| c)
                        .sum::<u64>();
                    (count, m)
                })
                .min()
                .unwrap();
            assert_eq!(rare_split(&histogram), by_definition, "{histogram:?}");
        }
    }

    #[test]
    fn rare_values_are_those_of_the_published_tables() {
        // (game, rare mask, number of rare positions) as in A. Flammenkamp's
        // octal-game tables (collected in T. Czajka's octal-games project,
        // SolvedGames.md and UnsolvedGames.md); every rare position of these
        // games lies below 20628, so counting to 30000 finds them all.
        let cancel = Cancel::new();
        for (spec, mask, rare) in [
            ("0.6", 0x1ee, 1584),
            ("0.45", 0xf, 11),
            ("0.156", 0x1b, 15),
            ("0.356", 0x1b, 7),
            ("0.644", 0x7e, 31),
            ("0.56", 0x5b, 46),
            ("0.16", 0x1e, 53),
        ] {
            let row = census_game(&spec.parse().unwrap(), 30_000, &cancel).unwrap();
            assert_eq!((row.rare_mask, row.rare_count), (mask, rare), "{spec}");
        }
    }

    #[test]
    fn lines_do_not_depend_on_the_threads_or_the_pilots() {
        // One thread computes every game straight to `to`; two and three
        // first run the pilots and keep the lines of those that prove a
        // period. Limits around the pilots' threshold and the powers of
        // two the search's lengths take.
        let all = |members: &[Member], to: u64, threads: usize| {
            let mut rows = Vec::new();
            run(
                members,
                to,
                threads,
                &Cancel::new(),
                |_| false,
                |r| rows.push(r),
            )
            .unwrap();
            rows.sort_by(|a, b| a.game.cmp(&b.game));
            rows
        };
        let families = [
            ("octal:2", vec![1023, 1024, 1040, 4095, 4112, 12_000]),
            ("sub:2:9", vec![1024, 2000]),
            ("hex:1", vec![1024, 1600]),
            // Pilots of 66 and 72: sub{17} and sub{18} prove their period
            // (34, 36) at exactly that limit, where the full search goes on
            // to length 128 before it looks again.
            ("sub:1:20", vec![1056, 1152]),
        ];
        for (family, tos) in families {
            let members = Family::parse(family).unwrap().members();
            for to in tos {
                let one = all(&members, to, 1);
                assert_eq!(one.len(), members.len(), "{family} to {to}");
                for threads in [2, 3] {
                    assert_eq!(
                        all(&members, to, threads),
                        one,
                        "{family} to {to}, {threads} threads"
                    );
                }
            }
        }
        // The pilots' lines that are kept are those of the full run, and
        // some are kept (the path is exercised), some not.
        let cancel = Cancel::new();
        let (mut kept, mut again) = (0, 0);
        for m in &Family::parse("octal:2").unwrap().members() {
            let pilot = pilot_to(12_000);
            let row = census_game(&m.game, pilot, &cancel).unwrap();
            if pilot_is_final(&row, pilot) {
                assert_eq!(
                    row,
                    census_game(&m.game, 12_000, &cancel).unwrap(),
                    "{}",
                    m.game
                );
                kept += 1;
            } else {
                again += 1;
            }
        }
        assert!(kept > 0 && again > 0, "{kept} kept, {again} run again");
    }

    #[test]
    fn cancelled_runs_stop() {
        let cancel = Cancel::new();
        cancel.cancel();
        let members = Family::Octal { digits: 1 }.members();
        let mut rows = 0;
        assert!(run(&members, 1000, 2, &cancel, |_| false, |_| rows += 1).is_err());
        assert_eq!(rows, 0);
    }
}
