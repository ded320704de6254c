//! MisereSolver's candidates (Siegel): the previous quotient extended
//! conservatively, or with heaps set free as cyclic generators over it.

use std::collections::HashMap;

use super::learner::{Hyp, LearnError, Learner};
use crate::cancel::Cancel;

impl Learner {
    /// The quotient for heaps below `n` with heap `n` sent to one of its
    /// elements, if some element passes verification (a conservative
    /// extension: the quotient does not change, and no position needs
    /// searching). At most one element can verify: the previous quotient's
    /// elements are told apart by sums of smaller heaps, and a verified
    /// candidate predicts every sum with heap `n` in it. Its elements are
    /// all reached without heap `n`, so it is the quotient itself.
    pub(super) fn conservative(
        &self,
        n: u32,
        gens: &[u32],
        gen_of: &[u32],
        cancel: &Cancel,
    ) -> Result<Option<Hyp>, LearnError> {
        let Some(prev) = &self.prev else {
            return Ok(None);
        };
        if gens.last() != Some(&n) || prev.gens.len() + 1 != gens.len() {
            return Ok(None);
        }
        let order = prev.order();
        let (g_old, g) = (prev.gens.len(), gens.len());
        // Heap n alone: P exactly when every option (a sum of smaller
        // heaps, which the previous quotient answers) is N.
        let heap_p = self.opts[n as usize]
            .iter()
            .all(|leaves| !prev.predict(leaves));
        // A quick necessary condition first: no local failure at a sum of
        // heap n and one representative sum of each element.
        let mut words: Vec<Option<Vec<u32>>> = vec![None; order];
        words[0] = Some(vec![]);
        let mut queue = std::collections::VecDeque::from([0usize]);
        while let Some(y) = queue.pop_front() {
            for (t, &h) in prev.gens.iter().enumerate() {
                let z = prev.delta[y * g_old + t] as usize;
                if words[z].is_none() {
                    let mut w = words[y].clone().expect("queued states have words");
                    w.push(h);
                    words[z] = Some(w);
                    queue.push_back(z);
                }
            }
        }
        let heap_opts: Vec<u32> = self.opts[n as usize]
            .iter()
            .map(|leaves| prev.star(0, leaves))
            .collect();
        // Per element y: whether y times an option of heap n is in P, and
        // the classes of the options of y's word.
        let checks: Vec<(usize, bool, Vec<usize>)> = words
            .iter()
            .enumerate()
            .filter_map(|(y, w)| w.as_ref().map(|w| (y, w)))
            .map(|(y, w)| {
                let direct = heap_opts
                    .iter()
                    .any(|&o| prev.p[prev.mul[y * order + o as usize] as usize]);
                let mut others = vec![];
                for i in 0..w.len() {
                    let mut rest = w.clone();
                    rest.remove(i);
                    let r = prev.star(0, &rest);
                    for leaves in &self.opts[w[i] as usize] {
                        others.push(prev.star(r, leaves) as usize);
                    }
                }
                others.sort_unstable();
                others.dedup();
                (y, direct, others)
            })
            .collect();
        for x in (0..order).filter(|&x| prev.p[x] == heap_p) {
            cancel.check()?;
            let locally_fine = checks.iter().all(|(y, direct, others)| {
                let any_p = *direct
                    || others
                        .iter()
                        .any(|&b| prev.p[prev.mul[b * order + x] as usize]);
                prev.p[prev.mul[y * order + x] as usize] != any_p
            });
            if !locally_fine {
                continue;
            }
            let mut delta = Vec::with_capacity(order * g);
            for s in 0..order {
                delta.extend_from_slice(&prev.delta[s * g_old..(s + 1) * g_old]);
                delta.push(prev.mul[s * order + x]);
            }
            let hyp = Hyp {
                delta,
                p: prev.p.clone(),
                gens: gens.to_vec(),
                gen_of: gen_of.to_vec(),
                mul: prev.mul.clone(),
            };
            if self.verify(&hyp, cancel)?.is_none() {
                return Ok(Some(hyp));
            }
        }
        Ok(None)
    }

    /// A reduced candidate built from `base` times cyclic monoids: the
    /// generators in `free` (generator index, index, period) are each sent
    /// to the generator of their own cyclic monoid `x^(index + period) =
    /// x^index`, every other generator to its element of `base`. Each
    /// element takes the outcome of its lexicographically least sum by the
    /// mex rule over that sum's options (which come before it, so their
    /// elements are decided first); elements that no sum of heaps tells
    /// apart are then merged (Moore's refinement). `None` when the product
    /// or the result is too large; the caller verifies what it gets.
    pub(super) fn trial(
        &self,
        base: &Hyp,
        gens: &[u32],
        gen_of: &[u32],
        free: &[(usize, usize, usize)],
        max_order: usize,
    ) -> Option<Hyp> {
        let q = base.order();
        let sizes: Vec<usize> = free.iter().map(|&(_, i, p)| i + p).collect();
        let c: usize = sizes.iter().product();
        let m = q.checked_mul(c)?;
        if m > 64 * max_order.max(1024) {
            return None;
        }
        let mul_m = |a: usize, b: usize| -> usize {
            let (mut ra, mut rb) = (a % c, b % c);
            let mut r = 0;
            let mut scale = 1;
            for (j, &(_, index, period)) in free.iter().enumerate() {
                let k = ra % sizes[j] + rb % sizes[j];
                ra /= sizes[j];
                rb /= sizes[j];
                let k = if k < sizes[j] {
                    k
                } else {
                    index + (k - index) % period
                };
                r += k * scale;
                scale *= sizes[j];
            }
            base.mul[(a / c) * q + b / c] as usize * c + r
        };
        let g = gens.len();
        let pre: Vec<usize> = (0..g)
            .map(|t| {
                let mut scale = 1;
                for (j, &(ft, _, _)) in free.iter().enumerate() {
                    if ft == t {
                        return scale;
                    }
                    scale *= sizes[j];
                }
                base.star(0, &[gens[t]]) as usize * c
            })
            .collect();
        let elem_of = |leaves: &[u32]| -> usize {
            leaves.iter().fold(0, |x, &h| match gen_of[h as usize] {
                u32::MAX => x,
                t => mul_m(x, pre[t as usize]),
            })
        };
        // Least sums: counts per generator, largest heap first, so that the
        // vectors compare in the order of sums.
        let mut best: HashMap<usize, Vec<u32>> = HashMap::from([(0, vec![0; g])]);
        for (t, &gen_elem) in pre.iter().enumerate() {
            let slot = g - 1 - t;
            let mut next: HashMap<usize, (usize, Vec<u32>)> = HashMap::new();
            let mut power = 0usize;
            let mut seen = vec![power];
            for k in 0.. {
                for (&e0, w0) in &best {
                    let e = mul_m(e0, power);
                    let mut w = w0.clone();
                    w[slot] = k as u32;
                    match next.get_mut(&e) {
                        None => {
                            next.insert(e, (k, w));
                        }
                        Some((k2, w2)) if *k2 == k && w < *w2 => *w2 = w,
                        Some(_) => {}
                    }
                }
                power = mul_m(power, gen_elem);
                if seen.contains(&power) {
                    break;
                }
                seen.push(power);
            }
            best = next.into_iter().map(|(e, (_, w))| (e, w)).collect();
        }
        let mut order: Vec<(Vec<u32>, usize)> = best.into_iter().map(|(e, w)| (w, e)).collect();
        order.sort_unstable();
        let mut p: HashMap<usize, bool> = HashMap::with_capacity(order.len());
        for (w, e) in &order {
            if *e == 0 {
                p.insert(0, false);
                continue;
            }
            let mut any_p = false;
            'sum: for slot in (0..g).filter(|&s| w[s] > 0) {
                let t = g - 1 - slot;
                let mut rest_w = w.clone();
                rest_w[slot] -= 1;
                let rest = (0..g).fold(0, |x, s| {
                    (0..rest_w[s]).fold(x, |x, _| mul_m(x, pre[g - 1 - s]))
                });
                for leaves in &self.opts[gens[t] as usize] {
                    // Every option comes before the sum, so is decided.
                    if *p.get(&mul_m(rest, elem_of(leaves)))? {
                        any_p = true;
                        break 'sum;
                    }
                }
            }
            p.insert(*e, !any_p);
        }
        // Moore's refinement of the reachable elements.
        let reach: Vec<usize> = order.iter().map(|&(_, e)| e).collect();
        let mut class: HashMap<usize, usize> =
            reach.iter().map(|&e| (e, usize::from(p[&e]))).collect();
        let mut count = 0;
        loop {
            let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
            let mut new_class = HashMap::with_capacity(reach.len());
            for &e in &reach {
                let mut sig = Vec::with_capacity(g + 1);
                sig.push(class[&e]);
                sig.extend(pre.iter().map(|&x| class[&mul_m(e, x)]));
                let len = ids.len();
                new_class.insert(e, *ids.entry(sig).or_insert(len));
            }
            let new_count = ids.len();
            class = new_class;
            if new_count == count {
                break;
            }
            count = new_count;
            if count > max_order {
                return None;
            }
        }
        // Classes numbered by their least sums (the identity first).
        let mut rep = vec![];
        let mut id = vec![usize::MAX; count];
        for &e in &reach {
            if id[class[&e]] == usize::MAX {
                id[class[&e]] = rep.len();
                rep.push(e);
            }
        }
        let state = |e: usize| id[class[&e]] as u32;
        let delta = rep
            .iter()
            .flat_map(|&e| pre.iter().map(move |&x| (e, x)))
            .map(|(e, x)| state(mul_m(e, x)))
            .collect();
        let mul = rep
            .iter()
            .flat_map(|&a| rep.iter().map(move |&b| (a, b)))
            .map(|(a, b)| state(mul_m(a, b)))
            .collect();
        Some(Hyp {
            delta,
            p: rep.iter().map(|e| p[e]).collect(),
            gens: gens.to_vec(),
            gen_of: gen_of.to_vec(),
            mul,
        })
    }

    /// MisereSolver's search for the quotient at a heap where it changes:
    /// heap `n` as a new cyclic generator over the previous quotient, then,
    /// while the least failure `F` stands, the heaps of `F` (one, then two,
    /// then three of them) are set free as cyclic generators over the
    /// submonoid of the rest, with an index past their count in `F`, until
    /// a candidate predicts `F` correctly. Each accepted step moves the
    /// least failure strictly later; the caller verifies the result.
    pub(super) fn recalibrate(
        &self,
        n: u32,
        gens: &[u32],
        gen_of: &[u32],
        max_order: usize,
        cancel: &Cancel,
    ) -> Result<Option<Hyp>, LearnError> {
        let Some(prev) = &self.prev else {
            return Ok(None);
        };
        let g = gens.len();
        if gens.last() != Some(&n) {
            return Ok(None);
        }
        let candidates = max_order.saturating_mul(4);
        let Some(mut hyp) = self.trial(prev, gens, gen_of, &[(g - 1, 2, 2)], candidates) else {
            return Ok(None);
        };
        for _round in 0..256 {
            let Some(f) = self.verify(&hyp, cancel)? else {
                if hyp.order() > max_order {
                    return Err(LearnError::Order);
                }
                return Ok(Some(hyp));
            };
            let wrong = hyp.predict(&f);
            let mut counts: Vec<(usize, usize)> = vec![];
            for &h in &f {
                let t = gen_of[h as usize] as usize;
                match counts.iter_mut().find(|(t2, _)| *t2 == t) {
                    Some((_, k)) => *k += 1,
                    None => counts.push((t, 1)),
                }
            }
            // The index of a generator's element in the candidate.
            let index_of = |t: usize| -> usize {
                let e = hyp.star(0, &[gens[t]]);
                let mut powers = vec![0u32];
                loop {
                    let next = hyp.mul
                        [*powers.last().expect("non-empty") as usize * hyp.order() + e as usize];
                    if let Some(i) = powers.iter().position(|&x| x == next) {
                        return i;
                    }
                    powers.push(next);
                }
            };
            let mut found = None;
            'sizes: for size in 1..=counts.len().min(3) {
                for subset in subsets(counts.len(), size) {
                    cancel.check()?;
                    let free: Vec<(usize, usize, usize)> = subset
                        .iter()
                        .map(|&j| {
                            let (t, k) = counts[j];
                            let index = index_of(t).max(k.saturating_sub(1)).max(2);
                            let period = 2 * (index.saturating_sub(4) / 2).max(1);
                            (t, index, period)
                        })
                        .collect();
                    if let Some(next) = self.trial(&hyp, gens, gen_of, &free, candidates) {
                        if next.predict(&f) != wrong {
                            found = Some(next);
                            break 'sizes;
                        }
                    }
                }
            }
            match found {
                Some(next) => hyp = next,
                None => return Ok(None),
            }
        }
        Ok(None)
    }
}

/// The subsets of `0..len` with `size` members, in lexicographic order.
fn subsets(len: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = vec![];
    let mut cur: Vec<usize> = (0..size).collect();
    if size > len {
        return out;
    }
    loop {
        out.push(cur.clone());
        let Some(i) = (0..size).rev().find(|&i| cur[i] < len - size + i) else {
            return out;
        };
        cur[i] += 1;
        for j in i + 1..size {
            cur[j] = cur[j - 1] + 1;
        }
    }
}
