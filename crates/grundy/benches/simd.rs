//! Every vector path of this processor on the same work: the octal engine
//! on Officers (`0.6`, whose time is mostly the bit rows of
//! `heap/bitrows`) and the board search on Cram (whose splits run in the
//! lanes of `games/cram/lanes.rs` at `avx512`), one thread each.
//!
//! Run: `cargo bench -p grundy --bench simd [-- quick]`
//!
//! What it compares: the paths `GRUNDY_SIMD` forces (`portable`, `avx2`,
//! `avx512`, those the processor has) with each other, the portable path
//! as the unit. The level is read once per process, so the bench runs
//! itself again for each path, with `GRUNDY_SIMD` set. Every path must
//! give the same values, winning moves and search counters; the bench
//! checks that before it prints a ratio. The machine is shared: the CPU
//! column is the steadier one, and figures for BENCHMARKS.md come from a
//! quiet machine.

use std::process::Command;
use std::time::Instant;

mod common;
use common::cpu_seconds;
use grundy::cancel::Cancel;
use grundy::games::{Board, SearchOptions};
use grundy::heap::{SparseOctal, TakeBreak};
use grundy::simd::{self, Level};

/// One path's run of an item: the path, wall and CPU seconds, and what
/// it found.
type Run = (Level, f64, f64, String);

/// Set in the runs of one path: the work runs here, and prints a line
/// for each item.
const CHILD: &str = "GRUNDY_SIMD_BENCH_CHILD";

/// The work: `(name, what)`; `what` is `octal:CODE:N` or `board:SPEC`.
fn work(quick: bool) -> Vec<String> {
    let items: &[&str] = if quick {
        &["octal:0.6:262144", "board:cram:4x7", "board:cram:5x5"]
    } else {
        &["octal:0.6:1048576", "board:cram:4x9", "board:cram:5x7"]
    };
    items.iter().map(|s| s.to_string()).collect()
}

/// Runs one item on this process's path: its wall and CPU seconds, and
/// a summary of what it found (which every path must print alike).
fn run(item: &str) -> (f64, f64, String) {
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let found = if let Some(rest) = item.strip_prefix("octal:") {
        let (code, n) = rest.rsplit_once(':').expect("octal:CODE:N");
        let n: usize = n.parse().expect("a heap size");
        let mut engine = SparseOctal::new(&TakeBreak::parse(code).expect("an octal code"));
        engine.set_threads(1);
        engine.extend_to(n);
        // FNV-1a of the values, in order.
        let hash = (0..=n).fold(0xcbf2_9ce4_8422_2325u64, |h, i| {
            (h ^ engine.get(i).0).wrapping_mul(0x0000_0100_0000_01b3)
        });
        format!("max {}, FNV {hash:016x}", engine.max_value())
    } else {
        let spec = item.strip_prefix("board:").expect("board:SPEC");
        let board = Board::parse(spec).expect("a board spec");
        let options = SearchOptions {
            threads: 1,
            ..SearchOptions::default()
        };
        let report = board
            .search(&options, &Cancel::new(), &mut |_| {})
            .expect("not cancelled");
        let value = report.value.expect("value searched");
        let s = &report.stats;
        format!(
            "{value}, {} winning moves, {} nodes, {} hits, {} entries",
            report.winning_moves.len(),
            s.nodes,
            s.table_hits,
            s.entries
        )
    };
    (start.elapsed().as_secs_f64(), cpu_seconds() - cpu, found)
}

fn main() {
    let quick = std::env::args().skip(1).any(|a| a == "quick");
    if std::env::var_os(CHILD).is_some() {
        let level = simd::selected().expect("the parent sets a level this processor has");
        for item in work(quick) {
            let (wall, cpu, found) = run(&item);
            println!("{level}\t{item}\t{wall:.3}\t{cpu:.2}\t{found}");
        }
        return;
    }
    let levels = simd::supported();
    println!(
        "paths this processor has: {}; {}",
        levels
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(", "),
        cpu_name()
    );
    let exe = std::env::current_exe().expect("the bench's own path");
    // Each item with its runs, one per path.
    let mut rows: Vec<(String, Vec<Run>)> =
        work(quick).into_iter().map(|i| (i, Vec::new())).collect();
    for &level in &levels {
        let out = Command::new(&exe)
            .args(std::env::args().skip(1))
            .env(CHILD, "1")
            .env(simd::VARIABLE, level.name())
            .output()
            .expect("the bench runs itself");
        assert!(
            out.status.success(),
            "{level}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let f: Vec<&str> = line.splitn(5, '\t').collect();
            let [name, item, wall, cpu, found] = f[..] else {
                panic!("{level}: a line of five fields: {line}");
            };
            assert_eq!(name, level.name());
            let row = rows
                .iter_mut()
                .find(|(i, _)| i == item)
                .expect("an item of the work");
            row.1.push((
                level,
                wall.parse().unwrap(),
                cpu.parse().unwrap(),
                found.into(),
            ));
        }
    }
    println!(
        "{:22} {:9} {:>9} {:>9} {:>10}  found",
        "work", "path", "wall s", "CPU s", "portable/"
    );
    for (item, runs) in &rows {
        let portable = runs.first().map(|r| r.2).unwrap_or(f64::NAN);
        for (level, wall, cpu, found) in runs {
            assert_eq!(
                found, &runs[0].3,
                "{item}: {level} finds otherwise than {}",
                runs[0].0
            );
            println!(
                "{item:22} {:9} {wall:9.3} {cpu:9.2} {:>9.2}x  {found}",
                level.name(),
                portable / cpu
            );
        }
    }
}

/// The processor's model name, from /proc/cpuinfo where there is one.
fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, name)| name.trim().to_owned())
        })
        .unwrap_or_else(|| String::from("processor unknown"))
}
