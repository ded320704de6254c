//! Codes instead of values: with rows of two classes, a part reads the
//! codes of its partners ([`bitrows::Classes::code`]), computed once a
//! block for the stretch of positions the parts read.

use super::plan::{Coded, Job, Plan};
use crate::heap::bitrows;
use crate::heap::cell::Cell;

/// The least and the most `k + a` of `parts`, if any.
pub(super) fn extent(parts: &[(usize, usize)]) -> Option<(usize, usize)> {
    let sums = parts.iter().map(|&(k, a)| k + a);
    Some((sums.clone().min()?, sums.max()?))
}

/// The longest stretch of positions whose codes a plan computes: past it,
/// parts read raw values (as do those of rows of every value). The rare
/// parts of Officers read the last 66,000 or so.
pub(super) const CODED_SPAN: usize = 1 << 18;

impl Plan {
    /// Lets the jobs of a plan in two classes read codes
    /// ([`bitrows::Classes::code`]) rather than values: the stretch of
    /// partners of each job, when it is at most [`CODED_SPAN`] long (a job
    /// whose partners lie in a stretch already planned reads that one).
    /// The codes themselves are computed by the first thread that marks
    /// ([`Plan::codes`]), so that the finishing thread does not wait for
    /// them. The values are at most `max_value`; `spare` lends buffers.
    pub(super) fn code(&mut self, max_value: usize, spare: &mut Vec<Vec<u16>>) {
        let Some((classes, _)) = self.block.classes else {
            return;
        };
        let (start, len, bound) = (self.block.start, self.block.shape.len, self.block.bound);
        let mut stretches: Vec<(std::ops::Range<usize>, Vec<u16>)> = Vec::new();
        // Parts whose partners all lie in the last CODED_SPAN positions
        // before the bound: `k + a` at most `reach`.
        let reach = start - bound.saturating_sub(CODED_SPAN);
        let mut jobs = Vec::with_capacity(self.jobs.len() + 2);
        for job in std::mem::take(&mut self.jobs) {
            let parts = &self.parts[job.parts.clone()];
            // A job whose partners span more than CODED_SPAN, in order of
            // `k + a`, has the parts near enough first: those are coded
            // (a rare position far back, which Officers' classification
            // finds now and then, leaves the others coded). Otherwise the
            // job is coded whole or not at all.
            let span = extent(parts);
            let wide = span.is_some_and(|(least, most)| most - least + len > CODED_SPAN);
            let split = if wide && parts.is_sorted_by_key(|&(k, a)| k + a) {
                parts.partition_point(|&(k, a)| k + a <= reach)
            } else {
                parts.len()
            };
            let near_span = if split == parts.len() {
                span
            } else {
                extent(&parts[..split])
            };
            let (near, rest) = (
                job.parts.start..job.parts.start + split,
                job.parts.start + split..job.parts.end,
            );
            if !rest.is_empty() {
                jobs.push(Job { parts: rest, ..job });
            }
            let Some((least, most)) = near_span else {
                continue;
            };
            // Partners of lane j: start + j - k - a, from 1 and below the
            // bound.
            let lo = start.saturating_sub(most).max(1);
            let hi = (start + len).saturating_sub(least).min(bound);
            let inside = stretches
                .iter()
                .position(|(span, _)| span.start <= lo && hi <= span.end);
            let coded = match inside {
                _ if hi <= lo => None,
                Some(i) => Some(i),
                None if hi - lo <= CODED_SPAN => {
                    stretches.push((lo..hi, spare.pop().unwrap_or_default()));
                    Some(stretches.len() - 1)
                }
                None => None,
            };
            jobs.push(Job {
                parts: near,
                coded,
                ..job
            });
        }
        self.jobs = jobs;
        if !stretches.is_empty() {
            let table = (0..=max_value).map(|x| classes.code(x)).collect();
            self.pending = std::sync::Mutex::new(Some((table, stretches)));
        }
    }

    /// The codes of a plan's heads and stretches ([`Plan::code`]),
    /// computed from `g` by the first thread that asks.
    pub(super) fn codes<T: Cell>(&self, g: &[T]) -> &Coded {
        self.coded.get_or_init(|| {
            let pending = self.pending.lock().map(|mut p| p.take());
            let (Ok(Some((table, stretches))), Some((classes, _))) = (pending, self.block.classes)
            else {
                return Coded::default();
            };
            let heads = self
                .parts
                .iter()
                .map(|&(_, a)| table[g[a].get() as usize])
                .collect();
            let codes = stretches
                .into_iter()
                .map(|(span, mut codes)| {
                    bitrows::codes(classes, &g[span.clone()], &mut codes);
                    (span.start, codes)
                })
                .collect();
            Coded { heads, codes }
        })
    }
}
