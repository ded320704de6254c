//! The `/api/*` handlers. Each reads a JSON object, checks every field
//! against [`Limits`] before any work, computes on the blocking pool under a
//! deadline, and answers JSON.

use axum::body::{to_bytes, Body};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::{Convention, Nimber, Outcome};
use serde::Serialize;
use serde_json::Value;

use grundy::game::ImpartialGame;
use grundy::graph::{acyclic_values, position_graph, GraphError};
use grundy::heap::HeapMove;
use grundy::heap::HeapRuleset;
use grundy::misere::{MisereQuotient, QuotientError};
use grundy::nim::{parse_heap, BigUint, Heap, HeapSize, NimSummary};
use grundy::play::{Lesson, Match, MatchLimits, MoveError, MoveRequest, Player, SetupError};
use grundy::sum::{HeapSolver, Method, MisereBounds, SolverLimits};
use grundy_json::{NimJson, PeriodJson, QuotientJson, SolveJson, ValuesJson, ValuesStats};
use grundy_text::Render;

use std::time::{Duration, Instant};

use grundy::cancel::Cancel;

use grundy::games::{Board, BoardMove, BoardSpec, NodeKayles};
use grundy::play::board::{engine_move_cancellable, move_name};
use grundy_json::{BoardJson, NodeKaylesJson};

use crate::engine::{
    estimate, parse_board, stopped_message, work_cap, Estimate, WebGame, CHEAP_STEPS,
    MAX_REQUEST_BYTES,
};
use crate::error::ApiError;
use crate::request::{bounded, Fields};
use crate::{AppState, Limits};

/// The answer of every handler.
pub type ApiResult = Result<JsonText, ApiError>;

/// A JSON answer, serialised once, with its fields in the order of its
/// type: byte for byte what the CLI's `--json` prints (without the final
/// newline).
#[derive(Debug)]
pub struct JsonText(String, Option<String>);

/// The header that carries what the CLI prints on stderr as a `note:`
/// (values read from a proved period), so the body stays byte for byte
/// the CLI's JSON.
pub const NOTE_HEADER: &str = "x-grundy-note";

impl JsonText {
    /// The same answer with a note in the [`NOTE_HEADER`] header.
    fn with_note(mut self, note: Option<String>) -> JsonText {
        self.1 = note;
        self
    }
}

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        let mut response = ([(header::CONTENT_TYPE, "application/json")], self.0).into_response();
        // A note is plain ASCII text made here; one that could not be a
        // header value is left out rather than failing the answer.
        if let Some(value) = self
            .1
            .and_then(|note| header::HeaderValue::from_str(&note).ok())
        {
            response.headers_mut().insert(NOTE_HEADER, value);
        }
        response
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
            span: None,
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
    compute_with(state, Estimate::EXPENSIVE, move |_| work()).await
}

/// Sets its flag when dropped: when the request's future is dropped (its
/// client went away) or has answered, the computation it started stops.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Runs `work` with a [`Cancel`] that is set at the request's deadline or
/// when the client goes away (the work checks it and stops).
///
/// Work whose `cost` is below [`CHEAP_STEPS`] runs at once on the blocking
/// pool, without a slot, so that cheap requests keep their latency while
/// expensive ones run. Expensive work first checks `cost` against the
/// memory limit (a 422 before any waiting), then takes one of the computing
/// slots; when every slot is busy and more requests already wait than there
/// are slots, it is refused at once with a 503 and `Retry-After`.
async fn compute_with<T, F>(state: &AppState, cost: Estimate, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    if cost.bytes > MAX_REQUEST_BYTES {
        return Err(ApiError::over_limit(format!(
            "this request would need about {} MB; at most {} MB are allowed per request",
            cost.bytes >> 20,
            MAX_REQUEST_BYTES >> 20
        )));
    }
    let timeout = state.limits.timeout;
    let cancel = Cancel::with_deadline(Instant::now() + timeout);
    let _stop_when_gone = CancelOnDrop(cancel.clone());
    let permit = if cost.steps < CHEAP_STEPS {
        None
    } else {
        let permit = match state.slots.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                let _in_queue = state
                    .queue
                    .clone()
                    .try_acquire_owned()
                    .map_err(|_| ApiError::busy(BUSY))?;
                tokio::time::timeout(timeout, state.slots.clone().acquire_owned())
                    .await
                    .map_err(|_| ApiError::busy(BUSY))?
                    .map_err(|_| ApiError::busy("the server is shutting down"))?
            }
        };
        Some(permit)
    };
    let worker = cancel.clone();
    let task = tokio::task::spawn_blocking(move || {
        // The slot is held by the computation itself, so a computation that
        // outlives its deadline still counts against the limit until it ends.
        let _permit = permit;
        if worker.is_cancelled() {
            return Err(ApiError::over_limit(stopped_message(&worker)));
        }
        work(&worker)
    });
    // The work stops itself at the deadline; the answer waits a little
    // longer for it (a check comes every few milliseconds), then gives up
    // on work that does not check.
    let grace = timeout + Duration::from_secs(1);
    match tokio::time::timeout(grace, task).await {
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

const BUSY: &str = "the server is busy with other computations; try again shortly";

fn to_json<T: Serialize>(value: &T) -> ApiResult {
    serde_json::to_string(value)
        .map(|text| JsonText(text, None))
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
        "max_misere_quotient_heap": l.max_misere_quotient_heap,
        "max_moves": l.max_moves,
        "max_graph_nodes": l.max_graph_nodes,
        "max_graph_tokens": l.max_graph_tokens,
        "max_board_cells": l.max_board_cells,
        "max_heap_digits": l.max_heap_digits,
        "max_body_bytes": l.max_body_bytes,
        "timeout_ms": l.timeout.as_millis() as u64,
        "max_concurrent": l.max_concurrent,
        "max_connections": l.max_connections,
        "header_timeout_ms": l.header_timeout.as_millis() as u64,
    }))
}

/// A position to play on: the game, the heaps and the convention, checked.
struct Position {
    /// The spec as the request gave it (`"kayles"`), answered as `typed`.
    spec: String,
    /// The canonical spec (`"0.77"`), answered as `game` as by every route.
    game: String,
    ruleset: HeapRuleset,
    heaps: Vec<u64>,
    convention: Convention,
}

impl Position {
    /// Reads `game`, `heaps` and `misere`, with every heap at most
    /// `max_play_heap` and the total at most `max_play_tokens`.
    fn read(fields: &mut Fields, limits: &Limits) -> Result<Position, ApiError> {
        let spec = fields.string("game")?;
        let ruleset = WebGame::parse(&spec)?.ruleset;
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
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if misere
            && ruleset != HeapRuleset::Nim
            && total > limits.max_misere_search_tokens
            && largest > limits.max_misere_quotient_heap
        {
            return Err(ApiError::over_limit(format!(
                "misère {spec} is decided by searching every position for at most {} tokens in all, and by its misère quotient for heaps of at most {} tokens; these heaps hold {total}, the largest {largest}",
                limits.max_misere_search_tokens, limits.max_misere_quotient_heap
            )));
        }
        // Every play endpoint lists or scans all moves: refuse a position
        // with too many (three-way splits of large heaps) before doing so.
        let mut count = 0usize;
        for &h in &heaps {
            ruleset.for_each_option(h, |_| count += 1);
            if count > limits.max_moves {
                return Err(ApiError::over_limit(format!(
                    "this position of {spec} has more than {} legal moves; play with smaller heaps",
                    limits.max_moves
                )));
            }
        }
        Ok(Position {
            game: ruleset.to_string(),
            spec,
            ruleset,
            heaps,
            convention,
        })
    }

    /// The library's match at this position, with `to_move` to move and
    /// this server's bounds; `None` when no move is left (the game is over).
    fn start(
        &self,
        to_move: Player,
        limits: &Limits,
        cancel: &Cancel,
    ) -> Result<Option<Match>, ApiError> {
        let bounds = MatchLimits {
            max_heap: limits.max_play_heap,
            max_misere_tokens: limits.max_misere_search_tokens,
            max_quotient_heap: limits.max_misere_quotient_heap,
        };
        let started = Match::with_limits_cancellable(
            self.ruleset.clone(),
            self.heaps.clone(),
            self.convention,
            to_move,
            bounds,
            cancel,
        );
        match started {
            Ok(m) => Ok(Some(m.named(self.spec.as_str()))),
            Err(SetupError::NoMoves { .. }) => Ok(None),
            Err(e @ SetupError::NoHeaps) => Err(ApiError::bad_request(e.to_string())),
            Err(_) if cancel.is_cancelled() => Err(ApiError::over_limit(stopped_message(cancel))),
            Err(e) => Err(ApiError::over_limit(e.to_string())),
        }
    }

    /// The outcome of a position with no move: the player to move has
    /// lost under normal play and won under misère play.
    fn finished_outcome(&self) -> Outcome {
        Outcome::from_first_player_wins(self.convention == Convention::Misere)
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

/// A move in the JSON of the API: heap `heap` (0-based), of `from` tokens,
/// is replaced by the heaps `to` (none when the move empties it, two or
/// more after a split).
#[derive(Serialize)]
struct MoveJson {
    heap: usize,
    from: u64,
    to: Vec<u64>,
}

impl From<&HeapMove> for MoveJson {
    fn from(m: &HeapMove) -> MoveJson {
        MoveJson {
            heap: m.heap,
            from: m.from,
            to: m.leaves.as_slice().to_vec(),
        }
    }
}

#[derive(Serialize)]
struct OptionOut {
    to: Vec<u64>,
    take: u64,
}

/// The answer of `/api/options`, keys in the order of the other routes.
#[derive(Serialize)]
struct OptionsOut {
    game: String,
    typed: String,
    heaps: Vec<u64>,
    options: Vec<Vec<OptionOut>>,
}

/// `POST /api/options {game, heaps}`: every legal move, heap by heap.
pub(crate) async fn options(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let pos = Position::read(&mut fields, &state.limits)?;
    compute(&state, move || {
        let options: Vec<Vec<OptionOut>> = pos
            .heaps
            .iter()
            .map(|&h| {
                let mut list = Vec::new();
                pos.ruleset.for_each_option(h, |l| {
                    let to = l.as_slice().to_vec();
                    let take = h - to.iter().sum::<u64>();
                    list.push(OptionOut { to, take });
                });
                list
            })
            .collect();
        to_json(&OptionsOut {
            game: pos.game,
            typed: pos.spec,
            heaps: pos.heaps,
            options,
        })
    })
    .await
}

#[derive(Serialize)]
struct MoveOut {
    game: String,
    /// The spec as the request wrote it.
    typed: String,
    convention: &'static str,
    heaps: Vec<u64>,
    outcome: &'static str,
    /// The engine's move, `null` when no move is legal.
    #[serde(rename = "move")]
    mv: Option<MoveJson>,
    /// Whether the move wins against any defence.
    winning: bool,
    heaps_after: Vec<u64>,
}

/// `POST /api/move {game, heaps, misere}`: the engine's move, chosen by
/// the library's [`Match::engine_move`]: a winning move from an
/// N-position, a move that keeps the game long from a P-position.
pub(crate) async fn engine_move(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let pos = Position::read(&mut fields, &state.limits)?;
    let limits = state.limits.clone();
    compute_with(&state, Estimate::EXPENSIVE, move |cancel| {
        let (outcome, chosen) = match pos.start(Player::Engine, &limits, cancel)? {
            Some(m) => (m.outcome(), m.engine_move().map(|mv| (m.after(&mv), mv))),
            None => (pos.finished_outcome(), None),
        };
        let (heaps_after, mv) = match chosen {
            Some((after, mv)) => (after, Some(MoveJson::from(&mv))),
            None => (pos.heaps.clone(), None),
        };
        to_json(&MoveOut {
            game: pos.game,
            typed: pos.spec,
            convention: pos.convention.as_str(),
            outcome: outcome.as_str(),
            // From an N-position the engine's move is a winning one.
            winning: mv.is_some() && outcome == Outcome::N,
            mv,
            heaps: pos.heaps,
            heaps_after,
        })
    })
    .await
}

#[derive(Serialize)]
struct PlayOut {
    game: String,
    /// The spec as the request wrote it.
    typed: String,
    convention: &'static str,
    heaps: Vec<u64>,
    /// The move as the rules read it.
    #[serde(rename = "move")]
    mv: MoveJson,
    heaps_after: Vec<u64>,
    /// Whether the opponent is left without a move.
    over: bool,
}

/// `POST /api/play {game, heaps, misere, heap, take, leave}`: checks the
/// player's move (take `take` tokens from heap `heap`, 0-based, leaving the
/// heaps `leave` when the game lets a heap be split) by the library's
/// [`Match::check`], and answers the position after it; an illegal move is
/// a 422 whose message is the library's reason, with heaps numbered from 1
/// as the page shows them.
pub(crate) async fn play_move(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(
        &bytes,
        &["game", "heaps", "misere", "heap", "take", "leave"],
    )?;
    let pos = Position::read(&mut fields, &state.limits)?;
    let heap = fields.u64_at_most("heap", u64::MAX)?;
    let take = fields.u64_at_most("take", u64::MAX)?;
    let leave = fields
        .optional_array("leave", 3)?
        .map(|items| {
            items
                .iter()
                .enumerate()
                .map(|(i, v)| bounded(v, &format!("leave[{i}]"), u64::MAX))
                .collect::<Result<Vec<u64>, ApiError>>()
        })
        .transpose()?;
    let limits = state.limits.clone();
    compute_with(&state, Estimate::EXPENSIVE, move |cancel| {
        let Some(mut m) = pos.start(Player::User, &limits, cancel)? else {
            return Err(ApiError::illegal(MoveError::GameOver.to_string()));
        };
        let request = MoveRequest {
            heap: heap.saturating_add(1),
            take,
            leave,
        };
        let turn = m
            .play(&request)
            .map_err(|e| ApiError::illegal(e.to_string()))?;
        let (mv, heaps_after) = (MoveJson::from(&turn.mv), turn.heaps_after.clone());
        to_json(&PlayOut {
            game: pos.game,
            typed: pos.spec,
            convention: pos.convention.as_str(),
            heaps: pos.heaps,
            mv,
            heaps_after,
            over: m.is_over(),
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

/// The values of the heaps in binary columns, for the page's table.
#[derive(Serialize)]
struct Explanation {
    rows: Vec<HintRow>,
    nim_sum: u64,
    /// The exponent of the nim-sum's highest set bit; `null` when it is 0.
    top_bit: Option<u32>,
}

/// The misère quotient behind a hint: the elements the heaps pretend to be.
#[derive(Serialize)]
struct QuotientHint {
    order: usize,
    max_heap: u64,
    /// The element of each heap, by name.
    elements: Vec<String>,
    product: String,
    p_portion: Vec<String>,
}

#[derive(Serialize)]
struct HintOut {
    game: String,
    /// The spec as the request wrote it.
    typed: String,
    convention: &'static str,
    heaps: Vec<u64>,
    outcome: &'static str,
    values: Vec<u64>,
    nim_sum: u64,
    winning_moves: Vec<MoveJson>,
    /// The engine's move here: the first winning move, or from a
    /// P-position the move that keeps the game long.
    suggestion: Option<MoveJson>,
    /// `nim` (the binary lesson), `values` (Grundy values), `search`
    /// (misère play decided by searching every position) or `quotient`
    /// (misère play decided by the game's misère quotient).
    lesson: &'static str,
    explanation: Explanation,
    /// With the `quotient` lesson only: each heap's element, their
    /// product and the P-portion.
    #[serde(skip_serializing_if = "Option::is_none")]
    quotient: Option<QuotientHint>,
    /// The lesson as text, as `grundy play` prints it for `hint` (for Nim,
    /// that of `grundy nim --explain`), without the terminal's closing
    /// "type ..." line: the page shows the moves itself.
    text: String,
}

/// `POST /api/hint {game, heaps, misere}`: the outcome, every winning move,
/// the Grundy values in binary and the lesson behind them, from the
/// library's [`Match::hint`].
pub(crate) async fn hint(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let pos = Position::read(&mut fields, &state.limits)?;
    let limits = state.limits.clone();
    compute_with(&state, Estimate::EXPENSIVE, move |cancel| {
        let Some(m) = pos.start(Player::User, &limits, cancel)? else {
            return Err(ApiError::illegal(format!(
                "no move is left in this position of {}: the game is over",
                pos.spec
            )));
        };
        let hint = m.hint();
        // Every heap has a value: it is at most the largest heap the match
        // started with (for Nim, the value is the size).
        let values: Vec<Nimber> = pos
            .heaps
            .iter()
            .map(|&h| m.value(h).unwrap_or_default())
            .collect();
        let nim_sum: Nimber = values.iter().copied().sum();
        let top_bit = (!nim_sum.is_zero()).then(|| 63 - nim_sum.value().leading_zeros());
        let rows = pos
            .heaps
            .iter()
            .zip(&values)
            .enumerate()
            .map(|(heap, (&size, v))| HintRow {
                heap,
                size,
                value: v.value(),
                has_top_bit: top_bit.is_some_and(|b| v.value() >> b & 1 == 1),
            })
            .collect();
        to_json(&HintOut {
            game: pos.game.clone(),
            typed: pos.spec.clone(),
            convention: pos.convention.as_str(),
            outcome: m.outcome().as_str(),
            values: values.iter().map(|v| v.value()).collect(),
            nim_sum: nim_sum.value(),
            winning_moves: hint.winning_moves.iter().map(MoveJson::from).collect(),
            suggestion: hint.suggestion.as_ref().map(MoveJson::from),
            quotient: match &hint.lesson {
                Lesson::Quotient(q) => Some(QuotientHint {
                    order: q.order,
                    max_heap: q.max_heap,
                    elements: q.rows.iter().map(|r| r.element.clone()).collect(),
                    product: q.product.clone(),
                    p_portion: q.p_portion.clone(),
                }),
                _ => None,
            },
            lesson: match hint.lesson {
                Lesson::Nim(_) => "nim",
                Lesson::Values(_) => "values",
                Lesson::Search(_) => "search",
                Lesson::Quotient(_) => "quotient",
            },
            explanation: Explanation {
                rows,
                nim_sum: nim_sum.value(),
                top_bit,
            },
            text: hint.lesson.text(),
            heaps: pos.heaps,
        })
    })
    .await
}

/// A heap game on the library's trait whose positions are the sorted
/// non-empty heaps, so that positions differing only in the order of their
/// heaps are one node of the drawn graph.
struct HeapMultiset<'a>(&'a HeapRuleset);

impl ImpartialGame for HeapMultiset<'_> {
    type Position = Vec<u64>;

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut next = Vec::new();
        for (i, &h) in pos.iter().enumerate() {
            // Equal heaps have the same options.
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            self.0.for_each_option(h, |leaves| {
                let mut after = Vec::with_capacity(pos.len() + 2);
                after.extend_from_slice(&pos[..i]);
                after.extend_from_slice(&pos[i + 1..]);
                after.extend(leaves.as_slice().iter().filter(|&&l| l > 0));
                after.sort_unstable();
                next.push(after);
            });
        }
        // One edge per distinct position reached.
        next.sort_unstable();
        next.dedup();
        out.append(&mut next);
    }
}

/// A node's name in the library's graph: its heaps joined by `+`, empty for
/// the position with no heap.
fn node_name(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// The heaps of a node named by [`node_name`].
fn node_heaps(name: &str) -> Vec<u64> {
    name.split('+')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("node names are heaps joined by +"))
        .collect()
}

/// The answer of `/api/graph`: the game first, as in every route, then
/// the nodes and the edges between them.
#[derive(Serialize)]
struct GraphOut {
    game: String,
    typed: String,
    nodes: Vec<GraphNode>,
    edges: Vec<[u32; 2]>,
}

#[derive(Serialize)]
struct GraphNode {
    id: u32,
    heaps: Vec<u64>,
    tokens: u64,
    value: u64,
    outcome: &'static str,
}

/// `POST /api/graph {game, heaps}`: every position reachable from `heaps`
/// (as multisets of non-empty heaps), each with its Grundy value and
/// normal-play outcome, and every move as an edge; built by the library's
/// [`position_graph`] and valued by [`acyclic_values`].
pub(crate) async fn graph(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps"])?;
    let spec = fields.string("game")?;
    if NodeKayles::is_spec(&spec) {
        // 422: well-formed, but not the kind of game this route takes.
        return Err(ApiError {
            status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "game {spec:?}: Node Kayles positions are not drawn as a graph of positions; POST /api/solve gives the value and the winning vertices, /api/board and /api/board/move play it"
            ),
            span: None,
        });
    }
    if BoardSpec::is_board_spec(&spec) {
        return board_graph(&state, &spec, fields).await;
    }
    let ruleset = WebGame::parse(&spec)?.ruleset;
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
        let graph = position_graph(&HeapMultiset(&ruleset), &start, |p| node_name(p), max_nodes)
            .map_err(|e| match e {
                GraphError::TooManyPositions { .. } => ApiError::over_limit(format!(
                    "the game graph has more than {max_nodes} positions; try a smaller heap"
                )),
                other => ApiError::bad_request(format!("the game graph: {other}")),
            })?;
        let values = acyclic_values(&graph)
            .map_err(|e| ApiError::bad_request(format!("the game graph: {e}")))?;
        let nodes: Vec<GraphNode> = graph
            .nodes()
            .map(|v| {
                let heaps = node_heaps(graph.name(v));
                let value = values[v as usize];
                GraphNode {
                    id: v,
                    tokens: heaps.iter().sum(),
                    value: value.value(),
                    outcome: if value.is_zero() { "P" } else { "N" },
                    heaps,
                }
            })
            .collect();
        let edges: Vec<[u32; 2]> = graph
            .nodes()
            .flat_map(|v| graph.followers(v).iter().map(move |&w| [v, w]))
            .collect();
        to_json(&GraphOut {
            game: ruleset.to_string(),
            typed: spec,
            nodes,
            edges,
        })
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
    let cost = estimate(&game.ruleset, to.min(work_cap(&game.ruleset)));
    compute_with(&state, cost, move |cancel| {
        let name = game.ruleset.to_string();
        let analysis = game.prepare_cancellable(to, cancel)?;
        // Values past the proof are read from the period: say so, as the
        // CLI does on stderr, and count stats over whole periods.
        let note = grundy_json::values_note(&name, analysis, to);
        let counted = stats.then(|| analysis.stats(from, to)).flatten();
        let get = |n: u64| game.value(n);
        let stats = stats.then(|| match counted {
            Some(s) => ValuesStats::from_counts(s.max.value(), s.max_at, s.histogram),
            None => ValuesStats::of(from, to, get),
        });
        Ok(to_json(&ValuesJson::new(&name, from, to, &get, stats.as_ref()))?.with_note(note))
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
    let cost = estimate(&game.ruleset, max);
    compute_with(&state, cost, move |cancel| {
        use grundy::heap::period::{self, PeriodStatus, UnknownReason};
        let analysis = period::Analysis::of(&game.ruleset)
            .max(max)
            .cancel(cancel)
            .run()
            .map_err(|_| ApiError::over_limit(stopped_message(cancel)))?;
        let found = &analysis.periodicity;
        let name = game.ruleset.to_string();
        let mut json = PeriodJson::new(&name, found);
        // As the CLI: a game with no theorem reports what its values seem
        // to do, marked as not proved.
        if found.status
            == (PeriodStatus::Unknown {
                reason: UnknownReason::NoTheorem,
            })
        {
            json = json.with_apparent(period::apparent_period(&analysis.values).as_ref());
        }
        if max >= cap {
            // The search stopped at the server's bound, not the user's.
            json = json.with_reason_note(&format!(
                "this server computes at most {cap} values for {name} \
                 (see /api/limits); `grundy period {name} --max N` looks further"
            ));
        }
        to_json(&json)
    })
    .await
}

/// `POST /api/quotient {game, max_heap, table}`: the misère quotient of a
/// heap game on heaps up to `max_heap` (at most `max_misere_quotient_heap`),
/// the JSON of `grundy quotient --json [--table]`.
pub(crate) async fn quotient(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "max_heap", "table"])?;
    let spec = fields.string("game")?;
    let game = WebGame::parse(&spec)?;
    let bound = state.limits.max_misere_quotient_heap;
    let max_heap = fields.u64_or("max_heap", bound.min(20), bound)?;
    let table = fields.bool_or("table", false)?;
    compute_with(&state, Estimate::EXPENSIVE, move |cancel| {
        let q = MisereQuotient::compute_with(
            &game.ruleset,
            max_heap,
            MisereBounds::default().quotient_limits(),
            cancel,
            |_, _| {},
        )
        .map_err(|e| match e {
            QuotientError::Cancelled(_) => ApiError::over_limit(stopped_message(cancel)),
            e => ApiError::over_limit(e.to_string()),
        })?;
        to_json(&QuotientJson::new(&q, table))
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
    if NodeKayles::is_spec(&spec) {
        return solve_graph(&state, &spec, fields).await;
    }
    if BoardSpec::is_board_spec(&spec) {
        return solve_board(&state, &spec, fields).await;
    }
    let game = WebGame::parse(&spec)?;
    let heaps = read_heaps(&mut fields, &state.limits, u64::MAX)?;
    let misere = fields.bool_or("misere", false)?;
    // The CLI's default, so the same arguments give the same answer.
    let limit = fields.u64_or("limit", 20, 100_000)? as usize;
    let cap = work_cap(&game.ruleset).min(state.limits.max_period_search);
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let quotient_heap = state.limits.max_misere_quotient_heap;
    let cost = if misere {
        Estimate::EXPENSIVE
    } else {
        estimate(&game.ruleset, largest.min(cap))
    };
    compute_with(&state, cost, move |cancel| {
        let over = |e: grundy::sum::SumError| match e {
            grundy::sum::SumError::Cancelled(_) => ApiError::over_limit(stopped_message(cancel)),
            e => ApiError::over_limit(e.to_string()),
        };
        // The library's one heap solver, as the CLI calls it, within this
        // server's bounds.
        let limits = SolverLimits {
            max_values: cap,
            misere: MisereBounds {
                max_quotient_heap: quotient_heap,
                ..MisereBounds::default()
            },
            ..SolverLimits::default()
        };
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let solver = HeapSolver::prepare(
            &game.ruleset,
            convention,
            &heaps,
            limits,
            cancel,
            &mut |_| {},
        )
        .map_err(over)?;
        let solution = solver.solve(&heaps, limit).map_err(over)?;
        let name = game.ruleset.to_string();
        let json = SolveJson::new(&name, &heaps, &solution);
        to_json(&if solver.method() == Method::Quotient {
            json.with_method("quotient")
        } else {
            json
        })
    })
    .await
}

/// `POST /api/nim {heaps, misere, explain}`: the JSON of `grundy nim
/// --json`; heaps beyond u64 are given (and answered) as strings of digits.
pub(crate) async fn nim(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["heaps", "misere", "explain"])?;
    let items = fields.array("heaps", state.limits.max_heaps)?;
    if items.is_empty() {
        // As `grundy nim` with no heaps: an empty list is a mistake far
        // more often than a question about the empty position.
        return Err(ApiError::bad_request(
            "heaps: no heaps given; write at least one heap size, e.g. [3, 5, 7]".to_owned(),
        ));
    }
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
    let explanation = explain.then(|| grundy::nim::explain(heaps, convention).text());
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

/// A board spec checked against [`Limits::max_board_cells`].
fn read_board(spec: &str, limits: &Limits) -> Result<Board, ApiError> {
    let board = parse_board(spec)?;
    let cells = u64::from(board.rows()) * u64::from(board.cols());
    if cells > limits.max_board_cells {
        return Err(ApiError::over_limit(format!(
            "{board} has {cells} cells; this server plays and solves boards of at most {} cells (see /api/limits); `grundy solve {board}` has no such limit",
            limits.max_board_cells
        )));
    }
    Ok(board)
}

/// Refuses heaps given with a board, which names its whole position.
fn no_heaps(board: &Board, fields: &mut Fields) -> Result<(), ApiError> {
    match fields.optional_array("heaps", 0) {
        Ok(None) => Ok(()),
        Ok(Some(_)) => Ok(()),
        Err(_) => Err(ApiError::bad_request(format!(
            "{board} names its whole position and takes no heaps"
        ))),
    }
}

/// `/api/solve` on a board: the JSON of `grundy solve BOARD --json`.
async fn solve_board(state: &AppState, spec: &str, mut fields: Fields) -> ApiResult {
    let board = read_board(spec, &state.limits)?;
    no_heaps(&board, &mut fields)?;
    if fields.bool_or("misere", false)? {
        return Err(ApiError::over_limit(format!(
            "misère play is not supported for board games such as {board}"
        )));
    }
    fields.u64_or("limit", 20, 100_000)?;
    compute_with(state, Estimate::EXPENSIVE, move |cancel| {
        let solution = board
            .solve_watched(cancel, &mut |_| {})
            .map_err(|_| ApiError::over_limit(stopped_message(cancel)))?;
        to_json(&BoardJson::new(&board.to_string(), &solution))
    })
    .await
}

#[derive(Serialize)]
struct BoardNode {
    id: u32,
    node: String,
    value: u64,
    outcome: &'static str,
}

/// The answer of `/api/graph` on a board, keys in the order of the heap
/// games' graph (the game first).
#[derive(Serialize)]
struct BoardGraphOut {
    game: String,
    typed: String,
    node_count: usize,
    edge_count: usize,
    nodes: Vec<BoardNode>,
    edges: Vec<[u32; 2]>,
}

/// `/api/graph` on a board: every position reachable from it, named by its
/// drawing as `grundy graph --game BOARD` names it, with values and edges.
async fn board_graph(state: &AppState, spec: &str, mut fields: Fields) -> ApiResult {
    let board = read_board(spec, &state.limits)?;
    no_heaps(&board, &mut fields)?;
    let max_nodes = state.limits.max_graph_nodes;
    let typed = spec.to_owned();
    let game = board.to_string();
    compute(state, move || {
        let graph = match board {
            Board::Cram { game, free } => {
                position_graph(&game, &free, |&p| game.render(p), max_nodes)
            }
            Board::Chomp { game, rows } => {
                position_graph(&game, &rows, |&p| game.render(p), max_nodes)
            }
        }
        .map_err(|e| match e {
            GraphError::TooManyPositions { .. } => ApiError::over_limit(format!(
                "the game graph has more than {max_nodes} positions; try a smaller board"
            )),
            other => ApiError::bad_request(format!("the game graph: {other}")),
        })?;
        let values = acyclic_values(&graph)
            .map_err(|e| ApiError::bad_request(format!("the game graph: {e}")))?;
        let nodes: Vec<BoardNode> = graph
            .nodes()
            .map(|v| BoardNode {
                id: v,
                node: graph.name(v).to_owned(),
                value: values[v as usize].value(),
                outcome: if values[v as usize].is_zero() {
                    "P"
                } else {
                    "N"
                },
            })
            .collect();
        let edges: Vec<[u32; 2]> = graph
            .nodes()
            .flat_map(|v| graph.followers(v).iter().map(move |&w| [v, w]))
            .collect();
        to_json(&BoardGraphOut {
            game,
            typed,
            node_count: nodes.len(),
            edge_count: edges.len(),
            nodes,
            edges,
        })
    })
    .await
}

/// A move as the board routes show it: `a1-a2` and its cells.
fn board_move_json(mv: &BoardMove) -> Value {
    serde_json::json!({ "move": move_name(mv), "cells": mv.cells() })
}

/// The position as the page draws it: the spec that names it, its rows
/// (`.` open, `#` covered or eaten), value, outcome and winning moves.
fn board_json(board: &Board, cancel: &Cancel) -> Result<Value, ApiError> {
    let solution = board
        .solve_watched(cancel, &mut |_| {})
        .map_err(|_| ApiError::over_limit(stopped_message(cancel)))?;
    let over = board.moves().is_empty();
    Ok(serde_json::json!({
        "game": board.to_string(),
        "kind": board.kind().to_ascii_lowercase(),
        "rows": board.rows(),
        "cols": board.cols(),
        "cells": board.diagram().split('/').collect::<Vec<_>>(),
        "value": solution.value.0,
        "outcome": solution.outcome.as_str(),
        "winning_moves": solution.winning_moves.iter().map(board_move_json).collect::<Vec<_>>(),
        "over": over,
    }))
}

/// `POST /api/board {game}`: a board position to play on, with its value
/// and winning moves (the hint); for Node Kayles, `{game, removed}`.
pub(crate) async fn board(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "removed"])?;
    let spec = fields.string("game")?;
    if NodeKayles::is_spec(&spec) {
        let (graph, pos) = read_graph(&spec, &mut fields, &state.limits)?;
        return compute_with(&state, Estimate::EXPENSIVE, move |cancel| {
            to_json(&graph_json(&graph, pos, cancel)?)
        })
        .await;
    }
    only_graphs_remove(&mut fields)?;
    let board = read_board(&spec, &state.limits)?;
    compute_with(&state, Estimate::EXPENSIVE, move |cancel| {
        to_json(&board_json(&board, cancel)?)
    })
    .await
}

/// The cells of a move: one or two `[row, column]` pairs.
fn read_cells(items: &[Value]) -> Result<BoardMove, ApiError> {
    let mut cells = Vec::with_capacity(2);
    for (i, item) in items.iter().enumerate() {
        let pair = item.as_array().filter(|p| p.len() == 2).ok_or_else(|| {
            ApiError::bad_request(format!("move[{i}] must be a [row, column] pair"))
        })?;
        let r = bounded(&pair[0], &format!("move[{i}][0]"), 255)? as u8;
        let c = bounded(&pair[1], &format!("move[{i}][1]"), 255)? as u8;
        cells.push((r, c));
    }
    match cells[..] {
        [one] => Ok(BoardMove::Bite(one)),
        [a, b] => Ok(BoardMove::Domino([a, b])),
        _ => Err(ApiError::bad_request(
            "\"move\" names one cell (a Chomp bite) or two (a Cram domino)",
        )),
    }
}

/// `POST /api/board/move {game, move}`: plays the user's move (one or two
/// `[row, column]` cells; none to let the engine open) and the engine's
/// reply, and answers both (`you`, `after_you`: the spec of the position
/// between them, `engine`, `winner`) with the position after them.
pub(crate) async fn board_move(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "move", "removed", "vertex"])?;
    let spec = fields.string("game")?;
    if NodeKayles::is_spec(&spec) {
        return graph_move(&state, &spec, fields).await;
    }
    only_graphs_remove(&mut fields)?;
    if fields.optional_u64("vertex", u64::MAX)?.is_some() {
        return Err(ApiError::bad_request(
            "\"vertex\" picks a vertex of a Node Kayles graph; a board move is \"move\"",
        ));
    }
    let board = read_board(&spec, &state.limits)?;
    let user = match fields.optional_array("move", 2)? {
        Some(items) => Some(read_cells(&items)?),
        None => None,
    };
    compute_with(&state, Estimate::EXPENSIVE, move |cancel| {
        let mut position = board;
        let mut winner = None;
        let mut after_you = None;
        if let Some(mv) = &user {
            position = position
                .play(mv)
                .map_err(|e| ApiError::illegal(format!("illegal move: {e}")))?;
            after_you = Some(position.to_string());
            if position.moves().is_empty() {
                winner = Some("you");
            }
        }
        let mut engine = None;
        if winner.is_none() {
            let reply = engine_move_cancellable(&position, cancel)
                .map_err(|_| ApiError::over_limit(stopped_message(cancel)))?;
            match reply {
                Some((mv, after)) => {
                    engine = Some(board_move_json(&mv));
                    position = after;
                    if position.moves().is_empty() {
                        winner = Some("engine");
                    }
                }
                // The engine cannot move: whoever moved last wins.
                None => winner = Some("you"),
            }
        }
        to_json(&serde_json::json!({
            "you": user.as_ref().map(board_move_json),
            "after_you": after_you,
            "engine": engine,
            "winner": winner,
            "position": board_json(&position, cancel)?,
        }))
    })
    .await
}

// ------------------------------------------------------------ Node Kayles

/// Refuses `removed` with a board: only graphs take it.
fn only_graphs_remove(fields: &mut Fields) -> Result<(), ApiError> {
    if fields.optional_array("removed", usize::MAX)?.is_some() {
        return Err(ApiError::bad_request(
            "\"removed\" lists the vertices gone from a Node Kayles graph; a board names its whole position in \"game\"",
        ));
    }
    Ok(())
}

/// A Node Kayles family (`nodekayles:cycle:9`) checked against
/// [`Limits::max_board_cells`], and the position after the vertices in
/// `removed` are gone.
fn read_graph(
    spec: &str,
    fields: &mut Fields,
    limits: &Limits,
) -> Result<(NodeKayles, u128), ApiError> {
    let graph = read_family(spec, limits)?;
    let n = graph.vertices();
    let mut pos = graph.start();
    for (i, item) in fields
        .optional_array("removed", n)?
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let v = bounded(item, &format!("removed[{i}]"), n as u64 - 1)?;
        pos &= !(1 << v);
    }
    Ok((graph, pos))
}

/// A Node Kayles family checked against [`Limits::max_board_cells`].
fn read_family(spec: &str, limits: &Limits) -> Result<NodeKayles, ApiError> {
    let graph = match NodeKayles::family(spec) {
        Ok(Some(graph)) => graph,
        Ok(None) => {
            return Err(ApiError::bad_request(format!(
                "game {spec:?}: the page plays Node Kayles on a named graph (path:N, cycle:N, grid:RxC, complete:N, star:N, petersen); a graph file is for `grundy solve nodekayles:FILE`"
            )))
        }
        Err(e) => {
            return Err(ApiError::bad_request(format!("game {spec:?}: {e}")).at(e.span(spec)))
        }
    };
    let n = graph.vertices();
    if n as u64 > limits.max_board_cells {
        return Err(ApiError::over_limit(format!(
            "{} has {n} vertices; this server plays graphs of at most {} vertices (see /api/limits); `grundy solve {}` has no such limit",
            graph.spec(),
            limits.max_board_cells,
            graph.spec()
        )));
    }
    Ok(graph)
}

/// `/api/solve` on a Node Kayles family: the JSON of `grundy solve
/// nodekayles:... --json`.
async fn solve_graph(state: &AppState, spec: &str, mut fields: Fields) -> ApiResult {
    let graph = read_family(spec, &state.limits)?;
    // As for boards: no heaps, or an empty list.
    if fields.optional_array("heaps", 0).is_err() {
        return Err(ApiError::bad_request(format!(
            "{} names a whole graph and takes no heaps",
            graph.spec()
        )));
    }
    if fields.bool_or("misere", false)? {
        return Err(ApiError::over_limit(format!(
            "misère play is not supported for Node Kayles ({})",
            graph.spec()
        )));
    }
    fields.u64_or("limit", 20, 100_000)?;
    compute_with(state, Estimate::EXPENSIVE, move |cancel| {
        let started = Instant::now();
        let report = graph_search(&graph, graph.start(), cancel)?;
        let picks: Vec<&str> = report
            .winning_moves
            .iter()
            .map(|&v| graph.name(v))
            .collect();
        to_json(&NodeKaylesJson::new(
            graph.spec(),
            &report,
            &picks,
            started.elapsed().as_secs_f64(),
        ))
    })
    .await
}

/// Where the page draws each vertex, in `0..=1` both ways: grids as grids,
/// paths as a snake of rows of 8, stars around their centre, the Petersen
/// graph as its pentagon and pentagram, other graphs on a circle.
fn layout(graph: &NodeKayles) -> Vec<(f64, f64)> {
    let n = graph.vertices();
    let family = graph.spec().trim_start_matches("nodekayles:");
    let (name, arg) = family.split_once(':').unwrap_or((family, ""));
    let ring = |count: usize, radius: f64, turn: f64| -> Vec<(f64, f64)> {
        (0..count)
            .map(|i| {
                let a = std::f64::consts::TAU * (i as f64 + turn) / count as f64
                    - std::f64::consts::FRAC_PI_2;
                (0.5 + radius * a.cos(), 0.5 + radius * a.sin())
            })
            .collect()
    };
    let spread = |i: usize, count: usize| {
        if count < 2 {
            0.5
        } else {
            i as f64 / (count - 1) as f64
        }
    };
    match name {
        "grid" => {
            let cols: usize = arg
                .split_once('x')
                .and_then(|(_, c)| c.parse().ok())
                .unwrap_or(n)
                .max(1);
            let rows = n.div_ceil(cols);
            (0..n)
                .map(|v| (spread(v % cols, cols), spread(v / cols, rows)))
                .collect()
        }
        "path" => {
            let width = n.min(8);
            let rows = n.div_ceil(width);
            (0..n)
                .map(|v| {
                    let (r, c) = (v / width, v % width);
                    let c = if r % 2 == 1 { width - 1 - c } else { c };
                    (spread(c, width), spread(r, rows))
                })
                .collect()
        }
        "star" => {
            let mut at = vec![(0.5, 0.5)];
            at.extend(ring(n - 1, 0.5, 0.0));
            at
        }
        "petersen" => {
            let mut at = ring(5, 0.5, 0.0);
            at.extend(ring(5, 0.25, 0.0));
            at
        }
        _ => ring(n, 0.5, 0.0),
    }
}

/// The Node Kayles position as the page draws it: each vertex with its
/// place and whether it is still there, the edges, the value, outcome and
/// the winning vertices.
fn graph_json(graph: &NodeKayles, pos: u128, cancel: &Cancel) -> Result<Value, ApiError> {
    let report = graph_search(graph, pos, cancel)?;
    let at = layout(graph);
    let present = |v: usize| pos >> v & 1 == 1;
    Ok(serde_json::json!({
        "game": graph.spec(),
        "kind": "nodekayles",
        "vertices": (0..graph.vertices()).map(|v| serde_json::json!({
            "id": v,
            "name": graph.name(v),
            "x": at[v].0,
            "y": at[v].1,
            "present": present(v),
        })).collect::<Vec<_>>(),
        "edges": graph.edges().iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
        "removed": (0..graph.vertices()).filter(|&v| !present(v)).collect::<Vec<_>>(),
        "value": report.value.map_or(0, |v| v.0),
        "outcome": report.outcome.as_str(),
        "winning_moves": report.winning_moves.iter().map(|&v| vertex_json(graph, v)).collect::<Vec<_>>(),
        "over": pos == 0,
    }))
}

/// The value, outcome and winning vertices of `pos`, with a table of at
/// most 64 MB (the graphs here have at most `max_board_cells` vertices).
fn graph_search(
    graph: &NodeKayles,
    pos: u128,
    cancel: &Cancel,
) -> Result<grundy::games::SearchReport<usize>, ApiError> {
    grundy::play::node_kayles::solve_at(graph, pos, cancel)
        .map_err(|_| ApiError::over_limit(stopped_message(cancel)))
}

/// A Node Kayles move as the routes show it: the vertex and its name.
fn vertex_json(graph: &NodeKayles, v: usize) -> Value {
    serde_json::json!({ "move": graph.name(v), "vertex": v })
}

/// `POST /api/board/move {game, removed, vertex}` on a Node Kayles graph:
/// picks the user's vertex (none to let the engine open) and the engine's
/// reply, as for boards; `after_you` is the `removed` list between them.
async fn graph_move(state: &AppState, spec: &str, mut fields: Fields) -> ApiResult {
    let (graph, start) = read_graph(spec, &mut fields, &state.limits)?;
    if fields.optional_array("move", usize::MAX)?.is_some() {
        return Err(ApiError::bad_request(
            "a Node Kayles move is \"vertex\": the number of the vertex to pick",
        ));
    }
    let user = fields.optional_u64("vertex", graph.vertices() as u64 - 1)?;
    compute_with(state, Estimate::EXPENSIVE, move |cancel| {
        let mut pos = start;
        let mut winner = None;
        let mut after_you = None;
        let gone = |pos: u128| {
            (0..graph.vertices())
                .filter(|&v| pos >> v & 1 == 0)
                .collect::<Vec<_>>()
        };
        if let Some(v) = user.map(|v| v as usize) {
            if pos >> v & 1 == 0 {
                return Err(ApiError::illegal(format!(
                    "illegal move: vertex {} is gone (picked, or next to a picked vertex)",
                    graph.name(v)
                )));
            }
            pos = graph.pick(pos, v);
            after_you = Some(gone(pos));
            if pos == 0 {
                winner = Some("you");
            }
        }
        let mut engine = None;
        if winner.is_none() {
            let reply = grundy::play::node_kayles::engine_pick(&graph, pos, cancel)
                .map_err(|_| ApiError::over_limit(stopped_message(cancel)))?;
            match reply {
                Some(v) => {
                    engine = Some(vertex_json(&graph, v));
                    pos = graph.pick(pos, v);
                    if pos == 0 {
                        winner = Some("engine");
                    }
                }
                None => winner = Some("you"),
            }
        }
        to_json(&serde_json::json!({
            "you": user.map(|v| vertex_json(&graph, v as usize)),
            "after_you": after_you,
            "engine": engine,
            "winner": winner,
            "position": graph_json(&graph, pos, cancel)?,
        }))
    })
    .await
}
