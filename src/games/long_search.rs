//! What the long searches of the board games (Cram, Node and Arc Kayles) share: the progress
//! line on standard error, and making room in a full memo by keeping its largest entries.
//!
//! A Cram region's entry or a Node Kayles component's entry is a fact about that position alone
//! (its value, or values it is known not to have), so any subset of a memo is true: forgetting
//! entries only costs time. The largest positions are the costliest to find again, so a full
//! memo keeps what it knows of them and forgets the smaller ones (`games::cram::solver` measures
//! what this saves against emptying the table).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::io::IsTerminal;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often a long search writes its counters where standard error is not a terminal.
const LOG_EVERY: Duration = Duration::from_secs(600);

/// The progress of a long search on standard error. On a terminal, a spinner,
/// `⠠ GAME: ELAPSED MESSAGE`, ticking on its own; elsewhere (a log file, a batch job's output),
/// where a spinner is not drawn, a plain line `GAME: H:MM:SS MESSAGE` every ten minutes, the
/// first after ten minutes, so that a search of hours shows that it is alive and how far it is
/// (and a short one writes nothing). The search sets its message with its counters.
#[derive(Clone)]
pub(crate) struct SearchProgress {
    bar: ProgressBar,
    /// Where standard error is not a terminal: when the next line is due.
    log: Option<Arc<Mutex<LogSchedule>>>,
}

impl SearchProgress {
    /// The progress of a search of `game`, from now.
    pub(crate) fn new(game: &str) -> SearchProgress {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(&format!("{{spinner}} {game}: {{elapsed}} {{msg}}"))
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(Duration::from_millis(250));
            return SearchProgress { bar, log: None };
        }
        SearchProgress {
            bar: ProgressBar::hidden(),
            log: Some(Arc::new(Mutex::new(LogSchedule::new(
                game,
                Instant::now(),
                LOG_EVERY,
            )))),
        }
    }

    /// Shows `message` (the search's counters): on the spinner, or in the next line when due.
    pub(crate) fn set_message(&self, message: String) {
        match &self.log {
            None => self.bar.set_message(message),
            Some(log) => {
                let line = log
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .line_due(Instant::now(), &message);
                if let Some(line) = line {
                    eprintln!("{line}");
                }
            }
        }
    }

    /// Removes the spinner (the lines written stay).
    pub(crate) fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }
}

/// When the plain progress lines are due: every `every` from `start`.
struct LogSchedule {
    game: String,
    start: Instant,
    next: Instant,
    every: Duration,
}

impl LogSchedule {
    fn new(game: &str, start: Instant, every: Duration) -> LogSchedule {
        LogSchedule {
            game: game.to_string(),
            start,
            next: start + every,
            every,
        }
    }

    /// The line to write at `now` with `message`, when one is due (the next is then due a
    /// period later, however late this one came).
    fn line_due(&mut self, now: Instant, message: &str) -> Option<String> {
        if now < self.next {
            return None;
        }
        self.next = now + self.every;
        let seconds = now.duration_since(self.start).as_secs();
        Some(format!(
            "{}: {}:{:02}:{:02} {message}",
            self.game,
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        ))
    }
}

/// Keeps the entries of the largest keys (by `size`), as many sizes as fit in `keep` entries
/// counted from the largest down, and drops the others; a size is kept whole or not at all, so
/// fewer than `keep` may stay (none when the largest size alone has more than `keep`). The
/// table is then moved into as few slots as hold what stays: for a moment it takes the old slots
/// and the new.
pub(crate) fn keep_largest<K: Eq + Hash, V>(
    table: &mut FxHashMap<K, V>,
    keep: usize,
    size: impl Fn(&K) -> usize,
) {
    let (least_kept, _) = least_size_kept(table.keys().map(&size), keep);
    table.retain(|key, _| size(key) >= least_kept);
    // The slots emptied are left marked as deleted, and the hash table counts them as taken: it
    // would double its slots long before it held as many entries again. Moved into a table of
    // half the slots (`keep` is at most half of what the full one held), it fills them again
    // by growing back to its size, as before the first prune.
    table.shrink_to_fit();
}

/// Which entries of the given `sizes` [`keep_largest`] keeps: the least size kept (past the
/// largest when none is) and how many entries are of that size or more.
pub(crate) fn least_size_kept(sizes: impl Iterator<Item = usize>, keep: usize) -> (usize, usize) {
    let mut by_size: Vec<usize> = Vec::new();
    for size in sizes {
        if by_size.len() <= size {
            by_size.resize(size + 1, 0);
        }
        by_size[size] += 1;
    }
    let mut kept = 0;
    let mut least_kept = by_size.len();
    for size in (0..by_size.len()).rev() {
        if kept + by_size[size] > keep {
            break;
        }
        kept += by_size[size];
        least_kept = size;
    }
    (least_kept, kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_sizes_that_fit_are_kept_whole() {
        let mut table: FxHashMap<u32, ()> = (1..=10).map(|key| (key, ())).collect();
        // Sizes: key / 3, so 0 (1, 2), 1 (3, 4, 5), 2 (6, 7, 8), 3 (9, 10).
        keep_largest(&mut table, 5, |&key| key as usize / 3);
        let mut left: Vec<u32> = table.keys().copied().collect();
        left.sort();
        assert_eq!(left, [6, 7, 8, 9, 10]);
        keep_largest(&mut table, 4, |&key| key as usize / 3);
        assert_eq!(table.len(), 2);
        keep_largest(&mut table, 1, |&key| key as usize / 3);
        assert!(table.is_empty());
    }

    #[test]
    fn a_pruned_table_fills_again_within_its_slots() {
        // A table at its most (7/8 of its slots full), pruned to half, then filled again to its
        // most, several times over: it must never take more slots than it had.
        let most = (1 << 16) / 8 * 7;
        let mut table: FxHashMap<u64, ()> = FxHashMap::default();
        table.reserve(most);
        let slots = table.capacity();
        let mut next = 0u64;
        for _ in 0..6 {
            while table.len() < most {
                table.insert(next.wrapping_mul(0x9e37_79b9_7f4a_7c15), ());
                next += 1;
            }
            assert!(table.capacity() <= slots, "{} > {slots}", table.capacity());
            keep_largest(&mut table, most / 2, |&key| (key >> 60) as usize);
        }
    }

    #[test]
    fn plain_progress_lines_come_every_period_from_the_start() {
        let start = Instant::now();
        let minute = Duration::from_secs(60);
        let mut schedule = LogSchedule::new("search", start, 10 * minute);
        assert_eq!(schedule.line_due(start, "a"), None);
        assert_eq!(schedule.line_due(start + 9 * minute, "b"), None);
        assert_eq!(
            schedule
                .line_due(start + 10 * minute, "7 searches")
                .as_deref(),
            Some("search: 0:10:00 7 searches")
        );
        assert_eq!(schedule.line_due(start + 19 * minute, "c"), None);
        // A late message is written when it comes; the next is due a period after it.
        let late = start + 2 * 60 * minute + 3 * minute + Duration::from_secs(4);
        assert_eq!(
            schedule.line_due(late, "d").as_deref(),
            Some("search: 2:03:04 d")
        );
        assert_eq!(schedule.line_due(late + 9 * minute, "e"), None);
        assert!(schedule.line_due(late + 10 * minute, "f").is_some());
    }
}
