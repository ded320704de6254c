//! The Python package's tests (`crates/grundy-py/tests`, pytest), run
//! against the installed package (`pip install ./crates/grundy-py`) and this
//! build of the `grundy` CLI, whose census the Dask census is compared with.
//!
//! Without python3, the package or its test dependencies the test says why
//! and passes, except in CI (`CI=true`), where `.ci/run` installs them and
//! their absence is a failure.

use std::path::Path;
use std::process::Command;

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// What is missing to run the Python tests, if anything.
fn missing() -> Option<String> {
    let probe = Command::new(python())
        .args([
            "-c",
            "import grundy, numpy, pytest, pandas, matplotlib, dask.distributed, networkx, tqdm",
        ])
        .output();
    match probe {
        Err(e) => Some(format!("{} not found ({e})", python())),
        Ok(out) if !out.status.success() => Some(format!(
            "{} (pip install maturin numpy pytest 'dask[distributed]' pandas matplotlib networkx tqdm && pip install ./crates/grundy-py)",
            String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("import failed")
        )),
        Ok(_) => None,
    }
}

#[test]
fn the_python_package_passes_its_tests() {
    if let Some(why) = missing() {
        let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(!in_ci, "the Python tests must run in CI, but {why}");
        eprintln!("SKIPPED the Python package's tests: {why}");
        return;
    }
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-py/tests");
    let status = Command::new(python())
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(&tests)
        // Outside the source tree, so that `import grundy` is the installed
        // package with its native module.
        .current_dir(std::env::temp_dir())
        .env("GRUNDY_BIN", env!("CARGO_BIN_EXE_grundy"))
        .status()
        .expect("run pytest");
    assert!(status.success(), "pytest failed: {status}");
}
