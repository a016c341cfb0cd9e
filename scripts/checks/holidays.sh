#!/usr/bin/env bash
# Checks the shipped holiday policies day by day against python-holidays (pinned in
# scripts/requirements-test.txt): us-federal-holidays.lua for 1870-2099 and
# uk-bank-holidays.lua for 1971-2099, each stacked behind weekends.lua. Deliberate
# differences are an explicit allow-list in scripts/oracles/holidays_oracle.py. The same two
# policies are also compared with the generated data (holidays:US:government, holidays:GB-ENG)
# for 2000-2035, deliberate differences in the oracle's ALLOWED_GENERATED. Also compares
# cal.easter (western and orthodox) with python-dateutil's for 1583-4099.
# Prints "N passed, N failed" (days) and exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
calpolicy=.build/debug/calpolicy

# eval_csv OUT FROM TO POLICY... — the engine's answers for the span, as `calpolicy eval` CSV.
# (Tests/lua/harness.lua prints the same CSV under plain lua5.4 for work on a policy without
# a build; it is not used here.)
eval_csv() {
    local out=$1 from=$2 to=$3
    shift 3
    if ! "$calpolicy" eval "$@" --from "$from" --to "$to" --format csv >"$out"; then
        echo "holidays: 'calpolicy eval $* --from $from --to $to' failed" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
}

eval_csv "$tmp/us.csv" 1870-01-01 2099-12-31 policies/weekends.lua policies/us-federal-holidays.lua
eval_csv "$tmp/uk.csv" 1971-01-01 2099-12-31 policies/weekends.lua policies/uk-bank-holidays.lua
eval_csv "$tmp/us-hand.csv" 2000-01-01 2035-12-31 policies/weekends.lua policies/us-federal-holidays.lua --today 2026-12-01
eval_csv "$tmp/us-data.csv" 2000-01-01 2035-12-31 policies/weekends.lua holidays:US:government --today 2026-12-01
eval_csv "$tmp/uk-hand.csv" 2000-01-01 2035-12-31 policies/weekends.lua policies/uk-bank-holidays.lua --today 2026-12-01
eval_csv "$tmp/uk-data.csv" 2000-01-01 2035-12-31 policies/weekends.lua holidays:GB-ENG --today 2026-12-01

# Easter is the root of most moving holidays: cal.easter for 1583-4099 (dateutil's range).
lua5.4 -e '
local civil = dofile("Tests/lua/civil_reference.lua")
local cal = assert(loadfile("Sources/PolicyEngine/Prelude/cal.lua", "t"))({ dayNumber = civil.dayNumber, civil = civil.civil })
for y = 1583, 4099 do print(y, cal.easter(y, "western"), cal.easter(y, "orthodox")) end
' >"$tmp/easter.txt"

.venv/bin/python scripts/oracles/holidays_oracle.py \
    --easter "$tmp/easter.txt" \
    --check us "$tmp/us.csv" 1870 2099 \
    --check uk "$tmp/uk.csv" 1971 2099 \
    --compare us "$tmp/us-hand.csv" "$tmp/us-data.csv" \
    --compare uk "$tmp/uk-hand.csv" "$tmp/uk-data.csv"
