#!/usr/bin/env bash
# Hostile-policy suite: runs every case in Tests/Hostile/cases.tsv against the debug calpolicy
# binary, under hang and memory guards. Prints `N passed, N failed`; exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
swift build --product calpolicy >/dev/null
python=.venv/bin/python
[ -x "$python" ] || python=python3
exec "$python" Tests/Hostile/run.py --binary .build/debug/calpolicy "$@"
