//! `grundy solve` run as a real binary, checked against a brute force.

mod common;

use common::{grundy, json};
use predicates::str::contains;

/// Kayles values by the definition (the test kit's rules of 0.77: knock
/// down one pin or two adjacent pins).
fn kayles(n: usize) -> Vec<u64> {
    grundy_testkit::heaps::take_break_values(&[0, 7, 7], n)
}

#[test]
fn kayles_with_a_heap_of_ten_to_the_eighteen() {
    let v = json(&[
        "solve",
        "kayles",
        "1000000000000000000",
        "7",
        "--json",
        "--limit",
        "50",
    ]);
    assert_eq!(v["outcome"], "N");
    let g = kayles(200);
    // 10^18 = 76 (mod 12) and Kayles has period 12 from 71.
    assert_eq!(v["values"], serde_json::json!([g[76], g[7]]));
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert_eq!(
        v["total_winning_moves"].as_u64().unwrap() as usize,
        moves.len()
    );
    for m in moves {
        let to: Vec<u64> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        let from = m["from"].as_u64().unwrap();
        let taken = from - to.iter().sum::<u64>();
        assert!(taken == 1 || taken == 2);
        // Values of the pieces: small ones from the brute force, huge ones
        // through the period (checked against the brute force up to 200).
        let value = |h: u64| {
            if h < 200 {
                g[h as usize]
            } else {
                g[(71 + (h - 71) % 12) as usize]
            }
        };
        let other = if m["heap"] == 0 {
            7
        } else {
            1_000_000_000_000_000_000
        };
        let total = to.iter().fold(value(other), |acc, &h| acc ^ value(h));
        assert_eq!(total, 0, "{m}");
    }
}

#[test]
fn every_winning_move_of_small_kayles_sums() {
    let g = kayles(40);
    for (a, b) in [(5u64, 9u64), (12, 3), (30, 17)] {
        let v = json(&[
            "solve",
            "0.77",
            &a.to_string(),
            &b.to_string(),
            "--json",
            "--limit",
            "1000",
        ]);
        let total = g[a as usize] ^ g[b as usize];
        assert_eq!(v["nim_sum"], total);
        let mut expected = 0;
        for (i, (h, other)) in [(a, b), (b, a)].into_iter().enumerate() {
            for take in 1..=2.min(h) {
                for left in 0..=(h - take) / 2 {
                    let right = h - take - left;
                    if g[left as usize] ^ g[right as usize] ^ g[other as usize] == 0 {
                        expected += 1;
                        let mut to: Vec<u64> =
                            [left, right].into_iter().filter(|&x| x > 0).collect();
                        to.sort();
                        let found = v["winning_moves"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .any(|m| m["heap"] == i && m["to"] == serde_json::json!(to));
                        assert!(found, "{a} {b}: heap {i} -> {to:?} missing");
                    }
                }
            }
        }
        assert_eq!(v["total_winning_moves"], expected, "{a} {b}");
        assert_eq!(v["outcome"], if total == 0 { "P" } else { "N" });
    }
}

#[test]
fn limit_prints_a_count_of_the_rest() {
    grundy()
        .args(["solve", "nim", "7", "11", "13", "--limit", "1"])
        .assert()
        .success()
        .stdout(contains("winning moves (3 in all)"))
        .stdout(contains("... and 2 more"));
}

#[test]
fn misere() {
    let v = json(&["solve", "nim", "--misere", "1", "1", "1", "--json"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["outcome"], "P");
    let v = json(&["solve", "kayles", "--misere", "4", "--json"]);
    assert_eq!(v["outcome"], "P");
    // Beyond the exhaustive search (48 tokens) and beyond the heaps a
    // misère quotient is computed for: both limits are named.
    grundy()
        .args(["solve", "kayles", "--misere", "1000", "7"])
        .assert()
        .code(2)
        .stderr(contains("sums of at most 48 tokens"))
        .stderr(contains("heaps up to 500 (this sum has a heap of 1000)"));
}

#[test]
fn misere_by_quotient() {
    // Twenty heaps of Dawson's Kayles, 1 to 20: beyond exhaustive search,
    // solved by the misère quotient on heaps up to 20.
    let heaps: Vec<String> = (1..=20).map(|h| h.to_string()).collect();
    let mut args = vec!["solve", "0.07", "--misere", "--json"];
    args.extend(heaps.iter().map(String::as_str));
    let v = json(&args);
    assert_eq!(v["method"], "quotient");
    assert_eq!(v["convention"], "misere");
    // One heap of 20 more makes it a first-player win; every winning move
    // must leave a P-position, as the same solver says.
    args.push("20");
    let v = json(&args);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let i = m["heap"].as_u64().unwrap() as usize;
        let mut after: Vec<String> = args[4..]
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, h)| h.to_string())
            .collect();
        after.extend(m["to"].as_array().unwrap().iter().map(|h| h.to_string()));
        let mut again = vec!["solve", "0.07", "--misere", "--json"];
        again.extend(after.iter().map(String::as_str));
        assert_eq!(json(&again)["outcome"], "P", "{m}");
    }
    // The text says how it was solved.
    grundy()
        .args(["solve", "dawson", "--misere", "20", "20", "20"])
        .assert()
        .success()
        .stdout(contains(
            "method: misère quotient of order 24 on heaps up to 20",
        ));
}

#[test]
fn errors_are_clear() {
    grundy()
        .args(["solve", "kayles", "5", "x"])
        .assert()
        .code(2)
        .stderr(contains("heap 2 (\"x\"): a heap size is a whole number"));
    grundy()
        .args(["solve", "half", "100000000000000", "3"])
        .assert()
        .code(2)
        .stderr(contains("no periodicity theorem applies to half"));
    grundy()
        .args(["solve", "kayles"])
        .assert()
        .code(2)
        .stderr(contains("no heaps given"));
    grundy()
        .args(["solve", "0.F", "100000000000000", "3"])
        .assert()
        .code(2)
        .stderr(contains("three-heap splits"));
}

/// One rule for heap sizes in every command (issue 46): the digits 0-9,
/// no sign; `+5` was taken by `solve` and `graph --game` and refused by
/// `nim` and `play`.
#[test]
fn heap_sizes_follow_one_rule_in_every_command() {
    for args in [
        &["solve", "kayles", "+5", "3"][..],
        &["solve", "nim", "+5", "3"][..],
        &["graph", "--game", "kayles", "+5"][..],
        &["play", "kayles", "+5"][..],
        &["nim", "+5", "3"][..],
    ] {
        let out = common::process()
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("write a heap size without a sign"),
            "{args:?}: {err}"
        );
    }
}

/// A heap past the values `--max` allows is refused with the bound named
/// and the flag that moves it: at once when no theorem could prove a
/// period (no "computed G(0..0)"), after the search when none was proved.
#[test]
fn a_heap_past_max_names_the_flag_that_moves_the_bound() {
    let out = grundy()
        .args(["solve", "grundy-game", "100000000000", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("computed G(0..0)"), "{stderr}");
    assert!(
        stderr
            .contains("--max (now 4194304) bounds the values computed, and is at most 17179869183"),
        "{stderr}"
    );
    grundy()
        .args(["solve", "grundy-game", "5000", "3", "--max", "1000"])
        .assert()
        .code(2)
        .stderr(contains("--max 5000 computes the values up to that heap"));
    grundy()
        .args(["solve", "0.6", "50000", "3", "--max", "2000"])
        .assert()
        .code(2)
        .stderr(contains("no period is proved for it"))
        .stderr(contains(
            "--max (now 2000) bounds the values computed; --max 50000 computes",
        ));
}
