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

/// Writes the man page (roff) of `grundy` and its subcommands.
pub fn man(_args: ManArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let cmd = crate::Cli::command();
    clap_mangen::Man::new(cmd.clone()).render(out)?;
    // One section per subcommand, after the main page, so that `man` shows
    // every flag of every command in one document.
    for sub in cmd.get_subcommands() {
        if sub.is_hide_set() {
            continue;
        }
        let name = format!("grundy {}", sub.get_name());
        let man = clap_mangen::Man::new(sub.clone().bin_name(name.clone()));
        writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
        man.render_synopsis_section(out)?;
        man.render_description_section(out)?;
        man.render_options_section(out)?;
        man.render_extra_section(out)?;
    }
    Ok(())
}
