//! `grundy serve`'s JSON API through real sockets: answers equal to the library's, the command
//! line's error texts, and bad input — malformed JSON, oversized bodies, path traversal, foreign
//! hosts, time limits, clients that go away — answered without harm; the compounds and
//! `/api/remoteness` byte for byte as `grundy analyze --compound C --json` (and `--remoteness`).

use serde_json::json;
use std::io::Write;
use std::net::{SocketAddr, TcpStream, UdpSocket};
use std::time::{Duration, Instant};

mod serve_support;
use serve_support::{Answer, Server, request};

/// The message `grundy analyze GAME POSITION` prints after `error: `.
fn cli_error(args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    String::from_utf8(output.stderr)
        .unwrap()
        .trim_end()
        .strip_prefix("error: ")
        .expect("an error line")
        .to_string()
}

fn library_analysis(game: &str, position: &str, limit: usize) -> Vec<u8> {
    let report = grundy::resolve(game)
        .unwrap()
        .analyze(position, limit)
        .unwrap();
    (report.to_json() + "\n").into_bytes()
}

#[test]
fn answers_are_the_librarys() {
    let server = Server::start(&[]);
    let cases = [
        ("kayles", "3 5 7"),
        ("0.07", "10 20 35"),
        ("sub:1,3,4", "4 9 17"),
        ("grundys-game", "5 9"),
        ("end-piles", "3 1 9 4"),
        ("chocolate", "11 10 15 / 4"),
        ("bean-split", "1 0 1 5000"),
        ("bounded-take", "5/2 3/3"),
        ("box-fill", "2/6 3/3"),
        ("take-or-merge", "1 1 2"),
    ];
    for (game, position) in cases {
        let answer = server.post("/api/analyze", &json!({"game": game, "position": position}));
        assert_eq!(answer.status, 200, "{game} {position}: {}", answer.text());
        assert!(answer.headers.contains("application/json"));
        assert_eq!(
            answer.body,
            library_analysis(game, position, 10_000),
            "{game}"
        );

        let answer = server.post(
            "/api/analyze",
            &json!({"game": game, "position": position, "limit": 1}),
        );
        assert_eq!(answer.body, library_analysis(game, position, 1), "{game}");

        let library = grundy::resolve(game).unwrap();
        let answer = server.post(
            "/api/moves",
            &json!({"game": game, "position": position, "limit": 50}),
        );
        assert_eq!(answer.status, 200, "{}", answer.text());
        // Every move of these positions fits in 50: the library's list, with nothing unlisted.
        let mut expected = serde_json::to_value(library.moves(position, 50).unwrap()).unwrap();
        assert_eq!(expected["more"], false, "{game} {position}");
        expected["unlisted"] = json!(0);
        expected["unlisted_winning"] = json!(0);
        assert_eq!(answer.json(), expected, "{game} {position}");

        let answer = server.post(
            "/api/computer-move",
            &json!({"game": game, "position": position}),
        );
        let expected = serde_json::to_value(library.best_move(position).unwrap()).unwrap();
        assert_eq!(answer.json()["move"], expected, "{game} {position}");
    }
    // No move left: the computer's move is null.
    let answer = server.post(
        "/api/computer-move",
        &json!({"game": "kayles", "position": ""}),
    );
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json(), json!({"move": null}));
}

#[test]
fn games_and_tables() {
    let server = Server::start(&[]);
    let games = server.request("GET", "/api/games", "").json();
    let fixed: Vec<&str> = games["fixed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["name"].as_str().unwrap())
        .collect();
    let expected: Vec<String> = grundy::resolve::fixed_games()
        .iter()
        .map(|game| game.info().name.clone())
        .collect();
    assert_eq!(fixed, expected);
    assert!(
        games["families"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["spelling"] == "kayles")
    );

    let kayles = server.request("GET", "/api/game?name=kayles", "").json();
    assert_eq!(kayles["name"], "0.77");
    assert_eq!(kayles["heap"], true);
    assert_eq!(kayles["example"], "3 5 7");
    let answer = server.request("GET", "/api/game?name=sub%3A1%2C3%2C4", "");
    assert_eq!(answer.json()["name"], "sub:1,3,4");
    let answer = server.request("GET", "/api/game?name=nonsense", "");
    assert_eq!(answer.status, 400);
    assert_eq!(answer.error(), cli_error(&["analyze", "nonsense", "1"]));

    for (game, up_to) in [
        ("kayles", 300u64),
        ("0.07", 100),
        ("grundys-game", 50),
        ("sub:1,3,4", 1),
    ] {
        let answer = server.post("/api/table", &json!({"game": game, "up_to": up_to}));
        assert_eq!(answer.status, 200, "{}", answer.text());
        let library = grundy::resolve(game).unwrap();
        let values = library.heap_game().unwrap().values_up_to(up_to).unwrap();
        let expected: Vec<u64> = (0..=up_to).map(|n| values.value(n).unwrap().0).collect();
        let table = answer.json();
        let got: Vec<u64> = serde_json::from_value(table["values"].clone()).unwrap();
        assert_eq!(got, expected, "{game}");
        assert_eq!(table["up_to"], up_to);
    }
    // Proved periods, as the literature has them: Kayles is periodic with period 12 from n = 71
    // (Guy and Smith), subtraction {1, 3, 4} with period 7 from the start.
    for (game, preperiod, period) in [("kayles", 71u64, 12u64), ("sub:1,3,4", 0, 7)] {
        let answer = server.post("/api/table", &json!({"game": game, "up_to": 300}));
        let table = answer.json();
        assert_eq!(
            table["period"],
            json!({"preperiod": preperiod, "period": period}),
            "{game}"
        );
        assert_eq!(table["report"]["preperiod"], preperiod);
        let proof = table["report"]["proved"].as_str().unwrap_or_default();
        assert!(proof.contains("theorem"), "{game}: {proof}");
        let values: Vec<u64> = serde_json::from_value(table["values"].clone()).unwrap();
        for n in preperiod as usize..values.len() - period as usize {
            assert_eq!(values[n], values[n + period as usize], "{game} at {n}");
        }
    }
    // Grundy's game: no periodicity theorem, so no period is claimed, and the report says why.
    let table = server
        .post("/api/table", &json!({"game": "grundys-game", "up_to": 100}))
        .json();
    assert_eq!(table["period"], json!(null));
    assert!(table["report"]["no_theorem"].is_string(), "{table}");
    let answer = server.post("/api/table", &json!({"game": "end-piles", "up_to": 10}));
    assert_eq!(answer.status, 400);
    assert!(
        answer.error().contains("not a heap game"),
        "{}",
        answer.text()
    );
    let answer = server.post(
        "/api/table",
        &json!({"game": "kayles", "up_to": 1u64 << 40}),
    );
    assert_eq!(answer.status, 400);
}

#[test]
fn errors_are_json_with_the_command_lines_text() {
    let server = Server::start(&[]);
    for (game, position) in [
        ("kayles", "3 x"),
        ("kayles", "3 0"),
        ("end-piles", "3 -1"),
        ("chocolate", "1 / 2 / 3"),
        ("bean-split", "99999999999999999999999999999999999999999"),
        ("no-such-game", "1"),
        ("sub:", "1"),
    ] {
        let expected = cli_error(&["analyze", game, position]);
        for path in ["/api/analyze", "/api/moves", "/api/computer-move"] {
            let answer = server.post(path, &json!({"game": game, "position": position}));
            assert_eq!(
                answer.status,
                400,
                "{path} {game} {position}: {}",
                answer.text()
            );
            assert!(answer.headers.contains("application/json"));
            assert_eq!(answer.error(), expected, "{path} {game} {position}");
        }
    }
    // Game spellings shaped like files are refused before anything is read.
    let answer = server.post(
        "/api/analyze",
        &json!({"game": "/etc/passwd", "position": "1"}),
    );
    assert_eq!(answer.status, 400);
    assert!(
        answer.error().contains("never reads files"),
        "{}",
        answer.text()
    );
}

#[test]
fn malformed_requests_are_400_with_a_json_error() {
    let server = Server::start(&[]);
    for body in [
        "",
        "{",
        "not json",
        "[1, 2]",
        r#"{"game": "kayles"}"#,
        r#"{"game": "kayles", "position": 3}"#,
        r#"{"game": "kayles", "position": "3", "extra": 1}"#,
        r#"{"game": "kayles", "position": "3", "limit": -1}"#,
        "{\"game\": \"kayles\", \"position\": \"\u{0}\"}",
    ] {
        for path in [
            "/api/analyze",
            "/api/moves",
            "/api/computer-move",
            "/api/table",
        ] {
            let answer = server.request("POST", path, body);
            assert_eq!(answer.status, 400, "{path} {body:?}: {}", answer.text());
            assert!(!answer.error().is_empty());
        }
    }
    let answer = server.request("POST", "/api/analyze", "\u{ff}\u{fe}");
    assert_eq!(answer.status, 400);
    // Invalid UTF-8 in a body.
    let answer = request(
        server.address,
        "POST",
        "/api/analyze",
        "localhost",
        b"{\"game\":\"\xff\"}",
    );
    assert_eq!(answer.status, 400, "{}", answer.text());
    assert!(answer.json()["error"].is_string());
}

#[test]
fn oversized_bodies_are_413() {
    let server = Server::start(&[]);
    let position = "1 ".repeat(grundy::serve::MAX_BODY / 2 + 10);
    let body = json!({"game": "kayles", "position": position}).to_string();
    assert!(body.len() > grundy::serve::MAX_BODY);
    let answer = server.request("POST", "/api/analyze", &body);
    assert_eq!(answer.status, 413, "{}", answer.text());
    assert!(answer.error().contains("larger than"), "{}", answer.text());
    // Just under the limit is served.
    let position = "1 ".repeat(grundy::serve::MAX_BODY / 2 - 100);
    let answer = server.post(
        "/api/analyze",
        &json!({"game": "kayles", "position": position, "limit": 3}),
    );
    assert_eq!(
        answer.status,
        200,
        "{}",
        &answer.text()[..200.min(answer.body.len())]
    );
}

#[test]
fn only_the_embedded_page_is_served() {
    let server = Server::start(&[]);
    let page = server.request("GET", "/", "");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("<title>grundy"));
    assert!(
        page.headers
            .to_ascii_lowercase()
            .contains("content-security-policy")
    );
    for path in [
        "/app.js",
        "/coins.js",
        "/classic.js",
        "/grids.js",
        "/style.css",
        "/favicon.svg",
    ] {
        assert_eq!(server.request("GET", path, "").status, 200, "{path}");
    }
    for path in [
        "/../Cargo.toml",
        "/../../../../etc/passwd",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E%2FCargo.toml",
        "/..%2f..%2fetc%2fpasswd",
        "/app.js/../../Cargo.toml",
        "/./Cargo.toml",
        "//etc/passwd",
        "/src/serve/page/app.js",
        "/page/app.js",
        "/index.html/..",
        "/..\\..\\Cargo.toml",
        "/%5c..%5cCargo.toml",
        "/Cargo.toml",
        "/README.md",
        "/api/../Cargo.toml",
        "/api/nothing",
    ] {
        let answer = request(server.address, "GET", path, "localhost", b"");
        assert!(
            answer.status == 404 || answer.status == 400,
            "{path}: {} {}",
            answer.status,
            answer.text()
        );
        assert!(!answer.text().contains("[package]"), "{path}");
        assert!(!answer.text().contains("root:"), "{path}");
    }
    let answer = request(server.address, "GET", "/../Cargo.toml", "localhost", b"");
    assert_eq!(answer.status, 404);
    assert!(answer.json()["error"].is_string());
    // The API's methods: a wrong one is a JSON error too.
    let answer = server.request("GET", "/api/analyze", "");
    assert_eq!(answer.status, 405);
    assert!(answer.error().contains("POST"));
    assert_eq!(server.request("POST", "/api/games", "").status, 405);
}

#[test]
fn binds_loopback_by_default_and_answers_only_local_names() {
    let server = Server::start(&[]);
    assert!(
        server
            .banner
            .starts_with("grundy serve: listening on http://127.0.0.1:"),
        "{}",
        server.banner
    );
    assert!(server.address.ip().is_loopback());
    // Another of this machine's addresses, if it has one, is not served.
    let outward = UdpSocket::bind("0.0.0.0:0")
        .and_then(|socket| socket.connect("192.0.2.1:9").map(|()| socket))
        .and_then(|socket| socket.local_addr());
    if let Ok(address) = outward
        && !address.ip().is_loopback()
        && !address.ip().is_unspecified()
    {
        let other = SocketAddr::new(address.ip(), server.address.port());
        assert!(
            TcpStream::connect_timeout(&other, Duration::from_secs(2)).is_err(),
            "reachable on {other}"
        );
    }
    for host in ["evil.example", "evil.example:80", "127.0.0.1.evil.example"] {
        let answer = request(server.address, "GET", "/api/games", host, b"");
        assert_eq!(answer.status, 403, "{host}");
        assert!(answer.error().contains("localhost"));
    }
    for host in ["localhost", "127.0.0.1:1234", "[::1]:80"] {
        assert_eq!(
            request(server.address, "GET", "/api/games", host, b"").status,
            200
        );
    }
    // --bind chooses the address (tested on loopback only).
    let other = Server::start(&["--bind", "127.0.0.2"]);
    assert!(
        other.banner.contains("http://127.0.0.2:"),
        "{}",
        other.banner
    );
    assert_eq!(other.request("GET", "/api/games", "").status, 200);
}

/// An end-piles row of `piles` piles: its analysis is quadratic (about a second for 60,000 piles
/// on a 2-core machine).
fn long_end_piles_row(piles: usize) -> String {
    (0..piles)
        .map(|i| (i % 1000 + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn long_analyses_are_abandoned() {
    let row = long_end_piles_row(60_000);
    let server = Server::start(&["--time-limit", "0.05"]);
    let answer = server.post(
        "/api/analyze",
        &json!({"game": "end-piles", "position": row}),
    );
    assert_eq!(answer.status, 503, "{}", answer.text());
    assert!(answer.error().contains("time limit"), "{}", answer.text());
    wait_for_log(&server, "passed the time limit");
    drop(server);

    // A client that goes away: its request is abandoned (and logged).
    let server = Server::start(&[]);
    let body = json!({"game": "end-piles", "position": row}).to_string();
    let mut stream = TcpStream::connect(server.address).unwrap();
    write!(
        stream,
        "POST /api/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    drop(stream);
    wait_for_log(&server, "the client went away");
    // The server still answers.
    let answer = server.post(
        "/api/moves",
        &json!({"game": "end-piles", "position": "3 1 9 4"}),
    );
    assert_eq!(answer.status, 200);
}

fn wait_for_log(server: &Server, needle: &str) {
    let started = Instant::now();
    while !server.log.lock().unwrap().contains(needle) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no `{needle}` in the server's log: {}",
            server.log.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn bad_options_are_refused() {
    for args in [
        &["serve", "--time-limit", "0"][..],
        &["serve", "--time-limit", "-1"],
        &["serve", "--time-limit", "nan"],
        &["serve", "--port", "70000"],
        &["serve", "--bind", "localhost.invalid"],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("error"),
            "{args:?}"
        );
    }
}

/// A small linear congruential generator: seeded, so a failure can be replayed.
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    /// Between `low` and `high` numbers, each from 1 to `top`, spaced.
    fn numbers(&mut self, low: u64, high: u64, top: u64) -> String {
        let count = low + self.below(high - low + 1);
        (0..count)
            .map(|_| (1 + self.below(top)).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Between 1 and `high` pairs `a/b`, with b from 1 to `top` and a from 0 to `top * 3`, or
    /// (`fill`) a at most b.
    fn pairs(&mut self, high: u64, top: u64, fill: bool) -> String {
        let count = 1 + self.below(high);
        (0..count)
            .map(|_| {
                let b = 1 + self.below(top);
                let a = if fill {
                    self.below(b + 1)
                } else {
                    self.below(3 * top + 1)
                };
                format!("{a}/{b}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A random position of `game`, with enough moves that small limits cut the list; for a game
/// this test does not know (not a sum of heaps), the small position its own contest
/// generators draw.
fn random_position(game: &str, random: &mut Seeded) -> String {
    let drawn_by_the_game = |random: &mut Seeded| {
        let resolved = grundy::resolve::resolve(game).unwrap();
        if resolved.heap_game().is_some() {
            return random.numbers(1, 6, 25);
        }
        match resolved.formats().first() {
            Some(format) => {
                let mut rng = grundy::judge::rng::Rng::new(random.below(1 << 30));
                format.shape.generators.position(&mut rng)
            }
            None => random.numbers(1, 6, 25),
        }
    };
    match game {
        "chocolate" => format!(
            "{} / {}",
            random.numbers(0, 6, 20),
            random.numbers(0, 3, 20)
        ),
        "bounded-take" | "euclid" => random.pairs(5, 8, false),
        "box-fill" | "box-fill-square" => random.pairs(5, 20, true),
        "wythoff" => random.pairs(5, 8, false),
        "bean-split" => (0..1 + random.below(7))
            .map(|_| random.below(4).to_string())
            .collect::<Vec<_>>()
            .join(" "),
        "subtraction" => format!("1,3,4: {}", random.numbers(1, 6, 25)),
        "cram" => format!("{}x{}", 1 + random.below(4), 1 + random.below(4)),
        _ => drawn_by_the_game(random),
    }
}

/// `/api/moves` lists every winning move `/api/analyze` lists, whatever its limit cuts, and says
/// how many moves it leaves out: every fixed game and heap family, on random positions.
#[test]
fn no_winning_move_is_hidden_by_a_cap() {
    let server = Server::start(&[]);
    let mut games: Vec<String> = grundy::resolve::fixed_games()
        .iter()
        .map(|game| game.info().name.clone())
        .collect();
    for family in [
        "kayles",
        "dawsons-kayles",
        "treblecross",
        "0.137",
        "4.07",
        "0.f",
        "grundys-game",
        "sub:1,3,4",
        "allbut:1,2",
        "allbut:18446744073709551615",
    ] {
        games.push(family.to_string());
    }
    let mut random = Seeded(2026);
    let mut cut = 0;
    for game in &games {
        for _ in 0..12 {
            let position = random_position(game, &mut random);
            let analysis =
                server.post("/api/analyze", &json!({"game": game, "position": position}));
            assert_eq!(
                analysis.status,
                200,
                "{game} {position}: {}",
                analysis.text()
            );
            let analysis = analysis.json();
            let winning: Vec<(String, String)> = analysis["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    (
                        m["move"].as_str().unwrap().into(),
                        m["to"].as_str().unwrap().into(),
                    )
                })
                .collect();
            let all = server
                .post(
                    "/api/moves",
                    &json!({"game": game, "position": position, "limit": 100_000}),
                )
                .json();
            assert_eq!(all["more"], false, "{game} {position}");
            assert_eq!(all["unlisted"], 0);
            let every = all["moves"].as_array().unwrap();
            for limit in [0usize, 1, 2, 5] {
                let answer = server.post(
                    "/api/moves",
                    &json!({"game": game, "position": position, "limit": limit}),
                );
                assert_eq!(answer.status, 200, "{}", answer.text());
                let answer = answer.json();
                let listed = answer["moves"].as_array().unwrap();
                let context = format!("{game} {position} limit {limit}: {answer}");
                // Every winning move of the analysis, as a winning move.
                for (notation, to) in &winning {
                    assert!(
                        listed.iter().any(|m| m["move"] == notation.as_str()
                            && m["to"] == to.as_str()
                            && m["wins"] == true),
                        "{context}: {notation} is hidden"
                    );
                }
                // Nothing else called winning, nothing listed twice, each move one of the
                // position's legal moves with the same outcome.
                let winning_listed = listed.iter().filter(|m| m["wins"] == true).count();
                assert_eq!(winning_listed, winning.len(), "{context}");
                let mut notations: Vec<&str> =
                    listed.iter().map(|m| m["move"].as_str().unwrap()).collect();
                notations.sort_unstable();
                notations.dedup();
                assert_eq!(notations.len(), listed.len(), "{context}");
                for listed_move in listed {
                    assert!(every.contains(listed_move), "{context}: {listed_move}");
                }
                // How many are left out, when said, is exact.
                if answer["more"] == false {
                    assert_eq!(listed.len(), every.len(), "{context}");
                    assert_eq!(answer["unlisted"], 0, "{context}");
                } else {
                    cut += 1;
                    assert!(listed.len() < every.len(), "{context}");
                    if let Some(unlisted) = answer["unlisted"].as_u64() {
                        assert_eq!(listed.len() as u64 + unlisted, every.len() as u64);
                    }
                }
                assert_eq!(answer["unlisted_winning"], 0, "{context}");
            }
        }
    }
    assert!(cut > 100, "the limits cut the lists often ({cut} times)");

    // The position of issue #23: chocolate `10 11 15 / 4` with the list cut at 7 moves keeps
    // both winning moves.
    let answer = server
        .post(
            "/api/moves",
            &json!({"game": "chocolate", "position": "10 11 15 / 4", "limit": 7}),
        )
        .json();
    let winning: Vec<&str> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["wins"] == true)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["4>0", "+11,15"]);
}

/// `"play"` is `"normal"` (the default) or `"misere"` (answered under misère play).
#[test]
fn the_play_convention() {
    let server = Server::start(&[]);
    for path in ["/api/analyze", "/api/moves", "/api/computer-move"] {
        let plain = server.post(path, &json!({"game": "kayles", "position": "3 5"}));
        let normal = server.post(
            path,
            &json!({"game": "kayles", "position": "3 5", "play": "normal"}),
        );
        assert_eq!(plain.status, 200);
        assert_eq!(normal.body, plain.body, "{path}");
        let misere = server.post(
            path,
            &json!({"game": "kayles", "position": "3 5", "play": "misere"}),
        );
        assert_eq!(misere.status, 200, "{path}: {}", misere.text());
        if path == "/api/analyze" {
            assert!(
                misere.text().contains("\"play\":\"misere\""),
                "{}",
                misere.text()
            );
            assert!(
                plain.text().contains("\"play\":\"normal\""),
                "{}",
                plain.text()
            );
        }
        let other = server.post(
            path,
            &json!({"game": "kayles", "position": "3 5", "play": "antipodal"}),
        );
        assert_eq!(other.status, 400, "{path}");
        assert!(
            other.error().contains("expected `normal` or `misere`"),
            "{}",
            other.text()
        );
    }
}

/// What `grundy ARGS` prints: its standard output when it succeeds, else the message after
/// `error: ` — the command line's answer that the API's must equal byte for byte.
fn cli_answer(args: &[&str]) -> Result<Vec<u8>, String> {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .unwrap();
    match output.status.code() {
        Some(0) => Ok(output.stdout),
        Some(2) => Err(String::from_utf8(output.stderr)
            .unwrap()
            .trim_end()
            .strip_prefix("error: ")
            .expect("an error line")
            .to_string()),
        other => panic!("grundy {args:?} exited with {other:?}"),
    }
}

/// Asserts that the API's answer is the command line's: the same bytes with status 200, or
/// status 400 with the same message. Returns whether it was an answer.
fn same_as_cli(body: &serde_json::Value, cli: &Result<Vec<u8>, String>, got: &Answer) -> bool {
    match cli {
        Ok(bytes) => {
            assert_eq!(got.status, 200, "{body}: {}", got.text());
            assert_eq!(
                got.text(),
                String::from_utf8_lossy(bytes),
                "{body}: the API differs from the command line"
            );
            true
        }
        Err(message) => {
            assert_eq!(got.status, 400, "{body}: {}", got.text());
            assert_eq!(&got.error(), message, "{body}");
            false
        }
    }
}

/// `"compound"` on every request that plays a position: for heap games, a counter game and Nim,
/// every compound, on seeded random positions, `/api/analyze` and `/api/remoteness` answer
/// exactly what `grundy analyze --compound C --json` (and `--remoteness`) print, refusals
/// included; `/api/moves` marks exactly the analysis's winning moves, and the computer's move
/// from a won position is one of them.
#[test]
fn compounds_answer_as_the_command_line() {
    let server = Server::start(&[]);
    let mut random = Seeded(36);
    let (mut positions, mut analysed, mut measured) = (0, 0, 0);
    for game in ["sub:1,3,4", "kayles", "bounded-take", "nim", "box-fill"] {
        for _ in 0..12 {
            let position = match game {
                "bounded-take" => random.pairs(3, 6, false),
                "box-fill" => random.pairs(3, 8, true),
                "sub:1,3,4" => random.numbers(1, 3, 40),
                _ => random.numbers(1, 3, 9),
            };
            for compound in [
                "disjunctive",
                "conjunctive",
                "continued",
                "selective",
                "shortened",
            ] {
                positions += 1;
                let words: Vec<&str> = position.split_whitespace().collect();
                let mut args = vec!["analyze", game];
                args.extend(&words);
                args.extend(["--compound", compound, "--json"]);
                let body = json!({"game": game, "position": position, "compound": compound});
                let cli = cli_answer(&args);
                let got = server.post("/api/analyze", &body);
                if !same_as_cli(&body, &cli, &got) {
                    continue;
                }
                analysed += 1;
                args.push("--remoteness");
                let got = server.post("/api/remoteness", &body);
                if same_as_cli(&body, &cli_answer(&args), &got) {
                    measured += 1;
                }

                let analysis = got_json(&server, "/api/analyze", &body);
                let mut winning: Vec<String> = analysis["winning_moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["move"].as_str().unwrap().to_string())
                    .collect();
                let mut body_all = body.clone();
                body_all["limit"] = json!(100_000);
                let moves = got_json(&server, "/api/moves", &body_all);
                assert_eq!(moves["position"], analysis["position"], "{body}");
                assert_eq!(moves["winner"], analysis["winner"], "{body}");
                if moves["more"] == false
                    && analysis["winning_move_count"].as_u64() == Some(winning.len() as u64)
                {
                    let mut marked: Vec<String> = moves["moves"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|m| m["wins"] == true)
                        .map(|m| m["move"].as_str().unwrap().to_string())
                        .collect();
                    marked.sort();
                    winning.sort();
                    assert_eq!(marked, winning, "{body}");
                }
                let chosen = got_json(&server, "/api/computer-move", &body);
                if analysis["winner"] == "first" {
                    let chosen = chosen["move"]["move"].as_str().unwrap().to_string();
                    assert!(winning.contains(&chosen), "{body}: {chosen}");
                }
            }
        }
    }
    // Enough of each kind of answer to mean something.
    eprintln!("{positions} positions: {analysed} analysed, {measured} remoteness reports");
    assert_eq!(positions, 300);
    assert!(analysed > 200, "{analysed} analysed");
    assert!(measured > 100, "{measured} remoteness reports");

    // The default is the disjunctive sum: absent and named give the same bytes.
    for path in ["/api/analyze", "/api/moves", "/api/remoteness"] {
        let plain = server.post(path, &json!({"game": "kayles", "position": "3 4"}));
        let named = server.post(
            path,
            &json!({"game": "kayles", "position": "3 4", "compound": "disjunctive"}),
        );
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.body, named.body, "{path}");
    }
}

fn got_json(server: &Server, path: &str, body: &serde_json::Value) -> serde_json::Value {
    let answer = server.post(path, body);
    assert_eq!(answer.status, 200, "{path} {body}: {}", answer.text());
    answer.json()
}

/// Bad compounds, misère play with a compound, and games without components are refused with
/// the library's (and the command line's) message; remoteness only under normal play.
#[test]
fn compound_refusals() {
    let server = Server::start(&[]);
    let unknown = grundy::game::compound_kind::UnknownCompound("conjuctive".into()).to_string();
    let misere = cli_error(&[
        "analyze",
        "kayles",
        "3",
        "4",
        "--misere",
        "--compound",
        "conjunctive",
    ]);
    let chocolate = cli_error(&[
        "analyze",
        "chocolate",
        "3",
        "4",
        "/",
        "2",
        "--compound",
        "selective",
    ]);
    for path in [
        "/api/analyze",
        "/api/moves",
        "/api/computer-move",
        "/api/remoteness",
    ] {
        let refused = |body: serde_json::Value| {
            let answer = server.post(path, &body);
            assert_eq!(answer.status, 400, "{path} {body}: {}", answer.text());
            answer.error()
        };
        assert_eq!(
            refused(json!({"game": "kayles", "position": "3 4", "compound": "conjuctive"})),
            unknown
        );
        assert!(
            refused(json!({"game": "kayles", "position": "3 4", "compound": 3}))
                .starts_with("request: ")
        );
        assert!(
            refused(json!({"game": "kayles", "position": "3 4", "compounds": "conjunctive"}))
                .contains("unknown field `compounds`")
        );
        let error = refused(json!({"game": "kayles", "position": "3 4",
            "compound": "conjunctive", "play": "misere"}));
        // The server names no flag: its requests have `play` and `compound` fields.
        if path == "/api/remoteness" {
            assert!(error.contains("normal play only"), "{error}");
        } else {
            assert!(misere.contains("--compound and --misere"), "{misere}");
            assert!(!error.contains("--"), "{error}");
            assert!(error.contains("normal play"), "{path}: {error}");
        }
        assert_eq!(
            refused(json!({"game": "chocolate", "position": "3 4 / 2", "compound": "selective"})),
            chocolate,
            "{path}"
        );
    }
    // Misère play of the sum itself is the misère game, as `analyze --misere --compound
    // disjunctive` plays it.
    let answer = server.post(
        "/api/analyze",
        &json!({"game": "kayles", "position": "3 4", "play": "misere", "compound": "disjunctive"}),
    );
    let cli = cli_answer(&[
        "analyze",
        "kayles",
        "3",
        "4",
        "--misere",
        "--compound",
        "disjunctive",
        "--json",
    ]);
    assert_eq!(answer.text(), String::from_utf8(cli.unwrap()).unwrap());
    // Remoteness: refused under misère play, and for a compound decided by outcomes.
    let answer = server.post(
        "/api/remoteness",
        &json!({"game": "kayles", "position": "3 4", "play": "misere"}),
    );
    assert_eq!(answer.status, 400);
    assert!(answer.error().contains("normal play only"));
    let answer = server.post(
        "/api/remoteness",
        &json!({"game": "kayles", "position": "3 4", "compound": "selective"}),
    );
    assert_eq!(
        answer.error(),
        cli_error(&[
            "analyze",
            "kayles",
            "3",
            "4",
            "--compound",
            "selective",
            "--remoteness"
        ])
    );
}

/// A large Cram board passes the time limit and is abandoned; while its solve still runs on its
/// thread (the Cram solver cannot be interrupted), small Cram boards are answered at once, by a
/// solver of their own, exactly as `grundy analyze --json` prints them, and the other games too.
#[test]
fn small_cram_boards_answer_while_a_large_one_is_solved() {
    let server = Server::start(&["--time-limit", "1"]);
    let answer = server.post(
        "/api/moves",
        &json!({"game": "cram", "position": "6x7", "limit": 400}),
    );
    assert_eq!(answer.status, 503, "{}", answer.text());
    assert!(answer.error().contains("time limit"), "{}", answer.text());
    // More requests than the server has slots: none waits for the large board.
    for position in [
        "2x3", "3x4", "..#/...", "4x4", "2x3", "3x3", "1x5", "2x2", "4x3",
    ] {
        let answer = server.post(
            "/api/analyze",
            &json!({"game": "cram", "position": position}),
        );
        assert_eq!(answer.status, 200, "{position}: {}", answer.text());
        assert_eq!(
            answer.body,
            cli_answer(&["analyze", "cram", position, "--json"]).unwrap(),
            "{position}"
        );
    }
    let answer = server.post("/api/moves", &json!({"game": "kayles", "position": "3 4"}));
    assert_eq!(answer.status, 200, "{}", answer.text());
}
