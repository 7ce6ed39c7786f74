//! The six contest games and Nim, one module each. Every module's doc comment states the rules, the source
//! problem and the theory with a proof sketch; the module holds the position type (whose
//! `Display`/`FromStr` round-trip the notation), move generation and the fast theory.

pub mod bean_split;
pub mod bounded_take;
pub mod box_fill;
pub mod chocolate;
pub mod chomp;
pub mod coins;
pub mod counted_sum;
pub mod cram;
pub mod cutting;
pub mod end_piles;
pub mod euclid;
pub mod fibonacci_nim;
pub mod hackenbush;
pub mod heap_family;
pub mod kayles_graph;
pub mod lasker;
mod long_search;
pub mod moore;
pub mod nim;
pub mod northcott;
pub mod staircase;
pub mod subtraction;
pub mod take_or_merge;
pub mod treblecross;
pub mod wythoff;

pub use bean_split::BeanSplit;
pub use bounded_take::BoundedTake;
pub use box_fill::BoxFill;
pub use chocolate::Chocolate;
pub use end_piles::EndPiles;
pub use nim::Nim;
pub use take_or_merge::TakeOrMerge;
