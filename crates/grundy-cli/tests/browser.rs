//! The web app in a real browser: starts `grundy serve` on a free loopback
//! port and runs `crates/grundy-web/e2e/browser.test.mjs` (playwright-core
//! driving Debian's chromium) against it. The script plays a whole game of
//! Nim that the engine must win, opens a hint, checks the explorer's
//! P-positions of `sub{1,3,4}` and saves screenshots in
//! `target/e2e-screenshots/`.
//!
//! Without chromium, node or the e2e packages (`npm ci` in the e2e folder)
//! the test says why and passes, except in CI (`CI=true`), where `.ci/run`
//! installs them and their absence is a failure.
#![cfg(feature = "serve")]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills the server when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn e2e_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-web/e2e")
}

/// What is missing to run the browser test, if anything.
fn missing(chromium: &Path) -> Option<String> {
    if !chromium.exists() {
        return Some(format!(
            "{} not found (apt-get install chromium)",
            chromium.display()
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node not found".to_owned());
    }
    if !e2e_dir().join("node_modules/playwright-core").exists() {
        return Some(format!(
            "playwright-core not installed (run `npm ci` in {})",
            e2e_dir().display()
        ));
    }
    None
}

#[test]
fn the_page_works_in_a_real_browser() {
    let chromium = PathBuf::from(std::env::var("CHROMIUM").unwrap_or("/usr/bin/chromium".into()));
    if let Some(why) = missing(&chromium) {
        let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(!in_ci, "the browser test must run in CI, but {why}");
        eprintln!("SKIPPED the browser test: {why}");
        return;
    }

    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start grundy serve");
    let stdout = child.stdout.take().expect("piped stdout");
    let server = Server(child);
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("read the server's address");
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();

    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-screenshots");
    std::fs::create_dir_all(&shots).expect("create the screenshot folder");
    // The output goes to a file, not a pipe, so a chatty failure can never
    // block the script on a full pipe.
    let log_path = shots.join("browser-test.log");
    let log = std::fs::File::create(&log_path).expect("create the log");
    let mut node = Command::new("node")
        .args(["--test", "browser.test.mjs"])
        .current_dir(e2e_dir())
        .env("GRUNDY_URL", &url)
        .env("SCREENSHOT_DIR", &shots)
        .env("CHROMIUM", &chromium)
        .stdout(log.try_clone().expect("log handle"))
        .stderr(log)
        .spawn()
        .expect("start node");
    // The script's own steps time out after 30 s each; this bounds the whole.
    let deadline = Instant::now() + Duration::from_secs(300);
    let status = loop {
        if let Some(status) = node.try_wait().expect("wait for node") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = node.kill();
            break node.wait().expect("wait for node");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let out = std::fs::read_to_string(&log_path).unwrap_or_default();
    drop(server);
    assert!(status.success(), "browser test failed ({status}):\n{out}");
    println!("{out}\nscreenshots in {}", shots.display());
}
