//! The ring mode's checkpoints (module doc, *Checkpoints*): the state written to `FILE.tmp` in a
//! versioned binary format with an FNV-1a hash at its end, synced and renamed over FILE, after
//! the value file it records is synced; and read back, every count checked against the sizes
//! and the file's length before anything is allocated and the hashes before anything is used,
//! the prefix and the ring streamed out of the value file as it is checked.

use super::error::RingError;
use super::options::Sizes;
use super::state::{State, reserve};
use super::value_file::ValueFile;
use crate::engine::hashed_file::{open_hashed, write_atomically};
use crate::engine::sparse::{self, Classes};
use std::io::{Read, Write};
use std::path::Path;

/// The version written in (and required of) a checkpoint file.
pub const CHECKPOINT_VERSION: u32 = 3;
const MAGIC: &[u8; 12] = b"grundy-ring\n";

fn checkpoint_error(path: &Path, reason: impl std::fmt::Display) -> RingError {
    RingError::Checkpoint {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

/// Writes the state to `path` atomically: `path.tmp`, synced, renamed over `path`.
pub(super) fn save(
    path: &Path,
    game: &str,
    sizes: Sizes,
    s: &State,
    file: &mut ValueFile,
) -> Result<(), RingError> {
    // The values first: a checkpoint never records values the disk does not have.
    let recorded = file.sync()?;
    debug_assert_eq!(recorded.0, s.n);
    write_atomically(path, |out| write_state(out, game, sizes, s, recorded))
        .map_err(|e| checkpoint_error(path, format!("cannot write: {e}")))
}

fn write_state(
    out: &mut impl Write,
    game: &str,
    sizes: Sizes,
    s: &State,
    (count, digest): (u64, u64),
) -> std::io::Result<()> {
    let u64s = |out: &mut dyn Write, x: u64| out.write_all(&x.to_le_bytes());
    out.write_all(MAGIC)?;
    out.write_all(&CHECKPOINT_VERSION.to_le_bytes())?;
    out.write_all(&(game.len() as u32).to_le_bytes())?;
    out.write_all(game.as_bytes())?;
    u64s(out, sizes.prefix)?;
    u64s(out, sizes.ring)?;
    u64s(out, s.n)?;
    out.write_all(&s.sums.0.to_le_bytes())?;
    out.write_all(&s.sums.1.to_le_bytes())?;
    out.write_all(&s.largest.to_le_bytes())?;
    u64s(out, s.largest_at)?;
    u64s(out, s.rebuilds)?;
    u64s(out, s.next_review)?;
    u64s(out, s.rare_at_review)?;
    match s.mode {
        None => out.write_all(&[0])?,
        Some(classes) => {
            out.write_all(&[1])?;
            for set in classes {
                match set {
                    None => out.write_all(&[0, 0, 0, 0, 0, 0])?,
                    Some(set) => {
                        out.write_all(&[1])?;
                        out.write_all(&set.mask.to_le_bytes())?;
                        out.write_all(&[u8::from(set.heap_parity)])?;
                    }
                }
            }
        }
    }
    for &count in &s.encodings {
        u64s(out, count)?;
    }
    for d in 0..2 {
        u64s(out, s.rare[d].len() as u64)?;
        for &a in &s.rare[d] {
            u64s(out, a as u64)?;
        }
        out.write_all(&s.rare_values[d])?;
    }
    // The values are the value file's: their count and digest.
    u64s(out, count)?;
    u64s(out, digest)?;
    Ok(())
}

/// Reads and checks a checkpoint of `game` with `sizes` and its value file `values`, into a
/// table of `capacity` bytes (or as many as the state needs): the prefix and the ring come out
/// of the value file as it is checked.
pub(super) fn load(
    path: &Path,
    values: &Path,
    game: &str,
    sizes: Sizes,
    capacity: u64,
) -> Result<(State, ValueFile), RingError> {
    let (mut input, length) = open_hashed(path).map_err(|e| checkpoint_error(path, e))?;
    let (mut state, recorded) =
        read_state(&mut input, length, game, sizes).map_err(|e| checkpoint_error(path, e))?;
    if !input.ends_with_its_hash() {
        return Err(checkpoint_error(
            path,
            "damaged (its hash does not match): not resumed",
        ));
    }
    // The table (module doc, *Layout*): G(0..n) in one run while n ≤ P + R, else the prefix
    // and the ring after it.
    let n = state.n;
    let whole = n <= sizes.prefix + sizes.ring;
    let (kept, ring_from) = if whole {
        (n, n)
    } else {
        (sizes.prefix, n - sizes.ring)
    };
    let physical = if whole { n } else { sizes.prefix + sizes.ring };
    let mut table = reserve(capacity.max(physical))?;
    let (count, digest) = recorded;
    let file = ValueFile::resume(values, count, digest, |start, bytes| {
        let end = start + bytes.len() as u64;
        for (lo, hi) in [(start, end.min(kept)), (start.max(ring_from), end.min(n))] {
            if lo < hi {
                table.extend_from_slice(&bytes[(lo - start) as usize..(hi - start) as usize]);
            }
        }
    })?;
    state.values = table;
    state.shift = if whole {
        0
    } else {
        (n - sizes.ring - sizes.prefix) as usize
    };
    Ok((state, file))
}

fn read_state(
    input: &mut impl Read,
    length: u64,
    game: &str,
    sizes: Sizes,
) -> Result<(State, (u64, u64)), String> {
    let truncated = |_: std::io::Error| "truncated or unreadable: not resumed".to_string();
    let bytes = |count: usize, input: &mut dyn Read| -> Result<Vec<u8>, String> {
        let mut buffer = vec![0u8; count];
        input.read_exact(&mut buffer).map_err(truncated)?;
        Ok(buffer)
    };
    let u64s = |input: &mut dyn Read| -> Result<u64, String> {
        let mut b = [0u8; 8];
        input.read_exact(&mut b).map_err(truncated)?;
        Ok(u64::from_le_bytes(b))
    };
    let u32s = |input: &mut dyn Read| -> Result<u32, String> {
        let mut b = [0u8; 4];
        input.read_exact(&mut b).map_err(truncated)?;
        Ok(u32::from_le_bytes(b))
    };
    let head = bytes(MAGIC.len(), input)?;
    if head != MAGIC {
        return Err("not a grundy ring-mode checkpoint".to_string());
    }
    let version = u32s(input)?;
    if version != CHECKPOINT_VERSION {
        return Err(format!(
            "version {version}, this grundy reads version {CHECKPOINT_VERSION}"
        ));
    }
    let name_length = u32s(input)? as usize;
    if name_length > 4096 {
        return Err("damaged (a game name of more than 4096 bytes)".to_string());
    }
    let name = bytes(name_length, input)?;
    let name = String::from_utf8_lossy(&name);
    if name != game {
        return Err(format!(
            "is a run of {name}, not of {game}: give another file, or the command that wrote it"
        ));
    }
    let (prefix, ring) = (u64s(input)?, u64s(input)?);
    if (prefix, ring) != (sizes.prefix, sizes.ring) {
        return Err(format!(
            "was written with a prefix of {prefix} and a ring of {ring} values, this run has \
             {} and {} (another --memory): give the same --memory",
            sizes.prefix, sizes.ring
        ));
    }
    let damaged = |what: &str| format!("damaged ({what}): not resumed");
    let n = u64s(input)?;
    let mut sums = [0u8; 4];
    input.read_exact(&mut sums).map_err(truncated)?;
    let sums = (
        u16::from_le_bytes([sums[0], sums[1]]),
        u16::from_le_bytes([sums[2], sums[3]]),
    );
    let largest = u32s(input)?;
    let largest_at = u64s(input)?;
    let rebuilds = u64s(input)?;
    let next_review = u64s(input)?;
    let rare_at_review = u64s(input)?;
    if largest > 255 || (n > 0 && largest_at >= n) {
        return Err(damaged("the largest value"));
    }
    let mode = match bytes(1, input)?[0] {
        0 => None,
        1 => {
            let mut classes: Classes = [None; 2];
            for class in &mut classes {
                let entry = bytes(6, input)?;
                *class = match entry[0] {
                    0 => None,
                    1 => Some(sparse::CommonSet {
                        mask: u32::from_le_bytes([entry[1], entry[2], entry[3], entry[4]]),
                        heap_parity: match entry[5] {
                            0 => false,
                            1 => true,
                            _ => return Err(damaged("a common set")),
                        },
                    }),
                    _ => return Err(damaged("a common set")),
                };
            }
            Some(classes)
        }
        _ => return Err(damaged("the method")),
    };
    let mut encodings = vec![0u64; 512];
    for count in &mut encodings {
        *count = u64s(input)?;
    }
    // Every list is checked against n and the file's length before it is allocated.
    let mut rare: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut rare_values: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for d in 0..2 {
        let count = u64s(input)?;
        if count > n || count.saturating_mul(9) > length {
            return Err(damaged("a rare list longer than the run or the file"));
        }
        let mut previous = 0;
        for _ in 0..count {
            let a = u64s(input)?;
            if a <= previous || a >= n {
                return Err(damaged("a rare list out of order"));
            }
            previous = a;
            rare[d].push(a as usize);
        }
        rare_values[d] = bytes(count as usize, input)?;
    }
    let count = u64s(input)?;
    let digest = u64s(input)?;
    if count != n {
        return Err(damaged("a value count that is not the position's"));
    }
    let state = State {
        n,
        values: Vec::new(),
        shift: 0,
        rare,
        rare_values,
        mode,
        encodings,
        next_review,
        rare_at_review,
        rebuilds,
        largest,
        largest_at,
        sums,
    };
    Ok((state, (count, digest)))
}
