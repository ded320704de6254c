//! Bouton's theorem and the misère rule, checked against a plain minimax
//! search that knows nothing of nim-sums: for every position of up to 4
//! heaps of size at most 7, under both conventions, the outcome and the
//! exact set of winning moves must agree with `grundy::nim::analyse`.

use std::collections::BTreeSet;

mod common;

use common::Plain;

use grundy::nim::{analyse, BigUint};
use grundy::{Convention, Outcome};

/// Nim's rule, and nothing else: take any number of tokens from one heap
/// (heaps keep their places, so that moves can be named by heap).
fn moves(pos: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![];
    for i in 0..pos.len() {
        for to in 0..pos[i] {
            let mut next = pos.to_vec();
            next[i] = to;
            out.push(next);
        }
    }
    out
}

/// The test kit's minimax on Nim: it knows nothing of nim-sums.
type Minimax = Plain<Vec<u8>, fn(&Vec<u8>) -> Vec<Vec<u8>>>;

/// [`moves`] as [`Plain`] takes it.
fn moves_of(pos: &Vec<u8>) -> Vec<Vec<u8>> {
    moves(pos)
}

/// Every move (heap, from, to) after which the opponent loses.
fn winning_moves(pos: &[u8], plain: &mut Minimax) -> BTreeSet<(usize, u64, u64)> {
    let mut found = BTreeSet::new();
    for i in 0..pos.len() {
        for to in 0..pos[i] {
            let mut next = pos.to_vec();
            next[i] = to;
            if !plain.mover_wins(&next) {
                found.insert((i, u64::from(pos[i]), u64::from(to)));
            }
        }
    }
    found
}

/// Every position of `len` heaps of sizes 0..=max.
fn positions(len: usize, max: u8) -> Vec<Vec<u8>> {
    let mut all = vec![vec![]];
    for _ in 0..len {
        all = all
            .into_iter()
            .flat_map(|p| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
    }
    all
}

#[test]
fn every_small_position_matches_minimax() {
    let mut checked = 0;
    for (convention, misere) in [(Convention::Normal, false), (Convention::Misere, true)] {
        let mut plain: Minimax = if misere {
            Plain::misere(moves_of)
        } else {
            Plain::normal(moves_of)
        };
        for len in 0..=4 {
            for pos in positions(len, 7) {
                let heaps: Vec<u64> = pos.iter().map(|&h| u64::from(h)).collect();
                let a = analyse(&heaps, convention);
                let want_outcome = Outcome::from_first_player_wins(plain.mover_wins(&pos));
                assert_eq!(a.outcome, want_outcome, "{convention} {heaps:?}");
                let got: BTreeSet<_> = a
                    .winning_moves
                    .iter()
                    .map(|m| (m.heap, m.from, m.to))
                    .collect();
                assert_eq!(
                    got.len(),
                    a.winning_moves.len(),
                    "duplicate moves for {heaps:?}"
                );
                assert_eq!(
                    got,
                    winning_moves(&pos, &mut plain),
                    "{convention} {heaps:?}"
                );

                // The big-integer path gives the same answer.
                let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
                let b = analyse(&big, convention);
                assert_eq!(b.outcome, a.outcome);
                let got_big: BTreeSet<_> = b
                    .winning_moves
                    .iter()
                    .map(|m| {
                        (
                            m.heap,
                            u64::try_from(&m.from).unwrap(),
                            u64::try_from(&m.to).unwrap(),
                        )
                    })
                    .collect();
                assert_eq!(got_big, got);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (1 + 8 + 64 + 512 + 4096));
}

#[test]
fn five_heaps_up_to_four_match_minimax() {
    // A second shape: more heaps, smaller sizes (more misère endgames).
    for (convention, misere) in [(Convention::Normal, false), (Convention::Misere, true)] {
        let mut plain: Minimax = if misere {
            Plain::misere(moves_of)
        } else {
            Plain::normal(moves_of)
        };
        for pos in positions(5, 4) {
            let heaps: Vec<u64> = pos.iter().map(|&h| u64::from(h)).collect();
            let a = analyse(&heaps, convention);
            assert_eq!(
                a.outcome.first_player_wins(),
                plain.mover_wins(&pos),
                "{heaps:?}"
            );
            let got: BTreeSet<_> = a
                .winning_moves
                .iter()
                .map(|m| (m.heap, m.from, m.to))
                .collect();
            assert_eq!(
                got,
                winning_moves(&pos, &mut plain),
                "{convention} {heaps:?}"
            );
        }
    }
}
