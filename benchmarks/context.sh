#!/usr/bin/env bash
# What a decision context costs a gate: `gate --batch` over N instants (one process, so start-up
# is shared) through a stack of scoped and unscoped policies, without a context, with a five-key
# `--context`, and with a five-key context on every line (`{"at", "context"}`), alternating runs;
# prints the median per decision of each and the ratios (target: five keys <= 1.1x none). Not
# part of make test. Usage: benchmarks/context.sh [N instants] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
instants=${1:-20000}
runs=${2:-9}
# shellcheck disable=SC2046  # the flags are words
swift build -c release --product calpolicy $(scripts/release-flags.sh) >&2
bin=$(swift build -c release --show-bin-path)/calpolicy
python3 - "$bin" "$instants" "$runs" <<'PY'
import json, statistics, subprocess, sys, time
binary, count, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
policies = ["benchmarks/policies/deploy-freeze.lua", "Tests/fixtures/scope/production-freeze.lua",
            "Tests/fixtures/scope/friday-deploys.lua", "Tests/fixtures/scope/thanksgiving-na.lua"]
start = 1_793_491_200  # 2026-11-01T00:00:00Z
ats = [time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + i * 337)) for i in range(count)]
context = {"environment": "production", "service": "api", "action": "deploy", "tenant": "acme", "labels.region": "eu"}
flags = [arg for key, value in context.items() for arg in ("--context", f"{key}={value}")]
plain = "\n".join(ats) + "\n"
lines = "\n".join(json.dumps({"at": at, "context": {"environment": "production", "service": "api", "action": "deploy",
                                                      "tenant": "acme", "labels": {"region": "eu"}}}) for at in ats) + "\n"
cases = {"none": ([], plain), "five-key --context": (flags, plain), "five-key context a line": ([], lines)}
base = [binary, "gate", *policies, "--batch", "-", "--today", "2026-11-01", "--format", "json"]
timings = {name: [] for name in cases}
for _ in range(runs):
    for name, (extra, text) in cases.items():
        began = time.perf_counter()
        done = subprocess.run(base + extra, input=text.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        timings[name].append(time.perf_counter() - began)
        assert done.returncode == 0, done.stderr
        assert done.stdout.count(b"\n") == count
none = statistics.median(timings["none"])
for name, values in timings.items():
    median = statistics.median(values)
    print(f"{name}: {median / count * 1e6:.2f} us a decision ({median * 1000:.0f} ms for {count}), "
          f"{median / none:.3f}x none")
ratio = statistics.median(timings["five-key --context"]) / none
print(f"five-key context / none: {ratio:.3f} (target <= 1.10) {'ok' if ratio <= 1.10 else 'OVER TARGET'}")
PY
