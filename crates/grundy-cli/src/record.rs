//! Writing a values file that survives a stop: `grundy values GAME --to N
//! --out FILE [--resume]` and `grundy period GAME --resume FILE`.
//!
//! While a run goes on, the values are appended to `FILE.part` (its header
//! space is reserved at the start and written last) and every few seconds a
//! checkpoint is made: `FILE.part` is flushed to disk, then the header that
//! describes what it holds so far is written to `FILE.ckpt.tmp`, flushed,
//! and renamed to `FILE.ckpt`, so that at any moment, after Ctrl-C, a kill
//! -9 or a crash alike, `FILE.ckpt` names a consistent prefix of
//! `FILE.part` with its checksum. `--resume` reads the checkpoint, checks
//! the prefix against it and goes on. When the run completes, the header
//! goes to the start of `FILE.part`, which is flushed, the checkpoint is
//! removed and `FILE.part` is renamed to `FILE`: a finished file is the
//! same byte for byte however many times its run was stopped, and `FILE`
//! itself is never half-written.
//!
//! Everything a run needs from the files already there is read and checked
//! first ([`Recorder::inspect`]), and only then are files created, cut back
//! or renamed ([`Found::start`]): a refused run leaves every file as it
//! found it.
//!
//! A stop may fall between any two steps; each state it can leave is one
//! that `--resume` goes on from:
//! - `FILE.ckpt` with `FILE.part`: the checkpoint names the prefix to keep;
//!   what follows it is cut off.
//! - `FILE.part` alone, starting with a whole header: a run that extended a
//!   finished file stopped before its first checkpoint, or a finishing run
//!   stopped after it removed its checkpoint. That header is the checkpoint.
//! - `FILE.part` alone, no longer than its reserved header: a new run
//!   stopped before its first checkpoint and kept nothing; it is replaced.
//! - `FILE` alone: a finished file, which `--resume` extends.

use std::fs::{self, File, OpenOptions};
use std::io::{self, IsTerminal, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use grundy::cancel::Cancelled;
use grundy::heap::period::{self, AnalysisError, PeriodStatus, UnknownReason};
use grundy::heap::sequence::{self, EngineKind, SequenceEngine};
use grundy::heap::valuefile::{self, Encoder, Header};
use grundy::heap::{GrundySequence, HeapRuleset};
use grundy::Nimber;

/// How often a checkpoint is made while values are being computed.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

/// The checkpoint interval: [`CHECKPOINT_EVERY`], or as many milliseconds
/// as `GRUNDY_CHECKPOINT_MS` says. The tests that kill runs at random
/// moments set it short, so that the kills fall between many checkpoints.
fn checkpoint_every() -> Duration {
    std::env::var("GRUNDY_CHECKPOINT_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(CHECKPOINT_EVERY, Duration::from_millis)
}

/// Bytes buffered before they are written to `FILE.part`.
const BUFFER: usize = 1 << 20;

/// An open values file being written, with its checkpoint.
pub struct Recorder {
    path: PathBuf,
    part: PathBuf,
    ckpt: PathBuf,
    spec: String,
    file: File,
    encoder: Encoder,
    header_len: u64,
    buffer: Vec<u8>,
    last_checkpoint: Instant,
    every: Duration,
    /// The limit of the period search being recorded, kept in each
    /// checkpoint.
    limit: Option<SearchLimit>,
}

/// `FILE` with `suffix` added to its name (`officers.bin.part`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// How a run treats the files a stopped or finished run left at its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `values --out`: a new file; a stopped run's files are refused (they
    /// are never overwritten).
    New,
    /// `values --out --resume`: from a stopped run, else from a finished
    /// file, which is extended.
    Resume,
    /// `period --resume`: from whatever is there, or a new file.
    Any,
}

/// The limit of a period search, kept in the checkpoints of
/// `period --resume` so that a resumed search keeps the limit of the run
/// it resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// No `--max`: the search `grundy period` makes by default (a
    /// [`period::Search`] given no `max`); `extended` once it went on past
    /// its first limit, so that a resumed search goes on as the stopped one
    /// decided.
    Default {
        /// Whether the search went on past [`period::default_max`].
        extended: bool,
    },
    /// `--max N`.
    Max(u64),
}

/// The first bytes of the trailer a period search adds to its checkpoint
/// after the header: the tag, the limit (a `u64`; the two largest values
/// stand for the default search), and a CRC-32 of both.
const LIMIT_TAG: [u8; 8] = *b"GRUNDYL\0";
const LIMIT_LEN: usize = 20;

impl SearchLimit {
    fn encode(self) -> [u8; LIMIT_LEN] {
        let code = match self {
            SearchLimit::Default { extended: false } => u64::MAX,
            SearchLimit::Default { extended: true } => u64::MAX - 1,
            SearchLimit::Max(max) => max,
        };
        let mut out = [0u8; LIMIT_LEN];
        out[..8].copy_from_slice(&LIMIT_TAG);
        out[8..16].copy_from_slice(&code.to_le_bytes());
        let crc = crc32fast::hash(&out[..16]);
        out[16..].copy_from_slice(&crc.to_le_bytes());
        out
    }

    fn decode(bytes: &[u8]) -> Option<SearchLimit> {
        if bytes.len() != LIMIT_LEN
            || bytes[..8] != LIMIT_TAG
            || crc32fast::hash(&bytes[..16]).to_le_bytes() != bytes[16..]
        {
            return None;
        }
        Some(
            match u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes")) {
                u64::MAX => SearchLimit::Default { extended: false },
                code if code == u64::MAX - 1 => SearchLimit::Default { extended: true },
                max => SearchLimit::Max(max),
            },
        )
    }
}

/// Where the values a run goes on from are.
#[derive(Debug)]
enum Source {
    /// Nowhere: a new file (a leftover `FILE.part` that kept nothing is
    /// replaced).
    New,
    /// A prefix of `FILE.part`, vouched for by this header (the
    /// checkpoint's, or the part's own).
    Stopped(Header),
    /// A finished `FILE`, which becomes `FILE.part` again.
    Finished(Header),
}

/// What [`Recorder::inspect`] found at a path, read and checked, with
/// nothing changed yet.
pub struct Found {
    path: PathBuf,
    part: PathBuf,
    ckpt: PathBuf,
    spec: String,
    header_len: u64,
    source: Source,
    values: GrundySequence,
    limit: Option<SearchLimit>,
}

impl Recorder {
    /// Reads and checks what a run writing `path` for the game `spec` goes
    /// on from (see the [module docs](self)), changing no file.
    ///
    /// # Errors
    /// When `path` is a folder; with [`Mode::New`], when a stopped run's
    /// files exist; with [`Mode::Resume`], when there is nothing to resume;
    /// when the files are damaged, inconsistent or belong to another game;
    /// and on any I/O error. Each message names the file.
    pub fn inspect(path: &Path, spec: &str, mode: Mode) -> anyhow::Result<Found> {
        let part = with_suffix(path, ".part");
        let ckpt = with_suffix(path, ".ckpt");
        let header_len = Header {
            spec: spec.to_owned(),
            count: 0,
            widen_at: [0; 3],
            checksum: 0,
        }
        .encoded_len() as u64;
        if path.is_dir() {
            bail!("{} is a folder, not a values file", path.display());
        }
        let part_len = match fs::metadata(&part) {
            Ok(m) => Some(m.len()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", part.display())),
        };
        let has_ckpt = ckpt.exists();
        // Values are appended only after the first checkpoint: a part that
        // holds no more than its reserved header, with no checkpoint, kept
        // nothing.
        let stopped = has_ckpt || part_len.is_some_and(|n| n > header_len);
        let mut found = Found {
            path: path.to_owned(),
            part: part.clone(),
            ckpt: ckpt.clone(),
            spec: spec.to_owned(),
            header_len,
            source: Source::New,
            values: GrundySequence::new(),
            limit: None,
        };
        let resume = match mode {
            Mode::New if stopped => bail!(
                "{} holds a stopped run's values: add --resume to go on from it, or remove {} and {}",
                if has_ckpt { &ckpt } else { &part }.display(),
                ckpt.display(),
                part.display()
            ),
            Mode::New => false,
            Mode::Resume => true,
            Mode::Any => stopped || path.exists(),
        };
        if !resume {
            return Ok(found);
        }
        if has_ckpt {
            let bytes =
                fs::read(&ckpt).with_context(|| format!("cannot read {}", ckpt.display()))?;
            let unusable = || format!("{} is not a usable checkpoint", ckpt.display());
            let header = Header::decode(&bytes).with_context(unusable)?;
            let trailer = &bytes[header.encoded_len()..];
            if !trailer.is_empty() {
                let limit = SearchLimit::decode(trailer)
                    .with_context(|| format!("{}: its search limit is damaged", unusable()))?;
                found.limit = Some(limit);
            }
            check_game(&header, spec, &ckpt)?;
            if part_len.is_none() {
                bail!(
                    "{} is the checkpoint of {}, which is missing: nothing can be resumed; remove {} to start again",
                    ckpt.display(),
                    part.display(),
                    ckpt.display()
                );
            }
            found.values = read_values(&part, &header, header_len, false).with_context(|| {
                format!(
                    "{} does not match its checkpoint {}",
                    part.display(),
                    ckpt.display()
                )
            })?;
            found.source = Source::Stopped(header);
        } else if stopped {
            let header = read_header(&part).with_context(|| {
                format!(
                    "{} has neither a checkpoint ({}) nor a header of its own: it cannot be resumed; remove it to start again",
                    part.display(),
                    ckpt.display()
                )
            })?;
            check_game(&header, spec, &part)?;
            found.values = read_values(&part, &header, header_len, false)
                .with_context(|| format!("{} does not match its header", part.display()))?;
            found.source = Source::Stopped(header);
        } else if path.exists() {
            let unusable = || format!("{} is not a usable values file", path.display());
            let header = read_header(path).with_context(unusable)?;
            check_game(&header, spec, path)?;
            found.values = read_values(path, &header, header_len, true).with_context(unusable)?;
            found.source = Source::Finished(header);
        } else if mode == Mode::Resume && part_len.is_none() {
            bail!(
                "nothing to resume: neither {} nor {} exists (leave out --resume to start a new run)",
                ckpt.display(),
                path.display()
            );
        }
        Ok(found)
    }
}

impl Found {
    /// The values already there: `G(0..len)`.
    pub fn values(&self) -> &GrundySequence {
        &self.values
    }

    /// The limit the checkpoint of a stopped period search recorded.
    pub fn limit(&self) -> Option<SearchLimit> {
        self.limit
    }

    /// The checkpoint's path, `FILE.ckpt`.
    pub fn checkpoint_path(&self) -> &Path {
        &self.ckpt
    }

    /// Makes the files a run writes, from what was found: a new
    /// `FILE.part`, a stopped one cut back to its checkpoint, or a finished
    /// `FILE` renamed to `FILE.part`; then a first checkpoint, which records
    /// `limit` (as every later one does).
    ///
    /// # Errors
    /// Any I/O error, with the file's name.
    pub fn start(self, limit: Option<SearchLimit>) -> anyhow::Result<Recorder> {
        let Found {
            path,
            part,
            ckpt,
            spec,
            header_len,
            source,
            values,
            ..
        } = self;
        drop(values);
        let cannot_open = || format!("cannot open {}", part.display());
        let (file, encoder) = match source {
            Source::New => {
                let mut file = File::create(&part)
                    .with_context(|| format!("cannot create {}", part.display()))?;
                file.write_all(&vec![0u8; header_len as usize])
                    .with_context(|| format!("cannot write {}", part.display()))?;
                (file, Encoder::new())
            }
            Source::Stopped(header) => {
                let mut file = OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(&part)
                    .with_context(cannot_open)?;
                // Whatever was written after the checkpoint is not vouched
                // for.
                let keep = header_len + header.payload_len().unwrap_or(0);
                file.set_len(keep)
                    .and_then(|()| file.seek(SeekFrom::End(0)).map(drop))
                    .with_context(|| {
                        format!("cannot cut {} back to its checkpoint", part.display())
                    })?;
                (file, Encoder::resume(&header))
            }
            Source::Finished(header) => {
                fs::rename(&path, &part).with_context(|| {
                    format!("cannot rename {} to {}", path.display(), part.display())
                })?;
                let mut file = OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(&part)
                    .with_context(cannot_open)?;
                file.seek(SeekFrom::End(0)).with_context(cannot_open)?;
                (file, Encoder::resume(&header))
            }
        };
        let mut recorder = Recorder {
            path,
            part,
            ckpt,
            spec,
            file,
            encoder,
            header_len,
            buffer: Vec::with_capacity(BUFFER),
            last_checkpoint: Instant::now(),
            every: checkpoint_every(),
            limit,
        };
        recorder.checkpoint()?;
        Ok(recorder)
    }
}

impl Recorder {
    /// Appends values, writing to disk as the buffer fills.
    pub fn extend(&mut self, values: impl IntoIterator<Item = Nimber>) -> io::Result<()> {
        for g in values {
            self.encoder.push(g, &mut self.buffer);
            if self.buffer.len() >= BUFFER {
                self.file.write_all(&self.buffer)?;
                self.buffer.clear();
            }
        }
        Ok(())
    }

    /// Makes a checkpoint if the last one is older than the checkpoint
    /// interval ([`CHECKPOINT_EVERY`]).
    pub fn maybe_checkpoint(&mut self) -> anyhow::Result<()> {
        if self.last_checkpoint.elapsed() >= self.every {
            self.checkpoint()?;
        }
        Ok(())
    }

    /// Flushes the values to disk and records them in the checkpoint by an
    /// atomic rename.
    pub fn checkpoint(&mut self) -> anyhow::Result<()> {
        self.file
            .write_all(&self.buffer)
            .and_then(|()| self.file.sync_data())
            .with_context(|| format!("cannot write {}", self.part.display()))?;
        self.buffer.clear();
        let mut bytes = self.encoder.header(&self.spec).encode();
        if let Some(limit) = self.limit {
            bytes.extend_from_slice(&limit.encode());
        }
        write_atomic(&self.ckpt, &bytes)
            .with_context(|| format!("cannot write the checkpoint {}", self.ckpt.display()))?;
        self.last_checkpoint = Instant::now();
        Ok(())
    }

    /// Writes the header, removes the checkpoint and renames `FILE.part` to
    /// `FILE`. Returns the header written.
    pub fn finish(mut self) -> anyhow::Result<Header> {
        self.checkpoint()?;
        let header = self.encoder.header(&self.spec);
        let bytes = header.encode();
        debug_assert_eq!(bytes.len() as u64, self.header_len);
        self.file
            .seek(SeekFrom::Start(0))
            .and_then(|_| self.file.write_all(&bytes))
            .and_then(|()| self.file.sync_all())
            .with_context(|| format!("cannot write {}", self.part.display()))?;
        // From here `FILE.part` vouches for itself: a stop after the
        // checkpoint is removed resumes from the part's own header.
        fs::remove_file(&self.ckpt)
            .with_context(|| format!("cannot remove {}", self.ckpt.display()))?;
        fs::rename(&self.part, &self.path).with_context(|| {
            format!(
                "cannot rename {} to {}",
                self.part.display(),
                self.path.display()
            )
        })?;
        sync_folder(&self.path);
        Ok(header)
    }
}

/// An error unless the file `path` with `header` holds values of `spec`.
fn check_game(header: &Header, spec: &str, path: &Path) -> anyhow::Result<()> {
    if header.spec != spec {
        bail!(
            "{} holds values of the game {}, not {spec}: resume with the same game",
            path.display(),
            header.spec
        );
    }
    Ok(())
}

/// The header at the start of the file `path`.
fn read_header(path: &Path) -> anyhow::Result<Header> {
    let mut start = vec![0u8; 1 << 16];
    let mut f = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let n = read_up_to(&mut f, &mut start)
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(Header::decode(&start[..n])?)
}

/// The values that `header` vouches for in the file `path`, whose header
/// takes `header_len` bytes, checked against the header's checksum. With
/// `exact`, the file must end where they do (a finished file); without, it
/// may go on (a stopped run's part, cut back when the run starts).
fn read_values(
    path: &Path,
    header: &Header,
    header_len: u64,
    exact: bool,
) -> anyhow::Result<GrundySequence> {
    let payload_len = header.payload_len().unwrap_or(u64::MAX);
    let mut file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let on_disk = file.metadata()?.len();
    let wanted = header_len.saturating_add(payload_len);
    if on_disk < wanted {
        bail!(
            "{} is shorter ({on_disk} bytes) than its header says ({wanted} bytes)",
            path.display()
        );
    }
    if exact && on_disk > wanted {
        bail!(
            "{} is longer ({on_disk} bytes) than its header says ({wanted} bytes)",
            path.display()
        );
    }
    let mut payload = Vec::new();
    payload
        .try_reserve_exact(payload_len as usize)
        .with_context(|| format!("not enough memory to read back {payload_len} bytes of values"))?;
    file.seek(SeekFrom::Start(header_len))?;
    file.take(payload_len).read_to_end(&mut payload)?;
    Ok(valuefile::decode(header, &payload)?)
}

/// Writes `bytes` to `path` through `PATH.tmp`, flushed to disk before it
/// is renamed over `path`: at every moment, also after a crash, `path` is
/// either what it was or all of `bytes`.
///
/// # Errors
/// Any I/O error; `path` is then unchanged.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = with_suffix(path, ".tmp");
    let written = File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&tmp, path));
    if renamed.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    renamed?;
    sync_folder(path);
    Ok(())
}

/// Flushes the folder that holds `path` to disk, so that a rename into it
/// outlives a crash. Where folders cannot be opened for this (Windows),
/// nothing is done: the rename itself is still atomic.
fn sync_folder(path: &Path) {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
}

/// Reads until `buf` is full or the file ends; returns the bytes read.
fn read_up_to(f: &mut File, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// `--threads N`: the size of the thread pool the engines run on (rayon's
/// global pool). `None` keeps the default, one thread per core.
///
/// # Errors
/// When N is 0, or the pool was already built.
pub fn set_threads(threads: Option<usize>) -> anyhow::Result<()> {
    let Some(n) = threads else { return Ok(()) };
    if n == 0 {
        bail!("--threads must be at least 1");
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build_global()
        .context("cannot set the number of threads")
}

/// Reads a whole values file, checked.
///
/// # Errors
/// I/O errors and every [`valuefile::FileError`], with the file's name.
pub fn read_file(path: &Path) -> anyhow::Result<(Header, GrundySequence)> {
    let bytes = fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    valuefile::read(&bytes)
        .with_context(|| format!("{} is not a usable values file", path.display()))
}

/// Values computed between two looks at the flag, the progress line and the
/// checkpoint clock: a few milliseconds of work for the fast engines.
const CHUNK: usize = 1 << 18;

/// `grundy values GAME --to N --out FILE [--resume]`: computes `G(0..=to)`
/// into `path`, checkpointing every few seconds; Ctrl-C or SIGTERM makes a
/// last checkpoint and stops with [`Cancelled`](grundy::cancel::Cancelled).
pub fn run(
    ruleset: &HeapRuleset,
    to: usize,
    path: &Path,
    resume: bool,
    json: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let cancel = crate::interrupt::flag();
    let started = Instant::now();
    let spec = ruleset.to_string();
    let mut engine = sequence::engine(ruleset, EngineKind::Fast);
    // The engine keeps every value while it writes them: the one set of
    // limits applies, before any work, and its store is reserved fallibly.
    grundy::limits::check_stored_values(to as u64 + 1).map_err(|e| {
        anyhow::anyhow!("--to {to} is too large: {e}; the values are kept in memory while they are written: ask for a smaller --to")
    })?;
    if to > engine.max_index() {
        bail!(
            "--to {to} is too large for {ruleset}: its engine computes heaps up to {}",
            engine.max_index()
        );
    }
    // Before any file is made, so a refused run leaves nothing behind.
    engine
        .try_reserve(to)
        .map_err(|e| anyhow::anyhow!("{e}: ask for a smaller --to"))?;
    // Every check first, every change after: a refused run leaves the
    // files as it found them.
    let mode = if resume { Mode::Resume } else { Mode::New };
    let found = Recorder::inspect(path, &spec, mode)?;
    let resumed_at = found.values().len();
    if resumed_at > to + 1 {
        bail!(
            "{} already holds G(0..={}), more than --to {to} asks for",
            path.display(),
            resumed_at - 1
        );
    }
    seed(engine.as_mut(), found.values(), path, &spec, &cancel)?;
    let mut recorder = found.start(None)?;
    let mut progress = Progress::new(resumed_at, to);
    let mut next = resumed_at;
    while next <= to {
        let end = (next + CHUNK - 1).min(to);
        engine.extend_to(end);
        recorder
            .extend((next..=end).map(|i| engine.get(i)))
            .with_context(|| format!("cannot write {}", path.display()))?;
        next = end + 1;
        progress.show(next, engine.report());
        recorder.maybe_checkpoint()?;
        if cancel.is_cancelled() {
            recorder.checkpoint()?;
            progress.clear();
            return Err(anyhow::Error::new(Cancelled).context(format!(
                "G(0..={}) of {spec} are kept in {}.part; run the same command with --resume to go on",
                next - 1,
                path.display()
            )));
        }
    }
    progress.clear();
    let header = recorder.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    let bytes = header.encoded_len() as u64 + header.payload_len().unwrap_or(0);
    let computed = (to + 1 - resumed_at) as f64;
    if json {
        let report = engine.report();
        let summary = serde_json::json!({
            "game": spec,
            "to": to,
            "file": path.display().to_string(),
            "count": header.count,
            "bytes": bytes,
            "checksum": format!("{:08x}", header.checksum),
            "resumed_at": resumed_at,
            "seconds": seconds,
            "values_per_second": computed / seconds.max(1e-9),
            "rare": report.rare,
            "period": report.period.map(|(n0, p)| serde_json::json!({"preperiod": n0, "period": p})),
            "candidate_period": report.candidate.map(|(n0, p)| serde_json::json!({"from": n0, "period": p})),
        });
        serde_json::to_writer(&mut *out, &summary)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "wrote G(0..={to}) of {spec} to {}: {} values, {bytes} bytes, checksum {:08x}",
            path.display(),
            header.count,
            header.checksum
        )?;
        if resumed_at > 0 {
            writeln!(out, "resumed at n = {resumed_at}")?;
        }
        if computed > 0.0 {
            writeln!(
                out,
                "{seconds:.1} s, {:.0} values/s",
                computed / seconds.max(1e-9)
            )?;
        } else {
            // A resumed file that was already complete: no rate to speak of.
            writeln!(out, "{seconds:.1} s, every value was already in the file")?;
        }
    }
    Ok(())
}

/// Starts `engine` from the values a file held: directly where the engine
/// can take them, else by recomputing them and checking that the file
/// agrees (a file of another game, or a damaged one, is refused).
fn seed(
    engine: &mut dyn SequenceEngine,
    known: &GrundySequence,
    path: &Path,
    spec: &str,
    cancel: &grundy::cancel::Cancel,
) -> anyhow::Result<()> {
    if known.is_empty() || engine.resume_from(known) {
        return Ok(());
    }
    let mut next = 0;
    while next < known.len() {
        let end = (next + CHUNK).min(known.len()) - 1;
        engine.extend_to(end);
        if let Some(i) = (next..=end).find(|&i| known.get(i) != Some(engine.get(i))) {
            bail!(
                "{} disagrees with {spec} at G({i}): it was not written for this game, or it is corrupt",
                path.display()
            );
        }
        next = end + 1;
        cancel
            .check()
            .context("stopped while reading back the stopped run's values")?;
    }
    Ok(())
}

/// `grundy period GAME --resume FILE`: the period search `grundy period`
/// makes, with the values it computes kept in the values file `FILE`
/// (checkpointed as `values --out` does), so that a search stopped by
/// Ctrl-C or a kill goes on from where it stopped. The limit is `max` where
/// given, else the one the stopped run's checkpoint recorded, else the
/// default search's; a note on stderr says which. A finished search leaves
/// `FILE` holding the values it examined, `G(0..=checked_to)` (more where
/// the file held more already).
pub fn analyse(
    ruleset: &HeapRuleset,
    max: Option<u64>,
    path: &Path,
) -> anyhow::Result<period::Analysis> {
    let cancel = crate::interrupt::flag();
    let spec = ruleset.to_string();
    let found = Recorder::inspect(path, &spec, Mode::Any)?;
    let (limit, why) = match (max, found.limit()) {
        (Some(max), _) => (SearchLimit::Max(max), "--max, as given".to_owned()),
        (None, Some(kept)) => (
            kept,
            format!(
                "the limit of the stopped run that {} resumes",
                found.checkpoint_path().display()
            ),
        ),
        (None, None) => (
            SearchLimit::Default { extended: false },
            "the default limit, as without --resume".to_owned(),
        ),
    };
    let mut inner = sequence::engine(ruleset, EngineKind::Fast);
    seed(inner.as_mut(), found.values(), path, &spec, &cancel)?;
    let written = found.values().len();
    eprintln!(
        "note: looking for a period in {} ({why})",
        describe_limit(ruleset, limit)
    );
    let recorder = found.start(Some(limit))?;
    let mut recording = Recording {
        inner,
        recorder,
        written,
        error: None,
    };
    let result = search(&mut recording, ruleset, limit, &cancel);
    if let Some(err) = recording.error.take() {
        return Err(err);
    }
    let Recording {
        mut recorder,
        written,
        ..
    } = recording;
    let stopped = match result {
        Ok(analysis) => {
            recorder.finish()?;
            return Ok(analysis);
        }
        Err(e) => e,
    };
    recorder.checkpoint()?;
    let kept = format!(
        "G(0..={}) of {spec} are kept in {}.part; run the same command to go on",
        written.saturating_sub(1),
        path.display()
    );
    Err(match stopped {
        AnalysisError::Cancelled(c) => anyhow::Error::new(c).context(kept),
        AnalysisError::Limit(e) => anyhow::anyhow!(
            "{e} (looking for a period in {}): use a smaller --max; {kept}",
            describe_limit(ruleset, limit)
        ),
    })
}

/// How far a search with `limit` looks, in words.
fn describe_limit(ruleset: &HeapRuleset, limit: SearchLimit) -> String {
    match limit {
        SearchLimit::Max(max) => format!("G(0..={max}) at most"),
        SearchLimit::Default { .. } if goes_on(ruleset) => format!(
            "G(0..={}), then on to G(0..={}) while each value costs the same",
            period::default_max(ruleset),
            period::DEFAULT_MAX_LINEAR
        ),
        SearchLimit::Default { .. } => {
            format!("G(0..={}) at most", period::default_max(ruleset))
        }
    }
}

/// Whether the default search of `ruleset` may go on past its first limit
/// (as a [`period::Search`] given no `max` decides).
fn goes_on(ruleset: &HeapRuleset) -> bool {
    period::default_max(ruleset) == period::DEFAULT_MAX
}

/// The search of `limit` on the recording engine: `G(0..=max)` at most, or
/// the default search, made here in its two steps (as a [`period::Search`]
/// given no `max` makes it): to [`period::default_max`], and where that
/// proves nothing and each value costs the same however far the values
/// go, on to [`period::DEFAULT_MAX_LINEAR`] on the same values. The
/// decision to go on is kept in the checkpoints, so that a resumed search
/// goes on where the stopped one decided, whatever the engine it resumes
/// with says.
fn search(
    recording: &mut Recording,
    ruleset: &HeapRuleset,
    limit: SearchLimit,
    cancel: &grundy::cancel::Cancel,
) -> Result<period::Analysis, AnalysisError> {
    let up_to = |recording: &mut Recording, max: u64| {
        period::Analysis::of(ruleset)
            .on(recording)
            .max(max)
            .cancel(cancel)
            .checked()
            .run()
    };
    let extended = match limit {
        SearchLimit::Max(max) => return up_to(recording, max),
        SearchLimit::Default { extended } => extended,
    };
    let analysis = up_to(recording, period::default_max(ruleset))?;
    let unknown = analysis.periodicity.status
        == (PeriodStatus::Unknown {
            reason: UnknownReason::LimitReached,
        });
    let linear = extended || recording.inner.report().linear == Some(true);
    if !unknown || !goes_on(ruleset) || !linear {
        return Ok(analysis);
    }
    drop(analysis);
    recording.recorder.limit = Some(SearchLimit::Default { extended: true });
    up_to(recording, period::DEFAULT_MAX_LINEAR)
}

/// An engine whose new values also go to a values file.
struct Recording {
    inner: Box<dyn SequenceEngine + Send>,
    recorder: Recorder,
    /// Values already in the file: `G(0..written)`.
    written: usize,
    /// The first write error; later writes are skipped and the caller
    /// reports it.
    error: Option<anyhow::Error>,
}

impl SequenceEngine for Recording {
    fn extend_to(&mut self, n: usize) {
        self.inner.extend_to(n);
        if self.error.is_some() {
            return;
        }
        // Only what was asked for: engines may compute whole blocks past
        // it, which depend on where a resumed engine started, so the file
        // holds the same values however often its search was stopped.
        let (from, to) = (self.written, self.inner.len().min(n.saturating_add(1)));
        if to <= from {
            return;
        }
        let inner = &self.inner;
        let result = self
            .recorder
            .extend((from..to).map(|i| inner.get(i)))
            .map_err(anyhow::Error::from)
            .and_then(|()| self.recorder.maybe_checkpoint());
        match result {
            Ok(()) => self.written = to,
            Err(err) => self.error = Some(err),
        }
    }
    /// The values recorded, not those the inner engine computed past
    /// them (after a write error, those too, so that a caller extending
    /// until `len` grows stops, and the error is reported).
    fn len(&self) -> usize {
        if self.error.is_some() {
            self.inner.len()
        } else {
            self.written
        }
    }
    fn get(&self, i: usize) -> Nimber {
        self.inner.get(i)
    }
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    fn max_index(&self) -> usize {
        self.inner.max_index()
    }
    fn try_reserve(&mut self, n: usize) -> Result<(), grundy::limits::LimitError> {
        self.inner.try_reserve(n)
    }
    fn report(&self) -> sequence::EngineReport {
        self.inner.report()
    }
    /// None: the search then copies `G(0..len)` and looks at exactly the
    /// values asked for, not at the whole blocks the inner engine computed
    /// past them, which differ between a search that ran through and one
    /// resumed from a file; so both give the same answer and file.
    fn sequence(&self) -> Option<&GrundySequence> {
        None
    }
}

/// The values of a file, served like an engine's, so that `grundy values
/// --from-file FILE` prints them exactly as a computation would.
pub struct FileValues(pub GrundySequence);

impl SequenceEngine for FileValues {
    fn extend_to(&mut self, n: usize) {
        assert!(n < self.0.len(), "the file holds G(0..{})", self.0.len());
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn get(&self, i: usize) -> Nimber {
        self.0.get(i).expect("index below len()")
    }
    fn name(&self) -> &'static str {
        "file"
    }
    fn max_index(&self) -> usize {
        self.0.len().saturating_sub(1)
    }
}

/// A progress line on stderr, when it is a terminal: values computed, the
/// rate, the time left, and what the engine tells (rare positions, the
/// period the values look like).
struct Progress {
    start: usize,
    to: usize,
    started: Instant,
    shown: Option<Instant>,
    terminal: bool,
}

impl Progress {
    fn new(start: usize, to: usize) -> Progress {
        Progress {
            start,
            to,
            started: Instant::now(),
            shown: None,
            terminal: io::stderr().is_terminal(),
        }
    }

    fn show(&mut self, done: usize, report: sequence::EngineReport) {
        if !self.terminal
            || self
                .shown
                .is_some_and(|t| t.elapsed() < Duration::from_millis(250))
        {
            return;
        }
        self.shown = Some(Instant::now());
        let rate = (done - self.start) as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        let left = (self.to + 1 - done) as f64 / rate.max(1e-9);
        let percent = 100.0 * done as f64 / (self.to + 1) as f64;
        let mut engine = String::new();
        if let Some(rare) = report.rare {
            engine.push_str(&format!(", {rare} rare"));
        }
        match (report.period, report.candidate) {
            (Some((n0, p)), _) => engine.push_str(&format!(", period {p} from {n0} proved")),
            (None, Some((n0, p))) => engine.push_str(&format!(", looks periodic: {p} from {n0}")),
            (None, None) if report.rare.is_some() => engine.push_str(", no period seen"),
            (None, None) => {}
        }
        let _ = write!(
            io::stderr().lock(),
            "\rG(0..{done}) of G(0..={}): {percent:5.1}%, {rate:.0} values/s, about {left:.0} s left{engine}   ",
            self.to
        );
    }

    fn clear(&self) {
        if self.terminal && self.shown.is_some() {
            let _ = writeln!(io::stderr().lock());
        }
    }
}
