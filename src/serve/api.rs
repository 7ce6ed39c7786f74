//! The JSON API's handlers, their errors, and the runner that puts each request's work on a
//! blocking thread within its time limit.

use super::error::ApiError;
use super::shared::{MAX_ANSWER, MAX_BODY, Shared};
use crate::analysis::default_limit;
use crate::core::Play;
use crate::families::table::{self, TableReport};
use crate::families::take_break::ALIASES;
use crate::game::compound_kind::Compound;
use crate::game::{self, Game, GraphPicture, MoveOutcome, PositionMoves};
use crate::games::coins::TURNING_CORNERS;
use crate::games::kayles_graph::{ARC_PREFIX, NODE_PREFIX};
use crate::report::AnalysisReport;
use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, FailedToBufferBody, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use tokio::sync::Semaphore;

/// The heap families the page offers by name (any other spelling can be typed).
const FAMILY_EXAMPLES: &[&str] = &["sub:1,3,4", "allbut:1,2", "grundys-game", "0.137", "4.07"];

/// The well-known heap games of the page's gallery beside the aliased codes (whose names and
/// stories come from the aliases): a title, the spelling the resolver accepts, the story in a
/// line, and a sample position.
const GALLERY_HEAPS: &[(&str, &str, &str, &str)] = &[
    (
        "Grundy's game",
        "grundys-game",
        "split one heap into two heaps of different sizes",
        "7 10",
    ),
    (
        "A subtraction game",
        "sub:1,3,4",
        "take 1, 3 or 4 tokens from one heap",
        "4 9 17",
    ),
];

/// The sample position of an aliased code in the gallery.
const ALIAS_SAMPLE: &str = "4 8";

/// One card of the page's gallery.
#[derive(Serialize)]
struct GalleryCard {
    /// What it is called.
    title: String,
    /// The spelling to load it by.
    spelling: String,
    /// The game in a line (a fixed game's rules line).
    story: String,
    /// A position to start from.
    example: Option<String>,
}

/// The gallery: the fixed games (from their own descriptions), the aliased codes and
/// [`GALLERY_HEAPS`].
fn gallery(fixed: &[GameDescription]) -> Vec<GalleryCard> {
    let contest = fixed.iter().map(|game| GalleryCard {
        title: game.name.clone(),
        spelling: game.spelling.clone(),
        story: game.rules.clone(),
        example: game.example.clone(),
    });
    let aliased = ALIASES.iter().map(|(alias, _, description)| {
        let (title, story) = description.split_once(": ").unwrap_or((alias, description));
        GalleryCard {
            title: title.to_string(),
            spelling: alias.to_string(),
            story: story.to_string(),
            example: Some(ALIAS_SAMPLE.to_string()),
        }
    });
    let others = GALLERY_HEAPS
        .iter()
        .map(|(title, spelling, story, example)| GalleryCard {
            title: title.to_string(),
            spelling: spelling.to_string(),
            story: story.to_string(),
            example: Some(example.to_string()),
        });
    let coins = std::iter::once(GalleryCard {
        title: "Turning Corners".to_string(),
        spelling: TURNING_CORNERS.to_string(),
        story: "turn the four corners of a rectangle of coins whose top corner is heads"
            .to_string(),
        example: Some(CORNERS_SAMPLE.to_string()),
    });
    contest
        .chain(aliased)
        .chain(others)
        .chain(coins)
        .chain(grid_cards())
        .collect()
}

/// The grid that the gallery's Node Kayles and Arc Kayles cards are played on.
const GRID_SAMPLE: &str = "grid:3x4";

/// The gallery's cards of Node Kayles and Arc Kayles on the [`GRID_SAMPLE`] grid (drawn on
/// their grid board), from the whole grid.
fn grid_cards() -> [GalleryCard; 2] {
    let card = |title: &str, prefix: &str, story: &str| GalleryCard {
        title: title.to_string(),
        spelling: format!("{prefix}{GRID_SAMPLE}"),
        story: story.to_string(),
        example: Some("all".to_string()),
    };
    [
        card(
            "Node Kayles on a grid",
            NODE_PREFIX,
            "take a dot of the 3 × 4 grid with the dots next to it",
        ),
        card(
            "Arc Kayles on a grid",
            ARC_PREFIX,
            "take an edge of the 3 × 4 grid: both its ends go",
        ),
    ]
}

/// The sample position of Turning Corners in the gallery (a win: its value is 2).
const CORNERS_SAMPLE: &str = "1,2 2,1 3,3";

/// The most heaps a table request may chart.
pub(super) const MAX_TABLE: u64 = 100_000;

/// How far `/api/table` looks for a proof of the period past the values asked for.
const PERIOD_SEARCH: u64 = 1 << 16;

/// The moves `/api/moves` lists when not told.
const DEFAULT_MOVES: usize = 1000;

/// A request about one position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PositionRequest {
    game: String,
    position: String,
    limit: Option<usize>,
    /// `"normal"` (the default) or `"misere"`.
    #[serde(default)]
    play: Play,
    /// How the components are played together: `"disjunctive"` (the default), `"conjunctive"`,
    /// `"continued"`, `"selective"` or `"shortened"`.
    compound: Option<String>,
}

/// The game a request names, under the play convention and as the compound it asks for (an
/// unknown compound is refused with the library's message).
fn played(
    shared: &Shared,
    spelling: &str,
    play: Play,
    compound: Option<&str>,
) -> Result<Arc<dyn Game>, ApiError> {
    let compound = match compound {
        None => Compound::Disjunctive,
        Some(name) => name
            .parse::<Compound>()
            .map_err(|e| ApiError::bad(e.to_string()))?,
    };
    shared.played(spelling, play, compound)
}

/// A request for a heap game's Grundy table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TableRequest {
    game: String,
    up_to: u64,
}

/// `?name=SPELLING`.
#[derive(Deserialize)]
pub(super) struct NameQuery {
    name: String,
}

/// What the page shows about a game.
#[derive(Serialize)]
struct GameDescription {
    /// The spelling asked for (`kayles`).
    spelling: String,
    /// The canonical name (`0.77`).
    name: String,
    rules: String,
    position: String,
    moves: String,
    source: String,
    /// An example position, from the notation's description.
    example: Option<String>,
    /// Whether the game is a sum of heaps (it then has a Grundy table).
    heap: bool,
    /// For a graph game small enough to draw: its vertices, edges and each vertex's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    graph: Option<GraphPicture>,
}

/// The most vertices and edges of a graph the page draws.
const DRAWN_VERTICES: usize = 40;
const DRAWN_EDGES: usize = 200;

/// The example position of a game's notation: of the positions quoted in it (`…`), the one
/// with the most digits (chocolate's quotes its separator `/` first).
fn example(game: &dyn Game) -> Option<String> {
    let digits = |text: &str| text.bytes().filter(u8::is_ascii_digit).count();
    game.info()
        .position
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|quoted| game.moves(quoted, 0).is_ok())
        .max_by_key(|quoted| digits(quoted))
        .map(str::to_string)
}

fn describe(spelling: &str, game: &dyn Game) -> GameDescription {
    let info = game.info();
    GameDescription {
        spelling: spelling.to_string(),
        name: info.name.clone(),
        rules: info.rules.clone(),
        position: info.position.clone(),
        moves: info.moves.clone(),
        source: info.source.clone(),
        example: example(game),
        heap: game.heap_game().is_some(),
        graph: game
            .capabilities()
            .picture
            .and_then(|picture| picture.graph_picture(DRAWN_VERTICES, DRAWN_EDGES)),
    }
}

/// Reads a JSON body: 413 past the size limit, 400 with serde's message when malformed.
fn parse_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|rejection| match rejection {
        BytesRejection::FailedToBufferBody(FailedToBufferBody::LengthLimitError(_)) => {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is larger than {MAX_BODY} bytes"),
            )
        }
        other => ApiError::new(other.status(), other.body_text()),
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad(format!("request: {e}")))
}

type SharedState = State<Arc<Shared>>;

pub(super) async fn games(State(shared): SharedState) -> Result<Response, ApiError> {
    let fixed: Vec<GameDescription> = crate::resolve::fixed_games()
        .iter()
        .map(|game| describe(&game.info().name, game.as_ref()))
        .collect();
    let mut families = Vec::new();
    for spelling in ALIASES
        .iter()
        .map(|(alias, _, _)| *alias)
        .chain(FAMILY_EXAMPLES.iter().copied())
    {
        let game = shared.game(spelling)?;
        families.push(describe(spelling, game.as_ref()));
    }
    for (_, spelling, _, _) in GALLERY_HEAPS {
        // Every card's spelling is one the resolver accepts.
        shared.game(spelling)?;
    }
    for card in grid_cards() {
        shared.game(&card.spelling)?;
    }
    let graphs: Vec<GameDescription> = shared
        .preloaded
        .iter()
        .map(|preloaded| describe(&preloaded.spelling, preloaded.game.as_ref()))
        .collect();
    Ok(Json(serde_json::json!({
        "gallery": gallery(&fixed),
        "fixed": fixed,
        "graphs": graphs,
        "families": families,
        "family_help": crate::resolve::family_help(),
    }))
    .into_response())
}

pub(super) async fn game(
    State(shared): SharedState,
    query: Result<Query<NameQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(NameQuery { name }) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let game = shared.game(&name)?;
    Ok(Json(describe(&name, game.as_ref())).into_response())
}

/// How many listed moves keep an answer about a position of `position_len` bytes within
/// `budget` bytes (each listed move carries a whole position) — at least one.
fn answer_budget(position_len: usize, budget: usize) -> usize {
    (budget / position_len.saturating_add(64)).max(1)
}

/// The text `/api/moves` lists at most: each listed move's position is also analysed (who wins
/// from it), work that grows with the position and cannot be interrupted, so long positions get
/// few moves.
const MOVES_TEXT: usize = 1 << 20;

fn json_response(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

pub(super) async fn analyze(
    State(shared): SharedState,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: PositionRequest = parse_body(body)?;
    let game = played(
        &shared,
        &request.game,
        request.play,
        request.compound.as_deref(),
    )?;
    let bytes = run_work(&shared, "analyze", move |cancel| {
        report_bytes(
            &analysis(game.as_ref(), &request.position, request.limit)?,
            cancel,
        )
    })
    .await?;
    Ok(json_response(bytes))
}

/// The limit of listed moves for a report on `position`: by default the command line's default
/// limit, and never more than fit in [`MAX_ANSWER`].
fn answer_limit(position: &str, limit: Option<usize>) -> usize {
    limit
        .unwrap_or_else(|| default_limit(position.len()))
        .min(answer_budget(position.len(), MAX_ANSWER))
}

/// `analyze --json`'s report on `position`, listing at most `limit` winning moves (see
/// [`answer_limit`]).
fn analysis(
    game: &dyn Game,
    position: &str,
    limit: Option<usize>,
) -> Result<AnalysisReport, ApiError> {
    Ok(game.analyze(position, answer_limit(position, limit))?)
}

/// A report as the answer's bytes, refused past [`MAX_ANSWER`] (or when the request was
/// abandoned meanwhile).
fn report_bytes(report: &AnalysisReport, cancel: &AtomicBool) -> Result<Vec<u8>, ApiError> {
    if cancel.load(Ordering::Relaxed) {
        return Err(abandoned());
    }
    let mut bytes = serde_json::to_vec(report).expect("a report serialises");
    bytes.push(b'\n');
    if bytes.len() > MAX_ANSWER {
        return Err(ApiError::bad(format!(
            "the report would pass {MAX_ANSWER} bytes: ask for fewer moves with `limit`"
        )));
    }
    Ok(bytes)
}

/// `/api/remoteness`: exactly what `grundy analyze --remoteness --json` prints — R of the
/// position and of every listed move's result (for a conjunctive compound min R, for a continued
/// one max S), or the library's refusal (a sum past the search's position limit, misère play, a
/// game or compound without it).
pub(super) async fn remoteness(
    State(shared): SharedState,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: PositionRequest = parse_body(body)?;
    if request.play == Play::Misere {
        // As on the command line, where --remoteness and --misere exclude each other.
        return Err(ApiError::bad(
            "remoteness is computed under normal play only: `grundy analyze --remoteness` \
             cannot be used with --misere",
        ));
    }
    let game = played(
        &shared,
        &request.game,
        request.play,
        request.compound.as_deref(),
    )?;
    // One search at a time, in a slot of its own: a refused sum may search for some seconds
    // past the time limit, and the page asks for every position it shows.
    let bytes = run_work_in(
        &shared,
        &shared.remoteness_slot,
        "remoteness",
        move |cancel| {
            let position = &request.position;
            let limit = answer_limit(position, request.limit);
            report_bytes(&game::remoteness(game.as_ref(), position, limit)?, cancel)
        },
    )
    .await?;
    Ok(json_response(bytes))
}

/// `/api/moves`' answer: the legal moves (every winning move `/api/analyze` lists by default,
/// then the others up to the limit) and how many are left out.
#[derive(Serialize)]
struct MovesAnswer {
    #[serde(flatten)]
    moves: PositionMoves,
    /// How many legal moves are not listed (0 when `more` is false); `null` when there are
    /// more than [`MOVES_COUNTED`](crate::game::MOVES_COUNTED), not counted.
    unlisted: Option<u64>,
    /// How many winning moves are not listed (a position with more winning moves than
    /// `/api/analyze` lists by default; `winning_move_count` there is the exact total).
    unlisted_winning: u64,
}

/// Adds to `moves` every winning move of `report` (the analysis of the same position) that the
/// capped list of legal moves left out; returns how many winning moves the report itself does
/// not list.
fn add_winning_moves(moves: &mut PositionMoves, report: &AnalysisReport) -> u64 {
    let listed: std::collections::HashSet<String> =
        moves.moves.iter().map(|m| m.notation.clone()).collect();
    let winning = report.winning_moves();
    let reported = winning.len();
    for (notation, to) in winning {
        if !listed.contains(notation) {
            moves.moves.push(MoveOutcome {
                notation: notation.to_string(),
                to: to.to_string(),
                wins: Some(true),
            });
        }
    }
    u64::try_from(report.winning_move_count().saturating_sub(reported as u128)).unwrap_or(u64::MAX)
}

pub(super) async fn moves(
    State(shared): SharedState,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: PositionRequest = parse_body(body)?;
    let game = played(
        &shared,
        &request.game,
        request.play,
        request.compound.as_deref(),
    )?;
    let bytes = run_work(&shared, "moves", move |_| {
        let position = request.position;
        let limit = request
            .limit
            .unwrap_or(DEFAULT_MOVES)
            .min(answer_budget(position.len(), MOVES_TEXT));
        let mut moves = game.moves(&position, limit)?;
        let report = analysis(game.as_ref(), &position, None)?;
        let unlisted_winning = add_winning_moves(&mut moves, &report);
        let listed = moves.moves.len() as u64;
        let unlisted = moves.legal.map(|legal| legal.saturating_sub(listed));
        if let Some(unlisted) = unlisted {
            moves.more = unlisted > 0;
        }
        let answer = MovesAnswer {
            moves,
            unlisted,
            unlisted_winning,
        };
        Ok(serde_json::to_vec(&answer).expect("moves serialize"))
    })
    .await?;
    Ok(json_response(bytes))
}

pub(super) async fn computer_move(
    State(shared): SharedState,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Request {
        game: String,
        position: String,
        #[serde(default)]
        play: Play,
        compound: Option<String>,
    }
    #[derive(Serialize)]
    struct Answer {
        #[serde(rename = "move")]
        chosen: Option<MoveOutcome>,
    }
    let request: Request = parse_body(body)?;
    let game = played(
        &shared,
        &request.game,
        request.play,
        request.compound.as_deref(),
    )?;
    let chosen = run_work(&shared, "computer-move", move |_| {
        Ok(game.best_move(&request.position)?)
    })
    .await?;
    Ok(Json(Answer { chosen }).into_response())
}

pub(super) async fn table(
    State(shared): SharedState,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    #[derive(Serialize)]
    struct Table {
        game: String,
        up_to: u64,
        values: Vec<u64>,
        /// The least pre-period and period, when proved; `null` otherwise.
        period: Option<PeriodAnswer>,
        /// `grundy table`'s report on the search for the period (its proof, or why there is
        /// none), without the values.
        report: TableReport,
    }
    let request: TableRequest = parse_body(body)?;
    let game = shared.game(&request.game)?;
    let name = game.info().name.clone();
    if game.heap_game().is_none() {
        return Err(ApiError::bad(format!(
            "{name} is not a heap game: Grundy tables are for the heap families (kayles, 0.07, \
             sub:1,3,4, allbut:1,2, grundys-game, …)"
        )));
    }
    let up_to = request.up_to;
    if up_to > MAX_TABLE {
        return Err(ApiError::bad(format!(
            "up_to {up_to} is too large for the page (at most {MAX_TABLE})"
        )));
    }
    let (values, report) = run_work(&shared, "table", move |cancel| {
        let heap_game = game.heap_game().expect("checked above");
        let values = heap_game
            .values_up_to(up_to)
            .map_err(|error| ApiError::bad(error.to_string()))?;
        let listed = (0..=up_to)
            .map(|n| values.value(n).map(|value| value.0))
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| ApiError::bad(format!("G(n) is not known up to {up_to}")))?;
        // The period: computed a little past the values asked for, stopping at a proof (or when
        // the request is abandoned) — unless no theorem can prove one for this rule (all-but
        // games, Grundy's game), when computing further would only cost time.
        let search = |to: u64| {
            table::Table::compute(heap_game.rule(), Some(to), false, Some(cancel), false)
                .map(|search| search.report(false))
                .map_err(|error| ApiError::bad(error.to_string()))
        };
        let report = search(up_to)?;
        let report = if report.no_theorem.is_some() || report.period.is_some() {
            report
        } else {
            search(PERIOD_SEARCH.max(up_to))?
        };
        Ok((listed, report))
    })
    .await?;
    let period = report
        .preperiod
        .zip(report.period)
        .map(|(preperiod, period)| PeriodAnswer { preperiod, period });
    Ok(Json(Table {
        game: name,
        up_to,
        values,
        period,
        report,
    })
    .into_response())
}

/// A proved period of a Grundy sequence: G(n + period) = G(n) for every n >= preperiod.
#[derive(Serialize)]
struct PeriodAnswer {
    preperiod: u64,
    period: u64,
}

/// The error of an abandoned request.
fn abandoned() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "the analysis was abandoned",
    )
}

/// Raises the cancellation flag when the request's future ends early: dropped by hyper because
/// the client went away (logged), or past its time limit.
struct Abandon {
    cancel: Arc<AtomicBool>,
    what: &'static str,
    started: Instant,
    finished: bool,
}

impl Drop for Abandon {
    fn drop(&mut self) {
        if !self.finished {
            self.cancel.store(true, Ordering::Relaxed);
            eprintln!(
                "grundy serve: {} abandoned after {:.3} s: the client went away",
                self.what,
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}

/// Runs `work` on a blocking thread, once a slot is free, within the time limit; a panic in it
/// becomes a 500 answer. `work` gets the cancellation flag, raised when the request is abandoned.
async fn run_work<T: Send + 'static>(
    shared: &Shared,
    what: &'static str,
    work: impl FnOnce(&AtomicBool) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    run_work_in(shared, &shared.slots, what, work).await
}

/// [`run_work`], taking its slot from `slots`.
async fn run_work_in<T: Send + 'static>(
    shared: &Shared,
    slots: &Arc<Semaphore>,
    what: &'static str,
    work: impl FnOnce(&AtomicBool) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut abandon = Abandon {
        cancel: Arc::clone(&cancel),
        what,
        started: Instant::now(),
        finished: false,
    };
    let slots = Arc::clone(slots);
    let flag = Arc::clone(&cancel);
    let outcome = tokio::time::timeout(shared.time_limit, async move {
        let slot = slots
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        tokio::task::spawn_blocking(move || {
            let _slot = slot;
            if flag.load(Ordering::Relaxed) {
                return Err(abandoned());
            }
            catch_unwind(AssertUnwindSafe(|| work(&flag)))
                .unwrap_or_else(|panic| Err(internal_error(panic.as_ref())))
        })
        .await
    })
    .await;
    abandon.finished = true;
    match outcome {
        Ok(Ok(result)) => result,
        Ok(Err(join_error)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {join_error}"),
        )),
        Err(_) => {
            cancel.store(true, Ordering::Relaxed);
            let seconds = shared.time_limit.as_secs_f64();
            eprintln!("grundy serve: {what} abandoned: it passed the time limit of {seconds} s");
            Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the analysis took longer than the server's time limit of {seconds} s and \
                     was abandoned (try a smaller position, or start the server with a larger \
                     --time-limit)"
                ),
            ))
        }
    }
}

/// The answer to a request whose handling panicked.
pub(super) fn internal_error(payload: &(dyn Any + Send)) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!(
            "internal error: {} (a bug in grundy; please report it with the request)",
            panic_message(payload)
        ),
    )
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::time::Duration;

    fn shared(time_limit: Duration) -> Shared {
        Shared {
            preloaded: Vec::new(),
            games: Mutex::new(HashMap::new()),
            slots: Arc::new(Semaphore::new(2)),
            remoteness_slot: Arc::new(Semaphore::new(1)),
            time_limit,
        }
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    }

    #[test]
    fn a_panic_is_an_internal_error() {
        let shared = shared(Duration::from_secs(5));
        let result: Result<(), ApiError> = runtime().block_on(run_work(&shared, "test", |_| {
            panic!("boom");
        }));
        let error = result.unwrap_err();
        assert_eq!(error.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(error.message.contains("boom"), "{}", error.message);
        // The server's slots are all free again.
        assert_eq!(shared.slots.available_permits(), 2);
    }

    #[test]
    fn past_the_time_limit_the_work_is_cancelled() {
        let shared = shared(Duration::from_millis(20));
        let (seen_tx, seen_rx) = std::sync::mpsc::channel();
        let result: Result<(), ApiError> =
            runtime().block_on(run_work(&shared, "test", move |cancel| {
                while !cancel.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                seen_tx.send(()).unwrap();
                Ok(())
            }));
        assert_eq!(result.unwrap_err().status, StatusCode::SERVICE_UNAVAILABLE);
        seen_rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the work saw its cancellation flag");
    }

    #[test]
    fn answers_stop_at_their_limit_and_when_abandoned() {
        let cancel = AtomicBool::new(false);
        let game = crate::resolve("kayles").unwrap();
        let small = game.analyze("3 5 7", 10).unwrap();
        assert_eq!(
            report_bytes(&small, &cancel).unwrap(),
            (small.to_json() + "\n").into_bytes()
        );
        let huge = format!("{} 1", "1 ".repeat(MAX_ANSWER));
        let big = game.analyze(&huge, 2).unwrap();
        assert_eq!(
            report_bytes(&big, &cancel).unwrap_err().status,
            StatusCode::BAD_REQUEST
        );
        cancel.store(true, Ordering::Relaxed);
        assert_eq!(
            report_bytes(&small, &cancel).unwrap_err().status,
            StatusCode::SERVICE_UNAVAILABLE
        );
    }

    #[test]
    fn budget_shrinks_with_the_position() {
        assert_eq!(answer_budget(0, MAX_ANSWER), MAX_ANSWER / 64);
        assert_eq!(answer_budget(usize::MAX, MAX_ANSWER), 1);
        assert!(answer_budget(1 << 20, MAX_ANSWER) * ((1 << 20) + 64) <= MAX_ANSWER);
        assert_eq!(answer_budget(100_000, MOVES_TEXT), 10);
        assert!(answer_budget(40, MOVES_TEXT) > DEFAULT_MOVES);
    }
}
