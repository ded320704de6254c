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
//! number of partitions of the heap: games that split heaps (Kayles)
//! reach heaps of about 40 in ten seconds, games that do not (subtraction
//! games) heaps in the thousands. Heaps are offered up to
//! [`GENUS_MAX_HEAP`] and the table holds at most [`GENUS_MAX_POSITIONS`]
//! positions; the search stops on its cancellation flag.

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;

use crate::cancel::{Cancel, Cancelled};
use crate::game::PositionHasher;
use crate::heap::HeapRuleset;
use crate::{mex, Nimber};

/// The largest heap whose genus is computed (heaps are kept in 16 bits in
/// the search's table).
pub const GENUS_MAX_HEAP: u64 = 4096;

/// The most positions a genus search keeps in its table (about 100 bytes
/// each) before it stops with [`GenusError::TooManyPositions`].
pub const GENUS_MAX_POSITIONS: usize = 20_000_000;

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
    /// The search met more positions than its table may hold.
    #[error(
        "the genus search met more than {limit} positions (sums of the game's heaps \
         and heaps of 1 and 2), the most it keeps; ask for smaller heaps"
    )]
    TooManyPositions {
        /// [`GENUS_MAX_POSITIONS`], or the search's own limit.
        limit: usize,
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

/// A position of the search: heaps of the game (sorted; no heap with no
/// move, and no heap that is a Nim heap of 1 or 2 in disguise) plus `ones`
/// Nim heaps of size 1 and `twos` of size 2.
type Position = (Vec<u16>, u32, u32);

/// What a heap is to the search, once its options are known.
#[derive(Clone, Debug)]
enum Heap {
    /// No move: it changes nothing in any sum, and is left out.
    Dead,
    /// Exactly the game of a Nim heap of 1 (its only moves leave heaps
    /// with no move), or of 2 (its moves leave such a heap or nothing):
    /// counted with the Nim heaps.
    Nim(u8),
    /// A heap of its own: its options, each as (heaps kept in the multiset,
    /// sorted; Nim heaps of 1 and of 2 they add).
    Options(Vec<(Vec<u16>, u32, u32)>),
}

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
    /// What each heap `0..heaps.len()` is to the search.
    heaps: Vec<Heap>,
    misere: HashMap<Position, u64, BuildHasherDefault<PositionHasher>>,
    max_positions: usize,
    /// Positions whose value was searched (not found in the table).
    searched: u64,
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
            heaps: vec![],
            misere: HashMap::default(),
            max_positions: GENUS_MAX_POSITIONS,
            searched: 0,
        }
    }

    /// The same table, stopped with [`GenusError::TooManyPositions`] once
    /// it holds `max` positions (default [`GENUS_MAX_POSITIONS`]).
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::heap::HeapRuleset;
    /// use grundy::misere::{GenusError, GenusTable};
    /// let mut t = GenusTable::new(&"kayles".parse::<HeapRuleset>()?).max_positions(1000);
    /// assert!(matches!(t.genus(30, &Cancel::new()), Err(GenusError::TooManyPositions { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_positions(mut self, max: usize) -> Self {
        self.max_positions = max;
        self
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
    /// heaps, times the Nim heaps), each with its options: it grows about
    /// fivefold every six heaps in Kayles (BENCHMARKS.md says how far 10 s
    /// go).
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
        self.genus_of_sum(std::slice::from_ref(&heap), cancel)
    }

    /// The genus of the sum of `heaps` (of this ruleset), as for one heap.
    ///
    /// # Errors
    /// As [`GenusTable::genus`], for the largest heap.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::heap::HeapRuleset;
    /// use grundy::misere::GenusTable;
    /// // Two Nim heaps of 1: normal value 0, and a misère N-position.
    /// let mut nim = GenusTable::new(&HeapRuleset::Nim);
    /// assert_eq!(nim.genus_of_sum(&[1, 1], &Cancel::new())?.to_string(), "0^120");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn genus_of_sum(&mut self, heaps: &[u64], cancel: &Cancel) -> Result<Genus, GenusError> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if largest > GENUS_MAX_HEAP {
            return Err(GenusError::HeapTooLarge {
                heap: largest,
                limit: GENUS_MAX_HEAP,
            });
        }
        let normal = heaps.iter().map(|&h| self.normal_value(h)).sum();
        self.prepare(largest);
        let (mut kept, mut ones, mut twos) = (Vec::new(), 0, 0);
        for &h in heaps {
            self.add(&mut kept, &mut ones, &mut twos, h as u16);
        }
        kept.sort_unstable();
        let mut gammas = Vec::with_capacity(GAMMAS);
        for k in 0..GAMMAS as u32 {
            gammas.push(self.misere_value((kept.clone(), ones, twos + k), cancel)?);
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

    /// Puts heap `h` where it belongs: nowhere, among the Nim heaps, or in
    /// the multiset `kept` (unsorted).
    fn add(&self, kept: &mut Vec<u16>, ones: &mut u32, twos: &mut u32, h: u16) {
        match &self.heaps[usize::from(h)] {
            Heap::Dead => {}
            Heap::Nim(1) => *ones += 1,
            Heap::Nim(_) => *twos += 1,
            Heap::Options(_) => kept.push(h),
        }
    }

    /// Works out what every heap up to `largest` is to the search.
    fn prepare(&mut self, largest: u64) {
        while self.heaps.len() as u64 <= largest {
            let n = self.heaps.len() as u64;
            let mut options = Vec::new();
            let mut nim_only = true;
            let mut nims = [false; 3];
            let mut leaves = Vec::new();
            self.ruleset.for_each_option(n, |l| leaves.push(l));
            for l in leaves {
                let (mut kept, mut ones, mut twos) = (Vec::new(), 0, 0);
                for &h in l.as_slice() {
                    if h > 0 {
                        self.add(&mut kept, &mut ones, &mut twos, h as u16);
                    }
                }
                kept.sort_unstable();
                // The option is a Nim heap of 0, 1 or 2 when it keeps no
                // heap and adds at most one Nim heap.
                match (kept.is_empty(), ones, twos) {
                    (true, 0, 0) => nims[0] = true,
                    (true, 1, 0) => nims[1] = true,
                    (true, 0, 1) => nims[2] = true,
                    _ => nim_only = false,
                }
                options.push((kept, ones, twos));
            }
            options.sort_unstable();
            options.dedup();
            let heap = if options.is_empty() {
                Heap::Dead
            } else if nim_only && nims == [true, false, false] {
                Heap::Nim(1)
            } else if nim_only && nims == [true, true, false] {
                Heap::Nim(2)
            } else {
                Heap::Options(options)
            };
            self.heaps.push(heap);
        }
    }

    /// The misère Grundy value of `position`: 1 with no move, else the mex
    /// of its options' values.
    fn misere_value(&mut self, position: Position, cancel: &Cancel) -> Result<u64, GenusError> {
        if let Some(&v) = self.misere.get(&position) {
            return Ok(v);
        }
        // Counted by searches rather than by entries: a game whose heaps
        // have many options (Nim) searches long between new entries.
        self.searched += 1;
        if self.searched.is_multiple_of(1024) {
            cancel.check()?;
            if self.misere.len() >= self.max_positions {
                return Err(GenusError::TooManyPositions {
                    limit: self.max_positions,
                });
            }
        }
        let (heaps, ones, twos) = &position;
        let mut options: Vec<Position> = vec![];
        for (i, &h) in heaps.iter().enumerate() {
            // Equal heaps have the same options.
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            let Heap::Options(moves) = &self.heaps[usize::from(h)] else {
                unreachable!("only heaps with options of their own are kept")
            };
            for (left, add1, add2) in moves {
                let mut after = Vec::with_capacity(heaps.len() + left.len());
                after.extend_from_slice(&heaps[..i]);
                after.extend_from_slice(&heaps[i + 1..]);
                after.extend_from_slice(left);
                after.sort_unstable();
                options.push((after, ones + add1, twos + add2));
            }
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
    use crate::heap::spec::kit_rules::options as kit_options;

    /// The test kit's genus by the definition for sums of `ruleset`'s
    /// heaps (sorted, no empty heap), the rules taken from the kit's
    /// ([`crate::heap::spec::kit_rules`]): whole positions plus Nim heaps of 2, searched by
    /// minimax and the misère mex.
    fn by_definition(ruleset: &HeapRuleset) -> grundy_testkit::genus::Genus<'_, Vec<u64>> {
        let options = move |h: u64| kit_options(ruleset, h);
        grundy_testkit::genus::Genus::new(move |heaps: &Vec<u64>| {
            grundy_testkit::heaps::sum_moves(options, heaps)
        })
    }

    #[test]
    fn gamma_is_zero_exactly_on_misere_p_positions() {
        let cancel = Cancel::new();
        for spec in ["kayles", "0.07", "0.137", "0.75", "sub{1,3,4}", "nim"] {
            let ruleset: HeapRuleset = spec.parse().unwrap();
            let mut table = GenusTable::new(&ruleset);
            let mut definition = by_definition(&ruleset);
            for heap in 0..=10u64 {
                let genus = table.genus(heap, &cancel).unwrap();
                for k in 0..5u32 {
                    // The symbol stops where the values alternate: past
                    // that, γk repeats γ(k-2).
                    let gammas = genus.gammas();
                    let at = if (k as usize) < gammas.len() {
                        k as usize
                    } else {
                        gammas.len() - 2 + (k as usize - gammas.len()) % 2
                    };
                    let sum = grundy_testkit::heaps::normalised(&[heap]);
                    let p = !definition.mover_wins(&sum, k as usize);
                    assert_eq!(gammas[at] == 0, p, "{spec}: heap {heap} + {k} x *2");
                    assert_eq!(
                        gammas[at],
                        definition.gamma(&sum, k as usize),
                        "{spec}: {heap}"
                    );
                }
            }
            // Sums of two heaps, against the definition too.
            for a in 1..=6u64 {
                for b in a..=6u64 {
                    let genus = table.genus_of_sum(&[a, b], &cancel).unwrap();
                    let p = !definition.mover_wins(&vec![a, b], 0);
                    assert_eq!(genus.gammas()[0] == 0, p, "{spec}: {a} + {b}");
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
