//! A board game together with one of its positions: what `cram:3x3` and
//! `cram:.../.##/...` name, as one value that every front end can solve,
//! draw, list the moves of, and play on.
//!
//! A position is written as the `graph --game` output draws it: rows from
//! the top, separated by `/`, `.` for a free cell (Cram) or a square still
//! there (Chomp), `#` for a covered cell or an eaten square. The grammar is
//! in [`crate::games::spec`]; [`Board::parse`] reads both forms.
//!
//! ```
//! use grundy::games::{Board, BoardMove};
//! use grundy::Nimber;
//!
//! let board = Board::parse("cram:.../.#./...")?;
//! assert_eq!(board.solve().value, Nimber(0));
//! let next = board.play(&BoardMove::Domino([(0, 0), (0, 1)]))?;
//! assert_eq!(next.to_string(), "cram:##./.#./...");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::cancel::{Cancel, Cancelled};
use crate::game::ImpartialGame;
use crate::games::cram::{Cram16, Cram64, Cram8};
use crate::games::CramEndgame;
use crate::games::{Chomp, Cram};
use crate::moves::MoveError;
use crate::search::{Search, SearchStats, DEFAULT_MEMORY};
use crate::{Nimber, Outcome};

/// A board game and a position in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// Cram: the board and its empty cells ([`Cram::cell`] gives a cell's
    /// bit).
    Cram {
        /// The board's size.
        game: Cram,
        /// The cells still free.
        free: u128,
    },
    /// Chomp: the bar and its row lengths (one byte per row).
    Chomp {
        /// The bar's size.
        game: Chomp,
        /// Row lengths, row `r` in bits `8r..8r+8`.
        rows: u128,
    },
}

/// A move on a board, as the cells it concerns (`(row, col)`, 0-based from
/// the top-left corner).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardMove {
    /// Cram: the two cells the domino covers.
    Domino([(u8, u8); 2]),
    /// Chomp: the square bitten; every square below and right of it goes too.
    Bite((u8, u8)),
}

impl BoardMove {
    /// The cells the move names: the domino's two cells, or the one square
    /// bitten (for JSON: `{"cells": [[r, c], ...]}`).
    ///
    /// ```
    /// use grundy::games::BoardMove;
    /// assert_eq!(BoardMove::Bite((1, 2)).cells(), vec![(1, 2)]);
    /// assert_eq!(BoardMove::Domino([(0, 0), (0, 1)]).to_string(), "(0,0)-(0,1)");
    /// ```
    pub fn cells(&self) -> Vec<(u8, u8)> {
        match self {
            BoardMove::Domino(cells) => cells.to_vec(),
            BoardMove::Bite(cell) => vec![*cell],
        }
    }
}

impl fmt::Display for BoardMove {
    /// `(0,1)-(0,2)` for a domino, `(1,2)` for a bite.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardMove::Domino([(r1, c1), (r2, c2)]) => write!(f, "({r1},{c1})-({r2},{c2})"),
            BoardMove::Bite((r, c)) => write!(f, "({r},{c})"),
        }
    }
}

/// The answer for a board's start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSolution {
    /// The Grundy value of the start position.
    pub value: Nimber,
    /// N when the first player wins.
    pub outcome: Outcome,
    /// Every move to a position of value `*0`.
    pub winning_moves: Vec<BoardMove>,
}

/// Column letters: `a` for the first column.
fn column_name(c: u8) -> String {
    // Chomp boards are up to 255 wide: past `z` columns are `aa`, `ab`, ...
    if c < 26 {
        ((b'a' + c) as char).to_string()
    } else {
        format!("{}{}", column_name(c / 26 - 1), (b'a' + c % 26) as char)
    }
}

/// A cell as a player names it: column letter, row number from 1 at the
/// top (`a1` is the top-left corner).
///
/// ```
/// assert_eq!(grundy::games::board::cell_name((1, 2)), "c2");
/// assert_eq!(grundy::games::board::cell_name((0, 27)), "ab1");
/// ```
pub fn cell_name((r, c): (u8, u8)) -> String {
    format!("{}{}", column_name(c), u32::from(r) + 1)
}

impl Board {
    /// The game's name: `Cram` or `Chomp`.
    pub fn kind(&self) -> &'static str {
        match self {
            Board::Cram { .. } => "Cram",
            Board::Chomp { .. } => "Chomp",
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> u8 {
        match self {
            Board::Cram { game, .. } => game.rows(),
            Board::Chomp { game, .. } => game.rows(),
        }
    }

    /// The number of columns.
    pub fn cols(&self) -> u8 {
        match self {
            Board::Cram { game, .. } => game.cols(),
            Board::Chomp { game, .. } => game.cols(),
        }
    }

    /// Whether this is the game's start position (the empty Cram board, the
    /// whole Chomp bar).
    pub fn is_start(&self) -> bool {
        match *self {
            Board::Cram { game, free } => free == game.start(),
            Board::Chomp { game, rows } => rows == game.start(),
        }
    }

    /// Whether cell `(row, col)` is `.` in the drawing: free in Cram, still
    /// there in Chomp. Cells off the board are not.
    pub fn is_open(&self, (r, c): (u8, u8)) -> bool {
        if r >= self.rows() || c >= self.cols() {
            return false;
        }
        match *self {
            Board::Cram { game, free } => free & game.cell(r, c) != 0,
            Board::Chomp { rows, .. } => c < (rows >> (8 * u32::from(r))) as u8,
        }
    }

    /// The position drawn as `graph --game` prints it: `.../.##`.
    pub fn diagram(&self) -> String {
        match *self {
            Board::Cram { game, free } => game.render(free),
            Board::Chomp { game, rows } => game.render(rows),
        }
    }

    /// Every legal move and the position it leaves: Cram's horizontal
    /// dominoes, then its vertical ones, each in reading order; Chomp's
    /// bites row by row.
    ///
    /// ```
    /// use grundy::games::Board;
    /// // A 2x2 Cram board has 4 dominoes; a 2x2 Chomp bar 3 bites.
    /// assert_eq!(Board::parse("cram:2x2").unwrap().moves().len(), 4);
    /// assert_eq!(Board::parse("chomp:2x2").unwrap().moves().len(), 3);
    /// ```
    pub fn moves(&self) -> Vec<(BoardMove, Board)> {
        match *self {
            Board::Cram { game, free } => {
                let mut out = Vec::new();
                game.moves(&free, &mut out);
                let mut moves: Vec<_> = out
                    .into_iter()
                    .filter_map(|to| {
                        let m = game.domino(free, to)?;
                        Some((BoardMove::Domino(m), Board::Cram { game, free: to }))
                    })
                    .collect();
                // Horizontal dominoes, then vertical ones, each in reading
                // order (the generator's order is the search's business).
                moves.sort_by_key(|(m, _)| match m {
                    BoardMove::Domino([a, b]) => (a.0 != b.0, *a),
                    BoardMove::Bite(a) => (false, *a),
                });
                moves
            }
            Board::Chomp { game, rows } => {
                let mut out = Vec::new();
                game.moves(&rows, &mut out);
                out.into_iter()
                    .filter_map(|to| {
                        let m = Chomp::bite(rows, to)?;
                        Some((BoardMove::Bite(m), Board::Chomp { game, rows: to }))
                    })
                    .collect()
            }
        }
    }

    /// The position after `mv`.
    ///
    /// # Errors
    /// A [`MoveError`] saying why the move is not legal here: a cell off the
    /// board, a covered cell or an eaten square, two cells that do not
    /// touch, a move of the other game, or the poisoned square.
    ///
    /// ```
    /// use grundy::games::{Board, BoardMove};
    /// let board = Board::parse("chomp:2x3").unwrap();
    /// let err = board.play(&BoardMove::Bite((0, 0))).unwrap_err();
    /// assert!(err.to_string().contains("poison"));
    /// assert_eq!(board.play(&BoardMove::Bite((1, 1))).unwrap().to_string(), "chomp:.../.##");
    /// ```
    pub fn play(&self, mv: &BoardMove) -> Result<Board, MoveError> {
        for &cell in &mv.cells() {
            if cell.0 >= self.rows() || cell.1 >= self.cols() {
                return Err(MoveError::Illegal(format!(
                    "{} is off the board ({} rows, {} columns: a1 to {})",
                    cell_name(cell),
                    self.rows(),
                    self.cols(),
                    cell_name((self.rows() - 1, self.cols() - 1))
                )));
            }
        }
        match (*self, mv) {
            (Board::Cram { game, free }, BoardMove::Domino([a, b])) => {
                for &cell in [a, b] {
                    if !self.is_open(cell) {
                        return Err(MoveError::Illegal(format!(
                            "{} is already covered",
                            cell_name(cell)
                        )));
                    }
                }
                let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
                if dr + dc != 1 {
                    return Err(MoveError::Illegal(format!(
                        "{} and {} are not side by side: a domino covers two cells next to each other in a row or a column",
                        cell_name(*a),
                        cell_name(*b)
                    )));
                }
                Ok(Board::Cram {
                    game,
                    free: free & !game.cell(a.0, a.1) & !game.cell(b.0, b.1),
                })
            }
            (Board::Chomp { game, rows }, BoardMove::Bite(cell)) => {
                if *cell == (0, 0) {
                    return Err(MoveError::Illegal(
                        "a1 is the poisoned square: it is never eaten (whoever is left with it alone has lost)".into(),
                    ));
                }
                if !self.is_open(*cell) {
                    return Err(MoveError::Illegal(format!(
                        "{} is already eaten",
                        cell_name(*cell)
                    )));
                }
                let mut next = rows;
                for r in cell.0..game.rows() {
                    let shift = 8 * u32::from(r);
                    let len = (next >> shift) as u8;
                    if len > cell.1 {
                        next = (next & !(0xFF << shift)) | u128::from(cell.1) << shift;
                    }
                }
                Ok(Board::Chomp { game, rows: next })
            }
            (Board::Cram { .. }, BoardMove::Bite(_)) => Err(MoveError::Illegal(
                "a Cram move places a domino: name its two cells".into(),
            )),
            (Board::Chomp { .. }, BoardMove::Domino(_)) => Err(MoveError::Illegal(
                "a Chomp move bites one square: name one cell".into(),
            )),
        }
    }

    /// The value, outcome and every winning move of the position, with fresh
    /// tables.
    ///
    /// # Complexity
    /// Exponential in the area of the board; see [`BoardSpec::solve`].
    ///
    /// ```
    /// use grundy::games::Board;
    /// use grundy::Outcome;
    /// // Two separate 2x1 slots: two dominoes, the second player wins.
    /// assert_eq!(Board::parse("cram:.#./.#.").unwrap().solve().outcome, Outcome::P);
    /// ```
    pub fn solve(&self) -> BoardSolution {
        self.search(&SearchOptions::default(), &Cancel::new(), &mut |_| {})
            .expect("nothing cancels a fresh flag")
            .into_solution()
            .expect("a full search finds the value")
    }

    /// Searches the position with [`crate::search::Search`] as `options`
    /// say: its value and every winning move, or (with
    /// [`SearchOptions::outcome_only`]) only whether it is P or N and, when
    /// it is N, one winning move. `tick` gets the search's counters every
    /// few thousand positions.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{Board, SearchOptions};
    /// use grundy::Outcome;
    /// let board = Board::parse("cram:4x9").unwrap();
    /// let options = SearchOptions { outcome_only: true, ..SearchOptions::default() };
    /// let report = board.search(&options, &Cancel::new(), &mut |_| {}).unwrap();
    /// assert_eq!(report.outcome, Outcome::N);
    /// assert_eq!(report.value, None);
    /// assert_eq!(report.winning_moves.len(), 1);
    /// assert!(report.stats.nodes > 0);
    /// ```
    pub fn search(
        &self,
        options: &SearchOptions,
        cancel: &Cancel,
        tick: &mut dyn FnMut(SearchStats),
    ) -> Result<BoardReport, Cancelled> {
        self.search_with_endgame(options, None, cancel, tick)
    }

    /// The misère outcome of the position (the player who cannot move
    /// wins) and its winning moves, by
    /// [`crate::search::MisereSearch`]: no value, since misère values do
    /// not add up.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{Board, SearchOptions};
    /// use grundy::Outcome;
    /// // A 1x4 strip (Dawson's Kayles on 4) under misère play: the middle
    /// // domino leaves two single cells, where nobody moves and the
    /// // opponent, to move, wins; an end domino leaves a strip of 2, and
    /// // the opponent's one move there leaves the mover without a move.
    /// let board = Board::parse("cram:1x4").unwrap();
    /// let r = board.search_misere(&SearchOptions::default(), &Cancel::new(), &mut |_| {}).unwrap();
    /// assert_eq!(r.outcome, Outcome::N);
    /// assert_eq!(r.winning_moves.len(), 2);
    /// ```
    pub fn search_misere(
        &self,
        options: &SearchOptions,
        cancel: &Cancel,
        tick: &mut dyn FnMut(SearchStats),
    ) -> Result<BoardReport, Cancelled> {
        cancel.check()?;
        let moves = self.moves();
        match *self {
            Board::Cram { game, free } => {
                let moves = leaves(&moves, |b| match b {
                    Board::Cram { free, .. } => *free,
                    Board::Chomp { .. } => unreachable!("a Cram move leaves a Cram board"),
                });
                misere_position(&game, &free, &moves, options, cancel, tick)
            }
            Board::Chomp { game, rows } => {
                let moves = leaves(&moves, |b| match b {
                    Board::Chomp { rows, .. } => *rows,
                    Board::Cram { .. } => unreachable!("a Chomp move leaves a Chomp board"),
                });
                misere_position(&game, &rows, &moves, options, cancel, tick)
            }
        }
    }

    /// [`Board::search`] reading the values of small regions from a Cram
    /// endgame table first. A table built for another board size is not
    /// used (its regions are numbered for that board), nor is one on Chomp.
    ///
    /// # Errors
    /// [`Cancelled`] once `cancel` fires.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{Board, Cram, CramEndgame, SearchOptions};
    /// let board = Board::parse("cram:4x5").unwrap();
    /// let table = CramEndgame::build(&Cram::new(4, 5).unwrap(), 8, &Cancel::new(), &mut |_| {}).unwrap();
    /// let report = board
    ///     .search_with_endgame(&SearchOptions::default(), Some(&table), &Cancel::new(), &mut |_| {})
    ///     .unwrap();
    /// assert_eq!(report.value.unwrap().0, 2);
    /// assert!(report.stats.endgame_hits > 0);
    /// ```
    pub fn search_with_endgame(
        &self,
        options: &SearchOptions,
        endgame: Option<&CramEndgame>,
        cancel: &Cancel,
        tick: &mut dyn FnMut(SearchStats),
    ) -> Result<BoardReport, Cancelled> {
        cancel.check()?;
        let moves = self.moves();
        // The cells (Cram) or row lengths (Chomp) a move leaves.
        let cram_cells = |b: &Board| match b {
            Board::Cram { free, .. } => *free,
            Board::Chomp { .. } => unreachable!("a Cram move leaves a Cram board"),
        };
        match *self {
            Board::Cram { game, free } => {
                let endgame = endgame.filter(|e| e.is_for(&game));
                if let Some(square) = Cram8::of(&game) {
                    // Rows as bytes: the canonical forms are cheapest here.
                    let moves = leaves(&moves, |b| square.frame_of(cram_cells(b)));
                    let make = || {
                        let search = searcher(&square, options, cancel);
                        match endgame {
                            // The table holds regions in the board's canonical form;
                            // a larger region is not worth the conversion.
                            Some(e) => search.endgame(move |&p: &u64| {
                                (p.count_ones() <= e.max_cells())
                                    .then(|| e.value(game.canonical(square.board_of(p))))
                                    .flatten()
                            }),
                            None => search,
                        }
                    };
                    return search_position(make, tick, square.frame_of(free), &moves, options);
                }
                if let Some(lanes) = Cram16::of(&game) {
                    // Rows as 16-bit lanes: the canonical forms of regions
                    // wider than 8 cells are cheapest here.
                    let moves = leaves(&moves, |b| lanes.frame_of(cram_cells(b)));
                    let make = || {
                        let search = searcher(&lanes, options, cancel);
                        match endgame {
                            // The lanes' canonical form is the board's, in
                            // other bits.
                            Some(e) => search.endgame(move |&p: &u64| {
                                (p.count_ones() <= e.max_cells())
                                    .then(|| e.value(lanes.board_of(p)))
                                    .flatten()
                            }),
                            None => search,
                        }
                    };
                    return search_position(make, tick, lanes.frame_of(free), &moves, options);
                }
                match Cram64::of(&game) {
                    // The same bits in a narrower word: about twice as fast.
                    Some(narrow) => {
                        let moves = leaves(&moves, |b| cram_cells(b) as u64);
                        let make = || {
                            let search = searcher(&narrow, options, cancel);
                            match endgame {
                                Some(e) => search.endgame(|&p: &u64| e.value(u128::from(p))),
                                None => search,
                            }
                        };
                        search_position(make, tick, free as u64, &moves, options)
                    }
                    None => {
                        let moves = leaves(&moves, cram_cells);
                        let make = || {
                            let search = searcher(&game, options, cancel);
                            match endgame {
                                Some(e) => search.endgame(|&p: &u128| e.value(p)),
                                None => search,
                            }
                        };
                        search_position(make, tick, free, &moves, options)
                    }
                }
            }
            Board::Chomp { game, rows } => {
                let moves = leaves(&moves, |b| match b {
                    Board::Chomp { rows, .. } => *rows,
                    Board::Cram { .. } => unreachable!("a Chomp move leaves a Chomp board"),
                });
                // Chomp has no components and big values: the pruned search
                // asks too many questions of each position.
                let make = || searcher(&game, options, cancel).plain(true);
                search_position(make, tick, rows, &moves, options)
            }
        }
    }
}

/// How [`Board::search`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Only the outcome (and one winning move), not the value: a search
    /// for the set `{0}`, much cheaper than the value.
    pub outcome_only: bool,
    /// The memory limit of the transposition table, in bytes.
    pub memory: usize,
    /// Whether to look for the winning moves (all of them, or one with
    /// `outcome_only`); without them the search answers only the value or
    /// the outcome, as other solvers do.
    pub winning_moves: bool,
    /// The threads that search the position at once (the value and every
    /// winning move, not `outcome_only`): for Cram and Node Kayles the
    /// options of one region in rounds, for a position of several regions
    /// each region's value and then each move, every thread with its own
    /// table (a share of `memory`) trading the values it finds; for Chomp
    /// the layers of its flat table, shared. The answer does not depend on
    /// the threads; 1 searches on the calling thread only.
    pub threads: usize,
}

impl Default for SearchOptions {
    /// The value and every winning move, with [`DEFAULT_MEMORY`], on every
    /// core.
    fn default() -> Self {
        SearchOptions {
            outcome_only: false,
            memory: DEFAULT_MEMORY,
            winning_moves: true,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// What [`Board::search`] found on a board.
pub type BoardReport = SearchReport<BoardMove>;

/// What a search found: [`Board::search`] (moves are [`BoardMove`]s),
/// [`crate::games::NodeKayles::search`] (moves are vertices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport<M> {
    /// The Grundy value (`None` when only the outcome was asked for).
    pub value: Option<Nimber>,
    /// N when the player to move wins.
    pub outcome: Outcome,
    /// Every winning move, or one when only the outcome was asked for;
    /// none when [`SearchOptions::winning_moves`] is off.
    pub winning_moves: Vec<M>,
    /// The search's counters at the end.
    pub stats: SearchStats,
}

impl SearchReport<BoardMove> {
    /// The value, outcome and winning moves the search found, as
    /// [`Board::solve`] gives them; `None` when only the outcome was
    /// searched for ([`SearchOptions::outcome_only`]).
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::games::{Board, SearchOptions};
    /// let board = Board::parse("cram:2x3").unwrap();
    /// let stop = Cancel::new();
    /// let report = board.search(&SearchOptions::default(), &stop, &mut |_| {}).unwrap();
    /// assert_eq!(report.into_solution(), Some(board.solve()));
    /// ```
    pub fn into_solution(self) -> Option<BoardSolution> {
        Some(BoardSolution {
            value: self.value?,
            outcome: self.outcome,
            winning_moves: self.winning_moves,
        })
    }
}

/// Each move with the position it leaves, as `position_of` reads it.
fn leaves<P>(
    moves: &[(BoardMove, Board)],
    position_of: impl Fn(&Board) -> P,
) -> Vec<(BoardMove, P)> {
    moves
        .iter()
        .map(|(m, b)| (m.clone(), position_of(b)))
        .collect()
}

/// A search on `game` with `options`' memory and `cancel`: the one
/// [`search_position`] runs (with a progress line) and those of its other
/// threads.
pub(crate) fn searcher<'g, G: ImpartialGame>(
    game: &'g G,
    options: &SearchOptions,
    cancel: &Cancel,
) -> Search<'g, G> {
    Search::with_memory(game, options.memory).cancel(cancel)
}

/// The misère outcome of `pos` and its winning moves among `moves` (each
/// with the position it leaves, in the order they are reported): one with
/// [`SearchOptions::outcome_only`], all of them otherwise. A move wins when
/// it leaves a position the opponent loses, or when no move is left at all
/// (then the player to move has won). The search is
/// [`crate::search::MisereSearch`], on one thread.
pub(crate) fn misere_position<G, M: Clone>(
    game: &G,
    pos: &G::Position,
    moves: &[(M, G::Position)],
    options: &SearchOptions,
    cancel: &Cancel,
    tick: &mut dyn FnMut(SearchStats),
) -> Result<SearchReport<M>, Cancelled>
where
    G: ImpartialGame,
    G::Position: Ord,
{
    let mut search = crate::search::MisereSearch::new(game).cancel(cancel);
    let mut winning_moves = Vec::new();
    for (mv, after) in moves {
        if search.loses_after(after)? {
            winning_moves.push(mv.clone());
            if options.outcome_only || !options.winning_moves {
                break;
            }
        }
        tick(search.stats());
    }
    // With no move the player to move has won; otherwise a move that
    // leaves a lost position wins, and without one every move loses.
    let wins = moves.is_empty() || !winning_moves.is_empty();
    search.wins(pos)?;
    if !options.winning_moves {
        winning_moves.clear();
    }
    Ok(SearchReport {
        value: None,
        outcome: Outcome::from_first_player_wins(wins),
        winning_moves,
        stats: search.stats(),
    })
}

/// [`Board::search`] for any game: `make` makes a search (one for this
/// thread, which calls `tick`, and one for each other thread of
/// [`SearchOptions::threads`]); `moves` are the moves of `pos` with the
/// positions they leave, in the order the winning ones are reported.
pub(crate) fn search_position<'g, G, M: Clone>(
    make: impl Fn() -> Search<'g, G> + Sync,
    tick: &'g mut dyn FnMut(SearchStats),
    pos: G::Position,
    moves: &[(M, G::Position)],
    options: &SearchOptions,
) -> Result<SearchReport<M>, Cancelled>
where
    G: ImpartialGame + Sync + 'g,
    G::Position: Send + Sync,
{
    let mut search = make().progress(tick);
    if !options.outcome_only {
        // The value, and with it which moves leave a P-position.
        let to: Vec<G::Position> = moves.iter().map(|(_, to)| to.clone()).collect();
        let (threads, memory) = (options.threads, options.memory);
        if let Some((value, p)) = search.value_and_p_options_on(
            &pos,
            &to,
            options.winning_moves,
            threads,
            memory,
            &make,
        )? {
            let winning_moves = moves
                .iter()
                .zip(p)
                .filter(|&(_, p)| p)
                .map(|((mv, _), _)| mv.clone())
                .collect();
            return Ok(SearchReport {
                value: Some(value),
                outcome: Outcome::from_first_player_wins(!value.is_zero()),
                winning_moves,
                stats: search.stats(),
            });
        }
    }
    // A position of several regions: each region's value on every
    // thread, then each move asked on its own thread (below).
    let value = if options.outcome_only {
        None
    } else {
        Some(search.nimber_on(&pos, options.threads, options.memory, &make)?)
    };
    let outcome = match value {
        Some(Nimber(0)) => Outcome::P,
        Some(_) => Outcome::N,
        None => search.outcome(&pos)?,
    };
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N && options.winning_moves {
        // For one winning move, a move known to leave a P-position saves
        // the search of the moves before it.
        let quick = options
            .outcome_only
            .then(|| {
                moves
                    .iter()
                    .find(|(_, to)| search.known_is_p(to) == Some(true))
            })
            .flatten();
        match quick {
            Some((mv, _)) => winning_moves.push(mv.clone()),
            None if !options.outcome_only && options.threads > 1 => {
                let to: Vec<G::Position> = moves.iter().map(|(_, to)| to.clone()).collect();
                let p = search.p_positions_on(&to, options.threads, options.memory, &make)?;
                winning_moves.extend(
                    moves
                        .iter()
                        .zip(p)
                        .filter(|&(_, p)| p)
                        .map(|((mv, _), _)| mv.clone()),
                );
            }
            None => {
                for (mv, to) in moves {
                    if search.is_p(to)? {
                        winning_moves.push(mv.clone());
                        if options.outcome_only {
                            break;
                        }
                    }
                }
            }
        }
    }
    Ok(SearchReport {
        value,
        outcome,
        winning_moves,
        stats: search.stats(),
    })
}

impl fmt::Display for Board {
    /// The canonical spec: `cram:3x3` for a start position, else the game
    /// and the drawing, `cram:.../.##/...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Board::Cram { .. } => "cram",
            Board::Chomp { .. } => "chomp",
        };
        if self.is_start() {
            write!(f, "{name}:{}x{}", self.rows(), self.cols())
        } else {
            write!(f, "{name}:{}", self.diagram())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_testkit::boards::{self, grid, Oracle};

    /// The test kit's plain search over its own rules of Cram or Chomp
    /// (not the board's moves), with no components and no search.
    fn oracle(board: &Board) -> Oracle {
        match board {
            Board::Cram { .. } => boards::cram(),
            Board::Chomp { .. } => boards::chomp(),
        }
    }

    /// The plain definition: the mex of the options' values.
    fn mex_value(board: &Board, oracle: &mut Oracle) -> u64 {
        oracle.value(&grid(&board.diagram()))
    }

    #[test]
    fn every_small_position_agrees_with_the_plain_mex() {
        // 2x8 is searched turned a quarter (rows as bytes).
        for spec in ["cram:3x3", "cram:2x4", "cram:2x8", "chomp:3x3", "chomp:2x5"] {
            let start = Board::parse(spec).unwrap();
            let mut memo = oracle(&start);
            let mut todo = vec![start];
            let mut seen = std::collections::HashSet::new();
            while let Some(b) = todo.pop() {
                if !seen.insert(b.to_string()) {
                    continue;
                }
                let s = b.solve();
                assert_eq!(s.value.0, mex_value(&b, &mut memo), "{b}");
                // One thread and three find the same.
                for threads in [1, 3] {
                    let options = SearchOptions {
                        threads,
                        ..SearchOptions::default()
                    };
                    let r = b.search(&options, &Cancel::new(), &mut |_| {}).unwrap();
                    assert_eq!(r.value, Some(s.value), "{b}, {threads} threads");
                    assert_eq!(r.winning_moves, s.winning_moves, "{b}, {threads} threads");
                }
                for (mv, next) in b.moves() {
                    assert_eq!(b.play(&mv), Ok(next), "{b} {mv}");
                    let wins = mex_value(&next, &mut memo) == 0;
                    assert_eq!(s.winning_moves.contains(&mv), wins, "{b} {mv}");
                    todo.push(next);
                }
                // The drawing is a spec that names the same position.
                assert_eq!(Board::parse(&b.to_string()), Ok(b));
            }
        }
    }

    #[test]
    fn an_endgame_table_of_every_region_leaves_nothing_to_search() {
        // 3x4 is searched with rows as bytes, 2x8 turned too, 2x9 with rows
        // as 16-bit lanes: each looks its regions up in the board's own
        // form.
        for spec in [
            "cram:3x4",
            "cram:#......./........",
            "cram:..#...../........",
            "cram:#.#....../.......#.",
        ] {
            let board = Board::parse(spec).unwrap();
            let cram = Cram::new(board.rows(), board.cols()).unwrap();
            let cells = u32::from(board.rows()) * u32::from(board.cols());
            let table = CramEndgame::build(&cram, cells, &Cancel::new(), &mut |_| {}).unwrap();
            let plain = board
                .search(&SearchOptions::default(), &Cancel::new(), &mut |_| {})
                .unwrap();
            for threads in [1, 3] {
                let options = SearchOptions {
                    threads,
                    ..SearchOptions::default()
                };
                let report = board
                    .search_with_endgame(&options, Some(&table), &Cancel::new(), &mut |_| {})
                    .unwrap();
                assert_eq!(report.value, plain.value, "{spec}");
                assert_eq!(report.winning_moves, plain.winning_moves, "{spec}");
                assert_eq!(report.stats.nodes, 0, "{spec}");
                assert!(report.stats.endgame_hits > 0, "{spec}");
            }
        }
    }

    #[test]
    fn long_searches_stop_soon_after_the_flag_and_report_progress() {
        use std::time::{Duration, Instant};
        for spec in ["cram:7x9", "chomp:16x255"] {
            let board = Board::parse(spec).unwrap();
            let started = Instant::now();
            let cancel = Cancel::with_deadline(started + Duration::from_millis(200));
            let mut last = SearchStats::default();
            let result = board.search(&SearchOptions::default(), &cancel, &mut |s| last = s);
            assert_eq!(result, Err(Cancelled), "{spec}");
            assert!(
                started.elapsed() < Duration::from_secs(1),
                "{spec}: {:?}",
                started.elapsed()
            );
            assert!(last.nodes > 0 && last.entries > 0, "{spec}: {last:?}");
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        let cram = Board::parse("cram:.#./...").unwrap();
        let msg = |m| cram.play(&m).unwrap_err().to_string();
        assert!(msg(BoardMove::Domino([(0, 0), (0, 1)])).contains("b1 is already covered"));
        assert!(msg(BoardMove::Domino([(1, 0), (1, 2)])).contains("not side by side"));
        assert!(msg(BoardMove::Domino([(1, 0), (2, 0)])).contains("a3 is off the board"));
        assert!(msg(BoardMove::Bite((1, 1))).contains("domino"));
        let chomp = Board::parse("chomp:../.#").unwrap();
        assert!(chomp
            .play(&BoardMove::Bite((1, 1)))
            .unwrap_err()
            .to_string()
            .contains("already eaten"));
    }
}
