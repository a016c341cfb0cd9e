#!/usr/bin/env bash
# Cold start of `calpolicy gate` (it runs once per pipeline job) against `ncal` printing one
# month, the target being at most 2x. Builds the release calpolicy with make release's flags,
# then times alternating runs (median of N each, wall clock, process start to exit) of
#   calpolicy gate benchmarks/policies/deploy-freeze.lua --at 2026-12-24T13:05:00+01:00 --time-zone Europe/Berlin
#   ncal 12 2026
# and prints both medians and their ratio. Not part of make test. Usage: benchmarks/gate.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
command -v ncal >/dev/null || { echo "gate.sh: ncal is missing (scripts/setup.sh test installs it)" >&2; exit 1; }
# shellcheck disable=SC2046  # the flags are words
swift build -c release --product calpolicy $(scripts/release-flags.sh) >&2
bin=$(swift build -c release --show-bin-path)/calpolicy
python3 - "$bin" "$runs" <<'PY'
import resource, statistics, subprocess, sys, time
binary, runs = sys.argv[1], int(sys.argv[2])
gate = [binary, "gate", "benchmarks/policies/deploy-freeze.lua", "--at", "2026-12-24T13:05:00+01:00",
        "--time-zone", "Europe/Berlin"]
ncal = ["ncal", "12", "2026"]
assert subprocess.run(gate, capture_output=True).returncode == 1, "the benchmark instant should be closed"
# Wall clock, and the CPU time (user + system) each child used: on a busy machine the CPU time
# is the steadier figure of the two.
timings = {"gate": [], "ncal": []}
cpu = {"gate": [], "ncal": []}
for _ in range(runs):
    for name, argv in (("gate", gate), ("ncal", ncal)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        timings[name].append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
for label, table in (("wall", timings), ("cpu", cpu)):
    g, n = statistics.median(table["gate"]), statistics.median(table["ncal"])
    print(f"{label}: gate cold start median {g * 1000:.2f} ms, ncal one month {n * 1000:.2f} ms over {runs} runs; "
          f"ratio {g / n:.2f} (target <= 2.00) {'ok' if g / n <= 2 else 'OVER TARGET'}")
PY
