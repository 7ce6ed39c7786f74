//! What every request of the server shares: the limits, the cache of resolved games and the
//! resolver the page may use.

use crate::game::Game;
use crate::resolve::{Files, ResolveError, resolve_with};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The largest request body accepted, in bytes (a position of about a million characters).
pub const MAX_BODY: usize = 1 << 20;

/// The largest answer built, in bytes.
pub const MAX_ANSWER: usize = 16 << 20;

/// How many resolved games are kept (a heap game keeps its Grundy table between requests).
const CACHED_GAMES: usize = 64;

/// What every request shares.
pub(super) struct Shared {
    /// Games the server was started with (`--graph FILE`), by spelling: never evicted, and the
    /// only games read from files.
    pub(super) preloaded: Vec<(String, Arc<dyn Game>)>,
    pub(super) games: Mutex<HashMap<String, Arc<dyn Game>>>,
    pub(super) slots: Arc<Semaphore>,
    pub(super) time_limit: Duration,
}

impl Shared {
    /// The game a spelling names (see [`web_resolve`]), from the cache when it was asked before.
    pub(super) fn game(&self, spelling: &str) -> Result<Arc<dyn Game>, ResolveError> {
        if let Some((_, game)) = self.preloaded.iter().find(|(name, _)| name == spelling) {
            return Ok(Arc::clone(game));
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
}

/// The resolver, refusing spellings that look like file paths: a page must not make the
/// server read files.
pub(super) fn web_resolve(spelling: &str) -> Result<Box<dyn Game>, ResolveError> {
    resolve_with(spelling, Files::Refuse)
}
