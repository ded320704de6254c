//! The record of values ruled out: for each component asked about values
//! it does not have, which of them it lacks.
//!
//! It is the search's biggest structure (1.5 M entries on `cram:5x8`,
//! against 0.2 M exact values), and nearly every position looks at it once,
//! so most of its lookups miss the caches. It is kept compact for that: an
//! open-addressing table of positions and one byte each, the values 0 to 6
//! as bits (nearly every value ruled out is below 7), in two arrays; the
//! high bit of the byte says that the entry has larger values too, kept in
//! a small hash map beside. A lookup reads the byte first and the position
//! only where a byte is set, and the search can fetch both lines ahead of
//! time ([`Ruled::prefetch`]).
//!
//! Free slots must hold some position too. That costs nothing for
//! positions that are plain words (Cram's, Chomp's, Node Kayles'), but a
//! position that owns memory (a vector of heaps) would allocate a copy for
//! every free slot: for those the record is the hash map alone, as it was
//! before.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};

use super::table::may_insert;
use crate::game::PositionHasher;
use crate::prefetch::prefetch_at;

/// The values kept in an entry's byte: 0 to 6.
const SMALL: u64 = 0x7f;
/// The bit of an entry's byte that says the entry has values of 7 or more,
/// kept in [`Ruled::big`].
const BIG: u8 = 0x80;

pub(crate) struct Ruled<P> {
    /// Each slot's position (a free slot holds any position).
    keys: Vec<P>,
    /// Each slot's byte: 0 for a free slot, else the values 0 to 6 ruled
    /// out as bits and [`BIG`].
    bits: Vec<u8>,
    /// The values ruled out of the entries marked [`BIG`], all of them; for
    /// positions that own memory, of every entry.
    big: HashMap<P, u64, BuildHasherDefault<PositionHasher>>,
    len: usize,
    max_bytes: usize,
}

impl<P: Clone + Eq + Hash> Ruled<P> {
    /// The bytes one slot takes.
    const SLOT_BYTES: usize = std::mem::size_of::<P>() + 1;

    /// Whether positions are plain data (no memory of their own to free),
    /// which free slots can hold for nothing; else every entry is kept in
    /// [`Ruled::big`].
    const SLOTS: bool = !std::mem::needs_drop::<P>();

    /// The bytes one entry of [`Ruled::big`] takes: key, value and a
    /// control byte.
    const MAP_BYTES: usize = std::mem::size_of::<(P, u64)>() + 1;

    /// An empty record that will take about `max_bytes` bytes at most.
    pub(crate) fn with_memory(max_bytes: usize) -> Ruled<P> {
        Ruled {
            keys: Vec::new(),
            bits: Vec::new(),
            big: HashMap::default(),
            len: 0,
            max_bytes,
        }
    }

    /// Lowers the memory limit to `bytes`.
    pub(crate) fn limit(&mut self, bytes: usize) {
        self.max_bytes = self.max_bytes.min(bytes);
    }

    /// Entries held now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        if Self::SLOTS {
            self.len
        } else {
            self.big.len()
        }
    }

    /// The bytes the record takes now.
    pub(crate) fn bytes(&self) -> usize {
        self.bits.len() * Self::SLOT_BYTES + self.big.capacity() * Self::MAP_BYTES
    }

    #[inline(always)]
    fn home(&self, key: &P) -> usize {
        let h = BuildHasherDefault::<PositionHasher>::default().hash_one(key);
        h as usize & (self.bits.len() - 1)
    }

    /// Starts loading the lines that a lookup of `key` will read.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: &P) {
        if Self::SLOTS && !self.bits.is_empty() {
            let i = self.home(key);
            prefetch_at(&self.bits, i);
            prefetch_at(&self.keys, i);
        }
    }

    /// The slot of `key`, or the free slot where it would go.
    #[inline(always)]
    fn find(&self, key: &P) -> (usize, bool) {
        let mask = self.bits.len() - 1;
        let mut i = self.home(key);
        loop {
            if self.bits[i] == 0 {
                return (i, false);
            }
            if self.keys[i] == *key {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// The values below 64 that `key` is known not to have, as bits.
    #[inline]
    pub(crate) fn get(&self, key: &P) -> u64 {
        if !Self::SLOTS {
            return self.big.get(key).copied().unwrap_or(0);
        }
        if self.bits.is_empty() {
            return 0;
        }
        match self.find(key) {
            (i, true) if self.bits[i] & BIG == 0 => u64::from(self.bits[i]),
            (_, true) => self.big.get(key).copied().unwrap_or(0),
            _ => 0,
        }
    }

    /// Records that `key` has none of the values in `low` (bits, below
    /// 64). When growing would pass the memory limit, the record starts
    /// afresh in the room it has.
    pub(crate) fn insert(&mut self, key: &P, low: u64) {
        if low == 0 {
            return;
        }
        if !Self::SLOTS {
            if !may_insert(&self.big, Self::MAP_BYTES, self.max_bytes) {
                self.big.clear();
            }
            *self.big.entry(key.clone()).or_insert(0) |= low;
            return;
        }
        if self.bits.is_empty() || 4 * (self.len + 1) > 3 * self.bits.len() {
            self.grow(key);
        }
        let (i, found) = self.find(key);
        let old = match (found, self.bits[i] & BIG != 0) {
            (false, _) => 0,
            (true, false) => u64::from(self.bits[i]),
            (true, true) => self.big.get(key).copied().unwrap_or(0),
        };
        let all = old | low;
        if !found {
            self.keys[i] = key.clone();
            self.len += 1;
        }
        if all & !SMALL == 0 {
            self.bits[i] = all as u8;
        } else {
            self.bits[i] = (all & SMALL) as u8 | BIG;
            self.big.insert(key.clone(), all);
        }
    }

    /// Doubles the slots (the first time, makes some), or empties the
    /// record when doubling would pass the memory limit; `key` fills the
    /// free slots.
    fn grow(&mut self, key: &P) {
        let slots = (2 * self.bits.len()).max(1024);
        // Both arrays are held while the entries move.
        if 3 * self.bits.len().max(512) * Self::SLOT_BYTES > self.max_bytes {
            if self.bits.is_empty() {
                // Not even the first slots fit: as many as do (a power of
                // two, and two at least, so that one is always free).
                let fit = (self.max_bytes / Self::SLOT_BYTES).max(2);
                let slots = 1 << fit.ilog2();
                self.keys = vec![key.clone(); slots];
                self.bits = vec![0; slots];
                return;
            }
            self.bits.fill(0);
            self.big.clear();
            self.len = 0;
            return;
        }
        let keys = std::mem::replace(&mut self.keys, vec![key.clone(); slots]);
        let bits = std::mem::replace(&mut self.bits, vec![0; slots]);
        for (k, b) in keys.into_iter().zip(bits) {
            if b != 0 {
                let (i, _) = self.find(&k);
                self.keys[i] = k;
                self.bits[i] = b;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Inserts `(key, value)` in turn, each followed by a lookup of
    /// `probe`, against a hash map; positions made by `make`.
    fn agrees_with_a_hash_map<P: Clone + Eq + Hash + std::fmt::Debug>(
        ops: &[(u64, u32, u64)],
        make: impl Fn(u64) -> P,
    ) {
        let mut ruled = Ruled::with_memory(1 << 30);
        let mut model: HashMap<P, u64> = HashMap::new();
        for &(key, value, probe) in ops {
            let low = 1u64 << value;
            ruled.insert(&make(key), low);
            *model.entry(make(key)).or_insert(0) |= low;
            let probe = make(probe);
            assert_eq!(ruled.get(&probe), model.get(&probe).copied().unwrap_or(0));
        }
        assert_eq!(ruled.len(), model.len());
        for (k, v) in &model {
            assert_eq!(ruled.get(k), *v, "{k:?}");
        }
    }

    /// Values mostly below 7 (the entry's byte), sometimes up to 63.
    fn value() -> impl proptest::strategy::Strategy<Value = u32> {
        proptest::prop_oneof![4 => 0u32..7, 1 => 0u32..64]
    }

    proptest::proptest! {
        #[test]
        fn the_record_agrees_with_a_hash_map(
            ops in proptest::collection::vec((0u64..3000, value(), 0u64..3000), 1..4000)
        ) {
            agrees_with_a_hash_map(&ops, |k| k);
            agrees_with_a_hash_map(&ops, |k| u128::from(k) << 70);
            agrees_with_a_hash_map(&ops, |k| vec![k, 7]);
        }
    }

    #[test]
    fn a_full_record_starts_afresh_within_its_limit() {
        let mut ruled = Ruled::with_memory(64 * 1024);
        for key in 0..100_000u64 {
            ruled.insert(&key, 1);
            assert_eq!(ruled.get(&key), 1);
            assert!(ruled.bytes() <= 64 * 1024);
        }
        assert!(ruled.len() < 100_000);
        // Positions that own memory are kept in the map, within the limit too.
        let mut ruled = Ruled::with_memory(64 * 1024);
        for key in 0..20_000u64 {
            ruled.insert(&vec![key, key / 3], 1 << (key % 9));
            assert_eq!(ruled.get(&vec![key, key / 3]), 1 << (key % 9));
            assert!(ruled.bytes() <= 64 * 1024);
        }
        assert!(ruled.len() < 20_000);
        assert!(ruled.bits.is_empty());
    }
}
