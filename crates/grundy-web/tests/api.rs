//! The HTTP API through the router itself (no socket): shapes of the
//! answers, and every kind of bad request answered with a JSON error and a
//! 4xx status.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_testkit::{boards, Plain};
use grundy_web::{router, Limits};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn call(limits: Limits, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    let response = router(limits).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{path} answered non-JSON ({e}): {bytes:?}"));
    (status, value)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    call(Limits::default(), path, body.to_string()).await
}

/// Asserts a JSON error with `status` whose message contains `needle`.
fn assert_error(got: (StatusCode, Value), status: u16, needle: &str) {
    let (code, body) = got;
    assert_eq!(code.as_u16(), status, "{body}");
    let message = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {body}"));
    assert!(message.contains(needle), "{message:?} lacks {needle:?}");
    let keys: Vec<&String> = body.as_object().unwrap().keys().collect();
    assert!(
        keys.iter().all(|k| *k == "error" || *k == "span"),
        "only the error and its span: {body}"
    );
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_from_the_binary() {
    for (path, kind) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let response = router(Limits::default())
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let ct = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(ct.starts_with(kind), "{path}: {ct}");
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8(body.to_vec()).unwrap();
        // Nothing may come from the network: no absolute URLs to fetch.
        assert!(!text.contains("src=\"http"), "{path} loads from elsewhere");
        assert!(!text.contains("href=\"http"), "{path} links elsewhere");
    }
}

#[tokio::test]
async fn engine_move_wins_from_an_n_position_of_nim() {
    let (status, body) = post("/api/move", json!({"game": "nim", "heaps": [3, 5, 7]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["convention"], "normal");
    assert_eq!(body["winning"], true);
    // Nim-sum 1: 3 -> 2, 5 -> 4 and 7 -> 6 all win; the library's engine
    // plays the first.
    assert_eq!(body["move"], json!({"heap": 0, "from": 3, "to": [2]}));
    assert_eq!(body["heaps_after"], json!([2, 5, 7]));
}

#[tokio::test]
async fn engine_move_from_a_p_position_keeps_the_game_long() {
    let (status, body) = post("/api/move", json!({"game": "nim", "heaps": [1, 2, 3]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "P");
    assert_eq!(body["winning"], false);
    // One token taken, and the move is what the library's engine plays.
    let m = &body["move"];
    let from = m["from"].as_u64().unwrap();
    let left: u64 = m["to"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_u64().unwrap())
        .sum();
    assert_eq!(from - left, 1, "{m}");
    let library = grundy::play::Match::new(
        "nim".parse().unwrap(),
        vec![1, 2, 3],
        grundy::Convention::Normal,
        grundy::play::Player::Engine,
    )
    .unwrap()
    .engine_move()
    .unwrap();
    assert_eq!(m["heap"], library.heap);
    // Misère Kayles 4 is a P-position (searched): the engine still moves,
    // and does not end the game at once.
    let (status, body) = post(
        "/api/move",
        json!({"game": "kayles", "heaps": [4], "misere": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "P");
    assert_ne!(body["heaps_after"], json!([0]), "{body}");
}

#[tokio::test]
async fn engine_move_with_no_legal_move_is_null() {
    let (status, body) = post("/api/move", json!({"game": "nim", "heaps": [0, 0]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["move"], Value::Null);
    assert_eq!(body["outcome"], "P");
}

#[tokio::test]
async fn misere_nim_engine_leaves_an_odd_number_of_ones() {
    // Misère Nim 1 1 3: normal play's move 3 -> 0 (nim-sum 0) would leave
    // two 1-heaps, a win for the opponent; misère play goes 3 -> 1, leaving
    // three 1-heaps, so the opponent takes the last token.
    let (status, body) = post(
        "/api/move",
        json!({"game": "nim", "heaps": [1, 1, 3], "misere": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["convention"], "misere");
    assert_eq!(body["move"], json!({"heap": 2, "from": 3, "to": [1]}));
}

#[tokio::test]
async fn hint_explains_in_binary() {
    let (status, body) = post("/api/hint", json!({"game": "nim", "heaps": [3, 5, 7]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["nim_sum"], 1);
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["values"], json!([3, 5, 7]));
    let e = &body["explanation"];
    assert_eq!(e["top_bit"], 0);
    let holders: Vec<bool> = e["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["has_top_bit"].as_bool().unwrap())
        .collect();
    assert_eq!(holders, [true, true, true]);
    assert_eq!(
        body["winning_moves"],
        json!([
            {"heap": 0, "from": 3, "to": [2]},
            {"heap": 1, "from": 5, "to": [4]},
            {"heap": 2, "from": 7, "to": [6]},
        ])
    );
    assert_eq!(body["lesson"], "nim");
    assert_eq!(body["suggestion"], json!({"heap": 0, "from": 3, "to": [2]}));
    // The library's lesson, word for word what `grundy nim --explain` and
    // `grundy play` say.
    let text = body["text"].as_str().unwrap();
    assert!(text.contains("nim-sum"), "{text}");
    assert!(text.contains("heap 1: 3 -> 2 (take 1)"), "{text}");
    assert!(
        !text.contains("type '"),
        "the page shows moves its own way: {text}"
    );
}

#[tokio::test]
async fn hints_for_other_games_teach_grundy_values_or_search() {
    // Kayles 5 + 2: G = 4 xor 2 = 6 (OEIS A002186).
    let (status, body) = post("/api/hint", json!({"game": "kayles", "heaps": [5, 2]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["lesson"], "values");
    assert_eq!(body["values"], json!([4, 2]));
    assert_eq!(body["nim_sum"], 6);
    assert_eq!(body["explanation"]["top_bit"], 2);
    assert_eq!(body["outcome"], "N");
    assert!(body["text"]
        .as_str()
        .unwrap()
        .contains("The xor is 6, not 0"));
    // Misère Kayles 4: a P-position by search; no winning move, and the
    // suggestion is the engine's move.
    let (status, body) = post(
        "/api/hint",
        json!({"game": "kayles", "heaps": [4], "misere": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["lesson"], "search");
    assert_eq!(body["outcome"], "P");
    assert_eq!(body["winning_moves"], json!([]));
    // Normal-play values decide nothing here, so none are sent.
    for key in ["values", "nim_sum", "explanation"] {
        assert!(body.get(key).is_none(), "{key} in {body}");
    }
    assert!(body["suggestion"].is_object(), "{body}");
    assert!(body["text"]
        .as_str()
        .unwrap()
        .contains("the opponent answers"));
    // A finished game has no hint.
    assert_error(
        post("/api/hint", json!({"game": "nim", "heaps": [0, 0]})).await,
        422,
        "the game is over",
    );
}

#[tokio::test]
async fn play_checks_the_move_and_answers_the_position_after_it() {
    let (status, body) = post(
        "/api/play",
        json!({"game": "nim", "heaps": [3, 5, 7], "heap": 2, "take": 7}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // A heap taken whole stays in place as an empty heap.
    assert_eq!(body["move"], json!({"heap": 2, "from": 7, "to": []}));
    assert_eq!(body["heaps_after"], json!([3, 5, 0]));
    assert_eq!(body["over"], false);
    // A split of Kayles: the first part keeps the heap's place.
    let (status, body) = post(
        "/api/play",
        json!({"game": "kayles", "heaps": [1, 7], "heap": 1, "take": 1, "leave": [2, 4]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["move"], json!({"heap": 1, "from": 7, "to": [2, 4]}));
    assert_eq!(body["heaps_after"], json!([1, 2, 4]));
    let (_, body) = post(
        "/api/play",
        json!({"game": "nim", "heaps": [0, 1], "heap": 1, "take": 1}),
    )
    .await;
    assert_eq!(body["over"], true);
}

#[tokio::test]
async fn an_illegal_move_is_a_422_with_the_reason() {
    let play = |game: &str, heaps: Value, heap: u64, take: u64, leave: Option<Value>| {
        let mut body = json!({"game": game, "heaps": heaps, "heap": heap, "take": take});
        if let Some(l) = leave {
            body["leave"] = l;
        }
        post("/api/play", body)
    };
    assert_error(
        play("sub{1,3,4}", json!([7, 2]), 0, 2, None).await,
        422,
        "you cannot take 2 from heap 1: you may take 1, 3 or 4",
    );
    assert_error(
        play("nim", json!([3, 0]), 1, 1, None).await,
        422,
        "heap 2 is empty",
    );
    assert_error(
        play("nim", json!([3]), 5, 1, None).await,
        422,
        "heap 6 does not exist: there is only heap 1",
    );
    assert_error(
        play("nim", json!([3]), 0, 4, None).await,
        422,
        "heap 1 has only 3 tokens: you cannot take 4",
    );
    // The whole reason, without the terminal's "(type '1 2')": the page
    // offers the legal moves itself.
    let (status, body) = play("kayles", json!([7]), 0, 2, Some(json!([3, 3]))).await;
    assert_eq!(status.as_u16(), 422, "{body}");
    assert_eq!(
        body["error"],
        "taking 2 from 7 leaves 5, which cannot be split into 3 and 3; it may leave a \
         heap of 5, heaps of 1 and 4, or heaps of 2 and 3"
    );
    assert_error(
        play("nim", json!([0, 0]), 0, 1, None).await,
        422,
        "the game is over",
    );
    assert_error(
        play("nim", json!([3]), 0, 1, Some(json!([1, 2, 3, 4]))).await,
        422,
        "\"leave\" has 4 elements",
    );
}

#[tokio::test]
async fn options_list_every_move_with_what_it_takes() {
    let (status, body) = post("/api/options", json!({"game": "0.77", "heaps": [3]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Kayles on a row of 3: take 1 leaving 2 or 1+1, take 2 leaving 1.
    let mut got: Vec<(Vec<u64>, u64)> = body["options"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                serde_json::from_value(o["to"].clone()).unwrap(),
                o["take"].as_u64().unwrap(),
            )
        })
        .collect();
    got.sort();
    assert_eq!(got, vec![(vec![1], 2), (vec![1, 1], 1), (vec![2], 1)]);
}

#[tokio::test]
async fn graph_of_kayles_from_four() {
    let (status, body) = post("/api/graph", json!({"game": "0.77", "heaps": [4]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let nodes = body["nodes"].as_array().unwrap();
    // 4; 3, 1+2, 2, 1+1; 1; nothing: every multiset reachable.
    assert_eq!(nodes.len(), 7);
    for n in nodes {
        let expect = if n["value"] == 0 { "P" } else { "N" };
        assert_eq!(n["outcome"], expect, "{n}");
    }
    let empty = nodes.iter().find(|n| n["heaps"] == json!([])).unwrap();
    assert_eq!(empty["outcome"], "P");
    assert!(!body["edges"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn values_has_the_cli_shape() {
    let (status, body) = post(
        "/api/values",
        json!({"game": "0.77", "from": 0, "to": 6, "stats": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["game"], "0.77");
    assert_eq!(body["from"], 0);
    assert_eq!(body["to"], 6);
    // OEIS A002186: 0, 1, 2, 3, 1, 4, 3, ...
    assert_eq!(body["values"], json!([0, 1, 2, 3, 1, 4, 3]));
    assert_eq!(body["stats"]["max"], 4);
    assert_eq!(body["stats"]["max_at"], 5);
    assert_eq!(
        body["stats"]["histogram"],
        json!({"0": 1, "1": 2, "2": 1, "3": 2, "4": 1})
    );
}

#[tokio::test]
async fn malformed_json_is_a_400_with_line_and_column() {
    assert_error(
        call(
            Limits::default(),
            "/api/move",
            "{\"game\": \"nim\", \"heaps\": [3,",
        )
        .await,
        400,
        "line 1 column",
    );
    assert_error(
        call(Limits::default(), "/api/move", "").await,
        400,
        "malformed JSON",
    );
    assert_error(
        post("/api/move", json!([1, 2])).await,
        400,
        "must be a JSON object",
    );
    assert_error(
        post("/api/move", json!({"game": "nim", "heap": [1]})).await,
        400,
        "unknown field \"heap\"",
    );
    assert_error(
        post("/api/move", json!({"heaps": [1]})).await,
        400,
        "missing field \"game\"",
    );
    assert_error(
        post("/api/move", json!({"game": "nim", "heaps": [1, "x"]})).await,
        400,
        "heaps[1]",
    );
    assert_error(
        post("/api/move", json!({"game": "nim", "heaps": [1, -2]})).await,
        400,
        "heaps[1]: -2 is negative",
    );
    assert_error(
        post("/api/move", json!({"game": "nim", "heaps": [1.5]})).await,
        400,
        "not an integer",
    );
    assert_error(
        post(
            "/api/move",
            json!({"game": "nim", "heaps": [1], "misere": "yes"}),
        )
        .await,
        400,
        "\"misere\" must be true or false",
    );
}

#[tokio::test]
async fn a_bad_spec_names_the_byte() {
    assert_error(
        post("/api/values", json!({"game": "0.7x", "to": 5})).await,
        400,
        "at byte 3",
    );
}

#[tokio::test]
async fn huge_numbers_are_over_the_limit_not_a_crash() {
    let huge = "123456789012345678901234567890123456789";
    let body = format!("{{\"game\": \"nim\", \"heaps\": [{huge}]}}");
    assert_error(
        call(Limits::default(), "/api/move", body).await,
        422,
        "heaps[0]",
    );
    let body = format!("{{\"game\": \"nim\", \"heaps\": [\"{huge}\"]}}");
    assert_error(
        call(Limits::default(), "/api/move", body).await,
        422,
        "too large",
    );
    let body = format!("{{\"game\": \"0.77\", \"to\": {huge}}}");
    assert_error(
        call(Limits::default(), "/api/values", body).await,
        422,
        "to:",
    );
    assert_error(
        post("/api/values", json!({"game": "0.77", "to": u64::MAX})).await,
        422,
        "at most",
    );
}

#[tokio::test]
async fn over_limit_requests_are_refused_before_any_work() {
    let limits = Limits::default();
    let many = vec![1; limits.max_heaps + 1];
    assert_error(
        post("/api/move", json!({"game": "nim", "heaps": many})).await,
        422,
        "at most",
    );
    assert_error(
        post(
            "/api/values",
            json!({"game": "0.77", "to": limits.max_values_to + 1}),
        )
        .await,
        422,
        "at most",
    );
    assert_error(
        post(
            "/api/move",
            json!({"game": "nim", "heaps": [limits.max_play_heap + 1]}),
        )
        .await,
        422,
        "at most",
    );
    // Past the search, misère play uses the quotient, on heaps up to
    // max_misere_quotient_heap.
    assert_error(
        post(
            "/api/move",
            json!({"game": "0.77", "heaps": [40, 20], "misere": true}),
        )
        .await,
        422,
        "misère quotient for heaps of at most 30 tokens",
    );
    // A hexadecimal code splitting heaps in three: ~n²/12 moves per heap.
    assert_error(
        post("/api/options", json!({"game": "0.F", "heaps": [900, 900]})).await,
        422,
        "legal moves",
    );
    assert_error(
        post("/api/graph", json!({"game": "0.F", "heaps": [5000]})).await,
        422,
        "at most 64 tokens",
    );
    assert_error(
        post("/api/graph", json!({"game": "0.77", "heaps": [60]})).await,
        422,
        "more than",
    );
    let big = format!(
        "{{\"game\": \"nim\", \"heaps\": [{}1]}}",
        "1, ".repeat(limits.max_body_bytes)
    );
    assert_error(
        call(Limits::default(), "/api/move", big).await,
        413,
        "larger than",
    );
}

#[tokio::test]
async fn a_computation_past_the_deadline_is_a_422() {
    let limits = Limits {
        timeout: Duration::from_millis(1),
        ..Limits::default()
    };
    // "half" has no fast engine: its values to 10^4 take a good part of a
    // second, far longer than a millisecond.
    let body = json!({"game": "half", "to": 10_000}).to_string();
    assert_error(call(limits, "/api/values", body).await, 422, "longer than");
}

#[tokio::test]
async fn unknown_routes_answer_json() {
    assert_error(post("/api/nope", json!({})).await, 404, "no route");
}

#[tokio::test]
async fn nim_has_the_contract_shape() {
    let (status, body) = post("/api/nim", json!({"heaps": [3, 5, 7]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({
            "heaps": [3, 5, 7], "convention": "normal", "nim_sum": 1, "outcome": "N",
            "winning_moves": [
                {"heap": 0, "from": 3, "to": 2},
                {"heap": 1, "from": 5, "to": 4},
                {"heap": 2, "from": 7, "to": 6},
            ]
        })
    );
    let (_, body) = post("/api/nim", json!({"heaps": [1, 1], "misere": true})).await;
    assert_eq!(body["outcome"], "N");
    assert_eq!(body["convention"], "misere");
    let (_, body) = post("/api/nim", json!({"heaps": [1, 2, 3], "explain": true})).await;
    assert_eq!(body["outcome"], "P");
    assert!(body["explanation"].as_str().unwrap().contains("nim-sum"));
}

#[tokio::test]
async fn nim_takes_heaps_beyond_u64_as_strings() {
    let big = "340282366920938463463374607431768211456"; // 2^128
    let (status, body) = post("/api/nim", json!({"heaps": [big, big, 5]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["heaps"], json!([big, big, 5]));
    assert_eq!(body["nim_sum"], 5);
    assert_eq!(
        body["winning_moves"],
        json!([{"heap": 2, "from": 5, "to": 0}])
    );
    // A bare JSON number that large cannot be read exactly: say so.
    let raw = format!("{{\"heaps\": [{big}]}}");
    assert_error(
        call(Limits::default(), "/api/nim", raw).await,
        400,
        "as strings of digits",
    );
    assert_error(
        post("/api/nim", json!({"heaps": ["-3"]})).await,
        400,
        "negative",
    );
    assert_error(
        post("/api/nim", json!({"heaps": ["3x"]})).await,
        400,
        "heaps[0]",
    );
    let long = "9".repeat(Limits::default().max_heap_digits + 1);
    assert_error(
        post("/api/nim", json!({"heaps": [long]})).await,
        422,
        "digits",
    );
}

/// Nim heaps of any size in /api/solve too, read as /api/nim reads them and
/// answered as `grundy solve nim` answers them.
#[tokio::test]
async fn solve_takes_nim_heaps_beyond_u64_as_nim_does() {
    let big = "100000000000000000000"; // 10^20 = 2^20 · 5^20: its low bits are 0
    let (status, body) = post("/api/solve", json!({"game": "nim", "heaps": [big, 3]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["game"], "nim");
    assert_eq!(body["heaps"], json!([big, 3]));
    assert_eq!(body["values"], json!([big, 3]));
    assert_eq!(body["nim_sum"], "100000000000000000003");
    assert_eq!(body["outcome"], "N");
    assert_eq!(
        body["winning_moves"],
        json!([{"heap": 0, "from": big, "to": [3]}])
    );
    assert_eq!(body["total_winning_moves"], 1);
    let (_, body) = post(
        "/api/solve",
        json!({"game": "nim", "heaps": [big, big], "misere": true}),
    )
    .await;
    assert_eq!(
        (&body["outcome"], &body["convention"]),
        (&json!("P"), &json!("misere"))
    );
    // The same errors as /api/nim for what is not a heap.
    let raw = format!("{{\"game\": \"nim\", \"heaps\": [{big}]}}");
    assert_error(
        call(Limits::default(), "/api/solve", raw).await,
        400,
        "as strings of digits",
    );
    assert_error(
        post("/api/solve", json!({"game": "nim", "heaps": [big, "3x"]})).await,
        400,
        "heaps[1]",
    );
    // Other games keep their bound.
    assert_error(
        post("/api/solve", json!({"game": "kayles", "heaps": [big]})).await,
        422,
        "heaps[0]",
    );
}

#[tokio::test]
async fn period_of_kayles_and_of_sub134() {
    let (status, body) = post("/api/period", json!({"game": "kayles"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["game"], "0.77",
        "the canonical spec, as the CLI prints it"
    );
    assert_eq!(body["status"], "periodic");
    assert_eq!(
        (body["preperiod"].as_u64(), body["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert!(body["checked_to"].as_u64().unwrap() >= 71 + 12);
    let (_, body) = post("/api/period", json!({"game": "sub{1,3,4}"})).await;
    assert_eq!(
        (body["preperiod"].as_u64(), body["period"].as_u64()),
        (Some(0), Some(7))
    );
    let (_, body) = post("/api/period", json!({"game": "half", "max": 100})).await;
    assert_eq!(body["status"], "unknown");
    assert_eq!(body["checked_to"], 100);
    assert_error(
        post("/api/period", json!({"game": "half", "max": 1_000_000})).await,
        422,
        "at most",
    );
}

#[tokio::test]
async fn solve_uses_the_period_for_huge_heaps() {
    let (status, body) = post(
        "/api/solve",
        json!({"game": "kayles", "heaps": [1_000_000_000_000_000_000u64, 7]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // G(10^18) = G(76) = 1 and G(7) = 2 (OEIS A002186 and the period 12).
    assert_eq!(body["values"], json!([1, 2]));
    assert_eq!(body["nim_sum"], 3);
    assert_eq!(body["outcome"], "N");
    assert!(!body["winning_moves"].as_array().unwrap().is_empty());
    for m in body["winning_moves"].as_array().unwrap() {
        assert!(m["to"].is_array());
    }
    // Without a period, a heap beyond what is computed is refused cleanly.
    assert_error(
        post("/api/solve", json!({"game": "half", "heaps": [u64::MAX]})).await,
        422,
        "half",
    );
    let (_, body) = post(
        "/api/solve",
        json!({"game": "kayles", "heaps": [4], "misere": true}),
    )
    .await;
    assert_eq!(body["outcome"], "P");
    assert_eq!(body["convention"], "misere");
}

/// Misère Kayles past the exhaustive search: the engine, the hint and the
/// solver answer with the misère quotient, and agree with each other.
#[tokio::test]
async fn misere_past_the_search_uses_the_quotient() {
    let (code, hint) = post(
        "/api/hint",
        json!({"game": "kayles", "heaps": [20, 20], "misere": true}),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{hint}");
    assert_eq!(hint["lesson"], "quotient");
    assert!(hint.get("nim_sum").is_none(), "{hint}");
    assert!(
        hint["text"].as_str().unwrap().contains("misère quotient"),
        "{hint}"
    );
    let (_, solve) = post(
        "/api/solve",
        json!({"game": "kayles", "heaps": [20, 20, 17], "misere": true}),
    )
    .await;
    assert_eq!(solve["method"], "quotient", "{solve}");
    let (_, hint3) = post(
        "/api/hint",
        json!({"game": "kayles", "heaps": [20, 20, 17], "misere": true}),
    )
    .await;
    assert_eq!(solve["outcome"], hint3["outcome"]);
    assert_eq!(
        solve["total_winning_moves"],
        hint3["winning_moves"].as_array().unwrap().len()
    );
    let (code, mv) = post(
        "/api/move",
        json!({"game": "kayles", "heaps": [20, 20, 17], "misere": true}),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{mv}");
    assert_eq!(mv["winning"], solve["outcome"] == "N");
}

/// `/api/quotient` is `grundy quotient --json`: 0.75 is R8, with its
/// table on request; heaps past the server's bound are refused.
#[tokio::test]
async fn quotient_route() {
    let (code, q) = post(
        "/api/quotient",
        json!({"game": "0.75", "max_heap": 12, "table": true}),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{q}");
    assert_eq!(q["order"], 8);
    assert_eq!(q["p_portion"], json!(["a", "b^2"]));
    assert_eq!(q["pretending"].as_array().unwrap().len(), 13);
    let table = q["table"].as_array().unwrap();
    assert_eq!(table.len(), 8);
    assert!(table.iter().all(|row| row.as_array().unwrap().len() == 8));
    let (_, q) = post("/api/quotient", json!({"game": "kayles"})).await;
    assert_eq!(q["max_heap"], 20);
    assert!(q.get("table").is_none());
    assert_error(
        post("/api/quotient", json!({"game": "kayles", "max_heap": 31})).await,
        422,
        "max_heap: 31 is too large; at most 30",
    );
}

#[tokio::test]
async fn a_wrong_method_answers_json() {
    let response = router(Limits::default())
        .oneshot(Request::get("/api/nim").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(v["error"].as_str().unwrap().contains("POST"), "{v}");
}

#[tokio::test]
async fn limits_are_published() {
    let response = router(Limits::default())
        .oneshot(Request::get("/api/limits").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(v["max_heaps"], Limits::default().max_heaps);
    assert_eq!(v["timeout_ms"], 5000);
}

/// Every bound a period's reason points to with "see /api/limits" is
/// there, beside the games it applies to (issue 46: `0.F7` said "at most
/// 1000 values" and /api/limits had no such figure).
#[tokio::test]
async fn the_bound_a_period_names_is_in_the_limits() {
    let response = router(Limits::default())
        .oneshot(Request::get("/api/limits").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let limits: Value = serde_json::from_slice(&bytes).unwrap();
    let families = limits["max_values_by_family"].as_array().unwrap();
    // Neither has a period proved within the server's bound.
    for (spec, family) in [("0.F7", "0.F7"), ("0.16", "0.77")] {
        let (status, body) = post("/api/period", json!({ "game": spec })).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let reason = body["reason"].as_str().unwrap();
        let cap = body["checked_to"].as_u64().unwrap();
        assert!(reason.contains("see /api/limits"), "{reason}");
        assert!(
            reason.contains(&format!("at most {cap} values")),
            "{reason}"
        );
        let entry = families
            .iter()
            .find(|f| f["games"].as_str().unwrap().contains(family))
            .unwrap_or_else(|| panic!("no family for {spec} in {limits}"));
        assert_eq!(entry["max_values"], cap, "{spec}: {entry}");
    }
}

/// A bad game spec is answered with the byte range of the problem, as the
/// CLI puts a caret under it.
#[tokio::test]
async fn spec_errors_carry_their_span() {
    for (path, body) in [
        ("/api/values", json!({"game": "0.7x", "to": 5})),
        ("/api/period", json!({"game": "0.7x"})),
        ("/api/solve", json!({"game": "0.7x", "heaps": [1]})),
    ] {
        let (code, body) = post(path, body).await;
        assert_eq!(code.as_u16(), 400, "{path}: {body}");
        assert_eq!(body["span"], json!([3, 4]), "{path}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains("at byte 3"),
            "{body}"
        );
    }
    let (_, body) = post("/api/values", json!({"game": "sub{1,", "to": 5})).await;
    assert_eq!(body["span"], json!([6, 6]), "a point at the end: {body}");
}

#[tokio::test]
async fn period_stopped_by_the_server_names_its_limit() {
    // 0.16's period is not known to be reached within the server's bound:
    // the reason must say that the bound was the server's.
    let (status, body) = post("/api/period", json!({"game": "0.16"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "unknown");
    let cap = body["checked_to"].as_u64().unwrap();
    let reason = body["reason"].as_str().unwrap();
    assert!(
        reason.contains(&format!(
            "this server computes at most {cap} values for 0.16"
        )),
        "{reason}"
    );
    assert!(reason.contains("grundy period 0.16 --max N"), "{reason}");
    // A bound the user chose below the server's is the user's: no note.
    let (_, body) = post("/api/period", json!({"game": "half", "max": 100})).await;
    assert!(
        !body["reason"].as_str().unwrap().contains("server"),
        "{body}"
    );
}

/// The raw text of an answer, for the order of its keys.
async fn post_raw(path: &str, body: Value) -> (StatusCode, String) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router(Limits::default()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test]
async fn every_route_names_the_game_canonically_and_keeps_what_was_typed() {
    let position = json!({"game": "Kayles", "heaps": [4, 2]});
    for path in ["/api/hint", "/api/move", "/api/options", "/api/graph"] {
        let (status, text) = post_raw(path, position.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path}: {text}");
        // The game first, then what was typed, as /api/solve and the CLI
        // begin their answers.
        assert!(
            text.starts_with(r#"{"game":"0.77","typed":"Kayles","#),
            "{path}: {text}"
        );
    }
    let (status, body) = post(
        "/api/play",
        json!({"game": "dawson", "heaps": [5], "heap": 0, "take": 2, "leave": [3]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["game"].as_str(), body["typed"].as_str()),
        (Some("0.07"), Some("dawson"))
    );
    // /api/solve names it the same way.
    let (_, body) = post("/api/solve", json!({"game": "Kayles", "heaps": [4, 2]})).await;
    assert_eq!(body["game"], "0.77");
    // The graph's keys: game, typed, nodes, edges (no longer alphabetical).
    let (_, text) = post_raw("/api/graph", json!({"game": "nim", "heaps": [2]})).await;
    let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap();
    assert!(
        at("game") < at("typed") && at("typed") < at("nodes") && at("nodes") < at("edges"),
        "{text}"
    );
    // A board's graph too: the canonical board first, then what was typed.
    let (status, text) = post_raw("/api/graph", json!({"game": "Cram: 2x2"})).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(
        text.starts_with(r#"{"game":"cram:2x2","typed":"Cram: 2x2","#),
        "{text}"
    );
}

#[tokio::test]
async fn nim_with_no_heaps_is_an_error_as_in_the_cli() {
    assert_error(
        post("/api/nim", json!({"heaps": []})).await,
        400,
        "no heaps given",
    );
    assert_error(
        post("/api/nim", json!({"heaps": [], "misere": true})).await,
        400,
        "no heaps given",
    );
}

#[tokio::test]
async fn boards_are_solved_and_drawn_like_the_cli() {
    let (status, mut body) = post("/api/solve", json!({"game": "cram:1x4"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The JSON of `grundy solve cram:1x4 --json`, whose search counters
    // vary with the machine.
    assert!(body["search"]["nodes"].as_u64().unwrap() > 0, "{body}");
    body.as_object_mut().unwrap().remove("search");
    let cli: Value = serde_json::from_str(
        r#"{"game":"cram:1x4","value":2,"outcome":"N","winning_moves":[{"move":"b1-c1","cells":[[0,1],[0,2]]}]}"#,
    )
    .unwrap();
    assert_eq!(body, cli);
    for (cram, spec) in [(true, "cram:2x3"), (false, "chomp:3x3")] {
        let (status, graph) = post("/api/graph", json!({"game": spec})).await;
        assert_eq!(status, StatusCode::OK, "{graph}");
        let nodes = graph["nodes"].as_array().unwrap();
        assert_eq!(graph["node_count"], nodes.len());
        assert!(nodes.len() > 5);
        for node in nodes {
            let drawing = node["node"].as_str().unwrap();
            // The value by the definition (the mex of its options), by
            // the test kit.
            let rows = boards::grid(drawing);
            let expected = if cram {
                Plain::normal(|g: &boards::Grid| boards::cram_moves(g)).value(&rows)
            } else {
                Plain::normal(|g: &boards::Grid| boards::chomp_moves(g)).value(&rows)
            };
            assert_eq!(node["value"], expected, "{spec} {drawing}");
            // Every node fed back to /api/solve gives the value drawn.
            let game = format!("{}:{drawing}", &spec[..spec.find(':').unwrap()]);
            let (status, solved) = post("/api/solve", json!({"game": game})).await;
            assert_eq!(status, StatusCode::OK, "{solved}");
            assert_eq!(solved["value"], expected, "{game}");
        }
    }
}

#[tokio::test]
async fn heap_routes_explain_what_a_board_is() {
    for (path, body) in [
        ("/api/values", json!({"game": "cram:3x3", "to": 5})),
        ("/api/period", json!({"game": "chomp:3x4"})),
    ] {
        let (code, answer) = post(path, body).await;
        assert_eq!(code.as_u16(), 422, "{path}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains(" position, not a heap game"), "{message}");
        assert!(message.contains("not a heap game"), "{message}");
        assert!(message.contains("/api/solve"), "{message}");
        assert!(answer["span"][1].as_u64().unwrap() >= 8, "{answer}");
    }
}

#[tokio::test]
async fn bad_boards_are_located_or_over_the_limit() {
    let (code, body) = post("/api/solve", json!({"game": "cram:.../.."})).await;
    assert_eq!(code.as_u16(), 400, "{body}");
    assert_eq!(body["span"], json!([9, 11]));
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("row 2 has 2 cells"));
    assert_error(
        post("/api/board", json!({"game": "cram:7x7"})).await,
        422,
        "at most 36 cells",
    );
    assert_error(
        post("/api/solve", json!({"game": "cram:2x2", "heaps": [3]})).await,
        400,
        "takes no heaps",
    );
    // Misère play of a board (issue 49): a 2x2 Cram board takes two
    // dominoes; after the second the first player cannot move, which
    // wins under misère play.
    let (status, misere) = post("/api/solve", json!({"game": "cram:2x2", "misere": true})).await;
    assert_eq!(status, StatusCode::OK, "{misere}");
    assert_eq!(misere["convention"], "misere");
    assert_eq!(misere["outcome"], "N");
    assert!(misere.get("value").is_none(), "{misere}");
    let (status, board) = post("/api/board", json!({"game": "cram:1x4", "misere": true})).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    assert_eq!(board["misere"], true);
    assert_eq!(
        board["winning_moves"].as_array().unwrap().len(),
        2,
        "{board}"
    );
    // The engine answers an end domino with the last domino and leaves the
    // user without a move, who wins under misère play.
    let (status, turn) = post(
        "/api/board/move",
        json!({"game": "cram:1x4", "misere": true, "move": "a1-b1"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{turn}");
    assert_eq!(turn["engine"]["move"], "c1-d1");
    assert_eq!(turn["winner"], "you");
}

#[tokio::test]
async fn a_board_game_against_the_engine() {
    // The page's start: the position, its value and the winning moves.
    let (status, start) = post("/api/board", json!({"game": "chomp:2x2"})).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["cells"], json!(["..", ".."]));
    assert_eq!(
        start["winning_moves"],
        json!([{"move": "b2", "cells": [[1, 1]]}])
    );
    // Bite b2: the engine eats one arm of the L, the user the other.
    let (status, turn) = post(
        "/api/board/move",
        json!({"game": "chomp:2x2", "move": [[1, 1]]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{turn}");
    assert_eq!(turn["you"]["move"], "b2");
    assert_eq!(turn["after_you"], "chomp:../.#");
    assert!(turn["engine"]["cells"].is_array(), "{turn}");
    assert_eq!(turn["winner"], Value::Null);
    let position = &turn["position"];
    let game = position["game"].as_str().unwrap();
    let last = &position["winning_moves"][0]["cells"];
    let (status, end) = post("/api/board/move", json!({"game": game, "move": last})).await;
    assert_eq!(status, StatusCode::OK, "{end}");
    assert_eq!(end["winner"], "you", "{end}");
    assert_eq!(end["engine"], Value::Null);
    assert_eq!(end["position"]["over"], true);
    // The engine may open, and an illegal move is a 422 with its reason.
    let (status, opened) = post("/api/board/move", json!({"game": "cram:2x3"})).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(
        opened["position"]["outcome"], "P",
        "the engine wins from *1"
    );
    assert_error(
        post(
            "/api/board/move",
            json!({"game": "cram:2x3", "move": [[0, 0], [1, 1]]}),
        )
        .await,
        422,
        "a1 and b2 are not side by side",
    );
}

/// Issue 12: Node Kayles on the page's routes: the graph with its layout,
/// the value and the winning vertices, moves by vertex number, and the
/// CLI's JSON from /api/solve.
#[tokio::test]
async fn a_node_kayles_game_against_the_engine() {
    let (status, start) = post("/api/board", json!({"game": "nodekayles:path:5"})).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["kind"], "nodekayles");
    assert_eq!(start["edges"], json!([[0, 1], [1, 2], [2, 3], [3, 4]]));
    assert_eq!(start["vertices"].as_array().unwrap().len(), 5);
    assert_eq!(start["vertices"][2]["name"], "3");
    assert_eq!(start["removed"], json!([]));
    // A path of n vertices is the octal game 0.137: G(5) = 3.
    assert_eq!(start["value"], 3);
    assert_eq!(start["winning_moves"], json!([{"move": "3", "vertex": 2}]));
    for v in start["vertices"].as_array().unwrap() {
        let (x, y) = (v["x"].as_f64().unwrap(), v["y"].as_f64().unwrap());
        assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y), "{v}");
    }
    // Pick the middle: two lone vertices are left; the engine takes one,
    // the user the other and wins.
    let (status, turn) = post(
        "/api/board/move",
        json!({"game": "nodekayles:path:5", "vertex": 2}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{turn}");
    assert_eq!(turn["you"], json!({"move": "3", "vertex": 2}));
    // Every position is named by its spec, the vertices gone in braces.
    assert_eq!(turn["after_you"], "nodekayles:path:5-{2,3,4}");
    assert_eq!(turn["winner"], Value::Null);
    let position = &turn["position"];
    assert_eq!(position["removed"].as_array().unwrap().len(), 4);
    assert_eq!(position["outcome"], "N");
    let last = position["winning_moves"][0]["vertex"].clone();
    let (status, end) = post(
        "/api/board/move",
        json!({"game": position["game"], "vertex": last}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{end}");
    assert_eq!(end["winner"], "you");
    assert_eq!(end["position"]["over"], true);
    // The engine opens from *3 and leaves a P-position.
    let (status, opened) = post("/api/board/move", json!({"game": "nodekayles:path:5"})).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(opened["engine"]["vertex"], 2);
    assert_eq!(opened["position"]["outcome"], "P");
    // The Petersen graph is drawn as a pentagon around a pentagram.
    let (_, petersen) = post("/api/board", json!({"game": "nodekayles:petersen"})).await;
    assert_eq!(petersen["edges"].as_array().unwrap().len(), 15);
    // /api/solve answers as `grundy solve nodekayles:cycle:8 --json`: a cycle
    // of n is worth G(n - 3) of 0.137 after its forced first pick, G(5) = 3,
    // and so its value is the mex of {3}, 0.
    let (status, solved) = post("/api/solve", json!({"game": "nodekayles:cycle:8"})).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["game"], "nodekayles:cycle:8");
    assert_eq!(solved["value"], 0);
    assert_eq!(solved["outcome"], "P");
    assert!(solved["search"]["nodes"].is_u64(), "{solved}");
    // Errors: a gone vertex, a vertex off the graph, a bad family (with its
    // byte), a graph over the page's limit, a file, and board fields.
    assert_error(
        post(
            "/api/board/move",
            json!({"game": "nodekayles:path:5-{2,3,4}", "vertex": 2}),
        )
        .await,
        422,
        "vertex 2 cannot be picked in nodekayles:path:5-{2,3,4} (it is gone",
    );
    assert_error(
        post(
            "/api/board/move",
            json!({"game": "nodekayles:path:5", "vertex": 5}),
        )
        .await,
        422,
        "vertex 5 cannot be picked",
    );
    assert_error(
        post(
            "/api/board/move",
            json!({"game": "nodekayles:path:5", "move": "9"}),
        )
        .await,
        422,
        "\"9\" is not a vertex of nodekayles:path:5",
    );
    let (code, body) = post("/api/board", json!({"game": "nodekayles:path:x"})).await;
    assert_eq!(code.as_u16(), 400, "{body}");
    assert_eq!(body["span"], json!([16, 17]));
    assert_error(
        post("/api/board", json!({"game": "nodekayles:grid:7x7"})).await,
        422,
        "at most 36 vertices",
    );
    assert_error(
        post("/api/board", json!({"game": "nodekayles:my-graph.txt"})).await,
        400,
        "this server reads no files",
    );
    assert_error(
        post("/api/board", json!({"game": "cram:2x2", "removed": [0]})).await,
        400,
        "unknown field \"removed\"",
    );
    // Its graph of positions, as for every game that names its position.
    let (status, graph) = post("/api/graph", json!({"game": "nodekayles:path:3"})).await;
    assert_eq!(status, StatusCode::OK, "{graph}");
    assert_eq!(graph["node_count"], 4);
    assert_eq!(graph["nodes"][0]["value"], 2);
    assert_error(
        post(
            "/api/board/move",
            json!({"game": "nodekayles:path:5", "move": [[0, 0]]}),
        )
        .await,
        422,
        "\"a1\" is not a vertex of nodekayles:path:5",
    );
}

/// The page offers the board games and its script uses the board routes
/// (the browser test drives the heap games; this keeps the board wiring
/// from silently disappearing).
#[tokio::test]
async fn the_page_offers_board_games() {
    let get = |path: &'static str| async move {
        let response = router(Limits::default())
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        String::from_utf8(bytes.to_vec()).unwrap()
    };
    let page = get("/").await;
    assert!(page.contains(r#"<option value="cram" data-misere="false" data-board="true">"#));
    assert!(page.contains(r#"<option value="chomp" data-misere="false" data-board="true">"#));
    assert!(page.contains(r#"<option value="nodekayles" data-misere="false" data-board="true">"#));
    let script = get("/app.js").await;
    for route in ["\"/api/board\"", "\"/api/board/move\""] {
        assert!(script.contains(route), "app.js lacks {route}");
    }
}

/// Issue 16: values past a proof are read from the period and the answer
/// says so in a header (the body stays the CLI's JSON); stats over the
/// window are counted over periods and agree with counting the values.
#[tokio::test]
async fn values_read_from_a_period_say_so_in_a_header() {
    let body = json!({"game": "sub{1,3,4}", "from": 100, "to": 5000, "stats": true});
    let request = Request::post("/api/values")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router(Limits::default()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let note = response.headers()["x-grundy-note"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        note.starts_with("sub{1,3,4} has period 7 from n = 0"),
        "{note}"
    );
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(v.get("note").is_none(), "the body is the CLI's JSON");
    // From the definition: G repeats 0,1,0,1,2,3,2 (mex over n-1, n-3, n-4).
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=5000usize {
        let opts: Vec<u64> = [1, 3, 4]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[n - s])
            .collect();
        g.push((0..).find(|x| !opts.contains(x)).unwrap());
    }
    assert_eq!(v["values"], json!(g[100..].to_vec()));
    let mut counts = std::collections::BTreeMap::new();
    for &x in &g[100..] {
        *counts.entry(x.to_string()).or_insert(0u64) += 1;
    }
    assert_eq!(v["stats"]["histogram"], json!(counts));
    // The first 3 at or after 100: 100 = 2 (mod 7), residue 5 is at 103.
    assert_eq!(
        (v["stats"]["max"].as_u64(), v["stats"]["max_at"].as_u64()),
        (Some(3), Some(103))
    );
}

/// `/api/genus` answers as `grundy solve --genus --json`: for heaps and for
/// whole positions, with γ0 = 0 exactly where `/api/solve` under misère
/// play says P.
#[tokio::test]
async fn genus_of_heaps_and_positions_agrees_with_misere_solve() {
    for request in [
        json!({"game": "kayles", "heaps": [4, 7]}),
        json!({"game": "nim", "heaps": [1, 1]}),
        json!({"game": "cram:3x3"}),
        json!({"game": "nodekayles:cycle:6"}),
    ] {
        let (status, genus) = post("/api/genus", request.clone()).await;
        assert_eq!(status, StatusCode::OK, "{genus}");
        let mut misere = request.clone();
        misere["misere"] = json!(true);
        let (_, solved) = post("/api/solve", misere).await;
        assert_eq!(genus["misere_outcome"], solved["outcome"], "{request}");
        assert_eq!(
            genus["gammas"][0] == 0,
            solved["outcome"] == "P",
            "{request}"
        );
    }
    let (_, nim) = post("/api/genus", json!({"game": "nim", "heaps": [1, 1]})).await;
    assert_eq!(nim["genus"], "0^120");
    assert_error(
        post("/api/genus", json!({"game": "kayles", "heaps": [5000]})).await,
        422,
        "heaps[0]: 5000 is too large; at most 4096",
    );
    assert_error(
        post("/api/genus", json!({"game": "kayles", "heaps": []})).await,
        400,
        "no heaps given",
    );
}

/// A wrong method names the method the route takes: GET for the page and
/// `/api/limits`, POST for the routes that compute.
#[tokio::test]
async fn a_wrong_method_names_the_right_one() {
    for (method, path, needle) in [
        (
            "POST",
            "/api/limits",
            "POST is not allowed on /api/limits; this route takes GET",
        ),
        (
            "GET",
            "/api/solve",
            "GET is not allowed on /api/solve; this route takes POST",
        ),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        let response = router(Limits::default()).oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{path}");
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(body["error"].as_str().unwrap().contains(needle), "{body}");
    }
}

/// The keys of a JSON object, in order.
fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

/// Wythoff's P-positions up to `side` by the definition (no move reaches
/// a P-position; with no move at all, P in normal play and N in misère).
fn wythoff_p(side: usize, misere: bool) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; side + 1]; side + 1];
    for a in 0..=side {
        for b in 0..=side {
            let mut options = Vec::new();
            options.extend((1..=a).map(|t| (a - t, b)));
            options.extend((1..=b).map(|t| (a, b - t)));
            options.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
            p[a][b] = if options.is_empty() {
                !misere
            } else {
                !options.iter().any(|&(x, y)| p[x][y])
            };
        }
    }
    p
}

/// `/api/board` without `moves` and `lesson` answers as before; with them,
/// every legal move (here checked against Wythoff's rules by hand) and
/// the P-positions of the board, checked against the definition, in both
/// conventions.
#[tokio::test]
async fn board_moves_and_lesson_are_added_only_when_asked() {
    let (status, plain) = post("/api/board", json!({"game": "wythoff:6,9"})).await;
    assert_eq!(status, StatusCode::OK, "{plain}");
    assert_eq!(
        keys(&plain),
        [
            "game",
            "heaps",
            "kind",
            "outcome",
            "over",
            "value",
            "winning_moves"
        ]
    );
    for game in [
        "cram:2x3",
        "chomp:2x3",
        "nodekayles:path:5",
        "hackenbush:stalk:3",
    ] {
        let (status, body) = post("/api/board", json!({"game": game})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(
            body.get("moves").is_none() && body.get("lesson").is_none(),
            "{body}"
        );
        let (_, off) = post(
            "/api/board",
            json!({"game": game, "moves": false, "lesson": false}),
        )
        .await;
        assert_eq!(off, body, "{game}: false is the default");
    }
    for misere in [false, true] {
        let (status, rich) = post(
            "/api/board",
            json!({"game": "wythoff:6,9", "misere": misere, "moves": true, "lesson": true}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{rich}");
        // Every square the queen reaches: left, down, diagonally.
        let mut expected: Vec<(u64, u64)> = (0..6).map(|x| (x, 9)).collect();
        expected.extend((0..9).map(|y| (6, y)));
        expected.extend((1..=6).map(|t| (6 - t, 9 - t)));
        expected.sort_unstable();
        let mut got: Vec<(u64, u64)> = rich["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                assert_eq!(m["move"], format!("{},{}", m["heaps"][0], m["heaps"][1]));
                (
                    m["heaps"][0].as_u64().unwrap(),
                    m["heaps"][1].as_u64().unwrap(),
                )
            })
            .collect();
        got.sort_unstable();
        assert_eq!(got, expected);
        let p = wythoff_p(9, misere);
        let mut pairs = Vec::new();
        for (x, row) in p.iter().enumerate() {
            for (y, &is_p) in row.iter().enumerate() {
                if is_p && x <= y {
                    pairs.push(json!([x, y]));
                }
            }
        }
        assert_eq!(
            rich["lesson"]["p_positions"],
            json!(pairs),
            "misère {misere}"
        );
        // Each winning move reaches one of them.
        for m in rich["winning_moves"].as_array().unwrap() {
            let (x, y) = (
                m["heaps"][0].as_u64().unwrap(),
                m["heaps"][1].as_u64().unwrap(),
            );
            assert!(p[x as usize][y as usize], "{m}");
        }
        // The rest of the answer is the plain one.
        let mut trimmed = rich.clone();
        let map = trimmed.as_object_mut().unwrap();
        map.remove("moves");
        map.remove("lesson");
        map.remove("misere");
        if !misere {
            assert_eq!(trimmed, plain);
        }
    }
}

/// The lessons of coin rows (each head's value and the nim-sum: Mock
/// Turtles' heads are the odious numbers), Hackenbush (the parts standing
/// on the ground, stalks being Nim heaps) and Moore's Nim (the binary
/// column sums), and the position after a move keeps them.
#[tokio::test]
async fn board_lessons_of_coins_hackenbush_and_moore() {
    let odious: Vec<u64> = (0u64..)
        .filter(|n| n.count_ones() % 2 == 1)
        .take(8)
        .collect();
    let (status, coins) = post(
        "/api/board",
        json!({"game": "coins:mock:THHTHTTH", "lesson": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{coins}");
    let heads: Vec<(u64, u64)> = coins["lesson"]["heads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["coin"].as_u64().unwrap(), h["value"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        heads,
        [2, 3, 5, 8].map(|c| (c, odious[c as usize - 1])).to_vec()
    );
    let sum = heads.iter().fold(0, |a, &(_, v)| a ^ v);
    assert_eq!(coins["lesson"]["nim_sum"], sum);
    assert_eq!(coins["value"], sum);
    assert_eq!(coins["lesson"]["values"], json!(odious));
    // Under misère play the values decide nothing: no lesson.
    let (_, misere) = post(
        "/api/board",
        json!({"game": "coins:mock:THHTHTTH", "lesson": true, "misere": true}),
    )
    .await;
    assert!(misere.get("lesson").is_none(), "{misere}");

    // A cycle of 4 on the ground with its second edge chopped: two stalks,
    // of one edge and of two, worth *1 and *2.
    let (status, cut) = post(
        "/api/board",
        json!({"game": "hackenbush:cycle:4-{2}", "lesson": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{cut}");
    assert_eq!(
        cut["lesson"],
        json!({"nim_sum": 3, "parts": [{"edges": [1], "value": 1}, {"edges": [3, 4], "value": 2}]})
    );
    assert_eq!(cut["value"], 3);
    // The drawing places every vertex, the ground at the bottom.
    for v in cut["vertices"].as_array().unwrap() {
        let (x, y) = (v["x"].as_f64().unwrap(), v["y"].as_f64().unwrap());
        assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y), "{v}");
        assert_eq!(y == 1.0, v["name"] == "ground", "{v}");
    }
    // Chop the lone edge: the engine answers, and the position after
    // carries its lesson and moves.
    let (status, turn) = post(
        "/api/board/move",
        json!({"game": "hackenbush:cycle:4-{2}", "move": "1", "lesson": true, "moves": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{turn}");
    assert_eq!(turn["after_you"], "hackenbush:cycle:4-{1,2}");
    let position = &turn["position"];
    let standing: Vec<u64> = position["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["edge"].as_u64().unwrap() + 1)
        .collect();
    let parts = position["lesson"]["parts"].as_array().unwrap();
    let in_parts: Vec<u64> = parts
        .iter()
        .flat_map(|p| {
            p["edges"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e.as_u64().unwrap())
        })
        .collect();
    assert_eq!(standing, in_parts);
    assert_eq!(position["lesson"]["nim_sum"], position["value"]);

    // Moore's Nim with K = 2 on 3, 5, 6: every binary column holds two
    // ones, not a multiple of 3, so an N-position.
    let (status, moore) = post(
        "/api/board",
        json!({"game": "moore:2:3,5,6", "lesson": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moore}");
    assert_eq!(moore["lesson"], json!({"k": 2, "column_sums": [2, 2, 2]}));
    assert_eq!(moore["outcome"], "N");
    // Moore's theorem gives the outcome, not a value: none is claimed.
    assert_eq!(moore["value"], Value::Null, "{moore}");
    // Leaving 3, 3, 3 makes every column hold 0 or 3 ones: P.
    let (_, after) = post(
        "/api/board",
        json!({"game": "moore:2:3,3,3", "lesson": true}),
    )
    .await;
    assert_eq!(after["lesson"]["column_sums"], json!([3, 3]));
    assert_eq!(after["outcome"], "P");
    // A bad flag is a located 400, as every field.
    assert_error(
        post("/api/board", json!({"game": "wythoff:1,2", "moves": 1})).await,
        400,
        "moves",
    );
}
