#!/usr/bin/env bash
# calpolicy serve under load: wrk (64 connections) against GET /v1/month for
# policies/us-federal-holidays.lua, side by side with nginx serving the same JSON bytes as a
# static file. Not part of `make test`. Prints a Markdown table; figures go to benchmarks/README.md.
#
#   benchmarks/serve.sh [SECONDS]        (default 10 s per run)
#   BEFORE_BIN=path/to/calpolicy-serve benchmarks/serve.sh
#       also measures another build (an older commit's, copied aside): its cached and 304 rows
#       run right after this build's, in the same pass, so the two are compared in the same run
#
# The server is the one `make release-serve` builds (its own scratch folder and flags), not a
# second release build of another shape. Everything runs twice: access logs off on both sides,
# then on for both (the server's stderr and nginx's access_log each to a file), because a
# production server logs. Off means off on both sides: nginx's `access_log off`, the server's
# `--log-format off` (an older build without it: its stderr to /dev/null). A ratio means little
# unless nginx is near its quiet figure: its absolute req/s is printed beside each ratio;
# NGINX_BEST=N (req/s) warns when it is far below.
#
# Runs: nginx (static file); calpolicy-serve answering from its response cache (one URL);
# calpolicy-serve with --cache-entries 0 (every request evaluates the month through Lua);
# calpolicy-serve answering 304 to If-None-Match. nginx runs one worker per core; the server its
# two epoll polling threads (SERVE_THREADS=N: N), policies on the stack's workers.
# Then reloads (benchmarks/serve-reload.py): edit → first answer from the new version under
# --watch, median of RELOAD_ROUNDS (default 9) edits, with and without --gate-tests, and the
# server's own build and swap times from /metrics (calpolicy_reload_swap_seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
scripts/setup.sh bench
make -s release-serve >/dev/null
bin=.build/serve-release/release/calpolicy-serve
cores=$(nproc)
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

start_server() {  # start_server NAME ARGS...: sets $port; the access log goes to $server_log
    local name=$1; shift
    local binary=${SERVER:-$bin} quiet=()
    # Logs off: the server's own switch where it has one (nginx's `access_log off`); an older
    # build without it formats its lines into /dev/null.
    if [ "$server_log" = /dev/null ] && "$binary" --help 2>&1 | grep -q 'text|json|off'; then quiet=(--log-format off); fi
    "$binary" policies/us-federal-holidays.lua --listen 127.0.0.1:0 --today 2026-12-01 --threads "${SERVE_THREADS:-2}" "${quiet[@]}" "$@" \
        >"$work/$name.out" 2>>"$server_log" &
    pids+=($!)
    for _ in $(seq 100); do
        port=$(sed -n 's/^listening on http:\/\/127.0.0.1:\([0-9]*\)$/\1/p' "$work/$name.out")
        [ -n "$port" ] && return 0
        sleep 0.1
    done
    echo "serve: $name did not start" >&2; exit 1
}

measure() {  # measure LABEL URL [wrk args...]: one table row
    local label=$1 url=$2; shift 2
    local out
    out=$(wrk -t "$cores" -c 64 -d "${seconds}s" --latency "$@" "$url")
    local rps p50 p99 errors
    rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
    p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
    errors=$(awk '/Non-2xx or 3xx responses:/ {print $5} /Socket errors/ {print "socket errors"}' <<<"$out" | tr '\n' ' ')
    printf '| %s | %s | %s | %s | %s |\n' "$label" "$rps" "$p50" "$p99" "${errors:-none}"
    echo "$rps" >"$work/rps.$label"
}

run_pass() {  # run_pass off|on: the four measurements with access logs off (or on) on both sides
    local logging=$1 suffix="" nginx_access=off
    server_log=/dev/null
    if [ "$logging" = on ]; then
        suffix="+log"; server_log="$work/serve-access.log"; nginx_access="$work/logs/access.log"
    fi
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    pids=()
    if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; rm -f "$work/nginx.pid"; sleep 0.3; fi
start_server cached
cached_port=$port
curl -sf "http://127.0.0.1:$cached_port/v1/month?month=2026-12" >"$work/month.json"
etag=$(curl -sfI "http://127.0.0.1:$cached_port/v1/month?month=2026-12" | awk -F': ' 'tolower($1) == "etag" {print $2}' | tr -d '\r')
start_server uncached --cache-entries 0
uncached_port=$port
if [ -n "${BEFORE_BIN:-}" ]; then SERVER=$BEFORE_BIN start_server before-cached; before_port=$port; fi

mkdir -p "$work/root/v1" "$work/logs"
cp "$work/month.json" "$work/root/v1/month"
chmod -R a+rX "$work"   # nginx workers run as another user when started as root
cat >"$work/nginx.conf" <<CONF
worker_processes $cores;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
    access_log $nginx_access;
    default_type application/json;
    keepalive_requests 1000000;
    client_body_temp_path $work/logs; proxy_temp_path $work/logs; fastcgi_temp_path $work/logs;
    uwsgi_temp_path $work/logs; scgi_temp_path $work/logs;
    server {
        listen 127.0.0.1:0;
        root $work/root;
    }
}
CONF
# nginx cannot report a port it picked: find a free one first.
nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
sed -i "s/listen 127.0.0.1:0;/listen 127.0.0.1:$nginx_port;/" "$work/nginx.conf"
nginx -c "$work/nginx.conf" -p "$work"
sleep 0.3
curl -sf "http://127.0.0.1:$nginx_port/v1/month" >"$work/nginx.json" || { echo "nginx did not answer: $(cat "$work/logs/error.log")" >&2; exit 1; }
cmp -s "$work/month.json" "$work/nginx.json" || { echo "nginx serves other bytes" >&2; exit 1; }

echo "wrk: $cores threads, 64 connections, ${seconds} s per run; $(nproc) cores; $(wc -c <"$work/month.json") bytes per answer"
echo
echo "| server | req/s | p50 | p99 | errors |"
echo "|---|---:|---:|---:|---|"
measure "nginx$suffix" "http://127.0.0.1:$nginx_port/v1/month"
measure "serve-cached$suffix" "http://127.0.0.1:$cached_port/v1/month?month=2026-12"
if [ -n "${BEFORE_BIN:-}" ]; then
    measure "before-cached$suffix" "http://127.0.0.1:$before_port/v1/month?month=2026-12"
fi
measure "serve-304$suffix" "http://127.0.0.1:$cached_port/v1/month?month=2026-12" -H "If-None-Match: $etag"
if [ -n "${BEFORE_BIN:-}" ]; then
    measure "before-304$suffix" "http://127.0.0.1:$before_port/v1/month?month=2026-12" -H "If-None-Match: $etag"
fi
measure "serve-uncached$suffix" "http://127.0.0.1:$uncached_port/v1/month?month=2026-12"
echo
python3 - "$work" "$suffix" "${NGINX_BEST:-0}" <<'PY'
import sys, os
w, suffix, best = sys.argv[1], sys.argv[2], float(sys.argv[3])
def rps(name): return float(open(os.path.join(w, "rps." + name + suffix)).read())
n = rps("nginx")
for name in ["serve-cached", "serve-304", "serve-uncached", "before-cached", "before-304"]:
    if os.path.exists(os.path.join(w, "rps." + name + suffix)):
        print(f"{name}{suffix}: {rps(name) / n:.2f}x nginx (nginx {n:,.0f} req/s)")
if best and n < 0.8 * best:
    print(f"warning: nginx reached {n:,.0f} req/s, below 80 % of its best {best:,.0f}: the machine is not quiet; rerun")
PY
}

echo "## access logs off on both sides"
run_pass off
echo
echo "## access logs on for both (each to a file)"
run_pass on
echo
python3 benchmarks/serve-reload.py "$bin" "${RELOAD_ROUNDS:-9}"
echo
python3 benchmarks/serve-reload.py "$bin" "${RELOAD_ROUNDS:-9}" --gate-tests
