//! Misère quotients of heap games (Plambeck 2005; Plambeck and Siegel 2008), built heap by heap
//! and, for take-and-break codes, solved for every heap by the periodicity theorem.
//!
//! **The quotient.** Let Γ_n be the positions of a heap game whose heaps are at most n (every
//! finite sum of such heaps, a set closed under sums and options). Two positions G, H are
//! *indistinguishable* in Γ_n when G + X and H + X have the same misère outcome for every X in
//! Γ_n. The classes form a commutative monoid Q_n = Γ_n/≡ (sums of indistinguishable positions
//! are indistinguishable), the *misère quotient*; its *P-portion* P ⊂ Q_n is the set of classes
//! of the positions lost for the player to move, and the *pretending function* Φ sends each heap
//! to its class. A position of many heaps is lost exactly when the product of its heaps'
//! elements lies in P: the whole misère game is the finite table of Q_n (Plambeck, "Taming the
//! wild in impartial combinatorial games", *Integers* 5 (2005) G5; Plambeck and Siegel, "Misère
//! quotients for impartial games", *J. Combin. Theory Ser. A* 115 (2008); Siegel, "Misère games
//! and misère quotients", *Games of No Chance 5*, MSRI Publ. 70 (2017)). Two facts used below:
//! every element x has a *partner* z with xz ∈ P (Conway's adjoint: G + G° is lost), and every
//! non-trivial quotient has even order.
//!
//! **Construction.** [`super::construction`] adds one heap at a time on the monoid itself:
//! heap n either takes an element of Q_{n−1} (found by the conditions of the construction) or
//! extends it, through candidates that are each checked against the two conditions that make a
//! candidate the quotient ((P) and (N), which together are exact). No outcome of a position is
//! searched; every quotient returned is exact for the heaps it names.
//!
//! **Solved for every heap** ([`super::periodicity`]). For a take-and-break code, once Φ is seen
//! periodic over a range long enough (linear in its pre-period, its period and the code's
//! length), the periodicity theorem [PS08; Siegel, with proof] gives Q = Q_N for every larger
//! heap, and Φ periodic from then on: the quotient is then known for every heap, and
//! [`MisereQuotient::heap_element`] answers heaps of any size from the period.
//!
//! **Presentation.** Generators are named a, b, c, … in the order heaps introduce them (a heap
//! whose element is not a product of earlier generators introduces one). Each element is named
//! by its least monomial (fewest factors, then lexicographically first); the relations are the
//! least monomials that are not names, each equated with its element's name — a presentation,
//! because names are closed under division in a monomial order.

use super::certificate::Unsettled;
use super::construction::{Construction, Limits, Settled};
use super::error::MisereError;
use super::monoid::Element;
use super::options::HeapOptions;
use super::periodicity::{self, Solution};
pub use super::presentation::Presentation;
use super::presentation::present;

/// The misère quotient of the positions whose heaps are at most [`MisereQuotient::heaps`] —
/// or, once [`MisereQuotient::solved`], of every position.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    construction: Construction,
    /// The order of Q_n and |P_n| for n = 0..=heaps.
    order_after: Vec<usize>,
    p_after: Vec<usize>,
    /// How each heap was settled.
    settled: Vec<Settled>,
    /// The periodicity theorem's constants (most heaps a move leaves, the code's reach), when
    /// it applies to the game.
    theorem: Option<(u64, u64)>,
    solved: Option<Solution>,
}

impl MisereQuotient {
    /// The quotient of the empty game (heaps of 0 only): the trivial monoid, the empty position
    /// won for the player to move (who cannot move, and so has won under misère play).
    pub fn trivial() -> Self {
        MisereQuotient {
            construction: Construction::new(),
            order_after: vec![1],
            p_after: vec![0],
            settled: vec![Settled::Empty],
            theorem: None,
            solved: None,
        }
    }

    /// The trivial quotient of a take-and-break game whose moves leave at most `most_parts`
    /// heaps and take at most `reach` tokens: the periodicity theorem applies, and
    /// [`MisereQuotient::extend`] stops at the first heap where it proves the quotient for every
    /// heap.
    pub fn for_code(most_parts: u64, reach: u64) -> Self {
        MisereQuotient {
            theorem: Some((most_parts, reach)),
            ..Self::trivial()
        }
    }

    /// This quotient with its construction limited to `steps` steps of work in all, counted from
    /// heap 0 (see [`Construction::limit_work`]): given to a quotient of heap 0 only, the heaps
    /// it reaches and the heap where it stops depend on the game and the limits alone, never on
    /// the machine, its load or what else the process did.
    pub fn within_work(mut self, steps: u64) -> Self {
        self.construction.limit_work(steps);
        self
    }

    /// The steps of work the heaps added so far took (see [`MisereQuotient::within_work`]).
    pub fn work(&self) -> u64 {
        self.construction.work()
    }

    /// The quotient of the heaps 0..=`up_to` of the game whose heap of n may become
    /// `options(n)` (each option a list of heaps smaller than n). An error names the first heap
    /// that could not be added and why; [`MisereQuotient::extend`] keeps what was built.
    pub fn compute(options: HeapOptions<'_>, up_to: u64) -> Result<Self, MisereError> {
        let mut quotient = Self::trivial();
        quotient.extend(options, up_to)?;
        Ok(quotient)
    }

    /// Adds heaps until `up_to` is covered (or the quotient is solved); on an error, the
    /// quotient stays as it was after the last heap added (and the error names the heap that
    /// failed).
    pub fn extend(&mut self, options: HeapOptions<'_>, up_to: u64) -> Result<(), MisereError> {
        self.extend_within(options, up_to, &Limits::default(), &mut |_, _| {})
    }

    /// [`MisereQuotient::extend`] within `limits`, calling `progress(self, how)` after each heap.
    pub fn extend_within(
        &mut self,
        options: HeapOptions<'_>,
        up_to: u64,
        limits: &Limits,
        progress: &mut dyn FnMut(&MisereQuotient, Settled),
    ) -> Result<(), MisereError> {
        while self.solved.is_none() && self.heaps() < up_to {
            let how = self.construction.add_heap(options, limits)?;
            self.order_after.push(self.construction.order());
            self.p_after.push(self.p_portion().len());
            self.settled.push(how);
            if let Some((most_parts, reach)) = self.theorem {
                self.solved = periodicity::solution(&self.phi_list(), most_parts, reach);
            }
            progress(self, how);
        }
        Ok(())
    }

    /// The largest heap computed.
    pub fn heaps(&self) -> u64 {
        self.construction.heaps()
    }

    /// When the quotient holds for every heap: Φ's pre-period and period, and the heap at which
    /// the periodicity theorem proved it.
    pub fn solved(&self) -> Option<Solution> {
        self.solved
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.construction.order()
    }

    /// When the last heap could not be added after candidates for a new generator were checked:
    /// what the last candidate proves of the quotient with that heap (a lower bound on its
    /// order, the powers told apart; see [`Unsettled`]).
    pub fn unsettled(&self) -> Option<&Unsettled> {
        self.construction.unsettled()
    }

    /// The elements of the P-portion.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.order() as Element)
            .filter(|&e| self.is_lost(e))
            .collect()
    }

    /// a·b.
    pub fn multiply(&self, a: Element, b: Element) -> Element {
        self.construction.multiply(a, b)
    }

    /// Whether positions of element `e` are lost for the player to move.
    pub fn is_lost(&self, e: Element) -> bool {
        self.construction.is_lost(e)
    }

    /// Φ(heap): for heaps up to [`MisereQuotient::heaps`], or any heap once solved.
    pub fn heap_element(&self, heap: u64) -> Option<Element> {
        if heap <= self.heaps() {
            return Some(self.construction.phi(heap));
        }
        let solution = self.solved?;
        let shifted = solution.preperiod + (heap - solution.preperiod) % solution.period;
        Some(self.construction.phi(shifted))
    }

    fn phi_list(&self) -> Vec<Element> {
        (0..=self.heaps())
            .map(|h| self.construction.phi(h))
            .collect()
    }

    /// The pretending function: Φ(0), Φ(1), … Φ(heaps).
    pub fn pretending_function(&self) -> Vec<Element> {
        self.phi_list()
    }

    /// The order of the quotient of the heaps ≤ n, for n = 0..=heaps.
    pub fn orders(&self) -> &[usize] {
        &self.order_after
    }

    /// |P| of the quotient of the heaps ≤ n, for n = 0..=heaps.
    pub fn p_sizes(&self) -> &[usize] {
        &self.p_after
    }

    /// How each heap 0..=heaps was settled.
    pub fn settled(&self) -> &[Settled] {
        &self.settled
    }

    /// The ≺-least position (heaps descending) whose element is `e`.
    pub fn least_position(&self, e: Element) -> Vec<u64> {
        self.construction.least_position(e)
    }

    /// The element of a position (its heaps, any order), if every heap is covered.
    pub fn element_of(&self, heaps: &[u64]) -> Option<Element> {
        heaps.iter().try_fold(0, |product, &heap| {
            self.heap_element(heap).map(|e| self.multiply(product, e))
        })
    }
}

impl MisereQuotient {
    /// The presentation: generators in the order heaps introduce them, names, relations.
    pub fn presentation(&self) -> Presentation {
        present(self.order(), &self.phi_list(), &|x, y| self.multiply(x, y))
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
