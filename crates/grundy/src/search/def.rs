//! The definition: a component is worth the mex of its options' values,
//! every option valued. The plain search ([`Search::plain`]), and the
//! fallback of the pruned one for the rare component worth
//! [`Set::WIDTH`] or more.

use super::lv::cancel_pairs;
use super::set::Set;
use super::{Method, Search};
use crate::cancel::Cancelled;
use crate::game::ImpartialGame;

/// The definition as a [`Method`]: every option valued, its mex taken.
pub(super) struct Definition;

impl Method for Definition {
    #[inline(always)]
    fn value<G: ImpartialGame>(
        search: &mut Search<'_, G>,
        c: &G::Position,
    ) -> Result<u32, Cancelled> {
        search.exact(c)
    }

    #[inline(always)]
    fn whole_value<G: ImpartialGame>(
        search: &mut Search<'_, G>,
        c: &G::Position,
    ) -> Result<u32, Cancelled> {
        search.exact(c)
    }
}
impl<'g, G: ImpartialGame> Search<'g, G> {
    /// The nimber of `c` by the plain mex of all its options' values: the
    /// [`Search::plain`] search, and the fallback for the rare component
    /// worth [`Set::WIDTH`] or more.
    pub(super) fn exact(&mut self, c: &G::Position) -> Result<u32, Cancelled> {
        if let Some(v) = self.known(c) {
            return Ok(v);
        }
        if self.dense.is_some() {
            let mut numbers = self.idx_pool.pop().unwrap_or_default();
            numbers.clear();
            if self.game.dense_moves(c, &mut numbers) {
                let i = self
                    .game
                    .dense_index(c)
                    .expect("a dense game numbers every position");
                return self.exact_dense(i, numbers);
            }
            self.idx_pool.push(numbers);
        }
        self.count_node()?;
        let before = self.stats.nodes;
        let mut options = self.take_buf();
        self.game.moves(c, &mut options);
        let mut seen = Mex::new(options.len());
        let mut split = self.take_buf();
        let mut result = Ok(());
        for o in &options {
            split.clear();
            self.game.components(o, &mut split);
            cancel_pairs(&mut split);
            let mut x = 0u32;
            for p in split.iter() {
                match self.component_nimber(p) {
                    Ok(v) => x ^= v,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            if result.is_err() {
                break;
            }
            seen.insert(x);
        }
        self.pool.push(split);
        self.pool.push(options);
        result?;
        let v = seen.value();
        self.tt_store(c, v, self.stats.nodes - before + 1);
        Ok(v)
    }
}

impl<G: ImpartialGame> Search<'_, G> {
    /// [`Search::exact`] for a game that numbers options
    /// ([`ImpartialGame::dense_moves`]): the value of position number `i`,
    /// whose options are numbered `options`, read from the flat table; an
    /// option not there yet is built from its number and valued first.
    fn exact_dense(&mut self, i: usize, options: Vec<usize>) -> Result<u32, Cancelled> {
        let counted = self.count_node();
        let mut seen = Mex::new(options.len());
        let mut result = counted;
        self.stats.depth += 1;
        for &j in &options {
            if result.is_err() {
                break;
            }
            let stored = self.dense.as_ref().map_or(0, |d| d[j]);
            let v = if stored > 0 {
                self.stats.table_hits += 1;
                u32::from(stored) - 1
            } else {
                let p = self
                    .game
                    .dense_position(j)
                    .expect("a game with dense moves gives their positions");
                let mut next = self.idx_pool.pop().unwrap_or_default();
                next.clear();
                self.game.dense_moves(&p, &mut next);
                match self.exact_dense(j, next) {
                    Ok(v) => v,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            };
            seen.insert(v);
        }
        self.stats.depth -= 1;
        self.idx_pool.push(options);
        result?;
        let v = seen.value();
        if let (Some(d), Ok(stored)) = (self.dense.as_mut(), u16::try_from(v + 1)) {
            if d[i] == 0 {
                self.dense_len += 1;
            }
            d[i] = stored;
        }
        Ok(v)
    }
}

/// The values of a position's options, for their mex: those below
/// [`Set::WIDTH`] in a set on the stack; a position with that many options
/// or more counts the rest in a vector (the mex of `n` options is at most
/// `n`).
pub(super) struct Mex {
    low: Set,
    big: Vec<bool>,
}

impl Mex {
    pub(super) fn new(options: usize) -> Mex {
        Mex {
            low: Set::default(),
            big: if options >= Set::WIDTH as usize {
                vec![false; options + 1]
            } else {
                Vec::new()
            },
        }
    }

    pub(super) fn insert(&mut self, v: u32) {
        if v < Set::WIDTH {
            self.low.insert(v);
        } else if let Some(s) = self.big.get_mut(v as usize) {
            *s = true;
        }
    }

    /// The least value not inserted.
    pub(super) fn value(&self) -> u32 {
        match self.low.complement().min() {
            Some(v) => v,
            None => (Set::WIDTH..)
                .find(|&v| !self.big.get(v as usize).copied().unwrap_or(false))
                .expect("n + 1 slots, n options"),
        }
    }
}
