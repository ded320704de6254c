//! `grundy play nodekayles:petersen`: Node Kayles against the engine in
//! the terminal.
//!
//! The match (legality, the engine's pick, hints, undo) is the library's
//! [`KaylesMatch`]; this module lists the vertices left with their
//! neighbours, reads one line per turn and prints what the library answers.

use std::io::{BufRead, Write};

use grundy::games::NodeKayles;
use grundy::play::node_kayles::{KaylesCommand, KaylesMatch, KAYLES_SYNTAX};
use grundy::play::Player;
use grundy_text::Role;

use super::{hint_line, prompt, took_back, Prompted, Style};

const RULES: &str =
    "pick a vertex, which takes it and its neighbours away; whoever cannot pick loses";

/// The vertices left, each with its neighbours that are left.
fn draw(game: &NodeKayles, pos: u128, out: &mut impl Write) -> std::io::Result<()> {
    let left = pos.count_ones();
    writeln!(
        out,
        "{left} of {} vertices left, each with its neighbours:",
        game.vertices()
    )?;
    let mut neighbours = vec![Vec::new(); game.vertices()];
    for (a, b) in game.edges() {
        if pos >> a & 1 == 1 && pos >> b & 1 == 1 {
            neighbours[a].push(game.name(b));
            neighbours[b].push(game.name(a));
        }
    }
    for (v, near) in neighbours.iter().enumerate() {
        if pos >> v & 1 == 1 {
            let near = if near.is_empty() {
                "(alone)".to_owned()
            } else {
                near.join(" ")
            };
            writeln!(out, "  {}: {near}", game.name(v))?;
        }
    }
    Ok(())
}

/// Plays Node Kayles on `game` against the engine, reading moves from
/// `input`.
pub fn session(
    game: NodeKayles,
    first: Player,
    mut input: impl BufRead,
    out: &mut impl Write,
    style: Style,
) -> anyhow::Result<()> {
    let example = game.name(0).to_owned();
    let mut m = KaylesMatch::new(game, first);
    let title = format!("Node Kayles on {}: {RULES}.", m.game().spec());
    writeln!(out, "{}", style.paint(Role::Heading, &title))?;
    writeln!(
        out,
        "{} first. Type a move as the vertex to pick: '{example}' picks vertex {example}.",
        match first {
            Player::User => "You move",
            Player::Engine => "The engine moves",
        }
    )?;
    writeln!(out, "Commands: hint, undo, help, quit.")?;
    let mut line = Vec::new();
    let mut changed = true;
    loop {
        if m.is_over() {
            let (text, role) = match m.winner() {
                Some(Player::User) => ("No vertex is left for the engine: you win!", Role::Win),
                _ => ("No vertex is left for you: the engine wins.", Role::Lose),
            };
            writeln!(out, "{}", style.paint(role, text))?;
            return Ok(());
        }
        if m.to_move() == Player::Engine {
            if let Some(turn) = m.play_engine() {
                let v = turn.vertex;
                let text = format!("engine: {}", m.game().name(v));
                writeln!(out, "{}", style.paint(Role::Heading, &text))?;
                changed = true;
            }
            continue;
        }
        if changed {
            writeln!(out)?;
            draw(m.game(), m.position(), out)?;
            changed = false;
        }
        let text = match prompt(
            "your move (a vertex, or hint/undo/help/quit)> ",
            &format!("'{example}'"),
            &mut input,
            &mut line,
            style,
            out,
        )? {
            Prompted::Line(text) => text,
            Prompted::Retry => continue,
            Prompted::Ended => return Ok(()),
        };
        match m.parse(&text) {
            Err(e) => writeln!(out, "  {e} (type help for the syntax)")?,
            Ok(KaylesCommand::Help) => {
                writeln!(out, "Node Kayles on {}: {RULES}.", m.game().spec())?;
                writeln!(out, "{KAYLES_SYNTAX}")?;
            }
            Ok(KaylesCommand::Quit) => {
                writeln!(out, "You gave up: the engine wins.")?;
                return Ok(());
            }
            Ok(KaylesCommand::Hint) => {
                let hint = m.hint();
                let value = hint.value.unwrap_or_default();
                let names: Vec<String> = hint
                    .winning_moves
                    .iter()
                    .map(|&v| m.game().name(v).to_owned())
                    .collect();
                hint_line(out, style, value, &names, "pick")?;
            }
            Ok(KaylesCommand::Undo) => {
                let undone: Vec<_> = m
                    .undo()
                    .into_iter()
                    .map(|t| (t.number, t.player, m.game().name(t.vertex).to_owned()))
                    .collect();
                took_back(out, &undone)?;
                changed |= !undone.is_empty();
            }
            Ok(KaylesCommand::Pick(v)) => match m.play(v) {
                Ok(turn) => {
                    let v = turn.vertex;
                    writeln!(out, "you: {}", m.game().name(v))?;
                    changed = true;
                }
                Err(e) => writeln!(out, "  illegal move: {e}; try again")?,
            },
        }
    }
}
