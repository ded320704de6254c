//! The one heap solver against the definition: every method it chooses
//! (Bouton's formula, Grundy values, the misère search, the misère
//! quotient) gives the outcome and the exact set of winning moves of an
//! exhaustive search that knows none of them.

use std::collections::HashSet;

use grundy::heap::HeapRuleset;
use grundy::sum::{HeapSolver, Method};
use grundy::{Convention, Outcome};

mod common;
use common::Sums;

/// The same sums every run.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn check(solver: &HeapSolver, brute: &mut Sums<'_>, heaps: &[u64]) {
    let answer = solver.solve(heaps, usize::MAX).unwrap();
    let game = solver.ruleset();
    let expected = Outcome::from_first_player_wins(brute.mover_wins(heaps));
    assert_eq!(answer.outcome, expected, "{game} {heaps:?}");
    assert_eq!(solver.outcome(heaps).unwrap(), expected, "{game} {heaps:?}");
    let moves: HashSet<(usize, Vec<u64>)> = answer
        .winning_moves
        .iter()
        .map(|m| (m.heap, m.leaves.as_slice().to_vec()))
        .collect();
    let want = brute.winning_moves(heaps);
    assert_eq!(moves, want, "{game} {:?} {heaps:?}", solver.convention());
    assert_eq!(answer.total_winning_moves, want.len() as u128);
}

#[test]
fn every_method_agrees_with_the_definition() {
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    for spec in [
        "nim",
        "kayles",
        "0.07",
        "sub{1,3,4}",
        "grundy-game",
        "0.137",
    ] {
        let game: HeapRuleset = spec.parse().unwrap();
        for convention in [Convention::Normal, Convention::Misere] {
            let mut brute = match convention {
                Convention::Normal => common::brute_normal(&game),
                Convention::Misere => common::brute_misere(&game),
            };
            for _ in 0..40 {
                let count = 1 + rng.below(4) as usize;
                let heaps: Vec<u64> = (0..count).map(|_| rng.below(11)).collect();
                let solver = HeapSolver::new(&game, convention, &heaps).unwrap();
                let expected = match (spec, convention) {
                    ("nim", _) => Method::Nim,
                    (_, Convention::Normal) => Method::Values,
                    _ => Method::Search,
                };
                assert_eq!(solver.method(), expected);
                check(&solver, &mut brute, &heaps);
            }
        }
    }
}

/// Past the search's 48 tokens the quotient answers; its sums and every
/// sum reachable from them (here, sums of at most 30 tokens drawn from
/// heaps up to 14, which the brute force can still search) agree.
#[test]
fn the_quotient_agrees_with_the_definition_on_the_sums_below_it() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    for spec in ["kayles", "0.07", "0.75"] {
        let game: HeapRuleset = spec.parse().unwrap();
        let solver = HeapSolver::new(&game, Convention::Misere, &[14, 14, 14, 14]).unwrap();
        assert_eq!(solver.method(), Method::Quotient);
        let mut brute = common::brute_misere(&game);
        for _ in 0..60 {
            let count = 1 + rng.below(4) as usize;
            let heaps: Vec<u64> = (0..count).map(|_| rng.below(15)).collect();
            if heaps.iter().sum::<u64>() <= 30 {
                check(&solver, &mut brute, &heaps);
            }
        }
    }
}
