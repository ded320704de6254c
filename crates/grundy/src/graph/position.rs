//! The explicit graph of the positions of a game.

use std::collections::HashMap;

use super::{Graph, GraphBuilder, GraphError, NodeId};
use crate::game::ImpartialGame;

/// The graph of every position reachable from `start`, one node per
/// distinct position (the start is node 0), one edge per distinct option, each node
/// named by `name`.
///
/// Positions are taken as the game gives them, not split into components,
/// so the picture is the one a player sees.
///
/// # Complexity
/// O(P + M) hash-map operations for P positions and M moves.
///
/// # Errors
/// [`GraphError::TooManyPositions`] when more than `max_nodes` positions
/// are reachable (the graph would be too big to draw or print), and
/// [`GraphError::DuplicateName`] when two positions share a name (`name`
/// must tell positions apart).
///
/// # Examples
/// ```
/// use grundy::games::{MultiHeap, Nim};
/// use grundy::graph::{analyse, position_graph, LoopyOutcome};
///
/// let nim = MultiHeap::new(Nim);
/// let name = |p: &Vec<u64>| p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
/// let g = position_graph(&nim, &vec![2, 1, 1], name, 1000).unwrap();
/// assert_eq!(g.node_count(), 3 * 2 * 2);
/// let values = analyse(&g);
/// assert_eq!(values.outcome(g.node("1 1 0").unwrap()), LoopyOutcome::P);
/// ```
pub fn position_graph<G: ImpartialGame>(
    game: &G,
    start: &G::Position,
    mut name: impl FnMut(&G::Position) -> String,
    max_nodes: usize,
) -> Result<Graph, GraphError> {
    let mut builder = GraphBuilder::new();
    let mut ids: HashMap<G::Position, NodeId> = HashMap::new();
    let mut order: Vec<G::Position> = Vec::new();
    let mut options = Vec::new();
    let mut targets: Vec<NodeId> = Vec::new();

    let mut visit = |pos: &G::Position,
                     builder: &mut GraphBuilder,
                     order: &mut Vec<G::Position>|
     -> Result<NodeId, GraphError> {
        if let Some(&id) = ids.get(pos) {
            return Ok(id);
        }
        if order.len() >= max_nodes {
            return Err(GraphError::TooManyPositions { max: max_nodes });
        }
        let label = name(pos);
        let id = builder.node(&label)?;
        if id as usize != order.len() {
            return Err(GraphError::DuplicateName { name: label });
        }
        ids.insert(pos.clone(), id);
        order.push(pos.clone());
        Ok(id)
    };

    visit(start, &mut builder, &mut order)?;
    let mut next = 0;
    while next < order.len() {
        let pos = order[next].clone();
        options.clear();
        game.moves(&pos, &mut options);
        // Two moves may reach the same position (either heap of `1 1`
        // leaves `1`); the graph draws one edge per distinct option.
        targets.clear();
        for option in &options {
            targets.push(visit(option, &mut builder, &mut order)?);
        }
        targets.sort_unstable();
        targets.dedup();
        for &to in &targets {
            builder.edge(next as NodeId, to)?;
        }
        next += 1;
    }
    builder.build()
}
