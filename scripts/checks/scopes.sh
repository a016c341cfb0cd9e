#!/usr/bin/env bash
# Scoped decisions against an independent model (scripts/oracles/scope_model.py): 3,000 random
# contexts x instants over a stack of scoped and unscoped policies (Tests/fixtures/scope/), through
# `gate --batch` (one process) and `GET /v1/gate` (one server, twice for the warm cache). Prints
# "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
[ -x .build/debug/calpolicy ] && [ -x .build/debug/calpolicy-serve ] || swift build >&2
exec .venv/bin/python scripts/oracles/scope_model.py .build/debug
