//! The `nim` object: `{"heaps", "convention", "nim_sum", "outcome",
//! "winning_moves": [{"heap", "from", "to"}]}` (and `"explanation"` when
//! asked for).

use grundy::nim::{HeapSize, NimSummary};
use grundy::Convention;
use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

/// The `nim` JSON object. Serialising it writes straight to the output,
/// element by element, so 10^7 heaps or 2·10^5 moves stream without
/// building a JSON tree.
pub struct NimJson<'a, H: HeapSize> {
    heaps: &'a [H],
    convention: Convention,
    summary: &'a NimSummary<H>,
    explanation: Option<String>,
    long: LongHeaps,
}

/// Heaps of more than this many bits (about 20 000 digits) are written in
/// decimal once per object, though each comes back as the `from` of its
/// moves and may be the nim-sum: a heap of millions of digits takes a
/// fraction of a second to convert. Shorter ones are converted where they
/// are written, so that 10^7 heaps still stream in constant memory.
const LONG_BITS: u64 = 1 << 16;

/// The decimal text of each long heap, by heap index (ascending).
struct LongHeaps(Vec<(usize, String)>);

impl LongHeaps {
    fn of<H: HeapSize>(heaps: &[H]) -> LongHeaps {
        LongHeaps(
            heaps
                .iter()
                .enumerate()
                .filter(|(_, h)| h.bit_len() > LONG_BITS)
                .map(|(i, h)| (i, h.to_decimal()))
                .collect(),
        )
    }

    /// The text of heap `i`, when it is long.
    fn heap(&self, i: usize) -> Option<&str> {
        let at = self.0.binary_search_by_key(&i, |(j, _)| *j).ok()?;
        Some(&self.0[at].1)
    }

    /// The text of `n` when it equals a long heap of `heaps`.
    fn equal<H: HeapSize>(&self, heaps: &[H], n: &H) -> Option<&str> {
        self.0
            .iter()
            .find(|(i, _)| heaps[*i] == *n)
            .map(|(_, text)| text.as_str())
    }
}

/// A heap written as its long text when there is one, else as [`JsonHeap`].
struct Written<'a, H>(&'a H, Option<&'a str>);

impl<H: HeapSize> Serialize for Written<'_, H> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.1 {
            Some(text) => s.serialize_str(text),
            None => JsonHeap(self.0).serialize(s),
        }
    }
}

impl<H: HeapSize> Serialize for NimJson<'_, H> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let fields = 5 + usize::from(self.explanation.is_some());
        let mut o = s.serialize_struct("NimJson", fields)?;
        o.serialize_field(
            "heaps",
            &LongAware {
                heaps: self.heaps,
                long: &self.long,
            },
        )?;
        o.serialize_field("convention", self.convention.as_str())?;
        let nim_sum = self.summary.nim_sum();
        o.serialize_field(
            "nim_sum",
            &Written(nim_sum, self.long.equal(self.heaps, nim_sum)),
        )?;
        o.serialize_field("outcome", self.summary.outcome(self.convention).as_str())?;
        o.serialize_field(
            "winning_moves",
            &JsonMoves {
                summary: self.summary,
                convention: self.convention,
                heaps: self.heaps,
                long: &self.long,
            },
        )?;
        if let Some(text) = &self.explanation {
            o.serialize_field("explanation", text)?;
        }
        o.end()
    }
}

/// The heaps of a [`NimJson`], the long ones from their texts.
struct LongAware<'a, H> {
    heaps: &'a [H],
    long: &'a LongHeaps,
}

impl<H: HeapSize> Serialize for LongAware<'_, H> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.heaps.len()))?;
        let mut long = self.long.0.iter().peekable();
        for (i, h) in self.heaps.iter().enumerate() {
            let text = long.next_if(|(j, _)| *j == i).map(|(_, t)| t.as_str());
            seq.serialize_element(&Written(h, text))?;
        }
        seq.end()
    }
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
            heaps,
            convention,
            summary,
            explanation,
            long: LongHeaps::of(heaps),
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
    long: &'a LongHeaps,
}

impl<H: HeapSize> Serialize for JsonMoves<'_, H> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(bound = "H: HeapSize")]
        struct Move<'a, H: HeapSize> {
            heap: usize,
            from: Written<'a, H>,
            to: JsonHeap<'a, H>,
        }
        let mut seq = s.serialize_seq(None)?;
        for m in self.summary.winning_moves(self.convention, self.heaps) {
            seq.serialize_element(&Move {
                heap: m.heap,
                from: Written(&m.from, self.long.heap(m.heap)),
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

    /// Heaps long enough to be written once per object give the same JSON
    /// as short ones: each number is num-bigint's own decimal text.
    #[test]
    fn long_heaps_are_written_as_their_digits() {
        let long: BigUint = "7".repeat(25_000).parse().unwrap();
        assert!(long.bits() > LONG_BITS);
        let other = &long >> 3u32;
        let heaps = [BigUint::from(3u32), long.clone(), other.clone()];
        let summary = NimSummary::of(&heaps);
        let text = |n: &BigUint| serde_json::Value::from(n.to_str_radix(10));
        let v =
            serde_json::to_value(NimJson::new(&heaps, Convention::Normal, &summary, None)).unwrap();
        assert_eq!(
            v["heaps"],
            serde_json::json!([3, text(&long), text(&other)])
        );
        let sum = &long ^ &other ^ BigUint::from(3u32);
        assert_eq!(v["nim_sum"], text(&sum));
        let moves = v["winning_moves"].as_array().unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0]["heap"], 1);
        assert_eq!(moves[0]["from"], text(&long));
        assert_eq!(moves[0]["to"], text(&(&long ^ &sum)));
        // One long heap and zeros: the nim-sum is that heap, written again.
        let heaps = [BigUint::default(), long.clone()];
        let summary = NimSummary::of(&heaps);
        let v =
            serde_json::to_value(NimJson::new(&heaps, Convention::Misere, &summary, None)).unwrap();
        assert_eq!(v["nim_sum"], text(&long));
        assert_eq!(v["winning_moves"][0]["from"], text(&long));
        assert_eq!(v["winning_moves"][0]["to"], 1);
    }
}
