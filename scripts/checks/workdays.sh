#!/usr/bin/env bash
# Checks `calpolicy workdays` against numpy (pinned in scripts/requirements-test.txt): for three
# stacks (US and UK holidays behind weekends.lua, and weekends:SA holidays:SA with a
# Friday-Saturday weekend), 10,000 random `add` questions against numpy.busday_offset and
# 10,000 random `between` questions against numpy.busday_count, each stack's holidays and
# weekmask taken from `calpolicy eval`; one `workdays --batch` process per stack.
# Prints "N passed, N failed" (questions) and exits non-zero on any mismatch.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
.venv/bin/python scripts/oracles/workdays_oracle.py .build/debug/calpolicy "$tmp"
