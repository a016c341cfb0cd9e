#!/usr/bin/env bash
# Checks `calpolicy revalidate` against a brute-force check in Python: for three stacks
# (weekends and US holidays, holidays:DE-BE weekends:DE, change-freeze and payday), 20,000
# random stored selections each over 2026-2028, one `revalidate` process per stack; the
# refused selections (id, first refused day, reason, policy, refused days) must equal the
# brute force's, which walks every day of every selection over `calpolicy eval`'s answers.
# Prints "N passed, N failed" (selections) and exits non-zero on any mismatch.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
.venv/bin/python scripts/oracles/revalidate_oracle.py .build/debug/calpolicy "$tmp"
