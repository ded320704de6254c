//! Conway's genus by its definition.

use std::hash::Hash;
use std::rc::Rc;

use crate::heaps::{normalised, sum_moves};
use crate::Plain;

/// A position of the game with some Nim heaps beside it (sorted, no empty
/// heap).
type WithNim<P> = (P, Vec<u64>);

/// The moves of a position with Nim heaps, as [`Plain`] takes them.
type Moves<'a, P> = Box<dyn Fn(&WithNim<P>) -> Vec<WithNim<P>> + 'a>;

/// The genus of a game's positions by the definition (On Numbers and
/// Games, ch. 12): `γk` is the misère Grundy value of the position plus k
/// Nim heaps of 2, each searched whole by [`Plain`]. Nothing of the genus
/// theory (where the symbol stops, how sums combine) is used.
///
/// ```
/// use grundy_testkit::genus::Genus;
///
/// // Nim heaps of 0 and 1 have the genus 0^120 and 1^031 (Winning Ways,
/// // ch. 13).
/// let mut nim = Genus::new(|&h: &u64| (0..h).collect::<Vec<_>>());
/// assert_eq!(nim.gammas(&0, 3), [1, 2, 0]);
/// assert_eq!(nim.gammas(&1, 3), [0, 3, 1]);
/// ```
pub struct Genus<'a, P> {
    plain: Plain<WithNim<P>, Moves<'a, P>>,
}

impl<'a, P: Clone + Eq + Hash + 'a> Genus<'a, P> {
    /// The oracle for the game whose position `p` has the options
    /// `moves(p)`.
    pub fn new(moves: impl Fn(&P) -> Vec<P> + 'a) -> Genus<'a, P> {
        let moves = Rc::new(moves);
        let nim = |h: u64| (0..h).map(|s| vec![s]).collect::<Vec<_>>();
        let both: Moves<'a, P> = Box::new(move |(pos, heaps): &WithNim<P>| {
            let mut out: Vec<WithNim<P>> =
                moves(pos).into_iter().map(|p| (p, heaps.clone())).collect();
            out.extend(sum_moves(nim, heaps).into_iter().map(|h| (pos.clone(), h)));
            out
        });
        Genus {
            plain: Plain::misere(both),
        }
    }

    /// `γk` of `pos`: the misère Grundy value of `pos` plus `k` Nim heaps
    /// of 2.
    pub fn gamma(&mut self, pos: &P, k: usize) -> u64 {
        self.plain
            .misere_value(&(pos.clone(), normalised(&vec![2; k])))
    }

    /// `γ0 .. γ(count - 1)` of `pos`.
    pub fn gammas(&mut self, pos: &P, count: usize) -> Vec<u64> {
        (0..count).map(|k| self.gamma(pos, k)).collect()
    }

    /// Whether the player to move wins `pos` plus `k` Nim heaps of 2 under
    /// misère play (by minimax, not by the values).
    pub fn mover_wins(&mut self, pos: &P, k: usize) -> bool {
        self.plain
            .mover_wins(&(pos.clone(), normalised(&vec![2; k])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_heaps_have_their_known_genus() {
        // Bouton's misère Nim: γk is 0 exactly when the heap with k twos
        // is a misère P-position.
        let mut g = Genus::new(|&h: &u64| (0..h).collect::<Vec<_>>());
        for h in 0..6u64 {
            for k in 0..4 {
                let heaps: Vec<u64> = std::iter::once(h)
                    .chain(std::iter::repeat_n(2, k))
                    .collect();
                let small = heaps.iter().all(|&x| x < 2);
                let xor = heaps.iter().fold(0, |a, &x| a ^ x);
                let p = if small { xor == 1 } else { xor == 0 };
                assert_eq!(g.gamma(&h, k) == 0, p, "{h} + {k} x 2");
                assert_eq!(g.mover_wins(&h, k), !p);
            }
        }
        // Heaps of 2 and more have the genus h^(h, h xor 2, h, ...).
        for h in 2..6u64 {
            assert_eq!(g.gammas(&h, 3), [h, h ^ 2, h]);
        }
    }
}
