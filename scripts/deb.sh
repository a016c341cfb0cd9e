#!/usr/bin/env bash
# `make deb`: .build/deb/calpolicy_VERSION_amd64.deb from the staged install (scripts/stage.sh,
# PREFIX=/usr), with dpkg-deb. Adds the copyright file, changelog.gz, the lintian overrides,
# /etc/calpolicy/policy.lua (a conffile: the unit's default policy), md5sums; Depends comes
# from dpkg-shlibdeps over the binaries (a minimal debian/control in a scratch folder is all it
# needs). The debug files (usr/lib/debug) stay out of the package. Then lintian: no errors, and
# its warnings are printed (docs/deploy.md lists the ones kept and why).
#   scripts/deb.sh [--no-lintian]     prints the .deb's path last
# DEB_COMPRESSION: dpkg-deb's -Z (default xz; the check uses gzip, a minute faster).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture; do
    command -v "$tool" >/dev/null || { echo "deb: $tool not found (Debian: dpkg-dev; scripts/setup.sh test installs it)" >&2; exit 1; }
done
run_lintian=1
[ "${1:-}" = "--no-lintian" ] && run_lintian=0

staged=$(scripts/stage.sh)
version=$("$staged/usr/bin/calpolicy" --version | awk '{ print $2 }')
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
out=.build/deb
pkg=$out/calpolicy
rm -rf "$out"
mkdir -p "$pkg"
# A copy of the staged tree (hard links where the file system allows), without debug files.
cp -al "$staged/." "$pkg/" 2>/dev/null || cp -a "$staged/." "$pkg/"
rm -rf "$pkg/usr/lib/debug"
rmdir "$pkg/usr/lib" 2>/dev/null || true

doc=$pkg/usr/share/doc/calpolicy
rm -f "$doc/LICENSE"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: calpolicy"
    echo "Source: https://github.com/calpolicy/calpolicy"
    echo
    echo "Files: *"
    echo "Copyright: calpolicy contributors"
    echo "License: MIT"
    echo
    echo "Files: usr/bin/calpolicy usr/bin/calpolicy-serve"
    echo "Copyright: calpolicy contributors; 1994-2023 Lua.org, PUC-Rio (pattern matcher, table functions)"
    echo "License: MIT"
    echo "Comment: calpolicy is linked statically with the Swift runtime and Foundation (Apache-2.0"
    echo " with Runtime Library Exception) and ICU (Unicode-3.0); the CLI also with Lua 5.4 (MIT),"
    echo " libical (MPL-2.0 or LGPL-2.1) and glibc (LGPL-2.1+)."
    echo
    echo "Files: usr/share/calpolicy/holidays/*"
    echo "Copyright: Vacanza Team and individual contributors; 2017-2023 dr-prodigy; 2014-2017 ryanss"
    echo " (generated from python-holidays)"
    echo "License: MIT"
    echo "Comment: see usr/share/calpolicy/holidays/LICENSE"
    echo
    echo "License: MIT"
    sed -e 's/^$/./' -e 's/^/ /' LICENSE
} >"$doc/copyright"
chmod 0644 "$doc/copyright"
date_r=$(date -R -u -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")
printf 'calpolicy (%s) unstable; urgency=medium\n\n  * Release %s (built from %s).\n\n -- calpolicy maintainers <calpolicy@example.org>  %s\n' \
    "$version" "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo a source tree)" "$date_r" \
    | gzip -9n >"$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"

install -d "$pkg/usr/share/lintian/overrides"
cat >"$pkg/usr/share/lintian/overrides/calpolicy" <<'EOF'
# calpolicy is a fully static executable on purpose: no shared library to load makes it start
# about five times faster (README, "make release"); calpolicy-serve is the dynamic one.
calpolicy: statically-linked-binary [usr/bin/calpolicy]
# Static for the same reason: libarchive's gzip filter (zlib) and nettle's Ed25519 (GMP) for
# policy bundles, libyaml for declarative policies and libedit's terminal layer (ncurses' tinfo)
# for `calpolicy repl` are linked in like liblua5.4 and libical.
calpolicy: embedded-library gmp [usr/bin/calpolicy]
calpolicy: embedded-library libyaml [usr/bin/calpolicy]
calpolicy: embedded-library ncurses [usr/bin/calpolicy]
calpolicy: embedded-library zlib [usr/bin/calpolicy]
EOF
chmod 0644 "$pkg/usr/share/lintian/overrides/calpolicy"

install -d "$pkg/etc/calpolicy"
install -m 0644 policies/weekends.lua "$pkg/etc/calpolicy/policy.lua"

# Depends: dpkg-shlibdeps reads debian/control of a source tree; a scratch one is enough.
# tzdata too: zones are read from /usr/share/zoneinfo (ZoneDatabase).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/debian"
printf 'Source: calpolicy\n\nPackage: calpolicy\nArchitecture: any\n' >"$scratch/debian/control"
(cd "$scratch" && dpkg-shlibdeps -O -e"$OLDPWD/$pkg/usr/bin/calpolicy-serve" 2>"$scratch/warnings") >"$scratch/substvars" \
    || { cat "$scratch/warnings" >&2; exit 1; }
depends=$(sed -n 's/^shlibs:Depends=//p' "$scratch/substvars")
[ -n "$depends" ] || { echo "deb: dpkg-shlibdeps found no dependencies for calpolicy-serve" >&2; exit 1; }

install -d "$pkg/DEBIAN"
installed_size=$(du -sk --apparent-size "$pkg" | cut -f1)
cat >"$pkg/DEBIAN/control" <<EOF
Package: calpolicy
Version: $version
Architecture: $arch
Maintainer: calpolicy maintainers <calpolicy@example.org>
Installed-Size: $installed_size
Depends: $depends, tzdata
Section: utils
Priority: optional
Homepage: https://github.com/calpolicy/calpolicy
Description: calendar policy engine with Lua rules and an HTTP service
 calpolicy evaluates per-day calendar rules written in small Lua scripts (may
 this day be selected, deselected, how is it decorated) over sixteen calendar
 systems, shows them as a calendar, JSON, CSV, HTML or iCalendar, replays
 selections and checks policies before they ship. calpolicy-serve answers the
 same questions over HTTP; its systemd unit is calpolicy-serve.service.
EOF
echo /etc/calpolicy/policy.lua >"$pkg/DEBIAN/conffiles"
(cd "$pkg" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\0' | sort -z \
    | xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
chmod 0644 "$pkg/DEBIAN/"*
find "$pkg" -type d -exec chmod 0755 {} +

deb=$out/calpolicy_${version}_${arch}.deb
dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$pkg" "$deb" >&2
if [ "$run_lintian" -eq 1 ]; then
    command -v lintian >/dev/null || { echo "deb: lintian not found (Debian: lintian)" >&2; exit 1; }
    lintian --fail-on error --info "$deb" >&2 || { echo "deb: lintian reported errors" >&2; exit 1; }
fi
echo "$deb"
