//! `grundy period GAME`: the preperiod and period of a heap game's Grundy
//! sequence, reported only when a theorem proves them.

use std::io::Write;

use grundy::heap::period::{
    self, Analysis, AnalysisError, ApparentPeriod, PeriodStatus, Theorem, UnknownReason,
};
use grundy::heap::HeapRuleset;
use grundy::limits;

use crate::progress::Progress;

/// Arguments of `grundy period`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy period kayles                 preperiod 71, period 12, with the proof used\n  \
    grundy period 0.156 --json\n  \
    grundy period 'sub{1,3,4}'\n  \
    grundy period 0.6 --max 100000000    look further before saying unknown")]
pub struct Args {
    /// The game, e.g. `kayles`, `0.16`, `sub{1,3,4}`.
    game: String,
    /// The most values to compute while looking for a proof (default
    /// 2^20, then on to 2^25 for codes whose values cost the same however
    /// far they go, such as 0.354, whose proof needs 2·10^7; 2^13 for
    /// hexadecimal codes, whose three-way splits make each value cost
    /// O(n²); 10000 for games with no periodicity theorem, which also
    /// report the period their values seem to have, unproved). At most
    /// 2^34: the values are kept in memory.
    #[arg(long, allow_hyphen_values = true, value_parser = crate::input::non_negative)]
    max: Option<u64>,
    /// Print a JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Keep the values the search computes in FILE (a values file, as
    /// `values --out` writes), checkpointed every few seconds, and start
    /// from the values already there: a search stopped by Ctrl-C (or a
    /// kill) goes on where it stopped when the same command runs again.
    /// Without --max it keeps the limit of the stopped run it resumes, or
    /// else looks as far as it would without --resume.
    #[arg(long, value_name = "FILE")]
    resume: Option<std::path::PathBuf>,
    /// Threads the engine may use (default: one per core). The octal
    /// engine marks each block of heap sizes on all of them while one
    /// thread finishes the block before.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

/// Runs `grundy period`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    crate::record::set_threads(args.threads)?;
    let ruleset = crate::diagnostic::heap_game(&args.game)?;
    let has_theorem = Theorem::for_ruleset(&ruleset).is_some();
    let max = args.max.unwrap_or(period::default_max(&ruleset));
    // With no --max (and no file), a search that finds nothing by then
    // goes on while the values stay cheap (a search with no `max`).
    let extend = args.max.is_none() && args.resume.is_none();
    // The one set of limits, before any work: a search keeps its values.
    limits::check_stored_values(max.saturating_add(1)).map_err(|e| {
        anyhow::anyhow!(
            "--max {max} is too large: {e}; the search keeps every value it computes: \
             use a smaller --max"
        )
    })?;
    let mut apparent: Option<Option<ApparentPeriod>> = None;
    // How far the search was allowed to go, named when it ends unproved.
    let mut searched_to = max;
    let mut resumed = false;
    let (found, values) = match (&args.resume, Theorem::for_ruleset(&ruleset)) {
        (Some(path), Some(_)) if ruleset != HeapRuleset::Nim => {
            // The note on stderr has named the limit, which may be the
            // stopped run's.
            resumed = true;
            let analysis = crate::record::analyse(&ruleset, args.max, path)?;
            (analysis.periodicity, analysis.values)
        }
        (Some(_), _) => anyhow::bail!(
            "--resume keeps the values of a period search, and {ruleset} has none to keep \
             (no periodicity theorem applies, or a formula gives its values)"
        ),
        (None, _) => {
            let mut progress = Progress::new(
                "looking for a period: values computed",
                Some(max.saturating_add(1)),
            );
            let cancel = crate::interrupt::flag();
            let mut update = |n: usize| {
                if n as u64 > max.saturating_add(1) {
                    progress.set_total(Some(period::DEFAULT_MAX_LINEAR + 1));
                }
                progress.update(n as u64)
            };
            let mut search = Analysis::of(&ruleset).cancel(&cancel);
            if !extend {
                search = search.max(max);
            }
            let analysis = search.progress(&mut update).checked().run();
            let done = progress.done();
            // How far the search was allowed to go, for the messages.
            let max = if extend && done > max.saturating_add(1) {
                period::DEFAULT_MAX_LINEAR
            } else {
                max
            };
            let analysis = match analysis {
                Ok(analysis) => analysis,
                Err(AnalysisError::Limit(e)) => {
                    anyhow::bail!(
                        "{e} (looking for a period up to --max {max}): use a smaller --max"
                    )
                }
                Err(AnalysisError::Cancelled(c)) => {
                    return Err(anyhow::Error::new(c).context(format!(
                        "no period proved in G(0..{done}) of {ruleset} (looking up to {max})"
                    )))
                }
            };
            // The engine finishes its block past `max`; only a search
            // with no --max goes on to look further.
            if extend && analysis.periodicity.checked_to > searched_to {
                searched_to = period::DEFAULT_MAX_LINEAR;
            }
            (analysis.periodicity, analysis.values)
        }
    };
    // What the values seem to do, marked as seen and not proved: for the
    // games with no theorem, and for those whose theorem proves periods
    // only while an arithmetic period (saltus > 0) is possible
    // (hexadecimal codes such as 0.8, whose values grow by 1 every 3).
    let saltus_zero = Theorem::for_ruleset(&ruleset).and_then(|t| t.why_saltus_zero());
    match found.status {
        PeriodStatus::Unknown {
            reason: UnknownReason::NoTheorem,
        } => apparent = Some(period::apparent_period(&values)),
        PeriodStatus::Unknown {
            reason: UnknownReason::LimitReached,
        } if saltus_zero.is_none() => apparent = Some(period::apparent_period(&values)),
        _ => {}
    }
    drop(values);
    let game = ruleset.to_string();
    // One JSON shape for both answers (the contract's "periodic" or
    // "unknown"); only the readable text differs by case.
    if args.json {
        let mut json = grundy_json::PeriodJson::new(&game, &found);
        if let Some(apparent) = &apparent {
            json = json.with_apparent(apparent.as_ref());
        }
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "game: {game}")?;
    match &found.status {
        PeriodStatus::Periodic {
            preperiod,
            period,
            saltus,
            certificate,
        } => {
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
        PeriodStatus::Unknown {
            reason: UnknownReason::ProofBeyondLimit { needs },
        } => {
            writeln!(
                out,
                "period: unknown ({})",
                UnknownReason::ProofBeyondLimit { needs: *needs }
            )?;
            writeln!(out, "values computed: none")?;
            writeln!(
                out,
                "hint: --max {needs} or more lets the search look for a proof"
            )?;
        }
        PeriodStatus::Unknown { reason } => {
            if *reason == UnknownReason::LimitReached && !resumed {
                // The limit the search stopped at, named, with where it
                // came from.
                let default = if args.max.is_some() {
                    String::new()
                } else if searched_to == period::DEFAULT_MAX_LINEAR {
                    ", the default for codes whose values stay cheap".to_string()
                } else if ruleset.max_heaps_left() > 2 {
                    ", the default for hexadecimal codes".to_string()
                } else {
                    ", the default".to_string()
                };
                writeln!(
                    out,
                    "period: unknown (no period proved within --max {searched_to}{}{default})",
                    power_of_two(searched_to)
                )?;
            } else {
                writeln!(out, "period: unknown ({reason})")?;
            }
            writeln!(out, "values computed: G(0..={})", found.checked_to)?;
            if let Some(why) = saltus_zero {
                writeln!(
                    out,
                    "saltus: 0, proved ({why}), so only a period is looked for"
                )?;
            }
            let why_unproved = if has_theorem {
                "the periodicity theorem proves periods with saltus 0 only"
            } else {
                "no periodicity theorem applies to this game"
            };
            match apparent {
                Some(Some(seen)) => writeln!(out, "{}", describe_apparent(&seen, why_unproved))?,
                Some(None) => writeln!(
                    out,
                    "apparent: no {} seen in G(0..={}) (a larger --max looks further)",
                    if has_theorem {
                        "arithmetic period"
                    } else {
                        "period"
                    },
                    found.checked_to
                )?,
                None => {}
            }
            if has_theorem {
                writeln!(out, "hint: a larger --max lets the search look further")?;
            }
        }
    }
    Ok(())
}

/// ` (2^k)` for a power of two, else nothing.
fn power_of_two(n: u64) -> String {
    if n.is_power_of_two() && n > 1 {
        format!(" = 2^{}", n.trailing_zeros())
    } else {
        String::new()
    }
}

/// The text line for a pattern seen but not proved, with why it is not.
fn describe_apparent(seen: &ApparentPeriod, why_unproved: &str) -> String {
    let kind = if seen.saltus == 0 {
        format!("looks periodic with period {}", seen.period)
    } else {
        format!(
            "looks arithmetic-periodic with period {} and saltus {}",
            seen.period, seen.saltus
        )
    };
    format!(
        "apparent: {kind} from n = {} over the last {} values (to n = {}) \
         — NOT proved: {why_unproved}",
        seen.preperiod,
        seen.agreeing(),
        seen.seen_to
    )
}
