// Opens the game page in headless Chromium (software WebGL), collects console errors, waits
// for the canvas and some frames, and saves a screenshot.
import { chromium } from "playwright-core";

const [url, shot] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
    "--use-gl=angle", "--ignore-gpu-blocklist",
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const errors = [];
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
const started = Date.now();
await page.goto(url);
await page.waitForSelector("canvas", { timeout: 90000 });
const canvasAt = (Date.now() - started) / 1000;
await page.waitForTimeout(12000);
await page.mouse.click(640, 360); // a first click: audio may start now
await page.waitForTimeout(2000);
await page.screenshot({ path: shot });
// Start a game with the keyboard alone (New game, then Start) and let the bots play a while.
const tableShot = shot.replace(/\.png$/, "") + "-table.png";
for (const key of ["Enter", "ArrowUp", "ArrowUp", "Enter"]) {
  await page.keyboard.press(key);
  await page.waitForTimeout(1500);
}
await page.waitForTimeout(15000);
await page.screenshot({ path: tableShot });
await browser.close();
console.log(`smoke: table screenshot ${tableShot}`);
console.log(`smoke: canvas after ${canvasAt.toFixed(1)} s; screenshot ${shot}`);
if (errors.length) {
  console.error("smoke: console errors:\n" + errors.join("\n"));
  process.exit(1);
}
