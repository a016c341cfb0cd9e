#!/usr/bin/env bash
# Throughput of `calpolicy revalidate`: 100,000 generated stored selections (a third each single,
# multiple with 1-6 days in a month, range of 1-30 days; 2026-2030) checked against
# policies/weekends.lua policies/us-federal-holidays.lua in one process, whole process timed
# (read, parse, every day asked once, every selection checked, output) by GNU time. Prints the
# selection-days (days held by the selections, summed) per second of CPU time (user + system:
# the machine's other work does not count against it) and per second of wall time, median of N
# runs (default 3). Not in make test.
# Usage: benchmarks/revalidate.sh [CALPOLICY] [N]  (default .build/release/calpolicy if built, else debug)
set -euo pipefail
cd "$(dirname "$0")/.."
calpolicy=${1:-$( [ -x .build/release/calpolicy ] && echo .build/release/calpolicy || echo .build/debug/calpolicy )}
runs=${2:-3}
python=$( [ -x .venv/bin/python ] && echo .venv/bin/python || echo python3 )
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

days=$("$python" - "$tmp/bookings.jsonl" <<'PY'
import json, random, sys
from datetime import date, timedelta
rng = random.Random(100_000)
first, width, total = date(2026, 1, 1), 5 * 365 - 40, 0
with open(sys.argv[1], "w") as out:
    for index in range(100_000):
        start = first + timedelta(days=rng.randrange(width))
        mode = ("single", "multiple", "range")[index % 3]
        if mode == "single":
            days = [start]
        elif mode == "multiple":
            days = sorted({start + timedelta(days=rng.randrange(30)) for _ in range(rng.randrange(1, 7))})
        else:
            days = [start + timedelta(days=i) for i in range(rng.randrange(1, 31))]
        total += len(days)
        if mode == "range":
            record = {"id": f"b-{index}", "mode": mode, "range": [days[0].isoformat(), days[-1].isoformat()]}
        else:
            record = {"id": f"b-{index}", "mode": mode, "selection": [d.isoformat() for d in days]}
        out.write(json.dumps(record) + "\n")
print(total)
PY
)

cpus=(); walls=()
for _ in $(seq "$runs"); do
    status=0
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$calpolicy" revalidate policies/weekends.lua policies/us-federal-holidays.lua \
        --selections "$tmp/bookings.jsonl" --today 2026-12-01 --format json >"$tmp/out.json" || status=$?
    [ "$status" -le 1 ] || { echo "revalidate failed (exit $status)" >&2; exit 1; }
    read -r wall user system < <(tail -n 1 "$tmp/time")
    walls+=("$wall"); cpus+=("$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
cpu=$(median "${cpus[@]}"); wall=$(median "${walls[@]}")
refused=$("$python" -c "import json,sys; print(json.load(open(sys.argv[1]))['refusedCount'])" "$tmp/out.json")
echo "calpolicy: $calpolicy, median of $runs runs"
echo "100000 selections, $days selection-days, $refused refused: ${cpu} s CPU, ${wall} s wall"
awk -v d="$days" -v c="$cpu" -v w="$wall" \
    'BEGIN { printf "%.2f M selection-days per CPU second (target: 1 M); %.2f M per wall second\n", d / c / 1e6, d / w / 1e6 }'
