//! Which vector code the engines run: the portable path, AVX2 or AVX-512,
//! chosen once per process.
//!
//! The crate is compiled for the baseline of its target (on x86-64: SSE2),
//! so that one binary runs on every machine. The kernels that decide the
//! speed are compiled again for wider vectors, and the processor's
//! features, asked at run time, choose the copy:
//!
//! - the octal engine's split marks kept as bits (`heap/bitrows`): plain
//!   loops over words, written so that the compiler vectorises them, for
//!   the portable level, and AVX2 and AVX-512 intrinsics. The engine
//!   marks in bit rows where the AVX2 or AVX-512 copy runs; the portable
//!   copy is still slower than its byte marks, and is tested against the
//!   others;
//! - the scan for witness pairs (`heap/simd.rs`): a portable loop, the
//!   same loop compiled for AVX2, and AVX-512 BW for two-byte values;
//! - Cram's split of eight options at once (`games/cram/lanes.rs`): one
//!   source over eight words, compiled for the portable and AVX2 levels,
//!   and AVX-512 intrinsics. The search splits in lanes only at AVX-512;
//!   the other copies are slower than one option at a time, and are
//!   tested against it.
//!
//! Every copy runs the same algorithm and gives the same answers; only
//! the constant factor differs.
//!
//! By default the engines run the best [`Level`] the processor has
//! ([`Level::best`]). The environment variable `GRUNDY_SIMD` (see
//! [`VARIABLE`]), read once, forces one: `portable`, `avx2` or `avx512`,
//! so that one machine can measure, and test, every path. A level is a
//! ceiling: at `avx512` each kernel runs its AVX-512 copy where the
//! processor has the extensions that copy needs (BITALG and BMI2 for the
//! bit rows, GFNI for the faster of Cram's two copies), and its next
//! copy down otherwise.
//!
//! A forced level the processor lacks, or a word that names none, is an
//! error ([`selected`] returns it, and the command-line tool reports it
//! and stops); the engines then run the best level, as they do when the
//! variable is unset.
//!
//! ```
//! use grundy::simd::{self, Level};
//!
//! // Every processor runs the portable path.
//! assert!(Level::Portable.is_supported());
//! assert!(simd::supported().contains(&Level::Portable));
//! assert!(Level::best().is_supported());
//! assert_eq!("avx2".parse::<Level>(), Ok(Level::Avx2));
//! assert_eq!(Level::Avx512.to_string(), "avx512");
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// The environment variable that forces a [`Level`]: `portable`, `avx2`
/// or `avx512` (case and surrounding spaces ignored). Unset or empty, the
/// engines run [`Level::best`].
pub const VARIABLE: &str = "GRUNDY_SIMD";

/// A level of vector code, from the plainest to the widest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Plain loops over words, vectorised by the compiler for the target's
    /// baseline (SSE2 on x86-64, NEON on 64-bit ARM). Runs everywhere.
    Portable,
    /// 256-bit vectors: AVX2, with BMI1, BMI2, LZCNT and POPCNT (the
    /// x86-64-v3 level; every processor with AVX2 since 2013 has them).
    Avx2,
    /// 512-bit vectors: AVX-512 F, CD and BW (every AVX-512 processor
    /// since 2017), with BITALG, BMI2 and GFNI where the processor has
    /// them.
    Avx512,
}

impl Level {
    /// Every level, from the plainest to the widest.
    pub const ALL: [Level; 3] = [Level::Portable, Level::Avx2, Level::Avx512];

    /// The level's name, as `GRUNDY_SIMD` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
        }
    }

    /// Whether this processor can run the level's code.
    pub fn is_supported(self) -> bool {
        match self {
            Level::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("lzcnt")
                    && std::arch::is_x86_feature_detected!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => {
                Level::Avx2.is_supported()
                    && std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512cd")
                    && std::arch::is_x86_feature_detected!("avx512bw")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Level::Avx2 | Level::Avx512 => false,
        }
    }

    /// The widest level this processor supports.
    pub fn best() -> Level {
        *Level::ALL
            .iter()
            .rev()
            .find(|level| level.is_supported())
            .unwrap_or(&Level::Portable)
    }

    /// What the level needs, in words, for messages.
    fn needs(self) -> &'static str {
        match self {
            Level::Portable => "nothing",
            Level::Avx2 => "an x86-64 processor with AVX2, BMI1, BMI2, LZCNT and POPCNT",
            Level::Avx512 => "an x86-64 processor with AVX-512 F, CD and BW (and AVX2)",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no [`Level`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`: expected portable, avx2 or avx512")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let word = s.trim();
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(word))
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// Why `GRUNDY_SIMD` cannot be honoured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimdError {
    /// The variable names no level.
    #[error("{VARIABLE}={value}: unknown level: expected portable, avx2 or avx512")]
    Unknown {
        /// The variable's value, as it was set.
        value: String,
    },
    /// The processor lacks what the level needs.
    #[error(
        "{VARIABLE}={value}: this processor cannot run {level}, which needs {}; \
         it runs {best} at best",
        level.needs()
    )]
    Unsupported {
        /// The variable's value, as it was set.
        value: String,
        /// The level it names.
        level: Level,
        /// The widest level the processor has.
        best: Level,
    },
}

impl SimdError {
    /// The variable's value, as it was set.
    pub fn value(&self) -> &str {
        match self {
            SimdError::Unknown { value } | SimdError::Unsupported { value, .. } => value,
        }
    }
}

/// The level a value of `GRUNDY_SIMD` asks for: `None` (unset or empty:
/// the best), or the level, if this processor supports it.
///
/// # Errors
///
/// [`SimdError::Unknown`] for a word that names no level,
/// [`SimdError::Unsupported`] for a level this processor lacks.
pub fn parse_forced(value: Option<&str>) -> Result<Option<Level>, SimdError> {
    let Some(value) = value.filter(|v| !v.trim().is_empty()) else {
        return Ok(None);
    };
    let level: Level = value.parse().map_err(|_| SimdError::Unknown {
        value: value.to_owned(),
    })?;
    if level.is_supported() {
        Ok(Some(level))
    } else {
        Err(SimdError::Unsupported {
            value: value.to_owned(),
            level,
            best: Level::best(),
        })
    }
}

/// `GRUNDY_SIMD`, read and checked once per process.
fn forced() -> &'static Result<Option<Level>, SimdError> {
    static FORCED: OnceLock<Result<Option<Level>, SimdError>> = OnceLock::new();
    FORCED.get_or_init(|| {
        let value = std::env::var_os(VARIABLE).map(|v| v.to_string_lossy().into_owned());
        parse_forced(value.as_deref())
    })
}

/// The level the engines run: the one `GRUNDY_SIMD` forces, or the best
/// this processor has.
///
/// # Errors
///
/// When `GRUNDY_SIMD` names no level, or one this processor lacks (see
/// [`parse_forced`]); the engines then run [`Level::best`].
pub fn selected() -> Result<Level, SimdError> {
    match forced() {
        Ok(level) => Ok(level.unwrap_or_else(level_best)),
        Err(e) => Err(e.clone()),
    }
}

/// The levels this processor supports, from the plainest.
pub fn supported() -> Vec<Level> {
    Level::ALL
        .into_iter()
        .filter(|level| level.is_supported())
        .collect()
}

/// [`Level::best`], asked once.
fn level_best() -> Level {
    static BEST: OnceLock<Level> = OnceLock::new();
    *BEST.get_or_init(Level::best)
}

/// The level the kernels run ([`selected`], or the best when the variable
/// is wrong), asked once and then read from a cell.
pub(crate) fn level() -> Level {
    static LEVEL: OnceLock<Level> = OnceLock::new();
    *LEVEL.get_or_init(|| selected().unwrap_or_else(|_| level_best()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.name().to_uppercase().parse::<Level>(), Ok(level));
        }
        assert_eq!(" avx2 ".parse::<Level>(), Ok(Level::Avx2));
        assert!("sse2".parse::<Level>().is_err());
        assert!("avx-512".parse::<Level>().is_err());
    }

    #[test]
    fn levels_are_ceilings_of_each_other() {
        // A processor that runs a level runs every plainer one.
        for pair in Level::ALL.windows(2) {
            if pair[1].is_supported() {
                assert!(pair[0].is_supported(), "{} without {}", pair[1], pair[0]);
            }
        }
        assert_eq!(Level::best(), *supported().last().unwrap());
    }

    #[test]
    fn forced_values_are_checked() {
        assert_eq!(parse_forced(None), Ok(None));
        assert_eq!(parse_forced(Some("")), Ok(None));
        assert_eq!(parse_forced(Some("portable")), Ok(Some(Level::Portable)));
        let unknown = parse_forced(Some("avx9")).unwrap_err();
        assert_eq!(unknown.value(), "avx9");
        assert!(unknown
            .to_string()
            .contains("expected portable, avx2 or avx512"));
        for level in Level::ALL {
            match parse_forced(Some(level.name())) {
                Ok(Some(l)) => assert!(l == level && level.is_supported()),
                Err(SimdError::Unsupported { level: l, best, .. }) => {
                    assert!(l == level && !level.is_supported() && best < level);
                    let message = parse_forced(Some(level.name())).unwrap_err().to_string();
                    assert!(message.contains("this processor cannot run"), "{message}");
                }
                other => panic!("{level}: {other:?}"),
            }
        }
    }
}
