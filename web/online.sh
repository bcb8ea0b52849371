#!/usr/bin/env bash
# The online table in the browser: serves web/dist, starts a meeting server (the small
# come-buy-signal binary, as a page's publisher runs it, letting in only this page's origin), and
# plays a Duchess duel between
# two headless Chromium pages: the host deals with an Online friend seat (its own seat a Normal
# bot), the friend opens the page's ?join=CODE link, asks for the seat, the host says yes and
# starts, and the friend plays from their own page to the results. Fails unless both pages
# reach the results with the same winners. Prints the time from each host move to the friend's
# page taking it and from each of the friend's moves to the host taking it (p50/p95), and how
# long the friend's page took to find the table; saves screenshots of both pages. Then a page with no meeting
# server: its sentences, ?watch= links (good and broken); a page that a second meeting server
# refuses (it lets in another origin only): Join a table says the server refused the page, and
# that server logs it; and ?daily=duchess dealt with the desktop's seed for the same date.
# Usage: web/online.sh [OUT_DIR]   (run web/build.sh first; WEB_DIST: another build's folder;
# the desktop binary comes from COME_BUY_BIN, the meeting server from COME_BUY_SIGNAL_BIN,
# default the ci builds)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-web/online-shots}
mkdir -p "$out"
dist=${WEB_DIST:-web/dist}
[ -f "$dist/index.html" ] || { echo "online: no $dist; run web/build.sh first" >&2; exit 1; }
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
bin=${COME_BUY_BIN:-$target/ci/come-buy}
[ -x "$bin" ] || { echo "online: no desktop binary at $bin" >&2; exit 1; }
meet=${COME_BUY_SIGNAL_BIN:-$target/ci/come-buy-signal}
[ -x "$meet" ] || cargo build --profile ci --locked -p come-buy-online --features server --bin come-buy-signal
bash scripts/setup.sh --web
[ -d web/node_modules/playwright-core ] || (cd web && npm install --silent --no-audit --no-fund)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
http=$(free_port)
signal=$(free_port)
refusing=$(free_port)
python3 -m http.server "$http" --bind 127.0.0.1 --directory "$dist" >/dev/null 2>&1 &
server=$!
"$meet" --bind 127.0.0.1 --port "$signal" --allow-origin "http://127.0.0.1:$http" > "$out/signal.log" 2>&1 &
signaller=$!
# A meeting server that lets in another origin only: this page is refused there.
"$meet" --bind 127.0.0.1 --port "$refusing" --allow-origin "http://127.0.0.1:1" > "$out/signal-refusing.log" 2>&1 &
refuser=$!
trap 'kill $server $signaller $refuser 2>/dev/null' EXIT
node web/online.mjs "http://127.0.0.1:$http/index.html" "ws://127.0.0.1:$signal" "$out" "ws://127.0.0.1:$refusing" | tee "$out/online.txt"
# The page's deal of the day is the desktop's: the same date gives the same seed.
sim=${COME_BUY_SIM_BIN:-$target/ci/come-buy-sim}
[ -x "$sim" ] || cargo build --profile ci --locked -p come-buy-sim --bin come-buy-sim
read -r date seed < <(sed -n 's/^online (browser): daily duchess \([-0-9]*\) seed \([0-9]*\)$/\1 \2/p' "$out/online.txt")
[ -n "${seed:-}" ] || { echo "online: the page printed no deal of the day" >&2; exit 1; }
desk=$("$sim" daily --date "$date" | python3 -c 'import json,sys; print(next(d["seed"] for d in map(json.loads, sys.stdin) if d["deal"] == "duchess"))')
[ "$desk" = "$seed" ] || { echo "online: the page dealt $seed for $date, the desktop $desk" >&2; exit 1; }
echo "online: the page's deal of the day ($date, seed $seed) is the desktop's"
