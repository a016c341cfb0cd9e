#!/usr/bin/env bash
# The picker of `calpolicy serve` (GET /, the <calpolicy-picker> element) in a real browser: starts
# calpolicy-serve on port 0 with a temporary copy of policies/us-federal-holidays.lua (edited under
# --watch) and --cors-origin, and a second one with --token-file, opens the page in Debian's chromium
# through Playwright (scripts/requirements-test.txt; never downloads a browser), one browser process
# for every case, and checks selection in every mode through POST /v1/select, refusals in the live
# region and the details line, the legend, keyboard navigation, the year's mini-months, week strip
# and period row, zh_CN, he_IL and ar_SA right to left in their own words, a 360 px phone, token
# mode (a token goes only to the origin it was typed for), the element on a page of another origin, live reloads (good and broken edits), axe-core
# (zero serious or critical findings), no console errors and no request to another origin.
# Screenshots go to .build/screenshots/ (docs/picker-*.png are copies, see docs/picker.md). ~30 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

if [ ! -x .venv/bin/python ] || ! command -v chromium >/dev/null 2>&1 || \
   ! .venv/bin/python -c 'import playwright, axe_playwright_python' >/dev/null 2>&1; then
    scripts/setup.sh test >&2
fi

swift build --product calpolicy-serve >&2
exec .venv/bin/python scripts/checks/webpage_browser.py --bin .build/debug --shots .build/screenshots "$@"
