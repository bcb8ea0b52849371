#!/usr/bin/env bash
# Browser check: serves web/dist on 127.0.0.1, opens it in headless Chromium with software
# WebGL, waits for the first frames, saves a screenshot of the title, starts a game with the
# keyboard and screenshots the table; then checks the page remembers (the game in progress and
# a changed setting survive a reload, a broken save entry is kept aside and reported); fails on
# a blank canvas, a console error or a forgotten state. Run web/build.sh first.
# Usage: web/smoke.sh [SCREENSHOT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
shot=${1:-web/smoke.png}
# WEB_DIST: another build's folder (web/build.sh with WEB_PROFILE=web-ci WEB_OUT=DIR).
dist=${WEB_DIST:-web/dist}
[ -f "$dist/index.html" ] || { echo "smoke: no $dist; run web/build.sh first" >&2; exit 1; }
bash scripts/setup.sh --web
[ -d web/node_modules/playwright-core ] || (cd web && npm install --silent --no-audit --no-fund)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
WASM_BYTES=$(stat -c %s "$dist/come-buy_bg.wasm") node web/smoke.mjs "http://127.0.0.1:$port/index.html" "$shot"
python3 web/blank_check.py "$shot"
python3 web/blank_check.py "${shot%.png}-table.png"
