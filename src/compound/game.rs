//! A compound as a game value: `--compound C` turns a game whose positions are rows of
//! components into the game of their compound, which every command runs on like any other.

use super::components::Components;
use super::measure::{DEFAULT_MEASURE_POSITIONS, Measurer};
use super::position::{CompoundPosition, parse_compound};
use super::referee::report_check;
use super::remoteness::{compound_remoteness, entry_remoteness};
use super::report::analyze_compound;
use crate::game::compound_kind::Compound;
use crate::game::{
    Capabilities, CompoundVersions, Compounds, Entry, Game, GameError, GameInfo, MoveOutcome,
    PositionMoves, Session, VerifyRequest, best_move, chosen_outcome, position_moves,
};
use crate::play::{Ending, Side, play};
use crate::report::AnalysisReport;
use crate::scanner::InputError;
use crate::verify::{Report, cross_check, progress_bar, theory_check};
use std::io::{BufRead, Write};
use std::sync::Arc;

/// The compounds and remoteness of a game whose positions are rows of components: what its
/// builder gives [`Entry::with_compounds`] (`heap_family`, `nim`, the counter games), so that
/// `--compound` and `--remoteness` work on it.
pub fn compounds<G: Components>() -> Compounds<G> {
    Compounds {
        compound: |entry, kind| Box::new(CompoundGame::new(entry.clone(), kind)),
        remoteness: entry_remoteness::<G>,
    }
}

/// The game of the compound `kind` of a game's components.
pub struct CompoundGame<G: Components> {
    info: GameInfo,
    kind: Compound,
    entry: Entry<G>,
    measurer: Arc<Measurer<G>>,
}

impl<G: Components> CompoundGame<G> {
    /// The compound `kind` of `entry`'s game.
    pub fn new(entry: Entry<G>, kind: Compound) -> Self {
        let measurer = Arc::new(Measurer::new(
            G::fast_measures(&entry),
            DEFAULT_MEASURE_POSITIONS,
        ));
        let (meaning, default_size, _) = G::compound_sizes();
        let base = &entry.info;
        let info = GameInfo {
            name: base.name.clone(),
            rules: format!(
                "the {kind} compound of components of {}: {} ({})",
                base.name,
                kind.describe(),
                base.rules
            ),
            position: format!(
                "components separated by ` | `, each in the game's notation (`-` for an ended \
                 one); without `|`, the game's position split into its components. The game's \
                 position: {}",
                base.position
            ),
            moves: format!(
                "one move per component separated by ` | `, `.` for a component left alone: \
                 `1-1 | 1-3`; or the position to move to. A component's moves: {}",
                base.moves
            ),
            source: format!(
                "Winning Ways ch. 9; On Numbers and Games ch. 14; C. A. B. Smith 1966 (the game: \
                 {})",
                base.source
            ),
            verify_size: format!(
                "sums of one to three components: {meaning} (default {default_size})"
            ),
            domain: format!(
                "{}; R and S by search of at most {DEFAULT_MEASURE_POSITIONS} positions per game \
                 where no table covers a component",
                base.domain
            ),
        };
        CompoundGame {
            info,
            kind,
            entry,
            measurer,
        }
    }

    /// Reads a compound position.
    pub fn parse(&self, text: &str) -> Result<CompoundPosition<G>, InputError> {
        parse_compound(self.kind, text, &self.measurer, &*self.entry.parse)
    }

    /// Every sum of one to three small components (as multisets), for `verify` and the tests.
    pub fn small_positions(&self, size: u64) -> Result<Vec<CompoundPosition<G>>, GameError> {
        let components = G::small_components(&self.entry, size)?;
        let n = components.len();
        let mut out = Vec::new();
        let make =
            |parts: Vec<G>| CompoundPosition::new(self.kind, parts, Arc::clone(&self.measurer));
        for component in &components {
            out.push(make(vec![component.clone()]));
        }
        for a in 0..n {
            for b in a..n {
                out.push(make(vec![components[a].clone(), components[b].clone()]));
            }
        }
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    out.push(make(vec![
                        components[a].clone(),
                        components[b].clone(),
                        components[c].clone(),
                    ]));
                }
            }
        }
        Ok(out)
    }
}

impl<G: Components> Game for CompoundGame<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        let parsed = self.parse(position)?;
        Ok(analyze_compound(&self.info.name, &parsed, limit)?.into())
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        position_moves(&self.parse(position)?, limit)
    }

    fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        best_move(&self.parse(position)?)
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        let parse = |text: &str| self.parse(text);
        chosen_outcome(&self.parse(position)?, entry, &parse)
    }

    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        let VerifyRequest::Size(size) = request else {
            return Err(GameError::NoConjecture(self.info.name.clone()));
        };
        let (meaning, default_size, max_size) = G::compound_sizes();
        let size = size.unwrap_or(default_size);
        if size > max_size {
            return Err(GameError::SizeTooLarge {
                game: format!("{} --compound {}", self.info.name, self.kind),
                size,
                max: max_size,
                meaning: meaning.to_string(),
            });
        }
        let positions = self.small_positions(size)?;
        let rules = format!("{} --compound {}", self.info.name, self.kind);
        let report = format!("{rules} (analyze --json)");
        Ok(vec![
            cross_check(
                &rules,
                &positions,
                theory_check,
                &progress_bar(&rules, positions.len()),
            ),
            cross_check(
                &report,
                &positions,
                report_check,
                &progress_bar(&report, positions.len()),
            ),
        ])
    }

    fn capabilities(&self) -> Capabilities<'_> {
        Capabilities {
            compounds: Some(self),
            session: Some(self),
            ..Capabilities::default()
        }
    }
}

impl<G: Components> CompoundVersions for CompoundGame<G> {
    fn compound(&self, kind: Compound) -> Result<Box<dyn Game>, GameError> {
        Err(GameError::Unsupported(format!(
            "{} is already played as the {} compound; the {kind} compound applies to the game \
             itself",
            self.info.name, self.kind
        )))
    }

    fn remoteness(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        compound_remoteness(&self.info.name, &self.parse(position)?, limit)
    }
}

impl<G: Components> Session for CompoundGame<G> {
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError> {
        let start = self.parse(position)?;
        let parse = |text: &str| self.parse(text);
        Ok(play(start, first, &self.info.moves, &parse, input, output)?)
    }
}
