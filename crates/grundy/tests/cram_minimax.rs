//! Cram on the trait (regions split and brought to a canonical form) against
//! a plain search on whole boards that knows nothing of regions or symmetry.

use grundy::game::{analyse, value, Cache, Unsplit};
use grundy::games::{BoardSpec, Cram};
use grundy::{Nimber, Outcome};
use grundy_testkit::boards::{self, Grid};

/// The empty board: every square free.
fn full(rows: usize, cols: usize) -> Grid {
    vec![vec![true; cols]; rows]
}

/// The same board in the library's bitboard (bit (cols + 1) * row +
/// col).
fn bits(board: &Grid) -> u128 {
    let mut bits = 0;
    for (r, row) in board.iter().enumerate() {
        for (c, &free) in row.iter().enumerate() {
            if free {
                bits |= 1 << ((row.len() + 1) * r + c);
            }
        }
    }
    bits
}

#[test]
fn every_position_of_small_boards_matches_plain_mex() {
    for (rows, cols) in [(1, 7), (2, 2), (2, 4), (2, 5), (3, 3), (3, 4), (4, 4)] {
        let cram = Cram::new(rows as u8, cols as u8).unwrap();
        // The test kit's plain search on whole boards, with its own rules of
        // Cram: values by the definition, outcomes by minimax.
        let mut plain = boards::cram();
        plain.value(&full(rows, cols));
        let memo = plain.values();
        let mut cache = Cache::new();
        for (board, &expected) in memo {
            assert_eq!(
                value(&cram, &bits(board), &mut cache),
                Ok(Nimber(expected)),
                "{rows}x{cols}: {}",
                cram.render(bits(board))
            );
        }
        // The canonical forms really are shared: far fewer regions than positions.
        assert!(cache.len() <= memo.len(), "{rows}x{cols}");
    }
}

#[test]
fn start_outcomes_match_minimax() {
    for rows in 1..=4usize {
        for cols in 1..=5usize {
            let cram = Cram::new(rows as u8, cols as u8).unwrap();
            let mut plain = boards::cram();
            let wins = plain.mover_wins(&full(rows, cols));
            let solution = analyse(&cram, &cram.start(), &mut Cache::new()).unwrap();
            assert_eq!(
                solution.outcome,
                Outcome::from_first_player_wins(wins),
                "{rows}x{cols}"
            );
            // Every reported winning move is a legal move to a lost position.
            for m in &solution.winning_moves {
                assert!(cram.domino(cram.start(), *m).is_some());
                let board = unbits(*m, rows, cols);
                assert!(!plain.mover_wins(&board));
            }
        }
    }
}

fn unbits(bits: u128, rows: usize, cols: usize) -> Grid {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| bits >> ((cols + 1) * r + c) & 1 == 1)
                .collect()
        })
        .collect()
}

#[test]
fn split_equals_unsplit_on_3x4() {
    let cram = Cram::new(3, 4).unwrap();
    let start = cram.start();
    assert_eq!(
        value(&cram, &start, &mut Cache::new()),
        value(&Unsplit(&cram), &start, &mut Cache::new())
    );
}

#[test]
fn even_by_even_boards_are_zero_and_spec_solves() {
    // The symmetry strategy (answer every domino by its point reflection)
    // makes every even x even board a second-player win.
    for spec in ["cram:2x2", "cram:2x4", "cram:4x4", "cram:2x6"] {
        let s = BoardSpec::parse(spec).unwrap().solve();
        assert_eq!(s.value, Nimber(0), "{spec}");
        assert!(s.winning_moves.is_empty());
    }
    // Even x odd boards: the first player wins by the central domino and
    // then mirrors, so they are N-positions.
    let s = BoardSpec::parse("cram:4x3").unwrap().solve();
    assert_eq!(s.outcome, Outcome::N);
    assert!(!s.winning_moves.is_empty());
}

#[test]
fn one_row_is_dawsons_kayles() {
    // Cram on 1 x n is Dawson's Kayles (octal game 0.07) on n tokens.
    // G(0..=8) from OEIS A002187 (https://oeis.org/A002187), "Sprague-Grundy
    // values for Dawson's Kayles" (Winning Ways, ch. 4).
    let published = [0, 0, 1, 1, 2, 0, 3, 1, 1];
    for n in 1..=8u8 {
        let cram = Cram::new(1, n).unwrap();
        let v = value(&cram, &cram.start(), &mut Cache::new()).unwrap();
        assert_eq!(v, Nimber(published[n as usize]), "1x{n}");
    }
}
