// Opens the game page in headless Chromium (software WebGL), collects console errors, waits
// for the canvas and some frames, and saves a screenshot; then plays two moves, and checks
// what the page remembers, touch screens, pixel densities, a phone held upright, an Italian
// browser and a browser without WebGL (see smoke.sh).
// The page's log says when it has got somewhere ("first frame drawn", "screen: Table", ...):
// the checks wait for those lines, and no wait has a fixed number of seconds (web/progress.mjs):
// each fails when nothing moves (no page prints a line or makes a request, no move is saved,
// the browser uses no CPU) for two minutes, when the browser spends 600 CPU seconds without any
// of that progress, or, as a last resort, after 45 minutes. A busy machine is slow, not red.
import { frames, launchChromium, listen, pageWaits, savedMoves } from "./game_page.mjs";

const [url, shot] = process.argv.slice(2);
const { progress, waitOn, watch, load, heard } = pageWaits("smoke");
const errors = [];
// A wait that stalled (or an action that failed): the errors so far with it, and the check fails.
const stalled = (e) => {
  console.error(`smoke: ${e.message || e}` + (errors.length ? "\nsmoke: console errors:\n" + errors.join("\n") : ""));
  process.exit(1);
};
process.on("uncaughtException", stalled);
process.on("unhandledRejection", stalled);
const browser = await launchChromium();
const page = watch(await browser.newPage({ viewport: { width: 1280, height: 720 } }), "page");
page.on("console", (m) => {
  const t = m.text();
  // Failed loads are reported with their address by the response handler below.
  if (m.type() === "error" && !t.includes("Using exceptions for control flow") && !t.startsWith("Failed to load resource")) errors.push(t);
});
page.on("response", (r) => {
  if (r.status() >= 400) errors.push(`HTTP ${r.status()} for ${r.url()}`);
});
page.on("pageerror", (e) => {
  if (!String(e).includes("Using exceptions for control flow")) errors.push(String(e));
});
let titleAt = 0;
page.on("console", (m) => {
  if (!titleAt && m.text().includes("first frame drawn")) titleAt = (Date.now() - started) / 1000;
});
const said = [];
page.on("console", (m) => said.push(m.text()));
// (The page's own clock too, as the Firefox and WebKit checks read it: web/smoke_browsers.mjs.)
await page.addInitScript(listen);
const started = Date.now();
await load(page, url);
const canvasAt = (Date.now() - started) / 1000;
await heard(said, "first frame drawn");
const firstAt = await page.evaluate(() => (window.__said.find((l) => l[2].includes("first frame drawn")) || [0])[0]);
await page.waitForTimeout(2000);
// A first click, where the title has no button (its middle is Today's deal): audio may start now.
await page.mouse.click(1270, 710);
await page.waitForTimeout(2000);
await page.screenshot({ path: shot });
const loadTimes = await page.evaluate(() => [window.__downloadedAt || 0, window.__compiledAt || 0, !!window.__unpackedHere]);
// The loading card counted the download to its end.
const downloaded = await page.evaluate(() => window.__downloaded);
const wasmBytes = Number(process.env.WASM_BYTES || 0);
if (!downloaded || (wasmBytes && downloaded !== wasmBytes)) errors.push(`download progress counted ${downloaded} of ${wasmBytes} bytes`);
// A hidden tab falls silent and sounds again when it comes back.
const hide = (hidden) => page.evaluate((h) => {
  Object.defineProperty(document, "hidden", { value: h, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}, hidden);
await hide(true);
await page.waitForTimeout(500);
const hiddenStates = await page.evaluate(() => window.__audioStates());
await hide(false);
await page.waitForTimeout(500);
const shownStates = await page.evaluate(() => window.__audioStates());
if (!hiddenStates.length || hiddenStates.some((s) => s !== "suspended")) errors.push(`audio while hidden: ${hiddenStates}`);
if (shownStates.some((s) => s !== "running")) errors.push(`audio after showing again: ${shownStates}`);
console.log(`smoke: downloaded ${downloaded} bytes with progress; audio hidden ${hiddenStates}, shown ${shownStates}`);
// Start a game with the keyboard alone (New game, then Start) and play two moves.
const tableShot = shot.replace(/\.png$/, "") + "-table.png";
// (The menus stop at their ends: Down from the game row reaches Start after the seats.)
let mark = said.length;
await page.keyboard.press("Enter");
await heard(said, "screen: NewGame", mark);
mark = said.length;
for (const key of [...Array(12).fill("ArrowDown"), "Enter"]) {
  await page.keyboard.press(key);
  await page.waitForTimeout(250);
  await frames(page);
}
await heard(said, "screen: Table", mark);
// Two moves in the game's save (it is saved as dealt, then after every move), one of them the
// person's: the deal says who bids first; the bots bid on their turns, and on Ana's Enter
// takes the focused option (Bid N). A press on another seat's turn does nothing.
const moves = async () => savedMoves(await page.evaluate(() => localStorage.getItem("come-buy/autosave-goblin-market.ron")));
let played = [-1, -1];
progress.moves = () => played[0];
await waitOn("two moves in the save, one of them the person's", async () => {
  played = await moves();
  if (played[0] >= 2 && played[1] >= 1) return true;
  await page.keyboard.press("Enter");
  await frames(page, 20);
  return false;
});
await page.waitForTimeout(3000);
await page.screenshot({ path: tableShot });
played = await moves();
console.log(`smoke: moves played: ${played[0]} in the save by the table's picture, ${played[1]} of them the person's (by Enter)`);

// The browser remembers: the game in progress is in local storage; a broken entry planted
// beside it is kept aside on the next start, and the title offers Continue after a reload.
const logs = [];
page.on("console", (m) => logs.push(m.text()));
const keys = () => page.evaluate(() => Object.keys(localStorage).sort());
const before = await keys();
if (!before.includes("come-buy/autosave-goblin-market.ron")) errors.push(`no autosave in local storage: ${before}`);
await page.evaluate(() => localStorage.setItem("come-buy/autosave-mykonos.ron", "not a save"));
const reopen = async (waitFor) => {
  logs.length = 0;
  await load(page, null);
  await heard(logs, "first frame drawn");
  await heard(logs, waitFor);
  await page.waitForTimeout(1000);
};
await reopen("saves:");
const reloadShot = shot.replace(/\.png$/, "") + "-reload.png";
await page.screenshot({ path: reloadShot });
if (!logs.some((l) => l.includes("saves: 1 to continue, 1 set aside"))) {
  errors.push("after a reload the title did not offer the game (and report the broken save): " + logs.filter((l) => l.includes("saves:")).join(" | "));
}
// (Kept under a name of its own: autosave-mykonos.broken-<date>-<time>.ron, never written over.)
const aside = await page.evaluate(() => {
  const kept = Object.keys(localStorage).filter((k) => k.startsWith("come-buy/autosave-mykonos.broken") && !k.endsWith("#written"));
  return [kept.map((k) => localStorage.getItem(k)).join("|"), localStorage.getItem("come-buy/autosave-mykonos.ron"), kept.join(",")];
});
if (aside[0] !== "not a save" || aside[1] !== null) errors.push(`the broken save was not kept aside: ${aside}`);
// A setting changed in the menu survives a reload: Settings (below Continue, New game, Today's
// deal and Join a table), the first row one step right, then back.
for (const key of ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "Enter", "ArrowRight", "Escape"]) {
  await page.keyboard.press(key);
  await page.waitForTimeout(800);
}
let settings = null;
await waitOn("the changed setting stored", async () => {
  settings = await page.evaluate(() => localStorage.getItem("come-buy/settings.ron"));
  return !!settings;
});
await reopen("settings: read from");
if (!logs.some((l) => l.includes("settings: read from come-buy/settings.ron"))) errors.push("the stored settings were not read after a reload");
const again = await page.evaluate(() => localStorage.getItem("come-buy/settings.ron"));
if (again !== settings) errors.push("the settings changed on reload");
console.log(`smoke: reload screenshot ${reloadShot}; local storage before: ${before.join(", ")}`);
await browser.close();
// A tablet and a phone held sideways: the page reports a coarse pointer, and the game keeps
// its buttons at least 44 CSS px tall (it logs the menus' zoom); a tap on New game opens the
// new-game screen.
const touchBrowser = await launchChromium();
// (At a device scale factor of 1: headless Chromium's emulated factors disagree with the
// canvas's device-pixel size, which real browsers report together.)
for (const [name, width, height] of [["tablet", 1024, 768], ["phone", 844, 390]]) {
  const ctx = await touchBrowser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
  const p = watch(await ctx.newPage(), name);
  const said = [];
  p.on("console", (m) => said.push(m.text()));
  p.on("pageerror", (e) => { if (!String(e).includes("Using exceptions for control flow")) errors.push(`${name}: ${e}`); });
  await load(p, url);
  await heard(said, "first frame drawn");
  await heard(said, "buttons");
  await p.waitForTimeout(2000);
  const coarse = await p.evaluate(() => window.comeBuyCoarsePointer);
  const sizes = said.map((l) => /buttons (\d+) px tall/.exec(l)).filter(Boolean).map((m) => Number(m[1]));
  const button = sizes.length ? sizes[sizes.length - 1] : 0;
  if (!coarse) errors.push(`${name}: the page did not see a coarse pointer`);
  if (button < 44) errors.push(`${name}: buttons ${button} px tall (${sizes}), under the 44 px touch target`);
  const shotName = shot.replace(/\.png$/, "") + `-${name}.png`;
  await p.screenshot({ path: shotName });
  // The title's first button (New game) is the first thing that answers a tap going down
  // below the title, in steps smaller than a button: down the middle when the menu is one
  // column, down the left column's middle when a short screen splits it in two (two 280-point
  // buttons side by side: the left one's middle is 144 points left of the centre). A tap has
  // missed when the game has drawn 20 frames since without opening it (it reads a tap on its
  // next frame).
  let opened = false;
  const zoom = button / 48;
  const twoColumns = said.some((l) => l.includes("title menu: two columns"));
  const x = twoColumns ? width / 2 - 144 * zoom : width / 2;
  for (let y = 0.4; y < 0.9; y += 0.04) {
    said.length = 0;
    await p.touchscreen.tap(Math.round(x), Math.round(height * y));
    await frames(p, 20);
    if (said.some((l) => l.includes("screen: NewGame"))) { opened = true; break; }
  }
  const tapShot = shot.replace(/\.png$/, "") + `-${name}-tap.png`;
  await p.screenshot({ path: tapShot });
  if (!opened) errors.push(`${name}: a tap on New game did not open the new-game screen`);
  console.log(`smoke: ${name} ${width}x${height}: coarse pointer ${coarse}, buttons ${button} px tall, tap opened new game ${opened}; ${shotName}, ${tapShot}`);
  await ctx.close();
}
// Every pixel density: a laptop (1440x900) and a phone held sideways (844x390) at device pixel
// ratios 1, 2 and 3. The game must size itself in the page's own (CSS) pixels: the window it
// reports is the viewport, the menus' zoom is the same at every ratio, and New game's Start and
// Back (the game logs where they are) lie inside the page; then a table opens from the keyboard.
const zooms = {};
for (const [name, width, height, touch] of [["laptop", 1440, 900, false], ["phone", 844, 390, true]]) {
  for (const dpr of [1, 2, 3]) {
    const ctx = await touchBrowser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, hasTouch: touch, isMobile: touch });
    const tag = `${name} ${width}x${height} at ${dpr}x`;
    const p = watch(await ctx.newPage(), tag);
    const said = [];
    p.on("console", (m) => said.push(m.text()));
    p.on("pageerror", (e) => { if (!String(e).includes("Using exceptions for control flow")) errors.push(`${tag}: ${e}`); });
    await load(p, url);
    await heard(said, "first frame drawn");
    await heard(said, "menus: zoom");
    await p.waitForTimeout(2000);
    const menus = said.map((l) => /menus: zoom ([\d.]+) for a window (\d+) px tall/.exec(l)).filter(Boolean).at(-1);
    if (!menus) { errors.push(`${tag}: the game logged no menu zoom`); await ctx.close(); continue; }
    const [zoom, tall] = [Number(menus[1]), Number(menus[2])];
    if (Math.abs(tall - height) > 2) errors.push(`${tag}: the game sized itself for a window ${tall} px tall, not the page's ${height}`);
    (zooms[name] ??= []).push(zoom);
    await p.screenshot({ path: shot.replace(/\.png$/, "") + `-${name}-${dpr}x.png` });
    await p.focus("canvas");
    await p.keyboard.press("Enter");
    const startAt = () => said.map((l) => /new game: Start and Back at x (-?\d+)-(-?\d+), y (-?\d+)-(-?\d+) of a (\d+)x(\d+) page/.exec(l)).filter(Boolean).at(-1);
    await waitOn(`${tag}: New game saying where Start is`, () => !!startAt());
    let at = startAt();
    // (The panel settles over its first frames: the last place it reported counts.)
    await p.waitForTimeout(2000);
    at = startAt() ?? at;
    const newShot = shot.replace(/\.png$/, "") + `-${name}-${dpr}x-new-game.png`;
    await p.screenshot({ path: newShot });
    if (!at) { errors.push(`${tag}: New game did not open (or did not say where Start is)`); await ctx.close(); continue; }
    const [x0, x1, y0, y1, w, h] = at.slice(1).map(Number);
    const inside = x0 >= 0 && y0 >= 0 && x1 <= w && y1 <= h && Math.abs(w - width) <= 2 && Math.abs(h - height) <= 2;
    if (!inside) errors.push(`${tag}: Start and Back at x ${x0}-${x1}, y ${y0}-${y1} of a ${w}x${h} page: not inside the ${width}x${height} page`);
    for (const key of [...Array(12).fill("ArrowDown"), "Enter"]) {
      await p.keyboard.press(key);
      await p.waitForTimeout(key === "Enter" ? 1500 : 200);
      await frames(p);
    }
    await heard(said, "screen: Table");
    await p.waitForTimeout(4000);
    const tableShot = shot.replace(/\.png$/, "") + `-${name}-${dpr}x-table.png`;
    await p.screenshot({ path: tableShot });
    if (!said.some((l) => l.includes("screen: Table"))) errors.push(`${tag}: Start did not open the table`);
    console.log(`smoke: ${tag}: window ${tall} px tall, menus zoom ${zoom}, Start and Back at x ${x0}-${x1}, y ${y0}-${y1} of ${w}x${h} (inside: ${inside}); ${newShot}, ${tableShot}`);
    if (name === "phone") {
      // The closer look: a tap on the button in the top-left corner frames the person's own
      // corner at least as large as a 720p desktop window shows the whole table (its scale
      // above a 108 px choice strip: 612 / 1080 = 0.567 px per table unit). At ratio 1 by a
      // tap; at 2 and 3 by the V key (headless Chromium's emulated ratios place touches by
      // the canvas's device pixels, which no real browser does; see the tablet check above).
      said.length = 0;
      if (dpr === 1) await p.touchscreen.tap(40, 26);
      else await p.keyboard.press("v");
      const closer = () => said.map((l) => /closer look on: table scale ([\d.]+) \(the whole table ([\d.]+)\)/.exec(l)).filter(Boolean).at(-1);
      await waitOn(`${tag}: the closer look`, () => !!closer());
      const look = closer();
      await p.waitForTimeout(1000);
      const closerShot = shot.replace(/\.png$/, "") + `-${name}-${dpr}x-closer.png`;
      await p.screenshot({ path: closerShot });
      if (!look) errors.push(`${tag}: ${dpr === 1 ? "a tap on Look closer" : "V"} did not bring the closer look`);
      else if (Number(look[1]) < 0.567) errors.push(`${tag}: the closer look's scale ${look[1]} is under the 720p desktop's 0.567`);
      else console.log(`smoke: ${tag}: closer look at scale ${look[1]} (the whole table ${look[2]}; a 720p desktop 0.567); ${closerShot}`);
    }
    await ctx.close();
  }
}
for (const [name, zs] of Object.entries(zooms)) {
  if (zs.some((z) => Math.abs(z - zs[0]) > 0.01)) errors.push(`${name}: the menus' zoom changed with the pixel density: ${zs}`);
}
// A phone held upright is asked to turn (sideways it is not).
for (const [width, height, want] of [[390, 844, "flex"], [844, 390, "none"]]) {
  const ctx = await touchBrowser.newContext({ viewport: { width, height }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  const p = watch(await ctx.newPage(), `upright ${width}x${height}`);
  await p.goto(url, { waitUntil: "domcontentloaded" });
  const shown = await p.evaluate(() => getComputedStyle(document.getElementById("turn")).display);
  if (shown !== want) errors.push(`a phone ${width}x${height}: the turn prompt is ${shown}, not ${want}`);
  if (want === "flex") await p.screenshot({ path: shot.replace(/\.png$/, "") + "-upright.png" });
  console.log(`smoke: a phone ${width}x${height}: the turn prompt ${shown}`);
  await ctx.close();
}
// A browser set to Italian: the loading card and the game speak Italian from the first start.
{
  const ctx = await touchBrowser.newContext({ viewport: { width: 1280, height: 720 }, locale: "it-IT" });
  const p = watch(await ctx.newPage(), "italian");
  const said = [];
  p.on("console", (m) => said.push(m.text()));
  p.on("pageerror", (e) => { if (!String(e).includes("Using exceptions for control flow")) errors.push(`italian: ${e}`); });
  // Every wording the loading card takes, from the first parse on: the card goes away as soon
  // as the game starts, which on a fast load can be before a look after the page has loaded.
  await p.addInitScript(() => {
    window.__headlines = [];
    const look = () => {
      const t = document.getElementById("headline")?.textContent;
      if (t && window.__headlines.at(-1) !== t) window.__headlines.push(t);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await p.goto(url, { waitUntil: "domcontentloaded" });
  const seen = await p.evaluate(() => window.__headlines);
  const headline = seen.find((t) => t.includes("tavolo")) ?? seen.at(-1) ?? "";
  await waitOn("italian: the page's canvas", async () => !!(await p.$("canvas")));
  await heard(said, "first frame drawn");
  await p.waitForTimeout(1000);
  const lang = said.map((l) => /language: (\w+)/.exec(l)).filter(Boolean).map((m) => m[1]);
  if (!headline.includes("tavolo")) errors.push(`italian: the loading card said ${JSON.stringify(headline)}`);
  if (lang[lang.length - 1] !== "it") errors.push(`italian: the game chose ${lang}`);
  const itShot = shot.replace(/\.png$/, "") + "-it.png";
  await p.screenshot({ path: itShot });
  console.log(`smoke: an Italian browser: loading card ${JSON.stringify(headline)}, game language ${lang[lang.length - 1]}; ${itShot}`);
  await ctx.close();
}
await touchBrowser.close();
// Without WebGL the loading card says why instead of spinning forever.
// (Until the card says something other than its loading words, or the game's canvas appears.)
const plain = await launchChromium(["--no-sandbox", "--disable-webgl", "--disable-gpu"]);
const noGl = watch(await plain.newPage(), "no WebGL");
await noGl.goto(url);
await waitOn("without WebGL: the loading card's answer", () => noGl.evaluate(() => !!document.querySelector("#loading .error, canvas")));
const told = await noGl.evaluate(() => document.body.innerText);
await plain.close();
if (!told.includes("needs WebGL 2")) errors.push(`without WebGL the page said: ${told}`);
console.log(`smoke: table screenshot ${tableShot}`);
console.log(`smoke: the canvas seen by the check after ${canvasAt.toFixed(1)} s (the page's main thread busy starting the game); the first frame drawn after ${titleAt.toFixed(1)} s (${(firstAt / 1000).toFixed(1)} s after the navigation began by the page's clock; downloaded at ${(loadTimes[0] / 1000).toFixed(2)} s, compiled at ${(loadTimes[1] / 1000).toFixed(2)} s${loadTimes[2] ? ", unpacked by the page's Brotli decoder" : ""}); screenshot ${shot}`);
if (errors.length) {
  console.error("smoke: console errors:\n" + errors.join("\n"));
  process.exit(1);
}
