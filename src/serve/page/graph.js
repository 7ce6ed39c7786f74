// grundy serve: the board of a graph game (`graph:FILE`, offered with `grundy serve --graph`).
//
// The graph comes with the game's description (`/api/game`: `graph.vertices`, `graph.edges`,
// and per vertex the `gamma` and `winner` of one token alone there). Vertices sit on a circle,
// each filled by its outcome — green won, red lost, grey drawn — with its number and γ; edges
// are arrows, a self-loop a small ring. Tokens are black discs (a count when several share a
// vertex). Click a token, then the vertex to move it to: the targets are the listed moves
// `u->v`, coloured by the move's value as every board's moves are. Uses `Drawing`, `svgNode`
// and `label` of app.js (loaded after this file; they are looked up when a board is drawn).

const GRAPH_RADIUS = 18; // a vertex's radius

// Where vertex i (from 0) of n stands.
function graphPlace(i, n, centre, ring) {
  if (n === 1) {
    return { x: centre, y: centre };
  }
  const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return { x: centre + ring * Math.cos(angle), y: centre + ring * Math.sin(angle) };
}

function graphOutcome(winner) {
  if (winner === "first") {
    return "won";
  }
  return winner === "second" ? "lost" : "drawn";
}

// An arrow from a to b, stopping at b's rim; bent a little when the edge goes both ways.
function graphArrow(a, b, bend) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const start = { x: a.x + ux * GRAPH_RADIUS, y: a.y + uy * GRAPH_RADIUS };
  const end = { x: b.x - ux * (GRAPH_RADIUS + 4), y: b.y - uy * (GRAPH_RADIUS + 4) };
  const mid = {
    x: (start.x + end.x) / 2 - uy * bend,
    y: (start.y + end.y) / 2 + ux * bend,
  };
  return `M ${start.x} ${start.y} Q ${mid.x} ${mid.y} ${end.x} ${end.y}`;
}

function drawGraph(d, position, moves) {
  const graph = page.game.graph;
  const n = graph.vertices;
  const ring = Math.max(60, (n * (2 * GRAPH_RADIUS + 24)) / (2 * Math.PI));
  const centre = ring + GRAPH_RADIUS + 30;
  const places = Array.from({ length: n }, (_, i) => graphPlace(i, n, centre, ring));
  const tokens = new Map();
  for (const word of numbers(position)) {
    const vertex = Number(word);
    tokens.set(vertex, (tokens.get(vertex) ?? 0) + 1);
  }
  const from = tokens.has(page.board.from) ? page.board.from : undefined;

  const defs = svgNode("defs", {});
  const marker = svgNode("marker", {
    id: "graph-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5,
    markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse",
  });
  marker.append(svgNode("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "graph-arrowhead" }));
  defs.append(marker);
  d.add(defs);

  const both = new Set(graph.edges.map(([u, v]) => `${u}>${v}`));
  for (const [u, v] of graph.edges) {
    const a = places[u - 1];
    if (u === v) {
      const loop = svgNode("circle", {
        cx: a.x, cy: a.y - GRAPH_RADIUS - 9, r: 10, class: "graph-edge graph-loop",
      });
      d.add(loop);
      continue;
    }
    const bend = both.has(`${v}>${u}`) ? 14 : 0;
    d.add(svgNode("path", {
      d: graphArrow(a, places[v - 1], bend), class: "graph-edge", "marker-end": "url(#graph-arrow)",
    }));
  }

  // The moves reachable by picking a token first.
  for (const move of moves) {
    if (/^\d+->\d+$/.test(move.move)) {
      d.reachable(move.move);
    }
  }

  for (let vertex = 1; vertex <= n; vertex += 1) {
    const at = places[vertex - 1];
    const outcome = graphOutcome(graph.winner[vertex - 1]);
    const group = svgNode("g", { class: `graph-vertex vertex-${outcome}` });
    group.dataset.vertex = String(vertex);
    group.dataset.outcome = outcome;
    group.dataset.gamma = graph.gamma[vertex - 1];
    group.append(svgNode("circle", { cx: at.x, cy: at.y, r: GRAPH_RADIUS, class: "shape" }));
    group.append(label(at.x - 4 * String(vertex).length, at.y - 3, String(vertex),
      "board-label graph-number"));
    group.append(svgNode("text", { x: at.x - 4 * graph.gamma[vertex - 1].length, y: at.y + 11,
      class: "board-label small graph-gamma" }, graph.gamma[vertex - 1]));
    const count = tokens.get(vertex) ?? 0;
    if (from !== undefined && d.target(group, `${from}->${vertex}`,
      `move the token from ${from} to ${vertex}`)) {
      // A target: clicking it plays the move.
    } else if (count > 0) {
      const selected = from === vertex;
      d.pick(group, `token:${vertex}`,
        selected ? `put the token on ${vertex} back` : `pick the token on ${vertex}`, selected,
        (board) => {
          if (board.from === vertex) {
            delete board.from;
          } else {
            board.from = vertex;
          }
        });
    }
    if (count > 0) {
      const token = svgNode("circle", {
        cx: at.x + GRAPH_RADIUS * 0.7, cy: at.y + GRAPH_RADIUS * 0.7, r: 7, class: "graph-token",
      });
      group.append(token);
      if (count > 1) {
        group.append(svgNode("text", {
          x: at.x + GRAPH_RADIUS * 0.7 - 3, y: at.y + GRAPH_RADIUS * 0.7 + 4,
          class: "graph-token-count",
        }, String(count)));
      }
    }
    d.add(group);
  }
  d.grow(2 * centre, 2 * centre);
  return {
    hint: from === undefined
      ? "Click a token (black disc), then the vertex to move it to. A vertex is green when one " +
        "token there wins, red when it loses, grey when it draws; γ is under its number."
      : `Click the vertex to move the token on ${from} to, or the token again to put it back.`,
    bottom: 2 * centre,
  };
}
