#!/usr/bin/env bash
# serve --bundle with a large bundle: 1,000 policies in one stack (each closing one day of its
# own), built and signed with `calpolicy bundle`, served by Python's http.server on loopback.
# Prints the time from the server's start to /ready (the first pull, the reading rules, the
# signature, the files written under --state-dir, every policy loaded in each of the stack's
# sets, the sample days), the server's own build time for the stack (its log's "built in"),
# the time a second revision takes to go live (publish → X-Policy-Revision), and the RSS of the
# replica holding it. Not part of `make test`; figures go to benchmarks/README.md. Each policy is
# a Lua state of about 250 KiB in each of the stack's sets (one per worker); the stack's budget
# grows with it (256 MiB + 512 KiB a state), so the default workers hold 1,000 policies. A bundle
# the server cannot hold is refused: the row says so. SERVE_FLAGS adds flags (`--stack-workers 1`).
#
#   benchmarks/bundle.sh [POLICIES]        (default 1000)
#
# BUILD=debug measures the debug build (default: release, the binaries `make release` and
# `make release-serve` build, built here).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000}
mode=${BUILD:-release}
if [ "$mode" = release ]; then
    make -s release release-serve >/dev/null
    cli=.build/release/calpolicy
    serve=.build/serve-release/release/calpolicy-serve
else
    cli=.build/debug/calpolicy
    serve=.build/debug/calpolicy-serve
fi
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

make_folder() { # DIR SHIFT: COUNT policies, policy i closing day (i + SHIFT) of 2027
    mkdir -p "$1"
    python3 - "$1" "$count" "$2" <<'PY'
import datetime, sys
folder, count, shift = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(count):
    day = datetime.date(2027, 1, 1) + datetime.timedelta(days=(i + shift) % 365)
    with open(f"{folder}/p{i:04d}.lua", "w") as f:
        f.write(f'''-- p{i:04d}.lua: closes {day}.
return {{
    name = "p{i:04d}",
    canSelect = function(day)
        if day.year == {day.year} and day.month == {day.month} and day.day == {day.day} then return false, "closed" end
        return true
    end,
}}
''')
PY
}

make_folder "$work/v1" 0
make_folder "$work/v2" 1
"$cli" bundle keygen -o "$work/key" >/dev/null
mkdir -p "$work/www"
for v in v1 v2; do
    "$cli" bundle build "$work/$v" -o "$work/$v.tar.gz" --revision "$v" >/dev/null
    "$cli" bundle sign "$work/$v.tar.gz" --key "$work/key" >/dev/null
done
cp "$work/v1.tar.gz" "$work/www/bundle.tar.gz"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
(cd "$work/www" && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
sleep 0.5

python3 - "$serve" "$work" "$port" "$count" "$mode" <<'PY'
import json, os, re, subprocess, sys, time, urllib.error, urllib.request
serve, work, port, count, mode = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
size = os.path.getsize(f"{work}/v1.tar.gz")
start = time.monotonic()
err = open(f"{work}/serve.err", "w")
p = subprocess.Popen([serve, "--bundle", f"http://127.0.0.1:{port}/bundle.tar.gz", "--bundle-public-key", f"{work}/key.pub",
                      "--bundle-poll", "1s..1s", "--state-dir", f"{work}/state", "--listen", "127.0.0.1:0"]
                     + os.environ.get("SERVE_FLAGS", "").split(),
                     stdout=subprocess.PIPE, stderr=err, text=True)
try:
    line = p.stdout.readline()
    base = "http://127.0.0.1:" + line.strip().rsplit(":", 1)[1]

    def get(path):
        try:
            with urllib.request.urlopen(base + path, timeout=30) as r:
                return r.status, dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers)

    while get("/ready")[0] != 200:
        if time.monotonic() - start > 300:
            sys.exit("bundle: not ready after 300 s; see " + work + "/serve.err")
        # A bundle the server cannot hold is refused, not retried: say why and stop.
        with urllib.request.urlopen(base + "/v1/status", timeout=30) as r:
            error = json.loads(r.read())["bundle"]["lastError"]
        if error:
            print(f"| {mode} | {os.environ.get('SERVE_FLAGS', '')} | {count} | {size / 1024:.0f} KiB | refused after {time.monotonic() - start:.2f} s: "
                  f"{error['code']}: {error['message'][-160:]} |")
            sys.exit(0)
        time.sleep(0.02)
    ready = time.monotonic() - start
    rss1 = int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{p.pid}/status").read()).group(1)) / 1024
    err.flush()
    built = re.findall(r"built in ([0-9.]+) ms", open(f"{work}/serve.err").read())
    published = time.monotonic()
    os.replace(f"{work}/v2.tar.gz", f"{work}/www/bundle.tar.gz")
    while get("/health")[1].get("X-Policy-Revision") != "v2":
        if time.monotonic() - published > 300:
            sys.exit("bundle: v2 not live after 300 s")
        time.sleep(0.02)
    second = time.monotonic() - published
    rss2 = int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{p.pid}/status").read()).group(1)) / 1024
    built = re.findall(r"built in ([0-9.]+) ms", open(f"{work}/serve.err").read())
    print(f"| build | flags | policies | bundle | start → ready (first pull + activation) | stack build (server log) | v2 publish → live (poll 1 s) | RSS v1 | RSS after v2 |")
    print(f"|---|---|---|---|---|---|---|---|---|")
    print(f"| {mode} | {os.environ.get('SERVE_FLAGS', '')} | {count} | {size / 1024:.0f} KiB | {ready:.2f} s | {', '.join(b + ' ms' for b in built)} | {second:.2f} s | {rss1:.0f} MiB | {rss2:.0f} MiB |")
finally:
    p.terminate()
    p.wait(timeout=15)
PY
