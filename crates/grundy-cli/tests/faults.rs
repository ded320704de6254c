//! The CLI under faults (issue 15 section 3): a closed pipe ends `--json`
//! output as quietly as text, and Ctrl-C or SIGTERM stops a long command
//! within a second with exit 130 and how far it got.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::process as grundy;
use std::time::{Duration, Instant};

#[test]
fn json_into_a_closed_pipe_exits_quietly_like_text() {
    for json in [false, true] {
        let mut cmd = grundy();
        cmd.args(["values", "kayles", "--to", "100000"]);
        if json {
            cmd.arg("--json");
        }
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The read end is closed here (dropped above), as `head -c 10` does.
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "json={json}");
        // Nothing but the note that says the values come from Kayles's
        // proved period: no broken-pipe error.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr
                .lines()
                .all(|l| l.starts_with("note: 0.77 has period 12")),
            "json={json}: {stderr}"
        );
    }
}

/// Starts `args`, sends `signal` after half a second, and checks that the
/// command stopped within a second of it with exit 130 and a message.
fn stops_on(signal: &str, args: &[&str]) {
    let child = grundy()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{args:?}: {stderr}");
    assert!(took < Duration::from_secs(1), "{args:?} took {took:?}");
    assert!(stderr.starts_with("interrupted: "), "{args:?}: {stderr}");
    assert!(stderr.contains("G(0.."), "{args:?}: {stderr}");
    if args[0] == "values" {
        // Values stream as they are computed (issue 46 §3): what was
        // printed is the start of the answer, never a wrong one.
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(
            printed.is_empty()
                || printed.starts_with(
                    r#"{"game":"0.6","from":0,"to":1000000000,"values":[0,0,1,2,0,1,2,3,"#
                ),
            "{args:?}: {printed:.200}"
        );
        if !printed.is_empty() {
            // A stopped --json run still prints one valid object: the
            // values computed, and the first heap it did not reach.
            let json: serde_json::Value = serde_json::from_str(&printed)
                .unwrap_or_else(|e| panic!("{args:?}: not one JSON object ({e}): {printed:.200}"));
            let listed = json["values"].as_array().unwrap().len() as u64;
            assert!(listed > 0 && listed < 1_000_000_001, "{args:?}");
            assert_eq!(json["stopped_before"], listed, "{args:?}");
            assert!(printed.ends_with("}\n"), "{args:?}");
        }
    } else {
        assert!(out.stdout.is_empty(), "{args:?}: no half answer");
    }
}

#[test]
fn sigterm_stops_a_long_period_search() {
    stops_on("-TERM", &["period", "0.6", "--max", "20000000"]);
}

#[test]
fn ctrl_c_stops_a_long_values_table() {
    // Officers has no known period: every value is computed (0.07 and Kayles
    // are copied from their proved periods, far too fast to interrupt).
    stops_on("-INT", &["values", "0.6", "--to", "1000000000", "--json"]);
}

#[test]
fn ctrl_c_stops_a_long_solve() {
    stops_on("-INT", &["solve", "grundy-game", "1000000"]);
}
