//! Cram's theory for the commands: the value of a board, who wins, every winning domino, the
//! move notation — all through one solver kept for the whole process. A query made while that
//! solver is busy with another (another thread's, as in `grundy serve`, where an abandoned large
//! board runs to its end) gets a fresh solver of its own instead of waiting: a small board is
//! answered at once, and no thread queues behind a search that may take hours. The values are
//! exact either way; only the tables' reuse is lost.

use super::board::{Cram, Domino};
use super::solver::Solver;
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::misere::game::MisereTheory;
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::sync::{Mutex, TryLockError};

/// Boards with more empty cells than this show a progress line while they are solved.
const PROGRESS_CELLS: u32 = 30;

/// Runs `work` with the process's solver (its tables kept from one query to the next), or with a
/// fresh solver when the process's is busy.
pub fn with_solver<T>(work: impl FnOnce(&mut Solver) -> T) -> T {
    static SOLVER: Mutex<Option<Solver>> = Mutex::new(None);
    let mut guard = match SOLVER.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(TryLockError::WouldBlock) => return work(&mut Solver::new()),
    };
    work(guard.get_or_insert_with(Solver::new))
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
