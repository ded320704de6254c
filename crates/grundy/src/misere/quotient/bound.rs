//! A proved lower bound on the order of a quotient that the search could
//! not finish, from a candidate and its least failure.
//!
//! Every sum before the least failure `F` of a candidate is predicted
//! correctly (see the [module docs](super)). Let `h` be the largest heap
//! of `F` and `k` its count there: every sum of heaps up to `h` with fewer
//! than `k` heaps `h` comes before `F`. Two such sums `A` and `B`, with
//! `A + X` and `B + X` still below `k` heaps `h`, whose predicted outcomes
//! differ are distinguishable in truth, so they lie in different classes of
//! the true quotient. Taking `A`, `B` with at most `m` heaps `h` and `X` with
//! at most `k - 1 - m`, the number of distinct rows `(o(A + X))_X` is a
//! lower bound on the true order, whatever the candidate's own order.

use std::collections::HashSet;

use super::learner::{Hyp, Learner};

impl Learner {
    /// The most classes of the quotient for heaps up to `failure`'s largest
    /// heap that `hyp` proves distinct below its least failure `failure`
    /// (see the module docs), with the `m` that gives it.
    ///
    /// # Complexity
    /// `O(k · |Q|²)` products for a candidate of order `|Q|` whose failure
    /// has `k` heaps of its largest size.
    pub(super) fn lower_bound(&self, hyp: &Hyp, failure: &[u32]) -> (usize, usize) {
        let Some(&h) = failure.first() else {
            return (1, 0);
        };
        let k = failure.iter().filter(|&&x| x == h).count();
        let n = hyp.order();
        let mul = |x: usize, y: usize| hyp.mul[x * n + y] as usize;
        // The submonoid of the heaps below h, then times z^i for i < k.
        let mut inside = vec![false; n];
        inside[0] = true;
        let mut base = vec![0usize];
        let mut i = 0;
        while i < base.len() {
            for hh in 1..h {
                if self.live[hh as usize] {
                    let y = mul(base[i], hyp.star(0, &[hh]) as usize);
                    if !inside[y] {
                        inside[y] = true;
                        base.push(y);
                    }
                }
            }
            i += 1;
        }
        let z = hyp.star(0, &[h]) as usize;
        // up_to[i]: the elements of sums with at most i heaps h.
        let mut up_to: Vec<Vec<usize>> = vec![base.clone()];
        let mut seen = inside;
        let mut layer = base;
        for _ in 1..k {
            layer = layer.iter().map(|&x| mul(x, z)).collect();
            let mut all = up_to.last().expect("non-empty").clone();
            for &x in &layer {
                if !seen[x] {
                    seen[x] = true;
                    all.push(x);
                }
            }
            up_to.push(all);
        }
        let mut best = (0, 0);
        for m in 0..k {
            let tests = &up_to[k - 1 - m];
            let rows: HashSet<Vec<u64>> = up_to[m]
                .iter()
                .map(|&a| {
                    let mut row = vec![0u64; tests.len().div_ceil(64)];
                    for (j, &x) in tests.iter().enumerate() {
                        if hyp.p[mul(a, x)] {
                            row[j / 64] |= 1 << (j % 64);
                        }
                    }
                    row
                })
                .collect();
            if rows.len() > best.0 {
                best = (rows.len(), m);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::learner::Learner;
    use crate::cancel::Cancel;
    use crate::heap::HeapRuleset;

    /// Learns the quotient heap by heap up to `n - 1`, then follows the
    /// candidates at heap `n` as far as `max_order` lets them go, printing
    /// each least failure and the lower bound it proves. Returns the bounds
    /// and the order of the quotient if a candidate verified.
    fn bound_at(spec: &str, n: u32, max_order: usize) -> (Vec<usize>, Option<usize>) {
        let game: HeapRuleset = spec.parse().unwrap();
        let cancel = Cancel::new();
        let mut learner = Learner::new(&game, n, usize::MAX);
        for h in 1..n {
            let hyp = learner.learn(h, max_order, &cancel).ok().unwrap();
            learner.prev = Some(hyp);
        }
        learner.n = n;
        let gens: Vec<u32> = (1..=n).filter(|&h| learner.live[h as usize]).collect();
        let mut gen_of = vec![u32::MAX; n as usize + 1];
        for (i, &g) in gens.iter().enumerate() {
            gen_of[g as usize] = i as u32;
        }
        let candidates = max_order * 4;
        let mut hyp = learner
            .first_candidate(n, &gens, &gen_of, candidates)
            .unwrap();
        let mut bounds = vec![];
        for round in 0.. {
            let Some(f) = learner.verify(&hyp, &cancel).ok().unwrap() else {
                println!("{spec} heap {n}: verified, order {}", hyp.order());
                return (bounds, Some(hyp.order()));
            };
            let (bound, m) = learner.lower_bound(&hyp, &f);
            bounds.push(bound);
            println!(
                "{spec} heap {n} round {round}: candidate of order {}, least failure {f:?}, proves at least {bound} classes (m = {m})",
                hyp.order()
            );
            match learner
                .next_candidate(&hyp, &f, &gens, &gen_of, candidates, &cancel)
                .ok()
                .unwrap()
            {
                Some(next) => hyp = next,
                None => break,
            }
        }
        println!(
            "{spec} heap {n}: at least {} classes",
            bounds.iter().max().unwrap_or(&0)
        );
        (bounds, None)
    }

    #[test]
    fn bounds_on_the_way_to_a_quotient_are_at_most_its_order() {
        // Dawson's Kayles at heaps 25, 30 and 33 (orders 144, 360 and 638,
        // as published): every bound proved by a candidate on the way is
        // at most the true order.
        for (n, order) in [(25, 144), (30, 360), (33, 638)] {
            let (bounds, verified) = bound_at("0.07", n, 1024);
            assert_eq!(verified, Some(order));
            assert!(!bounds.is_empty());
            assert!(bounds.iter().all(|&b| b <= order), "{n}: {bounds:?}");
        }
    }

    /// Dawson's Kayles at heap 34: `cargo test -p grundy --lib dawson_34 --
    /// --ignored --nocapture`. With candidates of up to 16384 elements (the
    /// default here) it proves at least 4298 classes in about 40 s of CPU
    /// and 2 GB; `GRUNDY_BOUND_ORDER=8192` lets them grow to 32768 and
    /// proves 6026 in about 170 s and 6.5 GB. From the tenth heap 34 on,
    /// each one more that the candidates cover proves 432 more classes.
    #[test]
    #[ignore]
    fn dawson_34() {
        let max_order = std::env::var("GRUNDY_BOUND_ORDER")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(4096);
        let (bounds, verified) = bound_at("0.07", 34, max_order);
        assert_eq!(verified, None);
        assert!(bounds.iter().any(|&b| b > 1024), "{bounds:?}");
    }
}
