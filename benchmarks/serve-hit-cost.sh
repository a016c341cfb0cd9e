#!/usr/bin/env bash
# What a cached answer costs the server, counted rather than timed: the release server
# (`make release-serve`) runs under callgrind with `--log-format off` (no access-log line, as
# benchmarks/serve.sh runs it against nginx's `access_log off`), a warm-up of requests goes by
# (the first one fills the response cache), the counters are zeroed, then N identical
# GET /v1/month?month=2026-12 go over one keep-alive connection, one after the other, and the
# counters are dumped. Per answer, every thread of the server included: instructions, the part
# of them in memset (nearly all of it libmicrohttpd clearing its connection pool for each
# request on a keep-alive connection, a size HTTPLimits decides), the rest ("ours and the
# rest of libmicrohttpd"), and calls of malloc/calloc/realloc/posix_memalign/aligned_alloc.
# These counts do not move with what else the machine is doing, unlike req/s; they are not a
# time (a cache miss costs more than an add). Not part of `make test`.
#
#   benchmarks/serve-hit-cost.sh [N]                    (default 5000 requests per run)
#   BEFORE_BIN=path/to/calpolicy-serve benchmarks/serve-hit-cost.sh
#       also counts another build (an older commit's, copied aside)
#   KEEP=DIR benchmarks/serve-hit-cost.sh     keeps the callgrind dumps there
#       (callgrind_annotate --inclusive=yes, --tree=calling)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5000}
for tool in valgrind callgrind_control strip python3; do
    command -v "$tool" >/dev/null || { echo "serve-hit-cost: $tool is missing (apt-get install valgrind binutils python3)" >&2; exit 1; }
done
make -s release-serve >/dev/null
work=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
url_path="/v1/month?month=2026-12"

client() {  # client HOSTPORT N: N requests over one keep-alive connection; fails on any non-200
    python3 - "$1" "$2" "$url_path" <<'PY'
import http.client, sys
host, port = sys.argv[1].rsplit(":", 1)
connection = http.client.HTTPConnection(host, int(port), timeout=60)
for _ in range(int(sys.argv[2])):
    connection.request("GET", sys.argv[3])
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"serve-hit-cost: status {response.status}")
PY
}

run() {  # run LABEL BINARY ARGS...: prints one table row
    local label=$1 binary=$2; shift 2
    cp "$binary" "$work/serve"
    strip --strip-debug "$work/serve"
    valgrind --tool=callgrind --callgrind-out-file="$work/$label.%p.out" --dump-instr=no \
        "$work/serve" policies/us-federal-holidays.lua --listen 127.0.0.1:0 --today 2026-12-01 --log-format off "$@" \
        >"$work/$label.stdout" 2>"$work/$label.stderr" &
    pid=$!
    local base=""
    for _ in $(seq 600); do
        base=$(sed -n 's|^listening on http://||p' "$work/$label.stdout")
        [ -n "$base" ] && break
        sleep 0.1
    done
    [ -n "$base" ] || { echo "serve-hit-cost: the $label server did not start" >&2; cat "$work/$label.stderr" >&2; exit 1; }
    client "$base" 300 # warm-up: the cache filled, the pools and buffers at their size
    sleep 0.2
    callgrind_control -z "$pid" >/dev/null 2>&1
    client "$base" "$count"
    callgrind_control -d "$pid" >/dev/null 2>&1
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work"/"$label".*.out.* "$KEEP/"; fi
    python3 - "$label" "$count" "$work"/"$label".*.out.* <<'PY'
import re, sys
label, count, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
allocators = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}
instructions = mallocs = memset = 0
for path in paths:
    names, function, callee, after_call = {}, None, None, False
    for line in open(path, errors="replace"):
        if line.startswith("summary:"):
            instructions += int(line.split()[1])
            continue
        match = re.match(r"(c?)fn=\((\d+)\)(?: (.*))?", line)
        if match:
            if match.group(3): names[match.group(2)] = match.group(3).strip()
            if match.group(1): callee = names.get(match.group(2))
            else: function = names.get(match.group(2))
            continue
        if line.startswith("calls="):
            if callee in allocators: mallocs += int(line.split("=")[1].split()[0])
            after_call = True
            continue
        if re.match(r"[0-9+*-]", line):
            if after_call:  # the call's inclusive cost, the callee's
                after_call = False
            elif function and "memset" in function:
                # Self cost (libc's memset is an ifunc: its variants are named __memset_*).
                memset += int(line.split()[1])
print(f"| {label} | {instructions / count:,.0f} | {memset / count:,.0f} | {(instructions - memset) / count:,.0f} | {mallocs / count:.1f} |")
PY
}

echo "callgrind, $count GET $url_path (a response-cache hit) over one keep-alive connection, --log-format off, after 300 to warm up"
echo
echo "| server | instructions/answer | in memset | the rest | mallocs/answer |"
echo "|---|---:|---:|---:|---:|"
if [ -n "${BEFORE_BIN:-}" ]; then
    run before "$BEFORE_BIN"
fi
run this .build/serve-release/release/calpolicy-serve
