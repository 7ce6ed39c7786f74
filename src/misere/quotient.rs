//! Misère quotients of heap games (Plambeck 2005; Plambeck and Siegel 2008), built heap by heap.
//!
//! **The quotient.** Let A be the positions of a heap game whose heaps are at most n (every
//! finite sum of such heaps, a set closed under sums and options). Two positions G, H are
//! *indistinguishable* in A when G + X and H + X have the same misère outcome for every X in A.
//! The classes form a commutative monoid Q = A/≡ (sums of indistinguishable positions are
//! indistinguishable), the *misère quotient*; its *P-portion* P ⊂ Q is the set of classes of the
//! positions lost for the player to move, and the *pretending function* Φ sends each heap to its
//! class. Then a position of many heaps is lost exactly when the product of its heaps' elements
//! lies in P: the whole misère game is the finite table of Q (Plambeck, "Taming the wild in
//! impartial combinatorial games", *Integers* 5 (2005) G5; Plambeck and Siegel, "Misère
//! quotients for impartial games", *J. Combin. Theory Ser. A* 115 (2008)). Under normal play the
//! same construction gives the group of nimbers that the heaps' values generate.
//!
//! **Building it heap by heap.** Given the quotient Q of the heaps < n, a candidate for the
//! heaps ≤ n is guessed and then *verified exactly*; a candidate that fails verification is
//! never used. When the guess fails (heap n splits an element of the smaller quotient, or the
//! guess is wrong), the quotient of the heaps ≤ n is rebuilt from exact outcomes by
//! [`super::refine`], whose candidates pass the same verification.
//!
//! 1. *Guess.* For each element e of Q (with a shortest representative position rep(e), shortest
//!    in tokens, then most heaps) and m = 0, 1, 2, … the outcome F(e, m) of rep(e) + m·(heap n)
//!    is computed as if it depended only on e and m. F(·, m) turns periodic in m; the candidate
//!    is the automaton with states (e, m) — m counted up to that period — that reads a heap and
//!    moves to (e·Φ(heap), m) or (e, m + 1), accepting where F says "lost". It is minimised
//!    (Moore's partition refinement). The minimal automaton of a commutative language is a
//!    commutative monoid acting on itself: the candidate quotient.
//! 2. *Verify.* A candidate (S, P, Φ) is correct when for every position x of A, Φ(x) ∈ P
//!    exactly when x is lost; by induction on the game, it suffices that for every x, Φ(x) ∈ P
//!    exactly when x has an option and none of its options x − h + o (a heap h replaced by one of
//!    its options o) has Φ in P. Φ(x − h + o) = Φ(x − h)·Φ(o), so what decides it for x is Φ(x)
//!    and, for each heap *type* t present in x, r_t = Φ(x − t) (two heaps are of one type when
//!    they have the same element and the same set of elements r for which an option reaches P
//!    from r; two present heaps of one type give the same r_t). Adding a heap of type t maps
//!    (Φ, r) to (Φ·a_t, r·a_t) with r_t := Φ, so the states (Φ(x), r) reachable from the empty
//!    position are finitely many: a breadth-first search over them checks every position of A,
//!    infinitely many, in finite time. (States holding a type from which an option reaches P
//!    whatever r is are not expanded: every position above them has such an option, and
//!    "Φ(x) ∈ P ⇒ no option in P" is checked separately, for every element and type.)
//! 3. *Reduce.* A verified automaton that is minimal is the quotient: two states with the same
//!    future outcomes are one state, so indistinguishable positions have one element and
//!    distinguishable ones different elements.
//!
//! So every quotient this module returns is exact for the heaps it covers, "stable up to n"
//! and never more: a quotient that has not grown for many heaps can still grow later (the
//! module claims nothing past the heaps it built).
//!
//! **Presentation.** Generators are named a, b, c, … in the order heaps introduce them (a heap
//! whose element is not a product of earlier generators introduces one). Each element is named
//! by its least monomial (fewest factors, then lexicographically first); the relations are the
//! least monomials that are not names, each equated with its element's name — a presentation,
//! because names are closed under division in a monomial order.

pub use super::candidate::{Element, MAX_VERIFICATION_STATES};

use super::candidate::{minimise, verify_candidate};
use super::error::MisereError;
use super::options::HeapOptions;
use super::refine::{self, Base};
use std::collections::BTreeMap;
use std::fmt;

/// The largest quotient built (its multiplication table is order² entries).
pub const MAX_ORDER: usize = 2048;
/// How many copies of the new heap the guess examines.
const GUESS_COPIES: usize = 16;

const NONE: Element = Element::MAX;

/// The misère quotient of the positions whose heaps are at most [`MisereQuotient::heaps`].
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    /// mul[a][b].
    mul: Vec<Vec<Element>>,
    /// Whether each element is in the P-portion.
    lost: Vec<bool>,
    /// Φ(heap n) for n = 0..=heaps.
    heap_element: Vec<Element>,
    /// The option elements of each heap, sorted.
    heap_options: Vec<Vec<Element>>,
    /// The order after each heap (order_after[n] = |Q| of the heaps ≤ n).
    order_after: Vec<usize>,
    /// The verified types: (element, option elements), each with its first heap.
    types: BTreeMap<(Element, Vec<Element>), u64>,
    /// For each element, the smallest heap whose element it is, if any.
    cheapest_heap: Vec<Option<u64>>,
}

impl MisereQuotient {
    /// The quotient of the empty game (heaps of 0 only): the trivial monoid, the empty position
    /// won for the player to move (who cannot move, and so has won under misère play).
    pub fn trivial() -> Self {
        MisereQuotient {
            mul: vec![vec![0]],
            lost: vec![false],
            heap_element: vec![0],
            heap_options: vec![Vec::new()],
            order_after: vec![1],
            types: BTreeMap::new(),
            cheapest_heap: vec![None],
        }
    }

    /// The quotient of the heaps 0..=`up_to` of the game whose heap of n may become
    /// `options(n)` (each option a list of heaps smaller than n). An error names the first heap
    /// that could not be added and why; [`MisereQuotient::extend`] keeps what was built.
    pub fn compute(options: HeapOptions<'_>, up_to: u64) -> Result<Self, MisereError> {
        let mut quotient = Self::trivial();
        quotient.extend(options, up_to)?;
        Ok(quotient)
    }

    /// Adds heaps until `up_to` is covered; on an error, the quotient stays as it was after the
    /// last heap added (and the error names the heap that failed).
    pub fn extend(&mut self, options: HeapOptions<'_>, up_to: u64) -> Result<(), MisereError> {
        while self.heaps() < up_to {
            let next = self.heaps() + 1;
            self.add_heap(next, options)?;
        }
        Ok(())
    }

    /// The largest heap covered.
    pub fn heaps(&self) -> u64 {
        (self.heap_element.len() - 1) as u64
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.lost.len()
    }

    /// The elements of the P-portion.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.order() as Element)
            .filter(|&e| self.lost[e as usize])
            .collect()
    }

    /// a·b.
    pub fn multiply(&self, a: Element, b: Element) -> Element {
        self.mul[a as usize][b as usize]
    }

    /// Whether positions of element `e` are lost for the player to move.
    pub fn is_lost(&self, e: Element) -> bool {
        self.lost[e as usize]
    }

    /// Φ(heap), if the heap is covered.
    pub fn heap_element(&self, heap: u64) -> Option<Element> {
        usize::try_from(heap)
            .ok()
            .and_then(|h| self.heap_element.get(h).copied())
    }

    /// The pretending function: Φ(0), Φ(1), … Φ(heaps).
    pub fn pretending_function(&self) -> &[Element] {
        &self.heap_element
    }

    /// The order of the quotient of the heaps ≤ n, for n = 0..=heaps.
    pub fn orders(&self) -> &[usize] {
        &self.order_after
    }

    /// The element of a position (its heaps, any order), if every heap is covered.
    pub fn element_of(&self, heaps: &[u64]) -> Option<Element> {
        heaps.iter().try_fold(0, |product, &heap| {
            self.heap_element(heap).map(|e| self.multiply(product, e))
        })
    }

    /// Adds heap `n` (= heaps() + 1), whose options `options` gives: by the quick step on top
    /// of the quotient of the smaller heaps, or, when heap n splits an element of it (or the
    /// quick guess fails verification), by rebuilding the quotient of the heaps ≤ n from exact
    /// outcomes ([`super::refine`]).
    fn add_heap(&mut self, n: u64, options: HeapOptions<'_>) -> Result<(), MisereError> {
        match self.quick_add_heap(n, options) {
            Err(MisereError::Rejected(_)) => self.refine_heap(n, options),
            other => other,
        }
    }

    /// The refinement of [`MisereQuotient::add_heap`].
    fn refine_heap(&mut self, n: u64, options: HeapOptions<'_>) -> Result<(), MisereError> {
        let refined = refine::refine(self, n, options, MAX_ORDER)?;
        let order = refined.lost.len();
        let element_of = |parts: &[u64]| {
            parts.iter().fold(0 as Element, |product, &part| {
                refined.mul[product as usize][refined.heap_element[part as usize] as usize]
            })
        };
        let mut heap_options = Vec::with_capacity(n as usize + 1);
        let mut types = BTreeMap::new();
        let mut cheapest_heap = vec![None; order];
        for heap in 0..=n {
            let mut elements: Vec<Element> = Vec::new();
            options(heap, &mut |parts| elements.push(element_of(parts)));
            elements.sort_unstable();
            elements.dedup();
            let e = refined.heap_element[heap as usize];
            if heap > 0 {
                types.entry((e, elements.clone())).or_insert(heap);
                cheapest_heap[e as usize].get_or_insert(heap);
            }
            heap_options.push(elements);
        }
        self.mul = refined.mul;
        self.lost = refined.lost;
        self.heap_element = refined.heap_element;
        self.heap_options = heap_options;
        self.order_after.push(order);
        self.types = types;
        self.cheapest_heap = cheapest_heap;
        Ok(())
    }

    /// The quick step of [`MisereQuotient::add_heap`]: guess and verify on top of the quotient
    /// of the smaller heaps.
    fn quick_add_heap(&mut self, n: u64, options: HeapOptions<'_>) -> Result<(), MisereError> {
        let q = self.order();
        // The elements (in the quotient of the smaller heaps) of heap n's options.
        let mut seen = vec![false; q];
        let mut too_large = None;
        options(n, &mut |parts| {
            let mut product = 0;
            for &part in parts {
                if part >= n {
                    too_large = Some(part);
                    return;
                }
                product = self.mul[product][self.heap_element[part as usize] as usize] as usize;
            }
            seen[product] = true;
        });
        if let Some(part) = too_large {
            return Err(MisereError::Unsupported(format!(
                "a heap of {n} may become a heap of {part}: misère quotients are built heap by \
                 heap for games whose moves leave smaller heaps"
            )));
        }
        let new_options: Vec<Element> = (0..q as Element).filter(|&e| seen[e as usize]).collect();

        // Step 1: the guess, as an automaton on states m·q + e.
        let guess = self.guess(n, &new_options)?;
        let length = guess.period_start + guess.period;
        let states = q * length;
        let add_counts = |a: usize, b: usize| {
            let total = a + b;
            if total < length {
                total
            } else {
                guess.period_start + (total - guess.period_start) % guess.period
            }
        };
        let letters: Vec<Element> = (0..q as Element)
            .filter(|&e| self.cheapest_heap[e as usize].is_some())
            .collect();
        let accept: Vec<bool> = (0..states).map(|s| guess.lost[s / q][s % q]).collect();
        let labels: Vec<usize> = accept.iter().map(|&a| usize::from(a)).collect();
        let class = minimise(states, &labels, letters.len() + 1, |state, letter| {
            let (e, m) = (state % q, state / q);
            match letters.get(letter) {
                Some(&a) => m * q + self.mul[e][a as usize] as usize,
                None => add_counts(m, 1) * q + e,
            }
        });
        // Renumber: old element e keeps index e (the old quotient is reduced, so the states
        // (e, 0) lie in distinct classes unless the guess is wrong), new classes follow.
        let class_count = class.iter().copied().max().map_or(0, |c| c + 1);
        let mut index_of_class = vec![NONE; class_count];
        for (e, &c) in class.iter().enumerate().take(q) {
            if index_of_class[c] != NONE {
                return Err(MisereError::Rejected(format!(
                    "heap {n}: the candidate identifies two elements of the quotient of the \
                     smaller heaps"
                )));
            }
            index_of_class[c] = e as Element;
        }
        let mut representative: Vec<usize> = (0..q).collect();
        for (state, &c) in class.iter().enumerate().skip(q) {
            if index_of_class[c] == NONE {
                if representative.len() >= MAX_ORDER {
                    return Err(MisereError::TooLarge(format!(
                        "the quotient of the heaps up to {n} would have more than {MAX_ORDER} \
                         elements"
                    )));
                }
                index_of_class[c] = representative.len() as Element;
                representative.push(state);
            }
        }
        let order = representative.len();
        // s·t is the class of (e_s·e_t, m_s + m_t): the automaton is a product, so this is the
        // state reached by reading a representative of t after one of s.
        let mut mul = vec![vec![0 as Element; order]; order];
        for (s, &state_s) in representative.iter().enumerate() {
            let (es, ms) = (state_s % q, state_s / q);
            for (t, &state_t) in representative.iter().enumerate() {
                let (et, mt) = (state_t % q, state_t / q);
                let state = add_counts(ms, mt) * q + self.mul[es][et] as usize;
                mul[s][t] = index_of_class[class[state]];
            }
        }
        let lost: Vec<bool> = representative.iter().map(|&state| accept[state]).collect();
        let new_heap = index_of_class[class[add_counts(0, 1) * q]];

        // Step 2: verification, unless the quotient is unchanged and the new heap is of a type
        // already verified (then the positions of A are, type for type, the ones already
        // checked).
        let new_type = (new_heap, new_options.clone());
        let mut types = self.types.clone();
        if order != q || !types.contains_key(&new_type) {
            types.entry(new_type).or_insert(n);
            let listed: Vec<(Element, Vec<Element>, u64)> = types
                .iter()
                .map(|((a, options), &heap)| (*a, options.clone(), heap))
                .collect();
            verify_candidate(&mul, &lost, &listed, None).map_err(|failure| {
                MisereError::Rejected(format!(
                    "heap {n}: the candidate quotient (order {order}) fails verification: {}",
                    failure.why
                ))
            })?;
        }
        self.mul = mul;
        self.lost = lost;
        self.heap_element.push(new_heap);
        self.heap_options.push(new_options);
        self.order_after.push(order);
        self.types = types;
        self.cheapest_heap.resize(order, None);
        self.cheapest_heap[new_heap as usize].get_or_insert(n);
        Ok(())
    }

    /// Step 1: F(e, m), the outcome of rep(e) + m·(heap n) computed as if it depended on e and m
    /// only, for m < GUESS_COPIES; and where it turns periodic in m.
    fn guess(&self, n: u64, new_options: &[Element]) -> Result<Guess, MisereError> {
        let q = self.order();
        // Shortest representatives (tokens, then most heaps), by Dijkstra from the identity;
        // the cheapest heap of each element is the only edge worth taking.
        let cheapest: Vec<(Element, u64)> = self
            .cheapest_heap
            .iter()
            .enumerate()
            .filter_map(|(e, heap)| heap.map(|h| (e as Element, h)))
            .collect();
        let mut cost: Vec<Option<(u64, i64)>> = vec![None; q];
        let mut parent: Vec<(usize, u64)> = vec![(0, 0); q];
        let mut done = vec![false; q];
        cost[0] = Some((0, 0));
        let mut order = Vec::with_capacity(q);
        loop {
            let next = (0..q)
                .filter(|&e| !done[e] && cost[e].is_some())
                .min_by_key(|&e| cost[e]);
            let Some(e) = next else { break };
            done[e] = true;
            order.push(e);
            let (tokens, heaps) = cost[e].expect("reached");
            for &(a, heap) in &cheapest {
                let f = self.mul[e][a as usize] as usize;
                let candidate = (tokens.saturating_add(heap), heaps - 1);
                if !done[f] && cost[f].is_none_or(|c| candidate < c) {
                    cost[f] = Some(candidate);
                    parent[f] = (e, heap);
                }
            }
        }
        if order.len() != q {
            return Err(MisereError::Rejected(format!(
                "heap {n}: some element of the quotient has no representative"
            )));
        }
        // For each element, the heaps of its representative with the element of the rest.
        let mut occurrences: Vec<Vec<(Element, u64)>> = vec![Vec::new(); q];
        for &e in order.iter().skip(1) {
            let mut heaps = Vec::new();
            let mut at = e;
            while at != 0 {
                let (up, heap) = parent[at];
                heaps.push(heap);
                at = up;
            }
            heaps.sort_unstable();
            heaps.dedup();
            for heap in heaps {
                // The rest: the representative without one heap of this size.
                let mut rest = 0;
                let mut removed = false;
                let mut at = e;
                while at != 0 {
                    let (up, h) = parent[at];
                    if h == heap && !removed {
                        removed = true;
                    } else {
                        rest = self.mul[rest as usize][self.heap_element[h as usize] as usize];
                    }
                    at = up;
                }
                occurrences[e].push((rest, heap));
            }
        }
        let rank: Vec<usize> = {
            let mut rank = vec![0; q];
            for (position, &e) in order.iter().enumerate() {
                rank[e] = position;
            }
            rank
        };
        let mut lost: Vec<Vec<bool>> = vec![self.lost.clone()];
        for m in 1..GUESS_COPIES {
            let mut row: Vec<Option<bool>> = vec![None; q];
            for &e in &order {
                let mut has_option = !new_options.is_empty();
                let mut reaches_lost = new_options
                    .iter()
                    .any(|&o| lost[m - 1][self.mul[e][o as usize] as usize]);
                for &(rest, heap) in &occurrences[e] {
                    let heap_options = &self.heap_options[heap as usize];
                    has_option |= !heap_options.is_empty();
                    for &o in heap_options {
                        let f = self.mul[rest as usize][o as usize] as usize;
                        match row[f] {
                            Some(value) => reaches_lost |= value,
                            None if rank[f] >= rank[e] => {
                                return Err(MisereError::Rejected(format!(
                                    "heap {n}: the guess needs an outcome it has not computed \
                                     (a move that does not shrink the position)"
                                )));
                            }
                            None => unreachable!("elements are visited in rank order"),
                        }
                    }
                }
                row[e] = Some(has_option && !reaches_lost);
            }
            lost.push(row.into_iter().map(|v| v.unwrap_or(false)).collect());
        }
        for length in 1..=GUESS_COPIES / 2 {
            for period in 1..=length {
                let start = length - period;
                if (start..GUESS_COPIES - period).all(|m| lost[m] == lost[m + period]) {
                    lost.truncate(length);
                    return Ok(Guess {
                        period_start: start,
                        period,
                        lost,
                    });
                }
            }
        }
        Err(MisereError::Rejected(format!(
            "heap {n}: the outcomes of many copies of the heap do not turn periodic within \
             {GUESS_COPIES} copies"
        )))
    }
}

impl Base for MisereQuotient {
    fn base_lost(&self, heaps: &[u64]) -> bool {
        self.is_lost(
            self.element_of(heaps)
                .expect("the base covers every heap below n"),
        )
    }
}

/// The guess for one new heap: F(e, m) for m < period_start + period.
struct Guess {
    period_start: usize,
    period: usize,
    lost: Vec<Vec<bool>>,
}

/// A quotient's presentation: generators, the names of its elements and the relations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// Each generator: its name (`a`, `b`, …), the first heap whose element it is, the element.
    pub generators: Vec<(String, u64, Element)>,
    /// The name of each element: its least monomial in the generators (`1`, `a`, `b^2`, `ab`).
    pub names: Vec<String>,
    /// The relations `monomial = name`, least monomials first.
    pub relations: Vec<(String, String)>,
}

impl fmt::Display for Presentation {
    /// `<a, b | a^2 = 1, b^3 = b>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let generators: Vec<&str> = self.generators.iter().map(|(n, _, _)| n.as_str()).collect();
        let relations: Vec<String> = self
            .relations
            .iter()
            .map(|(left, right)| format!("{left} = {right}"))
            .collect();
        write!(f, "<{}", generators.join(", "))?;
        if !relations.is_empty() {
            write!(f, " | {}", relations.join(", "))?;
        }
        f.write_str(">")
    }
}

/// The name of generator `index`: a … z, then g26, g27, ….
fn generator_name(index: usize) -> String {
    match u8::try_from(index) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("g{index}"),
    }
}

fn monomial_name(exponents: &[u32]) -> String {
    let mut name = String::new();
    for (index, &power) in exponents.iter().enumerate() {
        if power == 0 {
            continue;
        }
        name.push_str(&generator_name(index));
        if power > 1 {
            name.push_str(&format!("^{power}"));
        }
    }
    if name.is_empty() {
        "1".to_string()
    } else {
        name
    }
}

impl MisereQuotient {
    /// The presentation: generators in the order heaps introduce them, names, relations.
    pub fn presentation(&self) -> Presentation {
        // Generators: a heap whose element is not in the submonoid of the earlier generators.
        let mut generators: Vec<(String, u64, Element)> = Vec::new();
        let mut generated: Vec<bool> = vec![false; self.order()];
        generated[0] = true;
        for (heap, &e) in self.heap_element.iter().enumerate().skip(1) {
            if generated[e as usize] {
                continue;
            }
            generators.push((generator_name(generators.len()), heap as u64, e));
            // Close the generated submonoid under the new generator.
            let mut queue: Vec<Element> = (0..self.order() as Element)
                .filter(|&x| generated[x as usize])
                .collect();
            while let Some(x) = queue.pop() {
                for &(_, _, g) in &generators {
                    let y = self.multiply(x, g);
                    if !generated[y as usize] {
                        generated[y as usize] = true;
                        queue.push(y);
                    }
                }
            }
        }
        let k = generators.len();
        // Names by degree: the candidates of degree d are the names of degree d − 1 times a
        // generator; in graded lexicographic order (a before b, higher powers of earlier
        // generators first), the first monomial of each element is its name.
        let mut names: Vec<Option<Vec<u32>>> = vec![None; self.order()];
        names[0] = Some(vec![0; k]);
        let mut layer: Vec<(Vec<u32>, Element)> = vec![(vec![0; k], 0)];
        let mut relations: Vec<(Vec<u32>, Element)> = Vec::new();
        while !layer.is_empty() {
            let mut candidates: Vec<(Vec<u32>, Element)> = Vec::new();
            for (monomial, e) in &layer {
                for (g, &(_, _, element)) in generators.iter().enumerate() {
                    let mut next = monomial.clone();
                    next[g] += 1;
                    candidates.push((next, self.multiply(*e, element)));
                }
            }
            // Graded lex: larger exponent of an earlier generator first.
            candidates.sort_by(|x, y| y.0.cmp(&x.0));
            candidates.dedup_by(|x, y| x.0 == y.0);
            let is_name = |names: &[Option<Vec<u32>>], monomial: &[u32], e: Element| {
                names[e as usize].as_deref() == Some(monomial)
            };
            let mut next_layer = Vec::new();
            for (monomial, e) in candidates {
                if names[e as usize].is_none() {
                    names[e as usize] = Some(monomial.clone());
                    next_layer.push((monomial, e));
                    continue;
                }
                // A relation when every divisor by one generator is a name.
                let minimal = (0..k).filter(|&g| monomial[g] > 0).all(|g| {
                    let mut divisor = monomial.clone();
                    divisor[g] -= 1;
                    let element = self.element_of_monomial(&divisor, &generators);
                    is_name(&names, &divisor, element)
                });
                if minimal {
                    relations.push((monomial, e));
                }
            }
            layer = next_layer;
        }
        let names: Vec<String> = names
            .iter()
            .map(|name| monomial_name(name.as_deref().unwrap_or(&[])))
            .collect();
        let relations = relations
            .into_iter()
            .map(|(monomial, e)| (monomial_name(&monomial), names[e as usize].clone()))
            .collect();
        Presentation {
            generators,
            names,
            relations,
        }
    }

    fn element_of_monomial(
        &self,
        monomial: &[u32],
        generators: &[(String, u64, Element)],
    ) -> Element {
        let mut e = 0;
        for (g, &power) in monomial.iter().enumerate() {
            for _ in 0..power {
                e = self.multiply(e, generators[g].2);
            }
        }
        e
    }

    /// Every move of the position `heaps` (ascending) that leaves a lost position, as (index of
    /// the heap in `heaps`, the heaps it becomes): one per distinct heap size and option. `None`
    /// if some heap is not covered. `options` is the game's rule.
    pub fn winning_moves(
        &self,
        heaps: &[u64],
        options: HeapOptions<'_>,
    ) -> Option<Vec<(usize, Vec<u64>)>> {
        let elements: Vec<Element> = heaps
            .iter()
            .map(|&h| self.heap_element(h))
            .collect::<Option<_>>()?;
        // rest[i] = product of all heaps but the i-th (prefix and suffix products: a monoid has
        // no inverses).
        let mut prefix = vec![0 as Element; elements.len() + 1];
        for (i, &e) in elements.iter().enumerate() {
            prefix[i + 1] = self.multiply(prefix[i], e);
        }
        let mut suffix = vec![0 as Element; elements.len() + 1];
        for i in (0..elements.len()).rev() {
            suffix[i] = self.multiply(elements[i], suffix[i + 1]);
        }
        let mut moves = Vec::new();
        for (i, &heap) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == heap {
                continue;
            }
            let rest = self.multiply(prefix[i], suffix[i + 1]);
            let mut uncovered = false;
            options(heap, &mut |parts| match self.element_of(parts) {
                Some(left) if self.is_lost(self.multiply(rest, left)) => {
                    moves.push((i, parts.to_vec()));
                }
                Some(_) => {}
                None => uncovered = true,
            });
            if uncovered {
                return None;
            }
        }
        Some(moves)
    }
}
