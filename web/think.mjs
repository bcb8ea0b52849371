// Opens the game page in headless Chromium, starts Goblin Market with four Hard bots (or a
// Duchess duel of two Hard bots, a Hard bot alone at the Duchess, or Mýkonos with three Hard bots) using the keyboard alone, and measures while they play: every frame's length (requestAnimationFrame)
// and each bot decision the game logs (it thinks a slice per frame in browsers). Prints the
// decision times (p50/p95/max) and the longest frames.
// Usage: node think.mjs URL SECONDS SHOT [goblin-market|duchess-duel|duchess-solo|mykonos]
// SECONDS is how long the measure runs once the match has started. No wait before it has a
// fixed number of seconds (web/progress.mjs): each fails when nothing moves (the page prints no
// line and makes no request, the browser uses no CPU) for two minutes, when the browser spends
// 600 CPU seconds without progress, or, as a last resort, after 45 minutes.
import { frames, launchChromium, pageWaits } from "./game_page.mjs";

const [url, secondsArg, shot, table = "goblin-market"] = process.argv.slice(2);
const seconds = Number(secondsArg || 90);
const { watch, load, heard } = pageWaits("think");
const browser = await launchChromium();
const page = watch(await browser.newPage({ viewport: { width: 1280, height: 720 } }), "page");
const said = [];
page.on("console", (m) => said.push(m.text()));
const decisions = [];
const errors = [];
page.on("console", (m) => {
  const t = m.text();
  const d = t.match(/sliced bot decision \d+: (\d+) ms thinking over (\d+) frames \((\d+) ms in all\), longest frame ([\d.]+) ms, longest slice ([\d.]+) ms \(budget (\d+)\)/);
  if (d) decisions.push({ ms: Number(d[1]), frames: Number(d[2]), wall: Number(d[3]), longest: Number(d[4]), slice: Number(d[5]), budget: Number(d[6]) });
  if (t.includes("sliced bot decision") && !d) console.log("think: unparsed: " + t);
  if (m.type() === "error" && !t.includes("Using exceptions for control flow") && !t.startsWith("Failed to load resource")) errors.push(t);
});
page.on("pageerror", (e) => {
  if (!String(e).includes("Using exceptions for control flow")) errors.push(String(e));
});
await load(page, url);
await heard(said, "first frame drawn");
await page.waitForTimeout(2000);
// A click to let audio start, in an empty corner (the title's middle holds Today's deal).
await page.mouse.click(1270, 710);
await page.waitForTimeout(1500);
await frames(page, 10);
// Title: New game. Up/Down steps a row (game, players, rules) or a seat; Left/Right changes
// the row's value or the seat's kind, whose list is Person, then the bots strongest first:
// Person -> Hard is one step right, Normal -> Hard one step left. Goblin Market (the default
// game, four seats): every seat Hard. The Duchess (one step left from Goblin Market, two
// seats): both Hard, or one seat, Hard. Mýkonos (one step right, no rules row): three seats.
const tables = {
  "goblin-market": ["Enter", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight",
    "ArrowDown", "ArrowLeft", "ArrowDown", "ArrowLeft", "ArrowDown", "ArrowLeft"],
  "duchess-duel": ["Enter", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight",
    "ArrowDown", "ArrowLeft"],
  "duchess-solo": ["Enter", "ArrowLeft", "ArrowDown", "ArrowLeft", "ArrowDown", "ArrowDown",
    "ArrowRight"],
  "mykonos": ["Enter", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowDown", "ArrowRight",
    "ArrowDown", "ArrowLeft", "ArrowDown", "ArrowLeft"],
};
const keys = tables[table];
if (!keys) {
  console.error(`think: unknown table ${table} (${Object.keys(tables).join(", ")})`);
  process.exit(2);
}
// (Each key read by the game before the next: a pause and two of its frames.)
const press = async (list) => {
  for (const key of list) {
    await page.keyboard.press(key);
    await page.waitForTimeout(400);
    await frames(page);
  }
};
let mark = said.length;
await press(keys.slice(0, 1));
await heard(said, "screen: NewGame", mark);
await page.waitForTimeout(1000);
await press(keys.slice(1));
await page.screenshot({ path: shot.replace(/\.png$/, "") + "-setup.png" });
// From the last seat, one step down is Start.
mark = said.length;
await press(["ArrowDown", "Enter"]);
await heard(said, "screen: Table", mark);
// Frame lengths from the page's side.
await page.evaluate(() => {
  window.__frames = [];
  let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
});
await page.waitForTimeout(seconds * 1000);
const lengths = await page.evaluate(() => window.__frames);
await page.screenshot({ path: shot });
await browser.close();

const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = decisions.map((d) => d.ms);
console.log(`think: ${decisions.length} sliced decisions by Hard bots in ${seconds} s`);
console.log(`think: decision p50 ${pct(ms, 50)} ms, p95 ${pct(ms, 95)} ms, max ${Math.max(...ms)} ms`);
console.log(`think: frames per decision p50 ${pct(decisions.map((d) => d.frames), 50)}, wall time p50 ${pct(decisions.map((d) => d.wall), 50)} ms`);
console.log(`think: longest frame while a bot thought ${Math.max(...decisions.map((d) => d.longest)).toFixed(1)} ms (game's clock)`);
// What the bots themselves took of a frame: the longest slice of each decision.
const slices = decisions.map((d) => d.slice);
console.log(`think: the bots' share of a frame, the longest slice of each decision: p50 ${pct(slices, 50).toFixed(1)} ms, p95 ${pct(slices, 95).toFixed(1)} ms, max ${Math.max(...slices).toFixed(1)} ms (budgets ${Math.min(...decisions.map((d) => d.budget))}-${Math.max(...decisions.map((d) => d.budget))} ms)`);
console.log(`think: page frames ${lengths.length}, p50 ${pct(lengths, 50).toFixed(1)} ms, p95 ${pct(lengths, 95).toFixed(1)} ms, longest ${Math.max(...lengths).toFixed(1)} ms`);
if (errors.length) {
  console.error("think: console errors:\n" + errors.join("\n"));
  process.exit(1);
}
if (!decisions.length) {
  console.error("think: no sliced decision was logged (did the match start with Hard bots?)");
  process.exit(1);
}
