#!/usr/bin/env bash
# Checks CalendarCore's Gregorian weekdays, month lengths, grids and week numbers
# against Python's calendar/datetime and Debian's ncal (scripts/oracles/gregorian.py).
# The Swift side is the GregorianOracleDump test, run under three TZ settings with
# DST transitions; all three dumps must be identical.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

[ -x .venv/bin/python ] || scripts/setup.sh test
swift build --build-tests >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dumps=()
for tz in America/New_York Australia/Lord_Howe Europe/London; do
    out="$tmp/$(echo "$tz" | tr / _).txt"
    if ! TZ=$tz CALPOLICY_ORACLE_OUT=$out swift test --skip-build --filter GregorianOracleDump >"$tmp/log" 2>&1 \
        || [ ! -s "$out" ]; then
        cat "$tmp/log" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    dumps+=("$out")
done
.venv/bin/python scripts/oracles/gregorian.py "${dumps[@]}"
