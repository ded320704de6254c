//! The one bridge from a library ruleset to the test kit's rules of the
//! same game, written from the definitions: the integration tests reach
//! it as `common::kit_rules`, the library's unit tests as
//! `heap::spec::kit_rules` (the same file, included by path). The engines
//! under test list moves with [`HeapRuleset::for_each_option`]; an oracle
//! that did too could not catch a wrong move there. A subtraction set is
//! asked only which amounts it holds.

use grundy_testkit::heaps;

use super::HeapRuleset;

/// What each move from a heap of `h` leaves, by the kit's rules.
pub fn options(game: &HeapRuleset, h: u64) -> Vec<Vec<u64>> {
    let rules = |n: u64, leave: &mut dyn FnMut(&[u64])| match game {
        HeapRuleset::Nim => heaps::nim_moves(n, leave),
        HeapRuleset::Subtraction(set) => {
            let set: Vec<u64> = (1..=n).filter(|&s| set.contains(s)).collect();
            heaps::subtraction_moves(&set, n, leave)
        }
        HeapRuleset::Half => heaps::half_moves(n, leave),
        HeapRuleset::TakeBreak(code) => heaps::take_break_moves(code.digits(), n, leave),
        HeapRuleset::GrundyGame => heaps::grundy_game_moves(n, leave),
    };
    heaps::options(rules, h)
}
