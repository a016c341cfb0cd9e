#!/usr/bin/env bash
# calpolicy-serve runs on a host without the Swift toolchain: it is linked with -static-stdlib
# (Package.swift), so it needs only the system's libmicrohttpd, liblua5.4, libical and the
# C/C++ runtime. Builds the debug product, checks with readelf that no Swift runtime library
# is NEEDED and no RUNPATH points into the toolchain, then runs it in a private mount namespace
# with the toolchain's directory hidden behind an empty one: it must print its "listening on"
# line, answer GET /ready, /v1/month and /v1/calendar.ics, and stop on SIGTERM; then the same for
# the installed tree (make install into a DESTDIR, via scripts/stage.sh), whose CLI must also
# print a month. A few seconds once the staged tree exists.
#
# Needs root and unshare(1) (a mount namespace); without them the check FAILS, saying so: it
# never passes without having run the binary.
# Prints "N passed, N failed" and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

fail() { echo "serve-no-toolchain: FAILED: $*"; echo "0 passed, 1 failed"; exit 1; }

command -v readelf >/dev/null || fail "readelf not found (Debian: binutils)"
command -v unshare >/dev/null || fail "unshare not found (Debian: util-linux); it is needed to hide the toolchain"
[ "$(id -u)" -eq 0 ] || fail "needs root to hide the toolchain in a mount namespace (unshare -m); run it as root"
unshare -m true 2>/dev/null || fail "unshare -m is not permitted here (a container without CAP_SYS_ADMIN?)"

# The toolchain: .../usr/bin/swift → hide the folder holding usr (/opt/swift). A toolchain
# installed in /usr itself cannot be hidden whole: then only its runtime folder, usr/lib/swift.
swift_bin=$(command -v swift) || fail "swift not found on PATH"
usr=$(dirname "$(dirname "$(readlink -f "$swift_bin")")")
if [ "$(basename "$usr")" = usr ]; then root=$(dirname "$usr"); else root=$usr; fi
[ "$root" != / ] || root=$usr/lib/swift
[ -d "$root" ] || fail "toolchain folder '$root' (from $swift_bin) not found"

swift build --product calpolicy-serve >&2
binary=$PWD/.build/debug/calpolicy-serve

passed=0
dynamic=$(readelf -d "$binary")
runtime=$(grep NEEDED <<<"$dynamic" | grep -Eo '\[[^]]*\]' | tr -d '[]' \
    | grep -E '^lib(swift|Foundation|_Foundation|CoreFoundation|dispatch|BlocksRuntime)' || true)
[ -z "$runtime" ] || fail "$binary needs Swift runtime libraries: $(echo $runtime)"
runpaths=$(grep -E 'RUNPATH|RPATH' <<<"$dynamic" | grep -Eo '\[[^]]*\]' | tr -d '[]' | tr ':' '\n' || true)
while IFS= read -r path; do
    case "$path" in
    "$root"* | "$usr"/lib/swift*) fail "$binary has a RUNPATH into the toolchain: $path" ;;
    esac
done <<<"$runpaths"
echo "serve-no-toolchain: NEEDED: $(grep NEEDED <<<"$dynamic" | grep -Eo '\[[^]]*\]' | tr -d '[]' | tr '\n' ' ')"
passed=$((passed + 1))

empty=$(mktemp -d)
trap 'rmdir "$empty"' EXIT
# In the namespace: the toolchain folder is an empty one; python3 (from /usr) drives the server.
run_hidden() { # SERVER CLI POLICY: both run with the toolchain hidden (CLI may be "-": none)
unshare -m sh -c 'mount --bind "$1" "$2" && exec python3 - "$3" "$2" "$4" "$5"' sh "$empty" "$root" "$1" "$2" "$3" <<'PY'

import json, os, signal, subprocess, sys, time, urllib.request

binary, hidden, cli, policy = sys.argv[1:5]
assert not os.listdir(hidden), f"{hidden} is not hidden"
if cli != "-":
    month = subprocess.run([cli, "eval", policy, "--month", "2026-12", "--today", "2026-12-01"],
                           capture_output=True, text=True, timeout=30)
    assert month.returncode == 0 and "December 2026" in month.stdout, f"{cli} eval: {month.returncode} {month.stderr!r}"
start = time.monotonic()
server = subprocess.Popen([binary, policy, "--listen", "127.0.0.1:0",
                           "--today", "2026-12-01"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    first = server.stdout.readline().strip()
    ready_ms = (time.monotonic() - start) * 1000
    prefix = "listening on http://127.0.0.1:"
    if not first.startswith(prefix):
        server.kill()
        sys.exit(f"serve-no-toolchain: no 'listening on' line: {first!r}; stderr: {server.stderr.read().strip()!r}")
    base = "http://127.0.0.1:" + first[len(prefix):]

    def get(path):
        with urllib.request.urlopen(base + path, timeout=10) as response:
            return response.status, json.loads(response.read())

    status, ready = get("/ready")
    assert status == 200 and ready.get("ready") is True, f"/ready: {status} {ready}"
    status, month = get("/v1/month?month=2026-12")
    assert status == 200 and month["period"]["id"] == "2026-12", f"/v1/month: {status}"
    assert "Christmas Day" in json.dumps(month), "/v1/month: no Christmas Day in 2026-12"
    with urllib.request.urlopen(base + "/v1/calendar.ics?from=2026-12-01&to=2026-12-31", timeout=10) as response:
        feed = response.read().decode()
    assert response.status == 200 and feed.startswith("BEGIN:VCALENDAR\r\n") and "Christmas Day" in feed, "/v1/calendar.ics"
    server.send_signal(signal.SIGTERM)
    code = server.wait(timeout=10)
    assert code == 0, f"exit status {code} after SIGTERM"
except BaseException:
    if server.poll() is None:
        server.kill()
    server.wait()
    # What the server said last: the line naming why it stopped (a panic, a signal).
    print("serve-no-toolchain: server stderr (last 20 lines):", file=sys.stderr)
    for line in server.stderr.read().splitlines()[-20:]:
        print("  " + line, file=sys.stderr)
    raise
print(f"serve-no-toolchain: {binary} with {hidden} hidden: " + ("eval printed a month, " if cli != "-" else "")
      + f"listening after {ready_ms:.0f} ms, /ready, /v1/month and /v1/calendar.ics answered, stopped on SIGTERM")
PY
}
run_hidden "$binary" - policies/us-federal-holidays.lua || fail "calpolicy-serve did not run with $root hidden (see above)"
passed=$((passed + 1))

# The installed pair (make install's tree, PREFIX=/usr, staged by scripts/stage.sh and shared with
# the install, deb and image checks): the static CLI and the server, with the shipped policy.
staged=$(scripts/stage.sh) || fail "the staged install could not be made"
case $staged in /*) ;; *) staged=$PWD/$staged ;; esac
run_hidden "$staged/usr/bin/calpolicy-serve" "$staged/usr/bin/calpolicy" \
    "$staged/usr/share/calpolicy/policies/us-federal-holidays.lua" \
    || fail "the installed calpolicy and calpolicy-serve did not run with $root hidden (see above)"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
