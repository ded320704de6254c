//! `grundy solve` on board specs, which name a whole start position.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

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
        serde_json::json!([{"move": "(0,1)-(0,2)", "cells": [[0, 1], [0, 2]]}])
    );
}

#[test]
fn chomp_is_a_first_player_win() {
    // Strategy stealing: every rectangle but 1x1 is an N-position. On a
    // square board the winning move bites at (1,1), leaving an L.
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
        .stdout(predicate::str::contains("bite (1,1)"));
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
