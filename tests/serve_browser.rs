//! The page in a real browser: `grundy serve` on a free local port, driven in headless Chromium
//! over WebDriver (Debian's `chromium` and `chromium-driver`). It loads Kayles, checks every move
//! button's colour against the library, shows the command line's error for a malformed position,
//! plays a whole game against the computer and loses, undoes and redoes, reads the phone-sized
//! layout, cancels a long analysis, and writes screenshots under `target/`. Then the boards: the
//! gallery against `/api/games`, chocolate's `10 11 15 / 4` with both winning moves, whole games
//! won by clicking the board (Kayles, end-piles, chocolate), every board's moves against
//! `/api/moves` on seeded random positions, and a screenshot of each board in `docs/`. The
//! compounds: conjunctive Kayles `3 4` with the command line's winning moves, deciding number and
//! "wins in N" labels, misère play with a compound refused, a conjunctive game won against the
//! computer. The classic boards (Wythoff, Chomp, Green Hackenbush, Staircase Nim): their gallery
//! cards, what each click plays, their moves on random positions, games won by clicking. The grid
//! boards (Cram, Node and Arc Kayles on a grid): their winning moves against `grundy analyze`, a
//! move clicked and the computer's reply drawn, undo, games won by clicking.
//!
//! The harness (Chromium, chromedriver, a fresh server and profile for each scenario) is in
//! `tests/browser_support`. Without Chromium these tests fail with the install hint: they never
//! skip.

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

mod browser_support;
mod serve_support;
use browser_support::{TestResult, in_chromium, in_chromium_serving, target_dir};
use serve_support::Server;

/// #008000 and #800000, as WebDriver reports computed colours.
const WIN: &str = "rgba(0, 128, 0, 1)";
const LOSE: &str = "rgba(128, 0, 0, 1)";

/// A computed colour in `rgba(r, g, b, a)` form (browsers report opaque ones as `rgb(r, g, b)`).
fn rgba(colour: &str) -> String {
    match colour.strip_prefix("rgb(") {
        Some(rest) => format!("rgba({}, 1)", rest.trim_end_matches(')')),
        None => colour.to_string(),
    }
}

#[test]
fn the_page_in_headless_chromium() {
    in_chromium("page", |client, url, server| async move {
        drive(&client, &url, &server.log).await?;
        boards(&client, &url, &server).await
    });
}

/// Evaluates a JavaScript expression in the page.
async fn js(client: &Client, expression: &str) -> TestResult<Value> {
    Ok(client
        .execute(&format!("return ({expression});"), vec![])
        .await?)
}

/// Waits (up to a minute) until a JavaScript condition holds and the page is idle.
async fn until(client: &Client, condition: &str) -> TestResult {
    let started = Instant::now();
    let full = format!("document.body.dataset.busy === 'false' && ({condition})");
    while js(client, &full).await? != Value::Bool(true) {
        if started.elapsed() > Duration::from_secs(60) {
            let error = js(client, "document.getElementById('error').textContent").await?;
            return Err(format!("timed out waiting for {condition} (page error: {error})").into());
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    Ok(())
}

/// Replaces an input's text and presses Enter, as a keyboard user would.
async fn enter(client: &Client, id: &str, text: &str) -> TestResult {
    let input = client.find(Locator::Id(id)).await?;
    input.clear().await?;
    input
        .send_keys(&format!("{text}{}", char::from(Key::Enter)))
        .await?;
    Ok(())
}

/// Waits until the game is over (false) or it is my move (true).
async fn my_turn(client: &Client) -> TestResult<bool> {
    until(
        client,
        "document.getElementById('status').dataset.over === 'true' || \
         document.getElementById('status').textContent.startsWith('Your move')",
    )
    .await?;
    Ok(js(client, "document.getElementById('status').dataset.over").await? != "true")
}

async fn text_of(client: &Client, id: &str) -> TestResult<String> {
    Ok(client.find(Locator::Id(id)).await?.text().await?)
}

/// Every move button: (move, to, value, background colour, enabled).
async fn move_buttons(client: &Client) -> TestResult<Vec<(String, String, String, String, bool)>> {
    let mut buttons = Vec::new();
    for button in client.find_all(Locator::Css("#moves button.move")).await? {
        buttons.push((
            button.attr("data-move").await?.unwrap_or_default(),
            button.attr("data-to").await?.unwrap_or_default(),
            button.attr("data-value").await?.unwrap_or_default(),
            rgba(&button.css_value("background-color").await?),
            button.is_enabled().await?,
        ));
    }
    Ok(buttons)
}

/// Checks every move button of the position shown against the library's moves.
async fn check_buttons(client: &Client, game: &str, position: &str) -> TestResult<usize> {
    let expected = grundy::resolve(game)?.moves(position, 400)?;
    check_buttons_against(client, &expected, position).await
}

/// Checks every move button of the position shown against `expected`.
async fn check_buttons_against(
    client: &Client,
    expected: &grundy::game::PositionMoves,
    position: &str,
) -> TestResult<usize> {
    let buttons = move_buttons(client).await?;
    assert_eq!(buttons.len(), expected.moves.len(), "{position}");
    for ((notation, to, value, colour, _), outcome) in buttons.iter().zip(&expected.moves) {
        assert_eq!(notation, &outcome.notation);
        assert_eq!(to, &outcome.to);
        let (want_value, want_colour) = match outcome.wins {
            Some(true) => ("winning", WIN),
            Some(false) => ("losing", LOSE),
            None => ("unknown", "rgba(85, 85, 85, 1)"),
        };
        assert_eq!(value, want_value, "{position}: {notation}");
        assert_eq!(colour, want_colour, "{position}: {notation}");
    }
    Ok(buttons.len())
}

async fn drive(client: &Client, url: &str, server_log: &Mutex<String>) -> TestResult {
    client.goto(url).await?;
    until(
        client,
        "document.querySelectorAll('#game-list option').length > 0",
    )
    .await?;

    // Pick Kayles by typing its spelling: its example is analysed and G(n) charted.
    enter(client, "game", "kayles").await?;
    until(client, "document.querySelector('#chart svg') !== null").await?;
    assert_eq!(text_of(client, "game-name").await?, "0.77");
    let library = grundy::resolve("kayles")?;
    let values = library.heap_game().unwrap().values_up_to(120)?;
    let sequence: Vec<String> = (0..=120)
        .map(|n| values.value(n).unwrap().0.to_string())
        .collect();
    let shown = js(
        client,
        "document.getElementById('chart-values').textContent",
    )
    .await?;
    assert_eq!(shown, format!("G(0..120) = {}", sequence.join(" ")));
    let note = text_of(client, "chart-note").await?;
    assert!(note.starts_with("Pre-period 71"), "{note}");
    assert!(
        client
            .find_all(Locator::Css("#chart svg rect.band-period"))
            .await?
            .len()
            == 1,
        "the period is marked"
    );
    check_buttons(client, "kayles", "3 5 7").await?;

    // Winning and losing moves, coloured green and dark red, as the library says.
    enter(client, "position", "2 3").await?;
    until(
        client,
        "document.getElementById('position').value === '2 3'",
    )
    .await?;
    check_buttons(client, "kayles", "2 3").await?;
    let buttons = move_buttons(client).await?;
    assert!(buttons.iter().any(|b| b.2 == "losing" && b.3 == LOSE));
    assert!(buttons.iter().any(|b| b.2 == "winning" && b.3 == WIN));
    assert!(text_of(client, "summary").await?.contains("Grundy value 1"));

    // From the keyboard: Tab from the position box reaches the move buttons; Enter plays one.
    client.find(Locator::Id("position")).await?.click().await?;
    let tab = char::from(Key::Tab).to_string();
    let mut tabs = 0;
    while js(client, "document.activeElement.classList.contains('move')").await? != true {
        client.active_element().await?.send_keys(&tab).await?;
        tabs += 1;
        assert!(tabs < 30, "Tab never reached a move button");
    }
    let target = js(client, "document.activeElement.dataset.to").await?;
    let enter_key = char::from(Key::Enter).to_string();
    client.active_element().await?.send_keys(&enter_key).await?;
    until(
        client,
        &format!("document.getElementById('position').value === {target}"),
    )
    .await?;

    // A malformed position: the command line's message.
    enter(client, "position", "3 x").await?;
    until(client, "!document.getElementById('error').hidden").await?;
    let cli = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "kayles", "3", "x"])
        .output()?;
    let cli_message = String::from_utf8(cli.stderr)?;
    let cli_message = cli_message.trim_end().trim_start_matches("error: ");
    assert_eq!(text_of(client, "error").await?, cli_message);

    // A whole game against the computer from a lost position (G(4) = G(8) = 1): I lose.
    enter(client, "position", "4 8").await?;
    until(
        client,
        "document.getElementById('position').value === '4 8'",
    )
    .await?;
    assert!(
        js(
            client,
            "document.querySelector('input[name=first][value=human]').checked"
        )
        .await?
            == Value::Bool(true)
    );
    client.find(Locator::Id("new-game")).await?.click().await?;
    let mut my_moves = 0;
    while my_turn(client).await? {
        let position = js(client, "document.getElementById('position').value").await?;
        let position = position.as_str().unwrap_or_default().to_string();
        // The computer always leaves me a lost position: every move of mine loses.
        check_buttons(client, "kayles", &position).await?;
        let buttons = move_buttons(client).await?;
        assert!(
            buttons
                .iter()
                .all(|b| b.2 == "losing" && b.3 == LOSE && b.4),
            "{position}"
        );
        client
            .find(Locator::Css("#moves button.move"))
            .await?
            .click()
            .await?;
        my_moves += 1;
        assert!(my_moves < 20, "the game should be over by now");
    }
    let status = text_of(client, "status").await?;
    assert!(status.starts_with("You lose"), "{status}");
    let plies = client
        .find_all(Locator::Css("#history button.ply"))
        .await?
        .len();
    assert_eq!(
        plies,
        2 * my_moves + 1,
        "start, my moves and the computer's replies"
    );

    // Undo goes back to my last turn; redo returns to the end.
    client.find(Locator::Id("undo")).await?.click().await?;
    until(
        client,
        "document.getElementById('status').textContent.startsWith('Your move')",
    )
    .await?;
    client.find(Locator::Id("redo")).await?.click().await?;
    until(
        client,
        "document.getElementById('status').dataset.over === 'true'",
    )
    .await?;
    assert!(text_of(client, "status").await?.starts_with("You lose"));

    // The computer can move first: from a won position (G(3) = 3) it moves to a lost one.
    enter(client, "position", "3").await?;
    until(client, "document.getElementById('position').value === '3'").await?;
    client
        .find(Locator::Css("input[name=first][value=computer]"))
        .await?
        .click()
        .await?;
    client.find(Locator::Id("new-game")).await?.click().await?;
    until(
        client,
        "document.getElementById('status').textContent.startsWith('Your move')",
    )
    .await?;
    let reply = library.best_move("3")?.expect("a move");
    let position = js(client, "document.getElementById('position').value").await?;
    assert_eq!(position, reply.to.as_str());
    assert_eq!(
        client
            .find_all(Locator::Css("#history button.ply"))
            .await?
            .len(),
        2
    );
    client.find(Locator::Id("stop-game")).await?.click().await?;
    client
        .find(Locator::Css("input[name=first][value=human]"))
        .await?
        .click()
        .await?;

    // Analysis mode: walk a few moves for the screenshot (mixed colours and a history).
    enter(client, "position", "2 3 5").await?;
    until(
        client,
        "document.getElementById('position').value === '2 3 5'",
    )
    .await?;
    for _ in 0..2 {
        client
            .find(Locator::Css("#moves button.move[data-value=losing]"))
            .await?
            .click()
            .await?;
        tokio::time::sleep(Duration::from_millis(50)).await;
        until(
            client,
            "document.querySelectorAll('#moves button.move').length > 0",
        )
        .await?;
    }
    let shown = js(client, "document.getElementById('position').value").await?;
    check_buttons(client, "kayles", shown.as_str().unwrap_or_default()).await?;
    // A heap selected on the board, its moves coloured (when the walk left a heap to select).
    if let Ok(heap) = client
        .find(Locator::Css("#board [data-pick^=\"heap:\"]"))
        .await
    {
        heap.click().await?;
    }
    client.execute("window.scrollTo(0, 0)", vec![]).await?;
    std::fs::write(
        target_dir().join("serve-screenshot.png"),
        client.screenshot().await?,
    )?;

    // A phone-sized screen: nothing wider than the window.
    client.set_window_size(390, 844).await?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let overflow = js(
        client,
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    )
    .await?;
    assert!(
        overflow.as_i64().is_some_and(|px| px <= 0),
        "overflow {overflow}"
    );
    std::fs::write(
        target_dir().join("serve-phone.png"),
        client.screenshot().await?,
    )?;
    client.set_window_size(1000, 1640).await?;

    // A long analysis shows its progress and can be cancelled; the server abandons it.
    // (An end-piles row of 60,000 piles: quadratic, about a second; set by script, not typed.)
    enter(client, "game", "end-piles").await?;
    until(
        client,
        "document.getElementById('game-name').textContent === 'end-piles'",
    )
    .await?;
    client
        .execute(
            "const row = Array.from({length: 60000}, (_, i) => i % 1000 + 1).join(' '); \
             document.getElementById('position').value = row; \
             document.getElementById('position-form').requestSubmit();",
            vec![],
        )
        .await?;
    let started = Instant::now();
    while js(client, "document.getElementById('busy').hidden").await? != Value::Bool(false) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no progress shown"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        text_of(client, "busy-text")
            .await?
            .starts_with("Analysing…")
    );
    client.find(Locator::Id("cancel")).await?.click().await?;
    until(
        client,
        "document.getElementById('error').textContent === 'Cancelled.'",
    )
    .await?;
    let started = Instant::now();
    while !server_log.lock().unwrap().contains("the client went away") {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the server did not abandon it"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Explores the board of the position shown, in the page: from an empty selection, every
/// sequence of `data-pick` clicks (each board state once), collecting every element that plays a
/// move. Returns `{move: {path, value, fill, chip}}`: the picks that reach it, its `data-value`,
/// the computed fill of its shape, and whether it is a chip under the drawing rather than a part
/// of it. Clicks are dispatched as DOM events, so no move is played; the selection is cleared
/// with Escape at the end.
const EXPLORE_BOARD: &str = r#"
const board = document.getElementById('board');
const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));
const click = (id) => {
  const node = board.querySelector(`[data-pick="${CSS.escape(id)}"]`);
  if (!node) { throw new Error(`no pick ${id}`); }
  node.dispatchEvent(new MouseEvent('click', {bubbles: true}));
};
const found = {};
const seen = new Set();
const explore = (path) => {
  escape();
  path.forEach(click);
  const state = board.dataset.state;
  if (seen.has(state)) { return; }
  seen.add(state);
  for (const node of board.querySelectorAll('[data-move]')) {
    const move = node.dataset.move;
    if (!(move in found)) {
      const shape = node.querySelector('.shape');
      found[move] = {
        path, value: node.dataset.value, fill: getComputedStyle(shape).fill,
        chip: node.classList.contains('chip'),
      };
    }
  }
  const picks = [...board.querySelectorAll('[data-pick]')].map((node) => node.dataset.pick);
  if (path.length < 8) {
    for (const id of picks) { explore([...path, id]); }
  }
};
explore([]);
escape();
return found;
"#;

/// One move the board can make: the picks that reach it, its value, fill and whether it is a chip.
#[derive(Debug)]
struct BoardMove {
    path: Vec<String>,
    value: String,
    fill: String,
    chip: bool,
}

async fn explore_board(client: &Client) -> TestResult<BTreeMap<String, BoardMove>> {
    let found = client.execute(EXPLORE_BOARD, vec![]).await?;
    let Value::Object(found) = found else {
        return Err(format!("the exploration returned {found}").into());
    };
    let mut moves = BTreeMap::new();
    for (notation, about) in found {
        let path = about["path"]
            .as_array()
            .ok_or("a path")?
            .iter()
            .map(|id| id.as_str().unwrap_or_default().to_string())
            .collect();
        moves.insert(
            notation,
            BoardMove {
                path,
                value: about["value"].as_str().unwrap_or_default().to_string(),
                fill: rgba(about["fill"].as_str().unwrap_or_default()),
                chip: about["chip"] == true,
            },
        );
    }
    Ok(moves)
}

/// The position shown.
async fn shown_position(client: &Client) -> TestResult<String> {
    let position = js(client, "document.getElementById('position').value").await?;
    Ok(position.as_str().unwrap_or_default().to_string())
}

/// Checks the board of the position shown against the server's `/api/moves`: the same moves,
/// each coloured by its value; with `all_drawn`, none of them a chip. Returns the board's moves.
async fn check_board(
    client: &Client,
    server: &Server,
    game: &str,
    all_drawn: bool,
) -> TestResult<BTreeMap<String, BoardMove>> {
    let position = shown_position(client).await?;
    let listed = server.post(
        "/api/moves",
        &json!({"game": game, "position": position, "limit": 400}),
    );
    assert_eq!(listed.status, 200, "{}", listed.text());
    let listed = listed.json();
    assert_eq!(
        listed["unlisted"], 0,
        "{game} {position}: every move listed"
    );
    let expected: BTreeMap<String, Option<bool>> = listed["moves"]
        .as_array()
        .ok_or("moves")?
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_string(), m["wins"].as_bool()))
        .collect();
    let board = explore_board(client).await?;
    let on_board: Vec<&String> = board.keys().collect();
    let wanted: Vec<&String> = expected.keys().collect();
    assert_eq!(on_board, wanted, "{game} {position}: the board's moves");
    for (notation, wins) in &expected {
        let found = &board[notation];
        let (value, colour) = match wins {
            Some(true) => ("winning", WIN),
            Some(false) => ("losing", LOSE),
            None => ("unknown", "rgba(85, 85, 85, 1)"),
        };
        assert_eq!(found.value, value, "{game} {position}: {notation}");
        assert_eq!(found.fill, colour, "{game} {position}: {notation}");
        if all_drawn {
            assert!(!found.chip, "{game} {position}: {notation} is not drawn");
        }
    }
    Ok(board)
}

/// Makes `notation` on the board with real clicks: the picks that reach it, then the element.
async fn click_board_move(client: &Client, path: &[String], notation: &str) -> TestResult {
    for id in path {
        client
            .find(Locator::Css(&format!("#board [data-pick=\"{id}\"]")))
            .await?
            .click()
            .await?;
    }
    let element = client
        .find(Locator::Css(&format!("#board [data-move=\"{notation}\"]")))
        .await?;
    // Where a person would click it: its centre, or (a curved edge, whose box's centre is off
    // the curve) a point along its outline that the element itself receives.
    let offset = client
        .execute(CLICK_POINT, vec![serde_json::to_value(&element)?])
        .await?;
    let (x, y) = (
        offset[0].as_f64().unwrap_or(0.0),
        offset[1].as_f64().unwrap_or(0.0),
    );
    if x == 0.0 && y == 0.0 {
        element.click().await?;
    } else {
        let mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveToElement {
                element,
                duration: None,
                x,
                y,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        client.perform_actions(mouse).await?;
    }
    Ok(())
}

/// The offset from an element's centre to a point where a click reaches it: `[0, 0]` when its
/// centre does, else the first point along its shapes' outlines that does.
const CLICK_POINT: &str = r#"
const node = arguments[0];
node.scrollIntoView({block: 'center'});
const box = node.getBoundingClientRect();
const cx = box.left + box.width / 2;
const cy = box.top + box.height / 2;
const reaches = (x, y) => {
  const hit = document.elementFromPoint(x, y);
  return hit !== null && node.contains(hit);
};
if (reaches(cx, cy)) { return [0, 0]; }
for (const part of node.querySelectorAll('path, circle, rect')) {
  const length = part.getTotalLength();
  for (let i = 1; i < 40; i += 1) {
    const p = part.getPointAtLength((length * i) / 40);
    const q = new DOMPoint(p.x, p.y).matrixTransform(part.getScreenCTM());
    if (reaches(q.x, q.y)) { return [Math.round(q.x - cx), Math.round(q.y - cy)]; }
  }
}
return [0, 0];
"#;

/// How a game against the computer starts.
enum Start<'a> {
    /// Typed: the game's spelling and a position won by the player to move; I move first.
    Typed(&'a str),
    /// Without typing: the game's gallery card (its sample position, lost for the player to
    /// move), and the computer moves first.
    Gallery,
}

/// A whole game against the computer, every move of mine made by clicking the board (a winning
/// move each time); I win. Every board on the way is checked.
async fn win_on_the_board(
    client: &Client,
    server: &Server,
    game: &str,
    start: Start<'_>,
) -> TestResult {
    match start {
        Start::Typed(position) => {
            load(client, game).await?;
            enter(client, "position", position).await?;
            until(
                client,
                &format!(
                    "document.getElementById('position').value === {}",
                    json!(position)
                ),
            )
            .await?;
        }
        Start::Gallery => {
            client
                .find(Locator::Css(&format!(
                    "#gallery button.card[data-spelling=\"{game}\"]"
                )))
                .await?
                .click()
                .await?;
            until(
                client,
                &format!(
                    "page.game !== null && page.game.spelling === {}",
                    json!(game)
                ),
            )
            .await?;
            client
                .find(Locator::Css("input[name=first][value=computer]"))
                .await?
                .click()
                .await?;
        }
    }
    client.find(Locator::Id("new-game")).await?.click().await?;
    let mut my_moves = 0;
    while my_turn(client).await? {
        let before = shown_position(client).await?;
        let board = check_board(client, server, game, true).await?;
        let (notation, found) = board
            .iter()
            .find(|(_, found)| found.value == "winning")
            .ok_or_else(|| format!("{game} {before}: no winning move on the board"))?;
        let to = server.post(
            "/api/moves",
            &json!({"game": game, "position": before, "limit": 400}),
        );
        let to = to.json()["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["move"] == notation.as_str())
            .map(|m| m["to"].clone())
            .unwrap();
        click_board_move(client, &found.path, notation).await?;
        my_moves += 1;
        // My move is in the history, as its button would have put it.
        until(
            client,
            &format!(
                "[...document.querySelectorAll('#history button.ply')].some((b) => \
                 b.title === {to})"
            ),
        )
        .await?;
        assert!(my_moves < 100, "{game}: the game should be over by now");
    }
    let status = text_of(client, "status").await?;
    assert!(status.starts_with("You win"), "{game}: {status}");
    client.find(Locator::Id("stop-game")).await?.click().await?;
    client
        .find(Locator::Css("input[name=first][value=human]"))
        .await?
        .click()
        .await?;
    Ok(())
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

    fn list(&mut self, count: std::ops::RangeInclusive<u64>, low: u64, high: u64) -> Vec<u64> {
        let n = count.start() + self.below(count.end() - count.start() + 1);
        (0..n).map(|_| low + self.below(high - low + 1)).collect()
    }
}

fn spaced(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A random small position of `game`, drawable on its board one unit at a time.
fn random_position(game: &str, random: &mut Seeded) -> String {
    match game {
        "end-piles" | "take-or-merge" => spaced(&random.list(1..=5, 1, 6)),
        "chocolate" => format!(
            "{} / {}",
            spaced(&random.list(0..=4, 1, 7)),
            spaced(&random.list(0..=3, 1, 7))
        ),
        "bounded-take" => (0..1 + random.below(4))
            .map(|_| format!("{}/{}", random.below(12), 1 + random.below(4)))
            .collect::<Vec<_>>()
            .join(" "),
        "bean-split" => spaced(&random.list(1..=5, 0, 3)),
        "box-fill" | "box-fill-square" => (0..1 + random.below(4))
            .map(|_| {
                let capacity = random.below(12);
                format!("{}/{capacity}", random.below(capacity + 1))
            })
            .collect::<Vec<_>>()
            .join(" "),
        _ => spaced(&random.list(1..=4, 1, 12)),
    }
}

/// Every board's moves are the listed moves, on random positions of every game with a board.
async fn boards_on_random_positions(client: &Client, server: &Server) -> TestResult<usize> {
    let games = [
        "end-piles",
        "take-or-merge",
        "chocolate",
        "bounded-take",
        "bean-split",
        "box-fill",
        "box-fill-square",
        "kayles",
        "dawsons-kayles",
        "0.137",
        "4.07",
        "grundys-game",
        "sub:1,3,4",
        "allbut:1,2",
    ];
    let mut checked = 0;
    for (seed, game) in games.iter().enumerate() {
        let mut random = Seeded(seed as u64 + 23);
        load(client, game).await?;
        for _ in 0..4 {
            let position = random_position(game, &mut random);
            enter(client, "position", &position).await?;
            let canonical = server.post(
                "/api/moves",
                &json!({"game": game, "position": position, "limit": 0}),
            );
            let canonical = canonical.json()["position"].clone();
            until(
                client,
                &format!(
                    "document.getElementById('position').value === {canonical} && \
                     document.getElementById('board').dataset.drawn === 'true'"
                ),
            )
            .await?;
            check_board(client, server, game, true).await?;
            checked += 1;
        }
    }
    Ok(checked)
}

/// Writes a screenshot of the board area to `target/board-NAME.png`, or to the book's
/// `docs/board-NAME.png` when `GRUNDY_DOCS_SCREENSHOTS` is set (so that a test run leaves the
/// tracked pictures alone unless asked to renew them).
async fn board_screenshot(client: &Client, name: &str) -> TestResult {
    // In view as a whole: Chromium's element screenshots stop at the window's edge.
    client
        .execute(
            "document.getElementById('board-area').scrollIntoView()",
            vec![],
        )
        .await?;
    let area = client.find(Locator::Id("board-area")).await?;
    let png = area.screenshot().await?;
    let folder = if std::env::var_os("GRUNDY_DOCS_SCREENSHOTS").is_some() {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs")
    } else {
        target_dir()
    };
    std::fs::write(folder.join(format!("board-{name}.png")), png)?;
    Ok(())
}

/// Loads `game` (by typing its spelling) and waits until it is loaded and its example analysed.
async fn load(client: &Client, game: &str) -> TestResult {
    enter(client, "game", game).await?;
    until(
        client,
        &format!(
            "page.game !== null && page.game.spelling === {}",
            json!(game)
        ),
    )
    .await
}

/// Loads `game` at `position` and waits for its board.
async fn show(client: &Client, game: &str, position: &str) -> TestResult {
    load(client, game).await?;
    enter(client, "position", position).await?;
    until(
        client,
        &format!(
            "document.getElementById('position').value === {} && \
             document.getElementById('board').dataset.drawn === 'true'",
            json!(position)
        ),
    )
    .await?;
    Ok(())
}

/// Clicks one pick of the board.
async fn pick(client: &Client, id: &str) -> TestResult {
    client
        .find(Locator::Css(&format!("#board [data-pick=\"{id}\"]")))
        .await?
        .click()
        .await?;
    Ok(())
}

/// The gallery, the boards, the chocolate position whose winning move the cap used to hide, and
/// a screenshot of each board for the README.
async fn boards(client: &Client, url: &str, server: &Server) -> TestResult {
    // The landing page lists the server's gallery; a card loads its sample and analyses it.
    client.goto(url).await?;
    until(
        client,
        "document.querySelectorAll('#gallery button.card').length > 0",
    )
    .await?;
    let games = server.request("GET", "/api/games", "").json();
    let cards: Vec<String> = games["gallery"]
        .as_array()
        .ok_or("a gallery")?
        .iter()
        .map(|card| card["spelling"].as_str().unwrap().to_string())
        .collect();
    let mut shown = Vec::new();
    for card in client
        .find_all(Locator::Css("#gallery button.card"))
        .await?
    {
        shown.push(card.attr("data-spelling").await?.unwrap_or_default());
    }
    assert_eq!(
        shown.pop().as_deref(),
        Some(""),
        "the last card: type any spelling"
    );
    assert_eq!(shown, cards);
    for spelling in [
        "end-piles",
        "kayles",
        "grundys-game",
        "sub:1,3,4",
        "turning-corners",
    ] {
        assert!(
            cards.iter().any(|c| c == spelling),
            "{spelling} in the gallery"
        );
    }
    for card in games["gallery"].as_array().unwrap() {
        let spelling = card["spelling"].as_str().unwrap();
        let example = card["example"].as_str().ok_or("an example")?;
        let answer = server.post(
            "/api/analyze",
            &json!({"game": spelling, "position": example}),
        );
        assert_eq!(
            answer.status,
            200,
            "{spelling} {example}: {}",
            answer.text()
        );
    }
    client
        .find(Locator::Css(
            "#gallery button.card[data-spelling=\"chocolate\"]",
        ))
        .await?
        .click()
        .await?;
    until(
        client,
        "document.getElementById('board').dataset.drawn === 'true' && \
         document.getElementById('game-name').textContent === 'chocolate'",
    )
    .await?;
    assert_eq!(shown_position(client).await?, "10 11 15 / 4");

    // Every winning move shown: `4>0` and `+11,15`, as buttons and on the board.
    let buttons = move_buttons(client).await?;
    let winning: Vec<&str> = buttons
        .iter()
        .filter(|b| b.2 == "winning")
        .map(|b| b.0.as_str())
        .collect();
    assert_eq!(winning, ["4>0", "+11,15"]);
    assert!(text_of(client, "summary").await?.contains("2 winning of"));
    let board = check_board(client, server, "chocolate", true).await?;
    assert_eq!(board["+11,15"].value, "winning");
    pick(client, "bar:1").await?;
    pick(client, "bar:2").await?;
    let take_out = client.find(Locator::Css("#board .take-out")).await?;
    assert_eq!(take_out.attr("data-move").await?.as_deref(), Some("+11,15"));
    assert_eq!(
        take_out.attr("data-value").await?.as_deref(),
        Some("winning")
    );
    board_screenshot(client, "chocolate").await?;
    // The keyboard plays it: Enter on the focused board element.
    client
        .execute("document.querySelector('#board .take-out').focus()", vec![])
        .await?;
    client
        .active_element()
        .await?
        .send_keys(&char::from(Key::Enter).to_string())
        .await?;
    until(
        client,
        "document.getElementById('position').value === '10 / 4 11 15'",
    )
    .await?;

    // Screenshots of the other boards, with a selection where the board has one.
    show(client, "kayles", "3 5 7").await?;
    pick(client, "heap:2").await?;
    board_screenshot(client, "kayles").await?;
    show(client, "allbut:18446744073709551615", "3 5 7").await?;
    board_screenshot(client, "nim").await?;
    show(client, "end-piles", "3 1 9 4").await?;
    board_screenshot(client, "end-piles").await?;
    show(client, "take-or-merge", "1 2 2 4").await?;
    pick(client, "pile:1").await?;
    board_screenshot(client, "take-or-merge").await?;
    show(client, "bounded-take", "5/2 3/3 9/3").await?;
    board_screenshot(client, "bounded-take").await?;
    show(client, "bean-split", "1 0 1 2").await?;
    pick(client, "from:0").await?;
    pick(client, "first:1").await?;
    board_screenshot(client, "bean-split").await?;
    show(client, "box-fill", "2/6 3/3 1/7").await?;
    board_screenshot(client, "box-fill").await?;

    // Whole games played by clicking the board: a heap game, end-piles, chocolate.
    // Kayles without typing anything: its gallery card, the computer first from the sample.
    client.execute("window.scrollTo(0, 0)", vec![]).await?;
    win_on_the_board(client, server, "kayles", Start::Gallery).await?;
    win_on_the_board(client, server, "kayles", Start::Typed("3 5 7")).await?;
    win_on_the_board(client, server, "end-piles", Start::Typed("3 1 2 5")).await?;
    win_on_the_board(client, server, "chocolate", Start::Typed("2 3 / 2")).await?;
    win_on_the_board(client, server, "chocolate", Start::Typed("10 11 15 / 4")).await?;

    // The convention switch: misère is sent and analysed under misère play (the summary names
    // the convention of the analysis it shows); normal play again analyses as before.
    show(client, "kayles", "3 5").await?;
    client
        .find(Locator::Css("input[name=play][value=misere]"))
        .await?
        .click()
        .await?;
    until(
        client,
        "document.getElementById('summary').textContent.startsWith('Misère play.')",
    )
    .await?;
    // A misère answer: the buttons are the library's misère moves. At 1 1 the two conventions
    // disagree (normal play: lost, no winning move; misère play: both moves leave a lone pin,
    // lost for the opponent), so the colours show which convention answered.
    let kayles_misere = grundy::game::played_compound(
        grundy::resolve("kayles")?,
        grundy::core::Play::Misere,
        grundy::game::compound_kind::Compound::Disjunctive,
    )?;
    check_buttons_against(client, &kayles_misere.moves("3 5", 400)?, "3 5").await?;
    show(client, "kayles", "1 1").await?;
    until(
        client,
        "document.getElementById('summary').textContent.startsWith('Misère play.') && \
         document.querySelectorAll('#moves button.move').length > 0 && \
         Array.from(document.querySelectorAll('#moves button.move')).every(b => b.dataset.to === '1')",
    )
    .await?;
    let misere_moves = kayles_misere.moves("1 1", 400)?;
    assert!(misere_moves.moves.iter().all(|m| m.wins == Some(true)));
    assert!(
        grundy::resolve("kayles")?
            .moves("1 1", 400)?
            .moves
            .iter()
            .all(|m| m.wins == Some(false))
    );
    check_buttons_against(client, &misere_moves, "1 1").await?;
    assert!(
        text_of(client, "error").await?.is_empty() || {
            let hidden: bool = client
                .execute("return document.getElementById('error').hidden", vec![])
                .await?
                .as_bool()
                .unwrap_or(false);
            hidden
        }
    );
    client
        .find(Locator::Css("input[name=play][value=normal]"))
        .await?
        .click()
        .await?;
    until(client, "document.getElementById('error').hidden").await?;
    assert!(
        text_of(client, "summary")
            .await?
            .starts_with("Normal play.")
    );

    // Every board's moves, on random positions of every game with a board.
    let checked = boards_on_random_positions(client, server).await?;
    assert!(checked >= 50);
    Ok(())
}

/// A graph game on the page (`grundy serve --graph FILE`): the graph drawn with each vertex
/// coloured by its outcome and labelled with its γ, the board's moves (click a token, then a
/// vertex) exactly `/api/moves`' with their colours, and a move played by clicking.
#[test]
fn a_graph_game_in_headless_chromium() {
    in_chromium_serving(
        "graph",
        &["--graph", "examples/graphs/loopy.txt"],
        |client, url, server| async move {
            graph_board(&client, &url, &server, "graph:examples/graphs/loopy.txt").await
        },
    );
}

async fn graph_board(client: &Client, url: &str, server: &Server, game: &str) -> TestResult {
    // The server offers the graph it was started with (and the page lists it).
    let games = server.request("GET", "/api/games", "").json();
    assert_eq!(games["graphs"][0]["spelling"], game);
    let query = game.replace(':', "%3A").replace('/', "%2F");
    client
        .goto(&format!("{url}?game={query}&position=2%203"))
        .await?;
    until(
        client,
        "page.game !== null && page.game.graph !== undefined && \
         document.getElementById('board').dataset.drawn === 'true'",
    )
    .await?;
    // Each vertex by its outcome and γ for one token there (the file's comment: 4 is 0, 3 is 1,
    // 2 is ∞(1), 1 is ∞; both infinite ones are draws alone).
    let vertices = js(
        client,
        "[...document.querySelectorAll('#board .graph-vertex')].map(g => \
         [g.dataset.vertex, g.dataset.outcome, g.dataset.gamma])",
    )
    .await?;
    assert_eq!(
        vertices,
        json!([
            ["1", "drawn", "∞"],
            ["2", "drawn", "∞(1)"],
            ["3", "won", "1"],
            ["4", "lost", "0"]
        ])
    );
    // The board's moves are the listed ones, each coloured by its value.
    let board = check_board(client, server, game, true).await?;
    let step = board.get("2->3").ok_or("the move 2->3 is on the board")?;
    assert_eq!(step.path, ["token:2"], "a token is picked first");
    click_board_move(client, &step.path.clone(), "2->3").await?;
    until(
        client,
        "document.getElementById('position').value === '3 3' && \
         document.getElementById('board').dataset.drawn === 'true'",
    )
    .await?;
    check_board(client, server, game, true).await?;
    Ok(())
}

/// A random small position of a coin game: heads among the first coins of a row, or among the
/// squares of a small board (`side` squares a side).
fn random_coins(grid: bool, side: u64, random: &mut Seeded) -> String {
    let count = 1 + random.below(4);
    let mut cells = std::collections::BTreeSet::new();
    for _ in 0..count {
        cells.insert(if grid {
            (1 + random.below(side), 1 + random.below(side))
        } else {
            (1 + random.below(8), 0)
        });
    }
    cells
        .iter()
        .map(|&(x, y)| {
            if grid {
                format!("{x},{y}")
            } else {
                x.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The coin boards: a row of coins and a board of squares, heads and tails, every listed move
/// on the board with its colour (random positions of every rule and some products), the click
/// sequences (the heads coin, then where the move starts; on a board the heads corner, then the
/// opposite corner), the value shown, and whole games won by clicking the board.
#[test]
fn coin_boards_in_headless_chromium() {
    in_chromium("coins", |client, url, server| async move {
        let client = &client;
        client.goto(&url).await?;
        until(
            client,
            "document.querySelectorAll('#game-list option').length > 0 && \
             document.querySelectorAll('#gallery button.card').length > 0",
        )
        .await?;

        // The gallery's Turning Corners card sets its sample up on the coin board.
        client
            .find(Locator::Css(
                "#gallery button.card[data-spelling=\"turning-corners\"]",
            ))
            .await?
            .click()
            .await?;
        until(
            client,
            "document.getElementById('board').dataset.drawn === 'true' && \
             document.getElementById('game-name').textContent === 'turning-corners'",
        )
        .await?;
        assert_eq!(shown_position(client).await?, "1,2 2,1 3,3");
        assert!(
            client
                .find_all(Locator::Css("#board .coin.heads"))
                .await?
                .len()
                == 3
        );
        check_board(client, &server, "turning-corners", true).await?;

        // Turning Corners: 2,2 (worth 2*2 = 3) and 3,3 (3*3 = 2): value 1. The corner 3,3
        // clicked, then the opposite corner 1,1: the move turning 1,1 1,3 3,1 3,3.
        show(client, "turning-corners", "2,2 3,3").await?;
        let hint = text_of(client, "board-hint").await?;
        assert!(hint.starts_with("Value 1 "), "{hint}");
        let corner = "#board [data-cell=\"3,3\"]";
        let leads = client.find(Locator::Css(corner)).await?;
        assert_eq!(leads.attr("data-pick").await?.as_deref(), Some("coin:3,3"));
        pick(client, "coin:3,3").await?;
        let opposite = client
            .find(Locator::Css("#board [data-cell=\"1,1\"]"))
            .await?;
        assert_eq!(
            opposite.attr("data-move").await?.as_deref(),
            Some("1,3*1,3")
        );
        let alone = client.find(Locator::Css(corner)).await?;
        assert_eq!(alone.attr("data-move").await?.as_deref(), Some("3*3"));
        // The tails square 2,3 below the corner on the right: the move 2,3*3 (a line of two).
        let line = client
            .find(Locator::Css("#board [data-cell=\"2,3\"]"))
            .await?;
        assert_eq!(line.attr("data-move").await?.as_deref(), Some("2,3*3"));
        // The library's winning moves are the green ones on the board.
        let expected = grundy::resolve("turning-corners")?.moves("2,2 3,3", 400)?;
        let board = check_board(client, &server, "turning-corners", true).await?;
        for outcome in &expected.moves {
            assert_eq!(
                board[&outcome.notation].value == "winning",
                outcome.wins == Some(true),
                "{}",
                outcome.notation
            );
        }
        pick(client, "coin:3,3").await?;
        board_screenshot(client, "turning-corners").await?;

        // Mock turtles: 5 then 3 selects (a third coin may join), 3 again turns 3,5; 1 turns
        // 1,3,5; 5 again turns 5 alone.
        show(client, "coins:mock-turtles", "1 3 5").await?;
        pick(client, "coin:5").await?;
        let five = client
            .find(Locator::Css("#board [data-cell=\"5\"]"))
            .await?;
        assert_eq!(five.attr("data-move").await?.as_deref(), Some("5"));
        pick(client, "coin:3").await?;
        for (cell, notation) in [("3", "3,5"), ("1", "1,3,5"), ("2", "2,3,5")] {
            let node = client
                .find(Locator::Css(&format!("#board [data-cell=\"{cell}\"]")))
                .await?;
            assert_eq!(node.attr("data-move").await?.as_deref(), Some(notation));
        }
        board_screenshot(client, "coins").await?;
        // The ruler: a run is its heads end, then its first coin.
        show(client, "coins:ruler", "2 6").await?;
        pick(client, "coin:6").await?;
        let start = client
            .find(Locator::Css("#board [data-cell=\"3\"]"))
            .await?;
        assert_eq!(start.attr("data-move").await?.as_deref(), Some("3..6"));

        // Every rule and some products: the board's moves are the listed moves, each coloured.
        let games: [(&str, bool, u64); 8] = [
            ("coins:ruler", false, 0),
            ("coins:mock-turtles", false, 0),
            ("coins:turtles", false, 0),
            ("coins:twins", false, 0),
            ("turning-corners", true, 4),
            ("coins:twins*twins", true, 4),
            ("coins:ruler*mock-turtles", true, 3),
            ("coins:mock-turtles*turtles", true, 3),
        ];
        for (seed, &(game, grid, side)) in games.iter().enumerate() {
            let mut random = Seeded(seed as u64 + 101);
            for _ in 0..3 {
                let position = random_coins(grid, side, &mut random);
                show(client, game, &position).await?;
                check_board(client, &server, game, true).await?;
            }
        }

        // Whole games won by clicking the board, a row and a board.
        client.execute("window.scrollTo(0, 0)", vec![]).await?;
        win_on_the_board(client, &server, "coins:mock-turtles", Start::Typed("2 4 7")).await?;
        win_on_the_board(
            client,
            &server,
            "turning-corners",
            Start::Typed("1,2 3,3 4,1"),
        )
        .await?;
        Ok(())
    });
}

/// The JSON that `grundy ARGS` prints.
fn cli_json(args: &[&str]) -> TestResult<Value> {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()?;
    assert!(output.status.success(), "grundy {args:?}: {output:?}");
    Ok(serde_json::from_slice(&output.stdout)?)
}

/// The "wins in N" / "loses in N" labels that `analyze --remoteness --json`'s report gives each
/// move (an even result: the mover wins), by move.
fn expected_labels(report: &Value) -> BTreeMap<String, String> {
    report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let value = m["value"].as_u64().unwrap();
            let label = if value % 2 == 0 {
                format!("wins in {}", value + 1)
            } else {
                format!("loses in {}", value + 1)
            };
            (m["move"].as_str().unwrap().to_string(), label)
        })
        .collect()
}

/// The label on each move button, by move (buttons without one are left out).
async fn shown_labels(client: &Client) -> TestResult<BTreeMap<String, String>> {
    let shown = js(
        client,
        "Object.fromEntries([...document.querySelectorAll('#moves button.move')]\
         .filter((b) => b.dataset.remoteness !== undefined)\
         .map((b) => [b.dataset.move, b.dataset.remoteness]))",
    )
    .await?;
    Ok(serde_json::from_value(shown)?)
}

/// Waits until the remoteness of the position shown has been asked for and answered or refused.
async fn remoteness_settled(client: &Client) -> TestResult<String> {
    until(
        client,
        "['shown', 'none'].includes(document.getElementById('moves').dataset.remoteness)",
    )
    .await?;
    Ok(js(
        client,
        "document.getElementById('moves').dataset.remoteness",
    )
    .await?
    .as_str()
    .unwrap_or_default()
    .to_string())
}

/// Chooses a compound in the Convention box, as a person would, and waits for the new analysis.
async fn choose_compound(client: &Client, compound: &str) -> TestResult {
    client
        .find(Locator::Id("compound"))
        .await?
        .select_by_value(compound)
        .await?;
    until(
        client,
        &format!(
            "(current()?.data.compound === {0}) || !document.getElementById('error').hidden",
            json!(compound)
        ),
    )
    .await
}

/// The compounds on the page: conjunctive Kayles `3 4` with the command line's winning moves and
/// deciding min R, "wins in N" / "loses in N" on every move as `analyze --remoteness --json`
/// says, no board for a compound position, misère play with a compound refused with the
/// library's message, a won conjunctive game played to the end against the computer, and the
/// labels of the sum itself.
#[test]
fn compounds_in_headless_chromium() {
    in_chromium("compounds", |client, url, _server| async move {
        compounds_on_the_page(&client, &url).await
    });
}

async fn compounds_on_the_page(client: &Client, url: &str) -> TestResult {
    client.goto(url).await?;
    until(
        client,
        "document.querySelectorAll('#game-list option').length > 0",
    )
    .await?;
    load(client, "kayles").await?;

    // The sum first: Kayles `3 4`, its labels exactly the command line's remoteness report.
    enter(client, "position", "3 4").await?;
    until(
        client,
        "document.getElementById('position').value === '3 4'",
    )
    .await?;
    assert_eq!(remoteness_settled(client).await?, "shown");
    let report = cli_json(&["analyze", "kayles", "3", "4", "--remoteness", "--json"])?;
    let labels = expected_labels(&report);
    assert_eq!(shown_labels(client).await?, labels);
    assert_eq!(
        labels.len(),
        move_buttons(client).await?.len(),
        "every move labelled"
    );
    assert_eq!(
        js(
            client,
            "document.getElementById('remoteness').dataset.value"
        )
        .await?,
        report["value"].to_string()
    );
    assert!(
        js(client, "document.getElementById('deciding').hidden").await? == Value::Bool(true),
        "the sum has no deciding box"
    );

    // Conjunctive: the position is read as components, the buttons are the compound's moves
    // (`1-1 | 1-2`), its winning moves the command line's, the deciding number min R.
    choose_compound(client, "conjunctive").await?;
    until(
        client,
        "document.getElementById('position').value === '3 | 4'",
    )
    .await?;
    let conjunctive = grundy::game::played_compound(
        grundy::resolve("kayles")?,
        grundy::core::Play::Normal,
        grundy::game::compound_kind::Compound::Conjunctive,
    )?;
    let expected = conjunctive.moves("3 | 4", 400)?;
    let count = check_buttons_against(client, &expected, "3 | 4").await?;
    assert!(count > 1 && expected.moves.iter().all(|m| m.notation.contains(" | ")));
    let analysis = cli_json(&[
        "analyze",
        "kayles",
        "3",
        "4",
        "--compound",
        "conjunctive",
        "--json",
    ])?;
    let mut winning: Vec<String> = analysis["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect();
    let mut shown_winning: Vec<String> = move_buttons(client)
        .await?
        .into_iter()
        .filter(|b| b.2 == "winning" && b.3 == WIN)
        .map(|b| b.0)
        .collect();
    winning.sort();
    shown_winning.sort();
    assert_eq!(shown_winning, winning);
    let deciding = &analysis["deciding"];
    assert_eq!(
        js(
            client,
            "document.getElementById('deciding-value').dataset.measure"
        )
        .await?,
        deciding["measure"]
    );
    assert_eq!(
        js(
            client,
            "document.getElementById('deciding-value').dataset.value"
        )
        .await?,
        deciding["value"].to_string()
    );
    let text = text_of(client, "deciding-value").await?;
    assert!(
        text.contains(&format!("min R = {}", deciding["value"])),
        "{text}"
    );
    assert_eq!(
        client.find_all(Locator::Css("#components li")).await?.len(),
        deciding["components"].as_array().unwrap().len()
    );
    assert_eq!(
        js(client, "document.getElementById('board').dataset.drawn").await?,
        "false",
        "no board draws a compound position"
    );
    // Its labels: the compound's min R after each move, as `--compound conjunctive
    // --remoteness --json` gives them.
    assert_eq!(remoteness_settled(client).await?, "shown");
    let report = cli_json(&[
        "analyze",
        "kayles",
        "3",
        "4",
        "--compound",
        "conjunctive",
        "--remoteness",
        "--json",
    ])?;
    let labels = expected_labels(&report);
    assert_eq!(labels.len(), count);
    assert_eq!(shown_labels(client).await?, labels);
    assert_eq!(
        js(
            client,
            "document.getElementById('remoteness').dataset.measure"
        )
        .await?,
        "min R"
    );
    // A look at it: target/serve-compound.png.
    std::fs::write(
        target_dir().join("serve-compound.png"),
        client.screenshot().await?,
    )?;
    // A winning move is labelled "wins", a losing one "loses".
    for (notation, _, value, _, _) in move_buttons(client).await? {
        let label = &labels[&notation];
        assert_eq!(
            label.starts_with("wins"),
            value == "winning",
            "{notation}: {label}"
        );
    }

    // Misère play with a compound: the library's refusal, no wrong answer.
    client
        .find(Locator::Css("input[name=play][value=misere]"))
        .await?
        .click()
        .await?;
    until(client, "!document.getElementById('error').hidden").await?;
    // The library's own words, which name no command-line flag.
    let expected = grundy::game::played_compound(
        grundy::resolve("kayles")?,
        grundy::core::Play::Misere,
        grundy::game::compound_kind::Compound::Conjunctive,
    )
    .err()
    .expect("refused")
    .to_string();
    assert_eq!(text_of(client, "error").await?, expected);
    client
        .find(Locator::Css("input[name=play][value=normal]"))
        .await?
        .click()
        .await?;
    until(
        client,
        "document.getElementById('error').hidden && current().data.play === 'normal'",
    )
    .await?;

    // A won conjunctive game against the computer: hurrying (the winning move with the fewest
    // moves to go), I win within min R moves of mine and the computer's together.
    let start_r = report["value"].as_u64().unwrap();
    assert_eq!(report["winner"], "first");
    client.find(Locator::Id("new-game")).await?.click().await?;
    let mut my_moves = 0;
    while my_turn(client).await? {
        let position = js(client, "document.getElementById('position').value").await?;
        let position = position.as_str().unwrap_or_default().to_string();
        check_buttons_against(client, &conjunctive.moves(&position, 400)?, &position).await?;
        remoteness_settled(client).await?;
        let labels = shown_labels(client).await?;
        let fastest = move_buttons(client)
            .await?
            .into_iter()
            .filter(|b| b.2 == "winning" && b.4)
            .filter_map(|b| {
                let label = labels.get(&b.0)?;
                let n: u64 = label.strip_prefix("wins in ")?.parse().ok()?;
                Some((n, b.0))
            })
            .min()
            .ok_or_else(|| format!("no labelled winning move from {position}"))?;
        client
            .find(Locator::Css(&format!(
                "#moves button.move[data-move=\"{}\"]",
                fastest.1
            )))
            .await?
            .click()
            .await?;
        my_moves += 1;
        assert!(my_moves <= start_r, "the game outlasted min R = {start_r}");
    }
    let status = text_of(client, "status").await?;
    assert!(status.starts_with("You win"), "{status}");
    let plies = client
        .find_all(Locator::Css("#history button.ply"))
        .await?
        .len()
        - 1;
    assert!(
        plies as u64 <= start_r && plies % 2 == 1,
        "{plies} plies from min R = {start_r}"
    );

    // Selective: decided by outcomes, so no remoteness: no labels and no error.
    enter(client, "position", "3 4").await?;
    choose_compound(client, "selective").await?;
    until(
        client,
        "document.getElementById('position').value === '3 | 4'",
    )
    .await?;
    assert_eq!(remoteness_settled(client).await?, "none");
    assert!(shown_labels(client).await?.is_empty());
    assert!(
        js(client, "document.getElementById('error').hidden").await? == Value::Bool(true),
        "a refused remoteness is no error"
    );
    assert!(
        text_of(client, "deciding-value")
            .await?
            .contains("0 of 2 components lost")
    );

    // Back to the sum: the compound position becomes the sum's, drawn on the board again.
    choose_compound(client, "disjunctive").await?;
    until(
        client,
        "document.getElementById('position').value === '3 4' && \
         document.getElementById('board').dataset.drawn === 'true'",
    )
    .await?;
    check_buttons(client, "kayles", "3 4").await?;
    Ok(())
}

/// A random small position of one of the classic games, drawable on its board square by square
/// (Wythoff pairs, Chomp boards), edge by edge (Green Hackenbush: every edge joined to the
/// ground) or coin by coin (Staircase Nim).
fn random_classic(game: &str, random: &mut Seeded) -> String {
    match game {
        "wythoff" => (0..1 + random.below(3))
            .map(|_| format!("{}/{}", random.below(9), random.below(9)))
            .collect::<Vec<_>>()
            .join(" "),
        "chomp" => (0..1 + random.below(2))
            .map(|_| {
                let mut rows = random.list(1..=4, 1, 5);
                rows.sort_unstable_by(|a, b| b.cmp(a));
                rows.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join(" "),
        "hackenbush" => {
            // Each edge starts at a vertex already joined to the ground (0 first), and ends at
            // a new vertex, an old one, or itself (a loop).
            let mut vertices = 1;
            let mut edges = Vec::new();
            for _ in 0..1 + random.below(7) {
                let from = random.below(vertices);
                let to = match random.below(4) {
                    0 => from,
                    1 => random.below(vertices),
                    _ => {
                        vertices += 1;
                        vertices - 1
                    }
                };
                edges.push(format!("{from}-{to}"));
            }
            edges.join(" ")
        }
        "staircase" => spaced(&random.list(1..=5, 0, 6)),
        _ => unreachable!("{game} is not a classic game"),
    }
}

/// The `data-move` and `data-value` of the board element `selector`.
async fn board_move_at(client: &Client, selector: &str) -> TestResult<(String, String)> {
    let node = client
        .find(Locator::Css(&format!("#board {selector}")))
        .await?;
    Ok((
        node.attr("data-move").await?.unwrap_or_default(),
        node.attr("data-value").await?.unwrap_or_default(),
    ))
}

/// How many board elements `selector` matches.
async fn count_on_board(client: &Client, selector: &str) -> TestResult<usize> {
    Ok(client
        .find_all(Locator::Css(&format!("#board {selector}")))
        .await?
        .len())
}

/// The boards of four classic games (classic.js): Wythoff's game as Corner the Queen, Chomp,
/// Green Hackenbush and Staircase Nim. Each gallery card sets its sample up on the board; the
/// clicks name the moves they should (the square the queen reaches, the square bitten, the edge
/// deleted, the coins carried); the board's moves are the listed moves, each coloured by its
/// value, on seeded random positions; whole games are won by clicking the board; and each board
/// is pictured in `board-NAME.png`.
#[test]
fn classic_boards_in_headless_chromium() {
    in_chromium("classic", |client, url, server| async move {
        let client = &client;
        let server = &*server;
        client.goto(&url).await?;
        until(
            client,
            "document.querySelectorAll('#gallery button.card').length > 0",
        )
        .await?;
        let games = ["wythoff", "chomp", "hackenbush", "staircase"];

        // Each game's gallery card: its own sample (from its notation), drawn on its board.
        let gallery = server.request("GET", "/api/games", "").json();
        for game in games {
            let card = gallery["gallery"]
                .as_array()
                .ok_or("a gallery")?
                .iter()
                .find(|card| card["spelling"] == game)
                .ok_or_else(|| format!("{game} in the gallery"))?;
            let example = card["example"].as_str().ok_or("an example")?.to_string();
            client.execute("window.scrollTo(0, 0)", vec![]).await?;
            client
                .find(Locator::Css(&format!(
                    "#gallery button.card[data-spelling=\"{game}\"]"
                )))
                .await?
                .click()
                .await?;
            until(
                client,
                &format!(
                    "document.getElementById('game-name').textContent === {} && \
                     document.getElementById('position').value === {} && \
                     document.getElementById('board').dataset.drawn === 'true'",
                    json!(game),
                    json!(example)
                ),
            )
            .await?;
            check_board(client, server, game, true).await?;
        }

        // Corner the Queen: the queen of pair 2 at 4,4 reaches the corner 0,0 diagonally, the
        // only winning move; pair 1's queen at 3,5 moves left to 0,5.
        show(client, "wythoff", "3/5 4/4").await?;
        assert_eq!(
            board_move_at(client, "[data-cell=\"2:0,0\"]").await?,
            ("2ab-4".to_string(), "winning".to_string())
        );
        assert_eq!(
            board_move_at(client, "[data-cell=\"1:0,5\"]").await?.0,
            "1a-3"
        );
        assert_eq!(
            board_move_at(client, "[data-cell=\"1:3,0\"]").await?.0,
            "1b-5"
        );
        // A square off her lines is no move.
        assert_eq!(board_move_at(client, "[data-cell=\"1:1,0\"]").await?.0, "");
        assert_eq!(count_on_board(client, ".target.win").await?, 1);
        board_screenshot(client, "wythoff").await?;

        // Chomp: the poisoned square is no move; 4,2 and 1,3 are the winning bites of 5,4,2; on
        // the pointer, a bite at 2,1 shades the 8 squares it eats.
        show(client, "chomp", "5,4,2").await?;
        assert_eq!(board_move_at(client, ".poison").await?.0, "");
        assert_eq!(
            board_move_at(client, "[data-cell=\"4,2\"]").await?,
            ("4,2".to_string(), "winning".to_string())
        );
        assert_eq!(
            board_move_at(client, "[data-cell=\"1,3\"]").await?.1,
            "winning"
        );
        client
            .execute(
                "document.querySelector('#board [data-cell=\"2,1\"]')\
                 .dispatchEvent(new MouseEvent('mouseenter'))",
                vec![],
            )
            .await?;
        assert_eq!(count_on_board(client, ".doomed").await?, 8);
        client
            .execute(
                "document.querySelector('#board [data-cell=\"2,1\"]')\
                 .dispatchEvent(new MouseEvent('mouseleave'))",
                vec![],
            )
            .await?;
        assert_eq!(count_on_board(client, ".doomed").await?, 0);
        board_screenshot(client, "chomp").await?;
        // Several boards: bites are `i:x,y`.
        show(client, "chomp", "5,4,2 3").await?;
        assert_eq!(
            board_move_at(client, "[data-cell=\"1:2,1\"]").await?,
            ("1:2,1".to_string(), "winning".to_string())
        );
        assert_eq!(
            board_move_at(client, "[data-cell=\"2:3,1\"]").await?.0,
            "2:3,1"
        );

        // Green Hackenbush: each edge is its move, numbered as written; deleting the bottom of
        // a stalk drops the edges above it (shaded on the pointer).
        show(client, "hackenbush", "0-1 1-2 2-2").await?;
        for edge in ["1", "2", "3"] {
            assert_eq!(
                board_move_at(client, &format!("[data-edge=\"{edge}\"]"))
                    .await?
                    .0,
                edge
            );
        }
        client
            .execute(
                "document.querySelector('#board [data-edge=\"1\"]')\
                 .dispatchEvent(new MouseEvent('mouseenter'))",
                vec![],
            )
            .await?;
        assert_eq!(count_on_board(client, ".falls").await?, 2);
        let position = "0-1 1-2 2-0 1-1 0-3 3-4 4-5 4-5 5-5";
        show(client, "hackenbush", position).await?;
        let expected = grundy::resolve("hackenbush")?.moves(position, 400)?;
        let board = check_board(client, server, "hackenbush", true).await?;
        for outcome in &expected.moves {
            assert_eq!(
                board[&outcome.notation].value == "winning",
                outcome.wins == Some(true),
                "{}",
                outcome.notation
            );
        }
        board_screenshot(client, "hackenbush").await?;

        // Staircase Nim: the top coin of stair 4 carried down is `4-1`, winning; the bottom
        // coin of stair 1 carries all three. Stair 4 selected offers "carry 1" … "carry 5".
        show(client, "staircase", "3 0 2 5").await?;
        let tops = client
            .find_all(Locator::Css("#board .stair-coin[data-move=\"4-1\"]"))
            .await?;
        assert_eq!(tops.len(), 1);
        assert_eq!(
            tops[0].attr("data-value").await?.as_deref(),
            Some("winning")
        );
        assert_eq!(
            count_on_board(client, ".stair-coin[data-move=\"1-3\"]").await?,
            1
        );
        assert_eq!(count_on_board(client, "[data-pick=\"stair:2\"]").await?, 0);
        pick(client, "stair:4").await?;
        assert_eq!(count_on_board(client, ".carry").await?, 5);
        assert_eq!(
            board_move_at(client, ".carry[data-move=\"4-1\"]").await?.1,
            "winning"
        );
        board_screenshot(client, "staircase").await?;

        // Every board's moves are the listed moves, each coloured, on random positions.
        for (seed, game) in games.iter().enumerate() {
            let mut random = Seeded(seed as u64 + 307);
            load(client, game).await?;
            for _ in 0..4 {
                let position = random_classic(game, &mut random);
                let canonical = server.post(
                    "/api/moves",
                    &json!({"game": game, "position": position, "limit": 0}),
                );
                assert_eq!(canonical.status, 200, "{game} {position}");
                let canonical = canonical.json()["position"].clone();
                enter(client, "position", &position).await?;
                until(
                    client,
                    &format!(
                        "document.getElementById('position').value === {canonical} && \
                         document.getElementById('board').dataset.drawn === 'true'"
                    ),
                )
                .await?;
                check_board(client, server, game, true).await?;
            }
        }

        // Whole games won by clicking the board.
        client.execute("window.scrollTo(0, 0)", vec![]).await?;
        win_on_the_board(client, server, "wythoff", Start::Typed("2/7 4/4")).await?;
        win_on_the_board(client, server, "chomp", Start::Typed("4,3,1 2")).await?;
        win_on_the_board(client, server, "hackenbush", Start::Typed(position)).await?;
        win_on_the_board(client, server, "staircase", Start::Typed("3 0 2 5")).await?;
        Ok(())
    });
}

/// The winning moves `grundy analyze GAME POSITION --json` lists, sorted.
fn analyzed_winning_moves(game: &str, position: &str) -> TestResult<Vec<String>> {
    let report = cli_json(&["analyze", game, position, "--json"])?;
    let mut moves: Vec<String> = report["winning_moves"]
        .as_array()
        .ok_or("winning moves")?
        .iter()
        .map(|m| m["move"].as_str().unwrap_or_default().to_string())
        .collect();
    moves.sort();
    Ok(moves)
}

/// The moves the board shows as winning, sorted.
fn board_winning_moves(board: &BTreeMap<String, BoardMove>) -> Vec<String> {
    board
        .iter()
        .filter(|(_, found)| found.value == "winning")
        .map(|(notation, _)| notation.clone())
        .collect()
}

/// Dispatches `mouseenter` (`on`) or `mouseleave` to the board element `selector`.
async fn hover(client: &Client, selector: &str, on: bool) -> TestResult {
    let event = if on { "mouseenter" } else { "mouseleave" };
    client
        .execute(
            &format!(
                "document.querySelector({}).dispatchEvent(new MouseEvent('{event}'))",
                json!(format!("#board {selector}"))
            ),
            vec![],
        )
        .await?;
    Ok(())
}

/// Shows `game` at `position` and checks its board: `moves` moves, each as `/api/moves` gives
/// it, the winning ones exactly those `grundy analyze` lists.
async fn board_as_analyzed(
    client: &Client,
    server: &Server,
    game: &str,
    position: &str,
    moves: usize,
) -> TestResult {
    show(client, game, position).await?;
    let board = check_board(client, server, game, true).await?;
    assert_eq!(board.len(), moves, "{game} {position}");
    assert_eq!(
        board_winning_moves(&board),
        analyzed_winning_moves(game, position)?,
        "{game} {position}"
    );
    Ok(())
}

/// The pointer on the board element `selector` shades `count` elements `shaded`; leaving it
/// shades none.
async fn pointer_shades(client: &Client, selector: &str, shaded: &str, count: usize) -> TestResult {
    hover(client, selector, true).await?;
    assert_eq!(count_on_board(client, shaded).await?, count, "{selector}");
    hover(client, selector, false).await?;
    assert_eq!(count_on_board(client, shaded).await?, 0, "{selector}");
    Ok(())
}

/// Starts a game against the computer from the position shown (I move first), plays `notation`
/// by clicking its board element, and waits for the computer's reply and my next turn (or the
/// end). Returns the computer's move.
async fn play_and_reply(client: &Client, notation: &str) -> TestResult<String> {
    client.find(Locator::Id("new-game")).await?.click().await?;
    assert!(my_turn(client).await?);
    click_board_move(client, &[], notation).await?;
    until(client, "page.history.length === 3").await?;
    my_turn(client).await?;
    let reply = js(client, "page.history[2].move").await?;
    Ok(reply.as_str().unwrap_or_default().to_string())
}

/// The boards on a grid (grids.js): Cram's cells with a handle across each domino's two cells,
/// and Node Kayles and Arc Kayles on the grid graph. On small boards each shows exactly the
/// moves of `/api/moves` coloured by their values, its winning moves are those `grundy analyze`
/// prints, a click plays the move and the computer's reply shows on the board (Cram's dominoes,
/// yours and the computer's; the vertices gone), undo takes them back, and whole games are won by
/// clicking. The queens graph, which has no grid board, is played with the move buttons.
#[test]
fn grid_boards_in_headless_chromium() {
    in_chromium("grids", |client, url, server| async move {
        let client = &client;
        let server = &*server;
        client.goto(&url).await?;
        until(
            client,
            "document.querySelectorAll('#gallery button.card').length > 0",
        )
        .await?;

        // The gallery's grid cards set the whole 3x4 grid up on its board.
        for game in ["node-kayles:grid:3x4", "arc-kayles:grid:3x4"] {
            client
                .find(Locator::Css(&format!(
                    "#gallery button.card[data-spelling=\"{game}\"]"
                )))
                .await?
                .click()
                .await?;
            until(
                client,
                &format!(
                    "document.getElementById('game-name').textContent === {} && \
                     document.getElementById('position').value === 'all' && \
                     document.getElementById('board').dataset.drawn === 'true'",
                    json!(game)
                ),
            )
            .await?;
            check_board(client, server, game, true).await?;
        }

        // Cram 2x3: seven dominoes, the three vertical ones winning, as `analyze` says.
        board_as_analyzed(client, server, "cram", "2x3", 7).await?;
        assert_eq!(count_on_board(client, ".cram-handle").await?, 7);
        assert_eq!(count_on_board(client, ".cram-cell").await?, 6);
        // A handle shades its two cells on the pointer.
        pointer_shades(client, ".cram-handle[data-move=\"1,2h\"]", ".covering", 2).await?;
        // A cell, then a neighbour: cell 1,1 selected, cell 2,1 places the winning 1,1v.
        pick(client, "cell:1,1").await?;
        assert_eq!(
            board_move_at(client, ".cram-cell[data-cell=\"2,1\"]").await?,
            ("1,1v".to_string(), "winning".to_string())
        );
        assert_eq!(
            board_move_at(client, ".cram-cell[data-cell=\"1,2\"]").await?,
            ("1,1h".to_string(), "losing".to_string())
        );
        pick(client, "cell:1,1").await?;
        assert_eq!(count_on_board(client, ".cram-cell.target").await?, 0);
        // A drawn board: blocked cells are grey and take no domino.
        show(client, "cram", "..#/...").await?;
        check_board(client, server, "cram", true).await?;
        assert_eq!(count_on_board(client, ".cram-cell.filled").await?, 1);
        assert_eq!(
            board_winning_moves(&explore_board(client).await?),
            analyzed_winning_moves("cram", "..#/...")?
        );

        // A move by clicking, the computer's reply: both dominoes on the board, mine apart.
        show(client, "cram", "2x3").await?;
        let reply = play_and_reply(client, "1,1v").await?;
        let position = shown_position(client).await?;
        assert_eq!(position.matches('#').count(), 4, "{position}");
        let mine = client.find(Locator::Css("#board .domino.by-human")).await?;
        assert_eq!(mine.attr("data-domino").await?.as_deref(), Some("1,1v"));
        let theirs = client
            .find(Locator::Css("#board .domino.by-computer"))
            .await?;
        assert_eq!(theirs.attr("data-domino").await?, Some(reply.clone()));
        assert_eq!(count_on_board(client, ".cram-cell.filled").await?, 4);
        check_board(client, server, "cram", true).await?;
        board_screenshot(client, "cram").await?;
        // Undo goes back to my turn at the start: no domino left on the board.
        client.find(Locator::Id("undo")).await?.click().await?;
        until(client, "page.index === 0").await?;
        assert_eq!(count_on_board(client, ".domino").await?, 0);
        client.find(Locator::Id("stop-game")).await?.click().await?;

        // Node Kayles on the 2x3 grid: vertices 2 and 5 win, as `analyze` says; vertex 2 takes
        // 1, 3 and 5 with it (shaded on the pointer).
        let node = "node-kayles:grid:2x3";
        board_as_analyzed(client, server, node, "all", 6).await?;
        pointer_shades(
            client,
            ".kg-vertex[data-vertex=\"2\"]",
            ".kg-vertex.taken",
            3,
        )
        .await?;
        assert_eq!(count_on_board(client, ".taken").await?, 0);
        board_screenshot(client, "node-kayles").await?;
        // Vertex 2 by clicking, then the computer's reply: the vertices gone are small dots.
        play_and_reply(client, "2").await?;
        let position = shown_position(client).await?;
        let gone = position.split_whitespace().skip(1).count();
        assert!(gone >= 5, "{position}");
        assert_eq!(count_on_board(client, ".kg-vertex.gone").await?, gone);
        client.find(Locator::Id("stop-game")).await?.click().await?;

        // Arc Kayles on the 2x3 grid: seven edges, the three vertical ones winning.
        let arc = "arc-kayles:grid:2x3";
        board_as_analyzed(client, server, arc, "all", 7).await?;
        // Edges 1-4, 2-3 and 2-5 go with 1-2.
        pointer_shades(client, ".kg-edge[data-move=\"1-2\"]", ".kg-edge.taken", 3).await?;
        show(client, arc, "all -2").await?;
        check_board(client, server, arc, true).await?;
        board_screenshot(client, "arc-kayles").await?;

        // The queens graph has no grid board: its moves are buttons.
        load(client, "node-kayles:queens:4").await?;
        until(
            client,
            "document.getElementById('board').dataset.drawn === 'false' && \
             document.querySelectorAll('#moves button.move').length > 0",
        )
        .await?;
        assert!(text_of(client, "board-hint").await?.contains("no board"));

        // Whole games won by clicking the board.
        client.execute("window.scrollTo(0, 0)", vec![]).await?;
        win_on_the_board(client, server, "cram", Start::Typed("2x3")).await?;
        win_on_the_board(client, server, "cram", Start::Typed("3x4")).await?;
        win_on_the_board(client, server, node, Start::Typed("all")).await?;
        win_on_the_board(client, server, arc, Start::Typed("all")).await?;
        Ok(())
    });
}
