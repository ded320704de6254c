//! The heap games' routes: `/api/nim`, `/api/values`, `/api/period`,
//! `/api/quotient`, and `/api/solve`, `/api/graph` on heaps.

use axum::body::Body;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;

use grundy::budget::MISERE_BRUTE_FORCE_TOKENS;
use grundy::game::ImpartialGame;
use grundy::graph::{position_graph, GraphError};
use grundy::heap::HeapRuleset;
use grundy::misere::{MisereQuotient, QuotientError};
use grundy::nim::{parse_heap, BigUint, Heap, HeapSize, NimSummary};
use grundy::sum::{HeapSolver, Method};
use grundy::{Budget, Convention, Cost};
use grundy_json::{
    NimJson, PeriodJson, QuotientJson, SolveJson, SolveNimJson, ValuesJson, ValuesStats,
};
use grundy_text::Render;

use super::{compute, read_body, to_json, ApiResult};
use crate::engine::{stopped_message, WebGame};
use crate::error::ApiError;
use crate::request::{bounded, Fields};
use crate::{AppState, Limits};

/// The heap game a request names, for the routes that need one: a whole
/// position (`cram:3x3`) is a 422 that says what it is and where it goes.
///
/// # Errors
/// A 400 for a spec that does not parse, a 422 for a whole position.
pub(super) fn heap_game(spec: &str) -> Result<WebGame, ApiError> {
    super::game(spec)?.into_heaps().map(WebGame::of).map_err(|e| {
        let whole = grundy::span::Span {
            start: 0,
            end: spec.len(),
        };
        // 422: well-formed, but not the kind of game this route takes.
        ApiError {
            status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "game {spec:?}: {e}; on this server: POST /api/solve, /api/graph, /api/board and /api/board/move"
            ),
            span: Some(whole),
        }
    })
}

/// The heaps of a request, each at most `max`.
pub(super) fn read_heaps(
    fields: &mut Fields,
    limits: &Limits,
    max: u64,
) -> Result<Vec<u64>, ApiError> {
    fields
        .array("heaps", limits.max_heaps)?
        .iter()
        .enumerate()
        .map(|(i, v)| bounded(v, &format!("heaps[{i}]"), max))
        .collect()
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
    #[serde(skip_serializing_if = "Option::is_none")]
    convention: Option<&'static str>,
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
pub(super) async fn graph(
    state: &AppState,
    spec: String,
    ruleset: HeapRuleset,
    mut fields: Fields,
) -> ApiResult {
    let max_nodes = state.limits.max_graph_nodes;
    let mut start = read_heaps(&mut fields, &state.limits, state.limits.max_play_heap)?;
    let tokens: u64 = start.iter().sum();
    let max_tokens = state.limits.max_graph_tokens;
    if tokens > max_tokens {
        return Err(ApiError::over_limit(format!(
            "the game graph is drawn for at most {max_tokens} tokens in all; these heaps hold {tokens}"
        )));
    }
    let misere = fields.bool_or("misere", false)?;
    let cost = state.budget.heap_graph(&ruleset, tokens, max_nodes);
    compute(state, cost, move |_| {
        start.retain(|&h| h > 0);
        start.sort_unstable();
        let graph = position_graph(&HeapMultiset(&ruleset), &start, |p| node_name(p), max_nodes)
            .map_err(|e| match e {
                GraphError::TooManyPositions { .. } => ApiError::over_limit(format!(
                    "the game graph has more than {max_nodes} positions; try a smaller heap"
                )),
                other => ApiError::bad_request(format!("the game graph: {other}")),
            })?;
        let values = super::graph_values(&graph, misere)?;
        let nodes: Vec<GraphNode> = graph
            .nodes()
            .map(|v| {
                let heaps = node_heaps(graph.name(v));
                let (value, outcome) = values[v as usize];
                GraphNode {
                    id: v,
                    tokens: heaps.iter().sum(),
                    value,
                    outcome,
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
            convention: super::graph_convention(misere),
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
    let mut game = heap_game(&spec)?;
    let to = fields.u64_at_most("to", state.limits.max_values_to)?;
    let from = fields.u64_or("from", 0, to)?;
    let stats = fields.bool_or("stats", false)?;
    let cost = game.cost(&state.budget, to);
    let cap = state.budget.value_cap(&game.ruleset);
    compute(&state, cost, move |cancel| {
        let name = game.ruleset.to_string();
        let analysis = game.prepare_cancellable(to, cap, cancel)?;
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
    let game = heap_game(&spec)?;
    let cap = state
        .budget
        .value_cap(&game.ruleset)
        .min(state.limits.max_period_search);
    let max = fields.u64_or("max", cap, cap).map_err(|e| ApiError {
        message: format!("{e} for {}", game.ruleset),
        ..e
    })?;
    let cost = state.budget.values(&game.ruleset, max);
    compute(&state, cost, move |cancel| {
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
    let game = heap_game(&spec)?;
    let bound = state.limits.max_misere_quotient_heap;
    let max_heap = fields.u64_or("max_heap", bound.min(20), bound)?;
    let table = fields.bool_or("table", false)?;
    let budget = state.budget;
    let cost = budget.quotient(&game.ruleset, max_heap);
    compute(&state, cost, move |cancel| {
        let q = MisereQuotient::of(&game.ruleset, max_heap)
            .budget(budget)
            .cancel(cancel)
            .compute()
            .map_err(|e| match e {
                QuotientError::Cancelled { .. } => ApiError::over_limit(stopped_message(cancel)),
                e => ApiError::over_limit(e.to_string()),
            })?;
        to_json(&QuotientJson::new(&q, table))
    })
    .await
}

/// `POST /api/solve {game, heaps, misere, limit}`: the outcome of the sum
/// and its winning moves, the JSON of `grundy solve --json`. Heaps may be
/// as large as u64 where a period is proved.
pub(super) async fn solve(state: &AppState, ruleset: HeapRuleset, mut fields: Fields) -> ApiResult {
    let game = WebGame::of(ruleset);
    let items = fields.array("heaps", state.limits.max_heaps)?;
    if game.ruleset == HeapRuleset::Nim && items.iter().any(|v| bounded(v, "", u64::MAX).is_err()) {
        return solve_big_nim(state, &game.ruleset, &items, fields).await;
    }
    let heaps = items
        .iter()
        .enumerate()
        .map(|(i, v)| bounded(v, &format!("heaps[{i}]"), u64::MAX))
        .collect::<Result<Vec<u64>, ApiError>>()?;
    let misere = fields.bool_or("misere", false)?;
    // The CLI's default, so the same arguments give the same answer.
    let limit = fields.u64_or("limit", 20, 100_000)? as usize;
    let cap = state
        .budget
        .value_cap(&game.ruleset)
        .min(state.limits.max_period_search);
    // The library's one heap solver, as the CLI calls it, within this
    // server's bounds: the values of one request, and the CLI's misère
    // search (not the smaller one of play), so that a sum gets the same
    // method and answer from both.
    let budget = Budget {
        max_values: Some(cap),
        max_misere_tokens: MISERE_BRUTE_FORCE_TOKENS,
        ..state.budget
    };
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let cost = budget.sum(&game.ruleset, convention, &heaps, limit);
    compute(state, cost, move |cancel| {
        let over = |e: grundy::sum::SumError| match e {
            grundy::sum::SumError::Cancelled(_) => ApiError::over_limit(stopped_message(cancel)),
            e => ApiError::over_limit(e.to_string()),
        };
        let solver = HeapSolver::of(&game.ruleset, convention)
            .budget(budget)
            .cancel(cancel)
            .prepare(&heaps)
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

/// `/api/genus` on a sum of heaps: the JSON of `grundy solve GAME HEAPS
/// --genus --json`, with heaps up to the library's genus limit and a table
/// of at most [`GENUS_POSITIONS`] positions.
pub(super) async fn genus(state: &AppState, ruleset: HeapRuleset, mut fields: Fields) -> ApiResult {
    let items = fields.array("heaps", state.limits.max_heaps)?;
    let heaps = items
        .iter()
        .enumerate()
        .map(|(i, v)| bounded(v, &format!("heaps[{i}]"), grundy::misere::GENUS_MAX_HEAP))
        .collect::<Result<Vec<u64>, ApiError>>()?;
    if heaps.is_empty() {
        return Err(ApiError::bad_request(
            "no heaps given; write at least one heap size, e.g. \"heaps\": [3, 5, 7]",
        ));
    }
    // Each position of the table costs about a hundred steps and bytes.
    let cost = Cost {
        steps: GENUS_POSITIONS as u64 * 100,
        bytes: GENUS_POSITIONS as u64 * 100,
    };
    compute(state, cost, move |cancel| {
        let genus = grundy::misere::GenusTable::new(&ruleset)
            .max_positions(GENUS_POSITIONS)
            .genus_of_sum(&heaps, cancel)
            .map_err(|e| match e {
                grundy::misere::GenusError::Cancelled(_) => {
                    ApiError::over_limit(stopped_message(cancel))
                }
                e => ApiError::over_limit(e.to_string()),
            })?;
        let name = format!(
            "{ruleset} {}",
            heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        to_json(&grundy_json::GenusJson::new(&name, &genus))
    })
    .await
}

/// The most positions a genus request keeps (about 100 MB).
const GENUS_POSITIONS: usize = 1_000_000;

/// `/api/solve` for Nim with a heap that is not a u64: heaps read as
/// `/api/nim` reads them (strings of digits of any length) and answered by
/// Bouton's formula, as `grundy solve nim` answers them.
async fn solve_big_nim(
    state: &AppState,
    ruleset: &HeapRuleset,
    items: &[Value],
    mut fields: Fields,
) -> ApiResult {
    let mut heaps = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        heaps.push(nim_heap(item, i, state.limits.max_heap_digits)?.to_biguint());
    }
    let convention = if fields.bool_or("misere", false)? {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let limit = fields.u64_or("limit", 20, 100_000)? as usize;
    let game = ruleset.to_string();
    let cost = state.budget.nim(nim_digits(items));
    compute(state, cost, move |_| {
        let analysis = grundy::nim::analyse(&heaps, convention);
        to_json(&SolveNimJson::new(&game, &heaps, &analysis, limit))
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
    // Long heaps are read in the computation, priced by their length:
    // reading one of 10^4 digits is work for a slot, not for the thread
    // that answers every connection.
    let cost = state.budget.nim(nim_digits(&items));
    let max_digits = state.limits.max_heap_digits;
    compute(&state, cost, move |_| {
        let mut heaps = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            heaps.push(nim_heap(item, i, max_digits)?);
        }
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

/// The digits of each Nim heap of a request, for its estimate: a JSON
/// number has at most 20.
fn nim_digits(items: &[Value]) -> impl Iterator<Item = usize> + '_ {
    items.iter().map(|item| match item {
        Value::String(s) => s.len(),
        _ => 20,
    })
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
