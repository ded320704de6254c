//! `grundy period GAME`: the preperiod and period of a heap game's Grundy
//! sequence, reported only when a theorem proves them.

use std::io::Write;

use anyhow::Context;
use grundy::heap::period::{self, Certificate, PeriodStatus, Theorem};
use grundy::heap::HeapRuleset;

/// How many values are computed by default when a theorem applies.
const DEFAULT_MAX: u64 = 1 << 20;
/// How many values are computed by default when no theorem applies (they
/// are computed only to say how far the sequence was looked at).
const DEFAULT_MAX_NO_THEOREM: u64 = 10_000;

/// Arguments of `grundy period`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. `kayles`, `0.16`, `sub{1,3,4}`.
    game: String,
    /// The most values to compute while looking for a proof (default
    /// 2^20, or 10000 for games with no periodicity theorem).
    #[arg(long)]
    max: Option<u64>,
    /// Print a JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `grundy period`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    let ruleset =
        HeapRuleset::parse(&args.game).with_context(|| format!("bad game spec {:?}", args.game))?;
    let has_theorem = Theorem::for_ruleset(&ruleset).is_some();
    let max = args.max.unwrap_or(if has_theorem {
        DEFAULT_MAX
    } else {
        DEFAULT_MAX_NO_THEOREM
    });
    let found = period::find_period(&ruleset, max);
    let game = ruleset.to_string();
    match &found.status {
        PeriodStatus::Periodic {
            preperiod,
            period,
            saltus,
            certificate,
        } => {
            let status = if *saltus == 0 {
                "periodic"
            } else {
                "arithmetic-periodic"
            };
            let (theorem, bound) = match certificate {
                Certificate::Formula(_) => (None, None),
                Certificate::FiniteCheck { theorem, bound } => {
                    (Some(theorem.describe()), Some(*bound))
                }
            };
            if args.json {
                let json = serde_json::json!({
                    "game": game,
                    "status": status,
                    "preperiod": preperiod,
                    "period": period,
                    "saltus": saltus,
                    "checked_to": found.checked_to,
                    "proof": certificate.to_string(),
                    "theorem": theorem,
                    "bound": bound,
                });
                writeln!(out, "{json}")?;
            } else {
                writeln!(out, "game: {game}")?;
                if *saltus == 0 {
                    writeln!(out, "periodic: preperiod {preperiod}, period {period}")?;
                    writeln!(out, "  (G(n + {period}) = G(n) for every n >= {preperiod}, and not from any earlier n)")?;
                } else {
                    writeln!(
                        out,
                        "arithmetic-periodic: preperiod {preperiod}, period {period}, saltus {saltus}"
                    )?;
                    writeln!(
                        out,
                        "  (G(n + {period}) = G(n) + {saltus} for every n >= {preperiod})"
                    )?;
                }
                writeln!(out, "proof: {certificate}")?;
                if found.checked_to > 0 {
                    writeln!(out, "values computed: G(0..={})", found.checked_to)?;
                }
            }
        }
        PeriodStatus::Unknown { reason } => {
            if args.json {
                let json = serde_json::json!({
                    "game": game,
                    "status": "unknown",
                    "checked_to": found.checked_to,
                    "reason": reason.to_string(),
                });
                writeln!(out, "{json}")?;
            } else {
                writeln!(out, "game: {game}")?;
                writeln!(out, "period: unknown ({reason})")?;
                writeln!(out, "values computed: G(0..={})", found.checked_to)?;
                if has_theorem {
                    writeln!(out, "hint: a larger --max lets the search look further")?;
                }
            }
        }
    }
    Ok(())
}
