#!/usr/bin/env python3
"""The house's size rules, checked: no Rust file over 700 lines, no function over 150 lines.

  sizes.py [DIR ...]        default: every crate of the workspace (the app, engine, sim, media,
                            text, online), their tests, benches and build scripts

A function's length runs from the line of its `fn` to the line of its closing brace; comments
and string literals are blanked first by the one-pass lexer (rustlex.py), so braces inside a
string or a comment do not count. Exit code 1 when a rule is broken (each breach is printed).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rustlex import blank_code  # noqa: E402

MAX_FILE = 700
MAX_FN = 150
SKIP = {"target", ".git", "node_modules"}


def rust_files(dirs):
    for top in dirs:
        if os.path.isfile(top):
            yield top
            continue
        for d, subdirs, fs in os.walk(top):
            subdirs[:] = sorted(s for s in subdirs if s not in SKIP)
            for f in sorted(fs):
                if f.endswith(".rs"):
                    yield os.path.join(d, f)


FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def functions(code):
    """(name, first line, last line) of each function with a body in blanked `code`."""
    out = []
    for m in FN.finditer(code):
        # The body opens at the first `{` after the signature, unless a `;` ends it first (a
        # trait's declaration). Generic bounds and where clauses hold no braces, but a
        # signature's default const may: parentheses and angle brackets are skipped by depth.
        i, depth = m.end(), 0
        while i < len(code):
            c = code[i]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif depth == 0 and c in "{;":
                break
            i += 1
        if i >= len(code) or code[i] == ";":
            continue
        open_at, level = i, 0
        while i < len(code):
            if code[i] == "{":
                level += 1
            elif code[i] == "}":
                level -= 1
                if level == 0:
                    break
            i += 1
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, min(i, len(code) - 1)) + 1
        if open_at < len(code):
            out.append((m.group(1), first, last))
    return out


def check(paths):
    breaches = []
    for path in paths:
        text = open(path, encoding="utf-8").read()
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if lines > MAX_FILE:
            breaches.append(f"{path}: {lines} lines (at most {MAX_FILE})")
        for name, first, last in functions(blank_code(text)):
            length = last - first + 1
            if length > MAX_FN:
                breaches.append(f"{path}:{first}: fn {name} is {length} lines (at most {MAX_FN})")
    return breaches


def main():
    args = sys.argv[1:]
    if not args:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        args = [os.path.join(root, p) for p in
                ("src", "engine", "sim", "media", "text", "online", "tests", "build.rs")
                if os.path.exists(os.path.join(root, p))]
    paths = list(rust_files(args))
    breaches = check(paths)
    for b in breaches:
        print(b)
    print(f"sizes: {len(paths)} files, {len(breaches)} over {MAX_FILE} lines a file or "
          f"{MAX_FN} a function")
    sys.exit(1 if breaches else 0)


if __name__ == "__main__":
    main()
