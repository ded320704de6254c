//! An endgame table of Cram: the value of every region of at most `k`
//! cells that fits a board, built once and kept in a file
//! (`grundy solve cram:RxC --db DIR`), so that a search reads small
//! regions instead of searching them.
//!
//! The regions are grown cell by cell from a single cell, every shape once
//! (in [`Cram`]'s canonical form), and each is valued by the search. The
//! table is keyed by what [`ImpartialGame::components`] gives for a region
//! (reduced and canonical), which is what the search meets, and it is only
//! good for the board size it was built for: the canonical forms depend on
//! the board's width and on whether a region can turn on it.
//!
//! The file is this table as bytes ([`CramEndgame::to_bytes`]): the magic
//! `GRUNDYDB`, a version, the game and board, the largest region, the
//! number of entries, the entries (a 16-byte little-endian region and its
//! value, in increasing order), and a CRC-32 of all that. A file that is
//! not one, is damaged or is for another board is an [`EndgameError`],
//! never used.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use crate::cancel::{Cancel, Cancelled};
use crate::game::{ImpartialGame, PositionHasher};
use crate::games::Cram;
use crate::search::Search;

/// The most cells a region of the table may have: 16 (regions of 16 cells
/// on a 6x7 board run to millions).
pub const MAX_ENDGAME_CELLS: u32 = 16;

const MAGIC: &[u8; 8] = b"GRUNDYDB";
const VERSION: u32 = 1;
/// Magic, version, game, rows, cols, cells, a spare byte, count.
const HEADER: usize = 8 + 4 + 4 + 4 + 8;
const ENTRY: usize = 17;

/// Why bytes are not an endgame table for a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndgameError {
    /// The bytes do not start with `GRUNDYDB`.
    #[error("not a grundy endgame table (it does not start with GRUNDYDB)")]
    Foreign,
    /// A version this build does not read.
    #[error("endgame table version {0}; this grundy reads version 1")]
    Version(u32),
    /// A table of another game or board.
    #[error("the endgame table is for {found}, not for {wanted}")]
    OtherBoard {
        /// What the table is for: `cram:5x7, regions of up to 10 cells`.
        found: String,
        /// What was asked for.
        wanted: String,
    },
    /// Cut short, a bad checksum, or entries out of order.
    #[error("the endgame table is damaged: {0}")]
    Damaged(&'static str),
}

/// The values of the small regions of one Cram board.
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::games::{Cram, CramEndgame};
/// let cram = Cram::new(3, 4).unwrap();
/// let table = CramEndgame::build(&cram, 6, &Cancel::new(), &mut |_| {}).unwrap();
/// // Stored and read back, the same table.
/// let again = CramEndgame::from_bytes(&table.to_bytes(), &cram, 6).unwrap();
/// assert_eq!(again.len(), table.len());
/// // A 2x3 block (*1) is one of its regions.
/// let block = cram.cell(0, 0) | cram.cell(0, 1) | cram.cell(0, 2)
///     | cram.cell(1, 0) | cram.cell(1, 1) | cram.cell(1, 2);
/// assert_eq!(table.value(block), Some(1));
/// ```
#[derive(Clone, Debug)]
pub struct CramEndgame {
    rows: u8,
    cols: u8,
    max_cells: u32,
    values: HashMap<u128, u8, BuildHasherDefault<PositionHasher>>,
}

impl CramEndgame {
    /// The table of every region of up to `max_cells` cells (at most
    /// [`MAX_ENDGAME_CELLS`]) on `cram`'s board; `tick` hears the size of
    /// the regions being valued.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    pub fn build(
        cram: &Cram,
        max_cells: u32,
        cancel: &Cancel,
        tick: &mut dyn FnMut(u32),
    ) -> Result<CramEndgame, Cancelled> {
        let max_cells = max_cells.min(MAX_ENDGAME_CELLS);
        let mut values = HashMap::default();
        let board = cram.start();
        let s = cram.stride();
        let mut search = Search::new(cram).cancel(cancel);
        let mut level: Vec<u128> = if board == 0 { Vec::new() } else { vec![1] };
        let mut parts = Vec::new();
        for size in 2..=max_cells {
            tick(size);
            cancel.check()?;
            let mut next = HashSet::new();
            for &region in &level {
                let (_, h, w) = cram.at_corner(region);
                for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if h + dr > u32::from(cram.rows()) || w + dc > u32::from(cram.cols()) {
                        continue;
                    }
                    let placed = region << (dr * s + dc);
                    let mut around =
                        (placed << 1 | placed >> 1 | placed << s | placed >> s) & board & !placed;
                    while around != 0 {
                        let cell = around & around.wrapping_neg();
                        around &= around - 1;
                        next.insert(cram.canonical(placed | cell));
                    }
                }
            }
            level = next.into_iter().collect();
            level.sort_unstable();
            for &region in &level {
                parts.clear();
                cram.components(&region, &mut parts);
                // A region that reduces to several parts is theirs to store.
                if let [part] = parts[..] {
                    if let std::collections::hash_map::Entry::Vacant(slot) = values.entry(part) {
                        let v = search.nimber(&part)?.0;
                        if let Ok(v) = u8::try_from(v) {
                            slot.insert(v);
                        }
                    }
                }
            }
        }
        Ok(CramEndgame {
            rows: cram.rows(),
            cols: cram.cols(),
            max_cells,
            values,
        })
    }

    /// The file name of the table for `cram` with regions of up to
    /// `max_cells` cells: `cram-6x7-upto12.grundydb`.
    ///
    /// ```
    /// use grundy::games::{Cram, CramEndgame};
    /// assert_eq!(CramEndgame::file_name(&Cram::new(6, 7).unwrap(), 12), "cram-6x7-upto12.grundydb");
    /// ```
    pub fn file_name(cram: &Cram, max_cells: u32) -> String {
        format!(
            "cram-{}x{}-upto{}.grundydb",
            cram.rows(),
            cram.cols(),
            max_cells.min(MAX_ENDGAME_CELLS)
        )
    }

    /// Whether this table was built for `cram`'s board.
    pub fn is_for(&self, cram: &Cram) -> bool {
        (self.rows, self.cols) == (cram.rows(), cram.cols())
    }

    /// The value of `region`, a component as [`Cram`]'s
    /// [`ImpartialGame::components`] gives it, if the table holds it.
    /// A region of more cells than the table's largest is answered without
    /// a lookup.
    #[inline]
    pub fn value(&self, region: u128) -> Option<u32> {
        if region.count_ones() > self.max_cells {
            return None;
        }
        self.values.get(&region).map(|&v| u32::from(v))
    }

    /// The number of regions held.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no region is held (a board too small for a domino).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The largest region's number of cells.
    pub fn max_cells(&self) -> u32 {
        self.max_cells
    }

    fn describe(rows: u8, cols: u8, cells: u32) -> String {
        format!("cram:{rows}x{cols}, regions of up to {cells} cells")
    }

    /// The table as the bytes of its file (see the module's docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut entries: Vec<(u128, u8)> = self.values.iter().map(|(&k, &v)| (k, v)).collect();
        entries.sort_unstable();
        let mut out = Vec::with_capacity(HEADER + ENTRY * entries.len() + 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(b"cram");
        out.extend_from_slice(&[self.rows, self.cols, self.max_cells as u8, 0]);
        out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
        for (k, v) in entries {
            out.extend_from_slice(&k.to_le_bytes());
            out.push(v);
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// The table in `bytes`, checked: it must be a table for `cram` with
    /// regions of up to `max_cells` cells, whole and unchanged.
    ///
    /// # Errors
    /// [`EndgameError`]: not a table, another version or board, or damaged.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{Cram, CramEndgame, EndgameError};
    /// let cram = Cram::new(3, 3).unwrap();
    /// let mut bytes = CramEndgame::build(&cram, 5, &Cancel::new(), &mut |_| {}).unwrap().to_bytes();
    /// let other = Cram::new(3, 4).unwrap();
    /// assert!(matches!(CramEndgame::from_bytes(&bytes, &other, 5), Err(EndgameError::OtherBoard { .. })));
    /// bytes[30] ^= 1;
    /// assert!(matches!(CramEndgame::from_bytes(&bytes, &cram, 5), Err(EndgameError::Damaged(_))));
    /// assert_eq!(CramEndgame::from_bytes(b"hello", &cram, 5).unwrap_err(), EndgameError::Foreign);
    /// ```
    pub fn from_bytes(
        bytes: &[u8],
        cram: &Cram,
        max_cells: u32,
    ) -> Result<CramEndgame, EndgameError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(EndgameError::Foreign);
        }
        if bytes.len() < HEADER + 4 {
            return Err(EndgameError::Damaged("it is shorter than its header"));
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(EndgameError::Version(version));
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if crc32fast::hash(body).to_le_bytes() != crc {
            return Err(EndgameError::Damaged("its checksum does not match"));
        }
        let max_cells = max_cells.min(MAX_ENDGAME_CELLS);
        let (rows, cols, cells) = (bytes[16], bytes[17], u32::from(bytes[18]));
        if &bytes[12..16] != b"cram" || (rows, cols, cells) != (cram.rows(), cram.cols(), max_cells)
        {
            return Err(EndgameError::OtherBoard {
                found: if &bytes[12..16] == b"cram" {
                    Self::describe(rows, cols, cells)
                } else {
                    String::from_utf8_lossy(&bytes[12..16]).into_owned()
                },
                wanted: Self::describe(cram.rows(), cram.cols(), max_cells),
            });
        }
        let count = u64::from_le_bytes(bytes[20..28].try_into().expect("8 bytes"));
        let entries = &body[HEADER..];
        if Some(entries.len() as u64) != count.checked_mul(ENTRY as u64) {
            return Err(EndgameError::Damaged("its length does not match its count"));
        }
        let mut values = HashMap::default();
        values.reserve(entries.len() / ENTRY);
        let mut last = None;
        for e in entries.chunks_exact(ENTRY) {
            let key = u128::from_le_bytes(e[..16].try_into().expect("16 bytes"));
            if last.is_some_and(|l| l >= key) {
                return Err(EndgameError::Damaged("its regions are out of order"));
            }
            last = Some(key);
            values.insert(key, e[16]);
        }
        Ok(CramEndgame {
            rows,
            cols,
            max_cells,
            values,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{value, Cache, Unsplit};
    use crate::Nimber;

    #[test]
    fn every_region_is_there_once_with_its_plain_value() {
        let cram = Cram::new(3, 4).unwrap();
        let table = CramEndgame::build(&cram, 12, &Cancel::new(), &mut |_| {}).unwrap();
        // Every connected region of the 3x4 board with 2 to 12 cells, by
        // brute force over all 4096 subsets: its components are in the
        // table with the value of the plain mex.
        let cells: Vec<u128> = (0..3)
            .flat_map(|r| (0..4).map(move |c| (r, c)))
            .map(|(r, c)| cram.cell(r, c))
            .collect();
        let mut cache = Cache::new();
        let mut parts = Vec::new();
        let mut checked = 0;
        for subset in 1u32..1 << 12 {
            let pos = cells
                .iter()
                .enumerate()
                .filter(|&(i, _)| subset >> i & 1 == 1)
                .fold(0, |a, (_, &c)| a | c);
            parts.clear();
            cram.components(&pos, &mut parts);
            if let [part] = parts[..] {
                let expected = value(&Unsplit(&cram), &pos, &mut cache).unwrap();
                assert_eq!(
                    table.value(part).map(|v| Nimber(u64::from(v))),
                    Some(expected)
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
        // Nothing else: every key is a region of the board.
        assert!(table.len() < 4096);
    }

    #[test]
    fn a_file_round_trips_and_bad_files_are_refused() {
        let cram = Cram::new(4, 4).unwrap();
        let table = CramEndgame::build(&cram, 8, &Cancel::new(), &mut |_| {}).unwrap();
        let bytes = table.to_bytes();
        assert_eq!(bytes.len(), HEADER + ENTRY * table.len() + 4);
        let back = CramEndgame::from_bytes(&bytes, &cram, 8).unwrap();
        assert_eq!(back.values, table.values);
        assert_eq!(back.to_bytes(), bytes);
        assert!(matches!(
            CramEndgame::from_bytes(&bytes, &cram, 9),
            Err(EndgameError::OtherBoard { .. })
        ));
        assert!(matches!(
            CramEndgame::from_bytes(&bytes[..bytes.len() - 1], &cram, 8),
            Err(EndgameError::Damaged(_))
        ));
        let mut newer = bytes.clone();
        newer[8] = 2;
        assert_eq!(
            CramEndgame::from_bytes(&newer, &cram, 8).unwrap_err(),
            EndgameError::Version(2)
        );
    }

    #[test]
    fn a_search_with_the_table_agrees_with_one_without() {
        let cram = Cram::new(4, 5).unwrap();
        let table = CramEndgame::build(&cram, 10, &Cancel::new(), &mut |_| {}).unwrap();
        let mut with = Search::new(&cram).endgame(|&p| table.value(p));
        let mut without = Search::new(&cram);
        let mut seed = 99u64;
        for _ in 0..100 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pos = cram.start() & !(seed as u128) | cram.cell(0, 0);
            let pos = pos & cram.start();
            assert_eq!(with.nimber(&pos).unwrap(), without.nimber(&pos).unwrap());
        }
        assert!(with.stats().endgame_hits > 0);
    }
}
