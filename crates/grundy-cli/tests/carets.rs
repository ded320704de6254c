//! Every parse error the CLI prints shows its input with a caret under the
//! problem, below the one-line message.

mod common;

use common::{error as stderr_of, grundy};

#[test]
fn game_specs_board_specs_and_families_get_a_caret() {
    for (args, under) in [
        (&["values", "0.7x", "--to", "3"][..], "  0.7x\n     ^\n"),
        (&["period", "sub{1,"][..], "  sub{1,\n        ^\n"),
        (&["solve", "kayles?", "3"][..], "  kayles?\n        ^\n"),
        (&["play", "sub{x", "3"][..], "  sub{x\n      ^\n"),
        (&["solve", "cram:99x9"][..], "  cram:99x9\n       ^^\n"),
        (&["solve", "cram:12x12"][..], "  cram:12x12\n          ^^\n"),
        (
            &["census", "octal:9", "--to", "5"][..],
            "  octal:9\n        ^\n",
        ),
    ] {
        let err = stderr_of(args);
        assert!(err.starts_with("error: "), "{err}");
        assert!(err.ends_with(under), "{args:?}:\n{err}");
    }
}

#[test]
fn files_show_the_line_with_its_number() {
    let dir = std::env::temp_dir().join(format!("grundy-carets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heaps = dir.join("heaps.txt");
    std::fs::write(&heaps, "3 5\n7 x9 2\n").unwrap();
    let err = stderr_of(&["nim", "--file", heaps.to_str().unwrap()]);
    assert!(err.contains("line 2, column 3"), "{err}");
    assert!(err.ends_with("  2 | 7 x9 2\n        ^^\n"), "{err}");
    let edges = dir.join("g.txt");
    std::fs::write(&edges, "a b\nc d e\n").unwrap();
    let err = stderr_of(&["graph", edges.to_str().unwrap()]);
    assert!(err.ends_with("  2 | c d e\n          ^\n"), "{err}");
    let json = dir.join("g.json");
    std::fs::write(&json, "{\"nodes\":[\"a\"],\n \"edges\":[[\"a\",]]}").unwrap();
    let err = stderr_of(&["graph", json.to_str().unwrap()]);
    assert!(
        err.ends_with("  2 |  \"edges\":[[\"a\",]]}\n                     ^\n"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn heap_arguments_get_a_caret_under_the_bad_one() {
    for (args, under) in [
        (&["nim", "3", "x", "5"][..], "  3 x 5\n    ^\n"),
        (&["solve", "kayles", "3", "-1"][..], "  3 -1\n    ^^\n"),
        (
            &["solve", "nim", "4", "1e9999", "2"][..],
            "  4 1e9999 2\n    ^^^^^^\n",
        ),
        (&["play", "kayles", "12", "7x"][..], "  12 7x\n     ^^\n"),
    ] {
        let err = stderr_of(args);
        assert!(err.starts_with("error: "), "{err}");
        assert!(err.ends_with(under), "{args:?}:\n{err}");
    }
    // A long list shows the arguments around the bad one.
    let mut args = vec!["nim".to_string()];
    args.extend((1..=40).map(|i| i.to_string()));
    args[20] = "oops".into();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = stderr_of(&args);
    assert!(
        err.ends_with("  ... 16 17 18 19 oops 21 22 23 24 ...\n                  ^^^^\n"),
        "{err}"
    );
}

#[test]
fn standard_input_shows_the_line_it_read() {
    let out = grundy()
        .args(["nim", "--file", "-"])
        .write_stdin("3 5\n7 x9 2\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: standard input: line 2, column 3"),
        "{err}"
    );
    assert!(err.ends_with("  2 | 7 x9 2\n        ^^\n"), "{err}");
}

#[test]
fn moves_typed_in_play_get_a_caret() {
    let out = grundy()
        .args(["play", "nim", "3", "5"])
        .write_stdin("2 x\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "  column 3: expected a number, found 'x' (type help for the syntax)\n  2 x\n    ^\n"
        ),
        "{text}"
    );
}

#[test]
fn a_json_graph_on_standard_input_shows_its_line() {
    let out = grundy()
        .args(["graph", "-", "--format", "json"])
        .write_stdin("{\"nodes\":[\"a\"],\n \"edges\":[[\"a\",]]}")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: <stdin>: line 2, column 16"),
        "{err}"
    );
    assert!(
        err.ends_with("  2 |  \"edges\":[[\"a\",]]}\n                     ^\n"),
        "{err}"
    );
}

#[test]
fn an_edge_list_on_standard_input_shows_its_line() {
    // Past the first 4 MiB read, so that the line is found in a later block.
    let mut input = "x y\n".repeat(1_200_000);
    input.push_str("p q r\n");
    let out = grundy()
        .args(["graph", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: <stdin>: line 1200001, column 5"),
        "{err}"
    );
    assert!(
        err.ends_with("  1200001 | p q r\n                ^\n"),
        "{err}"
    );
}
