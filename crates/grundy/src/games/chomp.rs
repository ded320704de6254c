//! Chomp: a rectangular bar of chocolate whose top-left square is poisoned.
//! A move picks a remaining square and eats it with every square below and
//! to the right of it. Eating the poison is not allowed, so the player left
//! with the poison alone cannot move and loses (normal play).
//!
//! A position is a Young diagram: row lengths that never increase downwards,
//! packed one byte per row into a `u128` (row `r` in bits `8r..8r+8`). That
//! allows up to 16 rows of up to 255 squares; a rectangle `a x b` has
//! `C(a + b, a)` positions, so boards that can be solved are much smaller.

use crate::game::ImpartialGame;

/// Chomp on a `rows` x `cols` rectangle.
///
/// ```
/// use grundy::game::{analyse, Cache};
/// use grundy::games::Chomp;
/// use grundy::Outcome;
///
/// let chomp = Chomp::new(2, 3).unwrap();
/// let report = analyse(&chomp, &chomp.start(), &mut Cache::new()).unwrap();
/// // Strategy stealing: the first player wins every rectangle but 1x1.
/// assert_eq!(report.outcome, Outcome::N);
/// // On 2 x n the winning move leaves an L with a bottom row one shorter.
/// assert_eq!(Chomp::row_lengths(report.winning_moves[0]), vec![3, 2]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chomp {
    rows: u8,
    cols: u8,
}

impl Chomp {
    /// The game on a `rows` x `cols` rectangle, or `None` unless `rows` is in
    /// `1..=16` and `cols` in `1..=255`.
    pub fn new(rows: u8, cols: u8) -> Option<Chomp> {
        ((1..=16).contains(&rows) && cols >= 1).then_some(Chomp { rows, cols })
    }

    /// The number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// The whole rectangle.
    pub fn start(&self) -> u128 {
        (0..self.rows).fold(0, |acc, r| acc | u128::from(self.cols) << (8 * r))
    }

    /// The row lengths of a position, top row first, empty rows left out.
    pub fn row_lengths(pos: u128) -> Vec<u8> {
        (0..16)
            .map(|r| (pos >> (8 * r)) as u8)
            .take_while(|&len| len > 0)
            .collect()
    }

    /// The position drawn row by row, `.` for a square still there and `#`
    /// for an eaten one, rows separated by `/`.
    ///
    /// ```
    /// use grundy::games::Chomp;
    /// let chomp = Chomp::new(2, 3).unwrap();
    /// assert_eq!(chomp.render(3 | 1 << 8), ".../.##");
    /// ```
    pub fn render(&self, pos: u128) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            if r > 0 {
                s.push('/');
            }
            let len = (pos >> (8 * r)) as u8;
            for c in 0..self.cols {
                s.push(if c < len { '.' } else { '#' });
            }
        }
        s
    }

    /// The square `(row, col)` whose bite turns `from` into `to`, if `to` is
    /// one move from `from`.
    pub fn bite(from: u128, to: u128) -> Option<(u8, u8)> {
        let r = (0..16u8).find(|&r| (from >> (8 * r)) as u8 != (to >> (8 * r)) as u8)?;
        let c = (to >> (8 * r)) as u8;
        let mut expected = from;
        bite_at(&mut expected, r, c);
        (expected == to && (r, c) != (0, 0)).then_some((r, c))
    }
}

/// Eats square (r, c) and everything below and right of it.
fn bite_at(pos: &mut u128, r: u8, c: u8) {
    for row in r..16 {
        let shift = 8 * u32::from(row);
        let len = (*pos >> shift) as u8;
        if len <= c {
            break;
        }
        *pos = (*pos & !(0xFF << shift)) | u128::from(c) << shift;
    }
}

/// Pushes onto `out` every diagram `cur | rows i..` whose rows `i..` hold
/// `rest` squares, row `j` at most `caps[j]` long and none longer than
/// `longest`.
fn diagrams_inside(
    caps: &[usize],
    i: usize,
    longest: usize,
    rest: usize,
    cur: u128,
    out: &mut Vec<u128>,
) {
    if rest == 0 {
        out.push(cur);
        return;
    }
    let Some(&cap) = caps.get(i) else {
        return;
    };
    for len in (1..=longest.min(cap).min(rest)).rev() {
        // The most the rows below can hold under a row of `len`; it only
        // shrinks as `len` does.
        let room: usize = caps[i + 1..].iter().map(|&c| c.min(len)).sum();
        if len + room < rest {
            break;
        }
        let row = cur | (len as u128) << (8 * i);
        diagrams_inside(caps, i + 1, len, rest - len, row, out);
    }
}

/// Pascal's triangle up to 63: `BINOMIAL[n][k]` is `n` choose `k`.
static BINOMIAL: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut n = 0;
    while n < 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// The most positions numbered for the search's flat table.
const MAX_DENSE: u64 = 1 << 32;

impl ImpartialGame for Chomp {
    /// Row lengths, one byte per row.
    type Position = u128;

    /// Every Young diagram in the `rows x cols` box: `rows + cols` choose
    /// `rows` of them (705 432 for 11x11), when that is at most 2^32.
    fn dense_len(&self) -> Option<usize> {
        let (r, c) = (usize::from(self.rows), usize::from(self.cols));
        if r + c >= 64 || BINOMIAL[r + c][r] > MAX_DENSE {
            return None;
        }
        usize::try_from(BINOMIAL[r + c][r]).ok()
    }

    /// The rank of the diagram among all in the box: a sequence of row
    /// lengths `l_0 >= l_1 >= ...` counts, for each row `i`, the sequences
    /// that agree before it and are shorter there, `C(l_i + k, k + 1)`
    /// with `k` rows after it.
    ///
    /// ```
    /// use grundy::game::ImpartialGame;
    /// use grundy::games::Chomp;
    /// let chomp = Chomp::new(2, 2).unwrap();
    /// // The 6 diagrams in a 2x2 box: 0, 1, 2, 1+1, 2+1, 2+2 squares.
    /// assert_eq!(chomp.dense_len(), Some(6));
    /// let rows = |a: u128, b: u128| a | b << 8;
    /// let mut seen: Vec<usize> = [rows(0, 0), rows(1, 0), rows(2, 0), rows(1, 1), rows(2, 1), rows(2, 2)]
    ///     .iter()
    ///     .map(|p| chomp.dense_index(p).unwrap())
    ///     .collect();
    /// seen.sort();
    /// assert_eq!(seen, vec![0, 1, 2, 3, 4, 5]);
    /// ```
    fn dense_index(&self, &pos: &u128) -> Option<usize> {
        self.dense_len()?;
        let r = usize::from(self.rows);
        let mut rank = 0u64;
        for i in 0..r {
            let len = usize::from((pos >> (8 * i)) as u8);
            if len == 0 {
                break;
            }
            let k = r - 1 - i;
            rank += BINOMIAL[len + k][k + 1];
        }
        usize::try_from(rank).ok()
    }

    /// Each option's number straight from the row lengths, with no option
    /// built: a bite at `(r, c)` cuts rows `r..e` (those longer than `c`)
    /// to `c`, which changes the rank by their terms less
    /// `C(c + rows - r, c) - C(c + rows - e, c)` (the hockey-stick sum of
    /// their terms at length `c`), so each option costs a few additions.
    ///
    /// ```
    /// use grundy::game::ImpartialGame;
    /// use grundy::games::Chomp;
    /// let chomp = Chomp::new(3, 4).unwrap();
    /// let pos = chomp.start();
    /// let mut numbers = Vec::new();
    /// assert!(chomp.dense_moves(&pos, &mut numbers));
    /// let mut options = Vec::new();
    /// chomp.moves(&pos, &mut options);
    /// let mut built: Vec<usize> = options.iter().map(|o| chomp.dense_index(o).unwrap()).collect();
    /// numbers.sort();
    /// built.sort();
    /// assert_eq!(numbers, built);
    /// ```
    fn dense_moves(&self, &pos: &u128, out: &mut Vec<usize>) -> bool {
        if self.dense_len().is_none() {
            return false;
        }
        let rows = usize::from(self.rows);
        let mut len = [0usize; 16];
        // before[i]: the rank's terms of the rows above row i.
        let mut before = [0u64; 17];
        for i in 0..rows {
            len[i] = usize::from((pos >> (8 * i)) as u8);
            let k = rows - 1 - i;
            before[i + 1] = before[i] + BINOMIAL[len[i] + k][k + 1];
        }
        let rank = before[rows];
        for r in 0..rows {
            let mut e = r + 1;
            // From the right end of row r leftwards: the rows cut grow.
            for c in (0..len[r]).rev() {
                if r == 0 && c == 0 {
                    break;
                }
                while e < rows && len[e] > c {
                    e += 1;
                }
                let cut = before[e] - before[r];
                let kept = BINOMIAL[c + rows - r][c] - BINOMIAL[c + rows - e][c];
                out.push((rank - cut + kept) as usize);
            }
        }
        true
    }

    /// The diagram of rank `index`, row by row: each row is the longest
    /// whose term still fits in what is left of the rank.
    ///
    /// ```
    /// use grundy::game::ImpartialGame;
    /// use grundy::games::Chomp;
    /// let chomp = Chomp::new(4, 5).unwrap();
    /// let pos = 5 | 3 << 8 | 3 << 16 | 1 << 24;
    /// let i = chomp.dense_index(&pos).unwrap();
    /// assert_eq!(chomp.dense_position(i), Some(pos));
    /// assert_eq!(chomp.dense_position(chomp.dense_len().unwrap()), None);
    /// ```
    fn dense_position(&self, index: usize) -> Option<u128> {
        if index >= self.dense_len()? {
            return None;
        }
        let rows = usize::from(self.rows);
        let mut rest = index as u64;
        let mut longest = usize::from(self.cols);
        let mut pos = 0u128;
        for i in 0..rows {
            let k = rows - 1 - i;
            let (mut lo, mut hi) = (0, longest);
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if BINOMIAL[mid + k][k + 1] <= rest {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            rest -= BINOMIAL[lo + k][k + 1];
            pos |= (lo as u128) << (8 * i);
            longest = lo;
        }
        Some(pos)
    }

    /// The diagrams inside `pos` (every row no longer than `pos`'s) with
    /// `layer + 1` squares: a bite eats at least one square, so every
    /// option is in a lower layer, and `pos` is alone in the last.
    ///
    /// ```
    /// use grundy::game::ImpartialGame;
    /// use grundy::games::Chomp;
    /// let chomp = Chomp::new(2, 2).unwrap();
    /// let mut out = Vec::new();
    /// // Two squares in a 2x2 box: a row of two, or a column of two.
    /// assert!(chomp.dense_layer(&chomp.start(), 1, &mut out));
    /// out.sort();
    /// assert_eq!(out, vec![2, 1 | 1 << 8]);
    /// assert!(!chomp.dense_layer(&chomp.start(), 4, &mut out));
    /// ```
    fn dense_layer(&self, &pos: &u128, layer: usize, out: &mut Vec<u128>) -> bool {
        if self.dense_len().is_none() {
            return false;
        }
        let rows = usize::from(self.rows);
        let mut caps = [0usize; 16];
        for (r, cap) in caps.iter_mut().enumerate().take(rows) {
            *cap = usize::from((pos >> (8 * r)) as u8);
        }
        let squares: usize = caps.iter().sum();
        if layer >= squares {
            return false;
        }
        diagrams_inside(&caps[..rows], 0, usize::MAX, layer + 1, 0, out);
        true
    }

    fn moves(&self, &pos: &u128, out: &mut Vec<u128>) {
        for r in 0..16u8 {
            let len = (pos >> (8 * r)) as u8;
            if len == 0 {
                break;
            }
            for c in 0..len {
                if (r, c) != (0, 0) {
                    let mut next = pos;
                    bite_at(&mut next, r, c);
                    out.push(next);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_a_bijection_and_option_numbers_match_the_options() {
        for (rows, cols) in [(1, 7), (4, 6), (5, 5), (7, 3)] {
            let chomp = Chomp::new(rows, cols).unwrap();
            let n = chomp.dense_len().unwrap();
            let mut numbers = Vec::new();
            let mut options = Vec::new();
            for i in 0..n {
                let pos = chomp.dense_position(i).unwrap();
                let lens = Chomp::row_lengths(pos);
                assert!(lens.windows(2).all(|w| w[0] >= w[1]), "{lens:?}");
                assert!(lens.len() <= usize::from(rows) && lens.iter().all(|&l| l <= cols));
                assert_eq!(chomp.dense_index(&pos), Some(i));
                numbers.clear();
                options.clear();
                assert!(chomp.dense_moves(&pos, &mut numbers));
                chomp.moves(&pos, &mut options);
                let mut built: Vec<usize> = options
                    .iter()
                    .map(|o| chomp.dense_index(o).unwrap())
                    .collect();
                numbers.sort_unstable();
                built.sort_unstable();
                assert_eq!(numbers, built, "{}", chomp.render(pos));
            }
            assert_eq!(chomp.dense_position(n), None);
        }
    }

    #[test]
    fn layers_hold_every_diagram_inside_once_by_squares() {
        for (rows, cols) in [(1, 5), (3, 4), (4, 4), (5, 3)] {
            let chomp = Chomp::new(rows, cols).unwrap();
            let n = chomp.dense_len().unwrap();
            // Every position of the box as a root, small boxes only.
            for root in (0..n).map(|i| chomp.dense_position(i).unwrap()) {
                let inside =
                    |p: u128| (0..16).all(|r| (p >> (8 * r)) as u8 <= (root >> (8 * r)) as u8);
                let mut want: Vec<u128> = (0..n)
                    .map(|i| chomp.dense_position(i).unwrap())
                    .filter(|&p| p != 0 && inside(p))
                    .collect();
                let mut got = Vec::new();
                let mut layer = 0;
                let mut out = Vec::new();
                while chomp.dense_layer(&root, layer, &mut out) {
                    for &p in &out {
                        let squares: usize =
                            Chomp::row_lengths(p).iter().map(|&l| usize::from(l)).sum();
                        assert_eq!(squares, layer + 1, "{}", chomp.render(p));
                    }
                    got.append(&mut out);
                    layer += 1;
                }
                if root != 0 {
                    assert_eq!(got.last(), Some(&root));
                }
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{}", chomp.render(root));
            }
        }
    }

    #[test]
    fn bites_cut_the_lower_right_block() {
        let chomp = Chomp::new(3, 4).unwrap();
        let mut pos = chomp.start();
        bite_at(&mut pos, 1, 2);
        assert_eq!(Chomp::row_lengths(pos), vec![4, 2, 2]);
        assert_eq!(Chomp::bite(chomp.start(), pos), Some((1, 2)));
        bite_at(&mut pos, 0, 3);
        assert_eq!(Chomp::row_lengths(pos), vec![3, 2, 2]);
        let mut options = Vec::new();
        chomp.moves(&(1u128), &mut options);
        assert!(options.is_empty(), "the poison alone is terminal");
    }
}
