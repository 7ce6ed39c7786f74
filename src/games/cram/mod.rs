//! # Cram
//!
//! **Rules.** A board of R × C cells, some possibly blocked. A move places a domino on two
//! orthogonally adjacent empty cells, horizontally or vertically; under normal play the player
//! who cannot place one loses. Cram is impartial Domineering (both players may place either way),
//! and Arc Kayles on the grid graph's edges.
//!
//! **Notation.** A position is `RxC` (the empty board: `5x7`) or a drawn board, its rows from the
//! top separated by `/`, `.` an empty cell and `#` a blocked (or covered) one: `..#/...`. A move
//! is the domino's top-left cell, row and column from 1 (row 1 at the top), then `h` (it covers
//! that cell and the one to its right) or `v` (that cell and the one below): `1,1h`, `2,3v`.
//! Misère play is refereed by exhaustive search on small boards (the search refuses past its
//! position limit).
//!
//! ## Theory
//!
//! * **Regions.** A move only touches its two cells, so the empty cells split into independent
//!   regions (the connected components, orthogonal adjacency): the position is their sum and its
//!   nimber is the nim-sum of theirs (Sprague–Grundy). Each region is first simplified without
//!   changing its value: a centre's extra leaves (cells whose one neighbour it is) and bridges
//!   (cells all of whose neighbours are centres) are dropped, and a 2 × 2 block with two
//!   opposite corners closed loses its horizontal pairs, which may split the region
//!   ([`region`] has the proofs). A region's game depends only on its
//!   shape up to the eight symmetries of the square, so each region is cut to its bounding box
//!   and keyed by the least of its eight images ([`region`]).
//! * **Nimbers by outcome searches** (Lemoine–Viennot): g(G) = k exactly when G + *k is a
//!   P-position; G + *k is an N-position when some option G' of G has g(G') = k, or k' < k has
//!   g(G) = k'. So g(G) is the least k with no option worth k; asking whether an option
//!   G' = A₁ + … + Aₘ is worth k values all its regions but the largest and asks the largest
//!   whether it is worth k ⊕ g(the others) — a search that stops at the first hit, instead of
//!   the largest region's full value ([`solver`]). Lemoine and Viennot prove that computing the
//!   nimbers of the components separately is never worse than searching the sum's tree whole.
//! * **Pruning.** A region of n cells has no play longer than ⌊n/2⌋ moves, and g never exceeds
//!   the longest play (induction: mex of values below it), so "is it worth k?" is false at once
//!   for k > ⌊n/2⌋ — a simple bound on a component's nimber that cuts the search. Asked whether
//!   a region is worth k ≥ 4, the solver first asks whether it is worth some j < k (g = j when
//!   no option is worth j, the smaller ones ruled out): most regions are worth less than 4, and
//!   that finds their value by searches that stop at their first hit, where proving first that
//!   no option is worth k means proving it of the options' options in turn (3 × 16 = *4: 225 s
//!   against more than 25 minutes; 6 × 7 = *5: 614 s against 1,959 s).
//!   Beling–Rogalski's pruning of the mex (an option asked whether its value is in a set, the
//!   candidates for the mex narrowed as options answer) was tried in place of `is_value` and
//!   is not used: on 5 × 8 it made 221,901 searches against 207,496 and took 3.1 s against
//!   2.7 s (beside another search). Written again later with the possible values narrowed by
//!   counting the options left (an option whose value is outside the set asked rules out the
//!   largest), it made 234,255 searches on 4 × 9 against 34,722 and 1.31 million on 5 × 8.
//!   On 5 × 7 this solver keeps 62,880 regions where igsolve reports 47,769 table entries
//!   (exact values only: not its number of searches). Congruent options (the same multiset
//!   of canonical regions, from the region's own symmetries) are searched once. The options of
//!   a region are generated one at a time, the middle first, and the search stops at the first
//!   one known to be worth what is asked (its regions small, in the table, or lost by the
//!   mirror rule below); only then are the others searched, the one whose largest region has
//!   room for the fewest dominoes first.
//! * **Mirror strategy.** A region that is its own image under the half turn, or under the
//!   left-right or top-bottom mirror, such that the image fixes no cell of the region and maps
//!   no domino onto itself, is lost for the player to move: the answer to any domino is its
//!   image, which is disjoint from it and still empty. So every even × even board is 0, and such
//!   regions need no search.
//! * **One row** of n cells is the octal game 0.07 (Dawson's Kayles: a domino removes two
//!   adjacent cells of a strip, leaving the two ends) on a heap of n; **two rows** of even length
//!   are 0 by the mirror rule. The tests check both.
//!
//! **Tables.** A transposition table keyed by canonical region holds each region's value, or
//! the values it is known not to have; it holds at most 22 million regions in 512 MiB (37
//! million on a board of at most 60 cells, whose keys take one word instead of two);
//! when full, what is known of its largest regions (at most half the table) is kept and the rest
//! forgotten (values stay exact). Regions of at most 14 cells are valued by plain mex and kept in
//! an endgame table that is never pruned. Boards of more than 30 empty cells show a progress
//! line on standard error (a spinner on a terminal; elsewhere, as in a batch job's log, a plain
//! line every ten minutes). The search is sequential and deterministic.
//!
//! **Checkpoints** (`analyze cram … --checkpoint FILE`, [`checkpoint`]). Both tables are saved
//! to a file every so often, on Ctrl-C and at the end, and a run of the same board resumes from
//! them. This is sound because every entry is a fact about a region alone, not about the board
//! being solved nor the search that found it: "g(R) = v" or "g(R) ≠ k", for R the region of the
//! key (a region's game is its own shape; Sprague–Grundy makes a board the sum of its regions).
//! The search records such facts only once proved (`value` records g(R) = k when no option is
//! worth k and every j < k is excluded; `is_value` records g(R) ≠ k when some option is worth k;
//! the mirror rule records 0; the endgame table holds mex values). Its correctness — every
//! answer true — rests only on every fact in the tables being true, never on which facts are
//! there: the table is pruned whenever it fills, at any point of a search. So it holds as well
//! for tables that start with a file's facts, and a resumed run prints the value and winning
//! moves of a run never stopped (only the work, and the counters, differ). When Ctrl-C stops a
//! search, the tables are saved first; the search then answers every question at once and
//! records nothing more in the transposition table (small regions, valued by plain mex, may
//! still enter the endgame table), its answers are dropped, and the command prints no report.
//! A file is refused when it is of another board, format version or grundy (whose keys may be
//! written otherwise), damaged (a hash of its contents ends it) or truncated.
//!
//! **Sources.** J. Lemoine, S. Viennot, "Nimbers are inevitable", *Theoretical Computer Science*
//! 462 (2012) 70–79 (arXiv:1011.5841), which also computes Cram's 3 × n nimbers; P. Beling,
//! M. Rogalski, "On pruning search trees of impartial games", *Artificial Intelligence* 283
//! (2020); the board values published in the README of Beling's `impartial-games` (igsolve), e.g.
//! 4 × 5 = *2, 5 × 7 = *1, 6 × 7 = *5, 7 × 8 = *3; J. W. H. M. Uiterwijk (5 × 11 = 0);
//! M. Gardner, *Mathematical Games* (1974), and Winning Ways (ch. 4, Dawson's Kayles). The
//! simplifications of regions (extra leaves, bridges, 2 × 2 blocks; [`region`]) were learnt
//! from the source of Beling's `igs` crate (on which igsolve is built) and are written here from
//! their proofs; none of its code is used.

pub mod board;
pub mod checkpoint;
mod options;
pub mod region;
mod shared_table;
mod small_table;
pub mod solver;
mod table;
pub mod theory;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod checkpoint_tests;
#[cfg(test)]
mod tests;

pub use board::{Cram, Domino, small_positions};

use crate::game::{
    Capabilities, CheckpointOptions, Entry, Game, GameError, GameInfo, MoveOutcome, PositionMoves,
    Resumable, ResumableRun, VerifyRequest, position_report,
};
use crate::report::AnalysisReport;
use crate::verify::Report;

/// The game's spelling on the command line.
pub const NAME: &str = "cram";

/// The positions the game accepts.
pub const DOMAIN: &str = "boards of 1 to 63 rows and columns and at most 112 cells, any cells \
                          blocked; every board is solved exactly (large open boards take long)";

/// Cram as a [`Game`]: its entry, whose analyses can also be saved and resumed.
struct CramGame(Entry<Cram>);

/// Cram as a [`Game`].
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(CramGame(
        Entry::<Cram>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "place a domino on two adjacent empty cells (either way); the player who \
                        cannot loses"
                    .into(),
                position: "`RxC` for an empty board (`3x4`), or rows from the top of `.` (empty) \
                           and `#` (blocked) separated by `/`: `..#/...`"
                    .into(),
                moves: "the domino's top-left cell, row and column from 1, then h (rightwards) or \
                        v (downwards): `1,1h`, `2,3v`"
                    .into(),
                source: "Gardner 1974; Lemoine-Viennot 2012 (nimbers by outcome searches)".into(),
                verify_size: "every drawn board of at most S cells and every empty board of at \
                              most S + 4 cells (default 9)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            |text| text.parse::<Cram>(),
            small_positions,
            (9, 12),
            &[],
        )
        .with_misere_size(6),
    ))
}

impl Game for CramGame {
    fn info(&self) -> &GameInfo {
        self.0.info()
    }

    fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        self.0.analyze(position, limit)
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        self.0.moves(position, limit)
    }

    fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        self.0.best_move(position)
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        self.0.play_move(position, entry)
    }

    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        self.0.verify(request)
    }

    fn capabilities(&self) -> Capabilities<'_> {
        Capabilities {
            resumable: Some(self),
            ..self.0.capabilities()
        }
    }
}

impl Resumable for CramGame {
    fn analyze_resumable(
        &self,
        position: &str,
        limit: usize,
        checkpoint: &CheckpointOptions,
    ) -> Result<ResumableRun, GameError> {
        let board = (self.0.parse)(position)?;
        let run = theory::with_checkpoint(&board, checkpoint, || {
            position_report(&self.0.info.name, &board, position, limit)
        })
        .map_err(|e| GameError::Io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))?;
        Ok(ResumableRun {
            report: run.result.transpose()?,
            resumed: run.resumed,
        })
    }

    fn set_max_memory(&self, bytes: u64) {
        theory::set_table_memory(bytes);
    }

    fn set_threads(&self, threads: usize) {
        theory::set_threads(threads);
    }
}
