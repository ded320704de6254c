//! Wythoff's game, coin-turning games and Moore's Nim end to end: `solve`
//! (normal and misère, JSON), `values wythoff`, `play` and `graph --game`
//! on the real binary, each answer checked against the rules by a search
//! of this file's own.

mod common;

use std::collections::HashMap;

use common::{grundy, json};

/// Wythoff values by the definition, on a square of side `n`.
fn wythoff_brute(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n]; n];
    for i in 0..n {
        for j in 0..n {
            let mut seen: Vec<u64> = (1..=i).map(|t| g[i - t][j]).collect();
            seen.extend((1..=j).map(|t| g[i][j - t]));
            seen.extend((1..=i.min(j)).map(|t| g[i - t][j - t]));
            g[i][j] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

#[test]
fn wythoff_solve_gives_the_value_and_every_winning_move() {
    let g = wythoff_brute(12);
    for (a, b) in [(4, 6), (3, 5), (7, 7), (0, 9), (10, 11)] {
        let spec = format!("wythoff:{a},{b}");
        let j = json(&["solve", &spec, "--json"]);
        assert_eq!(j["value"], g[a][b], "{spec}");
        let mut wins = Vec::new();
        for (x, gx) in g.iter().enumerate().take(a + 1) {
            for (y, &v) in gx.iter().enumerate().take(b + 1) {
                let legal = (x < a && y == b) || (x == a && y < b) || (x < a && a - x == b - y);
                if legal && v == 0 {
                    wins.push(format!("{x},{y}"));
                }
            }
        }
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
    let g = wythoff_brute(30);
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

/// A coin row's value by exhaustive search, with `moves` the rule.
fn coin_value(pos: u64, moves: &dyn Fn(u64) -> Vec<u64>, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&pos) {
        return v;
    }
    let values: Vec<u64> = moves(pos)
        .into_iter()
        .map(|o| coin_value(o, moves, memo))
        .collect();
    let v = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(pos, v);
    v
}

#[test]
fn mock_turtles_rows_match_a_search() {
    // One, two or three coins, the rightmost from heads to tails.
    let mock = |pos: u64| {
        let mut out = Vec::new();
        for x in (0..8).filter(|x| pos >> x & 1 == 1) {
            out.push(pos ^ 1 << x);
            for y in 0..x {
                out.push(pos ^ 1 << x ^ 1 << y);
                for z in 0..y {
                    out.push(pos ^ 1 << x ^ 1 << y ^ 1 << z);
                }
            }
        }
        out
    };
    let mut memo = HashMap::new();
    for row in ["HTTTTTTT", "THTHTHTH", "HHHHHHHH", "TTTTTTTH", "THHTTHHT"] {
        let pos = row
            .chars()
            .enumerate()
            .fold(0u64, |p, (i, c)| p | u64::from(c == 'H') << i);
        let j = json(&["solve", &format!("coins:mock:{row}"), "--json"]);
        assert_eq!(j["value"], coin_value(pos, &mock, &mut memo), "{row}");
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
        let out = grundy().args(["solve", spec]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{spec}");
        let err = String::from_utf8(out.stderr).unwrap();
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
        let out = grundy()
            .args(["play", spec, "--first", "engine"])
            .write_stdin(moves)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{spec}: {text}");
        assert!(text.contains("wins"), "{spec}: {text}");
        let out = grundy()
            .args(["graph", "--game", spec, "--dot"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{spec}");
    }
}
