#!/usr/bin/env bash
# The shipped policies' own tests and stored snapshots: builds calpolicy and runs
# `calpolicy test policies` (policies/*_test.lua, policies/snapshots/*.json).
# Its last line is "N passed, N failed"; exits non-zero when a test fails or a policy cannot load.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product calpolicy >&2
exec .build/debug/calpolicy test policies
