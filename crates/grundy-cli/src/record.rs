//! Writing a values file that survives a stop: `grundy values GAME --to N
//! --out FILE [--resume]`.
//!
//! While a run goes on, the values are appended to `FILE.part` (its header
//! space is reserved at the start and written last) and every few seconds a
//! checkpoint is made: `FILE.part` is flushed to disk, then the header that
//! describes what it holds so far is written to `FILE.ckpt.tmp` and renamed
//! to `FILE.ckpt`, so that at any moment `FILE.ckpt` names a consistent
//! prefix of `FILE.part`. A run that stops (Ctrl-C, SIGTERM, a crash, a full
//! disk) leaves both; `--resume` reads the checkpoint, cuts `FILE.part` back
//! to the prefix it vouches for, checks the checksum and goes on. When the
//! run completes, the header goes to the start of `FILE.part`, which is
//! renamed to `FILE`: a finished file is the same byte for byte however many
//! times its run was stopped, and `FILE` itself is never half-written.

use std::fs::{self, File, OpenOptions};
use std::io::{self, IsTerminal, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use grundy::cancel::Cancelled;
use grundy::heap::period;
use grundy::heap::sequence::{self, EngineKind, SequenceEngine};
use grundy::heap::valuefile::{self, Encoder, Header};
use grundy::heap::{GrundySequence, HeapRuleset};
use grundy::Nimber;

/// How often a checkpoint is made while values are being computed.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

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
}

/// `FILE` with `suffix` added to its name (`officers.bin.part`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

impl Recorder {
    /// Starts writing `path` for the game `spec`, or with `resume` goes on
    /// from the checkpoint a stopped run left (or from a finished `path`,
    /// to extend it). Returns the recorder and the values already there.
    ///
    /// # Errors
    /// When a stopped run's files exist and `resume` is not set (they are
    /// never overwritten), when `resume` is set and there is nothing to
    /// resume, when the files are corrupt or belong to another game, and on
    /// any I/O error; each message names the file.
    pub fn open(
        path: &Path,
        spec: &str,
        resume: bool,
    ) -> anyhow::Result<(Recorder, GrundySequence)> {
        let part = with_suffix(path, ".part");
        let ckpt = with_suffix(path, ".ckpt");
        let header_len = Header {
            spec: spec.to_owned(),
            count: 0,
            widen_at: [0; 3],
            checksum: 0,
        }
        .encoded_len() as u64;
        if !resume {
            if ckpt.exists() || part.exists() {
                bail!(
                    "{} holds a stopped run's values: add --resume to go on from it, or remove {} and {}",
                    ckpt.display(),
                    ckpt.display(),
                    part.display()
                );
            }
            let mut file =
                File::create(&part).with_context(|| format!("cannot create {}", part.display()))?;
            file.write_all(&vec![0u8; header_len as usize])
                .with_context(|| format!("cannot write {}", part.display()))?;
            let mut recorder = Recorder {
                path: path.to_owned(),
                part,
                ckpt,
                spec: spec.to_owned(),
                file,
                encoder: Encoder::new(),
                header_len,
                buffer: Vec::with_capacity(BUFFER),
                last_checkpoint: Instant::now(),
            };
            recorder.checkpoint()?;
            return Ok((recorder, GrundySequence::new()));
        }

        // Resuming: from a checkpoint if there is one, else from a finished
        // file, whose header is its own checkpoint.
        let header = if ckpt.exists() {
            let bytes =
                fs::read(&ckpt).with_context(|| format!("cannot read {}", ckpt.display()))?;
            Header::decode(&bytes)
                .with_context(|| format!("{} is not a usable checkpoint", ckpt.display()))?
        } else if path.exists() {
            let mut start = vec![0u8; 1 << 16];
            let mut f =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            let n = read_up_to(&mut f, &mut start)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let header = Header::decode(&start[..n])
                .with_context(|| format!("{} is not a usable values file", path.display()))?;
            check_game(&header, spec, path)?;
            fs::rename(path, &part).with_context(|| {
                format!("cannot rename {} to {}", path.display(), part.display())
            })?;
            header
        } else {
            bail!(
                "nothing to resume: neither {} nor {} exists (leave out --resume to start a new run)",
                ckpt.display(),
                path.display()
            );
        };
        check_game(&header, spec, &ckpt)?;
        let payload_len = header.payload_len().unwrap_or(u64::MAX);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&part)
            .with_context(|| format!("cannot open {}", part.display()))?;
        let on_disk = file.metadata()?.len();
        if on_disk < header_len + payload_len {
            bail!(
                "{} is shorter ({on_disk} bytes) than its checkpoint says ({} bytes): it cannot be resumed; remove it and {} to start again",
                part.display(),
                header_len + payload_len,
                ckpt.display()
            );
        }
        // Whatever was written after the last checkpoint is not vouched for.
        file.set_len(header_len + payload_len)?;
        file.seek(SeekFrom::Start(header_len))?;
        let mut payload = Vec::new();
        payload
            .try_reserve_exact(payload_len as usize)
            .with_context(|| {
                format!("not enough memory to read back {payload_len} bytes of values")
            })?;
        file.read_to_end(&mut payload)?;
        let values = valuefile::decode(&header, &payload)
            .with_context(|| format!("{} does not match its checkpoint", part.display()))?;
        drop(payload);
        file.seek(SeekFrom::End(0))?;
        let mut recorder = Recorder {
            path: path.to_owned(),
            part,
            ckpt,
            spec: spec.to_owned(),
            file,
            encoder: Encoder::resume(&header),
            header_len,
            buffer: Vec::with_capacity(BUFFER),
            last_checkpoint: Instant::now(),
        };
        recorder.checkpoint()?;
        Ok((recorder, values))
    }

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

    /// Makes a checkpoint if the last one is older than [`CHECKPOINT_EVERY`].
    pub fn maybe_checkpoint(&mut self) -> anyhow::Result<()> {
        if self.last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
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
        let tmp = with_suffix(&self.ckpt, ".tmp");
        let header = self.encoder.header(&self.spec).encode();
        write_synced(&tmp, &header)
            .and_then(|()| fs::rename(&tmp, &self.ckpt))
            .with_context(|| format!("cannot write the checkpoint {}", self.ckpt.display()))?;
        self.last_checkpoint = Instant::now();
        Ok(())
    }

    /// Writes the header, renames `FILE.part` to `FILE` and removes the
    /// checkpoint. Returns the header written.
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
        fs::rename(&self.part, &self.path).with_context(|| {
            format!(
                "cannot rename {} to {}",
                self.part.display(),
                self.path.display()
            )
        })?;
        fs::remove_file(&self.ckpt)
            .with_context(|| format!("cannot remove {}", self.ckpt.display()))?;
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

/// Writes `bytes` to a new file at `path` and flushes it to disk.
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
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
    let (mut recorder, known) = Recorder::open(path, &spec, resume)?;
    let resumed_at = known.len();
    if resumed_at > to + 1 {
        bail!(
            "{} already holds G(0..={}), more than --to {to} asks for",
            path.display(),
            resumed_at - 1
        );
    }
    seed(engine.as_mut(), &known, path, &spec, &cancel)?;
    drop(known);
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
        writeln!(
            out,
            "{seconds:.1} s, {:.0} values/s",
            computed / seconds.max(1e-9)
        )?;
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

/// `grundy period GAME --resume FILE`: the period search of
/// [`period::Analysis::of`], with the values it computes kept in the
/// values file `FILE` (checkpointed as `values --out` does), so that a search
/// stopped by Ctrl-C goes on from where it stopped. A finished search leaves
/// `FILE` holding every value it computed.
pub fn analyse(ruleset: &HeapRuleset, max: u64, path: &Path) -> anyhow::Result<period::Analysis> {
    let cancel = crate::interrupt::flag();
    let spec = ruleset.to_string();
    let ckpt = with_suffix(path, ".ckpt");
    let (recorder, known) = Recorder::open(path, &spec, ckpt.exists() || path.exists())?;
    let mut inner = sequence::engine(ruleset, EngineKind::Fast);
    seed(inner.as_mut(), &known, path, &spec, &cancel)?;
    let written = known.len();
    drop(known);
    let mut recording = Recording {
        inner,
        recorder,
        written,
        error: None,
    };
    let found = period::Analysis::of(ruleset)
        .on(&mut recording)
        .max(max)
        .cancel(&cancel)
        .run();
    if let Some(err) = recording.error.take() {
        return Err(err);
    }
    let Recording {
        mut recorder,
        written,
        ..
    } = recording;
    match found {
        Ok(analysis) => {
            recorder.finish()?;
            Ok(analysis)
        }
        Err(stopped) => {
            recorder.checkpoint()?;
            Err(anyhow::Error::new(stopped).context(format!(
                "G(0..={}) of {spec} are kept in {}.part; run the same command to go on",
                written.saturating_sub(1),
                path.display()
            )))
        }
    }
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
        let (from, to) = (self.written, self.inner.len());
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
    fn len(&self) -> usize {
        self.inner.len()
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
    fn report(&self) -> sequence::EngineReport {
        self.inner.report()
    }
    fn sequence(&self) -> Option<&GrundySequence> {
        self.inner.sequence()
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
