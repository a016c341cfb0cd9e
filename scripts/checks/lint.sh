#!/usr/bin/env bash
# `calpolicy lint` and `calpolicy new`, end to end with the built CLI and Debian's luacheck:
# the planted mistakes of Tests/fixtures/lint, Lua and YAML (each finding's file:line:col,
# against expected.txt; windows overlapping with different reasons among them), the clean
# fixtures (windows overlapping with the same reason, touching ones) with none, the JSON and
# GitHub formats, lint without luacheck on PATH, nothing found in the shipped policies and
# examples, the exit codes, and every `new` kind, YAML (the default) and --lua, passing `calpolicy
# check`, `test`, lint and (YAML) the JSON Schema as written, never overwriting.
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v luacheck >/dev/null 2>&1 || { echo "lint: luacheck is missing (Debian: apt-get install lua-check; scripts/setup.sh test)" >&2; exit 1; }
.venv/bin/python -c "import check_jsonschema" 2>/dev/null || { echo "lint: check-jsonschema is missing (scripts/setup.sh test installs scripts/requirements-test.txt)" >&2; exit 1; }
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

planted=$(ls $fixtures/*.lua $fixtures/*.yaml | grep -v '/clean')
clean=$(ls $fixtures/clean*)

# The planted mistakes: every finding, with its line and column, exactly.
expect_exit 1 "lint over the planted mistakes" -- "$cli" lint --today $today $planted
if diff -u $fixtures/expected.txt "$work/out" >&2; then ok; else bad "findings differ from $fixtures/expected.txt"; fi
[ ! -s "$work/err" ] && ok || bad "stderr not empty: $(cat "$work/err")"

# Each planted file alone has a finding (exit 1); the clean ones none (exit 0, no output).
for file in $planted; do expect_exit 1 "lint $file" -- "$cli" lint --today $today "$file"; done
for file in $clean; do
    expect_exit 0 "lint $file" -- "$cli" lint --today $today "$file"
    [ ! -s "$work/out" ] && ok || bad "$file printed: $(cat "$work/out")"
done

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

# The shipped policies and examples: nothing found. (examples/maintenance.yaml is left out: its
# windows are in 2026, before --today, so "closes nothing in the coming year" is true of it.)
shipped=$(ls policies/*.lua examples/*.lua examples/*.yaml examples/*.json | grep -v -e '_test\.lua$' -e '/maintenance\.yaml$')
expect_exit 0 "lint over the shipped policies and examples" -- "$cli" lint --today $today $shipped
[ ! -s "$work/out" ] && ok || bad "shipped policies have findings:"$'\n'"$(cat "$work/out")"

# Exit codes: usage 2, a policy that cannot load 3.
expect_exit 2 "lint without a policy" -- "$cli" lint
expect_exit 2 "lint of a missing file" -- "$cli" lint "$work/missing.lua"
expect_exit 2 "lint --format yaml" -- "$cli" lint --format yaml $fixtures/clean.lua
printf 'return {\n  canSelect = function(day\n}\n' >"$work/broken.lua"
expect_exit 3 "lint of a syntax error" -- "$cli" lint --today $today "$work/broken.lua"

# new: each kind writes a policy (YAML by default, Lua with --lua) and its test, passing check,
# test, lint and (YAML) the schema as written; never overwrites.
for kind in freeze hours holidays; do
    for form in yaml lua; do
        name="$work/$form-$kind" flag=""
        [ $form = lua ] && flag=--lua
        expect_exit 0 "new $kind ($form)" -- "$cli" new $kind $flag "$name"
        [ -f "$name.$form" ] && [ -f "${name}_test.lua" ] && ok || bad "new $kind $flag wrote no $name.$form and ${name}_test.lua"
        grep -q "\"$(basename "$name").$form\"" "${name}_test.lua" && ok || bad "${name}_test.lua does not name $name.$form"
        expect_exit 0 "calpolicy check on new $kind ($form)" -- "$cli" check "$name.$form"
        expect_exit 0 "calpolicy test on new $kind ($form)" -- "$cli" test "${name}_test.lua"
        expect_exit 0 "lint on new $kind ($form)" -- "$cli" lint "$name.$form"
        expect_exit 2 "new $kind ($form) over an existing file" -- "$cli" new $kind $flag "$name"
        [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "already exists" "$work/err" && ok || bad "new overwrite message: $(cat "$work/err")"
    done
    head -1 "$work/yaml-$kind.yaml" | grep -q '^# yaml-language-server: \$schema=' && ok || bad "yaml-$kind.yaml has no schema line"
done
# The JSON Schema (draft 2020-12) over the three, in one run (it starts slowly).
expect_exit 0 "the schema over every new YAML policy" -- .venv/bin/python -m check_jsonschema \
    --schemafile docs/schema/policy.schema.json "$work"/yaml-*.yaml
# A NAME ending in .lua asks for Lua; a trailing .yaml or .yml is dropped.
expect_exit 0 "new freeze NAME.lua" -- "$cli" new freeze "$work/named.lua"
[ -f "$work/named.lua" ] && [ ! -f "$work/named.yaml" ] && ok || bad "new freeze NAME.lua did not write Lua"
expect_exit 0 "new freeze NAME.yaml" -- "$cli" new freeze "$work/other.yaml"
[ -f "$work/other.yaml" ] && [ -f "$work/other_test.lua" ] && ok || bad "new freeze NAME.yaml wrote $(ls "$work" | grep other)"
expect_exit 0 "new hours NAME.yml" -- "$cli" new hours "$work/third.yml"
[ -f "$work/third.yaml" ] && [ -f "$work/third_test.lua" ] && ok || bad "new hours NAME.yml wrote $(ls "$work" | grep third)"
expect_exit 2 "new with an unknown kind" -- "$cli" new feeze "$work/x"
expect_exit 2 "new without NAME" -- "$cli" new freeze

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
