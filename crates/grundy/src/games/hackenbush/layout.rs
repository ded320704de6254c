//! Where the web page draws each vertex of a Hackenbush graph.

use super::{Hackenbush, GROUND};

/// Each vertex's place, in `0..=1` both ways, `y` growing downwards: the
/// ground at `y = 1`, each vertex as high above it as its distance from
/// the ground in edges (the highest at `y = 0`). Across, the vertices
/// follow a tree of shortest paths from the ground: its leaves evenly
/// spaced in the order of a depth-first walk, each other vertex above the
/// middle of what it carries, so that stalks stand straight, trees branch
/// and a cycle stands as an arch. A vertex no path joins to the ground
/// (fallen before the first move) is drawn at the top left.
///
/// The ground is a line, not a point: the page draws each edge that
/// meets it straight down from its other end.
///
/// ```
/// use grundy::games::Hackenbush;
/// use grundy::games::hackenbush::layout;
/// let stalk = Hackenbush::parse("hackenbush:stalk:2", None)?;
/// // Ground, then 1 and 2 above it, in one column.
/// assert_eq!(layout(&stalk), vec![(0.5, 1.0), (0.5, 0.5), (0.5, 0.0)]);
/// # Ok::<(), grundy::games::GameError>(())
/// ```
pub fn layout(game: &Hackenbush) -> Vec<(f64, f64)> {
    let n = game.vertices();
    let mut near: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..game.edges() {
        let (a, b) = game.ends(i);
        if a != b {
            near[a].push(b);
            near[b].push(a);
        }
    }
    // Breadth first from the ground: depths, and each vertex's parent.
    let mut depth = vec![usize::MAX; n];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    depth[GROUND] = 0;
    let mut queue = std::collections::VecDeque::from([GROUND]);
    while let Some(v) = queue.pop_front() {
        for &w in &near[v] {
            if depth[w] == usize::MAX {
                depth[w] = depth[v] + 1;
                children[v].push(w);
                queue.push_back(w);
            }
        }
    }
    let top = depth
        .iter()
        .copied()
        .filter(|&d| d != usize::MAX)
        .max()
        .unwrap_or(0)
        .max(1);
    // Leaves in depth-first order (iterative: a stalk may be long).
    let mut order = Vec::with_capacity(n);
    let mut stack = vec![GROUND];
    while let Some(v) = stack.pop() {
        order.push(v);
        stack.extend(children[v].iter().rev());
    }
    let leaves: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&v| v != GROUND && children[v].is_empty())
        .collect();
    let mut x = vec![0.0; n];
    let count = leaves.len().max(1) as f64;
    for (i, &v) in leaves.iter().enumerate() {
        x[v] = (i as f64 + 0.5) / count;
    }
    // Bottom up: a vertex above the middle of its children.
    for &v in order.iter().rev() {
        if let (Some(&first), Some(&last)) = (children[v].first(), children[v].last()) {
            x[v] = (x[first] + x[last]) / 2.0;
        }
    }
    if children[GROUND].is_empty() {
        x[GROUND] = 0.5;
    }
    (0..n)
        .map(|v| match depth[v] {
            usize::MAX => (0.0, 0.0),
            d => (x[v], 1.0 - d as f64 / top as f64),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vertex_lies_in_the_square_and_above_its_parent() {
        for spec in [
            "hackenbush:stalk:5",
            "hackenbush:cycle:1",
            "hackenbush:cycle:2",
            "hackenbush:cycle:7",
            "hackenbush:tree:2x3",
            "hackenbush:tree:3x2",
        ] {
            let game = Hackenbush::parse(spec, None).unwrap();
            let at = layout(&game);
            assert_eq!(at.len(), game.vertices(), "{spec}");
            assert_eq!(at[GROUND].1, 1.0, "{spec}: the ground at the bottom");
            for (v, &(x, y)) in at.iter().enumerate() {
                assert!(
                    (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y),
                    "{spec} {v}"
                );
            }
            // Each edge joins two vertices at most one level apart, and no
            // two vertices share a place.
            for i in 0..game.edges() {
                let (a, b) = game.ends(i);
                let step = (at[a].1 - at[b].1).abs();
                let level = 1.0 / at.iter().map(|p| 1.0 - p.1).fold(0.0, f64::max);
                assert!(step <= level + 1e-9, "{spec}: edge {i} spans {step}");
            }
            for a in 0..at.len() {
                for b in a + 1..at.len() {
                    assert_ne!(at[a], at[b], "{spec}: vertices {a} and {b}");
                }
            }
        }
    }

    #[test]
    fn a_tree_spreads_its_leaves_and_centres_its_trunk() {
        let tree = Hackenbush::parse("hackenbush:tree:2x2", None).unwrap();
        let at = layout(&tree);
        // Trunk top (vertex 1) over the middle; four leaves at the top.
        assert_eq!(at[1].0, 0.5);
        let tops: Vec<f64> = at.iter().filter(|p| p.1 == 0.0).map(|p| p.0).collect();
        assert_eq!(tops, vec![0.125, 0.375, 0.625, 0.875]);
    }
}
