//! Saving the Cram solver's tables to a checkpoint and resuming from one (the
//! [`checkpoint`](super::checkpoint) module has the file's format).

use super::super::board::Cram;
use super::super::checkpoint::{self, CheckpointError, Facts, Header, Schedule};
use super::super::region::{joined, small_key, split, unpack_small};
use super::super::table::{Held, Known, widened};
use super::{Solver, Stop};
use std::path::Path;

/// Saving and resuming (the [`checkpoint`] module has the file's format).
impl Solver {
    /// Writes what the solver knows of regions (both tables and the counters) to a checkpoint
    /// of `board` at `path`.
    pub fn save(&self, path: &Path, board: &str) -> Result<(), CheckpointError> {
        let header = Header {
            board: board.to_string(),
            searches: self.team_searches(),
            pruned: self.table.times_pruned(),
        };
        let small = self
            .endgame
            .iter()
            .map(|(key, value)| (split(unpack_small(key)), value));
        let Some(shared) = &self.shared else {
            let regions = self.table.iter();
            let regions = regions.map(|(key, known)| (key, known.in_checkpoint()));
            return checkpoint::save(path, &header, regions, small);
        };
        // The other threads go on writing: the count is taken first, and as many regions are
        // written (a later look finds at least as many), each a fact whenever it was read.
        let count = shared.count_held();
        let regions = shared
            .held()
            .take(count)
            .map(|(code, known)| (widened(code), known.in_checkpoint()));
        checkpoint::save(path, &header, Held::new(regions, count), small)
    }

    /// A solver that knows what the checkpoint of `board` at `path` holds, and that file's
    /// header; or why the file is refused. On several threads ([`super::set_threads`]) the
    /// regions go straight into the table the threads share, which may hold more than a table
    /// of one solver's own in the same memory (all its slots against 7/8 of them): a search on
    /// several threads resumes with the memory it ran with.
    pub fn load(path: &Path, board: &str) -> Result<(Solver, Header), CheckpointError> {
        let mut solver = Solver::new();
        solver.enlist_as_process();
        if let Ok(cram) = board.parse::<Cram>() {
            solver.fit_layout(cram.rows(), cram.cols());
        }
        let most = match &solver.shared {
            Some(shared) => shared.most(),
            None => solver.table.most(),
        };
        let header = checkpoint::load(path, board, most, &mut solver)?;
        solver.nodes = header.searches;
        solver.table.set_times_pruned(header.pruned);
        Ok((solver, header))
    }

    /// Saves the tables on `schedule` while it searches: every so often, and (then stopping)
    /// when its flag is set. Replaces an earlier schedule, and clears an earlier stop.
    pub fn save_on(&mut self, schedule: Schedule) {
        self.schedule = Some(schedule);
        self.stop = None;
    }

    /// Ends the saves: the schedule and why the search stopped, if it did (the stop is cleared,
    /// so the solver searches again).
    pub fn end_saves(&mut self) -> (Option<Schedule>, Option<Stop>) {
        (self.schedule.take(), self.stop.take())
    }

    /// Why the search stopped, if it did: its answers since then are not values.
    pub fn stopped(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// Moves the searches' counter so that the schedule is next looked at after `searches`
    /// more outcome searches (1 to 4096), not after up to 4096: with its flag already set, the
    /// tests stop a search part-way there (the counter only shows progress).
    #[cfg(test)]
    pub(crate) fn look_at_schedule_after(&mut self, searches: u64) {
        self.nodes = (self.nodes | 0xfff) + 1 - searches.clamp(1, 4096);
    }

    /// Both tables, in key order (the tests compare solvers by them).
    #[cfg(test)]
    pub(crate) fn facts(
        &self,
    ) -> (
        std::collections::BTreeMap<[u64; 2], u64>,
        std::collections::BTreeMap<[u64; 2], u8>,
    ) {
        (
            self.table
                .iter()
                .map(|(key, known)| (key, known.in_checkpoint()))
                .collect(),
            self.endgame
                .iter()
                .map(|(key, value)| (split(unpack_small(key)), value))
                .collect(),
        )
    }

    /// The saves due: on the schedule's flag (then the search stops) or its period; a failed
    /// save stops the search too (better now than hours later at the end).
    pub(super) fn checkpoint_tick(&mut self) {
        let Some(schedule) = self.schedule.take() else {
            return;
        };
        let interrupted = schedule.interrupted();
        let mut schedule = schedule;
        if interrupted || schedule.due() {
            match self.save(&schedule.path, &schedule.board) {
                Ok(()) => schedule.saved(),
                Err(error) => self.stop = Some(Stop::Failed(error)),
            }
            if interrupted && self.stop.is_none() {
                self.stop = Some(Stop::Interrupted);
            }
        }
        self.schedule = Some(schedule);
    }
}

impl Facts for Solver {
    fn reserve(&mut self, regions: usize, small: usize) {
        if self.shared.is_none() {
            self.table.reserve(regions);
        }
        self.endgame.reserve(small);
    }

    fn learn_region(&mut self, key: [u64; 2], known: u64) {
        self.record(joined(key), |_| Known::from_checkpoint(known));
    }

    fn learn_small(&mut self, key: [u64; 2], value: u8) {
        if let Some(small) = small_key(joined(key)) {
            self.endgame.insert(small, value);
        }
    }
}
