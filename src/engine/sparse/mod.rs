//! The sparse-space method (Gangolli and Plambeck, 1989; the "rare/common" method), with common
//! sets over the value bits *and* the heap's parity.
//!
//! **Common sets.** The split moves are taken in two classes by the parity d of their take size
//! k (Beling's `rc2` in `ogs` does the same). For each class a *common set* is chosen: a mask m
//! over the value bits and a flag s (use the heap's parity); a position x is *common* for class d
//! when
//!
//! > popcount(G(x) & m) + s·((x ⊕ d) & 1) is odd,
//!
//! and *rare* otherwise. Write e(x) = 2·G(x) + (x & 1) for a position's *encoding* and
//! M = 2m + s. A split of class d of a heap n leaves a + b = n − k, so (a & 1) ⊕ (b & 1) =
//! (n ⊕ d) & 1. If a and b are both common, adding their two conditions gives
//! popcount((G(a) ⊕ G(b)) & m) + s·((n ⊕ d) & 1) even: the option value v = G(a) ⊕ G(b) fails
//! the condition that a common position of parity n & 1 satisfies. Call v *safe* at n (for the
//! class) when it satisfies it; then **a safe value is never the value of a common × common
//! pair**. With s = 0 this is the classic mask of the value bits; s = 1 adds the parity, which
//! the best split of some games needs (the heap's parity is linear in the encoding, so the whole
//! argument is the linear one of Gangolli and Plambeck on e instead of G).
//!
//! **Computing G(n).** (1) Every pair with a rare part of its class is visited: rare × all, about
//! #rare work per position instead of n. After the take-all and single-heap options, every safe
//! option value of n is now marked. (2) Let g be the least value, safe for every class, that is
//! not marked: it is not an option, so G(n) ≤ g. (3) G(n) = g exactly when every value below g
//! that is not safe is an option. The ordinary pairs are scanned until they are (usually a few
//! hundred pairs); only when some is really missing — G(n) is then a rare value and n a rare
//! position — does the scan run over all pairs. The result is exact whatever the common sets
//! are; they only decide the speed.
//!
//! **Choosing the sets.** The number of rare positions of class d under (m, s) is read off the
//! Walsh–Hadamard transform of the histogram of encodings: Ĥ(M) = Σ_e h(e)·(−1)^popcount(e & M)
//! is (#even − #odd) of popcount(e(x) & M) over the positions, so *every* mask's rare count comes
//! out of one transform of 2·2^bits entries (tczajka/octal-games's `analyze_exec.cc` chooses its
//! masks the same way). The engine re-reads the transform whenever rare positions have appeared
//! (a few thousand operations) and changes a class's set, rebuilding its list of rare positions
//! in one pass, only when another leaves clearly fewer rare positions; so a game whose rare
//! values keep coming late does not keep a split that has stopped being good.
//!
//! **Both cores.** Step (1) for the pairs with both parts finished and the first part of step (3)
//! run for a whole block at once on all cores: each position's scan stops when the non-safe
//! values below its g *so far* are covered (a necessary condition — the options inside the block
//! can only raise g) and records where it stopped. The pairs with a part inside the block follow
//! position by position; when g's condition still fails there, the scan *resumes* where the
//! parallel one stopped, so no pair is visited twice. ("Finished" is the block's start, or the
//! start of the block before when the parallel phase ran beside that block's sequential phase:
//! the driver's doc, *The phases side by side*; the sequential phase then reads the values from
//! that boundary on from a run of its own, [`Parts`].)
//!
//! **The cap of the parallel scan.** A heap n = N + i of the block [N, N + B) has its finished
//! pairs at a ≥ n − k + 1 − N ≈ i; the pairs with a small a — the ones a scan from a = 1, as in
//! `ogs`, sees first — have their b inside the block. On some games only those cover: 0.376
//! becomes periodic (period 4, values 33 16 32 17) from about 1.45·10^6 on, pairs of two parts in
//! the periodic stretch give only the option values 0, 1, 16, 17, 48, 49, and the non-safe values
//! 6, 7, 12, 13, 20, 21, 30, 31 below g come from a few positions a < 650 (a scan from a = 1
//! covers after about 630 pairs, at every n past 1.5·10^6), or from scattered positions far
//! up in the irregular stretch: the block-parallel scan, which starts past them, visited 10^6
//! pairs a position at 4·10^6 (measured on the values, replaying both orders). So each parallel
//! scan stops, not covered, after at most a *cap* of pairs and is marked capped; the sequential
//! phase then scans the pairs with a part in the block (from a = 1) before resuming. The cap is
//! re-set after every block to three times the mean sequential scan of that block's capped common
//! positions (at least 512; 8,192 before any is measured): a game whose in-block pairs cover
//! quickly gets a small cap, one whose parallel scans do the work keeps a large one. The order
//! of the pairs changes, not the set of values seen when the scan stops: the values are exact
//! whatever the cap (the tests force caps from 0 to none).
//!
//! **The guess.** The options inside the block raise g, so a position whose parallel scan
//! stopped once the non-safe values below the g known then were covered often has to scan on in
//! the sequential phase, on one core (0.1777 to 2·10^7: 54 % of the positions, 48 pairs each).
//! So the parallel scan goes on, at most [`SPECULATE_PAIRS`] pairs more, until the non-safe
//! values below a *speculative bound* are covered too: the largest value that more than 1/32
//! of the last block's values reach ([`speculative_bound`]; the ring mode's rule). On 0.1777
//! the resumed scans fall to 0.3 % of the positions. Where the missing values come only from
//! pairs with a small part, whose other part is in the block (0.354, 0.376), the guess cannot
//! cover and its pairs are lost; the driver weighs, block by block, the sequential pairs a guess
//! saved against the pairs it cost and pauses guessing where it does not pay. The guess moves
//! pairs between the phases, never changes a value.
//!
//! **Rare pairs four heaps at a time.** In the sequential phase, the rare pairs (a, n − k − a)
//! with a + k ≥ [`kernels::LANES`] are marked for four consecutive heaps m..m + 4 at once before
//! heap m (`rare_lanes`): their other parts G(m − k − a .. m − k − a + 4) are all known by
//! then. A pair whose other part lies up to three below the boundary the parallel phase took as
//! finished is marked again (the parallel phase marked it already: a value marked twice is
//! marked once). The parallel phase marks its rare pairs the same way, four heaps of a chunk
//! at a time, for the rare a whose pairs with every heap of the chunk have a finished other
//! part (most of them; the others pair by pair).
//!
//! [`SPECULATE_PAIRS`]: parallel_phase::SPECULATE_PAIRS
//! [`speculative_bound`]: parallel_phase::speculative_bound
//! [`Parts`]: sequential_phase::Parts
//! [`kernels::LANES`]: super::kernels::LANES

mod common_sets;
mod parallel_phase;
mod sequential_phase;

pub use common_sets::CommonSet;
#[cfg(test)]
pub(super) use common_sets::rare_count;
pub(super) use common_sets::{Classes, choose_classes, safe_words, transform};
pub(super) use parallel_phase::{Resume, parallel};
pub(super) use sequential_phase::{Computed, sequential_block};
