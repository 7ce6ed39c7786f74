//! The baseline for `analyze` on huge positions in `scripts/bench`: read the whole input, parse
//! every integer into a vector, and print them back separated by spaces — the least any tool
//! must do that holds a position and reports it.

use std::io::{Read, Write};

fn main() {
    let mut input = Vec::new();
    match std::env::args_os().nth(1) {
        Some(path) => input = std::fs::read(path).expect("readable input"),
        None => {
            std::io::stdin()
                .read_to_end(&mut input)
                .expect("readable stdin");
        }
    }
    let mut numbers = Vec::with_capacity(input.len() / 2 + 1);
    let mut value = 0u64;
    let mut in_number = false;
    for &byte in &input {
        if byte.is_ascii_digit() {
            value = value.wrapping_mul(10).wrapping_add(u64::from(byte - b'0'));
            in_number = true;
        } else if in_number {
            numbers.push(value);
            value = 0;
            in_number = false;
        }
    }
    if in_number {
        numbers.push(value);
    }
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
