//! Subtraction games: a move takes `s` tokens from one heap, where `s` must
//! belong to a fixed set `S` (*Winning Ways*, chapter 4), and the related
//! "take at most half" game.
//!
//! Finite sets (`sub{1,3,4}`) give eventually periodic Grundy sequences: the
//! value of `n` depends only on the `max(S)` values before it, so the
//! sequence repeats as soon as such a window repeats. All-but sets
//! (`allbut{1,2}`: take any number except 1 or 2) are arithmetic-periodic
//! (A. Siegel), and the infinite sets (squares, powers of two, primes,
//! Fibonacci numbers) have no general regularity theorem.

use std::ops::ControlFlow;

use crate::span::ParseError;

/// The largest element a finite set (or excluded set) may hold. Engines keep
/// bitsets as long as the largest element, and one can always describe a
/// game with larger moves as an octal code instead.
pub const MAX_ELEMENT: u64 = 1 << 24;

/// The set of legal subtraction amounts of a subtraction game.
///
/// # Examples
///
/// ```
/// use grundy::heap::SubtractionSet;
///
/// let s = SubtractionSet::finite(vec![4, 1, 3])?;
/// assert_eq!(s.to_string(), "sub{1,3,4}");
/// assert!(s.contains(3) && !s.contains(2));
/// let all_but = SubtractionSet::all_but(vec![2])?;
/// assert!(all_but.contains(1) && !all_but.contains(2) && all_but.contains(100));
/// assert!(SubtractionSet::Squares.contains(9));
/// # Ok::<(), grundy::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SubtractionSet {
    /// A finite set of positive integers.
    Finite(Runs),
    /// Every positive integer except those listed (never empty: the empty
    /// exclusion is Nim).
    AllBut(Runs),
    /// The positive squares 1, 4, 9, 16, ...
    Squares,
    /// The powers of two 1, 2, 4, 8, ...
    Pow2,
    /// The primes 2, 3, 5, 7, ...
    Primes,
    /// The Fibonacci numbers 1, 2, 3, 5, 8, ...
    Fib,
}

impl SubtractionSet {
    /// A finite subtraction set. Order and repeats in `elements` do not
    /// matter.
    ///
    /// # Errors
    /// An empty set, a zero (taking nothing is not a move), or an element
    /// above [`MAX_ELEMENT`]; the offset is the index of the bad element.
    pub fn finite(elements: Vec<u64>) -> Result<SubtractionSet, ParseError> {
        Ok(SubtractionSet::Finite(checked_set(elements)?))
    }

    /// The set `ranges` describe (`(lo, hi)`: `lo..=hi`; in any order,
    /// overlapping or not), kept as runs: `sub{1..16777216}` costs one run,
    /// not 16 million elements. `all_but` makes an all-but set.
    ///
    /// # Errors
    /// As for [`SubtractionSet::finite`], with the offset the index of the
    /// bad range: an empty list, a range from 0, one past
    /// [`MAX_ELEMENT`], or one whose end is below its start.
    ///
    /// ```
    /// use grundy::heap::SubtractionSet;
    ///
    /// let s = SubtractionSet::from_ranges(vec![(1, 16_777_216)], false)?;
    /// assert_eq!(s.to_string(), "sub{1..16777216}");
    /// assert!(s.contains(16_777_216) && !s.contains(16_777_217));
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    pub fn from_ranges(
        ranges: Vec<(u64, u64)>,
        all_but: bool,
    ) -> Result<SubtractionSet, ParseError> {
        if ranges.is_empty() {
            return Err(ParseError::at_byte(
                0,
                "expected at least one element, found an empty set",
            ));
        }
        for (i, &(lo, hi)) in ranges.iter().enumerate() {
            if lo == 0 {
                return Err(ParseError::at_byte(
                    i,
                    "expected a positive number, found 0 (taking nothing is not a move)",
                ));
            }
            if hi < lo {
                return Err(ParseError::at_byte(
                    i,
                    format!("expected a range end at least {lo}, found {hi}"),
                ));
            }
            if hi > MAX_ELEMENT {
                return Err(ParseError::at_byte(
                    i,
                    format!("expected an element at most {MAX_ELEMENT}, found {hi}"),
                ));
            }
        }
        let runs = Runs::from_ranges(ranges);
        Ok(if all_but {
            SubtractionSet::AllBut(runs)
        } else {
            SubtractionSet::Finite(runs)
        })
    }

    /// An all-but set: every positive integer except `excluded`.
    ///
    /// # Errors
    /// As for [`SubtractionSet::finite`]; an empty exclusion is refused
    /// because that game is Nim (write `nim`).
    pub fn all_but(excluded: Vec<u64>) -> Result<SubtractionSet, ParseError> {
        Ok(SubtractionSet::AllBut(checked_set(excluded)?))
    }

    /// Whether `s` tokens may be taken.
    ///
    /// # Complexity
    /// O(log |S|) for finite and all-but sets, O(√s) for primes, O(log s)
    /// otherwise.
    pub fn contains(&self, s: u64) -> bool {
        if s == 0 {
            return false;
        }
        match self {
            SubtractionSet::Finite(set) => set.contains(s),
            SubtractionSet::AllBut(set) => !set.contains(s),
            SubtractionSet::Squares => isqrt(s) * isqrt(s) == s,
            SubtractionSet::Pow2 => s.is_power_of_two(),
            SubtractionSet::Primes => is_prime(s),
            SubtractionSet::Fib => {
                let (mut a, mut b) = (1u64, 2u64);
                while a < s {
                    let c = a.saturating_add(b);
                    a = b;
                    b = c;
                }
                a == s
            }
        }
    }

    /// The largest element of a finite set, `None` for infinite sets.
    pub fn max_element(&self) -> Option<u64> {
        match self {
            SubtractionSet::Finite(set) => set.last(),
            _ => None,
        }
    }

    /// Calls `f(s)` for every element `s <= n`, in increasing order.
    ///
    /// # Complexity
    /// O(number of elements `<= n`), plus O(n log log n) once per call for
    /// primes (a sieve); all-but sets yield about `n` elements.
    pub fn for_each_up_to(&self, n: u64, mut f: impl FnMut(u64)) {
        let _ = self.try_for_each_up_to(n, |s| {
            f(s);
            ControlFlow::Continue(())
        });
    }

    /// [`for_each_up_to`](SubtractionSet::for_each_up_to) that stops as
    /// soon as `f` breaks, and says whether it did.
    pub fn try_for_each_up_to(
        &self,
        n: u64,
        mut f: impl FnMut(u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match self {
            SubtractionSet::Finite(set) => set.iter().take_while(|&s| s <= n).try_for_each(f),
            SubtractionSet::AllBut(excluded) => {
                // The gaps between the excluded runs, up to n.
                let mut from = 1;
                for &(lo, hi) in excluded.runs() {
                    if from > n {
                        break;
                    }
                    (from..lo.min(n.saturating_add(1))).try_for_each(&mut f)?;
                    from = hi + 1;
                }
                if from <= n {
                    (from..=n).try_for_each(&mut f)?;
                }
                ControlFlow::Continue(())
            }
            SubtractionSet::Squares => (1..)
                .map(|k: u64| k * k)
                .take_while(|&s| s <= n)
                .try_for_each(f),
            SubtractionSet::Pow2 => (0..64)
                .map(|k| 1u64 << k)
                .take_while(|&s| s <= n)
                .try_for_each(f),
            SubtractionSet::Primes => primes_up_to(n).into_iter().try_for_each(f),
            SubtractionSet::Fib => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    f(a)?;
                    let c = a.saturating_add(b);
                    a = b;
                    b = c;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// The elements `<= n` as a list, smallest first.
    pub fn elements_up_to(&self, n: u64) -> Vec<u64> {
        let mut out = vec![];
        self.for_each_up_to(n, |s| out.push(s));
        out
    }
}

/// Sets with more elements than this are written with ranges (`1..900`)
/// for their runs of three or more consecutive numbers; smaller sets list
/// every element, as they always have.
const LISTED_IN_FULL: usize = 32;

impl std::fmt::Display for SubtractionSet {
    /// The canonical spec: `sub{1,3,4}`, `allbut{1,2}`, `sub{squares}`, ...;
    /// a set of more than 32 elements writes its runs as ranges
    /// (`sub{1..16777216}`), so that a name stays short enough to print.
    ///
    /// ```
    /// use grundy::heap::HeapRuleset;
    ///
    /// let small: HeapRuleset = "sub{1..4, 9}".parse()?;
    /// assert_eq!(small.to_string(), "sub{1,2,3,4,9}");
    /// let large: HeapRuleset = "sub{1..100, 200, 300..399}".parse()?;
    /// assert_eq!(large.to_string(), "sub{1..100,200,300..399}");
    /// assert_eq!(large.to_string().parse::<HeapRuleset>()?, large);
    /// # Ok::<(), grundy::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |f: &mut std::fmt::Formatter<'_>, name: &str, set: &Runs| {
            write!(f, "{name}{{")?;
            let ranges = set.len() > LISTED_IN_FULL as u64;
            let mut first = true;
            let mut item = |f: &mut std::fmt::Formatter<'_>, text: std::fmt::Arguments<'_>| {
                if !std::mem::take(&mut first) {
                    f.write_str(",")?;
                }
                f.write_fmt(text)
            };
            for &(lo, hi) in set.runs() {
                if ranges && hi - lo >= 2 {
                    item(f, format_args!("{lo}..{hi}"))?;
                } else {
                    for s in lo..=hi {
                        item(f, format_args!("{s}"))?;
                    }
                }
            }
            f.write_str("}")
        };
        match self {
            SubtractionSet::Finite(set) => list(f, "sub", set),
            SubtractionSet::AllBut(set) => list(f, "allbut", set),
            SubtractionSet::Squares => f.write_str("sub{squares}"),
            SubtractionSet::Pow2 => f.write_str("sub{pow2}"),
            SubtractionSet::Primes => f.write_str("sub{primes}"),
            SubtractionSet::Fib => f.write_str("sub{fib}"),
        }
    }
}

/// A finite set of positive integers kept as its maximal runs of
/// consecutive numbers, smallest first: `{1..900, 1000}` is two runs
/// however many elements it has.
///
/// ```
/// use grundy::heap::subtraction::Runs;
///
/// let runs = Runs::from_ranges(vec![(5, 7), (1, 2), (3, 3), (6, 10), (12, 12)]);
/// assert_eq!(runs.runs(), [(1, 3), (5, 10), (12, 12)]);
/// assert_eq!(runs.len(), 10);
/// assert_eq!(runs.iter().collect::<Vec<_>>(), [1, 2, 3, 5, 6, 7, 8, 9, 10, 12]);
/// assert!(runs.contains(6) && !runs.contains(4) && !runs.contains(11));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Runs {
    /// `(lo, hi)` for `lo..=hi`, ascending, neither overlapping nor
    /// touching.
    runs: Vec<(u64, u64)>,
    /// How many numbers the runs hold.
    len: u64,
}

impl Runs {
    /// The union of `ranges` (`(lo, hi)` for `lo..=hi`, any order; a range
    /// with `hi < lo` is empty).
    pub fn from_ranges(mut ranges: Vec<(u64, u64)>) -> Runs {
        ranges.retain(|&(lo, hi)| lo <= hi);
        ranges.sort_unstable();
        let mut runs: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match runs.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => runs.push((lo, hi)),
            }
        }
        let len = runs.iter().map(|&(lo, hi)| hi - lo + 1).sum();
        Runs { runs, len }
    }

    /// The runs, `(lo, hi)` for `lo..=hi`, ascending.
    pub fn runs(&self) -> &[(u64, u64)] {
        &self.runs
    }

    /// How many numbers the set holds.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The largest number, `None` when empty.
    pub fn last(&self) -> Option<u64> {
        self.runs.last().map(|&(_, hi)| hi)
    }

    /// Whether `s` is in the set.
    ///
    /// # Complexity
    /// O(log runs).
    pub fn contains(&self, s: u64) -> bool {
        let i = self.runs.partition_point(|&(_, hi)| hi < s);
        self.runs.get(i).is_some_and(|&(lo, _)| lo <= s)
    }

    /// The numbers, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.runs.iter().flat_map(|&(lo, hi)| lo..=hi)
    }
}

fn checked_set(mut elements: Vec<u64>) -> Result<Runs, ParseError> {
    if elements.is_empty() {
        return Err(ParseError::at_byte(
            0,
            "expected at least one element, found an empty set",
        ));
    }
    if let Some(i) = elements.iter().position(|&s| s == 0) {
        return Err(ParseError::at_byte(
            i,
            "expected a positive number, found 0 (taking nothing is not a move)",
        ));
    }
    if let Some(i) = elements.iter().position(|&s| s > MAX_ELEMENT) {
        return Err(ParseError::at_byte(
            i,
            format!(
                "expected an element at most {MAX_ELEMENT}, found {}",
                elements[i]
            ),
        ));
    }
    elements.sort_unstable();
    elements.dedup();
    Ok(Runs::from_ranges(
        elements.into_iter().map(|s| (s, s)).collect(),
    ))
}

/// The integer square root: the largest `r` with `r*r <= n`.
pub(crate) fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r.checked_mul(r).is_none_or(|sq| sq > n) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= n) {
        r += 1;
    }
    r
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

/// The primes `<= n` by the sieve of Eratosthenes.
pub(crate) fn primes_up_to(n: u64) -> Vec<u64> {
    let n = n as usize;
    if n < 2 {
        return vec![];
    }
    let mut composite = vec![false; n + 1];
    let mut out = vec![];
    for i in 2..=n {
        if !composite[i] {
            out.push(i as u64);
            let mut j = i * i;
            while j <= n {
                composite[j] = true;
                j += i;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapRuleset;
    use proptest::prelude::*;

    proptest! {
        /// Runs hold exactly the numbers of their ranges, as maximal runs:
        /// checked against a set built number by number, and all-but sets
        /// list exactly the numbers outside.
        #[test]
        fn runs_are_the_union_of_their_ranges(
            ranges in proptest::collection::vec((1u64..200, 0u64..12), 1..20),
            n in 0u64..260,
        ) {
            let ranges: Vec<(u64, u64)> = ranges.iter().map(|&(lo, len)| (lo, lo + len)).collect();
            let want: std::collections::BTreeSet<u64> =
                ranges.iter().flat_map(|&(lo, hi)| lo..=hi).collect();
            let runs = Runs::from_ranges(ranges.clone());
            prop_assert_eq!(runs.iter().collect::<Vec<_>>(), want.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(runs.len(), want.len() as u64);
            prop_assert!(runs.runs().windows(2).all(|w| w[0].1 + 1 < w[1].0));
            for s in 0..260 {
                prop_assert_eq!(runs.contains(s), want.contains(&s));
            }
            let all_but = SubtractionSet::from_ranges(ranges, true).unwrap();
            let outside: Vec<u64> = (1..=n).filter(|s| !want.contains(s)).collect();
            prop_assert_eq!(all_but.elements_up_to(n), outside);
        }

        /// Every finite or all-but set, small or large, prints as a spec
        /// that parses back to itself; large ones print as ranges and small
        /// ones list each element.
        #[test]
        fn sets_print_back_to_themselves(
            mut set in proptest::collection::vec(1u64..400, 1..120),
            all_but in any::<bool>(),
        ) {
            set.sort_unstable();
            set.dedup();
            let ruleset = HeapRuleset::Subtraction(if all_but {
                SubtractionSet::all_but(set.clone()).unwrap()
            } else {
                SubtractionSet::finite(set.clone()).unwrap()
            });
            let text = ruleset.to_string();
            prop_assert_eq!(text.parse::<HeapRuleset>().unwrap(), ruleset);
            prop_assert_eq!(text.contains(".."), set.len() > LISTED_IN_FULL
                && set.windows(3).any(|w| w[2] == w[0] + 2));
        }
    }

    #[test]
    fn infinite_sets_list_their_first_elements() {
        assert_eq!(
            SubtractionSet::Squares.elements_up_to(30),
            [1, 4, 9, 16, 25]
        );
        assert_eq!(SubtractionSet::Pow2.elements_up_to(20), [1, 2, 4, 8, 16]);
        assert_eq!(
            SubtractionSet::Primes.elements_up_to(20),
            [2, 3, 5, 7, 11, 13, 17, 19]
        );
        assert_eq!(
            SubtractionSet::Fib.elements_up_to(22),
            [1, 2, 3, 5, 8, 13, 21]
        );
        let all_but = SubtractionSet::all_but(vec![2, 4]).unwrap();
        assert_eq!(all_but.elements_up_to(6), [1, 3, 5, 6]);
    }

    #[test]
    fn contains_agrees_with_the_listing() {
        let sets = [
            SubtractionSet::Squares,
            SubtractionSet::Pow2,
            SubtractionSet::Primes,
            SubtractionSet::Fib,
            SubtractionSet::finite(vec![7, 2, 2, 5]).unwrap(),
            SubtractionSet::all_but(vec![3, 1]).unwrap(),
        ];
        for set in &sets {
            let listed = set.elements_up_to(500);
            for s in 0..=500 {
                assert_eq!(set.contains(s), listed.contains(&s), "{set} {s}");
            }
        }
        assert_eq!(isqrt(u64::MAX), (1 << 32) - 1);
    }

    #[test]
    fn bad_sets_are_refused_with_the_index() {
        assert_eq!(SubtractionSet::finite(vec![]).unwrap_err().offset(), 0);
        assert_eq!(SubtractionSet::finite(vec![1, 0]).unwrap_err().offset(), 1);
        assert_eq!(
            SubtractionSet::all_but(vec![3, 1 << 40])
                .unwrap_err()
                .offset(),
            1
        );
        assert_eq!(
            SubtractionSet::finite(vec![3, 1, 3]).unwrap().to_string(),
            "sub{1,3}"
        );
    }
}
