#!/usr/bin/env bash
# Installs what calpolicy needs on a Debian machine that has only the Swift toolchain.
# Idempotent: installs only what is missing, and calls sudo (when not root) only then, so a
# machine that has everything needs neither root nor sudo. `setup.sh` for building and running;
# `setup.sh test` also brings the shipping checks' tools (man-db, binutils, zsh, fish, dpkg-dev,
# lintian, systemd, buildah; debootstrap, systemd-container, podman, runc; kubernetes-validate from PyPI), the test oracles (ncal, valgrind, pinned Python packages), curl for the
# serve check, and the browser check's tools: Debian's chromium, fonts covering Hebrew and Arabic, and
# Playwright (which drives that chromium by its path; it never downloads a browser of its own);
# `setup.sh bench` the load generator and the reference web server of benchmarks/serve.sh (wrk, nginx).
# libmicrohttpd (headers and runtime library) is always installed: `calpolicy-serve` links it.
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
want_bench=0
[ "${1:-}" = "test" ] && want_test=1
[ "${1:-}" = "bench" ] && want_bench=1

# libical-dev: cal.ics parses .ics files with libical (it brings ICU's static libraries for the
# static release link); tzdata: libical reads the zones of TZIDs without a VTIMEZONE from it.
# libarchive-dev and nettle-dev: policy bundles (tar + gzip through libarchive, Ed25519 and SHA-256
# through nettle's hogweed); libgmp-dev and zlib1g-dev for their static link into the CLI.
# libcurl4-gnutls-dev: the server's HTTP client (bundle pulls), libcurl over GnuTLS like the rest.
# libyaml-dev: declarative policies (freeze.yaml), read with libyaml's event parser.
# libedit-dev: `calpolicy repl`'s line editing and history (it brings libbsd-dev and, through
# libncurses-dev, libtinfo.a, the static archives the release link needs).
packages=(liblua5.4-dev libmicrohttpd-dev libgnutls28-dev libical-dev libarchive-dev nettle-dev libgmp-dev zlib1g-dev libcurl4-gnutls-dev libyaml-dev libedit-dev tzdata pkgconf make)
[ "$want_test" -eq 1 ] && packages+=(lua5.4 ncal valgrind python3 python3-venv time curl openssl chromium fonts-noto-core)
# The fleet check (scripts/checks/fleet.sh): nginx serves the bundles the replicas pull.
[ "$want_test" -eq 1 ] && packages+=(nginx)
# The shipping checks (install, completion, deb, systemd, image, kubernetes): man pages, strip
# and objcopy, the shells whose completions ship, dpkg-deb/dpkg-shlibdeps and lintian,
# systemd-analyze, buildah for the image, ca-certificates for the image's CA bundle.
[ "$want_test" -eq 1 ] && packages+=(man-db binutils zsh fish dpkg-dev lintian systemd buildah ca-certificates)
# The real-init check: a minimal Debian booted under systemd-nspawn, the image under podman (runc).
[ "$want_test" -eq 1 ] && packages+=(debootstrap systemd-container podman runc)
# The lint check (scripts/checks/lint.sh): luacheck, which `calpolicy lint` runs.
[ "$want_test" -eq 1 ] && packages+=(lua-check)
# The Argo CD oracle (scripts/oracles/argocd_windows.go): Go and the cron and glob libraries Argo CD uses.
[ "$want_test" -eq 1 ] && packages+=(golang-go golang-github-robfig-cron-dev golang-github-gobwas-glob-dev)
[ "$want_bench" -eq 1 ] && packages+=(wrk nginx curl)

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
else
    # Not Debian: no apt to ask. Check what the build needs and say what is missing.
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists lua5.4 ||
        { echo "setup: Lua 5.4 headers and library (pkg-config 'lua5.4') not found; install them with your package manager" >&2; exit 1; }
    pkg-config --exists libmicrohttpd ||
        { echo "setup: libmicrohttpd headers and library (pkg-config 'libmicrohttpd') not found; install them with your package manager" >&2; exit 1; }
    pkg-config --exists libical ||
        { echo "setup: libical headers and library (pkg-config 'libical') not found; install them with your package manager" >&2; exit 1; }
    pkg-config --exists libarchive ||
        { echo "setup: libarchive headers and library (pkg-config 'libarchive') not found; install them with your package manager" >&2; exit 1; }
    pkg-config --exists hogweed ||
        { echo "setup: nettle headers and libraries (pkg-config 'hogweed') not found; install them with your package manager" >&2; exit 1; }
    pkg-config --exists libcurl ||
        { echo "setup: libcurl headers and library (pkg-config 'libcurl', GnuTLS flavour) not found; install them with your package manager" >&2; exit 1; }
    if [ "$want_test" -eq 1 ]; then
        for tool in lua5.4 luacheck ncal valgrind python3 curl chromium; do
            command -v "$tool" >/dev/null 2>&1 || echo "setup: '$tool' is missing; the checks that need it will fail" >&2
        done
    fi
fi
# python3 may come from elsewhere (pyenv); only ask apt when no working one is found.
if command -v python3 >/dev/null 2>&1 && python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    filtered=()
    for p in "${missing[@]}"; do
        case "$p" in python3|python3-venv) ;; *) filtered+=("$p") ;; esac
    done
    missing=("${filtered[@]+"${filtered[@]}"}")
fi
if [ "${#missing[@]}" -gt 0 ]; then
    # sudo only when something is missing and we are not root.
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "setup: missing ${missing[*]}; install them as root: apt-get install ${missing[*]}" >&2
            exit 1
        fi
        sudo_cmd=(sudo)
    fi
    echo "setup: installing ${missing[*]}" >&2
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "$want_test" -eq 1 ]; then
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
    fi
    if ! .venv/bin/python -c 'import sys; sys.exit(0)' 2>/dev/null || \
       ! cmp -s scripts/requirements-test.txt .venv/.requirements 2>/dev/null; then
        .venv/bin/python -m pip install -q --disable-pip-version-check -r scripts/requirements-test.txt
        cp scripts/requirements-test.txt .venv/.requirements
    fi
fi
