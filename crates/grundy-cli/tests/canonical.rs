//! `grundy solve --misere --canonical` run as a real binary: the forms
//! against CGSuite's published one, and their outcomes and values against
//! grundy's other misère and normal-play engines.

mod common;

use common::{grundy, json};
use predicates::str::contains;

fn canonical(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.extend(["--misere", "--canonical", "--json"]);
    json(&all)
}

#[test]
fn cgsuite_misere_cram_board() {
    // CGSuite's own test (GameGridTest, "Misere Cram"): the board
    // ".........|##.######" has misère canonical form *[2[2]321].
    let v = canonical(&["cram:........./##.######"]);
    assert_eq!(v["canonical"], "*[2[2]321]");
    assert_eq!(v["convention"], "misere");
    grundy()
        .args([
            "solve",
            "cram:........./##.######",
            "--misere",
            "--canonical",
        ])
        .assert()
        .success()
        .stdout(contains("misère canonical form: *[2[2]321]"));
}

#[test]
fn heap_sums_have_the_outcome_of_the_misere_search_and_the_normal_value() {
    for game in ["kayles", "dawson", "grundy-game", "sub{1,3,4}"] {
        for heaps in [
            &["3"][..],
            &["5", "2"],
            &["7"],
            &["4", "4"],
            &["6", "3", "1"],
            &["9"],
        ] {
            let form = canonical(&[&[game][..], heaps].concat());
            let mut args = vec!["solve", game];
            args.extend_from_slice(heaps);
            args.extend(["--misere", "--json"]);
            let misere = json(&args);
            assert_eq!(form["outcome"], misere["outcome"], "{game} {heaps:?}");
            args.retain(|&a| a != "--misere");
            let normal = json(&args);
            let xor = normal["values"]
                .as_array()
                .unwrap()
                .iter()
                .fold(0, |x, v| x ^ v.as_u64().unwrap());
            assert_eq!(form["normal_value"], xor, "{game} {heaps:?}");
        }
    }
}

#[test]
fn node_kayles_on_a_path_is_the_octal_game_0137() {
    for n in 1..=10 {
        let path = format!("nodekayles:path:{n}");
        let graph = canonical(&[&path]);
        let heap = canonical(&["0.137", &n.to_string()]);
        assert_eq!(graph["canonical"], heap["canonical"], "path of {n}");
    }
}

#[test]
fn boards_have_the_outcome_of_the_misere_search() {
    for board in ["cram:2x3", "cram:3x3", "chomp:2x4", "chomp:3x3", "cram:1x7"] {
        let form = canonical(&[board]);
        let misere = json(&["solve", board, "--misere", "--json"]);
        assert_eq!(form["outcome"], misere["outcome"], "{board}");
    }
}

#[test]
fn canonical_needs_misere_and_stops_at_its_bound() {
    grundy()
        .args(["solve", "kayles", "--canonical", "3"])
        .assert()
        .code(2)
        .stderr(contains("--misere"));
    grundy()
        .args([
            "solve",
            "kayles",
            "--misere",
            "--canonical",
            "30",
            "--max-forms",
            "100",
        ])
        .assert()
        .code(2)
        .stderr(contains("more than 100 distinct canonical forms"));
    grundy()
        .args(["solve", "kayles", "--misere", "--canonical", "30"])
        .assert()
        .code(2)
        .stderr(contains(
            "written out it takes more than 16777216 characters",
        ));
}

/// `--max-forms 0` is refused as a bad value (it said "more than 1
/// distinct canonical forms"), in `solve` and `graph` alike.
#[test]
fn max_forms_zero_is_a_bad_value() {
    for args in [
        &[
            "solve",
            "nim",
            "2",
            "2",
            "--misere",
            "--canonical",
            "--max-forms",
            "0",
        ][..],
        &[
            "graph",
            "--game",
            "nim",
            "2",
            "--misere",
            "--canonical",
            "--max-forms",
            "0",
        ],
    ] {
        grundy().args(args).assert().code(2).stderr(contains(
            "invalid value '0' for '--max-forms <N>': must be at least 1",
        ));
    }
    grundy()
        .args([
            "solve",
            "nim",
            "2",
            "--misere",
            "--canonical",
            "--max-forms",
            "3",
        ])
        .assert()
        .success();
}
