//! The I/O baseline of `scripts/bench`: read the whole input and parse every integer, nothing
//! else. grundy's I/O-bound games are measured against this.

#[path = "common.rs"]
mod common;

fn main() {
    let input = common::read_input();
    let mut checksum = 0u64;
    common::for_each_number(&input, |value| checksum ^= value);
    println!("{checksum}");
}
