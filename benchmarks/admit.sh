#!/usr/bin/env bash
# POST /v1/admit over TLS with keep-alive (not part of `make test`): the release calpolicy-serve
# (`make release-serve`) with --tls-cert (a P-256 certificate of a CA made here with openssl),
# the stack policies/change-freeze.lua + examples/deploy-hours.lua in Europe/Berlin, and a 14 KB
# Deployment AdmissionReview (an UPDATE of the pod template, object and oldObject, as the API
# server sends them). Prints:
#   - wrk, 16 connections: p50 and p99 latency;  wrk, 64 connections: reviews per second;
#   - the TLS handshake per new connection (curl's connect-to-TLS time over 200 connections);
#   - where a review's time goes: perf samples of the server under a third 64-connection run,
#     inclusive, for reading the review (AdmissionReview.read), deciding it (AdmitUseCase.decide
#     and the policies it runs), rendering the answer (AdmissionResponse.json / JSONWriter), and
#     GnuTLS and libmicrohttpd around them.
#
#   benchmarks/admit.sh [SECONDS]        (default 10 s per wrk run)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
for tool in wrk openssl curl; do
    command -v "$tool" >/dev/null || { echo "admit bench: $tool is missing (scripts/setup.sh bench installs wrk)" >&2; exit 1; }
done
make release-serve >/dev/null
bin=.build/serve-release/release/calpolicy-serve
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# A test CA and a server certificate for 127.0.0.1.
(
    cd "$work"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ca.key -out ca.pem -days 2 \
        -subj "/CN=bench CA" 2>/dev/null
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout tls.key -out tls.csr -subj "/CN=localhost" 2>/dev/null
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >ext
    openssl x509 -req -in tls.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out tls.pem -days 2 -extfile ext 2>/dev/null
)

# The 14 KB review: the fixture's UPDATE of a Deployment, grown to a realistic pod template
# (containers with env, probes and resources) and a last-applied-configuration annotation.
python3 benchmarks/admit_review.py "$work/review.json"
bytes=$(wc -c <"$work/review.json")
cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$work/review.json", "rb")
wrk.body = f:read("*a")
f:close()
LUA

"$bin" policies/change-freeze.lua examples/deploy-hours.lua --time-zone Europe/Berlin --listen 127.0.0.1:0 \
    --tls-cert "$work/tls.pem" --tls-key "$work/tls.key" >"$work/serve.out" 2>"$work/serve.err" &
pid=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/^listening on https:\/\/127.0.0.1:\([0-9]*\)$/\1/p' "$work/serve.out")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "admit bench: the server did not start: $(head -n 3 "$work/serve.err")" >&2; exit 1; }
url="https://127.0.0.1:$port/v1/admit?timeout=10s"
answer=$(curl -sS --cacert "$work/ca.pem" -H 'Content-Type: application/json' --data-binary "@$work/review.json" "$url")
grep -q '"AdmissionReview"' <<<"$answer" || { echo "admit bench: not an AdmissionReview: ${answer:0:200}" >&2; exit 1; }
echo "answer: $(python3 -c 'import json,sys; r=json.load(sys.stdin)["response"]; print("allowed" if r["allowed"] else "denied: " + r["status"]["message"])' <<<"$answer")"
echo "server: $bin ($(nproc) cores), TLS 1.3, keep-alive; wrk ${seconds}s per run"
echo

run_wrk() {  # connections: wrk's output
    wrk -t 2 -c "$1" -d "${seconds}s" --latency -s "$work/post.lua" "$url"
}
out16=$(run_wrk 16)
errors16=$(awk '/Non-2xx|Socket errors/' <<<"$out16")
printf '| connections | reviews/s | p50 | p99 | errors |\n|---|---|---|---|---|\n'
printf '| 16 | %s | %s | %s | %s |\n' "$(awk '/^Requests\/sec:/ {print $2}' <<<"$out16")" "$(awk '$1 == "50%" {print $2}' <<<"$out16")" \
    "$(awk '$1 == "99%" {print $2}' <<<"$out16")" "${errors16:-none}"

out64=$(run_wrk 64)
errors64=$(awk '/Non-2xx|Socket errors/' <<<"$out64")
printf '| 64 | %s | %s | %s | %s |\n' "$(awk '/^Requests\/sec:/ {print $2}' <<<"$out64")" "$(awk '$1 == "50%" {print $2}' <<<"$out64")" \
    "$(awk '$1 == "99%" {print $2}' <<<"$out64")" "${errors64:-none}"
echo

# The handshake: 200 new connections one after another (curl, a full TLS 1.3 handshake each,
# ECDHE with an ECDSA P-256 certificate), each GET /health; the TLS part of each is curl's
# time_appconnect - time_connect. Then openssl s_time's rate of full handshakes for 5 s.
for _ in $(seq 200); do
    curl -s -o /dev/null --cacert "$work/ca.pem" -w '%{time_connect} %{time_appconnect}\n' "https://127.0.0.1:$port/health"
done | awk '{print ($2 - $1) * 1000}' | sort -n >"$work/handshakes"
echo "TLS handshake per new connection (200 curl connections, one at a time):"
awk '{v[NR] = $1} END {printf "  median %.2f ms, p90 %.2f ms, max %.2f ms\n", v[int(NR / 2)], v[int(NR * 0.9)], v[NR]}' "$work/handshakes"
openssl s_time -connect "127.0.0.1:$port" -CAfile "$work/ca.pem" -new -time 5 2>/dev/null \
    | awk '/connections\/user sec/ {printf "  openssl s_time -new: %s handshakes, %s per second of the client'"'"'s CPU\n", $1, $5; exit}'
echo

# The breakdown: another 64-connection run, with perf sampling the server (its unwinding costs
# CPU on the same cores, so this run's rate is not reported).
if command -v perf >/dev/null; then
    perf record -F 299 --call-graph dwarf,16384 -p "$pid" -o "$work/perf.data" -- sleep "$seconds" >/dev/null 2>&1 &
    perf_pid=$!
    run_wrk 64 >/dev/null
    wait "$perf_pid" || true
fi
if [ -f "$work/perf.data" ]; then
    echo "Where the server's CPU goes under 64 connections (perf, inclusive % of samples):"
    perf report -i "$work/perf.data" --children --stdio --no-demangle --sort symbol 2>/dev/null \
        | grep -E '^ +[0-9.]+%' >"$work/report.txt" || true
    share() {  # label, extended regex over mangled symbols: the largest inclusive share
        local value
        value=$({ grep -E "$2" "$work/report.txt" || true; } | awk '{print $1}' | tr -d '%' | sort -rn | head -n 1)
        printf '  %-44s %s%%\n' "$1" "${value:-0}"
    }
    share "read the review (AdmissionReview.read)" 'AdmissionReview[A-Z0-9]*4read'
    share "decide (AdmitUseCase.decide, policies)" 'AdmitUseCase[A-Z0-9]*6decide'
    share "the context (AdmitUseCase.context)" 'AdmitUseCase[A-Z0-9]*7context'
    share "render the answer (JSONWriter.write)" 'JSONWriter[A-Z0-9]*5write'
    share "TLS (GnuTLS)" 'gnutls_record_(recv|send)|_gnutls_recv_int|gnutls_handshake'
    share "libmicrohttpd (its exported entry points)" 'MHD_'
    echo "The top symbols by their own samples (self %):"
    perf report -i "$work/perf.data" --no-children --stdio --sort dso,symbol 2>/dev/null \
        | grep -E '^ +[0-9.]+%' | head -n 12 | { if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi; } \
        | cut -c1-150
fi
