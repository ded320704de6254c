//! `solve` on a spec that names a whole position (`cram:4x5`,
//! `nodekayles:petersen`): one shape for every family, whatever its moves.

use grundy::games::{Datum, Move, Solution};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

/// `{"game":SPEC, "value":g, "outcome":"N"|"P", "winning_moves":[{"move":
/// NAME, ...}], "search":{..}}` for a whole position (no `"value"` when
/// only the outcome was searched for; `"search"` when the counters are
/// given; `"endgame"` when a table was read).
///
/// ```
/// use grundy::games::{Game, SolveOptions};
/// use grundy_json::PositionJson;
///
/// let game = Game::parse("cram:1x4").unwrap();
/// let solution = game.position().unwrap().solve(&mut SolveOptions::default()).unwrap();
/// let json = serde_json::to_string(&PositionJson::new("cram:1x4", &solution)).unwrap();
/// assert_eq!(
///     json,
///     r#"{"game":"cram:1x4","value":2,"outcome":"N","winning_moves":[{"move":"b1-c1","cells":[[0,1],[0,2]]}]}"#
/// );
/// ```
#[derive(Debug, Serialize)]
pub struct PositionJson<'a> {
    game: &'a str,
    /// `"misere"` under misère play (absent under normal play).
    #[serde(skip_serializing_if = "Option::is_none")]
    convention: Option<&'static str>,
    /// Absent when only the outcome was searched for.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u64>,
    outcome: &'static str,
    winning_moves: Vec<MoveJson<'a>>,
    /// The search's counters, from [`PositionJson::with_search`].
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<SearchJson>,
    /// The endgame table read, from [`PositionJson::with_endgame`].
    #[serde(skip_serializing_if = "Option::is_none")]
    endgame: Option<EndgameJson>,
}

/// `"search": {"nodes":.., "table_hits":.., "table_entries":..,
/// "table_bytes":.., "replaced":.., "seconds":..}`: how much the search did.
#[derive(Debug, Serialize)]
pub struct SearchJson {
    /// Components whose options were generated.
    pub nodes: u64,
    /// Answers read from the tables instead of searched.
    pub table_hits: u64,
    /// Entries in the transposition table at the end.
    pub table_entries: u64,
    /// Bytes the transposition table took at the end.
    pub table_bytes: u64,
    /// Entries overwritten to stay within the memory limit.
    pub replaced: u64,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

/// `"endgame": {"regions":.., "max_cells":.., "hits":.., "seconds":..}`:
/// the Cram endgame table a search read.
#[derive(Debug, Serialize)]
pub struct EndgameJson {
    /// Regions in the table.
    pub regions: usize,
    /// The largest region it holds, in cells.
    pub max_cells: u32,
    /// Values the search read from it.
    pub hits: u64,
    /// Seconds it took to read or build.
    pub seconds: f64,
}

impl SearchJson {
    /// The counters of a search that took `seconds`.
    pub fn of(stats: &grundy::search::SearchStats, seconds: f64) -> SearchJson {
        SearchJson {
            nodes: stats.nodes,
            table_hits: stats.table_hits,
            table_entries: stats.entries,
            table_bytes: stats.table_bytes,
            replaced: stats.replaced,
            seconds,
        }
    }
}

impl<'a> PositionJson<'a> {
    /// The JSON view of `solution` for the position named `game`.
    pub fn new(game: &'a str, solution: &'a Solution) -> PositionJson<'a> {
        PositionJson {
            game,
            convention: None,
            value: solution.value.map(|v| v.0),
            outcome: solution.outcome.as_str(),
            winning_moves: solution.winning_moves.iter().map(MoveJson).collect(),
            search: None,
            endgame: None,
        }
    }

    /// The same, under misère play: `"convention": "misere"`.
    pub fn misere(mut self) -> Self {
        self.convention = Some("misere");
        self
    }

    /// The same, with the search's counters under `"search"`.
    pub fn with_search(mut self, stats: &grundy::search::SearchStats, seconds: f64) -> Self {
        self.search = Some(SearchJson::of(stats, seconds));
        self
    }

    /// The same, with the endgame table under `"endgame"`.
    pub fn with_endgame(mut self, endgame: EndgameJson) -> Self {
        self.endgame = Some(endgame);
        self
    }
}

/// A move: `{"move": NAME}` and the fields that say where it is (`"cells"`,
/// `"vertex"`).
#[derive(Debug)]
pub struct MoveJson<'a>(pub &'a Move);

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1 + self.0.data.len()))?;
        map.serialize_entry("move", &self.0.name)?;
        for (key, value) in &self.0.data {
            map.serialize_entry(key, &DatumJson(value))?;
        }
        map.end()
    }
}

/// A family's data (a move's place, a drawing) as JSON.
#[derive(Debug)]
pub struct DatumJson<'a>(pub &'a Datum);

impl Serialize for DatumJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Datum::Int(n) => serializer.serialize_i64(*n),
            Datum::Float(x) => serializer.serialize_f64(*x),
            Datum::Bool(b) => serializer.serialize_bool(*b),
            Datum::Text(t) => serializer.serialize_str(t),
            Datum::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&DatumJson(item))?;
                }
                seq.end()
            }
            Datum::Map(fields) => {
                let mut map = serializer.serialize_map(Some(fields.len()))?;
                for (key, value) in fields {
                    map.serialize_entry(key, &DatumJson(value))?;
                }
                map.end()
            }
        }
    }
}
