// Phones as private hands, end to end: headless Chromium, sized and touch-enabled like a phone,
// is the phone of the person at a Mýkonos table run by the desktop game. A wrong room code is
// refused; with the right one the phone takes the seat and plays every one of its decisions
// by tapping until the game is over. Every message the phone receives is kept and checked: it
// is about its own seat only. Screenshots of the phone go to OUT_DIR.
// Usage: node web/phone.mjs URL OUT_DIR   (URL: the page's address with ?room=CODE)
import { chromium } from "playwright-core";
import { writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

const [url, out] = process.argv.slice(2);
const u = new URL(url);
const code = u.searchParams.get("room");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const fail = (why) => { console.error(`phone: ${why}`); process.exit(1); };

// A wrong room code: refused, and the page says so and asks again.
const stranger = await browser.newContext(phone);
const wrongPage = await stranger.newPage();
await wrongPage.goto(`${u.origin}/?room=${code === "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA"}`);
await wrongPage.waitForFunction(() => document.body.dataset.refused === "1", null, { timeout: 60000 });
const refusal = await wrongPage.textContent("#note");
if (!(await wrongPage.isVisible("#room"))) fail("a refused phone is not asked for the code again");
await wrongPage.screenshot({ path: `${out}/phone-wrong-code.png` });
console.log(`phone: a wrong room code is refused: "${refusal}"`);

// The right one.
const ctx = await browser.newContext(phone);
const page = await ctx.newPage();
const frames = [];
page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(url);
await page.waitForSelector("button.seat", { timeout: 60000 });
const seatName = await page.textContent("button.seat");
await page.screenshot({ path: `${out}/phone-seats.png` });
await page.tap("button.seat");
// The TV asks the room first; until its yes the phone is sent nothing of the seat.
await page.waitForFunction(() => document.body.dataset.mode === "asking", null, { timeout: 60000 });
const mark = await page.textContent("#mark");
await page.screenshot({ path: `${out}/phone-asking.png` });
const viewsBeforeYes = frames.filter((f) => JSON.parse(f).t === "state").length;
if (viewsBeforeYes) fail(`${viewsBeforeYes} views of the seat before the TV's yes`);
console.log(`phone: asking for the seat, mark ${mark}; the TV says yes (Enter)`);
// The TV takes no press in the question's first half second.
await page.waitForTimeout(1500);
execFileSync("sh", ["-c", 'w=$(xdotool search --name "Come Buy" | head -1); xdotool windowfocus --sync "$w"; xdotool key Return']);
await page.waitForFunction(() => ["turn", "wait", "over"].includes(document.body.dataset.mode), null, { timeout: 60000 });

let decisions = 0;
let shotTurn = false;
for (;;) {
  await page.waitForFunction(() => ["turn", "over"].includes(document.body.dataset.mode), null, { timeout: 300000 });
  if ((await page.getAttribute("body", "data-mode")) === "over") break;
  const step = await page.getAttribute("body", "data-step");
  const choices = await page.$$("button.choice");
  if (!shotTurn) {
    await page.screenshot({ path: `${out}/phone-turn.png` });
    shotTurn = true;
  }
  // Vary the taps: the first option mostly, the last one every third decision.
  const pick = decisions % 3 === 2 ? choices[choices.length - 1] : choices[0];
  await pick.tap();
  decisions += 1;
  await page.waitForFunction((s) => document.body.dataset.step !== s || document.body.dataset.mode === "over", step, { timeout: 300000 });
}
const status = await page.textContent("#status");
await page.screenshot({ path: `${out}/phone-over.png` });

// Every message was this seat's own.
const msgs = frames.map((f) => JSON.parse(f));
const states = msgs.filter((m) => m.t === "state");
const seats = new Set(states.map((m) => m.seat));
if (seats.size !== 1 || !seats.has(0)) fail(`messages for seats ${[...seats]}`);
if (states.some((m) => m.name !== seatName)) fail("a message named another seat");
if (!states.at(-1).over) fail("the last message is not the end of the game");
if (decisions < 10) fail(`only ${decisions} decisions`);
if (errors.length) fail(`page errors: ${errors.join("; ")}`);
writeFileSync(`${out}/phone-messages.json`, JSON.stringify(msgs, null, 1));
console.log(`phone: ${seatName} played ${decisions} decisions from the phone; ${msgs.length} messages, all for seat 0; the end: "${status}"`);
await browser.close();
