//! `scripts/bench cram` and the docs' table of Cram boards: the nimber of each board named on
//! the command line (`5x7`, or a drawn board), one line each, `5x7 *1`, with the seconds it took
//! on standard error. Only the value is computed (igsolve's `cram` computes the same), not the
//! winning moves that `grundy analyze cram` also lists.

use grundy::games::cram::Cram;
use std::time::Instant;

fn main() {
    let mut status = 0;
    for board in std::env::args().skip(1) {
        match board.parse::<Cram>() {
            Ok(position) => {
                let start = Instant::now();
                let value = position.value();
                println!("{board} *{}", value.0);
                eprintln!("{board}: {:.3} s", start.elapsed().as_secs_f64());
            }
            Err(error) => {
                eprintln!("{board}: {error}");
                status = 2;
            }
        }
    }
    std::process::exit(status);
}
