#!/usr/bin/env bash
# The test command's browser stage, before its checks: wasm-bindgen-cli and the web-ci page
# (target/web-ci), its build linted for wasm32 by clippy in passing (scripts/lint-env.sh: the
# page's storage, pixel density and pointer code only builds there). scripts/test.sh runs it
# beside the native stages, at the lowest priority.
#   scripts/web-stage.sh              the page
#   scripts/web-stage.sh --lint-only  `cargo clippy` for wasm32 only (SKIP_AUTOPLAY=1 test.sh)
# The web-ci profile has its own folders in the target directory (not the `ci` profile's), so
# neither this stage nor the native build waits for the other's lock.
set -euo pipefail
cd "$(dirname "$0")/.."
started=${STARTED:-$(date +%s)}
lap() { echo "web stage: $1 at $(( $(date +%s) - started )) s"; }
if [ "${1:-}" = --lint-only ]; then
  cargo clippy -p come-buy --target wasm32-unknown-unknown --locked --profile web-ci -- -D warnings
  lap "the browser build's clippy passed"
  exit 0
fi
# (Not linted: wasm-bindgen-cli is the root package of its own install, so the test command's
# clippy wrapper must not reach it.)
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash scripts/setup.sh --web
lap "wasm-bindgen-cli ready"
. scripts/lint-env.sh
WEB_PROFILE=web-ci WEB_OUT=target/web-ci bash web/build.sh
lap "the web-ci page was built (and the browser build's clippy passed)"
