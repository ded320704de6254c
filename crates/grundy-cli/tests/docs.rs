//! `grundy completions` and `grundy man`.

use assert_cmd::Command;

fn stdout(args: &[&str]) -> String {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_name_every_subcommand_in_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&["completions", shell]);
        let mut subcommands = vec!["nim", "graph", "values", "period", "solve", "play"];
        if cfg!(feature = "serve") {
            subcommands.push("serve");
        }
        for sub in subcommands {
            assert!(script.contains(sub), "{shell} script lacks {sub}");
        }
        // A flag of one subcommand, so that the script is more than a list.
        assert!(script.contains("misere"), "{shell} script lacks --misere");
    }
    Command::cargo_bin("grundy")
        .unwrap()
        .args(["completions", "powershell-9"])
        .assert()
        .code(2);
}

#[test]
fn man_page_is_roff_with_every_subcommand() {
    let page = stdout(&["man"]);
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "{}",
        &page[..40]
    );
    assert!(page.contains(".TH grundy 1"));
    let mut sections = vec!["NIM", "GRAPH", "VALUES", "PERIOD", "SOLVE", "PLAY"];
    if cfg!(feature = "serve") {
        sections.push("SERVE");
    }
    for sub in sections {
        assert!(
            page.contains(&format!(".SH \"GRUNDY {sub}\"")),
            "no section {sub}"
        );
    }
    assert!(page.contains("misere"));
}
