#!/usr/bin/env bash
# Hostile-policy suite: runs every case in Tests/Hostile/cases.tsv against the debug calpolicy
# binary, under hang and memory guards. First proves the runner's guards can fail (selftest.py).
# Prints `N passed, N failed`; exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
swift build --product calpolicy >/dev/null
python=.venv/bin/python
[ -x "$python" ] || python=python3
if ! selftest=$("$python" Tests/Hostile/selftest.py 2>&1); then
    echo "$selftest"
    echo "hostile: the runner's own guards did not catch a stand-in that breaks them"
    echo "0 passed, 1 failed"
    exit 1
fi
exec "$python" Tests/Hostile/run.py --binary .build/debug/calpolicy "$@"
