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
