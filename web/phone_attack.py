#!/usr/bin/env python3
"""A curious neighbour against the phones' page of a running table, through the real socket.

Usage: web/phone_attack.py URL TV_PID
  URL     the page's address as the TV shows it (http://IP:PORT/?room=CODE)
  TV_PID  the game's process (its threads and memory are read from /proc)

Each attack must fail; the figures are printed (docs/online.md's phones section and the closing
notes quote them):
  - another page's Origin, and no Origin: refused;
  - a claim for a seat without the TV's yes: the phone is sent no view of it;
  - an oversized message: that connection is closed, memory stays flat;
  - 1,000 idle connections at once: threads stay within the cap;
  - guessing room codes for 10 seconds: how many guesses the door even looks at;
  - the art's files: only the catalogue's names answer (no path outside it, however spelt),
    and only to our own Host.
Exit 0 when every attack failed, 1 otherwise.

No answer awaited here has a fixed number of seconds (web/progress.mjs's rule, in Python): a
wait fails when no byte arrives and the TV uses no CPU for PROGRESS_STILL_S (120 s), or the TV
spends PROGRESS_BUDGET_S (600) CPU seconds without a byte, or, as a last resort, after
PROGRESS_CEILING_S (45 minutes). The fixed windows left only watch for what must not come
(a seat without the yes) or measure (the guesses in 10 seconds).
"""
import base64
import json
import os
import re
import random
import socket
import struct
import sys
import time
from urllib.parse import urlparse, parse_qs

url = urlparse(sys.argv[1])
pid = int(sys.argv[2])
HOST, PORT = url.hostname, url.port
CODE = parse_qs(url.query)["room"][0]
OURS = f"http://{HOST}:{PORT}"
LETTERS = "ACDEFHJKMNPRTWXY"
STILL = float(os.environ.get("PROGRESS_STILL_S", 120))
BUDGET = float(os.environ.get("PROGRESS_BUDGET_S", 600))
CEILING = float(os.environ.get("PROGRESS_CEILING_S", 45 * 60))
failures = []


class Stalled(Exception):
    pass


def tv_cpu():
    """The TV's CPU seconds (all its threads), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


class Patience:
    """One wait's bounds: call moved() on progress (a byte), check(what) while waiting."""

    def __init__(self):
        self.start = self.moved_at = time.time()
        self.cpu_at_progress = self.cpu_alive = tv_cpu() or 0.0

    def moved(self):
        self.moved_at = time.time()
        self.cpu_at_progress = tv_cpu() or self.cpu_at_progress

    def check(self, what):
        cpu, now = tv_cpu(), time.time()
        if cpu is None:
            raise Stalled(f"{what}: the TV is gone")
        if cpu - self.cpu_alive >= 0.5:
            self.cpu_alive, self.moved_at = cpu, now
        if now - self.moved_at > STILL:
            raise Stalled(f"{what}: nothing moved for {STILL:.0f} s")
        if cpu - self.cpu_at_progress > BUDGET:
            raise Stalled(f"{what}: the TV spent {BUDGET:.0f} CPU s without answering")
        if now - self.start > CEILING:
            raise Stalled(f"{what}: not done after {CEILING:.0f} s in all (the last resort)")


def recv_patiently(s, n, what):
    """Up to n bytes (b"" when closed), waiting while the TV makes progress."""
    wait, before = Patience(), s.gettimeout()
    s.settimeout(0.5)
    try:
        while True:
            try:
                return s.recv(n)
            except socket.timeout:
                wait.check(what)
    finally:
        s.settimeout(before)


def connect(what):
    wait = Patience()
    while True:
        try:
            s = socket.create_connection((HOST, PORT), timeout=5)
            return s
        except socket.timeout:
            wait.check(what)


def fail(why):
    failures.append(why)
    print(f"attack: FAILED TO FAIL: {why}", flush=True)


def proc():
    """The TV's threads and resident memory (KiB)."""
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            fields[k] = v.split()[0] if v.split() else ""
    return int(fields["Threads"]), int(fields["VmRSS"])


def handshake(code, origin=OURS, timeout=None):
    """Opens a WebSocket; (socket, HTTP status). With a timeout (the guesses: measured, not
    checked), a fixed one; without, while the TV makes progress."""
    s = socket.create_connection((HOST, PORT), timeout=timeout) if timeout else connect("the handshake")
    key = base64.b64encode(os.urandom(16)).decode()
    head = [f"GET /ws?room={code} HTTP/1.1", f"Host: {HOST}:{PORT}", "Upgrade: websocket",
            "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if origin is not None:
        head.append(f"Origin: {origin}")
    s.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = s.recv(4096) if timeout else recv_patiently(s, 4096, "the handshake's answer")
        if not chunk:
            break
        reply += chunk
    status = int(reply.split(b" ", 2)[1]) if reply.startswith(b"HTTP/") else 0
    # What came after the answer's head (a refused page's close frame, at once).
    AFTER_HEAD[id(s)] = reply.partition(b"\r\n\r\n")[2]
    return s, status


# Bytes read past a handshake's answer, by socket.
AFTER_HEAD = {}


def close_code(s):
    """The close code of the first frame the server sends (a refused page's), or None for
    anything else (nothing within the socket's timeout, a message)."""
    got = AFTER_HEAD.pop(id(s), b"")
    try:
        while len(got) < 2 or len(got) < 2 + (got[1] & 0x7F):
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
    except OSError:
        pass
    if len(got) < 4 or got[0] & 0x0F != 8:
        return None
    return struct.unpack("!H", got[2:4])[0]


def send_text(s, text):
    data = text.encode()
    mask = os.urandom(4)
    n = len(data)
    if n < 126:
        header = struct.pack("!BB", 0x81, 0x80 | n)
    elif n < 65536:
        header = struct.pack("!BBH", 0x81, 0x80 | 126, n)
    else:
        header = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(data)) if n < 65536 else \
        (bytes(data[i] ^ mask[i % 4] for i in range(4)) + data[4:])
    s.sendall(header + mask + body)


def recv_exact(s, n):
    buf = b""
    while len(buf) < n:
        chunk = s.recv(n - len(buf)) if not buf else recv_patiently(s, n - len(buf), "a message")
        if not chunk:
            raise ConnectionError("closed")
        buf += chunk
    return buf


def read_messages(s, seconds):
    """Text messages for `seconds`, and whether the server closed the connection."""
    out, end = [], time.time() + seconds
    while time.time() < end:
        s.settimeout(max(0.05, end - time.time()))
        try:
            b1, b2 = recv_exact(s, 2)
        except socket.timeout:
            continue
        except (ConnectionError, OSError):
            return out, True
        n = b2 & 0x7F
        if n == 126:
            n = struct.unpack("!H", recv_exact(s, 2))[0]
        elif n == 127:
            n = struct.unpack("!Q", recv_exact(s, 8))[0]
        payload = recv_exact(s, n)
        op = b1 & 0x0F
        if op == 8:
            return out, True
        if op == 1:
            out.append(json.loads(payload))
    return out, False


def read_until(s, enough, what):
    """Text messages until enough(messages, closed) holds, waiting while the TV makes progress;
    (messages, closed)."""
    out, closed, wait = [], False, Patience()
    while not enough(out, closed):
        if closed:
            raise Stalled(f"{what}: the connection closed first")
        got, closed = read_messages(s, 0.5)
        if got:
            out += got
            wait.moved()
        if not enough(out, closed):
            wait.check(what)
    return out, closed


def get(path, host=None):
    """One plain HTTP GET; (status, body)."""
    s = connect("an HTTP request")
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host or f'{HOST}:{PORT}'}\r\n\r\n".encode())
    reply = b""
    while True:
        chunk = recv_patiently(s, 65536, f"the answer to {path[:40]}")
        if not chunk:
            break
        reply += chunk
    s.close()
    head, _, body = reply.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, body


# The door's close codes, as the page is told them (our own page is let in, then closed with
# a code that says why: a wrong code, or the door's wait).
status, body = get("/")
DOOR = json.loads(re.search(rb'<script id="door" type="application/json">(.*?)</script>', body,
                            re.S).group(1))

# 0. The art: the catalogue answers, nothing else does.
status, body = get("/art/poker-face.png")
if status != 200 or not body.startswith(b"\x89PNG"):
    fail(f"the art itself did not answer ({status})")
for path in ["/art/../Cargo.toml", "/art/..%2f..%2fCargo.toml", "/art/%2e%2e/etc/passwd",
             "/art//etc/passwd", "/art/pip-9.png", "/art/" + "a" * 3000, "/art/poker-face.png/..",
             "/Cargo.toml", "/assets/phone/index.html", "/art/"]:
    status, body = get(path)
    if status == 200:
        fail(f"{path[:60]} answered with {len(body)} bytes")
status, _ = get("/art/poker-face.png", host="evil.example")
if status == 200:
    fail("the art answered a page renamed to this machine (DNS rebinding)")
print("attack: the art answers its own names only (10 other paths and a foreign Host refused)",
      flush=True)

# 1. Another page, and no Origin.
for origin in ["https://evil.example", None]:
    s, status = handshake(CODE, origin)
    s.close()
    if status == 101:
        fail(f"a WebSocket with Origin {origin!r} opened")
print("attack: another page's Origin and a missing Origin were refused", flush=True)

# 2. A claim without the TV's yes.
s, status = handshake(CODE)
if status != 101:
    fail(f"the right code was refused ({status})")
else:
    # The room's protocol (the online friends' own): hello, then a forged proof of the seat's
    # token, then a plain ask.
    send_text(s, json.dumps({"t": "hello", "v": 2, "room": CODE, "nonce": os.urandom(16).hex(),
                             "back": 0}))
    # (The welcome carries the challenge the forged proof answers.)
    msgs, _ = read_until(s, lambda m, _: any(x.get("t") == "welcome" for x in m), "the welcome")
    send_text(s, json.dumps({"t": "back", "seat": 0, "proof": os.urandom(32).hex()}))
    send_text(s, json.dumps({"t": "ask", "seat": 0, "name": "neighbour"}))
    # The proof's refusal, then 3 s more for anything that must not come (a seat, a view).
    msgs += read_until(s, lambda m, closed: closed or any(x.get("why") == "bad_token" for x in m),
                       "the forged proof's answer")[0]
    msgs += read_messages(s, 3.0)[0]
    kinds = [m.get("t") for m in msgs]
    refused = [m["why"] for m in msgs if m.get("t") == "refused"]
    if "state" in kinds or "seated" in kinds:
        fail("a claim without the TV's yes was sent the seat or its view")
    if "bad_token" not in refused:
        fail(f"a forged proof was not refused: {refused}")
    print(f"attack: a forged proof and a claim without the TV's yes got {kinds or 'nothing'} "
          f"(refused: {refused}), no seat, no view", flush=True)
    s.close()

# 3. Oversized messages.
time.sleep(0.5)
_, rss0 = proc()
largest_closed = 0
for size in [8 * 1024, 64 * 1024, 1 << 20] * 6:
    s, status = handshake(CODE)
    if status != 101:
        fail(f"the right code was refused ({status})")
        break
    try:
        send_text(s, "x" * size)
    except OSError:
        pass
    try:
        _, closed = read_until(s, lambda _, closed: closed, f"a {size}-byte message's close")
    except Stalled as e:
        print(f"attack: {e}", flush=True)
        closed = False
    s.close()
    if not closed:
        fail(f"a {size}-byte message did not close its connection")
    largest_closed = max(largest_closed, size)
_, rss1 = proc()
print(f"attack: 18 oversized messages (8 KiB to 1 MiB) each closed their connection; "
      f"the TV's memory {rss0} -> {rss1} KiB", flush=True)
if rss1 - rss0 > 32 * 1024:
    fail(f"memory grew by {rss1 - rss0} KiB")

# 4. A flood of idle connections.
threads0, rss0 = proc()
flood, most = [], threads0
for i in range(1000):
    try:
        flood.append(socket.create_connection((HOST, PORT), timeout=2))
    except OSError:
        pass
    if i % 25 == 0:
        most = max(most, proc()[0])
time.sleep(0.3)
threads1, rss1 = proc()
most = max(most, threads1)
print(f"attack: {len(flood)} idle connections: the TV's threads {threads0} -> at most {most}, "
      f"memory {rss0} -> {rss1} KiB", flush=True)
if most - threads0 > 12:
    fail(f"{most - threads0} more threads under the flood")
for s in flood:
    s.close()
time.sleep(3.5)

# 5. Guessing room codes for 10 seconds (this address ends up locked out).
start, tries, looked_at, locked = time.time(), 0, 0, 0
while time.time() - start < 10:
    guess = "".join(random.choice(LETTERS) for _ in range(len(CODE)))
    if guess == CODE:
        continue
    try:
        s, status = handshake(guess, timeout=2)
        code = close_code(s) if status == 101 else None
        s.close()
    except OSError:
        continue
    tries += 1
    if code == DOOR["wrongCode"]:
        looked_at += 1
    elif code == DOOR["wait"]:
        locked += 1
    elif status == 101:
        fail("a guessed code opened the room")
secs = time.time() - start
space = len(LETTERS) ** len(CODE)
rate = looked_at / secs
print(f"attack: {tries} guesses in {secs:.1f} s: {looked_at} looked at ({rate:.2f} per second), "
      f"{locked} refused unread (locked out); the code has {space:,} values "
      f"(about {space / max(rate, 1e-9) / 86400 / 365:,.0f} years at that rate)", flush=True)

if failures:
    print(f"attack: {len(failures)} attacks got through", flush=True)
    sys.exit(1)
print("attack: every attack failed", flush=True)
