//! Speed of the take-and-break engines, compared in the same run with
//! `ogsolve` (method `rc2`, the published octal-game solver) and with the
//! naive engine.
//!
//! Run with `cargo bench -p grundy --bench octal_speed` (add `-- quick` for
//! the small cases only; `-- proof 0.1777 500000000` times one period
//! search, as `grundy period 0.1777 --max 500000000` runs it). `ogsolve` is looked for in `$OGSOLVE`, then in
//! `.tools/bin/ogsolve` at the workspace root, then on `PATH`; when it is
//! missing, its rows say so and are skipped. Install it with
//! `cargo install --root .tools ogsolve`.
//!
//! Timings are wall-clock seconds of one run each; ratios are what to read,
//! since both programs ran on the same machine a moment apart.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

mod common;
use common::find_ogsolve;
use grundy::heap::period::Analysis;
use grundy::heap::{HeapRuleset, SparseOctal, TakeBreak};
use grundy::Nimber;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let quick = args.iter().any(|a| a == "quick");
    if let [proof, code, max] = &args[..] {
        // `-- proof CODE MAX`: the period search of `grundy period CODE
        // --max MAX`, with its time and the process's peak memory.
        if let (true, Ok(ruleset), Ok(max)) = (
            proof == "proof",
            code.parse::<HeapRuleset>(),
            max.parse::<u64>(),
        ) {
            let start = Instant::now();
            let analysis = Analysis::of(&ruleset)
                .max(max)
                .checked()
                .run()
                .expect("within the memory limit");
            let secs = start.elapsed().as_secs_f64();
            let computed = analysis.periodicity.checked_to + 1;
            println!(
                "{code} --max {max}: {:?} from {computed} values in {secs:.1} s ({:.2} M values/s), peak memory {}",
                analysis.period(),
                computed as f64 / secs / 1e6,
                peak_memory()
            );
            return;
        }
    }
    if let [step, code, n] = &args[..] {
        // `-- step CODE N`: grow one heap size per call, as a prover might.
        if let (true, Ok(tb), Ok(n)) = (step == "step", TakeBreak::parse(code), n.parse::<usize>())
        {
            let start = Instant::now();
            let mut engine = SparseOctal::new(&tb);
            for m in 1..=n {
                engine.extend_to(m);
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{code} to {n} one heap size per call: {secs:.3} s, {:?}",
                engine.stats()
            );
            return;
        }
    }
    if let [code, n] = &args[..] {
        // One case, grundy only: `-- 0.6 1048576`, for profiling.
        if let (Ok(tb), Ok(n)) = (TakeBreak::parse(code), n.parse::<usize>()) {
            let start = Instant::now();
            let mut engine = SparseOctal::new(&tb);
            if let Ok(t) = std::env::var("GRUNDY_THREADS") {
                engine.set_threads(t.parse().unwrap_or(1));
            }
            // GRUNDY_NO_PERIOD=1: compute every value even once a period is
            // proved, to see what a game with no period would cost.
            if std::env::var_os("GRUNDY_NO_PERIOD").is_some() {
                engine.set_period_shortcut(false);
            }
            engine.extend_to(n);
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{code} to {n}: {secs:.3} s, G(n) = {}, {:?}",
                engine.get(n).0,
                engine.stats()
            );
            return;
        }
    }
    let ogsolve = find_ogsolve();
    if ogsolve.is_none() {
        println!(
            "ogsolve not found ($OGSOLVE, .tools/bin/ogsolve, PATH): its columns are skipped; \
             install it with `cargo install --root .tools ogsolve`"
        );
    }
    println!(
        "{:<8} {:>10} {:>12} {:>12} {:>9}  notes",
        "game", "n", "grundy s", "ogsolve s", "ratio"
    );
    let mut cases: Vec<(&str, usize)> = vec![("0.156", 7_300), ("0.16", 360_000)];
    if !quick {
        cases.extend([("0.56", 653_000), ("0.6", 1 << 20), ("0.6", 1 << 22)]);
    }
    for (code, n) in cases {
        let tb = TakeBreak::parse(code).expect("a valid code");
        let start = Instant::now();
        let mut engine = SparseOctal::new(&tb);
        engine.extend_to(n);
        let ours = start.elapsed().as_secs_f64();
        let stats = engine.stats();
        let notes = format!(
            "G(n)={} max={} rare={:?} dense={:?} rebuilds={} scans={}",
            engine.get(n).0,
            engine.max_value().0,
            stats.rare,
            stats.dense,
            stats.rebuilds,
            stats.scans
        );
        match &ogsolve {
            Some(path) => match run_ogsolve(path, code, n) {
                Ok((theirs, value)) => {
                    let agree = if value == engine.get(n) {
                        "agree"
                    } else {
                        "DISAGREE"
                    };
                    println!(
                        "{code:<8} {n:>10} {ours:>12.3} {theirs:>12.3} {:>8.1}x  {notes} ogsolve G(n)={} {agree}",
                        theirs / ours,
                        value.0
                    );
                }
                Err(e) => println!(
                    "{code:<8} {n:>10} {ours:>12.3} {:>12} {:>9}  {notes} ({e})",
                    "-", "-"
                ),
            },
            None => println!(
                "{code:<8} {n:>10} {ours:>12.3} {:>12} {:>9}  {notes}",
                "skipped", "-"
            ),
        }
    }
    // What the second core buys: the same run with one thread and with
    // every thread of rayon's pool, one after the other.
    if !quick {
        let tb = TakeBreak::parse("0.6").expect("a valid code");
        let n = 1 << 20;
        let mut secs = [0.0; 2];
        for (i, threads) in [1, 0].into_iter().enumerate() {
            let start = Instant::now();
            let mut engine = SparseOctal::new(&tb);
            if threads > 0 {
                engine.set_threads(threads);
            }
            engine.extend_to(n);
            secs[i] = start.elapsed().as_secs_f64();
        }
        println!(
            "0.6 to 2^20: one thread {:.3} s, all threads {:.3} s: the other cores give {:.2}x",
            secs[0],
            secs[1],
            secs[0] / secs[1]
        );
    }
    // Kayles against the naive engine (no period shortcut: every value is
    // computed by both).
    let n = if quick { 20_000 } else { 200_000 };
    let tb = TakeBreak::parse("0.77").expect("a valid code");
    let start = Instant::now();
    let mut engine = SparseOctal::new(&tb);
    // Every value computed, not copied from the period proved at n = 168.
    engine.set_period_shortcut(false);
    engine.extend_to(n);
    let ours = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let naive = tb.naive_values(n);
    let theirs = start.elapsed().as_secs_f64();
    let agree = naive.iter().enumerate().all(|(i, &v)| engine.get(i) == v);
    println!(
        "{:<8} {n:>10} {ours:>12.3} {theirs:>12.3} {:>8.1}x  against the naive engine; values {}",
        "0.77",
        theirs / ours,
        if agree { "agree" } else { "DISAGREE" }
    );
}

/// Wall-clock seconds of `ogsolve -m rc2 -n N CODE`, and the G(N) it reports.
fn run_ogsolve(path: &PathBuf, code: &str, n: usize) -> Result<(f64, Nimber), String> {
    let start = Instant::now();
    let out = Command::new(path)
        .args(["-m", "rc2", "-n", &n.to_string(), code])
        .output()
        .map_err(|e| format!("ogsolve did not run: {e}"))?;
    let secs = start.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(format!(
            "ogsolve failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let key = format!("nimber of {n}: ");
    let value = text
        .split(&key)
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("no \"{key}\" in ogsolve's output"))?;
    Ok((secs, Nimber(value)))
}

/// The process's peak resident memory (`VmHWM` of `/proc/self/status`), or
/// "unknown" where there is no such file.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".into())
}
