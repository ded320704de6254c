//! Misère quotients against an exhaustive misère search written from the
//! definition alone, and against published quotients.

use std::collections::HashSet;

use grundy::cancel::Cancel;
use grundy::heap::HeapRuleset;
use grundy::misere::{MisereQuotient, QuotientError};
use grundy::sum::{HeapSolver, Method};
use grundy::{Budget, Convention, Outcome};

mod common;
use common::Sums;

/// A small deterministic generator (no dependency on a random crate's
/// stream, so the sums are the same on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn check_against_brute_force(spec: &str, max_heap: u64, sums: usize) {
    let game: HeapRuleset = spec.parse().unwrap();
    let q = MisereQuotient::compute(&game, max_heap).unwrap();
    // Plambeck–Siegel: every misère quotient of an impartial game has even
    // order (the class of a heap and its product with `a` pair up).
    assert_eq!(q.order() % 2, 0, "{spec}: odd order {}", q.order());
    let mut brute = common::brute_misere(&game);
    let mut rng = Lcg(max_heap * 7919 + spec.len() as u64);
    let mut checked = 0;
    while checked < sums {
        let k = 1 + rng.below(6) as usize;
        let heaps: Vec<u64> = (0..k).map(|_| rng.below(max_heap + 1)).collect();
        if heaps.iter().sum::<u64>() > 30 {
            continue;
        }
        checked += 1;
        check_sum(&q, &mut brute, spec, &heaps);
    }
}

/// The quotient's outcome and every winning move of `heaps` against the
/// exhaustive search's.
fn check_sum(q: &MisereQuotient, brute: &mut Sums<'_>, spec: &str, heaps: &[u64]) {
    let expected = if brute.mover_wins(heaps) {
        Outcome::N
    } else {
        Outcome::P
    };
    assert_eq!(q.outcome(heaps).unwrap(), expected, "{spec} {heaps:?}");
    let moves: HashSet<(usize, Vec<u64>)> = q
        .winning_moves(heaps)
        .unwrap()
        .into_iter()
        .map(|m| {
            assert_eq!(m.from, heaps[m.heap]);
            (m.heap, m.leaves.as_slice().to_vec())
        })
        .collect();
    assert_eq!(moves, brute.winning_moves(heaps), "{spec} {heaps:?}");
}

#[test]
fn kayles_agrees_with_brute_force() {
    check_against_brute_force("kayles", 12, 300);
}

#[test]
fn dawsons_kayles_agrees_with_brute_force() {
    check_against_brute_force("0.07", 14, 300);
}

#[test]
fn code_0137_agrees_with_brute_force() {
    check_against_brute_force("0.137", 12, 300);
}

#[test]
fn code_075_agrees_with_brute_force() {
    check_against_brute_force("0.75", 12, 300);
}

#[test]
fn subtraction_134_agrees_with_brute_force() {
    check_against_brute_force("sub{1,3,4}", 12, 300);
}

#[test]
fn nim_agrees_with_brute_force() {
    check_against_brute_force("nim", 6, 300);
}

#[test]
fn grundys_game_agrees_with_brute_force() {
    check_against_brute_force("grundy-game", 10, 200);
}

/// Sums with one large heap (where the quotient changes late: Kayles at
/// heaps 25 and 27, Dawson's Kayles at 25, 27 and 30) and a few small ones,
/// at most `total` tokens, against the exhaustive search.
fn check_large_heaps(spec: &str, max_heap: u64, lowest: u64, total: u64, sums: usize) {
    let game: HeapRuleset = spec.parse().unwrap();
    let q = MisereQuotient::compute(&game, max_heap).unwrap();
    let mut brute = common::brute_misere(&game);
    let mut rng = Lcg(max_heap * 104729 + spec.len() as u64);
    let mut checked = 0;
    while checked < sums {
        let mut heaps = vec![lowest + rng.below(max_heap - lowest + 1)];
        for _ in 0..rng.below(3) {
            heaps.push(1 + rng.below(6));
        }
        if heaps.iter().sum::<u64>() > total {
            continue;
        }
        checked += 1;
        check_sum(&q, &mut brute, spec, &heaps);
    }
}

#[test]
fn kayles_large_heaps_agree_with_brute_force() {
    check_large_heaps("kayles", 40, 24, 40, 40);
}

#[test]
fn dawsons_kayles_large_heaps_agree_with_brute_force() {
    check_large_heaps("0.07", 30, 24, 38, 40);
}

/// Siegel (miseregames blog, August 2007, on MisereSolver): "Q_30(0.07)
/// has size 360"; the orders on the way (24 to heap 24, 144 at 26, 176 at
/// 29) are the checkpoints quoted from Plambeck–Siegel's tables.
#[test]
fn dawsons_kayles_to_thirty_has_the_published_orders() {
    let q = MisereQuotient::compute(&"0.07".parse().unwrap(), 30).unwrap();
    assert_eq!(q.order(), 360);
    let orders = q.orders();
    assert_eq!(
        (orders[24], orders[26], orders[29], orders[30]),
        (24, 144, 176, 360)
    );
}

/// Misère Nim on heaps of at most 2: order 6, `a^2 = 1, b^3 = b`,
/// P = {a, b^2} (Plambeck–Siegel).
#[test]
fn nim_to_two_is_the_published_quotient() {
    let q = MisereQuotient::compute(&HeapRuleset::Nim, 2).unwrap();
    assert_eq!(q.order(), 6);
    assert_eq!(q.relations(), ["a^2 = 1", "b^3 = b"]);
    let p: Vec<&str> = q.p_portion().iter().map(|&x| q.name(x)).collect();
    assert_eq!(p, ["a", "b^2"]);
    assert!(q.tame());
}

/// 0.75 has the quotient R8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩
/// with P = {a, b²} (Plambeck–Siegel, "Misère quotients for impartial
/// games", the first wild quotient).
#[test]
fn code_075_is_r8() {
    let q = MisereQuotient::compute(&"0.75".parse().unwrap(), 16).unwrap();
    assert_eq!(q.order(), 8);
    let mut rel: Vec<&str> = q.relations().iter().map(String::as_str).collect();
    rel.sort_unstable();
    assert_eq!(rel, ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]);
    let p: Vec<&str> = q.p_portion().iter().map(|&x| q.name(x)).collect();
    assert_eq!(p, ["a", "b^2"]);
    assert!(!q.tame());
}

/// Misère Nim on heaps below 2^k is tame, of order 2^(k+1) + 2: heaps up
/// to 3 give 6 elements, up to 7 give 10, up to 8 give 18.
#[test]
fn nim_quotients_are_tame_with_the_known_orders() {
    for (max, order) in [(1, 2), (3, 6), (7, 10), (8, 18)] {
        let q = MisereQuotient::compute(&HeapRuleset::Nim, max).unwrap();
        assert_eq!(q.order(), order, "nim up to {max}");
        assert!(q.tame(), "nim up to {max}");
        // P is {a} for heaps of one token, {a, the group's identity} above.
        assert_eq!(q.p_portion().len(), if max == 1 { 1 } else { 2 });
    }
}

/// 0.137 is Dawson's Kayles with heaps one larger: the same quotient.
#[test]
fn code_0137_is_dawsons_kayles_shifted() {
    let a = MisereQuotient::compute(&"0.137".parse().unwrap(), 15).unwrap();
    let b = MisereQuotient::compute(&"0.07".parse().unwrap(), 16).unwrap();
    assert_eq!(a.order(), b.order());
    assert_eq!(a.relations(), b.relations());
    for h in 0..=15 {
        assert_eq!(
            a.name(a.heap(h).unwrap()),
            b.name(b.heap(h + 1).unwrap()),
            "heap {h}"
        );
    }
}

#[test]
fn orders_never_shrink_and_kayles_is_wild() {
    let q = MisereQuotient::compute(&"kayles".parse().unwrap(), 20).unwrap();
    assert!(
        q.orders().windows(2).all(|w| w[0] <= w[1]),
        "{:?}",
        q.orders()
    );
    assert!(!q.tame());
    assert_eq!(q.stable_from(), Some(12));
}

#[test]
fn sums_of_many_heaps_by_the_quotient() {
    let game: HeapRuleset = "0.07".parse().unwrap();
    let q = MisereQuotient::compute(&game, 20).unwrap();
    let heaps: Vec<u64> = (0..100_000u64).map(|i| i % 21).collect();
    let solver = HeapSolver::new(&game, Convention::Misere, &heaps).unwrap();
    assert_eq!(solver.method(), Method::Quotient);
    let answer = solver.solve(&heaps, 5).unwrap();
    // The class of the sum, recomputed heap by heap.
    let x = heaps
        .iter()
        .fold(q.identity(), |x, &h| q.product(x, q.heap(h).unwrap()));
    assert_eq!(answer.outcome == Outcome::P, q.is_p(x));
    for m in &answer.winning_moves {
        let mut after = heaps.clone();
        after.remove(m.heap);
        after.extend_from_slice(m.leaves.as_slice());
        assert_eq!(q.outcome(&after).unwrap(), Outcome::P);
    }
}

#[test]
fn bounds_give_errors_with_what_was_verified() {
    let kayles: HeapRuleset = "kayles".parse().unwrap();
    let budget = Budget {
        max_quotient_order: 10,
        ..Budget::default()
    };
    match MisereQuotient::of(&kayles, 20).budget(budget).compute() {
        Err(QuotientError::TooLarge { heap, partial, .. }) => {
            assert_eq!(heap, 5);
            let partial = partial.expect("heaps up to 4 are verified");
            assert_eq!((partial.max_heap(), partial.order()), (4, 6));
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
    assert!(matches!(
        MisereQuotient::compute(&kayles, 100_000),
        Err(QuotientError::HeapTooLarge {
            heap: 100_000,
            limit: 500
        })
    ));
    // A budget's heap bound is the quotient's too, up to the library's.
    let small = Budget {
        max_quotient_heap: 5,
        ..Budget::default()
    };
    assert!(matches!(
        MisereQuotient::of(&kayles, 6).budget(small).compute(),
        Err(QuotientError::HeapTooLarge { heap: 6, limit: 5 })
    ));
    assert_eq!(
        MisereQuotient::of(&kayles, 5)
            .budget(small)
            .compute()
            .unwrap()
            .max_heap(),
        5
    );
    let large = Budget {
        max_quotient_heap: 1000,
        ..Budget::default()
    };
    assert!(matches!(
        MisereQuotient::of(&kayles, 501).budget(large).compute(),
        Err(QuotientError::HeapTooLarge { limit: 500, .. })
    ));
    let q = MisereQuotient::compute(&kayles, 4).unwrap();
    assert!(matches!(
        q.outcome(&[1, 5]),
        Err(QuotientError::HeapBeyond {
            heap: 5,
            max_heap: 4
        })
    ));
    let cancel = Cancel::new();
    cancel.cancel();
    assert!(matches!(
        MisereQuotient::of(&kayles, 10).cancel(&cancel).compute(),
        Err(QuotientError::Cancelled { .. })
    ));
}

/// Dawson's Kayles at heap 34: the candidates do not converge, and the
/// last one proves that the quotient has more elements than the default
/// bound of 1024, so the computation stops at once and says so (rather
/// than searching positions until its memory bound).
#[test]
fn dawsons_kayles_at_34_is_proved_larger_than_the_bound() {
    let dawson: HeapRuleset = "0.07".parse().unwrap();
    match MisereQuotient::compute(&dawson, 34) {
        Err(QuotientError::TooLarge {
            heap,
            what,
            partial,
            ..
        }) => {
            assert_eq!(heap, 34);
            let partial = partial.expect("heaps up to 33 are verified");
            assert_eq!((partial.max_heap(), partial.order()), (33, 638));
            let at_least: usize = what
                .strip_prefix("order 1024 (it has at least ")
                .and_then(|rest| rest.strip_suffix(" elements)"))
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no proved bound in {what:?}"));
            assert!(at_least > 1024, "{what}");
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
}
