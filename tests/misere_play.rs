//! `grundy play GAME POSITION --misere` driven through its standard input and output, move by
//! move, against a referee written here from the rules and from the definition of misère play
//! (a player with no move wins): grundy never leaves the human a won position once it holds a
//! won one, so it wins every won game; and a human who plays the referee's winning moves beats
//! it from a won position (the session names the right winner under misère play).
//!
//! The games: misère Nim (`0.3333333333333333`, heaps of at most 16 taken whole: tame), Kayles
//! (`0.77`) and `0.75` (wild heap games, decided through misère quotients), and end-piles (a
//! fixed game, decided by Cairns and Ho's theorem).

mod common;

use common::{MisereReferee, kayles_options, octal_options, spaced};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// A position: heap sizes (ascending) for the heap games, pile sizes left to right for end-piles.
type Position = Vec<u64>;

/// The options of a position, from the rules alone.
type Options = fn(&[u64]) -> Vec<Position>;

fn nim_options(position: &[u64]) -> Vec<Position> {
    octal_options(&[3; 16], position)
}

fn code_075_options(position: &[u64]) -> Vec<Position> {
    octal_options(&[7, 5], position)
}

/// End-piles: remove any positive number of stones from the leftmost or the rightmost pile (an
/// emptied pile leaves the row).
fn end_piles_options(position: &[u64]) -> Vec<Position> {
    let mut all = Vec::new();
    let Some(last) = position.len().checked_sub(1) else {
        return all;
    };
    for end in [0, last] {
        for keep in 0..position[end] {
            let mut next = position.to_vec();
            if keep == 0 {
                next.remove(end);
            } else {
                next[end] = keep;
            }
            all.push(next);
        }
        if last == 0 {
            break;
        }
    }
    all
}

fn parse(text: &str) -> Position {
    text.split_whitespace()
        .map(|word| word.parse().expect("a position of numbers"))
        .collect()
}

/// A small deterministic random number generator (xorshift), so that the human's moves are
/// reproducible.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// How the human side plays.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Human {
    /// A random legal move.
    Random,
    /// The referee's winning move when there is one (else a random one).
    Perfect,
}

/// One game of `grundy play GAME START --misere`, the side to move first chosen by the referee:
/// the computer when the start is won for the player to move (the human then plays `human`'s
/// way), and the human otherwise (from a lost position). Every position the human is shown must
/// be the referee's, every position the computer leaves must be lost for the human, and the
/// session must end with the computer winning. With `Human::Perfect` and `human_first`, the
/// human starts from a won position and must be named the winner. Returns the number of moves
/// played.
fn misere_session(
    game: &str,
    options: Options,
    empty_move: fn(&Position) -> String,
    start: &Position,
    human: Human,
    human_first: bool,
    seed: u64,
) -> usize {
    let mut referee = MisereReferee::new(options);
    let start_won = referee.is_won(start);
    let computer_first = start_won && !human_first;
    let expected_winner = if human_first && start_won {
        "human"
    } else {
        "computer"
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", game])
        .args(start.iter().map(u64::to_string))
        .args([
            "--misere",
            "--first",
            if computer_first { "computer" } else { "human" },
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    let mut input = child.stdin.take().expect("piped");
    let mut output = BufReader::new(child.stdout.take().expect("piped"));
    let mut dice = Dice(seed | 1);
    let mut transcript = String::new();
    let mut current = start.clone();
    let mut computer_to_move = computer_first;
    let mut moves = 0;
    let mut computer_moved = false;
    let winner = loop {
        let mut line = String::new();
        let read = output.read_line(&mut line).expect("grundy's output");
        assert!(read > 0, "{game} {start:?}: the output ended\n{transcript}");
        transcript.push_str(&line);
        let line = line.trim_end_matches('\n');
        let line = line.trim_start_matches("> ");
        if let Some(winner) = line.strip_prefix("winner: ") {
            break winner.to_string();
        }
        if let Some(played) = line.strip_prefix("computer plays ") {
            assert!(
                computer_to_move,
                "{game}: the computer moved out of turn\n{transcript}"
            );
            assert!(
                !played.contains("beyond analysis"),
                "{game}: the computer could not analyse\n{transcript}"
            );
            computer_to_move = false;
            computer_moved = true;
            moves += 1;
            continue;
        }
        let Some(shown) = line.strip_prefix("position: ") else {
            panic!("{game}: unexpected line `{line}`\n{transcript}");
        };
        let shown = parse(shown);
        if computer_to_move {
            panic!("{game}: shown {shown:?} before the computer moved\n{transcript}");
        }
        if computer_moved {
            // The computer moved from `current`: to one of its options, and from a won
            // position to a lost one.
            assert!(
                options(&current).contains(&shown),
                "{game}: {shown:?} is not one move from {current:?}\n{transcript}"
            );
            assert!(
                !referee.is_won(&current) || !referee.is_won(&shown),
                "{game}: from {current:?} (won) the computer left {shown:?}, a won position \
                 for the human\n{transcript}"
            );
        } else {
            assert_eq!(shown, current, "{game}\n{transcript}");
        }
        computer_moved = false;
        current = shown;
        if options(&current).is_empty() {
            // No move: the session writes the winner next.
            continue;
        }
        let next = match human {
            Human::Perfect => referee.winning_move(&current),
            Human::Random => None,
        }
        .unwrap_or_else(|| {
            let all = options(&current);
            all[dice.below(all.len())].clone()
        });
        let typed = if next.is_empty() {
            empty_move(&current)
        } else {
            spaced(&next)
        };
        writeln!(input, "{typed}").expect("grundy reads");
        input.flush().expect("grundy reads");
        // A move to a position without moves ends the game: the session shows it, then the
        // winner.
        computer_to_move = !options(&next).is_empty();
        current = next;
        moves += 1;
    };
    drop(input);
    let status = child.wait().expect("grundy ends");
    assert!(
        status.success(),
        "{game}: exit status {status}\n{transcript}"
    );
    assert!(
        !transcript.contains("illegal"),
        "{game}: a move was refused\n{transcript}"
    );
    assert_eq!(
        winner, expected_winner,
        "{game} from {start:?} ({human:?} human, human first: {human_first})\n{transcript}"
    );
    moves
}

/// The move that takes a single heap whole, in the heap games' notation.
fn take_the_heap(position: &Position) -> String {
    format!("1-{}", position[0])
}

/// The move that empties the only pile of end-piles.
fn empty_the_pile(_: &Position) -> String {
    "L0".to_string()
}

/// Every start both ways: the computer first from the won starts (against random play), the
/// human first from the lost ones (random play), and the human first from the won ones
/// (perfect play: the human must win).
fn play_every_start(
    game: &str,
    options: Options,
    empty_move: fn(&Position) -> String,
    starts: &[&str],
) {
    let mut referee = MisereReferee::new(options);
    let (mut won, mut lost) = (0, 0);
    for (seed, start) in (1u64..).zip(starts) {
        let start = parse(start);
        // (human, human moves first, seed) for each session from this start.
        let sessions: &[(Human, bool, u64)] = if referee.is_won(&start) {
            won += 1;
            &[
                (Human::Random, false, seed),
                (Human::Random, false, seed + 100),
                (Human::Perfect, true, seed),
            ]
        } else {
            lost += 1;
            &[(Human::Random, false, seed)]
        };
        for &(human, human_first, seed) in sessions {
            misere_session(game, options, empty_move, &start, human, human_first, seed);
        }
    }
    assert!(
        won > 0 && lost > 0,
        "{game}: the starts should include won and lost positions ({won} won, {lost} lost)"
    );
}

#[test]
fn misere_nim_over_a_pipe() {
    // Bouton: 1 2 3 and 1 1 1 are lost, 2 2 is lost, 1 1 and 1 4 5 are won.
    play_every_start(
        "0.3333333333333333",
        nim_options,
        take_the_heap,
        &["1 2 3", "1 1 1", "2 2", "1 1", "1 4 5", "3 5 7", "2 6 9"],
    );
}

#[test]
fn misere_kayles_over_a_pipe() {
    play_every_start(
        "0.77",
        kayles_options,
        take_the_heap,
        &[
            "3 5 7", "4 8", "1 4", "2 6 9", "5 5", "1 2 3 4", "9", "4 4 9",
        ],
    );
}

#[test]
fn misere_075_over_a_pipe() {
    play_every_start(
        "0.75",
        code_075_options,
        take_the_heap,
        &["5 7", "3 6 9", "1 5", "2 2", "5 5 5", "4 9 10", "12"],
    );
}

#[test]
fn misere_end_piles_over_a_pipe() {
    play_every_start(
        "end-piles",
        end_piles_options,
        empty_the_pile,
        &[
            "3 1 9 5", "2 2", "1 1 1", "1 1", "1 2 3", "4 1 4", "2 5 3 1",
        ],
    );
}

#[test]
fn the_referee_is_bouton_on_misere_nim() {
    // The referee itself, against Bouton's rule for misère Nim: lost exactly when every heap is
    // 1 and their number is odd, or some heap is at least 2 and the nim-sum is 0.
    let mut referee = MisereReferee::new(nim_options);
    for a in 0..=6u64 {
        for b in a..=6 {
            for c in b..=6 {
                let position: Position = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                let all_ones = position.iter().all(|&h| h == 1);
                let bouton_lost = if all_ones {
                    position.len() % 2 == 1
                } else {
                    a ^ b ^ c == 0
                };
                assert_eq!(!referee.is_won(&position), bouton_lost, "{position:?}");
            }
        }
    }
}
