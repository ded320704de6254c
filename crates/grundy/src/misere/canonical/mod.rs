//! Misère canonical forms: the unique simplest game equal to a position
//! under misère play (Conway, *On Numbers and Games*, ch. 12; Siegel,
//! *Combinatorial Game Theory*, ch. V).
//!
//! Two games are **equal in misère play** when adding either to any third
//! game gives the same misère outcome. Unlike normal play, almost nothing
//! collapses: the only simplification is the Grundy–Smith rule, and
//! Conway proved that a game it cannot simplify is already the simplest
//! of its class, so that two games in simplest form are equal exactly
//! when they have the same options. That form is the **misère canonical
//! form**; this module builds it and keeps each one once
//! ([`MisereForms`], hash-consed), so that two forms are equal exactly
//! when their [`MisereForm`] ids are.
//!
//! # The theory used
//! Write o(G) for the misère outcome (`N` when the player to move wins;
//! a game with no move is `N`, since the player who cannot move wins).
//! G is **linked** to H when some T makes both G + T and H + T
//! P-positions. Conway's theorems, as Siegel states them:
//!
//! - G is linked to H exactly when no option of H equals G and no option
//!   of G equals H.
//! - G = H exactly when o(G) = o(H), G is linked to no option of H, and
//!   no option of G is linked to H.
//!
//! Together they give an equality test that looks only at options, which
//! [`MisereForms::from_options`] runs on a game whose options are already
//! canonical against each canonical game G'' two moves below it: an
//! option G' with an option G'' equal to G is **reversible** (the
//! Grundy–Smith rule), and then G *is* G'', a simpler game already built.
//! When no such G'' exists the game is in simplest form and is stored.
//! There is no dominated-option rule: impartial games have no order.
//!
//! # Notation
//! [`MisereForms::notation`] writes a form as CGSuite does (Siegel's
//! Combinatorial Game Suite, `MisereCanonicalGame`), so that its output
//! can be compared with CGSuite's: the options in brackets after a `*`,
//! highest first, a nim heap as its size, a game with one option as that
//! option followed by `#`, a game of several options in parentheses, and
//! a sum `X + *n` that is simpler written so as `X` with `n` in a
//! subscript, which plain text writes in brackets: `*[2[2]321]` is the
//! game whose options are `*2 + *2`, `*3`, `*2` and `*`. Nim heaps
//! themselves are written as nimbers are everywhere in grundy, `0`, `*`,
//! `*2`, where CGSuite writes `*[0]`, `*[1]`, `*[2]`. See
//! [`MisereForms::notation`] for where the subscripts may differ.
//!
//! ```
//! use grundy::misere::MisereForms;
//!
//! let mut forms = MisereForms::new();
//! let one = forms.nim(1)?;
//! let two = forms.nim(2)?;
//! // * + * = 0 in misère play, but *2 + *2 is not 0.
//! assert_eq!(forms.add(one, one)?, forms.zero());
//! let four = forms.add(two, two)?;
//! assert_ne!(four, forms.zero());
//! assert_eq!(forms.notation(four)?, "*[2[2]]");
//! assert_eq!(forms.notation(two)?, "*2");
//! // {*2} is the game 2# of the literature: a P-position.
//! let sharp = forms.from_options(&[two])?;
//! assert_eq!(forms.notation(sharp)?, "*[2#]");
//! assert_eq!(forms.outcome(sharp), grundy::Outcome::P);
//! # Ok::<(), grundy::misere::CanonicalError>(())
//! ```

mod games;
mod print;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use crate::cancel::{Cancel, Cancelled};
use crate::Outcome;

pub use games::{heap_forms, position_form, MisereCanonical};

/// The default bound on the forms one [`MisereForms`] keeps: about a
/// million (a few hundred MB at most for forms of a few dozen options).
pub const DEFAULT_MAX_FORMS: usize = 1 << 20;

/// The default bound on the length of a form written out: 16 MiB. A
/// form's text repeats its followers' and grows about 2.6 times per
/// token for Kayles.
pub const DEFAULT_MAX_NOTATION: usize = 1 << 24;

/// A misère canonical form: an id into the [`MisereForms`] that built it.
/// Two forms of one store are equal games exactly when their ids are
/// equal; ids of different stores mean nothing to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereForm(u32);

impl MisereForm {
    /// The form's id in its store (0 is the game with no move).
    pub const fn id(self) -> u32 {
        self.0
    }
}

/// Why a canonical form was not built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CanonicalError {
    /// The store reached its bound on distinct forms.
    #[error(
        "building it needs more than {limit} distinct canonical forms, the bound set (misère canonical forms grow very fast: try a smaller position)"
    )]
    TooManyForms {
        /// The bound that was reached.
        limit: usize,
    },
    /// The form written out is longer than the bound.
    #[error("written out it takes more than {limit} characters (misère canonical forms grow very fast: try a smaller position)")]
    NotationTooLong {
        /// The bound on the length of the text.
        limit: usize,
    },
    /// A move led back to a position still being worked on.
    #[error("the position's moves lead back to a position already on the path; canonical forms are defined for games that end")]
    Cycle,
    /// The caller's flag stopped the work.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
}

/// One stored form.
#[derive(Clone, Debug)]
struct Node {
    /// The options, each canonical, sorted by id, no repeats.
    options: Box<[MisereForm]>,
    /// One more than the largest birthday of an option; 0 for 0.
    birthday: u32,
    /// The normal-play nim value (G+ in the literature).
    normal: u32,
    /// The misère nim value (G-): 1 for the game with no move, else the
    /// mex of the options' misère values. 0 exactly on P-positions.
    misere: u32,
    /// Whether the game is the nim heap *birthday.
    nim: bool,
}

/// A store of misère canonical forms, each kept once (hash-consed), with
/// the sums already added.
///
/// Forms are built from their options ([`MisereForms::from_options`]),
/// as nim heaps ([`MisereForms::nim`]) or as sums ([`MisereForms::add`]);
/// [`position_form`] and [`heap_forms`] build the forms of a game's
/// positions.
///
/// # Errors
/// Every building call returns [`CanonicalError::TooManyForms`] past
/// [`MisereForms::max_forms`] distinct forms, and
/// [`CanonicalError::Cancelled`] once the store's flag fires.
#[derive(Debug)]
pub struct MisereForms {
    nodes: Vec<Node>,
    index: HashMap<Box<[MisereForm]>, MisereForm>,
    sums: HashMap<(MisereForm, MisereForm), MisereForm>,
    nims: Vec<MisereForm>,
    max_forms: usize,
    max_notation: usize,
    cancel: Cancel,
}

impl Default for MisereForms {
    fn default() -> Self {
        MisereForms::new()
    }
}

impl MisereForms {
    /// A store that holds only `0`, bounded by [`DEFAULT_MAX_FORMS`].
    pub fn new() -> MisereForms {
        let zero = Node {
            options: Box::new([]),
            birthday: 0,
            normal: 0,
            misere: 1,
            nim: true,
        };
        let mut index = HashMap::new();
        index.insert(Box::<[MisereForm]>::from([]), MisereForm(0));
        MisereForms {
            nodes: vec![zero],
            index,
            sums: HashMap::new(),
            nims: vec![MisereForm(0)],
            max_forms: DEFAULT_MAX_FORMS,
            max_notation: DEFAULT_MAX_NOTATION,
            cancel: Cancel::new(),
        }
    }

    /// The same store, bounded by `max` distinct forms (at least 1).
    pub fn max_forms(mut self, max: usize) -> MisereForms {
        self.max_forms = max.max(1);
        self
    }

    /// The same store, writing forms of at most `max` characters
    /// ([`MisereForms::notation`]).
    pub fn max_notation(mut self, max: usize) -> MisereForms {
        self.max_notation = max;
        self
    }

    /// The same store, stopped when `cancel` fires.
    pub fn cancel(mut self, cancel: &Cancel) -> MisereForms {
        self.cancel = cancel.clone();
        self
    }

    /// How many distinct forms the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds only `0` (it never holds less).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The game with no move.
    pub const fn zero(&self) -> MisereForm {
        MisereForm(0)
    }

    fn node(&self, g: MisereForm) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// The options of `g`, each in canonical form, ordered by id.
    pub fn options(&self, g: MisereForm) -> &[MisereForm] {
        &self.node(g).options
    }

    /// The birthday of `g`: the height of its game tree in canonical
    /// form (0 for 0, n for the nim heap *n).
    pub fn birthday(&self, g: MisereForm) -> u32 {
        self.node(g).birthday
    }

    /// The misère nim value of `g` (G⁻, the first digit of its genus): 0
    /// exactly when `g` is a misère P-position.
    pub fn misere_value(&self, g: MisereForm) -> u32 {
        self.node(g).misere
    }

    /// The normal-play nim value of `g` (G⁺, the base of its genus).
    pub fn normal_value(&self, g: MisereForm) -> u32 {
        self.node(g).normal
    }

    /// The misère outcome of `g` alone.
    pub fn outcome(&self, g: MisereForm) -> Outcome {
        Outcome::from_first_player_wins(self.node(g).misere != 0)
    }

    /// `Some(n)` when `g` is the nim heap *n.
    pub fn nim_heap(&self, g: MisereForm) -> Option<u32> {
        let node = self.node(g);
        node.nim.then_some(node.birthday)
    }

    /// Whether `h` is an option of `g`.
    fn has_option(&self, g: MisereForm, h: MisereForm) -> bool {
        self.node(g).options.binary_search(&h).is_ok()
    }

    /// The nim heap *n, `{0, *, …, *(n-1)}`, which is its own canonical
    /// form in misère play as in normal play.
    ///
    /// # Errors
    /// As [`MisereForms`] says.
    pub fn nim(&mut self, n: u32) -> Result<MisereForm, CanonicalError> {
        while self.nims.len() <= n as usize {
            let options = self.nims.clone();
            let heap = self.from_options(&options)?;
            self.nims.push(heap);
        }
        Ok(self.nims[n as usize])
    }

    /// The canonical form of the game whose options are `options` (forms
    /// of this store, in any order, repeats allowed).
    ///
    /// # Complexity
    /// A look-up when the option set was met before. Otherwise, for each
    /// game G'' two moves below, an equality test against the new game
    /// that visits each canonical game below G'' at most once: in all, at
    /// most the number of forms below the new game, times the number of
    /// options of each.
    ///
    /// # Errors
    /// As [`MisereForms`] says.
    ///
    /// ```
    /// use grundy::misere::MisereForms;
    ///
    /// let mut forms = MisereForms::new();
    /// let one = forms.nim(1)?;
    /// // {*} is * + *, which is 0: its option * reverses through 0.
    /// assert_eq!(forms.from_options(&[one])?, forms.zero());
    /// # Ok::<(), grundy::misere::CanonicalError>(())
    /// ```
    pub fn from_options(&mut self, options: &[MisereForm]) -> Result<MisereForm, CanonicalError> {
        let mut set = options.to_vec();
        set.sort_unstable();
        set.dedup();
        if let Some(&g) = self.index.get(set.as_slice()) {
            return Ok(g);
        }
        self.cancel.check()?;
        let misere = mex(set.iter().map(|&o| self.node(o).misere));
        // The Grundy–Smith rule: an option G' with an option G'' equal to
        // G means G = G''. Each G'' is tried once.
        let mut tried = HashMap::new();
        for &option in &set {
            for &below in self.node(option).options.iter() {
                if tried.contains_key(&below) {
                    continue;
                }
                if self.equals(&set, misere, below, &mut tried) {
                    // The same options next time are a look-up; the key
                    // points at a form already counted.
                    self.index.insert(set.into_boxed_slice(), below);
                    return Ok(below);
                }
            }
        }
        self.store(set.into_boxed_slice(), misere)
    }

    /// Whether the game G with options `set` (canonical; G itself maybe
    /// not) and misère value `misere` equals the canonical form `h`, by
    /// Conway's test on options. `memo` remembers the answers for this G.
    fn equals(
        &self,
        set: &[MisereForm],
        misere: u32,
        h: MisereForm,
        memo: &mut HashMap<MisereForm, bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&h) {
            return known;
        }
        let answer = self.equals_uncached(set, misere, h, memo);
        memo.insert(h, answer);
        answer
    }

    fn equals_uncached(
        &self,
        set: &[MisereForm],
        misere: u32,
        h: MisereForm,
        memo: &mut HashMap<MisereForm, bool>,
    ) -> bool {
        let node = self.node(h);
        // The same outcome: (misère value 0) exactly when (0).
        if (node.misere == 0) != (misere == 0) {
            return false;
        }
        // No option G' of G is linked to H: G' is an option of H, or H is
        // an option of G'. Both are canonical, so equal means identical.
        if !set
            .iter()
            .all(|&g1| self.has_option(h, g1) || self.has_option(g1, h))
        {
            return false;
        }
        // G is linked to no option H' of H: H' is an option of G, or some
        // option H'' of H' equals G (G is not canonical: recurse).
        node.options.iter().all(|&h1| {
            set.binary_search(&h1).is_ok()
                || self
                    .node(h1)
                    .options
                    .iter()
                    .any(|&h2| self.equals(set, misere, h2, memo))
        })
    }

    /// Stores a game in simplest form.
    fn store(&mut self, set: Box<[MisereForm]>, misere: u32) -> Result<MisereForm, CanonicalError> {
        if self.nodes.len() >= self.max_forms {
            return Err(CanonicalError::TooManyForms {
                limit: self.max_forms,
            });
        }
        let id = MisereForm(u32::try_from(self.nodes.len()).map_err(|_| {
            CanonicalError::TooManyForms {
                limit: self.max_forms,
            }
        })?);
        let birthday = set
            .iter()
            .map(|&o| self.node(o).birthday + 1)
            .max()
            .unwrap_or(0);
        let normal = mex(set.iter().map(|&o| self.node(o).normal));
        // Distinct nim heaps have distinct birthdays, so `b` of them below
        // `b` are *0 to *(b-1).
        let nim = set.len() == birthday as usize && set.iter().all(|&o| self.node(o).nim);
        self.nodes.push(Node {
            options: set.clone(),
            birthday,
            normal,
            misere: if set.is_empty() { 1 } else { misere },
            nim,
        });
        self.index.insert(set, id);
        Ok(id)
    }

    /// The canonical form of the sum `a + b`.
    ///
    /// # Complexity
    /// Memoised: each pair of followers of `a` and `b` is added once, and
    /// each sum costs one [`MisereForms::from_options`].
    ///
    /// # Errors
    /// As [`MisereForms`] says.
    ///
    /// ```
    /// use grundy::misere::MisereForms;
    ///
    /// let mut forms = MisereForms::new();
    /// let (two, three) = (forms.nim(2)?, forms.nim(3)?);
    /// let one = forms.nim(1)?;
    /// assert_eq!(forms.add(two, one)?, three);
    /// // *2 + *2 is no nim heap: misère play has sums normal play has not.
    /// let four = forms.add(two, two)?;
    /// assert_eq!(forms.nim_heap(four), None);
    /// # Ok::<(), grundy::misere::CanonicalError>(())
    /// ```
    pub fn add(&mut self, a: MisereForm, b: MisereForm) -> Result<MisereForm, CanonicalError> {
        if a.0 == 0 {
            return Ok(b);
        }
        if b.0 == 0 {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&sum) = self.sums.get(&key) {
            return Ok(sum);
        }
        let (a_options, b_options) = (self.node(a).options.clone(), self.node(b).options.clone());
        let mut options = Vec::with_capacity(a_options.len() + b_options.len());
        for &a1 in a_options.iter() {
            options.push(self.add(a1, b)?);
        }
        for &b1 in b_options.iter() {
            options.push(self.add(a, b1)?);
        }
        let sum = self.from_options(&options)?;
        self.sums.insert(key, sum);
        Ok(sum)
    }

    /// The canonical form of the sum of `parts` (0 for none).
    ///
    /// # Errors
    /// As [`MisereForms`] says.
    pub fn sum(&mut self, parts: &[MisereForm]) -> Result<MisereForm, CanonicalError> {
        let mut total = self.zero();
        for &p in parts {
            total = self.add(total, p)?;
        }
        Ok(total)
    }

    /// `g` written in the field's notation (see the [module](self) docs
    /// and [`print`](self#notation)). Writing may add sums of `g`'s
    /// followers with nim heaps to the store, to find the parts it writes
    /// as subscripts; past the store's bound it writes them as plain
    /// options instead.
    ///
    /// # Errors
    /// [`CanonicalError::NotationTooLong`] past the store's bound on the
    /// text ([`DEFAULT_MAX_NOTATION`] unless set), and
    /// [`CanonicalError::Cancelled`] once its flag fires.
    pub fn notation(&mut self, g: MisereForm) -> Result<String, CanonicalError> {
        print::notation(self, g)
    }
}

/// The least natural number not among `values`.
fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}
