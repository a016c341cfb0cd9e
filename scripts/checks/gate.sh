#!/usr/bin/env bash
# Checks `calpolicy gate` at every 15 minutes of a year in three zones (Europe/Berlin, DST north;
# Australia/Sydney, DST south; Asia/Kolkata, none) over a stack of whole-day, weekly-hours and
# one-off timed windows (Tests/fixtures/hours): one `gate --batch` process per zone, compared
# with the intervals `eval --format json` carries, with a zoneinfo model of the policies, and
# with the windows `export gitlab-freeze-periods` wrote, expanded by croniter (pinned in
# scripts/requirements-test.txt): they open and close at exactly eval's instants; and with the
# windows `export argocd-sync-windows` wrote, under Argo CD's own rule and cron library
# (scripts/oracles/argocd_windows.go, built here with Debian's Go) (scripts/oracles/gate_oracle.py). Then the iCalendar export's timed events,
# parsed by icalendar with the VTIMEZONE libical wrote, against the same intervals
# and read back through cal.ics by a policy beside it (scripts/oracles/ics_hours_oracle.py). Each prints "N passed, N failed"; exits non-zero on any
# mismatch.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
# Argo CD's sync-window rule with the cron and glob libraries Argo CD uses (Debian's golang-go,
# golang-github-robfig-cron-dev and golang-github-gobwas-glob-dev, GOPATH mode: nothing is fetched).
command -v go >/dev/null || { echo "gate: go not found (scripts/setup.sh test installs golang-go)"; echo "0 passed, 1 failed"; exit 1; }
[ -d /usr/share/gocode/src/github.com/robfig/cron ] ||
    { echo "gate: robfig/cron not found (scripts/setup.sh test installs golang-github-robfig-cron-dev)"; echo "0 passed, 1 failed"; exit 1; }
[ -d /usr/share/gocode/src/github.com/gobwas/glob ] ||
    { echo "gate: gobwas/glob not found (scripts/setup.sh test installs golang-github-gobwas-glob-dev)"; echo "0 passed, 1 failed"; exit 1; }
GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$tmp/go-cache" GOFLAGS= \
    go build -o "$tmp/argocd-windows" scripts/oracles/argocd_windows.go >&2
status=0
.venv/bin/python scripts/oracles/gate_oracle.py .build/debug/calpolicy "$tmp" "$tmp/argocd-windows" || status=1
.venv/bin/python scripts/oracles/ics_hours_oracle.py .build/debug/calpolicy "$tmp" || status=1
exit $status
