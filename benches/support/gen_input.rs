//! Writes large seeded judge inputs for `scripts/bench`: `gen_input GAME SIZE SEED`.

use std::io::{BufWriter, Write};

struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (game, size, seed) = match args.as_slice() {
        [_, game, size, seed] => (
            game.as_str(),
            size.parse::<u64>().unwrap(),
            seed.parse::<u64>().unwrap(),
        ),
        _ => {
            eprintln!("usage: gen_input GAME SIZE SEED");
            std::process::exit(2);
        }
    };
    let mut rng = Seeded(seed.max(1));
    let mut out = BufWriter::new(std::io::stdout().lock());
    match game {
        "end-piles" => {
            writeln!(out, "1\n{size}")?;
            for _ in 0..size {
                write!(out, "{} ", rng.range(1, 1_000_000_000))?;
            }
        }
        "take-or-merge" => {
            writeln!(out, "1\n{size}")?;
            for _ in 0..size {
                write!(out, "{} ", rng.range(1, 1000))?;
            }
        }
        "chocolate" => {
            writeln!(out, "{size}")?;
            for _ in 0..size {
                write!(out, "{} ", rng.range(1, u64::MAX - 1))?;
            }
        }
        "bounded-take" => {
            writeln!(out, "1\n{size}")?;
            for _ in 0..size {
                let x = rng.range(1, 1_000_000_000_000);
                let exponent = rng.range(0, 1 << 20) as f64 / (1 << 20) as f64 * 12.0;
                let b = (10f64.powf(exponent) as u64).max(1);
                writeln!(out, "{x} {b}")?;
            }
        }
        "bean-split" => {
            writeln!(out, "1\n{size}")?;
            for _ in 0..size {
                write!(out, "{} ", rng.range(0, 3))?;
            }
        }
        "box-fill" => {
            writeln!(out, "1\n{size}")?;
            for _ in 0..size {
                let a = rng.range(1, 1_000_000_000);
                writeln!(out, "{a} {}", rng.range(0, a))?;
            }
        }
        other => {
            eprintln!("unknown game {other}");
            std::process::exit(2);
        }
    }
    writeln!(out)?;
    out.flush()
}
