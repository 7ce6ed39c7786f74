//! Several threads on one Cram search: each a [`Solver`] of its own (its endgame table, caches
//! and counters), all sharing one transposition table ([`SharedTable`]) and, for the region
//! being valued, a [`Race`].
//!
//! The value of a region R is the least k such that no option of R is worth k. The threads ask
//! the same k together and take R's options to search from one queue: a thread that finds an
//! option worth k tells the others, which abandon what they were searching for k (their
//! answers since are not values, so they record nothing, as a stopped search does) and go on
//! to k + 1 with it; a thread whose queue is empty searches the options still being searched
//! by the others, from the last, with what they have found so far in the table. A thread that
//! finds that no option is worth k has the value, and the others stop. Every answer recorded is
//! one a lone solver would find (a fact about its region alone), so the value is the same
//! whatever the threads' timing; only the searches' count changes from run to run.
//!
//! Most of a search's time is in the root's few costly options (6 × 7: the option found worth 2
//! is the fifteenth searched, after one of 2.5 million searches and others of 0.1 to 0.5
//! million; see the solver's module doc), which is where the threads part.

use super::super::region::{Key, Region, joined, key_cells, mirror_lost};
use super::super::table::{NARROW_CELLS, widened};
use super::race::Race;
use super::{MOST_THREADS, SharedTable, Solver, THREADS};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// The bytes of the table shared by a team searching a layout of `cells` cells, at most
/// `bytes`: 4 MiB up to 30 cells, doubling every two cells past them (128 MiB for 5 × 8, 256
/// MiB for 6 × 7, whose searches keep 0.2 and 8.8 million regions), so that a small board does
/// not take the memory of a large one.
fn team_table_bytes(cells: usize, bytes: u64) -> u64 {
    let doublings = cells.saturating_sub(30) / 2;
    (4u64 << 20)
        .checked_shl(doublings as u32)
        .map_or(bytes, |wanted| wanted.min(bytes))
}

impl Solver {
    /// A solver as the process's settings say: its table's memory ([`super::set_table_memory`])
    /// and its threads ([`set_threads`]).
    pub fn of_process() -> Solver {
        let mut solver = Solver::new();
        solver.enlist_as_process();
        solver
    }

    /// Makes this solver lead the team the process's settings say ([`set_threads`], of
    /// [`super::set_table_memory`]'s memory), if more than one thread: a solver loaded from a
    /// checkpoint goes on so.
    pub fn enlist_as_process(&mut self) {
        let threads = THREADS.load(Ordering::Relaxed);
        if threads > 1 {
            self.enlist(threads, super::table_bytes());
        }
    }

    /// Makes this solver lead `threads` − 1 others, all sharing one table of at most `bytes`
    /// (in place of its own) on layouts of at most [`NARROW_CELLS`] cells; larger layouts are
    /// searched by this one alone, with a table of its own. The shared table is made for the
    /// first layout searched, of the size it may need ([`team_table_bytes`]), and made larger
    /// for a larger layout.
    pub fn enlist(&mut self, threads: usize, bytes: u64) {
        self.team = Some((threads.clamp(1, MOST_THREADS), bytes));
    }

    /// Before a search of an `h` × `w` layout: the team's shared table and its mates made, if
    /// not yet or if the layout needs a larger table; for a layout past [`NARROW_CELLS`] cells,
    /// a table of this solver's own (the team comes back for a smaller layout).
    pub(super) fn fit_team(&mut self, h: usize, w: usize) {
        let Some((threads, bytes)) = self.team else {
            return;
        };
        if h * w > NARROW_CELLS {
            if self.shared.take().is_some() {
                self.table = super::Table::new(super::table_cap());
                self.mates.clear();
            }
            return;
        }
        let wanted = team_table_bytes(h * w, bytes);
        if threads < 2
            || self
                .shared
                .as_ref()
                .is_some_and(|shared| shared.bytes() >= wanted)
        {
            return;
        }
        // A new table (the first, or a larger one for a larger layout), told what this solver
        // knew: from a checkpoint, from searches alone, or in the smaller table.
        let shared = Arc::new(SharedTable::new(wanted));
        match self.shared.take() {
            Some(smaller) => {
                for (code, known) in smaller.held() {
                    shared.record(joined(widened(code)), |_| known);
                }
            }
            None => {
                let own = std::mem::replace(&mut self.table, super::Table::new(1));
                for (key, known) in own.iter() {
                    shared.record(joined(key), |_| known);
                }
            }
        }
        self.mates = (1..threads)
            .map(|_| {
                let mut mate = Solver::new();
                mate.counted_in = Some((Arc::clone(&self.mates_count), 0));
                mate.endgame_cells = self.endgame_cells;
                mate.lower_first_from = self.lower_first_from;
                mate.shared = Some(Arc::clone(&shared));
                mate
            })
            .collect();
        self.shared = Some(shared);
    }

    /// The searches of this solver's mates, as they told them (the tests check that they
    /// search).
    pub(crate) fn mates_searched(&self) -> u64 {
        self.mates_count.load(Ordering::Relaxed)
    }

    /// A mate's: tells its leader the searches it made since it last did.
    pub(super) fn tell_searches(&mut self) {
        if let Some((count, told)) = &mut self.counted_in {
            count.fetch_add(self.nodes.saturating_sub(*told), Ordering::Relaxed);
            *told = self.nodes;
        }
    }

    /// The searches of this solver and its mates.
    pub(super) fn team_searches(&self) -> u64 {
        self.nodes + self.mates_searched()
    }

    /// The nimber of one region, by this solver and its mates.
    pub(super) fn team_value(&mut self, key: Key) -> u32 {
        let race = Arc::new(Race::new());
        let mut mates = std::mem::take(&mut self.mates);
        let value = std::thread::scope(|scope| {
            // A thread the system will not start leaves its share to the others.
            let threads: Vec<_> = mates
                .iter_mut()
                .filter_map(|mate| {
                    let race = Arc::clone(&race);
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || mate.race_value(key, &race))
                        .ok()
                })
                .collect();
            let value = self.race_value(key, &race);
            for thread in threads {
                if let Err(panic) = thread.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            value
        });
        self.mates = mates;
        value
    }
}

impl Solver {
    /// The value of the region `key`, found with the other threads of `race`.
    /// A thread whose search is stopped (the leader's, on an interrupt or a failed save)
    /// stops the race: no thread then tells or records anything more, and this one returns 0,
    /// which is not a value (the caller's search is stopped too).
    fn race_value(&mut self, key: Key, race: &Arc<Race>) -> u32 {
        let value = self.race_value_from(key, race);
        self.tell_searches();
        self.race = None;
        self.abandoned = false;
        match value {
            Some(value) => {
                race.settle(value);
                value
            }
            None => {
                race.stop();
                0
            }
        }
    }

    /// [`Solver::race_value`]: `None` when the race stopped.
    fn race_value_from(&mut self, key: Key, race: &Arc<Race>) -> Option<u32> {
        if key_cells(key) <= self.endgame_cells {
            return Some(self.endgame_value(key));
        }
        let region = Region::of_key(key);
        if mirror_lost(&region) {
            return Some(0);
        }
        let mut options = self.options(&region, [0; 2]);
        self.depth += 1;
        let mut k = 0;
        let value = loop {
            if let Some(value) = race.value() {
                break Some(value);
            }
            if race.stopped() || self.stop.is_some() {
                break None;
            }
            let known = self.known(key);
            if let Some(exact) = known.exact() {
                break Some(u32::from(exact));
            }
            if known.excludes(k) || race.present(k) {
                k += 1;
                continue;
            }
            self.race = Some((Arc::clone(race), k));
            let worth = self.race_option_worth(&mut options, k, race);
            if self.stop.is_some() || race.stopped() {
                break None;
            }
            if self.abandoned {
                self.abandoned = false;
                self.answered_by = None;
                continue;
            }
            if !worth {
                self.record_exact(key, k);
                break Some(k);
            }
            self.record_excluded(key, k);
            race.found(k);
            k += 1;
        };
        self.depth -= 1;
        self.recycle(options);
        value
    }

    /// Whether some option of the race's region is worth `k`: the options taken from the
    /// race's queue, then those left, from the last (false when abandoned).
    fn race_option_worth(&mut self, options: &mut super::Options, k: u32, race: &Race) -> bool {
        if self.generate_until(options, k) {
            return true;
        }
        let mut answered = [0u128; 2];
        let count = options.searched.len();
        let mut index = race.take(k);
        let order = std::iter::from_fn(|| {
            (index < count).then(|| {
                let taken = index;
                index = race.take(k);
                taken
            })
        });
        for index in order {
            if self.ask_option(options, index, k, &mut answered) {
                return true;
            }
            if self.abandoned {
                return false;
            }
        }
        self.helping = true;
        let mut worth = false;
        for index in (0..count).rev() {
            worth = self.ask_option(options, index, k, &mut answered);
            if worth || self.abandoned {
                break;
            }
        }
        self.helping = false;
        worth && !self.abandoned
    }

    /// Whether the question this thread's search serves was answered by another thread: the
    /// race's, or that of the options of the root's option it helps with.
    pub(super) fn settled_elsewhere(&self) -> bool {
        let Some((race, asked)) = &self.race else {
            return false;
        };
        race.settled(*asked)
            || self.helped.is_some_and(|(key, k)| {
                let known = self.known(key);
                known.exact().is_some() || known.excludes(k)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::board::Cram;
    use super::Solver;

    /// The team's searches are counted whoever made them: its mates tell theirs (every 4096,
    /// and at the end of each value raced for), so that the progress line and a checkpoint
    /// count them while the threads still search; mates made anew for a larger layout (its
    /// larger shared table) leave their count with the team.
    #[test]
    fn a_team_counts_the_searches_of_every_thread() {
        let mut solver = Solver::with_endgame_cells(3);
        solver.enlist(2, 1 << 30);
        // Layouts of at most 30 cells (one shared table), until the mates have searched (they
        // race the leader for the options: on a loaded machine they may find none left).
        let mut made = 0;
        for text in ["3x9", "4x7", "3x10", "5x6"] {
            let board: Cram = text.parse().unwrap();
            solver.position_value(board.empty(), board.rows(), board.cols());
            made = solver.mates.iter().map(|mate| mate.nodes).sum();
            if made > 0 {
                break;
            }
        }
        assert!(made > 0);
        assert_eq!(solver.mates_searched(), made);
        assert_eq!(solver.team_searches(), solver.nodes + made);
        // 33 cells: a shared table twice as large, the mates made anew; the count goes on.
        let larger: Cram = "3x11".parse().unwrap();
        solver.position_value(larger.empty(), larger.rows(), larger.cols());
        let now: u64 = solver.mates.iter().map(|mate| mate.nodes).sum();
        assert_eq!(solver.mates_searched(), made + now);
    }
}
