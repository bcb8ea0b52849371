#!/usr/bin/env bash
# The test command: installs what is missing, checks formatting and the layers, runs every test
# in the workspace (rules engine, simulator, media, and the table headless) and clippy, then
# plays whole games with bots under Xvfb and software Vulkan and checks their screenshots, the
# phones and the table at rest.
#   scripts/test.sh            everything
#   SKIP_AUTOPLAY=1 scripts/test.sh   without the windowed runs (autoplay, phones, idle)
# Everything builds with the `ci` profile (Cargo.toml: lighter to compile than dev; the bots
# and the art optimized as in dev), the windowed scripts included (COME_BUY_PROFILE).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
lap() { echo "test.sh: $1 at $(( $(date +%s) - started )) s"; }
export COME_BUY_PROFILE=ci
# Every package first (the web stage beside the native build must find no apt-get to run).
bash scripts/setup.sh --screens --web --no-bindgen
# Rust that setup.sh installed into ~/.cargo/bin, in this process too.
. scripts/rust-env.sh
cargo fmt --all -- --check
# Clippy's lints as errors in every build of our crates (scripts/lint-env.sh).
. scripts/lint-env.sh
# The house's shape (a second): no import circle, the app's rooms in layers.txt's order.
bash scripts/layers.sh
# Every link in the README, CREDITS.md and docs/ points to a file that exists.
python3 scripts/links.py
# No stray binaries: nothing tracked over 1 MiB outside assets/ (docs/ included), no packages.
python3 scripts/stray.py --self-test
# Every release zip carries LICENSE, CREDITS.md and the fonts' licences (packed the release's way).
python3 scripts/zipcheck.py --self-test
# The browser checks' waits fail on no progress, not after a fixed time (web/progress.mjs):
# simulated sources and processes, slow but steady ones passing and stalled ones failing (25 s,
# mostly asleep; no browser).
node web/progress.mjs --self-test
# The browser stage's build runs beside the native stages, at the lowest priority
# (scripts/web-stage.sh: wasm-bindgen-cli and the web-ci page, linted for wasm32 in passing).
# On 2 cores it takes the time the native stages leave idle: the native build's long serial
# crates and links, the windowed runs' waits, the idle check. Its output goes to a log, shown
# when it fails; the browser checks wait for it at the end.
web_log=target/web-stage.log
web_pid=""
if [ "${SKIP_AUTOPLAY:-0}" != 1 ]; then
  mkdir -p target
  # Its own session, so that a failure here stops all of it (cargo and rustc included). Linux
  # shares the processor between sessions first (autogroups) and by nice only within one, so
  # the new session's own priority is set to the lowest too.
  STARTED=$started setsid -w bash -c 'echo 19 > /proc/self/autogroup 2>/dev/null || true
    exec nice -n 19 bash scripts/web-stage.sh' > "$web_log" 2>&1 &
  web_pid=$!
  trap '[ -z "$web_pid" ] || kill -- -"$web_pid" 2>/dev/null || true' EXIT
fi
cargo test --workspace --locked --profile ci "$@"
lap "the tests passed (and clippy, on every target of every crate)"
# Goofspiel, a fourth game built only for the tests (cargo feature `test-game`, never shipped),
# proves that a game lives in its folders and the catalog's line: the engine's, the words' and
# the simulator's suites again with it in the catalog (every game's checks reach it), then the
# table's own test of it (bots at the table, a friend online, its words) and the layout
# audit of its table, its New game and its results. A second build of these crates with the
# feature: a few minutes on 2 cores.
cargo test --locked --profile ci -p come-buy-engine -p come-buy-text -p come-buy-sim \
  --features come-buy-sim/test-game
cargo test --locked --profile ci -p come-buy --features test-game --test fourth_game \
  --test audit -- goofspiel the_results_of_every_game new_game_for_every_game
lap "the fourth game's tests passed"
# The meeting server's deploy recipes read by the binary the tests ran (the image built where a
# container daemon works).
bash deploy/check.sh
if [ "${SKIP_AUTOPLAY:-0}" = 1 ]; then
  bash scripts/web-stage.sh --lint-only
else
  bash scripts/autoplay.sh target/autoplay
  lap "the autoplay passed"
  # Phones as private hands: headless Chromium as a phone plays a Mýkonos seat to the end, a
  # neighbour attacks the page, Chromium plays a Duchess seat; then Firefox and WebKit play both.
  bash web/phone.sh target/phone
  lap "the phones' check passed"
  # The table at rest: at most 10% of a core, idle at the title and at a person's decision.
  bash scripts/idle.sh target/idle
  lap "the idle check passed"
  # Online tables in the browser: two headless Chromium pages (host and friend) play a Duchess
  # duel to the results over WebRTC, meeting through the come-buy-signal binary.
  if ! wait "$web_pid"; then
    web_pid=""
    tail -n 200 "$web_log" >&2
    echo "test.sh: the web stage failed (its whole log: $web_log)" >&2
    exit 1
  fi
  web_pid=""
  grep '^web stage:\|^web build' "$web_log"
  WEB_DIST=target/web-ci bash web/online.sh target/online
  lap "the online tables' browser check passed"
fi
