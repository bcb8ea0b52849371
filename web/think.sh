#!/usr/bin/env bash
# Browser figures for Hard bots: serves web/dist, starts Goblin Market with four Hard bots (or
# the Duchess: a duel of two Hard bots, or Hard alone; or Mýkonos with three Hard bots) in headless Chromium and prints how long their decisions take and the longest frames while they
# think (they think a slice per frame in the browser). Run web/build.sh first.
# Usage: web/think.sh [SECONDS] [SCREENSHOT.png] [goblin-market|duchess-duel|duchess-solo|mykonos]
# (WEB_DIST: another build's folder, as for web/smoke.sh: the figures are the release page's
# only from web/dist.) SECONDS is the measure's length; the waits before it fail only when
# nothing moves (web/progress.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-90}
shot=${2:-web/think.png}
dist=${WEB_DIST:-web/dist}
[ -f "$dist/index.html" ] || { echo "think: no $dist; run web/build.sh first" >&2; exit 1; }
bash scripts/setup.sh --web
[ -d web/node_modules/playwright-core ] || (cd web && npm install --silent --no-audit --no-fund)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
node web/think.mjs "http://127.0.0.1:$port/index.html" "$seconds" "$shot" "${3:-goblin-market}"
