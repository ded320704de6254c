//! `grundy census FAMILY --to N`: the period (or "unknown at N"), largest
//! value and rare-value count of every game of a family, on all cores.
//!
//! With `--out FILE.csv` each finished game is appended to the file at
//! once, so a census that is stopped (Ctrl-C, a kill, a crash) and started
//! again with the same arguments skips the games already there; at the end
//! the file is rewritten in the family's order. Each row names its family
//! and `--to`, and a file of another census is refused before anything is
//! written to it.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use grundy::census::{self, CensusRow, CensusStatus, Family, Member};
use grundy_json::CensusRowJson;
use serde::Serialize;

/// The CSV header: the columns every census table has, in this order.
const HEADER: &str = "game,status,preperiod,period,max_value,max_at,rare_count,checked_to,rare_mask,same_as,to,family";

/// The header of the tables written before rows named their family: such
/// a file is resumed when every row is a game of the family asked for, and
/// rewritten with the family column.
const OLD_HEADER: &str =
    "game,status,preperiod,period,max_value,max_at,rare_count,checked_to,rare_mask,same_as,to";

/// Arguments of `grundy census`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Families:\n  octal:D   every octal code 0.d1..dD (D <= 4); trivially equivalent codes counted once\n  hex:D     every hexadecimal code 0.h1..hD (D <= 3)\n  sub:K:M   every subtraction set of K elements from 1..M\n\nExamples:\n  grundy census octal:2 --to 100000\n  grundy census octal:3 --to 1000000 --out octal3.csv\n  grundy census sub:3:9 --to 10000 --json"
)]
pub struct Args {
    /// The family: `octal:D`, `hex:D` or `sub:K:M`.
    family: String,
    /// Compute each game's values at most up to G(N) while looking for its
    /// period.
    #[arg(long, value_name = "N")]
    to: u64,
    /// Write the table to FILE.csv, one row a game as it finishes; a run
    /// with the same file and --to skips the games already in it (a file
    /// of another family or --to is refused, and left as it was).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Print the rows as one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Threads (default: every core of this machine).
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Serialize)]
struct CensusJson<'a> {
    family: String,
    to: u64,
    games: usize,
    codes: usize,
    periodic: usize,
    rows: Vec<CensusRowJson<'a>>,
}

/// Runs `grundy census`.
pub fn run(args: Args, out: &mut impl Write) -> anyhow::Result<()> {
    let family =
        Family::parse(&args.family).map_err(|e| crate::diagnostic::bad_family(e, &args.family))?;
    if let Some(path) = &args.out {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "csv" => {}
            "parquet" => bail!(
                "--out {}: parquet is written by the Python package (grundy.census(..).to_parquet(..)); the CLI writes .csv",
                path.display()
            ),
            _ => bail!("--out {}: the table is written as .csv", path.display()),
        }
    }
    let members = family.members();
    let order: HashMap<String, usize> = members
        .iter()
        .enumerate()
        .map(|(i, m)| (m.game.to_string(), i))
        .collect();
    let mut rows: Vec<Option<CensusRow>> = vec![None; members.len()];
    let mut file = None;
    if let Some(path) = &args.out {
        // Everything is read and checked before the file is touched, so a
        // refused run leaves it as it was.
        for (i, row) in read_rows(path, &family, &members, &order, args.to)? {
            rows[i].get_or_insert(row);
        }
        // Then it is written afresh with the rows it vouched for (a line a
        // stop cut short is dropped, an older table gains its family
        // column), and the rows to come are appended to it.
        write_table(path, &family, args.to, rows.iter().flatten())?;
        let f = OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        file = Some(f);
    }
    let done_before = rows.iter().filter(|r| r.is_some()).count();
    let resumed: std::collections::HashSet<String> =
        rows.iter().flatten().map(|r| r.game.clone()).collect();
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let cancel = crate::interrupt::flag();
    let start = Instant::now();
    let mut progress = Progress::new(members.len(), done_before);
    let mut write_error = None;
    let result = census::run(
        &members,
        args.to,
        threads,
        &cancel,
        |game| resumed.contains(game),
        |row| {
            if let Some(f) = &mut file {
                // One write a row, so that a stop leaves whole rows and at
                // most one last row cut short.
                let line = csv_line(&row, args.to, &family) + "\n";
                if let Err(e) = f.write_all(line.as_bytes()) {
                    write_error.get_or_insert(e);
                }
            }
            progress.step(&row);
            if let Some(&i) = order.get(&row.game) {
                rows[i] = Some(row);
            }
        },
    );
    progress.finish();
    if let Some(e) = write_error {
        return Err(e).context("cannot write the census file");
    }
    let done = rows.iter().filter(|r| r.is_some()).count();
    if let Err(stopped) = result {
        let kept = match &args.out {
            Some(path) => format!(
                "; the {done} finished games are in {} and a run with the same arguments goes on from there",
                path.display()
            ),
            None => String::new(),
        };
        return Err(anyhow::Error::new(stopped).context(format!(
            "census of {family} to {}: {done} of {} games done{kept}",
            args.to,
            members.len()
        )));
    }
    let rows: Vec<CensusRow> = rows.into_iter().flatten().collect();
    let elapsed = start.elapsed();
    if let Some(path) = &args.out {
        // The appended rows are in the order they finished: the table is
        // rewritten in the family's order.
        write_table(path, &family, args.to, rows.iter())?;
    }
    let codes = rows.iter().map(|r| 1 + r.same_as.len()).sum::<usize>();
    let periodic = rows
        .iter()
        .filter(|r| matches!(r.status, CensusStatus::Periodic { .. }))
        .count();
    if args.json {
        let json = CensusJson {
            family: family.to_string(),
            to: args.to,
            games: rows.len(),
            codes,
            periodic,
            rows: rows.iter().map(CensusRowJson::new).collect(),
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    if args.out.is_none() {
        writeln!(
            out,
            "{:<14} {:<9} {:>9} {:>7} {:>5} {:>8} {:>8} {:>10}  same as",
            "game", "status", "preperiod", "period", "max", "max at", "rare", "checked to"
        )?;
        for row in &rows {
            let (pre, per) = match row.status {
                CensusStatus::Periodic { preperiod, period } => {
                    (preperiod.to_string(), period.to_string())
                }
                CensusStatus::Unknown => ("-".into(), "-".into()),
            };
            writeln!(
                out,
                "{:<14} {:<9} {:>9} {:>7} {:>5} {:>8} {:>8} {:>10}  {}",
                row.game,
                row.status.as_str(),
                pre,
                per,
                row.max_value,
                row.max_at,
                row.rare_count,
                row.checked_to,
                row.same_as.join(" ")
            )?;
        }
    }
    writeln!(
        out,
        "# {family} to {}: {} games ({codes} codes, trivially equivalent ones counted once), {periodic} periodic (proved), {} unknown; {:.1} s on {threads} threads{}",
        args.to,
        rows.len(),
        rows.len() - periodic,
        elapsed.as_secs_f64(),
        if done_before > 0 {
            format!(" ({done_before} games resumed from the file)")
        } else {
            String::new()
        },
    )?;
    if let Some(path) = &args.out {
        writeln!(out, "# table: {}", path.display())?;
    }
    Ok(())
}

/// Writes the whole table, `rows` after the header, through a temporary
/// file flushed to disk and a rename, so that a stop or a crash never
/// leaves half of it.
fn write_table<'a>(
    path: &Path,
    family: &Family,
    to: u64,
    rows: impl Iterator<Item = &'a CensusRow>,
) -> anyhow::Result<()> {
    let mut text = format!("{HEADER}\n");
    for row in rows {
        text.push_str(&csv_line(row, to, family));
        text.push('\n');
    }
    crate::record::write_atomic(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// One CSV line. Only a subtraction set's spec (`sub{1,3}`) holds commas,
/// and no field holds a quote, so a field is quoted exactly when it has a
/// comma.
fn csv_line(row: &CensusRow, to: u64, family: &Family) -> String {
    let (pre, per) = match row.status {
        CensusStatus::Periodic { preperiod, period } => (preperiod.to_string(), period.to_string()),
        CensusStatus::Unknown => (String::new(), String::new()),
    };
    format!(
        "{},{},{pre},{per},{},{},{},{},{},{},{to},{family}",
        quote(&row.game),
        row.status.as_str(),
        row.max_value,
        row.max_at,
        row.rare_count,
        row.checked_to,
        row.rare_mask,
        row.same_as.join(" "),
    )
}

fn quote(field: &str) -> String {
    if field.contains(',') {
        format!("\"{field}\"")
    } else {
        field.to_owned()
    }
}

/// Splits a CSV line of our own format (quotes only around fields with
/// commas, never inside them).
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// The rows of an earlier run of the same census kept in `path` (none if
/// it does not exist), each with the index of its game in `members`. Only
/// whole lines count: a last line that a stop cut short is left out, and so
/// are lines that do not parse (their games are computed again).
///
/// # Errors
/// When the file is not a census table; when it holds a census of another
/// family or another `to` (named as the first row that says so names
/// them), or, in a table without the family column, a row that is not a
/// game of `family` as `members` counts it; on I/O errors.
fn read_rows(
    path: &Path,
    family: &Family,
    members: &[Member],
    order: &HashMap<String, usize>,
    to: u64,
) -> anyhow::Result<Vec<(usize, CensusRow)>> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    if bytes.is_empty() {
        return Ok(vec![]);
    }
    let text = String::from_utf8_lossy(&bytes);
    let first = text.lines().next().unwrap_or("");
    let old = match first {
        HEADER => false,
        OLD_HEADER => true,
        _ => bail!(
            "{}: line 1 is not the header of a census table ({HEADER}); give another --out",
            path.display()
        ),
    };
    // What follows the last newline is a row a stop cut short.
    let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    let another =
        |what: String| anyhow::anyhow!("{} holds {what}; give another --out", path.display());
    let mut rows = Vec::new();
    for (i, line) in whole.lines().enumerate().skip(1) {
        let n = i + 1;
        let f = split_csv(line);
        let columns = if old { 11 } else { 12 };
        if f.len() != columns {
            continue;
        }
        if !old {
            match Family::parse(&f[11]) {
                Ok(theirs) if theirs == *family => {}
                Ok(theirs) => {
                    return Err(another(format!(
                        "a census of {theirs} (line {n}), not of {family}"
                    )))
                }
                Err(_) => continue,
            }
        }
        match f[10].parse::<u64>() {
            Ok(theirs) if theirs == to => {}
            Ok(theirs) => {
                return Err(another(format!(
                    "a census to {theirs} (line {n}), not to {to}"
                )));
            }
            Err(_) => continue,
        }
        let Some(row) = parse_row(&f) else { continue };
        let member = order
            .get(&row.game)
            .filter(|&&at| row.same_as == members[at].same_as);
        match member {
            Some(&at) => rows.push((at, row)),
            // A row that names the family but not one of its games as it
            // counts them is damaged (a crash can leave a page of zeros):
            // its game is computed again.
            None if !old => continue,
            // With no family column, that is what says the table is
            // another family's.
            None => {
                return Err(another(format!(
                    "a census of another family: {} (line {n}) is not a game of {family}{}",
                    row.game,
                    match order.get(&row.game) {
                        Some(&at) => format!(
                            " counted with the codes {:?}, as {family} counts it",
                            members[at].same_as.join(" ")
                        ),
                        None => String::new(),
                    }
                )))
            }
        }
    }
    Ok(rows)
}

/// The row of the first ten fields of a census line, if they parse.
fn parse_row(f: &[String]) -> Option<CensusRow> {
    let num = |s: &str| s.parse::<u64>().ok();
    let status = match f[1].as_str() {
        "periodic" => CensusStatus::Periodic {
            preperiod: num(&f[2])?,
            period: num(&f[3])?,
        },
        "unknown" => CensusStatus::Unknown,
        _ => return None,
    };
    Some(CensusRow {
        game: f[0].clone(),
        status,
        max_value: num(&f[4])?,
        max_at: num(&f[5])?,
        rare_count: num(&f[6])?,
        checked_to: num(&f[7])?,
        rare_mask: num(&f[8])?,
        same_as: f[9].split_whitespace().map(str::to_owned).collect(),
    })
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
struct Progress {
    total: usize,
    done: usize,
    periodic: usize,
    on: bool,
    start: Instant,
}

impl Progress {
    fn new(total: usize, done: usize) -> Progress {
        let p = Progress {
            total,
            done,
            periodic: 0,
            on: std::io::stderr().is_terminal(),
            start: Instant::now(),
        };
        p.draw();
        p
    }

    fn step(&mut self, row: &CensusRow) {
        self.done += 1;
        if matches!(row.status, CensusStatus::Periodic { .. }) {
            self.periodic += 1;
        }
        self.draw();
    }

    fn draw(&self) {
        if !self.on {
            return;
        }
        const WIDTH: usize = 30;
        let filled = (self.done * WIDTH).checked_div(self.total).unwrap_or(WIDTH);
        let _ = write!(
            std::io::stderr().lock(),
            "\r[{}{}] {}/{} games, {} periodic so far, {:.0} s",
            "#".repeat(filled),
            " ".repeat(WIDTH - filled),
            self.done,
            self.total,
            self.periodic,
            self.start.elapsed().as_secs_f64()
        );
    }

    fn finish(&self) {
        if self.on {
            let _ = writeln!(std::io::stderr().lock());
        }
    }
}
