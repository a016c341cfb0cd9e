#!/usr/bin/env bash
# The whole hostile-policy suite (Tests/Hostile/cases.tsv) against a calpolicy binary built with
# AddressSanitizer and UndefinedBehaviorSanitizer, in its own scratch path (.build/asan-ubsan), so a
# hostile policy that reaches a memory error, a leak or C undefined behaviour (signed overflow, a bad
# shift, an out-of-bounds index) fails its case even when the answer looked right.
#
# Swift 6.3's driver refuses `-sanitize=undefined` on Linux (`swift build --sanitize=undefined` stops
# with "unsupported option ... for target"), so UBSan instruments the C code (the shim, where Lua
# integers meet C arithmetic) through -Xcc; Swift code traps on overflow by itself. ASan's runtime
# carries UBSan's handlers. Both sanitizers stop the process at the first report with exit status
# 86, which run.py fails as a sanitizer stop; it also fails any case whose stderr holds a report.
# Sanitized runs are slower: the hang guard is 30 s instead of 10.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
scratch=.build/asan-ubsan
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$SECONDS
if ! swift build --product calpolicy --sanitize=address -Xcc -fsanitize=undefined \
        --scratch-path "$scratch" >"$log" 2>&1; then
    grep -E 'error' "$log" | head -20
    echo "hostile-sanitized: build failed"
    echo "0 passed, 1 failed"
    exit 1
fi
echo "hostile-sanitized: built in $((SECONDS - start)) s"
# Leaks inside Foundation itself (not ours) are listed in lsan.supp.
export ASAN_OPTIONS="halt_on_error=1:exitcode=86:detect_leaks=1:abort_on_error=0:print_summary=1"
export UBSAN_OPTIONS="halt_on_error=1:exitcode=86:print_stacktrace=1:report_error_type=1"
# print_suppressions=0: a matched suppression is not a report, and its table would add stderr lines.
export LSAN_OPTIONS="suppressions=$PWD/scripts/checks/lsan.supp:exitcode=86:print_suppressions=0"
python=.venv/bin/python
[ -x "$python" ] || python=python3
# AddressSanitizer doubles resident memory and more: the plain suite keeps the 512 MiB guard.
exec "$python" Tests/Hostile/run.py --binary "$scratch/debug/calpolicy" --jobs 2 --timeout 30 --rss-limit-mb 2048 "$@"
