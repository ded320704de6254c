//! `grundy census`: tables of families of games, resumable files, errors.

mod common;

use common::grundy;
use predicates::prelude::*;

fn json_rows(args: &[&str]) -> serde_json::Value {
    let out = grundy().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn octal_two_has_the_published_periods_and_every_code() {
    let table = json_rows(&["census", "octal:2", "--to", "3000"]);
    let rows = table["rows"].as_array().unwrap();
    let codes: usize = rows
        .iter()
        .map(|r| 1 + r["same_as"].as_array().unwrap().len())
        .sum();
    assert_eq!(codes, 64);
    assert_eq!(table["codes"], 64);
    let row = |game: &str| rows.iter().find(|r| r["game"] == game).unwrap().clone();
    // OEIS A002186 and A002187 (see crates/grundy/testdata/periods.toml).
    let kayles = row("0.77");
    assert_eq!(
        (kayles["preperiod"].as_u64(), kayles["period"].as_u64()),
        (Some(71), Some(12))
    );
    let dawson = row("0.07");
    assert_eq!(
        (dawson["preperiod"].as_u64(), dawson["period"].as_u64()),
        (Some(53), Some(34))
    );
    assert_eq!(row("0.6")["status"], "unknown");
    assert_eq!(row("0.6")["checked_to"], 3000);
    // 0.21 is counted as 0.2: its extra move (take a whole heap of 2) adds
    // the option 0, which heap 2 already has (take 1, leave G(1) = 0).
    assert_eq!(row("0.2")["same_as"], serde_json::json!(["0.21"]));
    assert!(rows.iter().all(|r| r["game"] != "0.21"));
}

#[test]
fn a_stopped_census_resumes_from_its_file() {
    let dir = tempfile_dir();
    let path = dir.join("sub.csv");
    let p = path.to_str().unwrap();
    grundy()
        .args(["census", "sub:2:7", "--to", "500", "--out", p])
        .assert()
        .success();
    let full = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    assert_eq!(lines.len(), 22);
    // Keep the header and 5 rows, one of them marked so that recomputing
    // it would show, lines a crash can leave (zeros, a row whose game is
    // damaged: computed again) and a line cut short as a stop leaves it.
    let mut kept: Vec<String> = lines[..6].iter().map(|s| s.to_string()).collect();
    kept.push("\0".repeat(40));
    kept.push(lines[7].replacen("sub{", "sub{\0", 1));
    let mut fields: Vec<String> = kept[2].split(',').map(str::to_owned).collect();
    let n = fields.len();
    fields[n - 6] = "99999".into(); // rare_count of a resumed row
    let marked_line = fields.join(",");
    kept[2] = marked_line.clone();
    kept.push("\"sub{6,7}\",periodic,0".into());
    std::fs::write(&path, kept.join("\n")).unwrap();
    grundy()
        .args(["census", "sub:2:7", "--to", "500", "--out", p])
        .assert()
        .success()
        .stdout(predicate::str::contains("5 games resumed from the file"));
    let again = std::fs::read_to_string(&path).unwrap();
    let again: Vec<&str> = again.lines().collect();
    assert_eq!(again.len(), 22);
    assert!(
        again.contains(&marked_line.as_str()),
        "the resumed row was recomputed"
    );
    for (a, b) in again.iter().zip(&lines) {
        if *a != marked_line {
            assert_eq!(a, b);
        }
    }
    // Another --to refuses the file rather than mixing two censuses.
    grundy()
        .args(["census", "sub:2:7", "--to", "600", "--out", p])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not to 600"));
}

#[test]
fn bad_families_are_located() {
    grundy()
        .args(["census", "octal:7", "--to", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad census family \"octal:7\": at byte 6: octal:D takes 1 to 4 digits, found 7",
        ));
    grundy()
        .args(["census", "sub:3", "--to", "10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at byte 5"));
    grundy()
        .args(["census", "octal:1", "--to", "10", "--out", "x.parquet"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("parquet"));
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-census-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
