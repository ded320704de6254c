//! The `/api/*` handlers. Each reads a JSON object, checks every field
//! against [`Limits`] before any work, computes on the blocking pool under a
//! deadline, and answers JSON.

use std::collections::{BTreeMap, HashMap, VecDeque};

use axum::body::{to_bytes, Body};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::{Convention, Nimber, Outcome};
use serde::Serialize;
use serde_json::Value;

use grundy::nim::{parse_heap, BigUint, Heap, HeapSize, NimSummary};
use grundy::sum::SumSolver;
use grundy_json::{NimJson, PeriodJson, SolveJson, ValuesJson, ValuesStats};

use crate::engine::{work_cap, WebGame};
use crate::error::ApiError;
use crate::play::{self, Move, Rules};
use crate::request::{bounded, Fields};
use crate::{AppState, Limits};

/// The answer of every handler.
pub type ApiResult = Result<JsonText, ApiError>;

/// A JSON answer, serialised once, with its fields in the order of its
/// type: byte for byte what the CLI's `--json` prints (without the final
/// newline).
#[derive(Debug)]
pub struct JsonText(String);

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

/// Reads the whole body, refusing more than the limit, and a client that
/// takes longer than the deadline to send it.
async fn read_body(state: &AppState, body: Body) -> Result<axum::body::Bytes, ApiError> {
    let max = state.limits.max_body_bytes;
    let timeout = state.limits.timeout;
    match tokio::time::timeout(timeout, to_bytes(body, max)).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(_)) => Err(ApiError::too_large(format!(
            "the request body is larger than {max} bytes, or was cut off"
        ))),
        Err(_) => Err(ApiError {
            status: axum::http::StatusCode::REQUEST_TIMEOUT,
            message: format!(
                "the request body did not arrive within {} s",
                timeout.as_secs_f64()
            ),
        }),
    }
}

/// Runs `work` on the blocking pool, holding one of the computing slots
/// until it really ends, and answers 422 if it is not done by the deadline.
async fn compute<T, F>(state: &AppState, work: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let timeout = state.limits.timeout;
    let permit = tokio::time::timeout(timeout, state.slots.clone().acquire_owned())
        .await
        .map_err(|_| ApiError::busy("the server is busy with other computations; try again"))?
        .map_err(|_| ApiError::busy("the server is shutting down"))?;
    let task = tokio::task::spawn_blocking(move || {
        // The slot is held by the computation itself, so a computation that
        // outlives its deadline still counts against the limit until it ends.
        let _permit = permit;
        work()
    });
    match tokio::time::timeout(timeout, task).await {
        Ok(Ok(result)) => result,
        Ok(Err(join)) => Err(ApiError::bad_request(format!(
            "the computation failed: {join}"
        ))),
        Err(_) => Err(ApiError::over_limit(format!(
            "the computation took longer than {} s; ask for less",
            timeout.as_secs_f64()
        ))),
    }
}

fn to_json<T: Serialize>(value: &T) -> ApiResult {
    serde_json::to_string(value)
        .map(JsonText)
        .map_err(|e| ApiError::bad_request(format!("could not render the answer: {e}")))
}

/// `GET /api/limits`: the bounds this server enforces.
pub(crate) async fn limits(State(state): State<AppState>) -> Json<Value> {
    let l: &Limits = &state.limits;
    Json(serde_json::json!({
        "max_heaps": l.max_heaps,
        "max_values_to": l.max_values_to,
        "max_period_search": l.max_period_search,
        "max_play_heap": l.max_play_heap,
        "max_play_tokens": l.max_play_tokens,
        "max_misere_search_tokens": l.max_misere_search_tokens,
        "max_moves": l.max_moves,
        "max_graph_nodes": l.max_graph_nodes,
        "max_graph_tokens": l.max_graph_tokens,
        "max_heap_digits": l.max_heap_digits,
        "max_body_bytes": l.max_body_bytes,
        "timeout_ms": l.timeout.as_millis() as u64,
    }))
}

/// A position to play on: the game, the heaps and the convention, checked.
struct Position {
    spec: String,
    game: WebGame,
    heaps: Vec<u64>,
    convention: Convention,
}

impl Position {
    /// Reads `game`, `heaps` and `misere`, with every heap at most
    /// `max_play_heap` and the total at most `max_play_tokens`.
    fn read(fields: &mut Fields, limits: &Limits) -> Result<Position, ApiError> {
        let spec = fields.string("game")?;
        let game = WebGame::parse(&spec)?;
        let heaps = read_heaps(fields, limits, limits.max_play_heap)?;
        let total: u64 = heaps.iter().sum();
        if total > limits.max_play_tokens {
            return Err(ApiError::over_limit(format!(
                "the heaps hold {total} tokens; at most {} in all can be played here",
                limits.max_play_tokens
            )));
        }
        let misere = fields.bool_or("misere", false)?;
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        if misere && !game.is_nim() && total > limits.max_misere_search_tokens {
            return Err(ApiError::over_limit(format!(
                "misère {spec} is decided by searching every position, which is done for at most {} tokens in all; these heaps hold {total}",
                limits.max_misere_search_tokens
            )));
        }
        // Every play endpoint lists or scans all moves: refuse a position
        // with too many (three-way splits of large heaps) before doing so.
        let mut count = 0usize;
        for &h in &heaps {
            game.for_each_option(h, &mut |_| count += 1);
            if count > limits.max_moves {
                return Err(ApiError::over_limit(format!(
                    "this position of {spec} has more than {} legal moves; play with smaller heaps",
                    limits.max_moves
                )));
            }
        }
        Ok(Position {
            spec,
            game,
            heaps,
            convention,
        })
    }
}

fn read_heaps(fields: &mut Fields, limits: &Limits, max: u64) -> Result<Vec<u64>, ApiError> {
    fields
        .array("heaps", limits.max_heaps)?
        .iter()
        .enumerate()
        .map(|(i, v)| bounded(v, &format!("heaps[{i}]"), max))
        .collect()
}

/// The analysis of a position under its convention: outcome, winning moves,
/// and for normal play the heaps' Grundy values.
struct Analysis {
    values: Vec<Nimber>,
    nim_sum: Nimber,
    outcome: Outcome,
    winning: Vec<Move>,
}

fn analyse(pos: &mut Position) -> Result<Analysis, ApiError> {
    let max = pos.heaps.iter().copied().max().unwrap_or(0);
    pos.game.prepare(max)?;
    let rules: &dyn Rules = &pos.game;
    let values: Vec<Nimber> = pos.heaps.iter().map(|&h| rules.value(h)).collect();
    let nim_sum: Nimber = values.iter().copied().sum();
    let (outcome, winning) = match pos.convention {
        Convention::Normal => (
            Outcome::from_first_player_wins(!nim_sum.is_zero()),
            play::winning_moves_normal(rules, &pos.heaps),
        ),
        // Misère Nim by its rule, other games by the library's exhaustive
        // search (the request was bounded in tokens for it).
        Convention::Misere => {
            let solution = grundy::sum::misere_solve(&pos.game.ruleset, &pos.heaps, usize::MAX)
                .map_err(|e| ApiError::over_limit(e.to_string()))?;
            let moves = solution
                .winning_moves
                .iter()
                .map(|m| Move {
                    heap: m.heap,
                    from: m.from,
                    to: m.to.as_slice().to_vec(),
                })
                .collect();
            (solution.outcome, moves)
        }
    };
    Ok(Analysis {
        values,
        nim_sum,
        outcome,
        winning,
    })
}

#[derive(Serialize)]
struct OptionOut {
    to: Vec<u64>,
    take: u64,
}

/// `POST /api/options {game, heaps}`: every legal move, heap by heap.
pub(crate) async fn options(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let pos = Position::read(&mut fields, &state.limits)?;
    compute(&state, move || {
        let rules: &dyn Rules = &pos.game;
        let options: Vec<Vec<OptionOut>> = pos
            .heaps
            .iter()
            .map(|&h| {
                let mut list = Vec::new();
                rules.for_each_option(h, &mut |l| {
                    let to = l.as_slice().to_vec();
                    let take = h - to.iter().sum::<u64>();
                    list.push(OptionOut { to, take });
                });
                list
            })
            .collect();
        to_json(&serde_json::json!({
            "game": pos.spec,
            "heaps": pos.heaps,
            "options": options,
        }))
    })
    .await
}

#[derive(Serialize)]
struct MoveOut {
    game: String,
    convention: &'static str,
    heaps: Vec<u64>,
    outcome: &'static str,
    /// The engine's move, `null` when no move is legal.
    #[serde(rename = "move")]
    mv: Option<Move>,
    /// Whether the move wins against any defence.
    winning: bool,
    heaps_after: Vec<u64>,
}

/// `POST /api/move {game, heaps, misere}`: the engine's move.
pub(crate) async fn engine_move(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let mut pos = Position::read(&mut fields, &state.limits)?;
    compute(&state, move || {
        let analysis = analyse(&mut pos)?;
        let all = play::moves(&pos.game, &pos.heaps);
        let chosen = play::engine_move(all, analysis.winning);
        let heaps_after = match &chosen {
            Some((m, _)) => m.apply(&pos.heaps),
            None => pos.heaps.clone(),
        };
        to_json(&MoveOut {
            game: pos.spec,
            convention: pos.convention.as_str(),
            outcome: analysis.outcome.as_str(),
            winning: chosen.as_ref().is_some_and(|(_, w)| *w),
            mv: chosen.map(|(m, _)| m),
            heaps: pos.heaps,
            heaps_after,
        })
    })
    .await
}

#[derive(Serialize)]
struct HintRow {
    heap: usize,
    size: u64,
    value: u64,
    has_top_bit: bool,
}

#[derive(Serialize)]
struct Explanation {
    rows: Vec<HintRow>,
    nim_sum: u64,
    /// The exponent of the nim-sum's highest set bit; `null` when it is 0.
    top_bit: Option<u32>,
    /// The lesson, sentence by sentence.
    lessons: Vec<String>,
}

#[derive(Serialize)]
struct HintOut {
    game: String,
    convention: &'static str,
    heaps: Vec<u64>,
    outcome: &'static str,
    values: Vec<u64>,
    nim_sum: u64,
    winning_moves: Vec<Move>,
    explanation: Explanation,
    /// For Nim, the whole lesson of `grundy nim --explain`, as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

/// `POST /api/hint {game, heaps, misere}`: the outcome, every winning move,
/// and the binary lesson behind them.
pub(crate) async fn hint(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let mut pos = Position::read(&mut fields, &state.limits)?;
    compute(&state, move || {
        let a = analyse(&mut pos)?;
        let explanation = explain(&pos, &a);
        let text = pos
            .game
            .is_nim()
            .then(|| grundy::nim::explain(&pos.heaps, pos.convention).to_string());
        to_json(&HintOut {
            game: pos.spec.clone(),
            convention: pos.convention.as_str(),
            outcome: a.outcome.as_str(),
            values: a.values.iter().map(|v| v.value()).collect(),
            nim_sum: a.nim_sum.value(),
            winning_moves: a.winning,
            heaps: pos.heaps,
            explanation,
            text,
        })
    })
    .await
}

fn explain(pos: &Position, a: &Analysis) -> Explanation {
    let s = a.nim_sum.value();
    let top_bit = (s != 0).then(|| 63 - s.leading_zeros());
    let rows: Vec<HintRow> = pos
        .heaps
        .iter()
        .zip(&a.values)
        .enumerate()
        .map(|(i, (&size, v))| HintRow {
            heap: i,
            size,
            value: v.value(),
            has_top_bit: top_bit.is_some_and(|b| v.value() >> b & 1 == 1),
        })
        .collect();
    let nim = pos.game.is_nim();
    let what = if nim {
        "heap size"
    } else {
        "heap's Grundy value (the mex of the values of its options)"
    };
    let mut lessons = Vec::new();
    if pos.convention == Convention::Misere && !nim {
        lessons.push(format!(
            "Misère {} has no binary rule: grundy searched every position reachable from here (the player who cannot move wins).",
            pos.spec
        ));
        return Explanation {
            rows,
            nim_sum: s,
            top_bit,
            lessons,
        };
    }
    lessons.push(format!(
        "Write each {what} in binary and add the columns without carrying (exclusive or): the nim-sum is {s}."
    ));
    if pos.convention == Convention::Misere {
        if pos.heaps.iter().any(|&h| h >= 2) {
            lessons.push("Misère Nim: while some heap has 2 or more tokens, play exactly as in normal Nim, except that a move leaving only heaps of 0 or 1 must leave an odd number of 1-heaps.".to_owned());
        } else {
            lessons.push("Misère Nim with every heap at most 1: whoever faces an even number of 1-heaps wins (the other player will take the last token).".to_owned());
            return Explanation {
                rows,
                nim_sum: s,
                top_bit,
                lessons,
            };
        }
    }
    match top_bit {
        None => lessons.push(
            "The nim-sum is 0: any move changes exactly one value, so it makes the nim-sum non-zero, and the opponent can always answer by making it 0 again.".to_owned(),
        ),
        Some(b) => {
            let holders: Vec<String> = rows
                .iter()
                .filter(|r| r.has_top_bit)
                .map(|r| (r.heap + 1).to_string())
                .collect();
            lessons.push(format!(
                "The nim-sum's highest 1 is in the column of {} (marked). Heap {} has a 1 in that column; changing such a value g to g xor {s} lowers it and makes the nim-sum 0.",
                1u64 << b,
                holders.join(", heap ")
            ));
            for r in rows.iter().filter(|r| r.has_top_bit) {
                let target = r.value ^ s;
                if nim {
                    lessons.push(format!(
                        "Heap {}: {} xor {s} = {target}, so take {} to leave {target}.",
                        r.heap + 1,
                        r.size,
                        r.size - target
                    ));
                } else {
                    lessons.push(format!(
                        "Heap {}: value {} xor {s} = {target}; move it to a position worth *{target} (one exists, since a value is the mex of its options').",
                        r.heap + 1,
                        r.value
                    ));
                }
            }
        }
    }
    Explanation {
        rows,
        nim_sum: s,
        top_bit,
        lessons,
    }
}

#[derive(Serialize)]
struct GraphNode {
    id: usize,
    heaps: Vec<u64>,
    tokens: u64,
    value: u64,
    outcome: &'static str,
}

/// `POST /api/graph {game, heaps}`: every position reachable from `heaps`
/// (as multisets of non-empty heaps), each with its Grundy value and
/// normal-play outcome, and every move as an edge.
pub(crate) async fn graph(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps"])?;
    let spec = fields.string("game")?;
    let mut game = WebGame::parse(&spec)?;
    let max_nodes = state.limits.max_graph_nodes;
    let mut start = read_heaps(&mut fields, &state.limits, state.limits.max_play_heap)?;
    let tokens: u64 = start.iter().sum();
    let max_tokens = state.limits.max_graph_tokens;
    if tokens > max_tokens {
        return Err(ApiError::over_limit(format!(
            "the game graph is drawn for at most {max_tokens} tokens in all; these heaps hold {tokens}"
        )));
    }
    compute(&state, move || {
        start.retain(|&h| h > 0);
        start.sort_unstable();
        game.prepare(start.iter().copied().max().unwrap_or(0))?;
        let rules: &dyn Rules = &game;
        let mut ids: HashMap<Vec<u64>, usize> = HashMap::new();
        let mut nodes: Vec<GraphNode> = Vec::new();
        let mut edges: Vec<[usize; 2]> = Vec::new();
        let mut queue = VecDeque::new();
        let mut add = |heaps: Vec<u64>, nodes: &mut Vec<GraphNode>, queue: &mut VecDeque<usize>| {
            if let Some(&id) = ids.get(&heaps) {
                return Ok(id);
            }
            if nodes.len() == max_nodes {
                return Err(ApiError::over_limit(format!(
                    "the game graph has more than {max_nodes} positions; try a smaller heap"
                )));
            }
            let value: Nimber = heaps.iter().map(|&h| rules.value(h)).sum();
            let id = nodes.len();
            ids.insert(heaps.clone(), id);
            nodes.push(GraphNode {
                id,
                tokens: heaps.iter().sum(),
                value: value.value(),
                outcome: if value.is_zero() { "P" } else { "N" },
                heaps,
            });
            queue.push_back(id);
            Ok(id)
        };
        add(start, &mut nodes, &mut queue)?;
        while let Some(id) = queue.pop_front() {
            let heaps = nodes[id].heaps.clone();
            let mut targets = BTreeMap::new();
            for m in play::moves(rules, &heaps) {
                let mut next = m.apply(&heaps);
                next.retain(|&h| h > 0);
                next.sort_unstable();
                targets.insert(next, ());
            }
            for next in targets.into_keys() {
                let to = add(next, &mut nodes, &mut queue)?;
                edges.push([id, to]);
            }
        }
        to_json(&serde_json::json!({
            "game": spec,
            "nodes": nodes,
            "edges": edges,
        }))
    })
    .await
}

/// `POST /api/values {game, to, from, stats}`: `G(from..=to)`, the JSON of
/// `grundy values --json`.
pub(crate) async fn values(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "to", "from", "stats"])?;
    let spec = fields.string("game")?;
    let mut game = WebGame::parse(&spec)?;
    let to = fields.u64_at_most("to", state.limits.max_values_to)?;
    let from = fields.u64_or("from", 0, to)?;
    let stats = fields.bool_or("stats", false)?;
    compute(&state, move || {
        game.prepare(to)?;
        let get = |n: u64| game.value(n);
        let stats = stats.then(|| ValuesStats::of(from, to, get));
        let name = game.ruleset.to_string();
        to_json(&ValuesJson::new(&name, from, to, &get, stats.as_ref()))
    })
    .await
}

/// `POST /api/period {game, max}`: the proved period, the JSON of
/// `grundy period --json`.
pub(crate) async fn period(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "max"])?;
    let spec = fields.string("game")?;
    let game = WebGame::parse(&spec)?;
    let cap = work_cap(&game.ruleset).min(state.limits.max_period_search);
    let max = fields.u64_or("max", cap, cap).map_err(|e| ApiError {
        message: format!("{e} for {}", game.ruleset),
        ..e
    })?;
    compute(&state, move || {
        let found = grundy::heap::period::find_period(&game.ruleset, max);
        to_json(&PeriodJson::new(&game.ruleset.to_string(), &found))
    })
    .await
}

/// `POST /api/solve {game, heaps, misere, limit}`: the outcome of the sum
/// and its winning moves, the JSON of `grundy solve --json`. Heaps may be
/// as large as u64 where a period is proved.
pub(crate) async fn solve(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere", "limit"])?;
    let spec = fields.string("game")?;
    let game = WebGame::parse(&spec)?;
    let heaps = read_heaps(&mut fields, &state.limits, u64::MAX)?;
    let misere = fields.bool_or("misere", false)?;
    // The CLI's default, so the same arguments give the same answer.
    let limit = fields.u64_or("limit", 20, 100_000)? as usize;
    let cap = work_cap(&game.ruleset).min(state.limits.max_period_search);
    compute(&state, move || {
        let over = |e: grundy::sum::SumError| ApiError::over_limit(e.to_string());
        let solution = if misere {
            grundy::sum::misere_solve(&game.ruleset, &heaps, limit).map_err(over)?
        } else {
            SumSolver::new(&game.ruleset, &heaps, cap)
                .and_then(|solver| solver.solve(&heaps, limit))
                .map_err(over)?
        };
        to_json(&SolveJson::new(
            &game.ruleset.to_string(),
            &heaps,
            &solution,
        ))
    })
    .await
}

/// `POST /api/nim {heaps, misere, explain}`: the JSON of `grundy nim
/// --json`; heaps beyond u64 are given (and answered) as strings of digits.
pub(crate) async fn nim(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["heaps", "misere", "explain"])?;
    let items = fields.array("heaps", state.limits.max_heaps)?;
    let convention = if fields.bool_or("misere", false)? {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let explain = fields.bool_or("explain", false)?;
    let mut heaps = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        heaps.push(nim_heap(item, i, state.limits.max_heap_digits)?);
    }
    compute(&state, move || {
        if heaps.iter().all(|h| matches!(h, Heap::Small(_))) {
            let small: Vec<u64> = heaps
                .iter()
                .map(|h| match h {
                    Heap::Small(n) => *n,
                    Heap::Big(_) => unreachable!("all heaps are small"),
                })
                .collect();
            nim_answer(&small, convention, explain)
        } else {
            let big: Vec<BigUint> = heaps.iter().map(Heap::to_biguint).collect();
            nim_answer(&big, convention, explain)
        }
    })
    .await
}

fn nim_answer<H: HeapSize>(heaps: &[H], convention: Convention, explain: bool) -> ApiResult {
    let summary = NimSummary::of(heaps);
    let explanation = explain.then(|| grundy::nim::explain(heaps, convention).to_string());
    to_json(&NimJson::new(heaps, convention, &summary, explanation))
}

/// A Nim heap: a JSON integer, or a string of digits of any length up to
/// `max_digits`.
fn nim_heap(item: &Value, i: usize, max_digits: usize) -> Result<Heap, ApiError> {
    match item {
        Value::Number(n) => match n.as_u64() {
            Some(n) => Ok(Heap::Small(n)),
            None if n.is_i64() => Err(ApiError::bad_request(format!(
                "heaps[{i}]: {n} is negative; a heap size is a whole number"
            ))),
            None => Err(ApiError::bad_request(format!(
                "heaps[{i}]: {n} is not a whole number that fits in 64 bits; send larger heaps as strings of digits, such as \"123456789012345678901234567890\""
            ))),
        },
        Value::String(s) if s.len() > max_digits => Err(ApiError::over_limit(format!(
            "heaps[{i}] has {} digits; at most {max_digits} are allowed",
            s.len()
        ))),
        Value::String(s) => parse_heap(s).map_err(|e| {
            ApiError::bad_request(format!("heaps[{i}]: invalid heap {s:?}: {e}"))
        }),
        other => Err(ApiError::bad_request(format!(
            "heaps[{i}]: expected a number or a string of digits, found {}",
            crate::request::kind(other)
        ))),
    }
}
