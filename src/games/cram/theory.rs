//! Cram's theory for the commands: the value of a board, who wins, every winning domino, the
//! move notation — all through one solver kept for the whole process. A query made while that
//! solver is busy with another (another thread's, as in `grundy serve`, where an abandoned large
//! board runs to its end) gets a fresh solver of its own instead of waiting: a small board is
//! answered at once, and no thread queues behind a search that may take hours. The values are
//! exact either way; only the tables' reuse is lost.
//!
//! With a checkpoint ([`with_checkpoint`], `analyze cram … --checkpoint FILE`) the process's
//! solver starts from the file's tables when it exists, saves them there every so often, on
//! an interrupt (then stops) and at the end (module doc of [`super`], *Checkpoints*).

use super::board::{Cram, Domino};
use super::checkpoint::{CheckpointError, Schedule};
use super::solver::{self, Solver, Stop};
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::game::CheckpointOptions;
use crate::misere::game::MisereTheory;
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

/// Boards with more empty cells than this show a progress line while they are solved.
const PROGRESS_CELLS: u32 = 30;

/// The process's solver, kept from one query to the next.
static SOLVER: Mutex<Option<Solver>> = Mutex::new(None);

/// The process's solver slot, unless another thread's search holds it (not waited for).
fn idle_process_solver() -> Option<MutexGuard<'static, Option<Solver>>> {
    match SOLVER.try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
}

/// Runs `work` with the process's solver (its tables kept from one query to the next), or with a
/// fresh solver when the process's is busy.
pub fn with_solver<T>(work: impl FnOnce(&mut Solver) -> T) -> T {
    match idle_process_solver() {
        Some(mut guard) => work(guard.get_or_insert_with(Solver::of_process)),
        None => work(&mut Solver::of_process()),
    }
}

/// Makes the process's solver, from its next query on, and every solver made from now on
/// search on `threads` threads ([`solver::set_threads`]); when that number changes, the
/// process's solver starts afresh (unless another thread's search holds it: it then keeps its
/// threads).
pub fn set_threads(threads: usize) {
    if solver::set_threads(threads) == threads.min(crate::game::MOST_THREADS) {
        return;
    }
    if let Some(mut guard) = idle_process_solver() {
        *guard = None;
    }
}

/// Bounds the transposition table of the process's solver, and of every solver made from now
/// on, to about `bytes` ([`solver::set_table_memory`]); returns the regions it then holds. A
/// process's solver busy with another thread's search is not waited for: it keeps its bound,
/// and only the solvers made from now on (as for a query that finds it busy) get the new one.
pub fn set_table_memory(bytes: u64) -> usize {
    let entries = solver::set_table_memory(bytes);
    if let Some(mut guard) = idle_process_solver()
        && let Some(process_solver) = guard.as_mut()
    {
        process_solver.set_table_entries(entries);
    }
    entries
}

/// What a run with a checkpoint did.
pub struct Checkpointed<T> {
    /// What the work returned; `None` when it was interrupted (the tables saved first).
    pub result: Option<T>,
    /// What the solver knew when it resumed from the file (its counters); `None` when the run
    /// started afresh.
    pub resumed: Option<String>,
}

/// Runs `work` — queries on `board`, made through the process's solver — with that solver's
/// tables saved to a checkpoint as `options` say: first read from the file when it exists (it
/// must be `board`'s), else written there at once (so a file that cannot be written is found
/// now), then saved every `options.every`, on `options.interrupt` and at the end. A stop on the
/// interrupt gives no result: `work`'s answers after it are not values, and are dropped. With
/// several threads ([`set_threads`]) the table they share is saved, while they search.
pub fn with_checkpoint<T>(
    board: &Cram,
    options: &CheckpointOptions,
    work: impl FnOnce() -> T,
) -> Result<Checkpointed<T>, CheckpointError> {
    let name = board.to_string();
    let path = options.path.as_path();
    let process_solver = || SOLVER.lock().unwrap_or_else(PoisonError::into_inner);
    let resumed = {
        let mut guard = process_solver();
        let solver = guard.get_or_insert_with(Solver::of_process);
        let fresh =
            matches!(std::fs::metadata(path), Err(e) if e.kind() == std::io::ErrorKind::NotFound);
        let resumed = if fresh {
            solver.save(path, &name)?;
            None
        } else {
            let (loaded, _) = Solver::load(path, &name)?;
            *solver = loaded;
            Some(format!(
                "resumed from {} ({})",
                path.display(),
                solver.stats()
            ))
        };
        solver.save_on(Schedule::new(
            options.path.clone(),
            name.clone(),
            options.every,
            options.interrupt.clone(),
        ));
        resumed
    };
    let result = work();
    let mut guard = process_solver();
    let solver = guard.get_or_insert_with(Solver::of_process);
    match solver.end_saves().1 {
        Some(Stop::Interrupted) => Ok(Checkpointed {
            result: None,
            resumed,
        }),
        Some(Stop::Failed(error)) => Err(error),
        None => {
            solver.save(path, &name)?;
            Ok(Checkpointed {
                result: Some(result),
                resumed,
            })
        }
    }
}

impl Cram {
    /// The nimber of the board.
    pub fn value(&self) -> Nimber {
        with_solver(|solver| {
            if self.empty().count_ones() > PROGRESS_CELLS {
                solver.show_progress();
            }
            let value = solver.position_value(self.empty(), self.rows(), self.cols());
            solver.hide_progress();
            Nimber(u64::from(value))
        })
    }

    /// Whether playing `domino` leaves a position worth 0.
    fn wins_by(&self, solver: &mut Solver, domino: &Domino) -> bool {
        let after = self.play(domino);
        solver.position_is(after.empty(), self.rows(), self.cols(), 0)
    }
}

impl Theory for Cram {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(self.value().winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(self.value())
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Cram>, AnalysisError> {
        let mut collector = MoveCollector::new(limit);
        let value = self.value();
        if value == Nimber::ZERO {
            return Ok(collector.finish());
        }
        with_solver(|solver| {
            if self.empty().count_ones() > PROGRESS_CELLS {
                solver.show_progress();
            }
            for domino in self.moves() {
                if self.wins_by(solver, &domino) {
                    collector.push(|| WinningMove {
                        mv: domino,
                        reason: "leaves regions whose nim-sum is 0".to_string(),
                    });
                }
            }
            solver.hide_progress();
        });
        Ok(collector.finish())
    }
}

impl Notation for Cram {
    fn format_move(&self, domino: &Domino) -> String {
        self.domino_text(domino)
    }

    fn parse_move(&self, text: &str) -> Result<Domino, String> {
        self.parse_domino(text)
    }
}

/// Misère play is refereed by exhaustive misère search (small boards only: the search refuses
/// past its position limit).
impl MisereTheory for Cram {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_while_the_solver_is_busy_gets_a_fresh_one() {
        let board = Cram::empty_board(2, 3).unwrap();
        // Inside `with_solver` the process's solver is held: the nested query does not wait.
        let (inner, outer) = with_solver(|solver| {
            let inner = board.value();
            (inner, solver.position_value(board.empty(), 2, 3))
        });
        assert_eq!(inner, Nimber(1));
        assert_eq!(u64::from(outer), 1);
        assert_eq!(board.value(), Nimber(1));
    }
}
