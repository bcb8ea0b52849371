# Sourced by scripts/release.sh and web/build.sh: what every release zip carries beside the
# game, so that a player (and an itch.io page made from the zip) has the licences and credits.
# scripts/zipcheck.py checks a zip against the same list, and its --self-test checks this
# function, without a release build.

# The notices, as paths relative to the repository root (the order they are copied in).
notice_files() {
  echo LICENSE
  echo CREDITS.md
  ls assets/fonts/LICENSE*.txt
}

# notices DIR [--no-fonts]: copies LICENSE and CREDITS.md into DIR and the fonts' licences into
# DIR/fonts/ (--no-fonts: a zip without our fonts, the meeting server's).
notices() {
  local dir=$1
  cp LICENSE CREDITS.md "$dir/"
  if [ "${2:-}" != --no-fonts ]; then
    mkdir -p "$dir/fonts"
    cp assets/fonts/LICENSE*.txt "$dir/fonts/"
  fi
}
