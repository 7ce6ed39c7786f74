// grundy serve: boards on a grid — Cram's cells and dominoes, and Node Kayles and Arc Kayles on
// the grid graph (`node-kayles:grid:RxC`, `arc-kayles:grid:RxC`) as dots joined by edges. Loaded
// before app.js, whose drawing helpers (Drawing, svgNode, rect, label, page, current) these
// functions use when they run; app.js asks `gridBoard(name)` for the drawing of a game.
//
// As on every board, the moves are exactly the listed moves of /api/moves: each drawing works
// out which listed move a click makes from the move's own notation (`1,2h`, `5`, `1-4`) and
// gives it that move's colour; a listed move with no place here is a chip below.
"use strict";

const GRID_LARGEST = 40; // the most rows or columns drawn
const GRID_WIDTH = 600; // the width a board is fitted into (cells shrink, down to GRID_SMALLEST)
const GRID_SMALLEST = 16;
const GRID_LEFT = 26; // room for the row numbers
const GRID_TOP = 22; // room for the column numbers

// A cell's side on a board of `cols` columns.
function gridStep(cols, largest) {
  return Math.max(GRID_SMALLEST, Math.min(largest, Math.floor(GRID_WIDTH / cols)));
}

// Row numbers on the left and column numbers on top, from 1.
function gridNumbers(d, rows, cols, step) {
  for (let c = 0; c < cols; c += 1) {
    d.add(label(GRID_LEFT + c * step + step / 2 - 4, GRID_TOP - 8, String(c + 1),
      "board-label small"));
  }
  for (let r = 0; r < rows; r += 1) {
    d.add(label(4, GRID_TOP + r * step + step / 2 + 4, String(r + 1), "board-label small"));
  }
}

// ---- Cram: dominoes on a board of cells -----------------------------------------------------
//
// The position says which cells are empty (`.`) and which are not (`#`); a cell covered by a
// domino is written `#` like a blocked one, so the dominoes themselves come from the moves made
// on the page since the position was set up (the history up to the position shown). Each
// domino that can be placed has a handle across the border of its two cells, coloured by its
// value: click it to place the domino. Or click an empty cell, then a neighbour.

// The cells of a Cram position (`3x4`, or rows of `.`/`#` joined by `/`): {rows, cols, empty},
// empty[r][c] true for an empty cell; null when it cannot be drawn.
function cramCells(text) {
  const written = text.trim();
  const rectangle = /^(\d+)[xX](\d+)$/.exec(written);
  let empty;
  if (rectangle) {
    const rows = Number(rectangle[1]);
    const cols = Number(rectangle[2]);
    if (rows < 1 || cols < 1 || rows > GRID_LARGEST || cols > GRID_LARGEST) {
      return null;
    }
    empty = Array.from({ length: rows }, () => Array(cols).fill(true));
  } else {
    const lines = written.split("/");
    if (lines.some((line) => !/^[.#]+$/.test(line) || line.length !== lines[0].length)) {
      return null;
    }
    empty = lines.map((line) => [...line].map((cell) => cell === "."));
  }
  const rows = empty.length;
  const cols = empty[0].length;
  if (rows > GRID_LARGEST || cols > GRID_LARGEST) {
    return null;
  }
  return { rows, cols, empty };
}

// A domino's notation `R,Ch` / `R,Cv` as {row, col, vertical} (from 0), or null.
function cramDomino(notation) {
  const found = /^(\d+),(\d+)([hv])$/.exec(notation ?? "");
  return found
    ? { row: Number(found[1]) - 1, col: Number(found[2]) - 1, vertical: found[3] === "v" }
    : null;
}

// The dominoes placed on the page up to the position shown, with who placed each ("human",
// "computer", or null when analysing): the moves of the history, each checked to cover two
// cells that are not empty now.
function cramPlaced(cells) {
  const placed = [];
  for (let i = 1; i <= page.index && i < page.history.length; i += 1) {
    const domino = cramDomino(page.history[i].move);
    if (domino === null) {
      continue;
    }
    const row = domino.row + (domino.vertical ? 1 : 0);
    const col = domino.col + (domino.vertical ? 0 : 1);
    const covered = (r, c) => r < cells.rows && c < cells.cols && !cells.empty[r][c];
    if (covered(domino.row, domino.col) && covered(row, col)) {
      placed.push({ ...domino, by: page.history[i - 1].mover });
    }
  }
  return placed;
}

function drawCram(d, position) {
  const cells = cramCells(position);
  if (cells === null) {
    d.add(label(8, 20, "This board is too large to draw: play it with the moves below.",
      "board-note"));
    d.grow(420, 30);
    return { hint: "Play with the moves below.", bottom: 34 };
  }
  const { rows, cols, empty } = cells;
  const step = gridStep(cols, 44);
  const x = (c) => GRID_LEFT + c * step;
  const y = (r) => GRID_TOP + r * step;
  const chosen = page.board.cell;
  gridNumbers(d, rows, cols, step);
  // Each empty cell's listed dominoes: the notation and the other cell.
  const dominoesAt = new Map();
  const addAt = (r, c, entry) => {
    const key = `${r},${c}`;
    if (!dominoesAt.has(key)) {
      dominoesAt.set(key, []);
    }
    dominoesAt.get(key).push(entry);
  };
  const handles = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      for (const vertical of [false, true]) {
        const r2 = vertical ? r + 1 : r;
        const c2 = vertical ? c : c + 1;
        if (r2 >= rows || c2 >= cols || !empty[r][c] || !empty[r2][c2]) {
          continue;
        }
        const notation = `${r + 1},${c + 1}${vertical ? "v" : "h"}`;
        if (d.move(notation) === undefined) {
          continue;
        }
        addAt(r, c, { notation, other: [r2, c2] });
        addAt(r2, c2, { notation, other: [r, c] });
        handles.push({ r, c, r2, c2, vertical, notation });
      }
    }
  }
  const cellNodes = new Map();
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const node = svgNode("g", { class: empty[r][c] ? "cram-cell" : "cram-cell filled" });
      node.dataset.cell = `${r + 1},${c + 1}`;
      node.append(rect(x(c), y(r), step, step, "shape"));
      cellNodes.set(`${r},${c}`, node);
      d.add(node);
    }
  }
  // Clicking a cell, then a neighbour: the chosen cell is selected; its neighbours play.
  const chosenMoves = chosen === undefined ? [] : (dominoesAt.get(chosen) ?? []);
  const partners = new Map(chosenMoves.map(({ notation, other }) => [`${other[0]},${other[1]}`,
    notation]));
  for (const [key, node] of cellNodes) {
    const [r, c] = key.split(",").map(Number);
    const where = `${r + 1},${c + 1}`;
    if (partners.has(key)) {
      d.target(node, partners.get(key), `place a domino on cells ${chosen.split(",")
        .map((n) => Number(n) + 1).join(",")} and ${where}`);
    } else if (dominoesAt.has(key)) {
      const selected = chosen === key;
      d.pick(node, `cell:${where}`,
        selected ? `unselect cell ${where}` : `select cell ${where} for a domino`, selected,
        (board) => {
          if (board.cell === key) {
            delete board.cell;
          } else {
            board.cell = key;
          }
        });
    }
  }
  // The dominoes placed: on the page's moves, the player's and the computer's apart.
  const inset = Math.max(2, Math.round(step / 9));
  for (const domino of cramPlaced(cells)) {
    const width = domino.vertical ? step : 2 * step;
    const height = domino.vertical ? 2 * step : step;
    const by = domino.by === null ? "" : ` by-${domino.by}`;
    const piece = rect(x(domino.col) + inset, y(domino.row) + inset, width - 2 * inset,
      height - 2 * inset, `domino${by}`, { rx: inset + 2 });
    piece.dataset.domino = `${domino.row + 1},${domino.col + 1}${domino.vertical ? "v" : "h"}`;
    d.add(piece);
  }
  // A handle across the border of each domino's two cells; its cells are shaded on the pointer.
  const long = Math.round(step * 0.62);
  const thick = Math.max(8, Math.round(step * 0.3));
  for (const { r, c, r2, c2, vertical, notation } of handles) {
    const midX = vertical ? x(c) + step / 2 : x(c2);
    const midY = vertical ? y(r2) : y(r) + step / 2;
    const [width, height] = vertical ? [thick, long] : [long, thick];
    const handle = svgNode("g", { class: "cram-handle" });
    handle.append(rect(midX - width / 2, midY - height / 2, width, height, "shape",
      { rx: Math.round(thick / 3) }));
    const placed = d.target(handle, notation,
      `place a domino on cells ${r + 1},${c + 1} and ${r2 + 1},${c2 + 1}`);
    if (placed) {
      const both = [cellNodes.get(`${r},${c}`), cellNodes.get(`${r2},${c2}`)];
      const preview = (on) => () => both.forEach((node) => node.classList.toggle("covering", on));
      handle.addEventListener("mouseenter", preview(true));
      handle.addEventListener("mouseleave", preview(false));
      handle.addEventListener("focus", preview(true));
      handle.addEventListener("blur", preview(false));
    }
    d.add(handle);
  }
  const bottom = y(rows) + 8;
  d.grow(x(cols) + 8, bottom);
  const open = empty.flat().filter(Boolean).length;
  let hint = "Click a handle across two empty cells to place a domino there (each handle " +
    "coloured by its move's value); or click an empty cell, then a neighbour. Grey cells are " +
    "blocked or covered; the dominoes placed here are drawn, yours apart from the computer's.";
  if (chosen !== undefined) {
    const [r, c] = chosen.split(",").map(Number);
    hint = `Cell ${r + 1},${c + 1} selected: click a neighbour to place the domino there (or the ` +
      "cell again to unselect it).";
  }
  if (open > 30) {
    hint += ` This board has ${open} empty cells: a large open board can take the server ` +
      "longer than its time limit to solve.";
  }
  return { hint, bottom };
}

// ---- Node Kayles and Arc Kayles on the grid graph -------------------------------------------
//
// Vertex r·C + c + 1 is the dot in row r, column c (from 0). A position is `all`, then the
// vertices removed `-k`. Node Kayles: click a dot to take it and its neighbours (shaded on the
// pointer). Arc Kayles: click an edge to take its two ends (the edges that go with them are
// shaded on the pointer).

// `node-kayles:grid:RxC` or `arc-kayles:grid:RxC` as {rule, rows, cols}, or null.
function kaylesGrid(name) {
  const found = /^(node|arc)-kayles:grid:(\d+)[xX](\d+)$/i.exec(name);
  if (!found) {
    return null;
  }
  return {
    rule: found[1].toLowerCase(),
    rows: Number(found[2]),
    cols: Number(found[3]),
  };
}

// The vertices removed in a position `all -3 -7`, as a set of numbers.
function kaylesRemoved(position) {
  const removed = new Set();
  for (const word of position.trim().split(/\s+/).slice(1)) {
    removed.add(Number(word.replace(/^-/, "")));
  }
  return removed;
}

function drawKaylesGrid(d, position, grid) {
  const { rule, rows, cols } = grid;
  if (rows > GRID_LARGEST || cols > GRID_LARGEST) {
    d.add(label(8, 20, "This grid is too large to draw: play it with the moves below.",
      "board-note"));
    d.grow(420, 30);
    return { hint: "Play with the moves below.", bottom: 34 };
  }
  const removed = kaylesRemoved(position);
  const step = gridStep(cols, 52);
  const radius = Math.max(6, Math.round(step * 0.24));
  const at = (v) => {
    const r = Math.floor((v - 1) / cols);
    const c = (v - 1) % cols;
    return { x: GRID_LEFT + c * step + step / 2, y: GRID_TOP + r * step + step / 2 };
  };
  const inPlay = (v) => !removed.has(v);
  gridNumbers(d, rows, cols, step);
  // The grid's edges u-v (u < v), rightwards and downwards.
  const edges = [];
  const around = new Map();
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const u = r * cols + c + 1;
      around.set(u, []);
    }
  }
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const u = r * cols + c + 1;
      for (const v of [c + 1 < cols ? u + 1 : null, r + 1 < rows ? u + cols : null]) {
        if (v !== null) {
          edges.push([u, v]);
          around.get(u).push(v);
          around.get(v).push(u);
        }
      }
    }
  }
  const vertexNodes = new Map();
  const edgeNodes = [];
  // Edges first (under the dots): a line while both ends are in play, faint once one is gone.
  for (const [u, v] of edges) {
    const p = at(u);
    const q = at(v);
    const live = inPlay(u) && inPlay(v);
    const node = svgNode("g", { class: live ? "kg-edge" : "kg-edge gone" });
    node.dataset.edge = `${u}-${v}`;
    if (rule === "arc" && live) {
      // A ribbon from dot to dot, clicked anywhere between them.
      const half = Math.max(4, Math.round(step * 0.11));
      const horizontal = p.y === q.y;
      node.append(horizontal
        ? rect(p.x, p.y - half, q.x - p.x, 2 * half, "shape", { rx: 2 })
        : rect(p.x - half, p.y, 2 * half, q.y - p.y, "shape", { rx: 2 }));
      const placed = d.target(node, `${u}-${v}`,
        `take the edge ${u}-${v}: vertices ${u} and ${v} go, with every edge at them`);
      if (placed) {
        const preview = (on) => () => {
          for (const other of edgeNodes) {
            const [a, b] = other.dataset.edge.split("-").map(Number);
            const touches = a === u || a === v || b === u || b === v;
            other.classList.toggle("taken", on && touches && other !== node);
          }
          for (const w of [u, v]) {
            vertexNodes.get(w)?.classList.toggle("taken", on);
          }
        };
        node.addEventListener("mouseenter", preview(true));
        node.addEventListener("mouseleave", preview(false));
        node.addEventListener("focus", preview(true));
        node.addEventListener("blur", preview(false));
      }
    } else {
      node.append(svgNode("line", { class: "kg-line", x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
    }
    edgeNodes.push(node);
    d.add(node);
  }
  // The dots, over the edges.
  for (let v = 1; v <= rows * cols; v += 1) {
    const p = at(v);
    const live = inPlay(v);
    const node = svgNode("g", { class: live ? "kg-vertex" : "kg-vertex gone" });
    node.dataset.vertex = String(v);
    node.append(svgNode("circle", { class: "shape", cx: p.x, cy: p.y, r: live ? radius : 3 }));
    if (live && radius >= 9) {
      node.append(label(p.x - (v >= 10 ? 7 : 3.5), p.y + 4, String(v), "kg-number"));
    }
    vertexNodes.set(v, node);
    d.add(node);
    if (rule === "node" && live) {
      const taken = around.get(v).filter(inPlay);
      const placed = d.target(node, String(v), taken.length === 0
        ? `take vertex ${v} (it has no neighbour left)`
        : `take vertex ${v} and its neighbours ${taken.join(", ")}`);
      if (placed) {
        const preview = (on) => () => {
          for (const w of taken) {
            vertexNodes.get(w)?.classList.toggle("taken", on);
          }
          for (const other of edgeNodes) {
            const [a, b] = other.dataset.edge.split("-").map(Number);
            other.classList.toggle("taken", on && (a === v || b === v || taken.includes(a) ||
              taken.includes(b)));
          }
        };
        node.addEventListener("mouseenter", preview(true));
        node.addEventListener("mouseleave", preview(false));
        node.addEventListener("focus", preview(true));
        node.addEventListener("blur", preview(false));
      }
    }
  }
  const bottom = GRID_TOP + rows * step + 8;
  d.grow(GRID_LEFT + cols * step + 8, bottom);
  const hint = rule === "node"
    ? "Node Kayles on the grid: click a vertex to take it with its neighbours (shaded while " +
      "the pointer is on it); each vertex is coloured by its move's value. Vertices are " +
      "numbered row by row from the top left; the small dots are gone."
    : "Arc Kayles on the grid: click an edge to take its two ends (the edges that go with them " +
      "are shaded while the pointer is on it); each edge is coloured by its move's value. " +
      "Vertices are numbered row by row from the top left; the small dots are gone.";
  return { hint, bottom };
}

// The drawing of Cram or of a Kayles grid game by its name, or undefined for other games.
function gridBoard(name) {
  if (name === "cram") {
    return drawCram;
  }
  const grid = kaylesGrid(name);
  if (grid === null) {
    return undefined;
  }
  return (d, position) => drawKaylesGrid(d, position, grid);
}
