//! The lesson behind a Nim answer, as data and as text.
//!
//! [`explain`] builds an [`Explanation`]: the heaps in binary in aligned
//! columns, the nim-sum row, the top bit of the nim-sum and the heaps that
//! have it, and for each winning move the new size and the nim-sum it
//! leaves (computed, not asserted); for a P-position an example of a move
//! and the non-zero nim-sum it leaves; in misère play, which case of the
//! rule applies. Every field is public so that other front ends (a web
//! page, an interactive game giving hints) can lay it out their own way.
//!
//! [`Explanation::render_with`] writes the standard plain-text lesson and
//! lets the caller decorate parts of it (terminal colours, HTML) by
//! [`Role`]; `Display` is the undecorated text.

use std::fmt;

use super::{HeapSize, NimSummary};
use crate::{Convention, Outcome};

/// A number shown in decimal and in binary (the binary padded to the width
/// of the whole table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryRow {
    /// The number in decimal.
    pub decimal: String,
    /// The number in binary, most significant digit first, padded with 0s
    /// to [`Explanation::width`] digits.
    pub binary: String,
}

impl BinaryRow {
    fn new<H: HeapSize>(n: &H, width: u64) -> Self {
        let binary = (0..width)
            .rev()
            .map(|i| if n.bit(i) { '1' } else { '0' })
            .collect();
        BinaryRow {
            decimal: n.to_string(),
            binary,
        }
    }
}

/// Which argument of the theory decides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reasoning {
    /// The nim-sum is not 0 (normal play, or misère with two or more heaps
    /// of size 2 or more): each heap having the top bit of the nim-sum
    /// `S` goes to `p xor S`, which makes the nim-sum 0.
    NonZeroNimSum,
    /// The nim-sum is 0 (normal play, or misère with two or more heaps of
    /// size 2 or more): every move makes it non-zero.
    ZeroNimSum,
    /// Misère with exactly one heap of 2 or more tokens: reduce it to 0 or
    /// 1 so as to leave an odd number of 1-heaps.
    MisereOneLargeHeap {
        /// The 0-based index of the only heap of size 2 or more.
        heap: usize,
        /// How many heaps have exactly one token.
        ones: u64,
    },
    /// Misère with every heap 0 or 1: the mover wins exactly when the
    /// number of 1-heaps is even.
    MisereAllSmall {
        /// How many heaps have exactly one token.
        ones: u64,
    },
}

/// One move shown in the lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveStep {
    /// The 0-based index of the heap.
    pub heap: usize,
    /// The heap before the move.
    pub from: BinaryRow,
    /// The heap after the move.
    pub to: BinaryRow,
    /// How many tokens the move takes, in decimal.
    pub taken: String,
    /// The nim-sum of the position after the move.
    pub new_nim_sum: BinaryRow,
    /// How many 1-heaps the move leaves (shown for misère endgame moves,
    /// where that count, not the nim-sum, decides).
    pub ones_left: u64,
}

/// The step-by-step lesson for one Nim position; see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// Normal or misère play.
    pub convention: Convention,
    /// The number of binary digits in every row (at least 1).
    pub width: u64,
    /// Each heap, in position order.
    pub heaps: Vec<BinaryRow>,
    /// The xor of the heaps.
    pub nim_sum: BinaryRow,
    /// The index of the top bit of the nim-sum (bit 0 is the units), if the
    /// nim-sum is not 0.
    pub top_bit: Option<u64>,
    /// The 0-based indices of the heaps that have the top bit of the
    /// nim-sum set.
    pub heaps_with_top_bit: Vec<usize>,
    /// Who wins.
    pub outcome: Outcome,
    /// Which argument decides.
    pub reasoning: Reasoning,
    /// Every winning move, in heap order.
    pub moves: Vec<MoveStep>,
    /// For a position with no winning move but some move: one example
    /// move (take one token from the first non-empty heap) and what it
    /// leaves, to show why moving loses.
    pub losing_example: Option<MoveStep>,
}

/// The parts of the lesson a front end may want to decorate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Role {
    /// A digit in the column of the top bit of the nim-sum, in a heap that
    /// has it (or in the nim-sum row).
    TopBit,
    /// The nim-sum row and the mark under its top bit.
    NimSum,
    /// A sentence saying that the player to move wins.
    Win,
    /// A sentence saying that the player to move loses.
    Lose,
    /// A winning move.
    Move,
    /// A section heading.
    Heading,
}

/// Builds the lesson for `heaps`.
///
/// # Complexity
/// O(n · w) for n heaps of w binary digits (every digit is written out);
/// meant for positions a person reads, not for 10^7 heaps.
///
/// # Examples
///
/// ```
/// use grundy::nim::explain;
/// use grundy::Convention;
///
/// let e = explain(&[3u64, 5, 7], Convention::Normal);
/// assert_eq!(e.nim_sum.binary, "001");
/// assert_eq!(e.top_bit, Some(0));
/// assert_eq!(e.heaps_with_top_bit, [0, 1, 2]);
/// assert_eq!(e.moves[0].to.decimal, "2");
/// assert!(e.moves.iter().all(|m| m.new_nim_sum.binary == "000"));
/// assert!(e.to_string().contains("nim-sum"));
/// ```
pub fn explain<H: HeapSize>(heaps: &[H], convention: Convention) -> Explanation {
    let summary = NimSummary::of(heaps);
    let s = summary.nim_sum();
    let width = heaps
        .iter()
        .map(HeapSize::bit_len)
        .max()
        .unwrap_or(0)
        .max(1);
    let top_bit = s.bit_len().checked_sub(1);
    let heaps_with_top_bit = match top_bit {
        Some(t) => (0..heaps.len()).filter(|&i| heaps[i].bit(t)).collect(),
        None => Vec::new(),
    };
    let reasoning = match convention {
        Convention::Misere if summary.large_heaps() == 0 => Reasoning::MisereAllSmall {
            ones: summary.ones(),
        },
        Convention::Misere if summary.large_heaps() == 1 => Reasoning::MisereOneLargeHeap {
            heap: heaps.iter().position(|h| !h.is_at_most_one()).unwrap_or(0),
            ones: summary.ones(),
        },
        _ if s.is_zero() => Reasoning::ZeroNimSum,
        _ => Reasoning::NonZeroNimSum,
    };
    let step = |heap: usize, to: H| {
        let from = &heaps[heap];
        let mut new_sum = s.xor(from);
        new_sum.xor_assign(&to);
        let ones_left =
            summary.ones() - u64::from(*from == H::from_u64(1)) + u64::from(to == H::from_u64(1));
        MoveStep {
            heap,
            from: BinaryRow::new(from, width),
            to: BinaryRow::new(&to, width),
            taken: from.minus(&to).to_string(),
            new_nim_sum: BinaryRow::new(&new_sum, width),
            ones_left,
        }
    };
    let moves: Vec<MoveStep> = summary
        .winning_moves(convention, heaps)
        .map(|m| step(m.heap, m.to))
        .collect();
    let losing_example = if moves.is_empty() {
        heaps.iter().position(|h| !h.is_zero()).map(|i| {
            let to = heaps[i].minus(&H::from_u64(1));
            step(i, to)
        })
    } else {
        None
    };
    Explanation {
        convention,
        width,
        heaps: heaps.iter().map(|h| BinaryRow::new(h, width)).collect(),
        nim_sum: BinaryRow::new(s, width),
        top_bit,
        heaps_with_top_bit,
        outcome: summary.outcome(convention),
        reasoning,
        moves,
        losing_example,
    }
}

/// Prose lines are wrapped to this many columns.
const WRAP: usize = 78;

/// Words of `text` in lines of at most [`WRAP`] columns (longer words stay
/// whole).
fn wrap(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > WRAP {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Writes `text` wrapped at [`WRAP`] columns, each line painted as `role`,
/// then a blank line: the one paragraph writer of the library's lessons
/// (this one and those of [`crate::play::hint`]).
pub(crate) fn para(
    out: &mut String,
    paint: &mut dyn FnMut(Role, &str) -> String,
    role: Option<Role>,
    text: &str,
) {
    for line in wrap(text) {
        match role {
            Some(r) => out.push_str(&paint(r, &line)),
            None => out.push_str(&line),
        }
        out.push('\n');
    }
    out.push('\n');
}

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

impl Explanation {
    /// The lesson as plain text, with `paint(role, text)` applied to the
    /// parts a front end may decorate; `paint` returns the decorated text
    /// (for example with ANSI colours). Heaps are numbered from 1 in the
    /// text.
    ///
    /// ```
    /// use grundy::nim::explain::{explain, Role};
    /// use grundy::Convention;
    ///
    /// let e = explain(&[1u64, 2, 3], Convention::Normal);
    /// let html = e.render_with(&mut |role, s| match role {
    ///     Role::Lose => format!("<b>{s}</b>"),
    ///     _ => s.to_string(),
    /// });
    /// assert!(html.contains("<b>The nim-sum is 0"));
    /// ```
    pub fn render_with(&self, paint: &mut dyn FnMut(Role, &str) -> String) -> String {
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
        self.render_table(&mut out, paint);
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
                    self.render_moves(&mut out, paint, false);
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
                self.render_moves(&mut out, paint, true);
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
                    self.render_moves(&mut out, paint, true);
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
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
        out
    }

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
        let header = format!("  {:<label_w$}  {:>dec_w$}  binary", "heap", "size");
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
                "  {:<label_w$}  {:>dec_w$}  {bits}\n",
                format!("{}", i + 1),
                row.decimal
            ));
        }
        out.push_str(&format!(
            "  {}  {}  {}\n",
            "-".repeat(label_w),
            "-".repeat(dec_w),
            "-".repeat(width)
        ));
        let sum_line = format!(
            "  {:<label_w$}  {:>dec_w$}  {}",
            "nim-sum", self.nim_sum.decimal, self.nim_sum.binary
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
                "heap {}: {:>from_w$} -> {:<to_w$} (take {})",
                m.heap + 1,
                m.from.decimal,
                m.to.decimal,
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

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_with(&mut |_, s| s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::BigUint;

    /// The text with every run of whitespace made one space, so that tests
    /// do not depend on where lines wrap.
    fn flat(e: &Explanation) -> String {
        e.to_string()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn normal_n_position() {
        let e = explain(&[3u64, 5, 7], Convention::Normal);
        assert_eq!(e.width, 3);
        let bins: Vec<&str> = e.heaps.iter().map(|r| r.binary.as_str()).collect();
        assert_eq!(bins, ["011", "101", "111"]);
        assert_eq!(e.reasoning, Reasoning::NonZeroNimSum);
        let tos: Vec<&str> = e.moves.iter().map(|m| m.to.decimal.as_str()).collect();
        assert_eq!(tos, ["2", "4", "6"]);
        let text = e.to_string();
        assert!(text.contains("heap 1: 3 -> 2 (take 1)   011 -> 010, new nim-sum 000 = 0"));
        assert!(text.contains("^ top bit of the nim-sum: bit 0 (the 1s place)"));
        assert!(flat(&e).contains("It is set in heaps 1, 2 and 3."));
    }

    #[test]
    fn top_bit_mark_is_under_the_right_column() {
        let e = explain(&[8u64, 1], Convention::Normal);
        let text = e.to_string();
        let lines: Vec<&str> = text.lines().collect();
        let sum = lines
            .iter()
            .find(|l| l.trim_start().starts_with("nim-sum"))
            .unwrap();
        let mark = lines.iter().find(|l| l.contains('^')).unwrap();
        // nim-sum 9 = 1001: the top bit is the first binary digit.
        let col = mark.find('^').unwrap();
        assert_eq!(&sum[col..], "1001");
        assert_eq!(e.heaps_with_top_bit, [0]);
        assert!(flat(&e).contains("It is set in heap 1."));
    }

    #[test]
    fn p_position_shows_a_losing_example() {
        let e = explain(&[1u64, 2, 3], Convention::Normal);
        assert_eq!(e.outcome, Outcome::P);
        assert!(e.moves.is_empty());
        let ex = e.losing_example.as_ref().unwrap();
        assert_eq!((ex.heap, ex.to.decimal.as_str()), (0, "0"));
        assert_eq!(ex.new_nim_sum.decimal, "1");
        assert!(flat(&e).contains("For example heap 1: 1 -> 0 leaves the nim-sum 01 = 1."));
        // No heaps at all: nothing to show, no panic.
        let empty = explain::<u64>(&[], Convention::Normal);
        assert!(empty.losing_example.is_none());
        assert!(flat(&empty).contains("The nim-sum is 0"));
    }

    #[test]
    fn misere_cases() {
        let e = explain(&[1u64, 1], Convention::Misere);
        assert_eq!(e.reasoning, Reasoning::MisereAllSmall { ones: 2 });
        assert_eq!(e.moves.len(), 2);
        assert_eq!(e.moves[0].ones_left, 1);
        assert!(flat(&e).contains("leaves 1 1-heap"));

        let e = explain(&[1u64, 6, 1], Convention::Misere);
        assert_eq!(
            e.reasoning,
            Reasoning::MisereOneLargeHeap { heap: 1, ones: 2 }
        );
        assert_eq!(e.moves.len(), 1);
        assert_eq!(
            (e.moves[0].to.decimal.as_str(), e.moves[0].ones_left),
            ("1", 3)
        );
        assert!(flat(&e).contains("reduce heap 2 to 1, leaving 3 1-heaps"));

        let e = explain(&[1u64], Convention::Misere);
        assert_eq!(e.outcome, Outcome::P);
        assert!(flat(&e).contains("an odd number"));

        let e = explain::<u64>(&[0], Convention::Misere);
        assert_eq!(e.outcome, Outcome::N);
        assert!(flat(&e).contains("cannot move"));

        let e = explain(&[2u64, 3], Convention::Misere);
        assert_eq!(e.reasoning, Reasoning::NonZeroNimSum);
        assert!(flat(&e).contains("follows the normal-play rule"));
    }

    #[test]
    fn big_heaps_and_paint() {
        let big: BigUint = "1".repeat(300).parse().unwrap();
        let e = explain(&[big.clone(), BigUint::from(5u32)], Convention::Normal);
        assert_eq!(e.width, HeapSize::bit_len(&big));
        assert_eq!(e.moves.len(), 1);
        assert!(e.moves[0].new_nim_sum.binary.chars().all(|c| c == '0'));
        let mut roles = Vec::new();
        let _ = e.render_with(&mut |r, s| {
            roles.push(r);
            s.to_string()
        });
        for r in [
            Role::TopBit,
            Role::NimSum,
            Role::Win,
            Role::Move,
            Role::Heading,
        ] {
            assert!(roles.contains(&r), "{r:?} never painted");
        }
    }

    #[test]
    fn prose_is_wrapped() {
        let text = explain(&[3u64, 5, 7], Convention::Normal).to_string();
        for line in text.lines().filter(|l| !l.starts_with("  ")) {
            assert!(line.chars().count() <= WRAP, "{line}");
        }
    }
}
