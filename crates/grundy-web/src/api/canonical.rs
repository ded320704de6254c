//! `POST /api/canonical {game, heaps}`: the misère canonical form of a sum
//! of heaps or of a whole position (Conway's simplest game equal to it in
//! misère play), the JSON of `grundy solve --misere --canonical --json`.
//!
//! Canonical forms grow very fast, so a request is bounded three ways
//! before and while it runs: heaps of at most [`MAX_CANONICAL_HEAP`] and
//! positions of at most [`MAX_CANONICAL_SIZE`] units (cells, vertices,
//! edges, tokens), at most [`MAX_FORMS`] distinct forms built, and a form
//! of at most [`MAX_NOTATION`] characters written out. The library's
//! [`Budget`](grundy::Budget) prices it from the positions it may meet.

use axum::body::Body;
use axum::extract::State;

use grundy::games::{Game, Position};
use grundy::heap::HeapRuleset;
use grundy::misere::{heap_forms, CanonicalError, MisereForms};
use grundy_json::CanonicalJson;

use super::position::{checked, no_heaps};
use super::{compute, game, read_body, to_json, ApiResult};
use crate::engine::stopped_message;
use crate::error::ApiError;
use crate::request::{bounded, Fields};
use crate::AppState;

/// The largest heap of a canonical-form request (as `/api/genus`'s).
pub(crate) const MAX_CANONICAL_HEAP: u64 = 4096;

/// The largest position of a canonical-form request, in its family's unit:
/// every position met is kept while its form is built, at most about
/// 2^20 of them.
pub(crate) const MAX_CANONICAL_SIZE: u64 = 20;

/// The most distinct forms one request builds (about 13 MB).
pub(crate) const MAX_FORMS: usize = 100_000;

/// The longest form one request writes out, in bytes.
pub(crate) const MAX_NOTATION: usize = 1 << 20;

/// `POST /api/canonical {game, heaps}`.
pub(crate) async fn canonical(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps"])?;
    let spec = fields.string("game")?;
    match game(&spec)? {
        Game::Heaps(ruleset) => heaps(&state, ruleset, fields).await,
        Game::Position(start) => position(&state, start, fields).await,
    }
}

/// The store of one request, stopped by its deadline.
fn store(cancel: &grundy::cancel::Cancel) -> MisereForms {
    MisereForms::new()
        .max_forms(MAX_FORMS)
        .max_notation(MAX_NOTATION)
        .cancel(cancel)
}

/// A failed build: stopped by the deadline, or past a bound (422).
fn failure(cancel: &grundy::cancel::Cancel, what: &str, e: CanonicalError) -> ApiError {
    match e {
        CanonicalError::Cancelled(_) => ApiError::over_limit(stopped_message(cancel)),
        e @ CanonicalError::TooManyForms { .. } => ApiError::over_limit(format!(
            "the misère canonical form of {what}: {e}; this server builds at most {MAX_FORMS} (see /api/limits), and `grundy solve --misere --canonical --max-forms N` more"
        )),
        e => ApiError::over_limit(format!("the misère canonical form of {what}: {e}")),
    }
}

async fn heaps(state: &AppState, ruleset: HeapRuleset, mut fields: Fields) -> ApiResult {
    let items = fields.array("heaps", state.limits.max_heaps)?;
    let heaps = items
        .iter()
        .enumerate()
        .map(|(i, v)| bounded(v, &format!("heaps[{i}]"), MAX_CANONICAL_HEAP))
        .collect::<Result<Vec<u64>, ApiError>>()?;
    if heaps.is_empty() {
        return Err(ApiError::bad_request(
            "no heaps given; write at least one heap size, e.g. \"heaps\": [2, 2]",
        ));
    }
    let cost = state.budget.heap_misere_form(&ruleset, &heaps, MAX_FORMS);
    compute(state, cost, move |cancel| {
        let name = ruleset.to_string();
        let what = format!(
            "{name} at heaps {}",
            heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        let mut forms = store(cancel);
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let form = heap_forms(&ruleset, largest, &mut forms)
            .and_then(|table| {
                let parts: Vec<_> = heaps.iter().map(|&h| table[h as usize]).collect();
                forms.sum(&parts)
            })
            .map_err(|e| failure(cancel, &what, e))?;
        let json = CanonicalJson::new(&name, Some(&heaps), &mut forms, form)
            .map_err(|e| failure(cancel, &what, e))?;
        to_json(&json)
    })
    .await
}

async fn position(state: &AppState, start: Box<dyn Position>, mut fields: Fields) -> ApiResult {
    let start = checked(start, &state.limits)?;
    no_heaps(&*start, &mut fields)?;
    let size = start.size();
    if size > MAX_CANONICAL_SIZE {
        let unit = start.rules().unit;
        return Err(ApiError::over_limit(format!(
            "{start} has {size} {unit}; this server builds misère canonical forms of positions of at most {MAX_CANONICAL_SIZE} {unit} (see /api/limits); `grundy solve {start} --misere --canonical` has no such limit"
        )));
    }
    let positions = 1u64 << size;
    let cost = state
        .budget
        .position(&*start)
        .then(state.budget.misere_forms(positions, MAX_FORMS));
    compute(state, cost, move |cancel| {
        let name = start.to_string();
        let mut forms = store(cancel);
        let form = grundy::games::position::misere_form(&*start, &mut forms)
            .map_err(|e| failure(cancel, &name, e))?;
        let json = CanonicalJson::new(&name, None, &mut forms, form)
            .map_err(|e| failure(cancel, &name, e))?;
        to_json(&json)
    })
    .await
}
