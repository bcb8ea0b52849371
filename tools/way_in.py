#!/usr/bin/env python3
"""One way in for a move, and one reading of the turn: fails when the app's code (src/) applies
a move to a match, or reads the turn through the gate, anywhere but the places below.

  - `.act(` (a move applied to a match by the rules) and `remote::play(` only in the table's
    one way in (src/table_core/moves.rs, through src/table_core/remote.rs), and in the few
    places listed in ACT_ALLOWED, none of which is a move made at the table;
  - `Turn::read(` only in the gate (src/table_core/gate.rs: each frame after its writers) and
    the one way in (src/table_core/moves.rs: again after each move it lets in).

Every other place sends a `Move` message or asks the `Turn` resource. Comments, strings and
`#[cfg(test)]` modules are skipped (tests build matches by hand). Exit code 1 on a breach,
with its file and line.
Usage: tools/way_in.py [SRC_DIR]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rustlex import blank_code  # noqa: E402

ACT_ALLOWED = {
    # The one way in applies a move by the rules (or sends it to the host).
    "table_core/remote.rs": "the one way in's apply",
    # A saved game or a match code rebuilt step by step before it reaches the table.
    "save.rs": "a save rebuilt",
    # The autoplay plays its match ahead on its own copy, off the table, to plan its pictures.
    "autoplay.rs": "a copy played ahead",
}
READ_ALLOWED = {"table_core/gate.rs", "table_core/moves.rs"}
PLAY_ALLOWED = {"table_core/moves.rs"}

# (An online room's `room.act(..)` sends a friend's move to its host: not a match.)
ACT = re.compile(r"(?<!room)\.act\s*\(")
READ = re.compile(r"\bTurn::read\s*\(")
PLAY = re.compile(r"\bremote::play\s*\(|\bplay\s*\(\s*&mut\s+m\b")


def code_of(path):
    """The file's code with comments and strings blanked, cut at its `#[cfg(test)]` module."""
    text = open(path, encoding="utf-8").read()
    code = blank_code(text)
    cut = code.find("#[cfg(test)]")
    return code if cut < 0 else code[:cut]


def rust_files(src):
    """Each `.rs` file below `src`, in order, as (its path from `src` with `/`, its code as
    `code_of` gives it)."""
    for dp, subdirs, files in os.walk(src):
        subdirs.sort()
        for f in sorted(files):
            if f.endswith(".rs"):
                path = os.path.join(dp, f)
                yield os.path.relpath(path, src).replace(os.sep, "/"), code_of(path)


def scan(src, rules):
    """Each breach of `rules` ((pattern, files allowed, what it does wrong) each) in the `.rs`
    files below `src`, as "file:line: what"."""
    bad = []
    for rel, code in rust_files(src):
        for rule, allowed, what in rules:
            if rel in allowed:
                continue
            for m in rule.finditer(code):
                line = code.count("\n", 0, m.start()) + 1
                bad.append(f"{src}/{rel}:{line}: {what}")
    return bad


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    bad = scan(src, [
        (ACT, ACT_ALLOWED, "applies a move to a match (send a Move message instead)"),
        (READ, READ_ALLOWED, "reads the turn again (ask the Turn resource)"),
        (PLAY, PLAY_ALLOWED, "plays a move past the one way in"),
    ])
    for b in bad:
        print(b)
    if bad:
        print(f"way in: {len(bad)} move(s) or turn reading(s) outside the one way in", file=sys.stderr)
        return 1
    print("way in: every move goes in by table_core/moves.rs; the turn is read by the gate alone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
