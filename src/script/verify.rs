//! A script's conjecture against exhaustive search.
//!
//! Each position's true value comes from the shared [`Search`]; the conjecture's claims
//! (`grundy(position)`, `is_lost(position)`) are asked on every core. The first disagreeing
//! position in the given order is the counter-example, explained by the move that refutes the
//! claim: a winning move when the claim says lost, a move to the claimed value when the claim is
//! too high, or the list of options when it says won.
//!
//! A misère conjecture (`misere_is_lost(position)`) is checked the same way against the misère
//! referee ([`check_misere_conjecture`]): exhaustive search under misère play, where a position
//! without moves is won for the player to move.

use super::engine::Claim;
use crate::core::{ExhaustiveSolver, ImpartialGame, Nimber, Play};
use crate::families::Heaps;
use crate::notation::Notation;
use crate::search::{Rules, Search};
use crate::theory::Theory;
use crate::verify::{Counterexample, Report, progress_bar};
use rayon::prelude::*;

/// A report, or why the check could not run (a script error, a position too large).
pub type Checked = Result<Report, String>;

/// Said when the options computed again do not match the search (a script whose options change
/// from call to call).
const NOT_REPEATABLE: &str =
    "yet no option has value 0 now: the script's options differ from call to call";

/// What the conjecture is checked against: a position's true value, its options and their names.
pub trait Referee: Sync {
    /// A position.
    type Position: Sync;
    /// The true Grundy value.
    fn value(&self, position: &Self::Position) -> Result<Nimber, String>;
    /// The options.
    fn options(&self, position: &Self::Position) -> Result<Vec<Self::Position>, String>;
    /// A position's notation.
    fn show(&self, position: &Self::Position) -> String;
    /// The name of the move from `from` to its option `to`.
    fn move_name(&self, from: &Self::Position, to: &Self::Position) -> String;
}

/// Exhaustive search is the referee of a game in the options form.
impl<R: Rules> Referee for Search<R> {
    type Position = R::Position;

    fn value(&self, position: &R::Position) -> Result<Nimber, String> {
        Search::value(self, position).map_err(|e| e.to_string())
    }

    fn options(&self, position: &R::Position) -> Result<Vec<R::Position>, String> {
        self.rules().options(position)
    }

    fn show(&self, position: &R::Position) -> String {
        self.rules().show(position)
    }

    fn move_name(&self, from: &R::Position, to: &R::Position) -> String {
        self.rules().move_name(from, to)
    }
}

/// The referee of a heap game: the nim-sum of the heaps' values G(n), each the mex of the values
/// of the heap's options (computed from `heap_options` alone) — exact by the Sprague–Grundy
/// theorem, and checked against exhaustive search by the same `verify`. It reaches heaps far
/// beyond what searching whole positions could.
pub struct HeapReferee;

impl Referee for HeapReferee {
    type Position = Heaps;

    fn value(&self, position: &Heaps) -> Result<Nimber, String> {
        Ok(position.grundy_value().unwrap_or_default())
    }

    fn options(&self, position: &Heaps) -> Result<Vec<Heaps>, String> {
        Ok(position.options())
    }

    fn show(&self, position: &Heaps) -> String {
        position.to_string()
    }

    fn move_name(&self, from: &Heaps, to: &Heaps) -> String {
        from.move_to(to)
            .map_or_else(|| to.to_string(), |mv| from.format_move(&mv))
    }
}

/// What a conjecture claims about a position (none, one or two claims), or the script's error.
pub type Claims<'a, P> = dyn Fn(&P) -> Result<Vec<Claim>, String> + Sync + 'a;

/// Whether `claim` agrees with the true `value`.
fn agrees(claim: Claim, value: Nimber) -> bool {
    match claim {
        Claim::Grundy(claimed) => claimed == value.0,
        Claim::Lost(lost) => lost == (value == Nimber::ZERO),
    }
}

/// Checks the claims on every position of `positions`, in order; positions the conjecture makes
/// no claim about (its functions return `()`) are not counted.
pub fn check_conjecture<R: Referee>(
    name: &str,
    search: &R,
    positions: &[R::Position],
    claims: &Claims<'_, R::Position>,
) -> Checked {
    let claimed: Vec<Vec<Claim>> = positions
        .par_iter()
        .map(claims)
        .collect::<Result<_, String>>()?;
    let covered = claimed.iter().filter(|claims| !claims.is_empty()).count();
    let bar = progress_bar(name, covered);
    let mut values = Vec::with_capacity(positions.len());
    let mut disagreements = 0;
    let mut first = None;
    for (index, (position, claims)) in positions.iter().zip(&claimed).enumerate() {
        if claims.is_empty() {
            values.push(Nimber::ZERO);
            continue;
        }
        let value = search.value(position)?;
        values.push(value);
        bar.inc(1);
        if let Some(&claim) = claims.iter().find(|&&claim| !agrees(claim, value)) {
            disagreements += 1;
            first.get_or_insert((index, claim));
        }
    }
    bar.finish_and_clear();
    let counterexample = match first {
        Some((index, claim)) => Some(Counterexample {
            position: search.show(&positions[index]),
            detail: refutation(search, &positions[index], claim, values[index])?,
        }),
        None => None,
    };
    Ok(Report {
        name: format!("{name} (conjecture)"),
        checked: covered,
        disagreements,
        counterexample,
    })
}

/// `the move M (to `Q`)`, or `moving to `Q`` when the move's name is the position.
fn describe_move<R: Referee>(rules: &R, from: &R::Position, to: &R::Position) -> String {
    let shown = rules.show(to);
    let name = rules.move_name(from, to);
    if name == shown {
        format!("moving to `{shown}`")
    } else {
        format!("the move {name} (to `{shown}`)")
    }
}

/// Why `claim` is wrong about `position`, whose true value is `value`.
fn refutation<R: Referee>(
    search: &R,
    position: &R::Position,
    claim: Claim,
    value: Nimber,
) -> Result<String, String> {
    let rules = search;
    let options = rules.options(position)?;
    let mut valued = Vec::with_capacity(options.len());
    for option in options {
        let option_value = search.value(&option)?;
        valued.push((option, option_value));
    }
    let said = match claim {
        Claim::Grundy(claimed) => format!("the conjecture says Grundy value {claimed}"),
        Claim::Lost(true) => "the conjecture says it is lost for the player to move".to_string(),
        Claim::Lost(false) => "the conjecture says it is won for the player to move".to_string(),
    };
    let truth = format!(
        "exhaustive search says Grundy value {} ({} for the player to move)",
        value.0,
        if value == Nimber::ZERO { "lost" } else { "won" }
    );
    let claims_lost = matches!(claim, Claim::Grundy(0) | Claim::Lost(true));
    let why = if claims_lost {
        match valued.iter().find(|(_, v)| *v == Nimber::ZERO) {
            Some((winning, _)) => format!(
                "{} wins: it leaves a position of value 0",
                describe_move(rules, position, winning)
            ),
            None => NOT_REPEATABLE.to_string(),
        }
    } else if value == Nimber::ZERO {
        match valued.first() {
            None => "it has no moves at all, so the player to move has lost".to_string(),
            Some((option, option_value)) => format!(
                "every one of its {} moves leaves a position of nonzero value (for example {} \
                 leaves value {})",
                valued.len(),
                describe_move(rules, position, option),
                option_value.0
            ),
        }
    } else {
        // Only a Grundy claim can disagree here: an is_lost claim that disagrees says lost, or
        // the value is 0.
        let claimed = match claim {
            Claim::Grundy(claimed) => claimed,
            Claim::Lost(_) => return Ok(format!("{said}, {truth}")),
        };
        match valued.iter().find(|(_, v)| v.0 == claimed) {
            Some((option, _)) => format!(
                "{} leads to a position of value {claimed}, and no position has the value of \
                 one of its options",
                describe_move(rules, position, option)
            ),
            None => format!(
                "no move leads to a position of value {}, so the value (the mex of the options' \
                 values) is {}",
                value.0, value.0
            ),
        }
    };
    Ok(format!("{said}, {truth}: {why}"))
}

/// What a misère conjecture claims about a position: lost (`true`), won (`false`), or nothing.
pub type MisereClaims<'a, P> = dyn Fn(&P) -> Result<Option<bool>, String> + Sync + 'a;

/// Checks a misère conjecture (`misere_is_lost(position)`) on every position of `positions`, in
/// order, against the misère referee: exhaustive search with the terminal rule flipped
/// ([`ExhaustiveSolver`] under [`Play::Misere`]: a position without moves is won for the player
/// to move, any other is won exactly when some move leaves a lost one). The first disagreeing
/// position is the counter-example, explained by the move that refutes the claim. The positions
/// must be solvable by the game's own search first (so that a script error or a cycle is
/// reported as such, never taken for a position without moves).
pub fn check_misere_conjecture<P: Notation + Sync>(
    name: &str,
    positions: &[P],
    claims: &MisereClaims<'_, P>,
) -> Checked {
    let claimed: Vec<Option<bool>> = positions
        .par_iter()
        .map(claims)
        .collect::<Result<_, String>>()?;
    let covered = claimed.iter().filter(|claim| claim.is_some()).count();
    let bar = progress_bar(name, covered);
    let mut referee = ExhaustiveSolver::with_play(Play::Misere);
    let mut disagreements = 0;
    let mut first = None;
    for (position, claim) in positions.iter().zip(&claimed) {
        let Some(claimed_lost) = *claim else {
            continue;
        };
        bar.inc(1);
        let lost = referee.grundy_value(position) == Nimber::ZERO;
        if claimed_lost != lost {
            disagreements += 1;
            first.get_or_insert((position, claimed_lost));
        }
    }
    bar.finish_and_clear();
    let counterexample = first.map(|(position, claimed_lost)| Counterexample {
        position: position.to_string(),
        detail: misere_refutation(&mut referee, position, claimed_lost),
    });
    Ok(Report {
        name: format!("{name} (misère conjecture)"),
        checked: covered,
        disagreements,
        counterexample,
    })
}

/// Why the misère claim `claimed_lost` about `position` is wrong.
fn misere_refutation<P: Notation>(
    referee: &mut ExhaustiveSolver<P>,
    position: &P,
    claimed_lost: bool,
) -> String {
    let moves = position.moves();
    if claimed_lost {
        let said = "the conjecture says it is lost for the player to move under misère play, \
                    exhaustive misère search says won";
        if moves.is_empty() {
            return format!(
                "{said}: it has no moves at all, and under misère play the player who cannot \
                 move wins"
            );
        }
        let winning = referee.winning_moves(position);
        match winning.first() {
            Some((mv, next)) => format!(
                "{said}: the move {} (to `{next}`) wins: it leaves a position lost under misère \
                 play",
                position.format_move(mv)
            ),
            None => format!("{said}, {NOT_REPEATABLE}"),
        }
    } else {
        let said = "the conjecture says it is won for the player to move under misère play, \
                    exhaustive misère search says lost";
        match moves.first() {
            Some(mv) => format!(
                "{said}: every one of its {} moves leaves a position won for the opponent under \
                 misère play (for example {} leaves `{}`)",
                moves.len(),
                position.format_move(mv),
                position.play(mv)
            ),
            None => format!("{said}, yet it has no moves: the referee and the rules disagree"),
        }
    }
}
