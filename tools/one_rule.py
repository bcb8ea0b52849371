#!/usr/bin/env python3
"""Rules the app keeps in one place: fails when the app's code (src/) does one of the things
below anywhere but its place, with the file and line.

  - `vertical_scroll_offset(` (a scroll set by keys or the pad) only in src/ui/reading.rs:
    every reading panel (How to play, the credits, the statistics) scrolls by one rule,
    `ReadingScroll`, whose page is what the panel shows (a fixed step once skipped lines a
    small window never showed), bounded by the text.
  - a panel's width from the screen, `(screen.width() - 80.0).min(900.0)`, only in src/ui.rs
    (`ui::panel_width`), and never a panel's own width, `set_max_width(760.0)`: three panels
    with a width of their own (the Replace question, the Join panel, a phone's claim) cut
    their words on a phone held upright, which the layout audit had not visited.

Comments, strings and `#[cfg(test)]` modules are skipped. Exit code 1 on a breach.
Usage: tools/one_rule.py [SRC_DIR]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from way_in import scan  # noqa: E402

RULES = [
    (
        re.compile(r"\.vertical_scroll_offset\s*\("),
        {"ui/reading.rs"},
        "scrolls a panel by its own rule (use ui::ReadingScroll)",
    ),
    (
        re.compile(r"width\(\)\s*-\s*[0-9.]+\s*\)\s*\.min\("),
        {"ui.rs"},
        "fits a panel to the screen by its own rule (use ui::panel_width)",
    ),
    (
        re.compile(r"\.set_(?:max_)?width\s*\(\s*[0-9]"),
        set(),
        "gives a panel a width of its own, whatever the screen (use ui::panel_width)",
    ),
]


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    bad = scan(src, RULES)
    for b in bad:
        print(b)
    if bad:
        print(f"one rule: {len(bad)} place(s) keeping a rule of their own", file=sys.stderr)
        return 1
    print("one rule: the reading panels scroll by ui/reading.rs alone; the panels fit the screen by ui::panel_width")
    return 0


if __name__ == "__main__":
    sys.exit(main())
