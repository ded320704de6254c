//! Playing a sum of heaps: the legal moves and the engine's choice of move.
//!
//! The engine's policy: from an N-position it always plays a winning move
//! (the one taking fewest tokens, so the lesson is easiest to follow); from a
//! P-position, where every move loses against perfect play, it takes as few
//! tokens as it can from the largest heap it can, so the game stays long and
//! the opponent has every chance to go wrong.

use grundy::heap::Leaves;
use grundy::Nimber;
use serde::Serialize;

/// A ruleset for one heap: its options, and the Grundy values of heaps.
pub trait Rules {
    /// Calls `f` with every option of a heap of `n` tokens.
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(Leaves));

    /// The Grundy value of a heap of `n` tokens (the implementation says
    /// up to which `n` it answers).
    fn value(&self, n: u64) -> Nimber;
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
///
/// # Complexity
/// The number of options of every heap (see
/// [`grundy::heap::HeapRuleset::for_each_option`]).
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
///
/// # Complexity
/// That of [`moves`], with one value lookup per heap a move leaves.
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
/// taken), otherwise [`stalling_move`]. `None` when no move is legal. The
/// flag says whether the move wins.
///
/// ```
/// use grundy_web::play::{engine_move, Move};
///
/// let m = |heap, from, to: &[u64]| Move { heap, from, to: to.to_vec() };
/// // Nim 1 2 3 is a P-position: no winning move, so take one token from
/// // the largest heap and keep the game going.
/// let all = vec![m(0, 1, &[]), m(1, 2, &[]), m(1, 2, &[1]), m(2, 3, &[]), m(2, 3, &[1]), m(2, 3, &[2])];
/// assert_eq!(engine_move(all.clone(), vec![]), Some((m(2, 3, &[2]), false)));
/// // Given winning moves, it plays one of them.
/// assert_eq!(engine_move(all, vec![m(2, 3, &[])]), Some((m(2, 3, &[]), true)));
/// assert_eq!(engine_move(vec![], vec![]), None);
/// ```
pub fn engine_move(all: Vec<Move>, winning: Vec<Move>) -> Option<(Move, bool)> {
    if let Some(m) = stalling_move(winning) {
        return Some((m, true));
    }
    stalling_move(all).map(|m| (m, false))
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
    }

    impl Sub134 {
        fn up_to(upto: u64) -> Sub134 {
            let mut r = Sub134 { values: vec![] };
            for n in 0..=upto {
                let mut seen = grundy::MexSet::new();
                r.for_each_option(n, &mut |l| {
                    seen.insert(l.as_slice().iter().map(|&h| r.values[h as usize]).sum())
                });
                r.values.push(seen.mex());
            }
            r
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
        let r = Sub134::up_to(40);
        for n in 0..=40u64 {
            assert_eq!(r.value(n).is_zero(), n % 7 == 0 || n % 7 == 2, "n = {n}");
        }
    }

    #[test]
    fn engine_wins_from_every_small_n_position_and_stalls_from_p() {
        let r = Sub134::up_to(12);
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
