//! A match on heaps: `/api/options`, `/api/move`, `/api/play`, `/api/hint`.
//! Playing is the library's [`grundy::play`]: the engine's move, move
//! checking with a reason, and hints.

use axum::body::Body;
use axum::extract::State;
use serde::Serialize;

use grundy::cancel::Cancel;
use grundy::heap::{HeapMove, HeapRuleset};
use grundy::play::{
    HeapPosition, Lesson, Match, MatchOptions, MoveError, MoveRequest, Player, SetupError,
};
use grundy::{Convention, Cost, Nimber, Outcome};
use grundy_text::Render;

use super::heaps::read_heaps;
use super::{compute, read_body, to_json, ApiResult};
use crate::engine::stopped_message;
use crate::error::ApiError;
use crate::request::{bounded, Fields};
use crate::{AppState, Limits};

/// A position to play on: the game, the heaps and the convention, checked.
struct HeapPlay {
    /// The spec as the request gave it (`"kayles"`), answered as `typed`.
    spec: String,
    /// The canonical spec (`"0.77"`), answered as `game` as by every route.
    game: String,
    ruleset: HeapRuleset,
    heaps: Vec<u64>,
    convention: Convention,
}

impl HeapPlay {
    /// Reads `game`, `heaps` and `misere`, with every heap at most
    /// `max_play_heap` and the total at most `max_play_tokens`.
    fn read(fields: &mut Fields, limits: &Limits) -> Result<HeapPlay, ApiError> {
        let spec = fields.string("game")?;
        let ruleset = super::heaps::heap_game(&spec)?.ruleset;
        let heaps = read_heaps(fields, limits, limits.max_play_heap)?;
        let total: u64 = heaps.iter().sum();
        if total > limits.max_play_tokens {
            return Err(ApiError::over_limit(format!(
                "the heaps hold {total} tokens; at most {} in all can be played here",
                limits.max_play_tokens
            )));
        }
        let misere = fields.bool_or("misere", false)?;
        let convention = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if misere
            && ruleset != HeapRuleset::Nim
            && total > limits.max_misere_search_tokens
            && largest > limits.max_misere_quotient_heap
        {
            return Err(ApiError::over_limit(format!(
                "misère {spec} is decided by searching every position for at most {} tokens in all, and by its misère quotient for heaps of at most {} tokens; these heaps hold {total}, the largest {largest}",
                limits.max_misere_search_tokens, limits.max_misere_quotient_heap
            )));
        }
        // Every play endpoint lists or scans all moves: refuse a position
        // with too many (three-way splits of large heaps) before doing so.
        let mut count = 0usize;
        for &h in &heaps {
            ruleset.for_each_option(h, |_| count += 1);
            if count > limits.max_moves {
                return Err(ApiError::over_limit(format!(
                    "this position of {spec} has more than {} legal moves; play with smaller heaps",
                    limits.max_moves
                )));
            }
        }
        Ok(HeapPlay {
            game: ruleset.to_string(),
            spec,
            ruleset,
            heaps,
            convention,
        })
    }

    /// What starting the match and answering one turn cost, by the
    /// library's estimate.
    fn cost(&self, state: &AppState) -> Cost {
        state
            .budget
            .heap_match(&self.ruleset, self.convention, &self.heaps)
    }

    /// The library's match at this position, with `to_move` to move and
    /// this server's budget; `None` when no move is left (the game is over).
    fn start(
        &self,
        to_move: Player,
        limits: &Limits,
        cancel: &Cancel,
    ) -> Result<Option<Match<HeapPosition>>, ApiError> {
        let started = Match::with_options(
            self.ruleset.clone(),
            self.heaps.clone(),
            self.convention,
            to_move,
            MatchOptions::default()
                .budget(limits.budget())
                .cancel(cancel),
        );
        match started {
            Ok(m) => Ok(Some(m.named(self.spec.as_str()))),
            Err(SetupError::NoMoves { .. }) => Ok(None),
            Err(e @ SetupError::NoHeaps) => Err(ApiError::bad_request(e.to_string())),
            Err(_) if cancel.is_cancelled() => Err(ApiError::over_limit(stopped_message(cancel))),
            Err(e) => Err(ApiError::over_limit(e.to_string())),
        }
    }

    /// The outcome of a position with no move: the player to move has
    /// lost under normal play and won under misère play.
    fn finished_outcome(&self) -> Outcome {
        Outcome::from_first_player_wins(self.convention == Convention::Misere)
    }
}

/// A move in the JSON of the API: heap `heap` (0-based), of `from` tokens,
/// is replaced by the heaps `to` (none when the move empties it, two or
/// more after a split).
#[derive(Serialize)]
struct MoveJson {
    heap: usize,
    from: u64,
    to: Vec<u64>,
}

impl From<&HeapMove> for MoveJson {
    fn from(m: &HeapMove) -> MoveJson {
        MoveJson {
            heap: m.heap,
            from: m.from,
            to: m.leaves.as_slice().to_vec(),
        }
    }
}

#[derive(Serialize)]
struct OptionOut {
    to: Vec<u64>,
    take: u64,
}

/// The answer of `/api/options`, keys in the order of the other routes.
#[derive(Serialize)]
struct OptionsOut {
    game: String,
    typed: String,
    heaps: Vec<u64>,
    options: Vec<Vec<OptionOut>>,
}

/// `POST /api/options {game, heaps}`: every legal move, heap by heap.
pub(crate) async fn options(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let pos = HeapPlay::read(&mut fields, &state.limits)?;
    let cost = state.budget.moves(&pos.ruleset, &pos.heaps);
    compute(&state, cost, move |_| {
        let options: Vec<Vec<OptionOut>> = pos
            .heaps
            .iter()
            .map(|&h| {
                let mut list = Vec::new();
                pos.ruleset.for_each_option(h, |l| {
                    let to = l.as_slice().to_vec();
                    let take = h - to.iter().sum::<u64>();
                    list.push(OptionOut { to, take });
                });
                list
            })
            .collect();
        to_json(&OptionsOut {
            game: pos.game,
            typed: pos.spec,
            heaps: pos.heaps,
            options,
        })
    })
    .await
}

#[derive(Serialize)]
struct MoveOut {
    game: String,
    /// The spec as the request wrote it.
    typed: String,
    convention: &'static str,
    heaps: Vec<u64>,
    outcome: &'static str,
    /// The engine's move, `null` when no move is legal.
    #[serde(rename = "move")]
    mv: Option<MoveJson>,
    /// Whether the move wins against any defence.
    winning: bool,
    heaps_after: Vec<u64>,
}

/// `POST /api/move {game, heaps, misere}`: the engine's move, chosen by
/// the library's [`Match::engine_move`]: a winning move from an
/// N-position, a move that keeps the game long from a P-position.
pub(crate) async fn engine_move(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let pos = HeapPlay::read(&mut fields, &state.limits)?;
    let limits = state.limits.clone();
    let cost = pos.cost(&state);
    compute(&state, cost, move |cancel| {
        let (outcome, chosen) = match pos.start(Player::Engine, &limits, cancel)? {
            Some(m) => (m.outcome(), m.engine_move().map(|mv| (m.after(&mv), mv))),
            None => (pos.finished_outcome(), None),
        };
        let (heaps_after, mv) = match chosen {
            Some((after, mv)) => (after, Some(MoveJson::from(&mv))),
            None => (pos.heaps.clone(), None),
        };
        to_json(&MoveOut {
            game: pos.game,
            typed: pos.spec,
            convention: pos.convention.as_str(),
            outcome: outcome.as_str(),
            // From an N-position the engine's move is a winning one.
            winning: mv.is_some() && outcome == Outcome::N,
            mv,
            heaps: pos.heaps,
            heaps_after,
        })
    })
    .await
}

#[derive(Serialize)]
struct PlayOut {
    game: String,
    /// The spec as the request wrote it.
    typed: String,
    convention: &'static str,
    heaps: Vec<u64>,
    /// The move as the rules read it.
    #[serde(rename = "move")]
    mv: MoveJson,
    heaps_after: Vec<u64>,
    /// Whether the opponent is left without a move.
    over: bool,
}

/// `POST /api/play {game, heaps, misere, heap, take, leave}`: checks the
/// player's move (take `take` tokens from heap `heap`, 0-based, leaving the
/// heaps `leave` when the game lets a heap be split) by the library's
/// [`Match::check`], and answers the position after it; an illegal move is
/// a 422 whose message is the library's reason, with heaps numbered from 1
/// as the page shows them.
pub(crate) async fn play_move(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(
        &bytes,
        &["game", "heaps", "misere", "heap", "take", "leave"],
    )?;
    let pos = HeapPlay::read(&mut fields, &state.limits)?;
    let heap = fields.u64_at_most("heap", u64::MAX)?;
    let take = fields.u64_at_most("take", u64::MAX)?;
    let leave = fields
        .optional_array("leave", 3)?
        .map(|items| {
            items
                .iter()
                .enumerate()
                .map(|(i, v)| bounded(v, &format!("leave[{i}]"), u64::MAX))
                .collect::<Result<Vec<u64>, ApiError>>()
        })
        .transpose()?;
    let limits = state.limits.clone();
    let cost = pos.cost(&state);
    compute(&state, cost, move |cancel| {
        let Some(mut m) = pos.start(Player::User, &limits, cancel)? else {
            return Err(ApiError::illegal(MoveError::GameOver.to_string()));
        };
        let request = MoveRequest {
            heap: heap.saturating_add(1),
            take,
            leave,
        };
        let turn = m
            .play(&request)
            .map_err(|e| ApiError::illegal(e.to_string()))?;
        let (mv, heaps_after) = (MoveJson::from(&turn.mv), turn.after.heaps().to_vec());
        to_json(&PlayOut {
            game: pos.game,
            typed: pos.spec,
            convention: pos.convention.as_str(),
            heaps: pos.heaps,
            mv,
            heaps_after,
            over: m.is_over(),
        })
    })
    .await
}

#[derive(Serialize)]
struct HintRow {
    heap: usize,
    size: u64,
    value: u64,
    has_top_bit: bool,
}

/// The values of the heaps in binary columns, for the page's table.
#[derive(Serialize)]
struct Explanation {
    rows: Vec<HintRow>,
    nim_sum: u64,
    /// The exponent of the nim-sum's highest set bit; `null` when it is 0.
    top_bit: Option<u32>,
}

/// The misère quotient behind a hint: the elements the heaps pretend to be.
#[derive(Serialize)]
struct QuotientHint {
    order: usize,
    max_heap: u64,
    /// The element of each heap, by name.
    elements: Vec<String>,
    product: String,
    p_portion: Vec<String>,
}

#[derive(Serialize)]
struct HintOut {
    game: String,
    /// The spec as the request wrote it.
    typed: String,
    convention: &'static str,
    heaps: Vec<u64>,
    outcome: &'static str,
    /// The heaps' Grundy values and their nim-sum, which decide normal
    /// play (and misère Nim, by Bouton's rule); absent under the misère
    /// `search` and `quotient` lessons, where they decide nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nim_sum: Option<u64>,
    winning_moves: Vec<MoveJson>,
    /// The engine's move here: the first winning move, or from a
    /// P-position the move that keeps the game long.
    suggestion: Option<MoveJson>,
    /// `nim` (the binary lesson), `values` (Grundy values), `search`
    /// (misère play decided by searching every position) or `quotient`
    /// (misère play decided by the game's misère quotient).
    lesson: &'static str,
    /// The values in binary, as `values` (absent where they are).
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<Explanation>,
    /// With the `quotient` lesson only: each heap's element, their
    /// product and the P-portion.
    #[serde(skip_serializing_if = "Option::is_none")]
    quotient: Option<QuotientHint>,
    /// The lesson as text, as `grundy play` prints it for `hint` (for Nim,
    /// that of `grundy nim --explain`), without the terminal's closing
    /// "type ..." line: the page shows the moves itself.
    text: String,
}

/// `POST /api/hint {game, heaps, misere}`: the outcome, every winning move,
/// the Grundy values in binary and the lesson behind them, from the
/// library's [`Match::hint`].
pub(crate) async fn hint(State(state): State<AppState>, body: Body) -> ApiResult {
    let bytes = read_body(&state, body).await?;
    let mut fields = Fields::parse(&bytes, &["game", "heaps", "misere"])?;
    let pos = HeapPlay::read(&mut fields, &state.limits)?;
    let limits = state.limits.clone();
    let cost = pos.cost(&state);
    compute(&state, cost, move |cancel| {
        let Some(m) = pos.start(Player::User, &limits, cancel)? else {
            return Err(ApiError::illegal(format!(
                "no move is left in this position of {}: the game is over",
                pos.spec
            )));
        };
        let hint = m.hint();
        let by_values = matches!(hint.lesson, Lesson::Nim(_) | Lesson::Values(_));
        // Every heap has a value: it is at most the largest heap the match
        // started with (for Nim, the value is the size).
        let values: Vec<Nimber> = pos
            .heaps
            .iter()
            .map(|&h| m.value(h).unwrap_or_default())
            .collect();
        let nim_sum: Nimber = values.iter().copied().sum();
        let top_bit = (!nim_sum.is_zero()).then(|| 63 - nim_sum.value().leading_zeros());
        let rows = pos
            .heaps
            .iter()
            .zip(&values)
            .enumerate()
            .map(|(heap, (&size, v))| HintRow {
                heap,
                size,
                value: v.value(),
                has_top_bit: top_bit.is_some_and(|b| v.value() >> b & 1 == 1),
            })
            .collect();
        to_json(&HintOut {
            game: pos.game.clone(),
            typed: pos.spec.clone(),
            convention: pos.convention.as_str(),
            outcome: m.outcome().as_str(),
            values: by_values.then(|| values.iter().map(|v| v.value()).collect()),
            nim_sum: by_values.then(|| nim_sum.value()),
            winning_moves: hint.winning_moves.iter().map(MoveJson::from).collect(),
            suggestion: hint.suggestion.as_ref().map(MoveJson::from),
            quotient: match &hint.lesson {
                Lesson::Quotient(q) => Some(QuotientHint {
                    order: q.order,
                    max_heap: q.max_heap,
                    elements: q.rows.iter().map(|r| r.element.clone()).collect(),
                    product: q.product.clone(),
                    p_portion: q.p_portion.clone(),
                }),
                _ => None,
            },
            lesson: match hint.lesson {
                Lesson::Nim(_) => "nim",
                Lesson::Values(_) => "values",
                Lesson::Search(_) => "search",
                Lesson::Quotient(_) => "quotient",
            },
            explanation: by_values.then(|| Explanation {
                rows,
                nim_sum: nim_sum.value(),
                top_bit,
            }),
            text: hint.lesson.text(),
            heaps: pos.heaps,
        })
    })
    .await
}
