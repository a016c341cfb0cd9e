#!/usr/bin/env bash
# check: a CI gate for edited policies. Loads each file and runs it over edge days
# (Feb 29s, year ends, ISO week 53, DST months, Hebrew and Chinese leap months).
# Exit 0 when every policy answers every day cleanly, 3 on any problem.
set -uo pipefail
calpolicy=${CALPOLICY:-.build/release/calpolicy}

# Test files beside the policies (*_test.lua) are skipped with a note.
if "$calpolicy" check policies/*.lua; then
    echo "all policies pass"
else
    status=$?
    echo "policy problems (exit $status); see the lines above" >&2
    exit "$status"
fi
