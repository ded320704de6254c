//! `grundy graph`, run as a real binary on real files.

use std::io::Write;

mod common;

use common::{grundy, json};
use predicates::prelude::*;
use serde_json::Value;

fn file(name: &str, contents: &str) -> (tempdir::Dir, String) {
    let dir = tempdir::Dir::new();
    let path = dir.path.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(contents.as_bytes())
        .unwrap();
    let p = path.to_str().unwrap().to_owned();
    (dir, p)
}

/// A throwaway directory, removed on drop.
mod tempdir {
    pub struct Dir {
        pub path: std::path::PathBuf,
    }
    impl Dir {
        pub fn new() -> Dir {
            use std::sync::atomic::{AtomicUsize, Ordering};
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            let path = std::env::temp_dir().join(format!(
                "grundy-graph-test-{}-{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ));
            std::fs::create_dir_all(&path).unwrap();
            Dir { path }
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// name -> (outcome, value as JSON, escape)
fn nodes_of(json: &Value) -> std::collections::HashMap<String, (String, Value, Option<Value>)> {
    json["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["node"].as_str().unwrap().to_owned(),
                (
                    n["outcome"].as_str().unwrap().to_owned(),
                    n["value"].clone(),
                    n.get("escape").cloned(),
                ),
            )
        })
        .collect()
}

#[test]
fn escape_sets_are_printed_as_the_library_writes_them() {
    // The CLI writes lines as bytes, not through `LoopyValue`'s Display;
    // escape sets of several values, with and without 0, must come out the
    // same: u can pass or move to *0, *1, *3 (N); v can pass or move to
    // *1, *2 (a draw).
    let (_dir, path) = file(
        "escapes.txt",
        "h1 h0\nh2 h1\nh2 h0\nh3 h2\nh3 h1\nh3 h0\nu u\nu h3\nu h0\nu h1\nv v\nv h2\nv h1\n",
    );
    let out = grundy().args(["graph", &path]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let graph =
        grundy::graph::Graph::parse_edge_list(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let values = grundy::graph::analyse(&graph);
    for name in ["u", "v"] {
        let v = graph.node(name).unwrap();
        let line = format!(
            "{name}\t{}\t{}\n",
            values.outcome(v),
            values.value(&graph, v)
        );
        assert!(text.contains(&line), "{line:?} in {text}");
    }
    assert!(text.contains("u\tN\t∞(0,1,3)\n"), "{text}");
    assert!(text.contains("v\tD\t∞(1,2)\n"), "{text}");
}

#[test]
fn a_file_with_a_cycle_reports_infinite_values_and_draws() {
    let (_dir, path) = file(
        "loopy.txt",
        "# a and b pass the move around; b may leave to c\na b\nb a\nb c\n\n# p and q: forever\np q\nq p\nx x\nx end\nalone\n",
    );
    grundy()
        .args(["graph", &path])
        .assert()
        .success()
        .stdout(predicate::str::contains("b\tN\t*1"))
        .stdout(predicate::str::contains("q\tD\t∞\n"))
        .stdout(predicate::str::contains("x\tN\t∞(0)"))
        .stdout(predicate::str::contains("alone\tP\t*0"));
    let json = json(&["graph", &path, "--json"]);
    let nodes = nodes_of(&json);
    assert_eq!(nodes["a"], ("P".into(), Value::from(0), None));
    assert_eq!(nodes["b"], ("N".into(), Value::from(1), None));
    assert_eq!(
        nodes["x"],
        ("N".into(), Value::from("inf"), Some(Value::from(vec![0])))
    );
    assert_eq!(
        nodes["p"],
        (
            "D".into(),
            Value::from("inf"),
            Some(Value::from(Vec::<u64>::new()))
        )
    );
    assert_eq!(json["edge_count"], 7);
}

#[test]
fn json_input_is_read() {
    let (_dir, path) = file(
        "g.json",
        r#"{"nodes": ["s", "t", 3], "edges": [["s", "t"], ["s", 3], [3, "t"]]}"#,
    );
    let json = json(&["graph", &path, "--json"]);
    let nodes = nodes_of(&json);
    assert_eq!(nodes["s"].1, Value::from(2));
    assert_eq!(nodes["3"].1, Value::from(1));
    // --format overrides the extension.
    let (_dir2, edges) = file("g.json", "s t\n");
    grundy()
        .args(["graph", &edges, "--format", "edges"])
        .assert()
        .success()
        .stdout(predicate::str::contains("s\tN\t*1"));
}

#[test]
fn nim_position_graph_matches_xor() {
    let json = json(&["graph", "--game", "nim", "3", "2", "2", "--json"]);
    let nodes = nodes_of(&json);
    assert_eq!(nodes.len(), 4 * 3 * 3);
    for (name, (outcome, value, _)) in &nodes {
        let xor = name
            .split(' ')
            .map(|h| h.parse::<u64>().unwrap())
            .fold(0, |a, b| a ^ b);
        assert_eq!(value, &Value::from(xor), "{name}");
        assert_eq!(outcome, if xor == 0 { "P" } else { "N" });
    }
}

#[test]
fn dot_output_draws_nim_2_1_1() {
    let out = grundy()
        .args(["graph", "--game", "nim", "2", "1", "1", "--dot"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let dot = String::from_utf8(out.stdout).unwrap();
    assert!(dot.starts_with("digraph game {"));
    assert!(dot.trim_end().ends_with('}'));
    assert_eq!(dot.matches("label=").count(), 12);
    // 1 1 0 is a P-position (red); 2 1 1 is N (green).
    assert!(dot.contains("[label=\"1 1 0\\n*0\", fillcolor=\"#f4a3a3\"]"));
    assert!(dot.contains("[label=\"2 1 1\\n*2\", fillcolor=\"#b5e3b0\"]"));
    // Each position's moves: from 2 1 1 there are 2 + 1 + 1 of them.
    assert_eq!(dot.matches("  n0 -> ").count(), 4);
}

#[test]
fn board_games_build_their_graphs() {
    let cram = json(&["graph", "--game", "Cram: 2x3", "--json"]);
    let nodes = nodes_of(&cram);
    assert_eq!(nodes[".../..."].0, "N");
    assert_eq!(nodes["#../#.."].0, "P");
    let chomp = json(&["graph", "--game", "chomp:3x3", "--json"]);
    // Biting (1,1) of a square leaves an L with equal arms: a P-position.
    assert_eq!(nodes_of(&chomp)[".../.##/.##"].0, "P");
}

#[test]
fn bad_input_is_a_located_error_with_exit_code_2() {
    let cases: [(&str, &str, &str); 5] = [
        (
            "three.txt",
            "a b\nb c d\n",
            "line 2, column 5: too many fields",
        ),
        ("empty.txt", "", "line 1: the graph is empty"),
        (
            "comments.txt",
            "# nothing\n# at all\n",
            "line 2: the graph is empty",
        ),
        (
            "unknown.json",
            "{\"nodes\": [\"a\"],\n \"edges\": [[\"a\", \"b\"]]}",
            "line 2, column 18: edge names unknown node \"b\"",
        ),
        (
            "broken.json",
            "{\"nodes\": [\"a\",]}",
            "line 1, column 16: expected a node name",
        ),
    ];
    for (name, contents, message) in cases {
        let (_dir, path) = file(name, contents);
        grundy()
            .args(["graph", &path])
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("error: "))
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
    for (args, message) in [
        (&["graph", "--game", "cram:3y3"][..], "byte 6: expected 'x'"),
        (
            &["graph", "--game", "nim", "2", "-1"][..],
            "heap 2 (\"-1\"): a heap size cannot be negative",
        ),
        (&["graph", "--game", "nim"][..], "needs a position"),
        (
            &["graph", "--game", "cram:2x2", "5"][..],
            "takes no position",
        ),
        (
            &["graph", "--game", "nim", "40", "40", "40", "40"][..],
            "more than 100000 positions",
        ),
        (&["graph", "/no/such/file"][..], "cannot open /no/such/file"),
        (&["graph", "a", "b"][..], "one FILE"),
    ] {
        grundy()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn big_files_are_read_in_chunks_with_exact_line_numbers() {
    // About 6 MB: more than one read chunk, with an error on the last line.
    let mut text = String::new();
    let lines = 400_000;
    for i in 1..lines {
        text.push_str(&format!("node{i} node{}\n", i + 1));
    }
    let (_dir, good) = file("path.txt", &text);
    let json = json(&["graph", &good, "--json"]);
    assert_eq!(json["edge_count"], lines - 1);
    assert_eq!(json["node_count"], lines);
    text.push_str("x y z\n");
    let (_dir2, bad) = file("bad.txt", &text);
    grundy()
        .args(["graph", &bad])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "line {lines}, column 5: too many fields"
        )));
}

#[test]
fn stdin_is_read_with_a_dash() {
    grundy()
        .args(["graph", "-"])
        .write_stdin("p q\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("p\tN\t*1"));
}

#[test]
fn heap_game_specs_draw_their_position_graph() {
    // Kayles from a row of 4 pins, checked against values worked out by
    // hand: G(1)=1, G(2)=2, G(3)=3, G(4)=1, and 1+1 is a P-position.
    let json = json(&["graph", "--game", "kayles", "4", "--json"]);
    let nodes = nodes_of(&json);
    for (name, want) in [
        ("4", 1),
        ("3", 3),
        ("2", 2),
        ("1 2", 3),
        ("1 1", 0),
        ("0", 0),
    ] {
        let (outcome, value, _) = &nodes[name];
        assert_eq!(value, &Value::from(want), "{name}");
        assert_eq!(outcome, if want == 0 { "P" } else { "N" }, "{name}");
    }
    // Either heap of `1 1` leaves `1`: the picture has one edge for it.
    let dot = grundy()
        .args(["graph", "--game", "kayles", "3", "--dot"])
        .output()
        .unwrap();
    let dot = String::from_utf8(dot.stdout).unwrap();
    let mut edges: Vec<&str> = dot.lines().filter(|l| l.contains("->")).collect();
    let all = edges.len();
    edges.sort_unstable();
    edges.dedup();
    assert_eq!(edges.len(), all, "duplicate edges in\n{dot}");
    assert_eq!(all, 7);
}

#[test]
fn a_bad_heap_spec_is_located() {
    grundy()
        .args(["graph", "--game", "sub{1,3", "7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at byte 7"));
}

/// A JSON graph whose unknown field nests a million levels deep is read
/// (closed) or refused with a located error (unclosed), never a stack
/// overflow (it aborted with exit 134 when the reader recursed).
#[test]
fn a_million_levels_of_json_nesting_is_no_crash() {
    let dir = std::env::temp_dir().join(format!("grundy-deep-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let closed = dir.join("closed.json");
    let depth = 1_000_000;
    std::fs::write(
        &closed,
        format!(
            r#"{{"extra":{}0{},"nodes":["a","b"],"edges":[["a","b"]]}}"#,
            "[".repeat(depth),
            "]".repeat(depth)
        ),
    )
    .unwrap();
    grundy()
        .args(["graph", closed.to_str().unwrap()])
        .assert()
        .success();
    let open = dir.join("open.json");
    std::fs::write(&open, format!(r#"{{"extra":{}"#, "[".repeat(depth))).unwrap();
    grundy()
        .args(["graph", open.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("expected a JSON value"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--json` into a pipe the reader closed ends as quietly as text does.
#[test]
fn json_into_a_closed_pipe_exits_quietly() {
    use std::io::Read;
    for json in [false, true] {
        let mut args = vec!["values", "kayles", "--to", "300000"];
        if json {
            args.push("--json");
        }
        let mut child = common::process()
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The reader goes away: the pipe is closed.
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "json {json}: {:?}", out.status);
        // Nothing on stderr but the note that the values past Kayles's
        // proof are read from its period: no broken-pipe error.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr
                .lines()
                .all(|l| l.starts_with("note: 0.77 has period 12")),
            "json {json}: {stderr}"
        );
    }
}

#[test]
fn one_node_and_one_edge_are_singular() {
    grundy()
        .args(["graph", "-"])
        .write_stdin("a\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("# 1 node, 0 edges:"));
    grundy()
        .args(["graph", "-"])
        .write_stdin("a b\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("# 2 nodes, 1 edge:"));
}

#[test]
fn json_content_read_as_edges_warns() {
    let (_dir, path) = file("g.json", "{\"nodes\":[\"a\"],\"edges\":[]}\n");
    grundy()
        .args(["graph", &path, "--format", "edges"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "looks like JSON but is read as an edge list; pass --format json",
        ));
    // Read as JSON (the default for .json), no warning.
    grundy()
        .args(["graph", &path])
        .assert()
        .success()
        .stderr("");
    // An ordinary edge list: no warning.
    grundy()
        .args(["graph", "-", "--format", "edges"])
        .write_stdin("a b\n")
        .assert()
        .success()
        .stderr("");
}

/// `graph --misere` (issue 49): misère outcomes and values of every node,
/// checked against Bouton's misère rule on Nim positions and on a graph
/// with a cycle, where a node with no way out is a draw.
#[test]
fn misere_outcomes_and_values_of_every_node() {
    let out = grundy()
        .args([
            "graph", "--game", "nim", "3", "2", "1", "--misere", "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["convention"], "misere");
    let nodes = json["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 4 * 3 * 2);
    for node in nodes {
        let heaps: Vec<u64> = node["node"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|h| h.parse().unwrap())
            .collect();
        // Misère Nim (Bouton): with a heap of 2 or more the player to move
        // wins iff the nim-sum is not 0; with only heaps of 0 and 1, iff an
        // even number of heaps of 1 is left.
        let xor = heaps.iter().fold(0, |a, h| a ^ h);
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        let n = if heaps.iter().any(|&h| h >= 2) {
            xor != 0
        } else {
            ones % 2 == 0
        };
        assert_eq!(node["outcome"], if n { "N" } else { "P" }, "{node}");
        assert_eq!(node["value"] == 0, !n, "{node}");
    }
    let dir = std::env::temp_dir().join(format!("grundy-misere-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("moves.txt");
    std::fs::write(&file, "a b\nb c\nc a\nc d\ne d\n").unwrap();
    let out = grundy()
        .arg("graph")
        .arg(&file)
        .arg("--misere")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("# 5 nodes, 5 edges, misère play: 1 N, 1 P, 3 D"),
        "{text}"
    );
    assert!(text.contains("d\tN\t*1\n"), "{text}");
    assert!(text.contains("e\tP\t*0\n"), "{text}");
    assert!(text.contains("a\tD\t∞\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
