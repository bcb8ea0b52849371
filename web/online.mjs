// Two headless Chromium pages play a Duchess duel online (see online.sh): the host page deals
// New game with seat 1 its person and seat 2 an Online friend, the friend's page opens
// ?join=CODE, takes the seat, the host says yes and starts, and both people press Enter on
// their turns (the focused option) until both pages show the results.
// Usage: node online.mjs PAGE_URL SIGNAL_URL OUT_DIR REFUSING_SIGNAL_URL
// (REFUSING_SIGNAL_URL: a meeting server that does not allow the page's origin)
// No wait here has a fixed number of seconds (web/progress.mjs): each fails when nothing moves
// (no page prints a line or makes a request, no move is sent, the browser uses no CPU) for two
// minutes, when the browser spends 600 CPU seconds without any of that progress, or, as a
// last resort, after 45 minutes.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { cpuClock, pageProgress, patient } from "./progress.mjs";

const [url, signal, out, refusing] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
    "--use-gl=angle", "--ignore-gpu-blocklist",
    // Real host addresses in the WebRTC offers (no mDNS names on a machine without mDNS).
    "--disable-features=WebRtcHideLocalIpsWithMdns",
  ],
});
const t0 = Date.now();
// The browser's processes (this node's children): their CPU time is the checks' work clock.
const browserCpu = cpuClock([process.pid], { own: false });
const cpu0 = browserCpu();
// Where the check's time goes (on stderr: the figures for docs/testing.md).
const lap = (what) => console.error(`online: ${((Date.now() - t0) / 1000).toFixed(1)} s (browser ${(browserCpu() - cpu0).toFixed(0)} CPU s): ${what}`);
const errors = [];
const logs = { host: [], friend: [], bare: [], refused: [], daily: [], watcher: [] };
// When the refused page began to join and was told (ms since the epoch).
const refusal = { joining: null, told: null };
const sent = new Map();
// Host move -> the friend's page taking it; the friend's move -> the host's next state sent
// (the host took it); the friend's join -> the host's answer (finding the table).
const lags = [];
const backs = [];
const goes = [];
let joining = null;
let found = null;
// What counts as progress in every wait: any page's console lines and requests, the moves sent.
const progress = { moves: () => sent.size };
const waitOn = (what, done) => patient(what, done, { progress, alive: { browser: browserCpu } });
// Opens `address` in `page` and waits for its canvas (the wasm downloaded, compiled and
// started: CPU time of the browser with no line printed, minutes on a busy machine).
async function load(who, page, address) {
  let canvas = false;
  let failed = null;
  // (The canvas looked for once the new page is there: a page opened again had one already.)
  page.goto(address, { waitUntil: "commit", timeout: 0 }).then(
    () => page.waitForSelector("canvas", { timeout: 0 }).then(() => { canvas = true; }),
  ).catch((e) => { failed = e; });
  const took = await waitOn(`${who}: the page's canvas`, () => {
    if (failed) throw failed;
    return canvas;
  });
  lap(`${who} page loaded (${address.split("?")[1] || "no query"}; ${(took.ms / 1000).toFixed(1)} s, ${took.cpu.toFixed(0)} browser CPU s)`);
}
async function open(who, query, ctx) {
  const page = ctx ? await ctx.newPage() : await browser.newPage({ viewport: { width: 1280, height: 720 } });
  // One action (a screenshot, a key) bounded only as a last resort: the waits are the checks'.
  page.setDefaultTimeout(10 * 60000);
  Object.assign(progress, pageProgress(page, who));
  page.on("console", (m) => {
    const t = m.text();
    logs[who].push(t);
    const now = Date.now();
    const s = t.match(/online: step (\d+) sent/);
    if (s && who === "host") {
      sent.set(Number(s[1]), now);
      const step = Number(s[1]);
      for (const g of goes.filter((g) => !g.done && g.step < step)) {
        g.done = true;
        backs.push(now - g.at);
      }
    }
    const g = t.match(/online: our move at step (\d+) goes to the host/);
    if (g && who === "friend") goes.push({ step: Number(g[1]), at: now, done: false });
    if (who === "friend" && /online: joining /.test(t)) joining = now;
    if (who === "refused" && /online: joining /.test(t) && refusal.joining === null) refusal.joining = now;
    if (who === "refused" && /online: the meeting server refused this page/.test(t) && refusal.told === null) refusal.told = now;
    if (who === "friend" && /online: the host answered/.test(t) && joining !== null && found === null) found = now - joining;
    const h = t.match(/online: step (\d+) here/);
    if (h && who === "friend" && sent.has(Number(h[1]))) lags.push(now - sent.get(Number(h[1])));
    if (m.type() === "error" && !t.includes("Using exceptions for control flow") && !t.startsWith("Failed to load resource")) errors.push(`${who}: ${t}`);
  });
  page.on("pageerror", (e) => {
    if (!String(e).includes("Using exceptions for control flow")) errors.push(`${who}: ${e}`);
  });
  // The people here play at 4x, a setting any player may choose (the duel and the day's try
  // take a third of the time; the animations still run, and the autoplay checks 1x).
  await page.addInitScript(() => localStorage.setItem("come-buy/settings.ron", "(anim_speed: 2)"));
  // Animation frames asked for and drawn: a page that asks again and again between two frames
  // (winit's loop on a 1 ms timer did, a thousand times a second) draws fewer of them.
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    const count = { asked: 0, drawn: 0 };
    window.__frames = count;
    window.requestAnimationFrame = (f) => {
      count.asked++;
      return raf((t) => {
        count.drawn++;
        f(t);
      });
    };
  });
  await load(who, page, `${url}?${query}`);
  return page;
}
const seen = (who, re) => logs[who].some((t) => re.test(t));
async function until(who, re) {
  try {
    await waitOn(`online: ${who} waiting for ${re}`, () => seen(who, re));
  } catch (e) {
    throw new Error(`${e.message} (last lines: ${logs[who].slice(-5).join(" | ")})`);
  }
}
// Until the page has drawn `n` more frames (its main thread, the game's included, went round):
// on a busy machine a pause of fixed length may end before the game read the last key.
const frames = (page, n = 2) => page.evaluate((n) => new Promise((r) => {
  let left = n;
  const f = () => (--left <= 0 ? r() : requestAnimationFrame(f));
  requestAnimationFrame(f);
}), n);
async function keys(page, list) {
  for (const k of list) {
    await page.keyboard.press(k);
    await page.waitForTimeout(350);
    await frames(page);
  }
}
try {
  const host = await open("host", `signal=${encodeURIComponent(signal)}`);
  await until("host", /first frame drawn/);
  lap("host first frame");
  await host.waitForTimeout(3000);
  await host.mouse.click(60, 690);
  await host.waitForTimeout(800);
  // Title: New game; the Duchess (one step left of Goblin Market); down to seat 2's kind
  // (Game, Players, Rules, seat 1's kind, seat 2's kind); Normal -> Easy -> Online friend;
  // down to Start. Seat 1 stays the person at the host's page.
  await keys(host, ["Enter"]);
  await until("host", /screen: NewGame/);
  await host.waitForTimeout(1500);
  await keys(host, ["ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown",
    "ArrowRight", "ArrowRight"]);
  await host.screenshot({ path: `${out}/host-setup.png` });
  await keys(host, ["ArrowDown", "Enter"]);
  await until("host", /online: room [A-Z]{12} open/);
  const code = logs.host.map((t) => t.match(/online: room ([A-Z]{12}) open/)).find(Boolean)[1];
  await host.waitForTimeout(1500);
  await host.screenshot({ path: `${out}/host-lobby.png` });
  const friend = await open("friend", `join=${code}&signal=${encodeURIComponent(signal)}`);
  await until("friend", /first frame drawn/);
  await friend.mouse.click(60, 690);
  // The friend's page finds the host and offers the seat (its first entry): Enter asks; the
  // host's lobby then shows the ask (its first entry): Enter says yes.
  await until("friend", /online: the host answered/);
  await friend.waitForTimeout(800);
  await frames(friend, 3);
  await friend.screenshot({ path: `${out}/friend-join.png` });
  await friend.keyboard.press("Enter");
  await until("host", /online: a friend asks for seat 1/);
  await host.waitForTimeout(800);
  await frames(host, 3);
  await host.screenshot({ path: `${out}/host-lobby-ask.png` });
  await host.keyboard.press("Enter");
  await until("host", /online: seat 1 given/);
  await host.waitForTimeout(800);
  await frames(host, 3);
  await host.screenshot({ path: `${out}/host-lobby-yes.png` });
  await host.keyboard.press("Enter");
  await until("friend", /online: seated at/);
  lap("friend seated");
  await friend.waitForTimeout(2500);
  await friend.screenshot({ path: `${out}/friend-table.png` });
  // The friend plays: Enter takes the focused option whenever its turn comes. No clock
  // bounds the match (software rendering on a busy machine is slow, not stuck): it fails only
  // when nothing moves (no move sent, no line, no CPU used) for two minutes, or the browser
  // works 600 CPU seconds without a move or a line.
  let shot = false;
  await waitOn("online: the duel", async () => {
    if (seen("friend", /screen: Results/) && seen("host", /screen: Results/)) return true;
    // Both people press Enter: the focused option, on their own turns.
    await friend.keyboard.press("Enter");
    await host.keyboard.press("Enter");
    await friend.waitForTimeout(700);
    if (!shot && lags.length > 8) {
      await friend.screenshot({ path: `${out}/friend-mid.png` });
      await host.screenshot({ path: `${out}/host-mid.png` });
      shot = true;
    }
    return false;
  }).catch((e) => console.error(`${e.message}, at step ${sent.size}`));
  lap("duel at the results");
  await friend.screenshot({ path: `${out}/friend-results.png` });
  await host.screenshot({ path: `${out}/host-results.png` });
  if (!seen("friend", /screen: Results/)) throw new Error("online: the friend's page never reached the results");
  if (!seen("host", /screen: Results/)) throw new Error("online: the host's page never reached the results");
  const over = logs.friend.find((t) => /online: the match is over/.test(t));
  if (!over) throw new Error("online: the friend never got the match code");
  const pct = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * q))];
  };
  console.log(`online (browser): a Duchess duel played to the results on two pages; ${lags.length} states; host move to friend's page p50 ${pct(lags, 0.5)} ms, p95 ${pct(lags, 0.95)} ms; friend's move taken by the host p50 ${pct(backs, 0.5)} ms, p95 ${pct(backs, 0.95)} ms (${backs.length} moves); the friend's page found the table in ${found} ms${seen("host", /edge smoothing off/) ? " (pages drawn in software, edge smoothing off)" : ""}`);
  // Asked per drawn, over the whole duel: about one when each frame asks for the next, and a
  // few where input and messages wake the loop between frames; the 1 ms timer made it hundreds.
  const asks = async (page) => page.evaluate(() => window.__frames);
  const [fh, ff] = [await asks(host), await asks(friend)];
  const per = (c) => c.asked / Math.max(1, c.drawn);
  console.log(`online (browser): animation frames asked for per frame drawn: host ${per(fh).toFixed(1)} (${fh.drawn} frames), friend ${per(ff).toFixed(1)} (${ff.drawn} frames)`);
  if (per(fh) > 10 || per(ff) > 10) throw new Error("online: a page asks for its animation frame over and over between frames");
  if (!backs.length || found === null) throw new Error("online: no friend's move or no answer to the join was timed");
  // A page that names no meeting server (no ?signal=; this build has none built in) says
  // so where a player looks for online play: New game with an Online friend seat, and Join a
  // table (which then says within seconds that no server answers).
  await host.close();
  await friend.close();
  const bare = await open("bare", "");
  await until("bare", /online: not available here: online-no-server-page/);
  await until("bare", /first frame drawn/);
  await bare.waitForTimeout(3000);
  await bare.mouse.click(60, 690);
  await bare.waitForTimeout(800);
  await keys(bare, ["Enter"]);
  await until("bare", /screen: NewGame/);
  await bare.waitForTimeout(1500);
  await keys(bare, ["ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown",
    "ArrowRight", "ArrowRight"]);
  await bare.waitForTimeout(800);
  await bare.screenshot({ path: `${out}/no-server-new-game.png` });
  await load("bare", bare, `${url}?join=ACDEFHJKMNPR`);
  // (A page with no meeting server starts no link: Join a table says why, never "Looking for
  // the table...".)
  await until("bare", /online: no link started here: online-no-server-page/);
  if (seen("bare", /online: joining/)) throw new Error("online: a page with no meeting server started a link");
  await bare.waitForTimeout(1500);
  await bare.screenshot({ path: `${out}/no-server-join.png` });
  lap("no meeting server checked");
  console.log("online (browser): a page with no meeting server said so on New game and Join a table");
  // Links to a match: ?watch= with the duel's code opens its replay; a broken one says so on
  // the title.
  const matchCode = over.match(/online: the match is over: (\S+)/)[1];
  logs.bare.length = 0;
  await load("bare", bare, `${url}?watch=${encodeURIComponent(matchCode)}`);
  await until("bare", /screen: Table/);
  await bare.waitForTimeout(3000);
  await bare.screenshot({ path: `${out}/watch-link.png` });
  logs.bare.length = 0;
  await load("bare", bare, `${url}?watch=AQIBAwAB-cut-short`);
  await until("bare", /cannot watch/);
  await bare.waitForTimeout(1500);
  await bare.screenshot({ path: `${out}/watch-broken.png` });
  if (seen("bare", /screen: Table/)) throw new Error("online: a broken ?watch= link opened a table");
  lap("watch links checked");
  console.log("online (browser): ?watch= opened the duel's replay; a broken code was said on the title");
  await bare.close();
  // A page the meeting server refuses (its origin is not one of the server's --allow-origin):
  // the server gives it the nil id and closes, and Join a table says the server refused this
  // page, told apart from a server that does not answer, in words that name no desktop option.
  // (Once the bare page is closed: its knocks at a server that is down would count as progress
  // for this wait and keep it from ever failing.)
  if (!refusing) throw new Error("online: no refusing meeting server given (online.mjs's 4th argument)");
  const refused = await open("refused", `join=ACDEFHJKMNPR&signal=${encodeURIComponent(refusing)}`);
  await until("refused", /online: the meeting server refused this page/);
  await refused.waitForTimeout(1500);
  await frames(refused, 3);
  await refused.screenshot({ path: `${out}/refused-join.png` });
  if (seen("refused", /does not answer/)) {
    throw new Error(`online: the refused page said the meeting server does not answer: ${logs.refused.filter((t) => /does not answer/.test(t)).join(" | ")}`);
  }
  if (seen("refused", /--signal/)) {
    throw new Error(`online: the refused page told a web player about --signal: ${logs.refused.filter((t) => /--signal/.test(t)).join(" | ")}`);
  }
  await refused.close();
  // The server's side: it logged the page's origin as refused (a few lines a minute at most).
  const origin = new URL(url).origin;
  const refusingLog = readFileSync(`${out}/signal-refusing.log`, "utf8").replace(/\x1b\[[0-9;]*m/g, "");
  // (The origin as the server shows it: quoted, control characters escaped.)
  const refusals = refusingLog.split("\n").filter((l) => l.includes(`signal: refused a page from ${JSON.stringify(origin)}: not an allowed origin`));
  if (!refusals.length) throw new Error(`online: the refusing meeting server logged no refusal of ${origin}:\n${refusingLog}`);
  lap("refused page checked");
  console.log(`online (browser): a page the meeting server refuses is told so (Join a table said it ${refusal.told - refusal.joining} ms after the page began to join, never "does not answer" nor --signal; the server logged ${refusals.length} refusal${refusals.length === 1 ? "" : "s"} of ${origin})`);
  // Today's deal from a link: ?daily=duchess deals today's Duchess solo as the day's try (its
  // date and seed are printed for online.sh to compare with the desktop's come-buy-sim daily).
  // The try is played to its results (Enter: the focused option), the result copied (Right,
  // Right, Enter: the row's third button, pressed at once, in the results' grace), and the
  // copied link opened in another browser (a fresh context: no storage, no clipboard) deals
  // the same match: same seed, replayed.
  const ctx = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const day = await open("daily", `daily=duchess`, ctx);
  await until("daily", /deal of the day: duchess \(day \d+, [-\d]+, seed \d+, 0 moves\): the day's try/);
  await until("daily", /screen: Table/);
  await day.waitForTimeout(2000);
  await day.screenshot({ path: `${out}/daily-link.png` });
  const dealt = logs.daily.find((t) => /deal of the day: duchess/.test(t)).match(/\(day (\d+), ([-\d]+), seed (\d+)/);
  console.log(`online (browser): daily duchess ${dealt[2]} seed ${dealt[3]}`);
  await day.mouse.click(640, 400);
  await waitOn("online: the day's try, to its results", async () => {
    if (seen("daily", /screen: Results/)) return true;
    await day.keyboard.press("Enter");
    await day.waitForTimeout(700);
    return false;
  });
  lap("the day's try at its results");
  // Right, Right at once (kept in the results' grace), then Enter once the grace is over (0.8 s
  // of the game's clock: on a busy machine more than 4 s; a press in the grace is not taken, so
  // Enter again until the copy is said).
  await keys(day, ["ArrowRight", "ArrowRight"]);
  await day.waitForTimeout(4000);
  await day.screenshot({ path: `${out}/daily-results-before.png` });
  let pressed = 0;
  await waitOn("online: the day's result copied", async () => {
    if (seen("daily", /results: copy \(clip-result-copied\)/)) return true;
    if (pressed++ % 12 === 0) await keys(day, ["Enter"]);
    return false;
  });
  await until("daily", /copied: clip-result-copied/);
  await day.waitForTimeout(1500);
  await day.screenshot({ path: `${out}/daily-results.png` });
  const copied = logs.daily.find((t) => /results: copy \(clip-result-copied\)/.test(t));
  const link = copied.match(/(https?:\/\/\S+\?watch=\S+)/);
  if (!link) throw new Error(`online: the day's result has no link: ${copied}`);
  const board = await day.evaluate(() => navigator.clipboard.readText());
  if (!board.includes(link[1])) throw new Error(`online: the clipboard holds ${JSON.stringify(board)}, not the link`);
  if (logs.daily.filter((t) => /screen: Table/.test(t)).length > 1) {
    throw new Error("online: a press after the results dealt another table");
  }
  console.log(`online (browser): the day's try played to its results and copied: ${JSON.stringify(board)}`);
  lap("the day's result copied");
  const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const watcher = await open("watcher", link[1].split("?")[1], other);
  await until("watcher", /watching a code: duchess seed \d+, \d+ moves/);
  await until("watcher", /screen: Table/);
  await watcher.waitForTimeout(3000);
  await watcher.screenshot({ path: `${out}/daily-watched.png` });
  const watched = logs.watcher.find((t) => /watching a code/.test(t)).match(/seed (\d+), (\d+) moves/);
  if (watched[1] !== dealt[3] || Number(watched[2]) === 0) {
    throw new Error(`online: the link opened seed ${watched[1]} (${watched[2]} moves), not the day's ${dealt[3]}`);
  }
  console.log(`online (browser): the copied link opened the day's match in another browser (seed ${watched[1]}, ${watched[2]} moves)`);
  // Every page's errors, not only the duel's. The one expected: Join a table on the bare page
  // knocks at a meeting server on this machine (port 3536, the desktop's), where none runs (the
  // browser says so itself).
  const unexpected = errors.filter((e) => !/^bare: WebSocket connection to 'ws:\/\/127\.0\.0\.1:3536\/[^']*' failed: .*ERR_CONNECTION_REFUSED$/.test(e));
  if (unexpected.length) throw new Error("online: page errors:\n" + unexpected.join("\n"));
} catch (e) {
  console.error(String(e));
  console.error("host log tail:\n" + logs.host.slice(-15).join("\n"));
  console.error("friend log tail:\n" + logs.friend.slice(-15).join("\n"));
  console.error("bare page log tail:\n" + logs.bare.slice(-15).join("\n"));
  console.error("refused page log tail:\n" + logs.refused.slice(-15).join("\n"));
  console.error("daily page log tail:\n" + logs.daily.slice(-15).join("\n"));
  console.error("watcher page log tail:\n" + logs.watcher.slice(-15).join("\n"));
  await browser.close();
  process.exit(1);
}
await browser.close();
