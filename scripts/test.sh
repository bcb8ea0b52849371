#!/usr/bin/env bash
# The test command: installs what is missing, then runs every test in the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo fmt --all -- --check
cargo test --workspace --locked "$@"
