//! The baseline for `analyze` on huge positions in `scripts/bench`: read the whole input, parse
//! every integer into a vector, and print them back separated by spaces — the least any tool
//! must do that holds a position and reports it.

use std::io::Write;

#[path = "common.rs"]
mod common;

fn main() {
    let input = common::read_input();
    let mut numbers = Vec::with_capacity(input.len() / 2 + 1);
    common::for_each_number(&input, |value| numbers.push(value));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let mut buffer = itoa::Buffer::new();
    for (index, &number) in numbers.iter().enumerate() {
        if index > 0 {
            out.write_all(b" ").expect("writable stdout");
        }
        out.write_all(buffer.format(number).as_bytes())
            .expect("writable stdout");
    }
    out.write_all(b"\n").expect("writable stdout");
}
