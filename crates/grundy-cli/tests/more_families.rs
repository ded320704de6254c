//! Generalised Wythoff, coin rules given by turning codes, two-dimensional
//! coin products (Turning Corners) and the Wythoff heat map, end to end on
//! the real binary; each answer is checked against the test kit's search,
//! from the rules in words.

mod common;

use common::{error, grundy, json, play, stdout};
use grundy_testkit::{coins, wythoff, Plain};

/// The move names of a `solve --json` answer, sorted.
fn moves_of(j: &serde_json::Value) -> Vec<String> {
    let mut found: Vec<String> = j["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_owned())
        .collect();
    found.sort();
    found
}

#[test]
fn generalised_wythoff_values_and_winning_moves_match_the_definition() {
    for k in [2u64, 3] {
        let g = wythoff::values(k, 16);
        for (a, b) in [(4, 11), (3, 6), (5, 13), (7, 7), (0, 9), (15, 2)] {
            let spec = format!("wythoff:{k}:{a},{b}");
            let j = json(&["solve", &spec, "--json"]);
            assert_eq!(j["value"], g[a][b], "{spec}");
            let mut wins: Vec<String> = wythoff::moves(k, (a as u64, b as u64))
                .into_iter()
                .filter(|&(x, y)| g[x as usize][y as usize] == 0)
                .map(|(x, y)| format!("{x},{y}"))
                .collect();
            wins.sort();
            assert_eq!(moves_of(&j), wins, "{spec}");
        }
    }
    // k = 1 is Wythoff's game, under its own spec.
    let j = json(&["solve", "wythoff:1:4,6", "--json"]);
    assert_eq!(j["game"], "wythoff:4,6");
}

#[test]
fn generalised_wythoff_p_positions_at_large_sizes_follow_the_mex_construction() {
    // Fraenkel: A_n the least number in no earlier pair, B_n = A_n + k·n
    // (the test kit checks the construction against the definition).
    let k = 3;
    let pairs = wythoff::fraenkel_pairs(k, 300_000);
    for &n in &[299_999usize, 123_457, 77_777] {
        let (x, y) = pairs[n];
        let j = json(&["solve", &format!("wythoff:{k}:{y},{x}"), "--json"]);
        assert_eq!(j["outcome"], "P", "{x},{y}");
        let j = json(&["solve", &format!("wythoff:{k}:{x},{}", y + 1), "--json"]);
        assert_eq!(j["outcome"], "N", "{x},{y}+1");
        assert!(moves_of(&j).contains(&format!("{x},{y}")), "{x},{y}");
    }
}

#[test]
fn turning_corners_match_a_search_of_whole_grids() {
    // 3 x 4 grids, coin (r, c) at bit 4r + c. Turning Corners is Twins
    // times Twins: a move turns the four corners of a rectangle whose
    // bottom-right corner shows heads.
    let (rows, cols) = (3usize, 4usize);
    let (across, down) = (
        coins::Rule::new(cols, coins::twins),
        coins::Rule::new(rows, coins::twins),
    );
    let grid = |pos: u64| -> Vec<u64> {
        (0..rows)
            .map(|r| pos >> (r * cols) & ((1 << cols) - 1))
            .collect()
    };
    let mut search = Plain::normal(|g: &Vec<u64>| coins::grid_options(&across, &down, g));
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..25 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pos = x >> 52; // 12 coins
        let text: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if pos >> (r * cols + c) & 1 == 1 {
                            'H'
                        } else {
                            'T'
                        }
                    })
                    .collect()
            })
            .collect();
        let spec = format!("corners:{}", text.join("/"));
        let j = json(&["solve", &spec, "--json"]);
        assert_eq!(j["value"], search.value(&grid(pos)), "{spec}");
        // Every winning move leads to a position the search values 0.
        let wins = moves_of(&j);
        let zeros = search.winning_moves(&grid(pos)).len();
        assert_eq!(wins.len(), zeros, "{spec}");
        // The same game as the product twins*twins.
        let product = format!("coins:twins*twins:{}", text.join("/"));
        assert_eq!(json(&["solve", &product, "--json"])["value"], j["value"]);
    }
}

#[test]
fn turning_codes_give_the_named_rules() {
    for (code, named) in [
        ("1-3", "mock"),
        ("1+C", "ruler"),
        ("1-2", "turtles"),
        ("2", "twins"),
    ] {
        for row in ["HTTHTHHT", "THHTTHHTHH", "HHHHHHHHHHHH"] {
            let a = json(&["solve", &format!("coins:{code}:{row}"), "--json"]);
            let b = json(&["solve", &format!("coins:{named}:{row}"), "--json"]);
            assert_eq!(a["value"], b["value"], "{code} {row}");
            assert_eq!(moves_of(&a), moves_of(&b), "{code} {row}");
        }
    }
}

#[test]
fn new_specs_refuse_bad_input_with_located_errors() {
    for spec in [
        "wythoff:0:3,5",
        "wythoff:x:3,5",
        "wythoff:2:3",
        "coins:1-3X:HT",
        "coins:3-1:HT",
        "coins:mock*nope:HT",
        "corners:HT/H",
        "corners:HT/HX",
        "coins:1+:HHHHHHHHHHHHHHHHHHHHHH",
    ] {
        let err = error(&["solve", spec]);
        assert!(err.contains('^'), "{spec}: {err}");
    }
    let out = grundy()
        .args(["solve", "wythoff:2:100000,100000", "--misere"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn play_and_graph_take_the_new_specs() {
    for (spec, moves) in [
        ("wythoff:2:1,2", "0,0\n"),
        ("corners:TT/TH", "r1+2c1+2\n"),
        ("coins:3E:HTHTH", "1+3+5\n"),
    ] {
        let (text, err, code) = play(&[spec], moves);
        assert_eq!(code, 0, "{spec}: {text}{err}");
        assert!(text.contains("win"), "{spec}: {text}");
        stdout(&["graph", "--game", spec, "--json"]);
    }
}

#[test]
fn wythoff_heat_map_has_a_cell_per_value() {
    if !common::has_font("the heat map test") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("grundy-heat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("w.svg");
    let out = grundy()
        .args(["values", "wythoff", "--rows", "12", "--to", "40", "--plot"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("rows 0..11, columns 0..40"), "{text}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    // One cell per value, besides the background.
    assert_eq!(picture.matches("<rect").count(), 12 * 41 + 1);
    // The P-positions are black, one in each row: (0,0), (1,2), (2,1),
    // (3,5), (4,7), (5,3), (6,10), (7,4), (8,13), (9,15), (10,6), (11,18).
    let black = picture
        .split("<rect")
        .filter(|r| r.split('>').next().unwrap().contains("fill=\"#000000\""))
        .count();
    assert_eq!(black, 12);
    let png = dir.join("w.png");
    let out = grundy()
        .args([
            "values", "wythoff", "--rows", "300", "--to", "3000", "--plot",
        ])
        .arg(&png)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(&std::fs::read(&png).unwrap()[..4], b"\x89PNG");
    std::fs::remove_dir_all(&dir).unwrap();
}
