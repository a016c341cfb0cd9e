#!/usr/bin/env bash
# The package under a real init and the image under a real container runtime: what
# `systemd-analyze verify` on the build machine cannot see (a reload that needs a program the
# package does not depend on was found only by booting the unit).
#   - systemd: a minimal Debian (debootstrap --variant=minbase, the package's Depends, systemd and
#     curl; no procps) booted with systemd-nspawn --boot as PID 1, in a private network. Inside,
#     a one-shot unit installs the .deb with dpkg and checks: start (Type=notify returns only on
#     READY=1), routes, the service's user is not root, `systemctl reload` (the server logs its
#     SIGHUP reload; same main PID), a hang (SIGSTOP) restarted by the watchdog, stop (Result
#     success). The root file system is cached in .build/real-init, keyed by suite, mirror and
#     package list; each run boots a fresh copy of it.
#   - podman: the image of scripts/image.sh (vfs storage, runc, nofile and nproc ulimits within the host's,
#     no network) runs as 65532, answers its routes through its own probe, passes its
#     HEALTHCHECK, reloads on SIGHUP and stops with status 0 on SIGTERM.
# Needs root and the network to the Debian mirror the first time (scripts/setup.sh test installs
# debootstrap, systemd-container, podman and runc); without them the check FAILS, saying so.
# Prints its seconds and "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no
began=$SECONDS

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "real-init: FAILED: $*"; }
finish() { echo "real-init: $((SECONDS - began)) s"; echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

[ "$(id -u)" -eq 0 ] || { bad "needs root (debootstrap, systemd-nspawn, podman); run it as root"; finish; }
for tool in debootstrap systemd-nspawn podman runc dpkg-deb; do
    command -v "$tool" >/dev/null || { bad "$tool not found (scripts/setup.sh test installs debootstrap, systemd-container, podman, runc)"; finish; }
done

work=$(mktemp -d)
cleanup() {
    [ -n "${container:-}" ] && podman --storage-driver vfs rm -f -t 0 "$container" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT

# ---- the package under systemd -------------------------------------------------------------
if ! DEB_COMPRESSION=gzip scripts/deb.sh --no-lintian >"$work/path" 2>"$work/log"; then bad "scripts/deb.sh: $(tail -n 5 "$work/log")"; finish; fi
deb=$(tail -n 1 "$work/path")
[ -f "$deb" ] || { bad "no package at '$deb'"; finish; }

suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# The package's Depends as package names (versions and alternatives dropped: the first of each).
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/[[:space:]]//g' | grep -v '^$' | sort -u | paste -sd, -)
include="systemd,systemd-sysv,dbus,curl,$depends"
key=$(printf '%s\n' "$suite" "$mirror" "$include" | sha256sum | cut -c1-16)
cache=.build/real-init/rootfs-$key
if [ ! -f "$cache/.complete" ]; then
    rm -rf "$cache" "$cache.new"
    mkdir -p .build/real-init
    t=$SECONDS
    if ! debootstrap --variant=minbase --include="$include" "$suite" "$cache.new" "$mirror" >"$work/debootstrap.log" 2>&1; then
        bad "debootstrap $suite from $mirror: $(tail -n 3 "$work/debootstrap.log")"; rm -rf "$cache.new"; finish
    fi
    # Older caches are dropped: one root file system is enough.
    find .build/real-init -mindepth 1 -maxdepth 1 -name 'rootfs-*' ! -name "rootfs-$key.new" -exec rm -rf {} +
    mv "$cache.new" "$cache" && touch "$cache/.complete"
    echo "real-init: debootstrap $suite ($include) in $((SECONDS - t)) s"
fi

root=$work/root
cp -a "$cache" "$root" || { bad "copying the cached root file system"; finish; }
cp "$deb" "$root/root/calpolicy.deb"
mkdir -p "$work/out"
cat >"$root/usr/local/sbin/calpolicy-init-check" <<'SH'
#!/bin/sh
# Runs once at boot (calpolicy-init-check.service); one line per check in /out/results.
out=/out/results
unit=calpolicy-serve
check() {  # check NAME COMMAND...: "ok NAME" or "FAIL NAME: the command's last lines"
    name=$1; shift
    if "$@" >/out/last 2>&1; then echo "ok $name" >>"$out"; else echo "FAIL $name: $(tail -n 4 /out/last | tr '\n' ' ')" >>"$out"; fi
}
prop() { systemctl show -p "$1" --value "$unit"; }
wait_for() {  # wait_for SECONDS COMMAND...: until the command succeeds
    limit=$1; shift; i=0
    while [ "$i" -lt "$((limit * 4))" ]; do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; i=$((i + 1)); done
    "$@"
}
answers() { curl -fsS --max-time 5 "http://127.0.0.1:8080$1" | grep -q "$2"; }
not_root() {
    pid=$(prop MainPID); uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
    echo "main pid $pid uid $uid"; [ -n "$uid" ] && [ "$uid" != 0 ]
}
no_procps() { [ ! -e /bin/kill ] && [ ! -e /usr/bin/kill ]; }
reloaded() { journalctl -u "$unit" --no-pager -o cat | grep -q 'SIGHUP'; }
reload() {
    before=$(prop MainPID)
    systemctl reload "$unit" || return 1
    wait_for 10 reloaded || { echo "no SIGHUP reload in the journal"; return 1; }
    [ "$(prop MainPID)" = "$before" ] || { echo "the main PID changed on reload"; return 1; }
}
restarted_after() { [ "$(prop MainPID)" != "$1" ] && [ "$(prop MainPID)" != 0 ] && [ "$(prop ActiveState)" = active ]; }
watchdog() {
    pid=$(prop MainPID)
    kill -STOP "$pid"
    # WatchdogSec=10s, RestartSec=2s: a new main process well within 40 s.
    wait_for 40 restarted_after "$pid" || { echo "still $(prop MainPID) $(prop ActiveState) after 40 s"; return 1; }
    [ "$(prop NRestarts)" -ge 1 ] || { echo "NRestarts $(prop NRestarts)"; return 1; }
    journalctl -u "$unit" --no-pager -o cat | grep -qi 'watchdog' || { echo "the journal names no watchdog timeout"; return 1; }
    wait_for 20 answers /ready ''
}
stopped() {
    systemctl stop "$unit" || return 1
    [ "$(prop ActiveState)" = inactive ] && [ "$(prop Result)" = success ] || { echo "$(prop ActiveState) $(prop Result)"; return 1; }
}
check no-procps no_procps
check install dpkg -i /root/calpolicy.deb
check start timeout 60 systemctl start "$unit"
check active test "$(prop ActiveState)/$(prop SubState)" = active/running
check health answers /health ''
check ready answers /ready ''
check month answers '/v1/month?month=2026-12' '"days"'
check non-root not_root
check reload reload
check watchdog-restart watchdog
check stop stopped
echo done >>"$out"
systemctl --no-block poweroff
SH
chmod 755 "$root/usr/local/sbin/calpolicy-init-check"
cat >"$root/etc/systemd/system/calpolicy-init-check.service" <<'UNIT'
[Unit]
Description=calpolicy under a real init
After=basic.target
[Service]
Type=oneshot
ExecStart=/usr/local/sbin/calpolicy-init-check
[Install]
WantedBy=multi-user.target
UNIT
ln -sf /etc/systemd/system/calpolicy-init-check.service "$root/etc/systemd/system/multi-user.target.wants/"

t=$SECONDS
timeout 240 systemd-nspawn -q -D "$root" --boot --register=no --keep-unit --private-network \
    --bind="$work/out:/out" >"$work/boot.log" 2>&1
status=$?
echo "real-init: systemd-nspawn --boot: $((SECONDS - t)) s (status $status)"
if [ ! -f "$work/out/results" ]; then
    bad "the booted system wrote no results: $(grep -v '^\s*$' "$work/boot.log" | tail -n 5)"
else
    while read -r word name rest; do
        case "$word" in
            ok) ok ;;
            FAIL) bad "systemd: ${name%:}: $rest" ;;
        esac
    done <"$work/out/results"
    grep -qx done "$work/out/results" && ok || bad "systemd: the check did not finish: $(tail -n 2 "$work/out/results")"
    for name in no-procps install start active health ready month non-root reload watchdog-restart stop; do
        grep -q "^ok $name\$" "$work/out/results" || grep -q "^FAIL $name:" "$work/out/results" || bad "systemd: check '$name' did not run"
    done
fi
rm -rf "$root"

# ---- the image under podman ----------------------------------------------------------------
p() { podman --storage-driver vfs "$@"; }
image=$(scripts/image.sh --no-archive 2>"$work/image.log" | tail -n 1)
[ -n "$image" ] || { bad "scripts/image.sh: $(tail -n 5 "$work/image.log")"; finish; }
# Limits within the host's: runc cannot raise a limit past the hard one it inherits, and podman's
# defaults (nofile, nproc) can be above it in a container or a CI runner.
limit() { local soft=$1; [ "$soft" = unlimited ] && soft=4096; echo $(( soft < 4096 ? soft : 4096 )); }
nofile=$(limit "$(ulimit -Hn)")
nproc=$(limit "$(ulimit -Hu)")
t=$SECONDS
container=$(p run -d --runtime runc --network none --ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc" "$image" 2>"$work/run.log")
if [ -z "$container" ]; then bad "podman run: $(tail -n 3 "$work/run.log")"; finish; fi
probe() { p exec "$container" /usr/bin/calpolicy-serve --probe "http://127.0.0.1:8080$1" >/dev/null 2>&1; }
ready=1
for _ in $(seq 80); do probe /ready && { ready=0; break; }; sleep 0.25; done
[ "$ready" -eq 0 ] && ok || bad "podman: /ready did not answer in 20 s: $(p logs "$container" 2>&1 | tail -n 3)"
probe /health && ok || bad "podman: /health"
probe '/v1/month?month=2026-12' && ok || bad "podman: /v1/month"
p healthcheck run "$container" >"$work/health.log" 2>&1 && ok || bad "podman: healthcheck run: $(tail -n 2 "$work/health.log")"
pid=$(p inspect -f '{{.State.Pid}}' "$container")
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
[ "$uid" = 65532 ] && ok || bad "podman: the server runs as uid '$uid', not 65532"
p kill --signal HUP "$container" >/dev/null
reloaded=1
for _ in $(seq 40); do p logs "$container" 2>&1 | grep -q SIGHUP && { reloaded=0; break; }; sleep 0.25; done
[ "$reloaded" -eq 0 ] && ok || bad "podman: no SIGHUP reload in the logs"
probe /ready && ok || bad "podman: /ready after the reload"
p stop -t 15 "$container" >/dev/null 2>&1
code=$(p inspect -f '{{.State.ExitCode}}' "$container")
[ "$code" = 0 ] && ok || bad "podman: exit status $code after SIGTERM"
echo "real-init: podman: $((SECONDS - t)) s"
finish
