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

/// Ctrl-C stops the computation as --max-order does: the last quotient
/// verified is printed (heaps up to the one the error names), then the
/// error, exit 130.
#[test]
fn ctrl_c_prints_the_last_quotient_verified() {
    let child = common::process()
        .args(["quotient", "0.6", "--max-heap", "60"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Heaps up to 20 or so take well under a second, heaps past 40 minutes.
    std::thread::sleep(std::time::Duration::from_secs(4));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    let done: u64 = stderr
        .split("verified for heaps up to ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!((1..60).contains(&done), "{stderr}");
    assert!(
        stdout.starts_with(&format!("game: 0.6 (misère play, heaps up to {done})\n")),
        "{stdout}"
    );
    assert!(stderr.contains("the quotient printed is the last one verified"));
    // The quotient printed is the one a run to that heap verifies.
    let whole = grundy()
        .args(["quotient", "0.6", "--max-heap", &done.to_string()])
        .output()
        .unwrap();
    assert!(whole.status.success());
    assert_eq!(String::from_utf8(whole.stdout).unwrap(), stdout);
}

/// A quotient that passes a bound names the flag that moves that bound
/// (issue 46 §3): `--max-searched` for the outcome search, `--max-order`
/// for the order, in `quotient` and in `solve --misere` alike.
#[test]
fn a_passed_bound_names_its_flag() {
    // Officers passes a small search bound at heap 17 (verified to 16).
    grundy()
        .args([
            "quotient",
            "0.6",
            "--max-heap",
            "30",
            "--max-searched",
            "10000",
        ])
        .assert()
        .code(2)
        .stdout(contains("orders by heap bound 0..16:"))
        .stderr(contains("error: raise --max-searched, or lower --max-heap"))
        .stderr(contains("grows beyond 10000 searched positions at heap 17"));
    grundy()
        .args(["quotient", "0.6", "--max-heap", "30", "--max-order", "20"])
        .assert()
        .code(2)
        .stderr(contains("error: raise --max-order, or lower --max-heap"));
    grundy()
        .args([
            "solve",
            "0.6",
            "--misere",
            "25",
            "30",
            "--max-searched",
            "10000",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(
            "whose heaps are all at most 16 (by the quotient verified so far); \
             --max-searched (now 10000) lets the quotient's search remember more sums",
        ));
    grundy()
        .args([
            "solve",
            "kayles",
            "--misere",
            "30",
            "40",
            "--max-order",
            "3",
        ])
        .assert()
        .code(2)
        .stderr(contains("grows beyond order 3 at heap 2"))
        .stderr(contains(
            "--max-order (now 3) lets the quotient have more elements",
        ));
    // Raised, the same sum is solved.
    grundy()
        .args([
            "solve",
            "kayles",
            "--misere",
            "30",
            "40",
            "--max-order",
            "40",
        ])
        .assert()
        .success()
        .stdout(contains(
            "method: misère quotient of order 40 on heaps up to 40",
        ));
}

/// A search bound that memory cannot hold is refused before any work,
/// and the quotient's bounds are refused where no quotient is used.
#[test]
fn search_bounds_are_checked_up_front() {
    for command in [
        &["quotient", "0.6", "--max-heap", "30"][..],
        &["solve", "0.6", "--misere", "25", "30"][..],
    ] {
        let started = std::time::Instant::now();
        grundy()
            .args(command)
            .args(["--max-searched", "100000000000000"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(
                "--max-searched 100000000000000 is too large: the outcome search may remember \
                 100000000000000 sums",
            ));
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
    grundy()
        .args(["solve", "cram:3x3", "--misere", "--max-order", "5"])
        .assert()
        .code(2)
        .stderr(contains(
            "--max-order and --max-searched bound the misère quotient of a heap game",
        ));
    grundy()
        .args(["solve", "kayles", "3", "--max-searched", "5"])
        .assert()
        .code(2)
        .stderr(contains("--misere"));
}
