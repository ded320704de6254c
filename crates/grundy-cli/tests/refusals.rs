//! A refused command leaves every file exactly as it found it (issue 46
//! section 1). Every refusal of `values --out`, `period --resume`, `census
//! --out` and `solve --db` runs in a folder of files those commands made
//! (and damaged or mismatched copies of them); each exits 2 with a message
//! that says why, and the folder is then the same, byte for byte, as
//! before it ran.

mod common;

use std::path::Path;

use common::{fresh_folder, grundy, snapshot};
use grundy::heap::valuefile::Encoder;
use grundy::heap::HeapRuleset;
use grundy::Nimber;

/// Runs `grundy ARGS` in `dir`; it must succeed.
fn made(dir: &Path, args: &[&str]) {
    let out = grundy().current_dir(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The files the refusals are tried on.
fn fixtures(dir: &Path) {
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    made(dir, &["values", "kayles", "--to", "2000", "--out", "k.bin"]);
    let k = std::fs::read(dir.join("k.bin")).unwrap();
    let header_len = u32::from_le_bytes(k[12..16].try_into().unwrap()) as usize;
    // A stopped run of Kayles: the part with a whole header, and its
    // checkpoint (what a finishing run stopped before it removed its
    // checkpoint leaves).
    write("s.bin.part", &k);
    write("s.bin.ckpt", &k[..header_len]);
    // Damaged copies: a flipped value, a checkpoint alone, a part with
    // values and neither a header nor a checkpoint, a checkpoint whose
    // search limit is not one.
    let mut damaged = k.clone();
    *damaged.last_mut().unwrap() ^= 1;
    write("kd.bin", &damaged);
    write("lone.bin.ckpt", &k[..header_len]);
    write("bare.bin.part", &vec![0u8; header_len + 100]);
    write("junk.bin.part", &k);
    let mut junk = k[..header_len].to_vec();
    junk.extend_from_slice(&[7u8; 20]);
    write("junk.bin.ckpt", &junk);
    // A file of sub{1,2}, checksum and all, whose values are not that
    // game's (all 0; G(1) = 1).
    let spec = "sub{1,2}".parse::<HeapRuleset>().unwrap().to_string();
    let mut encoder = Encoder::new();
    let mut payload = Vec::new();
    encoder.extend((0..100).map(|_| Nimber(0)), &mut payload);
    let mut wrong = encoder.header(&spec).encode();
    wrong.extend_from_slice(&payload);
    write("wrong.bin", &wrong);

    made(
        dir,
        &["census", "octal:2", "--to", "1000", "--out", "fam.csv"],
    );
    // The same table as written before rows named their family.
    let table = std::fs::read_to_string(dir.join("fam.csv")).unwrap();
    let old: String = table
        .lines()
        .map(|l| format!("{}\n", &l[..l.rfind(',').unwrap()]))
        .collect();
    write("old.csv", old.as_bytes());
    write("notes.csv", b"not a census\n");

    made(
        dir,
        &[
            "solve",
            "cram:4x5",
            "--db",
            "db",
            "--db-cells",
            "10",
            "--outcome",
        ],
    );
    std::fs::create_dir(dir.join("bad-db")).unwrap();
    let name = "cram-4x5-upto10.grundydb";
    let mut table = std::fs::read(dir.join("db").join(name)).unwrap();
    table[40] ^= 1;
    std::fs::write(dir.join("bad-db").join(name), table).unwrap();
    write("afile", b"x");
    std::fs::create_dir(dir.join("folder")).unwrap();
}

#[test]
fn every_refusal_leaves_every_file_as_it_found_it() {
    let dir = fresh_folder("refusals");
    fixtures(&dir);
    let cases: &[(&[&str], &str)] = &[
        // values --out
        (
            &[
                "values", "kayles", "--to", "500", "--out", "k.bin", "--resume",
            ],
            "k.bin already holds G(0..=2000), more than --to 500 asks for",
        ),
        (
            &[
                "values", "dawson", "--to", "3000", "--out", "k.bin", "--resume",
            ],
            "holds values of the game 0.77, not 0.07",
        ),
        (
            &[
                "values", "kayles", "--to", "3000", "--out", "kd.bin", "--resume",
            ],
            "checksum",
        ),
        (
            &["values", "kayles", "--to", "3000", "--out", "s.bin"],
            "holds a stopped run's values: add --resume",
        ),
        (
            &[
                "values", "kayles", "--to", "100", "--out", "s.bin", "--resume",
            ],
            "s.bin already holds G(0..=2000), more than --to 100 asks for",
        ),
        (
            &[
                "values", "dawson", "--to", "3000", "--out", "s.bin", "--resume",
            ],
            "s.bin.ckpt holds values of the game 0.77, not 0.07",
        ),
        (
            &[
                "values", "kayles", "--to", "9", "--out", "new.bin", "--resume",
            ],
            "nothing to resume",
        ),
        (
            &[
                "values", "kayles", "--to", "9", "--out", "lone.bin", "--resume",
            ],
            "lone.bin.part, which is missing",
        ),
        (
            &[
                "values", "kayles", "--to", "9", "--out", "bare.bin", "--resume",
            ],
            "has neither a checkpoint",
        ),
        (
            &["values", "kayles", "--to", "9", "--out", "folder"],
            "folder is a folder",
        ),
        (
            &[
                "values", "kayles", "--to", "9", "--out", "k.bin", "--from", "3",
            ],
            "leave out --from",
        ),
        (
            &[
                "values",
                "half",
                "--to",
                "100000000000",
                "--out",
                "k.bin",
                "--resume",
            ],
            "too large",
        ),
        (
            &[
                "values",
                "sub{1,2}",
                "--to",
                "200",
                "--out",
                "wrong.bin",
                "--resume",
            ],
            "disagrees with sub{1,2} at G(1)",
        ),
        // period --resume
        (&["period", "half", "--resume", "k.bin"], "has none to keep"),
        (
            &["period", "dawson", "--resume", "k.bin"],
            "holds values of the game 0.77, not 0.07",
        ),
        (&["period", "kayles", "--resume", "kd.bin"], "checksum"),
        (
            &["period", "kayles", "--resume", "junk.bin"],
            "junk.bin.ckpt is not a usable checkpoint",
        ),
        (&["period", "dawson", "--resume", "s.bin"], "not 0.07"),
        (
            &[
                "period",
                "kayles",
                "--max",
                "100000000000",
                "--resume",
                "k.bin",
            ],
            "too large",
        ),
        (
            &["period", "sub{1,2}", "--resume", "wrong.bin"],
            "disagrees with sub{1,2} at G(1)",
        ),
        // census --out
        (
            &["census", "sub:1:3", "--to", "1000", "--out", "fam.csv"],
            "fam.csv holds a census of octal:2 (line 2), not of sub:1:3",
        ),
        (
            &["census", "octal:1", "--to", "1000", "--out", "fam.csv"],
            "fam.csv holds a census of octal:2 (line 2), not of octal:1",
        ),
        (
            &["census", "octal:2", "--to", "999", "--out", "fam.csv"],
            "holds a census to 1000 (line 2), not to 999",
        ),
        (
            &["census", "octal:1", "--to", "1000", "--out", "old.csv"],
            "old.csv holds a census of another family: 0.01 (line 3) is not a game of octal:1",
        ),
        (
            &["census", "octal:2", "--to", "1000", "--out", "notes.csv"],
            "line 1 is not the header of a census table",
        ),
        (
            &["census", "octal:2", "--to", "10", "--out", "t.parquet"],
            "parquet",
        ),
        // solve --db
        (
            &["solve", "cram:4x5", "--db", "bad-db", "--db-cells", "10"],
            "cannot be used",
        ),
        (
            &["solve", "chomp:3x3", "--db", "new-db"],
            "--db is for Cram",
        ),
        (&["solve", "nim", "3", "--db", "new-db"], "--db is for Cram"),
        (
            &["solve", "cram:4x5", "--misere", "--db", "new-db"],
            "which misère play cannot use",
        ),
        (
            &["solve", "cram:4x5", "3", "--db", "new-db"],
            "takes no heaps",
        ),
        (
            &["solve", "cram:4x5", "--db", "afile"],
            "cannot make the folder afile",
        ),
    ];
    let before = snapshot(&dir);
    for (args, says) in cases {
        let out = grundy().current_dir(&dir).args(*args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        let after = snapshot(&dir);
        for name in before.keys().chain(after.keys()) {
            assert!(
                before.get(name) == after.get(name),
                "{args:?} changed {name}: {stderr}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A census table written before rows named their family is resumed when
/// every row is a game of the family asked for, and rewritten in today's
/// format: the same bytes as a census that was never stopped.
#[test]
fn an_older_census_table_is_resumed_with_its_family_added() {
    let dir = fresh_folder("old-census");
    made(
        &dir,
        &["census", "octal:2", "--to", "1000", "--out", "new.csv"],
    );
    let new = std::fs::read_to_string(dir.join("new.csv")).unwrap();
    assert!(new.starts_with(
        "game,status,preperiod,period,max_value,max_at,rare_count,checked_to,rare_mask,same_as,to,family\n"
    ));
    assert!(new.lines().skip(1).all(|l| l.ends_with(",1000,octal:2")));
    let old: String = new
        .lines()
        .take(20)
        .map(|l| format!("{}\n", &l[..l.rfind(',').unwrap()]))
        .collect();
    std::fs::write(dir.join("old.csv"), old).unwrap();
    let out = grundy()
        .current_dir(&dir)
        .args(["census", "octal:2", "--to", "1000", "--out", "old.csv"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("(19 games resumed from the file)"));
    assert_eq!(std::fs::read_to_string(dir.join("old.csv")).unwrap(), new);
    std::fs::remove_dir_all(&dir).unwrap();
}
