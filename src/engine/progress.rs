//! Watching a long computation of values: the observer a [`Limits`](super::values::Limits)
//! request carries.
//!
//! A [`Progress`] starts one [`Watch`] per computation; the engine reports each finished block
//! of positions to it (never per pair: a call per block costs nothing next to the block), and its
//! statistics at the end. `bool` is the simplest progress: `false` watches nothing, `true` is the
//! [`TerminalBar`] (a bar on stderr that appears once a run has lasted a second). A caller with
//! other needs (a server's log, a test's count) implements [`Progress`] itself.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What watches one computation of G(0..=to).
pub trait Watch {
    /// G(0..computed) are done.
    fn computed(&self, computed: u64);

    /// The fast engine's statistics at the end of a run (its method, rare positions, time per
    /// phase, fallbacks, work), as a line.
    fn engine_statistics(&self, statistics: &str) {
        let _ = statistics;
    }

    /// The computation is over.
    fn finished(&self) {}
}

/// Something that can watch computations: starts a [`Watch`] for each.
pub trait Progress {
    /// Starts watching a computation of G(0..=to).
    fn start(&self, to: u64) -> Box<dyn Watch + '_>;
}

/// Watches nothing.
struct Unwatched;

impl Watch for Unwatched {
    fn computed(&self, _computed: u64) {}
}

impl Progress for bool {
    /// `true`: a [`TerminalBar`]; `false`: nothing.
    fn start(&self, to: u64) -> Box<dyn Watch + '_> {
        if *self {
            Box::new(TerminalBar::new(to, false))
        } else {
            Box::new(Unwatched)
        }
    }
}

/// A progress bar on stderr that appears after a second (and never when stderr is not a
/// terminal); with `statistics`, the engine's statistics are printed on stderr at the end.
pub struct TerminalBar {
    bar: ProgressBar,
    start: Instant,
    /// Whether the second has passed and the bar was given stderr (which stays hidden when it
    /// is not a terminal: the bar is then never drawn, and not tried again at every block).
    revealed: AtomicBool,
    statistics: bool,
}

impl TerminalBar {
    /// A bar for G(0..=to), hidden until a second has passed.
    pub fn new(to: u64, statistics: bool) -> TerminalBar {
        let bar =
            ProgressBar::with_draw_target(Some(to.saturating_add(1)), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "G(n) [{bar:40}] {human_pos}/{human_len} ({per_sec}, {eta} left)",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        TerminalBar {
            bar,
            start: Instant::now(),
            revealed: AtomicBool::new(false),
            statistics,
        }
    }
}

impl Watch for TerminalBar {
    fn computed(&self, computed: u64) {
        if !self.revealed.load(Ordering::Relaxed)
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.revealed.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            if !self.bar.is_hidden() {
                self.bar.enable_steady_tick(Duration::from_millis(250));
            }
        }
        self.bar.set_position(computed);
    }

    fn engine_statistics(&self, statistics: &str) {
        if self.statistics {
            self.bar.suspend(|| eprintln!("{statistics}"));
        }
    }

    fn finished(&self) {
        self.bar.finish_and_clear();
    }
}

/// Progress that shows a [`TerminalBar`], with statistics when asked.
pub struct Terminal {
    /// Print the engine's statistics at the end of each run.
    pub statistics: bool,
}

impl Progress for Terminal {
    fn start(&self, to: u64) -> Box<dyn Watch + '_> {
        Box::new(TerminalBar::new(to, self.statistics))
    }
}
