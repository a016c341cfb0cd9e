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
import subprocess
import sys
from zoneinfo import ZoneInfo

from common import UTC, Checks, batch_line, free_port, gate_answer, in_scope, wait_for_port

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
POLICIES = ["Tests/fixtures/scope/production-freeze.lua", "Tests/fixtures/scope/thanksgiving-na.lua",
            "Tests/fixtures/scope/friday-deploys.lua", "Tests/fixtures/scope/sundays.lua"]
BERLIN = ZoneInfo("Europe/Berlin")
QUESTIONS = 3000
random.seed(20261206)

check = Checks("scopes", shown=20)


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


# gate --batch: one process for every question.
batch = "\n".join(batch_line(i, c) for i, c in questions) + "\n"
done = subprocess.run([os.path.join(BIN, "calpolicy"), "gate", *POLICIES, "--batch", "-", "--format", "json",
                       "--today", "2026-11-16"], input=batch, capture_output=True, text=True, timeout=600)
check(done.returncode == 0, f"gate --batch exits 0 (got {done.returncode}: {done.stderr.strip()[:300]})")
answers = [json.loads(text) for text in done.stdout.splitlines()]
check(len(answers) == len(questions), f"one answer a question ({len(answers)} of {len(questions)})")
for (instant, context), answer in zip(questions, answers):
    expected = not closed(instant, context)
    check(answer["open"] == expected, f"gate --batch at {answer['at']} with {context}: open {answer['open']}, model {expected}")

# GET /v1/gate: one server for every question (a third of them, each once and the cache warm twice).
port = free_port()
server = subprocess.Popen([os.path.join(BIN, "calpolicy-serve"), *POLICIES, "--listen", f"127.0.0.1:{port}",
                           "--today", "2026-11-16"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    wait_for_port(port)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for instant, context in questions[: QUESTIONS // 3] * 2:
        target, got = gate_answer(connection, instant, context, check)
        if got is not None:
            expected = not closed(instant, context)
            check(got["open"] == expected, f"{target}: open {got['open']}, model {expected}")
finally:
    server.terminate()
    server.wait(timeout=10)

closed_count = sum(1 for instant, context in questions if closed(instant, context))
print(f"scopes: {len(questions)} questions, {closed_count} closed by the model, "
      + f"{sum(1 for _, c in questions if not c)} without context")
check.finish()
