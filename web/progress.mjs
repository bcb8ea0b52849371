// Waiting without a clock a busy machine can beat: the browser checks' one helper for waits
// (web/online.mjs, web/phone.mjs, web/phone.sh through its command line below).
//
// A wait fails when nothing moves, not after a fixed number of seconds. Each wait names
//   - progress: sources whose change means the awaited thing came closer (a page's console
//     lines, its requests, the moves sent, a log file growing, the phone's messages);
//   - alive: sources whose change means work is still being done (the CPU time of the browser's
//     processes or of the desktop game, counted in steps of ALIVE_CPU_S).
// It fails when neither changed for `still` (default 120 s, PROGRESS_STILL_S: a frozen browser
// or game), when the work clock (the CPU seconds of those processes) ran `budget` seconds
// (default 600, PROGRESS_BUDGET_S) without any progress (busy, but never getting there: on a
// loaded machine a CPU second takes longer, so the bound stretches with the load), or, as a
// last resort only, after `ceiling` in all (default 45 min, PROGRESS_CEILING_S).
//
//   node web/progress.mjs --self-test
//       the helper against simulated sources with short bounds (no browser): slow but steady
//       progress passes, a stalled source fails, busy work without progress fails.
//   node web/progress.mjs log FILE PID REGEX...
//       waits until FILE has a line matching each REGEX; progress is FILE growing, alive the
//       CPU time of process PID and its children; fails at once if PID ends.
import { readFileSync, readdirSync, statSync } from "node:fs";

const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
export const STILL_MS = env("PROGRESS_STILL_S", 120) * 1000;
export const BUDGET_CPU_S = env("PROGRESS_BUDGET_S", 600);
export const CEILING_MS = env("PROGRESS_CEILING_S", 45 * 60) * 1000;
// CPU time below this step is not counted as work (an idle process's trickle).
export const ALIVE_CPU_S = 0.5;
// A long wait says what it waits for and what moves, this often (on stderr).
export const REPORT_MS = env("PROGRESS_REPORT_S", 60) * 1000;
const TICK = 100; // USER_HZ on Linux

export class Stalled extends Error {}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Every process's parent and CPU time (utime + stime, seconds), from /proc.
function processes() {
  const all = new Map();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, "utf8");
      const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      all.set(Number(d), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICK });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return all;
}

// CPU seconds of the processes under `roots` (each root itself included unless `own` is
// false: node's own pid as a root counts only the browsers it launched).
export function cpuSeconds(roots, { own = true } = {}) {
  const all = processes();
  const kids = new Map();
  for (const [pid, p] of all) {
    if (!kids.has(p.ppid)) kids.set(p.ppid, []);
    kids.get(p.ppid).push(pid);
  }
  let total = 0;
  const seen = new Set();
  const walk = (pid, top) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    if (all.has(pid) && (own || !top)) total += all.get(pid).cpu;
    for (const k of kids.get(pid) || []) walk(k, false);
  };
  for (const r of roots.filter(Boolean)) walk(Number(r), true);
  return total;
}

// A work clock and an alive source over the CPU time of `roots` (see cpuSeconds).
export function cpuClock(roots, opts) {
  return () => cpuSeconds(typeof roots === "function" ? roots() : roots, opts);
}

const read = async (sources) => {
  const out = {};
  for (const [k, f] of Object.entries(sources)) {
    try {
      out[k] = await f();
    } catch {
      out[k] = undefined;
    }
  }
  return out;
};
const show = (marks) => Object.entries(marks).map(([k, v]) => `${k} ${typeof v === "number" ? Math.round(v * 10) / 10 : v}`).join(", ");

// Waits until `done()` is true (it may be async). `what` names the wait in its failure.
// progress: {name: () => value}, alive: {name: () => value}, work: () => seconds (the budget's
// clock; by default the alive sources' sum where they are CPU clocks). Returns the wait's
// {ms, cpu} (wall time and work clock spent), for the checks' figures.
export async function patient(what, done, { progress = {}, alive = {}, work, still = STILL_MS, budget = BUDGET_CPU_S, ceiling = CEILING_MS, every = 250, aliveStep = ALIVE_CPU_S, report = REPORT_MS, onStall } = {}) {
  const start = Date.now();
  const clock = work || (Object.keys(alive).length ? async () => (await Promise.all(Object.values(alive).map((f) => f()))).reduce((a, b) => a + b, 0) : null);
  const cpu0 = clock ? await clock() : 0;
  let last = await read(progress);
  let lastAlive = await read(alive);
  let moved = start;
  let workAtProgress = cpu0;
  let workNow = cpu0;
  let reported = start;
  const movedSince = new Set();
  let suspect = false;
  for (;;) {
    if (await done()) return { ms: Date.now() - start, cpu: workNow - cpu0 };
    const before = Date.now();
    await sleep(every);
    // This process itself kept from running (a loaded machine): that time was not watched, so
    // it does not count as time without progress (what moved in it is read just below).
    const gap = Date.now() - before;
    if (gap > 4 * every + 200) moved += gap - every;
    const now = await read(progress);
    if (Object.keys(now).some((k) => now[k] !== last[k])) {
      for (const k of Object.keys(now)) if (now[k] !== last[k]) movedSince.add(k);
      moved = Date.now();
      last = now;
      if (clock) workAtProgress = await clock();
    }
    const a = await read(alive);
    if (Object.keys(a).some((k) => typeof a[k] === "number" ? Math.abs(a[k] - lastAlive[k]) >= aliveStep || lastAlive[k] === undefined : a[k] !== lastAlive[k])) {
      for (const k of Object.keys(a)) if (a[k] !== lastAlive[k]) movedSince.add(k);
      moved = Date.now();
      lastAlive = a;
    }
    if (clock) workNow = await clock();
    const t = Date.now();
    if (report && t - reported >= report) {
      console.error(`progress: ${what}: waiting ${((t - start) / 1000).toFixed(0)} s, ${(workNow - workAtProgress).toFixed(0)} CPU s since the last progress; moved: ${[...movedSince].join(", ") || "nothing"} (${show({ ...now, ...a })})`);
      movedSince.clear();
      reported = t;
    }
    const why = t - moved > still ? `nothing moved for ${still / 1000} s`
      : clock && workNow - workAtProgress > budget ? `${budget} CPU s of work without progress`
      : t - start > ceiling ? `not done after ${ceiling / 1000} s in all (the last resort)`
      : null;
    // Seen twice in a row before it fails (a source's news may wait behind this wake-up).
    if (why && !suspect) {
      suspect = true;
      continue;
    }
    suspect = false;
    if (why) {
      const msg = `${what}: ${why} (after ${((t - start) / 1000).toFixed(1)} s; ${show({ ...now, ...a })})`;
      if (onStall) await onStall(msg);
      throw new Stalled(msg);
    }
  }
}

// A page's sources: its console lines and requests (progress). `page.on` hooks are set once.
export function pageProgress(page, name = "page") {
  if (!page.__progress) {
    const p = { lines: 0, requests: 0 };
    page.on("console", () => { p.lines += 1; });
    page.on("request", () => { p.requests += 1; });
    page.on("requestfinished", () => { p.requests += 1; });
    page.__progress = p;
  }
  const p = page.__progress;
  return { [`${name} lines`]: () => p.lines, [`${name} requests`]: () => p.requests };
}

// A file's size (0 while it does not exist).
export const fileSize = (path) => () => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function logCommand([file, pid, ...patterns]) {
  const res = patterns.map((p) => new RegExp(p, "m"));
  const p = Number(pid);
  const text = () => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return "";
    }
  };
  const started = Date.now();
  try {
    const r = await patient(`${file}: waiting for ${patterns.join(" and ")}`, () => {
      if (res.every((re) => re.test(text()))) return true;
      if (!alive(p)) throw new Stalled(`${file}: process ${p} ended before ${patterns.join(" and ")}`);
      return false;
    }, { progress: { log: fileSize(file) }, alive: { cpu: cpuClock([p]) }, every: 500 });
    console.error(`progress: ${file}: ${patterns.join(" and ")} after ${(r.ms / 1000).toFixed(1)} s (${r.cpu.toFixed(1)} CPU s)`);
  } catch (e) {
    console.error(String(e.message || e));
    console.error(`progress: the last lines of ${file} (after ${((Date.now() - started) / 1000).toFixed(1)} s):\n${text().split("\n").slice(-15).join("\n")}`);
    process.exit(1);
  }
}

// The self-test: short bounds, simulated sources and real child processes.
async function selfTest() {
  const { spawn } = await import("node:child_process");
  const { mkdtempSync, appendFileSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const results = [];
  const expect = async (name, shouldPass, run, match) => {
    const t = Date.now();
    let err = null;
    try {
      await run();
    } catch (e) {
      err = e;
    }
    const ms = Date.now() - t;
    const ok = shouldPass ? !err : err instanceof Stalled && (!match || match.test(err.message));
    results.push(ok);
    console.log(`progress self-test: ${ok ? "ok" : "FAILED"}: ${name} (${ms} ms${err ? `: ${err.message}` : ", passed"})`);
  };
  // Slow but steady: a line every 150 ms, done after 4 s, with `still` 1 s (a fixed bound of
  // 1 s would have failed at a quarter of the way).
  let n = 0;
  let timer = setInterval(() => { n += 1; }, 150);
  let t0 = Date.now();
  await expect("slow but steady progress passes (4 s with still 1 s)", true,
    () => patient("slow", () => Date.now() - t0 > 4000, { progress: { n: () => n }, still: 1000, ceiling: 20000, every: 50 }));
  clearInterval(timer);
  // Stalled: the source stops at 1 s; fails about `still` later, long before the ceiling.
  n = 0;
  timer = setInterval(() => { n += 1; }, 100);
  setTimeout(() => clearInterval(timer), 1000);
  t0 = Date.now();
  await expect("a source that stalls fails (still 1 s)", false,
    async () => {
      await patient("stalled", () => false, { progress: { n: () => n }, still: 1000, ceiling: 20000, every: 50 });
    }, /nothing moved for 1 s/);
  if (Date.now() - t0 > 5000) { results.push(false); console.log("progress self-test: FAILED: the stall took too long to be seen"); }
  // Progress forever, never done: the ceiling.
  timer = setInterval(() => { n += 1; }, 50);
  await expect("never done though moving: the ceiling (2 s)", false,
    () => patient("ceiling", () => false, { progress: { n: () => n }, still: 1000, ceiling: 2000, every: 50 }), /in all/);
  clearInterval(timer);
  // Busy without progress: a child spinning a CPU; its CPU time keeps it alive, and the budget
  // (0.8 CPU s) fails it; with progress each 100 ms the same spin passes.
  const spin = spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" });
  await sleep(200);
  await expect("busy work without progress fails on its CPU budget (0.8 CPU s)", false,
    () => patient("spin", () => false, { alive: { cpu: cpuClock([spin.pid]) }, still: 60000, budget: 0.8, ceiling: 60000, every: 50 }), /CPU s of work without progress/);
  timer = setInterval(() => { n += 1; }, 100);
  t0 = Date.now();
  await expect("busy work with progress passes (2 s, budget 0.8 CPU s)", true,
    () => patient("spin with progress", () => Date.now() - t0 > 2000, { progress: { n: () => n }, alive: { cpu: cpuClock([spin.pid]) }, still: 60000, budget: 0.8, ceiling: 60000, every: 50 }));
  clearInterval(timer);
  // A process's CPU alone keeps a wait alive (compiling, nothing printed) past `still`.
  t0 = Date.now();
  await expect("a silent process using CPU stays alive past still (3 s with still 1 s)", true,
    () => patient("compiling", () => Date.now() - t0 > 3000, { alive: { cpu: cpuClock([spin.pid]) }, still: 1000, aliveStep: 0.05, budget: 60, ceiling: 60000, every: 50 }));
  spin.kill();
  // A sleeping process: no CPU, no progress: stalled.
  const idle = spawn("sleep", ["30"], { stdio: "ignore" });
  await expect("an idle process without progress fails (still 1 s)", false,
    () => patient("idle", () => false, { alive: { cpu: cpuClock([idle.pid]) }, still: 1000, aliveStep: 0.05, ceiling: 60000, every: 50 }), /nothing moved/);
  // The command line on a log: a writer slower than `still` overall but steady passes; a
  // writer that stops fails; a process that ends fails at once.
  const dir = mkdtempSync(`${tmpdir()}/progress-`);
  const writer = (file, lines, gap) => spawn("bash", ["-c", `for i in $(seq ${lines}); do sleep ${gap}; echo "line $i" >> ${file}; done; echo done >> ${file}; sleep 30`], { stdio: "ignore" });
  const cli = (args, stillS) => new Promise((resolve) => {
    const c = spawn(process.execPath, [new URL(import.meta.url).pathname, "log", ...args], { env: { ...process.env, PROGRESS_STILL_S: String(stillS) }, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    c.stderr.on("data", (d) => { err += d; });
    c.on("exit", (code) => resolve({ code, err }));
  });
  const w1 = writer(`${dir}/slow.log`, 16, 0.25);
  const r1 = await cli([`${dir}/slow.log`, String(w1.pid), "^done$"], 2);
  results.push(r1.code === 0);
  console.log(`progress self-test: ${r1.code === 0 ? "ok" : "FAILED"}: the log command passes a log written slowly (4 s, a line each 0.25 s, still 2 s)${r1.code ? `: ${r1.err}` : ""}`);
  w1.kill();
  appendFileSync(`${dir}/stuck.log`, "one line\n");
  const w2 = spawn("sleep", ["30"], { stdio: "ignore" });
  const r2 = await cli([`${dir}/stuck.log`, String(w2.pid), "^done$"], 2);
  results.push(r2.code === 1 && /nothing moved/.test(r2.err));
  console.log(`progress self-test: ${r2.code === 1 && /nothing moved/.test(r2.err) ? "ok" : "FAILED"}: the log command fails on a log that stopped (still 2 s)`);
  const w3 = spawn("sleep", ["0.3"], { stdio: "ignore" });
  const r3 = await cli([`${dir}/gone.log`, String(w3.pid), "^done$"], 30);
  results.push(r3.code === 1 && /ended/.test(r3.err));
  console.log(`progress self-test: ${r3.code === 1 && /ended/.test(r3.err) ? "ok" : "FAILED"}: the log command fails at once when its process ends`);
  w2.kill();
  idle.kill();
  rmSync(dir, { recursive: true, force: true });
  const bad = results.filter((r) => !r).length;
  console.log(`progress self-test: ${results.length - bad} of ${results.length} passed`);
  process.exit(bad ? 1 : 0);
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd === "--self-test") await selfTest();
  else if (cmd === "log") await logCommand(rest);
  else {
    console.error("usage: node web/progress.mjs --self-test | log FILE PID REGEX...");
    process.exit(2);
  }
}
