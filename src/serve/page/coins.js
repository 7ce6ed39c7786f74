// The coin-turning games' boards: a row of coins (coins:ruler, coins:turtles, …) or a board of
// squares (coins:A*B, turning-corners), heads and tails. Loaded before app.js, whose drawing
// helpers (Drawing, svgNode, rect, label, numbers, small, page, current) these functions use
// when they run; app.js asks `coinBoard(name)` for the drawing of a game.
//
// Nothing here knows a rule: the board is worked out from the listed moves' own notation. A
// move is made by clicking, in order, the coins that name it: first its heads coin (the
// rightmost it turns; on a board the heads corner with the larger coordinates), then the other
// coins it turns from right to left (a run `a..h`: its first coin `a`; on a board, the opposite
// corner of the rectangle, and for a rule that turns three coins on an axis the third). When a
// move could also go on (a mock turtle's two coins, which a third may join), the coin is
// selected first, and clicked again to end the move there. A coin that starts or continues a
// winning move carries a green dot; the coin that makes a move has the move's colour.
"use strict";

const MAX_ROW = 40; // the longest row drawn coin by coin
const MAX_SIDE = 16; // the widest and the tallest board drawn square by square
const COIN = 28; // the distance between two coins
const COIN_LEFT = 30; // room for the y axis's numbers

// The coins that name one factor of a move, in click order: `a..h` → h, a; `r,s,h` → h, s, r.
function factorClicks(text) {
  if (text.includes("..")) {
    const [from, to] = text.split("..");
    return [to, from];
  }
  return text.split(",").reverse();
}

// The clicks that make a move: coins `n` on a row; squares `x,y` on a board, where step i takes
// each factor's i-th coin (or its last, once it has no more), so every click moves down-left.
function moveClicks(notation, grid) {
  if (!grid) {
    return factorClicks(notation);
  }
  const [xs, ys] = notation.split("*").map(factorClicks);
  const clicks = [];
  for (let i = 0; i < Math.max(xs.length, ys.length); i += 1) {
    clicks.push(`${xs[Math.min(i, xs.length - 1)]},${ys[Math.min(i, ys.length - 1)]}`);
  }
  return clicks;
}

// Every prefix of every move's clicks (joined by spaces): the move it completes (`exact`),
// whether some move goes on from it (`longer`), and whether a winning move passes through it.
function clickTree(moves, grid) {
  const tree = new Map();
  for (const move of moves) {
    const clicks = moveClicks(move.move, grid);
    for (let i = 1; i <= clicks.length; i += 1) {
      const key = clicks.slice(0, i).join(" ");
      if (!tree.has(key)) {
        tree.set(key, { exact: null, longer: false, wins: false });
      }
      const node = tree.get(key);
      node.wins ||= move.wins === true;
      if (i === clicks.length) {
        node.exact = move;
      } else {
        node.longer = true;
      }
    }
  }
  return tree;
}

// One coin of the drawing: heads or tails, with its letter.
function coinNode(d, x, y, heads) {
  const group = svgNode("g", { class: heads ? "coin heads" : "coin tails" });
  group.append(svgNode("circle", { class: "shape", cx: x, cy: y, r: 11 }));
  group.append(svgNode("text", { x: x - 4, y: y + 4, class: "coin-face" }, heads ? "H" : "T"));
  d.add(group);
  return group;
}

// Makes the coin `cell` (`n` or `x,y`) of a drawing play or select, as the selection allows.
function placeCoin(d, tree, node, cell, x, y) {
  node.dataset.cell = cell;
  const chosen = page.board.clicks ?? [];
  const at = chosen.indexOf(cell);
  const keep = (count) => (board) => {
    if (count === 0) {
      delete board.clicks;
    } else {
      board.clicks = chosen.slice(0, count);
    }
  };
  const mark = () => d.add(svgNode("circle", { class: "win-mark", cx: x + 10, cy: y - 10, r: 3 }));
  if (at >= 0 && at === chosen.length - 1) {
    const here = tree.get(chosen.join(" "));
    if (here && here.exact) {
      node.classList.add("selected");
      d.target(node, here.exact.move, `turn ${here.exact.move}`);
    } else {
      d.pick(node, `coin:${cell}`, `unselect coin ${cell}`, true, keep(at));
    }
    return;
  }
  if (at >= 0) {
    d.pick(node, `coin:${cell}`, `unselect coin ${cell} and those after it`, true, keep(at));
    return;
  }
  const there = tree.get([...chosen, cell].join(" "));
  if (!there) {
    return;
  }
  if (there.longer) {
    const what = chosen.length === 0 ? "start a move at" : "go on to";
    d.pick(node, `coin:${cell}`, `${what} coin ${cell}`, false, (board) => {
      board.clicks = [...chosen, cell];
    });
  } else {
    d.target(node, there.exact.move, `turn ${there.exact.move}`);
  }
  if (there.wins) {
    node.dataset.leads = "win";
    mark();
  }
}

// What the board says above the coins: the value, and what a click does.
function coinHint(grid) {
  const grundy = current().data.analysis.grundy;
  const value = grundy === null ? "" : `Value ${grundy} (the nim-sum of the heads' values). `;
  const how = grid
    ? "Click a heads square, the corner of the move with the larger coordinates; then the " +
      "opposite corner of the rectangle it turns (the same square: that square alone)"
    : "Click a heads coin, the rightmost a move turns; then the coin where the move starts " +
      "(the same coin: that coin alone)";
  return `${value}${how}. A coin clicked when the move could go on is selected: click it ` +
    "again to end the move there. A green dot: a winning move goes on from that coin.";
}

// Coins of a position as numbers, or null when one is too large to draw.
function coinNumbers(items) {
  const values = items.map(small);
  return values.some((n) => n === null) ? null : values;
}

function drawCoinRow(d, position, moves) {
  const heads = coinNumbers(numbers(position));
  const length = heads === null ? Infinity : Math.max(0, ...heads);
  if (length > MAX_ROW) {
    return { hint: `The coins reach past ${MAX_ROW}: too far to draw one by one.`, bottom: 4 };
  }
  const tree = clickTree(moves, false);
  for (const move of moves) {
    d.reachable(move.move);
  }
  const up = new Set(heads);
  const y = 20;
  for (let n = 1; n <= length; n += 1) {
    const x = 8 + (n - 0.5) * COIN;
    const node = coinNode(d, x, y, up.has(n));
    placeCoin(d, tree, node, String(n), x, y);
    d.add(label(x - 4, y + 32, String(n), "board-label small"));
  }
  d.grow(16 + length * COIN, y + 40);
  return { hint: coinHint(false), bottom: y + 42 };
}

function drawCoinGrid(d, position, moves) {
  const squares = numbers(position).map((square) => square.split(","));
  const xs = coinNumbers(squares.map((square) => square[0]));
  const ys = coinNumbers(squares.map((square) => square[1]));
  const width = xs === null ? Infinity : Math.max(0, ...xs);
  const height = ys === null ? Infinity : Math.max(0, ...ys);
  if (width > MAX_SIDE || height > MAX_SIDE) {
    return {
      hint: `The heads reach past ${MAX_SIDE},${MAX_SIDE}: too far to draw square by square.`,
      bottom: 4,
    };
  }
  const tree = clickTree(moves, true);
  for (const move of moves) {
    d.reachable(move.move);
  }
  const up = new Set(numbers(position));
  const top = 8;
  // y grows upwards: the row of y = height is at the top.
  const centre = (x, y) => [COIN_LEFT + (x - 0.5) * COIN, top + (height - y + 0.5) * COIN];
  for (let y = 1; y <= height; y += 1) {
    d.add(label(4, centre(1, y)[1] + 4, String(y), "board-label small"));
  }
  for (let x = 1; x <= width; x += 1) {
    d.add(label(centre(x, 1)[0] - 4, top + height * COIN + 14, String(x), "board-label small"));
    for (let y = 1; y <= height; y += 1) {
      const [cx, cy] = centre(x, y);
      d.add(rect(cx - COIN / 2, cy - COIN / 2, COIN, COIN, "coin-square"));
      const cell = `${x},${y}`;
      const node = coinNode(d, cx, cy, up.has(cell));
      placeCoin(d, tree, node, cell, cx, cy);
    }
  }
  d.grow(COIN_LEFT + width * COIN + 8, top + height * COIN + 20);
  return { hint: coinHint(true), bottom: top + height * COIN + 22 };
}

// The drawing of a coin game by its name, or undefined for other games.
function coinBoard(name) {
  if (name === "turning-corners" || (name.startsWith("coins:") && name.includes("*"))) {
    return drawCoinGrid;
  }
  return name.startsWith("coins:") ? drawCoinRow : undefined;
}
