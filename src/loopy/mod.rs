//! Loopy games: impartial games that can return to a position they have left, played on any
//! finite directed graph. Their positions can be **draws**, and their values are Smith's
//! generalised Sprague–Grundy values γ, finite or ∞(K).
//!
//! # Definitions
//!
//! A game graph is a finite directed graph; a position is a vertex, a move follows an edge,
//! and the player who cannot move loses (normal play). Play may go on for ever: such a play is a
//! draw. Every vertex is won for the player to move, lost, or drawn; the [`referee`] labels them
//! from that definition alone (retrograde analysis, with remoteness).
//!
//! Write F(u) for the followers of u. A **γ-function with counter** (C. A. B. Smith; the form
//! with a counter is Fraenkel and Yesha's) assigns each vertex u a value γ(u), a non-negative
//! integer or ∞, and each vertex of finite value a counter c(u) (a natural number), such that,
//! with γF(u) the set of *finite* values among the followers of u and mex the least
//! non-negative integer not in a set,
//!
//! * **A.** if γ(u) is finite, γ(u) = mex γF(u);
//! * **B.** if γ(u) is finite and v ∈ F(u) has γ(v) > γ(u) (∞ included), then some w ∈ F(v)
//!   has γ(w) = γ(u) and c(w) < c(u);
//! * **C.** if γ(u) = ∞, then some v ∈ F(u) with γ(v) = ∞ has no follower w with
//!   γ(w) = mex γF(u).
//!
//! An infinite value is written ∞(K) with K = γF(u), the finite values among its followers;
//! ∞(∅) is written ∞. On an acyclic graph every value is finite and γ is the ordinary Grundy
//! value (conditions B and C are then empty or implied).
//!
//! **Outcomes.** γ(u) = 0: lost; γ(u) = n > 0: won (move to a follower of value 0, which
//! exists by A); ∞(K) with 0 ∈ K: won (move to that follower of value 0); ∞(K) with 0 ∉ K: a
//! draw.
//!
//! **Sums.** A position of several tokens is the sum of one-token positions: a move moves one
//! token. Smith's rule: finite values add by nim-sum (⊕), ∞(K) + n = ∞(K ⊕ n), and
//! ∞(K) + ∞(L) = ∞ — so a position of many tokens costs the sum of its components, not their
//! product. [`gamma::Gamma::add`] is the rule; the tests and `verify` check it against the
//! referee on the explicit graph of whole sums ([`sum`]).
//!
//! # Proof sketches
//!
//! *Finite values.* Let the sum have finite components of nim-sum 0. Every move changes one
//! component's value from a to some b ≠ a (by A no follower has value a). If b is finite the
//! nim-sum becomes nonzero and, as in Nim, some component can be moved to restore 0 (by A its
//! followers have every smaller value). If b > a or b = ∞, B gives a reply back to value a
//! with a smaller counter. So the player facing nim-sum 0 can never reach a terminal position
//! (of nim-sum 0, he must move), while the other keeps nim-sum 0; each reversal lowers a
//! counter and the finite-value moves of the winner lower the sum's "Nim part", so the winner's
//! play ends: a sum of finite values is lost iff its nim-sum is 0, and won otherwise.
//!
//! *Infinite values.* Call a sum *finite* when all its components are. (i) A sum with two ∞
//! components or more is a draw: no single move makes it finite, so no move reaches a lost
//! (finite, nim-sum 0) position; and by C every ∞ vertex has an ∞ follower, so either player can
//! always keep two ∞ components and is never without a move. (ii) Let one component u be
//! ∞(K) and the rest finite of nim-sum n. If n ∈ K, moving u to its follower of value n leaves a
//! finite sum of nim-sum 0: a win. If n ∉ K, no move wins (a win must make the sum finite, and
//! u has no follower of value n), and the mover can always leave the opponent the same kind of
//! position: with m = mex K, either n > m — then move the finite part to nim-sum m (it has
//! followers of every smaller value), leaving ∞(K) + m with m ∉ K — or n = m (n < m would put n
//! in K) — then C gives an ∞ follower v of u with m ∉ γF(v), leaving ∞(γF(v)) + m. So neither
//! player can force a win: a draw. Together: ∞(K) + n is won iff n ∈ K, i.e. iff 0 ∈ K ⊕ n,
//! which is the outcome of ∞(K ⊕ n); and two ∞ components make a draw, the outcome of ∞(∅).
//! (Smith 1966 proves the full statement, that the sum *is* ∞(K ⊕ n) as a γ value; the tests
//! check the outcomes and every winning or drawing move against the referee.)
//!
//! # Sources
//!
//! * C. A. B. Smith, "Graphs and composite games", *J. Combin. Theory* **1** (1966) 51–81:
//!   the generalised Sprague–Grundy function of a cyclic graph and the sum rule.
//! * A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its invariance
//!   under certain mappings", *J. Combin. Theory Ser. A* **43** (1986) 165–177: the labelling
//!   algorithm with the counter function (conditions A–C).
//! * E. R. Berlekamp, J. H. Conway and R. K. Guy, *Winning Ways for your Mathematical Plays*,
//!   ch. 12 "Games Eternal — Games Entailed": loopy impartial games, ∞ values with subscripts.
//! * A. S. Fraenkel, "Complexity, appeal and challenges of combinatorial games", *Theoret.
//!   Comput. Sci.* **313** (2004): survey of γ and its algorithms.
//!
//! # The modules
//!
//! * [`graph`] — a finite directed graph in compressed form (followers and predecessors).
//! * [`referee`] — retrograde win/lose/draw labelling with remoteness, from the definition.
//! * [`gamma`] — γ by Fraenkel's labelling algorithm, the counter, and the sum rule.
//! * [`sum`] — the explicit graph of a sum of tokens, for the referee.
//! * [`file`] — the graph file format (`graph:FILE`), with located errors.
//! * [`tokens`] — a position of tokens on a graph: its notation, its moves, its γ and outcome.
//! * [`check`] — `verify`: γ against the referee on whole sums, on a graph and on random ones.
//! * [`play`] — `play` with draws: wins within a stated bound, never loses a draw.
//! * [`game`] — a graph as a game every command runs on.
//! * [`rows`] — tokens on an acyclic graph as a row of components, for the other compounds.
//! * [`shiritori`] — AtCoder ABC 209 E, a word game with draws, and its judge format.
//! * [`chess`] — POJ 2425, tokens on acyclic graphs given in the judge's input (`graph
//!   --dialect poj2425`).

pub mod check;
pub mod chess;
pub mod file;
pub mod game;
pub mod gamma;
pub mod graph;
pub mod play;
pub mod referee;
pub mod rows;
pub mod shiritori;
pub mod sum;
pub mod tokens;
