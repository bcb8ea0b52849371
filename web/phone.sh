#!/usr/bin/env bash
# Phones as private hands, end to end: the desktop game runs a Mýkonos table (Ana, a person,
# and two Normal bots, at instant speed) under Xvfb with its phones' page on; headless
# Chromium, as Ana's phone, is refused with a wrong room code, then asks for her seat, gets
# nothing of it until the TV says yes (a key press on the TV, by xdotool), and plays all her
# decisions to the end of the game (web/phone.mjs). Checks the TV's log too: Ana's seat went
# to the phone, no hand-over was asked for it, and the table reached the results. Then a
# neighbour attacks the page through the real socket (web/phone_attack.py: foreign Origin, a
# claim without the TV's yes, oversized messages, a flood, guessed codes) and every attack
# must fail; its figures are printed. Then a Duchess duel's seat is played from a phone the same
# way (the jeweller's cards). Every decision's screen is checked (web/phone.mjs: no card under
# the page's smallest size, no text outside its box, none under WCAG's contrast, upright and
# sideways) and pictured.
# Then both seats again from Firefox (Debian's firefox-esr, headless, through puppeteer-core
# over WebDriver BiDi) and from WebKit, Safari's engine (Debian's WebKitWebDriver and
# MiniBrowser, on the Xvfb display: it has no headless mode), each game at a TV of its own
# (web/phone_browsers.mjs): refused a wrong code, the seat after the TV's yes, its proof when it
# loads again, every decision tapped and its screen checked as in Chromium (the CPU-slowed
# stretch, the TV-to-screen times and the attacks are Chromium's only: the page's code and the
# TV's server are the same in every browser). Each browser prints its figures for each game:
# the seat's time (the TV's yes included), its decisions, and the time to the results.
# No wait has a fixed number of seconds: each fails when the TV's log stops growing and the
# game uses no CPU for two minutes, or it spends 600 CPU seconds without a line (web/progress.mjs;
# the game's own `timeout` is a last resort of 45 minutes).
#   web/phone.sh [OUT_DIR]   (default target/phone; COME_BUY_BIN: a game already built, else
#                             the workspace's binaries are built with COME_BUY_PROFILE;
#                             PHONE_BROWSERS: which of "chromium firefox webkit", all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/phone}
browsers=" ${PHONE_BROWSERS:-chromium firefox webkit} "
bash scripts/setup.sh --screens --browser
[ -d web/node_modules/playwright-core ] && [ -d web/node_modules/puppeteer-core ] || (cd web && npm install --silent --no-audit --no-fund)
profile=${COME_BUY_PROFILE:-dev}
if [ -n "${COME_BUY_BIN:-}" ]; then
  bin=$COME_BUY_BIN
else
  cargo build --profile "$profile" --workspace --bins
  bin=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/$([ "$profile" = dev ] && echo debug || echo "$profile")/come-buy
fi
rm -rf "$out" && mkdir -p "$out/save"
cat > "$out/save/settings.ron" <<'RON'
(anim_speed: 3, language: Some("en"), master_volume: 0.0)
RON
. scripts/xvfb.sh
start_xvfb 90 1920x1080 || exit 1
tv=""
trap 'kill $xvfb $tv 2>/dev/null || true' EXIT

# start_tv LOG < SETUP: deals a game (a setup.ron, from stdin) on a TV with the phones' page
# on, its log in LOG; waits until its table is up (while the game makes progress: its log or
# its CPU time) and sets `url` (the page's address as the TV shows it), `tv` (timeout's pid)
# and `game` (the game itself, timeout's child).
start_tv() {
  local log=$1 port
  cat > "$out/save/setup.ron"
  rm -f "$out/save/autosave-"*
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("0.0.0.0",0)); print(s.getsockname()[1])')
  COME_BUY_SAVE_DIR="$out/save" NO_COLOR=1 RUST_LOG="info,come_buy::phones=debug" \
    timeout 2700 "$bin" --play --phones "$port" --window 1280x720 >"$log" 2>&1 &
  tv=$!
  node web/progress.mjs log "$log" "$tv" "http://[0-9.]*:$port/\?room=[A-Z]*" "screen: Table" ||
    { echo "phone: the game never served the phones' page at its table ($log)" >&2; exit 1; }
  url=$(grep -o "http://[0-9.]*:$port/?room=[A-Z]*" "$log" | head -1)
  game=$(pgrep -P "$tv" | head -1)
  echo "phone: the TV serves $url"
}

# results LOG: the TV reached its results (while it makes progress). clean LOG: no error in
# its log.
results() {
  node web/progress.mjs log "$1" "$tv" "screen: Results" || { echo "phone: the TV never reached the results ($1)" >&2; exit 1; }
}
clean() {
  if grep -E "ERROR|panicked" "$1"; then echo "phone: errors in the TV's log ($1)" >&2; exit 1; fi
}

if [[ $browsers == *" chromium "* ]]; then
part=$SECONDS
# Mýkonos: Ana and two Normal bots.
start_tv "$out/tv.log" <<'RON'
(game: "mykonos", seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("normal")), (name: "Cleo", color: 2, bot: Some("normal"))], variant: 0)
RON
# The page listens on the network address it shows, as a phone reaches it.
TV_PID=$game TV_LOG="$out/tv.log" node web/phone.mjs "$url" "$out"
grep -q "phones: seat 0 (Ana) plays on a phone" "$out/tv.log" || { echo "phone: the TV never gave Ana's seat to the phone" >&2; exit 1; }
# (The TV reads the door's counts once a frame: wrong codes close together show as one jump.)
grep -Eq "phones: [1-9][0-9]* wrong room code" "$out/tv.log" || { echo "phone: the TV did not count the wrong codes" >&2; exit 1; }
results "$out/tv.log"
python3 web/phone_attack.py "$url" "${game:-$tv}" | tee "$out/attack.log"
clean "$out/tv.log"
echo "phone: the TV reached the results"
kill $tv 2>/dev/null; wait $tv 2>/dev/null || true

# The Duchess duel: Ana's jeweller's cards on the phone (against a Normal bot).
start_tv "$out/tv-duchess.log" <<'RON'
(game: "duchess", seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("normal"))], variant: 0)
RON
TV_PID=$game TV_LOG="$out/tv-duchess.log" node web/phone.mjs "$url" "$out" duchess
results "$out/tv-duchess.log"
clean "$out/tv-duchess.log"
kill $tv 2>/dev/null; wait $tv 2>/dev/null || true
# The TV's move to the phone's screen: from the TV's log of sending a step to the page having
# drawn it (one machine, one clock).
python3 - "$out/tv.log" "$out/phone-mykonos-drawn.json" "$out/tv-duchess.log" "$out/phone-duchess-drawn.json" <<'PY'
import datetime, json, re, sys
args = sys.argv[1:]
gaps = []
for log, drawn in zip(args[::2], args[1::2]):
    sent = {}
    for line in open(log, encoding="utf-8", errors="replace"):
        m = re.match(r"(\S+Z) .*phones: step (\d+) sent to seat", line)
        if m and m.group(2) not in sent:
            sent[m.group(2)] = datetime.datetime.fromisoformat(m.group(1).replace("Z", "+00:00")).timestamp() * 1000
    for step, at in json.load(open(drawn)).items():
        if step in sent:
            gaps.append(at - sent[step])
gaps.sort()
if not gaps:
    sys.exit("phone: no step was both sent and drawn")
q = lambda f: gaps[min(len(gaps) - 1, int(f * len(gaps)))]
print(f"phone: the TV's move on the phone's screen: {len(gaps)} steps, p50 {q(0.5):.0f} ms, p95 {q(0.95):.0f} ms, most {gaps[-1]:.0f} ms (sent to drawn)")
PY
echo "phone: Chromium's part (both games and the attacks) took $((SECONDS - part)) s"
fi

# Both games again, Ana's seat from Firefox and from WebKit.
declare -A tables=(
  [mykonos]='(game: "mykonos", seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("normal")), (name: "Cleo", color: 2, bot: Some("normal"))], variant: 0)'
  [duchess]='(game: "duchess", seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("normal"))], variant: 0)'
)
for browser in firefox webkit; do
  [[ $browsers == *" $browser "* ]] || continue
  part=$SECONDS
  for table in mykonos duchess; do
    log="$out/tv-$browser-$table.log"
    start_tv "$log" <<< "${tables[$table]}"
    TV_PID=$game TV_LOG="$log" node web/phone_browsers.mjs "$browser" "$url" "$out" "$table"
    grep -q "phones: seat 0 (Ana) plays on a phone" "$log" || { echo "phone: the TV never gave Ana's seat to $browser ($log)" >&2; exit 1; }
    results "$log"
    clean "$log"
    kill $tv 2>/dev/null; wait $tv 2>/dev/null || true
  done
  echo "phone: $browser's part (both games) took $((SECONDS - part)) s"
done
echo "phone: ok"
