#!/usr/bin/env bash
# Pure-Lua unit tests for the `cal` library (Sources/PolicyEngine/Prelude/cal.lua) and the
# shipped policies, run under the system lua5.4 through Tests/lua/harness.lua.
# Prints "N passed, N failed" and exits non-zero when a test fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v lua5.4 >/dev/null || scripts/setup.sh test >&2
exec lua5.4 Tests/lua/run.lua
