//! Your own game in 30 lines: implement `ImpartialGame`, ask the solver.
use grundy::game::{analyse, Cache, ImpartialGame};

/// Rows of coins; a move removes one coin, which may split its row in two.
struct PickACoin;

impl ImpartialGame for PickACoin {
    type Position = Vec<u32>; // the row lengths

    fn moves(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &n) in rows.iter().enumerate() {
            for k in 0..n {
                // Remove coin k of row i: rows of k and n - 1 - k coins remain.
                let mut next = rows.clone();
                next.remove(i);
                next.extend([k, n - 1 - k].into_iter().filter(|&len| len > 0));
                out.push(next);
            }
        }
    }

    // Rows are independent games: the solver values each length once.
    fn components(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.extend(rows.iter().map(|&n| vec![n]));
    }
}

fn main() {
    let mut cache = Cache::new();
    let report = analyse(&PickACoin, &vec![3, 4, 6], &mut cache).expect("no cycles");
    println!("value {}, outcome {}", report.value, report.outcome);
    println!("winning moves: {:?}", report.winning_moves);
}
