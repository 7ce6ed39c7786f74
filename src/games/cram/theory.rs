//! Cram's theory for the commands: the value of a board, who wins, every winning domino, the
//! move notation — all through one solver kept for the whole process.

use super::board::{Cram, Domino};
use super::solver::Solver;
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::misere::game::MisereTheory;
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::sync::Mutex;

/// Boards with more empty cells than this show a progress line while they are solved.
const PROGRESS_CELLS: u32 = 30;

/// Runs `work` with the process's solver (its tables kept from one query to the next).
pub fn with_solver<T>(work: impl FnOnce(&mut Solver) -> T) -> T {
    static SOLVER: Mutex<Option<Solver>> = Mutex::new(None);
    let mut guard = SOLVER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
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
