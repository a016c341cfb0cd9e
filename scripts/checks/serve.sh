#!/usr/bin/env bash
# `calpolicy serve` end to end: starts the real server (calpolicy-serve) on free ports and checks
# every route, every error code, ETag/304, /v1/month against `eval --format json` byte for byte,
# reloads (a broken edit refused, a good edit live, SIGHUP), a hostile stack beside a clean one,
# graceful shutdown with a request in flight, `calpolicy serve` handing over, CORS, the logs, and a
# bounded schemathesis run against docs/openapi.yaml. About a minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
swift build --product calpolicy >/dev/null
swift build --product calpolicy-serve >/dev/null
python=.venv/bin/python
[ -x "$python" ] || python=python3
exec "$python" Tests/Serve/check.py --bin .build/debug "$@"
