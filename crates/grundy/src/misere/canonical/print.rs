//! Misère canonical forms written as CGSuite writes them.
//!
//! CGSuite (`MisereCanonicalGameOps.appendMidToOutput`, read to learn the
//! convention) writes a form inside `*[...]`:
//!
//! - a nim heap *n as its size `n` (sizes of 10 and more as `&10;`);
//! - a sum `X + *n` whose `X` is simpler as `X` followed by `n` in a
//!   subscript, or, where `G + *n` is simpler, as that game followed by
//!   `-n`; plain text opens a subscript with `[` and closes it with `]`,
//!   so `2[2]` is `*2 + *2`; only `n` of the game's own parity are tried,
//!   and an odd game `E + *` is its even part `E` followed by `1`;
//! - a game with one option as that option followed by `#` (`2#` is
//!   `{*2}`, `2##` is `{{*2}}`);
//! - any other game as its options, highest first, in parentheses when it
//!   is itself an option.
//!
//! Parity is Conway's: a game is **odd** when it is `E + *` for an even
//! option `E` of it, and even otherwise (0 is even, * odd, *2 even). The
//! options are ordered as CGSuite documents its canonical order: by the
//! even part's birthday, number of options, normal and misère nim values,
//! then its options in that order, even before odd. (CGSuite itself
//! orders games it made early by the order it made them, so on rare ties
//! of those keys its order of options may differ from ours.)
//!
//! Where `X + *n` is written with a subscript, `X` is looked for among
//! the game's options (where the proof of a sum puts it); CGSuite looks
//! through every way to write the game as a sum, so where `X` is not an
//! option we write the game's options instead, which names the same
//! game.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;

use super::{CanonicalError, MisereForm, MisereForms};

/// `g` in the field's notation: `0`, `*`, `*n` for nim heaps, CGSuite's
/// `*[...]` for the rest.
pub(super) fn notation(forms: &mut MisereForms, g: MisereForm) -> Result<String, CanonicalError> {
    if let Some(n) = forms.nim_heap(g) {
        return Ok(match n {
            0 => "0".to_owned(),
            1 => "*".to_owned(),
            n => format!("*{n}"),
        });
    }
    let limit = forms.max_notation;
    let mut printer = Printer {
        forms,
        even_part: HashMap::new(),
        sorted: RefCell::new(HashMap::new()),
        written: HashMap::new(),
    };
    printer.prepare(g);
    let mut out = String::from("*[");
    let mut sub = false;
    printer.write(g, false, &mut sub, &mut out);
    printer.forms.cancel.check()?;
    if sub {
        out.push(']');
    }
    out.push(']');
    if out.len() > limit {
        return Err(CanonicalError::NotationTooLong { limit });
    }
    Ok(out)
}

struct Printer<'f> {
    forms: &'f mut MisereForms,
    /// For each game met, `Some(E)` when it is odd, `E + *` with `E` even.
    even_part: HashMap<MisereForm, Option<MisereForm>>,
    /// Options in canonical order, lowest first.
    sorted: RefCell<HashMap<MisereForm, Vec<MisereForm>>>,
    /// What [`Printer::write`] wrote for a game, whether it was an
    /// option and whether a subscript was to be opened, with the
    /// subscript state after: a form's text repeats its followers' many
    /// times over, so each is worked out once.
    written: HashMap<(MisereForm, bool, bool), (String, bool)>,
}

fn digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

impl Printer<'_> {
    /// Finds the parity of `g` and every follower, children first.
    fn prepare(&mut self, g: MisereForm) {
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if self.even_part.contains_key(&h) {
                continue;
            }
            if !expanded {
                stack.push((h, true));
                for &o in self.forms.options(h) {
                    if !self.even_part.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let odd = self.find_even_part(h);
            self.even_part.insert(h, odd);
        }
    }

    /// The even option `E` with `E + * = h`, if any (there is at most
    /// one: misère sums cancel).
    fn find_even_part(&mut self, h: MisereForm) -> Option<MisereForm> {
        let one = self.forms.nim(1).ok()?;
        let options = self.forms.options(h).to_vec();
        options.into_iter().find(|&e| {
            self.even_part.get(&e) == Some(&None) && self.forms.add(e, one).ok() == Some(h)
        })
    }

    fn is_even(&self, g: MisereForm) -> bool {
        matches!(self.even_part.get(&g), Some(None))
    }

    fn even(&self, g: MisereForm) -> MisereForm {
        self.even_part.get(&g).copied().flatten().unwrap_or(g)
    }

    /// CGSuite's canonical order.
    fn cmp(&self, a: MisereForm, b: MisereForm) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (self.even(a), self.even(b));
        if ea == eb {
            return if self.is_even(a) {
                Ordering::Less
            } else {
                Ordering::Greater
            };
        }
        let f = &*self.forms;
        let key = |e| {
            (
                f.birthday(e),
                f.options(e).len(),
                f.normal_value(e),
                f.misere_value(e),
            )
        };
        key(ea).cmp(&key(eb)).then_with(|| {
            let (oa, ob) = (self.sorted_options(ea), self.sorted_options(eb));
            oa.iter()
                .zip(&ob)
                .map(|(&x, &y)| self.cmp(x, y))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    }

    fn sorted_options(&self, g: MisereForm) -> Vec<MisereForm> {
        if let Some(s) = self.sorted.borrow().get(&g) {
            return s.clone();
        }
        let mut options = self.forms.options(g).to_vec();
        options.sort_by(|&x, &y| self.cmp(x, y));
        self.sorted.borrow_mut().insert(g, options.clone());
        options
    }

    /// The `X` with `X + *n = g` among `g`'s options.
    fn part(&mut self, g: MisereForm, n: u32) -> Option<MisereForm> {
        let heap = self.forms.nim(n).ok()?;
        let options = self.forms.options(g).to_vec();
        options
            .into_iter()
            .find(|&x| self.forms.add(x, heap).ok() == Some(g))
    }

    /// Writes `g`; `sub` says, on entry, that a subscript must be opened
    /// after `g`'s main part and, on exit, that one was (the caller
    /// closes it).
    fn write(&mut self, g: MisereForm, parenthesize: bool, sub: &mut bool, out: &mut String) {
        // Past the bound (or once stopped) the text is given up: the
        // caller sees its length, or the flag, and says so.
        if out.len() > self.forms.max_notation || self.forms.cancel.is_cancelled() {
            return;
        }
        let key = (g, parenthesize, *sub);
        if let Some((text, after)) = self.written.get(&key) {
            out.push_str(text);
            *sub = *after;
            return;
        }
        let start = out.len();
        self.write_once(g, parenthesize, sub, out);
        self.written.insert(key, (out[start..].to_owned(), *sub));
    }

    fn write_once(&mut self, g: MisereForm, parenthesize: bool, sub: &mut bool, out: &mut String) {
        let b = self.forms.birthday(g);
        if self.forms.nim_heap(g) == Some(b) {
            out.push_str(&digit(b));
            if *sub {
                out.push('[');
            }
            return;
        }
        let odd = self.even_part.get(&g).copied().flatten();
        let mut i = if odd.is_some() { 3 } else { 2 };
        while i < b {
            if let Some(x) = self.part(g, i) {
                *sub = true;
                self.write(x, true, sub, out);
                out.push_str(&digit(i));
                return;
            }
            let heap = self.forms.nim(i);
            if let Ok(s) = heap.and_then(|h| self.forms.add(g, h)) {
                if self.forms.birthday(s) < b {
                    self.prepare(s);
                    *sub = true;
                    self.write(s, true, sub, out);
                    out.push('-');
                    out.push_str(&digit(i));
                    return;
                }
            }
            i += 2;
        }
        if let Some(e) = odd {
            *sub = true;
            self.write(e, true, sub, out);
            out.push('1');
            return;
        }
        let options = self.sorted_options(g);
        if options.len() < 2 {
            // A game with one option (no game but 0 has none).
            self.write(options[0], true, sub, out);
            out.push('#');
            return;
        }
        let outer = *sub;
        if parenthesize {
            out.push('(');
        }
        for &o in options.iter().rev() {
            let mut opened = false;
            self.write(o, true, &mut opened, out);
            if opened {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        *sub = outer;
        if *sub {
            out.push('[');
        }
    }
}
