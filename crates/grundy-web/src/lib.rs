//! # grundy-web
//!
//! The web app of grundy, served by `grundy serve`: an HTTP JSON API that
//! answers the same questions as the command-line tool, with the same JSON,
//! and one page (HTML, CSS and JavaScript embedded in the binary; nothing is
//! fetched from the network) to play heap games against the engine and to
//! explore Grundy sequences.
//!
//! Every request is bounded before any work starts ([`Limits`]): the number
//! of heaps, how far a sequence may go, the size of the body. The library's
//! [`Budget`](grundy::Budget) then estimates what the request will cost,
//! from the request alone, and that decides where it runs (`admission`):
//! cheap work (about a millisecond) at once, beside anything else;
//! expensive work in one of [`Limits::max_concurrent`] computing slots,
//! threads of their own, or a 503 when they and their queue are full. A
//! request whose computation outlives [`Limits::timeout`] is answered with
//! a 422 at the deadline. The up-front bounds are what keep a single
//! computation short; the deadline is the backstop that keeps the answer
//! prompt.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! grundy_web::serve(listener, grundy_web::Limits::default()).await
//! # }
//! ```
//!
//! ## Map
//!
//! | module | what |
//! |---|---|
//! | [`api`] | the `/api/*` handlers (their JSON shapes: the `grundy-json` crate); playing is the library's `grundy::play` (engine's move, move checking, hints) and the explorer's graph its `grundy::graph::position_graph` |
//! | `admission` | where a computation runs, by the library's estimate of its cost: at once, in a slot, or refused |
//! | `engine` | a heap game's values for a request, within the library's bound per family |
//! | [`error`] | [`ApiError`]: `{"error": MESSAGE}` with a 4xx status |
//! | [`request`] | checked reading of JSON request bodies |
//! | `assets` | the embedded page (`src/assets/`: HTML, CSS, JavaScript, icon) |

#![forbid(unsafe_code)]

mod admission;
pub mod api;
mod assets;
mod engine;
pub mod error;
pub mod request;

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use axum::routing::{get, post};
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use grundy::budget::{Budget, MISERE_QUOTIENT_SEARCHED};

pub use error::ApiError;

/// Bounds on what one request may ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most heaps in a position (`nim`, `solve`, `move`).
    pub max_heaps: usize,
    /// Largest `to` of a `values` request.
    pub max_values_to: u64,
    /// Largest `max` of a `period` request.
    pub max_period_search: u64,
    /// Largest heap in a position played (`options`, `move`, `play`, `hint`,
    /// `graph`).
    pub max_play_heap: u64,
    /// Most tokens in all in a position played.
    pub max_play_tokens: u64,
    /// Most tokens in all in a misère position of a game other than Nim
    /// decided by searching every position.
    pub max_misere_search_tokens: u64,
    /// Largest heap of a misère position of a game other than Nim past
    /// `max_misere_search_tokens`, which is decided by the game's misère
    /// quotient on heaps up to its largest heap (0: never).
    pub max_misere_quotient_heap: u64,
    /// Most legal moves in a position played.
    pub max_moves: usize,
    /// Most positions in a game graph.
    pub max_graph_nodes: usize,
    /// Most tokens in all in the position a game graph starts from.
    pub max_graph_tokens: u64,
    /// Most cells (rows x columns) of a board solved, drawn or played
    /// (`solve`, `graph`, `board`, `board/move` on `cram:`/`chomp:` specs);
    /// the deadline still applies to each search.
    pub max_board_cells: u64,
    /// Most digits of one Nim heap given as a string (`/api/nim`).
    pub max_heap_digits: usize,
    /// Largest request body in bytes.
    pub max_body_bytes: usize,
    /// Longest a request may compute.
    pub timeout: Duration,
    /// Most expensive computations running at once (those the library's
    /// [`Budget`] does not call cheap; cheap ones run at once, outside
    /// these slots); as many more may wait for a slot (up to `timeout`),
    /// and a request beyond those gets a 503. By default one fewer than
    /// the machine's cores (at least one), so that a core is always left
    /// for answering cheap requests: on two cores, two computations at
    /// once made the p99 of cheap requests 62 ms, one makes it 47 ms
    /// (`benches/load.rs`).
    pub max_concurrent: usize,
    /// Most open connections; further clients wait in the listen queue
    /// until one closes.
    pub max_connections: usize,
    /// Longest a client may take to send a request's headers; a slower
    /// client's connection is closed.
    pub header_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_heaps: 1000,
            max_values_to: 1_000_000,
            max_period_search: 1_000_000,
            max_play_heap: 10_000,
            max_play_tokens: 20_000,
            max_misere_search_tokens: 30,
            max_misere_quotient_heap: 30,
            max_moves: 50_000,
            max_graph_nodes: 200,
            max_graph_tokens: 64,
            max_board_cells: 36,
            max_heap_digits: 10_000,
            max_body_bytes: 256 * 1024,
            timeout: Duration::from_secs(5),
            max_concurrent: default_concurrent(),
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
        }
    }
}

impl Limits {
    /// The library's [`Budget`] within these limits: its prices, and the
    /// bounds of the engines a request runs (a match's heaps, the misère
    /// search and quotient). A misère quotient remembers at most the
    /// heap solver's [`MISERE_QUOTIENT_SEARCHED`] sums whether a sum or
    /// `/api/quotient` asks for it, so that one out of reach is refused
    /// within seconds of search rather than minutes.
    pub(crate) fn budget(&self) -> Budget {
        Budget {
            max_match_heap: self.max_play_heap,
            max_misere_tokens: self.max_misere_search_tokens,
            max_quotient_heap: self.max_misere_quotient_heap,
            max_quotient_searched: Some(MISERE_QUOTIENT_SEARCHED),
            ..Budget::default()
        }
    }
}

/// The default [`Limits::max_concurrent`]: the cores less one, at least one.
fn default_concurrent() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
}

/// What every handler shares.
#[derive(Clone, Debug)]
pub(crate) struct AppState {
    pub(crate) limits: Arc<Limits>,
    /// The library's prices and bounds within [`Limits`]
    /// ([`Limits::budget`]): what a request costs, whether it is cheap,
    /// how far each engine may go.
    pub(crate) budget: Budget,
    /// The computing slots of expensive work.
    pub(crate) slots: Arc<Semaphore>,
    /// Room for requests waiting for a slot; one that finds no room is
    /// refused with 503 at once.
    pub(crate) queue: Arc<Semaphore>,
    /// The threads of expensive work, one per slot.
    pub(crate) workers: Arc<admission::Workers>,
}

/// The whole app: the page, its assets and the API, with `limits`.
///
/// ```
/// let app = grundy_web::router(grundy_web::Limits::default());
/// # let _ = app;
/// ```
pub fn router(limits: Limits) -> Router {
    let slots = limits.max_concurrent.max(1);
    let state = AppState {
        budget: limits.budget(),
        slots: Arc::new(Semaphore::new(slots)),
        queue: Arc::new(Semaphore::new(slots)),
        workers: Arc::new(admission::Workers::new(slots)),
        limits: Arc::new(limits),
    };
    Router::new()
        .route("/", get(assets::index))
        .route("/index.html", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/app.css", get(assets::style))
        .route("/favicon.svg", get(assets::favicon))
        .route("/api/limits", get(api::limits))
        .route("/api/nim", post(api::nim))
        .route("/api/values", post(api::values))
        .route("/api/period", post(api::period))
        .route("/api/solve", post(api::solve))
        .route("/api/quotient", post(api::quotient))
        .route("/api/options", post(api::options))
        .route("/api/move", post(api::engine_move))
        .route("/api/play", post(api::play_move))
        .route("/api/hint", post(api::hint))
        .route("/api/graph", post(api::graph))
        .route("/api/genus", post(api::genus))
        .route("/api/canonical", post(api::canonical))
        .route("/api/board", post(api::board))
        .route("/api/board/move", post(api::board_move))
        .layer(axum::middleware::from_fn(json_bodies_only))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
}

/// Refuses a POST whose body is declared as something other than JSON with
/// a 415 before it is read. No content type, `application/json` (or any
/// `+json` type) and curl's default for `-d`
/// (`application/x-www-form-urlencoded`) are read as JSON.
async fn json_bodies_only(
    req: Request<Body>,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if let Some(ct) = req.headers().get(axum::http::header::CONTENT_TYPE) {
        let essence = ct
            .to_str()
            .unwrap_or("")
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let json = essence == "application/json"
            || essence.ends_with("+json")
            || essence == "application/x-www-form-urlencoded";
        if req.method() == axum::http::Method::POST && !json {
            return ApiError::unsupported_type(format!(
                "the body must be JSON (Content-Type: application/json), not {:?}",
                String::from_utf8_lossy(ct.as_bytes())
            ))
            .into_response();
        }
    }
    next.run(req).await
}

async fn not_found(req: Request<Body>) -> ApiError {
    ApiError::not_found(format!(
        "no route for {} {}; the API is POST /api/nim, /api/values, /api/period, /api/solve, /api/genus, /api/canonical, /api/quotient, /api/options, /api/move, /api/play, /api/hint, /api/graph, /api/board, /api/board/move",
        req.method(),
        req.uri().path()
    ))
}

async fn method_not_allowed(req: Request<Body>) -> ApiError {
    ApiError {
        status: axum::http::StatusCode::METHOD_NOT_ALLOWED,
        message: {
            let path = req.uri().path();
            // The page, its assets and /api/limits are read with GET; every
            // other route computes and takes POST.
            let takes = if path.starts_with("/api/") && path != "/api/limits" {
                "this route takes POST with a JSON body"
            } else {
                "this route takes GET"
            };
            format!("{} is not allowed on {path}; {takes}", req.method())
        },
        span: None,
    }
}

/// Serves the app on `listener` until the process is interrupted (Ctrl-C).
///
/// At most [`Limits::max_connections`] connections are open at once, and a
/// client that takes longer than [`Limits::header_timeout`] to send its
/// headers is disconnected, so that slow clients cannot hold the server.
///
/// # Errors
/// An I/O error of the listening socket.
pub async fn serve(listener: TcpListener, limits: Limits) -> std::io::Result<()> {
    serve_until(listener, limits, async {
        // If the signal handler cannot be installed the server simply runs
        // until it is killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    })
    .await
}

/// [`serve`] until `shutdown` completes; connections open then are given
/// a second to finish their requests.
///
/// # Errors
/// An I/O error of the listening socket.
pub async fn serve_until(
    listener: TcpListener,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;

    let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let header_timeout = limits.header_timeout;
    let app = router(limits);
    let mut tasks = tokio::task::JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit.expect("never closed"),
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // A connection that failed before it was accepted (reset,
                // or out of file descriptors for a moment): go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        tasks.spawn(async move {
            let _permit = permit;
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
        // Forget the connections already closed.
        while tasks.try_join_next().is_some() {}
    }
    drop(listener);
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while tasks.join_next().await.is_some() {}
    })
    .await;
    Ok(())
}

/// Binds `addr`, calls `on_ready` with the address really bound (useful
/// with port 0), and serves until interrupted, on a runtime of its own.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve_blocking(
    addr: std::net::SocketAddr,
    limits: Limits,
    on_ready: impl FnOnce(std::net::SocketAddr) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Cheap computations run on the blocking pool: the same stack as
        // the computing threads'.
        .thread_stack_size(admission::COMPUTE_STACK)
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(addr).await?;
        on_ready(listener.local_addr()?)?;
        serve(listener, limits).await
    })
}
