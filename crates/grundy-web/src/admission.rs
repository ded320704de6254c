//! Admission by cost: every computation comes with the library's estimate
//! of it ([`Budget`]), made from the request alone before any work, and
//! that estimate decides where it runs.
//!
//! - **Cheap** work ([`Admission::Now`], about a millisecond) runs at once
//!   on tokio's blocking pool, beside whatever else runs. It never waits
//!   for a slot, is never refused for being busy, and shares no pool that
//!   expensive work can fill: expensive work does not run there.
//! - **Expensive** work ([`Admission::Slot`]) takes one of
//!   [`Limits::max_concurrent`](crate::Limits::max_concurrent) computing
//!   slots, each a thread of a pool of its own (a rayon pool, so that the
//!   engines' parallel steps inside it stay on its threads and never hold
//!   the threads of rayon's global pool that cheap work may use). As many
//!   requests again may wait for a slot, up to the deadline; one more is
//!   refused at once with a 503 and `Retry-After`.
//! - Work whose memory is over the budget is refused with a 422 before
//!   anything else.
//!
//! Every computation gets a [`Cancel`] that fires at the request's
//! deadline or when its client goes away; the engines check it and stop.
//!
//! Before this split (issue 46) every route but a few took a slot, so a
//! Nim position of three heaps waited in the queue behind a five-second
//! quotient (4.6 to 4.8 s on a machine of two cores, where there is one
//! slot), or was refused with a 503 once the queue was full.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use grundy::cancel::Cancel;
use grundy::{Admission, Cost};

use crate::engine::stopped_message;
use crate::error::ApiError;
use crate::AppState;

/// The threads of expensive work: a rayon pool of one thread per slot,
/// started at the first expensive request (a router that answers only
/// cheap ones, as most tests build, starts no thread).
#[derive(Debug)]
pub(crate) struct Workers {
    threads: usize,
    pool: OnceLock<Result<rayon::ThreadPool, String>>,
}

impl Workers {
    /// A pool of `threads` threads, not started yet.
    pub(crate) fn new(threads: usize) -> Workers {
        Workers {
            threads: threads.max(1),
            pool: OnceLock::new(),
        }
    }

    fn pool(&self) -> Result<&rayon::ThreadPool, ApiError> {
        self.pool
            .get_or_init(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .thread_name(|i| format!("grundy-compute-{i}"))
                    .stack_size(COMPUTE_STACK)
                    .build()
                    .map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(|e| ApiError::busy(format!("no thread could be started to compute: {e}")))
    }
}

/// The stack of a thread that computes: the searches and the misère
/// canonical forms recurse as deep as a position's birthday (a heap of
/// 4096 in a canonical form), deeper than the 2 MiB threads get by
/// default, and a stack overflow ends the whole server rather than the
/// request. Only the pages a thread touches are ever mapped.
pub(crate) const COMPUTE_STACK: usize = 256 << 20;

/// Sets its flag when dropped: when the request's future is dropped (its
/// client went away) or has answered, the computation it started stops.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The 503's message when every slot is busy and the queue is full.
pub(crate) const BUSY: &str = "the server is busy with other computations; try again shortly";

/// Runs `work`, whose estimate is `cost`, where that estimate says (see
/// the [module documentation](self)), with a [`Cancel`] that is set at the
/// request's deadline or when the client goes away; answers 422 if the
/// work is not done by the deadline.
///
/// # Errors
/// A 422 for work over the memory bound, or stopped; a 503 when it is
/// expensive and the server is full; the work's own errors.
pub(crate) async fn run<T, F>(state: &AppState, cost: Cost, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let admission = state.budget.admit(cost);
    if let Admission::TooLarge { bytes, max } = admission {
        return Err(ApiError::over_limit(format!(
            "this request would need about {} MB; at most {} MB are allowed per request",
            bytes >> 20,
            max >> 20
        )));
    }
    let timeout = state.limits.timeout;
    let cancel = Cancel::with_deadline(Instant::now() + timeout);
    let _stop_when_gone = CancelOnDrop(cancel.clone());
    let worker = cancel.clone();
    let guarded = move || {
        if worker.is_cancelled() {
            return Err(ApiError::over_limit(stopped_message(&worker)));
        }
        work(&worker)
    };
    let task = match admission {
        Admission::Slot => expensive(state, guarded).await?,
        _ => cheap(guarded),
    };
    // The work stops itself at the deadline; the answer waits a little
    // longer for it (a check comes every few milliseconds), then gives up
    // on work that does not check.
    let grace = timeout + Duration::from_secs(1);
    match tokio::time::timeout(grace, task).await {
        Ok(Ok(Ok(result))) => result,
        Ok(Ok(Err(failed))) => Err(ApiError::bad_request(format!(
            "the computation failed: {failed}"
        ))),
        Ok(Err(_)) => Err(ApiError::bad_request(
            "the computation failed: it ended without an answer",
        )),
        Err(_) => Err(ApiError::over_limit(format!(
            "the computation took longer than {} s; ask for less",
            timeout.as_secs_f64()
        ))),
    }
}

/// What a computation answers through: its result, or why it gave none (it
/// panicked).
type Answer<T> = tokio::sync::oneshot::Receiver<Result<Result<T, ApiError>, String>>;

/// Starts cheap work at once on tokio's blocking pool.
fn cheap<T, F>(work: F) -> Answer<T>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::task::spawn_blocking(move || {
        let _ = tx.send(catch(work));
    });
    rx
}

/// Takes a computing slot (waiting for one while the queue has room, up
/// to the deadline) and starts expensive work on the slot's thread, which
/// holds the slot until the work really ends.
async fn expensive<T, F>(state: &AppState, work: F) -> Result<Answer<T>, ApiError>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let permit = match state.slots.clone().try_acquire_owned() {
        Ok(permit) => permit,
        Err(_) => {
            let _in_queue = state
                .queue
                .clone()
                .try_acquire_owned()
                .map_err(|_| ApiError::busy(BUSY))?;
            tokio::time::timeout(state.limits.timeout, state.slots.clone().acquire_owned())
                .await
                .map_err(|_| ApiError::busy(BUSY))?
                .map_err(|_| ApiError::busy("the server is shutting down"))?
        }
    };
    let pool = state.workers.pool()?;
    let (tx, rx) = tokio::sync::oneshot::channel();
    pool.spawn(move || {
        // The slot is held by the computation itself, so a computation
        // that outlives its deadline still counts against the limit until
        // it ends.
        let _permit = permit;
        let _ = tx.send(catch(work));
    });
    Ok(rx)
}

/// Runs `work`, turning a panic into the reason it gave none (a panic
/// inside a rayon job would otherwise end the process).
fn catch<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|panic| {
        let reason = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".to_owned());
        format!("it panicked: {reason}")
    })
}
