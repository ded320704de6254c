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
//!
//! The recursion and its table are written once, over the options of a
//! position's components: the heaps here, and the regions of any game
//! that splits ([`crate::search::genus::GenusSearch`]).

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};

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

/// A position of a genus search: its components, sorted, and how many Nim
/// heaps of size 1 and of size 2 are beside them. A heap of 2 moves to a
/// heap of 1 or to nothing, a heap of 1 to nothing.
pub(crate) type GenusKey<P> = (Vec<P>, u32, u32);

/// What the genus recursion ([`GenusMemo`]) asks of a game: the options
/// of a position's components. Heap games ([`GenusTable`]) and games that
/// split into regions ([`crate::search::genus::GenusSearch`]) implement
/// it; the recursion, its table and its limits are written once.
pub(crate) trait GenusOptions {
    /// A component of a position.
    type Part: Clone + Eq + Hash + Ord;

    /// Whether a position's options are sorted and deduplicated before
    /// they are valued: worth it when different moves often reach the
    /// same position.
    const DEDUP: bool;

    /// Pushes onto `out` the options of `key` reached by a move in its
    /// component `key.0[i]`: the other components with what the move
    /// leaves of that one, sorted, and the Nim heaps of `key` plus those
    /// the move adds. Called once for each run of equal components (they
    /// have the same options).
    fn options_in(
        &mut self,
        key: &GenusKey<Self::Part>,
        i: usize,
        out: &mut Vec<GenusKey<Self::Part>>,
    );

    /// Told the search's counters every 1024 positions searched, after the
    /// flag and the limit were looked at; the default ignores them.
    fn progress(&mut self, _counts: GenusCounts) {}
}

/// The counters of a genus search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GenusCounts {
    /// Positions valued (not found in the table).
    pub(crate) searched: u64,
    /// Positions found in the table.
    pub(crate) hits: u64,
    /// Positions in the table.
    pub(crate) entries: u64,
    /// The table's slots and the components its keys hold, in bytes.
    pub(crate) table_bytes: u64,
}

/// The table of a genus search and the one recursion that fills it: the
/// misère Grundy value of a position is 1 with no move, else the mex of
/// its options' values; the genus asks for it with 0 to 9 Nim heaps of 2
/// beside the position, sharing the table.
#[derive(Debug)]
pub(crate) struct GenusMemo<P, S = RandomState> {
    table: HashMap<GenusKey<P>, u64, S>,
    max_positions: usize,
    searched: u64,
    hits: u64,
    /// Bytes the table's keys hold on the heap.
    key_bytes: u64,
}

impl<P: Clone + Eq + Hash + Ord, S: BuildHasher + Default> GenusMemo<P, S> {
    /// An empty table, full at [`GENUS_MAX_POSITIONS`].
    pub(crate) fn new() -> Self {
        GenusMemo {
            table: HashMap::default(),
            max_positions: GENUS_MAX_POSITIONS,
            searched: 0,
            hits: 0,
            key_bytes: 0,
        }
    }

    /// Stops the search with [`GenusError::TooManyPositions`] once the
    /// table holds `max` positions.
    pub(crate) fn set_max_positions(&mut self, max: usize) {
        self.max_positions = max;
    }

    /// The counters so far.
    pub(crate) fn counts(&self) -> GenusCounts {
        GenusCounts {
            searched: self.searched,
            hits: self.hits,
            entries: self.table.len() as u64,
            table_bytes: (self.table.capacity() * (std::mem::size_of::<(GenusKey<P>, u64)>() + 1))
                as u64
                + self.key_bytes,
        }
    }

    /// The genus of the position `(parts, ones, twos)` (`parts` sorted),
    /// whose normal-play value is `normal`: `γk` for `k` more Nim heaps of
    /// 2, `k < 10`.
    ///
    /// # Errors
    /// [`GenusError::Cancelled`] once `cancel` fires;
    /// [`GenusError::TooManyPositions`] past the table's limit.
    pub(crate) fn genus<R: GenusOptions<Part = P>>(
        &mut self,
        rules: &mut R,
        (parts, ones, twos): GenusKey<P>,
        normal: Nimber,
        cancel: &Cancel,
    ) -> Result<Genus, GenusError> {
        let mut gammas = Vec::with_capacity(GAMMAS);
        for k in 0..GAMMAS as u32 {
            gammas.push(self.gamma(rules, (parts.clone(), ones, twos + k), cancel)?);
        }
        Ok(Genus::new(normal, gammas))
    }

    /// The misère Grundy value of `key`: 1 with no move, else the mex of
    /// its options' values.
    fn gamma<R: GenusOptions<Part = P>>(
        &mut self,
        rules: &mut R,
        key: GenusKey<P>,
        cancel: &Cancel,
    ) -> Result<u64, GenusError> {
        if let Some(&v) = self.table.get(&key) {
            self.hits += 1;
            return Ok(v);
        }
        // Counted by searches rather than by entries: a game whose
        // components have many options (Nim) searches long between new
        // entries.
        self.searched += 1;
        if self.searched.is_multiple_of(1024) {
            cancel.check()?;
            if self.table.len() >= self.max_positions {
                return Err(GenusError::TooManyPositions {
                    limit: self.max_positions,
                });
            }
            rules.progress(self.counts());
        }
        let (parts, ones, twos) = &key;
        let mut options: Vec<GenusKey<P>> = Vec::new();
        for i in 0..parts.len() {
            // Equal components have the same options.
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            rules.options_in(&key, i, &mut options);
        }
        if *ones > 0 {
            options.push((parts.clone(), ones - 1, *twos));
        }
        if *twos > 0 {
            options.push((parts.clone(), ones + 1, twos - 1));
            options.push((parts.clone(), *ones, twos - 1));
        }
        if R::DEDUP {
            options.sort_unstable();
            options.dedup();
        }
        let value = if options.is_empty() {
            1
        } else {
            let mut seen = Vec::with_capacity(options.len());
            for option in options {
                seen.push(Nimber(self.gamma(rules, option, cancel)?));
            }
            mex(seen).0
        };
        self.key_bytes += (key.0.capacity() * std::mem::size_of::<P>()) as u64;
        self.table.insert(key, value);
        Ok(value)
    }
}

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
    misere: GenusMemo<u16, BuildHasherDefault<PositionHasher>>,
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
            misere: GenusMemo::new(),
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
        self.misere.set_max_positions(max);
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
        let mut options = HeapOptions { heaps: &self.heaps };
        self.misere
            .genus(&mut options, (kept, ones, twos), normal, cancel)
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
}

/// The heaps of a [`GenusTable`] as the genus recursion sees them.
struct HeapOptions<'t> {
    /// What each heap is to the search, up to the largest asked for.
    heaps: &'t [Heap],
}

impl GenusOptions for HeapOptions<'_> {
    type Part = u16;

    /// A heap's options are few and rarely meet: not worth sorting.
    const DEDUP: bool = false;

    fn options_in(&mut self, key: &GenusKey<u16>, i: usize, out: &mut Vec<GenusKey<u16>>) {
        let (heaps, ones, twos) = key;
        let Heap::Options(moves) = &self.heaps[usize::from(heaps[i])] else {
            unreachable!("only heaps with options of their own are kept")
        };
        for (left, add1, add2) in moves {
            let mut after = Vec::with_capacity(heaps.len() + left.len());
            after.extend_from_slice(&heaps[..i]);
            after.extend_from_slice(&heaps[i + 1..]);
            after.extend_from_slice(left);
            after.sort_unstable();
            out.push((after, ones + add1, twos + add2));
        }
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
