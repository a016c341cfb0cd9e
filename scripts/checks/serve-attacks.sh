#!/usr/bin/env bash
# The service under attack: slow and idle clients, one tenant against the others, cache
# poisoning, control characters, request smuggling, stalled and full log sinks, SIGTERM with
# requests in flight (Tests/Serve/attacks.py; docs/reliability.md lists each bound). About 1 minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
swift build --product calpolicy-serve >/dev/null
python=.venv/bin/python
[ -x "$python" ] || python=python3
exec "$python" Tests/Serve/attacks.py --bin .build/debug "$@"
