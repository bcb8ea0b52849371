#!/usr/bin/env python3
"""One list of games: fails when code outside the engine's catalog and the games' own folders
names a game. The games and their names (type, module, id, title) are read from the engine's
one list, the `games!` macro of engine/src/catalog.rs (and the game built only for the tests,
which `with_test_game!` adds to it).

Reads every .rs file of the workspace's crates (src, engine/src, sim/src, media/src, text/src),
skipping comments, `#[cfg(test)]` modules and test files, and looks for a game's name (type,
module, id or title). A game may be named in:
  - engine/src/catalog.rs (the list), engine/src/<game>/ and src/table/<game>/ (its folders);
  - a `mod <game>;` declaration of those folders;
  - the few places listed in ALLOWED below, each with its reason.
Anything else fails, with the file and line, so a new game is added in its folders and the
catalog, and the rest of the code reaches it through them.
Usage: tools/games_named.py [REPO_ROOT]
"""
import os
import re
import sys
import unicodedata

def catalog_games():
    """(module, Type) of each game in the engine's one list (the `games!` macro of
    engine/src/catalog.rs, read from this tool's own checkout)."""
    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, "..", "engine", "src", "catalog.rs"), encoding="utf-8").read()
    body = text[text.index("macro_rules! games"):]
    # The list, then the game built only for the tests (`with_test_game!`, feature `test-game`).
    games = re.findall(r"\$crate::([a-z_]+)::([A-Za-z]+)\s*=\s*\d+", body)
    if not games:
        sys.exit("games_named: no games found in engine/src/catalog.rs's games! list")
    return games


def plain(text):
    """`text` without accents (Mýkonos reads as Mykonos)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


GAMES = catalog_games()
MODULES = "|".join(m for m, _ in GAMES)
# Each game's type, module, id and title words (the type split at its capitals).
_names = []
for module, typ in GAMES:
    _names += [typ, module, module.replace("_", "-"), " ".join(re.findall(r"[A-Z][a-z]*", typ))]
NAMES = re.compile("|".join(re.escape(n) for n in _names))
FOLDERS = re.compile(
    rf"^(engine/src/catalog\.rs$|engine/src/({MODULES})/"
    rf"|src/table/({MODULES})/)"
)
MOD_LINE = re.compile(rf"^\s*(pub(\([a-z]+\))? )?mod ({MODULES});")
ALLOWED = {
    "text/src/names.rs": "the words: each game's card names",
    "text/src/lib.rs": "the words: each game's message file",
    "sim/src/balance.rs": "the Duchess's deck report (come-buy-sim balance), a tool for one game",
    "sim/src/main.rs": "the balance command's one game",
}
CRATES = ["src", "engine/src", "sim/src", "media/src", "text/src"]


def code_lines(path):
    """(number, line) of the file's code: no comments, nothing from #[cfg(test)] on."""
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        s = line.strip()
        if s.startswith("#[cfg(test)]"):
            return
        if s.startswith("//"):
            continue
        yield n, line.split("//")[0] if "://" not in line else line


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    bad, seen = [], {}
    for crate in CRATES:
        for dp, _, files in os.walk(os.path.join(root, crate)):
            for f in sorted(files):
                if not f.endswith(".rs"):
                    continue
                path = os.path.join(dp, f)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                if FOLDERS.match(rel) or "/tests/" in rel or rel.endswith("/tests.rs"):
                    continue
                for n, line in code_lines(path):
                    if not NAMES.search(plain(line)) or MOD_LINE.match(line):
                        continue
                    if rel in ALLOWED:
                        seen[rel] = seen.get(rel, 0) + 1
                    else:
                        bad.append(f"{rel}:{n}: {line.strip()}")
    for rel, count in sorted(seen.items()):
        print(f"games named: {rel}: {count} lines ({ALLOWED[rel]})")
    if bad:
        print("games named outside the catalog and the games' folders:", file=sys.stderr)
        for b in bad:
            print("  " + b, file=sys.stderr)
        print("reach the game through engine/src/catalog.rs (or add it to its folder)",
              file=sys.stderr)
        sys.exit(1)
    print(f"games named: nowhere else ({len(seen)} files allowed, with their reasons)")


if __name__ == "__main__":
    main()
