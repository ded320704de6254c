//! [`GameError`]: why a spec names no game. Below every family, so that
//! the families and the list of them ([`crate::games::family`]) can all
//! name it.

use crate::span::ParseError;

/// Why a spec names no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The spec does not parse: where, and what was expected.
    #[error("{0}")]
    Spec(#[from] ParseError),
    /// The spec names a file that cannot be used: what was wrong with it.
    #[error("{context}: {reason}")]
    File {
        /// The file's path, as the spec gives it.
        path: String,
        /// What could not be done with it.
        context: String,
        /// Why: the system's error, or the error in the file.
        reason: String,
    },
    /// The spec names a file, and this front end reads none (the web
    /// server).
    #[error("{path:?} names a file, and no file is read here")]
    NoFiles {
        /// The file's path, as the spec gives it.
        path: String,
    },
}

impl GameError {
    /// The located error of a spec that does not parse; `None` for the
    /// errors about files.
    pub fn spec_error(&self) -> Option<&ParseError> {
        match self {
            GameError::Spec(e) => Some(e),
            _ => None,
        }
    }

    /// The same error with `spec` attached to a spec error.
    pub(crate) fn in_text(self, spec: &str) -> GameError {
        match self {
            GameError::Spec(e) => GameError::Spec(e.in_text(spec)),
            other => other,
        }
    }
}
