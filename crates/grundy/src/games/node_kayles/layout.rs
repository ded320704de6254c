//! Where the web page draws each vertex of a Node Kayles graph.

use super::NodeKayles;
use crate::games::vertex_graph::place;

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
