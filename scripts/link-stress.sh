#!/usr/bin/env bash
# The WebRTC link under load: runs the two whole matches of online/tests/webrtc.rs (a Duchess
# duel and a Mýkonos game, each through a real signaling server and real data channels) RUNS
# times (default 100) beside twice as many busy processes as there are cores, and counts the
# runs that failed (a stall: a message lost on the way) and the connections whose first message
# came before the data channel's own handshake event (vendor/README.md, rtc). Not part of the
# test command: it is a measurement (docs/performance.md). Usage: scripts/link-stress.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100}
profile=${COME_BUY_PROFILE:-ci}
# The test command's build (clippy inside it), so this shares its artifacts.
. scripts/lint-env.sh
bin=$(cargo test --profile "$profile" --locked --workspace --test webrtc --no-run \
  --message-format json 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "webrtc" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || { echo "link-stress: the webrtc test did not build" >&2; exit 1; }
busy=()
for _ in $(seq 1 $(( $(nproc) * 2 ))); do
  ( trap 'exit 0' TERM; while :; do :; done ) &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
log=$(mktemp)
failed=0
early=0
for i in $(seq 1 "$runs"); do
  # 30 s per match is generous beside the load (a match takes about a second); a stall waits
  # out the test's own bound, so the run is cut short here.
  if ! timeout 120 "$bin" over_webrtc --nocapture >"$log" 2>&1; then
    failed=$((failed + 1))
    echo "run $i failed:" >&2
    grep -E 'did not end|panicked' "$log" | cut -c1-400 >&2 || true
  fi
  early=$((early + $(grep -c "dialed on the peer's first message" "$log" || true)))
done
rm -f "$log"
echo "link-stress: $runs runs of two matches beside $(( $(nproc) * 2 )) busy processes: $failed failed; $early channels dialed on the peer's first message"
[ "$failed" = 0 ]
