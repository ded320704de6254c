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
            None => s.serialize_str(&self.0.to_decimal()),
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

/// The `solve` object for a sum of Nim heaps of any size: the same shape
/// as [`crate::SolveJson`] (`{"game", "heaps", "convention", "values",
/// "nim_sum", "outcome", "winning_moves": [{"heap", "from", "to": [..]}],
/// "total_winning_moves"}`), each heap a number when it fits in a u64 and a
/// string beyond. In Nim a heap's value is its size, so `values` repeats
/// `heaps`.
///
/// ```
/// use grundy::nim::{analyse, BigUint};
/// use grundy::Convention;
/// use grundy_json::SolveNimJson;
///
/// let heaps: Vec<BigUint> = vec!["99999999999999999999".parse().unwrap(), 3u32.into()];
/// let analysis = analyse(&heaps, Convention::Normal);
/// let v = serde_json::to_value(SolveNimJson::new("nim", &heaps, &analysis, 20)).unwrap();
/// assert_eq!(v["heaps"], serde_json::json!(["99999999999999999999", 3]));
/// // The nim-sum is 99999999999999999996: the huge heap goes down to 3.
/// assert_eq!(v["nim_sum"], "99999999999999999996");
/// assert_eq!(v["winning_moves"][0]["to"], serde_json::json!([3]));
/// assert_eq!(v["total_winning_moves"], 1);
/// ```
#[derive(Serialize)]
#[serde(bound = "H: HeapSize")]
pub struct SolveNimJson<'a, H: HeapSize> {
    game: &'a str,
    heaps: JsonHeaps<'a, H>,
    convention: &'static str,
    values: JsonHeaps<'a, H>,
    nim_sum: JsonHeap<'a, H>,
    outcome: &'static str,
    winning_moves: Vec<SolveNimMove<'a, H>>,
    total_winning_moves: u128,
}

/// One move of [`SolveNimJson`]: `to` is empty when the heap is emptied.
#[derive(Serialize)]
#[serde(bound = "H: HeapSize")]
struct SolveNimMove<'a, H: HeapSize> {
    heap: usize,
    from: JsonHeap<'a, H>,
    to: Vec<JsonHeap<'a, H>>,
}

impl<'a, H: HeapSize> SolveNimJson<'a, H> {
    /// The object for `analysis`, the answer for `heaps` of `game`, listing
    /// at most `limit` winning moves (all are counted).
    pub fn new(
        game: &'a str,
        heaps: &'a [H],
        analysis: &'a grundy::nim::NimAnalysis<H>,
        limit: usize,
    ) -> SolveNimJson<'a, H> {
        SolveNimJson {
            game,
            heaps: JsonHeaps(heaps),
            convention: analysis.convention.as_str(),
            values: JsonHeaps(heaps),
            nim_sum: JsonHeap(&analysis.nim_sum),
            outcome: analysis.outcome.as_str(),
            winning_moves: analysis
                .winning_moves
                .iter()
                .take(limit)
                .map(|m| SolveNimMove {
                    heap: m.heap,
                    from: JsonHeap(&m.from),
                    to: if m.to.is_zero() {
                        vec![]
                    } else {
                        vec![JsonHeap(&m.to)]
                    },
                })
                .collect(),
            total_winning_moves: analysis.winning_moves.len() as u128,
        }
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
