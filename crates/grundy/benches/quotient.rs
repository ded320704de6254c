//! Misère quotients at growing heap bounds: time and order of each, and a
//! sum of 10^5 heaps solved from a quotient (linear in the heaps).
//!
//! `cargo bench -p grundy --bench quotient` (add game specs and bounds as
//! `SPEC:N` arguments to run others, e.g. `-- kayles:26`).
//!
//! MisereSolver (Siegel, Java) is the reference users know; it is not
//! packaged for this machine, so the figures stand alone.

use std::time::Instant;

use grundy::misere::MisereQuotient;
use grundy::sum::{HeapSolver, Method};
use grundy::Convention;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.contains(':') && !a.starts_with('-'))
        .collect();
    let cases: Vec<(String, u64)> = if args.is_empty() {
        [
            ("0.75", 30),
            ("sub{1,3,4}", 40),
            ("nim", 16),
            ("0.137", 20),
            ("0.07", 12),
            ("0.07", 16),
            ("0.07", 20),
            ("0.07", 24),
            ("0.07", 27),
            ("0.07", 30),
            ("0.07", 32),
            ("0.07", 33),
            ("kayles", 20),
            ("kayles", 26),
            ("kayles", 27),
            ("kayles", 40),
            ("kayles", 100),
        ]
        .iter()
        .map(|&(s, n)| (s.to_string(), n))
        .collect()
    } else {
        args.iter()
            .map(|a| {
                let (s, n) = a.rsplit_once(':').expect("SPEC:N");
                (s.to_string(), n.parse().expect("a heap bound"))
            })
            .collect()
    };
    println!(
        "{:<12} {:>5} {:>6} {:>4} {:>10}",
        "game", "N", "|Q|", "|P|", "time"
    );
    for (spec, n) in &cases {
        let game = spec.parse().expect("a heap game");
        let start = Instant::now();
        match MisereQuotient::compute(&game, *n) {
            Ok(q) => println!(
                "{spec:<12} {n:>5} {:>6} {:>4} {:>9.3}s",
                q.order(),
                q.p_portion().len(),
                start.elapsed().as_secs_f64()
            ),
            Err(e) => println!(
                "{spec:<12} {n:>5} {e} ({:.1}s)",
                start.elapsed().as_secs_f64()
            ),
        }
    }
    // A sum of 10^5 heaps of Dawson's Kayles up to 20, once the quotient is
    // known (the solver computes it when prepared): outcome and every
    // winning move.
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
