#!/usr/bin/env bash
# The Lua bridge's and the server's suites under AddressSanitizer + UBSan (with leak checking), a short
# LeakSanitizer run of policy load/evaluate/drop cycles, and ThreadSanitizer. Each sanitizer builds into its own scratch path so the debug
# build is left alone; incremental runs are quick, a cold run takes minutes.
# ASan's leak check flags a small leak inside libXCTest itself, so XCTest is
# disabled (the suites use Swift Testing). TSan cannot see inside Debian's
# uninstrumented liblua: one-thread-per-state holds by construction (a lock per policy).
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
# Leaks inside Foundation itself (not ours) are listed in lsan.supp.
export LSAN_OPTIONS="suppressions=$PWD/scripts/checks/lsan.supp"
# The Lua bridge's suites, and the server's in-process routes, its HTTP wrapper over a real daemon
# and the reload-under-load properties (ReliabilityTests).
filter='LuaHostTests|CalendarDataTests|PolicyEngineTests|CalPolicyServerTests|MHDHostTests|ReliabilityTests'
passed=0
failed=0

# Runs one stage: its command (given with its arguments, the log path appended) must
# succeed and leave no sanitizer report in the log; `summary` picks the line to show.
stage() {
    local name=$1 summary=$2 log start=$SECONDS
    shift 2
    log=$(mktemp)
    if "$@" "$log" &&
       ! grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: (AddressSanitizer|UndefinedBehaviorSanitizer)|\.(c|h|swift):[0-9]+:[0-9]+: runtime error:|WARNING: ThreadSanitizer' "$log"; then
        passed=$((passed + 1))
        echo "$name: ok ($((SECONDS - start)) s, $(grep -Eo "$summary" "$log" | tail -1))"
    else
        failed=$((failed + 1))
        echo "$name: FAILED ($((SECONDS - start)) s)"
        grep -E 'ERROR|WARNING: ThreadSanitizer|SUMMARY|leaked|✘|error:' "$log" | head -40
    fi
    rm -f "$log"
}

# The suites under one sanitizer, built into their own scratch path.
suites() {
    local sanitizer=$1 scratch=$2 log=$3
    # Swift's driver refuses -sanitize=undefined on Linux: UBSan instruments the C through -Xcc
    # (as in hostile-sanitized.sh, whose scratch path this shares), Swift traps on overflow itself.
    local flags=(--sanitize="$sanitizer")
    [ "$sanitizer" = address ] && flags+=(-Xcc -fsanitize=undefined)
    swift build --build-tests "${flags[@]}" --scratch-path "$scratch" >"$log" 2>&1 &&
        swift test --skip-build "${flags[@]}" --scratch-path "$scratch" --disable-xctest \
            --filter "$filter" >>"$log" 2>&1
}

# A short leak check on the ASan build: 1,000 load/evaluate/drop cycles of real and
# broken policies plus 100 reloads (scripts/leakcheck.sh runs 10,000 in release).
leak_cycles() {
    local log=$1
    swift build --sanitize=address -Xcc -fsanitize=undefined --scratch-path .build/asan-ubsan --product LeakCheck \
            >"$log" 2>&1 &&
        ASAN_OPTIONS=detect_leaks=1 .build/asan-ubsan/debug/LeakCheck 1000 \
            policies/us-federal-holidays.lua policies/uk-bank-holidays.lua \
            Tests/Hostile/fixtures/m-syntax-error.lua Tests/Hostile/fixtures/m-runtime-error-line.lua \
            Tests/Hostile/fixtures/i-normal.lua Tests/Hostile/fixtures/r-table-bomb.lua >>"$log" 2>&1
}

stage asan+ubsan 'Test run with [0-9]+ tests' suites address .build/asan-ubsan
stage leaks '^cycles [0-9]+: .*' leak_cycles
stage tsan 'Test run with [0-9]+ tests' suites thread .build/tsan
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
