//! What every request of the server shares: the limits, the cache of resolved games and the
//! resolver the page may use.

use super::error::ApiError;
use crate::core::Play;
use crate::game::compound_kind::Compound;
use crate::game::{Game, played_compound};
use crate::loopy::game::{GraphGame, PREFIX as GRAPH_PREFIX};
use crate::resolve::{Files, ResolveError, resolve_with};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The largest request body accepted, in bytes (a position of about a million characters).
pub const MAX_BODY: usize = 1 << 20;

/// The largest answer built, in bytes.
pub const MAX_ANSWER: usize = 16 << 20;

/// How many resolved games are kept (a heap game keeps its Grundy table between requests).
const CACHED_GAMES: usize = 64;

/// A game given at start (`--graph FILE`): its file is read at start only, since the page must
/// never make the server read a file.
pub(super) struct Preloaded {
    /// Its spelling (`graph:FILE`).
    pub(super) spelling: String,
    /// The game itself, under normal play.
    pub(super) game: Arc<dyn Game>,
    /// The same game, cloned (sharing the graph and its values, not reading the file) for each
    /// request under another play convention or compound.
    graph: GraphGame,
}

impl Preloaded {
    /// Reads `spelling`'s file (`graph:FILE`) once.
    pub(super) fn load(spelling: &str) -> Result<Preloaded, ResolveError> {
        let path = spelling.strip_prefix(GRAPH_PREFIX).ok_or_else(|| {
            ResolveError::Malformed(format!("`{spelling}` is not a graph game (graph:FILE)"))
        })?;
        let graph = GraphGame::load(spelling, Path::new(path))?;
        Ok(Preloaded {
            spelling: spelling.to_string(),
            game: Arc::new(graph.clone()),
            graph,
        })
    }
}

/// What every request shares.
pub(super) struct Shared {
    /// Games the server was started with (`--graph FILE`): never evicted, and the only games
    /// read from files.
    pub(super) preloaded: Vec<Preloaded>,
    /// Games resolved by spelling, under normal play as the disjunctive sum.
    pub(super) games: Mutex<HashMap<String, Arc<dyn Game>>>,
    /// The blocking threads' slots: at most two per core at once.
    pub(super) slots: Arc<Semaphore>,
    /// The one slot of `/api/remoteness`, whose search cannot be interrupted.
    pub(super) remoteness_slot: Arc<Semaphore>,
    pub(super) time_limit: Duration,
}

impl Shared {
    /// The game a spelling names (see [`web_resolve`]), from the cache when it was asked before.
    pub(super) fn game(&self, spelling: &str) -> Result<Arc<dyn Game>, ApiError> {
        if let Some(preloaded) = self.preloaded(spelling) {
            return Ok(Arc::clone(&preloaded.game));
        }
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some(game) = games.get(spelling) {
            return Ok(Arc::clone(game));
        }
        let game: Arc<dyn Game> = Arc::from(web_resolve(spelling)?);
        if games.len() >= CACHED_GAMES {
            games.clear();
        }
        games.insert(spelling.to_string(), Arc::clone(&game));
        Ok(game)
    }

    /// The game a spelling names under `play`, as the compound `compound` of its components,
    /// built as the command line builds it ([`played_compound`]). Only the plain game (normal
    /// play, the disjunctive sum) is cached: a misère or compound game is built afresh for each
    /// request, so that nothing one request searched (a compound's memo of R and S, filled up
    /// to its position limit) changes another's answer.
    pub(super) fn played(
        &self,
        spelling: &str,
        play: Play,
        compound: Compound,
    ) -> Result<Arc<dyn Game>, ApiError> {
        if (play, compound) == (Play::Normal, Compound::Disjunctive) {
            return self.game(spelling);
        }
        let game: Box<dyn Game> = match self.preloaded(spelling) {
            Some(preloaded) => Box::new(preloaded.graph.clone()),
            None => web_resolve(spelling)?,
        };
        Ok(Arc::from(played_compound(game, play, compound)?))
    }

    fn preloaded(&self, spelling: &str) -> Option<&Preloaded> {
        self.preloaded
            .iter()
            .find(|preloaded| preloaded.spelling == spelling)
    }
}

/// The resolver, refusing spellings that look like file paths: a page must not make the
/// server read files.
pub(super) fn web_resolve(spelling: &str) -> Result<Box<dyn Game>, ResolveError> {
    resolve_with(spelling, Files::Refuse)
}
