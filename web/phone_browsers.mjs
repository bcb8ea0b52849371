// A phone's seat played from Firefox or WebKit (Safari's engine: every iPhone's browser), as
// web/phone.mjs plays it from Chromium: at a phone's size, the page is refused a wrong room
// code, asks for the seat with the right one, is sent nothing of it until the TV says yes (Enter
// on the TV, by xdotool), proves its token when it loads again, and taps every one of its
// decisions to the end of the game; every screen is checked as in Chromium
// (web/phone_screen.mjs: no card under the page's smallest size, no text outside its box,
// upright and sideways), and every message the page receives is about its own seat.
//   firefox: Debian's firefox-esr, headless, driven by puppeteer-core over WebDriver BiDi (no
//            geckodriver); taps are touches.
//   webkit:  Debian's WebKitWebDriver and its MiniBrowser on the X display (web/phone.sh's
//            Xvfb), the window a phone's 390 CSS px wide (at a pixel ratio of 1); taps are
//            clicks (WebKitGTK makes touches of mouse events).
// (The drivers themselves: web/drivers.mjs, shared with the game page's smoke.)
// A tap lands where a person's finger would, on the element's centre, the page scrolled only when
// something else is there (as Playwright does in web/phone.mjs).
// Usage: node web/phone_browsers.mjs firefox|webkit URL OUT_DIR [GAME]   (URL: the page's address
// with ?room=CODE; GAME: mykonos, the default, or duchess, as for web/phone.mjs; TV_PID and
// TV_LOG: the desktop game and its log, as for web/phone.mjs)
// No wait has a fixed number of seconds (web/progress.mjs): each fails when nothing moves (the
// TV's log, the page's step, mode and messages) and neither the TV nor the browser uses CPU for
// two minutes, when they spend 600 CPU seconds without progress, or after 45 minutes.
import { readFileSync } from "node:fs";
import { firefox, webkit } from "./drivers.mjs";
import { cpuClock, fileSize, patient } from "./progress.mjs";
import { atRest, liftCheck, screenCheck, tvYes } from "./phone_screen.mjs";

const [which, url, out, game = "mykonos"] = process.argv.slice(2);
if (!["firefox", "webkit"].includes(which) || !url || !out || !["mykonos", "duchess"].includes(game)) {
  console.error("usage: node web/phone_browsers.mjs firefox|webkit URL OUT_DIR [mykonos|duchess]");
  process.exit(2);
}
// The hand's cards: Mýkonos's playing cards or the Duchess's jeweller's cards.
const kind = game === "duchess" ? "jewel" : "poker";
const u = new URL(url);
const code = u.searchParams.get("room");
const upright = { width: 390, height: 844 };
const sideways = { width: 844, height: 390 };
const tvLog = process.env.TV_LOG || "";
let drv = null;
const fail = async (why) => {
  console.error(`phone: ${which} (${game}): ${why}`);
  try {
    await drv?.screenshot(`${out}/phone-${which}-${game}-bad.png`);
  } catch {
    // (The picture is a help only.)
  }
  await drv?.close().catch(() => {});
  process.exit(1);
};

// In the page: the socket's messages and the page's errors kept for the checks: those of the
// sockets the page opens after this (the right code's, a lost connection's) and of the one it
// has open (a page loaded again: its first messages, before this, are not kept).
function hook() {
  if (window.__phone) return;
  window.__phone = { msgs: [], errors: [] };
  const keep = (socket) => socket.addEventListener("message", (e) => window.__phone.msgs.push(String(e.data)));
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new Socket(...args);
    keep(socket);
    return socket;
  };
  window.WebSocket.prototype = Socket.prototype;
  // (The page's own `ws`, a global of its script.)
  if (typeof ws !== "undefined" && ws instanceof Socket) keep(ws);
  addEventListener("error", (e) => window.__phone.errors.push(String(e.message)));
  addEventListener("unhandledrejection", (e) => window.__phone.errors.push(String(e.reason)));
}
// In the page: what the kept messages say (all of them would be megabytes over WebDriver); the
// hand's cards are `kind`'s, each with its face.
function messages(kind) {
  const all = window.__phone ? window.__phone.msgs : [];
  const msgs = all.map((m) => JSON.parse(m));
  const states = msgs.filter((m) => m.t === "state").map((m) => m.world);
  return {
    count: msgs.length, bytes: all.reduce((a, m) => a + m.length, 0), states: states.length,
    seats: [...new Set(states.map((m) => m.seat))], names: [...new Set(states.map((m) => m.name))],
    over: states.length ? !!states.at(-1).over : false,
    faces: states.every((m) => Array.isArray(m.hand) && m.hand.every((c) => c.k === kind && (kind === "poker" ? c.rank && c.ink : c.gems.length === 4))),
    errors: window.__phone ? window.__phone.errors : [],
  };
}

// In the page: where a person taps the i-th element matching `sel`: its box's centre, if the
// element is what is there. Only when it is not is the page scrolled, as a person would, by as
// little as brings it out (from under the hand that stays at the bottom, too): a driver's own
// scrolling (puppeteer's puts every element not wholly shown in the middle of the window)
// would move the page where no person moves it. Null while something else is there.
function tapPoint(sel, i) {
  const e = document.querySelectorAll(sel)[i];
  if (!e) return null;
  const at = () => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === e || e.contains(hit)) ? [x, y] : null;
  };
  let point = at();
  for (const block of ["nearest", "center", "start", "end"]) {
    if (point) break;
    e.scrollIntoView({ block, inline: "nearest" });
    point = at();
  }
  return point;
}

const call = (fn, ...args) => drv.run(`(${fn}).apply(null, ${JSON.stringify(args)})`);
const text = (sel) => drv.run(`document.querySelector(${JSON.stringify(sel)}).textContent`);
const mode = () => drv.run("document.body.dataset.mode");
// Progress: the TV's log and the page (its mode, step, wrong codes, messages and art, as the
// waits below last read them); work: the CPU of the TV and of the browser this node started.
let pageNow = "";
const progress = { "TV log": fileSize(tvLog), page: () => pageNow };
const alive = { TV: cpuClock(process.env.TV_PID ? [process.env.TV_PID] : []), browser: cpuClock([process.pid], { own: false }) };
// Until fn(arg) is true in the page (polled; a page between two loads is not yet). `busy`: the
// TV's and the browser's CPU count as life (not for a wait on a page at rest, where both only
// trickle).
async function until(what, fn, arg, { busy = true } = {}) {
  const probe = `[!!(${fn})(${JSON.stringify(arg)}), [document.body.dataset.mode, document.body.dataset.step, document.body.dataset.wrong, window.__phone ? window.__phone.msgs.length : 0, document.body.dataset.art].join("/")]`;
  try {
    await patient(`phone: ${which} (${game}): ${what}`, async () => {
      try {
        const [ok, sig] = await drv.run(probe);
        pageNow = sig;
        return ok;
      } catch {
        return false;
      }
    }, { progress, alive: busy ? alive : {} });
  } catch (e) {
    await fail(`${e.message}${tvLog ? `; the TV's log ends: ${readFileSync(tvLog, "utf8").split("\n").slice(-4).join(" | ")}` : ""}`);
  }
}

// The viewport, set when it changes.
let viewNow = null;
const view = async (v) => {
  if (v === viewNow) return;
  await drv.view(v);
  viewNow = v;
};

// A tap on the i-th element matching `sel`, where a person's finger would land.
const tap = async (sel, i = 0) => {
  await until(`${sel} (${i + 1}) there to tap`, `() => { window.__tap = (${tapPoint})(${JSON.stringify(sel)}, ${i}); return !!window.__tap; }`, undefined, { busy: false });
  await drv.tapAt(...(await drv.run("window.__tap")));
};

const t0 = Date.now();
const s = (from, to = Date.now()) => ((to - from) / 1000).toFixed(1);
try {
  drv = await (which === "firefox"
    ? firefox({ headless: true, viewport: upright, scale: 3, touch: true })
    : webkit({ what: `phone: webkit (${game})` }));
} catch (e) {
  await fail(`could not start: ${e.message}`);
}
const started = Date.now();
console.log(`phone: ${which} (${game}): ${drv.version}, started in ${s(t0)} s`);
await view(upright);

// A wrong room code: refused, and the page says so and asks again.
const wrong = code === "AAAAAAAA" ? "CCCCCCCC" : "AAAAAAAA";
await drv.goto(`${u.origin}/?room=${wrong}`);
await until("a wrong code refused", () => document.body.dataset.refused === "1");
const refusal = await text("#note");
if (!(await drv.run("!document.getElementById('join').hidden && document.getElementById('room').offsetHeight > 0"))) await fail("a refused phone is not asked for the code again");
await drv.screenshot(`${out}/phone-${which}-${game}-wrong-code.png`);
console.log(`phone: ${which} (${game}): a wrong room code is refused: "${refusal}"`);

// The right code, typed into the page that asks for it; the seat asked for.
await call(hook);
const opened = Date.now();
await drv.type("#room", code);
await tap("#go");
await until("the seats after the right code", () => !!document.querySelector("button.seat"));
const seatName = await text("button.seat");
await tap("button.seat");
await until("asking", () => document.body.dataset.mode === "asking");
const mark = await text("#mark");
await drv.screenshot(`${out}/phone-${which}-${game}-asking.png`);
const before = await call(messages, kind);
if (before.states) await fail(`${before.states} views of the seat before the TV's yes`);
console.log(`phone: ${which} (${game}): asking for ${seatName}'s seat, mark ${mark}; the TV says yes (Enter)`);
try {
  await tvYes({ seated: async () => ["turn", "wait", "over"].includes(await mode().catch(() => "")), tvLog, tvPid: process.env.TV_PID, progress, alive });
} catch (e) {
  await fail(e.message);
}
const claimed = Date.now();
// The page's own SHA-256 and HMAC make the TV's proof (a fixed example, as in web/phone.mjs).
const proof = await drv.run('seatProof("token-of-phone-a-0123", "00112233445566778899aabbccddeeff", 1)');
if (proof !== "5cd2bab6c7303f435018854835e81106b528575854c9530dac5560a9f9a4444e") await fail(`the page's seat proof is not the TV's: ${proof}`);
// Loaded again: it proves its token and has its seat back without the TV's yes.
const seen = await call(messages, kind);
await drv.reload();
await call(hook);
await until("the reloaded page getting its seat back", () => ["turn", "wait", "over"].includes(document.body.dataset.mode));
console.log(`phone: ${which} (${game}): the seat given ${s(opened, claimed)} s after Join; the page loaded again and took it back with its proof`);

let decisions = 0, cardTaps = 0, checked = 0, forced = 0, lifts = 0, waits = 0, smallest = Infinity, smallestWish = Infinity;
const shots = new Set();
const look = async (turned, when) => {
  const r = await call(screenCheck);
  if (r.bad.length) await fail(`${when}${turned ? " (sideways)" : ""}: ${r.bad.join("; ")}`);
  checked += 1;
  if (r.cards) smallest = Math.min(smallest, r.smallest);
  // (No wish on the screen: Infinity in the page, null over WebDriver's JSON.)
  if (typeof r.words === "number") smallestWish = Math.min(smallestWish, r.words);
  return r;
};
for (;;) {
  await until(`decision ${decisions + 1} or the end`, () => ["turn", "over"].includes(document.body.dataset.mode));
  if ((await mode()) === "over") break;
  // Sideways for a stretch of the game (every other decision of the short Duchess), as in Chromium.
  const turned = game === "duchess" ? decisions % 2 === 1 : decisions >= 20 && decisions < 40;
  await view(turned ? sideways : upright);
  await until("the table's art", () => Number(document.body.dataset.art || 0) >= 5);
  await until("the icons and pictures drawn", () => [...document.querySelectorAll("#play img.icon, #play .card img")].every((i) => i.complete && i.naturalWidth));
  await until("the screen at rest", atRest);
  const step = await drv.run("document.body.dataset.step");
  await look(turned, `decision ${decisions + 1}`);
  const prompt = (await text("#prompt")).replace(/[^A-Za-z]+/g, " ").trim().split(" ").slice(0, 3).join("-").toLowerCase();
  const shot = `phone-${which}-${game}-${turned ? "sideways" : "upright"}-${prompt}`;
  if (!shots.has(shot) && shots.size < 6) {
    shots.add(shot);
    await drv.screenshot(`${out}/${shot}.png`);
  }
  // A move with no alternative: the page makes it by itself, saying so.
  if ((await drv.run("document.body.dataset.forced")) === step) {
    if (!(await drv.run("document.body.dataset.forcedSaid"))) await fail(`step ${step}: the page made the only move without a word`);
    forced += 1;
    decisions += 1;
    await until(`the step after ${step}`, (st) => document.body.dataset.step !== st || document.body.dataset.mode === "over", step);
    continue;
  }
  await until(`the choices of step ${step}`, (st) => !!document.querySelector(".choice") || document.body.dataset.step !== st || document.body.dataset.forced === st || document.body.dataset.mode !== "turn", step);
  const [cards, choices] = await drv.run('[document.querySelectorAll(".card.choice").length, document.querySelectorAll("button.choice").length]');
  if (!cards && !choices) continue;
  // The taps of web/phone.mjs: a card where the choice is a card (the first one), otherwise the
  // first option mostly and the last one every third decision.
  let pick = choices ? ["button.choice", decisions % 3 === 2 ? choices - 1 : 0] : null;
  if (cards && (decisions % 2 === 0 || !pick)) {
    pick = [".card.choice", 0];
    cardTaps += 1;
  }
  const inHand = await drv.run(`!!document.querySelectorAll(${JSON.stringify(pick[0])})[${pick[1]}].closest("#hand")`);
  await tap(...pick);
  // A card of the hand: the first tap lifts it; the second (on the card again, or on the button
  // that shows its choice's words) chooses it.
  if (inHand) {
    await until("the lifted card's button", () => !!document.querySelector("button.confirm"));
    await until("the card risen", atRest);
    const covered = await call(liftCheck);
    if (covered.length) await fail(`decision ${decisions + 1}${turned ? " (sideways)" : ""}: ${covered.join("; ")}`);
    lifts += 1;
    await tap(decisions % 4 === 0 ? "button.confirm" : "#hand .slot.chosen .card");
  }
  decisions += 1;
  await until(`the step after ${step}`, (st) => document.body.dataset.step !== st || document.body.dataset.mode === "over", step);
  // Another seat's turn: the page shows the table, checked as every screen is.
  if ((await mode()) === "wait") {
    await until("the table at rest", atRest);
    const w = await call(screenCheck);
    if (w.mode === "wait") {
      waits += 1;
      if (w.bad.length) await fail(`waiting after decision ${decisions}${turned ? " (sideways)" : ""}: ${w.bad.join("; ")}`);
    }
  }
}
const ended = Date.now();
await view(upright);
await drv.screenshot(`${out}/phone-${which}-${game}-over.png`);
// The end says every seat's place and points, this seat's marked.
const [places, mine] = await drv.run('[document.querySelectorAll("#end .endrow").length, document.querySelectorAll("#end .endrow.you").length]');
if (places < 2 || mine !== 1) await fail(`the end shows ${places} places, ${mine} of them this seat's`);
// Every message kept (from the right code to the reload, and after it) was this seat's own.
const after = await call(messages, kind);
const all = { count: seen.count + after.count, bytes: seen.bytes + after.bytes, seats: new Set([...seen.seats, ...after.seats]), names: new Set([...seen.names, ...after.names]) };
if (all.seats.size !== 1 || !all.seats.has(0)) await fail(`messages for seats ${[...all.seats]}`);
if (all.names.size !== 1 || !all.names.has(seatName)) await fail(`messages named ${[...all.names]}`);
if (!after.over) await fail("the last message is not the end of the game");
if (!seen.faces || !after.faces) await fail("a hand card without its face");
const errors = [...seen.errors, ...after.errors];
if (errors.length) await fail(`page errors: ${errors.join("; ")}`);
if (decisions < (game === "duchess" ? 4 : 10)) await fail(`only ${decisions} decisions`);
if (cardTaps < (game === "duchess" ? 2 : 5)) await fail(`only ${cardTaps} decisions taken by tapping a card`);
if (game === "duchess" && !lifts) await fail("no hand card lifted");
if (!waits) await fail("no screen of the table while another seat chose");
const status = await text("#status");
console.log(`phone: ${which} (${game}): ${seatName} played ${decisions} decisions (${cardTaps} by tapping a card, ${lifts} lifted hand cards, ${forced} only moves made by the page; some sideways); ${all.count} messages (${all.bytes} bytes), all for seat 0; ${checked} screens checked (the smallest card ${smallest.toFixed(1)} CSS px${Number.isFinite(smallestWish) ? `, the smallest wish ${smallestWish.toFixed(1)} px` : ""}), ${waits} while others chose; the end: "${status}"`);
console.log(`phone: ${which} (${game}): the seat in ${s(opened, claimed)} s (the TV's yes included), ${decisions} decisions, the results ${s(opened, ended)} s after Join (the browser started in ${s(t0, started)} s)`);
await drv.close();
