//! Every game that names its whole position (boards, graphs: a
//! [`Position`]): `/api/solve` and `/api/graph` on such a spec,
//! `/api/board` (a position to play on, with its winning moves) and
//! `/api/board/move` (the user's move and the engine's reply). A family is
//! served here with no code of its own: the library says how its positions
//! are drawn, how its moves are named and where they are.

use std::time::Instant;

use axum::body::Body;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;

use grundy::cancel::Cancel;
use grundy::games::board::cell_name;
use grundy::games::{Game, Move, Position, SearchOptions, Solution, SolveOptions};
use grundy::graph::GraphError;
use grundy::play::position::MATCH_MEMORY;
use grundy::Convention;
use grundy_json::{DatumJson, MoveJson, PositionJson};

use super::{compute, game, read_body, to_json, ApiResult};
use crate::engine::stopped_message;
use crate::error::ApiError;
use crate::request::{bounded, Fields};
use crate::{AppState, Limits};

/// The position a request names, within [`Limits::max_board_cells`].
pub(super) fn checked(
    start: Box<dyn Position>,
    limits: &Limits,
) -> Result<Box<dyn Position>, ApiError> {
    let size = start.size();
    if size > limits.max_board_cells {
        let unit = start.rules().unit;
        return Err(ApiError::over_limit(format!(
            "{start} has {size} {unit}; this server plays and solves positions of at most {} {unit} (see /api/limits); `grundy solve {start}` has no such limit",
            limits.max_board_cells
        )));
    }
    Ok(start)
}

/// The position, when its family can solve it under `convention` (misère
/// Hackenbush only on small graphs).
fn solvable(start: &dyn Position, convention: Convention) -> Result<(), ApiError> {
    match start.refuses(convention) {
        Some(why) => Err(ApiError::bad_request(why)),
        None => Ok(()),
    }
}

/// The position named by the request's `game`, for the routes that take
/// only whole positions.
fn read_position(fields: &mut Fields, limits: &Limits) -> Result<Box<dyn Position>, ApiError> {
    let spec = fields.string("game")?;
    match game(&spec)? {
        Game::Position(start) => checked(start, limits),
        Game::Heaps(rules) => Err(ApiError::bad_request(format!(
            "game {spec:?}: {rules} is a heap game, played with POST /api/move, /api/play and /api/hint; /api/board plays games that name their whole position (cram:3x4, chomp:4x5, nodekayles:petersen)"
        ))),
    }
}

/// Refuses heaps given with a position, which names it whole.
pub(super) fn no_heaps(start: &dyn Position, fields: &mut Fields) -> Result<(), ApiError> {
    match fields.optional_array("heaps", 0) {
        Ok(_) => Ok(()),
        Err(_) => Err(ApiError::bad_request(format!(
            "{start} names its whole position and takes no heaps"
        ))),
    }
}

/// The search of a request under `convention`: the value (normal play)
/// and every winning move, with a table for positions of the size a
/// server plays.
fn solve_now(
    position: &dyn Position,
    convention: Convention,
    cancel: &Cancel,
) -> Result<Solution, ApiError> {
    let search = SearchOptions {
        memory: MATCH_MEMORY,
        ..SearchOptions::default()
    };
    position
        .solve(
            &mut SolveOptions::default()
                .search(search)
                .cancel(cancel)
                .convention(convention),
        )
        .map_err(|_| ApiError::over_limit(stopped_message(cancel)))
}

/// The request's `misere` field as a convention.
fn read_convention(fields: &mut Fields) -> Result<Convention, ApiError> {
    Ok(if fields.bool_or("misere", false)? {
        Convention::Misere
    } else {
        Convention::Normal
    })
}

/// `/api/solve` on a whole position: the JSON of `grundy solve SPEC --json`.
pub(super) async fn solve(
    state: &AppState,
    start: Box<dyn Position>,
    mut fields: Fields,
) -> ApiResult {
    let start = checked(start, &state.limits)?;
    no_heaps(&*start, &mut fields)?;
    let convention = read_convention(&mut fields)?;
    solvable(&*start, convention)?;
    fields.u64_or("limit", 20, 100_000)?;
    let cost = state.budget.position(&*start);
    compute(state, cost, move |cancel| {
        let started = Instant::now();
        let solution = solve_now(&*start, convention, cancel)?;
        let name = start.to_string();
        let mut json = PositionJson::new(&name, &solution)
            .with_search(&solution.stats, started.elapsed().as_secs_f64());
        if convention == Convention::Misere {
            json = json.misere();
        }
        to_json(&json)
    })
    .await
}

/// `/api/genus` on a whole position: the JSON of `grundy solve SPEC
/// --genus --json`, its search's table bounded by the server's memory for
/// a match.
pub(super) async fn genus(
    state: &AppState,
    start: Box<dyn Position>,
    mut fields: Fields,
) -> ApiResult {
    let start = checked(start, &state.limits)?;
    no_heaps(&*start, &mut fields)?;
    // A genus asks for every option of every position met, for ten sums
    // with heaps of 2: never cheaper than the search of the position.
    let cost = state.budget.position(&*start).times(10);
    compute(state, cost, move |cancel| {
        let search = SearchOptions {
            memory: MATCH_MEMORY,
            ..SearchOptions::default()
        };
        let genus = start
            .genus(&mut SolveOptions::default().search(search).cancel(cancel))
            .map_err(|e| match e {
                grundy::misere::GenusError::Cancelled(_) => {
                    ApiError::over_limit(stopped_message(cancel))
                }
                e => ApiError::over_limit(e.to_string()),
            })?;
        let name = start.to_string();
        to_json(&grundy_json::GenusJson::new(&name, &genus))
    })
    .await
}

#[derive(Serialize)]
struct PositionNode {
    id: u32,
    node: String,
    value: u64,
    outcome: &'static str,
}

/// The answer of `/api/graph` on a position, keys in the order of the heap
/// games' graph (the game first).
#[derive(Serialize)]
struct PositionGraphOut {
    game: String,
    typed: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    convention: Option<&'static str>,
    node_count: usize,
    edge_count: usize,
    nodes: Vec<PositionNode>,
    edges: Vec<[u32; 2]>,
}

/// `/api/graph` on a position: every position reachable from it, named as
/// `grundy graph --game SPEC` names it, with values and edges.
pub(super) async fn graph(
    state: &AppState,
    typed: String,
    start: Box<dyn Position>,
    mut fields: Fields,
) -> ApiResult {
    let start = checked(start, &state.limits)?;
    no_heaps(&*start, &mut fields)?;
    let misere = fields.bool_or("misere", false)?;
    let max_nodes = state.limits.max_graph_nodes;
    let cost = state.budget.position_graph(&*start, max_nodes);
    compute(state, cost, move |_| {
        let graph = grundy::games::position::graph(&*start, max_nodes).map_err(|e| match e {
            GraphError::TooManyPositions { .. } => ApiError::over_limit(format!(
                "the game graph has more than {max_nodes} positions; try a smaller position"
            )),
            other => ApiError::bad_request(format!("the game graph: {other}")),
        })?;
        let values = super::graph_values(&graph, misere)?;
        let nodes: Vec<PositionNode> = graph
            .nodes()
            .map(|v| PositionNode {
                id: v,
                node: graph.name(v).to_owned(),
                value: values[v as usize].0,
                outcome: values[v as usize].1,
            })
            .collect();
        let edges: Vec<[u32; 2]> = graph
            .nodes()
            .flat_map(|v| graph.followers(v).iter().map(move |&w| [v, w]))
            .collect();
        to_json(&PositionGraphOut {
            game: start.to_string(),
            typed,
            convention: super::graph_convention(misere),
            node_count: nodes.len(),
            edge_count: edges.len(),
            nodes,
            edges,
        })
    })
    .await
}

/// A move as JSON: `{"move": NAME, ...where it is}`.
fn move_json(mv: &Move) -> Value {
    serde_json::to_value(MoveJson(mv)).unwrap_or(Value::Null)
}

/// What the page asks for beyond the position (each field absent unless
/// asked, so that an answer without them is as it always was).
#[derive(Clone, Copy, Debug, Default)]
struct Extras {
    /// `"moves": true`: every legal move, named and placed as the winning
    /// moves are.
    moves: bool,
    /// `"lesson": true`: what the hint's explanation needs, for the
    /// families whose theory gives one (see [`lesson`]).
    lesson: bool,
}

/// The request's `moves` and `lesson` fields.
fn read_extras(fields: &mut Fields) -> Result<Extras, ApiError> {
    Ok(Extras {
        moves: fields.bool_or("moves", false)?,
        lesson: fields.bool_or("lesson", false)?,
    })
}

/// The most Wythoff P-positions a lesson lists: those on a board of at
/// most this many squares a side.
const LESSON_WYTHOFF_SIDE: u128 = 64;

/// The theory behind the winning moves, by family, from the library's
/// own rules (never re-derived here):
///
/// - `wythoff`: `p_positions`, every P-position `[x, y]` (`x <= y`) of the
///   convention with both heaps at most the larger heap (only while that
///   is at most [`LESSON_WYTHOFF_SIDE`]): the squares of the queen's board
///   to move to;
/// - `coins` (normal play): `heads`, each head's coin (from 1) and the
///   value of a lone head there, `nim_sum`, the row's value, and
///   `values`, the value of a lone head on every coin (a turn changes the
///   row's value by the nim-sum of the values of the coins it turns);
/// - `hackenbush` (normal play): `parts`, what stands on the ground split
///   where it meets the ground, each part's edges (numbered from 1, as
///   the moves are) and value, and `nim_sum`;
/// - `moore`: `k`, and `column_sums`, for each binary digit from the
///   highest, how many heaps have it (Moore's theorem: a P-position
///   exactly when every sum is a multiple of `k + 1`, in normal play).
///
/// `None` for every other family, and where the convention has no such
/// theory.
fn lesson(position: &dyn Position, drawing: &Value, convention: Convention) -> Option<Value> {
    use grundy::games::{coins::CoinRule, wythoff, CoinRow, HackenbushPosition};
    let spec = position.to_string();
    let normal = convention == Convention::Normal;
    match drawing.get("kind")?.as_str()? {
        "wythoff" => {
            let (a, b) = grundy::games::Wythoff::parse(&spec).ok()?.heaps();
            let side = a.max(b);
            let p: fn(u128, u128) -> bool = if normal {
                wythoff::is_p_position
            } else {
                wythoff::is_misere_p_position
            };
            let pairs: Vec<[u128; 2]> = if side <= LESSON_WYTHOFF_SIDE {
                (0..=side)
                    .flat_map(|x| (x..=side).map(move |y| [x, y]))
                    .filter(|&[x, y]| p(x, y))
                    .collect()
            } else {
                Vec::new()
            };
            Some(serde_json::json!({ "p_positions": pairs }))
        }
        "coins" if normal => {
            let rule: CoinRule = CoinRow::parse(&spec).ok()?.rule()?;
            let heads: Vec<Value> = drawing
                .get("coins")?
                .as_array()?
                .iter()
                .enumerate()
                .filter(|(_, c)| c.as_bool() == Some(true))
                .map(|(i, _)| {
                    let coin = i as u64 + 1;
                    serde_json::json!({ "coin": coin, "value": rule.head_value(coin) })
                })
                .collect();
            let nim_sum = heads
                .iter()
                .filter_map(|h| h["value"].as_u64())
                .fold(0, |a, b| a ^ b);
            let len = drawing.get("coins")?.as_array()?.len() as u64;
            let values: Vec<u64> = (1..=len).map(|c| rule.head_value(c)).collect();
            Some(serde_json::json!({ "heads": heads, "nim_sum": nim_sum, "values": values }))
        }
        "hackenbush" if normal => {
            let pos = HackenbushPosition::parse(&spec, None).ok()?;
            let game = pos.game();
            let standing = grundy::games::Hackenbush::edges_in(pos.left());
            // Parts: the edges joined through vertices other than the
            // ground, found by merging the ends of each edge off it.
            let mut part: Vec<usize> = (0..game.vertices()).collect();
            fn root(part: &mut [usize], mut v: usize) -> usize {
                while part[v] != v {
                    part[v] = part[part[v]];
                    v = part[v];
                }
                v
            }
            for &i in &standing {
                let (a, b) = game.ends(i);
                if a != 0 && b != 0 {
                    let (ra, rb) = (root(&mut part, a), root(&mut part, b));
                    part[ra] = rb;
                }
            }
            let mut parts: Vec<(usize, Vec<usize>)> = Vec::new();
            for &i in &standing {
                let (a, b) = game.ends(i);
                // A loop at the ground is a part of its own.
                let key = match (a, b) {
                    (0, 0) => usize::MAX - i,
                    (0, v) | (v, _) => root(&mut part, v),
                };
                match parts.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, edges)) => edges.push(i),
                    None => parts.push((key, vec![i])),
                }
            }
            let words = pos.left().len();
            let parts: Vec<Value> = parts
                .into_iter()
                .map(|(_, edges)| {
                    let mut mask = vec![0u64; words];
                    for &i in &edges {
                        mask[i / 64] |= 1 << (i % 64);
                    }
                    let numbers: Vec<usize> = edges.iter().map(|i| i + 1).collect();
                    serde_json::json!({ "edges": numbers, "value": game.value(&mask).0 })
                })
                .collect();
            let nim_sum = game.value(pos.left()).0;
            Some(serde_json::json!({ "parts": parts, "nim_sum": nim_sum }))
        }
        "moore" => {
            let heaps: Vec<u128> = drawing
                .get("heaps")?
                .as_array()?
                .iter()
                .map(|h| match h {
                    Value::String(t) => t.parse().ok(),
                    other => other.as_u64().map(u128::from),
                })
                .collect::<Option<_>>()?;
            let top = heaps.iter().map(|h| 128 - h.leading_zeros()).max()?;
            let sums: Vec<u32> = (0..top)
                .rev()
                .map(|bit| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u32)
                .collect();
            Some(serde_json::json!({ "k": drawing.get("k")?, "column_sums": sums }))
        }
        _ => None,
    }
}

/// The position as the page draws it: the spec that names it, the
/// family's drawing (`kind` and what that kind draws), the value (normal
/// play; 0 under misère play, where `misere` is true), outcome and winning
/// moves, and whether the game is over; with `extras`, every legal move
/// (`moves`) and the theory behind the winning moves (`lesson`, see
/// [`lesson`]).
fn position_json(
    position: &dyn Position,
    convention: Convention,
    extras: Extras,
    cancel: &Cancel,
) -> Result<Value, ApiError> {
    let solution = solve_now(position, convention, cancel)?;
    let mut json = match serde_json::to_value(DatumJson(&position.drawing())) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    json.insert("game".into(), Value::String(position.to_string()));
    // `null` where the library computes no value (Moore's Nim, decided by
    // its theorem): a 0 there would call an N-position worth 0.
    json.insert(
        "value".into(),
        solution.value.map_or(Value::Null, |v| Value::from(v.0)),
    );
    json.insert("outcome".into(), Value::from(solution.outcome.as_str()));
    json.insert(
        "winning_moves".into(),
        Value::Array(solution.winning_moves.iter().map(move_json).collect()),
    );
    json.insert("over".into(), Value::Bool(position.moves().is_empty()));
    if convention == Convention::Misere {
        json.insert("misere".into(), Value::Bool(true));
    }
    if extras.moves {
        let moves = position.moves();
        json.insert(
            "moves".into(),
            Value::Array(moves.iter().map(|(m, _)| move_json(m)).collect()),
        );
    }
    if extras.lesson {
        let drawing = Value::Object(json.clone());
        if let Some(lesson) = lesson(position, &drawing, convention) {
            json.insert("lesson".into(), lesson);
        }
    }
    Ok(Value::Object(json))
}

/// `POST /api/board {game, misere, moves, lesson}`: a position to play on,
/// with its value and winning moves (the hint), and with `moves` or
/// `lesson` true every legal move or the theory behind the winning moves
/// (see [`lesson`]). A position after moves is named by its spec, as the
/// answers of `/api/board/move` give it (`cram:##./...`,
/// `nodekayles:cycle:9-{3,4,5}`).
pub(crate) async fn board(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "misere", "moves", "lesson"])?;
    let start = read_position(&mut fields, &state.limits)?;
    let convention = read_convention(&mut fields)?;
    let extras = read_extras(&mut fields)?;
    solvable(&*start, convention)?;
    let cost = state.budget.position(&*start);
    compute(&state, cost, move |cancel| {
        to_json(&position_json(&*start, convention, extras, cancel)?)
    })
    .await
}

/// The move a request names, as an index into the position's moves: its
/// name (`"a1-b1"`, `"3"`), the cells it uses (`[[0, 0], [0, 1]]`, rows and
/// columns from 0), or a vertex by its number (`"vertex": 2`).
fn read_move(position: &dyn Position, fields: &mut Fields) -> Result<Option<usize>, ApiError> {
    let illegal = |e: grundy::moves::MoveError| ApiError::illegal(format!("illegal move: {e}"));
    if let Some(v) = fields.optional_u64("vertex", 1 << 20)? {
        let moves = position.moves();
        let at = moves.iter().position(|(m, _)| {
            m.data
                .iter()
                .any(|(k, d)| *k == "vertex" && *d == grundy::games::Datum::Int(v as i64))
        });
        return match at {
            Some(i) => Ok(Some(i)),
            None => Err(ApiError::illegal(format!(
                "illegal move: vertex {v} cannot be picked in {position} (it is gone, or not a vertex of this graph)"
            ))),
        };
    }
    let Some(item) = fields.optional_value("move") else {
        return Ok(None);
    };
    let typed = match &item {
        Value::String(name) => name.clone(),
        Value::Array(cells) => {
            if cells.is_empty() || cells.len() > 2 {
                return Err(ApiError::bad_request(
                    "\"move\" names one cell (a Chomp bite) or two (a Cram domino)",
                ));
            }
            let mut names = Vec::with_capacity(2);
            for (i, item) in cells.iter().enumerate() {
                let pair = item.as_array().filter(|p| p.len() == 2).ok_or_else(|| {
                    ApiError::bad_request(format!("move[{i}] must be a [row, column] pair"))
                })?;
                let r = bounded(&pair[0], &format!("move[{i}][0]"), 255)? as u8;
                let c = bounded(&pair[1], &format!("move[{i}][1]"), 255)? as u8;
                names.push(cell_name((r, c)));
            }
            names.join(" ")
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "\"move\" is the move's name (\"a1-b1\", \"3\") or its cells ([[0, 0], [0, 1]]), found {}",
                crate::request::kind(other)
            )))
        }
    };
    position.parse_move(&typed).map(Some).map_err(illegal)
}

/// `POST /api/board/move {game, move, misere, moves, lesson}`: plays the
/// user's move (none to let the engine open) and the engine's reply, and
/// answers both (`you`, `after_you`: the spec of the position between
/// them, `engine`, `winner`) with the position after them (with its
/// `moves` and `lesson` when asked, as `/api/board`).
pub(crate) async fn board_move(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(
        &bytes,
        &["game", "move", "vertex", "misere", "moves", "lesson"],
    )?;
    let start = read_position(&mut fields, &state.limits)?;
    let convention = read_convention(&mut fields)?;
    let extras = read_extras(&mut fields)?;
    solvable(&*start, convention)?;
    let user = read_move(&*start, &mut fields)?;
    // The engine's reply, then the position after it: two searches of
    // positions smaller than this one.
    let cost = state.budget.position(&*start).times(2);
    compute(&state, cost, move |cancel| {
        let mut position = start;
        let mut winner = None;
        let mut after_you = None;
        let mut you = None;
        if let Some(i) = user {
            let (mv, after) = position.moves().swap_remove(i);
            you = Some(move_json(&mv));
            position = after;
            after_you = Some(position.to_string());
            if position.moves().is_empty() {
                // The engine cannot move: under normal play that loses.
                winner = Some(if convention == Convention::Misere {
                    "engine"
                } else {
                    "you"
                });
            }
        }
        let mut engine = None;
        if winner.is_none() {
            let search = SearchOptions {
                memory: MATCH_MEMORY,
                ..SearchOptions::default()
            };
            let mut options = SolveOptions::default()
                .search(search)
                .cancel(cancel)
                .convention(convention);
            let reply = position
                .engine_move(&mut options)
                .map_err(|_| ApiError::over_limit(stopped_message(cancel)))?;
            match reply {
                Some(i) => {
                    let (mv, after) = position.moves().swap_remove(i);
                    engine = Some(move_json(&mv));
                    position = after;
                    if position.moves().is_empty() {
                        // You cannot move: under normal play you lose.
                        winner = Some(if convention == Convention::Misere {
                            "you"
                        } else {
                            "engine"
                        });
                    }
                }
                // The engine cannot move: whoever moved last wins, under
                // normal play.
                None => {
                    winner = Some(if convention == Convention::Misere {
                        "engine"
                    } else {
                        "you"
                    })
                }
            }
        }
        to_json(&serde_json::json!({
            "you": you,
            "after_you": after_you,
            "engine": engine,
            "winner": winner,
            "position": position_json(&*position, convention, extras, cancel)?,
        }))
    })
    .await
}
