#!/usr/bin/env bash
# The test command: installs what is missing, checks formatting, runs every test in the
# workspace (rules engine, simulator, media, and the table headless), then plays a whole game
# with bots under Xvfb and software Vulkan and checks its screenshots.
#   scripts/test.sh            everything
#   SKIP_AUTOPLAY=1 scripts/test.sh   without the windowed autoplay and the phone's check
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --screens
cargo fmt --all -- --check
cargo test --workspace --locked "$@"
if [ "${SKIP_AUTOPLAY:-0}" != 1 ]; then
  bash scripts/autoplay.sh target/autoplay
  # Phones as private hands: headless Chromium as a phone plays a Mýkonos seat to the end.
  bash web/phone.sh target/phone
fi
