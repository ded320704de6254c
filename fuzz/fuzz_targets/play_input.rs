//! The move and command lines of `grundy play` (heap moves and board
//! cells): parsing never panics and an error's column lies within the line
//! (or just past its end).
#![no_main]

use grundy::play::board::parse_board_command;
use grundy::play::parse_command;
use libfuzzer_sys::fuzz_target;

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
});
