//! `grundy values --plot`: the pictures are real SVG and PNG files with
//! one dot per value (or per pixel cell for long sequences) and the period
//! marked when proved.
//!
//! The labels need a TrueType font (Debian's fonts-dejavu-core, which
//! `.ci/run` installs); without one the tests say why and pass, except in
//! CI (`CI=true`).

mod common;

use common::grundy;
use predicates::prelude::*;
use predicates::str::contains;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn kayles_svg_has_a_dot_per_value_and_the_period() {
    if !common::has_font("the plot tests") {
        return;
    }
    let path = temp("kayles.svg");
    grundy()
        .args(["values", "kayles", "--to", "300", "--plot"])
        .arg(&path)
        .assert()
        .success()
        .stdout(contains("periodic from n0 = 71, period 12"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("periodic from n0 = 71, period 12"));
    assert!(svg.contains("the period starts at n0 = 71"));
    assert!(svg.contains("one period: 12 values"));
    assert_eq!(svg.matches("<circle").count(), 301);
}

#[test]
fn long_sequences_are_drawn_at_the_picture_resolution() {
    if !common::has_font("the plot tests") {
        return;
    }
    let path = temp("officers.png");
    grundy()
        .args(["values", "0.6", "--to", "20000", "--plot"])
        .arg(&path)
        .assert()
        .success()
        .stdout(contains("no period proved"));
    let png = std::fs::read(&path).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let svg = temp("officers.svg");
    grundy()
        .args(["values", "0.6", "--to", "20000", "--plot"])
        .arg(&svg)
        .assert()
        .success();
    // A mark per run of occupied rows in each of the 1200 pixel columns:
    // more than one a column (the values spread over many rows), far
    // fewer than a dot a value, and none for a value twice.
    let marks = std::fs::read_to_string(&svg)
        .unwrap()
        .matches("<polyline")
        .count();
    assert!(marks > 1200 && marks < 20001, "{marks} marks");
}

#[test]
fn other_formats_are_refused() {
    grundy()
        .args(["values", "kayles", "--to", "10", "--plot", "x.pdf"])
        .assert()
        .code(2)
        .stderr(contains("written as .svg or .png"));
}

/// A picture that cannot be written says why in the system's words, with
/// no "backend error" wrapping, for both formats.
#[test]
fn an_unwritable_path_is_named_with_its_reason() {
    if !common::has_font("the plot tests") {
        return;
    }
    for name in ["x.svg", "x.png"] {
        let path = format!("/nonexistent-grundy-dir/{name}");
        grundy()
            .args(["values", "kayles", "--to", "10", "--plot", &path])
            .assert()
            .code(2)
            .stderr(contains(format!(
                "cannot write {path}: No such file or directory"
            )))
            .stderr(predicates::str::contains("backend").not());
    }
}
