//! [`GrundySequence`]: the values `G(0), G(1), ...` of a heap game, stored
//! compactly.
//!
//! A sequence stores one byte per value while every value is below 256 and
//! widens (2, 4, then 8 bytes) the first time a larger one appears, so 2^31
//! values of a typical octal or subtraction game fit in 2 GiB. Every engine
//! keeps its values here, and the sparse-space engine computes them in
//! place ([`GrundySequence::store_mut`]); the one walk that looks for a
//! period in them ([`GrundySequence::period_check`]) is here too, since
//! both the period search and that engine's shortcut use it.

use super::theorem::Theorem;
use crate::limits::LimitError;
use crate::Nimber;

/// A Grundy sequence `G(0), ..., G(len-1)` stored compactly.
///
/// # Examples
///
/// ```
/// use grundy::heap::GrundySequence;
/// use grundy::Nimber;
///
/// let mut seq = GrundySequence::new();
/// seq.push(Nimber(3));
/// assert_eq!(seq.bytes_per_value(), 1);
/// seq.push(Nimber(300)); // widens to two bytes per value
/// assert_eq!(seq.bytes_per_value(), 2);
/// assert_eq!(seq.get(0), Some(Nimber(3)));
/// assert_eq!(seq.iter().collect::<Vec<_>>(), [Nimber(3), Nimber(300)]);
/// assert_eq!(seq.max_value(), Some(Nimber(300)));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrundySequence {
    storage: Storage,
    max: Option<Nimber>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Storage {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

impl Default for Storage {
    fn default() -> Self {
        Storage::U8(Vec::new())
    }
}

/// Applies `$body` to the vector inside a [`Storage`], whatever its width.
macro_rules! with_storage {
    ($storage:expr, $v:ident => $body:expr) => {
        match $storage {
            Storage::U8($v) => $body,
            Storage::U16($v) => $body,
            Storage::U32($v) => $body,
            Storage::U64($v) => $body,
        }
    };
}

impl GrundySequence {
    /// An empty sequence.
    pub fn new() -> GrundySequence {
        GrundySequence::default()
    }

    /// An empty sequence with room for `n` one-byte values.
    pub fn with_capacity(n: usize) -> GrundySequence {
        GrundySequence {
            storage: Storage::U8(Vec::with_capacity(n)),
            max: None,
        }
    }

    /// Number of values stored.
    #[inline]
    pub fn len(&self) -> usize {
        with_storage!(&self.storage, v => v.len())
    }

    /// Makes room for `G(0..n)` (n values in all) at the current width,
    /// fallibly: a store that memory cannot hold is an error that says how
    /// many bytes it needed, not an abort.
    ///
    /// # Errors
    /// [`LimitError::OutOfMemory`] when the allocation fails.
    ///
    /// ```
    /// use grundy::heap::GrundySequence;
    ///
    /// let mut seq = GrundySequence::new();
    /// assert!(seq.try_reserve(1000).is_ok());
    /// assert!(seq.try_reserve(usize::MAX / 2).is_err());
    /// ```
    pub fn try_reserve(&mut self, n: usize) -> Result<(), LimitError> {
        let width = self.bytes_per_value() as u64;
        let additional = n.saturating_sub(self.len());
        with_storage!(&mut self.storage, v => v.try_reserve_exact(additional))
            .map_err(|e| crate::limits::out_of_memory(n as u64, width, e))
    }

    /// Whether no value is stored.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes used per value: 1, 2, 4 or 8.
    pub fn bytes_per_value(&self) -> usize {
        match self.storage {
            Storage::U8(_) => 1,
            Storage::U16(_) => 2,
            Storage::U32(_) => 4,
            Storage::U64(_) => 8,
        }
    }

    /// The largest value stored, `None` when empty.
    pub fn max_value(&self) -> Option<Nimber> {
        self.max
    }

    /// `G(i)`, or `None` past the end.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Nimber> {
        with_storage!(&self.storage, v => v.get(i).copied().map(to_nimber))
    }

    /// Appends `G(len)`, widening the storage if `g` does not fit.
    ///
    /// # Complexity
    /// Amortised O(1); a widening copies the sequence once (at most three
    /// times over the sequence's life).
    #[inline]
    pub fn push(&mut self, g: Nimber) {
        let x = g.0;
        if self.max.is_none_or_less(g) {
            self.max = Some(g);
        }
        loop {
            match &mut self.storage {
                Storage::U8(v) if x <= u8::MAX as u64 => return v.push(x as u8),
                Storage::U16(v) if x <= u16::MAX as u64 => return v.push(x as u16),
                Storage::U32(v) if x <= u32::MAX as u64 => return v.push(x as u32),
                Storage::U64(v) => return v.push(x),
                _ => self.widen(),
            }
        }
    }

    /// Moves to the next wider type, keeping the room reserved (an engine
    /// that reserved for `n` values keeps room for `n` wider ones); the old
    /// storage is freed after the copy.
    pub(crate) fn widen(&mut self) {
        fn widened<A: Copy, B: From<A>>(v: Vec<A>) -> Vec<B> {
            let mut out = Vec::with_capacity(v.capacity().max(v.len()));
            out.extend(v.into_iter().map(B::from));
            out
        }
        let old = std::mem::take(&mut self.storage);
        self.storage = match old {
            Storage::U8(v) => Storage::U16(widened(v)),
            Storage::U16(v) => Storage::U32(widened(v)),
            Storage::U32(v) => Storage::U64(widened(v)),
            Storage::U64(v) => Storage::U64(v),
        };
    }

    /// The values themselves, for an engine that computes them in place
    /// (the sparse-space engine). The engine must report the largest value
    /// it stored with [`note_max`](GrundySequence::note_max).
    pub(crate) fn store_mut(&mut self) -> StoreMut<'_> {
        match &mut self.storage {
            Storage::U8(v) => StoreMut::U8(v),
            Storage::U16(v) => StoreMut::U16(v),
            Storage::U32(v) => StoreMut::U32(v),
            Storage::U64(_) => StoreMut::U64,
        }
    }

    /// Records that values up to `max` were stored through
    /// [`store_mut`](GrundySequence::store_mut).
    pub(crate) fn note_max(&mut self, max: Nimber) {
        if self.max.is_none_or_less(max) {
            self.max = Some(max);
        }
    }

    /// Values that fit without a new allocation.
    pub(crate) fn capacity(&self) -> usize {
        with_storage!(&self.storage, v => v.capacity())
    }

    /// Makes room for `additional` more values at the current width.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        with_storage!(&mut self.storage, v => v.reserve_exact(additional))
    }

    /// Appends `G(i) = G(i - p)` until there are `len` values (`p <=
    /// self.len()`): a proved period's values, copied.
    pub(crate) fn extend_periodic(&mut self, p: usize, len: usize) {
        fn go<T: Copy>(v: &mut Vec<T>, p: usize, len: usize) {
            while v.len() < len {
                let i = v.len();
                v.push(v[i - p]);
            }
        }
        with_storage!(&mut self.storage, v => go(v, p, len))
    }

    /// Looks for a period in the values so far: the one walk over `p` that
    /// both the period search ([`period`](super::period)) and the octal
    /// engine's shortcut use. `proved` is `(n0, p)` when the values prove,
    /// by `theorem`, that `G(n + p) = G(n)` for every `n >= n0`: they agree
    /// with their shift by `p` from `n0` on, up to `theorem.bound(n0, p) +
    /// p`. The smallest such `p` is returned; multiples of a period that
    /// agrees over at least `max(p, 16)` values (a *plausible* one) are
    /// skipped (they need a longer proof). `candidate` is the proved
    /// period, or else the smallest plausible `p`, with where the agreement
    /// starts; `need` is the fewest values that would prove one of the
    /// periods that agree over at least `max(p / 2, 16)` values, if they
    /// held on.
    ///
    /// # Complexity
    /// O(1) for most `p` (the last values differ), O(agreement) for the
    /// others.
    pub(crate) fn period_check(&self, theorem: Theorem) -> PeriodCheck {
        fn go<T: Copy + Eq>(v: &[T], theorem: Theorem) -> PeriodCheck {
            let len = v.len();
            let mut first: Option<(usize, usize)> = None;
            let mut need: Option<u64> = None;
            for p in 1..=len.div_ceil(2) {
                if first.is_some_and(|(_, c)| p % c == 0) {
                    continue;
                }
                // The last values differ: the agreement is empty, which
                // neither proves nor suggests anything.
                if p < len && v[len - 1] != v[len - 1 - p] {
                    continue;
                }
                let n0 = last_mismatch_in(v, p).map_or(0, |i| i + 1);
                // The check covers n0 <= n < bound, which reads values up
                // to bound - 1 + p.
                let bound = theorem.bound(n0 as u64, p as u64).saturating_add(p as u64);
                if bound <= len as u64 {
                    return PeriodCheck {
                        proved: Some((n0, p)),
                        candidate: Some((n0, p)),
                        need: None,
                    };
                }
                let agree = (len - p).saturating_sub(n0);
                if agree >= p.max(16) {
                    first.get_or_insert((n0, p));
                }
                // Half a period of agreement is already worth computing
                // the length that would prove it (0.1777, period
                // 60 620 715, agrees over 77% of it at 2^28 values and is
                // proved at 4.4·10^8, where doubling would go on to 5.4·10^8).
                if agree >= (p / 2).max(16) {
                    need = Some(need.map_or(bound, |m| m.min(bound)));
                }
            }
            PeriodCheck {
                proved: None,
                candidate: first,
                need: need.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            }
        }
        with_storage!(&self.storage, v => go(v, theorem))
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = Nimber> + '_ {
        (0..self.len()).map(|i| self.get(i).unwrap_or_default())
    }

    /// The largest `i < end` with `G(i + p) != G(i)`, among `i + p < len`,
    /// or `None` when the sequence agrees with its shift by `p` everywhere
    /// below `end`.
    ///
    /// # Complexity
    /// O(distance scanned), comparing 64 values at a time.
    pub fn last_mismatch(&self, p: usize) -> Option<usize> {
        with_storage!(&self.storage, v => last_mismatch_in(v, p))
    }
}

/// The largest `i` with `v[i] != v[i + p]`, or `None` when `v` agrees with
/// its shift by `p`: blocks of 64 are compared from the end (the compiler
/// vectorises the block comparison), and only a failing block is searched.
fn last_mismatch_in<T: PartialEq>(v: &[T], p: usize) -> Option<usize> {
    if p >= v.len() {
        return None;
    }
    let (a, b) = (&v[..v.len() - p], &v[p..]);
    let mut end = a.len();
    while end > 0 {
        let start = end.saturating_sub(64);
        if a[start..end] != b[start..end] {
            return (start..end).rev().find(|&i| a[i] != b[i]);
        }
        end = start;
    }
    None
}

/// The values of a [`GrundySequence`] as the vector of their width, for an
/// engine that computes them in place ([`GrundySequence::store_mut`]).
pub(crate) enum StoreMut<'a> {
    U8(&'a mut Vec<u8>),
    U16(&'a mut Vec<u16>),
    U32(&'a mut Vec<u32>),
    /// Values of 2^32 and above: no engine computes them in place.
    U64,
}

/// What [`GrundySequence::period_check`] found: a proved period, the
/// smallest period the values agree with so far, proved or not, and the
/// length that would prove a plausible one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PeriodCheck {
    pub(crate) proved: Option<(usize, usize)>,
    pub(crate) candidate: Option<(usize, usize)>,
    pub(crate) need: Option<usize>,
}

/// Any storage cell as a nimber (one generic function for every width).
#[inline]
fn to_nimber<T: Into<u64>>(x: T) -> Nimber {
    Nimber(x.into())
}

trait MaxExt {
    fn is_none_or_less(&self, g: Nimber) -> bool;
}

impl MaxExt for Option<Nimber> {
    #[inline]
    fn is_none_or_less(&self, g: Nimber) -> bool {
        match self {
            None => true,
            Some(m) => *m < g,
        }
    }
}

impl FromIterator<Nimber> for GrundySequence {
    fn from_iter<I: IntoIterator<Item = Nimber>>(iter: I) -> Self {
        let mut seq = GrundySequence::new();
        for g in iter {
            seq.push(g);
        }
        seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_widens_and_keeps_values() {
        let input = [1u64, 255, 256, 70000, 1 << 40, 2];
        let mut seq = GrundySequence::new();
        let mut widths = vec![];
        for &x in &input {
            seq.push(Nimber(x));
            widths.push(seq.bytes_per_value());
        }
        assert_eq!(widths, [1, 1, 2, 4, 8, 8]);
        assert_eq!(seq.iter().map(|g| g.0).collect::<Vec<_>>(), input);
        assert_eq!(seq.max_value(), Some(Nimber(1 << 40)));
        assert_eq!(seq.get(6), None);
    }

    #[test]
    fn last_mismatch_finds_the_last_exception() {
        let seq: GrundySequence = [5, 1, 2, 3, 1, 2, 3, 1, 2, 3]
            .into_iter()
            .map(Nimber)
            .collect();
        assert_eq!(seq.last_mismatch(3), Some(0));
        assert_eq!(seq.last_mismatch(1), Some(8));
        let long: GrundySequence = (0..1000u64)
            .map(|i| Nimber(if i == 10 { 9 } else { i % 5 }))
            .collect();
        assert_eq!(long.last_mismatch(5), Some(10));
        assert_eq!(long.last_mismatch(2000), None);
    }
}
