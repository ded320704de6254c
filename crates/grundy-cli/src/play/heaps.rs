//! The heap games' view of a match in `grundy play`: the heaps drawn token
//! by token, the history table, moves typed as `HEAP TAKE [A B]`, and
//! hints that teach the winning move.

use std::io::{self, Write};

use grundy::cancel::Cancel;
use grundy::heap::HeapRuleset;
use grundy::play::{
    parse_command, Command, HeapPosition, Match, MatchOptions, Player, Turn, SYNTAX,
};
use grundy::sum::SolveProgress;
use grundy::Convention;
use grundy_text::{Render, Role};

use super::{took_back, who_starts, Answer, Args, Session, Style};
use crate::progress::Progress;

/// Heaps up to this size are drawn token by token.
const DRAW_MAX: u64 = 40;

/// During the game the history table shows this many latest moves (a long
/// game would otherwise print its table over and over); the whole table is
/// shown when the game ends.
const RECENT_MOVES: usize = 12;

type HeapMatch = Match<HeapPosition>;

/// A heap game in progress.
pub(super) struct HeapSession(HeapMatch);

impl HeapSession {
    /// The match the arguments describe, for `ruleset`.
    pub(super) fn start(
        args: &Args,
        ruleset: HeapRuleset,
        first: Player,
    ) -> anyhow::Result<HeapSession> {
        if args.heaps.is_empty() {
            anyhow::bail!(
                "no heaps given: write the heap sizes after the game, e.g. `grundy play nim 3 5 7`"
            );
        }
        let heaps = crate::input::small_heap_args(&args.heaps, |i, t| {
            format!(
                "heap {i} ({t:?}) is too large to play: at most {} tokens",
                u64::MAX
            )
        })?;
        let convention = if args.misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        // Misère play past the search computes the game's misère quotient
        // first, which may take seconds: a progress line says how far it got.
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let mut progress: Option<Progress> = None;
        let mut tick = |p| {
            if let SolveProgress::Quotient { heap, .. } = p {
                progress
                    .get_or_insert_with(|| {
                        Progress::new("misère quotient: heaps done", Some(largest))
                    })
                    .update(heap);
            }
        };
        let cancel = Cancel::new();
        let options = MatchOptions::default().cancel(&cancel).progress(&mut tick);
        let started = Match::with_options(ruleset, heaps, convention, first, options);
        drop(progress);
        let game = started?;
        let name = game_name(&game, &args.game);
        Ok(HeapSession(game.named(name)))
    }
}

impl Session for HeapSession {
    fn intro(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        intro(&self.0, out, style)
    }

    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    fn to_move(&self) -> Player {
        self.0.to_move()
    }

    fn engine_turn(&mut self) -> Option<String> {
        self.0.play_engine().map(|turn| turn.mv.to_string())
    }

    fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        show(&self.0, out)
    }

    fn prompt(&self) -> (String, String) {
        (
            "your move (heap take, or hint/undo/help/quit)> ".into(),
            "'1 2'".into(),
        )
    }

    fn answer(&mut self, text: &str, out: &mut dyn Write, style: Style) -> anyhow::Result<Answer> {
        let game = &mut self.0;
        match parse_command(text) {
            Err(e) => {
                writeln!(out, "  {e} (type help for the syntax)")?;
                if let (Some(line), Some(span)) = (e.text(), e.span()) {
                    write!(
                        out,
                        "{}",
                        crate::diagnostic::caret_lines(line.trim_end(), span)
                    )?;
                }
            }
            Ok(Command::Help) => help(game, out)?,
            Ok(Command::Quit) => return Ok(Answer::Quit),
            Ok(Command::Hint) => {
                writeln!(out)?;
                let hint = game.hint();
                write!(out, "{}", hint.render_with(&mut |r, s| style.paint(r, s)))?;
            }
            Ok(Command::Undo) => {
                let undone: Vec<_> = game
                    .undo()
                    .into_iter()
                    .map(|t| (t.number, t.player, t.mv.to_string()))
                    .collect();
                took_back(out, &undone)?;
                return Ok(Answer::Changed(!undone.is_empty()));
            }
            Ok(Command::Move(req)) => match game.play(&req) {
                Ok(turn) => {
                    writeln!(out, "you: {}", turn.mv)?;
                    return Ok(Answer::Changed(true));
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
        Ok(Answer::Changed(false))
    }

    fn finish(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        finish(&self.0, out, style)
    }
}

fn rules_sentence(game: &HeapMatch) -> &'static str {
    match game.convention() {
        Convention::Normal => "whoever takes the last token wins",
        Convention::Misere => "whoever makes the last move loses",
    }
}

/// "normal" or "misère".
fn convention_name(game: &HeapMatch) -> &'static str {
    match game.convention() {
        Convention::Normal => "normal",
        Convention::Misere => "misère",
    }
}

/// The game as the user named it, with the canonical spec when that
/// differs: `kayles (0.77)`.
fn game_name(game: &HeapMatch, typed: &str) -> String {
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

fn intro(game: &HeapMatch, out: &mut dyn Write, style: Style) -> io::Result<()> {
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
        who_starts(game.first())
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

fn help(game: &HeapMatch, out: &mut dyn Write) -> io::Result<()> {
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
fn show(game: &HeapMatch, out: &mut dyn Write) -> io::Result<()> {
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
fn draw(heaps: &[u64], out: &mut dyn Write) -> io::Result<()> {
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
fn history(turns: &[Turn<HeapPosition>], out: &mut dyn Write) -> io::Result<()> {
    let rows: Vec<[String; 6]> = turns
        .iter()
        .map(|t| {
            let after: Vec<String> = t.after.heaps().iter().map(u64::to_string).collect();
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

fn finish(game: &HeapMatch, out: &mut dyn Write, style: Style) -> io::Result<()> {
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
