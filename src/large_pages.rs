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
//! The advice changes no byte of any block: it is only a hint, honoured when the kernel's
//! transparent huge pages are `madvise` or `always` (the usual settings), ignored when `never`;
//! on other systems the allocator is the system's, unchanged. Blocks keep the system
//! allocator's layout (no wider alignment), so that growing a large vector still moves its
//! pages instead of copying them; the kernel backs with huge pages the 2 MiB-aligned stretches
//! inside the block. The binaries declare it:
//!
//! ```no_run
//! #[global_allocator]
//! static ALLOCATOR: grundy::large_pages::LargePages = grundy::large_pages::LargePages;
//!
//! fn main() {}
//! ```

use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator, with blocks of at least [`LARGE_BLOCK`] bytes advised onto huge pages.
pub struct LargePages;

/// The least block advised onto huge pages (32 MiB: smaller ones gain little, and the system
/// allocator serves blocks this large from mappings of their own).
pub const LARGE_BLOCK: usize = 32 << 20;

// SAFETY: every block comes from the system allocator with the layout asked for and is given
// back to it with that layout; the advice only changes how the kernel backs the pages.
unsafe impl GlobalAlloc for LargePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are the system allocator's.
        let block = unsafe { System.alloc(layout) };
        advise_large(block, layout.size());
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        advise_large(block, layout.size());
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from the system allocator with `layout`.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `block` came from the system allocator with `layout`; the caller's guarantees
        // for `new_size` are the system allocator's.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        advise_large(moved, new_size);
        moved
    }
}

/// Advises the whole pages of the block at `block` of `size` bytes onto huge pages, when it is
/// at least [`LARGE_BLOCK`] bytes (nothing for a failed allocation, a null `block`).
fn advise_large(block: *mut u8, size: usize) {
    if block.is_null() || size < LARGE_BLOCK {
        return;
    }
    advise(block, size);
}

#[cfg(target_os = "linux")]
fn advise(block: *mut u8, size: usize) {
    const PAGE: usize = 4096;
    let start = (block as usize).next_multiple_of(PAGE);
    let end = (block as usize + size) / PAGE * PAGE;
    if end > start {
        // SAFETY: [start, end) lies inside the block just allocated, which this process owns;
        // MADV_HUGEPAGE changes no contents. A failure (a kernel without transparent huge
        // pages) leaves the block as it was, which is fine.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_block: *mut u8, _size: usize) {}

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
