//! Cram: players take turns placing a domino (1x2, either way round) on
//! empty cells of a board; whoever cannot place one loses.
//!
//! A position is the set of empty cells, a bitboard in a `u128`: cell
//! `(row, col)` is bit `row * (cols + 1) + col`. Each row is followed by one
//! bit that is never set, so a domino shifted past the end of a row meets
//! it instead of the next row, and boards of any shape up to
//! `rows * (cols + 1) <= 128` share one representation (4x9, 5x8, 6x7,
//! 10x10, 3x31...).
//!
//! Empty cells that do not touch are independent games, so
//! [`ImpartialGame::components`] splits the board into its connected regions
//! and brings each into a canonical form: moved to the top-left corner, and
//! the least of its images under the symmetries of the rectangle (and of
//! the square, when the region turned a quarter still fits the board).
//! Every region shape is therefore solved once, wherever and however it
//! lies.

use std::sync::atomic::{AtomicU16, Ordering};

use crate::game::ImpartialGame;

mod lanes;

/// The most bits a board takes, with its sentinels.
const FRAME: u32 = 128;

/// Cram on a `rows` x `cols` board.
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
/// assert!(report.winning_moves.iter().any(|&m| cram.render(m) == ".#./.#."));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cram {
    rows: u8,
    cols: u8,
    /// `2^16 / (cols + 1)` rounded up, for [`Cram::row_of`].
    reciprocal: u32,
}

impl Cram {
    /// The game on a `rows` x `cols` board, or `None` unless both are at
    /// least 1, `cols` is at most 63 and `rows * (cols + 1)` at most 128.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// assert!(Cram::new(4, 9).is_some());
    /// assert!(Cram::new(10, 10).is_some());
    /// assert!(Cram::new(11, 11).is_none());
    /// ```
    pub fn new(rows: u8, cols: u8) -> Option<Cram> {
        Cram::fits(u64::from(rows), u64::from(cols)).then(|| Cram {
            rows,
            cols,
            reciprocal: 65_536_u32.div_ceil(u32::from(cols) + 1),
        })
    }

    /// Whether a board of `rows` x `cols` fits: [`Cram::new`] is `Some`.
    pub fn fits(rows: u64, cols: u64) -> bool {
        rows >= 1 && (1..=63).contains(&cols) && rows * (cols + 1) <= u64::from(FRAME)
    }

    /// The number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// Bits from one row to the next: the columns and a sentinel.
    pub(crate) fn stride(&self) -> u32 {
        u32::from(self.cols) + 1
    }

    /// The bit of cell `(row, col)`.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// let cram = Cram::new(2, 3).unwrap();
    /// assert_eq!(cram.cell(1, 0), 1 << 4);
    /// ```
    pub fn cell(&self, row: u8, col: u8) -> u128 {
        1 << (u32::from(row) * self.stride() + u32::from(col))
    }

    /// The empty board.
    pub fn start(&self) -> u128 {
        let row = (1u128 << self.cols) - 1;
        (0..u32::from(self.rows)).fold(0, |acc, r| acc | row << (r * self.stride()))
    }

    /// The position drawn row by row, `.` for an empty cell and `#` for a
    /// covered one, rows separated by `/`.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// let cram = Cram::new(2, 3).unwrap();
    /// assert_eq!(cram.render(cram.start() & !0b11), "##./...");
    /// ```
    pub fn render(&self, pos: u128) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            if r > 0 {
                s.push('/');
            }
            for c in 0..self.cols {
                s.push(if pos & self.cell(r, c) != 0 { '.' } else { '#' });
            }
        }
        s
    }

    /// The cells `(row, col)` covered by the domino that turns `from` into
    /// `to`, if `to` is one move from `from`.
    ///
    /// ```
    /// use grundy::games::Cram;
    /// let cram = Cram::new(2, 8).unwrap();
    /// let start = cram.start();
    /// let placed = cram.cell(0, 7) | cram.cell(1, 7);
    /// assert_eq!(cram.domino(start, start & !placed), Some([(0, 7), (1, 7)]));
    /// ```
    pub fn domino(&self, from: u128, to: u128) -> Option<[(u8, u8); 2]> {
        let placed = from & !to;
        if to & !from != 0 || placed.count_ones() != 2 {
            return None;
        }
        let s = self.stride();
        let a = placed.trailing_zeros();
        let b = 127 - placed.leading_zeros();
        let adjacent = b == a + 1 || b == a + s;
        let at = |bit: u32| ((bit / s) as u8, (bit % s) as u8);
        (adjacent && (a % s) < u32::from(self.cols) && (b % s) < u32::from(self.cols))
            .then_some([at(a), at(b)])
    }
}

/// Cram on a board whose frame fits a `u64` (`rows * (cols + 1) <= 64`):
/// the same game as [`Cram`], positions with the same bits, for speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cram64 {
    rows: u8,
    cols: u8,
    reciprocal: u32,
}

impl Cram64 {
    /// The narrow form of `cram`, if its frame fits.
    pub(crate) fn of(cram: &Cram) -> Option<Cram64> {
        (u32::from(cram.rows) * cram.stride() <= 64).then_some(Cram64 {
            rows: cram.rows,
            cols: cram.cols,
            reciprocal: cram.reciprocal,
        })
    }

    fn stride(&self) -> u32 {
        u32::from(self.cols) + 1
    }
}

/// Cram on a board that fits a square of 8 rows by 7 columns, either way
/// round (5x7, 5x8, 6x7, 7x8...): the same game as [`Cram`] in a `u64`
/// whose rows are bytes (the eighth bit of each is the sentinel), so that
/// the symmetries behind the canonical forms are byte swaps, bit reversals
/// and a transpose of the whole word. A board with 8 columns is held
/// turned a quarter (its columns are this frame's rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cram8 {
    /// The frame's rows and columns: the board's, or its columns and rows
    /// when `turned`.
    rows: u8,
    cols: u8,
    /// `2^16 / 8`, for the shared `row_of`.
    reciprocal: u32,
    /// The board this frame holds.
    board: Cram,
    /// Whether the board's rows are the frame's columns.
    turned: bool,
}

impl Cram8 {
    /// The square form of `cram`, if the board fits it either way round.
    pub(crate) fn of(cram: &Cram) -> Option<Cram8> {
        let (rows, cols, turned) = if cram.cols <= 7 && cram.rows <= 8 {
            (cram.rows, cram.cols, false)
        } else if cram.rows <= 7 && cram.cols <= 8 {
            (cram.cols, cram.rows, true)
        } else {
            return None;
        };
        Some(Cram8 {
            rows,
            cols,
            reciprocal: 65_536 / 8,
            board: *cram,
            turned,
        })
    }

    fn stride(&self) -> u32 {
        8
    }

    /// A position of the board (as [`Cram`] holds it) in this frame.
    pub(crate) fn frame_of(&self, pos: u128) -> u64 {
        let square = rows_to_lanes(&self.board, pos, 8);
        if self.turned {
            transpose8(square)
        } else {
            square
        }
    }

    /// A position of this frame on the board, as [`Cram`] holds it: the
    /// inverse of [`Cram8::frame_of`].
    pub(crate) fn board_of(self, pos: u64) -> u128 {
        let square = if self.turned { transpose8(pos) } else { pos };
        lanes_to_rows(&self.board, square, 8)
    }
}

/// A position of `board` (as [`Cram`] holds it) with each row moved to a
/// lane of `lane` bits of a `u64`: the frames [`Cram8`] and [`Cram16`].
fn rows_to_lanes(board: &Cram, pos: u128, lane: u32) -> u64 {
    let s = board.stride();
    let mask = (1u128 << board.cols) - 1;
    (0..u32::from(board.rows)).fold(0u64, |acc, r| {
        acc | (((pos >> (r * s)) & mask) as u64) << (lane * r)
    })
}

/// The inverse of [`rows_to_lanes`].
fn lanes_to_rows(board: &Cram, pos: u64, lane: u32) -> u128 {
    let s = board.stride();
    let mask = (1u64 << lane) - 1;
    (0..u32::from(board.rows)).fold(0u128, |acc, r| {
        acc | u128::from((pos >> (lane * r)) & mask) << (r * s)
    })
}

/// Cram on a board of at most 4 rows of at most 15 columns (4x9, 4x11,
/// 3x13...): the same game as [`Cram`] in a `u64` whose rows are 16-bit
/// lanes (the bits past the last column of each are sentinels), so that the
/// images behind the canonical forms of regions wider than 8 cells are a
/// few instructions each: the half turn is a reversal of the whole word,
/// upside down an exchange of the lanes, mirrored both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cram16 {
    rows: u8,
    cols: u8,
    /// `2^16 / 16`, for the shared `row_of`.
    reciprocal: u32,
    /// The board this frame holds.
    board: Cram,
}

impl Cram16 {
    /// The lane form of `cram`, if the board has at most 4 rows of at most
    /// 15 cells.
    pub(crate) fn of(cram: &Cram) -> Option<Cram16> {
        (cram.rows <= 4 && cram.cols <= 15).then_some(Cram16 {
            rows: cram.rows,
            cols: cram.cols,
            reciprocal: 65_536 / 16,
            board: *cram,
        })
    }

    fn stride(&self) -> u32 {
        16
    }

    /// Whether the board's rows are the frame's columns: never here.
    fn turned(&self) -> bool {
        false
    }

    /// A position of the board (as [`Cram`] holds it) in this frame.
    pub(crate) fn frame_of(&self, pos: u128) -> u64 {
        rows_to_lanes(&self.board, pos, 16)
    }

    /// A position of this frame on the board, as [`Cram`] holds it: the
    /// inverse of [`Cram16::frame_of`].
    pub(crate) fn board_of(self, pos: u64) -> u128 {
        lanes_to_rows(&self.board, pos, 16)
    }

    /// [`ImpartialGame::moves`] in the order of `moves_by_distance`, with
    /// the dominoes of each distance read from [`LANE_RINGS`] instead of
    /// sorted.
    fn ordered_moves(&self, pos: u64, out: &mut Vec<u64>) {
        if pos == 0 {
            return;
        }
        let (r0, r1, c0, c1) = self.bounds(pos);
        let rings = &LANE_RINGS[(r0 + r1) as usize][(c0 + c1) as usize];
        let kinds = [(pos & (pos >> 16), 0, 16), (pos & (pos >> 1), 1, 1)];
        let most = (r1 - r0 + c1 - c0) as usize;
        for ring in &rings[..=most] {
            for &(free, kind, step) in &kinds {
                let mut m = ring[kind] & free;
                while m != 0 {
                    let b = m.trailing_zeros();
                    m &= m - 1;
                    out.push(pos & !(1 << b | 1 << (b + step)));
                }
            }
        }
    }

    /// [`Cram::canonical`] with rows as lanes: the same least image (both
    /// frames compare a region by its rows from the last). A region within
    /// 4x4 that the board lets turn a quarter (every one, on 4 rows) reads
    /// its form from [`SMALL_FORMS`]; the others have four images: the
    /// half turn is a reversal of the word, upside down an exchange of the
    /// lanes, mirrored both.
    pub(crate) fn canonical(&self, region: u64) -> u64 {
        const LOW_LANES: u64 = 0x0000_ffff_0000_ffff;
        let x = region >> (region.trailing_zeros() / 16 * 16);
        let h = (63 - x.leading_zeros()) / 16 + 1;
        // The columns that hold a cell, in one lane.
        let mut fold = x | x >> 32;
        fold |= fold >> 16;
        let fold = fold & 0xffff;
        let left = fold.trailing_zeros();
        let x = x >> left;
        let w = 64 - fold.leading_zeros() - left;
        if w <= u32::from(self.rows) && h <= u32::from(self.cols) {
            // Four rows of four cells, a nibble each, and back.
            let packed = (x | x >> 12 | x >> 24 | x >> 36) & 0xffff;
            let q = u64::from(cached_small_form(packed as u16));
            return (q & 0xf) | (q & 0xf0) << 12 | (q & 0xf00) << 24 | (q & 0xf000) << 36;
        }
        // The half turn takes lane r's column c to lane h - 1 - r's column
        // w - 1 - c; the lanes in reverse order turn a region upside down.
        let turned = x.reverse_bits() >> (80 - 16 * h - w);
        let upside = |y: u64| {
            let swapped = y.rotate_left(32);
            ((swapped & LOW_LANES) << 16 | (swapped >> 16) & LOW_LANES) >> (16 * (4 - h))
        };
        x.min(upside(x)).min(turned).min(upside(turned))
    }
}

/// The canonical forms of the regions of a 4x4 square (bit `4 * row +
/// col`) that [`Cram16::canonical`] has met, by region ([`small_form`]);
/// `0` where not yet. Filled as regions come (the same form whichever
/// thread writes it), 128 KB.
static SMALL_FORMS: [AtomicU16; 1 << 16] = [const { AtomicU16::new(0) }; 1 << 16];

/// [`small_form`] of `v` (not 0), read from [`SMALL_FORMS`], or found and
/// written there the first time.
#[inline(always)]
fn cached_small_form(v: u16) -> u16 {
    let slot = &SMALL_FORMS[usize::from(v)];
    match slot.load(Ordering::Relaxed) {
        0 => {
            let form = small_form(v);
            slot.store(form, Ordering::Relaxed);
            form
        }
        form => form,
    }
}

/// The least of the eight images of `v` (a region of the 4x4 square, bit
/// `4 * row + col`) under the symmetries of the square, each moved to the
/// corner, compared as [`Cram::canonical`] compares (by rows from the
/// last).
#[cold]
fn small_form(v: u16) -> u16 {
    let corner = |v: u16| {
        if v == 0 {
            return 0;
        }
        let v = v >> (v.trailing_zeros() / 4 * 4);
        let fold = (v | v >> 4 | v >> 8 | v >> 12) & 0xf;
        v >> fold.trailing_zeros()
    };
    // Upside down: the nibbles in reverse order.
    let flip_rows = |v: u16| {
        let v = v.swap_bytes();
        (v & 0x0f0f) << 4 | (v >> 4) & 0x0f0f
    };
    // Mirrored: the bits of each nibble in reverse order.
    let flip_cols = |v: u16| {
        let v = (v & 0x5555) << 1 | (v >> 1) & 0x5555;
        (v & 0x3333) << 2 | (v >> 2) & 0x3333
    };
    let transposed = (0..16)
        .filter(|b| v >> b & 1 == 1)
        .fold(0u16, |a, b| a | 1 << (4 * (b % 4) + b / 4));
    [v, transposed]
        .into_iter()
        .flat_map(|t| [t, flip_rows(t)])
        .flat_map(|t| [t, flip_cols(t)])
        .map(corner)
        .min()
        .unwrap_or(0)
}

/// The dominoes of a frame of four 16-bit lanes (fifteen cells a lane) by
/// their distance from a middle, for [`Cram16`]'s moves, as
/// [`SQUARE_RINGS`] is for [`Cram8`]: entry `[mid_r][mid_c][d][kind]`. A
/// domino within the rows and columns a position spans is at most 17 half
/// cells from their middle (3 rows apart and 14 columns). 58 KB, made by
/// the compiler.
static LANE_RINGS: [[[[u64; 2]; 18]; 29]; 7] = rings_by_distance(16, 15);

/// The dominoes of a frame of rows of `lane` bits, `cells` cells a row, by
/// their distance from each middle: [`SQUARE_RINGS`] and [`LANE_RINGS`].
/// Entry `[mid_r][mid_c][d][kind]` holds the first cells of the dominoes
/// of `kind` (0 vertical, 1 horizontal) whose middle is `d` half cells
/// from `(mid_r, mid_c)`; those `D` or more away are left out.
const fn rings_by_distance<const MR: usize, const MC: usize, const D: usize>(
    lane: usize,
    cells: usize,
) -> [[[[u64; 2]; D]; MC]; MR] {
    let mut rings = [[[[0u64; 2]; D]; MC]; MR];
    let mut mid_r = 0;
    while mid_r < MR {
        let mut mid_c = 0;
        while mid_c < MC {
            let mut bit = 0;
            while bit < 64 {
                let (r, c): (usize, usize) = (bit / lane, bit % lane);
                let mut kind = 0;
                while c < cells && kind < 2 {
                    let (down, across) = if kind == 0 { (1, 0) } else { (0, 1) };
                    let d = (2 * r + down).abs_diff(mid_r) + (2 * c + across).abs_diff(mid_c);
                    if d < D {
                        rings[mid_r][mid_c][d][kind] |= 1 << bit;
                    }
                    kind += 1;
                }
                bit += 1;
            }
            mid_c += 1;
        }
        mid_r += 1;
    }
    rings
}

/// How many rings of dominoes [`ImpartialGame::moves`] zeroes for a
/// position whose rows and columns span fewer (every position of a
/// [`Cram8`] frame); wider positions get as many rings as the word has
/// bits.
const SMALL_RINGS: usize = 24;

/// The geometry and the rules of Cram on one word size: [`Cram`] on a
/// `u128`, [`Cram64`] on a `u64` for boards whose frame fits (5x9,
/// 6x9...), which the search runs about twice as fast, and [`Cram8`] on a
/// `u64` with a byte a row (5x7, 5x8, 6x7...), and [`Cram16`] on a `u64`
/// with 16 bits a row (4x9, 4x11...), whose canonical forms are cheaper
/// still.
macro_rules! cram_on {
    ($name:ident, $w:ty $(, { $($extra:tt)* })?) => {
        impl $name {
            /// The row of bit `bit` (below 128): `bit / stride` by a
            /// multiplication, which is exact for these sizes (the error of
            /// the rounded reciprocal stays under 1/512).
            #[inline]
            fn row_of(&self, bit: u32) -> u32 {
                (bit * self.reciprocal) >> 16
            }

            /// `x` moved to the top-left corner, with its height and width.
            pub(crate) fn at_corner(&self, x: $w) -> ($w, u32, u32) {
                let s = self.stride();
                let first = self.row_of(x.trailing_zeros());
                let last = self.row_of((<$w>::BITS - 1) - x.leading_zeros());
                let x = x >> (first * s);
                let mask = (1u64 << self.cols) - 1;
                let mut fold = 0u64;
                for r in 0..=last - first {
                    fold |= (x >> (r * s)) as u64 & mask;
                }
                let left = fold.trailing_zeros();
                // No cell lies left of column `left`, so the shift moves no cell
                // across a row's end.
                (
                    x >> left,
                    last - first + 1,
                    64 - fold.leading_zeros() - left,
                )
            }

            /// `pos` with the cells that do not change its value taken away
            /// (Beling & Rogalski's reductions of Cram):
            /// - of the *tufts* (cells with exactly one neighbour) around one cell,
            ///   all but one: whichever is covered, the others are then dead;
            /// - *bridges*: cells that are neither tufts nor the neighbour of a
            ///   tuft, all of whose neighbours are neighbours of tufts (a lone
            ///   cell is one). A domino on a bridge and its neighbour `s` leaves
            ///   the same game as the domino on `s` and its tuft.
            fn reduced(&self, p: $w) -> $w {
                let s = self.stride();
                let (right, left, below, above) = (p >> 1, p << 1, p >> s, p << s);
                let any = right | left | below | above;
                let two =
                    (right & (left | below | above)) | (left & (below | above)) | (below & above);
                let tufts = p & any & !two;
                // The neighbour of each tuft, by where the tuft lies from it.
                let has_tuft_above = p & (tufts << s);
                let has_tuft_left = p & (tufts << 1);
                let has_tuft_below = p & (tufts >> s);
                let has_tuft_right = p & (tufts >> 1);
                // Keep one tuft per cell: above, else left, else below, else right.
                let mut result = p;
                let mut seen = has_tuft_above;
                result &= !((seen & has_tuft_left) >> 1);
                seen |= has_tuft_left;
                result &= !((seen & has_tuft_below) << s);
                seen |= has_tuft_below;
                result &= !((seen & has_tuft_right) << 1);
                seen |= has_tuft_right;
                let mut bridges = p & !(tufts | seen);
                bridges &= !(bridges << 1 | bridges >> 1 | bridges << s | bridges >> s);
                result & !bridges
            }

            /// The left cells of the horizontal dominoes whose link can be cut: in
            /// a 2x2 block whose top-left cell has no neighbour left or above and
            /// whose bottom-right cell none right or below (or the mirror image),
            /// both horizontal dominoes of the block (Beling & Rogalski).
            fn cut_links(&self, p: $w) -> $w {
                let s = self.stride();
                let (right, left, below, above) = (p >> 1, p << 1, p >> s, p << s);
                let right_only = p & right & !left;
                let left_only = p & left & !right;
                let below_only = below & !above;
                let above_only = above & !below;
                // The bottom-left cell of each such block.
                let main = ((right_only & below_only) << s) & ((left_only & above_only) >> 1);
                let anti = ((left_only & below_only) << (s - 1)) & right_only & above_only;
                let bottom = main | anti;
                bottom | bottom >> s
            }

            /// Pushes the canonical components of reduced `p`, with the cuttable
            /// links cut (a part that a cut separates is reduced again).
            fn split_reduced(&self, p: $w, out: &mut Vec<$w>) {
                let s = self.stride();
                let cut = self.cut_links(p);
                // Grows `region` within `rest` a step at a time, sideways
                // only where a link is not cut (`go_right`, and `go_left`
                // the same shifted).
                let (go_right, go_left) = (!cut, !cut << 1);
                let fill_cut = |mut region: $w, rest: $w| loop {
                    let grown = (region
                        | (region & go_left) >> 1
                        | (region & go_right) << 1
                        | region << s
                        | region >> s)
                        & rest;
                    if grown == region {
                        break region;
                    }
                    region = grown;
                };
                // With no link to cut (the usual case), a row's cells are
                // reached toward the higher bits at once, by a carry:
                // adding the region to `p` carries from each cell of the
                // region to the end of its run of cells (the sentinel bit
                // after a row's last column stops it).
                let fill_runs = |mut region: $w| loop {
                    let along = (p.wrapping_add(region) ^ p) & p;
                    let grown = (region | along | region >> 1 | region << s | region >> s) & p;
                    if grown == region {
                        break region;
                    }
                    region = grown;
                };
                let mut rest = p;
                while rest != 0 {
                    let seed = rest & rest.wrapping_neg();
                    let region = if cut == 0 {
                        fill_runs(seed)
                    } else {
                        fill_cut(seed, rest)
                    };
                    rest &= !region;
                    // A lone cell has no move: it is worth *0 and is left out.
                    if region.count_ones() < 2 {
                        continue;
                    }
                    if cut != 0 && region != p {
                        let again = self.reduced(region);
                        if again != region {
                            self.split_reduced(again, out);
                            continue;
                        }
                    }
                    out.push(self.canonical(region));
                }
            }

            /// Pushes the options of `pos` that put a domino of `kinds` (a
            /// mask of first cells, and the step to the second) on it, ring
            /// by ring from the middle `mid` out, as [`ImpartialGame::moves`]
            /// orders them; the rings go up to `most`, which is below `N`.
            #[inline(always)]
            #[cfg_attr(not(test), allow(dead_code))]
            fn push_by_rings<const N: usize>(
                &self,
                pos: $w,
                kinds: [($w, u32, u32); 2],
                (mid_r, mid_c): (u32, u32),
                most: usize,
                out: &mut Vec<$w>,
            ) {
                let s = self.stride();
                let mut rings = [[0 as $w; 2]; N];
                for (k, (moves, down, across)) in kinds.into_iter().enumerate() {
                    let mut m = moves;
                    while m != 0 {
                        let b = m.trailing_zeros();
                        m &= m - 1;
                        let r = self.row_of(b);
                        let c = b - r * s;
                        let d = (2 * r + down).abs_diff(mid_r) + (2 * c + across).abs_diff(mid_c);
                        rings[d as usize][k] |= 1 << b;
                    }
                }
                for ring in &rings[..=most] {
                    for (k, &(_, down, across)) in kinds.iter().enumerate() {
                        let step = down * s + across;
                        let mut m = ring[k];
                        while m != 0 {
                            let b = m.trailing_zeros();
                            m &= m - 1;
                            out.push(pos & !(1 << b | 1 << (b + step)));
                        }
                    }
                }
            }

            /// [`ImpartialGame::moves`], nearest the middle first: see
            /// there. ([`Cram8`] reads the same order from a table; this
            /// is its test's reference.)
            #[cfg_attr(not(test), allow(dead_code))]
            fn moves_by_distance(&self, pos: $w, out: &mut Vec<$w>) {
                if pos == 0 {
                    return;
                }
                let (r0, r1, c0, c1) = self.bounds(pos);
                // Dominoes nearest the middle of the position first, since a
                // domino there splits it and is often the best: by the
                // distance (in half cells, across rows plus across columns)
                // of the domino's middle from the middle of the rows and
                // columns the position spans; at equal distance, the board's
                // vertical dominoes first, then in the order of the bits.
                // This finds winning moves sooner than taking lines from the
                // middle outwards (a third fewer positions on 5x8, 44% fewer
                // on 5x7). Each domino goes into the ring of its distance (a
                // mask of its first cells, one for each kind), at most a cell
                // more than the rows and columns spanned; the rings are then
                // read from the middle out.
                let s = self.stride();
                let (mid_r, mid_c) = (r0 + r1, c0 + c1);
                let vertical = (pos & (pos >> s), 1u32, 0u32);
                let horizontal = (pos & (pos >> 1), 0u32, 1u32);
                let kinds = if self.turned() {
                    [horizontal, vertical]
                } else {
                    [vertical, horizontal]
                };
                let most = (r1 - r0 + c1 - c0) as usize + 2;
                // The rings are zeroed for every position: few of them
                // for the usual small frames.
                if most < SMALL_RINGS {
                    self.push_by_rings::<SMALL_RINGS>(pos, kinds, (mid_r, mid_c), most, out);
                } else {
                    self.push_by_rings::<{ <$w>::BITS as usize + 1 }>(
                        pos,
                        kinds,
                        (mid_r, mid_c),
                        most,
                        out,
                    );
                }
            }

            /// The first row, last row, first column and last column with a cell.
            fn bounds(&self, pos: $w) -> (u32, u32, u32, u32) {
                let s = self.stride();
                let first = self.row_of(pos.trailing_zeros());
                let last = self.row_of((<$w>::BITS - 1) - pos.leading_zeros());
                let mut fold = 0u64;
                let mask = (1u64 << self.cols) - 1;
                for r in first..=last {
                    fold |= (pos >> (r * s)) as u64 & mask;
                }
                (
                    first,
                    last,
                    fold.trailing_zeros(),
                    63 - fold.leading_zeros(),
                )
            }
        }

        impl ImpartialGame for $name {
            /// The empty cells (bit `row * (cols + 1) + col`).
            type Position = $w;

            fn moves(&self, &pos: &$w, out: &mut Vec<$w>) {
                self.ordered_moves(pos, out);
            }

            /// P by the copying strategy: the region is its own image under
            /// a half turn, or a mirror, and no domino is its own image (no
            /// empty cell is its own image or next to it), so the second
            /// player answers every domino with its image and moves last.
            fn known_p(&self, &pos: &$w) -> bool {
                // Copied moves pair the empty cells up.
                if pos.count_ones() % 2 == 1 {
                    return false;
                }
                if pos == 0 {
                    return true;
                }
                let s = self.stride();
                let (x, h, w) = self.at_corner(pos);
                let mask = (1u64 << w) - 1;
                let (mut upside, mut mirrored) = ((0 as $w), (0 as $w));
                for i in 0..h {
                    let row = (x >> (i * s)) as u64 & mask;
                    upside |= <$w>::from(row) << ((h - 1 - i) * s);
                    mirrored |= <$w>::from(row.reverse_bits() >> (64 - w)) << (i * s);
                }
                // The half turn takes bit b to k - b.
                let k = (h - 1) * s + (w - 1);
                let turned = x.reverse_bits() >> (<$w>::BITS - 1 - k);
                if turned == x {
                    // The empty cells next to their own image (or on it):
                    // those whose doubled bit is k, k +- 1 or k +- s.
                    let mut centre = (0 as $w);
                    for d in [k, k + 1, k.wrapping_sub(1), k + s, k.wrapping_sub(s)] {
                        if d % 2 == 0 && d / 2 < <$w>::BITS {
                            centre |= 1 << (d / 2);
                        }
                    }
                    if x & centre == 0 {
                        return true;
                    }
                }
                let column = (0..h).fold((0 as $w), |acc, r| acc | 1 << (r * s));
                if mirrored == x {
                    // The middle column empty (odd width), or no row with
                    // both middle cells (even width).
                    let blocked = if w % 2 == 1 {
                        x & column << (w / 2) == 0
                    } else {
                        x & (x >> 1) & column << (w / 2 - 1) == 0
                    };
                    if blocked {
                        return true;
                    }
                }
                if upside == x {
                    let row = <$w>::from(mask);
                    let blocked = if h % 2 == 1 {
                        x & row << (h / 2 * s) == 0
                    } else {
                        x & (x >> s) & row << ((h / 2 - 1) * s) == 0
                    };
                    if blocked {
                        return true;
                    }
                }
                false
            }

            fn size(&self, pos: &$w) -> Option<u64> {
                Some(u64::from(pos.count_ones()))
            }

            fn components(&self, &pos: &$w, out: &mut Vec<$w>) {
                self.split_reduced(self.reduced(pos), out);
            }

            $($($extra)*)?
        }
    };
}

cram_on!(Cram, u128);
cram_on!(Cram64, u64);
cram_on!(Cram16, u64);
cram_on!(Cram8, u64, {
    fn component_lanes(&self) -> usize {
        lanes::lanes()
    }

    fn components_of_each(&self, positions: &[u64], out: &mut Vec<u64>, ends: &mut Vec<usize>) {
        self.components_in_lanes(positions, out, ends);
    }
});

/// Canonical forms row by row, for a frame of any stride ([`Cram8`] has
/// its own).
macro_rules! canonical_by_rows {
    ($name:ident, $w:ty) => {
        impl $name {
            /// The least of `x` (at the corner, `h` rows of `w` cells) and its
            /// mirror images top to bottom, left to right, and both (the half
            /// turn, one reversal of the whole word).
            fn least_mirror(&self, x: $w, h: u32, w: u32) -> $w {
                let s = self.stride();
                let mask = (1u64 << w) - 1;
                let mut upside = (0 as $w);
                for i in 0..h {
                    let row = (x >> (i * s)) as u64 & mask;
                    upside |= <$w>::from(row) << ((h - 1 - i) * s);
                }
                // The half turn takes bit b to k - b; turning the upside-down
                // image mirrors left to right.
                let k = (h - 1) * s + (w - 1);
                let turn = |y: $w| y.reverse_bits() >> (<$w>::BITS - 1 - k);
                x.min(upside).min(turn(x)).min(turn(upside))
            }

            /// The least of the images of a region under the symmetries that keep
            /// it on the board, each moved to the corner, for any stride.
            fn canonical_any_stride(&self, region: $w) -> $w {
                let s = self.stride();
                let (x, h, w) = self.at_corner(region);
                if h <= 8 && w <= 8 {
                    // Within an 8x8 square (as every image is then), the
                    // images are cheapest with rows as bytes. Both ways a
                    // region compares by its rows from the last, so the
                    // least image is the same one.
                    let mask = (1u64 << w) - 1;
                    let mut square = 0u64;
                    for i in 0..h {
                        square |= ((x >> (i * s)) as u64 & mask) << (8 * i);
                    }
                    let best = least_square_image(square, h, w, self.rows, self.cols);
                    let mut canonical = 0 as $w;
                    for i in 0..(64 - best.leading_zeros()).div_ceil(8) {
                        canonical |= <$w>::from((best >> (8 * i)) as u8) << (i * s);
                    }
                    return canonical;
                }
                self.least_image_by_rows(x, h, w)
            }

            /// [`Self::canonical_any_stride`] of `x` (at the corner, `h`
            /// rows of `w` cells) row by row, for a region of any size.
            fn least_image_by_rows(&self, x: $w, h: u32, w: u32) -> $w {
                let s = self.stride();
                let best = self.least_mirror(x, h, w);
                // Turned a quarter: w rows of h cells, if that fits the board.
                if w <= u32::from(self.rows) && h <= u32::from(self.cols) {
                    let mut t = (0 as $w);
                    let mask = (1u64 << w) - 1;
                    for i in 0..h {
                        // Cell (i, c) goes to (c, i).
                        let mut row = (x >> (i * s)) as u64 & mask;
                        while row != 0 {
                            let c = row.trailing_zeros();
                            row &= row - 1;
                            t |= 1 << (c * s + i);
                        }
                    }
                    return best.min(self.least_mirror(t, w, h));
                }
                best
            }
        }
    };
}

canonical_by_rows!(Cram, u128);
canonical_by_rows!(Cram64, u64);

impl Cram {
    /// Whether the board's rows are the frame's columns: never here.
    fn turned(&self) -> bool {
        false
    }

    /// [`ImpartialGame::moves`].
    fn ordered_moves(&self, pos: u128, out: &mut Vec<u128>) {
        self.moves_by_distance(pos, out);
    }

    /// The canonical form of a region: the least of its images under the
    /// symmetries that keep it on the board, each moved to the top-left
    /// corner.
    pub(crate) fn canonical(&self, region: u128) -> u128 {
        self.canonical_any_stride(region)
    }
}

impl Cram64 {
    /// Whether the board's rows are the frame's columns: never here.
    fn turned(&self) -> bool {
        false
    }

    /// [`ImpartialGame::moves`].
    fn ordered_moves(&self, pos: u64, out: &mut Vec<u64>) {
        self.moves_by_distance(pos, out);
    }

    /// [`Cram::canonical`] in the narrow frame.
    pub(crate) fn canonical(&self, region: u64) -> u64 {
        self.canonical_any_stride(region)
    }
}

impl Cram8 {
    /// Whether the board's rows are the frame's columns.
    fn turned(&self) -> bool {
        self.turned
    }

    /// [`ImpartialGame::moves`] in the order of `moves_by_distance`, with
    /// the dominoes of each distance read from [`SQUARE_RINGS`] instead
    /// of sorted: one mask a distance and kind, for every domino.
    fn ordered_moves(&self, pos: u64, out: &mut Vec<u64>) {
        if pos == 0 {
            return;
        }
        let (r0, r1, c0, c1) = square_bounds(pos);
        let rings = &SQUARE_RINGS[(r0 + r1) as usize][(c0 + c1) as usize];
        // Each kind: its free dominoes (their first cells), its index in
        // a ring, and its two cells at bit 0.
        let vertical = (pos & (pos >> 8), 0, 1 | 1 << 8);
        let horizontal = (pos & (pos >> 1), 1, 0b11u64);
        let kinds = if self.turned() {
            [horizontal, vertical]
        } else {
            [vertical, horizontal]
        };
        // Room for every option first, then written in place: no check of
        // the room and no store of the length for each.
        let count = (kinds[0].0.count_ones() + kinds[1].0.count_ones()) as usize;
        let start = out.len();
        out.resize(start + count, 0);
        let slots = &mut out[start..];
        let mut n = 0;
        // A domino within the rows and columns a position spans is less
        // than `most` half cells from their middle; the rings stop early
        // once every free domino is out.
        let most = (r1 - r0 + c1 - c0) as usize;
        for ring in &rings[..most] {
            for &(free, kind, pair) in &kinds {
                let mut m = ring[kind] & free;
                while m != 0 {
                    let b = m.trailing_zeros();
                    m &= m - 1;
                    slots[n] = pos & !(pair << b);
                    n += 1;
                }
            }
            if n == count {
                break;
            }
        }
    }

    /// [`Cram::canonical`] with rows as bytes: the images upside down and
    /// turned half are a byte swap and a bit reversal of the whole word,
    /// and the quarter turn is a transpose of the 8x8 square.
    ///
    /// A region within 4x4 that the board lets turn a quarter reads its
    /// form from [`SMALL_FORMS`], as [`Cram16::canonical`] does: both
    /// frames and the table compare a region by its rows from the last.
    #[inline(always)]
    pub(crate) fn canonical(&self, region: u64) -> u64 {
        let (x, h, w) = square_corner(region);
        if h <= 4 && w <= 4 && w <= u32::from(self.rows) && h <= u32::from(self.cols) {
            // Four rows of four cells, a nibble each, and back.
            let packed = (x & 0xf) | (x >> 4 & 0xf0) | (x >> 8 & 0xf00) | (x >> 12 & 0xf000);
            let q = u64::from(cached_small_form(packed as u16));
            return (q & 0xf) | (q & 0xf0) << 4 | (q & 0xf00) << 8 | (q & 0xf000) << 12;
        }
        least_square_image(x, h, w, self.rows, self.cols)
    }
}

/// The dominoes of the 8x8 square (one byte a row, seven cells a row) by
/// their distance from a middle, for [`Cram8`]'s moves: for the middle
/// `(mid_r, mid_c)` (in half cells: the sum of the first and last rows,
/// and of the first and last columns, a position spans), entry
/// `[mid_r][mid_c][d][kind]` holds the first cells (the upper, or the left)
/// of the dominoes of `kind` (0 vertical, 1 horizontal) whose middle is `d`
/// half cells from it, across rows plus across columns, as
/// `moves_by_distance` measures. A domino within the rows and columns a
/// position spans is at most 13 half cells from their middle (7 rows
/// apart and 6 columns), so farther ones are left out. 44 KB, made by the
/// compiler.
static SQUARE_RINGS: [[[[u64; 2]; 14]; 13]; 15] = rings_by_distance(8, 7);

/// A region of an 8x8 square (one byte a row, not empty) moved to the
/// corner, with its height and width.
#[inline(always)]
fn square_corner(region: u64) -> (u64, u32, u32) {
    let x = region >> (region.trailing_zeros() / 8 * 8);
    let h = (63 - x.leading_zeros()) / 8 + 1;
    // The columns that hold a cell, in one byte.
    let mut fold = x | x >> 32;
    fold |= fold >> 16;
    fold |= fold >> 8;
    let fold = fold & 0xff;
    let left = fold.trailing_zeros();
    (x >> left, h, 64 - fold.leading_zeros() - left)
}

/// The first row, last row, first column and last column with a cell of
/// a position of an 8x8 square (one byte a row, not empty): the columns
/// folded into one byte, without a loop over the rows.
#[inline(always)]
fn square_bounds(pos: u64) -> (u32, u32, u32, u32) {
    let mut fold = pos | pos >> 32;
    fold |= fold >> 16;
    fold |= fold >> 8;
    let fold = fold & 0xff;
    (
        pos.trailing_zeros() / 8,
        (63 - pos.leading_zeros()) / 8,
        fold.trailing_zeros(),
        63 - fold.leading_zeros(),
    )
}

/// The least image of `x` (`h` rows of `w` cells at the corner of an 8x8
/// square, one byte a row) under the symmetries that keep it on a board of
/// `rows` x `cols` cells: [`least_of_square_images`], and the same of its
/// quarter turn when that fits the board.
#[inline(always)]
fn least_square_image(x: u64, h: u32, w: u32, rows: u8, cols: u8) -> u64 {
    let best = least_of_square_images(x, h, w);
    if w <= u32::from(rows) && h <= u32::from(cols) {
        best.min(least_of_square_images(transpose8(x), w, h))
    } else {
        best
    }
}

/// The least of `x` (`h` rows of `w` cells at the corner of an 8x8 square,
/// one byte a row) and its images upside down, mirrored left to right, and
/// turned half, each moved back to the corner.
#[inline]
fn least_of_square_images(x: u64, h: u32, w: u32) -> u64 {
    // The bits of each byte reversed: three exchanges, of halves, pairs
    // and single bits. Upside down is a byte swap; turned half is both.
    let mut m = (x & 0x0f0f_0f0f_0f0f_0f0f) << 4 | (x >> 4) & 0x0f0f_0f0f_0f0f_0f0f;
    m = (m & 0x3333_3333_3333_3333) << 2 | (m >> 2) & 0x3333_3333_3333_3333;
    m = (m & 0x5555_5555_5555_5555) << 1 | (m >> 1) & 0x5555_5555_5555_5555;
    let mirrored = m >> (8 - w);
    let upside = x.swap_bytes() >> (8 * (8 - h));
    let turned = mirrored.swap_bytes() >> (8 * (8 - h));
    x.min(upside).min(mirrored).min(turned)
}

/// The 8x8 square (bit `8 * row + col`) reflected in its main diagonal:
/// bit `8 * r + c` goes to bit `8 * c + r`. Three exchanges of blocks, of
/// 4x4, 2x2 and single cells.
#[inline]
fn transpose8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator from `seed`: the same numbers on every run.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn square_images_choose_the_same_canonical_form_as_rows() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d_u64);
        for (rows, cols) in [
            (4, 9),
            (4, 11),
            (3, 13),
            (5, 8),
            (6, 7),
            (2, 5),
            (8, 8),
            (6, 10),
            (3, 15),
            (2, 4),
            (4, 4),
        ] {
            let cram = Cram::new(rows, cols).unwrap();
            let narrow = Cram64::of(&cram);
            let mut square_paths = 0;
            for _ in 0..2000 {
                // Cells of a random window (often within 8x8, sometimes
                // wider), each free or not at random.
                let (top, left) = (random() % u64::from(rows), random() % u64::from(cols));
                let (high, wide) = (1 + random() % 8, 1 + random() % 10);
                let mut window = 0;
                for r in top..(top + high).min(u64::from(rows)) {
                    for c in left..(left + wide).min(u64::from(cols)) {
                        window |= cram.cell(r as u8, c as u8);
                    }
                }
                let region = window & (u128::from(random()) << 64 | u128::from(random()));
                if region == 0 {
                    continue;
                }
                let (x, h, w) = cram.at_corner(region);
                let by_rows = cram.least_image_by_rows(x, h, w);
                assert_eq!(cram.canonical(region), by_rows, "{rows}x{cols} {region:#x}");
                if let Some(lanes) = Cram16::of(&cram) {
                    let framed = lanes.frame_of(region);
                    assert_eq!(lanes.board_of(framed), region);
                    assert_eq!(
                        lanes.board_of(lanes.canonical(framed)),
                        by_rows,
                        "{rows}x{cols} {region:#x} in lanes"
                    );
                }
                if let Some(narrow) = narrow {
                    let (x, h, w) = narrow.at_corner(region as u64);
                    assert_eq!(narrow.least_image_by_rows(x, h, w) as u128, by_rows);
                    assert_eq!(narrow.canonical(region as u64) as u128, by_rows);
                }
                square_paths += usize::from(h <= 8 && w <= 8);
            }
            assert!(square_paths > 0, "{rows}x{cols}");
        }
    }

    #[test]
    fn lanes_read_the_board_canonical_form_of_every_region_within_4x4() {
        // Every set of cells of the 4x4 corner, and the same moved to the
        // far corner, on boards of 4 and 3 rows (where only regions within
        // 3x3 may turn).
        for (rows, cols) in [(4, 9), (3, 11), (4, 15)] {
            let cram = Cram::new(rows, cols).unwrap();
            let lanes = Cram16::of(&cram).unwrap();
            for v in 1u32..1 << 16 {
                let mut region = 0;
                for b in (0..16).filter(|b| v >> b & 1 == 1) {
                    let (r, c) = ((b / 4) as u8, (b % 4) as u8);
                    if r < rows {
                        region |= cram.cell(r, c + cols - 4);
                    }
                }
                if region == 0 {
                    continue;
                }
                let framed = lanes.frame_of(region);
                assert_eq!(
                    lanes.board_of(lanes.canonical(framed)),
                    cram.canonical(region),
                    "{rows}x{cols} {v:#x}"
                );
            }
        }
    }

    #[test]
    fn square_frame_reads_the_board_canonical_form_of_every_region_within_4x4() {
        // Every set of cells of a 4x4 corner, on boards of either way
        // round and with fewer than 4 rows or columns (where only regions
        // that fit turned may turn), against the images of the square
        // taken one by one; and, on the boards the frame holds unturned,
        // against the board's own forms.
        for (rows, cols) in [(5, 7), (5, 8), (8, 7), (3, 8), (7, 3), (4, 4)] {
            let cram = Cram::new(rows, cols).unwrap();
            let square = Cram8::of(&cram).unwrap();
            for v in 1u32..1 << 16 {
                let mut region = 0;
                for b in (0..16).filter(|b| v >> b & 1 == 1) {
                    let (r, c) = ((b / 4) as u8, (b % 4) as u8);
                    if r < rows && c < cols {
                        region |= cram.cell(rows - 1 - r, c);
                    }
                }
                if region == 0 {
                    continue;
                }
                let framed = square.frame_of(region);
                let form = square.canonical(framed);
                let (x, h, w) = square_corner(framed);
                assert_eq!(
                    form,
                    least_square_image(x, h, w, square.rows, square.cols),
                    "{rows}x{cols} {v:#x}"
                );
                if !square.turned {
                    assert_eq!(square.board_of(form), cram.canonical(region));
                }
            }
        }
    }

    #[test]
    fn canonical_form_is_shared_by_all_images() {
        let cram = Cram::new(4, 5).unwrap();
        let at = |cells: &[(u8, u8)]| cells.iter().fold(0, |a, &(r, c)| a | cram.cell(r, c));
        // An L-tromino in four orientations and two places.
        let shapes = [
            at(&[(0, 0), (0, 1), (1, 0)]),
            at(&[(0, 0), (0, 1), (1, 1)]),
            at(&[(0, 0), (1, 0), (1, 1)]),
            at(&[(0, 1), (1, 0), (1, 1)]),
            at(&[(2, 3), (2, 4), (3, 3)]),
        ];
        let c = cram.canonical(shapes[0]);
        for s in shapes {
            assert_eq!(cram.canonical(s), c);
        }
        assert_eq!(c.count_ones(), 3);
        // A 1x3 bar lying and standing.
        let lying = at(&[(3, 1), (3, 2), (3, 3)]);
        let standing = at(&[(0, 4), (1, 4), (2, 4)]);
        assert_eq!(cram.canonical(lying), cram.canonical(standing));
    }

    /// Checks that `moves` (the options of `pos` on `cram`, as positions of
    /// the board) are every domino of `pos` once, nearest the middle of
    /// `pos` first and, at equal distance, vertical before horizontal.
    fn assert_moves_from_the_middle(cram: &Cram, pos: u128, moves: &[u128]) {
        let cells: Vec<(u8, u8)> = (0..cram.rows)
            .flat_map(|r| (0..cram.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| pos & cram.cell(r, c) != 0)
            .collect();
        let mut dominoes = Vec::new();
        for &(r, c) in &cells {
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < cram.rows && c2 < cram.cols && pos & cram.cell(r2, c2) != 0 {
                    dominoes.push(pos & !(cram.cell(r, c) | cram.cell(r2, c2)));
                }
            }
        }
        let mut sorted = moves.to_vec();
        sorted.sort_unstable();
        dominoes.sort_unstable();
        assert_eq!(sorted, dominoes, "{}", cram.render(pos));
        if cells.is_empty() {
            return;
        }
        let span = |f: fn(&(u8, u8)) -> u8| {
            let v: Vec<u32> = cells.iter().map(|x| u32::from(f(x))).collect();
            v.iter().min().unwrap() + v.iter().max().unwrap()
        };
        let (mid_r, mid_c) = (span(|x| x.0), span(|x| x.1));
        let key = |m: u128| {
            let [a, b] = cram.domino(pos, m).unwrap();
            let d = (u32::from(a.0 + b.0)).abs_diff(mid_r) + (u32::from(a.1 + b.1)).abs_diff(mid_c);
            (d, a.0 == b.0)
        };
        for w in moves.windows(2) {
            assert!(key(w[0]) <= key(w[1]), "{}", cram.render(pos));
        }
    }

    #[test]
    fn moves_are_every_domino_once_nearest_the_middle_first() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15_u64);
        let wide = [(3, 13), (1, 20), (4, 9), (4, 11), (4, 15), (2, 12)];
        for (rows, cols) in [(4, 5), (5, 8), (6, 7), (8, 7), (2, 2)]
            .into_iter()
            .chain(wide)
        {
            let cram = Cram::new(rows, cols).unwrap();
            for _ in 0..300 {
                let pos = cram.start() & (u128::from(random()) << 64 | u128::from(random()));
                let mut out = Vec::new();
                cram.moves(&pos, &mut out);
                assert_moves_from_the_middle(&cram, pos, &out);
                if let Some(square) = Cram8::of(&cram) {
                    let mut out = Vec::new();
                    square.moves(&square.frame_of(pos), &mut out);
                    // The order read from the table is the order sorted
                    // by distance, ties included.
                    let mut sorted = Vec::new();
                    square.moves_by_distance(square.frame_of(pos), &mut sorted);
                    assert_eq!(out, sorted, "{}", cram.render(pos));
                    let out: Vec<u128> = out.into_iter().map(|m| square.board_of(m)).collect();
                    assert_moves_from_the_middle(&cram, pos, &out);
                }
                if let Some(lanes) = Cram16::of(&cram) {
                    let mut out = Vec::new();
                    lanes.moves(&lanes.frame_of(pos), &mut out);
                    let mut sorted = Vec::new();
                    lanes.moves_by_distance(lanes.frame_of(pos), &mut sorted);
                    assert_eq!(out, sorted, "{}", cram.render(pos));
                    let out: Vec<u128> = out.into_iter().map(|m| lanes.board_of(m)).collect();
                    assert_moves_from_the_middle(&cram, pos, &out);
                    // The same order as the board's own frame.
                    let mut own = Vec::new();
                    cram.moves(&pos, &mut own);
                    assert_eq!(out, own, "{}", cram.render(pos));
                    assert_eq!(
                        lanes.known_p(&lanes.frame_of(pos)),
                        cram.known_p(&pos),
                        "{}",
                        cram.render(pos)
                    );
                    // The same components (cut links included), in order.
                    let mut parts = Vec::new();
                    lanes.components(&lanes.frame_of(pos), &mut parts);
                    let parts: Vec<u128> = parts.into_iter().map(|q| lanes.board_of(q)).collect();
                    let mut own = Vec::new();
                    cram.components(&pos, &mut own);
                    assert_eq!(parts, own, "{}", cram.render(pos));
                }
                if let Some(narrow) = Cram64::of(&cram) {
                    let mut out = Vec::new();
                    narrow.moves(&(pos as u64), &mut out);
                    let out: Vec<u128> = out.into_iter().map(u128::from).collect();
                    assert_moves_from_the_middle(&cram, pos, &out);
                }
            }
        }
    }

    /// Cell `(r, c)` of the 8x8 square.
    fn sq(r: u32, c: u32) -> u64 {
        1 << (8 * r + c)
    }

    #[test]
    fn transpose8_reflects_every_cell_in_the_diagonal() {
        for r in 0..8 {
            for c in 0..8 {
                assert_eq!(transpose8(sq(r, c)), sq(c, r), "({r}, {c})");
            }
        }
        let x = 0x0123_4567_89ab_cdef_u64;
        assert_eq!(transpose8(transpose8(x)), x);
    }

    #[test]
    fn square_frame_round_trips_and_turns_boards_of_eight_columns() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for (rows, cols, turned) in [
            (5, 8, true),
            (6, 7, false),
            (8, 7, false),
            (7, 8, true),
            (1, 8, true),
            (3, 3, false),
        ] {
            let cram = Cram::new(rows, cols).unwrap();
            let square = Cram8::of(&cram).unwrap();
            assert_eq!(square.turned, turned, "{rows}x{cols}");
            assert_eq!(
                square.frame_of(cram.start()).count_ones(),
                u32::from(rows) * u32::from(cols)
            );
            for _ in 0..200 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let pos = cram.start() & (u128::from(seed) * 0x9e37_79b9_7f4a_7c15);
                let framed = square.frame_of(pos);
                assert_eq!(square.board_of(framed), pos);
                // The sentinel column stays empty.
                assert_eq!(framed & 0x8080_8080_8080_8080, 0);
                assert_eq!(
                    square.known_p(&framed),
                    cram.known_p(&pos),
                    "{}",
                    cram.render(pos)
                );
            }
        }
        assert!(Cram8::of(&Cram::new(8, 8).unwrap()).is_none());
        assert!(Cram8::of(&Cram::new(4, 9).unwrap()).is_none());
    }

    #[test]
    fn square_canonical_form_is_shared_by_all_images() {
        // Every image of a region under the symmetries of the frame (the
        // quarter turns only where the turned region fits) has one
        // canonical form, which is itself one of the images.
        let square = Cram8::of(&Cram::new(6, 7).unwrap()).unwrap();
        let mut seed = 77u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let h = 1 + (seed % 6) as u32;
            let w = 1 + (seed >> 8) as u32 % 7;
            let cells: Vec<(u32, u32)> = (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .filter(|&(r, c)| (seed >> (16 + (r * 7 + c) % 48)) & 1 == 1)
                .collect();
            if cells.is_empty() {
                continue;
            }
            let draw = |f: &dyn Fn(u32, u32) -> (u32, u32), dr: u32, dc: u32| {
                cells.iter().fold(0u64, |a, &(r, c)| {
                    let (r, c) = f(r, c);
                    a | sq(r + dr, c + dc)
                })
            };
            let c = square.canonical(draw(&|r, c| (r, c), 0, 0));
            let mut images = vec![
                draw(&|r, c| (r, c), 6 - h, 7 - w),
                draw(&|r, c| (h - 1 - r, c), 0, 0),
                draw(&|r, c| (r, w - 1 - c), 0, 7 - w),
                draw(&|r, c| (h - 1 - r, w - 1 - c), 6 - h, 0),
            ];
            if w <= 6 && h <= 7 {
                images.push(draw(&|r, c| (c, r), 0, 0));
                images.push(draw(&|r, c| (w - 1 - c, h - 1 - r), 6 - w, 7 - h));
            }
            for image in images {
                assert_eq!(square.canonical(image), c, "{cells:?}");
            }
            assert_eq!(square.canonical(c), c);
            assert_eq!(c.count_ones(), cells.len() as u32);
        }
    }

    #[test]
    fn a_region_too_long_to_turn_keeps_its_orientation() {
        // 2x9: a 1x9 row cannot stand up on a 2-row board.
        let cram = Cram::new(2, 9).unwrap();
        let row = (0..9).fold(0, |a, c| a | cram.cell(1, c));
        assert_eq!(cram.canonical(row), (1 << 9) - 1);
    }

    #[test]
    fn copied_moves_prove_only_p_positions() {
        use crate::game::{value, Cache, Unsplit};
        use crate::Nimber;
        for (rows, cols) in [(4, 4), (3, 5), (2, 6), (1, 8)] {
            let cram = Cram::new(rows, cols).unwrap();
            let narrow = Cram64::of(&cram).unwrap();
            let cells: Vec<u128> = (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .map(|(r, c)| cram.cell(r, c))
                .collect();
            let mut cache = Cache::new();
            let mut proved = 0;
            for subset in 0u32..1 << cells.len() {
                let pos = cells
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| subset >> i & 1 == 1)
                    .fold(0, |a, (_, &c)| a | c);
                let known = cram.known_p(&pos);
                assert_eq!(known, narrow.known_p(&(pos as u64)));
                if known {
                    proved += 1;
                    // The plain mex, with no components and no shortcut.
                    let v = value(&Unsplit(&cram), &pos, &mut cache).unwrap();
                    assert_eq!(v, Nimber(0), "{}", cram.render(pos));
                }
            }
            assert!(proved > 10, "{rows}x{cols}: {proved}");
        }
        // The empty 4x4 board (a half turn), and a 3x5 board with its middle
        // column covered (a mirror); not a 3x3 board (its centre is free).
        let cram = Cram::new(4, 4).unwrap();
        assert!(cram.known_p(&cram.start()));
        let cram = Cram::new(3, 5).unwrap();
        let middle = cram.cell(0, 2) | cram.cell(1, 2) | cram.cell(2, 2);
        assert!(cram.known_p(&(cram.start() & !middle)));
        assert!(!Cram::new(3, 3)
            .unwrap()
            .known_p(&Cram::new(3, 3).unwrap().start()));
    }

    #[test]
    fn regions_are_split() {
        let cram = Cram::new(3, 3).unwrap();
        // Column 1 covered: two 3x1 strips, which are the same shape.
        let pos = cram.start() & !(cram.cell(0, 1) | cram.cell(1, 1) | cram.cell(2, 1));
        let mut parts = Vec::new();
        cram.components(&pos, &mut parts);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], parts[1]);
    }

    /// The canonical forms of the regions of `p` with two cells or more
    /// (cells joined by sides, in a frame of stride `s`), found cell by
    /// cell, sorted.
    fn regions_cell_by_cell(p: u128, s: u32, canonical: impl Fn(u128) -> u128) -> Vec<u128> {
        let mut regions = Vec::new();
        let mut rest = p;
        while rest != 0 {
            let mut region = 0u128;
            let mut stack = vec![rest.trailing_zeros()];
            while let Some(b) = stack.pop() {
                if rest >> b & 1 == 0 {
                    continue;
                }
                rest &= !(1 << b);
                region |= 1 << b;
                for n in [b + 1, b.wrapping_sub(1), b + s, b.wrapping_sub(s)] {
                    if n < 128 && rest >> n & 1 == 1 {
                        stack.push(n);
                    }
                }
            }
            if region.count_ones() >= 2 {
                regions.push(canonical(region));
            }
        }
        regions.sort_unstable();
        regions
    }

    /// The components `split` pushes, widened and sorted.
    fn split_sorted<W: Into<u128>>(split: impl FnOnce(&mut Vec<W>)) -> Vec<u128> {
        let mut parts = Vec::new();
        split(&mut parts);
        let mut parts: Vec<u128> = parts.into_iter().map(Into::into).collect();
        parts.sort_unstable();
        parts
    }

    #[test]
    fn regions_are_the_cells_joined_to_each_other() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for (rows, cols) in [(5, 8), (5, 7), (4, 9), (3, 13), (9, 9), (6, 7), (4, 15)] {
            let cram = Cram::new(rows, cols).unwrap();
            for _ in 0..3000 {
                // Dense and sparse positions: every cell free with
                // probability 3/4 or 1/2.
                let mut pos = cram.start() & (u128::from(random()) << 64 | u128::from(random()));
                if random() & 1 == 0 {
                    pos |= cram.start() & (u128::from(random()) << 64 | u128::from(random()));
                }
                let p = cram.reduced(pos);
                // Cut links change the regions; their path is not checked here.
                if cram.cut_links(p) != 0 {
                    continue;
                }
                checked += 1;
                let expected = regions_cell_by_cell(p, cram.stride(), |r| cram.canonical(r));
                let parts = split_sorted(|out| cram.split_reduced(p, out));
                assert_eq!(parts, expected, "{rows}x{cols} {p:#x}");
                if let Some(narrow) = Cram64::of(&cram) {
                    let parts = split_sorted(|out| narrow.split_reduced(p as u64, out));
                    assert_eq!(parts, expected, "{rows}x{cols} {p:#x} on 64 bits");
                }
                if let Some(lanes) = Cram16::of(&cram) {
                    let parts = split_sorted(|out| lanes.split_reduced(lanes.frame_of(p), out));
                    let parts: Vec<u128> = parts
                        .into_iter()
                        .map(|q| lanes.board_of(q as u64))
                        .collect();
                    let mut parts = parts;
                    parts.sort_unstable();
                    assert_eq!(parts, expected, "{rows}x{cols} {p:#x} rows as lanes");
                }
                if let Some(square) =
                    Cram8::of(&cram).filter(|sq| sq.cut_links(sq.frame_of(p)) == 0)
                {
                    let q = square.frame_of(p);
                    let expected = regions_cell_by_cell(u128::from(q), 8, |r| {
                        u128::from(square.canonical(r as u64))
                    });
                    let parts = split_sorted(|out| square.split_reduced(q, out));
                    assert_eq!(parts, expected, "{rows}x{cols} {q:#x} rows as bytes");
                }
            }
        }
        assert!(checked > 5000, "only {checked} positions without cut links");
    }

    #[test]
    fn moves_never_wrap_a_row_and_come_center_first() {
        let cram = Cram::new(2, 8).unwrap();
        let start = cram.start();
        let mut out = Vec::new();
        cram.moves(&start, &mut out);
        // 8 vertical and 2 * 7 horizontal dominoes, none across rows.
        assert_eq!(out.len(), 8 + 14);
        assert!(out.iter().all(|&to| cram.domino(start, to).is_some()));
        assert_eq!(cram.domino(start, out[0]), Some([(0, 3), (1, 3)]));
        assert_eq!(
            cram.domino(start, start & !(cram.cell(0, 7) | cram.cell(1, 0))),
            None
        );
    }
}
