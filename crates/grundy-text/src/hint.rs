//! Hints ([`grundy::play::Hint`]) as text: the lesson behind the winning
//! move, and the line that suggests it.

use grundy::heap::HeapMove;
use grundy::play::{Hint, Lesson, QuotientLesson, SearchLesson, ValueLesson};
use grundy::{Convention, Nimber, Outcome};

use crate::{para, Render, Role};

impl Render for Lesson {
    /// The lesson alone as text, without the closing "Hint:" line of the
    /// [`Hint`] (whose "type '1 1'" is for a terminal): for a front end that
    /// shows the move its own way, such as a web page.
    ///
    /// ```
    /// use grundy::play::{Match, Player};
    /// use grundy::Convention;
    /// use grundy_text::Render;
    ///
    /// let m = Match::new("kayles".parse()?, vec![5, 2], Convention::Normal, Player::User)?;
    /// let text = m.hint().lesson.text();
    /// assert!(text.contains("The xor is 6, not 0"), "{text}");
    /// assert!(!text.contains("type '"), "{text}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
        match self {
            Lesson::Nim(e) => e.render_with(paint),
            Lesson::Values(v) => v.render_with(paint),
            Lesson::Search(s) => s.render_with(paint),
            Lesson::Quotient(q) => q.render_with(paint),
        }
    }

    /// The plain text without its closing blank lines.
    fn text(&self) -> String {
        self.render_with(&mut |_, s| s.to_string())
            .trim_end()
            .to_string()
    }
}

impl Render for Hint {
    /// The lesson, then a line with the move to play and how to type it.
    /// Heaps are numbered from 1.
    ///
    /// ```
    /// use grundy::play::{Match, Player};
    /// use grundy::Convention;
    /// use grundy_text::Render;
    ///
    /// let m = Match::new("sub{1,3,4}".parse()?, vec![5, 2], Convention::Normal, Player::User)?;
    /// let text = m.hint().text();
    /// assert!(text.contains("G = 3"), "{text}");
    /// assert!(text.contains("type '1 3'"), "{text}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
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

fn binary(n: Nimber, width: u32) -> String {
    format!("{:0w$b}", n.0, w = width as usize)
}

fn heading(convention: Convention, game: &str) -> String {
    match convention {
        Convention::Normal => format!("{game}, normal play: whoever takes the last token wins."),
        Convention::Misere => format!("{game}, misère play: whoever makes the last move loses."),
    }
}

impl Render for ValueLesson {
    /// The lesson as text; see the [`Hint`] renderer.
    fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
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

impl Render for SearchLesson {
    /// The lesson as text; see the [`Hint`] renderer.
    fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
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

impl Render for QuotientLesson {
    /// The lesson as text; see the [`Hint`] renderer.
    fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
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
