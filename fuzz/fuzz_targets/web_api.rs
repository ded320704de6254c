//! Every JSON route of the web API: any body gets an answer (no panic, no
//! 5xx other than a 503 for a full server), always JSON, and an error
//! answer is `{"error": MESSAGE}`, with `"span": [start, end]` when the
//! error is located in a spec.
#![no_main]

use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use grundy_web::{router, Limits};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

const ROUTES: [&str; 12] = [
    "/api/nim",
    "/api/values",
    "/api/period",
    "/api/solve",
    "/api/options",
    "/api/move",
    "/api/play",
    "/api/hint",
    "/api/graph",
    "/api/board",
    "/api/board/move",
    "/api/quotient",
];

fuzz_target!(|data: &[u8]| {
    let Some((&route, body)) = data.split_first() else {
        return;
    };
    let path = ROUTES[usize::from(route) % ROUTES.len()];
    let limits = Limits {
        timeout: Duration::from_millis(200),
        ..Limits::default()
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (status, bytes) = runtime.block_on(async {
        let request = Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(body.to_vec()))
            .unwrap();
        let response = router(limits).oneshot(request).await.unwrap();
        let status = response.status();
        (
            status,
            response.into_body().collect().await.unwrap().to_bytes(),
        )
    });
    assert!(
        !status.is_server_error() || status.as_u16() == 503,
        "{path} {:?}: {status}",
        String::from_utf8_lossy(body)
    );
    let value: serde_json::Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{path}: non-JSON answer ({e}): {bytes:?}"));
    if !status.is_success() {
        // `{"error": MESSAGE}`, with `"span": [start, end]` when the
        // error is located in a spec (the one error shape).
        let object = value.as_object().unwrap();
        assert!(
            value["error"].is_string() && object.keys().all(|k| k == "error" || k == "span"),
            "{value}"
        );
        if let Some(span) = object.get("span") {
            let span = span.as_array().unwrap();
            assert!(
                span.len() == 2 && span[0].as_u64() <= span[1].as_u64(),
                "{value}"
            );
        }
    }
});
