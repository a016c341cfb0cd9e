#!/usr/bin/env bash
# Regenerates scripts/startup.order, the link order of the static release build: every
# function that a few common cold starts run (found with callgrind), then every global a
# one-month eval reads or writes (found with lackey), so the linker places them side by
# side. A cold start then maps far fewer pages of the 17 MB of code and 38 MB of data,
# most of them Foundation's (one-month eval: 257 -> 174 page faults, ~0.6 ms less).
# A stale list costs only that time, never correctness: names the linker no longer
# finds are skipped. Rerun after larger changes (the startup-order check of `make test` warns
# with a count when names have gone); needs valgrind, strip, nm, readelf.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in valgrind strip nm readelf python3; do
    command -v "$tool" >/dev/null || { echo "startup-order: '$tool' is missing" >&2; exit 1; }
done
release_flags=$(scripts/release-flags.sh)
case " $release_flags " in
*" --symbol-ordering-file="*) ;;
*) echo "startup-order: this toolchain builds without lld's symbol ordering; the order would not be used" >&2; exit 1 ;;
esac
# shellcheck disable=SC2086  # the flags are words
swift build -c release --product calpolicy $release_flags >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the DWARF this toolchain writes; it needs none to name functions.
cp .build/release/calpolicy "$work/calpolicy"
strip --strip-debug "$work/calpolicy"
policy=policies/us-federal-holidays.lua
runs=(
    "eval $policy --month 2026-12"
    "eval $policy --year 2026 --format json"
    "eval $policy --year 2026 --format csv"
    "check $policy"
    "test policies/us-federal-holidays_test.lua"
    "gate benchmarks/policies/deploy-freeze.lua --at 2026-12-24T13:05:00+01:00 --time-zone Europe/Berlin"
)
n=0
for run in "${runs[@]}"; do
    n=$((n + 1))
    # shellcheck disable=SC2086  # the run is words
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run$n.out" \
        "$work/calpolicy" $run >/dev/null 2>&1 || true
done
# Function names as the linker knows them: no addresses, no recursion marks ('2); _init and
# _fini stay where crti/crtn put them (their pieces must stay in link order).
names() {
    sed -nE 's/^c?fn=\([0-9]+\) //p' "$@" | sed -E "s/'[0-9]+$//" |
        grep -v -e '^0x' -e ' ' -e '^_init$' -e '^_fini$' | sort -u
}
# The first run's functions first, so the month view (the common case) is the tightest.
names "$work/run1.out" >"$work/first"
# Globals of the first run in the order it first touches them.
# shellcheck disable=SC2086
valgrind --tool=lackey --trace-mem=yes --log-file="$work/memory" "$work/calpolicy" ${runs[0]} >/dev/null 2>&1 || true
readelf -SW "$work/calpolicy" >"$work/sections"
nm -S -n --defined-only "$work/calpolicy" >"$work/symbols"
python3 - "$work" >"$work/globals" <<'PY'
import bisect, re, sys
work = sys.argv[1]
ranges = []
for line in open(f"{work}/sections"):
    m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]{16})\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if m and m.group(1) in (".data", ".bss", ".rodata", ".data.rel.ro", ".tdata", ".tbss"):
        start = int(m.group(2), 16)
        ranges.append((start, start + int(m.group(3), 16)))
symbols = sorted((int(p[0], 16), int(p[1], 16), p[3]) for p in map(str.split, open(f"{work}/symbols"))
                 if len(p) == 4 and p[2] in "bBdDrRvV")
starts = [s[0] for s in symbols]
seen = set()
for line in open(f"{work}/memory"):
    # lackey: " L addr,size", " S addr,size", " M addr,size"; "I" lines are instructions.
    if line[:1] != " ":
        continue
    address = int(line[3:line.index(",")], 16)
    if not any(lo <= address < hi for lo, hi in ranges):
        continue
    i = bisect.bisect_right(starts, address) - 1
    if i < 0 or address >= symbols[i][0] + max(symbols[i][1], 1) or symbols[i][2] in seen:
        continue
    seen.add(symbols[i][2])
    print(symbols[i][2])
PY
{ cat "$work/first"; names "$work"/run*.out | grep -vxF -f "$work/first"; cat "$work/globals"; } >scripts/startup.order
echo "startup-order: $(wc -l <scripts/startup.order) names ($(wc -l <"$work/globals") globals) in scripts/startup.order" >&2
# SwiftPM does not track the file: remove the binary so the next release build links it anew.
rm -f .build/release/calpolicy
