//! The heap-game objects: `values`, `period` and `solve`.

use std::collections::BTreeMap;
use std::io::{self, Write};

use grundy::heap::period::{Analysis, ApparentPeriod};
use grundy::heap::{Certificate, PeriodStatus, Periodicity};
use grundy::sum::SumSolution;
use grundy::Nimber;
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

/// `{"game", "from", "to", "values": [G(from)..=G(to)]}`, with `"stats"`
/// when asked for. The values are read through a function while
/// serialising, so `grundy values --to 2^31 --json` streams them.
#[derive(Serialize)]
pub struct ValuesJson<'a> {
    game: &'a str,
    from: u64,
    to: u64,
    values: Values<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<&'a ValuesStats>,
    /// Genus symbols of the heaps listed (`grundy values --genus`).
    #[serde(skip_serializing_if = "Option::is_none")]
    genus: Option<Vec<String>>,
}

struct Values<'a> {
    from: u64,
    to: u64,
    get: &'a dyn Fn(u64) -> Nimber,
}

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for n in self.from..=self.to {
            seq.serialize_element(&(self.get)(n).value())?;
        }
        seq.end()
    }
}

impl<'a> ValuesJson<'a> {
    /// The object for `G(from), ..., G(to)` of `game` (its canonical
    /// spec), where `get(n)` is `G(n)`.
    ///
    /// ```
    /// use grundy::Nimber;
    /// use grundy_json::ValuesJson;
    ///
    /// let g = [0, 1, 0, 1].map(Nimber);
    /// let get = |n: u64| g[n as usize];
    /// let json = ValuesJson::new("sub{1}", 1, 3, &get, None);
    /// assert_eq!(
    ///     serde_json::to_string(&json).unwrap(),
    ///     r#"{"game":"sub{1}","from":1,"to":3,"values":[1,0,1]}"#
    /// );
    /// ```
    pub fn new(
        game: &'a str,
        from: u64,
        to: u64,
        get: &'a dyn Fn(u64) -> Nimber,
        stats: Option<&'a ValuesStats>,
    ) -> ValuesJson<'a> {
        ValuesJson {
            game,
            from,
            to,
            values: Values { from, to, get },
            stats,
            genus: None,
        }
    }

    /// Adds `"genus"`: one symbol (`"0^120"`) per heap `from..=to`.
    ///
    /// ```
    /// use grundy::Nimber;
    /// use grundy_json::ValuesJson;
    ///
    /// let get = |_: u64| Nimber(0);
    /// let json = ValuesJson::new("nim", 0, 0, &get, None).with_genus(vec!["0^120".into()]);
    /// assert_eq!(
    ///     serde_json::to_string(&json).unwrap(),
    ///     r#"{"game":"nim","from":0,"to":0,"values":[0],"genus":["0^120"]}"#
    /// );
    /// ```
    pub fn with_genus(mut self, genus: Vec<String>) -> ValuesJson<'a> {
        self.genus = Some(genus);
        self
    }
}

/// The object of [`ValuesJson`] (with no genus) written a piece at a time,
/// for values printed as they are computed (`grundy values --json` while
/// a long run goes on): [`begin`](Self::begin) writes everything before
/// the first value, [`value`](Self::value) each value, and
/// [`end`](Self::end) the rest. The bytes are those of the
/// [`ValuesJson`] of the same values, serialised by `serde_json`.
///
/// ```
/// use grundy::Nimber;
/// use grundy_json::{ValuesJson, ValuesJsonWriter};
///
/// let mut out = Vec::new();
/// let mut json = ValuesJsonWriter::begin(&mut out, "sub{1}", 1, 3)?;
/// for g in [1, 0, 1] {
///     json.value(&mut out, Nimber(g))?;
/// }
/// json.end(&mut out, None)?;
/// let g = [0, 1, 0, 1].map(Nimber);
/// let get = |n: u64| g[n as usize];
/// let whole = serde_json::to_vec(&ValuesJson::new("sub{1}", 1, 3, &get, None)).unwrap();
/// assert_eq!(out, whole);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct ValuesJsonWriter {
    /// Whether a value was written (the next one needs a comma).
    listed: bool,
}

impl ValuesJsonWriter {
    /// Writes `{"game":…,"from":…,"to":…,"values":[`.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn begin(
        out: &mut dyn Write,
        game: &str,
        from: u64,
        to: u64,
    ) -> io::Result<ValuesJsonWriter> {
        out.write_all(br#"{"game":"#)?;
        serde_json::to_writer(&mut *out, game)?;
        write!(out, r#","from":{from},"to":{to},"values":["#)?;
        Ok(ValuesJsonWriter { listed: false })
    }

    /// Writes the next value.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn value(&mut self, out: &mut dyn Write, g: Nimber) -> io::Result<()> {
        if self.listed {
            out.write_all(b",")?;
        }
        self.listed = true;
        write!(out, "{}", g.value())
    }

    /// Closes the list of values, adds `"stats"` when given, and closes the
    /// object (no newline).
    ///
    /// # Errors
    /// Those of `out`.
    pub fn end(self, out: &mut dyn Write, stats: Option<&ValuesStats>) -> io::Result<()> {
        out.write_all(b"]")?;
        if let Some(stats) = stats {
            out.write_all(br#","stats":"#)?;
            serde_json::to_writer(&mut *out, stats)?;
        }
        out.write_all(b"}")
    }

    /// Closes the object of a run stopped before its window was listed
    /// (Ctrl-C): `],"stopped_before":next}`, where `next` is the first heap
    /// whose value was not written, so that what was printed is a valid
    /// object whose `values` are those of `from..next` (no newline).
    ///
    /// ```
    /// use grundy::Nimber;
    /// use grundy_json::ValuesJsonWriter;
    ///
    /// let mut out = Vec::new();
    /// let mut json = ValuesJsonWriter::begin(&mut out, "0.6", 0, 1000)?;
    /// json.value(&mut out, Nimber(0))?;
    /// json.value(&mut out, Nimber(0))?;
    /// json.stop(&mut out, 2)?;
    /// assert_eq!(
    ///     String::from_utf8(out).unwrap(),
    ///     r#"{"game":"0.6","from":0,"to":1000,"values":[0,0],"stopped_before":2}"#
    /// );
    /// # Ok::<(), std::io::Error>(())
    /// ```
    ///
    /// # Errors
    /// Those of `out`.
    pub fn stop(self, out: &mut dyn Write, next: u64) -> io::Result<()> {
        write!(out, r#"],"stopped_before":{next}}}"#)
    }
}

/// `{"max", "max_at", "histogram": {"0": c0, ...}}` over the values listed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ValuesStats {
    max: u64,
    max_at: u64,
    histogram: BTreeMap<u64, u64>,
}

impl ValuesStats {
    /// Statistics already counted (for a window of a periodic game the
    /// library counts over whole periods, see
    /// [`Analysis::stats`](grundy::heap::period::Analysis::stats)).
    ///
    /// ```
    /// use grundy_json::ValuesStats;
    ///
    /// let s = ValuesStats::from_counts(3, 5, [(0, 2), (3, 1)].into_iter().collect());
    /// assert_eq!(
    ///     serde_json::to_string(&s).unwrap(),
    ///     r#"{"max":3,"max_at":5,"histogram":{"0":2,"3":1}}"#
    /// );
    /// ```
    pub fn from_counts(max: u64, max_at: u64, histogram: BTreeMap<u64, u64>) -> ValuesStats {
        ValuesStats {
            max,
            max_at,
            histogram,
        }
    }

    /// Statistics of `G(from..=to)`, where `get(n)` is `G(n)`: the largest
    /// value, where it first occurs, and how often each value occurs.
    ///
    /// ```
    /// use grundy::Nimber;
    /// use grundy_json::ValuesStats;
    ///
    /// let g = [0, 1, 0, 2, 2].map(Nimber);
    /// let s = ValuesStats::of(0, 4, |n| g[n as usize]);
    /// assert_eq!(
    ///     serde_json::to_string(&s).unwrap(),
    ///     r#"{"max":2,"max_at":3,"histogram":{"0":2,"1":1,"2":2}}"#
    /// );
    /// ```
    pub fn of(from: u64, to: u64, get: impl Fn(u64) -> Nimber) -> ValuesStats {
        let mut stats = ValuesStats {
            max_at: from,
            ..ValuesStats::default()
        };
        // Small values are counted in an array, so a long sequence does not
        // walk the map once per value.
        let mut dense = [0u64; 256];
        for n in from..=to {
            let g = get(n).value();
            match dense.get_mut(g as usize) {
                Some(c) => *c += 1,
                None => *stats.histogram.entry(g).or_default() += 1,
            }
            if g > stats.max {
                stats.max = g;
                stats.max_at = n;
            }
        }
        for (g, &c) in dense.iter().enumerate().filter(|(_, &c)| c > 0) {
            stats.histogram.insert(g as u64, c);
        }
        stats
    }
}

/// The one line that says `G(..=to)` are read from a proved period or a
/// formula rather than computed (`grundy values` prints it on stderr, the
/// web API sends it in its `x-grundy-note` header): `None` when every value was computed.
///
/// ```
/// use grundy::heap::{period, HeapRuleset};
///
/// let a = period::Analysis::of(&"0.07".parse::<HeapRuleset>()?).max(1 << 20).run()?;
/// let note = grundy_json::values_note("0.07", &a, 4_000_000).unwrap();
/// assert!(note.starts_with("0.07 has period 34 from n = 53 (proved at n = "));
/// assert_eq!(grundy_json::values_note("0.07", &a, 100), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn values_note(game: &str, analysis: &Analysis, to: u64) -> Option<String> {
    let checked = analysis.periodicity.checked_to;
    let PeriodStatus::Periodic {
        preperiod,
        period,
        saltus,
        certificate,
    } = &analysis.periodicity.status
    else {
        return None;
    };
    if to <= checked && checked > 0 {
        return None;
    }
    Some(match certificate {
        Certificate::Formula(formula) => {
            format!("{game} has {formula} for every n; values are read from that formula")
        }
        Certificate::FiniteCheck { .. } if *saltus == 0 => format!(
            "{game} has period {period} from n = {preperiod} (proved at n = {checked}); \
             values past {checked} are read from the period"
        ),
        Certificate::FiniteCheck { .. } => format!(
            "{game} has G(n + {period}) = G(n) + {saltus} from n = {preperiod} \
             (proved at n = {checked}); values past {checked} are read from it"
        ),
    })
}

/// `{"game", "status": "periodic" | "arithmetic-periodic", "preperiod",
/// "period", "saltus", "checked_to", "proof", "theorem", "bound"}`, or
/// `{"game", "status": "unknown", "checked_to", "reason"}`.
///
/// `theorem` and `bound` say which finite check proved the period (`null`
/// for a closed formula such as Nim's `G(n) = n`).
#[derive(Serialize)]
pub struct PeriodJson<'a> {
    game: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    preperiod: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    saltus: Option<u64>,
    checked_to: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<String>,
    /// Present (possibly `null`) exactly when periodic.
    #[serde(skip_serializing_if = "Option::is_none")]
    theorem: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<Option<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// What the values seem to do, not proved (games with no theorem):
    /// absent when not looked for, `null` when nothing was seen.
    #[serde(skip_serializing_if = "Option::is_none")]
    apparent: Option<Option<ApparentJson>>,
}

/// `{"preperiod", "period", "saltus", "seen_to", "agreeing", "proved":
/// false}`: a pattern seen in the values, with no proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApparentJson {
    preperiod: u64,
    period: u64,
    saltus: u64,
    seen_to: u64,
    agreeing: u64,
    proved: bool,
}

impl<'a> PeriodJson<'a> {
    /// The object for the search result `found` of `game` (its canonical
    /// spec).
    ///
    /// ```
    /// use grundy::heap::{period, HeapRuleset};
    /// use grundy_json::PeriodJson;
    ///
    /// let game: HeapRuleset = "sub{1,3,4}".parse()?;
    /// let found = period::Analysis::of(&game).max(1000).run()?.periodicity;
    /// let v = serde_json::to_value(PeriodJson::new("sub{1,3,4}", &found)).unwrap();
    /// assert_eq!(v["status"], "periodic");
    /// assert_eq!((v["preperiod"].as_u64(), v["period"].as_u64()), (Some(0), Some(7)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game: &'a str, found: &Periodicity) -> PeriodJson<'a> {
        let mut out = PeriodJson {
            game,
            status: "unknown",
            preperiod: None,
            period: None,
            saltus: None,
            checked_to: found.checked_to,
            proof: None,
            theorem: None,
            bound: None,
            reason: None,
            apparent: None,
        };
        match &found.status {
            PeriodStatus::Periodic {
                preperiod,
                period,
                saltus,
                certificate,
            } => {
                out.status = if *saltus == 0 {
                    "periodic"
                } else {
                    "arithmetic-periodic"
                };
                out.preperiod = Some(*preperiod);
                out.period = Some(*period);
                out.saltus = Some(*saltus);
                out.proof = Some(certificate.to_string());
                let (theorem, bound) = match certificate {
                    Certificate::Formula(_) => (None, None),
                    Certificate::FiniteCheck { theorem, bound } => {
                        (Some(theorem.describe()), Some(*bound))
                    }
                };
                out.theorem = Some(theorem);
                out.bound = Some(bound);
            }
            PeriodStatus::Unknown { reason } => out.reason = Some(reason.to_string()),
        }
        out
    }
}

impl PeriodJson<'_> {
    /// Adds `"apparent"`: the period the values seem to have (see
    /// [`period::apparent_period`](grundy::heap::period::apparent_period)),
    /// or `null` when none was seen, always with `"proved": false`.
    ///
    /// ```
    /// use grundy::heap::{period, HeapRuleset};
    /// use grundy_json::PeriodJson;
    ///
    /// let game: HeapRuleset = "allbut{1,2}".parse()?;
    /// let a = period::Analysis::of(&game).max(1000).run()?;
    /// let seen = period::apparent_period(&a.values);
    /// let v = serde_json::to_value(PeriodJson::new("allbut{1,2}", &a.periodicity).with_apparent(seen.as_ref())).unwrap();
    /// assert_eq!(v["status"], "unknown");
    /// assert_eq!(v["apparent"]["proved"], false);
    /// assert_eq!(v["apparent"]["seen_to"], 1000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_apparent(mut self, seen: Option<&ApparentPeriod>) -> Self {
        self.apparent = Some(seen.map(|seen| ApparentJson {
            preperiod: seen.preperiod,
            period: seen.period,
            saltus: seen.saltus,
            seen_to: seen.seen_to,
            agreeing: seen.agreeing(),
            proved: false,
        }));
        self
    }

    /// Adds `note` to the reason of an unknown period (a periodic answer
    /// is left as it is), so that a caller that stopped the search at its
    /// own limit can say so in the same field.
    ///
    /// ```
    /// use grundy::heap::{period, HeapRuleset};
    /// use grundy_json::PeriodJson;
    ///
    /// let game: HeapRuleset = "0.16".parse()?;
    /// let found = period::Analysis::of(&game).max(100).run()?.periodicity;
    /// let json = PeriodJson::new("0.16", &found).with_reason_note("the server's limit is 100");
    /// let v = serde_json::to_value(json).unwrap();
    /// assert!(v["reason"].as_str().unwrap().ends_with("; the server's limit is 100"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_reason_note(mut self, note: &str) -> Self {
        if let Some(reason) = &mut self.reason {
            reason.push_str("; ");
            reason.push_str(note);
        }
        self
    }
}

/// `{"game", "heaps", "convention", "values", "nim_sum", "outcome",
/// "winning_moves": [{"heap", "from", "to": [..]}], "total_winning_moves"}`
/// (`values` and `nim_sum` are absent for a misère sum solved by search).
#[derive(Serialize)]
pub struct SolveJson<'a> {
    game: &'a str,
    heaps: &'a [u64],
    convention: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nim_sum: Option<u64>,
    outcome: &'static str,
    winning_moves: Vec<SolveMove>,
    /// How many winning moves there are in all, listed or not (a sum of
    /// huge heaps can have more than 2^64).
    total_winning_moves: u128,
    /// How a misère sum was solved, when by its misère quotient.
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<&'static str>,
}

/// One move of a sum: heap `heap` of `from` tokens leaves the heaps `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveMove {
    /// 0-based index of the heap moved in.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// The heaps it leaves, smallest first; empty when none.
    pub to: Vec<u64>,
}

impl<'a> SolveJson<'a> {
    /// The same object with `"method"` (`"quotient"` for a misère sum
    /// solved by its misère quotient).
    pub fn with_method(mut self, method: &'static str) -> SolveJson<'a> {
        self.method = Some(method);
        self
    }

    /// The object for `solution`, the answer for `heaps` of `game`.
    pub fn new(game: &'a str, heaps: &'a [u64], solution: &SumSolution) -> SolveJson<'a> {
        SolveJson {
            game,
            heaps,
            convention: solution.convention.as_str(),
            values: solution
                .values
                .as_ref()
                .map(|v| v.iter().map(|g| g.value()).collect()),
            nim_sum: solution.nim_sum.map(|g| g.value()),
            outcome: solution.outcome.as_str(),
            winning_moves: solution
                .winning_moves
                .iter()
                .map(|m| SolveMove {
                    heap: m.heap,
                    from: m.from,
                    to: m.leaves.as_slice().to_vec(),
                })
                .collect(),
            total_winning_moves: solution.total_winning_moves,
            method: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::heap::HeapRuleset;
    use grundy::sum::HeapSolver;
    use grundy::Convention;

    #[test]
    fn solve_has_the_contract_shape() {
        let kayles: HeapRuleset = "kayles".parse().unwrap();
        let heaps = [4, 7];
        let solution = HeapSolver::new(&kayles, Convention::Normal, &heaps)
            .unwrap()
            .solve(&heaps, 100)
            .unwrap();
        let v = serde_json::to_value(SolveJson::new("kayles", &heaps, &solution)).unwrap();
        // OEIS A002186: G(4) = 1, G(7) = 2.
        assert_eq!(v["values"], serde_json::json!([1, 2]));
        assert_eq!(v["nim_sum"], 3);
        assert_eq!(v["outcome"], "N");
        assert_eq!(v["convention"], "normal");
        let moves = v["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            assert!(m["to"].is_array(), "{m}");
        }
        assert_eq!(v["total_winning_moves"], moves.len());
    }

    #[test]
    fn unknown_period_says_how_far_it_looked() {
        let half: HeapRuleset = "half".parse().unwrap();
        let found = grundy::heap::period::Analysis::of(&half)
            .max(50)
            .run()
            .unwrap()
            .periodicity;
        let v = serde_json::to_value(PeriodJson::new("half", &found)).unwrap();
        assert_eq!(v["status"], "unknown");
        assert_eq!(v["checked_to"], 50);
        assert!(v.get("period").is_none());
    }

    /// The object written a piece at a time is the serialised one, byte
    /// for byte: with and without statistics, a name that needs escaping,
    /// one value and many.
    #[test]
    fn values_written_piece_by_piece_are_the_whole_object() {
        let g: Vec<Nimber> = (0..300u64).map(|n| Nimber(n * 7 % 300)).collect();
        let get = |n: u64| g[n as usize];
        for (game, from, to) in [("0.6", 0, 299), ("say \"hi\"\n", 5, 5), ("kayles", 17, 123)] {
            for stats in [None, Some(ValuesStats::of(from, to, get))] {
                let whole = ValuesJson::new(game, from, to, &get, stats.as_ref());
                let whole = serde_json::to_vec(&whole).unwrap();
                let mut out = Vec::new();
                let mut json = ValuesJsonWriter::begin(&mut out, game, from, to).unwrap();
                for n in from..=to {
                    json.value(&mut out, get(n)).unwrap();
                }
                json.end(&mut out, stats.as_ref()).unwrap();
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    String::from_utf8(whole).unwrap()
                );
            }
        }
    }
}
