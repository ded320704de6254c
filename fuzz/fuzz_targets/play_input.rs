//! The move and command lines of `grundy play` (heap moves, board cells
//! and Node Kayles vertices): parsing never panics, an error's span lies
//! on characters of the line, and a move read is one of the position's.
#![no_main]

use std::sync::OnceLock;

use grundy::games::{Game, Position};
use grundy::moves::MoveError;
use grundy::play::parse_command;
use libfuzzer_sys::fuzz_target;

fn positions() -> &'static [Box<dyn Position>] {
    static GAMES: OnceLock<Vec<Box<dyn Position>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        ["nodekayles:grid:3x4", "cram:3x4", "chomp:3x4"]
            .iter()
            .map(|spec| Game::parse(spec).expect("a game").position().expect("a position").boxed())
            .collect()
    })
}

fn span_on(line: &str, e: &grundy::ParseError) {
    if let Some(span) = e.span() {
        let text = e.text().unwrap_or(line);
        assert!(
            span.start <= span.end
                && span.end <= text.len()
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end),
            "{line:?}: {e:?}"
        );
    }
}

fuzz_target!(|line: &str| {
    if let Err(e) = parse_command(line) {
        span_on(line, &e);
    }
    for position in positions() {
        match position.parse_move(line) {
            Ok(i) => assert!(i < position.moves().len(), "{line:?}: {i}"),
            Err(MoveError::Unreadable(e)) => span_on(line, &e),
            Err(_) => {}
        }
    }
});
