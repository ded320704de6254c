//! The server under abuse (issue 15): malformed HTTP gets a 4xx, work stops
//! at its deadline and frees its slot, a full server answers 503 with
//! `Retry-After`, and cheap requests do not wait behind expensive ones.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_web::{router, Limits};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// A code with many digits whose values are slow to compute: it passed the
/// old per-family cap and held a slot for minutes.
const SLOW: &str = r#"{"game":"0.1234567012345670123456701234567","to":200000}"#;

async fn send(app: axum::Router, request: Request<Body>) -> (StatusCode, Option<String>, Value) {
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("non-JSON answer ({e}): {bytes:?}"));
    (status, retry, value)
}

fn post(path: &str, content_type: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path)
        .header("content-type", content_type)
        .body(body.into())
        .unwrap()
}

#[tokio::test]
async fn malformed_requests_get_4xx_with_a_json_error() {
    let app = router(Limits::default());
    let deep = format!("{}{}", "[".repeat(1_000_000), "]".repeat(1_000_000));
    let deep_but_small = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let truncated = Body::from_stream(futures_stream());
    let cases: Vec<(&str, Request<Body>, u16)> = vec![
        (
            "truncated body",
            post("/api/nim", "application/json", truncated),
            413,
        ),
        (
            "wrong content type",
            post("/api/nim", "text/html", r#"{"heaps":[1]}"#),
            415,
        ),
        (
            "invalid UTF-8",
            post(
                "/api/values",
                "application/json",
                &b"{\"game\":\"\xff\xfe\",\"to\":3}"[..],
            ),
            400,
        ),
        (
            "a million-deep JSON",
            post("/api/nim", "application/json", deep),
            413,
        ),
        (
            "a 100000-deep JSON within the body limit",
            post("/api/nim", "application/json", deep_but_small),
            400,
        ),
        (
            "a 100 MB body",
            post("/api/nim", "application/json", vec![b' '; 100 << 20]),
            413,
        ),
    ];
    for (what, request, status) in cases {
        let (got, _, body) = send(app.clone(), request).await;
        assert_eq!(got.as_u16(), status, "{what}: {body}");
        assert!(body["error"].is_string(), "{what}: {body}");
    }
    // curl's default content type for -d is read as JSON.
    let (got, _, _) = send(
        app,
        post(
            "/api/nim",
            "application/x-www-form-urlencoded",
            r#"{"heaps":[1]}"#,
        ),
    )
    .await;
    assert_eq!(got, StatusCode::OK);
}

/// A body stream that ends with an error, as a connection cut mid-body.
fn futures_stream(
) -> impl futures_core::Stream<Item = Result<axum::body::Bytes, std::io::Error>> + Send {
    Chunks(vec![
        Ok(axum::body::Bytes::from_static(b"{\"heaps\":[1,")),
        Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "cut",
        )),
    ])
}

struct Chunks(Vec<Result<axum::body::Bytes, std::io::Error>>);

impl futures_core::Stream for Chunks {
    type Item = Result<axum::body::Bytes, std::io::Error>;
    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        let next = if self.0.is_empty() {
            None
        } else {
            Some(self.0.remove(0))
        };
        std::task::Poll::Ready(next)
    }
}

fn small_limits() -> Limits {
    Limits {
        timeout: Duration::from_millis(400),
        max_concurrent: 1,
        ..Limits::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_stops_at_its_deadline_and_frees_its_slot() {
    let app = router(small_limits());
    let started = Instant::now();
    let (status, _, body) = send(app.clone(), post("/api/values", "application/json", SLOW)).await;
    assert_eq!(status.as_u16(), 422, "{body}");
    assert!(started.elapsed() < Duration::from_secs(3));
    // The slot is free again (the work stopped): the next expensive request
    // gets it at once instead of waiting behind a computation still running.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _, body) = send(
        app,
        post("/api/period", "application/json", r#"{"game":"0.07"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_answers_503_and_cheap_requests_still_pass() {
    let limits = Limits {
        timeout: Duration::from_millis(1500),
        max_concurrent: 1,
        ..Limits::default()
    };
    let app = router(limits);
    let slow: Vec<_> = (0..4)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(
                async move { send(app, post("/api/values", "application/json", SLOW)).await },
            )
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // One runs, one waits, the others are refused.
    let started = Instant::now();
    let (status, _, body) = send(
        app.clone(),
        post(
            "/api/values",
            "application/json",
            r#"{"game":"0.77","to":20}"#,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(started.elapsed() < Duration::from_millis(500));
    let mut refused = 0;
    for task in slow {
        let (status, retry, body) = task.await.unwrap();
        match status.as_u16() {
            503 => {
                assert_eq!(retry.as_deref(), Some("1"), "{body}");
                refused += 1;
            }
            422 => assert!(
                body["error"].as_str().unwrap().contains("longer than"),
                "{body}"
            ),
            other => panic!("{other}: {body}"),
        }
    }
    assert!(refused >= 2, "{refused} refused");
}

#[tokio::test]
async fn memory_is_bounded_before_any_work() {
    let (status, _, body) = send(
        router(Limits::default()),
        post(
            "/api/period",
            "application/json",
            r#"{"game":"sub{1..900000}"}"#,
        ),
    )
    .await;
    assert_eq!(status.as_u16(), 422, "{body}");
    assert!(body["error"].as_str().unwrap().contains("MB"), "{body}");
}

/// Starts the server on a free loopback port with `limits`; the server
/// stops when the returned sender is dropped.
async fn start(limits: Limits) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(grundy_web::serve_until(listener, limits, async {
        let _ = stopped.await;
    }));
    (addr, stop)
}

/// Sends a whole request on a fresh connection and returns the status line.
async fn status_line(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = r#"{"heaps":[1,2]}"#;
    let request = format!(
        "POST /api/nim HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buf = vec![0; 4096];
    let n = stream.read(&mut buf).await.unwrap();
    String::from_utf8_lossy(&buf[..n])
        .lines()
        .next()
        .unwrap_or("")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_slow_to_send_its_headers_is_disconnected() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (addr, _stop) = start(Limits {
        header_timeout: Duration::from_millis(300),
        ..Limits::default()
    })
    .await;
    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"POST /api/nim HTTP/1.1\r\n").await.unwrap();
    let started = Instant::now();
    // The server closes the connection (EOF, or a 408 then EOF).
    let mut buf = vec![0; 1024];
    let mut got = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(5), slow.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
            Err(_) => panic!("still open after 5 s"),
        }
    }
    assert!(started.elapsed() < Duration::from_secs(3));
    let text = String::from_utf8_lossy(&got);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 408"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_beyond_the_cap_wait_until_one_closes() {
    let (addr, _stop) = start(Limits {
        max_connections: 2,
        ..Limits::default()
    })
    .await;
    let mut a = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut b = tokio::net::TcpStream::connect(addr).await.unwrap();
    assert!(status_line(&mut a).await.starts_with("HTTP/1.1 200"));
    assert!(status_line(&mut b).await.starts_with("HTTP/1.1 200"));
    // Both stay open (keep-alive): a third connection is not served...
    let c = tokio::net::TcpStream::connect(addr).await.unwrap();
    let third = tokio::spawn(async move {
        let mut c = c;
        status_line(&mut c).await
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!third.is_finished(), "served beyond the cap");
    // ...until one of the others closes.
    drop(a);
    let served = tokio::time::timeout(Duration::from_secs(3), third)
        .await
        .expect("served once a connection closed")
        .unwrap();
    assert!(served.starts_with("HTTP/1.1 200"), "{served}");
    drop(b);
}
