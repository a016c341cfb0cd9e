"""The fleet (scripts/checks/fleet.sh): nginx serves a bundle folder (ETag from the file), three
calpolicy-serve replicas pull it with --bundle-poll 1s..2s, and the stage checks what a fleet
operator relies on. Usage: fleet_check.py BUILD_DIR. Prints "N passed, N failed".
"""
import io
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.error
import urllib.request

import yaml

BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug")
CLI = os.path.join(BUILD, "calpolicy")
SERVE = os.path.join(BUILD, "calpolicy-serve")
POLL_MAX = 2.0
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}", flush=True)


def run(*args, ok_codes=(0,)):
    done = subprocess.run(list(args), capture_output=True, text=True)
    if done.returncode not in ok_codes:
        raise SystemExit(f"fleet: {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return done


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


POLICY = """-- freeze.lua: closes the days listed (a stand-in for a change freeze).
local CLOSED = { %s }

return {
    name = "freeze",
    canSelect = function(day)
        local key = string.format("%%04d-%%02d-%%02d", day.year, day.month, day.day)
        if CLOSED[key] then return false, "freeze" end
        return true
    end,
}
"""

TEST = """test.policies { "freeze.lua" }
test.today "2026-12-01"
test("the freeze", function()
%s
end)
"""

DAYS = ["2027-01-04", "2027-01-05", "2027-01-06"]


def make_bundle(work, name, revision, closed, open_days, key):
    """A signed bundle closing `closed`, whose test expects `closed` denied and `open_days` selectable."""
    folder = os.path.join(work, "src-" + name)
    os.makedirs(folder)
    with open(os.path.join(folder, "freeze.lua"), "w") as f:
        f.write(POLICY % ", ".join(f'["{d}"] = true' for d in closed))
    lines = [f'    expect.denied("{d}", "freeze")' for d in closed] + [f'    expect.selectable("{d}")' for d in open_days]
    with open(os.path.join(folder, "freeze_test.lua"), "w") as f:
        f.write(TEST % "\n".join(lines))
    path = os.path.join(work, name + ".tar.gz")
    run(CLI, "bundle", "build", folder, "-o", path, "--revision", revision)
    run(CLI, "bundle", "sign", path, "--key", key)
    return path


def members(path):
    with tarfile.open(path, "r:gz") as tar:
        return [(m, tar.extractfile(m).read() if m.isfile() else b"") for m in tar.getmembers()]


def repack(path, out, change):
    """The bundle at `path` re-packed after `change(list of (TarInfo, bytes))` (signature kept)."""
    items = change(members(path))
    with tarfile.open(out, "w:gz") as tar:
        for info, data in items:
            info = tarfile.TarInfo(info.name) if isinstance(info, str) else info
            if info.isfile():
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.addfile(info)
    return out


class Truncating(threading.Thread):
    """The one case nginx cannot make by itself: an upstream that announces more bytes than it sends."""

    def __init__(self, body):
        super().__init__(daemon=True)
        self.body = body
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.stopped = False

    def run(self):
        while not self.stopped:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                try:
                    conn.settimeout(2)
                    conn.recv(65536)
                    head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(self.body) + 5000}\r\nContent-Type: application/gzip\r\n\r\n"
                    conn.sendall(head.encode() + self.body[: len(self.body) // 2])
                except OSError:
                    pass

    def stop(self):
        self.stopped = True
        self.sock.close()


class Nginx:
    def __init__(self, work, port, truncating_port):
        self.work, self.port = work, port
        self.www = os.path.join(work, "www")
        os.makedirs(self.www, exist_ok=True)
        os.makedirs(os.path.join(work, "nginx-tmp"), exist_ok=True)
        self.flag = os.path.join(work, "truncate")
        self.conf = os.path.join(work, "nginx.conf")
        temp = os.path.join(work, "nginx-tmp")
        with open(self.conf, "w") as f:
            f.write(f"""worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    default_type application/gzip;
    server {{
        listen 127.0.0.1:{port};
        root {self.www};
        location = /bundle.tar.gz {{
            if (-f {self.flag}) {{ proxy_pass http://127.0.0.1:{truncating_port}; }}
        }}
    }}
}}
""")
        self.process = None
        self.mtime = 1_700_000_000

    def start(self):
        self.process = subprocess.Popen(["nginx", "-c", self.conf, "-p", self.work, "-e", self.work + "/nginx-error.log"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("fleet: nginx did not start (see nginx-error.log)")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)

    def publish(self, path, truncate=False):
        """The served bundle becomes `path`, whole (rename), with an mtime of its own so the ETag changes."""
        staged = os.path.join(self.www, ".staged")
        shutil.copyfile(path, staged)
        os.chmod(staged, 0o644)
        self.mtime += 10
        os.utime(staged, (self.mtime, self.mtime))
        os.rename(staged, os.path.join(self.www, "bundle.tar.gz"))
        if truncate:
            open(self.flag, "w").close()
        elif os.path.exists(self.flag):
            os.remove(self.flag)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/bundle.tar.gz"


class Replica:
    def __init__(self, work, index, url, public_key):
        self.state = os.path.join(work, f"state-{index}")
        self.log = os.path.join(work, f"decisions-{index}.log")
        self.stderr = os.path.join(work, f"replica-{index}.err")
        self.args = [SERVE, "--bundle", url, "--bundle-public-key", public_key, "--bundle-poll", "1s..2s",
                     "--state-dir", self.state, "--listen", "127.0.0.1:0", "--gate-tests", "--decision-log", self.log]
        self.process = None
        self.port = None

    def start(self):
        self.process = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=open(self.stderr, "a"), text=True)
        line = self.process.stdout.readline()
        if not line.startswith("listening on http://127.0.0.1:"):
            raise SystemExit(f"fleet: a replica did not start: {line!r}; see {self.stderr}")
        self.port = int(line.strip().rsplit(":", 1)[1])

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=15)

    def get(self, path):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=5) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def status(self):
        return json.loads(self.get("/v1/status")[2])["bundle"]

    def gate(self, day):
        status, headers, body = self.get(f"/v1/gate?at={day}T12:00:00Z&timeZone=UTC")
        return status, headers.get("X-Policy-Revision"), json.loads(body)


def wait_until(predicate, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if predicate():
                return True
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.05)
    return False


def ask_every_day(replicas):
    """Gate questions about each day on every replica: what the decision logs hold for the replay."""
    for replica in replicas:
        for day in DAYS:
            replica.gate(day)


def serving(replica, revision, closed):
    """The replica answers with `revision` and its gate closes exactly `closed`."""
    for day in DAYS:
        status, header, body = replica.gate(day)
        if status != 200 or header != revision or body["open"] == (day in closed):
            return False
    return True


def main():
    for tool in ("nginx",):
        if shutil.which(tool) is None and not os.path.exists("/usr/sbin/" + tool):
            print(f"fleet: {tool} is missing (scripts/setup.sh test installs it)")
            print("0 passed, 1 failed")
            return 1
    os.environ["PATH"] += ":/usr/sbin"
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="calpolicy-fleet-")
    os.chmod(work, 0o755)
    nginx = truncating = None
    replicas = []
    try:
        key, other = os.path.join(work, "key"), os.path.join(work, "other")
        run(CLI, "bundle", "keygen", "-o", key)
        run(CLI, "bundle", "keygen", "-o", other)
        rev1 = make_bundle(work, "rev1", "rev1", DAYS[:1], DAYS[1:], key)
        rev2 = make_bundle(work, "rev2", "rev2", DAYS[:2], DAYS[2:], key)
        # The same revision name closing one more day: what replay compares the fleet's log against.
        whatif = make_bundle(work, "rev2-whatif", "rev2", DAYS, [], key)
        other_key = make_bundle(work, "rev3-other", "rev3-other", DAYS, [], other)
        failing = make_bundle(work, "rev3-failing", "rev3-failing", DAYS[:1], DAYS[1:], key)
        # Its policy closes a day its test says is open: --gate-tests refuses it.
        with open(os.path.join(work, "src-rev3-failing", "freeze.lua"), "w") as f:
            f.write(POLICY % ", ".join(f'["{d}"] = true' for d in DAYS))
        run(CLI, "bundle", "build", os.path.join(work, "src-rev3-failing"), "-o", failing, "--revision", "rev3-failing")
        run(CLI, "bundle", "sign", failing, "--key", key)

        def tamper(items):
            out = []
            for info, data in items:
                if info.name == "freeze.lua":
                    data = data.replace(b"stand-in", b"STAND-IN")
                out.append((info, data))
            return out

        def extra(items):
            info = tarfile.TarInfo("extra.lua")
            return items + [(info, b"return {}\n")]

        def symlink(items):
            info = tarfile.TarInfo("link.lua")
            info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
            return items + [(info, b"")]

        def dotdot(items):
            return items + [(tarfile.TarInfo("../escape.lua"), b"return {}\n")]

        def big_signature(items):
            return [(i, b"x" * (5 << 20) if i.name == "manifest.sig" else d) for i, d in items]

        def tar_bomb(items):
            return items + [(tarfile.TarInfo(f"bomb/{n}.lua"), b"") for n in range(10_050)]

        bad = [
            ("signed by another key", other_key, "signature", False),
            ("a file changed after signing", repack(rev2, os.path.join(work, "tampered.tar.gz"), tamper), "rejected", False),
            ("a file the manifest does not list", repack(rev2, os.path.join(work, "extra.tar.gz"), extra), "rejected", False),
            ("a symbolic link", repack(rev2, os.path.join(work, "symlink.tar.gz"), symlink), "rejected", False),
            ("a name with ..", repack(rev2, os.path.join(work, "dotdot.tar.gz"), dotdot), "rejected", False),
            ("a 5 MB manifest.sig", repack(rev2, os.path.join(work, "bigsig.tar.gz"), big_signature), "rejected", False),
            ("10,050 members", repack(rev2, os.path.join(work, "bomb.tar.gz"), tar_bomb), "rejected", False),
            ("a download cut short", other_key, "download_failed", True),
            ("a policy failing its test", failing, "activation_refused", False),
        ]

        with open(other_key, "rb") as f:
            truncating = Truncating(f.read())
        truncating.start()
        nginx = Nginx(work, free_port(), truncating.port)
        nginx.publish(rev1)
        nginx.start()

        replicas = [Replica(work, i, nginx.url, key + ".pub") for i in range(3)]
        t0 = time.monotonic()
        for replica in replicas:
            replica.start()
        check(all(wait_until(lambda r=r: serving(r, "rev1", DAYS[:1]), 15) for r in replicas),
              "every replica serves rev1 after its first pull")
        print(f"fleet: rev1 live on 3 replicas {time.monotonic() - t0:.2f} s after they started", flush=True)
        ask_every_day(replicas)

        t0 = time.monotonic()
        nginx.publish(rev2)
        live = [wait_until(lambda r=r: r.gate(DAYS[1])[1] == "rev2", POLL_MAX + 5) for r in replicas]
        elapsed = time.monotonic() - t0
        print(f"fleet: rev2 live on 3 replicas {elapsed:.2f} s after it was published (poll max {POLL_MAX:.0f} s)", flush=True)
        check(all(live), "rev2 goes live on every replica")
        check(elapsed <= POLL_MAX + 1.5, f"rev2 live on every replica within the poll maximum (+1.5 s to load): {elapsed:.2f} s")
        check(all(serving(r, "rev2", DAYS[:2]) for r in replicas), "every replica decides with rev2 (2027-01-05 closed)")
        ask_every_day(replicas)
        status = replicas[0].status()
        check(status["activeRevision"] == "rev2" and status["signed"] and status["lastError"] is None,
              f"/v1/status names rev2, signed, no error: {status}")
        schema = yaml.safe_load(open("docs/openapi.yaml"))["components"]["schemas"]["Status"]["properties"]["bundle"]
        check(sorted(status) == sorted(schema["required"]), f"/v1/status's bundle has the fields docs/openapi.yaml names: {sorted(status)}")
        status_code, headers, _ = replicas[0].get("/health")
        check(headers.get("X-Policy-Revision") == "rev2", "every answer carries X-Policy-Revision")
        metrics = replicas[0].get("/metrics")[2].decode()
        check('calpolicy_bundle_info{url="%s",active_revision="rev2"' % nginx.url in metrics,
              "/metrics names the active revision")

        for what, path, code, truncate in bad:
            before = [r.status()["refusals"] for r in replicas]
            nginx.publish(path, truncate=truncate)
            refused = [wait_until(lambda r=r, b=b: r.status()["refusals"] > b, POLL_MAX + 5) for r, b in zip(replicas, before)]
            check(all(refused), f"{what}: every replica records a failure")
            errors = [r.status()["lastError"] or {} for r in replicas]
            check(all(e.get("code") == code for e in errors), f"{what}: lastError.code is {code}: {errors}")
            check(all(sorted(e) == sorted(schema["properties"]["lastError"]["required"]) for e in errors),
                  f"{what}: lastError has the fields docs/openapi.yaml names")
            check(all(serving(r, "rev2", DAYS[:2]) for r in replicas), f"{what}: rev2 keeps answering on every replica")
            ask_every_day(replicas)
        check(not os.path.exists(os.path.join(work, "escape.lua")) and
              not any(os.path.exists(os.path.join(r.state, "escape.lua")) for r in replicas),
              "nothing was written outside the state folders")
        check(all(sorted(os.listdir(os.path.join(r.state, "bundles"))) == ["active", "r-" + r.status()["sha256"][:16]]
                  for r in replicas), "each state folder holds the active revision only")
        nginx.publish(rev2)

        nginx.stop()
        check(all(wait_until(lambda r=r: (r.status()["lastError"] or {}).get("code") == "download_failed", POLL_MAX + 5)
                  for r in replicas), "nginx stopped: every replica records the failed download")
        check(all(serving(r, "rev2", DAYS[:2]) for r in replicas), "nginx stopped: every replica keeps answering with rev2")
        ask_every_day(replicas)

        replicas[0].stop()
        replicas[0].start()
        ready = wait_until(lambda: replicas[0].get("/ready")[0] == 200, 10)
        check(ready, "a replica restarted while nginx is down is ready")
        check(serving(replicas[0], "rev2", DAYS[:2]) and replicas[0].status()["fromPersisted"],
              "it answers from its persisted rev2")
        ask_every_day(replicas)

        empty = Replica(work, 9, nginx.url, key + ".pub")
        empty.start()
        replicas.append(empty)
        time.sleep(1.0)
        check(empty.get("/ready")[0] == 503, "a replica with neither a persisted bundle nor a bundle server is not ready")
        status_code, _, body = empty.get(f"/v1/gate?at={DAYS[0]}T12:00:00Z&timeZone=UTC")
        check(status_code == 503 and json.loads(body)["error"]["code"] == "no_bundle",
              f"it refuses decisions (503 no_bundle): {status_code} {body[:120]!r}")

        for replica in replicas:
            replica.stop()
        log = os.path.join(work, "fleet-decisions.log")
        with open(log, "w") as out:
            for replica in replicas[:3]:
                with open(replica.log) as f:
                    out.write(f.read())
        lines = [json.loads(l) for l in open(log) if l.strip()]
        gates = [l for l in lines if l["route"] == "/v1/gate" and l["status"] == 200]
        check(gates and all(l.get("revision") in ("rev1", "rev2") for l in gates),
              "every decision-log line names the bundle revision that answered")
        same = subprocess.run([CLI, "replay", log, "--bundle", rev1, "--bundle", rev2, "--public-key", key + ".pub"],
                              capture_output=True, text=True)
        summary = same.stdout.strip().splitlines()[-1] if same.stdout.strip() else same.stderr
        check(same.returncode == 0 and f"replay: {len(gates)} decisions, 0 differences" in summary,
              f"the log replays with 0 differences against the same revisions: {summary}")
        expected = [n for n, l in enumerate(lines, 1) if l.get("revision") == "rev2" and l["route"] == "/v1/gate"
                    and l["status"] == 200 and l["query"]["at"].startswith(DAYS[2])]
        moved = subprocess.run([CLI, "replay", log, "--bundle", rev1, "--bundle", whatif], capture_output=True, text=True)
        differing = sorted(int(l.split()[1]) for l in moved.stdout.splitlines() if l.startswith("line ") and ": open: logged true, now false" in l)
        summary = moved.stdout.strip().splitlines()[-1] if moved.stdout.strip() else moved.stderr
        # Closing 2027-01-06 too: the decisions about it flip to closed, and those about the two
        # days before it (closed already) now stay closed a day longer (their `until`); rev1's
        # lines, replayed against rev1, do not move.
        rev2_lines = [n for n, l in enumerate(lines, 1) if l.get("revision") == "rev2" and l["route"] == "/v1/gate" and l["status"] == 200]
        until_moved = sorted(int(l.split()[1]) for l in moved.stdout.splitlines()
                             if l.startswith("line ") and ': until: logged "2027-01-06T00:00:00+00:00", now "2027-01-07T00:00:00+00:00"' in l)
        check(moved.returncode == 1 and differing == expected and f"{len(rev2_lines)} differences" in summary
              and sorted(set(rev2_lines) - set(expected)) == until_moved,
              f"against a rev2 closing one more day: the {len(expected)} decisions about {DAYS[2]} flip to closed, the other "
              f"{len(rev2_lines) - len(expected)} rev2 decisions close a day longer, no rev1 decision moves: {summary}")
        missing = subprocess.run([CLI, "replay", log, "--bundle", rev2], capture_output=True, text=True)
        check("missing revision rev1" in missing.stdout, "a line naming a revision not given is reported missing")
        print(f"fleet: {len(gates)} gate decisions logged; stage took {time.monotonic() - started:.1f} s", flush=True)
    finally:
        for replica in replicas:
            try:
                replica.stop()
            except Exception:
                pass
        if nginx:
            nginx.stop()
        if truncating:
            truncating.stop()
        if failed == 0:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"fleet: files kept in {work}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
