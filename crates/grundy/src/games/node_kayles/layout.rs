//! Where the web page draws each vertex of a Node Kayles graph.

use super::NodeKayles;
use crate::games::named_graph::Shape;

/// Each vertex's place, in `0..=1` both ways: grids as grids, paths as a
/// snake of rows of 8, stars around their centre, the Petersen graph as
/// its pentagon and pentagram, other graphs on a circle.
///
/// ```
/// use grundy::games::NodeKayles;
/// let star = NodeKayles::parse("nodekayles:star:4", None)?;
/// let at = grundy::games::node_kayles::layout(&star);
/// assert_eq!(at[0], (0.5, 0.5)); // the centre
/// # Ok::<(), grundy::games::GameError>(())
/// ```
pub fn layout(graph: &NodeKayles) -> Vec<(f64, f64)> {
    place(graph.vertices(), graph.graph.shape())
}

/// [`layout`] for `n` vertices of a graph of `shape`, for every game
/// played on a named graph.
pub(crate) fn place(n: usize, shape: Shape) -> Vec<(f64, f64)> {
    let ring = |count: usize, radius: f64, turn: f64| -> Vec<(f64, f64)> {
        (0..count)
            .map(|i| {
                let a = std::f64::consts::TAU * (i as f64 + turn) / count as f64
                    - std::f64::consts::FRAC_PI_2;
                (0.5 + radius * a.cos(), 0.5 + radius * a.sin())
            })
            .collect()
    };
    let spread = |i: usize, count: usize| {
        if count < 2 {
            0.5
        } else {
            i as f64 / (count - 1) as f64
        }
    };
    match shape {
        Shape::Grid { cols, .. } => {
            let cols = cols.max(1);
            let rows = n.div_ceil(cols);
            (0..n)
                .map(|v| (spread(v % cols, cols), spread(v / cols, rows)))
                .collect()
        }
        Shape::Path => {
            let width = n.min(8);
            let rows = n.div_ceil(width);
            (0..n)
                .map(|v| {
                    let (r, c) = (v / width, v % width);
                    let c = if r % 2 == 1 { width - 1 - c } else { c };
                    (spread(c, width), spread(r, rows))
                })
                .collect()
        }
        Shape::Star => {
            let mut at = vec![(0.5, 0.5)];
            at.extend(ring(n - 1, 0.5, 0.0));
            at
        }
        Shape::Petersen => {
            let mut at = ring(5, 0.5, 0.0);
            at.extend(ring(5, 0.25, 0.0));
            at
        }
        Shape::Cycle | Shape::Complete | Shape::Edges => ring(n, 0.5, 0.0),
    }
}
