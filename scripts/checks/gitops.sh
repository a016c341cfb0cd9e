#!/usr/bin/env bash
# calpolicy gitops-pause (scripts/checks/gitops_check.py): its YAML stream validated with Python's
# jsonschema against Flux's own CRDs (Tests/fixtures/flux-crds: Kustomization v1, HelmRelease v2),
# no field they do not declare; suspend and resume in turn per object, in order of their
# instants, which agree with `calpolicy gate`; integrations/flux/due.awk picks what a CronJob
# applies; a span ending inside a window writes no resume; bad input is one line, exit 2; the
# CronJob of docs/gitops.md validates against Kubernetes' schemas (kubernetes-validate, strict).
# Prints "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v awk >/dev/null || { echo "gitops: awk is missing"; echo "0 passed, 1 failed"; exit 1; }
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
.venv/bin/python -c 'import jsonschema, yaml' 2>/dev/null \
    || { echo "gitops: jsonschema or PyYAML missing in .venv (scripts/setup.sh test installs them)"; echo "0 passed, 1 failed"; exit 1; }
[ -x .build/debug/calpolicy ] || swift build --product calpolicy >&2
exec .venv/bin/python scripts/checks/gitops_check.py .build/debug/calpolicy
