#!/usr/bin/env bash
# Lua calls a day of eval costs, per format, for a day one policy denies and decorates: counted
# from the policy's own `print` (one line per call that prints) of this checkout's binary and of
# a baseline binary, and from the bridge's counter (calpolicy-bench's calls.* workloads, which
# include the silent provenance replays). Counts, not times: the same on any machine.
#   benchmarks/lua-calls.sh [BASELINE_BINARY]   (default: .build/baseline-src/.build/release/calpolicy)
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=${1:-.build/baseline-src/.build/release/calpolicy}
swift build --product calpolicy >/dev/null
swift build -c release --product calpolicy-bench $(scripts/release-flags.sh 2>/dev/null) >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/p.lua" <<'LUA'
return {
  canSelect = function(day) print("s") return false, "closed" end,
  canDeselect = function(day) print("d") return true end,
  decorationFor = function(day) print("c") return { label = "closed" } end,
}
LUA
printf '| format | printed calls a day, baseline | printed calls a day, now |\n|---|---:|---:|\n'
for format in json text csv ics; do
    now=$(.build/debug/calpolicy eval "$work/p.lua" --from 2026-07-01 --to 2026-07-10 --format "$format" --verbose 2>&1 >/dev/null | grep -c '^print ' || true)
    if [ -x "$baseline" ]; then
        base=$("$baseline" eval "$work/p.lua" --from 2026-07-01 --to 2026-07-10 --format "$format" --verbose 2>&1 >/dev/null | grep -c '^print ' || true)
        base=$(awk "BEGIN { print $base / 10 }")
    else
        base="(no baseline binary)"
    fi
    printf '| %s | %s | %s |\n' "$format" "$base" "$(awk "BEGIN { print $now / 10 }")"
done
echo
echo "Calls the bridge counted (replays included), per day, 365 days of benchmarks/policies/deny-and-decorate.lua:"
.build/release/calpolicy-bench --root . --only calls. | python3 -c '
import json, sys
for r in json.load(sys.stdin)["results"]:
    print("  %-34s %.1f calls a day" % (r["name"], r["check"] / 1000))'
