//! `grundy serve` as a user runs it: the real binary on a free loopback
//! port, spoken to over HTTP; its API answers the same JSON as the CLI.
#![cfg(feature = "serve")]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

use common::{grundy, process, stdout};
use serde_json::Value;

/// The server, killed when the test ends however it ends.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start() -> Server {
    let mut child = process()
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start grundy serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_owned();
    Server { child, addr }
}

/// A minimal HTTP/1.1 POST; returns the status and the body.
fn post(server: &Server, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(&server.addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.addr,
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a full response");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, body.to_owned())
}

#[test]
fn api_nim_answers_exactly_what_grundy_nim_json_prints() {
    let server = start();
    let big = "123456789012345678901234567890";
    for (args, body) in [
        (vec!["3", "5", "7"], r#"{"heaps":[3,5,7]}"#.to_owned()),
        (vec!["1", "2", "3"], r#"{"heaps":[1,2,3]}"#.to_owned()),
        (
            vec!["--misere", "1", "1"],
            r#"{"heaps":[1,1],"misere":true}"#.to_owned(),
        ),
        (vec![big, "9"], format!(r#"{{"heaps":["{big}",9]}}"#)),
    ] {
        let mut cli_args = vec!["nim", "--json"];
        cli_args.extend(args.iter());
        let (status, web) = post(&server, "/api/nim", &body);
        assert_eq!(status, 200, "{web}");
        // Byte for byte, field order included (the CLI ends with a newline).
        assert_eq!(format!("{web}\n"), stdout(&cli_args), "{body}");
    }
}

#[test]
fn api_values_period_solve_answer_exactly_what_the_cli_prints() {
    let server = start();
    for (path, body, args) in [
        (
            "/api/values",
            r#"{"game":"kayles","to":30,"stats":true}"#,
            vec!["values", "kayles", "--to", "30", "--stats", "--json"],
        ),
        (
            "/api/values",
            r#"{"game":"sub{1,3,4}","from":5,"to":20}"#,
            vec![
                "values",
                "sub{1,3,4}",
                "--from",
                "5",
                "--to",
                "20",
                "--json",
            ],
        ),
        (
            "/api/period",
            r#"{"game":"kayles"}"#,
            vec!["period", "kayles", "--json"],
        ),
        (
            "/api/period",
            r#"{"game":"nim"}"#,
            vec!["period", "nim", "--json"],
        ),
        (
            "/api/period",
            r#"{"game":"half","max":100}"#,
            vec!["period", "half", "--max", "100", "--json"],
        ),
        (
            "/api/solve",
            r#"{"game":"kayles","heaps":[1000000000000000000,7]}"#,
            vec!["solve", "kayles", "1000000000000000000", "7", "--json"],
        ),
        (
            "/api/solve",
            r#"{"game":"0.07","heaps":[4,9],"misere":true}"#,
            vec!["solve", "0.07", "--misere", "4", "9", "--json"],
        ),
    ] {
        let (status, web) = post(&server, path, body);
        assert_eq!(status, 200, "{body}: {web}");
        assert_eq!(format!("{web}\n"), stdout(&args), "{path} {body}");
    }
}

#[test]
fn the_server_survives_bad_requests() {
    let server = start();
    for body in [
        "{",
        "[]",
        r#"{"heaps":[-1]}"#,
        r#"{"heaps":[1e400]}"#,
        "\u{0}",
    ] {
        let (status, answer) = post(&server, "/api/nim", body);
        assert!((400..500).contains(&status), "{body}: {status} {answer}");
        let v: Value = serde_json::from_str(&answer).unwrap();
        assert!(v["error"].is_string(), "{answer}");
    }
    // Still serving.
    let (status, _) = post(&server, "/api/nim", r#"{"heaps":[1]}"#);
    assert_eq!(status, 200);
}

#[test]
fn an_address_in_use_is_a_one_line_error() {
    let server = start();
    grundy()
        .args(["serve", "--addr", &server.addr])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with("error: serving on 127.0.0.1:"));
}
