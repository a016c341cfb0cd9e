#!/usr/bin/env bash
# POST /v1/admit over real HTTP: one calpolicy-serve (the payments hold and the kube-system
# deletions rule of Tests/fixtures/admission, overrides written around the real clock, and a
# policy that closes 95 minutes from now), sent every AdmissionReview of
# Tests/fixtures/admission/reviews with Python's http.client, each answer checked; then a 2 MB
# review (read whole), a 5 MiB one (413 before its body is read) and a 100 KiB body on another
# route (413: only /v1/admit takes more than 64 KiB), and /metrics' counts. Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
[ -x .build/debug/calpolicy-serve ] || swift build --product calpolicy-serve >&2
exec .venv/bin/python scripts/checks/admission_check.py .build/debug/calpolicy-serve
