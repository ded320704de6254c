//! The transposition table of the search: exact nimbers of components. It
//! is a hash map while it is below its memory limit; then it becomes
//! buckets of four entries filling the limit, where a new entry replaces
//! the one in its bucket that cost the least to compute.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};

use crate::game::PositionHasher;

/// Entries per bucket.
const BUCKET: usize = 4;
/// An empty slot's value.
const EMPTY: u32 = u32::MAX;

/// One slot: a component, its nimber ([`EMPTY`] when the slot is free) and
/// the number of searched positions its nimber cost (the replacement
/// policy keeps the costly ones).
type Slot<P> = (P, u32, u32);

pub(crate) struct Table<P> {
    /// While the table is below its limit: a hash map, which grows with
    /// what it holds.
    map: HashMap<P, (u32, u32), BuildHasherDefault<PositionHasher>>,
    /// Once the map would outgrow the limit: `buckets * BUCKET` slots that
    /// never grow, filled from the map (whose first key fills the free
    /// slots, so positions need no `Default`).
    slots: Vec<Slot<P>>,
    buckets: usize,
    max_bytes: usize,
    len: usize,
    replaced: u64,
}

/// Whether one more entry fits in `map` within `max_bytes`, its entries
/// taking `entry_bytes` each: a full map doubles, and holds both tables
/// meanwhile.
pub(crate) fn may_insert<K, V, S>(
    map: &HashMap<K, V, S>,
    entry_bytes: usize,
    max_bytes: usize,
) -> bool {
    map.len() < map.capacity() || 3 * map.capacity().max(4) * entry_bytes <= max_bytes
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// The bytes one entry takes in the full table (the position's own
    /// heap data, if it has any, is not counted).
    pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Slot<P>>();

    /// The bytes one entry of the growing map takes: key, value, a control
    /// byte.
    const MAP_BYTES: usize = std::mem::size_of::<(P, (u32, u32))>() + 1;

    /// A table that will use at most about `bytes` bytes.
    pub(crate) fn with_memory(bytes: usize) -> Table<P> {
        Table {
            map: HashMap::default(),
            slots: Vec::new(),
            buckets: 0,
            max_bytes: bytes,
            len: 0,
            replaced: 0,
        }
    }

    /// Lowers the memory limit to about `bytes`, for a table that has not
    /// filled its limit yet (a full one keeps its buckets).
    pub(crate) fn limit(&mut self, bytes: usize) {
        if self.buckets == 0 {
            self.max_bytes = self.max_bytes.min(bytes);
        }
    }

    /// Entries stored now.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Entries that were overwritten to make room.
    pub(crate) fn replaced(&self) -> u64 {
        self.replaced
    }

    /// Bytes the entries take now.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * Self::ENTRY_BYTES + self.map.capacity() * Self::MAP_BYTES
    }

    fn bucket(&self, key: &P) -> usize {
        let h = BuildHasherDefault::<PositionHasher>::default().hash_one(key);
        (h as usize) & (self.buckets - 1)
    }

    /// Every entry: a component, its nimber and what it cost.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (&P, u32, u32)> {
        let map = self.map.iter().map(|(p, &(v, c))| (p, v, c));
        let slots = self.slots.iter().filter(|s| s.1 != EMPTY);
        map.chain(slots.map(|(p, v, c)| (p, *v, *c)))
    }

    /// The nimber stored for `key`.
    #[inline]
    pub(crate) fn get(&self, key: &P) -> Option<u32> {
        if self.buckets == 0 {
            return self.map.get(key).map(|e| e.0);
        }
        let b = self.bucket(key) * BUCKET;
        self.slots[b..b + BUCKET]
            .iter()
            .find(|s| s.1 != EMPTY && s.0 == *key)
            .map(|s| s.1)
    }

    /// Stores `key`'s nimber, which cost `cost` searched positions.
    pub(crate) fn store(&mut self, key: &P, nimber: u32, cost: u64) {
        debug_assert!(nimber != EMPTY);
        let cost = u32::try_from(cost).unwrap_or(u32::MAX - 1);
        if self.buckets == 0 {
            if may_insert(&self.map, Self::MAP_BYTES, self.max_bytes) {
                if self.map.insert(key.clone(), (nimber, cost)).is_none() {
                    self.len += 1;
                }
                return;
            }
            self.spill_to_buckets(key);
        }
        self.store_in_bucket(key.clone(), nimber, cost);
    }

    /// Moves the map's entries into fixed buckets that fill the memory.
    fn spill_to_buckets(&mut self, filler: &P) {
        let entries = (self.max_bytes / Self::ENTRY_BYTES).max(BUCKET);
        let buckets = 1usize << (usize::BITS - 1 - (entries / BUCKET).leading_zeros());
        let map = std::mem::take(&mut self.map);
        self.slots = vec![(filler.clone(), EMPTY, 0); buckets * BUCKET];
        self.buckets = buckets;
        self.len = 0;
        for (key, (nimber, cost)) in map {
            self.store_in_bucket(key, nimber, cost);
        }
    }

    fn store_in_bucket(&mut self, key: P, nimber: u32, cost: u32) {
        let b = self.bucket(&key) * BUCKET;
        let bucket = &mut self.slots[b..b + BUCKET];
        let mut victim = 0;
        for (i, s) in bucket.iter().enumerate() {
            if s.1 == EMPTY {
                victim = i;
                break;
            }
            if s.0 == key {
                bucket[i].1 = nimber;
                return;
            }
            if s.2 < bucket[victim].2 {
                victim = i;
            }
        }
        let slot = &mut bucket[victim];
        if slot.1 == EMPTY {
            self.len += 1;
        } else {
            self.replaced += 1;
        }
        *slot = (key, nimber, cost);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_finds_and_stays_within_its_memory() {
        let mut t: Table<u64> = Table::with_memory(64 * 1024);
        for k in 0..100_000u64 {
            t.store(&k, (k % 7) as u32, k);
        }
        assert!(t.bytes() <= 64 * 1024);
        assert!(t.len() <= 64 * 1024 / Table::<u64>::ENTRY_BYTES);
        assert!(t.replaced() > 0);
        // The costliest entries survive; whatever is found is right.
        let mut found = 0;
        for k in 0..100_000u64 {
            if let Some(v) = t.get(&k) {
                assert_eq!(v, (k % 7) as u32);
                found += 1;
            }
        }
        assert_eq!(found, t.len());
        assert_eq!(t.get(&99_999), Some(99_999 % 7));
    }

    #[test]
    fn grows_without_losing_entries() {
        let mut t: Table<u128> = Table::with_memory(1 << 30);
        for k in 0..50_000u128 {
            t.store(&(k * 977), 3, 1);
        }
        assert_eq!(t.len(), 50_000);
        assert_eq!(t.replaced(), 0);
        assert!((0..50_000u128).all(|k| t.get(&(k * 977)) == Some(3)));
        assert_eq!(t.get(&1), None);
    }
}
