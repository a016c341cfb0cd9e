#!/usr/bin/env bash
# eval --format ics against eval --format json: a year of every shipped policy stacked (and
# each alone), parsed by Python's icalendar (pinned in scripts/requirements-test.txt) and
# checked day by day (scripts/oracles/ics_export_oracle.py); the UIDs of the events an edit
# of a policy does not touch survive a re-export, whatever folder the policy is in; the export
# read back by `calpolicy import` (cal.ics, libical) gives the same days.
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

export_both() { # NAME POLICY...
    local name=$1
    shift
    "$calpolicy" eval "$@" "${span[@]}" --format ics >"$tmp/$name.ics"
    "$calpolicy" eval "$@" "${span[@]}" --format json >"$tmp/$name.json"
    echo "ics-export: $name" >&2
    "${oracle[@]}" check "$tmp/$name.ics" "$tmp/$name.json" || status=1
}

export_both stacked "${policies[@]}"
for policy in "${policies[@]}"; do
    export_both "$(basename "$policy" .lua)" "$policy"
done

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
# with the event's summary exactly on the days an event covers.
mkdir -p "$tmp/roundtrip"
cp "$tmp/stacked.ics" "$tmp/roundtrip/stacked.ics"
"$calpolicy" import "$tmp/roundtrip/stacked.ics" --deny --today 2026-12-01 >/dev/null
"$calpolicy" eval "$tmp/roundtrip/stacked.lua" "${span[@]}" --format json >"$tmp/roundtrip.json"
echo "ics-export: exported, imported with cal.ics, evaluated again" >&2
.venv/bin/python - "$tmp/stacked.json" "$tmp/roundtrip.json" <<'PY' || status=1
import json, sys
sys.path.insert(0, "scripts/oracles")
from ics_export_oracle import expected
before, after = (json.load(open(p))["days"] for p in sys.argv[1:3])
passed = failed = 0
for b, a in zip(before, after):
    want = expected(b)
    got = None if a["selectable"] else a["reason"]
    if (want[0] if want else None) == got:
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
