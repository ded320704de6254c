//! `grundy quotient GAME --max-heap N`: the misère quotient of a heap game
//! on heaps of at most N tokens (Plambeck–Siegel), verified against the
//! game's moves before it is printed.

use std::io::Write;

use grundy::budget::{Budget, DEFAULT_MAX_ORDER, DEFAULT_MAX_SEARCHED, MAX_QUOTIENT_HEAP};
use grundy::misere::{MisereQuotient, QuotientBound, QuotientError};

use crate::progress::Progress;

/// Arguments of `grundy quotient`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy quotient 0.75 --max-heap 12\n  \
    grundy quotient kayles --max-heap 40 --table\n  \
    grundy quotient dawson --max-heap 30 --json\n  \
    grundy quotient 0.07 --max-heap 40 --max-order 200")]
pub struct Args {
    /// The game, e.g. `kayles`, `0.07`, `sub{1,3,4}`.
    game: String,
    /// The largest heap: the quotient solves every sum of heaps of at most
    /// this many tokens (at most 500).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = crate::input::non_negative)]
    max_heap: u64,
    /// Give up when the quotient, or a candidate on the way to it, has more
    /// elements than this.
    #[arg(long, value_name = "ORDER", default_value_t = DEFAULT_MAX_ORDER)]
    max_order: usize,
    /// Give up when the outcome search that checks the quotient's
    /// candidates remembers more sums than this (about 100 bytes each).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SEARCHED,
          value_parser = crate::input::non_negative_usize)]
    max_searched: usize,
    /// Also print the multiplication table (in JSON, the "table" field:
    /// rows and columns in "elements" order, entries are indices).
    #[arg(long)]
    table: bool,
    /// Print a JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `grundy quotient`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    let ruleset = crate::diagnostic::heap_game(&args.game)?;
    if args.max_heap > MAX_QUOTIENT_HEAP {
        anyhow::bail!(
            "--max-heap {} is too large: misère quotients are computed for heaps up to \
             {MAX_QUOTIENT_HEAP}",
            args.max_heap
        );
    }
    // The outcome search keeps every sum it remembers: refused at the
    // start if memory could not hold them, rather than after minutes.
    let budget = Budget {
        max_quotient_order: args.max_order,
        max_quotient_searched: Some(args.max_searched),
        ..Budget::default()
    };
    budget.check_quotient_memory().map_err(|e| {
        anyhow::anyhow!(
            "--max-searched {} is too large: {e}; use a smaller --max-searched",
            args.max_searched
        )
    })?;
    let mut progress = Progress::new("misère quotient: heaps done", Some(args.max_heap));
    let result = MisereQuotient::of(&ruleset, args.max_heap)
        .budget(budget)
        .cancel(&crate::interrupt::flag())
        .progress(|n, _| progress.update(n))
        .compute();
    let done = progress.done();
    match result {
        Ok(q) => print(&q, &args, out),
        Err(QuotientError::Cancelled { partial }) => {
            // As for --max-order: what was verified is still an answer.
            let printed = match &partial {
                Some(q) => {
                    print(q, &args, out)?;
                    out.flush()?;
                    " (the quotient printed is the last one verified)"
                }
                None => "",
            };
            Err(
                anyhow::Error::new(grundy::cancel::Cancelled).context(format!(
                    "the misère quotient of {ruleset} was verified for heaps up to {done} of {}{printed}",
                    args.max_heap
                )),
            )
        }
        Err(err @ QuotientError::TooLarge { .. }) => {
            // What was verified is still an answer: print it, then the error.
            if let QuotientError::TooLarge {
                partial: Some(q), ..
            } = &err
            {
                print(q, &args, out)?;
                out.flush()?;
            }
            // The flag that moves the bound it passed.
            let flag = match &err {
                QuotientError::TooLarge {
                    bound: QuotientBound::Searched,
                    ..
                } => "--max-searched",
                _ => "--max-order",
            };
            Err(anyhow::Error::new(err).context(format!(
                "raise {flag}, or lower --max-heap (the quotient printed is the last one \
                 verified)"
            )))
        }
        Err(e) => Err(e.into()),
    }
}

fn print(q: &MisereQuotient, args: &Args, out: &mut impl Write) -> anyhow::Result<()> {
    if args.json {
        serde_json::to_writer(&mut *out, &grundy_json::QuotientJson::new(q, args.table))?;
        writeln!(out)?;
        return Ok(());
    }
    let p = q.p_portion();
    writeln!(
        out,
        "game: {} (misère play, heaps up to {})",
        q.game(),
        q.max_heap()
    )?;
    writeln!(out, "order: |Q| = {}, |P| = {}", q.order(), p.len())?;
    if q.generators().is_empty() {
        writeln!(out, "generators: none (no heap has a move)")?;
    } else {
        let gens: Vec<String> = q
            .generators()
            .iter()
            .zip(q.generator_heaps())
            .map(|(g, h)| format!("{g} = heap {h}"))
            .collect();
        writeln!(out, "generators: {}", gens.join(", "))?;
    }
    if q.relations().is_empty() {
        writeln!(out, "relations: none")?;
    } else {
        writeln!(out, "relations:")?;
        for r in q.relations() {
            writeln!(out, "  {r}")?;
        }
    }
    let names: Vec<&str> = p.iter().map(|&x| q.name(x)).collect();
    if names.is_empty() {
        writeln!(
            out,
            "P-portion: none (no position of these heaps is a second-player win)"
        )?;
    } else {
        writeln!(out, "P-portion: {}", names.join(", "))?;
    }
    writeln!(out, "pretending function (heap: element):")?;
    for chunk in q.pretending().chunks(10).enumerate() {
        let (row, xs) = chunk;
        let cells: Vec<String> = xs
            .iter()
            .enumerate()
            .map(|(i, &x)| format!("{}: {}", row * 10 + i, q.name(x)))
            .collect();
        writeln!(out, "  {}", cells.join("  "))?;
    }
    writeln!(
        out,
        "tame: {}",
        if q.tame() {
            "yes (the quotient of misère Nim)"
        } else {
            "no (wild on these heaps)"
        }
    )?;
    match q.stable_from() {
        Some(n) => writeln!(
            out,
            "stable: the quotient is the same for every heap bound from {n} to {}",
            q.max_heap()
        )?,
        None => writeln!(
            out,
            "stable: no, the quotient changed at heap {} (try a larger --max-heap)",
            q.max_heap()
        )?,
    }
    let orders: Vec<String> = q.orders().iter().map(|o| o.to_string()).collect();
    writeln!(
        out,
        "orders by heap bound 0..{}: {}",
        q.max_heap(),
        orders.join(" ")
    )?;
    if args.table {
        table(q, out)?;
    }
    Ok(())
}

/// The multiplication table, P-elements marked with `*`.
fn table(q: &MisereQuotient, out: &mut impl Write) -> anyhow::Result<()> {
    let label = |x| {
        let star = if q.is_p(x) { "*" } else { "" };
        format!("{}{star}", q.name(x))
    };
    let width = q.elements().map(|x| label(x).len()).max().unwrap_or(1);
    writeln!(out, "multiplication table (* marks the P-portion):")?;
    write!(out, "  {:>width$} |", "")?;
    for y in q.elements() {
        write!(out, " {:>width$}", label(y))?;
    }
    writeln!(out)?;
    for x in q.elements() {
        write!(out, "  {:>width$} |", label(x))?;
        for y in q.elements() {
            write!(out, " {:>width$}", label(q.product(x, y)))?;
        }
        writeln!(out)?;
    }
    Ok(())
}
