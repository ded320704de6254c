//! Kayles (`0.77`) played on the `ImpartialGame` trait (`MultiHeap`),
//! checked against the published values (OEIS A002186, in testdata/), an
//! independent recurrence, and an unsplit brute force that does not use the
//! Sprague–Grundy sum theorem at all.

mod common;

use common::Plain;
use grundy::game::{value, Cache};
use grundy::games::MultiHeap;
use grundy::heap::HeapRuleset;
use grundy::Nimber;
use grundy_testkit::heaps;

/// Kayles on the trait: knock down one pin or two adjacent ones.
fn kayles() -> MultiHeap<HeapRuleset> {
    MultiHeap::new(HeapRuleset::parse("kayles").unwrap())
}

fn published() -> Vec<u64> {
    include_str!("../testdata/game_kayles_a002186.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|v| v.parse().unwrap())
        .collect()
}

/// G(0..=max) by the recurrence G(n) = mex { G(a) xor G(b) : a + b =
/// n - 1 or n - 2 }: the test kit's values of the code 0.77.
fn by_recurrence(max: usize) -> Vec<u64> {
    heaps::take_break_values(&[0, 7, 7], max)
}

/// The moves of a Kayles position (a multiset of rows, sorted, no empty
/// row): knock down one pin or two adjacent ones, which may split a row
/// (the test kit's rules of 0.77). For the test kit's plain search: no
/// values, no sums, just "some move leads to a lost position".
fn moves(rows: &[u64]) -> Vec<Vec<u64>> {
    let row = |n| heaps::options(|n, leave| heaps::take_break_moves(&[0, 7, 7], n, leave), n);
    heaps::sum_moves(row, rows)
}

#[test]
fn published_values_match_the_recurrence() {
    let published = published();
    assert_eq!(published.len(), 84);
    assert_eq!(by_recurrence(83), published);
}

#[test]
fn trait_solver_matches_published_and_recurrence() {
    let game = kayles();
    let mut cache = Cache::new();
    let expected = by_recurrence(600);
    for (n, &g) in published().iter().enumerate() {
        assert_eq!(
            value(&game, &vec![n as u64], &mut cache),
            Ok(Nimber(g)),
            "G({n})"
        );
    }
    for (n, &g) in expected.iter().enumerate() {
        assert_eq!(
            value(&game, &vec![n as u64], &mut cache),
            Ok(Nimber(g)),
            "G({n})"
        );
    }
    // Period 12 from n = 71, and not from 70.
    assert!((71..=588).all(|n| expected[n + 12] == expected[n]));
    assert_ne!(expected[70 + 12], expected[70]);
}

#[test]
fn sums_match_plain_search() {
    // A sum of rows is a second-player win exactly when the xor of the row
    // values is 0; the search below knows nothing about values or xor.
    let game = kayles();
    let mut cache = Cache::new();
    let mut plain = Plain::normal(|rows: &Vec<u64>| moves(rows));
    for a in 0..9u64 {
        for b in a..9 {
            for c in b..7 {
                let pos = vec![a, b, c];
                let v = value(&game, &pos, &mut cache).unwrap();
                let rows = heaps::normalised(&pos);
                assert_eq!(!v.is_zero(), plain.mover_wins(&rows), "{pos:?}");
            }
        }
    }
}
