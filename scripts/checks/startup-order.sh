#!/usr/bin/env bash
# Keeps scripts/startup.order (the link order of `make release`) from going stale silently.
#
# Regenerating it here would take minutes of valgrind (callgrind over five runs, then lackey,
# which is slower still) on top of the release build, so this check does not: it builds the
# release binary the way `make release` does (scripts/release-flags.sh, incremental after
# `make run` or `make bench`; that also proves the release flags still build) and counts how
# many of the listed names the binary still defines. Renamed or removed functions drop out of
# the count; the linker skips them, so a stale list costs start-up time, never correctness.
#
#   at least WARN_BELOW % found   passes
#   below WARN_BELOW %            passes with a loud warning and the count: rerun
#                                 scripts/startup-order.sh and commit scripts/startup.order
#   below FAIL_BELOW %            fails: the order has mostly stopped doing its job
#
# Without lld the release build has no symbol ordering at all (scripts/release-flags.sh says
# so), and the check is skipped with that reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
warn_below=${STARTUP_ORDER_WARN_BELOW:-95}
fail_below=${STARTUP_ORDER_FAIL_BELOW:-60}
order=scripts/startup.order

flags=$(scripts/release-flags.sh)
case " $flags " in
*" --symbol-ordering-file="*) ;;
*) echo "startup-order: skipped: this toolchain links the release build without lld, so no symbol order is used"
   echo "0 passed, 0 failed"; exit 0 ;;
esac
# shellcheck disable=SC2086  # the flags are words
swift build -c release --product calpolicy $flags >&2
binary=.build/release/calpolicy

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
nm --defined-only "$binary" | awk 'NF >= 3 { print $3 }' | sort -u >"$work/defined"
grep -v '^$' "$order" | sort -u >"$work/listed"
listed=$(wc -l <"$work/listed")
comm -23 "$work/listed" "$work/defined" >"$work/missing"
missing=$(wc -l <"$work/missing")
found=$((listed - missing))
percent=$((listed > 0 ? found * 100 / listed : 0))
echo "startup-order: $found of $listed names in $order are defined in $binary ($percent%)"

if [ "$percent" -lt "$warn_below" ]; then
    {
        echo "startup-order: ================================================================"
        echo "startup-order: WARNING: $order is going stale: $missing of $listed names are gone"
        echo "startup-order: (found $percent%, warned below $warn_below%, fails below $fail_below%)."
        echo "startup-order: Regenerate it: scripts/startup-order.sh (needs valgrind), then commit it."
        echo "startup-order: First missing names:"
        head -n 10 "$work/missing" | sed 's/^/startup-order:   /'
        echo "startup-order: ================================================================"
    } >&2
fi
if [ "$percent" -lt "$fail_below" ]; then
    echo "0 passed, 1 failed"
    exit 1
fi
echo "1 passed, 0 failed"
