#!/usr/bin/env bash
# Every writer escapes what came from outside: one table of hostile strings (line breaks, CR, ESC,
# C0, DEL, C1, U+2028/U+2029, bidi, NUL, quotes, backslash, YAML, Lua, HTML and CSV specials) as a
# policy's reasons and labels, as policy file names and as .ics file names for `import`, through
# the real binary in every format, each read back by its own consumer: `gate --batch` text (one
# line per instant), JSON (json), CSV (csv), iCalendar (icalendar), HTML (html.parser), Argo CD
# YAML (PyYAML) and the Lua `import` writes (lua5.4, then `calpolicy test`)
# (scripts/oracles/writers_oracle.py). Prints "N passed, N failed"; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv/bin/python ] && command -v lua5.4 >/dev/null 2>&1 || scripts/setup.sh test >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

swift build --product calpolicy >&2
exec .venv/bin/python scripts/oracles/writers_oracle.py .build/debug/calpolicy "$tmp"
