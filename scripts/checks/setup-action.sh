#!/usr/bin/env bash
# .github/actions/setup-calpolicy against a local HTTP server serving the release layout
# (vVERSION/calpolicy-VERSION-linux-x86_64 and vVERSION/SHA256SUMS, as release.yml publishes):
# the action's script installs the binary, puts its folder on GITHUB_PATH and the binary runs;
# a tampered binary, a SHA256SUMS without its line and a missing release are refused, nothing
# installed. The workflow and the action parse as YAML with the keys GitHub requires.
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "setup-action: FAILED: $*"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

for tool in curl sha256sum python3; do
    command -v "$tool" >/dev/null || { bad "$tool not found (scripts/setup.sh test installs it)"; finish; }
done
[ -x .venv/bin/python ] || scripts/setup.sh test >&2
[ -x .build/debug/calpolicy ] || swift build --product calpolicy >&2
script=.github/actions/setup-calpolicy/install.sh

work=$(mktemp -d)
server_pid=
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
version=9.8.7
release=$work/site/v$version
mkdir -p "$release" "$work/site/v9.8.6" "$work/site/v9.8.5"
cp .build/debug/calpolicy "$release/calpolicy-$version-linux-x86_64"
(cd "$release" && sha256sum "calpolicy-$version-linux-x86_64" > SHA256SUMS)
# 9.8.6: a binary changed after SHA256SUMS was written. 9.8.5: SHA256SUMS lacks its line.
cp "$release/calpolicy-$version-linux-x86_64" "$work/site/v9.8.6/calpolicy-9.8.6-linux-x86_64"
(cd "$work/site/v9.8.6" && sha256sum "calpolicy-9.8.6-linux-x86_64" > SHA256SUMS)
printf 'tampered' >> "$work/site/v9.8.6/calpolicy-9.8.6-linux-x86_64"
cp "$release/calpolicy-$version-linux-x86_64" "$work/site/v9.8.5/calpolicy-9.8.5-linux-x86_64"
echo "0000000000000000000000000000000000000000000000000000000000000000  something-else" > "$work/site/v9.8.5/SHA256SUMS"

python3 -m http.server 0 --bind 127.0.0.1 --directory "$work/site" > "$work/http.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 50); do
    port=$(grep -o 'port [0-9]*' "$work/http.log" | head -n 1 | cut -d' ' -f2)
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { bad "the local release server did not start"; finish; }
base=http://127.0.0.1:$port

run() {  # VERSION DIR: the action's script as the runner runs it
    : > "$work/path-$1"
    : > "$work/output-$1"
    CALPOLICY_VERSION=$1 CALPOLICY_BASE_URL=$base CALPOLICY_INSTALL_DIR=$2 GITHUB_PATH=$work/path-$1 \
        GITHUB_OUTPUT=$work/output-$1 bash "$script"
}

if out=$(run "v$version" "$work/bin" 2>&1); then ok; else bad "install $version: $out"; fi
if [ "$(cat "$work/path-v$version")" = "$work/bin" ]; then ok; else bad "GITHUB_PATH names the folder"; fi
if grep -qx "path=$work/bin/calpolicy" "$work/output-v$version"; then ok; else bad "the path output"; fi
if PATH=$work/bin:$PATH calpolicy --version | grep -q '^calpolicy '; then ok; else bad "the installed calpolicy runs from PATH"; fi
if cmp -s "$work/bin/calpolicy" .build/debug/calpolicy; then ok; else bad "the installed binary is the release's"; fi

if out=$(run 9.8.6 "$work/bin-tampered" 2>&1); then bad "a tampered binary was installed"
elif grep -q "does not match SHA256SUMS" <<<"$out"; then ok; else bad "tampered: $out"; fi
if [ ! -e "$work/bin-tampered/calpolicy" ] && [ ! -s "$work/path-9.8.6" ]; then ok; else bad "tampered: something was installed"; fi
if out=$(run 9.8.5 "$work/bin-noline" 2>&1); then bad "a binary without its SHA256SUMS line was installed"
elif grep -q "has no line" <<<"$out"; then ok; else bad "no line: $out"; fi
if out=$(run 1.0.0 "$work/bin-missing" 2>&1); then bad "a missing release was installed"
elif [ ! -e "$work/bin-missing/calpolicy" ]; then ok; else bad "missing: something was installed"; fi
if out=$(run '1.0;rm' "$work/bin-bad" 2>&1); then bad "a bad version was accepted"; else ok; fi

# The workflow and the action: YAML, and the keys GitHub requires of each.
if out=$(.venv/bin/python - <<'PY' 2>&1
import yaml
action = yaml.safe_load(open(".github/actions/setup-calpolicy/action.yml"))
assert action["runs"]["using"] == "composite", "a composite action"
assert all(step.get("shell") for step in action["runs"]["steps"] if "run" in step), "every run step names its shell"
assert set(action["inputs"]) == {"version", "base-url", "install-dir"}, action["inputs"]
workflow = yaml.load(open(".github/workflows/release.yml"), Loader=yaml.BaseLoader)
assert workflow["on"]["push"]["tags"] == ["v*.*.*"], workflow["on"]
assert set(workflow["jobs"]) == {"build", "publish", "smoke"}
assert workflow["jobs"]["publish"]["permissions"] == {"contents": "write"}
assert workflow["permissions"] == {"contents": "read"}
PY
); then ok; else bad "workflow or action: $out"; fi
# GitHub's own rules for these files, as SchemaStore publishes them (the github-workflow and
# github-action schemas check-jsonschema carries offline). actionlint's PyPI package downloads its
# binary from GitHub when installed, which a machine without that access cannot do.
if out=$(.venv/bin/python -m check_jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml 2>&1); then ok
else bad "the workflows against GitHub's workflow schema: $out"; fi
if out=$(.venv/bin/python -m check_jsonschema --builtin-schema vendor.github-actions .github/actions/*/action.yml \
        integrations/github-actions/*/action.yml 2>&1); then ok
else bad "the actions against GitHub's action schema: $out"; fi
# The schema is really looking: a job with a misspelt key is refused.
printf 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    stepz: []\n' >"$work/bad-workflow.yml"
if .venv/bin/python -m check_jsonschema --builtin-schema vendor.github-workflows "$work/bad-workflow.yml" >/dev/null 2>&1; then
    bad "a workflow with 'stepz' passed the schema"; else ok; fi
finish
