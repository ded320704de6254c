//! Board specs everywhere (issue 16 section 3): positions drawn as `graph`
//! prints them are accepted back, values are checked against a brute force
//! (the test kit's), the heap-only commands explain what a board is, and a long
//! board search shows progress and stops on Ctrl-C.

mod common;

use common::{grundy, play};
use grundy_testkit::boards::{self, grid};
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;

/// `(drawing, value)` for every node `graph --game SPEC` prints.
fn graph_nodes(spec: &str) -> Vec<(String, u64)> {
    let out = grundy().args(["graph", "--game", spec]).output().unwrap();
    assert!(out.status.success(), "{spec}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        // The header is a comment; a drawing may start with '#' too.
        .filter(|l| !l.starts_with("# "))
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (
                cols[0].to_string(),
                cols[2].trim_start_matches('*').parse().unwrap(),
            )
        })
        .collect()
}

fn solve_value(spec: &str) -> u64 {
    let out = grundy().args(["solve", spec, "--json"]).output().unwrap();
    assert!(
        out.status.success(),
        "{spec}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    json["value"].as_u64().unwrap()
}

#[test]
fn every_position_graph_prints_solves_to_the_value_it_printed() {
    for (game, spec) in [("cram", "cram:3x3"), ("chomp", "chomp:2x3")] {
        let nodes = graph_nodes(spec);
        assert!(nodes.len() > 8, "{spec}");
        // The test kit's plain search over its own rules of the game: a
        // drawing's value by the definition (the mex of its options).
        let mut brute = if game == "cram" {
            boards::cram()
        } else {
            boards::chomp()
        };
        for (drawing, value) in nodes {
            let position = format!("{game}:{drawing}");
            assert_eq!(solve_value(&position), value, "{position}");
            assert_eq!(
                brute.value(&grid(&drawing)),
                value,
                "{position}: brute force"
            );
        }
    }
}

#[test]
fn drawn_positions_agree_with_the_brute_force_and_graph_starts_there() {
    let mut cram = boards::cram();
    for drawing in ["..../..../.#..", ".#.../...../.....", "#..#/..../...."] {
        let expected = cram.value(&grid(drawing));
        assert_eq!(
            solve_value(&format!("cram:{drawing}")),
            expected,
            "{drawing}"
        );
        // The graph of a drawn position starts from it.
        let nodes = graph_nodes(&format!("cram:{drawing}"));
        assert_eq!(nodes[0], (drawing.to_string(), expected));
    }
    let mut chomp = boards::chomp();
    for drawing in ["..../...#/..##/.###", "...../...##/..###/#####"] {
        let expected = chomp.value(&grid(drawing));
        assert_eq!(
            solve_value(&format!("chomp:{drawing}")),
            expected,
            "{drawing}"
        );
    }
}

#[test]
fn winning_moves_of_a_drawn_position_are_listed() {
    // A 1x5 strip with its middle cell covered: two 2-cell strips, worth
    // *1 + *1 = *0, so nobody wins by moving and the list is empty.
    grundy()
        .args(["solve", "cram:..#.."])
        .assert()
        .success()
        .stdout(predicate::str::contains("game: cram:..#..\nvalue: *0"));
    grundy()
        .args(["solve", "cram:.../.##"])
        .assert()
        .success()
        .stdout(predicate::str::contains("domino a1-b1"));
}

#[test]
fn bad_drawings_are_located_errors() {
    let cases = [
        (
            "cram:.../..",
            "row 2 has 2 cells but row 1 has 3",
            "           ^^",
        ),
        ("cram:..x", "expected '.' (free)", "         ^"),
        (
            "cram:.........../.........../.........../.........../.........../.........../.........../.........../.........../.........../...........",
            "a 11x11 board: Cram boards fit when rows x (columns + 1) is at most 128",
            "       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ),
        ("chomp:.#./...", "right of an eaten one", "          ^"),
    ];
    for (spec, words, caret) in cases {
        for cmd in [vec!["solve", spec], vec!["graph", "--game", spec]] {
            grundy()
                .args(&cmd)
                .write_stdin("")
                .assert()
                .code(2)
                .stderr(predicate::str::contains(words))
                .stderr(predicate::str::contains(format!("  {spec}\n{caret}\n")));
        }
    }
}

#[test]
fn heap_commands_say_what_a_board_is_and_where_it_goes() {
    for args in [
        vec!["values", "cram:3x3"],
        vec!["values", "cram:3x3", "--to", "10"],
        vec!["period", "chomp:3x4"],
        vec!["values", "cram:.../.##", "--to", "5", "--json"],
    ] {
        grundy()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(" position, not a heap game"))
            .stderr(predicate::str::contains("not a heap game"))
            .stderr(predicate::str::contains("solve, play and graph --game"));
    }
}

#[test]
fn ctrl_c_stops_a_long_board_search_saying_how_far_it_got() {
    for spec in ["cram:7x9", "chomp:16x255"] {
        let child = common::process()
            .args(["solve", spec])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(700));
        let sent = Instant::now();
        let kill = StdCommand::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let out = child.wait_with_output().unwrap();
        let took = sent.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{spec}: {stderr}");
        assert!(took < Duration::from_secs(1), "{spec} took {took:?}");
        assert!(stderr.starts_with("interrupted: searched "), "{stderr}");
        assert!(stderr.contains(&format!("positions of {spec}")), "{stderr}");
        assert!(out.stdout.is_empty(), "{spec}: no half answer");
    }
}

#[test]
fn a_long_board_search_draws_progress_on_a_terminal() {
    // `script` gives the command a terminal; without it there is nothing to
    // test here.
    if StdCommand::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to provide a terminal");
        return;
    }
    let cmd = format!(
        "timeout -s INT 1.5 {} solve cram:7x9",
        env!("CARGO_BIN_EXE_grundy")
    );
    let out = StdCommand::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("solving cram:7x9: ") && text.contains(" positions searched, "),
        "{text}"
    );
    assert!(text.contains("positions/s, table "), "{text}");
    // Without a terminal, stderr holds nothing but the final message.
    let out = StdCommand::new("timeout")
        .args([
            "-s",
            "INT",
            "1",
            env!("CARGO_BIN_EXE_grundy"),
            "solve",
            "cram:7x9",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("positions/s"), "{stderr}");
}

#[test]
fn the_engine_wins_a_whole_game_of_cram_from_a_winning_start() {
    // 2x3 Cram is worth *1: the engine, moving first, wins whatever the
    // user does. Every domino is offered each turn; the covered ones are
    // refused and the next line is read.
    let all = "a1 a2\nb1 b2\nc1 c2\na1 b1\nb1 c1\na2 b2\nb2 c2\n".repeat(4);
    let (out, err, code) = play(&["cram:2x3", "--first", "engine"], &all);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    // The engine opens before the first board is drawn.
    assert!(
        out.contains("Commands: hint, undo, help, quit.\nengine: "),
        "{out}"
    );
    assert!(out.contains("You cannot move: the engine wins."), "{out}");
    assert!(out.contains("illegal move: "), "{out}");
}

#[test]
fn the_user_wins_chomp_with_the_winning_bite() {
    // Biting b2 on 2x2 leaves an L (rows 2 and 1), a P-position; whichever
    // arm the engine eats, the user eats the other and leaves the poison.
    let (out, err, code) = play(&["chomp:2x2"], "hint\nb2\na2\nb1\n");
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(out.contains("hint: this position is worth "), "{out}");
    assert!(out.contains("winning move: b2"), "{out}");
    assert!(out.contains("you: b2\nengine: "), "{out}");
    assert!(out.contains("The engine cannot move: you win!"), "{out}");
}

#[test]
fn bad_board_moves_get_a_reason_and_a_new_prompt() {
    let input = "a1 c1\nd1 d2\nz9\nb1 b1 b1\nquit\n";
    let (out, err, code) = play(&["cram:.../.#./..."], input);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    // The drawn position is the one shown, with labels.
    assert!(
        out.contains("    a b c\n  1 . . .\n  2 . # .\n  3 . . .\n"),
        "{out}"
    );
    for words in [
        "a1 and c1 are not side by side",
        "d1 is off the board",
        "z9 is off the board",
        "too many cells",
        "You gave up: the engine wins.",
    ] {
        assert!(out.contains(words), "{words}: {out}");
    }
    let (out, _, code) = play(&["chomp:3x3"], "a1\nundo\nb2\nundo\n");
    assert_eq!(code, 0);
    assert!(out.contains("a1 is the poisoned square"), "{out}");
    assert!(out.contains("nothing to undo"), "{out}");
    assert!(out.contains("took back move 1 (you: b2)"), "{out}");
    assert!(
        out.ends_with("Input ended: the game is abandoned.\n"),
        "{out}"
    );
}

#[test]
fn board_play_refuses_what_it_cannot_do() {
    for (args, words) in [
        (vec!["cram:3x3", "4"], "takes no heaps"),
        (
            vec!["cram:.#/#."],
            "the game would be over before it starts",
        ),
        (vec!["chomp:9x300"], "out of range"),
        (vec!["nim"], "no heaps given"),
    ] {
        let (_, err, code) = play(&args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn node_kayles_is_played_by_vertex_names() {
    // The 5-path is worth *3 (heap 5 of 0.137); the middle vertex leaves
    // two lone vertices, *1 + *1 = 0, and the engine must pick one of them.
    let (out, err, code) = play(&["nodekayles:path:5"], "hint\n9\n3\nhint\n1\n5\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("worth *3; winning move: 3"), "{out}");
    assert!(
        out.contains("\"9\" is not a vertex of nodekayles:path:5"),
        "{out}"
    );
    assert!(out.contains("you: 3"), "{out}");
    let engine = out.lines().find(|l| l.starts_with("engine: ")).unwrap();
    assert!(engine == "engine: 1" || engine == "engine: 5", "{out}");
    assert!(out.contains("you win!"), "{out}");
    // On the Petersen graph the hint gives the value `solve` gives.
    let solved = grundy()
        .args(["solve", "nodekayles:petersen", "--json"])
        .output()
        .unwrap();
    let solved: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
    let (out, _, code) = play(&["nodekayles:petersen"], "hint\nquit\n");
    assert_eq!(code, 0);
    let value = solved["value"].as_u64().unwrap();
    assert!(out.contains(&format!("worth *{value}")), "{out}");
}

#[test]
fn node_kayles_play_and_graph_refuse_what_they_cannot_do() {
    for (args, words) in [
        (
            vec!["nodekayles:path:5", "3"],
            "names its whole position and takes no heaps",
        ),
        (vec!["nodekayles:wheel:5"], "not a graph family"),
    ] {
        let (_, err, code) = play(&args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
    // Every position game is drawn as its graph of positions: on a cycle
    // of 5 every pick takes 3 vertices and leaves a path of 2, one pick
    // from the end.
    grundy()
        .args(["graph", "--game", "nodekayles:cycle:5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("# 7 nodes, 10 edges: 5 N, 2 P"))
        .stdout(predicate::str::contains("cycle:5-{1,2,5}\tN\t*1"));
}

/// Misère play of boards and graphs (issue 49): `solve --misere` gives the
/// outcome and every winning move, checked against misère Dawson's Kayles
/// (1xN Cram) and misère 0.137 (Node Kayles on a path) from the heap
/// engine's misère solver; and `play --misere` plays it.
#[test]
fn boards_and_graphs_are_solved_and_played_under_misere_play() {
    for (board, code) in [("cram:1x", "0.07"), ("nodekayles:path:", "0.137")] {
        for n in 1..=12 {
            let json = |args: &[&str]| -> serde_json::Value {
                let out = grundy().args(args).output().unwrap();
                assert!(out.status.success(), "{args:?}");
                serde_json::from_slice(&out.stdout).unwrap()
            };
            let spec = format!("{board}{n}");
            let heap = json(&["solve", code, &n.to_string(), "--misere", "--json"]);
            let position = json(&["solve", &spec, "--misere", "--json"]);
            assert_eq!(position["convention"], "misere");
            assert_eq!(position["outcome"], heap["outcome"], "{spec}");
            // A winning move exists exactly at an N-position with a move
            // (a 1x1 board has none, and its player to move has won).
            let wins = position["winning_moves"].as_array().unwrap();
            if spec != "cram:1x1" {
                assert_eq!(wins.is_empty(), heap["outcome"] == "P", "{spec}");
            }
        }
    }
    let (out, err, code) = play(&["cram:1x4", "--misere"], "hint\na1 b1\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Misère play"), "{out}");
    assert!(out.contains("winning moves: a1-b1, c1-d1"), "{out}");
    assert!(out.contains("engine: c1-d1"), "{out}");
    assert!(
        out.contains("You cannot move, and in misère play that wins: you win!"),
        "{out}"
    );
}
