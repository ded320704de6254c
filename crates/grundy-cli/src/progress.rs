//! A progress line on stderr for long computations: drawn only when stderr
//! is a terminal, at most ten times a second, and only once the work has
//! run for half a second (short commands print nothing).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// One progress line, redrawn in place with `\r`.
pub struct Progress {
    what: String,
    total: Option<u64>,
    started: Instant,
    last: Option<Instant>,
    done: u64,
    on: bool,
    /// Work to reach step n grows as n^growth (1 for a constant cost per
    /// step, 2 when step n costs about n): the ETA extrapolates that curve.
    growth: f64,
}

impl Progress {
    /// A line saying `what` is being computed, `total` steps in all when
    /// known (then an ETA is shown).
    pub fn new(what: impl Into<String>, total: Option<u64>) -> Progress {
        Progress {
            what: what.into(),
            total,
            started: Instant::now(),
            last: None,
            done: 0,
            on: std::io::stderr().is_terminal(),
            growth: 1.0,
        }
    }

    /// The same line for work whose total cost to reach step n grows as
    /// n^`growth` (2 for Grundy values whose heap n has about n options),
    /// so that the ETA follows the real curve rather than a straight line.
    pub fn with_growth(mut self, growth: f64) -> Progress {
        self.growth = growth.max(1.0);
        self
    }

    /// Draws nothing when `quiet` (a command whose output shows its
    /// progress by itself on the terminal).
    pub fn quiet(mut self, quiet: bool) -> Progress {
        self.on &= !quiet;
        self
    }

    /// Changes the number of steps in all (a search that goes on past its
    /// first limit).
    pub fn set_total(&mut self, total: Option<u64>) {
        self.total = total;
    }

    /// How many steps are done so far (the last value given to
    /// [`Progress::update`]).
    pub fn done(&self) -> u64 {
        self.done
    }

    /// The time since the start when the line is due to be redrawn (the
    /// work has run half a second and the last line is `gap` old).
    fn due(&mut self, gap: Duration) -> Option<Duration> {
        if !self.on {
            return None;
        }
        let now = Instant::now();
        let elapsed = now - self.started;
        if elapsed < Duration::from_millis(500) || self.last.is_some_and(|t| now - t < gap) {
            return None;
        }
        self.last = Some(now);
        Some(elapsed)
    }

    /// Redraws a board search's line: positions and their rate, the
    /// table's fill and the depth now.
    pub fn update_board_search(&mut self, s: &grundy::search::SearchStats) {
        self.done = s.nodes;
        let Some(elapsed) = self.due(Duration::from_millis(500)) else {
            return;
        };
        let rate = s.nodes as f64 / elapsed.as_secs_f64().max(1e-9);
        let line = format!(
            "\r{}: {} positions searched, {rate:.0} positions/s, table {} entries ({} MB), depth {}, {:.0} s elapsed   ",
            self.what,
            s.nodes,
            s.entries,
            s.table_bytes >> 20,
            s.depth,
            elapsed.as_secs_f64()
        );
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }

    /// Records that `done` steps are done and redraws the line if it is
    /// time to.
    pub fn update(&mut self, done: u64) {
        self.done = done;
        let Some(elapsed) = self.due(Duration::from_millis(100)) else {
            return;
        };
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        let mut line = format!("\r{}: {done}", self.what);
        if let Some(total) = self.total.filter(|&t| t > 0) {
            let pct = 100.0 * done as f64 / total as f64;
            line.push_str(&format!(" of {total} ({pct:.0}%)"));
            if rate > 0.0 && done < total {
                // elapsed ∝ done^growth, so the whole run takes
                // elapsed · (total/done)^growth.
                let ratio = total as f64 / done.max(1) as f64;
                let eta = elapsed.as_secs_f64() * (ratio.powf(self.growth) - 1.0);
                line.push_str(&format!(", about {eta:.0} s left"));
            }
        }
        line.push_str(&format!(", {:.0} s elapsed   ", elapsed.as_secs_f64()));
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }
}

impl Drop for Progress {
    /// Ends the line, so that what follows starts on a fresh one.
    fn drop(&mut self) {
        if self.on && self.last.is_some() {
            let _ = writeln!(std::io::stderr().lock());
        }
    }
}
