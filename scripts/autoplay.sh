#!/usr/bin/env bash
# Plays whole games with bots under Xvfb and Mesa's software Vulkan (no GPU needed), saving
# screenshots; fails if the game exits non-zero or a screenshot is blank.
#   scripts/autoplay.sh [OUT_DIR] [--release]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/autoplay}
profile=${COME_BUY_PROFILE:-dev}; [ "${2:-}" = --release ] && profile=release
bash scripts/setup.sh --screens
# Every binary of the workspace at once: the features the tests built them with (one package
# alone unifies its dependencies' features differently and compiles them again).
cargo build --profile "$profile" --workspace --bins
bin_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/$([ "$profile" = dev ] && echo debug || echo "$profile")
# A display number nobody uses, ready before the game starts.
. scripts/xvfb.sh
start_xvfb 90 1920x1080 || exit 1
trap 'kill $xvfb 2>/dev/null' EXIT
rm -rf "$out" && mkdir -p "$out"
# game players name shots [extra-args]: a whole game, then the screenshots it must have taken.
# At 1920x1080, or at WINDOW: each game once at 1080p, once at 1280x720 (software Vulkan draws
# the smaller window for half the processor time: 39 s against 74 s for the Italian Mýkonos).
run() {
  local game=$1 players=$2 name=$3 shots=$4 window=${WINDOW:-1920x1080}; shift 4
  local dir="$out/$name"
  echo "autoplay: $game, $players player(s) $* at $window -> $dir"
  timeout 600 "$bin_dir/come-buy" --autoplay "$game" --players "$players" --seed 3 --speed 4 \
    --screenshots "$dir" --window "$window" "$@" 2>"$out/log-$name.txt" | grep '^autoplay' \
    | tee "$out/out-$name.txt"
  for shot in $shots; do
    python3 web/blank_check.py "$dir/$shot.png" >/dev/null || { echo "autoplay: $name/$shot.png is missing or blank" >&2; exit 1; }
  done
}
run goblin-market 4 goblin-market-4 "title auction coins log results replay"
# The first match again from its match code: `come-buy --watch CODE` opens the replay.
code=$(sed -n 's/^autoplay: match code //p' "$out/out-goblin-market-4.txt")
[ -n "$code" ] || { echo "autoplay: no match code printed" >&2; exit 1; }
echo "autoplay: --watch (a code of ${#code} characters) -> $out/watch.png"
timeout 300 "$bin_dir/come-buy" --watch "$code" --window 1280x720 --screenshot "$out/watch.png" \
  --at 6 2>"$out/log-watch.txt"
python3 web/blank_check.py "$out/watch.png" >/dev/null || { echo "autoplay: watch.png is missing or blank" >&2; exit 1; }
grep -q "screen: Table" "$out/log-watch.txt" || { echo "autoplay: --watch did not open the table" >&2; exit 1; }
# A Mýkonos match played by an engine client over come-buy-sim's line protocol (its record
# names no seat) opens in the game from its code: Seat 1, Seat 2, Seat 3.
python3 - "$bin_dir/come-buy-sim" "$out/served.ron" <<'PY'
import json, subprocess, sys
sim, record = sys.argv[1], sys.argv[2]
p = subprocess.Popen([sim, "serve", "--game", "mykonos", "--players", "3", "--seed", "9",
                      "--record", record], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
while True:
    line = json.loads(p.stdout.readline())
    if line.get("over"):
        break
    p.stdin.write(json.dumps(line["legal_actions"][0]) + "\n")
    p.stdin.flush()
p.stdin.close()
sys.exit(p.wait())
PY
served=$("$bin_dir/come-buy-sim" code encode "$out/served.ron")
echo "autoplay: --watch a served record's code -> $out/served.png"
timeout 300 "$bin_dir/come-buy" --watch "$served" --window 1280x720 --screenshot "$out/served.png" \
  --at 6 2>"$out/log-served.txt"
python3 web/blank_check.py "$out/served.png" >/dev/null || { echo "autoplay: served.png is missing or blank" >&2; exit 1; }
grep -q "screen: Table" "$out/log-served.txt" || { echo "autoplay: a served record's code did not open" >&2; exit 1; }
# A guided first game's first caption: `come-buy --guided ID` puts it on the table.
echo "autoplay: --guided goblin_market -> $out/guided.png"
timeout 300 "$bin_dir/come-buy" --guided goblin_market --window 1280x720 \
  --screenshot "$out/guided.png" --at 6 2>"$out/log-guided.txt"
python3 web/blank_check.py "$out/guided.png" >/dev/null || { echo "autoplay: guided.png is missing or blank" >&2; exit 1; }
grep -q "guided game goblin_market" "$out/log-guided.txt" || { echo "autoplay: --guided did not start the guided game" >&2; exit 1; }
# Today's deal from the command line: `come-buy --daily mykonos` deals the day's try (in a
# fresh save folder, where the day is untouched) with the seed `come-buy-sim daily` gives for
# the same date.
echo "autoplay: --daily mykonos -> $out/daily.png"
daily_saves=$(mktemp -d)
COME_BUY_SAVE_DIR=$daily_saves timeout 300 "$bin_dir/come-buy" --daily mykonos --window 1280x720 \
  --screenshot "$out/daily.png" --at 6 2>"$out/log-daily.txt"
rm -rf "$daily_saves"
python3 web/blank_check.py "$out/daily.png" >/dev/null || { echo "autoplay: daily.png is missing or blank" >&2; exit 1; }
dealt=$(sed -n "s/.*deal of the day: mykonos (day [0-9]*, \([-0-9]*\), seed \([0-9]*\), 0 moves): the day's try.*/\1 \2/p" "$out/log-daily.txt" | head -1)
[ -n "$dealt" ] || { echo "autoplay: --daily mykonos did not deal the day's try" >&2; exit 1; }
read -r day seed <<<"$dealt"
want=$("$bin_dir/come-buy-sim" daily --date "$day" | python3 -c 'import json,sys; print(next(d["seed"] for d in map(json.loads, sys.stdin) if d["deal"] == "mykonos"))')
[ "$want" = "$seed" ] || { echo "autoplay: --daily dealt seed $seed for $day, come-buy-sim daily says $want" >&2; exit 1; }
echo "autoplay: --daily mykonos dealt the day's try of $day (seed $seed, as come-buy-sim daily)"
run mykonos 2 mykonos-2 "placement purchase sale final log results"
run duchess 2 duchess-duel "play reveal results" --variant rainbow --variant gold
WINDOW=1280x720 run duchess 1 duchess-solo "look reveal results"
# The other languages, windowed: every word of a whole game said in Spanish and in Italian.
WINDOW=1280x720 run goblin-market 3 goblin-market-es "auction results" --lang es
WINDOW=1280x720 run mykonos 3 mykonos-it "purchase sale results" --lang it
# Every game of the catalog was played above (a new game adds its runs here).
for game in $("$bin_dir/come-buy-sim" games | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)))'); do
  ls "$out"/out-"$game"-*.txt >/dev/null 2>&1 \
    || { echo "autoplay: the catalog's $game was not played: add a run for it" >&2; exit 1; }
done
echo "autoplay: ok, screenshots in $out"
