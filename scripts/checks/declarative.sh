#!/usr/bin/env bash
# Declarative policies (freeze.yaml, docs/declarative.md), through scripts/checks/declarative_check.py:
# each YAML/JSON freeze of Tests/fixtures/declarative answers exactly as its hand-written Lua twin
# (eval --format json byte for byte over a year, gate --batch every 15 minutes of a year, in two
# zones with DST); every command reads the format; the JSON Schema (docs/schema/policy.schema.json,
# through check-jsonschema) accepts every example and rejects each malformed file the loader also
# rejects, the loader naming the field; the server and a reload read it too. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
.venv/bin/python -c "import check_jsonschema" 2>/dev/null || {
    echo "declarative: check-jsonschema is missing (scripts/setup.sh test installs scripts/requirements-test.txt)"
    echo "0 passed, 1 failed"; exit 1; }
[ -x .build/debug/calpolicy ] && [ -x .build/debug/calpolicy-serve ] || swift build >&2
exec .venv/bin/python scripts/checks/declarative_check.py .build/debug
