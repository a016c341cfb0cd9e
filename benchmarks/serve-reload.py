#!/usr/bin/env python3
"""How fast a watched edit goes live in `calpolicy serve --watch` (benchmarks/serve.sh runs this).

Starts the server on a copy of a policy (with its tests), then N times: rewrites the file with a
new description, and asks GET /v1/days for one day in a tight loop until the answer comes from
another version (X-Policy-Version).
"edit → live" is the time from the write returning to the first answer from the new version.
Then reads the server's own figures from /metrics: the time to build a version aside
(read, load, gate tests) and the swap (the pointer move and the response cache emptied).

    benchmarks/serve-reload.py BINARY [ROUNDS] [--gate-tests]
"""
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 9
    gate = "--gate-tests" in sys.argv
    work = tempfile.mkdtemp(prefix="calpolicy-reload-bench-")
    policy = os.path.join(work, "weekends.lua")
    shutil.copy(os.path.join(ROOT, "policies", "weekends.lua"), policy)
    shutil.copy(os.path.join(ROOT, "policies", "weekends_test.lua"), os.path.join(work, "weekends_test.lua"))
    with open(policy) as f:
        original = f.read()
    marker = '"Saturdays and Sundays cannot be selected."'
    assert marker in original, "policies/weekends.lua changed: update the benchmark's marker"
    args = [binary, policy, "--listen", "127.0.0.1:0", "--today", "2026-12-01", "--watch"] + (["--gate-tests"] if gate else [])
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        port = int(proc.stdout.readline().decode().strip().rsplit(":", 1)[1])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

        def version():
            conn.request("GET", "/v1/days?from=2026-12-05&to=2026-12-05")
            response = conn.getresponse()
            response.read()
            return response.getheader("X-Policy-Version")

        live = []
        for n in range(rounds):
            text = f"round {n}"
            before = version()
            # Spread the edits over the watcher's 250 ms poll.
            time.sleep(0.3 + (n % 5) * 0.05)
            with open(policy, "w") as f:
                f.write(original.replace(marker, json.dumps(text)))
            t0 = time.perf_counter()
            deadline = t0 + 10
            while version() == before:
                if time.perf_counter() > deadline:
                    raise SystemExit(f"round {n}: the edit did not go live within 10 s")
            live.append(time.perf_counter() - t0)
        conn.request("GET", "/metrics")
        metrics = {}
        for line in conn.getresponse().read().decode().splitlines():
            if line.startswith("calpolicy_reload_") and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                metrics[name] = float(value)
        conn.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)

    count = metrics["calpolicy_reload_swap_seconds_count"]
    ms = [x * 1000 for x in live]
    print(f"reload ({'--gate-tests, ' if gate else ''}{rounds} edits of policies/weekends.lua under --watch):")
    print(f"| figure | median | min | max |")
    print(f"|---|---:|---:|---:|")
    print(f"| edit → first answer from the new version | {statistics.median(ms):.1f} ms | {min(ms):.1f} ms | {max(ms):.1f} ms |")
    print(f"| build aside (read, load{', tests' if gate else ''}; mean of {count:.0f}) | "
          f"{metrics['calpolicy_reload_build_seconds_sum'] / count * 1000:.2f} ms | | "
          f"{metrics['calpolicy_reload_build_seconds_max'] * 1000:.2f} ms |")
    print(f"| swap (pointer, cache emptied; mean of {count:.0f}) | "
          f"{metrics['calpolicy_reload_swap_seconds_sum'] / count * 1000:.3f} ms | | "
          f"{metrics['calpolicy_reload_swap_seconds_max'] * 1000:.3f} ms |")
    ok = statistics.median(ms) <= 1000 and metrics["calpolicy_reload_swap_seconds_max"] <= 0.050
    print(f"targets (live within 1 s, swap <= 50 ms): {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
