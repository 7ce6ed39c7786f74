//! A bounded load test of `grundy serve` on 127.0.0.1: 128 concurrent clients send 4,096
//! analyses of random positions of every game (a fixed number, then it stops); every answer must
//! be exactly the library's — the same bytes as `analyze --json`, or the same error — and none may
//! be dropped. Prints requests, concurrency, p50/p99 latency and errors (`--nocapture` shows them).
//! The figures are printed, never asserted: timings on a shared machine are noise.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

mod serve_support;
use serve_support::{Server, try_request};

const CLIENTS: usize = 128;
const REQUESTS_PER_CLIENT: usize = 32;

/// A random position of `game` in its notation (most valid; a few out of the domain on purpose).
fn random_position(game: &str, rng: &mut StdRng) -> String {
    let numbers = |rng: &mut StdRng, count: usize, low: u64, high: u64| -> Vec<String> {
        (0..count)
            .map(|_| rng.random_range(low..=high).to_string())
            .collect()
    };
    match game {
        "kayles" | "0.07" | "grundys-game" => {
            let count = rng.random_range(1..=5);
            numbers(rng, count, 1, 200).join(" ")
        }
        "sub:1,3,4" | "allbut:1,2" => {
            let count = rng.random_range(1..=5);
            numbers(rng, count, 1, 300).join(" ")
        }
        "end-piles" => {
            let count = rng.random_range(1..=30);
            numbers(rng, count, 1, 1000).join(" ")
        }
        "take-or-merge" => {
            let count = rng.random_range(1..=12);
            numbers(rng, count, 1, 30).join(" ")
        }
        "bean-split" => {
            let count = rng.random_range(1..=25);
            numbers(rng, count, 0, 6).join(" ")
        }
        "chocolate" => {
            let boxed = rng.random_range(1..=4);
            let table = rng.random_range(0..=2);
            format!(
                "{} / {}",
                numbers(rng, boxed, 1, 60).join(" "),
                numbers(rng, table, 1, 60).join(" ")
            )
        }
        "bounded-take" => {
            let count = rng.random_range(1..=4);
            (0..count)
                .map(|_| {
                    let b = rng.random_range(1..=10);
                    format!("{}/{b}", rng.random_range(0..=2000))
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
        "box-fill" => {
            let count = rng.random_range(1..=4);
            (0..count)
                .map(|_| {
                    // Now and then a box holding more than its capacity: an error answer.
                    let capacity: u64 = rng.random_range(1..=1000);
                    let held = rng.random_range(0..=capacity + 2);
                    format!("{held}/{capacity}")
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => unreachable!("{game}"),
    }
}

/// What the server must answer: the library's JSON report, or its error message with 400.
fn expected_answer(game: &str, position: &str, limit: usize) -> (u16, Vec<u8>) {
    match grundy::resolve(game).unwrap().analyze(position, limit) {
        Ok(report) => (200, (report.to_json() + "\n").into_bytes()),
        Err(error) => (
            400,
            serde_json::to_vec(&json!({ "error": error.to_string() })).unwrap(),
        ),
    }
}

struct Job {
    body: String,
    status: u16,
    expected: Vec<u8>,
}

fn percentile(sorted: &[Duration], percent: usize) -> Duration {
    sorted[(sorted.len() * percent / 100).min(sorted.len() - 1)]
}

#[test]
fn many_concurrent_clients_get_every_answer_right() {
    let games = [
        "kayles",
        "0.07",
        "grundys-game",
        "sub:1,3,4",
        "allbut:1,2",
        "end-piles",
        "take-or-merge",
        "bean-split",
        "chocolate",
        "bounded-take",
        "box-fill",
    ];
    let mut rng = StdRng::seed_from_u64(15);
    let mut error_answers = 0;
    let plans: Vec<Vec<Job>> = (0..CLIENTS)
        .map(|_| {
            (0..REQUESTS_PER_CLIENT)
                .map(|_| {
                    let game = games[rng.random_range(0..games.len())];
                    let position = random_position(game, &mut rng);
                    let limit = [1, 10, 10_000][rng.random_range(0..3)];
                    let (status, expected) = expected_answer(game, &position, limit);
                    error_answers += usize::from(status != 200);
                    let body =
                        json!({"game": game, "position": position, "limit": limit}).to_string();
                    Job {
                        body,
                        status,
                        expected,
                    }
                })
                .collect()
        })
        .collect();
    let total = CLIENTS * REQUESTS_PER_CLIENT;

    let server = Server::start(&[]);
    let address = server.address;
    let barrier = Arc::new(Barrier::new(CLIENTS));
    let started = Instant::now();
    let clients: Vec<_> = plans
        .into_iter()
        .map(|plan| {
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                let mut latencies = Vec::new();
                let mut failures = Vec::new();
                for job in plan {
                    let sent = Instant::now();
                    let answer = try_request(
                        address,
                        "POST",
                        "/api/analyze",
                        "127.0.0.1",
                        job.body.as_bytes(),
                    );
                    latencies.push(sent.elapsed());
                    match answer {
                        Ok(answer)
                            if answer.status == job.status && answer.body == job.expected => {}
                        Ok(answer) => failures.push(format!(
                            "{}: status {} (expected {}), body {}",
                            job.body,
                            answer.status,
                            job.status,
                            String::from_utf8_lossy(&answer.body[..answer.body.len().min(300)])
                        )),
                        Err(error) => failures.push(format!("{}: {error}", job.body)),
                    }
                }
                (latencies, failures)
            })
        })
        .collect();
    let mut latencies = Vec::new();
    let mut failures = Vec::new();
    for client in clients {
        let (client_latencies, client_failures) = client.join().expect("a client thread");
        latencies.extend(client_latencies);
        failures.extend(client_failures);
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "load: {} requests ({} answered with an error by design) from {CLIENTS} concurrent \
         clients in {:.2} s ({:.0} requests/s); latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; \
         wrong or dropped answers: {}",
        latencies.len(),
        error_answers,
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        ms(percentile(&latencies, 50)),
        ms(percentile(&latencies, 99)),
        ms(*latencies.last().unwrap()),
        failures.len()
    );
    assert_eq!(latencies.len(), total, "every request was sent");
    assert!(
        failures.is_empty(),
        "{} of {total} answers wrong or missing, the first: {}",
        failures.len(),
        failures[0]
    );
    assert!(
        error_answers < total / 4,
        "the positions should be mostly valid"
    );
}
