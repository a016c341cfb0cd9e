#!/usr/bin/env bash
# `calpolicy lint` and `calpolicy new`, end to end with the built CLI and Debian's luacheck:
# the planted mistakes of Tests/fixtures/lint (each finding's file:line:col, against
# expected.txt), the JSON and GitHub formats, lint without luacheck on PATH, nothing found in
# the shipped policies and examples, the exit codes, and every `new` kind passing `calpolicy
# test` (and lint) as written, never overwriting. Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v luacheck >/dev/null 2>&1 || { echo "lint: luacheck is missing (Debian: apt-get install lua-check; scripts/setup.sh test)" >&2; exit 1; }
[ -x .build/debug/calpolicy ] || swift build --product calpolicy >&2 || exit 1
cli=$PWD/.build/debug/calpolicy
fixtures=Tests/fixtures/lint
today=2026-12-06
passed=0 failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
# expect_exit CODE DESCRIPTION -- COMMAND...: the command's exit status is CODE.
expect_exit() {
    local want=$1 what=$2; shift 3
    "$@" >"$work/out" 2>"$work/err"; local got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$what: exit $got, expected $want ($(head -c 300 "$work/err"))"; fi
}

planted=$(ls $fixtures/*.lua | grep -v '/clean\.lua$')

# The planted mistakes: every finding, with its line and column, exactly.
expect_exit 1 "lint over the planted mistakes" -- "$cli" lint --today $today $planted
if diff -u $fixtures/expected.txt "$work/out" >&2; then ok; else bad "findings differ from $fixtures/expected.txt"; fi
[ ! -s "$work/err" ] && ok || bad "stderr not empty: $(cat "$work/err")"

# Each planted file alone has a finding (exit 1); the clean one none (exit 0, no output).
for file in $planted; do expect_exit 1 "lint $file" -- "$cli" lint --today $today "$file"; done
expect_exit 0 "lint clean.lua" -- "$cli" lint --today $today $fixtures/clean.lua
[ ! -s "$work/out" ] && ok || bad "clean.lua printed: $(cat "$work/out")"

# JSON: the same findings, with line and column as numbers.
expect_exit 1 "lint --format json" -- "$cli" lint --today $today --format json $planted
if .venv/bin/python - "$work/out" $fixtures/expected.txt <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
expected = [line for line in open(sys.argv[2]).read().splitlines() if line]
findings = document["findings"]
assert document["count"] == len(findings) == len(expected), (document["count"], len(expected))
for finding, line in zip(findings, expected):
    place = f'{finding["file"]}:{finding["line"]}:{finding["column"]}: '
    assert line.startswith(place), (place, line)
    assert isinstance(finding["line"], int) and isinstance(finding["column"], int)
    assert finding["message"] in line, (finding, line)
PY
then ok; else bad "lint --format json"; fi

# GitHub annotations: one ::warning line per finding, naming file, line and column.
expect_exit 1 "lint --format github" -- "$cli" lint --today $today --format github $planted
if .venv/bin/python - "$work/out" $fixtures/expected.txt <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
expected = [line for line in open(sys.argv[2]).read().splitlines() if line]
assert len(lines) == len(expected), (len(lines), len(expected))
for line, text in zip(lines, expected):
    match = re.fullmatch(r"::warning file=([^,]+),line=(\d+),col=(\d+)::(.+)", line)
    assert match, line
    file, row, column, message = match.groups()
    assert text == f"{file}:{row}:{column}: {message}", (line, text)
PY
then ok; else bad "lint --format github"; fi

# Without luacheck on PATH: one line on stderr, and calpolicy's own checks still run.
expect_exit 1 "lint without luacheck" -- env PATH=/nonexistent "$cli" lint --today $today $planted
[ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "luacheck not found" "$work/err" && ok || bad "no-luacheck stderr: $(cat "$work/err")"
grep -v ': (W' $fixtures/expected.txt | diff -u - "$work/out" >&2 && ok || bad "no-luacheck findings differ from expected.txt's own ones"
expect_exit 0 "lint clean.lua without luacheck" -- env PATH=/nonexistent "$cli" lint --today $today $fixtures/clean.lua

# The shipped policies and examples: nothing found.
shipped=$(ls policies/*.lua examples/*.lua | grep -v '_test\.lua$')
expect_exit 0 "lint over the shipped policies and examples" -- "$cli" lint --today $today $shipped
[ ! -s "$work/out" ] && ok || bad "shipped policies have findings:"$'\n'"$(cat "$work/out")"

# Exit codes: usage 2, a policy that cannot load 3.
expect_exit 2 "lint without a policy" -- "$cli" lint
expect_exit 2 "lint of a missing file" -- "$cli" lint "$work/missing.lua"
expect_exit 2 "lint --format yaml" -- "$cli" lint --format yaml $fixtures/clean.lua
printf 'return {\n  canSelect = function(day\n}\n' >"$work/broken.lua"
expect_exit 3 "lint of a syntax error" -- "$cli" lint --today $today "$work/broken.lua"

# new: each kind writes a policy and its test, both passing; never overwrites.
for kind in freeze hours holidays; do
    expect_exit 0 "new $kind" -- "$cli" new $kind "$work/my-$kind"
    [ -f "$work/my-$kind.lua" ] && [ -f "$work/my-${kind}_test.lua" ] && ok || bad "new $kind wrote no files"
    expect_exit 0 "calpolicy test on new $kind" -- "$cli" test "$work/my-${kind}_test.lua"
    expect_exit 0 "lint on new $kind" -- "$cli" lint "$work/my-$kind.lua"
    expect_exit 2 "new $kind over an existing file" -- "$cli" new $kind "$work/my-$kind"
    [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "already exists" "$work/err" && ok || bad "new overwrite message: $(cat "$work/err")"
done
expect_exit 2 "new with an unknown kind" -- "$cli" new feeze "$work/x"
expect_exit 2 "new without NAME" -- "$cli" new freeze

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
