// grundy's page: play a heap game against the engine and explore Grundy
// sequences. Plain JavaScript, no libraries: the server does every
// computation through its JSON API and this file only draws.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
// Heaps larger than this are played from the move list instead of tokens,
// so that a row of buttons never floods the page.
const MAX_TOKENS_DRAWN = 60;

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch (_) {
    throw new Error(`${path}: the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(data.error || `${path}: status ${response.status}`);
  // A note beside the answer (values read from a proved period), kept out
  // of the JSON so that the body stays the CLI's.
  const note = response.headers.get("x-grundy-note");
  if (note && data && typeof data === "object") {
    Object.defineProperty(data, "note", { value: note, enumerable: false });
  }
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function showError(id, err) {
  const box = $(id);
  if (err) {
    box.textContent = err.message || String(err);
    box.hidden = false;
  } else {
    box.hidden = true;
  }
}

// ---------------------------------------------------------------- tabs

function selectTab(name) {
  for (const t of ["play", "explore"]) {
    const on = t === name;
    $(`tab-${t}`).setAttribute("aria-selected", String(on));
    $(`tab-${t}`).tabIndex = on ? 0 : -1;
    $(`panel-${t}`).hidden = !on;
  }
}

function setUpTabs() {
  const tabs = ["play", "explore"];
  tabs.forEach((t, i) => {
    const tab = $(`tab-${t}`);
    tab.addEventListener("click", () => selectTab(t));
    tab.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
        selectTab(next);
        $(`tab-${next}`).focus();
        e.preventDefault();
      }
    });
  });
}

// ---------------------------------------------------------------- play

const game = {
  mode: "heaps", // or "board" (Cram, Chomp), with its own state below
  spec: "nim",
  misere: false,
  heaps: [],
  options: [], // options[i]: the legal moves from heap i, [{to:[..], take}]
  history: [], // [{who, heaps (before), move, after}]
  turn: "me",
  over: false,
  busy: false,
};

function describeMove(move) {
  const from = move.from;
  const left = move.to.length === 0 ? "nothing" : move.to.join(" + ");
  const taken = from - move.to.reduce((a, b) => a + b, 0);
  const what = taken > 0 ? `take ${taken}` : "split";
  return `heap ${move.heap + 1}: ${what} (${from} → ${left})`;
}

function heapsText(heaps) {
  return heaps.join(" ");
}

function setStatus(text, cls = "") {
  const s = $("status");
  s.textContent = text;
  s.className = cls;
}

function gameTitle() {
  const sel = $("preset").selectedOptions[0];
  const name = sel.value === "" ? game.spec : sel.textContent.replace(/\s*\(.*\)$/, "");
  return game.misere && !/misère/i.test(name) ? `${name}, misère` : name;
}

async function newGame(event) {
  if (event) event.preventDefault();
  showError("setup-error", null);
  const sel = $("preset").selectedOptions[0];
  let spec = sel.value === "" ? $("spec").value.trim() : sel.value;
  if (sel.dataset.board === "true") spec = `${sel.value}:${$("board-size").value.trim()}`;
  if (spec.includes(":")) return newBoardGame(spec);
  game.mode = "heaps";
  const words = $("heaps").value.trim().split(/[\s,]+/).filter(Boolean);
  if (!spec) return showError("setup-error", new Error("Type a game spec, such as sub{1,2}."));
  if (words.length === 0) return showError("setup-error", new Error("Give at least one heap size."));
  const bad = words.find((w) => !/^\d+$/.test(w));
  if (bad !== undefined) return showError("setup-error", new Error(`Heap size "${bad}" is not a non-negative integer.`));
  const heaps = words.map(Number);
  Object.assign(game, {
    spec,
    misere: $("misere").checked,
    heaps,
    history: [],
    turn: $("first").value,
    over: false,
  });
  $("game-title").textContent = gameTitle();
  $("after-heading").textContent = "Heaps after";
  $("hint-box").hidden = true;
  $("game-over-marker")?.remove();
  game.busy = true;
  updateButtons();
  try {
    await refresh();
  } catch (err) {
    game.over = true;
    game.heaps = [];
    setStatus("");
    showError("setup-error", err);
  } finally {
    game.busy = false;
    drawBoard();
    updateButtons();
  }
  if (!game.over && game.turn === "engine") await engineMove();
}

// Fetches the legal moves of the position, and decides whether it is over.
async function refresh() {
  const data = await api("/api/options", { game: game.spec, heaps: game.heaps });
  game.options = data.options;
  drawBoard();
  drawHistory();
  const anyMove = game.options.some((o) => o.length > 0);
  if (!anyMove) {
    game.over = true;
    // Under normal play whoever cannot move loses; under misère play wins.
    const moverWins = game.misere;
    const meToMove = game.turn === "me";
    const iWin = meToMove === moverWins;
    const last = game.history[game.history.length - 1];
    const empty = game.heaps.every((h) => h === 0);
    const why = !empty
      ? "No move is left"
      : last && game.misere
        ? `${last.who === "you" ? "You" : "The engine"} took the last token (misère)`
        : "No tokens are left";
    setStatus(`${why}: ${iWin ? "you win!" : "the engine wins."}`, iWin ? "win" : "lose");
    $("game-over-marker")?.remove();
    $("board").after(el("p", { id: "game-over-marker", "data-winner": iWin ? "me" : "engine", class: "help", text: "Game over. Start a new game from the form." }));
  } else if (game.turn === "me") {
    setStatus("Your move: click a token to take it and every token to its right.");
  }
  updateButtons();
}

function updateButtons() {
  if (game.mode === "board") return updateBoardButtons();
  // For tests and assistive styling: what the page is waiting for.
  document.body.dataset.state = game.over ? "over" : game.busy ? "busy" : game.turn === "me" ? "my-turn" : "engine";
  $("hint").disabled = game.over || game.busy || game.turn !== "me";
  $("undo").disabled = game.busy || !game.history.some((h) => h.who === "you");
}

function drawBoard() {
  if (game.mode === "board") return drawGrid();
  const board = $("board");
  board.replaceChildren();
  $("choices").hidden = true;
  const last = game.history[game.history.length - 1];
  game.heaps.forEach((size, i) => {
    const row = el("div", { class: "heap", id: `heap-${i}`, "data-size": String(size) });
    if (last && last.move.heap === i) row.classList.add("last-move");
    row.append(el("span", { class: "heap-label", text: `Heap ${i + 1}: ${size}` }));
    const canPlay = !game.over && !game.busy && game.turn === "me";
    if (size === 0) {
      row.append(el("span", { class: "empty-heap", text: "empty" }));
    } else if (size <= MAX_TOKENS_DRAWN) {
      const tokens = el("div", { class: "tokens", role: "group", "aria-label": `Heap ${i + 1}, ${size} tokens` });
      for (let j = 1; j <= size; j++) {
        const take = size - j + 1;
        const b = el("button", {
          type: "button",
          class: "token",
          "data-heap": String(i),
          "data-token": String(j),
          "aria-label": `Heap ${i + 1}: take ${take} (token ${j} and all to its right)`,
          title: `take ${take}`,
        });
        b.disabled = !canPlay || (game.options[i] || []).length === 0;
        b.addEventListener("click", () => tokenClicked(i, take));
        b.addEventListener("mouseenter", () => markTokens(i, j, true));
        b.addEventListener("mouseleave", () => markTokens(i, j, false));
        b.addEventListener("focus", () => markTokens(i, j, true));
        b.addEventListener("blur", () => markTokens(i, j, false));
        tokens.append(b);
      }
      row.append(tokens);
    }
    const opts = game.options[i] || [];
    if (size === 0) return board.append(row);
    const more = el("button", { type: "button", class: "list-moves", text: opts.length ? "moves…" : "no move" });
    more.disabled = !canPlay || opts.length === 0;
    more.addEventListener("click", () => showChoices(i, opts, `All moves from heap ${i + 1} (${size}):`));
    row.append(more);
    board.append(row);
  });

}

function markTokens(heap, from, on) {
  for (const t of document.querySelectorAll(`.token[data-heap="${heap}"]`)) {
    t.classList.toggle("marked", on && Number(t.dataset.token) >= from);
  }
}

function tokenClicked(heap, take) {
  const opts = game.options[heap] || [];
  const exact = opts.filter((o) => o.take === take);
  if (exact.length > 1) return showChoices(heap, exact, `Take ${take} from heap ${heap + 1}, leaving:`);
  // One way to take that many, or none: the server checks the move and
  // says why it is illegal.
  playMine(heap, take, exact.length === 1 ? exact[0].to : undefined);
}

function showChoices(heap, opts, label) {
  const box = $("choices");
  $("choices-label").textContent = label;
  const list = $("choices-list");
  list.replaceChildren();
  for (const o of opts) {
    const left = o.to.length ? o.to.join(" + ") : "nothing";
    const text = o.take > 0 ? `take ${o.take} → ${left}` : `split → ${left}`;
    list.append(el("button", { type: "button", class: "choice", text, onclick: () => playMine(heap, o.take, o.to) }));
  }
  box.hidden = false;
  list.firstChild?.focus();
}

// Plays "take `take` from heap `heap`" (leaving the heaps `leave`, for a
// split): the server checks the move and answers the position after it, or
// the reason the move is illegal.
async function playMine(heap, take, leave) {
  if (game.over || game.busy || game.turn !== "me") return;
  const body = { game: game.spec, heaps: game.heaps, misere: game.misere, heap, take };
  if (leave !== undefined) body.leave = leave;
  let played;
  game.busy = true;
  updateButtons();
  try {
    played = await api("/api/play", body);
  } catch (err) {
    game.busy = false;
    drawBoard();
    updateButtons();
    setStatus(`${err.message[0].toUpperCase()}${err.message.slice(1)}.`, "illegal");
    const opts = game.options[heap] || [];
    if (opts.length) showChoices(heap, opts, `Legal moves from heap ${heap + 1}:`);
    return;
  }
  game.busy = false;
  record("you", played.move, played.heaps_after);
  game.turn = "engine";
  $("hint-box").hidden = true;
  await step(refresh);
  if (!game.over) await engineMove();
}

// A heap taken whole stays on the board as an empty heap, so heap numbers
// do not shift under the player's eyes; a split puts its heaps in place
// (the server's `heaps_after`).
function record(who, move, after) {
  game.history.push({ who, before: game.heaps, move, after });
  game.heaps = after;
}

async function step(action) {
  game.busy = true;
  updateButtons();
  try {
    await action();
  } catch (err) {
    setStatus(`Error: ${err.message}`, "lose");
  } finally {
    game.busy = false;
    drawBoard();
    updateButtons();
  }
}

async function engineMove() {
  setStatus("The engine is thinking…");
  await step(async () => {
    const data = await api("/api/move", { game: game.spec, heaps: game.heaps, misere: game.misere });
    if (!data.move) throw new Error("the engine found no move");
    record("engine", data.move, data.heaps_after);
    game.turn = "me";
    await refresh();
  });
}

function undo() {
  if (game.mode === "board") return undoBoard();
  // Takes back the engine's reply and your last move, so it is your turn again.
  while (game.history.length) {
    const last = game.history.pop();
    game.heaps = last.before;
    if (last.who === "you") break;
  }
  game.turn = "me";
  game.over = false;
  $("game-over-marker")?.remove();
  $("hint-box").hidden = true;
  step(refresh);
}

function drawHistory() {
  if (game.mode === "board") return drawBoardHistory();
  const body = $("history").tBodies[0];
  body.replaceChildren();
  game.history.forEach((h, i) => {
    body.append(
      el("tr", {},
        el("td", { text: String(i + 1) }),
        el("td", { text: h.who === "you" ? "you" : "engine" }),
        el("td", { text: describeMove(h.move) }),
        el("td", { text: heapsText(h.after) })));
  });
}

// ---------------------------------------------------------------- hints

function binary(n, width) {
  return n.toString(2).padStart(width, "0");
}

async function showHint() {
  if (game.mode === "board") return showBoardHint();
  const box = $("hint-box");
  box.hidden = false;
  box.textContent = "Thinking…";
  try {
    const h = await api("/api/hint", { game: game.spec, heaps: game.heaps, misere: game.misere });
    box.replaceChildren(renderHint(h));
    box.focus?.();
  } catch (err) {
    box.textContent = `Error: ${err.message}`;
  }
}

// Misère play past the exhaustive search: the heaps' elements of the game's
// misère quotient and their product, in place of Grundy values (which do
// not add up in misère play).
function renderQuotientTable(h) {
  const q = h.quotient;
  const table = el("table", { class: "binary quotient", "aria-label": "Elements of the misère quotient" });
  table.append(el("thead", {}, el("tr", {},
    el("th", { text: "heap" }), el("th", { text: "size" }), el("th", { text: "element" }))));
  const body = el("tbody");
  h.heaps.forEach((size, i) => {
    body.append(el("tr", {}, el("td", { text: String(i + 1) }), el("td", { text: String(size) }),
      el("td", { text: q.elements[i] })));
  });
  const inP = q.p_portion.includes(q.product);
  body.append(el("tr", { class: "sum" }, el("td", { text: "product" }), el("td", { text: "" }),
    el("td", { class: inP ? "" : "bit-top", text: q.product })));
  table.append(body);
  const note = el("p", {
    class: "help",
    text: `Misère quotient of order ${q.order} (heaps up to ${q.max_heap}); P-portion: {${q.p_portion.join(", ")}}. ` +
      `The sum is a P-position exactly when the product is in the P-portion.`,
  });
  return [table, note];
}

function renderHint(h) {
  const frag = document.createDocumentFragment();
  if (h.quotient) {
    frag.append(...renderQuotientTable(h));
    return renderHintMoves(h, frag);
  }
  if (h.lesson === "search") {
    // Misère play of a small position: no table of values, which would
    // suggest a nim-sum that does not decide misère play.
    frag.append(el("p", {
      class: "help",
      text: "In misère play the Grundy values of the heaps do not add up. This position is small " +
        "enough to search every continuation; the verdict below is that search's.",
    }));
    return renderHintMoves(h, frag);
  }
  const e = h.explanation;
  const isNim = h.lesson === "nim";
  const width = Math.max(1, ...e.rows.map((r) => r.value.toString(2).length), e.nim_sum.toString(2).length);
  const top = e.top_bit; // index of the nim-sum's highest set bit, or null
  const table = el("table", { class: "binary", "aria-label": "Values in binary" });
  const head = el("tr", {}, el("th", { text: "heap" }), el("th", { text: "size" }));
  if (!isNim) head.append(el("th", { text: "Grundy value" }));
  for (let b = width - 1; b >= 0; b--) head.append(el("th", { text: String(2 ** b) }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  const cells = (value, row) => {
    const bits = binary(value, width);
    [...bits].forEach((bit, k) => {
      const b = width - 1 - k;
      row.append(el("td", { class: b === top ? "bit-top" : "", text: bit }));
    });
  };
  for (const r of e.rows) {
    const row = el("tr", { class: r.has_top_bit ? "has-top" : "" },
      el("td", { text: String(r.heap + 1) }), el("td", { text: String(r.size) }));
    if (!isNim) row.append(el("td", { text: `*${r.value}` }));
    cells(r.value, row);
    body.append(row);
  }
  const sum = el("tr", { class: "sum" }, el("td", { text: "xor" }), el("td", { text: "" }));
  if (!isNim) sum.append(el("td", { text: `*${e.nim_sum}` }));
  cells(e.nim_sum, sum);
  body.append(sum);
  table.append(body);
  frag.append(table);
  return renderHintMoves(h, frag);
}

// The verdict, the winning moves (or the move that keeps the game long)
// and the lesson's text, after the table of a hint.
function renderHintMoves(h, frag) {
  const verdict = h.outcome === "N"
    ? "This is an N-position: the player to move (you) can win."
    : "This is a P-position: every move loses against perfect play. Keep the game long and hope for a mistake.";
  frag.append(el("p", { class: "verdict", text: verdict }));
  if (h.winning_moves.length) {
    const list = el("ul", { class: "winning-moves" });
    for (const m of h.winning_moves) list.append(el("li", { text: describeMove(m) }));
    frag.append(el("p", { text: "Winning moves:" }), list);
  } else if (h.suggestion) {
    frag.append(el("p", { class: "suggestion", text: `To keep the game long: ${describeMove(h.suggestion)}.` }));
  }
  // The lesson itself, the same text as `grundy play` prints for a hint;
  // open where its 78 columns fit.
  const lesson = el("details", { class: "lesson" },
    el("summary", { text: "Why (the lesson, as grundy play prints it)" }), el("pre", { text: h.text }));
  lesson.open = window.innerWidth >= 700;
  frag.append(lesson);
  return frag;
}

// ---------------------------------------------------------------- explorer

async function explore(event) {
  if (event) event.preventDefault();
  showError("explore-error", null);
  const spec = $("explore-spec").value.trim();
  const to = Number($("explore-to").value);
  const heap = Number($("explore-graph").value);
  try {
    const [values, period] = await Promise.all([
      api("/api/values", { game: spec, from: 0, to }),
      api("/api/period", { game: spec }),
    ]);
    drawChart(values, period);
    drawScatter(values, period);
    const note = $("values-note");
    note.textContent = values.note ? `Note: ${values.note}.` : "";
    note.hidden = !values.note;
    const graph = await api("/api/graph", { game: spec, heaps: [heap] });
    drawGraph(graph, heap);
    const card = $("quotient-card");
    card.hidden = !$("explore-misere").checked;
    if (!card.hidden) {
      $("quotient-summary").textContent = "Computing…";
      const q = await api("/api/quotient", { game: spec, max_heap: Math.min(to, 30), table: true });
      drawQuotient(q);
    }
  } catch (err) {
    showError("explore-error", err);
  }
}

// The quotient's presentation, its pretending function, and for small
// quotients (at most 64 elements) its multiplication table with the
// products in the P-portion coloured.
function drawQuotient(q) {
  $("quotient-title").textContent = `Misère quotient of ${q.game}, heaps up to ${q.max_heap}`;
  const rel = q.presentation.relations.length ? q.presentation.relations.join(", ") : "none";
  const gens = q.presentation.generators.map((g, i) => `${g} = heap ${q.presentation.generator_heaps[i]}`).join(", ");
  $("quotient-summary").textContent =
    `|Q| = ${q.order}, |P| = ${q.p_portion.length}. Generators: ${gens || "none"}. Relations: ${rel}. ` +
    `P-portion: {${q.p_portion.join(", ")}}. ${q.tame ? "Tame (the quotient of misère Nim)." : "Wild."}` +
    (q.stable_from !== null ? ` The same for every heap bound from ${q.stable_from} to ${q.max_heap}.` : "");
  const pre = el("table", { class: "binary pretending", "aria-label": "Pretending function" });
  const row = (label, cells, cls) => {
    const tr = el("tr", {}, el("th", { text: label }));
    cells.forEach((c, i) => tr.append(el("td", { class: cls ? cls(i) : "", text: c })));
    return tr;
  };
  pre.append(row("heap", q.pretending.map((_, i) => String(i))));
  pre.append(row("element", q.pretending, (i) => (q.p_portion.includes(q.pretending[i]) ? "in-p" : "")));
  $("quotient-pretending").replaceChildren(pre);
  const holder = $("quotient-table");
  if (!q.table || q.order > 64) {
    holder.replaceChildren(el("p", { class: "help", text: `The multiplication table is shown for quotients of at most 64 elements; this one has ${q.order}.` }));
    return;
  }
  const p = new Set(q.p_portion);
  const t = el("table", { class: "binary mul-table", "aria-label": "Multiplication table" });
  const head = el("tr", {}, el("th", { text: "·" }));
  q.elements.forEach((x) => head.append(el("th", { text: x })));
  t.append(el("thead", {}, head));
  const body = el("tbody");
  q.table.forEach((cells, i) => {
    const tr = el("tr", {}, el("th", { text: q.elements[i] }));
    cells.forEach((k) => {
      const name = q.elements[k];
      tr.append(el("td", { class: p.has(name) ? "in-p" : "", text: name }));
    });
    body.append(tr);
  });
  t.append(body);
  holder.replaceChildren(t, el("p", { class: "legend", text: "Coloured: products in the P-portion (the sum is a P-position)." }));
}

function drawChart(v, period) {
  const values = v.values;
  const n = values.length;
  const max = Math.max(1, ...values);
  const step = Math.max(8, Math.min(24, Math.floor(900 / n)));
  const left = 36, bottom = 28, topPad = 12, h = 200;
  const width = left + step * n + 10;
  const s = svg("svg", { viewBox: `0 0 ${width} ${h + bottom + topPad}`, width, height: h + bottom + topPad, role: "img", "aria-label": `Grundy values of ${v.game} for n = ${v.from} to ${v.to}` });
  const y = (g) => topPad + h - (g / max) * h;
  const x = (i) => left + i * step;
  // Arithmetic periodicity (a saltus, as in Nim: G(n) = n) repeats the
  // pattern shifted upwards, so the P-positions do not repeat with it.
  const periodic = period.status === "periodic";
  const plain = periodic && !period.saltus;
  if (periodic) {
    // Shade whole periods from the pre-period on, alternating, so the eye
    // sees the repetition.
    for (let start = period.preperiod, k = 0; start <= v.to; start += period.period, k++) {
      if (start + period.period - 1 < v.from) continue;
      const a = Math.max(start, v.from) - v.from;
      const b = Math.min(start + period.period - 1, v.to) - v.from;
      s.append(svg("rect", { class: "period-band", x: x(a), y: topPad, width: (b - a + 1) * step, height: h, fill: k % 2 ? "#fff8dc" : "#fff0b3", "data-start": String(start) }));
    }
  }
  for (let g = 0; g <= max; g += Math.max(1, Math.ceil(max / 6))) {
    s.append(svg("line", { x1: left - 4, x2: width, y1: y(g), y2: y(g), stroke: "#e5e7eb" }));
    const t = svg("text", { x: left - 8, y: y(g) + 4, "text-anchor": "end", "font-size": 11, fill: "#5b6472" });
    t.textContent = String(g);
    s.append(t);
  }
  const pts = [];
  values.forEach((g, i) => {
    const n0 = v.from + i;
    const cx = x(i) + step / 2;
    pts.push(`${cx},${y(g)}`);
    if (g === 0) {
      s.append(svg("circle", { class: "p-mark", cx, cy: y(0), r: Math.min(5, step / 2.5), fill: "#c62828", "data-n": String(n0) }));
    } else {
      s.append(svg("rect", { class: "n-bar", x: x(i) + step * 0.2, y: y(g), width: step * 0.6, height: y(0) - y(g), fill: "#1d4ed8", "data-n": String(n0), "data-value": String(g) }));
    }
    const labelEvery = Math.ceil(28 / step);
    if (n0 % labelEvery === 0) {
      const t = svg("text", { x: cx, y: topPad + h + 16, "text-anchor": "middle", "font-size": 10, fill: "#5b6472" });
      t.textContent = String(n0);
      s.append(t);
    }
  });
  s.append(svg("polyline", { points: pts.join(" "), fill: "none", stroke: "#94a3b8", "stroke-width": 1 }));
  $("chart").replaceChildren(s);
  $("chart-title").textContent = `Grundy values of ${v.game}, n = ${v.from}..${v.to}`;
  const ps = values.map((g, i) => (g === 0 ? v.from + i : null)).filter((n) => n !== null);
  let line = `P-positions (value 0) up to ${v.to}: ${ps.join(", ") || "none"}.`;
  if (plain) {
    const residues = [];
    for (let r = 0; r < period.period; r++) {
      const n0 = period.preperiod + r;
      if (n0 <= v.to && values[n0 - v.from] === 0) residues.push(n0 % period.period);
    }
    residues.sort((a, b) => a - b);
    if (residues.length) line += ` From n = ${period.preperiod} on they are exactly n ≡ ${residues.join(", ")} (mod ${period.period}).`;
  }
  $("p-list").textContent = line;
  $("period-line").textContent = !periodic
    ? `No period proved (looked up to n = ${period.checked_to}).`
    : plain
      ? `Proved periodic: pre-period ${period.preperiod}, period ${period.period} (${period.proof}).`
      : `Proved arithmetic-periodic: G(n + ${period.period}) = G(n) + ${period.saltus} from n = ${period.preperiod} (${period.proof}).`;
  $("period-line").dataset.status = period.status;
}

// G(n) against n as a scatter plot, the picture `grundy values --plot` and
// `grundy.plot` draw: one dot a heap (rare values stand out as lone dots),
// the preperiod as a red line and one period shaded when they are proved.
function drawScatter(v, period) {
  const values = v.values;
  const max = Math.max(1, ...values);
  const left = 40, right = 12, topPad = 12, bottom = 30, w = 900, h = 220;
  const s = svg("svg", { viewBox: `0 0 ${left + w + right} ${topPad + h + bottom}`, width: "100%", role: "img", "aria-label": `Scatter plot of G(n) against n for ${v.game}, n = ${v.from} to ${v.to}` });
  const span = Math.max(1, v.to - v.from);
  const x = (n) => left + ((n - v.from) / span) * w;
  const y = (g) => topPad + h - (g / max) * (h - 6) - 3;
  const plain = period.status === "periodic" && !period.saltus;
  if (plain) {
    const n0 = period.preperiod, p = period.period;
    if (n0 + p >= v.from && n0 <= v.to) {
      const a = Math.max(n0, v.from), b = Math.min(n0 + p, v.to);
      s.append(svg("rect", { class: "scatter-period", x: x(a), y: topPad, width: Math.max(1, x(b) - x(a)), height: h, fill: "#f5b041", "fill-opacity": 0.3 }));
    }
    if (n0 >= v.from && n0 <= v.to) {
      s.append(svg("line", { class: "scatter-preperiod", x1: x(n0), x2: x(n0), y1: topPad, y2: topPad + h, stroke: "#c0392b", "stroke-width": 2 }));
    }
  }
  for (let g = 0; g <= max; g += Math.max(1, Math.ceil(max / 6))) {
    s.append(svg("line", { x1: left - 4, x2: left + w, y1: y(g), y2: y(g), stroke: "#e5e7eb" }));
    const t = svg("text", { x: left - 8, y: y(g) + 4, "text-anchor": "end", "font-size": 11, fill: "#5b6472" });
    t.textContent = String(g);
    s.append(t);
  }
  for (const n of [v.from, Math.round((v.from + v.to) / 2), v.to]) {
    const t = svg("text", { x: x(n), y: topPad + h + 18, "text-anchor": "middle", "font-size": 11, fill: "#5b6472" });
    t.textContent = String(n);
    s.append(t);
  }
  const r = values.length > 500 ? 1.5 : 2.5;
  values.forEach((g, i) => {
    s.append(svg("circle", { class: "scatter-dot", cx: x(v.from + i), cy: y(g), r, fill: "#1f4e79", "data-n": String(v.from + i), "data-value": String(g) }));
  });
  $("scatter").replaceChildren(s);
  $("scatter-title").textContent = plain
    ? `G(n) of ${v.game}: periodic from n0 = ${period.preperiod}, period ${period.period}`
    : `G(n) of ${v.game}`;
}

// The point at distance `r` from `p` in the direction of `q`.
function toward(p, q, r) {
  const dx = q.x - p.x, dy = q.y - p.y, d = Math.hypot(dx, dy) || 1;
  return { x: p.x + (dx / d) * r, y: p.y + (dy / d) * r };
}

function drawGraph(g, heap) {
  const layers = new Map();
  for (const node of g.nodes) {
    if (!layers.has(node.tokens)) layers.set(node.tokens, []);
    layers.get(node.tokens).push(node);
  }
  const levels = [...layers.keys()].sort((a, b) => b - a);
  const widest = Math.max(...levels.map((l) => layers.get(l).length));
  const colW = 74, rowH = 70, pad = 40;
  const maxSpan = Math.max(0, ...g.edges.map(([a, b]) => {
    const ta = g.nodes[a].tokens, tb = g.nodes[b].tokens;
    return levels.indexOf(tb) - levels.indexOf(ta);
  }));
  const width = Math.max(320, widest * colW + pad * 2 + maxSpan * 52);
  const height = levels.length * rowH + pad;
  const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": `Game graph of ${g.game} from a heap of ${heap}` });
  const defs = svg("defs");
  const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#94a3b8" }));
  defs.append(marker);
  s.append(defs);
  const pos = new Map();
  levels.forEach((l, row) => {
    const nodes = layers.get(l);
    const offset = (width - nodes.length * colW) / 2;
    nodes.forEach((node, k) => pos.set(node.id, { x: offset + k * colW + colW / 2, y: pad / 2 + row * rowH + 18 }));
  });
  const r = 18;
  const layerOf = new Map(g.nodes.map((n) => [n.id, levels.indexOf(n.tokens)]));
  g.edges.forEach(([a, b], i) => {
    const p = pos.get(a), q = pos.get(b);
    const span = layerOf.get(b) - layerOf.get(a);
    // An edge that skips layers bends sideways, alternately left and right,
    // so that it does not run hidden behind the nodes in between.
    const bend = span > 1 ? (span - 1) * 26 * (i % 2 ? 1 : -1) : 0;
    const cx = (p.x + q.x) / 2 + bend, cy = (p.y + q.y) / 2;
    const from = toward(p, { x: cx, y: cy }, r), to = toward(q, { x: cx, y: cy }, r + 2);
    s.append(svg("path", { d: `M ${from.x} ${from.y} Q ${cx} ${cy} ${to.x} ${to.y}`, fill: "none", stroke: "#94a3b8", "marker-end": "url(#arrow)" }));
  });
  for (const node of g.nodes) {
    const p = pos.get(node.id);
    const gr = svg("g", { class: `node ${node.outcome}`, "data-heaps": node.heaps.join("+"), "data-outcome": node.outcome });
    gr.append(svg("circle", { cx: p.x, cy: p.y, r, fill: node.outcome === "P" ? "#c62828" : "#1d4ed8" }));
    const label = svg("text", { x: p.x, y: p.y + 4, "text-anchor": "middle", "font-size": 11, fill: "#fff" });
    label.textContent = node.heaps.length ? node.heaps.join("+") : "0";
    const value = svg("text", { x: p.x, y: p.y + r + 12, "text-anchor": "middle", "font-size": 10, fill: "#1f2430" });
    value.textContent = `*${node.value}`;
    const title = svg("title");
    title.textContent = `${label.textContent}: ${node.outcome}-position, Grundy value ${node.value}`;
    gr.append(label, value, title);
    s.append(gr);
  }
  $("graph").replaceChildren(s);
  $("graph-title").textContent = `Game graph of ${g.game} from a heap of ${heap}${g.truncated ? " (truncated)" : ""}`;
}

// ---------------------------------------------------------------- boards
//
// Every game that names its whole position (Cram, Chomp, Node Kayles): the
// server names every position by its spec (`cram:.../.##`,
// `nodekayles:cycle:9-{3,4,5}`), so the page keeps that spec and the
// history of specs; /api/board answers the position (its drawing, with its
// winning moves, shown on hint) and /api/board/move plays a move and the
// engine's reply.

const COLUMNS = "abcdefghijklmnopqrstuvwxyz";

function cellName([r, c]) {
  return `${COLUMNS[c] || "?"}${r + 1}`;
}

// What the routes need to find a position again: its spec, and the
// convention it is played under.
function positionRequest(pos) {
  return extrasFor(pos.game, game.misere ? { game: pos.game, misere: true } : { game: pos.game });
}

async function newBoardGame(spec) {
  Object.assign(game, {
    mode: "board",
    spec,
    misere: $("misere").checked,
    pos: null,
    history: [],
    turn: $("first").value,
    over: false,
    selected: null,
    hintCells: [],
    hintShown: false,
    picked: [],
    take: {},
  });
  $("hint-box").hidden = true;
  $("game-over-marker")?.remove();
  game.busy = true;
  updateButtons();
  try {
    game.pos = await api("/api/board", positionRequest({ game: spec }));
    $("game-title").textContent = RICH.has(game.pos.kind)
      ? richTitle(game.pos)
      : game.pos.kind === "nodekayles"
        ? `Node Kayles on ${game.pos.game.replace(/^nodekayles:/, "")}`
        : `${game.pos.kind === "cram" ? "Cram" : "Chomp"} ${game.pos.rows}x${game.pos.cols}`;
    if (game.misere) $("game-title").textContent += ", misère";
    $("after-heading").textContent = "Position after";
    if (game.pos.over) throw new Error("no move can be made on this board");
  } catch (err) {
    game.over = true;
    game.pos = null;
    setStatus("");
    showError("setup-error", err);
  } finally {
    game.busy = false;
    drawGrid();
    drawBoardHistory();
    updateButtons();
  }
  if (game.over) return;
  if (game.turn === "engine") await boardMove(null);
  else boardStatus();
}

function boardStatus() {
  if (game.over || !game.pos) return;
  if (RICH.has(game.pos.kind)) return setStatus(richStatus(game.pos.kind));
  setStatus(game.pos.kind === "cram"
    ? "Your move: click two free cells side by side to place a domino."
    : game.pos.kind === "nodekayles"
      ? "Your move: click a vertex to pick it; it and its neighbours leave the graph."
      : "Your move: click a square to bite it and everything below and right of it.");
}

function updateBoardButtons() {
  document.body.dataset.state = game.over ? "over" : game.busy ? "busy" : game.turn === "me" ? "my-turn" : "engine";
  $("hint").disabled = game.over || game.busy || game.turn !== "me" || !game.pos;
  $("undo").disabled = game.busy || !game.history.some((h) => h.who === "you");
}

function drawGrid() {
  const board = $("board");
  board.replaceChildren();
  $("choices").hidden = true;
  const pos = game.pos;
  if (!pos) return;
  if (pos.kind === "nodekayles") return drawKaylesGraph();
  if (RICH.has(pos.kind)) return drawRich();
  const grid = el("div", { class: `grid ${pos.kind}`, role: "grid", "aria-label": `${pos.kind} board` });
  grid.style.gridTemplateColumns = `1.5rem repeat(${pos.cols}, auto)`;
  grid.append(el("span"));
  for (let c = 0; c < pos.cols; c++) grid.append(el("span", { class: "col-label", text: COLUMNS[c] }));
  const last = game.history[game.history.length - 1];
  const lastCells = last ? last.move.cells.map(String) : [];
  const hinted = game.hintCells.map(String);
  const canPlay = !game.over && !game.busy && game.turn === "me";
  pos.cells.forEach((row, r) => {
    grid.append(el("span", { class: "row-label", text: String(r + 1) }));
    [...row].forEach((mark, c) => {
      const open = mark === ".";
      const b = el("button", {
        type: "button",
        class: `cell ${open ? "open" : "closed"}`,
        "data-row": String(r),
        "data-col": String(c),
        "aria-label": `${cellName([r, c])}${open ? "" : pos.kind === "cram" ? ", covered" : ", eaten"}`,
      });
      if (pos.kind === "chomp" && r === 0 && c === 0) b.classList.add("poison");
      if (game.selected && game.selected[0] === r && game.selected[1] === c) b.classList.add("selected");
      if (hinted.includes(String([r, c]))) b.classList.add("winning");
      if (lastCells.includes(String([r, c])) && pos.kind === "cram") b.classList.add("last-move");
      b.disabled = !canPlay || !open;
      b.addEventListener("click", () => cellClicked(r, c));
      grid.append(b);
    });
  });
  board.append(grid);
}

// The graph: edges drawn in an SVG, each vertex a button on top of it.
function drawKaylesGraph() {
  const pos = game.pos;
  // The layout is in 0..1 both ways; in rem, a 17 x 16 area with a margin
  // for the vertices' discs, and only as tall as its rows need.
  const ys = pos.vertices.map((v) => v.y);
  const top = Math.min(...ys);
  const height = 4 + 16 * (Math.max(...ys) - top);
  const place = (v) => [1.5 + 17 * v.x, 2 + 16 * (v.y - top)];
  const arcs = pos.kind === "arckayles";
  const box = el("div", { class: "graph", role: "group", "aria-label": arcs ? "Arc Kayles graph" : "Node Kayles graph" });
  box.style.height = `${height}rem`;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 20 ${height}`);
  svg.setAttribute("aria-hidden", "true");
  const at = (v) => pos.vertices[v];
  for (const [a, b] of pos.edges) {
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    const [x1, y1] = place(at(a));
    const [x2, y2] = place(at(b));
    line.setAttribute("x1", String(x1));
    line.setAttribute("y1", String(y1));
    line.setAttribute("x2", String(x2));
    line.setAttribute("y2", String(y2));
    if (!at(a).present || !at(b).present) line.setAttribute("class", "gone");
    svg.append(line);
  }
  box.append(svg);
  const last = game.history[game.history.length - 1];
  const canPlay = !game.over && !game.busy && game.turn === "me";
  if (arcs) {
    // Arc Kayles: the vertices are drawn, and each edge left has a marker
    // at its middle to take it by (its name, as the moves are named).
    for (const v of pos.vertices) {
      const dot = el("span", { class: `vertex dot ${v.present ? "open" : "gone"}`, text: v.name, "aria-hidden": "true" });
      const [x, y] = place(v);
      dot.style.left = `${x}rem`;
      dot.style.top = `${y}rem`;
      box.append(dot);
    }
    for (const [a, b] of pos.edges) {
      const left = at(a).present && at(b).present;
      if (!left) continue;
      const name = `${at(a).name}-${at(b).name}`;
      const [x1, y1] = place(at(a));
      const [x2, y2] = place(at(b));
      const m = el("button", { type: "button", class: "edge-pick", "data-edge": name, "aria-label": `take the edge ${name}`, title: `take ${name}` });
      m.style.left = `${(x1 + x2) / 2}rem`;
      m.style.top = `${(y1 + y2) / 2}rem`;
      if (game.hintCells.includes(`${a}-${b}`)) m.classList.add("winning");
      if (last && last.move.edge && last.move.edge.join("-") === `${a}-${b}`) m.classList.add("last-move");
      m.disabled = !canPlay;
      m.addEventListener("click", () => canPlayNow() && boardMove(`${at(a).name} ${at(b).name}`));
      box.append(m);
    }
    $("board").append(box);
    return;
  }
  for (const v of pos.vertices) {
    const b = el("button", {
      type: "button",
      class: `vertex ${v.present ? "open" : "gone"}`,
      "data-vertex": String(v.id),
      text: v.name,
      "aria-label": `vertex ${v.name}${v.present ? "" : ", gone"}`,
    });
    const [x, y] = place(v);
    b.style.left = `${x}rem`;
    b.style.top = `${y}rem`;
    if (game.hintCells.includes(v.id)) b.classList.add("winning");
    if (last && last.move.vertex === v.id) b.classList.add("last-move");
    b.disabled = !canPlay || !v.present;
    b.addEventListener("click", () => {
      if (!game.over && !game.busy && game.turn === "me") boardMove(v.id);
    });
    box.append(b);
  }
  $("board").append(box);
}

function cellClicked(r, c) {
  if (game.over || game.busy || game.turn !== "me") return;
  if (game.pos.kind === "chomp") return boardMove([[r, c]]);
  if (!game.selected) {
    game.selected = [r, c];
    setStatus(`Domino from ${cellName([r, c])}: now click a free cell next to it (or the same cell to cancel).`);
    return drawGrid();
  }
  const first = game.selected;
  game.selected = null;
  if (first[0] === r && first[1] === c) {
    boardStatus();
    return drawGrid();
  }
  boardMove([first, [r, c]]);
}

// Plays `cells` (a vertex number on a graph; none: the engine opens) and
// the engine's reply.
async function boardMove(cells) {
  const graph = game.pos.kind === "nodekayles";
  const before = game.pos.game;
  game.busy = true;
  game.hintCells = [];
  game.hintShown = false;
  $("hint-box").hidden = true;
  setStatus(cells ? "The engine is thinking…" : "The engine opens…");
  updateButtons();
  drawGrid();
  try {
    const body = positionRequest(game.pos);
    if (graph && cells !== null) body.vertex = cells;
    else if (cells) body.move = cells;
    const data = await api("/api/board/move", body);
    if (data.you) game.history.push({ who: "you", move: data.you, before, after: data.after_you });
    const now = data.position.game;
    if (data.engine) game.history.push({ who: "engine", move: data.engine, before: data.after_you || before, after: now });
    game.pos = data.position;
    game.turn = "me";
    if (data.winner) {
      game.over = true;
      const iWin = data.winner === "you";
      setStatus(game.misere
        ? `${iWin ? "The engine made the last move (misère): you win!" : "You made the last move (misère): the engine wins."}`
        : `${iWin ? "The engine cannot move: you win!" : "You cannot move: the engine wins."}`, iWin ? "win" : "lose");
      $("game-over-marker")?.remove();
      $("board").after(el("p", { id: "game-over-marker", "data-winner": iWin ? "me" : "engine", class: "help", text: "Game over. Start a new game from the form." }));
    } else {
      boardStatus();
    }
  } catch (err) {
    setStatus(`${err.message[0].toUpperCase()}${err.message.slice(1)}.`, "illegal");
  } finally {
    game.busy = false;
    drawGrid();
    drawBoardHistory();
    updateButtons();
  }
}

function showBoardHint() {
  const box = $("hint-box");
  box.hidden = false;
  if (RICH.has(game.pos.kind)) return richHint(box);
  const wins = game.pos.winning_moves;
  game.hintCells = wins.flatMap((m) => (game.pos.kind === "nodekayles" ? [m.vertex] : m.cells));
  const worth = game.pos.misere ? "is a misère N-position"
    : game.pos.value == null ? "is an N-position" : `is worth *${game.pos.value}`;
  box.textContent = wins.length
    ? `This position ${worth}: winning move${wins.length > 1 ? "s" : ""} (highlighted): ${wins.map((m) => m.move).join(", ")}.`
    : `This position ${game.pos.misere ? "is a misère P-position" : "is worth *0"}: every move loses against perfect play. Play for time and hope for a mistake.`;
  drawGrid();
}

async function undoBoard() {
  // Back to the position before your last move.
  let before = null;
  while (game.history.length) {
    const last = game.history.pop();
    if (last.who === "you") {
      before = last.before;
      break;
    }
  }
  if (!before) return;
  game.over = false;
  game.turn = "me";
  game.hintCells = [];
  game.hintShown = false;
  $("game-over-marker")?.remove();
  $("hint-box").hidden = true;
  drawBoardHistory();
  await step(async () => {
    game.pos = await api("/api/board", positionRequest({ game: before }));
    boardStatus();
  });
}

function drawBoardHistory() {
  const body = $("history").tBodies[0];
  body.replaceChildren();
  const kind = game.pos && game.pos.kind;
  const verb = { chomp: "bite", cram: "domino", nodekayles: "pick", wythoff: "to", hackenbush: "chop", coins: "turn", moore: "to", arckayles: "take" }[kind] || "";
  game.history.forEach((h, i) => {
    const gone = ((h.after || "").match(/-\{(.*)\}$/) || [null, ""])[1].split(",").filter(Boolean).length;
    const after = kind === "nodekayles"
      ? ((left) => `${left} ${left === 1 ? "vertex" : "vertices"} left`)(game.pos.vertices.length - gone)
      : (h.after || "").replace(/^[a-z]+:/, "").replace(/^(\d+):/, kind === "moore" ? "" : "$1:");
    body.append(
      el("tr", {},
        el("td", { text: String(i + 1) }),
        el("td", { text: h.who }),
        el("td", { text: `${verb} ${h.move.move}` }),
        el("td", { text: after })));
  });
}

// ---------------------------------------------------------------- more boards
//
// Wythoff's game, green Hackenbush, coin rows, Moore's Nim and Arc Kayles:
// drawn from the library's drawing (`kind` and its data), played by the
// moves' names (`3,5`, `2+5`, an edge number), with every legal move and
// the theory behind the winning moves asked of /api/board (`moves`,
// `lesson`): the page derives no rule of these games itself.

const RICH = new Set(["wythoff", "hackenbush", "coins", "moore", "arckayles"]);
// The largest Wythoff heaps drawn as a queen's board (a square a side per
// token, and one for 0); larger ones are two heaps played by typing.
const MAX_QUEEN_BOARD = 16;
// Moore's Nim heaps drawn as tokens while every heap is at most this.
const MAX_MOORE_TOKENS = 40;

const RULES_HELP = {
  wythoff: "Two heaps, or a queen on a board: take any number from one heap, or the same number from both (the queen moves left, down or diagonally towards the corner). Whoever cannot move loses. Heaps as A,B, e.g. 4,7.",
  hackenbush: "Green Hackenbush: chop any edge; whatever no longer joins the ground falls. Whoever cannot chop loses. A graph: stalk:N, cycle:N (N edges, one vertex on the ground) or tree:BxD (a trunk, then D levels of B branches).",
  coins: "A row of coins, H heads and T tails: turn over coins as the rule allows, the rightmost of them going from heads to tails. Rules: turtles (one or two coins), twins (exactly two), mock (one, two or three), ruler (any run of consecutive coins). As RULE:ROW, e.g. mock:THHTH.",
  moore: "Moore's Nim: take from up to K heaps at once (any number from each, at least one token in all). As K:HEAPS, e.g. 2:3,5,6.",
  arckayles: "Arc Kayles: take an edge; every edge that touches it goes too. Whoever cannot take an edge loses. A graph: path:N (N vertices), cycle:N, grid:RxC, complete:N, star:N or petersen.",
};

const KIND_TITLE = {
  wythoff: "Wythoff's game",
  hackenbush: "Green Hackenbush",
  coins: "Coins",
  moore: "Moore's Nim",
  arckayles: "Arc Kayles",
};

function kindOf(spec) {
  return spec.split(":")[0].trim().toLowerCase();
}

// What /api/board and /api/board/move are asked for a position of `spec`:
// every legal move and the lesson, for the games drawn here.
function extrasFor(spec, body) {
  if (RICH.has(kindOf(spec))) Object.assign(body, { moves: true, lesson: true });
  return body;
}

function richTitle(pos) {
  const rest = pos.game.slice(pos.kind.length + 1).replace(/-\{.*\}$/, "");
  return `${KIND_TITLE[pos.kind]} ${pos.kind === "wythoff" ? `(${rest})` : `on ${rest}`}`;
}

function richStatus(kind) {
  return {
    wythoff: "Your move: click a square the queen can reach (left, down or diagonally down-left).",
    hackenbush: "Your move: click an edge to chop it; whatever no longer joins the ground falls.",
    coins: "Your move: click the coins to turn over, then press Turn over.",
    moore: "Your move: click a token in up to K heaps (take it and those to its right), then press Take.",
    arckayles: "Your move: click an edge's marker to take it; the edges touching it go too.",
  }[kind];
}

const canPlayNow = () => !game.over && !game.busy && game.turn === "me";

function drawRich() {
  const pos = game.pos;
  ({ wythoff: drawWythoff, hackenbush: drawHackenbush, coins: drawCoins, moore: drawMoore, arckayles: drawKaylesGraph })[pos.kind]();
}

// A box to type a move by name, for positions too large to draw.
function moveEntry(placeholder) {
  const input = el("input", { id: "move-text", placeholder, spellcheck: "false", "aria-label": "Your move" });
  const go = el("button", { type: "button", id: "move-go", text: "Play" });
  go.disabled = input.disabled = !canPlayNow();
  const play = () => input.value.trim() && boardMove(input.value.trim());
  go.addEventListener("click", play);
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") play(); });
  return el("div", { class: "move-entry" }, input, go);
}

// Wythoff: a queen at (A, B) on a board whose corner (0, 0) is bottom left;
// heap 1 counts the columns, heap 2 the rows.
function drawWythoff() {
  const pos = game.pos;
  const [a, b] = pos.heaps.map(Number);
  const board = $("board");
  board.append(el("p", { class: "heaps-line", text: `Heap 1: ${pos.heaps[0]}   Heap 2: ${pos.heaps[1]}` }));
  if (!(a <= MAX_QUEEN_BOARD && b <= MAX_QUEEN_BOARD)) {
    board.append(moveEntry("the heaps to leave, e.g. 3,5"));
    return;
  }
  const targets = new Map((pos.moves || []).map((m) => [m.heaps.join(","), m]));
  const wins = new Set(game.hintCells);
  const pairs = new Set(game.hintShown && pos.lesson ? pos.lesson.p_positions.flatMap(([x, y]) => [`${x},${y}`, `${y},${x}`]) : []);
  const grid = el("div", { class: "grid queen", role: "grid", "aria-label": "Wythoff board: the queen moves towards the corner" });
  grid.style.gridTemplateColumns = `1.5rem repeat(${a + 1}, auto)`;
  for (let y = b; y >= 0; y--) {
    grid.append(el("span", { class: "row-label", text: String(y) }));
    for (let x = 0; x <= a; x++) {
      const key = `${x},${y}`;
      const queen = x === a && y === b;
      const target = targets.has(key);
      const sq = el("button", {
        type: "button",
        class: `cell square ${(x + y) % 2 ? "light" : "dark"}${queen ? " queen-here" : ""}${target ? " target" : ""}`,
        "data-x": String(x),
        "data-y": String(y),
        "aria-label": queen ? `${key}, the queen` : target ? `move to ${key}` : key,
        text: queen ? "♛" : "",
      });
      if (pairs.has(key)) sq.classList.add("p-square");
      if (wins.has(key)) sq.classList.add("winning");
      sq.disabled = !canPlayNow() || !target;
      sq.addEventListener("click", () => canPlayNow() && boardMove(key));
      grid.append(sq);
    }
  }
  grid.append(el("span"));
  for (let x = 0; x <= a; x++) grid.append(el("span", { class: "col-label", text: String(x) }));
  board.append(el("div", { class: "queen-wrap" }, grid));
}

// Hackenbush: the ground a line at the bottom, each standing edge a stalk
// to click; what has fallen is not drawn.
function drawHackenbush() {
  const pos = game.pos;
  const levels = new Set(pos.vertices.map((v) => v.y)).size - 1;
  const W = 20, H = 2 + 2.6 * Math.max(1, levels);
  const ground = H - 0.8;
  const place = (v) => [1 + 18 * v.x, 0.8 + (ground - 0.8) * v.y];
  const at = (id) => pos.vertices[id];
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "hackenbush", role: "group", "aria-label": "Hackenbush graph" });
  s.style.height = `${Math.min(30, H * 1.1)}rem`;
  s.append(svg("line", { x1: 0, y1: ground, x2: W, y2: ground, class: "ground" }));
  const wins = new Set(game.hintCells);
  const canPlay = canPlayNow();
  // Edges between the same two ends bend apart.
  const seen = new Map();
  for (const e of pos.edges) {
    const [p, q] = e.ends;
    const key = [Math.min(p, q), Math.max(p, q)].join("-");
    seen.set(key, (seen.get(key) || 0) + 1);
  }
  const drawn = new Map();
  for (const e of pos.edges) {
    if (!e.standing) continue;
    const [p, q] = e.ends;
    const key = [Math.min(p, q), Math.max(p, q)].join("-");
    const k = drawn.get(key) || 0;
    drawn.set(key, k + 1);
    let [x1, y1] = place(at(p));
    let [x2, y2] = place(at(q));
    // An edge meets the ground straight below its other end.
    if (p === 0 && q !== 0) [x1, y1] = [x2, ground];
    if (q === 0 && p !== 0) [x2, y2] = [x1, ground];
    if (p === 0 && q === 0) [x1, y1, x2, y2] = [W / 2, ground, W / 2, ground];
    let d, mid;
    if (p === q) {
      // A loop: a small circle standing on its vertex.
      const r = 0.7 + 0.35 * k;
      d = `M ${x1} ${y1} a ${r} ${r} 0 1 1 0.01 0`;
      mid = [x1, y1 - 2 * r];
    } else {
      const n = seen.get(key);
      const bend = (k - (n - 1) / 2) * 1.6;
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const cx = (x1 + x2) / 2 + bend * (y1 - y2) / len, cy = (y1 + y2) / 2 + bend * (x2 - x1) / len;
      d = `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`;
      mid = [(x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4];
    }
    const number = e.edge + 1;
    const g = svg("g", {
      class: `edge${wins.has(number) ? " winning" : ""}`,
      "data-edge": String(number),
      role: "button",
      "aria-label": `edge ${number}: chop it`,
      "aria-disabled": String(!canPlay),
      tabindex: canPlay ? 0 : -1,
    });
    g.append(svg("path", { d, class: "hit" }), svg("path", { d, class: "stroke" }));
    const label = svg("text", { x: mid[0] + 0.35, y: mid[1] - 0.2, class: "edge-label" });
    label.textContent = String(number);
    g.append(label);
    const chop = () => canPlayNow() && boardMove(String(number));
    g.addEventListener("click", chop);
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); chop(); }
    });
    s.append(g);
  }
  for (const v of pos.vertices) {
    if (v.id === 0) continue;
    const standing = pos.edges.some((e) => e.standing && e.ends.includes(v.id));
    if (!standing) continue;
    const [x, y] = place(v);
    s.append(svg("circle", { cx: x, cy: y, r: 0.28, class: "joint" }));
  }
  const left = pos.edges.filter((e) => e.standing).length;
  $("board").append(s, el("p", { class: "help", text: `${left} of ${pos.edges.length} edges standing.` }));
}

// Coins: a row of H and T; click coins to choose them, then turn them over.
function drawCoins() {
  const pos = game.pos;
  game.picked = game.picked || [];
  const row = el("div", { class: "coins", role: "group", "aria-label": `${pos.rule} coins` });
  const last = game.history[game.history.length - 1];
  const turned = last && last.move.coins ? last.move.coins : [];
  const wins = new Set(game.hintCells);
  pos.coins.forEach((heads, i) => {
    const n = i + 1;
    const picked = game.picked.includes(n);
    const b = el("button", {
      type: "button",
      class: `coin ${heads ? "heads" : "tails"}${picked ? " selected" : ""}${wins.has(n) ? " winning" : ""}${turned.includes(n) ? " last-move" : ""}`,
      "data-coin": String(n),
      "aria-pressed": String(picked),
      "aria-label": `coin ${n}, ${heads ? "heads" : "tails"}`,
    }, el("span", { class: "coin-number", text: String(n) }), el("span", { class: "face", text: heads ? "H" : "T" }));
    b.disabled = !canPlayNow();
    b.addEventListener("click", () => {
      if (!canPlayNow()) return;
      game.picked = picked ? game.picked.filter((c) => c !== n) : [...game.picked, n].sort((x, y) => x - y);
      drawGrid();
    });
    row.append(b);
  });
  const turn = el("button", { type: "button", id: "turn-coins", class: "primary", text: game.picked.length ? `Turn over ${game.picked.join("+")}` : "Turn over" });
  turn.disabled = !canPlayNow() || game.picked.length === 0;
  turn.addEventListener("click", () => {
    const move = game.picked.join("+");
    game.picked = [];
    boardMove(move);
  });
  $("board").append(row, el("div", { class: "actions" }, turn));
}

// Moore's Nim: heaps of tokens; a click marks what to take from a heap, in
// up to K heaps, and Take plays it.
function drawMoore() {
  const pos = game.pos;
  const heaps = pos.heaps.map((h) => BigInt(h));
  game.take = game.take || {};
  const board = $("board");
  board.append(el("p", { class: "help", text: `Take from up to ${pos.k} heap${pos.k === 1 ? "" : "s"} at once.` }));
  if (heaps.some((h) => h > BigInt(MAX_MOORE_TOKENS))) {
    board.append(moveEntry(`the heaps to leave, e.g. ${pos.heaps.join(",")}`));
    return;
  }
  const canPlay = canPlayNow();
  heaps.forEach((big, i) => {
    const size = Number(big);
    const row = el("div", { class: "heap", id: `heap-${i}`, "data-size": String(size) });
    row.append(el("span", { class: "heap-label", text: `Heap ${i + 1}: ${size}` }));
    if (size === 0) row.append(el("span", { class: "empty-heap", text: "empty" }));
    const tokens = el("div", { class: "tokens", role: "group", "aria-label": `Heap ${i + 1}, ${size} tokens` });
    for (let j = 1; j <= size; j++) {
      const take = size - j + 1;
      const b = el("button", {
        type: "button",
        class: `token${game.take[i] && take <= game.take[i] ? " marked" : ""}${take <= (game.hintCells[i] || 0) ? " winning" : ""}`,
        "data-heap": String(i),
        "data-token": String(j),
        "aria-label": `Heap ${i + 1}: take ${take}`,
      });
      b.disabled = !canPlay;
      b.addEventListener("click", () => {
        if (!canPlayNow()) return;
        if (game.take[i] === take) delete game.take[i];
        else game.take[i] = take;
        drawGrid();
      });
      tokens.append(b);
    }
    row.append(tokens);
    board.append(row);
  });
  const taking = Object.keys(game.take).length;
  const go = el("button", { type: "button", id: "take-tokens", class: "primary", text: taking ? `Take (${taking} heap${taking === 1 ? "" : "s"})` : "Take" });
  go.disabled = !canPlay || taking === 0;
  go.addEventListener("click", () => {
    const left = heaps.map((h, i) => (h - BigInt(game.take[i] || 0)).toString());
    game.take = {};
    boardMove(left.join(","));
  });
  board.append(el("div", { class: "actions" }, go));
}

// The hint of these games: the verdict, the winning moves highlighted, and
// the theory that finds them, from the answer's `lesson`.
function richHint(box) {
  const pos = game.pos;
  const wins = pos.winning_moves;
  const frag = document.createDocumentFragment();
  // Wythoff: the pair a winning move reaches is the k-th, k the heaps'
  // difference.
  const pair = (m) => (game.misere ? "" : ` (the pair with k = ${Math.abs(m.heaps[1] - m.heaps[0])})`);
  const name = (m) => ({ wythoff: `to ${m.move}${pos.kind === "wythoff" ? pair(m) : ""}`, hackenbush: `chop edge ${m.move}`, coins: `turn over ${m.move}`, moore: `leave ${m.move}`, arckayles: `take ${m.move}` })[pos.kind];
  // What the drawing highlights: squares, edges, the first winning turn's
  // coins.
  const marks = {
    wythoff: (m) => [m.heaps.join(",")],
    hackenbush: (m) => [m.edge + 1],
    coins: (m) => (wins[0] === m ? m.coins : []),
    // Moore: per heap, the tokens the first winning move takes.
    moore: (m) => (wins[0] === m ? m.heaps.map((after, i) => Number(pos.heaps[i]) - Number(after)) : []),
    arckayles: (m) => [m.edge.join("-")],
  }[pos.kind];
  game.hintCells = wins.flatMap(marks);
  game.hintShown = true;
  const L = pos.lesson;
  if (pos.kind === "wythoff" && L) {
    const pairs = L.p_positions.map(([x, y]) => `(${x},${y})`);
    frag.append(el("p", {
      text: game.misere
        ? "In misère Wythoff the P-positions are those of normal play except near the corner, where (0,1) and (2,2) take the place of (0,0) and (1,2)."
        : "The P-positions of Wythoff's game are the pairs (⌊kφ⌋, ⌊kφ²⌋), φ the golden ratio: the k-th pair's heaps differ by k, and every number is in exactly one pair. Every move from a P-position leaves them; from any other position one move reaches one.",
    }));
    if (pairs.length) frag.append(el("p", { class: "p-pairs", text: `P-positions on this board (marked ◆): ${pairs.join(", ")}.` }));
  } else if (pos.kind === "coins" && L) {
    frag.append(el("p", {
      text: "A row of coins is worth the nim-sum of its heads, each head worth a lone head on its coin (" +
        ({ turtles: "its number", twins: "its number less one", mock: "the odious numbers: those with an odd number of 1s in binary", ruler: "the ruler function: the largest power of 2 dividing its number" })[pos.rule] +
        "). Turn coins over so that the nim-sum becomes 0.",
    }));
    frag.append(valueTable("coin", L.heads.map((h) => [String(h.coin), h.value]), L.nim_sum));
    // A turn adds or removes a head on each coin it turns: it changes the
    // row's value by the nim-sum of those coins' values.
    if (wins.length) {
      const m = wins[0];
      const parts = m.coins.map((c) => `*${L.values[c - 1]}`);
      const change = m.coins.reduce((acc, c) => acc ^ L.values[c - 1], 0);
      frag.append(el("p", {
        class: "why-move",
        text: `Turning ${m.move} changes the value by ${parts.join(" xor ")} = *${change}, and *${L.nim_sum} xor *${change} = *${L.nim_sum ^ change}.`,
      }));
    }
  } else if (pos.kind === "hackenbush" && L) {
    frag.append(el("p", {
      text: "Colon principle: branches meeting at a vertex count as one stalk of the nim-sum of their values, and an edge under a branch worth *v makes *(v+1). Fusion principle: a cycle's vertices fuse into one, and its edges become loops worth *1 each. So each part standing on the ground is a Nim heap:",
    }));
    frag.append(valueTable("part (edges)", L.parts.map((p) => [p.edges.join(" "), p.value]), L.nim_sum));
  } else if (pos.kind === "moore" && L && !game.misere) {
    frag.append(el("p", {
      text: `Moore's theorem: write the heaps in binary; the position is a P-position exactly when every column holds a multiple of K + 1 = ${Number(L.k) + 1} ones.`,
    }));
    frag.append(mooreTable(pos, L));
  }
  const worth = game.misere ? "is a misère N-position" : pos.value == null ? "is an N-position" : `is worth *${pos.value}`;
  frag.append(el("p", {
    class: "verdict",
    text: wins.length
      ? `This position ${worth}: winning move${wins.length > 1 ? "s" : ""} (highlighted): ${wins.map(name).join("; ")}.`
      : `This position ${game.misere ? "is a misère P-position" : pos.kind === "moore" ? "is a P-position" : "is worth *0"}: every move loses against perfect play. Play for time and hope for a mistake.`,
  }));
  box.replaceChildren(frag);
  drawGrid();
}

// Values in binary columns with their nim-sum, as the heap games' hint.
function valueTable(what, rows, nimSum) {
  const width = Math.max(1, nimSum.toString(2).length, ...rows.map(([, v]) => v.toString(2).length));
  const top = nimSum ? nimSum.toString(2).length - 1 : null;
  const table = el("table", { class: "binary", "aria-label": "Values in binary" });
  const head = el("tr", {}, el("th", { text: what }), el("th", { text: "value" }));
  for (let b = width - 1; b >= 0; b--) head.append(el("th", { text: String(2 ** b) }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  const line = (label, v, cls) => {
    const tr = el("tr", { class: cls }, el("td", { text: label }), el("td", { text: `*${v}` }));
    [...binary(v, width)].forEach((bit, k) => tr.append(el("td", { class: width - 1 - k === top ? "bit-top" : "", text: bit })));
    return tr;
  };
  for (const [label, v] of rows) body.append(line(label, v, top !== null && (v >> top) & 1 ? "has-top" : ""));
  body.append(line("xor", nimSum, "sum"));
  table.append(body);
  return table;
}

function mooreTable(pos, L) {
  const width = L.column_sums.length;
  const mod = Number(L.k) + 1;
  const table = el("table", { class: "binary moore", "aria-label": "Heaps in binary, with column sums" });
  const head = el("tr", {}, el("th", { text: "heap" }));
  for (let b = width - 1; b >= 0; b--) head.append(el("th", { text: String(2n ** BigInt(b)) }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  pos.heaps.forEach((h, i) => {
    const tr = el("tr", {}, el("td", { text: `${i + 1}: ${h}` }));
    [...BigInt(h).toString(2).padStart(width, "0")].forEach((bit) => tr.append(el("td", { text: bit })));
    body.append(tr);
  });
  const sum = el("tr", { class: "sum" }, el("td", { text: "ones" }));
  L.column_sums.forEach((c) => sum.append(el("td", { class: c % mod ? "bit-top" : "", text: String(c) })));
  body.append(sum);
  table.append(body);
  return table;
}

// ---------------------------------------------------------------- start

function presetChanged() {
  const sel = $("preset").selectedOptions[0];
  const isBoard = sel.dataset.board === "true";
  $("spec-row").hidden = sel.value !== "";
  $("size-row").hidden = !isBoard;
  const graph = sel.value === "nodekayles";
  const rich = RICH.has(sel.value);
  $("size-help").hidden = !isBoard || graph || rich;
  $("graph-help").hidden = !graph;
  $("rules-help").hidden = !rich;
  $("rules-help").textContent = rich ? RULES_HELP[sel.value] : "";
  document.querySelector('label[for="board-size"]').textContent =
    { nodekayles: "Graph", arckayles: "Graph", hackenbush: "Graph", wythoff: "Heaps", coins: "Row", moore: "K:heaps" }[sel.value] || "Board";
  $("heaps-row").hidden = isBoard;
  $("heaps-help").hidden = isBoard;
  $("misere-row").hidden = false;
  if (isBoard) {
    $("board-size").value = {
      chomp: "4x5", nodekayles: "cycle:9", wythoff: "4,7", hackenbush: "tree:2x2",
      coins: "mock:THHTHTTH", moore: "2:3,5,6", arckayles: "grid:2x3",
    }[sel.value] || "3x4";
  }
  $("misere").checked = sel.dataset.misere === "true";
  const heaps = { "sub{1,3,4}": "9 11", kayles: "4 7", "grundy-game": "5 8" }[sel.value];
  $("heaps").value = heaps || "3 5 7";
  if (sel.value === "") $("spec").focus();
}

document.addEventListener("DOMContentLoaded", () => {
  setUpTabs();
  $("preset").addEventListener("change", presetChanged);
  $("setup").addEventListener("submit", newGame);
  $("hint").addEventListener("click", showHint);
  $("undo").addEventListener("click", undo);
  $("explore-form").addEventListener("submit", explore);
  $("hint-box").tabIndex = -1;
  newGame();
  explore();
});
