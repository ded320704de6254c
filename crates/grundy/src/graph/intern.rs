//! Interned node names: the table that turns the 10^8 name occurrences of a
//! big edge list into `u32` ids.
//!
//! The table is split by the top [`PART_BITS`] bits of a name's hash into
//! [`PARTS`] partitions, each an open-addressing table of its own. At 10^7
//! names a partition holds about 10^4 of them in a few hundred KiB, so it
//! fits in a core's L2 cache: the bulk reader ([`super::bulk`]) sorts the
//! names of millions of lines by partition first and then looks each
//! partition's names up in one go, in cache, instead of paying a miss into
//! a 256 MiB table for every name.
//!
//! Inside a partition:
//!
//! * A slot is 16 bytes, and slots come in groups of four, one aligned cache
//!   line. A name of at most [`INLINE`] bytes lives in its slot with its id,
//!   so a hit needs no other memory. A longer name's slot holds 32 bits of
//!   its hash, its length, and where its bytes are in the partition's own
//!   copy of its long names: a match of hash and length is checked there,
//!   in memory that is in cache with the table (checking against the name
//!   store instead, by id, was a cache miss per occurrence: a file of 10^7
//!   names of 23 bytes read no faster than with one big table).
//! * Probing starts at the first slot of a group and goes on linearly, and a
//!   whole group is compared at once (a mask of matching slots and one of
//!   empty slots, without a branch per slot): at the table's load (at most
//!   3/4) a look-up nearly always ends in its first group.
//!
//! The names themselves are stored once more, by id (`text` and `ends`),
//! for printing.

use super::MAX_NODES;
use crate::prefetch::prefetch_at;

/// Names up to this many bytes are stored in their slot.
pub(super) const INLINE: usize = 11;
/// log2 of the number of partitions.
pub(super) const PART_BITS: u32 = 10;
/// The number of partitions of the table.
pub(super) const PARTS: usize = 1 << PART_BITS;

/// The tag of an empty slot.
const EMPTY_TAG: u32 = 0;
/// The tag of a slot holding a long name (its hash). A short name's tag
/// is its length plus one, so that the empty name is not taken for an empty
/// slot.
pub(super) const LONG_TAG: u32 = INLINE as u32 + 2;
/// A long name's length in its key, saturated: a name this long or longer
/// has its length written before its bytes in the partition's copy.
const LONG_LEN_MAX: usize = (1 << 24) - 1;
/// The hash bits of a long name's key.
pub(super) const HIGH: u64 = 0xffff_ffff_0000_0000;
/// Slots per group (one cache line).
const GROUP: usize = 4;

/// MurmurHash3's finaliser: every input bit reaches every output bit, so
/// both the partition (top bits) and the slot (low bits) of a hash are
/// well spread even for names that differ in one character.
#[inline]
fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The partition of a name with this hash.
#[inline]
pub(super) fn partition_of(hash: u64) -> usize {
    (hash >> (64 - PART_BITS)) as usize
}

/// A name as the table stores and compares it.
///
/// `key`: a short name's first 8 bytes (little-endian, zero-padded); for a
/// long name, the top 32 bits of its hash in bits 32..64 (and, in a slot,
/// the offset of its bytes in the partition's copy in bits 0..32).
/// `shape`: bits 24..32 the tag (for a short name its length plus one,
/// 1..=12; or [`LONG_TAG`]); bits 0..24 a short name's bytes 8..11, or a
/// long name's length ([`LONG_LEN_MAX`] for that length or more).
/// Two short names are equal exactly when their keys are; two long names
/// with equal hash bits and lengths still need their bytes compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    pub key: u64,
    pub shape: u32,
}

impl Key {
    /// The key of `name` (any length; a long name needs its hash).
    pub fn of(name: &[u8]) -> Key {
        if name.len() <= INLINE {
            let mut bytes = [0u8; 16];
            bytes[..name.len()].copy_from_slice(name);
            Key::short_from_words(
                u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")),
                u64::from_le_bytes(bytes[8..].try_into().expect("8 bytes")),
                name.len(),
            )
        } else {
            Key::long(long_hash(name), name.len())
        }
    }

    /// The key of a short name of `len` bytes whose first 16 bytes (the
    /// name and whatever follows it) are the little-endian words `low`,
    /// `high`.
    #[inline]
    pub fn short_from_words(low: u64, high: u64, len: usize) -> Key {
        debug_assert!(len <= INLINE);
        let keep = |n: usize| if n >= 8 { u64::MAX } else { (1 << (8 * n)) - 1 };
        Key {
            key: low & keep(len),
            shape: (high & keep(len.saturating_sub(8))) as u32 | (len as u32 + 1) << 24,
        }
    }

    /// The key of a long name of `len` bytes with this hash.
    #[inline]
    pub fn long(hash: u64, len: usize) -> Key {
        Key {
            key: hash & HIGH,
            shape: LONG_TAG << 24 | len.min(LONG_LEN_MAX) as u32,
        }
    }

    /// The bits of a slot's key that must equal this key's: all for a short
    /// name, the hash bits for a long one.
    #[inline]
    fn mask(self) -> u64 {
        if self.is_long() {
            HIGH
        } else {
            u64::MAX
        }
    }

    #[inline]
    pub fn is_long(self) -> bool {
        self.shape >> 24 == LONG_TAG
    }

    /// The hash of the name: computed from the key for a short name; for a
    /// long one the 32 bits it keeps, twice over, so that the top bits (the
    /// partition) and the low bits (the slot) both come from them.
    #[inline]
    pub fn hash(self) -> u64 {
        if self.is_long() {
            let kept = self.key >> 32;
            kept << 32 | kept
        } else {
            avalanche(self.key ^ u64::from(self.shape).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        }
    }

    /// The bytes of a short name.
    pub fn short_bytes(self) -> ([u8; 12], usize) {
        let mut bytes = [0u8; 12];
        bytes[..8].copy_from_slice(&self.key.to_le_bytes());
        bytes[8..].copy_from_slice(&self.shape.to_le_bytes());
        (bytes, (self.shape >> 24) as usize - 1)
    }
}

/// The hash of a long name: a word-at-a-time multiplicative hash (the Fx
/// hash recipe) with a full avalanche at the end. Much faster than SipHash;
/// the names come from the user's own file, so hash flooding is not a
/// concern.
pub(super) fn long_hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h: u64 = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    avalanche((h.rotate_left(5) ^ u64::from_le_bytes(tail)).wrapping_mul(K))
}

/// One slot: a name's key and its id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Slot {
    key: u64,
    shape: u32,
    /// The name's id (during a round of the bulk reader, possibly a
    /// provisional one: see [`super::bulk`]).
    pub id: u32,
}

impl Slot {
    fn is_empty(self) -> bool {
        self.shape >> 24 == EMPTY_TAG
    }

    fn name_key(self) -> Key {
        Key {
            key: self.key,
            shape: self.shape,
        }
    }
}

/// Four slots on one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Group([Slot; GROUP]);

impl Group {
    /// Bit `i` set when slot `i` holds `key`, and bit `i` set when slot
    /// `i` is empty: each computed for the four slots without branches.
    #[inline]
    fn masks(&self, key: Key) -> (u32, u32) {
        let mut matches = 0;
        let mut empty = 0;
        let mask = key.mask();
        for (i, slot) in self.0.iter().enumerate() {
            let same = ((slot.key ^ key.key) & mask == 0) & (slot.shape == key.shape);
            matches |= u32::from(same) << i;
            empty |= u32::from(slot.shape >> 24 == EMPTY_TAG) << i;
        }
        (matches, empty)
    }
}

/// One partition: an open-addressing table of groups with linear probing,
/// at most 3/4 full, and the bytes of its long names.
#[derive(Clone, Debug, Default)]
pub(super) struct Shard {
    groups: Vec<Group>,
    len: usize,
    /// The long names' bytes, one after another (a name of
    /// [`LONG_LEN_MAX`] bytes or more after its length, 8 bytes).
    long: Vec<u8>,
}

impl Shard {
    fn capacity(&self) -> usize {
        self.groups.len() * GROUP
    }

    fn slot(&self, at: usize) -> Slot {
        self.groups[at / GROUP].0[at % GROUP]
    }

    pub fn slot_mut(&mut self, at: usize) -> &mut Slot {
        &mut self.groups[at / GROUP].0[at % GROUP]
    }

    /// Whether one more name would pass 3/4 full.
    #[inline]
    pub fn is_full(&self) -> bool {
        (self.len + 1) * 4 > self.capacity() * 3
    }

    /// Doubles the table (or makes a first one), calling `moved(slot, at)`
    /// for every slot with its new index.
    pub fn grow(&mut self, mut moved: impl FnMut(Slot, usize)) {
        let groups = (self.groups.len() * 2).max(4);
        let old = std::mem::replace(&mut self.groups, vec![Group::default(); groups]);
        let mask = groups * GROUP - 1;
        for slot in old.iter().flat_map(|g| g.0).filter(|s| !s.is_empty()) {
            let mut at = self.home(slot.name_key().hash());
            while !self.slot(at).is_empty() {
                at = (at + 1) & mask;
            }
            *self.slot_mut(at) = slot;
            moved(slot, at);
        }
    }

    /// The first slot a name with this hash probes.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash as usize & (self.groups.len() - 1)) * GROUP
    }

    /// The id of the name `key` (`Ok`), or the empty slot where it would go
    /// (`Err`). `name` is the name's bytes, read only for a long name.
    ///
    /// The table must not be empty.
    #[inline]
    pub fn find(&self, key: Key, name: &[u8]) -> Result<u32, usize> {
        self.find_hashed(key, key.hash(), name)
    }

    /// [`Shard::find`] given the key's hash, when the caller has it.
    #[inline]
    pub fn find_hashed(&self, key: Key, hash: u64, name: &[u8]) -> Result<u32, usize> {
        let group_mask = self.groups.len() - 1;
        let mut g = hash as usize & group_mask;
        loop {
            let group = &self.groups[g];
            let (mut matches, empty) = group.masks(key);
            loop {
                let first = matches | empty;
                if first == 0 {
                    break;
                }
                let i = first.trailing_zeros() as usize;
                if empty & (1 << i) != 0 {
                    return Err(g * GROUP + i);
                }
                let slot = group.0[i];
                if !key.is_long() || self.long_name(slot) == name {
                    return Ok(slot.id);
                }
                // Two long names with these hash bits: look further.
                matches &= !(1 << i);
            }
            g = (g + 1) & group_mask;
        }
    }

    /// The bytes of the long name in `slot`.
    fn long_name(&self, slot: Slot) -> &[u8] {
        let at = (slot.key & !HIGH) as usize;
        match (slot.shape & 0x00ff_ffff) as usize {
            LONG_LEN_MAX => {
                let len = u64::from_le_bytes(self.long[at..at + 8].try_into().expect("8"));
                &self.long[at + 8..at + 8 + len as usize]
            }
            len => &self.long[at..at + len],
        }
    }

    /// Reads the table and the long names' bytes once from start to end,
    /// a load per cache line.
    ///
    /// The bulk reader calls this before it looks up a partition's names:
    /// a sequential read is fetched ahead by the hardware prefetcher at
    /// memory bandwidth, where look-ups in hash order would each wait for
    /// a miss of their own (measured: look-ups 2.5 times faster).
    pub fn warm(&self) {
        let sink = self.groups.iter().fold(0, |acc, g| acc ^ g.0[0].shape);
        // The long names' bytes too, where a match is checked.
        let sink = self
            .long
            .iter()
            .step_by(64)
            .fold(sink, |acc, &b| acc ^ u32::from(b));
        std::hint::black_box(sink);
    }

    /// Prefetches the group where a look-up of a name with this hash
    /// starts.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        prefetch_at(&self.groups, hash as usize & (self.groups.len() - 1));
    }

    /// Fills the empty slot `at` (from [`Shard::find`]) with the name
    /// `key`, whose bytes are `name` (kept for a long name).
    #[inline]
    pub fn insert(&mut self, at: usize, key: Key, name: &[u8], id: u32) {
        debug_assert!(self.slot(at).is_empty());
        let mut stored = key.key;
        if key.is_long() {
            // The offset has 32 bits: 4 GiB of long names per partition,
            // 4 TiB in all, far past what the name store could hold.
            stored |= u64::try_from(self.long.len())
                .ok()
                .filter(|&at| at <= u64::from(u32::MAX))
                .expect("at most 4 GiB of long names in a partition");
            if name.len() >= LONG_LEN_MAX {
                self.long
                    .extend_from_slice(&(name.len() as u64).to_le_bytes());
            }
            self.long.extend_from_slice(name);
        }
        *self.slot_mut(at) = Slot {
            key: stored,
            shape: key.shape,
            id,
        };
        self.len += 1;
    }
}

/// Interned node names: the name store (by id) and the partitioned table.
#[derive(Clone, Debug)]
pub(super) struct Names {
    /// Every name, concatenated in id order.
    text: Vec<u8>,
    /// `ends[id]`: where name `id` ends in `text`.
    ends: Vec<usize>,
    shards: Vec<Shard>,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            text: Vec::new(),
            ends: Vec::new(),
            shards: vec![Shard::default(); PARTS],
        }
    }
}

impl Names {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The bytes of name `id`.
    pub fn bytes(&self, id: u32) -> &[u8] {
        let id = id as usize;
        let start = if id == 0 { 0 } else { self.ends[id - 1] };
        &self.text[start..self.ends[id]]
    }

    pub fn get(&self, id: u32) -> &str {
        std::str::from_utf8(self.bytes(id)).expect("names are stored from &str")
    }

    pub fn lookup(&self, name: &str) -> Option<u32> {
        let name = name.as_bytes();
        let key = Key::of(name);
        let shard = &self.shards[partition_of(key.hash())];
        if shard.groups.is_empty() {
            return None;
        }
        shard.find(key, name).ok()
    }

    /// The id of `name`, adding it if new; `None` when it is new and the
    /// store already holds `max` names (or ids are exhausted).
    pub fn intern(&mut self, name: &str, max: usize) -> Option<u32> {
        let name = name.as_bytes();
        let key = Key::of(name);
        let p = partition_of(key.hash());
        let mut shard = std::mem::take(&mut self.shards[p]);
        if shard.is_full() {
            shard.grow(|_, _| {});
        }
        let id = match shard.find(key, name) {
            Ok(id) => Some(id),
            Err(at) => {
                let id = (self.len() < max).then(|| self.push(name)).flatten();
                if let Some(id) = id {
                    shard.insert(at, key, name, id);
                }
                id
            }
        };
        self.shards[p] = shard;
        id
    }

    /// Adds a name to the store (the next id), or `None` when ids are
    /// exhausted. The caller enters it in the table.
    pub fn push(&mut self, bytes: &[u8]) -> Option<u32> {
        let id = u32::try_from(self.len())
            .ok()
            .filter(|&id| id <= MAX_NODES)?;
        self.text.extend_from_slice(bytes);
        self.ends.push(self.text.len());
        Some(id)
    }

    /// Makes room in the store for `more` names.
    pub fn reserve(&mut self, more: usize) {
        self.ends.reserve(more);
    }

    /// Takes the partitions out (for the bulk reader to work on them in
    /// parallel while it reads the store); [`Names::put_shards`] puts them
    /// back.
    pub fn take_shards(&mut self) -> Vec<Shard> {
        std::mem::take(&mut self.shards)
    }

    pub fn put_shards(&mut self, shards: Vec<Shard>) {
        debug_assert_eq!(shards.len(), PARTS);
        self.shards = shards;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_with_the_same_hash_bits_are_told_apart_by_their_bytes() {
        // Keys made by hand: the same 32 hash bits and length for
        // different names, as a collision would give.
        let mut shard = Shard::default();
        shard.grow(|_, _| {});
        let key = Key::long(0xdead_beef_0000_0000, 20);
        let (a, b, c) = (&[b'a'; 20], &[b'b'; 20], &[b'c'; 20]);
        for (id, name) in [(0, a), (1, b)] {
            let at = shard.find(key, name).unwrap_err();
            shard.insert(at, key, name, id);
        }
        assert_eq!(shard.find(key, a), Ok(0));
        assert_eq!(shard.find(key, b), Ok(1));
        assert!(shard.find(key, c).is_err());
    }

    #[test]
    fn names_past_the_length_field_keep_their_exact_length() {
        // Two names longer than the 24-bit length field, one a prefix of
        // the other: the same key (saturated length), told apart by the
        // length written before the bytes.
        let mut shard = Shard::default();
        shard.grow(|_, _| {});
        let long = vec![b'x'; LONG_LEN_MAX + 6];
        let (a, b) = (&long[..LONG_LEN_MAX + 5], &long[..]);
        let key = Key::long(0x1234_5678_0000_0000, a.len());
        assert_eq!(key, Key::long(0x1234_5678_0000_0000, b.len()));
        let at = shard.find(key, a).unwrap_err();
        shard.insert(at, key, a, 7);
        assert_eq!(shard.find(key, a), Ok(7));
        assert!(shard.find(key, b).is_err());
        // And through the name table, by text.
        let mut names = Names::default();
        let text = String::from_utf8(long).unwrap();
        let (a, b) = (&text[..LONG_LEN_MAX + 5], &text[..]);
        assert_eq!(names.intern(a, usize::MAX), Some(0));
        assert_eq!(names.intern(b, usize::MAX), Some(1));
        assert_eq!(names.lookup(a), Some(0));
        assert_eq!(names.lookup(b), Some(1));
        assert_eq!(names.get(1).len(), LONG_LEN_MAX + 6);
    }
}
