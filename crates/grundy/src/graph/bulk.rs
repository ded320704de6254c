//! The bulk edge-list reader: names looked up in rounds, partition by
//! partition.
//!
//! A big edge list names 10^7 nodes 10^8 times. Looking each occurrence up
//! in one table of 10^7 names costs a cache miss (and a TLB miss) per
//! occurrence. Instead, the reader gathers a *round* of up to 12 million
//! occurrences (four for each name already known, so that a small graph
//! does not buffer its whole file), sorted by the partition of the name
//! table they belong to ([`super::intern`]), and looks up one partition at
//! a time: a partition holds about 1/1024 of the names, so its table (and
//! its copy of its long names) stays in the L2 cache while its occurrences
//! stream past. The same idea as a radix-partitioned hash join.
//!
//! A round goes through five steps:
//!
//! 1. **Lexing** (as the text arrives, all threads): each thread lexes its
//!    part of each block of lines into a [`Lane`]: per partition, the
//!    name occurrences ([`Entry`]: the name's key and the token's index in
//!    the lane), and per token its partition and whether it starts an edge.
//! 2. **Look-ups** (one partition per task, all threads): each occurrence
//!    gets its name's id, in a list per partition. A name not in the table
//!    yet gets a *provisional* id `base + j` (`base` the number of names
//!    before the round, `j` its index among the partition's new names),
//!    remembered with the position of its earliest occurrence in the round.
//! 3. **Ranking**: ids must follow the order in which names first appear.
//!    The earliest positions of all new names are set in a bitmap over the
//!    round's tokens; a new name's id is `base` plus the number of bits set
//!    before its own, a prefix count and a popcount.
//! 4. **Settling** (one partition per task): provisional ids become final
//!    in the table and in the partition's list, and each new name is put
//!    at its rank in a list that the name store then takes in order.
//! 5. **Edges** (all threads): the tokens are walked in input order, each
//!    taking the next id of its partition's list; each thread gathers a
//!    share of the round into edge lists, which are then bucketed for the
//!    CSR as [`super::GraphBuilder`] does.
//!
//! Every step is linear in the round. The random accesses left are into a
//! partition's table (in cache), the bitmap (a few MiB), the ends of the
//! 1024 lists that grow or are read at once, and the edge buckets; the
//! hot loops prefetch those a few steps ahead ([`crate::prefetch`]).

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use super::csr::Buckets;
use super::intern::{partition_of, Key, Names, Shard, HIGH, LONG_TAG};
use super::lex::{self, TokenSink};
use super::GraphError;
use crate::parallel::{for_each_mut, threads};
use crate::prefetch::{prefetch, prefetch_at};

/// A round ends once it holds this many tokens (checked between blocks),
/// or fewer while the table is small (see [`Round::is_full`]). Bigger
/// rounds load each partition's table fewer times; this many keep the
/// round's buffers near 300 MiB.
const ROUND_TOKENS: usize = 12 << 20;
/// The fewest tokens a round waits for (a round has fixed costs: 1024
/// tasks, the bitmap).
const ROUND_MIN_TOKENS: usize = 1 << 20;
/// Tokens a round waits for per name already in the table. A round reads
/// every partition's table once (about 21 bytes a name, at memory speed)
/// and looks each token up in cache (some nanoseconds): from about a
/// quarter of a token per name on, the table's cost is amortised, and four
/// leave it small. Bounding rounds by the table keeps the buffers of a
/// graph of 10^6 nodes from holding its whole file.
const ROUND_TOKENS_PER_NAME: usize = 4;
/// A round also ends once its long names take this many bytes.
const ROUND_LONG_BYTES: usize = 128 << 20;
/// The most bytes of text in a block (see
/// [`super::GraphBuilder::edge_lines`]), unless one line is longer. A token
/// takes two bytes with its separator, so a block adds at most half as many
/// tokens, and with [`ROUND_TOKENS`] a round stays far below 2^32 tokens:
/// positions and long-name indices (the low 32 bits of an [`Entry`]'s key)
/// fit in 32 bits.
pub(super) const BLOCK_BYTES: usize = 4 << 20;
const _: () = assert!(ROUND_TOKENS + BLOCK_BYTES / 2 < 1 << 32);

/// In a token's tag: the next token is the other end of this one's edge.
pub(super) const EDGE_FROM: u16 = 1 << 15;

/// One occurrence of a name in a round, in its partition's list.
///
/// `key` and `shape` are the name's [`Key`], except that a long name's
/// `key` carries, in its low 32 bits, the index of its bytes in the lane's
/// long names. `pos` is the token's index in its lane.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    key: u64,
    shape: u32,
    pos: u32,
}

impl Entry {
    /// The name's key (as the table stores it).
    #[inline]
    fn key(self) -> Key {
        let long = self.shape >> 24 == LONG_TAG;
        Key {
            key: if long { self.key & HIGH } else { self.key },
            shape: self.shape,
        }
    }

    /// For a long name, the index of its bytes in the lane.
    #[inline]
    fn long_index(self) -> Option<usize> {
        (self.shape >> 24 == LONG_TAG).then_some((self.key & !HIGH) as usize)
    }

    /// The name's bytes, for a long name of partition `p` (empty for a
    /// short one, whose key is all of it).
    #[inline]
    fn long_name(self, lane: &Lane, p: usize) -> &[u8] {
        self.long_index()
            .map_or(&[], |index| lane.long[p].get(index))
    }
}

/// Where a lane stood, to undo what was lexed after it.
#[derive(Clone, Copy, Debug)]
pub(super) struct LaneMark {
    tags: usize,
}

/// The long names of one partition in a lane, in input order.
#[derive(Clone, Debug, Default)]
struct LongNames {
    /// Where each name ends in `text`.
    ends: Vec<usize>,
    text: Vec<u8>,
}

impl LongNames {
    fn get(&self, index: usize) -> &[u8] {
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.text[start..self.ends[index]]
    }

    /// Drops the last name; returns its length.
    fn pop(&mut self) -> usize {
        self.ends.pop();
        let end = self.ends.last().copied().unwrap_or(0);
        let len = self.text.len() - end;
        self.text.truncate(end);
        len
    }
}

/// What one thread lexed in a round.
#[derive(Clone, Debug, Default)]
pub(super) struct Lane {
    /// The name occurrences of each partition, in input order.
    entries: Vec<Vec<Entry>>,
    /// Per token, in input order: its partition, with [`EDGE_FROM`] when
    /// the next token is the other end of its edge.
    tags: Vec<u16>,
    /// The bytes of each partition's long names (kept by partition, so
    /// that a partition's look-ups read them in order).
    long: Vec<LongNames>,
    /// Bytes in `long`.
    long_bytes: usize,
    /// Tokens that start an edge.
    edges: usize,
}

impl Lane {
    fn new() -> Lane {
        Lane {
            entries: vec![Vec::new(); super::intern::PARTS],
            long: vec![LongNames::default(); super::intern::PARTS],
            ..Lane::default()
        }
    }

    /// Tokens lexed so far in the round.
    pub fn len(&self) -> usize {
        self.tags.len()
    }

    #[inline]
    fn push_entry(&mut self, hash: u64, key: u64, shape: u32) {
        let p = partition_of(hash);
        let entries = &mut self.entries[p];
        entries.push(Entry {
            key,
            shape,
            pos: self.tags.len() as u32,
        });
        // The partitions' lists grow at 1024 places at once, too many for
        // the hardware to see as streams: each new line would be a miss
        // that stalls the stores. Fetching the next line of this list now
        // has it in cache when the partition's next name comes (measured:
        // 9 ns a name instead of 5 ns, on 10^7 names).
        if let Some(next) = entries.spare_capacity_mut().get(4) {
            prefetch(next);
        }
        self.tags.push(p as u16);
    }

    fn clear(&mut self) {
        for entries in &mut self.entries {
            entries.clear();
        }
        for long in &mut self.long {
            long.ends.clear();
            long.text.clear();
        }
        self.tags.clear();
        self.long_bytes = 0;
        self.edges = 0;
    }
}

impl TokenSink for Lane {
    type Mark = LaneMark;

    fn mark(&self) -> LaneMark {
        LaneMark {
            tags: self.tags.len(),
        }
    }

    /// Drops every token after `mark`.
    fn truncate(&mut self, mark: LaneMark) {
        for &tag in self.tags[mark.tags..].iter().rev() {
            if tag & EDGE_FROM != 0 {
                self.edges -= 1;
            }
            let p = usize::from(tag & !EDGE_FROM);
            let entry = self.entries[p].pop().expect("an entry per token");
            if entry.long_index().is_some() {
                self.long_bytes -= self.long[p].pop();
            }
        }
        self.tags.truncate(mark.tags);
    }

    /// Marks the token at `mark` (the first of its line) as the start of
    /// an edge to the next one.
    fn mark_edge(&mut self, mark: LaneMark) {
        self.tags[mark.tags] |= EDGE_FROM;
        self.edges += 1;
    }

    /// Adds an occurrence of a short name.
    #[inline]
    fn push_short(&mut self, key: Key) {
        self.push_entry(key.hash(), key.key, key.shape);
    }

    /// Adds an occurrence of a long name.
    fn push_long(&mut self, name: &[u8]) {
        let key = Key::of(name);
        debug_assert!(key.is_long());
        let hash = key.hash();
        let long = &mut self.long[partition_of(hash)];
        long.text.extend_from_slice(name);
        long.ends.push(long.text.len());
        // As for the entries (see `push_entry`): these grow at 1024 places.
        if let Some(next) = long.text.spare_capacity_mut().get(64) {
            prefetch(next);
        }
        self.long_bytes += name.len();
        let index = long.ends.len() as u64 - 1;
        self.push_entry(hash, key.key | index, key.shape);
    }
}

/// A run of one lane's tokens: where they are in the lane and in the round.
#[derive(Clone, Copy, Debug)]
struct Segment {
    lane: usize,
    /// Token indices in the lane.
    start: usize,
    end: usize,
    /// The index in the round of the first token.
    first: usize,
}

/// A name new in this round, in its partition's work.
#[derive(Clone, Copy, Debug)]
struct Fresh {
    /// Its slot.
    at: u32,
    /// The round position of its earliest occurrence; after ranking, its id.
    first: u32,
    /// Which of the partition's occurrences (counted lane by lane) added
    /// it.
    src: u32,
}

/// One partition's work buffers, kept from round to round.
#[derive(Clone, Debug, Default)]
struct PartWork {
    /// The id (or provisional id) of each of the partition's occurrences,
    /// lane by lane.
    found: Vec<u32>,
    fresh: Vec<Fresh>,
}

/// Where a lexed block stood, to undo it.
#[derive(Clone, Debug)]
pub(super) struct RoundMark {
    lanes: Vec<LaneMark>,
    segments: usize,
    tokens: usize,
}

/// The tokens gathered for one round, and the buffers that process it.
#[derive(Debug)]
pub(super) struct Round {
    /// The number of lanes (threads that lex).
    lane_count: usize,
    /// [`ROUND_TOKENS`], lowered by tests to have many rounds.
    limit: usize,
    lanes: Vec<Lane>,
    segments: Vec<Segment>,
    tokens: usize,
    work: Vec<PartWork>,
    /// Step 3: a bit per round position, set where a new name first occurs.
    first: Vec<AtomicU64>,
    /// Step 4: the new names in id order (an [`Entry`]'s key and shape,
    /// with the lane in bits 32..48 and the partition in bits 48..64 of the
    /// second word).
    by_id: Vec<[AtomicU64; 2]>,
    /// Step 5: per thread, the edges it gathered, per lane of the buckets.
    gathered: Vec<Vec<Vec<(u32, u32)>>>,
}

impl Clone for Round {
    fn clone(&self) -> Self {
        Round {
            lanes: self.lanes.clone(),
            segments: self.segments.clone(),
            tokens: self.tokens,
            ..Round::new(self.lane_count, self.limit)
        }
    }
}

impl Default for Round {
    fn default() -> Self {
        Round::new(threads(), ROUND_TOKENS)
    }
}

impl Round {
    /// A round lexed by `lanes` threads, finished at `limit` tokens (at
    /// most [`ROUND_TOKENS`]).
    pub fn new(lanes: usize, limit: usize) -> Round {
        assert!(limit <= ROUND_TOKENS);
        Round {
            lane_count: lanes.max(1),
            limit,
            lanes: Vec::new(),
            segments: Vec::new(),
            tokens: 0,
            work: Vec::new(),
            first: Vec::new(),
            by_id: Vec::new(),
            gathered: Vec::new(),
        }
    }

    /// Tokens in the round.
    pub fn tokens(&self) -> usize {
        self.tokens
    }

    /// Edges in the round.
    pub fn edges(&self) -> usize {
        self.lanes.iter().map(|l| l.edges).sum()
    }

    /// Whether the round should be finished before another block is lexed,
    /// with `names` names in the table.
    pub fn is_full(&self, names: usize) -> bool {
        let goal = names
            .saturating_mul(ROUND_TOKENS_PER_NAME)
            .clamp(ROUND_MIN_TOKENS, ROUND_TOKENS);
        self.tokens >= self.limit.min(goal)
            || self.lanes.iter().map(|l| l.long_bytes).sum::<usize>() >= ROUND_LONG_BYTES
    }

    pub fn mark(&self) -> RoundMark {
        RoundMark {
            lanes: self.lanes.iter().map(Lane::mark).collect(),
            segments: self.segments.len(),
            tokens: self.tokens,
        }
    }

    /// Drops everything lexed after `mark`.
    pub fn undo(&mut self, mark: &RoundMark) {
        for (lane, &m) in self.lanes.iter_mut().zip(&mark.lanes) {
            lane.truncate(m);
        }
        self.segments.truncate(mark.segments);
        self.tokens = mark.tokens;
    }

    /// Lexes a block of whole lines (at most [`BLOCK_BYTES`]), the first
    /// being line `first_line`, into the round: one part per thread.
    /// Returns the number of `\n` in it. After an error the round holds
    /// the lines before the bad one.
    pub fn lex(&mut self, block: &[u8], first_line: usize) -> Result<usize, GraphError> {
        if self.lanes.is_empty() {
            self.lanes = (0..self.lane_count).map(|_| Lane::new()).collect();
        }
        let parts = self.lanes.len();
        let mut cuts = vec![0];
        for p in 1..parts {
            let cut = lex::line_end(block, block.len() * p / parts).max(cuts[p - 1]);
            cuts.push(cut);
        }
        cuts.push(block.len());
        let marks: Vec<LaneMark> = self.lanes.iter().map(Lane::mark).collect();
        let mut results: Vec<(&mut Lane, Result<usize, GraphError>)> =
            self.lanes.iter_mut().map(|lane| (lane, Ok(0))).collect();
        for_each_mut(&mut results, |p, (lane, result)| {
            *result = lex::lex_edge_list(block, cuts[p]..cuts[p + 1], *lane);
        });
        // Keep the parts up to the first error, in order.
        let mut newlines = 0;
        let mut error = None;
        let mut kept = Vec::with_capacity(parts);
        for (p, (lane, result)) in results.into_iter().enumerate() {
            if error.is_some() {
                lane.truncate(marks[p]);
                continue;
            }
            kept.push((p, marks[p].tags, lane.len()));
            match result {
                Ok(n) => newlines += n,
                Err(e) => {
                    error = Some(lex::shift_line(e, first_line - 1 + newlines));
                }
            }
        }
        for (lane, start, end) in kept {
            if end > start {
                self.segments.push(Segment {
                    lane,
                    start,
                    end,
                    first: self.tokens,
                });
                self.tokens += end - start;
            }
        }
        match error {
            Some(e) => Err(e),
            None => Ok(newlines),
        }
    }

    /// Interns the round's names and adds its edges (steps 2 to 5 of the
    /// [module docs](self)), leaving the round empty.
    ///
    /// The caller makes sure that ids fit: the number of names plus the
    /// round's tokens is at most `u32::MAX`.
    pub fn finish(&mut self, names: &mut Names, buckets: &mut Buckets) {
        if self.tokens == 0 {
            self.clear();
            return;
        }
        let base = u32::try_from(names.len()).expect("checked by the caller");
        assert!(u32::try_from(names.len() + self.tokens).is_ok());
        // Per lane, its segments in order: (start, end, first).
        let mut by_lane: Vec<Vec<Segment>> = vec![Vec::new(); self.lanes.len()];
        for s in &self.segments {
            by_lane[s.lane].push(*s);
        }
        let lanes = &self.lanes;
        if self.work.len() != super::intern::PARTS {
            self.work = vec![PartWork::default(); super::intern::PARTS];
        }

        // Step 2: look-ups, one partition per task.
        let mut shards = names.take_shards();
        {
            let mut tasks: Vec<(&mut Shard, &mut PartWork)> =
                shards.iter_mut().zip(self.work.iter_mut()).collect();
            for_each_mut(&mut tasks, |p, (shard, work)| {
                work.look_up(p, shard, lanes, &by_lane, base);
            });
        }

        // Step 3: rank the new names by first occurrence.
        let words = self.tokens.div_ceil(64);
        self.first.clear();
        self.first.resize_with(words, || AtomicU64::new(0));
        let first = &self.first;
        for_each_mut(&mut self.work, |_, work| {
            for f in &work.fresh {
                first[f.first as usize / 64].fetch_or(1 << (f.first % 64), Relaxed);
            }
        });
        let mut before = Vec::with_capacity(words);
        let mut new = 0u32;
        for word in first.iter() {
            before.push(new);
            new += word.load(Relaxed).count_ones();
        }

        // Step 4: ids for the new names, and in each partition's list.
        self.by_id.clear();
        self.by_id
            .resize_with(new as usize, || [AtomicU64::new(0), AtomicU64::new(0)]);
        {
            let (lanes, by_id) = (&self.lanes, &self.by_id);
            let mut tasks: Vec<(&mut Shard, &mut PartWork)> =
                shards.iter_mut().zip(self.work.iter_mut()).collect();
            for_each_mut(&mut tasks, |p, (shard, work)| {
                work.settle(p, shard, lanes, first, &before, base, by_id);
            });
        }
        names.put_shards(shards);

        // The new names into the store, in id order.
        names.reserve(new as usize);
        for record in &self.by_id {
            let (key, second) = (record[0].load(Relaxed), record[1].load(Relaxed));
            let entry = Entry {
                key,
                shape: second as u32,
                pos: 0,
            };
            let id = match entry.long_index() {
                Some(index) => {
                    let (lane, p) = ((second >> 32) as u16, (second >> 48) as u16);
                    names.push(self.lanes[usize::from(lane)].long[usize::from(p)].get(index))
                }
                None => {
                    let (bytes, len) = entry.key().short_bytes();
                    names.push(&bytes[..len])
                }
            };
            debug_assert!(id.is_some(), "checked by the caller");
        }

        // Step 5: the edges, in input order. Each token's id is the next
        // one of its partition's list (for its lane): the lists are read as
        // 1024 streams, a line at a time, where writing the ids back in
        // input order would have cost a line for every token. Thread g
        // gathers the g-th share of the segments into edge lists, one per
        // lane of the buckets; then thread t fills lane t of the buckets
        // from the lists, in order.
        let edges: usize = self.edges();
        let count = buckets.lanes.len();
        let shares = split_segments(&self.segments, count);
        let (lanes, segments, work) = (&self.lanes, &self.segments, &self.work);
        self.gathered.resize_with(count, Vec::new);
        for_each_mut(&mut self.gathered, |g, lists| {
            lists.resize_with(count, Vec::new);
            lists.iter_mut().for_each(Vec::clear);
            let mut next = starts_before(lanes, segments, shares[g].start);
            for s in &segments[shares[g].clone()] {
                let next = &mut next[s.lane];
                let mut from = None;
                for &tag in &lanes[s.lane].tags[s.start..s.end] {
                    let p = usize::from(tag & !EDGE_FROM);
                    let at = next[p] as usize;
                    next[p] += 1;
                    let found = &work[p].found;
                    prefetch_at(found, at + 16);
                    let id = found[at];
                    if tag & EDGE_FROM != 0 {
                        from = Some(id);
                    } else if let Some(from) = from.take() {
                        lists[Buckets::lane_of(from, count)].push((from, id));
                    }
                }
            }
        });
        let gathered = &self.gathered;
        for_each_mut(&mut buckets.lanes, |t, bucket_lane| {
            for lists in gathered {
                for &(from, to) in &lists[t] {
                    Buckets::push_to_lane(bucket_lane, count, from, to);
                }
            }
        });
        buckets.len += edges;
        self.clear();
    }

    fn clear(&mut self) {
        for lane in &mut self.lanes {
            lane.clear();
        }
        self.segments.clear();
        self.tokens = 0;
    }
}

impl PartWork {
    /// Step 2 for partition `p`: the id of each occurrence, new names
    /// entered with provisional ids.
    fn look_up(
        &mut self,
        p: usize,
        shard: &mut Shard,
        lanes: &[Lane],
        by_lane: &[Vec<Segment>],
        base: u32,
    ) {
        self.found.clear();
        self.fresh.clear();
        if shard.is_full() {
            // No provisional slot yet, nothing to follow.
            shard.grow(|_, _| {});
        }
        shard.warm();
        let fresh = &mut self.fresh;
        // The round position of token `pos` of lane `k` (needed for new
        // names only, so found by a binary search).
        let position = |k: usize, pos: u32| {
            let segments = &by_lane[k];
            let s = &segments[segments.partition_point(|s| s.end <= pos as usize)];
            (s.first + pos as usize - s.start) as u32
        };
        let mut src = 0u32;
        for (k, lane) in lanes.iter().enumerate() {
            let entries = &lane.entries[p];
            // Each hash is computed once, AHEAD entries early, to prefetch
            // the group where its look-up starts; it waits in `hashes`.
            const AHEAD: usize = 8;
            let mut hashes = [0u64; AHEAD];
            for (i, entry) in entries.iter().take(AHEAD).enumerate() {
                hashes[i] = entry.key().hash();
                shard.prefetch(hashes[i]);
            }
            for (i, &entry) in entries.iter().enumerate() {
                let hash = hashes[i % AHEAD];
                if let Some(ahead) = entries.get(i + AHEAD) {
                    let h = ahead.key().hash();
                    shard.prefetch(h);
                    hashes[i % AHEAD] = h;
                }
                let key = entry.key();
                let name = entry.long_name(lane, p);
                let found = shard.find_hashed(key, hash, name);
                let id = match found {
                    Ok(id) if id >= base => {
                        let f = &mut fresh[(id - base) as usize];
                        f.first = f.first.min(position(k, entry.pos));
                        id
                    }
                    Ok(id) => id,
                    Err(mut at) => {
                        if shard.is_full() {
                            shard.grow(|slot, at| {
                                if slot.id >= base {
                                    fresh[(slot.id - base) as usize].at = at as u32;
                                }
                            });
                            at = shard.find(key, name).expect_err("a new name");
                        }
                        let id = base + fresh.len() as u32;
                        shard.insert(at, key, name, id);
                        fresh.push(Fresh {
                            at: at as u32,
                            first: position(k, entry.pos),
                            src,
                        });
                        id
                    }
                };
                self.found.push(id);
                src += 1;
            }
        }
    }

    /// Step 4 for partition `p`: the new names' ids (their rank among the
    /// round's first occurrences) into their slots, `by_id` and the
    /// partition's list of ids.
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &mut self,
        p: usize,
        shard: &mut Shard,
        lanes: &[Lane],
        first: &[AtomicU64],
        before: &[u32],
        base: u32,
        by_id: &[[AtomicU64; 2]],
    ) {
        for f in &mut self.fresh {
            let (word, bit) = (f.first as usize / 64, f.first % 64);
            let rank = before[word] + (first[word].load(Relaxed) & ((1 << bit) - 1)).count_ones();
            f.first = base + rank;
            shard.slot_mut(f.at as usize).id = f.first;
            let (lane, entry) = entry_at(lanes, p, f.src);
            let record = &by_id[rank as usize];
            record[0].store(entry.key, Relaxed);
            let place = (lane as u64) << 32 | (p as u64) << 48;
            record[1].store(u64::from(entry.shape) | place, Relaxed);
        }
        for id in &mut self.found {
            if *id >= base {
                *id = self.fresh[(*id - base) as usize].first;
            }
        }
    }
}

/// `parts` runs of consecutive segments with about as many tokens each.
fn split_segments(segments: &[Segment], parts: usize) -> Vec<std::ops::Range<usize>> {
    let tokens: usize = segments.iter().map(|s| s.end - s.start).sum();
    let mut shares = Vec::with_capacity(parts);
    let mut start = 0;
    for part in 1..=parts {
        let goal = tokens * part / parts;
        let end = if part == parts {
            segments.len()
        } else {
            segments.partition_point(|s| s.first < goal).max(start)
        };
        shares.push(start..end);
        start = end;
    }
    shares
}

/// For each lane and partition, where the occurrences of segment `segment`
/// on start in the partition's list of ids (lane by lane: see
/// [`PartWork::found`]), counting the tags of the segments before it.
fn starts_before(lanes: &[Lane], segments: &[Segment], segment: usize) -> Vec<Vec<u32>> {
    // Lane k's list starts after the occurrences of the lanes before it.
    let mut starts = Vec::with_capacity(lanes.len());
    let mut before = vec![0u32; super::intern::PARTS];
    for lane in lanes {
        starts.push(before.clone());
        for (start, entries) in before.iter_mut().zip(&lane.entries) {
            *start += entries.len() as u32;
        }
    }
    for s in &segments[..segment] {
        for &tag in &lanes[s.lane].tags[s.start..s.end] {
            starts[s.lane][usize::from(tag & !EDGE_FROM)] += 1;
        }
    }
    starts
}

/// Occurrence `src` of partition `p`, counting lane by lane, with its lane.
fn entry_at(lanes: &[Lane], p: usize, src: u32) -> (usize, Entry) {
    let mut src = src as usize;
    for (k, lane) in lanes.iter().enumerate() {
        match lane.entries[p].get(src) {
            Some(&entry) => return (k, entry),
            None => src -= lane.entries[p].len(),
        }
    }
    panic!("occurrence out of range")
}
