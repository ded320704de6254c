//! The learner: candidate quotients, the exhaustive outcome search that
//! answers its questions, and the table of rows it learns from (see the
//! [module docs](super)).

use std::collections::{HashMap, HashSet};

use super::states::Front;
use crate::cancel::{Cancel, Cancelled};
use crate::heap::HeapRuleset;
use crate::parallel;

/// A commutative candidate: states are table rows, `delta[x * g + i]` adds
/// one heap of generator `i` (heap size `gens[i]`).
#[derive(Clone, Debug)]
pub(super) struct Hyp {
    pub(super) delta: Vec<u32>,
    pub(super) p: Vec<bool>,
    pub(super) gens: Vec<u32>,
    /// heap size -> generator index (`u32::MAX` for heaps with no move).
    pub(super) gen_of: Vec<u32>,
    pub(super) mul: Vec<u32>,
}

impl Hyp {
    pub(super) fn trivial() -> Hyp {
        Hyp {
            delta: vec![],
            p: vec![false],
            gens: vec![],
            gen_of: vec![u32::MAX],
            mul: vec![0],
        }
    }

    pub(super) fn order(&self) -> usize {
        self.p.len()
    }

    pub(super) fn step(&self, x: u32, h: u32) -> u32 {
        match self.gen_of.get(h as usize) {
            Some(&g) if g != u32::MAX => self.delta[x as usize * self.gens.len() + g as usize],
            _ => x,
        }
    }

    pub(super) fn star(&self, mut x: u32, heaps: &[u32]) -> u32 {
        for &h in heaps {
            x = self.step(x, h);
        }
        x
    }

    pub(super) fn predict(&self, pos: &[u32]) -> bool {
        self.p[self.star(0, pos) as usize]
    }

    /// The *good set* of a heap whose options have `classes` here: the
    /// elements `y` with `y` times one of them in P, as bits. The
    /// verification sees a heap only through its class and this set.
    pub(super) fn good_set(&self, classes: &[usize]) -> Vec<bool> {
        let n = self.order();
        (0..n)
            .map(|y| {
                let row = &self.mul[y * n..(y + 1) * n];
                classes.iter().any(|&o| self.p[row[o] as usize])
            })
            .collect()
    }

    /// Fills the multiplication table from the generators' action: with
    /// every state `y` reached from the identity as `y = y'·g`, the row of
    /// `x` is `x·y = (x·y')·g`, one lookup per entry.
    pub(super) fn fill_mul(&mut self) {
        let n = self.order();
        let g = self.gens.len();
        // States in the order they are first reached, with the state and
        // generator that reach them.
        let mut seen = vec![false; n];
        seen[0] = true;
        let mut tree: Vec<(u32, u32, u32)> = vec![];
        let mut queue = vec![0u32];
        let mut i = 0;
        while i < queue.len() {
            let x = queue[i] as usize;
            i += 1;
            for t in 0..g {
                let y = self.delta[x * g + t];
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    tree.push((y, x as u32, t as u32));
                    queue.push(y);
                }
            }
        }
        debug_assert_eq!(queue.len(), n, "every state is reached from the identity");
        let mut mul = vec![0u32; n * n];
        // Rows are independent: a few hundred at a time on each thread.
        let rows_per_piece = (1 << 16) / n.max(1) + 1;
        let mut pieces: Vec<(usize, &mut [u32])> = mul
            .chunks_mut(rows_per_piece * n)
            .enumerate()
            .map(|(i, rows)| (i * rows_per_piece, rows))
            .collect();
        let delta = &self.delta;
        parallel::for_each_mut(&mut pieces, |_, (first, rows)| {
            for (r, row) in rows.chunks_mut(n).enumerate() {
                row[0] = (*first + r) as u32;
                for &(y, parent, t) in &tree {
                    row[y as usize] = delta[row[parent as usize] as usize * g + t as usize];
                }
            }
        });
        self.mul = mul;
    }
}

pub(super) enum LearnError {
    Cancelled,
    /// A candidate passed the order bound; with the order the true
    /// quotient is proved to exceed, where one is known.
    Order(Option<usize>),
    Searched,
}

impl From<Cancelled> for LearnError {
    fn from(_: Cancelled) -> LearnError {
        LearnError::Cancelled
    }
}

pub(super) struct Learner {
    /// The options of each heap: lists of live leaves, sorted descending.
    pub(super) opts: Vec<Vec<Vec<u32>>>,
    /// Whether a heap has a move at all (a heap with none is the zero game).
    pub(super) live: Vec<bool>,
    /// Access positions (one per state) and suffixes; positions are sorted
    /// descending.
    pub(super) access: Vec<Vec<u32>>,
    pub(super) suffixes: Vec<Vec<u32>>,
    /// True outcomes (P = true) of positions known so far for this `n`.
    pub(super) memo: HashMap<Vec<u32>, bool>,
    /// Rows of positions, extended as suffixes are added.
    pub(super) rows: HashMap<Vec<u32>, Vec<bool>>,
    /// The verified quotient for heaps below `n`.
    pub(super) prev: Option<Hyp>,
    /// A candidate whose least failure is `.0`: every position before it is
    /// predicted correctly.
    pub(super) cert: Option<(Vec<u32>, Hyp)>,
    pub(super) n: u32,
    pub(super) max_searched: usize,
    /// For each *good set* of the heaps up to `shapes_upto` (the elements
    /// `y` of `prev` with `y` times some option of the heap in `P`, as bits),
    /// the class in `prev` of the heaps with that good set, or `u32::MAX`
    /// where two such heaps have different classes; emptied when the
    /// quotient changes.
    pub(super) shapes: HashMap<Vec<bool>, u32>,
    pub(super) shapes_upto: u32,
    /// The verification's first layer for `prev`, once built; dropped
    /// when the quotient changes.
    pub(super) front: Option<Front>,
    /// What the verifications of conservative extensions have cost since
    /// the quotient last changed, and what a [`Front`] would cost: it is
    /// built once the first reaches the second (so the verifications cost
    /// at most twice what they would without it).
    pub(super) front_rent: usize,
    pub(super) front_price: usize,
}

/// Sorts a position descending and drops heaps with no move.
pub(super) fn normalise(mut pos: Vec<u32>, live: &[bool]) -> Vec<u32> {
    pos.retain(|&h| live[h as usize]);
    pos.sort_unstable_by(|a, b| b.cmp(a));
    pos
}

pub(super) fn join(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    v
}

impl Learner {
    /// The classes in `q` of heap `h`'s options, sorted, each once.
    pub(super) fn option_classes(&self, q: &Hyp, h: u32) -> Vec<usize> {
        let mut classes: Vec<usize> = self.opts[h as usize]
            .iter()
            .map(|leaves| q.star(0, leaves) as usize)
            .collect();
        classes.sort_unstable();
        classes.dedup();
        classes
    }

    pub(super) fn new(ruleset: &HeapRuleset, max_heap: u32, max_searched: usize) -> Learner {
        let mut opts = vec![];
        let mut live = vec![];
        for h in 0..=max_heap {
            let mut list = HashSet::new();
            ruleset.for_each_option(u64::from(h), |leaves| {
                list.insert(
                    leaves
                        .as_slice()
                        .iter()
                        .map(|&x| x as u32)
                        .collect::<Vec<u32>>(),
                );
            });
            live.push(!list.is_empty());
            opts.push(list);
        }
        let opts = opts
            .into_iter()
            .map(|set| {
                let mut v: Vec<Vec<u32>> = set.into_iter().map(|l| normalise(l, &live)).collect();
                v.sort();
                v.dedup();
                v
            })
            .collect();
        Learner {
            opts,
            live,
            access: vec![vec![]],
            suffixes: vec![vec![]],
            memo: HashMap::new(),
            rows: HashMap::new(),
            prev: None,
            cert: None,
            n: 0,
            max_searched,
            shapes: HashMap::new(),
            shapes_upto: 0,
            front: None,
            front_rent: 0,
            front_price: 0,
        }
    }

    /// The answer for a position without searching, if there is one.
    pub(super) fn quick(&self, pos: &[u32]) -> Option<bool> {
        if pos.is_empty() {
            return Some(false);
        }
        if let Some(&v) = self.memo.get(pos) {
            return Some(v);
        }
        if pos[0] < self.n {
            if let Some(prev) = &self.prev {
                return Some(prev.predict(pos));
            }
        }
        if let Some((f, hyp)) = &self.cert {
            if pos < f.as_slice() {
                return Some(hyp.predict(pos));
            }
        }
        None
    }

    pub(super) fn options_of(&self, pos: &[u32]) -> Vec<Vec<u32>> {
        let mut out = vec![];
        for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            for leaves in &self.opts[h as usize] {
                let mut next = Vec::with_capacity(pos.len() + leaves.len());
                next.extend_from_slice(&pos[..i]);
                next.extend_from_slice(&pos[i + 1..]);
                next.extend_from_slice(leaves);
                next.sort_unstable_by(|a, b| b.cmp(a));
                out.push(next);
            }
        }
        out
    }

    /// The true misère outcome (P = true) of a normalised position, by the
    /// definition: P exactly when there are moves and every one reaches an
    /// N-position. The search is iterative; positions the certificate or the
    /// previous quotient answer end it.
    pub(super) fn outcome(&mut self, root: &[u32], cancel: &Cancel) -> Result<bool, LearnError> {
        if let Some(v) = self.quick(root) {
            return Ok(v);
        }
        struct Frame {
            pos: Vec<u32>,
            options: Vec<Vec<u32>>,
            next: usize,
        }
        let mut stack = vec![Frame {
            options: self.options_of(root),
            pos: root.to_vec(),
            next: 0,
        }];
        let mut steps = 0u32;
        // The result of the frame just finished, for its parent.
        let mut finished: Option<bool> = None;
        loop {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) {
                cancel.check()?;
                if self.memo.len() > self.max_searched {
                    return Err(LearnError::Searched);
                }
            }
            let top = stack
                .last_mut()
                .expect("the stack holds the root until it returns");
            let mut result = None;
            if let Some(child_p) = finished.take() {
                if child_p {
                    result = Some(false);
                } else {
                    top.next += 1;
                }
            }
            if result.is_none() {
                while top.next < top.options.len() {
                    match self.quick(&top.options[top.next]) {
                        Some(true) => {
                            result = Some(false);
                            break;
                        }
                        Some(false) => top.next += 1,
                        None => break,
                    }
                }
                if result.is_none() {
                    if top.next == top.options.len() {
                        result = Some(true);
                    } else {
                        let child = top.options[top.next].clone();
                        let options = self.options_of(&child);
                        stack.push(Frame {
                            pos: child,
                            options,
                            next: 0,
                        });
                        continue;
                    }
                }
            }
            let r = result.expect("set above");
            let frame = stack.pop().expect("non-empty");
            self.memo.insert(frame.pos, r);
            if stack.is_empty() {
                return Ok(r);
            }
            finished = Some(r);
        }
    }

    /// The row of a position: its outcome after each suffix.
    pub(super) fn row(&mut self, pos: &[u32], cancel: &Cancel) -> Result<Vec<bool>, LearnError> {
        let mut row = self.rows.remove(pos).unwrap_or_default();
        while row.len() < self.suffixes.len() {
            let q = normalise(join(pos, &self.suffixes[row.len()]), &self.live);
            row.push(self.outcome(&q, cancel)?);
        }
        self.rows.insert(pos.to_vec(), row.clone());
        Ok(row)
    }

    /// Learns and verifies the quotient for heaps up to `n`.
    pub(super) fn learn(
        &mut self,
        n: u32,
        max_order: usize,
        cancel: &Cancel,
    ) -> Result<Hyp, LearnError> {
        // Outcomes and rows are facts about positions and stay; the
        // certificate is superseded by the quotient for heaps below n.
        self.n = n;
        self.cert = None;
        let gens: Vec<u32> = (1..=n).filter(|&h| self.live[h as usize]).collect();
        let mut gen_of = vec![u32::MAX; n as usize + 1];
        for (i, &g) in gens.iter().enumerate() {
            gen_of[g as usize] = i as u32;
        }
        let g = gens.len();
        if let Some(hyp) = self.conservative(n, &gens, &gen_of, cancel)? {
            return Ok(hyp);
        }
        // The quotient changes at heap n: classes get new numbers.
        self.shapes.clear();
        self.shapes_upto = 0;
        self.front = None;
        self.front_rent = 0;
        // MisereSolver's candidates need no search at all; the learner is
        // the fallback when they do not converge.
        if let Some(hyp) = self.recalibrate(n, &gens, &gen_of, max_order, cancel)? {
            return Ok(hyp);
        }
        loop {
            cancel.check()?;
            // Close the table: every access position plus a heap has the
            // row of some access position.
            let mut index: HashMap<Vec<bool>, u32> = HashMap::new();
            let mut access: Vec<Vec<u32>> = vec![];
            for s in std::mem::take(&mut self.access) {
                let r = self.row(&s, cancel)?;
                if let std::collections::hash_map::Entry::Vacant(v) = index.entry(r) {
                    v.insert(access.len() as u32);
                    access.push(s);
                }
            }
            let mut delta = Vec::new();
            let mut i = 0;
            while i < access.len() {
                for &h in &gens {
                    let next = normalise(join(&access[i], &[h]), &self.live);
                    let r = self.row(&next, cancel)?;
                    let len = access.len() as u32;
                    let x = *index.entry(r).or_insert_with(|| {
                        access.push(next);
                        len
                    });
                    delta.push(x);
                }
                i += 1;
                if access.len() > max_order {
                    self.access = access;
                    return Err(LearnError::Order(None));
                }
            }
            let order = access.len();
            let p: Vec<bool> = access.iter().map(|s| self.rows[s][0]).collect();
            self.access = access;
            // Commutativity.
            if let Some((x, a, b)) = find_noncommuting(&delta, order, g) {
                self.separate(x, a, b, &delta, &gens, cancel)?;
                continue;
            }
            let mut hyp = Hyp {
                delta,
                p,
                gens: gens.clone(),
                gen_of: gen_of.clone(),
                mul: vec![],
            };
            hyp.mul = (0..order as u32)
                .flat_map(|x| {
                    let hyp = &hyp;
                    let access = &self.access;
                    (0..order).map(move |y| hyp.star(x, &access[y]))
                })
                .collect();
            match self.verify(&hyp, cancel)? {
                None => return Ok(hyp),
                Some(failure) => self.counterexample(failure, hyp, cancel)?,
            }
        }
    }

    /// Adds a suffix that separates the two positions behind a
    /// non-commuting square `x·a·b ≠ x·b·a`.
    pub(super) fn separate(
        &mut self,
        x: usize,
        a: usize,
        b: usize,
        delta: &[u32],
        gens: &[u32],
        cancel: &Cancel,
    ) -> Result<(), LearnError> {
        let g = gens.len();
        let base = self.access[x].clone();
        let truth = self.row(
            &normalise(join(&base, &[gens[a], gens[b]]), &self.live),
            cancel,
        )?;
        for (p, q) in [(a, b), (b, a)] {
            let y = delta[x * g + p] as usize;
            let via = normalise(join(&self.access[y].clone(), &[gens[q]]), &self.live);
            let r = self.row(&via, cancel)?;
            if let Some(k) = (0..r.len()).find(|&k| r[k] != truth[k]) {
                let suffix = normalise(join(&[gens[q]], &self.suffixes[k].clone()), &self.live);
                self.suffixes.push(suffix);
                return Ok(());
            }
        }
        unreachable!(
            "two different states have different rows, so one of them differs from the true row"
        )
    }

    /// Processes the least local failure `f` of `hyp`: its true outcome is
    /// the opposite of the prediction, and the candidate certifies every
    /// position before it. A Rivest–Schapire split of `f` then gives a new
    /// suffix.
    pub(super) fn counterexample(
        &mut self,
        f: Vec<u32>,
        hyp: Hyp,
        cancel: &Cancel,
    ) -> Result<(), LearnError> {
        let predicted = hyp.predict(&f);
        self.memo.insert(f.clone(), !predicted);
        if self.cert.as_ref().is_none_or(|(c, _)| f > *c) {
            self.cert = Some((f.clone(), hyp.clone()));
        }
        // alpha(i) = o(access(state of f[..i]) + f[i..]): alpha(0) is the
        // truth, alpha(len) the prediction, so they differ somewhere.
        let mut states = vec![0u32];
        for &h in &f {
            let last = *states.last().expect("non-empty");
            states.push(hyp.step(last, h));
        }
        let alpha = |me: &mut Learner, i: usize| -> Result<bool, LearnError> {
            let pos = normalise(
                join(&me.access[states[i] as usize].clone(), &f[i..]),
                &me.live,
            );
            me.outcome(&pos, cancel)
        };
        let (mut lo, mut hi) = (0, f.len());
        let a_lo = alpha(self, lo)?;
        debug_assert_ne!(a_lo, alpha(self, hi)?);
        // Binary search for i with alpha(i) != alpha(i + 1).
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, mid)? == a_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let suffix = f[hi..].to_vec();
        if !self.suffixes.contains(&suffix) {
            self.suffixes.push(suffix);
        } else {
            unreachable!("a suffix already in the table cannot separate states of equal rows")
        }
        Ok(())
    }
}

/// A state and two generators with `x·a·b ≠ x·b·a`, if any.
fn find_noncommuting(delta: &[u32], order: usize, g: usize) -> Option<(usize, usize, usize)> {
    for x in 0..order {
        for a in 0..g {
            let xa = delta[x * g + a] as usize;
            for b in a + 1..g {
                let xb = delta[x * g + b] as usize;
                if delta[xa * g + b] != delta[xb * g + a] {
                    return Some((x, a, b));
                }
            }
        }
    }
    None
}
