#!/usr/bin/env bash
# HTTPS on the service (scripts/checks/tls_check.py): a test CA and certificates made with Debian's
# openssl; Python's ssl connects with the CA and fails without it; TLS 1.1 is refused; a
# certificate replaced on disk is served by new connections without a restart while keep-alive
# requests run (none fail); mutual TLS refuses a client without a certificate or with one of
# another CA; an expired or mismatched pair is refused at start (exit 2) and kept-old on reload;
# --probe passes on --diagnostic-addr beside a TLS listener, and the image's HEALTHCHECK and the
# Deployment's exec probes ask that listener.
# Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v openssl >/dev/null || { echo "tls: openssl is missing (scripts/setup.sh test installs it)"; echo "0 passed, 1 failed"; exit 1; }
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
[ -x .build/debug/calpolicy-serve ] || swift build >&2
exec .venv/bin/python scripts/checks/tls_check.py .build/debug
