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
use grundy::core::{ExhaustiveSolver, ImpartialGame, Winner};
use grundy::play::Side;
use grundy::resolve;
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
        assert!(
            line >= 1 && line <= lines.len(),
            "line {line} of {}",
            lines.len()
        );
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
fn is_tiny<G: ImpartialGame + std::fmt::Display>(position: &G) -> bool {
    let numbers = numbers_in(&position.to_string());
    numbers.len() <= 4 && numbers.iter().all(|&n| n <= 6)
}

/// Runs the checks of one game on `data`: its first line is a position in the game's notation,
/// each further line a move (or a target position) typed in `play`. `affordable` says whether
/// the theory answers a position quickly (some theories are exponential or take seconds on
/// purpose at the edges of their domain: those are left to the tests).
pub fn check_game<G: Theory>(
    game: &str,
    data: &[u8],
    parse: impl Fn(&str) -> Result<G, InputError>,
    affordable: impl Fn(&G) -> bool,
) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let mut position: G = match parse(first) {
        Ok(position) => position,
        Err(error) => {
            check_error_location(first.as_bytes(), &error);
            return;
        }
    };
    check_round_trip(&position, &parse);
    let trimmed = first.trim_matches(|c: char| c.is_ascii_whitespace());
    if G::is_canonical_text(trimmed) {
        assert_eq!(
            position.to_string(),
            trimmed,
            "canonical text is what Display writes"
        );
    }
    if affordable(&position) {
        check_analysis(game, &position, &parse, &affordable);
    }
    check_play_helpers(&position);
    for line in lines.take(MOVES) {
        let Some(next) = check_move_line(&position, line, &parse) else {
            continue;
        };
        position = next;
        check_play_helpers(&position);
        if affordable(&position) {
            check_analysis(game, &position, &parse, &affordable);
        }
    }
}

/// A position prints in a form that parses back to it (when that form is in the domain: a move
/// may lead just outside it, see bean-split).
fn check_round_trip<G: Theory>(position: &G, parse: &impl Fn(&str) -> Result<G, InputError>) {
    let shown = position.to_string();
    if let Ok(again) = parse(&shown) {
        assert_eq!(&again, position, "`{shown}` reads back as itself");
        assert_eq!(again.to_string(), shown);
    }
}

/// The moves `play` shows (`moves`) and the computer's quiet move are legal, and there is a
/// quiet move exactly when there is any move.
fn check_play_helpers<G: Theory>(position: &G) {
    let (some, _) = position.some_moves(16);
    assert!(some.len() <= 16);
    for mv in &some {
        let notation = position.format_move(mv);
        assert_eq!(
            position.parse_move(&notation).as_ref(),
            Ok(mv),
            "`{notation}`"
        );
    }
    let quiet = position.quiet_move();
    assert_eq!(
        quiet.is_some(),
        !some.is_empty(),
        "a quiet move exactly when there are moves"
    );
    if let Some(mv) = quiet {
        let notation = position.format_move(&mv);
        assert_eq!(position.parse_move(&notation), Ok(mv), "`{notation}`");
    }
}

/// What `play` does with one typed line: a move in the game's notation, or else the position to
/// move to. Returns the position reached, if the line was accepted.
fn check_move_line<G: Theory>(
    position: &G,
    line: &str,
    parse: &impl Fn(&str) -> Result<G, InputError>,
) -> Option<G> {
    let mv = match position.parse_move(line) {
        Ok(mv) => mv,
        Err(message) => {
            assert!(!message.is_empty());
            let target: G = parse(line).ok()?;
            let mv = position.move_to(&target)?;
            assert_eq!(
                &position.play(&mv),
                &target,
                "move_to's move reaches the target"
            );
            mv
        }
    };
    let next = position.play(&mv);
    check_round_trip(&next, parse);
    // The move's own notation names the same legal move.
    let notation = position.format_move(&mv);
    assert_eq!(
        position.parse_move(&notation).as_ref(),
        Ok(&mv),
        "`{notation}`"
    );
    Some(next)
}

/// Analyses `position` and checks the report's invariants.
fn check_analysis<G: Theory>(
    game: &str,
    position: &G,
    parse: &impl Fn(&str) -> Result<G, InputError>,
    affordable: &impl Fn(&G) -> bool,
) {
    let Ok(analysis) = analyze(game, position, LIMIT) else {
        return;
    };
    let listed = &analysis.winning_moves;
    let total = analysis.winning_move_count;
    assert_eq!(
        analysis.winner == Winner::First,
        total > 0,
        "the winner agrees with the winning-move count"
    );
    assert!(listed.len() <= LIMIT);
    assert!(listed.len() as u128 <= total);
    if total > listed.len() as u128 {
        assert_eq!(listed.len(), LIMIT, "moves are listed up to the limit");
    }
    if let Some(value) = analysis.grundy {
        assert_eq!(
            value != 0,
            analysis.winner == Winner::First,
            "grundy value {value}"
        );
    }
    if let Ok(winner) = position.winner() {
        assert_eq!(winner, analysis.winner, "winner() agrees with the moves");
    }
    let mut seen = HashSet::new();
    for winning in listed {
        let notation = &winning.notation;
        let mv = position
            .parse_move(notation)
            .unwrap_or_else(|_| panic!("the listed move `{notation}` is legal"));
        assert_eq!(&position.format_move(&mv), notation);
        let to = position.play(&mv);
        assert_eq!(
            to.to_string(),
            winning.to,
            "`{notation}` leads where it says"
        );
        check_round_trip(&to, parse);
        assert!(
            seen.insert(to.to_string()),
            "`{notation}` leads to a new position"
        );
        if affordable(&to)
            && let Ok(after) = to.winning_moves(0)
        {
            assert_eq!(
                after.total, 0,
                "`{notation}` leaves the opponent a lost position"
            );
        }
    }
    let value = serde_json::to_value(&analysis).expect("the report is JSON");
    assert_eq!(value["game"], game);
    assert_eq!(
        value["winning_moves"].as_array().map(Vec::len),
        Some(listed.len())
    );
    assert!(analysis.to_string().starts_with("game:"));
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
    let game = resolve(game).expect("a known game");
    let format = game.format(dialect).expect("a known format");
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

/// Runs [`resolve`] on the first line of `data` (a game's spelling: a fixed game or a heap
/// family); if it names a game, the second line is a position for it, checked through the
/// string interface every command uses ([`grundy::Game`]): a `play` session on the
/// lines after it (moves, target positions, commands: the heap families' move parser), and
/// `analyze --json` reports that agree with themselves and with the position's legal moves, each
/// marked winning or not.
pub fn check_resolve(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.splitn(3, '\n');
    let spelling = lines.next().unwrap_or("");
    let game = match resolve(spelling) {
        Ok(game) => game,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let info = game.info();
    assert!(!info.name.is_empty() && !info.domain.is_empty());
    assert_eq!(
        resolve(&info.name)
            .expect("the canonical name resolves")
            .info()
            .name,
        info.name
    );
    let position = lines.next().unwrap_or("");
    // Heap families compute a table up to the largest heap (seconds near their work limit),
    // bounded-take and chocolate have slow cases on purpose: small numbers and few of them here.
    let numbers = numbers_in(position);
    if numbers.len() > 12 || numbers.iter().any(|&n| n > 300) {
        return;
    }
    // `play` on the rest of the input: each line a move, a target position or a command.
    let typed = lines.next().unwrap_or("");
    // A typed target position is read like any position (a heap family computes its table up
    // to the largest heap): small numbers only, as above.
    let typed: String = typed
        .lines()
        .take(MOVES)
        .filter(|line| numbers_in(line).iter().all(|&n| n <= 300))
        .map(|line| format!("{line}\n"))
        .collect();
    let mut session = Vec::new();
    if let Some(player) = game.capabilities().session
        && player
            .play(position, Side::Human, &mut typed.as_bytes(), &mut session)
            .is_ok()
    {
        let session = String::from_utf8(session).expect("the session is text");
        assert!(session.contains("position: "), "{session}");
    }
    let Ok(analysis) = game.analyze(position, LIMIT) else {
        return;
    };
    // The JSON `analyze --json` prints, and its text beside it.
    let report: serde_json::Value =
        serde_json::from_str(&analysis.to_json()).expect("one JSON object");
    assert!(analysis.to_string().contains("winner:"), "{analysis}");
    let count = report["winning_move_count"].as_u64().expect("a count");
    let listed = report["winning_moves"].as_array().expect("a list");
    let first = report["winner"] == "first";
    assert_eq!(first, count > 0, "{report}");
    assert_eq!(listed.len() as u64, count.min(LIMIT as u64), "{report}");
    if let Some(value) = report["grundy"].as_u64() {
        assert_eq!(value != 0, first, "{report}");
    }
    let Ok(moves) = game.moves(position, 4096) else {
        return;
    };
    assert_eq!(moves.winner == Winner::First, first);
    assert_eq!(
        moves.position,
        report["position"].as_str().unwrap(),
        "{report}"
    );
    if moves.more {
        return;
    }
    let winning: Vec<_> = moves
        .moves
        .iter()
        .filter(|m| m.wins == Some(true))
        .collect();
    assert_eq!(first, !winning.is_empty(), "{report}");
    for listed in listed {
        let (mv, to) = (
            listed["move"].as_str().unwrap(),
            listed["to"].as_str().unwrap(),
        );
        assert!(
            winning.iter().any(|m| m.notation == mv && m.to == to),
            "`{mv}` to `{to}` is a legal winning move: {report}"
        );
    }
    let distinct: HashSet<&str> = winning.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(
        distinct.len() as u64,
        count,
        "one count per resulting position: {report}"
    );
    if let Ok(Some(computer)) = game.best_move(position) {
        assert!(
            moves
                .moves
                .iter()
                .any(|m| m.notation == computer.notation && m.to == computer.to)
        );
        assert_eq!(computer.wins == Some(true), first);
    }
}
