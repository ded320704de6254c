//! Kill -9 at any moment (issue 46 section 1): `values --out`, `period
//! --resume`, `census --out` and `solve --db` are killed with SIGKILL at
//! moments spread over a whole run (with a jitter from the clock, printed
//! on failure), and the next run goes on from what the killed one left and
//! ends with the same files, byte for byte, and the same answer as a run
//! that was never stopped.
//!
//! The checkpoint interval is cut to a few milliseconds
//! (`GRUNDY_CHECKPOINT_MS`), so that the kills fall between, and during,
//! many checkpoints.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::fresh_folder;

/// The binary, run in `dir`, checkpointing every 10 ms.
fn grundy_in(dir: &Path) -> Command {
    let mut cmd = common::process();
    cmd.current_dir(dir).env("GRUNDY_CHECKPOINT_MS", "10");
    cmd
}

/// Runs `grundy ARGS` in `dir` to the end; it must succeed.
fn finish(dir: &Path, args: &[&str]) -> Output {
    let out = grundy_in(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// How long `grundy ARGS` takes in `dir`, and its output.
fn timed(dir: &Path, args: &[&str]) -> (Duration, Output) {
    let started = Instant::now();
    let out = finish(dir, args);
    (started.elapsed(), out)
}

/// `n` moments spread over `span`, each moved by a jitter within its share.
fn moments(span: Duration, n: u32) -> Vec<Duration> {
    let mut seed = u64::from(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .subsec_nanos(),
    ) | 1;
    let share = span / n;
    (0..n)
        .map(|i| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let jitter = share.mul_f64((seed % 1000) as f64 / 1000.0);
            share * i + jitter
        })
        .collect()
}

/// Starts `grundy ARGS` in `dir` and kills it with SIGKILL after `after`
/// (if it has not finished by then).
fn kill_after(dir: &Path, args: &[&str], after: Duration) {
    let mut child = grundy_in(dir)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    // `Child::kill` sends SIGKILL on Unix: no handler runs.
    let _ = child.kill();
    child.wait().unwrap();
}

/// The names of the files in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn exists(dir: &Path, name: &str) -> bool {
    dir.join(name).exists()
}

#[test]
fn a_values_file_killed_anywhere_resumes_to_the_same_bytes() {
    let dir = fresh_folder("kill-values");
    let (to, half) = ("600000", "250000");
    let (span, _) = timed(&dir, &["values", "0.6", "--to", to, "--out", "once.bin"]);
    let once = std::fs::read(dir.join("once.bin")).unwrap();
    for (k, after) in moments(span, 5).into_iter().enumerate() {
        let run = dir.join(format!("run{k}"));
        std::fs::create_dir(&run).unwrap();
        // Odd runs extend a finished file, so that the kill may fall while
        // it becomes a part file again.
        if k % 2 == 1 {
            finish(&run, &["values", "0.6", "--to", half, "--out", "v.bin"]);
        }
        let resume = ["values", "0.6", "--to", to, "--out", "v.bin", "--resume"];
        let args: &[&str] = if k % 2 == 1 { &resume } else { &resume[..6] };
        kill_after(&run, args, after);
        // A run killed before it made any file left nothing to resume.
        let left = exists(&run, "v.bin") || exists(&run, "v.bin.part");
        let again: &[&str] = if left { &resume } else { &resume[..6] };
        finish(&run, again);
        let what = format!("run {k}, killed after {after:?}, then {again:?}");
        assert!(std::fs::read(run.join("v.bin")).unwrap() == once, "{what}");
        assert_eq!(names(&run), ["v.bin"], "{what}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_period_search_killed_anywhere_gives_the_same_answer_and_file() {
    let dir = fresh_folder("kill-period");
    let search = |file: &'static str| {
        [
            "period", "0.6", "--max", "600000", "--json", "--resume", file,
        ]
    };
    let (span, out) = timed(&dir, &search("once.bin"));
    let answer = out.stdout;
    let once = std::fs::read(dir.join("once.bin")).unwrap();
    // The file holds what the search examined, G(0..=--max).
    assert_eq!(
        u64::from_le_bytes(once[16..24].try_into().unwrap()),
        600_001
    );
    for (k, after) in moments(span, 5).into_iter().enumerate() {
        let run: PathBuf = dir.join(format!("run{k}"));
        std::fs::create_dir(&run).unwrap();
        kill_after(&run, &search("p.bin"), after);
        // Without --max, a resumed search keeps the limit of the stopped
        // run, which its checkpoint recorded.
        let again: Vec<&str> = if k % 2 == 1 && exists(&run, "p.bin.ckpt") {
            vec!["period", "0.6", "--json", "--resume", "p.bin"]
        } else {
            search("p.bin").to_vec()
        };
        let out = finish(&run, &again);
        let what = format!("run {k}, killed after {after:?}, then {again:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&answer),
            "{what}"
        );
        assert!(std::fs::read(run.join("p.bin")).unwrap() == once, "{what}");
        assert_eq!(names(&run), ["p.bin"], "{what}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_census_killed_anywhere_ends_with_the_same_table() {
    let dir = fresh_folder("kill-census");
    let census = ["census", "octal:2", "--to", "10000", "--out", "f.csv"];
    let (span, _) = timed(&dir, &census);
    let once = std::fs::read(dir.join("f.csv")).unwrap();
    for (k, after) in moments(span, 5).into_iter().enumerate() {
        let run = dir.join(format!("run{k}"));
        std::fs::create_dir(&run).unwrap();
        kill_after(&run, &census, after);
        finish(&run, &census);
        let what = format!("run {k}, killed after {after:?}");
        assert!(std::fs::read(run.join("f.csv")).unwrap() == once, "{what}");
        assert_eq!(names(&run), ["f.csv"], "{what}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_endgame_table_killed_anywhere_is_whole_or_absent() {
    let dir = fresh_folder("kill-db");
    let solve = [
        "solve",
        "cram:5x6",
        "--db",
        "db",
        "--db-cells",
        "13",
        "--outcome",
    ];
    let (span, out) = timed(&dir, &solve);
    let answer = out.stdout;
    let name = "cram-5x6-upto13.grundydb";
    let once = std::fs::read(dir.join("db").join(name)).unwrap();
    for (k, after) in moments(span, 5).into_iter().enumerate() {
        let run = dir.join(format!("run{k}"));
        std::fs::create_dir(&run).unwrap();
        kill_after(&run, &solve, after);
        let what = format!("run {k}, killed after {after:?}");
        // What a kill leaves is a whole table or none.
        if let Ok(left) = std::fs::read(run.join("db").join(name)) {
            assert!(left == once, "{what}");
        }
        let out = finish(&run, &solve);
        assert_eq!(out.stdout, answer, "{what}");
        assert!(
            std::fs::read(run.join("db").join(name)).unwrap() == once,
            "{what}"
        );
        assert_eq!(names(&run.join("db")), [name], "{what}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
