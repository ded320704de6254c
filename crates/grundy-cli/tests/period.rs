//! `grundy period` run as a real binary.

use assert_cmd::Command;
use predicates::str::contains;

fn json(args: &[&str]) -> serde_json::Value {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn proved_periods_in_json() {
    let kayles = json(&["period", "kayles", "--json"]);
    assert_eq!(kayles["status"], "periodic");
    assert_eq!(kayles["preperiod"], 71);
    assert_eq!(kayles["period"], 12);
    // The Guy–Smith check ends at 2·71 + 12 + 2 = 156; it stopped there.
    assert_eq!(kayles["bound"], 156);
    assert_eq!(kayles["checked_to"], 167);
    let dawson = json(&["period", "dawson", "--json"]);
    assert_eq!(
        (dawson["preperiod"].as_u64(), dawson["period"].as_u64()),
        (Some(53), Some(34))
    );
    let sub = json(&["period", "sub{1,3,4}", "--json"]);
    assert_eq!(
        (sub["preperiod"].as_u64(), sub["period"].as_u64()),
        (Some(0), Some(7))
    );
}

#[test]
fn unknown_says_how_far_it_looked() {
    let half = json(&["period", "half", "--max", "500", "--json"]);
    assert_eq!(half["status"], "unknown");
    assert_eq!(half["checked_to"], 500);
    let officers = json(&["period", "officers", "--max", "3000", "--json"]);
    assert_eq!(officers["status"], "unknown");
    assert_eq!(officers["checked_to"], 3000);
}

#[test]
fn nim_is_arithmetic_periodic() {
    let nim = json(&["period", "nim", "--json"]);
    assert_eq!(nim["status"], "arithmetic-periodic");
    assert_eq!(nim["saltus"], 1);
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["period", "kayles"])
        .assert()
        .success()
        .stdout(contains("preperiod 71, period 12"))
        .stdout(contains("Guy–Smith"));
}

/// `grundy period 0.16` must print preperiod 105351 and period 149459. The
/// proof needs G up to 509621, well under a second with the sparse-space
/// engine.
#[test]
fn period_of_0_16() {
    let v = json(&["period", "0.16", "--json"]);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(105_351), Some(149_459))
    );
}
