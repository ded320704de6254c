//! The rare/common split of a class of splitting moves ([`Group`]): which
//! labels `(G(a), a mod 2)` are common, chosen greedily from the label
//! histogram, and which labels a pair of common positions can produce.
//! The rare positions are listed again at each rebuild
//! ([`State::rebuild`](super::state::State::rebuild)). See the
//! [module documentation](super) for the idea.

/// The splitting moves whose take has one parity, and their classification.
#[derive(Clone, Debug, Default)]
pub(super) struct Group {
    /// Takes `k` (of this parity) after which the rest may be split in two.
    pub(super) takes: Vec<usize>,
    /// 0 or 1: the parity of every take here.
    pub(super) parity: usize,
    /// Whether every candidate is checked by a full scan.
    pub(super) dense: bool,
    /// `common[label]`: whether the label is common.
    pub(super) common: Vec<bool>,
    /// `producible[label]`: whether the label is the xor of two common ones.
    pub(super) producible: Vec<bool>,
    /// Positions `a >= 1` whose label is not common, ascending.
    pub(super) rare: Vec<usize>,
    /// `G(a)` for each `a` of `rare`, in the same order, so that marking a
    /// rare pair reads one value far back rather than two.
    pub(super) rare_values: Vec<u32>,
    /// `rare.len()` just after the last rebuild.
    pub(super) rare_at_rebuild: usize,
    /// `(mask, c)` when `producible` is exactly the labels `l` with the
    /// parity of `l & mask` equal to `c` (see [`linear`]).
    pub(super) linear: Option<(usize, usize)>,
}

/// `(mask, c)` when `set` holds exactly the `x` with the parity of `x &
/// mask` equal to `c`: a hyperplane of the labels, or its complement. The
/// common labels of Officers (0.6) give such a set of producible labels.
pub(super) fn linear(set: &[bool]) -> Option<(usize, usize)> {
    let &zero = set.first()?;
    let c = usize::from(!zero);
    let mask = (0..usize::BITS)
        .map(|i| 1usize << i)
        .take_while(|&bit| bit < set.len())
        .filter(|&bit| set[bit] != zero)
        .fold(0, |mask, bit| mask | bit);
    let fits = set
        .iter()
        .enumerate()
        .all(|(x, &p)| p == ((x & mask).count_ones() as usize % 2 == c));
    fits.then_some((mask, c))
}

impl Group {
    /// Greedy choice of the common labels, most frequent first: a label is
    /// taken when it keeps `(C xor C)` disjoint from `C xor (0, parity)`, so
    /// that no pair of common positions produces a common value at the
    /// parity this class's splits have.
    pub(super) fn classify(&mut self, by_frequency: &[usize], space: usize) {
        let shift = self.parity;
        self.common = vec![false; space];
        self.producible = vec![false; space];
        let mut members: Vec<usize> = Vec::new();
        for &x in by_frequency {
            if x == shift || self.producible[x ^ shift] {
                continue;
            }
            if members.iter().any(|&c| {
                let y = x ^ c ^ shift;
                y < space && self.common[y]
            }) {
                continue;
            }
            members.push(x);
            self.common[x] = true;
            for &c in &members {
                self.producible[x ^ c] = true;
            }
        }
        self.linear = linear(&self.producible);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn producible_sets_of_one_parity_are_linear() {
        let parity = |x: usize, mask: usize| (x & mask).count_ones() as usize % 2;
        let set: Vec<bool> = (0..1024).map(|x| parity(x, 988) == 0).collect();
        assert_eq!(linear(&set), Some((988, 0)));
        let set: Vec<bool> = (0..64).map(|x| parity(x, 0b101) == 1).collect();
        assert_eq!(linear(&set), Some((0b101, 1)));
        let mut set: Vec<bool> = (0..64).map(|x| parity(x, 0b110) == 0).collect();
        set[37] = !set[37];
        assert_eq!(linear(&set), None);
        assert_eq!(linear(&[]), None);
    }
}
