//! Load test of the web server, loopback only and bounded in time, in
//! three parts:
//!
//! 1. 200 keep-alive connections sending cheap requests (a Nim position,
//!    the engine's move in Nim, G(0..=20) of Kayles) as fast as they can;
//! 2. the same while 20 more connections keep asking for expensive
//!    computations (a 31-digit code to 2·10^5, the misère quotient of 0.6
//!    to heap 30, the period of 0.6 to the server's bound), each of which
//!    runs until the 5-second deadline;
//! 3. a cheap request sent right after an expensive one has started, on an
//!    otherwise idle server: 40 times after one that runs for about 0.2 s,
//!    3 times after the issue's 5-second quotient.
//!
//! Prints requests/s, p50/p99/max latency of the cheap requests and every
//! status seen. Issue 46's targets: in part 2 every cheap request answered
//! 200 with a p99 under 50 ms; in part 3 each under 50 ms.
//!
//! ```sh
//! cargo bench -p grundy-web --bench load            # 2 x 10 s, then about 25 s
//! LOAD_SECS=30 cargo bench -p grundy-web --bench load
//! ```

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

type Request = (&'static str, &'static str);

/// Cheap requests, each a client sends in turn.
const CHEAP: &[Request] = &[
    ("/api/nim", r#"{"heaps":[3,5,7]}"#),
    ("/api/move", r#"{"game":"nim","heaps":[3,5,7]}"#),
    ("/api/values", r#"{"game":"0.77","to":20}"#),
];

/// Expensive requests, each running until the deadline.
const EXPENSIVE: &[Request] = &[
    (
        "/api/values",
        r#"{"game":"0.1234567012345670123456701234567","to":200000}"#,
    ),
    ("/api/quotient", r#"{"game":"0.6","max_heap":30}"#),
    ("/api/period", r#"{"game":"0.6"}"#),
];

/// An expensive request of about 0.2 s, to send a cheap one right after.
const SHORT_EXPENSIVE: Request = (
    "/api/values",
    r#"{"game":"0.1234567012345670123456701234567","to":4096}"#,
);

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    statuses: BTreeMap<u16, u64>,
    io_errors: u64,
}

/// One HTTP/1.1 request on a keep-alive connection; returns the status.
async fn request(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
    path: &str,
    body: &str,
) -> std::io::Result<u16> {
    // Head and body in one write, as load generators send them: written
    // apart, the body waits for the head's ACK (Nagle), which the server
    // delays by up to 40 ms, and every latency measured is that wait.
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    buf.clear();
    let mut chunk = [0u8; 8192];
    loop {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
        let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
        let status: u16 = head
            .get(9..12)
            .and_then(|s| s.parse().ok())
            .ok_or(std::io::ErrorKind::InvalidData)?;
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse().ok())
            .ok_or(std::io::ErrorKind::InvalidData)?;
        while buf.len() < end + 4 + length {
            let n = stream.read(&mut chunk).await?;
            if n == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            buf.extend_from_slice(&chunk[..n]);
        }
        return Ok(status);
    }
}

/// `clients` connections sending the `requests` in turn, in a loop until
/// `until`.
async fn clients(
    addr: SocketAddr,
    clients: usize,
    requests: &'static [Request],
    until: Instant,
    tally: Arc<Mutex<Tally>>,
) {
    let mut tasks = Vec::new();
    for client in 0..clients {
        let tally = tally.clone();
        tasks.push(tokio::spawn(async move {
            let mut stream = None;
            let mut buf = Vec::new();
            let mut local = Tally::default();
            let mut turn = client;
            while Instant::now() < until {
                let (path, body) = requests[turn % requests.len()];
                turn += 1;
                if stream.is_none() {
                    match TcpStream::connect(addr).await {
                        Ok(s) => {
                            s.set_nodelay(true).ok();
                            stream = Some(s);
                        }
                        Err(_) => {
                            local.io_errors += 1;
                            continue;
                        }
                    }
                }
                let started = Instant::now();
                match request(stream.as_mut().unwrap(), &mut buf, path, body).await {
                    Ok(status) => {
                        local.latencies.push(started.elapsed());
                        *local.statuses.entry(status).or_default() += 1;
                    }
                    Err(_) => {
                        local.io_errors += 1;
                        stream = None;
                    }
                }
            }
            let mut t = tally.lock().unwrap();
            t.latencies.extend(local.latencies);
            for (s, c) in local.statuses {
                *t.statuses.entry(s).or_default() += c;
            }
            t.io_errors += local.io_errors;
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
}

/// Sends one request on a fresh connection; its status and how long the
/// answer took.
async fn once(addr: SocketAddr, (path, body): Request) -> (u16, Duration) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.set_nodelay(true).ok();
    let started = Instant::now();
    let status = request(&mut stream, &mut Vec::new(), path, body)
        .await
        .expect("an answer");
    (status, started.elapsed())
}

/// Part 3: `times` times, starts `expensive`, waits 10 ms, then times one
/// cheap request (in turn from [`CHEAP`]) while it runs.
async fn cheap_after_expensive(
    addr: SocketAddr,
    expensive: Request,
    times: usize,
    label: &str,
) -> bool {
    let mut cheap = Tally::default();
    let mut heavy = Tally::default();
    for i in 0..times {
        let running = tokio::spawn(once(addr, expensive));
        tokio::time::sleep(Duration::from_millis(10)).await;
        let (status, took) = once(addr, CHEAP[i % CHEAP.len()]).await;
        let overlapped = !running.is_finished();
        cheap.latencies.push(took);
        *cheap.statuses.entry(status).or_default() += 1;
        if !overlapped {
            // The expensive request ended first: this one proves nothing.
            cheap.io_errors += 1;
        }
        let (status, took) = running.await.expect("the expensive request");
        heavy.latencies.push(took);
        *heavy.statuses.entry(status).or_default() += 1;
    }
    let max = cheap.latencies.iter().max().copied().unwrap_or_default();
    report_once(label, &cheap, &heavy);
    cheap.statuses.keys().all(|&s| s == 200) && max < Duration::from_millis(50)
}

fn report_once(label: &str, cheap: &Tally, expensive: &Tally) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut l = cheap.latencies.clone();
    l.sort();
    let mut e = expensive.latencies.clone();
    e.sort();
    println!(
        "{label}: {} cheap requests, p50 {:.2} ms, max {:.2} ms; statuses {:?}; sent after the expensive one ended: {}; the expensive ones took {:.0} to {:.0} ms, statuses {:?}",
        l.len(),
        ms(l.get(l.len() / 2).copied().unwrap_or_default()),
        ms(l.last().copied().unwrap_or_default()),
        cheap.statuses,
        cheap.io_errors,
        ms(e.first().copied().unwrap_or_default()),
        ms(e.last().copied().unwrap_or_default()),
        expensive.statuses
    );
}

fn report(label: &str, tally: &Tally, secs: f64) {
    let mut l = tally.latencies.clone();
    l.sort();
    let pct = |p: f64| {
        l.get(((l.len() as f64 * p) as usize).min(l.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    println!(
        "{label}: {} requests in {secs:.0} s = {:.0} req/s; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; statuses {:?}; connection errors {}",
        l.len(),
        l.len() as f64 / secs,
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        l.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        tally.statuses,
        tally.io_errors
    );
}

fn main() {
    let secs: u64 = std::env::var("LOAD_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    // The server on a runtime of its own (as `grundy serve` runs it).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        grundy_web::serve_blocking(
            "127.0.0.1:0".parse().unwrap(),
            grundy_web::Limits::default(),
            |addr| {
                tx.send(addr).unwrap();
                Ok(())
            },
        )
        .unwrap();
    });
    let addr = rx.recv().unwrap();
    let client = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    client.block_on(async {
        let cheap = Arc::new(Mutex::new(Tally::default()));
        let until = Instant::now() + Duration::from_secs(secs);
        clients(addr, 200, CHEAP, until, cheap.clone()).await;
        report(
            "cheap alone, 200 connections",
            &cheap.lock().unwrap(),
            secs as f64,
        );

        let cheap = Arc::new(Mutex::new(Tally::default()));
        let expensive = Arc::new(Mutex::new(Tally::default()));
        let until = Instant::now() + Duration::from_secs(secs);
        let heavy = tokio::spawn(clients(addr, 20, EXPENSIVE, until, expensive.clone()));
        clients(addr, 200, CHEAP, until, cheap.clone()).await;
        heavy.await.unwrap();
        report(
            "cheap with 20 expensive clients",
            &cheap.lock().unwrap(),
            secs as f64,
        );
        report(
            "  the expensive clients",
            &expensive.lock().unwrap(),
            secs as f64,
        );
        let under_load = {
            let cheap = cheap.lock().unwrap();
            let mut l = cheap.latencies.clone();
            l.sort();
            let p99 = l
                .get(((l.len() as f64 * 0.99) as usize).min(l.len().saturating_sub(1)))
                .copied()
                .unwrap_or_default();
            cheap.statuses.keys().all(|&s| s == 200)
                && cheap.io_errors == 0
                && p99 < Duration::from_millis(50)
        };
        // Let the last expensive computations reach their deadline.
        tokio::time::sleep(Duration::from_secs(6)).await;
        let after_short = cheap_after_expensive(
            addr,
            SHORT_EXPENSIVE,
            40,
            "cheap right after a 0.2 s expensive request",
        )
        .await;
        let after_long = cheap_after_expensive(
            addr,
            EXPENSIVE[1],
            3,
            "cheap right after the 5 s quotient of 0.6",
        )
        .await;
        let verdict = |ok: bool| if ok { "met" } else { "NOT met" };
        println!(
            "targets: while expensive requests run, every cheap one 200 with p99 under 50 ms: {}; right after an expensive one starts, under 50 ms: {}",
            verdict(under_load),
            verdict(after_short && after_long)
        );
    });
}
