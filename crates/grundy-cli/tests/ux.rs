//! What a new user meets (issue 16, "small things users notice"): messages
//! for negative numbers, the word "misère", quoting in errors, `play`'s help.

mod common;

use common::{error, grundy};
use predicates::prelude::*;

#[test]
fn negative_numbers_are_called_so_whichever_way_written() {
    for args in [
        &["values", "kayles", "--to", "-1"][..],
        &["values", "kayles", "--to=-1"],
        &["values", "kayles", "--to", "5", "--from", "-2"],
        &["period", "0.6", "--max", "-3"],
        &["solve", "kayles", "3", "--limit", "-1"],
        &["solve", "kayles", "3", "--max", "-1"],
    ] {
        let err = error(args);
        assert!(
            err.contains("must be a non-negative integer"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("tip: to pass"), "{args:?}: {err}");
    }
    let err = error(&["solve", "nim", "-3"]);
    assert!(err.contains("heap 1 (\"-3\")"), "{err}");
}

#[test]
fn misere_is_spelled_and_worded_alike_everywhere() {
    grundy()
        .args(["solve", "nim", "--misere", "3"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("game: nim (misère play)\n"));
    // In sub{2} a heap of 1 is a position with a token and no move: the
    // rule is about the last move, not the last token.
    grundy()
        .args(["play", "sub{2}", "3", "--misere"])
        .write_stdin("quit\n")
        .assert()
        .stdout(predicate::str::starts_with(
            "sub{2}, misère play: whoever makes the last move loses.",
        ));
    grundy().args(["play", "--help"]).assert().success().stdout(
        predicate::str::contains("the player who")
            .and(predicate::str::contains("whoever takes the last token loses").not()),
    );
}

#[test]
fn errors_quote_what_was_typed() {
    let err = error(&["values", "0.G", "--to", "3"]);
    assert!(err.contains("found 'G'"), "{err}");
    let err = error(&["solve", "cram:99x9"]);
    assert!(
        err.contains("bad game spec \"cram:99x9\": at byte 5: rows: 99 is out of range"),
        "{err}"
    );
    let err = error(&["solve", "cram:3Y3"]);
    assert!(
        err.contains("expected 'x' between rows and columns, found 'Y'"),
        "{err}"
    );
    // One quoting style: the spec in double quotes, as the other commands.
    let err = error(&["play", "nim?", "3"]);
    assert!(err.starts_with("error: bad game spec \"nim?\""), "{err}");
    let err = error(&["values", "sub{cubes}", "--to", "3"]);
    assert!(
        err.contains("unknown set 'cubes'") && err.contains("squares, pow2, primes, fib"),
        "{err}"
    );
}

#[test]
fn play_help_lines_line_up() {
    let out = grundy()
        .args(["play", "nim", "3"])
        .write_stdin("help\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let start = text.find("H K ").expect("help shown");
    let start = text[..start].rfind('\n').unwrap() + 1;
    let lines: Vec<&str> = text[start..]
        .lines()
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(lines.len() >= 6, "{text}");
    for line in &lines {
        // The command column, then the description at column 13.
        assert_eq!(&line[..2], "  ", "{line:?}");
        assert!(
            line.len() > 13 && &line[11..13] == "  " && &line[13..14] != " "
                || line[..13].trim().is_empty(),
            "{line:?}"
        );
    }
}

#[test]
fn nim_heaps_of_any_size_in_solve() {
    // 2^70 + 5, 2^70 + 3 and 7: the nim-sum is 5 ^ 3 ^ 7 = 1, so every odd
    // heap has a winning move to one less.
    let two70 = 1u128 << 70;
    let (a, b) = ((two70 + 5).to_string(), (two70 + 3).to_string());
    let out = grundy()
        .args(["solve", "nim", &a, &b, "7", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["heaps"], serde_json::json!([a, b, 7]));
    assert_eq!(v["values"], v["heaps"]);
    assert_eq!(v["nim_sum"], 1);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([
            {"heap": 0, "from": a, "to": [(two70 + 4).to_string()]},
            {"heap": 1, "from": b, "to": [(two70 + 2).to_string()]},
            {"heap": 2, "from": 7, "to": [6]},
        ])
    );
    assert_eq!(v["total_winning_moves"], 3);

    // The example: misère, a huge heap beside a 3. Not every heap is
    // 0 or 1, so the move is Bouton's: the huge heap goes to 3.
    grundy()
        .args(["solve", "nim", "--misere", "99999999999999999999", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "heap 1: 99999999999999999999 -> 3   (take 99999999999999999996)",
        ));
    // Two huge equal heaps and two single tokens: misère P (an even number
    // of ones beside a pair that cancels).
    let out = grundy()
        .args(["solve", "nim", "--misere", "1", "1", &a, &a, "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["outcome"].as_str(), v["nim_sum"].as_u64()),
        (Some("P"), Some(0))
    );

    // Other games take heaps up to 2^64 - 1, and say so.
    let err = error(&["solve", "kayles", "99999999999999999999", "3"]);
    assert!(
        err.contains("is larger than 18446744073709551615")
            && err.contains("Nim takes heaps of any size"),
        "{err}"
    );
}

/// Runs `grundy ARGS` with stderr on a terminal (util-linux `script` gives
/// it one) and returns all it wrote there; `None` where `script` is missing
/// outside CI.
fn on_a_terminal(args: &str) -> Option<String> {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let command = format!("{} {args}", bin.display());
    match std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
    {
        Ok(out) => Some(String::from_utf8_lossy(&out.stdout).into_owned()),
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: no `script` to give grundy a terminal ({e})");
            None
        }
        Err(e) => panic!("`script` (util-linux) is needed for this test: {e}"),
    }
}

#[test]
fn tabulating_without_a_theorem_shows_how_far_and_how_long() {
    // Grundy's game has no periodicity theorem: solve tabulates G(0..h),
    // so the progress line knows its end (h + 1 values).
    let Some(screen) = on_a_terminal("solve grundy-game 25000") else {
        return;
    };
    assert!(screen.contains("computing values: "), "{screen}");
    assert!(screen.contains(" of 25001 ("), "{screen}");
    assert!(screen.contains("s left"), "{screen}");
    assert!(
        screen.contains("heaps:  25000"),
        "the answer follows: {screen}"
    );
}

#[test]
fn a_subtraction_set_with_a_huge_element_answers_at_once_in_little_memory() {
    // sub{1..16777216}: every proof needs values up to n = 2^24 at least,
    // beyond the default --max, so the period search says so at once
    // instead of computing 2^20 values in gigabytes of rings.
    let out = grundy()
        .args(["period", "sub{1..16777216}", "--json"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "sub{1..16777216}", "the name stays short");
    assert_eq!(v["status"], "unknown");
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("every proof needs values up to n = 16777216"),
        "{v}"
    );
    grundy()
        .args(["period", "sub{1..16777216}"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "hint: --max 16777216 or more lets the search look for a proof",
        ));
    // Its values, under a 1.5 GB address-space limit: every smaller heap is
    // an option, so G(n) = n below 2^24 (the mex of 0..n-1).
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            &format!(
                "ulimit -v 1500000 && exec '{}' values 'sub{{1..16777216}}' --to 1000",
                assert_cmd::cargo::cargo_bin("grundy").display()
            ),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 1001);
    for (n, row) in rows.iter().enumerate() {
        let g = row.split('\t').nth(1).unwrap();
        assert_eq!(g, n.to_string(), "G({n})");
    }
}

#[test]
fn play_asks_again_after_a_line_that_is_not_utf8() {
    for (args, example) in [
        (&["play", "nim", "3"][..], "'1 2'"),
        (&["play", "cram:2x2"][..], "'a1 a2'"),
    ] {
        let out = grundy()
            .args(args)
            .write_stdin(&b"\xff\xfe\nquit\n"[..])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!(
                "that line is not valid UTF-8; type a move such as {example}"
            )),
            "{args:?}: {text}"
        );
        // The prompt came again, and `quit` ended the game.
        assert!(text.matches("your move (").count() >= 2, "{text}");
    }
}

#[test]
fn a_bad_heap_beside_a_huge_nim_heap_is_the_one_named() {
    let err = error(&["solve", "nim", "99999999999999999999999", "abc"]);
    assert!(err.contains("heap 2 (\"abc\")"), "{err}");
    let err = error(&["solve", "nim", "99999999999999999999999", "-3"]);
    assert!(
        err.contains("heap 2 (\"-3\"): a heap size cannot be negative"),
        "{err}"
    );
}

#[test]
fn stats_of_a_long_nim_window_is_an_error_when_memory_is_short() {
    // Nim's values all differ: --stats keeps one histogram entry per heap,
    // which 3·10^7 heaps cannot have under a 600 MB address-space limit.
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            &format!(
                "ulimit -v 600000 && exec '{}' values nim --to 30000000 --stats",
                assert_cmd::cargo::cargo_bin("grundy").display()
            ),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("out of memory"), "{err}");
    assert!(!err.contains("memory allocation"), "no abort: {err}");
}
