//! `grundy completions` and `grundy man`.

mod common;

use common::{grundy, stdout};

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
    grundy()
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

/// The manual is one page: no references to pages that do not exist
/// (`grundy-nim(1)`), no empty sections, the tool says what it is for, and
/// every command that runs a computation has examples.
#[test]
fn the_man_page_is_one_page_with_examples() {
    let page = stdout(&["man"]);
    assert!(
        !page.contains("grundy\\-nim(1)"),
        "points to a page that does not exist"
    );
    assert!(!page.contains(".SH EXTRA"), "an empty EXTRA section");
    assert!(!page.contains("The `grundy` command"), "NAME says nothing");
    assert!(page.contains("Impartial combinatorial games"));
    for sub in ["VALUES", "PERIOD", "SOLVE", "QUOTIENT", "NIM", "PLAY"] {
        let at = page
            .find(&format!(".SH \"GRUNDY {sub}\""))
            .unwrap_or_else(|| panic!("no section {sub}"));
        let rest = &page[at + 1..];
        let section = &rest[..rest.find("\n.SH \"GRUNDY ").unwrap_or(rest.len())];
        assert!(section.contains(".SS Examples"), "{sub} has no examples");
    }
    let help = stdout(&["--help"]);
    assert!(help.contains("Impartial combinatorial games"), "{help}");
    assert!(help.contains("Examples:"), "{help}");
}
