#!/usr/bin/env bash
# `make image` (scripts/image.sh, buildah, offline, FROM scratch) and the image it builds:
#   - its config: numeric non-root USER, the server as ENTRYPOINT, a HEALTHCHECK that runs
#     `calpolicy-serve --probe`;
#   - its files are enough: a container of the image is mounted (buildah mount) and the server
#     run from it under unshare (own /proc) and chroot as user 65532 with an empty environment but the image's, so
#     nothing of the host is used: it must answer /v1/month for the image's policy and for a
#     holidays:US stack (the holiday data in the image), and the health check command
#     must pass against it; the image holds the time zones and no shell.
# Needs root (buildah with vfs storage, chroot); without it the check FAILS, saying so.
# Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "image: FAILED: $*"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

command -v unshare >/dev/null || { bad "unshare not found (Debian: util-linux)"; finish; }
command -v buildah >/dev/null || { bad "buildah not found (scripts/setup.sh test installs it)"; finish; }
[ "$(id -u)" -eq 0 ] || { bad "needs root (buildah vfs storage and chroot); run it as root"; finish; }
b() { buildah --storage-driver vfs "$@"; }

image=$(scripts/image.sh --no-archive 2>"${TMPDIR:-/tmp}/image-$$.log" | tail -n 1)
if [ -z "$image" ]; then bad "scripts/image.sh: $(tail -n 5 "${TMPDIR:-/tmp}/image-$$.log")"; rm -f "${TMPDIR:-/tmp}/image-$$.log"; finish; fi
rm -f "${TMPDIR:-/tmp}/image-$$.log"
ok

config=$(b inspect --type image --format '{{.Docker.Config.User}}|{{.Docker.Config.Entrypoint}}|{{.Docker.Config.Healthcheck.Test}}|{{.Docker.Config.Env}}' "$image")
IFS='|' read -r user entrypoint health env <<<"$config"
[ "$user" = "65532:65532" ] && ok || bad "USER is '$user', not 65532:65532"
[ "$entrypoint" = "[/usr/bin/calpolicy-serve]" ] && ok || bad "ENTRYPOINT is '$entrypoint'"
grep -q -- "--probe http://127.0.0.1:8081/ready" <<<"$health" && ok || bad "HEALTHCHECK is '$health'"

container=$(b from --pull-never "$image")
mount=$(b mount "$container")
work=$(mktemp -d)
# The server is stopped itself: unshare blocks SIGTERM while it waits for its child, and
# --kill-child does not survive chroot's --userspec (a change of user clears the parent-death
# signal), so killing unshare left the server running after the check.
stop_server() {
    [ -n "${pid:-}" ] || return 0
    local status children=()
    for status in /proc/[0-9]*/status; do
        grep -q "^PPid:[[:space:]]*$pid\$" "$status" 2>/dev/null && { status=${status#/proc/}; children+=("${status%/status}"); }
    done
    [ "${#children[@]}" -gt 0 ] && kill -TERM "${children[@]}" 2>/dev/null
    local stopped=1
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || { stopped=0; break; }; sleep 0.05; done
    [ "${#children[@]}" -gt 0 ] && kill -KILL "${children[@]}" 2>/dev/null
    wait "$pid" 2>/dev/null
    pid=
    return $stopped
}
cleanup() {
    stop_server
    b umount "$container" >/dev/null 2>&1
    b rm "$container" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT
[ ! -e "$mount/bin/sh" ] && [ ! -e "$mount/usr/bin/sh" ] && ok || bad "the image has a shell"

# The image's environment only (ENV lines), as the runtime would set it.
image_env=$(tr -d '[]' <<<"$env")
# shellcheck disable=SC2086  # the variables are words
# A runtime gives a container its own /proc (Swift reads the arguments from /proc/self/cmdline):
# a mount and pid namespace with a fresh /proc, then chroot.
mkdir -p "$mount/proc"
# Called in a subshell, which becomes unshare (exec): the server's background job is then
# unshare itself, so cleanup's kill reaches it and --kill-child takes the server down too (a
# plain background call was a subshell waiting on unshare: killing it left the server running).
in_image() {
    # shellcheck disable=SC2086  # the variables are words
    exec unshare --mount --pid --fork --kill-child=SIGTERM --mount-proc="$mount/proc" \
        env -i $image_env "$(command -v chroot)" --userspec=65532:65532 "$mount" "$@"
}
(in_image /usr/bin/calpolicy-serve /etc/calpolicy/policy.lua \
    --stack us=holidays:US --listen 127.0.0.1:0 --today 2026-12-01) >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 200); do grep -q listening "$work/out" && break; sleep 0.05; done
base=$(sed -n 's/^listening on //p' "$work/out")
[ -n "$base" ] || { bad "the server did not start from the image: $(head -n 5 "$work/err")"; finish; }
month=$(curl -s -w '\n%{http_code}' "$base/v1/month?month=2026-12")
[ "$(tail -n 1 <<<"$month")" = 200 ] && grep -q '"weekend"' <<<"$month" && ok || bad "/v1/month from the image: $(tail -n 2 <<<"$month" | cut -c1-200)"
month=$(curl -s "$base/v1/month?month=2026-12&stack=us")
grep -q "Christmas Day" <<<"$month" && ok || bad "/v1/month?stack=us (the holiday data in the image): $(cut -c1-200 <<<"$month")"
# The time zones the image carries (libical and --time-zone read them).
[ -f "$mount/usr/share/zoneinfo/Europe/Berlin" ] && ok || bad "the image has no /usr/share/zoneinfo"
# The CA bundle https pulls and the GitHub API verify with.
[ -s "$mount/etc/ssl/certs/ca-certificates.crt" ] && ok || bad "the image has no CA bundle (/etc/ssl/certs/ca-certificates.crt)"
# The HEALTHCHECK's command, in the image, against this server.
(in_image /usr/bin/calpolicy-serve --probe "$base/ready") && ok \
    || bad "the health check command failed against the running server"
# As a runtime stops a container: SIGTERM to the server (its namespace's first process).
stop_server && ok || bad "the server in the image did not stop within 5 s of SIGTERM"
finish
