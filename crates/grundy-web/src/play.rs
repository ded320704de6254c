//! Playing a sum of heaps: the legal moves, the engine's choice of move, and
//! misère play by search for games without a closed theory.
//!
//! The engine's policy: from an N-position it always plays a winning move
//! (the one taking fewest tokens, so the lesson is easiest to follow); from a
//! P-position, where every move loses against perfect play, it takes as few
//! tokens as it can from the largest heap it can, so the game stays long and
//! the opponent has every chance to go wrong.

use std::collections::HashMap;

use grundy::heap::Leaves;
use grundy::Nimber;
use serde::Serialize;

/// A ruleset for one heap: its options, and the Grundy values of heaps.
pub trait Rules {
    /// Calls `f` with every option of a heap of `n` tokens.
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(Leaves));

    /// The Grundy value of a heap of `n` tokens, `n <= upto` of the last
    /// [`Rules::prepare`].
    fn value(&self, n: u64) -> Nimber;

    /// Makes [`Rules::value`] answer for heaps up to `upto`.
    fn prepare(&mut self, upto: u64);
}

/// One move in a sum of heaps: heap `heap` (0-based), of `from` tokens,
/// is replaced by the heaps `to` (none, one, or several after a split).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// Index of the heap moved in.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// The heaps it leaves, smallest first; empty when it is removed.
    pub to: Vec<u64>,
}

impl Move {
    /// Tokens removed by the move (zero for a pure split).
    pub fn taken(&self) -> u64 {
        self.from - self.to.iter().sum::<u64>()
    }

    /// The position after the move, the new heaps in place of the old one.
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut after = Vec::with_capacity(heaps.len() + self.to.len());
        after.extend_from_slice(&heaps[..self.heap]);
        after.extend_from_slice(&self.to);
        after.extend_from_slice(&heaps[self.heap + 1..]);
        after
    }
}

/// Every legal move from `heaps`, heap by heap.
pub fn moves(rules: &dyn Rules, heaps: &[u64]) -> Vec<Move> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        rules.for_each_option(h, &mut |leaves| {
            out.push(Move {
                heap: i,
                from: h,
                to: leaves.as_slice().to_vec(),
            });
        });
    }
    out
}

/// The nim-sum of the heaps' Grundy values.
pub fn nim_sum(rules: &dyn Rules, heaps: &[u64]) -> Nimber {
    heaps.iter().map(|&h| rules.value(h)).sum()
}

/// Every winning move under normal play (those reaching nim-sum 0).
pub fn winning_moves_normal(rules: &dyn Rules, heaps: &[u64]) -> Vec<Move> {
    let total = nim_sum(rules, heaps);
    if total.is_zero() {
        return Vec::new();
    }
    moves(rules, heaps)
        .into_iter()
        .filter(|m| {
            let rest = total + rules.value(m.from);
            let new: Nimber = m.to.iter().map(|&h| rules.value(h)).sum();
            (rest + new).is_zero()
        })
        .collect()
}

/// The move that keeps a lost game longest by our heuristic: fewest tokens
/// taken, then the largest heap, then the first.
pub fn stalling_move(candidates: impl IntoIterator<Item = Move>) -> Option<Move> {
    candidates
        .into_iter()
        .enumerate()
        .min_by_key(|(i, m)| (m.taken(), std::cmp::Reverse(m.from), *i))
        .map(|(_, m)| m)
}

/// The engine's move: a winning move when there is one (fewest tokens
/// taken), otherwise [`stalling_move`]. `None` when no move is legal.
pub fn engine_move(all: Vec<Move>, winning: Vec<Move>) -> Option<(Move, bool)> {
    if let Some(m) = stalling_move(winning) {
        return Some((m, true));
    }
    stalling_move(all).map(|m| (m, false))
}

/// Misère play decided by search over positions (multisets of heaps),
/// memoised: the player who cannot move wins.
///
/// This is for games with no closed misère theory; the caller bounds the
/// total number of tokens, since the number of positions grows like the
/// number of partitions of it.
pub struct MisereSearch<'r> {
    rules: &'r dyn Rules,
    memo: HashMap<Vec<u64>, bool>,
}

impl<'r> MisereSearch<'r> {
    /// A search with an empty memo.
    pub fn new(rules: &'r dyn Rules) -> MisereSearch<'r> {
        MisereSearch {
            rules,
            memo: HashMap::new(),
        }
    }

    /// Whether the player to move from `heaps` wins under misère play.
    pub fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        self.wins_sorted(key)
    }

    fn wins_sorted(&mut self, key: Vec<u64>) -> bool {
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let options = moves(self.rules, &key);
        // No move: under misère play the player who cannot move wins.
        let wins = options.is_empty()
            || options.iter().any(|m| {
                let mut next = m.apply(&key);
                next.retain(|&h| h > 0);
                next.sort_unstable();
                !self.wins_sorted(next)
            });
        self.memo.insert(key, wins);
        wins
    }

    /// Every move to a position the opponent loses under misère play.
    pub fn winning_moves(&mut self, heaps: &[u64]) -> Vec<Move> {
        moves(self.rules, heaps)
            .into_iter()
            .filter(|m| !self.mover_wins(&m.apply(heaps)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction {1, 3, 4} written out here, independent of the library's
    /// engines, with values from the definition.
    struct Sub134 {
        values: Vec<Nimber>,
    }

    impl Rules for Sub134 {
        fn for_each_option(&self, n: u64, f: &mut dyn FnMut(Leaves)) {
            for s in [1, 3, 4] {
                if s < n {
                    f(Leaves::new(&[n - s]));
                } else if s == n {
                    f(Leaves::NOTHING);
                }
            }
        }
        fn value(&self, n: u64) -> Nimber {
            self.values[n as usize]
        }
        fn prepare(&mut self, upto: u64) {
            self.values.clear();
            for n in 0..=upto {
                let mut seen = grundy::MexSet::new();
                self.for_each_option(n, &mut |l| {
                    seen.insert(l.as_slice().iter().map(|&h| self.values[h as usize]).sum())
                });
                self.values.push(seen.mex());
            }
        }
    }

    /// Normal-play outcome by plain minimax, for checking the engine.
    fn mover_wins_normal(rules: &dyn Rules, heaps: &[u64]) -> bool {
        moves(rules, heaps)
            .iter()
            .any(|m| !mover_wins_normal(rules, &m.apply(heaps)))
    }

    #[test]
    fn p_positions_of_sub134_are_0_and_2_mod_7() {
        let mut r = Sub134 { values: vec![] };
        r.prepare(40);
        for n in 0..=40u64 {
            assert_eq!(r.value(n).is_zero(), n % 7 == 0 || n % 7 == 2, "n = {n}");
        }
    }

    #[test]
    fn engine_wins_from_every_small_n_position_and_stalls_from_p() {
        let mut r = Sub134 { values: vec![] };
        r.prepare(12);
        for a in 0..=12u64 {
            for b in 0..=a {
                let heaps = [a, b];
                let all = moves(&r, &heaps);
                let winning = winning_moves_normal(&r, &heaps);
                let expected = mover_wins_normal(&r, &heaps);
                assert_eq!(!winning.is_empty(), expected, "{heaps:?}");
                for m in &winning {
                    assert!(!mover_wins_normal(&r, &m.apply(&heaps)), "{m:?}");
                }
                match engine_move(all, winning) {
                    None => assert_eq!(a, 0),
                    Some((m, won)) => {
                        assert_eq!(won, expected);
                        if !won {
                            assert_eq!(m.taken(), 1, "a P-position stalls with the smallest take");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn misere_search_on_heaps_of_one_and_two() {
        // From heaps of 1 and 2 only "take 1" is legal in sub{1,3,4}. With
        // k heaps of 1 the game lasts exactly k moves and, under misère
        // play, the mover wins iff k is even (the opponent takes the last).
        let mut r = Sub134 { values: vec![] };
        r.prepare(2);
        let mut s = MisereSearch::new(&r);
        for ones in 0..6usize {
            let heaps = vec![1u64; ones];
            assert_eq!(s.mover_wins(&heaps), ones % 2 == 0, "{ones} ones");
        }
        // A single heap of 2: take 1, leaving a heap of 1 for the opponent,
        // who must take the last token and loses.
        assert!(s.mover_wins(&[2]));
        assert_eq!(s.winning_moves(&[2]).len(), 1);
    }

    #[test]
    fn apply_replaces_the_heap_in_place() {
        let m = Move {
            heap: 1,
            from: 7,
            to: vec![2, 3],
        };
        assert_eq!(m.apply(&[1, 7, 4]), vec![1, 2, 3, 4]);
        assert_eq!(m.taken(), 2);
    }
}
