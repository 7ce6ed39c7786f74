//! The compounds (conjunctive, continued, selective, shortened selective) against a referee
//! written here from the definitions alone: it sees each component only through the game's
//! public `moves` (the positions one move away, as text) and combines the components' moves as
//! each compound says, searching the compound's positions exhaustively. `analyze --compound
//! --json` — the library's report and the binary's output — must agree with it on the winner
//! and the exact set of winning moves, on every sum of up to three small components and on
//! random larger ones.

mod common;

use assert_cmd::Command;
use grundy::Game;
use grundy::game::compound_kind::Compound;
use grundy::game::compound_of;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

const COMPOUNDS: [&str; 4] = ["conjunctive", "continued", "selective", "shortened"];

/// The referee: components as their text in the game's notation.
struct Referee {
    base: Box<dyn Game>,
    kind: String,
    options: HashMap<String, Vec<String>>,
    lost: HashMap<Vec<String>, bool>,
}

impl Referee {
    fn new(game: &str, kind: &str) -> Referee {
        Referee {
            base: grundy::resolve(game).unwrap(),
            kind: kind.to_string(),
            options: HashMap::new(),
            lost: HashMap::new(),
        }
    }

    /// The positions one move away from a component, by the game's own moves.
    fn component_options(&mut self, component: &str) -> Vec<String> {
        if let Some(known) = self.options.get(component) {
            return known.clone();
        }
        let moves = self.base.moves(component, 100_000).unwrap();
        assert!(!moves.more);
        let options: BTreeSet<String> = moves.moves.into_iter().map(|m| m.to).collect();
        let options: Vec<String> = options.into_iter().collect();
        self.options.insert(component.to_string(), options.clone());
        options
    }

    /// The compound's options of `position`, from the definitions.
    fn compound_options(&mut self, position: &[String]) -> Vec<Vec<String>> {
        let per: Vec<Vec<String>> = position.iter().map(|c| self.component_options(c)).collect();
        let some_ended = per.iter().any(Vec::is_empty);
        // Each component's choices: Some(option) or None (left alone).
        let choices: Vec<Vec<Option<String>>> = match self.kind.as_str() {
            "conjunctive" if some_ended => return Vec::new(),
            "shortened" if some_ended => return Vec::new(),
            "conjunctive" => per
                .iter()
                .map(|o| o.iter().cloned().map(Some).collect())
                .collect(),
            "continued" => per
                .iter()
                .map(|o| {
                    if o.is_empty() {
                        vec![None]
                    } else {
                        o.iter().cloned().map(Some).collect()
                    }
                })
                .collect(),
            "selective" | "shortened" => per
                .iter()
                .map(|o| {
                    std::iter::once(None)
                        .chain(o.iter().cloned().map(Some))
                        .collect()
                })
                .collect(),
            other => panic!("{other}"),
        };
        let mut out = vec![(Vec::new(), false)];
        for (index, list) in choices.iter().enumerate() {
            let mut next = Vec::new();
            for (prefix, moved) in &out {
                for choice in list {
                    let mut extended: Vec<String> = prefix.clone();
                    extended.push(choice.clone().unwrap_or_else(|| position[index].clone()));
                    next.push((extended, *moved || choice.is_some()));
                }
            }
            out = next;
        }
        out.into_iter()
            .filter(|(_, moved)| *moved)
            .map(|(p, _)| p)
            .collect()
    }

    fn is_lost(&mut self, position: &[String]) -> bool {
        if let Some(&known) = self.lost.get(position) {
            return known;
        }
        let options = self.compound_options(position);
        let lost = options.iter().all(|option| !self.is_lost(option));
        self.lost.insert(position.to_vec(), lost);
        lost
    }

    /// The winner and the positions the winning moves lead to, as `analyze` writes them.
    fn verdict(&mut self, position: &[String]) -> (String, BTreeSet<String>) {
        let winner = if self.is_lost(position) {
            "second"
        } else {
            "first"
        };
        let targets = self
            .compound_options(position)
            .into_iter()
            .filter(|option| self.is_lost(option))
            .map(|option| written(&option))
            .collect();
        (winner.to_string(), targets)
    }
}

/// A compound position as grundy writes it.
fn written(components: &[String]) -> String {
    let mut text = components
        .iter()
        .map(|c| if c.is_empty() { "-" } else { c.as_str() })
        .collect::<Vec<_>>()
        .join(" | ");
    if components.len() == 1 && (components[0].contains(' ') || components[0].is_empty()) {
        text.push_str(" |");
    }
    text
}

/// Winner and winning targets from an `analyze --compound --json` report.
fn from_report(json: &str) -> (String, BTreeSet<String>, u64) {
    let report: serde_json::Value = serde_json::from_str(json).unwrap();
    let targets: Vec<String> = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect();
    let set: BTreeSet<String> = targets.iter().cloned().collect();
    assert_eq!(set.len(), targets.len(), "a target listed twice: {json}");
    (
        report["winner"].as_str().unwrap().to_string(),
        set,
        report["winning_move_count"].as_u64().unwrap(),
    )
}

/// Every multiset of one to three components from `components`.
fn sums(components: &[String]) -> Vec<Vec<String>> {
    let n = components.len();
    let mut out = Vec::new();
    for a in 0..n {
        out.push(vec![components[a].clone()]);
        for b in a..n {
            out.push(vec![components[a].clone(), components[b].clone()]);
            for c in b..n {
                out.push(vec![
                    components[a].clone(),
                    components[b].clone(),
                    components[c].clone(),
                ]);
            }
        }
    }
    out
}

fn heaps(up_to: u64) -> Vec<String> {
    (0..=up_to)
        .map(|n| if n == 0 { String::new() } else { n.to_string() })
        .collect()
}

fn pairs(
    first: std::ops::RangeInclusive<u64>,
    second: std::ops::RangeInclusive<u64>,
    valid: fn(u64, u64) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    for y in second {
        for x in first.clone() {
            if valid(x, y) {
                out.push(format!("{x}/{y}"));
            }
        }
    }
    out
}

/// A seeded random acyclic graph of `n` vertices (edges only from a vertex to a larger one, so
/// no cycle), written to a file under target/; its spelling `graph:FILE`.
fn random_dag(n: u32, seed: u64) -> &'static str {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let mut edges = Vec::new();
    for u in 1..=n {
        for v in u + 1..=n {
            if next() % 3 == 0 {
                edges.push((u, v));
            }
        }
    }
    let mut text = format!("{n} {}\n", edges.len());
    for (u, v) in &edges {
        text.push_str(&format!("{u} {v}\n"));
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("compound-dag-{n}-{seed}.txt"));
    std::fs::write(&path, text).unwrap();
    Box::leak(format!("graph:{}", path.display()).into_boxed_str())
}

/// Single tokens on vertices 1 to n.
fn vertices(n: u32) -> Vec<String> {
    (1..=n).map(|v| v.to_string()).collect()
}

/// The games and their small components: a heap game with splits, subtraction games, Nim,
/// the two counter games, Euclid pairs and tokens on acyclic graphs.
fn small_cases() -> Vec<(&'static str, Vec<String>)> {
    vec![
        ("graph:examples/graphs/path.txt", vertices(4)),
        (random_dag(7, 1), vertices(7)),
        (random_dag(6, 2), vertices(6)),
        ("kayles", heaps(4)),
        ("sub:1,3,4", heaps(5)),
        ("allbut:1,2", heaps(5)),
        ("nim", heaps(4)),
        ("bounded-take", pairs(0..=4, 1..=2, |_, _| true)),
        ("box-fill", pairs(0..=3, 1..=3, |x, y| x <= y)),
        ("euclid", pairs(0..=3, 0..=3, |_, _| true)),
    ]
}

fn library_report(game: &dyn Game, position: &str) -> String {
    game.analyze(position, usize::MAX).unwrap().to_json() + "\n"
}

fn check(referee: &mut Referee, components: &[String], json: &str) {
    let (winner, targets) = referee.verdict(components);
    let (printed_winner, printed, count) = from_report(json);
    let position = written(components);
    assert_eq!(
        printed_winner, winner,
        "{} {position}: {json}",
        referee.kind
    );
    assert_eq!(printed, targets, "{} {position}: {json}", referee.kind);
    assert_eq!(count, targets.len() as u64, "{} {position}", referee.kind);
}

#[test]
fn every_small_sum_agrees_with_the_referee() {
    for (game, components) in small_cases() {
        for kind in COMPOUNDS {
            let compound =
                compound_of(grundy::resolve(game).unwrap(), kind.parse().unwrap()).unwrap();
            let mut referee = Referee::new(game, kind);
            for sum in sums(&components) {
                let json = library_report(&*compound, &written(&sum));
                check(&mut referee, &sum, &json);
            }
        }
    }
}

#[test]
fn the_binary_prints_what_the_referee_finds() {
    for (game, components) in [
        ("kayles", heaps(3)),
        ("bounded-take", pairs(0..=3, 1..=2, |_, _| true)),
    ] {
        for kind in COMPOUNDS {
            let mut referee = Referee::new(game, kind);
            for sum in sums(&components)
                .into_iter()
                .filter(|s| s.len() >= 2)
                .step_by(3)
            {
                let output = Command::cargo_bin("grundy")
                    .unwrap()
                    .args([
                        "analyze",
                        game,
                        "--compound",
                        kind,
                        "--json",
                        "--",
                        &written(&sum),
                    ])
                    .output()
                    .unwrap();
                let json = common::stdout_of_success(output);
                check(&mut referee, &sum, &json);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_larger_sums_agree_with_the_referee(
        game in prop::sample::select(vec!["kayles", "sub:1,2", "0.07", "nim"]),
        kind in prop::sample::select(COMPOUNDS.to_vec()),
        sizes in prop::collection::vec(0u64..=9, 2..=3),
    ) {
        // Selective compounds of three splitting heaps have large move sets: keep them smaller.
        let cap = if kind.starts_with('s') && sizes.len() == 3 { 6 } else { 9 };
        let sum: Vec<String> = sizes
            .iter()
            .map(|&n| n.min(cap))
            .map(|n| if n == 0 { String::new() } else { n.to_string() })
            .collect();
        let compound = compound_of(grundy::resolve(game).unwrap(), kind.parse().unwrap()).unwrap();
        let mut referee = Referee::new(game, kind);
        let json = library_report(&*compound, &written(&sum));
        check(&mut referee, &sum, &json);
    }
}

#[test]
fn the_deciding_number_is_printed() {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args([
            "analyze",
            "sub:1,2",
            "3 4",
            "--compound",
            "conjunctive",
            "--json",
        ])
        .output()
        .unwrap();
    let report: serde_json::Value =
        serde_json::from_str(&common::stdout_of_success(output)).unwrap();
    // R(3) = 2, R(4) = 3 for subtraction {1, 2}: min R = 2, even, lost.
    assert_eq!(report["compound"], "conjunctive");
    assert_eq!(report["deciding"]["measure"], "min R");
    assert_eq!(report["deciding"]["value"], 2);
    assert_eq!(report["deciding"]["components"][1]["remoteness"], 3);
    assert_eq!(report["winner"], "second");
}

#[test]
fn huge_subtraction_heaps_answer_from_the_table() {
    let started = std::time::Instant::now();
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args([
            "analyze",
            "sub:1,3,4",
            "1000000",
            "999999",
            "--compound",
            "conjunctive",
            "--json",
        ])
        .output()
        .unwrap();
    let report: serde_json::Value =
        serde_json::from_str(&common::stdout_of_success(output)).unwrap();
    assert!(report["deciding"]["value"].as_u64().is_some());
    assert!(started.elapsed().as_secs_f64() < 5.0);
}

#[test]
fn refusals_are_located_and_exit_with_status_2() {
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "analyze",
                "chocolate",
                "1 2 / 3",
                "--compound",
                "conjunctive",
            ],
            "not played as a row of components",
        ),
        (
            &[
                "analyze",
                "kayles",
                "3 5",
                "--compound",
                "conjunctive",
                "--misere",
            ],
            "--misere",
        ),
        (
            &["analyze", "kayles", "3 | x", "--compound", "selective"],
            "line 1, column 5",
        ),
        (
            &[
                "analyze",
                "graph:examples/graphs/loopy.txt",
                "1 2",
                "--compound",
                "continued",
            ],
            "has cycles",
        ),
        (
            &[
                "analyze",
                "graph:examples/graphs/two-cycle.txt",
                "1",
                "--remoteness",
            ],
            "has cycles",
        ),
        (
            &["analyze", "kayles", "3 5", "--compound", "sideways"],
            "unknown compound",
        ),
    ];
    for (args, expected) in cases {
        let output = Command::cargo_bin("grundy")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn verify_checks_every_compound_against_the_referee() {
    for kind in COMPOUNDS {
        let output = Command::cargo_bin("grundy")
            .unwrap()
            .args([
                "verify",
                "sub:1,2",
                "kayles",
                "--compound",
                kind,
                "--size",
                "4",
            ])
            .output()
            .unwrap();
        let text = common::stdout_of_success(output);
        assert_eq!(text.lines().count(), 4, "{text}");
        for line in text.lines() {
            assert!(line.contains(&format!("--compound {kind}")), "{line}");
            assert!(line.ends_with(", 0 disagreements"), "{line}");
        }
    }
}

#[test]
fn the_disjunctive_compound_is_the_game_itself() {
    let plain = library_report(&*grundy::resolve("kayles").unwrap(), "3 5");
    let compound = compound_of(grundy::resolve("kayles").unwrap(), Compound::Disjunctive).unwrap();
    assert_eq!(library_report(&*compound, "3 5"), plain);
}

/// R of a position by the definition, from the game's public moves alone.
fn remoteness(base: &dyn Game, position: &str, memo: &mut HashMap<String, u64>) -> u64 {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let options: Vec<u64> = base
        .moves(position, 100_000)
        .unwrap()
        .moves
        .into_iter()
        .map(|m| remoteness(base, &m.to, memo))
        .collect();
    let least_even = options.iter().copied().filter(|r| r % 2 == 0).min();
    let r = match (least_even, options.iter().max()) {
        (Some(even), _) => even + 1,
        (None, Some(&largest)) => largest + 1,
        (None, None) => 0,
    };
    memo.insert(position.to_string(), r);
    r
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    serde_json::from_str(&common::stdout_of_success(output)).unwrap()
}

#[test]
fn analyze_remoteness_agrees_with_the_definition() {
    for (game, position) in [
        ("kayles", "3 4"),
        ("sub:1,3,4", "5 7"),
        ("sub:1,2", "11"),
        ("nim", "2 3"),
        ("bounded-take", "5/2 3/1"),
        ("box-fill", "1/4 2/5"),
        ("graph:examples/graphs/path.txt", "1 1 2"),
        (random_dag(8, 3), "1 2 3"),
    ] {
        let base = grundy::resolve(game).unwrap();
        let mut memo = HashMap::new();
        let report = json_of(&["analyze", game, position, "--remoteness", "--json"]);
        let expected = remoteness(&*base, position, &mut memo);
        assert_eq!(report["value"], expected, "{game} {position}");
        assert_eq!(
            report["winner"],
            if expected % 2 == 1 { "first" } else { "second" }
        );
        let moves = report["moves"].as_array().unwrap();
        assert_eq!(moves.len(), base.moves(position, 1000).unwrap().moves.len());
        for mv in moves {
            let to = mv["to"].as_str().unwrap();
            assert_eq!(
                mv["value"],
                remoteness(&*base, to, &mut memo),
                "{game} {to}"
            );
        }
    }
}

#[test]
fn a_sum_past_the_position_limit_is_refused_with_the_limit() {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["analyze", "sub:1,3,4", "1000000", "999999", "--remoteness"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("500000 positions"), "{stderr}");
}

#[test]
fn table_remoteness_proves_the_period_of_subtraction_one_two() {
    let report = json_of(&[
        "table",
        "sub:1,2",
        "--remoteness",
        "--to",
        "60",
        "--print",
        "--json",
    ]);
    assert_eq!(report["remoteness_period"]["period"], 3);
    assert_eq!(report["remoteness_period"]["increment"], 2);
    // WW ch. 9: R(n) = 2n/3 when 3 | n, else 2⌊n/3⌋ + 1.
    for (n, values) in report["values"].as_array().unwrap().iter().enumerate() {
        let n = n as u64;
        let expected = if n.is_multiple_of(3) {
            2 * n / 3
        } else {
            2 * (n / 3) + 1
        };
        assert_eq!(values["remoteness"], expected, "R({n})");
    }
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["table", "kayles", "--remoteness"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("splits heaps"));
}

#[test]
fn kayles_components_are_searched() {
    let report = json_of(&[
        "analyze",
        "kayles",
        "5 7",
        "--compound",
        "conjunctive",
        "--json",
    ]);
    let base = grundy::resolve("kayles").unwrap();
    let mut memo = HashMap::new();
    let (r5, r7) = (
        remoteness(&*base, "5", &mut memo),
        remoteness(&*base, "7", &mut memo),
    );
    assert_eq!(report["deciding"]["components"][0]["remoteness"], r5);
    assert_eq!(report["deciding"]["components"][1]["remoteness"], r7);
    assert_eq!(report["deciding"]["value"], r5.min(r7));
}

// Every return waits for the child; a failed assertion ends the test (and the pipe with it).
#[allow(clippy::zombie_processes)]
/// Plays a whole game of `play --compound` over a pipe, the computer first from `start`,
/// answering each prompt with `choose(position, its moves)`; returns how many moves were
/// played and the last line.
fn piped_game(
    game: &str,
    kind: &str,
    start: &str,
    choose: &mut dyn FnMut(&str, &[grundy::MoveOutcome]) -> String,
) -> (usize, String) {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command as Process, Stdio};
    let compound = compound_of(grundy::resolve(game).unwrap(), kind.parse().unwrap()).unwrap();
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args([
            "play",
            game,
            "--compound",
            kind,
            "--first",
            "computer",
            "--",
            start,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut moves_played = 0;
    let mut position = String::new();
    loop {
        // Read up to the prompt `> ` or the end.
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        loop {
            if stdout.read(&mut byte).unwrap() == 0 {
                let last = String::from_utf8(line).unwrap();
                child.wait().unwrap();
                return (moves_played, last.trim().to_string());
            }
            line.push(byte[0]);
            if byte[0] == b'\n' || line == b"> " {
                break;
            }
        }
        let text = String::from_utf8(line).unwrap();
        if let Some(rest) = text.strip_prefix("position: ") {
            position = rest.trim_end().to_string();
        } else if text.starts_with("computer plays") {
            moves_played += 1;
        } else if text.starts_with("winner:") {
            let mut rest = String::new();
            stdout.read_line(&mut rest).unwrap();
            child.wait().unwrap();
            return (moves_played, text.trim().to_string());
        } else if text == "> " {
            let moves = compound.moves(&position, 100_000).unwrap().moves;
            let chosen = choose(&position, &moves);
            writeln!(stdin, "{chosen}").unwrap();
            moves_played += 1;
        }
    }
}

#[test]
fn play_never_loses_a_won_start_and_wins_in_exactly_r_moves() {
    let mut rng = proptest::test_runner::TestRng::deterministic_rng(
        proptest::test_runner::RngAlgorithm::ChaCha,
    );
    for kind in COMPOUNDS {
        for (game, start) in [
            ("sub:1,2", "4 | 5"),
            ("sub:1,3,4", "5 | 9 | 6"),
            ("kayles", "3 | 5"),
            ("graph:examples/graphs/path.txt", "1 | 2"),
            ("graph:examples/graphs/path.txt", "1 | 3"),
            (random_dag(9, 4), "1 | 2 | 3"),
            (random_dag(9, 5), "1 | 1 | 4"),
        ] {
            let compound =
                compound_of(grundy::resolve(game).unwrap(), kind.parse().unwrap()).unwrap();
            let mut referee = Referee::new(game, kind);
            let parts: Vec<String> = start.split(" | ").map(str::to_string).collect();
            if referee.verdict(&parts).0 != "first" {
                continue;
            }
            // A random opponent.
            let (_, last) = piped_game(game, kind, start, &mut |_, moves| {
                use rand::RngExt;
                moves[rng.random_range(0..moves.len())].notation.clone()
            });
            assert_eq!(last, "winner: computer", "{kind} {game} {start} (random)");
            // An adversary: a winning move when there is one, else the slowest loss (the
            // option of the largest deciding number).
            let (played, last) = piped_game(game, kind, start, &mut |position, moves| {
                if let Some(winning) = moves.iter().find(|m| m.wins == Some(true)) {
                    return winning.notation.clone();
                }
                let value = |to: &str| -> u64 {
                    let report = serde_json::to_value(compound.analyze(to, 1).unwrap()).unwrap();
                    report["deciding"]["value"].as_u64().unwrap()
                };
                let _ = position;
                moves
                    .iter()
                    .max_by_key(|m| value(&m.to))
                    .unwrap()
                    .notation
                    .clone()
            });
            assert_eq!(
                last, "winner: computer",
                "{kind} {game} {start} (adversary)"
            );
            if kind == "conjunctive" {
                // R of the compound is min R: the game lasts exactly that long.
                let report = json_of(&["analyze", game, "--compound", kind, "--json", "--", start]);
                assert_eq!(
                    played as u64,
                    report["deciding"]["value"].as_u64().unwrap(),
                    "{game} {start}"
                );
            }
        }
    }
}

#[test]
fn a_component_with_too_many_moves_is_refused_quickly() {
    let started = std::time::Instant::now();
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args([
            "analyze",
            "bounded-take",
            "1000000000/2 5/1",
            "--compound",
            "continued",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("position limit"));
    assert!(started.elapsed().as_secs_f64() < 10.0);
}

/// Runs `grundy interact GAME [START] --compound KIND --json -- compound_bot.py … MODE`;
/// returns the exit status and the report.
fn interact_compound(
    game: &str,
    kind: &str,
    start: Option<&str>,
    mode: &str,
) -> (i32, serde_json::Value) {
    let grundy = assert_cmd::cargo::cargo_bin("grundy").display().to_string();
    let bot = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/contest_programs/compound_bot.py"
    );
    let mut args = vec!["interact", game];
    if let Some(start) = start {
        args.push(start);
    }
    args.extend(["--compound", kind, "--games", "3", "--seed", "7"]);
    args.extend(["--time-limit", "20", "--json", "--", "python3", bot]);
    args.extend([grundy.as_str(), game, kind, mode]);
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(&args)
        .output()
        .unwrap();
    let report = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&output.stderr)));
    (output.status.code().unwrap(), report)
}

#[test]
fn interact_accepts_a_perfect_compound_player_and_names_the_compound() {
    for game in ["sub:1,2", "box-fill"] {
        for kind in COMPOUNDS {
            let (status, report) = interact_compound(game, kind, None, "perfect");
            assert_eq!(status, 0, "{game} {kind}: {report}");
            assert_eq!(report["compound"], kind, "{report}");
            assert_eq!(report["won"], 3, "{game} {kind}: {report}");
        }
    }
}

#[test]
fn interact_catches_a_compound_player_that_does_not_win() {
    for kind in ["conjunctive", "continued"] {
        let (status, report) = interact_compound("sub:1,2", kind, None, "first");
        assert_eq!(status, 1, "{kind}: {report}");
        assert_eq!(report["verdict"], "wrong_answer", "{report}");
        let mistake = report["first_mistake"].as_str().unwrap();
        assert!(mistake.contains(" | "), "{mistake}");
        // The record is a legal game of the compound, move after move (checked by the
        // referee: every move's result is among the compound's options).
        let record = &report["record"];
        let mut referee = Referee::new("sub:1,2", kind);
        let mut position: Vec<String> = record["start"]
            .as_str()
            .unwrap()
            .split(" | ")
            .map(str::to_string)
            .collect();
        for mv in record["moves"].as_array().unwrap() {
            let to: Vec<String> = mv["to"]
                .as_str()
                .unwrap()
                .split(" | ")
                .map(|part| {
                    if part == "-" {
                        String::new()
                    } else {
                        part.to_string()
                    }
                })
                .collect();
            let normal = |parts: &[String]| -> Vec<String> {
                parts
                    .iter()
                    .map(|part| {
                        if part == "-" {
                            String::new()
                        } else {
                            part.clone()
                        }
                    })
                    .collect()
            };
            let options: Vec<Vec<String>> = referee
                .compound_options(&normal(&position))
                .into_iter()
                .map(|option| normal(&option))
                .collect();
            assert!(options.contains(&to), "{kind}: {mv} from {position:?}");
            position = to;
        }
    }
}

#[test]
fn the_jury_loses_a_conjunctive_game_slowest_in_exactly_min_r_moves() {
    // The program is given a won start and wins fastest (the first winning move listed); the
    // jury, stalling, makes the game last exactly min R moves (Smith 1966). The bot writes
    // each game's length to standard error, whose end the report quotes.
    for (game, start) in [("sub:1,2", "7 | 8"), ("sub:1,3,4", "12 | 13 | 20")] {
        let report = json_of(&[
            "analyze",
            game,
            "--compound",
            "conjunctive",
            "--json",
            "--",
            start,
        ]);
        assert_eq!(report["winner"], "first", "{game} {start}");
        let expected = report["deciding"]["value"].as_u64().unwrap();
        let (status, played) = interact_compound(game, "conjunctive", Some(start), "perfect");
        assert_eq!(status, 0, "{played}");
        let stderr = played["stderr"].as_str().unwrap();
        assert_eq!(stderr.trim(), format!("moves {expected}"), "{game} {start}");
    }
}

#[test]
fn play_wins_fastest_and_loses_slowest_where_r_and_s_are_known() {
    let deciding = |compound: &dyn Game, to: &str| -> u64 {
        let report = serde_json::to_value(compound.analyze(to, 1).unwrap()).unwrap();
        report["deciding"]["value"].as_u64().unwrap()
    };
    for game in ["sub:1,2", "sub:1,3,4"] {
        for kind in ["conjunctive", "continued"] {
            let compound =
                compound_of(grundy::resolve(game).unwrap(), kind.parse().unwrap()).unwrap();
            // The first won and the first lost pair of heaps from 6 up.
            let start = |parity: u64| -> String {
                (6..20u64)
                    .flat_map(|a| (a..20).map(move |b| format!("{a} | {b}")))
                    .find(|start| deciding(&*compound, start) % 2 == parity)
                    .unwrap()
            };
            let (won, lost) = (start(1), start(0));
            let (won, lost) = (won.as_str(), lost.as_str());
            // R is the length when the winner hurries and the loser stalls, S when the winner
            // stalls and the loser hurries: the opponent plays the loser's or winner's part.
            let conjunctive = kind == "conjunctive";
            // A won start for the computer: the game lasts exactly min R or max S.
            let value = deciding(&*compound, won);
            assert_eq!(value % 2, 1, "{kind} {game} {won}");
            let (played, last) = piped_game(game, kind, won, &mut |_, moves| {
                let by_value = |m: &&grundy::MoveOutcome| deciding(&*compound, &m.to);
                let chosen = if conjunctive {
                    moves.iter().max_by_key(by_value)
                } else {
                    moves.iter().min_by_key(by_value)
                };
                chosen.unwrap().notation.clone()
            });
            assert_eq!(last, "winner: computer", "{kind} {game} {won}");
            assert_eq!(played as u64, value, "{kind} {game} {won}");
            // A lost start for the computer, which stalls: against a winner hurrying
            // (conjunctive) the game lasts exactly min R; against one stalling (continued), at
            // least max S.
            let value = deciding(&*compound, lost);
            assert_eq!(value % 2, 0, "{kind} {game} {lost}");
            let (played, last) = piped_game(game, kind, lost, &mut |_, moves| {
                let winning = moves.iter().filter(|m| m.wins == Some(true));
                let by_value = |m: &&grundy::MoveOutcome| deciding(&*compound, &m.to);
                let chosen = if conjunctive {
                    winning.min_by_key(by_value)
                } else {
                    winning.max_by_key(by_value)
                };
                chosen.expect("a winning move").notation.clone()
            });
            assert_eq!(last, "winner: human", "{kind} {game} {lost}");
            if conjunctive {
                assert_eq!(played as u64, value, "{kind} {game} {lost}");
            } else {
                assert!(played as u64 >= value, "{kind} {game} {lost}: {played}");
            }
        }
    }
}

/// A script in heap form without splits (subtraction {1, 3}), written to a scratch file.
fn subtraction_script() -> String {
    let path = std::env::temp_dir().join(format!(
        "grundy-compounds-sub13-{}.rhai",
        std::process::id()
    ));
    std::fs::write(
        &path,
        "fn rules() { \"take 1 or 3 tokens from a heap\" }\n\
         fn heap_options(n) {\n\
             let options = [];\n\
             for take in [1, 3] { if take <= n { options.push([n - take]); } }\n\
             options\n\
         }\n",
    )
    .unwrap();
    path.display().to_string()
}

#[test]
fn scripts_in_heap_form_play_every_compound() {
    let sub13 = subtraction_script();
    for script in ["examples/games/kayles.rhai", sub13.as_str()] {
        for kind in COMPOUNDS {
            let compound =
                compound_of(grundy::resolve(script).unwrap(), kind.parse().unwrap()).unwrap();
            let mut referee = Referee::new(script, kind);
            for sum in sums(&heaps(3)) {
                let json = library_report(&*compound, &written(&sum));
                check(&mut referee, &sum, &json);
            }
            // And through the binary.
            let sum = vec!["3".to_string(), "4".to_string()];
            let output = Command::cargo_bin("grundy")
                .unwrap()
                .args([
                    "analyze",
                    script,
                    "--compound",
                    kind,
                    "--json",
                    "--",
                    "3 | 4",
                ])
                .output()
                .unwrap();
            check(&mut referee, &sum, &common::stdout_of_success(output));
        }
    }
    // A script's rule is not tabled: `table --remoteness` says why, located, with status 2.
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["table", &sub13, "--remoteness"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("script's rule"), "{stderr}");
    std::fs::remove_file(&sub13).unwrap();
}

/// The HDU 3595 answer of each case by the referee: MM (first) wins the continued compound.
fn every_sg_answers(cases: &[Vec<(u64, u64)>]) -> Vec<&'static str> {
    let mut referee = Referee::new("euclid", "continued");
    cases
        .iter()
        .map(|case| {
            let components: Vec<String> = case.iter().map(|(p, q)| format!("{p}/{q}")).collect();
            match referee.verdict(&components).0.as_str() {
                "first" => "MM",
                _ => "GG",
            }
        })
        .collect()
}

#[test]
fn every_sg_format_agrees_with_the_referee_on_every_small_input() {
    // Every case of one to three games with piles up to 4 (a zero pile: that game is over), all
    // in one input read to its end, answered by `solve euclid`.
    let piles: Vec<(u64, u64)> = (0..=4).flat_map(|p| (0..=4).map(move |q| (p, q))).collect();
    let mut cases = Vec::new();
    for a in 0..piles.len() {
        cases.push(vec![piles[a]]);
        for b in a..piles.len() {
            cases.push(vec![piles[a], piles[b]]);
            for c in (b..piles.len()).step_by(2) {
                cases.push(vec![piles[a], piles[b], piles[c]]);
            }
        }
    }
    let mut input = String::new();
    for case in &cases {
        input.push_str(&format!("{}\n", case.len()));
        for (p, q) in case {
            input.push_str(&format!("{p} {q}\n"));
        }
    }
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "euclid"])
        .write_stdin(input)
        .output()
        .unwrap();
    let printed = common::stdout_of_success(output);
    let printed: Vec<&str> = printed.lines().collect();
    assert_eq!(printed, every_sg_answers(&cases));
    // Both answers occur, and a disjunctive nim-sum would differ somewhere.
    assert!(printed.contains(&"MM") && printed.contains(&"GG"));
}

#[test]
fn judge_accepts_the_every_sg_solution_and_catches_a_nim_sum_one() {
    let dir = std::env::temp_dir().join(format!("grundy-every-sg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let judge = |program: &str| {
        Command::cargo_bin("grundy")
            .unwrap()
            .current_dir(&dir)
            .args([
                "judge",
                "euclid",
                "--seed",
                "3",
                "--time-limit",
                "10",
                "--cases",
                "40",
                "--json",
                "--",
            ])
            .args(["python3", &format!("{root}/{program}")])
            .output()
            .unwrap()
    };
    let accepted = judge("examples/contest/gg_mm.py");
    assert_eq!(accepted.status.code(), Some(0), "{accepted:?}");
    let rejected = judge("tests/contest_programs/gg_mm_nim_sum.py");
    assert_eq!(rejected.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&rejected.stdout).unwrap();
    assert_eq!(report["verdict"], "wrong_answer", "{report}");
    // The shrunk input is saved; the referee decides it independently.
    let saved = std::fs::read_to_string(dir.join("grundy-judge-euclid.txt")).unwrap();
    let numbers: Vec<u64> = saved
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut cases = Vec::new();
    let mut at = 0;
    while at < numbers.len() {
        let n = numbers[at] as usize;
        let case = (0..n)
            .map(|i| (numbers[at + 1 + 2 * i], numbers[at + 2 + 2 * i]))
            .collect::<Vec<_>>();
        at += 1 + 2 * n;
        cases.push(case);
    }
    let expected: Vec<String> = report["expected"]
        .as_str()
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let referee: Vec<String> = every_sg_answers(&cases)
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(expected, referee, "{saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn euclid_verifies_as_a_game_and_as_a_compound() {
    for args in [
        vec!["verify", "euclid", "--size", "5"],
        vec!["verify", "euclid", "--compound", "continued", "--size", "4"],
    ] {
        let output = Command::cargo_bin("grundy")
            .unwrap()
            .args(&args)
            .output()
            .unwrap();
        let text = common::stdout_of_success(output);
        assert!(text.lines().count() >= 1, "{text}");
        for line in text.lines() {
            assert!(line.ends_with(", 0 disagreements"), "{line}");
        }
    }
}
