//! Big game graphs: read an edge list of 10^7 nodes and 5·10^7 edges, then
//! value every node, reporting time per phase and peak memory.
//!
//! Run: `cargo bench -p grundy --bench graph [-- NODES EDGES] [--long] [--keep DIR]`
//!
//! Two graphs of the same size are written to a temporary file (and deleted
//! afterwards; with `--keep DIR` written to DIR and kept, to time
//! `grundy graph` on them): a DAG (every edge goes to a larger node id) and a uniformly
//! random digraph (with cycles). Nodes are named `n0`, `n1`, ..., or with
//! `--long` `position-number-00000000`, ... (24 bytes, past the 11 bytes
//! that a name table slot holds). Each is read the way `grundy graph` reads a
//! file (streamed in chunks of whole lines into `GraphBuilder`), then valued
//! by `analyse`, as `grundy graph` does; the DAG's values are then checked
//! against the definition (each the mex of its followers' values).
//! Peak memory is the process's peak resident set (VmHWM), reset after the
//! file is written, so it counts the graph and the algorithms, not the
//! generator; each graph is run in a process of its own (the bench starts
//! itself again with `--one dag` or `--one random`), so that memory the
//! allocator kept from one graph does not count in the other's peak.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

mod common;
use common::cpu_seconds;
use grundy::graph::{analyse, Graph, GraphBuilder, LoopyOutcome};
use grundy::mex;

/// xorshift64*: a small deterministic generator, so runs are comparable.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) * n) >> 32
    }
}

/// Writes `edges` edges over `nodes` nodes named `n0`, `n1`, ...: each edge
/// leaves a uniformly random node, so out-degrees are about Poisson(E/N)
/// and some nodes (e^(-E/N) of them) are terminal.
fn write_graph(path: &Path, nodes: u64, edges: u64, acyclic: bool, long: bool) {
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path).unwrap());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // Short names fit in a table slot; long ones (24 bytes) are checked
    // against the partition's copy of their bytes.
    let name = |v: u64| {
        if long {
            format!("position-number-{v:08}")
        } else {
            format!("n{v}")
        }
    };
    for _ in 0..edges {
        let from = rng.below(nodes);
        if acyclic {
            if from + 1 == nodes {
                writeln!(out, "{}", name(from)).unwrap();
            } else {
                let to = from + 1 + rng.below(nodes - from - 1);
                writeln!(out, "{} {}", name(from), name(to)).unwrap();
            }
        } else {
            writeln!(out, "{} {}", name(from), name(rng.below(nodes))).unwrap();
        }
    }
    out.flush().unwrap();
}

/// Reads the file as `grundy graph` does: chunks of whole lines into
/// `GraphBuilder::edge_lines`.
fn read_graph(path: &Path) -> Graph {
    let mut input = File::open(path).unwrap();
    let mut builder = GraphBuilder::new();
    let mut buf = Vec::new();
    let mut next_line = 1;
    loop {
        let read = (&mut input).take(1 << 22).read_to_end(&mut buf).unwrap();
        let end = if read == 0 {
            buf.len()
        } else {
            buf.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        };
        next_line += builder.edge_lines(&buf[..end], next_line).unwrap();
        buf.drain(..end);
        if read == 0 {
            break;
        }
    }
    builder.build().unwrap()
}

/// Peak resident memory in MiB since the last reset.
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Wall and CPU seconds since `(wall, cpu)`.
fn since((wall, cpu): (Instant, f64)) -> String {
    format!(
        "{:.2} s wall, {:.2} s CPU",
        wall.elapsed().as_secs_f64(),
        cpu_seconds() - cpu
    )
}

fn now() -> (Instant, f64) {
    (Instant::now(), cpu_seconds())
}

/// Resets the peak (Linux: writing 5 to clear_refs).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let nodes = numbers.first().copied().unwrap_or(10_000_000);
    let edges = numbers.get(1).copied().unwrap_or(50_000_000);
    let long = args.iter().any(|a| a == "--long");
    let keep = args
        .iter()
        .position(|a| a == "--keep")
        .map(|at| PathBuf::from(args.get(at + 1).expect("--keep takes a folder")));
    match args.iter().position(|a| a == "--one") {
        Some(at) => one_graph(
            args.get(at + 1).map(String::as_str) == Some("dag"),
            nodes,
            edges,
            long,
            keep,
        ),
        None => {
            // Each graph in a process of its own, so that its peak memory
            // is its own: the allocator keeps memory that one graph freed
            // and would count it in the next one's peak.
            let names = if long { "24-byte names" } else { "short names" };
            println!("{nodes} nodes, {edges} edges, {names}");
            for kind in ["dag", "random"] {
                let status = std::process::Command::new(std::env::current_exe().unwrap())
                    .args(&args)
                    .args(["--one", kind])
                    .status()
                    .unwrap();
                assert!(status.success(), "the {kind} run failed");
            }
        }
    }
}

/// Writes, reads and values one graph: the DAG or the random digraph.
/// With `keep`, the file is written there and left for `grundy graph`.
fn one_graph(acyclic: bool, nodes: u64, edges: u64, long: bool, keep: Option<PathBuf>) {
    let dir = keep.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("grundy-bench-graph-{}", std::process::id()))
    });
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(if acyclic { "dag.txt" } else { "random.txt" });
    write_graph(&path, nodes, edges, acyclic, long);
    let size = std::fs::metadata(&path).unwrap().len();
    reset_peak();
    let start = now();
    let graph = read_graph(&path);
    let read = since(start);
    println!(
        "\n{} ({:.0} MiB of text): read + CSR {read}, {} nodes, {} edges",
        if acyclic { "DAG" } else { "random digraph" },
        size as f64 / (1 << 20) as f64,
        graph.node_count(),
        graph.edge_count()
    );
    let start = now();
    let loopy = analyse(&graph);
    println!("  values (analyse, as grundy graph): {}", since(start));
    if acyclic {
        // The definition, node by node: on a DAG exactly one function
        // has every value the mex of the followers' values, so this
        // checks every value (independently of how they were found).
        let mut max = 0;
        for v in graph.nodes() {
            let value = loopy.finite(v).expect("a DAG has finite values");
            let followers = graph.followers(v).iter().map(|&w| loopy.finite(w).unwrap());
            assert_eq!(value, mex(followers), "node {}", graph.name(v));
            max = max.max(value.0);
        }
        println!("  largest value *{max}; every value is the mex of its followers' values");
    } else {
        let mut counts = [0u64; 3];
        for v in graph.nodes() {
            counts[match loopy.outcome(v) {
                LoopyOutcome::N => 0,
                LoopyOutcome::P => 1,
                LoopyOutcome::D => 2,
            }] += 1;
        }
        let infinite = graph.nodes().filter(|&v| !loopy.is_finite(v)).count();
        println!(
            "  {} N, {} P, {} D; {infinite} nodes with value ∞",
            counts[0], counts[1], counts[2]
        );
    }
    println!("  peak memory (read + values): {:.0} MiB", peak_mib());
    drop(graph);
    if keep.is_some() {
        println!("  kept {}", path.display());
    } else {
        std::fs::remove_file(&path).unwrap();
        let _ = std::fs::remove_dir(&dir);
    }
}
