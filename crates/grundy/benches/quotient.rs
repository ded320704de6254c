//! Misère quotients at growing heap bounds, against MisereSolver (Siegel's
//! Java solver, from CGSuite's source): time, peak memory, order and
//! P-portion of each; then a sum of 10^5 heaps solved from a quotient
//! (linear in the heaps).
//!
//! ```text
//! cargo bench -p grundy --bench quotient [-- SPEC:N ... --runs R --threads T]
//! ```
//!
//! `SPEC:N` arguments (such as `0.07:33 kayles:100`) replace the default cases;
//! `--runs R` runs each case R times, alternating the two solvers, and
//! prints the range; `--threads T` runs grundy on T threads (rayon's pool,
//! through `RAYON_NUM_THREADS`).
//!
//! Each run is a process of its own (this benchmark started again with
//! `--child SPEC:N`, or MisereSolver's JVM), so that its peak memory, the
//! process's peak resident set (`VmHWM`), is its own. Both solvers are
//! timed the same way, inside their own process from the parsed game to
//! the answer, once and with no warm-up run: grundy's time is that of
//! `MisereQuotient::compute`; MisereSolver's that of its construction and
//! its `next()` calls up to the heap bound (its driver measures it, leaving
//! out the JVM's start and the parsing of the code). The `ratio` column is
//! of those two. Beside it, `next()` is MisereSolver's time without its
//! construction (the interval this benchmark timed before, whose ratio is
//! `next ratio`), and `proc` the wall time of each whole process (grundy's
//! includes its start and printing; MisereSolver's the JVM's start, about
//! 0.15 s more), whose ratio is `proc ratio`. The two solvers' orders
//! for every heap bound `0..=N` must agree; the benchmark says so on each
//! row and fails at the end where they do not.
//!
//! MisereSolver is built once, into `target/misere_solver`, by
//! `benches/misere_solver/build.sh` from a checkout of
//! `github.com/aaron-siegel/cgsuite` at `$CGSUITE` (default `.tools/cgsuite`
//! in the repository; nothing is fetched), with `javac`; where either is
//! missing its columns say why and only grundy runs. It solves octal
//! codes only (its stand-in rules), so other games run on grundy alone.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use grundy::misere::MisereQuotient;
use grundy::sum::{HeapSolver, Method};
use grundy::Convention;

/// The issue 50 rows first (each against MisereSolver), then other games.
const CASES: &[(&str, u64)] = &[
    ("kayles", 100),
    ("0.07", 24),
    ("0.07", 27),
    ("0.07", 30),
    ("0.07", 32),
    ("0.07", 33),
    ("0.35", 12),
    ("0.137", 20),
    ("0.75", 30),
    ("sub{1,3,4}", 40),
    ("nim", 16),
    ("kayles", 27),
    ("kayles", 40),
];

/// One run of one solver.
#[derive(Clone, Debug)]
struct Run {
    /// From the parsed game to the answer, inside the process.
    seconds: f64,
    /// MisereSolver: its `next()` calls alone (grundy: `seconds`).
    next: f64,
    /// Wall time of the whole process (MisereSolver: with the JVM's start).
    process: f64,
    peak_kib: u64,
    order: usize,
    p: usize,
    orders: Vec<usize>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--child") {
        child(&args[i + 1]);
        return;
    }
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse::<usize>().expect("a number"))
    };
    let runs = value("--runs").unwrap_or(1).max(1);
    let threads = value("--threads");
    let given: Vec<(String, u64)> = args
        .iter()
        .filter(|a| a.contains(':') && !a.starts_with('-'))
        .map(|a| {
            let (s, n) = a.rsplit_once(':').expect("SPEC:N");
            (s.to_string(), n.parse().expect("a heap bound"))
        })
        .collect();
    let cases: Vec<(String, u64)> = if given.is_empty() {
        CASES.iter().map(|&(s, n)| (s.to_string(), n)).collect()
    } else {
        given
    };
    let solver = misere_solver();
    if let Err(why) = &solver {
        println!("MisereSolver skipped: {why}");
    }
    println!(
        "{runs} run(s) each, alternating; grundy on {} thread(s)",
        threads.map_or_else(|| "the default number of".to_string(), |t| t.to_string())
    );
    println!(
        "{:<11} {:>4} {:>5} {:>4} | {:>17} {:>8} {:>8} | {:>17} {:>17} {:>8} {:>8} | {:>7} {:>7} {:>7} | orders",
        "game",
        "N",
        "|Q|",
        "|P|",
        "grundy s",
        "proc s",
        "peak MB",
        "MisereSolver s",
        "next() s",
        "proc s",
        "peak MB",
        "ratio",
        "next",
        "proc"
    );
    let mut disagreements = vec![];
    for (spec, n) in &cases {
        let game: grundy::heap::HeapRuleset = spec.parse().expect("a heap game");
        let code = game.to_string();
        let octal = code.starts_with("0.") && code[2..].bytes().all(|b| (b'0'..=b'7').contains(&b));
        let mut ours = vec![];
        let mut theirs = vec![];
        let mut skipped = None;
        for _ in 0..runs {
            match (&solver, octal) {
                (Ok(classes), true) => match run_misere_solver(classes, &code, *n) {
                    Ok(run) => theirs.push(run),
                    Err(e) => skipped = Some(e),
                },
                (Err(_), _) => skipped = Some("not built".to_string()),
                (_, false) => skipped = Some("not an octal code".to_string()),
            }
            ours.push(run_grundy(spec, *n, threads));
        }
        let first = &ours[0];
        let (t_ours, p_ours, m_ours) = (
            range(&ours, |r| r.seconds),
            range(&ours, |r| r.process),
            max_mb(&ours),
        );
        let (their_cols, ratio, agree) = if theirs.is_empty() {
            (
                format!(
                    "{:>17} {:>17} {:>8} {:>8}",
                    skipped.unwrap_or_default(),
                    "",
                    "",
                    ""
                ),
                format!("{:>7} {:>7} {:>7}", "", "", ""),
                String::new(),
            )
        } else {
            let agree = theirs.iter().all(|r| r.orders == first.orders)
                && ours.iter().all(|r| r.orders == first.orders);
            if !agree {
                disagreements.push(format!(
                    "{spec}:{n}: grundy {:?}, MisereSolver {:?}",
                    first.orders, theirs[0].orders
                ));
            }
            let ratio =
                |f: fn(&Run) -> f64| format!("{:.1}x", median(&theirs, f) / median(&ours, f));
            (
                format!(
                    "{:>17} {:>17} {:>8} {:>8}",
                    range(&theirs, |r| r.seconds),
                    range(&theirs, |r| r.next),
                    range(&theirs, |r| r.process),
                    max_mb(&theirs)
                ),
                format!(
                    "{:>7} {:>7} {:>7}",
                    ratio(|r| r.seconds),
                    ratio(|r| r.next),
                    ratio(|r| r.process)
                ),
                if agree { "agree" } else { "DIFFER" }.to_string(),
            )
        };
        println!(
            "{spec:<11} {n:>4} {:>5} {:>4} | {t_ours:>17} {p_ours:>8} {m_ours:>8} | {their_cols} | {ratio} | {agree}",
            first.order, first.p
        );
    }
    sum_of_many_heaps();
    if !disagreements.is_empty() {
        eprintln!("the two solvers' orders differ:");
        for d in &disagreements {
            eprintln!("  {d}");
        }
        std::process::exit(1);
    }
}

/// `--child SPEC:N`: computes one quotient and prints `order p seconds
/// peak_kib orders…`.
fn child(case: &str) {
    let (spec, n) = case.rsplit_once(':').expect("SPEC:N");
    let game = spec.parse().expect("a heap game");
    let n: u64 = n.parse().expect("a heap bound");
    let start = Instant::now();
    let q = MisereQuotient::compute(&game, n).expect("the quotient");
    let seconds = start.elapsed().as_secs_f64();
    let orders: Vec<String> = q.orders().iter().map(|o| o.to_string()).collect();
    println!(
        "{} {} {seconds:.6} {} {}",
        q.order(),
        q.p_portion().len(),
        peak_kib(),
        orders.join(" ")
    );
}

fn run_grundy(spec: &str, n: u64, threads: Option<usize>) -> Run {
    let mut cmd = Command::new(std::env::current_exe().expect("this benchmark"));
    cmd.arg("--child").arg(format!("{spec}:{n}"));
    if let Some(t) = threads {
        cmd.env("RAYON_NUM_THREADS", t.to_string());
    }
    let start = Instant::now();
    let out = cmd.output().expect("the benchmark runs itself");
    let process = start.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{spec}:{n}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let seconds = fields[2].parse().expect("seconds");
    Run {
        order: fields[0].parse().expect("order"),
        p: fields[1].parse().expect("|P|"),
        seconds,
        next: seconds,
        peak_kib: fields[3].parse().expect("peak"),
        orders: fields[4..]
            .iter()
            .map(|o| o.parse().expect("order"))
            .collect(),
        process,
    }
}

fn run_misere_solver(classes: &Path, code: &str, n: u64) -> Result<Run, String> {
    let start = Instant::now();
    let out = Command::new("java")
        .arg("-cp")
        .arg(classes)
        .arg("Driver")
        .arg(code)
        .arg(n.to_string())
        .output()
        .map_err(|e| format!("java: {e}"))?;
    let process = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("failed");
        return Err(line.chars().take(40).collect());
    }
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(str::trim)
            .ok_or_else(|| format!("no {name} in the driver's output"))
    };
    let num = |name: &str| -> Result<f64, String> {
        field(name)?
            .parse::<f64>()
            .map_err(|e| format!("{name} {e}"))
    };
    Ok(Run {
        seconds: num("seconds:")?,
        next: num("next-seconds:")?,
        process,
        peak_kib: num("peak-kib:")? as u64,
        order: num("order:")? as usize,
        p: num("p-portion:")? as usize,
        orders: field("orders:")?
            .split_whitespace()
            .map(|o| o.parse().expect("an order"))
            .collect(),
    })
}

/// The folder of MisereSolver's classes, built if needed, or why not.
fn misere_solver() -> Result<PathBuf, String> {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let runs = |tool: &str| {
        Command::new(tool)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !runs("java") || !runs("javac") {
        return Err("java or javac not found (install a JDK, e.g. openjdk-17-jdk-headless)".into());
    }
    let source = std::env::var_os("CGSUITE")
        .map(PathBuf::from)
        .unwrap_or_else(|| here.join("../../.tools/cgsuite"));
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| here.join("../../target"));
    let out = target.join("misere_solver");
    let driver = out.join("classes/Driver.class");
    let scripts = here.join("benches/misere_solver");
    if is_older(&driver, &scripts) {
        if !source.join("lib/core").is_dir() {
            return Err(format!(
                "no CGSuite checkout at {} (set CGSUITE to a checkout of github.com/aaron-siegel/cgsuite)",
                source.display()
            ));
        }
        let status = Command::new("sh")
            .arg(scripts.join("build.sh"))
            .arg(&source)
            .arg(&out)
            .status()
            .map_err(|e| format!("build.sh: {e}"))?;
        if !status.success() {
            return Err("build.sh failed (its message is above)".into());
        }
    }
    Ok(out.join("classes"))
}

/// Whether `file` is missing or older than any file under `dir`.
fn is_older(file: &Path, dir: &Path) -> bool {
    let Ok(built) = file.metadata().and_then(|m| m.modified()) else {
        return true;
    };
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t > built)
            {
                return true;
            }
        }
    }
    false
}

/// The process's peak resident memory in KiB (`VmHWM`), 0 where unknown.
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// `min–max` of a measure over runs (one value for one run).
fn range(runs: &[Run], f: impl Fn(&Run) -> f64) -> String {
    let lo = runs.iter().map(&f).fold(f64::INFINITY, f64::min);
    let hi = runs.iter().map(&f).fold(0.0, f64::max);
    if runs.len() == 1 || format!("{lo:.3}") == format!("{hi:.3}") {
        format!("{lo:.3}")
    } else {
        format!("{lo:.3}–{hi:.3}")
    }
}

fn median(runs: &[Run], f: impl Fn(&Run) -> f64) -> f64 {
    let mut v: Vec<f64> = runs.iter().map(f).collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn max_mb(runs: &[Run]) -> String {
    let kib = runs.iter().map(|r| r.peak_kib).max().unwrap_or(0);
    format!("{:.1}", kib as f64 / 1024.0)
}

/// A sum of 10^5 heaps of Dawson's Kayles up to 20, once the quotient is
/// known (the solver computes it when prepared): outcome and every winning
/// move.
fn sum_of_many_heaps() {
    let heaps: Vec<u64> = (0..100_000u64).map(|i| (i * 7 + 3) % 21).collect();
    let dawson = "0.07".parse().expect("spec");
    let solver = HeapSolver::new(&dawson, Convention::Misere, &heaps).expect("quotient");
    assert_eq!(solver.method(), Method::Quotient);
    let start = Instant::now();
    let answer = solver.solve(&heaps, 10).expect("heaps up to 20");
    println!(
        "0.07 misère sum of {} heaps up to 20: outcome {}, {} winning moves, {:.1} ms",
        heaps.len(),
        answer.outcome,
        answer.total_winning_moves,
        start.elapsed().as_secs_f64() * 1e3
    );
}
