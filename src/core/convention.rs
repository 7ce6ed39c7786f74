//! The two play conventions: who wins when nobody can move.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Which player wins when the player to move has no move.
///
/// * **Normal play**: the player who cannot move loses (the last mover wins). Its theory is
///   Sprague–Grundy: every position is worth a Nim heap.
/// * **Misère play**: the player who cannot move *wins* (the last mover loses). Its theory is
///   [`crate::misere`]: genus, tame sums and misère quotients.
///
/// The rules of a game — its positions and moves — are the same under both; only the terminal
/// positions change sides, and with them everything above.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The last player to move wins.
    #[default]
    Normal,
    /// The last player to move loses.
    Misere,
}

impl Play {
    /// The value of a position with no move: 0 under normal play, 1 under misère play (the
    /// player to move has won, like the player facing a Nim heap of one under normal play).
    pub fn terminal_value(self) -> u64 {
        match self {
            Play::Normal => 0,
            Play::Misere => 1,
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        })
    }
}
