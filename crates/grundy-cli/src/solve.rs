//! `grundy solve GAME HEAP ...`: the outcome of a sum of heaps and its
//! winning moves.

use std::io::Write;

use anyhow::Context;

use grundy::games::{CramEndgame, Game, Position, SearchOptions, SolveOptions};
use grundy::heap::{period, HeapRuleset};
use grundy::misere::{heap_forms, MisereForms, QuotientBound};
use grundy::nim::BigUint;
use grundy::search::{SearchStats, DEFAULT_MEMORY};
use grundy::sum::{HeapSolver, SolveProgress, SumError, SumSolution};
use grundy::{Budget, Convention, Outcome};
use grundy_json::PositionJson;

use crate::progress::Progress;

/// Arguments of `grundy solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy solve kayles 1000000000000000000 7    exact, with winning moves\n  \
    grundy solve 0.07 10 20 30 --limit 5\n  \
    grundy solve nim --misere 1 1 5\n  \
    grundy solve kayles --misere 30 40 17        by the misère quotient\n  \
    grundy solve kayles --genus 4 7              Conway's genus of the sum\n  \
    grundy solve cram:4x9                        a board names its whole position\n  \
    grundy solve 'chomp:..../..##/.###' --json\n  \
    grundy solve nodekayles:petersen --outcome\n  \
    grundy solve kayles --misere --canonical 4 5  the misère canonical form\n  \
    grundy solve 'cram:........./##.######' --misere --canonical")]
pub struct Args {
    /// The game, e.g. `kayles`, `0.07`, `sub{1,3,4}`, or a board that names
    /// its start position, `cram:4x5`, `chomp:3x4`, or any position drawn
    /// as `graph --game` prints it: `cram:.../.##/...` (`.` free, `#`
    /// covered or eaten, rows from the top separated by `/`), or Node
    /// Kayles on a graph: `nodekayles:path:20`, `nodekayles:cycle:30`,
    /// `nodekayles:grid:4x6`, `nodekayles:complete:N`, `nodekayles:star:N`,
    /// `nodekayles:petersen`, or `nodekayles:FILE` (an edge list).
    game: String,
    /// Heap sizes (each below 2^64).
    #[arg(allow_negative_numbers = true)]
    heaps: Vec<String>,
    /// Misère play: whoever makes the last move loses. Exact for Nim; for
    /// other games an exhaustive search up to 48 tokens, then the game's
    /// misère quotient (heaps up to 500).
    #[arg(long)]
    misere: bool,
    /// With --misere: the misère canonical form of the position (Conway's
    /// simplest equal game, in CGSuite's notation, e.g. `*[2[2]321]`),
    /// for positions small enough to build: at most --max-forms distinct
    /// forms on the way.
    #[arg(long, requires = "misere", conflicts_with = "genus")]
    canonical: bool,
    /// With --canonical: the most distinct canonical forms to build before
    /// giving up (default 1048576).
    #[arg(long, value_name = "N", requires = "canonical",
          value_parser = crate::input::max_forms)]
    max_forms: Option<usize>,
    /// Conway's genus g^γ0γ1… of the position or the sum, in place of its
    /// moves: the normal-play value g, and γk, the misère Grundy value of
    /// the position with k Nim heaps of 2 beside it (γ0 = 0 exactly at a
    /// misère P-position). Searched exhaustively: heap games up to heaps
    /// of 4096, boards and graphs as far as the search's table reaches.
    #[arg(long, conflicts_with_all = ["outcome", "db"])]
    genus: bool,
    /// The most winning moves to print (all are counted).
    #[arg(long, default_value_t = 20, allow_hyphen_values = true,
          value_parser = crate::input::non_negative_usize)]
    limit: usize,
    /// The most values to compute when looking for a period (for heaps
    /// beyond it a proved period is required). Default 2^22; 2^13 for
    /// hexadecimal codes, whose three-way splits make each value cost O(n²).
    #[arg(long, allow_hyphen_values = true, value_parser = crate::input::non_negative)]
    max: Option<u64>,
    /// Misère heap sums past the exhaustive search: give up when the
    /// game's misère quotient, or a candidate on the way to it, has more
    /// elements than this (default 1024, as for `grundy quotient`).
    #[arg(long, value_name = "ORDER", requires = "misere",
          value_parser = crate::input::non_negative_usize)]
    max_order: Option<usize>,
    /// Misère heap sums past the exhaustive search: the most sums the
    /// quotient's outcome search may remember, about 100 bytes each
    /// (default 2000000). More reaches further and takes longer before
    /// giving up.
    #[arg(long, value_name = "N", requires = "misere",
          value_parser = crate::input::non_negative_usize)]
    max_searched: Option<usize>,
    /// Print a JSON object instead of text (for a board, with the search's
    /// counters under "search").
    #[arg(long)]
    json: bool,
    /// Boards and Node Kayles only: decide only whether the position is P or N (and give
    /// one winning move), which is much faster than the value.
    #[arg(long)]
    outcome: bool,
    /// Boards and Node Kayles only: the memory limit of the transposition table, e.g. 2G,
    /// 512M (default 1G). A full table overwrites its cheapest entries, so
    /// a small one costs time, never a wrong answer.
    #[arg(long, value_name = "SIZE", value_parser = crate::input::memory_size)]
    tt_mem: Option<usize>,
    /// Boards and Node Kayles only: the threads that search the options of
    /// the position at once, each with its share of --tt-mem, trading the
    /// values they find (default: one per core). The answer is the same on
    /// any number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Cram only: an endgame table of the values of every region of up to
    /// --db-cells cells, kept in the folder DIR (made if missing) as
    /// `cram-RxC-uptoK.grundydb`. The first run builds it; later runs read it.
    #[arg(long, value_name = "DIR")]
    db: Option<std::path::PathBuf>,
    /// Cram only: the largest region of the endgame table, 2 to 16 cells
    /// (default 12).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(2..=16), requires = "db")]
    db_cells: Option<u32>,
}

/// The Cram endgame table of `--db DIR`, read from its file, or built and
/// written there (flushed to disk under a temporary name, then renamed, so
/// that a stop, a kill or a crash never leaves a file that is not a whole
/// table; a file that is not, say after a disk error, fails its checksum
/// and is refused). A build that does not finish leaves no folder it made.
fn endgame_table(
    args: &Args,
    position: &dyn Position,
) -> anyhow::Result<Option<(CramEndgame, f64)>> {
    let Some(dir) = &args.db else {
        return Ok(None);
    };
    let Some(game) = position.endgame_board() else {
        anyhow::bail!(
            "--db is for Cram (an endgame table of its small regions); {position} is {}",
            position.rules().name
        );
    };
    let cells = args.db_cells.unwrap_or(12);
    let path = dir.join(CramEndgame::file_name(&game, cells));
    let started = std::time::Instant::now();
    if path.exists() {
        let bytes = std::fs::read(&path)
            .with_context(|| format!("cannot read the endgame table {}", path.display()))?;
        let table = CramEndgame::from_bytes(&bytes, &game, cells).with_context(|| {
            format!(
                "{} cannot be used (remove it and the next run builds it again)",
                path.display()
            )
        })?;
        return Ok(Some((table, started.elapsed().as_secs_f64())));
    }
    // Made before the build, so that a folder that cannot be made is said
    // at once; removed again if the build does not finish (only if empty,
    // so nothing that was there is lost).
    let made = !dir.exists();
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot make the folder {}", dir.display()))?;
    let mut progress = Progress::new(
        format!(
            "building the endgame table {} (regions of up to {cells} cells), region size",
            path.display()
        ),
        None,
    );
    let built = CramEndgame::build(&game, cells, &crate::interrupt::flag(), &mut |size| {
        progress.update(u64::from(size))
    });
    drop(progress);
    let table = match built {
        Ok(table) => table,
        Err(stopped) => {
            if made {
                let _ = std::fs::remove_dir(dir);
            }
            return Err(anyhow::Error::new(stopped).context(format!(
                "the endgame table {} was not finished and not written",
                path.display()
            )));
        }
    };
    crate::record::write_atomic(&path, &table.to_bytes())
        .with_context(|| format!("cannot write the endgame table {}", path.display()))?;
    Ok(Some((table, started.elapsed().as_secs_f64())))
}

/// Runs `grundy solve`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    if args.canonical {
        return solve_canonical(&args, out);
    }
    if args.genus {
        return solve_genus(&args, out);
    }
    match crate::diagnostic::game(&args.game)? {
        Game::Heaps(ruleset) => solve_heaps(&args, &ruleset, out),
        Game::Position(position) => solve_position(&args, &*position, out),
    }
}

/// `--misere --canonical`: the misère canonical form of a sum of heaps or
/// of a whole position, its outcome and values.
fn solve_canonical(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    if args.outcome || args.tt_mem.is_some() || args.threads.is_some() || args.db.is_some() {
        anyhow::bail!(
            "--canonical builds the misère canonical form and takes none of --outcome, --tt-mem, --threads, --db"
        );
    }
    let max = args.max_forms.unwrap_or(grundy::misere::DEFAULT_MAX_FORMS);
    let mut forms = MisereForms::new()
        .max_forms(max)
        .cancel(&crate::interrupt::flag());
    let game = crate::diagnostic::game(&args.game)?;
    let (name, heaps, form) = match &game {
        Game::Heaps(ruleset) => {
            let heaps = parse_heaps(&args.heaps, ruleset)?;
            let largest = heaps.iter().copied().max().unwrap_or(0);
            let form = heap_forms(ruleset, largest, &mut forms)
                .and_then(|table| {
                    let parts: Vec<_> = heaps.iter().map(|&h| table[h as usize]).collect();
                    forms.sum(&parts)
                })
                .with_context(|| {
                    format!(
                        "the misère canonical form of {} at heaps {}",
                        args.game.trim(),
                        args.heaps.join(" ")
                    )
                })?;
            (args.game.trim().to_owned(), Some(heaps), form)
        }
        Game::Position(position) => {
            if !args.heaps.is_empty() {
                anyhow::bail!(
                    "{position} names its whole position and takes no heaps, got {:?}",
                    args.heaps.join(" ")
                );
            }
            let form = grundy::games::position::misere_form(&**position, &mut forms)
                .with_context(|| format!("the misère canonical form of {position}"))?;
            (position.to_string(), None, form)
        }
    };
    if args.json {
        let json = grundy_json::CanonicalJson::new(&name, heaps.as_deref(), &mut forms, form)
            .with_context(|| format!("the misère canonical form of {name}"))?;
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    let text = forms
        .notation(form)
        .with_context(|| format!("the misère canonical form of {name}"))?;
    writeln!(out, "game: {name} (misère play)")?;
    if let Some(heaps) = &heaps {
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        writeln!(out, "heaps: {}", list.join(" "))?;
    }
    writeln!(out, "misère canonical form: {text}")?;
    writeln!(
        out,
        "birthday {}, misère nim value {}, normal-play nim value {}",
        forms.birthday(form),
        forms.misere_value(form),
        forms.normal_value(form)
    )?;
    writeln!(out, "outcome: {}", outcome_words(forms.outcome(form)))?;
    writeln!(
        out,
        "({} distinct forms built; the notation is CGSuite's: options highest first, `#` a game of one option, `X[n]` the sum X + *n)",
        forms.len()
    )?;
    Ok(())
}

/// The search's options from `--outcome`, `--tt-mem` and `--threads`.
fn search_options(args: &Args) -> SearchOptions {
    SearchOptions {
        outcome_only: args.outcome,
        memory: args.tt_mem.unwrap_or(DEFAULT_MEMORY),
        threads: args
            .threads
            .map_or(SearchOptions::default().threads, usize::from),
        ..SearchOptions::default()
    }
}

/// A whole position (a board, a graph): its value, outcome and every
/// winning move, named as `grundy play` names moves. The search draws a
/// progress line on a terminal and stops on Ctrl-C.
fn solve_position(
    args: &Args,
    position: &dyn Position,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let name = position.to_string();
    if !args.heaps.is_empty() {
        anyhow::bail!(
            "{name} names its whole position and takes no heaps, got {:?}",
            args.heaps.join(" ")
        );
    }
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    if let Some(why) = position.refuses(convention) {
        anyhow::bail!("{why}");
    }
    if args.max_order.is_some() || args.max_searched.is_some() {
        anyhow::bail!(
            "--max-order and --max-searched bound the misère quotient of a heap game; {name} is \
             searched position by position"
        );
    }
    if args.misere && args.db.is_some() {
        anyhow::bail!(
            "--db reads the normal-play values of small regions, which misère play cannot use; leave out --db or --misere"
        );
    }
    let endgame = endgame_table(args, position)?;
    let search = search_options(args);
    let mut progress = Progress::new(format!("solving {name}"), None);
    let mut last = SearchStats::default();
    let started = std::time::Instant::now();
    let cancel = crate::interrupt::flag();
    let mut tick = |s: SearchStats| {
        last = s;
        progress.update_board_search(&s)
    };
    let solution = position.solve(
        &mut SolveOptions::default()
            .search(search)
            .cancel(&cancel)
            .progress(&mut tick)
            .endgame(endgame.as_ref().map(|(t, _)| t))
            .convention(convention),
    );
    drop(progress);
    let solution = solution.with_context(|| {
        format!(
            "searched {} positions of {name} (table {} entries, {} MB) in {:.1} s before it was stopped",
            last.nodes,
            last.entries,
            last.table_bytes >> 20,
            started.elapsed().as_secs_f64()
        )
    })?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let mut json = PositionJson::new(&name, &solution).with_search(&solution.stats, seconds);
        if args.misere {
            json = json.misere();
        }
        if let Some((table, built)) = &endgame {
            json = json.with_endgame(grundy_json::EndgameJson {
                regions: table.len(),
                max_cells: table.max_cells(),
                hits: solution.stats.endgame_hits,
                seconds: *built,
            });
        }
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    let rules = position.rules();
    match position.note() {
        Some(note) => writeln!(out, "game: {name} ({note})")?,
        None => writeln!(out, "game: {name}")?,
    }
    match solution.value {
        Some(v) => writeln!(out, "value: {v}")?,
        None if args.misere => writeln!(
            out,
            "play: misère (the player who cannot move wins; the outcome is searched, as misère values do not add up)"
        )?,
        None if args.outcome => writeln!(out, "value: not computed (--outcome)")?,
        None => writeln!(
            out,
            "value: not computed (the outcome and the winning moves are exact)"
        )?,
    }
    writeln!(out, "outcome: {}", outcome_words(solution.outcome))?;
    let total = solution.winning_moves.len();
    if total == 0 {
        writeln!(
            out,
            "winning moves: none (every move leads to an N-position)"
        )?;
        return Ok(());
    }
    if args.outcome {
        writeln!(
            out,
            "a winning move ({}; without --outcome, all of them):",
            rules.moves_note
        )?;
    } else {
        writeln!(out, "winning moves ({total} in all; {}):", rules.moves_note)?;
    }
    for m in solution.winning_moves.iter().take(args.limit) {
        writeln!(out, "  {} {}", rules.noun, m.name)?;
    }
    if total > args.limit {
        writeln!(
            out,
            "  ... and {} more (raise --limit to see them)",
            total - args.limit
        )?;
    }
    Ok(())
}

fn solve_heaps(args: &Args, ruleset: &HeapRuleset, out: &mut impl Write) -> anyhow::Result<()> {
    if args.db.is_some() {
        anyhow::bail!(
            "--db is for Cram (an endgame table of its small regions); {} is a heap game",
            args.game.trim()
        );
    }
    if args.outcome || args.tt_mem.is_some() || args.threads.is_some() {
        anyhow::bail!(
            "--outcome, --tt-mem and --threads are for board positions (cram:..., chomp:...); a sum of heaps is solved from its Grundy values"
        );
    }
    if let Some(big) = big_nim_heaps(ruleset, &args.heaps)? {
        return solve_big_nim(args, ruleset, &big, out);
    }
    let heaps = parse_heaps(&args.heaps, ruleset)?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    // The flags fill the library's budget; a flag left out is the
    // library's default (for the values, the ruleset's; for the quotient's
    // search, that of a quotient computed to solve a sum).
    let defaults = Budget::default();
    let budget = Budget {
        max_values: Some(args.max.unwrap_or(defaults.max_values_for(ruleset))),
        max_quotient_order: args.max_order.unwrap_or(defaults.max_quotient_order),
        max_quotient_searched: Some(
            args.max_searched
                .unwrap_or(defaults.sum_quotient_searched()),
        ),
        ..defaults
    };
    let max = budget.max_values_for(ruleset);
    if !args.misere {
        // The one set of limits: a search keeps every value it computes.
        grundy::limits::check_stored_values(max.saturating_add(1))
            .map_err(|e| anyhow::anyhow!("--max {max} is too large: {e}; use a smaller --max"))?;
    }
    // The quotient's search keeps every sum it remembers: refused at the
    // start if memory could not hold them, rather than after minutes.
    budget.check_quotient_memory().map_err(|e| {
        anyhow::anyhow!(
            "--max-searched {} is too large: {e}; use a smaller --max-searched",
            budget.quotient_searched()
        )
    })?;
    let solver = prepare(ruleset, convention, &heaps, budget)?;
    let solution = solver.solve(&heaps, args.limit)?;
    let quotient = solver.quotient();
    if args.json {
        write_json(ruleset, &heaps, &solution, quotient.is_some(), out)
    } else {
        write_text(ruleset, &heaps, &solution, out)?;
        if let Some(q) = quotient {
            writeln!(
                out,
                "method: misère quotient of order {} on heaps up to {} (`grundy quotient {} \
                 --max-heap {}` shows it)",
                q.order(),
                q.max_heap(),
                q.game(),
                q.max_heap()
            )?;
        }
        Ok(())
    }
}

/// The library's heap solver for this sum, which chooses the method
/// (Bouton's formula, Grundy values, the exhaustive misère search, or the
/// game's misère quotient past it), with a progress line while values or a
/// quotient are computed.
///
/// # Errors
/// Those of the solver; on Ctrl-C, saying how far it got.
fn prepare(
    ruleset: &HeapRuleset,
    convention: Convention,
    heaps: &[u64],
    budget: Budget,
) -> anyhow::Result<HeapSolver> {
    let max = budget.max_values_for(ruleset);
    let largest = heaps.iter().copied().max().unwrap_or(0);
    // Without a periodicity theorem the values are tabulated up to the
    // largest heap: then the end, and an ETA, are known.
    let tabulated = period::Theorem::for_ruleset(ruleset).is_none() && largest <= max;
    let mut progress: Option<Progress> = None;
    let result = HeapSolver::of(ruleset, convention)
        .budget(budget)
        .cancel(&crate::interrupt::flag())
        .progress(|p| match p {
            SolveProgress::Values(n) => progress
                .get_or_insert_with(|| {
                    // With a theorem the search stops at a proof, or at
                    // --max, named up front.
                    let what = if tabulated {
                        "computing values".to_string()
                    } else {
                        format!("computing values, looking for a period up to --max {max}")
                    };
                    Progress::new(what, tabulated.then(|| largest.saturating_add(1)))
                        .with_growth(cost_growth(ruleset))
                })
                .update(n as u64),
            SolveProgress::Quotient { heap, .. } => progress
                .get_or_insert_with(|| Progress::new("misère quotient: heaps done", Some(largest)))
                .update(heap),
        })
        .prepare(heaps);
    let done = progress.as_ref().map_or(0, Progress::done);
    drop(progress);
    match result {
        Err(SumError::Cancelled(c)) if convention == Convention::Misere => {
            Err(anyhow::Error::new(c).context(format!(
                "the misère quotient of {ruleset} was verified for heaps up to {done} of {largest}"
            )))
        }
        // Refused before any value was computed, or stopped at the bound
        // with no period proved: the bound and the flag that moves it
        // (and no count of values when none was computed).
        Err(
            e @ (SumError::NoPeriodTheorem { heap, .. } | SumError::BeyondComputed { heap, .. }),
        ) => Err(anyhow::anyhow!("{e}: {}", raise_max(heap, max))),
        // The quotient outgrew its bounds: what the solver can still
        // answer, from the exhaustive search or the verified quotient.
        Err(e @ SumError::MisereQuotient { .. }) => Err(quotient_failed(e, ruleset, done, &budget)),
        Err(e) if convention == Convention::Normal => {
            Err(anyhow::Error::new(e).context(format!("computed G(0..{done}) of {ruleset}")))
        }
        other => Ok(other?),
    }
}

/// A misère quotient that outgrew its bounds (`done` heaps verified), with
/// what the solver can still answer: sums within the exhaustive search,
/// and sums whose heaps the verified quotient covers.
fn quotient_failed(
    e: SumError,
    ruleset: &HeapRuleset,
    done: u64,
    budget: &Budget,
) -> anyhow::Error {
    let SumError::MisereQuotient { limit, bound, .. } = &e else {
        return e.into();
    };
    let verified = if done > 0 {
        format!(", or whose heaps are all at most {done} (by the quotient verified so far)")
    } else {
        String::new()
    };
    // The flag that moves the bound the quotient passed.
    let raise = match bound {
        Some(QuotientBound::Searched) => format!(
            "; --max-searched (now {}) lets the quotient's search remember more sums, \
             about 100 bytes each",
            budget.sum_quotient_searched()
        ),
        Some(QuotientBound::Order) => format!(
            "; --max-order (now {}) lets the quotient have more elements",
            budget.max_quotient_order
        ),
        None => String::new(),
    };
    anyhow::anyhow!(
        "{e}; misère sums of {ruleset} are solved when they have at most {limit} tokens \
         (by exhaustive search){verified}{raise}"
    )
}

/// What to do about a heap past `--max` (now `max`): a larger `--max`
/// while the values fit the limits, which it names otherwise.
fn raise_max(heap: u64, max: u64) -> String {
    let limit = grundy::limits::MAX_STORED_VALUES;
    if heap < limit {
        format!(
            "--max (now {max}) bounds the values computed; --max {heap} computes the values \
             up to that heap (each is kept in memory)"
        )
    } else {
        format!(
            "--max (now {max}) bounds the values computed, and is at most {} (each value is \
             kept in memory)",
            limit - 1
        )
    }
}

fn parse_heaps(texts: &[String], ruleset: &HeapRuleset) -> anyhow::Result<Vec<u64>> {
    if texts.is_empty() {
        anyhow::bail!(
            "no heaps given: write the heap sizes after the game, e.g. `grundy solve kayles 5 7`"
        );
    }
    crate::input::small_heap_args(texts, |i, t| {
        format!(
            "heap {i} ({t:?}) is larger than {}, the largest heap of {ruleset} \
             that solve takes (Nim takes heaps of any size)",
            u64::MAX
        )
    })
}

/// The heaps of a Nim sum when one of them is too large for a `u64` (and
/// every one is a heap size): Nim is solved by its formula at any size.
/// `None` for other games, or when every heap fits, so that the usual
/// solver answers (with its own messages for bad heaps).
///
/// # Errors
/// The first heap that is not a heap size, named by its place.
fn big_nim_heaps(ruleset: &HeapRuleset, texts: &[String]) -> anyhow::Result<Option<Vec<BigUint>>> {
    if !matches!(ruleset, HeapRuleset::Nim) {
        return Ok(None);
    }
    let heaps = crate::input::heap_args(texts)?;
    if heaps
        .iter()
        .all(|h| matches!(h, grundy::nim::Heap::Small(_)))
    {
        return Ok(None);
    }
    Ok(Some(
        heaps.iter().map(grundy::nim::Heap::to_biguint).collect(),
    ))
}

/// A Nim sum with heaps beyond `u64`: the same answer and output as for
/// small heaps, from Bouton's formula (normal play) and its misère rule.
fn solve_big_nim(
    args: &Args,
    ruleset: &HeapRuleset,
    heaps: &[BigUint],
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let convention = if args.misere {
        grundy::Convention::Misere
    } else {
        grundy::Convention::Normal
    };
    let analysis = grundy::nim::analyse(heaps, convention);
    let game = ruleset.to_string();
    if args.json {
        let json = grundy_json::SolveNimJson::new(&game, heaps, &analysis, args.limit);
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    write_header(ruleset, convention, out)?;
    let list = |prefix: &str| {
        heaps
            .iter()
            .map(|h| format!("{prefix}{}", grundy::nim::to_decimal(h)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(out, "heaps:  {}", list(""))?;
    writeln!(out, "values: {}", list("*"))?;
    writeln!(
        out,
        "nim-sum: *{}",
        grundy::nim::to_decimal(&analysis.nim_sum)
    )?;
    writeln!(out, "outcome: {}", outcome_words(analysis.outcome))?;
    let total = analysis.winning_moves.len();
    if total == 0 {
        return Ok(());
    }
    writeln!(out, "winning moves ({total} in all):")?;
    for m in analysis.winning_moves.iter().take(args.limit) {
        writeln!(
            out,
            "  heap {}: {} -> {}   (take {})",
            m.heap + 1,
            grundy::nim::to_decimal(&m.from),
            grundy::nim::to_decimal(&m.to),
            grundy::nim::to_decimal(&(&m.from - &m.to))
        )?;
    }
    if total > args.limit {
        writeln!(
            out,
            "  ... and {} more (raise --limit to list them)",
            total - args.limit
        )?;
    }
    Ok(())
}

/// How the cost of tabulating G(0..n) grows with n, for the ETA: heap n
/// has about n options in Grundy's game, `half` and all-but games (and
/// n / ln n for primes), about √n for squares, and a bounded number in the
/// other games that are tabulated without a theorem.
fn cost_growth(ruleset: &HeapRuleset) -> f64 {
    use grundy::heap::SubtractionSet;
    match ruleset {
        HeapRuleset::GrundyGame | HeapRuleset::Half => 2.0,
        HeapRuleset::Subtraction(SubtractionSet::AllBut(_) | SubtractionSet::Primes) => 2.0,
        HeapRuleset::Subtraction(SubtractionSet::Squares) => 1.5,
        _ => 1.0,
    }
}

/// The first line of a sum's answer: `game: SPEC (normal play)`.
fn write_header(
    ruleset: &HeapRuleset,
    convention: grundy::Convention,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let convention = match convention {
        grundy::Convention::Normal => "normal",
        grundy::Convention::Misere => "misère",
    };
    writeln!(out, "game: {ruleset} ({convention} play)")?;
    Ok(())
}

fn write_json(
    ruleset: &HeapRuleset,
    heaps: &[u64],
    s: &SumSolution,
    by_quotient: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let game = ruleset.to_string();
    let mut json = grundy_json::SolveJson::new(&game, heaps, s);
    if by_quotient {
        json = json.with_method("quotient");
    }
    serde_json::to_writer(&mut *out, &json)?;
    writeln!(out)?;
    Ok(())
}

fn write_text(
    ruleset: &HeapRuleset,
    heaps: &[u64],
    s: &SumSolution,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    write_header(ruleset, s.convention, out)?;
    let list = |xs: &mut dyn Iterator<Item = String>| xs.collect::<Vec<_>>().join(" ");
    writeln!(
        out,
        "heaps:  {}",
        list(&mut heaps.iter().map(u64::to_string))
    )?;
    if let Some(values) = &s.values {
        writeln!(
            out,
            "values: {}",
            list(&mut values.iter().map(|g| g.to_string()))
        )?;
    }
    if let Some(total) = s.nim_sum {
        writeln!(out, "nim-sum: {total}")?;
    }
    writeln!(out, "outcome: {}", outcome_words(s.outcome))?;
    if s.total_winning_moves == 0 {
        return Ok(());
    }
    writeln!(out, "winning moves ({} in all):", s.total_winning_moves)?;
    for m in &s.winning_moves {
        writeln!(
            out,
            "  heap {}: {} -> {}   (take {})",
            m.heap + 1,
            m.from,
            m.leaves,
            m.taken()
        )?;
    }
    let rest = s.total_winning_moves - s.winning_moves.len() as u128;
    if rest > 0 {
        writeln!(out, "  ... and {rest} more (raise --limit to list them)")?;
    }
    Ok(())
}

/// `N (the player to move wins)` or `P (the player to move loses)`.
/// `solve --genus`: Conway's genus of a whole position or of a sum of
/// heaps, with a progress line on a terminal; Ctrl-C stops it.
fn solve_genus(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    let cancel = crate::interrupt::flag();
    let started = std::time::Instant::now();
    let (name, genus) = match crate::diagnostic::game(&args.game)? {
        Game::Heaps(ruleset) => {
            if args.tt_mem.is_some() || args.threads.is_some() {
                anyhow::bail!(
                    "--tt-mem and --threads are for board positions (cram:..., chomp:...); a sum of heaps is searched as heaps"
                );
            }
            let heaps = parse_heaps(&args.heaps, &ruleset)?;
            let name = format!(
                "{} {}",
                args.game.trim(),
                heaps
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            let genus = grundy::misere::GenusTable::new(&ruleset).genus_of_sum(&heaps, &cancel);
            (name.trim_end().to_string(), genus)
        }
        Game::Position(position) => {
            if !args.heaps.is_empty() {
                anyhow::bail!(
                    "{position} names its whole position and takes no heaps, got {:?}",
                    args.heaps.join(" ")
                );
            }
            let search = search_options(args);
            let name = position.to_string();
            let mut progress = Progress::new(format!("genus of {name}"), None);
            let mut tick = |s: SearchStats| progress.update_board_search(&s);
            let genus = position.genus(
                &mut SolveOptions::default()
                    .search(search)
                    .cancel(&cancel)
                    .progress(&mut tick),
            );
            let name = match position.note() {
                Some(note) => format!("{name} ({note})"),
                None => name,
            };
            (name, genus)
        }
    };
    let genus = genus.with_context(|| {
        format!(
            "the genus of {name} was not found ({:.1} s)",
            started.elapsed().as_secs_f64()
        )
    })?;
    if args.json {
        serde_json::to_writer(&mut *out, &grundy_json::GenusJson::new(&name, &genus))?;
        writeln!(out)?;
        return Ok(());
    }
    let gammas = genus.gammas();
    let misere = if gammas.first() == Some(&0) {
        Outcome::P
    } else {
        Outcome::N
    };
    let normal = if genus.normal().0 == 0 {
        Outcome::P
    } else {
        Outcome::N
    };
    writeln!(out, "game: {name}")?;
    writeln!(out, "genus: {genus}")?;
    writeln!(
        out,
        "normal play: value {}, outcome {}",
        genus.normal(),
        outcome_words(normal)
    )?;
    writeln!(out, "misère play: outcome {}", outcome_words(misere))?;
    let listed = gammas
        .iter()
        .enumerate()
        .map(|(k, g)| format!("γ{k} = {g}"))
        .collect::<Vec<_>>()
        .join(", ");
    let tail = match gammas {
        [.., a, b] => format!(", then {a}, {b}, … alternating"),
        _ => String::new(),
    };
    writeln!(
        out,
        "γk is the misère Grundy value with k Nim heaps of 2 beside it: {listed}{tail}"
    )?;
    Ok(())
}

fn outcome_words(outcome: Outcome) -> String {
    let verdict = if outcome.first_player_wins() {
        "the player to move wins"
    } else {
        "the player to move loses"
    };
    format!("{outcome} ({verdict})")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A quotient past its bounds says which sums can still be solved.
    #[test]
    fn a_quotient_past_its_bounds_says_what_is_still_solved() {
        let ruleset: HeapRuleset = "0.6".parse().unwrap();
        let failed = |done| {
            let e = SumError::MisereQuotient {
                game: "0.6".into(),
                tokens: 55,
                limit: 48,
                max_heap: 30,
                reason: "the misère quotient of 0.6 grows beyond 2000000 searched positions \
                         at heap 17"
                    .into(),
                bound: Some(QuotientBound::Searched),
            };
            quotient_failed(e, &ruleset, done, &Budget::default()).to_string()
        };
        let message = failed(16);
        assert!(
            message.starts_with("misère play of 0.6: this sum has 55 tokens"),
            "{message}"
        );
        assert!(
            message.ends_with(
                "misère sums of 0.6 are solved when they have at most 48 tokens (by exhaustive \
             search), or whose heaps are all at most 16 (by the quotient verified so far); \
             --max-searched (now 2000000) lets the quotient's search remember more sums, \
             about 100 bytes each"
            ),
            "{message}"
        );
        assert!(failed(0).contains("at most 48 tokens (by exhaustive search); --max-searched"));
    }
}
