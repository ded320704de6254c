//! Benchmark: `grundy nim --file` on 10^7 random u64 heaps, end to end (the
//! real binary, process start and output included), against a
//! straightforward `BufRead::lines().map(str::parse::<u64>)` reader timed in
//! the same run on the same file.
//!
//! ```text
//! cargo bench -p grundy-cli --bench nim_input               # 10^7 heaps
//! cargo bench -p grundy-cli --bench nim_input -- --heaps 1000000 --runs 5
//! cargo bench -p grundy-cli --bench nim_input -- --digits 5000000 --runs 5
//! ```
//!
//! With `--digits D` it measures instead one heap of D random decimal
//! digits (the first not 0): reading it is a conversion from decimal to
//! binary, and the answer prints it back (the heap, the nim-sum, and the
//! move that empties it), a conversion from binary to decimal. Both were
//! quadratic (10 to 19 s for 5·10^6 digits); the table gives the fastest
//! and the slowest of the runs, since the machine is shared. The JSON
//! answer is checked first: every number in it must be the input's digits.
//!
//! The input is generated first (and reused while it has the right size):
//! one heap per line, uniform random u64s from a fixed-seed xorshift64*
//! generator, so every run reads the same ~196 MB file. Each reader is run
//! `--runs` times and the fastest run is reported (the machine is shared;
//! the fastest run is the least disturbed). Every reader's nim-sum is
//! checked against the others before anything is printed.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// xorshift64* (Vigna): a tiny, fixed-seed generator, good enough to make
/// heap sizes with every digit count.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Writes `count` random heaps, one per line; returns their nim-sum.
fn generate(path: &Path, count: u64) -> std::io::Result<u64> {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path)?);
    let mut xor = 0;
    for _ in 0..count {
        let h = rng.next();
        xor ^= h;
        writeln!(out, "{h}")?;
    }
    out.flush()?;
    Ok(xor)
}

/// The reader we compare with: what one writes first.
fn naive(path: &Path) -> (u64, u64) {
    let reader = BufReader::new(File::open(path).expect("open input"));
    let mut xor = 0;
    let mut count = 0;
    for h in reader
        .lines()
        .map(|l| l.expect("read").parse::<u64>().expect("parse"))
    {
        xor ^= h;
        count += 1;
    }
    (xor, count)
}

/// Runs `program args` with stdin from `stdin` and stdout to /dev/null
/// (or captured when `keep_output`); returns its stdout.
fn run(program: &Path, args: &[&str], stdin: Option<&Path>, keep_output: bool) -> String {
    let mut cmd = Command::new(program);
    cmd.args(args);
    if let Some(p) = stdin {
        cmd.stdin(File::open(p).expect("open input"));
    }
    if keep_output {
        let out = cmd.output().expect("run");
        assert!(
            out.status.success(),
            "{} failed: {}",
            program.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8 output")
    } else {
        let status = cmd.stdout(Stdio::null()).status().expect("run");
        assert!(status.success(), "{} failed", program.display());
        String::new()
    }
}

/// The nim-sum in `grundy nim --no-moves --json` output.
fn json_nim_sum(json: &str) -> u64 {
    let key = "\"nim_sum\":";
    let at = json.find(key).expect("nim_sum in output") + key.len();
    json[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|d| d.parse().ok())
        .expect("numeric nim_sum")
}

/// CPU seconds (user + system) used so far by this process's finished
/// children, from /proc/self/stat (Linux; clock ticks of 1/100 s).
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line.
    let ticks: u64 = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// Runs `f` (which runs one child process) `runs` times; returns the wall
/// time and CPU time of every run.
fn timed(runs: usize, mut f: impl FnMut()) -> Vec<(Duration, Option<f64>)> {
    (0..runs)
        .map(|_| {
            let cpu0 = children_cpu();
            let t = Instant::now();
            f();
            let wall = t.elapsed();
            let cpu = children_cpu().zip(cpu0).map(|(b, a)| b - a);
            (wall, cpu)
        })
        .collect()
}

/// The wall time and CPU time of the fastest of `runs` runs of `f`.
fn best_of(runs: usize, f: impl FnMut()) -> (Duration, Option<f64>) {
    timed(runs, f)
        .into_iter()
        .min_by_key(|&(wall, _)| wall)
        .expect("at least one run")
}

/// Writes one heap of `digits` random decimal digits, the first not 0.
fn generate_digits(path: &Path, digits: usize) -> std::io::Result<()> {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut text: Vec<u8> = (0..digits)
        .map(|_| b'0' + (rng.next() >> 32) as u8 % 10)
        .collect();
    if let Some(first) = text.first_mut() {
        *first = b'1' + *first % 9;
    }
    text.push(b'\n');
    std::fs::write(path, text)
}

/// The big-heap benchmark (module documentation).
fn big_heap(digits: usize, runs: usize) {
    let path =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nim_heap_{digits}_digits.txt"));
    eprintln!(
        "generating a heap of {digits} digits in {} ...",
        path.display()
    );
    generate_digits(&path, digits).expect("write input");
    let heap = std::fs::read_to_string(&path).expect("read input");
    let heap = heap.trim_end();
    let grundy = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let p = path.to_str().expect("utf-8 path");

    // Correctness first: read, then printed back three times.
    let json: serde_json::Value =
        serde_json::from_str(&run(grundy, &["nim", "--json", "--file", p], None, true))
            .expect("JSON answer");
    assert_eq!(json["heaps"], serde_json::json!([heap]));
    assert_eq!(json["nim_sum"], heap);
    assert_eq!(
        json["winning_moves"],
        serde_json::json!([{"heap": 0, "from": heap, "to": 0}])
    );

    let commands: [(&str, &[&str]); 3] = [
        (
            "`grundy nim --no-moves --file F` (read, print the nim-sum)",
            &["nim", "--no-moves", "--file", p],
        ),
        (
            "`grundy nim --file F` (read, print heap, nim-sum, move)",
            &["nim", "--file", p],
        ),
        (
            "`grundy nim --json --file F` (read, print heap, nim-sum, move)",
            &["nim", "--json", "--file", p],
        ),
    ];
    println!(
        "one heap of {digits} decimal digits, {runs} runs each (wall clock; CPU = user + system)\n"
    );
    println!("| command | wall, fastest | wall, slowest | CPU, fastest run |");
    println!("|---|---:|---:|---:|");
    for (name, args) in commands {
        let times = timed(runs, || {
            run(grundy, args, None, false);
        });
        let fastest = times.iter().min_by_key(|t| t.0).expect("a run");
        let slowest = times.iter().max_by_key(|t| t.0).expect("a run");
        let cpu = fastest.1.map_or("n/a".to_string(), |c| format!("{c:.2} s"));
        println!(
            "| {name} | {:.2} s | {:.2} s | {cpu} |",
            fastest.0.as_secs_f64(),
            slowest.0.as_secs_f64()
        );
    }
}

fn main() {
    let mut heaps: u64 = 10_000_000;
    let mut runs = 3;
    let mut file: Option<PathBuf> = None;
    let mut digits: Option<usize> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            // The naive reader runs as a child process too, so that both
            // are timed the same way (process start included).
            "--naive" => {
                let path = PathBuf::from(args.next().expect("--naive PATH"));
                let (xor, count) = naive(&path);
                println!("{xor} {count}");
                return;
            }
            "--heaps" => heaps = args.next().and_then(|v| v.parse().ok()).expect("--heaps N"),
            "--runs" => runs = args.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            "--file" => file = args.next().map(PathBuf::from),
            "--digits" => {
                digits = Some(
                    args.next()
                        .and_then(|v| v.parse().ok())
                        .expect("--digits D"),
                )
            }
            _ => {} // cargo bench passes --bench; ignore what we do not know
        }
    }
    if let Some(digits) = digits {
        big_heap(digits, runs);
        return;
    }
    let path = file.unwrap_or_else(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        dir.join(format!("nim_heaps_{heaps}.txt"))
    });
    eprintln!("generating {heaps} heaps in {} ...", path.display());
    let expected = generate(&path, heaps).expect("write input");
    let bytes = std::fs::metadata(&path).expect("input size").len();

    // Correctness first: every reader must find the same nim-sum.
    let me = std::env::current_exe().expect("own path");
    let grundy = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let p = path.to_str().expect("utf-8 path");
    assert_eq!(
        run(&me, &["--naive", p], None, true).trim(),
        format!("{expected} {heaps}")
    );
    assert_eq!(
        json_nim_sum(&run(
            grundy,
            &["nim", "--no-moves", "--json", "--file", p],
            None,
            true
        )),
        expected
    );
    assert_eq!(
        json_nim_sum(&run(
            grundy,
            &["nim", "--no-moves", "--json", "--file", "-"],
            Some(&path),
            true
        )),
        expected
    );

    let naive_t = best_of(runs, || {
        run(&me, &["--naive", p], None, false);
    });
    let rows = [
        ("naive `BufRead::lines().map(str::parse::<u64>)`", naive_t),
        (
            "`grundy nim --no-moves --file F` (outcome)",
            best_of(runs, || {
                run(grundy, &["nim", "--no-moves", "--file", p], None, false);
            }),
        ),
        (
            "`grundy nim --no-moves --file - < F` (stdin)",
            best_of(runs, || {
                run(
                    grundy,
                    &["nim", "--no-moves", "--file", "-"],
                    Some(&path),
                    false,
                );
            }),
        ),
        (
            "`grundy nim --file F > /dev/null` (every winning move)",
            best_of(runs, || {
                run(grundy, &["nim", "--file", p], None, false);
            }),
        ),
        (
            "`grundy nim --json --file F > /dev/null` (heaps + moves)",
            best_of(runs, || {
                run(grundy, &["nim", "--json", "--file", p], None, false);
            }),
        ),
    ];
    let mb = bytes as f64 / 1e6;
    println!(
        "{heaps} heaps, {mb:.1} MB, fastest of {runs} runs (wall clock; CPU = user + system)\n"
    );
    println!("| reader | wall | CPU | heaps/s | MB/s (wall) | MB/s (CPU) | vs naive (wall) | vs naive (CPU) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let fmt_cpu = |c: Option<f64>| c.map_or("n/a".to_string(), |c| format!("{c:.2} s"));
    for (name, (wall, cpu)) in rows {
        let s = wall.as_secs_f64();
        let cpu_mb = cpu
            .filter(|&c| c > 0.0)
            .map_or("n/a".to_string(), |c| format!("{:.0}", mb / c));
        let cpu_ratio = match (naive_t.1, cpu) {
            (Some(n), Some(c)) if c > 0.0 => format!("{:.1}x", n / c),
            _ => "n/a".to_string(),
        };
        println!(
            "| {name} | {s:.3} s | {} | {:.1} M | {:.0} | {cpu_mb} | {:.1}x | {cpu_ratio} |",
            fmt_cpu(cpu),
            heaps as f64 / s / 1e6,
            mb / s,
            naive_t.0.as_secs_f64() / s,
        );
    }
}
