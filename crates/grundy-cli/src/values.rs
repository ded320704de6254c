//! `grundy values GAME --to N`: the Grundy values of single heaps.
//!
//! Values are computed by the library into compact storage (one byte per
//! value while they fit) and streamed out line by line, so `--to 2^31` needs
//! about 2 GiB and never builds the output in memory.

use std::io::{IsTerminal, Write};

use anyhow::Context;
use grundy::heap::sequence::{self, EngineKind, SequenceEngine};
use grundy::heap::HeapRuleset;
use grundy::misere::{GenusTable, GENUS_MAX_HEAP};

/// The largest `--to` accepted: 2^34 values would already need 16 GiB.
const MAX_TO: u64 = 1 << 34;

/// Arguments of `grundy values`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game, e.g. `kayles`, `0.07`, `sub{1,3,4}`, `half`.
    game: String,
    /// Last heap size (inclusive).
    #[arg(long)]
    to: u64,
    /// First heap size shown (values below it are still computed).
    #[arg(long, default_value_t = 0)]
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
}

/// Runs `grundy values`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    let ruleset =
        HeapRuleset::parse(&args.game).with_context(|| format!("bad game spec {:?}", args.game))?;
    if args.from > args.to {
        anyhow::bail!("--from {} is larger than --to {}", args.from, args.to);
    }
    if args.to > MAX_TO {
        anyhow::bail!(
            "--to {} is too large: at most {MAX_TO} values are supported",
            args.to
        );
    }
    let to = usize::try_from(args.to).context("--to does not fit this machine's address space")?;
    let from = args.from as usize;
    let mut engine = sequence::engine(&ruleset, EngineKind::Fast);
    if to > engine.max_index() {
        anyhow::bail!(
            "--to {to} is too large for {ruleset}: its engine computes heaps up to {}",
            engine.max_index()
        );
    }
    compute_with_progress(engine.as_mut(), to);
    let genus = if args.genus {
        if args.to > GENUS_MAX_HEAP {
            anyhow::bail!(
                "--genus is computed for heaps up to {GENUS_MAX_HEAP}; --to {} is larger",
                args.to
            );
        }
        let cancel = crate::interrupt::flag();
        let mut table = GenusTable::new(&ruleset);
        let symbols = (args.from..=args.to)
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
            .then(|| grundy_json::ValuesStats::of(args.from, args.to, get));
        let mut json =
            grundy_json::ValuesJson::new(&game, args.from, args.to, &get, stats.as_ref());
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

/// Grows the engine to `to`, drawing a progress line on stderr when it is a
/// terminal and the job is long enough to be worth watching.
fn compute_with_progress(engine: &mut dyn SequenceEngine, to: usize) {
    let stderr = std::io::stderr();
    if !stderr.is_terminal() || to < 1 << 20 {
        engine.extend_to(to);
        return;
    }
    let steps = 100;
    for step in 1..=steps {
        let target = (to as u128 * step / steps) as usize;
        engine.extend_to(target);
        let _ = write!(stderr.lock(), "\rcomputing G(0..={to}): {step:3}%");
    }
    let _ = writeln!(stderr.lock());
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
