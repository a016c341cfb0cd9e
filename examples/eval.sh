#!/usr/bin/env bash
# eval: show a month, a year or a span under one or more stacked policies.
# Run from the repository root after `make release` (or set CALPOLICY).
set -euo pipefail
calpolicy=${CALPOLICY:-.build/release/calpolicy}

# December 2026 under the U.S. federal holidays, with ISO week numbers.
"$calpolicy" eval policies/us-federal-holidays.lua --month 2026-12 --week-numbers

# The whole year, weekdays only, Monday first.
"$calpolicy" eval policies/us-federal-holidays.lua --year 2026 --include weekdays --first-weekday 2

# A month of the Hebrew calendar (Adar I of the leap year 5784), names in Hebrew.
"$calpolicy" eval --calendar hebrew --month 5784-06L --locale he_IL

# Machine-readable: every holiday of 2027 with its label, via JSON and jq if present.
if command -v jq >/dev/null; then
    "$calpolicy" eval policies/us-federal-holidays.lua --year 2027 --format json |
        jq -r '.days[] | select(.decoration != null) | "\(.date) \(.decoration.label)"'
fi

# CSV for a spreadsheet.
"$calpolicy" eval policies/uk-bank-holidays.lua --from 2026-12-20 --to 2027-01-05 --format csv
