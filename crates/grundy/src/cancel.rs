//! One cancellation flag that every long loop checks.
//!
//! A computation that can run for seconds takes a [`Cancel`] from its caller
//! and checks it every so often (every few thousand iterations, often enough
//! to stop within a fraction of a second). The CLI sets it on Ctrl-C or
//! SIGTERM; the web server gives each request one with a deadline, so that a
//! request whose time is up stops working instead of holding its slot.
//!
//! A stopped computation returns [`Cancelled`] (or its own error that wraps
//! it) together with what it can say of how far it got; it never returns a
//! partial answer as if it were complete.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use grundy::cancel::Cancel;
//!
//! let never = Cancel::new();
//! assert!(never.check().is_ok());
//!
//! let flag = Cancel::new();
//! let seen_by_worker = flag.clone();
//! flag.cancel();
//! assert!(seen_by_worker.is_cancelled());
//!
//! let past = Cancel::with_deadline(Instant::now() - Duration::from_millis(1));
//! assert!(past.check().is_err());
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// A shared flag that asks a computation to stop, optionally with a deadline
/// after which it counts as set.
///
/// Clones share the flag: cancelling one cancels all. [`Cancel::new`] makes a
/// flag that only [`Cancel::cancel`] sets; [`Cancel::default`] is the same.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Cancel {
    /// A flag that is not set and has no deadline.
    pub fn new() -> Self {
        Cancel::default()
    }

    /// A flag that also counts as set once `deadline` has passed.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// let c = grundy::cancel::Cancel::with_deadline(Instant::now() + Duration::from_secs(60));
    /// assert!(!c.is_cancelled());
    /// ```
    pub fn with_deadline(deadline: Instant) -> Self {
        Cancel {
            flag: Arc::default(),
            deadline: Some(deadline),
        }
    }

    /// A flag shared with `self` (cancelling either cancels both) that also
    /// counts as set after `deadline`, or after `self`'s own deadline if that
    /// comes first.
    pub fn with_earlier_deadline(&self, deadline: Instant) -> Self {
        let deadline = match self.deadline {
            Some(own) if own < deadline => own,
            _ => deadline,
        };
        Cancel {
            flag: Arc::clone(&self.flag),
            deadline: Some(deadline),
        }
    }

    /// Set the flag: every clone sees it from now on.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// True once [`Cancel::cancel`] was called on any clone, or the deadline
    /// has passed.
    ///
    /// # Complexity
    /// One relaxed atomic load, plus a clock read when there is a deadline
    /// (tens of nanoseconds): call it every few thousand steps of a hot loop,
    /// not every step.
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// `Err(Cancelled)` once the flag is set or the deadline has passed.
    ///
    /// # Errors
    /// [`Cancelled`] when the computation should stop.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// The deadline, if this flag has one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
}

/// The error of a computation that was asked to stop before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped before it finished")]
pub struct Cancelled;

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn clones_share_the_flag() {
        let a = Cancel::new();
        let b = a.clone();
        assert!(!b.is_cancelled());
        a.cancel();
        assert!(b.is_cancelled());
        assert_eq!(b.check(), Err(Cancelled));
    }

    #[test]
    fn deadlines_pass_and_the_earlier_one_wins() {
        let parent = Cancel::with_deadline(Instant::now() + Duration::from_secs(3600));
        let child = parent.with_earlier_deadline(Instant::now() - Duration::from_millis(1));
        assert!(child.is_cancelled());
        assert!(!parent.is_cancelled());
        let late_child = parent.with_earlier_deadline(Instant::now() + Duration::from_secs(7200));
        assert_eq!(late_child.deadline(), parent.deadline());
        parent.cancel();
        assert!(late_child.is_cancelled());
    }
}
