//! Coin-turning games from their rules (Winning Ways, ch. 14): a line of
//! coins, each heads or tails; a move turns over a set of coins that the
//! rule allows, the rightmost of them going from heads to tails.
//!
//! A rule is a predicate on the set of coins one move turns over, given as
//! their places (0-based from the left, ascending; the last is the coin
//! that goes from heads to tails). The named rules and the clauses of
//! turning codes are written here from their definitions in words; a
//! [`Rule`] lists a rule's moves by trying every set of coins, and rows
//! (a `u64`, bit `i` set while coin `i` shows heads) and two-dimensional
//! products (one mask per row) are played by whole positions with
//! [`crate::Plain`]. Nothing of the theory (single-head values, nim sums,
//! nim products) is used.
//!
//! ```
//! use grundy_testkit::coins::{heads, mock, Rule};
//! use grundy_testkit::Plain;
//!
//! // Mock Turtles, heads on coins 2 and 4 (from 1): worth 2 + 7 = 5.
//! let rule = Rule::new(4, mock);
//! let mut row = Plain::normal(|&h: &u64| rule.row_options(h));
//! assert_eq!(row.value(&heads("THTH")), 5);
//! ```

/// Turning Turtles: one or two coins.
pub fn turtles(coins: &[usize]) -> bool {
    (1..=2).contains(&coins.len())
}

/// Twins: exactly two coins.
pub fn twins(coins: &[usize]) -> bool {
    coins.len() == 2
}

/// Mock Turtles: one, two or three coins.
pub fn mock(coins: &[usize]) -> bool {
    (1..=3).contains(&coins.len())
}

/// Ruler: any run of consecutive coins.
pub fn ruler(coins: &[usize]) -> bool {
    coins.windows(2).all(|w| w[1] == w[0] + 1)
}

/// Motley: any coins at all.
pub fn motley(coins: &[usize]) -> bool {
    !coins.is_empty()
}

/// One clause of a turning code (the codes of CGSuite's
/// `game.strip.Turning`): how many coins a move turns over and how they
/// may lie. A rule of several clauses allows a move that any of them
/// allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clause {
    /// The fewest coins turned.
    pub min: u32,
    /// The most coins turned; `None` for no bound.
    pub max: Option<u32>,
    /// `C`: the coins are consecutive.
    pub consecutive: bool,
    /// `C(n)`: the coins lie within `n` adjacent coins.
    pub within: Option<u32>,
    /// `E`: the coins are equally spaced.
    pub equal: bool,
    /// `S`: the coins lie symmetrically about the middle of the first and
    /// the last.
    pub symmetric: bool,
    /// `F`: the first coin of the line is one of them.
    pub first: bool,
}

impl Clause {
    /// A clause turning between `min` and `max` coins, with no other
    /// condition.
    pub fn count(min: u32, max: Option<u32>) -> Clause {
        Clause {
            min,
            max,
            consecutive: false,
            within: None,
            equal: false,
            symmetric: false,
            first: false,
        }
    }

    /// Whether the clause allows turning over `coins` (places, ascending).
    pub fn allows(&self, coins: &[usize]) -> bool {
        let (Some(&lo), Some(&hi)) = (coins.first(), coins.last()) else {
            return false;
        };
        let t = coins.len() as u32;
        t >= self.min
            && self.max.is_none_or(|m| t <= m)
            && (!self.consecutive || hi - lo + 1 == coins.len())
            && self.within.is_none_or(|s| hi - lo < s as usize)
            && (!self.first || lo == 0)
            && (!self.symmetric || coins.iter().all(|&i| coins.contains(&(lo + hi - i))))
            && (!self.equal || coins.windows(2).all(|w| w[1] - w[0] == coins[1] - coins[0]))
    }
}

/// Whether any of `clauses` allows turning over `coins`.
pub fn code_allows(clauses: &[Clause], coins: &[usize]) -> bool {
    clauses.iter().any(|c| c.allows(coins))
}

/// A rule's moves on a line of coins, found by asking the rule about
/// every set of coins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// For each coin `x`, the masks of every allowed set whose rightmost
    /// coin is `x`, ascending.
    moves: Vec<Vec<u64>>,
}

impl Rule {
    /// The moves of the rule `allows` on a line of `len` coins.
    ///
    /// # Complexity
    /// `2^len` questions to `allows`.
    ///
    /// # Panics
    /// When `len` is over 24 (too many sets to try).
    pub fn new(len: usize, allows: impl Fn(&[usize]) -> bool) -> Rule {
        assert!(len <= 24, "a line of at most 24 coins");
        let moves = (0..len)
            .map(|x| {
                (0..1u64 << x)
                    .map(|lower| lower | 1 << x)
                    .filter(|&m| allows(&places(m)))
                    .collect()
            })
            .collect();
        Rule { moves }
    }

    /// How many coins the line has.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the line has no coin.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Every move whose rightmost coin is `x`, as the mask of the coins it
    /// turns over, ascending.
    pub fn moves_at(&self, x: usize) -> &[u64] {
        &self.moves[x]
    }

    /// Every move of the row `heads`, as masks of the coins turned: heads
    /// from the left, each head's moves ascending.
    pub fn row_moves(&self, heads: u64) -> Vec<u64> {
        places(heads)
            .into_iter()
            .flat_map(|x| self.moves[x].iter().copied())
            .collect()
    }

    /// Every row one move from `heads`.
    pub fn row_options(&self, heads: u64) -> Vec<u64> {
        self.row_moves(heads)
            .into_iter()
            .map(|m| heads ^ m)
            .collect()
    }
}

/// The places of the bits set in `mask`, ascending.
pub fn places(mask: u64) -> Vec<usize> {
    (0..64).filter(|&i| mask >> i & 1 == 1).collect()
}

/// The row written as `H` (heads) and `T` (tails), first coin first.
pub fn heads(row: &str) -> u64 {
    row.chars()
        .enumerate()
        .fold(0, |h, (i, c)| h | u64::from(c == 'H') << i)
}

/// Every move of a grid (one mask per row, top row first) under the
/// product of `across` (along a row) and `down` (down a column): for each
/// head, in reading order, every move `S` of `across` whose rightmost coin
/// is the head's column and every move `R` of `down` whose last coin is
/// its row; the move turns over the coins in the rows of `R` and the
/// columns of `S`, given as `(S, R)`.
pub fn grid_moves(across: &Rule, down: &Rule, rows: &[u64]) -> Vec<(u64, u64)> {
    let mut out = vec![];
    for (r, &row) in rows.iter().enumerate() {
        for c in places(row) {
            for &s in across.moves_at(c) {
                out.extend(down.moves_at(r).iter().map(|&d| (s, d)));
            }
        }
    }
    out
}

/// `rows` after turning over the coins in the rows of `down` and the
/// columns of `across`.
pub fn turned(rows: &[u64], across: u64, down: u64) -> Vec<u64> {
    let mut after = rows.to_vec();
    for r in places(down) {
        after[r] ^= across;
    }
    after
}

/// Every grid one move from `rows` under the product of `across` and
/// `down`.
pub fn grid_options(across: &Rule, down: &Rule, rows: &[u64]) -> Vec<Vec<u64>> {
    grid_moves(across, down, rows)
        .into_iter()
        .map(|(s, d)| turned(rows, s, d))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plain;

    /// The value of a single head on each coin of a line of `len`, each by
    /// a search of whole rows.
    fn head_values(len: usize, allows: impl Fn(&[usize]) -> bool) -> Vec<u64> {
        let rule = Rule::new(len, allows);
        let mut row = Plain::normal(|&h: &u64| rule.row_options(h));
        (0..len).map(|x| row.value(&(1 << x))).collect()
    }

    #[test]
    fn single_heads_have_the_published_values() {
        // Winning Ways, ch. 14: Turning Turtles is Nim (coin n is worth
        // n), Twins n - 1, Mock Turtles the odious numbers (OEIS A000069),
        // Ruler the ruler function (OEIS A006519) and Motley 2^(n - 1).
        assert_eq!(head_values(12, turtles), (1..=12).collect::<Vec<_>>());
        assert_eq!(head_values(12, twins), (0..12).collect::<Vec<_>>());
        assert_eq!(
            head_values(12, mock),
            [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
        );
        assert_eq!(head_values(12, ruler), [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]);
        assert_eq!(
            head_values(12, motley),
            (0..12).map(|i| 1 << i).collect::<Vec<u64>>()
        );
        // Grunt (4FS: four symmetric coins, the first among them) is
        // Grundy's game, a head on coin n (from 0) a heap of n (Winning
        // Ways, ch. 14): OEIS A002188.
        let grunt = Clause {
            symmetric: true,
            first: true,
            ..Clause::count(4, Some(4))
        };
        assert_eq!(
            head_values(16, |c| grunt.allows(c)),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1]
        );
    }

    #[test]
    fn clauses_say_what_they_say() {
        let c = |min, max| Clause::count(min, max);
        assert!(c(2, None).allows(&[0, 5, 9]));
        assert!(!c(2, Some(2)).allows(&[0, 5, 9]));
        let consecutive = Clause {
            consecutive: true,
            ..c(1, None)
        };
        assert!(consecutive.allows(&[3, 4, 5]) && !consecutive.allows(&[3, 5]));
        let within = Clause {
            within: Some(3),
            ..c(1, None)
        };
        assert!(within.allows(&[3, 5]) && !within.allows(&[3, 6]));
        let equal = Clause {
            equal: true,
            ..c(3, Some(3))
        };
        assert!(equal.allows(&[1, 4, 7]) && !equal.allows(&[1, 4, 8]));
        let symmetric = Clause {
            symmetric: true,
            ..c(1, None)
        };
        assert!(symmetric.allows(&[2, 3, 6, 7]) && !symmetric.allows(&[2, 3, 7]));
        let first = Clause {
            first: true,
            ..c(1, None)
        };
        assert!(first.allows(&[0, 4]) && !first.allows(&[1, 4]));
        assert!(code_allows(&[c(1, Some(1)), equal], &[1, 4, 7]));
        assert_eq!(Rule::new(4, twins).moves_at(2), [0b101, 0b110]);
    }

    #[test]
    fn turning_corners_is_the_published_nim_multiplication_table() {
        // Turning Corners is Twins times Twins; a head in row r, column c
        // (from 0) is worth r ⊗ c. Winning Ways (ch. 14) and ONAG (ch. 6)
        // print the first rows of the nim multiplication table.
        let published: [[u64; 5]; 3] = [[0, 0, 0, 0, 0], [0, 1, 2, 3, 4], [0, 2, 3, 1, 8]];
        let (across, down) = (Rule::new(5, twins), Rule::new(3, twins));
        let mut grid = Plain::normal(|g: &Vec<u64>| grid_options(&across, &down, g));
        for (r, row) in published.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let mut g = vec![0; 3];
                g[r] = 1 << c;
                assert_eq!(grid.value(&g), v, "({r}, {c})");
            }
        }
    }
}
