//! `grundy serve`: a local web server with one page and a JSON API, to play, analyse and chart
//! any game in a browser.
//!
//! **The page** (`page/`, embedded in the binary with `include_str!`: nothing to build or install)
//! opens on a gallery of games (from `/api/games`), picks a game (a fixed game, or a heap family
//! typed by its spelling), draws its position on an SVG board played by clicking (the board's
//! moves are the listed moves), analyses a position (who
//! wins, its Grundy value), shows every legal move as a button coloured by its value — winning
//! moves green (#008000), losing ones dark red (#800000) — with the position it leads to, plays
//! against the perfect opponent with undo, redo and a value-history strip, and charts G(n) for
//! heap games with the pre-period and period marked when they are proved. Beside normal and misère
//! play it offers the five compounds: a compound's moves (`1-1 | 1-2`) are buttons, its deciding
//! number (min R, max S, the lost components) is shown with its components, and where the
//! remoteness is known each move says "wins in N" or "loses in N". Graph games given at
//! start (`grundy serve --graph FILE`, [`Options::graphs`]) are drawn as graphs (`page/graph.js`):
//! vertices coloured by outcome with their γ, edges, tokens moved by clicking.
//! Four classic games have boards of their own (`page/classic.js`): Wythoff pairs as queens on
//! quarter chessboards (Corner the Queen), Chomp's squares, Green Hackenbush's graph on the
//! ground, Staircase Nim's stairs of coins. Cram and the Kayles grid games (`node-kayles:grid:RxC`,
//! `arc-kayles:grid:RxC`) are drawn on their grid (`page/grids.js`): Cram's cells with a handle
//! across each domino's two cells and the dominoes placed on the page (the position writes a
//! covered cell as a blocked one, so they come from the page's history); the grid graph's
//! vertices as dots, clicked (Node Kayles) or joined by clickable edges (Arc Kayles). A large
//! open Cram board can take the solver past the time limit: the page then shows the server's
//! message and stays usable, while the solve runs to its end on its thread (below); other Cram
//! boards meanwhile get a solver of their own (`games::cram::theory::with_solver`).
//!
//! **The API** mirrors the commands (every game-specific request is a `POST` of a JSON object):
//!
//! | request | body | answer |
//! |---|---|---|
//! | `GET /api/games` | | the fixed games, the heap families' example spellings, the families' help |
//! | `GET /api/game?name=SPELLING` | | one game's description (any spelling `resolve` accepts) |
//! | `POST /api/analyze` | `{game, position, limit?, play?, compound?}` | exactly what `grundy analyze --json` prints |
//! | `POST /api/moves` | `{game, position, limit?, play?, compound?}` | the legal moves marked winning or losing: every winning move `/api/analyze` lists, then the others up to `limit`; `unlisted` and `unlisted_winning` count what is left out |
//! | `POST /api/computer-move` | `{game, position, play?, compound?}` | `{"move": {move, to, wins}}`, or `null` at the end |
//! | `POST /api/remoteness` | `{game, position, limit?, compound?}` | exactly what `grundy analyze --remoteness --json` prints: R of the position and of each move's result (`measure`, `value`, `winner`, `moves: [{move, to, value}]`, `more`) |
//! | `POST /api/table` | `{game, up_to}` | G(0..=up_to) of a heap game; its proved period, if any, and `grundy table`'s report |
//!
//! `play` is `"normal"` (the default) or `"misere"`: under misère play (the player who cannot
//! move wins) the game is the library's misère version ([`crate::Game::misere`]), so the answers
//! are exactly `grundy analyze --misere`'s. `compound` is `"disjunctive"` (the sum, the default),
//! `"conjunctive"`, `"continued"`, `"selective"` or `"shortened"` ([`crate::compound`]): the game
//! is built as `--compound` builds it ([`crate::game::played_compound`]), so the answers are
//! `grundy analyze --compound C`'s, and the refusals too (misère play with a compound other than
//! the sum, a game that is not a row of components). Remoteness is given under normal play only,
//! as on the command line; a sum too large for its search is refused, naming the limit.
//!
//! Errors are `{"error": MESSAGE}` with status 400 and the command line's message text (413 for
//! an oversized body, 404 for an unknown path, 403 for a foreign `Host`, 503 when an analysis
//! runs out of time, 500 if the library panicked — the server itself carries on).
//!
//! **Limits.** Request bodies are at most [`MAX_BODY`] bytes; an answer at most [`MAX_ANSWER`]
//! bytes (the number of listed moves shrinks for long positions, as `analyze`'s default limit
//! does; `/api/moves`, which also analyses each listed move's position, lists at most 1 MiB of
//! positions: 10 moves of a 100 kB position). The work runs on tokio's blocking threads, at most twice the number of cores at once
//! (others wait their turn), each request within a time limit (`--time-limit`, default 10 s,
//! waiting included). When the limit passes or the client goes away (hyper then drops the
//! request's future), the request is *abandoned*: its answer is dropped and a cancellation flag
//! is raised. The flag is honest about what it can stop: `analyze` checks it before each piece of
//! the report it writes (each listed move), and every request checks it before it starts; but a
//! single library call already running — the theory's winning-move search, a heap game's Grundy
//! table (itself capped by [`WORK_LIMIT`](crate::families::values::WORK_LIMIT), a few seconds), a
//! search of remoteness and suspense (capped at
//! [`DEFAULT_MEASURE_POSITIONS`](crate::compound::measure::DEFAULT_MEASURE_POSITIONS) positions:
//! refusing a large sum can take some seconds; such searches run one at a time, in a slot of
//! their own beside the others) —
//! runs to its end on its blocking thread, which keeps its slot until then. Abandoned and
//! timed-out requests are logged on stderr.
//!
//! **Safety.** The page and its two files are the only static answers: paths are matched exactly
//! against the embedded set, so no path reaches the file system. The server binds 127.0.0.1
//! unless `--bind` says otherwise, and while bound to a loopback address it answers only requests
//! whose `Host` is a loopback name (a guard against DNS rebinding). Game spellings that look like
//! file paths are refused: the page never makes the server read a file. Each request's work is
//! wrapped in `catch_unwind`, so a bug in the library answers 500 instead of taking the server
//! down.

mod api;
mod error;
mod shared;

pub use shared::{MAX_ANSWER, MAX_BODY};

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use shared::{Preloaded, Shared};
use std::any::Any;
use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The default time limit of one request's work.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address and port to listen on (port 0: any free port).
    pub address: SocketAddr,
    /// How long one request's work may take, waiting for a free slot included.
    pub time_limit: Duration,
    /// Graph games to offer (`graph:FILE` spellings), read once at start: the page itself never
    /// makes the server read a file.
    pub graphs: Vec<String>,
}

/// Serves the page and the API on `options.address` until the process ends; calls `listening`
/// with the address actually bound (its port is chosen by the system when asked for port 0).
pub fn serve(options: Options, listening: impl FnOnce(SocketAddr)) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.address)
            .await
            .map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!(
                        "cannot listen on {}: {e} (choose another port with --port; 0 = any free port)",
                        options.address
                    ),
                )
            })?;
        let router = router(&options)?;
        let bound = listener.local_addr()?;
        listening(bound);
        axum::serve(listener, router).await
    })
}

/// The page and its files: the only static answers, matched exactly by path.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "/graph.js",
        "text/javascript; charset=utf-8",
        include_str!("page/graph.js"),
    ),
    (
        "/coins.js",
        "text/javascript; charset=utf-8",
        include_str!("page/coins.js"),
    ),
    (
        "/classic.js",
        "text/javascript; charset=utf-8",
        include_str!("page/classic.js"),
    ),
    (
        "/grids.js",
        "text/javascript; charset=utf-8",
        include_str!("page/grids.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("page/favicon.svg"),
    ),
];

/// The page's content security policy: its own files only, no inline script or style.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

async fn asset(uri: Uri) -> Response {
    match ASSETS.iter().find(|(path, _, _)| *path == uri.path()) {
        Some((_, content_type, body)) => (
            [
                (header::CONTENT_TYPE, *content_type),
                (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => error::ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

/// The application: API routes, the page, the body limit and the host guard.
fn router(options: &Options) -> io::Result<Router> {
    let mut preloaded = Vec::new();
    for spelling in &options.graphs {
        preloaded.push(
            Preloaded::load(spelling)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?,
        );
    }
    let shared = Arc::new(Shared {
        preloaded,
        games: Mutex::new(HashMap::new()),
        slots: Arc::new(Semaphore::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()) * 2,
        )),
        remoteness_slot: Arc::new(Semaphore::new(1)),
        time_limit: options.time_limit,
    });
    let loopback_only = options.address.ip().is_loopback();
    Ok(Router::new()
        .route("/api/games", get(api::games))
        .route("/api/game", get(api::game))
        .route("/api/analyze", post(api::analyze))
        .route("/api/moves", post(api::moves))
        .route("/api/computer-move", post(api::computer_move))
        .route("/api/remoteness", post(api::remoteness))
        .route("/api/table", post(api::table))
        .with_state(shared)
        .fallback(asset)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(catch_panics))
        .layer(middleware::from_fn_with_state(loopback_only, guard)))
}

async fn wrong_method() -> error::ApiError {
    error::ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "wrong method: /api/games and /api/game take GET, the other requests POST",
    )
}

/// A request's future with panics caught: the last resort behind `run_work`'s own catch, for a
/// panic outside the blocking work (hyper would otherwise drop the connection unanswered).
struct CatchUnwind(Pin<Box<dyn Future<Output = Response> + Send>>);

impl Future for CatchUnwind {
    type Output = Result<Response, Box<dyn Any + Send>>;

    fn poll(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Self::Output> {
        let future = &mut self.0;
        match catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(context))) {
            Ok(Poll::Ready(response)) => Poll::Ready(Ok(response)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(panic) => Poll::Ready(Err(panic)),
        }
    }
}

/// Answers 500 instead of dropping the connection when handling a request panics.
async fn catch_panics(request: Request, next: Next) -> Response {
    match CatchUnwind(Box::pin(next.run(request))).await {
        Ok(response) => response,
        Err(panic) => api::internal_error(panic.as_ref()).into_response(),
    }
}

/// Refuses foreign `Host` names while bound to loopback, and marks every answer `nosniff`.
async fn guard(State(loopback_only): State<bool>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    let mut response = if loopback_only && !is_loopback_host(host) {
        error::ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "this server answers only to localhost, 127.0.0.1 or [::1], not to host \
                 `{host}` (start it with --bind to serve other names)"
            ),
        )
        .into_response()
    } else {
        next.run(request).await
    };
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// Whether a `Host` header names this machine's loopback interface (any port).
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<IpAddr>()
            .is_ok_and(|address| address.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::shared::web_resolve;
    use super::*;
    use std::io::{Read, Write};

    async fn boom() -> &'static str {
        panic!("boom")
    }

    #[test]
    fn a_panicking_handler_answers_500_and_the_server_carries_on() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let address = runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let address = listener.local_addr().unwrap();
            let app = Router::new()
                .route("/boom", get(boom))
                .route("/fine", get(|| async { "fine" }))
                .layer(middleware::from_fn(catch_panics));
            tokio::spawn(async move { axum::serve(listener, app).await });
            address
        });
        let ask = |path: &str| {
            let mut stream = std::net::TcpStream::connect(address).unwrap();
            write!(
                stream,
                "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            )
            .unwrap();
            let mut answer = String::new();
            stream.read_to_string(&mut answer).unwrap();
            answer
        };
        let answer = ask("/boom");
        assert!(answer.starts_with("HTTP/1.1 500"), "{answer}");
        assert!(answer.contains("internal error: boom"), "{answer}");
        assert!(ask("/fine").ends_with("fine"));
    }

    #[test]
    fn loopback_hosts() {
        for host in [
            "localhost",
            "localhost:8080",
            "127.0.0.1:1",
            "[::1]:80",
            "127.9.9.9",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "",
            "evil.example",
            "evil.example:8080",
            "10.0.0.1",
            "[::2]:80",
            "localhost.evil",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }

    #[test]
    fn paths_are_refused_as_games() {
        for spelling in ["/etc/passwd", "games/x.rhai", "x.LUA", "..\\x"] {
            assert!(web_resolve(spelling).is_err(), "{spelling}");
        }
        for spelling in ["kayles", "0.07", "sub:1,3,4", crate::games::end_piles::NAME] {
            assert!(web_resolve(spelling).is_ok(), "{spelling}");
        }
        assert_eq!(
            web_resolve("nope").err().map(|e| e.to_string()),
            crate::resolve::resolve("nope").err().map(|e| e.to_string())
        );
    }
}
