#!/usr/bin/env python3
"""Serves a web build's folder on 127.0.0.1 for the browser checks (web/smoke.sh).

Usage: web/serve.py PORT DIR [--brotli-host]

Plain, it is a host that hands every file over as it is (as python3 -m http.server does): the
release page's Brotli-packed game arrives packed and the page unpacks it itself. With
--brotli-host it is a host that serves precompressed files: a request for FILE.br from a browser
that accepts Brotli gets the packed bytes with Content-Encoding: br and FILE's own type, so the
browser unpacks it and the page's decoder is never loaded.
"""
import functools
import http.server
import mimetypes
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    brotli_host = False

    def log_message(self, *args):
        pass

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        if self.brotli_host and path.endswith(".br") and "br" in self.headers.get("Accept-Encoding", ""):
            self.send_header("Content-Encoding", "br")
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def guess_type(self, path):
        if self.brotli_host and str(path).endswith(".br"):
            kind, _ = mimetypes.guess_type(str(path)[:-3])
            return kind or "application/octet-stream"
        if str(path).endswith(".br"):
            return "application/octet-stream"
        return super().guess_type(path)


def main():
    args = sys.argv[1:]
    if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "--brotli-host"):
        print(__doc__, file=sys.stderr)
        return 2
    Handler.brotli_host = len(args) == 3
    handler = functools.partial(Handler, directory=args[1])
    with http.server.ThreadingHTTPServer(("127.0.0.1", int(args[0])), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
