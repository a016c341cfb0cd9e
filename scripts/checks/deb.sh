#!/usr/bin/env bash
# `make deb` (scripts/deb.sh) from the staged install: the package builds, lintian finds no
# error (its one override — the static CLI — is used, not stale), Depends comes from
# dpkg-shlibdeps and names the server's libraries, the package holds the binaries, man pages,
# completions, unit, copyright, changelog.gz, the conffile, and no debug files; its unpacked
# CLI runs. Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=enable=no

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "deb: FAILED: $*"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

for tool in dpkg-deb dpkg-shlibdeps lintian; do
    command -v "$tool" >/dev/null || { bad "$tool not found (scripts/setup.sh test installs dpkg-dev and lintian)"; finish; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! DEB_COMPRESSION=gzip scripts/deb.sh --no-lintian >"$work/path" 2>"$work/log"; then bad "scripts/deb.sh: $(tail -n 5 "$work/log")"; finish; fi
deb=$(tail -n 1 "$work/path")
[ -f "$deb" ] && ok || { bad "no package at '$deb'"; finish; }
echo "deb: $deb ($(du -h "$deb" | cut -f1))"

lintian --info --display-info "$deb" >"$work/lintian" 2>&1
errors=$(grep -c '^E:' "$work/lintian")
warnings=$(grep -c '^W:' "$work/lintian")
[ "$errors" -eq 0 ] && ok || bad "lintian errors: $(grep '^E:' "$work/lintian" | head -n 5)"
grep -q 'unused-override' "$work/lintian" && bad "a lintian override is unused" || ok
grep -q 'statically-linked-binary' "$work/lintian" && bad "the static CLI's override did not apply" || ok
echo "deb: lintian: $errors errors, $warnings warnings"
grep '^W:' "$work/lintian" | sed 's/^/deb:   /'

depends=$(dpkg-deb -f "$deb" Depends)
# Every library calpolicy-serve links dynamically that is not in every Debian system: the HTTP
# server, Lua, libical, libyaml (declarative policies), libcurl's GnuTLS flavour (bundle pulls,
# GitHub callbacks), nettle (signatures) and libarchive (bundles).
for lib in libmicrohttpd12 liblua5.4-0 libical3 libyaml-0-2 libcurl3-gnutls libnettle8 libarchive13 libc6; do
    grep -q "$lib" <<<"$depends" && ok || bad "Depends lacks $lib: $depends"
done
contents=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
for path in ./usr/bin/calpolicy ./usr/bin/calpolicy-serve ./lib/systemd/system/calpolicy-serve.service \
    ./usr/share/doc/calpolicy/copyright ./usr/share/doc/calpolicy/changelog.gz ./usr/share/man/man1/calpolicy-eval.1.gz \
    ./usr/share/bash-completion/completions/calpolicy ./usr/share/lintian/overrides/calpolicy \
    ./usr/share/calpolicy/policies/weekends.lua ./etc/calpolicy/policy.lua; do
    grep -qx -- "$path" <<<"$contents" && ok || bad "the package has no $path"
done
grep -q '/usr/lib/debug' <<<"$contents" && bad "the package ships debug files" || ok
[ "$(dpkg-deb -I "$deb" conffiles 2>/dev/null)" = /etc/calpolicy/policy.lua ] && ok || bad "conffiles is not /etc/calpolicy/policy.lua"
dpkg-deb -x "$deb" "$work/root"
out=$("$work/root/usr/bin/calpolicy" eval "$work/root/etc/calpolicy/policy.lua" --month 2026-12 --today 2026-12-01 2>&1)
grep -q "weekend" <<<"$out" && ok || bad "the unpacked CLI: $out"
finish
