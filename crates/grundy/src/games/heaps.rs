//! Heap games on the trait: a position is a list of heaps, a move changes
//! one heap into zero, one or more heaps, and the heaps are the components.
//!
//! [`HeapRules`] is the one thing a heap ruleset has to say (the options of a
//! single heap); [`MultiHeap`] turns it into an
//! [`ImpartialGame`] whose components are the
//! single heaps, so the solver values each heap size once.

use crate::game::ImpartialGame;

/// The options of one heap: each option is a list of heaps (empty when the
/// move removes the heap, two heaps when it splits it).
///
/// Stored flat so that listing the options of a heap does not allocate once
/// the buffer has grown.
///
/// ```
/// use grundy::games::HeapOptions;
/// let mut options = HeapOptions::new();
/// options.push(&[]);
/// options.push(&[1, 2]);
/// let all: Vec<&[u64]> = options.iter().collect();
/// assert_eq!(all, vec![&[][..], &[1, 2][..]]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct HeapOptions {
    heaps: Vec<u64>,
    ends: Vec<usize>,
}

impl HeapOptions {
    /// No options.
    pub fn new() -> Self {
        HeapOptions::default()
    }

    /// Adds the option that leaves `heaps` in place of the heap.
    pub fn push(&mut self, heaps: &[u64]) {
        self.heaps.extend_from_slice(heaps);
        self.ends.push(self.heaps.len());
    }

    /// Removes every option, keeping the allocation.
    pub fn clear(&mut self) {
        self.heaps.clear();
        self.ends.clear();
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no option.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The options, in the order they were pushed.
    pub fn iter(&self) -> impl Iterator<Item = &[u64]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(a, b)| &self.heaps[a..b])
    }
}

/// The rule of a heap game: what a move may leave in place of one heap.
///
/// This is the plug for heap rulesets written elsewhere (subtraction sets,
/// octal codes): implement it and wrap the ruleset in [`MultiHeap`].
///
/// ```
/// use grundy::game::{value, Cache};
/// use grundy::games::{HeapOptions, HeapRules, MultiHeap};
/// use grundy::Nimber;
///
/// /// Subtract 1, 3 or 4.
/// struct Sub134;
/// impl HeapRules for Sub134 {
///     fn heap_moves(&self, n: u64, out: &mut HeapOptions) {
///         for s in [1, 3, 4] {
///             if s <= n {
///                 out.push(&[n - s]);
///             }
///         }
///     }
/// }
/// // G(n) for sub{1,3,4} has period 7: 0 1 0 1 2 3 2.
/// let game = MultiHeap::new(Sub134);
/// assert_eq!(value(&game, &vec![5], &mut Cache::new()), Ok(Nimber(3)));
/// ```
pub trait HeapRules {
    /// Pushes onto `out` every option of a single heap of `n` tokens. Heaps
    /// of size 0 may be included (they are worth nothing).
    fn heap_moves(&self, n: u64, out: &mut HeapOptions);
}

impl<R: HeapRules + ?Sized> HeapRules for &R {
    fn heap_moves(&self, n: u64, out: &mut HeapOptions) {
        (**self).heap_moves(n, out);
    }
}

impl<R: HeapRules + ?Sized> HeapRules for Box<R> {
    fn heap_moves(&self, n: u64, out: &mut HeapOptions) {
        (**self).heap_moves(n, out);
    }
}

/// Every ruleset of the game-spec grammar plays on the trait: `kayles`,
/// `sub{1,3,4}`, `grundy-game`, ... become [`MultiHeap`] games.
///
/// ```
/// use grundy::game::{value, Cache};
/// use grundy::games::MultiHeap;
/// use grundy::heap::HeapRuleset;
/// use grundy::Nimber;
///
/// let game = MultiHeap::new(HeapRuleset::parse("grundy-game")?);
/// // Grundy's game: G(3) = 1 (3 -> 1+2), and 3 + 3 is a second-player win.
/// assert_eq!(value(&game, &vec![3], &mut Cache::new()), Ok(Nimber(1)));
/// assert_eq!(value(&game, &vec![3, 3], &mut Cache::new()), Ok(Nimber(0)));
/// # Ok::<(), grundy::heap::SpecError>(())
/// ```
impl HeapRules for crate::heap::HeapRuleset {
    fn heap_moves(&self, n: u64, out: &mut HeapOptions) {
        self.for_each_option(n, |leaves| out.push(leaves.as_slice()));
    }
}

/// Nim: take any positive number of tokens from one heap.
///
/// [`HeapRuleset::Nim`](crate::heap::HeapRuleset::Nim) is the same game;
/// this rule differs in the positions it leaves, as a drawing of the
/// position graph shows them: a heap taken to nothing stays in place as a
/// heap of 0, and the options come smallest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl HeapRules for Nim {
    fn heap_moves(&self, n: u64, out: &mut HeapOptions) {
        for k in 0..n {
            out.push(&[k]);
        }
    }
}

/// A heap game on a list of heaps: a move replaces one heap by one of its
/// options under the rules `R`. The heaps are the components.
///
/// Positions keep the order of heaps (an option's heaps replace the heap in
/// place, so `[2, 1, 1]` in Nim moves to `[0, 1, 1]`), which is what a
/// drawing of the position graph wants; the solver only ever caches single
/// heaps.
///
/// ```
/// use grundy::game::{analyse, Cache};
/// use grundy::games::{MultiHeap, Nim};
/// use grundy::{Nimber, Outcome};
///
/// let nim = MultiHeap::new(Nim);
/// let report = analyse(&nim, &vec![3, 5, 7], &mut Cache::new()).unwrap();
/// assert_eq!(report.value, Nimber(1));
/// assert_eq!(report.outcome, Outcome::N);
/// assert_eq!(report.winning_moves.len(), 3);
/// ```
#[derive(Clone, Debug, Default)]
pub struct MultiHeap<R> {
    rules: R,
}

impl<R: HeapRules> MultiHeap<R> {
    /// The heap game with these rules.
    pub fn new(rules: R) -> Self {
        MultiHeap { rules }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }
}

impl<R: HeapRules> ImpartialGame for MultiHeap<R> {
    type Position = Vec<u64>;

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut options = HeapOptions::new();
        for (i, &n) in pos.iter().enumerate() {
            options.clear();
            self.rules.heap_moves(n, &mut options);
            for option in options.iter() {
                let mut next = Vec::with_capacity(pos.len() + option.len());
                next.extend_from_slice(&pos[..i]);
                next.extend_from_slice(option);
                next.extend_from_slice(&pos[i + 1..]);
                out.push(next);
            }
        }
    }

    fn components(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(pos.iter().filter(|&&n| n > 0).map(|&n| vec![n]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{value, Cache, Unsplit};
    use crate::heap::HeapRuleset;
    use crate::Nimber;

    #[test]
    fn nim_heap_is_its_size() {
        let game = MultiHeap::new(Nim);
        let mut cache = Cache::new();
        for n in 0..40 {
            assert_eq!(value(&game, &vec![n], &mut cache), Ok(Nimber(n)));
        }
    }

    #[test]
    fn split_matches_unsplit_on_small_kayles_sums() {
        let game = MultiHeap::new(HeapRuleset::parse("kayles").unwrap());
        let mut split = Cache::new();
        let mut whole = Cache::new();
        for a in 0..7 {
            for b in 0..7 {
                let pos = vec![a, b];
                assert_eq!(
                    value(&game, &pos, &mut split),
                    value(&Unsplit(&game), &pos, &mut whole)
                );
            }
        }
    }
}
