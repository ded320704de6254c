//! The `census` row: `{"game", "status", "preperiod", "period",
//! "checked_to", "max_value", "max_at", "rare_count", "rare_mask",
//! "same_as"}`, one object per game of a family.

use grundy::census::{CensusRow, CensusStatus};
use serde::Serialize;

/// One game's census line. `preperiod` and `period` are `null` when the
/// status is `"unknown"`.
#[derive(Serialize)]
pub struct CensusRowJson<'a> {
    game: &'a str,
    status: &'static str,
    preperiod: Option<u64>,
    period: Option<u64>,
    checked_to: u64,
    max_value: u64,
    max_at: u64,
    rare_count: u64,
    rare_mask: u64,
    same_as: &'a [String],
}

impl<'a> CensusRowJson<'a> {
    /// The object for `row`.
    ///
    /// ```
    /// use grundy::cancel::Cancel;
    /// use grundy::census::census_game;
    /// use grundy_json::CensusRowJson;
    ///
    /// let row = census_game(&"sub{1,2}".parse()?, 100, &Cancel::new())?;
    /// assert_eq!(
    ///     serde_json::to_string(&CensusRowJson::new(&row))?,
    ///     r#"{"game":"sub{1,2}","status":"periodic","preperiod":0,"period":3,"checked_to":15,"max_value":2,"max_at":2,"rare_count":6,"rare_mask":3,"same_as":[]}"#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(row: &'a CensusRow) -> CensusRowJson<'a> {
        let (preperiod, period) = match row.status {
            CensusStatus::Periodic { preperiod, period } => (Some(preperiod), Some(period)),
            CensusStatus::Unknown => (None, None),
        };
        CensusRowJson {
            game: &row.game,
            status: row.status.as_str(),
            preperiod,
            period,
            checked_to: row.checked_to,
            max_value: row.max_value,
            max_at: row.max_at,
            rare_count: row.rare_count,
            rare_mask: row.rare_mask,
            same_as: &row.same_as,
        }
    }
}
