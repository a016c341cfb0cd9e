#!/usr/bin/env bash
# Break-glass overrides against an independent model (scripts/oracles/override_model.py): 3,000
# random contexts x instants over a stack of scoped, unscoped, overridable and hard-freeze
# policies with active, future, expired, ended and refused overrides (Tests/fixtures/override-model/),
# through `gate --batch` (one process) and `GET /v1/gate` (one server). Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
[ -x .build/debug/calpolicy ] && [ -x .build/debug/calpolicy-serve ] || swift build >&2
exec .venv/bin/python scripts/oracles/override_model.py .build/debug
