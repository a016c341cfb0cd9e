#!/usr/bin/env bash
# calpolicy-serve as a systemd service, from the staged install (scripts/stage.sh):
#   - `systemd-analyze verify` accepts the installed unit (a copy whose ExecStart names the
#     staged binary, so the check needs no install in /usr);
#   - `systemd-analyze security --offline=yes` rates its exposure at most MAX_EXPOSURE (2.0);
#   - the server speaks the notify protocol to a NOTIFY_SOCKET this check listens on (a path
#     and an abstract @name): READY=1 only once /ready answers, WATCHDOG=1 again and again with
#     WATCHDOG_USEC set (never without it), STOPPING=1 on SIGTERM;
#   - `calpolicy-serve --probe URL` exits 0 on /ready, 1 on a 404 and on a closed port, 2 on a bad URL.
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
max_exposure=${MAX_EXPOSURE:-2.0}

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "systemd: FAILED: $*"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

command -v systemd-analyze >/dev/null || { bad "systemd-analyze not found (Debian: systemd; scripts/setup.sh test installs it)"; finish; }
command -v python3 >/dev/null || { bad "python3 not found"; finish; }
root=$(scripts/stage.sh) || { bad "the staged install could not be made"; finish; }
serve=$root/usr/bin/calpolicy-serve

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s|/usr/bin/calpolicy-serve|$serve|" "$root/lib/systemd/system/calpolicy-serve.service" >"$work/calpolicy-serve.service"
grep -q "^ExecStart=$serve " "$work/calpolicy-serve.service" || bad "the unit has no ExecStart=/usr/bin/calpolicy-serve to point at the staged binary"
# Documentation=man:calpolicy-serve(1) is looked up with man: the staged pages.
if out=$(MANPATH=$root/usr/share/man systemd-analyze verify "$work/calpolicy-serve.service" 2>&1) && [ -z "$(grep -v '^$' <<<"$out")" ]; then ok
else bad "systemd-analyze verify: $out"; fi
security=$(systemd-analyze security --offline=yes "$work/calpolicy-serve.service" 2>&1)
exposure=$(sed -n 's/.*Overall exposure level for calpolicy-serve.service: \([0-9.]*\).*/\1/p' <<<"$security")
if [ -n "$exposure" ] && awk -v e="$exposure" -v m="$max_exposure" 'BEGIN { exit !(e <= m) }'; then
    ok; echo "systemd: exposure $exposure (at most $max_exposure)"
else bad "exposure '${exposure:-none}' above $max_exposure: $(tail -n 3 <<<"$security")"; fi
grep -q '^Type=notify$' "$work/calpolicy-serve.service" && grep -q '^WatchdogSec=' "$work/calpolicy-serve.service" \
    && ok || bad "the unit is not Type=notify with WatchdogSec="

python3 - "$serve" "$work" <<'PY' && ok || bad "the notify protocol (see above)"
import os, signal, socket, subprocess, sys, time, urllib.request

serve, work = sys.argv[1], sys.argv[2]

def session(address, watchdog):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(10)
    env = dict(os.environ, NOTIFY_SOCKET=address if isinstance(address, str) else "@" + address[1:].decode())
    env.pop("WATCHDOG_USEC", None)
    if watchdog:
        env["WATCHDOG_USEC"] = "400000"
    server = subprocess.Popen([serve, "policies/us-federal-holidays.lua", "--listen", "127.0.0.1:0",
                               "--today", "2026-12-01"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        message = listener.recv(4096).decode()
        fields = dict(line.split("=", 1) for line in message.split("\n") if "=" in line)
        assert fields.get("READY") == "1", f"first datagram is not READY=1: {message!r}"
        assert fields.get("MAINPID") == str(server.pid), f"MAINPID {fields.get('MAINPID')} is not {server.pid}"
        # READY=1 comes after the socket listens: /ready answers at once.
        url = fields["STATUS"].removeprefix("listening on ")
        with urllib.request.urlopen(url + "/ready", timeout=5) as answer:
            assert answer.status == 200, f"/ready {answer.status} after READY=1"
        assert server.stdout.readline().strip() == fields["STATUS"], "STATUS is not the listening line"
        # Pings sent while /ready was asked are already queued: count from an empty socket.
        listener.setblocking(False)
        try:
            while listener.recv(4096).decode() == "WATCHDOG=1":
                pass
        except BlockingIOError:
            pass
        pings = 0
        listener.settimeout(1.5)
        deadline = time.monotonic() + 1.2
        while time.monotonic() < deadline:
            try:
                got = listener.recv(4096).decode()
            except socket.timeout:
                break
            assert got == "WATCHDOG=1", f"unexpected datagram {got!r}"
            pings += 1
        if watchdog:
            assert 2 <= pings <= 8, f"{pings} WATCHDOG=1 in 1.2 s with WATCHDOG_USEC=400000"
        else:
            assert pings == 0, f"{pings} WATCHDOG=1 without WATCHDOG_USEC"
        server.send_signal(signal.SIGTERM)
        listener.settimeout(5)
        while True:
            got = listener.recv(4096).decode()
            if got != "WATCHDOG=1":
                break
        assert got == "STOPPING=1", f"after SIGTERM: {got!r}"
        assert server.wait(timeout=10) == 0
        return url, pings
    finally:
        if server.poll() is None:
            server.kill()
        listener.close()

url, pings = session(os.path.join(work, "notify.sock"), watchdog=True)
print(f"systemd: READY=1 from {url}, {pings} WATCHDOG=1 in 1.2 s, STOPPING=1 on SIGTERM")
session(b"\0calpolicy-check-%d" % os.getpid(), watchdog=False)
print("systemd: abstract @socket: READY=1 and STOPPING=1, no WATCHDOG=1 without WATCHDOG_USEC")
PY

# --probe against a running server.
"$serve" policies/weekends.lua --listen 127.0.0.1:0 --today 2026-12-01 >"$work/out" 2>/dev/null &
pid=$!
for _ in $(seq 100); do grep -q listening "$work/out" && break; sleep 0.05; done
base=$(sed -n 's/^listening on //p' "$work/out")
if [ -n "$base" ]; then
    "$serve" --probe "$base/ready" && ok || bad "--probe $base/ready did not exit 0"
    "$serve" --probe "$base/health" && ok || bad "--probe $base/health did not exit 0"
    "$serve" --probe "$base/no-such-route" 2>"$work/err"; code=$?
    [ "$code" -eq 1 ] && grep -q "HTTP 404" "$work/err" && ok || bad "--probe of a 404: exit $code, '$(cat "$work/err")'"
else
    bad "calpolicy-serve did not start for --probe"
fi
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
"$serve" --probe "${base:-http://127.0.0.1:9}/ready" 2>/dev/null; code=$?
[ "$code" -eq 1 ] && ok || bad "--probe of a closed port: exit $code"
"$serve" --probe "ftp://example/" 2>/dev/null; code=$?
[ "$code" -eq 2 ] && ok || bad "--probe of a bad URL: exit $code"
finish
