//! Published Grundy sequences and periods (`testdata/*.toml`) checked
//! against every engine, and the engines against the test kit's brute
//! force (written from the definition without the library's option
//! enumeration).

use grundy::heap::period::{Analysis, PeriodStatus};
use grundy::heap::sequence::{self, EngineKind};
use grundy::heap::HeapRuleset;
use grundy::Nimber;
use grundy_testkit::heaps::take_break_values;

fn load(name: &str) -> toml::Table {
    let path = format!("{}/testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn entries<'a>(table: &'a toml::Table, key: &str) -> impl Iterator<Item = &'a toml::Table> {
    table[key]
        .as_array()
        .unwrap_or_else(|| panic!("no [[{key}]]"))
        .iter()
        .map(|e| e.as_table().expect("a table"))
}

fn int(entry: &toml::Table, key: &str) -> u64 {
    entry[key]
        .as_integer()
        .unwrap_or_else(|| panic!("{key} missing")) as u64
}

fn text<'a>(entry: &'a toml::Table, key: &str) -> &'a str {
    entry[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} missing"))
}

#[test]
fn every_entry_cites_its_source() {
    for (file, key) in [("sequences.toml", "sequence"), ("periods.toml", "period")] {
        for e in entries(&load(file), key) {
            assert!(text(e, "source").len() > 10, "{file}: {e:?}");
            HeapRuleset::parse(text(e, "game")).unwrap();
        }
    }
}

#[test]
fn published_sequences_match_every_engine() {
    for e in entries(&load("sequences.toml"), "sequence") {
        let game = HeapRuleset::parse(text(e, "game")).unwrap();
        let offset = int(e, "offset") as usize;
        let published: Vec<Nimber> = e["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| Nimber(v.as_integer().unwrap() as u64))
            .collect();
        let last = offset + published.len() - 1;
        for kind in [EngineKind::Naive, EngineKind::Fast] {
            let mut engine = sequence::engine(&game, kind);
            engine.extend_to(last);
            let computed: Vec<Nimber> = (offset..=last).map(|i| engine.get(i)).collect();
            assert_eq!(
                computed,
                published,
                "{} with the {} engine",
                text(e, "name"),
                engine.name()
            );
        }
    }
}

fn check_period(e: &toml::Table) {
    let game = HeapRuleset::parse(text(e, "game")).unwrap();
    let (n0, p) = (int(e, "preperiod"), int(e, "period"));
    let found = Analysis::of(&game)
        .max(4 * (n0 + p) + 1000)
        .run()
        .expect("no flag stops it")
        .periodicity;
    let PeriodStatus::Periodic {
        preperiod, period, ..
    } = found.status
    else {
        panic!("{}: no period proved: {found:?}", text(e, "name"));
    };
    assert_eq!((preperiod, period), (n0, p), "{}", text(e, "name"));
}

#[test]
fn published_periods_are_proved() {
    for e in entries(&load("periods.toml"), "period") {
        if e.get("slow").and_then(|s| s.as_bool()) != Some(true) {
            check_period(e);
        }
    }
}

/// The long proofs (.16 needs G up to 509621, .56 up to 653569): well under
/// a second each with the sparse-space engine.
#[test]
fn published_long_periods_are_proved() {
    for e in entries(&load("periods.toml"), "period") {
        if e.get("slow").and_then(|s| s.as_bool()) == Some(true) {
            check_period(e);
        }
    }
}

/// sub{1,3,4}: the P-positions are exactly n = 0, 2 (mod 7).
#[test]
fn subtraction_134_p_positions() {
    let values = sequence::values(&HeapRuleset::parse("sub{1,3,4}").unwrap(), 10_000);
    for (n, g) in values.iter().enumerate() {
        assert_eq!(g.is_zero(), n % 7 == 0 || n % 7 == 2, "n = {n}");
    }
}

#[test]
fn every_octal_code_with_up_to_three_digits_matches_brute_force() {
    // 0.d1d2d3 for every octal digit triple: 512 codes to n = 300 (the
    // direct engine is exercised to n = 1500 on a sample below).
    for code in 0..512u32 {
        let digits = [
            0,
            (code >> 6) as u8,
            (code >> 3 & 7) as u8,
            (code & 7) as u8,
        ];
        let game = grundy::heap::TakeBreak::new(digits.to_vec()).unwrap();
        let expected = take_break_values(&digits, 300);
        let computed = sequence::values(&HeapRuleset::TakeBreak(game.clone()), 300);
        let computed: Vec<u64> = computed.iter().map(|g| g.0).collect();
        assert_eq!(computed, expected, "{game}");
    }
}

#[test]
fn hexadecimal_and_split_only_codes_match_brute_force() {
    for code in [
        "0.F", "0.8", "0.9", "0.B7", "4.0", "8.0", "C.1", "4.F", "0.1F", "0.48",
    ] {
        let game = grundy::heap::TakeBreak::parse(code).unwrap();
        let expected = take_break_values(game.digits(), 80);
        let computed = sequence::values(&HeapRuleset::TakeBreak(game.clone()), 80);
        let computed: Vec<u64> = computed.iter().map(|g| g.0).collect();
        assert_eq!(computed, expected, "{code}");
    }
}

#[test]
fn long_octal_sample_to_1500() {
    for code in [
        "0.77", "0.07", "0.6", "0.16", "0.56", "0.137", "0.4", "0.37",
    ] {
        let game = grundy::heap::TakeBreak::parse(code).unwrap();
        let expected = take_break_values(game.digits(), 1500);
        let computed = sequence::values(&HeapRuleset::TakeBreak(game), 1500);
        let computed: Vec<u64> = computed.iter().map(|g| g.0).collect();
        assert_eq!(computed, expected, "{code}");
    }
}

/// Take at most half: G(2k) = k and G(2k+1) = G(k), a closed form that the
/// engine never uses.
#[test]
fn half_follows_its_closed_form() {
    let values = sequence::values(&HeapRuleset::Half, 3000);
    let closed = |mut n: usize| {
        while n % 2 == 1 {
            n /= 2;
        }
        n / 2
    };
    for (n, g) in values.iter().enumerate() {
        assert_eq!(g.0 as usize, closed(n), "n = {n}");
    }
}

/// `0.8` grows like n/3, so by n = 900 the direct engine has used its
/// one-word mask (values < 64), its four-word mask (< 256) and its general
/// path; each must agree with the brute force.
#[test]
fn value_widths_of_the_direct_engine() {
    for code in ["0.8", "0.9"] {
        let game = grundy::heap::TakeBreak::parse(code).unwrap();
        let expected = take_break_values(game.digits(), 900);
        assert!(expected.iter().any(|&g| g >= 256), "{code} stays small");
        let computed = sequence::values(&HeapRuleset::TakeBreak(game), 900);
        let computed: Vec<u64> = computed.iter().map(|g| g.0).collect();
        assert_eq!(computed, expected, "{code}");
    }
}
