#!/usr/bin/env bash
# The GitHub custom deployment protection rule (POST /v1/github/deployment-protection-rule)
# against a local stand-in of GitHub's API (scripts/checks/github_standin.py: PyJWT verifies the
# app's RS256 JWT with the public key, tokens are issued and checked, callbacks are recorded).
# An RSA key made with openssl, policies written around the clock, one server restarted once
# (scripts/checks/github_check.py). Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
command -v openssl >/dev/null || { echo "github: openssl is missing (apt-get install openssl)" >&2; exit 1; }
.venv/bin/python -c 'import jwt, cryptography' 2>/dev/null \
    || { echo "github: PyJWT and cryptography are missing (pip install -r scripts/requirements-test.txt)" >&2; exit 1; }
[ -x .build/debug/calpolicy-serve ] || swift build --product calpolicy-serve >&2
exec .venv/bin/python scripts/checks/github_check.py .build/debug/calpolicy-serve
