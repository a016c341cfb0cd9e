#!/usr/bin/env bash
# The house's rules on the sources (docs/architecture.md, "One home per concern"): imports per
# module, no Lua in Swift or C string literals, no JSON in use cases, civil time only through
# CalendarData's Clock. scripts/checks/architecture.py holds the table and the checks; it reads
# files only, so it runs in a second. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v python3 >/dev/null 2>&1 || { echo "architecture: python3 is missing (scripts/setup.sh test installs it)" >&2; echo "0 passed, 1 failed"; exit 1; }
exec python3 scripts/checks/architecture.py
