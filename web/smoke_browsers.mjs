// The game's page in Firefox or WebKit (Safari's engine), as web/smoke.mjs opens it in
// Chromium: at 1280x720 CSS px it loads, draws its title (a screenshot), opens New game and
// Start from the keyboard, and plays until two moves are in the game's save, one of them the
// person's (Ana bids with Enter on her turn; the bots on theirs); then a screenshot of the
// table. Fails on a console error, a page error or a page that says it cannot open.
// Prints the time to the title's first frame from the navigation's start (the page's own clock:
// performance.now() when the game logged it), when the wasm was downloaded and compiled, and the
// moves played.
//   firefox: Debian's firefox-esr, headful on $DISPLAY (headless Firefox has no WebGL)
//   webkit:  WebKitWebDriver and MiniBrowser on $DISPLAY (web/drivers.mjs)
// Usage: node web/smoke_browsers.mjs firefox|webkit URL SHOT.png   (writes SHOT-<browser>.png and
// SHOT-<browser>-table.png)
// No wait has a fixed number of seconds (web/progress.mjs): each fails when nothing moves (the
// page's lines, frames, download and the game's steps) and the browser uses no CPU for two
// minutes, when it spends 600 CPU seconds without progress, or after 45 minutes.
import { firefox, webkit } from "./drivers.mjs";
import { listen, savedMoves } from "./game_page.mjs";
import { cpuClock, patient } from "./progress.mjs";

const [which, url, shot] = process.argv.slice(2);
if (!["firefox", "webkit"].includes(which) || !url || !shot) {
  console.error("usage: node web/smoke_browsers.mjs firefox|webkit URL SHOT.png");
  process.exit(2);
}
const base = shot.replace(/\.png$/, "");
const save = "come-buy/autosave-goblin-market.ron";
let drv = null;
const fail = async (why) => {
  console.error(`smoke: ${which}: ${why}`);
  try {
    await drv?.screenshot(`${base}-${which}-bad.png`);
  } catch {
    // (The picture is a help only.)
  }
  await drv?.close().catch(() => {});
  process.exit(1);
};

// In the page: what the waits look at (the lines since `from` only, to keep WebDriver's answers
// small), the save's moves counted (by `moves`: game_page.mjs's savedMoves).
function state(from, key, moves) {
  const steps = moves(localStorage.getItem(key));
  const error = document.querySelector("#loading .error");
  return {
    lines: window.__said ? window.__said.slice(from) : [], count: window.__said ? window.__said.length : 0,
    frames: window.__frames || 0, downloaded: window.__downloaded || 0, steps, cannot: error ? error.textContent : "",
  };
}

const lines = [];
const errors = [];
let now = { frames: 0, downloaded: 0, steps: [-1, -1], count: 0 };
// Reads the page's state and keeps its new lines (errors apart).
const look = async () => {
  const s = await drv.run(`(${state})(${lines.length}, ${JSON.stringify(save)}, ${savedMoves})`);
  for (const l of s.lines) {
    lines.push(l);
    if ((l[1] === "error" || l[1] === "pageerror") && !l[2].includes("Using exceptions for control flow")) errors.push(l[2]);
  }
  now = s;
  if (s.cannot) await fail(`the page cannot open: ${s.cannot}`);
  if (errors.length) await fail(`console errors:\n${errors.join("\n")}`);
  return s;
};
const progress = { lines: () => now.count, frames: () => now.frames, download: () => now.downloaded, steps: () => now.steps[0] };
const alive = { browser: cpuClock([process.pid], { own: false }) };
const until = async (what, done) => {
  try {
    return await patient(`smoke: ${which}: ${what}`, async () => done(await look()), { progress, alive });
  } catch (e) {
    return fail(`${e.message} (last lines: ${lines.slice(-4).map((l) => l[2].slice(0, 120)).join(" | ")})`);
  }
};
const heard = (text) => lines.find((l) => l[2].includes(text));
// Until the page has drawn `n` more frames (the game's included: it runs on the page's frames).
const frames = async (n) => {
  const from = (await look()).frames;
  await until(`${n} frames`, (s) => s.frames >= from + n);
};
const keys = async (list) => {
  for (const k of list) {
    await drv.press(k);
    await frames(3);
  }
};

const t0 = Date.now();
try {
  drv = await (which === "firefox" ? firefox({ headless: false, viewport: { width: 1280, height: 720 } }) : webkit({ viewport: { width: 1280, height: 720 }, what: "smoke: webkit" }));
} catch (e) {
  await fail(`could not start: ${e.message}`);
}
const started = Date.now();
console.log(`smoke: ${which}: ${drv.version}, started in ${((started - t0) / 1000).toFixed(1)} s`);
await drv.goto(url);
if (await drv.run(`(${listen})()`)) await fail("the game's canvas was there before the check could listen to the page");
await until("the title's first frame", () => !!heard("first frame drawn"));
const first = heard("first frame drawn")[0] / 1000;
// SMOKE_TRACE=1: the page's lines up to its first frame, each at its time (where the start goes).
if (process.env.SMOKE_TRACE) {
  for (const l of lines) if (l[0] / 1000 <= first) console.log(`smoke: ${which}: ${(l[0] / 1000).toFixed(2)} s ${l[2].slice(0, 160)}`);
}
const [downloadedAt, compiledAt, viewport, unpackedHere] = await drv.run("[window.__downloadedAt || 0, window.__compiledAt || 0, [innerWidth, innerHeight, devicePixelRatio], !!window.__unpackedHere]");
// The title's menu shows at once; its images (the felt, the fans' cards) follow a share a
// frame, and the picture below wants them all.
await until("the title's art drawn", () => !!heard("art: the last textures drawn"));
const artAt = heard("art: the last textures drawn")[0] / 1000;
const fansAt = (heard("title: the fans' cards all shown") || [0])[0] / 1000;
await frames(30);
// A first click, where the title has no button (its middle is Today's deal): the canvas has
// the keys from now on.
await drv.clickAt(1270, 710);
await frames(30);
await drv.screenshot(`${base}-${which}.png`);
// New game, then Start (the menus stop at their ends: Down from the game row reaches Start
// after the seats).
const mark = lines.length;
await keys(["Enter"]);
await until("Enter on the title opening New game", () => lines.slice(mark).some((l) => l[2].includes("screen: NewGame")));
await frames(10);
await keys([...Array(12).fill("ArrowDown"), "Enter"]);
await until("Start opening the table", () => lines.slice(mark).some((l) => l[2].includes("screen: Table")));
// Two moves in the game's save (it is saved as dealt, then after every move), one of them the
// person's: the deal says who bids first; the bots bid on their turns, and on Ana's Enter
// takes the focused option (Bid N). A press on another seat's turn does nothing.
let pressedAt = now.frames;
await until("two moves in the save, one of them the person's", async (s) => {
  if (s.steps[0] >= 2 && s.steps[1] >= 1) return true;
  if (s.frames >= pressedAt + 20) {
    await drv.press("Enter");
    pressedAt = s.frames;
  }
  return false;
});
await frames(30);
await drv.screenshot(`${base}-${which}-table.png`);
// (The bots may have moved again by the picture.)
const moves = (await look()).steps;
const ended = Date.now();
await drv.close();
console.log(`smoke: ${which}: viewport ${viewport[0]}x${viewport[1]} at ${viewport[2]}x; the title's first frame ${first.toFixed(1)} s after the navigation began, its cards shown at ${fansAt.toFixed(1)} s, its art all drawn at ${artAt.toFixed(1)} s (wasm downloaded at ${(downloadedAt / 1000).toFixed(1)} s, compiled at ${(compiledAt / 1000).toFixed(1)} s${unpackedHere ? ", unpacked by the page's Brotli decoder" : ""}); moves played: ${moves[0]} in the save by the table's picture, ${moves[1]} of them the person's (by Enter); ${((ended - started) / 1000).toFixed(0)} s in all; ${base}-${which}.png, ${base}-${which}-table.png`);
