//! MisereSolver's candidates (Siegel): the previous quotient extended
//! conservatively, or with heaps set free as cyclic generators over it.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::learner::{Hyp, LearnError, Learner};
use crate::cancel::Cancel;
use crate::game::PositionHasher;
use crate::parallel;

impl Learner {
    /// The quotient for heaps below `n` with heap `n` sent to one of its
    /// elements, if some element passes verification (a conservative
    /// extension: the quotient does not change, and no position needs
    /// searching). At most one element can verify: the previous quotient's
    /// elements are told apart by sums of smaller heaps, and a verified
    /// candidate predicts every sum with heap `n` in it. Its elements are
    /// all reached without heap `n`, so it is the quotient itself.
    ///
    /// Where a smaller heap has the same *good set* as heap `n` (the
    /// elements `y` with `y` times some option of the heap in `P`), heap
    /// `n` takes that heap's class `x` with no search: the verification
    /// sees a heap only through its class and its good set (`verify.rs`,
    /// `Layer`), so with heap `n` sent to `x` it searches the same heap
    /// types as for the previous quotient, which has no local failure.
    /// (Two heaps whose options have the same classes have the same good
    /// set.) Where smaller heaps of different classes share that good set,
    /// the candidates are tried as below.
    pub(super) fn conservative(
        &mut self,
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
        let extend = |x: usize| {
            let mut delta = Vec::with_capacity(order * g);
            for s in 0..order {
                delta.extend_from_slice(&prev.delta[s * g_old..(s + 1) * g_old]);
                delta.push(prev.mul[s * order + x]);
            }
            Hyp {
                delta,
                p: prev.p.clone(),
                gens: gens.to_vec(),
                gen_of: gen_of.to_vec(),
                mul: prev.mul.clone(),
            }
        };
        let remember = |shapes: &mut HashMap<Vec<bool>, u32>, good: Vec<bool>, x: u32| {
            let class = shapes.entry(good).or_insert(x);
            if *class != x {
                *class = u32::MAX;
            }
        };
        if self.shapes_upto + 1 != n {
            self.front = None;
            self.front_rent = 0;
            self.shapes.clear();
            for &h in &prev.gens {
                let good = prev.good_set(&self.option_classes(prev, h));
                remember(&mut self.shapes, good, prev.star(0, &[h]));
            }
        }
        self.shapes_upto = n - 1;
        let heap_good = prev.good_set(&self.option_classes(prev, n));
        if let Some(&x) = self.shapes.get(&heap_good) {
            if x != u32::MAX {
                self.shapes_upto = n;
                return Ok(Some(extend(x as usize)));
            }
        }
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
        if self.front.is_none() && self.front_price > 0 && self.front_rent >= self.front_price {
            let front = self.build_front(prev, cancel)?;
            self.front = Some(front);
        }
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
            let hyp = extend(x);
            let fails = match &self.front {
                Some(front) => {
                    let fails = front.fails_with(prev, x, &heap_good);
                    #[cfg(debug_assertions)]
                    if let Ok(failure) = self.verify(&hyp, cancel) {
                        assert_eq!(fails, failure.is_some(), "the front at heap {n}, class {x}");
                    }
                    fails
                }
                None => {
                    let (failure, cost) = self.verify_costed(&hyp, cancel)?;
                    self.front_rent += cost.verify;
                    self.front_price = cost.front;
                    failure.is_some()
                }
            };
            if !fails {
                if let Some(front) = &mut self.front {
                    front.push(prev, x, heap_good.clone(), cancel)?;
                }
                remember(&mut self.shapes, heap_good, x as u32);
                self.shapes_upto = n;
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
    /// or the result is too large; the caller verifies what it gets, after
    /// [`Hyp::fill_mul`].
    pub(super) fn trial(
        &self,
        base: &Hyp,
        gens: &[u32],
        gen_of: &[u32],
        free: &[(usize, usize, usize)],
        max_order: usize,
    ) -> Option<Hyp> {
        let q = base.order();
        let product = Product::new(base, free);
        if q.checked_mul(product.c)? > 64 * max_order.max(1024) {
            return None;
        }
        let g = gens.len();
        let pre: Vec<usize> = (0..g)
            .map(|t| match free.iter().position(|&(ft, _, _)| ft == t) {
                Some(j) => product.unit(j),
                None => product.lift(base.star(0, &[gens[t]]) as usize),
            })
            .collect();
        let size = q << product.bits;
        let least = least_sums(&product, &pre, size);
        let reach = &least.elems;
        // The elements each option of each generator leads to.
        let opt_elems: Vec<Vec<usize>> = gens
            .iter()
            .map(|&h| {
                let mut v: Vec<usize> = self.opts[h as usize]
                    .iter()
                    .map(|leaves| {
                        leaves.iter().fold(0, |x, &h| match gen_of[h as usize] {
                            u32::MAX => x,
                            t => product.mul(x, pre[t as usize]),
                        })
                    })
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        // Outcomes, in the order of least sums: 0 N, 1 P, 2 not yet known.
        let mut p = vec![2u8; size];
        let mut counts = vec![0u32; g];
        let mut support: Vec<usize> = Vec::with_capacity(g);
        let mut prefix: Vec<usize> = Vec::with_capacity(g + 1);
        for (i, &e) in reach.iter().enumerate() {
            if e == 0 {
                p[0] = 0;
                continue;
            }
            least.word(i, &mut counts);
            support.clear();
            support.extend((0..g).filter(|&t| counts[t] > 0));
            // The class of the sum less one heap of each generator in it:
            // prefix and suffix products over the support.
            prefix.clear();
            prefix.push(0);
            for &t in &support {
                let last = *prefix.last().expect("non-empty");
                prefix.push(product.mul(last, least.power(t, counts[t] as usize)));
            }
            let mut suffix = 0;
            let mut any_p = false;
            for (i, &t) in support.iter().enumerate().rev() {
                let others = product.mul(prefix[i], suffix);
                let rest = product.mul(others, least.power(t, counts[t] as usize - 1));
                for &o in &opt_elems[t] {
                    // Every option comes before the sum, so is decided.
                    match p[product.mul(rest, o)] {
                        1 => {
                            any_p = true;
                            break;
                        }
                        0 => {}
                        _ => return None,
                    }
                }
                if any_p {
                    break;
                }
                suffix = product.mul(suffix, least.power(t, counts[t] as usize));
            }
            p[e] = u8::from(!any_p);
        }
        // Moore's refinement of the reachable elements, on their places in
        // `reach`.
        let mut place = vec![u32::MAX; size];
        for (i, &e) in reach.iter().enumerate() {
            place[e] = i as u32;
        }
        let next: Vec<u32> = reach
            .iter()
            .flat_map(|&e| pre.iter().map(move |&x| (e, x)))
            .map(|(e, x)| place[product.mul(e, x)])
            .collect();
        let mut class: Vec<u32> = reach.iter().map(|&e| u32::from(p[e])).collect();
        let mut count = 0;
        let mut sig = vec![0u32; g + 1];
        loop {
            let mut ids: HashMap<Vec<u32>, u32, BuildHasherDefault<PositionHasher>> =
                HashMap::with_capacity_and_hasher(count.max(2), Default::default());
            let mut new_class = Vec::with_capacity(reach.len());
            for i in 0..reach.len() {
                sig[0] = class[i];
                for t in 0..g {
                    sig[t + 1] = class[next[i * g + t] as usize];
                }
                let len = ids.len() as u32;
                let id = match ids.get(&sig) {
                    Some(&id) => id,
                    None => {
                        ids.insert(sig.clone(), len);
                        len
                    }
                };
                new_class.push(id);
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
        let mut id = vec![u32::MAX; count];
        for (i, &c) in class.iter().enumerate() {
            if id[c as usize] == u32::MAX {
                id[c as usize] = rep.len() as u32;
                rep.push(i);
            }
        }
        let state = |i: usize| id[class[i] as usize];
        let next = &next;
        let delta = rep
            .iter()
            .flat_map(|&i| (0..g).map(move |t| next[i * g + t] as usize))
            .map(state)
            .collect();
        Some(Hyp {
            delta,
            p: rep.iter().map(|&i| p[reach[i]] == 1).collect(),
            gens: gens.to_vec(),
            gen_of: gen_of.to_vec(),
            // Most candidates are dropped unverified: the caller fills the
            // table of those it keeps.
            mul: vec![],
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
        let candidates = max_order.saturating_mul(4);
        let Some(mut hyp) = self.first_candidate(n, gens, gen_of, candidates) else {
            return Ok(None);
        };
        for _round in 0..256 {
            let Some(f) = self.verify(&hyp, cancel)? else {
                if hyp.order() > max_order {
                    return Err(LearnError::Order(None));
                }
                return Ok(Some(hyp));
            };
            match self.next_candidate(&hyp, &f, gens, gen_of, candidates, cancel)? {
                Some(next) => hyp = next,
                None => {
                    // Where the candidates proved the quotient larger than
                    // the bound, the learner could not finish either.
                    let (bound, _) = self.lower_bound(&hyp, &f);
                    if bound > max_order {
                        return Err(LearnError::Order(Some(bound)));
                    }
                    return Ok(None);
                }
            }
        }
        Ok(None)
    }

    /// The first candidate where the quotient changes at heap `n`: heap `n`
    /// as a new generator `x^4 = x^2` over the previous quotient.
    pub(super) fn first_candidate(
        &self,
        n: u32,
        gens: &[u32],
        gen_of: &[u32],
        candidates: usize,
    ) -> Option<Hyp> {
        let prev = self.prev.as_ref()?;
        if gens.last() != Some(&n) {
            return None;
        }
        let mut hyp = self.trial(prev, gens, gen_of, &[(gens.len() - 1, 2, 2)], candidates)?;
        hyp.fill_mul();
        Some(hyp)
    }

    /// The candidate that replaces `hyp`, whose least failure is `f`: the
    /// first, in the order of the subsets of `f`'s heaps, that predicts `f`
    /// correctly (with its multiplication table), or `None`. With several
    /// threads, that many subsets are tried at once.
    pub(super) fn next_candidate(
        &self,
        hyp: &Hyp,
        f: &[u32],
        gens: &[u32],
        gen_of: &[u32],
        candidates: usize,
        cancel: &Cancel,
    ) -> Result<Option<Hyp>, LearnError> {
        let wrong = hyp.predict(f);
        let mut counts: Vec<(usize, usize)> = vec![];
        for &h in f {
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
                let next =
                    hyp.mul[*powers.last().expect("non-empty") as usize * hyp.order() + e as usize];
                if let Some(i) = powers.iter().position(|&x| x == next) {
                    return i;
                }
                powers.push(next);
            }
        };
        let frees: Vec<Vec<Free>> = (1..=counts.len().min(3))
            .flat_map(|size| subsets(counts.len(), size))
            .map(|subset| {
                subset
                    .iter()
                    .map(|&j| {
                        let (t, k) = counts[j];
                        let index = index_of(t).max(k.saturating_sub(1)).max(2);
                        let period = 2 * (index.saturating_sub(4) / 2).max(1);
                        (t, index, period)
                    })
                    .collect()
            })
            .collect();
        let batch = parallel::threads();
        for group in frees.chunks(batch) {
            cancel.check()?;
            let mut tries: Vec<(&[Free], Option<Hyp>)> =
                group.iter().map(|free| (free.as_slice(), None)).collect();
            let attempt = |_: usize, (free, out): &mut (&[Free], Option<Hyp>)| {
                *out = self
                    .trial(hyp, gens, gen_of, free, candidates)
                    .filter(|next| next.predict(f) != wrong);
            };
            if tries.len() > 1 {
                parallel::for_each_mut(&mut tries, attempt);
            } else {
                tries
                    .iter_mut()
                    .enumerate()
                    .for_each(|(i, t)| attempt(i, t));
            }
            if let Some(mut next) = tries.into_iter().find_map(|(_, next)| next) {
                next.fill_mul();
                return Ok(Some(next));
            }
        }
        Ok(None)
    }
}

/// A generator set free as a cyclic generator: (generator index, index,
/// period).
type Free = (usize, usize, usize);

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

/// `base` times cyclic monoids `x^(index + period) = x^index`: an element
/// is a base element shifted left by `bits`, beside the exponents of the
/// cyclic parts in mixed radix.
struct Product<'a> {
    base: &'a Hyp,
    /// The number of exponent vectors, `∏ (index + period)`.
    c: usize,
    bits: u32,
    /// `cyclic[r1 * c + r2]`: the product of two exponent vectors.
    cyclic: Vec<u32>,
    /// The radix of each cyclic part.
    scales: Vec<usize>,
}

impl Product<'_> {
    fn new<'a>(base: &'a Hyp, free: &[(usize, usize, usize)]) -> Product<'a> {
        let sizes: Vec<usize> = free.iter().map(|&(_, i, p)| i + p).collect();
        let c: usize = sizes.iter().product();
        let mut scales = Vec::with_capacity(sizes.len());
        let mut scale = 1;
        for &s in &sizes {
            scales.push(scale);
            scale *= s;
        }
        let cyclic = (0..c * c)
            .map(|i| {
                let (mut ra, mut rb) = (i / c, i % c);
                let mut r = 0;
                for (j, &(_, index, period)) in free.iter().enumerate() {
                    let k = ra % sizes[j] + rb % sizes[j];
                    ra /= sizes[j];
                    rb /= sizes[j];
                    let k = if k < sizes[j] {
                        k
                    } else {
                        index + (k - index) % period
                    };
                    r += k * scales[j];
                }
                r as u32
            })
            .collect();
        Product {
            base,
            c,
            bits: usize::BITS - (c - 1).leading_zeros(),
            cyclic,
            scales,
        }
    }

    fn mul(&self, a: usize, b: usize) -> usize {
        let mask = (1 << self.bits) - 1;
        let q = self.base.order();
        let x = self.base.mul[(a >> self.bits) * q + (b >> self.bits)] as usize;
        (x << self.bits) | self.cyclic[(a & mask) * self.c + (b & mask)] as usize
    }

    /// The generator of cyclic part `j`.
    fn unit(&self, j: usize) -> usize {
        self.scales[j]
    }

    /// A base element, with every cyclic exponent zero.
    fn lift(&self, x: usize) -> usize {
        x << self.bits
    }
}

/// The reachable elements of a product, each with its lexicographically
/// least sum of generators (counts compared from the last generator, the
/// largest heap, down).
struct LeastSums {
    /// The reachable elements in the order of their least sums.
    elems: Vec<usize>,
    /// `layers[t][i] = (count, parent)`: after generators `0..=t`, the
    /// `i`-th element (in the order of least sums over those generators)
    /// has `count` heaps of generator `t` and the rest of its sum is that
    /// of element `parent` of layer `t - 1`.
    layers: Vec<Vec<(u32, u32)>>,
    /// The powers of each generator's element, up to where they cycle.
    powers: Vec<Vec<usize>>,
}

impl LeastSums {
    /// The counts of the least sum of `elems[i]`, one per generator.
    fn word(&self, i: usize, counts: &mut [u32]) {
        let mut at = i as u32;
        for t in (0..self.layers.len()).rev() {
            let (k, parent) = self.layers[t][at as usize];
            counts[t] = k;
            at = parent;
        }
    }

    /// Generator `t`'s element to the power `k` (a count of a least sum).
    fn power(&self, t: usize, k: usize) -> usize {
        self.powers[t][k]
    }
}

/// The least sums of every reachable element of `product`, generator by
/// generator from the smallest heap: with the elements over generators
/// `0..t` in the order of their least sums, those over `0..=t` are first
/// reached with the fewest heaps of generator `t`, and among equal counts
/// from the earliest element before, so taking each element the first time
/// it is reached keeps them in order with no comparisons.
fn least_sums(product: &Product<'_>, pre: &[usize], size: usize) -> LeastSums {
    let mut elems = vec![0usize];
    let mut layers = Vec::with_capacity(pre.len());
    let mut powers = Vec::with_capacity(pre.len());
    let mut stamp = vec![u32::MAX; size];
    for (t, &x) in pre.iter().enumerate() {
        let mut cycle = vec![0usize];
        loop {
            let next = product.mul(*cycle.last().expect("non-empty"), x);
            if cycle.contains(&next) {
                break;
            }
            cycle.push(next);
        }
        let mut next_elems = Vec::with_capacity(elems.len());
        let mut layer = Vec::with_capacity(elems.len());
        for (k, &xk) in cycle.iter().enumerate() {
            for (i, &e0) in elems.iter().enumerate() {
                let e = product.mul(e0, xk);
                if stamp[e] != t as u32 {
                    stamp[e] = t as u32;
                    next_elems.push(e);
                    layer.push((k as u32, i as u32));
                }
            }
        }
        elems = next_elems;
        layers.push(layer);
        powers.push(cycle);
    }
    LeastSums {
        elems,
        layers,
        powers,
    }
}
