#!/usr/bin/env bash
# Throughput of `calpolicy revalidate`: 100,000 generated stored selections (a third each single,
# multiple with 1-6 days in a month, range of 1-30 days; 2026-2030; made by the check stage's
# generator, scripts/oracles/revalidate_oracle.py) checked against policies/weekends.lua
# policies/us-federal-holidays.lua in one process, whole process timed
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
import random, sys
sys.path.insert(0, "scripts/oracles")
from revalidate_oracle import generate  # the check stage's generator, unmixed
lines, selections = generate(random.Random(100_000), count=100_000, span=("2026-01-01", "2030-12-31"), mixed=False)
with open(sys.argv[1], "w") as out:
    out.write("\n".join(lines) + "\n")
print(sum(len(days) for _, _, _, days in selections))
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
