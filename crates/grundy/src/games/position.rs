//! The games that name a whole position — a board, a graph — seen the same
//! way by every front end.
//!
//! A spec such as `cram:4x5`, `chomp:.../.##` or `nodekayles:petersen`
//! names one position of one game, where a heap game's spec names only a
//! rule (the heaps come apart). [`crate::games::Game::parse`] gives such a
//! spec as a `Box<dyn Position>`, and `grundy solve`, `grundy play`,
//! `grundy graph --game`, the web page and Python ask it, and nothing else,
//! what they show: the value, the outcome and every winning move
//! ([`Position::solve`]), the moves and where they lead, a move typed by a
//! player, the position drawn in a terminal or on the page, and the
//! family's rules in words. A new family implements this trait in its own
//! module and registers its spec name with [`crate::games::family`].
//!
//! ```
//! use grundy::games::{Game, SolveOptions};
//! use grundy::Outcome;
//!
//! let game = Game::parse("nodekayles:path:5")?;
//! let position = game.position().expect("a whole position");
//! let solution = position.solve(&mut SolveOptions::default())?;
//! // A path of 5 is the octal game 0.137 at 5: *3, won by picking the
//! // middle vertex, which leaves two lone vertices.
//! assert_eq!(solution.outcome, Outcome::N);
//! assert_eq!(solution.winning_moves[0].name, "3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::cancel::{Cancel, Cancelled};
use crate::games::SearchOptions;
use crate::misere::{Genus, GenusError};
use crate::moves::MoveError;
use crate::search::SearchStats;
use crate::{Convention, Nimber, Outcome};

/// A value in the data a position gives its front ends: the JSON of a move
/// or of a drawing, built by the family and printed by `grundy-json`
/// without knowing the family.
#[derive(Clone, Debug, PartialEq)]
pub enum Datum {
    /// A whole number.
    Int(i64),
    /// A number with a fraction (coordinates of a drawing).
    Float(f64),
    /// Yes or no.
    Bool(bool),
    /// Text.
    Text(String),
    /// A list.
    List(Vec<Datum>),
    /// Named fields, in the order given.
    Map(Vec<(&'static str, Datum)>),
}

impl Datum {
    /// A `[row, column]` pair for each cell.
    pub fn cells(cells: &[(u8, u8)]) -> Datum {
        Datum::List(
            cells
                .iter()
                .map(|&(r, c)| Datum::List(vec![Datum::Int(r.into()), Datum::Int(c.into())]))
                .collect(),
        )
    }
}

/// One move of a position: how people and programs name it.
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    /// How people name it, in `grundy play`, hints and `grundy solve`'s
    /// text: `a1-b1` (Cram), `b2` (Chomp), `3` (a vertex).
    pub name: String,
    /// Where it is, for programs: `("cells", [[0, 0], [0, 1]])` or
    /// `("vertex", 2)`, 0-based; the JSON of a move is `{"move": NAME}`
    /// with these fields after it.
    pub data: Vec<(&'static str, Datum)>,
}

/// What a search found on a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The Grundy value (`None` when only the outcome was asked for, and
    /// under misère play, where values do not add up and the outcome is
    /// searched).
    pub value: Option<Nimber>,
    /// N when the player to move wins.
    pub outcome: Outcome,
    /// Every winning move (one when only the outcome was asked for), in
    /// the order of [`Position::moves`].
    pub winning_moves: Vec<Move>,
    /// The search's counters at the end.
    pub stats: SearchStats,
}

/// How a position is searched: the search's options, a flag that stops it,
/// and a callback that hears its counters now and then.
pub struct SolveOptions<'a> {
    /// The options of the search (outcome only, table memory, threads).
    pub search: SearchOptions,
    /// Stops the search when set.
    pub cancel: Option<&'a Cancel>,
    /// Hears the search's counters every thousand positions or so.
    pub progress: Option<&'a mut dyn FnMut(SearchStats)>,
    /// A table of small regions' values, for the families that use one
    /// (Cram); the others ignore it.
    pub endgame: Option<&'a crate::games::CramEndgame>,
    /// Normal play (the default) or misère play, where the player who
    /// cannot move wins: then the search finds the outcome and the winning
    /// moves, not a value.
    pub convention: Convention,
}

impl Default for SolveOptions<'_> {
    /// The value and every winning move, with the search's defaults.
    fn default() -> Self {
        SolveOptions {
            search: SearchOptions::default(),
            cancel: None,
            progress: None,
            endgame: None,
            convention: Convention::Normal,
        }
    }
}

impl<'a> SolveOptions<'a> {
    /// Runs `f` with the search's options, the cancellation flag (one that
    /// never fires when none was given) and the progress callback (one
    /// that ignores the counters when none was given): what every
    /// family's search is handed.
    pub(crate) fn with_parts<T>(
        &mut self,
        f: impl FnOnce(&SearchOptions, &Cancel, &mut dyn FnMut(SearchStats)) -> T,
    ) -> T {
        let fresh = Cancel::new();
        let cancel = self.cancel.unwrap_or(&fresh);
        let mut ignore = |_| {};
        let progress: &mut dyn FnMut(SearchStats) = match &mut self.progress {
            Some(p) => &mut **p,
            None => &mut ignore,
        };
        f(&self.search, cancel, progress)
    }

    /// These options with `search` as the search's options.
    pub fn search(mut self, search: SearchOptions) -> Self {
        self.search = search;
        self
    }

    /// These options, stopped by `cancel`.
    pub fn cancel(mut self, cancel: &'a Cancel) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// These options, with `progress` hearing the search's counters.
    pub fn progress(mut self, progress: &'a mut dyn FnMut(SearchStats)) -> Self {
        self.progress = Some(progress);
        self
    }

    /// These options under `convention`.
    pub fn convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// These options with an endgame table.
    pub fn endgame(mut self, table: Option<&'a crate::games::CramEndgame>) -> Self {
        self.endgame = table;
        self
    }
}

/// A family's facts in words, the same for all its positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The family's name for people: `Cram`, `Node Kayles`.
    pub name: &'static str,
    /// The rules in one sentence (no final full stop).
    pub rules: &'static str,
    /// How to type a move in `grundy play`, in a sentence or two.
    pub syntax: &'static str,
    /// The lines of `grundy play`'s help that say how to type a move, each
    /// indented, the move's form in a column of 11 characters: `  a1 a2
    ///    place a domino ...`.
    pub help: &'static str,
    /// What [`Position::size`] counts: `cells`, `vertices`.
    pub unit: &'static str,
    /// What a player types for a move, in `grundy play`'s prompt:
    /// `cells`, `a vertex`.
    pub typed: &'static str,
    /// An example of a typed move, quoted: `'a1 a2'`.
    pub example: &'static str,
    /// What a move is called in hints and lists: `domino`, `bite`,
    /// `pick`.
    pub noun: &'static str,
    /// How `grundy solve` says what a winning move does, after the count:
    /// `pick the vertex, which removes it and its neighbours`.
    pub moves_note: &'static str,
}

/// A position of a game that names its whole position: what every front
/// end asks of a board or a graph. Object-safe: front ends hold a
/// `Box<dyn Position>`.
pub trait Position: fmt::Display + fmt::Debug + Send + Sync {
    /// The family's rules and notations.
    fn rules(&self) -> &'static Rules;

    /// A short note about the position for `grundy solve`'s first line:
    /// `start position`, `7 vertices`.
    fn note(&self) -> Option<String>;

    /// The size that bounds the position's search, in the family's
    /// [`Rules::unit`]: a board's cells, a graph's vertices.
    fn size(&self) -> u64;

    /// Every move from here, in a fixed order, each with the position it
    /// leaves.
    fn moves(&self) -> Vec<(Move, Box<dyn Position>)>;

    /// The value, the outcome and the winning moves.
    ///
    /// # Errors
    /// [`Cancelled`] once the options' flag fires.
    fn solve(&self, options: &mut SolveOptions<'_>) -> Result<Solution, Cancelled>;

    /// A move typed by a player (its [`Move::name`], or what the family
    /// takes besides), as one of [`Position::moves`]: its index there.
    ///
    /// # Errors
    /// [`MoveError::Unreadable`] for text that is not a move of this
    /// game, [`MoveError::Illegal`] with the reason for a move that is
    /// not legal here.
    fn parse_move(&self, text: &str) -> Result<usize, MoveError>;

    /// The position drawn for a terminal, one line per row, each ending in
    /// a line break.
    fn draw(&self) -> String;

    /// The position's name as a node of the graph of positions that
    /// `grundy graph --game` draws: short, and read back by
    /// [`crate::games::Game::parse`] after the family's name.
    fn label(&self) -> String;

    /// Why this position cannot be solved under `convention`, in a
    /// sentence, when a limit of the family's search forbids it (misère
    /// Hackenbush is searched, on small graphs only); `None`, the default,
    /// when it can. Front ends ask before they solve or play, and
    /// [`Position::solve`] past the limit returns [`Cancelled`] at once.
    fn refuses(&self, _convention: Convention) -> Option<String> {
        None
    }

    /// The move the engine makes, as an index into
    /// [`Position::moves`], or `None` when there is no move: a winning
    /// move when there is one; otherwise, playing for time, the move that
    /// leaves the opponent the fewest winning replies.
    ///
    /// # Errors
    /// [`Cancelled`] once the options' flag fires.
    fn engine_move(&self, options: &mut SolveOptions<'_>) -> Result<Option<usize>, Cancelled> {
        let moves = self.moves();
        if moves.is_empty() {
            return Ok(None);
        }
        let solution = self.solve(options)?;
        if let Some(win) = solution.winning_moves.first() {
            return Ok(moves.iter().position(|(m, _)| m == win));
        }
        let mut best: Option<(usize, usize)> = None;
        for (i, (_, after)) in moves.iter().enumerate() {
            let replies = after.solve(options)?.winning_moves.len();
            if best.is_none_or(|(n, _)| replies < n) {
                best = Some((replies, i));
            }
        }
        Ok(best.map(|(_, i)| i))
    }

    /// The position as the web page draws it.
    fn drawing(&self) -> Datum;

    /// The Cram board whose endgame table (the values of its small
    /// regions, [`crate::games::CramEndgame`]) this position's search can
    /// read through [`SolveOptions::endgame`]; `None` for the families
    /// that have no such table.
    fn endgame_board(&self) -> Option<crate::games::Cram> {
        None
    }

    /// Conway's genus `g^γ0γ1…` of the position ([`Genus`]): its
    /// normal-play value, and the misère Grundy values of the position plus
    /// 0, 1, 2, … Nim heaps of size 2. `γ0` is 0 exactly when the position
    /// is a misère P-position. The options' convention is not used.
    ///
    /// The default searches every position that [`Position::moves`]
    /// reaches, told apart by its [`label`](Position::label); a family
    /// whose positions split into independent regions overrides it with a
    /// search on the regions ([`crate::search::genus::GenusSearch`]).
    ///
    /// # Errors
    /// [`GenusError::Cancelled`] once the options' flag fires;
    /// [`GenusError::TooManyPositions`] when the search's table is full
    /// (its memory is the options' [`SearchOptions::memory`], see
    /// [`genus_positions`]).
    ///
    /// ```
    /// use grundy::games::{Game, SolveOptions};
    /// // One domino on a 1x2 strip: the game *1, of genus 1^031.
    /// let game = Game::parse("cram:1x2")?;
    /// let genus = game.position().unwrap().genus(&mut SolveOptions::default())?;
    /// assert_eq!(genus.to_string(), "1^031");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn genus(&self, options: &mut SolveOptions<'_>) -> Result<Genus, GenusError> {
        let normal = normal_value(self, options)?;
        let start = Node(self.label(), std::sync::Arc::from(self.boxed()));
        genus_position(&Positions, &start, normal, options)
    }

    /// A copy of the position in a box.
    fn boxed(&self) -> Box<dyn Position>;
}

/// The genus of `pos` of `game` (whose normal-play value is `normal`), by
/// the genus search on its regions, with `options`' flag and progress.
pub(crate) fn genus_position<G>(
    game: &G,
    pos: &G::Position,
    normal: crate::Nimber,
    options: &mut SolveOptions<'_>,
) -> Result<crate::misere::Genus, crate::misere::GenusError>
where
    G: crate::game::ImpartialGame,
    G::Position: Ord,
{
    options.with_parts(|search, cancel, progress| {
        crate::search::genus::GenusSearch::new(game)
            .max_positions(genus_positions(search))
            .cancel(cancel)
            .progress(progress)
            .genus(pos, normal)
    })
}

/// How many positions a genus search may keep within the search's memory
/// (about 128 bytes each), at most [`crate::misere::GENUS_MAX_POSITIONS`].
pub fn genus_positions(search: &SearchOptions) -> usize {
    (search.memory / 128).clamp(1024, crate::misere::GENUS_MAX_POSITIONS)
}

/// The normal-play value of `position`, searched with `options`' table,
/// threads, flag and progress whatever their convention and
/// outcome-only setting: the first part of a genus.
///
/// # Errors
/// [`Cancelled`] once the options' flag fires.
pub fn normal_value<P: Position + ?Sized>(
    position: &P,
    options: &mut SolveOptions<'_>,
) -> Result<Nimber, Cancelled> {
    let mut normal = SolveOptions {
        search: SearchOptions {
            outcome_only: false,
            ..options.search
        },
        cancel: options.cancel,
        progress: match &mut options.progress {
            Some(p) => Some(&mut **p),
            None => None,
        },
        endgame: options.endgame,
        convention: Convention::Normal,
    };
    let solution = position.solve(&mut normal)?;
    match solution.value {
        Some(v) => Ok(v),
        // A family that knows the outcome by a theorem but no value
        // (Moore's Nim, Wythoff's game past its table): the mex over its
        // moves, every position reached searched once.
        None => value_by_moves(position, options.cancel),
    }
}

/// The normal-play value of `start` by the mex over [`Position::moves`],
/// each position (told apart by its label) valued once, on a stack of our
/// own (no recursion); the families' games are acyclic.
fn value_by_moves<P: Position + ?Sized>(
    start: &P,
    cancel: Option<&Cancel>,
) -> Result<Nimber, Cancelled> {
    let mut known: std::collections::HashMap<String, Nimber> = std::collections::HashMap::new();
    let mut stack: Vec<(Box<dyn Position>, bool)> = vec![(start.boxed(), false)];
    while let Some((pos, expanded)) = stack.pop() {
        if let Some(c) = cancel {
            c.check()?;
        }
        let label = pos.label();
        if known.contains_key(&label) {
            continue;
        }
        let after: Vec<Box<dyn Position>> = pos.moves().into_iter().map(|(_, a)| a).collect();
        if expanded {
            let value = crate::mex(after.iter().map(|a| known[&a.label()]));
            known.insert(label, value);
        } else {
            stack.push((pos, true));
            stack.extend(
                after
                    .into_iter()
                    .filter(|a| !known.contains_key(&a.label()))
                    .map(|a| (a, false)),
            );
        }
    }
    Ok(known[&start.label()])
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// A position as a node of the graph of positions: its label and the
/// position, told apart by the label.
#[derive(Clone, Debug)]
struct Node(String, std::sync::Arc<dyn Position>);

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.0 == other.0
    }
}

impl Eq for Node {}

impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Node) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Node {
    fn cmp(&self, other: &Node) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// The positions' moves, for [`crate::graph::position_graph`].
struct Positions;

impl crate::game::ImpartialGame for Positions {
    type Position = Node;

    fn moves(&self, pos: &Node, out: &mut Vec<Node>) {
        for (_, after) in pos.1.moves() {
            out.push(Node(after.label(), std::sync::Arc::from(after)));
        }
    }
}

/// The misère canonical form of `start`, in `forms`: the positions met
/// are told apart by their [`label`](Position::label), each expanded once
/// ([`crate::misere::MisereCanonical`]).
///
/// # Errors
/// [`CanonicalError::TooManyForms`](crate::misere::CanonicalError) past
/// the store's bound on forms, `Cancelled` once its flag fires.
///
/// ```
/// use grundy::games::{position, Game};
/// use grundy::misere::MisereForms;
///
/// // CGSuite's test of misère Cram: a row of 9 with one cell below.
/// let game = Game::parse("cram:........./##.######")?;
/// let mut forms = MisereForms::new();
/// let form = position::misere_form(game.position().unwrap(), &mut forms)?;
/// assert_eq!(forms.notation(form)?, "*[2[2]321]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn misere_form(
    start: &dyn Position,
    forms: &mut crate::misere::MisereForms,
) -> Result<crate::misere::MisereForm, crate::misere::CanonicalError> {
    let node = Node(start.label(), std::sync::Arc::from(start.boxed()));
    crate::misere::MisereCanonical::new(&Positions).form(&node, forms)
}

/// The graph of every position reachable from `start` (the start is node
/// 0), each named by its [`label`](Position::label): what `grundy graph
/// --game` prints and draws.
///
/// # Errors
/// [`GraphError::TooManyPositions`](crate::graph::GraphError::TooManyPositions)
/// past `max_nodes` positions.
///
/// # Complexity
/// O(P + M) positions and moves, each made by the family.
///
/// ```
/// use grundy::games::{position, Game};
///
/// let game = Game::parse("chomp:2x2")?;
/// let g = position::graph(game.position().unwrap(), 100).unwrap();
/// assert_eq!(g.node_count(), 5);
/// assert_eq!(g.name(0), "../..");
/// # Ok::<(), grundy::games::GameError>(())
/// ```
pub fn graph(
    start: &dyn Position,
    max_nodes: usize,
) -> Result<crate::graph::Graph, crate::graph::GraphError> {
    let node = Node(start.label(), std::sync::Arc::from(start.boxed()));
    crate::graph::position_graph(&Positions, &node, |n| n.0.clone(), max_nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::search::genus::GenusSearch;

    /// The families' genus, searched on regions, is the genus searched on
    /// whole positions told apart by their labels (the default every other
    /// family gets), and `γ0` is 0 exactly when misère play says P.
    #[test]
    fn genus_by_regions_is_genus_by_whole_positions() {
        for spec in [
            "cram:3x3",
            "cram:2x5",
            "cram:.#./.../..#",
            "chomp:3x3",
            "chomp:2x5",
            "nodekayles:petersen",
            "nodekayles:cycle:7",
            "nodekayles:grid:2x4",
        ] {
            let game = Game::parse(spec).unwrap();
            let position = game.position().unwrap();
            let by_regions = position.genus(&mut SolveOptions::default()).unwrap();
            let normal = normal_value(position, &mut SolveOptions::default()).unwrap();
            let start = Node(position.label(), std::sync::Arc::from(position.boxed()));
            let by_labels = GenusSearch::new(&Positions).genus(&start, normal).unwrap();
            assert_eq!(by_regions, by_labels, "{spec}");
            let misere = position
                .solve(&mut SolveOptions::default().convention(Convention::Misere))
                .unwrap();
            assert_eq!(
                by_regions.gammas()[0] == 0,
                misere.outcome == Outcome::P,
                "{spec}"
            );
        }
    }
}
