#!/usr/bin/env python3
"""Golden answers of every HTTP route (Tests/Golden/routes.txt), the server's twin of golden.sh.

  golden_routes.py record BIN_DIR   write Tests/Golden/routes-out/ from BIN_DIR/calpolicy-serve
  golden_routes.py check  BIN_DIR   compare; exit 1 on any difference

Each case line is `METHOD TARGET [JSON BODY]`; the server runs once with two stacks, a fixed
--today and no cache, and the recorded answer is the status, the Content-Type and the body.
Refactors run `check` before and after: a byte that moves is a behaviour change.
"""
import http.client
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "Tests", "Golden", "routes.txt")
OUT = os.path.join(ROOT, "Tests", "Golden", "routes-out")
ARGS = ["policies/weekends.lua", "policies/us-federal-holidays.lua",
        "--stack", "freeze=policies/change-freeze.lua,policies/payday.lua",
        "--stack", "uk=policies/uk-bank-holidays.lua",
        "--listen", "127.0.0.1:0", "--today", "2026-12-01", "--cache-entries", "0"]


def cases():
    with open(CASES, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parts = line.split(" ", 2)
            yield parts[0], parts[1], (parts[2] if len(parts) > 2 else None)


def answer(port, method, target, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, target, body=body.encode() if body is not None else None, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    text = f"{method} {target}\n" + (f"body {body}\n" if body is not None else "")
    text += f"status {response.status}\ncontent-type {response.getheader('Content-Type')}\n--- body\n"
    return text.encode() + data


def main():
    mode, bin_dir = sys.argv[1], sys.argv[2]
    env = dict(os.environ, LANG="C.UTF-8", TZ="UTC", SWIFT_BACKTRACE="enable=no")
    # The server's log goes to a file, shown when a case gets no answer (which request, and
    # whether the server was still running, is what tells a crash from a closed connection).
    log = tempfile.TemporaryFile()
    server = subprocess.Popen([os.path.join(bin_dir, "calpolicy-serve")] + ARGS, cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=log)
    try:
        line = server.stdout.readline().decode()
        if not line.startswith("listening on http://"):
            print(f"golden routes: the server did not start: {line!r}", file=sys.stderr)
            return 2
        port = int(line.strip().rsplit(":", 1)[1])
        if mode == "record":
            os.makedirs(OUT, exist_ok=True)
            for name in os.listdir(OUT):
                os.remove(os.path.join(OUT, name))
        differ = total = 0
        for number, (method, target, body) in enumerate(cases(), start=1):
            total += 1
            path = os.path.join(OUT, f"{number:03d}.txt")
            try:
                got = answer(port, method, target, body)
            except (OSError, http.client.HTTPException) as error:
                status = server.poll()
                log.seek(0)
                tail = log.read()[-2000:].decode(errors="replace")
                print(f"golden routes: case {number:03d} got no answer: {method} {target}: "
                      f"{type(error).__name__}: {error}; the server "
                      + ("is still running" if status is None else f"exited with status {status}"),
                      file=sys.stderr)
                print("  the server's log, last lines:\n    " + tail.replace("\n", "\n    "), file=sys.stderr)
                return 1
            if mode == "record":
                with open(path, "wb") as handle:
                    handle.write(got)
                continue
            with open(path, "rb") as handle:
                want = handle.read()
            if got != want:
                differ += 1
                print(f"golden routes: case {number:03d} differs: {method} {target}")
                print("  want: " + want[:600].decode(errors="replace").replace("\n", "\n        "))
                print("  got:  " + got[:600].decode(errors="replace").replace("\n", "\n        "))
        if mode == "record":
            print(f"golden routes: recorded {total} cases into {os.path.relpath(OUT, ROOT)}")
            return 0
        print(f"{total - differ} passed, {differ} failed")
        return 1 if differ else 0
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
