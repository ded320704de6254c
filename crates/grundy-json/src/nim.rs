//! The `nim` object: `{"heaps", "convention", "nim_sum", "outcome",
//! "winning_moves": [{"heap", "from", "to"}]}` (and `"explanation"` when
//! asked for).

use grundy::nim::{HeapSize, NimSummary};
use grundy::Convention;
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

/// The `nim` JSON object. Serialising it writes straight to the output,
/// element by element, so 10^7 heaps or 2·10^5 moves stream without
/// building a JSON tree.
#[derive(Serialize)]
#[serde(bound = "H: HeapSize")]
pub struct NimJson<'a, H: HeapSize> {
    heaps: JsonHeaps<'a, H>,
    convention: &'static str,
    nim_sum: JsonHeap<'a, H>,
    outcome: &'static str,
    winning_moves: JsonMoves<'a, H>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<String>,
}

impl<'a, H: HeapSize> NimJson<'a, H> {
    /// The object for `heaps` under `convention`, whose summary is
    /// `summary` (`NimSummary::of(heaps)`), with the rendered lesson when
    /// one was asked for.
    pub fn new(
        heaps: &'a [H],
        convention: Convention,
        summary: &'a NimSummary<H>,
        explanation: Option<String>,
    ) -> NimJson<'a, H> {
        NimJson {
            heaps: JsonHeaps(heaps),
            convention: convention.as_str(),
            nim_sum: JsonHeap(summary.nim_sum()),
            outcome: summary.outcome(convention).as_str(),
            winning_moves: JsonMoves {
                summary,
                convention,
                heaps,
            },
            explanation,
        }
    }
}

/// A heap size: a JSON number when it fits in a u64, a string beyond.
pub struct JsonHeap<'a, H>(pub &'a H);

impl<H: HeapSize> Serialize for JsonHeap<'_, H> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.to_u64() {
            Some(n) => s.serialize_u64(n),
            None => s.serialize_str(&self.0.to_string()),
        }
    }
}

/// A list of heap sizes, each as [`JsonHeap`].
pub struct JsonHeaps<'a, H>(pub &'a [H]);

impl<H: HeapSize> Serialize for JsonHeaps<'_, H> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for h in self.0 {
            seq.serialize_element(&JsonHeap(h))?;
        }
        seq.end()
    }
}

/// Every winning move, generated while serialising.
struct JsonMoves<'a, H> {
    summary: &'a NimSummary<H>,
    convention: Convention,
    heaps: &'a [H],
}

impl<H: HeapSize> Serialize for JsonMoves<'_, H> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(bound = "H: HeapSize")]
        struct Move<'a, H: HeapSize> {
            heap: usize,
            from: JsonHeap<'a, H>,
            to: JsonHeap<'a, H>,
        }
        let mut seq = s.serialize_seq(None)?;
        for m in self.summary.winning_moves(self.convention, self.heaps) {
            seq.serialize_element(&Move {
                heap: m.heap,
                from: JsonHeap(&m.from),
                to: JsonHeap(&m.to),
            })?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::nim::BigUint;

    #[test]
    fn big_heaps_are_strings_and_misere_is_named() {
        let big: BigUint = "123456789012345678901234567890".parse().unwrap();
        let heaps = [big.clone(), big];
        let summary = NimSummary::of(&heaps);
        let v =
            serde_json::to_value(NimJson::new(&heaps, Convention::Misere, &summary, None)).unwrap();
        assert_eq!(v["heaps"][0], "123456789012345678901234567890");
        assert_eq!(v["convention"], "misere");
        assert_eq!(v["nim_sum"], 0);
        assert_eq!(v["outcome"], "P");
        assert_eq!(v["winning_moves"], serde_json::json!([]));
        assert!(v.get("explanation").is_none());
    }
}
