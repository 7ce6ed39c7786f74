//! The heap families as game values: the [`Entry`] of a heap rule (`kayles`, `0.07`,
//! `sub:1,3,4`, `allbut:1,2`, `grundys-game`, a script's heap form), whose positions are sums of
//! heaps — played also as the compounds of their heaps ([`crate::compound`]).

use crate::compound::game::compounds;
use crate::families::heaps::{HeapGame, small_positions};
use crate::families::{HeapRule, Heaps};
use crate::game::{Entry, Game, GameInfo, misere_entry};
use crate::judge::Format;
use std::sync::Arc;

/// The default `--size` of `verify --misere` for heap games.
pub const HEAP_MISERE_SIZE: u64 = 5;

/// The game of a heap rule.
pub fn heap_game(rule: HeapRule) -> Box<dyn Game> {
    Box::new(heap_entry(rule))
}

/// The game of a heap rule with judge formats (Treblecross's, for the heap game 0.007).
pub fn heap_game_with_formats(rule: HeapRule, formats: &'static [Format]) -> Box<dyn Game> {
    Box::new(Entry {
        formats,
        ..heap_entry(rule)
    })
}

/// The [`Entry`] of a heap rule's game (a script adds its conjecture to it).
pub(crate) fn heap_entry(rule: HeapRule) -> Entry<Heaps> {
    let name = rule.to_string();
    let game = Arc::new(HeapGame::new(rule));
    let parser = Arc::clone(&game);
    let enumerator = Arc::clone(&game);
    Entry::<Heaps> {
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
        parse: Arc::new(move |text: &str| parser.parse(text)),
        positions: Arc::new(move |size| {
            // The values of every heap the positions hold, computed first: a script's rule can
            // fail here, and then nothing below can.
            enumerator.values_up_to(size.saturating_mul(4))?;
            Ok(small_positions(&enumerator, size))
        }),
        default_size: 12,
        max_size: 40,
        // Single heaps up to 20, pairs and triples up to 5: the misère quotients of the common
        // wild games reach about heap 15-20, and heaps past them are searched exhaustively.
        misere_size: HEAP_MISERE_SIZE,
        extra_checks: &[],
        formats: &[],
        heap_game: Some(game),
        conjecture: None,
        misere: Some(misere_entry::<Heaps>),
        compounds: Some(compounds::<Heaps>()),
        censuses: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compound::game::CompoundGame;
    use crate::compound::position::CompoundPosition;
    use crate::compound::referee::report_check;
    use crate::core::Winner;
    use crate::game::compound_kind::Compound;
    use crate::verify::{Verdict, cross_check, theory_check};
    use indicatif::ProgressBar;

    /// A wrong rule for the conjunctive compound (max R instead of min R) is caught, and the
    /// right one and the printed report agree with the referee.
    #[test]
    fn a_wrong_compound_rule_is_caught() {
        let rule = HeapRule::resolve("sub:1,2").unwrap().unwrap();
        let game = CompoundGame::new(heap_entry(rule), Compound::Conjunctive);
        let positions = game.small_positions(5).unwrap();
        let wrong = |position: &CompoundPosition<_>, verdict: &Verdict<_>| {
            let largest = position
                .parts()
                .iter()
                .map(|part| position.measurer().measures(part).unwrap().remoteness)
                .max()
                .unwrap();
            let claimed = if largest % 2 == 1 {
                Winner::First
            } else {
                Winner::Second
            };
            if claimed == verdict.winner() {
                Ok(())
            } else {
                Err("wrong".to_string())
            }
        };
        let report = cross_check("wrong", &positions, wrong, &ProgressBar::hidden());
        assert!(report.disagreements > 0);
        let right = cross_check("right", &positions, theory_check, &ProgressBar::hidden());
        assert_eq!(right.disagreements, 0, "{right}");
        let printed = cross_check("report", &positions, report_check, &ProgressBar::hidden());
        assert_eq!(printed.disagreements, 0, "{printed}");
    }
}
