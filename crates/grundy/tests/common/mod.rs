//! The shared test kit: oracles written from the definitions alone, for the
//! integration tests to check the library against.
//!
//! `mod common;` in a test file brings it in; a test file uses what it
//! needs of it.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use grundy::heap::HeapRuleset;

/// Any game given only by its moves: `moves(p)` lists the positions one
/// move from `p`. Values come from the definition (the mex of the options'
/// values), outcomes from minimax (the mover wins when some move leaves a
/// position the opponent loses; with no move, normal play is lost and
/// misère play won), each memoised. Nothing of Sprague–Grundy theory is
/// used: a position is searched whole, sums included, so a test that
/// splits positions into components is checked against a search that does
/// not.
pub struct Plain<P, F> {
    moves: F,
    misere: bool,
    values: HashMap<P, u64>,
    wins: HashMap<P, bool>,
}

impl<P: Clone + Eq + Hash, F: Fn(&P) -> Vec<P>> Plain<P, F> {
    /// The oracle of a game under normal play.
    pub fn normal(moves: F) -> Plain<P, F> {
        Plain {
            moves,
            misere: false,
            values: HashMap::new(),
            wins: HashMap::new(),
        }
    }

    /// The oracle of a game under misère play (values are normal-play
    /// values: misère play has none).
    pub fn misere(moves: F) -> Plain<P, F> {
        Plain {
            misere: true,
            ..Plain::normal(moves)
        }
    }

    /// The Grundy value of `pos`: the least value no option has.
    pub fn value(&mut self, pos: &P) -> u64 {
        if let Some(&v) = self.values.get(pos) {
            return v;
        }
        let options = (self.moves)(pos);
        let values: HashSet<u64> = options.iter().map(|o| self.value(o)).collect();
        let v = (0..).find(|m| !values.contains(m)).unwrap();
        self.values.insert(pos.clone(), v);
        v
    }

    /// Every position whose value [`Plain::value`] has computed, with it.
    pub fn values(&self) -> &HashMap<P, u64> {
        &self.values
    }

    /// Whether the player to move from `pos` wins.
    pub fn mover_wins(&mut self, pos: &P) -> bool {
        if let Some(&w) = self.wins.get(pos) {
            return w;
        }
        let options = (self.moves)(pos);
        let w = if options.is_empty() {
            self.misere
        } else {
            options.iter().any(|o| !self.mover_wins(o))
        };
        self.wins.insert(pos.clone(), w);
        w
    }

    /// The options of `pos` that the opponent loses, in the order `moves`
    /// lists them.
    pub fn winning_moves(&mut self, pos: &P) -> Vec<P> {
        let options = (self.moves)(pos);
        options
            .into_iter()
            .filter(|o| !self.mover_wins(o))
            .collect()
    }
}

/// Who wins a sum of heaps of one game, by trying every move: [`Plain`]
/// on sums of heaps (kept sorted, empty heaps dropped), the game's rules
/// taken from [`HeapRuleset::for_each_option`]. No Grundy value, period or
/// quotient is involved.
pub struct HeapBrute<'a> {
    game: &'a HeapRuleset,
    plain: Plain<Vec<u64>, SumMoves<'a>>,
}

/// The moves of a sum of heaps of one game, as [`Plain`] takes them.
type SumMoves<'a> = Box<dyn Fn(&Vec<u64>) -> Vec<Vec<u64>> + 'a>;

impl<'a> HeapBrute<'a> {
    /// The oracle for `game` under normal play.
    pub fn normal(game: &'a HeapRuleset) -> HeapBrute<'a> {
        HeapBrute {
            game,
            plain: Plain::normal(Box::new(move |heaps: &Vec<u64>| sum_moves(game, heaps))),
        }
    }

    /// The oracle for `game` under misère play.
    pub fn misere(game: &'a HeapRuleset) -> HeapBrute<'a> {
        HeapBrute {
            game,
            plain: Plain::misere(Box::new(move |heaps: &Vec<u64>| sum_moves(game, heaps))),
        }
    }

    /// Whether the player to move wins `heaps` (any order, empty heaps
    /// allowed).
    pub fn mover_wins(&mut self, heaps: &[u64]) -> bool {
        self.plain.mover_wins(&normalised(heaps))
    }

    /// Every winning move of `heaps`, as (heap index, the heaps it leaves,
    /// smallest first).
    pub fn winning_moves(&mut self, heaps: &[u64]) -> HashSet<(usize, Vec<u64>)> {
        let mut out = HashSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            for left in options(self.game, h) {
                if !self.mover_wins(&after(heaps, i, &left)) {
                    out.insert((i, left));
                }
            }
        }
        out
    }
}

/// What each move from a heap of `h` leaves, smallest heap first.
fn options(game: &HeapRuleset, h: u64) -> Vec<Vec<u64>> {
    let mut out = vec![];
    game.for_each_option(h, |l| {
        let mut left = l.as_slice().to_vec();
        left.sort_unstable();
        out.push(left);
    });
    out
}

/// Every sum one move from `heaps` (sorted, no empty heap), normalised.
fn sum_moves(game: &HeapRuleset, heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = vec![];
    for (i, &h) in heaps.iter().enumerate() {
        for left in options(game, h) {
            out.push(normalised(&after(heaps, i, &left)));
        }
    }
    out
}

/// `heaps` sorted, without empty heaps: one key per sum.
fn normalised(heaps: &[u64]) -> Vec<u64> {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    key
}

/// `heaps` with heap `i` replaced by `left`.
fn after(heaps: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
    let mut next = heaps.to_vec();
    next.remove(i);
    next.extend_from_slice(left);
    next
}
