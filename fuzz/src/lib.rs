//! The checks behind grundy's fuzz targets (`fuzz_targets/`), one function per kind of entry
//! point that reads outside bytes: a game's position, move and target-position parsers together
//! with `analyze` on whatever parses ([`check_game`]), and a judge format's reader
//! ([`check_judge`]).
//!
//! Beyond "no panic", they check what every report must satisfy: the winner agrees with the
//! winning-move count, every listed move is legal (the game's own move parser accepts its
//! notation), leads to a distinct position that is lost for the opponent, and the JSON is one
//! well-formed object; a parsed position prints back to itself; an error names a place in the
//! input. Tiny positions are also checked against the exhaustive solver.

use grundy::analysis::analyze;
use grundy::core::{ExhaustiveSolver, Winner};
use grundy::judge::find_format;
use grundy::scanner::{InputError, Location};
use grundy::theory::Theory;
use std::collections::HashSet;

/// How many winning moves are listed (each is checked, and each builds a whole position).
const LIMIT: usize = 8;

/// How many move lines one input may play.
const MOVES: usize = 8;

/// Checks that a located error points inside `text` (a line that exists, a column on it).
pub fn check_error_location(text: &[u8], error: &InputError) {
    assert!(!error.message.is_empty(), "an error says what is wrong");
    if let Location::At { line, column } = error.location {
        let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        assert!(line >= 1 && line <= lines.len(), "line {line} of {}", lines.len());
        assert!(
            column >= 1 && column <= lines[line - 1].len(),
            "column {column} of a line of {} bytes",
            lines[line - 1].len()
        );
    }
}

/// The integers written in a position's text (for the "tiny position" test).
fn numbers_in(text: &str) -> Vec<u128> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|piece| !piece.is_empty())
        .map(|piece| piece.parse().unwrap_or(u128::MAX))
        .collect()
}

/// Whether the exhaustive solver can referee `position` quickly: a few small numbers.
fn is_tiny<G: Theory>(position: &G) -> bool {
    let numbers = numbers_in(&position.to_string());
    numbers.len() <= 4 && numbers.iter().all(|&n| n <= 6)
}

/// Runs the checks of one game on `data`: its first line is a position in the game's notation,
/// each further line a move (or a target position) typed in `play`. `affordable` says whether
/// the theory answers a position quickly (some theories are exponential or take seconds on
/// purpose at the edges of their domain: those are left to the tests).
pub fn check_game<G: Theory>(game: &str, data: &[u8], affordable: impl Fn(&G) -> bool) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let mut position: G = match first.parse() {
        Ok(position) => position,
        Err(error) => {
            check_error_location(first.as_bytes(), &error);
            return;
        }
    };
    check_round_trip(&position);
    let trimmed = first.trim_matches(|c: char| c.is_ascii_whitespace());
    if G::is_canonical_text(trimmed) {
        assert_eq!(position.to_string(), trimmed, "canonical text is what Display writes");
    }
    if affordable(&position) {
        check_analysis(game, &position, &affordable);
    }
    for line in lines.take(MOVES) {
        let Some(next) = check_move_line(&position, line) else {
            continue;
        };
        position = next;
        if affordable(&position) {
            check_analysis(game, &position, &affordable);
        }
    }
}

/// A position prints in a form that parses back to it (when that form is in the domain: a move
/// may lead just outside it, see bean-split).
fn check_round_trip<G: Theory>(position: &G) {
    let shown = position.to_string();
    if let Ok(again) = shown.parse::<G>() {
        assert_eq!(&again, position, "`{shown}` reads back as itself");
        assert_eq!(again.to_string(), shown);
    }
}

/// What `play` does with one typed line: a move in the game's notation, or else the position to
/// move to. Returns the position reached, if the line was accepted.
fn check_move_line<G: Theory>(position: &G, line: &str) -> Option<G> {
    let mv = match position.parse_move(line) {
        Ok(mv) => mv,
        Err(message) => {
            assert!(!message.is_empty());
            let target: G = line.parse().ok()?;
            let mv = position.move_to(&target)?;
            assert_eq!(&position.play(&mv), &target, "move_to's move reaches the target");
            mv
        }
    };
    let next = position.play(&mv);
    check_round_trip(&next);
    // The move's own notation names the same legal move.
    let notation = position.format_move(&mv);
    assert_eq!(position.parse_move(&notation).as_ref(), Ok(&mv), "`{notation}`");
    Some(next)
}

/// Analyses `position` and checks the report's invariants.
fn check_analysis<G: Theory>(game: &str, position: &G, affordable: &impl Fn(&G) -> bool) {
    let Ok(analysis) = analyze(game, position, LIMIT) else {
        return;
    };
    let moves = &analysis.moves;
    assert_eq!(
        analysis.winner == Winner::First,
        moves.total > 0,
        "the winner agrees with the winning-move count"
    );
    assert!(moves.listed.len() <= LIMIT);
    assert!(moves.listed.len() as u128 <= moves.total);
    if moves.total > moves.listed.len() as u128 {
        assert_eq!(moves.listed.len(), LIMIT, "moves are listed up to the limit");
    }
    if let Some(value) = analysis.grundy {
        assert_eq!(value != 0, analysis.winner == Winner::First, "grundy value {value}");
    }
    if let Ok(winner) = position.winner() {
        assert_eq!(winner, analysis.winner, "winner() agrees with the moves");
    }
    let mut seen = HashSet::new();
    for winning in &moves.listed {
        let notation = position.format_move(&winning.mv);
        assert_eq!(
            position.parse_move(&notation).as_ref(),
            Ok(&winning.mv),
            "the listed move `{notation}` is legal"
        );
        let to = position.play(&winning.mv);
        check_round_trip(&to);
        assert!(seen.insert(to.to_string()), "`{notation}` leads to a new position");
        if affordable(&to)
            && let Ok(after) = to.winning_moves(0)
        {
            assert_eq!(after.total, 0, "`{notation}` leaves the opponent a lost position");
        }
    }
    let json = analysis.to_json();
    let value: serde_json::Value = serde_json::from_str(&json).expect("the report is JSON");
    assert_eq!(value["game"], game);
    assert_eq!(
        value["winning_moves"].as_array().map(Vec::len),
        Some(moves.listed.len())
    );
    analysis.to_text();
    if is_tiny(position) {
        let referee = ExhaustiveSolver::new().grundy_value(position).winner();
        assert_eq!(referee, analysis.winner, "the exhaustive solver agrees");
    }
}

/// Runs the judge reader of `game` (and `dialect`) on `data`: it answers, or reports an error at
/// a place in the input. `affordable` filters inputs whose answer takes seconds on purpose.
pub fn check_judge(game: &str, dialect: Option<&str>, data: &[u8], affordable: fn(&[u8]) -> bool) {
    if !affordable(data) {
        return;
    }
    let format = find_format(game, dialect).expect("a known format");
    match (format.solve)(data) {
        Ok(output) => assert!(output.is_empty() || output.ends_with('\n')),
        Err(error) => check_error_location(data, &error),
    }
}

/// Whether every number token of `data` is at most `limit` (tokens that are not numbers, or
/// overflow `u64`, are errors the reader reports at once).
pub fn numbers_at_most(data: &[u8], limit: u64) -> bool {
    data.split(|b| b.is_ascii_whitespace()).all(|token| {
        match grundy::scanner::parse_u64_bytes(token) {
            Some(value) => value <= limit,
            None => true,
        }
    })
}
