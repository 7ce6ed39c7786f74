//! An independent checker of misère quotients: given the JSON of `grundy table CODE --misere
//! --json`, it verifies from the definitions, sharing no code with [`crate::misere`], that the
//! report is the misère quotient of the octal game's heaps 0..=N (and, when "solved", of every
//! heap).
//!
//! **Definitions** (Plambeck, "Taming the wild in impartial combinatorial games", *INTEGERS* 5
//! (2005) G05; Plambeck and Siegel, "Misère quotients for impartial games", *J. Combin. Theory
//! Ser. A* 115 (2008) 593–622). Under misère play a position with no move is won by the player
//! to move. For a set A of positions closed under sums and options (here: every sum of heaps
//! ≤ N), G ≡ H when G + X and H + X have the same misère outcome for every X ∈ A; the misère
//! quotient Q = A/≡ is a commutative monoid, Φ: A → Q the quotient map (the *pretending
//! function* on heaps), and P ⊆ Q the images of the misère P-positions.
//!
//! **What is checked**, in order (each failure names the element, relation or heap):
//!
//! 1. *The monoid is well defined* (`monoid`): the presentation's relations rewrite every
//!    monomial towards the first one of its class (a terminating system), every critical pair
//!    joins (so the system is confluent and its irreducible monomials are the elements, one
//!    each), there are exactly the stated number of them, the generators' actions commute on
//!    the table, and every name in the report (P-portion, Φ) is an irreducible monomial.
//! 2. *P and Φ are as stated*: |P| as stated, no element named twice, Φ(0) = 1, each generator
//!    is Φ of the heap stated for it (so Φ is onto Q).
//! 3. *Closure* (`closure`): for every position G with heaps ≤ N, Φ(G) ∈ P iff G has a move
//!    and no option of G maps into P — checked on the finitely many states (Φ(G), D(G),
//!    terminal) that decide it, with the options of every heap derived from the code
//!    (`octal`). By induction, Φ(G) ∈ P iff G is a misère P-position.
//! 4. *Reduced*: every two elements are told apart by some z (xz ∈ P, yz ∉ P). With 3 this
//!    makes (Q, P) the misère quotient of the heaps ≤ N, not just a monoid that decides them.
//! 5. *Solved*: the periodicity theorem (below) applies at the stated N, n₀, p.
//!
//! **Periodicity theorem** (Plambeck and Siegel 2008, §7; the form checked here, with its
//! proof). Let the code's moves take at most k tokens and leave at most K − 1 heaps, (Q, P, Φ)
//! pass 1–4 for the heaps ≤ N, and Φ(m + p) = Φ(m) for n₀ ≤ m ≤ N − p, with
//! N + 1 ≥ (K − 1)(n₀ + p) + k. Then Φ(m + p) = Φ(m) for all m ≥ n₀, and (Q, P, Φ) is the
//! quotient of every heap. *Proof*, by induction on n > N: an option of heap n takes t ≤ k
//! tokens and leaves j ≤ K − 1 heaps summing to n − t, so its largest heap a has
//! a ≥ (n − k)/(K − 1) ≥ n₀ + p; a − p is an option part of heap n − p with Φ(a − p) = Φ(a),
//! and conversely (the largest part b of an option of n − p has b ≥ n₀, Φ(b + p) = Φ(b)). So
//! heap n has the same element and option images T(n) = T(n − p) as heap n − p: a kind of heap
//! already present, so the reachable states of 3 are unchanged, and 3–4 still hold with
//! Φ(n) = Φ(n − p). (The report's own test, CGSuite's K·n₀ + K·p + k + K ≤ N + 1 with
//! N + 1 − n₀ ≥ 2p, is stronger.)
//!
//! 6. *An unsettled heap's lower bounds* (`bounds`): when heap n did not settle, the report
//!    gives its last candidate (presentation, P-portion, Φ(0..=n)) and m; the candidate passes
//!    1–2, then 3 restricted to the positions with at most m heaps of n (so it decides them),
//!    and the bounds claimed from those positions — the order of the quotient with heap n, the
//!    distinct powers of a heap — are recounted and must be at least the numbers claimed. The
//!    certificate theorem the construction relies on is thus not trusted but re-proved for the
//!    one candidate; what cannot be finished within the limits is said (exit status 1), never
//!    claimed.

mod bounds;
mod closure;
mod input;
mod monoid;
mod named;
mod octal;
mod transitions;

use crate::scanner::InputError;
use bounds::{Claims, check_bounds};
use closure::Closure;
use input::{
    MOST_CANDIDATE_ELEMENTS, MOST_ELEMENTS, TableJson, UnsettledJson, locate, parse_monomial,
    parse_presentation,
};
use monoid::Element;
use named::{Stated, resolve};
use octal::Code;
use serde::Serialize;
use std::fmt::Write;

/// The largest N the checker takes (the options of every heap ≤ N are enumerated).
pub const MOST_HEAPS: u64 = 20_000;

/// The most heaps of an unsettled heap n that a region checked may hold.
const MOST_COUNTED: u32 = 1 << 12;

/// What the checker verified of a quotient, or where it failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// The game's code.
    pub game: String,
    /// The quotient is of heaps 0..=heaps.
    pub heaps: u64,
    /// Its stated order.
    pub order: usize,
    /// Its stated |P|.
    pub p_size: usize,
    /// Each condition verified, in words.
    pub verified: Vec<String>,
    /// The first condition that fails, naming the element, relation or heap.
    pub failure: Option<String>,
}

impl CheckReport {
    /// Whether every condition held.
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }

    /// The report as text: one line per condition verified, then the failure if any.
    pub fn text(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "quotient: {} (misère), heaps 0..={}, order {}, |P| = {}",
            self.game, self.heaps, self.order, self.p_size
        );
        for line in &self.verified {
            let _ = writeln!(text, "verified: {line}");
        }
        match &self.failure {
            Some(failure) => {
                let _ = writeln!(text, "FAILED:   {failure}");
            }
            None => {
                let _ = writeln!(text, "accepted");
            }
        }
        text
    }
}

/// Checks the quotient in `json` (the output of `grundy table CODE --misere --json`).
///
/// An input that is not such a report (not JSON, not an octal code, names that do not parse)
/// is an [`InputError`]; a report that reads but is not a misère quotient gives a
/// [`CheckReport`] whose `failure` says why.
pub fn check_quotient(json: &[u8]) -> Result<CheckReport, InputError> {
    let (table, text) = input::read(json)?;
    let at = |key: &str, message: String| InputError::new(locate(&text, key), message);
    let code = Code::parse(&table.game).ok_or_else(|| {
        at(
            "game",
            format!("game {:?} is not an octal code (like 0.07)", table.game),
        )
    })?;
    let q = &table.quotient;
    if q.heaps > MOST_HEAPS {
        return Err(at(
            "heaps",
            format!(
                "heaps {} is past what the checker takes ({MOST_HEAPS})",
                q.heaps
            ),
        ));
    }
    if q.order > MOST_ELEMENTS || q.order == 0 {
        return Err(at(
            "order",
            format!("order {} is not between 1 and {MOST_ELEMENTS}", q.order),
        ));
    }
    let presentation = parse_presentation(&q.presentation).map_err(|e| at("presentation", e))?;
    let names = &presentation.generators;
    let monomial_of = |key: &str, name: &str| parse_monomial(name, names).map_err(|e| at(key, e));
    let p_monomials = q
        .p_portion
        .iter()
        .map(|name| monomial_of("p_portion", name))
        .collect::<Result<Vec<_>, _>>()?;
    let phi_monomials = q
        .pretending_function
        .iter()
        .map(|name| monomial_of("pretending_function", name))
        .collect::<Result<Vec<_>, _>>()?;
    if q.generators.len() != names.len()
        || q.generators
            .iter()
            .zip(names)
            .any(|((g, _), name)| g != name)
    {
        return Err(at(
            "generators",
            "the generators are not those of the presentation".to_string(),
        ));
    }
    let mut report = CheckReport {
        game: table.game.clone(),
        heaps: q.heaps,
        order: q.order,
        p_size: q.p_size,
        verified: Vec::new(),
        failure: None,
    };
    if let Err(failure) = check(
        &table,
        &text,
        &code,
        &presentation,
        &p_monomials,
        &phi_monomials,
        &mut report.verified,
    )? {
        report.failure = Some(failure);
    }
    Ok(report)
}

/// The checks 1–6 of the module doc; the first failure.
fn check(
    table: &TableJson,
    text: &str,
    code: &Code,
    presentation: &input::Presentation,
    p_monomials: &[Vec<u32>],
    phi_monomials: &[Vec<u32>],
    verified: &mut Vec<String>,
) -> Result<Result<(), String>, InputError> {
    let q = &table.quotient;
    let stated = Stated {
        presentation,
        order: q.order,
        p_size: q.p_size,
        p_portion: p_monomials,
        phi: phi_monomials,
        heaps: q.heaps,
        generators: &q.generators,
    };
    // 1–2. The monoid, P and Φ.
    let named = match resolve(&stated, q.order, verified) {
        Ok(named) => named,
        Err(failure) => return Ok(Err(failure)),
    };
    let (monoid, in_p, phi) = (&named.monoid, &named.in_p, &named.phi);
    // 3. Closure.
    let (kinds, first_heap) = closure::heap_kinds(code, monoid, phi, q.heaps, None);
    match closure::check_closure(monoid, in_p, &kinds, &first_heap) {
        Closure::Holds { states } => verified.push(format!(
            "closure: Φ(G) ∈ P exactly for the misère P-positions G with heaps ≤ {} ({} kinds of heap, {states} states)",
            q.heaps,
            kinds.len()
        )),
        Closure::Fails {
            with: Some(y),
            position,
            ..
        } => {
            let heap = position[0];
            return Ok(Err(format!(
                "closure: heap {heap} plus a position of image {} has Φ = {} in P, but heap {heap} has a move into P from it",
                named.name(y),
                named.name(monoid.multiply(y, phi[heap as usize]))
            )));
        }
        Closure::Fails {
            position,
            in_p,
            terminal: _,
            with: None,
        } => {
            return Ok(Err(format!(
                "closure: position {position:?} has Φ = {} {} P, but it {}",
                named.name(position.iter().fold(0, |x, &h| monoid.multiply(x, phi[h as usize]))),
                if in_p { "in" } else { "not in" },
                if in_p {
                    "has no move (a misère N-position)"
                } else {
                    "has moves, none into P"
                }
            )));
        }
        Closure::TooLarge { past } => {
            return Ok(Err(format!(
                "closure: not verified (undecided): {past} to visit"
            )));
        }
    }
    // 4. Reduced.
    if let Some((x, y)) = closure::merged_pair(monoid, in_p) {
        return Ok(Err(format!(
            "not reduced: no element tells {} and {} apart",
            named.name(x),
            named.name(y)
        )));
    }
    verified.push("reduced: every two elements are told apart by some element".to_string());
    // 5. Periodicity.
    if let Some(solved) = q.solved {
        if let Err(e) = check_periodic(code, phi, q.heaps, solved) {
            return Ok(Err(format!("solved: {e}")));
        }
        verified.push(format!(
            "solved: Φ(m + {p}) = Φ(m) for {n0} ≤ m ≤ {} − {p}, and the periodicity theorem applies at N = {} (k = {}, K = {}), so the quotient holds for every heap",
            q.heaps,
            solved.at,
            code.reach(),
            code.most_parts() + 1,
            p = solved.period,
            n0 = solved.preperiod,
        ));
    }
    // 6. An unsettled heap's lower bounds.
    if let Some(unsettled) = &q.unsettled {
        return check_unsettled(unsettled, text, code, verified);
    }
    Ok(Ok(()))
}

/// Check 6: the last candidate of the unsettled heap decides the region it is said to decide,
/// and the bounds claimed from it are recounted ([`bounds`]).
fn check_unsettled(
    unsettled: &UnsettledJson,
    text: &str,
    code: &Code,
    verified: &mut Vec<String>,
) -> Result<Result<(), String>, InputError> {
    let n = unsettled.heap;
    let prefix = format!("unsettled heap {n}");
    let (Some(candidate), Some(decided_below), Some(order_at_least)) = (
        &unsettled.candidate,
        unsettled.decided_below,
        unsettled.order_at_least,
    ) else {
        return Ok(Err(format!(
            "{prefix}: not verified: the report does not give the last candidate and the bounds claimed from it"
        )));
    };
    let at = |message: String| InputError::new(locate(text, "candidate"), message);
    if n > MOST_HEAPS {
        return Err(at(format!(
            "heap {n} is past what the checker takes ({MOST_HEAPS})"
        )));
    }
    let most = match decided_below.checked_sub(1).map(u32::try_from) {
        Some(Ok(most)) if most <= MOST_COUNTED => most,
        _ => {
            return Ok(Err(format!(
                "{prefix}: not verified: decided_below = {decided_below} is not between 1 and {}",
                u64::from(MOST_COUNTED) + 1
            )));
        }
    };
    if candidate.order > MOST_CANDIDATE_ELEMENTS || candidate.order == 0 {
        return Ok(Err(format!(
            "{prefix}: not verified (undecided): the last candidate has {} elements, more than the checker takes ({MOST_CANDIDATE_ELEMENTS})",
            candidate.order
        )));
    }
    let presentation = parse_presentation(&candidate.presentation).map_err(&at)?;
    let names = &presentation.generators;
    let parse_all = |list: &[String]| {
        list.iter()
            .map(|name| parse_monomial(name, names).map_err(&at))
            .collect::<Result<Vec<_>, _>>()
    };
    let p_monomials = parse_all(&candidate.p_portion)?;
    let phi_monomials = parse_all(&candidate.pretending_function)?;
    let stated = Stated {
        presentation: &presentation,
        order: candidate.order,
        p_size: candidate.p_size,
        p_portion: &p_monomials,
        phi: &phi_monomials,
        heaps: n,
        generators: &candidate.generators,
    };
    let mut steps = Vec::new();
    let named = match resolve(&stated, candidate.order, &mut steps) {
        Ok(named) => named,
        Err(failure) => return Ok(Err(format!("{prefix}, last candidate: {failure}"))),
    };
    verified.push(format!(
        "{prefix}: the last candidate (order {}, |P| = {}) is a monoid generated by Φ(0..={n})",
        candidate.order, candidate.p_size
    ));
    let claims = Claims {
        heap: n,
        most,
        order_at_least,
        distinct_powers: &unsettled.distinct_powers,
    };
    let mut found = Vec::new();
    let result = check_bounds(code, &named, &claims, &mut found);
    verified.extend(found.into_iter().map(|line| format!("{prefix}: {line}")));
    Ok(result.map_err(|failure| format!("{prefix}: {failure}")))
}

/// The conditions of the periodicity theorem (module doc).
fn check_periodic(
    code: &Code,
    phi: &[Element],
    heaps: u64,
    solved: input::SolvedJson,
) -> Result<(), String> {
    let (n0, p, n) = (solved.preperiod, solved.period, solved.at);
    if p == 0 || n > heaps {
        return Err(format!(
            "period {p} at heap {n}: not a period within heaps 0..={heaps}"
        ));
    }
    for m in n0..=heaps.saturating_sub(p) {
        if m + p <= heaps && phi[m as usize] != phi[(m + p) as usize] {
            return Err(format!("Φ({m}) ≠ Φ({})", m + p));
        }
    }
    let k_heaps = code.most_parts() + 1;
    let needed = (k_heaps - 1)
        .checked_mul(n0.saturating_add(p))
        .and_then(|x| x.checked_add(code.reach()));
    match needed {
        Some(needed) if n + 1 >= needed => Ok(()),
        _ => Err(format!(
            "N + 1 = {} is less than (K − 1)(n₀ + p) + k with K = {k_heaps}, n₀ = {n0}, p = {p}, k = {}",
            n + 1,
            code.reach()
        )),
    }
}
