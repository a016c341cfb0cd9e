#!/usr/bin/env bash
# Checks `calpolicy gate` at every 15 minutes of a year in three zones (Europe/Berlin, DST north;
# Australia/Sydney, DST south; Asia/Kolkata, none) over a stack of whole-day, weekly-hours and
# one-off timed windows (Tests/fixtures/hours): one `gate --batch` process per zone, compared
# with the intervals `eval --format json` carries, with a zoneinfo model of the policies, and
# with the windows `export argocd-sync-windows` and `export gitlab-freeze-periods` wrote,
# expanded by croniter (pinned in scripts/requirements-test.txt): they open and close at exactly
# eval's instants (scripts/oracles/gate_oracle.py). Then the iCalendar export's timed events,
# parsed by icalendar with the VTIMEZONE libical wrote, against the same intervals
# and read back through cal.ics by a policy beside it (scripts/oracles/ics_hours_oracle.py). Each prints "N passed, N failed"; exits non-zero on any
# mismatch.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
status=0
.venv/bin/python scripts/oracles/gate_oracle.py .build/debug/calpolicy "$tmp" || status=1
.venv/bin/python scripts/oracles/ics_hours_oracle.py .build/debug/calpolicy "$tmp" || status=1
exit $status
