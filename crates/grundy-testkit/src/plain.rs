//! Any game given only by its moves, searched whole.

use std::collections::HashMap;
use std::hash::Hash;

use crate::mex;

/// Any game given only by its moves: `moves(p)` lists the positions one
/// move from `p`. Values come from the definition (the mex of the options'
/// values), outcomes from minimax (the mover wins when some move leaves a
/// position the opponent loses; with no move, normal play is lost and
/// misère play won), each memoised. Nothing of Sprague–Grundy theory is
/// used: a position is searched whole, sums included, so a test that
/// splits positions into components is checked against a search that does
/// not.
///
/// ```
/// use grundy_testkit::Plain;
///
/// // Nim heaps of 3 and 5 as one position: the value is 3 xor 5, found
/// // without knowing that values add by xor.
/// let mut nim = Plain::normal(|&(a, b): &(u64, u64)| {
///     (0..a).map(|x| (x, b)).chain((0..b).map(|y| (a, y))).collect::<Vec<_>>()
/// });
/// assert_eq!(nim.value(&(3, 5)), 6);
/// assert!(nim.mover_wins(&(3, 5)));
/// assert_eq!(nim.winning_moves(&(3, 5)), [(3, 3)]);
/// ```
pub struct Plain<P, F> {
    moves: F,
    misere: bool,
    values: HashMap<P, u64>,
    misere_values: HashMap<P, u64>,
    wins: HashMap<P, bool>,
}

impl<P: Clone + Eq + Hash, F: Fn(&P) -> Vec<P>> Plain<P, F> {
    /// The oracle of a game under normal play.
    pub fn normal(moves: F) -> Plain<P, F> {
        Plain {
            moves,
            misere: false,
            values: HashMap::new(),
            misere_values: HashMap::new(),
            wins: HashMap::new(),
        }
    }

    /// The oracle of a game under misère play (values are normal-play
    /// values: misère play has none).
    pub fn misere(moves: F) -> Plain<P, F> {
        Plain {
            misere: true,
            ..Plain::normal(moves)
        }
    }

    /// The Grundy value of `pos`: the least value no option has.
    pub fn value(&mut self, pos: &P) -> u64 {
        if let Some(&v) = self.values.get(pos) {
            return v;
        }
        let options = (self.moves)(pos);
        let v = mex(options.iter().map(|o| self.value(o)).collect::<Vec<_>>());
        self.values.insert(pos.clone(), v);
        v
    }

    /// Every position whose value [`Plain::value`] has computed, with it.
    pub fn values(&self) -> &HashMap<P, u64> {
        &self.values
    }

    /// The misère Grundy value of `pos` (Conway's γ): 1 when there is no
    /// move, otherwise the least value no option has. It is 0 exactly
    /// when the player to move loses under misère play.
    pub fn misere_value(&mut self, pos: &P) -> u64 {
        if let Some(&v) = self.misere_values.get(pos) {
            return v;
        }
        let options = (self.moves)(pos);
        let v = if options.is_empty() {
            1
        } else {
            mex(options
                .iter()
                .map(|o| self.misere_value(o))
                .collect::<Vec<_>>())
        };
        self.misere_values.insert(pos.clone(), v);
        v
    }

    /// Whether the player to move from `pos` wins.
    pub fn mover_wins(&mut self, pos: &P) -> bool {
        if let Some(&w) = self.wins.get(pos) {
            return w;
        }
        let options = (self.moves)(pos);
        let w = if options.is_empty() {
            self.misere
        } else {
            options.iter().any(|o| !self.mover_wins(o))
        };
        self.wins.insert(pos.clone(), w);
        w
    }

    /// The options of `pos` that the opponent loses, in the order `moves`
    /// lists them.
    pub fn winning_moves(&mut self, pos: &P) -> Vec<P> {
        let options = (self.moves)(pos);
        options
            .into_iter()
            .filter(|o| !self.mover_wins(o))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim on a few heaps, as a whole position.
    fn nim(heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut out = vec![];
        for i in 0..heaps.len() {
            for smaller in 0..heaps[i] {
                let mut next = heaps.to_vec();
                next[i] = smaller;
                out.push(next);
            }
        }
        out
    }

    #[test]
    fn nim_follows_bouton_under_both_conventions() {
        let mut normal = Plain::normal(|h: &Vec<u64>| nim(h));
        let mut misere = Plain::misere(|h: &Vec<u64>| nim(h));
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let pos = vec![a, b, c];
                    assert_eq!(normal.value(&pos), a ^ b ^ c);
                    assert_eq!(normal.mover_wins(&pos), a ^ b ^ c != 0);
                    // Misère Nim: as normal play unless every heap is 0 or 1.
                    let small = a < 2 && b < 2 && c < 2;
                    let want = if small {
                        (a ^ b ^ c) == 0
                    } else {
                        a ^ b ^ c != 0
                    };
                    assert_eq!(misere.mover_wins(&pos), want, "{pos:?}");
                    assert_eq!(misere.misere_value(&pos) == 0, !want, "{pos:?}");
                }
            }
        }
    }
}
