#!/usr/bin/env bash
# What the decision log costs per answer, counted rather than timed: the release server
# (`make release-serve`) runs under callgrind, a warm-up of requests goes by, the counters are
# zeroed, then N identical GET /v1/gate requests go over one keep-alive connection, one after the
# other, and the counters are dumped. Instructions and malloc calls (malloc, calloc, realloc,
# posix_memalign, aligned_alloc) per answer, every thread of the server included (the log's
# writer too), with the log off and on. These counts do not move with what else the machine is
# doing, unlike req/s; they are not a time (a cache miss costs more than an add). Not part of
# `make test`.
#
#   benchmarks/decision-log-cost.sh [N]                 (default 5000 requests per run)
#   BEFORE_BIN=path/to/calpolicy-serve benchmarks/decision-log-cost.sh
#       also counts another build (an older commit's, copied aside), off and on
#   KEEP=DIR benchmarks/decision-log-cost.sh    keeps the callgrind dumps there (callgrind_annotate)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5000}
for tool in valgrind callgrind_control strip python3; do
    command -v "$tool" >/dev/null || { echo "decision-log-cost: $tool is missing (apt-get install valgrind binutils python3)" >&2; exit 1; }
done
make -s release-serve >/dev/null
work=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
url_path="/v1/gate?at=2026-12-24T10:00:00Z"

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
        sys.exit(f"decision-log-cost: status {response.status}")
PY
}

run() {  # run LABEL BINARY ARGS...: prints one table row
    local label=$1 binary=$2; shift 2
    cp "$binary" "$work/serve"
    strip --strip-debug "$work/serve"
    valgrind --tool=callgrind --callgrind-out-file="$work/$label.%p.out" --dump-instr=no \
        "$work/serve" policies/change-freeze.lua --listen 127.0.0.1:0 --today 2026-12-01 "$@" \
        >"$work/$label.stdout" 2>"$work/$label.stderr" &
    pid=$!
    local base=""
    for _ in $(seq 600); do
        base=$(sed -n 's|^listening on http://||p' "$work/$label.stdout")
        [ -n "$base" ] && break
        sleep 0.1
    done
    [ -n "$base" ] || { echo "decision-log-cost: the $label server did not start" >&2; cat "$work/$label.stderr" >&2; exit 1; }
    client "$base" 500 # warm-up: the cache, the pools, the sink's buffers at their size
    sleep 0.2
    callgrind_control -z "$pid" >/dev/null 2>&1
    client "$base" "$count"
    sleep 0.1         # the writer's last tick
    callgrind_control -d "$pid" >/dev/null 2>&1
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work"/"$label".*.out.* "$KEEP/"; fi
    python3 - "$label" "$count" "$work"/"$label".*.out.* <<'PY'
import re, sys
label, count, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
allocators = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}
instructions = mallocs = 0
for path in paths:
    names, callee = {}, None
    for line in open(path, errors="replace"):
        if line.startswith("summary:") or line.startswith("totals:"):
            instructions += int(line.split()[1]) if line.startswith("summary:") else 0
        match = re.match(r"cfn=\((\d+)\)(?: (.*))?", line)
        if match:
            if match.group(2): names[match.group(1)] = match.group(2).strip()
            callee = names.get(match.group(1))
            continue
        if line.startswith("fn=("):
            match = re.match(r"fn=\((\d+)\)(?: (.*))?", line)
            if match.group(2): names[match.group(1)] = match.group(2).strip()
        if line.startswith("calls=") and callee in allocators:
            mallocs += int(line.split("=")[1].split()[0])
            callee = None
print(f"| {label} | {instructions / count:,.0f} | {mallocs / count:.1f} |")
PY
}

echo "callgrind, $count GET $url_path over one keep-alive connection, after 500 to warm up"
echo
echo "| server | instructions/answer | mallocs/answer |"
echo "|---|---:|---:|"
before=${BEFORE_BIN:-}
if [ -n "$before" ]; then
    run before-off "$before"
    run before-on "$before" --decision-log "$work/before-on.log"
fi
run off .build/serve-release/release/calpolicy-serve
run on .build/serve-release/release/calpolicy-serve --decision-log "$work/on.log"
