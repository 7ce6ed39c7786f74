//! The resolver: the one place that turns a spelling into a game.
//!
//! A spelling is a fixed game's name (each game's module owns its own, `end_piles::NAME`), a heap
//! family's spelling (`0.07`, `kayles`, `sub:1,3,4`, `allbut:1,2`, `grundys-game`; the families
//! parse their own, [`HeapRule::resolve`]), a script file (`game.rhai`, [`crate::script`]), or
//! a graph file (`graph:FILE`, [`crate::loopy`]).
//! Nothing else in the crate lists game names: the command line and the server ask here.
//!
//! The resolver sits on top of the library: it imports the games, the families and the script
//! engine, and nothing below imports it.

use crate::families::{FAMILY_HELP, HeapRule};
use crate::game::Game;
use crate::games::coins;
use crate::games::cram;
use crate::games::fibonacci_nim;
use crate::games::hackenbush;
use crate::games::heap_family::heap_game_with_formats;
use crate::games::kayles_graph;
use crate::games::moore;
use crate::games::northcott;
use crate::games::wythoff;
use crate::games::{
    bean_split, bounded_take, box_fill, chocolate, chomp, cutting, end_piles, euclid, lasker, nim,
    staircase, subtraction, take_or_merge, treblecross,
};
use crate::loopy::chess;
use crate::loopy::file::GraphFileError;
use crate::loopy::game::{GraphGame, PREFIX as GRAPH_PREFIX};
use crate::loopy::shiritori;

/// The six games of the spec, in its order (the square-rule box-fill after the linear one), then
/// the classic games by name — Nim, Wythoff's game, Fibonacci Nim, Staircase Nim, Lasker's Nim,
/// Green Hackenbush, the Cutting Game, Chomp, subtraction games with their set, Euclid pairs:
/// one call per game, each to the `game()` of the game's own module.
pub fn fixed_games() -> Vec<Box<dyn Game>> {
    vec![
        end_piles::game(),
        take_or_merge::game(),
        chocolate::game(),
        bounded_take::game(),
        bean_split::game(),
        box_fill::game(box_fill::BoundRule::Linear),
        box_fill::game(box_fill::BoundRule::Square),
        nim::game(),
        wythoff::game(),
        fibonacci_nim::game(),
        staircase::game(),
        lasker::game(),
        northcott::game(),
        hackenbush::game(),
        cutting::game(),
        chomp::game(),
        subtraction::game(),
        euclid::game(),
        cram::game(),
    ]
}

/// Whether the resolver may read files: script spellings are loaded (the command line), or
/// refused before anything is read (the server: a page must not make it read files).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Files {
    /// A `….rhai` spelling loads that script.
    Read,
    /// Spellings that look like files (`/`, `\`, `.rhai`, `.lua`) are refused.
    Refuse,
}

/// Why a spelling names no game, by kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// No game has this spelling; the message lists what would.
    #[error(
        "unknown game `{spelling}`; the games are {fixed}; and the families spelled at run time: \
         a take-and-break code such as 0.07, kayles, dawsons-kayles, treblecross, sub:1,3,4, \
         allbut:1,2, grundys-game, Moore's Nim moore:K, the coin-turning games coins:ruler, \
         coins:mock-turtles, coins:turtles, coins:twins, products coins:A*B, turning-corners, \
         Green Hackenbush on a graph file (`hackenbush:FILE`), a directed graph (`graph:FILE`) \
         and a script file (`game.rhai`); `grundy list` describes them all"
    )]
    Unknown {
        /// The spelling.
        spelling: String,
        /// The named games' names ([`named_games`]), comma-separated.
        fixed: String,
    },
    /// Shaped like a heap family's spelling, but malformed (the reason).
    #[error("{0}")]
    Malformed(String),
    /// A script that could not be loaded (the reason, with its location).
    #[error("{0}")]
    Script(String),
    /// A graph file (`graph:FILE`) that could not be read or is malformed (located).
    #[error("{0}")]
    Graph(#[from] GraphFileError),
    /// A spelling that looks like a file, where files are not read ([`Files::Refuse`]).
    #[error(
        "`{0}` looks like a file: the page serves the built-in games and heap families only, and \
         never reads files"
    )]
    FileRefused(String),
}

/// The game a spelling names; with [`Files::Refuse`], spellings that look like files are refused
/// before anything is read.
pub fn resolve_with(spelling: &str, files: Files) -> Result<Box<dyn Game>, ResolveError> {
    if files == Files::Refuse && looks_like_a_file(spelling) {
        return Err(ResolveError::FileRefused(spelling.to_string()));
    }
    if let Some(game) = fixed_games()
        .into_iter()
        .find(|game| game.info().name == spelling)
    {
        return Ok(game);
    }
    if spelling == shiritori::NAME {
        return Ok(shiritori::game());
    }
    if spelling == chess::NAME {
        return Ok(chess::game());
    }
    if names_script(spelling) {
        return load_script(spelling);
    }
    if let Some(path) = spelling.strip_prefix(GRAPH_PREFIX) {
        let game = GraphGame::load(spelling, std::path::Path::new(path))?;
        return Ok(Box::new(game));
    }
    if let Some(path) = spelling.strip_prefix(hackenbush::PREFIX) {
        return hackenbush::load(spelling, std::path::Path::new(path))
            .map_err(ResolveError::Malformed);
    }
    if let Some(game) = kayles_graph::resolve(spelling) {
        return game.map_err(ResolveError::Malformed);
    }
    if let Some(game) = fibonacci_nim::resolve(spelling) {
        return game.map_err(ResolveError::Malformed);
    }
    if let Some(game) = coins::resolve(spelling) {
        return game.map_err(ResolveError::Malformed);
    }
    if let Some(game) = moore::resolve(spelling) {
        return game.map_err(ResolveError::Malformed);
    }
    match HeapRule::resolve(spelling) {
        Some(Ok(rule)) => {
            let formats = treblecross::formats_of(&rule);
            Ok(heap_game_with_formats(rule, formats))
        }
        Some(Err(message)) => Err(ResolveError::Malformed(message.to_string())),
        None => Err(ResolveError::Unknown {
            spelling: spelling.to_string(),
            fixed: named_games()
                .iter()
                .map(|game| game.info().name.clone())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// The game a spelling names: a fixed game's name, a heap family's spelling, or a script file
/// (which is read). `resolve_with(spelling, Files::Read)`.
pub fn resolve(spelling: &str) -> Result<Box<dyn Game>, ResolveError> {
    resolve_with(spelling, Files::Read)
}

/// Whether a spelling looks like a file path or a script name (in any case).
fn looks_like_a_file(spelling: &str) -> bool {
    let lower = spelling.to_ascii_lowercase();
    spelling.contains(['/', '\\'])
        || names_script(&lower)
        || lower.starts_with(GRAPH_PREFIX)
        || lower.starts_with(hackenbush::PREFIX)
        || kayles_graph::reads_a_file(spelling)
}

/// Whether a spelling names a script file (`….rhai`, or `….lua` to say that Lua is not
/// supported). Other files are never read, so a mistyped game name never runs a file.
fn names_script(spelling: &str) -> bool {
    spelling.ends_with(".rhai") || spelling.ends_with(".lua")
}

/// The game of the script file `spelling`.
#[cfg(feature = "script")]
fn load_script(spelling: &str) -> Result<Box<dyn Game>, ResolveError> {
    crate::script::load(std::path::Path::new(spelling)).map_err(ResolveError::Script)
}

/// Without the script engine, a script spelling is refused with the reason.
#[cfg(not(feature = "script"))]
fn load_script(spelling: &str) -> Result<Box<dyn Game>, ResolveError> {
    Err(ResolveError::Script(format!(
        "{spelling}: this grundy was built without the `script` feature (Rhai script games)"
    )))
}

/// Every game with a name, in the order `grundy list` describes them: the fixed games, then
/// `graph` (the judge format whose graphs are in its input), then Shiritori (a game with draws).
pub fn named_games() -> Vec<Box<dyn Game>> {
    let mut games = fixed_games();
    games.push(chess::game());
    games.push(shiritori::game());
    games
}

/// The catalogue `grundy list` prints: each named game's rules, notation, sources and judge
/// formats, and the families of games spelled at run time (heap rules, coin-turning games,
/// scripts, graphs).
pub fn catalogue() -> String {
    let mut text = String::new();
    for game in fixed_games() {
        describe(game.as_ref(), &mut text);
    }
    text.push_str(family_help());
    text.push('\n');
    if let Ok(game) = resolve(treblecross::RULE) {
        for format in game.formats() {
            let dialect = format.dialect.unwrap_or("judge");
            text.push_str(&format!(
                "  treblecross --dialect {dialect}: {}\n",
                format.describe
            ));
        }
    }
    text.push('\n');
    text.push_str(coins_help());
    text.push('\n');
    let corners = coins::TURNING_CORNERS;
    if let Ok(game) = resolve(corners) {
        for format in game.formats() {
            let name = match format.dialect {
                Some(dialect) => format!("--dialect {dialect}"),
                None => "judge".to_string(),
            };
            text.push_str(&format!("  {corners} {name}: {}\n", format.describe));
        }
    }
    text.push('\n');
    text.push_str(moore::MOORE_HELP);
    text.push_str("\n\n");
    #[cfg(feature = "script")]
    {
        text.push_str(crate::script::SCRIPT_HELP);
        text.push_str("\n\n");
    }
    text.push_str(crate::loopy::game::GRAPH_HELP);
    text.push_str("\n\n");
    text.push_str(kayles_graph::KAYLES_GRAPH_HELP);
    text.push_str("\n\n");
    describe(chess::game().as_ref(), &mut text);
    text.push_str("A game with draws by name (see docs/loopy.md):\n\n");
    describe(shiritori::game().as_ref(), &mut text);
    text
}

/// A game's entry in the catalogue: its rules, notation, sources and judge formats.
fn describe(game: &dyn Game, text: &mut String) {
    let info = game.info();
    text.push_str(&format!(
        "{}\n  rules:    {}\n  position: {}\n  domain:   {}\n  moves:    {}\n  source:   {}\n  verify:   --size S = {}\n",
        info.name,
        info.rules,
        info.position,
        info.domain,
        info.moves,
        info.source,
        info.verify_size
    ));
    for format in game.formats() {
        let name = match format.dialect {
            Some(dialect) => format!("--dialect {dialect}"),
            None => "judge".to_string(),
        };
        text.push_str(&format!("  {name}: {}\n", format.describe));
    }
    text.push('\n');
}

/// What `grundy list` prints about the heap families.
pub fn family_help() -> &'static str {
    FAMILY_HELP
}

/// What `grundy list` prints about the coin-turning games.
pub fn coins_help() -> &'static str {
    coins::COINS_HELP
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixed_game_resolves_by_its_own_name() {
        for game in fixed_games() {
            let name = game.info().name.clone();
            assert_eq!(resolve(&name).unwrap().info().name, name);
            if name == nim::NAME {
                // Nim is also the heap rule that `table nim` computes.
                assert_eq!(HeapRule::resolve(&name), Some(Ok(HeapRule::Nim)));
                assert!(game.heap_game().is_some());
                continue;
            }
            assert!(
                HeapRule::resolve(&name).is_none(),
                "{name} reads as a heap rule"
            );
        }
    }

    #[test]
    fn kinds_are_told_apart() {
        assert!(matches!(resolve("nope"), Err(ResolveError::Unknown { .. })));
        assert!(matches!(resolve("0.9z"), Err(ResolveError::Malformed(_))));
        assert!(matches!(
            resolve("missing-file.rhai"),
            Err(ResolveError::Script(_))
        ));
        assert!(matches!(
            resolve_with("../x.RHAI", Files::Refuse),
            Err(ResolveError::FileRefused(_))
        ));
        assert!(resolve_with("kayles", Files::Refuse).is_ok());
        assert!(matches!(
            resolve_with("graph:g.txt", Files::Refuse),
            Err(ResolveError::FileRefused(_))
        ));
        assert!(matches!(
            resolve("graph:missing-file.txt"),
            Err(ResolveError::Graph(_))
        ));
    }
}
