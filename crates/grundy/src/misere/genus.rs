//! Conway's genus of a heap (On Numbers and Games, ch. 12; Winning Ways,
//! ch. 13).
//!
//! The misère Grundy value `γ(G)` of a position is 1 when `G` has no move
//! and otherwise the mex of the misère Grundy values of its options; `G` is
//! a misère P-position exactly when `γ(G) = 0`. The genus of `G` is
//! `g^{γ0 γ1 γ2 …}` where `g` is the normal-play Grundy value and `γk` is
//! the misère Grundy value of `G + 2 + … + 2` (`k` Nim heaps of size 2).
//! The sequence `γk` is eventually alternating, and the symbol is written up
//! to the first two alternating values: `0^{120}` for the empty heap,
//! `1^{031}` for `*1`, `2^{20}` for `*2`.
//!
//! Misère values do not add like nim-values, so each `γk` is found by an
//! exhaustive search over the positions reachable from `G + k·*2`: multisets
//! of heaps of the game together with some Nim heaps of size 1 and 2. The
//! search is shared between heaps and `k`, but it still grows with the
//! number of partitions of the heap, so genus is offered for heaps up to
//! [`GENUS_MAX_HEAP`].

use std::collections::HashMap;
use std::fmt;

use crate::cancel::{Cancel, Cancelled};
use crate::heap::HeapRuleset;
use crate::{mex, Nimber};

/// The largest heap whose genus is computed (the exhaustive search over the
/// partitions of the heap stays well under a second up to here).
pub const GENUS_MAX_HEAP: u64 = 20;

/// How many values `γ0 … γ(K-1)` are computed before the symbol is
/// truncated; an alternation that starts later than this is not detected
/// and the symbol then shows all `K` values.
const GAMMAS: usize = 10;

/// Why a genus could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenusError {
    /// The heap is larger than [`GENUS_MAX_HEAP`].
    #[error("genus is computed for heaps up to {limit}; heap {heap} is larger")]
    HeapTooLarge {
        /// The heap asked for.
        heap: u64,
        /// [`GENUS_MAX_HEAP`].
        limit: u64,
    },
    /// The caller's cancellation flag was raised.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// The genus symbol `g^{γ0γ1…}` of a position.
///
/// # Examples
///
/// ```
/// use grundy::misere::Genus;
/// use grundy::Nimber;
///
/// let g = Genus::new(Nimber(0), vec![1, 2, 0, 2, 0, 2]);
/// assert_eq!(g.to_string(), "0^120");
/// assert_eq!(g.gammas(), &[1, 2, 0]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    normal: Nimber,
    gammas: Vec<u64>,
}

impl Genus {
    /// The genus with normal value `normal` and misère values `γ0, γ1, …`,
    /// truncated after the first two values of the final alternation.
    ///
    /// ```
    /// use grundy::misere::Genus;
    /// use grundy::Nimber;
    /// assert_eq!(Genus::new(Nimber(2), vec![2, 0, 2, 0]).to_string(), "2^20");
    /// ```
    pub fn new(normal: Nimber, mut gammas: Vec<u64>) -> Genus {
        // The first index from which the sequence alternates with period 2
        // to the end of what was computed.
        let mut start = gammas.len().saturating_sub(2);
        while start > 0 && gammas[start - 1] == gammas[start + 1] {
            start -= 1;
        }
        gammas.truncate((start + 2).min(gammas.len()));
        Genus { normal, gammas }
    }

    /// The normal-play Grundy value `g`.
    ///
    /// ```
    /// use grundy::misere::Genus;
    /// use grundy::Nimber;
    /// assert_eq!(Genus::new(Nimber(1), vec![0, 3, 1, 3]).normal(), Nimber(1));
    /// ```
    pub fn normal(&self) -> Nimber {
        self.normal
    }

    /// The misère values `γ0, γ1, …` shown in the symbol.
    ///
    /// ```
    /// use grundy::misere::Genus;
    /// use grundy::Nimber;
    /// assert_eq!(Genus::new(Nimber(1), vec![0, 3, 1, 3, 1]).gammas(), &[0, 3, 1]);
    /// ```
    pub fn gammas(&self) -> &[u64] {
        &self.gammas
    }
}

/// `g^γ0γ1…`; when an exponent has more than one digit, the exponents
/// are written in parentheses separated by commas, as the literature
/// (and CGSuite) writes them: `6^(1,9,10,8)`.
///
/// ```
/// use grundy::misere::Genus;
/// use grundy::Nimber;
/// assert_eq!(Genus::new(Nimber(6), vec![1, 9, 10, 8]).to_string(), "6^(1,9,10,8)");
/// assert_eq!(Genus::new(Nimber(3), vec![3, 1]).to_string(), "3^31");
/// ```
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal.0)?;
        let wide = self.gammas.iter().any(|&g| g >= 10);
        if wide {
            f.write_str("(")?;
        }
        for (i, g) in self.gammas.iter().enumerate() {
            if wide && i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{g}")?;
        }
        if wide {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A position of the search: heaps of the game (sorted, no empty heaps)
/// plus `ones` Nim heaps of size 1 and `twos` of size 2.
type Position = (Vec<u64>, u32, u32);

/// Computes genus symbols of the heaps of one ruleset, sharing the search
/// between heaps.
///
/// # Examples
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::heap::HeapRuleset;
/// use grundy::misere::GenusTable;
///
/// let mut nim = GenusTable::new(&HeapRuleset::Nim);
/// let cancel = Cancel::new();
/// assert_eq!(nim.genus(0, &cancel)?.to_string(), "0^120");
/// assert_eq!(nim.genus(1, &cancel)?.to_string(), "1^031");
/// assert_eq!(nim.genus(3, &cancel)?.to_string(), "3^31");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct GenusTable {
    ruleset: HeapRuleset,
    /// Normal-play values of heaps `0..normal.len()`.
    normal: Vec<Nimber>,
    misere: HashMap<Position, u64>,
}

impl GenusTable {
    /// An empty table for `ruleset`.
    ///
    /// ```
    /// use grundy::heap::HeapRuleset;
    /// use grundy::misere::GenusTable;
    /// let _ = GenusTable::new(&"kayles".parse::<HeapRuleset>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(ruleset: &HeapRuleset) -> GenusTable {
        GenusTable {
            ruleset: ruleset.clone(),
            normal: vec![],
            misere: HashMap::new(),
        }
    }

    /// The genus of heap `heap`.
    ///
    /// # Errors
    /// [`GenusError::HeapTooLarge`] past [`GENUS_MAX_HEAP`];
    /// [`GenusError::Cancelled`] when `cancel` is raised during the search.
    ///
    /// # Complexity
    /// Proportional to the number of positions reachable from the heap plus
    /// up to ten Nim heaps of size 2 (partitions of the heap into the game's
    /// heaps, times the Nim heaps), each with its options.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::heap::HeapRuleset;
    /// use grundy::misere::GenusTable;
    /// // sub{2}: a heap of 1 has no move, so it is worth 0 in both plays
    /// // and plays in misère like the empty heap.
    /// let mut t = GenusTable::new(&"sub{2}".parse::<HeapRuleset>()?);
    /// assert_eq!(t.genus(1, &Cancel::new())?.to_string(), "0^120");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn genus(&mut self, heap: u64, cancel: &Cancel) -> Result<Genus, GenusError> {
        if heap > GENUS_MAX_HEAP {
            return Err(GenusError::HeapTooLarge {
                heap,
                limit: GENUS_MAX_HEAP,
            });
        }
        let normal = self.normal_value(heap);
        let mut gammas = Vec::with_capacity(GAMMAS);
        for k in 0..GAMMAS as u32 {
            let heaps = if heap == 0 { vec![] } else { vec![heap] };
            gammas.push(self.misere_value((heaps, 0, k), cancel)?);
        }
        Ok(Genus::new(normal, gammas))
    }

    fn normal_value(&mut self, heap: u64) -> Nimber {
        while self.normal.len() as u64 <= heap {
            let n = self.normal.len() as u64;
            let mut seen = vec![];
            self.ruleset.for_each_option(n, |l| {
                seen.push(l.as_slice().iter().map(|&h| self.normal[h as usize]).sum());
            });
            self.normal.push(mex(seen));
        }
        self.normal[heap as usize]
    }

    /// The misère Grundy value of `position`: 1 with no move, else the mex
    /// of its options' values.
    fn misere_value(&mut self, position: Position, cancel: &Cancel) -> Result<u64, GenusError> {
        if let Some(&v) = self.misere.get(&position) {
            return Ok(v);
        }
        cancel.check()?;
        let (heaps, ones, twos) = &position;
        let mut options: Vec<Position> = vec![];
        for (i, &h) in heaps.iter().enumerate() {
            // Equal heaps have the same options.
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            self.ruleset.for_each_option(h, |l| {
                let mut after = heaps.clone();
                after.remove(i);
                after.extend(l.as_slice().iter().copied().filter(|&x| x > 0));
                after.sort_unstable();
                options.push((after, *ones, *twos));
            });
        }
        if *ones > 0 {
            options.push((heaps.clone(), ones - 1, *twos));
        }
        if *twos > 0 {
            options.push((heaps.clone(), ones + 1, twos - 1));
            options.push((heaps.clone(), *ones, twos - 1));
        }
        let value = if options.is_empty() {
            1
        } else {
            let mut seen = Vec::with_capacity(options.len());
            for o in options {
                seen.push(Nimber(self.misere_value(o, cancel)?));
            }
            mex(seen).0
        };
        self.misere.insert(position, value);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::sequence::{self, EngineKind};

    /// Whether the player to move wins the misère sum of `game` heaps and
    /// Nim heaps `nim`, straight from the definition (no move: the mover
    /// has won).
    fn mover_wins(
        ruleset: &HeapRuleset,
        mut game: Vec<u64>,
        mut nim: Vec<u64>,
        memo: &mut HashMap<(Vec<u64>, Vec<u64>), bool>,
    ) -> bool {
        game.sort_unstable();
        nim.retain(|&n| n > 0);
        nim.sort_unstable();
        if let Some(&w) = memo.get(&(game.clone(), nim.clone())) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        for i in 0..game.len() {
            let mut leaves = vec![];
            ruleset.for_each_option(game[i], |l| leaves.push(l));
            for l in leaves {
                any = true;
                let mut after = game.clone();
                after.remove(i);
                after.extend(l.as_slice().iter().copied().filter(|&x| x > 0));
                wins |= !mover_wins(ruleset, after, nim.clone(), memo);
            }
        }
        for i in 0..nim.len() {
            for smaller in 0..nim[i] {
                any = true;
                let mut after = nim.clone();
                after[i] = smaller;
                wins |= !mover_wins(ruleset, game.clone(), after, memo);
            }
        }
        let result = wins || !any;
        memo.insert((game, nim), result);
        result
    }

    #[test]
    fn gamma_is_zero_exactly_on_misere_p_positions() {
        let cancel = Cancel::new();
        for spec in ["kayles", "0.07", "0.137", "0.75", "sub{1,3,4}", "nim"] {
            let ruleset: HeapRuleset = spec.parse().unwrap();
            let mut table = GenusTable::new(&ruleset);
            let mut memo = HashMap::new();
            for heap in 0..=10u64 {
                for k in 0..5u32 {
                    let heaps = if heap == 0 { vec![] } else { vec![heap] };
                    let gamma = table.misere_value((heaps, 0, k), &cancel).unwrap();
                    let p = !mover_wins(&ruleset, vec![heap], vec![2; k as usize], &mut memo);
                    assert_eq!(gamma == 0, p, "{spec}: heap {heap} + {k} x *2");
                }
            }
        }
    }

    #[test]
    fn normal_part_is_the_grundy_value() {
        let cancel = Cancel::new();
        for spec in ["kayles", "0.07", "0.137", "sub{1,3,4}"] {
            let ruleset: HeapRuleset = spec.parse().unwrap();
            let mut engine = sequence::engine(&ruleset, EngineKind::Fast);
            engine.extend_to(12);
            let mut table = GenusTable::new(&ruleset);
            for heap in 0..=12u64 {
                let g = table.genus(heap, &cancel).unwrap();
                assert_eq!(g.normal(), engine.get(heap as usize), "{spec} {heap}");
            }
        }
    }

    /// Misère Nim (Bouton): `*n` for `n >= 2` is `n^{n, n xor 2}`, and the
    /// small heaps are `0^120` and `1^031` (Winning Ways, ch. 13).
    #[test]
    fn nim_heaps_have_their_known_genus() {
        let cancel = Cancel::new();
        let mut table = GenusTable::new(&HeapRuleset::Nim);
        assert_eq!(table.genus(0, &cancel).unwrap().gammas(), &[1, 2, 0]);
        assert_eq!(table.genus(1, &cancel).unwrap().gammas(), &[0, 3, 1]);
        for n in 2..=12u64 {
            let g = table.genus(n, &cancel).unwrap();
            assert_eq!(g.gammas(), &[n, n ^ 2], "*{n}");
            assert_eq!(g.normal(), Nimber(n));
        }
        assert_eq!(table.genus(12, &cancel).unwrap().to_string(), "12^(12,14)");
    }

    #[test]
    fn heaps_past_the_limit_are_refused() {
        let mut table = GenusTable::new(&HeapRuleset::Nim);
        assert_eq!(
            table.genus(GENUS_MAX_HEAP + 1, &Cancel::new()),
            Err(GenusError::HeapTooLarge {
                heap: GENUS_MAX_HEAP + 1,
                limit: GENUS_MAX_HEAP
            })
        );
    }
}
