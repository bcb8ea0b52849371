#!/usr/bin/env bash
# Takes the README's pictures of the table again (docs/title.png, auction.png, mykonos.png,
# duchess-duel.png, duchess-solo.png) from whole games played by bots, as the test command's
# autoplay plays them (seed 3, the same moments), at 1280x720 under Xvfb: after a change to what
# the table looks like, one command brings the front door up to date. Look at them before
# committing them.
#   scripts/pictures.sh            (COME_BUY_BIN: the game to photograph; default the ci build)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --screens
. scripts/rust-env.sh
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
bin=${COME_BUY_BIN:-$target/ci/come-buy}
[ -x "$bin" ] || cargo build --locked --profile ci -p come-buy
. scripts/xvfb.sh
start_xvfb 93 1280x720 || exit 1
out=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null; rm -rf "$out"' EXIT
# game players dir [extra-args]: one whole game, its moments' pictures in $out/dir.
play() {
  local game=$1 players=$2 dir=$3; shift 3
  echo "pictures: $game, $players player(s) $*"
  timeout 600 "$bin" --autoplay "$game" --players "$players" --seed 3 --speed 4 \
    --screenshots "$out/$dir" --window 1280x720 "$@" >/dev/null 2>"$out/log-$dir.txt" ||
    { echo "pictures: $game did not play to its end ($out/log-$dir.txt)" >&2; tail -5 "$out/log-$dir.txt" >&2; exit 1; }
}
play goblin-market 4 gm
play mykonos 2 my
play duchess 2 duel --variant rainbow --variant gold
play duchess 1 solo
# picture name in docs/ <- the moment's picture.
for pair in title:gm/title auction:gm/auction mykonos:my/placement duchess-duel:duel/play \
  duchess-solo:solo/reveal; do
  from="$out/${pair#*:}.png"
  python3 web/blank_check.py "$from" >/dev/null || { echo "pictures: $from is missing or blank" >&2; exit 1; }
  cp "$from" "docs/${pair%%:*}.png"
  echo "pictures: docs/${pair%%:*}.png"
done
