//! What the integration tests share: the oracles of the workspace's test
//! kit (`grundy-testkit`, written from the definitions alone), and the one
//! bridge from a library ruleset to them.
//!
//! `mod common;` in a test file brings it in; a test file uses what it
//! needs of it.
#![allow(dead_code, unused_imports)]

use grundy::heap::HeapRuleset;
pub use grundy_testkit::heaps::Sums;
pub use grundy_testkit::Plain;

pub mod kit_rules;
pub use kit_rules::options;

/// Who wins a sum of heaps of `game` under normal play, by trying every
/// move ([`Sums`]), the game's rules taken from the kit's
/// ([`kit_rules`]), not from the library's. No Grundy value, period or
/// quotient is involved.
pub fn brute_normal(game: &HeapRuleset) -> Sums<'_> {
    Sums::normal(|h| options(game, h))
}

/// The same under misère play.
pub fn brute_misere(game: &HeapRuleset) -> Sums<'_> {
    Sums::misere(|h| options(game, h))
}
