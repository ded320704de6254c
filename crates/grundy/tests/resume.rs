//! Engines started from values computed before (a resumed run) go on exactly
//! as an engine that computed everything itself: checked against the naive
//! engine, written from the definition, at many cut points.

use grundy::heap::sequence::{self, EngineKind};
use grundy::heap::{GrundySequence, HeapRuleset};

/// Resumes `spec` from `G(0..cut)` for each cut and compares `G(0..=n)`
/// with the naive engine's; returns whether the fast engine could resume.
fn check(spec: &str, cuts: &[usize], n: usize) -> bool {
    let game: HeapRuleset = spec.parse().unwrap();
    let mut naive = sequence::engine(&game, EngineKind::Naive);
    naive.extend_to(n);
    for &cut in cuts {
        let known: GrundySequence = (0..cut).map(|i| naive.get(i)).collect();
        let mut fast = sequence::engine(&game, EngineKind::Fast);
        if !fast.resume_from(&known) {
            return false;
        }
        assert_eq!(
            fast.len(),
            cut.max(1),
            "{spec}: length after resuming at {cut}"
        );
        fast.extend_to(n);
        for i in 0..=n {
            assert_eq!(fast.get(i), naive.get(i), "{spec} resumed at {cut}: G({i})");
        }
    }
    true
}

#[test]
fn take_and_break_codes_resume_exactly_at_every_kind_of_cut() {
    // Officers widens past one byte; 0.354 is dense early; 4.07 splits
    // without taking; 0.F7 splits in three (hexadecimal).
    let cuts = [1, 2, 3, 17, 64, 511, 512, 513, 1000, 2047, 3000];
    for spec in ["0.6", "0.77", "0.07", "0.354", "0.137", "4.07", "0.156"] {
        assert!(check(spec, &cuts, 3500), "{spec} could not resume");
    }
    assert!(
        check("0.f7", &[1, 5, 64, 300, 700], 800),
        "0.f7 could not resume"
    );
}

#[test]
fn nim_and_the_naive_engine_resume_and_others_say_they_cannot() {
    assert!(check("nim", &[1, 100], 300));
    assert!(check("half", &[1, 100], 300)); // the naive engine serves `half`
                                            // The bitset engine of finite subtraction sets cannot take values it did
                                            // not compute; it says so and callers recompute.
    assert!(!check("sub{1,3,4}", &[100], 300));
}
