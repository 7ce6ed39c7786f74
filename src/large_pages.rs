//! Large blocks on huge pages: a global allocator that asks the kernel to back every block of
//! at least [`LARGE_BLOCK`] bytes with 2 MiB pages (Linux's transparent huge pages,
//! `madvise(MADV_HUGEPAGE)`), for the solvers' transposition tables of gigabytes.
//!
//! Such a table is probed at random. On 4 KiB pages nearly every probe also misses the
//! processor's TLB, and the page-table walk that follows does not stay in cache either (the page
//! table of 8 GB is 16 MB): a probe costs two trips to memory instead of one. On 2 MiB pages the
//! page table is 512 times smaller. Measured on the 2-core machine, two Cram searches side by
//! side, each resumed from its checkpoint with a table of 6.7 GB (`cram_value --max-memory 8
//! --checkpoint …` on 3 × 20 and 3 × 21): 32,600 and 29,500 searches a second on huge pages,
//! against 22,500 and 19,000 to 21,000 before this allocator (different stretches of the same
//! searches, and the later binary also moved a pruned table into half its slots: only a rough
//! figure). On a table that is still growing the gain is smaller, as
//! the kernel spends time assembling huge pages: 3 × 18 (a table of 1.2 GB, 4,657,933 searches
//! either way, beside another search) took 104.7 s of user CPU and 9.2 s of system time on huge
//! pages against 111.8 s and 0.7 s without, the same wall time (115 s).
//!
//! On Linux a large block is a mapping of its own that starts on a 2 MiB boundary (whole huge
//! pages), and growing it moves its pages to a new such mapping (`mremap`) instead of copying them:
//! a table that doubles in place (the Cram table does) holds only its new size, and its huge pages
//! move whole. (Blocks of the system allocator start past a header, off the 2 MiB boundaries; such
//! a block, remapped, came back with about half its pages small: a 6 × 7 search's table of 256 MiB,
//! doubled in place, had 160 MB on huge pages against 300 MB here.) The advice changes no byte of
//! any block: it is only a hint, honoured when the kernel's transparent huge pages are `madvise` or
//! `always` (the usual settings), ignored when `never`; on other systems the allocator is the
//! system's, unchanged. The binaries declare it:
//!
//! ```no_run
//! #[global_allocator]
//! static ALLOCATOR: grundy::large_pages::LargePages = grundy::large_pages::LargePages;
//!
//! fn main() {}
//! ```

use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator, with blocks of at least [`LARGE_BLOCK`] bytes on huge pages.
pub struct LargePages;

/// The least block put on huge pages (32 MiB: smaller ones gain little).
pub const LARGE_BLOCK: usize = 32 << 20;

/// A huge page (2 MiB on x86-64 and on arm64 with 4 KiB pages).
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Whether a block of `layout` is one of this allocator's own mappings: on Linux, a block of
/// at least [`LARGE_BLOCK`] bytes aligned to at most a page. Everything else is the system
/// allocator's.
fn is_large(layout: Layout) -> bool {
    cfg!(target_os = "linux") && layout.size() >= LARGE_BLOCK && layout.align() <= 4096
}

// SAFETY: a small block comes from the system allocator with the layout asked for and is given
// back to it with that layout. A large one ([`is_large`]) is a mapping of its size rounded up to
// huge pages, which `dealloc` unmaps and `realloc` remaps, both computing the same rounded
// length from the layout the caller passes back; a mapping is page-aligned and zeroed.
unsafe impl GlobalAlloc for LargePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if is_large(layout) {
            return mapped::map(layout.size());
        }
        // SAFETY: the caller's guarantees for `layout` are the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if is_large(layout) {
            // A fresh anonymous mapping reads as zeros.
            return mapped::map(layout.size());
        }
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        if is_large(layout) {
            // SAFETY: `block` is a mapping made for `layout.size()` bytes.
            return unsafe { mapped::unmap(block, layout.size()) };
        }
        // SAFETY: `block` came from the system allocator with `layout`.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees that `new_size`, rounded up to `layout.align()`, does
        // not overflow an isize, which is what a layout asks.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (is_large(layout), is_large(new_layout)) {
            // SAFETY: `block` is a mapping made for `layout.size()` bytes.
            (true, true) => unsafe { mapped::remap(block, layout.size(), new_size) },
            // SAFETY: `block` came from the system allocator with `layout`; the caller's
            // guarantees for `new_size` are the system allocator's.
            (false, false) => unsafe { System.realloc(block, layout, new_size) },
            _ => {
                // From one allocator to the other: a new block, the contents copied.
                // SAFETY: `new_layout` has a non-zero size (the caller's guarantee), `block`
                // holds `layout.size()` bytes and the new block `new_size`, and they do not
                // overlap; `block` is then given back with the layout it was made with.
                unsafe {
                    let moved = self.alloc(new_layout);
                    if !moved.is_null() {
                        std::ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                        self.dealloc(block, layout);
                    }
                    moved
                }
            }
        }
    }
}

/// Large blocks as mappings of their own, aligned to huge pages and advised onto them
/// (`madvise(MADV_HUGEPAGE)`). Growing one remaps its pages to a new aligned place instead of
/// copying them (`mremap`): a table that doubles holds only its new size, and its huge pages
/// move whole (the system allocator's blocks start past a header, off the 2 MiB boundaries, so
/// that a remapped block came back with about half its pages small).
#[cfg(target_os = "linux")]
mod mapped {
    use super::HUGE_PAGE;
    use std::ptr::null_mut;

    /// The length of the mapping of a block of `size` bytes: whole huge pages (`None` past the
    /// address space).
    fn mapped_length(size: usize) -> Option<usize> {
        size.checked_next_multiple_of(HUGE_PAGE)
    }

    /// A mapping of `length` bytes (whole huge pages) at a huge page boundary, readable and
    /// writable, advised onto huge pages; null when the kernel refuses.
    fn aligned_mapping(length: usize) -> *mut u8 {
        let Some(padded) = length.checked_add(HUGE_PAGE) else {
            return null_mut();
        };
        // SAFETY: a new private anonymous mapping; no memory of the program is touched.
        let raw = unsafe {
            libc::mmap(
                null_mut(),
                padded,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return null_mut();
        }
        let raw = raw as usize;
        let start = raw.next_multiple_of(HUGE_PAGE);
        let (head, tail) = (start - raw, raw + padded - (start + length));
        // SAFETY: the head and the tail are the parts of the mapping just made that lie outside
        // [start, start + length), which nothing uses; MADV_HUGEPAGE changes no contents (a
        // kernel without transparent huge pages refuses it, which is fine).
        unsafe {
            if head > 0 {
                libc::munmap(raw as *mut libc::c_void, head);
            }
            if tail > 0 {
                libc::munmap((start + length) as *mut libc::c_void, tail);
            }
            libc::madvise(start as *mut libc::c_void, length, libc::MADV_HUGEPAGE);
        }
        start as *mut u8
    }

    /// A block of `size` bytes (zeroed), or null.
    pub(super) fn map(size: usize) -> *mut u8 {
        mapped_length(size).map_or(null_mut(), aligned_mapping)
    }

    /// Gives back the block `block` of `size` bytes.
    ///
    /// # Safety
    /// `block` must come from [`map`] or [`remap`] for `size` bytes, and not be used after.
    pub(super) unsafe fn unmap(block: *mut u8, size: usize) {
        if let Some(length) = mapped_length(size) {
            // SAFETY: the caller's guarantee: `block` is a mapping of `length` bytes.
            unsafe { libc::munmap(block.cast(), length) };
        }
    }

    /// The block `block` of `size` bytes with `new_size` bytes, its contents kept (up to the
    /// smaller size): in place when the mapping's length is the same or shrinks, else its pages
    /// moved to a new aligned mapping. Null (and `block` left as it was) when the kernel refuses.
    ///
    /// # Safety
    /// `block` must come from [`map`] or [`remap`] for `size` bytes; on success it is not used
    /// after.
    pub(super) unsafe fn remap(block: *mut u8, size: usize, new_size: usize) -> *mut u8 {
        let (Some(length), Some(new_length)) = (mapped_length(size), mapped_length(new_size))
        else {
            return null_mut();
        };
        if new_length <= length {
            if new_length < length {
                // SAFETY: the end of the caller's mapping, past what the block keeps.
                unsafe { libc::munmap(block.add(new_length).cast(), length - new_length) };
            }
            return block;
        }
        let target = aligned_mapping(new_length);
        if target.is_null() {
            return null_mut();
        }
        // SAFETY: the caller's mapping of `length` bytes moves onto `target`, a mapping of
        // `new_length` bytes just made for it, which MREMAP_FIXED replaces; the pages past
        // `length` are new zeroed ones.
        let moved = unsafe {
            libc::mremap(
                block.cast(),
                length,
                new_length,
                libc::MREMAP_MAYMOVE | libc::MREMAP_FIXED,
                target.cast::<libc::c_void>(),
            )
        };
        if moved == libc::MAP_FAILED {
            // SAFETY: `target` is the mapping just made, unused.
            unsafe { libc::munmap(target.cast(), new_length) };
            return null_mut();
        }
        moved.cast()
    }
}

#[cfg(not(target_os = "linux"))]
mod mapped {
    pub(super) fn map(_size: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub(super) unsafe fn unmap(_block: *mut u8, _size: usize) {}
    pub(super) unsafe fn remap(_block: *mut u8, _size: usize, _new_size: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The `VmFlags` line of the mapping of /proc/self/smaps that holds `address`.
    fn vm_flags_at(address: usize) -> String {
        let smaps = std::fs::read_to_string("/proc/self/smaps").expect("/proc/self/smaps");
        let mut inside = false;
        for line in smaps.lines() {
            if let Some((range, _)) = line.split_once(' ')
                && let Some((low, high)) = range.split_once('-')
                && let (Ok(low), Ok(high)) = (
                    usize::from_str_radix(low, 16),
                    usize::from_str_radix(high, 16),
                )
            {
                inside = low <= address && address < high;
            } else if inside && let Some(flags) = line.strip_prefix("VmFlags:") {
                return flags.to_string();
            }
        }
        panic!("no mapping holds {address:#x}");
    }

    /// Whether the page at `address` is advised onto huge pages (its mapping's flags hold `hg`),
    /// or the kernel has no transparent huge pages to advise onto.
    fn advised(address: usize) -> bool {
        !std::path::Path::new("/sys/kernel/mm/transparent_hugepage").exists()
            || vm_flags_at(address)
                .split_whitespace()
                .any(|flag| flag == "hg")
    }

    #[test]
    fn large_blocks_are_advised_onto_huge_pages_and_keep_their_contents() {
        let layout = Layout::from_size_align(LARGE_BLOCK * 2, 8).unwrap();
        // SAFETY: a non-zero size; the block is written within its bounds and given back with
        // the layout it was made with (after the realloc, the new size).
        unsafe {
            let block = LargePages.alloc(layout);
            assert!(!block.is_null());
            let middle = block as usize + LARGE_BLOCK;
            assert!(advised(middle));
            for i in (0..layout.size()).step_by(4096) {
                *block.add(i) = (i / 4096) as u8;
            }
            let grown = LargePages.realloc(block, layout, LARGE_BLOCK * 3);
            assert!(!grown.is_null());
            for i in (0..layout.size()).step_by(4096) {
                assert_eq!(*grown.add(i), (i / 4096) as u8);
            }
            assert!(advised(grown as usize + LARGE_BLOCK * 2));
            LargePages.dealloc(grown, Layout::from_size_align(LARGE_BLOCK * 3, 8).unwrap());
        }
    }

    /// A large block starts on a huge page; grown, it keeps its contents and its start on a huge
    /// page, and its new bytes are zero; shrunk below a large block's size, it becomes the system
    /// allocator's with its first bytes kept.
    #[test]
    fn large_blocks_move_whole_and_back_to_small_ones() {
        let layout = Layout::from_size_align(LARGE_BLOCK + 12_345, 64).unwrap();
        // SAFETY: non-zero sizes; every read and write is within the block's size at the time;
        // each block is given back with the layout it has then.
        unsafe {
            let block = LargePages.alloc_zeroed(layout);
            assert!(!block.is_null());
            assert_eq!(block as usize % HUGE_PAGE, 0);
            assert!((0..layout.size()).step_by(997).all(|i| *block.add(i) == 0));
            for i in (0..layout.size()).step_by(1013) {
                *block.add(i) = (i % 251) as u8 + 1;
            }
            let size = LARGE_BLOCK * 4 + 7;
            let grown = LargePages.realloc(block, layout, size);
            assert!(!grown.is_null());
            assert_eq!(grown as usize % HUGE_PAGE, 0);
            for i in (0..layout.size()).step_by(1013) {
                assert_eq!(*grown.add(i), (i % 251) as u8 + 1);
            }
            assert!(
                (layout.size()..size)
                    .step_by(4093)
                    .all(|i| *grown.add(i) == 0)
            );
            let grown_layout = Layout::from_size_align(size, 64).unwrap();
            let small = LargePages.realloc(grown, grown_layout, 5_000);
            assert!(!small.is_null());
            for i in (0..5_000).step_by(1013) {
                assert_eq!(*small.add(i), (i % 251) as u8 + 1);
            }
            LargePages.dealloc(small, Layout::from_size_align(5_000, 64).unwrap());
        }
    }

    #[test]
    fn small_blocks_are_the_system_allocators() {
        let layout = Layout::from_size_align(1000, 8).unwrap();
        // SAFETY: as above.
        unsafe {
            let block = LargePages.alloc_zeroed(layout);
            assert!(!block.is_null());
            assert!((0..1000).all(|i| *block.add(i) == 0));
            LargePages.dealloc(block, layout);
        }
    }
}
