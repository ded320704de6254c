//! `grundy graph`: outcomes and (loopy) Grundy values of every node of a
//! game graph, read from a file or built from a game's positions.

use std::fs::File;
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use grundy::games::{Game, HeapRules, MultiHeap, Nim};
use grundy::graph::{
    analyse, misere, position_graph, to_dot, to_dot_misere, Graph, GraphBuilder, GraphError,
    LoopyOutcome,
};
use grundy::heap::HeapRuleset;
use serde::Serialize;

/// The largest position graph `--game` builds (it is meant to be drawn).
const MAX_POSITIONS: usize = 100_000;

/// Input formats of `grundy graph FILE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One `FROM TO` pair per line; a single name declares a node; `#` comments.
    Edges,
    /// `{"nodes": [..], "edges": [[FROM, TO], ..]}`.
    Json,
}

/// Arguments of `grundy graph`.
#[derive(Debug, clap::Args)]
#[command(allow_negative_numbers = true)]
#[command(
    after_help = "Examples:\n  grundy graph moves.txt\n  grundy graph moves.json --json\n  grundy graph --game nim 2 1 1 --dot | dot -Tsvg > nim.svg\n  grundy graph --game kayles 5\n  grundy graph --game cram:2x3"
)]
pub struct Args {
    /// The graph file (`-` for standard input); with --game, the position
    /// (heap sizes for `nim` and other heap games; nothing for a board such
    /// as `cram:3x3`).
    #[arg(value_name = "FILE | POSITION")]
    args: Vec<String>,
    /// Input format (default: `json` for a `.json` file, else `edges`).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Build the graph of the positions of GAME: `nim`, any heap-game spec
    /// (`kayles`, `sub{1,3,4}`, `0.07`, ...), `cram:RxC` or `chomp:RxC`, or
    /// a board position drawn as this command prints it (`cram:.../.##`).
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// Write Graphviz DOT, coloured by outcome (P red, N green, draw grey).
    #[arg(long, conflicts_with = "json")]
    dot: bool,
    /// Write JSON.
    #[arg(long)]
    json: bool,
    /// Misère play: the player who cannot move wins. Every node gets its
    /// misère outcome (draws included, on graphs with cycles) and, where
    /// no cycle can be reached, its misère nim value (1 with no move, else
    /// the mex of its followers').
    #[arg(long)]
    misere: bool,
    /// Conway's genus g^γ0γ1… of every node instead (the normal-play value
    /// and the misère Grundy values with 0, 1, 2, … Nim heaps of 2 beside
    /// it); for graphs without cycles.
    #[arg(long, conflicts_with_all = ["misere", "dot"])]
    genus: bool,
    /// With --misere: every node's misère canonical form (Conway's
    /// simplest equal game, in CGSuite's notation) instead of its value;
    /// for graphs without cycles.
    #[arg(long, requires = "misere", conflicts_with = "dot")]
    canonical: bool,
    /// With --canonical: the most distinct forms kept (default 2^20).
    #[arg(long, value_name = "N", requires = "canonical",
          value_parser = crate::input::max_forms)]
    max_forms: Option<usize>,
}

/// One node in the JSON output.
#[derive(Serialize)]
struct NodeJson<'a> {
    node: &'a str,
    outcome: &'static str,
    value: ValueJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    escape: Option<Vec<u64>>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum ValueJson {
    Finite(u64),
    Infinite(&'static str),
}

/// The singular for a count of one, else the plural.
fn plural(count: usize, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 {
        one
    } else {
        many
    }
}

/// Runs `grundy graph`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    let graph = match &args.game {
        Some(game) => game_graph(game, &args.args)?,
        None => {
            let [path] = args.args.as_slice() else {
                bail!(
                    "graph takes one FILE (or --game GAME POSITION...), got {} arguments",
                    args.args.len()
                );
            };
            read_graph(path, args.format)?
        }
    };
    if args.genus {
        return write_genus(&graph, &args, out);
    }
    if args.canonical {
        return write_canonical(&graph, &args, out);
    }
    if args.misere {
        return write_misere(&graph, &args, out);
    }
    let values = analyse(&graph);
    if args.dot {
        out.write_all(to_dot(&graph, &values).as_bytes())?;
    } else if args.json {
        write_json_nodes(out, &graph, "{", "", |v| match values.finite(v) {
            Some(n) => NodeJson {
                node: graph.name(v),
                outcome: values.outcome(v).as_str(),
                value: ValueJson::Finite(n.0),
                escape: None,
            },
            None => NodeJson {
                node: graph.name(v),
                outcome: values.outcome(v).as_str(),
                value: ValueJson::Infinite("inf"),
                escape: Some(values.escape(&graph, v).iter().map(|n| n.0).collect()),
            },
        })?;
    } else {
        let counts = outcome_counts(&graph, |v| values.outcome(v));
        writeln!(
            out,
            "# {}: {} N, {} P, {} D (node, outcome, value)",
            size_words(&graph),
            counts[0],
            counts[1],
            counts[2]
        )?;
        // One line a node, written as bytes: 10^7 lines through `fmt`
        // took a second.
        let mut line = Vec::with_capacity(256);
        let mut escape = Vec::new();
        let mut number = itoa::Buffer::new();
        for v in graph.nodes() {
            line.clear();
            line.extend_from_slice(graph.name(v).as_bytes());
            line.push(b'\t');
            line.extend_from_slice(values.outcome(v).as_str().as_bytes());
            line.push(b'\t');
            match values.finite(v) {
                Some(n) => {
                    line.push(b'*');
                    line.extend_from_slice(number.format(n.0).as_bytes());
                }
                None => {
                    // As `LoopyValue`'s Display: `∞`, or `∞(0,2)`.
                    line.extend_from_slice("∞".as_bytes());
                    values.escape_into(&graph, v, &mut escape);
                    for (i, n) in escape.iter().enumerate() {
                        line.push(if i == 0 { b'(' } else { b',' });
                        line.extend_from_slice(number.format(n.0).as_bytes());
                    }
                    if !escape.is_empty() {
                        line.push(b')');
                    }
                }
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
    }
    Ok(())
}

/// One node in the JSON output of misère play.
#[derive(Serialize)]
struct MisereNodeJson<'a> {
    node: &'a str,
    outcome: &'static str,
    /// The misère nim value; `"inf"` where a cycle can be reached.
    value: ValueJson,
}

/// One node of `graph --genus --json`.
#[derive(Serialize)]
struct GenusNodeJson<'a> {
    node: &'a str,
    genus: String,
    value: u64,
    gammas: &'a [u64],
}

/// One node of `graph --misere --canonical --json`.
#[derive(Serialize)]
struct FormNodeJson<'a> {
    node: &'a str,
    outcome: &'static str,
    form: &'a str,
}

/// What every JSON object of the misère answers opens with.
const MISERE_OPEN: &str = "{\"convention\":\"misere\",";

/// A JSON object `OPEN"nodes":[...],"node_count":..,"edge_count":..EXTRA}`
/// with one object per node, streamed node by node.
fn write_json_nodes<T: Serialize>(
    out: &mut impl Write,
    graph: &Graph,
    open: &str,
    extra: &str,
    mut node: impl FnMut(grundy::graph::NodeId) -> T,
) -> anyhow::Result<()> {
    out.write_all(open.as_bytes())?;
    out.write_all(b"\"nodes\":[")?;
    for v in graph.nodes() {
        if v > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &node(v))?;
    }
    writeln!(
        out,
        "],\"node_count\":{},\"edge_count\":{}{extra}}}",
        graph.node_count(),
        graph.edge_count()
    )?;
    Ok(())
}

/// How many nodes are N, P and D.
fn outcome_counts(
    graph: &Graph,
    outcome: impl Fn(grundy::graph::NodeId) -> LoopyOutcome,
) -> [usize; 3] {
    let mut counts = [0usize; 3];
    for v in graph.nodes() {
        counts[match outcome(v) {
            LoopyOutcome::N => 0,
            LoopyOutcome::P => 1,
            LoopyOutcome::D => 2,
        }] += 1;
    }
    counts
}

/// `4 nodes, 1 edge`: the size of a graph in words, for the first line.
fn size_words(graph: &Graph) -> String {
    format!(
        "{} {}, {} {}",
        graph.node_count(),
        plural(graph.node_count(), "node", "nodes"),
        graph.edge_count(),
        plural(graph.edge_count(), "edge", "edges")
    )
}

/// The error of a graph with a cycle, for the values that need none.
fn cycle_error(what: &str, e: grundy::graph::CycleError) -> anyhow::Error {
    anyhow::anyhow!(
        "{what} is for graphs without cycles, and {} nodes lie on a cycle or lead into one (`graph --misere` gives every node's outcome, draws included)",
        e.unresolved
    )
}

/// `graph --genus`: every node's genus, as text or JSON.
fn write_genus(graph: &Graph, args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    use grundy::graph::genus::{GraphGenusError, GENUS_MAX_BYTES};
    let all = grundy::graph::genus::genus(graph, GENUS_MAX_BYTES).map_err(|e| match e {
        GraphGenusError::Cycle(e) => cycle_error("--genus", e),
        e => {
            // The graph's source (the file, or the game and position),
            // where the bound was met.
            let source = match &args.game {
                Some(game) => format!("{game} {}", args.args.join(" ")),
                None => args.args.join(" "),
            };
            anyhow::anyhow!("{}: --genus: {e}", source.trim())
        }
    })?;
    if args.json {
        return write_json_nodes(out, graph, "{", "", |v| {
            let g = &all[v as usize];
            GenusNodeJson {
                node: graph.name(v),
                genus: g.to_string(),
                value: g.normal().0,
                gammas: g.gammas(),
            }
        });
    }
    writeln!(
        out,
        "# {}: Conway's genus g^γ0γ1… (node, genus; γk is the misère Grundy value with k Nim heaps of 2 beside it)",
        size_words(graph),
    )?;
    for v in graph.nodes() {
        writeln!(out, "{}\t{}", graph.name(v), all[v as usize])?;
    }
    Ok(())
}

/// `graph --misere --canonical`: every node's misère outcome and canonical
/// form, as text or JSON.
fn write_canonical(graph: &Graph, args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    use grundy::graph::genus::GraphFormError;
    let cancel = crate::interrupt::flag();
    let mut forms = grundy::misere::MisereForms::new()
        .max_forms(args.max_forms.unwrap_or(grundy::misere::DEFAULT_MAX_FORMS))
        .cancel(&cancel);
    let all = grundy::graph::genus::misere_forms(graph, &mut forms).map_err(|e| match e {
        GraphFormError::Cycle(e) => cycle_error("--canonical", e),
        GraphFormError::Canonical(e) => anyhow::anyhow!(e),
    })?;
    let mut rows = Vec::with_capacity(graph.node_count());
    for v in graph.nodes() {
        let form = all[v as usize];
        rows.push((forms.outcome(form), forms.notation(form)?));
    }
    if args.json {
        let distinct = format!(",\"distinct_forms\":{}", forms.len());
        return write_json_nodes(out, graph, MISERE_OPEN, &distinct, |v| {
            let (outcome, form) = &rows[v as usize];
            FormNodeJson {
                node: graph.name(v),
                outcome: outcome.as_str(),
                form,
            }
        });
    }
    writeln!(
        out,
        "# {}, misère play: canonical forms (node, outcome, form)",
        size_words(graph),
    )?;
    for v in graph.nodes() {
        let (outcome, form) = &rows[v as usize];
        writeln!(out, "{}\t{outcome}\t{form}", graph.name(v))?;
    }
    Ok(())
}

/// `graph --misere`: every node's misère outcome and misère nim value, as
/// text, JSON or DOT.
fn write_misere(graph: &Graph, args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let values = misere(graph);
    let value = |v| match values.value(v) {
        Some(n) => ValueJson::Finite(n.0),
        None => ValueJson::Infinite("inf"),
    };
    if args.dot {
        out.write_all(to_dot_misere(graph, &values).as_bytes())?;
    } else if args.json {
        write_json_nodes(out, graph, MISERE_OPEN, "", |v| MisereNodeJson {
            node: graph.name(v),
            outcome: values.outcome(v).as_str(),
            value: value(v),
        })?;
    } else {
        let counts = outcome_counts(graph, |v| values.outcome(v));
        writeln!(
            out,
            "# {}, misère play: {} N, {} P, {} D (node, outcome, misère value)",
            size_words(graph),
            counts[0],
            counts[1],
            counts[2]
        )?;
        for v in graph.nodes() {
            let shown = match values.value(v) {
                Some(n) => n.to_string(),
                // No finite game: a cycle can be reached.
                None => "∞".to_owned(),
            };
            writeln!(
                out,
                "{}\t{}\t{shown}",
                graph.name(v),
                values.outcome(v).as_str()
            )?;
        }
    }
    Ok(())
}

/// Reads a graph file in the given (or guessed) format.
fn read_graph(path: &str, format: Option<Format>) -> anyhow::Result<Graph> {
    let format = format.unwrap_or(if path.to_ascii_lowercase().ends_with(".json") {
        Format::Json
    } else {
        Format::Edges
    });
    let shown = if path == "-" { "<stdin>" } else { path };
    let mut input: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(File::open(PathBuf::from(path)).with_context(|| format!("cannot open {shown}"))?)
    };
    // Standard input is read once: the line of an error is kept as it is
    // read (the whole text of JSON, the bad line of an edge list).
    let mut kept = None;
    let graph = match format {
        Format::Json => {
            let mut bytes = Vec::new();
            input
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {shown}"))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                anyhow::anyhow!(
                    "{shown}: byte {}: not valid UTF-8",
                    e.utf8_error().valid_up_to()
                )
            })?;
            let graph = Graph::parse_json(&text);
            if path == "-" {
                kept = Some(text);
            }
            graph
        }
        Format::Edges => {
            let mut input = io::BufReader::new(input);
            let head = input
                .fill_buf()
                .with_context(|| format!("cannot read {shown}"))?;
            if looks_like_json(head) {
                // Read as asked, but say so: the whole text would otherwise
                // become a handful of oddly named nodes.
                eprintln!(
                    "warning: {shown} looks like JSON but is read as an edge list; \
                     pass --format json to read it as JSON"
                );
            }
            let mut bad_line = None;
            let graph = read_edge_list(input, &mut bad_line)
                .with_context(|| format!("cannot read {shown}"))?;
            kept = bad_line;
            graph
        }
    };
    graph.map_err(|err| {
        // Under the message, the line of the file with a caret.
        let text = error_line(&err).and_then(|line| match (&kept, format) {
            (Some(text), Format::Json) => text
                .split('\n')
                .nth(line.checked_sub(1)?)
                .map(|l| l.strip_suffix('\r').unwrap_or(l).to_owned())
                .filter(|l| l.len() <= 4096),
            (Some(text), Format::Edges) => Some(text.clone()),
            (None, _) if path == "-" => None,
            (None, _) => crate::diagnostic::file_line(Path::new(path), line as u64),
        });
        match text.and_then(|t| err.span(&t).map(|at| (t, at))) {
            Some((text, (line, span))) => {
                crate::diagnostic::located_line(err, line as u64, &text, span, shown.to_owned())
            }
            None => anyhow::Error::new(err).context(shown.to_owned()),
        }
    })
}

/// True when the text starts (after blanks) with `{` or `[`, which no edge
/// list written for grundy does but every JSON graph does.
fn looks_like_json(head: &[u8]) -> bool {
    matches!(
        head.iter().find(|b| !b.is_ascii_whitespace()),
        Some(b'{' | b'[')
    )
}

/// Streams an edge list into the builder in chunks of whole lines, so that
/// memory holds the graph and not the text.
fn read_edge_list(
    mut input: impl Read,
    bad_line: &mut Option<String>,
) -> io::Result<Result<Graph, GraphError>> {
    const CHUNK: u64 = 1 << 22;
    let mut builder = GraphBuilder::new();
    let mut buf = Vec::with_capacity(CHUNK as usize + 4096);
    let mut next_line = 1;
    loop {
        let read = (&mut input).take(CHUNK).read_to_end(&mut buf)?;
        let end = if read == 0 {
            buf.len()
        } else {
            match buf.iter().rposition(|&b| b == b'\n') {
                Some(newline) => newline + 1,
                None => continue,
            }
        };
        match builder.edge_lines(&buf[..end], next_line) {
            Ok(lines) => next_line += lines,
            Err(e) => {
                *bad_line = error_line(&e).and_then(|line| {
                    let text = buf[..end]
                        .split(|&b| b == b'\n')
                        .nth(line.checked_sub(next_line)?)?;
                    let text = text.strip_suffix(b"\r").unwrap_or(text);
                    (text.len() <= 4096).then(|| String::from_utf8_lossy(text).into_owned())
                });
                return Ok(Err(e));
            }
        }
        buf.drain(..end);
        if read == 0 {
            break;
        }
    }
    Ok(builder.build().map_err(|e| match e {
        GraphError::Empty { .. } => GraphError::Empty {
            line: (next_line - 1).max(1),
        },
        other => other,
    }))
}

/// The 1-based line of an input error, where it has one.
fn error_line(err: &GraphError) -> Option<usize> {
    match err {
        GraphError::TooManyFields { line, .. }
        | GraphError::InvalidUtf8 { line, .. }
        | GraphError::Json { line, .. }
        | GraphError::UnknownNode { line, .. } => Some(*line),
        _ => None,
    }
}

/// The graph of the positions of a game reachable from the given position.
fn game_graph(spec: &str, position: &[String]) -> anyhow::Result<Graph> {
    let start = match crate::diagnostic::game(spec)? {
        Game::Heaps(ruleset) => return heap_graph(spec, ruleset, position),
        Game::Position(start) => start,
    };
    if !position.is_empty() {
        bail!(
            "{start} names its whole position and takes no position, got {:?}",
            position.join(" ")
        );
    }
    grundy::games::position::graph(&*start, MAX_POSITIONS).with_context(|| start.to_string())
}

/// The graph of the positions of a heap game reachable from the heaps of
/// `position`.
fn heap_graph(spec: &str, ruleset: HeapRuleset, position: &[String]) -> anyhow::Result<Graph> {
    let rules: Box<dyn HeapRules> = match ruleset {
        HeapRuleset::Nim => Box::new(Nim),
        other => Box::new(other),
    };
    if position.is_empty() {
        bail!("--game {spec} needs a position: one or more heap sizes");
    }
    let heaps = crate::input::small_heap_args(position, |i, t| {
        format!(
            "heap {i} ({t:?}) is larger than {}: the graph of positions is drawn for small heaps",
            u64::MAX
        )
    })?;
    let game = MultiHeap::new(rules);
    // A position with no heaps left (Kayles after the last pins fall)
    // is named "0", so that it is visible in every output format.
    let name = |p: &Vec<u64>| {
        if p.is_empty() {
            "0".to_string()
        } else {
            p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
        }
    };
    position_graph(&game, &heaps, name, MAX_POSITIONS)
        .with_context(|| format!("{spec} {}", position.join(" ")))
}
