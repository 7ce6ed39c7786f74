//! A position of tokens on a game graph: its notation, its moves, its γ and its outcome, and
//! the report `analyze` prints.
//!
//! **Notation.** A position is the list of the vertices holding a token, counted from 1 as in
//! the graph file, printed ascending (`1 3 3`: a token on vertex 1 and two on vertex 3; the
//! empty list is the position without tokens, lost for the player to move). A move slides one
//! token along one edge, written `u->v`; a move may also be given as the position it leads to.
//!
//! **Theory.** γ of the position is the sum, by Smith's rule ([`Gamma::add`]), of its tokens'
//! γ; who wins follows from it, and so does the outcome after each move: the report lists every
//! winning move (to a position of γ = 0) and, in a drawn position, every move that keeps the
//! draw (to a position whose γ is ∞(K) with 0 ∉ K). Each move's outcome costs O(1) plus the
//! out-degree of the vertex the token reaches, not a new sum over the tokens.

use super::gamma::{Gamma, Gammas};
use super::graph::{GameGraph, Vertex};
use crate::core::Winner;
use crate::report::{ListedMove, LoopyReport, LoopyText, ReportedToken};
use crate::scanner::{InputError, Scanner};
use std::fmt;

/// The most tokens a position may hold.
pub const MAX_TOKENS: usize = 1_000_000;

/// A graph with the γ value of every vertex: everything a position's theory needs.
#[derive(Clone, Debug)]
pub struct Board {
    graph: GameGraph,
    gammas: Gammas,
}

/// A position: the vertices holding a token, ascending (repeats for tokens sharing a vertex).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tokens(pub Vec<Vertex>);

/// A move: one token from a vertex to one of its followers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TokenMove {
    /// Where the token stands.
    pub from: Vertex,
    /// Where it goes.
    pub to: Vertex,
}

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buffer = itoa::Buffer::new();
        for (index, &vertex) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            f.write_str(buffer.format(u64::from(vertex) + 1))?;
        }
        Ok(())
    }
}

impl fmt::Display for TokenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}->{}",
            u64::from(self.from) + 1,
            u64::from(self.to) + 1
        )
    }
}

impl Tokens {
    /// The position after `mv` (which must move a token that is there).
    pub fn after(&self, mv: TokenMove) -> Tokens {
        let mut vertices = self.0.clone();
        let at = vertices
            .binary_search(&mv.from)
            .expect("the move's token is in the position");
        vertices.remove(at);
        let into = vertices.partition_point(|&vertex| vertex <= mv.to);
        vertices.insert(into, mv.to);
        Tokens(vertices)
    }
}

/// The γ of a sum in parts: the nim-sum of its finite components, and its ∞ components (how
/// many, and the first two of them), from which the sum and the sum after a move are read in
/// constant time.
#[derive(Clone, Debug)]
struct Parts {
    nim: u64,
    infinite: usize,
    first_infinite: [Option<Vertex>; 2],
}

impl Board {
    /// The board of `graph`: γ of every vertex, computed once.
    pub fn new(graph: GameGraph) -> Board {
        let gammas = Gammas::of(&graph);
        Board { graph, gammas }
    }

    /// The graph.
    pub fn graph(&self) -> &GameGraph {
        &self.graph
    }

    /// γ of every vertex.
    pub fn gammas(&self) -> &Gammas {
        &self.gammas
    }

    /// Reads a position: vertex numbers 1..=n separated by whitespace (at most [`MAX_TOKENS`]).
    pub fn parse_position(&self, text: &str) -> Result<Tokens, InputError> {
        let n = self.graph.vertex_count() as u64;
        let mut scanner = Scanner::new(text.as_bytes());
        let mut vertices = Vec::new();
        while let Some(token) = scanner.next_token() {
            let vertex = token.parse_u64("a vertex number")?;
            if !(1..=n).contains(&vertex) {
                return Err(token.error(format!(
                    "there is no vertex {vertex}: the graph's vertices are 1 to {n}"
                )));
            }
            if vertices.len() == MAX_TOKENS {
                return Err(token.error(format!("more than {MAX_TOKENS} tokens")));
            }
            vertices.push((vertex - 1) as Vertex);
        }
        vertices.sort_unstable();
        Ok(Tokens(vertices))
    }

    /// Reads a move `u->v` (a token on u slides along the edge u v), checked to be legal.
    pub fn parse_move(&self, position: &Tokens, text: &str) -> Result<TokenMove, String> {
        let text = text.trim();
        let shape = "write <from>-><to>, e.g. 1->2";
        let (from, to) = text
            .split_once("->")
            .ok_or_else(|| format!("`{text}` is not a move: {shape}"))?;
        let vertex = |item: &str| -> Result<Vertex, String> {
            item.trim()
                .parse::<u64>()
                .ok()
                .filter(|&v| (1..=self.graph.vertex_count() as u64).contains(&v))
                .map(|v| (v - 1) as Vertex)
                .ok_or_else(|| format!("`{}` is not a vertex of the graph: {shape}", item.trim()))
        };
        let mv = TokenMove {
            from: vertex(from)?,
            to: vertex(to)?,
        };
        if position.0.binary_search(&mv.from).is_err() {
            return Err(format!("there is no token on vertex {}", mv.from + 1));
        }
        if !self.graph.followers(mv.from).contains(&mv.to) {
            return Err(format!(
                "there is no edge from {} to {}",
                mv.from + 1,
                mv.to + 1
            ));
        }
        Ok(mv)
    }

    /// A move typed as `u->v`, or as the position to reach; why not, if it is neither.
    pub fn entered_move(&self, position: &Tokens, entry: &str) -> Result<TokenMove, String> {
        self.parse_move(position, entry)
            .or_else(|move_error| match self.parse_position(entry) {
                Ok(target) => self
                    .move_to(position, &target)
                    .ok_or_else(|| format!("`{target}` cannot be reached in one move from here")),
                Err(_) => Err(move_error),
            })
    }

    /// The move that leads from `position` to `target`, if one does.
    pub fn move_to(&self, position: &Tokens, target: &Tokens) -> Option<TokenMove> {
        self.moves(position)
            .into_iter()
            .find(|&mv| &position.after(mv) == target)
    }

    /// Every move of `position`, one per resulting position: each distinct vertex holding a
    /// token, to each of its distinct followers (ascending). Two moves lead to the same position
    /// only when both follow self-loops (each leaves the position as it was): only the first
    /// self-loop is listed.
    pub fn moves(&self, position: &Tokens) -> Vec<TokenMove> {
        let mut moves = Vec::new();
        let mut previous = None;
        let mut stayed = false;
        for &from in &position.0 {
            if previous == Some(from) {
                continue;
            }
            previous = Some(from);
            for to in self.graph.distinct_followers(from) {
                if to == from {
                    if stayed {
                        continue;
                    }
                    stayed = true;
                }
                moves.push(TokenMove { from, to });
            }
        }
        moves
    }

    /// γ of one token's vertex.
    pub fn gamma(&self, vertex: Vertex) -> Gamma {
        self.gammas.gamma(&self.graph, vertex)
    }

    /// Whether `vertex` has a follower of finite value `value` (whether `value` ∈ K of an ∞
    /// vertex).
    fn reaches(&self, vertex: Vertex, value: u64) -> bool {
        self.graph
            .followers(vertex)
            .iter()
            .any(|&w| self.gammas.finite(w) == Some(value))
    }

    fn parts(&self, position: &Tokens) -> Parts {
        let mut parts = Parts {
            nim: 0,
            infinite: 0,
            first_infinite: [None, None],
        };
        for &vertex in &position.0 {
            match self.gammas.finite(vertex) {
                Some(value) => parts.nim ^= value,
                None => {
                    if parts.infinite < 2 {
                        parts.first_infinite[parts.infinite] = Some(vertex);
                    }
                    parts.infinite += 1;
                }
            }
        }
        parts
    }

    /// γ of `position`: the sum of its tokens' γ by Smith's rule.
    pub fn position_gamma(&self, position: &Tokens) -> Gamma {
        let parts = self.parts(position);
        match (parts.infinite, parts.first_infinite[0]) {
            (0, _) => Gamma::Finite(parts.nim),
            (1, Some(vertex)) => self.gamma(vertex).add(&Gamma::Finite(parts.nim)),
            _ => Gamma::Infinite(Vec::new()),
        }
    }

    /// Who wins `position`.
    pub fn winner(&self, position: &Tokens) -> Winner {
        let parts = self.parts(position);
        match (parts.infinite, parts.first_infinite[0]) {
            (0, _) if parts.nim == 0 => Winner::Second,
            (0, _) => Winner::First,
            (1, Some(vertex)) if self.reaches(vertex, parts.nim) => Winner::First,
            _ => Winner::Draw,
        }
    }

    /// Who wins (the player then to move) after `mv`, from `parts` of the position.
    fn winner_after(&self, parts: &Parts, mv: TokenMove) -> Winner {
        let (mut nim, mut infinite) = (parts.nim, parts.infinite);
        let single = match self.gammas.finite(mv.from) {
            Some(value) => {
                nim ^= value;
                parts.first_infinite[0]
            }
            None => {
                infinite -= 1;
                // The ∞ token left, if one: the first two, less one occurrence of `from`.
                match parts.first_infinite {
                    [Some(a), b] if a == mv.from => b,
                    [a, _] => a,
                }
            }
        };
        match (infinite, self.gammas.finite(mv.to)) {
            (0, Some(value)) if nim ^ value == 0 => Winner::Second,
            (0, Some(_)) => Winner::First,
            (0, None) if self.reaches(mv.to, nim) => Winner::First,
            (1, Some(value)) if self.reaches(single.expect("one ∞ token"), nim ^ value) => {
                Winner::First
            }
            _ => Winner::Draw,
        }
    }

    /// Who wins after each move of `position` (the player then to move), move by move.
    pub fn outcomes(&self, position: &Tokens) -> Vec<(TokenMove, Winner)> {
        let parts = self.parts(position);
        self.moves(position)
            .into_iter()
            .map(|mv| (mv, self.winner_after(&parts, mv)))
            .collect()
    }

    /// The sum of the counters of the tokens on finite vertices.
    fn counter_sum(&self, position: &Tokens) -> u64 {
        position
            .0
            .iter()
            .filter_map(|&vertex| self.gammas.counter(vertex))
            .map(u64::from)
            .sum()
    }

    /// A perfect player's move, with who wins after it (the player then to move): `None` when
    /// there is no move.
    ///
    /// * In a won position, the winning move that leaves the least sum of counters (the
    ///   counters of [`Gammas::counter`] over the tokens; after a winning move every token is
    ///   finite). Every answer of the opponent either lowers a token's value (and so its
    ///   counter: values are labelled round by round, so a smaller value has a smaller counter)
    ///   or raises one, which condition B reverses to the same value and a smaller counter; so
    ///   this choice lowers the sum of counters at least once per two moves, and the game ends
    ///   within [`win_bound`](Self::win_bound) moves.
    /// * In a drawn position, a move that keeps the draw (the opponent can then never win: a
    ///   move of his to a position lost for us would have made the position won for him).
    /// * In a lost position, the move that leaves the largest sum of counters (the longest
    ///   resistance by the bound).
    pub fn best_move(&self, position: &Tokens) -> Option<(TokenMove, Winner)> {
        let outcomes = self.outcomes(position);
        let total = self.counter_sum(position);
        let after = |mv: TokenMove| {
            let removed = self.gammas.counter(mv.from).map_or(0, u64::from);
            let added = self.gammas.counter(mv.to).map_or(0, u64::from);
            total - removed + added
        };
        match self.winner(position) {
            Winner::First => outcomes
                .into_iter()
                .filter(|&(_, winner)| winner == Winner::Second)
                .min_by_key(|&(mv, _)| after(mv)),
            Winner::Draw => outcomes
                .into_iter()
                .find(|&(_, winner)| winner == Winner::Draw),
            Winner::Second => outcomes.into_iter().max_by_key(|&(mv, _)| after(mv)),
        }
    }

    /// For a won position, a bound on the number of moves (both sides' together) within which
    /// the player to move wins by [`best_move`](Self::best_move): 1 + 2 × the sum of counters
    /// after the first move. (The sum drops at least once per two moves, and when it is 0
    /// every token is on the vertex labelled first, a terminal one.) `None` if not won.
    pub fn win_bound(&self, position: &Tokens) -> Option<u64> {
        if self.winner(position) != Winner::First {
            return None;
        }
        let (mv, _) = self.best_move(position)?;
        Some(1 + 2 * self.counter_sum(&position.after(mv)))
    }

    /// The analysis of `position`, listing at most `limit` winning (and drawing) moves.
    pub fn analyze<'a>(&'a self, position: &'a Tokens, limit: usize) -> TokenAnalysis<'a> {
        let winner = self.winner(position);
        let mut winning = MoveList::default();
        let mut drawing = MoveList::default();
        let outcomes = self.outcomes(position);
        let without_moves = outcomes.is_empty();
        for (mv, after) in outcomes {
            match (winner, after) {
                (Winner::First, Winner::Second) => winning.push(mv, limit),
                (Winner::Draw, Winner::Draw) => drawing.push(mv, limit),
                _ => {}
            }
        }
        TokenAnalysis {
            position,
            winner,
            gamma: self.position_gamma(position),
            winning,
            drawing,
            without_moves,
            board: self,
        }
    }
}

/// Some moves (at most a limit) and how many there are in all.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    /// The moves listed.
    pub listed: Vec<TokenMove>,
    /// How many in all.
    pub total: u64,
}

impl MoveList {
    fn push(&mut self, mv: TokenMove, limit: usize) {
        if self.listed.len() < limit {
            self.listed.push(mv);
        }
        self.total += 1;
    }
}

/// What `analyze` reports about a position of tokens.
#[derive(Clone, Debug)]
pub struct TokenAnalysis<'a> {
    /// The position.
    pub position: &'a Tokens,
    /// Who wins: first, second, or a draw.
    pub winner: Winner,
    /// γ of the position.
    pub gamma: Gamma,
    /// The winning moves (to a lost position).
    pub winning: MoveList,
    /// In a drawn position, the moves that keep the draw.
    pub drawing: MoveList,
    /// Whether the position has no move at all.
    pub without_moves: bool,
    board: &'a Board,
}

impl TokenAnalysis<'_> {
    fn listed(&self, moves: &MoveList) -> (Vec<ListedMove>, u64) {
        let listed = moves
            .listed
            .iter()
            .map(|&mv| ListedMove {
                notation: mv.to_string(),
                to: self.position.after(mv).to_string(),
                reason: String::new(),
            })
            .collect();
        (listed, moves.total)
    }

    /// The report of `analyze` for the game named `game`.
    pub fn report(&self, game: &str) -> LoopyReport {
        let chosen = match self.winner {
            Winner::Draw => self.listed(&self.drawing),
            _ => self.listed(&self.winning),
        };
        let shown = self.position.to_string();
        let gamma_note = match (&self.gamma, self.position.0.len()) {
            (Gamma::Infinite(k), n) if n >= 2 && k.is_empty() && self.infinite_tokens() >= 2 => {
                " (two ∞ tokens: a draw whatever their K)"
            }
            _ => "",
        };
        let mut tokens = Vec::new();
        let mut previous = None;
        for &vertex in &self.position.0 {
            if previous != Some(vertex) {
                tokens.push(format!("{}: {}", vertex + 1, self.board.gamma(vertex)));
            }
            previous = Some(vertex);
        }
        let text = LoopyText {
            position: if shown.is_empty() {
                "(no tokens)".to_string()
            } else {
                shown.clone()
            },
            play: "normal (the player who cannot move loses)".to_string(),
            lines: Vec::new(),
            gamma_note: gamma_note.to_string(),
            tokens: (!tokens.is_empty()).then(|| tokens.join(", ")),
            lost_because: if self.without_moves {
                "no move at all: the player to move has lost"
            } else {
                "every move leaves the opponent a win"
            }
            .to_string(),
            drawn_because: "no move leaves the opponent a lost position".to_string(),
            empty: "(no tokens)",
        };
        let mut report = LoopyReport::new(
            game,
            shown,
            self.winner,
            (self.gamma.finite(), self.gamma.to_string()),
            chosen,
            text,
        );
        report.tokens = Some(
            self.position
                .0
                .iter()
                .map(|&vertex| ReportedToken {
                    vertex: u64::from(vertex) + 1,
                    gamma: self.board.gamma(vertex).to_string(),
                })
                .collect(),
        );
        report
    }

    fn infinite_tokens(&self) -> usize {
        self.position
            .0
            .iter()
            .filter(|&&vertex| self.board.gammas.finite(vertex).is_none())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_moves_are_read_and_written() {
        let board = Board::new(GameGraph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]));
        let position = board.parse_position(" 3 1  2 ").unwrap();
        assert_eq!(position, Tokens(vec![0, 1, 2]));
        assert_eq!(position.to_string(), "1 2 3");
        assert!(
            board
                .parse_position("4")
                .unwrap_err()
                .to_string()
                .contains("no vertex 4")
        );
        assert!(board.parse_position("x").is_err());
        let mv = board.parse_move(&position, "2->3").unwrap();
        assert_eq!(position.after(mv).to_string(), "1 3 3");
        assert!(board.parse_move(&position, "3->1").is_err());
        assert!(board.parse_move(&Tokens(vec![0]), "2->3").is_err());
        assert_eq!(
            board.move_to(&position, &Tokens(vec![0, 0, 2])),
            Some(TokenMove { from: 1, to: 0 })
        );
    }
}
