//! Cram start positions solved by the trait solver (`grundy::game::analyse`
//! on `grundy::games::Cram`): time, positions cached, and the value found.
//!
//! Run: `cargo bench -p grundy --bench cram [-- 4x5 5x5 5x6 6x6]`
//!
//! What it compares: the same solver on growing boards (the cost is the
//! number of distinct canonical regions, which the output reports). The
//! even-by-even boards must come out `*0` (symmetry strategy), which the
//! bench checks.

use std::time::Instant;

mod common;
use common::cpu_seconds;
use grundy::game::{analyse, Cache};
use grundy::games::Cram;

fn main() {
    let boards: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let boards = if boards.is_empty() {
        ["4x5", "5x5", "5x6", "6x6"].map(String::from).to_vec()
    } else {
        boards
    };
    println!("board  value  winning moves  cached regions  wall       CPU");
    for board in boards {
        let (r, c) = board.split_once('x').expect("boards are given as RxC");
        let cram = Cram::new(r.parse().unwrap(), c.parse().unwrap()).expect("1..=8 x 1..=8");
        let mut cache = Cache::new();
        let start = Instant::now();
        let cpu = cpu_seconds();
        let report = analyse(&cram, &cram.start(), &mut cache).expect("Cram is acyclic");
        let elapsed = start.elapsed();
        let cpu = cpu_seconds() - cpu;
        if cram.rows().is_multiple_of(2) && cram.cols().is_multiple_of(2) {
            assert!(report.value.is_zero(), "even x even Cram must be *0");
        }
        println!(
            "{board:5}  {:5}  {:13}  {:14}  {:7.3} s  {cpu:7.2} s",
            report.value.to_string(),
            report.winning_moves.len(),
            cache.len(),
            elapsed.as_secs_f64()
        );
    }
}
