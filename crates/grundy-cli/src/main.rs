//! The `grundy` command-line tool: a thin layer that parses flags, calls the
//! `grundy` library and renders its answers as text or JSON.

#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod census;
mod colour;
mod diagnostic;
mod docs;
mod graph;
mod input;
mod interrupt;
mod nim;
mod period;
mod play;
mod plot;
mod progress;
mod quotient;
mod record;
#[cfg(feature = "serve")]
mod serve;
mod solve;
mod values;

/// The command line of grundy.
#[derive(Debug, Parser)]
#[command(
    name = "grundy",
    version,
    about = "Impartial combinatorial games: decide Nim, compute and prove Grundy values of heap games, solve boards and graphs, play against a perfect engine",
    long_about = "Impartial combinatorial games: two players alternate moves, both see \
    everything, and whoever cannot move loses (or, in misère play, wins). Every such \
    game plays like a Nim heap of its Grundy value, and a sum like the xor of the \
    values. grundy decides Nim positions of any size, computes and proves the Grundy \
    values of heap games (subtraction sets, take-and-break codes such as Kayles 0.77, \
    Grundy's game), solves sums, misère play and whole positions (Cram, Chomp, Node \
    Kayles), analyses game graphs, and plays every game against a perfect engine.",
    after_help = "Examples:\n  \
    grundy nim 3 5 7                  who wins, and every winning move\n  \
    grundy values kayles --to 100     Grundy values of single heaps\n  \
    grundy period kayles              the proved period\n  \
    grundy solve kayles 10 20 30      a sum of heaps\n  \
    grundy solve cram:4x5             a whole board\n  \
    grundy play kayles 7 9            against the engine, with hints\n  \
    grundy serve                      the web page on http://127.0.0.1:8080/\n\n\
    `grundy COMMAND --help` shows a command's flags and examples; `grundy man` the manual."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Decide a Nim position and list every winning move.
    Nim(nim::Args),
    /// Outcomes and Grundy values (loopy values where there are cycles) of
    /// every node of a game graph, from a file or from a game's positions.
    Graph(graph::Args),
    /// Grundy values G(n) of single heaps of a heap game.
    Values(values::Args),
    /// The period of a heap game's Grundy sequence, when a theorem proves it.
    Period(period::Args),
    /// Outcome and winning moves of a sum of heaps, or of a whole position
    /// (a board, a graph).
    Solve(solve::Args),
    /// The misère quotient of a heap game (Plambeck–Siegel): presentation,
    /// P-portion and pretending function, verified against the moves.
    Quotient(quotient::Args),
    /// Serve the web app: play against the engine, explore sequences, JSON API.
    #[cfg(feature = "serve")]
    Serve(serve::Args),
    /// Play a game (heaps, a board, a graph) against the perfect engine,
    /// with hints.
    Play(play::Args),
    /// Periods, largest values and rare values of every game of a family
    /// (`octal:3`, `hex:2`, `sub:3:9`), on all cores, resumable.
    Census(census::Args),
    /// Shell completion script for bash, zsh or fish.
    Completions(docs::CompletionsArgs),
    /// The man page of grundy and every subcommand, in roff.
    Man(docs::ManArgs),
}

fn run(cli: Cli) -> anyhow::Result<()> {
    // A `GRUNDY_SIMD` that names no level, or one this processor lacks,
    // stops every command before it starts: a measurement of the wrong
    // path would be worse than none.
    grundy::simd::selected()?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match cli.command {
        Command::Nim(args) => nim::run(args, &mut out)?,
        Command::Graph(args) => graph::run(args, &mut out)?,
        Command::Values(args) => values::run(args, &mut out)?,
        Command::Period(args) => period::run(args, &mut out)?,
        Command::Solve(args) => solve::run(args, &mut out)?,
        Command::Quotient(args) => quotient::run(args, &mut out)?,
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args, &mut out)?,
        Command::Play(args) => play::run(args, &mut out)?,
        Command::Census(args) => census::run(args, &mut out)?,
        Command::Completions(args) => docs::completions(args, &mut out)?,
        Command::Man(args) => docs::man(args, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

/// True when the error is a write to a closed pipe (`grundy ... | head`),
/// which is the reader's choice and not a failure.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        // `--json` writes through serde_json, whose error hides the I/O
        // error from the chain: ask it for the kind.
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<serde_json::Error>()
                .is_some_and(|e| e.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}

/// True when the command stopped because Ctrl-C or SIGTERM set the
/// cancellation flag.
fn is_interrupted(err: &anyhow::Error) -> bool {
    err.chain()
        .any(|cause| cause.downcast_ref::<grundy::cancel::Cancelled>().is_some())
}

/// For `grundy values cram:3x3` (no `--to`): the board spec is the real
/// mistake, so it is explained before clap's complaint about the flag it
/// would need. `None` unless a heap-only command was given a board spec.
fn board_for_heap_command(args: &[String]) -> Option<anyhow::Error> {
    let mut words = args.iter().skip(1).skip_while(|w| w.starts_with('-'));
    if !matches!(words.next()?.as_str(), "values" | "period") {
        return None;
    }
    words
        .filter(|w| grundy::games::Game::parse(w).is_ok_and(|g| g.position().is_some()))
        .find_map(|w| diagnostic::heap_game(w).err())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let args: Vec<String> = std::env::args().collect();
            if e.kind() == clap::error::ErrorKind::MissingRequiredArgument {
                if let Some(err) = board_for_heap_command(&args) {
                    return report(err);
                }
            }
            e.exit()
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) if is_interrupted(&err) => {
            // The command stopped on Ctrl-C or SIGTERM and has said how far
            // it got in its message; the flag's own "stopped before it
            // finished" says nothing more.
            let said: Vec<String> = err
                .chain()
                .filter(|cause| cause.downcast_ref::<grundy::cancel::Cancelled>().is_none())
                .map(ToString::to_string)
                .collect();
            let said = if said.is_empty() {
                "stopped before it finished".to_owned()
            } else {
                said.join(": ")
            };
            let _ = writeln!(io::stderr(), "interrupted: {said}");
            ExitCode::from(interrupt::INTERRUPTED)
        }
        Err(err) => report(err),
    }
}

/// Prints a failed command's error with its snippet; exit status 2.
fn report(err: anyhow::Error) -> ExitCode {
    // Bad input and failed computations exit with 2, like clap's own usage
    // errors, so scripts can tell them from success.
    let _ = writeln!(io::stderr(), "error: {err:#}");
    // Under the message, the input with a caret under the problem.
    let snippet = err.downcast_ref::<diagnostic::Snippet>().or_else(|| {
        err.chain()
            .find_map(|cause| cause.downcast_ref::<diagnostic::Snippet>())
    });
    if let Some(snippet) = snippet {
        let _ = write!(io::stderr(), "{}", snippet.render());
    }
    ExitCode::from(2)
}
