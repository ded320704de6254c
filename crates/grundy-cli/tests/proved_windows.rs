//! Issue 16, sections 1 and 2, run as the real binary: values read from a
//! proved period (any window, any offset, streamed, with a note), the one
//! set of limits, out of memory as an error, and apparent periods of games
//! with no theorem.
//!
//! Expected values come from brute force from the games' definitions (the
//! test kit's), never from the program's own output.

mod common;

use common::{grundy, run};
use grundy_testkit::heaps::{subtraction_values, take_break_values};
use grundy_testkit::mex;
use std::io::{BufRead, BufReader, Read};
use std::process::Stdio;
use std::time::{Duration, Instant};

use predicates::str::contains;

/// The `G(n)` column of a `values` table.
fn table_values(text: &str) -> Vec<(u64, u64)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("n\t"))
        .map(|l| {
            let mut cols = l.split('\t');
            let n = cols.next().unwrap().parse().unwrap();
            let g = cols.next().unwrap().parse().unwrap();
            (n, g)
        })
        .collect()
}

/// The smallest p and n0 with g[n + p] = g[n] for n0 <= n over all of `g`
/// (an independent look at the brute-force values, no theorem).
fn observed_period(g: &[u64]) -> (usize, usize) {
    for p in 1..g.len() / 3 {
        let mut n0 = g.len() - p;
        while n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
            n0 -= 1;
        }
        if g.len() - p - n0 >= 2 * p + 100 {
            return (n0, p);
        }
    }
    panic!("no period seen");
}

#[test]
fn kayles_and_dawson_say_their_values_come_from_the_period() {
    for (spec, game, digits, to) in [
        ("kayles", "0.77", &[0u8, 7, 7][..], "1000000"),
        ("0.07", "0.07", &[0, 0, 7][..], "4000000"),
    ] {
        let started = Instant::now();
        let (code, out, err) = run(&["values", spec, "--to", to]);
        assert_eq!(code, Some(0), "{spec}: {err}");
        assert!(started.elapsed() < Duration::from_secs(30), "{spec}");
        let note: Vec<&str> = err.lines().collect();
        assert_eq!(note.len(), 1, "{spec}: one line: {err}");
        assert!(
            note[0].starts_with(&format!("note: {game} has period ")),
            "{err}"
        );
        assert!(note[0].contains("are read from the period"), "{err}");
        // Brute force from the definition over a smaller window: the
        // values the program reads from its period agree with it.
        let brute = take_break_values(digits, 3000);
        let rows = table_values(&out);
        assert_eq!(rows.len(), to.parse::<usize>().unwrap() + 1);
        for &(n, g) in &rows[..=3000] {
            assert_eq!(g, brute[n as usize], "{spec} G({n})");
        }
        // Far values: the period seen in the brute-force values, by hand.
        let (n0, p) = observed_period(&brute);
        for &(n, g) in rows.iter().rev().take(500) {
            let base = n0 + (n as usize - n0) % p;
            assert_eq!(g, brute[base], "{spec} G({n})");
        }
    }
    // The JSON on stdout is the contract's, and the note goes to stderr.
    let (code, out, err) = run(&[
        "values", "0.07", "--from", "3999990", "--to", "4000000", "--json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["from"], 3_999_990);
    assert_eq!(v["values"].as_array().unwrap().len(), 11);
    assert!(
        err.starts_with("note: 0.07 has period 34 from n = 53"),
        "{err}"
    );
}

#[test]
fn windows_of_proved_games_at_any_offset() {
    // sub{1,3,4}: from the definition, G repeats 0,1,0,1,2,3,2 from 0.
    let brute = subtraction_values(&[1, 3, 4], 699);
    assert_eq!(&brute[..7], &[0, 1, 0, 1, 2, 3, 2]);
    assert!((0..693).all(|n| brute[n] == brute[n + 7]));
    let from: u64 = 1_000_000_000_000;
    let (code, out, err) = run(&[
        "values",
        "sub{1,3,4}",
        "--from",
        "1000000000000",
        "--to",
        "1000000000005",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let want: Vec<(u64, u64)> = (from..=from + 5)
        .map(|n| (n, brute[(n % 7) as usize]))
        .collect();
    assert_eq!(table_values(&out), want);
    assert!(err.contains("period 7 from n = 0"), "{err}");

    // --stats over 700001 far heaps, counted over periods, against a count
    // of the brute-force values.
    let (code, out, _) = run(&[
        "values",
        "sub{1,3,4}",
        "--from",
        "1000000000000",
        "--to",
        "1000000700000",
        "--stats",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut counts = [0u64; 4];
    for n in from..=from + 700_000 {
        counts[brute[(n % 7) as usize] as usize] += 1;
    }
    for (g, c) in counts.iter().enumerate() {
        assert_eq!(v["stats"]["histogram"][g.to_string()], *c, "value {g}");
    }
    assert_eq!(v["stats"]["max"], 3);
    // 10^12 = 1 (mod 7), so the first 3 (residue 5) is at 10^12 + 4.
    assert_eq!(v["stats"]["max_at"], from + 4);

    // Nim at the very top of u64: G(n) = n.
    let (code, out, _) = run(&[
        "values",
        "nim",
        "--from",
        "18446744073709551610",
        "--to",
        "18446744073709551615",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let got: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(got, (u64::MAX - 5..=u64::MAX).collect::<Vec<_>>());
    // Nim's values all differ, so --stats counts each: the whole of u64 is
    // refused with the limit (it once overflowed counting 2^64 heaps).
    grundy()
        .args(["values", "nim", "--to", "18446744073709551615", "--stats"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::starts_with(
            "error: --stats over 18446744073709551616 heaps of nim",
        ))
        .stderr(contains("at most 17179869184"));
}

#[test]
fn the_whole_of_nim_streams_into_a_closed_pipe() {
    let mut child = common::process()
        .args(["values", "nim", "--to", "18446744073709551615"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let head: Vec<String> = lines.by_ref().take(12).map(|l| l.unwrap()).collect();
    assert_eq!(head[2], "0\t0\tP");
    assert_eq!(head[11], "9\t9");
    // The read end closes here, as `head` closes it.
    drop(lines);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(
        err.lines().all(|l| l.starts_with("note: nim has G(n) = n")),
        "{err}"
    );
}

#[test]
fn limits_are_checked_before_any_work() {
    let started = Instant::now();
    grundy()
        .args(["period", "0.6", "--max", "99999999999999"])
        .assert()
        .code(2)
        .stderr(contains("--max 99999999999999 is too large"))
        .stderr(contains("at most 17179869184"))
        .stderr(contains("use a smaller --max"));
    grundy()
        .args(["values", "half", "--to", "17179869184"])
        .assert()
        .code(2)
        .stderr(contains("at most 17179869184"))
        .stderr(contains("ask for a smaller --to"));
    // The same limit for every command that keeps values.
    grundy()
        .args(["solve", "0.6", "--max", "99999999999999", "5"])
        .assert()
        .code(2)
        .stderr(contains("at most 17179869184"))
        .stderr(contains("use a smaller --max"));
    let dir = scratch("limits");
    let file = dir.join("officers.bin");
    grundy()
        .args(["values", "0.6", "--to", "100000000000000", "--out"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(contains("at most 17179869184"));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// An empty directory of this test process's own.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `grundy ARGS` under `ulimit -v 3000000` (3 GB of address space);
/// `None` when this shell cannot set the limit.
fn under_ulimit(args: &str) -> Option<std::process::Output> {
    let probe = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 3000000"])
        .status()
        .ok()?;
    if !probe.success() {
        return None;
    }
    let bin = env!("CARGO_BIN_EXE_grundy");
    Some(
        std::process::Command::new("sh")
            .args(["-c", &format!("ulimit -v 3000000 && exec {bin} {args}")])
            .output()
            .unwrap(),
    )
}

#[test]
fn out_of_memory_is_an_error_not_an_abort() {
    for args in ["values 0.6 --to 4000000000", "period 0.6 --max 4000000000"] {
        let Some(out) = under_ulimit(args) else {
            eprintln!("skipped: ulimit -v is not available");
            return;
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert!(err.starts_with("error: out of memory: "), "{args}: {err}");
        assert!(err.contains("bytes"), "{args}: {err}");
        assert!(out.stdout.is_empty(), "{args}");
    }
    // --out keeps the values while writing them: refused the same way,
    // before any file is made.
    let dir = scratch("oom");
    let file = dir.join("officers.bin");
    let out = under_ulimit(&format!(
        "values 0.6 --to 4000000000 --out {}",
        file.display()
    ))
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: out of memory: "), "{err}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
    // Kayles's values come from its period: nothing big is allocated.
    let out = under_ulimit("values kayles --from 3999999990 --to 4000000000 --json").unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let brute = take_break_values(&[0, 7, 7], 399);
    let (n0, p) = observed_period(&brute);
    let want: Vec<u64> = (3_999_999_990usize..=4_000_000_000)
        .map(|n| brute[n0 + (n - n0) % p])
        .collect();
    assert_eq!(v["values"], serde_json::json!(want));
}

#[test]
fn games_with_no_theorem_report_what_they_seem_to_do_unproved() {
    // allbut{1,2} from the definition: take any number but 1 or 2.
    let mut g: Vec<u64> = Vec::new();
    for h in 0..600usize {
        let options: Vec<u64> = (3..=h).map(|s| g[h - s]).collect();
        g.push(mex(options));
    }
    // G(n + 3) = G(n) + 1 over the whole brute-force range.
    assert!((0..597).all(|n| g[n + 3] == g[n] + 1));
    let (code, out, err) = run(&["period", "allbut{1,2}", "--max", "600", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The contract's fields are unchanged ...
    assert_eq!(v["status"], "unknown");
    assert_eq!(v["checked_to"], 600);
    assert!(v.get("period").is_none());
    // ... and the pattern seen is extra, marked as not proved.
    let seen = &v["apparent"];
    assert_eq!(seen["proved"], false);
    assert_eq!(
        (seen["period"].as_u64(), seen["saltus"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(seen["preperiod"], 0);
    assert_eq!(seen["seen_to"], 600);

    let (code, out, _) = run(&["period", "allbut{1,2}", "--max", "600"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("period: unknown"), "{out}");
    assert!(
        out.contains("apparent: looks arithmetic-periodic with period 3 and saltus 1 from n = 0"),
        "{out}"
    );
    assert!(out.contains("NOT proved"), "{out}");

    // Grundy's game shows no period in its first 1000 values; --max goes
    // past the default 10000 when asked.
    let v: serde_json::Value =
        serde_json::from_str(&run(&["period", "grundy-game", "--max", "1000", "--json"]).1)
            .unwrap();
    assert_eq!(v["status"], "unknown");
    assert!(v["apparent"].is_null() && v.get("apparent").is_some());
    let v: serde_json::Value =
        serde_json::from_str(&run(&["period", "sub{squares}", "--max", "30000", "--json"]).1)
            .unwrap();
    assert_eq!(v["checked_to"], 30000);
    // A game with a theorem has no "apparent" field.
    let v: serde_json::Value =
        serde_json::from_str(&run(&["period", "kayles", "--json"]).1).unwrap();
    assert!(v.get("apparent").is_none());
}
