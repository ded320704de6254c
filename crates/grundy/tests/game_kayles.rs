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

/// G(n) = mex { G(a) xor G(b) : a + b = n - 1 or n - 2 }.
fn by_recurrence(max: usize) -> Vec<u64> {
    let mut g = vec![0u64; max + 1];
    for n in 1..=max {
        let mut seen = vec![false; 2 * n + 2];
        for take in 1..=2.min(n) {
            let rest = n - take;
            for a in 0..=rest {
                let x = (g[a] ^ g[rest - a]) as usize;
                if x < seen.len() {
                    seen[x] = true;
                }
            }
        }
        g[n] = seen.iter().position(|&s| !s).unwrap() as u64;
    }
    g
}

/// The moves of a Kayles position (a multiset of rows, sorted, no empty
/// row): knock down one pin or two adjacent ones, which may split a row.
/// For the test kit's plain search: no values, no sums, just "some move
/// leads to a lost position".
fn moves(rows: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![];
    for i in 0..rows.len() {
        for take in 1..=2.min(rows[i]) {
            let rest = rows[i] - take;
            for a in 0..=rest / 2 {
                let mut next = rows.to_vec();
                next[i] = a;
                next.push(rest - a);
                next.retain(|&r| r > 0);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
    out
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
    let mut plain = Plain::normal(|rows: &Vec<usize>| moves(rows));
    for a in 0..9u64 {
        for b in a..9 {
            for c in b..7 {
                let pos = vec![a, b, c];
                let v = value(&game, &pos, &mut cache).unwrap();
                let mut rows = vec![a as usize, b as usize, c as usize];
                rows.retain(|&r| r > 0);
                rows.sort_unstable();
                assert_eq!(!v.is_zero(), plain.mover_wins(&rows), "{pos:?}");
            }
        }
    }
}
