//! Outcome classes and play conventions shared by every engine.

use std::fmt;

/// Who wins a position with perfect play.
///
/// Named as in the literature: an **N-position** is a win for the **N**ext
/// player (the one to move), a **P-position** for the **P**revious player.
///
/// ```
/// use grundy::Outcome;
/// assert_eq!(Outcome::from_first_player_wins(true), Outcome::N);
/// assert_eq!(Outcome::P.to_string(), "P");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins.
    N,
    /// The player to move loses (the previous player wins).
    P,
}

impl Outcome {
    /// `N` when the player to move wins, `P` otherwise.
    #[inline]
    pub const fn from_first_player_wins(wins: bool) -> Outcome {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// Whether the player to move wins.
    #[inline]
    pub const fn first_player_wins(self) -> bool {
        matches!(self, Outcome::N)
    }

    /// The one-letter name, `"N"` or `"P"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the end of the game is scored.
///
/// ```
/// use grundy::Convention;
/// assert_eq!(Convention::default(), Convention::Normal);
/// assert_eq!(Convention::Misere.to_string(), "misere");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (whoever takes the last
    /// token loses).
    Misere,
}

impl Convention {
    /// `"normal"` or `"misere"`, as written in JSON output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
