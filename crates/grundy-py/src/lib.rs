//! The native half of the `grundy` Python package (`grundy._grundy`).
//!
//! Every function here parses with the library, computes on a thread of its
//! own with the GIL released, and answers with the same JSON the CLI's
//! `--json` prints (the Python half turns it into frozen dataclasses), or,
//! for values, the raw bytes of a numpy array. While the work runs, the
//! calling thread checks Python's signals every 50 ms; on Ctrl-C it sets
//! the library's [`Cancel`] flag, which the long loops check between chunks
//! of about a tenth of a second, and raises `KeyboardInterrupt`.
//!
//! The Python half checks the type and range of every argument before it
//! calls here (`grundy._args`), with the limits this module exports
//! (`MAX_VALUES`, `MAX_QUOTIENT_HEAP`); heaps come as decimal strings, so
//! that Nim's may have any size.
#![forbid(unsafe_code)]

mod user;

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use grundy::cancel::{Cancel, Cancelled};
use grundy::census::{self, Family};
use grundy::games::{Game, GameError, SolveOptions};
use grundy::graph::{self, Graph, GraphBuilder};
use grundy::heap::period::{self, AnalysisError};
use grundy::heap::sequence::{self, EngineKind};
use grundy::heap::HeapRuleset;
use grundy::nim::{parse_heap, BigUint, Heap, NimSummary};
use grundy::sum::{HeapSolver, Method, SumError};
use grundy::{Budget, Convention};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::json;

/// How often the waiting thread looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);
/// How long a Ctrl-C waits for the worker to stop before raising anyway.
const GRACE: Duration = Duration::from_millis(800);
/// The largest `to` of `values`: the library's one limit on values kept
/// in memory (2^34 values would need 16 GiB).
const MAX_TO: u64 = grundy::limits::MAX_STORED_VALUES;

/// Why a computation did not answer.
enum Failure {
    Cancelled,
    Value(String),
}

impl From<Cancelled> for Failure {
    fn from(_: Cancelled) -> Failure {
        Failure::Cancelled
    }
}

/// The game a spec names, read by the library's one front door; a file it
/// names (`nodekayles:my-graph.txt`) is read from the disk, as by the CLI.
fn game(spec: &str) -> PyResult<Game> {
    let read = |path: &str| std::fs::read_to_string(path);
    Game::parse_reading(spec, &read).map_err(|e| match e {
        GameError::Spec(e) => value_error(format!("bad game spec {spec:?}: {e}")),
        other => value_error(other),
    })
}

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Runs `work` on a thread of its own with the GIL released, checking for
/// Ctrl-C meanwhile (module documentation). A worker that does not check
/// the flag (a search with no loop of its own) is left to finish in the
/// background after the grace period; its answer is dropped.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&Cancel) -> Result<T, Failure> + Send + 'static,
) -> PyResult<T> {
    let cancel = Cancel::new();
    let (tx, rx) = mpsc::channel();
    // `detach` needs what it borrows to be shareable between threads.
    let rx = std::sync::Mutex::new(rx);
    let wait = |timeout| {
        rx.lock()
            .map_err(|_| RecvTimeoutError::Disconnected)
            .and_then(|rx| rx.recv_timeout(timeout))
    };
    let flag = cancel.clone();
    std::thread::Builder::new()
        .name("grundy".into())
        // The exhaustive searches (genus, misère) recurse as deep as the
        // game's longest play.
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = tx.send(work(&flag));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    loop {
        match py.detach(|| wait(POLL)) {
            Ok(Ok(v)) => return Ok(v),
            Ok(Err(Failure::Value(message))) => return Err(PyValueError::new_err(message)),
            Ok(Err(Failure::Cancelled)) => {
                return Err(PyKeyboardInterrupt::new_err("stopped before it finished"))
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    cancel.cancel();
                    let _ = py.detach(|| wait(GRACE));
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation failed (the engine panicked)",
                ))
            }
        }
    }
}

/// The heap game a spec names, for the functions that need one; a whole
/// position (`cram:3x3`) says what it is and which functions take it.
fn ruleset(spec: &str) -> PyResult<HeapRuleset> {
    game(spec)?
        .into_heaps()
        .map_err(|e| value_error(format!("game {spec:?}: {e}")))
}

/// The canonical spec of a game (`"Kayles"` gives `"0.77"`).
#[pyfunction]
fn canonical(spec: &str) -> PyResult<String> {
    Ok(ruleset(spec)?.to_string())
}

/// `G(start..=to)` as little-endian bytes of the narrowest unsigned width
/// that holds them, and that width in bytes.
#[pyfunction]
#[pyo3(signature = (spec, to, start = 0))]
fn values(py: Python<'_>, spec: &str, to: u64, start: u64) -> PyResult<(Py<PyBytes>, usize)> {
    let rules = ruleset(spec)?;
    if start > to {
        return Err(value_error(format!("start {start} is larger than to {to}")));
    }
    if to > MAX_TO {
        return Err(value_error(format!(
            "to {to} is too large: at most {MAX_TO} values are supported"
        )));
    }
    let (bytes, width) = interruptible(py, move |cancel| {
        let mut engine = sequence::engine(&rules, EngineKind::Fast);
        let to = to as usize;
        if to > engine.max_index() {
            return Err(Failure::Value(format!(
                "to {to} is too large for {rules}: its engine computes heaps up to {}",
                engine.max_index()
            )));
        }
        sequence::Grow::of(engine.as_mut()).cancel(cancel).to(to)?;
        let start = start as usize;
        let max = (start..=to).map(|i| engine.get(i).0).max().unwrap_or(0);
        let width = match max {
            0..=0xFF => 1,
            0x100..=0xFFFF => 2,
            0x1_0000..=0xFFFF_FFFF => 4,
            _ => 8,
        };
        let mut bytes = Vec::with_capacity((to - start + 1) * width);
        for i in start..=to {
            bytes.extend_from_slice(&engine.get(i).0.to_le_bytes()[..width]);
        }
        Ok((bytes, width))
    })?;
    Ok((PyBytes::new(py, &bytes).unbind(), width))
}

/// The `grundy period --json` object.
#[pyfunction]
#[pyo3(name = "period", signature = (spec, max = None))]
fn period_json(py: Python<'_>, spec: &str, max: Option<u64>) -> PyResult<String> {
    let rules = ruleset(spec)?;
    interruptible(py, move |cancel| {
        let found = match max {
            Some(max) => period::Analysis::of(&rules).max(max).cancel(cancel).run()?,
            // As `grundy period` with no --max: on past 2^20 values while
            // they stay cheap.
            None => period::Analysis::of(&rules)
                .cancel(cancel)
                .checked()
                .run()
                .map_err(|e| match e {
                    AnalysisError::Cancelled(_) => Failure::Cancelled,
                    AnalysisError::Limit(e) => Failure::Value(e.to_string()),
                })?,
        }
        .periodicity;
        let game = rules.to_string();
        Ok(serde_json::to_string(&grundy_json::PeriodJson::new(&game, &found)).expect("JSON"))
    })
}

/// The `grundy solve --json` object. `heaps` are decimal strings: Nim's
/// may have any size, as `grundy solve nim` takes them; other games' are
/// at most 2^64 - 1.
#[pyfunction]
#[pyo3(signature = (spec, heaps, misere = false, max = None, limit = 20))]
fn solve(
    py: Python<'_>,
    spec: &str,
    heaps: Vec<String>,
    misere: bool,
    max: Option<u64>,
    limit: usize,
) -> PyResult<String> {
    let mut parsed = Vec::with_capacity(heaps.len());
    for (i, h) in heaps.iter().enumerate() {
        parsed.push(parse_heap(h).map_err(|e| value_error(format!("heaps[{i}]: {e}")))?);
    }
    let rules = match game(spec)? {
        Game::Heaps(rules) => rules,
        Game::Position(start) => {
            if !heaps.is_empty() {
                return Err(value_error(format!(
                    "{start} names its whole position and takes no heaps"
                )));
            }
            let convention = if misere {
                Convention::Misere
            } else {
                Convention::Normal
            };
            if let Some(why) = start.refuses(convention) {
                return Err(value_error(why));
            }
            return interruptible(py, move |cancel| {
                let started = std::time::Instant::now();
                let solution = start.solve(
                    &mut SolveOptions::default()
                        .cancel(cancel)
                        .convention(convention),
                )?;
                let name = start.to_string();
                let mut json = grundy_json::PositionJson::new(&name, &solution)
                    .with_search(&solution.stats, started.elapsed().as_secs_f64());
                if misere {
                    json = json.misere();
                }
                Ok(serde_json::to_string(&json).expect("JSON"))
            });
        }
    };
    if parsed.is_empty() {
        return Err(value_error(NO_HEAPS));
    }
    let mut small = Vec::with_capacity(parsed.len());
    for (i, h) in parsed.iter().enumerate() {
        match h {
            Heap::Small(n) => small.push(*n),
            // Nim is solved by its formula at any size.
            Heap::Big(_) if rules == HeapRuleset::Nim => return solve_big_nim(py, &rules, &parsed, misere, limit),
            Heap::Big(_) => {
                return Err(value_error(format!(
                    "heaps[{i}] must be from 0 to {} for {rules}, not {h} (only Nim takes heaps of any size)",
                    u64::MAX
                )))
            }
        }
    }
    let heaps = small;
    interruptible(py, move |cancel| {
        let failure = |e: SumError| match e {
            SumError::Cancelled(_) => Failure::Cancelled,
            e => Failure::Value(e.to_string()),
        };
        // As `grundy solve`: the library's one heap solver.
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        // No `max`: the library's default for the ruleset.
        let budget = Budget {
            max_values: max,
            ..Budget::default()
        };
        let solver = HeapSolver::of(&rules, convention)
            .budget(budget)
            .cancel(cancel)
            .prepare(&heaps)
            .map_err(failure)?;
        let solution = solver.solve(&heaps, limit).map_err(failure)?;
        let game = rules.to_string();
        let json = grundy_json::SolveJson::new(&game, &heaps, &solution);
        let json = if solver.method() == Method::Quotient {
            json.with_method("quotient")
        } else {
            json
        };
        Ok(serde_json::to_string(&json).expect("JSON"))
    })
}

/// The `grundy solve --genus --json` object: Conway's genus of a sum of
/// heaps (decimal strings, each at most 4096) or of a whole position.
#[pyfunction]
#[pyo3(signature = (spec, heaps))]
fn genus(py: Python<'_>, spec: &str, heaps: Vec<String>) -> PyResult<String> {
    let mut parsed = Vec::with_capacity(heaps.len());
    for (i, h) in heaps.iter().enumerate() {
        let heap = h.parse::<u64>().map_err(|_| {
            value_error(format!(
                "heaps[{i}] must be from 0 to {}, not {h}",
                u64::MAX
            ))
        })?;
        parsed.push(heap);
    }
    let failure = |e: grundy::misere::GenusError| match e {
        grundy::misere::GenusError::Cancelled(_) => Failure::Cancelled,
        e => Failure::Value(e.to_string()),
    };
    match game(spec)? {
        Game::Heaps(rules) => {
            if parsed.is_empty() {
                return Err(value_error(NO_HEAPS));
            }
            interruptible(py, move |cancel| {
                let genus = grundy::misere::GenusTable::new(&rules)
                    .genus_of_sum(&parsed, cancel)
                    .map_err(failure)?;
                let name = format!(
                    "{rules} {}",
                    parsed
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                let json = grundy_json::GenusJson::new(&name, &genus);
                Ok(serde_json::to_string(&json).expect("JSON"))
            })
        }
        Game::Position(start) => {
            if !parsed.is_empty() {
                return Err(value_error(format!(
                    "{start} names its whole position and takes no heaps"
                )));
            }
            interruptible(py, move |cancel| {
                let genus = start
                    .genus(&mut SolveOptions::default().cancel(cancel))
                    .map_err(failure)?;
                let name = start.to_string();
                let json = grundy_json::GenusJson::new(&name, &genus);
                Ok(serde_json::to_string(&json).expect("JSON"))
            })
        }
    }
}

/// A Nim sum with a heap beyond u64: the `grundy solve nim --json` object,
/// by Bouton's formula.
fn solve_big_nim(
    py: Python<'_>,
    rules: &HeapRuleset,
    heaps: &[Heap],
    misere: bool,
    limit: usize,
) -> PyResult<String> {
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let heaps: Vec<BigUint> = heaps.iter().map(Heap::to_biguint).collect();
    let game = rules.to_string();
    interruptible(py, move |_| {
        let analysis = grundy::nim::analyse(&heaps, convention);
        let json = grundy_json::SolveNimJson::new(&game, &heaps, &analysis, limit);
        Ok(serde_json::to_string(&json).expect("JSON"))
    })
}

/// What `nim` and `solve` say to an empty list of heaps, as the CLI and the
/// API refuse one: an empty position is a mistake far more often than a
/// question.
const NO_HEAPS: &str = "no heaps given; write at least one heap size, e.g. [3, 5, 7]";

/// The `grundy nim --json` object; heaps are decimal strings (any size).
#[pyfunction]
#[pyo3(signature = (heaps, misere = false))]
fn nim(py: Python<'_>, heaps: Vec<String>, misere: bool) -> PyResult<String> {
    if heaps.is_empty() {
        return Err(value_error(NO_HEAPS));
    }
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let mut parsed = Vec::with_capacity(heaps.len());
    for (i, h) in heaps.iter().enumerate() {
        parsed.push(parse_heap(h).map_err(|e| value_error(format!("heaps[{i}]: {e}")))?);
    }
    interruptible(py, move |_| {
        let small: Option<Vec<u64>> = parsed
            .iter()
            .map(|h| match h {
                Heap::Small(n) => Some(*n),
                Heap::Big(_) => None,
            })
            .collect();
        let text = match small {
            Some(heaps) => {
                let summary = NimSummary::of(&heaps);
                serde_json::to_string(&grundy_json::NimJson::new(
                    &heaps, convention, &summary, None,
                ))
            }
            None => {
                let heaps: Vec<BigUint> = parsed.iter().map(Heap::to_biguint).collect();
                let summary = NimSummary::of(&heaps);
                serde_json::to_string(&grundy_json::NimJson::new(
                    &heaps, convention, &summary, None,
                ))
            }
        };
        Ok(text.expect("JSON"))
    })
}

/// The nodes of a graph as `grundy graph --json` lists them.
fn graph_json(graph: &Graph) -> String {
    let values = graph::analyse(graph);
    let nodes: Vec<serde_json::Value> = graph
        .nodes()
        .map(|v| match values.finite(v) {
            Some(n) => json!({
                "node": graph.name(v),
                "outcome": values.outcome(v).as_str(),
                "value": n.0,
            }),
            None => json!({
                "node": graph.name(v),
                "outcome": values.outcome(v).as_str(),
                "value": "inf",
                "escape": values.escape(graph, v).iter().map(|n| n.0).collect::<Vec<_>>(),
            }),
        })
        .collect();
    json!({
        "nodes": nodes,
        "node_count": graph.node_count(),
        "edge_count": graph.edge_count(),
    })
    .to_string()
}

/// The graph of node names and `(from, to)` edges.
fn build_from_edges(nodes: &[String], edges: &[(String, String)]) -> PyResult<Graph> {
    let mut builder = GraphBuilder::new();
    for name in nodes {
        builder.node(name).map_err(value_error)?;
    }
    for (i, (a, b)) in edges.iter().enumerate() {
        let a = builder
            .node(a)
            .map_err(|e| value_error(format!("edge {}: {e}", i + 1)))?;
        let b = builder
            .node(b)
            .map_err(|e| value_error(format!("edge {}: {e}", i + 1)))?;
        builder
            .edge(a, b)
            .map_err(|e| value_error(format!("edge {}: {e}", i + 1)))?;
    }
    builder.build().map_err(value_error)
}

/// The graph of the text of an edge list (`"edges"`) or a JSON graph
/// (`"json"`), as `grundy graph FILE` reads them.
fn build_from_text(text: &str, format: &str) -> PyResult<Graph> {
    Ok(match format {
        "json" => Graph::parse_json(text).map_err(value_error)?,
        "edges" => {
            let mut builder = GraphBuilder::new();
            let lines = builder
                .edge_lines(text.as_bytes(), 1)
                .map_err(value_error)?;
            builder.build().map_err(|e| match e {
                graph::GraphError::Empty { .. } => {
                    value_error(graph::GraphError::Empty { line: lines.max(1) })
                }
                other => value_error(other),
            })?
        }
        other => {
            return Err(value_error(format!(
                "unknown graph format {other:?}: expected \"edges\" or \"json\""
            )))
        }
    })
}

/// A graph from node names and `(from, to)` edges.
#[pyfunction]
fn graph_from_edges(
    py: Python<'_>,
    nodes: Vec<String>,
    edges: Vec<(String, String)>,
) -> PyResult<String> {
    let graph = build_from_edges(&nodes, &edges)?;
    interruptible(py, move |_| Ok(graph_json(&graph)))
}

/// A graph from the text of an edge list (`"edges"`) or a JSON graph
/// (`"json"`), as `grundy graph FILE` reads them.
#[pyfunction]
fn graph_from_text(py: Python<'_>, text: &str, format: &str) -> PyResult<String> {
    let graph = build_from_text(text, format)?;
    interruptible(py, move |_| Ok(graph_json(&graph)))
}

/// A misère view of the graph of node names and edges: `view` is
/// `"misere"`, `"genus"` or `"canonical"` (see [`graph_view_json`]).
#[pyfunction]
#[pyo3(signature = (nodes, edges, view, max_forms=None))]
fn graph_view_from_edges(
    py: Python<'_>,
    nodes: Vec<String>,
    edges: Vec<(String, String)>,
    view: String,
    max_forms: Option<usize>,
) -> PyResult<String> {
    let graph = build_from_edges(&nodes, &edges)?;
    interruptible(py, move |cancel| {
        graph_view_json(&graph, &view, max_forms, cancel)
    })
}

/// The same view of the graph of an edge list or JSON text.
#[pyfunction]
#[pyo3(signature = (text, format, view, max_forms=None))]
fn graph_view_from_text(
    py: Python<'_>,
    text: &str,
    format: &str,
    view: String,
    max_forms: Option<usize>,
) -> PyResult<String> {
    let graph = build_from_text(text, format)?;
    interruptible(py, move |cancel| {
        graph_view_json(&graph, &view, max_forms, cancel)
    })
}

/// `{node: answer}` for every node, as `grundy graph FILE` gives them:
/// `"misere"`, `{"outcome", "value"}` (the misère nim value, `null` on a
/// draw; graphs with cycles allowed); `"genus"`, Conway's genus as text
/// (`"2^31"`); `"canonical"`, `{"outcome", "form"}`, the misère
/// canonical form in CGSuite's notation. Genus and forms need a graph
/// without cycles.
fn graph_view_json(
    graph: &Graph,
    view: &str,
    max_forms: Option<usize>,
    cancel: &Cancel,
) -> Result<String, Failure> {
    use graph::genus::{GraphFormError, GraphGenusError, GENUS_MAX_BYTES};
    let value = |e: &dyn std::fmt::Display| Failure::Value(e.to_string());
    let failure = |e: grundy::misere::CanonicalError| match e {
        grundy::misere::CanonicalError::Cancelled(_) => Failure::Cancelled,
        e => Failure::Value(e.to_string()),
    };
    let mut out = serde_json::Map::new();
    match view {
        "misere" => {
            let m = graph::misere::misere(graph);
            for v in graph.nodes() {
                out.insert(
                    graph.name(v).to_owned(),
                    json!({"outcome": m.outcome(v).as_str(), "value": m.value(v).map(|n| n.0)}),
                );
            }
        }
        "genus" => {
            let all = graph::genus::genus(graph, GENUS_MAX_BYTES).map_err(|e| match e {
                GraphGenusError::Cycle(e) => Failure::Value(format!(
                    "the genus is for graphs without cycles, and {} nodes lie on a cycle or \
                     lead into one (misere gives every node's outcome, draws included)",
                    e.unresolved
                )),
                e => value(&e),
            })?;
            for v in graph.nodes() {
                out.insert(graph.name(v).to_owned(), json!(all[v as usize].to_string()));
            }
        }
        "canonical" => {
            if max_forms == Some(0) {
                return Err(Failure::Value("max_forms must be at least 1".into()));
            }
            let mut forms = grundy::misere::MisereForms::new()
                .max_forms(max_forms.unwrap_or(grundy::misere::DEFAULT_MAX_FORMS))
                .cancel(cancel);
            let all = graph::genus::misere_forms(graph, &mut forms).map_err(|e| match e {
                GraphFormError::Cycle(e) => Failure::Value(format!(
                    "misère canonical forms are for graphs without cycles, and {} nodes lie on \
                     a cycle or lead into one (misere gives every node's outcome, draws \
                     included)",
                    e.unresolved
                )),
                GraphFormError::Canonical(e) => failure(e),
            })?;
            for v in graph.nodes() {
                let form = all[v as usize];
                let notation = forms.notation(form).map_err(failure)?;
                out.insert(
                    graph.name(v).to_owned(),
                    json!({"outcome": forms.outcome(form).as_str(), "form": notation}),
                );
            }
        }
        other => {
            return Err(Failure::Value(format!(
                "unknown graph view {other:?}: expected \"misere\", \"genus\" or \"canonical\""
            )))
        }
    }
    Ok(serde_json::Value::Object(out).to_string())
}

/// The games of a census family as JSON: `[{"game", "same_as": [..]}]`.
#[pyfunction]
fn census_members(family: &str) -> PyResult<String> {
    let family = Family::parse(family)
        .map_err(|e| value_error(format!("bad census family {family:?}: {e}")))?;
    let members: Vec<serde_json::Value> = family
        .members()
        .iter()
        .map(|m| json!({"game": m.game.to_string(), "same_as": m.same_as}))
        .collect();
    Ok(serde_json::Value::from(members).to_string())
}

/// The census line of one game as JSON (the CLI's `census --json` row).
#[pyfunction]
#[pyo3(signature = (spec, to, same_as = Vec::new()))]
fn census_game(py: Python<'_>, spec: &str, to: u64, same_as: Vec<String>) -> PyResult<String> {
    let rules = ruleset(spec)?;
    interruptible(py, move |cancel| {
        let mut row = census::census_game(&rules, to, cancel)?;
        row.same_as = same_as;
        Ok(serde_json::to_string(&grundy_json::CensusRowJson::new(&row)).expect("JSON"))
    })
}

/// The `grundy quotient --json --table` object: the misère quotient of a
/// heap game on heaps up to `max_heap`.
#[pyfunction]
fn quotient(py: Python<'_>, spec: &str, max_heap: u64) -> PyResult<String> {
    let rules = ruleset(spec)?;
    interruptible(py, move |cancel| {
        let q = grundy::misere::MisereQuotient::of(&rules, max_heap)
            .cancel(cancel)
            .compute()
            .map_err(|e| match e {
                grundy::misere::QuotientError::Cancelled { .. } => Failure::Cancelled,
                e => Failure::Value(e.to_string()),
            })?;
        Ok(serde_json::to_string(&grundy_json::QuotientJson::new(&q, true)).expect("JSON"))
    })
}

/// The values of a game defined in Python, from the graph its positions
/// explored (see [`user`]): each node's finite value (`None` when loopy),
/// its outcome as one letter (`N`, `P`, `D`) per node, and the escape set
/// of each loopy node. `sum[v]` marks a node whose edges are its
/// components; `fixed[v]` a node valued by an earlier call. `None` when
/// a fixed node worth more than `max_heap` is the option of a node that
/// reaches a cycle: explore again without fixed nodes.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn user_values(
    py: Python<'_>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    sum: Vec<bool>,
    fixed: Vec<Option<u64>>,
    misere: bool,
    max_heap: u64,
) -> PyResult<Option<(Vec<Option<u64>>, String, Vec<(u32, Vec<u64>)>)>> {
    let explored = user::Explored {
        offsets,
        targets,
        sum,
        fixed,
    };
    explored.check().map_err(value_error)?;
    let valued = py
        .detach(|| user::analyse(&explored, misere, max_heap))
        .map_err(value_error)?;
    Ok(valued.map(|v| (v.values, v.outcomes, v.escapes)))
}

/// The genus of node `root` of the options graph of a game defined in
/// Python: the normal value, the misère values `γ0, γ1, …` shown, and the
/// symbol (`0^120`).
#[pyfunction]
fn user_genus(
    py: Python<'_>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    root: usize,
) -> PyResult<(u64, Vec<u64>, String)> {
    let n = offsets.len().saturating_sub(1);
    let explored = user::Explored {
        offsets,
        targets,
        sum: vec![false; n],
        fixed: vec![None; n],
    };
    explored.check().map_err(value_error)?;
    if root >= n {
        return Err(value_error(format!("root {root} is not a node")));
    }
    let genus = py
        .detach(|| user::genus(&explored, root))
        .map_err(value_error)?;
    Ok((genus.normal().0, genus.gammas().to_vec(), genus.to_string()))
}

/// The `misere_form` JSON of node `root` of the explored graph of a game
/// defined in Python (sum nodes are the sums of their components), named
/// `name`: its misère canonical form, built by the library with at most
/// `max_forms` distinct forms. Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (name, offsets, targets, sum, root, max_forms = None))]
fn user_misere_form(
    py: Python<'_>,
    name: String,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    sum: Vec<bool>,
    root: u32,
    max_forms: Option<usize>,
) -> PyResult<String> {
    let n = sum.len();
    let explored = user::Explored {
        offsets,
        targets,
        sum,
        fixed: vec![None; n],
    };
    explored.check().map_err(value_error)?;
    if root as usize >= n {
        return Err(value_error(format!("root {root} is not a node")));
    }
    interruptible(py, move |cancel| {
        let failure = |e: grundy::misere::CanonicalError| match e {
            grundy::misere::CanonicalError::Cancelled(_) => Failure::Cancelled,
            grundy::misere::CanonicalError::Cycle => Failure::Value(
                "the game can go on forever from this position (its options reach a cycle), so \
                 it has no misère canonical form"
                    .into(),
            ),
            e => Failure::Value(e.to_string()),
        };
        let mut forms = grundy::misere::MisereForms::new()
            .max_forms(max_forms.unwrap_or(grundy::misere::DEFAULT_MAX_FORMS))
            .cancel(cancel);
        let form = user::misere_form(&explored, root, &mut forms).map_err(failure)?;
        let json =
            grundy_json::CanonicalJson::new(&name, None, &mut forms, form).map_err(failure)?;
        Ok(serde_json::to_string(&json).expect("JSON"))
    })
}

/// The period that values seem to follow, not proved (the library's
/// [`period::apparent_period`]): `(preperiod, period, saltus, seen_to)`.
#[pyfunction]
fn apparent_period(values: Vec<u64>) -> Option<(u64, u64, u64, u64)> {
    let sequence: grundy::heap::GrundySequence = values.into_iter().map(grundy::Nimber).collect();
    period::apparent_period(&sequence).map(|a| (a.preperiod, a.period, a.saltus, a.seen_to))
}

/// The `grundy solve --misere --canonical --json` object: the misère
/// canonical form of a sum of heaps of `spec`, or of the whole position
/// `spec` names (then `heaps` is empty).
#[pyfunction]
#[pyo3(signature = (spec, heaps, max_forms = None))]
fn misere_form(
    py: Python<'_>,
    spec: &str,
    heaps: Vec<u64>,
    max_forms: Option<usize>,
) -> PyResult<String> {
    let parsed = game(spec)?;
    if let Game::Position(start) = &parsed {
        if !heaps.is_empty() {
            return Err(value_error(format!(
                "{start} names its whole position and takes no heaps"
            )));
        }
    } else if heaps.is_empty() {
        return Err(value_error(NO_HEAPS));
    }
    interruptible(py, move |cancel| {
        let failure = |e: grundy::misere::CanonicalError| match e {
            grundy::misere::CanonicalError::Cancelled(_) => Failure::Cancelled,
            e => Failure::Value(e.to_string()),
        };
        let mut forms = grundy::misere::MisereForms::new()
            .max_forms(max_forms.unwrap_or(grundy::misere::DEFAULT_MAX_FORMS))
            .cancel(cancel);
        let (name, form, heaps) = match &parsed {
            Game::Heaps(rules) => {
                let largest = heaps.iter().copied().max().unwrap_or(0);
                let table =
                    grundy::misere::heap_forms(rules, largest, &mut forms).map_err(failure)?;
                let parts: Vec<_> = heaps.iter().map(|&h| table[h as usize]).collect();
                let form = forms.sum(&parts).map_err(failure)?;
                (rules.to_string(), form, Some(heaps))
            }
            Game::Position(start) => {
                let form =
                    grundy::games::position::misere_form(&**start, &mut forms).map_err(failure)?;
                (start.to_string(), form, None)
            }
        };
        let json = grundy_json::CanonicalJson::new(&name, heaps.as_deref(), &mut forms, form)
            .map_err(failure)?;
        Ok(serde_json::to_string(&json).expect("JSON"))
    })
}

/// The native module `grundy._grundy`.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // A `GRUNDY_SIMD` that names no level, or one this processor lacks, is
    // refused here as the CLI refuses it, rather than silently replaced.
    grundy::simd::selected().map_err(|e| PyValueError::new_err(e.to_string()))?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_VALUES", MAX_TO)?;
    m.add("MAX_QUOTIENT_HEAP", grundy::budget::MAX_QUOTIENT_HEAP)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(values, m)?)?;
    m.add_function(wrap_pyfunction!(genus, m)?)?;
    m.add_function(wrap_pyfunction!(period_json, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(misere_form, m)?)?;
    m.add_function(wrap_pyfunction!(nim, m)?)?;
    m.add_function(wrap_pyfunction!(graph_from_edges, m)?)?;
    m.add_function(wrap_pyfunction!(graph_from_text, m)?)?;
    m.add_function(wrap_pyfunction!(graph_view_from_edges, m)?)?;
    m.add_function(wrap_pyfunction!(graph_view_from_text, m)?)?;
    m.add_function(wrap_pyfunction!(census_members, m)?)?;
    m.add_function(wrap_pyfunction!(census_game, m)?)?;
    m.add_function(wrap_pyfunction!(user_values, m)?)?;
    m.add_function(wrap_pyfunction!(user_genus, m)?)?;
    m.add_function(wrap_pyfunction!(user_misere_form, m)?)?;
    m.add_function(wrap_pyfunction!(apparent_period, m)?)?;
    Ok(())
}
