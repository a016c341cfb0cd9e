#!/usr/bin/env bash
# The decision log under load: what it costs, and that it loses nothing it does not count.
# wrk (2 threads, 64 connections) on GET /v1/gate against the release server (`make
# release-serve`) with policies/change-freeze.lua. Not part of `make test`.
#
#   benchmarks/decision-log.sh [SECONDS]    (default 10 s per run)
#   PAIRS=N benchmarks/decision-log.sh       N runs off and on, alternating (default 3): the cost is their median
#   BEFORE_BIN=path/to/calpolicy-serve benchmarks/decision-log.sh
#       also measures another build (an older commit's, copied aside) off and on, alternating
#       with this one's (before-off, off, before-on, on), so a change is judged by ratios taken
#       in the same run on a shared machine
#
# Runs, each on a fresh server:
#   off       no decision log: the yardstick
#   on        --decision-log FILE: the cost (the issue's target: at most 15 % fewer answers/s)
#   required  --decision-log FILE --decision-log-required, with a wrk script that keeps every 200
#             answer's X-Decision-Id: each must be in the file exactly once
#   small     --decision-log FILE --log-buffer 64: lines written + the dropped metric must equal
#             the answers given (a dropped line is counted, never silently lost)
#   url-outage --decision-log-url to a receiver (benchmarks/decision-log-receiver.py) that is
#             killed 3 s into the run and started again 10 s later: answers keep their latency
#             (wrk's max against the request deadline, --timeout 2 s), and the lines the receiver
#             got + the dropped metric equal the answers given
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
scripts/setup.sh bench
make -s release-serve >/dev/null
bin=.build/serve-release/release/calpolicy-serve
work=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
url_path="/v1/gate?at=2026-12-24T10:00:00Z"

before=${BEFORE_BIN:-}
if [ -n "$before" ] && [ ! -x "$before" ]; then echo "decision-log: BEFORE_BIN $before is not an executable" >&2; exit 1; fi
start() {  # start NAME ARGS...: a fresh server; sets $base (SERVER=path: another binary)
    [ -n "$pid" ] && { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; }
    local name=$1; shift
    "${SERVER:-$bin}" policies/change-freeze.lua --listen 127.0.0.1:0 --today 2026-12-01 "$@" >"$work/$name.out" 2>/dev/null &
    pid=$!
    base=""
    for _ in $(seq 100); do
        base=$(sed -n 's/^listening on //p' "$work/$name.out")
        [ -n "$base" ] && return 0
        sleep 0.1
    done
    echo "decision-log: the $name server did not start" >&2; exit 1
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }  # the server's user + system time, in clock ticks

measure() {  # measure LABEL [wrk args...]: one table row; keeps wrk's output in $work/LABEL.wrk
    local label=$1; shift
    local before_ticks after_ticks
    before_ticks=$(cpu_ticks)
    wrk -t 2 -c 64 -d "${seconds}s" --latency "$@" "$base$url_path" >"$work/$label.wrk"
    after_ticks=$(cpu_ticks)
    local rps p99 errors answers cpu
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$work/$label.wrk")
    p99=$(awk '$1 == "99%" {print $2}' "$work/$label.wrk")
    errors=$(awk '/Non-2xx or 3xx responses:/ {print $5} /Socket errors/ {print "socket errors"}' "$work/$label.wrk" | tr '\n' ' ')
    # The server's CPU time per answer: steadier than req/s on a machine others are using too.
    answers=$(awk '/requests in/ {print $1}' "$work/$label.wrk")
    cpu=$(awk -v t="$((after_ticks - before_ticks))" -v hz="$(getconf CLK_TCK)" -v n="$answers" \
        'BEGIN { printf "%.1f", (n > 0) ? t * 1e6 / hz / n : 0 }')
    printf '| %s | %s | %s | %s | %s |\n' "$label" "$rps" "$p99" "$cpu" "${errors:-none}"
    echo "$cpu" >"$work/$label.cpu"
    echo "$rps" >"$work/$label.rps"
}

cat >"$work/ids.lua" <<'LUA'
-- Each thread writes the X-Decision-Id of every 200 answer to a file of its own.
local counter = 0
function setup(thread) thread:set("id", counter); counter = counter + 1 end
function init(args)
    file = io.open(os.getenv("IDS_DIR") .. "/ids-" .. id, "w")
    file:setvbuf("line")
end
function response(status, headers, body)
    if status == 200 then file:write(headers["X-Decision-Id"] or headers["x-decision-id"] or "missing", "\n") end
end
LUA

echo "wrk: 2 threads, 64 connections, ${seconds} s per run; $(nproc) cores; GET $url_path"
echo
echo "| decision log | req/s | p99 | server CPU µs/answer | errors |"
echo "|---|---:|---:|---:|---|"
if [ -n "$before" ]; then SERVER=$before start before-off; measure before-off; fi
if [ -n "$before" ]; then SERVER=$before start before-on --decision-log "$work/before-on.log"; measure before-on; fi
# The cost from PAIRS runs off and on (fresh servers, the order flipped every pair so a drift of
# the machine falls on both sides): its median, since one run of a shared 2-core machine can be
# far off (one of six runs of one build once gave 33 % where the others gave 6-14 %).
pairs=${PAIRS:-3}
for pair in $(seq "$pairs"); do
    for side in $( [ $((pair % 2)) -eq 1 ] && echo "off on" || echo "on off"); do
        if [ "$side" = off ]; then start off; else start on --decision-log "$work/on.log"; fi
        measure "$side"
        cp "$work/$side.rps" "$work/$side.rps.$pair"; cp "$work/$side.cpu" "$work/$side.cpu.$pair"
    done
done
mkdir -p "$work/ids"
start required --decision-log "$work/required.log" --decision-log-required
IDS_DIR=$work/ids measure required -s "$work/ids.lua"
start small --decision-log "$work/small.log" --log-buffer 64
measure small
metrics=$(curl -s "$base/metrics")
dropped=$(awk '/^calpolicy_log_lines_dropped_total\{log="decision"\}/ {print $2}' <<<"$metrics")
# The server's own count of gate answers (wrk does not count answers in flight when it stops).
answered=$(awk '/^calpolicy_http_requests_total\{/ && /gate/ && /status="200"/ {n += $2} END {print n + 0}' <<<"$metrics")
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""

# The URL sink away for 10 s in the middle of a 16 s run (at least).
receiver_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
receiver() { python3 benchmarks/decision-log-receiver.py "$receiver_port" "$work/received.ndjson" & receiver_pid=$!; }
receiver
start url-outage --decision-log-url "http://127.0.0.1:$receiver_port/"
outage_seconds=$(( seconds > 16 ? seconds : 16 ))
( sleep 3; kill "$receiver_pid"; sleep 10; receiver; sleep $((outage_seconds)); kill "$receiver_pid" 2>/dev/null ) &
outage=$!
saved_seconds=$seconds; seconds=$outage_seconds
measure url-outage
seconds=$saved_seconds
sleep 3   # the shipper's last batch (1 s interval) reaches the receiver
metrics=$(curl -s "$base/metrics")
url_dropped=$(awk '/^calpolicy_log_lines_dropped_total\{log="decision_url"\}/ {print $2}' <<<"$metrics")
url_dropped=${url_dropped:-0}
url_answered=$(awk '/^calpolicy_http_requests_total\{/ && /gate/ && /status="200"/ {n += $2} END {print n + 0}' <<<"$metrics")
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
kill "$outage" 2>/dev/null; wait "$outage" 2>/dev/null || true
pkill -f "decision-log-receiver.py $receiver_port" 2>/dev/null || true
url_max=$(awk '/^    Latency/ {print $4}' "$work/url-outage.wrk")
url_received=$( [ -f "$work/received.ndjson" ] && wc -l <"$work/received.ndjson" || echo 0)
echo
echo "--decision-log-url, receiver away from 3 s to 13 s of a ${outage_seconds} s run: slowest answer $url_max (deadline 2 s);" \
     "$url_answered answers (the server's count), $url_received lines received + ${url_dropped:-0} dropped = $((url_received + ${url_dropped%.*}))" \
     "$( [ "$((url_received + ${url_dropped%.*}))" -eq "$url_answered" ] && echo '(nothing lost uncounted)' || echo '(MISMATCH)')"
echo
python3 - "$work" "$answered" "${dropped:-0}" <<'PY'
import glob, json, os, sys
work, answered_small, dropped = sys.argv[1], int(sys.argv[2]), int(float(sys.argv[3]))
import statistics
def figure(name): return float(open(os.path.join(work, name)).read())
pairs = sorted(int(path.rsplit(".", 1)[1]) for path in glob.glob(os.path.join(work, "off.rps.*")))
costs = [100 * (1 - figure(f"on.rps.{k}") / figure(f"off.rps.{k}")) for k in pairs]
cpus = [100 * (figure(f"on.cpu.{k}") / figure(f"off.cpu.{k}") - 1) for k in pairs if figure(f"off.cpu.{k}") > 0]
off = statistics.median(figure(f"off.rps.{k}") for k in pairs); on = statistics.median(figure(f"on.rps.{k}") for k in pairs)
print(f"cost of the decision log: median {statistics.median(costs):.1f} % fewer answers/s over {len(pairs)} pairs "
      f"({', '.join(f'{c:.1f} %' for c in costs)}; medians {on:,.0f} against {off:,.0f}; target at most 15 %)")
cpu = {name: figure(name + ".cpu") for name in ["before-off", "before-on"] if os.path.exists(os.path.join(work, name + ".cpu"))}
if cpus:
    print(f"server CPU per answer with the log: median {statistics.median(cpus):+.0f} % ({', '.join(f'{c:+.0f} %' for c in cpus)})")
if cpu.get("before-off"):
    print(f"BEFORE_BIN's CPU per answer: {cpu['before-on']:.1f} us with the log against {cpu['before-off']:.1f} us without "
          f"(+{100 * (cpu['before-on'] / cpu['before-off'] - 1):.0f} %)")
if os.path.exists(os.path.join(work, "before-off.rps")):
    boff = float(open(os.path.join(work, "before-off.rps")).read()); bon = float(open(os.path.join(work, "before-on.rps")).read())
    print(f"BEFORE_BIN: its cost {100 * (1 - bon / boff):.1f} % ({bon:,.0f} against {boff:,.0f}); "
          f"this build against it: off {off / boff:.2f}x, on {on / bon:.2f}x")
ids = [line.strip() for path in glob.glob(os.path.join(work, "ids", "ids-*")) for line in open(path)]
logged = {}
for line in open(os.path.join(work, "required.log")):
    logged[json.loads(line)["decisionId"]] = logged.get(json.loads(line)["decisionId"], 0) + 1
once = sum(1 for i in ids if logged.get(i) == 1)
dupes = sum(1 for n in logged.values() if n > 1)
print(f"--decision-log-required: {len(ids)} answers with 200 seen by wrk, {once} of their X-Decision-Ids in the log exactly once, "
      f"{len(logged)} distinct ids in the log, {dupes} logged twice"
      + (" (every answer logged once)" if once == len(ids) and dupes == 0 else " (MISMATCH)"))
written = sum(1 for _ in open(os.path.join(work, "small.log")))
print(f"--log-buffer 64: {answered_small} answers (the server's count), {written} lines written + {dropped} dropped = {written + dropped}"
      + (" (nothing lost uncounted)" if written + dropped == answered_small else " (MISMATCH)"))
PY
