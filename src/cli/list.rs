//! `grundy list`: every game's rules, notation, sources and judge formats.

use super::common::{Failure, write_stdout};
use clap::Args;
use grundy::resolve::{coins_help, family_help, fixed_games};

const EXAMPLES: &str = "\
Examples:
  grundy list
  grundy list | grep -A8 '^chocolate'";

/// The games: rules, notation, sources, judge formats.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct ListArgs {}

/// Runs `grundy list`.
pub fn run(_: ListArgs) -> Result<u8, Failure> {
    let mut text = String::new();
    for game in fixed_games() {
        describe(game.as_ref(), &mut text);
    }
    text.push_str(family_help());
    text.push_str("\n\n");
    text.push_str(coins_help());
    text.push('\n');
    let corners = grundy::games::coins::TURNING_CORNERS;
    if let Ok(game) = grundy::resolve(corners) {
        for format in game.formats() {
            let name = match format.dialect {
                Some(dialect) => format!("--dialect {dialect}"),
                None => "judge".to_string(),
            };
            text.push_str(&format!("  {corners} {name}: {}\n", format.describe));
        }
    }
    text.push('\n');
    text.push_str(grundy::script::SCRIPT_HELP);
    text.push_str("\n\n");
    text.push_str(grundy::loopy::game::GRAPH_HELP);
    text.push_str("\n\nA game with draws by name (see docs/loopy.md):\n\n");
    describe(grundy::loopy::shiritori::game().as_ref(), &mut text);
    write_stdout(&text)?;
    Ok(0)
}

/// A game's entry: its rules, notation, sources and judge formats.
fn describe(game: &dyn grundy::Game, text: &mut String) {
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
