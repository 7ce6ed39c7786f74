//! What the solver tells of its search: the progress line on standard error while it searches
//! (where the search is at the position's own options and one level below, and its counters),
//! and the counters of a search done.

use super::Solver;
use crate::games::long_search::SearchProgress;

impl Solver {
    /// Shows its progress on standard error while it searches (a spinner on a terminal, else a
    /// line every ten minutes).
    pub fn show_progress(&mut self) {
        if self.progress.is_none() {
            self.progress = Some(SearchProgress::new("cram"));
        }
    }

    /// Removes the progress line.
    pub fn hide_progress(&mut self) {
        self.root = None;
        self.below_root = None;
        if let Some(bar) = self.progress.take() {
            bar.finish_and_clear();
        }
    }

    /// The search's counters: outcome searches, regions in the table, times it was pruned,
    /// small regions in the endgame table.
    pub fn stats(&self) -> String {
        if let Some(shared) = &self.shared {
            return format!(
                "{} searches on {} threads, {} regions in the shared table ({} not kept), {} \
                 small regions",
                self.team_searches(),
                self.mates.len() + 1,
                shared.len(),
                shared.forgotten(),
                self.endgame.len()
            );
        }
        let forgotten = match self.table.forgotten() {
            0 => String::new(),
            regions => format!(" ({regions} regions forgotten by full buckets)"),
        };
        format!(
            "{} searches, {} regions, pruned {}{forgotten}, {} small regions",
            self.nodes,
            self.table.len(),
            self.table.times_pruned(),
            self.endgame.len()
        )
    }

    /// How many regions the transposition table holds, and at most.
    fn table_counts(&self) -> (usize, usize) {
        match &self.shared {
            None => (self.table.len(), self.table.most()),
            Some(shared) => (shared.len(), shared.most()),
        }
    }

    /// Sets the progress line's message: where the search is and its counters.
    pub(super) fn report(&self) {
        if let Some(bar) = &self.progress {
            let below = match self.below_root {
                Some((k, index, options)) => format!(
                    " (in it: is an option worth {k}? option {} of {options})",
                    index + 1
                ),
                None => String::new(),
            };
            let root = match self.root {
                Some((k, index, options)) => format!(
                    "is an option worth {k}? searching option {} of {options}{below}; ",
                    index + 1
                ),
                None => String::new(),
            };
            let (len, most) = self.table_counts();
            // A shared table is never pruned: what it has no room for (the smaller regions)
            // is not kept.
            let dropped = match &self.shared {
                None => format!("pruned {} times", self.table.times_pruned()),
                Some(shared) => format!("{} not kept", shared.forgotten()),
            };
            bar.set_message(format!(
                "{root}{} searches, {len} regions in the table (at most {most}), {dropped}, {} \
                 small regions",
                self.team_searches(),
                self.endgame.len()
            ));
        }
    }
}
