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
bash scripts/setup.sh --screens --wasm
cargo fmt --all -- --check
# The house's shape (a second): no import circle, the app's rooms in layers.txt's order.
bash scripts/layers.sh
# Every link in the README and docs/ points to a file that exists.
python3 scripts/links.py
cargo test --workspace --locked --profile ci "$@"
lap "the tests passed"
# The meeting server's deploy recipes read by the binary the tests ran (the image built where a
# container daemon works).
bash deploy/check.sh
# Lints as errors, every target of every crate (the same profile: only the lint pass is extra).
cargo clippy --workspace --all-targets --locked --profile ci -- -D warnings
lap "clippy passed"
# The browser build's own code paths (the page's storage, pixel density, coarse pointer), linted
# for the wasm target the web build uses.
cargo clippy -p come-buy --target wasm32-unknown-unknown --locked --profile ci -- -D warnings
lap "the browser build's clippy passed"
if [ "${SKIP_AUTOPLAY:-0}" != 1 ]; then
  bash scripts/autoplay.sh target/autoplay
  lap "the autoplay passed"
  # Phones as private hands: headless Chromium as a phone plays a Mýkonos seat to the end;
  # then a neighbour attacks the page.
  bash web/phone.sh target/phone
  lap "the phones' check passed"
  # The table at rest: at most 10% of a core, idle at the title and at a person's decision.
  bash scripts/idle.sh target/idle
  lap "the idle check passed"
  # Online tables in the browser: two headless Chromium pages (host and friend) play a Duchess
  # duel to the results over WebRTC, meeting through the come-buy-signal binary.
  WEB_PROFILE=web-ci WEB_OUT=target/web-ci bash web/build.sh
  WEB_DIST=target/web-ci bash web/online.sh target/online
  lap "the online tables' browser check passed"
fi
