//! The error answer of every endpoint: a status and the command line's message.

use crate::game::GameError;
use crate::resolve::ResolveError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// An error answer: `{"error": message}` with a status.
#[derive(Clone, Debug)]
pub(super) struct ApiError {
    pub(super) status: StatusCode,
    pub(super) message: String,
}

impl ApiError {
    pub(super) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// A bad request, with the command line's message.
    pub(super) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, Json(body)).into_response()
    }
}

/// Each kind of failure gets its status: what the request asked for is at fault (400, with the
/// command line's message), or the server is (500). Exhaustive, so a new kind must be placed.
impl From<GameError> for ApiError {
    fn from(error: GameError) -> ApiError {
        let status = match &error {
            GameError::Position(_)
            | GameError::Analysis(_)
            | GameError::SizeTooLarge { .. }
            | GameError::Unsupported(_)
            | GameError::NoConjecture(_)
            | GameError::Script(_)
            | GameError::Family(_)
            | GameError::IllegalMove(_) => StatusCode::BAD_REQUEST,
            GameError::Io(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, error.to_string())
    }
}

impl From<ResolveError> for ApiError {
    fn from(error: ResolveError) -> ApiError {
        let status = match &error {
            ResolveError::Unknown { .. }
            | ResolveError::Malformed(_)
            | ResolveError::Script(_)
            | ResolveError::Graph(_)
            | ResolveError::FileRefused(_) => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, error.to_string())
    }
}
