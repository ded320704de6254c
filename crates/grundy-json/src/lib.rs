//! # grundy-json
//!
//! The JSON objects of grundy's contract (ARCHITECTURE.md, "JSON shapes"),
//! defined once and used by both front ends: `grundy ... --json` and the
//! web API's `POST /api/nim`, `/api/values`, `/api/period`, `/api/solve`,
//! so the two can never drift apart.
//!
//! Each shape is a `Serialize` view over the library's answer; it borrows
//! rather than copies, so the CLI can stream millions of heaps through it.
//! Heap sizes are JSON numbers when they fit in a `u64` and strings beyond.
//!
//! ```
//! use grundy::nim::NimSummary;
//! use grundy::Convention;
//! use grundy_json::NimJson;
//!
//! let heaps = [3u64, 5, 7];
//! let summary = NimSummary::of(&heaps);
//! let json = NimJson::new(&heaps, Convention::Normal, &summary, None);
//! let text = serde_json::to_string(&json).unwrap();
//! assert_eq!(
//!     text,
//!     r#"{"heaps":[3,5,7],"convention":"normal","nim_sum":1,"outcome":"N","winning_moves":[{"heap":0,"from":3,"to":2},{"heap":1,"from":5,"to":4},{"heap":2,"from":7,"to":6}]}"#
//! );
//! ```

#![forbid(unsafe_code)]

pub mod census;
pub mod genus;
pub mod heap;
pub mod nim;
pub mod position;
pub mod quotient;

pub use census::CensusRowJson;
pub use genus::GenusJson;
pub use heap::{
    values_note, ApparentJson, PeriodJson, SolveJson, ValuesJson, ValuesJsonWriter, ValuesStats,
};
pub use nim::{JsonHeap, JsonHeaps, NimJson, SolveNimJson};
pub use position::{DatumJson, EndgameJson, MoveJson, PositionJson, SearchJson};
pub use quotient::{PresentationJson, QuotientJson};
