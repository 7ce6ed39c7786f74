//! The solver's checkpoint file (`analyze cram … --checkpoint FILE`): what the solver knows of
//! regions — its transposition table (a region's exact value, or values it is known not to
//! have) and its endgame table (small regions' values) — with the board it was solving and its
//! counters, so that a stopped run resumes with that knowledge.
//!
//! **Format** (version [`CHECKPOINT_VERSION`], every number little-endian): the 12 bytes
//! `grundy-cram\n`; the format's version (u32); the version of grundy that wrote it and the
//! board (each a u32 length and UTF-8 bytes); the searches made and the times the table was
//! pruned (u64 each); the number of regions in the table (u64), then each as its key (two u64,
//! low half first) and what is known (u64: bit k set when g ≠ k, the top byte g + 1 when g is
//! known); the number of small regions (u64), then each as its key and its value (one byte);
//! at the end the FNV-1a hash of everything before it (u64). It is written to `FILE.tmp`,
//! synced and renamed over FILE ([`write_atomically`]), so a crash leaves the old checkpoint or
//! the new one.
//!
//! **Reading** refuses, with the reason, a file that is not a Cram checkpoint, of another
//! format version or another grundy (whose keys may be written otherwise), of another board,
//! truncated, damaged (its hash), or holding a fact no region can have (a key with no cells or
//! cells outside its box, a value above half its cells: see the solver's length bound). Every
//! count is checked against the file's length before anything is reserved, and the facts are
//! handed to the solver only as they are read, into a solver that is dropped unless the whole
//! file checks.

use super::region::{Key, SMALL_KEY_CELLS, joined, key_cells, small_key};
use crate::engine::hashed_file::{open_hashed, write_atomically};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The format's version, written in (and required of) a checkpoint file.
pub const CHECKPOINT_VERSION: u32 = 1;
const MAGIC: &[u8; 12] = b"grundy-cram\n";
/// The version of grundy, written in (and required of) a checkpoint file.
const GRUNDY_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Bytes a region of the table takes in the file (key and what is known), and a small region.
const REGION_BYTES: u64 = 24;
const SMALL_BYTES: u64 = 17;

/// Why a checkpoint could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("checkpoint {path}: {reason}")]
pub struct CheckpointError {
    /// The file.
    pub path: String,
    /// What is wrong.
    pub reason: String,
}

fn checkpoint_error(path: &Path, reason: impl std::fmt::Display) -> CheckpointError {
    CheckpointError {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

/// What a checkpoint holds beside the tables: the board and the solver's counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The board solved (its notation, `3x15` or a drawn board).
    pub board: String,
    /// The outcome searches made so far.
    pub searches: u64,
    /// The times the table was pruned.
    pub pruned: u64,
}

/// Where the facts of a checkpoint go as they are read (the solver's tables).
pub(crate) trait Facts {
    /// Room for `regions` regions and `small` small regions (counts checked against the file).
    fn reserve(&mut self, regions: usize, small: usize);
    /// A region of the table and what is known of it.
    fn learn_region(&mut self, key: [u64; 2], known: u64);
    /// A small region and its value.
    fn learn_small(&mut self, key: [u64; 2], value: u8);
}

/// Writes a checkpoint: the header, the table's regions and the small regions.
pub(crate) fn save(
    path: &Path,
    header: &Header,
    regions: impl ExactSizeIterator<Item = ([u64; 2], u64)>,
    small: impl ExactSizeIterator<Item = ([u64; 2], u8)>,
) -> Result<(), CheckpointError> {
    write_atomically(path, |out| {
        out.write_all(MAGIC)?;
        out.write_all(&CHECKPOINT_VERSION.to_le_bytes())?;
        for text in [GRUNDY_VERSION, header.board.as_str()] {
            out.write_all(&(text.len() as u32).to_le_bytes())?;
            out.write_all(text.as_bytes())?;
        }
        out.write_all(&header.searches.to_le_bytes())?;
        out.write_all(&header.pruned.to_le_bytes())?;
        out.write_all(&(regions.len() as u64).to_le_bytes())?;
        for ([low, high], known) in regions {
            out.write_all(&low.to_le_bytes())?;
            out.write_all(&high.to_le_bytes())?;
            out.write_all(&known.to_le_bytes())?;
        }
        out.write_all(&(small.len() as u64).to_le_bytes())?;
        for ([low, high], value) in small {
            out.write_all(&low.to_le_bytes())?;
            out.write_all(&high.to_le_bytes())?;
            out.write_all(&[value])?;
        }
        Ok(())
    })
    .map_err(|e| checkpoint_error(path, format!("cannot write: {e}")))
}

/// Reads the checkpoint of `board` at `path` into `facts` (at most `max_regions` regions in the
/// table); its header, or why it is refused (then `facts` holds part of it and is to be
/// dropped).
pub(crate) fn load(
    path: &Path,
    board: &str,
    max_regions: usize,
    facts: &mut impl Facts,
) -> Result<Header, CheckpointError> {
    let (mut input, length) = open_hashed(path).map_err(|e| checkpoint_error(path, e))?;
    let header = read_facts(&mut input, length, board, max_regions, facts)
        .map_err(|e| checkpoint_error(path, e))?;
    if !input.ends_with_its_hash() {
        return Err(checkpoint_error(
            path,
            "damaged (its hash does not match): not resumed",
        ));
    }
    Ok(header)
}

const TRUNCATED: &str = "truncated or unreadable: not resumed";

fn read_array<const N: usize>(input: &mut impl Read) -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    input
        .read_exact(&mut bytes)
        .map_err(|_| TRUNCATED.to_string())?;
    Ok(bytes)
}

fn read_u64(input: &mut impl Read) -> Result<u64, String> {
    read_array(input).map(u64::from_le_bytes)
}

fn read_key(input: &mut impl Read) -> Result<[u64; 2], String> {
    Ok([read_u64(input)?, read_u64(input)?])
}

/// A text of at most `most` bytes (its length first).
fn read_text(input: &mut impl Read, most: u32, what: &str) -> Result<String, String> {
    let length = u32::from_le_bytes(read_array(input)?);
    if length > most {
        return Err(format!(
            "damaged ({what} of more than {most} bytes): not resumed"
        ));
    }
    let mut bytes = vec![0u8; length as usize];
    input
        .read_exact(&mut bytes)
        .map_err(|_| TRUNCATED.to_string())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether `key` can be a region's: a box of 1 to 63 rows and columns of at most 116 cells,
/// some cell in it and none outside it.
fn plausible_key(key: Key) -> bool {
    let h = (key >> 116) as u32 & 63;
    let w = (key >> 122) as u32 & 63;
    let cells = h * w;
    let mask = key & ((1u128 << 116) - 1);
    h > 0 && w > 0 && cells <= 116 && mask != 0 && mask >> cells == 0
}

fn read_facts(
    input: &mut impl Read,
    length: u64,
    board: &str,
    max_regions: usize,
    facts: &mut impl Facts,
) -> Result<Header, String> {
    if read_array::<12>(input)? != *MAGIC {
        return Err("not a grundy Cram checkpoint".to_string());
    }
    let version = u32::from_le_bytes(read_array(input)?);
    if version != CHECKPOINT_VERSION {
        return Err(format!(
            "format version {version}, this grundy reads version {CHECKPOINT_VERSION}: not \
             resumed"
        ));
    }
    let written_by = read_text(input, 64, "a version")?;
    if written_by != GRUNDY_VERSION {
        return Err(format!(
            "written by grundy {written_by}, this is grundy {GRUNDY_VERSION} (its regions may be \
             keyed otherwise): not resumed; give another file"
        ));
    }
    let solved = read_text(input, 4096, "a board")?;
    if solved != board {
        return Err(format!(
            "is a run of the board {solved}, not of {board}: give another file, or the command \
             that wrote it"
        ));
    }
    let searches = read_u64(input)?;
    let pruned = read_u64(input)?;
    let damaged = |what: &str| format!("damaged ({what}): not resumed");
    let regions = read_u64(input)?;
    if regions.saturating_mul(REGION_BYTES) > length {
        return Err(damaged("more regions than the file holds"));
    }
    if regions > max_regions as u64 {
        return Err(format!(
            "it holds {regions} regions, more than the table's {max_regions}: resume with a \
             larger --max-memory"
        ));
    }
    // The small regions' count is read after the regions: reserve for those first.
    facts.reserve(regions as usize, 0);
    for _ in 0..regions {
        let key = read_key(input)?;
        let known = read_u64(input)?;
        let cells = key_cells(joined(key));
        let exact = (known >> 56) as u32;
        if !plausible_key(joined(key)) || exact > cells / 2 + 1 {
            return Err(damaged("a region no board has, or a value it cannot have"));
        }
        facts.learn_region(key, known);
    }
    let small = read_u64(input)?;
    if small.saturating_mul(SMALL_BYTES) > length {
        return Err(damaged("more small regions than the file holds"));
    }
    facts.reserve(0, small as usize);
    for _ in 0..small {
        let key = read_key(input)?;
        let [value] = read_array(input)?;
        let cells = key_cells(joined(key));
        if !plausible_key(joined(key))
            || cells > SMALL_KEY_CELLS
            || small_key(joined(key)).is_none()
            || u32::from(value) > cells / 2
        {
            return Err(damaged(
                "a small region no board has, or a value it cannot have",
            ));
        }
        facts.learn_small(key, value);
    }
    Ok(Header {
        board: solved,
        searches,
        pruned,
    })
}

/// When and where a running search saves what it knows: a file, the board, how often, and the
/// flag that asks it to save and stop (Ctrl-C).
pub struct Schedule {
    pub(crate) path: PathBuf,
    pub(crate) board: String,
    every: Duration,
    last: Instant,
    interrupt: Option<Arc<AtomicBool>>,
}

impl Schedule {
    /// Saves of the search of `board` to `path` every `every`, and when `interrupt` is set.
    pub fn new(
        path: PathBuf,
        board: String,
        every: Duration,
        interrupt: Option<Arc<AtomicBool>>,
    ) -> Schedule {
        Schedule {
            path,
            board,
            every,
            last: Instant::now(),
            interrupt,
        }
    }

    /// Whether the last save is `every` old.
    pub(crate) fn due(&self) -> bool {
        self.last.elapsed() >= self.every
    }

    /// Whether the search is asked to stop.
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Notes a save made now.
    pub(crate) fn saved(&mut self) {
        self.last = Instant::now();
    }
}
