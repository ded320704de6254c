//! The values in reverse order ([`Mirror`]), kept on the portable path so
//! that a witness scan reads both halves of its splits forwards.
//!
//! A scan pairs `G(a)` with `G(r - a)` for consecutive parts `a`: one
//! slice of the values read forwards, the other backwards. Vector code
//! must reverse the backward half, which AVX2 and AVX-512 do in one or two
//! shuffles a vector, but SSE2, the portable path on x86-64, needs three
//! for eight two-byte values (it has no byte shuffle): on `0.367`, whose
//! time is mostly scans of two-byte values, that made the portable path
//! slower than ogsolve. Read from a copy stored in reverse order, the
//! backward half is a forward slice
//! ([`pairs_hit_mirrored`](crate::heap::dense::pairs_hit_mirrored)), and
//! a vector of pairs costs two loads, an xor, a compare and an or.
//!
//! The copy costs as much memory as the values (it grows to the room
//! reserved for them), so the engine keeps it on the portable path only;
//! the other paths reverse in registers and leave it empty. The values
//! are the same either way.

use crate::heap::cell::{Cell, PerWidth};
use crate::simd::Level;

/// `G(0), ..., G(len - 1)` stored backwards, at the end of a vector of the
/// values' width that is allocated ahead and filled from its end, so that
/// appending a value writes one cell and moves nothing.
#[derive(Clone, Debug, Default)]
pub(super) struct Mirror {
    /// Whether the engine keeps the copy (the portable path).
    on: bool,
    /// `G(i)` at `cells[size - 1 - i]` for `i < len`, where `size` is the
    /// length of the vector of the values' width (the others are empty).
    cells: PerWidth,
    /// How many values the copy holds.
    len: usize,
}

impl Mirror {
    /// A copy that the engine keeps where the scans run at `level`: on the
    /// portable path only.
    pub(super) fn at(level: Level) -> Mirror {
        Mirror {
            on: level == Level::Portable,
            ..Mirror::default()
        }
    }

    /// Brings the copy up to `g`, the values computed so far; room is
    /// made, when it runs out, for `room` values (the room reserved for
    /// the values themselves, so that the copy grows as often as they do).
    /// The engine's values are final once computed, so the copy only
    /// appends; values that `g` no longer has are dropped from it, and a
    /// wider type starts it again.
    #[inline(always)]
    pub(super) fn sync<T: Cell>(&mut self, g: &[T], room: usize) {
        // Inline, so that the paths without a copy pay one test.
        if self.on {
            self.bring_up(g, room);
        }
    }

    /// [`Mirror::sync`] of a copy the engine keeps.
    #[inline(never)]
    fn bring_up<T: Cell>(&mut self, g: &[T], room: usize) {
        if T::of_width(&self.cells).is_empty() && self.len > 0 {
            // The values were widened: the old copy is of no use.
            self.cells = PerWidth::default();
            self.len = 0;
        }
        let cells = T::of_width_mut(&mut self.cells);
        self.len = self.len.min(g.len());
        if g.len() > cells.len() {
            // Zeroed, so that the pages of the room not yet filled are not
            // touched (the values' own room is reserved, not written).
            let mut grown = vec![T::default(); room.max(g.len())];
            let size = grown.len();
            grown[size - self.len..].copy_from_slice(&cells[cells.len() - self.len..]);
            *cells = grown;
        }
        let size = cells.len();
        for (i, &v) in g.iter().enumerate().skip(self.len) {
            cells[size - 1 - i] = v;
        }
        self.len = g.len();
    }

    /// Appends `v`, the value after those the copy holds, where the room
    /// made by the last [`Mirror::sync`] allows (a value left out is read
    /// from the values instead).
    #[inline(always)]
    pub(super) fn push<T: Cell>(&mut self, v: T) {
        if !self.on {
            return;
        }
        let cells = T::of_width_mut(&mut self.cells);
        if let Some(at) = cells.len().checked_sub(self.len + 1) {
            cells[at] = v;
            self.len += 1;
        }
    }

    /// The copy: `G(len - 1), ..., G(0)` (empty when the engine keeps
    /// none).
    #[inline(always)]
    pub(super) fn view<T: Cell>(&self) -> &[T] {
        if !self.on {
            return &[];
        }
        let cells = T::of_width(&self.cells);
        match cells.len().checked_sub(self.len) {
            Some(start) => &cells[start..],
            // The values' width is another.
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_copy_follows_appends_truncations_and_widening() {
        let mut mirror = Mirror::at(Level::Portable);
        let mut g: Vec<u8> = (0..10).collect();
        mirror.sync(&g, 12);
        assert_eq!(mirror.view::<u8>(), [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        g.extend([20, 21, 22, 23, 24]);
        // Past the room: the copy grows, and keeps what it held.
        mirror.sync(&g, 16);
        let want: Vec<u8> = g.iter().rev().copied().collect();
        assert_eq!(mirror.view::<u8>(), want);
        // Values dropped (by a test: the engine's values are final once
        // the copy holds them), then others appended.
        g.truncate(11);
        mirror.sync(&g, 16);
        g.push(30);
        mirror.sync(&g, 16);
        assert_eq!(mirror.view::<u8>(), [30, 20, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        // Values appended one at a time, as a block finds them, while the
        // room lasts.
        for v in 40..50 {
            mirror.push(v);
            g.push(v);
        }
        let want: Vec<u8> = g[..16].iter().rev().copied().collect();
        assert_eq!(mirror.view::<u8>(), want);
        g.truncate(16);
        // Widened values start a copy of their width.
        let wide: Vec<u16> = g.iter().map(|&v| u16::from(v)).chain([300]).collect();
        mirror.sync(&wide, 20);
        let want: Vec<u16> = wide.iter().rev().copied().collect();
        assert_eq!(mirror.view::<u16>(), want);
        assert!(mirror.view::<u8>().is_empty());
        // Off the portable path, nothing is kept.
        let mut off = Mirror::at(Level::Avx2);
        off.sync(&g, 16);
        off.push(1u8);
        assert!(off.view::<u8>().is_empty());
    }
}
