//! Checkpoint files that a crash never leaves half written and that a damaged copy cannot pass
//! for a good one: the bytes go through an FNV-1a hash ([`Hashed`]) written at the end of the
//! file, to `FILE.tmp`, synced and renamed over FILE ([`write_atomically`]); a reader hashes what
//! it reads and checks the end ([`Hashed::ends_with_its_hash`]). The ring mode's checkpoints and
//! Cram's use it.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// FNV-1a over the bytes written or read through it.
pub(crate) struct Hashed<T> {
    /// The writer or reader under it.
    pub(crate) inner: T,
    /// The hash of the bytes so far.
    pub(crate) hash: u64,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

impl<T> Hashed<T> {
    /// `inner`, nothing hashed yet.
    pub(crate) fn new(inner: T) -> Hashed<T> {
        Hashed {
            inner,
            hash: FNV_OFFSET,
        }
    }

    fn absorb(&mut self, bytes: &[u8]) {
        let mut hash = self.hash;
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
        }
        self.hash = hash;
    }
}

impl<W: Write> Write for Hashed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.absorb(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Hashed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.absorb(&buf[..read]);
        Ok(read)
    }
}

impl<R: Read> Hashed<R> {
    /// Whether what is left is exactly the hash of what was read (8 bytes, little-endian).
    pub(crate) fn ends_with_its_hash(mut self) -> bool {
        let hash = self.hash;
        let mut trailer = [0u8; 8];
        if self.inner.read_exact(&mut trailer).is_err() || u64::from_le_bytes(trailer) != hash {
            return false;
        }
        let mut rest = [0u8; 1];
        matches!(self.inner.read(&mut rest), Ok(0))
    }
}

/// Opens `path` to be read through the hash, with its length in bytes (what the reader's counts
/// are checked against); the reason, as `cannot read: …`, when it cannot.
pub(crate) fn open_hashed(path: &Path) -> Result<(Hashed<BufReader<File>>, u64), String> {
    let cannot = |e: std::io::Error| format!("cannot read: {e}");
    let file = File::open(path).map_err(cannot)?;
    let length = file.metadata().map_err(cannot)?.len();
    Ok((Hashed::new(BufReader::with_capacity(1 << 20, file)), length))
}

/// `path` with `.tmp` added: where a checkpoint is written before it is renamed over `path`.
pub(crate) fn temporary(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Writes `path` atomically: `write` fills `path.tmp` (buffered, hashed), the hash is added at
/// its end, the file is synced and renamed over `path` (and the folder synced, where it can be),
/// so a crash leaves the old file or the new one, never half of one.
pub(crate) fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut Hashed<BufWriter<File>>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let tmp = temporary(path);
    let file = File::create(&tmp)?;
    let mut out = Hashed::new(BufWriter::with_capacity(1 << 20, file));
    write(&mut out)?;
    let hash = out.hash;
    out.inner.write_all(&hash.to_le_bytes())?;
    let file = out.inner.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&tmp, path)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}
