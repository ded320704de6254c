//! `grundy play`: a game against the perfect engine in the terminal.
//!
//! Everything about the game (legality, the engine's choice, hints, undo)
//! lives in [`grundy::play`]; this module draws the position and the
//! history table, reads one line per turn from standard input, and prints
//! what the library answers. It needs no terminal: lines can be piped in,
//! and the end of the input abandons the game cleanly. When standard input
//! is not a terminal each line read is echoed after the prompt, so that a
//! piped game reads like a transcript. Colour is used only when standard
//! output is a terminal (and `NO_COLOR` is not set).

use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::{bail, Context};
use grundy::cancel::Cancel;
use grundy::heap::HeapRuleset;
use grundy::nim::{parse_heap, Heap};
use grundy::play::{parse_command, Command, Match, MatchLimits, Player, Turn, SYNTAX};
use grundy::sum::SolveProgress;
use grundy::Convention;
use grundy_text::{Render, Role};

use crate::colour;
use crate::progress::Progress;

mod board;
mod node_kayles;

/// Heaps up to this size are drawn token by token.
const DRAW_MAX: u64 = 40;

/// During the game the history table shows this many latest moves (a long
/// game would otherwise print its table over and over); the whole table is
/// shown when the game ends.
const RECENT_MOVES: usize = 12;

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
    if grundy::games::NodeKayles::is_spec(&args.game) {
        let game = crate::solve::node_kayles(&args.game)?;
        if !args.heaps.is_empty() {
            bail!(
                "{} is a graph and takes no heaps, got {:?}",
                game.spec(),
                args.heaps.join(" ")
            );
        }
        if args.misere {
            bail!(
                "--misere is not supported for Node Kayles ({}): only normal play (whoever cannot pick loses)",
                game.spec()
            );
        }
        let first = match args.first {
            First::Me => Player::User,
            First::Engine => Player::Engine,
        };
        return node_kayles::session(game, first, io::stdin().lock(), out, style);
    }
    if grundy::games::BoardSpec::is_board_spec(&args.game) {
        let board = crate::diagnostic::board(&args.game)?;
        if !args.heaps.is_empty() {
            bail!(
                "{board} is a board and takes no heaps, got {:?}",
                args.heaps.join(" ")
            );
        }
        if args.misere {
            bail!("--misere is not supported for board games such as {board}: only normal play (whoever cannot move loses)");
        }
        if board.moves().is_empty() {
            bail!("no move can be made on {board}: the game would be over before it starts");
        }
        let first = match args.first {
            First::Me => Player::User,
            First::Engine => Player::Engine,
        };
        return board::session(board, first, io::stdin().lock(), out, style);
    }
    if args.heaps.is_empty() {
        bail!("no heaps given: write the heap sizes after the game, e.g. `grundy play nim 3 5 7`");
    }
    let game = setup(&args)?;
    let name = game_name(&game, &args.game);
    session(game.named(name), io::stdin().lock(), out, style)
}

/// The match the arguments describe.
fn setup(args: &Args) -> anyhow::Result<Match> {
    let ruleset =
        HeapRuleset::parse(&args.game).map_err(|e| crate::diagnostic::bad_spec(e, &args.game))?;
    let mut heaps = Vec::with_capacity(args.heaps.len());
    for (i, text) in args.heaps.iter().enumerate() {
        let message = match parse_heap(text) {
            Ok(Heap::Small(h)) => {
                heaps.push(h);
                continue;
            }
            Ok(Heap::Big(_)) => format!(
                "heap {} ({text:?}) is too large to play: at most {} tokens",
                i + 1,
                u64::MAX
            ),
            Err(e) => format!("heap {} ({text:?}): {e}", i + 1),
        };
        return Err(crate::diagnostic::bad_argument(&args.heaps, i, message));
    }
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let first = match args.first {
        First::Me => Player::User,
        First::Engine => Player::Engine,
    };
    // Misère play past the search computes the game's misère quotient
    // first, which may take seconds: a progress line says how far it got.
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut progress: Option<Progress> = None;
    let started = Match::with_progress(
        ruleset,
        heaps,
        convention,
        first,
        MatchLimits::default(),
        &Cancel::new(),
        &mut |p| {
            if let SolveProgress::Quotient { heap, .. } = p {
                progress
                    .get_or_insert_with(|| {
                        Progress::new("misère quotient: heaps done", Some(largest))
                    })
                    .update(heap);
            }
        },
    );
    drop(progress);
    Ok(started?)
}

/// The hint of a board or graph game: the value, and the winning moves
/// (`noun`: "move", "pick") or why there is none.
fn hint_line(
    out: &mut impl Write,
    style: Style,
    value: impl std::fmt::Display,
    winning: &[String],
    noun: &str,
) -> io::Result<()> {
    if winning.is_empty() {
        return writeln!(
            out,
            "  hint: this position is worth {value}, a P-position: every {noun} loses against perfect play; play for time"
        );
    }
    let text = format!(
        "  hint: this position is worth {value}; winning {noun}{}: {}",
        if winning.len() == 1 { "" } else { "s" },
        winning.join(", ")
    );
    writeln!(out, "{}", style.paint(Role::Win, &text))
}

/// What `undo` took back in a board or graph game, latest first: each
/// move's number, who made it and its name.
fn took_back(out: &mut impl Write, undone: &[(usize, Player, String)]) -> io::Result<()> {
    if undone.is_empty() {
        writeln!(out, "  nothing to undo: you have not moved yet")?;
    }
    for (number, player, name) in undone {
        writeln!(out, "  took back move {number} ({player}: {name})")?;
    }
    Ok(())
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

/// The game loop: the engine moves when it is its turn, the user's lines
/// are read and answered until the game ends, the user quits, or the input
/// ends.
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
    out: &mut impl Write,
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

fn session(
    mut game: Match,
    mut input: impl BufRead,
    out: &mut impl Write,
    style: Style,
) -> anyhow::Result<()> {
    intro(&game, out, style)?;
    let mut line = Vec::new();
    // The position is drawn again only when it changed.
    let mut changed = true;
    loop {
        if game.is_over() {
            return finish(&game, out, style);
        }
        if game.to_move() == Player::Engine {
            if let Some(turn) = game.play_engine() {
                let text = format!("engine: {}", turn.mv);
                writeln!(out, "{}", style.paint(Role::Heading, &text))?;
            }
            continue;
        }
        if changed {
            writeln!(out)?;
            show(&game, out)?;
            changed = false;
        }
        let text = match prompt(
            "your move (heap take, or hint/undo/help/quit)> ",
            "'1 2'",
            &mut input,
            &mut line,
            style,
            out,
        )? {
            Prompted::Line(text) => text,
            Prompted::Retry => continue,
            Prompted::Ended => return Ok(()),
        };
        match parse_command(&text) {
            Err(e) => {
                writeln!(out, "  {e} (type help for the syntax)")?;
                let typed = text.trim_end();
                write!(
                    out,
                    "{}",
                    crate::diagnostic::caret_lines(typed, e.span(typed))
                )?;
            }
            Ok(Command::Help) => help(&game, out)?,
            Ok(Command::Quit) => {
                writeln!(out, "You gave up: the engine wins.")?;
                return Ok(());
            }
            Ok(Command::Hint) => {
                writeln!(out)?;
                let hint = game.hint();
                write!(out, "{}", hint.render_with(&mut |r, s| style.paint(r, s)))?;
            }
            Ok(Command::Undo) => {
                let undone = game.undo();
                if undone.is_empty() {
                    writeln!(out, "  nothing to undo: you have not moved yet")?;
                }
                for t in undone.iter().rev() {
                    writeln!(
                        out,
                        "  took back move {} ({}: {})",
                        t.number, t.player, t.mv
                    )?;
                }
                changed |= !undone.is_empty();
            }
            Ok(Command::Move(req)) => match game.play(&req) {
                Ok(turn) => {
                    writeln!(out, "you: {}", turn.mv)?;
                    changed = true;
                }
                Err(e) => match e.example() {
                    Some(mv) => writeln!(
                        out,
                        "  illegal move: {e} (type '{}'); try again",
                        mv.syntax()
                    )?,
                    None => writeln!(out, "  illegal move: {e}; try again")?,
                },
            },
        }
    }
}

fn rules_sentence(game: &Match) -> &'static str {
    match game.convention() {
        Convention::Normal => "whoever takes the last token wins",
        Convention::Misere => "whoever makes the last move loses",
    }
}

/// "normal" or "misère".
fn convention_name(game: &Match) -> &'static str {
    match game.convention() {
        Convention::Normal => "normal",
        Convention::Misere => "misère",
    }
}

/// The game as the user named it, with the canonical spec when that
/// differs: `kayles (0.77)`.
fn game_name(game: &Match, typed: &str) -> String {
    let canonical = game.ruleset().to_string();
    let typed: String = typed
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if typed == canonical {
        canonical
    } else {
        format!("{typed} ({canonical})")
    }
}

fn intro(game: &Match, out: &mut impl Write, style: Style) -> io::Result<()> {
    let title = format!(
        "{}, {} play: {}.",
        game.name(),
        convention_name(game),
        rules_sentence(game)
    );
    writeln!(out, "{}", style.paint(Role::Heading, &title))?;
    writeln!(
        out,
        "{} first. Type a move as HEAP TAKE: '1 2' takes 2 tokens from heap 1.",
        match game.first() {
            Player::User => "You move",
            Player::Engine => "The engine moves",
        }
    )?;
    if game.ruleset().max_heaps_left() > 1 {
        writeln!(
            out,
            "To split a heap, type HEAP TAKE A B: take TAKE tokens from heap HEAP and \
             leave\ntwo heaps of A and B."
        )?;
    }
    writeln!(out, "Commands: hint, undo, help, quit.")
}

fn help(game: &Match, out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "{}, {} play: {}.",
        game.name(),
        convention_name(game),
        rules_sentence(game)
    )?;
    writeln!(out, "{SYNTAX}")
}

/// The history table (when a move was made) and the heaps.
fn show(game: &Match, out: &mut impl Write) -> io::Result<()> {
    let turns = game.history();
    if !turns.is_empty() {
        let earlier = turns.len().saturating_sub(RECENT_MOVES);
        if earlier > 0 {
            writeln!(
                out,
                "  ({earlier} earlier move{} not shown; the whole game is shown at the end)",
                if earlier == 1 { "" } else { "s" }
            )?;
        }
        history(&turns[earlier..], out)?;
        writeln!(out)?;
    }
    draw(game.heaps(), out)
}

/// `heap 1: ●●● (3)`, one line per heap.
fn draw(heaps: &[u64], out: &mut impl Write) -> io::Result<()> {
    let w = heaps.len().to_string().len();
    for (i, &h) in heaps.iter().enumerate() {
        let tokens = if h == 0 {
            "-".to_string()
        } else if h <= DRAW_MAX {
            "●".repeat(h as usize)
        } else {
            format!("{}…", "●".repeat(DRAW_MAX as usize))
        };
        writeln!(out, "  heap {:>w$}: {tokens} ({h})", i + 1)?;
    }
    Ok(())
}

/// One row per move: number, who, the heap, tokens taken, what was left
/// in its place, and every heap after the move.
fn history(turns: &[Turn], out: &mut impl Write) -> io::Result<()> {
    let rows: Vec<[String; 6]> = turns
        .iter()
        .map(|t| {
            let after: Vec<String> = t.heaps_after.iter().map(u64::to_string).collect();
            [
                t.number.to_string(),
                t.player.to_string(),
                (t.mv.heap + 1).to_string(),
                t.mv.taken().to_string(),
                format!("{} -> {}", t.mv.from, t.mv.leaves_text()),
                after.join(" "),
            ]
        })
        .collect();
    let header = ["move", "who", "heap", "took", "heap size", "heaps after"];
    let mut widths = header.map(|h| h.chars().count());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 6]| {
        format!(
            "  {:>w0$}  {:<w1$}  {:>w2$}  {:>w3$}  {:<w4$}  {}",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            cells[5],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4],
        )
    };
    writeln!(out, "{}", line(header).trim_end())?;
    for row in &rows {
        let cells = [
            row[0].as_str(),
            row[1].as_str(),
            row[2].as_str(),
            row[3].as_str(),
            row[4].as_str(),
            row[5].as_str(),
        ];
        writeln!(out, "{}", line(cells))?;
    }
    Ok(())
}

fn finish(game: &Match, out: &mut impl Write, style: Style) -> anyhow::Result<()> {
    writeln!(out)?;
    writeln!(out, "Game over. The whole game:")?;
    history(game.history(), out)?;
    writeln!(out)?;
    let last = game.history().last().map(|t| t.player);
    let (who_took, winner) = (last.unwrap_or(Player::User), game.winner());
    let empty = game.heaps().iter().all(|&h| h == 0);
    let took = match (who_took, empty) {
        (Player::User, true) => "You took the last token",
        (Player::Engine, true) => "The engine took the last token",
        (Player::User, false) => "You made the last move (no move is left)",
        (Player::Engine, false) => "The engine made the last move (no move is left)",
    };
    let (text, role) = match (game.convention(), winner) {
        (Convention::Normal, Some(Player::User)) => (format!("{took}: you win!"), Role::Win),
        (Convention::Normal, _) => (format!("{took}: the engine wins."), Role::Lose),
        (Convention::Misere, Some(Player::User)) => (
            format!("{took}, and in misère play that loses: you win!"),
            Role::Win,
        ),
        (Convention::Misere, _) => (
            format!("{took}, and in misère play that loses: the engine wins."),
            Role::Lose,
        ),
    };
    writeln!(out, "{}", style.paint(role, &text))?;
    Ok(())
}
