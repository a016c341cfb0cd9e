#!/usr/bin/env bash
# cal.inGregorianYear against convertdate: every Hebrew and Islamic (civil) date of every
# Gregorian year 1900-2100, placed by the helper, must be the day convertdate converts
# (scripts/oracles/in-gregorian-year.lua and in_gregorian_year.py).
# Prints "N passed, N failed" and exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

[ -x .venv/bin/python ] || scripts/setup.sh test >&2
swift build --product calpolicy >/dev/null
.build/debug/calpolicy eval scripts/oracles/in-gregorian-year.lua --from 1900-01-01 --to 2100-12-31 \
    --format csv --today 2000-01-01 --timeout 600 | .venv/bin/python scripts/oracles/in_gregorian_year.py
