//! # Other ways to add games: the conjunctive, continued conjunctive, selective and shortened
//! selective compounds, and the remoteness and suspense that decide them
//!
//! Everything else in grundy adds games one way, the *disjunctive* sum: a move is made in exactly
//! one component, and the game ends when no component can move. Winning Ways ch. 9 ("If you
//! can't beat 'em, join 'em!") and On Numbers and Games ch. 14 treat the other ways; each is
//! decided by a number computed from the components alone, never from the compound's own
//! (exponentially many) positions. All are played under normal play: the player who cannot move
//! loses.
//!
//! ## Definitions
//!
//! A position of a compound is a row of components G₁ … G_k (k ≥ 1), each a position of the same
//! game. A component *has ended* when it has no move.
//!
//! | compound | a move is | the game ends when | decided by |
//! |---|---|---|---|
//! | disjunctive (the sum) | a move in exactly one component | every component has ended | nim-sum of Grundy values |
//! | conjunctive | a move in every component | any component has ended | min R |
//! | continued conjunctive | a move in every component that has not ended | every component has ended | max S |
//! | selective | a move in each of any non-empty set of components | every component has ended | the components' outcomes |
//! | shortened selective | a move in each of any non-empty set of components | any component has ended | the components' outcomes |
//!
//! **Remoteness** R (Steinhaus; C. A. B. Smith 1966): R(G) = 0 when G has no move; otherwise, if
//! some option has even R, R(G) = 1 + the least even R of an option, else R(G) = 1 + the largest
//! R of an option. **Suspense** S is the same with the roles turned: S(G) = 0 with no move; if
//! some option has even S, S(G) = 1 + the *largest* even S of an option, else 1 + the *least* S.
//! By induction, R and S are odd exactly when the player to move wins G alone (an option of even
//! value is a move to a lost position). R is how long G lasts when the winner hurries and the
//! loser stalls; S is how long it lasts when the winner stalls and the loser hurries.
//!
//! ## The rules (with proof sketches)
//!
//! **Conjunctive: the player to move wins iff min R(Gᵢ) is odd** (Smith 1966; WW ch. 9; ONAG
//! ch. 14), and then R of the compound is min R(Gᵢ). Let m = min R(Gᵢ). m = 0 means a component
//! has ended: the game is over, lost. If m is odd, move every component to an option of R − 1
//! (an odd-R component has an option of R − 1, its least even option; an even-R component, which
//! has R ≥ 2 here, has only odd options, the largest of R − 1): every R drops by one and the new
//! minimum m − 1 is even. If m > 0 is even, take a component j with R_j = m: all its options
//! are odd and at most m − 1. Another component has R_i ≥ m; if R_i is even its options are odd;
//! if R_i is odd (so R_i ≥ m + 1) its even options are at least R_i − 1 ≥ m. So every even value
//! among the options chosen is above the odd R′_j ≤ m − 1, and the new minimum is odd. By
//! induction on the compound's length, min R odd is a win and min R even a loss.
//!
//! **Continued conjunctive (Every-SG): the player to move wins iff max S(Gᵢ) is odd** (WW ch. 9;
//! ended components have S = 0 and stay so). Let M = max S(Gᵢ). M = 0: every component has
//! ended, lost. M odd: move each component that has not ended to an option of S − 1 (an odd-S
//! component's largest even option, an even-S component's least option): the maximum drops to
//! M − 1, even. M > 0 even: a component j with S_j = M has only odd options, each at least
//! M − 1; another component's even options are at most S_i − 1 ≤ M − 2 when S_i is odd, and it
//! has none when S_i is even; so the new maximum is odd.
//!
//! **Selective: the player to move loses iff every component is lost** (WW ch. 9). If every
//! component is lost (a P-position), every move changes some component to one of its options,
//! which is won, and leaves the others: the opponent moves exactly those back to lost positions.
//! Otherwise move every won component to a lost option and leave the lost ones.
//!
//! **Shortened selective: the player to move loses iff some component has ended or every
//! component is lost.** WW ch. 9 names this compound; the rule and its proof here are derived
//! from the definitions above, and the referee checks them like every other rule. Induction on
//! the length of play: a position with an ended component is over, lost. If no component has
//! ended and every one is lost, no move can end a component (an option of a lost position is
//! won, and a position without moves is lost), and every move leaves at least one won component
//! next to lost ones: the opponent, by the next case, wins. If no component has ended and some
//! component is won, move each won component to a lost option and leave the others: the result
//! has an ended component (over: the opponent has lost) or only lost components (lost, by the
//! previous case). So the winning moves are exactly those that end a component (whatever they
//! do elsewhere) or leave every component lost.
//!
//! The rules need R (conjunctive), S (continued) or each component's outcome (selective, which
//! comes from the game's own theory, a nim-sum for heap games). R and S of a component come from
//! a memoised search of the component's own positions ([`measure`]), or from a table of single
//! heaps for heap games without splits ([`heaps`]). A heap game whose moves split a heap has
//! components that become disjunctive sums of heaps, whose R does not follow from the heaps' R:
//! their R is searched.
//!
//! ## The referee
//!
//! [`position::CompoundPosition`] writes the compound's moves straight from the definitions
//! above (every combination of the components' moves the compound allows), once for any game,
//! so the [`ExhaustiveSolver`](crate::core::ExhaustiveSolver) searches the compound's own
//! positions. `verify --compound C` and the tests check each rule's winner and its exact set of
//! winning moves against it ([`referee`]).
//!
//! ## Notation
//!
//! A compound position lists its components separated by ` | `, each in the game's notation
//! (`5 | 7`, or `2 2 | 7` after a Kayles move split the first heap; an ended component is `-`). A
//! position given without `|` is split into the game's own components: each heap of a heap game,
//! each pile or box of a counter game (`5 7` is `5 | 7`). A single component that the game would
//! split further is written with a final `|` (`2 2 |`). A compound move lists one move per
//! component in the component's own notation, `.` for a component left alone: `1-1 | 1-3`
//! (conjunctive), `1-2 | .` (selective).
//!
//! ## Sources
//!
//! * E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*, ch. 9
//!   "If you can't beat 'em, join 'em!" (remoteness, suspense, the six compounds).
//! * J. H. Conway, *On Numbers and Games*, ch. 14 "How to play several games at once in a
//!   dozen different ways".
//! * C. A. B. Smith, "Graphs and composite games", *Journal of Combinatorial Theory* 1 (1966),
//!   51–81 (remoteness, the conjunctive compound).

pub mod components;
pub mod game;
pub mod heaps;
pub mod measure;
pub mod period;
pub mod position;
pub mod referee;
pub mod remoteness;
pub mod report;
pub mod rules;
pub mod table;
