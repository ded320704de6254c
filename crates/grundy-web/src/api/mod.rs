//! The `/api/*` handlers, one file per group of routes. Each reads a JSON
//! object, checks every field against [`Limits`] before any work, asks the
//! library's [`Budget`](grundy::Budget) what the work will cost, computes
//! where that says (at once, or in a computing slot) under a deadline, and
//! answers JSON.
//!
//! | file | routes |
//! |---|---|
//! | `heaps` | heap games: `/api/nim`, `/api/values`, `/api/period`, `/api/quotient`, and `/api/solve`, `/api/graph` on heaps |
//! | `play` | a match on heaps: `/api/options`, `/api/move`, `/api/play`, `/api/hint` |
//! | `position` | every game that names its whole position (boards, graphs): `/api/solve`, `/api/graph`, `/api/board`, `/api/board/move` |
//! | `canonical` | misère canonical forms of heap sums and positions: `/api/canonical` |
//!
//! `/api/solve` and `/api/graph` take both kinds: the library's
//! [`Game::parse`](grundy::games::Game::parse) says which a spec names.

use axum::body::{to_bytes, Body};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::Value;

use grundy::cancel::Cancel;
use grundy::games::Game;
use grundy::Cost;

use crate::error::ApiError;
use crate::request::Fields;
use crate::{AppState, Limits};

mod canonical;
mod heaps;
mod play;
mod position;

pub(crate) use canonical::canonical;
pub(crate) use heaps::{nim, period, quotient, values};
pub(crate) use play::{engine_move, hint, options, play_move};
pub(crate) use position::{board, board_move};

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
pub(super) async fn read_body(state: &AppState, body: Body) -> Result<axum::body::Bytes, ApiError> {
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

/// Runs `work`, whose cost by the library's estimate is `cost`, where
/// that estimate says: at once when it is cheap, in a computing slot when
/// it is expensive (see the `admission` module).
pub(super) async fn compute<T, F>(state: &AppState, cost: Cost, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    crate::admission::run(state, cost, work).await
}

pub(super) fn to_json<T: Serialize>(value: &T) -> ApiResult {
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
        "max_values_by_family": state
            .budget
            .value_caps()
            .iter()
            .map(|c| serde_json::json!({"games": c.games, "max_values": c.max_values}))
            .collect::<Vec<_>>(),
        "max_play_heap": l.max_play_heap,
        "max_play_tokens": l.max_play_tokens,
        "max_misere_search_tokens": l.max_misere_search_tokens,
        "max_misere_quotient_heap": l.max_misere_quotient_heap,
        "max_moves": l.max_moves,
        "max_graph_nodes": l.max_graph_nodes,
        "max_graph_tokens": l.max_graph_tokens,
        "max_board_cells": l.max_board_cells,
        "max_canonical_heap": canonical::MAX_CANONICAL_HEAP,
        "max_canonical_size": canonical::MAX_CANONICAL_SIZE,
        "max_canonical_forms": canonical::MAX_FORMS,
        "max_canonical_notation": canonical::MAX_NOTATION,
        "max_heap_digits": l.max_heap_digits,
        "max_body_bytes": l.max_body_bytes,
        "timeout_ms": l.timeout.as_millis() as u64,
        "max_concurrent": l.max_concurrent,
        "max_connections": l.max_connections,
        "header_timeout_ms": l.header_timeout.as_millis() as u64,
    }))
}

/// The game a request names, parsed by the library (no file is read on
/// this server), with a spec error located in the request's `game`.
///
/// # Errors
/// A 400 with the error's span; a file is refused.
pub(super) fn game(spec: &str) -> Result<Game, ApiError> {
    Game::parse(spec).map_err(|e| match e {
        grundy::games::GameError::NoFiles { path } => ApiError::bad_request(format!(
            "game {spec:?}: {path:?} is not a graph family (path:N, cycle:N, grid:RxC, complete:N, star:N, petersen), and this server reads no files; `grundy solve {}` reads one",
            spec.trim()
        )),
        e => {
            let span = e.spec_error().and_then(|e| e.span());
            let err = ApiError::bad_request(format!("game {spec:?}: {e}"));
            match span {
                Some(span) => err.at(span),
                None => err,
            }
        }
    })
}

/// `POST /api/solve {game, heaps, misere, limit}`: the outcome of a sum of
/// heaps, or of a whole position, and its winning moves: the JSON of
/// `grundy solve --json`.
pub(crate) async fn solve(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let fields = Fields::parse(&bytes, &["game", "heaps", "misere", "limit"])?;
    solve_fields(&state, fields).await
}

async fn solve_fields(state: &AppState, mut fields: Fields) -> ApiResult {
    let spec = fields.string("game")?;
    match game(&spec)? {
        Game::Heaps(ruleset) => heaps::solve(state, ruleset, fields).await,
        Game::Position(start) => position::solve(state, start, fields).await,
    }
}

/// `POST /api/genus {game, heaps}`: Conway's genus of a sum of heaps or of
/// a whole position: the JSON of `grundy solve --genus --json`.
pub(crate) async fn genus(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps"])?;
    let spec = fields.string("game")?;
    match game(&spec)? {
        Game::Heaps(ruleset) => heaps::genus(&state, ruleset, fields).await,
        Game::Position(start) => position::genus(&state, start, fields).await,
    }
}

/// `POST /api/graph {game, heaps, misere}`: every position reachable from
/// the heaps, or from a whole position, with its value and outcome (under
/// misère play its misère nim value and misère outcome, as `grundy graph
/// --game SPEC --misere` gives them).
pub(crate) async fn graph(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let spec = fields.string("game")?;
    match game(&spec)? {
        Game::Heaps(ruleset) => heaps::graph(&state, spec, ruleset, fields).await,
        Game::Position(start) => position::graph(&state, spec, start, fields).await,
    }
}

/// The value and outcome of every node of an acyclic game graph: normal
/// play (Grundy values), or misère play (misère nim values: 1 at a node
/// with no move, 0 exactly at a misère P-position).
pub(super) fn graph_values(
    graph: &grundy::graph::Graph,
    misere: bool,
) -> Result<Vec<(u64, &'static str)>, ApiError> {
    let p_or_n = |zero: bool| if zero { "P" } else { "N" };
    if misere {
        let values = grundy::graph::misere(graph);
        return graph
            .nodes()
            .map(|v| match values.value(v) {
                Some(k) => Ok((k.0, p_or_n(k.0 == 0))),
                None => Err(ApiError::bad_request(
                    "the game graph: a position can be played forever, so it has no misère value",
                )),
            })
            .collect();
    }
    let values = grundy::graph::acyclic_values(graph)
        .map_err(|e| ApiError::bad_request(format!("the game graph: {e}")))?;
    Ok(values
        .iter()
        .map(|v| (v.value(), p_or_n(v.is_zero())))
        .collect())
}

/// The `"convention"` of a graph's JSON: absent in normal play (as before
/// misère graphs were served), `"misere"` under misère play.
pub(super) fn graph_convention(misere: bool) -> Option<&'static str> {
    misere.then_some("misere")
}
