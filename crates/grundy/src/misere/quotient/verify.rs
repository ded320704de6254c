//! The verification of a candidate against the game's moves: the
//! lexicographically least sum with a local failure, found by a layered
//! search over pairs of classes (see the [module docs](super)).

use std::cmp::Reverse;

use super::learner::{Hyp, LearnError, Learner};
use crate::cancel::Cancel;

impl Learner {
    /// The lexicographically least sum with a local failure, or `None` when
    /// the candidate predicts every outcome (see the module docs).
    pub(super) fn verify(
        &self,
        hyp: &Hyp,
        cancel: &Cancel,
    ) -> Result<Option<Vec<u32>>, LearnError> {
        let n = hyp.order();
        let g = hyp.gens.len();
        let mul = |x: usize, y: usize| hyp.mul[x * n + y] as usize;
        // Option classes of each generator.
        let opt_classes: Vec<Vec<usize>> = (0..g)
            .map(|t| {
                let mut v: Vec<usize> = self.opts[hyp.gens[t] as usize]
                    .iter()
                    .map(|l| hyp.star(0, l) as usize)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        // Heap types: generators with the same class and option classes are
        // interchangeable; the smallest heap stands for its type.
        let mut types: Vec<(usize, Vec<usize>, usize)> = vec![];
        for (t, opts) in opt_classes.iter().enumerate() {
            let e = hyp.delta[t] as usize;
            if !types.iter().any(|(e2, o2, _)| *e2 == e && o2 == opts) {
                types.push((e, opts.clone(), t));
            }
        }
        // Largest heaps first: the lexicographic order of sums.
        types.sort_by_key(|&(_, _, t)| Reverse(hyp.gens[t]));
        struct Layer {
            heap: u32,
            powers: Vec<usize>,
            /// good[y]: y times some option of the heap is in P.
            good: Vec<bool>,
            /// pre[m]: CSR of {s2 : powers[m] * s2 = s} for each s.
            pre: Vec<(Vec<u32>, Vec<u32>)>,
        }
        let layers: Vec<Layer> = types
            .iter()
            .map(|(e, opts, t)| {
                let mut powers = vec![0usize];
                let (k, p) = loop {
                    let next = mul(*powers.last().expect("non-empty"), *e);
                    if let Some(k) = powers.iter().position(|&x| x == next) {
                        break (k, powers.len() - k);
                    }
                    powers.push(next);
                };
                // Multiplicities 0..=k+p cover every pair (e^m, e^(m-1)).
                while powers.len() <= k + p {
                    let m = powers.len();
                    powers.push(powers[k + (m - k) % p]);
                }
                let good = (0..n)
                    .map(|y| opts.iter().any(|&o| hyp.p[mul(y, o)]))
                    .collect();
                let pre = powers
                    .iter()
                    .map(|&em| {
                        let mut count = vec![0u32; n + 1];
                        for s2 in 0..n {
                            count[mul(em, s2) + 1] += 1;
                        }
                        for s in 0..n {
                            count[s + 1] += count[s];
                        }
                        let mut fill = count.clone();
                        let mut list = vec![0u32; n];
                        for s2 in 0..n {
                            let s = mul(em, s2);
                            list[fill[s] as usize] = s2 as u32;
                            fill[s] += 1;
                        }
                        (count, list)
                    })
                    .collect();
                Layer {
                    heap: hyp.gens[*t],
                    powers,
                    good,
                    pre,
                }
            })
            .collect();
        let layer_count = layers.len();
        // State (L, S, any good witness, non-empty) as an index.
        let states = 4 * n * n;
        let idx = |l: usize, s: usize, good: bool, ne: bool| {
            ((l * n + s) * 2 + good as usize) * 2 + ne as usize
        };
        let accept = |l: usize, s: usize, good: bool, ne: bool| {
            s == 0 && if hyp.p[l] { good } else { ne && !good }
        };
        // back[j]: states at layer j from which an accepting end is reachable.
        let mut back: Vec<Vec<u64>> = vec![vec![0u64; states.div_ceil(64)]; layer_count + 1];
        let set = |bits: &mut Vec<u64>, i: usize| bits[i / 64] |= 1 << (i % 64);
        let get = |bits: &Vec<u64>, i: usize| bits[i / 64] >> (i % 64) & 1 == 1;
        for l in 0..n {
            for (good, ne) in [(false, false), (false, true), (true, false), (true, true)] {
                if accept(l, 0, good, ne) {
                    set(&mut back[layer_count], idx(l, 0, good, ne));
                }
            }
        }
        // The successors of a state at layer j, with the multiplicity.
        let for_succ = |j: usize,
                        l: usize,
                        s: usize,
                        good: bool,
                        ne: bool,
                        f: &mut dyn FnMut(usize, usize) -> bool| {
            let layer = &layers[j];
            for (m, &em) in layer.powers.iter().enumerate() {
                let (start, list) = &layer.pre[m];
                let l2 = mul(l, em);
                for &s2 in &list[start[s] as usize..start[s + 1] as usize] {
                    let s2 = s2 as usize;
                    let next = if m == 0 {
                        idx(l2, s2, good, ne)
                    } else {
                        let y = mul(mul(l, layer.powers[m - 1]), s2);
                        idx(l2, s2, good || layer.good[y], true)
                    };
                    if f(m, next) {
                        return;
                    }
                }
            }
        };
        for j in (0..layer_count).rev() {
            cancel.check()?;
            let (head, tail) = back.split_at_mut(j + 1);
            let next = &tail[0];
            let cur = &mut head[j];
            // The four flag states of a pair (L, S) are four adjacent bits:
            // decide them together, from one pass over the successors.
            let nibble = |bits: &Vec<u64>, l: usize, s: usize| {
                let i = 4 * (l * n + s);
                (bits[i / 64] >> (i % 64)) & 0xf
            };
            let layer = &layers[j];
            for l in 0..n {
                // A large candidate's layer takes a while: stop promptly.
                if l % 64 == 0 {
                    cancel.check()?;
                }
                for s in 0..n {
                    let mut mask = 0u64;
                    'succ: for (m, &em) in layer.powers.iter().enumerate() {
                        let (start, list) = &layer.pre[m];
                        let l2 = mul(l, em);
                        let lp = if m == 0 {
                            0
                        } else {
                            mul(l, layer.powers[m - 1])
                        };
                        for &s2 in &list[start[s] as usize..start[s + 1] as usize] {
                            let s2 = s2 as usize;
                            let nb = nibble(next, l2, s2);
                            if m == 0 {
                                mask |= nb;
                            } else if layer.good[mul(lp, s2)] {
                                if nb & 8 != 0 {
                                    mask = 0xf;
                                }
                            } else {
                                if nb & 2 != 0 {
                                    mask |= 0b0011;
                                }
                                if nb & 8 != 0 {
                                    mask |= 0b1100;
                                }
                            }
                            if mask == 0xf {
                                break 'succ;
                            }
                        }
                    }
                    let i = 4 * (l * n + s);
                    cur[i / 64] |= mask << (i % 64);
                }
            }
        }
        let mut current: Vec<usize> = (0..n)
            .map(|s| idx(0, s, false, false))
            .filter(|&st| get(&back[0], st))
            .collect();
        if current.is_empty() {
            return Ok(None);
        }
        let mut failure = vec![];
        for (j, layer) in layers.iter().enumerate() {
            let mut best: Option<usize> = None;
            let mut next_states: Vec<usize> = vec![];
            for &st in &current {
                let ne = st & 1 == 1;
                let good = st >> 1 & 1 == 1;
                let s = (st >> 2) % n;
                let l = (st >> 2) / n;
                for_succ(j, l, s, good, ne, &mut |m, next| {
                    if get(&back[j + 1], next) {
                        match best {
                            Some(b) if m > b => {}
                            Some(b) if m == b => next_states.push(next),
                            _ => {
                                best = Some(m);
                                next_states = vec![next];
                            }
                        }
                    }
                    false
                });
            }
            next_states.sort_unstable();
            next_states.dedup();
            let m = best.expect("a feasible state has a feasible successor");
            failure.extend(std::iter::repeat_n(layer.heap, m));
            current = next_states;
        }
        Ok(Some(failure))
    }
}
