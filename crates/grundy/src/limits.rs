//! The one set of limits on how many Grundy values are kept in memory.
//!
//! Every front end (the `values` and `period` commands, the web server)
//! checks a request against these limits *before* computing anything, and
//! the engines allocate their value stores fallibly, so that a request that
//! memory cannot hold is an [`LimitError`] with the number of bytes it
//! needed, never an abort.
//!
//! Values read from a proved period or a formula (see
//! [`Analysis::value`](crate::heap::period::Analysis::value)) are not
//! stored, so no limit applies to them: any window of Nim or of a game whose
//! period is proved can be listed.
//!
//! ```
//! use grundy::limits::{self, LimitError};
//!
//! assert!(limits::check_stored_values(1_000_000).is_ok());
//! let err = limits::check_stored_values(99_999_999_999_999).unwrap_err();
//! assert!(matches!(err, LimitError::TooManyValues { .. }));
//! assert!(err.to_string().contains("17179869184"));
//! ```

use std::collections::TryReserveError;

/// The most values a computation keeps in memory: 2^34, which already
/// takes 16 GiB at one byte per value.
pub const MAX_STORED_VALUES: u64 = 1 << 34;

/// A request beyond the limits, or an allocation that failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// More values were asked for than [`MAX_STORED_VALUES`].
    #[error("{asked} values would have to be kept in memory (about {}), and at most {limit} (2^34, {}) are", human_bytes(*asked), human_bytes(*limit))]
    TooManyValues {
        /// How many values the request needs stored.
        asked: u64,
        /// [`MAX_STORED_VALUES`].
        limit: u64,
    },
    /// The memory for the values could not be allocated.
    #[error("out of memory: {values} values need {bytes} bytes (about {}), which could not be allocated", human_bytes(*bytes))]
    OutOfMemory {
        /// How many values were to be stored.
        values: u64,
        /// How many bytes the allocation asked for.
        bytes: u64,
    },
}

/// Checks that `values` values may be stored, before any is computed.
///
/// # Errors
/// [`LimitError::TooManyValues`] beyond [`MAX_STORED_VALUES`].
pub fn check_stored_values(values: u64) -> Result<(), LimitError> {
    if values > MAX_STORED_VALUES {
        return Err(LimitError::TooManyValues {
            asked: values,
            limit: MAX_STORED_VALUES,
        });
    }
    Ok(())
}

/// Checks, before any work, that memory could hold `values` values of
/// `bytes_per_value` bytes: the allocation is asked for and given back at
/// once (the operating system maps pages only when they are written, so
/// this costs nothing), so a search that would run for minutes and then
/// fail for want of memory is refused at the start.
///
/// # Errors
/// [`LimitError::TooManyValues`] beyond [`MAX_STORED_VALUES`],
/// [`LimitError::OutOfMemory`] when the allocation is refused.
///
/// ```
/// use grundy::limits;
///
/// assert!(limits::check_memory(1 << 20, 2).is_ok());
/// assert!(limits::check_memory(1 << 35, 1).is_err());
/// ```
pub fn check_memory(values: u64, bytes_per_value: u64) -> Result<(), LimitError> {
    check_stored_values(values)?;
    let bytes = values.saturating_mul(bytes_per_value);
    let mut probe: Vec<u8> = Vec::new();
    let len = usize::try_from(bytes).unwrap_or(usize::MAX);
    probe
        .try_reserve_exact(len)
        .map_err(|e| out_of_memory(values, bytes_per_value, e))
}

/// The error for a failed reservation of `values` values of
/// `bytes_per_value` bytes each.
pub(crate) fn out_of_memory(values: u64, bytes_per_value: u64, _: TryReserveError) -> LimitError {
    LimitError::OutOfMemory {
        values,
        bytes: values.saturating_mul(bytes_per_value),
    }
}

/// `17179869184` bytes as `16 GiB`, for messages.
pub(crate) fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut size = bytes as f64;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    if unit == 0 || size >= 10.0 {
        format!("{size:.0} {}", UNITS[unit])
    } else {
        format!("{size:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_checked_at_its_edge() {
        assert!(check_stored_values(MAX_STORED_VALUES).is_ok());
        assert_eq!(
            check_stored_values(MAX_STORED_VALUES + 1),
            Err(LimitError::TooManyValues {
                asked: MAX_STORED_VALUES + 1,
                limit: MAX_STORED_VALUES
            })
        );
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_bytes(512), "512 bytes");
        assert_eq!(human_bytes(1 << 34), "16 GiB");
        assert_eq!(human_bytes(4_000_000_513), "3.7 GiB");
    }
}
