//! Admission by cost, over real HTTP (issue 46): a request whose estimate
//! is small runs at once, outside the slots for expensive work, so a Nim
//! position of three heaps never waits for, nor is refused because of, a
//! five-second computation. The bounds are loose (a second, where a cheap
//! answer takes about a millisecond) so that the test holds on a loaded
//! machine; the failure they catch is a wait of seconds or a 503.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use grundy_web::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Codes with many digits whose values to 2·10^5 run until the deadline.
const SLOW_VALUES: (&str, &str) = (
    "/api/values",
    r#"{"game":"0.1234567012345670123456701234567","to":200000}"#,
);
/// The issue's example: about five seconds, stopped at the deadline.
const SLOW_QUOTIENT: (&str, &str) = ("/api/quotient", r#"{"game":"0.6","max_heap":30}"#);

/// Requests a page or a player sends all the time, each about a
/// millisecond of work.
const CHEAP: [(&str, &str); 8] = [
    ("/api/nim", r#"{"heaps":[3,5,7]}"#),
    ("/api/move", r#"{"game":"nim","heaps":[3,5,7]}"#),
    ("/api/hint", r#"{"game":"kayles","heaps":[3,5,7]}"#),
    ("/api/values", r#"{"game":"0.77","to":20}"#),
    ("/api/solve", r#"{"game":"kayles","heaps":[3,5,7]}"#),
    ("/api/options", r#"{"game":"kayles","heaps":[5]}"#),
    ("/api/graph", r#"{"game":"sub{1,3,4}","heaps":[9]}"#),
    ("/api/board", r#"{"game":"cram:3x3"}"#),
];

/// Starts the server on a free loopback port; it stops when the returned
/// sender is dropped.
async fn start(limits: Limits) -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(grundy_web::serve_until(listener, limits, async {
        let _ = stopped.await;
    }));
    (addr, stop)
}

/// POSTs `body` to `path` on a fresh connection; the status, the body and
/// how long the answer took from the first byte sent.
async fn post(addr: SocketAddr, (path, body): (&str, &str)) -> (u16, String, Duration) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.set_nodelay(true).unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let started = Instant::now();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let took = started.elapsed();
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{path}: no status line in {text:?}"));
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
    (status, body, took)
}

/// One slot for expensive work, as on a machine of two cores.
fn one_slot() -> Limits {
    Limits {
        max_concurrent: 1,
        timeout: Duration::from_secs(5),
        ..Limits::default()
    }
}

/// Every cheap request answers 200, each well under a second.
fn assert_prompt(results: &[(&str, (u16, String, Duration))]) {
    for (path, (status, body, took)) in results {
        assert_eq!(*status, 200, "{path} answered {status} {body}");
        assert!(
            *took < Duration::from_secs(1),
            "{path} took {took:?} while expensive requests ran"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cheap_requests_are_answered_at_once_while_expensive_ones_run() {
    let (addr, _stop) = start(one_slot()).await;
    // Twelve expensive requests: one computes, one waits, the rest are
    // refused (503) or wait; none of that may touch the cheap ones.
    let expensive: Vec<_> = (0..12)
        .map(|i| {
            let request = if i % 2 == 0 {
                SLOW_VALUES
            } else {
                SLOW_QUOTIENT
            };
            tokio::spawn(post(addr, request))
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // One after another, then many at once.
    let mut results = Vec::new();
    for round in 0..3 {
        for request in CHEAP {
            results.push((request.0, post(addr, request).await));
        }
        let at_once: Vec<_> = CHEAP
            .iter()
            .chain(CHEAP.iter())
            .map(|&request| (request.0, tokio::spawn(post(addr, request))))
            .collect();
        for (path, task) in at_once {
            results.push((path, task.await.unwrap()));
        }
        assert!(
            expensive.iter().any(|t| !t.is_finished()) || round > 0,
            "the expensive requests ended before the cheap ones were sent"
        );
    }
    assert_prompt(&results);
    for task in expensive {
        let (status, body, _) = task.await.unwrap();
        // Stopped at the deadline (422), or refused at once (503).
        assert!(matches!(status, 422 | 503), "{status} {body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cheap_request_right_after_an_expensive_one_starts_is_not_delayed() {
    let (addr, _stop) = start(one_slot()).await;
    let expensive = tokio::spawn(post(addr, SLOW_QUOTIENT));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut results = Vec::new();
    for request in [CHEAP[0], CHEAP[1], CHEAP[0], CHEAP[1]] {
        results.push((request.0, post(addr, request).await));
    }
    assert_prompt(&results);
    assert!(!expensive.is_finished(), "the quotient ended too soon");
    let (status, body, _) = expensive.await.unwrap();
    assert_eq!(status, 422, "{body}");
}
