"""Decision-log and status shipping (scripts/checks/decision-log.sh, docs/http-api.md): one
calpolicy-serve with --decision-log-url and --status-url pointed at receivers in this process, and
--bundle pulling from a third. Usage: decision_log_check.py BUILD_DIR. Prints "N passed, N failed".

- a burst of gate answers reaches the receiver as gzip NDJSON batches, every line exactly once,
  their decision ids those of the X-Decision-Id headers answered;
- with the receiver stopped for some seconds during a burst, no answer takes longer than 1 s, and
  the lines lost equal calpolicy_log_lines_dropped_total{log="decision_url"};
- the status receiver sees the first revision, then the new one after an activation.
"""
import gzip
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug")
CLI = os.path.join(BUILD, "calpolicy")
SERVE = os.path.join(BUILD, "calpolicy-serve")
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}", flush=True)


def run(*args):
    done = subprocess.run(list(args), capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"decision-log: {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


POLICY = """return {
    name = "freeze",
    canSelect = function(day)
        if day.iso == "%s" then return false, "freeze" end
        return true
    end,
}
"""


class Receiver:
    """POST /decisions (gzip NDJSON), POST /status (JSON), GET /bundle.tar.gz; stoppable and
    restartable on the same port."""

    def __init__(self):
        self.port = free_port()
        self.lock = threading.Lock()
        self.lines = []
        self.bad = []
        self.statuses = []
        self.bundle = b""
        self.server = None

    def handler(receiver):
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                body = receiver.bundle
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("ETag", '"%x"' % (hash(body) & 0xFFFFFFFF))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver.lock:
                    if self.path == "/decisions":
                        if (self.headers.get("Content-Type") != "application/x-ndjson"
                                or self.headers.get("Content-Encoding") != "gzip"):
                            receiver.bad.append(dict(self.headers))
                        receiver.lines += gzip.decompress(data).decode().splitlines()
                    else:
                        receiver.statuses.append(json.loads(data))
                self.send_response(204)
                self.end_headers()
        return Handler

    def start(self):
        http.server.ThreadingHTTPServer.allow_reuse_address = True
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), self.handler())
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def seen(self):
        with self.lock:
            return list(self.lines)

    def revisions(self):
        with self.lock:
            return [s.get("bundle", {}).get("activeRevision") for s in self.statuses]


def get(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def wait_until(predicate, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def dropped(port):
    text = get(port, "/metrics")[2].decode()
    match = re.search(r'^calpolicy_log_lines_dropped_total\{log="decision_url"\} (\d+)$', text, re.M)
    return int(match.group(1)) if match else None


def burst(port, count):
    """`count` gate questions; (decision ids answered, slowest answer in seconds, answers)."""
    ids, slowest, answers = [], 0.0, 0
    for index in range(count):
        start = time.monotonic()
        status, headers, _ = get(port, f"/v1/gate?at=2027-01-0{4 + index % 3}T12:00:00Z&timeZone=UTC")
        slowest = max(slowest, time.monotonic() - start)
        answers += status == 200
        if "X-Decision-Id" in headers:
            ids.append(headers["X-Decision-Id"])
    return ids, slowest, answers


def main():
    work = tempfile.mkdtemp(prefix="calpolicy-declog-")
    decisions, statuses = Receiver(), Receiver()
    server = None
    try:
        key = os.path.join(work, "key")
        run(CLI, "bundle", "keygen", "-o", key)
        bundles = {}
        for revision, day in (("rev1", "2027-01-04"), ("rev2", "2027-01-05")):
            folder = os.path.join(work, "src-" + revision)
            os.makedirs(folder)
            with open(os.path.join(folder, "freeze.lua"), "w") as f:
                f.write(POLICY % day)
            path = os.path.join(work, revision + ".tar.gz")
            run(CLI, "bundle", "build", folder, "-o", path, "--revision", revision)
            run(CLI, "bundle", "sign", path, "--key", key)
            bundles[revision] = open(path, "rb").read()
        statuses.bundle = bundles["rev1"]
        decisions.start()
        statuses.start()
        log = os.path.join(work, "decisions.jsonl")
        server = subprocess.Popen(
            [SERVE, "--bundle", f"http://127.0.0.1:{statuses.port}/bundle.tar.gz", "--bundle-public-key", key + ".pub",
             "--bundle-poll", "1s..1s", "--state-dir", os.path.join(work, "state"), "--listen", "127.0.0.1:0",
             "--decision-log", log, "--decision-log-url", f"http://127.0.0.1:{decisions.port}/decisions",
             "--status-url", f"http://127.0.0.1:{statuses.port}/status", "--log-buffer", "256"],
            stdout=subprocess.PIPE, stderr=open(os.path.join(work, "serve.err"), "w"), text=True)
        line = server.stdout.readline()
        match = re.match(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if not match:
            raise SystemExit(f"decision-log: calpolicy-serve did not start: {line!r}; "
                             + open(os.path.join(work, "serve.err")).read())
        port = int(match.group(1))
        check(wait_until(lambda: get(port, "/ready")[0] == 200, 20), "the server becomes ready from rev1")
        check(wait_until(lambda: "rev1" in statuses.revisions(), 10), "the status receiver sees rev1")

        # 1. Every line of a burst, exactly once, with the ids answered.
        ids, slowest, answers = burst(port, 600)
        check(answers == 600 and len(ids) == 600, f"600 answers carry X-Decision-Id ({answers}, {len(ids)})")
        check(wait_until(lambda: len(decisions.seen()) >= 600, 10), f"the receiver has 600 lines ({len(decisions.seen())})")
        received = [json.loads(line)["decisionId"] for line in decisions.seen()]
        check(sorted(received) == sorted(ids), "the lines received are the decisions answered, each once")
        check(not decisions.bad, f"every batch is application/x-ndjson with Content-Encoding: gzip ({decisions.bad[:1]})")
        check(dropped(port) == 0, "nothing dropped while the receiver was up")
        file_ids = [json.loads(line)["decisionId"] for line in open(log)]
        check(sorted(file_ids) == sorted(ids), "--decision-log holds the same lines")

        # 2. The receiver stopped for some seconds during a burst: answers keep their latency.
        before = len(decisions.seen())
        dropped_before = dropped(port)
        decisions.stop()
        stopped_at = time.monotonic()
        ids2, slowest, answers2 = burst(port, 1500)
        away = time.monotonic() - stopped_at
        if away < 3:
            time.sleep(3 - away)
        decisions.start()
        print(f"decision-log: receiver away {max(away, 3):.1f} s; slowest answer meanwhile {slowest * 1000:.1f} ms", flush=True)
        check(answers2 == 1500, f"1500 answers while the receiver was away ({answers2})")
        check(slowest < 1.0, f"no answer slower than 1 s while the receiver was away ({slowest:.3f} s)")
        # Settled: the buffer is shipped once nothing more arrives for a while.
        def settled():
            count = len(decisions.seen())
            time.sleep(1.5)
            return count == len(decisions.seen()) and count > before
        check(wait_until(settled, 40), "the receiver gets the buffered lines once it is back")
        lost = 1500 - (len(decisions.seen()) - before)
        metric = dropped(port) - dropped_before
        print(f"decision-log: {lost} line(s) lost while away, dropped metric {metric}", flush=True)
        check(lost > 0, "the burst outgrew the 256-line buffer (something was dropped)")
        check(metric == lost, f"lines lost ({lost}) == calpolicy_log_lines_dropped_total{{log=\"decision_url\"}} ({metric})")
        seen = decisions.seen()
        check(len(set(seen)) == len(seen), "no line received twice")

        # 3. An activation: the status receiver sees the new revision.
        statuses.bundle = bundles["rev2"]
        check(wait_until(lambda: "rev2" in statuses.revisions(), 15), f"the status receiver sees rev2 ({statuses.revisions()})")
        revisions = statuses.revisions()
        check(revisions[-1] == "rev2", "the last status pushed names rev2")
    finally:
        if server and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=15)
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
