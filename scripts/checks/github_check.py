#!/usr/bin/env python3
"""The GitHub deployment protection rule end to end (scripts/checks/github.sh): one
calpolicy-serve with --github-* against the local API stand-in (github_standin.py), sent signed
deployment_protection_rule deliveries, each case checked by what the stand-in received.

Policies are written here around the real clock: the short freezes end at the next minute
boundary at least 15 s away (hours are minutes in policies), so the waits are seconds long.
The server is stopped and started again on the same --state-dir while deployments wait, and a
break-glass override written to its overrides folder opens a deployment waiting on a release hold."""
import datetime as dt
import hashlib
import hmac
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from github_standin import StandIn  # noqa: E402

SERVE = sys.argv[1]
APP_ID = 424242
INSTALLATION = 77
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"github: FAILED: {what}")


def wait_for(predicate, seconds):
    end = time.time() + seconds
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return predicate()


work = tempfile.mkdtemp(prefix="calpolicy-github-")
key = os.path.join(work, "app.pem")
public = os.path.join(work, "app.pub.pem")
# openssl 3 writes PKCS#8 (BEGIN PRIVATE KEY); GitHub hands out PKCS#1: both are read.
subprocess.run(["openssl", "genrsa", "-out", key, "2048"], check=True, capture_output=True)
subprocess.run(["openssl", "rsa", "-in", key, "-pubout", "-out", public], check=True, capture_output=True)
key_pkcs1 = os.path.join(work, "app-pkcs1.pem")
subprocess.run(["openssl", "rsa", "-in", key, "-traditional", "-out", key_pkcs1], check=True, capture_output=True)
secret = "whsec-" + os.urandom(12).hex()
secret_file = os.path.join(work, "webhook-secret")
open(secret_file, "w").write(secret + "\n")
standin = StandIn(open(public).read(), APP_ID, [INSTALLATION]).start()

now = time.time()
boundary = (int(now) // 60 + 1) * 60
if boundary - now < 15:
    boundary += 60
end = dt.datetime.fromtimestamp(boundary, dt.timezone.utc)
last_day = (end - dt.timedelta(seconds=1)).date()
to = "24:00" if end.hour == 0 and end.minute == 0 else f"{end:%H:%M}"
today = dt.datetime.now(dt.timezone.utc).date()


def short_freeze(name, environment, reason, hard):
    path = os.path.join(work, name)
    open(path, "w").write(f"""return {{
  name = "{reason}",
  zone = "UTC",
  {"overridable = false," if hard else ""}
  scope = {{ environment = {{ "{environment}" }} }},
  hoursFor = function(day)
    if day.iso == "{last_day.isoformat()}" then return {{ cal.closed("00:00", "{to}", "{reason}") }} end
    if day.iso >= "{today.isoformat()}" and day.iso < "{last_day.isoformat()}" then return {{ cal.closed("00:00", "24:00", "{reason}") }} end
    return {{}}
  end,
}}
""")
    return path


soft = short_freeze("staging-freeze.lua", "staging", "Short staging freeze", hard=False)
hard_short = short_freeze("migration-freeze.lua", "prod-short", "Database migration freeze", hard=True)
hard_long = os.path.join(work, "year-end.lua")
open(hard_long, "w").write(f"""return {{
  name = "Year-end change freeze",
  zone = "UTC",
  overridable = false,
  scope = {{ environment = {{ "production" }} }},
  hoursFor = function(day)
    if day.iso >= "{today.isoformat()}" and day.iso <= "{(today + dt.timedelta(days=2)).isoformat()}" then
      return {{ cal.closed("00:00", "24:00", "Year-end change freeze") }}
    end
    return {{}}
  end,
}}
""")
hold = os.path.join(work, "release-hold.lua")
open(hold, "w").write(f"""return {{
  name = "release-hold",
  zone = "UTC",
  scope = {{ environment = {{ "hold" }} }},
  hoursFor = function(day)
    if day.iso >= "{today.isoformat()}" and day.iso <= "{(today + dt.timedelta(days=1)).isoformat()}" then
      return {{ cal.closed("00:00", "24:00", "Release hold") }}
    end
    return {{}}
  end,
}}
""")
mapping = os.path.join(work, "mapping.json")
json.dump({"repositories": {"acme/shop": {"service": "shop", "tenant": "acme"}},
           "environments": {"production": {"environmentType": "production"}}}, open(mapping, "w"))
state = os.path.join(work, "state")
logs = []


def start(key_file):
    log = open(os.path.join(work, f"server-{len(logs)}.log"), "w+")
    logs.append(log.name)
    server = subprocess.Popen([SERVE, soft, hard_short, hard_long, hold, "--watch", "--listen", "127.0.0.1:0", "--state-dir", state,
                               "--github-app-id", str(APP_ID), "--github-private-key", key_file,
                               "--github-webhook-secret", secret_file, "--github-api", standin.url,
                               "--github-mapping", mapping, "--github-max-wait", "1h"],
                              stdout=subprocess.PIPE, stderr=log, text=True)
    line = server.stdout.readline()
    match = re.search(r":(\d+)$", line.strip())
    if not match:
        server.kill()
        print("github: the server did not start:", line, open(log.name).read())
        sys.exit(1)
    return server, int(match.group(1))


server, port = start(key)


def post(body, delivery, event="deployment_protection_rule", signature=None, raw=None):
    data = raw if raw is not None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "X-GitHub-Event": event, "X-GitHub-Delivery": delivery}
    if signature is not False:
        headers["X-Hub-Signature-256"] = signature or "sha256=" + hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("POST", "/v1/github/deployment-protection-rule", body=data, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    except (ConnectionError, http.client.HTTPException):
        return None, b""
    finally:
        connection.close()


def event(run, environment, installation=INSTALLATION):
    return {"action": "requested", "environment": environment, "event": "push",
            "deployment_callback_url": f"{standin.url}/repos/acme/shop/actions/runs/{run}/deployment_protection_rule",
            "deployment": {"id": run, "creator": {"login": "octocat"}}, "installation": {"id": installation},
            "repository": {"full_name": "acme/shop"}, "sender": {"login": "octocat"}}


def delivery(n):
    return f"0000{n:04d}-aaaa-bbbb-cccc-dddddddddddd"


# 1. Open: approved at once.
sent = time.time()
status, _ = post(event(1, "dev"), delivery(1))
check(status == 202, f"open: 202, got {status}")
decided = wait_for(lambda: standin.decisions(1), 5)
check(len(decided) == 1 and decided[0]["state"] == "approved", f"open: approved, got {decided}")
check(decided and decided[0]["at"] - sent < 3, "open: approved within 3 s")
check(decided and decided[0]["comment"].startswith("calpolicy: open for deploy to dev"), f"open: the comment, got {decided}")
check(all(ok for ok, _ in standin.jwt_checks) and standin.jwt_checks, f"the app JWT verifies with PyJWT: {standin.jwt_checks}")

# 2. Hard freeze beyond --github-max-wait: rejected with the reason.
status, _ = post(event(2, "production"), delivery(2))
decided = wait_for(lambda: standin.decisions(2), 5)
check(len(decided) == 1 and decided[0]["state"] == "rejected", f"hard freeze: rejected, got {decided}")
check(decided and "Year-end change freeze" in decided[0]["comment"] and "hard freeze" in decided[0]["comment"],
      f"hard freeze: the reason, got {decided}")

# 3. Soft freeze and a hard freeze ending within the wait: a status report now.
for run, environment in ((3, "staging"), (4, "prod-short"), (9, "staging")):
    status, _ = post(event(run, environment), delivery(run))
    check(status == 202, f"freeze {environment}: 202, got {status}")
reports = wait_for(lambda: standin.reports(3) and standin.reports(4) and standin.reports(9), 5)
check(bool(reports), "freezes: a status report for each waiting deployment")
report = standin.reports(3)
check(report and report[0]["comment"].startswith("calpolicy: frozen by Short staging freeze until ")
      and "UTC" in report[0]["comment"], f"status report: the comment, got {report}")
check(not standin.decisions(3) and not standin.decisions(4), "freezes: nothing decided before the window opens")

# 4. Restarted while deployments wait (they are approved by the new server when the window opens).
server.send_signal(signal.SIGTERM)
server.wait(timeout=15)
check(not standin.decisions(9), "restart: run 9 still waits when the server stops")
server, port = start(key_pkcs1)
# 5. Bad signature, and none: 401, never a callback.
for run, signature in ((5, "sha256=" + "0" * 64), (6, False), (7, "sha1=abc")):
    status, _ = post(event(run, "dev"), delivery(run), signature=signature)
    check(status == 401, f"signature {signature!r}: 401, got {status}")

# 6. A replayed delivery: decided once.
for _ in range(3):
    status, body = post(event(8, "dev"), delivery(8))
check(status == 200 and b"duplicate" in body, f"replay: acknowledged as a duplicate, got {status} {body!r}")
check(len(wait_for(lambda: standin.decisions(8), 5)) == 1, "replay: decided once")

# 7. The API answering 502, then 200: retried.
standin.fault(10, 502)
standin.fault(10, 502)
post(event(10, "dev"), delivery(10))
decided = wait_for(lambda: standin.decisions(10), 8)
check(len(decided) == 1 and decided[0]["state"] == "approved", f"502 then 200: approved, got {decided}")
check(standin.attempts.get("10") == 3, f"502 then 200: three attempts, got {standin.attempts.get('10')}")

# 8. Rate limited: waits for the reset.
reset = int(time.time()) + 3
standin.fault(11, 403, {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)})
post(event(11, "dev"), delivery(11))
decided = wait_for(lambda: standin.decisions(11), 10)
check(len(decided) == 1, f"rate limited: decided after the reset, got {decided}")
check(decided and decided[0]["at"] >= reset, "rate limited: not before x-ratelimit-reset")
standin.fault(12, 429, {"Retry-After": "2"})
sent = time.time()
post(event(12, "dev"), delivery(12))
decided = wait_for(lambda: standin.decisions(12), 8)
check(len(decided) == 1 and decided[0]["at"] - sent >= 2, f"429 Retry-After 2: waited, got {decided}")

# 9. Hostile deliveries: 400/401/413, one log line each, never a callback.
hostile = [
    ("truncated JSON", json.dumps(event(20, "dev")).encode()[:-7], 400),
    ("wrong types", json.dumps(dict(event(21, "dev"), installation={"id": "77"})).encode(), 400),
    ("missing installation", json.dumps({k: v for k, v in event(22, "dev").items() if k != "installation"}).encode(), 400),
    ("control characters", json.dumps(event(23, "dev\u001b[31m\nprod")).encode(), 400),
    ("callback elsewhere", json.dumps(dict(event(24, "dev"), deployment_callback_url="http://evil.example/x")).encode(), 400),
    ("environment a number", json.dumps(dict(event(25, "dev"), environment=5)).encode(), 400),
]
for n, (what, raw, expected) in enumerate(hostile):
    status, _ = post(None, delivery(20 + n), raw=raw)
    check(status == expected, f"{what}: {expected}, got {status}")
big = b'{"action": "requested", "pad": "' + b"x" * (10 << 20) + b'"}'
# Sent by hand: the server answers 413 from the head and closes, so the sender sees the answer
# while (or instead of) writing the rest.
raw_socket = socket.create_connection(("127.0.0.1", port), timeout=10)
signature = "sha256=" + hmac.new(secret.encode(), big, hashlib.sha256).hexdigest()
raw_socket.sendall((f"POST /v1/github/deployment-protection-rule HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Content-Type: application/json\r\nX-GitHub-Event: deployment_protection_rule\r\n"
                    f"X-GitHub-Delivery: {delivery(30)}\r\nX-Hub-Signature-256: {signature}\r\n"
                    f"Content-Length: {len(big)}\r\n\r\n").encode())
try:
    for offset in range(0, len(big), 1 << 16):
        raw_socket.sendall(big[offset:offset + (1 << 16)])
except OSError:
    pass
try:
    answer = raw_socket.recv(4096)
except OSError:
    answer = b""
raw_socket.close()
check(answer.startswith(b"HTTP/1.1 413"), f"10 MB body: 413, got {answer[:40]!r}")
status, _ = post(event(31, "dev"), "../../etc/passwd")
check(status == 400, f"a delivery id that is a path: 400, got {status}")
time.sleep(0.5)
for run in list(range(20, 26)) + [5, 6, 7, 30, 31]:
    check(standin.attempts.get(str(run)) is None, f"run {run}: never called back")

# 10. A break-glass override covering a waiting deployment's context opens it: re-decided when
# the overrides folder changes, without a new delivery.
post(event(13, "hold"), delivery(13))
check(bool(wait_for(lambda: standin.reports(13), 5)), "release hold: a status report")
check(not standin.decisions(13), "release hold: waits")
stamp = lambda moment: moment.strftime("%Y-%m-%dT%H:%M:%SZ")
start_at = dt.datetime.now(dt.timezone.utc).replace(microsecond=0) - dt.timedelta(minutes=1)
os.makedirs(os.path.join(state, "overrides"), exist_ok=True)
json.dump({"id": "HOLD-1", "scope": {"environment": "hold"}, "policies": ["release-hold"], "from": stamp(start_at),
           "until": stamp(start_at + dt.timedelta(hours=2)), "reason": "hotfix", "ticket": "INC-1",
           "requestedBy": "alice", "approvedBy": "bob"}, open(os.path.join(state, "overrides", "HOLD-1.json"), "w"))
decided = wait_for(lambda: standin.decisions(13), 5)
check(len(decided) == 1 and decided[0]["state"] == "approved", f"release hold: approved once the override stands, got {decided}")

# 11. The waiting deployments, approved by the restarted server when the window opens.
decided = wait_for(lambda: standin.decisions(3) and standin.decisions(4) and standin.decisions(9), boundary - time.time() + 6)
for run in (3, 4, 9):
    got = standin.decisions(run)
    check(len(got) == 1 and got[0]["state"] == "approved", f"run {run}: approved when the window opens, got {got}")
    check(got and boundary <= got[0]["at"] < boundary + 2, f"run {run}: within 2 s of the window's end "
          f"({got[0]['at'] - boundary:.2f} s)" if got else f"run {run}: decided")
check(len(standin.reports(3)) == 1, f"one status report, not repeated after the restart: {standin.reports(3)}")

# 12. /metrics counts, and nothing secret in any log.
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
connection.request("GET", "/metrics")
metrics = connection.getresponse().read().decode()
check("calpolicy_github_pending_deployments 0" in metrics, "metrics: nothing pending at the end")
check(re.search(r"calpolicy_github_approvals_total [1-9]", metrics), "metrics: approvals counted")
server.send_signal(signal.SIGTERM)
server.wait(timeout=15)
standin.stop()
text = "".join(open(path).read() for path in logs)
key_lines = [line for line in open(key).read().splitlines() + open(key_pkcs1).read().splitlines()
             if line and not line.startswith("-----")]
check(not any(line in text for line in key_lines), "logs: no line of the private key")
check(secret not in text, "logs: not the webhook secret")
check(standin.issued and not any(token in text for token in standin.issued), "logs: no installation token")
check(".eyJ" not in text, "logs: no JWT")
access = [line for line in text.splitlines() if line.startswith("POST /v1/github/deployment-protection-rule ")]
check(sum(" 401 " in line for line in access) == 3, "logs: each refused signature, one line")
check(sum(" 400 " in line for line in access) == len(hostile) + 1, "logs: each malformed delivery, one line")
check(sum(" 413 " in line for line in access) == 1, "logs: the 10 MB body, one line")
for f in sorted(os.listdir(os.path.join(state, "github"))):
    content = open(os.path.join(state, "github", f)).read()
    check(not any(token in content for token in standin.issued), f"state file {f}: no token")

print(f"{passed} passed, {failed} failed")
if failed:
    print("github: logs kept in", work)
else:
    shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if failed else 0)
