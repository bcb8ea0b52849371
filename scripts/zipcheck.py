#!/usr/bin/env python3
"""Every release zip carries the licences and the credits.

A zip must hold LICENSE and CREDITS.md, and a zip of the game (every one but the meeting
server's, come-buy-signal-*.zip) the fonts' licences, assets/fonts/LICENSE*.txt, under fonts/;
a zip with the web page's Brotli decoder (brotli/, web/pack.mjs) its two licences beside it.
The files may sit at the zip's top (the web zip: itch.io wants index.html there) or in its one
top folder (come-buy/...). scripts/release.sh and web/build.sh run it on what they made.

Usage:
  python3 scripts/zipcheck.py ZIP...     check zips; exit 1 naming what each lacks
  python3 scripts/zipcheck.py --self-test
      without a release build: packs small zips the way release.sh and web/build.sh do (their
      shared scripts/notices.sh, around a stand-in executable), checks that they pass and
      that a zip without the fonts' licences fails, and that both scripts still call
      notices.sh and this check. The test command runs it.
"""
import glob
import os
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def required(zip_name):
    """The paths (inside the game's folder) a zip named `zip_name` must hold."""
    need = ["LICENSE", "CREDITS.md"]
    if "signal" not in os.path.basename(zip_name):
        fonts = sorted(glob.glob(os.path.join(ROOT, "assets", "fonts", "LICENSE*.txt")))
        need += [f"fonts/{os.path.basename(f)}" for f in fonts]
    return need


def missing(path):
    """What the zip at `path` lacks of `required`, as a list (empty: it is complete)."""
    with zipfile.ZipFile(path) as z:
        names = {n for n in z.namelist() if not n.endswith("/")}
    tops = {n.split("/", 1)[0] for n in names if "/" in n}
    need = required(path)
    # The web page's Brotli decoder (web/pack.mjs) comes with its own licences.
    if any(n.endswith("brotli/brotli_dec_wasm_bg.wasm") for n in names):
        need += ["brotli/LICENSE-MIT.txt", "brotli/LICENSE-Apache.txt"]
    have = set()
    for want in need:
        if want in names or any(f"{top}/{want}" in names for top in tops):
            have.add(want)
    return [w for w in need if w not in have]


def check(paths):
    bad = 0
    for path in paths:
        lacks = missing(path)
        if lacks:
            bad += 1
            print(f"zipcheck: {path} lacks {', '.join(lacks)}", file=sys.stderr)
        else:
            print(f"zipcheck: {path} carries the licences and the credits")
    return bad == 0


def pack(tmp, name, layout, notices_args):
    """A zip like the release's: `layout` 'folder' (come-buy/...) or 'top' (the web's)."""
    stage = os.path.join(tmp, name + ".d")
    game = os.path.join(stage, "come-buy") if layout == "folder" else stage
    os.makedirs(game)
    with open(os.path.join(game, "come-buy"), "w") as f:
        f.write("a stand-in executable\n")
    subprocess.run(
        ["bash", "-c", f'. scripts/notices.sh && notices "$1" {notices_args}', "notices", game],
        cwd=ROOT, check=True,
    )
    out = os.path.join(tmp, name)
    with zipfile.ZipFile(out, "w") as z:
        for folder, _, files in os.walk(stage):
            for f in files:
                full = os.path.join(folder, f)
                z.write(full, os.path.relpath(full, stage))
    return out


def self_test():
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, layout, args in [
            ("come-buy-linux.zip", "folder", ""),
            ("come-buy-web.zip", "top", ""),
            ("come-buy-signal-linux.zip", "folder", "--no-fonts"),
        ]:
            lacks = missing(pack(tmp, name, layout, args))
            if lacks:
                problems.append(f"{name} packed by notices.sh lacks {', '.join(lacks)}")
        # The web zip as it was: the page and the licence, no fonts' licences, no credits.
        old = os.path.join(tmp, "old", "come-buy-web.zip")
        os.makedirs(os.path.dirname(old))
        with zipfile.ZipFile(old, "w") as z:
            z.writestr("index.html", "<!doctype html>")
            z.writestr("LICENSE", "MIT")
        if not missing(old):
            problems.append("a web zip without the fonts' licences passed")
        # The web zip with the page's Brotli decoder but not its licences.
        bare = pack(os.path.join(tmp, "decoder"), "come-buy-web.zip", "top", "")
        with zipfile.ZipFile(bare, "a") as z:
            z.writestr("brotli/brotli_dec_wasm_bg.wasm", b"\0asm")
        if missing(bare) != ["brotli/LICENSE-MIT.txt", "brotli/LICENSE-Apache.txt"]:
            problems.append("a web zip with the Brotli decoder but not its licences passed")
    for script, words in [
        ("scripts/release.sh", ["scripts/notices.sh", "notices ", "zipcheck.py"]),
        ("web/build.sh", ["scripts/notices.sh", "notices ", "zipcheck.py"]),
    ]:
        with open(os.path.join(ROOT, script), encoding="utf-8") as f:
            text = f.read()
        for word in words:
            if word not in text:
                problems.append(f"{script} no longer uses {word.strip()}")
    for p in problems:
        print(f"zipcheck: {p}", file=sys.stderr)
    if not problems:
        print("zipcheck: the release's notices (scripts/notices.sh) pass the zip check")
    return not problems


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return 0 if self_test() else 1
    if not args or any(a.startswith("-") for a in args):
        print(__doc__, file=sys.stderr)
        return 2
    return 0 if check(args) else 1


if __name__ == "__main__":
    sys.exit(main())
