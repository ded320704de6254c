//! `grundy census FAMILY --to N`: the period (or "unknown at N"), largest
//! value and rare-value count of every game of a family, on all cores.
//!
//! With `--out FILE.csv` each finished game is appended to the file at
//! once, so a census that is stopped (Ctrl-C) and started again with the
//! same arguments skips the games already there; at the end the file is
//! rewritten in the family's order.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};
use grundy::census::{self, CensusRow, CensusStatus, Family};
use grundy_json::CensusRowJson;
use serde::Serialize;

/// The CSV header: the columns every census table has, in this order.
const HEADER: &str =
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
    /// with the same file and --to skips the games already in it.
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
    let members = census::Family::members(&family);
    let order: HashMap<String, usize> = members
        .iter()
        .enumerate()
        .map(|(i, m)| (m.game.to_string(), i))
        .collect();
    let mut rows: Vec<Option<CensusRow>> = vec![None; members.len()];
    let mut file = None;
    if let Some(path) = &args.out {
        let resumed = read_rows(path, args.to)?;
        for row in resumed {
            if let Some(&i) = order.get(&row.game) {
                rows[i] = Some(row);
            }
        }
        let fresh = !path.exists();
        let mut f = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        if fresh {
            writeln!(f, "{HEADER}")?;
        } else if !ends_a_line(path)? {
            // A stop cut the last row short: the next row starts a line.
            writeln!(f)?;
        }
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
                if let Err(e) = writeln!(f, "{}", csv_line(&row, args.to)).and_then(|_| f.flush()) {
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
        // The appended rows are in the order they finished: rewrite them in
        // the family's order, through a temporary file so that a stop here
        // never leaves half a table.
        let tmp = path.with_extension("csv.tmp");
        let mut f =
            File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
        writeln!(f, "{HEADER}")?;
        for row in &rows {
            writeln!(f, "{}", csv_line(row, args.to))?;
        }
        f.flush()?;
        drop(f);
        std::fs::rename(&tmp, path)
            .with_context(|| format!("cannot replace {}", path.display()))?;
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

/// One CSV line. Only a subtraction set's spec (`sub{1,3}`) holds commas,
/// and no field holds a quote, so a field is quoted exactly when it has a
/// comma.
fn csv_line(row: &CensusRow, to: u64) -> String {
    let (pre, per) = match row.status {
        CensusStatus::Periodic { preperiod, period } => (preperiod.to_string(), period.to_string()),
        CensusStatus::Unknown => (String::new(), String::new()),
    };
    format!(
        "{},{},{pre},{per},{},{},{},{},{},{},{to}",
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

/// Whether the file is empty or its last byte ends a line.
fn ends_a_line(path: &Path) -> anyhow::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    if f.seek(SeekFrom::End(0))? == 0 {
        return Ok(true);
    }
    f.seek(SeekFrom::End(-1))?;
    let mut last = [0u8];
    f.read_exact(&mut last)?;
    Ok(last[0] == b'\n')
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

/// The rows of an earlier run with the same `to` (none if the file does
/// not exist); a line cut short by a stop is ignored.
fn read_rows(path: &Path, to: u64) -> anyhow::Result<Vec<CensusRow>> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let mut rows = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        if i == 0 {
            if line != HEADER {
                bail!(
                    "{}: line 1 is not the header of a census table ({HEADER}); give another --out",
                    path.display()
                );
            }
            continue;
        }
        let f = split_csv(&line);
        if f.len() != 11 {
            continue;
        }
        let num = |s: &str| s.parse::<u64>().ok();
        let parsed = (|| {
            if num(&f[10])? != to {
                return None;
            }
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
        })();
        if let Some(row) = parsed {
            rows.push(row);
        } else if num(f[10].as_str()).is_some_and(|t| t != to) {
            bail!(
                "{} holds a census to {} (line {}), not to {to}; give another --out",
                path.display(),
                f[10],
                i + 1
            );
        }
    }
    Ok(rows)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_line_is_ended_before_rows_are_appended() {
        let path = std::env::temp_dir().join(format!("grundy-cut-{}.csv", std::process::id()));
        for (text, ends) in [("", true), ("game\n", true), ("game\n0.1,per", false)] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(ends_a_line(&path).unwrap(), ends, "{text:?}");
        }
        std::fs::remove_file(&path).unwrap();
    }
}
