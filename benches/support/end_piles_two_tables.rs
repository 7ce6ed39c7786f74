//! The straightforward end-piles solution, as contest code writes it: two n×n tables of `u64`
//! filled by segment length. `scripts/bench` runs it beside `grundy solve end-piles`.
//! (It uses grundy's `extend` so that both sides compute the same recurrence.)

use grundy::games::end_piles::extend;
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
        let mut left = vec![vec![0u64; n]; n];
        let mut right = vec![vec![0u64; n]; n];
        for i in 0..n {
            left[i][i] = piles[i];
            right[i][i] = piles[i];
        }
        for length in 2..n {
            for i in 0..=n - length {
                let j = i + length - 1;
                left[i][j] = extend(left[i][j - 1], right[i][j - 1], piles[j]);
                right[i][j] = extend(right[i + 1][j], left[i + 1][j], piles[i]);
            }
        }
        let first_wins = n == 1 || piles[0] != left[1][n - 1];
        println!("{}", u8::from(first_wins));
    }
}
