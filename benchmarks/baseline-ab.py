#!/usr/bin/env python3
"""Whole-process A/B of this build against the round's baseline binary, alternating.

Usage: benchmarks/baseline-ab.py BASELINE_BIN BASELINE_REV [CURRENT_BIN] [PAIRS]

Runs each workload PAIRS times (default 200) as alternating pairs (the order flipped every
pair), each binary with its own compile cache (warmed first, so both are measured as a user's
second run is) and reading its own revision's policy files (a policy may use what an older
binary refuses). Prints the median wall time of each side and the ratio current / baseline.
The workloads: a one-month `eval` (the cold start) of the holiday policy and of weekends,
and a year of both as CSV.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def baseline_policies(rev, folder):
    for name in ("us-federal-holidays.lua", "weekends.lua"):
        text = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:policies/{name}"], check=True,
                              capture_output=True).stdout
        with open(os.path.join(folder, name), "wb") as out:
            out.write(text)


def run(argv, env):
    start = time.perf_counter_ns()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter_ns() - start


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    base_bin, rev = sys.argv[1], sys.argv[2]
    current_bin = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, ".build/release/calpolicy")
    pairs = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    work = tempfile.mkdtemp(prefix="calpolicy-ab-")
    base_dir = os.path.join(work, "base")
    os.makedirs(base_dir)
    baseline_policies(rev, base_dir)
    current_dir = os.path.join(ROOT, "policies")
    envs = {side: dict(os.environ, CALPOLICY_CACHE=os.path.join(work, "cache-" + side)) for side in ("base", "now")}
    workloads = {
        "one-month eval, us-federal-holidays (cold start)": lambda d: ["eval", f"{d}/us-federal-holidays.lua",
                                                                        "--month", "2026-12", "--today", "2026-12-01"],
        "one-month eval, weekends": lambda d: ["eval", f"{d}/weekends.lua", "--month", "2026-12", "--today", "2026-12-01"],
        "a year of both as CSV": lambda d: ["eval", f"{d}/us-federal-holidays.lua", f"{d}/weekends.lua", "--from",
                                            "2026-01-01", "--to", "2026-12-31", "--format", "csv", "--today", "2026-12-01"],
    }
    print(f"baseline {rev} ({base_bin}) vs current ({current_bin}), {pairs} alternating pairs each, median wall")
    print("| workload | baseline ms | current ms | current / baseline |")
    print("|---|---:|---:|---:|")
    for name, argv in workloads.items():
        sides = {"base": [base_bin] + argv(base_dir), "now": [current_bin] + argv(current_dir)}
        for side in sides:  # warm each side's compile cache and page cache
            for _ in range(3):
                run(sides[side], envs[side])
        times = {"base": [], "now": []}
        for pair in range(pairs):
            order = ("base", "now") if pair % 2 == 0 else ("now", "base")
            for side in order:
                times[side].append(run(sides[side], envs[side]))
        b, n = statistics.median(times["base"]) / 1e6, statistics.median(times["now"]) / 1e6
        print(f"| {name} | {b:.2f} | {n:.2f} | {n / b:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
