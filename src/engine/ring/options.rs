//! What a ring-mode run is asked to do ([`RingOptions`]) with which prefix and ring
//! ([`Sizes`]), and what it answers ([`RingRun`]).

use super::error::RingError;
use crate::engine::report::TableReport;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The default `--memory`, in MiB: prefix and ring together, leaving room under 512 MiB
/// resident for the program itself.
pub const DEFAULT_MEMORY_MIB: u64 = 448;
/// The default `--checkpoint-every`, in seconds.
pub const DEFAULT_CHECKPOINT_SECONDS: u64 = 300;
/// The longest block (the in-memory engine's, for sparse values).
pub(super) const BLOCK: u64 = 16384;

/// The prefix and ring sizes, in positions (one byte each).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// P: G(0..P) are kept for ever.
    pub prefix: u64,
    /// R: G(n − R..n) are kept, the ring of the most recent values.
    pub ring: u64,
}

impl Sizes {
    /// The sizes for `mib` MiB: R three quarters of it, the window's slack
    /// ([`Sizes::slack`]) R/12, P the rest.
    pub fn for_memory(mib: u64) -> Result<Sizes, RingError> {
        if !(1..=1 << 20).contains(&mib) {
            return Err(RingError::Memory { mib });
        }
        let bytes = mib << 20;
        let ring = bytes / 4 * 3;
        let sizes = Sizes { prefix: 0, ring };
        Ok(Sizes {
            prefix: bytes - ring - sizes.slack(),
            ring,
        })
    }

    /// The room past the ring in the window (module doc, *Layout*): R/12, at least two
    /// blocks.
    pub fn slack(self) -> u64 {
        (self.ring / 12).max(2 * BLOCK)
    }

    /// The bytes of the table: P + R + slack.
    pub fn table(self) -> u64 {
        self.prefix + self.ring + self.slack()
    }
}

/// What a ring-mode run is asked to do.
pub struct RingOptions<'a, P> {
    /// The last position wanted.
    pub to: u64,
    /// The prefix and ring sizes.
    pub sizes: Sizes,
    /// Where the state is saved (and resumed from, when the file exists).
    pub checkpoint: Option<&'a Path>,
    /// The value file (module doc, *Value file*); `None`: the checkpoint's path with
    /// `.values` added, or an unnamed temporary file when there is no checkpoint either.
    pub values: Option<&'a Path>,
    /// How often the state is saved.
    pub checkpoint_every: Duration,
    /// Stop cleanly (saving the state) when this flag is set: Ctrl-C.
    pub interrupt: Option<&'a AtomicBool>,
    /// Stop as if interrupted once G(0..=this) are computed (tests: interruptions at chosen
    /// points).
    pub stop_after: Option<u64>,
    /// Who watches the computation (the progress bar).
    pub progress: P,
    /// Use the portable pair-scan kernels even where AVX2 is detected (the tests compare the
    /// two).
    pub scalar_kernels: bool,
}

/// A ring-mode run's result.
#[derive(Clone, Debug)]
pub struct RingRun {
    /// The report on G(0..=computed), as `table --json` prints it.
    pub report: TableReport,
    /// Where the run resumed from a checkpoint (the first position it computed), if it did.
    pub resumed_at: Option<u64>,
    /// Pair visits of this process (not of the runs before a resume).
    pub work: u128,
    /// Positioned reads of the value file this process made, and their bytes.
    pub file_reads: (u64, u64),
    /// Pairs whose values were read through the value file's reader (far scans), and the
    /// scans.
    pub far_pairs: u64,
    /// Scans that read pairs past the prefix and the ring.
    pub far_scans: u64,
}
