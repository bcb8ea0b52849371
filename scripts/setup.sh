#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build, test and run Come Buy.
# Idempotent: it only installs what is missing.
# Usage: scripts/setup.sh [--desktop] [--web] [--screens] [--windows] [--wine] [--no-bindgen]
#   (no flag)  the Rust toolchain check and the C libraries the build links against (Bevy:
#              X11, Wayland, ALSA, udev, xkbcommon)
#   --desktop  also the runtime for a window (Vulkan driver)
#   --screens  also Xvfb and Mesa's software Vulkan (lavapipe), for screenshots without a GPU
#   --web      also the wasm32 target, wasm-bindgen, and Chromium for the browser check
#   --wasm     only the wasm32 target (the test command lints the browser build)
#   --browser  only Chromium and Node.js (the phones' check drives a phone's browser)
#   --windows  also the x86_64-pc-windows-gnu target and Debian's mingw-w64 (the Windows build)
#   --wine     also Wine (64-bit), Xvfb and lavapipe, to start the Windows build here
#   --no-bindgen  with --web: the packages only, not wasm-bindgen-cli (the test command installs
#              it beside the native build, where no other apt-get may run)
set -euo pipefail

want_bindgen=1 want_desktop=0 want_web=0 want_screens=0 want_windows=0 want_wine=0 want_browser=0 want_wasm=0
for a in "$@"; do
  case "$a" in
    --desktop) want_desktop=1 ;;
    --web) want_web=1; want_browser=1; want_wasm=1 ;;
    --wasm) want_wasm=1 ;;
    --browser) want_browser=1 ;;
    --screens) want_screens=1 ;;
    --windows) want_windows=1 ;;
    --wine) want_wine=1; want_windows=1 ;;
    --no-bindgen) want_bindgen=0 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }

# Rust: the pinned toolchain is 1.95 (Bevy 0.19's requirements).
if ! command -v cargo >/dev/null 2>&1; then
  [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
fi
if ! command -v cargo >/dev/null 2>&1; then
  say "installing Rust 1.95 through Debian's rustup package"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq rustup >/dev/null \
    || { say "no rustup package: install Rust 1.95 from https://rustup.rs and run this again" >&2; exit 1; }
  rustup toolchain install 1.95 --profile minimal --component rustfmt,clippy
  rustup default 1.95
  export PATH="$HOME/.cargo/bin:$PATH"
fi

# Debian packages, installed only when missing.
pkgs=(pkg-config libx11-dev libasound2-dev libudev-dev libxkbcommon-dev libxkbcommon-x11-0 libwayland-dev)
[ $want_desktop = 1 ] && pkgs+=(libvulkan1 mesa-vulkan-drivers)
[ $want_screens = 1 ] && pkgs+=(xvfb xauth libvulkan1 mesa-vulkan-drivers xdotool)
[ $want_web = 1 ] && pkgs+=(zip)
[ $want_browser = 1 ] && pkgs+=(chromium nodejs python3)
# Debian's npm comes apart from nodejs (other builds of nodejs bring their own).
[ $want_browser = 1 ] && ! command -v npm >/dev/null 2>&1 && pkgs+=(npm)
[ $want_windows = 1 ] && pkgs+=(gcc-mingw-w64-x86-64 zip)
[ $want_wine = 1 ] && pkgs+=(wine64 xvfb xauth libvulkan1 mesa-vulkan-drivers)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ $want_wasm = 1 ]; then
  rustup target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown \
    || { say "adding the wasm32 target"; rustup target add wasm32-unknown-unknown; }
fi
if [ $want_web = 1 ] && [ $want_bindgen = 1 ]; then
  # wasm-bindgen-cli must match the wasm-bindgen version in Cargo.lock.
  want=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock 2>/dev/null || true)
  if [ -n "$want" ] && ! wasm-bindgen --version 2>/dev/null | grep -q " $want"; then
    # Only the wasm-bindgen binary (not the test runner, nor its TLS stack), lightly
    # optimized: 125 s cold on 2 cores instead of 161, and it runs in seconds either way. (Not
    # --locked: the package's lock file names a webpki-roots that the registry here lacks.)
    say "installing wasm-bindgen-cli $want (about 2 minutes)"
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false \
      CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false \
      cargo install wasm-bindgen-cli --version "=$want" --no-default-features \
      --bin wasm-bindgen
  fi
fi
if [ $want_windows = 1 ]; then
  rustup target list --installed 2>/dev/null | grep -q x86_64-pc-windows-gnu \
    || { say "adding the Windows target"; rustup target add x86_64-pc-windows-gnu; }
fi
say "ready"
