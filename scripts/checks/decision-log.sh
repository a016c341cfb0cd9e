#!/usr/bin/env bash
# Decision-log lines and status shipped to URLs (scripts/checks/decision_log_check.py,
# docs/http-api.md): receivers in Python take serve's --decision-log-url batches (gzip NDJSON)
# and --status-url pushes, and serve a signed bundle to --bundle. A burst arrives whole, each line
# once, ids matching X-Decision-Id; with the receiver stopped for seconds during a burst no answer
# takes 1 s and the lines lost equal the dropped metric; an activation reaches the status
# receiver. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
swift build --product calpolicy-serve >&2
swift build --product calpolicy >&2
exec .venv/bin/python scripts/checks/decision_log_check.py .build/debug
