// The grundy page: pick a game, analyse a position, play the perfect opponent, chart G(n).
// Plain JavaScript, no build step: the server embeds this file as it is.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// What the page holds.
const page = {
  game: null, // the description from /api/game
  history: [], // positions reached: {position, move, mover, data}
  index: -1, // the position shown
  play: null, // null when analysing; {first: "human" | "computer"} when playing
  controller: null, // the AbortController of the request running, if any
  board: {}, // what is selected on the board (see drawBoard)
  boardOf: null, // the history entry the board selection belongs to
  remotenessController: null, // the AbortController of the remoteness request running, if any
};

// The play convention chosen: "normal" or "misere".
const convention = () => document.querySelector("input[name=play]:checked").value;

// The compound chosen: "disjunctive" (the sum) or one of the other four.
const compound = () => $("compound").value;

// What every request about a position says besides it: the game, the play convention and the
// compound (left out for the sum, the API's default).
function playing(extra) {
  const body = { game: page.game.spelling, play: convention(), ...extra };
  if (compound() !== "disjunctive") {
    body.compound = compound();
  }
  return body;
}

// One API call; throws an Error with the server's message when it answers an error.
async function api(path, body, signal) {
  const init = body === undefined
    ? { signal }
    : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    };
  const response = await fetch(path, init);
  let data;
  try {
    data = await response.json();
  } catch {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    throw new Error(data.error || `the server answered ${response.status}`);
  }
  return data;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = false;
}

function hideError() {
  $("error").hidden = true;
  $("error").textContent = "";
}

function setBusy(busy) {
  document.body.dataset.busy = busy ? "true" : "false";
}

// Runs `task(signal)`, one at a time: a new task cancels the one running. After a quarter of a
// second the progress box shows the time taken and a Cancel button. Returns the task's result,
// or undefined when it failed (the error is shown) or was cancelled.
async function withBusy(label, task) {
  if (page.controller) {
    page.controller.abort();
  }
  const controller = new AbortController();
  page.controller = controller;
  hideError();
  setBusy(true);
  const started = performance.now();
  const tick = () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    $("busy-text").textContent = `${label}… ${seconds} s`;
    $("busy").hidden = false;
  };
  const timer = setInterval(tick, 250);
  try {
    return await task(controller.signal);
  } catch (error) {
    if (page.controller === controller) {
      showError(error.name === "AbortError" ? "Cancelled." : error.message);
    }
    return undefined;
  } finally {
    clearInterval(timer);
    if (page.controller === controller) {
      page.controller = null;
      $("busy").hidden = true;
      setBusy(false);
    }
  }
}

function cancel() {
  if (page.controller) {
    page.controller.abort();
  }
}

// The moves and the analysis of one position.
async function fetchPosition(position, signal) {
  const play = convention();
  const kind = compound();
  const [moves, analysis] = await Promise.all([
    api("/api/moves", playing({ position, limit: 400 }), signal),
    api("/api/analyze", playing({ position, limit: 0 }), signal),
  ]);
  return { position: moves.position, moves, analysis, play, compound: kind };
}

// ---- remoteness: "wins in N" / "loses in N" on each move ------------------------------------
//
// Asked for after a position is shown, without the busy box: where the server refuses (misère
// play, a sum too large for its search, a compound decided by outcomes, a game without
// components) the moves simply carry no label. `entry.remoteness` is {state, report}: state
// "pending", "shown" or "none".

// The label of a move whose result has the measure `value`: an even result is lost for the
// player who faces it, so the mover wins (the command line's `analyze --remoteness` words).
function remotenessLabel(value) {
  return value % 2 === 0 ? `wins in ${value + 1}` : `loses in ${value + 1}`;
}

function fetchRemoteness(entry) {
  if (page.remotenessController) {
    page.remotenessController.abort();
    page.remotenessController = null;
  }
  if (entry.data.play !== "normal") {
    entry.remoteness = { state: "none", report: null };
    return;
  }
  entry.remoteness = { state: "pending", report: null };
  const controller = new AbortController();
  page.remotenessController = controller;
  const body = { game: page.game.spelling, position: entry.position, limit: 400 };
  if (entry.data.compound !== "disjunctive") {
    body.compound = entry.data.compound;
  }
  api("/api/remoteness", body, controller.signal)
    .then((report) => {
      entry.remoteness = { state: "shown", report };
    })
    .catch(() => {
      // Refused or cancelled: no labels (asked again when the position is shown again).
      entry.remoteness = controller.signal.aborted ? undefined : { state: "none", report: null };
    })
    .finally(() => {
      if (page.remotenessController === controller) {
        page.remotenessController = null;
      }
      if (current() === entry) {
        drawRemoteness(entry);
      }
    });
}

// Puts the labels of `entry`'s remoteness on its move buttons and says its own R.
function drawRemoteness(entry) {
  const list = $("moves");
  const box = $("remoteness");
  const state = entry.remoteness?.state ?? "none";
  list.dataset.remoteness = state;
  for (const old of list.querySelectorAll(".remoteness")) {
    old.remove();
  }
  for (const button of list.querySelectorAll("button.move")) {
    delete button.dataset.remoteness;
  }
  const report = entry.remoteness?.report;
  if (state !== "shown" || !report) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  const values = new Map(report.moves.map((move) => [move.move, move.value]));
  for (const button of list.querySelectorAll("button.move")) {
    const value = values.get(button.dataset.move);
    if (value !== undefined) {
      const text = remotenessLabel(value);
      button.dataset.remoteness = text;
      button.append(element("span", "remoteness", text));
    }
  }
  const odd = report.value % 2 === 1;
  const lasts = report.measure === "max S"
    ? "the winner stalling, the loser hurrying"
    : "the winner hurrying, the loser stalling";
  box.textContent = `${report.measure} = ${report.value} (${odd ? "odd" : "even"}: the ` +
    `player to move ${odd ? "wins" : "loses"} in ${report.value} moves, ${lasts}). Each move ` +
    `says how it ends with both playing so: the mover "wins in N" or "loses in N" moves.`;
  box.dataset.measure = report.measure;
  box.dataset.value = String(report.value);
  box.hidden = false;
}

const current = () => page.history[page.index];

function push(entry) {
  page.history.splice(page.index + 1);
  page.history.push(entry);
  page.index = page.history.length - 1;
}

// ---- the game -------------------------------------------------------------------------------

async function loadGames() {
  try {
    const games = await api("/api/games");
    const list = $("game-list");
    for (const game of [...games.fixed, ...games.families, ...(games.graphs ?? [])]) {
      const option = document.createElement("option");
      option.value = game.spelling;
      option.label = game.rules;
      list.append(option);
    }
    drawGallery(games.gallery);
  } catch (error) {
    showError(error.message);
  }
}

// The gallery: one card per game the server offers, and one to type any spelling.
function drawGallery(cards) {
  const gallery = $("gallery");
  gallery.replaceChildren();
  for (const card of cards) {
    const button = element("button", "card");
    button.type = "button";
    button.dataset.spelling = card.spelling;
    button.append(element("span", "card-title", card.title),
      element("span", "card-story", card.story));
    if (card.example) {
      button.append(element("span", "card-example", card.example));
    }
    button.addEventListener("click", () => loadGame(card.spelling, card.example ?? undefined));
    const item = element("li");
    item.append(button);
    gallery.append(item);
  }
  const other = element("button", "card other");
  other.type = "button";
  other.dataset.spelling = "";
  other.append(element("span", "card-title", "Type any spelling"),
    element("span", "card-story",
      "a take-and-break code (0.07, 4.07, 0.f), sub:1,3,4, allbut:1,2, grundys-game …"));
  other.addEventListener("click", () => {
    $("game").focus();
    $("game").select();
  });
  const item = element("li");
  item.append(other);
  gallery.append(item);
}

async function loadGame(spelling, position) {
  const game = await withBusy("Loading the game", (signal) =>
    api(`/api/game?name=${encodeURIComponent(spelling)}`, undefined, signal));
  if (!game) {
    return;
  }
  page.game = game;
  page.board = {};
  // With a game on the page, the gallery shrinks to its titles and samples.
  document.body.dataset.game = "loaded";
  page.play = null;
  page.history = [];
  page.index = -1;
  $("game").value = spelling;
  $("game-name").textContent = game.name;
  $("game-rules").textContent = game.rules;
  $("game-position").textContent = game.position;
  $("game-moves").textContent = game.moves;
  $("game-info").hidden = false;
  $("position").disabled = false;
  $("analyse").disabled = false;
  $("play-controls").disabled = false;
  $("result").hidden = true;
  $("chart-section").hidden = !game.heap;
  $("chart").replaceChildren();
  $("chart-note").textContent = "";
  $("chart-values").textContent = "";
  const start = position ?? game.example ?? "";
  $("position").value = start;
  if (start !== "") {
    await analyse(start);
  }
  if (game.heap) {
    await drawChart(Number($("chart-n").value));
  }
}

// Analyses a typed position: a fresh history, not playing.
async function analyse(position) {
  const data = await withBusy("Analysing", (signal) => fetchPosition(position, signal));
  if (!data) {
    return;
  }
  page.play = null;
  page.history = [{ position: data.position, move: null, mover: null, data }];
  page.index = 0;
  render();
}

// A compound position (`1 1 | 3`, `-` for an ended component) as the sum of its components
// (`1 1 3`): the same components, played as the game itself.
function asSum(position) {
  if (!position.includes("|")) {
    return position;
  }
  return position.split(/\s+/).filter((word) => word !== "|" && word !== "-" && word !== "")
    .join(" ");
}

// ---- playing --------------------------------------------------------------------------------

function nextMover(mover) {
  if (mover === null) {
    return null;
  }
  return mover === "human" ? "computer" : "human";
}

async function playMove(to, notation) {
  const from = current();
  const data = await withBusy("Analysing", (signal) => fetchPosition(to, signal));
  if (!data) {
    return;
  }
  push({ position: data.position, move: notation, mover: nextMover(from.mover), data });
  render();
  await computerTurn();
}

async function computerTurn() {
  const entry = current();
  if (!page.play || entry.mover !== "computer" || entry.data.moves.moves.length === 0) {
    return;
  }
  const reply = await withBusy("The computer is thinking", async (signal) => {
    const answer = await api("/api/computer-move", playing({ position: entry.position }), signal);
    if (!answer.move) {
      return null;
    }
    const data = await fetchPosition(answer.move.to, signal);
    return { move: answer.move.move, data };
  });
  if (reply) {
    push({ position: reply.data.position, move: reply.move, mover: "human", data: reply.data });
  }
  render();
}

async function newGame() {
  const first = document.querySelector("input[name=first]:checked").value;
  const data = await withBusy("Analysing", (signal) =>
    fetchPosition($("position").value, signal));
  if (!data) {
    return;
  }
  page.play = { first };
  page.history = [{ position: data.position, move: null, mover: first, data }];
  page.index = 0;
  render();
  await computerTurn();
}

function stopGame() {
  page.play = null;
  render();
}

// Where undo and redo go: in a game, to the player's own turns (or the game's end).
function stepTarget(direction) {
  for (let i = page.index + direction; i >= 0 && i < page.history.length; i += direction) {
    const last = i === page.history.length - 1;
    if (!page.play || page.history[i].mover === "human" || (direction > 0 && last)) {
      return i;
    }
  }
  return -1;
}

function step(direction) {
  const target = stepTarget(direction);
  if (target >= 0) {
    cancel();
    page.index = target;
    render();
  }
}

// ---- drawing --------------------------------------------------------------------------------

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

function valueClass(wins) {
  if (wins === true) {
    return "win";
  }
  return wins === false ? "lose" : "unknown";
}

function render() {
  const entry = current();
  if (!entry) {
    return;
  }
  const { moves, analysis } = entry.data;
  const toMoveWins = moves.winner === "first";
  const finished = moves.moves.length === 0;
  const playing = page.play !== null;
  $("result").hidden = false;
  $("position").value = entry.position;
  $("stop-game").hidden = !playing;
  // After a cancelled computer turn, the computer moves when asked.
  $("computer-go").hidden = !(playing && entry.mover === "computer" && !finished);
  $("result-title").textContent = playing ? "Game against the computer" : "Analysis";

  let status;
  if (playing && finished) {
    status = entry.mover === "human"
      ? "You lose: you have no move left, the computer wins."
      : "You win: the computer has no move left.";
  } else if (playing && entry.mover === "human") {
    status = toMoveWins
      ? "Your move. You can win from here."
      : "Your move. With perfect play the computer wins from here.";
  } else if (playing) {
    status = "The computer's move.";
  } else if (finished) {
    status = "No move left: the player to move loses.";
  } else {
    status = toMoveWins ? "The player to move wins." : "The player to move loses.";
  }
  const statusBox = $("status");
  statusBox.textContent = status;
  statusBox.className = `status ${toMoveWins ? "win" : "lose"}`;
  statusBox.dataset.over = finished ? "true" : "false";

  const listed = moves.moves.length;
  let count;
  if (moves.unlisted === 0) {
    count = `${listed} legal moves`;
  } else if (moves.unlisted === null) {
    count = `more than ${listed} legal moves (${listed} listed, the rest not counted)`;
  } else {
    count = `${listed + moves.unlisted} legal moves (${moves.unlisted} not listed)`;
  }
  const rule = entry.data.play === "misere" ? "Misère play" : "Normal play";
  if (analysis.compound) {
    $("summary").textContent = `${rule}, the ${analysis.compound} compound. ` +
      `${analysis.winning_move_count} winning of ${count}.`;
  } else {
    const grundy = analysis.grundy === null ? "not given by the theory" : analysis.grundy;
    $("summary").textContent =
      `${rule}. Grundy value ${grundy}; ${analysis.winning_move_count} winning of ${count}.`;
  }
  drawDeciding(analysis);

  const myTurn = !playing || entry.mover === "human";
  const list = $("moves");
  list.replaceChildren();
  for (const move of moves.moves) {
    const button = element("button", `move ${valueClass(move.wins)}`);
    button.type = "button";
    button.disabled = !myTurn;
    button.dataset.move = move.move;
    button.dataset.to = move.to;
    const verdict = move.wins === true ? "winning" : move.wins === false ? "losing" : "unknown";
    button.dataset.value = verdict;
    button.setAttribute("aria-label", `${verdict} move ${move.move}, to ${move.to}`);
    button.append(element("span", "notation", move.move), element("span", "to", `→ ${move.to}`));
    button.addEventListener("click", () => playMove(move.to, move.move));
    const item = element("li");
    item.append(button);
    list.append(item);
  }
  $("more-moves").hidden = !moves.more && moves.unlisted_winning === 0;
  $("more-moves").textContent = moreMovesText(moves);
  if (finished) {
    list.append(element("li", "hint", "No legal move."));
  }
  if (entry.remoteness === undefined) {
    fetchRemoteness(entry);
  }
  drawRemoteness(entry);

  if (page.boardOf !== entry) {
    page.board = {};
    page.boardOf = entry;
  }
  drawBoard();

  $("undo").disabled = stepTarget(-1) < 0;
  $("redo").disabled = stepTarget(1) < 0;
  renderHistory();
  const url = new URL(window.location.href);
  url.searchParams.set("game", page.game.spelling);
  url.searchParams.set("position", entry.position);
  if (entry.data.compound === "disjunctive") {
    url.searchParams.delete("compound");
  } else {
    url.searchParams.set("compound", entry.data.compound);
  }
  window.history.replaceState(null, "", url);
}

// A compound's report: its rule, the number that decides it, and its components.
function drawDeciding(analysis) {
  const box = $("deciding");
  const deciding = analysis.deciding;
  if (!deciding) {
    box.hidden = true;
    return;
  }
  $("deciding-rule").textContent = `The ${analysis.compound} compound: ${analysis.rules}.`;
  const wins = analysis.winner === "first";
  const n = deciding.components.length;
  let text;
  if (deciding.measure === "lost components") {
    text = `${deciding.value} of ${n} components lost: the player to move ` +
      `${wins ? "wins" : "loses"}.`;
    if (!wins && deciding.components.some((c) => c.ended) && analysis.compound === "shortened") {
      text = "A component has ended: the game is over, the player to move loses.";
    }
  } else {
    text = `${deciding.measure} = ${deciding.value} (${deciding.value % 2 === 1 ? "odd" : "even"}: ` +
      `the player to move ${wins ? "wins" : "loses"}).`;
  }
  const value = $("deciding-value");
  value.textContent = `Deciding: ${text}`;
  value.dataset.measure = deciding.measure;
  value.dataset.value = String(deciding.value);
  const list = $("components");
  list.replaceChildren();
  for (const component of deciding.components) {
    const parts = [];
    if (component.remoteness !== undefined) {
      parts.push(`R = ${component.remoteness}`);
    }
    if (component.suspense !== undefined) {
      parts.push(`S = ${component.suspense}`);
    }
    parts.push(component.ended ? "ended" : component.lost ? "lost alone" : "won alone");
    const item = element("li", component.lost ? "lose" : "win",
      `${component.position === "" ? "-" : component.position}: ${parts.join(", ")}`);
    list.append(item);
  }
  box.hidden = false;
}

// The number the history strip shows for a position: its Grundy value, or for a compound the
// number that decides it; null when not known.
function shownValue(analysis) {
  if (analysis.deciding) {
    return { value: analysis.deciding.value, name: analysis.deciding.measure };
  }
  return { value: analysis.grundy, name: "Grundy value" };
}

// What the list leaves out, said plainly.
function moreMovesText(moves) {
  const parts = [];
  if (moves.unlisted_winning > 0) {
    parts.push(`${moves.unlisted_winning} winning moves are not listed (more than the analysis lists)`);
  }
  if (moves.more) {
    parts.push(moves.unlisted === null
      ? "more legal moves exist than are listed (not counted)"
      : `${moves.unlisted} legal moves are not listed`);
    parts.push("every winning move the analysis lists is shown");
  }
  return parts.length === 0 ? "" : `${parts.join("; ")}.`;
}

function renderHistory() {
  const strip = $("history");
  strip.replaceChildren();
  page.history.forEach((entry, i) => {
    const wins = entry.data.moves.winner === "first";
    const { value, name } = shownValue(entry.data.analysis);
    const button = element("button", `ply ${wins ? "win" : "lose"}${i === page.index ? " current" : ""}`);
    button.type = "button";
    button.append(element("span", "", value === null ? "?" : String(value)));
    button.append(element("small", "", entry.move ?? "start"));
    const who = entry.mover === null ? "" : `, ${entry.mover} to move`;
    button.setAttribute("aria-label",
      `position ${i}: ${entry.position}, ${name} ${value ?? "unknown"}, ` +
      `the player to move ${wins ? "wins" : "loses"}${who}`);
    button.title = entry.position;
    if (i === page.index) {
      button.setAttribute("aria-current", "step");
    }
    const allowed = !page.play || entry.mover === "human" || i === page.history.length - 1;
    button.disabled = !allowed;
    button.addEventListener("click", () => {
      cancel();
      page.index = i;
      render();
    });
    const item = element("li");
    item.append(button);
    strip.append(item);
  });
}

function svgNode(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, String(value));
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

async function drawChart(n) {
  if (!Number.isInteger(n) || n < 1) {
    showError("G(n): n must be a whole number of at least 1");
    return;
  }
  const game = page.game.spelling;
  const table = await withBusy("Computing G(n)", (signal) =>
    api("/api/table", { game, up_to: n }, signal));
  if (!table) {
    return;
  }
  const values = table.values;
  const top = Math.max(1, ...values);
  const bar = values.length <= 130 ? 7 : values.length <= 600 ? 3 : 1;
  const left = 34;
  const height = 180;
  const base = 200;
  const width = left + values.length * bar + 20;
  const x = (i) => left + i * bar;
  const y = (v) => base - (v / top) * height;
  const svg = svgNode("svg", {
    viewBox: `0 0 ${width} 230`,
    width,
    height: 230,
    role: "img",
    "aria-labelledby": "chart-svg-title",
  });
  svg.append(svgNode("title", { id: "chart-svg-title" },
    `G(n) of ${table.game} for n = 0 to ${table.up_to}`));
  const period = table.period;
  if (period) {
    const preWidth = Math.min(period.preperiod, values.length) * bar;
    const periodWidth = Math.max(0, Math.min(period.period, values.length - period.preperiod)) * bar;
    if (preWidth > 0) {
      svg.append(svgNode("rect", {
        class: "band-pre", x: x(0), y: base - height - 12, width: preWidth, height: height + 12,
      }));
    }
    if (periodWidth > 0) {
      svg.append(svgNode("rect", {
        class: "band-period", x: x(period.preperiod), y: base - height - 12, width: periodWidth,
        height: height + 12,
      }));
      svg.append(svgNode("text", { x: x(period.preperiod) + 2, y: base - height - 2 },
        `period ${period.period}`));
    }
  }
  let pre = "";
  let rest = "";
  values.forEach((v, i) => {
    const segment = `M${x(i) + bar / 2},${base}V${y(v)}`;
    if (period && i < period.preperiod) {
      pre += segment;
    } else {
      rest += segment;
    }
  });
  const barWidth = Math.max(1, bar - 1);
  if (pre) {
    svg.append(svgNode("path", { class: "bar pre", d: pre, stroke: "#9a9a9a", "stroke-width": barWidth }));
  }
  svg.append(svgNode("path", { class: "bar", d: rest, stroke: "#3d6ea8", "stroke-width": barWidth }));
  svg.append(svgNode("line", { class: "axis", x1: left, y1: base, x2: width - 10, y2: base }));
  svg.append(svgNode("line", { class: "axis", x1: left, y1: base, x2: left, y2: base - height }));
  const yStep = Math.max(1, Math.ceil(top / 6));
  for (let v = 0; v <= top; v += yStep) {
    svg.append(svgNode("text", { x: 4, y: y(v) + 4 }, String(v)));
  }
  const xStep = Math.max(1, Math.ceil(40 / bar / 10) * 10);
  for (let i = 0; i < values.length; i += xStep) {
    svg.append(svgNode("text", { x: x(i), y: base + 16 }, String(i)));
  }
  svg.append(svgNode("text", { x: width / 2, y: 228 }, "n"));
  $("chart").replaceChildren(svg);
  $("chart-values").textContent = `G(0..${table.up_to}) = ${values.join(" ")}`;
  const report = table.report;
  if (period) {
    $("chart-note").textContent =
      `Pre-period ${period.preperiod} (grey bars), then period ${period.period} (shaded): ` +
      `G(n + ${period.period}) = G(n) for every n ≥ ${period.preperiod}, proved by the ` +
      `${report.proved} from G(0..${report.proved_at}).`;
  } else if (report.no_theorem) {
    $("chart-note").textContent = `No period: ${report.no_theorem}.`;
  } else {
    $("chart-note").textContent =
      `No period proved from G(0..${report.computed_to}) (${report.stopped}).`;
  }
}

// ---- the board ------------------------------------------------------------------------------
//
// Every game is drawn in SVG. The moves that can be made on the board are exactly the listed
// moves of /api/moves: each drawing works out which listed move a click on it makes (by the
// move's own notation), marks it with that move's colour, and plays it as its button does. A
// listed move that the drawing has no place for (a three-way split, a pile too tall to draw
// stone by stone) is a chip under the drawing, so nothing listed is out of reach.
//
// `page.board` holds what is selected (a heap, a pile to merge, bars of the box …); elements
// that change it carry `data-pick`; elements that play a move carry `data-move`.

const MAX_PARTS = 40; // the most heaps, piles, bars, bottles or boxes drawn
const MAX_UNITS = 30; // the most tokens, stones or cells drawn one by one in a part
const UNIT = 24; // the width of one token, stone or cell

function clearBoardSelection() {
  if (Object.keys(page.board).length > 0) {
    page.board = {};
    drawBoard();
  }
}

// Numbers of a position as JavaScript numbers, or null for one too large to draw one by one.
function small(text) {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

function numbers(text) {
  return text.trim() === "" ? [] : text.trim().split(/\s+/);
}

// A drawing under construction: its SVG, the listed moves by notation, and those placed so far.
class Drawing {
  constructor(moves, enabled) {
    this.byNotation = new Map(moves.map((move) => [move.move, move]));
    this.placed = new Set();
    this.enabled = enabled;
    this.svg = svgNode("svg", { class: "board-svg", role: "group" });
    this.width = 0;
    this.height = 0;
  }

  grow(x, y) {
    this.width = Math.max(this.width, x);
    this.height = Math.max(this.height, y);
  }

  add(node) {
    this.svg.append(node);
    return node;
  }

  // The listed move with this notation, or undefined.
  move(notation) {
    return this.byNotation.get(notation);
  }

  // Makes `node` play `notation` when it is a listed move; returns whether it is.
  target(node, notation, label) {
    const move = this.move(notation);
    if (!move) {
      return false;
    }
    this.placed.add(notation);
    const verdict = move.wins === true ? "winning" : move.wins === false ? "losing" : "unknown";
    node.classList.add("target", valueClass(move.wins));
    node.dataset.move = move.move;
    node.dataset.value = verdict;
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `${verdict} move ${move.move}: ${label}, to ${move.to}`);
    node.append(svgNode("title", {}, `${move.move}: ${label} (${verdict}) → ${move.to}`));
    if (this.enabled) {
      node.setAttribute("tabindex", "0");
      activate(node, () => playMove(move.to, move.move));
    } else {
      node.classList.add("off");
      node.setAttribute("aria-disabled", "true");
    }
    return true;
  }

  // Counts a listed move as reachable through a selection (made once the selection is made).
  reachable(notation) {
    if (this.byNotation.has(notation)) {
      this.placed.add(notation);
    }
  }

  // Makes `node` change the selection (`change` gets page.board and edits it).
  pick(node, id, label, selected, change) {
    node.classList.add("pick");
    if (selected) {
      node.classList.add("selected");
    }
    node.dataset.pick = id;
    node.setAttribute("role", "button");
    node.setAttribute("aria-pressed", selected ? "true" : "false");
    node.setAttribute("aria-label", label);
    node.append(svgNode("title", {}, label));
    if (this.enabled) {
      node.setAttribute("tabindex", "0");
      activate(node, () => {
        change(page.board);
        drawBoard();
        const again = document.querySelector(`#board [data-pick="${CSS.escape(id)}"]`);
        if (again) {
          again.focus();
        }
      });
    }
  }

  // The listed moves the drawing has no place for, as chips below it.
  chips(top) {
    const rest = [...this.byNotation.values()].filter((move) => !this.placed.has(move.move));
    if (rest.length === 0) {
      return;
    }
    let x = 4;
    let y = top + 18;
    this.add(svgNode("text", { x: 4, y: top + 10, class: "board-note" }, "Other moves:"));
    for (const move of rest) {
      const width = 16 + 8 * move.move.length;
      if (x + width > 640 && x > 4) {
        x = 4;
        y += 30;
      }
      const chip = svgNode("g", { class: "chip" });
      chip.append(svgNode("rect", { class: "shape", x, y, width, height: 24, rx: 5 }));
      chip.append(svgNode("text", { x: x + 8, y: y + 16, class: "chip-text" }, move.move));
      this.target(chip, move.move, "a move");
      this.add(chip);
      this.grow(x + width + 4, y + 28);
      x += width + 6;
    }
  }

  finish() {
    this.svg.setAttribute("viewBox", `0 0 ${this.width} ${this.height}`);
    // Drawn a quarter larger than its units; on a narrow screen it shrinks to fit (CSS).
    this.svg.setAttribute("width", Math.round(this.width * 1.25));
    this.svg.setAttribute("height", Math.round(this.height * 1.25));
    return this.svg;
  }
}

// Click, Enter and Space run `action`.
function activate(node, action) {
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    action();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}

function rect(x, y, width, height, className, extra = {}) {
  return svgNode("rect", { x, y, width, height, class: className, ...extra });
}

function label(x, y, text, className = "board-label") {
  return svgNode("text", { x, y, class: className }, text);
}

// ---- heap games: rows of tokens -------------------------------------------------------------
//
// Moves `h-k` (take k from heap h, leave one heap or none) and `h-k=a+b` (and split the rest in
// two). A heap whose moves never split is played directly: a click on a token takes it and every
// token to its right. Otherwise the heap is selected first; then "take k" chooses how many, and a
// click on a token takes the k tokens starting there, splitting the row around them (a click
// between two tokens splits without taking, when the rule allows it). Three-way splits are chips.

function heapMoves(moves, heap) {
  const prefix = `${heap}-`;
  return moves.filter((move) => move.move.startsWith(prefix));
}

function takeCount(notation) {
  return Number(notation.split("-")[1].split("=")[0]);
}

function heapNotation(heap, take, parts) {
  const left = parts.filter((p) => p > 0).sort((a, b) => a - b);
  return left.length <= 1 ? `${heap}-${take}` : `${heap}-${take}=${left.join("+")}`;
}

function drawHeaps(d, position, moves) {
  const heaps = numbers(position);
  const row = 34;
  const left = 64;
  const state = page.board;
  heaps.forEach((text, i) => {
    const heap = i + 1;
    const y = 8 + i * row;
    const n = small(text);
    const own = heapMoves(moves, heap);
    const splits = own.some((move) => move.move.includes("="));
    const selected = state.heap === heap;
    const group = svgNode("g", { class: "heap" });
    const across = n === null ? 12 * MAX_UNITS : Math.min(n, MAX_UNITS) * UNIT;
    group.append(rect(2, y - 2, left + across, row - 4, "shape"),
      label(8, y + 18, `${heap}: ${text}`));
    d.add(group);
    if (n === null || n > MAX_UNITS) {
      d.add(rect(left, y + 4, 12 * MAX_UNITS, row - 14, "bar"));
      d.add(label(left + 8, y + 19, `${text} tokens`, "bar-label"));
      d.grow(left + 12 * MAX_UNITS + 8, y + row);
      return;
    }
    if (splits) {
      for (const move of own) {
        if (move.move.split("+").length <= 2) {
          d.reachable(move.move);
        }
      }
      d.pick(group, `heap:${heap}`, `select heap ${heap} of ${n}`, selected, (board) => {
        if (board.heap === heap) {
          delete board.heap;
        } else {
          board.heap = heap;
        }
        delete board.take;
      });
    }
    const takes = [...new Set(own.map((move) => takeCount(move.move)))].sort((a, b) => a - b);
    const take = selected ? (state.take ?? takes.find((k) => k > 0) ?? takes[0]) : null;
    for (let j = 0; j < n; j += 1) {
      const x = left + j * UNIT + UNIT / 2;
      const token = svgNode("g", { class: "token" });
      token.append(svgNode("circle", { class: "shape", cx: x, cy: y + 13, r: 9 }));
      d.add(token);
      if (!splits) {
        d.target(token, heapNotation(heap, n - j, [j]), `take tokens ${j + 1} to ${n}`);
      } else if (selected && take > 0 && j + take <= n) {
        d.target(token, heapNotation(heap, take, [j, n - take - j]),
          `take tokens ${j + 1} to ${j + take}`);
      }
      if (selected && take === 0 && j > 0) {
        const gap = svgNode("g", { class: "gap" });
        gap.append(rect(x - UNIT / 2 - 3, y, 6, 26, "shape"));
        d.target(gap, heapNotation(heap, 0, [j, n - j]), `split after token ${j}`);
        d.add(gap);
      }
    }
    let x = left + n * UNIT + 12;
    if (selected && takes.length > 1) {
      for (const k of takes) {
        const chip = svgNode("g", { class: "take" });
        chip.append(rect(x, y + 1, 58, 24, "shape", { rx: 5 }));
        chip.append(label(x + 7, y + 18, k === 0 ? "split" : `take ${k}`, "chip-text"));
        d.pick(chip, `take:${k}`, k === 0 ? "split without taking" : `take ${k}`, k === take,
          (board) => {
            board.take = k;
          });
        d.add(chip);
        x += 62;
      }
    }
    d.grow(x + 4, y + row);
  });
  const hint = heaps.some((_, i) => heapMoves(moves, i + 1).some((m) => m.move.includes("=")))
    ? "Select a heap, choose how many to take, then click the first token to take: the row " +
      "splits around them."
    : "Click a token: it and every token to its right are taken.";
  return { hint, bottom: 12 + heaps.length * row };
}

// ---- end-piles: a row of piles taken from either end ----------------------------------------

function stack(d, x, bottom, count, className) {
  const stones = [];
  for (let i = 0; i < count; i += 1) {
    const stone = svgNode("g", { class: className });
    stone.append(rect(x, bottom - (i + 1) * 16, 22, 14, "shape", { rx: 3 }));
    d.add(stone);
    stones.push(stone);
  }
  return stones;
}

function pileHeight(piles) {
  const tallest = Math.max(1, ...piles.map((p) => Math.min(small(p) ?? MAX_UNITS + 1, MAX_UNITS + 1)));
  return 16 * tallest + 24;
}

function tallPile(d, x, bottom, text) {
  d.add(rect(x, bottom - 16 * MAX_UNITS, 22, 16 * MAX_UNITS, "bar"));
  d.add(label(x + 2, bottom - 16 * MAX_UNITS - 4, text, "bar-label small"));
}

function drawEndPiles(d, position) {
  const piles = numbers(position);
  const bottom = pileHeight(piles);
  piles.forEach((text, i) => {
    const x = 8 + i * 30;
    const n = small(text);
    d.add(label(x + 4, bottom + 16, String(i + 1), "board-label small"));
    if (n === null || n > MAX_UNITS) {
      tallPile(d, x, bottom, text);
      return;
    }
    const stones = stack(d, x, bottom, n, "stone");
    const end = i === 0 ? "L" : i === piles.length - 1 ? "R" : null;
    if (end) {
      stones.forEach((stone, level) => {
        d.target(stone, `${end}${level}`,
          `leave ${level} in the ${end === "L" ? "leftmost" : "rightmost"} pile`);
      });
    }
  });
  d.grow(16 + piles.length * 30, bottom + 22);
  return {
    hint: "Click a stone of the leftmost or the rightmost pile: it and the stones above it are " +
      "taken.",
    bottom: bottom + 24,
  };
}

// ---- take-or-merge: take one, or pick two piles to merge ------------------------------------

function drawTakeOrMerge(d, position) {
  const piles = numbers(position);
  const bottom = pileHeight(piles);
  const chosen = page.board.pile;
  piles.forEach((text, i) => {
    const x = 8 + i * 34;
    const n = small(text);
    if (n === null || n > MAX_UNITS) {
      tallPile(d, x, bottom, text);
    } else {
      const stones = stack(d, x, bottom, n, "stone");
      const top = stones[stones.length - 1];
      d.target(top, `-${text}`, `take a stone from a pile of ${text}`);
    }
    piles.forEach((other, j) => {
      if (j !== i) {
        d.reachable(`${other}+${text}`);
      }
    });
    const plate = svgNode("g", { class: "plate" });
    plate.append(rect(x - 3, bottom + 2, 28, 18, "shape", { rx: 3 }));
    plate.append(label(x + 2, bottom + 15, text, "plate-text"));
    if (chosen === undefined || chosen === i) {
      d.pick(plate, `pile:${i}`, `select the pile of ${text} to merge`, chosen === i, (board) => {
        if (board.pile === i) {
          delete board.pile;
        } else {
          board.pile = i;
        }
      });
    } else {
      const [low, high] = BigInt(piles[chosen]) > BigInt(text)
        ? [text, piles[chosen]]
        : [piles[chosen], text];
      d.target(plate, `${low}+${high}`, `merge the piles of ${piles[chosen]} and ${text}`);
    }
    d.add(plate);
  });
  d.grow(16 + piles.length * 34, bottom + 24);
  return {
    hint: "Click the top stone of a pile to take it; click a pile's plate, then another " +
      "pile's plate, to merge them.",
    bottom: bottom + 26,
  };
}

// ---- chocolate: the box and the table -------------------------------------------------------

function drawBars(d, bars, x, y, className) {
  return bars.map((text, i) => {
    const n = small(text);
    const top = y + i * 22;
    const cells = [];
    if (n === null || n > MAX_UNITS) {
      d.add(rect(x, top, 12 * MAX_UNITS, 16, "bar"));
      d.add(label(x + 6, top + 13, text, "bar-label small"));
    } else {
      for (let j = 0; j < n; j += 1) {
        const cell = svgNode("g", { class: className });
        cell.append(rect(x + j * 12, top, 11, 16, "shape"));
        d.add(cell);
        cells.push(cell);
      }
    }
    return { text, top, cells };
  });
}

// Whether the bars `wanted` (with repeats) are all in `bars`.
function holds(bars, wanted) {
  const left = [...bars];
  return wanted.every((bar) => {
    const at = left.indexOf(bar);
    if (at < 0) {
      return false;
    }
    left.splice(at, 1);
    return true;
  });
}

function drawChocolate(d, position) {
  const [boxText, tableText = ""] = position.split("/");
  const box = numbers(boxText);
  const table = numbers(tableText);
  const chosen = new Set(page.board.bars ?? []);
  const width = 12 * MAX_UNITS + 20;
  const rows = Math.max(box.length, table.length, 1);
  const height = 30 + rows * 22 + 40;
  d.add(rect(4, 4, width, height, "box"));
  d.add(label(12, 20, "box"));
  d.add(rect(width + 16, 4, width, height, "table"));
  d.add(label(width + 24, 20, "table"));
  drawBars(d, box, 14, 30, "square").forEach((bar, i) => {
    const pickArea = svgNode("g", { class: "bar-pick" });
    pickArea.append(rect(10, bar.top - 3, width - 12, 22, "shape", { rx: 3 }));
    d.add(pickArea);
    // Drawn first, so that the bar's squares show on top of the selection area.
    d.svg.insertBefore(pickArea, d.svg.querySelector(".square") ?? null);
    d.pick(pickArea, `bar:${i}`, `${chosen.has(i) ? "put back" : "choose"} the bar of ${bar.text}`,
      chosen.has(i), (board) => {
        const set = new Set(board.bars ?? []);
        if (set.has(i)) {
          set.delete(i);
        } else {
          set.add(i);
        }
        board.bars = [...set].sort((a, b) => a - b);
      });
  });
  drawBars(d, table, width + 26, 30, "square").forEach((bar) => {
    bar.cells.forEach((cell, j) => {
      d.target(cell, `${bar.text}>${j}`, `eat the bar of ${bar.text} down to ${j}`);
    });
  });
  const button = svgNode("g", { class: "take-out" });
  const y = 30 + rows * 22 + 6;
  button.append(rect(14, y, 200, 26, "shape", { rx: 5 }));
  const picked = [...chosen].sort((a, b) => a - b).map((i) => box[i]);
  const notation = `+${picked.join(",")}`;
  let text = "choose bars, then take them out";
  if (picked.length > 0) {
    text = d.move(notation) ? `take out ${picked.join(", ")}` : `${notation}: not a listed move`;
  }
  button.append(label(22, y + 18, text, "chip-text"));
  if (picked.length > 0) {
    d.target(button, notation, `take the bars ${picked.join(", ")} out of the box`);
  }
  d.add(button);
  // A move taking bars out is reached by choosing them: placed when the box holds its bars.
  for (const move of d.byNotation.values()) {
    if (move.move.startsWith("+") && holds(box, move.move.slice(1).split(","))) {
      d.placed.add(move.move);
    }
  }
  d.grow(2 * width + 22, height + 8);
  return {
    hint: "Choose bars in the box and take them out onto the table; or click a square of a " +
      "table bar to eat it from there to the end.",
    bottom: height + 10,
  };
}

// ---- bounded-take: piles with their b -------------------------------------------------------

function drawBoundedTake(d, position) {
  const piles = numbers(position).map((p) => p.split("/"));
  const bottom = pileHeight(piles.map((p) => p[0]));
  piles.forEach(([num, b], i) => {
    const x = 8 + i * 44;
    const n = small(num);
    d.add(label(x, bottom + 16, `b=${b}`, "board-label small"));
    if (n === null || n > MAX_UNITS) {
      tallPile(d, x, bottom, num);
      return;
    }
    const stones = stack(d, x, bottom, n, "stone");
    stones.forEach((stone, level) => {
      const take = n - level;
      d.target(stone, `${i + 1}-${take}`, `take ${take} from pile ${i + 1}`);
    });
  });
  d.grow(16 + piles.length * 44, bottom + 22);
  return {
    hint: "Click a stone: it and the stones above it are taken (at most num / b of them).",
    bottom: bottom + 24,
  };
}

// ---- bean-split: bottles of beans ------------------------------------------------------------

function drawBeanSplit(d, position) {
  const bottles = numbers(position);
  const { from, first } = page.board;
  const bottom = 110;
  for (const move of d.byNotation.keys()) {
    const [i, j, k] = move.split(/[>,]/).map(Number);
    if (i < j && j <= k && k < bottles.length) {
      d.reachable(move);
    }
  }
  bottles.forEach((text, i) => {
    const x = 8 + i * 48;
    const bottle = svgNode("g", { class: "bottle" });
    bottle.append(svgNode("path", {
      class: "shape",
      d: `M${x + 14},${bottom - 90}h14v14l10,12v64h-34v-64l10,-12z`,
    }));
    const n = small(text);
    if (n !== null && n <= 12) {
      for (let j = 0; j < n; j += 1) {
        bottle.append(svgNode("circle", {
          class: "bean", cx: x + 12 + (j % 3) * 9, cy: bottom - 8 - Math.floor(j / 3) * 10, r: 4,
        }));
      }
    } else {
      bottle.append(label(x + 8, bottom - 24, text, "bar-label small"));
    }
    d.add(bottle);
    d.add(label(x + 16, bottom + 16, String(i), "board-label small"));
    if (from === undefined) {
      if (d.byNotation.size > 0 && [...d.byNotation.keys()].some((m) => m.startsWith(`${i}>`))) {
        d.pick(bottle, `from:${i}`, `take a bean from bottle ${i}`, false, (board) => {
          board.from = i;
        });
      }
    } else if (i === from) {
      d.pick(bottle, `from:${i}`, `put the bean back in bottle ${i}`, true, (board) => {
        delete board.from;
        delete board.first;
      });
    } else if (first === undefined) {
      if ([...d.byNotation.keys()].some((m) => m.startsWith(`${from}>${i},`))) {
        d.pick(bottle, `first:${i}`, `put one bean in bottle ${i}`, false, (board) => {
          board.first = i;
        });
      }
    } else {
      d.target(bottle, `${from}>${first},${i}`,
        `and the other in bottle ${i}`);
    }
  });
  d.grow(16 + bottles.length * 48, bottom + 22);
  let hint = "Click a bottle to take a bean from it.";
  if (from !== undefined && first === undefined) {
    hint = `A bean from bottle ${from}: click a later bottle for one of the two beans it becomes.`;
  } else if (first !== undefined) {
    hint = `One bean into bottle ${first}: click the bottle for the other (${first} or later).`;
  }
  return { hint, bottom: bottom + 24 };
}

// ---- box-fill: boxes with their capacity ----------------------------------------------------

function drawBoxFill(d, position) {
  const boxes = numbers(position).map((p) => p.split("/"));
  const bottom = pileHeight(boxes.map((p) => p[1]));
  boxes.forEach(([now, capacity], i) => {
    const x = 8 + i * 40;
    const held = small(now);
    const room = small(capacity);
    d.add(label(x, bottom + 16, `${now}/${capacity}`, "board-label small"));
    if (room === null || room > MAX_UNITS) {
      d.add(rect(x, bottom - 16 * MAX_UNITS, 24, 16 * MAX_UNITS, "cell"));
      const filled = 16 * MAX_UNITS * (Number(now) / Number(capacity));
      d.add(rect(x, bottom - filled, 24, filled, "bar"));
      return;
    }
    for (let level = 0; level < room; level += 1) {
      const cell = svgNode("g", { class: level < held ? "cell full" : "cell" });
      cell.append(rect(x, bottom - (level + 1) * 16, 24, 15, "shape"));
      d.add(cell);
      if (level >= held) {
        const add = level + 1 - held;
        d.target(cell, `${i + 1}+${add}`, `add ${add} to box ${i + 1}`);
      }
    }
  });
  d.grow(16 + boxes.length * 40, bottom + 22);
  return {
    hint: "Click an empty cell of a box: the box fills up to it.",
    bottom: bottom + 24,
  };
}

// The drawing of each fixed game, by its name (heap games are drawn as heaps).
const BOARDS = {
  "end-piles": drawEndPiles,
  "take-or-merge": drawTakeOrMerge,
  chocolate: drawChocolate,
  "bounded-take": drawBoundedTake,
  "bean-split": drawBeanSplit,
  "box-fill": drawBoxFill,
  "box-fill-square": drawBoxFill,
};

// How many parts (heaps, piles, bars, bottles, boxes) a position has.
function partCount(position) {
  return numbers(position.replace("/", " ")).length;
}

function drawBoard() {
  const entry = current();
  const box = $("board");
  box.replaceChildren();
  if (!entry || !page.game) {
    return;
  }
  // Graph games are drawn by graph.js, coin games by coins.js, four classic games by classic.js,
  // Cram and the Kayles grid games by grids.js.
  const draw = page.game.heap
    ? drawHeaps
    : page.game.graph
      ? drawGraph
      : BOARDS[page.game.name] ?? coinBoard(page.game.name) ?? classicBoard(page.game.name) ??
        gridBoard(page.game.name);
  const parts = partCount(entry.position);
  if (entry.data.compound !== "disjunctive") {
    // The drawings show a position of the game itself; a compound's moves change several
    // components at once, written `1-1 | 1-2`, which no drawing makes.
    $("board-hint").textContent =
      `The board draws the game itself; the ${entry.data.compound} compound is played with ` +
      "the moves below.";
    box.dataset.drawn = "false";
    return;
  }
  if (!draw) {
    $("board-hint").textContent = "This game has no board: play it with the moves below.";
    box.dataset.drawn = "false";
    return;
  }
  if (parts > MAX_PARTS) {
    $("board-hint").textContent =
      `This position has ${parts} parts, too many to draw: play it with the moves below.`;
    box.dataset.drawn = "false";
    return;
  }
  const playing = page.play !== null;
  const enabled = !playing || entry.mover === "human";
  const moves = entry.data.moves.moves;
  const d = new Drawing(moves, enabled);
  const { hint, bottom } = draw(d, entry.position, moves);
  d.chips(bottom);
  d.grow(8, bottom);
  box.append(d.finish());
  box.dataset.drawn = "true";
  box.dataset.state = JSON.stringify(page.board);
  let note = hint;
  if (entry.data.moves.more) {
    note += " Only the listed moves can be played here.";
  }
  if (moves.length === 0) {
    note = "No move left.";
  }
  $("board-hint").textContent = note;
}

// ---- wiring ---------------------------------------------------------------------------------

function start() {
  setBusy(false);
  $("game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadGame($("game").value.trim());
  });
  $("position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (page.game) {
      analyse($("position").value);
    }
  });
  $("chart-form").addEventListener("submit", (event) => {
    event.preventDefault();
    drawChart(Number($("chart-n").value));
  });
  $("new-game").addEventListener("click", newGame);
  $("stop-game").addEventListener("click", stopGame);
  $("computer-go").addEventListener("click", computerTurn);
  for (const control of [...document.querySelectorAll("input[name=play]"), $("compound")]) {
    control.addEventListener("change", () => {
      const entry = current();
      if (page.game && entry) {
        analyse(compound() === "disjunctive" ? asSum(entry.position) : entry.position);
      }
    });
  }
  $("undo").addEventListener("click", () => step(-1));
  $("redo").addEventListener("click", () => step(1));
  $("cancel").addEventListener("click", cancel);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      cancel();
      clearBoardSelection();
    }
  });
  loadGames();
  const params = new URLSearchParams(window.location.search);
  const chosen = params.get("compound");
  if (chosen && [...$("compound").options].some((option) => option.value === chosen)) {
    $("compound").value = chosen;
  }
  const game = params.get("game");
  if (game) {
    loadGame(game, params.get("position") ?? undefined);
  }
}

start();
