#!/usr/bin/env python3
"""Every relative link in our Markdown points to a file or folder that exists.

Checks inline Markdown links and images, [text](path) and ![alt](path), in README.md,
CREDITS.md, docs/*.md and vendor/README.md (the vendored crates' own READMEs are upstream's).
Links to http(s)://, mailto: and pure #anchors are skipped; a path's own #anchor is dropped,
and the path is resolved from the linking file's folder. A path that leaves the repository
(../shared/...) is broken too: it exists on a developer's machine, not for a reader of the
repository; so is `../shared/` named anywhere in these files. Links inside fenced code blocks
(``` or ~~~) and inline code spans are not followed.

Usage: python3 scripts/links.py
Prints each broken link as `file:line: target` and exits 1, or a one-line summary and exits 0.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# [text](target) or ![alt](target); the target may be wrapped in <...> and followed by a title.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+[\"'(][^)]*)?\)")
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
SKIP = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|#)")  # a scheme (http:, mailto:) or an anchor


def files():
    out = [os.path.join(ROOT, name) for name in ("README.md", "CREDITS.md", "vendor/README.md")]
    docs = os.path.join(ROOT, "docs")
    if os.path.isdir(docs):
        out += sorted(
            os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md")
        )
    return [f for f in out if os.path.isfile(f)]


def links(path):
    """(line number, target) for every relative link outside code."""
    fence = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            opened = FENCE.match(line)
            if fence:
                if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                    fence = None
                continue
            if opened:
                fence = opened.group(1)
                continue
            for match in LINK.finditer(CODE_SPAN.sub("", line)):
                target = match.group(1).strip("<>").strip()
                if not target or SKIP.match(target):
                    continue
                yield number, target


def main():
    broken, count, checked = [], 0, files()
    for path in checked:
        base = os.path.dirname(path)
        for number, target in links(path):
            count += 1
            bare = target.split("#", 1)[0].split("?", 1)[0]
            resolved = os.path.normpath(os.path.join(base, bare))
            inside = os.path.commonpath([ROOT, resolved]) == ROOT
            if not inside or not os.path.exists(resolved):
                broken.append(f"{os.path.relpath(path, ROOT)}:{number}: {target}")
        # A path named in words (a code span) that leaves the repository: the design notes
        # beside a developer's checkout are not there for a reader of the repository.
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if "../shared/" in line:
                    broken.append(f"{os.path.relpath(path, ROOT)}:{number}: names ../shared/")
    for line in broken:
        print(line)
    if broken:
        print(f"links: {len(broken)} of {count} links broken in {len(checked)} files", file=sys.stderr)
        return 1
    print(f"links: {count} links in {len(checked)} files, all found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
