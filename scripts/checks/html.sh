#!/usr/bin/env bash
# The HTML pages in a real browser: `eval --format html` (a year of the seed policies, a
# Hebrew-calendar page in he_IL, a page of hostile policy text) and `diff --format html` (with
# and without differences) are opened from file:// in Debian's chromium, driven by Playwright
# (scripts/requirements-test.txt; it never downloads a browser of its own). Asserts no console
# errors, no network requests, no serious or critical axe-core violations in light and dark
# mode, no script run by policy text, dir=rtl for Hebrew; screenshots go to .build/screenshots/.
# Prints "N passed, N failed" and exits non-zero on any failure, or when chromium or
# Playwright is missing after setup.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

if [ ! -x .venv/bin/python ] || ! command -v chromium >/dev/null 2>&1 || \
   ! .venv/bin/python -c 'import playwright, axe_playwright_python' >/dev/null 2>&1; then
    scripts/setup.sh test >&2
fi

swift build --product calpolicy >&2
calpolicy=.build/debug/calpolicy
pages=.build/html-check
rm -rf "$pages"
mkdir -p "$pages" .build/screenshots

seeds=(policies/weekends.lua policies/us-federal-holidays.lua policies/payday.lua policies/change-freeze.lua
       policies/on-call.lua)
"$calpolicy" eval "${seeds[@]}" --year 2026 --today 2026-12-01 --locale en_US --format html >"$pages/year.html"
# The year as printed and as docs/year-page.png shows it: the seeds without the busy on-call rota.
"$calpolicy" eval "${seeds[@]:0:4}" --year 2026 --today 2026-12-01 --locale en_US --format html >"$pages/print.html"
"$calpolicy" eval "${seeds[@]}" --year 5787 --calendar hebrew --locale he_IL --today 2026-12-01 \
    --format html >"$pages/year-he.html"
"$calpolicy" eval Tests/fixtures/html/hostile-text.lua policies/payday.lua --year 2026 --today 2026-12-01 \
    --locale en_US --format html >"$pages/hostile.html"
# diff exits 1 when days differ: that is the page wanted here.
status=0
"$calpolicy" diff policies/us-federal-holidays.lua Tests/fixtures/html/hostile-text.lua --year 2026 \
    --today 2026-12-01 --locale en_US --format html >"$pages/diff.html" || status=$?
[ "$status" -eq 1 ] || { echo "html: 'calpolicy diff' exited $status, expected 1" >&2; exit 1; }
"$calpolicy" diff policies/weekends.lua policies/weekends.lua --year 2026 --today 2026-12-01 --format html \
    >"$pages/no-diff.html"

exec .venv/bin/python scripts/checks/html_browser.py "$pages" .build/screenshots
