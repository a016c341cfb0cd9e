"""What the independent models and check scripts share: counting checks, the scope rules of
docs/scopes.md (`*` globs, a policy's scope and exclude), a `gate --batch` line and a
`/v1/gate` query for a context, and a server's port. The models stay independent of
calpolicy's code; this is only their own plumbing, written once."""
import datetime as dt
import json
import re
import socket
import sys
import time
from urllib.parse import quote

UTC = dt.timezone.utc


class Checks:
    """`check(ok, what)` counts a check; a failure prints `STAGE: FAILED: what` (the first
    `shown` of them; all when None). `finish()` prints "N passed, N failed" and exits 1 on any
    failure."""

    def __init__(self, stage, shown=None):
        self.stage, self.shown = stage, shown
        self.passed = self.failed = 0

    def __call__(self, ok, what):
        if ok:
            self.passed += 1
            return
        self.failed += 1
        if self.shown is None or self.failed <= self.shown:
            print(f"{self.stage}: FAILED: {what}")

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)


def glob(pattern, value):
    """A scope pattern: `*` matches any run of characters, everything else itself."""
    return re.fullmatch(".*".join(re.escape(part) for part in pattern.split("*")), value, re.S) is not None


def in_scope(scope, exclude, context):
    """A policy's scope: a key excludes the question only when the question names a value none
    of its patterns match; `exclude` when every one of its keys matches."""
    for key, patterns in scope.items():
        if key in context and not any(glob(p, context[key]) for p in patterns):
            return False
    if exclude and all(key in context and any(glob(p, context[key]) for p in patterns) for key, patterns in exclude.items()):
        return False
    return True


def batch_line(instant, context):
    """One `gate --batch` question: the instant alone, or {"at", "context"} with labels nested."""
    at = dt.datetime.fromtimestamp(instant, tz=UTC).isoformat()
    if not context:
        return at
    labels = {k[7:]: v for k, v in context.items() if k.startswith("labels.")}
    plain = {k: v for k, v in context.items() if not k.startswith("labels.")}
    if labels:
        plain["labels"] = labels
    return json.dumps({"at": at, "context": plain})


def gate_target(instant, context):
    """The `GET /v1/gate` request target for the same question."""
    at = dt.datetime.fromtimestamp(instant, tz=UTC).isoformat()
    return "/v1/gate?at=" + quote(at, safe="") + "".join(
        f"&context.{quote(k, safe='.')}={quote(v, safe='')}" for k, v in sorted(context.items()))


def gate_answer(connection, instant, context, check):
    """`GET /v1/gate` for the question over `connection`: (target, its JSON answer), the answer
    None after a failed check when the status is not 200."""
    target = gate_target(instant, context)
    connection.request("GET", target)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        check(False, f"{target}: status {response.status}: {body[:200]!r}")
        return target, None
    return target, json.loads(body)


def free_port():
    """A local port nothing listens on now (the server is started on it next)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


def wait_for_port(port, tries=100):
    """Until a server accepts on `port` (at most `tries` x 50 ms)."""
    for _ in range(tries):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
