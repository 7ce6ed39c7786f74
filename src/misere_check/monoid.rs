//! The commutative monoid a presentation defines, built from the relations alone.
//!
//! **Theory.** A presentation ⟨g₁, …, g_k | u₁ = v₁, …⟩ of a commutative monoid is a
//! rewriting system on monomials (exponent vectors in ℕᵏ): w → w − u + v whenever u divides
//! w. Order monomials by degree, then, within a degree, the one with the larger exponent of an
//! earlier generator first (the order in which `grundy` names elements: an element's name is
//! its first monomial). This is a well-order compatible with multiplication, so if every
//! relation's left side comes after its right side, rewriting terminates. If moreover every
//! critical pair is joinable — for two relations with overlapping left sides, the least
//! common multiple rewritten by either one reaches the same irreducible monomial — the system
//! is confluent (Newman's lemma; for commutative presentations this is Buchberger's criterion:
//! Ballantyne and Lankford, "New decision algorithms for finitely presented commutative
//! semigroups", *Comp. & Maths. with Appls.* 7 (1981); Cox, Little and O'Shea, *Ideals,
//! Varieties, and Algorithms*, ch. 2 §6), and then the irreducible monomials are exactly one
//! per element of the monoid presented. Their product is the irreducible form of the sum of
//! exponents: associative and commutative because addition of exponents is.

use rustc_hash::FxHashMap;

/// An element: its index among the irreducible monomials, in the order they are found
/// (breadth first from 1, generators in order).
pub(crate) type Element = u32;

/// The monoid of a presentation: its irreducible monomials and each generator's action.
#[derive(Debug, Clone)]
pub(crate) struct Monoid {
    /// Left and right sides.
    relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// The irreducible monomial of each element.
    monomials: Vec<Vec<u32>>,
    /// Each monomial's element.
    index: FxHashMap<Vec<u32>, Element>,
    /// `action[g][x]` = x · g.
    action: Vec<Vec<Element>>,
    /// The generators' names (for messages).
    names: Vec<String>,
}

/// The most rewriting steps one reduction may take before the checker calls it endless (the
/// order above bounds it by the number of monomials of the degree; this is a safety net).
const MOST_STEPS: usize = 1 << 20;

/// `a` before `b` in the naming order (smaller degree, then larger earlier exponent).
fn comes_first(a: &[u32], b: &[u32]) -> bool {
    let (da, db): (u64, u64) = (
        a.iter().map(|&e| u64::from(e)).sum(),
        b.iter().map(|&e| u64::from(e)).sum(),
    );
    da < db || (da == db && a > b)
}

fn divides(u: &[u32], w: &[u32]) -> bool {
    u.iter().zip(w).all(|(a, b)| a <= b)
}

impl Monoid {
    /// The monoid of `relations` over `k` generators, or what is wrong with it: a relation
    /// that does not decrease, a critical pair that does not join, or more than `most`
    /// elements.
    pub(crate) fn build(
        names: &[String],
        relations: Vec<(Vec<u32>, Vec<u32>)>,
        most: usize,
    ) -> Result<Monoid, String> {
        let k = names.len();
        let show = |w: &[u32]| show(w, names);
        for (left, right) in &relations {
            if !comes_first(right, left) {
                return Err(format!(
                    "relation {} = {} does not rewrite towards the name (the right side must come first in degree, then lexicographic order)",
                    show(left),
                    show(right)
                ));
            }
        }
        let mut monoid = Monoid {
            relations,
            monomials: Vec::new(),
            index: FxHashMap::default(),
            action: vec![Vec::new(); k],
            names: names.to_vec(),
        };
        // Critical pairs.
        for i in 0..monoid.relations.len() {
            for j in i + 1..monoid.relations.len() {
                let (li, ri) = &monoid.relations[i];
                let (lj, rj) = &monoid.relations[j];
                if li.iter().zip(lj).all(|(a, b)| *a == 0 || *b == 0) {
                    continue; // disjoint left sides: always joinable
                }
                let lcm: Vec<u32> = li.iter().zip(lj).map(|(a, b)| *a.max(b)).collect();
                let by_i: Vec<u32> = (0..k).map(|g| lcm[g] - li[g] + ri[g]).collect();
                let by_j: Vec<u32> = (0..k).map(|g| lcm[g] - lj[g] + rj[g]).collect();
                let (ni, nj) = (monoid.reduce(by_i)?, monoid.reduce(by_j)?);
                if ni != nj {
                    return Err(format!(
                        "the presentation is not consistent: {} rewrites to {} by {} = {} and to {} by {} = {}",
                        show(&lcm),
                        show(&ni),
                        show(li),
                        show(ri),
                        show(&nj),
                        show(lj),
                        show(rj)
                    ));
                }
            }
        }
        // The irreducible monomials, breadth first.
        monoid.insert(vec![0; k], most)?;
        let mut at = 0;
        while at < monoid.monomials.len() {
            for g in 0..k {
                let mut next = monoid.monomials[at].clone();
                next[g] += 1;
                let next = monoid.reduce(next)?;
                let e = monoid.insert(next, most)?;
                monoid.action[g].push(e);
            }
            at += 1;
        }
        Ok(monoid)
    }

    fn insert(&mut self, monomial: Vec<u32>, most: usize) -> Result<Element, String> {
        if let Some(&e) = self.index.get(&monomial) {
            return Ok(e);
        }
        if self.monomials.len() >= most {
            return Err(format!(
                "the presentation defines more than {most} elements"
            ));
        }
        let e = self.monomials.len() as Element;
        self.index.insert(monomial.clone(), e);
        self.monomials.push(monomial);
        Ok(e)
    }

    /// The irreducible form of `w`.
    pub(crate) fn reduce(&self, mut w: Vec<u32>) -> Result<Vec<u32>, String> {
        for _ in 0..MOST_STEPS {
            match self.relations.iter().find(|(left, _)| divides(left, &w)) {
                None => return Ok(w),
                Some((left, right)) => {
                    for (g, power) in w.iter_mut().enumerate() {
                        *power = *power - left[g] + right[g];
                    }
                }
            }
        }
        Err(format!("rewriting {} does not end", show(&w, &self.names)))
    }

    /// The element of a monomial, and whether the monomial was already irreducible.
    pub(crate) fn element_of(&self, w: Vec<u32>) -> Result<(Element, bool), String> {
        let reduced = self.reduce(w.clone())?;
        let irreducible = reduced == w;
        self.index
            .get(&reduced)
            .map(|&e| (e, irreducible))
            .ok_or_else(|| format!("{} is not an element", show(&w, &self.names)))
    }

    /// The number of elements.
    pub(crate) fn order(&self) -> usize {
        self.monomials.len()
    }

    /// The number of generators.
    pub(crate) fn generators(&self) -> usize {
        self.action.len()
    }

    /// x · g.
    pub(crate) fn times_generator(&self, x: Element, g: usize) -> Element {
        self.action[g][x as usize]
    }

    /// x · y: y's monomial applied one generator at a time.
    pub(crate) fn multiply(&self, x: Element, y: Element) -> Element {
        let mut product = x;
        for (g, &power) in self.monomials[y as usize].iter().enumerate() {
            for _ in 0..power {
                product = self.action[g][product as usize];
            }
        }
        product
    }

    /// The irreducible monomial of `x`.
    pub(crate) fn monomial(&self, x: Element) -> &[u32] {
        &self.monomials[x as usize]
    }

    /// Checks that the generators' actions commute and are associative with the product:
    /// (x·g)·h = (x·h)·g for all x, g, h (a consequence of confluence, checked on the table).
    pub(crate) fn actions_commute(&self) -> Result<(), String> {
        for x in 0..self.order() as Element {
            for g in 0..self.generators() {
                for h in g + 1..self.generators() {
                    let gh = self.times_generator(self.times_generator(x, g), h);
                    let hg = self.times_generator(self.times_generator(x, h), g);
                    if gh != hg {
                        return Err(format!(
                            "{}: generators {} and {} do not commute",
                            show(self.monomial(x), &self.names),
                            self.names[g],
                            self.names[h]
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// A monomial by its generators' names: `ab^2`, or `1`.
pub(crate) fn show(w: &[u32], names: &[String]) -> String {
    let mut name = String::new();
    for (g, &power) in w.iter().enumerate() {
        if power > 0 {
            name.push_str(&names[g]);
            if power > 1 {
                name.push_str(&format!("^{power}"));
            }
        }
    }
    if name.is_empty() {
        "1".to_string()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_presentations_give_their_monoids() {
        // <a, b | a^2 = 1, b^3 = b>: 2 · 3 elements.
        let ab = ["a".to_string(), "b".to_string()];
        let m = Monoid::build(
            &ab,
            vec![(vec![2, 0], vec![0, 0]), (vec![0, 3], vec![0, 1])],
            100,
        )
        .unwrap();
        assert_eq!(m.order(), 6);
        m.actions_commute().unwrap();
        let b2 = m.element_of(vec![0, 2]).unwrap().0;
        assert_eq!(m.multiply(b2, b2), b2);
        // A relation that grows, and an inconsistent pair.
        let a = ["a".to_string()];
        assert!(Monoid::build(&a, vec![(vec![1], vec![2])], 100).is_err());
        let bad = Monoid::build(
            &ab,
            vec![(vec![1, 1], vec![1, 0]), (vec![2, 0], vec![0, 1])],
            100,
        );
        assert!(bad.unwrap_err().contains("not consistent"));
        // A free monoid is infinite.
        assert!(
            Monoid::build(&a, vec![], 100)
                .unwrap_err()
                .contains("more than")
        );
    }
}
