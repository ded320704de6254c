//! Cram and Chomp on drawn grids, from their rules.
//!
//! A grid is a list of rows, top row first; `true` is a free (uneaten)
//! square. Drawings are written as the library writes them: rows joined
//! by `/`, `.` free and `#` covered or eaten.

use crate::Plain;

/// A board: rows top down, `true` for a free square.
pub type Grid = Vec<Vec<bool>>;

/// [`Plain`] on boards of one game, its moves a plain function.
pub type Oracle = Plain<Grid, fn(&Grid) -> Vec<Grid>>;

/// Cram under normal play, by [`Plain`] on [`cram_moves`].
pub fn cram() -> Oracle {
    Plain::normal(|g| cram_moves(g))
}

/// Chomp under normal play, by [`Plain`] on [`chomp_moves`].
pub fn chomp() -> Oracle {
    Plain::normal(|g| chomp_moves(g))
}

/// The grid of a drawing such as `../.#`.
pub fn grid(drawing: &str) -> Grid {
    drawing
        .split('/')
        .map(|row| row.chars().map(|c| c == '.').collect())
        .collect()
}

/// The drawing of a grid, as [`grid`] reads it.
pub fn draw(g: &[Vec<bool>]) -> String {
    g.iter()
        .map(|row| row.iter().map(|&o| if o { '.' } else { '#' }).collect())
        .collect::<Vec<String>>()
        .join("/")
}

/// Every Cram position one move from `g`: a domino on two free squares
/// side by side or one above the other.
pub fn cram_moves(g: &[Vec<bool>]) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[r].len() {
            if !g[r][c] {
                continue;
            }
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 < g.len() && c2 < g[r2].len() && g[r2][c2] {
                    let mut next = g.to_vec();
                    next[r][c] = false;
                    next[r2][c2] = false;
                    out.push(next);
                }
            }
        }
    }
    out
}

/// Every Chomp position one move from `g`: a bite of a free square other
/// than the top-left one, which eats it and every square below and right
/// of it.
pub fn chomp_moves(g: &[Vec<bool>]) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[r].len() {
            if !g[r][c] || (r, c) == (0, 0) {
                continue;
            }
            let mut next = g.to_vec();
            for row in next.iter_mut().skip(r) {
                for cell in row.iter_mut().skip(c) {
                    *cell = false;
                }
            }
            out.push(next);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawings_round_trip() {
        assert_eq!(draw(&grid("..#/#..")), "..#/#..");
    }

    #[test]
    fn small_boards_have_their_known_values() {
        let mut cram = cram();
        // A strip of n squares is a heap of n in Dawson's Kayles (0.07:
        // take two adjacent tokens), OEIS A002187.
        let dawson = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0];
        for (n, &v) in dawson.iter().enumerate().skip(1) {
            assert_eq!(cram.value(&vec![vec![true; n]]), v, "1x{n}");
        }
        // Even by even Cram is a second-player win (symmetry).
        assert_eq!(cram.value(&grid("../..")), 0);
        // Chomp: every rectangle but 1x1 is a first-player win.
        let mut chomp = chomp();
        assert!(!chomp.mover_wins(&grid(".")));
        for drawing in ["..", "../..", ".../...", "..../..../...."] {
            assert!(chomp.mover_wins(&grid(drawing)), "{drawing}");
        }
    }
}
