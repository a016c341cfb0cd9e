#!/usr/bin/env bash
# The picker page of `calpolicy serve` (GET /) in a real browser: starts calpolicy-serve on port 0
# with a temporary copy of policies/us-federal-holidays.lua (edited under --watch), opens the page
# in Debian's chromium through Playwright (scripts/requirements-test.txt; never downloads a
# browser) and checks selection through POST /v1/select, refusals in the live region, keyboard
# navigation, the year view, week strip and period selector, the Hebrew calendar right to left,
# live reloads (good and broken edits), axe-core (light and dark), no console errors and no
# request to another origin. Screenshots go to .build/screenshots/webpage-*.png. ~30 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

if [ ! -x .venv/bin/python ] || ! command -v chromium >/dev/null 2>&1 || \
   ! .venv/bin/python -c 'import playwright, axe_playwright_python' >/dev/null 2>&1; then
    scripts/setup.sh test >&2
fi

swift build --product calpolicy-serve >&2
exec .venv/bin/python scripts/checks/webpage_browser.py --bin .build/debug --shots .build/screenshots "$@"
