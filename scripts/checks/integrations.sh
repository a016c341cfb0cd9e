#!/usr/bin/env bash
# The pipeline templates (integrations/) as a runner runs them (scripts/checks/integrations.py):
# the GitLab jobs' script lines, read from integrations/gitlab-ci/gate.yml with PyYAML, run by
# bash against a local stand-in for GitLab's freeze_periods and project variables REST API
# (pagination at most 100 a page with X-Next-Page, 404 for a missing variable, PRIVATE-TOKEN).
# .calpolicy-freeze-periods, run twice over a project with hand-made periods and 249 of an
# earlier run's: the hand-made ones survive, no stale one remains, the job's periods are the
# export's, new ones are created before old ones are deleted; a run failing half-way records
# what it made and the next run cleans up; a wrong token or a hand-edited id variable changes
# nothing. The install step on a PATH without calpolicy: one "calpolicy: install:" line and exit
# 2 (never 127), under bash and dash; with CALPOLICY_DEB_URL it unpacks a .deb and answers. The
# GitHub composite action's steps the same way, with and without its deb-url input.
#   scripts/checks/integrations.sh [BINARY]   (default: build and use the debug binary)
# Prints "N passed, N failed"; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
binary=${1:-.build/debug/calpolicy}
if [ $# -eq 0 ]; then swift build --product calpolicy >&2; fi
exec .venv/bin/python scripts/checks/integrations.py "$binary"
