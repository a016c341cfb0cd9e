#!/usr/bin/env bash
# The subscription feed (eval --format ics) against eval --format json: a year of every shipped
# policy stacked, and the four-policy stack's two years, parsed by Python's icalendar (pinned in
# scripts/requirements-test.txt) as a subscriber would and checked day by day
# (scripts/oracles/ics_export_oracle.py) against the stack's JSON and each policy's own JSON (one
# event per window, whichever layer decides; the year-end freeze is one event); the filters
# (--only, --policy, --exclude) give exactly the events they promise; the UIDs of the events an
# edit of a policy does not touch survive a re-export, whatever folder the policy is in; the
# export read back by `calpolicy import` (cal.ics, libical) denies the days it covers.
# Prints "N passed, N failed" per step and exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
calpolicy=.build/debug/calpolicy
oracle=(.venv/bin/python scripts/oracles/ics_export_oracle.py)
status=0

policies=(policies/weekends.lua policies/us-federal-holidays.lua policies/uk-bank-holidays.lua
          policies/change-freeze.lua policies/payday.lua policies/on-call.lua)
span=(--from 2026-01-01 --to 2026-12-31 --today 2026-12-01)

export_both() { # NAME POLICY... : the stack's feed, checked against its JSON and each layer's
    local name=$1
    shift
    "$calpolicy" eval "$@" "${span[@]}" --format ics >"$tmp/$name.ics"
    "$calpolicy" eval "$@" "${span[@]}" --format json >"$tmp/$name.json"
    local layers=()
    for policy in "$@"; do
        "$calpolicy" eval "$policy" "${span[@]}" --format json >"$tmp/$name-$(basename "$policy" .lua).json"
        layers+=("$tmp/$name-$(basename "$policy" .lua).json")
    done
    echo "ics-export: $name" >&2
    "${oracle[@]}" check "$tmp/$name.ics" "$tmp/$name.json" "${layers[@]}" || status=1
}

export_both stacked "${policies[@]}"

# The four-policy stack over two years: one event per window, the year-end freeze one event
# across its weekends and holidays; each filter keeps exactly the events it promises.
four=(policies/weekends.lua policies/us-federal-holidays.lua policies/change-freeze.lua policies/payday.lua)
span=(--from 2026-01-01 --to 2027-12-31 --today 2026-12-01)
export_both four "${four[@]}"
echo "ics-export: the year-end freeze is one event" >&2
"${oracle[@]}" window "$tmp/four.ics" "Year-end change freeze" 2026-12-18 2027-01-04 || status=1
filter_case() { # ONLY POLICIES EXCLUDED ('-' for none)
    local args=()
    [ "$1" = - ] || args+=(--only "$1")
    [ "$2" = - ] || args+=(--policy "$2")
    [ "$3" = - ] || args+=(--exclude "$3")
    "$calpolicy" eval "${four[@]}" "${span[@]}" --format ics "${args[@]}" >"$tmp/filtered.ics"
    echo "ics-export: filter ${args[*]}" >&2
    "${oracle[@]}" filter "$tmp/four.ics" "$tmp/filtered.ics" "$1" "$2" "$3" || status=1
}
filter_case denied - -
filter_case decorated - -
filter_case - change-freeze -
filter_case - - weekends
filter_case denied change-freeze,us-federal-holidays weekends
filter_case decorated - payday.lua
span=(--from 2026-01-01 --to 2026-12-31 --today 2026-12-01)

# An edited policy in another folder: the freeze rows but one keep their events and UIDs.
mkdir -p "$tmp/elsewhere"
sed 's/reason = "Thanksgiving traffic peak"/reason = "Thanksgiving peak, extended"/' \
    policies/change-freeze.lua >"$tmp/elsewhere/change-freeze.lua"
cmp -s policies/change-freeze.lua "$tmp/elsewhere/change-freeze.lua" && { echo "ics-export: the edit did nothing" >&2; exit 1; }
"$calpolicy" eval policies/weekends.lua policies/change-freeze.lua "${span[@]}" --format ics >"$tmp/before.ics"
"$calpolicy" eval policies/weekends.lua "$tmp/elsewhere/change-freeze.lua" "${span[@]}" --format ics >"$tmp/after.ics"
echo "ics-export: UIDs after an edit" >&2
"${oracle[@]}" uids "$tmp/before.ics" "$tmp/after.ics" "Thanksgiving peak, extended" || status=1

# Out and back in: the export of the stacked policies, imported (`calpolicy import`, which reads
# it with cal.ics through libical), answers every day of the span as the export said: denied
# exactly on the days an event covers, with the summary of an event covering it.
mkdir -p "$tmp/roundtrip"
cp "$tmp/stacked.ics" "$tmp/roundtrip/stacked.ics"
"$calpolicy" import "$tmp/roundtrip/stacked.ics" --deny --today 2026-12-01 >/dev/null
"$calpolicy" eval "$tmp/roundtrip/stacked.lua" "${span[@]}" --format json >"$tmp/roundtrip.json"
echo "ics-export: exported, imported with cal.ics, evaluated again" >&2
.venv/bin/python - "$tmp/stacked.ics" "$tmp/stacked.json" "$tmp/roundtrip.json" <<'PY' || status=1
import datetime, json, sys
sys.path.insert(0, "scripts/oracles")
from ics_export_oracle import days_of, events
covering = {}
for event in events(sys.argv[1]):
    for day in days_of(event):
        covering.setdefault(day.isoformat(), []).append(event["summary"])
before, after = (json.load(open(p))["days"] for p in sys.argv[2:4])
passed = failed = 0
for b, a in zip(before, after):
    want = covering.get(b["date"], [])
    got = None if a["selectable"] else a["reason"]
    if (got is None and not want) or (got is not None and all(part in want for part in got.split("; "))):
        passed += 1
    else:
        failed += 1
        if failed <= 10:
            print(f"ics-export: round trip {b['date']}: exported {want!r}, imported {got!r}", file=sys.stderr)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or len(before) != len(after) else 0)
PY

# Usage: the cap names itself; the default span is this year and the next (the last
# weekend of 2027 ends on Monday 2027-12-27).
if "$calpolicy" eval policies/weekends.lua --from 2026-01-01 --to 2036-12-31 --format ics >/dev/null 2>"$tmp/err"; then
    echo "ics-export: an 11-year export was not refused" >&2; status=1
elif ! grep -q "at most 3660 days" "$tmp/err"; then
    echo "ics-export: the refusal does not name the cap: $(cat "$tmp/err")" >&2; status=1
fi
first=$("$calpolicy" eval policies/weekends.lua --today 2026-06-15 --format ics | grep -m1 '^DTSTART' | tr -d '\r')
last=$("$calpolicy" eval policies/weekends.lua --today 2026-06-15 --format ics | grep '^DTEND' | tail -n 1 | tr -d '\r')
if [ "$first" != "DTSTART;VALUE=DATE:20260103" ] || [ "$last" != "DTEND;VALUE=DATE:20271227" ]; then
    echo "ics-export: default span is not 2026 and 2027: $first … $last" >&2; status=1
fi
exit $status
