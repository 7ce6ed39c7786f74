//! Shiritori, AtCoder ABC 209 E: a word game with draws, and its judge format.
//!
//! **Rules.** A dictionary of N words is given. Takahashi says one of them; from then on the
//! players alternate, each saying a word of the dictionary whose first three letters are the
//! last three letters of the word just said (a word may be said any number of times). A player
//! who cannot say a word loses; a game that goes on for ever is a draw. For each word, as the
//! first word Takahashi says, who wins with perfect play: `Takahashi`, `Aoki` or `Draw`?
//!
//! **Statement's limits** (in the style of `../shared/spec/GAMES.md`):
//!
//! | | |
//! |---|---|
//! | Input | `N`, then N words `S_1 … S_N`, one a line |
//! | Output | N lines: `Takahashi`, `Aoki` or `Draw` for the game whose first word is `S_i` |
//! | Limits | 1 ≤ N ≤ 2·10^5; 3 ≤ \|S_i\| ≤ 8; letters `a`–`z`, `A`–`Z` (case matters) |
//! | This solver | N ≤ [`MAX_WORDS`], words of 3 to [`MAX_WORD_LENGTH`] letters, linear time |
//!
//! **Theory.** Only the first and the last three letters of a word matter: a word is an edge
//! from the three-letter *block* it begins with to the block it ends with, and a position (the
//! word just said) is the block the next player must continue from — a token on the graph of
//! the 52³ blocks, whose edges are the words. Takahashi's first word `S_i` leaves Aoki to move
//! from `S_i`'s last block: Aoki wins if that vertex is won for the player to move, Takahashi if
//! it is lost, and the game is drawn if it is drawn. The judge format needs only these
//! outcomes: the solver is one pass to read the words, the retrograde labelling of the block
//! graph ([`super::referee::label`], linear in the number of words whatever their shape: a
//! dictionary over a few letters makes a small, dense block graph, on which γ's rounds would
//! cost more), and one pass to answer. `analyze` gives the position's γ ([`super::gamma`]:
//! γ = 0 lost, γ > 0 won, ∞(K) won iff 0 ∈ K, else drawn), its winning words and, in a draw,
//! the words that keep it.
//!
//! **Game.** As a game, `shiritori`'s position is the dictionary and the word just said,
//! `abcd bcda ada / abcd`; a move is a word of the dictionary that continues it. `verify`
//! checks the theory against the [`referee`](super::referee) on the graph whose vertices are
//! the *words* (an edge from a word to each word that may follow it, compared letter by letter
//! — no blocks), for every dictionary of up to `--size` words over a two-letter alphabet, and
//! the judge format's answers against the same referee: the block reduction is what is
//! checked there, since the solver labels the block graph with the same referee.
//!
//! Source: AtCoder Beginner Contest 209, problem E "Shiritori" (2021).

use super::gamma::Gamma;
use super::graph::{GameGraph, Vertex};
use super::referee::{Label, label};
use super::tokens::{Board, Tokens};
use crate::core::Winner;
use crate::game::{
    Capabilities, Game, GameError, GameInfo, MOVES_COUNTED, MoveOutcome, PositionMoves,
    VerifyRequest,
};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Profile, Shape};
use crate::report::{AnalysisReport, ListedMove, LoopyReport, LoopyText};
use crate::scanner::{InputError, Location, Scanner, Token};
use crate::verify::{Counterexample, Report};
use std::collections::BTreeSet;

/// The game's name.
pub const NAME: &str = "shiritori";

/// The most words an input may hold (the statement allows 2·10^5).
pub const MAX_WORDS: u64 = 10_000_000;

/// The longest word read (the statement allows 8 letters).
pub const MAX_WORD_LENGTH: usize = 64;

/// The shortest word: the rules compare three letters.
const MIN_WORD_LENGTH: usize = 3;

/// How many letters: `a`–`z`, then `A`–`Z`.
const LETTERS: u64 = 52;

/// How many three-letter blocks.
const BLOCKS: usize = (LETTERS * LETTERS * LETTERS) as usize;

/// The most words of a position (`analyze`'s dictionary).
const MAX_POSITION_WORDS: usize = 100_000;

/// The default and the largest `verify --size` (words per dictionary).
const DEFAULT_SIZE: u64 = 3;
const MAX_SIZE: u64 = 5;

/// The letter's number: `a`–`z` are 0–25, `A`–`Z` 26–51.
fn letter(byte: u8) -> Option<u64> {
    match byte {
        b'a'..=b'z' => Some(u64::from(byte - b'a')),
        b'A'..=b'Z' => Some(u64::from(byte - b'A') + 26),
        _ => None,
    }
}

/// The letter of a number below 52.
fn letter_of(digit: u64) -> char {
    let digit = digit as u8;
    if digit < 26 {
        char::from(b'a' + digit)
    } else {
        char::from(b'A' + digit - 26)
    }
}

/// The block of three letters (checked to be letters).
fn block(letters: &[u8]) -> Vertex {
    letters.iter().fold(0, |block, &byte| {
        block * LETTERS as Vertex + letter(byte).expect("a checked letter") as Vertex
    })
}

/// A word's first and last blocks: the edge it is.
fn edge(word: &[u8]) -> (Vertex, Vertex) {
    (block(&word[..3]), block(&word[word.len() - 3..]))
}

/// Checks a word token: 3 to [`MAX_WORD_LENGTH`] letters.
fn checked_word<'a>(token: &Token<'a>) -> Result<&'a [u8], InputError> {
    let word = token.text;
    if let Some(at) = word.iter().position(|&byte| letter(byte).is_none()) {
        return Err(token.error(format!(
            "`{}` is not a word: character {} is not a letter a-z or A-Z",
            token.show(),
            at + 1
        )));
    }
    if !(MIN_WORD_LENGTH..=MAX_WORD_LENGTH).contains(&word.len()) {
        return Err(token.error(format!(
            "`{}` has {} letters: a word has {MIN_WORD_LENGTH} to {MAX_WORD_LENGTH}",
            token.show(),
            word.len()
        )));
    }
    Ok(word)
}

/// The answer for the first word `S_i`, from the outcome of Aoki's turn at its last block.
fn answer(aoki: Winner) -> &'static str {
    match aoki {
        Winner::First => "Aoki",
        Winner::Second => "Takahashi",
        Winner::Draw => "Draw",
    }
}

/// The block graph of `edges` on the blocks they use, numbered in order of appearance, and each
/// edge's ends in that numbering.
fn compact(edges: &[(Vertex, Vertex)]) -> (GameGraph, Vec<(Vertex, Vertex)>) {
    let mut number = vec![Vertex::MAX; BLOCKS];
    let mut used: Vertex = 0;
    let mut renumber = |block: Vertex| {
        let slot = &mut number[block as usize];
        if *slot == Vertex::MAX {
            *slot = used;
            used += 1;
        }
        *slot
    };
    let renumbered: Vec<(Vertex, Vertex)> = edges
        .iter()
        .map(|&(from, to)| (renumber(from), renumber(to)))
        .collect();
    (
        GameGraph::from_edges(used as usize, &renumbered),
        renumbered,
    )
}

/// The judge format: reads the whole input, then answers every word.
pub fn solve_shiritori(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let n = scanner.next_u64_where("the number of words N", |n| {
        (!(1..=MAX_WORDS).contains(&n)).then(|| format!("N must be 1 to {MAX_WORDS}, found {n}"))
    })?;
    let mut edges = Vec::new();
    for index in 1..=n {
        let token = scanner.expect_token(&format!("word {index} of {n}"))?;
        edges.push(edge(checked_word(&token)?));
    }
    scanner.expect_end()?;
    let (graph, renumbered) = compact(&edges);
    let labels = label(&graph);
    let mut out = String::with_capacity(renumbered.len() * 6);
    for &(_, last) in &renumbered {
        out.push_str(answer(labels[last as usize].winner()));
        out.push('\n');
    }
    Ok(out)
}

/// Words as numbers, for the judge's generated inputs: all words of 3 letters first (in
/// base-52 order, `aaa` = 0), then all of 4, and so on — every number names one word.
pub mod code {
    use super::{LETTERS, MIN_WORD_LENGTH, letter, letter_of};

    /// The first number of the words of `length` letters (`length` ≥ 3, at most 11).
    pub fn first_of_length(length: usize) -> u64 {
        (MIN_WORD_LENGTH..length)
            .map(|l| LETTERS.pow(l as u32))
            .sum()
    }

    /// The word a number names (numbers below `first_of_length(12)`).
    pub fn word(mut code: u64) -> String {
        let mut length = MIN_WORD_LENGTH;
        while code >= LETTERS.pow(length as u32) {
            code -= LETTERS.pow(length as u32);
            length += 1;
        }
        let mut letters: Vec<char> = (0..length)
            .map(|_| {
                let digit = code % LETTERS;
                code /= LETTERS;
                letter_of(digit)
            })
            .collect();
        letters.reverse();
        letters.into_iter().collect()
    }

    /// The number of a word of letters (3 to 11 of them).
    pub fn number(word: &str) -> u64 {
        let digits = word.bytes().fold(0, |value, byte| {
            value * LETTERS + letter(byte).expect("a letter")
        });
        first_of_length(word.len()) + digits
    }
}

/// The format's judge limits: the statement's, and past them more words of up to 10 letters.
const FORMATS: &[Format] = &[Format {
    dialect: None,
    describe: "AtCoder ABC 209 E: N, then N words (3 to 8 letters a-z, A-Z); prints per word \
               `Takahashi`, `Aoki` or `Draw` for the game Takahashi starts with it",
    solve: solve_shiritori,
    shape: Shape::piles(
        &Draws,
        CaseLayout::Single,
        1,
        Bounds {
            fewest_cases: 1,
            cases: 1,
            items: (1, 200_000),
            first: (0, 54_507_958_499_903),
            second: (0, 0),
        },
        Bounds {
            fewest_cases: 1,
            cases: 1,
            items: (1, 400_000),
            first: (0, 147_389_519_791_192_639),
            second: (0, 0),
        },
    ),
}];

/// What the contest tools draw of the judge format: one case of words, each item a word's
/// number ([`code`]), written one word a line.
struct Draws;

impl Generators for Draws {
    /// Every word of 3 or 4 letters a and b: self-loops, chains, cycles of two blocks.
    fn tiny(&self) -> (Vec<Item>, usize) {
        let words = (3..=4).flat_map(|length| {
            (0..1u64 << length).map(move |bits| {
                let word: String = (0..length)
                    .rev()
                    .map(|i| if bits >> i & 1 == 1 { 'b' } else { 'a' })
                    .collect();
                [code::number(&word), 0]
            })
        });
        (words.collect(), 3)
    }

    /// Dictionaries are drawn whole ([`Generators::case`]); a lone word is any word.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        [rng.between(bounds.first.0, bounds.first.1), 0]
    }

    /// A dictionary of `count` words. Words over the whole alphabet almost never continue one
    /// another, so most profiles draw from a few letters — two or three (self-loops, cycles,
    /// long chains, shared blocks), up to eight — and lengths from 3 to the longest allowed;
    /// the spread profile uses the whole alphabet, the maximal one the longest words.
    fn case(
        &self,
        rng: &mut Rng,
        bounds: &Bounds,
        profile: Profile,
        count: usize,
    ) -> Option<Vec<Item>> {
        let longest = code::word(bounds.first.1).len() as u64;
        let (letters, lengths) = match profile {
            Profile::Tiny => (rng.between(1, 2), (3, 4)),
            Profile::Small => (rng.between(2, 3), (3, 5)),
            Profile::Spread => (52, (3, longest)),
            Profile::Maximal => (rng.between(1, 52), (longest, longest)),
            Profile::Repeated | Profile::Boundary => (rng.between(2, 8), (3, longest.min(5))),
        };
        // The letters used: a random choice of the 52.
        let alphabet: Vec<u8> = (0..letters)
            .map(|_| {
                let letter = rng.between(0, 51) as u8;
                if letter < 26 {
                    b'a' + letter
                } else {
                    b'A' + letter - 26
                }
            })
            .collect();
        let repeated: Vec<u64> = (0..rng.between(1, 4))
            .map(|_| random_word(rng, &alphabet, lengths))
            .collect();
        let words = (0..count).map(|_| {
            let word = if profile == Profile::Repeated && rng.chance(1, 2) {
                rng.pick(&repeated)
            } else {
                random_word(rng, &alphabet, lengths)
            };
            [word.clamp(bounds.first.0, bounds.first.1), 0]
        });
        Some(words.collect())
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        Some(
            items
                .iter()
                .map(|item| format!("{}\n", code::word(item[0])))
                .collect(),
        )
    }

    /// A dictionary of words of 3 or 4 letters a and b, and one of them just said.
    fn position(&self, rng: &mut Rng) -> String {
        let count = rng.between(2, 4);
        let words: Vec<String> = (0..count + 2)
            .map(|_| {
                (0..rng.between(3, 4))
                    .map(|_| if rng.chance(1, 2) { 'a' } else { 'b' })
                    .collect()
            })
            .collect();
        let said = &words[rng.index(words.len())];
        format!("{} / {said}", words.join(" "))
    }
}

/// The number of a random word of `alphabet`'s letters, of a length in `lengths`.
fn random_word(rng: &mut Rng, alphabet: &[u8], (shortest, longest): (u64, u64)) -> u64 {
    let length = rng.between(shortest, longest);
    let word: String = (0..length)
        .map(|_| char::from(alphabet[rng.index(alphabet.len())]))
        .collect();
    code::number(&word)
}

/// A position: the dictionary and the word just said (an index into it).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Position {
    words: Vec<String>,
    said: usize,
}

impl Position {
    fn parse(text: &str) -> Result<Position, InputError> {
        let (dictionary, said) = text.split_once('/').ok_or_else(|| {
            InputError::new(
                Location::EndOfInput,
                "write the dictionary, `/`, and the word just said: `abcd bcda ada / abcd`",
            )
        })?;
        let mut scanner = Scanner::new(dictionary.as_bytes());
        let mut words = Vec::new();
        while let Some(token) = scanner.next_token() {
            if words.len() == MAX_POSITION_WORDS {
                return Err(token.error(format!("more than {MAX_POSITION_WORDS} words")));
            }
            let word = checked_word(&token)?;
            words.push(String::from_utf8_lossy(word).into_owned());
        }
        let said = said.trim();
        let index = words.iter().position(|word| word == said).ok_or_else(|| {
            InputError::new(
                Location::EndOfInput,
                format!("the word just said, `{said}`, is not in the dictionary"),
            )
        })?;
        Ok(Position { words, said: index })
    }

    fn show(&self, said: usize) -> String {
        format!("{} / {}", self.words.join(" "), self.words[said])
    }
}

/// The dictionary's block graph, the board of its γ values, and each word's edge on it.
struct Dictionary {
    board: Board,
    edges: Vec<(Vertex, Vertex)>,
}

impl Dictionary {
    fn of(position: &Position) -> Dictionary {
        let edges: Vec<_> = position
            .words
            .iter()
            .map(|word| edge(word.as_bytes()))
            .collect();
        let (graph, edges) = compact(&edges);
        Dictionary {
            board: Board::new(graph),
            edges,
        }
    }

    /// The token of the position: the block the next word must begin with.
    fn token(&self, said: usize) -> Tokens {
        Tokens(vec![self.edges[said].1])
    }

    /// Every word that may be said after word `said` (first occurrences of distinct words),
    /// with who wins after it (the player then to move).
    fn moves(&self, position: &Position) -> Vec<(usize, Winner)> {
        let here = self.edges[position.said].1;
        let mut seen = BTreeSet::new();
        (0..position.words.len())
            .filter(|&w| self.edges[w].0 == here && seen.insert(&position.words[w]))
            .map(|w| (w, self.board.gamma(self.edges[w].1).winner()))
            .collect()
    }

    /// A perfect player's word: [`Board::best_move`]'s move, said by its first word.
    fn best(&self, position: &Position) -> Option<(usize, Winner)> {
        let (mv, after) = self.board.best_move(&self.token(position.said))?;
        let word = (0..self.edges.len())
            .find(|&w| self.edges[w] == (mv.from, mv.to))
            .expect("every block edge is a word");
        Some((word, after))
    }
}

/// The game `shiritori` (its position: the dictionary and the word just said).
struct Shiritori {
    info: GameInfo,
}

impl Shiritori {
    fn outcome(position: &Position, word: usize, after: Winner) -> MoveOutcome {
        MoveOutcome {
            notation: position.words[word].clone(),
            to: position.show(word),
            wins: Some(after == Winner::Second),
        }
    }

    fn entered(position: &Position, dictionary: &Dictionary, entry: &str) -> Result<usize, String> {
        let entry = entry.trim();
        let word = match Position::parse(entry) {
            Ok(target) if target.words == position.words => target.said,
            Ok(_) => return Err("the dictionary cannot change".to_string()),
            Err(_) => position
                .words
                .iter()
                .position(|word| word == entry)
                .ok_or_else(|| format!("`{entry}` is not a word of the dictionary"))?,
        };
        dictionary
            .moves(position)
            .iter()
            .find(|&&(w, _)| position.words[w] == position.words[word])
            .map(|&(w, _)| w)
            .ok_or_else(|| {
                let last = &position.words[position.said];
                format!(
                    "`{}` does not begin with `{}`, the last three letters of `{last}`",
                    position.words[word],
                    &last[last.len() - 3..]
                )
            })
    }
}

impl Game for Shiritori {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        let position = Position::parse(position)?;
        let dictionary = Dictionary::of(&position);
        let here = dictionary.edges[position.said].1;
        let gamma = dictionary.board.gamma(here);
        let winner = gamma.winner();
        let wanted = match winner {
            Winner::First => Winner::Second,
            other => other,
        };
        let moves = dictionary.moves(&position);
        let listed: Vec<usize> = moves
            .iter()
            .filter(|&&(_, after)| winner != Winner::Second && after == wanted)
            .map(|&(w, _)| w)
            .collect();
        let chosen = listed
            .iter()
            .take(limit)
            .map(|&w| ListedMove {
                notation: position.words[w].clone(),
                to: position.show(w),
                reason: String::new(),
            })
            .collect();
        let said = &position.words[position.said];
        let shown = position.show(position.said);
        let text = LoopyText {
            position: shown.clone(),
            play: "normal (the player who cannot say a word loses)".to_string(),
            lines: vec![format!(
                "to say:   a word beginning with `{}` (the last three letters of `{said}`)",
                &said[said.len() - 3..]
            )],
            gamma_note: String::new(),
            tokens: None,
            lost_because: if moves.is_empty() {
                format!("no word continues `{said}`")
            } else {
                "every word leaves the opponent a win".to_string()
            },
            drawn_because: "no word leaves the opponent a lost position".to_string(),
            empty: "",
        };
        Ok(LoopyReport::new(
            &self.info.name,
            shown,
            winner,
            (gamma.finite(), gamma.to_string()),
            (chosen, listed.len() as u64),
            text,
        )
        .into())
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        let position = Position::parse(position)?;
        let dictionary = Dictionary::of(&position);
        let gamma: Gamma = dictionary.board.gamma(dictionary.edges[position.said].1);
        let moves = dictionary.moves(&position);
        Ok(PositionMoves {
            position: position.show(position.said),
            winner: gamma.winner(),
            grundy: gamma.finite(),
            more: moves.len() > limit,
            legal: (moves.len() <= MOVES_COUNTED).then_some(moves.len() as u64),
            moves: moves
                .iter()
                .take(limit)
                .map(|&(w, after)| Shiritori::outcome(&position, w, after))
                .collect(),
        })
    }

    fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        let position = Position::parse(position)?;
        let dictionary = Dictionary::of(&position);
        Ok(dictionary
            .best(&position)
            .map(|(w, after)| Shiritori::outcome(&position, w, after)))
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        let position = Position::parse(position)?;
        let dictionary = Dictionary::of(&position);
        let word =
            Shiritori::entered(&position, &dictionary, entry).map_err(GameError::IllegalMove)?;
        let after = dictionary.board.gamma(dictionary.edges[word].1).winner();
        Ok(Shiritori::outcome(&position, word, after))
    }

    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        let VerifyRequest::Size(size) = request else {
            return Err(GameError::NoConjecture(self.info.name.clone()));
        };
        let size = size.unwrap_or(DEFAULT_SIZE);
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(GameError::SizeTooLarge {
                game: self.info.name.clone(),
                size,
                max: MAX_SIZE,
                meaning: self.info.verify_size.clone(),
            });
        }
        Ok(check_dictionaries(size as usize))
    }

    fn capabilities(&self) -> Capabilities<'_> {
        // Not played at a terminal: `analyze` gives every winning and drawing word, and
        // `solve`/`judge` read its contest format.
        Capabilities {
            formats: FORMATS,
            ..Capabilities::default()
        }
    }
}

/// The game `shiritori`.
pub fn game() -> Box<dyn Game> {
    Box::new(Shiritori {
        info: GameInfo {
            name: NAME.to_string(),
            rules: "Shiritori (AtCoder ABC 209 E): each player in turn says a word of the \
                    dictionary beginning with the last three letters of the word just said \
                    (words may be repeated); who cannot loses, and an endless game is a draw."
                .to_string(),
            position: "the dictionary, `/`, and the word just said: `abcd bcda ada / abcd`"
                .to_string(),
            moves: "a word of the dictionary that continues the last one: `bcda`".to_string(),
            source: "AtCoder Beginner Contest 209 E \"Shiritori\"".to_string(),
            verify_size: format!(
                "every dictionary of up to S words of 3 or 4 letters a and b, and every word \
                 of it as the word just said (default {DEFAULT_SIZE}, at most {MAX_SIZE})"
            ),
            domain: format!(
                "words of {MIN_WORD_LENGTH} to {MAX_WORD_LENGTH} letters a-z, A-Z; up to \
                 {MAX_POSITION_WORDS} words in a position, {MAX_WORDS} in a judge input"
            ),
        },
    })
}

/// The referee's view of a dictionary: the graph whose vertex i is "word i was just said",
/// with an edge to every word j whose first three letters are word i's last three (compared as
/// text), labelled from the definition.
fn word_labels(words: &[String]) -> (GameGraph, Vec<Label>) {
    let mut edges = Vec::new();
    for (i, said) in words.iter().enumerate() {
        for (j, next) in words.iter().enumerate() {
            if next.as_bytes()[..3] == said.as_bytes()[said.len() - 3..] {
                edges.push((i as Vertex, j as Vertex));
            }
        }
    }
    let graph = GameGraph::from_edges(words.len(), &edges);
    let labels = label(&graph);
    (graph, labels)
}

/// Every word of 3 or 4 letters `a` and `b`.
fn small_words() -> Vec<String> {
    (3..=4)
        .flat_map(|length| {
            (0..1u32 << length).map(move |bits| {
                (0..length)
                    .rev()
                    .map(|i| if bits >> i & 1 == 1 { 'b' } else { 'a' })
                    .collect()
            })
        })
        .collect()
}

/// Every dictionary of `size` words of `pool` (a multiset: words in ascending pool order).
fn dictionaries(pool: &[String], size: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    fn extend(
        pool: &[String],
        size: usize,
        from: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<String>>,
    ) {
        if current.len() == size {
            out.push(current.iter().map(|&i| pool[i].clone()).collect());
            return;
        }
        for index in from..pool.len() {
            current.push(index);
            extend(pool, size, index, current, out);
            current.pop();
        }
    }
    extend(pool, size, 0, &mut current, &mut out);
    out
}

/// Checks one dictionary: every position's winner and exact set of winning (or drawing) words
/// by the game, and the judge format's answers, against the referee on the words' graph.
fn check_dictionary(game: &dyn Game, words: &[String]) -> (Result<(), String>, Result<(), String>) {
    let (graph, labels) = word_labels(words);
    let mut theory = Ok(());
    for said in 0..words.len() {
        let text = format!("{} / {}", words.join(" "), words[said]);
        let truth = labels[said].winner();
        let wanted = match truth {
            Winner::First => Some(Winner::Second),
            Winner::Draw => Some(Winner::Draw),
            Winner::Second => None,
        };
        let expected: BTreeSet<&str> = graph
            .followers(said as Vertex)
            .iter()
            .filter(|&&w| Some(labels[w as usize].winner()) == wanted)
            .map(|&w| words[w as usize].as_str())
            .collect();
        let found = game
            .analyze(&text, usize::MAX)
            .map_err(|e| e.to_string())
            .and_then(|report| serde_json::to_value(&report).map_err(|e| e.to_string()))
            .map(|report| {
                let winner = report["winner"].as_str().unwrap_or("").to_string();
                let list = if truth == Winner::Draw {
                    "drawing_moves"
                } else {
                    "winning_moves"
                };
                let moves: BTreeSet<String> = report[list]
                    .as_array()
                    .map(|moves| {
                        moves
                            .iter()
                            .filter_map(|m| m["move"].as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default();
                (winner, moves)
            });
        let verdict = match found {
            Err(error) => Err(format!("`{text}`: {error}")),
            Ok((winner, moves)) => {
                let expected: BTreeSet<String> = expected.iter().map(|w| w.to_string()).collect();
                if winner != truth.to_string() {
                    Err(format!(
                        "`{text}`: the referee says {truth}, the theory {winner}"
                    ))
                } else if moves != expected {
                    Err(format!(
                        "`{text}`: the referee's moves are {expected:?}, the theory's {moves:?}"
                    ))
                } else {
                    Ok(())
                }
            }
        };
        if verdict.is_err() {
            theory = verdict;
            break;
        }
    }
    let input = format!("{}\n{}\n", words.len(), words.join("\n"));
    let expected: String = labels
        .iter()
        .map(|label| format!("{}\n", answer(label.winner())))
        .collect();
    let format = match solve_shiritori(input.as_bytes()) {
        Ok(output) if output == expected => Ok(()),
        Ok(output) => Err(format!(
            "input {input:?}: the referee answers {expected:?}, the solver {output:?}"
        )),
        Err(error) => Err(format!("input {input:?}: {error}")),
    };
    (theory, format)
}

/// `verify`: every dictionary of up to `size` words of [`small_words`], against the referee.
fn check_dictionaries(size: usize) -> Vec<Report> {
    let game = game();
    let pool = small_words();
    let mut reports = [
        Report {
            name: format!("{NAME} (positions, dictionaries of up to {size} words)"),
            checked: 0,
            disagreements: 0,
            counterexample: None,
        },
        Report {
            name: format!("{NAME} (judge format, dictionaries of up to {size} words)"),
            checked: 0,
            disagreements: 0,
            counterexample: None,
        },
    ];
    for count in 1..=size {
        for words in dictionaries(&pool, count) {
            let (theory, format) = check_dictionary(game.as_ref(), &words);
            // Each word of the dictionary is a position; each dictionary one judge input.
            for ((report, verdict), checked) in reports
                .iter_mut()
                .zip([theory, format])
                .zip([words.len(), 1])
            {
                report.checked += checked;
                if let Err(detail) = verdict {
                    report.disagreements += 1;
                    report.counterexample.get_or_insert(Counterexample {
                        position: words.join(" "),
                        detail,
                    });
                }
            }
        }
    }
    reports.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_examples_as_recalled_agree_with_the_referee() {
        // The first and third sample of the statement as this author recalls them; each is
        // checked against the referee on the words' graph, so it stands on its own either way.
        for (input, output) in [
            ("3\nabcd\nbcda\nada\n", "Aoki\nTakahashi\nDraw\n"),
            (
                "5\neaaaabaa\neaaaacaa\ndaaaaaaa\neaaaadaa\ndaaaafaa\n",
                "Takahashi\nTakahashi\nTakahashi\nAoki\nTakahashi\n",
            ),
            ("1\nABC\n", "Draw\n"),
        ] {
            assert_eq!(solve_shiritori(input.as_bytes()).unwrap(), output);
            let words: Vec<String> = input.split_whitespace().skip(1).map(String::from).collect();
            let (theory, format) = check_dictionary(game().as_ref(), &words);
            assert_eq!(theory, Ok(()));
            assert_eq!(format, Ok(()));
        }
    }

    #[test]
    fn every_small_dictionary_agrees_with_the_referee() {
        for report in check_dictionaries(3) {
            assert!(report.checked > 2000, "{report}");
            assert_eq!(report.disagreements, 0, "{report}");
        }
    }

    #[test]
    fn random_dictionaries_agree_with_the_referee() {
        // Words of 3 to 6 letters over three letters, up to 40 of them: longer cycles and
        // shared blocks than the exhaustive range.
        let mut state = 20_902u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % bound
        };
        let game = game();
        for _ in 0..150 {
            let count = 1 + next(40) as usize;
            let words: Vec<String> = (0..count)
                .map(|_| {
                    let length = 3 + next(4) as usize;
                    (0..length).map(|_| letter_of(next(3) * 26 / 2)).collect()
                })
                .collect();
            let (theory, format) = check_dictionary(game.as_ref(), &words);
            assert_eq!(theory, Ok(()), "{words:?}");
            assert_eq!(format, Ok(()), "{words:?}");
        }
    }

    #[test]
    fn word_numbers_name_every_word_once() {
        assert_eq!(code::word(0), "aaa");
        assert_eq!(code::word(51), "aaZ");
        assert_eq!(code::word(52 * 52 * 52), "aaaa");
        assert_eq!(code::number("ZZZZZZZZ") + 1, code::first_of_length(9));
        assert_eq!(
            FORMATS[0].shape.limits.first.1,
            code::first_of_length(9) - 1
        );
        assert_eq!(
            FORMATS[0].shape.beyond.first.1,
            code::first_of_length(11) - 1
        );
        for number in (0..2_000_000u64)
            .step_by(997)
            .chain([code::first_of_length(11) - 1])
        {
            assert_eq!(code::number(&code::word(number)), number);
        }
    }

    #[test]
    fn bad_inputs_are_located_errors() {
        for (input, needle) in [
            ("", "expected the number of words N"),
            ("0\n", "N must be 1"),
            ("2\nabc\n", "word 2 of 2"),
            ("1\nab\n", "2 letters"),
            ("1\nab1c\n", "character 3"),
            ("1\nabc\nabc\n", "unexpected"),
        ] {
            let error = solve_shiritori(input.as_bytes()).unwrap_err().to_string();
            assert!(error.contains(needle), "{input:?}: {error}");
        }
    }
}
