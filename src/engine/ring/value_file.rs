//! The ring mode's value file: every value G(0), G(1), … the run computes, one byte each at
//! offset x, so that a read the prefix and the ring cannot serve is served from disk.
//!
//! **Writing.** Values are appended to a buffer of [`PENDING`] bytes, written with one
//! positioned write (`write_all_at`) when it is full, when the run saves a checkpoint and at
//! its end. G(x) for x at or past the written count is read from that buffer; the file never
//! holds a value the run has not computed, and a value is never written twice.
//!
//! **Reading.** `fill` copies a run of values with positioned reads (`read_exact_at`, no
//! shared file offset, so the threads of a block may read at once); the callers keep only small
//! buffers of their own (the ring module's cursors and far scans), so the process's resident
//! memory stays bounded — the pages the kernel caches are not the process's. The file is never
//! mapped.
//!
//! **Checking.** A digest of the written values is kept as they are written (a 64-bit
//! multiply-rotate hash over 8-byte words, the few bytes of a last partial word and the count
//! folded in at the end), and a checkpoint records the count and the digest. On resume the file
//! is read once from its start (the ring module streams the prefix and the ring out of it on the
//! way), the digest of its first `count` values must be the recorded one, and the file is cut to
//! `count` values: a missing, short or altered file is refused before anything is computed.
//! This costs one sequential read of the file a resume, nothing a position.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The bytes buffered before a write.
pub(super) const PENDING: usize = 1 << 16;
/// The bytes of one read while a file is checked on resume.
const CHECK_CHUNK: usize = 1 << 20;
const HASH_MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
const HASH_SEED: u64 = 0x243f_6a88_85a3_08d3;

/// A running digest of a byte sequence, fed in pieces of any lengths.
#[derive(Clone, Copy, Debug)]
pub(super) struct Digest {
    state: u64,
    carry: [u8; 8],
    carried: usize,
}

fn mix(state: u64, word: u64) -> u64 {
    (state ^ word).wrapping_mul(HASH_MULTIPLIER).rotate_left(31)
}

impl Digest {
    pub(super) fn new() -> Digest {
        Digest {
            state: HASH_SEED,
            carry: [0; 8],
            carried: 0,
        }
    }

    pub(super) fn absorb(&mut self, mut bytes: &[u8]) {
        if self.carried > 0 {
            let take = bytes.len().min(8 - self.carried);
            self.carry[self.carried..self.carried + take].copy_from_slice(&bytes[..take]);
            self.carried += take;
            bytes = &bytes[take..];
            if self.carried < 8 {
                return;
            }
            self.state = mix(self.state, u64::from_le_bytes(self.carry));
            self.carried = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let word: [u8; 8] = word.try_into().unwrap_or([0; 8]);
            self.state = mix(self.state, u64::from_le_bytes(word));
        }
        let rest = words.remainder();
        self.carry[..rest.len()].copy_from_slice(rest);
        self.carried = rest.len();
    }

    /// The digest of the `count` bytes absorbed.
    pub(super) fn value(&self, count: u64) -> u64 {
        let mut last = [0u8; 8];
        last[..self.carried].copy_from_slice(&self.carry[..self.carried]);
        let state = mix(
            self.state,
            u64::from_le_bytes(last) ^ (self.carried as u64) << 56,
        );
        mix(state, count)
    }
}

/// Why the value file failed: the path and the reason, for
/// [`super::RingError::ValueFile`].
#[derive(Debug)]
pub(super) struct FileFailure {
    pub(super) path: String,
    pub(super) reason: String,
}

/// The file of G(0..count) and the buffer of the values not written yet.
pub(super) struct ValueFile {
    file: File,
    /// What messages call the file (its path, or "a temporary file in …").
    name: String,
    /// G(0..written) are in the file.
    written: u64,
    /// G(written..written + pending.len()).
    pending: Vec<u8>,
    digest: Digest,
    /// Positioned reads made, and their bytes (statistics; the tests check the file is read).
    reads: AtomicU64,
    read_bytes: AtomicU64,
}

impl ValueFile {
    fn fail(&self, what: &str, error: impl std::fmt::Display) -> FileFailure {
        FileFailure {
            path: self.name.clone(),
            reason: format!("{what}: {error}"),
        }
    }

    /// A new, empty value file at `path` (an existing file there is cut to nothing), or, with
    /// no path, an unnamed file in the temporary directory (created and unlinked at once, so it
    /// vanishes with the process however it ends).
    pub(super) fn create(path: Option<&Path>) -> Result<ValueFile, FileFailure> {
        let (file, name) = match path {
            Some(path) => {
                let name = path.display().to_string();
                let file = OpenOptions::new()
                    .read(true)
                    .write(true)
                    .create(true)
                    .truncate(true)
                    .open(path)
                    .map_err(|e| FileFailure {
                        path: name.clone(),
                        reason: format!("cannot create: {e}"),
                    })?;
                (file, name)
            }
            None => {
                let dir = std::env::temp_dir();
                let name = format!("a temporary file in {}", dir.display());
                let file = temporary_file(&dir).map_err(|e| FileFailure {
                    path: name.clone(),
                    reason: format!("cannot create: {e}"),
                })?;
                (file, name)
            }
        };
        Ok(ValueFile {
            file,
            name,
            written: 0,
            pending: Vec::with_capacity(PENDING),
            digest: Digest::new(),
            reads: AtomicU64::new(0),
            read_bytes: AtomicU64::new(0),
        })
    }

    /// The value file of a checkpoint that recorded `count` values with digest `expected`:
    /// read once from its start, each piece handed to `each` (its first position and bytes),
    /// checked, and cut to `count` values. Missing, shorter than `count` or with another
    /// digest: refused.
    pub(super) fn resume(
        path: &Path,
        count: u64,
        expected: u64,
        mut each: impl FnMut(u64, &[u8]),
    ) -> Result<ValueFile, FileFailure> {
        let name = path.display().to_string();
        let refuse = |reason: String| FileFailure {
            path: name.clone(),
            reason,
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| refuse(format!("cannot open the checkpoint's value file: {e}")))?;
        let length = file
            .metadata()
            .map_err(|e| refuse(format!("cannot read: {e}")))?
            .len();
        if length < count {
            return Err(refuse(format!(
                "holds {length} values, the checkpoint recorded {count}: not resumed"
            )));
        }
        let mut digest = Digest::new();
        let mut buffer = vec![0u8; CHECK_CHUNK];
        let mut reader = (&file).take(count);
        let mut at = 0u64;
        while at < count {
            let piece = (count - at).min(CHECK_CHUNK as u64) as usize;
            reader
                .read_exact(&mut buffer[..piece])
                .map_err(|e| refuse(format!("cannot read: {e}")))?;
            digest.absorb(&buffer[..piece]);
            each(at, &buffer[..piece]);
            at += piece as u64;
        }
        if digest.value(count) != expected {
            return Err(refuse(format!(
                "its first {count} values are not the ones the checkpoint recorded (another \
                 run's file, or altered): not resumed"
            )));
        }
        file.set_len(count)
            .map_err(|e| refuse(format!("cannot cut to {count} values: {e}")))?;
        Ok(ValueFile {
            file,
            name,
            written: count,
            pending: Vec::with_capacity(PENDING),
            digest,
            reads: AtomicU64::new(0),
            read_bytes: AtomicU64::new(0),
        })
    }

    /// The values recorded: G(0..count).
    pub(super) fn count(&self) -> u64 {
        self.written + self.pending.len() as u64
    }

    /// Appends G(count) = `value`.
    #[inline(always)]
    pub(super) fn push(&mut self, value: u8) -> Result<(), FileFailure> {
        self.pending.push(value);
        if self.pending.len() >= PENDING {
            self.write()?;
        }
        Ok(())
    }

    /// Writes the buffered values to the file.
    pub(super) fn write(&mut self) -> Result<(), FileFailure> {
        if self.pending.is_empty() {
            return Ok(());
        }
        self.file
            .write_all_at(&self.pending, self.written)
            .map_err(|e| self.fail("cannot write (is the disk full?)", e))?;
        self.digest.absorb(&self.pending);
        self.written += self.pending.len() as u64;
        self.pending.clear();
        Ok(())
    }

    /// Writes the buffered values and waits until the disk has them (before a checkpoint
    /// records them); the count and digest the checkpoint records.
    pub(super) fn sync(&mut self) -> Result<(u64, u64), FileFailure> {
        self.write()?;
        self.file
            .sync_data()
            .map_err(|e| self.fail("cannot sync", e))?;
        Ok((self.written, self.digest.value(self.written)))
    }

    /// Copies G(from..from + out.len()), all below `count`, into `out`.
    pub(super) fn fill(&self, from: u64, out: &mut [u8]) -> Result<(), FileFailure> {
        let end = from + out.len() as u64;
        debug_assert!(end <= self.count());
        let on_disk = end.min(self.written).saturating_sub(from) as usize;
        if on_disk > 0 {
            self.file
                .read_exact_at(&mut out[..on_disk], from)
                .map_err(|e| self.fail("cannot read", e))?;
            self.reads.fetch_add(1, Ordering::Relaxed);
            self.read_bytes.fetch_add(on_disk as u64, Ordering::Relaxed);
        }
        if on_disk < out.len() {
            let start = (from + on_disk as u64 - self.written) as usize;
            let rest = out.len() - on_disk;
            out[on_disk..].copy_from_slice(&self.pending[start..start + rest]);
        }
        Ok(())
    }

    /// Positioned reads made so far, and their bytes.
    pub(super) fn reads(&self) -> (u64, u64) {
        (
            self.reads.load(Ordering::Relaxed),
            self.read_bytes.load(Ordering::Relaxed),
        )
    }
}

/// A file in `dir` that no other process names: created exclusively under a name of this
/// process, then unlinked.
fn temporary_file(dir: &Path) -> std::io::Result<File> {
    let mut attempt = 0u32;
    loop {
        let path: PathBuf = dir.join(format!(
            "grundy-ring-values-{}-{attempt}",
            std::process::id()
        ));
        match OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => {
                std::fs::remove_file(&path)?;
                return Ok(file);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 1000 => {
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Digest;

    /// The digest does not depend on how the bytes are cut into pieces, and sees a change.
    #[test]
    fn the_digest_is_independent_of_the_pieces() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut whole = Digest::new();
        whole.absorb(&bytes);
        for cut in [1, 3, 7, 8, 9, 500, 999] {
            let mut pieces = Digest::new();
            for piece in bytes.chunks(cut) {
                pieces.absorb(piece);
            }
            assert_eq!(pieces.value(1000), whole.value(1000), "pieces of {cut}");
        }
        let mut changed = bytes.clone();
        changed[997] ^= 1;
        let mut other = Digest::new();
        other.absorb(&changed);
        assert_ne!(other.value(1000), whole.value(1000));
        let mut shorter = Digest::new();
        shorter.absorb(&bytes[..999]);
        assert_ne!(shorter.value(999), whole.value(1000));
    }
}
