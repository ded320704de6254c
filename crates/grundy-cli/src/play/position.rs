//! The view of a match in `grundy play` for every game that names its
//! whole position (boards, graphs): the family draws the position, names
//! and reads the moves, and says its rules; hints are the value and the
//! winning moves.

use std::io::{self, Write};

use grundy::games::Position;
use grundy::moves::MoveError;
use grundy::play::{parse_word, Command, Match, Playable, Player, PositionPlay};
use grundy::Convention;
use grundy_text::Role;

use super::{took_back, who_starts, Answer, Session, Style, COMMANDS};

/// A board or graph game in progress.
pub(super) struct PositionSession(Match<PositionPlay>);

impl PositionSession {
    /// A match from `start` under `convention`, with `first` to move.
    pub(super) fn start(
        start: Box<dyn Position>,
        convention: Convention,
        first: Player,
    ) -> PositionSession {
        PositionSession(Match::begin(PositionPlay::new(start, convention), first))
    }

    fn misere(&self) -> bool {
        self.0.start_position().convention() == Convention::Misere
    }

    /// `Cram on cram:3x4: place a domino ...`: the title and the help's
    /// first line.
    fn title(&self) -> String {
        let start = self.0.start_position();
        let rules = start.rules();
        format!("{} on {start}: {}.", rules.name, rules.rules)
    }
}

impl Session for PositionSession {
    fn intro(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        writeln!(out, "{}", style.paint(Role::Heading, &self.title()))?;
        if self.misere() {
            writeln!(
                out,
                "Misère play: the ending is turned around, and whoever cannot move wins."
            )?;
        }
        let rules = self.0.start_position().rules();
        writeln!(
            out,
            "{} first. {}",
            who_starts(self.0.first()),
            rules.syntax
        )?;
        writeln!(out, "Commands: hint, undo, help, quit.")
    }

    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    fn to_move(&self) -> Player {
        self.0.to_move()
    }

    fn engine_turn(&mut self) -> Option<String> {
        self.0.play_engine().map(|turn| turn.mv.name.clone())
    }

    fn show(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{}", self.0.position().draw())
    }

    fn prompt(&self) -> (String, String) {
        let rules = self.0.start_position().rules();
        (
            format!("your move ({}, or hint/undo/help/quit)> ", rules.typed),
            rules.example.to_owned(),
        )
    }

    fn answer(&mut self, text: &str, out: &mut dyn Write, style: Style) -> anyhow::Result<Answer> {
        match parse_word(text) {
            Some(Command::Quit) => return Ok(Answer::Quit),
            Some(Command::Help) => {
                writeln!(out, "{}", self.title())?;
                if self.misere() {
                    writeln!(out, "Misère play: whoever cannot move wins.")?;
                }
                writeln!(out, "{}", self.0.start_position().rules().help)?;
                writeln!(out, "  hint       show the winning moves (h, ?)")?;
                writeln!(out, "{COMMANDS}")?;
            }
            Some(Command::Hint) => {
                let hint = self.0.hint()?;
                // Normal play gives the value; misère play the outcome.
                let worth = match hint.value {
                    Some(value) => format!("is worth {value}"),
                    None => "is won by the player to move under misère play".to_owned(),
                };
                if hint.winning_moves.is_empty() {
                    let worth = match hint.value {
                        Some(value) => format!("is worth {value}, a P-position"),
                        None => "is a misère P-position".to_owned(),
                    };
                    writeln!(
                        out,
                        "  hint: this position {worth}: every move loses against perfect play; play for time"
                    )?;
                } else {
                    let names: Vec<&str> =
                        hint.winning_moves.iter().map(|m| m.name.as_str()).collect();
                    let text = format!(
                        "  hint: this position {worth}; winning move{}: {}",
                        if names.len() == 1 { "" } else { "s" },
                        names.join(", ")
                    );
                    writeln!(out, "{}", style.paint(Role::Win, &text))?;
                }
            }
            Some(Command::Undo) => {
                let undone: Vec<_> = self
                    .0
                    .undo()
                    .into_iter()
                    .map(|t| (t.number, t.player, t.mv.name))
                    .collect();
                took_back(out, &undone)?;
                return Ok(Answer::Changed(!undone.is_empty()));
            }
            Some(Command::Move(_)) => unreachable!("a command word is no move"),
            None => match self.0.play_typed(text) {
                Ok(turn) => {
                    writeln!(out, "you: {}", turn.mv.name)?;
                    return Ok(Answer::Changed(true));
                }
                Err(MoveError::Unreadable(e)) => {
                    writeln!(out, "  {e} (type help for the syntax)")?;
                    if let (Some(line), Some(span)) = (e.text(), e.span()) {
                        write!(out, "{}", crate::diagnostic::caret_lines(line, span))?;
                    }
                }
                Err(e) => writeln!(out, "  illegal move: {e}; try again")?,
            },
        }
        Ok(Answer::Changed(false))
    }

    fn finish(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        writeln!(out)?;
        write!(out, "{}", self.0.position().draw())?;
        let (text, role) = match (self.0.winner(), self.misere()) {
            (Some(Player::User), false) => ("The engine cannot move: you win!", Role::Win),
            (_, false) => ("You cannot move: the engine wins.", Role::Lose),
            (Some(Player::User), true) => (
                "You cannot move, and in misère play that wins: you win!",
                Role::Win,
            ),
            (_, true) => (
                "The engine cannot move, and in misère play that wins: the engine wins.",
                Role::Lose,
            ),
        };
        writeln!(out, "{}", style.paint(role, text))
    }
}
