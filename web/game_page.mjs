// What the checks of the game's page share (web/smoke.mjs and web/think.mjs in Chromium,
// web/smoke_browsers.mjs in Firefox and WebKit): Chromium as they launch it, their waits on a
// page (web/progress.mjs: a wait fails when nothing moves, never after a fixed number of
// seconds) and the moves in the game's save.
import { chromium } from "playwright-core";
import { cpuClock, pageProgress, patient } from "./progress.mjs";

// Headless Chromium with software WebGL, and nothing that reaches outside the machine.
export const chromiumArgs = [
  "--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--disable-quic", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
  "--use-gl=angle", "--ignore-gpu-blocklist",
];
export const launchChromium = (args = chromiumArgs) => chromium.launch({ executablePath: "/usr/bin/chromium", args });

// One check's waits. Progress: every page it watches (its console lines and requests) and what
// the check adds to `progress`; alive: the CPU time of the browsers this node started (their
// work clock). `name` starts every failure's message.
export function pageWaits(name) {
  const progress = {};
  const alive = { browser: cpuClock([process.pid], { own: false }) };
  const waitOn = (what, done) => patient(`${name}: ${what}`, done, { progress, alive });
  // A page (or a context) watched: its lines and requests are progress, and one action on it
  // (a screenshot, a key, a navigation) is bounded only as a last resort: the waits are the
  // check's.
  const watch = (page, label) => {
    page.setDefaultTimeout(10 * 60000);
    if (label) Object.assign(progress, pageProgress(page, label));
    return page;
  };
  // Opens `address` (or loads the page again: `address` null) and waits for its canvas (the
  // wasm downloaded, compiled and started: the browser's CPU time with no line printed,
  // minutes on a busy machine). Returns the wait's {ms, cpu}.
  const load = async (page, address) => {
    let canvas = false;
    let failed = null;
    // (The canvas looked for once the new page is there: a page opened again had one already.)
    const go = address === null ? page.reload({ waitUntil: "commit", timeout: 0 }) : page.goto(address, { waitUntil: "commit", timeout: 0 });
    go.then(() => page.waitForSelector("canvas", { timeout: 0 }).then(() => { canvas = true; })).catch((e) => { failed = e; });
    return waitOn(`the page's canvas (${address ?? "loaded again"})`, () => {
      if (failed) throw failed;
      return canvas;
    });
  };
  // Until a line containing `text` is in `lines` (a page's log, from line `from` on).
  const heard = (lines, text, from = 0) => waitOn(`"${text}" in the page's log`, () => lines.slice(from).some((l) => l.includes(text)));
  return { progress, alive, waitOn, watch, load, heard };
}

// Until the page has drawn `n` more frames (its main thread, the game's included, went round):
// on a busy machine a pause of fixed length may end before the game read the last key.
export const frames = (page, n = 2) => page.evaluate((n) => new Promise((r) => {
  let left = n;
  const f = () => (--left <= 0 ? r() : requestAnimationFrame(f));
  requestAnimationFrame(f);
}), n);

// The moves in a game's save (its RON record: `steps: [(seat: 0, action: ...), ...]`), all of
// them and seat `seat`'s; [-1, -1] for no save. Self-contained: the Firefox and WebKit checks
// run it in the page.
export function savedMoves(text, seat = 0) {
  if (!text || !text.includes("steps:")) return [-1, -1];
  const steps = text.slice(text.indexOf("steps:"));
  return [(steps.match(/\(\s*seat:/g) || []).length, (steps.match(new RegExp(`\\(\\s*seat: ${seat},`, "g")) || []).length];
}

// In the page: its console lines (each with performance.now(): from the navigation's start),
// errors and frames, kept in window.__said and window.__frames for the checks (WebDriver has no
// console of its own). Put in before the page's scripts (Playwright's addInitScript) or right
// after the navigation (WebDriver: the game's first line comes seconds later, once the wasm is
// downloaded and compiled); true if a canvas was there already (too late to hear it all).
export function listen() {
  if (window.__said) return false;
  const said = (window.__said = []);
  for (const kind of ["log", "info", "warn", "error", "debug"]) {
    const was = console[kind].bind(console);
    console[kind] = (...args) => {
      said.push([performance.now(), kind, args.map(String).join(" ")]);
      was(...args);
    };
  }
  addEventListener("error", (e) => said.push([performance.now(), "pageerror", String(e.message)]));
  addEventListener("unhandledrejection", (e) => said.push([performance.now(), "pageerror", String(e.reason)]));
  window.__frames = 0;
  const tick = () => { window.__frames += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  return !!document.querySelector("canvas");
}
