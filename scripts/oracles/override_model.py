#!/usr/bin/env python3
"""Break-glass overrides against an independent model: random contexts x instants over a stack
of scoped, unscoped, overridable and hard-freeze policies (Tests/fixtures/override-model/) with
active, future, expired, ended and refused overrides in one folder, through `gate --batch`
(one process) and `GET /v1/gate` (one server).

The model is written here from the rules in docs/scopes.md, not from calpolicy's code:
- a policy's scope excludes a question only when the question names a value none of its
  patterns match (`*` globs); its `exclude` when every one of its keys matches;
- an override covers a question only when the question gives every key of its scope, each
  matching, and (with `exclude`) some excluded key is given with a value that does not match;
- it is active in [from, min(until, endedAt)); it lifts the policies it names (all when none),
  never a hard freeze (overridable = false);
- it is refused for the stack when it names a hard freeze, is longer than the smallest maxHours
  of the policies it would lift (named, not hard, whose scope can meet its own), lacks a ticket
  one of them requires, or names an approver none of their lists holds;
- the answer names the active covering override (the first by id that lifts a policy closed at
  the instant, else the first by id): applied when the answer is open and would be closed
  without it; else why not ("hard freeze", "does not lift NAME", "open without it").
Each policy's closed time is modelled with Python's zoneinfo.

  override_model.py BINARY_DIR   prints "N passed, N failed"; exit 1 on any failure
"""
import datetime as dt
import glob as globbing
import http.client
import json
import math
import os
import random
import subprocess
import sys
from zoneinfo import ZoneInfo

from common import UTC, Checks, batch_line, free_port, gate_answer, glob, in_scope, wait_for_port

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
FOLDER = "Tests/fixtures/override-model"
BERLIN = ZoneInfo("Europe/Berlin")
QUESTIONS = 3000
random.seed(20261227)
check = Checks("overrides", shown=25)


def covers(scope, exclude, context):
    for key, patterns in scope.items():
        if key not in context or not any(glob(p, context[key]) for p in patterns):
            return False
    if exclude:
        return any(key in context and not any(glob(p, context[key]) for p in patterns) for key, patterns in exclude.items())
    return True


def day_of(instant):
    return dt.datetime.fromtimestamp(instant, tz=UTC).date()


# The stack: name, file, scope, exclude, rule (None: open; "hard"; or dict), closes(instant).
def freeze_closes(t):
    d = day_of(t)
    return (d.month == 12 and d.day >= 18) or (d.month == 1 and d.day <= 3)


def blackout_closes(t):
    d = day_of(t)
    return d.month == 12 and d.day == 31


def friday_closes(t):
    local = dt.datetime.fromtimestamp(t, tz=UTC).astimezone(BERLIN)
    return local.weekday() == 4 and local.hour >= 15


def sunday_closes(t):
    return day_of(t).weekday() == 6


STACK = [
    dict(file="production-freeze.lua", scope={"environment": ["production", "prod-*"]}, exclude={"service": ["status-page"]},
         rule=dict(maxHours=72, requireTicket=True, approvers=["sre-lead", "cto"]), closes=freeze_closes),
    dict(file="blackout.lua", scope={"environment": ["production", "prod-*"]}, exclude={}, rule="hard", closes=blackout_closes),
    dict(file="friday-deploys.lua", scope={"action": ["deploy", "create"]}, exclude={}, rule=None, closes=friday_closes),
    dict(file="sundays.lua", scope={}, exclude={}, rule=dict(maxHours=36), closes=sunday_closes),
]
# The Friday policy is the scope model's own file: one fixture, two models.
for policy in STACK:
    policy["path"] = os.path.join("Tests/fixtures/scope" if policy["file"] == "friday-deploys.lua" else FOLDER, policy["file"])
POLICIES = [p["path"] for p in STACK]


def instant(text):
    return int(dt.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def names(override, policy):
    wanted = override.get("policies") or []
    if not wanted:
        return True
    return any(w in (policy["file"], policy["file"][:-4], policy["path"]) for w in wanted)


def may_meet(policy, scope):
    for key, patterns in policy["scope"].items():
        theirs = scope.get(key)
        if theirs and all("*" not in v and not any(glob(p, v) for p in patterns) for v in theirs):
            return False
    return True


def refused(override):
    for policy in STACK:
        if policy["rule"] == "hard" and override.get("policies") and names(override, policy):
            return "names a hard freeze"
    lifted = [p for p in STACK if p["rule"] != "hard" and names(override, p) and may_meet(p, override["scope"])]
    hours = math.ceil((override["until"] - override["from"]) / 3600)
    limits = [p["rule"]["maxHours"] for p in lifted if isinstance(p["rule"], dict) and "maxHours" in p["rule"]]
    if limits and hours > min(limits):
        return "too long"
    if not override.get("ticket") and any(isinstance(p["rule"], dict) and p["rule"].get("requireTicket") for p in lifted):
        return "no ticket"
    for p in lifted:
        if isinstance(p["rule"], dict) and "approvers" in p["rule"] and override.get("approvedBy") not in p["rule"]["approvers"]:
            return "approver"
    return None


OVERRIDES = []
for path in sorted(globbing.glob(os.path.join(FOLDER, "overrides", "*.json"))):
    raw = json.load(open(path))
    scope = {k: (v if isinstance(v, list) else [v]) for k, v in raw["scope"].items() if k != "exclude"}
    exclude = {k: (v if isinstance(v, list) else [v]) for k, v in raw["scope"].get("exclude", {}).items()}
    override = dict(id=raw["id"], scope=scope, exclude=exclude, policies=raw.get("policies"), ticket=raw.get("ticket"),
                    approvedBy=raw.get("approvedBy"), reason=raw["reason"], **{"from": instant(raw["from"])},
                    until=instant(raw["until"]))
    override["end"] = min(override["until"], instant(raw["endedAt"])) if "endedAt" in raw else override["until"]
    override["refused"] = refused(override)
    OVERRIDES.append(override)
ACCEPTED = sorted((o for o in OVERRIDES if not o["refused"]), key=lambda o: o["id"])
expected_refusals = {"APPROVER-1": "approver", "HARD-1": "names a hard freeze", "LONG-1": "too long", "NOTICKET-1": "no ticket"}
check({o["id"]: o["refused"] for o in OVERRIDES if o["refused"]} == expected_refusals,
      f"the model refuses what the fixtures mean it to: {[(o['id'], o['refused']) for o in OVERRIDES]}")


def answer(t, context):
    """(open, override id or None, applied, why) at instant t for the context."""
    covering = [o for o in ACCEPTED if covers(o["scope"], o["exclude"], context)]
    active = [o for o in covering if o["from"] <= t < o["end"] and any(names(o, p) for p in STACK)]
    raw_closed, closing = [], None
    for index, policy in enumerate(STACK):
        if not in_scope(policy["scope"], policy["exclude"], context) or not policy["closes"](t):
            continue
        raw_closed.append(index)
        lifted = policy["rule"] != "hard" and any(names(o, policy) and o["from"] <= t < o["end"] for o in covering)
        if not lifted and closing is None:
            closing = index
    is_open = closing is None
    if not active:
        return is_open, None, None, None
    lifting = next((o for o in active if any(STACK[i]["rule"] != "hard" and names(o, STACK[i]) for i in raw_closed)), None)
    if is_open:
        return (True, lifting["id"], True, None) if lifting else (True, active[0]["id"], False, "open without it")
    chosen = lifting or active[0]
    if STACK[closing]["rule"] == "hard":
        return False, chosen["id"], False, "hard freeze"
    return False, chosen["id"], False, "does not lift " + STACK[closing]["file"]


VALUES = {
    "environment": ["production", "staging", "prod-eu", "dev"],
    "service": ["api", "status-page", "web", "billing"],
    "action": ["deploy", "rollback", "scale", "create"],
    "labels.team": ["ops", "web"],
}
WINDOWS = [("2026-11-15T00:00:00Z", "2027-01-10T00:00:00Z")] + [
    (dt.datetime.fromtimestamp(o["from"] - 7200, tz=UTC).isoformat(), dt.datetime.fromtimestamp(o["until"] + 7200, tz=UTC).isoformat())
    for o in OVERRIDES]
questions = []
for _ in range(QUESTIONS):
    low, high = random.choice(WINDOWS)
    t = random.randrange(instant(low), instant(high), 60 * random.choice([1, 15, 60]))
    context = {key: random.choice(values) for key, values in VALUES.items() if random.random() < 0.6}
    questions.append((t, context))


def compare(where, got, t, context):
    is_open, oid, applied, why = answer(t, context)
    shown = got.get("override")
    check(got["open"] == is_open, f"{where} at {got['at']} with {context}: open {got['open']}, model {is_open}")
    check((shown or {}).get("id") == oid, f"{where} at {got['at']} with {context}: override {shown}, model {oid}")
    if shown and oid:
        check(shown["applied"] == applied and shown.get("why") == why,
              f"{where} at {got['at']} with {context}: applied {shown['applied']} {shown.get('why')}, model {applied} {why}")


stderr_lines = []
batch = "\n".join(batch_line(t, c) for t, c in questions) + "\n"
done = subprocess.run([os.path.join(BIN, "calpolicy"), "gate", *POLICIES, "--batch", "-", "--format", "json",
                       "--overrides", os.path.join(FOLDER, "overrides")], input=batch, capture_output=True, text=True, timeout=600)
check(done.returncode == 0, f"gate --batch exits 0 (got {done.returncode}: {done.stderr.strip()[:300]})")
refusal_lines = [l for l in done.stderr.splitlines() if "override refused" in l]
check(sorted(l.split("/overrides/")[1].split(".json")[0] for l in refusal_lines) == sorted(expected_refusals),
      f"gate names each refused override once on stderr: {refusal_lines}")
answers = [json.loads(text) for text in done.stdout.splitlines()]
check(len(answers) == len(questions), f"one answer a question ({len(answers)} of {len(questions)})")
for (t, context), got in zip(questions, answers):
    compare("gate --batch", got, t, context)

port = free_port()
server = subprocess.Popen([os.path.join(BIN, "calpolicy-serve"), *POLICIES, "--listen", f"127.0.0.1:{port}",
                           "--overrides", os.path.join(FOLDER, "overrides")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    wait_for_port(port)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for t, context in questions[: QUESTIONS // 3]:
        _, got = gate_answer(connection, t, context, check)
        if got is not None:
            compare("GET /v1/gate", got, t, context)
    connection.request("GET", "/v1/overrides")
    response = connection.getresponse()
    listing = json.loads(response.read())
    check(response.status == 200 and sorted(r["file"].split("/")[-1][:-5] for r in listing["refused"]) == sorted(expected_refusals),
          f"GET /v1/overrides lists the refused ones: {listing.get('refused')}")
finally:
    server.terminate()
    server.wait(timeout=10)

kinds = [answer(t, c) for t, c in questions]
print(f"overrides: {len(questions)} questions; {sum(1 for k in kinds if k[2])} opened by an override, "
      + f"{sum(1 for k in kinds if k[1] and not k[2])} with an override not applied, {sum(1 for k in kinds if not k[0])} closed")
check.finish()
