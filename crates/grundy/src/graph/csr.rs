//! The compressed adjacency (CSR) of a graph, built from pairs that
//! arrive in any order: a bucketed radix sort.

use crate::parallel::for_each_mut;
use crate::prefetch::prefetch;

/// Keys per bucket of [`Buckets`]: a bucket's counters (64 KiB) and its
/// share of the CSR (some hundred KiB) stay in cache while it is sorted.
pub(super) const BUCKET_BITS: u32 = 14;

/// `(key, value)` pairs kept in buckets by `key >> BUCKET_BITS`, each in
/// input order: the first pass of a radix sort, done as the pairs arrive.
///
/// Sorting 5·10^7 edges by a plain counting sort scatters them over arrays
/// of 10^7 entries, a cache and TLB miss per edge; sorting bucket by bucket
/// keeps every access in cache, and the buckets are sorted in parallel.
/// Bucket `b` lives in lane `b % lanes` (at `b / lanes`), so that one
/// thread per lane can add pairs at once.
#[derive(Clone, Debug)]
pub(super) struct Buckets {
    /// Per lane, its buckets.
    pub(super) lanes: Vec<Vec<Vec<(u32, u32)>>>,
    /// Pairs in all.
    pub(super) len: usize,
}

impl Buckets {
    /// Empty buckets added to by `lanes` threads at once.
    pub(super) fn new(lanes: usize) -> Buckets {
        Buckets {
            lanes: vec![Vec::new(); lanes.max(1)],
            len: 0,
        }
    }

    /// Empty buckets in one lane, bucket `b` with room for `sizes[b]`
    /// pairs (when the sizes are known, each bucket is allocated once).
    pub(super) fn with_sizes(sizes: Vec<usize>) -> Buckets {
        Buckets {
            lanes: vec![sizes.into_iter().map(Vec::with_capacity).collect()],
            len: 0,
        }
    }

    /// The lane of `key`.
    #[inline]
    pub(super) fn lane_of(key: u32, lanes: usize) -> usize {
        (key >> BUCKET_BITS) as usize % lanes
    }

    /// Adds a pair to its bucket in `lane` (which must be its lane) of
    /// `lanes`; the caller counts it in `len`.
    #[inline]
    pub(super) fn push_to_lane(
        lane: &mut Vec<Vec<(u32, u32)>>,
        lanes: usize,
        key: u32,
        value: u32,
    ) {
        let at = (key >> BUCKET_BITS) as usize / lanes;
        if at >= lane.len() {
            lane.resize_with(at + 1, Vec::new);
        }
        let bucket = &mut lane[at];
        bucket.push((key, value));
        // Hundreds of buckets grow at once: fetch the line this one grows
        // into next (as the bulk reader's lexer does for its partitions).
        if let Some(next) = bucket.spare_capacity_mut().get(8) {
            prefetch(next);
        }
    }

    #[inline]
    pub(super) fn push(&mut self, key: u32, value: u32) {
        let lanes = self.lanes.len();
        Buckets::push_to_lane(
            &mut self.lanes[Buckets::lane_of(key, lanes)],
            lanes,
            key,
            value,
        );
        self.len += 1;
    }

    /// The CSR `(offsets, values)` over keys `0..keys` (every key pushed
    /// must be below `keys`), values of a key in the order pushed.
    pub(super) fn into_csr(mut self, keys: usize) -> (Vec<u32>, Vec<u32>) {
        let mut offsets = vec![0u32; keys + 1];
        let mut values = vec![0u32; self.len];
        let lanes = self.lanes.len();
        let count = (0..lanes)
            .map(|t| self.lanes[t].len() * lanes)
            .max()
            .unwrap_or(0);
        // Each bucket's share of `offsets[1..]` and of `values`.
        let mut work = Vec::with_capacity(count);
        let (mut rest_offsets, mut rest_values) = (&mut offsets[1..], &mut values[..]);
        let mut base = 0u32;
        for b in 0..count {
            let bucket = self.lanes[b % lanes]
                .get_mut(b / lanes)
                .map(std::mem::take)
                .unwrap_or_default();
            let span = rest_offsets.len().min(1 << BUCKET_BITS);
            let (o, o_tail) = rest_offsets.split_at_mut(span);
            let (v, v_tail) = rest_values.split_at_mut(bucket.len());
            let len = v.len() as u32;
            work.push((bucket, o, v, base));
            base += len;
            (rest_offsets, rest_values) = (o_tail, v_tail);
        }
        // Keys past the last bucket have no pairs.
        rest_offsets.fill(base);
        for_each_mut(&mut work, |_, (bucket, offsets, values, base)| {
            let low = |key: u32| (key & ((1 << BUCKET_BITS) - 1)) as usize;
            // offsets[j] becomes the end of the values of key j (of the
            // bucket's keys), a running count from `base`.
            for &(key, _) in bucket.iter() {
                offsets[low(key)] += 1;
            }
            let mut sum = *base;
            for o in offsets.iter_mut() {
                sum += *o;
                *o = sum;
            }
            // Place from the back, moving each end down: the values of a key
            // keep their order, and offsets[j] ends at the start of key j.
            for &(key, value) in bucket.iter().rev() {
                let end = &mut offsets[low(key)];
                *end -= 1;
                values[(*end - *base) as usize] = value;
            }
            // The start of key j + 1 is the end of key j.
            let mut next = *base + values.len() as u32;
            for o in offsets.iter_mut().rev() {
                std::mem::swap(o, &mut next);
            }
            *bucket = Vec::new();
        });
        (offsets, values)
    }
}
