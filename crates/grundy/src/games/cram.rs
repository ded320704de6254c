//! Cram: players take turns placing a domino (1x2, either way round) on
//! empty cells of a board; whoever cannot place one loses.
//!
//! A position is the set of empty cells, a bitboard in an 8x8 frame (bit
//! `8 * row + col`). Empty cells that do not touch are independent games, so
//! [`ImpartialGame::components`] splits the board into its connected regions
//! and brings each into a canonical form: translated to the top-left corner
//! and the least of its 8 images under rotation and reflection. Every region
//! shape is therefore solved once, wherever and however it lies.

use crate::game::ImpartialGame;

/// Bits in column 0 of the 8x8 frame.
const COL0: u64 = 0x0101_0101_0101_0101;
/// Bits in column 7 of the 8x8 frame.
const COL7: u64 = 0x8080_8080_8080_8080;

/// Cram on a `rows` x `cols` board (each between 1 and 8).
///
/// ```
/// use grundy::game::{analyse, Cache};
/// use grundy::games::Cram;
/// use grundy::Nimber;
///
/// let cram = Cram::new(2, 3).unwrap();
/// let report = analyse(&cram, &cram.start(), &mut Cache::new()).unwrap();
/// // On 2x3 the first player wins with any vertical domino (it leaves a
/// // 2x2 square, or two separate 2x1 columns, both worth *0).
/// assert_eq!(report.value, Nimber(1));
/// assert_eq!(report.winning_moves.len(), 3);
/// assert_eq!(cram.render(report.winning_moves[1]), ".#./.#.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cram {
    rows: u8,
    cols: u8,
}

impl Cram {
    /// The game on a `rows` x `cols` board, or `None` unless both are in
    /// `1..=8`.
    pub fn new(rows: u8, cols: u8) -> Option<Cram> {
        ((1..=8).contains(&rows) && (1..=8).contains(&cols)).then_some(Cram { rows, cols })
    }

    /// The number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// The empty board.
    pub fn start(&self) -> u64 {
        let row = (1u64 << self.cols) - 1;
        (0..self.rows).fold(0, |acc, r| acc | row << (8 * r))
    }

    /// The position drawn row by row, `.` for an empty cell and `#` for a
    /// covered one, rows separated by `/`.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// let cram = Cram::new(2, 3).unwrap();
    /// assert_eq!(cram.render(cram.start() & !0b11), "##./...");
    /// ```
    pub fn render(&self, pos: u64) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            if r > 0 {
                s.push('/');
            }
            for c in 0..self.cols {
                s.push(if pos >> (8 * r + c) & 1 == 1 {
                    '.'
                } else {
                    '#'
                });
            }
        }
        s
    }

    /// The cells `(row, col)` covered by the domino that turns `from` into
    /// `to`, if `to` is one move from `from`.
    pub fn domino(from: u64, to: u64) -> Option<[(u8, u8); 2]> {
        let placed = from & !to;
        if to & !from != 0 || placed.count_ones() != 2 {
            return None;
        }
        let a = placed.trailing_zeros() as u8;
        let b = 63 - placed.leading_zeros() as u8;
        let adjacent = (b == a + 1 && a % 8 != 7) || b == a + 8;
        adjacent.then_some([(a / 8, a % 8), (b / 8, b % 8)])
    }
}

/// Reverses the order of the columns (bits within each byte).
fn mirror_columns(mut x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    x = ((x >> 1) & K1) | ((x & K1) << 1);
    x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// Swaps rows and columns: bit (r, c) moves to (c, r).
fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// Moves a non-empty shape to the top-left corner of the frame.
fn to_corner(x: u64) -> u64 {
    let x = x >> (x.trailing_zeros() & !7);
    let mut cols = x | x >> 32;
    cols |= cols >> 16;
    cols |= cols >> 8;
    // No cell lies left of the leftmost column, so the shift moves no cell
    // across a row boundary.
    x >> (cols as u8).trailing_zeros()
}

/// The least of the 8 images of a region under the symmetries of the square,
/// each moved to the corner.
fn canonical(region: u64) -> u64 {
    let mut best = u64::MAX;
    for x in [region, transpose(region)] {
        for y in [x, x.swap_bytes()] {
            best = best.min(to_corner(y)).min(to_corner(mirror_columns(y)));
        }
    }
    best
}

/// The connected region of `cells` that contains the lowest cell.
fn region_of_lowest(cells: u64) -> u64 {
    let mut region = cells & cells.wrapping_neg();
    loop {
        let grown = (region
            | ((region << 1) & !COL0)
            | ((region >> 1) & !COL7)
            | (region << 8)
            | (region >> 8))
            & cells;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

impl ImpartialGame for Cram {
    /// The empty cells (bit `8 * row + col`).
    type Position = u64;

    fn moves(&self, &pos: &u64, out: &mut Vec<u64>) {
        let mut horizontal = pos & (pos >> 1) & !COL7;
        while horizontal != 0 {
            let b = horizontal.trailing_zeros();
            out.push(pos & !(0b11 << b));
            horizontal &= horizontal - 1;
        }
        let mut vertical = pos & (pos >> 8);
        while vertical != 0 {
            let b = vertical.trailing_zeros();
            out.push(pos & !(0x101 << b));
            vertical &= vertical - 1;
        }
    }

    fn size(&self, pos: &u64) -> Option<u64> {
        Some(u64::from(pos.count_ones()))
    }

    fn components(&self, &pos: &u64, out: &mut Vec<u64>) {
        let mut rest = pos;
        while rest != 0 {
            let region = region_of_lowest(rest);
            rest &= !region;
            // A lone cell has no move: it is worth *0 and is left out.
            if region.count_ones() > 1 {
                out.push(canonical(region));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_and_mirror_move_single_cells() {
        for r in 0..8 {
            for c in 0..8 {
                let bit = 1u64 << (8 * r + c);
                assert_eq!(transpose(bit), 1 << (8 * c + r));
                assert_eq!(mirror_columns(bit), 1 << (8 * r + 7 - c));
                assert_eq!(bit.swap_bytes(), 1 << (8 * (7 - r) + c));
            }
        }
    }

    #[test]
    fn canonical_form_is_shared_by_all_images() {
        // An L-tromino in four orientations and two places.
        let shapes: [u64; 5] = [
            0b11 | 0b01 << 8,
            0b11 | 0b10 << 8,
            0b01 | 0b11 << 8,
            0b10 | 0b11 << 8,
            (0b11 | 0b01 << 8) << 19,
        ];
        let c = canonical(shapes[0]);
        for s in shapes {
            assert_eq!(canonical(s), c);
        }
        assert_eq!(c.count_ones(), 3);
    }

    #[test]
    fn regions_are_split() {
        let cram = Cram::new(3, 3).unwrap();
        // Column 1 covered: two 3x1 strips, which are the same shape.
        let pos = cram.start() & !(0x02 | 0x0200 | 0x02_0000);
        let mut parts = Vec::new();
        cram.components(&pos, &mut parts);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], parts[1]);
    }

    #[test]
    fn domino_reports_the_cells() {
        let cram = Cram::new(2, 8).unwrap();
        let start = cram.start();
        assert_eq!(Cram::domino(start, start & !0xC0), Some([(0, 6), (0, 7)]));
        assert_eq!(
            Cram::domino(start, start & !0x0180),
            None,
            "(0,7) and (1,0) are not adjacent"
        );
        assert_eq!(Cram::domino(start, start & !0x0101), Some([(0, 0), (1, 0)]));
    }
}
