#!/usr/bin/env bash
# select: replay taps through the selection rules; exit 1 when a tap is rejected,
# so a script can ask "may this range be booked?".
set -uo pipefail
calpolicy=${CALPOLICY:-.build/release/calpolicy}

# A range that crosses Christmas is rejected (exit 1) ...
"$calpolicy" select policies/us-federal-holidays.lua --mode range --tap 2026-12-21 --tap 2026-12-28
echo "exit status: $?"

# ... one that avoids it is accepted (exit 0), shown as JSON.
"$calpolicy" select policies/us-federal-holidays.lua --mode range --tap 2026-12-28 --tap 2026-12-30 --format json
echo "exit status: $?"

# Week mode selects the allowed days of the tapped week and lists those left out.
"$calpolicy" select policies/us-federal-holidays.lua --mode week --tap 2026-11-25 --include weekdays
