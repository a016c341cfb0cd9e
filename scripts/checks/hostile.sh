#!/usr/bin/env bash
# Hostile-policy suite: runs every case in Tests/Hostile/cases.tsv against the debug calpolicy
# binary, under hang and memory guards. First proves the runner's guards can fail (selftest.py).
# Runs the corpus twice, under each instruction-budget mode (LuaBudgetMode: sliced, the default,
# and strict): every case must stop with the same message in both.
# Under strict budgets each case runs twice in the same place (--warm): the second run finds
# the compile cache (docs/cli.md) the first filled under the case's HOME, and must exit, print
# and fail byte for byte as the first did.
# Prints `N passed, N failed` per mode; exits non-zero on a failure.
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
status=0
for mode in sliced strict; do
    echo "hostile: instruction budget $mode"
    warm=()
    [ "$mode" = strict ] && warm=(--warm) && echo "hostile: each case twice, the compile cache cold then warm"
    CALPOLICY_BUDGET=$mode "$python" Tests/Hostile/run.py --binary .build/debug/calpolicy "${warm[@]}" "$@" || status=1
done
exit "$status"
