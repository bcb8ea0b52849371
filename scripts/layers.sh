#!/usr/bin/env bash
# The house's shape: no import circle in any crate (between files, or between the folders and
# files at a crate's top), the app's rooms (src/) in the order
# layers.txt writes down (a file uses its own layer or lower ones), and one list of games (no
# code outside the catalog and the games' folders names a game, tools/games_named.py), one way
# in for a move (tools/way_in.py), rules kept in one place (tools/one_rule.py), no optional
# resource standing for a mode (tools/modes.py), every screen and menu in the layout audit
# (tools/audited.py), and the
# sizes (tools/sizes.py: files at most 700 lines, functions at most 150). Reads
# source only (Python), so it takes a second; the test command runs it first.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=tools/layers.py
status=0
# The check itself must see a circle and an arrow up: a two-file crate with both.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'use crate::b::B;\npub struct A;\n' > "$probe/a.rs"
printf 'use crate::a::A;\npub struct B;\n' > "$probe/b.rs"
printf 'pub mod a;\npub mod b;\n' > "$probe/lib.rs"
printf 'a.rs\nb.rs lib.rs\n' > "$probe/layers.txt"
if python3 "$tool" "$probe" --layers "$probe/layers.txt" >/dev/null; then
  echo "layers: the check missed a planted circle" >&2
  exit 1
fi
# ...and a string holding `//` (a URL) before the import must not hide it (the one-pass lexer).
printf 'const U: &str = "http://example.org/*";\nuse crate::b::B;\npub struct A;\n' > "$probe/a.rs"
if python3 "$tool" "$probe" --layers "$probe/layers.txt" >/dev/null; then
  echo "layers: a string with // hid a planted circle from the check" >&2
  exit 1
fi
# ...and two folders that use each other with no file circle (a/x.rs -> b/y.rs, b/z.rs -> a/w.rs).
rm -f "$probe"/*.rs && mkdir -p "$probe/a" "$probe/b"
printf 'pub mod x;\npub mod w;\n' > "$probe/a/mod.rs"
printf 'pub mod y;\npub mod z;\n' > "$probe/b/mod.rs"
printf 'use crate::b::y::Y;\npub struct X(Y);\n' > "$probe/a/x.rs"
printf 'pub struct W;\n' > "$probe/a/w.rs"
printf 'pub struct Y;\n' > "$probe/b/y.rs"
printf 'use crate::a::w::W;\npub struct Z(W);\n' > "$probe/b/z.rs"
printf 'pub mod a;\npub mod b;\n' > "$probe/lib.rs"
printf 'a/ b/ lib.rs\n' > "$probe/layers.txt"
if python3 "$tool" "$probe" --layers "$probe/layers.txt" >/dev/null; then
  echo "layers: the check missed a planted folder circle" >&2
  exit 1
fi
# ...and the same one floor down (x/a/ and x/b/ inside x/).
mkdir -p "$probe/x" && mv "$probe/a" "$probe/b" "$probe/x/"
printf 'pub mod x;\n' > "$probe/lib.rs"
printf 'pub mod a;\npub mod b;\n' > "$probe/x/mod.rs"
sed -i 's/crate::/crate::x::/' "$probe/x/a/x.rs" "$probe/x/b/z.rs"
if python3 "$tool" "$probe" >/dev/null; then
  echo "layers: the check missed a planted folder circle inside a folder" >&2
  exit 1
fi
rm -rf "$probe/x" "$probe/lib.rs"
out=$(python3 "$tool" src --layers layers.txt) || status=1
echo "$out"
# A new file must be given its room.
if grep -q "^on no layer" <<<"$out"; then echo "layers: a file of src/ is on no line of layers.txt" >&2; status=1; fi
for dir in engine/src sim/src text/src media/src online/src; do
  python3 "$tool" "$dir" | tail -1 | sed "s|^|$dir: |"
  python3 "$tool" "$dir" >/dev/null || { python3 "$tool" "$dir"; status=1; }
done
# One list of games; the check must see a game named where it should not be.
mkdir -p "$probe/repo/src"
printf 'fn f() { let _ = "mykonos"; }\n' > "$probe/repo/src/menu.rs"
if python3 tools/games_named.py "$probe/repo" >/dev/null 2>&1; then
  echo "layers: the game-name check missed a planted name" >&2
  exit 1
fi
python3 tools/games_named.py . || status=1
# One way in for a move, one reading of the turn (tools/way_in.py); the check must see a move
# applied and a turn read past them.
mkdir -p "$probe/way/table" && printf 'fn f(m: &mut M) { m.act(0, A); }\n' > "$probe/way/table/undo.rs"
if python3 tools/way_in.py "$probe/way" >/dev/null 2>&1; then
  echo "layers: the way-in check missed a planted move" >&2
  exit 1
fi
printf 'fn f() { let t = Turn::read(&m, &p, &g); }\n' > "$probe/way/table/undo.rs"
if python3 tools/way_in.py "$probe/way" >/dev/null 2>&1; then
  echo "layers: the way-in check missed a planted reading of the turn" >&2
  exit 1
fi
python3 tools/way_in.py src || status=1
# Rules kept in one place (tools/one_rule.py): the check must see a panel scrolled by its own.
mkdir -p "$probe/rule/screens" && printf 'fn f(a: A) { a.vertical_scroll_offset(400.0); }\n' > "$probe/rule/screens/credits.rs"
if python3 tools/one_rule.py "$probe/rule" >/dev/null 2>&1; then
  echo "layers: the one-rule check missed a planted scroll" >&2
  exit 1
fi
# ...and a panel given a width of its own, whatever the screen.
printf 'fn f(ui: U) { ui.set_max_width(760.0); }\n' > "$probe/rule/screens/credits.rs"
if python3 tools/one_rule.py "$probe/rule" >/dev/null 2>&1; then
  echo "layers: the one-rule check missed a panel's own width" >&2
  exit 1
fi
python3 tools/one_rule.py src || status=1
# No optional resource stands for a mode (tools/modes.py): the check must see one asked only
# whether it is there, in a tuple of parameters too, and pass one whose contents are read.
mkdir -p "$probe/modes"
printf 'fn f((a, h): (Res<A>, Option<Res<Host>>)) { if h.is_some() && a.x < 2 {} }\n' > "$probe/modes/a.rs"
if python3 tools/modes.py "$probe/modes" >/dev/null 2>&1; then
  echo "layers: the mode check missed a planted mode flag" >&2
  exit 1
fi
printf 'fn f(h: Option<Res<Host>>) { if h.is_some_and(|h| h.open) {} }\n' > "$probe/modes/a.rs"
if ! python3 tools/modes.py "$probe/modes" >/dev/null 2>&1; then
  echo "layers: the mode check refused a resource read for its contents" >&2
  exit 1
fi
python3 tools/modes.py src || status=1
# The layout audit visits every screen and menu (tools/audited.py): the check must see a menu
# it never visits.
mkdir -p "$probe/audited/audit"
printf 'pub enum Screen {\n    Title,\n}\npub enum Overlay {\n    None,\n    /// Never looked at.\n    Secret,\n}\n' > "$probe/audited/state.rs"
printf 'fn f() { go(Screen::Title, Overlay::None); }\n' > "$probe/audited/audit/a.rs"
if python3 tools/audited.py "$probe/audited/state.rs" "$probe/audited/audit" >/dev/null 2>&1; then
  echo "layers: the audit-coverage check missed a menu the audit never visits" >&2
  exit 1
fi
python3 tools/audited.py || status=1
# Sizes: no file over 700 lines, no function over 150, in any crate; the check must see a
# planted long function (its braces hidden in a string must not fool it either).
{ printf 'fn long() {\n    let s = "}";\n'; for _ in $(seq 150); do printf '    let _ = 1;\n'; done; printf '}\n'; } > "$probe/long.rs"
if python3 tools/sizes.py "$probe/long.rs" >/dev/null; then
  echo "layers: the size check missed a planted 153-line function" >&2
  exit 1
fi
python3 tools/sizes.py | tail -20 || status=1
[ $status = 0 ] && echo "layers: no circle, no arrow up, games named only in their places, one way in, one rule, no mode flag, every menu audited, no file or function too long" || echo "layers: see above" >&2
exit $status
