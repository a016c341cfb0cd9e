#!/usr/bin/env python3
"""The service under attack (scripts/checks/serve-attacks.sh runs this).

One check per class of attack docs/reliability.md lists ("The service under attack"), each
asserting the bound it documents. Standard library only; hostile clients are raw sockets
from 127.0.0.1, the clean client connects from 127.0.0.2. Bounds are generous (the CI
machine has two loaded cores): they catch a server that hangs or serves the attacker, not a
slow one. Prints `ok NAME` / `FAIL NAME: why` and `N passed, N failed`.
"""
import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
US = "policies/us-federal-holidays.lua"
# ~9 M instructions a day: under the per-call budget (10 M); only the deadline stops a month.
SLOW = "function canSelect(day) local x = 0 for i = 1, 3000000 do x = x + i end return true end\n"
results = []


def check(name):
    def wrap(fn):
        results.append((name, fn))
        return fn
    return wrap


def expect(condition, why):
    if not condition:
        raise AssertionError(why)


def eventually(probe, timeout=5):
    """`probe()` once it is true, or its last value at the deadline. Log lines go through a
    sink whose writer runs off the request thread: they land moments after the answer."""
    deadline = time.time() + timeout
    value = probe()
    while not value and time.time() < deadline:
        time.sleep(0.02)
        value = probe()
    return value


class Server:
    def __init__(self, binary, args, env=None):
        self.err_path = tempfile.mktemp(prefix="serve-attack-", suffix=".err")
        self.err = open(self.err_path, "wb")
        self.proc = subprocess.Popen([binary] + args, cwd=ROOT, stdout=subprocess.PIPE, stderr=self.err, env=env)
        line = self.proc.stdout.readline().decode()
        if not line.startswith("listening on http://"):
            raise RuntimeError(f"unexpected first line {line!r}: {open(self.err_path).read()[-2000:]}")
        self.port = int(line.strip().rsplit(":", 1)[1])
        self.diag_port = None
        if "--diagnostic-addr" in args:
            self.diag_port = int(self.proc.stdout.readline().decode().strip().rsplit(":", 1)[1])

    def stderr(self):
        with open(self.err_path, "rb") as f:
            return f.read().decode("utf-8", errors="replace")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.err.close()


def connect(port, source="127.0.0.1", timeout=10):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def read_all(s, limit=10):
    """Everything until the peer closes (or `limit` seconds): bytes, and whether it closed."""
    s.settimeout(limit)
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return data, True
            data += chunk
    except (socket.timeout, ConnectionResetError):
        return data, False


def exchange(port, path, source="127.0.0.1", headers=None, timeout=10, method="GET", body=b""):
    """One request on a fresh connection: (status, headers dict, body, seconds)."""
    started = time.monotonic()
    s = connect(port, source, timeout)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        for name, value in (headers or {}).items():
            head += f"{name}: {value}\r\n"
        if body:
            head += f"Content-Length: {len(body)}\r\n"
        s.sendall(head.encode() + b"\r\n" + body)
        data, _ = read_all(s, timeout)
    finally:
        s.close()
    elapsed = time.monotonic() - started
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode(errors="replace").split("\r\n")
    status = int(lines[0].split()[1]) if lines and lines[0].startswith("HTTP/") else 0
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields, rest, elapsed


def metric(port, name):
    _, _, body, _ = exchange(port, "/metrics")
    total = 0.0
    for line in body.decode().splitlines():
        if line.startswith(name):
            total += float(line.rsplit(" ", 1)[1])
    return total


def parallel(count, fn):
    out = [None] * count
    def run(i):
        try:
            out[i] = fn(i)
        except Exception as e:  # noqa: BLE001 - recorded and asserted on
            out[i] = e
    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    return threads, out


# ---------------------------------------------------------------- slow and idle clients

@check("slow clients: trickling and idle connections from one address never lock others out")
def slow_clients(ctx):
    s = ctx.main
    hostile = []
    def trickle_all():
        for _ in range(6):
            for c in list(hostile):
                try:
                    c.send(b"X-Trickle: 1\r\n")
                except OSError:
                    pass
            time.sleep(0.5)
    for i in range(ctx.args.hostile):
        try:
            c = connect(s.port)
            c.send(b"GET /health HTTP/1.1\r\n" if i % 2 == 0 else b"")
            hostile.append(c)
        except OSError:
            break
    trickler = threading.Thread(target=trickle_all, daemon=True)
    trickler.start()
    time.sleep(0.3)
    # Another address: its own per-client budget, answered at once.
    worst = 0.0
    for _ in range(5):
        status, _, _, took = exchange(s.port, "/health", source="127.0.0.2")
        expect(status == 200, f"/health from 127.0.0.2 answered {status}")
        worst = max(worst, took)
    ctx.figures["health from 127.0.0.2 under slowloris, worst of 5 (s)"] = round(worst, 4)
    expect(worst < 1.0, f"/health from 127.0.0.2 took {worst:.3f} s under {len(hostile)} trickling connections (bound 1 s)")
    # The same address: a new connection evicts the oldest waiting one, so it is served too.
    status, _, _, took = exchange(s.port, "/health", source="127.0.0.1")
    ctx.figures["health from the attacker's address under slowloris (s)"] = round(took, 4)
    expect(status == 200 and took < ctx.head_timeout + 1, f"/health from 127.0.0.1: {status} after {took:.3f} s")
    # Past the head deadline every trickling connection has been closed by the sweeper.
    time.sleep(ctx.head_timeout + 1.0)
    open_left = 0
    for c in hostile:
        data, closed = read_all(c, 0.05)
        if not closed:
            open_left += 1
        c.close()
    expect(open_left == 0, f"{open_left} of {len(hostile)} trickling connections still open past the head deadline")
    closed = metric(s.port, 'calpolicy_connections_closed_total{reason="head_timeout"}') \
        + metric(s.port, 'calpolicy_connections_closed_total{reason="per_client_limit"}')
    # (a few are closed by libmicrohttpd itself: a trickled header line is not a request line)
    expect(closed >= len(hostile) // 2, f"metrics count {closed} closed connections for {len(hostile)}")


@check("limits are flags with defaults and show in /v1/status")
def limits_in_status(ctx):
    status, _, body, _ = exchange(ctx.main.port, "/v1/status")
    doc = json.loads(body)
    limits = doc.get("limits", {})
    expect(status == 200 and limits.get("headTimeout") == "2"
           and limits.get("maxConnectionsPerClient") == 32 and limits.get("stackQueue") == 8, f"limits {limits}")


@check("diagnostic listener: /health answers there while the main one is flooded")
def diagnostic(ctx):
    s = ctx.main
    status, _, body, took = exchange(s.diag_port, "/health")
    expect(status == 200 and took < 1.0, f"diagnostic /health {status} in {took:.3f} s")
    status, _, _, _ = exchange(s.diag_port, "/v1/month?month=2026-12")
    expect(status == 404, f"diagnostic listener answered a decision route: {status}")


# ---------------------------------------------------------------- one tenant against the others

@check("fair sharing: a slow stack waits only on itself; its queue has a deadline")
def fairness(ctx):
    s = ctx.main
    threads, out = parallel(8, lambda i: exchange(s.port, f"/v1/month?stack=slow&month=2026-{i % 9 + 1:02d}", timeout=20))
    time.sleep(0.3)
    status, _, _, took_clean = exchange(s.port, "/v1/month?stack=clean&month=2025-03")
    status_h, _, _, took_health = exchange(s.port, "/health")
    queued = metric(s.port, 'calpolicy_stack_queue_length{stack="slow"}') \
        + metric(s.port, 'calpolicy_stack_workers_busy{stack="slow"}')
    for t in threads:
        t.join()
    ctx.figures["clean stack /v1/month while the slow stack is saturated (s)"] = round(took_clean, 4)
    ctx.figures["/health while the slow stack is saturated (s)"] = round(took_health, 4)
    expect(status == 200 and took_clean < 1.0, f"clean stack: {status} after {took_clean:.3f} s (bound 1 s)")
    expect(status_h == 200 and took_health < 0.5, f"/health: {status_h} after {took_health:.3f} s (bound 0.5 s)")
    expect(queued >= 2, f"the slow stack's queue and workers were not seen in /metrics ({queued})")
    # 24 at once: none waits past the deadline (1 s) by more than a generous margin.
    threads, out = parallel(24, lambda i: exchange(s.port, f"/v1/month?stack=slow&month=2027-{i % 12 + 1:02d}&today=2026-12-{i % 28 + 1:02d}", timeout=20))
    for t in threads:
        t.join()
    errors = [o for o in out if isinstance(o, Exception)]
    expect(not errors, f"errors: {errors[:2]}")
    slowest = max(o[3] for o in out)
    ctx.figures["slowest of 24 slow-stack requests, --timeout 1 (s)"] = round(slowest, 3)
    expect(slowest < 3.0, f"a request waited {slowest:.2f} s with --timeout 1")
    expect(all(o[0] == 200 or o[0] == 503 and "retry-after" in o[1] for o in out), f"statuses {[o[0] for o in out]}")
    expect(sum(o[0] == 503 for o in out) >= 12, f"statuses {[o[0] for o in out]}")


@check("fair sharing: an overlay naming a slow stack and a clean one never holds the clean stack's workers")
def overlay_fairness(ctx):
    s = ctx.main
    # Both orders: the overlay used to run on the first stack's worker holding a set of each.
    threads, out = parallel(8, lambda i: exchange(
        s.port, f"/v1/overlay?stacks={'slow,clean' if i % 2 else 'clean,slow'}&month=2029-{i % 12 + 1:02d}", timeout=20))
    time.sleep(0.3)
    worst = 0.0
    statuses = []
    for i in range(4):
        status, _, _, took = exchange(s.port, f"/v1/month?stack=clean&month=2024-{i + 1:02d}")
        statuses.append(status)
        worst = max(worst, took)
    for t in threads:
        t.join()
    ctx.figures["clean stack /v1/month while 8 overlays name the slow stack beside it, worst of 4 (s)"] = round(worst, 4)
    expect(statuses == [200] * 4 and worst < 0.5, f"clean stack: {statuses}, worst {worst:.3f} s (bound 0.5 s)")
    expect(all(not isinstance(o, Exception) and (o[0] == 200 or o[0] == 503) for o in out),
           f"overlays: {[o if isinstance(o, Exception) else o[0] for o in out]}")
    # The overlay itself still answers: clean with clean, and the next day both stacks allow.
    status, _, body, _ = exchange(s.port, "/v1/overlay?stacks=clean&month=2026-12")
    doc = json.loads(body)
    expect(status == 200 and len(doc["days"]) == 31, f"clean overlay: {status} {body[:200]}")
    status, _, body, _ = exchange(s.port, "/v1/overlay?stacks=clean&nextCommonOpen=2026-12-25")
    expect(status == 200 and json.loads(body)["nextCommonOpen"] == "2026-12-26", f"nextCommonOpen: {status} {body[:200]}")


# ---------------------------------------------------------------- one canonical request

@check("canonical request: a repeated parameter is a 400 naming it; keys never mix two questions")
def canonical(ctx):
    p = ctx.main.port
    for query in ["month=2026-11&month=2026-12", "month=2026-12&month=2026-11", "month=2026-12&month=2026-12"]:
        status, _, body, _ = exchange(p, f"/v1/month?stack=clean&{query}")
        err = json.loads(body)["error"]
        expect(status == 400 and err["parameter"] == "month" and "more than once" in err["message"], f"{query}: {status} {err}")
    _, h11, b11, _ = exchange(p, "/v1/month?stack=clean&month=2026-11")
    _, h12, b12, _ = exchange(p, "/v1/month?stack=clean&month=2026-12")
    expect(h11["etag"] != h12["etag"] and b11 != b12, "two months share an ETag or a body")
    _, hg, bg, _ = exchange(p, "/v1/month?stack=clean&calendar=gregorian&month=2026-12")
    expect(hg["etag"] == h12["etag"] and bg == b12, "two spellings of one question have different ETags")
    status, _, _, _ = exchange(p, "/v1/month?stack=clean&month=2026-12", headers={"If-None-Match": h12["etag"]})
    expect(status == 304, f"a matching ETag answered {status}")
    for path, want in [("/v1/month?stack=clean&month=2026-13", 400), ("/v1/month?stack=clean&mnth=1", 400),
                       ("/v1/year?stack=slow&year=2031", 503)]:
        status, _, _, _ = exchange(p, path, headers={"If-None-Match": "*"}, timeout=20)
        expect(status == want, f"If-None-Match: * on {path} answered {status}, not {want}")


@check("cache identity: questions never share an answer or an ETag; revalidate's blank lines are part of the question")
def cache_identity(ctx):
    p = ctx.main.port
    # 25 December (closed all day) among open days, each asked twice: the second from the cache.
    days = ["2026-12-24", "2026-12-25", "2026-12-26", "2026-12-28", "2027-01-01", "2027-01-04"]
    answers, tags = {}, {}
    for _ in range(2):
        for day in days:
            status, headers, body, _ = exchange(p, f"/v1/gate?stack=clean&at={day}T15:00:00Z")
            expect(status == 200, f"{day}: {status} {body[:120]}")
            doc = json.loads(body)
            expect(answers.setdefault(day, doc) == doc, f"{day} answered {doc} after {answers[day]}")
            expect(tags.setdefault(day, headers["etag"]) == headers["etag"], f"{day}: the ETag changed")
    expect(answers["2026-12-25"]["open"] is False and answers["2026-12-24"]["open"] is True
           and answers["2026-12-25"]["reason"], f"25 Dec: {answers['2026-12-25']}, 24 Dec: {answers['2026-12-24']}")
    expect(len(set(tags.values())) == len(days), f"ETags shared: {tags}")
    expect(all(re.fullmatch(r'"[0-9a-f]{32}"', t) for t in tags.values()), f"ETags are not 128-bit digests: {tags}")
    for day in days:
        for other in days:
            if other == day:
                continue
            status, _, body, _ = exchange(p, f"/v1/gate?stack=clean&at={other}T15:00:00Z", headers={"If-None-Match": tags[day]})
            expect(status == 200 and json.loads(body) == answers[other], f"{other} with {day}'s ETag: {status}")
    line = '{"id": "xmas", "mode": "range", "range": ["2026-12-24", "2026-12-28"]}'
    for blank in [0, 3, 1, 0, 2, 3]:
        body = ("\n" * blank + line + "\n").encode()
        status, headers, data, _ = exchange(p, "/v1/revalidate?stack=clean", method="POST", body=body,
                                            headers={"Content-Type": "application/x-ndjson"})
        refused = json.loads(data)["refused"] if status == 200 else []
        expect(status == 200 and refused and refused[0]["line"] == blank + 1,
               f"{blank} blank lines: {status} {refused} (the line is {blank + 1})")


@check("error text: an error echoing client input stays within 4 KiB, its parameter within 256 bytes")
def bounded_errors(ctx):
    p = ctx.main.port
    long = "x" * 20000
    cases = [("GET", f"/v1/overlay?stacks=clean,{long}", b"", {}),
             ("GET", f"/v1/overlay?stacks={'clean,' * 3000}clean", b"", {}),
             ("GET", f"/v1/month?stack=clean&month={long}", b"", {}),
             ("GET", f"/v1/month?stack=clean&{long}=1", b"", {}),
             ("GET", f"/v1/month?stack={long}", b"", {}),
             ("GET", f"/v1/gate?stack=clean&at={long}", b"", {}),
             ("GET", f"/v1/gate?stack=clean&at=2026-12-01T10:00:00Z&timeZone={long}", b"", {}),
             ("GET", f"/{long}", b"", {}),
             ("POST", "/v1/select?stack=clean", json.dumps({long: 1}).encode(), {"Content-Type": "application/json"}),
             ("POST", "/v1/select?stack=clean", json.dumps({"mode": long}).encode(), {"Content-Type": "application/json"}),
             ("POST", "/v1/revalidate?stack=clean", (long + "\n").encode(), {"Content-Type": "application/x-ndjson"}),
             ("POST", "/v1/revalidate?stack=clean", json.dumps({"id": long, "mode": "single", "selection": [long]}).encode(),
              {"Content-Type": "application/x-ndjson"})]
    for method, path, body, headers in cases:
        status, _, data, _ = exchange(p, path, method=method, body=body, headers=headers)
        name = f"{method} {path[:50]}..."
        expect(400 <= status < 500, f"{name}: {status}")
        err = json.loads(data)["error"]
        expect(len(err["message"].encode()) <= 4096 and len((err.get("parameter") or "").encode()) <= 256
               and len(data) < 5000, f"{name}: message {len(err['message'])} bytes, body {len(data)}")


@check("obs-fold: a field continued on a line starting with SP or HTAB is a 400 and the connection closes")
def obs_fold(ctx):
    p = ctx.main.port
    smuggled = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    heads = [
        b"POST /v1/select HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n 0\r\n\r\n{}",
        b"POST /v1/select HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length:\r\n\t2\r\n\r\n{}",
        b"GET /health HTTP/1.1\r\nHost:\r\n x\r\n\r\n",
        b"GET /health HTTP/1.1\r\nX-A: a\r\n b\r\nHost: x\r\n\r\n",
        b"GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\tc\r\n\r\n",
        b"GET /health HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer\r\n token\r\n\r\n",
        b"POST /v1/select HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n x\r\n\r\n0\r\n\r\n",
    ]
    for head in heads:
        answer, closed = raw(p, head + smuggled)
        statuses = re.findall(rb"HTTP/1\.[01] (\d{3})", answer)
        expect(statuses == [b"400"] and b"obs-fold" in answer and closed, f"{head[:60]!r}: {statuses}, closed={closed}")


@check("access log: every request has a line, also those libmicrohttpd refuses or ends itself")
def every_request_logged(ctx):
    p = ctx.main.port
    source = "127.0.0.3"
    def send(data, leave=False):
        c = connect(p, source)
        try:
            c.sendall(data)
            if not leave:
                read_all(c, 3)
        finally:
            c.close()
    sent = 0
    refused = [b"POST /v1/select HTTP/1.1\r\nHost: x\r\nContent-Length: +2\r\n\r\n{}",  # libmicrohttpd's own 400
               b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100000 + b"\r\n\r\n",  # its 431
               b"GET /" + b"u" * 100000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",  # its 414
               b"GARBAGE\r\n\r\n", b"GET /health HTTP/3.7\r\nHost: x\r\n\r\n",  # no request line taken
               b"POST /v1/select HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n",
               b"GET /health HTTP/1.1\r\n\r\n", b"GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n"]
    for i in range(40):
        if i % 2 == 0:
            status, _, _, _ = exchange(p, "/health", source=source)
            expect(status == 200, f"/health: {status}")
        else:
            send(refused[(i // 2) % len(refused)])
        sent += 1
    send(b"GET /health HTTP/1.1\r\nHost: x\r\n", leave=True)  # the client leaves mid-head
    sent += 1
    count = lambda: sum(1 for line in ctx.main.stderr().splitlines() if f"client={source}" in line)
    logged = eventually(lambda: count() >= sent and count(), timeout=ctx.head_timeout + 4) or count()
    ctx.figures["access-log lines for 41 requests, 20 refused or ended by libmicrohttpd"] = logged
    expect(logged == sent, f"{logged} access-log lines for {sent} requests")


@check("configuration: policies and values that look like options stay data; duplicate keys, wrong types, a public diagnostic address are refused")
def configuration(ctx):
    def run(args, config=None):
        if config is not None:
            path = os.path.join(ctx.work, "config-%d.json" % (abs(hash(config)) % 10**8))
            with open(path, "w") as f:
                f.write(config)
            args = ["--config", path] + args
        proc = subprocess.run([ctx.bin] + args + ["--listen", "127.0.0.1:0"], cwd=ROOT, capture_output=True,
                              timeout=20, stdin=subprocess.DEVNULL)
        return proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")
    us = os.path.join(ROOT, US)
    for word in ["--cors-origin=https://evil.example", "--today=1999-01-01", "--stack=evil=" + us, "--decision-log=/tmp/x",
                 "--insecure", "-"]:
        code, out, err = run([], json.dumps({"policies": [us, word]}))
        # The word is read as a file beside the configuration, which does not exist: refused, naming it.
        expect(code != 0 and "listening" not in out and err.startswith("calpolicy: ") and err.count("\n") == 1
               and word in err, f"policies entry {word!r}: exit {code}, {err[:200]!r}")
    for config, want in [('{"policies": ["%s"], "listen": "127.0.0.1:0", "listen": "0.0.0.0:80"}' % us, "'listen' is given twice"),
                         ('{"policies": ["%s"], "stack": "evil=%s"}' % (us, us), "'stack' must be an array of strings"),
                         ('{"policies": "%s"}' % us, "'policies' must be an array"),
                         ('{"policies": ["%s"], "watch": "true"}' % us, "'watch' must be a flag")]:
        code, out, err = run([], config)
        expect(code == 2 and want in err and err.count("\n") == 1, f"{config}: exit {code}, {err[:200]!r}")
    code, out, err = run([US, "--diagnostic-addr", "0.0.0.0:0"])
    expect(code == 2 and "--diagnostic-addr" in err and "loopback" in err, f"public diagnostic address: exit {code}, {err[:200]!r}")


@check("control characters: NUL, C0, C1 in a value or the path are a 400; logs escape what they show")
def controls(ctx):
    p = ctx.main.port
    for query in ["month=2026-12%00junk", "month=2026-12%0Ax", "month=2026-12%C2%85", "locale=en%1B%5B2J"]:
        status, _, body, _ = exchange(p, f"/v1/month?stack=clean&{query}")
        expect(status == 400 and json.loads(body)["error"]["parameter"] in ("month", "locale"), f"{query}: {status} {body[:120]}")
    status, _, _, _ = exchange(p, "/health%00x")
    expect(status == 400, f"/health%00x answered {status}")
    marker = "zq%E2%80%AEzq%E2%80%A8zq%C2%9Bzq"
    exchange(p, f"/v1/month?stack=clean&note={marker}")
    text = eventually(lambda: (lambda t: t if "zq" in t else "")(ctx.main.stderr())) or ctx.main.stderr()
    expect("zq" in text, "the access log has no line for the request")
    bad = [c for c in text if c in "\u202e\u2028\u009b\u0085\x1b"]
    expect(not bad, f"raw controls reached stderr: {[hex(ord(c)) for c in bad]}")
    read = lambda: open(ctx.decision_log, encoding="utf-8").read()
    decisions = eventually(lambda: (lambda t: t if "zq" in t else "")(read())) or read()
    expect("zq" in decisions and not any(c in decisions for c in "\u202e\u2028\u009b"), "the decision log holds raw controls")


# ---------------------------------------------------------------- strict framing

def raw(port, data, wait=3):
    s = connect(port)
    try:
        s.sendall(data)
        return read_all(s, wait)
    finally:
        s.close()


@check("framing: CL+TE, duplicate or bad Content-Length, missing or duplicate Host, two Authorizations: 400 and closed")
def framing(ctx):
    p = ctx.main.port
    smuggled = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    cases = {
        "CL+TE": b"POST /v1/select HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled,
        "TE+CL": b"POST /v1/select HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n0\r\n\r\n" + smuggled,
        "two CL": b"POST /v1/select HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}" + smuggled,
        "bad CL": b"POST /v1/select HTTP/1.1\r\nHost: x\r\nContent-Length: +2\r\n\r\n{}" + smuggled,
        "no Host": b"GET /health HTTP/1.1\r\n\r\n" + smuggled,
        "two Hosts": b"GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n" + smuggled,
        "two Authorizations": b"GET /health HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\n\r\n" + smuggled,
        "TE gzip": b"POST /v1/select HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n" + smuggled,
    }
    for name, data in cases.items():
        answer, closed = raw(p, data)
        statuses = re.findall(rb"HTTP/1\.[01] (\d{3})", answer)
        # (libmicrohttpd answers a malformed Content-Length itself, in HTML, and writes its status line twice)
        expect(statuses[:1] == [b"400"], f"{name}: answered {statuses} {answer[:200]!r}")
        expect(b"200" not in statuses and closed, f"{name}: {statuses}, closed={closed} (a smuggled request was served)")
    many = b"GET /health HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(100)) + b"\r\n"
    answer, closed = raw(p, many)
    expect(answer.startswith(b"HTTP/1.1 431") and closed, f"100 header fields: {answer[:60]!r}")
    big = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n"
    answer, closed = raw(p, big)
    expect(answer.startswith(b"HTTP/1.1 431"), f"20 KB of headers: {answer[:60]!r}")
    expect(b'"header_fields_too_large"' in answer, f"20 KB of headers: not our JSON 431: {answer[:200]!r}")
    # Just under the bounds (64 fields, ~16,320 bytes of names and values, a 4 KB target): served.
    # libmicrohttpd's connection memory must hold such a head whole (HTTPLimits.maxHeaderBytes).
    fields = [b"X-Near-%02d" % i for i in range(62)]
    value = b"a" * ((16300 - len("Host") - 1 - sum(map(len, fields))) // 62)
    near = (b"GET /health?q=" + b"b" * 4000 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
            + b"".join(name + b": " + value + b"\r\n" for name in fields) + b"\r\n")
    answer, closed = raw(p, near)
    expect(answer.startswith(b"HTTP/1.1 200"), f"a head just under the bounds: {answer[:120]!r}")


# ---------------------------------------------------------------- log sinks

@check("decision log on /dev/full: answers go on, drops are counted and said once on stderr")
def log_full(ctx):
    s = Server(ctx.bin, [US, "--listen", "127.0.0.1:0", "--today", "2026-12-01", "--decision-log", "/dev/full"])
    try:
        for i in range(20):
            status, _, _, took = exchange(s.port, f"/v1/month?month=2026-{i % 12 + 1:02d}")
            expect(status == 200 and took < 2, f"answer {i}: {status} in {took:.2f} s")
        eventually(lambda: metric(s.port, 'calpolicy_log_lines_dropped_total{log="decision"}') >= 20)
        dropped = metric(s.port, 'calpolicy_log_lines_dropped_total{log="decision"}')
        expect(dropped >= 20, f"dropped {dropped}")
        eventually(lambda: "dropped" in s.stderr())
        notices = [l for l in s.stderr().splitlines() if "decision log:" in l and "dropped" in l]
        expect(len(notices) == 1, f"notices on stderr: {notices}")
    finally:
        s.stop()
    r = Server(ctx.bin, [US, "--listen", "127.0.0.1:0", "--today", "2026-12-01", "--decision-log", "/dev/full",
                         "--decision-log-required"])
    try:
        exchange(r.port, "/v1/month?month=2026-01")  # the first line fails: the sink turns unhealthy
        eventually(lambda: metric(r.port, 'calpolicy_log_lines_dropped_total{log="decision"}') >= 1)
        status, _, body, _ = exchange(r.port, "/v1/month?month=2026-02")
        expect(status == 503 and b"decision_log_unavailable" in body, f"required log on /dev/full answered {status}")
        status, _, _, _ = exchange(r.port, "/health")
        expect(status == 200, "health")
    finally:
        r.stop()


@check("decision log on a stalled FIFO: requests never hang; lines are dropped and counted")
def log_fifo(ctx):
    fifo = os.path.join(ctx.work, "stalled.fifo")
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # opened, never read
    s = Server(ctx.bin, [US, "--listen", "127.0.0.1:0", "--today", "2026-12-01", "--decision-log", fifo,
                         "--log-buffer", "64"])
    try:
        body = json.dumps({"mode": "multiple", "taps": ["2026-12-0%d" % (i % 9 + 1) for i in range(400)]}).encode()
        worst = 0.0
        for i in range(300):
            status, _, _, took = exchange(s.port, f"/v1/days?from=2026-01-01&to=2026-12-31&today=2026-12-{i % 28 + 1:02d}",
                                          timeout=20)
            worst = max(worst, took)
            expect(status == 200, f"request {i}: {status}")
        status, _, _, took = exchange(s.port, "/v1/select", method="POST", body=body,
                                      headers={"Content-Type": "application/json"})
        expect(status == 200 and worst < 5, f"worst {worst:.2f} s")
        dropped = metric(s.port, 'calpolicy_log_lines_dropped_total{log="decision"}')
        ctx.figures["decision lines dropped on a stalled FIFO (of 301)"] = int(dropped)
        expect(dropped > 0, "a pipe of 64 KiB and a buffer of 64 lines held 301 lines? nothing was dropped")
    finally:
        s.stop()
        os.close(reader)


# ---------------------------------------------------------------- unbounded work, files that are not files

def peak_rss_mib(proc):
    with open(f"/proc/{proc.pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    return -1


@check("did-you-mean on 60,000-character zones: four at once are quick 400s; /health stays fast")
def huge_did_you_mean(ctx):
    s = ctx.main
    zone = "Europe/Berl" + "x" * 60000
    threads, out = parallel(4, lambda i: exchange(s.port, f"/v1/month?stack=clean&month=2026-{i + 1:02d}&timeZone={zone}",
                                                  timeout=30))
    time.sleep(0.05)
    status, _, _, health = exchange(s.port, "/health")
    for t in threads:
        t.join()
    expect(status == 200, f"/health {status}")
    expect(all(not isinstance(o, Exception) for o in out), f"{out}")
    worst = max(o[3] for o in out)
    ctx.figures["4 concurrent /v1/month with a 60,000-character timeZone, worst (s)"] = round(worst, 3)
    ctx.figures["/health meanwhile (s)"] = round(health, 4)
    expect(all(o[0] == 400 for o in out), f"statuses {[o[0] for o in out]}")
    expect(worst < 2 and health < 1, f"worst {worst:.2f} s, /health {health:.2f} s (was 6.8 s a request)")


@check("policies with huge names: a 300,000-character zone and 100 KB cal.holidays places fail fast, one request each")
def huge_policy_names(ctx):
    zone = os.path.join(ctx.work, "huge-zone.lua")
    with open(zone, "w") as f:
        f.write("return { zone = '" + "Europe/Berl" + "x" * 300000 + "', canSelect = function(day) return true end }\n")
    place = os.path.join(ctx.work, "huge-place.lua")
    with open(place, "w") as f:
        f.write("return { canSelect = function(day) local h = cal.holidays('DE-B' .. string.rep('x', 100000)) "
                "return true end }\n")
    started = time.monotonic()
    r = subprocess.run([ctx.bin, zone, "--listen", "127.0.0.1:0"], cwd=ROOT, capture_output=True, timeout=30)
    took = time.monotonic() - started
    ctx.figures["calpolicy-serve refusing a policy with a 300,000-character zone (s)"] = round(took, 3)
    expect(r.returncode != 0 and took < 5, f"exit {r.returncode} after {took:.2f} s: {r.stderr[-300:]!r}")
    s = Server(ctx.bin, [place, "--listen", "127.0.0.1:0", "--today", "2026-12-01"])
    try:
        status, _, body, took = exchange(s.port, "/v1/month?month=2026-12", timeout=30)
        ctx.figures["/v1/month whose canSelect asks cal.holidays for a 100 KB place (s)"] = round(took, 3)
        expect(400 <= status < 600 and took < 2, f"{status} after {took:.2f} s: {body[:200]}")
        expect(b"unknown subdivision" in body, f"{body[:300]}")
    finally:
        s.stop()


@check("revalidate bodies of 400-year ranges at the 64 KiB limit: two at once stay far under 200 MiB; /health stays fast")
def revalidate_memory(ctx):
    lines, size, i = [], 0, 0
    while True:
        year = 1 + (i * 7) % 9599
        line = '{"id":"r%d","mode":"range","range":["%04d-01-01","%04d-12-30"]}' % (i, year, year + 399)
        if size + len(line) + 1 > 65536:
            break
        lines.append(line)
        size += len(line) + 1
        i += 1
    body = ("\n".join(lines) + "\n").encode()
    s = Server(ctx.bin, [US, "--listen", "127.0.0.1:0", "--today", "2026-12-01", "--timeout", "2"])
    try:
        before = peak_rss_mib(s.proc)
        threads, out = parallel(2, lambda i: exchange(s.port, "/v1/revalidate", method="POST", body=body, timeout=30,
                                                      headers={"Content-Type": "application/x-ndjson"}))
        time.sleep(0.2)
        status, _, _, health = exchange(s.port, "/health")
        for t in threads:
            t.join()
        peak = peak_rss_mib(s.proc)
        ctx.figures[f"server peak RSS before / after two {len(body)}-byte bodies of {len(lines)} 400-year ranges (MiB)"] = \
            f"{before} / {peak}"
        ctx.figures["/health during them (s)"] = round(health, 4)
        expect(all(not isinstance(o, Exception) and o[0] in (200, 503) for o in out),
               f"{[o if isinstance(o, Exception) else (o[0], o[2][:120]) for o in out]}")
        expect(peak < 200 and status == 200 and health < 1, f"peak {peak} MiB (was 2.4 GiB), /health {health:.2f} s")
    finally:
        s.stop()


@check("files that are not files: a FIFO, a folder or /dev/zero as --config, --token-file or a policy ends at once")
def not_files(ctx):
    fifo = os.path.join(ctx.work, "not-a-file.fifo")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    cases = {
        "--config FIFO": ["--config", fifo],
        "--config folder": ["--config", ctx.work],
        "--config /dev/zero": ["--config", "/dev/zero"],
        "--token-file FIFO": [US, "--token-file", fifo],
        "--token-file /dev/zero": [US, "--token-file", "/dev/zero"],
        "policy FIFO": [fifo],
    }
    worst = 0.0
    for name, args in cases.items():
        started = time.monotonic()
        try:
            r = subprocess.run([ctx.bin, *args, "--listen", "127.0.0.1:0"], cwd=ROOT, capture_output=True, timeout=10)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{name}: still running after 10 s (blocked opening it?)")
        took = time.monotonic() - started
        worst = max(worst, took)
        err = r.stderr.decode(errors="replace")
        expect(r.returncode == 2 and err.count("\n") == 1 and err.startswith("calpolicy: "),
               f"{name}: exit {r.returncode}, stderr {err[-300:]!r}")
    ctx.figures["serve refusing FIFO/folder/device file inputs, worst (s)"] = round(worst, 3)


# ---------------------------------------------------------------- reloads stay live

# Candidates that cost time rather than Lua instructions (a C sort spends ~30 ms under a handful
# of them), or host work a policy can make slow: each must cost at most its run's budget (5 s),
# off the thread that pings the watchdog, and a newer edit abandons it at once.
SORTS = "local T = {} for i = 1, 200000 do T[i] = i end\n"
OPEN = "canSelect = function(day) return true end"
SLOW_CANDIDATES = {
    "top-level chunk sorting for minutes": SORTS + "for _ = 1, 100000 do table.sort(T) end\nreturn { " + OPEN + " }\n",
    "canSelect sorting for seconds a day": SORTS + "return { canSelect = function(day) for _ = 1, 200 do table.sort(T) end return true end }\n",
    "zone of 300,000 characters": "return { zone = '" + "x" * 300000 + "', " + OPEN + " }\n",
    "256 functions with 60 KB names": "".join(f"_G['f{i}' .. string.rep('n', 60000)] = function() end\n" for i in range(256))
                                      + "return { " + OPEN + " }\n",
}


def live_policy(label):
    return f'return {{ decorationFor = function(day) return {{ label = "{label}" }} end }}\n'


@check("reloads stay live: WATCHDOG=1 keeps its period while slow candidates load; a newer good edit goes live at once")
def reload_liveness(ctx):
    notify = os.path.join(ctx.work, "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(notify)
    listener.settimeout(0.2)
    pings, done = [], threading.Event()

    def collect():
        while not done.is_set():
            try:
                data = listener.recv(4096)
            except socket.timeout:
                continue
            if data == b"WATCHDOG=1":
                pings.append(time.monotonic())
    collector = threading.Thread(target=collect)
    collector.start()
    policy = os.path.join(ctx.work, "live.lua")
    with open(policy, "w") as f:
        f.write(live_policy("v0"))
    env = dict(os.environ, NOTIFY_SOCKET=notify, WATCHDOG_USEC="1000000")
    env.pop("WATCHDOG_PID", None)
    s = Server(ctx.bin, ["--stack", f"live={policy}", "--listen", "127.0.0.1:0", "--today", "2026-12-01", "--watch",
                         "--stack-workers", "2"], env=env)

    def label():
        status, _, body, _ = exchange(s.port, "/v1/days?from=2026-12-02&to=2026-12-02&stack=live", timeout=5)
        if status != 200:
            return f"status {status}"
        return (json.loads(body)["days"][0]["decoration"] or {}).get("label")  # a fast candidate may go live

    def last_reload():
        return json.loads(exchange(s.port, "/v1/status")[2])["stacks"][0]["lastReload"] or {}

    def write(text):
        with open(policy + ".new", "w") as f:
            f.write(text)
        os.replace(policy + ".new", policy)  # a new inode: --watch sees every edit

    try:
        window = time.monotonic()
        # Each slow candidate, superseded one second in by a good edit.
        for number, (shape, text) in enumerate(SLOW_CANDIDATES.items(), start=1):
            write(text)
            time.sleep(1.0)
            status, _, _, took = exchange(s.port, "/v1/days?from=2026-12-02&to=2026-12-02&stack=live", timeout=5)
            expect(status == 200 and took < 1.0, f"{shape}: the live version answered {status} in {took:.2f} s while it loaded")
            if "sorting" in shape:
                stack = json.loads(exchange(s.port, "/v1/status")[2])["stacks"][0]
                expect(stack["reloading"] is True, f"{shape}: /v1/status does not say a reload is building: {stack}")
            write(live_policy(f"v{number}"))
            written = time.monotonic()
            seen = eventually(lambda: label() == f"v{number}", timeout=10)
            took = time.monotonic() - written
            ctx.figures[f"good edit live after a slow candidate ({shape}) (s)"] = round(took, 2)
            expect(seen and took < 3.0, f"{shape}: the good edit went live after {took:.2f} s (bound 3 s): {label()}")
            if "sorting" in shape:  # still loading when superseded, then stopped at its next instruction
                expect(eventually(lambda: metric(s.port, 'calpolicy_reloads_total{stack="live",result="superseded"}') >= number),
                       f"{shape}: the slow candidate was not abandoned")
        ctx.figures["slow candidates abandoned for a newer edit (of 4)"] = \
            metric(s.port, 'calpolicy_reloads_total{stack="live",result="superseded"}')
        # A slow candidate nobody supersedes: refused at its budget (5 s), the last good version answering.
        write(SLOW_CANDIDATES["top-level chunk sorting for minutes"])
        written = time.monotonic()
        refused = eventually(lambda: last_reload().get("result") == "refused", timeout=15)
        took = time.monotonic() - written
        ctx.figures["slow candidate refused after (s)"] = round(took, 2)
        expect(refused and took < 8.0, f"the slow candidate was refused after {took:.2f} s (budget 5 s): {last_reload()}")
        expect(label() == f"v{len(SLOW_CANDIDATES)}", "the last good version does not answer")
        # A candidate whose hoursFor fails on a sampled day never goes live, and says why.
        write('return { hoursFor = function(day) if day.iso == "2027-03-01" then error("no hours") end end }\n')
        refused = eventually(lambda: "hoursFor for 2027-03-01" in (last_reload().get("error") or ""), timeout=10)
        expect(refused and last_reload().get("result") == "refused", f"lastReload {last_reload()}")
        expect(label() == f"v{len(SLOW_CANDIDATES)}", "a candidate failing a sample day went live")
        expect(eventually(lambda: "sample day" in s.stderr()), "no log line for the refused candidate")
        ended = time.monotonic()
    finally:
        s.stop()
        done.set()
        collector.join()
        listener.close()
    during = [t for t in pings if window <= t <= ended]
    gaps = [b - a for a, b in zip([window] + during, during + [ended])]
    worst = max(gaps)
    ctx.figures["longest WATCHDOG=1 gap during slow reloads, WATCHDOG_USEC=1s (s)"] = round(worst, 2)
    expect(worst < 1.0, f"WATCHDOG=1 stopped for {worst:.2f} s (WATCHDOG_USEC is 1 s)")
    expect(len(during) >= (ended - window) / 0.5 * 0.8, f"{len(during)} pings in {ended - window:.1f} s (every 0.5 s)")


# ---------------------------------------------------------------- graceful stop

@check("SIGTERM with 20 requests in flight: /ready false, new connections refused, every request answered, exit within the drain bound")
def shutdown(ctx):
    s = Server(ctx.bin, ["--stack", f"slow={ctx.slow}", "--listen", "127.0.0.1:0", "--today", "2026-12-01",
                         "--timeout", "3", "--stack-workers", "2", "--stack-queue", "32"])
    keep = connect(s.port)
    threads, out = parallel(20, lambda i: exchange(s.port, f"/v1/month?month=2028-{i % 12 + 1:02d}&today=2026-11-{i + 1:02d}",
                                                   timeout=20))
    time.sleep(0.5)
    started = time.monotonic()
    s.proc.send_signal(signal.SIGTERM)
    time.sleep(0.2)
    keep.sendall(b"GET /ready HTTP/1.1\r\nHost: x\r\n\r\n")
    ready, _ = read_all(keep, 3)
    try:  # the listener stopped at the signal: a new connection is refused, not queued
        socket.create_connection(("127.0.0.1", s.port), timeout=2).close()
        late = "taken"
    except ConnectionRefusedError:
        late = "refused"
    except OSError as error:
        late = repr(error)
    for t in threads:
        t.join()
    code = s.proc.wait(timeout=15)
    took = time.monotonic() - started
    s.err.close()
    ctx.figures["SIGTERM to exit with 20 in flight (s)"] = round(took, 2)
    expect(code == 0 and took < 6.0, f"exit {code} after {took:.2f} s (bound: 5 s of draining)")
    expect(ready.startswith(b"HTTP/1.1 503") or ready == b"", f"/ready after SIGTERM: {ready[:40]!r}")
    expect(late == "refused", f"a new connection after SIGTERM was {late}, not refused")
    statuses = [o[0] if not isinstance(o, Exception) else repr(o) for o in out]
    expect(all(st in (200, 503) for st in statuses), f"requests cut without an answer: {statuses}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--hostile", type=int, default=400)
    parser.add_argument("--filter", default="")
    args = parser.parse_args()
    os.chdir(ROOT)
    ctx = argparse.Namespace(args=args, bin=os.path.join(args.bin, "calpolicy-serve"), figures={}, head_timeout=2.0)
    ctx.work = tempfile.mkdtemp(prefix="serve-attacks-")
    ctx.slow = os.path.join(ctx.work, "slow.lua")
    with open(ctx.slow, "w") as f:
        f.write(SLOW)
    ctx.decision_log = os.path.join(ctx.work, "decisions.jsonl")
    ctx.main = Server(ctx.bin, ["--stack", f"clean={US}", "--stack", f"slow={ctx.slow}", "--listen", "127.0.0.1:0",
                                "--today", "2026-12-01", "--threads", "2", "--timeout", "1", "--stack-workers", "2",
                                "--stack-queue", "8", "--max-connections-per-client", "32", "--head-timeout", "2",
                                "--send-timeout", "5", "--decision-log", ctx.decision_log,
                                "--diagnostic-addr", "127.0.0.1:0"])
    passed = failed = 0
    try:
        for name, fn in results:
            if args.filter and args.filter not in name:
                continue
            try:
                fn(ctx)
                print(f"ok {name}", flush=True)
                passed += 1
            except Exception as e:  # noqa: BLE001 - every failure is reported
                print(f"FAIL {name}: {e}", flush=True)
                failed += 1
    finally:
        ctx.main.stop()
    for name, value in ctx.figures.items():
        print(f"  {name}: {value}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
