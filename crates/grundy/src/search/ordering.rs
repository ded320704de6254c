//! Move ordering: the options of a component split into their parts.
//! Options whose parts are all in the table narrow the candidates first,
//! for free (enhanced transposition cut-off); the others are asked from the
//! easiest (by [`ImpartialGame::size`]) to the hardest, each option's
//! hardest part the one asked about candidates.

use super::lv::{cancel_pairs, cancel_pairs_in};
use super::Search;
use crate::game::ImpartialGame;
/// One option of the component being searched: its parts that the table
/// does not know are `parts[first..first + len]` (the hardest first), and
/// `known` is the xor of the nimbers of the others.
#[derive(Clone, Copy, Debug)]
pub(super) struct Opt {
    pub(super) first: usize,
    pub(super) len: usize,
    pub(super) known: u32,
    pub(super) difficulty: u64,
}

impl<'g, G: ImpartialGame> Search<'g, G> {
    /// Splits the options of a component into `parts` and `opts` (see
    /// [`Opt`]), and calls `known` with the value of each option whose
    /// parts are all in the table (enhanced transposition cut-off); stops
    /// early, returning `true`, as soon as `known` does. Unless stopped,
    /// `opts` comes out easiest first. The game splits the options as many
    /// at a time as it splits at once
    /// ([`ImpartialGame::component_lanes`]); the options are then taken
    /// one by one, so the answer does not depend on how many.
    pub(super) fn split_options(
        &mut self,
        options: &[G::Position],
        parts: &mut Vec<G::Position>,
        opts: &mut Vec<Opt>,
        mut known: impl FnMut(u32) -> bool,
    ) -> bool {
        let lanes = self.game.component_lanes();
        let mut split = self.take_buf();
        let mut ends = self.idx_pool.pop().unwrap_or_default();
        let mut stopped = false;
        'chunks: for chunk in options.chunks(lanes.max(1)) {
            split.clear();
            ends.clear();
            if lanes > 1 {
                self.game.components_of_each(chunk, &mut split, &mut ends);
            } else {
                self.game.components(&chunk[0], &mut split);
                ends.push(split.len());
            }
            let mut start = 0;
            for &end in ends.iter() {
                let first = parts.len();
                let len = cancel_pairs_in(&mut split[start..end]);
                let (x, difficulty) = if lanes > 1 {
                    self.known_parts(split[start..start + len].iter().cloned(), parts)
                } else {
                    // The one option's parts, moved.
                    self.known_parts(split.drain(..len), parts)
                };
                start = end;
                if parts.len() == first {
                    if known(x) {
                        stopped = true;
                        break 'chunks;
                    }
                } else {
                    opts.push(Opt {
                        first,
                        len: parts.len() - first,
                        known: x,
                        difficulty,
                    });
                }
            }
        }
        self.idx_pool.push(ends);
        self.pool.push(split);
        if !stopped {
            // Easiest first (a stable sort keeps the game's order otherwise).
            opts.sort_by_key(|o| o.difficulty);
        }
        stopped
    }

    /// Splits option `o` into its components (through `split`, a buffer)
    /// and pushes those the table does not know onto `parts`, the hardest
    /// first: it is the one asked about candidates, the others are valued.
    /// Returns the xor of the known ones' values and the difficulty of the
    /// others (the sum of their sizes squared).
    #[inline(always)]
    pub(super) fn split_option(
        &mut self,
        o: &G::Position,
        split: &mut Vec<G::Position>,
        parts: &mut Vec<G::Position>,
    ) -> (u32, u64) {
        split.clear();
        self.game.components(o, split);
        cancel_pairs(split);
        self.known_parts(split.drain(..), parts)
    }

    /// Pushes the parts of one option (`split`, its components, equal ones
    /// cancelled) that the table does not know onto `parts`, the hardest
    /// first, as [`Search::split_option`] says.
    #[inline(always)]
    pub(super) fn known_parts(
        &mut self,
        split: impl Iterator<Item = G::Position>,
        parts: &mut Vec<G::Position>,
    ) -> (u32, u64) {
        let first = parts.len();
        let mut x = 0;
        let mut difficulty = 0;
        let mut hardest = 0;
        for p in split {
            match self.known(&p) {
                Some(v) => x ^= v,
                None => {
                    let d = self.game.size(&p).map_or(0, |s| s * s);
                    parts.push(p);
                    if d > hardest {
                        hardest = d;
                        let last = parts.len() - 1;
                        parts.swap(first, last);
                    }
                    difficulty += d;
                }
            }
        }
        (x, difficulty)
    }
}
