//! The fast take-and-break engines ([`SparseOctal`], in its sparse-space
//! and its dense form) against the naive reference engine on every short
//! octal code, on hexadecimal codes and codes that split without taking,
//! and against published values and periods.

use grundy::heap::{SparseOctal, TakeBreak};
use grundy::Nimber;

/// Both fast engines against `TakeBreak::naive_values` on one code.
fn check_against_naive(code: &TakeBreak, n: usize) {
    let want = code.naive_values(n);
    for (name, mut engine) in [
        ("sparse", SparseOctal::new(code)),
        ("dense", SparseOctal::dense(code)),
    ] {
        engine.extend_to(n);
        // Working in blocks, the engine may finish its block past n.
        assert!((n + 1..=n + 512).contains(&engine.len()));
        if let Some(i) = (0..=n).find(|&i| engine.get(i) != want[i]) {
            panic!(
                "{name} engine on {code}: G({i}) = {}, naive says {}",
                engine.get(i),
                want[i]
            );
        }
    }
}

/// Every code `0.d1d2d3` with octal digits whose first digit is `d1`.
fn three_digit_codes_starting(d1: u8) {
    for d2 in 0..8 {
        for d3 in 0..8 {
            let code = TakeBreak::new(vec![0, d1, d2, d3]).expect("an octal code");
            check_against_naive(&code, 1500);
        }
    }
}

// All 512 codes 0.d1d2d3 up to n = 1500, in eight tests so that the test
// harness spreads them over the cores.
#[test]
fn octal_codes_0_0xx() {
    three_digit_codes_starting(0);
}
#[test]
fn octal_codes_0_1xx() {
    three_digit_codes_starting(1);
}
#[test]
fn octal_codes_0_2xx() {
    three_digit_codes_starting(2);
}
#[test]
fn octal_codes_0_3xx() {
    three_digit_codes_starting(3);
}
#[test]
fn octal_codes_0_4xx() {
    three_digit_codes_starting(4);
}
#[test]
fn octal_codes_0_5xx() {
    three_digit_codes_starting(5);
}
#[test]
fn octal_codes_0_6xx() {
    three_digit_codes_starting(6);
}
#[test]
fn octal_codes_0_7xx() {
    three_digit_codes_starting(7);
}

#[test]
fn codes_that_split_without_taking() {
    // d0 = 4: a heap may also be split in two without taking anything.
    for d1 in 0..8 {
        for d2 in 0..8 {
            let code = TakeBreak::new(vec![4, d1, d2]).expect("a code with d0 = 4");
            check_against_naive(&code, 400);
        }
    }
}

#[test]
fn hexadecimal_codes() {
    // Three-way splits (digits 8-F), also before the point.
    for text in [
        "0.8", "0.9", "0.B", "0.F", "0.F7", "0.C", "0.7F", "0.48", "0.0F", "0.E6", "8.0", "C.0",
        "8.7", "C.F", "4.8", "0.FFF", "0.1F",
    ] {
        let code = TakeBreak::parse(text).expect("a hexadecimal code");
        check_against_naive(&code, 150);
    }
}

/// Computes `G(0..=n)` with the sparse engine.
fn values(code: &str, n: usize) -> SparseOctal {
    let mut engine = SparseOctal::new(&TakeBreak::parse(code).expect("a valid code"));
    engine.extend_to(n);
    engine
}

#[test]
fn kayles_matches_oeis_a002186() {
    // OEIS A002186, "Sprague-Grundy values for the game of Kayles (octal
    // games .77 and .771)", terms a(0)..a(104) as listed on oeis.org.
    const A002186: [u64; 105] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];
    for code in ["0.77", "0.771"] {
        let e = values(code, 104);
        let got: Vec<u64> = e.values().iter().map(|v| v.0).collect();
        assert_eq!(got, A002186, "{code}");
    }
}

#[test]
fn dawson_matches_oeis_a002187() {
    // OEIS A002187, "Sprague-Grundy values for Dawson's Chess (octal game
    // .137)", terms a(0)..a(129) as listed on oeis.org. Its comments: .07
    // (Dawson's Kayles) has values a(n-1), and .4 has values a(n-2).
    const A002187: [u64; 130] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
        3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    ];
    let chess = values("0.137", 129);
    let dawson = values("0.07", 130);
    let point_four = values("0.4", 131);
    for (n, &want) in A002187.iter().enumerate() {
        assert_eq!(chess.get(n), Nimber(want), "0.137 at {n}");
        assert_eq!(dawson.get(n + 1), Nimber(want), "0.07 at {}", n + 1);
        assert_eq!(point_four.get(n + 2), Nimber(want), "0.4 at {}", n + 2);
    }
}

/// Checks the published preperiod `n0` and period `p` of `code` on values
/// computed to the Guy–Smith bound `2·n0 + p + t`: `G(n + p) = G(n)` for
/// every `n >= n0` in range, and not at `n0 - 1` (so `n0` is the last
/// exception plus one).
fn check_period(code: &str, n0: usize, p: usize) {
    let t = TakeBreak::parse(code).expect("a valid code").max_take();
    let top = 2 * n0 + p + t;
    let e = values(code, top);
    if let Some(n) = (n0..=top - p).find(|&n| e.get(n + p) != e.get(n)) {
        panic!(
            "{code}: G({}) != G({n}), so {p} is no period from {n0}",
            n + p
        );
    }
    assert!(n0 > 0, "{code}: a preperiod of 0 has no exception to check");
    assert_ne!(
        e.get(n0 - 1 + p),
        e.get(n0 - 1),
        "{code}: the period already holds at n0 - 1 = {}",
        n0 - 1
    );
}

// Preperiods and periods as published in Achim Flammenkamp's tables of
// octal games (wwwhomes.uni-bielefeld.de/achim/octal.html) and in Winning
// Ways, chapter 4.
#[test]
fn kayles_period() {
    check_period("0.77", 71, 12);
}
#[test]
fn dawsons_kayles_period() {
    check_period("0.07", 53, 34);
    check_period("0.137", 52, 34);
}
#[test]
fn short_periods_of_two_digit_codes() {
    check_period("0.44", 143, 24);
    check_period("0.45", 498, 20);
}
#[test]
fn period_of_0_156() {
    check_period("0.156", 3479, 349);
}
#[test]
fn long_period_of_0_16() {
    check_period("0.16", 105_351, 149_459);
}
#[test]
fn long_preperiod_of_0_56() {
    check_period("0.56", 326_640, 144);
}

#[test]
fn proved_periods_extend_the_values() {
    // Once the values prove a period (Guy–Smith: agreement from n0 up to
    // 2·n0 + p + t), the engine copies later values instead of computing
    // them. The copies must still be what the naive engine computes, far
    // past the proof, and the period must be the published one
    // (Flammenkamp's tables; Winning Ways, chapter 4).
    for (text, period) in [
        ("0.77", Some((71, 12))),
        ("0.07", Some((53, 34))),
        ("0.137", Some((52, 34))),
        ("0.44", Some((143, 24))),
        ("0.45", Some((498, 20))),
        ("4.07", None),
        ("0.6", None),
    ] {
        let code = TakeBreak::parse(text).expect("a valid code");
        let n = 2500;
        let want = code.naive_values(n);
        let mut e = SparseOctal::new(&code);
        // Uneven steps, so that proofs are found between requests too.
        for m in [10, 300, 301, 1499, n] {
            e.extend_to(m);
        }
        if let Some(p) = period {
            assert_eq!(e.stats().period, Some(p), "{text}");
        }
        if text == "0.6" {
            assert_eq!(e.stats().period, None, "Officers has no known period");
        }
        if let Some(i) = (0..=n).find(|&i| e.get(i) != want[i]) {
            panic!("{text}: G({i}) = {}, naive says {}", e.get(i), want[i]);
        }
    }
}

#[test]
fn frequent_rebuilds_keep_the_values() {
    // The rare/common split is rebuilt as the values evolve; force a
    // rebuild every few heap sizes (in the middle of blocks, of dense runs
    // and of samples of the dense methods) on codes of every kind, with one
    // and several threads, and compare with the naive engine.
    for text in [
        "0.6", "0.354", "0.16", "0.56", "0.037", "0.76", "0.137", "4.6", "0.F7", "0.14",
    ] {
        let code = TakeBreak::parse(text).expect("a valid code");
        let n = if code.is_hexadecimal() { 150 } else { 3000 };
        let want = code.naive_values(n);
        for (threads, every) in [(1, 3), (2, 7), (2, 64), (5, 11)] {
            let mut e = SparseOctal::new(&code);
            e.set_threads(threads);
            e.set_rebuild_interval(every);
            e.extend_to(n);
            assert!(
                e.stats().period.is_some() || e.stats().rebuilds >= n / every / 2,
                "{text}: {:?}",
                e.stats()
            );
            if let Some(i) = (0..=n).find(|&i| e.get(i) != want[i]) {
                panic!(
                    "{text}, rebuilt every {every}: G({i}) = {}, naive says {}",
                    e.get(i),
                    want[i]
                );
            }
        }
    }
}

#[test]
fn engines_agree_on_officers_beyond_naive_reach() {
    // Officers (0.6) has no known period and a growing rare set: the sparse
    // engine reclassifies many times. The dense engine shares no shortcut
    // with it.
    let code = TakeBreak::parse("0.6").expect("a valid code");
    let mut sparse = SparseOctal::new(&code);
    let mut dense = SparseOctal::dense(&code);
    sparse.extend_to(20_000);
    dense.extend_to(20_000);
    if let Some(i) = (0..=20_000).find(|&i| sparse.get(i) != dense.get(i)) {
        panic!(
            "0.6: G({i}) is {} sparse, {} dense",
            sparse.get(i),
            dense.get(i)
        );
    }
    assert!(sparse.stats().rebuilds > 3);
}

/// Computes `code` to `n` with 1, 2, 3 and 8 threads (more than the cores,
/// too: the values must not depend on how the pieces of a block fall),
/// checks each engine with `check`, and compares its values with the dense
/// engine's, which checks every candidate by a full scan and shares none
/// of the block machinery.
fn blocks_match_the_dense_engine(code: &str, n: usize, check: impl Fn(&SparseOctal)) {
    let code = TakeBreak::parse(code).expect("a valid code");
    let mut dense = SparseOctal::dense(&code);
    dense.extend_to(n);
    for threads in [1, 2, 3, 8] {
        let mut e = SparseOctal::new(&code);
        e.set_threads(threads);
        e.extend_to(n);
        check(&e);
        if let Some(i) = (0..=n).find(|&i| e.get(i) != dense.get(i)) {
            panic!(
                "{code} with {threads} threads: G({i}) = {}, the dense engine says {}",
                e.get(i),
                dense.get(i)
            );
        }
    }
}

#[test]
fn pipelined_blocks_match_the_dense_engine_on_officers() {
    // From a few thousand heap sizes on, Officers runs in blocks with wide
    // windows, and with several threads each block is prepared while the
    // one before is finished; past n = 10344 its values need two bytes.
    blocks_match_the_dense_engine("0.6", 40_000, |e| {
        assert!(e.stats().blocks > 20, "{:?}", e.stats());
        assert!(e.max_value().0 > 255);
    });
}

#[test]
fn narrow_blocks_match_the_dense_engine_on_0_354() {
    // 0.354 has about 131 rare positions per splitting take: too few for
    // the wide windows, enough for blocks with narrow ones. Its values
    // need a byte.
    blocks_match_the_dense_engine("0.354", 60_000, |e| {
        let stats = e.stats();
        assert!(stats.blocks > 100, "{stats:?}");
        assert!(
            stats.rare.iter().all(|&r| (64..1024).contains(&r)),
            "{stats:?}"
        );
    });
}

#[test]
fn block_engine_matches_naive_past_the_first_blocks() {
    // Blocks of prepared rows start near n = 1800 when a game has many rare
    // positions; check the engine past that point against the naive engine
    // with one and with two threads on codes of every kind: sparse in the
    // range, in the domain, dense, and splitting without taking.
    for text in [
        "0.6", "0.77", "0.16", "0.56", "0.156", "0.137", "0.45", "4.6", "0.354", "0.247", "0.7",
    ] {
        let code = TakeBreak::parse(text).expect("a valid code");
        let want = code.naive_values(4000);
        for threads in [1, 2] {
            let mut e = SparseOctal::new(&code);
            e.set_threads(threads);
            e.extend_to(4000);
            if text == "0.6" {
                // Officers has hundreds of rare positions by n = 2000.
                assert!(e.stats().blocks > 0, "{:?}", e.stats());
            }
            if let Some(i) = (0..=4000).find(|&i| e.get(i) != want[i]) {
                panic!(
                    "{text} with {threads} threads: G({i}) = {}, naive says {}",
                    e.get(i),
                    want[i]
                );
            }
        }
    }
}

mod random_codes {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Random codes of up to five digits after the point, any digit
        /// before it that the grammar allows (0, 4, 8, C), octal or
        /// hexadecimal: the fast engines agree with the naive one.
        #[test]
        fn fast_engines_match_naive(
            d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
            rest in prop::collection::vec(0u8..16, 1..=5),
            octal in any::<bool>(),
        ) {
            let mut digits = vec![d0];
            digits.extend(rest.iter().map(|&d| if octal { d & 7 } else { d }));
            let code = TakeBreak::new(digits).expect("a valid code");
            let n = if code.is_hexadecimal() { 90 } else { 600 };
            check_against_naive(&code, n);
        }
    }
}

#[test]
fn engines_say_whether_further_values_stay_cheap() {
    // What a period search with no limit reads to go on past 2^20 values:
    // Officers' splits have a sparse space (1583 rare positions), Kayles
    // has a proved period, and 0.037 has no rare/common split at all, so
    // each of its values costs O(n).
    use grundy::heap::sequence::{self, EngineKind};
    for (spec, n, linear) in [
        ("0.6", 30_000, true),
        ("0.77", 3_000, true),
        ("0.037", 30_000, false),
    ] {
        let mut e = sequence::engine(&spec.parse().expect("a valid code"), EngineKind::Fast);
        e.extend_to(n);
        assert_eq!(e.report().linear, Some(linear), "{spec}: {:?}", e.report());
    }
}
