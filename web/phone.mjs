// Phones as private hands, end to end: headless Chromium, sized and touch-enabled like a phone,
// is the phone of the person at a Mýkonos table run by the desktop game. A wrong room code is
// refused; with the right one the phone takes the seat and plays every one of its decisions
// by tapping until the game is over. Every message the phone receives is kept and checked: it
// is about its own seat only. Screenshots of the phone go to OUT_DIR.
// Usage: node web/phone.mjs URL OUT_DIR [GAME]   (URL: the page's address with ?room=CODE;
// GAME: mykonos, the default, or duchess: which cards the hand holds; the Duchess run skips the
// wrong code, already tried with Mýkonos)
// No wait has a fixed number of seconds (web/progress.mjs): each fails when nothing moves (the
// TV's log, TV_LOG, does not grow, the phone's page prints nothing, is sent no message and makes
// no request, and neither the TV, TV_PID, nor the browser uses CPU) for two minutes, when they
// spend 600 CPU seconds without any of that progress, or, as a last resort, after 45 minutes.
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpuClock, fileSize, pageProgress, patient } from "./progress.mjs";
import { atRest, liftCheck, screenCheck, tvYes } from "./phone_screen.mjs";
import { holdAddress } from "./crowd.mjs";

const [url, out, game = "mykonos"] = process.argv.slice(2);
const kind = game === "duchess" ? "jewel" : "poker";
const u = new URL(url);
const code = u.searchParams.get("room");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const upright = { width: 390, height: 844 };
const sideways = { width: 844, height: 390 };
const fail = (why) => { console.error(`phone: ${why}`); process.exit(1); };
// Progress: the TV's log, and each page's lines, requests and messages (added as they open);
// work: the CPU of the TV and of this node's browser.
const tvLog = process.env.TV_LOG || "";
const progress = { "TV log": fileSize(tvLog) };
const alive = { TV: cpuClock(process.env.TV_PID ? [process.env.TV_PID] : []), browser: cpuClock([process.pid], { own: false }) };
const watch = (page, name) => {
  Object.assign(progress, pageProgress(page, name));
  // One action (a tap, a screenshot) bounded only as a last resort: the waits are the check's.
  page.setDefaultTimeout(10 * 60000);
};
// Until fn(arg) is true in the page (Playwright's waitForFunction, with no clock of its own).
async function until(page, what, fn, arg) {
  let ok = false;
  let failed = null;
  page.waitForFunction(fn, arg, { timeout: 0 }).then(() => { ok = true; }, (e) => { failed = e; });
  try {
    await patient(`phone: ${what}`, () => {
      if (failed) throw failed;
      return ok;
    }, { progress, alive });
  } catch (e) {
    fail(`${e.message}${tvLog ? `; the TV's log ends: ${readFileSync(tvLog, "utf8").split("\n").slice(-4).join(" | ")}` : ""}`);
  }
}

// A wrong room code: refused, and the page says so and asks again.
if (game === "mykonos") {
const stranger = await browser.newContext(phone);
const wrongPage = await stranger.newPage();
watch(wrongPage, "stranger");
await wrongPage.goto(`${u.origin}/?room=${code === "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA"}`);
await until(wrongPage, "a wrong code refused", () => document.body.dataset.refused === "1");
const refusal = await wrongPage.textContent("#note");
if (!(await wrongPage.isVisible("#room"))) fail("a refused phone is not asked for the code again");
await wrongPage.screenshot({ path: `${out}/phone-wrong-code.png` });
console.log(`phone: a wrong room code is refused: "${refusal}"`);
// More wrong codes: the page counts them, and once the door waits it says how long and holds
// its Join button that long. Right after, the right code opens the door (the page's wait is
// the door's: a shorter one would be refused and counted as one more wrong code).
const door = JSON.parse(await wrongPage.textContent("#door"));
const wrongCode = code === "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA";
for (let n = 2; n <= door.free + 1; n++) {
  await until(wrongPage, "Join free again", () => !document.getElementById("go").disabled);
  await wrongPage.fill("#room", wrongCode);
  await wrongPage.click("#go");
  await until(wrongPage, `wrong code ${n} counted`, (n) => document.body.dataset.wrong === String(n), n);
  const said = await wrongPage.textContent("#note");
  const wait = Number(await wrongPage.evaluate(() => document.body.dataset.wait));
  const want = n < door.free ? 0 : 2 ** (n - door.free);
  if (!said.includes(String(n))) fail(`wrong code ${n}: the page does not count it: "${said}"`);
  if (wait !== want) fail(`wrong code ${n}: the page holds Join ${wait} s, the door waits ${want} s`);
  if (n < door.free && await wrongPage.isDisabled("#go")) fail(`wrong code ${n}: Join is held before the door waits`);
  if (n === door.free + 1) console.log(`phone: wrong code ${n}: "${said}"`);
}
await wrongPage.screenshot({ path: `${out}/phone-wrong-wait.png` });
await until(wrongPage, "Join free after the door's wait", () => !document.getElementById("go").disabled);
await wrongPage.fill("#room", code);
await wrongPage.click("#go");
await until(wrongPage, "the seats after the right code", () => !!document.querySelector("button.seat"));
if (await wrongPage.evaluate(() => document.body.dataset.wrong) !== String(door.free + 1)) fail("the right code after the wait was refused");
console.log(`phone: after ${door.free + 1} wrong codes and the page's wait, the right code opens the door`);
await stranger.close();

// A crowded door: while a neighbour holds every place this address may hold, the page with
// the right code is not let in and told nothing. That is not a wrong code: the page says the
// TV did not let it in yet, and gets in by itself once the TV has let the silent sockets go.
// (Should the page get in before the door was full, on a slow machine, it tries again.)
const crowd = await browser.newContext(phone);
const crowded = await crowd.newPage();
watch(crowded, "crowded");
let kept = false;
for (let attempt = 1; attempt <= 5 && !kept; attempt++) {
  await crowded.goto(`${u.origin}/`);
  await until(crowded, "the code box", () => !document.getElementById("join").hidden);
  const held = await holdAddress(u.hostname, Number(u.port));
  if (!held) fail("the TV never turned an address away, however many sockets it held");
  await crowded.fill("#room", code);
  await crowded.click("#go");
  await until(crowded, "the crowded page kept out or let in",
    () => document.body.dataset.busy === "1" || !!document.querySelector("button.seat"));
  kept = await crowded.evaluate(() => document.body.dataset.busy === "1");
  if (!kept) console.log(`phone: the door had room again before the page came (attempt ${attempt}, ${held.length} held)`);
}
if (!kept) fail("a page with the right code was never kept out by a crowded door");
const busyNote = await crowded.textContent("#note");
if ((await crowded.evaluate(() => document.body.dataset.wrong)) !== undefined) fail(`a crowded door counted as a wrong code: "${busyNote}"`);
if (await crowded.isDisabled("#go")) fail("a crowded door held Join as a wrong code would");
await crowded.screenshot({ path: `${out}/phone-crowded.png` });
await until(crowded, "the seats once the door frees its places", () => !!document.querySelector("button.seat"));
console.log(`phone: a crowded door keeps the right code out without counting it ("${busyNote}"), and the page gets in by itself`);
await crowd.close();
}

// The right one.
const ctx = await browser.newContext(phone);
const page = await ctx.newPage();
watch(page, "phone");
const frames = [];
progress.messages = () => frames.length;
page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
// The page's bytes over the game: its HTML and the art (HTTP bodies) and the TV's messages.
const files = [];
page.on("requestfinished", async (r) => {
  if (!r.url().startsWith("http")) return;
  const sizes = await r.sizes();
  files.push([new URL(r.url()).pathname, sizes.responseBodySize]);
});
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
// Every request the page makes is answered (the browser's own for /favicon.ico included).
const missing = [];
page.on("response", (r) => { if (r.status() >= 400) missing.push(`${new URL(r.url()).pathname} ${r.status()}`); });
// When the page had drawn each step (its clock is the TV's: one machine); phone.sh pairs them
// with the TV's log of sending it.
// The page's own work for each step (building it and laying it out), at full speed and with
// the CPU slowed 6x (Chromium's throttling, as Lighthouse stands in for a cheap phone) for a
// stretch of the game; the slowed steps are left out of the TV-to-screen times.
const drawn = {};
const work = { full: [], slowed: [] };
let slowed = false;
page.on("console", (m) => {
  const d = /^phone: drawn step (\d+) at (\d+) in ([\d.]+) ms$/.exec(m.text());
  if (!d) return;
  work[slowed ? "slowed" : "full"].push(Number(d[3]));
  if (!slowed && !(d[1] in drawn)) drawn[d[1]] = Number(d[2]);
});
const cdp = await ctx.newCDPSession(page);
const slow = async (on) => {
  if (on === slowed) return;
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: on ? 6 : 1 });
  slowed = on;
};
// The figures every browser prints (web/phone_browsers.mjs too): from the page opened with the
// right code to its seat (the TV's yes included), and to the results.
const opened = Date.now();
await page.goto(url);
await until(page, "the seats", () => !!document.querySelector("button.seat"));
const seatName = await page.textContent("button.seat");
await page.screenshot({ path: `${out}/phone-seats.png` });
await page.tap("button.seat");
// The TV asks the room first; until its yes the phone is sent nothing of the seat.
await until(page, "asking", () => document.body.dataset.mode === "asking");
const mark = await page.textContent("#mark");
await page.screenshot({ path: `${out}/phone-asking.png` });
const viewsBeforeYes = frames.filter((f) => JSON.parse(f).t === "state").length;
if (viewsBeforeYes) fail(`${viewsBeforeYes} views of the seat before the TV's yes`);
console.log(`phone: asking for the seat, mark ${mark}; the TV says yes (Enter)`);
// The TV says yes (Enter on its window, by xdotool; web/phone_screen.mjs).
try {
  await tvYes({ seated: async () => ["turn", "wait", "over"].includes(await page.getAttribute("body", "data-mode")), tvLog, tvPid: process.env.TV_PID, progress, alive });
} catch (e) {
  fail(e.message);
}
const claimed = Date.now();
// The proof a phone coming back gives is the TV's (a fixed example, pinned on the TV's side by
// tests/table/phones.rs): the page's own SHA-256 and HMAC, since http:// has no crypto.subtle.
const proof = await page.evaluate(() => seatProof("token-of-phone-a-0123", "00112233445566778899aabbccddeeff", 1));
if (proof !== "5cd2bab6c7303f435018854835e81106b528575854c9530dac5560a9f9a4444e") fail(`the page's seat proof is not the TV's: ${proof}`);
// The phone drops and comes back (the page loaded again): it proves it holds its token for the
// new connection's challenge and has its seat again, without the TV's yes.
await page.reload();
await until(page, "the reloaded page getting its seat back", () => ["turn", "wait", "over"].includes(document.body.dataset.mode));
console.log("phone: the page loaded again and took its seat back with its proof");

// What a person sees on the page now (web/phone_screen.mjs): returns the problems.
const looks = () => page.evaluate(screenCheck);

let decisions = 0, cardTaps = 0, checked = 0, smallest = Infinity, smallestWish = Infinity, withIcons = 0, forced = 0, contrast = Infinity;
// Screens seen while waiting (with the table's cards, with lines, with this seat in a line),
// options naming this seat's line, lifts checked, and the largest empty band upright.
const waited = { screens: 0, cards: 0, lines: 0, mine: 0 };
let yours = [], lifts = 0, band = 0;
const shots = new Set();
for (;;) {
  await until(page, `decision ${decisions + 1} or the end`, () => ["turn", "over"].includes(document.body.dataset.mode));
  if ((await page.getAttribute("body", "data-mode")) === "over") break;
  // Sideways for a stretch of the game, as a phone turned in the hand; a cheap phone's speed
  // for another.
  const turned = game === "duchess" ? decisions % 2 === 1 : decisions >= 20 && decisions < 40;
  await slow(game === "duchess" ? decisions >= 6 : decisions >= 45 && decisions < 65);
  await page.setViewportSize(turned ? sideways : upright);
  // The table's art is on the page (the art requests have all been answered).
  await until(page, "the table's art", () => Number(document.body.dataset.art || 0) >= 5);
  await page.waitForTimeout(500);
  // The log's icons on the choices have arrived too (a file the page fetches when first needed),
  // and the cards' pictures (checked below: on a busy machine not there after the pause).
  await until(page, "the icons and pictures drawn", () => [...document.querySelectorAll("#play img.icon, #play .card img")].every((i) => i.complete && i.naturalWidth));
  const step = await page.getAttribute("body", "data-step");
  const seen = await looks();
  if (seen.bad.length) {
    await page.screenshot({ path: `${out}/phone-bad.png` });
    fail(`decision ${decisions + 1}${turned ? " (sideways)" : ""}: ${seen.bad.join("; ")}`);
  }
  checked += 1;
  band = Math.max(band, seen.band);
  if (seen.yours.length && yours.length < 3) yours.push(seen.yours[0]);
  withIcons += seen.icons > 0 ? 1 : 0;
  smallest = Math.min(smallest, seen.smallest);
  smallestWish = Math.min(smallestWish, seen.words);
  contrast = Math.min(contrast, seen.contrast);
  // One picture of each kind of decision, at each orientation.
  const prompt = (await page.textContent("#prompt")).replace(/[^A-Za-z]+/g, " ").trim().split(" ").slice(0, 3).join("-").toLowerCase();
  const shot = `phone-${game}-${turned ? "sideways" : "upright"}-${prompt}`;
  if (!shots.has(shot) && shots.size < 12) {
    shots.add(shot);
    await page.screenshot({ path: `${out}/${shot}.png` });
    // The first of each orientation also at CSS pixels, for docs/ (small files).
    const first = `${game}-${turned ? "sideways" : "upright"}`;
    if (!shots.has(first)) {
      shots.add(first);
      mkdirSync(`${out}/docs`, { recursive: true });
      await page.screenshot({ path: `${out}/docs/phone-${first}.png`, scale: "css" });
    }
  }
  // A move with no alternative: the page makes it by itself (no tap), saying so.
  if ((await page.getAttribute("body", "data-forced")) === step) {
    // What the page said for that step (kept by the page: the move may already be made and
    // the next step on the screen while the pictures above were taken).
    const said = await page.getAttribute("body", "data-forced-said");
    if (!said) fail(`step ${step}: the page made the only move without a word`);
    if (!forced) console.log(`phone: the only move made by the page: "${said}"`);
    forced += 1;
    decisions += 1;
    await until(page, `the step after ${step}`, (s) => document.body.dataset.step !== s || document.body.dataset.mode === "over", step);
    continue;
  }
  // The choices drawn (on a busy machine the page may say "turn" a moment before; or the only
  // move is made by the page meanwhile, or the step is gone): then this decision again.
  await until(page, `the choices of step ${step}`, (s) => !!document.querySelector(".choice") || document.body.dataset.step !== s || document.body.dataset.forced === s || document.body.dataset.mode !== "turn", step);
  if (!(await page.$(".choice"))) continue;
  // Vary the taps: a card where the choice is a card (the first one), otherwise the first
  // option mostly and the last one every third decision.
  const cards = await page.$$(".card.choice");
  const choices = await page.$$("button.choice");
  let pick = decisions % 3 === 2 ? choices[choices.length - 1] : choices[0];
  if (cards.length && (decisions % 2 === 0 || !pick)) {
    pick = cards[0];
    cardTaps += 1;
  }
  const inHand = await pick.evaluate((e) => !!e.closest("#hand"));
  await pick.tap();
  // A card of the hand: the first tap lifts it and shows its choice's words on a button; the
  // second tap (on the card again, or on that button: both ways are tried) chooses it.
  if (inHand) {
    await until(page, "the lifted card's button", () => !!document.querySelector("button.confirm"));
    // Risen (its transition is 0.28 s; on a busy machine its end is waited for): the lifted card
    // covers nothing of the button that confirms it, nor the label.
    await page.waitForTimeout(400);
    await until(page, "the card risen", atRest);
    const covered = await page.evaluate(liftCheck);
    if (covered.length) {
      await page.screenshot({ path: `${out}/phone-bad.png` });
      fail(`decision ${decisions + 1}${turned ? " (sideways)" : ""}: ${covered.join("; ")}`);
    }
    lifts += 1;
    if (decisions % 4 === 0) {
      if (!shots.has(`${game}-lifted`)) { shots.add(`${game}-lifted`); await page.screenshot({ path: `${out}/phone-${game}-lifted.png` }); }
      await page.tap("button.confirm");
    } else {
      await page.tap("#hand .slot.chosen .card");
    }
  }
  decisions += 1;
  await until(page, `the step after ${step}`, (s) => document.body.dataset.step !== s || document.body.dataset.mode === "over", step);
  // Another seat's turn: the page shows the table (checked as every screen is).
  if ((await page.getAttribute("body", "data-mode")) === "wait") {
    // What the waiting page shows is seen at once too: a bot's quick turn may be over before
    // the page comes to rest (the Duchess duel's were, once the bots thought faster).
    const early = await looks();
    // (Once the cards have slid in and risen: no animation running but the endless ones.)
    await until(page, "the table at rest", atRest);
    const w = await looks();
    const seen = w.mode === "wait" ? w : early.mode === "wait" ? early : null;
    if (seen) {
      waited.screens += 1;
      waited.cards += seen.spots > 0 ? 1 : 0;
      waited.lines += seen.lines > 0 ? 1 : 0;
      waited.mine += seen.mine > 0 ? 1 : 0;
    }
    if (w.mode === "wait") {
      if (w.bad.length) {
        await page.screenshot({ path: `${out}/phone-bad.png` });
        fail(`waiting after decision ${decisions}${turned ? " (sideways)" : ""}: ${w.bad.join("; ")}`);
      }
      band = Math.max(band, w.band);
      const shot = `phone-${game}-${turned ? "sideways" : "upright"}-waiting`;
      if (!shots.has(shot) && (game !== "mykonos" || w.lines > 0)) {
        shots.add(shot);
        await page.screenshot({ path: `${out}/${shot}.png` });
      }
    }
  }
}
const ended = Date.now();
await slow(false);
await page.setViewportSize(upright);
const pct = (v, f) => { const s = [...v].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(f * s.length))]; };
for (const [k, v] of Object.entries(work)) {
  if (!v.length) fail(`no step drawn ${k === "slowed" ? "with the CPU slowed" : "at full speed"}`);
  console.log(`phone: the page's work for a step (build and layout), ${k === "slowed" ? "CPU slowed 6x" : "full speed"}: ${v.length} steps, p50 ${pct(v, 0.5).toFixed(1)} ms, p95 ${pct(v, 0.95).toFixed(1)} ms, most ${Math.max(...v).toFixed(1)} ms`);
}
writeFileSync(`${out}/phone-${game}-messages.json`, JSON.stringify(frames.map((f) => JSON.parse(f)), null, 1));
writeFileSync(`${out}/phone-${game}-drawn.json`, JSON.stringify(drawn));
const status = await page.textContent("#status");
// The end says every seat's place and points, this seat's marked.
const endRows = await page.$$eval("#end .endrow", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent).join(" ")));
const mine = await page.$$eval("#end .endrow.you", (rows) => rows.length);
if (endRows.length < 2 || mine !== 1) {
  await page.screenshot({ path: `${out}/phone-${game}-bad-end.png` });
  fail(`the end shows ${endRows.length} places, ${mine} of them this seat's: ${await page.innerHTML("#end")}; page errors: ${errors.join("; ")}`);
}
await page.screenshot({ path: `${out}/phone-${game}-over.png` });

// Every message was this seat's own.
const msgs = frames.map((f) => JSON.parse(f));
// (The room's messages: each seat's view is a `state`'s payload.)
const states = msgs.filter((m) => m.t === "state").map((m) => m.world);
const seats = new Set(states.map((m) => m.seat));
if (seats.size !== 1 || !seats.has(0)) fail(`messages for seats ${[...seats]}`);
if (states.some((m) => m.name !== seatName)) fail("a message named another seat");
if (!states.at(-1).over) fail("the last message is not the end of the game");
if (decisions < (game === "duchess" ? 4 : 10)) fail(`only ${decisions} decisions`);
if (cardTaps < (game === "duchess" ? 2 : 5)) fail(`only ${cardTaps} decisions taken by tapping a card`);
// The cards a phone was sent are the seat's own hand and the row's open cards, drawn with the
// table's art: every state names its hand's cards.
if (!states.every((m) => Array.isArray(m.hand) && m.hand.every((c) => c.k === kind && (kind === "poker" ? c.rank && c.ink : c.gems.length === 4)))) fail("a hand card without its face");
if (errors.length) fail(`page errors: ${errors.join("; ")}`);
// The page's icon, which every browser asks for: our own small PNG.
const icon = await page.evaluate(async () => {
  const r = await fetch("/favicon.ico");
  const b = new Uint8Array(await r.arrayBuffer());
  return { status: r.status, kind: r.headers.get("content-type"), bytes: b.length, png: b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47, data: Array.from(b) };
});
writeFileSync(`${out}/favicon.png`, Buffer.from(icon.data));
delete icon.data;
if (icon.status !== 200 || icon.kind !== "image/png" || !icon.png || icon.bytes > 8192) fail(`the icon: ${JSON.stringify(icon)}`);
if (missing.length) fail(`requests not answered: ${missing.join(", ")}`);
// While others chose, the page showed the table; Mýkonos's lines with this seat in them, and
// options naming this seat's place in a line.
if (!waited.cards) fail(`no card of the table seen while another seat chose (${waited.screens} screens)`);
if (game === "mykonos" && (!waited.lines || !waited.mine)) fail(`the waiting screens showed lines ${waited.lines} times, this seat in one ${waited.mine} times`);
if (game === "mykonos" && !yours.length) fail("no option named this seat's place in a line");
if (game === "duchess" && !lifts) fail("no hand card lifted");
console.log(`phone: ${waited.screens} screens while others chose, with the table (${waited.cards} with its cards, ${waited.lines} with lines, ${waited.mine} with this seat in one)${yours.length ? `; options such as "${yours.join('", "')}"` : ""}; ${lifts} lifted cards clear of their button; the icon ${icon.bytes} bytes of ${icon.kind}; the widest empty band upright under a hand that could grow ${band.toFixed(0)} px`);
writeFileSync(`${out}/phone-${game}-messages.json`, JSON.stringify(msgs, null, 1));
console.log(`phone: ${seatName} played ${decisions} decisions from the phone (${cardTaps} by tapping a card, ${forced} only moves made by the page; some sideways); ${msgs.length} messages, all for seat 0; the end: "${status}" (${endRows.join(" / ")})`);
// "Your turn" only when the TV takes the move: how many taps the TV answered "wait".
const waits = states.filter((m) => /^Wait for the table/.test(m.note || "")).length;
console.log(`phone: taps the TV answered "Wait for the table": ${waits}`);
const fileBytes = files.reduce((a, [, n]) => a + n, 0);
const artBytes = files.filter(([p]) => p.startsWith("/art/")).reduce((a, [, n]) => a + n, 0);
const msgBytes = frames.reduce((a, f) => a + Buffer.byteLength(f), 0);
console.log(`phone: bytes for the whole game: ${fileBytes} over HTTP (the page ${fileBytes - artBytes}, the art ${artBytes} in ${files.filter(([p]) => p.startsWith("/art/")).length} files) and ${msgBytes} in ${frames.length} messages`);
// Mýkonos's buys and sales carry the log's coin.
if (game === "mykonos" && !withIcons) fail("no choice showed the log's coin");
console.log(`phone: ${withIcons} screens with the log's icons on their choices`);
const geo = await page.evaluate(() => JSON.parse(document.getElementById("geometry").textContent));
console.log(`phone: ${checked} screens checked: no card under ${geo.min_card} CSS px (the smallest ${smallest.toFixed(1)}), no wish under ${geo.min_words} px (the smallest ${Number.isFinite(smallestWish) ? smallestWish.toFixed(1) : "none shown"}), no text outside its box, no text under WCAG's contrast (the lowest ${contrast.toFixed(2)}:1); pictures: ${[...shots].filter((n) => n.startsWith("phone-")).join(", ")}`);
console.log(`phone: chromium (${game}): the seat in ${((claimed - opened) / 1000).toFixed(1)} s (the TV's yes included), ${decisions} decisions, the results ${((ended - opened) / 1000).toFixed(1)} s after the page opened`);
await browser.close();
