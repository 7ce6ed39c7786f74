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
};

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
  const game = page.game.spelling;
  const [moves, analysis] = await Promise.all([
    api("/api/moves", { game, position, limit: 400 }, signal),
    api("/api/analyze", { game, position, limit: 0 }, signal),
  ]);
  return { position: moves.position, moves, analysis };
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
    for (const game of [...games.fixed, ...games.families]) {
      const option = document.createElement("option");
      option.value = game.spelling;
      option.label = game.rules;
      list.append(option);
    }
  } catch (error) {
    showError(error.message);
  }
}

async function loadGame(spelling, position) {
  const game = await withBusy("Loading the game", (signal) =>
    api(`/api/game?name=${encodeURIComponent(spelling)}`, undefined, signal));
  if (!game) {
    return;
  }
  page.game = game;
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
  const game = page.game.spelling;
  const reply = await withBusy("The computer is thinking", async (signal) => {
    const answer = await api("/api/computer-move", { game, position: entry.position }, signal);
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

  const grundy = analysis.grundy === null ? "not given by the theory" : analysis.grundy;
  const count = moves.moves.length + (moves.more ? "+" : "");
  $("summary").textContent =
    `Grundy value ${grundy}; ${analysis.winning_move_count} winning of ${count} legal moves.`;

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
  $("more-moves").hidden = !moves.more;
  if (finished) {
    list.append(element("li", "hint", "No legal move."));
  }

  $("undo").disabled = stepTarget(-1) < 0;
  $("redo").disabled = stepTarget(1) < 0;
  renderHistory();
  const url = new URL(window.location.href);
  url.searchParams.set("game", page.game.spelling);
  url.searchParams.set("position", entry.position);
  window.history.replaceState(null, "", url);
}

function renderHistory() {
  const strip = $("history");
  strip.replaceChildren();
  page.history.forEach((entry, i) => {
    const wins = entry.data.moves.winner === "first";
    const grundy = entry.data.analysis.grundy;
    const button = element("button", `ply ${wins ? "win" : "lose"}${i === page.index ? " current" : ""}`);
    button.type = "button";
    button.append(element("span", "", grundy === null ? "?" : String(grundy)));
    button.append(element("small", "", entry.move ?? "start"));
    const who = entry.mover === null ? "" : `, ${entry.mover} to move`;
    button.setAttribute("aria-label",
      `position ${i}: ${entry.position}, Grundy value ${grundy ?? "unknown"}, ` +
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
  $("undo").addEventListener("click", () => step(-1));
  $("redo").addEventListener("click", () => step(1));
  $("cancel").addEventListener("click", cancel);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      cancel();
    }
  });
  loadGames();
  const params = new URLSearchParams(window.location.search);
  const game = params.get("game");
  if (game) {
    loadGame(game, params.get("position") ?? undefined);
  }
}

start();
