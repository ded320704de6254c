//! What the CLI test files share: the binary under test, and the JSON of a
//! command that must succeed.
//!
//! `mod common;` in a test file brings it in; a test file uses what it
//! needs of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `grundy` binary built for these tests.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// The JSON that `grundy ARGS` prints; the command must succeed (its
/// stderr is shown when it does not).
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
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
