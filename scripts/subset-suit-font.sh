#!/usr/bin/env bash
# Makes assets/fonts/Suits-DejaVuSansBold-subset.ttf: the four card-suit glyphs (U+2660 spade,
# U+2663 club, U+2665 heart, U+2666 diamond) and the deal of the day's result symbols (U+25B0
# and U+25B1, the bar's full and empty steps; U+25C6 and U+25C7, the rank ladder's reached and
# missed ranks) cut from DejaVu Sans Bold (Debian's fonts-dejavu-core; licence in
# assets/fonts/LICENSE-DejaVu.txt). Our text fonts lack them, so the menus fall back to this
# small font for "K♦", "9♥", "◆◆◇◇". Needs: pip install fonttools.
set -euo pipefail
cd "$(dirname "$0")/.."
pyftsubset /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
  --unicodes="U+2660,U+2663,U+2665,U+2666,U+25B0,U+25B1,U+25C6,U+25C7" --no-hinting \
  --output-file=assets/fonts/Suits-DejaVuSansBold-subset.ttf
