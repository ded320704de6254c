//! Hints: the lesson behind the winning move of the position on the board.
//!
//! For Nim the lesson is the binary one of [`nim::explain()`](crate::nim::explain())
//! (heaps in binary columns, the nim-sum, its top bit). For other heap games
//! under normal play it is the Sprague–Grundy argument: the Grundy value of
//! each heap, their xor, and which heap move brings the xor to 0. Misère
//! play of games other than Nim has no such arithmetic, so the lesson says
//! what an exhaustive search found, with the reply that refutes a losing
//! move.
//!
//! Like [`Explanation`], a [`Hint`] is data first; [`Hint::render_with`]
//! writes the standard text and lets the front end decorate it by [`Role`].

use std::fmt;

use super::Match;
use crate::heap::{HeapMove, HeapRuleset};
use crate::nim::explain::{explain, para, Explanation, Role};
use crate::{Convention, Nimber, Outcome};

/// A hint for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Why the position is won or lost.
    pub lesson: Lesson,
    /// Every winning move (empty in a P-position).
    pub winning_moves: Vec<HeapMove>,
    /// The move the engine would play here: the first winning move, or in a
    /// P-position the move that keeps the game going longest.
    pub suggestion: Option<HeapMove>,
}

/// The argument that decides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lesson {
    /// Nim: the nim-sum lesson.
    Nim(Explanation),
    /// Another heap game under normal play: Grundy values.
    Values(ValueLesson),
    /// Another heap game under misère play: exhaustive search.
    Search(SearchLesson),
    /// Another heap game under misère play, past the search: the game's
    /// misère quotient.
    Quotient(QuotientLesson),
}

/// One heap with the element of the misère quotient it pretends to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientRow {
    /// The 0-based heap index.
    pub heap: usize,
    /// Its size.
    pub size: u64,
    /// Its element's name (`"a"`, `"b^2"`).
    pub element: String,
}

/// The misère-quotient lesson: each heap's element, their product, and
/// whether it lies in the P-portion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientLesson {
    /// The game's name, as in the other lessons.
    pub game: String,
    /// Its canonical spec (for the `grundy quotient` command shown).
    pub spec: String,
    /// The quotient's order `|Q|`.
    pub order: usize,
    /// The heaps it covers.
    pub max_heap: u64,
    /// The P-portion, by name.
    pub p_portion: Vec<String>,
    /// The heaps, each with its element.
    pub rows: Vec<QuotientRow>,
    /// The product of the heaps' elements.
    pub product: String,
    /// Who wins.
    pub outcome: Outcome,
    /// Each winning move with the product it leaves (in the P-portion).
    pub moves: Vec<(HeapMove, String)>,
    /// In a P-position with a move: the engine's move and the opponent's
    /// winning reply to it.
    pub refutation: Option<(HeapMove, HeapMove)>,
}

/// One heap with its Grundy value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueRow {
    /// The 0-based heap index.
    pub heap: usize,
    /// Its size.
    pub size: u64,
    /// `G(size)`.
    pub value: Nimber,
}

/// A move with the value of the heap before it and of what it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueMove {
    /// The move.
    pub mv: HeapMove,
    /// The value of the heap moved in.
    pub before: Nimber,
    /// The value of the heaps it leaves (the xor of their values).
    pub after: Nimber,
    /// The xor of the whole position after the move.
    pub total_after: Nimber,
}

/// The Sprague–Grundy lesson for a heap game under normal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueLesson {
    /// The game spec.
    pub game: String,
    /// Each heap (empty ones included), in position order.
    pub rows: Vec<ValueRow>,
    /// The xor of the values.
    pub total: Nimber,
    /// Binary digits needed for the largest value (at least 1).
    pub width: u32,
    /// Every winning move with its values.
    pub moves: Vec<ValueMove>,
    /// In a P-position with a move: the engine's move, to show that it
    /// makes the xor non-zero.
    pub losing_example: Option<ValueMove>,
}

/// What an exhaustive search says about a misère position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLesson {
    /// The game spec.
    pub game: String,
    /// Who wins.
    pub outcome: Outcome,
    /// In a P-position with a move: the engine's move and the opponent's
    /// winning reply to it.
    pub refutation: Option<(HeapMove, HeapMove)>,
}

pub(super) fn build(m: &Match) -> Hint {
    let winning_moves = m.winning_moves();
    let suggestion = m.engine_move();
    let heaps = m.heaps();
    let lesson = if *m.ruleset() == HeapRuleset::Nim {
        Lesson::Nim(explain(heaps, m.convention()))
    } else if m.convention() == Convention::Normal {
        let g = |n: u64| m.value(n).unwrap_or_default();
        let rows: Vec<ValueRow> = heaps
            .iter()
            .enumerate()
            .map(|(heap, &size)| ValueRow {
                heap,
                size,
                value: g(size),
            })
            .collect();
        let total: Nimber = rows.iter().map(|r| r.value).sum();
        let with_values = |mv: HeapMove| {
            let before = g(mv.from);
            let after: Nimber = mv.leaves.as_slice().iter().map(|&h| g(h)).sum();
            ValueMove {
                mv,
                before,
                after,
                total_after: total + before + after,
            }
        };
        let max = rows
            .iter()
            .map(|r| r.value.0)
            .max()
            .unwrap_or(0)
            .max(total.0);
        ValueLesson {
            game: m.name().to_string(),
            width: (64 - max.leading_zeros()).max(1),
            moves: winning_moves.iter().copied().map(with_values).collect(),
            losing_example: if winning_moves.is_empty() {
                suggestion.map(with_values)
            } else {
                None
            },
            rows,
            total,
        }
        .into()
    } else {
        let refutation = if winning_moves.is_empty() {
            suggestion.and_then(|mv| {
                let after = m.after(&mv);
                m.winning_moves_in(&after).first().map(|&reply| (mv, reply))
            })
        } else {
            None
        };
        if let Some(q) = m.quotient() {
            let class = |heaps: &[u64]| {
                q.class(heaps)
                    .map(|x| q.name(x).to_string())
                    .unwrap_or_default()
            };
            Lesson::Quotient(QuotientLesson {
                game: m.name().to_string(),
                spec: q.game().to_string(),
                order: q.order(),
                max_heap: q.max_heap(),
                p_portion: q
                    .p_portion()
                    .iter()
                    .map(|&x| q.name(x).to_string())
                    .collect(),
                rows: heaps
                    .iter()
                    .enumerate()
                    .map(|(heap, &size)| QuotientRow {
                        heap,
                        size,
                        element: class(&[size]),
                    })
                    .collect(),
                product: class(heaps),
                outcome: m.outcome(),
                moves: winning_moves
                    .iter()
                    .map(|&mv| (mv, class(&m.after(&mv))))
                    .collect(),
                refutation,
            })
        } else {
            Lesson::Search(SearchLesson {
                game: m.name().to_string(),
                outcome: m.outcome(),
                refutation,
            })
        }
    };
    Hint {
        lesson,
        winning_moves,
        suggestion,
    }
}

impl Lesson {
    /// The lesson alone as text, without the closing "Hint:" line of
    /// [`Hint::render_with`] (whose "type '1 1'" is for a terminal): for a
    /// front end that shows the move its own way, such as a web page.
    ///
    /// ```
    /// use grundy::play::{Match, Player};
    /// use grundy::Convention;
    ///
    /// let m = Match::new("kayles".parse()?, vec![5, 2], Convention::Normal, Player::User)?;
    /// let text = m.hint().lesson.to_string();
    /// assert!(text.contains("The xor is 6, not 0"), "{text}");
    /// assert!(!text.contains("type '"), "{text}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
        match self {
            Lesson::Nim(e) => e.render_with(paint),
            Lesson::Values(v) => v.render_with(paint),
            Lesson::Search(s) => s.render_with(paint),
            Lesson::Quotient(q) => q.render_with(paint),
        }
    }
}

impl fmt::Display for Lesson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.render_with(&mut |_, s| s.to_string()).trim_end())
    }
}

impl From<ValueLesson> for Lesson {
    fn from(v: ValueLesson) -> Lesson {
        Lesson::Values(v)
    }
}

impl Hint {
    /// Whether the player to move has a winning move.
    pub fn winning(&self) -> bool {
        !self.winning_moves.is_empty()
    }

    /// The hint as plain text, with `paint(role, text)` applied to the parts
    /// a front end may decorate (as in [`Explanation::render_with`]). Heaps
    /// are numbered from 1.
    ///
    /// ```
    /// use grundy::play::{Match, Player};
    /// use grundy::Convention;
    ///
    /// let m = Match::new("sub{1,3,4}".parse()?, vec![5, 2], Convention::Normal, Player::User)?;
    /// let text = m.hint().to_string();
    /// assert!(text.contains("G = 3"), "{text}");
    /// assert!(text.contains("type '1 3'"), "{text}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
        let mut out = self.lesson.render_with(paint);
        while !out.ends_with("\n\n") {
            out.push('\n');
        }
        match (self.winning_moves.first(), self.suggestion) {
            (Some(best), _) => {
                let line = format!("Hint: {best} — type '{}'.", best.syntax());
                para(&mut out, paint, Some(Role::Move), &line);
            }
            (None, Some(mv)) => {
                let line = format!(
                    "Hint: no move wins against best play. To keep the game long and hope \
                     for a mistake: {mv} — type '{}'.",
                    mv.syntax()
                );
                para(&mut out, paint, None, &line);
            }
            (None, None) => {}
        }
        out.pop();
        out
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_with(&mut |_, s| s.to_string()))
    }
}

fn binary(n: Nimber, width: u32) -> String {
    format!("{:0w$b}", n.0, w = width as usize)
}

fn heading(convention: Convention, game: &str) -> String {
    match convention {
        Convention::Normal => format!("{game}, normal play: whoever takes the last token wins."),
        Convention::Misere => format!("{game}, misère play: whoever makes the last move loses."),
    }
}

impl ValueLesson {
    /// The lesson as text; see [`Hint::render_with`].
    pub fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
        let mut out = String::new();
        out.push_str(&paint(
            Role::Heading,
            &heading(Convention::Normal, &self.game),
        ));
        out.push_str("\n\n");
        para(
            &mut out,
            paint,
            None,
            "By the Sprague–Grundy theorem each heap plays like a Nim heap of its Grundy value \
             G: the least value that none of its options (the positions one move away) has. \
             So the position plays like Nim on these values:",
        );
        let top = (self.total.0 > 0).then(|| 63 - self.total.0.leading_zeros());
        let size_w = self
            .rows
            .iter()
            .map(|r| r.size.to_string().len())
            .max()
            .unwrap_or(1);
        let num_w = self.rows.len().to_string().len();
        let val_w = self
            .rows
            .iter()
            .map(|r| r.value.0.to_string().len())
            .max()
            .unwrap_or(1);
        let paint_bits = |paint: &mut dyn FnMut(Role, &str) -> String, bits: &str, total: bool| {
            let mut s = String::new();
            for (i, c) in bits.chars().enumerate() {
                let bit = (self.width as usize - 1 - i) as u32;
                let digit = c.to_string();
                if Some(bit) == top && (c == '1' || total) {
                    s.push_str(&paint(Role::TopBit, &digit));
                } else {
                    s.push_str(&digit);
                }
            }
            s
        };
        for r in &self.rows {
            let bits = binary(r.value, self.width);
            out.push_str(&format!(
                "  heap {:>num_w$}  {:>size_w$} tokens  G = {:>val_w$}  {}\n",
                r.heap + 1,
                r.size,
                r.value.0,
                paint_bits(paint, &bits, false)
            ));
        }
        // The xor row lines up its digits under the values' digits.
        let label_w = 22 + num_w + size_w + val_w;
        let bits = binary(self.total, self.width);
        out.push_str(&format!("{:>label_w$}  ", "xor"));
        out.push_str(&paint_bits(paint, &bits, true));
        out.push_str(&paint(Role::NimSum, &format!(" = {}", self.total.0)));
        out.push_str("\n\n");
        if let Some(t) = top {
            let holders: Vec<String> = self
                .rows
                .iter()
                .filter(|r| r.value.0 >> t & 1 == 1)
                .map(|r| (r.heap + 1).to_string())
                .collect();
            para(
                &mut out,
                paint,
                Some(Role::Win),
                &format!(
                    "The xor is {}, not 0: the player to move wins (an N-position).",
                    self.total.0
                ),
            );
            para(
                &mut out,
                paint,
                None,
                &format!(
                    "A winning move changes one heap of value G into heaps worth G xor {} in \
                     all, which makes the xor 0. A heap whose value has the top bit of the \
                     xor (bit {t}: heap {}) always has one: G xor {} is smaller than G, and \
                     every value below G is among its options — that is what the mex means. \
                     The winning moves:",
                    self.total.0,
                    holders.join(", "),
                    self.total.0
                ),
            );
            for vm in &self.moves {
                let leaves = if vm.mv.splits() {
                    let parts: Vec<String> = vm
                        .mv
                        .leaves
                        .as_slice()
                        .iter()
                        .map(|h| format!("G({h})"))
                        .collect();
                    format!("{} = {}", parts.join(" xor "), vm.after.0)
                } else {
                    vm.after.0.to_string()
                };
                let line = format!(
                    "  heap {}: {} -> {} (take {}), value {} -> {} = {} xor {}",
                    vm.mv.heap + 1,
                    vm.mv.from,
                    vm.mv.leaves_text(),
                    vm.mv.taken(),
                    vm.before.0,
                    leaves,
                    vm.before.0,
                    self.total.0
                );
                out.push_str(&paint(Role::Move, &line));
                out.push('\n');
            }
            out.push('\n');
            para(
                &mut out,
                paint,
                None,
                "The opponent then faces a xor of 0: any move changes the value of one heap \
                 and makes the xor non-zero again, and you can bring it back to 0 every \
                 time, until they have no move left.",
            );
        } else {
            para(
                &mut out,
                paint,
                Some(Role::Lose),
                "The xor is 0: the player to move loses against best play (a P-position), \
                 and there is no winning move.",
            );
            let mut why = String::from(
                "Why: a move changes exactly one heap, and no option of a heap has the \
                 heap's own value (the mex is missing from its options by definition), so \
                 after any move the xor is not 0 and the opponent has a move back to 0.",
            );
            if let Some(ex) = &self.losing_example {
                why.push_str(&format!(
                    " For example heap {}: {} -> {} changes its value from {} to {} and \
                     leaves a xor of {}.",
                    ex.mv.heap + 1,
                    ex.mv.from,
                    ex.mv.leaves_text(),
                    ex.before.0,
                    ex.after.0,
                    ex.total_after.0
                ));
            }
            para(&mut out, paint, None, &why);
        }
        out
    }
}

/// The start of a misère lesson: its heading and the paragraph that says
/// how the position was decided.
fn misere_intro(game: &str, paint: &mut dyn FnMut(Role, &str) -> String, how: &str) -> String {
    let mut out = paint(Role::Heading, &heading(Convention::Misere, game));
    out.push_str("\n\n");
    para(&mut out, paint, None, how);
    out
}

/// In a P-position, the engine's move and the opponent's answer to it.
fn refutation_para(
    out: &mut String,
    paint: &mut dyn FnMut(Role, &str) -> String,
    refutation: &Option<(HeapMove, HeapMove)>,
) {
    if let Some((mv, reply)) = refutation {
        para(
            out,
            paint,
            None,
            &format!("For example, after {mv} the opponent answers {reply}."),
        );
    }
}

impl SearchLesson {
    /// The lesson as text; see [`Hint::render_with`].
    pub fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
        let mut out = misere_intro(
            &self.game,
            paint,
            "Grundy values decide normal play only: in misère play the values of the heaps \
             do not add up, so this position was decided by searching every position \
             reachable from it. A position is won when some move leaves a lost one, and a \
             position with no move is won by the player to move (the opponent took the \
             last token).",
        );
        match self.outcome {
            Outcome::N => para(
                &mut out,
                paint,
                Some(Role::Win),
                "The player to move wins (an N-position): each winning move below leaves a \
                 position in which every reply can be answered.",
            ),
            Outcome::P => {
                para(
                    &mut out,
                    paint,
                    Some(Role::Lose),
                    "The player to move loses against best play (a P-position): every move \
                     leaves a position with a winning reply.",
                );
                refutation_para(&mut out, paint, &self.refutation);
            }
        }
        out
    }
}

impl QuotientLesson {
    /// The lesson as text; see [`Hint::render_with`].
    pub fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
        let mut out = misere_intro(
            &self.game,
            paint,
            &format!(
                "In misère play the Grundy values of the heaps do not add up. Instead each \
                 heap pretends to be an element of the game's misère quotient (Plambeck and \
                 Siegel), here of order {} for heaps up to {}: a sum is the product of its \
                 heaps' elements, and it is a P-position (lost for the player to move) \
                 exactly when the product lies in the P-portion {{{}}}. \
                 `grundy quotient {} --max-heap {}` shows the whole quotient.",
                self.order,
                self.max_heap,
                self.p_portion.join(", "),
                self.spec,
                self.max_heap
            ),
        );
        let width = self
            .rows
            .iter()
            .map(|r| r.size.to_string().len())
            .max()
            .unwrap_or(1);
        for r in &self.rows {
            out.push_str(&format!(
                "  heap {} ({:>width$} tokens): {}\n",
                r.heap + 1,
                r.size,
                r.element
            ));
        }
        out.push_str(&format!(
            "  product: {}\n\n",
            paint(Role::NimSum, &self.product)
        ));
        match self.outcome {
            Outcome::N => {
                para(
                    &mut out,
                    paint,
                    Some(Role::Win),
                    &format!(
                        "{} is not in the P-portion, so the player to move wins (an \
                         N-position): each winning move leaves a product in it.",
                        self.product
                    ),
                );
                for (mv, after) in self.moves.iter().take(5) {
                    out.push_str(&format!("  {mv}: the product becomes {after}\n"));
                }
                if self.moves.len() > 5 {
                    out.push_str(&format!("  ... and {} more\n", self.moves.len() - 5));
                }
                out.push('\n');
            }
            Outcome::P => {
                para(
                    &mut out,
                    paint,
                    Some(Role::Lose),
                    &format!(
                        "{} is in the P-portion, so the player to move loses against best \
                         play (a P-position): every move leaves a product outside it, which \
                         the opponent can bring back.",
                        self.product
                    ),
                );
                refutation_para(&mut out, paint, &self.refutation);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Player;

    fn game(spec: &str, heaps: &[u64], c: Convention) -> Match {
        Match::new(spec.parse().unwrap(), heaps.to_vec(), c, Player::User).unwrap()
    }

    #[test]
    fn nim_hint_is_the_explain_lesson() {
        let m = game("nim", &[3, 5, 7], Convention::Normal);
        let h = m.hint();
        assert_eq!(
            h.lesson,
            Lesson::Nim(explain(&[3u64, 5, 7], Convention::Normal))
        );
        assert_eq!(h.winning_moves.len(), 3);
        let text = h.to_string();
        assert!(text.contains("nim-sum"), "{text}");
        assert!(text.contains("type '1 1'"), "{text}");
    }

    #[test]
    fn value_lesson_moves_reach_zero() {
        // sub{1,3,4}: G = 0 1 0 1 2 3 2 (period 7). Heaps 5, 6: 3 xor 2 = 1.
        let m = game("sub{1,3,4}", &[5, 6], Convention::Normal);
        let Lesson::Values(v) = m.hint().lesson else {
            panic!("expected a value lesson")
        };
        assert_eq!(v.rows.iter().map(|r| r.value.0).collect::<Vec<_>>(), [3, 2]);
        assert_eq!(v.total, Nimber(1));
        assert!(!v.moves.is_empty());
        for vm in &v.moves {
            assert!(vm.total_after.is_zero());
            assert_eq!(vm.after, vm.before + v.total);
        }
        let text = m.hint().to_string();
        assert!(text.contains("The xor is 1, not 0"), "{text}");
    }

    #[test]
    fn p_position_lessons_show_a_refutation() {
        let m = game("kayles", &[4], Convention::Misere);
        let h = m.hint();
        assert!(!h.winning());
        let Lesson::Search(s) = &h.lesson else {
            panic!("expected a search lesson")
        };
        let (mv, reply) = s.refutation.expect("a move and its answer");
        let after = m.after(&mv);
        assert_eq!(reply.from, after[reply.heap]);
        assert!(h.to_string().contains("the opponent answers"));

        let m = game("sub{1,3,4}", &[2, 7], Convention::Normal);
        let h = m.hint();
        let Lesson::Values(v) = &h.lesson else {
            panic!("expected a value lesson")
        };
        assert!(v.total.is_zero());
        assert!(!v.losing_example.expect("an example").total_after.is_zero());
        assert!(h.to_string().contains("no move wins"));
    }
}
