#!/usr/bin/env bash
# Builds what the benchmarks need (release) and runs every workload in one run:
# the limits, calpolicy's Lua policies, peer A (plain lua5.4 loops), peer B
# (python-holidays), month grids, in-process and whole-process evaluation, cold
# start against ncal and the CLI's peak memory. Prints a Markdown table, then a JSON
# summary. Options go to benchmarks/harness.py (--reps N, --days N, --json PATH, --quick,
# --static: also build and time a --static-swift-stdlib calpolicy).
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2
for tool in lua5.4 ncal /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench: '$tool' is missing; run scripts/setup.sh test" >&2; exit 1; }
done

echo "bench: building release binaries" >&2
swift build -c release --product calpolicy >&2
swift build -c release --product calpolicy-bench >&2
case " $* " in
*" --static "*)
    echo "bench: building the static-stdlib variant (.build/static)" >&2
    swift build -c release --product calpolicy --static-swift-stdlib --scratch-path .build/static >&2 ;;
esac

exec .venv/bin/python benchmarks/harness.py "$@"
