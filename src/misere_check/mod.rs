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
//! **Not checked:** an unsettled heap's lower bounds. They rest on the certificate theorem of
//! the construction; confirming them by exhaustive misère search would need positions like
//! [25, 30^77, 34^43] of 0.07, far past any search (see docs/misere.md).

mod closure;
mod input;
mod monoid;
mod octal;

use crate::scanner::InputError;
use closure::{Closure, HeapKind};
use input::{MOST_ELEMENTS, TableJson, locate, parse_monomial, parse_presentation};
use monoid::{Element, Monoid, show as monomial_name};
use octal::Code;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt::Write;

/// The largest N the checker takes (the options of every heap ≤ N are enumerated).
pub const MOST_HEAPS: u64 = 20_000;

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
        &code,
        &presentation,
        &p_monomials,
        &phi_monomials,
        &mut report.verified,
    ) {
        report.failure = Some(failure);
    }
    Ok(report)
}

/// The checks 1–5 of the module doc; the first failure.
fn check(
    table: &TableJson,
    code: &Code,
    presentation: &input::Presentation,
    p_monomials: &[Vec<u32>],
    phi_monomials: &[Vec<u32>],
    verified: &mut Vec<String>,
) -> Result<(), String> {
    let q = &table.quotient;
    let names = &presentation.generators;
    // 1. The monoid.
    let monoid = Monoid::build(names, presentation.relations.clone(), q.order)
        .map_err(|e| format!("monoid: {e}"))?;
    if monoid.order() != q.order {
        return Err(format!(
            "monoid: the presentation defines {} elements, the report says {}",
            monoid.order(),
            q.order
        ));
    }
    monoid
        .actions_commute()
        .map_err(|e| format!("monoid: {e}"))?;
    let name_of = |x: Element| monomial_name(monoid.monomial(x), names);
    let element = |what: &str, w: &[u32]| -> Result<Element, String> {
        let (e, irreducible) = monoid
            .element_of(w.to_vec())
            .map_err(|e| format!("{what}: {e}"))?;
        if irreducible {
            Ok(e)
        } else {
            Err(format!(
                "{what}: {} is not an element's name (it rewrites to {})",
                monomial_name(w, names),
                name_of(e)
            ))
        }
    };
    verified.push(format!(
        "the presentation ({} generators, {} relations) is a confluent rewriting system of a commutative monoid with {} elements",
        names.len(),
        presentation.relations.len(),
        monoid.order()
    ));
    // 2. P and Φ.
    let mut in_p = vec![false; monoid.order()];
    for w in p_monomials {
        let x = element("P-portion", w)?;
        if in_p[x as usize] {
            return Err(format!("P-portion: {} is listed twice", name_of(x)));
        }
        in_p[x as usize] = true;
    }
    if p_monomials.len() != q.p_size {
        return Err(format!(
            "P-portion: {} elements listed, p_size says {}",
            p_monomials.len(),
            q.p_size
        ));
    }
    if phi_monomials.len() as u64 != q.heaps + 1 {
        return Err(format!(
            "pretending function: {} values for heaps 0..={}",
            phi_monomials.len(),
            q.heaps
        ));
    }
    let phi = phi_monomials
        .iter()
        .enumerate()
        .map(|(heap, w)| element(&format!("Φ({heap})"), w))
        .collect::<Result<Vec<_>, _>>()?;
    if phi[0] != 0 {
        return Err(format!(
            "Φ(0) = {}: the empty heap must be 1",
            name_of(phi[0])
        ));
    }
    for (g, (name, heap)) in q.generators.iter().enumerate() {
        let mut w = vec![0; names.len()];
        w[g] = 1;
        let generator = element("generator", &w)?;
        if *heap > q.heaps || phi[*heap as usize] != generator {
            return Err(format!("generator {name}: it is not Φ({heap})"));
        }
    }
    verified.push(format!(
        "P has the {} elements stated; Φ(0..={}) names elements, Φ(0) = 1, each generator is Φ of its heap",
        q.p_size, q.heaps
    ));
    // 3. Closure.
    let mut kinds: Vec<HeapKind> = Vec::new();
    let mut first_heap: Vec<u64> = Vec::new();
    let mut kind_of: FxHashMap<HeapKind, usize> = FxHashMap::default();
    for heap in 0..=q.heaps {
        let mut options: Vec<Element> = Vec::new();
        code.for_each_option(heap, &mut |parts| {
            let image = parts.iter().fold(0, |product, &part| {
                monoid.multiply(product, phi[part as usize])
            });
            options.push(image);
        });
        options.sort_unstable();
        options.dedup();
        let kind = HeapKind {
            element: phi[heap as usize],
            options,
        };
        if !kind_of.contains_key(&kind) {
            kind_of.insert(kind.clone(), kinds.len());
            kinds.push(kind);
            first_heap.push(heap);
        }
    }
    match closure::check_closure(&monoid, &in_p, &kinds, &first_heap) {
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
            return Err(format!(
                "closure: heap {heap} plus a position of image {} has Φ = {} in P, but heap {heap} has a move into P from it",
                name_of(y),
                name_of(monoid.multiply(y, phi[heap as usize]))
            ));
        }
        Closure::Fails {
            position,
            in_p,
            terminal: _,
            with: None,
        } => {
            return Err(format!(
                "closure: position {position:?} has Φ = {} {} P, but it {}",
                name_of(position.iter().fold(0, |x, &h| monoid.multiply(x, phi[h as usize]))),
                if in_p { "in" } else { "not in" },
                if in_p {
                    "has no move (a misère N-position)"
                } else {
                    "has moves, none into P"
                }
            ));
        }
        Closure::TooLarge { states } => {
            return Err(format!(
                "closure: not verified (undecided): more than {states} states to visit"
            ));
        }
    }
    // 4. Reduced.
    if let Some((x, y)) = closure::merged_pair(&monoid, &in_p) {
        return Err(format!(
            "not reduced: no element tells {} and {} apart",
            name_of(x),
            name_of(y)
        ));
    }
    verified.push("reduced: every two elements are told apart by some element".to_string());
    // 5. Periodicity.
    if let Some(solved) = q.solved {
        check_periodic(code, &phi, q.heaps, solved).map_err(|e| format!("solved: {e}"))?;
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
    if let Some(unsettled) = &q.unsettled {
        verified.push(format!(
            "(heap {} did not settle: its lower bounds are not checked here)",
            unsettled.heap
        ));
    }
    Ok(())
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
