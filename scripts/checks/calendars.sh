#!/usr/bin/env bash
# Checks the arithmetic calendar systems (Hebrew, Islamic civil and tabular, Coptic,
# Ethiopic, Indian national, Persian) against convertdate for 1900-2300 CE: the first and
# last day of every month and every Gregorian 1st and 15th (scripts/oracles/calendars.py).
# The Swift side is the CalendarOracleDump test. Persian years where the 33-year rule and
# convertdate's equinox rule part are listed in the oracle and reported separately.
# Prints "N passed, N failed" and exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

[ -x .venv/bin/python ] || scripts/setup.sh test >&2
swift build --build-tests >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/calendars.txt"
if ! CALPOLICY_ORACLE_OUT=$out swift test --skip-build --filter CalendarOracleDump >"$tmp/log" 2>&1 \
    || [ ! -s "$out" ]; then
    cat "$tmp/log" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
.venv/bin/python scripts/oracles/calendars.py "$out"
