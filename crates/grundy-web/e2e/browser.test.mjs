// The web app in a real browser: Debian's chromium driven by playwright-core.
//
// Expects a running `grundy serve` at GRUNDY_URL; `crates/grundy-cli/tests/
// browser.rs` starts one on a free loopback port and runs this file. Saves
// screenshots into SCREENSHOT_DIR.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const URL = process.env.GRUNDY_URL;
const SHOTS = process.env.SCREENSHOT_DIR || "screenshots";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

let browser;

before(async () => {
  assert.ok(URL, "GRUNDY_URL must name the running server");
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
});

async function newPage(viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Nothing may be fetched from anywhere but the server itself.
  const foreign = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(URL)) foreign.push(r.url());
  });
  await page.goto(URL);
  return { page, errors, foreign };
}

/// Waits until the engine has answered and it is the player's turn or the
/// game is over.
async function settled(page) {
  await page.waitForSelector('body[data-state="my-turn"], body[data-state="over"]');
}

test("the engine moves first from an N-position of Nim and wins; a hint explains why", async () => {
  const { page, errors, foreign } = await newPage();
  await page.selectOption("#preset", { label: "Nim" });
  await page.fill("#heaps", "3 5 7"); // nim-sum 1: an N-position
  await page.selectOption("#first", "engine");
  await page.click("#new-game");
  await settled(page);

  // The engine's first move must reach nim-sum 0.
  const after = (await page.locator("#history tbody tr").first().locator("td").nth(3).textContent())
    .split(" ").map(Number);
  assert.equal(after.length, 3);
  assert.equal(after.reduce((a, b) => a ^ b, 0), 0, `engine left ${after}, not a P-position`);
  await page.screenshot({ path: join(SHOTS, "1-nim-engine-moved.png"), fullPage: true });

  // A hint: the binary table with its xor row, and the verdict for a
  // P-position.
  await page.click("#hint");
  await page.waitForSelector("#hint-box table.binary");
  const hint = await page.textContent("#hint-box");
  assert.match(hint, /P-position/);
  const sumBits = await page.locator("#hint-box tr.sum td").allTextContents();
  assert.ok(sumBits.length >= 3, "xor row drawn");
  assert.ok(sumBits.slice(2).every((b) => b === "0"), `nim-sum row ${sumBits} is not all 0`);
  assert.doesNotMatch(await page.textContent("#panel-play"), /undefined|NaN/);
  await page.screenshot({ path: join(SHOTS, "2-nim-hint.png"), fullPage: true });

  // Play to the end by keyboard: focus a token of the first heap that
  // has one and press Enter (take that token and those to its right).
  let moves = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(moves++ < 40, "the game should end");
    const token = page.locator("button.token:not([disabled])").last();
    await token.focus();
    await page.keyboard.press("Enter");
    await settled(page);
  }
  const winner = await page.getAttribute("#game-over-marker", "data-winner");
  assert.equal(winner, "engine");
  assert.match(await page.textContent("#status"), /engine wins/);
  const rows = await page.locator("#history tbody tr").count();
  assert.ok(rows >= 2, "history has the moves");
  const who = await page.locator("#history tbody tr td:nth-child(2)").allTextContents();
  who.forEach((w, i) => assert.equal(w, i % 2 === 0 ? "engine" : "you", "players alternate"));
  // The last move took the last token.
  assert.equal((await page.locator("#history tbody tr").last().locator("td").nth(3).textContent()), "0 0 0");
  await page.screenshot({ path: join(SHOTS, "3-nim-engine-won.png"), fullPage: true });
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  await page.close();
});

test("the explorer's scatter plot of Kayles has a dot per heap, the preperiod 71 and one period of 12", async () => {
  const { page, errors } = await newPage();
  await page.click("#tab-explore");
  await page.fill("#explore-spec", "kayles");
  await page.fill("#explore-to", "300");
  await page.fill("#explore-graph", "4");
  await page.click("#explore-go");
  await page.waitForFunction(() => document.querySelector("#scatter svg")?.getAttribute("aria-label")?.includes("0.77"));
  const dots = await page.locator("#scatter circle.scatter-dot").evaluateAll((cs) => cs.map((c) => [Number(c.dataset.n), Number(c.dataset.value)]));
  assert.equal(dots.length, 301);
  // OEIS A002186: G(0..15) of Kayles.
  assert.deepEqual(dots.slice(0, 16).map(([, g]) => g), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]);
  assert.equal(await page.locator("#scatter line.scatter-preperiod").count(), 1);
  assert.equal(await page.locator("#scatter rect.scatter-period").count(), 1);
  assert.match(await page.textContent("#scatter-title"), /periodic from n0 = 71, period 12/);
  // Past the proof (n = 167) the values are read from the period, and the
  // page says so as the CLI does on stderr.
  assert.match(await page.textContent("#values-note"), /^Note: 0\.77 has period 12 from n = 71 .*read from the period/);
  await page.locator("#scatter").screenshot({ path: join(SHOTS, "4b-explorer-scatter-kayles.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the explorer marks the P-positions of sub{1,3,4} at n = 0, 2 (mod 7) and shades the period", async () => {
  const { page, errors } = await newPage();
  await page.click("#tab-explore");
  await page.fill("#explore-spec", "sub{1,3,4}");
  await page.fill("#explore-to", "60");
  await page.fill("#explore-graph", "9");
  await page.click("#explore-go");
  await page.waitForFunction(() => document.querySelector("#chart svg")?.getAttribute("aria-label")?.includes("sub"));
  const marked = (await page.locator("#chart circle.p-mark").evaluateAll((cs) => cs.map((c) => Number(c.dataset.n))))
    .sort((a, b) => a - b);
  const expected = [];
  for (let n = 0; n <= 60; n++) if (n % 7 === 0 || n % 7 === 2) expected.push(n);
  assert.deepEqual(marked, expected);
  assert.ok(await page.locator("#chart rect.period-band").count() > 0, "the period is shaded");
  assert.match(await page.textContent("#period-line"), /period 7 \(checked .+\)/);
  assert.doesNotMatch(await page.textContent("#panel-explore"), /undefined|NaN/);
  assert.match(await page.textContent("#p-list"), /n ≡ 0, 2 \(mod 7\)/);
  // The graph from a heap of 9: P-positions exactly where n = 0, 2 (mod 7).
  await page.waitForSelector("#graph svg g.node");
  const nodes = await page.locator("#graph g.node").evaluateAll((gs) => gs.map((g) => [g.dataset.heaps, g.dataset.outcome]));
  assert.ok(nodes.length > 1);
  for (const [heaps, outcome] of nodes) {
    const n = heaps === "" ? 0 : Number(heaps);
    assert.equal(outcome, n % 7 === 0 || n % 7 === 2 ? "P" : "N", `node ${heaps}`);
  }
  await page.screenshot({ path: join(SHOTS, "4-explorer-sub134.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the explorer's misère switch shows the quotient R8 of 0.75 with its P-products coloured", async () => {
  const { page, errors } = await newPage();
  await page.click("#tab-explore");
  await page.fill("#explore-spec", "0.75");
  await page.fill("#explore-to", "12");
  await page.fill("#explore-graph", "4");
  await page.check("#explore-misere");
  await page.click("#explore-go");
  await page.waitForSelector("#quotient-table table.mul-table");
  assert.match(await page.textContent("#quotient-summary"), /\|Q\| = 8, \|P\| = 2/);
  // Every product is coloured exactly when it lies in P = {a, b^2}.
  const cells = await page.locator("#quotient-table td").evaluateAll((tds) =>
    tds.map((td) => [td.textContent, td.classList.contains("in-p")]));
  assert.equal(cells.length, 64);
  for (const [name, inP] of cells) assert.equal(inP, name === "a" || name === "b^2", name);
  // The pretending function: one element per heap 0..12.
  assert.equal(await page.locator("#quotient-pretending tr").last().locator("td").count(), 13);
  assert.doesNotMatch(await page.textContent("#panel-explore"), /undefined|NaN/);
  await page.screenshot({ path: join(SHOTS, "4c-explorer-quotient-075.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("misère Kayles past the exhaustive search: the hint shows the heaps' elements of the quotient", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Kayles (0.77)" });
  await page.check("#misere");
  await page.fill("#heaps", "20 17");
  await page.click("#new-game");
  await settled(page);
  await page.click("#hint");
  await page.waitForSelector("#hint-box table.quotient");
  const rows = await page.locator("#hint-box table.quotient tbody tr").count();
  assert.equal(rows, 3, "two heaps and the product");
  assert.match(await page.textContent("#hint-box"), /Misère quotient of order \d+ \(heaps up to 20\)/);
  assert.doesNotMatch(await page.textContent("#panel-play"), /undefined|NaN/);
  await page.screenshot({ path: join(SHOTS, "8b-misere-kayles-quotient-hint.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("misère Kayles within the exhaustive search: the hint shows no table of Grundy values", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Kayles (0.77)" });
  await page.check("#misere");
  await page.fill("#heaps", "4 3");
  await page.click("#new-game");
  await settled(page);
  await page.click("#hint");
  await page.waitForSelector("#hint-box .verdict");
  assert.equal(await page.locator("#hint-box table").count(), 0, "no nim-sum table in misère play");
  assert.match(await page.textContent("#hint-box"), /do not add up/);
  assert.doesNotMatch(await page.textContent("#panel-play"), /undefined|NaN/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("on a narrow screen the page fits its width and a splitting game offers the splits", async () => {
  const { page, errors } = await newPage({ width: 380, height: 800 });
  await page.selectOption("#preset", { label: "Kayles (0.77)" });
  await page.fill("#heaps", "5");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await settled(page);
  // Taking 3 is not a Kayles move: the server's reason (the library's
  // move check) is shown, and nothing is played.
  await page.click('button.token[data-heap="0"][data-token="3"]');
  await page.waitForSelector("#status.illegal");
  assert.match(await page.textContent("#status"), /You cannot take 3 from heap 1: you may take 1 or 2/);
  assert.equal(await page.locator("#history tbody tr").count(), 0);
  // Taking 1 from a row of 5 can leave 4, 1 + 3 or 2 + 2: the page asks.
  await page.locator('button.token[data-heap="0"]').last().click();
  await page.waitForSelector("#choices:not([hidden]) button.choice");
  const choices = await page.locator("#choices button.choice").allTextContents();
  assert.deepEqual(choices.sort(), ["take 1 → 1 + 3", "take 1 → 2 + 2", "take 1 → 4"]);
  await page.screenshot({ path: join(SHOTS, "5-narrow-kayles.png"), fullPage: true });
  // The hint for a game other than Nim shows Grundy values: G(5) = 4 in
  // Kayles (OEIS A002186), so the winning moves reach value 0.
  await page.click("#hint");
  await page.waitForSelector("#hint-box table.binary");
  const header = await page.locator("#hint-box table.binary th").allTextContents();
  assert.ok(header.includes("Grundy value"), header.join("|"));
  const row = await page.locator("#hint-box table.binary tbody tr").first().locator("td").allTextContents();
  assert.deepEqual(row.slice(0, 3), ["1", "5", "*4"]);
  assert.match(await page.textContent("#hint-box"), /N-position/);
  await page.screenshot({ path: join(SHOTS, "6-narrow-kayles-hint.png"), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("following the hints, the player wins from an N-position of Nim", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Nim" });
  await page.fill("#heaps", "4 9 14"); // nim-sum 3: an N-position
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await settled(page);
  let turns = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(turns++ < 40, "the game should end");
    await page.click("#hint");
    await page.waitForSelector("#hint-box ul.winning-moves li");
    // "heap 2: take 3 (9 → 6)": click the token that takes exactly that.
    const advice = await page.locator("#hint-box ul.winning-moves li").first().textContent();
    const [, heap, take] = advice.match(/^heap (\d+): take (\d+)/);
    const size = Number(await page.getAttribute(`#heap-${heap - 1}`, "data-size"));
    await page.click(`button.token[data-heap="${heap - 1}"][data-token="${size - take + 1}"]`);
    await settled(page);
  }
  assert.equal(await page.getAttribute("#game-over-marker", "data-winner"), "me");
  assert.match(await page.textContent("#status"), /you win/);
  await page.screenshot({ path: join(SHOTS, "7-nim-won-with-hints.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("misère Nim: the engine moves first from an N-position and leaves the last token to the player", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Misère Nim (last to take loses)" });
  assert.equal(await page.isChecked("#misere"), true);
  await page.fill("#heaps", "2 2 1"); // some heap >= 2 and nim-sum 1: N
  await page.selectOption("#first", "engine");
  await page.click("#new-game");
  await settled(page);
  let moves = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(moves++ < 20, "the game should end");
    await page.locator("button.token:not([disabled])").last().click();
    await settled(page);
  }
  assert.equal(await page.getAttribute("#game-over-marker", "data-winner"), "engine");
  // The player took the last token.
  assert.equal(await page.locator("#history tbody tr td:nth-child(2)").last().textContent(), "you");
  assert.match(await page.textContent("#status"), /You took the last token \(misère\): the engine wins/);
  await page.screenshot({ path: join(SHOTS, "8-misere-nim-engine-won.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("Node Kayles against the engine: the graph is drawn, the hint highlights the winning vertex, and following it wins", async () => {
  const { page, errors, foreign } = await newPage();
  await page.selectOption("#preset", { label: "Node Kayles (pick a vertex; its neighbours go too)" });
  assert.equal(await page.inputValue("#board-size"), "cycle:9");
  assert.equal(await page.isVisible("#graph-help"), true);
  await page.fill("#board-size", "path:5");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await page.waitForSelector('#board .vertex[data-vertex="4"]');
  await settled(page);
  assert.equal(await page.locator("#board .vertex").count(), 5);
  assert.equal(await page.locator("#board svg line").count(), 4);
  assert.match(await page.textContent("#game-title"), /Node Kayles on path:5/);
  // A path of 5 is worth *3 (0.137): picking the middle vertex leaves two
  // lone vertices, *1 + *1 = 0, and the engine and the player take one each.
  await page.click("#hint");
  const winning = page.locator("#board .vertex.winning");
  await winning.first().waitFor();
  assert.equal(await winning.count(), 1);
  assert.equal(await winning.first().getAttribute("data-vertex"), "2");
  await winning.first().click();
  await settled(page);
  // Three vertices gone, one picked by the engine: one is left.
  assert.equal(await page.locator("#board .vertex.gone").count(), 4);
  await page.locator("#board .vertex:not(.gone)").first().click();
  await page.waitForSelector('#game-over-marker[data-winner="me"]');
  assert.match(await page.textContent("#status"), /you win/);
  assert.equal(await page.locator("#history tbody tr").count(), 3);
  assert.match(await page.locator("#history tbody tr td:nth-child(3)").first().textContent(), /^pick 3$/);
  await page.screenshot({ path: join(SHOTS, "10-node-kayles-won.png"), fullPage: true });
  // Every vertex lies inside the drawing.
  const inside = await page.locator("#board .graph").evaluate((g) => {
    const box = g.getBoundingClientRect();
    return [...g.querySelectorAll(".vertex")].every((v) => {
      const r = v.getBoundingClientRect();
      return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    });
  });
  assert.ok(inside, "a vertex sticks out of the graph's box");
  // Undo: back to the position after the engine's pick.
  await page.click("#undo");
  await settled(page);
  assert.equal(await page.locator("#board .vertex.gone").count(), 4);
  assert.equal(await page.locator("#game-over-marker").count(), 0);
  // The Petersen graph: ten vertices, fifteen edges, and a hint.
  await page.fill("#board-size", "petersen");
  await page.click("#new-game");
  await page.waitForSelector('#board .vertex[data-vertex="9"]');
  await settled(page);
  assert.equal(await page.locator("#board svg line").count(), 15);
  await page.click("#hint");
  await page.waitForSelector("#hint-box:not([hidden])");
  await page.screenshot({ path: join(SHOTS, "10b-node-kayles-petersen-hint.png"), fullPage: true });
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  await page.close();
});

test("Chomp against the engine: the hint highlights the winning bite, and following it wins", async () => {
  const { page, errors, foreign } = await newPage();
  await page.selectOption("#preset", { label: "Chomp (bite the bar, avoid the poison)" });
  await page.fill("#board-size", "2x2");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  // The cells exist once the server has answered the position.
  await page.waitForSelector('#board .cell[data-row="1"][data-col="1"]');
  await settled(page);
  // 2x2 is an N-position: the hint's bite (b2) leaves an L, and after the
  // engine eats one arm the hint's bite eats the other.
  for (let turn = 0; turn < 3; turn++) {
    if (await page.locator("#game-over-marker").count()) break;
    await page.click("#hint");
    const winning = page.locator("#board .cell.winning").first();
    await winning.waitFor();
    if (turn === 0) assert.equal(await winning.getAttribute("aria-label"), "b2");
    await winning.click();
    await settled(page);
  }
  await page.waitForSelector('#game-over-marker[data-winner="me"]');
  assert.match(await page.textContent("#status"), /you win/);
  assert.equal(await page.locator("#history tbody tr").count(), 3);
  assert.equal(await page.textContent("#after-heading"), "Position after");
  // The board is as wide as its cells, not stretched across the card.
  const [a, b] = await page.locator('#board .cell[data-row="0"]').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().left));
  assert.ok(b - a < 60, `neighbouring cells ${b - a}px apart`);
  await page.screenshot({ path: join(SHOTS, "9-chomp-won.png"), fullPage: true });
  // Undo takes back the winning bite: the game goes on from the engine's
  // last move.
  await page.click("#undo");
  await settled(page);
  assert.equal(await page.locator("#history tbody tr").count(), 2);
  assert.equal(await page.locator("#game-over-marker").count(), 0);
  assert.equal(await page.locator("#board .cell").count(), 4);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  await page.close();
});

// Wythoff's P-positions by the definition (a position is P when no move
// reaches a P-position), independent of the server's formula.
function wythoffP(side, misere) {
  const p = [];
  for (let a = 0; a <= side; a++) {
    p.push([]);
    for (let b = 0; b <= side; b++) {
      let reachesP = false;
      for (let t = 1; t <= a && !reachesP; t++) reachesP = p[a - t][b];
      for (let t = 1; t <= b && !reachesP; t++) reachesP = p[a][b - t];
      for (let t = 1; t <= Math.min(a, b) && !reachesP; t++) reachesP = p[a - t][b - t];
      // With no move at all, the player to move loses under normal play
      // and wins under misère play.
      p[a].push(a === 0 && b === 0 ? !misere : !reachesP);
    }
  }
  return (a, b) => p[a][b];
}

test("Wythoff's game: the queen's board, hints that mark the P-positions, and following them wins", async () => {
  const { page, errors, foreign } = await newPage();
  await page.selectOption("#preset", { label: "Wythoff's game (two heaps; a queen to the corner)" });
  assert.equal(await page.inputValue("#board-size"), "4,7");
  assert.match(await page.textContent("#rules-help"), /same number from both/);
  await page.fill("#board-size", "6,9");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await page.waitForSelector('#board .square[data-x="6"][data-y="9"].queen-here');
  await settled(page);
  assert.match(await page.textContent("#game-title"), /Wythoff's game \(6,9\)/);
  const isP = wythoffP(9, false);
  // Every square the queen can reach is offered, and no other.
  const offered = await page.locator("#board .square.target").evaluateAll((bs) => bs.map((b) => [Number(b.dataset.x), Number(b.dataset.y)]));
  assert.equal(offered.length, 6 + 9 + 6);
  for (const [x, y] of offered) assert.ok(x === 6 || y === 9 || 6 - x === 9 - y, `${x},${y}`);
  let turns = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(turns++ < 20, "the game should end");
    await page.click("#hint");
    const winning = page.locator("#board .square.winning");
    await winning.first().waitFor();
    if (turns === 1) {
      assert.match(await page.textContent("#hint-box"), /⌊kφ⌋/);
      // The marked squares are exactly the P-positions on the board.
      const marked = await page.locator("#board .square.p-square").evaluateAll((bs) => bs.map((b) => [Number(b.dataset.x), Number(b.dataset.y)]));
      for (let x = 0; x <= 6; x++) {
        for (let y = 0; y <= 9; y++) {
          assert.equal(marked.some(([a, b]) => a === x && b === y), isP(x, y), `${x},${y}`);
        }
      }
      await page.screenshot({ path: join(SHOTS, "11-wythoff-hint.png"), fullPage: true });
    }
    const square = winning.first();
    const [x, y] = [Number(await square.getAttribute("data-x")), Number(await square.getAttribute("data-y"))];
    assert.ok(isP(x, y), `the hint's square ${x},${y} is not a P-position`);
    await square.click();
    await settled(page);
  }
  assert.equal(await page.getAttribute("#game-over-marker", "data-winner"), "me");
  assert.match(await page.textContent("#status"), /you win/);
  assert.match(await page.locator("#history tbody tr td:nth-child(3)").first().textContent(), /^to \d+,\d+$/);
  await page.screenshot({ path: join(SHOTS, "12-wythoff-won.png"), fullPage: true });
  assert.doesNotMatch(await page.textContent("#panel-play"), /undefined|NaN/);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  await page.close();
});

test("misère Wythoff: the engine opens from an N-position and leaves the last move to the player", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Wythoff's game (two heaps; a queen to the corner)" });
  await page.check("#misere");
  await page.fill("#board-size", "3,3");
  const isP = wythoffP(3, true);
  assert.equal(isP(3, 3), false);
  await page.selectOption("#first", "engine");
  await page.click("#new-game");
  await settled(page);
  let moves = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(moves++ < 10, "the game should end");
    // The engine has just moved: it must have left a misère P-position.
    const q = page.locator("#board .square.queen-here");
    assert.ok(isP(Number(await q.getAttribute("data-x")), Number(await q.getAttribute("data-y"))), "engine left an N-position");
    await page.locator("#board .square.target").first().click();
    await settled(page);
  }
  assert.equal(await page.getAttribute("#game-over-marker", "data-winner"), "engine");
  assert.match(await page.textContent("#status"), /You made the last move \(misère\): the engine wins/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("green Hackenbush: the hint explains the value part by part, and chopping the trunk fells the tree", async () => {
  const { page, errors, foreign } = await newPage();
  await page.selectOption("#preset", { label: "Green Hackenbush (chop an edge; what falls is gone)" });
  assert.equal(await page.inputValue("#board-size"), "tree:2x2");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await page.waitForSelector('#board g.edge[data-edge="7"]');
  await settled(page);
  assert.equal(await page.locator("#board g.edge").count(), 7);
  // The ground is drawn, and every edge lies above it.
  const groundY = Number(await page.getAttribute("#board line.ground", "y1"));
  assert.ok(groundY > 0);
  // A trunk with two branches, each with two leaves: 1 + (1 xor 1) = *1 at
  // each branch, and *1 for the tree: the only winning chop is the trunk.
  await page.click("#hint");
  await page.waitForSelector("#board g.edge.winning");
  assert.deepEqual(await page.locator("#board g.edge.winning").evaluateAll((gs) => gs.map((g) => g.dataset.edge)), ["1"]);
  const hint = await page.textContent("#hint-box");
  assert.match(hint, /Colon principle/);
  assert.match(hint, /worth \*1/);
  const sum = await page.locator("#hint-box tr.sum td").allTextContents();
  assert.deepEqual(sum.slice(0, 2), ["xor", "*1"]);
  await page.screenshot({ path: join(SHOTS, "13-hackenbush-hint.png"), fullPage: true });
  await page.click('#board g.edge[data-edge="1"]');
  await page.waitForSelector('#game-over-marker[data-winner="me"]');
  // Everything stood on the trunk: nothing is left standing.
  assert.equal(await page.locator("#board g.edge").count(), 0);
  assert.match(await page.locator("#history tbody tr td:nth-child(3)").first().textContent(), /^chop 1$/);
  // Undo, and chop a branch instead: it falls with its two leaves.
  await page.click("#undo");
  await settled(page);
  assert.equal(await page.locator("#board g.edge").count(), 7);
  await page.click('#board g.edge[data-edge="2"]');
  await settled(page);
  assert.equal(await page.locator("#history tbody tr td:nth-child(4)").first().textContent(), "tree:2x2-{2,4,5}");
  await page.screenshot({ path: join(SHOTS, "14-hackenbush-branch-fell.png"), fullPage: true });
  assert.doesNotMatch(await page.textContent("#panel-play"), /undefined|NaN/);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  await page.close();
});

test("misère Hackenbush: a stalk of 3 is misère Nim, and the hint chops edge 2", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Green Hackenbush (chop an edge; what falls is gone)" });
  await page.check("#misere");
  await page.fill("#board-size", "stalk:3");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await page.waitForSelector('#board g.edge[data-edge="3"]');
  await settled(page);
  await page.click("#hint");
  await page.waitForSelector("#board g.edge.winning");
  // Misère Nim on one heap of 3: leave one token (Bouton).
  assert.deepEqual(await page.locator("#board g.edge.winning").evaluateAll((gs) => gs.map((g) => g.dataset.edge)), ["2"]);
  assert.match(await page.textContent("#hint-box"), /misère N-position/);
  await page.click('#board g.edge[data-edge="2"]');
  await page.waitForSelector('#game-over-marker[data-winner="me"]');
  assert.match(await page.textContent("#status"), /The engine made the last move \(misère\): you win/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("coins: Mock Turtles values are the odious numbers, an illegal turn is refused, and the hint's turn is played", async () => {
  const { page, errors, foreign } = await newPage();
  await page.selectOption("#preset", { label: "Coins (turn coins; the rightmost goes heads to tails)" });
  await page.fill("#board-size", "mock:THHTH");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await page.waitForSelector('#board .coin[data-coin="5"]');
  await settled(page);
  assert.deepEqual(await page.locator("#board .coin .face").allTextContents(), ["T", "H", "H", "T", "H"]);
  // Coin 1 alone shows tails: not a move, and the server says why.
  await page.click('#board .coin[data-coin="1"]');
  await page.click("#turn-coins");
  await page.waitForSelector("#status.illegal");
  assert.match(await page.textContent("#status"), /coin 1 shows tails/);
  assert.equal(await page.locator("#history tbody tr").count(), 0);
  // The hint: each head's value, the n-th odious number (an odd count of
  // 1s in binary), and their nim-sum.
  await page.click("#hint");
  await page.waitForSelector("#hint-box table.binary");
  const odious = [];
  for (let n = 0; odious.length < 5; n++) if (n.toString(2).split("1").length % 2 === 0) odious.push(n);
  const rows = await page.locator("#hint-box table.binary tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.cells].slice(0, 2).map((td) => td.textContent)));
  assert.deepEqual(rows.slice(0, 3), [["2", `*${odious[1]}`], ["3", `*${odious[2]}`], ["5", `*${odious[4]}`]]);
  const value = odious[1] ^ odious[2] ^ odious[4];
  assert.deepEqual(rows[3], ["xor", `*${value}`]);
  assert.match(await page.textContent("#hint-box"), new RegExp(`worth \\*${value}`));
  // The first winning turn, explained: its coins' values cancel the sum.
  assert.match(await page.textContent("#hint-box .why-move"), new RegExp(`= \\*${value}, and \\*${value} xor \\*${value} = \\*0\\.$`));
  await page.screenshot({ path: join(SHOTS, "15-coins-hint.png"), fullPage: true });
  // Play the coins the hint highlights.
  const picks = await page.locator("#board .coin.winning").evaluateAll((bs) => bs.map((b) => b.dataset.coin));
  assert.ok(picks.length > 0);
  for (const c of picks) await page.click(`#board .coin[data-coin="${c}"]`);
  await page.click("#turn-coins");
  await settled(page);
  assert.equal(await page.locator("#history tbody tr td:nth-child(3)").first().textContent(), `turn ${picks.join("+")}`);
  assert.doesNotMatch(await page.textContent("#panel-play"), /undefined|NaN/);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  await page.close();
});

test("misère coins: the engine opens and wins, however the player turns", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Coins (turn coins; the rightmost goes heads to tails)" });
  await page.check("#misere");
  await page.fill("#board-size", "turtles:HTHHT");
  await page.selectOption("#first", "engine");
  await page.click("#new-game");
  await settled(page);
  let moves = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(moves++ < 20, "the game should end");
    // Turn the rightmost head alone: always a move in every rule here.
    const heads = page.locator("#board .coin.heads");
    await heads.last().click();
    await page.click("#turn-coins");
    await settled(page);
  }
  assert.equal(await page.getAttribute("#game-over-marker", "data-winner"), "engine");
  assert.deepEqual(errors, []);
  await page.close();
});

test("Moore's Nim: the hint counts the ones of each binary column, and following it wins", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Moore's Nim (take from up to K heaps)" });
  assert.equal(await page.inputValue("#board-size"), "2:3,5,6");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await page.waitForSelector("#board #heap-2");
  await settled(page);
  let turns = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(turns++ < 20, "the game should end");
    await page.click("#hint");
    await page.waitForSelector("#hint-box .verdict");
    // Moore's theorem, checked here from the heaps themselves: the ones
    // row counts each column's ones.
    const heaps = await page.locator("#board .heap").evaluateAll((hs) => hs.map((h) => Number(h.dataset.size)));
    const counts = await page.locator("#hint-box tr.sum td").allTextContents();
    const width = counts.length - 1;
    const expected = [];
    for (let b = width - 1; b >= 0; b--) expected.push(String(heaps.filter((h) => (h >> b) & 1).length));
    assert.deepEqual(counts.slice(1), expected);
    // Take the tokens the hint rings, heap by heap.
    const rings = await page.locator("#board .token.winning").evaluateAll((ts) => ts.map((t) => [t.dataset.heap, Number(t.dataset.token)]));
    assert.ok(rings.length > 0, "a winning move is ringed");
    const first = new Map();
    for (const [h, j] of rings) if (!first.has(h) || j < first.get(h)) first.set(h, j);
    assert.ok(first.size <= 2, "at most K = 2 heaps");
    for (const [h, j] of first) await page.click(`#board .token[data-heap="${h}"][data-token="${j}"]`);
    await page.click("#take-tokens");
    await settled(page);
  }
  assert.equal(await page.getAttribute("#game-over-marker", "data-winner"), "me");
  await page.screenshot({ path: join(SHOTS, "16-moore-won.png"), fullPage: true });
  assert.doesNotMatch(await page.textContent("#panel-play"), /undefined|NaN/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Arc Kayles: an edge is taken with the edges that touch it, and following the hints wins", async () => {
  const { page, errors } = await newPage();
  await page.selectOption("#preset", { label: "Arc Kayles (take an edge; the edges touching it go too)" });
  await page.fill("#board-size", "path:6");
  await page.selectOption("#first", "me");
  await page.click("#new-game");
  await page.waitForSelector("#board .edge-pick");
  await settled(page);
  assert.equal(await page.locator("#board .edge-pick").count(), 5);
  let turns = 0;
  while (!(await page.$("#game-over-marker"))) {
    assert.ok(turns++ < 10, "the game should end");
    await page.click("#hint");
    const winning = page.locator("#board .edge-pick.winning");
    await winning.first().waitFor();
    const before = await page.locator("#board .edge-pick").count();
    const name = await winning.first().getAttribute("data-edge");
    await winning.first().click();
    await settled(page);
    // The edge went, with those touching it (and the engine took one).
    if (!(await page.$("#game-over-marker"))) assert.ok((await page.locator("#board .edge-pick").count()) <= before - 2);
    assert.equal(await page.locator("#history tbody tr td:nth-child(3)").nth(2 * (turns - 1)).textContent(), `take ${name}`);
  }
  assert.equal(await page.getAttribute("#game-over-marker", "data-winner"), "me");
  await page.screenshot({ path: join(SHOTS, "17-arc-kayles-won.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("on a narrow screen the largest queen's board scrolls inside its card, not the page", async () => {
  const { page, errors } = await newPage({ width: 380, height: 800 });
  await page.selectOption("#preset", { label: "Wythoff's game (two heaps; a queen to the corner)" });
  await page.fill("#board-size", "16,16");
  await page.click("#new-game");
  await page.waitForSelector('#board .square[data-x="16"][data-y="16"]');
  await settled(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
  await page.screenshot({ path: join(SHOTS, "18-narrow-wythoff.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
