#!/usr/bin/env bash
# Play: installs what is missing, builds the release version and opens the table.
# Extra arguments go to the game (e.g. --window 1920x1080).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --desktop
# Rust that setup.sh installed into ~/.cargo/bin, in this process too.
. scripts/rust-env.sh
exec cargo run --release --bin come-buy -- "$@"
