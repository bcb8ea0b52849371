#!/usr/bin/env bash
# Starts the Windows build under Wine with software rendering (Xvfb + lavapipe through Wine's
# Vulkan) and saves the title screen and a table in play, to check the Windows download here.
#   scripts/wine-check.sh [OUT_DIR [EXE]]   (default target/wine; starts EXE if given, else
#                          dist/come-buy-windows.zip when it exists, else builds the executable)
# Wine notes (Debian 12's Wine 8): its Direct3D 12 cannot compile wgpu's shaders, so the run
# asks wgpu for Vulkan (WGPU_BACKEND=vulkan); winit's monitor query fails on Wine's X11 display
# modes, so the game runs inside a Wine virtual desktop; Wine 8 lacks bcryptprimitives.dll,
# which Rust needs, so a small stand-in is built from scripts/wine/ beside the executable.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/wine}
bash scripts/setup.sh --wine
mkdir -p "$out"
out=$(cd "$out" && pwd)
run=$(mktemp -d)
trap 'kill ${xvfb:-} 2>/dev/null || true; WINEPREFIX="$run/prefix" /usr/lib/wine/wineserver -k 2>/dev/null || true; rm -rf "$run"' EXIT

if [ -n "${2:-}" ]; then
  mkdir -p "$run/come-buy" && cp "$2" "$run/come-buy/come-buy.exe"
  echo "wine-check: $2"
elif [ -f dist/come-buy-windows.zip ]; then
  (cd "$run" && unzip -q "$OLDPWD/dist/come-buy-windows.zip")
  echo "wine-check: dist/come-buy-windows.zip"
else
  cargo build --release --target x86_64-pc-windows-gnu --bin come-buy
  target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  mkdir -p "$run/come-buy" && cp "$target_dir/x86_64-pc-windows-gnu/release/come-buy.exe" "$run/come-buy/"
  echo "wine-check: the release executable"
fi
x86_64-w64-mingw32-gcc -shared -O2 -o "$run/come-buy/bcryptprimitives.dll" \
  scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32

display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1920x1080x24 >/dev/null 2>&1 &
xvfb=$!
sleep 2
export DISPLAY=$display WINEPREFIX="$run/prefix" WINEDEBUG=-all WGPU_BACKEND=vulkan
# The game's own folder for saves and settings inside the prefix, so it starts fresh each run.
wine_game() { # log, then the game's arguments
  local log=$1; shift
  (cd "$run/come-buy" && timeout 600 /usr/lib/wine/wine64 explorer /desktop=comebuy,1920x1080 \
    ./come-buy.exe "$@") >"$log" 2>&1
}
status=0
wine_game "$out/title.log" --window 1280x720 --screenshot title.png --at 10 || status=$?
cp "$run/come-buy/title.png" "$out/title.png" 2>/dev/null || true
wine_game "$out/autoplay.log" --window 1280x720 --autoplay mykonos --players 2 --seed 3 \
  --speed instant --screenshots 'Z:'"${out//\//\\}"'\mykonos' || status=$?
for f in "$out/title.png" "$out/mykonos/"*.png; do [ -f "$f" ] && echo "wine-check: $f"; done
if [ $status != 0 ] || [ ! -f "$out/title.png" ] || grep -q "panicked" "$out"/*.log; then
  echo "wine-check: FAILED (status $status; logs in $out)" >&2
  exit 1
fi
echo "wine-check: ok (adapter: $(grep -o 'name: "[^"]*"' "$out/title.log" | head -1))"
