//! `grundy play`: a game against the perfect engine in the terminal.
//!
//! Everything about the game (legality, the engine's choice, hints, undo)
//! lives in [`grundy::play`]; this module has the one game loop, which
//! reads one line per turn from standard input and prints what the library
//! answers, and two views of a match for it: heap games ([`heaps`]: the
//! heaps and the history table, hints that teach) and every game that
//! names its whole position ([`position`]: boards, graphs, drawn by their
//! family). It needs no terminal: lines can be piped in, and the end of
//! the input abandons the game cleanly. When standard input is not a
//! terminal each line read is echoed after the prompt, so that a piped
//! game reads like a transcript. Colour is used only when standard output
//! is a terminal (and `NO_COLOR` is not set).

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::{bail, Context};
use grundy::games::Game;
use grundy::play::Player;
use grundy_text::Role;

use crate::colour;

mod heaps;
mod position;

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The engine moves first.
    Engine,
}

/// Arguments of `grundy play`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Moves are typed as 'HEAP TAKE' (2 3 takes 3 tokens from heap 2); in \
    games that split heaps, 'HEAP TAKE A B' also says which two heaps to leave (2 1 3 4 takes 1 \
    from heap 2 and leaves heaps of 3 and 4). Commands: hint, undo, help, quit.\n\n\
    Boards (cram:RxC, chomp:RxC, or a drawn position such as cram:.../.##) take no heaps; \
    cells are named by column letter and row number, a1 at the top left: a Cram move is \
    the domino's two cells ('a1 a2'), a Chomp move the square bitten ('b2'). Node Kayles \
    (nodekayles:path:7, nodekayles:petersen, nodekayles:FILE) takes no heaps either: a move \
    is the name of the vertex to pick.\n\n\
    Examples:\n  \
    grundy play nim 3 5 7\n  \
    grundy play nim 1 2 3 --first engine      the engine starts from a lost position\n  \
    grundy play nim 2 2 3 --misere            whoever makes the last move loses\n  \
    grundy play 'sub{1,3,4}' 9 10\n  \
    grundy play kayles 5 7\n  \
    printf '3 1\\nhint\\nquit\\n' | grundy play nim 3 5 7\n  \
    grundy play cram:3x4\n  \
    grundy play chomp:4x5 --first engine\n  \
    grundy play 'cram:..../.##./....'\n  \
    grundy play nodekayles:petersen"
)]
pub struct Args {
    /// The game: nim, kayles, dawson, officers, grundy-game, half,
    /// sub{1,3,4}, allbut{1,2}, sub{squares}, a take-and-break code such as
    /// 0.77, ..., or a board: cram:RxC, chomp:RxC, or a position drawn as
    /// `graph --game` prints it (cram:.../.##), or Node Kayles on a graph:
    /// nodekayles:path:N, cycle:N, grid:RxC, star:N, complete:N, petersen,
    /// or nodekayles:FILE (an edge list).
    #[arg(value_name = "GAME")]
    game: String,

    /// Heap sizes to start from (none for a board).
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    heaps: Vec<String>,

    /// Misère play: whoever makes the last move loses (the player who
    /// cannot move wins, even with tokens left).
    #[arg(long)]
    misere: bool,

    /// Who moves first.
    #[arg(long, value_enum, default_value = "me")]
    first: First,
}

/// Runs `grundy play`, reading moves from standard input.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    let style = Style {
        colour: colour::wanted(),
        echo: !io::stdin().is_terminal(),
    };
    let first = match args.first {
        First::Me => Player::User,
        First::Engine => Player::Engine,
    };
    match crate::diagnostic::game(&args.game)? {
        Game::Heaps(ruleset) => {
            let mut session = heaps::HeapSession::start(&args, ruleset, first)?;
            play(&mut session, io::stdin().lock(), out, style)
        }
        Game::Position(start) => {
            if !args.heaps.is_empty() {
                bail!(
                    "{start} names its whole position and takes no heaps, got {:?}",
                    args.heaps.join(" ")
                );
            }
            if start.moves().is_empty() {
                bail!("no move can be made on {start}: the game would be over before it starts");
            }
            let convention = if args.misere {
                grundy::Convention::Misere
            } else {
                grundy::Convention::Normal
            };
            let mut session = position::PositionSession::start(start, convention, first);
            play(&mut session, io::stdin().lock(), out, style)
        }
    }
}

/// What the game loop asks of a match, whatever the game.
trait Session {
    /// The title, who moves first and how to type a move.
    fn intro(&self, out: &mut dyn Write, style: Style) -> io::Result<()>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Whose turn it is.
    fn to_move(&self) -> Player;
    /// Lets the engine move; the move's name.
    fn engine_turn(&mut self) -> Option<String>;
    /// The position (and what led to it), drawn before the user's turn.
    fn show(&self, out: &mut dyn Write) -> io::Result<()>;
    /// The prompt, and an example move for the message about a line that
    /// is not UTF-8.
    fn prompt(&self) -> (String, String);
    /// Answers one line of the user's: a move, or a command; says whether
    /// the position changed, or that the user gave up.
    fn answer(&mut self, line: &str, out: &mut dyn Write, style: Style) -> anyhow::Result<Answer>;
    /// What is said when the game is over.
    fn finish(&self, out: &mut dyn Write, style: Style) -> io::Result<()>;
}

/// What a line did.
enum Answer {
    /// The position changed (a move, an undo) or not.
    Changed(bool),
    /// The user gave up.
    Quit,
}

/// The one game loop: the engine moves when it is its turn, the user's
/// lines are read and answered until the game ends, the user quits, or the
/// input ends.
fn play(
    session: &mut impl Session,
    mut input: impl BufRead,
    out: &mut impl Write,
    style: Style,
) -> anyhow::Result<()> {
    session.intro(out, style)?;
    let mut line = Vec::new();
    // The position is drawn again only when it changed.
    let mut changed = true;
    loop {
        if session.is_over() {
            session.finish(out, style)?;
            return Ok(());
        }
        if session.to_move() == Player::Engine {
            if let Some(name) = session.engine_turn() {
                let text = format!("engine: {name}");
                writeln!(out, "{}", style.paint(Role::Heading, &text))?;
                changed = true;
            }
            continue;
        }
        if changed {
            writeln!(out)?;
            session.show(out)?;
            changed = false;
        }
        let (question, example) = session.prompt();
        let text = match prompt(&question, &example, &mut input, &mut line, style, out)? {
            Prompted::Line(text) => text,
            Prompted::Retry => continue,
            Prompted::Ended => return Ok(()),
        };
        match session.answer(&text, out, style)? {
            Answer::Changed(now) => changed |= now,
            Answer::Quit => {
                writeln!(out, "You gave up: the engine wins.")?;
                return Ok(());
            }
        }
    }
}

/// The common commands, for help screens.
const COMMANDS: &str = "  undo       take back your last move and the engine's reply (u)
  help       show this help
  quit       give up the game (q, exit)";

/// What `undo` took back (given latest first, as the match returns it),
/// said in the order the moves were made: each move's number, who made it
/// and its name.
fn took_back(out: &mut dyn Write, undone: &[(usize, Player, String)]) -> io::Result<()> {
    if undone.is_empty() {
        writeln!(out, "  nothing to undo: you have not moved yet")?;
    }
    for (number, player, name) in undone.iter().rev() {
        writeln!(out, "  took back move {number} ({player}: {name})")?;
    }
    Ok(())
}

/// `You move` or `The engine moves`.
fn who_starts(first: Player) -> &'static str {
    match first {
        Player::User => "You move",
        Player::Engine => "The engine moves",
    }
}

/// How to write: with colours or not, echoing input or not.
#[derive(Clone, Copy, Debug)]
struct Style {
    colour: bool,
    echo: bool,
}

impl Style {
    fn paint(self, role: Role, text: &str) -> String {
        if !self.colour {
            return text.to_string();
        }
        colour::ansi(role, text)
    }
}

/// What one prompt read: a line of text, nothing usable (the reason was
/// printed; ask again), or the end of the input (said; the game is over).
enum Prompted {
    Line(String),
    Retry,
    Ended,
}

/// Prints `question`, reads one line of `input` into `line` and returns it
/// without its line ending (echoed when the input is not a terminal). A line
/// that is not UTF-8 gets a message naming `example` and asks again.
fn prompt(
    question: &str,
    example: &str,
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    style: Style,
    out: &mut dyn Write,
) -> anyhow::Result<Prompted> {
    write!(out, "{question}")?;
    out.flush()?;
    line.clear();
    if input
        .read_until(b'\n', line)
        .context("reading a move from standard input")?
        == 0
    {
        writeln!(out)?;
        writeln!(out, "Input ended: the game is abandoned.")?;
        return Ok(Prompted::Ended);
    }
    let Ok(text) = std::str::from_utf8(line) else {
        if style.echo {
            writeln!(out)?;
        }
        writeln!(
            out,
            "  that line is not valid UTF-8; type a move such as {example}"
        )?;
        return Ok(Prompted::Retry);
    };
    let text = text.trim_end_matches(['\n', '\r']).to_owned();
    if style.echo {
        writeln!(out, "{text}")?;
    }
    Ok(Prompted::Line(text))
}
