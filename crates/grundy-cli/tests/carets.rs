//! Every parse error the CLI prints shows its input with a caret under the
//! problem, below the one-line message.

use assert_cmd::Command;

fn stderr_of(args: &[&str]) -> String {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn game_specs_board_specs_and_families_get_a_caret() {
    for (args, under) in [
        (&["values", "0.7x", "--to", "3"][..], "  0.7x\n     ^\n"),
        (&["period", "sub{1,"][..], "  sub{1,\n        ^\n"),
        (&["solve", "kayles?", "3"][..], "  kayles?\n        ^\n"),
        (&["play", "sub{x", "3"][..], "  sub{x\n      ^\n"),
        (&["solve", "cram:9x9"][..], "  cram:9x9\n       ^\n"),
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
