#!/usr/bin/env python3
"""POST /v1/admit against one real calpolicy-serve over plain HTTP (scripts/checks/admission.sh).

The server decides at its own clock, so what must not depend on the date does not: the
payments hold is closed every day, the fixture overrides are written here around now, and the
policy that closes soon is written here to close 95 minutes from now."""
import datetime as dt
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracles"))
from common import Checks  # noqa: E402

SERVE = sys.argv[1]
FIXTURES = "Tests/fixtures/admission"
check = Checks("admission")


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


work = tempfile.mkdtemp(prefix="calpolicy-admission-")
now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
overrides = os.path.join(work, "overrides")
os.mkdir(overrides)
for name in ("CHG-1", "CHG-OLD", "CHG-2"):
    override = json.load(open(f"{FIXTURES}/overrides/{name}.json"))
    start = now - dt.timedelta(hours=30 if name == "CHG-OLD" else 1)
    override["from"], override["until"] = iso(start), iso(start + dt.timedelta(hours=4))
    json.dump(override, open(os.path.join(overrides, name + ".json"), "w"))
# Closes at now + 95 minutes (UTC) for the orders namespace, for the rest of that day.
closing = now + dt.timedelta(minutes=95)
soon = os.path.join(work, "closing-soon.lua")
open(soon, "w").write(f"""return {{
  name = "orders cut-over",
  zone = "UTC",
  scope = {{ namespace = {{ "orders" }} }},
  hoursFor = function(day)
    if day.iso == "{closing.date().isoformat()}" then return {{ cal.closed("{closing:%H:%M}", "24:00", "orders cut-over") }} end
    return {{}}
  end,
}}
""")
log = os.path.join(work, "decisions.jsonl")
server = subprocess.Popen([SERVE, f"{FIXTURES}/policies/payments-freeze.lua", f"{FIXTURES}/policies/system-deletes.lua", soon,
                           "--listen", "127.0.0.1:0", "--overrides", overrides, "--decision-log", log,
                           "--admit-cluster", "prod-eu-1"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    line = server.stdout.readline()
    match = re.match(r"listening on http://127\.0\.0\.1:(\d+)", line)
    if not match:
        print(f"admission: calpolicy-serve did not start: {line}{server.stderr.read()}")
        print("0 passed, 1 failed")
        sys.exit(1)
    port = int(match.group(1))

    def post(body, path="/v1/admit?timeout=10s"):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        return answer.status, data

    def head_only(path, length):
        """A POST of `length` bytes whose head alone goes out: the server answers from its
        Content-Length and closes, so a client still sending would see a broken pipe."""
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.putrequest("POST", path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(length))
        connection.endheaders()
        answer = connection.getresponse()
        result = answer.status, answer.read()
        connection.close()
        return result

    def review(name):
        return open(f"{FIXTURES}/reviews/{name}.json", "rb").read()

    hold = f"payments audit hold for at least a year ({FIXTURES}/policies/payments-freeze.lua)"
    policy = {"calpolicy.dev/policy": f"{FIXTURES}/policies/payments-freeze.lua"}
    expected = {
        "create": (True, None, {}),
        "update-image": (False, "deploy blocked by " + hold, policy),
        "update-replicas": (False, "scale blocked by " + hold, policy),
        "update-labels": (False, "config blocked by " + hold, policy),
        "delete": (False, "delete blocked by " + hold, policy),
        "dry-run": (False, "deploy blocked by " + hold, policy),
        "exempt-namespace": (True, None, {}),
        "exempt-namespace-delete": (False, "delete blocked by no deletions in kube-system for at least a year "
                                    f"({FIXTURES}/policies/system-deletes.lua)",
                                    {"calpolicy.dev/policy": f"{FIXTURES}/policies/system-deletes.lua"}),
        "override-active": (True, None, {"calpolicy.dev/override": "CHG-1"}),
        "override-expired": (False, "deploy refused: override 'CHG-OLD' (annotation calpolicy.dev/override) is expired; "
                             "remove the annotation or name an active override", {"calpolicy.dev/override": "CHG-OLD"}),
        "override-wrong-scope": (False, "deploy refused: override 'CHG-2' (annotation calpolicy.dev/override) does not cover "
                                 "this change (its scope); remove the annotation or name an active override",
                                 {"calpolicy.dev/override": "CHG-2"}),
        "malformed-api-version": (False, "malformed AdmissionReview: apiVersion is 'admission.k8s.io/v1beta1'; "
                                  "this webhook takes admission.k8s.io/v1", {}),
    }
    for name, (allowed, message, annotations) in expected.items():
        status, data = post(review(name))
        answer = json.loads(data) if status == 200 else {}
        response = answer.get("response", {})
        uid = json.loads(review(name))["request"]["uid"]
        check(status == 200 and answer.get("apiVersion") == "admission.k8s.io/v1" and answer.get("kind") == "AdmissionReview"
              and response.get("uid") == uid, f"{name}: {status} {data[:300]!r}")
        check(response.get("allowed") is allowed, f"{name}: allowed is {response.get('allowed')}, not {allowed}")
        status_field = response.get("status", {})
        check(status_field.get("message") == message and status_field.get("code") == (None if allowed else 403),
              f"{name}: status {status_field}, expected {message!r}")
        check(response.get("auditAnnotations", {}) == annotations, f"{name}: auditAnnotations {response.get('auditAnnotations')}")

    # Open now, closing in 95 minutes: a warning (1h 35m, or 1h 34m if the minute turned).
    orders = json.loads(review("update-image"))
    orders["request"]["namespace"] = "orders"
    orders["request"]["uid"] = "d5fc47c6-9b3d-4e1a-8c5f-4a8b1d2e3fdd"
    status, data = post(json.dumps(orders).encode())
    response = json.loads(data).get("response", {}) if status == 200 else {}
    warnings = response.get("warnings", [])
    check(response.get("allowed") is True and len(warnings) == 1
          and re.fullmatch(r"freeze starts in 1h 3[45]m: orders cut-over", warnings[0]), f"closing soon: {status} {data!r}")

    for name in ("malformed-no-uid", "malformed-deep"):
        status, data = post(review(name))
        check(status == 400 and json.loads(data)["error"]["code"] == "bad_request", f"{name}: {status} {data!r}")
    status, data = post(b"{\"apiVersion\": ")
    check(status == 400, f"truncated JSON: {status}")

    # 2 MB within the 4 MiB limit: read whole and answered; 5 MiB: refused before the body.
    big = json.loads(review("create"))
    big["request"]["object"]["metadata"]["annotations"] = {"example.com/blob": "x" * (2 << 20)}
    body = json.dumps(big).encode()
    status, data = post(body)
    check(status == 200 and json.loads(data)["response"]["allowed"] is True, f"2 MB review: {status} {data[:200]!r}")
    big["request"]["object"]["metadata"]["annotations"] = {"example.com/blob": "x" * (5 << 20)}
    status, data = head_only("/v1/admit?timeout=10s", len(json.dumps(big)))
    check(status == 413 and json.loads(data)["error"]["code"] == "payload_too_large", f"5 MiB review: {status} {data[:200]!r}")
    # Another route keeps 64 KiB.
    status, data = head_only("/v1/select", 100 << 10)
    check(status == 413, f"a 100 KiB /v1/select body: {status} {data[:200]!r}")
    status, data = post(review("create"), path="/v1/admit?timeout=10s&at=now")
    check(status == 400 and json.loads(data)["error"]["parameter"] == "at", f"an unknown parameter: {status} {data!r}")

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/metrics")
    metrics = connection.getresponse().read().decode()
    connection.close()
    counts = dict(re.findall(r'calpolicy_admit_reviews_total\{result="(\w+)"\} (\d+)', metrics))
    # allowed: create, exempt-namespace, override-active, closing soon, 2 MB; malformed: api
    # version, no uid, deep, truncated, 5 MiB; denied: the rest.
    check(counts == {"allowed": "5", "denied": "8", "malformed": "5"}, f"/metrics counts {counts}")

    # The decision log: a line per answered review, the dry run marked.
    deadline = time.time() + 5
    lines = []
    while time.time() < deadline:
        lines = [json.loads(l) for l in open(log) if l.strip()] if os.path.exists(log) else []
        if len([l for l in lines if l.get("admission")]) >= 14:
            break
        time.sleep(0.1)
    admissions = {l["admission"]["uid"]: l["admission"] for l in lines if l.get("admission")}
    dry = admissions.get(json.loads(review("dry-run"))["request"]["uid"], {})
    check(dry.get("dryRun") is True and dry.get("allowed") is False and dry.get("context", {}).get("cluster") == "prod-eu-1",
          f"the dry run's decision log line: {dry}")
    wet = admissions.get(json.loads(review("update-image"))["request"]["uid"], {})
    check(wet.get("dryRun") is False and wet.get("context", {}).get("service") == "checkout", f"update-image's line: {wet}")
finally:
    server.terminate()
    server.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)
check.finish()
