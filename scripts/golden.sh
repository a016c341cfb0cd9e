#!/usr/bin/env bash
# Golden output of every command on a fixed set of spans and policies (Tests/Golden/cases.txt).
#   scripts/golden.sh record [BINARY]   write Tests/Golden/out/ from BINARY
#   scripts/golden.sh check  [BINARY]   compare BINARY's output with it; exit 1 on any difference
# BINARY defaults to the debug build. Refactors run `check` before and after: a byte that moves
# is a behaviour change and gets its own commit that re-records the files.
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${1:-check}
binary=${2:-.build/debug/calpolicy}
out=Tests/Golden/out
export SWIFT_BACKTRACE=enable=no NO_COLOR=1 LANG=C.UTF-8 TZ=UTC
[ -x "$binary" ] || { echo "golden: no binary at '$binary'" >&2; exit 2; }

run_case() { # n, args...
    local n=$1; shift
    local so se rc
    so=$(mktemp); se=$(mktemp)
    timeout 60 "$binary" "$@" >"$so" 2>"$se" </dev/null; rc=$?
    # `--version` names the commit the binary was built from: the one line that moves with every
    # commit, so it is kept as COMMIT (its shape is still checked: 12 hex digits or `unknown`).
    { printf '$ calpolicy %s\n' "$*"; printf 'exit %d\n--- stdout\n' "$rc"
      sed -E '1s/^(calpolicy [0-9.]+) \(([0-9a-f]{12}|unknown)\)$/\1 (COMMIT)/' "$so"
      printf '\n--- stderr\n'; cat "$se"; } 
    rm -f "$so" "$se"
}

n=0; differ=0; total=0
[ "$mode" = record ] && { rm -rf "$out"; mkdir -p "$out"; }
while IFS= read -r line; do
    case "$line" in ''|'#'*) continue ;; esac
    n=$((n + 1)); total=$((total + 1))
    name=$(printf '%03d' "$n")
    # shellcheck disable=SC2086  # the case's words are its arguments
    if [ "$mode" = record ]; then
        run_case "$n" $line >"$out/$name.txt"
    else
        if ! run_case "$n" $line | cmp -s - "$out/$name.txt"; then
            differ=$((differ + 1))
            echo "golden: case $name differs: calpolicy $line"
            run_case "$n" $line | diff "$out/$name.txt" - | head -20
        fi
    fi
done < Tests/Golden/cases.txt
if [ "$mode" = record ]; then
    echo "golden: recorded $total cases into $out"
else
    echo "$((total - differ)) passed, $differ failed"
    [ "$differ" -eq 0 ]
fi
