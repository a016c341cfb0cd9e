#!/usr/bin/env bash
# `make image`: the container image calpolicy-serve:VERSION from deploy/Containerfile, built
# offline with buildah (vfs storage, chroot isolation, docker format for HEALTHCHECK) from the
# staged install (scripts/stage.sh). The context's rootfs holds the server, the dynamic loader
# and the libraries `ldd` lists for it (their real files, at the paths ldd names), the time zones,
# /etc/calpolicy/policy.lua and share/calpolicy (policies, holiday data). Also writes
# .build/image/calpolicy-serve_VERSION.tar (docker-archive) for `podman load`/`docker load`.
#   scripts/image.sh [--no-archive]    prints the image name last
set -euo pipefail
cd "$(dirname "$0")/.."

command -v buildah >/dev/null || { echo "image: buildah not found (Debian: buildah; scripts/setup.sh test installs it)" >&2; exit 1; }
command -v ldd >/dev/null || { echo "image: ldd not found (Debian: libc-bin)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "image: needs root (buildah with vfs storage and chroot isolation); run it as root" >&2; exit 1; }
archive=1
[ "${1:-}" = "--no-archive" ] && archive=0

staged=$(scripts/stage.sh)
version=$("$staged/usr/bin/calpolicy-serve" --version | awk '{ print $2 }')
context=.build/image/context
rootfs=$context/rootfs
rm -rf .build/image
mkdir -p "$rootfs/usr/bin" "$rootfs/usr/share" "$rootfs/etc/calpolicy" "$rootfs/tmp"
chmod 1777 "$rootfs/tmp"
install -m 0755 "$staged/usr/bin/calpolicy-serve" "$rootfs/usr/bin/"
# The shipped policies and the holiday data (holidays:CC references), found beside the binary.
cp -a "$staged/usr/share/calpolicy" "$rootfs/usr/share/"
install -m 0644 policies/weekends.lua "$rootfs/etc/calpolicy/policy.lua"
[ -d /usr/share/zoneinfo ] || { echo "image: /usr/share/zoneinfo not found (Debian: tzdata)" >&2; exit 1; }
cp -a /usr/share/zoneinfo "$rootfs/usr/share/"
# The CA certificates libcurl (GnuTLS) verifies https peers with: --bundle https://… and the
# GitHub API. Debian's bundle, at the path Debian's libcurl-gnutls is built to read.
cabundle=/etc/ssl/certs/ca-certificates.crt
[ -f "$cabundle" ] || { echo "image: $cabundle not found (Debian: ca-certificates)" >&2; exit 1; }
mkdir -p "$rootfs/etc/ssl/certs"
install -m 0644 "$cabundle" "$rootfs$cabundle"

# Exactly what ldd lists: "name => /path (addr)" and the loader "/lib64/ld-linux-x86-64.so.2 (addr)".
libs=$(ldd "$rootfs/usr/bin/calpolicy-serve" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }')
[ -n "$libs" ] || { echo "image: ldd lists no libraries for calpolicy-serve" >&2; exit 1; }
if ldd "$rootfs/usr/bin/calpolicy-serve" | grep -q "not found"; then
    echo "image: calpolicy-serve has libraries ldd cannot find" >&2; exit 1
fi
for lib in $libs; do
    mkdir -p "$rootfs$(dirname "$lib")"
    cp -L "$lib" "$rootfs$lib"
done
# Debian keeps libraries in /usr/lib with /lib64 → /usr/lib64 style links; the loader is named
# by its /lib64 path in the binary, so that path must exist as named (copied above).
echo "$libs" >.build/image/libraries.txt
cp deploy/Containerfile "$context/Containerfile"

image=calpolicy-serve:$version
buildah --storage-driver vfs rmi -f "$image" >/dev/null 2>&1 || true
buildah --storage-driver vfs bud --isolation chroot --format docker --layers=false \
    -f "$context/Containerfile" -t "$image" "$context" >&2
if [ "$archive" -eq 1 ]; then
    buildah --storage-driver vfs push "$image" "docker-archive:.build/image/calpolicy-serve_$version.tar:$image" >&2
fi
echo "$image"
