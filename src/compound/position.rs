//! A position of a compound, and its moves written straight from the definitions: what the
//! referee (the exhaustive solver) searches.

use super::components::Components;
use super::measure::Measurer;
use crate::core::ImpartialGame;
use crate::game::compound_kind::Compound;
use crate::notation::Notation;
use crate::scanner::{InputError, Location};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A position of a compound: its kind and its components, in order. It carries the game's
/// [`Measurer`] (shared by every position of the game), which the rules read R and S from.
#[derive(Clone)]
pub struct CompoundPosition<G: ImpartialGame> {
    kind: Compound,
    parts: Vec<G>,
    measurer: Arc<Measurer<G>>,
}

/// A move of a compound: one entry per component, `None` where the component is left alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompoundMove<M>(pub Vec<Option<M>>);

impl<G: ImpartialGame> CompoundPosition<G> {
    /// The compound `kind` of `parts` (at least one).
    pub fn new(kind: Compound, parts: Vec<G>, measurer: Arc<Measurer<G>>) -> Self {
        debug_assert!(!parts.is_empty());
        CompoundPosition {
            kind,
            parts,
            measurer,
        }
    }

    /// The compound.
    pub fn kind(&self) -> Compound {
        self.kind
    }

    /// The components, in order.
    pub fn parts(&self) -> &[G] {
        &self.parts
    }

    /// Where R and S of the components come from.
    pub fn measurer(&self) -> &Measurer<G> {
        &self.measurer
    }

    /// Whether some component has ended (has no move).
    pub fn some_part_ended(&self) -> bool {
        self.parts.iter().any(|part| part.quiet_move().is_none())
    }

    /// The choices of component `index` that the compound allows (at most `limit` moves of it;
    /// `None`: left alone), and whether the component has more moves.
    fn choices(&self, index: usize, limit: usize) -> (Vec<Option<G::Move>>, bool) {
        let (moves, more) = self.parts[index].some_moves(limit);
        let moved = moves.into_iter().map(Some);
        match self.kind {
            Compound::Disjunctive | Compound::Selective | Compound::Shortened => {
                (std::iter::once(None).chain(moved).collect(), more)
            }
            Compound::Conjunctive => (moved.collect(), more),
            Compound::Continued if more => (moved.collect(), true),
            Compound::Continued => {
                let moved: Vec<_> = moved.collect();
                if moved.is_empty() {
                    (vec![None], false)
                } else {
                    (moved, false)
                }
            }
        }
    }

    /// Whether `mv` is one of the compound's moves here (by the definitions).
    fn allows(&self, mv: &CompoundMove<G::Move>) -> Result<(), String> {
        let moved = mv.0.iter().filter(|m| m.is_some()).count();
        if mv.0.len() != self.parts.len() {
            return Err(format!(
                "a move of this compound lists one move per component ({}), found {}",
                self.parts.len(),
                mv.0.len()
            ));
        }
        if matches!(self.kind, Compound::Conjunctive | Compound::Shortened)
            && self.some_part_ended()
        {
            return Err("the game is over: a component has ended".to_string());
        }
        if moved == 0 {
            return Err("a move changes at least one component".to_string());
        }
        for (index, (part, entry)) in self.parts.iter().zip(&mv.0).enumerate() {
            let can_move = part.quiet_move().is_some();
            match (self.kind, entry) {
                (Compound::Conjunctive, None) => {
                    return Err(format!(
                        "the conjunctive compound moves in every component; component {} is \
                         left alone",
                        index + 1
                    ));
                }
                (Compound::Continued, None) if can_move => {
                    return Err(format!(
                        "the continued compound moves in every component that can move; \
                         component {} can",
                        index + 1
                    ));
                }
                (Compound::Disjunctive, _) if moved > 1 => {
                    return Err("the disjunctive compound moves in one component".to_string());
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl<G: ImpartialGame> CompoundPosition<G> {
    /// Each component's option of the largest R (conjunctive) or S (continued); `None` when a
    /// component cannot be measured (or has too many moves to look at).
    fn slowest(&self) -> Option<CompoundMove<G::Move>> {
        const LOOKED_AT: usize = 10_000;
        let mut entries = Vec::with_capacity(self.parts.len());
        for part in &self.parts {
            let (moves, more) = part.some_moves(LOOKED_AT);
            if more {
                return None;
            }
            let mut best: Option<(u64, G::Move)> = None;
            for mv in moves {
                let measures = self.measurer.measures(&part.play(&mv)).ok()?;
                let value = match self.kind {
                    Compound::Conjunctive => measures.remoteness,
                    _ => measures.suspense,
                };
                if best.as_ref().is_none_or(|(most, _)| value > *most) {
                    best = Some((value, mv));
                }
            }
            entries.push(best.map(|(_, mv)| mv));
        }
        Some(CompoundMove(entries))
    }
}

impl<G: ImpartialGame> PartialEq for CompoundPosition<G> {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind && self.parts == other.parts
    }
}

impl<G: ImpartialGame> Eq for CompoundPosition<G> {}

impl<G: ImpartialGame> Hash for CompoundPosition<G> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.kind.hash(state);
        self.parts.hash(state);
    }
}

impl<G: ImpartialGame + fmt::Debug> fmt::Debug for CompoundPosition<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:?}", self.kind, self.parts)
    }
}

/// The text of an ended component whose own text is empty (the empty position of a heap game).
pub const ENDED: &str = "-";

/// The text of a component left alone in a move.
pub const LEFT_ALONE: &str = ".";

/// The separator of components, in positions and in moves.
pub const SEPARATOR: &str = " | ";

impl<G: Components> fmt::Display for CompoundPosition<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, part) in self.parts.iter().enumerate() {
            if index > 0 {
                f.write_str(SEPARATOR)?;
            }
            let text = part.to_string();
            f.write_str(if text.is_empty() { ENDED } else { &text })?;
        }
        if self.parts.len() == 1 && self.parts[0].components().len() != 1 {
            // One component that the game would read as several: the final `|` keeps it one.
            f.write_str(" |")?;
        }
        Ok(())
    }
}

/// Reads a compound position: components separated by `|` (`-` for an ended one, a final `|`
/// ignored), each read by `parse_part`; or, without `|`, the game's position split into its
/// components. Errors are located in the whole text.
pub fn parse_compound<G: Components>(
    kind: Compound,
    text: &str,
    measurer: &Arc<Measurer<G>>,
    parse_part: &dyn Fn(&str) -> Result<G, InputError>,
) -> Result<CompoundPosition<G>, InputError> {
    let parts = if text.contains('|') || text.trim() == ENDED {
        let mut segments: Vec<(usize, &str)> = Vec::new();
        let mut start = 0;
        for piece in text.split('|') {
            segments.push((start, piece));
            start += piece.len() + 1;
        }
        if segments.len() > 1 && segments.last().is_some_and(|(_, s)| s.trim().is_empty()) {
            segments.pop();
        }
        let mut parts = Vec::new();
        for (offset, segment) in segments {
            let trimmed = segment.trim();
            let part_text = if trimmed == ENDED { "" } else { segment };
            if trimmed.is_empty() {
                return Err(InputError::new(
                    column_at(text, offset),
                    format!("an empty component: write `{ENDED}` for an ended one"),
                ));
            }
            let part = parse_part(part_text).map_err(|error| shifted(error, text, offset))?;
            parts.push(part);
        }
        parts
    } else {
        parse_part(text)?.components()
    };
    if parts.is_empty() {
        return Err(InputError::new(
            Location::EndOfInput,
            "a compound needs at least one component",
        ));
    }
    Ok(CompoundPosition::new(kind, parts, Arc::clone(measurer)))
}

/// The location of byte `offset` of `text`.
fn column_at(text: &str, offset: usize) -> Location {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |at| at + 1);
    Location::At {
        line,
        column: offset - line_start + 1,
    }
}

/// An error found in the segment of `text` that starts at byte `offset`, located in `text`.
fn shifted(error: InputError, text: &str, offset: usize) -> InputError {
    let location = match error.location {
        Location::At { line, column } => {
            let start = column_at(text, offset);
            match start {
                Location::At {
                    line: start_line,
                    column: start_column,
                } if line == 1 => Location::At {
                    line: start_line,
                    column: start_column + column - 1,
                },
                Location::At {
                    line: start_line, ..
                } => Location::At {
                    line: start_line + line - 1,
                    column,
                },
                Location::EndOfInput => Location::EndOfInput,
            }
        }
        Location::EndOfInput => {
            // The segment ended early: point at its end (the next `|`, or the end of the text).
            let end = text[offset..]
                .find('|')
                .map_or(text.len(), |at| offset + at);
            if end >= text.len() {
                Location::EndOfInput
            } else {
                column_at(text, end)
            }
        }
    };
    InputError::new(location, error.message)
}

impl<G: ImpartialGame> ImpartialGame for CompoundPosition<G> {
    type Move = CompoundMove<G::Move>;

    fn moves(&self) -> Vec<Self::Move> {
        self.some_moves(usize::MAX).0
    }

    fn play(&self, mv: &Self::Move) -> Self {
        let parts = self
            .parts
            .iter()
            .zip(&mv.0)
            .map(|(part, entry)| match entry {
                Some(m) => part.play(m),
                None => part.clone(),
            })
            .collect();
        CompoundPosition {
            kind: self.kind,
            parts,
            measurer: Arc::clone(&self.measurer),
        }
    }

    fn move_to(&self, target: &Self) -> Option<Self::Move> {
        if target.kind != self.kind || target.parts.len() != self.parts.len() {
            return None;
        }
        let mut entries = Vec::with_capacity(self.parts.len());
        for (part, goal) in self.parts.iter().zip(&target.parts) {
            entries.push(if part == goal {
                None
            } else {
                Some(part.move_to(goal)?)
            });
        }
        let mv = CompoundMove(entries);
        self.allows(&mv).ok().map(|()| mv)
    }

    fn some_moves(&self, limit: usize) -> (Vec<Self::Move>, bool) {
        if matches!(self.kind, Compound::Conjunctive | Compound::Shortened)
            && self.some_part_ended()
        {
            return (Vec::new(), false);
        }
        let per_part = limit.saturating_add(1);
        let mut lists = Vec::with_capacity(self.parts.len());
        let mut truncated = false;
        for index in 0..self.parts.len() {
            let (choices, more) = self.choices(index, per_part);
            truncated |= more;
            lists.push(choices);
        }
        if lists.iter().any(Vec::is_empty) {
            return (Vec::new(), false);
        }
        let single = self.kind == Compound::Disjunctive;
        let mut moves = Vec::new();
        let mut odometer = vec![0usize; lists.len()];
        loop {
            let entries: Vec<Option<G::Move>> = odometer
                .iter()
                .zip(&lists)
                .map(|(&at, list)| list[at].clone())
                .collect();
            let moved = entries.iter().filter(|e| e.is_some()).count();
            if moved >= 1 && (!single || moved == 1) {
                if moves.len() == limit {
                    return (moves, true);
                }
                moves.push(CompoundMove(entries));
            }
            // Advance the odometer, the last component fastest.
            let mut place = lists.len();
            loop {
                if place == 0 {
                    let more = truncated && !moves.is_empty();
                    return (moves, more);
                }
                place -= 1;
                odometer[place] += 1;
                if odometer[place] < lists[place].len() {
                    break;
                }
                odometer[place] = 0;
            }
        }
    }

    fn quiet_move(&self) -> Option<Self::Move> {
        if matches!(self.kind, Compound::Conjunctive | Compound::Shortened)
            && self.some_part_ended()
        {
            return None;
        }
        let quiet: Vec<Option<G::Move>> = self.parts.iter().map(G::quiet_move).collect();
        match self.kind {
            Compound::Conjunctive | Compound::Continued => {
                if quiet.iter().all(Option::is_none) {
                    return None;
                }
                // Where R and S are known, the slowest loss: each component's option of the
                // largest R (conjunctive: the largest min R) or S (continued: the largest
                // max S); the quiet moves if a component cannot be measured.
                Some(self.slowest().unwrap_or(CompoundMove(quiet)))
            }
            Compound::Disjunctive | Compound::Selective | Compound::Shortened => {
                // The least change: a quiet move in the first component that can move.
                let first = quiet.iter().position(Option::is_some)?;
                let mut entries = vec![None; quiet.len()];
                entries[first] = quiet[first].clone();
                Some(CompoundMove(entries))
            }
        }
    }
}

impl<G: Components> Notation for CompoundPosition<G> {
    fn format_move(&self, mv: &Self::Move) -> String {
        mv.0.iter()
            .zip(&self.parts)
            .map(|(entry, part)| match entry {
                Some(m) => part.format_move(m),
                None => LEFT_ALONE.to_string(),
            })
            .collect::<Vec<_>>()
            .join(SEPARATOR)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
        let pieces: Vec<&str> = text.split('|').map(str::trim).collect();
        if pieces.len() != self.parts.len() {
            return Err(format!(
                "`{}` is not a move of this compound: list one move per component ({}), \
                 separated by `|`, `{LEFT_ALONE}` for a component left alone, e.g. `{}`",
                text.trim(),
                self.parts.len(),
                vec!["1-1"; self.parts.len()].join(SEPARATOR)
            ));
        }
        let mut entries = Vec::with_capacity(pieces.len());
        for (index, (piece, part)) in pieces.iter().zip(&self.parts).enumerate() {
            entries.push(if *piece == LEFT_ALONE {
                None
            } else {
                Some(
                    part.parse_move(piece)
                        .map_err(|error| format!("component {}: {error}", index + 1))?,
                )
            });
        }
        let mv = CompoundMove(entries);
        self.allows(&mv)?;
        Ok(mv)
    }
}
