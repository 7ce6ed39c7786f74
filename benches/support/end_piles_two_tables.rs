//! The straightforward end-piles solution, as contest code writes it: two n×n tables of `u64`
//! filled by segment length. `scripts/bench` runs it beside `grundy solve end-piles`.

#[path = "common.rs"]
mod common;

use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("readable stdin");
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("a number"));
    let cases = numbers.next().expect("T");
    for _ in 0..cases {
        let n = numbers.next().expect("n") as usize;
        let piles: Vec<u64> = numbers.by_ref().take(n).collect();
        println!("{}", u8::from(common::end_piles_two_tables(&piles)));
    }
}
