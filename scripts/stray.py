#!/usr/bin/env python3
"""No stray binaries in the repository: the test command's early, cheap check.

Fails on a tracked file that is
- over 1 MiB anywhere but assets/ (docs/ included, so that the pictures stay light), unless
  KEEP names it;
- a package, archive or build product (.whl, .zip, .tar.gz, .deb, .exe, .wasm, .so, ...)
  anywhere, unless KEEP names it: such a file is a build's output or a download, never source.

Sizes are the blobs' sizes in git's index, so a file is judged as it would be committed.

Usage: python3 scripts/stray.py [--self-test]
Prints each stray file as `path: why` and exits 1, or a one-line summary and exits 0.
--self-test checks the rules on planted names and sizes first (no files are read).
"""
import subprocess
import sys

LIMIT = 1024 * 1024
# Folders whose files may be larger (the game's own assets ship in every build).
LARGE_OK = ("assets/",)
# Tracked files allowed past either rule, each with its reason. Empty: keep it short.
KEEP = {}
BINARY_ENDINGS = (
    ".whl", ".zip", ".tar", ".tar.gz", ".tgz", ".tar.xz", ".tar.zst", ".gz", ".xz", ".7z",
    ".deb", ".rpm", ".exe", ".dll", ".so", ".dylib", ".a", ".o", ".rlib", ".wasm", ".pyc",
    ".jar", ".msi", ".appimage", ".iso",
)


def why_stray(path, size):
    """Why the tracked file `path` of `size` bytes does not belong, or None."""
    if path in KEEP:
        return None
    lower = path.lower()
    if lower.endswith(BINARY_ENDINGS):
        return "a package, archive or build product (build it, do not track it)"
    if size > LIMIT and not path.startswith(LARGE_OK):
        where = "docs/ (compress or resize the picture)" if path.startswith("docs/") else "the repository"
        return f"{size} bytes, over {LIMIT} in {where}"
    return None


def tracked():
    """(path, size) of every file in git's index."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--format=%(objectsize) %(path)"],
        check=True, capture_output=True, text=True,
    ).stdout
    entries = []
    for record in out.split("\0"):
        if record:
            size, path = record.split(" ", 1)
            entries.append((path, int(size) if size.isdigit() else 0))
    return entries


def self_test():
    planted = {
        ("fonttools-4.68.0-cp311-cp311-manylinux2014_x86_64.whl", 5_493_829): True,
        ("web/come-buy-web.zip", 10_000): True,
        ("docs/title.png", LIMIT + 1): True,
        ("tools/big.bin", 2 * LIMIT): True,
        ("assets/fonts/Big.ttf", 3 * LIMIT): False,
        ("docs/title.png", LIMIT): False,
        ("src/main.rs", 5_000): False,
    }
    wrong = [
        f"{path} ({size} bytes): expected {'stray' if stray else 'kept'}"
        for (path, size), stray in planted.items()
        if (why_stray(path, size) is not None) != stray
    ]
    for line in wrong:
        print(f"stray: the check is wrong on {line}", file=sys.stderr)
    return not wrong


def main():
    if "--self-test" in sys.argv[1:] and not self_test():
        return 1
    entries = tracked()
    stray = [(path, why) for path, size in entries if (why := why_stray(path, size))]
    for path, why in stray:
        print(f"{path}: {why}")
    if stray:
        print(f"stray: {len(stray)} of {len(entries)} tracked files do not belong", file=sys.stderr)
        return 1
    print(f"stray: {len(entries)} tracked files, none over {LIMIT} bytes outside assets/, no binaries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
