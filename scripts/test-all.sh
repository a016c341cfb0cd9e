#!/usr/bin/env bash
# Runs every test suite and every oracle check; exits non-zero when anything fails.
# Each stage prints its own summary; the last line sums the stages.
set -uo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
# Oracle tests that need a tool setup installs fail, never skip, when it is missing.
export CALPOLICY_REQUIRE_ORACLES=1
# Every stage runs with the compile cache on, as users do, in a directory of the build's own
# rather than the home's (scripts/checks/golden.sh and hostile.sh each start one cold).
export CALPOLICY_CACHE="$PWD/.build/test-cache"

passed=0
failed=0
stage() {
    local name=$1; shift
    echo "== $name"
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "== $name FAILED"; fi
}

stage "build" swift build --build-tests
stage "swift test" swift test --skip-build
for check in scripts/checks/*.sh; do
    [ -e "$check" ] || continue
    stage "$(basename "$check" .sh)" bash "$check"
done

echo "stages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
