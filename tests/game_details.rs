//! Game-specific checks of the pieces of each theory: every boundary of the end-piles recurrence,
//! the Mock Turtles closed form and counting formulas of bean-split, bounded-take's batched and
//! incremental stepping, box-fill's thresholds, chocolate's basis, 64-bit edges and notation
//! round-trips.

use grundy::core::{ExhaustiveSolver, ImpartialGame, Nimber, Winner, mex};
use grundy::games::bean_split::{
    BeanSplitMove, bean_grundy, is_odious, judge_answer, pair_count, position_value, target_pairs,
    target_pairs_in_order,
};
use grundy::games::bean_split::{Parities, Parity, read_parities};
use grundy::games::bounded_take::{option_with_value, pile_grundy, pile_grundy_dividing};
use grundy::games::box_fill::{BoundRule, box_grundy, box_grundy_linear, box_grundy_stepping};
use grundy::games::chocolate::{box_value, is_independent};
use grundy::games::end_piles::{boundary_values, extend, first_player_wins};
use grundy::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};
use grundy::scanner::Scanner;
use grundy::theory::{Notation, Theory};
use proptest::prelude::*;

mod common;

/// L(S) by search: the only y such that `y, S` is lost for the player to move.
fn left_value_by_search(solver: &mut ExhaustiveSolver<EndPiles>, segment: &[u64]) -> u64 {
    let bound = segment.iter().max().copied().unwrap_or(0) + 2;
    let losing: Vec<u64> = (0..=bound)
        .filter(|&y| {
            let mut row = Vec::new();
            if y > 0 {
                row.push(y);
            }
            row.extend_from_slice(segment);
            solver.grundy_value(&EndPiles::new(row)) == Nimber::ZERO
        })
        .collect();
    assert_eq!(
        losing.len(),
        1,
        "L must be unique for {segment:?}: {losing:?}"
    );
    losing[0]
}

#[test]
fn end_piles_segment_values_match_search_on_every_small_segment() {
    let mut solver = ExhaustiveSolver::new();
    for segment in grundy::enumerate::sequences(4, 1, 5) {
        let expected = left_value_by_search(&mut solver, &segment);
        // boundary_values(x, S) gives L(S) for any first pile x.
        let mut row = vec![1];
        row.extend_from_slice(&segment);
        assert_eq!(
            boundary_values(&row).0,
            u128::from(expected),
            "L({segment:?})"
        );
    }
}

#[test]
fn end_piles_copied_boundary_is_wrong_and_ours_is_right() {
    // The widely copied recurrence treats x = l as the plain `x` case.
    let copied = common::copied_extend;
    let mut solver = ExhaustiveSolver::new();
    // Segment 1 2 2: l = L(1 2) = 2, r = R(1 2) = 1, x = 2.
    let (l, r) = {
        let (left, _) = boundary_values(&[7, 1, 2]);
        let (_, right) = boundary_values(&[1, 2, 7]);
        (left as u64, right as u64)
    };
    assert_eq!((l, r), (2, 1));
    let truth = left_value_by_search(&mut solver, &[1, 2, 2]);
    assert_eq!(truth, 1);
    assert_eq!(extend(l, r, 2), truth);
    assert_ne!(copied(l, r, 2), truth);
}

#[test]
fn end_piles_samples_and_edges() {
    assert!(!first_player_wins(&[3, 1, 9, 4]));
    assert!(first_player_wins(&[5]));
    assert!(!first_player_wins(&[7, 7]));
    assert!(first_player_wins(&[1, 1, 1]));
    // Near u64::MAX the values reach max + 1 and need the wide path.
    let m = u64::MAX;
    assert!(!first_player_wins(&[m, m]));
    assert!(first_player_wins(&[m, m - 1]));
    assert!(!first_player_wins(&[m - 1, m - 1]));
    // Same pattern as small numbers: shifting all piles by a large constant keeps mirror play.
    assert_eq!(first_player_wins(&[m, 1, m]), first_player_wins(&[9, 1, 9]));
}

#[test]
fn bean_values_follow_mock_turtles_up_to_4000() {
    // g(d) = mex { g(j) ⊕ g(k) : k ≤ j < d }, with the set of reachable XORs grown one j at a time.
    const D: usize = 4000;
    let mut values: Vec<u64> = vec![0];
    let mut reachable = vec![false; 1 << 14];
    let mut mex_from = 0usize;
    for d in 1..D {
        let newest = values[d - 1];
        for &older in &values {
            reachable[(newest ^ older) as usize] = true;
        }
        while reachable[mex_from] {
            mex_from += 1;
        }
        values.push(mex_from as u64);
    }
    for (d, &value) in values.iter().enumerate() {
        assert_eq!(bean_grundy(d as u64), Nimber(value), "g({d})");
    }
    // Cross-check the first few against the plain mex definition.
    for d in 1..60usize {
        let options = (0..d).flat_map(|j| (0..=j).map(move |k| (j, k)));
        let direct = mex(options.map(|(j, k)| Nimber(values[j] ^ values[k])));
        assert_eq!(direct, Nimber(values[d]));
    }
}

#[test]
fn bean_pair_counts_match_brute_force() {
    for source in 0..200u64 {
        let below: Vec<u64> = (0..source).map(|d| bean_grundy(d).0).collect();
        let mut targets: Vec<u64> = (0..64).collect();
        targets.extend([255, 256, 300, 511, 1000]);
        for &w in &targets {
            let mut pairs = Vec::new();
            for dj in (0..source).rev() {
                for dk in (0..=dj).rev() {
                    if below[dj as usize] ^ below[dk as usize] == w {
                        pairs.push((dj, dk));
                    }
                }
            }
            let (count, first) = target_pairs(source, w);
            assert_eq!(count as usize, pairs.len(), "source {source}, w {w}");
            assert_eq!(first, pairs.first().copied(), "source {source}, w {w}");
            let in_order: Vec<(u64, u64)> = target_pairs_in_order(source, w).collect();
            assert_eq!(in_order, pairs, "source {source}, w {w}");
        }
    }
}

#[test]
fn bean_split_spec_sample_and_empty_bottles() {
    let bottles: Parities = [1u128, 0, 1, 5000].map(Parity::of).into_iter().collect();
    let answer = judge_answer(&bottles);
    assert_eq!(answer.count, 1);
    let mv = answer.first_move.unwrap();
    assert_eq!((mv.from, mv.to_j, mv.to_k), (0, 2, 3));
    // An even, non-empty bottle still offers moves; an empty one never does.
    let position: BeanSplit = "2 0 1".parse().unwrap();
    let mut solver = ExhaustiveSolver::new();
    let truth = solver.winning_moves(&position).len() as u128;
    assert_eq!(position.judge_answer().count, truth);
    assert!(odious_sanity());
}

fn odious_sanity() -> bool {
    [1u64, 2, 4, 7, 8, 11, 13, 14].iter().all(|&v| is_odious(v)) && !is_odious(3)
}

/// The judge answer bottle by bottle, straight from the definitions: value by [`bean_grundy`],
/// count by [`pair_count`], first move by [`target_pairs`].
fn bean_answer_bottle_by_bottle(bottles: &Parities) -> (Option<(usize, u64, u64)>, u128) {
    let n = bottles.len() as u64;
    let value = bottles
        .iter()
        .enumerate()
        .filter(|(_, parity)| parity.is_odd())
        .fold(0, |value, (i, _)| value ^ bean_grundy(n - 1 - i as u64).0);
    assert_eq!(position_value(bottles), value);
    if value == 0 {
        return (None, 0);
    }
    let mut first = None;
    let mut count = 0u128;
    for (i, parity) in bottles.iter().enumerate() {
        if !parity.is_non_zero() {
            continue;
        }
        let d = n - 1 - i as u64;
        let w = value ^ bean_grundy(d).0;
        count += u128::from(pair_count(d, w));
        if first.is_none() {
            first = target_pairs(d, w).1.map(|(dj, dk)| (i, dj, dk));
        }
    }
    (first, count)
}

#[test]
fn bean_judge_answer_matches_the_bottle_by_bottle_sum() {
    let mut state = 7u64;
    for n in [0usize, 1, 2, 3, 10, 65_535, 65_537, 200_003] {
        for density in [1u64, 2, 5] {
            let beans: Vec<u64> = (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (state >> 33) % 600 * u64::from((state >> 20).is_multiple_of(density))
                })
                .collect();
            let bottles: Parities = beans.iter().map(|&b| Parity::of(b.into())).collect();
            let (first, count) = bean_answer_bottle_by_bottle(&bottles);
            // Read from text, long rows come in several segments (read in parallel).
            let text: String = beans.iter().map(|b| format!("{b} ")).collect();
            let read =
                read_parities(&mut Scanner::new(text.as_bytes()), n, "a bean count").unwrap();
            assert_eq!(
                read.iter().collect::<Vec<_>>(),
                bottles.iter().collect::<Vec<_>>()
            );
            let answer = judge_answer(&bottles);
            assert_eq!(judge_answer(&read), answer, "n {n}");
            assert_eq!(answer.count, count, "n {n}");
            let expected = first.map(|(i, dj, dk)| (i, n - 1 - dj as usize, n - 1 - dk as usize));
            assert_eq!(
                answer.first_move.map(|mv| (mv.from, mv.to_j, mv.to_k)),
                expected,
                "n {n}"
            );
        }
    }
}

#[test]
fn bean_split_huge_counts_are_exact() {
    // One bean in the first of many bottles, value cancelled by a bean two bottles later:
    // the count is computed in O(n) and must equal the O(n^2) pair count.
    let n = 3000usize;
    let mut bottles = vec![Parity::of(0); n];
    bottles[0] = Parity::of(1);
    bottles[5] = Parity::of(1);
    let answer = judge_answer(&bottles.into());
    let value = bean_grundy((n - 1) as u64).0 ^ bean_grundy((n - 6) as u64).0;
    let mut expected = 0u128;
    for (i, d) in [(0usize, (n - 1) as u64), (5, (n - 6) as u64)] {
        let _ = i;
        let w = value ^ bean_grundy(d).0;
        for dj in 0..d {
            for dk in 0..=dj {
                if bean_grundy(dj).0 ^ bean_grundy(dk).0 == w {
                    expected += 1;
                }
            }
        }
    }
    assert_eq!(answer.count, expected);
}

#[test]
fn bounded_take_steppers_agree_with_naive_recursion() {
    for b in 1..=40u64 {
        let mut naive = vec![Nimber(0)];
        for x in 1..=2000u64 {
            let q = x / b;
            let options = (1..=q).map(|k| naive[(x - k) as usize]);
            naive.push(mex(options));
            assert_eq!(pile_grundy(x, b), naive[x as usize], "x {x} b {b}");
            assert_eq!(pile_grundy_dividing(x, b), naive[x as usize], "x {x} b {b}");
        }
        for x in 0..=600u64 {
            for target in 0..=(x / b + 3) {
                let low = x - x / b;
                let brute: Vec<u64> = (low..x)
                    .filter(|&y| naive[y as usize].0 == target)
                    .collect();
                assert!(brute.len() <= 1, "unique option with each value");
                assert_eq!(
                    option_with_value(x, b, Nimber(target)),
                    brute.first().copied(),
                    "x {x} b {b} target {target}"
                );
            }
        }
    }
}

proptest! {
    #[test]
    fn bounded_take_steppers_agree_on_64_bit_values(x in any::<u64>(), small in 2u64..=4096, large in (1u64 << 40)..=u64::MAX) {
        // The cost is about min(b·ln x, x / b) batches: small and large b are both cheap.
        prop_assert_eq!(pile_grundy(x, small), pile_grundy_dividing(x, small));
        prop_assert_eq!(pile_grundy(x, large), pile_grundy_dividing(x, large));
    }

    #[test]
    fn bounded_take_small_b_on_64_bit_values(x in any::<u64>(), b in 1u64..=64) {
        prop_assert_eq!(pile_grundy(x, b), pile_grundy_dividing(x, b));
        let value = pile_grundy(x, b);
        if value.0 > 0 {
            // A lower value is always reachable (mex), and reaching it is a legal move.
            let y = option_with_value(x, b, Nimber(0)).expect("0 is below the mex");
            prop_assert!(y < x && x - y <= x / b);
            prop_assert_eq!(pile_grundy(y, b), Nimber(0));
        }
    }

    #[test]
    fn box_fill_linear_closed_form_matches_stepping(a in any::<u64>(), b in any::<u64>(), small in 0u64..5000) {
        let (capacity, held) = (a.max(b), a.min(b));
        prop_assert_eq!(box_grundy_linear(capacity, held), box_grundy_stepping(BoundRule::Linear, capacity, held));
        let held = small.min(capacity);
        prop_assert_eq!(box_grundy_linear(capacity, held), box_grundy_stepping(BoundRule::Linear, capacity, held));
    }

    #[test]
    fn box_thresholds_are_largest(a in 1u64..=u64::MAX) {
        for rule in [BoundRule::Linear, BoundRule::Square] {
            let t = rule.threshold(a).unwrap();
            prop_assert!(u128::from(t) + rule.bound(t) < u128::from(a));
            prop_assert!(u128::from(t) + 1 + rule.bound(t + 1) >= u128::from(a));
        }
    }
}

#[test]
fn box_fill_linear_closed_form_on_every_small_box() {
    for capacity in 0..=600u64 {
        for held in 0..=capacity {
            assert_eq!(
                box_grundy_linear(capacity, held),
                box_grundy_stepping(BoundRule::Linear, capacity, held),
                "{held}/{capacity}"
            );
        }
    }
}

#[test]
fn box_fill_values_near_u64_max() {
    let m = u64::MAX;
    assert_eq!(box_grundy(BoundRule::Linear, m, m), Nimber(0));
    assert_eq!(box_grundy(BoundRule::Linear, m, m - 5), Nimber(5));
    assert_eq!(box_grundy(BoundRule::Square, m, m - 5), Nimber(5));
    assert_eq!(box_grundy(BoundRule::Linear, m, 0), Nimber(0));
    // b = t = (m − 1) / 2 is a zero.
    assert_eq!(box_grundy(BoundRule::Linear, m, (m - 1) / 2), Nimber(0));
    let position: BoxFill = format!("1/{m} 3/{m}").parse().unwrap();
    let moves = position.winning_moves(10).unwrap();
    for mv in &moves.listed {
        assert_eq!(position.play(&mv.mv).grundy_value(), Some(Nimber(0)));
    }
    let square = BoxFill::parse_with(BoundRule::Square, &format!("{}/{m}", 1u64 << 32)).unwrap();
    assert!(square.winner().is_ok());
    assert_eq!(square.rule(), BoundRule::Square);
}

#[test]
fn chocolate_basis_and_mid_game_rule() {
    assert!(is_independent(&[1, 2, 4]));
    assert!(!is_independent(&[1, 2, 3]));
    assert!(!is_independent(&[5, 5]));
    let many: Vec<u64> = (1..=65).collect();
    assert!(!is_independent(&many));
    let distinct_powers: Vec<u64> = (0..64).map(|i| 1u64 << i).collect();
    assert!(is_independent(&distinct_powers));
    // The box {1, 1} alone has value 2, so the table {2} balances it.
    assert_eq!(box_value(&[1, 1]), Some(Nimber(2)));
    let position: Chocolate = "1 1 / 2".parse().unwrap();
    assert_eq!(position.winner().unwrap(), Winner::Second);
    // The naive rule "lose iff table XOR is 0 and box independent" says first wins here.
    let mut solver = ExhaustiveSolver::new();
    assert_eq!(solver.grundy_value(&position), Nimber(0));
}

#[test]
fn take_or_merge_sums_never_overflow() {
    let m = u128::from(u64::MAX);
    let position = TakeOrMerge::new(vec![m, m, 1]);
    assert!(position.winner().is_ok());
    let moves = position.winning_moves(usize::MAX).unwrap();
    assert_eq!(moves.total, moves.listed.len() as u128);
    // Merging two u64::MAX piles is representable.
    for mv in &moves.listed {
        assert!(
            position
                .play(&mv.mv)
                .to_string()
                .parse::<TakeOrMerge>()
                .is_ok()
        );
    }
}

fn round_trips<G: Theory + std::str::FromStr<Err = grundy::scanner::InputError>>(
    text: &str,
    canonical: &str,
) {
    let position: G = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(position.to_string(), canonical);
    let again: G = canonical.parse().unwrap();
    assert_eq!(again, position);
}

#[test]
fn notations_round_trip() {
    round_trips::<EndPiles>("3 1 9 4", "3 1 9 4");
    round_trips::<TakeOrMerge>("2 1 1", "1 1 2");
    round_trips::<Chocolate>("11 10 15 / 4", "10 11 15 / 4");
    round_trips::<Chocolate>("11 10 15", "10 11 15");
    round_trips::<Chocolate>("/ 4 3", "/ 3 4");
    round_trips::<BoundedTake>("5/2 3/3", "5/2 3/3");
    round_trips::<BeanSplit>("1 0 1 5000", "1 0 1 5000");
    round_trips::<BoxFill>("2/6 3/3", "2/6 3/3");
}

#[test]
fn bad_positions_name_the_token() {
    let error = "3 0 4".parse::<EndPiles>().unwrap_err();
    assert!(error.to_string().contains("column 3"), "{error}");
    let error = "5/2 3/0".parse::<BoundedTake>().unwrap_err();
    assert!(error.to_string().contains("column 5"), "{error}");
    let error = "7/6".parse::<BoxFill>().unwrap_err();
    assert!(error.to_string().contains("capacity"), "{error}");
    assert!("1 / 2 / 3".parse::<Chocolate>().is_err());
    assert!("1 x".parse::<BeanSplit>().is_err());
    assert!("18446744073709551616".parse::<EndPiles>().is_err());
}

fn some_moves_agree<G: Theory>(position: &G) {
    let all = grundy::core::ImpartialGame::moves(position);
    let (listed, more) = position.some_moves(all.len());
    assert!(!more);
    assert_eq!(listed.len(), all.len());
    // No limit at all: every move (a `limit + 1` once wrapped to 0 here).
    let (unlimited, more) = position.some_moves(usize::MAX);
    assert!(!more);
    assert_eq!(unlimited.len(), all.len());
    for mv in &listed {
        assert!(all.contains(mv));
    }
    if !all.is_empty() {
        let (few, more) = position.some_moves(all.len() - 1);
        assert!(more && few.len() == all.len() - 1);
    }
}

#[test]
fn bounded_move_lists_match_the_full_lists() {
    for text in ["3 1 4", "1", "2 2"] {
        some_moves_agree(&text.parse::<EndPiles>().unwrap());
    }
    for text in ["1 1 2 3 3", "5", "2 2"] {
        some_moves_agree(&text.parse::<TakeOrMerge>().unwrap());
    }
    for text in ["1 0 2 0", "0 0 1", "3"] {
        some_moves_agree(&text.parse::<BeanSplit>().unwrap());
    }
    some_moves_agree(&"9/2 4/1".parse::<BoundedTake>().unwrap());
    some_moves_agree(&"2/6 3/9".parse::<BoxFill>().unwrap());
    some_moves_agree(&"3 / 2".parse::<Chocolate>().unwrap());
}

#[test]
fn bean_split_counts_grow_past_u64_max_and_back() {
    let m = u128::from(u64::MAX);
    let position: BeanSplit = format!("1 {m} {m}").parse().unwrap();
    let grown = position.play(&BeanSplitMove {
        from: 0,
        to_j: 1,
        to_k: 2,
    });
    assert_eq!(grown.to_string(), format!("0 {} {}", m + 1, m + 1));
    let reparsed: BeanSplit = grown.to_string().parse().unwrap();
    assert_eq!(reparsed, grown);
    // The theory sees parities and emptiness only: the same as small counts of the same shape.
    let small = BeanSplit::new(vec![0u64, 2, 2]);
    assert_eq!(grown.grundy_value(), small.grundy_value());
    assert_eq!(
        grown.winning_moves(10).unwrap().total,
        small.winning_moves(10).unwrap().total
    );
    // Taking a bean back below u64::MAX gives the same position as reading it from text.
    let back = grown.play(&BeanSplitMove {
        from: 1,
        to_j: 2,
        to_k: 2,
    });
    let expected: BeanSplit = format!("0 {m} {}", m + 3).parse().unwrap();
    assert_eq!(back, expected);
}

#[test]
fn canonical_number_lists_are_recognised_exactly() {
    for text in ["", "0", "0 0", "10 0 100", "18446744073709551615 7"] {
        assert!(BeanSplit::is_canonical_text(text), "{text:?}");
    }
    for text in [
        "01", "1 01", "1  2", " 1", "1 ", "1\n2", "1 2\n", "+1", "1,2",
    ] {
        assert!(!BeanSplit::is_canonical_text(text), "{text:?}");
    }
    // Long texts are checked in parallel pieces: a defect anywhere is found.
    let long: String = (0..600_000u64)
        .map(|i| (i * 7919 % 1000).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(EndPiles::is_canonical_text(&long));
    for at in [10usize, long.len() / 2, long.len() - 1] {
        let space = long[..at].rfind(' ').unwrap();
        let mut doubled = long.clone();
        doubled.insert(space, ' ');
        assert!(
            !EndPiles::is_canonical_text(&doubled),
            "double space at {space}"
        );
        let mut zero = long.clone();
        zero.insert(space + 1, '0');
        assert!(
            !EndPiles::is_canonical_text(&zero),
            "leading zero at {space}"
        );
    }
}

proptest! {
    #[test]
    fn canonical_text_is_exactly_what_display_writes(
        beans in prop::collection::vec(prop_oneof![0u64..=20, any::<u64>()], 0..8),
        padding in prop::collection::vec(0usize..3, 8),
    ) {
        let position = BeanSplit::new(beans.clone());
        let shown = position.to_string();
        prop_assert!(BeanSplit::is_canonical_text(&shown));
        // Any other spelling of the same position (extra spaces, leading zeros) is not canonical.
        let spelled: Vec<String> = beans
            .iter()
            .zip(&padding)
            .map(|(bean, &zeros)| format!("{}{bean}", "0".repeat(zeros)))
            .collect();
        let text = spelled.join(" ");
        let parsed: BeanSplit = text.parse().unwrap();
        prop_assert_eq!(&parsed, &position);
        prop_assert_eq!(BeanSplit::is_canonical_text(&text), text == shown);
    }
}
