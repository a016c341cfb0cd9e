#!/usr/bin/env bash
# overlay in closed time against an independent model (scripts/oracles/overlay_hours.py): two
# trios of offices with zones (Berlin, New York, São Paulo; Berlin, New York, Sydney), every 15
# minutes of a year, "all open" and "any open" from the overlay's windows against Python's
# zoneinfo over the days eval denies each office; and next-window searches (every office or any,
# with and without --min-duration) from instants across the year. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
[ -x .build/debug/calpolicy ] || swift build --product calpolicy >&2
exec .venv/bin/python scripts/oracles/overlay_hours.py .build/debug/calpolicy
