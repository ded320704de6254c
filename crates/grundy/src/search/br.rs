//! Beling–Rogalski pruning ("On pruning search trees of impartial games",
//! AI 2020): a component is asked whether its value is in a set of
//! candidates; each option rules out one candidate and is asked only about
//! the candidates that still matter, so most options stop after a few of
//! their own. A whole value is found by aspiration: for `v = 0, 1, ...`,
//! is some option worth `v`?

use super::ordering::Opt;
use super::set::{Potential, Set};
use super::{Method, Search};
use crate::cancel::Cancelled;
use crate::game::ImpartialGame;

/// Beling–Rogalski pruning as a [`Method`]: the default.
pub(super) struct BelingRogalski;

impl Method for BelingRogalski {
    #[inline(always)]
    fn value<G: ImpartialGame>(
        search: &mut Search<'_, G>,
        c: &G::Position,
    ) -> Result<u32, Cancelled> {
        match search.in_set(c, &Set::ALL)? {
            Some(v) => Ok(v),
            None => search.exact(c),
        }
    }

    #[inline(always)]
    fn whole_value<G: ImpartialGame>(
        search: &mut Search<'_, G>,
        c: &G::Position,
    ) -> Result<u32, Cancelled> {
        search.aspiration(c)
    }
}
impl<'g, G: ImpartialGame> Search<'g, G> {
    /// The nimber of component `c` by aspiration (Beling & Rogalski's
    /// "aspiration sets"): for `v = 0, 1, ...`, is some option worth `v`?
    /// Each question is a cheap one-value search of the options, and an
    /// option whose value comes out on the way is not asked again.
    pub(super) fn aspiration(&mut self, c: &G::Position) -> Result<u32, Cancelled> {
        if let Some(v) = self.known(c) {
            self.stats.table_hits += 1;
            return Ok(v);
        }
        self.count_node()?;
        let before = self.stats.nodes;
        let mut parts = self.take_buf();
        let mut opts = self.take_opts();
        let mut options = self.take_buf();
        self.game.moves(c, &mut options);
        let mut skip = vec![false; options.len() + 1];
        self.split_options(&options, &mut parts, &mut opts, |v| {
            if let Some(s) = skip.get_mut(v as usize) {
                *s = true;
            }
            false
        });
        self.pool.push(options);
        self.stats.depth += 1;
        let r = self.aspire(&mut parts, &mut opts, &mut skip);
        self.stats.depth -= 1;
        self.pool.push(parts);
        self.opt_pool.push(opts);
        let v = r?;
        self.tt_store(c, v, self.stats.nodes - before + 1);
        Ok(v)
    }

    pub(super) fn aspire(
        &mut self,
        parts: &mut [G::Position],
        opts: &mut Vec<Opt>,
        skip: &mut [bool],
    ) -> Result<u32, Cancelled> {
        let n = skip.len() - 1;
        'values: for v in 0..=n {
            if skip[v] {
                continue;
            }
            let v = v as u32;
            let mut i = 0;
            while i < opts.len() {
                match self.ask_option(parts, &mut opts[i], v)? {
                    Some(x) => {
                        opts.remove(i);
                        if x == v {
                            continue 'values;
                        }
                        if let Some(s) = skip.get_mut(x as usize) {
                            *s = true;
                        }
                    }
                    None => i += 1,
                }
            }
            return Ok(v);
        }
        // n options, all worth less than n and pairwise different.
        Ok(n as u32)
    }

    /// Asks option `o` (its parts in `parts`) whether it is worth `v`: its
    /// value when found (which may be another), `None` when it is not `v`.
    pub(super) fn ask_option(
        &mut self,
        parts: &[G::Position],
        o: &mut Opt,
        v: u32,
    ) -> Result<Option<u32>, Cancelled> {
        while o.len > 1 {
            o.known ^= self.component_nimber(&parts[o.first + o.len - 1])?;
            o.len -= 1;
        }
        let hardest = &parts[o.first];
        if v ^ o.known >= Set::WIDTH {
            // A value too big for a set of candidates.
            return Ok(Some(self.component_nimber(hardest)? ^ o.known));
        }
        Ok(self
            .in_set(hardest, &Set::single(v ^ o.known))?
            .map(|x| x ^ o.known))
    }

    /// The nimber of component `c` if it is in `wanted`; `None` when it is
    /// not (a nimber outside `wanted` may also be returned). The pruned
    /// search of Beling & Rogalski: each option narrows the candidates
    /// ([`Potential`]) and is asked only about the candidates that still
    /// matter.
    pub(super) fn in_set(
        &mut self,
        c: &G::Position,
        wanted: &Set,
    ) -> Result<Option<u32>, Cancelled> {
        if let Some(v) = self.known(c) {
            self.stats.table_hits += 1;
            return Ok(Some(v));
        }
        let low = wanted.low_word();
        let excluded = self.excluded.get(c);
        if low & !excluded == 0 && wanted.only_low() {
            self.stats.table_hits += 1;
            return Ok(None);
        }
        self.count_node()?;
        let before = self.stats.nodes;
        let mut parts = self.take_buf();
        let mut opts = self.take_opts();
        let mut options = self.take_buf();
        self.game.moves(c, &mut options);
        let mut potential = Potential::new(options.len());
        let mut ruled_out = self.split_options(&options, &mut parts, &mut opts, |v| {
            let w = potential.without_max();
            potential.remove_value(v, &w);
            !potential.low().intersects(wanted)
        });
        self.pool.push(options);
        let upto = wanted.upto_max();
        let mut exact = true;
        let mut result = Ok(());
        self.stats.depth += 1;
        if let Some(first) = opts.first() {
            self.excluded.prefetch(&parts[first.first]);
        }
        for j in 0..opts.len() {
            if ruled_out || !potential.low().intersects(wanted) {
                // The value is one of the candidates, none of them wanted.
                ruled_out = true;
                break;
            }
            // The record's lookup at the top of the next option's search
            // misses the caches; it is fetched while this one is asked.
            if let Some(next) = opts.get(j + 1) {
                self.excluded.prefetch(&parts[next.first]);
            }
            let o = &mut opts[j];
            let w = potential.without_max();
            for p in &parts[o.first + 1..o.first + o.len] {
                match self.component_nimber(p) {
                    Ok(v) => o.known ^= v,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            if result.is_err() {
                break;
            }
            // Only the candidates below the greatest matter: an option
            // worth anything else takes the greatest away. Parts worth
            // [`Set::WIDTH`] or more would take the candidates out of the
            // set's range: the part is valued instead.
            let answer = if o.known >= Set::WIDTH {
                self.component_nimber(&parts[o.first]).map(Some)
            } else {
                self.in_set(&parts[o.first], &w.and(&upto).xor_each(o.known))
            };
            match answer {
                Ok(Some(v)) => potential.remove_value(v ^ o.known, &w),
                Ok(None) => {
                    potential.remove_max(&w);
                    exact = false;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.stats.depth -= 1;
        self.pool.push(parts);
        self.opt_pool.push(opts);
        result?;
        if ruled_out || !(exact || potential.low().intersects(&upto)) {
            self.rule_out(c, low);
            if self.exchange.is_some() {
                self.outbox.ruled_out.push((c.clone(), low));
            }
            return Ok(None);
        }
        match potential.low().min() {
            Some(v) => {
                self.tt_store(c, v, self.stats.nodes - before + 1);
                Ok(Some(v))
            }
            // Every candidate below the set's width is gone: the value is
            // larger, and only the plain mex can say which.
            None => self.exact(c).map(Some),
        }
    }

    /// Remembers that `c` has none of the values below 64 in `low`. When
    /// growing would pass its share of the memory, the record starts afresh
    /// (in the room it has).
    pub(super) fn rule_out(&mut self, c: &G::Position, low: u64) {
        self.excluded.insert(c, low);
    }
}
