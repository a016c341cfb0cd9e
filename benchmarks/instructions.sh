#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind) of this checkout against a baseline revision:
# repeatable where wall-clock times on a shared 2-core machine are not. Builds both release
# binaries (the baseline as benchmarks/compare.sh does, in .build/baseline-src), strips their
# debug info (valgrind 3.19 cannot read DWARF 5) and prints one Markdown table:
#   - per day: the difference between 150,000 and 50,000 days of a per-day workload, /100,000
#     (start-up cancels out), for the trivial policy (hook off) and the holiday policy;
#   - whole processes: a cold start (one month), one year as JSON, 300 years as CSV and as JSON.
# Usage: benchmarks/instructions.sh REV
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: benchmarks/instructions.sh REV}
command -v valgrind >/dev/null || { echo "bench: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
base=.build/baseline-src
if [ -d "$base" ]; then git -C "$base" checkout -q --detach "$rev"; else git worktree add -q --detach "$base" "$rev"; fi
flags=$(scripts/release-flags.sh)
base_flags=$(sed -n 's/^RELEASE_FLAGS := //p' "$base/Makefile")
[ -n "$base_flags" ] || base_flags=$flags
echo "bench: building this checkout and the baseline $(git -C "$base" rev-parse --short HEAD)" >&2
# shellcheck disable=SC2086  # the flags are words
{ swift build -c release --product calpolicy $flags && swift build -c release --product calpolicy-bench $flags; } >&2
# shellcheck disable=SC2086
(cd "$base" && swift build -c release --product calpolicy $base_flags && swift build -c release --product calpolicy-bench $base_flags) >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for side in now:.build/release base:$base/.build/release; do
    name=${side%%:*} dir=${side#*:}
    cp "$dir/calpolicy" "$work/calpolicy-$name"
    cp "$dir/calpolicy-bench" "$work/bench-$name"
    strip --strip-debug "$work/calpolicy-$name" "$work/bench-$name"
done

# Under valgrind a run is ~50× slower: the run guard's 5 s deadline must not cut it short
# (the environment variable, because a baseline may predate --timeout).
export CALPOLICY_TIMEOUT=3600
count() { # command... → instructions; the command's stdout is left in $work/out
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >"$work/out" 2>"$work/err" || true
    sed -n 's/.*refs: *//p' "$work/err" | tr -d ,
}
per_day() { # side workload
    local low high
    low=$(count "$work/bench-$1" --root . --only "$2" --days 50000)
    high=$(count "$work/bench-$1" --root . --only "$2" --days 150000)
    echo $(((high - low) / 100000))
}
process() { # side args... (the output is kept, to check both sides printed the same)
    local side=$1; shift
    count "$work/calpolicy-$side" "$@"
    cp "$work/out" "$work/out-$side"
}
same_output() {
    cmp -s "$work/out-base" "$work/out-now" || echo "bench: the two binaries printed different output for: $*" >&2
}
row() { # label baseline now
    awk -v l="$1" -v b="$2" -v n="$3" 'BEGIN { printf "| %s | %\047d | %\047d | %.3f |\n", l, b, n, n / b }'
}

policy=policies/us-federal-holidays.lua
echo "| instructions | baseline $(git -C "$base" rev-parse --short HEAD) | now $(git rev-parse --short HEAD) | ratio |"
echo "|---|---:|---:|---:|"
for workload in calpolicy.trivial.hook-off calpolicy.holidays.hook-off calpolicy.holidays.hook-on; do
    row "per day, $workload" "$(per_day base $workload)" "$(per_day now $workload)"
done
month=(eval "$policy" --month 2026-12 --today 2026-12-01)
year=(eval "$policy" --year 2026 --format json --today 2026-12-01)
csv=(eval "$policy" --include weekdays --from 1900-01-01 --to 2199-12-31 --format csv --today 2026-12-01)
json=(eval "$policy" --include weekdays --from 1900-01-01 --to 2199-12-31 --format json --today 2026-12-01)
for label in "cold start, one month" "one year as JSON" "300 years as CSV" "300 years as JSON"; do
    case $label in
    cold*) args=("${month[@]}") ;;
    one*) args=("${year[@]}") ;;
    *CSV) args=("${csv[@]}") ;;
    *) args=("${json[@]}") ;;
    esac
    b=$(process base "${args[@]}")
    n=$(process now "${args[@]}")
    row "$label (process)" "$b" "$n"
    same_output "${args[*]}"
done
