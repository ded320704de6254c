//! Interned node names: the table that turns 10^8 name occurrences of a big
//! edge list into `u32` ids.
//!
//! Every access to a table of 10^7 names misses the cache (and, with 4 KiB
//! pages, the TLB), so the layout is chosen to make a look-up one miss:
//!
//! * A slot is 16 bytes, and slots come in groups of four, one aligned
//!   cache line. A name of at most [`INLINE`] bytes lives in its slot with
//!   its id, so a hit needs no other memory. A longer name's slot holds its
//!   full 64-bit hash; only a hash match reads the name itself (by id, from
//!   the name store).
//! * Probing starts at the first slot of a group and goes on linearly, so
//!   at the table's load (at most 3/4) a look-up nearly always reads one
//!   line, the one a batch touches ahead of time.
//! * The table is split into shards by the top bits of the hash, so that
//!   one thread per shard can intern the names of a block of lines at once,
//!   each thread with its own table and its own misses in flight.
//!
//! Ids must be given in the order names first appear in the input. A shard
//! thread cannot know how many names the other shards have met earlier in
//! the block, so a name new in a block is first entered as *provisional*:
//! its slot holds `base + i`, where `base` is the number of names before
//! the block and `i` the block index of the name's first occurrence (ids
//! below `base` are final, so the two cannot be confused). A short
//! sequential pass over the block's tokens then numbers the new names in
//! order, and each shard writes the final ids into its provisional slots
//! (a store each, no load).

use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering::Relaxed;

use super::MAX_NODES;

/// Names up to this many bytes are stored in their slot.
pub(super) const INLINE: usize = 11;

/// The tag of an empty slot.
const EMPTY_TAG: u32 = 0;
/// The tag of a slot holding a long name (its hash).
const LONG_TAG: u32 = INLINE as u32 + 1;
/// Slots per group (one cache line).
const GROUP: usize = 4;

/// Hash of a name: a word-at-a-time multiplicative hash (the Fx hash
/// recipe) with a full avalanche at the end (MurmurHash3's finaliser), so
/// that names differing only in their last characters spread over the whole
/// table. Much faster than SipHash on the 10^8 look-ups of a big file; the
/// names come from the user's own file, so hash flooding is not a concern.
pub(super) fn hash_name(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h: u64 = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(5) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// One slot of a shard's table.
///
/// `key`: a short name's first 8 bytes (little-endian, zero-padded), or a
/// long name's hash. `shape`: bits 0..24 a short name's bytes 8..11, bits
/// 24..32 the tag (the length 1..=11 of a short name, [`LONG_TAG`], or
/// [`EMPTY_TAG`]). `id`: the name's id (or, while provisional, see the
/// module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    key: u64,
    shape: u32,
    id: u32,
}

impl Slot {
    fn tag(self) -> u32 {
        self.shape >> 24
    }

    fn is_empty(self) -> bool {
        self.tag() == EMPTY_TAG
    }

    /// The hash of the name in the slot: stored for a long name, computed
    /// from the bytes in the slot for a short one.
    fn hash(self) -> u64 {
        if self.tag() == LONG_TAG {
            return self.key;
        }
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&self.key.to_le_bytes());
        bytes[8..12].copy_from_slice(&self.shape.to_le_bytes());
        hash_name(&bytes[..self.tag() as usize])
    }
}

/// Four slots on one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Group([Slot; GROUP]);

/// What a probe compares a slot with: the key and the shape.
#[derive(Clone, Copy, Debug)]
struct Probe {
    key: u64,
    shape: u32,
}

impl Probe {
    fn new(name: &[u8], hash: u64) -> Probe {
        if name.len() <= INLINE {
            let mut bytes = [0u8; 16];
            bytes[..name.len()].copy_from_slice(name);
            let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8"));
            Probe {
                key: word(0),
                shape: (word(8) as u32 & 0x00ff_ffff) | (name.len() as u32) << 24,
            }
        } else {
            Probe {
                key: hash,
                shape: LONG_TAG << 24,
            }
        }
    }

    /// [`Probe::new`] for the name at `start..start + len` of `text`,
    /// reading whole words when 16 bytes are there to read.
    #[inline]
    fn in_text(text: &[u8], start: usize, len: usize, hash: u64) -> Probe {
        match text.get(start..start + 16) {
            Some(bytes) if len <= INLINE => {
                let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8"));
                let low = |n: usize| if n >= 8 { u64::MAX } else { (1 << (8 * n)) - 1 };
                Probe {
                    key: word(0) & low(len),
                    shape: (word(8) & low(len.saturating_sub(8))) as u32 | (len as u32) << 24,
                }
            }
            _ => Probe::new(&text[start..start + len], hash),
        }
    }

    fn is_long(self) -> bool {
        self.shape >> 24 == LONG_TAG
    }

    fn slot(self, id: u32) -> Slot {
        Slot {
            key: self.key,
            shape: self.shape,
            id,
        }
    }
}

/// One shard: an open-addressing table of groups with linear probing, at
/// most 3/4 full.
#[derive(Clone, Debug, Default)]
pub(super) struct Shard {
    groups: Vec<Group>,
    len: usize,
    /// Slots made provisional in the current block (`group * GROUP + j`),
    /// with the block index of the name's first occurrence.
    fresh: Vec<(usize, u32)>,
}

impl Shard {
    fn capacity(&self) -> usize {
        self.groups.len() * GROUP
    }

    fn slot(&self, at: usize) -> Slot {
        self.groups[at / GROUP].0[at % GROUP]
    }

    fn slot_mut(&mut self, at: usize) -> &mut Slot {
        &mut self.groups[at / GROUP].0[at % GROUP]
    }

    /// The first slot a name with this hash probes.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash as usize & (self.groups.len() - 1)) * GROUP
    }

    /// Makes room for `more` new names without passing 3/4 full.
    fn reserve(&mut self, more: usize) {
        let needed = (self.len + more).saturating_mul(4) / 3 + 1;
        if needed <= self.capacity() {
            return;
        }
        let groups = needed.div_ceil(GROUP).next_power_of_two().max(4);
        let old = std::mem::replace(&mut self.groups, vec![Group::default(); groups]);
        let mask = groups * GROUP - 1;
        for slot in old.iter().flat_map(|g| g.0).filter(|s| !s.is_empty()) {
            let mut at = self.home(slot.hash());
            while !self.slot(at).is_empty() {
                at = (at + 1) & mask;
            }
            *self.slot_mut(at) = slot;
        }
    }

    /// The slot index of `name`, or of the empty slot where it would go.
    /// An id at or above `base` is provisional: `provisional(id - base)`
    /// gives the bytes of that name (only asked for long names).
    #[inline]
    fn find<'a>(
        &self,
        name: &[u8],
        hash: u64,
        probe: Probe,
        names: &Names,
        base: u32,
        provisional: impl Fn(u32) -> &'a [u8],
    ) -> usize {
        let mask = self.capacity() - 1;
        let mut at = self.home(hash);
        loop {
            let slot = self.slot(at);
            if slot.is_empty() {
                return at;
            }
            if slot.key == probe.key && slot.shape == probe.shape {
                if !probe.is_long() {
                    return at;
                }
                let stored = if slot.id >= base {
                    provisional(slot.id - base)
                } else {
                    names.bytes(slot.id)
                };
                if stored == name {
                    return at;
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// Loads the group `hash` probes first, so that a batch of look-ups can
    /// have their cache misses in flight together.
    #[inline]
    fn touch(&self, hash: u64) -> u32 {
        self.groups[hash as usize & (self.groups.len() - 1)].0[0].shape
    }
}

/// A name occurrence in a block of text: where it is and its hash.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    /// Its hash.
    pub hash: u64,
    /// Byte offset in the block.
    pub start: usize,
    /// Its length in bytes; the top bit says the token is the `FROM` of an
    /// edge whose `TO` is the next token.
    pub len_and_edge: usize,
}

/// The top bit of [`Token::len_and_edge`].
pub(super) const EDGE_FROM: usize = 1 << (usize::BITS - 1);

impl Token {
    /// The token's bytes in its block.
    pub fn text<'a>(&self, block: &'a [u8]) -> &'a [u8] {
        &block[self.start..self.start + (self.len_and_edge & !EDGE_FROM)]
    }

    /// Whether the next token is the other end of this one's edge.
    pub fn starts_edge(&self) -> bool {
        self.len_and_edge & EDGE_FROM != 0
    }
}

/// The tokens of a block, in order: the lexer's parts, one after another
/// (not copied into one vector: that would be 2.4 GB of copying for a file
/// of 10^8 names).
#[derive(Clone, Debug, Default)]
pub(super) struct Tokens<'a> {
    parts: Vec<&'a [Token]>,
    len: usize,
}

impl<'a> Tokens<'a> {
    pub fn push_part(&mut self, part: &'a [Token]) {
        self.parts.push(part);
        self.len += part.len();
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn iter(&self) -> impl Iterator<Item = &'a Token> + '_ {
        self.parts.iter().flat_map(|part| part.iter())
    }

    /// Token `index` of the block.
    pub fn get(&self, mut index: usize) -> &'a Token {
        for part in &self.parts {
            match part.get(index) {
                Some(token) => return token,
                None => index -= part.len(),
            }
        }
        panic!("token index out of range")
    }
}

/// Interned node names: the name store (by id) and the sharded table.
#[derive(Clone, Debug)]
pub(super) struct Names {
    /// Every name, concatenated in id order.
    text: Vec<u8>,
    /// `ends[id]`: where name `id` ends in `text`.
    ends: Vec<usize>,
    shards: Vec<Shard>,
    /// `64 - log2(shards)`: the shard of a hash is `hash >> shard_shift`
    /// (0 when there is one shard).
    shard_shift: u32,
}

impl Default for Names {
    fn default() -> Self {
        Names::with_shards(crate::parallel::threads())
    }
}

impl Names {
    /// An empty table with the given number of shards, rounded up to a power
    /// of two (at most 64).
    pub fn with_shards(shards: usize) -> Names {
        let shards = shards.clamp(1, 64).next_power_of_two();
        Names {
            text: Vec::new(),
            ends: Vec::new(),
            shards: vec![Shard::default(); shards],
            shard_shift: 64 - shards.trailing_zeros(),
        }
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn shard_count(&self) -> usize {
        self.shards.len()
    }

    /// The shard that holds names with this hash.
    #[inline]
    pub fn shard_of(&self, hash: u64) -> usize {
        hash.checked_shr(self.shard_shift).unwrap_or(0) as usize
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
        let (name, hash) = (name.as_bytes(), hash_name(name.as_bytes()));
        let shard = &self.shards[self.shard_of(hash)];
        if shard.groups.is_empty() {
            return None;
        }
        let probe = Probe::new(name, hash);
        let slot = shard.slot(shard.find(name, hash, probe, self, u32::MAX, |_| &[]));
        (!slot.is_empty()).then_some(slot.id)
    }

    /// The id of `name`, adding it if new; `None` when ids are exhausted.
    pub fn intern(&mut self, name: &str) -> Option<u32> {
        let (bytes, hash) = (name.as_bytes(), hash_name(name.as_bytes()));
        if let Some(id) = self.lookup(name) {
            return Some(id);
        }
        let id = u32::try_from(self.len())
            .ok()
            .filter(|&id| id <= MAX_NODES)?;
        let s = self.shard_of(hash);
        let mut shard = std::mem::take(&mut self.shards[s]);
        shard.reserve(1);
        let probe = Probe::new(bytes, hash);
        let at = shard.find(bytes, hash, probe, self, u32::MAX, |_| &[]);
        *shard.slot_mut(at) = probe.slot(id);
        shard.len += 1;
        self.shards[s] = shard;
        self.push_name(bytes);
        Some(id)
    }

    fn push_name(&mut self, bytes: &[u8]) {
        self.text.extend_from_slice(bytes);
        self.ends.push(self.text.len());
    }

    /// Looks up, in shard `s`, every token of the block that belongs to it,
    /// in order, storing its id in `ids` (at the token's index); a new name
    /// becomes a provisional slot, and its tokens get the provisional id
    /// (see the module docs).
    ///
    /// The caller makes sure that provisional ids fit: the number of names
    /// plus the number of tokens is at most `u32::MAX`.
    ///
    /// Shards are independent: this runs on one thread per shard, with the
    /// shard taken out of `self` ([`Names::take_shards`]).
    pub fn find_block(
        &self,
        shard: &mut Shard,
        s: usize,
        block: &[u8],
        tokens: &Tokens<'_>,
        ids: &[AtomicU32],
    ) {
        /// Tokens per batch: enough to keep many misses in flight, few
        /// enough that the batch's slots stay in cache until used.
        const BATCH: usize = 512;
        let base = u32::try_from(self.len()).expect("checked by the caller");
        debug_assert!(u32::try_from(self.len() + tokens.len()).is_ok());
        shard.fresh.clear();
        // At worst every token of the shard is a new name.
        let more = tokens.iter().filter(|t| self.shard_of(t.hash) == s).count();
        shard.reserve(more);
        let mine = |t: &&(usize, &Token)| self.shard_of(t.1.hash) == s;
        let mut batch: Vec<(usize, &Token)> = Vec::with_capacity(BATCH);
        let mut all = tokens.iter().enumerate();
        loop {
            batch.clear();
            batch.extend(all.by_ref().filter(|t| mine(&t)).take(BATCH));
            if batch.is_empty() {
                break;
            }
            // First touch every slot (independent loads, so the CPU overlaps
            // their misses), then probe with the slots in cache.
            let sink = batch
                .iter()
                .fold(0, |acc, &(_, t)| acc ^ shard.touch(t.hash));
            std::hint::black_box(sink);
            for &(index, token) in &batch {
                let name = token.text(block);
                let probe = Probe::in_text(block, token.start, name.len(), token.hash);
                let at = shard.find(name, token.hash, probe, self, base, |i| {
                    tokens.get(i as usize).text(block)
                });
                let mut slot = shard.slot(at);
                if slot.is_empty() {
                    // Fits: base + index < base + tokens.len() <= u32::MAX.
                    slot = probe.slot(base + index as u32);
                    *shard.slot_mut(at) = slot;
                    shard.len += 1;
                    shard.fresh.push((at, index as u32));
                }
                ids[index].store(slot.id, Relaxed);
            }
        }
    }

    /// Gives the shards to the caller (for [`Names::find_block`] on several
    /// threads); [`Names::put_shards`] gives them back.
    pub fn take_shards(&mut self) -> Vec<Shard> {
        std::mem::take(&mut self.shards)
    }

    pub fn put_shards(&mut self, shards: Vec<Shard>) {
        self.shards = shards;
    }

    /// Adds a new name (the next id), or `None` when ids are exhausted.
    pub fn push_new(&mut self, bytes: &[u8]) -> Option<u32> {
        let id = u32::try_from(self.len())
            .ok()
            .filter(|&id| id <= MAX_NODES)?;
        self.push_name(bytes);
        Some(id)
    }

    /// Makes the provisional slots of shard `shard` final, given the id of
    /// each block index.
    pub fn settle(shard: &mut Shard, ids: &[AtomicU32]) {
        for &(at, index) in &shard.fresh {
            shard.groups[at / GROUP].0[at % GROUP].id = ids[index as usize].load(Relaxed);
        }
        shard.fresh.clear();
    }

    /// Rebuilds every shard from the name store, dropping provisional slots
    /// (after an error in the middle of a block).
    pub fn rebuild(&mut self) {
        let count = self.shards.len();
        let mut shards = vec![Shard::default(); count];
        for id in 0..self.len() as u32 {
            let bytes = self.bytes(id);
            let hash = hash_name(bytes);
            let shard = &mut shards[self.shard_of(hash)];
            shard.reserve(1);
            let probe = Probe::new(bytes, hash);
            let at = shard.find(bytes, hash, probe, self, u32::MAX, |_| &[]);
            *shard.slot_mut(at) = probe.slot(id);
            shard.len += 1;
        }
        self.shards = shards;
    }
}
