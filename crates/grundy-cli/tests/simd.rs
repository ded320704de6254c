//! `GRUNDY_SIMD`: every vector path this processor has gives what the
//! portable path gives, byte for byte, and the values agree with brute
//! force; a level that names nothing stops the command with exit 2.

mod common;
use common::grundy;
use grundy::simd::{self, Level};

/// Stdout of `grundy ARGS` on the path `level`; the command must succeed.
fn on(level: Level, args: &[&str]) -> Vec<u8> {
    let out = grundy()
        .env(simd::VARIABLE, level.name())
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{level}: {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The JSON of `grundy ARGS` on the path `level`, with the search's
/// seconds taken out (the one field that may differ).
fn json_on(level: Level, args: &[&str]) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_slice(&on(level, args)).unwrap();
    if let Some(search) = v.get_mut("search").and_then(|s| s.as_object_mut()) {
        search.remove("seconds");
    }
    v
}

/// G(n) of the octal game `0.6` (Officers) by its definition (the test
/// kit's): take one token from a heap of two or more, leaving one heap or
/// two.
fn officers_by_brute_force(to: usize) -> Vec<u32> {
    let g = grundy_testkit::heaps::take_break_values(&[0, 6], to);
    g.into_iter().map(|v| v as u32).collect()
}

#[test]
fn every_path_gives_the_portable_values() {
    let levels = simd::supported();
    eprintln!("paths: {levels:?}");
    // Officers far enough for the engine's bit rows (the values pass 256
    // early, so rows of two-byte values too); 0.016, whose time is the
    // scan for witness pairs; both on one thread and on two.
    let to = "150000";
    let brute = officers_by_brute_force(6000);
    for threads in ["1", "2"] {
        let portable = json_on(
            Level::Portable,
            &["values", "0.6", "--to", to, "--threads", threads, "--json"],
        );
        let values: Vec<u32> = portable["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(values[..brute.len()], brute[..], "0.6 on the portable path");
        for &level in &levels {
            let args = ["values", "0.6", "--to", to, "--threads", threads, "--json"];
            assert_eq!(json_on(level, &args), portable, "{level}: {args:?}");
            let args = ["values", "0.016", "--to", "30000", "--threads", threads];
            assert_eq!(
                on(level, &args),
                on(Level::Portable, &args),
                "{level}: {args:?}"
            );
        }
    }
}

#[test]
fn every_path_searches_boards_alike() {
    // Cram's splits run in lanes at `avx512`; the value, the winning moves
    // and the search's counters must not depend on it.
    for board in ["cram:4x6", "cram:5x5", "cram:3x9"] {
        let args = ["solve", board, "--threads", "1", "--json"];
        let portable = json_on(Level::Portable, &args);
        assert!(portable["search"]["nodes"].as_u64().unwrap() > 0);
        for level in simd::supported() {
            assert_eq!(json_on(level, &args), portable, "{level}: {board}");
        }
    }
}

#[test]
fn a_level_that_names_nothing_is_an_error() {
    let out = grundy()
        .env(simd::VARIABLE, "avx9")
        .args(["nim", "3", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("GRUNDY_SIMD=avx9: unknown level: expected portable, avx2 or avx512"),
        "{stderr}"
    );
    // Unset, empty, or any case of a name the processor has: it runs.
    for value in ["", "PORTABLE", " portable "] {
        grundy()
            .env(simd::VARIABLE, value)
            .args(["nim", "3", "5"])
            .assert()
            .success();
    }
}

#[test]
fn a_level_the_processor_lacks_is_an_error() {
    let Some(&missing) = Level::ALL.iter().find(|l| !l.is_supported()) else {
        eprintln!("this processor has every level: nothing to check");
        return;
    };
    let out = grundy()
        .env(simd::VARIABLE, missing.name())
        .args(["nim", "3", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("this processor cannot run"), "{stderr}");
}
