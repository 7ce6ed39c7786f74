//! `grundy census`: every game of a pattern at once — periods, largest values, rare values and
//! which games are the same game in disguise.
//!
//! **What.** A census takes patterns such as `0.???` (`?` is any octal digit 0–7 after the
//! point) or plain spellings (`0.07`, `sub:1,3,4`), expands them in order into distinct games
//! (by canonical spelling: `0.70` is `0.7`, counted once), and computes each game's Grundy
//! sequence until its period is proved or to N heaps ([`CensusRequest::to`], default 2^20),
//! within a per-game work budget counted in the engine's deterministic work units (pair visits),
//! so the same command gives the same table on any machine and any load. Games run in parallel
//! (rayon). Each game's [`GameRecord`] holds its pre-period and period with the theorem that
//! proves them (or "no period up to N"), its largest value and where it first appears, the
//! rare/common split the sparse-space engine used (the mask, how many rare positions, the
//! first and the last), and its *fingerprints* (below). The census groups the games into
//! classes of **equivalent games**.
//!
//! **Why.** This is what the survey tables of the field are: Flammenkamp's pages give every
//! game 0.??? and 4.??? (8^3 + 8^3 = 1,024 codes) with its period, pre-period, largest value,
//! rare values and equivalences; Winning Ways' game locator maps each code to its equivalent. Re-checking
//! them found mistakes (tczajka's `octal-games` notes: Winning Ways maps .27 to .06 instead of
//! .26, and Flammenkamp's tables call .161 and .36 equivalent although they first differ at heap
//! 519), so `--check` compares a census with another table and lists every difference.
//!
//! **Equivalence.** Game a is game b *shifted by s ≥ 0* when G_a(n) = G_b(n + s) for every heap
//! n (s = 0: the same sequence). Dawson's chess 0.137 is Dawson's Kayles 0.07 shifted by one:
//! G_{0.137}(n) = G_{0.07}(n + 1) — a game that cannot take a heap of one outright is a game on
//! heaps one smaller. The census compares shifts up to [`SHIFTS`]. Over a finite range this is
//! *equality up to L*: the census states L for every class, and claims more only when it is
//! proved: if both sequences have proved periods (p_a, n_a) and (p_b, n_b), then in n both
//! G_a(n) and G_b(n + s) are periodic with period P = lcm(p_a, p_b) from n₀ = max(n_a, n_b − s)
//! on, so equality on heaps 0..n₀ + P implies equality for every heap (induction on n: each
//! value past n₀ + P is the value P earlier on both sides). Such classes say "proved equal".
//!
//! **Fingerprints.** Comparing sequences must not need the sequences themselves (a census of
//! 1,024 games to 2^20 would hold a gigabyte; the shards of a cluster run see only their games).
//! So each record keeps, for each length L = 2^10, 2^12, …, 2^20 (and so on up to the known
//! range), and each shift s ≤ [`SHIFTS`], a 128-bit hash of G(s), …, G(s + L − 1): two
//! independent polynomial hashes mod 2^64 with odd multipliers. Two windows are equal exactly
//! when their hashes are, except with probability about 2^-64 per comparison made by the census
//! (fewer than 10^8 for 1,024 games), which the module accepts and states here. The tests
//! compare the classes with a direct comparison of the values.
//!
//! **Classes** are built deterministically from the records alone (so a merge of shards gives
//! the census byte for byte). A class is a first game and games that are it shifted: each
//! member m has G_m(n) = G_first(n + shift_m), so any two members are shifts of one another
//! (by the difference of their shifts). Games are taken by longest fingerprint first (then in
//! census order); each, at its own longest length L, joins the first class one of whose members
//! it is a shift of (least shift first), or leads the first class whose first game is a shift of
//! it (it becomes the new first, every shift grows), or founds a class. Equalities are checked at
//! the newcomer's length L, which is at most every earlier member's, so the class is a true
//! equivalence up to the least length of its members minus its widest shift: the length it
//! states. *Limitation:* shifting loses the first heaps, so one sequence can be a shift of two
//! games neither of which is a shift of the other (the all-zero 0.0 is 0.01 shifted by 3 and
//! 0.11 shifted by 3); it is listed in the first class found, and the other game may stand alone.
//! Identical sequences (shift 0) always share a class.
//!
//! **Status.** *Trivial*: a proved period and no value above 1 (the game is a parity game).
//! *Solved*: any other proved period. *Open*: no period proved up to the range computed.
//!
//! **Shards.** `--shard K/N` computes the games that the K-th of N shards of a plan balanced by
//! estimated cost holds ([`plan`]: longest processing time first over each game's worst-case
//! work, see `shards.rs`); `--shard auto` takes K and N from a Slurm array job's variables
//! ([`slurm_shard`]). A piece records the patterns, range, budget, `K/N` and the grundy
//! version. [`merge`] joins the pieces' JSON after checking that they are the shards of one run
//! (same format, patterns, range, budget, N and version; every shard once — a missing or
//! repeated shard is named with its file; every game once and the one the plan puts there)
//! and recomputes the classes and the summary — the same value a single process computes.
//!
//! References: Guy and Smith, *The G-values of various games* (1956); Berlekamp, Conway and
//! Guy, *Winning Ways*, ch. 4 (game locator); Gangolli and Plambeck, *A note on periodicity in
//! some octal games* (1989), for the rare/common split; A. Flammenkamp, *Sprague-Grundy values
//! of octal games* (web tables of 0.??? and 4.???); T. Czajka, `octal-games` (README: the errors
//! found in published tables).

mod classes;
mod compute;
mod differences;
mod error;
mod fingerprint;
mod record;
mod report;
mod request;
mod shards;

pub use compute::{compute_game, compute_values, run};
pub use differences::{Difference, check};
pub use error::CensusError;
pub use fingerprint::FIRST_LEVEL;
pub use record::{
    Census, Class, FORMAT, Fingerprint, FirstLargest, GameRecord, Member, RARE_LISTED, RareSplit,
    SHIFTS, Status, Summary, VERSION, read,
};
pub use request::{CensusRequest, DEFAULT_BUDGET, DEFAULT_TO, MOST_GAMES, MOST_WILDCARDS, expand};
pub(crate) use shards::{PieceHeader, check_pieces, chosen};
pub use shards::{SLURM_VARIABLES, balance, estimated_cost, merge, parse_shard, plan, slurm_shard};
