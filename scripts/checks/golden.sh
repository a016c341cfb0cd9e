#!/usr/bin/env bash
# Golden output: every command on a fixed set of spans and policies must print exactly what
# Tests/Golden/out/ holds (scripts/golden.sh; a deliberate change re-records it).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product calpolicy >/dev/null
exec scripts/golden.sh check .build/debug/calpolicy
