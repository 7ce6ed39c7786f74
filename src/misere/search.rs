//! Exhaustive misère search within a stated limit: the answer for games (or positions) that no
//! misère theory covers.
//!
//! A position is lost for the player to move under misère play exactly when it has a move and
//! every move leads to a won position (a position with no move is won: its player has nothing
//! to do and the other made the last move). The search decides this bottom-up, each position
//! once (keyed by [`ImpartialGame::memo_key`]), with an explicit stack, and refuses to store more
//! than its limit of positions: past it the answer is an error naming the limit, never a guess.

use super::error::MisereError;
use crate::core::{ImpartialGame, solve_post_order};
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::cell::RefCell;

/// How many positions a misère search stores at most by default.
pub const DEFAULT_MISERE_POSITIONS: usize = 2_000_000;

/// A memoised misère search over the positions of one game.
#[derive(Debug)]
pub struct MisereSearch<G: ImpartialGame> {
    lost: FxHashMap<G, bool>,
    limit: usize,
}

impl<G: ImpartialGame> MisereSearch<G> {
    /// A search that stores at most `limit` positions.
    pub fn new(limit: usize) -> Self {
        MisereSearch {
            lost: FxHashMap::default(),
            limit,
        }
    }

    /// The limit of stored positions.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// How many positions are stored.
    pub fn stored(&self) -> usize {
        self.lost.len()
    }

    /// Whether `root` is lost for the player to move under misère play.
    pub fn is_lost(&mut self, root: &G) -> Result<bool, MisereError> {
        let root = root.memo_key();
        if let Some(&lost) = self.lost.get(&root) {
            return Ok(lost);
        }
        let keyed =
            |position: &G| -> Vec<G> { position.options().iter().map(G::memo_key).collect() };
        solve_post_order(
            self,
            root.clone(),
            |search, position| search.lost.contains_key(position),
            |_, position, _| Ok(keyed(position)),
            |search, position, options| {
                let lost = !options.is_empty() && options.iter().all(|child| !search.lost[child]);
                if search.lost.len() >= search.limit {
                    return Err(MisereError::TooLarge(format!(
                        "no misère theory covers this position, and exhaustive misère search \
                         passed its limit of {} positions",
                        search.limit
                    )));
                }
                search.lost.insert(position, lost);
                Ok(())
            },
        )?;
        Ok(self.lost[&root])
    }
}

/// How many positions a thread's shared search keeps between two questions (more are dropped,
/// so that a long-running process holds little).
pub const KEPT_BETWEEN_QUESTIONS: usize = 250_000;

thread_local! {
    /// Each thread's shared misère searches, one per position type. A search's entries are
    /// positions, so a type may share one only if two positions of different games are never
    /// equal (see [`with_shared_search`]).
    static SHARED: RefCell<FxHashMap<TypeId, Box<dyn Any>>> = RefCell::new(FxHashMap::default());
}

/// Runs `question` on this thread's shared misère search of `G` (limit
/// [`DEFAULT_MISERE_POSITIONS`]), so that the positions one question solved answer the next
/// (`verify` asks about thousands of overlapping positions). The answers are those of a fresh
/// search: a question that passes the limit on a search already holding positions is asked
/// again on a fresh one, so a position is refused only when its own positions pass the limit.
///
/// The search is keyed by the position type, and its entries by the positions: only for
/// position types whose equality is the whole position, game included, so that two positions of
/// different games are never equal and never share an entry. The fixed games' positions (one
/// game per type) are such; tokens on a graph (`OnGraph`) compare their board as well as their
/// tokens. Heap positions and a script's positions, equal by their numbers whatever the rule,
/// use a fresh search instead.
pub fn with_shared_search<G: ImpartialGame + 'static, T>(
    question: impl Fn(&mut MisereSearch<G>) -> Result<T, MisereError>,
) -> Result<T, MisereError> {
    let fresh = || MisereSearch::<G>::new(DEFAULT_MISERE_POSITIONS);
    SHARED.with(|shared| {
        let Ok(mut shared) = shared.try_borrow_mut() else {
            // A question asked while another is being answered on this thread: on its own.
            return question(&mut fresh());
        };
        let slot = shared
            .entry(TypeId::of::<G>())
            .or_insert_with(|| Box::new(fresh()));
        let Some(search) = slot.downcast_mut::<MisereSearch<G>>() else {
            return question(&mut fresh());
        };
        let held = search.stored();
        let mut answer = question(search);
        if held > 0 && matches!(answer, Err(MisereError::TooLarge(_))) {
            *search = fresh();
            answer = question(search);
        }
        if search.stored() > KEPT_BETWEEN_QUESTIONS {
            *search = fresh();
        }
        answer
    })
}
