//! What a search gives ([`Analysis`]): the values it computed and what it
//! proved about them, enough to give any heap's value the proof covers,
//! windows of values at any offset, and their statistics counted over
//! whole periods.

use super::{Certificate, PeriodStatus, Periodicity};
use crate::heap::GrundySequence;
use crate::Nimber;

/// A ruleset's values up to some length together with what is proved about
/// their periodicity: enough to give `G(h)` for any heap the proof covers.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// `G(0), ..., G(len-1)`.
    pub values: GrundySequence,
    /// The proved periodicity, if any.
    pub periodicity: Periodicity,
    nim: bool,
}

impl Analysis {
    /// Nim's analysis: the formula `G(n) = n`, no table.
    pub(super) fn nim() -> Analysis {
        Analysis {
            values: GrundySequence::new(),
            periodicity: Periodicity {
                status: PeriodStatus::Periodic {
                    preperiod: 0,
                    period: 1,
                    saltus: 1,
                    certificate: Certificate::Formula("G(n) = n"),
                },
                checked_to: 0,
            },
            nim: true,
        }
    }

    /// The analysis of a table with what was found about it.
    pub(super) fn table(values: GrundySequence, periodicity: Periodicity) -> Analysis {
        Analysis {
            values,
            periodicity,
            nim: false,
        }
    }

    /// `G(h)` for any heap: from the table, from the period, or from the
    /// formula; `None` when `h` is beyond the table and nothing is proved.
    ///
    /// ```
    /// use grundy::heap::{period::Analysis, HeapRuleset};
    /// use grundy::Nimber;
    ///
    /// let a = Analysis::of(&"kayles".parse::<HeapRuleset>()?).max(10_000).run()?;
    /// // Kayles is periodic from 71 with period 12, and 10^18 = 76 (mod 12).
    /// assert_eq!(a.value(1_000_000_000_000_000_000), a.value(76));
    /// assert_eq!(a.value(76), Some(Nimber(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value(&self, h: u64) -> Option<Nimber> {
        if self.nim {
            return Some(Nimber(h));
        }
        if let Some(g) = usize::try_from(h).ok().and_then(|i| self.values.get(i)) {
            return Some(g);
        }
        match &self.periodicity.status {
            PeriodStatus::Periodic {
                preperiod,
                period,
                saltus,
                ..
            } if h >= *preperiod => {
                let steps = (h - preperiod) / period;
                let base = preperiod + (h - preperiod) % period;
                let g = self.values.get(base as usize)?;
                Some(Nimber(g.0 + steps * saltus))
            }
            _ => None,
        }
    }

    /// The proved `(preperiod, period)` for a (non-arithmetic) periodic
    /// sequence.
    pub fn period(&self) -> Option<(u64, u64)> {
        match self.periodicity.status {
            PeriodStatus::Periodic {
                preperiod,
                period,
                saltus: 0,
                ..
            } => Some((preperiod, period)),
            _ => None,
        }
    }

    /// Whether [`value`](Self::value) answers for every heap, however
    /// large: a period or a formula is proved.
    pub fn is_proved(&self) -> bool {
        matches!(self.periodicity.status, PeriodStatus::Periodic { .. })
    }

    /// `G(from), ..., G(to)`, streamed: each value is read from the table,
    /// the proved period or the formula as the iterator reaches it, so any
    /// window of a proved game costs nothing to hold, at any offset. `None`
    /// when some heap of the window is beyond the table and nothing is
    /// proved (or `from > to`).
    ///
    /// # Complexity
    /// O(1) per value, nothing allocated.
    ///
    /// ```
    /// use grundy::heap::{period::Analysis, HeapRuleset};
    /// use grundy::Nimber;
    ///
    /// // sub{1,3,4} has period 7 from 0: 0,1,0,1,2,3,2, 0,1,0,...
    /// let a = Analysis::of(&"sub{1,3,4}".parse::<HeapRuleset>()?).max(1000).run()?;
    /// let far: Vec<u64> = a.window(7_000_000_000_000, 7_000_000_000_006).unwrap()
    ///     .map(Nimber::value).collect();
    /// assert_eq!(far, [0, 1, 0, 1, 2, 3, 2]);
    /// let nim = Analysis::of(&HeapRuleset::Nim).max(0).run()?;
    /// assert_eq!(nim.window(u64::MAX, u64::MAX).unwrap().next(), Some(Nimber(u64::MAX)));
    /// let half = Analysis::of(&"half".parse::<HeapRuleset>()?).max(100).run()?;
    /// assert!(half.window(0, 101).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn window(&self, from: u64, to: u64) -> Option<Window<'_>> {
        if from > to || self.value(to).is_none() {
            return None;
        }
        Some(Window {
            analysis: self,
            next: Some(from),
            to,
        })
    }

    /// The largest value of `G(from..=to)`, where it first occurs, and how
    /// often each value occurs, counted over whole periods rather than heap
    /// by heap: a window of 10^18 heaps costs O(preperiod + period).
    /// `None` unless a period (with saltus 0) is proved, or when
    /// `from > to`; front ends count a table or an arithmetic-periodic
    /// sequence (whose values all differ) heap by heap instead.
    ///
    /// # Complexity
    /// O(n0 + p) for preperiod `n0` and period `p`, plus the histogram.
    ///
    /// ```
    /// use grundy::heap::{period::Analysis, HeapRuleset};
    /// use grundy::Nimber;
    ///
    /// let a = Analysis::of(&"sub{1,3,4}".parse::<HeapRuleset>()?).max(1000).run()?;
    /// // 0,1,0,1,2,3,2 repeated: three 0s... per 7 heaps, from heap 0.
    /// let s = a.stats(0, 7 * 1_000_000_000_000 - 1).unwrap();
    /// assert_eq!((s.max, s.max_at), (Nimber(3), 5));
    /// let counts: Vec<(u64, u64)> = s.histogram.into_iter().collect();
    /// let t = 1_000_000_000_000;
    /// assert_eq!(counts, [(0, 2 * t), (1, 2 * t), (2, 2 * t), (3, t)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self, from: u64, to: u64) -> Option<WindowStats> {
        let (n0, p) = self.period()?;
        if from > to {
            return None;
        }
        let mut stats = WindowStats {
            max: Nimber(0),
            max_at: from,
            histogram: std::collections::BTreeMap::new(),
        };
        // `first[v]`: the first heap of value v, to place the maximum.
        let mut first = std::collections::BTreeMap::new();
        // Counts saturate: only the window 0..=u64::MAX (2^64 heaps) of a
        // game with period 1 could pass u64::MAX.
        let mut count = |g: Nimber, at: u64, times: u64| {
            let c = stats.histogram.entry(g.value()).or_default();
            *c = c.saturating_add(times);
            let slot = first.entry(g.value()).or_insert(at);
            *slot = (*slot).min(at);
        };
        // The preperiod, heap by heap (it is short: the table holds it).
        let start = from.max(n0);
        for n in from..start.min(to.saturating_add(1)) {
            count(self.value(n)?, n, 1);
        }
        // The periodic part: heap n0 + r + k·p has the value of n0 + r.
        if start <= to {
            let into = (start - n0) % p;
            for r in 0..p {
                // The first heap of residue r; past u64::MAX means none.
                let Some(x) = start.checked_add((r + p - into) % p) else {
                    continue;
                };
                if x > to {
                    continue;
                }
                let g = self.value(n0 + r)?;
                count(g, x, ((to - x) / p).saturating_add(1));
            }
        }
        let (&max, &at) = first.iter().next_back()?;
        stats.max = Nimber(max);
        stats.max_at = at;
        Some(stats)
    }
}

/// `G(from..=to)` read one heap at a time from an [`Analysis`] (see
/// [`Analysis::window`]).
#[derive(Clone, Debug)]
pub struct Window<'a> {
    analysis: &'a Analysis,
    /// The next heap, `None` once `to` was yielded (`to` may be
    /// `u64::MAX`).
    next: Option<u64>,
    to: u64,
}

impl Iterator for Window<'_> {
    type Item = Nimber;

    fn next(&mut self) -> Option<Nimber> {
        let n = self.next?;
        self.next = if n < self.to { Some(n + 1) } else { None };
        // The window was checked to be covered when it was made.
        self.analysis.value(n)
    }
}

/// The largest value of a window of heaps, where it first occurs, and how
/// often each value occurs (see [`Analysis::stats`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowStats {
    /// The largest value.
    pub max: Nimber,
    /// The first heap of the window with that value.
    pub max_at: u64,
    /// Value to number of heaps of the window with that value.
    pub histogram: std::collections::BTreeMap<u64, u64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::sequence::{self, EngineKind};
    use crate::heap::HeapRuleset;

    #[test]
    fn analysis_answers_beyond_the_table() {
        let kayles = Analysis::of(&HeapRuleset::parse("0.77").unwrap())
            .max(10_000)
            .run()
            .unwrap();
        let direct = sequence::values(&HeapRuleset::parse("0.77").unwrap(), 3000);
        for h in 0..3000u64 {
            assert_eq!(kayles.value(h), direct.get(h as usize));
        }
        let nim = Analysis::of(&HeapRuleset::Nim).max(10).run().unwrap();
        assert_eq!(nim.value(u64::MAX), Some(Nimber(u64::MAX)));
        let half = Analysis::of(&HeapRuleset::Half).max(50).run().unwrap();
        assert_eq!(half.value(51), None);
    }

    #[test]
    fn windows_read_from_the_period_match_the_definition() {
        let brute = grundy_testkit::heaps::subtraction_values(&[1, 3, 4], 69);
        // The definition repeats with period 7 from 0 over 70 heaps.
        assert!((0..63).all(|n| brute[n] == brute[n + 7]));
        let a = Analysis::of(&HeapRuleset::parse("sub{1,3,4}").unwrap())
            .max(1000)
            .run()
            .unwrap();
        let from = 1_000_000_000_000u64;
        let got: Vec<u64> = a.window(from, from + 20).unwrap().map(|g| g.0).collect();
        let want: Vec<u64> = (from..=from + 20)
            .map(|n| brute[(n % 7) as usize])
            .collect();
        assert_eq!(got, want);
        // The last heap of all is reachable and the iterator ends there.
        assert_eq!(a.window(u64::MAX - 1, u64::MAX).unwrap().count(), 2);
    }

    #[test]
    fn windows_match_the_engine_computed_directly() {
        for spec in ["0.07", "0.77", "4.07", "sub{2,5,6}"] {
            let ruleset = HeapRuleset::parse(spec).unwrap();
            let a = Analysis::of(&ruleset).max(10_000).run().unwrap();
            assert!(a.is_proved(), "{spec}");
            // The naive engine, with no period shortcut, far past the proof.
            let mut naive = sequence::engine(&ruleset, EngineKind::Naive);
            naive.extend_to(3000);
            let got: Vec<Nimber> = a.window(0, 3000).unwrap().collect();
            let want: Vec<Nimber> = (0..=3000).map(|i| naive.get(i)).collect();
            assert_eq!(got, want, "{spec}");
        }
    }

    #[test]
    fn stats_counted_over_periods_match_counting_heap_by_heap() {
        let ruleset = HeapRuleset::parse("0.07").unwrap();
        let a = Analysis::of(&ruleset).max(10_000).run().unwrap();
        let mut naive = sequence::engine(&ruleset, EngineKind::Naive);
        naive.extend_to(2500);
        for (from, to) in [(0, 2500), (10, 52), (53, 53), (40, 2000), (700, 2467)] {
            let s = a.stats(from, to).unwrap();
            let mut hist = std::collections::BTreeMap::new();
            let (mut max, mut max_at) = (0, from);
            for n in from..=to {
                let g = naive.get(n as usize).0;
                *hist.entry(g).or_insert(0u64) += 1;
                if g > max {
                    (max, max_at) = (g, n);
                }
            }
            assert_eq!(
                (s.max.0, s.max_at, s.histogram),
                (max, max_at, hist),
                "{from}..={to}"
            );
        }
        // Far windows: every heap counted once.
        let s = a.stats(5, u64::MAX - 3).unwrap();
        assert_eq!(s.histogram.values().sum::<u64>(), u64::MAX - 7);
        // The last heaps of all: each residue's first heap may lie past
        // u64::MAX (this once overflowed).
        let s = a.stats(u64::MAX - 5, u64::MAX).unwrap();
        assert_eq!(s.histogram.values().sum::<u64>(), 6);
        let top: Vec<Nimber> = a.window(u64::MAX - 5, u64::MAX).unwrap().collect();
        assert_eq!(s.max, top.iter().copied().max().unwrap());
        assert_eq!(
            Analysis::of(&HeapRuleset::Nim)
                .max(0)
                .run()
                .unwrap()
                .stats(0, 10),
            None
        );
    }
}
