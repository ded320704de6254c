//! The presentation of a verified quotient: its generators, the names of
//! its elements and its relations (see the [module docs](super)).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::fmt;

use super::{Element, Hyp, MisereQuotient};
use crate::heap::HeapRuleset;

impl MisereQuotient {
    /// The quotient a verified candidate for heaps up to `heap` stands
    /// for, named and presented.
    pub(super) fn from_hypothesis(
        game: &str,
        ruleset: &HeapRuleset,
        hyp: &Hyp,
        heap: u32,
        orders: &[usize],
    ) -> MisereQuotient {
        let n = hyp.order();
        let mul = hyp.mul.clone();
        let max_heap = u64::from(heap);
        let pretending: Vec<Element> = (0..=heap).map(|h| Element(hyp.star(0, &[h]))).collect();
        // Generators: heaps whose class is not in the submonoid of the
        // smaller heaps' classes.
        let mut in_sub = vec![false; n];
        in_sub[0] = true;
        let mut gen_elems = vec![];
        let mut generator_heaps = vec![];
        for (h, &Element(e)) in pretending.iter().enumerate() {
            let e = e as usize;
            if in_sub[e] {
                continue;
            }
            gen_elems.push(e);
            generator_heaps.push(h as u64);
            // Close the submonoid under multiplication by e.
            let mut frontier: Vec<usize> = (0..n).filter(|&x| in_sub[x]).collect();
            while let Some(x) = frontier.pop() {
                let y = mul[x * n + e] as usize;
                if !in_sub[y] {
                    in_sub[y] = true;
                    frontier.push(y);
                }
            }
        }
        let letters: Vec<String> = (0..gen_elems.len()).map(letter).collect();
        let (names, relations) = present(&mul, n, &gen_elems, &letters);
        let options = (0..=heap)
            .map(|h| {
                let mut seen = HashSet::new();
                let mut out = vec![];
                ruleset.for_each_option(u64::from(h), |leaves| {
                    let heaps: Vec<u32> = leaves.as_slice().iter().map(|&x| x as u32).collect();
                    let e = hyp.star(0, &heaps);
                    if seen.insert((e, leaves)) {
                        out.push((Element(e), leaves));
                    }
                });
                out
            })
            .collect();
        MisereQuotient {
            game: game.to_string(),
            max_heap,
            mul,
            p: hyp.p.clone(),
            pretending,
            names,
            generators: letters,
            generator_heaps,
            relations,
            orders: orders.to_vec(),
            options,
        }
    }
}

impl fmt::Display for MisereQuotient {
    /// The presentation: `⟨a, b | a^2 = 1, b^3 = b⟩`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<{} | {}>",
            self.generators.join(", "),
            self.relations.join(", ")
        )
    }
}

/// The letter of generator `i`: `a` to `z`, then `g27`, `g28`, ….
fn letter(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// The word of an exponent vector: `1`, `a`, `ab^2`.
fn word(exps: &[u32], letters: &[String]) -> String {
    let mut s = String::new();
    for (e, l) in exps.iter().zip(letters) {
        match e {
            0 => {}
            1 => s.push_str(l),
            _ => s.push_str(&format!("{l}^{e}")),
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

/// Names every element by its first monomial in graded order (degree, then
/// earlier letters first) and lists the minimal monomials that are not
/// names as relations. The monomials that are names form an order ideal
/// (a multiple of a monomial reached earlier by another is reached earlier
/// too), so the relations rewrite every word to its element's name.
fn present(
    mul: &[u32],
    n: usize,
    gens: &[usize],
    letters: &[String],
) -> (Vec<String>, Vec<String>) {
    let k = gens.len();
    let mut names: Vec<Option<Vec<u32>>> = vec![None; n];
    let mut normal: HashSet<Vec<u32>> = HashSet::new();
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut relations = vec![];
    // Min-heap on (degree, reversed exponents): a^2 comes before ab, b^2.
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u32, Reverse(vec![0u32; k]), 0usize)));
    while let Some(Reverse((deg, Reverse(exps), elem))) = queue.pop() {
        if !seen.insert(exps.clone()) {
            continue;
        }
        if let Some(name) = &names[elem] {
            let minimal = (0..k).all(|i| {
                exps[i] == 0 || {
                    let mut d = exps.clone();
                    d[i] -= 1;
                    normal.contains(&d)
                }
            });
            if minimal {
                relations.push(format!(
                    "{} = {}",
                    word(&exps, letters),
                    word(name, letters)
                ));
            }
            continue;
        }
        names[elem] = Some(exps.clone());
        normal.insert(exps.clone());
        for (i, &g) in gens.iter().enumerate() {
            let mut next = exps.clone();
            next[i] += 1;
            queue.push(Reverse((
                deg + 1,
                Reverse(next),
                mul[elem * n + g] as usize,
            )));
        }
    }
    let names = names
        .into_iter()
        .map(|e| e.map_or_else(|| "?".to_string(), |e| word(&e, letters)))
        .collect();
    (names, relations)
}
