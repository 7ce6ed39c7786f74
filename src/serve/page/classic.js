// grundy serve: the boards of four classic games — Wythoff's game as Corner the Queen, Chomp,
// Green Hackenbush and Staircase Nim. Loaded before app.js, whose drawing helpers (Drawing,
// svgNode, rect, label, numbers, small, page, current, MAX_UNITS) these functions use when they
// run; app.js asks `classicBoard(name)` for the drawing of a game.
//
// As on every board, the moves are exactly the listed moves of /api/moves: each drawing works
// out which listed move a click makes from the move's own notation (`1a-2`, `2:3,1`, `4`,
// `4-2`) and gives it that move's colour; a listed move with no place here is a chip below.
"use strict";

// ---- Wythoff: Corner the Queen --------------------------------------------------------------
//
// A pair a/b is a queen on square (a, b) of a quarter chessboard whose corner (0, 0) is at the
// bottom left. She moves left (`ia-k`: k off the first heap), down (`ib-k`: off the second) or
// diagonally towards the corner (`iab-k`: off both); whoever puts her in the corner wins.

const QUEEN_SIDE = 24; // the largest heap drawn square by square
const QUEEN_CELL = 18; // a square's side

// A queen's crown, standing in the square whose top-left corner is (x, y).
function queenNode(x, y) {
  const s = QUEEN_CELL;
  const crown = svgNode("path", {
    class: "queen",
    d: `M${x + 3},${y + s - 4}L${x + 2},${y + 6}L${x + 6},${y + 10}L${x + s / 2},${y + 3}` +
      `L${x + s - 6},${y + 10}L${x + s - 2},${y + 6}L${x + s - 3},${y + s - 4}Z`,
  });
  return crown;
}

function drawWythoff(d, position) {
  const pairs = numbers(position).map((pair) => pair.split("/"));
  const left = 22;
  let x = 8;
  let rowTop = 8;
  let rowHeight = 0;
  const gap = 30;
  pairs.forEach(([aText, bText], i) => {
    const pair = i + 1;
    const a = small(aText);
    const b = small(bText);
    if (a === null || b === null || a > QUEEN_SIDE || b > QUEEN_SIDE) {
      // Too large to draw square by square: its moves are chips.
      d.add(label(x, rowTop + 14, `pair ${pair}: ${aText}/${bText}, too large to draw`,
        "board-note"));
      d.grow(x + 260, rowTop + 24);
      x += 280;
      rowHeight = Math.max(rowHeight, 30);
      return;
    }
    const width = left + (a + 1) * QUEEN_CELL;
    const height = 18 + (b + 1) * QUEEN_CELL + 16;
    if (x > 8 && x + width > 640) {
      x = 8;
      rowTop += rowHeight + gap;
      rowHeight = 0;
    }
    const top = rowTop + 18;
    d.add(label(x, rowTop + 10, `pair ${pair}: ${aText}/${bText}`, "board-label small"));
    // Column c, row r (r = 0 at the bottom).
    const cornerX = (c) => x + left + c * QUEEN_CELL;
    const cornerY = (r) => top + (b - r) * QUEEN_CELL;
    for (let r = 0; r <= b; r += 1) {
      d.add(label(x + 4, cornerY(r) + 13, String(r), "board-label small"));
    }
    for (let c = 0; c <= a; c += 1) {
      d.add(label(cornerX(c) + 5, cornerY(0) + QUEEN_CELL + 12, String(c), "board-label small"));
      for (let r = 0; r <= b; r += 1) {
        const square = svgNode("g", {
          class: (c + r) % 2 === 0 ? "queen-square dark" : "queen-square light",
        });
        square.dataset.cell = `${pair}:${c},${r}`;
        square.append(rect(cornerX(c), cornerY(r), QUEEN_CELL, QUEEN_CELL, "shape"));
        if (c === 0 && r === 0) {
          square.classList.add("corner");
        }
        // Which move reaches (c, r) from (a, b), if any.
        let notation = null;
        let what = "";
        if (r === b && c < a) {
          notation = `${pair}a-${a - c}`;
          what = `move the queen left to ${c},${r} (take ${a - c} from the first heap)`;
        } else if (c === a && r < b) {
          notation = `${pair}b-${b - r}`;
          what = `move the queen down to ${c},${r} (take ${b - r} from the second heap)`;
        } else if (c < a && a - c === b - r) {
          notation = `${pair}ab-${a - c}`;
          what = `move the queen diagonally to ${c},${r} (take ${a - c} from both heaps)`;
        }
        if (notation !== null) {
          d.target(square, notation, what);
        }
        d.add(square);
      }
    }
    d.add(queenNode(cornerX(a), cornerY(b)));
    d.grow(x + width + 4, top + (b + 1) * QUEEN_CELL + 18);
    rowHeight = Math.max(rowHeight, height);
    x += width + gap;
  });
  return {
    hint: "Corner the Queen: each pair a/b is a queen on square (a, b). Click a square she can " +
      "reach — left, down, or diagonally towards the corner 0,0 — to move her there; whoever " +
      "puts the last queen in her corner wins.",
    bottom: rowTop + rowHeight + 8,
  };
}

// ---- Chomp: bite a square and all above and right of it -------------------------------------

const CHOMP_CELL = 26; // a square's side

// A board's rows from the bottom (`5,4,2`; `7x3` for a rectangle), or null when too large.
function chompRows(text) {
  let rows;
  if (text.includes("x")) {
    const [width, height] = text.split("x").map(small);
    if (width === null || height === null || height > MAX_UNITS) {
      return null;
    }
    rows = Array(height).fill(width);
  } else {
    rows = text.split(",").map(small);
  }
  return rows.some((n) => n === null || n > MAX_UNITS) || rows.length > MAX_UNITS ? null : rows;
}

// Marks the squares a bite at (x, y) of a board would eat (on hover and focus).
function chompPreview(d, squares, x, y, on) {
  for (const square of squares) {
    const eaten = on && square.x >= x && square.y >= y;
    square.node.classList.toggle("doomed", eaten);
  }
}

function drawChomp(d, position) {
  const boards = numbers(position);
  const several = boards.length > 1;
  let x = 8;
  let bottom = 0;
  const layouts = boards.map((text) => ({ text, rows: chompRows(text) }));
  const tallest = Math.max(1, ...layouts.map(({ rows }) => (rows === null ? 1 : rows.length)));
  const base = 24 + tallest * CHOMP_CELL;
  layouts.forEach(({ text, rows }, i) => {
    const board = i + 1;
    const prefix = several ? `${board}:` : "";
    d.add(label(x, 12, several ? `board ${board}: ${text}` : text, "board-label small"));
    if (rows === null) {
      d.add(label(x, 30, "too large to draw", "board-note"));
      x += 140;
      return;
    }
    const squares = [];
    rows.forEach((length, row) => {
      for (let column = 0; column < length; column += 1) {
        const sx = x + column * CHOMP_CELL;
        const sy = base - (row + 1) * CHOMP_CELL;
        const poisoned = row === 0 && column === 0;
        const node = svgNode("g", { class: poisoned ? "chomp-square poison" : "chomp-square" });
        node.dataset.cell = `${prefix}${column + 1},${row + 1}`;
        node.append(rect(sx, sy, CHOMP_CELL - 1, CHOMP_CELL - 1, "shape", { rx: 2 }));
        if (poisoned) {
          const far = CHOMP_CELL - 7;
          node.append(svgNode("path", {
            class: "poison-mark",
            d: `M${sx + 6},${sy + 6}L${sx + far},${sy + far}M${sx + far},${sy + 6}` +
              `L${sx + 6},${sy + far}`,
          }));
        } else {
          const notation = `${prefix}${column + 1},${row + 1}`;
          const placed = d.target(node, notation,
            `bite square ${column + 1},${row + 1}${several ? ` of board ${board}` : ""} and every ` +
            "square above and right of it");
          if (placed) {
            const preview = (on) => () => chompPreview(d, squares, column + 1, row + 1, on);
            node.addEventListener("mouseenter", preview(true));
            node.addEventListener("mouseleave", preview(false));
            node.addEventListener("focus", preview(true));
            node.addEventListener("blur", preview(false));
          }
        }
        squares.push({ x: column + 1, y: row + 1, node });
        d.add(node);
      }
    });
    const width = Math.max(1, ...rows) * CHOMP_CELL;
    d.grow(x + width + 4, base + 6);
    x += width + 28;
  });
  bottom = base + 8;
  return {
    hint: "Click a square to bite it: it goes with every square above and to the right of it " +
      "(shaded while the pointer is on it). The crossed square is poisoned: whoever is left " +
      "with it alone loses.",
    bottom,
  };
}

// ---- Green Hackenbush: edges on the ground --------------------------------------------------
//
// Vertices stand in layers by their distance from the ground (vertex 0, the line at the bottom);
// an edge to the ground ends on the line below its vertex. Each edge is a ribbon (a filled
// outline, so that it takes a move's colour like every board's shapes), parallel edges bend
// apart, and a loop is a small ring. Clicking an edge deletes it; the edges that would fall
// with it are shaded while the pointer is on it.

const HB_LAYER = 62; // the height between two layers
const HB_GAP = 64; // the room between two vertices of a layer
const HB_WIDTH = 5; // an edge's thickness

// The point at t of the quadratic curve p0, c, p2, and its direction there.
function curvePoint(p0, c, p2, t) {
  const u = 1 - t;
  return {
    x: u * u * p0.x + 2 * u * t * c.x + t * t * p2.x,
    y: u * u * p0.y + 2 * u * t * c.y + t * t * p2.y,
    dx: 2 * u * (c.x - p0.x) + 2 * t * (p2.x - c.x),
    dy: 2 * u * (c.y - p0.y) + 2 * t * (p2.y - c.y),
  };
}

// The outline of a ribbon HB_WIDTH wide along the quadratic curve p0, c, p2.
function ribbon(p0, c, p2) {
  const steps = 12;
  const leftSide = [];
  const rightSide = [];
  for (let i = 0; i <= steps; i += 1) {
    const p = curvePoint(p0, c, p2, i / steps);
    const length = Math.hypot(p.dx, p.dy) || 1;
    const nx = (-p.dy / length) * (HB_WIDTH / 2);
    const ny = (p.dx / length) * (HB_WIDTH / 2);
    leftSide.push(`${(p.x + nx).toFixed(1)},${(p.y + ny).toFixed(1)}`);
    rightSide.push(`${(p.x - nx).toFixed(1)},${(p.y - ny).toFixed(1)}`);
  }
  return `M${leftSide.join("L")}L${rightSide.reverse().join("L")}Z`;
}

// A ring (a loop) around (cx, cy) of radius r, HB_WIDTH thick.
function ring(cx, cy, r) {
  const outer = r + HB_WIDTH / 2;
  const inner = r - HB_WIDTH / 2;
  const circle = (radius) => `M${cx - radius},${cy}a${radius},${radius} 0 1,0 ${2 * radius},0` +
    `a${radius},${radius} 0 1,0 ${-2 * radius},0Z`;
  return circle(outer) + circle(inner);
}

// The edges `[a, b]` (vertex names as written) still joined to the ground without edge `cut`.
function stillGrounded(edges, cut) {
  const around = new Map();
  edges.forEach(([a, b], i) => {
    if (i === cut) {
      return;
    }
    for (const [from, to] of [[a, b], [b, a]]) {
      if (!around.has(from)) {
        around.set(from, []);
      }
      around.get(from).push(to);
    }
  });
  const reached = new Set(["0"]);
  const waiting = ["0"];
  while (waiting.length > 0) {
    for (const next of around.get(waiting.pop()) ?? []) {
      if (!reached.has(next)) {
        reached.add(next);
        waiting.push(next);
      }
    }
  }
  return edges.map(([a], i) => i !== cut && reached.has(a));
}

// Where each vertex stands: its layer (distance from the ground) and its place in the layer.
function hackenbushLayout(edges) {
  const around = new Map();
  const order = [];
  for (const [a, b] of edges) {
    for (const [from, to] of [[a, b], [b, a]]) {
      if (!around.has(from)) {
        around.set(from, []);
        order.push(from);
      }
      around.get(from).push(to);
    }
  }
  const depth = new Map([["0", 0]]);
  let frontier = ["0"];
  while (frontier.length > 0) {
    const next = [];
    for (const vertex of frontier) {
      for (const other of around.get(vertex) ?? []) {
        if (!depth.has(other)) {
          depth.set(other, depth.get(vertex) + 1);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  const deepest = Math.max(0, ...depth.values());
  for (const vertex of order) {
    if (!depth.has(vertex)) {
      // Not joined to the ground (the server never shows such a position): above the rest.
      depth.set(vertex, deepest + 1);
    }
  }
  const layers = [];
  for (const vertex of order) {
    if (vertex === "0") {
      continue;
    }
    const level = depth.get(vertex);
    while (layers.length <= level) {
      layers.push([]);
    }
    layers[level].push(vertex);
  }
  // Each layer ordered by where its neighbours below stand (first appearance on ties).
  const slot = new Map();
  layers.forEach((layer, level) => {
    if (level > 1) {
      const weight = (vertex) => {
        const below = (around.get(vertex) ?? []).filter((o) => depth.get(o) === level - 1);
        return below.length === 0
          ? 0
          : below.reduce((sum, o) => sum + slot.get(o), 0) / below.length;
      };
      const weights = new Map(layer.map((vertex) => [vertex, weight(vertex)]));
      layer.sort((p, q) => weights.get(p) - weights.get(q));
    }
    layer.forEach((vertex, j) => slot.set(vertex, j - (layer.length - 1) / 2));
  });
  const widest = Math.max(1, ...layers.map((layer) => layer.length));
  return { depth, slot, layers: Math.max(1, layers.length - 1), widest };
}

function drawHackenbush(d, position) {
  const edges = position.trim() === "none"
    ? []
    : numbers(position).map((edge) => edge.split("-"));
  const { depth, slot, layers, widest } = hackenbushLayout(edges);
  const groundY = 30 + layers * HB_LAYER + 24;
  const groundLoops = edges.filter(([a, b]) => a === "0" && b === "0").length;
  const centre = 40 + ((widest - 1) * HB_GAP) / 2 + 20;
  // Loops on the ground stand on the line, right of every vertex.
  const loopsFrom = centre + ((widest - 1) * HB_GAP) / 2 + 44;
  const width = Math.max(2 * centre, loopsFrom + groundLoops * 36 + 20);
  const at = (vertex) => ({
    x: centre + slot.get(vertex) * HB_GAP,
    y: groundY - depth.get(vertex) * HB_LAYER,
  });
  d.add(rect(4, groundY, width - 8, 10, "ground"));
  d.add(label(8, groundY + 24, "ground", "board-label small"));

  // How many edges join each pair of vertices (parallel edges bend apart), and loops per vertex.
  const key = ([a, b]) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const total = new Map();
  for (const edge of edges) {
    total.set(key(edge), (total.get(key(edge)) ?? 0) + 1);
  }
  const seen = new Map();
  let groundLoop = 0;
  const nodes = [];
  edges.forEach((edge, i) => {
    const [a, b] = edge;
    const number = i + 1;
    const k = seen.get(key(edge)) ?? 0;
    seen.set(key(edge), k + 1);
    const m = total.get(key(edge));
    const spread = k - (m - 1) / 2;
    let outline;
    let middle;
    let centreLine;
    let hitClass = "hb-hit";
    if (a === b) {
      // A loop: a ring touching its vertex (on the ground: standing on the line, to the right).
      const r = 9;
      let cx;
      let cy;
      if (a === "0") {
        cx = loopsFrom + groundLoop * 36;
        cy = groundY - r;
        groundLoop += 1;
      } else {
        const angle = -Math.PI / 2 + spread * 0.9;
        const v = at(a);
        cx = v.x + r * Math.cos(angle);
        cy = v.y + r * Math.sin(angle);
      }
      outline = ring(cx, cy, r);
      centreLine = `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
      middle = { x: cx + r + 6, y: cy - r };
      // A loop is clicked anywhere inside its ring.
      hitClass = "hb-hit hb-loop";
    } else {
      const [top, down] = a === "0" ? [b, a] : [a, b];
      const p0 = at(top);
      // An edge to the ground ends on the line below its vertex (apart from its neighbours).
      const p2 = down === "0" ? { x: p0.x + spread * 14, y: groundY } : at(down);
      // Parallel edges bow apart, the outermost by at most 12 units.
      const bend = down === "0" ? 0 : spread * Math.min(18, 24 / Math.max(1, m - 1));
      const dx = p2.x - p0.x;
      const dy = p2.y - p0.y;
      const length = Math.hypot(dx, dy) || 1;
      const c = {
        x: (p0.x + p2.x) / 2 - (dy / length) * bend * 2,
        y: (p0.y + p2.y) / 2 + (dx / length) * bend * 2,
      };
      outline = ribbon(p0, c, p2);
      centreLine = `M${p0.x},${p0.y}Q${c.x},${c.y} ${p2.x},${p2.y}`;
      const mid = curvePoint(p0, c, p2, 0.5);
      middle = { x: mid.x + 6, y: mid.y - 2 };
    }
    const node = svgNode("g", { class: "hb-edge" });
    node.dataset.edge = String(number);
    node.append(svgNode("path", { class: "shape", d: outline, "fill-rule": "evenodd" }));
    node.append(svgNode("path", { class: hitClass, d: centreLine }));
    const placed = d.target(node, String(number), `delete edge ${number} (${a}-${b})`);
    if (placed) {
      const preview = (on) => () => {
        const kept = stillGrounded(edges, i);
        nodes.forEach((other, j) => other.classList.toggle("falls", on && j !== i && !kept[j]));
      };
      node.addEventListener("mouseenter", preview(true));
      node.addEventListener("mouseleave", preview(false));
      node.addEventListener("focus", preview(true));
      node.addEventListener("blur", preview(false));
    }
    nodes.push(node);
    d.add(node);
    d.add(label(middle.x, middle.y, String(number), "board-label small hb-number"));
  });
  for (const vertex of slot.keys()) {
    const v = at(vertex);
    d.add(svgNode("circle", { class: "hb-vertex", cx: v.x, cy: v.y, r: 4 }));
  }
  d.grow(width, groundY + 30);
  return {
    hint: "Green Hackenbush: click an edge to delete it; every edge no longer joined to the " +
      "ground falls with it (shaded while the pointer is on it). Each edge carries its move's " +
      "number; whoever deletes the last edge wins.",
    bottom: groundY + 32,
  };
}

// ---- Staircase Nim: coins carried one stair down --------------------------------------------
//
// Stair 1 is the lowest, by the ground on the left. A click on a coin carries it and the coins
// above it one stair down (`i-k`); or select a stair and choose how many to carry.

const STAIR_WIDTH = 44;
const STAIR_RISE = 14;
const COIN_HEIGHT = 9;
const CARRY_BUTTONS = 40; // the most "carry k" buttons a selected stair offers

// The listed moves `i-k` from stair i, by k.
function stairMoves(d, stair) {
  const prefix = `${stair}-`;
  return [...d.byNotation.keys()]
    .filter((move) => move.startsWith(prefix) && /^\d+$/.test(move.slice(prefix.length)))
    .map((move) => Number(move.slice(prefix.length)))
    .sort((p, q) => p - q);
}

function drawStaircase(d, position) {
  const stairs = numbers(position);
  const counts = stairs.map(small);
  const drawn = counts.map((n) => n !== null && n <= MAX_UNITS);
  const tallest = Math.max(1, ...counts.map((n, i) => (drawn[i] ? n : 6)));
  const left = 44;
  const groundY = 20 + stairs.length * STAIR_RISE + tallest * COIN_HEIGHT + 20;
  const chosen = page.board.stair;
  d.add(rect(4, groundY, left + stairs.length * STAIR_WIDTH, 8, "ground"));
  d.add(label(6, groundY - 6, "ground", "board-label small"));
  stairs.forEach((text, i) => {
    const stair = i + 1;
    const x = left + i * STAIR_WIDTH;
    const top = groundY - stair * STAIR_RISE;
    const step = svgNode("g", { class: stair % 2 === 1 ? "stair odd" : "stair even" });
    step.append(rect(x, top, STAIR_WIDTH, stair * STAIR_RISE, "shape"));
    d.add(step);
    d.add(label(x + STAIR_WIDTH / 2 - 4, groundY + 20, String(stair), "board-label small"));
    const n = counts[i];
    const takes = stairMoves(d, stair);
    if (takes.length > 0) {
      const selected = chosen === stair;
      d.pick(step, `stair:${stair}`,
        selected ? `unselect stair ${stair}` : `select stair ${stair} (${text} coins)`, selected,
        (board) => {
          if (board.stair === stair) {
            delete board.stair;
          } else {
            board.stair = stair;
          }
        });
      // Reached by selecting the stair.
      takes.slice(0, CARRY_BUTTONS).forEach((k) => d.reachable(`${stair}-${k}`));
    }
    if (!drawn[i]) {
      d.add(rect(x + 8, top - 6 * COIN_HEIGHT, STAIR_WIDTH - 16, 6 * COIN_HEIGHT, "bar"));
      d.add(label(x + 10, top - 6 * COIN_HEIGHT - 4, text, "bar-label small"));
      return;
    }
    for (let level = 0; level < n; level += 1) {
      const coin = svgNode("g", { class: "stair-coin" });
      coin.append(svgNode("rect", {
        class: "shape", x: x + 8, y: top - (level + 1) * COIN_HEIGHT, width: STAIR_WIDTH - 16,
        height: COIN_HEIGHT - 1, rx: 4,
      }));
      const carry = n - level;
      d.target(coin, `${stair}-${carry}`,
        `carry ${carry === 1 ? "the top coin" : `the top ${carry} coins`} of stair ${stair} ` +
        `to ${stair === 1 ? "the ground" : `stair ${stair - 1}`}`);
      d.add(coin);
    }
    if (n > 0) {
      d.add(label(x + STAIR_WIDTH / 2 - 4, top - n * COIN_HEIGHT - 4, text, "board-label small"));
    }
  });
  let bottom = groundY + 26;
  d.grow(left + stairs.length * STAIR_WIDTH + 8, bottom);
  if (chosen !== undefined && chosen <= stairs.length) {
    const to = chosen === 1 ? "the ground" : `stair ${chosen - 1}`;
    d.add(label(4, bottom + 10, `Carry from stair ${chosen} to ${to}:`, "board-note"));
    let x = 4;
    let y = bottom + 18;
    for (const k of stairMoves(d, chosen).slice(0, CARRY_BUTTONS)) {
      const text = `carry ${k}`;
      const width = 16 + 7 * text.length;
      if (x + width > 640) {
        x = 4;
        y += 30;
      }
      const button = svgNode("g", { class: "carry" });
      button.append(rect(x, y, width, 24, "shape", { rx: 5 }));
      button.append(label(x + 8, y + 16, text, "chip-text"));
      d.target(button, `${chosen}-${k}`, `carry ${k} from stair ${chosen} to ${to}`);
      d.add(button);
      d.grow(x + width + 4, y + 28);
      x += width + 6;
    }
    bottom = y + 30;
  }
  const grundy = current().data.analysis.grundy;
  const value = grundy === null ? "" : `Value ${grundy}: the nim-sum of the odd stairs (shaded). `;
  return {
    hint: `${value}Click a coin to carry it and the coins above it one stair down; or select a ` +
      "stair and choose how many to carry.",
    bottom,
  };
}

// The drawing of one of these games by its name, or undefined for other games.
function classicBoard(name) {
  return {
    wythoff: drawWythoff,
    chomp: drawChomp,
    hackenbush: drawHackenbush,
    staircase: drawStaircase,
  }[name];
}
