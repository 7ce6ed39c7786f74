//! `grundy._grundy`: the native half of the Python package `grundy`, a thin layer over the
//! library crate one directory up (no second implementation of anything).
//!
//! Every answer is the library's own report: `analyze` and `moves` hand over the JSON the
//! command line prints (`grundy analyze --json`), `table` the `TableReport` and the engine's
//! values storage itself, `census` and the misère table their serde reports. The Python half
//! (`grundy/__init__.py`) turns those into objects with docstrings; this file only
//!
//! * runs the work with the GIL released: in a scoped thread when the engine can be stopped
//!   (table, misère table, census), while the calling thread polls `Python::check_signals`
//!   every 50 ms and sets the engine's interrupt flag (the one `table --seconds` and Ctrl-C use)
//!   when a signal handler raised — Ctrl-C is then a `KeyboardInterrupt`;
//! * maps each library error to a subclass of `grundy.GrundyError` with the same located
//!   message the command line prints after `error: `;
//! * exposes the values of a table to NumPy without a copy, through NumPy's
//!   `__array_interface__` protocol (the buffer protocol is not in the limited API before
//!   Python 3.11, and the wheel is abi3 for 3.9).

use grundy::contest::interact::{InteractError, InteractOptions};
use grundy::contest::judge::JudgeOptions;
use grundy::contest::runner::Program;
use grundy::core::Play;
use grundy::engine::Table as Cells;
use grundy::engine::ring::DEFAULT_CHECKPOINT_SECONDS;
use grundy::families::census::{self, CensusError, CensusRequest};
use grundy::families::misere_census::{
    DEFAULT_MISERE_CENSUS_MAX_ORDER, DEFAULT_MISERE_CENSUS_SECONDS, DEFAULT_MISERE_CENSUS_TO,
    MisereCensusRequest,
};
use grundy::families::misere_table::{
    MisereTableError, MisereTableLimits, MisereTableRequest, check_seconds, misere_table,
};
use grundy::families::table::{PRINT_LIMIT, Table};
use grundy::families::{FamilyError, TableError};
use grundy::game::CheckpointOptions;
use grundy::game::compound_kind::Compound;
use grundy::game::variant;
use grundy::misere::MisereError;
use grundy::misere::construction::Limits;
use grundy::misere::table::MAX_MISERE_TABLE;
use grundy::{Game, GameError, ResolveError, VerifyRequest};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// Large tables on huge pages, as in the `grundy` binary (the library's `large_pages`).
#[global_allocator]
static ALLOCATOR: grundy::large_pages::LargePages = grundy::large_pages::LargePages;

create_exception!(
    grundy,
    GrundyError,
    PyException,
    "Anything grundy refuses; the message is the one the command line prints after `error: `."
);
create_exception!(
    grundy,
    UnknownGameError,
    GrundyError,
    "A spelling that names no game (or a malformed family spelling, script or graph file)."
);
create_exception!(
    grundy,
    PositionError,
    GrundyError,
    "A malformed position, one outside the game's domain, or an illegal move (located)."
);
create_exception!(
    grundy,
    UnsupportedError,
    GrundyError,
    "What was asked does not apply to this game (a table of a game that is not a heap game, \
     misère play of a game without a misère version, ...)."
);
create_exception!(
    grundy,
    LimitError,
    GrundyError,
    "A request past a stated limit: a verify size, a table too long or too large for memory, \
     a misère table past its largest N, too many census games."
);
create_exception!(
    grundy,
    ComputationError,
    GrundyError,
    "The theory, the search or a script failed on this input."
);

/// The Python exception for a library error of a game.
fn game_error(error: GameError) -> PyErr {
    let message = error.to_string();
    match error {
        GameError::Position(_) | GameError::IllegalMove(_) => PositionError::new_err(message),
        GameError::SizeTooLarge { .. } => LimitError::new_err(message),
        GameError::NoConjecture(_) => UnsupportedError::new_err(message),
        GameError::Unsupported(_) => UnsupportedError::new_err(message),
        GameError::Analysis(_) | GameError::Script(_) | GameError::Family(_) => {
            ComputationError::new_err(message)
        }
        GameError::Io(_) => GrundyError::new_err(message),
    }
}

fn resolve_error(error: ResolveError) -> PyErr {
    UnknownGameError::new_err(error.to_string())
}

fn family_error(error: FamilyError) -> PyErr {
    // A heap too large for what can be computed is a limit; a failing script rule is not.
    let message = error.to_string();
    match error {
        FamilyError::ScriptFailed(_) => ComputationError::new_err(message),
        FamilyError::Malformed(_) | FamilyError::EmptyHeap => PositionError::new_err(message),
        _ => LimitError::new_err(message),
    }
}

fn table_error(error: TableError) -> PyErr {
    match error {
        TableError::Family(error) => family_error(error),
        TableError::PlotFormat { .. } | TableError::PlotFailed { .. } => {
            GrundyError::new_err(error.to_string())
        }
        _ => LimitError::new_err(error.to_string()),
    }
}

fn misere_error(error: MisereTableError) -> PyErr {
    let message = error.to_string();
    match error {
        MisereTableError::Family(error) => family_error(error),
        MisereTableError::Misere(MisereError::TooLarge(_)) => LimitError::new_err(message),
        MisereTableError::Misere(MisereError::Unsupported(_)) => UnsupportedError::new_err(message),
        MisereTableError::Misere(_) => ComputationError::new_err(message),
    }
}

fn census_error(error: CensusError) -> PyErr {
    let message = error.to_string();
    match error {
        CensusError::Pattern { .. } => UnknownGameError::new_err(message),
        CensusError::TooManyGames { .. } => LimitError::new_err(message),
        _ => GrundyError::new_err(message),
    }
}

fn json_error(error: serde_json::Error) -> PyErr {
    GrundyError::new_err(format!("cannot write the report as JSON: {error}"))
}

/// How often a long call looks for a signal (Ctrl-C) while the engine works.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` in a scoped thread with the GIL released; every [`POLL`] the calling thread
/// takes the GIL back, runs `tick` (a progress bar) and checks for signals. When a signal
/// handler raises (Ctrl-C: `KeyboardInterrupt`), `stop` — the engine's interrupt flag that
/// `work` reads — is set, the work is waited for (it stops at its next block) and the exception
/// is returned instead of its result.
fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::channel::<()>();
        let handle = scope.spawn(move || {
            let result = work();
            let _ = sender.send(());
            result
        });
        let mut raised = None;
        loop {
            // The receiver goes into the GIL-free closure and back (it is Send, not Sync).
            let (back, finished) = py.detach(move || {
                let finished = !matches!(
                    receiver.recv_timeout(POLL),
                    Err(mpsc::RecvTimeoutError::Timeout)
                );
                (receiver, finished)
            });
            receiver = back;
            if finished {
                break;
            }
            if let Err(error) = py.check_signals().and_then(|()| tick(py)) {
                stop.store(true, Ordering::Relaxed);
                raised = Some(error);
                // The engine stops at its next block; wait for it without the GIL.
                py.detach(move || {
                    let _ = receiver.recv();
                });
                break;
            }
        }
        let result = match handle.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        match raised {
            Some(error) => Err(error),
            None => Ok(result),
        }
    })
}

/// A game as the library resolves it from a spelling (`grundy.resolve` wraps it), with the
/// variants its capabilities make (misère play, the compounds), each made once from the game
/// itself — no spelling is resolved again, no file read again.
#[pyclass(frozen, module = "grundy._grundy")]
struct NativeGame {
    spelling: String,
    normal: Arc<dyn Game>,
    variants: Mutex<HashMap<(Play, Compound), Arc<dyn Game>>>,
}

impl NativeGame {
    /// The game under misère play (`misere`) or as the compound `compound` of its components.
    fn play(&self, misere: bool, compound: Option<&str>) -> PyResult<Arc<dyn Game>> {
        let play = if misere { Play::Misere } else { Play::Normal };
        let kind = match compound {
            None => Compound::Disjunctive,
            Some(name) => name
                .parse::<Compound>()
                .map_err(|e| UnsupportedError::new_err(e.to_string()))?,
        };
        let mut variants = self
            .variants
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some(game) = variants.get(&(play, kind)) {
            return Ok(Arc::clone(game));
        }
        let game: Arc<dyn Game> = match variant(&*self.normal, play, kind).map_err(game_error)? {
            Some(game) => Arc::from(game),
            None => Arc::clone(&self.normal),
        };
        variants.insert((play, kind), Arc::clone(&game));
        Ok(game)
    }
}

/// A serde value (a report) as Python objects: dicts, lists, str, int, float, bool, None. A
/// number past 64 bits (a bean-split count) becomes a Python int all the same.
fn python_value<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(flag) => flag.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(number) => {
            if let Some(n) = number.as_u64() {
                n.into_pyobject(py)?.into_any()
            } else if let Some(n) = number.as_i64() {
                n.into_pyobject(py)?.into_any()
            } else {
                let text = number.to_string();
                if text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
                    py.get_type::<pyo3::types::PyInt>().call1((text,))?
                } else {
                    number
                        .as_f64()
                        .unwrap_or(f64::NAN)
                        .into_pyobject(py)?
                        .into_any()
                }
            }
        }
        Value::String(text) => text.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(python_value(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(entries) => {
            let dict = PyDict::new(py);
            for (key, item) in entries {
                dict.set_item(key, python_value(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// `value` (a report the library typed) as Python objects.
fn to_python<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(value).map_err(json_error)?;
    python_value(py, &value)
}

#[pymethods]
impl NativeGame {
    /// The spelling it was resolved from.
    #[getter]
    fn spelling(&self) -> &str {
        &self.spelling
    }

    /// What `grundy list` says of it, as a dict.
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = self.normal.info();
        let dict = PyDict::new(py);
        dict.set_item("name", &info.name)?;
        dict.set_item("rules", &info.rules)?;
        dict.set_item("position", &info.position)?;
        dict.set_item("moves", &info.moves)?;
        dict.set_item("source", &info.source)?;
        dict.set_item("verify_size", &info.verify_size)?;
        dict.set_item("domain", &info.domain)?;
        dict.set_item("heap_game", self.normal.heap_game().is_some())?;
        Ok(dict)
    }

    /// `grundy analyze GAME POSITION [--misere] [--compound C] [--remoteness] [--limit N]
    /// [--max-memory GIB] [--checkpoint FILE [--checkpoint-every SECONDS]]`: the report as
    /// Python objects (exactly its `--json` object), its text, and with a checkpoint the line
    /// saying what the run resumed from (`None` when it started afresh). Ctrl-C during a run
    /// with a checkpoint saves the search first, then raises `KeyboardInterrupt`.
    #[pyo3(signature = (position, misere, compound, remoteness, limit, max_memory, checkpoint, checkpoint_every, threads))]
    #[allow(clippy::too_many_arguments)]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        position: &str,
        misere: bool,
        compound: Option<&str>,
        remoteness: bool,
        limit: Option<usize>,
        max_memory: Option<u64>,
        checkpoint: Option<PathBuf>,
        checkpoint_every: Option<u64>,
        threads: Option<u64>,
    ) -> PyResult<(Bound<'py, PyAny>, String, Option<String>)> {
        let game = self.play(misere, compound)?;
        let long_search = |what: &str| {
            game.capabilities().resumable.ok_or_else(|| {
                UnsupportedError::new_err(format!(
                    "{what}; {}{} has none",
                    game.info().name,
                    if misere { " under misère play" } else { "" }
                ))
            })
        };
        if remoteness && (max_memory.is_some() || checkpoint.is_some() || threads.is_some()) {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "remoteness=True is a search of its own: give it no max_memory, checkpoint or \
                 threads",
            ));
        }
        if let Some(threads) = threads {
            let most = grundy::game::MOST_THREADS;
            if threads == 0 || threads > most as u64 {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "threads {threads}: give a number from 1 to {most}"
                )));
            }
            long_search("threads shares a long search's table")?.set_threads(threads as usize);
        }
        if let Some(gib) = max_memory {
            let bytes = grundy::game::max_memory_bytes(gib).map_err(|error| {
                pyo3::exceptions::PyValueError::new_err(format!("max_memory {error}"))
            })?;
            long_search("max_memory bounds a long search's table")?.set_max_memory(bytes);
        }
        let limit = limit.unwrap_or_else(|| grundy::analysis::default_limit(position.len()));
        let Some(path) = checkpoint else {
            if checkpoint_every.is_some() {
                return Err(pyo3::exceptions::PyValueError::new_err(
                    "checkpoint_every is the time between two saves of a checkpoint: give \
                     checkpoint too",
                ));
            }
            let report = py
                .detach(|| {
                    if remoteness {
                        grundy::game::remoteness(&*game, position, limit)
                    } else {
                        game.analyze(position, limit)
                    }
                })
                .map_err(game_error)?;
            return Ok((to_python(py, &report)?, report.to_string(), None));
        };
        let resumable = long_search("checkpoint saves a long search to resume it")?;
        let every = checkpoint_every.unwrap_or(DEFAULT_CHECKPOINT_SECONDS);
        if every == 0 {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "checkpoint_every 0: give at least 1 second",
            ));
        }
        let interrupt = Arc::new(AtomicBool::new(false));
        let options = CheckpointOptions {
            path: path.clone(),
            every: Duration::from_secs(every),
            interrupt: Some(Arc::clone(&interrupt)),
        };
        let run = interruptible(
            py,
            &interrupt,
            || resumable.analyze_resumable(position, limit, &options),
            |_| Ok(()),
        )?
        .map_err(game_error)?;
        let Some(report) = run.report else {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(format!(
                "interrupted: the search is saved in {}; the same call resumes it",
                path.display()
            )));
        };
        Ok((to_python(py, &report)?, report.to_string(), run.resumed))
    }

    /// Every legal move of a position (at most `limit`), as the JSON of `PositionMoves`.
    #[pyo3(signature = (position, misere, compound, limit))]
    fn moves(
        &self,
        py: Python<'_>,
        position: &str,
        misere: bool,
        compound: Option<&str>,
        limit: usize,
    ) -> PyResult<String> {
        let game = self.play(misere, compound)?;
        let moves = py
            .detach(|| game.moves(position, limit))
            .map_err(game_error)?;
        serde_json::to_string(&moves).map_err(json_error)
    }

    /// The move a perfect player makes from `position` (a winning move if any, else the quiet
    /// move), as the JSON of a `MoveOutcome`; `null` without a legal move.
    #[pyo3(signature = (position, misere, compound))]
    fn best_move(
        &self,
        py: Python<'_>,
        position: &str,
        misere: bool,
        compound: Option<&str>,
    ) -> PyResult<String> {
        let game = self.play(misere, compound)?;
        let chosen = py.detach(|| game.best_move(position)).map_err(game_error)?;
        serde_json::to_string(&chosen).map_err(json_error)
    }

    /// Plays `entry` (a move in the notation, or the position to reach) from `position`, as
    /// the JSON of a `MoveOutcome`; an illegal entry is a `PositionError`.
    #[pyo3(signature = (position, entry, misere, compound))]
    fn play_move(
        &self,
        py: Python<'_>,
        position: &str,
        entry: &str,
        misere: bool,
        compound: Option<&str>,
    ) -> PyResult<String> {
        let game = self.play(misere, compound)?;
        let outcome = py
            .detach(|| game.play_move(position, entry))
            .map_err(game_error)?;
        serde_json::to_string(&outcome).map_err(json_error)
    }

    /// `grundy verify GAME [--size S] [--misere]`: each check as (name, checked,
    /// disagreements, counter-example position, its detail).
    #[pyo3(signature = (size, misere))]
    #[allow(clippy::type_complexity)]
    fn verify(
        &self,
        py: Python<'_>,
        size: Option<u64>,
        misere: bool,
    ) -> PyResult<Vec<(String, usize, usize, Option<String>, Option<String>)>> {
        let game = self.play(misere, None)?;
        let reports = py
            .detach(|| game.verify(&VerifyRequest::Size(size)))
            .map_err(game_error)?;
        Ok(reports
            .into_iter()
            .map(|mut report| {
                // As the command line names them.
                if misere && !report.name.contains("misère") {
                    report.name.push_str(" --misere");
                }
                let (position, detail) = match report.counterexample {
                    Some(counter) => (Some(counter.position), Some(counter.detail)),
                    None => (None, None),
                };
                (
                    report.name,
                    report.checked,
                    report.disagreements,
                    position,
                    detail,
                )
            })
            .collect())
    }
}

/// The game a spelling names (`grundy.resolve`).
#[pyfunction]
fn resolve(py: Python<'_>, spelling: &str) -> PyResult<NativeGame> {
    let normal = py
        .detach(|| grundy::resolve(spelling))
        .map_err(resolve_error)?;
    Ok(NativeGame {
        spelling: spelling.to_string(),
        normal: Arc::from(normal),
        variants: Mutex::new(HashMap::new()),
    })
}

/// The heap game behind `spelling`, or the command line's error for a game that is none.
fn heap_rule(
    spelling: &str,
    command: &str,
    works_on: &str,
) -> PyResult<grundy::families::HeapRule> {
    let game = grundy::resolve(spelling).map_err(resolve_error)?;
    match game.heap_game() {
        Some(heap_game) => Ok(heap_game.rule().clone()),
        None => Err(UnsupportedError::new_err(format!(
            "{} is not a heap game: `{command}` works on {works_on}",
            game.info().name
        ))),
    }
}

/// A computed table (`grundy table GAME [--to N]`): the library's [`Table`] itself, whose
/// values NumPy reads in place.
#[pyclass(frozen, module = "grundy._grundy")]
struct NativeTable {
    table: Table,
}

#[pymethods]
impl NativeTable {
    /// The report, as `grundy table --json` prints it (without `values`).
    fn report(&self) -> PyResult<String> {
        serde_json::to_string(&self.table.report(false)).map_err(json_error)
    }

    /// G(n) for any n up to N (computed, or from the proved period).
    fn value(&self, n: u64) -> PyResult<u32> {
        if n > self.table.to() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "G({n}) is past the table's N = {}",
                self.table.to()
            )));
        }
        self.table
            .values()
            .get(n)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("G({n}) unknown")))
    }

    /// G(0..=N) as a [`Values`] buffer: the engine's own storage when it computed every value
    /// up to N (no copy), else (a proved period stopped it early) one vector filled from the
    /// period, in the engine's cell type.
    fn values(slf: &Bound<'_, Self>) -> PyResult<Values> {
        let table = &slf.get().table;
        let to = table.to();
        let len = usize::try_from(to)
            .ok()
            .and_then(|to| to.checked_add(1))
            .filter(|_| to < PRINT_LIMIT)
            .ok_or_else(|| {
                table_error(TableError::PrintTooLong {
                    to,
                    limit: PRINT_LIMIT,
                })
            })?;
        let values = table.values();
        if values.table().len() >= len {
            return Ok(Values {
                owner: Owner::Table(slf.clone().unbind()),
                len,
            });
        }
        // Every n up to N is known (computed, or from the proved period): the report's range.
        let value = |n: usize| {
            values.get(n as u64).ok_or_else(|| {
                GrundyError::new_err(format!("G({n}) is neither computed nor from a period"))
            })
        };
        // The period repeats values already stored, so each fits the stored cell type.
        let filled = match values.table() {
            Cells::U8(_) => Cells::U8(
                (0..len)
                    .map(|n| value(n).map(|v| v as u8))
                    .collect::<PyResult<_>>()?,
            ),
            Cells::U16(_) => Cells::U16(
                (0..len)
                    .map(|n| value(n).map(|v| v as u16))
                    .collect::<PyResult<_>>()?,
            ),
            Cells::U32(_) => Cells::U32((0..len).map(value).collect::<PyResult<_>>()?),
        };
        Ok(Values {
            owner: Owner::Filled(filled),
            len,
        })
    }
}

/// Who owns the cells a [`Values`] shows.
enum Owner {
    /// The table's own storage.
    Table(Py<NativeTable>),
    /// A vector filled from the period.
    Filled(Cells),
}

/// G(0..=N) of a table, read in place: `numpy.asarray(values)` is a read-only array over the
/// engine's storage (uint8, uint16 or uint32, the engine's cell type), kept alive by this object.
#[pyclass(frozen, module = "grundy._grundy")]
struct Values {
    owner: Owner,
    len: usize,
}

impl Values {
    fn cells(&self) -> &Cells {
        match &self.owner {
            Owner::Table(table) => table.get().table.values().table(),
            Owner::Filled(cells) => cells,
        }
    }
}

#[pymethods]
impl Values {
    fn __len__(&self) -> usize {
        self.len
    }

    fn __getitem__(&self, index: isize) -> PyResult<u32> {
        let position = if index < 0 {
            index.checked_add_unsigned(self.len)
        } else {
            Some(index)
        };
        match position.and_then(|n| usize::try_from(n).ok()) {
            Some(n) if n < self.len => Ok(self.cells().get(n)),
            _ => Err(pyo3::exceptions::PyIndexError::new_err(
                "index out of range",
            )),
        }
    }

    /// The values as a list of ints (a copy).
    fn tolist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let cells = self.cells();
        PyList::new(py, (0..self.len).map(|n| cells.get(n)))
    }

    /// The NumPy type string of a cell: `|u1`, `<u2` or `<u4` (native byte order).
    #[getter]
    fn typestr(&self) -> &'static str {
        let little = cfg!(target_endian = "little");
        match (self.cells(), little) {
            (Cells::U8(_), _) => "|u1",
            (Cells::U16(_), true) => "<u2",
            (Cells::U16(_), false) => ">u2",
            (Cells::U32(_), true) => "<u4",
            (Cells::U32(_), false) => ">u4",
        }
    }

    /// The address of the first cell (for tests of the zero-copy claim).
    #[getter]
    fn address(&self) -> usize {
        match self.cells() {
            Cells::U8(v) => v.as_ptr() as usize,
            Cells::U16(v) => v.as_ptr() as usize,
            Cells::U32(v) => v.as_ptr() as usize,
        }
    }

    /// NumPy's array interface (version 3): the cells in place, read-only.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("version", 3)?;
        dict.set_item("shape", (self.len,))?;
        dict.set_item("typestr", self.typestr())?;
        dict.set_item("data", (self.address(), true))?;
        Ok(dict)
    }
}

/// `grundy table GAME [--to N]` (normal play): the computed table.
#[pyfunction]
#[pyo3(signature = (spelling, to))]
fn table(py: Python<'_>, spelling: &str, to: Option<u64>) -> PyResult<NativeTable> {
    let rule = heap_rule(
        spelling,
        "table",
        "take-and-break codes, sub:…, allbut:… and grundys-game",
    )?;
    let stop = AtomicBool::new(false);
    let computed = interruptible(
        py,
        &stop,
        || Table::compute(&rule, to, false, Some(&stop), false),
        |_| Ok(()),
    )?
    .map_err(table_error)?;
    Ok(NativeTable { table: computed })
}

/// `grundy table GAME --misere [--to N] [--seconds S] [--max-order N] [--max-candidates K]
/// --json`.
#[pyfunction]
#[pyo3(signature = (spelling, to, seconds, max_order, max_candidates))]
fn misere(
    py: Python<'_>,
    spelling: &str,
    to: Option<u64>,
    seconds: Option<f64>,
    max_order: Option<usize>,
    max_candidates: Option<usize>,
) -> PyResult<String> {
    let MisereTableLimits {
        up_to,
        seconds,
        max_order,
        max_candidates,
    } = MisereTableRequest {
        to,
        seconds,
        max_order,
        max_candidates,
    }
    .check()
    .map_err(|error| pyo3::exceptions::PyValueError::new_err(error.to_string()))?;
    let game = grundy::resolve(spelling).map_err(resolve_error)?;
    let name = game.info().name.clone();
    let rule = heap_rule(
        spelling,
        "table --misere",
        "take-and-break codes, sub:…, allbut:… and grundys-game",
    )?;
    let interrupt = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let limits = Limits {
        max_order,
        max_candidates,
        deadline: seconds.map(|s| start + Duration::from_secs_f64(s)),
        interrupt: Some(Arc::clone(&interrupt)),
        note: None,
    };
    let report = interruptible(
        py,
        &interrupt,
        || misere_table(&name, &rule, up_to, limits, &mut |_, _| {}),
        |_| Ok(()),
    )?
    .map_err(misere_error)?;
    serde_json::to_string(&report).map_err(json_error)
}

/// The engine's threads for one call: a pool of `threads` when given (a shard on a worker that
/// has one core to itself), else rayon's global pool (every core).
fn thread_pool(threads: Option<usize>) -> PyResult<Option<rayon::ThreadPool>> {
    match threads {
        None => Ok(None),
        Some(0) => Err(pyo3::exceptions::PyValueError::new_err(
            "threads=0: give at least 1 (or None for every core)",
        )),
        Some(count) => rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .build()
            .map(Some)
            .map_err(|e| GrundyError::new_err(format!("cannot start {count} threads: {e}"))),
    }
}

/// Runs `work` in `pool` when there is one.
fn within<T: Send>(pool: Option<&rayon::ThreadPool>, work: impl FnOnce() -> T + Send) -> T {
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}

/// `(K, N)` as `--shard K/N` accepts it.
fn checked_shard(shard: Option<(u64, u64)>) -> PyResult<Option<(u64, u64)>> {
    match shard {
        Some((k, n)) if k == 0 || k > n => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "shard ({k}, {n}): give (K, N) with 1 <= K <= N"
        ))),
        other => Ok(other),
    }
}

/// `grundy census PATTERN… [--to N] [--budget UNITS] [--shard K/N] --json`; `progress(done,
/// total)` is called every 50 ms while games finish (for a bar); `threads`: the engine's
/// threads (default every core).
#[pyfunction]
#[pyo3(signature = (patterns, to, budget, progress, shard = None, threads = None))]
fn run_census(
    py: Python<'_>,
    patterns: Vec<String>,
    to: Option<u64>,
    budget: Option<u64>,
    progress: Option<Py<PyAny>>,
    shard: Option<(u64, u64)>,
    threads: Option<usize>,
) -> PyResult<String> {
    let request = CensusRequest {
        patterns,
        to: to.unwrap_or(census::DEFAULT_TO),
        budget: budget.unwrap_or(census::DEFAULT_BUDGET),
        shard: checked_shard(shard)?,
    };
    let total = games_in_shard(&request.patterns, request.to, request.budget, shard)?;
    let stop = Arc::new(AtomicBool::new(false));
    let result = run_counting_games(py, &stop, threads, total, &progress, |finished| {
        census::run(&request, Some(&stop), &|_| finished())
    })?
    .map_err(census_error)?;
    serde_json::to_string(&result).map_err(json_error)
}

/// How many games of `patterns` the census's plan deals to `shard` (all of them without one).
fn games_in_shard(
    patterns: &[String],
    to: u64,
    budget: u64,
    shard: Option<(u64, u64)>,
) -> PyResult<usize> {
    let games = census::expand(patterns).map_err(census_error)?;
    Ok(census::plan(&games, to, budget, shard.map_or(1, |s| s.1))
        .iter()
        .filter(|&&k| shard.is_none_or(|(mine, _)| k == mine))
        .count())
}

/// Runs a census `work` on `threads` threads (every core by default) with the GIL released,
/// interrupted by Ctrl-C through `stop`; `work` calls its argument once a game is finished, and
/// `progress(done, total)` is called while games finish and once at the end.
fn run_counting_games<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    threads: Option<usize>,
    total: usize,
    progress: &Option<Py<PyAny>>,
    work: impl FnOnce(&(dyn Fn() + Sync)) -> T + Send,
) -> PyResult<T> {
    let pool = thread_pool(threads)?;
    let finished = AtomicUsize::new(0);
    let mut shown = usize::MAX;
    let result = interruptible(
        py,
        stop,
        || {
            within(pool.as_ref(), || {
                work(&|| {
                    finished.fetch_add(1, Ordering::Relaxed);
                })
            })
        },
        |py| {
            let done = finished.load(Ordering::Relaxed);
            match progress {
                Some(callback) if done != shown => {
                    shown = done;
                    callback.call1(py, (done, total)).map(drop)
                }
                _ => Ok(()),
            }
        },
    )?;
    if let Some(callback) = progress {
        callback.call1(py, (finished.load(Ordering::Relaxed), total))?;
    }
    Ok(result)
}

/// How many games the patterns name (raises the census's error for a bad pattern): what a
/// sharded census checks before it submits anything.
#[pyfunction]
fn census_games(patterns: Vec<String>) -> PyResult<usize> {
    Ok(census::expand(&patterns).map_err(census_error)?.len())
}

/// `grundy census --merge PIECE…`: pieces as (name, JSON text), the merged census's JSON;
/// `misere` for the pieces of a misère census.
#[pyfunction]
#[pyo3(signature = (pieces, misere))]
fn merge_census(py: Python<'_>, pieces: Vec<(String, String)>, misere: bool) -> PyResult<String> {
    py.detach(|| {
        if misere {
            let parsed = pieces
                .into_iter()
                .map(|(name, text)| {
                    serde_json::from_str::<grundy::families::misere_census::MisereCensus>(&text)
                        .map(|piece| (name.clone(), piece))
                        .map_err(|e| {
                            GrundyError::new_err(format!("{name}: not a misère census ({e})"))
                        })
                })
                .collect::<PyResult<Vec<_>>>()?;
            let merged = grundy::families::misere_census::merge(parsed).map_err(census_error)?;
            serde_json::to_string(&merged).map_err(json_error)
        } else {
            let parsed = pieces
                .into_iter()
                .map(|(name, text)| {
                    census::read(&text, &name)
                        .map(|piece| (name, piece))
                        .map_err(census_error)
                })
                .collect::<PyResult<Vec<_>>>()?;
            let merged = census::merge(parsed).map_err(census_error)?;
            serde_json::to_string(&merged).map_err(json_error)
        }
    })
}

/// `seconds` as the command line's `--seconds` accepts it ([`check_seconds`]).
fn positive_seconds(seconds: f64) -> PyResult<f64> {
    if let Ok(seconds) = check_seconds(seconds) {
        Ok(seconds)
    } else {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "seconds={seconds}: give a positive number of seconds"
        )))
    }
}

/// `grundy census PATTERN… --misere [--to N] [--seconds S] [--max-order K] [--shard K/N]
/// --json`; `progress(done, total)` and `threads` as for [`run_census`].
#[pyfunction]
#[pyo3(signature = (patterns, to, seconds, max_order, progress, shard = None, threads = None))]
#[allow(clippy::too_many_arguments)]
fn run_misere_census(
    py: Python<'_>,
    patterns: Vec<String>,
    to: Option<u64>,
    seconds: Option<f64>,
    max_order: Option<usize>,
    progress: Option<Py<PyAny>>,
    shard: Option<(u64, u64)>,
    threads: Option<usize>,
) -> PyResult<String> {
    let seconds = positive_seconds(seconds.unwrap_or(DEFAULT_MISERE_CENSUS_SECONDS))?;
    let max_order = max_order.unwrap_or(DEFAULT_MISERE_CENSUS_MAX_ORDER);
    if max_order < 2 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "max_order: give at least 2",
        ));
    }
    let to = to.unwrap_or(DEFAULT_MISERE_CENSUS_TO);
    if to > MAX_MISERE_TABLE {
        return Err(LimitError::new_err(format!(
            "--to {to} is too large for misère quotients (at most {MAX_MISERE_TABLE})"
        )));
    }
    let request = MisereCensusRequest {
        patterns,
        to,
        seconds,
        max_order,
        shard: checked_shard(shard)?,
    };
    let total = games_in_shard(&request.patterns, request.to, u64::MAX, shard)?;
    let stop = Arc::new(AtomicBool::new(false));
    let result = run_counting_games(py, &stop, threads, total, &progress, |finished| {
        grundy::families::misere_census::run(&request, Some(Arc::clone(&stop)), &|_| finished())
    })?
    .map_err(census_error)?;
    serde_json::to_string(&result).map_err(json_error)
}

/// The native module.
/// A duration of `seconds` (positive), or `ValueError` naming `what`.
fn duration(what: &str, seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|limit| !limit.is_zero())
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{what}={seconds}: give a positive number of seconds"
            ))
        })
}

/// The program to run: its command and arguments.
fn program(words: Vec<String>) -> PyResult<Program> {
    let words: Vec<OsString> = words.into_iter().map(OsString::from).collect();
    Program::from_command_line(&words)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("give the program to run"))
}

/// `grundy judge GAME [--dialect D] [--cases N] [--seconds S] [--seed K] [--time-limit T]
/// [--beyond] --json -- PROGRAM…`: the report as Python objects.
#[pyfunction]
#[pyo3(signature = (spelling, words, dialect, cases, seconds, seed, time_limit, beyond))]
#[allow(clippy::too_many_arguments)]
fn judge<'py>(
    py: Python<'py>,
    spelling: &str,
    words: Vec<String>,
    dialect: Option<&str>,
    cases: usize,
    seconds: f64,
    seed: u64,
    time_limit: f64,
    beyond: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let options = JudgeOptions {
        cases,
        seconds: duration("seconds", seconds)?,
        seed,
        time_limit: duration("time_limit", time_limit)?,
        beyond,
        progress: false,
    };
    if cases == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "cases: give at least 1",
        ));
    }
    let game = grundy::resolve(spelling).map_err(resolve_error)?;
    let name = game.info().name.clone();
    let format = game.format(dialect).ok_or_else(|| {
        UnsupportedError::new_err(match dialect {
            None => format!("{name} has no judge format"),
            Some(dialect) => format!("unknown dialect `{dialect}` for {name}"),
        })
    })?;
    let program = program(words)?;
    let report = py
        .detach(|| grundy::contest::judge::judge(&name, &format, &program, &options))
        .map_err(|e| GrundyError::new_err(e.to_string()))?;
    to_python(py, &report)
}

/// `grundy interact GAME [POSITION] [--games N] [--seed K] [--time-limit T] [--misere]
/// [--compound C] --json -- PROGRAM…`: the report as Python objects.
#[pyfunction]
#[pyo3(signature = (spelling, words, position, games, seed, time_limit, misere, compound))]
#[allow(clippy::too_many_arguments)]
fn interact<'py>(
    py: Python<'py>,
    spelling: &str,
    words: Vec<String>,
    position: &str,
    games: usize,
    seed: u64,
    time_limit: f64,
    misere: bool,
    compound: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let compound = match compound {
        None => None,
        Some(name) => Some(
            name.parse::<Compound>()
                .map_err(|e| UnsupportedError::new_err(e.to_string()))?,
        ),
    };
    let options = InteractOptions {
        games,
        time_limit: duration("time_limit", time_limit)?,
        seed,
        play: if misere { Play::Misere } else { Play::Normal },
        compound: compound.filter(|&kind| kind != Compound::Disjunctive),
    };
    let game = grundy::resolve(spelling).map_err(resolve_error)?;
    let program = program(words)?;
    let report = py
        .detach(|| grundy::contest::interact::session(&*game, position, &program, &options))
        .map_err(|error| match error {
            InteractError::Game(error) => game_error(error),
            error => GrundyError::new_err(error.to_string()),
        })?;
    to_python(py, &report)
}

/// What `grundy list` prints: every named game's rules, notation, sources and judge formats,
/// and the families of games spelled at run time.
#[pyfunction]
fn catalogue() -> String {
    grundy::resolve::catalogue()
}

/// `grundy nimber`'s arithmetic on 64-bit nimbers: `op` is `product`, `power`, `sqrt`,
/// `inverse`, `log` or `order`; `None` where the answer does not exist (the inverse of 0, a
/// logarithm outside the base's subgroup).
#[pyfunction]
#[pyo3(signature = (op, a, b))]
fn nimber(op: &str, a: u64, b: u64) -> PyResult<Option<u64>> {
    use grundy::nimber_field::{arithmetic, log};
    Ok(match op {
        "product" => Some(arithmetic::product(a, b)),
        "power" => Some(arithmetic::power(a, b)),
        "sqrt" => Some(arithmetic::sqrt(a)),
        "inverse" => arithmetic::inverse(a),
        "log" => log::log(a, b),
        "order" => log::order(a),
        other => {
            return Err(UnsupportedError::new_err(format!(
                "unknown nimber operation `{other}`"
            )));
        }
    })
}

#[pymodule]
fn _grundy(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("GrundyError", py.get_type::<GrundyError>())?;
    module.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    module.add("PositionError", py.get_type::<PositionError>())?;
    module.add("UnsupportedError", py.get_type::<UnsupportedError>())?;
    module.add("LimitError", py.get_type::<LimitError>())?;
    module.add("ComputationError", py.get_type::<ComputationError>())?;
    module.add_class::<NativeGame>()?;
    module.add_class::<NativeTable>()?;
    module.add_class::<Values>()?;
    module.add_function(wrap_pyfunction!(resolve, module)?)?;
    module.add_function(wrap_pyfunction!(catalogue, module)?)?;
    module.add_function(wrap_pyfunction!(nimber, module)?)?;
    module.add_function(wrap_pyfunction!(judge, module)?)?;
    module.add_function(wrap_pyfunction!(interact, module)?)?;
    module.add_function(wrap_pyfunction!(table, module)?)?;
    module.add_function(wrap_pyfunction!(misere, module)?)?;
    module.add_function(wrap_pyfunction!(run_census, module)?)?;
    module.add_function(wrap_pyfunction!(run_misere_census, module)?)?;
    module.add_function(wrap_pyfunction!(census_games, module)?)?;
    module.add_function(wrap_pyfunction!(merge_census, module)?)?;
    Ok(())
}
