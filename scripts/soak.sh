#!/usr/bin/env bash
# A long run: game after game of every game and mode with bots under Xvfb (software
# rendering), at 4x speed, for MINUTES (default 30). Fails on a non-zero exit, a panic or an
# error in the log, or resident memory at the end more than 10% above its level after the
# first game. Usage: scripts/soak.sh [MINUTES] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-30}
out=${2:-target/soak}
bash scripts/setup.sh --screens
# The profile as the autoplay takes it (COME_BUY_PROFILE, default dev): CI's `ci` build is warm.
profile=${COME_BUY_PROFILE:-dev}
cargo build --profile "$profile" --bin come-buy
bin=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/$([ "$profile" = dev ] && echo debug || echo "$profile")/come-buy
. scripts/xvfb.sh
start_xvfb 90 1920x1080 || exit 1
trap 'kill $xvfb 2>/dev/null' EXIT
mkdir -p "$out"
status=0
timeout $(( (${minutes%.*} + 10) * 60 )) "$bin" --soak "$minutes" --window 1280x720 \
  >"$out/soak.txt" 2>"$out/log.txt" || status=$?
grep '^soak' "$out/soak.txt" | tail -n 40
if [ "$status" != 0 ]; then echo "soak: the game exited with $status (log: $out/log.txt)" >&2; exit 1; fi
if grep -E 'panicked|ERROR' "$out/log.txt" >&2; then echo "soak: errors in the log ($out/log.txt)" >&2; exit 1; fi
python3 - "$out/soak.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"soak: (\d+) games in ([\d.]+) min; resident memory after the first game ([\d.]+) MB, at the end ([\d.]+) MB, at most ([\d.]+) MB", text)
if not m:
    sys.exit("soak: no summary line")
games, first, end = int(m[1]), float(m[3]), float(m[4])
if games < 2:
    sys.exit(f"soak: only {games} game(s)")
growth = (end - first) / first * 100 if first else 0
print(f"soak: memory {first:.1f} MB after the first game -> {end:.1f} MB at the end ({growth:+.1f}%)")
if growth > 10:
    sys.exit("soak: memory grew more than 10%")
PY
echo "soak: ok"
