//! The ways of adding games, by name: `--compound disjunctive|conjunctive|continued|selective|
//! shortened`.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// How the components of a position are played together (see [`crate::compound`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Compound {
    /// The sum: move in exactly one component; the game ends when every component has ended.
    Disjunctive,
    /// Move in every component; the game ends when any component has ended.
    Conjunctive,
    /// Continued conjunctive (Every-SG): move in every component that has not ended; the game
    /// ends when every component has ended.
    Continued,
    /// Move in any non-empty set of components; the game ends when every component has ended.
    Selective,
    /// Shortened selective: move in any non-empty set of components; the game ends when any
    /// component has ended.
    Shortened,
}

/// A name that is no compound's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown compound `{0}`; the compounds are disjunctive (the sum, the default), conjunctive, \
     continued, selective, shortened"
)]
pub struct UnknownCompound(pub String);

impl Compound {
    /// Every compound, in the order of the documentation.
    pub const ALL: [Compound; 5] = [
        Compound::Disjunctive,
        Compound::Conjunctive,
        Compound::Continued,
        Compound::Selective,
        Compound::Shortened,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Compound::Disjunctive => "disjunctive",
            Compound::Conjunctive => "conjunctive",
            Compound::Continued => "continued",
            Compound::Selective => "selective",
            Compound::Shortened => "shortened",
        }
    }

    /// What a move is and when the game ends, in a line.
    pub fn describe(self) -> &'static str {
        match self {
            Compound::Disjunctive => {
                "move in exactly one component; the game ends when every component has ended"
            }
            Compound::Conjunctive => {
                "move in every component; the game ends when any component has ended"
            }
            Compound::Continued => {
                "continued conjunctive (Every-SG): move in every component that can still move; \
                 the game ends when none can"
            }
            Compound::Selective => {
                "move in any non-empty set of components; the game ends when every component has \
                 ended"
            }
            Compound::Shortened => {
                "shortened selective: move in any non-empty set of components; the game ends when \
                 any component has ended"
            }
        }
    }
}

impl fmt::Display for Compound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Compound {
    type Err = UnknownCompound;

    fn from_str(text: &str) -> Result<Self, UnknownCompound> {
        Compound::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| UnknownCompound(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for kind in Compound::ALL {
            assert_eq!(kind.name().parse::<Compound>(), Ok(kind));
        }
        assert!("conjuctive".parse::<Compound>().is_err());
    }
}
