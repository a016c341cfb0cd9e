#!/usr/bin/env bash
# Fuzzes the ISO date parser, the argument scanner, policy loading and the native date helpers with
# libFuzzer + AddressSanitizer (and UBSan in the C code, which stops the run at its first report),
# each for a bounded time: FUZZ_SECONDS per target (default 60). Usage: scripts/fuzz.sh [TARGET ...]
# Before fuzzing, every kept crash input in Tests/Hostile/fuzz-regressions/ is replayed; a new crash is
# kept there (as TARGET-crash-<sha1>) and fails the run. Prints executions and duration per target.
set -uo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
seconds=${FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzDayISO FuzzArguments FuzzPolicyLoad FuzzNativeHelpers)
# UBSan reports (signed overflow in the C shim, say) are crashes: libFuzzer keeps the input.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
regressions=Tests/Hostile/fuzz-regressions
# Known, reported bugs the harnesses look past so a run can reach further; empty this when they are fixed.
export CALPOLICY_FUZZ_TOLERATE=${CALPOLICY_FUZZ_TOLERATE-}
[ -n "$CALPOLICY_FUZZ_TOLERATE" ] && echo "note: tolerating known issue(s): $CALPOLICY_FUZZ_TOLERATE"
scratch=.build/fuzz
mkdir -p "$regressions"

passed=0
failed=0
for target in "${targets[@]}"; do
    echo "== $target"
    # Swift's driver refuses -sanitize=undefined on Linux, so UBSan instruments the C code only.
    if ! swift build -c release --sanitize=fuzzer --sanitize=address -Xcc -fsanitize=undefined \
            --scratch-path "$scratch" --product "$target" >"$scratch-$target.log" 2>&1; then
        tail -20 "$scratch-$target.log"
        echo "$target: build failed"
        failed=$((failed + 1))
        continue
    fi
    binary="$scratch/release/$target"
    kept=("$regressions/$target"-*)
    if [ -e "${kept[0]}" ]; then
        if ! "$binary" -runs=1 "${kept[@]}" >"$scratch-$target.replay.log" 2>&1; then
            tail -20 "$scratch-$target.replay.log"
            echo "$target: a kept regression input fails again"
            failed=$((failed + 1))
            continue
        fi
        echo "$target: ${#kept[@]} kept regression input(s) replayed clean"
    fi
    corpus=$(mktemp -d)
    [ -d "Fuzz/corpus/$target" ] && cp -r "Fuzz/corpus/$target/." "$corpus/"
    if [ "$target" = FuzzPolicyLoad ]; then
        # Seeds: the shipped policies and the hostile fixtures, less the known hangs and the 400 KB one.
        cp policies/*.lua "$corpus/" 2>/dev/null
        for f in Tests/Hostile/fixtures/*; do
            case $(basename "$f") in r-find-*|r-gsub-*|r-match-*|r-loop-error-handler*|m-deep-nesting*) ;; *) cp "$f" "$corpus/" ;; esac
        done
    fi
    extra=()
    [ -f "Fuzz/dictionaries/$target.dict" ] && extra+=("-dict=Fuzz/dictionaries/$target.dict")
    start=$(date +%s.%N)
    "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$regressions/$target-" "${extra[@]}" >"$scratch-$target.run.log" 2>&1
    status=$?
    end=$(date +%s.%N)
    rm -rf "$corpus"
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch-$target.run.log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$scratch-$target.run.log" | grep -o '[0-9]*$' | tail -1)
    duration=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
    echo "$target: ${execs:-?} executions in $duration s (${rate:-?}/s), status $status"
    if [ "$status" -ne 0 ]; then
        grep -E 'ERROR|SUMMARY|invariant|Test unit written' "$scratch-$target.run.log" | head -10
        echo "$target: FAILED; the input is kept under $regressions/ and becomes a regression test"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
