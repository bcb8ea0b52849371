#!/usr/bin/env bash
# The test command's browser stage, before its checks: wasm-bindgen-cli, the browser build's
# clippy and the web-ci page (target/web-ci). scripts/test.sh runs it beside the native stages.
#   scripts/web-stage.sh              all three
#   scripts/web-stage.sh --lint-only  the clippy only (SKIP_AUTOPLAY=1 scripts/test.sh)
# Both cargo runs use the web-ci profile: its folders in the target directory are not the `ci`
# profile's, so neither this stage nor the native build waits for the other's lock, and the
# page's build reuses the host crates (proc macros, build scripts) the clippy built.
set -euo pipefail
cd "$(dirname "$0")/.."
started=${STARTED:-$(date +%s)}
lap() { echo "web stage: $1 at $(( $(date +%s) - started )) s"; }
if [ "${1:-}" != --lint-only ]; then
  bash scripts/setup.sh --web
  lap "wasm-bindgen-cli ready"
fi
# The browser build's own code paths (the page's storage, pixel density, coarse pointer),
# linted for the wasm target the web build uses.
cargo clippy -p come-buy --target wasm32-unknown-unknown --locked --profile web-ci -- -D warnings
lap "the browser build's clippy passed"
[ "${1:-}" = --lint-only ] && exit 0
WEB_PROFILE=web-ci WEB_OUT=target/web-ci bash web/build.sh
lap "the web-ci page was built"
