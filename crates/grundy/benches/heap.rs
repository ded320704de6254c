//! Heap-game engines against the naive reference, timed in the same run.
//!
//! ```sh
//! cargo bench -p grundy --bench heap                 # default sizes
//! cargo bench -p grundy --bench heap -- --kayles 200000 --sub 2000000
//! ```
//!
//! What is measured (wall time of computing G(0..=N), best of `--repeat`):
//!
//! * subtraction games: the bitset engine ("shifted OR", [`sequence`]'s
//!   `bitset`) against the naive mex over the options;
//! * all-but games: the counting engine against the naive one;
//! * Kayles (`0.77`) to N with the period shortcut off: the fast
//!   take-and-break engine against the naive engine (mex over every option
//!   as [`grundy::heap::Leaves`]).
//!
//! The machine this runs on is shared: read the ratios, which are taken in
//! the same run, rather than the absolute times.

use std::time::{Duration, Instant};

use grundy::heap::sequence::{self, EngineKind};
use grundy::heap::HeapRuleset;

fn time(ruleset: &HeapRuleset, kind: EngineKind, n: usize, repeat: usize) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut check = 0;
    for _ in 0..repeat {
        let start = Instant::now();
        let mut e = sequence::engine(ruleset, kind);
        e.extend_to(n);
        let elapsed = start.elapsed();
        // A checksum keeps the work observable and lets the two engines be
        // compared.
        check = (0..=n)
            .step_by(97)
            .fold(0u64, |acc, i| acc.wrapping_mul(31).wrapping_add(e.get(i).0));
        best = best.min(elapsed);
    }
    (best, check)
}

fn row(spec: &str, n: usize, repeat: usize) {
    let ruleset: HeapRuleset = spec.parse().expect("a valid spec");
    let (naive, a) = time(&ruleset, EngineKind::Naive, n, repeat);
    let (fast, b) = time(&ruleset, EngineKind::Fast, n, repeat);
    assert_eq!(a, b, "{spec}: the engines disagree");
    let name = sequence::engine(&ruleset, EngineKind::Fast).name();
    println!(
        "| `{spec}` | {n} | {:.3} | {name} | {:.3} | {:.1}x |",
        naive.as_secs_f64(),
        fast.as_secs_f64(),
        naive.as_secs_f64() / fast.as_secs_f64()
    );
}

fn main() {
    let mut kayles = 50_000;
    let mut sub = 1_000_000;
    let mut allbut = 20_000;
    let mut repeat = 3;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).and_then(|v| v.parse().ok());
        match args[i].as_str() {
            "--kayles" => kayles = value().expect("--kayles N"),
            "--sub" => sub = value().expect("--sub N"),
            "--allbut" => allbut = value().expect("--allbut N"),
            "--repeat" => repeat = value().expect("--repeat N"),
            // `cargo bench` passes `--bench`; ignore flags we do not know.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    println!("| game | N | naive (s) | fast engine | fast (s) | speed-up |");
    println!("|---|---|---|---|---|---|");
    for spec in [
        "sub{1,3,4}",
        "sub{2,5,7,11,13}",
        "sub{1..64}",
        "sub{1..500}",
    ] {
        row(spec, sub, repeat);
    }
    for spec in ["allbut{1,2,3}", "allbut{2,5,9,14}"] {
        row(spec, allbut, repeat);
    }
    row("0.77", kayles, 1);
}
