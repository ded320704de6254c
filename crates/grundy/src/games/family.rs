//! The one place that decides what a spec names: [`Game::parse`].
//!
//! A spec is either a heap game's rule (`nim`, `0.77`, `sub{1,3,4}`: the
//! grammar of [`crate::heap::spec`]), or `NAME:...`, a game that names its
//! whole position, whose family is looked up by `NAME` in [`FAMILIES`]. A
//! family is one entry here and one module that implements
//! [`Position`]; every front end (the CLI, the web server, Python) calls
//! [`Game::parse`] and asks the [`Game`] what it can do, so a new family
//! needs nothing else.
//!
//! ```
//! use grundy::games::Game;
//!
//! assert!(Game::parse("0.77")?.heaps().is_some());
//! let cram = Game::parse("Cram: 3 x 4")?;
//! assert_eq!(cram.position().unwrap().to_string(), "cram:3x4");
//! let err = Game::parse("cramp:3x4").unwrap_err();
//! assert!(err.to_string().contains("did you mean 'cram'?"), "{err}");
//! # Ok::<(), grundy::games::GameError>(())
//! ```

use std::fmt;

use crate::games::error::GameError;
use crate::games::named_graph::ReadFile;
use crate::games::{
    ArcKaylesPosition, Board, CoinGrid, CoinRow, GenWythoff, HackenbushPosition, KaylesPosition,
    MoorePosition, Position, Wythoff,
};
use crate::heap::HeapRuleset;
use crate::span::{ParseError, Span};

/// How a family reads a whole spec of its own (its name already checked),
/// and files with the reader, where the front end gives one.
pub type ParseSpec = fn(&str, Option<ReadFile<'_>>) -> Result<Box<dyn Position>, GameError>;

/// A game family that names whole positions: its spec name, what it is,
/// and how its specs are read.
pub struct Family {
    /// The name before the `:` of its specs: `cram`.
    pub name: &'static str,
    /// What the family is and how its specs look, for lists of games.
    pub summary: &'static str,
    /// Reads a whole spec of the family.
    pub parse: ParseSpec,
}

impl fmt::Debug for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Family").field("name", &self.name).finish()
    }
}

/// Every family of whole positions, in the order games are listed.
pub static FAMILIES: &[Family] = &[
    Family {
        name: "cram",
        summary: "Cram, dominoes on a board: cram:RxC, or a position drawn as cram:.../.##",
        parse: |spec, _| Ok(Box::new(Board::parse(spec)?)),
    },
    Family {
        name: "chomp",
        summary: "Chomp, bites of a chocolate bar: chomp:RxC, or a position drawn as chomp:..../..",
        parse: |spec, _| Ok(Box::new(Board::parse(spec)?)),
    },
    Family {
        name: "nodekayles",
        summary: "Node Kayles on a graph: nodekayles:path:N, cycle:N, grid:RxC, complete:N, star:N, petersen, or FILE",
        parse: |spec, read| Ok(Box::new(KaylesPosition::parse(spec, read)?)),
    },
    Family {
        name: "arckayles",
        summary: "Arc Kayles on a graph (take an edge and the edges at its ends): arckayles:path:N, cycle:N, grid:RxC, complete:N, star:N, petersen, or FILE",
        parse: |spec, read| Ok(Box::new(ArcKaylesPosition::parse(spec, read)?)),
    },
    Family {
        name: "hackenbush",
        summary: "green Hackenbush (chop an edge; what leaves the ground falls): hackenbush:stalk:N, cycle:N, tree:BxD, or FILE (an edge list with a vertex 'ground')",
        parse: |spec, read| Ok(Box::new(HackenbushPosition::parse(spec, read)?)),
    },
    Family {
        name: "wythoff",
        summary: "Wythoff's game, two heaps, take from one or the same from both: wythoff:A,B; generalised, numbers from both differing by less than K: wythoff:K:A,B",
        parse: |spec, _| {
            let body = crate::games::numbers::body_start(spec);
            if !spec[body..].contains(':') {
                return Ok(Box::new(Wythoff::parse(spec)?));
            }
            let g = GenWythoff::parse(spec)?;
            Ok(match g.parts() {
                (1, a, b) => Box::new(Wythoff::new(a, b)),
                _ => Box::new(g),
            })
        },
    },
    Family {
        name: "coins",
        summary: "coin-turning games on a row of heads and tails: coins:RULE:ROW, RULE turtles, twins, mock, ruler or a turning code (1-3, 1+C, 3E), ROW as THHT; on a grid, coins:RULE*RULE:ROWS with rows as HT/TH",
        parse: |spec, _| {
            if crate::games::coin_grid::is_product(spec) {
                Ok(Box::new(CoinGrid::parse(spec)?))
            } else {
                Ok(Box::new(CoinRow::parse_any(spec)?))
            }
        },
    },
    Family {
        name: "corners",
        summary: "Turning Corners, turn the four corners of a rectangle of coins: corners:ROWS, rows of H and T separated by /, as TTT/THT/TTH",
        parse: |spec, _| Ok(Box::new(CoinGrid::parse(spec)?)),
    },
    Family {
        name: "moore",
        summary: "Moore's Nim, take from up to K heaps at once: moore:K:H1,H2,...",
        parse: |spec, _| Ok(Box::new(MoorePosition::parse(spec)?)),
    },
];

/// A game named by a spec: a rule on heaps, whose positions are lists of
/// heap sizes given apart, or one whole position of a board or graph game.
#[derive(Clone, Debug)]
pub enum Game {
    /// A heap game: `nim`, `kayles`, `0.77`, `sub{1,3,4}`.
    Heaps(HeapRuleset),
    /// A position of a game that names it whole: `cram:4x5`,
    /// `nodekayles:petersen`.
    Position(Box<dyn Position>),
}

/// The name before the first `:` of a spec, lower-cased, and where it
/// starts; `None` when the spec has no `:` after a word.
fn family_name(spec: &str) -> Option<(String, usize)> {
    let colon = spec.find(':')?;
    let lead = spec.len() - spec.trim_start().len();
    let name: String = spec[..colon]
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .then_some((name, lead))
}

/// The known name nearest to `word` (at most two edits away, or one for
/// short words), for "did you mean" hints.
pub(crate) fn nearest<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = if word.chars().count() <= 4 { 1 } else { 2 };
    names
        .into_iter()
        .map(|n| (edit_distance(word, n), n))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// The Levenshtein distance between two short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

impl Game {
    /// The game named by `spec`, reading no file: a spec that names one
    /// (`nodekayles:my-graph.txt`) is [`GameError::NoFiles`].
    ///
    /// # Errors
    /// A [`GameError`]: the spec does not parse (located), or names a file.
    pub fn parse(spec: &str) -> Result<Game, GameError> {
        Game::parse_with(spec, None)
    }

    /// The game named by `spec`, reading the file it may name with
    /// `read` (the front end's file system).
    ///
    /// # Errors
    /// A [`GameError`]: the spec does not parse (located), or the file it
    /// names cannot be read or used.
    ///
    /// ```
    /// use grundy::games::Game;
    ///
    /// let read = |path: &str| match path {
    ///     "triangle.txt" => Ok("a b\nb c\nc a\n".to_string()),
    ///     _ => Err(std::io::Error::other("no such file")),
    /// };
    /// let game = Game::parse_reading("nodekayles:triangle.txt", &read)?;
    /// assert_eq!(game.position().unwrap().note().unwrap(), "3 vertices");
    /// # Ok::<(), grundy::games::GameError>(())
    /// ```
    pub fn parse_reading(spec: &str, read: ReadFile<'_>) -> Result<Game, GameError> {
        Game::parse_with(spec, Some(read))
    }

    fn parse_with(spec: &str, read: Option<ReadFile<'_>>) -> Result<Game, GameError> {
        let Some((name, lead)) = family_name(spec) else {
            return HeapRuleset::parse(spec)
                .map(Game::Heaps)
                .map_err(|e| unknown_word(spec, e).into());
        };
        if let Some(family) = FAMILIES.iter().find(|f| f.name == name) {
            return (family.parse)(spec, read).map(Game::Position);
        }
        let end = spec.find(':').unwrap_or(spec.len());
        let span = Span {
            start: lead,
            end: end.max(lead),
        };
        let names: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
        let hint = match nearest(&name, names.iter().copied()) {
            Some(n) => format!("; did you mean '{n}'?"),
            None => String::new(),
        };
        let listed: Vec<String> = names.iter().map(|n| format!("{n}:")).collect();
        Err(ParseError::spanning(
            span,
            format!(
                "unknown game '{name}': a spec with ':' names a board or graph game ({}){hint}",
                listed.join(", ")
            ),
        )
        .in_text(spec)
        .into())
    }

    /// The rule of a heap game, whose positions are heaps given apart.
    pub fn heaps(&self) -> Option<&HeapRuleset> {
        match self {
            Game::Heaps(rules) => Some(rules),
            Game::Position(_) => None,
        }
    }

    /// The position of a game that names it whole.
    pub fn position(&self) -> Option<&dyn Position> {
        match self {
            Game::Heaps(_) => None,
            Game::Position(p) => Some(&**p),
        }
    }

    /// The rule of a heap game, for the commands that need one (`values`,
    /// `period`, `quotient`).
    ///
    /// # Errors
    /// [`NotAHeapGame`] for a whole position, saying what it is and which
    /// commands take it.
    pub fn into_heaps(self) -> Result<HeapRuleset, NotAHeapGame> {
        match self {
            Game::Heaps(rules) => Ok(rules),
            Game::Position(p) => Err(NotAHeapGame {
                game: p.to_string(),
                kind: p.rules().name,
            }),
        }
    }
}

impl fmt::Display for Game {
    /// The canonical spec: `0.77`, `cram:3x4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Game::Heaps(rules) => rules.fmt(f),
            Game::Position(p) => p.fmt(f),
        }
    }
}

/// The heap names and aliases a word may be a typo of.
const HEAP_NAMES: [&str; 7] = [
    "nim",
    "kayles",
    "dawson",
    "officers",
    "grundy-game",
    "half",
    "allbut",
];

/// A heap spec's error, or, for a spec that is one unknown word, an error
/// that says so: the family it names without its position (`cram`), or
/// the nearest name (`kayle`, `grundy`).
fn unknown_word(spec: &str, err: ParseError) -> ParseError {
    let word = spec.trim();
    let start = spec.len() - spec.trim_start().len();
    let is_word = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && word.starts_with(|c: char| c.is_ascii_alphabetic());
    if !is_word || err.span().is_none_or(|s| s.start != start) {
        return err;
    }
    let lower = word.to_ascii_lowercase();
    let span = Span {
        start,
        end: start + word.len(),
    };
    if let Some(family) = FAMILIES.iter().find(|f| f.name == lower) {
        return ParseError::spanning(
            span,
            format!(
                "'{word}' names a game played on a whole position, which the spec gives after a ':': {}",
                family.summary
            ),
        )
        .in_text(spec);
    }
    let names = HEAP_NAMES
        .iter()
        .copied()
        .chain(FAMILIES.iter().map(|f| f.name));
    // A word that begins a name (`grundy` for `grundy-game`) or is a slip
    // of one (`kayle`, `dawsons`).
    let prefix = (lower.len() >= 3)
        .then(|| names.clone().find(|n| n.starts_with(&lower)))
        .flatten();
    let hint = match prefix.or_else(|| nearest(&lower, names)) {
        Some(n) if FAMILIES.iter().any(|f| f.name == n) => format!("; did you mean '{n}:'?"),
        Some(n) => format!("; did you mean '{n}'?"),
        None => String::new(),
    };
    let boards: Vec<String> = FAMILIES.iter().map(|f| format!("{}:", f.name)).collect();
    ParseError::spanning(
        span,
        format!(
            "unknown game '{word}'{hint} (heap games: nim, kayles, dawson, officers, grundy-game, half, sub{{..}}, allbut{{..}}, or a code such as 0.77; whole positions: {})",
            boards.join(", ")
        ),
    )
    .in_text(spec)
}

/// A whole position given where only heap games make sense (`grundy values
/// cram:3x3`): it names a position, not a rule for heaps, so it has no
/// Grundy sequence and no period.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a {kind} position, not a heap game: it has no heap sizes, so no sequence of values or period; the commands that take it are solve, play and graph --game")]
pub struct NotAHeapGame {
    /// The position's canonical spec.
    pub game: String,
    /// The family's name: `Cram`.
    pub kind: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("kayle", "kayles"), 1);
        assert_eq!(edit_distance("dawsons", "dawson"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("cram", "chomp"), 3);
        assert_eq!(nearest("cramp", ["cram", "chomp"]), Some("cram"));
        assert_eq!(nearest("xyz", ["cram", "chomp"]), None);
    }

    #[test]
    fn every_family_is_found_by_its_name() {
        for (spec, kind) in [
            ("cram:2x2", "Cram"),
            ("CHOMP:2x3", "Chomp"),
            (" nodekayles:path:3", "Node Kayles"),
        ] {
            let game = Game::parse(spec).unwrap();
            assert_eq!(game.position().unwrap().rules().name, kind, "{spec}");
        }
        assert!(Game::parse("kayles").unwrap().heaps().is_some());
    }

    #[test]
    fn unknown_families_are_located_with_a_suggestion() {
        let err = Game::parse("  nodekayle:path:3").unwrap_err();
        let e = err.spec_error().unwrap();
        assert_eq!(e.span(), Some(Span { start: 2, end: 11 }));
        assert!(e.message().contains("did you mean 'nodekayles'?"), "{e}");
        let err = Game::parse("foo:3x3").unwrap_err();
        assert!(!err.to_string().contains("did you mean"), "{err}");
        assert!(
            err.to_string().contains("cram:, chomp:, nodekayles:"),
            "{err}"
        );
    }

    #[test]
    fn unknown_words_get_the_nearest_name() {
        for (spec, hint) in [
            ("kayle", "did you mean 'kayles'?"),
            ("Dawsons", "did you mean 'dawson'?"),
            ("grundy", "did you mean 'grundy-game'?"),
            (" offcers", "did you mean 'officers'?"),
            ("nodekayle", "did you mean 'nodekayles:'?"),
        ] {
            let e = Game::parse(spec).unwrap_err();
            let e = e.spec_error().unwrap();
            assert!(e.message().contains(hint), "{spec}: {e}");
            assert_eq!(e.span().unwrap().end, spec.len(), "{spec}");
        }
        let e = Game::parse("xyzzy").unwrap_err();
        assert!(!e.to_string().contains("did you mean"), "{e}");
        assert!(e.to_string().contains("unknown game 'xyzzy'"), "{e}");
        let e = Game::parse("cram").unwrap_err();
        assert!(e.to_string().contains("cram:RxC"), "{e}");
        // Errors inside a spec keep their own place.
        let e = Game::parse("0.7x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "at byte 3: expected an octal or hexadecimal digit, found 'x'"
        );
    }

    #[test]
    fn files_are_read_only_with_a_reader() {
        assert_eq!(
            Game::parse("nodekayles:g.txt").unwrap_err(),
            GameError::NoFiles {
                path: "g.txt".into()
            }
        );
        let read = |_: &str| Err(std::io::Error::other("gone"));
        let err = Game::parse_reading("nodekayles:g.txt", &read).unwrap_err();
        assert!(matches!(err, GameError::File { .. }), "{err}");
        assert!(err.to_string().ends_with(": gone"), "{err}");
    }
}
