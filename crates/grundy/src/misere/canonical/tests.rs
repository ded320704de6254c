//! Canonical forms checked by their definition: a brute-force misère
//! search of sums of explicit game trees, independent of the theory the
//! store uses.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use grundy_testkit::Plain;

use super::*;
use crate::heap::HeapRuleset;

/// Node `i`'s options, shared with the search.
type Options = Rc<RefCell<Vec<Vec<usize>>>>;

/// The moves of a sum of two nodes, smaller node first.
type SumMoves = Box<dyn Fn(&(usize, usize)) -> Vec<(usize, usize)>>;

/// Explicit games: node `i`'s options are nodes before it.
struct Trees {
    options: Options,
    /// The test kit's misère search of sums of two nodes. Nodes are only
    /// ever added, so what it has learnt stays true.
    sums: Plain<(usize, usize), SumMoves>,
}

/// The key of the sum `a + b`.
fn pair(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

impl Default for Trees {
    fn default() -> Trees {
        let options = Options::default();
        let of = Rc::clone(&options);
        let moves: SumMoves = Box::new(move |&(a, b)| {
            let options = of.borrow();
            let left = options[a].iter().map(|&a1| pair(a1, b));
            left.chain(options[b].iter().map(|&b1| pair(a, b1)))
                .collect()
        });
        Trees {
            options,
            sums: Plain::misere(moves),
        }
    }
}

impl Trees {
    fn add(&mut self, options: Vec<usize>) -> usize {
        let mut all = self.options.borrow_mut();
        all.push(options);
        all.len() - 1
    }

    /// Node `t`'s options.
    fn options_of(&self, t: usize) -> Vec<usize> {
        self.options.borrow()[t].clone()
    }

    /// The tree of a form (shared nodes for shared followers).
    fn of_form(
        &mut self,
        forms: &MisereForms,
        g: MisereForm,
        done: &mut HashMap<MisereForm, usize>,
    ) -> usize {
        if let Some(&t) = done.get(&g) {
            return t;
        }
        let options: Vec<usize> = forms
            .options(g)
            .iter()
            .map(|&o| self.of_form(forms, o, done))
            .collect();
        let t = self.add(options);
        done.insert(g, t);
        t
    }

    /// Whether the player to move wins `a + b` in misère play: with no
    /// move at all, or with a move to a sum the opponent loses.
    fn wins(&mut self, a: usize, b: usize) -> bool {
        self.sums.mover_wins(&pair(a, b))
    }
}

/// Every form born by day `day`, from the subsets of those born the day
/// before.
fn born_by(forms: &mut MisereForms, day: u32) -> Vec<MisereForm> {
    let mut games = vec![forms.zero()];
    for _ in 0..day {
        let mut next = Vec::new();
        for mask in 0u64..(1 << games.len()) {
            let options: Vec<MisereForm> = (0..games.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| games[i])
                .collect();
            next.push(forms.from_options(&options).unwrap());
        }
        next.sort_unstable();
        next.dedup();
        games = next;
    }
    games
}

/// A small pseudo-random generator (xorshift), so the tests need no crate
/// and give the same games every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `count` random games as trees: each new node takes a random handful of
/// the nodes before it as options.
fn random_trees(trees: &mut Trees, rng: &mut Rng, count: usize) -> Vec<usize> {
    let first = trees.add(vec![]);
    let mut made = vec![first];
    for _ in 0..count {
        let k = (rng.next() % 4) as usize;
        let options = (0..k)
            .map(|_| made[(rng.next() % made.len() as u64) as usize])
            .collect();
        made.push(trees.add(options));
    }
    made
}

fn form_of_tree(
    forms: &mut MisereForms,
    trees: &Trees,
    t: usize,
    done: &mut HashMap<usize, MisereForm>,
) -> MisereForm {
    if let Some(&f) = done.get(&t) {
        return f;
    }
    let options: Vec<MisereForm> = trees
        .options_of(t)
        .into_iter()
        .map(|o| form_of_tree(forms, trees, o, done))
        .collect();
    let f = forms.from_options(&options).unwrap();
    done.insert(t, f);
    f
}

#[test]
fn games_born_by_each_day_are_counted_as_conway_counts_them() {
    // ONAG ch. 12 and Siegel, "On the structure of misère impartial
    // games": 1, 2, 3, 5, 22 games born by days 0 to 4.
    let mut forms = MisereForms::new();
    let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut forms, d).len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
}

#[test]
fn a_form_has_the_outcomes_of_its_game_in_every_sum_of_the_test_set() {
    let mut forms = MisereForms::new();
    let test_set = born_by(&mut forms, 4);
    let mut trees = Trees::default();
    let mut to_tree = HashMap::new();
    let mut tests: Vec<usize> = test_set
        .iter()
        .map(|&t| trees.of_form(&forms, t, &mut to_tree))
        .collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let games = random_trees(&mut trees, &mut rng, 160);
    // The random games are tests too, so sums of wild games are met.
    tests.extend(games.iter().step_by(7));
    let mut done = HashMap::new();
    let mut by_form: HashMap<MisereForm, usize> = HashMap::new();
    for &g in &games {
        let form = form_of_tree(&mut forms, &trees, g, &mut done);
        let canonical = trees.of_form(&forms, form, &mut to_tree);
        for &t in &tests {
            assert_eq!(
                trees.wins(g, t),
                trees.wins(canonical, t),
                "game {g} and its form {} differ beside test {t}",
                forms.notation(form).unwrap()
            );
        }
        // Two games with one form have one outcome beside every test.
        if let Some(&other) = by_form.get(&form) {
            for &t in &tests {
                assert_eq!(trees.wins(g, t), trees.wins(other, t));
            }
        }
        by_form.insert(form, g);
    }
    assert!(
        by_form.len() > 20,
        "the random games reach {} forms only",
        by_form.len()
    );
}

#[test]
fn distinct_forms_are_told_apart_and_no_option_reverses() {
    // Every pair of distinct forms met is told apart by some game of the
    // test set, and every G'' two moves below a form G differs from G
    // (no reversible option is left).
    let mut forms = MisereForms::new();
    let day4 = born_by(&mut forms, 4);
    let mut trees = Trees::default();
    let mut to_tree = HashMap::new();
    let mut candidates = day4.clone();
    let kayles = HeapRuleset::parse("kayles").unwrap();
    // Kayles heaps past 6 are told apart from smaller games only by games
    // born later than this test set reaches.
    candidates.extend(heap_forms(&kayles, 6, &mut forms).unwrap());
    let mut tests: Vec<usize> = day4
        .iter()
        .chain(&candidates)
        .map(|&t| trees.of_form(&forms, t, &mut to_tree))
        .collect();
    // Sums of two games of day 4 too: links between games of day 4 and
    // more can need games born later.
    let mut sums = HashMap::new();
    for (i, &a) in day4.iter().enumerate() {
        for &b in &day4[..=i] {
            let (ta, tb) = (to_tree[&a], to_tree[&b]);
            tests.push(sum_tree(&mut trees, ta, tb, &mut sums));
        }
    }
    let told_apart = |trees: &mut Trees, ta: usize, tb: usize| {
        tests
            .iter()
            .any(|&t| trees.wins(ta, t) != trees.wins(tb, t))
    };
    for (i, &a) in candidates.iter().enumerate() {
        let ta = to_tree[&a];
        for &b in &candidates[..i] {
            if a != b && !told_apart(&mut trees, ta, to_tree[&b]) {
                panic!(
                    "{} and {} are not told apart",
                    forms.notation(a).unwrap(),
                    forms.notation(b).unwrap()
                );
            }
        }
        for &a1 in forms.options(a).to_vec().iter() {
            for &a2 in forms.options(a1).to_vec().iter() {
                let t2 = trees.of_form(&forms, a2, &mut to_tree);
                if !told_apart(&mut trees, ta, t2) {
                    let (na, n2) = (forms.notation(a).unwrap(), forms.notation(a2).unwrap());
                    panic!("{na} reverses through {n2}");
                }
            }
        }
    }
}

#[test]
fn sums_are_sums_by_brute_force() {
    let mut forms = MisereForms::new();
    let day3 = born_by(&mut forms, 3);
    let day4 = born_by(&mut forms, 4);
    let mut trees = Trees::default();
    let mut to_tree = HashMap::new();
    let tests: Vec<usize> = day4
        .iter()
        .map(|&t| trees.of_form(&forms, t, &mut to_tree))
        .collect();
    for &a in &day3 {
        for &b in &day4 {
            let s = forms.add(a, b).unwrap();
            let (ta, tb, ts) = (
                trees.of_form(&forms, a, &mut to_tree),
                trees.of_form(&forms, b, &mut to_tree),
                trees.of_form(&forms, s, &mut to_tree),
            );
            // (a + b) + t against s + t: a sum of three trees, searched as
            // a + (b + t) with b + t built as a tree.
            for &t in &tests {
                let bt = sum_tree(&mut trees, tb, t, &mut HashMap::new());
                assert_eq!(trees.wins(ta, bt), trees.wins(ts, t));
            }
        }
    }
}

/// The explicit tree of the sum of two trees.
fn sum_tree(
    trees: &mut Trees,
    a: usize,
    b: usize,
    done: &mut HashMap<(usize, usize), usize>,
) -> usize {
    if let Some(&t) = done.get(&(a, b)) {
        return t;
    }
    let mut options = Vec::new();
    for a1 in trees.options_of(a) {
        options.push(sum_tree(trees, a1, b, done));
    }
    for b1 in trees.options_of(b) {
        options.push(sum_tree(trees, a, b1, done));
    }
    let t = trees.add(options);
    done.insert((a, b), t);
    t
}

#[test]
fn small_facts_of_the_literature() {
    let mut forms = MisereForms::new();
    let (zero, one, two, three) = (
        forms.zero(),
        forms.nim(1).unwrap(),
        forms.nim(2).unwrap(),
        forms.nim(3).unwrap(),
    );
    // * + * = 0 (CGSuite keeps G + * as the partner of G, adding parities).
    assert_eq!(forms.add(one, one).unwrap(), zero);
    // *2 + * = *3; *2 + *2 is not 0 (ONAG's famous 2 + 2 ≠ 0).
    assert_eq!(forms.add(two, one).unwrap(), three);
    let four = forms.add(two, two).unwrap();
    assert_ne!(four, zero);
    assert_eq!(forms.notation(four).unwrap(), "*[2[2]]");
    // Outcomes and values of CGSuite's MisereCanonicalGame test cases.
    assert_eq!((forms.misere_value(zero), forms.normal_value(zero)), (1, 0));
    assert_eq!(forms.outcome(one), Outcome::P);
    let sharp = forms.from_options(&[two]).unwrap();
    assert_eq!(forms.notation(sharp).unwrap(), "*[2#]");
    assert_eq!((forms.birthday(sharp), forms.misere_value(sharp)), (3, 0));
    let sharp2 = forms.from_options(&[sharp]).unwrap();
    assert_eq!(forms.notation(sharp2).unwrap(), "*[2##]");
    assert_eq!(
        (
            forms.birthday(sharp2),
            forms.misere_value(sharp2),
            forms.normal_value(sharp2)
        ),
        (4, 1, 1)
    );
    // CGSuite's EvalTest: *[[2],0] prints *[2#0].
    let sharp_zero = forms.from_options(&[sharp, zero]).unwrap();
    assert_eq!(forms.notation(sharp_zero).unwrap(), "*[2#0]");
    // CGSuite's GameTest: the distinguisher *[(2#1)21] and the link
    // *[((2#1)21)32], built from the options they print.
    let inner = forms.from_options(&[sharp, one]).unwrap();
    let distinguisher = forms.from_options(&[inner, two, one]).unwrap();
    assert_eq!(forms.notation(distinguisher).unwrap(), "*[(2#1)21]");
    let link = forms.from_options(&[distinguisher, three, two]).unwrap();
    assert_eq!(forms.notation(link).unwrap(), "*[((2#1)21)32]");
}

#[test]
fn the_bound_on_forms_is_an_error() {
    let mut forms = MisereForms::new().max_forms(3);
    assert!(forms.nim(2).is_ok());
    assert_eq!(forms.nim(3), Err(CanonicalError::TooManyForms { limit: 3 }));
    let err = forms.nim(5).unwrap_err();
    assert!(err
        .to_string()
        .contains("more than 3 distinct canonical forms"));
}

#[test]
fn a_stopped_store_says_so() {
    let cancel = Cancel::new();
    cancel.cancel();
    let mut forms = MisereForms::new().cancel(&cancel);
    assert_eq!(forms.nim(4), Err(CanonicalError::Cancelled(Cancelled)));
}

#[test]
fn nim_heaps_and_their_sums_match_misere_nim() {
    // A sum of nim heaps is a misère P-position exactly as Bouton says:
    // nim-sum 0 unless every heap is 0 or 1, then an odd number of 1s.
    let mut forms = MisereForms::new();
    for a in 0..6u32 {
        for b in 0..6u32 {
            for c in 0..4u32 {
                let parts = [
                    forms.nim(a).unwrap(),
                    forms.nim(b).unwrap(),
                    forms.nim(c).unwrap(),
                ];
                let s = forms.sum(&parts).unwrap();
                let small = a <= 1 && b <= 1 && c <= 1;
                let p = if small {
                    (a + b + c) % 2 == 1
                } else {
                    a ^ b ^ c == 0
                };
                assert_eq!(forms.outcome(s) == Outcome::P, p, "{a} {b} {c}");
            }
        }
    }
}
