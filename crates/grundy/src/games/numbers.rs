//! Reading the numbers of a spec (`wythoff:3,5`, `moore:2:1,2,3`): the
//! part after the family's name, and lists of whole numbers in it, each
//! error located in the spec.

use crate::span::{ParseError, Span};

/// Where the body of `spec` starts: just after its first `:`.
pub(crate) fn body_start(spec: &str) -> usize {
    spec.find(':').map_or(spec.len(), |c| c + 1)
}

/// The comma-separated whole numbers of `spec[start..end]`, each with its
/// place; spaces around them are ignored. `what` names one in errors
/// (`a heap`).
pub(crate) fn numbers(
    spec: &str,
    start: usize,
    end: usize,
    what: &str,
) -> Result<Vec<(u128, Span)>, ParseError> {
    let mut out = Vec::new();
    let mut at = start;
    for part in spec[start..end].split(',') {
        let typed = part.trim();
        let from = at + (part.len() - part.trim_start().len());
        at += part.len() + 1;
        let span = Span {
            start: from,
            end: from + typed.len().max(1),
        };
        if typed.is_empty() {
            return Err(
                ParseError::spanning(span, format!("expected {what} (a whole number)"))
                    .in_text(spec),
            );
        }
        let n = typed.parse::<u128>().map_err(|_| {
            let message = if typed.bytes().all(|b| b.is_ascii_digit()) {
                format!("{what} {typed} is too large (at most 2^128 - 1)")
            } else {
                format!("expected {what} (a whole number), found {typed:?}")
            };
            ParseError::spanning(span, message).in_text(spec)
        })?;
        out.push((n, span));
    }
    Ok(out)
}
