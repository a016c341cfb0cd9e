#!/usr/bin/env bash
# Golden output: every command on a fixed set of spans and policies must print exactly what
# Tests/Golden/out/ holds (scripts/golden.sh), and every HTTP route must answer exactly what
# Tests/Golden/routes-out/ holds (scripts/golden_routes.py); a deliberate change re-records them.
# The commands run twice, with the compile cache cold and then warm (docs/cli.md): not a byte
# may differ either way.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product calpolicy >/dev/null
swift build --product calpolicy-serve >/dev/null
python=.venv/bin/python
[ -x "$python" ] || python=python3
status=0
export CALPOLICY_CACHE
CALPOLICY_CACHE=$(mktemp -d)
trap 'rm -rf "$CALPOLICY_CACHE"' EXIT
echo "golden: compile cache cold"
scripts/golden.sh check .build/debug/calpolicy || status=1
if [ -z "$(ls "$CALPOLICY_CACHE")" ]; then
    echo "golden: the cold run left nothing in the compile cache"
    status=1
fi
echo "golden: compile cache warm"
scripts/golden.sh check .build/debug/calpolicy || status=1
"$python" scripts/golden_routes.py check .build/debug || status=1
exit $status
