//! A compact binary file of Grundy values `G(0), G(1), ..., G(N-1)`: what
//! `grundy values GAME --to N --out FILE` writes, checkpoints and resumes.
//!
//! This module only turns values into bytes and bytes back into checked
//! values; opening, writing and renaming files is the front end's job.
//!
//! # Layout (version 1)
//!
//! All integers are little-endian.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `GRUNDYV\0` |
//! | 8 | 4 | format version, 1 |
//! | 12 | 4 | header length `H` in bytes (64 + the spec padded to 8 bytes) |
//! | 16 | 8 | `N`, the number of values stored |
//! | 24 | 8 | index of the first value stored in 2 bytes (`N` if none) |
//! | 32 | 8 | index of the first value stored in 4 bytes (`N` if none) |
//! | 40 | 8 | index of the first value stored in 8 bytes (`N` if none) |
//! | 48 | 4 | CRC-32 (IEEE) of the payload |
//! | 52 | 4 | CRC-32 (IEEE) of the header's `H` bytes with this field zeroed |
//! | 56 | 4 | length `S` of the game spec in bytes |
//! | 60 | 4 | reserved, 0 |
//! | 64 | `S` | the canonical game spec, UTF-8, zero-padded to a multiple of 8 |
//! | `H` | | the payload: the values in order |
//!
//! Values are stored one byte each while every value so far is below 256,
//! then two bytes each while below 65536, then four, then eight: the width
//! only grows, so a file is written by appending, and widening never
//! rewrites what is already there. A sequence whose values stay small (as
//! octal games' do for billions of heap sizes) takes one byte per value.
//!
//! ```
//! use grundy::heap::valuefile::{self, Encoder};
//! use grundy::Nimber;
//!
//! let mut enc = Encoder::new();
//! let mut payload = Vec::new();
//! enc.extend([0, 1, 2, 300, 3].map(Nimber), &mut payload);
//! let mut file = enc.header("0.77").encode();
//! file.extend_from_slice(&payload);
//!
//! let (header, values) = valuefile::read(&file)?;
//! assert_eq!(header.spec, "0.77");
//! assert_eq!(header.count, 5);
//! assert_eq!(values.get(3), Some(Nimber(300)));
//! # Ok::<(), grundy::heap::valuefile::FileError>(())
//! ```

use crate::heap::GrundySequence;
use crate::Nimber;

/// The first eight bytes of every values file.
pub const MAGIC: [u8; 8] = *b"GRUNDYV\0";

/// The format version this module writes and reads.
pub const VERSION: u32 = 1;

/// Size of the fixed part of the header, before the spec.
const FIXED: usize = 64;

/// The byte widths a value may be stored in, narrowest first.
const WIDTHS: [usize; 4] = [1, 2, 4, 8];

/// What a values file says of itself: the game, how many values it holds,
/// where the values widen, and the payload's checksum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The canonical spec of the game whose values these are.
    pub spec: String,
    /// The number of values stored: `G(0), ..., G(count - 1)`.
    pub count: u64,
    /// The index of the first value stored in 2, 4 and 8 bytes; `count`
    /// where that width is never reached. Non-decreasing.
    pub widen_at: [u64; 3],
    /// CRC-32 (IEEE) of the payload bytes.
    pub checksum: u32,
}

impl Header {
    /// The length in bytes of this header once encoded.
    pub fn encoded_len(&self) -> usize {
        FIXED + self.spec.len().div_ceil(8) * 8
    }

    /// The payload's length in bytes, or `None` if it would not fit in a
    /// `u64` (only a corrupt header says so).
    pub fn payload_len(&self) -> Option<u64> {
        let mut starts = [0u64; 5];
        starts[1..4].copy_from_slice(&self.widen_at);
        starts[4] = self.count;
        let mut total = 0u64;
        for (k, width) in WIDTHS.iter().enumerate() {
            let n = starts[k + 1].checked_sub(starts[k])?;
            total = total.checked_add(n.checked_mul(*width as u64)?)?;
        }
        Some(total)
    }

    /// The header's bytes, as described in the [module docs](self).
    pub fn encode(&self) -> Vec<u8> {
        let len = self.encoded_len();
        let mut out = vec![0u8; len];
        out[0..8].copy_from_slice(&MAGIC);
        out[8..12].copy_from_slice(&VERSION.to_le_bytes());
        out[12..16].copy_from_slice(&(len as u32).to_le_bytes());
        out[16..24].copy_from_slice(&self.count.to_le_bytes());
        for (k, at) in self.widen_at.iter().enumerate() {
            out[24 + 8 * k..32 + 8 * k].copy_from_slice(&at.to_le_bytes());
        }
        out[48..52].copy_from_slice(&self.checksum.to_le_bytes());
        out[56..60].copy_from_slice(&(self.spec.len() as u32).to_le_bytes());
        out[FIXED..FIXED + self.spec.len()].copy_from_slice(self.spec.as_bytes());
        let crc = crc32fast::hash(&out);
        out[52..56].copy_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads and checks a header from the start of `bytes` (which may go on
    /// with the payload).
    ///
    /// # Errors
    /// [`FileError`] when `bytes` do not start with a version-1 values header
    /// whose own checksum and fields are consistent; the error names the
    /// byte offset of the field at fault.
    pub fn decode(bytes: &[u8]) -> Result<Header, FileError> {
        if bytes.len() < 8 || bytes[0..8] != MAGIC {
            return Err(FileError::NotAValuesFile);
        }
        if bytes.len() < FIXED {
            return Err(FileError::Truncated {
                needed: FIXED as u64,
                found: bytes.len() as u64,
            });
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
        let version = u32_at(8);
        if version != VERSION {
            return Err(FileError::Version(version));
        }
        let len = u32_at(12) as usize;
        let spec_len = u32_at(56) as usize;
        if len < FIXED || !len.is_multiple_of(8) || len != FIXED + spec_len.div_ceil(8) * 8 {
            return Err(FileError::Corrupt {
                offset: 12,
                what: "the header length does not match the spec's length",
            });
        }
        if bytes.len() < len {
            return Err(FileError::Truncated {
                needed: len as u64,
                found: bytes.len() as u64,
            });
        }
        let mut zeroed = bytes[..len].to_vec();
        zeroed[52..56].fill(0);
        if crc32fast::hash(&zeroed) != u32_at(52) {
            return Err(FileError::Corrupt {
                offset: 52,
                what: "the header's checksum does not match the header",
            });
        }
        if u32_at(60) != 0 || bytes[FIXED + spec_len..len].iter().any(|&b| b != 0) {
            return Err(FileError::Corrupt {
                offset: 60,
                what: "reserved bytes are not zero",
            });
        }
        let spec = std::str::from_utf8(&bytes[FIXED..FIXED + spec_len])
            .map_err(|_| FileError::Corrupt {
                offset: FIXED,
                what: "the game spec is not UTF-8",
            })?
            .to_owned();
        let header = Header {
            spec,
            count: u64_at(16),
            widen_at: [u64_at(24), u64_at(32), u64_at(40)],
            checksum: u32_at(48),
        };
        let ordered = header.widen_at[0] <= header.widen_at[1]
            && header.widen_at[1] <= header.widen_at[2]
            && header.widen_at[2] <= header.count;
        if !ordered || header.payload_len().is_none() {
            return Err(FileError::Corrupt {
                offset: 24,
                what: "the widening points are out of order",
            });
        }
        Ok(header)
    }
}

/// Turns values into payload bytes, keeping the width, the widening points
/// and the running checksum; it can be resumed from a header, so that a
/// stopped run appends to what it had written.
#[derive(Clone, Debug)]
pub struct Encoder {
    count: u64,
    /// Index into [`WIDTHS`] of the width used now.
    width: usize,
    widen_at: [Option<u64>; 3],
    crc: crc32fast::Hasher,
}

impl Default for Encoder {
    fn default() -> Self {
        Encoder::new()
    }
}

impl Encoder {
    /// An encoder for a file with no values yet.
    pub fn new() -> Encoder {
        Encoder {
            count: 0,
            width: 0,
            widen_at: [None; 3],
            crc: crc32fast::Hasher::new(),
        }
    }

    /// An encoder that goes on after the values a file with `header` holds.
    ///
    /// ```
    /// use grundy::heap::valuefile::{self, Encoder};
    /// use grundy::Nimber;
    ///
    /// // Writing in two runs gives the same bytes as writing in one.
    /// let (mut once, mut first) = (Vec::new(), Vec::new());
    /// let mut a = Encoder::new();
    /// a.extend([1, 2, 700, 3].map(Nimber), &mut once);
    /// let mut b = Encoder::new();
    /// b.extend([1, 2].map(Nimber), &mut first);
    /// let mut c = Encoder::resume(&b.header("sub{1,2}"));
    /// c.extend([700, 3].map(Nimber), &mut first);
    /// assert_eq!(once, first);
    /// assert_eq!(a.header("sub{1,2}"), c.header("sub{1,2}"));
    /// ```
    pub fn resume(header: &Header) -> Encoder {
        let mut widen_at = [None; 3];
        let mut width = 0;
        for (k, &at) in header.widen_at.iter().enumerate() {
            // The value at a widening point is stored wide, so a width that
            // was reached starts below the count; one that was not is
            // recorded as the count itself.
            if at < header.count {
                widen_at[k] = Some(at);
                width = k + 1;
            }
        }
        Encoder {
            count: header.count,
            width,
            widen_at,
            crc: crc32fast::Hasher::new_with_initial(header.checksum),
        }
    }

    /// How many values have been encoded.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Appends the bytes of `g` to `out`, widening first if `g` does not fit
    /// the width in use.
    #[inline]
    pub fn push(&mut self, g: Nimber, out: &mut Vec<u8>) {
        self.widen_for(g);
        let start = out.len();
        out.extend_from_slice(&g.0.to_le_bytes()[..WIDTHS[self.width]]);
        self.crc.update(&out[start..]);
        self.count += 1;
    }

    /// Appends the bytes of every value of `values` to `out`.
    ///
    /// # Complexity
    /// O(n) for n values, about a byte per value while values are small.
    pub fn extend(&mut self, values: impl IntoIterator<Item = Nimber>, out: &mut Vec<u8>) {
        let start = out.len();
        for g in values {
            self.widen_for(g);
            out.extend_from_slice(&g.0.to_le_bytes()[..WIDTHS[self.width]]);
            self.count += 1;
        }
        self.crc.update(&out[start..]);
    }

    /// Widens the width in use until `g` fits, recording where.
    #[inline]
    fn widen_for(&mut self, g: Nimber) {
        let need = match g.0 {
            0..=0xff => 0,
            0x100..=0xffff => 1,
            0x1_0000..=0xffff_ffff => 2,
            _ => 3,
        };
        while self.width < need {
            self.widen_at[self.width] = Some(self.count);
            self.width += 1;
        }
    }

    /// The header that describes everything encoded so far, for `spec`.
    pub fn header(&self, spec: &str) -> Header {
        Header {
            spec: spec.to_owned(),
            count: self.count,
            widen_at: self.widen_at.map(|at| at.unwrap_or(self.count)),
            checksum: self.crc.clone().finalize(),
        }
    }
}

/// Checks `payload` against `header` and returns the values.
///
/// # Errors
/// [`FileError::Truncated`] or [`FileError::Corrupt`] when the payload's
/// length is not the header's, [`FileError::Checksum`] when its checksum
/// differs.
///
/// # Complexity
/// O(n) for n values.
pub fn decode(header: &Header, payload: &[u8]) -> Result<GrundySequence, FileError> {
    let want = header.payload_len().ok_or(FileError::Corrupt {
        offset: 24,
        what: "the widening points are out of order",
    })?;
    if (payload.len() as u64) < want {
        return Err(FileError::Truncated {
            needed: want,
            found: payload.len() as u64,
        });
    }
    if payload.len() as u64 > want {
        return Err(FileError::Corrupt {
            offset: header.encoded_len() + want as usize,
            what: "bytes follow the last value",
        });
    }
    let found = crc32fast::hash(payload);
    if found != header.checksum {
        return Err(FileError::Checksum {
            expected: header.checksum,
            found,
        });
    }
    let mut values = GrundySequence::with_capacity(header.count as usize);
    let mut starts = [0u64; 5];
    starts[1..4].copy_from_slice(&header.widen_at);
    starts[4] = header.count;
    let mut rest = payload;
    for (k, &width) in WIDTHS.iter().enumerate() {
        let n = (starts[k + 1] - starts[k]) as usize;
        let (part, tail) = rest.split_at(n * width);
        rest = tail;
        if width == 1 {
            part.iter().for_each(|&b| values.push(Nimber(u64::from(b))));
        } else {
            for chunk in part.chunks_exact(width) {
                let mut wide = [0u8; 8];
                wide[..width].copy_from_slice(chunk);
                values.push(Nimber(u64::from_le_bytes(wide)));
            }
        }
    }
    Ok(values)
}

/// Reads a whole values file: its header and its checked values.
///
/// # Errors
/// Any [`FileError`]: not a values file, another version, truncated,
/// corrupt (with the byte offset), or a checksum that does not match.
pub fn read(bytes: &[u8]) -> Result<(Header, GrundySequence), FileError> {
    let header = Header::decode(bytes)?;
    let values = decode(&header, &bytes[header.encoded_len()..])?;
    Ok((header, values))
}

/// Why bytes are not a usable values file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// The bytes do not start with [`MAGIC`].
    #[error("not a grundy values file (it does not start with the bytes GRUNDYV)")]
    NotAValuesFile,
    /// A values file of a version this build does not read.
    #[error("values file format version {0}; this grundy reads version {VERSION}")]
    Version(u32),
    /// The file ends before what its header announces.
    #[error("the file is truncated: {needed} bytes needed, {found} found")]
    Truncated {
        /// Bytes the header (or its fixed part) needs.
        needed: u64,
        /// Bytes there are.
        found: u64,
    },
    /// A field does not make sense.
    #[error("the file is corrupt at byte {offset}: {what}")]
    Corrupt {
        /// Byte offset of the field at fault.
        offset: usize,
        /// What is wrong there.
        what: &'static str,
    },
    /// The payload's checksum differs from the header's.
    #[error(
        "the values' checksum is {found:08x}, the header says {expected:08x}: the file is corrupt"
    )]
    Checksum {
        /// The checksum the header records.
        expected: u32,
        /// The checksum of the payload as read.
        found: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_of(values: &[u64], spec: &str) -> Vec<u8> {
        let mut enc = Encoder::new();
        let mut payload = Vec::new();
        enc.extend(values.iter().map(|&v| Nimber(v)), &mut payload);
        let mut file = enc.header(spec).encode();
        file.extend_from_slice(&payload);
        file
    }

    #[test]
    fn every_width_round_trips_and_widths_only_grow() {
        let values = [0, 255, 3, 256, 1, 70_000, 2, 1 << 40, 0, u64::MAX];
        let file = file_of(&values, "sub{1,2,3}");
        let (header, back) = read(&file).unwrap();
        assert_eq!(back.iter().map(|g| g.0).collect::<Vec<_>>(), values);
        assert_eq!(header.widen_at, [3, 5, 7]);
        // 3 one-byte, 2 two-byte, 2 four-byte and 3 eight-byte values.
        assert_eq!(header.payload_len(), Some(3 + 4 + 8 + 24));
        assert_eq!(file.len(), header.encoded_len() + 39);
    }

    #[test]
    fn a_jump_past_a_width_skips_it() {
        let (header, back) = read(&file_of(&[1, 1 << 20, 2], "half")).unwrap();
        assert_eq!(header.widen_at, [1, 1, 3]);
        assert_eq!(back.get(2), Some(Nimber(2)));
    }

    #[test]
    fn resumed_encoding_is_byte_identical_at_every_cut() {
        let values: Vec<u64> = (0..40u64)
            .map(|i| if i < 20 { i % 7 } else { i * 997 })
            .collect();
        let once = file_of(&values, "0.6");
        for cut in 0..=values.len() {
            let mut payload = Vec::new();
            let mut first = Encoder::new();
            first.extend(values[..cut].iter().map(|&v| Nimber(v)), &mut payload);
            // What a checkpoint stores is the header; resuming reads it back.
            let header = Header::decode(&first.header("0.6").encode()).unwrap();
            let mut second = Encoder::resume(&header);
            second.extend(values[cut..].iter().map(|&v| Nimber(v)), &mut payload);
            let mut file = second.header("0.6").encode();
            file.extend_from_slice(&payload);
            assert_eq!(file, once, "cut at {cut}");
        }
    }

    #[test]
    fn damage_is_detected_wherever_it_is() {
        let file = file_of(&[0, 1, 2, 3, 1, 4, 300, 2], "0.77");
        for at in 0..file.len() {
            let mut bad = file.clone();
            bad[at] ^= 0x10;
            assert!(
                read(&bad).is_err(),
                "a flipped bit at byte {at} went unnoticed"
            );
        }
        for len in 0..file.len() {
            assert!(read(&file[..len]).is_err(), "truncated to {len} bytes");
        }
        let mut longer = file.clone();
        longer.push(0);
        assert!(matches!(read(&longer), Err(FileError::Corrupt { .. })));
        assert_eq!(
            read(b"hello, world, not values"),
            Err(FileError::NotAValuesFile)
        );
    }
}
