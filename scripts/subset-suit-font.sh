#!/usr/bin/env bash
# Makes assets/fonts/Suits-DejaVuSansBold-subset.ttf: the four card-suit glyphs (U+2660 spade,
# U+2663 club, U+2665 heart, U+2666 diamond) cut from DejaVu Sans Bold (Debian's
# fonts-dejavu-core; licence in assets/fonts/LICENSE-DejaVu.txt). Our text fonts lack them, so
# the menus fall back to this 2 KB font for "K♦", "9♥". Needs: pip install fonttools.
set -euo pipefail
cd "$(dirname "$0")/.."
pyftsubset /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
  --unicodes="U+2660,U+2663,U+2665,U+2666" --no-hinting \
  --output-file=assets/fonts/Suits-DejaVuSansBold-subset.ttf
