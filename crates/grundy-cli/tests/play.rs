//! `grundy play` driven through a pipe: whole games, hints, illegal moves,
//! undo, quitting, misère play and heap games, on the real binary.

mod common;

use common::{grundy, play};
use predicates::prelude::*;

/// Enough moves for the user to make some legal move whatever the engine
/// did: illegal ones are refused and the next line is read.
fn any_moves(heaps: usize, max: u64) -> String {
    let mut s = String::new();
    for _ in 0..max {
        for h in 1..=heaps {
            s.push_str(&format!("{h} 1\n"));
        }
    }
    s
}

#[test]
fn the_engine_wins_a_whole_game_of_nim() {
    let (out, err, code) = play(
        &["nim", "3", "5", "7", "--first", "engine"],
        &any_moves(3, 15),
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("Game over. The whole game:"), "{out}");
    assert!(
        out.contains("The engine took the last token: the engine wins."),
        "{out}"
    );
    // The engine opened with a winning move (to nim-sum 0).
    assert!(out.contains("engine: take 1 from heap 1 (3 -> 2)"), "{out}");
    // The final table has one row per move, ending with empty heaps.
    let table: Vec<&str> = out
        .rsplit("Game over. The whole game:\n")
        .next()
        .unwrap()
        .lines()
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(
        table[0].contains("move") && table[0].contains("heaps after"),
        "{out}"
    );
    let last = table.last().unwrap();
    assert!(last.contains("engine") && last.ends_with("0 0 0"), "{out}");
    assert!(!out.contains('\u{1b}'), "no colour in a pipe");
}

#[test]
fn the_user_wins_with_the_winning_moves() {
    // 1 2: take 1 from heap 2 leaves 1 1; the engine takes one, we take the last.
    let (out, _, code) = play(&["nim", "1", "2"], "2 1\n1 1\n2 1\n");
    assert_eq!(code, 0);
    assert!(out.contains("You took the last token: you win!"), "{out}");
}

#[test]
fn hint_teaches_the_winning_move() {
    let (out, _, code) = play(&["nim", "3", "5", "7"], "hint\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("nim-sum"), "{out}");
    assert!(out.contains("top bit"), "{out}");
    assert!(
        out.contains("Hint: take 1 from heap 1 (3 -> 2) — type '1 1'."),
        "{out}"
    );
    assert!(out.contains("You gave up: the engine wins."), "{out}");
}

#[test]
fn illegal_moves_are_refused_with_a_reason() {
    let (out, _, code) = play(&["nim", "3", "5"], "4 1\n1 0\n2 9\nfoo\n1\nquit\n");
    assert_eq!(code, 0);
    for reason in [
        "illegal move: heap 4 does not exist: the heaps are numbered 1 to 2",
        "a move must take at least one token: from heap 1 you may take 1 to 3",
        "heap 2 has only 5 tokens: you cannot take 9",
        "column 1: expected a heap number or a command (hint, undo, help, quit), found 'foo'",
        "column 2: expected how many tokens to take from heap 1",
    ] {
        assert!(out.contains(reason), "missing {reason:?} in {out}");
    }
    // Nothing was played.
    assert!(!out.contains("you: "), "{out}");
}

#[test]
fn undo_takes_back_the_move_pair() {
    let (out, _, code) = play(&["nim", "3", "5", "7"], "3 1\nundo\nundo\nquit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("took back move 1 (you: take 1 from heap 3 (7 -> 6))"),
        "{out}"
    );
    assert!(out.contains("took back move 2 (engine: "), "{out}");
    assert!(
        out.contains("nothing to undo: you have not moved yet"),
        "{out}"
    );
    // The position is drawn again as it was.
    let after = out.rsplit("took back move 2").next().unwrap();
    assert!(after.contains("heap 3: ●●●●●●● (7)"), "{out}");
}

#[test]
fn end_of_input_abandons_the_game() {
    let (out, err, code) = play(&["nim", "3", "5", "7"], "3 1\n");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.ends_with("Input ended: the game is abandoned.\n"),
        "{out}"
    );
}

#[test]
fn misere_nim_the_last_token_loses() {
    // Three single tokens, the engine to move: it loses whatever it does.
    let (out, _, code) = play(
        &["nim", "1", "1", "1", "--misere", "--first", "engine"],
        "1 1\n2 1\n3 1\n",
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with("nim, misère play: whoever makes the last move loses."),
        "{out}"
    );
    assert!(
        out.contains("The engine took the last token, and in misère play that loses: you win!"),
        "{out}"
    );
    // And from a winning misère position the engine wins.
    let (out, _, _) = play(
        &["nim", "2", "2", "1", "--misere", "--first", "engine"],
        &any_moves(3, 3),
    );
    assert!(
        out.contains("in misère play that loses: the engine wins."),
        "{out}"
    );
}

/// Misère Kayles past the exhaustive search's 48 tokens: the hint is the
/// quotient's lesson, and the engine, moving first from a position the
/// quotient calls won, wins whatever the user plays.
#[test]
fn misere_past_the_search_plays_by_the_quotient() {
    let (out, err, code) = play(&["kayles", "30", "20", "--misere"], "hint\nquit\n");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.contains("misère quotient (Plambeck and Siegel)"),
        "{out}"
    );
    assert!(out.contains("grundy quotient 0.77 --max-heap 30"), "{out}");
    assert!(out.contains("product: "), "{out}");
    let (out, _, code) = play(
        &["kayles", "30", "20", "--misere", "--first", "engine"],
        &any_moves(12, 60),
    );
    assert_eq!(code, 0);
    assert!(out.contains("the engine wins."), "{out}");
}

#[test]
fn the_engine_plays_for_time_from_a_lost_position() {
    let (out, _, _) = play(&["nim", "1", "2", "3", "--first", "engine"], "quit\n");
    assert!(out.contains("engine: take 1 from heap"), "{out}");
}

#[test]
fn heap_games_with_splits() {
    // Kayles 7: knock the middle pin down, leaving 3 + 3, and mirror.
    let (out, _, code) = play(&["kayles", "7"], "1 1 3 3\nhint\nquit\n");
    assert_eq!(code, 0);
    assert!(out.starts_with("kayles (0.77), normal play"), "{out}");
    assert!(
        out.contains("you: take 1 from heap 1 (7 -> 3 + 3)"),
        "{out}"
    );
    assert!(out.contains("Sprague–Grundy"), "{out}");
    assert!(out.contains("G = "), "{out}");
    // Grundy's game splits without taking, into unequal heaps.
    let (out, _, _) = play(&["grundy-game", "6"], "1 0 3 3\nquit\n");
    assert!(
        out.contains(
            "taking 0 from 6 leaves 6, which this game does not let you split into 3 and 3; \
             it may leave heaps of 1 and 5 or heaps of 2 and 4 (type '1 0 1 5')"
        ),
        "{out}"
    );
    // A subtraction game lists what may be taken.
    let (out, _, _) = play(&["sub{1,3,4}", "9", "10"], "1 2\nquit\n");
    assert!(
        out.contains("you cannot take 2 from heap 1: you may take 1, 3 or 4"),
        "{out}"
    );
}

#[test]
fn a_whole_heap_game_against_the_engine() {
    let (out, _, code) = play(
        &["sub{1,3,4}", "9", "10", "--first", "engine"],
        &any_moves(2, 12),
    );
    assert_eq!(code, 0);
    assert!(out.contains("the engine wins."), "{out}");
}

#[test]
fn bad_arguments_exit_2() {
    grundy()
        .args(["play", "sub{1,x}", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "at byte 6: expected a number, found 'x'",
        ));
    grundy()
        .args(["play", "nim", "3", "-2"])
        .assert()
        .code(2)
        .stderr("error: heap 2 (\"-2\"): a heap size cannot be negative\n  3 -2\n    ^^\n");
    grundy()
        .args(["play", "nim", "0", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the game would be over before it starts",
        ));
    grundy()
        .args(["play", "kayles", "600", "--misere"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "misère quotient, which is computed here for heaps of at most 500 tokens",
        ));
}

/// The README shows real transcripts (two heap games, one board); they must
/// stay what the binary prints.
#[test]
fn readme_transcripts_are_real() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    for (input, args) in [
        ("hint\n2 1\n2 1\n2 1\n", &["nim", "2", "3"][..]),
        ("1 1 3 3\nhint\n1 1 9\n2 1\nquit\n", &["kayles", "7"][..]),
        ("hint\nc2\nb1\na2\n", &["chomp:2x3"][..]),
        ("hint\n3\n5\n", &["nodekayles:path:5"][..]),
    ] {
        let (out, _, code) = play(args, input);
        assert_eq!(code, 0);
        let block = format!("```text\n{out}```");
        assert!(
            readme.contains(&block),
            "README is out of date for {args:?}:\n{out}"
        );
    }
}

#[test]
fn long_games_show_the_latest_moves_then_the_whole_table() {
    let (out, _, code) = play(
        &["sub{1,3,4}", "40", "--first", "engine"],
        &any_moves(1, 40),
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("earlier moves not shown; the whole game is shown at the end"),
        "{out}"
    );
    let end = out.rsplit("Game over. The whole game:\n").next().unwrap();
    let rows = end.lines().skip(1).take_while(|l| !l.is_empty()).count();
    let moves = out.matches("you: ").count() + out.matches("engine: ").count();
    assert_eq!(rows, moves, "{out}");
    assert!(out.contains("the engine wins."), "{out}");
}
