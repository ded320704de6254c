//! Load test of the web server, loopback only and bounded in time: 200
//! keep-alive connections sending a cheap request as fast as they can, first
//! alone, then while 20 clients keep asking for expensive computations.
//! Prints requests/s, p50/p99 latency of the cheap requests and every
//! status seen.
//!
//! ```sh
//! cargo bench -p grundy-web --bench load            # 2 x 10 s
//! LOAD_SECS=30 cargo bench -p grundy-web --bench load
//! ```

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const CHEAP: (&str, &str) = ("/api/values", r#"{"game":"0.77","to":20}"#);
const EXPENSIVE: (&str, &str) = (
    "/api/values",
    r#"{"game":"0.1234567012345670123456701234567","to":200000}"#,
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

/// `clients` connections sending `(path, body)` in a loop until `until`.
async fn clients(
    addr: SocketAddr,
    clients: usize,
    (path, body): (&'static str, &'static str),
    until: Instant,
    tally: Arc<Mutex<Tally>>,
) {
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let tally = tally.clone();
        tasks.push(tokio::spawn(async move {
            let mut stream = None;
            let mut buf = Vec::new();
            let mut local = Tally::default();
            while Instant::now() < until {
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
    });
}
