//! The engine against the definition: the values of take-and-break codes and Grundy's game,
//! computed from their rules here, whatever the common sets, the cap of the parallel scans, the
//! guess, the overlap of the phases and the kernels (vector or scalar, which visit the same
//! pairs); and the tuning where it pays (the guess, the overlap).

use super::driver::Engine;
use super::kernels;
use super::method::Method;
use super::moves::Moves;
use super::progress::Watch;
use super::request::Request;
use super::rule::{CompiledRule, MoveSet, TakeSizes};
use super::sparse::{self, Classes, CommonSet};
use proptest::prelude::*;

/// The compiled rule of a take-and-break code `d0.d1d2…` (hexadecimal digits) or of
/// `grundys-game`, from the definition (FAMILIES.md): k is a take size of eliminations,
/// reductions, two-heap and three-heap splits when d_k has bit 1, 2, 4, 8; Grundy's game
/// splits a heap into two unequal heaps, removing nothing.
fn compiled(code: &str) -> CompiledRule {
    if code == "grundys-game" {
        let sizes = TakeSizes::new(Vec::new(), Vec::new(), Vec::new(), vec![0], Vec::new());
        return CompiledRule::new(MoveSet::Finite(sizes));
    }
    let digits: Vec<u8> = code
        .chars()
        .filter(|&c| c != '.')
        .map(|c| c.to_digit(16).expect("a code digit") as u8)
        .collect();
    let with = |bit: u8| -> Vec<u64> {
        (0u64..)
            .zip(&digits)
            .filter(|&(_, &digit)| digit & bit != 0)
            .map(|(k, _)| k)
            .collect()
    };
    let sizes = TakeSizes::new(with(1), with(2), with(4), Vec::new(), with(8));
    CompiledRule::new(MoveSet::Finite(sizes))
}

/// G(0..=last) of the code with digits d0 d1 …, from the definition: take k from a heap of
/// n ≥ k, then by d_k's bits leave nothing (1, n = k), one heap (2, n − k ≥ 1, k ≥ 1) or
/// two non-empty heaps (4).
fn brute(digits: &[u8], last: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(last + 1);
    for n in 0..=last {
        let mut seen = vec![false; 1024];
        for (k, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                seen[g[rest] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        seen[(g[a] ^ g[rest - a]) as usize] = true;
                    }
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

fn spelling(digits: &[u8]) -> String {
    let tail: String = digits[1..].iter().map(|d| d.to_string()).collect();
    format!("{}.{}", digits[0], tail)
}

/// The engine's values of `code` up to `last`, with `forced` common sets when given.
fn engine_values(code: &str, last: usize, forced: Option<Classes>) -> (Vec<u32>, Method) {
    let (values, method, _) = engine_run(code, last, forced, kernels::Kernels::detect());
    (values, method)
}

/// The engine's values of `code` up to `last`, its method and its pair visits, with these
/// kernels.
fn engine_run(
    code: &str,
    last: usize,
    forced: Option<Classes>,
    kernels: kernels::Kernels,
) -> (Vec<u32>, Method, u128) {
    let run = engine_run_with_cap(code, last, forced, kernels, None);
    (run.values, run.method, run.work)
}

/// What one run of the engine gave.
struct Run {
    values: Vec<u32>,
    method: Method,
    work: u128,
    /// The positions whose parallel coverage scan stopped at the cap (from the statistics).
    capped: u64,
    /// The statistics line.
    statistics: String,
}

/// Keeps the engine's statistics line.
#[derive(Default)]
struct Recorder(std::cell::RefCell<String>);

impl Watch for Recorder {
    fn computed(&self, _computed: u64) {}
    fn engine_statistics(&self, statistics: &str) {
        *self.0.borrow_mut() = statistics.to_string();
    }
}

/// [`engine_run`], with the cap of the parallel coverage scans fixed at `scan_cap` when
/// given, and the count of capped scans.
fn engine_run_with_cap(
    code: &str,
    last: usize,
    forced: Option<Classes>,
    kernels: kernels::Kernels,
    scan_cap: Option<usize>,
) -> Run {
    configured_run(code, last, |engine| {
        engine.forced = forced;
        engine.kernels = kernels;
        if let Some(cap) = scan_cap {
            engine.tuning.scan_cap = cap;
            engine.tuning.forced_scan_cap = Some(cap);
        }
    })
}

/// One run of the engine on `code` up to `last`, set up by `configure` first.
fn configured_run(code: &str, last: usize, configure: impl FnOnce(&mut Engine<'_>)) -> Run {
    let rule = compiled(code);
    let recorder = Recorder::default();
    let request = Request {
        to: last,
        work_limit: None,
        interrupt: None,
        past_proof: true,
        watch: &recorder,
    };
    let moves = Moves::of(&rule, last).expect("an octal code the engine knows");
    let mut engine = Engine::new(moves, None, &request);
    configure(&mut engine);
    let values = engine.run(rule);
    let table = values.table();
    let statistics = recorder.0.borrow().clone();
    Run {
        values: (0..table.len()).map(|n| table.get(n)).collect(),
        method: values.method(),
        work: values.work(),
        capped: statistic(&statistics, "capped parallel scans "),
        statistics,
    }
}

/// A count of the statistics line: the number after `label`.
fn statistic(statistics: &str, label: &str) -> u64 {
    statistics
        .split(label)
        .nth(1)
        .and_then(|rest| rest.split([' ', ')']).next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no {label:?} in {statistics}"))
}

/// The parallel phase's guess is taken where it pays and paused where it does not: on
/// 0.1777 it leaves few positions to scan on in the sequential phase (without it, about
/// half of them did); on 0.354, whose missing values come from pairs with a part inside the
/// block, it is paused in most blocks. The values are the same with the guess and without.
#[test]
fn the_guess_is_taken_where_it_pays() {
    for (code, last) in [("0.1777", 400_000), ("0.354", 4_000_000)] {
        let run = |no_guess: bool| {
            let run = configured_run(code, last, |engine| engine.tuning.no_guess = no_guess);
            (run.values, run.statistics)
        };
        let (guessing, statistics) = run(false);
        let (plain, plain_statistics) = run(true);
        assert_eq!(guessing, plain, "{code}: values with and without the guess");
        let resumed = statistic(&statistics, "resumed scans ");
        let guessed = statistic(&statistics, "guessing blocks ");
        let paused = statistic(&statistics, "(paused ");
        if code == "0.1777" {
            let plain_resumed = statistic(&plain_statistics, "resumed scans ");
            assert!(
                plain_resumed * 3 > last as u64,
                "{code}: {plain_statistics}"
            );
            assert!(resumed * 50 < last as u64, "{code}: {statistics}");
            // (Only the probes: one block in PROBE_EVERY without a guess.)
            assert!(paused * 32 < guessed, "{code}: {statistics}");
        } else {
            assert!(paused > 2 * guessed, "{code}: {statistics}");
        }
    }
}

/// A sparse block's sequential phase runs beside the next block's parallel phase, which
/// then takes only the values below the current block as finished: the values are the
/// definition's and the same as with the phases one after the other, on games with rare
/// positions all small (0.1777), spread out (0.16), with both classes and the parity
/// (0.354), capped scans (0.376) and Grundy's game (its unequal splits go heap by heap, not
/// four heaps at a time); and the overlap does happen.
#[test]
fn overlapped_phases_give_the_definitions_values() {
    for (code, digits, last) in [
        ("0.1777", vec![0u8, 1, 7, 7, 7], 30000),
        ("0.16", vec![0, 1, 6], 30000),
        ("0.354", vec![0, 3, 5, 4], 30000),
        ("0.376", vec![0, 3, 7, 6], 30000),
        ("grundys-game", vec![], 30000),
    ] {
        let expected = if digits.is_empty() {
            // Grundy's game: a heap splits into two unequal heaps.
            let mut values = vec![0u32; last + 1];
            for n in 3..=last {
                let mut option = vec![false; 2 * n];
                for a in 1..n.div_ceil(2) {
                    option[(values[a] ^ values[n - a]) as usize] = true;
                }
                values[n] = option.iter().position(|&seen| !seen).unwrap() as u32;
            }
            values
        } else {
            brute(&digits, last)
        };
        let overlapped = configured_run(code, last, |engine| {
            engine.tuning.forced_overlap = Some(true);
        });
        let alone = configured_run(code, last, |engine| {
            engine.tuning.forced_overlap = Some(false)
        });
        assert_eq!(overlapped.values, expected, "{code}: overlapped");
        assert_eq!(alone.values, expected, "{code}: one phase after the other");
        let blocks = statistic(&overlapped.statistics, "overlapped blocks ");
        assert!(blocks >= 5, "{code}: {}", overlapped.statistics);
        assert_eq!(statistic(&alone.statistics, "overlapped blocks "), 0);
    }
}

/// The phases stay side by side where that pays and go one after the other where the
/// pairs it moves to the sequential phase outweigh it: on 0.1777 every block after the first
/// few overlaps, on 0.376 (whose resumed scans it nearly doubles) only the first few and the
/// probes do; the values are the same either way.
#[test]
fn the_overlap_is_kept_where_it_pays() {
    let last = 400_000;
    let kept = configured_run("0.1777", last, |_| {});
    let paused = configured_run("0.376", last, |_| {});
    let blocks = |run: &Run| statistic(&run.statistics, "overlapped blocks ");
    assert!(blocks(&kept) > 40, "{}", kept.statistics);
    assert!(blocks(&paused) < 10, "{}", paused.statistics);
    let alone = configured_run("0.376", last, |engine| {
        engine.tuning.forced_overlap = Some(false)
    });
    assert_eq!(paused.values, alone.values);
}

/// Whatever the cap of the parallel coverage scans — none, every scan capped at once, or
/// the adjusted one — the values are the definition's, on both kernels, which visit the
/// same pairs; and on 0.376 the adjusted cap does stop scans (the rule is exercised).
#[test]
fn capped_coverage_scans_give_the_definitions_values() {
    for (code, digits, last) in [
        ("0.376", vec![0u8, 3, 7, 6], 40000),
        ("0.354", vec![0, 3, 5, 4], 8000),
        ("0.16", vec![0, 1, 6], 8000),
        ("0.1777", vec![0, 1, 7, 7, 7], 8000),
    ] {
        let expected = brute(&digits, last);
        for cap in [None, Some(0), Some(1), Some(17), Some(usize::MAX)] {
            let mut works = Vec::new();
            for kernels in [kernels::Kernels::detect(), kernels::Kernels::Scalar] {
                let run = engine_run_with_cap(code, last, None, kernels, cap);
                if let Some(n) = (0..=last).find(|&n| run.values.get(n) != expected.get(n)) {
                    panic!(
                        "{code} cap {cap:?} {kernels:?}: G({n}) = {:?}, by definition {}",
                        run.values.get(n),
                        expected[n]
                    );
                }
                if cap == Some(usize::MAX) {
                    assert_eq!(run.capped, 0, "{code}: nothing capped without a cap");
                }
                if cap == Some(0) && code == "0.376" {
                    assert!(run.capped > 1000, "{code}: {} capped", run.capped);
                }
                if cap.is_none() && code == "0.376" {
                    assert!(
                        run.capped > 0,
                        "{code}: the adjusted cap never stopped a scan"
                    );
                }
                works.push(run.work);
            }
            assert_eq!(works[0], works[1], "{code} cap {cap:?}: pair visits");
        }
    }
}

/// The vector kernels and the scalar ones give the same values and visit the same pairs:
/// on the bench's games (0.007 past 256, so u16 values too; both methods) and Grundy's game.
#[test]
fn vector_and_scalar_kernels_agree() {
    let fast = kernels::Kernels::detect();
    if fast == kernels::Kernels::Scalar {
        eprintln!("no vector kernels on this processor: scalar against scalar");
    }
    for (code, last) in [
        ("0.6", 30000),
        ("0.16", 30000),
        ("0.354", 30000),
        ("0.007", 12000),
        ("0.77", 30000),
        ("4.7", 30000),
        ("0.376", 20000),
        ("0.1777", 30000),
        ("grundys-game", 20000),
    ] {
        let (vector, method, work) = engine_run(code, last, None, fast);
        let (scalar, _, scalar_work) = engine_run(code, last, None, kernels::Kernels::Scalar);
        assert_eq!(vector.len(), scalar.len(), "{code}");
        if let Some(n) = (0..vector.len()).find(|&n| vector[n] != scalar[n]) {
            panic!(
                "{code}: G({n}) = {} (vector), {} (scalar)",
                vector[n], scalar[n]
            );
        }
        assert_eq!(work, scalar_work, "{code}: {method}");
    }
}

fn digits() -> impl Strategy<Value = Vec<u8>> {
    (
        prop_oneof![Just(0u8), Just(4u8)],
        prop::collection::vec(0u8..8, 1..5),
    )
        .prop_map(|(d0, rest)| std::iter::once(d0).chain(rest).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Whatever the common sets — good, bad, with or without the heap's parity — the values
    /// are the definition's: the sets decide the speed only.
    #[test]
    fn any_common_sets_give_the_definitions_values(
        digits in digits(),
        masks in (0u32..64, 0u32..64),
        parities in (any::<bool>(), any::<bool>()),
    ) {
        let last = 1500;
        let code = spelling(&digits);
        let expected = brute(&digits, last);
        let forced = [
            Some(CommonSet { mask: masks.0, heap_parity: parities.0 }),
            Some(CommonSet { mask: masks.1, heap_parity: parities.1 }),
        ];
        let (got, _) = engine_values(&code, last, Some(forced));
        prop_assert_eq!(&got, &expected, "{} forced {:?}", code, forced);
        let (chosen, _) = engine_values(&code, last, None);
        prop_assert_eq!(&chosen, &expected, "{}", code);
    }

    /// Random codes: the vector kernels, the scalar ones and the definition agree, the two
    /// kernels on the pairs visited too.
    #[test]
    fn vector_and_scalar_kernels_agree_on_random_codes(
        digits in digits(),
        mask in 0u32..64,
        cap in prop_oneof![Just(None), (0usize..64).prop_map(Some)],
    ) {
        let last = 3000;
        let code = spelling(&digits);
        let expected = brute(&digits, last);
        let set = Some(CommonSet { mask, heap_parity: mask & 1 == 1 });
        for forced in [None, Some([set, set])] {
            let run = |kernels| {
                let run = engine_run_with_cap(&code, last, forced, kernels, cap);
                (run.values, run.work)
            };
            let (vector, work) = run(kernels::Kernels::detect());
            let (scalar, scalar_work) = run(kernels::Kernels::Scalar);
            prop_assert_eq!(&vector, &expected, "{} vector {:?} cap {:?}", code, forced, cap);
            prop_assert_eq!(&scalar, &expected, "{} scalar {:?} cap {:?}", code, forced, cap);
            prop_assert_eq!(work, scalar_work, "{}", code);
        }
    }

    /// The transform's rare count of every common set is the count by definition.
    #[test]
    fn transform_counts_rare_positions(
        values in prop::collection::vec(0u32..32, 1..400),
    ) {
        let bits = 5;
        let mut encodings = vec![0u64; 64];
        for (i, &v) in values.iter().enumerate() {
            let x = i + 1;
            encodings[((v as usize) << 1) | (x & 1)] += 1;
        }
        let h = sparse::transform(&encodings, bits);
        for m in 0..64u32 {
            let set = CommonSet { mask: m >> 1, heap_parity: m & 1 == 1 };
            for class in 0..2 {
                let direct = values
                    .iter()
                    .enumerate()
                    .filter(|&(i, &v)| !set.common(class, i + 1, v))
                    .count() as u64;
                prop_assert_eq!(sparse::rare_count(&h, set, class), direct);
            }
        }
    }
}

/// Games of the bench and of the published tables, far enough for blocks, re-choices of the
/// common sets and both classes of take sizes, with the chosen sets and with the parity
/// forced into them.
#[test]
fn sparse_games_with_both_classes() {
    for (code, digits) in [
        ("0.376", vec![0u8, 3, 7, 6]),
        ("0.354", vec![0, 3, 5, 4]),
        ("0.1777", vec![0, 1, 7, 7, 7]),
        ("0.6", vec![0, 6]),
        ("0.16", vec![0, 1, 6]),
    ] {
        let last = 6000;
        let expected = brute(&digits, last);
        let (got, method) = engine_values(code, last, None);
        assert_eq!(got, expected, "{code}");
        // 0.6's values become sparse only later.
        assert!(
            code == "0.6" || method.to_string().starts_with("sparse"),
            "{code}: {method}"
        );
        let parity = Some(CommonSet {
            mask: 0x3e,
            heap_parity: true,
        });
        let (got, _) = engine_values(code, last, Some([parity, parity]));
        assert_eq!(got, expected, "{code} with the parity");
    }
}
