//! Wythoff's game, coin-turning games and Moore's Nim end to end: `solve`
//! (normal and misère, JSON), `values wythoff`, `play` and `graph --game`
//! on the real binary, each answer checked against the test kit's search
//! from the rules.

mod common;

use common::{error, grundy, json, play, stdout};
use grundy_testkit::{coins, wythoff, Plain};

#[test]
fn wythoff_solve_gives_the_value_and_every_winning_move() {
    let g = wythoff::values(1, 12);
    for (a, b) in [(4, 6), (3, 5), (7, 7), (0, 9), (10, 11)] {
        let spec = format!("wythoff:{a},{b}");
        let j = json(&["solve", &spec, "--json"]);
        assert_eq!(j["value"], g[a][b], "{spec}");
        let mut wins: Vec<String> = wythoff::moves(1, (a as u64, b as u64))
            .into_iter()
            .filter(|&(x, y)| g[x as usize][y as usize] == 0)
            .map(|(x, y)| format!("{x},{y}"))
            .collect();
        let mut found: Vec<String> = j["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_owned())
            .collect();
        found.sort();
        wins.sort();
        assert_eq!(found, wins, "{spec}");
    }
}

#[test]
fn wythoff_outcomes_are_exact_at_any_size() {
    // F(86), F(87): consecutive Fibonacci numbers of even index are a
    // P-position; one token more is not.
    let (a, b) = ("420196140727489673", "679891637638612258");
    let j = json(&["solve", &format!("wythoff:{a},{b}"), "--json"]);
    assert_eq!(j["outcome"], "P");
    let j = json(&["solve", &format!("wythoff:{a},{b}1"), "--json"]);
    assert_eq!(j["outcome"], "N");
    let out = grundy()
        .args(["solve", &format!("wythoff:{a},{b}")])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("value: not computed (the outcome"), "{text}");
}

#[test]
fn wythoff_tables_match_the_definition() {
    let g = wythoff::values(1, 30);
    let j = json(&["values", "wythoff", "--rows", "5", "--to", "29", "--json"]);
    for (r, row) in j["rows"].as_array().unwrap().iter().enumerate() {
        let values: Vec<u64> = row["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(values, g[r], "row {r}");
    }
    // Row 1 is 1, 2, 0, 4, 5, 3, ...: period 3 from the start.
    assert_eq!(j["rows"][1]["period"]["period"], 3);
    assert_eq!(j["rows"][1]["period"]["proved"], false);
    let out = grundy()
        .args(["values", "kayles", "--rows", "3", "--to", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn mock_turtles_rows_match_a_search() {
    // One, two or three coins, the rightmost from heads to tails.
    let mock = coins::Rule::new(8, coins::mock);
    let mut search = Plain::normal(|&h: &u64| mock.row_options(h));
    for row in ["HTTTTTTT", "THTHTHTH", "HHHHHHHH", "TTTTTTTH", "THHTTHHT"] {
        let j = json(&["solve", &format!("coins:mock:{row}"), "--json"]);
        assert_eq!(j["value"], search.value(&coins::heads(row)), "{row}");
    }
}

#[test]
fn moore_outcomes_follow_the_theorem_and_misere_is_searched() {
    let j = json(&["solve", "moore:2:1,2,3,3", "--json"]);
    assert_eq!(j["outcome"], "P");
    let j = json(&["solve", "moore:2:1,2,3", "--json"]);
    assert_eq!(j["outcome"], "N");
    assert!(!j["winning_moves"].as_array().unwrap().is_empty());
    // Misère, all heaps 0 or 1: the mover loses with 1 more than a
    // multiple of k + 1 ones.
    let j = json(&["solve", "moore:2:1,1,1,1", "--misere", "--json"]);
    assert_eq!(j["outcome"], "P");
    let j = json(&["solve", "moore:2:1,1,1", "--misere", "--json"]);
    assert_eq!(j["outcome"], "N");
}

#[test]
fn bad_specs_are_located_errors_with_exit_2() {
    for spec in [
        "wythoff:3",
        "wythoff:3,x",
        "coins:mocks:TH",
        "coins:mock:THX",
        "moore:0:1,2",
        "moore:2",
    ] {
        let err = error(&["solve", spec]);
        assert!(err.contains('^'), "{spec}: {err}");
    }
}

#[test]
fn play_and_graph_take_every_family() {
    for (spec, moves) in [
        ("wythoff:2,3", "1,2\n0,2\n0,1\n0,0\n"),
        ("coins:turtles:HH", "2\n1\n"),
        ("moore:2:1,2", "0,1\n0,0\n"),
    ] {
        let (text, err, code) = play(&[spec, "--first", "engine"], moves);
        assert_eq!(code, 0, "{spec}: {text}{err}");
        assert!(text.contains("wins"), "{spec}: {text}");
        stdout(&["graph", "--game", spec, "--dot"]);
    }
}
