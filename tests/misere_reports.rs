//! What `analyze --misere` prints, against a misère referee written here from the definitions:
//! a take-and-break code's moves (digit d_k says what removing k tokens may leave: bit 1
//! nothing, bit 2 one heap, bit 4 two heaps; d0 = 4 splits a heap without removing anything)
//! and misère play (the player who cannot move wins). Positions without any move — the empty
//! one, heaps a code cannot touch — are where a report once said "lost".

use assert_cmd::Command;
use proptest::prelude::*;
use rayon::prelude::*;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

type Position = Vec<u64>;

/// A code's moves and a memo of misère outcomes, from the definitions alone.
struct Referee {
    /// `digits[k]` is d_k (d_0 first).
    digits: Vec<u8>,
    won: HashMap<Position, bool>,
}

/// Calls `visit` on every option of `position` under the code `digits` (sorted heaps; an
/// option reached by two moves is visited twice), until it returns true; returns whether it did.
fn any_option(digits: &[u8], position: &[u64], visit: &mut dyn FnMut(Position) -> bool) -> bool {
    for (index, &heap) in position.iter().enumerate() {
        let mut rest = position.to_vec();
        rest.remove(index);
        for (k, &digit) in (0u64..).zip(digits) {
            let Some(left) = heap.checked_sub(k) else {
                break;
            };
            let mut leave = |parts: &[u64]| {
                let mut next = rest.clone();
                next.extend_from_slice(parts);
                next.sort_unstable();
                visit(next)
            };
            if k >= 1 && left == 0 && digit & 1 != 0 && leave(&[]) {
                return true;
            }
            if k >= 1 && left >= 1 && digit & 2 != 0 && leave(&[left]) {
                return true;
            }
            if left >= 2 && digit & 4 != 0 {
                for a in 1..=left / 2 {
                    if leave(&[a, left - a]) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

impl Referee {
    fn new(digits: Vec<u8>) -> Self {
        Referee {
            digits,
            won: HashMap::new(),
        }
    }

    /// Every option of `position`, sorted, repeats removed.
    fn options(&self, position: &[u64]) -> BTreeSet<Position> {
        let mut all = BTreeSet::new();
        any_option(&self.digits, position, &mut |next| {
            all.insert(next);
            false
        });
        all
    }

    /// Whether the player to move wins under misère play: with no move, yes; else exactly when
    /// some move leaves a position the opponent does not win (the moves tried in turn, until
    /// one does).
    fn is_won(&mut self, position: &[u64]) -> bool {
        if let Some(&known) = self.won.get(position) {
            return known;
        }
        let digits = self.digits.clone();
        let mut has_move = false;
        let wins = any_option(&digits, position, &mut |next| {
            has_move = true;
            !self.is_won(&next)
        });
        let won = wins || !has_move;
        self.won.insert(position.to_vec(), won);
        won
    }
}

fn spaced(position: &[u64]) -> String {
    position
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every multiset of at most `count` heaps of 1 to `largest` tokens, the empty one first.
fn positions(count: usize, largest: u64) -> Vec<Position> {
    let mut out = vec![Vec::new()];
    let mut frontier: Vec<Position> = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for position in &frontier {
            let from = position.last().copied().unwrap_or(1);
            for heap in from..=largest {
                let mut longer = position.clone();
                longer.push(heap);
                next.push(longer);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// `grundy analyze GAME POSITION --misere --json` as the command line writes it.
fn misere_report(game: &dyn grundy::Game, position: &str) -> Value {
    let report = game
        .analyze(position, usize::MAX)
        .unwrap_or_else(|error| panic!("{position}: {error}"));
    serde_json::from_str(&report.to_json()).unwrap()
}

/// Checks the report's winner and its exact set of winning moves on every position of up to
/// four heaps of at most `largest` tokens (the referee first, then the reports on all cores).
fn check_code(spelling: &str, digits: Vec<u8>, largest: u64) {
    let game = grundy::resolve(spelling)
        .unwrap_or_else(|error| panic!("{spelling}: {error}"))
        .misere()
        .unwrap();
    let mut referee = Referee::new(digits);
    let expected: Vec<(String, bool, BTreeSet<String>)> = positions(4, largest)
        .into_iter()
        .map(|position| {
            let won = referee.is_won(&position);
            let winning: BTreeSet<String> = referee
                .options(&position)
                .into_iter()
                .filter(|next| !referee.is_won(next))
                .map(|next| spaced(&next))
                .collect();
            (spaced(&position), won, winning)
        })
        .collect();
    expected.par_iter().for_each(|(text, won, winning)| {
        let report = misere_report(game.as_ref(), text);
        assert_eq!(
            report["winner"],
            if *won { "first" } else { "second" },
            "{spelling} `{text}`: {report}"
        );
        let listed: Vec<String> = report["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|mv| mv["to"].as_str().unwrap().to_string())
            .collect();
        let listed_set: BTreeSet<String> = listed.iter().cloned().collect();
        assert_eq!(&listed_set, winning, "{spelling} `{text}`");
        assert_eq!(listed.len(), winning.len(), "{spelling} `{text}`: repeats");
        assert_eq!(
            report["winning_move_count"].as_u64(),
            Some(winning.len() as u64),
            "{spelling} `{text}`"
        );
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// 200 random codes: d0 of 0 or 4, one to four digits of 0–7 (one of them not 0).
    #[test]
    fn analyze_misere_json_agrees_with_the_referee_on_random_codes(
        split_without_removing in any::<bool>(),
        digits in proptest::collection::vec(0u8..8, 1..=4),
    ) {
        prop_assume!(digits.iter().any(|&digit| digit != 0));
        let d0 = if split_without_removing { 4 } else { 0 };
        let spelling = format!(
            "{d0}.{}",
            digits.iter().map(u8::to_string).collect::<String>()
        );
        let mut all = vec![d0];
        all.extend(&digits);
        check_code(&spelling, all, 9);
    }
}

#[test]
fn codes_that_leave_dead_heaps_agree_with_the_referee() {
    // 0.1: only a heap of 1 can move; 0.10 the same; 0.523 leaves heaps no move reaches.
    for (spelling, digits) in [
        ("0.1", vec![0, 1]),
        ("0.10", vec![0, 1, 0]),
        ("0.523", vec![0, 5, 2, 3]),
        ("4.07", vec![4, 0, 7]),
    ] {
        check_code(spelling, digits, 9);
    }
}

/// The command's text report, through the binary.
fn analyze_text(args: &[&str]) -> String {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .arg("analyze")
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn positions_without_moves_are_won_under_misere_play_as_printed() {
    for args in [
        &["kayles", "", "--misere"][..],
        &["0.1", "7", "--misere"],
        &["chocolate", "/", "--misere"],
        &["nim", "", "--misere"],
    ] {
        let text = analyze_text(args);
        assert!(
            text.contains("winner:   first (the player to move wins)\n"),
            "{args:?}: {text}"
        );
        assert!(
            text.contains("winning moves: none (no move at all: under misère play"),
            "{args:?}: {text}"
        );
    }
    // And lost under normal play, as printed.
    let text = analyze_text(&["0.1", "7"]);
    assert!(text.contains("winner:   second"), "{text}");
    assert!(
        text.contains("no move at all: the player to move has lost"),
        "{text}"
    );
}

#[test]
fn nim_has_its_name() {
    let text = analyze_text(&["nim", "3", "5", "7"]);
    assert!(text.contains("winner:   first"), "{text}");
    assert!(text.contains("grundy:   1\n"), "{text}");
    assert!(text.contains("winning moves: 3\n"), "{text}");
    let text = analyze_text(&["nim", "1", "1", "--misere"]);
    assert!(text.contains("winner:   first"), "{text}");
    assert!(text.contains("1-1          -> 1 "), "{text}");
    let text = analyze_text(&["nim", "1", "1", "1", "--misere"]);
    assert!(text.contains("winner:   second"), "{text}");
    let list = Command::cargo_bin("grundy")
        .unwrap()
        .arg("list")
        .output()
        .unwrap();
    let list = String::from_utf8(list.stdout).unwrap();
    assert!(list.lines().any(|line| line == "nim"), "{list}");
}

#[test]
fn nim_against_the_referee_in_both_conventions() {
    // Nim is the code 0.333…: with heaps of at most 6, the code 0.333333 has the same moves.
    let nim = grundy::resolve("nim").unwrap();
    let mut referee = Referee::new(vec![0, 3, 3, 3, 3, 3, 3]);
    let misere = grundy::resolve("nim").unwrap().misere().unwrap();
    for position in positions(4, 6) {
        let text = spaced(&position);
        let won = referee.is_won(&position);
        let report = misere_report(misere.as_ref(), &text);
        assert_eq!(
            report["winner"],
            if won { "first" } else { "second" },
            "`{text}`"
        );
        let report: Value =
            serde_json::from_str(&nim.analyze(&text, usize::MAX).unwrap().to_json()).unwrap();
        let nim_sum = position.iter().fold(0, |sum, heap| sum ^ heap);
        assert_eq!(report["grundy"], nim_sum, "`{text}`");
        let winning = position
            .iter()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .filter(|&&heap| heap ^ nim_sum < heap)
            .count();
        assert_eq!(report["winning_move_count"], winning, "`{text}`");
    }
}
