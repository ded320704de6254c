//! `grundy values GAME --to N`: the Grundy values of single heaps.
//!
//! Values are computed by the library into compact storage (one byte per
//! value while they fit) and streamed out line by line, so `--to 2^31` needs
//! about 2 GiB and never builds the output in memory.

use std::io::Write;

use anyhow::Context;
use grundy::heap::sequence::{self, EngineKind, SequenceEngine};
use grundy::heap::HeapRuleset;
use grundy::misere::{GenusTable, GENUS_MAX_HEAP};

use crate::interrupt;
use crate::progress::Progress;

/// The largest `--to` accepted: 2^34 values would already need 16 GiB.
const MAX_TO: u64 = 1 << 34;

/// Arguments of `grundy values`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. `kayles`, `0.07`, `sub{1,3,4}`, `half`.
    #[arg(required_unless_present = "from_file")]
    game: Option<String>,
    /// Last heap size (inclusive).
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
    /// engine overlaps two blocks of heap sizes at a time, so it uses at
    /// most two today.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Draw G(n) against n into FILE.svg or FILE.png (the preperiod and one
    /// period marked when proved) instead of printing the table.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "stats"])]
    plot: Option<std::path::PathBuf>,
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
    if args_to > MAX_TO {
        anyhow::bail!("--to {args_to} is too large: at most {MAX_TO} values are supported");
    }
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
    compute_with_progress(engine.as_mut(), to)?;
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
        let symbols = (args.from..=args_to)
            .map(|h| table.genus(h, &cancel).map(|g| g.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        Some(symbols)
    } else {
        None
    };

    let stats = (args.stats && !args.json).then(|| Stats::of(engine.as_ref(), from, to));
    let game = ruleset.to_string();
    if args.json {
        let get = |n: u64| engine.get(n as usize);
        let stats = args
            .stats
            .then(|| grundy_json::ValuesStats::of(args.from, args_to, get));
        let mut json =
            grundy_json::ValuesJson::new(&game, args.from, args_to, &get, stats.as_ref());
        if let Some(genus) = genus {
            json = json.with_genus(genus);
        }
        serde_json::to_writer(&mut *out, &json)?;
        out.write_all(b"\n")?;
        return Ok(());
    }
    writeln!(
        out,
        "# G(n) of {game} for n = {from}..{to}; P marks P-positions (G(n) = 0)"
    )?;
    if let Some(genus) = &genus {
        writeln!(
            out,
            "# genus g^γ0γ1…: γk is the misère Grundy value of n + k heaps of 2"
        )?;
        writeln!(out, "n\tG(n)\tgenus")?;
        for (i, symbol) in (from..=to).zip(genus) {
            let g = engine.get(i).0;
            writeln!(out, "{i}\t{g}\t{symbol}")?;
        }
    } else {
        writeln!(out, "n\tG(n)")?;
        for i in from..=to {
            let g = engine.get(i).0;
            if g == 0 {
                writeln!(out, "{i}\t0\tP")?;
            } else {
                writeln!(out, "{i}\t{g}")?;
            }
        }
    }
    if let Some(stats) = &stats {
        writeln!(out, "# max: {} (first at n = {})", stats.max, stats.max_at)?;
        writeln!(out, "# histogram (value: count):")?;
        for (v, c) in stats.counts() {
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
/// terminal and the job runs long enough to be worth watching, and stopping
/// on Ctrl-C or SIGTERM with how far it got.
fn compute_with_progress(engine: &mut dyn SequenceEngine, to: usize) -> anyhow::Result<()> {
    let mut progress = Progress::new("computing values", Some(to as u64 + 1));
    sequence::extend_cancellable(engine, to, &interrupt::flag(), &mut |n| {
        progress.update(n as u64)
    })
    .with_context(|| {
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

struct Stats {
    max: u64,
    max_at: usize,
    /// `histogram[v]` counts the heaps in FROM..=TO of value v.
    histogram: Vec<u64>,
    large: std::collections::BTreeMap<u64, u64>,
}

impl Stats {
    fn of(engine: &dyn SequenceEngine, from: usize, to: usize) -> Stats {
        let mut stats = Stats {
            max: 0,
            max_at: from,
            histogram: vec![],
            large: Default::default(),
        };
        for i in from..=to {
            let g = engine.get(i).0;
            if g > stats.max {
                stats.max = g;
                stats.max_at = i;
            }
            if g >= DENSE_HISTOGRAM {
                *stats.large.entry(g).or_default() += 1;
                continue;
            }
            let slot = g as usize;
            if slot >= stats.histogram.len() {
                stats.histogram.resize(slot + 1, 0);
            }
            stats.histogram[slot] += 1;
        }
        stats
    }

    /// `(value, count)` for every value that occurs, smallest first.
    fn counts(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let dense = self
            .histogram
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (v as u64, c));
        dense.chain(self.large.iter().map(|(&v, &c)| (v, c)))
    }
}
