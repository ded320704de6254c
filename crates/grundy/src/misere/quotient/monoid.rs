//! The verified quotient and the questions it answers about sums.

use std::collections::HashMap;

use super::{Element, QuotientError};
use crate::heap::{HeapMove, Leaves};
use crate::Outcome;

/// A verified misère quotient of a heap game restricted to heaps of at most
/// [`max_heap`](MisereQuotient::max_heap) tokens; see the [module
/// docs](super).
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    pub(super) game: String,
    pub(super) max_heap: u64,
    /// `mul[x * order + y]`.
    pub(super) mul: Vec<u32>,
    pub(super) p: Vec<bool>,
    /// The class of each heap `0..=max_heap`.
    pub(super) pretending: Vec<Element>,
    pub(super) names: Vec<String>,
    pub(super) generators: Vec<String>,
    /// The heap each generator is the class of.
    pub(super) generator_heaps: Vec<u64>,
    pub(super) relations: Vec<String>,
    /// The order of the quotient for heaps up to `n`, for `n = 0..=max_heap`.
    pub(super) orders: Vec<usize>,
    /// The options of each heap, as classes, and the leaves that reach them.
    pub(super) options: Vec<Vec<(Element, Leaves)>>,
}

impl MisereQuotient {
    /// The canonical spec of the game (`0.77` for Kayles).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The largest heap the quotient covers.
    pub fn max_heap(&self) -> u64 {
        self.max_heap
    }

    /// `|Q|`, the number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The identity, the class of the empty sum.
    pub fn identity(&self) -> Element {
        Element(0)
    }

    /// The product of two elements.
    pub fn product(&self, x: Element, y: Element) -> Element {
        Element(self.mul[x.0 as usize * self.order() + y.0 as usize])
    }

    /// Whether `x` is in the P-portion (its sums are misère P-positions).
    pub fn is_p(&self, x: Element) -> bool {
        self.p[x.0 as usize]
    }

    /// Every element, in table order (the identity first).
    pub fn elements(&self) -> impl Iterator<Item = Element> {
        (0..self.order() as u32).map(Element)
    }

    /// The P-portion, in table order.
    pub fn p_portion(&self) -> Vec<Element> {
        self.elements().filter(|&x| self.is_p(x)).collect()
    }

    /// The name of an element: its first word in the generators (`1`, `a`,
    /// `ab^2`).
    pub fn name(&self, x: Element) -> &str {
        &self.names[x.0 as usize]
    }

    /// The class of heap `h`, or `None` beyond [`max_heap`](Self::max_heap).
    pub fn heap(&self, h: u64) -> Option<Element> {
        self.pretending.get(usize::try_from(h).ok()?).copied()
    }

    /// The pretending function: the class of each heap `0..=max_heap`.
    pub fn pretending(&self) -> &[Element] {
        &self.pretending
    }

    /// The generators' letters, `a, b, c, …`.
    pub fn generators(&self) -> &[String] {
        &self.generators
    }

    /// The heap whose class each generator is.
    pub fn generator_heaps(&self) -> &[u64] {
        &self.generator_heaps
    }

    /// The relations, `word = name`, in graded order.
    pub fn relations(&self) -> &[String] {
        &self.relations
    }

    /// The order of the quotient for heaps up to `n`, for `n = 0..=max_heap`.
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The smallest `n` from which the quotient for heaps up to `n` has not
    /// changed up to [`max_heap`](Self::max_heap) (adding heaps never
    /// shrinks a quotient, and one of equal order is the same quotient), or
    /// `None` when it changed at `max_heap` itself.
    pub fn stable_from(&self) -> Option<u64> {
        let last = *self.orders.last()?;
        let from = self
            .orders
            .iter()
            .rposition(|&o| o != last)
            .map_or(0, |i| i + 1) as u64;
        (from < self.max_heap).then_some(from)
    }

    /// Whether the game is *tame* on these heaps: its quotient is that of
    /// misère Nim (`{1, a}` with `a^2 = 1`, or `{1, a}` beside a group
    /// `K = (Z/2)^k` whose identity is in `P` together with `a`, and no other
    /// element of `P`).
    pub fn tame(&self) -> bool {
        let n = self.order();
        let p: Vec<usize> = (0..n).filter(|&x| self.p[x]).collect();
        let mul = |x: usize, y: usize| self.mul[x * n + y] as usize;
        if n == 1 {
            // No heap has a move: every sum is the empty Nim position.
            return true;
        }
        // a: the element of P whose square is 1.
        let Some(&a) = p.iter().find(|&&x| x != 0 && mul(x, x) == 0) else {
            return false;
        };
        if n == 2 {
            return p == [a];
        }
        let k: Vec<usize> = (0..n).filter(|&x| x != 0 && x != a).collect();
        if !k.len().is_power_of_two() || p.len() != 2 {
            return false;
        }
        let e = mul(k[0], k[0]);
        if !k.contains(&e) || !self.p[e] {
            return false;
        }
        k.iter().all(|&x| {
            mul(x, x) == e
                && mul(x, e) == x
                && k.contains(&mul(a, x))
                && k.iter().all(|&y| k.contains(&mul(x, y)))
        })
    }

    /// The class of a sum of heaps.
    ///
    /// # Errors
    /// [`QuotientError::HeapBeyond`] for a heap larger than
    /// [`max_heap`](Self::max_heap).
    pub fn class(&self, heaps: &[u64]) -> Result<Element, QuotientError> {
        let mut x = self.identity();
        for &h in heaps {
            x = self.product(x, self.heap_checked(h)?);
        }
        Ok(x)
    }

    fn heap_checked(&self, h: u64) -> Result<Element, QuotientError> {
        self.heap(h).ok_or(QuotientError::HeapBeyond {
            heap: h,
            max_heap: self.max_heap,
        })
    }

    /// The misère outcome of a sum of heaps, in time linear in the number
    /// of heaps.
    ///
    /// # Errors
    /// [`QuotientError::HeapBeyond`] for a heap larger than
    /// [`max_heap`](Self::max_heap).
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, QuotientError> {
        let x = self.class(heaps)?;
        Ok(Outcome::from_first_player_wins(!self.is_p(x)))
    }

    /// Every winning move of a misère sum (none for a P-position), in heap
    /// order.
    ///
    /// # Complexity
    /// O(heaps) products for the classes of the sum less each heap (prefix
    /// and suffix products), then the options of each distinct (heap,
    /// class of the rest) pair once.
    ///
    /// # Errors
    /// [`QuotientError::HeapBeyond`] for a heap larger than
    /// [`max_heap`](Self::max_heap).
    ///
    /// ```
    /// use grundy::misere::MisereQuotient;
    /// let q = MisereQuotient::compute(&"kayles".parse()?, 6)?;
    /// // Misère Kayles, rows of 2 and 3: the one winning move takes an end
    /// // pin of the 3, leaving 2 + 2 (knocking its middle pin leaves
    /// // 2 + 1 + 1, which the opponent wins by clearing the 2).
    /// let moves = q.winning_moves(&[2, 3])?;
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!((moves[0].heap, moves[0].leaves.as_slice()), (1, &[2][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<HeapMove>, QuotientError> {
        let classes = heaps
            .iter()
            .map(|&h| self.heap_checked(h))
            .collect::<Result<Vec<_>, _>>()?;
        let mut suffix = vec![self.identity(); classes.len() + 1];
        for i in (0..classes.len()).rev() {
            suffix[i] = self.product(classes[i], suffix[i + 1]);
        }
        let mut prefix = self.identity();
        let mut cache: HashMap<(u64, Element), Vec<usize>> = HashMap::new();
        let mut moves = vec![];
        for (i, &h) in heaps.iter().enumerate() {
            let rest = self.product(prefix, suffix[i + 1]);
            let good = cache.entry((h, rest)).or_insert_with(|| {
                self.options[h as usize]
                    .iter()
                    .enumerate()
                    .filter(|(_, (e, _))| self.is_p(self.product(rest, *e)))
                    .map(|(k, _)| k)
                    .collect()
            });
            for &k in good.iter() {
                moves.push(HeapMove {
                    heap: i,
                    from: h,
                    leaves: self.options[h as usize][k].1,
                });
            }
            prefix = self.product(prefix, classes[i]);
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapRuleset;

    #[test]
    fn nim_up_to_two_is_the_quotient_of_order_six() {
        let q = MisereQuotient::compute(&HeapRuleset::Nim, 2).unwrap();
        assert_eq!(q.order(), 6);
        assert_eq!(q.generators(), ["a", "b"]);
        assert_eq!(q.relations(), ["a^2 = 1", "b^3 = b"]);
        let p: Vec<&str> = q.p_portion().iter().map(|&x| q.name(x)).collect();
        assert_eq!(p, ["a", "b^2"]);
        assert!(q.tame());
    }

    #[test]
    fn empty_quotient_for_heap_zero() {
        let q = MisereQuotient::compute(&HeapRuleset::Nim, 0).unwrap();
        assert_eq!(q.order(), 1);
        assert_eq!(q.outcome(&[0, 0]).unwrap(), Outcome::N);
        assert!(matches!(
            q.outcome(&[1]),
            Err(QuotientError::HeapBeyond { .. })
        ));
    }
}
