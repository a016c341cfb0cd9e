#!/usr/bin/env bash
# Benchmarks this checkout against a baseline revision in one run: builds the baseline's release
# binaries (calpolicy, calpolicy-bench) in a worktree under .build/baseline-src with the flags of
# its own Makefile, then runs benchmarks/run.sh with --baseline, which times both side by side in
# every repetition and prints current/baseline ratios. Usage: benchmarks/compare.sh REV [harness options]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: benchmarks/compare.sh REV [harness options]}
shift
base=.build/baseline-src
if [ -d "$base" ]; then
    git -C "$base" checkout -q --detach "$rev"
else
    git worktree add -q --detach "$base" "$rev"
fi
# The flags `make release` of that revision uses (its scripts/release-flags.sh), as run.sh builds
# this checkout: reading them from the Makefile's text found none, and a baseline built without
# them (dynamically linked) is not the same build.
flags=$(cd "$base" && { [ -x scripts/release-flags.sh ] && scripts/release-flags.sh; } || true)
echo "bench: building the baseline $(git -C "$base" rev-parse --short HEAD)" >&2
# shellcheck disable=SC2086  # the flags are words
(cd "$base" && swift build -c release --product calpolicy $flags >&2 &&
    swift build -c release --product calpolicy-bench $flags >&2)
exec benchmarks/run.sh --baseline "$base" "$@"
