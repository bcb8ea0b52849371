"""Rust source with its comments and string/char literals blanked, in one pass, left to right:
a `//` inside a string ("http://...") or a quote inside a comment cannot hide the code after it.
Blanked text keeps its line breaks, so line numbers stay true (sizes.py counts lines with it)."""
import re


def _lines(s):
    return "\n" * s.count("\n")


def blank_code(text):
    """`text` with comments and literals blanked (a string becomes `""`, a char `' '`)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, start, i = 1, i, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            out.append(_lines(text[start:i]))
        elif (m := re.match(r'b?r(#*)"', text[i:i + 300])) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = '"' + m.group(1)
            j = text.find(close, i + m.end())
            end = n if j < 0 else j + len(close)
            out.append('""' + _lines(text[i:end]))
            i = end
        elif c == '"' or (c == "b" and text.startswith('b"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))):
            start = i
            i += 2 if c == "b" else 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""' + _lines(text[start:i]))
        elif c == "'" and (m := re.match(r"'(?:\\.[^']*|[^'\\])'", text[i:i + 12])):
            out.append("' '")
            i += m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)
