// What the phone checks see on the phone's page, shared by every browser's driver (web/phone.mjs
// for Chromium, web/phone_browsers.mjs for Firefox and WebKit). The functions marked "in the
// page" run inside it: each driver sends their source (so they use nothing from outside).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { patient } from "./progress.mjs";

// In the page: what a person sees now: every card at least the page's smallest readable size,
// no text wider than its box, the status and a choice inside the window. Returns the problems
// (`bad`) and what the screen showed.
export function screenCheck() {
  const geo = JSON.parse(document.getElementById("geometry").textContent);
  const bad = [];
  const cards = [...document.querySelectorAll("#play .card")].filter((c) => !c.classList.contains("gone"));
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    // The fanned hand turns its cards by a few degrees: their box is a little wider, never narrower.
    if (r.width + 0.5 < geo.min_card) bad.push(`card ${c.dataset.label} ${r.width.toFixed(1)} px wide`);
    if (!getComputedStyle(c).backgroundImage.startsWith("url(")) bad.push(`card ${c.dataset.label} without its face`);
  }
  // The wish on a jeweller's card ("exactly 3"), the smallest writing on any card.
  const words = cards.flatMap((c) => [...c.querySelectorAll(".words")]).map((t) => parseFloat(getComputedStyle(t).fontSize));
  for (const px of words) if (px + 0.05 < geo.min_words) bad.push(`a wish written at ${px.toFixed(1)} px`);
  // A picture that failed is complete with nothing drawn. One still loading is not judged: the
  // driver waited for the page at rest, but a table that waits moves on meanwhile (the bots
  // play), and a card dealt since then may still be coming (Firefox once showed one so).
  const failed = (i) => i.complete && !i.naturalWidth;
  for (const i of document.querySelectorAll("#play .card img")) if (failed(i)) bad.push(`an image of ${i.closest(".card").dataset.label} not drawn`);
  const icons = [...document.querySelectorAll("#play img.icon")];
  for (const i of icons) if (failed(i)) bad.push(`an icon on "${i.parentElement.textContent.slice(0, 30)}" not drawn`);
  for (const t of document.querySelectorAll("#play button, #play .cap, #status, #prompt, #who, .info")) {
    if (t.scrollWidth > t.clientWidth + 1) bad.push(`text wider than its box: "${t.textContent.slice(0, 40)}"`);
  }
  for (const c of document.querySelectorAll("#hand .card")) {
    const r = c.getBoundingClientRect();
    if (r.left < -1 || r.right > innerWidth + 1) bad.push(`card ${c.dataset.label} cut by the window's edge`);
  }
  // Every word stands out from what is under it: WCAG's 4.5:1, or 3:1 for large text (24 px,
  // or 18.7 px bold). What is under it: the background colours of it and its parents, each
  // over the next, down to the first opaque one (a card's paper under its rank), else the
  // page's own; an element's opacity fades it whole (its background and its words) over
  // what is under it. A disabled button (a choice the phone makes by itself) is not judged,
  // as WCAG does not judge controls nobody can use.
  const parse = (s) => {
    const v = (s.match(/[\d.]+/g) || []).map(Number);
    return { r: v[0] || 0, g: v[1] || 0, b: v[2] || 0, a: v.length > 3 ? v[3] : 1 };
  };
  const mix = (top, under, a) => ({ r: top.r * a + under.r * (1 - a), g: top.g * a + under.g * (1 - a), b: top.b * a + under.b * (1 - a) });
  const lum = (c) => {
    const l = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * l(c.r) + 0.7152 * l(c.g) + 0.0722 * l(c.b);
  };
  const ratio = (x, y) => { const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p); return (a + 0.05) / (b + 0.05); };
  // A pixel of the element with its words or without, through its levels (outermost first):
  // each lays its background over what is under it, then fades by its opacity.
  const pixel = (levels, ink, ground) => {
    const [level, ...inner] = levels;
    const own = mix(level.bg, ground, level.bg.a);
    const inside = inner.length ? pixel(inner, ink, own) : ink ? mix(ink, own, ink.a) : own;
    return mix(inside, ground, level.opacity);
  };
  let lowest = Infinity;
  for (const e of document.querySelectorAll("#play *")) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length || e.closest("[hidden], .gone, :disabled")) continue;
    const st = getComputedStyle(e);
    if (st.visibility === "hidden") continue;
    const levels = [];
    for (let n = e; n; n = n.parentElement) {
      const ns = getComputedStyle(n);
      const bg = parse(ns.backgroundColor);
      levels.unshift({ bg, opacity: parseFloat(ns.opacity) });
      if (bg.a >= 1) break;
    }
    const page = { r: 13, g: 42, b: 30 };
    const ink = parse(st.color);
    const [seen, ground] = [pixel(levels, ink, page), pixel(levels, null, page)];
    const px = parseFloat(st.fontSize);
    const large = px >= 24 || (px >= 18.66 && parseInt(st.fontWeight, 10) >= 700);
    const r = ratio(seen, ground);
    lowest = Math.min(lowest, r);
    if (r < (large ? 3 : 4.5)) bad.push(`"${e.textContent.trim().slice(0, 30)}" hard to read: ${st.color} on rgb(${Math.round(ground.r)}, ${Math.round(ground.g)}, ${Math.round(ground.b)}), ${r.toFixed(2)}:1 at ${px} px`);
  }
  // The hand's cards (a card that rises included) clear of the "Your cards" label over them.
  const label = document.getElementById("cards-label");
  if (!label.hidden) {
    const under = label.getBoundingClientRect().bottom;
    for (const c of document.querySelectorAll("#hand .card:not(.gone)")) {
      const top = c.getBoundingClientRect().top;
      if (top < under - 0.5) bad.push(`card ${c.dataset.label} ${(under - top).toFixed(1)} px over the "${label.textContent}" label`);
    }
  }
  // Upright, the page uses the window's height: no empty band at the bottom a fifth of it or
  // more while the hand could grow into it (not when its cards are as wide as the page's
  // width lets them be: two cards 180 px each, seven in two fans).
  const upright = innerHeight > innerWidth;
  const bottom = document.getElementById("game").getBoundingClientRect().bottom + 24;
  const full = document.getElementById("hand").dataset.full === "1";
  if (upright && !full && document.body.dataset.mode !== "over" && innerHeight - bottom >= innerHeight / 5) bad.push(`an empty band of ${(innerHeight - bottom).toFixed(0)} px under the page, the hand's cards ${document.getElementById("hand").style.getPropertyValue("--hw")} wide`);
  const inside = (e) => { const r = e.getBoundingClientRect(); return r.top >= -1 && r.bottom <= innerHeight + 1 && r.height > 0; };
  if (!inside(document.getElementById("status"))) bad.push("the status is outside the window");
  const choices = [...document.querySelectorAll(".choice")];
  if (choices.length && !choices.some(inside)) bad.push("no choice inside the window");
  // While the seat waits, the table as everyone sees it: its cards (none in Mýkonos between
  // the purchases and the next offer, only the draw pile's count), and who stands in line.
  const mode = document.body.dataset.mode;
  const table = document.getElementById("table");
  if (mode === "wait" && table.hidden) bad.push("waiting, and the table is not shown");
  const spots = table.hidden ? 0 : table.querySelectorAll(".spot .card").length;
  // The row's options say which line is this seat's ("3♥: you, 1st in line").
  const yours = [...document.querySelectorAll(".cardpick .cap")].filter((c) => /\byou\b/.test(c.textContent)).map((c) => c.textContent);
  return {
    bad, mode, spots, yours, cards: cards.length, icons: icons.length, band: upright && !full ? innerHeight - bottom : 0,
    lines: table.hidden ? 0 : table.querySelectorAll(".spot li").length,
    mine: table.hidden ? 0 : table.querySelectorAll(".spot li.you").length,
    smallest: Math.min(...cards.map((c) => c.getBoundingClientRect().width)), words: Math.min(...words),
    contrast: lowest,
  };
}

// In the page: once a hand's card is lifted (its first tap), the problems of the lifted card
// covering the button that confirms it or the "Your cards" label.
export function liftCheck() {
  const card = document.querySelector("#hand .slot.chosen .card").getBoundingClientRect();
  const bad = [];
  for (const e of [document.querySelector("button.confirm"), document.getElementById("cards-label")]) {
    if (e.hidden || !e.offsetHeight) continue;
    const r = e.getBoundingClientRect();
    if (card.top < r.bottom - 0.5 && card.bottom > r.top && card.left < r.right && card.right > r.left) bad.push(`the lifted card covers ${(r.bottom - card.top).toFixed(1)} px of "${e.textContent}"`);
  }
  return bad;
}

// In the page: no animation running but the endless ones (cards slid in, a lifted card risen),
// and every picture loaded.
export function atRest() {
  // Every picture loaded or failed (an img without a source counts as complete): a busy machine
  // decodes a new card's pips after its slide is over (WebKit once did, and the screen check
  // saw them not drawn yet); a picture that failed still fails the screen check.
  const loaded = [...document.images].every((i) => i.complete);
  return loaded && document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity);
}

// The TV says yes to the phone asking for a seat: Enter on the TV's window (by its process,
// tvPid, else by its title), by xdotool. A press that the TV never read (a focus that did not
// take, on an X server with no window manager) is sent again, while its log (tvLog) does not
// say the seat went to a phone (a press it read is never repeated, however slow the machine);
// done when `seated()` (the page shows the seat). progress and alive as for patient().
export async function tvYes({ seated, tvLog, tvPid, progress, alive }) {
  // The TV takes no press in the question's first half second (of its clock: on a busy machine
  // longer; a press in it is pressed again below).
  await new Promise((r) => setTimeout(r, 1500));
  const find = tvPid ? `xdotool search --pid ${Number(tvPid)} | tail -1` : 'xdotool search --name "Come Buy" | head -1';
  const given = () => tvLog && /phones: seat \d+ \([^)]*\) plays on a phone/.test(readFileSync(tvLog, "utf8"));
  let pressed = 0;
  return patient("phone: the TV's yes", async () => {
    if (await seated()) return true;
    if (!given() && Date.now() - pressed > 15000) {
      if (pressed) console.log("phone: the TV's yes did not come; Enter again");
      execFileSync("sh", ["-c", `w=$(${find}); xdotool windowfocus --sync "$w"; xdotool key --window "$w" Return`]);
      pressed = Date.now();
    }
    return false;
  }, { progress, alive, every: 500 });
}
