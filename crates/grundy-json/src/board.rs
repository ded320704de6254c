//! `solve` on a spec that names a whole start position (`cram:4x5`).

use grundy::games::{BoardMove, BoardSolution};
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
    value: u64,
    outcome: &'static str,
    winning_moves: Vec<BoardMoveJson>,
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

impl<'a> BoardJson<'a> {
    /// The JSON view of `solution` for the game named `game`.
    pub fn new(game: &'a str, solution: &BoardSolution) -> BoardJson<'a> {
        BoardJson {
            game,
            value: solution.value.0,
            outcome: solution.outcome.as_str(),
            winning_moves: solution.winning_moves.iter().map(move_json).collect(),
        }
    }
}

fn move_json(m: &BoardMove) -> BoardMoveJson {
    BoardMoveJson {
        text: m.to_string(),
        cells: m.cells(),
    }
}
