//! The Nim lesson ([`grundy::nim::explain()`]) as text.

use grundy::nim::explain::{BinaryRow, Explanation, Reasoning};
use grundy::Convention;

use crate::{para, Render, Role};

/// "bit 2 (the 4s place)", or with a power for bits beyond 63.
fn bit_name(k: u64) -> String {
    if k < 64 {
        format!("bit {k} (the {}s place)", 1u64 << k)
    } else {
        format!("bit {k} (the 2^{k}s place)")
    }
}

/// "1", "1 and 2", "1, 2 and 3" (1-based heap numbers).
fn heap_list(heaps: &[usize]) -> String {
    let names: Vec<String> = heaps.iter().map(|h| (h + 1).to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Render for Explanation {
    /// The lesson as plain text, with `paint(role, text)` applied to the
    /// parts a front end may decorate; `paint` returns the decorated text
    /// (for example with ANSI colours). Heaps are numbered from 1 in the
    /// text.
    ///
    /// ```
    /// use grundy::nim::explain;
    /// use grundy::Convention;
    /// use grundy_text::{Render, Role};
    ///
    /// let e = explain(&[1u64, 2, 3], Convention::Normal);
    /// let html = e.render_with(&mut |role, s| match role {
    ///     Role::Lose => format!("<b>{s}</b>"),
    ///     _ => s.to_string(),
    /// });
    /// assert!(html.contains("<b>The nim-sum is 0"));
    /// ```
    fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
        let mut out = String::new();
        let misere = self.convention == Convention::Misere;
        let title = if misere {
            "Nim, misère play: whoever takes the last token loses."
        } else {
            "Nim, normal play: whoever takes the last token wins."
        };
        out.push_str(&paint(Role::Heading, title));
        out.push_str("\n\n");
        out.push_str("Each heap in binary, one column per power of two:\n\n");
        Parts::render_table(self, &mut out, paint);
        out.push('\n');
        para(
            &mut out,
            paint,
            None,
            "The nim-sum is the xor of the heaps: a digit of the nim-sum is 1 exactly \
             when its column holds an odd number of 1s.",
        );

        let n = |i: usize| i + 1;
        match &self.reasoning {
            Reasoning::NonZeroNimSum | Reasoning::ZeroNimSum => {
                if misere {
                    para(
                        &mut out,
                        paint,
                        None,
                        "At least two heaps have 2 or more tokens, so misère play follows \
                         the normal-play rule here. A move changes only one heap, so after \
                         it at least one heap still has 2 or more tokens, and in every such \
                         position the misère player to move loses exactly when the nim-sum \
                         is 0, as in normal play. (The rules part only at the very end, when \
                         a move leaves nothing but heaps of 0 or 1 tokens: in misère play \
                         that move must leave an odd number of 1-heaps.)",
                    );
                }
                if let Reasoning::NonZeroNimSum = self.reasoning {
                    let top = self.top_bit.unwrap_or(0);
                    para(
                        &mut out,
                        paint,
                        Some(Role::Win),
                        &format!(
                            "The nim-sum is {}, not 0: the player to move wins (an N-position).",
                            self.nim_sum.decimal
                        ),
                    );
                    para(
                        &mut out,
                        paint,
                        None,
                        &format!(
                            "The top bit of the nim-sum S is {}. It is set in {} {}. In such a \
                             heap p, flip every digit where S has a 1: that gives p xor S. Its \
                             digit at the top bit goes from 1 to 0 and only lower digits \
                             change, so p xor S is smaller than p and the move is legal. Every \
                             column that held an odd number of 1s loses or gains exactly one 1, \
                             so after the move every column is even: the new nim-sum is 0.",
                            bit_name(top),
                            if self.heaps_with_top_bit.len() == 1 {
                                "heap"
                            } else {
                                "heaps"
                            },
                            heap_list(&self.heaps_with_top_bit)
                        ),
                    );
                    Parts::render_moves(self, &mut out, paint, false);
                    para(
                        &mut out,
                        paint,
                        None,
                        if misere {
                            "Each of these hands the opponent a nim-sum of 0, a P-position: \
                             whatever they take, you answer by the same rule, and once only \
                             one heap of 2 or more is left you leave them an odd number of \
                             1-heaps, so that they take the last token."
                        } else {
                            "Each of these hands the opponent a nim-sum of 0, a P-position: \
                             whatever they take, the nim-sum becomes non-zero again and you \
                             can bring it back to 0, until you take the last token."
                        },
                    );
                } else {
                    para(
                        &mut out,
                        paint,
                        Some(Role::Lose),
                        "The nim-sum is 0: the player to move loses against best play (a \
                         P-position), and there is no winning move.",
                    );
                    let mut why = String::from(
                        "Why: a move changes exactly one heap, so it changes at least one \
                         digit of that heap's row and no digit of the other rows; that \
                         digit's column then holds an odd number of 1s, so after any move \
                         the nim-sum is not 0.",
                    );
                    if let Some(ex) = &self.losing_example {
                        why.push_str(&format!(
                            " For example heap {}: {} -> {} leaves the nim-sum {} = {}.",
                            n(ex.heap),
                            ex.from.decimal,
                            ex.to.decimal,
                            ex.new_nim_sum.binary,
                            ex.new_nim_sum.decimal
                        ));
                    }
                    why.push_str(if misere {
                        " The opponent then has a winning reply, by the same rule while two \
                         heaps of 2 or more remain and by the misère endgame rule after."
                    } else {
                        " The opponent then has a move back to nim-sum 0, and so on, until \
                         the player to move faces only empty heaps."
                    });
                    para(&mut out, paint, None, &why);
                }
            }
            Reasoning::MisereOneLargeHeap { heap, ones } => {
                let target = if ones % 2 == 0 { 1 } else { 0 };
                para(
                    &mut out,
                    paint,
                    Some(Role::Win),
                    "Exactly one heap has 2 or more tokens: the player to move wins (an \
                     N-position).",
                );
                para(
                    &mut out,
                    paint,
                    None,
                    &format!(
                        "This is the misère endgame. Heap {} (size {}) is the only heap with \
                         2 or more tokens, and there {} {}. Whoever faces an odd number of \
                         1-heaps and nothing bigger loses: the players must take them one at \
                         a time, and the last one falls to that player. So reduce heap {} to \
                         {target}, leaving {} — an odd number. (Normal play would reduce it to \
                         p xor S = {}, leaving an even number: in misère play that loses.)",
                        n(*heap),
                        self.heaps[*heap].decimal,
                        if *ones == 1 { "is" } else { "are" },
                        plural(*ones, "heap of size 1", "heaps of size 1"),
                        n(*heap),
                        plural(ones + target, "1-heap", "1-heaps"),
                        1 - target
                    ),
                );
                Parts::render_moves(self, &mut out, paint, true);
            }
            Reasoning::MisereAllSmall { ones } => {
                if *ones == 0 {
                    para(
                        &mut out,
                        paint,
                        Some(Role::Win),
                        "Every heap is empty: the player to move cannot move, and in misère \
                         play that player wins (an N-position, with no move to make).",
                    );
                } else if ones % 2 == 0 {
                    para(
                        &mut out,
                        paint,
                        Some(Role::Win),
                        &format!(
                            "Every heap has 0 or 1 token and there are {}, an even number: \
                             the player to move wins (an N-position).",
                            plural(*ones, "heap of size 1", "heaps of size 1")
                        ),
                    );
                    para(
                        &mut out,
                        paint,
                        None,
                        "Each move empties one 1-heap, so the players simply alternate and \
                         whoever takes the last token loses. Taking any one leaves an odd \
                         number, and the opponent ends up taking the last.",
                    );
                    Parts::render_moves(self, &mut out, paint, true);
                } else {
                    para(
                        &mut out,
                        paint,
                        Some(Role::Lose),
                        &format!(
                            "Every heap has 0 or 1 token and there {} {}, an odd number: the \
                             player to move loses (a P-position), and there is no winning \
                             move.",
                            if *ones == 1 { "is" } else { "are" },
                            plural(*ones, "heap of size 1", "heaps of size 1")
                        ),
                    );
                    para(
                        &mut out,
                        paint,
                        None,
                        "Each move empties one 1-heap, so the players simply alternate, and \
                         with an odd number the player to move takes the last token, which \
                         loses in misère play.",
                    );
                }
            }
            // An argument added to the library later: the table and the
            // moves above still say what to play.
            _ => {}
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
        out
    }
}

/// The pieces of the Nim lesson.
trait Parts {
    fn render_table(&self, out: &mut String, paint: &mut dyn FnMut(Role, &str) -> String);
    fn render_moves(
        &self,
        out: &mut String,
        paint: &mut dyn FnMut(Role, &str) -> String,
        by_ones: bool,
    );
}

impl Parts for Explanation {
    /// The aligned table: heaps, a rule, the nim-sum, the top-bit mark.
    fn render_table(&self, out: &mut String, paint: &mut dyn FnMut(Role, &str) -> String) {
        let label_w = "nim-sum".len().max(self.heaps.len().to_string().len() + 5);
        let dec_w = self
            .heaps
            .iter()
            .chain([&self.nim_sum])
            .map(|r| r.decimal.len())
            .max()
            .unwrap_or(1)
            .max("size".len());
        let width = self.width as usize;
        // The column of the top bit within the binary string.
        let top_col = self.top_bit.map(|t| width - 1 - t as usize);
        let header = format!(
            "  {}  {}  binary",
            left("heap", label_w),
            right("size", dec_w)
        );
        out.push_str(header.trim_end());
        out.push('\n');
        let digits =
            |row: &BinaryRow, has_top: bool, paint: &mut dyn FnMut(Role, &str) -> String| {
                match top_col {
                    Some(c) if has_top => format!(
                        "{}{}{}",
                        &row.binary[..c],
                        paint(Role::TopBit, &row.binary[c..=c]),
                        &row.binary[c + 1..]
                    ),
                    _ => row.binary.clone(),
                }
            };
        for (i, row) in self.heaps.iter().enumerate() {
            let has_top = self.heaps_with_top_bit.contains(&i);
            let bits = digits(row, has_top, paint);
            out.push_str(&format!(
                "  {}  {}  {bits}\n",
                left(&(i + 1).to_string(), label_w),
                right(&row.decimal, dec_w)
            ));
        }
        out.push_str(&format!(
            "  {}  {}  {}\n",
            "-".repeat(label_w),
            "-".repeat(dec_w),
            "-".repeat(width)
        ));
        let sum_line = format!(
            "  {}  {}  {}",
            left("nim-sum", label_w),
            right(&self.nim_sum.decimal, dec_w),
            self.nim_sum.binary
        );
        out.push_str(&paint(Role::NimSum, &sum_line));
        out.push('\n');
        if let (Some(c), Some(t)) = (top_col, self.top_bit) {
            let mark = format!(
                "{}^ top bit of the nim-sum: {}",
                " ".repeat(2 + label_w + 2 + dec_w + 2 + c),
                bit_name(t)
            );
            out.push_str(&paint(Role::NimSum, &mark));
            out.push('\n');
        }
    }

    /// The list of winning moves; `by_ones` explains them by the 1-heaps
    /// they leave (misère endgame) rather than by the nim-sum.
    fn render_moves(
        &self,
        out: &mut String,
        paint: &mut dyn FnMut(Role, &str) -> String,
        by_ones: bool,
    ) {
        out.push_str(&paint(
            Role::Heading,
            &format!(
                "Winning moves ({}):",
                plural(self.moves.len() as u64, "move", "moves")
            ),
        ));
        out.push('\n');
        let from_w = self
            .moves
            .iter()
            .map(|m| m.from.decimal.len())
            .max()
            .unwrap_or(0);
        let to_w = self
            .moves
            .iter()
            .map(|m| m.to.decimal.len())
            .max()
            .unwrap_or(0);
        for m in &self.moves {
            let what = format!(
                "heap {}: {} -> {} (take {})",
                m.heap + 1,
                right(&m.from.decimal, from_w),
                left(&m.to.decimal, to_w),
                m.taken
            );
            let why = if by_ones {
                format!("leaves {}", plural(m.ones_left, "1-heap", "1-heaps"))
            } else {
                format!(
                    "{} -> {}, new nim-sum {} = {}",
                    m.from.binary, m.to.binary, m.new_nim_sum.binary, m.new_nim_sum.decimal
                )
            };
            out.push_str("  ");
            out.push_str(&paint(Role::Move, &what));
            out.push_str("   ");
            out.push_str(&why);
            out.push('\n');
        }
        out.push('\n');
    }
}

/// `text` padded with spaces on the right to `width` characters. (The
/// standard library's `{:<w$}` panics for widths past 65535, which the
/// decimal digits of a huge heap reach.)
fn left(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(text.chars().count());
    format!("{text}{}", " ".repeat(pad))
}

/// `text` padded with spaces on the left to `width` characters (see
/// [`left`]).
fn right(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(text.chars().count());
    format!("{}{text}", " ".repeat(pad))
}
