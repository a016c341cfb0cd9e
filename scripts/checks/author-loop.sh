#!/usr/bin/env bash
# The author's loop through a pseudo-terminal (pexpect): `eval --watch` shows a saved edit (by
# rename, as vim and VS Code save) within a second, a broken edit shows its error and the next
# good one recovers, `test --watch` and `check --watch` re-run, Ctrl-C and SIGTERM leave with
# exit 0; `calpolicy repl` cancels a runaway policy on Ctrl-C well within its run budget and goes
# on, keeps its history across a restart, and scripted through stdin answers as eval, gate and
# explain do. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
.venv/bin/python -c "import pexpect" 2>/dev/null || {
    echo "author-loop: the Python package pexpect is missing (scripts/requirements-test.txt)" >&2
    exit 1
}
swift build --product calpolicy >&2
exec .venv/bin/python scripts/checks/author_loop_check.py .build/debug/calpolicy
