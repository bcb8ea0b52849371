#!/usr/bin/env bash
# Browser check: serves web/dist on 127.0.0.1, opens it in headless Chromium with software
# WebGL, waits for the first frames, saves a screenshot of the title, starts a game with the
# keyboard, plays two moves and screenshots the table; then checks the page remembers (the game
# in progress and a changed setting survive a reload, a broken save entry is kept aside and
# reported); fails on a blank canvas, a console error or a forgotten state. Run web/build.sh
# first. No wait has a fixed number of seconds: each fails when nothing moves (web/progress.mjs).
# SMOKE_BROWSERS="chromium firefox webkit" (default: chromium) adds the page in Firefox ESR and
# WebKit (web/smoke_browsers.mjs, on an Xvfb display: Debian's firefox-esr headful, as headless
# Firefox has no WebGL, and WebKitWebDriver's MiniBrowser): each reaches the title and plays two
# moves, with a screenshot of each (SHOT-firefox.png, SHOT-firefox-table.png, ...), and prints
# the time to the title's first frame. scripts/release.sh runs all three.
# The page is served by web/serve.py: a host that hands files over as they are (the release
# page then unpacks its Brotli-packed game itself), or with SMOKE_BROTLI_HOST=1 one that serves
# it with Content-Encoding: br (the browser unpacks it).
# Usage: web/smoke.sh [SCREENSHOT.png]   (WEB_DIST: another build's folder)
set -euo pipefail
cd "$(dirname "$0")/.."
shot=${1:-web/smoke.png}
# WEB_DIST: another build's folder (web/build.sh with WEB_PROFILE=web-ci WEB_OUT=DIR).
dist=${WEB_DIST:-web/dist}
browsers=" ${SMOKE_BROWSERS:-chromium} "
for b in $browsers; do
  case "$b" in chromium|firefox|webkit) ;; *) echo "smoke: unknown browser $b (chromium, firefox, webkit)" >&2; exit 2 ;; esac
done
[ -f "$dist/index.html" ] || { echo "smoke: no $dist; run web/build.sh first" >&2; exit 1; }
others=0
[[ $browsers == *" firefox "* || $browsers == *" webkit "* ]] && others=1
# (--screens: Xvfb for Firefox and WebKit.)
if [ $others = 1 ]; then bash scripts/setup.sh --web --screens; else bash scripts/setup.sh --web; fi
[ -d web/node_modules/playwright-core ] && [ -d web/node_modules/puppeteer-core ] || (cd web && npm install --silent --no-audit --no-fund)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# SMOKE_BROTLI_HOST=1: a host that serves the packed game with Content-Encoding: br (web/serve.py).
python3 web/serve.py "$port" "$dist" ${SMOKE_BROTLI_HOST:+--brotli-host} >/dev/null 2>&1 &
server=$!
xvfb=""
trap 'kill $server $xvfb 2>/dev/null || true' EXIT
url="http://127.0.0.1:$port/index.html"
if [[ $browsers == *" chromium "* ]]; then
  # The game's file as the page downloads it: Brotli-packed on the release page (web/pack.mjs).
  # A host that unpacks it hands the page the unpacked bytes.
  game=$dist/come-buy_bg.wasm
  if [ -f "$game" ]; then
    bytes=$(stat -c %s "$game")
  elif [ -n "${SMOKE_BROTLI_HOST:-}" ]; then
    bytes=$(node -e 'process.stdout.write(String(require("zlib").brotliDecompressSync(require("fs").readFileSync(process.argv[1])).length))' "$game.br")
  else
    bytes=$(stat -c %s "$game.br")
  fi
  WASM_BYTES=$bytes node web/smoke.mjs "$url" "$shot"
  python3 web/blank_check.py "$shot"
  python3 web/blank_check.py "${shot%.png}-table.png"
fi
if [ $others = 1 ]; then
  . scripts/xvfb.sh
  start_xvfb 80 1920x1080 || exit 1
  for b in firefox webkit; do
    [[ $browsers == *" $b "* ]] || continue
    node web/smoke_browsers.mjs "$b" "$url" "$shot"
    python3 web/blank_check.py "${shot%.png}-$b.png"
    python3 web/blank_check.py "${shot%.png}-$b-table.png"
  done
fi
echo "smoke: ok ($(echo $browsers))"
