//! The verification of a candidate against the game's moves: the
//! lexicographically least sum with a local failure, found by a layered
//! search over pairs of classes (see the [module docs](super)).
//!
//! A sum is `e_1^{m_1} … e_T^{m_T}` over the heap types, largest heaps
//! first. The search runs through the types one layer at a time with a
//! state `(L, S, good, non-empty)`: `L` the class of the heaps chosen so
//! far, `S` the class the heaps still to choose must make up, and two flags
//! (some option seen so far is in `P`; some heap has been chosen). At layer
//! `j`, `L` is a product of the types before `j` and `S` one of the types
//! from `j` on, so only pairs of those two submonoids are states: for
//! Dawson's Kayles at heap 33 they are about one in fifty of all pairs.

use std::cmp::Reverse;

use super::learner::{Hyp, LearnError, Learner};
use super::states::{Bits, Front, Submonoid};
use crate::cancel::Cancel;
use crate::parallel;

/// One heap type of the search.
struct Layer {
    /// The smallest heap of the type, which stands for it in failures.
    heap: u32,
    /// `e^0, e^1, …, e^(k+p)` for the type's class `e` of index `k` and
    /// period `p`: multiplicities beyond `k + p` repeat a pair
    /// `(e^m, e^(m-1))` already there.
    powers: Vec<usize>,
    /// `good[y]`: `y` times some option of the heap is in `P`.
    good: Vec<bool>,
}

/// The moves of the search at one layer, on places in the submonoids
/// before (`L`) and from (`S`) the layer.
struct Step {
    /// `l_next[m][li]`: the place of `L·e^m` among the products up to and
    /// including this layer.
    l_next: Vec<Vec<u32>>,
    /// `l_less[m][li]`: the element `L·e^(m-1)` (for `m ≥ 1`), which times
    /// the rest of the sum is the class of an option's remainder.
    l_less: Vec<Vec<u32>>,
    /// For each `m`, CSR of `{S' : e^m·S' = S}` for each place of `S`,
    /// as places among the products of the later layers.
    pre: Vec<(Vec<u32>, Vec<u32>)>,
    /// The elements of the later layers' submonoid, by place.
    s_elems: Vec<u32>,
}

impl Learner {
    /// The lexicographically least sum with a local failure, or `None` when
    /// the candidate predicts every outcome (see the module docs).
    pub(super) fn verify(
        &self,
        hyp: &Hyp,
        cancel: &Cancel,
    ) -> Result<Option<Vec<u32>>, LearnError> {
        Ok(self.verify_costed(hyp, cancel)?.0)
    }

    /// [`verify`](Learner::verify), with what it cost and what a [`Front`]
    /// for the candidate would cost.
    pub(super) fn verify_costed(
        &self,
        hyp: &Hyp,
        cancel: &Cancel,
    ) -> Result<(Option<Vec<u32>>, Cost), LearnError> {
        let n = hyp.order();
        let mul = |x: usize, y: usize| hyp.mul[x * n + y] as usize;
        let layers = self.layers(hyp);
        let count = layers.len();
        // prefix[j]: the products of the layers before j; suffix[j]: of
        // the layers from j on.
        let mut prefix = vec![Submonoid::identity(n)];
        for layer in &layers {
            let next = prefix.last().expect("non-empty").with(layer.powers[1], mul);
            prefix.push(next);
        }
        let mut suffix = vec![Submonoid::identity(n)];
        for layer in layers.iter().rev() {
            let next = suffix.last().expect("non-empty").with(layer.powers[1], mul);
            suffix.push(next);
        }
        suffix.reverse();
        let cost = Cost {
            verify: (0..count)
                .map(|j| prefix[j].len() * suffix[j].len() * layers[j].powers.len())
                .sum(),
            front: (0..count)
                .map(|j| n * suffix[j].len() * layers[j].powers.len())
                .sum(),
        };
        let steps: Vec<Step> = (0..count)
            .map(|j| step(&layers[j], &prefix[j..=j + 1], &suffix[j..=j + 1], mul))
            .collect();
        // back[j]: the states at layer j from which an accepting end is
        // reachable. At the end S is the identity and L the whole sum: a
        // failure is a class in P with an option in P, or a non-empty sum
        // outside P with none.
        let mut back: Vec<Bits> = (0..=count)
            .map(|j| Bits::new(prefix[j].len(), suffix[j].len()))
            .collect();
        for (li, &l) in prefix[count].elems.iter().enumerate() {
            let nibble: u64 = if hyp.p[l as usize] { 0b1100 } else { 0b0010 };
            let end = &mut back[count];
            end.words[li * end.stride] |= nibble;
        }
        for j in (0..count).rev() {
            cancel.check()?;
            let (head, tail) = back.split_at_mut(j + 1);
            fill_layer(
                &mut head[j],
                &tail[0],
                &steps[j],
                &layers[j].good,
                mul,
                cancel,
            );
        }
        cancel.check()?;
        // The least failure: from the start (L = 1, any S, no flags), the
        // least multiplicity at each layer that keeps an end reachable.
        let mut current: Vec<(u32, u32, bool, bool)> = (0..suffix[0].len() as u32)
            .filter(|&si| back[0].get(0, si as usize, false, false))
            .map(|si| (0, si, false, false))
            .collect();
        if current.is_empty() {
            return Ok((None, cost));
        }
        let mut failure = vec![];
        for (j, layer) in layers.iter().enumerate() {
            let step = &steps[j];
            let mut best: Option<usize> = None;
            let mut next_states = vec![];
            for &(li, si, good, ne) in &current {
                let (li, si) = (li as usize, si as usize);
                for m in 0..layer.powers.len() {
                    if best.is_some_and(|b| m > b) {
                        break;
                    }
                    let (start, list) = &step.pre[m];
                    let l2 = step.l_next[m][li];
                    for &s2 in &list[start[si] as usize..start[si + 1] as usize] {
                        let (good2, ne2) = if m == 0 {
                            (good, ne)
                        } else {
                            let y = mul(
                                step.l_less[m][li] as usize,
                                step.s_elems[s2 as usize] as usize,
                            );
                            (good || layer.good[y], true)
                        };
                        if back[j + 1].get(l2 as usize, s2 as usize, good2, ne2) {
                            if best != Some(m) {
                                best = Some(m);
                                next_states.clear();
                            }
                            next_states.push((l2, s2, good2, ne2));
                        }
                    }
                }
            }
            next_states.sort_unstable();
            next_states.dedup();
            let m = best.expect("a feasible state has a feasible successor");
            failure.extend(std::iter::repeat_n(layer.heap, m));
            current = next_states;
        }
        Ok((Some(failure), cost))
    }

    /// The heap types of a candidate, largest heaps first (the
    /// lexicographic order of sums): generators with the same class and
    /// the same classes of options are interchangeable, and the smallest
    /// heap stands for its type.
    fn layers(&self, hyp: &Hyp) -> Vec<Layer> {
        let n = hyp.order();
        let mul = |x: usize, y: usize| hyp.mul[x * n + y] as usize;
        let mut types: Vec<(usize, Vec<usize>, usize)> = vec![];
        for (t, &heap) in hyp.gens.iter().enumerate() {
            let opts = self.option_classes(hyp, heap);
            let e = hyp.delta[t] as usize;
            if !types.iter().any(|(e2, o2, _)| *e2 == e && *o2 == opts) {
                types.push((e, opts, t));
            }
        }
        types.sort_by_key(|&(_, _, t)| Reverse(hyp.gens[t]));
        types
            .into_iter()
            .map(|(e, opts, t)| Layer {
                heap: hyp.gens[t],
                powers: powers(e, mul),
                good: hyp.good_set(&opts),
            })
            .collect()
    }
}

/// `e^0, e^1, …, e^(k+p)` for `e` of index `k` and period `p` (see
/// [`Layer::powers`]).
fn powers(e: usize, mul: impl Fn(usize, usize) -> usize) -> Vec<usize> {
    let mut powers = vec![0usize];
    let (k, p) = loop {
        let next = mul(*powers.last().expect("non-empty"), e);
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
    powers
}

/// What a verification cost, in pairs of places times multiplicities, and
/// what building a [`Front`] for the same heap types would.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cost {
    pub(super) verify: usize,
    pub(super) front: usize,
}

impl Learner {
    /// The [`Front`] of a verified quotient `hyp`.
    pub(super) fn build_front(&self, hyp: &Hyp, cancel: &Cancel) -> Result<Front, LearnError> {
        let n = hyp.order();
        let mul = |x: usize, y: usize| hyp.mul[x * n + y] as usize;
        let layers = self.layers(hyp);
        let full = [Submonoid::full(n), Submonoid::full(n)];
        let mut suffix = Submonoid::identity(n);
        // At the end S is the identity, and a failure is a class in P with
        // an option in P, or a non-empty sum outside P with none.
        let mut back = Bits::new(n, 1);
        for l in 0..n {
            back.words[l * back.stride] |= if hyp.p[l] { 0b1100 } else { 0b0010 };
        }
        for layer in layers.iter().rev() {
            let here = suffix.with(layer.powers[1], mul);
            let pair = [here, suffix];
            let step = step(layer, &full, &pair, mul);
            let [here, _] = pair;
            let mut cur = Bits::new(n, here.len());
            fill_layer(&mut cur, &back, &step, &layer.good, mul, cancel);
            cancel.check()?;
            back = cur;
            suffix = here;
        }
        let types = layers
            .into_iter()
            .map(|layer| (layer.powers[1], layer.good))
            .collect();
        Ok(Front {
            types,
            suffix,
            back,
        })
    }
}

impl Front {
    /// Whether the quotient `hyp` (the one this front was built for), with
    /// one more heap type of class `x` and good set `good`, has a local
    /// failure: a sum with `m ≥ 1` heaps of the new type, `L = x^m` after
    /// them and `S` the rest, from which the first layer reaches an end.
    /// (`m = 0` is the quotient without the new type, which has none.)
    pub(super) fn fails_with(&self, hyp: &Hyp, x: usize, good: &[bool]) -> bool {
        if self.types.iter().any(|(e, g)| *e == x && g == good) {
            return false;
        }
        let n = hyp.order();
        let mul = |a: usize, b: usize| hyp.mul[a * n + b] as usize;
        let powers = powers(x, mul);
        (1..powers.len()).any(|m| {
            self.suffix.elems.iter().enumerate().any(|(si, &s)| {
                let good = good[mul(powers[m - 1], s as usize)];
                self.back.get(powers[m], si, good, true)
            })
        })
    }

    /// Adds a heap type of class `x` and good set `good` to the quotient
    /// `hyp`, as the new first layer (after [`fails_with`](Front::fails_with)
    /// said it has no local failure).
    pub(super) fn push(
        &mut self,
        hyp: &Hyp,
        x: usize,
        good: Vec<bool>,
        cancel: &Cancel,
    ) -> Result<(), LearnError> {
        if self.types.iter().any(|(e, g)| *e == x && *g == good) {
            return Ok(());
        }
        let n = hyp.order();
        let mul = |a: usize, b: usize| hyp.mul[a * n + b] as usize;
        let layer = Layer {
            heap: 0,
            powers: powers(x, mul),
            good,
        };
        let full = [Submonoid::full(n), Submonoid::full(n)];
        let here = self.suffix.with(x, mul);
        let pair = [
            here,
            std::mem::replace(&mut self.suffix, Submonoid::identity(n)),
        ];
        let step = step(&layer, &full, &pair, mul);
        let [here, _] = pair;
        let mut cur = Bits::new(n, here.len());
        fill_layer(&mut cur, &self.back, &step, &layer.good, mul, cancel);
        cancel.check()?;
        self.back = cur;
        self.suffix = here;
        self.types.push((x, layer.good));
        Ok(())
    }
}

/// The moves of layer `j` between the submonoids `prefix = [P_j, P_j+1]`
/// and `suffix = [S_j, S_j+1]`.
fn step(
    layer: &Layer,
    prefix: &[Submonoid],
    suffix: &[Submonoid],
    mul: impl Fn(usize, usize) -> usize,
) -> Step {
    let (p_here, p_next) = (&prefix[0], &prefix[1]);
    let (s_here, s_next) = (&suffix[0], &suffix[1]);
    let l_next = layer
        .powers
        .iter()
        .map(|&em| {
            p_here
                .elems
                .iter()
                .map(|&l| p_next.index[mul(l as usize, em)])
                .collect()
        })
        .collect();
    let l_less = (0..layer.powers.len())
        .map(|m| {
            if m == 0 {
                return vec![];
            }
            p_here
                .elems
                .iter()
                .map(|&l| mul(l as usize, layer.powers[m - 1]) as u32)
                .collect()
        })
        .collect();
    let pre = layer
        .powers
        .iter()
        .map(|&em| {
            let here = |s2: u32| s_here.index[mul(em, s2 as usize)] as usize;
            let mut start = vec![0u32; s_here.len() + 1];
            for &s2 in &s_next.elems {
                start[here(s2) + 1] += 1;
            }
            for s in 0..s_here.len() {
                start[s + 1] += start[s];
            }
            let mut fill = start.clone();
            let mut list = vec![0u32; s_next.len()];
            for (s2i, &s2) in s_next.elems.iter().enumerate() {
                let s = here(s2);
                list[fill[s] as usize] = s2i as u32;
                fill[s] += 1;
            }
            (start, list)
        })
        .collect();
    Step {
        l_next,
        l_less,
        pre,
        s_elems: s_next.elems.clone(),
    }
}

/// Decides the feasible states of a layer from those of the next, the rows
/// (one per place of `L`) on several threads where there are any.
fn fill_layer(
    cur: &mut Bits,
    next: &Bits,
    step: &Step,
    good: &[bool],
    mul: impl Fn(usize, usize) -> usize + Sync,
    cancel: &Cancel,
) {
    let stride = cur.stride;
    let cols = step.pre[0].0.len() - 1;
    // A few hundred rows to a piece: enough work to be worth a thread,
    // and enough pieces to share out evenly.
    let rows_per_piece = (1 << 16) / (cols * step.pre.len()).max(1) + 1;
    let mut pieces: Vec<(usize, &mut [u64])> = cur
        .words
        .chunks_mut(rows_per_piece * stride)
        .enumerate()
        .map(|(i, w)| (i * rows_per_piece, w))
        .collect();
    let fill = |_: usize, piece: &mut (usize, &mut [u64])| {
        let (first, words) = piece;
        if cancel.is_cancelled() {
            // The caller checks the flag after the layer.
            return;
        }
        for (r, row) in words.chunks_mut(stride).enumerate() {
            let li = *first + r;
            for si in 0..cols {
                let mut mask = 0u64;
                'succ: for (m, (start, list)) in step.pre.iter().enumerate() {
                    let l2 = step.l_next[m][li] as usize;
                    for &s2 in &list[start[si] as usize..start[si + 1] as usize] {
                        let nb = next.nibble(l2, s2 as usize);
                        if m == 0 {
                            mask |= nb;
                        } else if good[mul(
                            step.l_less[m][li] as usize,
                            step.s_elems[s2 as usize] as usize,
                        )] {
                            // Any flags lead to (good, non-empty).
                            if nb & 8 != 0 {
                                mask = 0xf;
                            }
                        } else {
                            // (good, ne) leads to (good, non-empty).
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
                row[si / 16] |= mask << (4 * (si % 16));
            }
        }
    };
    if pieces.len() > 1 && parallel::threads() > 1 {
        parallel::for_each_mut(&mut pieces, fill);
    } else {
        for (i, piece) in pieces.iter_mut().enumerate() {
            fill(i, piece);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::learner::{Hyp, Learner};
    use crate::cancel::Cancel;
    use crate::heap::HeapRuleset;

    /// The quotient `prev` for heaps below `n` with heap `n` sent to `x`.
    fn extend(prev: &Hyp, n: u32, x: usize) -> Hyp {
        let order = prev.order();
        let g_old = prev.gens.len();
        let mut delta = vec![];
        for s in 0..order {
            delta.extend_from_slice(&prev.delta[s * g_old..(s + 1) * g_old]);
            delta.push(prev.mul[s * order + x]);
        }
        let mut gens = prev.gens.clone();
        gens.push(n);
        let mut gen_of = prev.gen_of.clone();
        gen_of.resize(n as usize + 1, u32::MAX);
        gen_of[n as usize] = g_old as u32;
        Hyp {
            delta,
            p: prev.p.clone(),
            gens,
            gen_of,
            mul: prev.mul.clone(),
        }
    }

    /// For every heap `n` and every element `x` of the quotient for heaps
    /// below `n`, the front (built once the quotient stops changing, then
    /// one layer longer with each heap) says exactly what the full
    /// verification of heap `n` sent to `x` says.
    #[test]
    fn the_front_agrees_with_the_full_verification() {
        let cancel = Cancel::new();
        let mut checked = (0, 0);
        for (spec, top) in [
            ("0.77", 60),
            ("0.07", 22),
            ("0.137", 20),
            ("0.75", 30),
            ("0.35", 9),
            ("0.6", 14),
            ("4.7", 18),
            ("sub{1,3,4}", 30),
            ("nim", 8),
        ] {
            let game: HeapRuleset = spec.parse().unwrap();
            let mut learner = Learner::new(&game, top, usize::MAX);
            let mut front = None;
            for n in 1..=top {
                if let (Some(prev), true) = (learner.prev.clone(), learner.live[n as usize]) {
                    let prev = &prev;
                    let f = match front.take() {
                        Some(f) => f,
                        None => learner.build_front(prev, &cancel).ok().unwrap(),
                    };
                    let order = prev.order();
                    let good = prev.good_set(&learner.option_classes(prev, n));
                    let mut passed = None;
                    for x in 0..order {
                        let full = learner.verify(&extend(prev, n, x), &cancel).ok().unwrap();
                        assert_eq!(
                            f.fails_with(prev, x, &good),
                            full.is_some(),
                            "{spec}: heap {n} as class {x}"
                        );
                        checked.0 += 1;
                        if full.is_none() {
                            checked.1 += 1;
                            passed = Some(x);
                        }
                    }
                    let hyp = learner.learn(n, 4096, &cancel).ok().unwrap();
                    if let Some(x) = passed {
                        // At most one element verifies, and it is the
                        // quotient's class of heap n.
                        assert_eq!(hyp.order(), order, "{spec}: heap {n}");
                        assert_eq!(hyp.star(0, &[n]) as usize, x);
                        let mut f = f;
                        f.push(prev, x, good, &cancel).ok().unwrap();
                        front = Some(f);
                    }
                    learner.prev = Some(hyp);
                } else {
                    let hyp = learner.learn(n, 4096, &cancel).ok().unwrap();
                    learner.prev = Some(hyp);
                }
            }
        }
        assert!(checked.1 > 50 && checked.0 > 10 * checked.1, "{checked:?}");
    }
}
