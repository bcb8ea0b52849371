#!/usr/bin/env bash
# Builds the itch.io channels into dist/, versioned from Cargo.toml:
#   dist/come-buy-web.zip      the web build (upload as an HTML game)
#   dist/come-buy-linux.zip    the Linux x86_64 executable, licences, a read-me
#   dist/come-buy-windows.zip  the Windows x86_64 executable (cross-built with mingw-w64), same
#   dist/come-buy-signal-linux.zip  the meeting server for online tables (Linux x86_64), its
#                              systemd unit, Dockerfile and a read-me
#   dist/cover.png (630x500) and dist/screenshots/ from the autoplay's 1920x1080 pictures
# and checks the web page in Chromium, Firefox ESR and WebKit (web/smoke.sh, SMOKE_BROWSERS).
# Usage: scripts/release.sh [--skip-web] [--skip-windows] [--skip-shots]
set -euo pipefail
cd "$(dirname "$0")/.."
skip_web=0 skip_windows=0 skip_shots=0
for a in "$@"; do
  case "$a" in
    --skip-web) skip_web=1 ;;
    --skip-windows) skip_windows=1 ;;
    --skip-shots) skip_shots=1 ;;
    *) echo "release.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
# The licences and credits every zip carries (scripts/zipcheck.py checks them at the end).
. scripts/notices.sh
version=$(awk -F'"' '/^version = /{print $2; exit}' Cargo.toml)
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
rm -rf dist && mkdir -p dist
echo "release: Come Buy $version"

readme() { # platform executable
  cat <<TXT
Come Buy $version ($1)

A card table for three small card games: Goblin Market (3-6 players), The Duchess's
Necklace (1-2) and Mykonos (2-4), alone against bots or together on one screen.

Start: run $2. Keyboard, mouse, touch or a gamepad; Esc or Start opens the menu, H asks
for a hint. Saves and settings are kept in your user's settings folder
(Linux: ~/.config/come-buy, Windows: %APPDATA%\\come-buy\\config).

Credits and licences: CREDITS.md (who designed the games, and which licence covers
which file), LICENSE (our code, MIT) and fonts/ (the fonts' own open licences). The
Decktet's card names are P.D. Magnus's, under Creative Commons BY-NC-SA 3.0.
TXT
}

pack() { # platform executable-path name-in-zip
  local platform=$1 exe=$2 name=$3 dir
  dir=$(mktemp -d)
  mkdir -p "$dir/come-buy"
  cp "$exe" "$dir/come-buy/$name"
  # The symbols stay in the build folder (for crash reports); players download without them.
  case "$platform" in
    linux) strip "$dir/come-buy/$name" ;;
    windows) x86_64-w64-mingw32-strip "$dir/come-buy/$name" ;;
  esac
  echo "release: $name $(stat -c %s "$dir/come-buy/$name") bytes stripped"
  notices "$dir/come-buy"
  readme "$platform" "$name" > "$dir/come-buy/README.txt"
  (cd "$dir" && zip -q -9 -r "$OLDPWD/dist/come-buy-$platform.zip" come-buy)
  rm -rf "$dir"
  echo "release: dist/come-buy-$platform.zip $(stat -c %s "dist/come-buy-$platform.zip") bytes"
}

bash scripts/setup.sh
. scripts/rust-env.sh
cargo build --release --bin come-buy
pack linux "$target_dir/release/come-buy" come-buy

# The meeting server a web page's players meet through (no game, no graphics libraries).
cargo build --release --locked -p come-buy-online --features server --bin come-buy-signal
signal_dir=$(mktemp -d)
mkdir -p "$signal_dir/come-buy-signal"
cp "$target_dir/release/come-buy-signal" "$signal_dir/come-buy-signal/"
strip "$signal_dir/come-buy-signal/come-buy-signal"
cp deploy/come-buy-signal.service deploy/Dockerfile "$signal_dir/come-buy-signal/"
notices "$signal_dir/come-buy-signal" --no-fonts
cat > "$signal_dir/come-buy-signal/README.txt" <<TXT
come-buy-signal $version (Linux x86_64): the meeting server of Come Buy's online tables.

Run ./come-buy-signal --help for its settings; come-buy-signal.service is a systemd unit for
it. Deploying (TLS in front, the web page built to use it): docs/online.md in the source.
TXT
(cd "$signal_dir" && zip -q -9 -r "$OLDPWD/dist/come-buy-signal-linux.zip" come-buy-signal)
rm -rf "$signal_dir"
echo "release: dist/come-buy-signal-linux.zip $(stat -c %s dist/come-buy-signal-linux.zip) bytes (the meeting server: name it in the release notes)"

if [ $skip_windows = 0 ]; then
  bash scripts/setup.sh --windows
  cargo build --release --target x86_64-pc-windows-gnu --bin come-buy
  pack windows "$target_dir/x86_64-pc-windows-gnu/release/come-buy.exe" come-buy.exe
fi

if [ $skip_web = 0 ]; then
  bash web/build.sh
  cp web/come-buy-web.zip dist/come-buy-web.zip
  echo "release: dist/come-buy-web.zip $(stat -c %s dist/come-buy-web.zip) bytes"
  # The release page in the three browsers side by side (web/smoke.sh is not in the test
  # command): Chromium's whole smoke, then Firefox ESR and WebKit each reach the title and play
  # two moves; each prints its first frame (docs/performance.md). The screenshots go to the
  # build folder, not to dist/.
  mkdir -p "$target_dir/release-smoke"
  SMOKE_BROWSERS="chromium firefox webkit" bash web/smoke.sh "$target_dir/release-smoke/smoke.png"
fi

if [ $skip_shots = 0 ]; then
  [ -d target/autoplay/goblin-market-4 ] || bash scripts/autoplay.sh
  mkdir -p dist/screenshots
  cp target/autoplay/goblin-market-4/auction.png dist/screenshots/goblin-market.png
  cp target/autoplay/mykonos-2/sale.png dist/screenshots/mykonos.png
  cp target/autoplay/duchess-duel/reveal.png dist/screenshots/duchess.png
  cp target/autoplay/goblin-market-4/title.png dist/screenshots/title.png
  dpkg-query -W -f='${Status}' python3-pil 2>/dev/null | grep -q "install ok installed" \
    || { sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"; DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3-pil >/dev/null; }
  # The cover: the title screen's middle, scaled to itch.io's 630x500.
  # Debian's own Python, where python3-pil lives (a pyenv python3 earlier on PATH lacks it).
  py=/usr/bin/python3; [ -x "$py" ] || py=python3
  "$py" - <<'PY'
from PIL import Image
im = Image.open("dist/screenshots/title.png").convert("RGB")
w, h = im.size
target = 630 / 500
cw = min(w, int(h * target))
ch = int(cw / target)
left, top = (w - cw) // 2, (h - ch) // 2
im.crop((left, top, left + cw, top + ch)).resize((630, 500), Image.LANCZOS).save("dist/cover.png")
print("release: dist/cover.png 630x500")
PY
fi
python3 scripts/zipcheck.py dist/*.zip
echo "release: done, in dist/"
