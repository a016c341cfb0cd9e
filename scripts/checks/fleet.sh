#!/usr/bin/env bash
# A fleet pulling signed policy bundles (scripts/checks/fleet_check.py, docs/bundles.md): Debian's
# nginx serves the bundle folder (ETag from the file), three calpolicy-serve replicas pull it with
# --bundle-poll 1s..2s and --gate-tests. A new signed bundle is live on all three within the poll
# maximum (the time is printed); a bundle signed by another key, a changed file, an extra file, a
# link, a '..' name, a 5 MB signature, a tar bomb, a download cut short (an upstream announcing
# more than it sends, behind nginx) and a policy failing its test are each refused on every
# replica, the old revision answering and the failure in /v1/status; with nginx stopped the
# replicas keep answering, one restarted starts from its persisted bundle, and one with neither
# stays not ready (503 no_bundle). The decision log replays with 0 differences against the same
# revisions and with exactly the expected ones against a revision closing one more day.
# Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] ||
    { echo "fleet: nginx is missing (scripts/setup.sh test installs it)"; echo "0 passed, 1 failed"; exit 1; }
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
swift build --product calpolicy-serve >&2
swift build --product calpolicy >&2
exec .venv/bin/python scripts/checks/fleet_check.py .build/debug
