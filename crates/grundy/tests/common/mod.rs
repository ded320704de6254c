//! The shared test kit: oracles written from the definitions alone, for the
//! integration tests to check the library against.
//!
//! `mod common;` in a test file brings it in; a test file uses what it
//! needs of it.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};

use grundy::heap::HeapRuleset;

/// Who wins a sum of heaps of one game, by trying every move: the player
/// to move wins when some move leaves a position the opponent loses; with
/// no move at all, normal play is lost and misère play won. No Grundy
/// value, period or quotient is involved; the game's rules come from
/// [`HeapRuleset::for_each_option`].
pub struct HeapBrute<'a> {
    game: &'a HeapRuleset,
    misere: bool,
    memo: HashMap<Vec<u64>, bool>,
}

impl<'a> HeapBrute<'a> {
    /// The oracle for `game` under normal play.
    pub fn normal(game: &'a HeapRuleset) -> HeapBrute<'a> {
        HeapBrute {
            game,
            misere: false,
            memo: HashMap::new(),
        }
    }

    /// The oracle for `game` under misère play.
    pub fn misere(game: &'a HeapRuleset) -> HeapBrute<'a> {
        HeapBrute {
            game,
            misere: true,
            memo: HashMap::new(),
        }
    }

    /// Whether the player to move wins `heaps` (any order, empty heaps
    /// allowed).
    pub fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        for i in 0..key.len() {
            for left in self.options(key[i]) {
                any = true;
                if !self.mover_wins(&after(&key, i, &left)) {
                    wins = true;
                }
            }
        }
        let w = if any { wins } else { self.misere };
        self.memo.insert(key, w);
        w
    }

    /// Every winning move of `heaps`, as (heap index, the heaps it leaves,
    /// smallest first).
    pub fn winning_moves(&mut self, heaps: &[u64]) -> HashSet<(usize, Vec<u64>)> {
        let mut out = HashSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            for left in self.options(h) {
                if !self.mover_wins(&after(heaps, i, &left)) {
                    out.insert((i, left));
                }
            }
        }
        out
    }

    /// What each move from a heap of `h` leaves, smallest heap first.
    fn options(&self, h: u64) -> Vec<Vec<u64>> {
        let mut out = vec![];
        self.game.for_each_option(h, |l| {
            let mut left = l.as_slice().to_vec();
            left.sort_unstable();
            out.push(left);
        });
        out
    }
}

/// `heaps` with heap `i` replaced by `left`.
fn after(heaps: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
    let mut next = heaps.to_vec();
    next.remove(i);
    next.extend_from_slice(left);
    next
}
