//! `solve` on a spec that names a whole start position (`cram:4x5`).

use grundy::games::{BoardMove, BoardReport, BoardSolution};
use serde::Serialize;

/// `{"game":SPEC, "value":g, "outcome":"N"|"P", "winning_moves":[..]}` for a
/// board game's start position.
///
/// ```
/// use grundy::games::BoardSpec;
/// use grundy_json::BoardJson;
///
/// let spec = BoardSpec::parse("cram:1x4").unwrap();
/// let json = serde_json::to_string(&BoardJson::new(&spec.to_string(), &spec.solve())).unwrap();
/// assert_eq!(
///     json,
///     r#"{"game":"cram:1x4","value":2,"outcome":"N","winning_moves":[{"move":"(0,1)-(0,2)","cells":[[0,1],[0,2]]}]}"#
/// );
/// ```
#[derive(Debug, Serialize)]
pub struct BoardJson<'a> {
    game: &'a str,
    /// Absent when only the outcome was searched for.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u64>,
    outcome: &'static str,
    winning_moves: Vec<BoardMoveJson>,
    /// The search's counters, from [`BoardJson::from_report`].
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<SearchJson>,
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

/// One winning move: its readable form and the cells it names, `[row,
/// column]` from 0 at the top-left corner (a domino's two cells in Cram, the
/// bitten square in Chomp).
#[derive(Debug, Serialize)]
pub struct BoardMoveJson {
    #[serde(rename = "move")]
    text: String,
    cells: Vec<(u8, u8)>,
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

impl<'a> BoardJson<'a> {
    /// The JSON view of `solution` for the game named `game`.
    pub fn new(game: &'a str, solution: &BoardSolution) -> BoardJson<'a> {
        BoardJson {
            game,
            value: Some(solution.value.0),
            outcome: solution.outcome.as_str(),
            winning_moves: solution.winning_moves.iter().map(move_json).collect(),
            search: None,
        }
    }

    /// The JSON view of a search's `report` that took `seconds`, with its
    /// counters under `"search"` (and no `"value"` when only the outcome
    /// was searched for).
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{Board, SearchOptions};
    /// use grundy_json::BoardJson;
    ///
    /// let board = Board::parse("cram:2x3").unwrap();
    /// let report = board.search(&SearchOptions::default(), &Cancel::new(), &mut |_| {}).unwrap();
    /// let json = serde_json::to_value(BoardJson::from_report("cram:2x3", &report, 0.5)).unwrap();
    /// assert_eq!(json["value"], 1);
    /// assert_eq!(json["search"]["seconds"], 0.5);
    /// assert!(json["search"]["nodes"].as_u64().unwrap() > 0);
    /// ```
    pub fn from_report(game: &'a str, report: &BoardReport, seconds: f64) -> BoardJson<'a> {
        BoardJson {
            game,
            value: report.value.map(|v| v.0),
            outcome: report.outcome.as_str(),
            winning_moves: report.winning_moves.iter().map(move_json).collect(),
            search: Some(SearchJson::of(&report.stats, seconds)),
        }
    }
}

fn move_json(m: &BoardMove) -> BoardMoveJson {
    BoardMoveJson {
        text: m.to_string(),
        cells: m.cells(),
    }
}

/// `{"game":SPEC, "value":g, "outcome":"N"|"P", "winning_moves":[{"move":
/// "pick 3", "vertex":"3"}, ..], "search":{..}}` for Node Kayles (no
/// `"value"` when only the outcome was searched for).
///
/// ```
/// use grundy::cancel::Cancel;
/// use grundy::games::{NodeKayles, SearchOptions};
/// use grundy_json::NodeKaylesJson;
///
/// let g = NodeKayles::family("nodekayles:path:3").unwrap().unwrap();
/// let r = g.search(&SearchOptions::default(), &Cancel::new(), &mut |_| {}).unwrap();
/// let picks: Vec<&str> = r.winning_moves.iter().map(|&v| g.name(v)).collect();
/// let json = serde_json::to_value(NodeKaylesJson::new(g.spec(), &r, &picks, 0.0)).unwrap();
/// assert_eq!(json["value"], 2);
/// assert_eq!(json["winning_moves"][0]["vertex"], "2");
/// ```
#[derive(Debug, Serialize)]
pub struct NodeKaylesJson<'a> {
    game: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u64>,
    outcome: &'static str,
    winning_moves: Vec<PickJson<'a>>,
    search: SearchJson,
}

/// One winning pick: `"pick NAME"` and the vertex's name.
#[derive(Debug, Serialize)]
pub struct PickJson<'a> {
    #[serde(rename = "move")]
    text: String,
    vertex: &'a str,
}

impl<'a> NodeKaylesJson<'a> {
    /// The JSON view of a Node Kayles search that took `seconds`; `picks`
    /// are the names of the winning vertices.
    pub fn new(
        game: &'a str,
        report: &grundy::games::SearchReport<usize>,
        picks: &[&'a str],
        seconds: f64,
    ) -> NodeKaylesJson<'a> {
        NodeKaylesJson {
            game,
            value: report.value.map(|v| v.0),
            outcome: report.outcome.as_str(),
            winning_moves: picks
                .iter()
                .map(|&p| PickJson {
                    text: format!("pick {p}"),
                    vertex: p,
                })
                .collect(),
            search: SearchJson::of(&report.stats, seconds),
        }
    }
}
