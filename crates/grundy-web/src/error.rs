//! Errors of the API, answered as `{"error": MESSAGE}` with a 4xx status (or
//! 503 when the server is full), and `"span": [START, END]` (a byte range of
//! the input the error is in, such as the game spec) where the error has a
//! place.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A request the server refuses, with the status and a one-line message
/// that names what was wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status: in the 4xx range, or 503 when the server is full.
    pub status: StatusCode,
    /// What was wrong, for a person to read.
    pub message: String,
    /// Where in the request's input (the game spec) the problem is, as a
    /// byte range: `"span": [start, end]` in the answer.
    pub span: Option<grundy::span::Span>,
}

impl ApiError {
    /// 400: the body is not the JSON the endpoint expects, or names a bad
    /// game or position.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            span: None,
        }
    }

    /// 413: the body itself is larger than the server reads.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: message.into(),
            span: None,
        }
    }

    /// 422: well-formed, but asks for more work than one request may do
    /// (too many heaps, too large an N, too long a computation).
    pub fn over_limit(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            span: None,
        }
    }

    /// 422: a move the rules do not allow, or a move in a finished game;
    /// the message is the reason, for the player.
    pub fn illegal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            span: None,
        }
    }

    /// 503 with `Retry-After: 1`: every computing slot is busy and the
    /// queue is full; the client may retry shortly.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
            span: None,
        }
    }

    /// 415: a body declared as something other than JSON.
    pub fn unsupported_type(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message: message.into(),
            span: None,
        }
    }

    /// 404: no such route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
            span: None,
        }
    }
}

impl ApiError {
    /// The same error, located at `span` of the request's input.
    pub fn at(mut self, span: grundy::span::Span) -> ApiError {
        self.span = Some(span);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = match self.span {
            Some(span) => {
                serde_json::json!({ "error": self.message, "span": [span.start, span.end] })
            }
            None => serde_json::json!({ "error": self.message }),
        };
        let mut response = (self.status, Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("1"),
            );
        }
        response
    }
}
