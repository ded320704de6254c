//! `grundy nim` end to end: the real binary, its text and JSON answers, its
//! inputs (arguments, files, stdin) and its errors.

mod common;

use common::grundy;
use std::path::PathBuf;

use serde_json::{json, Value};

/// Runs `grundy nim ARGS` and returns its stdout, requiring success.
fn nim(args: &[&str]) -> String {
    let out = grundy().arg("nim").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "nim {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn nim_json(args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&nim(&all)).expect("valid JSON")
}

/// Runs `grundy nim ARGS` with `stdin`, requiring exit code 2 and a single
/// error message; returns its line.
fn nim_error(args: &[&str], stdin: &[u8]) -> String {
    let out = grundy()
        .arg("nim")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "nim {args:?} should fail with 2"
    );
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    // One line of message; an error located in a file, in stdin or in the
    // arguments adds the offending input line and a caret line under it.
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() == 1 || lines.len() == 3, "one message: {err}");
    if lines.len() == 3 {
        let from_arguments = args.iter().all(|a| !a.starts_with("--file"));
        assert!(
            from_arguments || lines[1].contains(" | "),
            "the input line: {err}"
        );
        assert!(
            lines[2].trim().chars().all(|c| c == '^'),
            "a caret line: {err}"
        );
    }
    assert!(err.starts_with("error: "), "{err}");
    lines[0].to_string()
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The "heap i: a -> b" lines of a text answer, as (i, a, b).
fn move_lines(text: &str) -> Vec<(usize, String, String)> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("heap "))
        .map(|rest| {
            let (i, mv) = rest.split_once(": ").unwrap();
            let (from, rest) = mv.split_once(" -> ").unwrap();
            let to = rest.split_whitespace().next().unwrap();
            (i.parse().unwrap(), from.to_string(), to.to_string())
        })
        .collect()
}

#[test]
fn three_five_seven_has_exactly_three_winning_moves() {
    let out = nim(&["3", "5", "7"]);
    assert!(out.contains("outcome: N, the first player"), "{out}");
    assert!(out.contains("nim-sum: 1\n"), "{out}");
    let want: Vec<(usize, String, String)> = [(1, "3", "2"), (2, "5", "4"), (3, "7", "6")]
        .iter()
        .map(|&(i, a, b)| (i, a.to_string(), b.to_string()))
        .collect();
    assert_eq!(move_lines(&out), want);
}

#[test]
fn misere_one_one_first_player_wins() {
    let out = nim(&["--misere", "1", "1"]);
    assert!(out.contains("misère play"), "{out}");
    assert!(
        out.contains("the first player (the one to move) wins"),
        "{out}"
    );
    let v = nim_json(&["--misere", "1", "1"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
    // Normal play: the same position is lost for the player to move.
    assert_eq!(nim_json(&["1", "1"])["outcome"], "P");
}

#[test]
fn json_one_two_three_is_p_with_no_moves() {
    let v = nim_json(&["1", "2", "3"]);
    assert_eq!(
        v,
        json!({"heaps":[1,2,3], "convention":"normal", "nim_sum":0, "outcome":"P", "winning_moves":[]})
    );
}

#[test]
fn json_shape_and_move_indices() {
    let v = nim_json(&["3", "5", "7"]);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    for k in ["heaps", "convention", "nim_sum", "outcome", "winning_moves"] {
        assert!(v.get(k).is_some(), "missing {k} in {keys:?}");
    }
    assert_eq!(
        v["winning_moves"],
        json!([{"heap":0,"from":3,"to":2}, {"heap":1,"from":5,"to":4}, {"heap":2,"from":7,"to":6}])
    );
    // Misère with one heap of 2+: leave an odd number of 1-heaps.
    let v = nim_json(&["--misere", "1", "5", "1"]);
    assert_eq!(v["winning_moves"], json!([{"heap":1,"from":5,"to":1}]));
}

#[test]
fn heaps_beyond_u64_are_json_strings() {
    let huge = format!("1{}", "0".repeat(299));
    let v = nim_json(&[&huge, &huge, "6"]);
    assert_eq!(v["heaps"], json!([huge, huge, 6]));
    assert_eq!(v["nim_sum"], json!(6));
    assert_eq!(v["winning_moves"], json!([{"heap":2,"from":6,"to":0}]));
    let v = nim_json(&["18446744073709551616", "3"]);
    assert_eq!(v["nim_sum"], json!("18446744073709551619"));
    assert_eq!(
        v["winning_moves"],
        json!([{"heap":0,"from":"18446744073709551616","to":3}])
    );
    let v = nim_json(&["18446744073709551615", "1"]);
    assert_eq!(v["heaps"], json!([u64::MAX, 1]));
}

/// Heaps of 2·10^5 digits go through the fast conversions both ways (read
/// from decimal, printed back): the answer is checked against num-bigint's
/// own (quadratic, independent) conversions and xor.
#[test]
fn heaps_of_many_digits_read_and_print_exactly() {
    use grundy::nim::BigUint;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut digits = |len: usize| -> String {
        (0..len)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                char::from(if i == 0 {
                    b'1' + (state % 9) as u8
                } else {
                    b'0' + (state % 10) as u8
                })
            })
            .collect()
    };
    let (a, b) = (digits(200_000), digits(199_990));
    let path = temp_file("two_long_heaps.txt", format!("{a}\n{b}\n").as_bytes());
    let big = |s: &str| BigUint::parse_bytes(s.as_bytes(), 10).unwrap();
    let sum = (big(&a) ^ big(&b)).to_str_radix(10);
    let v = nim_json(&["--file", path.to_str().unwrap()]);
    assert_eq!(v["heaps"], json!([a, b]));
    assert_eq!(v["nim_sum"], json!(sum));
    let text = nim(&["--file", path.to_str().unwrap()]);
    assert!(text.starts_with(&format!("heaps: {a} {b} (normal play)\nnim-sum: {sum}\n")));
    // The winning move leaves the nim-sum of the other heap: a heap of
    // `a` becomes `b` or the other way round, whichever is smaller.
    let (from, to) = if big(&a) > big(&b) { (a, b) } else { (b, a) };
    assert_eq!(
        move_lines(&text)
            .into_iter()
            .map(|m| (m.1, m.2))
            .collect::<Vec<_>>(),
        [(from, to)]
    );
}

#[test]
fn file_and_stdin_give_the_same_answer() {
    let text = b"# heaps for a test\n3 5\n\t7  # the last one\n";
    let path = temp_file("nim_file_and_stdin.txt", text);
    let from_file = nim(&["--json", "--file", path.to_str().unwrap()]);
    let out = grundy()
        .args(["nim", "--json", "--file", "-"])
        .write_stdin(&text[..])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), from_file);
    assert_eq!(from_file, nim(&["--json", "3", "5", "7"]));
}

#[test]
fn no_moves_streams_the_outcome() {
    let text: String = (1..=1000u64).map(|i| format!("{}\n", i * 7919)).collect();
    let xor = (1..=1000u64).fold(0, |s, i| s ^ (i * 7919));
    let out = grundy()
        .args(["nim", "--no-moves", "--json", "--file", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        json!({"heap_count":1000, "convention":"normal", "nim_sum":xor, "outcome":"N"})
    );
    let text = nim(&["--no-moves", "1", "2", "3"]);
    assert!(
        text.contains("nim-sum: 0") && text.contains("outcome: P"),
        "{text}"
    );
}

#[test]
fn many_large_heaps_list_every_winning_move() {
    // 2·10^5 heaps up to 10^18, from a fixed-seed generator.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let heaps: Vec<u64> = (0..200_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % 1_000_000_000_000_000_001
        })
        .collect();
    let s = heaps.iter().fold(0, |a, h| a ^ h);
    let top = 63 - s.leading_zeros();
    let expected: Vec<Value> = heaps
        .iter()
        .enumerate()
        .filter(|(_, &h)| h >> top & 1 == 1)
        .map(|(i, &h)| json!({"heap": i, "from": h, "to": h ^ s}))
        .collect();
    assert!(expected.len() > 1000);
    let text: String = heaps.iter().map(|h| format!("{h}\n")).collect();
    let out = grundy()
        .args(["nim", "--json", "--file", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["nim_sum"], json!(s));
    assert_eq!(v["heaps"].as_array().unwrap().len(), heaps.len());
    assert_eq!(v["winning_moves"], Value::Array(expected));
}

#[test]
fn explain_shows_the_binary_lesson_without_colour_in_a_pipe() {
    let out = nim(&["--explain", "3", "5", "7"]);
    assert!(
        !out.contains('\x1b'),
        "no ANSI codes when not on a terminal"
    );
    for line in [
        "  1           3  011",
        "  nim-sum     1  001",
        "^ top bit of the nim-sum: bit 0",
    ] {
        assert!(out.contains(line), "missing {line:?} in\n{out}");
    }
    assert!(
        out.contains("heap 1: 3 -> 2 (take 1)   011 -> 010, new nim-sum 000 = 0"),
        "{out}"
    );
    let p = nim(&["--explain", "1", "2", "3"]);
    assert!(p.contains("The nim-sum is 0"), "{p}");
    let m = nim(&["--explain", "--misere", "1", "1", "1"]);
    assert!(m.contains("an odd number"), "{m}");
    let v = nim_json(&["--explain", "3", "5", "7"]);
    assert!(v["explanation"].as_str().unwrap().contains("nim-sum"));
}

#[test]
fn bad_input_is_one_line_with_place_and_exit_code_2() {
    let e = nim_error(&["3", "-3"], b"");
    assert!(
        e.contains("argument 2") && e.contains("\"-3\"") && e.contains("negative"),
        "{e}"
    );
    let e = nim_error(&["+3"], b"");
    assert!(e.contains("\"+3\"") && e.contains("without a sign"), "{e}");
    let e = nim_error(&["3x"], b"");
    assert!(e.contains("\"3x\""), "{e}");

    let e = nim_error(&["--file", "-"], b"1 2\n3 4\n    3x 5\n");
    assert_eq!(
        e,
        "error: standard input: line 3, column 5: invalid heap \"3x\": a heap size is a whole number written with the digits 0-9"
    );
    let e = nim_error(&["--file", "-"], b"1\n2 -7\n");
    assert!(
        e.contains("line 2, column 3: invalid heap \"-7\": a heap size cannot be negative"),
        "{e}"
    );
    let e = nim_error(&["--file", "-"], b"5 +3\n");
    assert!(e.contains("line 1, column 3: invalid heap \"+3\""), "{e}");
    let e = nim_error(&["--file", "-"], b"1 2\n3 \xff\n");
    assert!(
        e.contains("line 2, column 3: invalid UTF-8: byte 0xff"),
        "{e}"
    );
    let e = nim_error(&["--file", "-"], b"");
    assert!(e.contains("no heaps"), "{e}");

    let empty = temp_file("nim_empty.txt", b"  # nothing here\n");
    let e = nim_error(&["--file", empty.to_str().unwrap()], b"");
    assert!(e.contains("nim_empty.txt") && e.contains("no heaps"), "{e}");
    let bad = temp_file("nim_bad.txt", b"1 2 3\n4 5 6\n7 8 9x\n");
    let e = nim_error(&["--file", bad.to_str().unwrap()], b"");
    assert!(
        e.contains("nim_bad.txt: line 3, column 5: invalid heap \"9x\""),
        "{e}"
    );
    let e = nim_error(&["--file", "/no/such/file"], b"");
    assert!(e.contains("cannot open /no/such/file"), "{e}");
    let e = nim_error(&[], b"");
    assert!(e.contains("no heaps given"), "{e}");
}

#[test]
fn explain_refuses_huge_positions() {
    let text = "1\n".repeat(1001);
    let out = grundy()
        .args(["nim", "--explain", "--file", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 1000 heaps"));
}

/// A heaps file that an editor opened with a UTF-8 byte-order mark is read
/// as the same heaps.
#[test]
fn a_byte_order_mark_opening_a_heaps_file_is_skipped() {
    let dir = std::env::temp_dir().join(format!("grundy-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("heaps.txt");
    std::fs::write(&file, b"\xEF\xBB\xBF3 5\n7\n").unwrap();
    let out = grundy()
        .args(["nim", "--json", "--file", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["heaps"], json!([3, 5, 7]));
    assert_eq!(v["nim_sum"], 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--explain` lays out heaps of any size: a heap of 70000 digits (past
/// the 65535 the standard formatter pads to) used to panic.
#[test]
fn explain_lays_out_a_heap_of_many_digits() {
    let dir = common::fresh_folder("explain-big");
    let file = dir.join("heaps.txt");
    std::fs::write(&file, format!("{}\n3\n", "9".repeat(70_000))).unwrap();
    let out = grundy()
        .args(["nim", "--explain", "--file"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The heap of 3 is right-aligned under the big one's last digit.
    let row = stdout
        .lines()
        .find(|l| l.starts_with("  2  "))
        .expect("a row for heap 2");
    assert_eq!(row.find("3  "), Some(2 + 7 + 2 + 70_000 - 1), "{row:.40}");
    assert!(stdout.contains("not 0: the player to move wins"));
}
