#!/usr/bin/env bash
# Installs what a fresh Debian (12, 13) or Ubuntu LTS machine lacks to build, test and run Come
# Buy. Idempotent: it only installs what is missing.
# Usage: scripts/setup.sh [--desktop] [--web] [--screens] [--windows] [--wine] [--no-bindgen] [--rust]
#   (no flag)  the Rust toolchain check and the C libraries the build links against (Bevy:
#              X11, Wayland, ALSA, udev, xkbcommon)
#   --desktop  also the runtime for a window (Vulkan driver)
#   --screens  also Xvfb and Mesa's software Vulkan (lavapipe), for screenshots without a GPU
#   --web      also the wasm32 target, wasm-bindgen, and the browsers for the browser checks
#   --wasm     only the wasm32 target (the test command lints the browser build)
#   --browser  only the browsers and Node.js (the phones' check drives a phone's browser):
#              Chromium, Firefox ESR, and WebKitGTK's WebDriver (WebKitWebDriver and its
#              MiniBrowser: Safari's engine); their Node drivers are web/package.json's
#   --windows  also the x86_64-pc-windows-gnu target and Debian's mingw-w64 (the Windows build)
#   --wine     also Wine (64-bit), Xvfb and lavapipe, to start the Windows build here
#   --no-bindgen  with --web: the packages only, not wasm-bindgen-cli (the test command installs
#              it beside the native build, where no other apt-get may run)
#   --rust     only the Rust toolchain
#   SETUP_DRY_RUN=1  say what would be installed, install nothing
# Rust 1.95 or later: kept if found (cargo on PATH or in ~/.cargo/bin); else through rustup if
# there is one (a per-checkout override, the user's default untouched), else Debian's or
# Ubuntu's rustup package, else rustup's installer from PyPI into ~/.cargo; scripts that run
# cargo find it there through scripts/rust-env.sh.
set -euo pipefail

want_rust_only=0 want_bindgen=1 want_desktop=0 want_web=0 want_screens=0 want_windows=0 want_wine=0 want_browser=0 want_wasm=0
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
    --rust) want_rust_only=1 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }

# Rust 1.95 or later (Bevy 0.19's requirement; Cargo.toml's rust-version).
rust_need=1.95
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/rust-env.sh"
# `run CMD...` runs CMD, or with SETUP_DRY_RUN=1 only says it (to try the choices below on a
# machine that must not change).
run() {
  if [ "${SETUP_DRY_RUN:-0}" = 1 ]; then say "would run: $*"; else "$@"; fi
}
as_root() {
  if [ "$(id -u)" = 0 ]; then run "$@"
  elif command -v sudo >/dev/null 2>&1; then run sudo "$@"
  else say "needs root for: $* (no sudo here): run this script as root, or install it yourself" >&2; return 1
  fi
}
# The version of the Rust that cargo on PATH runs (empty if none).
rust_version() { { rustc --version 2>/dev/null || true; } | awk '{print $2}' | cut -d- -f1; }
# Whether version $1 is at least $2.
at_least() { [ -n "$1" ] && [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }
apt_has() { apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/{print $2}' | grep -qv '(none)'; }
# rustup's own installer, from PyPI (the unofficial `rustup` package ships rustup's binary,
# which installs itself as rustup-init when called by that name), for a system without a
# rustup package (Debian 12, Ubuntu 22.04). It installs into ~/.cargo, for this user only.
rustup_from_pypi() {
  if ! python3 -m pip --version >/dev/null 2>&1; then
    say "installing python3-pip (to fetch rustup's installer from PyPI)"
    as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null || return 1
  fi
  local tmp
  tmp=$(mktemp -d)
  say "fetching rustup's installer from PyPI (the rustup package)"
  run python3 -m pip download -q --no-deps --only-binary=:all: --dest "$tmp" "rustup>=1.28,<2" || { rm -rf "$tmp"; return 1; }
  if [ "${SETUP_DRY_RUN:-0}" = 1 ]; then
    say "would run: rustup-init -y --profile minimal --default-toolchain $rust_need --component rustfmt,clippy"
    rm -rf "$tmp"; return 0
  fi
  python3 -m zipfile -e "$tmp"/rustup-*.whl "$tmp/wheel"
  local bin
  bin=$(find "$tmp/wheel" -path '*.data/scripts/rustup' -type f | head -1)
  [ -n "$bin" ] || { say "the rustup package held no rustup binary" >&2; rm -rf "$tmp"; return 1; }
  cp "$bin" "$tmp/rustup-init" && chmod +x "$tmp/rustup-init"
  # It adds ~/.cargo/bin to the login's PATH (~/.profile) for later shells, as rustup does.
  "$tmp/rustup-init" -y --profile minimal --default-toolchain "$rust_need" --component rustfmt,clippy
  local status=$?
  rm -rf "$tmp"
  . "$repo/scripts/rust-env.sh"
  return $status
}
rust_now=$(rust_version)
if at_least "$rust_now" "$rust_need"; then
  :
elif command -v rustup >/dev/null 2>&1; then
  say "Rust ${rust_now:-none} is older than $rust_need: installing $rust_need through rustup"
  run rustup toolchain install "$rust_need" --profile minimal --component rustfmt,clippy
  if rustup default >/dev/null 2>&1; then
    # The user's default stays theirs: only this checkout builds with 1.95.
    run rustup override set "$rust_need" --path "$repo"
  else
    run rustup default "$rust_need"
  fi
else
  say "no Rust $rust_need or later here (found: ${rust_now:-none}); installing it through rustup"
  # Debian 13 and Ubuntu 24.04 package rustup; it conflicts with apt's cargo and rustc, so with
  # those installed (too old) rustup goes into ~/.cargo instead and leaves them alone.
  installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
  got=0
  if command -v apt-get >/dev/null 2>&1 && ! installed cargo && ! installed rustc; then
    as_root apt-get update -qq || true
    if apt_has rustup; then
      say "installing Debian's rustup package"
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustup >/dev/null \
        && run rustup toolchain install "$rust_need" --profile minimal --component rustfmt,clippy \
        && run rustup default "$rust_need" && got=1
    fi
  fi
  if [ $got = 0 ] && rustup_from_pypi; then got=1; fi
  if [ $got = 0 ]; then
    cat >&2 <<TXT
setup: could not install Rust $rust_need here. Install it with the official installer from
setup: https://rustup.rs (rustup), open a new terminal (or run: . "\$HOME/.cargo/env") and run
setup: this script again. It needs Rust $rust_need or later; an older cargo from apt is too old.
TXT
    exit 1
  fi
  . "$repo/scripts/rust-env.sh"
fi
# test.sh formats and lints: rustup adds what a minimal toolchain left out.
if command -v rustup >/dev/null 2>&1 && ! { cargo fmt --version && cargo clippy --version; } >/dev/null 2>&1; then
  run rustup component add rustfmt clippy
fi
if [ $want_rust_only = 1 ]; then
  say "Rust $(rust_version) ($(command -v cargo || echo 'no cargo'))"
  exit 0
fi

# Debian packages, installed only when missing.
pkgs=(pkg-config libx11-dev libasound2-dev libudev-dev libxkbcommon-dev libxkbcommon-x11-0 libwayland-dev)
[ $want_desktop = 1 ] && pkgs+=(libvulkan1 mesa-vulkan-drivers)
[ $want_screens = 1 ] && pkgs+=(xvfb xauth libvulkan1 mesa-vulkan-drivers xdotool)
[ $want_web = 1 ] && pkgs+=(zip)
[ $want_browser = 1 ] && pkgs+=(chromium firefox-esr webkit2gtk-driver nodejs python3)
# Debian's npm comes apart from nodejs (other builds of nodejs bring their own).
[ $want_browser = 1 ] && ! command -v npm >/dev/null 2>&1 && pkgs+=(npm)
[ $want_windows = 1 ] && pkgs+=(gcc-mingw-w64-x86-64 zip)
[ $want_wine = 1 ] && pkgs+=(wine64 xvfb xauth libvulkan1 mesa-vulkan-drivers)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  as_root apt-get update -qq
  # Ubuntu ships Chromium only as a snap (its apt package is a stand-in that needs snapd): the
  # browser checks of the test command need Debian's /usr/bin/chromium; nothing else does.
  # Firefox the same (Ubuntu's is a snap; web/phone.sh drives Debian's firefox-esr).
  for b in chromium firefox-esr; do
    if printf '%s\n' "${missing[@]}" | grep -qx "$b" && ! apt_has "$b"; then
      say "no $b package here (Ubuntu's browsers are snaps): the test command's browser checks need /usr/bin/$b; the game and the other tests do not" >&2
      mapfile -t missing < <(printf '%s\n' "${missing[@]}" | grep -vx "$b" || true)
    fi
  done
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

if [ $want_wasm = 1 ]; then
  rustup target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown \
    || { say "adding the wasm32 target"; run rustup target add wasm32-unknown-unknown; }
fi
if [ $want_web = 1 ] && [ $want_bindgen = 1 ]; then
  # wasm-bindgen-cli must match the wasm-bindgen version in Cargo.lock.
  want=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock 2>/dev/null || true)
  if [ -n "$want" ] && ! wasm-bindgen --version 2>/dev/null | grep -q " $want"; then
    # Only the wasm-bindgen binary (not the test runner, nor its TLS stack), lightly
    # optimized: 125 s cold on 2 cores instead of 161, and it runs in seconds either way. (Not
    # --locked: the package's lock file names a webpki-roots that the registry here lacks.)
    say "installing wasm-bindgen-cli $want (about 2 minutes)"
    run env CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false \
      CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false \
      cargo install wasm-bindgen-cli --version "=$want" --no-default-features \
      --bin wasm-bindgen
  fi
fi
if [ $want_windows = 1 ]; then
  rustup target list --installed 2>/dev/null | grep -q x86_64-pc-windows-gnu \
    || { say "adding the Windows target"; run rustup target add x86_64-pc-windows-gnu; }
fi
say "ready"
