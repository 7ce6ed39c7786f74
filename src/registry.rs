//! The games the command line knows, each with its notation, its judge formats, its small
//! positions for `verify` and the checks run on them.
//!
//! Adding a game: implement [`ImpartialGame`](crate::core::ImpartialGame) and
//! [`Theory`] for its position type, write an enumerator of small positions, and add one
//! [`Entry`] to [`games`]. `analyze`, `verify` and `play` then work for it unchanged.

use crate::analysis::analyze;
use crate::enumerate;
use crate::games::box_fill::{AtMostHeld, AtMostSquare};
use crate::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};
use crate::play::{Ending, Side, play};
use crate::scanner::InputError;
use crate::theory::{AnalysisError, Theory};
use crate::verify::{Report, Verdict, cross_check, progress_bar, theory_check};
use std::io::{self, BufRead, Write};

/// What `grundy list` says about a game.
#[derive(Copy, Clone, Debug)]
pub struct GameInfo {
    /// The command-line name.
    pub name: &'static str,
    /// The rules in a line.
    pub rules: &'static str,
    /// The position notation, with an example.
    pub position: &'static str,
    /// The move notation, with an example.
    pub moves: &'static str,
    /// The source problem(s).
    pub source: &'static str,
    /// What `verify --size S` bounds, and the default S.
    pub verify_size: &'static str,
    /// The numbers the game accepts (see each game module's `DOMAIN`).
    pub domain: &'static str,
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
}

/// A registered game, independent of its position type.
pub trait GameEntry: Sync {
    /// Its description.
    fn info(&self) -> &GameInfo;
    /// Analyses a position given in the game's notation and writes the report (JSON or text) to
    /// `out`; nothing is written unless the position parses and the theory can analyse it.
    fn analyze(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError>;
    /// Runs the theory against exhaustive search on every position up to `size`; refuses sizes
    /// above the game's maximum (whose position counts would not fit in memory).
    fn verify(&self, size: Option<u64>) -> Result<Vec<Report>, String>;
    /// Plays a game against a person.
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError>;
}

/// An extra check run by `verify` beside [`theory_check`], with the name of its report line.
pub type ExtraCheck<G> = (&'static str, fn(&G, &Verdict<G>) -> Result<(), String>);

/// A game entry for position type `G`.
pub struct Entry<G: Theory + 'static> {
    /// The description.
    pub info: GameInfo,
    /// Every small position up to a size.
    pub positions: fn(u64) -> Vec<G>,
    /// The default `--size`.
    pub default_size: u64,
    /// The largest `--size` accepted (the number of positions grows exponentially with it).
    pub max_size: u64,
    /// Further checks, each reported on its own line.
    pub extra_checks: &'static [ExtraCheck<G>],
}

impl<G: Theory + Send + Sync + 'static> GameEntry for Entry<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn analyze(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError> {
        let parsed: G = position.parse()?;
        let mut analysis = analyze(self.info.name, &parsed, limit)?;
        let text = position.trim_matches(|c: char| c.is_ascii_whitespace());
        analysis.canonical_text = G::is_canonical_text(text).then_some(text);
        if json {
            analysis.write_json(out)?;
            out.write_all(b"\n")?;
        } else {
            analysis.write_text(out)?;
        }
        Ok(())
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
        let main_check: ExtraCheck<G> = (self.info.name, theory_check);
        Ok(std::iter::once(&main_check)
            .chain(self.extra_checks)
            .map(|&(name, check)| {
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
        let position: G = position.parse()?;
        Ok(play(position, first, self.info.moves, input, output)?)
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

/// Every game grundy knows, in the order of the spec (the square-rule box-fill last).
pub fn games() -> Vec<Box<dyn GameEntry>> {
    vec![
        Box::new(Entry::<EndPiles> {
            info: GameInfo {
                name: "end-piles",
                rules: "piles in a row; remove any number of stones from the leftmost or the rightmost pile",
                position: "pile sizes left to right, each >= 1: `3 1 9 4`",
                moves: "L<k> / R<k>: leave k stones in the leftmost / rightmost pile (k = 0 removes it): `L2`",
                source: "ZJOI 2009 取石子游戏 (BZOJ 1413, Luogu P2599)",
                verify_size: "rows of at most S piles of 1..S stones (default 7)",
                domain: crate::games::end_piles::DOMAIN,
            },
            positions: enumerate::end_piles,
            default_size: 7,
            max_size: 8,
            extra_checks: &[],
        }),
        Box::new(Entry::<TakeOrMerge> {
            info: GameInfo {
                name: "take-or-merge",
                rules: "piles; remove one stone from a pile, or merge two piles into one",
                position: "the multiset of pile sizes, each >= 1: `1 1 2`",
                moves: "-<a>: take a stone from a pile of a; <a>+<b>: merge piles a and b: `-2`, `1+2`",
                source: "Alice and Bob (SPOJ ALICE, UVa 1500, LA 5760, HDU 4111)",
                verify_size: "every multiset of piles with at most S stones in all (default 34)",
                domain: crate::games::take_or_merge::DOMAIN,
            },
            positions: enumerate::take_or_merge,
            default_size: 34,
            max_size: 45,
            extra_checks: &[],
        }),
        Box::new(Entry::<Chocolate> {
            info: GameInfo {
                name: "chocolate",
                rules: "bars in a box; take any non-empty set out onto the table, or eat some length off a table bar",
                position: "box bars `/` table bars (either side may be empty): `11 10 15 / 4`, or `11 10 15`",
                moves: "+a,b,..: take those bars out of the box; x>y: eat a table bar of x down to y: `+10,11`, `15>4`",
                source: "BZOJ 1299 巧克力棒",
                verify_size: "up to 4 box bars and 2 table bars of length 1..S (default 9)",
                domain: crate::games::chocolate::DOMAIN,
            },
            positions: enumerate::chocolate,
            default_size: 9,
            max_size: 16,
            extra_checks: &[],
        }),
        Box::new(Entry::<BoundedTake> {
            info: GameInfo {
                name: "bounded-take",
                rules: "piles with constants b_i; take 1..floor(num_i / b_i) stones from one pile",
                position: "num/b per pile: `5/2 3/3`",
                moves: "<i>-<k>: take k stones from pile i (from 1): `1-2`",
                source: "学园祭的游戏; AtCoder ARC 091 F Strange Nim (--dialect arc091f)",
                verify_size: "single piles of 0..10S stones with b in 1..S, pairs of 0..S stones with b in 1..4 (default 80)",
                domain: crate::games::bounded_take::DOMAIN,
            },
            positions: enumerate::bounded_take,
            default_size: 80,
            max_size: 300,
            extra_checks: &[],
        }),
        Box::new(Entry::<BeanSplit> {
            info: GameInfo {
                name: "bean-split",
                rules: "bottles 0..n-1 of beans; take a bean from a non-empty bottle i, put one in j and one in k (i < j <= k)",
                position: "beans per bottle, all bottles: `1 0 1 5000`",
                moves: "i>j,k (0-based bottles): `0>2,3`",
                source: "HNOI 2007 分裂游戏 (Luogu P3185, BZOJ 1188)",
                verify_size: "rows of 1..6 bottles of 0..2 beans, rows of 1..4 bottles of 0..S beans (default 14)",
                domain: crate::games::bean_split::DOMAIN,
            },
            positions: enumerate::bean_split,
            default_size: 14,
            max_size: 30,
            extra_checks: &[("bean-split (judge answer)", bean_split_judge_check)],
        }),
        Box::new(Entry::<BoxFill<AtMostHeld>> {
            info: GameInfo {
                name: "box-fill",
                rules: "boxes of capacity a_i holding b_i; add 1..b_i stones to one box, never past its capacity",
                position: "current/capacity per box: `2/6 3/3`",
                moves: "<i>+<x>: add x stones to box i (from 1): `1+2`",
                source: "摆放石子",
                verify_size: "single boxes of capacity <= 5S, pairs of capacity <= S (default 30)",
                domain: crate::games::box_fill::DOMAIN,
            },
            positions: enumerate::box_fill::<AtMostHeld>,
            default_size: 30,
            max_size: 100,
            extra_checks: &[],
        }),
        Box::new(Entry::<BoxFill<AtMostSquare>> {
            info: GameInfo {
                name: "box-fill-square",
                rules: "box-fill with the HDU 1729 rule: add 1..b_i^2 stones to one box, never past its capacity",
                position: "current/capacity per box: `2/6 3/3`",
                moves: "<i>+<x>: add x stones to box i (from 1): `1+4`",
                source: "HDU 1729 Stone Game (as `solve box-fill --dialect hdu1729`)",
                verify_size: "single boxes of capacity <= 5S, pairs of capacity <= S (default 30)",
                domain: crate::games::box_fill::DOMAIN,
            },
            positions: enumerate::box_fill::<AtMostSquare>,
            default_size: 30,
            max_size: 100,
            extra_checks: &[],
        }),
    ]
}

/// The names of every game, for error messages.
pub fn game_names() -> Vec<&'static str> {
    games().iter().map(|g| g.info().name).collect()
}

/// The game called `name`.
pub fn find_game(name: &str) -> Option<Box<dyn GameEntry>> {
    games().into_iter().find(|g| g.info().name == name)
}
