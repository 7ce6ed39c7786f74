//! `grundy serve`: the web page and its JSON API.

use super::common::{Failure, seconds_option, usage};
use clap::Args;
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};

const EXAMPLES: &str = "\
Examples:
  grundy serve
  grundy serve --port 0
  grundy serve --bind 0.0.0.0 --port 8080 --time-limit 2
  grundy serve --graph examples/graphs/loopy.txt";

/// Serve a web page to play, analyse and chart any game in a browser, with its JSON API.
///
/// Prints the address to open; Ctrl-C stops the server.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct ServeArgs {
    /// The port; 0 picks any free port.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines in.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// How long one request's analysis may take before it is abandoned.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    time_limit: f64,
    /// A graph file to offer on the page as the game `graph:FILE` (tokens drawn on the graph);
    /// may be repeated. Read once at start: the page never makes the server read files.
    #[arg(long, value_name = "FILE")]
    graph: Vec<String>,
}

/// Runs `grundy serve` until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<u8, Failure> {
    let address = SocketAddr::new(args.bind, args.port);
    let time_limit = seconds_option("--time-limit", args.time_limit)?;
    if !address.ip().is_loopback() {
        eprintln!("warning: listening on {address}: other machines can reach this server");
    }
    let graphs: Vec<String> = args
        .graph
        .iter()
        .map(|file| format!("{}{file}", grundy::loopy::game::PREFIX))
        .collect();
    let options = grundy::serve::Options {
        address,
        time_limit,
        graphs: graphs.clone(),
    };
    grundy::serve::serve(options, |bound| {
        // One write: whoever reads the first line may close the pipe after it.
        let mut banner = format!("grundy serve: listening on http://{bound}/ (Ctrl-C stops)\n");
        for spelling in &graphs {
            banner.push_str(&format!(
                "  graph game: http://{bound}/?game={}\n",
                spelling.replace(':', "%3A").replace('/', "%2F")
            ));
        }
        let mut stdout = io::stdout().lock();
        let _ = stdout.write_all(banner.as_bytes());
        let _ = stdout.flush();
    })
    .map_err(|e| usage(e.to_string()))?;
    Ok(0)
}
