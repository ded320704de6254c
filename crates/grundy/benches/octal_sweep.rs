//! The octal sweep: grundy's take-and-break engine against `ogsolve`
//! (method `rc2`) on a broad, fixed sample of codes, each pair of runs in
//! the same process run, one after the other.
//!
//! The sample: every two-digit code `0.d1d2` (64), a hundred distinct
//! three-digit codes `0.d1d2d3` (`d3 != 0`) drawn by a seeded generator
//! (the same hundred on every run), and the hard games of the literature
//! (0.354, 0.376, 0.156, 0.165, 0.644, 0.127, 0.16, 0.56) with the unsolved
//! 0.6, 0.14, 0.36, 0.64, 0.74, 0.76 and 0.037.
//!
//! ```text
//! cargo bench -p grundy --bench octal_sweep -- 200000 1000000   # the sizes
//! cargo bench -p grundy --bench octal_sweep -- 200000 --cap 30  # seconds per run
//! cargo bench -p grundy --bench octal_sweep -- 200000 --codes 0.354,0.76
//! ```
//!
//! Each run is a child process (grundy's is this benchmark started again
//! with `one CODE N`), so both sides pay a process start and both can be
//! stopped at the cap. A run stopped at the cap is reported as `>cap`, and
//! the ratio then as a bound. Both programs report `G(n)`, and the sweep
//! checks that they agree. The last lines list the slowest ten ratios.
//! `ogsolve` is looked for by `common::find_ogsolve` (`$OGSOLVE`,
//! `.tools/bin/ogsolve`, `PATH`).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::find_ogsolve;
use grundy::heap::{SparseOctal, TakeBreak};

/// The named games: hard solved ones, then unsolved ones.
const NAMED: [&str; 15] = [
    "0.354", "0.376", "0.156", "0.165", "0.644", "0.127", "0.16", "0.56", "0.6", "0.14", "0.36",
    "0.64", "0.74", "0.76", "0.037",
];

/// The fixed sample, in order: two-digit codes, a seeded hundred
/// three-digit codes, the named games (codes already listed are not
/// repeated).
fn sample() -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    for d1 in 0..8 {
        for d2 in 0..8 {
            codes.push(format!("0.{d1}{d2}"));
        }
    }
    let mut x: u64 = 0x0C7A_1517;
    let mut three = Vec::new();
    while three.len() < 100 {
        // 64-bit LCG (Knuth's MMIX constants); the high bits pick the code.
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let d = (x >> 40) % 448; // d3 in 1..8
        let code = format!("0.{}{}{}", d / 56, d / 7 % 8, d % 7 + 1);
        if !three.contains(&code) {
            three.push(code);
        }
    }
    codes.extend(three);
    for c in NAMED {
        if !codes.iter().any(|x| x == c) {
            codes.push(c.to_string());
        }
    }
    codes
}

/// How one program's run ended.
enum Run {
    Done { secs: f64, value: u64 },
    Capped,
    Failed(String),
}

/// Runs `cmd` to the end or until `cap`, and reads the `G(n)` that `parse`
/// finds in its output.
fn timed(mut cmd: Command, cap: Duration, parse: impl Fn(&str) -> Option<u64>) -> Run {
    let start = Instant::now();
    let mut child = match cmd.stdout(Stdio::piped()).stderr(Stdio::null()).spawn() {
        Ok(c) => c,
        Err(e) => return Run::Failed(format!("did not start: {e}")),
    };
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let secs = start.elapsed().as_secs_f64();
                let mut out = String::new();
                if let Some(mut s) = child.stdout.take() {
                    let _ = s.read_to_string(&mut out);
                }
                if !status.success() {
                    return Run::Failed(format!("exit {status}"));
                }
                return match parse(&out) {
                    Some(value) => Run::Done { secs, value },
                    None => Run::Failed("no G(n) in the output".into()),
                };
            }
            Ok(None) if start.elapsed() > cap => {
                let _ = child.kill();
                let _ = child.wait();
                return Run::Capped;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Run::Failed(e.to_string()),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [one, code, n] = &args[..] {
        if one == "one" {
            // A child: compute G(0..=n) and print G(n).
            let tb = TakeBreak::parse(code).expect("a valid code");
            let n: usize = n.parse().expect("a heap size");
            let mut e = SparseOctal::new(&tb);
            e.extend_to(n);
            println!("G(n) = {} {:?}", e.get(n).0, e.stats());
            return;
        }
    }
    let mut sizes: Vec<usize> = Vec::new();
    let mut cap = Duration::from_secs(60);
    let mut only: Option<Vec<String>> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cap" => {
                let s: f64 = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .expect("--cap SECONDS");
                cap = Duration::from_secs_f64(s);
            }
            "--codes" => {
                let list = it.next().expect("--codes A,B,...");
                only = Some(list.split(',').map(str::to_string).collect());
            }
            "--bench" => {}
            _ => {
                if let Ok(n) = a.parse() {
                    sizes.push(n);
                }
            }
        }
    }
    if sizes.is_empty() {
        sizes = vec![200_000, 1_000_000];
    }
    let codes = only.unwrap_or_else(sample);
    let Some(ogsolve) = find_ogsolve() else {
        println!("ogsolve not found ($OGSOLVE, .tools/bin/ogsolve, PATH): nothing to compare");
        return;
    };
    let me = std::env::current_exe().expect("the benchmark's own path");
    let capped = format!(">{:.0}", cap.as_secs_f64());
    println!("| code | n | grundy s | ogsolve s | ratio | G(n) |");
    println!("|---|---:|---:|---:|---:|---|");
    let mut ratios: Vec<(f64, String, usize, bool)> = Vec::new();
    for &n in &sizes {
        for code in &codes {
            let mut ours = Command::new(&me);
            ours.args(["one", code, &n.to_string()]);
            let ours = timed(ours, cap, |out| {
                out.split("G(n) = ")
                    .nth(1)?
                    .split_whitespace()
                    .next()?
                    .parse()
                    .ok()
            });
            let mut theirs = Command::new(&ogsolve);
            theirs.args(["-m", "rc2", "-n", &n.to_string(), code]);
            let key = format!("nimber of {n}: ");
            let theirs = timed(theirs, cap, |out| {
                out.split(&key)
                    .nth(1)?
                    .split_whitespace()
                    .next()?
                    .parse()
                    .ok()
            });
            let show = |r: &Run| match r {
                Run::Done { secs, .. } => format!("{secs:.3}"),
                Run::Capped => capped.clone(),
                Run::Failed(e) => format!("failed ({e})"),
            };
            let (ratio, value) = match (&ours, &theirs) {
                (Run::Done { secs: a, value: x }, Run::Done { secs: b, value: y }) => {
                    let agree = if x == y {
                        format!("{x}")
                    } else {
                        format!("DISAGREE {x} {y}")
                    };
                    ratios.push((b / a, code.clone(), n, false));
                    (format!("{:.1}x", b / a), agree)
                }
                (Run::Done { secs: a, value: x }, Run::Capped) => {
                    let r = cap.as_secs_f64() / a;
                    ratios.push((r, code.clone(), n, true));
                    (format!(">{r:.1}x"), format!("{x}"))
                }
                (Run::Capped, Run::Done { secs: b, .. }) => {
                    let r = b / cap.as_secs_f64();
                    ratios.push((r, code.clone(), n, true));
                    (format!("<{r:.2}x"), "-".into())
                }
                _ => ("-".into(), "-".into()),
            };
            println!(
                "| `{code}` | {n} | {} | {} | {ratio} | {value} |",
                show(&ours),
                show(&theirs)
            );
        }
    }
    ratios.sort_by(|a, b| a.0.total_cmp(&b.0));
    println!();
    println!("slowest ten ratios (ogsolve time / grundy time; a bound where a run hit the cap):");
    for (r, code, n, bound) in ratios.iter().take(10) {
        println!(
            "  {code} at {n}: {r:.2}x{}",
            if *bound { " (bound)" } else { "" }
        );
    }
    let exact: Vec<f64> = ratios.iter().map(|r| r.0).collect();
    if !exact.is_empty() {
        println!(
            "median ratio {:.1}x over {} runs; below 1: {}",
            exact[exact.len() / 2],
            exact.len(),
            exact.iter().filter(|&&r| r < 1.0).count()
        );
    }
}
