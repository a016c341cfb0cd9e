#!/usr/bin/env bash
# Builds what the benchmarks need (release) and runs every workload in one run:
# the limits, calpolicy's Lua policies, peer A (plain lua5.4 loops), peer B
# (python-holidays), month grids, in-process and whole-process evaluation, cold
# start against ncal and the CLI's peak memory. Prints a Markdown table, then a JSON
# summary. Options go to benchmarks/harness.py (--reps N, --days N, --json PATH, --quick,
# --dynamic: also build and time a plain `swift build -c release` calpolicy).
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2
for tool in lua5.4 ncal /usr/bin/time strip objcopy; do
    command -v "$tool" >/dev/null || { echo "bench: '$tool' is missing; run scripts/setup.sh test" >&2; exit 1; }
done

# The way `make release` (and so README's first command) builds calpolicy: the flags
# come from scripts/release-flags.sh, as in the Makefile (RELEASE_FLAGS in the environment,
# even empty, replaces them). The benchmark executable gets the same flags, so both share
# one build configuration instead of rebuilding each other's modules.
release_flags=${RELEASE_FLAGS-$(scripts/release-flags.sh)}
echo "bench: building release binaries (${release_flags:-no extra flags})" >&2
# shellcheck disable=SC2086  # the flags are words
swift build -c release --product calpolicy $release_flags >&2
# shellcheck disable=SC2086
swift build -c release --product calpolicy-bench $release_flags >&2
case " $* " in
*" --dynamic "*)
    echo "bench: building the default dynamically linked variant (.build/dynamic)" >&2
    swift build -c release --product calpolicy --scratch-path .build/dynamic >&2 ;;
esac

exec .venv/bin/python benchmarks/harness.py "$@"
