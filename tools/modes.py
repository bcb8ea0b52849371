#!/usr/bin/env python3
"""No optional resource stands for a mode: fails when a function of the app (src/) takes an
`Option<Res<..>>` or `Option<ResMut<..>>` parameter and only asks whether it is there
(`.is_some()`, `.is_none()`, or never uses it). Such a parameter is a mode flag ("is a room
open?", "is this a guided game?"): the mode is the table's one reading (`Match::mode`, the
gate's `Turn`), or the system runs under a run condition (`resource_exists`, `in_state`); a
run condition (a function returning `bool`) asks exactly that, and passes. An optional
resource whose contents are read (a choice open now, a room's seats) is data, and
passes.

Comments, strings and `#[cfg(test)]` modules are skipped. Exit code 1 on a breach.
Usage: tools/modes.py [SRC_DIR]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from way_in import rust_files  # noqa: E402

FN = re.compile(r"\bfn\s+(\w+)\s*(?:<[^(]*?>)?\s*\(")
OPTIONAL = re.compile(r"^Option\s*<\s*(?:Res|ResMut)\s*<")
OPENS, CLOSES = "(<[{", ")>]}"


def close_of(code, i, opens=OPENS, closes=CLOSES):
    """The index just past the bracket that closes the one at `i` (`->` is not a bracket; in
    a body, where `<` compares, pass the brackets without angles)."""
    depth = 0
    for j in range(i, len(code)):
        c = code[j]
        if c == ">" and code[j - 1] == "-":
            continue
        if c in opens:
            depth += 1
        elif c in closes:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(code)


def split_top(text):
    """`text` split at its commas outside any brackets."""
    parts, depth, start = [], 0, 0
    for j, c in enumerate(text):
        if c == ">" and j and text[j - 1] == "-":
            continue
        if c in OPENS:
            depth += 1
        elif c in CLOSES:
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:j])
            start = j + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def bindings(param):
    """The (name, type) pairs a parameter binds: `name: T`, or `(a, b): (T, U)` element-wise."""
    if ":" not in param:
        return []
    pat, ty = param.split(":", 1)
    pat, ty = pat.strip(), ty.strip()
    if pat.startswith("(") and ty.startswith("("):
        pats, tys = split_top(pat[1:-1]), split_top(ty[1:-1])
        return [b for p, t in zip(pats, tys) for b in bindings(f"{p}: {t}")]
    name = pat.split()[-1]
    return [(name, ty)]


def flags(code):
    """Each optional resource parameter only asked whether it is there: (offset, fn, name)."""
    found = []
    for m in FN.finditer(code):
        open_at = m.end() - 1
        end = close_of(code, open_at)
        params = code[open_at + 1:end - 1]
        body_at = code.find("{", end)
        semi = code.find(";", end)
        if body_at < 0 or (0 <= semi < body_at):
            continue
        # A run condition asks exactly that (`playing::<G>`: is a match of G on the table).
        if re.match(r"\s*->\s*bool\s*$", code[end:body_at]):
            continue
        body = code[body_at:close_of(code, body_at, "([{", ")]}")]
        for param in split_top(params):
            for name, ty in bindings(param):
                if not OPTIONAL.match(ty) or name == "_":
                    continue
                uses = list(re.finditer(rf"\b{re.escape(name)}\b", body))
                presence = [u for u in uses if re.match(
                    r"\s*\.\s*is_(?:some|none)\s*\(\s*\)", body[u.end():])]
                if len(presence) == len(uses):
                    found.append((m.start(), m.group(1), name))
    return found


def scan(src):
    bad = []
    for rel, code in rust_files(src):
        for at, fn, name in flags(code):
            line = code.count("\n", 0, at) + 1
            bad.append(f"{src}/{rel}:{line}: `{fn}` takes `{name}`, an optional resource, "
                       "only to ask whether it is there (a mode: read the table's mode or "
                       "run under a run condition)")
    return bad


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    bad = scan(src)
    for b in bad:
        print(b)
    if bad:
        print(f"modes: {len(bad)} optional resource(s) standing for a mode", file=sys.stderr)
        return 1
    total = sum(len(re.findall(r"Option\s*<\s*(?:Res|ResMut)\s*<", code))
                for _, code in rust_files(src))
    print(f"modes: no optional resource stands for a mode ({total} optional resources, "
          "each read for its contents)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
