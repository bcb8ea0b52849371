// Firefox and WebKit as the browser checks drive them (web/phone_browsers.mjs for the phone's
// page, web/smoke_browsers.mjs for the game's page), each behind the same small driver:
//   firefox: Debian's firefox-esr through puppeteer-core over WebDriver BiDi (no geckodriver).
//            Headless has no WebGL, so the game's page runs it headful on the X display.
//   webkit:  Debian's WebKitWebDriver and its MiniBrowser (Safari's engine), plain WebDriver
//            over HTTP (a few calls, no client library). MiniBrowser has no headless mode: it
//            runs on the X display (an Xvfb: scripts/xvfb.sh), its toolbar shrunk by a GTK
//            stylesheet so a window can be as narrow as a phone (390 CSS px at a ratio of 1).
// A driver: version, goto, reload, run (an expression's value in the page), tapAt and clickAt
// (a touch, or a click where the browser has no touch), press (a key by its DOM name: Enter,
// ArrowDown...), type, screenshot, view (the viewport's CSS size) and close.
// No wait here has a fixed number of seconds (web/progress.mjs).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { cpuClock, patient } from "./progress.mjs";

// Firefox: `headless` (the phone's page) or on $DISPLAY (the game's page: WebGL); the viewport
// at `scale` device pixels a CSS pixel, a phone's (touch, mobile) where `touch`.
export async function firefox({ headless = true, viewport, scale = 1, touch = false } = {}) {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    browser: "firefox", protocol: "webDriverBiDi", executablePath: "/usr/bin/firefox-esr", headless,
    // (A window larger than the viewport: the page's size is the viewport's, set below.)
    args: headless ? [] : ["--width=1600", "--height=1000"],
  });
  const page = await browser.newPage();
  // One action bounded only as a last resort: the waits are the checks'.
  page.setDefaultTimeout(10 * 60000);
  const view = (s) => page.setViewport({ ...s, deviceScaleFactor: scale, isMobile: touch, hasTouch: touch });
  if (viewport) await view(viewport);
  return {
    version: `Firefox ${(await browser.version()).replace(/^firefox\//, "")}`,
    goto: (to) => page.goto(to),
    reload: () => page.reload(),
    run: (expr) => page.evaluate(expr),
    tapAt: (x, y) => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y)),
    clickAt: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(key),
    type: async (sel, text) => {
      await page.$eval(sel, (e) => { e.value = ""; });
      await page.type(sel, text);
    },
    screenshot: (path) => page.screenshot({ path }),
    view,
    close: () => browser.close(),
  };
}

// A free TCP port on the loopback (for WebKitWebDriver).
const freePort = () => new Promise((resolve, reject) => {
  const s = createServer();
  s.on("error", reject);
  s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

// WebDriver's codes for the keys the checks press (the W3C spec's table).
const KEYS = { Enter: "\uE007", Escape: "\uE00C", ArrowLeft: "\uE012", ArrowUp: "\uE013", ArrowRight: "\uE014", ArrowDown: "\uE015", Tab: "\uE004" };

// WebKit through WebKitWebDriver (plain WebDriver: JSON over HTTP), on $DISPLAY; the window
// sized for a viewport of `viewport` CSS px. `what` names the check in a wait's failure.
export async function webkit({ viewport, what = "webkit" } = {}) {
  const mini = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/libexec"]
    .flatMap((d) => [`${d}/webkit2gtk-4.1/MiniBrowser`, `${d}/webkit2gtk-4.0/MiniBrowser`]).find(existsSync);
  if (!mini) throw new Error("no MiniBrowser (Debian's libwebkit2gtk-4.1-0, which webkit2gtk-driver brings)");
  // MiniBrowser's toolbar holds its window at least 447 px wide: a GTK stylesheet of its own
  // (XDG_CONFIG_HOME) shrinks its buttons and entry to a strip of about 20 px.
  const cfg = mkdtempSync(`${tmpdir()}/phone-webkit-`);
  mkdirSync(`${cfg}/gtk-3.0`);
  writeFileSync(`${cfg}/gtk-3.0/gtk.css`, "* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; -gtk-icon-transform: scale(0.25); }\n");
  const port = await freePort();
  const driver = spawn("WebKitWebDriver", [`--port=${port}`], { env: { ...process.env, XDG_CONFIG_HOME: cfg }, stdio: ["ignore", "ignore", "pipe"] });
  let said = "";
  driver.stderr.on("data", (d) => { said = (said + d).slice(-2000); });
  const base = `http://127.0.0.1:${port}`;
  const wd = async (method, path, body) => {
    const r = await fetch(base + path, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const j = await r.json();
    if (j.value && j.value.error) throw new Error(`WebDriver ${method} ${path}: ${j.value.error}: ${j.value.message}`);
    return j.value;
  };
  // The driver up (while it or anything moves).
  await patient(`${what}: WebKitWebDriver ready`, async () => {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver ended: ${said}`);
    try {
      return (await wd("GET", "/status")).ready;
    } catch {
      return false;
    }
  }, { alive: { driver: cpuClock([process.pid], { own: false }) } });
  const session = await wd("POST", "/session", { capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: mini, args: ["--automation"] } } } });
  const s = `/session/${session.sessionId}`;
  // One action bounded only as a last resort: the waits are the checks'.
  await wd("POST", `${s}/timeouts`, { script: 10 * 60000, pageLoad: 10 * 60000 });
  const run = (expr) => wd("POST", `${s}/execute/sync`, { script: `return ${expr};`, args: [] });
  const elements = async (sel) => (await wd("POST", `${s}/elements`, { using: "css selector", value: sel })).map((e) => Object.values(e)[0]);
  // The window's size for a viewport of `v` CSS px: the toolbar's height added.
  // The X server (no window manager) applies a new size a moment later: the viewport is read
  // once two readings agree, and the toolbar's height guessed from it stays within reason
  // (a reading from before the resize once made it negative: "Invalid height value").
  const settled = async (width) => {
    let last = await run("[innerWidth, innerHeight]");
    for (let k = 0; k < 50; k++) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await run("[innerWidth, innerHeight]");
      if (now[0] === width && now[0] === last[0] && now[1] === last[1]) return now;
      last = now;
    }
    return last;
  };
  const view = async (v) => {
    let chrome = 20;
    for (let i = 0; i < 6; i++) {
      await wd("POST", `${s}/window/rect`, { width: v.width, height: v.height + chrome });
      const [w, h] = await settled(v.width);
      if (w === v.width && h === v.height) return;
      chrome = Math.min(200, Math.max(0, chrome + v.height - h));
    }
    const [w, h] = await run("[innerWidth, innerHeight]");
    if (w !== v.width || h !== v.height) throw new Error(`the window gives a viewport of ${w}x${h}, not ${v.width}x${v.height}`);
  };
  // A click (WebDriver's pointer actions: WebKitGTK makes touches of mouse events anyway).
  const clickAt = async (x, y) => {
    await wd("POST", `${s}/actions`, { actions: [{ type: "pointer", id: "finger", parameters: { pointerType: "mouse" }, actions: [{ type: "pointerMove", x: Math.round(x), y: Math.round(y), origin: "viewport" }, { type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }] }] });
    await wd("DELETE", `${s}/actions`);
  };
  const drv = {
    version: `WebKitGTK ${session.capabilities.browserVersion} (${session.capabilities.browserName})`,
    goto: async (to) => { await wd("POST", `${s}/url`, { url: to }); },
    reload: async () => { await wd("POST", `${s}/refresh`, {}); },
    run,
    tapAt: clickAt,
    clickAt,
    press: async (key) => {
      const value = KEYS[key] ?? key;
      await wd("POST", `${s}/actions`, { actions: [{ type: "key", id: "keys", actions: [{ type: "keyDown", value }, { type: "keyUp", value }] }] });
      await wd("DELETE", `${s}/actions`);
    },
    type: async (sel, text) => {
      const [e] = await elements(sel);
      await wd("POST", `${s}/element/${e}/clear`, {});
      await wd("POST", `${s}/element/${e}/value`, { text });
    },
    screenshot: async (path) => writeFileSync(path, Buffer.from(await wd("GET", `${s}/screenshot`), "base64")),
    view,
    close: async () => {
      await wd("DELETE", s).catch(() => {});
      driver.kill();
      rmSync(cfg, { recursive: true, force: true });
    },
  };
  if (viewport) await view(viewport);
  return drv;
}
