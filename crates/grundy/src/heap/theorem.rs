//! The periodicity theorem of a heap game, as a value: how far a finite
//! check of `G(n + p) = G(n)` must reach to prove it for every `n`. The
//! statement and its proof are in the documentation of
//! [`period`](super::period), which reports a period only with this
//! proof; the sparse-space engine uses the same theorem for its shortcut.

use super::{HeapRuleset, SubtractionSet, TakeBreak};

/// The periodicity theorem of the [`period`](super::period) module documentation for one
/// ruleset: moves take at most `max_take` tokens and leave at most
/// `max_heaps` heaps.
///
/// ```
/// use grundy::heap::period::Theorem;
/// use grundy::heap::HeapRuleset;
///
/// let kayles = Theorem::for_ruleset(&"0.77".parse::<HeapRuleset>()?).unwrap();
/// assert_eq!(kayles.bound(71, 12), 2 * 71 + 12 + 2); // Guy–Smith
/// let hex = Theorem::for_ruleset(&"0.F7".parse::<HeapRuleset>()?).unwrap();
/// assert_eq!(hex.bound(10, 4), 3 * 10 + 2 * 4 + 2);
/// assert!(Theorem::for_ruleset(&"half".parse::<HeapRuleset>()?).is_none());
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Theorem {
    /// `k`, the most heaps one move leaves (at least 1).
    pub max_heaps: u64,
    /// `t`, the most tokens one move takes.
    pub max_take: u64,
    /// Whether an empty heap and no heap are the same move (subtraction
    /// games), which allows `e = n0` instead of `max(n0, 1)`.
    pub empty_heap_is_no_heap: bool,
}

impl Theorem {
    /// The theorem for `ruleset`, or `None` when none applies.
    pub fn for_ruleset(ruleset: &HeapRuleset) -> Option<Theorem> {
        match ruleset {
            HeapRuleset::TakeBreak(code) => Some(Theorem::for_code(code)),
            HeapRuleset::Subtraction(SubtractionSet::Finite(set)) => Some(Theorem {
                max_heaps: 1,
                max_take: set.last().unwrap_or(0),
                empty_heap_is_no_heap: true,
            }),
            _ => None,
        }
    }

    /// The theorem for a take-and-break code: moves take at most `t`
    /// tokens and leave at most two heaps (three for hexadecimal codes).
    pub(crate) fn for_code(code: &TakeBreak) -> Theorem {
        Theorem {
            max_heaps: code.max_heaps_left().max(1) as u64,
            max_take: code.max_take() as u64,
            empty_heap_is_no_heap: false,
        }
    }

    /// `B = k·e + (k-1)·p + t`: agreement `G(n+p) = G(n)` for
    /// `n0 <= n < B` proves it for all `n >= n0`.
    pub fn bound(&self, n0: u64, p: u64) -> u64 {
        let e = if self.empty_heap_is_no_heap {
            n0
        } else {
            n0.max(1)
        };
        self.max_heaps * e + (self.max_heaps - 1) * p + self.max_take
    }

    /// Why every game this theorem covers has saltus 0, when that is known:
    /// its values are then periodic or follow no arithmetic pattern at
    /// all, so a search for a period (with no saltus) misses nothing.
    /// `None` for hexadecimal codes (three heaps), which may be
    /// arithmetic-periodic: `0.8` has `G(n + 3) = G(n) + 1` from `n = 1`.
    ///
    /// A move that leaves at most one heap gives a heap at most
    /// `max_take + 1` options, so its values are bounded; a finite octal
    /// code (at most two heaps) is never arithmetic-periodic with a
    /// positive saltus (Austin, 1976; restated by Horrocks and Nowakowski,
    /// *Integers* 3, 2003).
    ///
    /// ```
    /// use grundy::heap::period::Theorem;
    /// use grundy::heap::HeapRuleset;
    ///
    /// let theorem = |g: &str| Theorem::for_ruleset(&g.parse::<HeapRuleset>().unwrap()).unwrap();
    /// assert!(theorem("sub{1,3,4}").why_saltus_zero().is_some());
    /// assert!(theorem("0.6").why_saltus_zero().is_some());
    /// assert_eq!(theorem("0.8").why_saltus_zero(), None);
    /// ```
    pub fn why_saltus_zero(&self) -> Option<&'static str> {
        match self.max_heaps {
            1 => Some("a move leaves at most one heap, so the values are bounded"),
            2 => Some("no finite octal code is arithmetic-periodic, by Austin (1976)"),
            _ => None,
        }
    }

    /// A one-line statement, e.g. `G(n+p)=G(n) for n0 <= n < 2·max(n0,1)+p+2
    /// (Guy–Smith)`.
    pub fn describe(&self) -> String {
        let e = if self.empty_heap_is_no_heap {
            "n0"
        } else {
            "max(n0,1)"
        };
        let k = self.max_heaps;
        let name = match (k, self.empty_heap_is_no_heap) {
            (1, true) => "window argument for finite subtraction sets",
            (2, _) => "Guy–Smith periodicity theorem",
            (3, _) => "periodicity theorem for 3-heap splits",
            _ => "periodicity theorem for one-heap moves",
        };
        let p_term = match k {
            1 => String::new(),
            2 => "+p".to_string(),
            _ => format!("+{}·p", k - 1),
        };
        let k_term = if k == 1 {
            String::new()
        } else {
            format!("{k}·")
        };
        format!(
            "G(n+p)=G(n) for n0 <= n < {k_term}{e}{p_term}+{} ({name})",
            self.max_take
        )
    }
}
