//! The misère canonical forms of a game's positions: of any
//! [`ImpartialGame`], and of the heaps of a heap game.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use super::{CanonicalError, MisereForm, MisereForms};
use crate::game::ImpartialGame;
use crate::heap::HeapRuleset;

/// The misère canonical forms of the positions of one game, with a cache
/// of the positions already met (keyed as the game keys its positions,
/// so a game with canonical positions shares work between them).
///
/// A position that splits into components
/// ([`ImpartialGame::components`]) is the sum of their forms.
///
/// # Complexity
/// Each position met is expanded once: its moves generated and its form
/// built from its options' ([`MisereForms::from_options`]). The number
/// of positions can be exponential in the size of the start; the store's
/// bound on forms ([`MisereForms::max_forms`]) stops the work on large
/// ones with [`CanonicalError::TooManyForms`].
///
/// ```
/// use grundy::game::ImpartialGame;
/// use grundy::misere::{MisereCanonical, MisereForms};
///
/// /// Take one or two tokens from a single heap.
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
///     }
/// }
///
/// let mut forms = MisereForms::new();
/// let mut canon = MisereCanonical::new(&TakeOneOrTwo);
/// let (two, three, four) = (
///     canon.form(&2, &mut forms)?,
///     canon.form(&3, &mut forms)?,
///     canon.form(&4, &mut forms)?,
/// );
/// // 2 -> {1, 0} is *2; 3 -> {2, 1} is {*2, *}, which is 0 in misère
/// // play (both options reverse through 0, and both games are N);
/// // 4 -> {3, 2} is {0, *2}, which is *.
/// assert_eq!(forms.notation(two)?, "*2");
/// assert_eq!(three, forms.zero());
/// assert_eq!(forms.notation(four)?, "*");
/// # Ok::<(), grundy::misere::CanonicalError>(())
/// ```
pub struct MisereCanonical<'g, G: ImpartialGame> {
    game: &'g G,
    cache: HashMap<G::Position, MisereForm>,
}

impl<'g, G: ImpartialGame> MisereCanonical<'g, G> {
    /// Forms of `game`'s positions, with an empty cache.
    pub fn new(game: &'g G) -> MisereCanonical<'g, G> {
        MisereCanonical {
            game,
            cache: HashMap::new(),
        }
    }

    /// How many positions the cache holds.
    pub fn positions(&self) -> usize {
        self.cache.len()
    }

    /// The misère canonical form of `pos`, in `forms`.
    ///
    /// # Errors
    /// [`CanonicalError::TooManyForms`] past the store's bound,
    /// [`CanonicalError::Cancelled`] once its flag fires,
    /// [`CanonicalError::Cycle`] when a move leads back to a position on
    /// the path to it.
    pub fn form(
        &mut self,
        pos: &G::Position,
        forms: &mut MisereForms,
    ) -> Result<MisereForm, CanonicalError> {
        if let Some(&f) = self.cache.get(pos) {
            return Ok(f);
        }
        // Explicit stack: a position is expanded when its children are
        // done. `open` holds the positions whose children are pending, to
        // catch a move that leads back to one of them.
        let mut stack = vec![pos.clone()];
        let mut open: HashSet<G::Position> = HashSet::new();
        let (mut parts, mut next) = (Vec::new(), Vec::new());
        let mut steps = 0u32;
        while let Some(p) = stack.last() {
            if self.cache.contains_key(p) {
                stack.pop();
                continue;
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1024) {
                forms.cancel.check()?;
            }
            parts.clear();
            self.game.components(p, &mut parts);
            let whole = parts.len() == 1 && parts[0] == *p;
            next.clear();
            if whole {
                self.game.moves(p, &mut next);
            } else {
                next.extend(parts.iter().cloned());
            }
            let pending: Vec<G::Position> = next
                .iter()
                .filter(|q| !self.cache.contains_key(*q))
                .cloned()
                .collect();
            if !pending.is_empty() {
                if !open.insert(p.clone()) || pending.iter().any(|q| open.contains(q)) {
                    return Err(CanonicalError::Cycle);
                }
                stack.extend(pending);
                continue;
            }
            let known: Vec<MisereForm> = next.iter().map(|q| self.cache[q]).collect();
            let form = if whole {
                forms.from_options(&known)?
            } else {
                forms.sum(&known)?
            };
            let p = stack.pop().expect("the loop looked at it");
            open.remove(&p);
            self.cache.insert(p, form);
        }
        Ok(self.cache[pos])
    }
}

/// The misère canonical forms of the heaps `0..=to` of `ruleset`: entry
/// `n` is the form of a single heap of `n`.
///
/// # Errors
/// [`CanonicalError::TooManyForms`] past the store's bound (the heaps
/// before it are lost: ask again with a smaller `to`), and
/// [`CanonicalError::Cancelled`] once its flag fires.
///
/// # Complexity
/// One [`MisereForms::from_options`] per heap over its options, each the
/// sum of the forms of the heaps a move leaves. Misère canonical forms
/// grow very fast with the heap for most games that are not Nim.
///
/// ```
/// use grundy::heap::HeapRuleset;
/// use grundy::misere::{heap_forms, MisereForms};
///
/// let mut forms = MisereForms::new();
/// let kayles = HeapRuleset::parse("kayles")?;
/// let heaps = heap_forms(&kayles, 4, &mut forms)?;
/// let text = heaps.iter().map(|&g| forms.notation(g)).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(text[..4], ["0", "*", "*2", "*3"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn heap_forms(
    ruleset: &HeapRuleset,
    to: u64,
    forms: &mut MisereForms,
) -> Result<Vec<MisereForm>, CanonicalError> {
    let mut heaps: Vec<MisereForm> = Vec::new();
    for n in 0..=to {
        forms.cancel.check()?;
        let mut leaves = Vec::new();
        ruleset.for_each_option(n, |l| leaves.push(l));
        let mut options = Vec::with_capacity(leaves.len());
        for l in &leaves {
            let parts: Vec<MisereForm> = l.as_slice().iter().map(|&h| heaps[h as usize]).collect();
            options.push(forms.sum(&parts)?);
        }
        heaps.push(forms.from_options(&options)?);
    }
    Ok(heaps)
}

/// The form of `pos` in a game whose positions need no cache key beyond
/// themselves: a shorthand for one [`MisereCanonical::form`].
///
/// # Errors
/// As [`MisereCanonical::form`].
pub fn position_form<G: ImpartialGame>(
    game: &G,
    pos: &G::Position,
    forms: &mut MisereForms,
) -> Result<MisereForm, CanonicalError>
where
    G::Position: Hash,
{
    MisereCanonical::new(game).form(pos, forms)
}
