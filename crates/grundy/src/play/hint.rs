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
//! Like [`Explanation`], a [`Hint`] is data: the `grundy-text` crate writes
//! it as text for the front ends.

use super::{HeapPosition, Match};
use crate::heap::{HeapMove, HeapRuleset};
use crate::nim::explain::{explain, Explanation};
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

impl Match<HeapPosition> {
    /// The lesson for the player to move: why the position is won or lost,
    /// the winning moves, and the move the engine would play here.
    ///
    /// # Complexity
    /// That of [`engine_move`](Match::engine_move), plus the binary lesson
    /// (O(heaps · digits)) for Nim.
    pub fn hint(&self) -> Hint {
        build(self)
    }
}

pub(super) fn build(m: &Match<HeapPosition>) -> Hint {
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
}

#[cfg(test)]
mod tests {
    //! The hints as data; their text is tested in `grundy-text`.
    use super::*;
    use crate::play::Player;

    fn game(spec: &str, heaps: &[u64], c: Convention) -> Match<HeapPosition> {
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

        let m = game("sub{1,3,4}", &[2, 7], Convention::Normal);
        let h = m.hint();
        let Lesson::Values(v) = &h.lesson else {
            panic!("expected a value lesson")
        };
        assert!(v.total.is_zero());
        assert!(!v.losing_example.expect("an example").total_after.is_zero());
    }
}
