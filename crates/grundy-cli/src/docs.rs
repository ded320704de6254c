//! `grundy completions SHELL` and `grundy man`: shell completion scripts and
//! a man page, both generated from the same clap definition as `--help`, so
//! they never drift from the real flags.

use std::io::Write;

use clap::CommandFactory;

/// Shells that `grundy completions` writes a script for.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Shell {
    /// Bash: `source <(grundy completions bash)`.
    Bash,
    /// Zsh: save as `_grundy` in a directory of `$fpath`.
    Zsh,
    /// Fish: save as `~/.config/fish/completions/grundy.fish`.
    Fish,
}

/// Arguments of `grundy completions`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    source <(grundy completions bash)\n  \
    grundy completions zsh > ~/.zfunc/_grundy\n  \
    grundy completions fish > ~/.config/fish/completions/grundy.fish")]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `grundy man`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  grundy man > grundy.1 && man ./grundy.1")]
pub struct ManArgs {}

/// Writes the completion script for the chosen shell.
pub fn completions(args: CompletionsArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let mut cmd = crate::Cli::command();
    let shell = match args.shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    clap_complete::generate(shell, &mut cmd, "grundy", out);
    Ok(())
}

/// Writes the man page (roff) of `grundy` and its subcommands: one page,
/// the main command first, then a section per subcommand with its
/// synopsis, description, options and examples.
pub fn man(_args: ManArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let cmd = crate::Cli::command();
    let main = clap_mangen::Man::new(cmd.clone());
    main.render_title(out)?;
    main.render_name_section(out)?;
    main.render_synopsis_section(out)?;
    main.render_description_section(out)?;
    main.render_options_section(out)?;
    // The subcommands are sections of this page, not pages of their own.
    writeln!(out, ".SH COMMANDS")?;
    let subs: Vec<_> = cmd.get_subcommands().filter(|s| !s.is_hide_set()).collect();
    for sub in &subs {
        let name = format!("grundy {}", sub.get_name());
        writeln!(out, ".TP\n\\fB{}\\fR", roff(&name))?;
        if let Some(about) = sub.get_about() {
            writeln!(
                out,
                "{} (see \\fB{}\\fR below)",
                roff(&about.to_string()),
                roff(&name.to_uppercase())
            )?;
        }
    }
    examples(&cmd, ".SH EXAMPLES", out)?;
    for sub in subs {
        let name = format!("grundy {}", sub.get_name());
        let man = clap_mangen::Man::new(sub.clone().bin_name(name.clone()));
        writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
        man.render_synopsis_section(out)?;
        man.render_description_section(out)?;
        man.render_options_section(out)?;
        examples(sub, ".SS Examples", out)?;
    }
    main.render_version_section(out)?;
    Ok(())
}

/// `text` escaped for roff: backslashes and hyphens, and a line that would
/// start with a control character.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// A command's text after its options (its examples), under `heading`,
/// line for line; nothing when it has none.
fn examples(cmd: &clap::Command, heading: &str, out: &mut impl Write) -> anyhow::Result<()> {
    let Some(text) = cmd.get_after_help() else {
        return Ok(());
    };
    writeln!(out, "{heading}\n.nf")?;
    for line in text.to_string().lines() {
        writeln!(out, "{}", roff(line))?;
    }
    writeln!(out, ".fi")?;
    Ok(())
}
