//! `grundy play` on coin-turning games through the binary, against a random opponent over a
//! pipe: from every won start (rows and boards, found by a search written here from the
//! rules) the computer wins, each of its moves is legal by the rules as written here and leads
//! to the position the session prints, and every random move of the opponent is accepted.

use std::collections::{BTreeSet, HashMap};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A rule of one axis, as its name in the game's spelling.
#[derive(Clone, Copy, Debug)]
enum Rule {
    Ruler,
    MockTurtles,
    Turtles,
    Twins,
}

/// Every move of `rule` whose rightmost coin is `at`: the coins it turns (ascending) and its
/// notation (a run `a..h`, else the coins joined by commas).
fn axis_moves(rule: Rule, at: u32) -> Vec<(Vec<u32>, String)> {
    let mut moves = Vec::new();
    let single = (vec![at], at.to_string());
    match rule {
        Rule::Ruler => {
            moves.push(single);
            for from in 1..at {
                moves.push(((from..=at).collect(), format!("{from}..{at}")));
            }
        }
        Rule::Turtles | Rule::Twins | Rule::MockTurtles => {
            if !matches!(rule, Rule::Twins) {
                moves.push(single);
            }
            for s in 1..at {
                moves.push((vec![s, at], format!("{s},{at}")));
                if matches!(rule, Rule::MockTurtles) {
                    for r in 1..s {
                        moves.push((vec![r, s, at], format!("{r},{s},{at}")));
                    }
                }
            }
        }
    }
    moves
}

/// A coin game: a row under one rule, or a board under two.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Row(Rule),
    Board(Rule, Rule),
}

/// A position: the heads, as (x, y) squares (y = 1 on a row).
type Heads = BTreeSet<(u32, u32)>;

/// Every legal move of a position: its notation and the squares it turns.
fn legal_moves(shape: Shape, heads: &Heads) -> Vec<(String, Vec<(u32, u32)>)> {
    let mut moves = Vec::new();
    for &(a, b) in heads {
        match shape {
            Shape::Row(rule) => {
                for (coins, notation) in axis_moves(rule, a) {
                    moves.push((notation, coins.iter().map(|&x| (x, 1)).collect()));
                }
            }
            Shape::Board(first, second) => {
                for (xs, x_notation) in axis_moves(first, a) {
                    for (ys, y_notation) in axis_moves(second, b) {
                        let squares = xs
                            .iter()
                            .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
                            .collect();
                        moves.push((format!("{x_notation}*{y_notation}"), squares));
                    }
                }
            }
        }
    }
    moves
}

fn turn(heads: &Heads, squares: &[(u32, u32)]) -> Heads {
    let mut after = heads.clone();
    for square in squares {
        if !after.remove(square) {
            after.insert(*square);
        }
    }
    after
}

/// Whether the player to move loses, by search over the moves above.
fn lost(shape: Shape, heads: &Heads, memo: &mut HashMap<Heads, bool>) -> bool {
    if let Some(&known) = memo.get(heads) {
        return known;
    }
    let result = legal_moves(shape, heads)
        .iter()
        .all(|(_, squares)| !lost(shape, &turn(heads, squares), memo));
    memo.insert(heads.clone(), result);
    result
}

fn spelled(shape: Shape, heads: &Heads) -> String {
    heads
        .iter()
        .map(|&(x, y)| match shape {
            Shape::Row(_) => x.to_string(),
            Shape::Board(..) => format!("{x},{y}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A seeded generator (splitmix64), so a failure replays.
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// `grundy play` as a child over pipes.
struct Session {
    child: Child,
    input: ChildStdin,
    output: ChildStdout,
    transcript: String,
}

impl Session {
    fn start(game: &str, start: &str) -> Session {
        let mut args = vec!["play".to_string(), game.to_string()];
        args.extend(start.split(' ').map(str::to_string));
        args.extend(["--first".to_string(), "computer".to_string()]);
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("grundy starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        Session {
            child,
            input,
            output,
            transcript: String::new(),
        }
    }

    /// Reads until the prompt `> ` (true) or the end of the output (false); returns the text
    /// read.
    fn read_turn(&mut self) -> (String, bool) {
        let mut text = String::new();
        let mut byte = [0u8];
        loop {
            if self.output.read(&mut byte).unwrap() == 0 {
                self.transcript.push_str(&text);
                return (text, false);
            }
            text.push(char::from(byte[0]));
            if text.ends_with("\n> ") || text == "> " {
                self.transcript.push_str(&text);
                return (text, true);
            }
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push_str(line);
        self.transcript.push('\n');
        writeln!(self.input, "{line}").unwrap();
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The last `position:` line of a turn's text, as heads.
fn shown_position(shape: Shape, text: &str) -> Heads {
    let line = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("position:"))
        .unwrap_or_else(|| panic!("no position in {text:?}"));
    line.split_whitespace()
        .map(|cell| match shape {
            Shape::Row(_) => (cell.parse().unwrap(), 1),
            Shape::Board(..) => {
                let (x, y) = cell.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            }
        })
        .collect()
}

/// One game from a won `start`, the computer first, the opponent random: every computer move
/// is legal, leads where the session says and leaves a lost position, and the computer wins.
fn computer_wins(
    game: &str,
    shape: Shape,
    start: &Heads,
    random: &mut Seeded,
    memo: &mut HashMap<Heads, bool>,
) {
    let mut session = Session::start(game, &spelled(shape, start));
    let mut heads = start.clone();
    loop {
        let (text, prompt) = session.read_turn();
        let log = || session.transcript.clone();
        let played = text
            .lines()
            .find_map(|line| line.strip_prefix("computer plays "))
            .unwrap_or_else(|| panic!("{game}: the computer did not move\n{}", log()));
        let notation = played.split(' ').next().unwrap();
        let legal = legal_moves(shape, &heads);
        let squares = &legal
            .iter()
            .find(|(written, _)| written == notation)
            .unwrap_or_else(|| panic!("{game}: {notation} is not a legal move\n{}", log()))
            .1;
        heads = turn(&heads, squares);
        assert_eq!(shown_position(shape, &text), heads, "{game}\n{}", log());
        assert!(
            lost(shape, &heads, memo),
            "{game}: {notation} leaves a won position\n{}",
            log()
        );
        assert!(!text.contains("illegal"), "{game}\n{}", log());
        if !prompt {
            assert!(
                text.trim_end().ends_with("winner: computer"),
                "{game}\n{}",
                log()
            );
            assert!(legal_moves(shape, &heads).is_empty(), "{game}\n{}", log());
            return;
        }
        let moves = legal_moves(shape, &heads);
        assert!(
            !moves.is_empty(),
            "{game}: a prompt with no move\n{}",
            log()
        );
        let (notation, squares) = &moves[random.below(moves.len())];
        heads = turn(&heads, squares);
        session.send(notation);
    }
}

/// Every won start among `count` random positions of up to `most` heads on `cells`.
fn won_starts(
    shape: Shape,
    cells: &[(u32, u32)],
    most: usize,
    count: usize,
    random: &mut Seeded,
    memo: &mut HashMap<Heads, bool>,
) -> Vec<Heads> {
    let mut starts = Vec::new();
    while starts.len() < count {
        let size = 1 + random.below(most);
        let heads: Heads = (0..size)
            .map(|_| cells[random.below(cells.len())])
            .collect();
        if !lost(shape, &heads, memo) {
            starts.push(heads);
        }
    }
    starts
}

#[test]
fn play_wins_every_won_row_against_a_random_opponent() {
    let mut random = Seeded(37);
    let row: Vec<(u32, u32)> = (1..=9).map(|x| (x, 1)).collect();
    for (game, rule) in [
        ("coins:mock-turtles", Rule::MockTurtles),
        ("coins:ruler", Rule::Ruler),
        ("coins:turtles", Rule::Turtles),
        ("coins:twins", Rule::Twins),
    ] {
        let shape = Shape::Row(rule);
        let mut memo = HashMap::new();
        for start in won_starts(shape, &row, 5, 6, &mut random, &mut memo) {
            computer_wins(game, shape, &start, &mut random, &mut memo);
        }
    }
}

#[test]
fn play_wins_every_won_board_against_a_random_opponent() {
    let mut random = Seeded(41);
    let board = |side: u32| -> Vec<(u32, u32)> {
        (1..=side)
            .flat_map(|x| (1..=side).map(move |y| (x, y)))
            .collect()
    };
    for (game, first, second, side) in [
        ("turning-corners", Rule::Turtles, Rule::Turtles, 4),
        ("coins:twins*twins", Rule::Twins, Rule::Twins, 4),
        (
            "coins:ruler*mock-turtles",
            Rule::Ruler,
            Rule::MockTurtles,
            3,
        ),
    ] {
        let shape = Shape::Board(first, second);
        let mut memo = HashMap::new();
        for start in won_starts(shape, &board(side), 4, 6, &mut random, &mut memo) {
            computer_wins(game, shape, &start, &mut random, &mut memo);
        }
    }
}

/// `grundy interact turning-corners` with a bot written here (tests/contest_programs/
/// corners_bot.py): played perfectly by the Tartan theorem it is accepted on every game;
/// playing at random it loses a winnable game and is told so.
#[test]
fn interact_judges_a_turning_corners_bot() {
    let bot = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/contest_programs/corners_bot.py"
    );
    let interact = |seed: &str, mode: &[&str]| {
        let mut args = vec![
            "interact",
            "turning-corners",
            "--time-limit",
            "10",
            "--seed",
            seed,
            "--",
            "python3",
            bot,
        ];
        args.extend(mode);
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(&args)
            .output()
            .expect("grundy runs")
    };
    for seed in ["1", "2"] {
        let output = interact(seed, &[]);
        let report = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{report}");
        assert!(
            report.starts_with("turning-corners: accepted, won 20 of 20 games"),
            "{report}"
        );
    }
    let output = interact("4", &["random"]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("wrong answer"), "{report}");
    assert!(report.contains("first losing move"), "{report}");
}
