//! `grundy nim`: decide a Nim position, list every winning move, explain.
//!
//! Heaps come from the arguments, a file or stdin (see [`crate::input`]).
//! With `--no-moves` the heaps are folded into a [`NimSummary`] as they
//! stream in (constant memory); otherwise they are kept, 8 bytes each while
//! they fit in a u64, so that the moves can be listed without reading the
//! input twice. Text and JSON are both written as they are produced.

use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;
use grundy::nim::{explain, BigUint, HeapSink, HeapSize, NimMove, NimSummary};
use grundy::{Convention, Outcome};
use grundy_json::{JsonHeap, NimJson};
use grundy_text::{Render, Role};
use serde::Serialize;

use crate::colour::{self, ansi};
use crate::input::{for_each_heap, Source};

/// `--explain` writes every heap in binary: beyond this many heaps the
/// lesson is no longer readable.
const EXPLAIN_MAX_HEAPS: usize = 1000;

/// Up to this many heaps are echoed in the text answer.
const ECHO_MAX_HEAPS: usize = 20;

/// Arguments of `grundy nim`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy nim 3 5 7              first player wins: 3->2, 5->4 or 7->6\n  \
    grundy nim --misere 1 1       misère play: take one, leave the last\n  \
    grundy nim --explain 3 5 7    the binary nim-sum lesson\n  \
    grundy nim --json --file heaps.txt\n  \
    seq 1 1000000 | grundy nim --no-moves --file -")]
pub struct Args {
    /// Heap sizes: non-negative integers, of any size.
    #[arg(value_name = "HEAP", allow_negative_numbers = true)]
    heaps: Vec<String>,

    /// Read heap sizes from PATH ('-' for standard input): separated by
    /// spaces or newlines, '#' starts a comment.
    #[arg(long, short, value_name = "PATH", conflicts_with = "heaps")]
    file: Option<PathBuf>,

    /// Misère play: whoever takes the last token loses.
    #[arg(long)]
    misere: bool,

    /// Explain the answer: the heaps in binary, the nim-sum, why each
    /// winning move works (or why every move loses).
    #[arg(long, conflicts_with = "no_moves")]
    explain: bool,

    /// Print the answer as JSON.
    #[arg(long)]
    json: bool,

    /// Print only the nim-sum and the outcome, reading the input in constant
    /// memory (for huge files); JSON then has "heap_count" instead of
    /// "heaps" and no "winning_moves".
    #[arg(long)]
    no_moves: bool,
}

/// Runs `grundy nim`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let source = Source::new(args.file.as_ref(), &args.heaps);
    if args.no_moves {
        return outcome_only(&source, convention, args.json, out);
    }
    match collect(&source)? {
        Heaps::Small(heaps) => report(&heaps, convention, &args, out),
        Heaps::Big(heaps) => report(&heaps, convention, &args, out),
    }
}

/// Every heap of the input: u64s while they all fit, big integers as soon
/// as one does not.
enum Heaps {
    Small(Vec<u64>),
    Big(Vec<BigUint>),
}

impl HeapSink for Heaps {
    #[inline(always)]
    fn small(&mut self, n: u64) {
        match self {
            Heaps::Small(v) => v.push(n),
            Heaps::Big(v) => v.push(BigUint::from(n)),
        }
    }

    fn big(&mut self, n: BigUint) {
        match self {
            Heaps::Small(v) => {
                let mut big: Vec<BigUint> = v.iter().map(|&x| BigUint::from(x)).collect();
                big.push(n);
                *self = Heaps::Big(big);
            }
            Heaps::Big(v) => v.push(n),
        }
    }
}

fn collect(source: &Source<'_>) -> anyhow::Result<Heaps> {
    let mut heaps = Heaps::Small(Vec::new());
    for_each_heap(source, &mut heaps)?;
    Ok(heaps)
}

/// A streaming summary that switches to big integers on the first huge heap.
enum Summary {
    Small(NimSummary<u64>),
    Big(NimSummary<BigUint>),
}

impl HeapSink for Summary {
    #[inline(always)]
    fn small(&mut self, n: u64) {
        match self {
            Summary::Small(s) => s.push(&n),
            Summary::Big(s) => s.push(&BigUint::from(n)),
        }
    }

    fn big(&mut self, n: BigUint) {
        match self {
            Summary::Small(s) => {
                let mut big = s.convert(|&x| BigUint::from(x));
                big.push(&n);
                *self = Summary::Big(big);
            }
            Summary::Big(s) => s.push(&n),
        }
    }
}

fn outcome_only(
    source: &Source<'_>,
    convention: Convention,
    json: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut summary = Summary::Small(NimSummary::new());
    for_each_heap(source, &mut summary)?;
    match &summary {
        Summary::Small(s) => write_summary(s, convention, json, out),
        Summary::Big(s) => write_summary(s, convention, json, out),
    }
}

fn write_summary<H: HeapSize>(
    s: &NimSummary<H>,
    convention: Convention,
    json: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let outcome = s.outcome(convention);
    if json {
        #[derive(Serialize)]
        #[serde(bound = "H: HeapSize")]
        struct SummaryJson<'a, H: HeapSize> {
            heap_count: u64,
            convention: &'static str,
            nim_sum: JsonHeap<'a, H>,
            outcome: &'static str,
        }
        serde_json::to_writer(
            &mut *out,
            &SummaryJson {
                heap_count: s.heaps(),
                convention: convention.as_str(),
                nim_sum: JsonHeap(s.nim_sum()),
                outcome: outcome.as_str(),
            },
        )?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "heaps: {} heap{} ({} play)",
            s.heaps(),
            if s.heaps() == 1 { "" } else { "s" },
            play(convention)
        )?;
        writeln!(out, "nim-sum: {}", s.nim_sum().to_decimal())?;
        writeln!(out, "outcome: {}", outcome_sentence(outcome))?;
    }
    Ok(())
}

fn play(convention: Convention) -> &'static str {
    match convention {
        Convention::Normal => "normal",
        Convention::Misere => "misère",
    }
}

fn outcome_sentence(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "N, the first player (the one to move) wins",
        Outcome::P => "P, the second player wins: every move leads to an N-position",
    }
}

/// The full answer for the kept heaps.
fn report<H: Decimal>(
    heaps: &[H],
    convention: Convention,
    args: &Args,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    if args.explain && heaps.len() > EXPLAIN_MAX_HEAPS {
        bail!(
            "--explain shows every heap in binary and is meant for at most {EXPLAIN_MAX_HEAPS} heaps \
             (this position has {}); drop --explain for the answer alone",
            heaps.len()
        );
    }
    let summary = NimSummary::of(heaps);
    let outcome = summary.outcome(convention);
    if args.json {
        let explanation = args.explain.then(|| explain(heaps, convention).text());
        serde_json::to_writer(
            &mut *out,
            &NimJson::new(heaps, convention, &summary, explanation),
        )?;
        writeln!(out)?;
        return Ok(());
    }
    let colour = colour::wanted();
    if args.explain {
        let e = explain(heaps, convention);
        let text = if colour {
            e.render_with(&mut ansi)
        } else {
            e.text()
        };
        out.write_all(text.as_bytes())?;
        return Ok(());
    }
    // The echoed heaps are written once in decimal: a heap of millions of
    // digits takes a fraction of a second to convert, and it comes back as
    // the `from` of its moves (and as what they take when they empty it),
    // and as the nim-sum when it is the only non-empty heap.
    let echoed: Vec<String> = if heaps.len() <= ECHO_MAX_HEAPS {
        heaps.iter().map(HeapSize::to_decimal).collect()
    } else {
        Vec::new()
    };
    let decimal = |n: &H| match heaps[..echoed.len()].iter().position(|h| h == n) {
        Some(i) => echoed[i].clone(),
        _ => n.to_decimal(),
    };
    write!(out, "heaps:")?;
    if echoed.is_empty() {
        write!(out, " {} heaps", heaps.len())?;
    } else {
        for h in &echoed {
            write!(out, " {h}")?;
        }
    }
    writeln!(out, " ({} play)", play(convention))?;
    writeln!(out, "nim-sum: {}", decimal(summary.nim_sum()))?;
    let sentence = outcome_sentence(outcome);
    let role = match outcome {
        Outcome::N => Role::Win,
        Outcome::P => Role::Lose,
    };
    let sentence = if colour {
        ansi(role, sentence)
    } else {
        sentence.to_string()
    };
    writeln!(out, "outcome: {sentence}")?;
    // Counted and listed heap by heap through `winning_move`, which inlines
    // here; the library's lazy `winning_moves` iterator did not (20
    // instructions a heap more for 10^5 heaps).
    let count = heaps
        .iter()
        .filter(|p| summary.winning_move(convention, p).is_some())
        .count();
    if count == 0 {
        if outcome == Outcome::N {
            writeln!(
                out,
                "winning moves: none needed (no move is possible: in misère play the player to move has won)"
            )?;
        } else {
            writeln!(out, "winning moves: none")?;
        }
        return Ok(());
    }
    writeln!(out, "winning moves ({count}):")?;
    // Millions of moves can be listed: each line is assembled by hand in a
    // reused buffer (itoa for the numbers), not through `write!`.
    // The lines go out in batches of about 64 KiB: one write for hundreds
    // of moves rather than a call for each.
    let mut lines = Vec::with_capacity(BATCH + 256);
    let mut index = itoa::Buffer::new();
    for (heap, from) in heaps.iter().enumerate() {
        let Some(to) = summary.winning_move(convention, from) else {
            continue;
        };
        let m = NimMove {
            heap,
            from: from.clone(),
            to,
        };
        move_line(&mut lines, &mut index, &m, echoed.get(heap));
        if lines.len() >= BATCH {
            out.write_all(&lines)?;
            lines.clear();
        }
    }
    out.write_all(&lines)?;
    Ok(())
}

/// The bytes of move lines written to the output at once.
const BATCH: usize = 1 << 16;

/// Appends `  heap I: FROM -> TO (take T)\n` to `line`, `from` being the
/// heap's decimal digits when they were already written. A function of its own,
/// small enough for the compiler to inline the buffer's appends (inside
/// `report` it called them, a quarter more instructions for 10^5 heaps).
fn move_line<H: Decimal>(
    line: &mut Vec<u8>,
    index: &mut itoa::Buffer,
    m: &NimMove<H>,
    from: Option<&String>,
) {
    line.extend_from_slice(b"  heap ");
    line.extend_from_slice(index.format(m.heap + 1).as_bytes());
    line.extend_from_slice(b": ");
    match from {
        Some(from) => line.extend_from_slice(from.as_bytes()),
        None => m.from.write_decimal(line),
    }
    line.extend_from_slice(b" -> ");
    m.to.write_decimal(line);
    line.extend_from_slice(b" (take ");
    match from {
        Some(from) if m.to.is_zero() => line.extend_from_slice(from.as_bytes()),
        _ => m.taken().write_decimal(line),
    }
    line.extend_from_slice(b")\n");
}

/// Heap sizes the CLI can print quickly.
trait Decimal: HeapSize {
    /// Appends the size in decimal.
    fn write_decimal(&self, buf: &mut Vec<u8>);
}

impl Decimal for u64 {
    #[inline]
    fn write_decimal(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(itoa::Buffer::new().format(*self).as_bytes());
    }
}

impl Decimal for BigUint {
    fn write_decimal(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(self.to_decimal().as_bytes());
    }
}
