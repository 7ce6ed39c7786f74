//! Writes seeded judge inputs for `scripts/bench`: `gen_input GAME SIZE SEED` writes one large
//! case of SIZE; `gen_input GAME judge SEED` writes an input at the original judge's limits.

use std::io::{BufWriter, Write};

#[path = "common.rs"]
mod common;

use common::Seeded;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (game, size, seed) = match args.as_slice() {
        [_, game, size, seed] => (game.as_str(), size.as_str(), seed.parse::<u64>().unwrap()),
        _ => {
            eprintln!("usage: gen_input GAME SIZE|judge SEED");
            std::process::exit(2);
        }
    };
    let mut rng = Seeded(seed.max(1));
    let mut out = BufWriter::new(std::io::stdout().lock());
    if size == "judge" {
        judge_limits(game, &mut rng, &mut out)?;
        return out.flush();
    }
    let size: u64 = size.parse().expect("a size");
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
            // Beans 0–499 (about 3.8 bytes a bottle: 10^7 bottles make 38 MB).
            writeln!(out, "1\n{size}")?;
            for _ in 0..size {
                write!(out, "{} ", rng.range(0, 499))?;
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

/// T cases of n values each, at the original judge's limits.
fn judge_limits(game: &str, rng: &mut Seeded, out: &mut impl Write) -> std::io::Result<()> {
    let mut cases = |t: u64,
                     n: u64,
                     with_t: bool,
                     line: &mut dyn FnMut(&mut Seeded, &mut dyn Write) -> std::io::Result<()>|
     -> std::io::Result<()> {
        if with_t {
            writeln!(out, "{t}")?;
        }
        for _ in 0..t {
            writeln!(out, "{n}")?;
            for _ in 0..n {
                line(rng, out)?;
            }
            writeln!(out)?;
        }
        Ok(())
    };
    match game {
        "end-piles" => cases(10, 1000, true, &mut |r, o| {
            write!(o, "{} ", r.range(1, 1_000_000_000))
        }),
        "take-or-merge" => cases(4000, 50, true, &mut |r, o| {
            write!(o, "{} ", r.range(1, 1000))
        }),
        "chocolate" => cases(10, 14, false, &mut |r, o| {
            write!(o, "{} ", r.range(1, 1_000_000_000))
        }),
        "bounded-take" => cases(100, 20, true, &mut |r, o| {
            let exponent = r.range(0, 1 << 20) as f64 / (1 << 20) as f64 * 9.0;
            writeln!(
                o,
                "{} {}",
                r.range(1, 1_000_000_000),
                (10f64.powf(exponent) as u64).max(1)
            )
        }),
        "bean-split" => cases(10, 21, true, &mut |r, o| {
            write!(o, "{} ", r.range(0, 10_000))
        }),
        "box-fill" => cases(50, 50, true, &mut |r, o| {
            let a = r.range(1, 32767);
            writeln!(o, "{a} {}", r.range(0, a))
        }),
        other => {
            eprintln!("unknown game {other}");
            std::process::exit(2);
        }
    }
}
