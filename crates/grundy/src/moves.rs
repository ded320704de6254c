//! Moves and why they are refused: [`MoveError`], the one error of every
//! game's moves (heaps, boards, graphs), whose text is the reason written
//! for the player.

use std::fmt;
use std::ops::RangeInclusive;

use crate::heap::{HeapMove, Leaves};
use crate::span::ParseError;

/// Why a move was refused. The `Display` text is the reason, written for
/// the player (heaps numbered from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The game is already over.
    GameOver,
    /// Text that is not a move of this game (`grundy play`'s input), with
    /// where it went wrong.
    Unreadable(ParseError),
    /// A move of a board or graph game that is not legal here, with the
    /// reason in words.
    Illegal(String),
    /// No heap has this number.
    NoSuchHeap {
        /// The number typed.
        heap: u64,
        /// How many heaps there are.
        count: usize,
    },
    /// The heap is empty.
    EmptyHeap {
        /// The 1-based heap number.
        heap: usize,
    },
    /// More tokens than the heap has.
    TooMany {
        /// The 1-based heap number.
        heap: usize,
        /// The heap's size.
        size: u64,
        /// The number asked for.
        take: u64,
    },
    /// The game does not allow taking this many tokens from this heap.
    TakeNotAllowed {
        /// The 1-based heap number.
        heap: usize,
        /// The number asked for.
        take: u64,
        /// Every number that may be taken from this heap, as ascending
        /// runs (empty when the heap has no move at all).
        allowed: Vec<RangeInclusive<u64>>,
    },
    /// Taking this many is allowed, but not leaving these heaps.
    BadLeave {
        /// The 1-based heap number.
        heap: usize,
        /// The heap's size.
        from: u64,
        /// The number taken.
        take: u64,
        /// The heaps asked for (`None`: the rest as one heap).
        asked: Option<Vec<u64>>,
        /// What taking `take` from this heap may leave.
        allowed: Vec<Leaves>,
    },
}

/// "1, 3 or 4": runs of three or more numbers are written "5 to 9".
fn list_runs(runs: &[RangeInclusive<u64>]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for r in runs {
        let (a, b) = (*r.start(), *r.end());
        if b >= a.saturating_add(2) {
            parts.push(format!("{a} to {b}"));
        } else {
            parts.extend((a..=b).map(|n| n.to_string()));
        }
    }
    or_list(&parts)
}

/// "a", "a or b", "a, b or c".
fn or_list(parts: &[String]) -> String {
    match parts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The moves a heap may make, as a list of what each leaves: "a heap of
/// 4, heaps of 1 and 3, or heaps of 2 and 2" (a comma before the last
/// "or" keeps the pairs apart).
fn options_phrase(allowed: &[Leaves], shown: usize) -> String {
    let phrases: Vec<String> = allowed
        .iter()
        .take(shown)
        .map(|l| match l.as_slice() {
            [] => "nothing".to_owned(),
            [h] => format!("a heap of {h}"),
            parts => format!("heaps of {}", leave_phrase(parts)),
        })
        .collect();
    let more = if allowed.len() > shown { ", ..." } else { "" };
    let list = match phrases.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, [first])) => format!("{first} or {last}"),
        Some((last, rest)) => format!("{}, or {last}", rest.join(", ")),
    };
    format!("{list}{more}")
}

/// How a leave reads in a sentence: "nothing", "a heap of 6", "3 and 4".
fn leave_phrase(leaves: &[u64]) -> String {
    match leaves {
        [] => "nothing".into(),
        [h] => format!("a heap of {h}"),
        _ => {
            let parts: Vec<String> = leaves.iter().map(u64::to_string).collect();
            let (last, rest) = parts.split_last().unwrap_or((&parts[0], &[]));
            format!("{} and {last}", rest.join(", "))
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::Unreadable(e) => fmt::Display::fmt(e, f),
            MoveError::Illegal(reason) => f.write_str(reason),
            MoveError::NoSuchHeap { heap, count } => match count {
                1 => write!(f, "heap {heap} does not exist: there is only heap 1"),
                _ => write!(
                    f,
                    "heap {heap} does not exist: the heaps are numbered 1 to {count}"
                ),
            },
            MoveError::EmptyHeap { heap } => write!(f, "heap {heap} is empty"),
            MoveError::TooMany { heap, size, take } => write!(
                f,
                "heap {heap} has only {size} token{}: you cannot take {take}",
                if *size == 1 { "" } else { "s" }
            ),
            MoveError::TakeNotAllowed {
                heap,
                take,
                allowed,
            } => {
                if allowed.is_empty() {
                    write!(f, "no move is possible on heap {heap} in this game")
                } else if *take == 0 && *allowed[0].start() >= 1 {
                    write!(
                        f,
                        "a move must take at least one token: from heap {heap} you may take {}",
                        list_runs(allowed)
                    )
                } else {
                    write!(
                        f,
                        "you cannot take {take} from heap {heap}: you may take {}",
                        list_runs(allowed)
                    )
                }
            }
            MoveError::BadLeave {
                from,
                take,
                asked,
                allowed,
                ..
            } => {
                let rest = from - take;
                match asked {
                    None => write!(
                        f,
                        "taking {take} from {from} may not leave {}",
                        leave_phrase(if rest == 0 {
                            &[]
                        } else {
                            std::slice::from_ref(&rest)
                        })
                    )?,
                    Some(parts) if parts.len() == 1 && parts[0] != rest => write!(
                        f,
                        "taking {take} from {from} leaves {rest}, not {}",
                        parts[0]
                    )?,
                    Some(parts) if parts.len() == 1 => write!(
                        f,
                        "taking {take} from {from} may not leave {}",
                        leave_phrase(parts)
                    )?,
                    Some(parts) => {
                        let sum: u128 = parts.iter().map(|&p| u128::from(p)).sum();
                        if sum == u128::from(rest) {
                            write!(
                                f,
                                "taking {take} from {from} leaves {rest}, which this game does not let you split into {}",
                                leave_phrase(parts)
                            )?;
                        } else {
                            write!(
                                f,
                                "taking {take} from {from} leaves {rest}, which cannot be split into {}",
                                leave_phrase(parts)
                            )?;
                        }
                    }
                }
                write!(f, "; it may leave {}", options_phrase(allowed, 6))
            }
        }
    }
}

impl MoveError {
    /// A legal move close to the one refused, for a front end to suggest
    /// in its own words (a terminal: "type '1 0 1 5'"): for a move that may
    /// not leave what was asked, the first of those it may leave.
    ///
    /// ```
    /// use grundy::play::{Match, MoveRequest, Player};
    /// use grundy::Convention;
    ///
    /// let m = Match::new("grundy-game".parse()?, vec![6], Convention::Normal, Player::User)?;
    /// let err = m.check(&MoveRequest { heap: 1, take: 0, leave: Some(vec![3, 3]) }).unwrap_err();
    /// assert_eq!(err.example().map(|mv| mv.syntax()), Some("1 0 1 5".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn example(&self) -> Option<HeapMove> {
        match self {
            MoveError::BadLeave {
                heap,
                from,
                allowed,
                ..
            } => allowed.first().map(|&leaves| HeapMove {
                heap: heap - 1,
                from: *from,
                leaves,
            }),
            _ => None,
        }
    }
}

impl std::error::Error for MoveError {}
