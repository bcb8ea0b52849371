#!/usr/bin/env bash
# Builds the web version: wasm release -> wasm-bindgen -> (wasm-opt, when available) ->
# Brotli (web/pack.mjs) -> web/dist/ (upload-ready folder) and web/come-buy-web.zip (for
# itch.io). Prints the sizes.
#   WASM_OPT=1 web/build.sh   also runs wasm-opt -Oz from npm's binaryen (about 10 minutes)
#   WEB_PROFILE=web-ci WEB_OUT=DIR web/build.sh   a page for the browser checks (quick to build,
#                                                  larger and slower; no zip)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --web
. scripts/rust-env.sh
profile=${WEB_PROFILE:-web-release}
dist=${WEB_OUT:-web/dist}
cargo build --profile "$profile" --target wasm32-unknown-unknown --bin come-buy
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
wasm="$target_dir/wasm32-unknown-unknown/$profile/come-buy.wasm"
rm -rf "$dist" && mkdir -p "$dist"
wasm-bindgen --target web --no-typescript --remove-name-section --out-dir "$dist" --out-name come-buy "$wasm"
if [ "${WASM_OPT:-0}" = 1 ]; then
  # Debian's binaryen 108 produces modules that fail to load; npm's is current.
  [ -x web/node_modules/.bin/wasm-opt ] || (cd web && npm install --silent --no-audit --no-fund)
  web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals "$dist/come-buy_bg.wasm" -o "$dist/come-buy_bg.wasm"
fi
cp web/index.html "$dist/index.html"
if [ "$dist" != web/dist ]; then
  echo "web build ($profile): $(du -cb "$dist"/* | tail -1 | cut -f1) bytes raw in $dist"
  exit 0
fi
rm -f web/come-buy-web.zip
# The game Brotli-packed, with the decoder for hosts that do not unpack it (web/pack.mjs).
unpacked=$(stat -c %s web/dist/come-buy_bg.wasm)
unpacked_gz=$(gzip -9 -c web/dist/come-buy_bg.wasm | wc -c)
[ -d web/node_modules/brotli-dec-wasm ] || (cd web && npm install --silent --no-audit --no-fund)
node web/pack.mjs web/dist
# The page's own files, measured before the notices join them: on disk, and what a browser
# downloads (the packed game as it is, the rest gzipped as hosts send it; the decoder's
# licences are not fetched). The decoder counts although a host that serves Brotli itself
# never sends it.
raw=$(find web/dist -type f -printf '%s\n' | awk '{s+=$1} END {print s}')
gz=$(find web/dist -type f ! -name 'LICENSE*' | while read -r f; do case "$f" in *.br) stat -c %s "$f" ;; *) gzip -9 -c "$f" | wc -c ;; esac; done | awk '{s+=$1} END {print s}')
# The licences and the credits beside the page (scripts/notices.sh), checked in the zip.
. scripts/notices.sh
notices web/dist
(cd web/dist && zip -q -9 -r ../come-buy-web.zip .)
python3 scripts/zipcheck.py web/come-buy-web.zip
zip=$(stat -c %s web/come-buy-web.zip)
printf 'web build: the game %s bytes unpacked (gzipped it would be %s); the page %s bytes on disk (%.2f MB), %s bytes downloaded (%.2f MB), zip %.2f MB\n' \
  "$unpacked" "$unpacked_gz" "$raw" "$(echo "$raw/1048576" | bc -l)" "$gz" "$(echo "$gz/1048576" | bc -l)" "$(echo "$zip/1048576" | bc -l)"
echo "folder: web/dist  zip: web/come-buy-web.zip"
