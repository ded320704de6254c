//! Arc Kayles and green Hackenbush end to end (issue 48): `solve` against
//! the heap engine where the theory makes them heap games (Arc Kayles on a
//! path is 0.07; stalks of Hackenbush standing side by side are Nim, under
//! both conventions), `play` with typed edges, `graph --game`, and the
//! limit of misère Hackenbush.

mod common;

use common::{grundy, json, play};
use predicates::prelude::*;

#[test]
fn arc_kayles_on_a_path_is_the_octal_game_0_07_both_ways() {
    for n in 2..=12 {
        let spec = format!("arckayles:path:{n}");
        let heap = json(&["solve", "0.07", &n.to_string(), "--json"]);
        let graph = json(&["solve", &spec, "--json"]);
        assert_eq!(graph["value"], heap["nim_sum"], "{spec}");
        let heap = json(&["solve", "0.07", &n.to_string(), "--misere", "--json"]);
        let graph = json(&["solve", &spec, "--misere", "--json"]);
        assert_eq!(graph["outcome"], heap["outcome"], "misère {spec}");
    }
}

#[test]
fn arc_kayles_is_played_by_edges() {
    // A path of 6 vertices is 0.07 at 6, *3; the middle edge 3-4 leaves
    // two single edges, *1 + *1, and the engine takes one of them.
    let (out, err, code) = play(&["arckayles:path:6"], "hint\n4\n3 4\n2-1\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("worth *3; winning move: 3-4"), "{out}");
    assert!(out.contains("expected an edge as its two ends"), "{out}");
    assert!(out.contains("you: 3-4"), "{out}");
    let engine = out.lines().find(|l| l.starts_with("engine: ")).unwrap();
    assert!(engine == "engine: 1-2" || engine == "engine: 5-6", "{out}");
    grundy()
        .args(["graph", "--game", "arckayles:cycle:4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("# 6 nodes, 8 edges: 4 N, 2 P"));
}

#[test]
fn hackenbush_stalks_side_by_side_are_nim_both_ways() {
    let dir = std::env::temp_dir().join(format!("grundy-hackenbush-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for heaps in [[1u64, 2, 3], [3, 5, 6], [1, 1, 4], [2, 2, 1], [7, 4, 1]] {
        // Each heap a stalk from the ground, vertices named per stalk.
        let mut text = String::new();
        for (s, &h) in heaps.iter().enumerate() {
            let mut below = "ground".to_owned();
            for k in 0..h {
                let above = format!("s{s}v{k}");
                text.push_str(&format!("{below} {above}\n"));
                below = above;
            }
        }
        let path = dir.join("stalks.txt");
        std::fs::write(&path, text).unwrap();
        let spec = format!("hackenbush:{}", path.display());
        let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let nim = |extra: &[&str]| {
            let mut all = vec!["solve", "nim"];
            all.extend(args.iter().map(String::as_str));
            all.extend(extra);
            json(&all)
        };
        let graph = json(&["solve", &spec, "--json"]);
        let heap = nim(&["--json"]);
        assert_eq!(graph["value"], heap["nim_sum"], "{heaps:?}");
        // One winning chop on each stalk that Nim would shorten.
        assert_eq!(
            graph["winning_moves"].as_array().unwrap().len() as u64,
            heap["total_winning_moves"].as_u64().unwrap(),
            "{heaps:?}"
        );
        let graph = json(&["solve", &spec, "--misere", "--json"]);
        let heap = nim(&["--misere", "--json"]);
        assert_eq!(graph["outcome"], heap["outcome"], "misère {heaps:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hackenbush_chops_and_its_limits() {
    // A cycle of 5 on the ground is *1; chopping its middle edge (3)
    // leaves two stalks of 2.
    let (out, err, code) = play(&["hackenbush:cycle:5"], "hint\n3\n");
    assert!(code == 0 || code == 1, "{err}");
    assert!(out.contains("worth *1; winning move: 3"), "{out}");
    assert!(out.contains("you: 3"), "{out}");
    grundy()
        .args(["graph", "--game", "hackenbush:stalk:3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("# 4 nodes"));
    // Misère play is searched on small graphs only; past the limit the
    // error says so.
    grundy()
        .args(["solve", "hackenbush:stalk:200", "--misere"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 128 edges"));
    grundy()
        .args(["solve", "hackenbush:tree:2x30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("levels: 30 is out of range"));
    grundy()
        .args(["solve", "hackenbush:tree:2x8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value: *1"));
}
