//! `grundy solve --genus`: Conway's genus of sums of heaps and of whole
//! positions, checked across families (a 1xN Cram strip is Dawson's
//! Kayles, a path in Node Kayles is 0.137) and against the misère outcome
//! that `solve --misere` finds by its own search.

mod common;

use common::{grundy, json};
use predicates::str::contains;

fn genus(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve", "--genus", "--json"];
    all.extend_from_slice(args);
    json(&all)
}

#[test]
fn strips_and_paths_have_the_genus_of_their_heap_games() {
    for n in 2..=9 {
        let strip = genus(&[&format!("cram:1x{n}")]);
        let heap = genus(&["0.07", &n.to_string()]);
        assert_eq!(strip["genus"], heap["genus"], "1x{n}");
        let path = genus(&[&format!("nodekayles:path:{n}")]);
        let heap = genus(&["0.137", &n.to_string()]);
        assert_eq!(path["genus"], heap["genus"], "path:{n}");
    }
}

#[test]
fn gamma_zero_is_the_misere_outcome_of_solve() {
    for args in [
        &["cram:3x3"][..],
        &["chomp:3x4"],
        &["nodekayles:petersen"],
        &["kayles", "4", "7"],
        &["0.07", "5", "5"],
        &["nim", "1", "1"],
        &["nim", "2", "2", "1"],
    ] {
        let g = genus(args);
        let mut misere = vec!["solve", "--misere", "--json"];
        misere.extend_from_slice(args);
        let m = json(&misere);
        assert_eq!(g["misere_outcome"], m["outcome"], "{args:?}");
        assert_eq!(g["gammas"][0] == 0, m["outcome"] == "P", "{args:?}");
    }
}

#[test]
fn text_names_both_plays_and_the_values() {
    grundy()
        .args(["solve", "nim", "--genus", "1", "1"])
        .assert()
        .success()
        .stdout(contains("game: nim 1 1\ngenus: 0^120\n"))
        .stdout(contains("misère play: outcome N"))
        .stdout(contains("γ0 = 1, γ1 = 2, γ2 = 0, then 2, 0, … alternating"));
}

#[test]
fn genus_errors_are_clear() {
    grundy()
        .args(["solve", "kayles", "--genus", "5000"])
        .assert()
        .code(2)
        .stderr(contains("heaps up to 4096; heap 5000 is larger"));
    grundy()
        .args(["solve", "cram:3x3", "--genus", "--outcome"])
        .assert()
        .code(2)
        .stderr(contains("'--genus' cannot be used with '--outcome'"));
    grundy()
        .args(["solve", "cram:3x3", "--genus", "4"])
        .assert()
        .code(2)
        .stderr(contains("takes no heaps"));
}

/// `graph --genus` and `graph --misere --canonical` on a game graph: every
/// node of the graph of a heap game's positions has the genus `solve
/// --genus` finds for that sum, and the canonical form's outcome is the
/// misère outcome of the node.
#[test]
fn graph_nodes_have_the_genus_of_their_positions() {
    let g = json(&["graph", "--game", "kayles", "5", "--genus", "--json"]);
    let nodes = g["nodes"].as_array().unwrap();
    assert!(nodes.len() > 5);
    for node in nodes {
        let heaps: Vec<&str> = node["node"].as_str().unwrap().split(' ').collect();
        let mut args = vec!["kayles"];
        args.extend(heaps.iter().copied().filter(|h| *h != "0"));
        if args.len() == 1 {
            continue;
        }
        let solved = genus(&args);
        assert_eq!(node["genus"], solved["genus"], "{node}");
    }
    let forms = json(&[
        "graph",
        "--game",
        "kayles",
        "5",
        "--misere",
        "--canonical",
        "--json",
    ]);
    let misere = json(&["graph", "--game", "kayles", "5", "--misere", "--json"]);
    for (f, m) in forms["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .zip(misere["nodes"].as_array().unwrap())
    {
        assert_eq!(f["node"], m["node"]);
        assert_eq!(f["outcome"], m["outcome"], "{f}");
    }
}

#[test]
fn graph_genus_refuses_cycles() {
    let dir = std::env::temp_dir().join(format!("grundy-genus-cycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("loop.txt");
    std::fs::write(&file, "a b\nb a\nb c\n").unwrap();
    for flags in [&["--genus"][..], &["--misere", "--canonical"]] {
        grundy()
            .arg("graph")
            .arg(&file)
            .args(flags)
            .assert()
            .code(2)
            .stderr(contains("is for graphs without cycles"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
