//! Games as values, and the one place that turns a spelling into a game.
//!
//! A [`Game`] owns everything about itself: its name and notation ([`GameInfo`]), how its
//! positions are read, its rules and theory (through its position type), its small positions for
//! `verify`, and its judge formats. [`resolve`] is the only function that knows the spellings:
//! the six fixed games by name, and the heap families (`0.07`, `kayles`, `sub:1,3,4`,
//! `allbut:1,2`, `grundys-game`) built from their parameters, and script files (`game.rhai`,
//! see [`crate::script`]).
//!
//! Adding a fixed game: write its module (a position type implementing
//! [`ImpartialGame`](crate::core::ImpartialGame) and [`Theory`], with `FromStr`/`Display` for its
//! notation and an enumerator of small positions), then add one [`Entry`] to [`fixed_games`].

use crate::analysis::analyze;
use crate::core::Winner;
use crate::enumerate;
use crate::families::heaps::HeapGame;
use crate::families::{FAMILY_HELP, HeapRule, Heaps};
use crate::games::box_fill::BoundRule;
use crate::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};
use crate::judge::{self, Format};
use crate::play::{Ending, Side, play};
use crate::scanner::InputError;
use crate::theory::{AnalysisError, Theory};
use crate::verify::{Report, Verdict, cross_check, progress_bar, theory_check};
use serde::Serialize;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

/// What `grundy list` says about a game.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The command-line name (a family game's canonical spelling, `0.77` for `kayles`).
    pub name: String,
    /// The rules in a line.
    pub rules: String,
    /// The position notation, with an example.
    pub position: String,
    /// The move notation, with an example.
    pub moves: String,
    /// The source problem(s).
    pub source: String,
    /// What `verify --size S` bounds, and the default S.
    pub verify_size: String,
    /// The numbers the game accepts: every position reachable from one of them is computed
    /// exactly, and any other is refused when read (each game module's `DOMAIN`).
    pub domain: String,
}

/// Anything that can go wrong when a command runs on a game.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A malformed position.
    #[error("position: {0}")]
    Position(#[from] InputError),
    /// A position the theory cannot analyse.
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A move that is malformed or not legal in the position.
    #[error("illegal move: {0}")]
    IllegalMove(String),
}

/// One legal move of a position, for a page or a program: its notation, the position it leads
/// to, and whether it wins (leaves a position lost for the opponent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveOutcome {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position it leads to.
    pub to: String,
    /// Whether the move wins; `None` when the theory cannot tell for that position.
    pub wins: Option<bool>,
}

/// A position with every legal move (up to a limit), each marked winning or losing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMoves {
    /// The position, in canonical notation.
    pub position: String,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The Grundy value, where the theory gives one.
    pub grundy: Option<u64>,
    /// The legal moves, at most the limit asked for.
    pub moves: Vec<MoveOutcome>,
    /// Whether there are legal moves beyond those listed.
    pub more: bool,
}

/// A game: everything the commands need, whatever its position type.
pub trait Game: Send + Sync {
    /// Its description.
    fn info(&self) -> &GameInfo;

    /// Its judge formats (the first is the default); empty for games without a judge.
    fn formats(&self) -> &[Format] {
        &[]
    }

    /// The heap game behind it, for games that are sums of heaps (`table` works on those).
    fn heap_game(&self) -> Option<&HeapGame> {
        None
    }

    /// Analyses a position given in the game's notation and writes the report (JSON or text) to
    /// `out`; nothing is written unless the position parses and the theory can analyse it.
    fn analyze(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError>;

    /// Every legal move of a position (at most `limit`), each marked winning or losing.
    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError>;

    /// The move a perfect player makes: a winning move if there is one, else the quiet move;
    /// `None` when there is no legal move.
    fn computer_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError>;

    /// Plays `entry` — a move in the game's notation, or the position to move to — from
    /// `position`; a malformed or illegal entry is [`GameError::IllegalMove`].
    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError>;

    /// Runs the theory against exhaustive search on every position up to `size`; refuses sizes
    /// above the game's maximum (whose position counts would not fit in memory).
    fn verify(&self, size: Option<u64>) -> Result<Vec<Report>, String>;

    /// Runs the game's conjecture against exhaustive search on `position` and every position
    /// reachable from it (script games; others have no conjecture to check).
    fn verify_from(&self, position: &str) -> Result<Vec<Report>, String> {
        let _ = position;
        Err(format!(
            "--from works for script games, which may state a conjecture; {} has a built-in \
             theory (use --size)",
            self.info().name
        ))
    }

    /// Plays a game against a person.
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError>;
}

/// A check of one position against the referee's verdict (see [`crate::verify`]).
pub type Check<G> = fn(&G, &Verdict<G>) -> Result<(), String>;

/// An extra check run by `verify` beside [`theory_check`], with the name of its report line.
pub type ExtraCheck<G> = (&'static str, Check<G>);

/// How a game reads a position.
type Parser<G> = Box<dyn Fn(&str) -> Result<G, InputError> + Send + Sync>;

/// How a game lists its small positions up to a size.
type Enumerator<G> = Box<dyn Fn(u64) -> Vec<G> + Send + Sync>;

/// A game whose positions are of type `G`.
pub struct Entry<G: Theory + 'static> {
    /// The description.
    pub info: GameInfo,
    /// Reads a position in the game's notation.
    pub parse: Parser<G>,
    /// Every small position up to a size.
    pub positions: Enumerator<G>,
    /// The default `--size`.
    pub default_size: u64,
    /// The largest `--size` accepted (the number of positions grows exponentially with it).
    pub max_size: u64,
    /// Further checks, each reported on its own line.
    pub extra_checks: &'static [ExtraCheck<G>],
    /// The judge formats.
    pub formats: &'static [Format],
    /// The heap game, for sums of heaps.
    pub heap_game: Option<Arc<HeapGame>>,
}

/// The outcome of one move from `position`, by the theory.
fn outcome<G: Theory>(position: &G, mv: &G::Move) -> MoveOutcome {
    let next = position.play(mv);
    MoveOutcome {
        notation: position.format_move(mv),
        to: next.to_string(),
        wins: next.winner().ok().map(|winner| winner == Winner::Second),
    }
}

/// Writes the analysis of `parsed` (read from `text`) as text or JSON.
pub(crate) fn write_analysis<G: Theory>(
    name: &str,
    parsed: &G,
    text: &str,
    limit: usize,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), GameError> {
    let mut analysis = analyze(name, parsed, limit)?;
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    analysis.canonical_text = G::is_canonical_text(text).then_some(text);
    if json {
        analysis.write_json(out)?;
        out.write_all(b"\n")?;
    } else {
        analysis.write_text(out)?;
    }
    Ok(())
}

/// Every legal move of `parsed` (at most `limit`), each marked winning or losing.
pub(crate) fn position_moves<G: Theory>(
    parsed: &G,
    limit: usize,
) -> Result<PositionMoves, GameError> {
    let (moves, more) = parsed.some_moves(limit);
    Ok(PositionMoves {
        position: parsed.to_string(),
        winner: parsed.winner()?,
        grundy: parsed.grundy_value().map(|value| value.0),
        moves: moves.iter().map(|mv| outcome(parsed, mv)).collect(),
        more,
    })
}

/// The move `entry` (a move in the notation, or the position to reach) from `parsed`.
pub(crate) fn chosen_outcome<G: Theory, E>(
    parsed: &G,
    entry: &str,
    parse: &dyn Fn(&str) -> Result<G, E>,
) -> Result<MoveOutcome, GameError> {
    let mv = crate::play::chosen_move(parsed, entry, parse).map_err(GameError::IllegalMove)?;
    Ok(outcome(parsed, &mv))
}

/// A perfect player's move from `parsed`: a winning move if any, else the quiet move.
pub(crate) fn best_move<G: Theory>(parsed: &G) -> Result<Option<MoveOutcome>, GameError> {
    let winning = parsed.winning_moves(1)?;
    let chosen = match winning.listed.into_iter().next() {
        Some(winning) => Some(winning.mv),
        None => parsed.quiet_move(),
    };
    Ok(chosen.map(|mv| outcome(parsed, &mv)))
}

impl<G: Theory + Send + Sync + 'static> Game for Entry<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn formats(&self) -> &[Format] {
        self.formats
    }

    fn heap_game(&self) -> Option<&HeapGame> {
        self.heap_game.as_deref()
    }

    fn analyze(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError> {
        let parsed: G = (self.parse)(position)?;
        write_analysis(&self.info.name, &parsed, position, limit, json, out)
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        position_moves(&(self.parse)(position)?, limit)
    }

    fn computer_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        best_move(&(self.parse)(position)?)
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        chosen_outcome(&(self.parse)(position)?, entry, &*self.parse)
    }

    fn verify(&self, size: Option<u64>) -> Result<Vec<Report>, String> {
        let size = size.unwrap_or(self.default_size);
        if size > self.max_size {
            return Err(format!(
                "--size {size} is too large for {} (at most {}: {})",
                self.info.name, self.max_size, self.info.verify_size
            ));
        }
        let positions = (self.positions)(size);
        let name = self.info.name.as_str();
        let main_check: (&str, Check<G>) = (name, theory_check);
        Ok(std::iter::once(main_check)
            .chain(self.extra_checks.iter().copied())
            .map(|(name, check)| {
                cross_check(
                    name,
                    &positions,
                    check,
                    &progress_bar(name, positions.len()),
                )
            })
            .collect())
    }

    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError> {
        let position: G = (self.parse)(position)?;
        Ok(play(
            position,
            first,
            &self.info.moves,
            &*self.parse,
            input,
            output,
        )?)
    }
}

/// Compares bean-split's judge answer (smallest winning move and count, computed by its own
/// O(n) path) with the referee's winning moves.
fn bean_split_judge_check(
    position: &BeanSplit,
    verdict: &Verdict<BeanSplit>,
) -> Result<(), String> {
    let answer = position.judge_answer();
    let smallest = verdict.winning_moves.iter().map(|(mv, _)| *mv).min();
    let count = verdict.winning_moves.len() as u128;
    if answer.first_move != smallest || answer.count != count {
        return Err(format!(
            "judge answer {:?} with count {}, exhaustive search {:?} with count {}",
            answer.first_move, answer.count, smallest, count
        ));
    }
    Ok(())
}

/// The texts of a [`GameInfo`], as literals.
type InfoText = [&'static str; 7];

fn info([name, rules, position, moves, source, verify_size, domain]: InfoText) -> GameInfo {
    GameInfo {
        domain: domain.to_string(),
        name: name.to_string(),
        rules: rules.to_string(),
        position: position.to_string(),
        moves: moves.to_string(),
        source: source.to_string(),
        verify_size: verify_size.to_string(),
    }
}

/// A fixed game.
fn fixed<G>(
    text: InfoText,
    parse: fn(&str) -> Result<G, InputError>,
    positions: fn(u64) -> Vec<G>,
    (default_size, max_size): (u64, u64),
    formats: &'static [Format],
    extra_checks: &'static [ExtraCheck<G>],
) -> Box<dyn Game>
where
    G: Theory + Send + Sync + 'static,
{
    Box::new(Entry::<G> {
        info: info(text),
        parse: Box::new(parse),
        positions: Box::new(positions),
        default_size,
        max_size,
        extra_checks,
        formats,
        heap_game: None,
    })
}

/// The six games of the spec, in its order (the square-rule box-fill last).
pub fn fixed_games() -> Vec<Box<dyn Game>> {
    vec![
        fixed::<EndPiles>(
            [
                "end-piles",
                "piles in a row; remove any number of stones from the leftmost or the rightmost pile",
                "pile sizes left to right, each >= 1: `3 1 9 4`",
                "L<k> / R<k>: leave k stones in the leftmost / rightmost pile (k = 0 removes it): `L2`",
                "ZJOI 2009 取石子游戏 (BZOJ 1413, Luogu P2599)",
                "rows of at most S piles of 1..S stones (default 7)",
                crate::games::end_piles::DOMAIN,
            ],
            str::parse,
            enumerate::end_piles,
            (7, 8),
            judge::END_PILES,
            &[],
        ),
        fixed::<TakeOrMerge>(
            [
                "take-or-merge",
                "piles; remove one stone from a pile, or merge two piles into one",
                "the multiset of pile sizes, each >= 1: `1 1 2`",
                "-<a>: take a stone from a pile of a; <a>+<b>: merge piles a and b: `-2`, `1+2`",
                "Alice and Bob (SPOJ ALICE, UVa 1500, LA 5760, HDU 4111)",
                "every multiset of piles with at most S stones in all (default 34)",
                crate::games::take_or_merge::DOMAIN,
            ],
            str::parse,
            enumerate::take_or_merge,
            (34, 45),
            judge::TAKE_OR_MERGE,
            &[],
        ),
        fixed::<Chocolate>(
            [
                "chocolate",
                "bars in a box; take any non-empty set out onto the table, or eat some length off a table bar",
                "box bars `/` table bars (either side may be empty): `11 10 15 / 4`, or `11 10 15`",
                "+a,b,..: take those bars out of the box; x>y: eat a table bar of x down to y: `+10,11`, `15>4`",
                "BZOJ 1299 巧克力棒",
                "up to 4 box bars and 2 table bars of length 1..S (default 9)",
                crate::games::chocolate::DOMAIN,
            ],
            str::parse,
            enumerate::chocolate,
            (9, 16),
            judge::CHOCOLATE,
            &[],
        ),
        fixed::<BoundedTake>(
            [
                "bounded-take",
                "piles with constants b_i; take 1..floor(num_i / b_i) stones from one pile",
                "num/b per pile: `5/2 3/3`",
                "<i>-<k>: take k stones from pile i (from 1): `1-2`",
                "学园祭的游戏; AtCoder ARC 091 F Strange Nim (--dialect arc091f)",
                "single piles of 0..10S stones with b in 1..S, pairs of 0..S stones with b in 1..4 (default 80)",
                crate::games::bounded_take::DOMAIN,
            ],
            str::parse,
            enumerate::bounded_take,
            (80, 300),
            judge::BOUNDED_TAKE,
            &[],
        ),
        fixed::<BeanSplit>(
            [
                "bean-split",
                "bottles 0..n-1 of beans; take a bean from a non-empty bottle i, put one in j and one in k (i < j <= k)",
                "beans per bottle, all bottles: `1 0 1 5000`",
                "i>j,k (0-based bottles): `0>2,3`",
                "HNOI 2007 分裂游戏 (Luogu P3185, BZOJ 1188)",
                "rows of 1..6 bottles of 0..2 beans, rows of 1..4 bottles of 0..S beans (default 14)",
                crate::games::bean_split::DOMAIN,
            ],
            str::parse,
            enumerate::bean_split,
            (14, 30),
            judge::BEAN_SPLIT,
            &[("bean-split (judge answer)", bean_split_judge_check)],
        ),
        fixed::<BoxFill>(
            [
                "box-fill",
                "boxes of capacity a_i holding b_i; add 1..b_i stones to one box, never past its capacity",
                "current/capacity per box: `2/6 3/3`",
                "<i>+<x>: add x stones to box i (from 1): `1+2`",
                "摆放石子",
                "single boxes of capacity <= 5S, pairs of capacity <= S (default 30)",
                crate::games::box_fill::DOMAIN,
            ],
            str::parse,
            |size| enumerate::box_fill(BoundRule::Linear, size),
            (30, 100),
            judge::BOX_FILL,
            &[],
        ),
        fixed::<BoxFill>(
            [
                "box-fill-square",
                "box-fill with the HDU 1729 rule: add 1..b_i^2 stones to one box, never past its capacity",
                "current/capacity per box: `2/6 3/3`",
                "<i>+<x>: add x stones to box i (from 1): `1+4`",
                "HDU 1729 Stone Game (as `solve box-fill --dialect hdu1729`)",
                "single boxes of capacity <= 5S, pairs of capacity <= S (default 30)",
                crate::games::box_fill::DOMAIN,
            ],
            |text| BoxFill::parse_with(BoundRule::Square, text),
            |size| enumerate::box_fill(BoundRule::Square, size),
            (30, 100),
            judge::BOX_FILL_SQUARE,
            &[],
        ),
    ]
}

/// The game of a heap rule.
pub fn heap_game(rule: HeapRule) -> Box<dyn Game> {
    let name = rule.to_string();
    let game = Arc::new(HeapGame::new(rule));
    let parser = Arc::clone(&game);
    let enumerator = Arc::clone(&game);
    Box::new(Entry::<Heaps> {
        info: GameInfo {
            rules: game.rule().describe(),
            position: "heap sizes, each >= 1 (printed ascending): `3 5 7`".to_string(),
            moves: "<heap>-<k>: take k tokens from heap <heap> (from 1, as printed); \
                    <heap>-<k>=<a>+<b>: and split what is left into heaps a and b: `2-1`, `2-1=3+4`"
                .to_string(),
            source: "../shared/spec/FAMILIES.md".to_string(),
            verify_size: "single heaps up to 4S, pairs and triples of heaps up to S (default 12)"
                .to_string(),
            domain: crate::families::heaps::DOMAIN.to_string(),
            name,
        },
        parse: Box::new(move |text: &str| parser.parse(text)),
        positions: Box::new(move |size| enumerate::heaps(&enumerator, size)),
        default_size: 12,
        max_size: 40,
        extra_checks: &[],
        formats: &[],
        heap_game: Some(game),
    })
}

/// Why a spelling names no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UnknownGame(pub String);

/// The game a spelling names: a fixed game's name, or a heap family's spelling.
pub fn resolve(spelling: &str) -> Result<Box<dyn Game>, UnknownGame> {
    if let Some(game) = fixed_games()
        .into_iter()
        .find(|game| game.info().name == spelling)
    {
        return Ok(game);
    }
    if crate::script::names_script(spelling) {
        return crate::script::load(std::path::Path::new(spelling)).map_err(UnknownGame);
    }
    match HeapRule::resolve(spelling) {
        Some(Ok(rule)) => Ok(heap_game(rule)),
        Some(Err(message)) => Err(UnknownGame(message)),
        None => Err(UnknownGame(format!(
            "unknown game `{spelling}`; the games are {}, and the heap families: a take-and-break \
             code such as 0.07, kayles, dawsons-kayles, treblecross, sub:1,3,4, allbut:1,2, \
             grundys-game (see `grundy list`), or a script file (`game.rhai`)",
            fixed_games()
                .iter()
                .map(|game| game.info().name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// What `grundy list` prints about the heap families.
pub fn family_help() -> &'static str {
    FAMILY_HELP
}
