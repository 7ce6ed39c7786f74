//! Misère play: the referee, genus, tame sums and misère quotients against an independent brute
//! force written here from the definitions (a take-and-break code's digits, misère outcome and
//! misère Grundy value by plain recursion), and the published quotients.

use grundy::core::{ExhaustiveSolver, ImpartialGame, Nimber, Play};
use grundy::misere::construction::Limits;
use grundy::misere::{GenusSearch, GenusTable, MisereQuotient, misere_nim_lost, tame_sum_lost};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// The options of a heap of `n` under a take-and-break code (`digits[k]` = d_k), from the
/// definition: remove k tokens; bit 1 lets nothing remain, bit 2 one heap, bit 4 two heaps,
/// bit 8 three heaps (all non-empty).
fn code_options(digits: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut options = BTreeSet::new();
    for (k, &digit) in digits.iter().enumerate() {
        let k = k as u64;
        if k > n {
            break;
        }
        let rest = n - k;
        if digit & 1 != 0 && rest == 0 && k > 0 {
            options.insert(vec![]);
        }
        if digit & 2 != 0 && rest >= 1 && k > 0 {
            options.insert(vec![rest]);
        }
        if digit & 4 != 0 {
            for a in 1..rest {
                let mut parts = vec![a, rest - a];
                parts.sort();
                options.insert(parts);
            }
        }
        if digit & 8 != 0 {
            for a in 1..rest {
                for b in 1..rest - a {
                    let mut parts = vec![a, b, rest - a - b];
                    parts.sort();
                    options.insert(parts);
                }
            }
        }
    }
    options.into_iter().collect()
}

fn digits_of(code: &str) -> Vec<u8> {
    let (whole, fraction) = code.split_once('.').unwrap();
    std::iter::once(whole)
        .chain(fraction.split("").filter(|s| !s.is_empty()))
        .map(|d| u8::from_str_radix(d, 16).unwrap())
        .collect()
}

/// A game's rule: `options(n, each)` calls `each(parts)` for every option of a heap of n.
type Options<'a> = &'a dyn Fn(u64, &mut dyn FnMut(&[u64]));

/// Nim: a heap of n may become any smaller heap.
fn nim_options(n: u64, each: &mut dyn FnMut(&[u64])) {
    for k in 0..n {
        if k == 0 { each(&[]) } else { each(&[k]) }
    }
}

/// Brute force from the definition: positions are sorted multisets of heaps.
struct Brute<'a> {
    options: Options<'a>,
    lost: HashMap<Vec<u64>, bool>,
    misere_value: HashMap<(Vec<u64>, Vec<u64>), u64>,
}

impl<'a> Brute<'a> {
    fn new(options: Options<'a>) -> Self {
        Brute {
            options,
            lost: HashMap::new(),
            misere_value: HashMap::new(),
        }
    }

    fn followers(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut result = BTreeSet::new();
        for i in 0..position.len() {
            let mut all = Vec::new();
            (self.options)(position[i], &mut |parts| all.push(parts.to_vec()));
            for parts in all {
                let mut next: Vec<u64> = position[..i]
                    .iter()
                    .chain(&position[i + 1..])
                    .copied()
                    .chain(parts)
                    .collect();
                next.sort();
                result.insert(next);
            }
        }
        result.into_iter().collect()
    }

    /// Misère: lost for the player to move when there is a move and every move leaves a won
    /// position.
    fn is_lost(&mut self, position: &[u64]) -> bool {
        if let Some(&lost) = self.lost.get(position) {
            return lost;
        }
        let followers = self.followers(position);
        let lost = !followers.is_empty() && followers.iter().all(|next| !self.is_lost(next));
        self.lost.insert(position.to_vec(), lost);
        lost
    }

    /// G⁻ of the game position plus Nim heaps `nim`: 1 with no move, else the mex of the options.
    fn value(&mut self, position: &[u64], nim: &[u64]) -> u64 {
        let key = (position.to_vec(), nim.to_vec());
        if let Some(&v) = self.misere_value.get(&key) {
            return v;
        }
        let mut values = BTreeSet::new();
        let mut any = false;
        for next in self.followers(position) {
            any = true;
            let v = self.value(&next, nim);
            values.insert(v);
        }
        for i in 0..nim.len() {
            for smaller in 0..nim[i] {
                any = true;
                let mut next: Vec<u64> = nim.to_vec();
                next[i] = smaller;
                next.retain(|&h| h > 0);
                next.sort();
                let v = self.value(position, &next);
                values.insert(v);
            }
        }
        let v = if any {
            (0..).find(|v| !values.contains(v)).unwrap()
        } else {
            1
        };
        self.misere_value.insert(key, v);
        v
    }
}

/// Every multiset of heaps 1..=max with at most `count` heaps.
fn positions(max: u64, count: usize) -> Vec<Vec<u64>> {
    fn go(max: u64, count: usize, from: u64, current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(current.clone());
        if current.len() == count {
            return;
        }
        for h in from..=max {
            current.push(h);
            go(max, count, h, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    go(max, count, 1, &mut Vec::new(), &mut out);
    out
}

/// The quotient's outcome and winning moves against the brute force on every position given.
fn check_quotient(options: Options<'_>, quotient: &MisereQuotient, all: &[Vec<u64>]) {
    let mut brute = Brute::new(options);
    for position in all {
        let element = quotient.element_of(position).expect("covered");
        assert_eq!(
            quotient.is_lost(element),
            brute.is_lost(position),
            "outcome of {position:?}"
        );
        let by_quotient: BTreeSet<Vec<u64>> = quotient
            .winning_moves(position, options)
            .expect("covered")
            .into_iter()
            .map(|(index, parts)| {
                let mut next: Vec<u64> = position[..index]
                    .iter()
                    .chain(&position[index + 1..])
                    .copied()
                    .chain(parts)
                    .collect();
                next.sort();
                next
            })
            .collect();
        let by_brute: BTreeSet<Vec<u64>> = brute
            .followers(position)
            .into_iter()
            .filter(|next| brute.is_lost(next))
            .collect();
        assert_eq!(by_quotient, by_brute, "winning moves of {position:?}");
    }
}

#[test]
fn quotients_decide_every_small_position() {
    for (code, heaps, count) in [
        ("0.75", 12, 4),
        ("0.31", 10, 4),
        ("0.77", 8, 4),
        ("0.07", 9, 4),
        ("0.137", 8, 4),
        ("0.55", 10, 4),
        ("4.7", 7, 4),
    ] {
        let digits = digits_of(code);
        let options = move |n: u64, each: &mut dyn FnMut(&[u64])| {
            for o in code_options(&digits, n) {
                each(&o)
            }
        };
        let quotient =
            MisereQuotient::compute(&options, heaps).unwrap_or_else(|e| panic!("{code}: {e}"));
        check_quotient(&options, &quotient, &positions(heaps, count));
    }
}

type BoxedRule = Box<dyn Fn(u64, &mut dyn FnMut(&[u64]))>;

/// A code's rule, boxed.
fn code_rule(code: &str) -> BoxedRule {
    let digits = digits_of(code);
    Box::new(move |n: u64, each: &mut dyn FnMut(&[u64])| {
        for o in code_options(&digits, n) {
            each(&o)
        }
    })
}

#[test]
fn a_heap_that_splits_an_element_is_refined() {
    // Kayles: heap 9 distinguishes positions that the quotient of the heaps up to 8 identifies
    // (5 + 5 and 0: 5 + 5 + 9 is won, 9 is lost); the quotient is rebuilt, not stopped.
    let options = code_rule("0.77");
    let mut brute = Brute::new(&options);
    assert!(brute.is_lost(&[9]));
    assert!(!brute.is_lost(&[5, 5, 9]));
    let q8 = MisereQuotient::compute(&options, 8).unwrap();
    assert_eq!(q8.element_of(&[5, 5]), q8.element_of(&[]));
    let q12 = MisereQuotient::compute(&options, 12).unwrap();
    assert_ne!(q12.element_of(&[5, 5]), q12.element_of(&[]));
    assert_eq!(
        q12.orders(),
        [1, 2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24]
    );
    check_quotient(&options, &q12, &positions(12, 3));
}

#[test]
fn refined_quotients_decide_every_small_position() {
    // Each of these needs the refinement at some heap (the quick step alone stops there).
    for (code, heaps, count) in [("0.07", 14, 3), ("0.137", 12, 3), ("0.77", 10, 4)] {
        let options = code_rule(code);
        let quotient =
            MisereQuotient::compute(&options, heaps).unwrap_or_else(|e| panic!("{code}: {e}"));
        check_quotient(&options, &quotient, &positions(heaps, count));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Kayles and Dawson's Kayles through their refined quotients (heaps up to 14), on random
    /// positions of up to five heaps.
    #[test]
    fn refined_quotients_agree_with_brute_force_on_random_positions(
        kayles in any::<bool>(),
        mut heaps in prop::collection::vec(1u64..=14, 0..=5),
    ) {
        let code = if kayles { "0.77" } else { "0.07" };
        let options = code_rule(code);
        let quotient = refined(code);
        heaps.sort();
        check_quotient(&options, &quotient, &[heaps]);
    }
}

/// The quotients of the proptest above, built once.
fn refined(code: &str) -> MisereQuotient {
    use std::sync::OnceLock;
    static KAYLES: OnceLock<MisereQuotient> = OnceLock::new();
    static DAWSON: OnceLock<MisereQuotient> = OnceLock::new();
    let cell = if code == "0.77" { &KAYLES } else { &DAWSON };
    cell.get_or_init(|| MisereQuotient::compute(&code_rule(code), 14).unwrap())
        .clone()
}

/// Plambeck and Siegel, "Misère quotients for impartial games" (2008), §2–3: the quotient of
/// 0.75 is R8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩ with P = {a, b²}, reached at heap
/// 5; tame games whose heaps have values 0..3 have T2 = ⟨a, b | a² = 1, b³ = b⟩, P = {a, b²}.
#[test]
fn published_quotients() {
    let digits = digits_of("0.75");
    let options = move |n: u64, each: &mut dyn FnMut(&[u64])| {
        for o in code_options(&digits, n) {
            each(&o)
        }
    };
    let r8 = MisereQuotient::compute(&options, 40).unwrap();
    let presentation = r8.presentation();
    assert_eq!(r8.order(), 8);
    assert_eq!(r8.orders()[4], 6);
    assert_eq!(r8.orders()[5], 8);
    assert_eq!(
        presentation.to_string(),
        "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"
    );
    let p: Vec<&str> = r8
        .p_portion()
        .iter()
        .map(|&e| presentation.names[e as usize].as_str())
        .collect();
    assert_eq!(p, ["a", "b^2"]);

    // Misère Nim itself, heaps up to 3: T2.
    let nim = nim_options;
    let t2 = MisereQuotient::compute(&nim, 3).unwrap();
    assert_eq!(t2.presentation().to_string(), "<a, b | a^2 = 1, b^3 = b>");
    assert_eq!(t2.p_portion().len(), 2);
    // Heaps up to 1: ⟨a | a² = 1⟩, P = {a} (She-Loves-Me-She-Loves-Me-Not, 0.1).
    let t1 = MisereQuotient::compute(&nim, 1).unwrap();
    assert_eq!(t1.presentation().to_string(), "<a | a^2 = 1>");
    assert_eq!(t1.p_portion(), [1]);
    // Misère Nim agrees with Bouton's rule on every position of heaps up to 7.
    let t3 = MisereQuotient::compute(&nim, 7).unwrap();
    for position in positions(7, 4) {
        let e = t3.element_of(&position).unwrap();
        assert_eq!(t3.is_lost(e), misere_nim_lost(&position), "{position:?}");
    }
    check_quotient(&nim, &t3, &positions(7, 3));
}

#[test]
fn genus_agrees_with_misere_values_of_sums_with_twos() {
    for code in ["0.75", "0.77", "0.07", "0.137", "4.7"] {
        let digits = digits_of(code);
        let options = move |n: u64, each: &mut dyn FnMut(&[u64])| {
            for o in code_options(&digits, n) {
                each(&o)
            }
        };
        let table = GenusTable::compute(&options, 10, 1_000_000);
        assert!(table.stopped.is_none());
        let mut brute = Brute::new(&options);
        for (heap, genus) in table.genera.iter().enumerate() {
            let position: Vec<u64> = if heap == 0 { vec![] } else { vec![heap as u64] };
            for k in 0..6 {
                let twos = vec![2; k];
                assert_eq!(
                    genus.gamma(k),
                    brute.value(&position, &twos),
                    "{code}: γ{k} of heap {heap} ({genus})"
                );
            }
        }
    }
}

#[test]
fn tame_sums_play_like_misere_nim() {
    for code in ["0.75", "0.77", "0.07", "0.31", "0.137", "0.55"] {
        let digits = digits_of(code);
        let options = move |n: u64, each: &mut dyn FnMut(&[u64])| {
            for o in code_options(&digits, n) {
                each(&o)
            }
        };
        let table = GenusTable::compute(&options, 12, 1_000_000);
        let tame = table.tame_up_to().unwrap();
        assert!(tame >= 2, "{code}");
        let mut brute = Brute::new(&options);
        for position in positions(tame, 4) {
            let components = position.iter().map(|&h| {
                let genus = &table.genera[h as usize];
                (genus.grundy, genus.is_firm())
            });
            assert_eq!(
                tame_sum_lost(components),
                brute.is_lost(&position),
                "{code} {position:?}"
            );
        }
    }
    // The first wild heap of 0.75 is 5 (genus 1^431), of Kayles 5 (4^146).
    let digits = digits_of("0.75");
    let options = move |n: u64, each: &mut dyn FnMut(&[u64])| {
        for o in code_options(&digits, n) {
            each(&o)
        }
    };
    let table = GenusTable::compute(&options, 8, 1_000_000);
    assert_eq!(table.tame_up_to(), Some(4));
    assert_eq!(table.genera[5].to_string(), "1^431");
    let mut search = GenusSearch::new(&options, 1_000);
    assert!(search.genus(&[1, 2, 3]).unwrap().1);
}

/// A genus computation that would pass its position limit stops and says so.
#[test]
fn genus_limit_is_stated() {
    let digits = digits_of("0.77");
    let options = move |n: u64, each: &mut dyn FnMut(&[u64])| {
        for o in code_options(&digits, n) {
            each(&o)
        }
    };
    let table = GenusTable::compute(&options, 60, 500);
    let stopped = table.stopped.expect("stops");
    assert!(stopped.to_string().contains("500 positions"), "{stopped}");
    assert!(table.genera.len() < 61);
}

/// Nim with several heaps, for the referee.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Nim(Vec<u64>);

impl ImpartialGame for Nim {
    type Move = (usize, u64);
    fn moves(&self) -> Vec<(usize, u64)> {
        (0..self.0.len())
            .flat_map(|i| (0..self.0[i]).map(move |left| (i, left)))
            .collect()
    }
    fn play(&self, &(i, left): &(usize, u64)) -> Self {
        let mut heaps = self.0.clone();
        heaps[i] = left;
        Nim(heaps)
    }
}

#[test]
fn the_misere_referee_is_bouton_on_nim() {
    let mut referee = ExhaustiveSolver::with_play(Play::Misere);
    assert_eq!(referee.play(), Play::Misere);
    for position in positions(6, 3) {
        let value = referee.grundy_value(&Nim(position.clone()));
        assert_eq!(
            value == Nimber::ZERO,
            misere_nim_lost(&position),
            "{position:?}"
        );
        let winning: BTreeSet<Vec<u64>> = referee
            .winning_moves(&Nim(position.clone()))
            .into_iter()
            .map(|(_, next)| {
                let mut heaps: Vec<u64> = next.0.into_iter().filter(|&h| h > 0).collect();
                heaps.sort();
                heaps
            })
            .collect();
        let nim = nim_options;
        let mut brute = Brute::new(&nim);
        let expected: BTreeSet<Vec<u64>> = brute
            .followers(&position)
            .into_iter()
            .filter(|next| brute.is_lost(next))
            .collect();
        assert_eq!(winning, expected, "{position:?}");
    }
    // A single heap: G⁻ swaps 0 and 1 and keeps the rest.
    for n in 0..8u64 {
        let expected = match n {
            0 => 1,
            1 => 0,
            n => n,
        };
        assert_eq!(referee.grundy_value(&Nim(vec![n])), Nimber(expected));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// Random codes: wherever the quotient is built, it decides random positions and lists
    /// exactly the winning moves.
    #[test]
    fn random_codes_quotients_agree_with_brute_force(
        d0 in prop::sample::select(vec![0u8, 4]),
        digits in prop::collection::vec(0u8..8, 1..=3),
        heaps in prop::collection::vec(prop::collection::vec(1u64..=8, 0..=4), 1..=8),
    ) {
        let mut all = vec![d0];
        all.extend(digits);
        let options = move |n: u64, each: &mut dyn FnMut(&[u64])| {
            for o in code_options(&all, n) {
                each(&o)
            }
        };
        // Some codes' quotients grow without bound (4.77 at heap 6): a small candidate limit.
        let limits = Limits { max_order: 512, ..Limits::default() };
        let mut quotient = MisereQuotient::trivial();
        let _ = quotient.extend_within(&options, 8, &limits, &mut |_, _| {});
        let covered: Vec<Vec<u64>> = heaps
            .into_iter()
            .map(|mut h| { h.retain(|&x| x <= quotient.heaps()); h.sort(); h })
            .collect();
        check_quotient(&options, &quotient, &covered);
    }
}

mod commands_theory {
    //! The misère theories the commands use (`Misere<G>`), through `verify`'s own check, against
    //! the misère referee on every small position.
    use grundy::core::ImpartialGame;
    use grundy::families::HeapRule;
    use grundy::families::heaps::HeapGame;
    use grundy::misere::Misere;
    use grundy::theory::Theory;
    use grundy::verify::{cross_check, progress_bar, theory_check};

    fn check_all<G>(name: &str, positions: Vec<G>)
    where
        G: grundy::misere::MisereTheory + Send + Sync,
    {
        let wrapped: Vec<Misere<G>> = positions.into_iter().map(Misere).collect();
        assert!(wrapped.len() > 10, "{name}: too few positions");
        let report = cross_check(
            name,
            &wrapped,
            theory_check,
            &progress_bar(name, wrapped.len()),
        );
        assert_eq!(report.disagreements, 0, "{report}");
    }

    #[test]
    fn end_piles_is_cairns_and_ho() {
        check_all("end-piles", grundy::games::end_piles::small_positions(5));
        // A row of ones: forced play.
        let row = Misere(grundy::games::EndPiles::new(vec![1, 1, 1]));
        assert_eq!(row.winner().unwrap(), grundy::core::Winner::Second);
        assert_eq!(
            <Misere<grundy::games::EndPiles> as ImpartialGame>::convention(),
            grundy::core::Play::Misere
        );
    }

    #[test]
    fn fixed_games_by_search() {
        check_all(
            "take-or-merge",
            grundy::games::take_or_merge::small_positions(4),
        );
        check_all("chocolate", grundy::games::chocolate::small_positions(3));
        check_all(
            "bounded-take",
            grundy::games::bounded_take::small_positions(5),
        );
        use grundy::games::box_fill::BoundRule;
        check_all(
            "box-fill",
            grundy::games::box_fill::small_positions(BoundRule::Linear, 5),
        );
        check_all(
            "box-fill-square",
            grundy::games::box_fill::small_positions(BoundRule::Square, 5),
        );
        check_all("bean-split", grundy::games::bean_split::small_positions(3));
    }

    /// The counted sums are decided by the tame-sum rule, not by search, on these positions.
    #[test]
    fn counted_sums_use_tame_sums() {
        let mut by_tame_rule = 0;
        for position in grundy::games::bounded_take::small_positions(5) {
            let moves = Misere(position).winning_moves(usize::MAX).unwrap();
            by_tame_rule += moves
                .listed
                .iter()
                .filter(|m| m.reason.contains("tame sum"))
                .count();
        }
        assert!(by_tame_rule > 100, "{by_tame_rule}");
    }

    #[test]
    fn heap_games_through_the_quotient_and_search() {
        for spelling in [
            "0.75",
            "0.77",
            "0.07",
            "0.137",
            "sub:1,3,4",
            "allbut:1,2",
            "grundys-game",
            "4.07",
        ] {
            let game = HeapGame::new(HeapRule::resolve(spelling).unwrap().unwrap());
            check_all(spelling, grundy::families::heaps::small_positions(&game, 6));
        }
    }
}

/// MisereSolver's `orders:` and `psizes:` lines (A. N. Siegel's MisereSolver, the program behind
/// Plambeck and Siegel's tables, run beside grundy from `shared/peers/miseresolver`; 0.07's heap
/// 33 from the specification's §7), heap by heap: the order and |P| of the quotient of the
/// heaps ≤ n for n = 0, 1, ….
#[test]
fn orders_and_p_sizes_are_misere_solvers() {
    for (code, orders, p_sizes) in [
        (
            "0.77",
            "1 2 6 6 6 12 12 12 12 18 18 18 24 24 24 24 24 24 24 24 24 24 24 24 24 32 32 40 40 40 40",
            "0 1 2 2 2 3 3 3 3 6 6 6 8 8 8 8 8 8 8 8 8 8 8 8 8 9 9 9 9 9 9",
        ),
        (
            "0.07",
            "1 1 2 2 6 6 6 6 6 6 12 12 12 12 24 24 24 24 24 24 24 24 24 24 24 144 144 176 176 176 360 520 552 638",
            "0 0 1 1 2 2 2 2 2 2 3 3 3 3 5 5 5 5 5 5 5 5 5 5 5 23 23 28 28 28 65 89 93 109",
        ),
        (
            "0.75",
            "1 2 6 6 6 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8",
            "0 1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        ),
        (
            "0.123",
            "1 2 2 6 6 6 6 6 12 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20 20",
            "0 1 1 2 2 2 2 2 3 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5",
        ),
        (
            "0.56",
            "1 2 2 6 6 10 10 10 10 10 10 10 10 10 10 10 10 10 10 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18 18",
            "0 1 1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        ),
        (
            "0.156",
            "1 2 2 2 6 6 6 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 18 18 18 18 18 18 18 18 18 18 18 18",
            "0 1 1 1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        ),
        (
            "4.07",
            "1 1 2 6 6 6 8 8 8 8 8 12 12 18 18 24 24 32 32 40 40 50 50 60 60 72 72 84 84 98 98",
            "0 0 1 2 2 2 2 2 2 2 2 3 3 4 4 6 6 7 7 10 10 11 11 15 15 16 16 21 21 22 22",
        ),
    ] {
        let numbers =
            |text: &str| -> Vec<usize> { text.split(' ').map(|x| x.parse().unwrap()).collect() };
        let (orders, p_sizes) = (numbers(orders), numbers(p_sizes));
        let heaps = orders.len() as u64 - 1;
        let quotient = MisereQuotient::compute(&code_rule(code), heaps)
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(quotient.orders(), orders, "{code}: orders");
        assert_eq!(quotient.p_sizes(), p_sizes, "{code}: |P|");
    }
}

/// The quotient's outcomes and winning moves against exhaustive misère search on every
/// position of up to four heaps, past the heaps where the quotients change (Kayles' order 40
/// from heap 27 needs heaps ≥ 27, out of the brute force's reach; its order-24 stage is here).
#[test]
fn quotients_agree_with_exhaustive_search_on_every_position_of_four_heaps() {
    for (code, heaps) in [
        ("0.77", 13),
        ("0.07", 15),
        ("0.123", 10),
        ("0.56", 9),
        ("4.07", 9),
    ] {
        let options = code_rule(code);
        let quotient =
            MisereQuotient::compute(&options, heaps).unwrap_or_else(|e| panic!("{code}: {e}"));
        check_quotient(&options, &quotient, &positions(heaps, 4));
    }
}

/// The periodicity theorem's solutions (MisereSolver's stopping heaps, pre-periods and periods:
/// the specification's §4): the quotient then answers every heap from the period, and agrees
/// with exhaustive search on positions whose heaps are past the ones it computed.
#[test]
fn solved_quotients_answer_every_heap() {
    for (code, most_parts, reach, solved_at, preperiod, period, order) in [
        ("0.31", 1, 2, 13, 3, 2, 6),
        ("0.75", 2, 2, 34, 8, 2, 8),
        ("0.123", 1, 3, 24, 5, 5, 20),
    ] {
        let options = code_rule(code);
        let mut quotient = MisereQuotient::for_code(most_parts, reach);
        quotient.extend(&options, 1000).unwrap();
        let solution = quotient
            .solved()
            .unwrap_or_else(|| panic!("{code}: not solved"));
        assert_eq!(
            (
                solution.at,
                solution.preperiod,
                solution.period,
                quotient.order()
            ),
            (solved_at, preperiod, period, order),
            "{code}"
        );
        assert_eq!(quotient.heaps(), solved_at, "{code}: stops at the solution");
        // Heaps past the solution come from the period; exhaustive search on positions of up
        // to two heaps with one of them past it.
        let largest = solved_at + period + 1;
        let mut all = Vec::new();
        for big in solved_at + 1..=largest {
            all.push(vec![big]);
            for small in 1..=3 {
                all.push(vec![small, big]);
            }
        }
        check_quotient(&options, &quotient, &all);
    }
}

/// The distinct powers of heap h's element in a quotient.
fn powers_of_heap(quotient: &MisereQuotient, h: u64) -> usize {
    let g = quotient.heap_element(h).expect("a heap covered");
    let mut seen = BTreeSet::new();
    let mut x = quotient.element_of(&[]).expect("the identity");
    while seen.insert(x) {
        x = quotient.multiply(x, g);
    }
    seen.len()
}

/// A heap stopped after its j-th failed candidate says what that candidate proves: a lower
/// bound on the order of the quotient with the heap and powers told apart. Checked against
/// the quotient the construction reaches without the stop, at every heap where it needs more
/// than one candidate and after every number of failures (0.07 to heap 30, 0.77, 0.123, 4.07,
/// 0.137), and the bounds are not all trivial.
#[test]
fn unsettled_heaps_bound_the_quotient_they_reach() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let mut above_previous = 0;
    let mut powers_listed = 0;
    for (code, heaps) in [
        ("0.07", 30),
        ("0.77", 27),
        ("0.123", 9),
        ("4.07", 23),
        ("0.137", 31),
    ] {
        let options = code_rule(code);
        let mut before = MisereQuotient::trivial();
        for n in 1..=heaps {
            let mut after = before.clone();
            after.extend(&options, n).unwrap();
            let Some(&grundy::misere::construction::Settled::Changed(tried)) =
                after.settled().last()
            else {
                before = after;
                continue;
            };
            for stop_after in 1..tried {
                let failures = Arc::new(AtomicUsize::new(0));
                let flag = Arc::new(AtomicBool::new(false));
                let (count, set) = (failures.clone(), flag.clone());
                let limits = Limits {
                    interrupt: Some(flag),
                    note: Some(Arc::new(move |line: &str| {
                        if line.contains("fails at")
                            && count.fetch_add(1, Ordering::SeqCst) + 1 == stop_after
                        {
                            set.store(true, Ordering::SeqCst);
                        }
                    })),
                    ..Limits::default()
                };
                let mut stopped = before.clone();
                let result = stopped.extend_within(&options, n, &limits, &mut |_, _| {});
                assert!(
                    result.is_err(),
                    "{code} heap {n}: stopped after {stop_after}"
                );
                assert_eq!(stopped.heaps(), n - 1);
                let Some(unsettled) = stopped.unsettled() else {
                    continue; // a failure with one heap of n decides nothing new
                };
                let at = format!("{code} heap {n} after {stop_after} failures: {unsettled:?}");
                assert_eq!(unsettled.heap, n, "{at}");
                assert_eq!(unsettled.candidates, stop_after, "{at}");
                assert!(
                    unsettled.order_at_least <= after.order(),
                    "{at}: order {}",
                    after.order()
                );
                assert!(unsettled.order_at_least >= before.order(), "{at}");
                if unsettled.order_at_least > before.order() {
                    above_previous += 1;
                }
                for &(h, powers) in &unsettled.distinct_powers {
                    powers_listed += 1;
                    assert!(powers <= powers_of_heap(&after, h), "{at}: heap {h}");
                }
            }
            before = after;
        }
    }
    assert!(
        above_previous >= 8,
        "{above_previous} bounds above the smaller heaps' order"
    );
    assert!(powers_listed > 10, "{powers_listed} powers listed");
}
