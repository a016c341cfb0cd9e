#!/usr/bin/env bash
# Leak check: CYCLES (default 10000) load/evaluate/drop cycles of real policies (good ones, one refused
# at load, one failing at a call, one hitting the memory cap) plus CYCLES/10 reloads of a PolicySet,
# in a driver built with AddressSanitizer; LeakSanitizer reports anything never freed at exit.
# Slow (minutes): not part of CI. Usage: scripts/leakcheck.sh [CYCLES]
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
cycles=${1:-10000}
swift build -c release --sanitize=address --scratch-path .build/asan --product LeakCheck >/dev/null
log=$(mktemp)
start=$(date +%s)
status=0
ASAN_OPTIONS=detect_leaks=1 .build/asan/release/LeakCheck "$cycles" \
    policies/us-federal-holidays.lua policies/uk-bank-holidays.lua \
    Tests/Hostile/fixtures/m-syntax-error.lua Tests/Hostile/fixtures/m-runtime-error-line.lua \
    Tests/Hostile/fixtures/i-normal.lua Tests/Hostile/fixtures/r-table-bomb.lua >"$log" 2>&1 || status=$?
cat "$log"
leaked=$(grep -o 'SUMMARY: AddressSanitizer: [0-9]* byte(s) leaked in [0-9]* allocation(s)' "$log" || true)
echo "leak check: $cycles cycles in $(( $(date +%s) - start )) s; ${leaked:-LeakSanitizer found no leaks (0 bytes)}"
rm -f "$log"
if [ "$status" -ne 0 ] || [ -n "$leaked" ]; then echo "0 passed, 1 failed"; exit 1; fi
echo "1 passed, 0 failed"
