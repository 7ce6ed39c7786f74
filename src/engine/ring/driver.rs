//! The ring mode's driver ([`run`]): the sizes checked, the state loaded from a checkpoint or
//! started, then the positions one by one or block by block to the last one asked for, the
//! common sets chosen while the prefix holds every value, checkpoints saved on time, on Ctrl-C
//! and at the end, and the report.

use super::checkpoint::{load, save};
use super::error::RingError;
use super::machine::Ring;
use super::options::{RingOptions, RingRun};
use super::state::{FIRST_REVIEW, State};
use super::value_file::ValueFile;
use crate::engine::kernels::Kernels;
use crate::engine::method::Stop;
use crate::engine::moves::Moves;
use crate::engine::progress::Progress;
use crate::engine::report::{Largest, TableReport};
use crate::engine::rule::CompiledRule;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Positions between two looks at the clock, the interrupt flag and the progress bar, while
/// positions are computed one by one.
const CHUNK: u64 = 1 << 12;

/// Computes G(0..=options.to) of `rule` in the ring mode, resuming from and saving to the
/// checkpoint when one is given (module doc).
pub fn run<P: Progress>(
    rule: &CompiledRule,
    game: &str,
    options: &RingOptions<'_, P>,
) -> Result<RingRun, RingError> {
    let moves = Moves::of(rule, usize::MAX).ok_or_else(|| RingError::Rule {
        rule: game.to_string(),
    })?;
    let sizes = options.sizes;
    let take = moves
        .take_all
        .iter()
        .chain(&moves.singles)
        .chain(&moves.splits)
        .copied()
        .max()
        .unwrap_or(0) as u64;
    if sizes.ring < 64
        || sizes.ring < 2 * (take + 1)
        || sizes.prefix == 0
        || sizes
            .prefix
            .checked_add(sizes.ring)
            .and_then(|sum| sum.checked_add(sizes.slack()))
            .is_none_or(|table| usize::try_from(table).is_err())
    {
        return Err(RingError::Sizes {
            ring: sizes.ring,
            prefix: sizes.prefix,
            take,
        });
    }
    let game = game.to_string();
    // The table's room: the whole of it, or the positions asked for when fewer (a resumed
    // state may hold more).
    let wanted = sizes.table().min(options.to.saturating_add(1));
    let values_path = options.values.map(Path::to_path_buf).or_else(|| {
        options.checkpoint.map(|path| {
            let mut name = path.as_os_str().to_owned();
            name.push(".values");
            PathBuf::from(name)
        })
    });
    let (state, file) = match (options.checkpoint, &values_path) {
        (Some(path), Some(values)) if path.exists() => load(path, values, &game, sizes, wanted)?,
        _ => (
            State::new(wanted)?,
            ValueFile::create(values_path.as_deref())?,
        ),
    };
    let resumed_at = (state.n > 0).then_some(state.n);
    let mut ring = Ring {
        moves: &moves,
        sizes,
        state,
        kernels: Kernels::detect(),
        work: 0,
        fallbacks: 0,
        fallback_pairs: 0,
        speculate: 0,
        pairs_per_position: 0,
        moves_down: 0,
        pending: None,
        overlapped: 0,
        sequential_time: Duration::ZERO,
        file,
        cursors: Vec::new(),
        far_scans: 0,
        far_pairs: 0,
    };
    if options.scalar_kernels {
        ring.kernels = Kernels::Scalar;
    }
    let to = options.to;
    let watch = options.progress.start(to);
    let mut safe = ring.safe();
    let mut last_save = Instant::now();
    let mut stop = Stop::Reached;
    while ring.state.n <= to {
        let n = ring.state.n;
        let mut end = to + 1;
        if let Some(after) = options.stop_after {
            if n > after {
                stop = Stop::Interrupted;
                break;
            }
            end = end.min(after + 1);
        }
        if n <= sizes.prefix {
            let grown = ring.state.rare_total()
                > ring.state.rare_at_review + (ring.state.rare_at_review / 8).max(16);
            if n >= ring.state.next_review || grown {
                ring.review();
                safe = ring.safe();
                if n >= ring.state.next_review {
                    ring.state.next_review = n.saturating_mul(2);
                }
            }
        }
        if n < FIRST_REVIEW || ring.state.mode.is_none() {
            // One position at a time, every pair scanned (reviewed at each).
            ring.make_room(1);
            let value = ring.value(&safe)?;
            ring.push(value)?;
            if !ring.state.n.is_multiple_of(CHUNK) && ring.state.n <= to {
                continue;
            }
        } else {
            let len = ring.block_len(n, end);
            ring.block(len, end, &safe)?;
        }
        watch.computed(ring.state.n);
        if options
            .interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            && ring.state.n <= to
        {
            stop = Stop::Interrupted;
            break;
        }
        if let Some(path) = options.checkpoint
            && last_save.elapsed() >= options.checkpoint_every
            && ring.state.n <= to
        {
            save(path, &game, sizes, &ring.state, &mut ring.file)?;
            last_save = Instant::now();
        }
    }
    if let Some(path) = options.checkpoint {
        save(path, &game, sizes, &ring.state, &mut ring.file)?;
    }
    let file_reads = ring.file.reads();
    let positions = u128::from(ring.state.n - resumed_at.unwrap_or(0)).max(1);
    watch.engine_statistics(&format!(
        "stats: {} | pair visits {} in this process ({} per position) | common sets chosen {} \
         times | resumed scans {} ({} pairs) | window moved down {} times | {} blocks beside \
         the next one's parallel phase | sequential phases {:.3?} (wall clock) | far scans {} \
         ({} pairs) | value file reads {} ({} bytes)",
        ring.method(),
        ring.work,
        ring.work / positions,
        ring.state.rebuilds,
        ring.fallbacks,
        ring.fallback_pairs,
        ring.moves_down,
        ring.overlapped,
        ring.sequential_time,
        ring.far_scans,
        ring.far_pairs,
        file_reads.0,
        file_reads.1,
    ));
    watch.finished();
    let s = &ring.state;
    let last = s.n.saturating_sub(1);
    let report = TableReport {
        game,
        to: last,
        last: ring.get(last as usize),
        checksum: s.checksum(),
        preperiod: None,
        period: None,
        proved: None,
        largest: Largest {
            value: s.largest,
            at: s.largest_at,
        },
        proved_at: None,
        computed_to: last,
        method: ring.method(),
        stopped: stop,
        observed: None,
        no_theorem: Some(
            "the ring mode keeps no full table, so it looks for no period".to_string(),
        ),
        values: None,
    };
    Ok(RingRun {
        report,
        resumed_at,
        work: ring.work,
        file_reads,
        far_pairs: ring.far_pairs,
        far_scans: ring.far_scans,
    })
}
