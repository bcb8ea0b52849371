#!/usr/bin/env python3
"""Every screen and every menu the app can show is visited by the layout audit: fails when a
variant of `Screen` or `Overlay` (src/state.rs) is named nowhere in the audit's code
(tests/audit/*.rs) as `Screen::Name` / `Overlay::Name`. Three questions a player meets now and
then (replace the saved match, who plays with which controller, a phone's claim) had never
been laid out by the audit, and each was cut on a narrow window; a new menu is audited from
the day it is added.

Comments and strings are skipped. Exit code 1 on a breach.
Usage: tools/audited.py [STATE_RS] [AUDIT_DIR]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from way_in import code_of, rust_files  # noqa: E402


def variants(code, enum):
    """The variants of `pub enum <enum> { .. }` in `code` (attributes skipped)."""
    m = re.search(r"pub\s+enum\s+" + enum + r"\s*\{", code)
    if not m:
        return []
    body = code[m.end():code.index("}", m.end())]
    body = re.sub(r"#\[[^\]]*\]", "", body)
    return re.findall(r"\b([A-Z]\w*)\s*(?:,|$)", body)


def main():
    state = sys.argv[1] if len(sys.argv) > 1 else "src/state.rs"
    audit = sys.argv[2] if len(sys.argv) > 2 else "tests/audit"
    code = code_of(state)
    seen = "\n".join(c for _, c in rust_files(audit))
    missing = []
    for enum in ("Screen", "Overlay"):
        names = variants(code, enum)
        if not names:
            print(f"audited: no enum {enum} in {state}", file=sys.stderr)
            return 1
        for name in names:
            if not re.search(r"\b" + enum + r"::" + name + r"\b", seen):
                missing.append(f"{enum}::{name}")
    for m in missing:
        print(f"{audit}: never visits {m}")
    if missing:
        print(f"audited: {len(missing)} screen(s) or menu(s) the layout audit never lays out", file=sys.stderr)
        return 1
    print("audited: the layout audit visits every screen and every menu")
    return 0


if __name__ == "__main__":
    sys.exit(main())
