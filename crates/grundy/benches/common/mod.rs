//! Helpers shared by the benchmarks (each uses some of them).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// CPU time (user + system) of this process in seconds, from
/// /proc/self/stat (clock ticks of 1/100 s). The machine is shared, so CPU
/// time is a steadier measure than wall time; the benchmarks print both.
pub fn cpu_seconds() -> f64 {
    // Fields 14 and 15 of the line (`utime`, `stime`).
    stat_seconds(14, 15)
}

/// CPU time (user + system) of this process's finished children in
/// seconds, from the same line of /proc/self/stat (`cutime` and `cstime`,
/// fields 16 and 17), for a peer run as a child process.
pub fn children_cpu_seconds() -> f64 {
    stat_seconds(16, 17)
}

/// The sum of fields `a` and `b` (numbered from 1, as in proc(5)) of
/// /proc/self/stat, in seconds; NaN where they cannot be read.
fn stat_seconds(a: usize, b: usize) -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The name (field 2) may hold spaces: count from the `)` that ends it,
    // after which field 3 comes first.
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |field: usize| {
        fields
            .get(field - 3)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(f64::NAN)
    };
    (ticks(a) + ticks(b)) / 100.0
}

/// The `ogsolve` to compare with: `$OGSOLVE`, else `.tools/bin/ogsolve`
/// (where `cargo install --root .tools ogsolve` puts it), else one on the
/// `PATH`; `None` when there is none (the benchmarks then skip its rows).
pub fn find_ogsolve() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("OGSOLVE") {
        return Some(PathBuf::from(p));
    }
    let local = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.tools/bin/ogsolve");
    if local.is_file() {
        return Some(local);
    }
    on_path("ogsolve").then(|| PathBuf::from("ogsolve"))
}

/// Whether `name --version` runs and succeeds.
fn on_path(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The `igsolve` to compare with: `$IGSOLVE`, else `.tools/bin/igsolve`,
/// else one on the `PATH`; when there is none, it is installed with
/// `cargo install --root .tools igsolve` (a few minutes, needs the crate
/// registry); `None` when that fails too.
pub fn find_igsolve() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("IGSOLVE") {
        return Some(PathBuf::from(p));
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.tools");
    let local = root.join("bin/igsolve");
    if local.is_file() {
        return Some(local);
    }
    if on_path("igsolve") {
        return Some(PathBuf::from("igsolve"));
    }
    eprintln!("igsolve not found: installing it with cargo install --root .tools igsolve");
    let installed = Command::new("cargo")
        .args(["install", "--root"])
        .arg(&root)
        .arg("igsolve")
        .status()
        .is_ok_and(|s| s.success());
    (installed && local.is_file()).then_some(local)
}
