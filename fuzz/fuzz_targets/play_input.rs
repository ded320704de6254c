//! The move and command lines of `grundy play` (heap moves, board cells
//! and Node Kayles vertices): parsing never panics, an error's column lies
//! within the line (or just past its end), and a vertex read is the one
//! the line names.
#![no_main]

use std::sync::OnceLock;

use grundy::games::NodeKayles;
use grundy::play::board::parse_board_command;
use grundy::play::node_kayles::{KaylesCommand, KaylesMatch};
use grundy::play::{parse_command, Player};
use libfuzzer_sys::fuzz_target;

fn grid() -> &'static KaylesMatch {
    static GAME: OnceLock<KaylesMatch> = OnceLock::new();
    GAME.get_or_init(|| {
        let game = NodeKayles::family("nodekayles:grid:3x4")
            .expect("a family")
            .expect("a family");
        KaylesMatch::new(game, Player::User)
    })
}

fuzz_target!(|line: &str| {
    if let Err(e) = parse_command(line) {
        assert!(
            e.column >= 1 && e.column <= line.chars().count() + 1,
            "{line:?}: {e:?}"
        );
    }
    if let Err(e) = parse_board_command(line) {
        assert!(
            e.column >= 1 && e.column <= line.chars().count() + 1,
            "{line:?}: {e:?}"
        );
    }
    let game = grid();
    if let Ok(KaylesCommand::Pick(v)) = game.parse(line) {
        assert!(v < game.game().vertices(), "{line:?}: {v}");
        assert!(
            game.game().name(v).eq_ignore_ascii_case(line.trim()),
            "{line:?}: {v}"
        );
    }
});
