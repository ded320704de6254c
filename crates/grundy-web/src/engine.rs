//! The games the web app plays: a spec parsed by the library, adapted to
//! [`crate::play::Rules`].

use grundy::heap::{Leaves, TakeBreak};
use grundy::Nimber;

use crate::error::ApiError;
use crate::play::Rules;

/// A heap game named by a spec.
#[derive(Debug)]
pub enum WebGame {
    /// Nim: take any positive number from one heap; `G(n) = n`.
    Nim,
    /// A take-and-break code, with its values computed up to some bound.
    TakeBreak(TakeBreak, Vec<Nimber>),
}

impl WebGame {
    /// Parses a spec.
    ///
    /// # Errors
    /// The library's spec error, with its byte offset, as a 400.
    pub fn parse(spec: &str) -> Result<WebGame, ApiError> {
        let trimmed = spec.trim();
        if trimmed.eq_ignore_ascii_case("nim") {
            return Ok(WebGame::Nim);
        }
        TakeBreak::parse(trimmed)
            .map(|code| WebGame::TakeBreak(code, Vec::new()))
            .map_err(|e| ApiError::bad_request(format!("game {spec:?}: {e}")))
    }

    /// Whether this is Nim, which has its own engine (any heap size, the
    /// binary explanation, misère Nim's rule).
    pub fn is_nim(&self) -> bool {
        matches!(self, WebGame::Nim)
    }
}

impl Rules for WebGame {
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(Leaves)) {
        match self {
            WebGame::Nim => {
                for to in (0..n).rev() {
                    f(if to == 0 {
                        Leaves::NOTHING
                    } else {
                        Leaves::new(&[to])
                    });
                }
            }
            WebGame::TakeBreak(code, _) => code.for_each_option(n, f),
        }
    }

    fn value(&self, n: u64) -> Nimber {
        match self {
            WebGame::Nim => Nimber(n),
            WebGame::TakeBreak(_, values) => values[n as usize],
        }
    }

    fn prepare(&mut self, upto: u64) {
        if let WebGame::TakeBreak(code, values) = self {
            if values.len() as u64 <= upto {
                *values = code.naive_values(upto as usize);
            }
        }
    }
}
