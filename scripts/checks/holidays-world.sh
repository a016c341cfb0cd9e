#!/usr/bin/env bash
# The built-in holiday data as the engine answers it (holidays:CC[-SUB]:category) against
# python-holidays itself (pinned in scripts/requirements-test.txt): every country, market,
# subdivision and category, every covered year, days, names and categories; one calpolicy
# process per country (`calpolicy holidays CC --dump`). Prints the counts, exits 1 on any difference.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2
swift build --product calpolicy >&2
.venv/bin/python scripts/oracles/holidays_world_oracle.py .build/debug/calpolicy
