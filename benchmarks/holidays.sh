#!/usr/bin/env bash
# Figures for the built-in holiday data, whole processes (median of N runs, default 5):
# loading one country (`calpolicy holidays CC --year 2027`: read, parse and one year's lookups)
# for a small, a large and the largest file, against a run that reads no country file;
# and holidays:US:government for 2000-2060 as CSV against policies/us-federal-holidays.lua.
# Usage: benchmarks/holidays.sh [CALPOLICY] [N]  (default .build/release/calpolicy if built, else debug)
set -euo pipefail
cd "$(dirname "$0")/.."
calpolicy=${1:-$( [ -x .build/release/calpolicy ] && echo .build/release/calpolicy || echo .build/debug/calpolicy )}
runs=${2:-5}

median_ms() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'
}

echo "calpolicy: $calpolicy, median of $runs runs"
base=$(median_ms "$calpolicy" holidays)
echo "no country file (calpolicy holidays, the index only): $base ms"
for code in MT DE US IN; do
    size=$(wc -c <"data/holidays/$code.tsv")
    t=$(median_ms "$calpolicy" holidays "$code" --year 2027)
    echo "load $code ($size bytes) and list 2027: $t ms (about $(awk -v a="$t" -v b="$base" 'BEGIN { printf "%.1f", a - b }') ms over the index run)"
done
t1=$(median_ms "$calpolicy" eval holidays:US:government --from 2000-01-01 --to 2060-12-31 --format csv --today 2026-12-01)
t2=$(median_ms "$calpolicy" eval policies/us-federal-holidays.lua --from 2000-01-01 --to 2060-12-31 --format csv --today 2026-12-01)
days=22281
echo "holidays:US:government 2000-2060 CSV ($days days): $t1 ms"
echo "policies/us-federal-holidays.lua 2000-2060 CSV ($days days): $t2 ms"

# In process (CPU time, release build of calpolicy-bench): a country from nothing to one answer,
# every year of the largest file, and one day's answer once its year is parsed.
bench=.build/release/calpolicy-bench
if [ -x "$bench" ]; then
    "$bench" --root . --only holidays. >"${TMPDIR:-/tmp}/calpolicy-holidays-bench.json"
    python3 - "${TMPDIR:-/tmp}/calpolicy-holidays-bench.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    if r.get("skipped"):
        print(f"{r['name']}: skipped ({r['skipped']})")
    elif r["unit"] == "country":
        print(f"{r['name']}: {r['ns_per_op'] / 1e6:.2f} ms CPU per country (check {r['check']})")
    else:
        print(f"{r['name']}: {r['ns_per_op']:.0f} ns CPU per {r['unit']} (check {r['check']})")
PY
    rm -f "${TMPDIR:-/tmp}/calpolicy-holidays-bench.json"
else
    echo "in-process figures: build them with swift build -c release --product calpolicy-bench $(scripts/release-flags.sh)"
fi
