//! Board searches against igsolve (Beling & Rogalski's solver) in the same
//! run: `grundy`'s [`Board::search`] (the value alone on one thread and on
//! every core, then the value and every winning move, then the outcome
//! alone) and `igsolve` (the value, on one thread: it has no other mode) on
//! the same boards, with the time ratios of the values.
//!
//! igsolve 0.1.2 prints the nimber of the start position and nothing else:
//! it has no option for the winning moves (nor for any position but the
//! start, so they cannot be had by solving each option either). The
//! like-for-like ratio is the value's ("ratio"); "ratio +moves" sets
//! grundy's value and every winning move against igsolve's value alone.
//!
//! A second table gives CPU time (user + system, 1/100 s ticks) on one
//! thread: grundy's value, then its value and every winning move, each
//! from an empty table, against igsolve's CPU time. On a shared machine
//! CPU time is steadier than wall time.
//!
//! Run: `cargo bench -p grundy --bench search_vs_igsolve [-- cram:5x7 chomp:11x11 ...]`
//!
//! igsolve is found as `$IGSOLVE`, `.tools/bin/igsolve` or on the `PATH`,
//! and installed with `cargo install --root .tools igsolve` when missing
//! (without it, its columns are empty). Both values must agree; the bench
//! stops if they do not. A ratio is igsolve's time over grundy's time for
//! the same question, the value: above 1 means grundy is faster; "ratio 1t"
//! compares grundy on one thread.
//! Each search starts with an empty table.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

mod common;
use grundy::cancel::Cancel;
use grundy::games::{Board, SearchOptions};

/// igsolve's value, its own "Calculation time" in seconds, and the CPU
/// seconds the whole run took.
fn igsolve(bin: &Path, board: &Board) -> Option<(u64, f64, f64)> {
    let game = match board {
        Board::Cram { .. } => "cram",
        Board::Chomp { .. } => "chomp",
    };
    let cpu = common::children_cpu_seconds();
    let out = Command::new(bin)
        .current_dir(std::env::temp_dir())
        .args([game, "--rows", &board.rows().to_string()])
        .args(["--cols", &board.cols().to_string()])
        .output()
        .ok()?;
    let cpu = common::children_cpu_seconds() - cpu;
    let text = String::from_utf8_lossy(&out.stdout);
    let value = text
        .lines()
        .find_map(|l| l.strip_prefix("Nimber of initial position: "))?
        .trim()
        .parse()
        .ok()?;
    let time = text
        .lines()
        .find_map(|l| l.strip_prefix("Calculation time: "))?
        .trim();
    let secs = if let Some(ms) = time.strip_suffix("ms") {
        ms.parse::<f64>().ok()? / 1e3
    } else if let Some(us) = time.strip_suffix("µs") {
        us.parse::<f64>().ok()? / 1e6
    } else {
        time.strip_suffix('s')?.parse().ok()?
    };
    Some((value, secs, cpu))
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let boards = if args.is_empty() {
        [
            "cram:5x6",
            "cram:4x9",
            "cram:5x7",
            "cram:5x8",
            "cram:4x11",
            "chomp:11x11",
            "chomp:12x12",
            "chomp:13x13",
        ]
        .map(String::from)
        .to_vec()
    } else {
        args
    };
    let ig = common::find_igsolve();
    if ig.is_none() {
        eprintln!("no igsolve: its columns are left empty");
    }
    let threads = SearchOptions::default().threads;
    println!("grundy on {threads} threads, and on one (\"1t\")");
    println!(
        "{:12} {:>5} {:>9} {:>9} {:>9} {:>9} {:>10} {:>10} {:>8} {:>8} {:>12}",
        "board",
        "value",
        "value 1t",
        "value s",
        "+moves s",
        "outcome s",
        "table",
        "igsolve s",
        "ratio 1t",
        "ratio",
        "ratio +moves"
    );
    let mut cpu_rows = Vec::new();
    for spec in boards {
        let board = Board::parse(&spec).expect("a board spec");
        let timed_cpu = |options: SearchOptions| {
            let (t, cpu) = (Instant::now(), common::cpu_seconds());
            let r = board
                .search(&options, &Cancel::new(), &mut |_| {})
                .expect("not cancelled");
            (r, t.elapsed().as_secs_f64(), common::cpu_seconds() - cpu)
        };
        let timed = |options: SearchOptions| {
            let (r, secs, _) = timed_cpu(options);
            (r, secs)
        };
        let defaults = SearchOptions::default();
        let (one_thread, one_secs, one_cpu) = timed_cpu(SearchOptions {
            winning_moves: false,
            threads: 1,
            ..defaults
        });
        let (one_full, _, one_full_cpu) = timed_cpu(SearchOptions {
            threads: 1,
            ..defaults
        });
        let (value_only, secs) = timed(SearchOptions {
            winning_moves: false,
            ..defaults
        });
        assert_eq!(one_thread.value, value_only.value, "{spec}");
        let (full, full_secs) = timed(defaults);
        let (quick, outcome_secs) = timed(SearchOptions {
            outcome_only: true,
            winning_moves: false,
            ..defaults
        });
        assert_eq!(value_only.value, full.value, "{spec}");
        assert_eq!(one_full.value, full.value, "{spec}");
        assert_eq!(one_full.winning_moves, full.winning_moves, "{spec}");
        assert_eq!(
            quick.outcome, full.outcome,
            "{spec}: outcome search disagrees"
        );
        let value = full.value.expect("value searched").0;
        let ig = ig.as_deref().and_then(|b| igsolve(b, &board));
        let (ig_secs, ratio_one, ratio, ratio_full) = match ig {
            Some((v, s, _)) => {
                assert_eq!(v, value, "{spec}: igsolve says {v}, grundy {value}");
                (
                    format!("{s:.3}"),
                    format!("{:.2}x", s / one_secs),
                    format!("{:.2}x", s / secs),
                    format!("{:.2}x", s / full_secs),
                )
            }
            None => ["-"; 4].map(String::from).into(),
        };
        println!(
            "{spec:12} {value:>5} {one_secs:>9.3} {secs:>9.3} {full_secs:>9.3} {outcome_secs:>9.3} {:>10} {ig_secs:>10} {ratio_one:>8} {ratio:>8} {ratio_full:>12}",
            value_only.stats.entries,
        );
        cpu_rows.push((spec, one_cpu, one_full_cpu, ig.map(|(_, _, cpu)| cpu)));
    }
    println!("\nCPU time, one thread (grundy from an empty table each time)");
    println!(
        "{:12} {:>9} {:>10} {:>11} {:>8} {:>12}",
        "board", "value", "+moves", "igsolve", "ratio", "ratio +moves"
    );
    for (spec, value, full, ig) in cpu_rows {
        let (ig, ratio, ratio_full) = match ig {
            Some(c) => (
                format!("{c:.2}"),
                format!("{:.2}x", c / value),
                format!("{:.2}x", c / full),
            ),
            None => ["-"; 3].map(String::from).into(),
        };
        println!("{spec:12} {value:>9.2} {full:>10.2} {ig:>11} {ratio:>8} {ratio_full:>12}");
    }
}
