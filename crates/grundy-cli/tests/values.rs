//! `grundy values` run as a real binary.

mod common;

use common::{grundy, json};
use predicates::prelude::*;
use predicates::str::contains;

#[test]
fn subtraction_134_marks_p_positions_at_0_and_2_mod_7() {
    let out = grundy()
        .args(["values", "sub{1,3,4}", "--to", "20"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('n'))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let n: u64 = cols[0].parse().unwrap();
        let marked_p = cols.get(2) == Some(&"P");
        assert_eq!(marked_p, n.is_multiple_of(7) || n % 7 == 2, "{line}");
        assert_eq!(marked_p, cols[1] == "0", "{line}");
        rows += 1;
    }
    assert_eq!(rows, 21);
}

#[test]
fn json_has_the_contract_fields() {
    let v = json(&[
        "values", "kayles", "--from", "3", "--to", "11", "--json", "--stats",
    ]);
    assert_eq!(v["game"], "0.77");
    assert_eq!(v["from"], 3);
    assert_eq!(v["to"], 11);
    // OEIS A002186 from n = 3.
    assert_eq!(v["values"], serde_json::json!([3, 1, 4, 3, 2, 1, 4, 2, 6]));
    assert_eq!(v["stats"]["max"], 6);
    assert_eq!(v["stats"]["max_at"], 11);
    assert_eq!(v["stats"]["histogram"]["4"], 2);
    let total: u64 = v["stats"]["histogram"]
        .as_object()
        .unwrap()
        .values()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(total, 9);
}

#[test]
fn long_runs_stream_and_nim_needs_no_table() {
    let v = json(&[
        "values",
        "nim",
        "--from",
        "999999990",
        "--to",
        "1000000000",
        "--json",
    ]);
    assert_eq!(v["values"][10], 1_000_000_000u64);
    let out = grundy()
        .args(["values", "sub{1,2}", "--to", "200000"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        out.stdout.iter().filter(|&&b| b == b'\n').count(),
        200_001 + 2
    );
}

#[test]
fn bad_input_is_a_located_error() {
    grundy()
        .args(["values", "sub{1,,3}", "--to", "5"])
        .assert()
        .code(2)
        .stderr(contains("at byte 6: expected a number, found ','"));
    grundy()
        .args(["values", "kayles", "--from", "9", "--to", "5"])
        .assert()
        .code(2)
        .stderr(contains("--from 9 is larger than --to 5"));
    // Officers has no proved period: its values would all be stored.
    grundy()
        .args(["values", "0.6", "--to", "100000000000000"])
        .assert()
        .code(2)
        .stderr(contains("too large"))
        .stderr(contains("at most 17179869184"))
        .stderr(contains("ask for a smaller --to"));
}

/// `values --out`: a run stopped by SIGINT keeps a checkpoint, `--resume`
/// goes on from it, and the finished file is byte for byte the file of a
/// run that was never stopped; `--from-file` reads it back.
#[test]
fn a_stopped_values_file_resumes_to_the_same_bytes() {
    let dir = std::env::temp_dir().join(format!("grundy-values-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("officers.bin");
    let arg = file.to_str().unwrap();
    // Long enough that SIGINT comes first on any machine.
    let child = common::process()
        .args(["values", "0.6", "--to", "4000000000", "--out", arg])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let ckpt = dir.join("officers.bin.ckpt");
    let started = std::time::Instant::now();
    // Wait for a checkpoint with some values in it.
    while !ckpt.exists()
        || std::fs::metadata(dir.join("officers.bin.part"))
            .unwrap()
            .len()
            < 200_000
    {
        assert!(
            started.elapsed().as_secs() < 60,
            "no values written in a minute"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resume"));
    assert!(
        !file.exists(),
        "a stopped run must not leave the finished file"
    );
    let header = std::fs::read(&ckpt).unwrap();
    let kept = u64::from_le_bytes(header[16..24].try_into().unwrap());
    assert!(kept > 0);

    // Going on to a little past the checkpoint, then comparing with one run.
    let to = (kept + 50_000).to_string();
    grundy()
        .args(["values", "0.6", "--to", &to, "--out", arg, "--resume"])
        .assert()
        .success()
        .stdout(contains(format!("resumed at n = {kept}")));
    assert!(!ckpt.exists() && !dir.join("officers.bin.part").exists());
    let once = dir.join("once.bin");
    grundy()
        .args([
            "values",
            "0.6",
            "--to",
            &to,
            "--out",
            once.to_str().unwrap(),
        ])
        .assert()
        .success();
    assert!(std::fs::read(&file).unwrap() == std::fs::read(&once).unwrap());

    // Reading back gives the values a computation prints.
    let tail = ["--from", "1000", "--to", "1200"];
    let back = grundy()
        .args(["values", "--from-file", arg])
        .args(tail)
        .output()
        .unwrap();
    let direct = grundy()
        .args(["values", "0.6"])
        .args(tail)
        .output()
        .unwrap();
    assert!(back.status.success());
    assert_eq!(back.stdout, direct.stdout);

    // A damaged file is refused, never used.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    grundy()
        .args(["values", "--from-file", arg])
        .assert()
        .code(2)
        .stderr(contains("checksum"));
    grundy()
        .args([
            "values",
            "0.77",
            "--to",
            &to,
            "--out",
            once.to_str().unwrap(),
            "--resume",
        ])
        .assert()
        .code(2)
        .stderr(contains("holds values of the game 0.6, not 0.77"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Misère Nim (Bouton) gives `*0 = 0^120`, `*1 = 1^031` and, for `n >= 2`,
/// `n^{n, n xor 2}`; every `γ0` is 0 exactly on the misère P-positions.
#[test]
fn genus_of_nim_heaps_follows_bouton() {
    let v = json(&["values", "nim", "--to", "5", "--genus", "--json"]);
    assert_eq!(
        v["genus"],
        serde_json::json!(["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"])
    );
    grundy()
        .args(["values", "kayles", "--to", "2", "--genus"])
        .assert()
        .success()
        .stdout(contains(
            "n\tG(n)\tgenus\n0\t0\t0^120\n1\t1\t1^031\n2\t2\t2^20\n",
        ));
    grundy()
        .args(["values", "kayles", "--to", "5000", "--genus"])
        .assert()
        .code(2)
        .stderr(contains("heaps up to 4096"));
}

/// `values --out --json` ends with what the engine knows: its rare
/// positions and the period it proved (Kayles: 12 from 71, Guy–Smith) or
/// none (Officers, whose 1583 rare positions all lie below 20 628).
#[test]
fn values_file_statistics_name_the_rare_set_and_the_period() {
    let dir = std::env::temp_dir().join(format!("grundy-values-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kayles = dir.join("kayles.bin");
    let v = json(&[
        "values",
        "kayles",
        "--to",
        "100000",
        "--out",
        kayles.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["count"], 100_001);
    assert_eq!(
        v["period"],
        serde_json::json!({"preperiod": 71, "period": 12})
    );
    assert_eq!(
        v["candidate_period"],
        serde_json::json!({"from": 71, "period": 12})
    );
    assert!(v["rare"].as_u64().is_some());
    let officers = dir.join("officers.bin");
    let v = json(&[
        "values",
        "0.6",
        "--to",
        "40000",
        "--out",
        officers.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["period"], serde_json::Value::Null);
    assert_eq!(v["rare"], 1583);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Resuming a file that already holds every value says so, rather than a
/// rate of "0 values/s".
#[test]
fn resuming_a_complete_file_says_nothing_was_left() {
    let dir = std::env::temp_dir().join(format!("grundy-resume-done-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.bin");
    let path = file.to_str().unwrap();
    grundy()
        .args(["values", "kayles", "--to", "1000", "--out", path])
        .assert()
        .success();
    grundy()
        .args([
            "values", "kayles", "--to", "1000", "--out", path, "--resume",
        ])
        .assert()
        .success()
        .stdout(contains("every value was already in the file"))
        .stdout(contains("values/s").not());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A long run of the octal engine prints its first values while it goes
/// on computing, and a reader that has seen enough (`| head`) ends it at
/// once: Officers (0.6) to 10^8 takes minutes, its first lines come
/// within seconds, and closing the pipe stops the run, which succeeds.
#[test]
fn values_stream_as_they_are_computed_and_head_ends_the_run() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;

    let expected = grundy()
        .args(["values", "0.6", "--to", "40"])
        .output()
        .unwrap();
    let expected: Vec<String> = String::from_utf8(expected.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .take(40)
        .map(String::from)
        .collect();
    for json in [false, true] {
        let mut cmd = common::process();
        cmd.args(["values", "0.6", "--to", "100000000"]);
        if json {
            cmd.arg("--json");
        }
        let mut child = cmd
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut first = String::new();
            if json {
                // The object opens and its values come before it closes.
                let mut bytes = vec![0; 300];
                std::io::Read::read_exact(&mut stdout, &mut bytes).unwrap();
                first = String::from_utf8(bytes).unwrap();
            } else {
                for _ in 0..41 {
                    stdout.read_line(&mut first).unwrap();
                }
            }
            tx.send(first).unwrap();
            // The reader goes away, as `head` does.
        });
        let first = rx.recv_timeout(Duration::from_secs(60));
        let Ok(first) = first else {
            child.kill().unwrap();
            panic!("no values within a minute of a run to 10^8 (json: {json})");
        };
        reader.join().unwrap();
        if json {
            let values: Vec<&str> = expected
                .iter()
                .skip(1)
                .map(|l| l.split('\t').nth(1).unwrap())
                .collect();
            let start = format!(
                r#"{{"game":"0.6","from":0,"to":100000000,"values":[{},"#,
                values.join(",")
            );
            assert!(first.starts_with(&start), "{first}");
        } else {
            let lines: Vec<&str> = first.lines().skip(1).collect();
            assert_eq!(lines, expected);
        }
        // The closed pipe ends the run within a chunk or two.
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > Duration::from_secs(60) {
                child.kill().unwrap();
                panic!("the run went on a minute after its reader left");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(status.success(), "{status}");
    }
}
