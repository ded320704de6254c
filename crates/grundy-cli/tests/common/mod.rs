//! What the CLI test files share: the binary under test (to run, or to
//! spawn as a process), and what a command prints: its JSON or stdout when
//! it must succeed, its stderr when it must refuse bad input, and a whole
//! `play` session.
//!
//! `mod common;` in a test file brings it in; a test file uses what it
//! needs of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `grundy` binary built for these tests.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// The `grundy` binary as a plain process, for tests that spawn it (to
/// signal it, or to read its output as it comes).
pub fn process() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// What `grundy ARGS` prints on stdout; the command must succeed (its
/// stderr is shown when it does not).
pub fn stdout(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `grundy ARGS` run to the end, whatever its end: its exit code (`None`
/// when killed), stdout and stderr.
pub fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = grundy().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The JSON that `grundy ARGS` prints; the command must succeed.
pub fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

/// What `grundy ARGS` prints on stderr; the command must refuse its input
/// with exit 2.
pub fn error(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

/// `grundy play ARGS` with `input` typed: its stdout, stderr and exit code
/// (-1 when killed). `NO_COLOR` is removed, so that a plain answer shows
/// that a pipe is never coloured.
pub fn play(args: &[&str], input: &str) -> (String, String, i32) {
    let out = grundy()
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .write_stdin(input)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Every file under `dir`, by its path relative to `dir`, with its bytes
/// (folders as empty entries ending in `/`): what a command that must
/// leave `dir` as it found it is checked against.
pub fn snapshot(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    fn walk(
        root: &std::path::Path,
        dir: &std::path::Path,
        out: &mut std::collections::BTreeMap<String, Vec<u8>>,
    ) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.strip_prefix(root).unwrap().display().to_string();
            if path.is_dir() {
                out.insert(format!("{name}/"), vec![]);
                walk(root, &path, out);
            } else {
                out.insert(name, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A fresh, empty folder for one test, under the system's temporary
/// folder.
pub fn fresh_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether the plot font is found (`GRUNDY_FONT`, or DejaVu Sans where
/// Debian installs it). Where it is missing a plot test skips, saying
/// `SKIPPED {what}`, except in CI (`CI=true`), where the plot tests must
/// run and a missing font fails.
pub fn has_font(what: &str) -> bool {
    let found = std::env::var("GRUNDY_FONT").is_ok()
        || std::path::Path::new("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists();
    if !found {
        let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(
            !in_ci,
            "the plot tests must run in CI, but no font was found"
        );
        eprintln!("SKIPPED {what}: no DejaVuSans.ttf (apt-get install fonts-dejavu-core)");
    }
    found
}
