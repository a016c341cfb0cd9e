#!/usr/bin/env python3
"""Scoped decisions against an independent model: random contexts x instants over a stack of
scoped and unscoped policies (Tests/fixtures/scope/), through `gate --batch` (one process, one
line a question, each with its own context) and `GET /v1/gate` (one server, one request each).

The model is written here from the rules in docs/scopes.md, not from calpolicy's code: a scope's
key excludes a question only when the question names a value none of its patterns match (`*`
globs); `exclude` when every one of its keys matches; an out-of-scope policy has no opinion.
Each policy's closed time is modelled with Python's zoneinfo.

  scope_model.py BINARY_DIR   prints "N passed, N failed"; exit 1 on any failure
"""
import datetime as dt
import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from zoneinfo import ZoneInfo

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
POLICIES = ["Tests/fixtures/scope/production-freeze.lua", "Tests/fixtures/scope/thanksgiving-na.lua",
            "Tests/fixtures/scope/friday-deploys.lua", "Tests/fixtures/scope/sundays.lua"]
UTC = dt.timezone.utc
BERLIN = ZoneInfo("Europe/Berlin")
QUESTIONS = 3000
random.seed(20261206)

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        if failed <= 20:
            print("scopes: FAILED: " + what)


def glob(pattern, value):
    return re.fullmatch(".*".join(re.escape(part) for part in pattern.split("*")), value, re.S) is not None


def in_scope(scope, exclude, context):
    for key, patterns in scope.items():
        if key in context and not any(glob(p, context[key]) for p in patterns):
            return False
    if exclude and all(key in context and any(glob(p, context[key]) for p in patterns) for key, patterns in exclude.items()):
        return False
    return True


def closed(instant, context):
    """Whether some in-scope policy closes `instant` (UTC seconds)."""
    utc = dt.datetime.fromtimestamp(instant, tz=UTC)
    day = utc.date()  # the stack zone is UTC: whole-day policies close UTC days
    # production-freeze.lua
    if in_scope({"environment": ["production", "prod-*"]}, {"service": ["status-page"]}, context):
        if (day.month == 12 and day.day >= 18) or (day.month == 1 and day.day <= 3):
            return True
    # thanksgiving-na.lua
    if in_scope({"labels.region": ["na"]}, {}, context) and day.month == 11:
        if day.weekday() == 3 and 22 <= day.day <= 28:
            return True
        if day.weekday() == 4 and 23 <= day.day <= 29:
            return True
    # friday-deploys.lua: Friday 15:00-24:00 Berlin wall time
    local = utc.astimezone(BERLIN)
    if in_scope({"action": ["deploy", "create"]}, {}, context) and local.weekday() == 4 and local.hour >= 15:
        return True
    # sundays.lua
    return day.weekday() == 6


VALUES = {
    "environment": ["production", "staging", "prod-eu", "prod-", "Production", "dev"],
    "service": ["api", "status-page", "web"],
    "action": ["deploy", "rollback", "scale", "create", "config"],
    "labels.region": ["na", "eu", "apac"],
    "tenant": ["acme", "globex"],
}
start = int(dt.datetime(2026, 11, 16, tzinfo=UTC).timestamp())
end = int(dt.datetime(2027, 1, 10, tzinfo=UTC).timestamp())
questions = []
for _ in range(QUESTIONS):
    instant = random.randrange(start, end, 60 * random.choice([1, 15, 60]))
    context = {key: random.choice(values) for key, values in VALUES.items() if random.random() < 0.45}
    questions.append((instant, context))


def line(instant, context):
    at = dt.datetime.fromtimestamp(instant, tz=UTC).isoformat()
    if not context:
        return at
    labels = {k[7:]: v for k, v in context.items() if k.startswith("labels.")}
    plain = {k: v for k, v in context.items() if not k.startswith("labels.")}
    if labels:
        plain["labels"] = labels
    return json.dumps({"at": at, "context": plain})


# gate --batch: one process for every question.
batch = "\n".join(line(i, c) for i, c in questions) + "\n"
done = subprocess.run([os.path.join(BIN, "calpolicy"), "gate", *POLICIES, "--batch", "-", "--format", "json",
                       "--today", "2026-11-16"], input=batch, capture_output=True, text=True, timeout=600)
check(done.returncode == 0, f"gate --batch exits 0 (got {done.returncode}: {done.stderr.strip()[:300]})")
answers = [json.loads(text) for text in done.stdout.splitlines()]
check(len(answers) == len(questions), f"one answer a question ({len(answers)} of {len(questions)})")
for (instant, context), answer in zip(questions, answers):
    expected = not closed(instant, context)
    check(answer["open"] == expected, f"gate --batch at {answer['at']} with {context}: open {answer['open']}, model {expected}")

# GET /v1/gate: one server for every question (a third of them, each once and the cache warm twice).
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
port = sock.getsockname()[1]
sock.close()
server = subprocess.Popen([os.path.join(BIN, "calpolicy-serve"), *POLICIES, "--listen", f"127.0.0.1:{port}",
                           "--today", "2026-11-16"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    from urllib.parse import quote
    for instant, context in questions[: QUESTIONS // 3] * 2:
        at = dt.datetime.fromtimestamp(instant, tz=UTC).isoformat()
        target = "/v1/gate?at=" + quote(at, safe="") + "".join(
            f"&context.{quote(k, safe='.')}={quote(v, safe='')}" for k, v in sorted(context.items()))
        connection.request("GET", target)
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            check(False, f"{target}: status {response.status}: {body[:200]!r}")
            continue
        expected = not closed(instant, context)
        check(json.loads(body)["open"] == expected, f"{target}: open {json.loads(body)['open']}, model {expected}")
finally:
    server.terminate()
    server.wait(timeout=10)

closed_count = sum(1 for instant, context in questions if closed(instant, context))
print(f"scopes: {len(questions)} questions, {closed_count} closed by the model, "
      + f"{sum(1 for _, c in questions if not c)} without context")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
