//! `grundy quotient`: text, JSON, bounds and errors.

mod common;

use common::{grundy, json};
use predicates::str::contains;

#[test]
fn misere_nim_to_two() {
    grundy()
        .args(["quotient", "nim", "--max-heap", "2", "--table"])
        .assert()
        .success()
        .stdout(contains("order: |Q| = 6, |P| = 2"))
        .stdout(contains("  a^2 = 1\n  b^3 = b\n"))
        .stdout(contains("P-portion: a, b^2"))
        .stdout(contains("tame: yes"))
        .stdout(contains("multiplication table"));
}

#[test]
fn json_shape() {
    let v = json(&["quotient", "0.75", "--max-heap", "12", "--json"]);
    assert_eq!(v["game"], "0.75");
    assert_eq!(v["max_heap"], 12);
    assert_eq!(v["order"], 8);
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["pretending"].as_array().unwrap().len(), 13);
    assert_eq!(v["pretending"][0], "1");
    assert_eq!(
        v["presentation"]["generators"],
        serde_json::json!(["a", "b", "c"])
    );
    assert_eq!(v["presentation"]["relations"].as_array().unwrap().len(), 4);
    assert_eq!(v["tame"], false);
    assert_eq!(v["stable_from"], 5);
    assert!(v.get("table").is_none());
    let v = json(&["quotient", "0.75", "--max-heap", "12", "--json", "--table"]);
    assert_eq!(v["table"].as_array().unwrap().len(), 8);
}

#[test]
fn bounds_and_errors() {
    // A bound passed: the verified quotient is printed, then the error.
    grundy()
        .args([
            "quotient",
            "kayles",
            "--max-heap",
            "20",
            "--max-order",
            "10",
        ])
        .assert()
        .code(2)
        .stdout(contains("game: 0.77 (misère play, heaps up to 4)"))
        .stderr(contains("grows beyond order 10 at heap 5"))
        .stderr(contains("verified for heaps up to 4 (order 6)"));
    grundy()
        .args(["quotient", "kayles", "--max-heap", "501"])
        .assert()
        .code(2)
        .stderr(contains("heaps up to 500"));
    grundy()
        .args(["quotient", "0.7x", "--max-heap", "5"])
        .assert()
        .code(2)
        .stderr(contains("at byte 3"));
    grundy()
        .args(["quotient", "kayles", "--max-heap", "-1"])
        .assert()
        .code(2)
        .stderr(contains("non-negative"));
}
