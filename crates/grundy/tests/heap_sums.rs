//! Property tests for sums of heaps: the Sprague–Grundy theorem checked
//! against an exhaustive game-tree search, and the suggested moves.

use grundy::heap::HeapRuleset;
use grundy::sum::{HeapSolver, SumError};
use grundy::{Budget, Convention, Nimber, Outcome};
use proptest::prelude::*;

mod common;

/// Normal play of `heaps` from at most `max` values (a table, or a
/// proved period for larger heaps).
fn solver(ruleset: &HeapRuleset, heaps: &[u64], max: u64) -> Result<HeapSolver, SumError> {
    let budget = Budget {
        max_values: Some(max),
        ..Budget::default()
    };
    HeapSolver::of(ruleset, Convention::Normal)
        .budget(budget)
        .prepare(heaps)
}

const GAMES: [&str; 6] = [
    "0.77",
    "0.07",
    "sub{1,3,4}",
    "grundy-game",
    "half",
    "allbut{2}",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn outcome_is_the_nim_sum(game in 0..GAMES.len(), heaps in proptest::collection::vec(0u64..9, 1..4)) {
        let ruleset = HeapRuleset::parse(GAMES[game]).unwrap();
        let solver = solver(&ruleset, &heaps, 1000).unwrap();
        let answer = solver.solve(&heaps, usize::MAX).unwrap();
        let mut brute = common::brute_normal(&ruleset);
        prop_assert_eq!(answer.outcome, Outcome::from_first_player_wins(brute.mover_wins(&heaps)));
        // Every listed move leaves a second-player win, and every move that
        // does is listed.
        let expected = brute.winning_moves(&heaps);
        let listed: std::collections::HashSet<(usize, Vec<u64>)> = answer
            .winning_moves
            .iter()
            .map(|m| (m.heap, m.leaves.as_slice().to_vec()))
            .collect();
        prop_assert_eq!(&listed, &expected);
        let winning = expected.len();
        prop_assert_eq!(answer.total_winning_moves, winning as u128);
    }

    #[test]
    fn moves_from_huge_heaps_reach_zero(h in 1_000_000u64..u64::MAX / 2, small in 0u64..40) {
        for spec in ["0.77", "0.07", "0.137", "sub{1,3,4}"] {
            let ruleset = HeapRuleset::parse(spec).unwrap();
            let solver = solver(&ruleset, &[h, small], 1 << 16).unwrap();
            let answer = solver.solve(&[h, small], 10).unwrap();
            let total = solver.value(h).unwrap() + solver.value(small).unwrap();
            prop_assert_eq!(answer.outcome == Outcome::N, !total.is_zero());
            prop_assert_eq!(answer.winning_moves.is_empty(), total.is_zero());
            for m in &answer.winning_moves {
                let other = if m.heap == 0 { small } else { h };
                let left: Nimber = m.leaves.as_slice().iter().map(|&x| solver.value(x).unwrap()).sum();
                prop_assert!((left + solver.value(other).unwrap()).is_zero());
            }
        }
    }
}
