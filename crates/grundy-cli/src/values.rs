//! `grundy values GAME --to N`: the Grundy values of single heaps.
//!
//! Values are computed by the library into compact storage (one byte per
//! value while they fit) and streamed out line by line, so `--to 2^31` needs
//! about 2 GiB and never builds the output in memory.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use anyhow::Context;
use grundy::heap::period::{self, Analysis, AnalysisError, Theorem, WindowStats};
use grundy::heap::sequence::{self, EngineKind, SequenceEngine};
use grundy::heap::HeapRuleset;
use grundy::limits::{self, LimitError};
use grundy::misere::{GenusTable, GENUS_MAX_HEAP};
use grundy::Nimber;

use crate::interrupt;
use crate::progress::Progress;

/// How many values may be computed to look for a period before values are
/// listed (as `period`'s default): a proof found within it lets any window
/// be read from the period; 2^13 for hexadecimal codes (see
/// [`period::THREE_HEAP_SEARCH_MAX`]).
const PERIOD_SEARCH: u64 = 1 << 20;

/// Arguments of `grundy values`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy values 'sub{1,3,4}' --to 20\n  \
    grundy values kayles --from 70 --to 100 --stats --json\n  \
    grundy values 0.6 --to 100000 --plot officers.svg\n  \
    grundy values 0.6 --to 100000000 --out officers.bin      (Ctrl-C, then --resume)\n  \
    grundy values --from-file officers.bin --from 99999990")]
pub struct Args {
    /// The game, e.g. `kayles`, `0.07`, `sub{1,3,4}`, `half`.
    #[arg(required_unless_present = "from_file")]
    game: Option<String>,
    /// Last heap size (inclusive). Any size once a period is proved (the
    /// values are read from it); otherwise at most 2^34 - 1, since the
    /// values are kept in memory.
    #[arg(
        long,
        required_unless_present = "from_file",
        allow_hyphen_values = true,
        value_parser = crate::input::non_negative
    )]
    to: Option<u64>,
    /// First heap size shown (values below it are still computed).
    #[arg(long, default_value_t = 0, allow_hyphen_values = true,
          value_parser = crate::input::non_negative)]
    from: u64,
    /// Also report the largest value, where it first occurs, and how often
    /// each value occurs in FROM..=TO.
    #[arg(long)]
    stats: bool,
    /// Also print each heap's misère genus symbol `g^γ0γ1…` (Conway),
    /// found by exhaustive search: heaps up to 20.
    #[arg(long)]
    genus: bool,
    /// Print a JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Write G(0..=TO) to FILE, a compact binary file (one byte per value
    /// while values fit), instead of printing them. The run is checkpointed
    /// every few seconds; Ctrl-C keeps what was computed (see --resume).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from_file", "stats", "plot"])]
    out: Option<std::path::PathBuf>,
    /// With --out: go on from where a stopped run on FILE stopped, or extend
    /// a finished FILE to a larger --to.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Print values stored in FILE by --out instead of computing them (the
    /// game and --to default to the file's).
    #[arg(long, value_name = "FILE")]
    from_file: Option<std::path::PathBuf>,
    /// Threads the engine may use (default: one per core). The octal
    /// engine marks each block of heap sizes on all of them while one
    /// thread finishes the block before.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Draw G(n) against n into FILE.svg or FILE.png (the preperiod and one
    /// period marked when proved) instead of printing the table; with
    /// `wythoff`, the table of G(r, c) as a heat map.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "stats"])]
    plot: Option<std::path::PathBuf>,
    /// With `wythoff`: the rows of Wythoff's Grundy values G(r, c) to list,
    /// rows 0..ROWS, each to column TO (default 10 rows).
    #[arg(long, value_name = "ROWS")]
    rows: Option<usize>,
}

/// Runs `grundy values`.
pub fn run(mut args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    crate::record::set_threads(args.threads)?;
    let stored = match &args.from_file {
        Some(path) => Some(crate::record::read_file(path)?),
        None => None,
    };
    if let Some((header, _)) = &stored {
        let last = header.count.checked_sub(1).with_context(|| {
            format!(
                "{} holds no values",
                args.from_file.as_ref().unwrap().display()
            )
        })?;
        args.game.get_or_insert_with(|| header.spec.clone());
        let to = *args.to.get_or_insert(last);
        if to > last {
            anyhow::bail!(
                "--to {to} is past the end of {}: it holds G(0..={last})",
                args.from_file.as_ref().unwrap().display()
            );
        }
    }
    let game = args.game.clone().unwrap_or_default();
    if game.trim().eq_ignore_ascii_case("wythoff") && stored.is_none() {
        return wythoff_table(&args, out);
    }
    if args.rows.is_some() {
        anyhow::bail!("--rows is for `grundy values wythoff` (rows of Wythoff's Grundy values); {game} is a heap game");
    }
    let ruleset = crate::diagnostic::heap_game(&game)?;
    if let Some((header, _)) = &stored {
        if header.spec != ruleset.to_string() {
            anyhow::bail!(
                "{} holds values of {}, not of {ruleset}",
                args.from_file.as_ref().unwrap().display(),
                header.spec
            );
        }
    }
    let args_to = args.to.unwrap_or_default();
    if let Some(path) = &args.out {
        if args.from != 0 {
            anyhow::bail!("--out writes G(0..=TO): leave out --from {}", args.from);
        }
        let to =
            usize::try_from(args_to).context("--to does not fit this machine's address space")?;
        return crate::record::run(&ruleset, to, path, args.resume, args.json, out);
    }
    if args.from > args_to {
        anyhow::bail!("--from {} is larger than --to {}", args.from, args_to);
    }
    if stored.is_none() && args.plot.is_none() && !args.genus {
        return run_computed(&args, &ruleset, args_to, out);
    }
    let why = "--plot, --genus and --from-file keep every value in memory";
    check_stored(args_to, why)?;
    let to = usize::try_from(args_to).context("--to does not fit this machine's address space")?;
    let from = args.from as usize;
    let mut engine: Box<dyn SequenceEngine> = match stored {
        Some((_, values)) => Box::new(crate::record::FileValues(values)),
        None => sequence::engine(&ruleset, EngineKind::Fast),
    };
    if to > engine.max_index() {
        anyhow::bail!(
            "--to {to} is too large for {ruleset}: its engine computes heaps up to {}",
            engine.max_index()
        );
    }
    engine.try_reserve(to).map_err(|e| limit_error(e, why))?;
    compute_with_progress(engine.as_mut(), to, false, None)?;
    if let Some(path) = &args.plot {
        return write_plot(path, &ruleset, engine.as_ref(), from, to, out);
    }
    let genus = if args.genus {
        if args_to > GENUS_MAX_HEAP {
            anyhow::bail!(
                "--genus is computed for heaps up to {GENUS_MAX_HEAP}; --to {args_to} is larger"
            );
        }
        let cancel = crate::interrupt::flag();
        let mut table = GenusTable::new(&ruleset);
        let mut progress = Progress::new("genus, heaps done", Some(args_to - args.from + 1));
        let mut symbols = Vec::new();
        for h in args.from..=args_to {
            match table.genus(h, &cancel) {
                Ok(genus) => symbols.push(genus.to_string()),
                Err(e) => {
                    drop(progress);
                    if h == args.from {
                        anyhow::bail!("the genus of heap {h} was not found: {e}");
                    }
                    // What was found is printed before the error says why
                    // the table stops.
                    let get = |n: u64| engine.get(n as usize);
                    let stats = args.stats.then(|| count_stats(args.from, h - 1, &get));
                    render(&args, &ruleset, h - 1, &get, stats, Some(symbols), out)?;
                    anyhow::bail!(
                        "the table stops at heap {}: the genus of heap {h} was not found: {e}",
                        h - 1
                    );
                }
            }
            progress.update(h - args.from + 1);
        }
        drop(progress);
        Some(symbols)
    } else {
        None
    };
    let get = |n: u64| engine.get(n as usize);
    let stats = args.stats.then(|| count_stats(args.from, args_to, &get));
    render(&args, &ruleset, args_to, &get, stats, genus, out)
}

/// `values` without a file, a plot or genus symbols: a short period search
/// first, so that a game with a proved period (or a formula, Nim) lists any
/// window, at any offset, by reading the period and storing nothing; the
/// other games have their values computed and stored, within the
/// [limits](grundy::limits).
///
/// The values are printed as the engine computes them, during the search
/// and after it, wherever nothing after the first of them can refuse the
/// command (a refused command prints only its error): the values asked
/// for fit the limits and memory has room for them, so that they can be
/// stored if no period is proved. `| head` then ends the run at once.
fn run_computed(
    args: &Args,
    ruleset: &HeapRuleset,
    to: u64,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let cancel = interrupt::flag();
    let mut engine = sequence::engine(ruleset, EngineKind::Fast);
    let streamed = *ruleset != HeapRuleset::Nim && storable(to, engine.as_ref());
    // On a terminal the values themselves show how far the run got; a
    // progress line among them would only garble them.
    let quiet = streamed && std::io::stdout().is_terminal();
    let mut listing = Listing::new(args, ruleset, to, out);
    let analysis = if *ruleset == HeapRuleset::Nim {
        let nim = Analysis::of(ruleset).max(0).cancel(&cancel).checked().run();
        Some(nim.map_err(analysis_error)?)
    } else if Theorem::for_ruleset(ruleset).is_some() {
        let most = if ruleset.max_heaps_left() > 2 {
            period::THREE_HEAP_SEARCH_MAX
        } else {
            PERIOD_SEARCH
        };
        let search = to.min(most);
        let mut progress =
            Progress::new("looking for a period: values computed", Some(search + 1)).quiet(quiet);
        let mut update = |n: usize| progress.update(n as u64);
        let mut follow = |e: &dyn SequenceEngine| listing.follow(e);
        // The search runs on the engine that computes the values if no
        // period is proved, so nothing is computed twice.
        let mut analysis = Analysis::of(ruleset)
            .on(engine.as_mut())
            .max(search)
            .cancel(&cancel)
            .progress(&mut update);
        if streamed {
            analysis = analysis.stream(&mut follow);
        }
        let found = analysis.checked().run();
        let done = progress.done();
        listing.check()?;
        let found = found.map_err(|e| match e {
            AnalysisError::Limit(e) => limit_error(e, &why_stored(ruleset, None)),
            e => analysis_error(e).context(format!(
                "computed G(0..{done}) of the {} values asked for, looking for a period",
                to as u128 + 1
            )),
        })?;
        Some(found)
    } else {
        None
    };
    let searched = analysis.as_ref().map(|a| a.periodicity.clone());
    if let Some(analysis) = analysis.filter(|a| a.window(args.from, to).is_some()) {
        let get = |n: u64| analysis.value(n).unwrap_or_default();
        let stats = if args.stats {
            Some(match analysis.stats(args.from, to) {
                Some(stats) => stats,
                None => {
                    // Values that all differ (Nim) are counted one by one,
                    // and the histogram holds one entry per heap. The
                    // window 0..=u64::MAX has 2^64 heaps: counted in u128.
                    let heaps = u128::from(to - args.from) + 1;
                    let asked = u64::try_from(heaps).unwrap_or(u64::MAX);
                    limits::check_memory(asked, HISTOGRAM_ENTRY_BYTES).map_err(|e| {
                        anyhow::anyhow!(
                            "--stats over {heaps} heaps of {ruleset}: {e}; its values all \
                             differ, so each is counted: ask for a smaller window (--from, --to)"
                        )
                    })?;
                    count_stats(args.from, to, &get)
                }
            })
        } else {
            None
        };
        // After every refusal, so that a refused command prints only its
        // error.
        if let Some(note) = grundy_json::values_note(&ruleset.to_string(), &analysis, to) {
            eprintln!("note: {note}");
        }
        return listing.finish(&get, stats);
    }
    // No proof: the values are stored.
    let why = why_stored(ruleset, searched.as_ref());
    check_stored(to, &why)?;
    let n = usize::try_from(to).context("--to does not fit this machine's address space")?;
    if n > engine.max_index() {
        anyhow::bail!(
            "--to {to} is too large for {ruleset}: its engine computes heaps up to {}",
            engine.max_index()
        );
    }
    engine.try_reserve(n).map_err(|e| limit_error(e, &why))?;
    let mut follow = |e: &dyn SequenceEngine| listing.follow(e);
    let grown = compute_with_progress(engine.as_mut(), n, quiet, streamed.then_some(&mut follow));
    listing.check()?;
    grown?;
    let get = |i: u64| engine.get(i as usize);
    let stats = args.stats.then(|| count_stats(args.from, to, &get));
    listing.finish(&get, stats)
}

/// Whether `G(0..=to)` could be computed and kept: within the limits, the
/// engine's reach and the memory there is (asked for and given back at
/// once, which costs nothing).
fn storable(to: u64, engine: &dyn SequenceEngine) -> bool {
    limits::check_stored_values(to.saturating_add(1)).is_ok()
        && usize::try_from(to).is_ok_and(|n| n <= engine.max_index())
        && limits::check_memory(to.saturating_add(1), 1).is_ok()
}

/// Once a run has gone this long, the values printed so far are flushed
/// after each chunk; a shorter run prints them when it ends, after the
/// note of a proved period on stderr.
const WATCHED: Duration = Duration::from_millis(200);

/// `G(from..=to)` printed as a table, or as the JSON object, value by
/// value as the values become known. Nothing is printed before the first
/// value, so that a command refused before any work prints only its
/// error.
struct Listing<'o, W: Write> {
    out: &'o mut W,
    json: bool,
    game: String,
    from: u64,
    to: u64,
    /// The next heap to print; `None` once `to` is printed (it may be
    /// `u64::MAX`).
    next: Option<u64>,
    /// Whether the header (or the start of the JSON object) is printed.
    begun: bool,
    writer: Option<grundy_json::ValuesJsonWriter>,
    started: Instant,
    /// A write that failed while values were printed as they came (a
    /// closed pipe): it stopped the computation, and the command ends
    /// with it.
    failed: Option<std::io::Error>,
}

impl<'o, W: Write> Listing<'o, W> {
    fn new(args: &Args, ruleset: &HeapRuleset, to: u64, out: &'o mut W) -> Listing<'o, W> {
        Listing {
            out,
            json: args.json,
            game: ruleset.to_string(),
            from: args.from,
            to,
            next: Some(args.from),
            begun: false,
            writer: None,
            started: Instant::now(),
            failed: None,
        }
    }

    /// Prints the values of `engine` not printed yet (those of the
    /// window), for [`Grow::stream`](sequence::Grow::stream): a failed
    /// write stops the computation.
    fn follow(&mut self, engine: &dyn SequenceEngine) -> ControlFlow<()> {
        let known = engine.len() as u64;
        let printed = self.print_below(known, &|n| engine.get(n as usize));
        let flushed = printed.and_then(|()| {
            if self.started.elapsed() >= WATCHED {
                self.out.flush()
            } else {
                Ok(())
            }
        });
        match flushed {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.failed = Some(e);
                ControlFlow::Break(())
            }
        }
    }

    /// The write that stopped the computation, if one did.
    fn check(&mut self) -> std::io::Result<()> {
        self.failed.take().map_or(Ok(()), Err)
    }

    /// Prints the heaps of the window below `end`, reading `get`.
    fn print_below(&mut self, end: u64, get: &dyn Fn(u64) -> Nimber) -> std::io::Result<()> {
        self.begin()?;
        while let Some(n) = self.next.filter(|&n| n < end) {
            self.value(n, get(n))?;
            self.next = n.checked_add(1).filter(|&next| next <= self.to);
        }
        Ok(())
    }

    /// The header, or the start of the JSON object.
    fn begin(&mut self) -> std::io::Result<()> {
        if self.begun {
            return Ok(());
        }
        self.begun = true;
        let (game, from, to) = (&self.game, self.from, self.to);
        if self.json {
            self.writer = Some(grundy_json::ValuesJsonWriter::begin(
                self.out, game, from, to,
            )?);
            return Ok(());
        }
        writeln!(
            self.out,
            "# G(n) of {game} for n = {from}..{to}; P marks P-positions (G(n) = 0)"
        )?;
        writeln!(self.out, "n\tG(n)")
    }

    fn value(&mut self, n: u64, g: Nimber) -> std::io::Result<()> {
        if let Some(writer) = &mut self.writer {
            return writer.value(self.out, g);
        }
        if g.0 == 0 {
            writeln!(self.out, "{n}\t0\tP")
        } else {
            writeln!(self.out, "{n}\t{}", g.0)
        }
    }

    /// Prints the rest of the window from `get`, then the statistics.
    fn finish(
        mut self,
        get: &dyn Fn(u64) -> Nimber,
        stats: Option<WindowStats>,
    ) -> anyhow::Result<()> {
        self.begin()?;
        if self.next.is_some() {
            // `to` may be u64::MAX: print it by itself, past every `end`.
            self.print_below(self.to, get)?;
            if let Some(n) = self.next.take() {
                self.value(n, get(n))?;
            }
        }
        if let Some(writer) = self.writer.take() {
            let stats = stats
                .map(|s| grundy_json::ValuesStats::from_counts(s.max.0, s.max_at, s.histogram));
            writer.end(self.out, stats.as_ref())?;
            self.out.write_all(b"\n")?;
            return Ok(());
        }
        if let Some(stats) = &stats {
            writeln!(
                self.out,
                "# max: {} (first at n = {})",
                stats.max.0, stats.max_at
            )?;
            writeln!(self.out, "# histogram (value: count):")?;
            for (v, c) in &stats.histogram {
                writeln!(self.out, "#   {v}: {c}")?;
            }
        }
        Ok(())
    }
}

/// A listing dropped before [`Listing::finish`] (the run was stopped by
/// Ctrl-C, or failed, after its first value was printed) closes its JSON
/// object with `"stopped_before"`, the first heap not listed, so that what
/// was printed is a valid object of the values computed. (A table's lines
/// are complete as they are.)
impl<W: Write> Drop for Listing<'_, W> {
    fn drop(&mut self) {
        let next = self.next.or(self.to.checked_add(1));
        if let (Some(writer), Some(next)) = (self.writer.take(), next) {
            // Best effort: the run is ending with its own error, and a
            // closed pipe fails this write too.
            let closed = writer.stop(self.out, next).and_then(|()| {
                self.out.write_all(b"\n")?;
                self.out.flush()
            });
            drop(closed);
        }
    }
}

/// Refuses, before any work, a `--to` whose values would have to be stored
/// beyond the one set of limits ([`grundy::limits`]); `why` says why they
/// are stored.
fn check_stored(to: u64, why: &str) -> anyhow::Result<()> {
    limits::check_stored_values(to.saturating_add(1))
        .map_err(|e| anyhow::anyhow!("--to {to} is too large: {}", limit_hint(e, why)))
}

/// A limit error of the library with what to do about it.
fn limit_error(e: LimitError, why: &str) -> anyhow::Error {
    anyhow::anyhow!("{}", limit_hint(e, why))
}

fn limit_hint(e: LimitError, why: &str) -> String {
    format!("{e}; {why}: ask for a smaller --to")
}

/// Why the values of `ruleset` are stored rather than read from a period.
fn why_stored(ruleset: &HeapRuleset, searched: Option<&period::Periodicity>) -> String {
    let why = match searched.map(|p| (&p.status, p.checked_to)) {
        Some((
            period::PeriodStatus::Unknown {
                reason: period::UnknownReason::ProofBeyondLimit { needs },
            },
            _,
        )) => format!(
            "no period of {ruleset} can be proved within the search's bound (every proof \
             needs values up to n = {needs})"
        ),
        Some((_, n)) => format!("no period of {ruleset} is proved in G(0..={n})"),
        None => format!("no periodicity theorem applies to {ruleset}"),
    };
    why + ", so its values are computed and kept in memory (values read from a proved period, \
         as for kayles, have no limit)"
}

/// A stopped or refused analysis as an error `main` recognises (a
/// cancellation exits 130).
fn analysis_error(e: AnalysisError) -> anyhow::Error {
    match e {
        AnalysisError::Cancelled(c) => anyhow::Error::new(c),
        AnalysisError::Limit(e) => anyhow::Error::new(e),
    }
}

/// Writes the table or the JSON object for `G(args.from..=to)`, with the
/// genus symbols when given.
fn render(
    args: &Args,
    ruleset: &HeapRuleset,
    to: u64,
    get: &dyn Fn(u64) -> Nimber,
    stats: Option<WindowStats>,
    genus: Option<Vec<String>>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let Some(genus) = genus else {
        return Listing::new(args, ruleset, to, out).finish(get, stats);
    };
    let game = ruleset.to_string();
    let from = args.from;
    if args.json {
        let stats =
            stats.map(|s| grundy_json::ValuesStats::from_counts(s.max.0, s.max_at, s.histogram));
        let json =
            grundy_json::ValuesJson::new(&game, from, to, get, stats.as_ref()).with_genus(genus);
        serde_json::to_writer(&mut *out, &json)?;
        out.write_all(b"\n")?;
        return Ok(());
    }
    writeln!(
        out,
        "# G(n) of {game} for n = {from}..{to}; P marks P-positions (G(n) = 0)"
    )?;
    writeln!(
        out,
        "# genus g^γ0γ1…: γk is the misère Grundy value of n + k heaps of 2"
    )?;
    writeln!(out, "n\tG(n)\tgenus")?;
    for (i, symbol) in (from..=to).zip(genus) {
        let g = get(i).0;
        writeln!(out, "{i}\t{g}\t{symbol}")?;
    }
    if let Some(stats) = &stats {
        writeln!(
            out,
            "# max: {} (first at n = {})",
            stats.max.0, stats.max_at
        )?;
        writeln!(out, "# histogram (value: count):")?;
        for (v, c) in &stats.histogram {
            writeln!(out, "#   {v}: {c}")?;
        }
    }
    Ok(())
}

/// `--plot FILE`: draws the values and says what was drawn.
fn write_plot(
    path: &std::path::Path,
    ruleset: &HeapRuleset,
    engine: &dyn SequenceEngine,
    from: usize,
    to: usize,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let get = |n: usize| engine.get(n).0;
    let title = crate::plot::write(path, ruleset, &get, from, to)?;
    writeln!(out, "plot: {} ({title})", path.display())?;
    Ok(())
}

/// Grows the engine to `to`, drawing a progress line on stderr when it is a
/// terminal (unless `quiet`) and the job runs long enough to be worth
/// watching, handing each chunk of values to `stream` when given, and
/// stopping on Ctrl-C or SIGTERM with how far it got.
fn compute_with_progress(
    engine: &mut dyn SequenceEngine,
    to: usize,
    quiet: bool,
    stream: Option<&mut sequence::Stream<'_>>,
) -> anyhow::Result<()> {
    let mut progress = Progress::new("computing values", Some(to as u64 + 1)).quiet(quiet);
    let cancel = interrupt::flag();
    let mut update = |n: usize| progress.update(n as u64);
    let mut grow = sequence::Grow::of(engine)
        .cancel(&cancel)
        .progress(&mut update);
    if let Some(stream) = stream {
        grow = grow.stream(stream);
    }
    let grown = grow.to(to);
    grown.with_context(|| {
        format!(
            "computed G(0..{}) of the {} values asked for",
            progress.done(),
            to as u64 + 1
        )
    })
}

/// Values below this are counted in an array, larger ones (Nim, all-but
/// sets) in a map, so a histogram never allocates per possible value.
const DENSE_HISTOGRAM: u64 = 1 << 12;

/// The largest value of `G(from..=to)`, where it first occurs, and how
/// often each value occurs, counted heap by heap.
/// What one histogram entry of a value counted heap by heap costs at
/// most: two u64s in a B-tree node with its share of the node's overhead.
/// A window whose values all differ (Nim) keeps one entry per heap.
const HISTOGRAM_ENTRY_BYTES: u64 = 64;

fn count_stats(from: u64, to: u64, get: &dyn Fn(u64) -> Nimber) -> WindowStats {
    let mut max = 0;
    let mut max_at = from;
    let mut dense: Vec<u64> = vec![];
    let mut histogram = std::collections::BTreeMap::new();
    for i in from..=to {
        let g = get(i).0;
        if g > max {
            max = g;
            max_at = i;
        }
        if g >= DENSE_HISTOGRAM {
            *histogram.entry(g).or_default() += 1;
            continue;
        }
        let slot = g as usize;
        if slot >= dense.len() {
            dense.resize(slot + 1, 0);
        }
        dense[slot] += 1;
    }
    for (v, &c) in dense.iter().enumerate().filter(|&(_, &c)| c > 0) {
        histogram.insert(v as u64, c);
    }
    WindowStats {
        max: Nimber(max),
        max_at,
        histogram,
    }
}

/// `grundy values wythoff --rows R --to N`: Wythoff's Grundy values on
/// rows `0..R`, columns `0..=N`, and each row's apparent additive period.
fn wythoff_table(args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    use grundy::games::wythoff::{row_period, values};
    let rows = args.rows.unwrap_or(10);
    let to = args.to.unwrap_or_default();
    if args.out.is_some() || args.genus || args.stats {
        anyhow::bail!("`grundy values wythoff` lists a table of values (with --json) or draws it (--plot); --out, --genus and --stats are for heap games");
    }
    if args.from > to {
        anyhow::bail!("--from {} is larger than --to {to}", args.from);
    }
    let cols = usize::try_from(to)
        .ok()
        .and_then(|t| t.checked_add(1))
        .filter(|&c| rows.checked_mul(c).is_some_and(|cells| cells <= 1 << 30))
        .with_context(|| {
            format!("--rows {rows} --to {to} is more than 2^30 values, kept in memory")
        })?;
    let table = values(rows, cols, &interrupt::flag())
        .map_err(|_| anyhow::anyhow!("stopped before the table was done"))?;
    let from = usize::try_from(args.from).unwrap_or(usize::MAX);
    if let Some(path) = &args.plot {
        let shown: Vec<Vec<u32>> = table.iter().map(|row| row[from..].to_vec()).collect();
        let title = crate::plot::write_table(path, &shown, from)?;
        writeln!(out, "plot: {} ({title})", path.display())?;
        return Ok(());
    }
    let periods: Vec<_> = table.iter().map(|row| row_period(row)).collect();
    if args.json {
        let rows_json: Vec<serde_json::Value> = table
            .iter()
            .zip(&periods)
            .enumerate()
            .map(|(r, (row, period))| {
                serde_json::json!({
                    "row": r,
                    "values": &row[from..],
                    "period": period.map(|p| serde_json::json!({
                        "preperiod": p.preperiod,
                        "period": p.period,
                        "saltus": p.saltus,
                        "proved": false,
                    })),
                })
            })
            .collect();
        let json = serde_json::json!({
            "game": "wythoff",
            "from": args.from,
            "to": to,
            "rows": rows_json,
        });
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "game: wythoff (Grundy values G(r, c) of heaps r and c; rows 0..={}, columns {}..={to})",
        rows.saturating_sub(1),
        args.from
    )?;
    for (r, row) in table.iter().enumerate() {
        let shown: Vec<String> = row[from..].iter().map(u32::to_string).collect();
        writeln!(out, "row {r}: {}", shown.join(" "))?;
    }
    writeln!(
        out,
        "periods (apparent, not proved: G(r, c + p) = G(r, c) + s from the preperiod on, over the columns computed; Dress, Flammenkamp and Pink proved every row additively periodic):"
    )?;
    for (r, period) in periods.iter().enumerate() {
        match period {
            Some(p) => writeln!(
                out,
                "row {r}: preperiod {}, period {}, saltus {}",
                p.preperiod, p.period, p.saltus
            )?,
            None => writeln!(out, "row {r}: none seen yet (compute more columns)")?,
        }
    }
    Ok(())
}
