//! Patterns the values follow without proof ([`apparent_period`]), for
//! the games no periodicity theorem covers: always reported as seen, not
//! proved.

use crate::heap::GrundySequence;
use crate::Nimber;

/// A pattern the computed values follow, with no proof that it goes on:
/// `G(n + period) = G(n) + saltus` for `preperiod <= n <= seen_to - period`
/// (see [`apparent_period`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApparentPeriod {
    /// The first `n` of the run of agreement (the last exception plus one).
    pub preperiod: u64,
    /// The smallest period that fits.
    pub period: u64,
    /// 0 for an apparent period; otherwise the apparent saltus.
    pub saltus: u64,
    /// The last value looked at, `G(seen_to)`.
    pub seen_to: u64,
}

impl ApparentPeriod {
    /// How many `n` the relation was seen to hold for:
    /// `seen_to + 1 - period - preperiod`.
    pub fn agreeing(&self) -> u64 {
        (self.seen_to + 1).saturating_sub(self.period + self.preperiod)
    }
}

/// The smallest period (or arithmetic period) that the values seem to
/// follow, *not proved*: for the first `p` such that `G(n + p) - G(n)` is
/// one constant `s >= 0` over a run that ends at the last value and covers
/// at least half of the values and two periods (and 32 heaps). It is what
/// front ends report for games with no periodicity theorem (Grundy's game,
/// `half`, infinite subtraction sets, all-but sets), always marked as an
/// observation.
///
/// # Complexity
/// O(L) for the period found, plus one scan per smaller candidate that
/// stops at its first exception from the end (usually at once).
///
/// ```
/// use grundy::heap::{period, sequence, HeapRuleset};
///
/// // allbut{1,2} is arithmetic-periodic (Siegel), but no finite check is
/// // known to this crate: the pattern is reported as seen, unproved.
/// let g = sequence::values(&"allbut{1,2}".parse::<HeapRuleset>()?, 2000);
/// let seen = period::apparent_period(&g).unwrap();
/// assert_eq!(seen.seen_to, 2000);
/// assert!(seen.saltus > 0);
/// let g = sequence::values(&"grundy-game".parse::<HeapRuleset>()?, 2000);
/// assert_eq!(period::apparent_period(&g), None);
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
pub fn apparent_period(values: &GrundySequence) -> Option<ApparentPeriod> {
    let len = values.len();
    let at = |i: usize| values.get(i).map_or(0, Nimber::value);
    for p in 1..=len / 3 {
        let last = len - 1;
        let (top, below) = (at(last), at(last - p));
        let Some(saltus) = top.checked_sub(below) else {
            continue;
        };
        let mut n0 = last - p;
        while n0 > 0 && at(n0 - 1 + p).checked_sub(at(n0 - 1)) == Some(saltus) {
            n0 -= 1;
        }
        let agreeing = len - p - n0;
        if agreeing >= (2 * p).max(len / 2).max(32) {
            return Some(ApparentPeriod {
                preperiod: n0 as u64,
                period: p as u64,
                saltus,
                seen_to: last as u64,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apparent_periods_are_found_and_not_invented() {
        // Periodic with period 3 from 5: G(4) = 7 differs from G(7) = 0.
        let mut seq: GrundySequence = [9, 9, 9, 9, 7].map(Nimber).into_iter().collect();
        for i in 0..100 {
            seq.push(Nimber([1, 2, 0][i % 3]));
        }
        let seen = apparent_period(&seq).unwrap();
        assert_eq!((seen.preperiod, seen.period, seen.saltus), (5, 3, 0));
        assert_eq!((seen.seen_to, seen.agreeing()), (104, 97));
        // n itself: arithmetic-periodic with saltus 1.
        let nim: GrundySequence = (0..100).map(Nimber).collect();
        let seen = apparent_period(&nim).unwrap();
        assert_eq!((seen.preperiod, seen.period, seen.saltus), (0, 1, 1));
        // Too short a run is no pattern.
        let short: GrundySequence = (0..40u64).map(|i| Nimber(i * i % 17)).collect();
        assert_eq!(apparent_period(&short), None);
    }
}
