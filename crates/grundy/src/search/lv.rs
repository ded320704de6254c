//! Lemoine–Viennot ("Nimbers are inevitable", TCS 2012): sums. Equal
//! components cancel (`G + G = 0`), and a sum is P exactly when its
//! biggest component is worth the xor of the others: the others are
//! valued, and the biggest is asked about that one value only.

use super::set::Set;
use super::Search;
use crate::cancel::Cancelled;
use crate::game::ImpartialGame;
use crate::Outcome;
impl<'g, G: ImpartialGame> Search<'g, G> {
    /// Whether `pos` (any position, split into its components) is a
    /// P-position: the player to move loses.
    ///
    /// All components but the biggest are valued, and the biggest is asked
    /// only whether it is worth their xor (Lemoine & Viennot's reduction),
    /// which is much cheaper than its whole value.
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// // Every even-by-even Cram board is P (the symmetry strategy).
    /// let cram = Cram::new(4, 4).unwrap();
    /// assert!(Search::new(&cram).is_p(&cram.start()).unwrap());
    /// ```
    pub fn is_p(&mut self, pos: &G::Position) -> Result<bool, Cancelled> {
        self.cancel.check()?;
        self.stats.depth = 0;
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        cancel_pairs(&mut comps);
        let r = self.sum_is_p(&mut comps);
        self.pool.push(comps);
        r
    }

    /// Whether `pos` is P, when that is known without a search: every
    /// component is in the table, the endgame table, or a P-position the
    /// game knows ([`ImpartialGame::known_p`]); `None` otherwise.
    pub(crate) fn known_is_p(&mut self, pos: &G::Position) -> Option<bool> {
        let mut comps = self.take_buf();
        self.game.components(pos, &mut comps);
        cancel_pairs(&mut comps);
        let mut x = Some(0);
        for c in comps.iter() {
            x = x.zip(self.known(c)).map(|(a, b)| a ^ b);
        }
        self.pool.push(comps);
        x.map(|x| x == 0)
    }

    /// The outcome of `pos`: [`Outcome::P`] when the player to move loses.
    ///
    /// # Errors
    /// [`Cancelled`] when the cancel flag fires.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// use grundy::search::Search;
    /// use grundy::Outcome;
    /// let cram = Cram::new(3, 5).unwrap();
    /// assert_eq!(Search::new(&cram).outcome(&cram.start()).unwrap(), Outcome::N);
    /// ```
    pub fn outcome(&mut self, pos: &G::Position) -> Result<Outcome, Cancelled> {
        Ok(if self.is_p(pos)? {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// The biggest component goes to the end of `comps`: by
    /// [`ImpartialGame::size`], else by its number of options.
    pub(super) fn biggest_last(&mut self, comps: &mut [G::Position]) {
        if comps.len() < 2 {
            return;
        }
        let mut best = 0;
        let mut best_n = 0;
        let mut buf = self.take_buf();
        for (i, c) in comps.iter().enumerate() {
            let n = match self.game.size(c) {
                Some(n) => n as usize,
                None => {
                    buf.clear();
                    self.game.moves(c, &mut buf);
                    buf.len()
                }
            };
            if n > best_n {
                best_n = n;
                best = i;
            }
        }
        self.pool.push(buf);
        let last = comps.len() - 1;
        comps.swap(best, last);
    }

    /// Whether the sum of `comps` (split already) is P.
    pub(super) fn sum_is_p(&mut self, comps: &mut [G::Position]) -> Result<bool, Cancelled> {
        let mut x = 0;
        let mut unknown = 0;
        for c in comps.iter() {
            match self.tt_get(c) {
                Some(v) => x ^= v,
                None => unknown += 1,
            }
        }
        if unknown == 0 {
            return Ok(x == 0);
        }
        self.biggest_last(comps);
        let (big, rest) = comps.split_last().expect("one component at least");
        let mut x = 0;
        for c in rest {
            x ^= self.component_nimber(c)?;
        }
        if x >= Set::WIDTH {
            // Too big for a set of candidates: the biggest part is valued.
            return Ok(self.component_nimber(big)? == x);
        }
        Ok(self.in_set(big, &Set::single(x))? == Some(x))
    }
}

/// Removes pairs of equal components: `G + G` is worth `*0`.
pub(super) fn cancel_pairs<P: Eq>(comps: &mut Vec<P>) {
    let len = cancel_pairs_in(comps);
    comps.truncate(len);
}

/// [`cancel_pairs`] within a slice: the components left come first, and
/// their number is returned.
pub(super) fn cancel_pairs_in<P: Eq>(comps: &mut [P]) -> usize {
    let mut len = comps.len();
    let mut i = 0;
    while i < len {
        if let Some(j) = comps[i + 1..len].iter().position(|c| *c == comps[i]) {
            // As `Vec::swap_remove` of both, the later first.
            comps.swap(i + 1 + j, len - 1);
            comps.swap(i, len - 2);
            len -= 2;
        } else {
            i += 1;
        }
    }
    len
}
