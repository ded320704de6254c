//! Chomp on the trait against the test kit's plain search over drawn
//! boards.

mod common;

use common::Plain;
use grundy::game::{analyse, value, Cache};
use grundy::games::{BoardMove, BoardSpec, Chomp};
use grundy::{Nimber, Outcome};
use grundy_testkit::boards::{chomp_moves, draw, Grid};

/// The row lengths of a Chomp grid (top row first), packed as the
/// library packs them (a byte a row).
fn pack(grid: &Grid) -> u128 {
    grid.iter()
        .map(|row| row.iter().take_while(|&&free| free).count())
        .enumerate()
        .fold(0, |acc, (r, len)| acc | (len as u128) << (8 * r))
}

#[test]
fn every_position_matches_plain_mex() {
    for (r, c) in [(1, 6), (2, 5), (3, 4), (4, 5), (5, 5)] {
        let chomp = Chomp::new(r as u8, c as u8).unwrap();
        let mut plain = Plain::normal(|g: &Grid| chomp_moves(g));
        plain.value(&vec![vec![true; c]; r]);
        let memo = plain.values();
        let mut cache = Cache::new();
        for (grid, &v) in memo {
            assert_eq!(
                value(&chomp, &pack(grid), &mut cache),
                Ok(Nimber(v)),
                "{}",
                draw(grid)
            );
        }
        assert_eq!(
            memo.len(),
            cache.len(),
            "every position of {r}x{c} is solved once"
        );
    }
}

#[test]
fn known_theorems() {
    // Strategy stealing: every rectangle but 1x1 is a first-player win.
    for r in 1..=5u8 {
        for c in 1..=6u8 {
            let s = BoardSpec::parse(&format!("chomp:{r}x{c}")).unwrap().solve();
            let expected = if (r, c) == (1, 1) {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(s.outcome, expected, "{r}x{c}");
        }
    }
    // On a square, biting (1,1) leaves two equal arms, which the first
    // player then mirrors: it is a winning move.
    for n in 2..=6u8 {
        let s = BoardSpec::parse(&format!("chomp:{n}x{n}")).unwrap().solve();
        assert!(
            s.winning_moves.contains(&BoardMove::Bite((1, 1))),
            "{n}x{n}"
        );
    }
    // 2 x n: the P-positions are the rows (a, a - 1), so the only winning
    // move from 2 x n is to bite (1, n - 1).
    for n in 2..=12u8 {
        let chomp = Chomp::new(2, n).unwrap();
        let a = analyse(&chomp, &chomp.start(), &mut Cache::new()).unwrap();
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(Chomp::row_lengths(a.winning_moves[0]), vec![n, n - 1]);
    }
}
