#!/usr/bin/env bash
# The table at rest: the desktop game under Xvfb with software Vulkan at 1920x1080, idle at the
# title and at a person's decision in Mýkonos (nothing moving), for 20 s each. Prints the CPU
# it used (percent of one core, from /proc) and how long a key press took to be read once the
# app slept (the time from xdotool's press to the game's log line, and the frames around it).
# Then an online table (a host's lobby alone, a friend choosing a seat, the host's lobby with
# them, the host waiting for the friend's move, the friend waiting for the host's, the host
# after the friend's app went away). Fails if any idle state uses more than 10% of a core.
#   scripts/idle.sh [OUT_DIR]   (default target/idle)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/idle}
bash scripts/setup.sh --screens
profile=${COME_BUY_PROFILE:-dev}
cargo build --profile "$profile" --workspace --bins
bin=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/$([ "$profile" = dev ] && echo debug || echo "$profile")/come-buy
rm -rf "$out" && mkdir -p "$out/save"
printf '(anim_speed: 2, language: Some("en"), master_volume: 0.0)\n' > "$out/save/settings.ron"
. scripts/xvfb.sh
start_xvfb 110 1920x1080 || exit 1
game=""
trap 'kill $xvfb $game 2>/dev/null || true' EXIT
tick=$(getconf CLK_TCK)

# CPU seconds (user + system) the process has used so far.
cpu() { awk -v t="$tick" '{ print ($14 + $15) / t }' "/proc/$1/stat"; }

# Waits for a line in the log.
wait_for() {
  for _ in $(seq 600); do grep -q "$1" "$2" && return 0; kill -0 "$game" 2>/dev/null || return 1; sleep 0.2; done
  return 1
}

# Measures 20 s of rest once the motion after the last change has ended (the ambient motion
# runs 2.5 s after any activity; an unoptimized build on a busy machine draws those frames
# slowly, so it waits, up to 30 s, for a second with under 5% of a core); prints the percent.
rest() {
  sleep 3
  local a b
  for _ in $(seq 30); do
    a=$(cpu "$game"); sleep 1; b=$(cpu "$game")
    python3 -c "import sys; sys.exit(0 if $b - $a < 0.05 else 1)" && break
  done
  a=$(cpu "$game"); sleep 20; b=$(cpu "$game")
  python3 -c "print(f'{($b - $a) / 20 * 100:.1f}')"
}

focus() {
  local wid
  wid=$(xdotool search --name "Come Buy" 2>/dev/null | head -1 || true)
  [ -n "$wid" ] && xdotool windowfocus --sync "$wid" >/dev/null 2>&1 || true
}

# Presses KEY after the app has slept a while; prints the ms until the game read it.
latency() {
  local key=$1 log=$2 before sent seen
  sleep 2
  before=$(grep -c "input: key" "$log" || true)
  sent=$(date +%s.%N)
  xdotool key "$key"
  for _ in $(seq 100); do
    [ "$(grep -c "input: key" "$log" || true)" -gt "$before" ] && break
    sleep 0.01
  done
  seen=$(grep "input: key" "$log" | tail -1 | grep -o '^[^ ]*' | sed 's/\x1b\[[0-9;]*m//g')
  python3 -c "
import datetime
sent = float('$sent')
seen = datetime.datetime.fromisoformat('$seen'.replace('Z', '+00:00')).timestamp()
print(f'{(seen - sent) * 1000:.0f}')"
}

# 1. The title.
COME_BUY_SAVE_DIR="$out/save" RUST_LOG="info,come_buy::nav=debug,come_buy::table::kit::choice=debug" NO_COLOR=1 \
  "$bin" --window 1920x1080 >"$out/title.log" 2>&1 &
game=$!
wait_for "first frame drawn" "$out/title.log" || { cat "$out/title.log" >&2; exit 1; }
focus
title=$(rest)
lat=()
for k in Down Up Down Up Down; do lat+=("$(latency "$k" "$out/title.log")"); done
kill $game; wait $game 2>/dev/null || true

# 2. A person's decision in Mýkonos (Ana against a Normal bot).
cat > "$out/save/setup.ron" <<'RON'
(game: "mykonos", seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("normal"))], variant: 0)
RON
rm -f "$out/save/autosave-"*
COME_BUY_SAVE_DIR="$out/save" RUST_LOG="info,come_buy::nav=debug,come_buy::table::kit::choice=debug" NO_COLOR=1 \
  "$bin" --play --window 1920x1080 >"$out/turn.log" 2>&1 &
game=$!
wait_for "choice: seat 0 decides" "$out/turn.log" || { tail -20 "$out/turn.log" >&2; exit 1; }
focus
turn=$(rest)
kill $game; wait $game 2>/dev/null || true

# 3. Online: a host's lobby with nobody there yet (a Duchess duel, seat 2 an online friend),
# then a friend's Join a table, choosing a seat, and the host's lobby with them in it; both
# apps on this machine, meeting at a signaling server of their own (the binary's).
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" --serve-signal "$port" >"$out/signal.log" 2>&1 &
signaller=$!
trap 'kill $xvfb $game $signaller ${friend:-} 2>/dev/null || true' EXIT
cat > "$out/save/setup.ron" <<'RON'
(game: "duchess", seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("online"))], variant: 0)
RON
rm -f "$out/save/autosave-"*
COME_BUY_SAVE_DIR="$out/save" RUST_LOG="info,come_buy::nav=debug,come_buy::table::kit::choice=debug" NO_COLOR=1 \
  "$bin" --play --signal "ws://127.0.0.1:$port" --window 1280x720 >"$out/host.log" 2>&1 &
game=$!
wait_for "online: room .* open at" "$out/host.log" || { tail -20 "$out/host.log" >&2; exit 1; }
code=$(grep -o "online: room [A-Z0-9]* open" "$out/host.log" | head -1 | awk '{print $3}')
lobby=$(rest)
mkdir -p "$out/friend"
printf '(anim_speed: 2, language: Some("en"), master_volume: 0.0)\n' > "$out/friend/settings.ron"
host=$game
COME_BUY_SAVE_DIR="$out/friend" RUST_LOG="info,come_buy::nav=debug,come_buy::table::kit::choice=debug" NO_COLOR=1 \
  "$bin" --join "$code" --signal "ws://127.0.0.1:$port" --window 1280x720 >"$out/friend.log" 2>&1 &
friend=$!
game=$friend
wait_for "online: the host answered" "$out/friend.log" || { tail -20 "$out/friend.log" >&2; exit 1; }
joining=$(rest)
game=$host
both=$(rest)

# 4. The match: the friend picks the first open seat (Enter), the host says yes and starts
# (Enter, Enter). Then whoever is to act presses Enter (the safe default) until each side has
# been measured waiting for the other's move; then, at the friend's turn, the friend's app
# goes away and the host's table waits for it.
# press PID KEY: KEY to that app's window, until the app's log says it read a key. Two windows
# on an Xvfb with no window manager: when giving one the focus does not take, xdotool falls back
# to a synthetic event that winit does not read, so a press the app never saw is sent again (at
# most 5 times); a press the app read is never repeated.
press() {
  local w log before
  log=$([ "$1" = "$friend" ] && echo "$out/friend.log" || echo "$out/host.log")
  for try in 1 2 3 4 5; do
    w=$(xdotool search --pid "$1" 2>/dev/null | tail -1 || true)
    before=$(grep -c "input: key" "$log" || true)
    if [ -n "$w" ]; then
      xdotool windowfocus --sync "$w" >/dev/null 2>&1 || true
      xdotool key --window "$w" "$2" || true
    fi
    for _ in $(seq 25); do
      [ "$(grep -c "input: key" "$log" || true)" -gt "$before" ] && return 0
      sleep 0.2
    done
    echo "idle: $2 to $(basename "$log" .log)'s window was not read (try $try)" >&2
  done
  return 1
}
fail() {
  echo "idle: $1" >&2
  # Whether each app still runs, and the WebRTC stack's last words apart from the app's (a
  # message that never arrived shows there, if anywhere).
  for p in host friend; do
    kill -0 "${!p}" 2>/dev/null && echo "idle: the $p's app still runs" >&2 || echo "idle: the $p's app has ended" >&2
  done
  for f in host friend; do
    echo "--- $f.log" >&2; grep -v "rtc\|ALSA" "$out/$f.log" | tail -25 >&2
    echo "--- $f.log, WebRTC" >&2; grep "rtc" "$out/$f.log" | tail -8 >&2
  done
  exit 1
}
press "$friend" Return || fail "the friend's app never read Enter"
wait_for "online: a friend asks for seat" "$out/host.log" || fail "the friend's Enter asked for no seat"
sleep 1; press "$host" Return || fail "the host's app never read Enter"
wait_for "online: seat . given" "$out/host.log" || fail "the host's Enter gave no seat"
sleep 1; press "$host" Return || fail "the host's app never read Enter"
wait_for "online: room .* starts" "$out/host.log" || fail "the host's Enter did not start the room"
# Who acts at the host's latest step: "host", "friend" or "" (not yet known). A side acts when
# its log's last step line is followed by "choice: seat N decides" (the friend's world is the
# host's, so its own step count is not the host's: it says which step it has by "step N here").
mover() {
  local n h f
  n=$(grep -o "online: step [0-9]* sent" "$out/host.log" | tail -1 | awk '{print $3}')
  h=$(grep -E "online: step [0-9]+ sent|choice: seat 0 decides" "$out/host.log" | tail -1)
  f=$(grep -E "online: step [0-9]+ here|choice: seat 1 decides" "$out/friend.log" | tail -1)
  if [[ $h == *"decides"* ]]; then echo host
  elif [[ $f == *"decides"* ]] && grep -E "online: step [0-9]+ here" "$out/friend.log" | tail -1 | grep -q "step $n here"; then echo friend
  fi
}
host_waits="" friend_waits="" dropped=""
for _ in $(seq 40); do
  who=""
  for _ in $(seq 150); do who=$(mover); [ -n "$who" ] && break; sleep 0.2; done
  [ -n "$who" ] || fail "nobody came to act"
  if [ "$who" = friend ]; then
    if [ -z "$host_waits" ]; then game=$host; host_waits=$(rest)
    elif [ -n "$friend_waits" ]; then
      kill "$friend"; wait "$friend" 2>/dev/null || true
      game=$host
      wait_for "online: a peer's link went down" "$out/host.log" || fail "the host never saw the friend go"
      dropped=$(rest); break
    fi
  elif [ -z "$friend_waits" ]; then game=$friend; friend_waits=$(rest)
  fi
  steps=$(grep -c "online: step [0-9]* sent" "$out/host.log")
  if [ "$who" = host ]; then press "$host" Return || fail "the host's app never read Enter"
  else press "$friend" Return || fail "the friend's app never read Enter"; fi
  for _ in $(seq 50); do [ "$(grep -c "online: step [0-9]* sent" "$out/host.log")" -gt "$steps" ] && break; sleep 0.2; done
done
[ -n "$dropped" ] || fail "the match never reached each state"
kill $host $signaller 2>/dev/null; wait $host 2>/dev/null || true
game=""

echo "idle: the title at rest used ${title}% of a core over 20 s; a person's decision in Mýkonos ${turn}%"
echo "idle: online: a host's lobby alone ${lobby}%; a friend choosing a seat ${joining}%, the host's lobby with them ${both}%"
echo "idle: online: the host at the friend's turn ${host_waits}%; the friend at the host's turn ${friend_waits}%; the host after the friend dropped ${dropped}%"
echo "idle: a key press read after the app had slept: ${lat[*]} ms"
python3 -c "import sys; sys.exit(0 if max($title, $turn, $lobby, $joining, $both, $host_waits, $friend_waits, $dropped) <= 10.0 else 1)" \
  || { echo "idle: more than 10% of a core at rest" >&2; exit 1; }
echo "idle: ok"
