//! The fixed games under misère play.
//!
//! * **end-piles** (End-Nim). Cairns and Ho, "Some remarks on End-Nim" (*Int. J. Combin.* 2011,
//!   article 824742), show that End-Nim and misère End-Nim have the same losing positions except
//!   for rows whose piles are all of one size. Among those, only rows of ones change sides (a
//!   row of k piles of one is forced play, lost for the player to move under misère play exactly
//!   when k is odd; rows of equal piles of two or more keep their normal-play outcome — checked
//!   on every small row by `verify --misere`). So a row is lost under misère play exactly when it
//!   is a row of an odd number of ones, or it is not a row of ones and is lost under normal play
//!   ([`super::super::games::end_piles`]'s segment values). A winning move leaves a lost row: a
//!   row of ones (one of the at most four moves that change an end pile to 0 or 1 with ones
//!   behind it) or a normal-play lost row that is not all ones (a normal winning move): the
//!   candidates are those few moves, each checked.
//! * **bounded-take, box-fill, box-fill-square** are sums of independent components: Conway's
//!   tame sums decide them when every component is tame (see `games::counted_sum`).
//! * **take-or-merge, chocolate, bean-split**: no misère
//!   theory is known to this module (the normal theories are Sprague–Grundy sums or parity
//!   arguments that do not carry over), so they are decided by exhaustive misère search within
//!   [`super::search::DEFAULT_MISERE_POSITIONS`] positions, and refused past it with the limit
//!   named.

use super::game::MisereTheory;
use crate::games::end_piles::{End, EndPilesMove, first_player_wins};
use crate::games::{BeanSplit, Chocolate, EndPiles, TakeOrMerge};
use crate::theory::{AnalysisError, MoveCollector, WinningMove, WinningMoves};

/// Whether a row is lost for the player to move under misère play.
pub fn end_piles_misere_lost(piles: &[u64]) -> bool {
    if piles.iter().all(|&pile| pile == 1) {
        piles.len() % 2 == 1
    } else {
        !first_player_wins(piles)
    }
}

impl MisereTheory for EndPiles {
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        Ok(end_piles_misere_lost(&self.piles))
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        use crate::core::ImpartialGame;
        use crate::theory::Theory;
        let mut candidates: Vec<EndPilesMove> = self
            .winning_moves(usize::MAX)?
            .listed
            .into_iter()
            .map(|winning| winning.mv)
            .collect();
        let n = self.piles.len();
        if n > 0 {
            if self.piles[1..].iter().all(|&p| p == 1) {
                candidates.extend((0..self.piles[0].min(2)).map(|remaining| EndPilesMove {
                    end: End::Left,
                    remaining,
                }));
            }
            if n > 1 && self.piles[..n - 1].iter().all(|&p| p == 1) {
                candidates.extend((0..self.piles[n - 1].min(2)).map(|remaining| EndPilesMove {
                    end: End::Right,
                    remaining,
                }));
            }
        }
        let mut collector = MoveCollector::new(limit);
        let mut seen: Vec<EndPiles> = Vec::new();
        for mv in candidates {
            let next = self.play(&mv);
            if seen.contains(&next) || !end_piles_misere_lost(&next.piles) {
                continue;
            }
            let ones = next.piles.iter().all(|&p| p == 1);
            seen.push(next);
            collector.push(|| WinningMove {
                mv,
                reason: if ones {
                    "leaves an odd number of piles of one (forced play: the opponent takes the \
                     last)"
                        .to_string()
                } else {
                    "leaves a row lost under normal play that is not all ones, so lost under \
                     misère play too (Cairns and Ho)"
                        .to_string()
                },
            });
        }
        Ok(collector.finish())
    }
}

impl MisereTheory for TakeOrMerge {}
impl MisereTheory for Chocolate {}
impl MisereTheory for BeanSplit {}
