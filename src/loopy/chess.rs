//! # POJ 2425 / HDU 1524 "A Chess Game" — tokens on a graph given in the judge's input
//!
//! **Rules (the judge's).** A directed acyclic graph of N positions (0 … N − 1) holds M chess
//! pieces, several possibly on one position. A move slides one piece along an edge; the player
//! who cannot move loses. This is the graph game of [`super::game`] (`graph:FILE`) with the
//! graph in the judge's input instead of a file.
//!
//! **Theory.** On an acyclic graph γ is the ordinary Grundy value: g(u) = mex { g(v) : u → v }
//! (0 at a sink), and a position of pieces is worth the nim-sum of its pieces' values
//! (Sprague–Grundy); it is won for the player to move iff that is not 0. grundy computes g
//! without recursion (a chain of 1000 positions would be 1000 nested calls): Kahn's order on
//! the reversed graph — a position is valued once all its successors are — in O(N + E), each
//! mex over a stamped table. An input with a cycle (the judge promises none) is refused.
//!
//! **Input.** Test cases to the end of the input, each: N (1 ≤ N ≤ 1000); N lines, line i
//! `X_i` and the X_i successors of position i; then queries, a line each, `M` (1 ≤ M ≤ 10) and
//! the M positions of the pieces; a line `0` ends the case. grundy reads N up to
//! [`MAX_POSITIONS`], any number of edges and of pieces. **Output.** `WIN` or `LOSE` a line per
//! query: whether the first player wins.
//!
//! **The name `graph`.** `graph:FILE` names a game on a file's graph; this format brings its
//! own graphs, so it hangs on the bare name `graph` ([`game`]): `grundy solve graph --dialect
//! poj2425 FILE` and `grundy judge graph --dialect poj2425 PROGRAM`. That name does nothing
//! else: the other commands say to name a graph file.
//!
//! **Sources.** POJ 2425 (PKU Monthly, Chen Shixi), HDU 1524; R. P. Sprague (1935),
//! P. M. Grundy (1939).

use crate::game::{
    Capabilities, Game, GameError, GameInfo, MoveOutcome, PositionMoves, VerifyRequest,
};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Profile, Shape};
use crate::report::AnalysisReport;
use crate::scanner::{InputError, Scanner};
use crate::verify::Report;
use std::fmt::Write;

/// The bare spelling whose only use is this judge format.
pub const NAME: &str = "graph";

/// The most positions a case may have here (the judge: 1000).
pub const MAX_POSITIONS: usize = 1 << 20;

/// The first player's line.
pub const WIN: &str = "WIN";

/// The second player's line.
pub const LOSE: &str = "LOSE";

/// How many pieces the judge allows on the board at once.
const MAX_PIECES: usize = 10;

/// The formats of the name `graph`.
pub(crate) const FORMATS: &[Format] = &[Format {
    dialect: Some("poj2425"),
    describe: "POJ 2425 / HDU 1524 A Chess Game: cases to the end of the input, each N, N lines \
               `X_i` and i's successors (0-based, acyclic), then queries `M p_1..p_M`, then 0; \
               prints WIN or LOSE per query",
    solve: solve_chess_game,
    // The statement: N ≤ 1000, M ≤ 10; no bound on edges or cases (taken as 20000 items —
    // edges and pieces — a case, 10 cases an input).
    shape: Shape::pairs(
        &ChessDraws,
        CaseLayout::UntilEnd,
        1,
        false,
        Bounds::pairs(10, 20_000, (0, 999), (0, 999)),
        Bounds::pairs(20, 60_000, (0, 9_999), (0, 9_999)),
    )
    .uncounted(),
}];

/// A graph as successor lists in one array (position u's are `successors[start[u]..start[u+1]]`).
struct Chessboard {
    start: Vec<usize>,
    successors: Vec<u32>,
}

impl Chessboard {
    fn len(&self) -> usize {
        self.start.len() - 1
    }

    fn successors(&self, u: usize) -> &[u32] {
        &self.successors[self.start[u]..self.start[u + 1]]
    }

    /// The Grundy value of every position, sinks first (Kahn's order on the reversed graph);
    /// `None` if the graph has a cycle.
    fn grundy_values(&self) -> Option<Vec<u32>> {
        let n = self.len();
        // Predecessor lists, in one array.
        let mut in_count = vec![0usize; n + 1];
        for &v in &self.successors {
            in_count[v as usize] += 1;
        }
        let mut pred_start = vec![0usize; n + 1];
        for u in 0..n {
            pred_start[u + 1] = pred_start[u] + in_count[u];
        }
        let mut fill = pred_start.clone();
        let mut predecessors = vec![0u32; self.successors.len()];
        for u in 0..n {
            for &v in self.successors(u) {
                predecessors[fill[v as usize]] = u as u32;
                fill[v as usize] += 1;
            }
        }
        let mut waiting: Vec<usize> = (0..n).map(|u| self.successors(u).len()).collect();
        let mut ready: Vec<usize> = (0..n).filter(|&u| waiting[u] == 0).collect();
        let mut values = vec![0u32; n];
        // seen[x] == stamp: value x is among the current position's successors'.
        let mut seen = vec![0usize; n + 2];
        let mut done = 0;
        while let Some(u) = ready.pop() {
            done += 1;
            let stamp = done;
            for &v in self.successors(u) {
                let value = values[v as usize] as usize;
                if value < seen.len() {
                    seen[value] = stamp;
                }
            }
            values[u] = (0..)
                .find(|&x: &u32| seen[x as usize] != stamp)
                .unwrap_or(0);
            for &p in &predecessors[pred_start[u]..pred_start[u + 1]] {
                waiting[p as usize] -= 1;
                if waiting[p as usize] == 0 {
                    ready.push(p as usize);
                }
            }
        }
        (done == n).then_some(values)
    }
}

/// Reads one position number below `n`.
fn next_position(scanner: &mut Scanner<'_>, n: usize, what: &str) -> Result<u32, InputError> {
    let value = scanner.next_u64_where(what, |value| {
        (value >= n as u64)
            .then(|| format!("positions run from 0 to {} here, found {value}", n - 1))
    })?;
    Ok(value as u32)
}

/// Reads a whole POJ 2425 input and answers every query.
fn solve_chess_game(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let n_token = scanner.expect_token("the number of positions N")?;
        let n = n_token.parse_u64("the number of positions N")?;
        if n == 0 || n > MAX_POSITIONS as u64 {
            return Err(n_token.error(format!(
                "N runs from 1 to {MAX_POSITIONS} here (the judge: 1000), found {n}"
            )));
        }
        let n = n as usize;
        // Each position takes a line of at least two bytes: refuse an N the input cannot hold
        // before allocating by it.
        if n > scanner.remaining_bytes() / 2 + 1 {
            return Err(n_token.error(format!(
                "N = {n}, but the input is too short to describe {n} positions"
            )));
        }
        let mut board = Chessboard {
            start: Vec::with_capacity(n + 1),
            successors: Vec::new(),
        };
        board.start.push(0);
        for _ in 0..n {
            let count = scanner.next_count("a position's number of successors X_i")?;
            for _ in 0..count {
                board
                    .successors
                    .push(next_position(&mut scanner, n, "a successor")?);
            }
            board.start.push(board.successors.len());
        }
        let values = board.grundy_values().ok_or_else(|| {
            n_token.error("the graph of this case has a cycle (the judge promises none)")
        })?;
        loop {
            let pieces = scanner.next_count("the number of pieces M (or 0 to end the case)")?;
            if pieces == 0 {
                break;
            }
            let mut sum = 0u32;
            for _ in 0..pieces {
                sum ^= values[next_position(&mut scanner, n, "a piece's position")? as usize];
            }
            out.push_str(if sum != 0 { WIN } else { LOSE });
            out.push('\n');
        }
    }
    Ok(out)
}

/// What the contest tools draw of POJ 2425. A case's items are edges and pieces: `[u, v]` with
/// u ≠ v is an edge from the smaller to the larger, `[u, u]` a piece on u; N is one more than
/// the largest number. It is written with the positions renamed by a fixed permutation (so the
/// numbering is no topological order), the pieces cut into queries of 1, 2, …, 10 pieces in
/// turn, and a lone piece on position 0 when there is none.
struct ChessDraws;

/// A permutation of `0..n`: x ↦ (a·x + b) mod n with a coprime to n.
fn renaming(n: u64) -> impl Fn(u64) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let a = (n * 5 / 8..=n)
        .find(|&a| a > 0 && gcd(a, n) == 1)
        .unwrap_or(1);
    let b = n / 3;
    move |x| (a * x + b) % n.max(1)
}

impl Generators for ChessDraws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        (vec![[0, 1], [1, 2], [0, 2], [0, 0], [1, 1], [2, 2]], 3)
    }

    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        let high = bounds.first.1;
        match rng.between(0, 3) {
            // A piece on the last position or on one already holding a piece.
            0 => [high, high],
            1 if !before.is_empty() => {
                let [u, _] = before[rng.index(before.len())];
                [u, u]
            }
            // An edge of a long path.
            _ => {
                let u = rng.between(0, high.saturating_sub(1));
                [u, (u + 1).min(high)]
            }
        }
    }

    /// Graphs of every size, at the limit a path through every position (the longest chain)
    /// with random edges beside it, and pieces.
    fn case(
        &self,
        rng: &mut Rng,
        bounds: &Bounds,
        profile: Profile,
        count: usize,
    ) -> Option<Vec<Item>> {
        let high = bounds.first.1;
        let last = match profile {
            Profile::Tiny => rng.between(0, 3.min(high)),
            Profile::Small => rng.between(0, 30.min(high)),
            Profile::Maximal => high,
            _ => rng.spread(0, high),
        };
        let count = count.max(1);
        let pieces = (rng.between(1, 3 * MAX_PIECES as u64) as usize).min(count);
        let mut items = Vec::with_capacity(count);
        if matches!(profile, Profile::Maximal | Profile::Boundary) || rng.chance(1, 3) {
            items.extend((0..last).take(count - pieces).map(|u| [u, u + 1]));
        }
        while items.len() < count - pieces {
            let (u, v) = (rng.between(0, last), rng.between(0, last));
            if u != v {
                items.push([u.min(v), u.max(v)]);
            }
            if last == 0 {
                break;
            }
        }
        for _ in 0..pieces {
            let u = if rng.chance(1, 4) {
                last
            } else {
                rng.between(0, last)
            };
            items.push([u, u]);
        }
        Some(items)
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let n = items
            .iter()
            .flatten()
            .max()
            .map_or(1, |&largest| largest + 1);
        let rename = renaming(n);
        let mut successors: Vec<Vec<u64>> = vec![Vec::new(); n as usize];
        let mut pieces = Vec::new();
        for &[u, v] in items {
            if u == v {
                pieces.push(rename(u));
            } else {
                let list = &mut successors[rename(u.min(v)) as usize];
                let to = rename(u.max(v));
                if !list.contains(&to) {
                    list.push(to);
                }
            }
        }
        if pieces.is_empty() {
            pieces.push(0);
        }
        let mut text = format!("{n}\n");
        for list in &successors {
            let mut line = list.len().to_string();
            for v in list {
                write!(line, " {v}").expect("writing to a String");
            }
            writeln!(text, "{line}").expect("writing to a String");
        }
        let mut rest = &pieces[..];
        let mut size = 1;
        while !rest.is_empty() {
            let (query, after) = rest.split_at(size.min(rest.len()));
            let listed: Vec<String> = query.iter().map(u64::to_string).collect();
            writeln!(text, "{} {}", query.len(), listed.join(" ")).expect("writing to a String");
            rest = after;
            size = size % MAX_PIECES + 1;
        }
        text.push_str("0\n");
        Some(text)
    }

    fn position(&self, _: &mut Rng) -> String {
        String::new()
    }
}

/// The name `graph`: POJ 2425's format, and nothing else.
struct JudgeOnly {
    info: GameInfo,
}

impl JudgeOnly {
    fn refuse(&self) -> GameError {
        GameError::Unsupported(format!(
            "`{NAME}` alone names only the judge format `--dialect poj2425` (its graphs are in \
             the input): for the other commands, name a graph file, `{NAME}:FILE`"
        ))
    }
}

impl Game for JudgeOnly {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn analyze(&self, _: &str, _: usize) -> Result<AnalysisReport, GameError> {
        Err(self.refuse())
    }

    fn moves(&self, _: &str, _: usize) -> Result<PositionMoves, GameError> {
        Err(self.refuse())
    }

    fn best_move(&self, _: &str) -> Result<Option<MoveOutcome>, GameError> {
        Err(self.refuse())
    }

    fn play_move(&self, _: &str, _: &str) -> Result<MoveOutcome, GameError> {
        Err(self.refuse())
    }

    fn verify(&self, _: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        Err(self.refuse())
    }

    fn capabilities(&self) -> Capabilities<'_> {
        Capabilities {
            formats: FORMATS,
            ..Capabilities::default()
        }
    }
}

/// The game `graph`: the judge formats of graphs given in the input.
pub fn game() -> Box<dyn Game> {
    Box::new(JudgeOnly {
        info: GameInfo {
            name: NAME.to_string(),
            rules: "tokens on a directed acyclic graph given in the judge's input (POJ 2425): a \
                    move slides one token along an edge; who cannot move loses"
                .to_string(),
            position: "none: the graphs and positions are in the judge's input (for positions, \
                       name a graph file: graph:FILE)"
                .to_string(),
            moves: "none (see graph:FILE)".to_string(),
            source: "POJ 2425 / HDU 1524 A Chess Game (PKU Monthly, Chen Shixi)".to_string(),
            verify_size: "none (see graph:FILE)".to_string(),
            domain: format!(
                "judge inputs of 1 to {MAX_POSITIONS} positions a case, any number of edges and \
                 pieces, acyclic"
            ),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statements_sample() {
        let sample =
            b"4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
        assert_eq!(
            solve_chess_game(sample).unwrap(),
            "WIN\nWIN\nWIN\nLOSE\nWIN\n"
        );
        assert!(solve_chess_game(b"2\n1 1\n1 0\n1 0\n0\n").is_err());
        assert!(solve_chess_game(b"2\n1 1\n0\n1 2\n0\n").is_err());
        assert!(solve_chess_game(b"1000000\n0\n").is_err());
        assert!(solve_chess_game(b"1\n0\n1 0\n").is_err());
    }

    #[test]
    fn a_long_chain_is_valued_without_recursion() {
        let n = 200_000;
        let mut text = format!("{n}\n");
        for u in 0..n - 1 {
            text.push_str(&format!("1 {}\n", u + 1));
        }
        text.push_str("0\n1 0\n1 1\n0\n");
        // Position 0 is n - 1 = 199999 steps from the sink: odd, a win.
        assert_eq!(solve_chess_game(text.as_bytes()).unwrap(), "WIN\nLOSE\n");
    }

    #[test]
    fn renaming_is_a_permutation() {
        for n in 1..60 {
            let rename = renaming(n);
            let mut seen: Vec<u64> = (0..n).map(&rename).collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..n).collect::<Vec<_>>());
        }
    }
}
