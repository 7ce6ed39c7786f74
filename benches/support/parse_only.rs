//! The I/O baseline of `scripts/bench`: read the whole input and parse every integer, nothing
//! else. grundy's I/O-bound games are measured against this.

use std::io::Read;

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
    let mut checksum = 0u64;
    let mut value = 0u64;
    let mut in_number = false;
    for &byte in &input {
        if byte.is_ascii_digit() {
            value = value.wrapping_mul(10).wrapping_add(u64::from(byte - b'0'));
            in_number = true;
        } else if in_number {
            checksum ^= value;
            value = 0;
            in_number = false;
        }
    }
    println!("{}", checksum ^ value);
}
