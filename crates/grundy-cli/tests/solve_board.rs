//! `grundy solve` on board specs, which name a whole start position.

mod common;

use common::{grundy, json};
use predicates::prelude::*;

#[test]
fn even_by_even_cram_is_a_second_player_win() {
    // By symmetry (answer every domino with its point reflection) every
    // even-by-even Cram board is a P-position with value *0.
    for board in ["cram:2x2", "cram:2x4", "cram:4x4"] {
        let out = grundy().args(["solve", board, "--json"]).output().unwrap();
        assert!(out.status.success(), "{board}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["game"], board);
        assert_eq!(json["value"], 0, "{board}");
        assert_eq!(json["outcome"], "P", "{board}");
        assert_eq!(json["winning_moves"], serde_json::json!([]), "{board}");
    }
}

#[test]
fn a_row_of_cram_is_dawsons_kayles() {
    // A 1xn strip is Dawson's Kayles on n tokens: 1x4 is worth *2 and only
    // the middle domino wins (it leaves two single cells).
    let out = grundy()
        .args(["solve", "cram:1x4", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["value"], 2);
    assert_eq!(json["outcome"], "N");
    assert_eq!(
        json["winning_moves"],
        serde_json::json!([{"move": "b1-c1", "cells": [[0, 1], [0, 2]]}])
    );
}

#[test]
fn chomp_is_a_first_player_win() {
    // Strategy stealing: every rectangle but 1x1 is an N-position. On a
    // square board the winning move bites at b2, leaving an L.
    for board in ["chomp:3x4", "chomp:4x4", "chomp:2x5"] {
        grundy()
            .args(["solve", board])
            .assert()
            .success()
            .stdout(predicate::str::contains("outcome: N"));
    }
    grundy()
        .args(["solve", "chomp:4x4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("bite b2"));
}

#[test]
fn boards_take_no_heaps_and_bad_specs_are_located() {
    grundy()
        .args(["solve", "cram:4x5", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("takes no heaps"));
    grundy()
        .args(["solve", "cram:4y5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at byte 6"));
}

#[test]
fn wide_boards_solve_with_their_winning_moves() {
    // 4x9 was refused when boards had at most 8 columns. Even by odd: N
    // (the first player takes the centre and mirrors); every listed move
    // must leave a P-position, which `solve` on the drawing confirms.
    let out = grundy()
        .args(["solve", "cram:4x9", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["value"], 1);
    let moves = json["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 37);
    assert!(json["search"]["nodes"].as_u64().unwrap() > 0);
    assert!(json["search"]["table_bytes"].as_u64().unwrap() > 0);
    // The first winning move, drawn and solved again: P.
    let cells = &moves[0]["cells"];
    let mut rows = vec![vec!['.'; 9]; 4];
    for c in cells.as_array().unwrap() {
        rows[c[0].as_u64().unwrap() as usize][c[1].as_u64().unwrap() as usize] = '#';
    }
    let drawing: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    let spec = format!("cram:{}", drawing.join("/"));
    grundy()
        .args(["solve", &spec])
        .assert()
        .success()
        .stdout(predicate::str::contains("outcome: P"));
}

#[test]
fn outcome_only_and_a_memory_limit() {
    grundy()
        .args(["solve", "cram:3x5", "--outcome"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: not computed (--outcome)"))
        .stdout(predicate::str::contains("outcome: N"))
        .stdout(predicate::str::contains("a winning move"));
    let out = grundy()
        .args(["solve", "cram:4x5", "--tt-mem", "4K", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Beling & Rogalski: 4x5 is worth *2, however small the table.
    assert_eq!(json["value"], 2);
    assert!(json["search"]["table_bytes"].as_u64().unwrap() <= 4096);
    refused(&[
        (
            &["solve", "cram:3x3", "--tt-mem", "lots"],
            "expected a size",
        ),
        (
            &["solve", "nim", "3", "4", "--outcome"],
            "for board positions",
        ),
    ]);
}

/// Each command exits 2 with an error that says `words`.
fn refused(cases: &[(&[&str], &str)]) {
    for (args, words) in cases {
        grundy()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*words));
    }
}

#[test]
fn any_number_of_threads_gives_the_same_answer() {
    let run = |threads: &str| {
        let json = json(&["solve", "cram:4x7", "--threads", threads, "--json"]);
        (json["value"].clone(), json["winning_moves"].clone())
    };
    let one = run("1");
    // Cram 4x7 is worth *3 (igsolve, an independent solver, says so too).
    assert_eq!(one.0, 3);
    assert!(!one.1.as_array().unwrap().is_empty());
    assert_eq!(run("2"), one);
    assert_eq!(run("3"), one);
    refused(&[
        (&["solve", "cram:3x3", "--threads", "0"], "--threads"),
        (
            &["solve", "nim", "3", "4", "--threads", "2"],
            "for board positions",
        ),
    ]);
}

#[test]
fn an_endgame_table_is_built_once_then_read_and_a_bad_one_is_refused() {
    let dir = std::env::temp_dir().join(format!("grundy-db-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("cram-4x5-upto8.grundydb");
    let run = || {
        let dir = dir.to_str().expect("a UTF-8 temporary folder");
        json(&[
            "solve",
            "cram:4x5",
            "--db",
            dir,
            "--db-cells",
            "8",
            "--json",
        ])
    };
    // Built (the folder is made), then read: the same table, the same
    // answer as without it (Beling & Rogalski: 4x5 is worth *2).
    let first = run();
    assert!(file.exists());
    let bytes = std::fs::read(&file).unwrap();
    let second = run();
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    for json in [&first, &second] {
        assert_eq!(json["value"], 2);
        assert_eq!(json["endgame"]["max_cells"], 8);
        assert!(json["endgame"]["regions"].as_u64().unwrap() > 100, "{json}");
        assert!(json["endgame"]["hits"].as_u64().unwrap() > 0, "{json}");
    }
    let plain = grundy()
        .args(["solve", "cram:4x5", "--json"])
        .output()
        .unwrap();
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert_eq!(plain["winning_moves"], first["winning_moves"]);
    assert!(plain.get("endgame").is_none(), "no table, no key");
    // A damaged table is an error that names the file, and is left alone.
    let mut damaged = bytes.clone();
    damaged[40] ^= 0x10;
    std::fs::write(&file, &damaged).unwrap();
    grundy()
        .args(["solve", "cram:4x5", "--db"])
        .arg(&dir)
        .args(["--db-cells", "8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cram-4x5-upto8.grundydb cannot be used",
        ))
        .stderr(predicate::str::contains("checksum"));
    assert_eq!(std::fs::read(&file).unwrap(), damaged);
    // Only Cram has a table.
    for (args, words) in [
        (vec!["solve", "chomp:3x3", "--db"], "chomp:3x3 is Chomp"),
        (vec!["solve", "nim", "3", "--db"], "nim is a heap game"),
        (vec!["solve", "nodekayles:path:4", "--db"], "is Node Kayles"),
    ] {
        grundy()
            .args(&args)
            .arg(&dir)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(words));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn node_kayles_families_and_files() {
    // A path of n vertices is the octal game 0.137 with a heap of n.
    let heap = grundy()
        .args(["values", "0.137", "--to", "25", "--json"])
        .output()
        .unwrap();
    let heap: serde_json::Value = serde_json::from_slice(&heap.stdout).unwrap();
    for n in [1u64, 5, 12, 25] {
        let out = grundy()
            .args(["solve", &format!("nodekayles:path:{n}"), "--json"])
            .output()
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["value"], heap["values"][n as usize], "path of {n}");
    }
    // A 4-cycle from a file: a pick leaves one vertex, so it is P.
    let dir = std::env::temp_dir().join(format!("grundy-nodekayles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("square.txt");
    std::fs::write(&file, "a b\nb c\nc d\nd a\n").unwrap();
    grundy()
        .args(["solve", &format!("nodekayles:{}", file.display())])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(4 vertices)\nvalue: *0\noutcome: P",
        ));
    std::fs::remove_dir_all(&dir).unwrap();
    // The star's centre takes everything.
    grundy()
        .args(["solve", "nodekayles:star:5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("pick 1\n"));
    for (spec, words) in [
        ("nodekayles:path:0", "out of range"),
        ("nodekayles:grid:3y3", "expected 'x'"),
        ("nodekayles:no-such-file", "not a graph family"),
    ] {
        grundy()
            .args(["solve", spec])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(words));
    }
}
