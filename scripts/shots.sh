#!/usr/bin/env bash
# Screenshots of the real game for checking by eye: starts the game under Xvfb (software
# Vulkan) at a window size and text size, types keys with xdotool as a player would, and saves
# one screenshot with Bevy's screenshot API.
#   scripts/shots.sh OUT.png WxH UI_SCALE AT_SECS [SAVE_DIR_TEMPLATE] [-- DELAY:KEY ...]
# SAVE_DIR_TEMPLATE: a folder whose files (autosaves) are copied into the run's save folder.
# Each DELAY:KEY waits DELAY seconds, then presses KEY (xdotool key names: Return, Down...).
# SHOTS_MARGIN: the TV margin in % (default 0); SHOTS_ARGS: more of the game's flags
# (--daily mykonos, --lang es ...).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1 size=$2 scale=$3 at=$4; shift 4
template=""
if [ $# -gt 0 ] && [ "$1" != -- ]; then template=$1; shift; fi
[ "${1:-}" = -- ] && shift
w=${size%x*} h=${size#*x}
. scripts/rust-env.sh
bin=${COME_BUY_BIN:-$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/debug/come-buy}
. scripts/xvfb.sh
start_xvfb 120 "${w}x${h}" || exit 1
saves=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null; rm -rf "$saves"' EXIT
[ -n "$template" ] && cp "$template"/* "$saves"/
printf '(ui_scale: %s, safe_area: %s, anim_speed: 2)\n' "$scale" "${SHOTS_MARGIN:-0}" > "$saves/settings.ron"
export COME_BUY_SAVE_DIR=$saves
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086 # SHOTS_ARGS is a list of flags
"$bin" --window "$size" ${SHOTS_ARGS:-} --screenshot "$out" --at "$at" >/dev/null 2>"$out.log" &
game=$!
for step in "$@"; do
  sleep "${step%%:*}"
  # No window manager: give the game's window the input focus ourselves.
  wid=$(xdotool search --name "Come Buy" 2>/dev/null | head -1 || true)
  [ -n "$wid" ] && xdotool windowfocus --sync "$wid" >/dev/null 2>&1 || true
  xdotool key --delay 80 "${step#*:}"
done
wait $game
echo "shots: $out"
