//! The misère routes: `POST /api/canonical` (the misère canonical form of
//! heap sums and whole positions, against the forms the literature and
//! CGSuite give, against `/api/solve`'s misère search, an independent
//! search of the same position, and its bounds) and `/api/graph` under
//! misère play.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use grundy_web::{router, Limits};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn send(request: Request<Body>) -> (StatusCode, Value) {
    let response = router(Limits::default()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("answered non-JSON ({e}): {bytes:?}"));
    (status, value)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(request).await
}

fn assert_error((status, body): (StatusCode, Value), code: u16, needle: &str) {
    assert_eq!(status.as_u16(), code, "{body}");
    let message = body["error"].as_str().unwrap_or_else(|| panic!("{body}"));
    assert!(message.contains(needle), "{message:?} lacks {needle:?}");
}

/// Forms the literature gives: `*2 + *2` is `*[2[2]]` (a P-position, not
/// 0), CGSuite's own test of misère Cram is `*[2[2]321]`, a Dawson's
/// Kayles strip is its heap, and `* + *` is 0.
#[tokio::test]
async fn known_forms() {
    for (request, form, outcome) in [
        (json!({"game": "nim", "heaps": [2, 2]}), "*[2[2]]", "P"),
        (json!({"game": "nim", "heaps": [1, 1]}), "0", "N"),
        (json!({"game": "nim", "heaps": [3]}), "*3", "N"),
        (
            json!({"game": "cram:........./##.######"}),
            "*[2[2]321]",
            "N",
        ),
    ] {
        let (status, v) = post("/api/canonical", request.clone()).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["canonical"], form, "{request}");
        assert_eq!(v["outcome"], outcome, "{request}");
        assert_eq!(v["convention"], "misere");
    }
    let (_, nim) = post("/api/canonical", json!({"game": "nim", "heaps": [2, 2]})).await;
    assert_eq!(nim["game"], "nim");
    assert_eq!(nim["heaps"], json!([2, 2]));
    // A 1xN Cram strip is Dawson's Kayles (0.07) on N cells.
    for n in 2..=9 {
        let (_, strip) = post("/api/canonical", json!({"game": format!("cram:1x{n}")})).await;
        let (_, heap) = post("/api/canonical", json!({"game": "0.07", "heaps": [n]})).await;
        assert_eq!(strip["canonical"], heap["canonical"], "1x{n}");
    }
}

/// The form's misère outcome is what `/api/solve` finds by its own search,
/// for heap sums and for every kind of position.
#[tokio::test]
async fn outcomes_agree_with_the_misere_search() {
    for request in [
        json!({"game": "kayles", "heaps": [4, 7]}),
        json!({"game": "kayles", "heaps": [1, 2, 3]}),
        json!({"game": "0.07", "heaps": [5, 5]}),
        json!({"game": "sub{1,2,4}", "heaps": [6, 3]}),
        json!({"game": "grundy-game", "heaps": [9]}),
        json!({"game": "cram:3x3"}),
        json!({"game": "chomp:3x4"}),
        json!({"game": "nodekayles:cycle:7"}),
        json!({"game": "arckayles:path:6"}),
        json!({"game": "wythoff:3,4"}),
        json!({"game": "coins:turtles:THTHH"}),
        json!({"game": "hackenbush:stalk:5"}),
    ] {
        let (status, form) = post("/api/canonical", request.clone()).await;
        assert_eq!(status, StatusCode::OK, "{request}: {form}");
        let mut misere = request.clone();
        misere["misere"] = json!(true);
        let (status, solved) = post("/api/solve", misere).await;
        assert_eq!(status, StatusCode::OK, "{request}: {solved}");
        assert_eq!(form["outcome"], solved["outcome"], "{request}");
        assert_eq!(
            form["misere_value"] == 0,
            solved["outcome"] == "P",
            "{request}"
        );
    }
}

#[tokio::test]
async fn bounds_are_clear_errors() {
    assert_error(
        post("/api/canonical", json!({"game": "kayles", "heaps": [5000]})).await,
        422,
        "heaps[0]: 5000 is too large; at most 4096",
    );
    assert_error(
        post("/api/canonical", json!({"game": "kayles", "heaps": []})).await,
        400,
        "no heaps given",
    );
    assert_error(
        post("/api/canonical", json!({"game": "cram:5x5"})).await,
        422,
        "at most 20 cells",
    );
    assert_error(
        post("/api/canonical", json!({"game": "cram:3x3", "heaps": [2]})).await,
        400,
        "takes no heaps",
    );
    // Kayles forms outgrow the server's bound on the text long before
    // the heap bound.
    assert_error(
        post("/api/canonical", json!({"game": "kayles", "heaps": [22]})).await,
        422,
        "the misère canonical form of 0.77 at heaps 22: written out it takes more than 1048576 characters",
    );
    assert_error(
        post(
            "/api/canonical",
            json!({"game": "kayles", "misere": true, "heaps": [3]}),
        )
        .await,
        400,
        "misere",
    );
}

#[tokio::test]
async fn the_route_is_listed_and_its_limits_published() {
    let (_, v) = send(Request::get("/api/limits").body(Body::empty()).unwrap()).await;
    assert_eq!(v["max_canonical_heap"], 4096);
    assert_eq!(v["max_canonical_size"], 20);
    assert!(
        v["max_canonical_forms"].as_u64().is_some_and(|n| n > 0),
        "{v}"
    );
    assert_error(post("/api/nope", json!({})).await, 404, "/api/canonical");
    assert_error(
        send(Request::get("/api/canonical").body(Body::empty()).unwrap()).await,
        405,
        "this route takes POST",
    );
}

/// `/api/graph` under misère play: each node's value is the misère nim
/// value recomputed here from the edges (1 with no move, else the mex),
/// and its outcome is what `/api/solve` finds for that node by its own
/// search. Normal play has no `convention` key, as before.
#[tokio::test]
async fn misere_graphs_of_heaps_and_positions() {
    for (request, family) in [
        (
            json!({"game": "kayles", "heaps": [3, 4], "misere": true}),
            None,
        ),
        (json!({"game": "cram:2x3", "misere": true}), Some("cram")),
        (
            json!({"game": "nodekayles:path:5", "misere": true}),
            Some("nodekayles"),
        ),
    ] {
        let (status, g) = post("/api/graph", request.clone()).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["convention"], "misere");
        let nodes = g["nodes"].as_array().unwrap();
        let mut followers = vec![Vec::new(); nodes.len()];
        for e in g["edges"].as_array().unwrap() {
            followers[e[0].as_u64().unwrap() as usize].push(e[1].as_u64().unwrap() as usize);
        }
        for (i, node) in nodes.iter().enumerate() {
            let seen: Vec<u64> = followers[i]
                .iter()
                .map(|&w| nodes[w]["value"].as_u64().unwrap())
                .collect();
            let expected = if seen.is_empty() {
                1
            } else {
                (0..).find(|x| !seen.contains(x)).unwrap()
            };
            assert_eq!(node["value"], expected, "{request}: {node}");
            assert_eq!(node["outcome"], if expected == 0 { "P" } else { "N" });
            let solve = match family {
                None => json!({"game": "kayles", "heaps": node["heaps"], "misere": true}),
                Some(f) => {
                    json!({"game": format!("{f}:{}", node["node"].as_str().unwrap()), "misere": true})
                }
            };
            if node["tokens"] == 0 || (family.is_some() && followers[i].is_empty()) {
                continue;
            }
            let (status, solved) = post("/api/solve", solve.clone()).await;
            assert_eq!(status, StatusCode::OK, "{solve}: {solved}");
            assert_eq!(solved["outcome"], node["outcome"], "{solve}");
        }
    }
    let (_, normal) = post("/api/graph", json!({"game": "kayles", "heaps": [3]})).await;
    assert!(normal.get("convention").is_none(), "{normal}");
}
