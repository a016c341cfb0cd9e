#!/usr/bin/env bash
# cal.ics against Python's icalendar + recurring-ical-events (pinned in
# scripts/requirements-test.txt): every hand-written fixture in Tests/fixtures/ics (all-day,
# multi-day, timed in their own TZID, UTC and floating, DURATION, RRULE daily/weekly/monthly/
# yearly with BYDAY, BYMONTHDAY, BYMONTH, COUNT, UNTIL, INTERVAL, EXDATE, RDATE, RECURRENCE-ID,
# STATUS:CANCELLED) is read by a policy that labels each day with what `feed:on(day)` answers,
# for 2026-2028, and compared day by day (scripts/oracles/ics_import_oracle.py).
# Prints "N passed, N failed" per fixture and exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
calpolicy=$PWD/.build/debug/calpolicy
status=0

for fixture in Tests/fixtures/ics/*.ics; do
    name=$(basename "$fixture")
    dir="$tmp/${name%.ics}"
    mkdir -p "$dir"
    cp "$fixture" "$dir/$name"
    cat >"$dir/dump.lua" <<LUA
local feed = cal.ics("$name")
return {
    decorationFor = function(day)
        local list = feed:on(day)
        if #list == 0 then return nil end
        local items = {}
        for i, o in ipairs(list) do
            items[i] = o.uid .. "|" .. o.summary .. "|" .. table.concat(o.categories, "+")
        end
        table.sort(items)
        return { label = table.concat(items, " ;; ") }
    end,
}
LUA
    echo "ics-import: $name" >&2
    if ! "$calpolicy" eval "$dir/dump.lua" --from 2026-01-01 --to 2028-12-31 --today 2026-12-01 \
            --format json >"$dir/eval.json"; then
        echo "ics-import: calpolicy failed on $name" >&2
        status=1
        continue
    fi
    .venv/bin/python scripts/oracles/ics_import_oracle.py "$fixture" "$dir/eval.json" || status=1
done
exit $status
